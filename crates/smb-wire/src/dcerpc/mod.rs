//! Connection-oriented DCE/RPC (C706 ch. 12, MS-RPCE) over the named pipes of IPC$, with
//! NDR20: srvsvc (MS-SRVS share enumeration), lsarpc (MS-LSAT name and SID lookups, the
//! policy queries Windows' security dialogs make), samr (MS-SAMR: the account database
//! the ACL editor's pickers browse) and wkssvc (MS-WKST workstation information).

use crate::codec::{Le, PutLe};
use crate::NtStatus;

pub mod assoc;
pub mod epm;
mod lsarpc;
pub mod rpc_client;
mod samr;
mod srvsvc;
pub mod witness;
mod wkssvc;

pub use lsarpc::{Account, SidType};

pub const STYPE_DISKTREE: u32 = 0;
pub const STYPE_IPC_SPECIAL: u32 = 0x8000_0003;

#[derive(Clone, Debug)]
pub struct ShareEntry {
    pub name: String,
    pub share_type: u32,
    pub comment: String,
    pub path: String,
}

/// A session as NetrSessionEnum shows it.
#[derive(Clone, Debug, Default)]
pub struct SessionEntry {
    /// The client's address (Windows shows its computer name or address).
    pub client: String,
    pub user: String,
    pub opens: u32,
    /// Seconds since it began, and since its last request.
    pub seconds: u32,
    pub idle_seconds: u32,
    pub guest: bool,
    /// "tcp" or "rdma".
    pub transport: String,
}

/// An open file as NetrFileEnum shows it.
#[derive(Clone, Debug, Default)]
pub struct FileEntry {
    pub id: u32,
    /// PERM_FILE_READ (1), PERM_FILE_WRITE (2), PERM_FILE_CREATE (4).
    pub permissions: u32,
    pub locks: u32,
    /// The file's path on the server.
    pub path: String,
    pub user: String,
}

/// A tree connect as NetrConnectionEnum shows it.
#[derive(Clone, Debug, Default)]
pub struct ConnectionEntry {
    pub id: u32,
    pub share: String,
    pub client: String,
    pub user: String,
    pub opens: u32,
    pub ipc: bool,
}

/// A primary domain: NetBIOS name, DNS name, and SID when known.
pub type PrimaryDomain = (String, String, Option<Vec<u8>>);

/// What the pipes answer from: the server's shares, names and accounts.
pub trait RpcContext {
    /// The shares, as NetrShareEnum lists them.
    fn shares(&self) -> Vec<ShareEntry>;
    /// The server's NetBIOS name.
    fn server_name(&self) -> String;
    /// The account domain (the node's machine domain): its name and SID.
    fn account_domain(&self) -> (String, Vec<u8>);
    /// The primary domain the node is a member of (Active Directory): its NetBIOS name,
    /// DNS name and SID (when known); None for a node in a workgroup.
    fn primary_domain(&self) -> Option<PrimaryDomain>;
    /// Who is calling: user and domain names.
    fn caller(&self) -> (String, String);
    /// Whether the caller is an anonymous logon (refused name and SID translations, as
    /// Windows refuses them by default).
    fn anonymous(&self) -> bool {
        false
    }
    /// An account this server knows by SID (local users, configured names, users seen
    /// logged on); well-known SIDs are answered by the pipe itself.
    fn sid_to_account(&self, sid: &[u8]) -> Option<Account>;
    /// An account this server knows by name (`domain` None: any domain).
    fn name_to_account(&self, domain: Option<&str>, name: &str) -> Option<Account>;
    /// Whether the caller administers the server (sessions, open files and
    /// connections are theirs only to see and close, as on Windows).
    fn is_admin(&self) -> bool {
        false
    }
    fn sessions(&self) -> Vec<SessionEntry> {
        Vec::new()
    }
    fn files(&self) -> Vec<FileEntry> {
        Vec::new()
    }
    fn connections(&self) -> Vec<ConnectionEntry> {
        Vec::new()
    }
    /// Closes open file `id` for its client; false when there is none.
    fn close_file(&self, _id: u32) -> bool {
        false
    }
    /// Ends the sessions from `client` and/or of `user` (None: any); how many.
    fn end_sessions(&self, _client: Option<&str>, _user: Option<&str>) -> usize {
        0
    }
    /// NetrShareAdd: share directory `path` (as the administrator wrote it, `C:\\dir` or
    /// `/dir`) as `name`; 0 or the Win32/NERR status Windows gives.
    fn add_share(&self, _name: &str, _path: &str, _comment: &str) -> u32 {
        50 // ERROR_NOT_SUPPORTED
    }
    /// NetrShareDel: share `name` deleted (its tree connects end, its opens close).
    fn delete_share(&self, _name: &str) -> u32 {
        50
    }
    /// NetrShareSetInfo: share `name`'s comment.
    fn set_share_comment(&self, _name: &str, _comment: &str) -> u32 {
        50
    }
    /// The accounts of the server's own account domain (local users, their groups), as
    /// SAMR lists them.
    fn local_accounts(&self) -> Vec<Account> {
        Vec::new()
    }
    /// The SIDs that are members of BUILTIN alias `rid` (S-1-5-32-rid) on this server.
    fn alias_members(&self, _rid: u32) -> Vec<Vec<u8>> {
        Vec::new()
    }
}

/// The interface a pipe serves (its name at CREATE decides).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Iface {
    Srvsvc,
    Lsarpc,
    Samr,
    Wkssvc,
}

impl Iface {
    /// The interface of a pipe name (`srvsvc`, `lsarpc`/`lsass`, `wkssvc`).
    pub fn of_pipe(name: &str) -> Option<Iface> {
        match name.to_ascii_lowercase().as_str() {
            "srvsvc" => Some(Iface::Srvsvc),
            "lsarpc" | "lsass" => Some(Iface::Lsarpc),
            "samr" => Some(Iface::Samr),
            "wkssvc" => Some(Iface::Wkssvc),
            _ => None,
        }
    }

    /// Abstract syntax: UUID (wire order) and major version.
    fn syntax(self) -> ([u8; 16], u32) {
        match self {
            Iface::Srvsvc => (SRVSVC, 3),
            Iface::Lsarpc => (LSARPC, 0),
            Iface::Samr => (SAMR, 1),
            Iface::Wkssvc => (WKSSVC, 1),
        }
    }

    /// The secondary address a bind acknowledgment names (as Windows names it).
    fn endpoint(self) -> &'static [u8] {
        match self {
            Iface::Srvsvc => b"\\PIPE\\srvsvc\0",
            // (SAMR lives in lsass on Windows: its acknowledgment names that pipe.)
            Iface::Lsarpc | Iface::Samr => b"\\PIPE\\lsass\0",
            Iface::Wkssvc => b"\\PIPE\\wkssvc\0",
        }
    }
}

const SRVSVC: [u8; 16] = [
    0xc8, 0x4f, 0x32, 0x4b, 0x70, 0x16, 0xd3, 0x01, 0x12, 0x78, 0x5a, 0x47, 0xbf, 0x6e, 0xe1, 0x88,
];
/// 12345778-1234-abcd-ef00-0123456789ab.
const LSARPC: [u8; 16] = [
    0x78, 0x57, 0x34, 0x12, 0x34, 0x12, 0xcd, 0xab, 0xef, 0x00, 0x01, 0x23, 0x45, 0x67, 0x89, 0xab,
];
/// 12345778-1234-abcd-ef00-0123456789ac.
const SAMR: [u8; 16] = [
    0x78, 0x57, 0x34, 0x12, 0x34, 0x12, 0xcd, 0xab, 0xef, 0x00, 0x01, 0x23, 0x45, 0x67, 0x89, 0xac,
];
/// 6bffd098-a112-3610-9833-46c3f87e345a.
const WKSSVC: [u8; 16] = [
    0x98, 0xd0, 0xff, 0x6b, 0x12, 0xa1, 0x10, 0x36, 0x98, 0x33, 0x46, 0xc3, 0xf8, 0x7e, 0x34, 0x5a,
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
/// A request naming a context handle the server does not hold.
const NCA_CONTEXT_MISMATCH: u32 = 0x1C00_001A;
const ACCESS_DENIED: u32 = 5;
const MAX_PENDING: usize = 64 * 1024;

/// What a request's operation came to.
enum Reply {
    Stub(Vec<u8>),
    Fault(u32),
}

/// One open of a named pipe: its RPC association (bound to one interface), the bytes
/// written not yet handled, the answers not yet read, and the LSA policy handles it holds.
pub struct RpcPipe {
    iface: Iface,
    input: Vec<u8>,
    output: Vec<u8>,
    max_frag: usize,
    bound: bool,
    handles: lsarpc::Handles,
    samr: samr::Handles,
    /// A request arriving in fragments: its operation and the stub so far.
    partial: Option<(u16, Vec<u8>)>,
}

fn header(out: &mut Vec<u8>, ptype: u8, flags: u8, call_id: u32) {
    out.extend_from_slice(&[5, 0, ptype, flags, 0x10, 0, 0, 0]);
    out.put_u16(0); // frag_length, patched
    out.put_u16(0);
    out.put_u32(call_id);
}

/// A FAULT answering call `call_id` (made on presentation context `ctx`).
fn fault_pdu(call_id: u32, ctx: u16, status: u32) -> Vec<u8> {
    let mut p = Vec::new();
    header(&mut p, PT_FAULT, 3, call_id);
    p.put_u32(32);
    p.put_u16(ctx);
    p.put_u8(0);
    p.put_u8(0);
    p.put_u32(status);
    p.put_u32(0);
    finish(p)
}

/// A presentation context's result in a BIND_ACK: result, reason, transfer syntax.
type ContextResult = (u16, u16, [u8; 20]);

/// A BIND_ACK's or ALTER_CONTEXT_RESP's body after its header: the fragment sizes, the
/// secondary address (a bind's; None for an alter), the context results.
fn put_ack_body(p: &mut Vec<u8>, max_frag: usize, addr: Option<&[u8]>, results: &[ContextResult]) {
    p.put_u16(max_frag as u16);
    p.put_u16(max_frag as u16);
    p.put_u32(0x53F0);
    match addr {
        Some(a) => {
            p.put_u16(a.len() as u16);
            p.extend_from_slice(a);
        }
        None => p.put_u16(0),
    }
    while !p.len().is_multiple_of(4) {
        p.push(0);
    }
    p.put_u8(results.len() as u8);
    p.put_u8(0);
    p.put_u16(0);
    for (res, reason, syn) in results {
        p.put_u16(*res);
        p.put_u16(*reason);
        p.extend_from_slice(syn);
    }
}

/// A response stub cut into fragments of at most `room` bytes, each begun as a RESPONSE
/// PDU of call `call_id` on context `ctx` (header with the first/last flags, alloc hint:
/// what is left of the stub from it on, context, the fragment's bytes; its length is
/// set by the caller once any security trailer is on). An empty stub is one empty
/// fragment.
fn response_fragments(call_id: u32, ctx: u16, stub: &[u8], room: usize) -> Vec<Vec<u8>> {
    let chunks: Vec<&[u8]> = if stub.is_empty() {
        vec![&[]]
    } else {
        stub.chunks(room).collect()
    };
    let last = chunks.len() - 1;
    let mut left = stub.len();
    chunks
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let flags = u8::from(i == 0) | if i == last { 2 } else { 0 };
            let mut p = Vec::with_capacity(24 + c.len() + 32);
            header(&mut p, PT_RESPONSE, flags, call_id);
            p.put_u32(left as u32);
            left -= c.len();
            p.put_u16(ctx);
            p.put_u8(0);
            p.put_u8(0);
            p.extend_from_slice(c);
            p
        })
        .collect()
}

fn finish(mut pdu: Vec<u8>) -> Vec<u8> {
    let n = pdu.len() as u16;
    pdu.set_u16(8, n);
    pdu
}

/// The context handles a pipe holds, each standing for a `T` (an LSA policy, a SAMR
/// server, domain or account), at most `max` of them: made at an open, given back at a
/// close.
pub(super) struct Handles<T> {
    open: Vec<([u8; 20], T)>,
    next: u32,
    tag: [u8; 4],
    max: usize,
}

impl<T: Copy> Handles<T> {
    fn new(tag: [u8; 4], max: usize) -> Self {
        Handles {
            open: Vec::new(),
            next: 0,
            tag,
            max,
        }
    }
    fn make(&mut self, obj: T) -> Option<[u8; 20]> {
        if self.open.len() >= self.max {
            return None;
        }
        self.next = self.next.wrapping_add(1);
        let mut h = [0u8; 20];
        h[4..8].copy_from_slice(&self.next.to_le_bytes());
        h[8..12].copy_from_slice(&self.tag);
        self.open.push((h, obj));
        Some(h)
    }
    fn get(&self, h: &[u8]) -> Option<T> {
        self.open.iter().find(|(x, _)| x[..] == *h).map(|(_, o)| *o)
    }
    fn take(&mut self, h: &[u8]) -> bool {
        let before = self.open.len();
        self.open.retain(|(x, _)| x[..] != *h);
        self.open.len() != before
    }
}

/// NDR20 encoding of a response stub.
struct Ndr {
    b: Vec<u8>,
    next_ref: u32,
}

impl Ndr {
    fn new() -> Ndr {
        Ndr {
            b: Vec::new(),
            next_ref: 0x0002_0000,
        }
    }
    fn align(&mut self) {
        self.align_to(4);
    }
    fn align_to(&mut self, n: usize) {
        while !self.b.len().is_multiple_of(n) {
            self.b.push(0);
        }
    }
    fn u16(&mut self, v: u16) {
        self.align_to(2);
        self.b.put_u16(v);
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
        self.units(s.encode_utf16().chain(std::iter::once(0)));
    }
    /// A conformant varying array of UTF-16 units.
    fn units(&mut self, units: impl Iterator<Item = u16>) {
        let units: Vec<u16> = units.collect();
        self.u32(units.len() as u32);
        self.u32(0);
        self.u32(units.len() as u32);
        for u in units {
            self.b.put_u16(u);
        }
        self.align();
    }
    /// An RPC_UNICODE_STRING's fixed part (lengths in bytes, no NUL; the buffer deferred).
    fn unicode_head(&mut self, s: &str) {
        let n = (s.encode_utf16().count() * 2) as u16;
        // (The structure holds a pointer: 4-aligned.)
        self.align();
        self.u16(n);
        self.u16(n);
        self.ptr(true);
    }
    /// An RPC_UNICODE_STRING's deferred buffer.
    fn unicode_body(&mut self, s: &str) {
        self.units(s.encode_utf16());
    }
    /// An RPC_SID (conformant: its count first).
    fn sid(&mut self, sid: &[u8]) {
        let count = sid.get(1).copied().unwrap_or(0);
        self.u32(u32::from(count));
        self.b.extend_from_slice(sid);
    }
}

/// NDR20 decoding of a request stub: a cursor that fails (None) past the end.
struct NdrIn<'a> {
    b: &'a [u8],
    at: usize,
}

impl<'a> NdrIn<'a> {
    fn new(b: &'a [u8]) -> NdrIn<'a> {
        NdrIn { b, at: 0 }
    }
    fn align(&mut self, n: usize) {
        self.at = self.at.next_multiple_of(n);
    }
    fn bytes(&mut self, n: usize) -> Option<&'a [u8]> {
        let s = self.b.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(s)
    }
    fn u16(&mut self) -> Option<u16> {
        self.align(2);
        let b = self.bytes(2)?;
        Some(u16::from_le_bytes([b[0], b[1]]))
    }
    fn u32(&mut self) -> Option<u32> {
        self.align(4);
        let b = self.bytes(4)?;
        Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    /// A conformant varying UTF-16 string (a [string] pointee, or an
    /// RPC_UNICODE_STRING's buffer).
    fn string(&mut self) -> Option<String> {
        let max = self.u32()? as usize;
        let offset = self.u32()? as usize;
        let actual = self.u32()? as usize;
        if offset != 0 || actual > max || actual > 32 * 1024 {
            return None;
        }
        let raw = self.bytes(2 * actual)?;
        let units = raw
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]));
        let s: String = char::decode_utf16(units)
            .map(|c| c.unwrap_or('\u{fffd}'))
            .collect();
        Some(s.trim_end_matches('\0').to_string())
    }
    /// A [unique, string] parameter: its referent, then the string when present.
    fn unique_string(&mut self) -> Option<Option<String>> {
        match self.u32()? {
            0 => Some(None),
            _ => self.string().map(Some),
        }
    }
    /// `count` RPC_UNICODE_STRINGs of an array's elements: their fixed parts, then their
    /// deferred buffers (an absent one reads as empty).
    fn unicode_strings(&mut self, count: usize) -> Option<Vec<String>> {
        let mut present = Vec::with_capacity(count);
        for _ in 0..count {
            let len = self.u16()?;
            let max = self.u16()?;
            if len > max || len % 2 != 0 {
                return None;
            }
            present.push(self.u32()? != 0);
        }
        present
            .into_iter()
            .map(|p| {
                if p {
                    self.string()
                } else {
                    Some(String::new())
                }
            })
            .collect()
    }
    /// An RPC_SID pointee: its conformance, then the SID.
    fn sid(&mut self) -> Option<Vec<u8>> {
        let count = self.u32()? as usize;
        let head = self.bytes(8)?;
        if head[0] != 1 || head[1] as usize != count || count > 15 {
            return None;
        }
        let subs = self.bytes(4 * count)?;
        let mut v = head.to_vec();
        v.extend_from_slice(subs);
        Some(v)
    }
}

impl RpcPipe {
    pub fn new(iface: Iface) -> Self {
        RpcPipe {
            iface,
            input: Vec::new(),
            output: Vec::new(),
            max_frag: 4280,
            bound: false,
            handles: Handles::new(*b"lsap", lsarpc::MAX_HANDLES),
            samr: Handles::new(*b"samr", samr::MAX_HANDLES),
            partial: None,
        }
    }

    pub fn iface(&self) -> Iface {
        self.iface
    }

    pub fn write(&mut self, data: &[u8], ctx: &dyn RpcContext) -> Result<(), NtStatus> {
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
            self.handle(&pdu, ctx);
            // Unread answers are bounded too: a client that writes without reading
            // stops being answered.
            if self.output.len() > MAX_PENDING {
                return Err(NtStatus::INSUFFICIENT_RESOURCES);
            }
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
        ctx: &dyn RpcContext,
        max_out: usize,
    ) -> Result<(Vec<u8>, bool), NtStatus> {
        self.write(input, ctx)?;
        Ok(self.read(max_out).unwrap_or_default())
    }

    fn fault(&mut self, call_id: u32, status: u32) {
        self.output
            .extend_from_slice(&fault_pdu(call_id, 0, status));
    }

    fn handle(&mut self, pdu: &[u8], ctx: &dyn RpcContext) {
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
            PT_REQUEST if self.bound => {
                // Fragments of one request are put together (PFC_FIRST_FRAG 1,
                // PFC_LAST_FRAG 2), within the pipe's bound.
                let (flags, opnum) = (pdu[3], r.u16(22).unwrap_or(u16::MAX));
                let stub = pdu.get(24..).unwrap_or_default();
                let whole = match (flags & 1 != 0, self.partial.take()) {
                    (true, _) => (opnum, stub.to_vec()),
                    (false, Some((op, mut so_far))) if op == opnum => {
                        so_far.extend_from_slice(stub);
                        (op, so_far)
                    }
                    (false, _) => return self.fault(call_id, NCA_PROTO_ERROR),
                };
                if whole.1.len() > MAX_PENDING {
                    return self.fault(call_id, NCA_PROTO_ERROR);
                }
                if flags & 2 == 0 {
                    self.partial = Some(whole);
                    return;
                }
                match self.request(whole.0, &whole.1, ctx) {
                    Some(Reply::Stub(stub)) => self.respond(call_id, &stub),
                    Some(Reply::Fault(code)) => self.fault(call_id, code),
                    None => self.fault(call_id, NCA_OP_RNG_ERROR),
                }
            }
            _ => self.fault(call_id, NCA_PROTO_ERROR),
        }
    }

    fn bind(&mut self, pdu: &[u8], ptype: u8) -> Option<()> {
        let r = Le(pdu);
        let call_id = r.u32(12).ok()?;
        let max_recv = r.u16(18).ok()? as usize;
        self.max_frag = max_recv.clamp(1024, 65535);
        let n = r.u8(24).ok()? as usize;
        let (want, want_ver) = self.iface.syntax();
        let mut at = 28;
        let mut results = Vec::new();
        for _ in 0..n.min(16) {
            let _ctx = r.u16(at).ok()?;
            let nts = r.u8(at + 2).ok()? as usize;
            let abs = r.bytes(at + 4, 16).ok()?;
            let abs_ver = r.u32(at + 20).ok()? & 0xffff;
            // Abstract syntax not supported, until a transfer syntax says otherwise.
            let mut result: ContextResult = (2, 1, [0; 20]);
            for t in 0..nts.min(8) {
                let ts = r.bytes(at + 24 + 20 * t, 20).ok()?;
                if ts[..8] == BTFN_PREFIX {
                    result = (3, 0, [0; 20]);
                    break;
                }
                if abs == want && abs_ver == want_ver && ts[..16] == NDR {
                    let mut s = [0u8; 20];
                    s.copy_from_slice(ts);
                    result = (0, 0, s);
                    self.bound = true;
                    break;
                }
                if abs == want {
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
        let addr = (ptype == PT_BIND).then(|| self.iface.endpoint());
        put_ack_body(&mut p, self.max_frag, addr, &results);
        self.output.extend_from_slice(&finish(p));
        Some(())
    }

    /// Runs a request; what it came to, or None for an unknown operation.
    fn request(&mut self, opnum: u16, stub: &[u8], ctx: &dyn RpcContext) -> Option<Reply> {
        match self.iface {
            Iface::Srvsvc => srvsvc::request(opnum, stub, ctx).map(Reply::Stub),
            Iface::Wkssvc => wkssvc::request(opnum, stub, ctx).map(Reply::Stub),
            Iface::Lsarpc => lsarpc::request(&mut self.handles, opnum, stub, ctx),
            Iface::Samr => samr::request(&mut self.samr, opnum, stub, ctx),
        }
    }

    fn respond(&mut self, call_id: u32, stub: &[u8]) {
        // Each fragment's stub a multiple of 8 bytes (NDR alignment), the last aside.
        let room = (self.max_frag.saturating_sub(24).max(256)) & !7;
        for p in response_fragments(call_id, 0, stub, room) {
            self.output.extend_from_slice(&finish(p));
        }
    }
}

#[cfg(test)]
mod tests;
