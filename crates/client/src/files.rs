//! File commands over a session: TREE_CONNECT, CREATE, READ, WRITE, FLUSH, CLOSE,
//! SET_INFO end of file; each as a send (pipelined) and a finish, and both together.

use super::{Client, Error, FileId, Result};
use smb_wire::header::HEADER_LEN;
use smb_wire::msg;
use smb_wire::{Command, Le};

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
        let mut m = Vec::new();
        self.header(Command::TREE_CONNECT, 0, 1).encode(&mut m);
        msg::TreeConnectRequest {
            flags: 0,
            path: unc.into(),
        }
        .encode(&mut m);
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
        let n: Vec<u8> = name.encode_utf16().flat_map(|u| u.to_le_bytes()).collect();
        let mut m = Vec::new();
        self.header(Command::CREATE, tree, 1).encode(&mut m);
        msg::CreateRequest::new(0, access, share, disposition, options, 0x80, &n, contexts)
            .encode(&mut m);
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
        msg::ReadRequest {
            padding: msg::READ_DATA_OFFSET,
            flags: 0,
            length: len,
            offset,
            file_id: f,
            minimum_count: 0,
            channel: msg::channel::NONE,
            remaining_bytes: 0,
            channel_info: &[],
        }
        .encode(&mut m);
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
        msg::WriteRequest {
            offset,
            file_id: f,
            channel: msg::channel::NONE,
            remaining_bytes: 0,
            flags,
            data,
            length: data.len() as u32,
            channel_info: &[],
        }
        .encode(&mut m);
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
        msg::encode_flush(&mut m, f);
        let id = self.send_raw(&m)?;
        self.expect(id, Command::FLUSH).map(|_| ())
    }

    pub fn close(&mut self, tree: u32, f: FileId) -> Result<()> {
        let mut m = Vec::new();
        self.header(Command::CLOSE, tree, 1).encode(&mut m);
        msg::CloseRequest {
            flags: 0,
            file_id: f,
        }
        .encode(&mut m);
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
        // Charged for the larger of what goes and what may come back.
        let charge = Self::charge(input.len().max(max_out as usize));
        let mut m = Vec::with_capacity(HEADER_LEN + 56 + input.len());
        self.header(Command::IOCTL, tree, charge).encode(&mut m);
        msg::IoctlRequest::fsctl(ctl_code, f, input, max_out).encode(&mut m);
        self.send_raw(&m)
    }

    /// Sets the file's end (SET_INFO FileEndOfFileInformation): truncates or extends it.
    pub fn set_end_of_file(&mut self, tree: u32, f: FileId, len: u64) -> Result<()> {
        let mut m = Vec::new();
        self.header(Command::SET_INFO, tree, 1).encode(&mut m);
        msg::SetInfoRequest {
            info_type: msg::info_type::FILE,
            info_class: 20, // FileEndOfFileInformation
            buffer: &len.to_le_bytes(),
            additional_information: 0,
            file_id: f,
        }
        .encode(&mut m);
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
        msg::QueryInfoRequest {
            info_type,
            info_class: class,
            output_buffer_length: 65536,
            input: &[],
            additional_information: 0,
            flags: 0,
            file_id: f,
        }
        .encode(&mut m);
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
