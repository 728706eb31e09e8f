//! READ and WRITE whose payload moves by RDMA (SMB Direct channel descriptors), with the
//! RDMA transform (signing or encryption of the payload) where negotiated.

use super::{Client, Error, FileId, Io, Protection, Result};
use smb_auth::payload::{self, Fault};
use smb_auth::signing::Algorithm;
use smb_wire::header::HEADER_LEN;
use smb_wire::msg;
use smb_wire::negotiate::dialect;
use smb_wire::{Command, Le, NtStatus};

/// A registered buffer an RDMA-channel READ lands in.
pub struct RdmaBuffer {
    pd: fabric::Pd,
    mr: fabric::Mr,
    len: u32,
    invalidate: bool,
}

/// See [`Client::register_rdma`].
pub struct RdmaRegion {
    pd: fabric::Pd,
    mr: fabric::Mr,
}

impl Drop for RdmaRegion {
    fn drop(&mut self) {
        self.pd.deregister(&self.mr);
    }
}

impl RdmaRegion {
    /// The buffer descriptor (MS-SMBD 2.2.3.1) naming `len` bytes at `offset` into it.
    pub fn descriptor(&self, offset: u64, len: u32) -> [u8; 16] {
        let mut d = [0u8; 16];
        d[..8].copy_from_slice(&(self.mr.addr() + offset).to_le_bytes());
        d[8..12].copy_from_slice(&self.mr.rkey.to_le_bytes());
        d[12..].copy_from_slice(&len.to_le_bytes());
        d
    }
}

impl Client {
    /// A buffer registered for the server's RDMA Reads and Writes, for requests whose
    /// channel descriptors a test builds itself (SMB Direct connections only).
    pub fn register_rdma(&self, len: usize) -> Result<RdmaRegion> {
        use fabric::{Access, RegBuf};
        let pd = self
            .rdma_pd()
            .ok_or(Error::Protocol("not an SMB Direct connection"))?;
        let mr = pd.register(
            RegBuf::new(len.max(1)),
            Access::LOCAL_WRITE | Access::REMOTE_WRITE | Access::REMOTE_READ,
        );
        Ok(RdmaRegion { pd, mr })
    }

    /// The SMB Direct connection's protection domain (None over TCP).
    pub(super) fn rdma_pd(&self) -> Option<fabric::Pd> {
        match &self.io {
            Io::Rdma(r) => Some(r.conn.pd().clone()),
            Io::Tcp(_) | Io::Other(_) => None,
        }
    }

    /// READ through an RDMA channel: the server RDMA-Writes into a buffer registered
    /// here; with `invalidate` its response retires the buffer's key (3.0.2+).
    pub fn read_rdma(
        &mut self,
        tree: u32,
        f: FileId,
        offset: u64,
        len: u32,
        invalidate: bool,
    ) -> Result<Vec<u8>> {
        let (id, buf) = self.send_read_rdma(tree, f, offset, len, invalidate)?;
        self.finish_read_rdma(id, buf)
    }

    /// Sends an RDMA-channel READ without waiting; complete it with `finish_read_rdma`.
    pub fn send_read_rdma(
        &mut self,
        tree: u32,
        f: FileId,
        offset: u64,
        len: u32,
        invalidate: bool,
    ) -> Result<(u64, RdmaBuffer)> {
        use fabric::{Access, RegBuf};
        let pd = self
            .rdma_pd()
            .ok_or(Error::Protocol("not an SMB Direct connection"))?;
        // (Where the domain's keys cannot be retired by the peer, a device's plain
        // memory regions, the READ asks for none.)
        let invalidate = invalidate && pd.remote_invalidation();
        let mr = pd.register(
            RegBuf::new(len.max(1) as usize),
            Access::LOCAL_WRITE | Access::REMOTE_WRITE,
        );
        let mut m = Vec::with_capacity(140);
        self.header(Command::READ, tree, Self::charge(len as usize))
            .encode(&mut m);
        let mut desc = Vec::with_capacity(16);
        msg::BufferDescriptorV1 {
            offset: mr.addr(),
            token: mr.rkey,
            length: len,
        }
        .put(&mut desc);
        msg::ReadRequest {
            padding: 0,
            flags: 0,
            length: len,
            offset,
            file_id: f,
            minimum_count: 0,
            channel: if invalidate {
                msg::channel::RDMA_V1_INVALIDATE
            } else {
                msg::channel::RDMA_V1
            },
            remaining_bytes: 0,
            channel_info: &desc,
        }
        .encode(&mut m);
        let buf = RdmaBuffer {
            pd,
            mr,
            len,
            invalidate,
        };
        let id = self.send_raw(&m)?;
        Ok((id, buf))
    }

    /// Completes an RDMA-channel READ: the data the server wrote into the buffer.
    pub fn finish_read_rdma(&mut self, id: u64, buf: RdmaBuffer) -> Result<Vec<u8>> {
        let r = self.expect(id, Command::READ);
        let result = r.and_then(|r| {
            let b = Le(&r.msg);
            let e = |_| Error::Protocol("short read response");
            let inline = b.u32(HEADER_LEN + 4).map_err(e)? as usize;
            let remaining = b.u32(HEADER_LEN + 8).map_err(e)? as usize;
            let flags = b.u32(HEADER_LEN + 12).map_err(e)?;
            let transformed = flags & smb_wire::rdma_transform::READ_FLAG_RDMA_TRANSFORM != 0;
            if (inline != 0 && !transformed) || remaining > buf.len as usize {
                return Err(Error::Protocol("RDMA read response carries inline data"));
            }
            if buf.invalidate && buf.pd.is_valid(buf.mr.rkey) {
                return Err(Error::Protocol("the response did not invalidate our key"));
            }
            let mut data = buf.mr.buf.to_vec(0, remaining);
            if transformed {
                let off = b.u8(HEADER_LEN + 2).map_err(e)? as usize;
                let t = r
                    .msg
                    .get(off..off + inline)
                    .ok_or(Error::Protocol("RDMA transform outside the response"))?;
                self.untransform_read(t, r.encrypted, &mut data)?;
            } else if self.protection == Protection::Encrypt {
                return Err(Error::Protocol("RDMA read data came unencrypted"));
            }
            Ok(data)
        });
        buf.pd.deregister(&buf.mr);
        result
    }

    /// MS-SMB2 3.2.5.11: checks the transform of an RDMA-channel READ response and
    /// decrypts or verifies the data the server RDMA-Wrote.
    pub(super) fn untransform_read(
        &mut self,
        t: &[u8],
        encrypted: bool,
        data: &mut [u8],
    ) -> Result<()> {
        use smb_wire::rdma_transform::{self as rt};
        let bad = Error::Protocol("bad RDMA transform in READ response");
        if self.dialect != dialect::SMB311 || self.rdma_transforms.is_empty() {
            return Err(bad);
        }
        let t = rt::parse(t).map_err(|_| bad)?;
        let c = &t.crypto;
        let p = match c.kind {
            rt::id::ENCRYPTION if encrypted => payload::Protection::Encrypt {
                cipher: self.cipher.ok_or(Error::Protocol("no cipher"))?,
                key: &self.dec_key,
            },
            rt::id::SIGNING if !encrypted => payload::Protection::Sign {
                alg: self.signing_alg,
                key: &self.signing_key,
            },
            _ => {
                return Err(Error::Protocol(
                    "RDMA transform does not match the response",
                ))
            }
        };
        match payload::check(p, &c.nonce, &c.signature, data) {
            Ok(()) => {}
            Err(Fault::Signature) => {
                return Err(Error::Status(Command::READ, NtStatus::INVALID_SIGNATURE))
            }
            Err(Fault::Tag) => return Err(Error::Protocol("RDMA read data failed to decrypt")),
            Err(Fault::Unsupported) => {
                return Err(Error::Protocol("no payload MAC for this algorithm"))
            }
        }
        self.transformed_ios += 1;
        Ok(())
    }

    /// How a WRITE's RDMA payload is protected (3.2.4.7): encrypted on an encrypting
    /// session, signed on a signing one, when the server agreed to that transform.
    pub(super) fn write_transform(&self) -> Option<u16> {
        use smb_wire::rdma_transform::id;
        if self.force_transform {
            return Some(id::SIGNING);
        }
        if self.dialect != dialect::SMB311 {
            return None;
        }
        match self.protection {
            Protection::Encrypt if self.rdma_transforms.contains(&id::ENCRYPTION) => {
                Some(id::ENCRYPTION)
            }
            Protection::Sign
                if self.rdma_transforms.contains(&id::SIGNING)
                    && self.signing_alg != Algorithm::HmacSha256 =>
            {
                Some(id::SIGNING)
            }
            _ => None,
        }
    }

    pub(super) fn next_nonce(&mut self) -> [u8; 16] {
        let mut n = [0u8; 16];
        n[..8].copy_from_slice(&self.nonce.to_le_bytes());
        self.nonce += 1;
        n
    }

    /// WRITE through an RDMA channel: the server RDMA-Reads the data from here.
    pub fn write_rdma(
        &mut self,
        tree: u32,
        f: FileId,
        offset: u64,
        data: &[u8],
        invalidate: bool,
    ) -> Result<u32> {
        let (id, buf) = self.send_write_rdma(tree, f, offset, data, invalidate)?;
        let r = self.finish_write(id);
        buf.pd.deregister(&buf.mr);
        r
    }

    /// Sends an RDMA-channel WRITE without waiting. The buffer must stay registered
    /// (kept alive) until the response arrives; complete with `finish_write`.
    pub fn send_write_rdma(
        &mut self,
        tree: u32,
        f: FileId,
        offset: u64,
        data: &[u8],
        invalidate: bool,
    ) -> Result<(u64, RdmaBuffer)> {
        use fabric::{Access, RegBuf};
        let pd = self
            .rdma_pd()
            .ok_or(Error::Protocol("not an SMB Direct connection"))?;
        let invalidate = invalidate && pd.remote_invalidation();
        use smb_wire::rdma_transform::{self as rt, CryptoTransform};
        let transform = self.write_transform();
        let buf = RegBuf::new(data.len().max(1));
        let fresh = self.next_nonce();
        let p = match transform {
            Some(rt::id::ENCRYPTION) => Some(payload::Protection::Encrypt {
                cipher: self.cipher.ok_or(Error::Protocol("no cipher"))?,
                key: &self.enc_key,
            }),
            Some(_) => Some(payload::Protection::Sign {
                alg: self.signing_alg,
                key: &self.signing_key,
            }),
            None => None,
        };
        let crypto = match (p, transform) {
            (Some(p), Some(kind)) => {
                let mut protected = data.to_vec();
                let (signature, nonce) = payload::protect(p, fresh, &mut protected)
                    .map_err(|_| Error::Protocol("the payload cannot be protected"))?;
                buf.write(0, &protected);
                Some(CryptoTransform {
                    kind,
                    signature: signature[..].into(),
                    nonce,
                })
            }
            _ => {
                buf.write(0, data);
                None
            }
        };
        let mr = pd.register(buf, Access::LOCAL_WRITE | Access::REMOTE_READ);
        let mut desc = Vec::with_capacity(16);
        msg::BufferDescriptorV1 {
            offset: mr.addr(),
            token: mr.rkey,
            length: data.len() as u32,
        }
        .put(&mut desc);
        let inner = if invalidate { 2 } else { 1 };
        let mut crypto = crypto;
        if let (Some(c), true) = (crypto.as_mut(), std::mem::take(&mut self.tamper_transform)) {
            c.signature[3] ^= 0x5A;
        }
        let (channel, info) = match &crypto {
            Some(c) => {
                self.transformed_ios += 1;
                (msg::channel::RDMA_TRANSFORM, rt::encode(inner, c, &desc))
            }
            None => (inner, desc),
        };
        let mut m = Vec::with_capacity(140);
        self.header(Command::WRITE, tree, Self::charge(data.len()))
            .encode(&mut m);
        msg::WriteRequest {
            offset,
            file_id: f,
            channel,
            remaining_bytes: data.len() as u32,
            flags: 0,
            data: &[],
            length: 0,
            channel_info: &info,
        }
        .encode(&mut m);
        let buf = RdmaBuffer {
            pd,
            mr,
            len: data.len() as u32,
            invalidate,
        };
        let id = self.send_raw(&m)?;
        Ok((id, buf))
    }
}
