//! File commands over a session: TREE_CONNECT, CREATE, READ, WRITE, FLUSH, CLOSE,
//! SET_INFO end of file; each as a send (pipelined) and a finish, and both together.

use super::{Client, Error, FileId, Result};
use smb_wire::header::HEADER_LEN;
use smb_wire::{Command, Le, PutLe};

/// What a CREATE answered.
#[derive(Clone, Debug)]
pub struct Created {
    pub file_id: FileId,
    pub end_of_file: u64,
    /// The response's create contexts: (name, data).
    pub contexts: Vec<(Vec<u8>, Vec<u8>)>,
}

impl Client {
    pub fn tree_connect(&mut self, unc: &str) -> Result<u32> {
        let path: Vec<u8> = unc.encode_utf16().flat_map(|u| u.to_le_bytes()).collect();
        let mut m = Vec::new();
        self.header(Command::TREE_CONNECT, 0, 1).encode(&mut m);
        m.put_u16(9);
        m.put_u16(0);
        m.put_u16(72);
        m.put_u16(path.len() as u16);
        m.extend_from_slice(&path);
        let id = self.send_raw(&m)?;
        let r = self.expect(id, Command::TREE_CONNECT)?;
        Ok(r.hdr.tree_id)
    }

    /// CREATE with the given access, disposition and options; returns the FileId and the
    /// end of file.
    pub fn create(
        &mut self,
        tree: u32,
        name: &str,
        access: u32,
        disposition: u32,
        options: u32,
    ) -> Result<(FileId, u64)> {
        self.create_with(tree, name, access, 7, disposition, options, &[])
            .map(|c| (c.file_id, c.end_of_file))
    }

    /// CREATE with every field and create contexts (name, data); returns the response's
    /// contexts too.
    #[allow(clippy::too_many_arguments)]
    pub fn create_with(
        &mut self,
        tree: u32,
        name: &str,
        access: u32,
        share: u32,
        disposition: u32,
        options: u32,
        contexts: &[(&[u8], Vec<u8>)],
    ) -> Result<Created> {
        let ctxs = smb_wire::msg::encode_create_contexts(contexts);
        let n: Vec<u8> = name.encode_utf16().flat_map(|u| u.to_le_bytes()).collect();
        let mut m = Vec::new();
        self.header(Command::CREATE, tree, 1).encode(&mut m);
        m.put_u16(57);
        m.put_u8(0);
        m.put_u8(0);
        m.put_u32(2);
        m.put_u64(0);
        m.put_u64(0);
        m.put_u32(access);
        m.put_u32(0x80);
        m.put_u32(share);
        m.put_u32(disposition);
        m.put_u32(options);
        m.put_u16(120);
        m.put_u16(n.len() as u16);
        let ctx_at = m.len();
        m.put_u32(0);
        m.put_u32(ctxs.len() as u32);
        m.extend_from_slice(&n);
        if n.is_empty() {
            m.put_u8(0);
        }
        if !ctxs.is_empty() {
            while m.len() % 8 != 0 {
                m.put_u8(0);
            }
            let off = m.len() as u32;
            m[ctx_at..ctx_at + 4].copy_from_slice(&off.to_le_bytes());
            m.extend_from_slice(&ctxs);
        }
        let id = self.send_raw(&m)?;
        let r = self.expect(id, Command::CREATE)?;
        let b = Le(&r.msg);
        let e = |_| Error::Protocol("short create response");
        let file_id = FileId {
            persistent: b.u64(HEADER_LEN + 64).map_err(e)?,
            volatile: b.u64(HEADER_LEN + 72).map_err(e)?,
        };
        let off = b.u32(HEADER_LEN + 80).map_err(e)? as usize;
        let len = b.u32(HEADER_LEN + 84).map_err(e)? as usize;
        let contexts = if len == 0 {
            Vec::new()
        } else {
            let raw = r
                .msg
                .get(off..off + len)
                .ok_or(Error::Protocol("create contexts outside the response"))?;
            smb_wire::msg::parse_create_contexts(raw)
                .map_err(|_| Error::Protocol("malformed create contexts"))?
                .into_iter()
                .map(|c| (c.name.to_vec(), c.data.to_vec()))
                .collect()
        };
        Ok(Created {
            file_id,
            end_of_file: b.u64(HEADER_LEN + 48).map_err(e)?,
            contexts,
        })
    }

    pub(super) fn charge(len: usize) -> u16 {
        (len.saturating_sub(1) / 65536 + 1) as u16
    }

    /// Sends a READ without waiting; returns its message id.
    pub fn send_read(&mut self, tree: u32, f: FileId, offset: u64, len: u32) -> Result<u64> {
        let mut m = Vec::with_capacity(120);
        self.header(Command::READ, tree, Self::charge(len as usize))
            .encode(&mut m);
        m.put_u16(49);
        m.put_u8(0x50);
        m.put_u8(0);
        m.put_u32(len);
        m.put_u64(offset);
        f.put(&mut m);
        m.put_u32(0);
        m.put_u32(0);
        m.put_u32(0);
        m.put_u16(0);
        m.put_u16(0);
        m.put_u8(0);
        self.send_raw(&m)
    }

    /// Completes a READ sent with `send_read`: the data.
    pub fn finish_read(&mut self, id: u64) -> Result<Vec<u8>> {
        let r = self.expect(id, Command::READ)?;
        let b = Le(&r.msg);
        let e = |_| Error::Protocol("short read response");
        let off = b.u8(HEADER_LEN + 2).map_err(e)? as usize;
        let len = b.u32(HEADER_LEN + 4).map_err(e)? as usize;
        Ok(b.region(off, len).map_err(e)?.to_vec())
    }

    /// The first `len` bytes of the file, read a MiB (or max_read) at a time; shorter
    /// only where the file ends.
    pub fn read_all(&mut self, tree: u32, f: FileId, len: usize) -> Result<Vec<u8>> {
        let mut out = Vec::with_capacity(len);
        while out.len() < len {
            let n = (len - out.len()).min(self.max_read.min(1 << 20) as usize) as u32;
            let got = self.read(tree, f, out.len() as u64, n)?;
            if got.is_empty() {
                break;
            }
            out.extend_from_slice(&got);
        }
        Ok(out)
    }

    pub fn read(&mut self, tree: u32, f: FileId, offset: u64, len: u32) -> Result<Vec<u8>> {
        let id = self.send_read(tree, f, offset, len)?;
        self.finish_read(id)
    }

    pub fn send_write(&mut self, tree: u32, f: FileId, offset: u64, data: &[u8]) -> Result<u64> {
        self.send_write_flags(tree, f, offset, data, 0)
    }

    /// WRITE with SMB2_WRITEFLAG_WRITE_THROUGH: answered once the data is stable.
    pub fn write_through(&mut self, tree: u32, f: FileId, offset: u64, data: &[u8]) -> Result<u32> {
        let id = self.send_write_flags(tree, f, offset, data, 1)?;
        self.finish_write(id)
    }

    pub(super) fn send_write_flags(
        &mut self,
        tree: u32,
        f: FileId,
        offset: u64,
        data: &[u8],
        flags: u32,
    ) -> Result<u64> {
        let mut m = Vec::with_capacity(120 + data.len());
        self.header(Command::WRITE, tree, Self::charge(data.len()))
            .encode(&mut m);
        m.put_u16(49);
        m.put_u16(112);
        m.put_u32(data.len() as u32);
        m.put_u64(offset);
        f.put(&mut m);
        m.put_u32(0);
        m.put_u32(0);
        m.put_u16(0);
        m.put_u16(0);
        m.put_u32(flags);
        m.extend_from_slice(data);
        self.send_owned(m)
    }

    pub fn finish_write(&mut self, id: u64) -> Result<u32> {
        let r = self.expect(id, Command::WRITE)?;
        Le(&r.msg)
            .u32(HEADER_LEN + 4)
            .map_err(|_| Error::Protocol("short write response"))
    }

    pub fn write(&mut self, tree: u32, f: FileId, offset: u64, data: &[u8]) -> Result<u32> {
        let id = self.send_write(tree, f, offset, data)?;
        self.finish_write(id)
    }

    pub fn flush(&mut self, tree: u32, f: FileId) -> Result<()> {
        let mut m = Vec::new();
        self.header(Command::FLUSH, tree, 1).encode(&mut m);
        m.put_u16(24);
        m.put_u16(0);
        m.put_u32(0);
        f.put(&mut m);
        let id = self.send_raw(&m)?;
        self.expect(id, Command::FLUSH).map(|_| ())
    }

    pub fn close(&mut self, tree: u32, f: FileId) -> Result<()> {
        let mut m = Vec::new();
        self.header(Command::CLOSE, tree, 1).encode(&mut m);
        m.put_u16(24);
        m.put_u16(0);
        m.put_u32(0);
        f.put(&mut m);
        let id = self.send_raw(&m)?;
        self.expect(id, Command::CLOSE).map(|_| ())
    }

    /// An FSCTL on an open (IOCTL with SMB2_0_IOCTL_IS_FSCTL): the whole answer, whatever
    /// its status ([`Response::ioctl_output`] has the output).
    pub fn fsctl(
        &mut self,
        tree: u32,
        f: FileId,
        ctl_code: u32,
        input: &[u8],
        max_out: u32,
    ) -> Result<crate::Response> {
        let id = self.send_fsctl(tree, f, ctl_code, input, max_out)?;
        self.wait(id)
    }

    /// Sends an FSCTL without waiting; its message id (for [`Client::wait`]).
    pub fn send_fsctl(
        &mut self,
        tree: u32,
        f: FileId,
        ctl_code: u32,
        input: &[u8],
        max_out: u32,
    ) -> Result<u64> {
        let mut b = Vec::with_capacity(56 + input.len());
        b.put_u16(57);
        b.put_u16(0);
        b.put_u32(ctl_code);
        f.put(&mut b);
        b.put_u32(if input.is_empty() { 0 } else { 64 + 56 });
        b.put_u32(input.len() as u32);
        b.put_u32(0); // MaxInputResponse
        b.put_u32(0); // OutputOffset
        b.put_u32(0); // OutputCount
        b.put_u32(max_out);
        b.put_u32(1); // SMB2_0_IOCTL_IS_FSCTL
        b.put_u32(0);
        b.extend_from_slice(input);
        // Charged for the larger of what goes and what may come back.
        let charge = Self::charge(input.len().max(max_out as usize));
        let mut m = Vec::with_capacity(HEADER_LEN + b.len());
        self.header(Command::IOCTL, tree, charge).encode(&mut m);
        m.extend_from_slice(&b);
        self.send_raw(&m)
    }

    /// Sets the file's end (SET_INFO FileEndOfFileInformation): truncates or extends it.
    pub fn set_end_of_file(&mut self, tree: u32, f: FileId, len: u64) -> Result<()> {
        let mut m = Vec::new();
        self.header(Command::SET_INFO, tree, 1).encode(&mut m);
        m.put_u16(33);
        m.push(1); // file information
        m.push(20); // FileEndOfFileInformation
        m.put_u32(8);
        m.put_u16(64 + 32);
        m.put_u16(0);
        m.put_u32(0);
        f.put(&mut m);
        m.extend_from_slice(&len.to_le_bytes());
        let id = self.send_raw(&m)?;
        self.expect(id, Command::SET_INFO).map(|_| ())
    }

    /// QUERY_INFO of (`info_type`, `class`) on `f`: the information buffer the server
    /// returns (at most 64 KiB asked for).
    pub fn query_info(
        &mut self,
        tree: u32,
        f: FileId,
        info_type: u8,
        class: u8,
    ) -> Result<Vec<u8>> {
        let mut m = Vec::new();
        self.header(Command::QUERY_INFO, tree, 1).encode(&mut m);
        m.put_u16(41);
        m.push(info_type);
        m.push(class);
        m.put_u32(65536);
        m.put_u16(0);
        m.put_u16(0);
        m.put_u32(0);
        m.put_u32(0);
        m.put_u32(0);
        f.put(&mut m);
        let id = self.send_raw(&m)?;
        let r = self.expect(id, Command::QUERY_INFO)?;
        let b = Le(r.body());
        let (off, len) = match (b.u16(2), b.u32(4)) {
            (Ok(o), Ok(l)) => (usize::from(o), l as usize),
            _ => return Err(Error::Protocol("short QUERY_INFO response")),
        };
        r.msg
            .get(off..off.saturating_add(len))
            .map(<[u8]>::to_vec)
            .ok_or(Error::Protocol("QUERY_INFO buffer outside the response"))
    }
}
