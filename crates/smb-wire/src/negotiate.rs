//! MS-SMB2 2.2.3/2.2.4 NEGOTIATE and its contexts (2.2.3.1), and the SMB1 negotiate that
//! older clients open with (MS-SMB2 3.3.5.3).

use crate::codec::{put_utf16, utf16_to_string, Le, PutLe, Result, WireError};
use crate::header::HEADER_LEN;

pub mod dialect {
    pub const SMB202: u16 = 0x0202;
    pub const SMB21: u16 = 0x0210;
    pub const SMB30: u16 = 0x0300;
    pub const SMB302: u16 = 0x0302;
    pub const SMB311: u16 = 0x0311;
    pub const WILDCARD: u16 = 0x02FF;
}

pub mod security_mode {
    pub const SIGNING_ENABLED: u16 = 0x0001;
    pub const SIGNING_REQUIRED: u16 = 0x0002;
}

pub mod caps {
    pub const DFS: u32 = 0x01;
    pub const LEASING: u32 = 0x02;
    pub const LARGE_MTU: u32 = 0x04;
    pub const MULTI_CHANNEL: u32 = 0x08;
    pub const PERSISTENT_HANDLES: u32 = 0x10;
    pub const DIRECTORY_LEASING: u32 = 0x20;
    pub const ENCRYPTION: u32 = 0x40;
}

pub mod ctx {
    pub const PREAUTH_INTEGRITY: u16 = 1;
    pub const ENCRYPTION: u16 = 2;
    pub const COMPRESSION: u16 = 3;
    pub const NETNAME: u16 = 5;
    pub const TRANSPORT: u16 = 6;
    pub const RDMA_TRANSFORM: u16 = 7;
    pub const SIGNING: u16 = 8;
    pub const HASH_SHA512: u16 = 1;
}

/// Bound on contexts and list lengths we accept from a peer.
const MAX_CONTEXTS: usize = 32;
const MAX_LIST: usize = 64;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NegotiateRequest {
    pub security_mode: u16,
    pub capabilities: u32,
    pub client_guid: [u8; 16],
    pub dialects: Vec<u16>,
    pub contexts: NegotiateContexts,
}

/// The negotiate contexts we understand; each is None when absent. Unknown types are
/// ignored as MS-SMB2 3.3.5.4 requires.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NegotiateContexts {
    pub preauth: Option<PreauthContext>,
    pub ciphers: Option<Vec<u16>>,
    pub signing: Option<Vec<u16>>,
    pub rdma_transforms: Option<Vec<u16>>,
    pub compression: Option<CompressionContext>,
    pub netname: Option<String>,
    pub transport_flags: Option<u32>,
    /// How many contexts of each known type appeared (duplicates are an error).
    pub duplicate: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PreauthContext {
    pub hash_algorithms: Vec<u16>,
    pub salt: Vec<u8>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CompressionContext {
    pub flags: u32,
    pub algorithms: Vec<u16>,
}

fn u16_list(r: Le, at: usize, count: usize) -> Result<Vec<u16>> {
    if count > MAX_LIST {
        return Err(WireError::BadValue("list too long"));
    }
    (0..count).map(|i| r.u16(at + 2 * i)).collect()
}

impl NegotiateRequest {
    pub fn parse(msg: &[u8]) -> Result<NegotiateRequest> {
        let r = Le(msg);
        let b = HEADER_LEN;
        if r.u16(b)? != 36 {
            return Err(WireError::BadStructureSize);
        }
        let count = r.u16(b + 2)? as usize;
        let dialects = u16_list(r, b + 36, count)?;
        let mut req = NegotiateRequest {
            security_mode: r.u16(b + 4)?,
            capabilities: r.u32(b + 8)?,
            client_guid: r.array16(b + 12)?,
            dialects,
            contexts: NegotiateContexts::default(),
        };
        if req.dialects.contains(&dialect::SMB311) {
            let off = r.u32(b + 28)? as usize;
            let n = r.u16(b + 32)? as usize;
            req.contexts = parse_contexts(r, off, n)?;
        }
        Ok(req)
    }
}

impl NegotiateRequest {
    /// The request as a client sends it (appended to `out`; offsets count from the
    /// 64-byte header before it): the dialects, then, when SMB 3.1.1 is among them, the
    /// contexts present, in the order of [`NegotiateContexts`]' fields, each 8-aligned.
    pub fn encode(&self, out: &mut Vec<u8>) {
        let body = out.len();
        out.put_u16(36);
        out.put_u16(self.dialects.len() as u16);
        out.put_u16(self.security_mode);
        out.put_u16(0);
        out.put_u32(self.capabilities);
        out.extend_from_slice(&self.client_guid);
        let ctx_at = out.len();
        out.put_u32(0);
        out.put_u16(0);
        out.put_u16(0);
        for d in &self.dialects {
            out.put_u16(*d);
        }
        let list = self.contexts.encoded();
        if !self.dialects.contains(&dialect::SMB311) || list.is_empty() {
            return;
        }
        // (8-aligned from the body is 8-aligned from the header: it is 64 bytes.)
        out.align_from(body, 8);
        out.set_u32(ctx_at, (HEADER_LEN + out.len() - body) as u32);
        out.set_u16(ctx_at + 4, list.len() as u16);
        for (i, c) in list.iter().enumerate() {
            if i > 0 {
                out.align_from(body, 8);
            }
            out.extend_from_slice(c);
        }
    }
}

impl NegotiateContexts {
    /// Each context present, encoded (what [`parse_contexts`] reads back).
    fn encoded(&self) -> Vec<Vec<u8>> {
        let ids = |ids: &[u16]| {
            let mut d = Vec::new();
            d.put_u16(ids.len() as u16);
            for i in ids {
                d.put_u16(*i);
            }
            d
        };
        let mut v = Vec::new();
        if let Some(p) = &self.preauth {
            let mut d = Vec::new();
            d.put_u16(p.hash_algorithms.len() as u16);
            d.put_u16(p.salt.len() as u16);
            for a in &p.hash_algorithms {
                d.put_u16(*a);
            }
            d.extend_from_slice(&p.salt);
            v.push(encode_context(ctx::PREAUTH_INTEGRITY, &d));
        }
        if let Some(c) = &self.ciphers {
            v.push(encode_context(ctx::ENCRYPTION, &ids(c)));
        }
        if let Some(s) = &self.signing {
            v.push(encode_context(ctx::SIGNING, &ids(s)));
        }
        if let Some(r) = &self.rdma_transforms {
            v.push(encode_context(
                ctx::RDMA_TRANSFORM,
                &rdma_transform_context_data(r),
            ));
        }
        if let Some(c) = &self.compression {
            let mut d = Vec::new();
            d.put_u16(c.algorithms.len() as u16);
            d.put_u16(0);
            d.put_u32(c.flags);
            for a in &c.algorithms {
                d.put_u16(*a);
            }
            v.push(encode_context(ctx::COMPRESSION, &d));
        }
        if let Some(n) = &self.netname {
            let mut d = Vec::new();
            put_utf16(&mut d, n);
            v.push(encode_context(ctx::NETNAME, &d));
        }
        if let Some(t) = self.transport_flags {
            v.push(encode_context(ctx::TRANSPORT, &t.to_le_bytes()));
        }
        v
    }
}

fn parse_contexts(r: Le, mut off: usize, n: usize) -> Result<NegotiateContexts> {
    if n > MAX_CONTEXTS {
        return Err(WireError::BadValue("too many negotiate contexts"));
    }
    let mut c = NegotiateContexts::default();
    for i in 0..n {
        if i > 0 {
            off = off.checked_add(7).ok_or(WireError::BadOffset)? & !7;
        }
        let ty = r.u16(off)?;
        let len = r.u16(off + 2)? as usize;
        let data = r.region(off + 8, len)?;
        let d = Le(data);
        match ty {
            ctx::PREAUTH_INTEGRITY => {
                let hc = d.u16(0)? as usize;
                let sl = d.u16(2)? as usize;
                let algs = u16_list(d, 4, hc)?;
                let salt = d.bytes(4 + 2 * hc, sl)?.to_vec();
                c.duplicate |= c.preauth.is_some();
                c.preauth = Some(PreauthContext {
                    hash_algorithms: algs,
                    salt,
                });
            }
            ctx::ENCRYPTION => {
                let n = d.u16(0)? as usize;
                c.duplicate |= c.ciphers.is_some();
                c.ciphers = Some(u16_list(d, 2, n)?);
            }
            ctx::SIGNING => {
                let n = d.u16(0)? as usize;
                c.duplicate |= c.signing.is_some();
                c.signing = Some(u16_list(d, 2, n)?);
            }
            ctx::RDMA_TRANSFORM => {
                let n = d.u16(0)? as usize;
                c.duplicate |= c.rdma_transforms.is_some();
                c.rdma_transforms = Some(u16_list(d, 8, n)?);
            }
            ctx::COMPRESSION => {
                let n = d.u16(0)? as usize;
                let flags = d.u32(4)?;
                c.duplicate |= c.compression.is_some();
                c.compression = Some(CompressionContext {
                    flags,
                    algorithms: u16_list(d, 8, n)?,
                });
            }
            ctx::NETNAME => {
                c.netname = Some(utf16_to_string(data).unwrap_or_default());
            }
            ctx::TRANSPORT => {
                c.transport_flags = Some(d.u32(0)?);
            }
            _ => {}
        }
        off = off + 8 + len;
    }
    Ok(c)
}

/// NEGOTIATE response fields (2.2.4).
#[derive(Clone, Debug, Default)]
pub struct NegotiateResponse<'a> {
    pub security_mode: u16,
    pub dialect: u16,
    pub server_guid: [u8; 16],
    pub capabilities: u32,
    pub max_transact_size: u32,
    pub max_read_size: u32,
    pub max_write_size: u32,
    pub system_time: u64,
    pub security_buffer: &'a [u8],
    /// Encoded contexts (3.1.1), each already 8-aligned; see [`encode_context`].
    pub contexts: Vec<Vec<u8>>,
}

impl NegotiateResponse<'_> {
    /// Appends the body after a header already in `out` (which starts at the header).
    pub fn encode(&self, out: &mut Vec<u8>) {
        let base = out.len() - HEADER_LEN;
        out.put_u16(65);
        out.put_u16(self.security_mode);
        out.put_u16(self.dialect);
        out.put_u16(self.contexts.len() as u16);
        out.extend_from_slice(&self.server_guid);
        out.put_u32(self.capabilities);
        out.put_u32(self.max_transact_size);
        out.put_u32(self.max_read_size);
        out.put_u32(self.max_write_size);
        out.put_u64(self.system_time);
        out.put_u64(0);
        out.put_u16(128);
        out.put_u16(self.security_buffer.len() as u16);
        let ctx_off_at = out.len();
        out.put_u32(0);
        out.extend_from_slice(self.security_buffer);
        if self.contexts.is_empty() {
            if self.security_buffer.is_empty() {
                out.put_u8(0);
            }
            return;
        }
        out.align_from(base, 8);
        let ctx_off = out.len() - base;
        out.set_u32(ctx_off_at, ctx_off as u32);
        for (i, c) in self.contexts.iter().enumerate() {
            if i > 0 {
                out.align_from(base, 8);
            }
            out.extend_from_slice(c);
        }
    }
}

/// One negotiate context: type, data length, reserved, data.
pub fn encode_context(ty: u16, data: &[u8]) -> Vec<u8> {
    let mut v = Vec::with_capacity(8 + data.len());
    v.put_u16(ty);
    v.put_u16(data.len() as u16);
    v.put_u32(0);
    v.extend_from_slice(data);
    v
}

pub fn preauth_context_data(salt: &[u8; 32]) -> Vec<u8> {
    let mut v = Vec::new();
    v.put_u16(1);
    v.put_u16(32);
    v.put_u16(ctx::HASH_SHA512);
    v.extend_from_slice(salt);
    v
}

pub fn single_id_context_data(id: u16) -> Vec<u8> {
    let mut v = Vec::new();
    v.put_u16(1);
    v.put_u16(id);
    v
}

pub fn rdma_transform_context_data(ids: &[u16]) -> Vec<u8> {
    let mut v = Vec::new();
    v.put_u16(ids.len() as u16);
    v.put_u16(0);
    v.put_u32(0);
    for id in ids {
        v.put_u16(*id);
    }
    v
}

pub fn netname_context_data(name: &str) -> Vec<u8> {
    let mut v = Vec::new();
    put_utf16(&mut v, name);
    v
}

/// What an SMB1 NEGOTIATE (MS-CIFS 2.2.4.52) offers of SMB2: `Some(true)` when it lists
/// "SMB 2.???" (answer with the wildcard dialect), `Some(false)` for "SMB 2.002" only, None
/// when it offers no SMB2 dialect at all.
pub fn smb1_offers_smb2(pdu: &[u8]) -> Option<bool> {
    // SMB1 header is 32 bytes; command at 4; WordCount at 32; ByteCount after the words.
    if pdu.len() < 35 || pdu[0..4] != crate::header::SMB1_ID || pdu[4] != 0x72 {
        return None;
    }
    let wc = pdu[32] as usize;
    let bc_at = 33 + wc * 2;
    let bc = Le(pdu).u16(bc_at).ok()? as usize;
    let bytes = pdu.get(bc_at + 2..(bc_at + 2 + bc).min(pdu.len()))?;
    let mut wildcard = false;
    let mut smb2 = false;
    for d in bytes.split(|&c| c == 0) {
        let d = d.strip_prefix(&[0x02]).unwrap_or(d);
        if d == b"SMB 2.???" {
            wildcard = true;
        } else if d == b"SMB 2.002" {
            smb2 = true;
        }
    }
    if wildcard {
        Some(true)
    } else if smb2 {
        Some(false)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_negotiate_request_round_trips_with_every_context_and_without_any() {
        let full = NegotiateRequest {
            security_mode: security_mode::SIGNING_ENABLED,
            capabilities: 0x7f,
            client_guid: [3; 16],
            dialects: vec![dialect::SMB202, dialect::SMB30, dialect::SMB311],
            contexts: NegotiateContexts {
                preauth: Some(PreauthContext {
                    hash_algorithms: vec![ctx::HASH_SHA512],
                    salt: vec![9; 32],
                }),
                ciphers: Some(vec![2, 1]),
                signing: Some(vec![2, 1]),
                rdma_transforms: Some(vec![1, 2]),
                compression: Some(CompressionContext {
                    flags: 1,
                    algorithms: vec![1, 4],
                }),
                netname: Some("sofs.lab.test".into()),
                transport_flags: Some(1),
                duplicate: false,
            },
        };
        let plain = NegotiateRequest {
            dialects: vec![dialect::SMB202, dialect::SMB21, dialect::SMB30],
            ..full.clone()
        };
        for (at, req) in [(0, &full), (40, &full), (0, &plain)] {
            let mut out = vec![0xEE; at];
            out.extend_from_slice(&[0; HEADER_LEN]);
            req.encode(&mut out);
            let got = NegotiateRequest::parse(&out[at..]).unwrap();
            let want = match req.dialects.contains(&dialect::SMB311) {
                true => req.clone(),
                false => NegotiateRequest {
                    contexts: NegotiateContexts::default(),
                    ..req.clone()
                },
            };
            assert_eq!(got, want);
        }
    }
    use crate::header::Header;

    fn request(dialects: &[u16], contexts: &[Vec<u8>]) -> Vec<u8> {
        let mut m = Vec::new();
        Header {
            command: 0,
            ..Default::default()
        }
        .encode(&mut m);
        m.put_u16(36);
        m.put_u16(dialects.len() as u16);
        m.put_u16(1);
        m.put_u16(0);
        m.put_u32(0x7f);
        m.extend_from_slice(&[7; 16]);
        let off_at = m.len();
        m.put_u32(0);
        m.put_u16(contexts.len() as u16);
        m.put_u16(0);
        for d in dialects {
            m.put_u16(*d);
        }
        if !contexts.is_empty() {
            m.align_from(0, 8);
            let off = m.len() as u32;
            m.set_u32(off_at, off);
            for (i, c) in contexts.iter().enumerate() {
                if i > 0 {
                    m.align_from(0, 8);
                }
                m.extend_from_slice(c);
            }
        }
        m
    }

    #[test]
    fn parses_311_contexts() {
        let ctxs = vec![
            encode_context(ctx::PREAUTH_INTEGRITY, &preauth_context_data(&[1; 32])),
            encode_context(ctx::ENCRYPTION, &[2, 0, 2, 0, 1, 0]),
            encode_context(ctx::SIGNING, &single_id_context_data(2)),
            encode_context(0x99, &[1, 2, 3]),
            encode_context(ctx::RDMA_TRANSFORM, &rdma_transform_context_data(&[0, 1])),
        ];
        let m = request(&[0x0202, 0x0311], &ctxs);
        let r = NegotiateRequest::parse(&m).unwrap();
        assert_eq!(r.dialects, vec![0x0202, 0x0311]);
        let c = r.contexts;
        assert_eq!(c.preauth.unwrap().hash_algorithms, vec![1]);
        assert_eq!(c.ciphers, Some(vec![2, 1]));
        assert_eq!(c.signing, Some(vec![2]));
        assert_eq!(c.rdma_transforms, Some(vec![0, 1]));
        assert!(!c.duplicate);
    }

    #[test]
    fn hostile_negotiate_never_panics() {
        let m = request(
            &[0x0311],
            &[encode_context(1, &preauth_context_data(&[0; 32]))],
        );
        for cut in 0..m.len() {
            let _ = NegotiateRequest::parse(&m[..cut]);
        }
        let mut lying = m.clone();
        lying[64 + 2] = 0xff; // dialect count
        assert!(NegotiateRequest::parse(&lying).is_err());
        let mut lying = m.clone();
        lying[64 + 28] = 0xf0; // context offset
        assert!(NegotiateRequest::parse(&lying).is_err());
    }

    #[test]
    fn smb1_detection() {
        let mut p = vec![0u8; 32];
        p[0..4].copy_from_slice(&crate::header::SMB1_ID);
        p[4] = 0x72;
        p.push(0);
        let dialects = b"\x02NT LM 0.12\0\x02SMB 2.002\0\x02SMB 2.???\0";
        p.put_u16(dialects.len() as u16);
        p.extend_from_slice(dialects);
        assert_eq!(smb1_offers_smb2(&p), Some(true));
    }
}
