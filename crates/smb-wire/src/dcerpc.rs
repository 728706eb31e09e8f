//! Connection-oriented DCE/RPC (C706 ch. 12, MS-RPCE) for the srvsvc named pipe, enough for
//! share enumeration (MS-SRVS NetrShareEnum, NetrShareGetInfo) with NDR20.

use crate::codec::{Le, PutLe};
use crate::NtStatus;

pub const STYPE_DISKTREE: u32 = 0;
pub const STYPE_IPC_SPECIAL: u32 = 0x8000_0003;

#[derive(Clone, Debug)]
pub struct ShareEntry {
    pub name: String,
    pub share_type: u32,
    pub comment: String,
    pub path: String,
}

const SRVSVC: [u8; 16] = [
    0xc8, 0x4f, 0x32, 0x4b, 0x70, 0x16, 0xd3, 0x01, 0x12, 0x78, 0x5a, 0x47, 0xbf, 0x6e, 0xe1, 0x88,
];
const NDR: [u8; 16] = [
    0x04, 0x5d, 0x88, 0x8a, 0xeb, 0x1c, 0xc9, 0x11, 0x9f, 0xe8, 0x08, 0x00, 0x2b, 0x10, 0x48, 0x60,
];
/// Bind-time feature negotiation syntaxes share this prefix (MS-RPCE 3.3.1.5.3).
const BTFN_PREFIX: [u8; 8] = [0x2c, 0x1c, 0xb7, 0x6c, 0x12, 0x98, 0x40, 0x45];

const PT_REQUEST: u8 = 0;
const PT_RESPONSE: u8 = 2;
const PT_FAULT: u8 = 3;
const PT_BIND: u8 = 11;
const PT_BIND_ACK: u8 = 12;
const PT_ALTER: u8 = 14;
const PT_ALTER_RESP: u8 = 15;

const NCA_OP_RNG_ERROR: u32 = 0x1C01_0002;
const NCA_PROTO_ERROR: u32 = 0x1C01_000B;
const ACCESS_DENIED: u32 = 5;
const MAX_PENDING: usize = 64 * 1024;

pub struct SrvsvcPipe {
    server_name: String,
    input: Vec<u8>,
    output: Vec<u8>,
    max_frag: usize,
    bound: bool,
}

fn header(out: &mut Vec<u8>, ptype: u8, flags: u8, call_id: u32) {
    out.extend_from_slice(&[5, 0, ptype, flags, 0x10, 0, 0, 0]);
    out.put_u16(0); // frag_length, patched
    out.put_u16(0);
    out.put_u32(call_id);
}

fn finish(mut pdu: Vec<u8>) -> Vec<u8> {
    let n = pdu.len() as u16;
    pdu.set_u16(8, n);
    pdu
}

struct Ndr {
    b: Vec<u8>,
    next_ref: u32,
}

impl Ndr {
    fn align(&mut self) {
        while !self.b.len().is_multiple_of(4) {
            self.b.push(0);
        }
    }
    fn u32(&mut self, v: u32) {
        self.align();
        self.b.put_u32(v);
    }
    fn ptr(&mut self, present: bool) {
        if present {
            self.next_ref += 4;
            let r = self.next_ref;
            self.u32(r);
        } else {
            self.u32(0);
        }
    }
    /// A conformant varying UTF-16 string with its terminating NUL.
    fn string(&mut self, s: &str) {
        let units: Vec<u16> = s.encode_utf16().chain(std::iter::once(0)).collect();
        self.u32(units.len() as u32);
        self.u32(0);
        self.u32(units.len() as u32);
        for u in units {
            self.b.put_u16(u);
        }
        self.align();
    }
}

impl SrvsvcPipe {
    pub fn new(server_name: &str) -> Self {
        SrvsvcPipe {
            server_name: server_name.to_string(),
            input: Vec::new(),
            output: Vec::new(),
            max_frag: 4280,
            bound: false,
        }
    }

    pub fn write(&mut self, data: &[u8], shares: &[ShareEntry]) -> Result<(), NtStatus> {
        if self.input.len() + data.len() > MAX_PENDING {
            return Err(NtStatus::INVALID_PARAMETER);
        }
        self.input.extend_from_slice(data);
        loop {
            if self.input.len() < 16 {
                return Ok(());
            }
            let r = Le(&self.input);
            let len = r.u16(8).map_err(|_| NtStatus::INVALID_PARAMETER)? as usize;
            if self.input[0] != 5 || len < 16 {
                self.input.clear();
                return Err(NtStatus::INVALID_PARAMETER);
            }
            if self.input.len() < len {
                return Ok(());
            }
            let pdu: Vec<u8> = self.input.drain(..len).collect();
            self.handle(&pdu, shares);
        }
    }

    pub fn read(&mut self, max: usize) -> Option<(Vec<u8>, bool)> {
        if self.output.is_empty() {
            return None;
        }
        let n = max.min(self.output.len());
        let out: Vec<u8> = self.output.drain(..n).collect();
        Some((out, !self.output.is_empty()))
    }

    pub fn transceive(
        &mut self,
        input: &[u8],
        shares: &[ShareEntry],
        max_out: usize,
    ) -> Result<(Vec<u8>, bool), NtStatus> {
        self.write(input, shares)?;
        Ok(self.read(max_out).unwrap_or_default())
    }

    fn fault(&mut self, call_id: u32, status: u32) {
        let mut p = Vec::new();
        header(&mut p, PT_FAULT, 3, call_id);
        p.put_u32(32);
        p.put_u16(0);
        p.put_u8(0);
        p.put_u8(0);
        p.put_u32(status);
        p.put_u32(0);
        self.output.extend_from_slice(&finish(p));
    }

    fn handle(&mut self, pdu: &[u8], shares: &[ShareEntry]) {
        let r = Le(pdu);
        let ptype = pdu[2];
        let call_id = r.u32(12).unwrap_or(0);
        if r.u16(10).unwrap_or(0) != 0 {
            self.fault(call_id, ACCESS_DENIED);
            return;
        }
        match ptype {
            PT_BIND | PT_ALTER => {
                if self.bind(pdu, ptype).is_none() {
                    self.fault(call_id, NCA_PROTO_ERROR);
                }
            }
            PT_REQUEST if self.bound => match self.request(pdu, shares) {
                Some(stub) => self.respond(call_id, &stub),
                None => self.fault(call_id, NCA_OP_RNG_ERROR),
            },
            _ => self.fault(call_id, NCA_PROTO_ERROR),
        }
    }

    fn bind(&mut self, pdu: &[u8], ptype: u8) -> Option<()> {
        let r = Le(pdu);
        let call_id = r.u32(12).ok()?;
        let max_recv = r.u16(18).ok()? as usize;
        self.max_frag = max_recv.clamp(1024, 65535);
        let n = r.u8(24).ok()? as usize;
        let mut at = 28;
        let mut results = Vec::new();
        for _ in 0..n.min(16) {
            let _ctx = r.u16(at).ok()?;
            let nts = r.u8(at + 2).ok()? as usize;
            let abs = r.bytes(at + 4, 16).ok()?;
            let abs_ver = r.u32(at + 20).ok()?;
            let mut result: (u16, u16, [u8; 20]) = (2, 1, [0; 20]);
            for t in 0..nts.min(8) {
                let ts = r.bytes(at + 24 + 20 * t, 20).ok()?;
                if ts[..8] == BTFN_PREFIX {
                    result = (3, 0, [0; 20]);
                    break;
                }
                if abs == SRVSVC && abs_ver == 3 && ts[..16] == NDR {
                    let mut s = [0u8; 20];
                    s.copy_from_slice(ts);
                    result = (0, 0, s);
                    self.bound = true;
                    break;
                }
                if abs == SRVSVC {
                    result = (2, 2, [0; 20]);
                }
            }
            results.push(result);
            at += 24 + 20 * nts;
        }
        let mut p = Vec::new();
        let resp = if ptype == PT_BIND {
            PT_BIND_ACK
        } else {
            PT_ALTER_RESP
        };
        header(&mut p, resp, 3, call_id);
        p.put_u16(self.max_frag as u16);
        p.put_u16(self.max_frag as u16);
        p.put_u32(0x53F0);
        if ptype == PT_BIND {
            let addr = b"\\PIPE\\srvsvc\0";
            p.put_u16(addr.len() as u16);
            p.extend_from_slice(addr);
        } else {
            p.put_u16(0);
        }
        while !p.len().is_multiple_of(4) {
            p.push(0);
        }
        p.put_u8(results.len() as u8);
        p.put_u8(0);
        p.put_u16(0);
        for (res, reason, syn) in results {
            p.put_u16(res);
            p.put_u16(reason);
            p.extend_from_slice(&syn);
        }
        self.output.extend_from_slice(&finish(p));
        Some(())
    }

    /// Runs a request; the stub of the response, or None for an unknown operation.
    fn request(&mut self, pdu: &[u8], shares: &[ShareEntry]) -> Option<Vec<u8>> {
        let r = Le(pdu);
        let opnum = r.u16(22).ok()?;
        let stub = pdu.get(24..)?;
        let s = Le(stub);
        // ServerName: [unique] string.
        let mut at = 0usize;
        if s.u32(0).ok()? != 0 {
            let actual = s.u32(12).ok()? as usize;
            at = 16 + (2 * actual).next_multiple_of(4);
        } else {
            at += 4;
        }
        match opnum {
            15 => {
                let level = s.u32(at).ok()?;
                Some(share_enum(level, shares))
            }
            16 => {
                // NetName: [ref] string, then Level.
                let actual = s.u32(at + 8).ok()? as usize;
                let bytes = s.bytes(at + 12, 2 * actual).ok()?;
                let name: String = char::decode_utf16(
                    bytes
                        .chunks_exact(2)
                        .map(|c| u16::from_le_bytes([c[0], c[1]])),
                )
                .map(|c| c.unwrap_or('?'))
                .collect::<String>()
                .trim_end_matches('\0')
                .to_string();
                let level = s.u32(at + 12 + (2 * actual).next_multiple_of(4)).ok()?;
                Some(share_get_info(level, &name, shares))
            }
            21 => Some(server_info(&self.server_name)),
            _ => None,
        }
    }

    fn respond(&mut self, call_id: u32, stub: &[u8]) {
        let room = self.max_frag.saturating_sub(24).max(256);
        let chunks: Vec<&[u8]> = if stub.is_empty() {
            vec![&[]]
        } else {
            stub.chunks(room).collect()
        };
        let last = chunks.len() - 1;
        for (i, c) in chunks.iter().enumerate() {
            let mut flags = 0;
            if i == 0 {
                flags |= 1;
            }
            if i == last {
                flags |= 2;
            }
            let mut p = Vec::with_capacity(24 + c.len());
            header(&mut p, PT_RESPONSE, flags, call_id);
            p.put_u32(stub.len() as u32);
            p.put_u16(0);
            p.put_u8(0);
            p.put_u8(0);
            p.extend_from_slice(c);
            self.output.extend_from_slice(&finish(p));
        }
    }
}

fn share_enum(level: u32, shares: &[ShareEntry]) -> Vec<u8> {
    let mut n = Ndr {
        b: Vec::new(),
        next_ref: 0x0002_0000,
    };
    if !matches!(level, 0..=2) {
        n.u32(level);
        n.u32(level);
        n.u32(0);
        n.u32(0);
        n.u32(0);
        n.u32(124); // WERR_INVALID_LEVEL
        return n.b;
    }
    n.u32(level);
    n.u32(level);
    n.ptr(true); // container
    n.u32(shares.len() as u32);
    n.ptr(!shares.is_empty());
    if !shares.is_empty() {
        n.u32(shares.len() as u32);
        for s in shares {
            n.ptr(true);
            if level >= 1 {
                n.u32(s.share_type);
                n.ptr(true);
            }
            if level == 2 {
                n.u32(0); // permissions
                n.u32(u32::MAX); // max uses
                n.u32(0); // current uses
                n.ptr(true); // path
                n.ptr(false); // password
            }
        }
        for s in shares {
            n.string(&s.name);
            if level >= 1 {
                n.string(&s.comment);
            }
            if level == 2 {
                n.string(&s.path);
            }
        }
    }
    n.u32(shares.len() as u32); // TotalEntries
    n.ptr(true); // ResumeHandle
    n.u32(0);
    n.u32(0); // WERR_OK
    n.b
}

fn share_get_info(level: u32, name: &str, shares: &[ShareEntry]) -> Vec<u8> {
    let mut n = Ndr {
        b: Vec::new(),
        next_ref: 0x0002_0000,
    };
    let Some(s) = shares.iter().find(|s| s.name.eq_ignore_ascii_case(name)) else {
        n.u32(level);
        n.u32(0);
        n.u32(2310); // WERR_NERR_NET_NAME_NOT_FOUND
        return n.b;
    };
    match level {
        0 | 1 | 2 | 501 | 1005 => {}
        _ => {
            n.u32(level);
            n.u32(0);
            n.u32(124);
            return n.b;
        }
    }
    n.u32(level);
    n.ptr(true);
    if level == 1005 {
        n.u32(0);
        n.u32(0);
        return n.b;
    }
    n.ptr(true);
    if level >= 1 {
        n.u32(s.share_type);
        n.ptr(true);
    }
    if level == 2 {
        n.u32(0);
        n.u32(u32::MAX);
        n.u32(0);
        n.ptr(true);
        n.ptr(false);
    }
    if level == 501 {
        n.u32(0);
    }
    n.string(&s.name);
    if level >= 1 {
        n.string(&s.comment);
    }
    if level == 2 {
        n.string(&s.path);
    }
    n.u32(0);
    n.b
}

fn server_info(name: &str) -> Vec<u8> {
    let mut n = Ndr {
        b: Vec::new(),
        next_ref: 0x0002_0000,
    };
    n.u32(101);
    n.ptr(true);
    n.u32(500); // platform id NT
    n.ptr(true);
    n.u32(10);
    n.u32(0);
    n.u32(0x0000_9003); // workstation | server | NT
    n.ptr(true);
    n.string(name);
    n.string("smbdirectd");
    n.u32(0);
    n.b
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bind() -> Vec<u8> {
        let mut p = Vec::new();
        header(&mut p, PT_BIND, 3, 1);
        p.put_u16(4280);
        p.put_u16(4280);
        p.put_u32(0);
        p.put_u8(1);
        p.put_u8(0);
        p.put_u16(0);
        p.put_u16(0);
        p.put_u8(1);
        p.put_u8(0);
        p.extend_from_slice(&SRVSVC);
        p.put_u32(3);
        p.extend_from_slice(&NDR);
        p.put_u32(2);
        finish(p)
    }

    fn enum_request(level: u32) -> Vec<u8> {
        let mut p = Vec::new();
        header(&mut p, PT_REQUEST, 3, 2);
        p.put_u32(0);
        p.put_u16(0);
        p.put_u16(15);
        p.put_u32(0); // null server name
        p.put_u32(level);
        p.put_u32(level);
        p.put_u32(0x20000);
        p.put_u32(0);
        p.put_u32(0);
        p.put_u32(u32::MAX);
        p.put_u32(0);
        finish(p)
    }

    fn shares() -> Vec<ShareEntry> {
        vec![ShareEntry {
            name: "data".into(),
            share_type: STYPE_DISKTREE,
            comment: "c".into(),
            path: "C:\\data".into(),
        }]
    }

    /// Walks a level-1 NetShareEnum response by the IDL, independently of the encoder.
    fn decode_level1(stub: &[u8]) -> Vec<(String, u32, String)> {
        let r = Le(stub);
        assert_eq!(r.u32(0).unwrap(), 1);
        let count = r.u32(12).unwrap() as usize;
        let mut at = 24; // level, switch, ctr ptr, count, array ptr, max_count
        let mut types = Vec::new();
        for _ in 0..count {
            types.push(r.u32(at + 4).unwrap());
            at += 12;
        }
        let read_str = |at: &mut usize| {
            let actual = r.u32(*at + 8).unwrap() as usize;
            let b = r.bytes(*at + 12, 2 * actual).unwrap();
            *at += 12 + (2 * actual).next_multiple_of(4);
            String::from_utf16(
                &b.chunks(2)
                    .map(|c| u16::from_le_bytes([c[0], c[1]]))
                    .collect::<Vec<_>>(),
            )
            .unwrap()
            .trim_end_matches('\0')
            .to_string()
        };
        let mut out = Vec::new();
        for t in types {
            let name = read_str(&mut at);
            let comment = read_str(&mut at);
            out.push((name, t, comment));
        }
        assert_eq!(r.u32(at).unwrap() as usize, count);
        out
    }

    #[test]
    fn bind_then_enum() {
        let mut p = SrvsvcPipe::new("SRV");
        let (ack, more) = p.transceive(&bind(), &shares(), 4280).unwrap();
        assert!(!more);
        assert_eq!(ack[2], PT_BIND_ACK);
        let (resp, _) = p.transceive(&enum_request(1), &shares(), 4280).unwrap();
        assert_eq!(resp[2], PT_RESPONSE);
        let got = decode_level1(&resp[24..]);
        assert_eq!(got, vec![("data".to_string(), 0, "c".to_string())]);
    }

    #[test]
    fn hostile_pdus() {
        let mut p = SrvsvcPipe::new("SRV");
        assert!(p
            .write(&[5, 0, 0, 3, 0x10, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0], &[])
            .is_err());
        let mut seed = 1u64;
        for len in 0..300 {
            let mut b = vec![5u8, 0];
            for _ in 0..len {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                b.push(seed as u8);
            }
            if b.len() > 10 {
                let l = b.len() as u16;
                b[8..10].copy_from_slice(&l.to_le_bytes());
            }
            let mut p = SrvsvcPipe::new("SRV");
            let _ = p.write(&b, &shares());
        }
        assert!(p.write(&vec![0u8; 70000], &[]).is_err());
    }
}
