//! File service handlers: CREATE, CLOSE, FLUSH, READ, WRITE, LOCK, IOCTL (file FSCTLs),
//! QUERY_DIRECTORY, CHANGE_NOTIFY, QUERY_INFO, SET_INFO, OPLOCK_BREAK, TREE_DISCONNECT.

use crate::backend::{
    BasicChange, CreateAction, DirectFd, Disposition, FileInfo, Kind, OpenParams, SharePath,
};
use crate::config::InterfaceConfig;
use crate::conn::{small_body, Ctx};
use crate::names;
use crate::state::{
    notify_action, notify_filter, DirCursor, Durable, FileOpenEntry, FileState, Open, OpenKind,
    RangeLock, Server, Session,
};
use parking_lot::Mutex;
use smb_wire::dcerpc::{ShareEntry, SrvsvcPipe, STYPE_DISKTREE, STYPE_IPC_SPECIAL};
use smb_wire::fscc::{self, FileFacts, FsFacts, OpenFacts, SetFileInfo};
use smb_wire::header::Command;
use smb_wire::msg::{
    self, access, attrs, create_options as co, info_type, lock_flags, qd_flags, FileId,
};
use smb_wire::secdesc::{self, SecDesc};
use smb_wire::{Le, NtStatus, PutLe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// Now, as FILETIME (100 ns since 1601).
pub fn filetime_now() -> u64 {
    let d = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    (d.as_secs() + 11_644_473_600) * 10_000_000 + u64::from(d.subsec_nanos() / 100)
}

/// What a handler decided.
// A READ's I/O travels by value (it is large, and rare next to the other outcomes, but
// boxing it would allocate once per ring read).
#[allow(clippy::large_enum_variant)]
pub enum Outcome {
    Done(NtStatus, Vec<u8>),
    /// As Done, the body after `HEADER_LEN` bytes of room left for the header.
    Framed(NtStatus, Vec<u8>),
    /// A CREATE that produced a handle (for related compounds).
    Created(NtStatus, Vec<u8>, FileId),
    Fail(NtStatus),
    /// Go async: answer STATUS_PENDING now and complete when the wait ends.
    Wait(Wait),
    /// A READ whose storage I/O the transport performs (its io_uring): answered, with no
    /// interim response, when the transport reports the I/O done.
    Io(ReadIo),
}

/// A READ's or FLUSH's storage I/O, handed to the transport: read `length` bytes at
/// `offset` of `fd` into [`ReadIo::target`] and report the count, or (`sync`) fdatasync
/// `fd` and report 0; a negative errno on failure.
pub struct ReadIo {
    pub fd: i32,
    /// Which of the open's descriptors `fd` is.
    which: crate::fixed::Descriptor,
    pub sync: bool,
    /// A sync for a write-through WRITE of this many bytes (its answer is the WRITE's).
    wrote: Option<u32>,
    pub offset: u64,
    pub length: u32,
    open: Arc<Open>,
    minimum_count: u32,
    channel: u32,
    descriptors: Option<msg::Descriptors>,
    dest: IoDest,
    /// Where the data lands in a `Body`, past its head: an O_DIRECT read needs an aligned
    /// address, and the data moves down to the head once read.
    shift: usize,
    /// A direct read on an `io_poll` share, and the device it reads from.
    pub poll: bool,
    pub dev: u64,
}

enum IoDest {
    /// Nothing to read into (a FLUSH).
    Nothing,
    /// The response: room for the header, its 16-byte head, then room for the data.
    Body(Vec<u8>),
    /// A lent registered buffer (SMB Direct): the data leaves from it by RDMA Write.
    Lent(Box<dyn crate::rdma::LentBuffer>),
}

impl ReadIo {
    /// Where the data goes: at least `length` writable bytes that stay put until the I/O
    /// is reported (they live on the heap, owned by this request).
    pub fn target(&mut self) -> *mut u8 {
        match &mut self.dest {
            IoDest::Body(b) => b[BODY_AT + self.shift..].as_mut_ptr(),
            IoDest::Lent(b) => b.bytes_mut().as_mut_ptr(),
            IoDest::Nothing => std::ptr::null_mut(),
        }
    }

    /// Aims the read at the file's O_DIRECT descriptor: the target is aligned for it (a
    /// lent buffer must already be; a response body gets room to shift the data to an
    /// aligned address). False when the target cannot be.
    fn aim_direct(&mut self, d: DirectFd) -> bool {
        let len = self.length as usize;
        match &mut self.dest {
            IoDest::Lent(b) if d.aligned(b.bytes().as_ptr() as usize) => {}
            IoDest::Body(b) => {
                let a = d.mem_align.max(1) as usize;
                // Capacity for the head, the data and the largest shift: the resize below
                // never moves the buffer.
                b.reserve(len + a);
                let at = b.as_ptr() as usize + BODY_AT;
                self.shift = (a - at % a) % a;
                b.resize(BODY_AT + self.shift + len, 0);
            }
            _ => return false,
        }
        self.fd = d.fd;
        self.which = crate::fixed::Descriptor::Direct;
        self.dev = d.dev;
        true
    }

    /// The key `fd` may be registered under in the transport's io_uring file table.
    pub fn file_key(&self) -> u64 {
        self.open.key.hand_out(self.which)
    }
}

/// Answers a READ (or FLUSH) whose I/O the transport did: `res` is what the operation
/// returned (a byte count, or a negative errno).
pub fn finish_read(ctx: &Ctx, io: ReadIo, res: i32) -> Outcome {
    let res = if res < 0 {
        // As the storage backend maps a failed pread or fdatasync.
        Err(match -res {
            errno::EIO => NtStatus::IO_DEVICE_ERROR,
            errno::EISDIR => NtStatus::FILE_IS_A_DIRECTORY,
            errno::EINVAL => NtStatus::INVALID_PARAMETER,
            errno::ENOSPC | errno::EDQUOT => NtStatus::DISK_FULL,
            _ => NtStatus::INTERNAL_ERROR,
        })
    } else {
        Ok(res as usize)
    };
    complete_io(ctx, io, res)
}

/// The answer of a READ or sync once its I/O is done, however it was done (at once on
/// the worker, or by the transport's ring).
fn complete_io(ctx: &Ctx, io: ReadIo, res: Result<usize, NtStatus>) -> Outcome {
    let give_back = |dest: IoDest| {
        if let (IoDest::Lent(b), Some(st)) = (dest, &ctx.rdma) {
            st.borrow_mut().lent.push(b);
        }
    };
    let n = match res {
        Ok(n) => n.min(io.length as usize),
        Err(e) => {
            give_back(io.dest);
            return Fail(e);
        }
    };
    if io.sync {
        return match io.wrote {
            Some(n) => write_answer(n),
            None => Outcome::Done(NtStatus::SUCCESS, small_body()),
        };
    }
    if (n == 0 && io.length > 0) || (n as u32) < io.minimum_count {
        give_back(io.dest);
        return Fail(NtStatus::END_OF_FILE);
    }
    // FilePositionInformation follows synchronous reads and writes (MS-FSA 2.1.5.2).
    io.open
        .position
        .store(io.offset + n as u64, Ordering::Relaxed);
    // The data travels by RDMA Write when the request named a channel; the response
    // says how much (3.3.5.12).
    let (data, lent, transform) = match io.dest {
        IoDest::Body(mut body) => {
            if io.shift > 0 {
                let at = BODY_AT + io.shift;
                body.copy_within(at..at + n, BODY_AT);
            }
            body.truncate(BODY_AT + n);
            if io.descriptors.is_none() {
                body[FRAME + 2] = if n == 0 { 0 } else { msg::READ_DATA_OFFSET };
                body.set_u32(FRAME + 4, n as u32);
                return Outcome::Framed(NtStatus::SUCCESS, body);
            }
            // No lent buffer was free: the data goes from a copy.
            let mut data = body.split_off(BODY_AT);
            let transform = rdma_read_transform(ctx, &mut data);
            (data, None, transform)
        }
        IoDest::Lent(mut buf) => {
            let transform = rdma_read_transform(ctx, &mut buf.bytes_mut()[..n]);
            (Vec::new(), Some((buf, n)), transform)
        }
        IoDest::Nothing => return Fail(NtStatus::INTERNAL_ERROR),
    };
    let Some(descriptors) = io.descriptors else {
        return Fail(NtStatus::INTERNAL_ERROR);
    };
    let write = crate::rdma::RdmaWrite {
        descriptors,
        data,
        lent,
        mapped: None,
    };
    if !queue_rdma_write(ctx, io.channel, write) {
        return Fail(NtStatus::INTERNAL_ERROR);
    }
    rdma_read_response(n, transform)
}

/// Hands the transport a READ's RDMA Write (sent before the response), with the key the
/// response's Send With Invalidate retires on channel RDMA_V1_INVALIDATE. False on a
/// connection without RDMA.
fn queue_rdma_write(ctx: &Ctx, channel: u32, w: crate::rdma::RdmaWrite) -> bool {
    let Some(st) = &ctx.rdma else {
        return false;
    };
    let mut st = st.borrow_mut();
    if channel == msg::channel::RDMA_V1_INVALIDATE {
        st.invalidate = Some(w.descriptors[0].token);
    }
    st.writes.push(w);
    true
}

/// An fdatasync of `fd` for the transport's ring: a FLUSH's, or (`wrote`) the one a
/// write-through WRITE of that many bytes waits for.
fn sync_io(fd: i32, open: &Arc<Open>, wrote: Option<u32>) -> Outcome {
    Outcome::Io(ReadIo {
        fd,
        which: crate::fixed::Descriptor::Sync,
        sync: true,
        wrote,
        offset: 0,
        length: 0,
        open: open.clone(),
        minimum_count: 0,
        channel: 0,
        descriptors: None,
        dest: IoDest::Nothing,
        shift: 0,
        poll: false,
        dev: 0,
    })
}

/// The READ response's fixed part, before inline data.
const READ_HEAD: usize = 16;
/// Room for the SMB2 header at the front of a READ response built as [`Outcome::Framed`].
const FRAME: usize = smb_wire::header::HEADER_LEN;
/// Where a framed READ response's data starts.
const BODY_AT: usize = FRAME + READ_HEAD;

/// The errno values `finish_read` tells apart (Linux; the engine links no libc).
mod errno {
    pub const EIO: i32 = 5;
    pub const EISDIR: i32 = 21;
    pub const EINVAL: i32 = 22;
    pub const ENOSPC: i32 = 28;
    pub const EDQUOT: i32 = 122;
}

/// Why an async request waits.
pub enum Wait {
    Notify {
        open: Arc<Open>,
        since: u64,
        tree: bool,
        filter: u32,
        max_out: u32,
    },
    Lock {
        open: Arc<Open>,
        lock: RangeLock,
        generation: u64,
    },
    /// A CREATE waiting for oplock holders to acknowledge their breaks; it runs again
    /// once they have (or their time is up).
    Create(Box<CreateWait>),
}

pub struct CreateWait {
    pub file: Arc<FileState>,
    pub msg: Vec<u8>,
    pub hdr: smb_wire::header::Header,
    pub tree: Arc<crate::state::Tree>,
    pub encrypted: bool,
    pub dialect: u16,
    pub outbox: Arc<crate::state::Outbox>,
    pub multichannel: bool,
}

/// The durable-handle contexts of a CREATE (MS-SMB2 2.2.13.2.3-2.2.13.2.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DurableRequest {
    None,
    V1,
    V2 {
        timeout_ms: u32,
        create_guid: [u8; 16],
    },
    Reconnect {
        persistent: u64,
        /// The CreateGuid of a version 2 reconnect.
        v2: Option<[u8; 16]>,
    },
}

impl DurableRequest {
    /// Validates the combination as Windows and Samba do: one request or reconnect
    /// context of one version; version 2 only from SMB 3.
    fn parse(req: &msg::CreateRequest, dialect: u16) -> Result<Self, NtStatus> {
        let find = |n: &[u8]| req.contexts.iter().find(|c| c.name == n).map(|c| c.data);
        let smb3 = dialect >= smb_wire::negotiate::dialect::SMB30;
        let dhnq = find(b"DHnQ");
        let dhnc = find(b"DHnC");
        let dh2q = find(b"DH2Q").filter(|_| smb3);
        let dh2c = find(b"DH2C").filter(|_| smb3);
        let bad = Err(NtStatus::INVALID_PARAMETER);
        if let Some(c) = dh2c {
            if c.len() != 36 || dhnq.is_some() || dhnc.is_some() || dh2q.is_some() {
                return bad;
            }
            let r = Le(c);
            let mut guid = [0u8; 16];
            guid.copy_from_slice(&c[16..32]);
            return Ok(DurableRequest::Reconnect {
                persistent: r.u64(0).unwrap_or(0),
                v2: Some(guid),
            });
        }
        if let Some(c) = dhnc {
            if c.len() != 16 || dh2q.is_some() {
                return bad;
            }
            return Ok(DurableRequest::Reconnect {
                persistent: Le(c).u64(0).unwrap_or(0),
                v2: None,
            });
        }
        match (dhnq, dh2q) {
            (Some(_), Some(_)) => bad,
            (Some(c), None) if c.len() != 16 => bad,
            (Some(_), None) => Ok(DurableRequest::V1),
            (None, Some(c)) if c.len() != 32 => bad,
            (None, Some(c)) => {
                let mut create_guid = [0u8; 16];
                create_guid.copy_from_slice(&c[16..32]);
                Ok(DurableRequest::V2 {
                    timeout_ms: Le(c).u32(0).unwrap_or(0),
                    create_guid,
                })
            }
            (None, None) => Ok(DurableRequest::None),
        }
    }
}

/// MS-SMB2 3.3.5.22.2: a client acknowledges a lease break (2.2.24.2) with the state it
/// keeps; the response (2.2.25.2) repeats it.
fn lease_break_ack(ctx: &Ctx) -> Outcome {
    let b = &ctx.msg[smb_wire::header::HEADER_LEN..];
    if b.len() < 36 {
        return Fail(NtStatus::INVALID_PARAMETER);
    }
    let mut key = [0u8; 16];
    key.copy_from_slice(&b[8..24]);
    let state = u32::from_le_bytes(b[24..28].try_into().expect("4 bytes"));
    let guid = session(ctx).client_guid;
    match crate::lease::acknowledge(ctx.server, guid, key, state) {
        Ok(()) => {
            let mut body = Vec::with_capacity(36);
            body.put_u16(36);
            body.put_u16(0);
            body.put_u32(0);
            body.extend_from_slice(&key);
            body.put_u32(state);
            body.put_u64(0);
            Outcome::Done(NtStatus::SUCCESS, body)
        }
        Err(e) => Fail(e),
    }
}

/// The SMB2_CREATE_APP_INSTANCE_ID context's id (MS-SMB2 2.2.13.2.13), if well formed.
fn app_instance_id(req: &msg::CreateRequest) -> Option<[u8; 16]> {
    const TAG: [u8; 16] = [
        0x45, 0xBC, 0xA6, 0x6A, 0xEF, 0xA7, 0xF7, 0x4A, 0x90, 0x08, 0xFA, 0x46, 0x2E, 0x14, 0x4D,
        0x74,
    ];
    let c = req.contexts.iter().find(|c| c.name == TAG)?;
    if c.data.len() != 20 || Le(c.data).u16(0).ok()? != 20 {
        return None;
    }
    c.data[4..20].try_into().ok()
}

/// MS-SMB2 3.3.5.9.7/3.3.5.9.12: a client back after losing its connection takes over
/// its durable open, with its oplock, locks and lock sequences.
fn reconnect(
    server: &Arc<Server>,
    ctx: &Ctx,
    req: &msg::CreateRequest,
    persistent: u64,
    v2: Option<[u8; 16]>,
) -> Outcome {
    crate::oplock::expire_durable(server);
    let tree = ctx.tree.as_ref().expect("tree checked");
    let s = session(ctx);
    let mut table = server.durable.lock();
    let Some(d) = table.get(&persistent) else {
        return Fail(NtStatus::OBJECT_NAME_NOT_FOUND);
    };
    // An open with a lease comes back only with its lease key named, and by its name.
    let held_lease = d.open.file.as_ref().and_then(|fs| {
        fs.inner
            .lock()
            .opens
            .iter()
            .find(|e| e.file_id.persistent == persistent)
            .and_then(|e| e.lease)
    });
    if let Some((guid, key)) = held_lease {
        // A lease belongs to its client: only that ClientGuid may take it back.
        if s.client_guid != guid {
            return Fail(NtStatus::OBJECT_NAME_NOT_FOUND);
        }
        let asked = req
            .contexts
            .iter()
            .find(|c| c.name == b"RqLs")
            .and_then(|c| crate::lease::LeaseRequest::parse(c.data, ctx.dialect).ok());
        if asked.is_none_or(|l| l.key != key) {
            return Fail(NtStatus::OBJECT_NAME_NOT_FOUND);
        }
        let same_name = match (names::parse_create_target(req.name), &d.open.share) {
            (Ok((p, None)), Some(share)) => share.backend.canonical(&p) == *d.open.path.lock(),
            _ => false,
        };
        if !same_name {
            return Fail(NtStatus::INVALID_PARAMETER);
        }
    }
    let Some(granted) = d.open.durable else {
        return Fail(NtStatus::OBJECT_NAME_NOT_FOUND);
    };
    let same_share = match (&d.open.share, &tree.share) {
        (Some(a), Some(b)) => Arc::ptr_eq(a, b),
        _ => false,
    };
    // A version 2 reconnect must name the open's CreateGuid (zero for a version 1 open);
    // a version 1 reconnect may take over either (Windows and Samba).
    if v2.is_some_and(|g| g != granted.create_guid) || !same_share {
        return Fail(NtStatus::OBJECT_NAME_NOT_FOUND);
    }
    if d.user != s.user || d.domain != s.domain {
        return Fail(NtStatus::ACCESS_DENIED);
    }
    let d = table.remove(&persistent).expect("found above");
    drop(table);
    let old = match Arc::try_unwrap(d.open) {
        Ok(o) => o,
        Err(still_used) => {
            close_open(server, &still_used);
            return Fail(NtStatus::OBJECT_NAME_NOT_FOUND);
        }
    };
    let open = Arc::new(old.rebind(s.id, tree.id));
    let mut level = crate::state::oplock::NONE;
    let mut lease_ctx = None;
    if let Some(fs) = &open.file {
        let mut inner = fs.inner.lock();
        let mut lease = None;
        if let Some(e) = inner.opens.iter_mut().find(|e| e.file_id == open.file_id) {
            e.outbox = Some(ctx.outbox.clone());
            e.session_id = s.id;
            level = e.oplock;
            lease = e.lease;
        }
        if let Some((g, k)) = lease {
            level = crate::state::oplock::LEASE;
            for l in inner.leases.iter_mut() {
                if l.client_guid == g && l.key == k {
                    l.outbox = Some(ctx.outbox.clone());
                    lease_ctx = Some(crate::lease::response_context(l));
                }
            }
        }
        for l in inner.locks.iter_mut().filter(|l| l.owner == open.file_id) {
            l.session_id = s.id;
        }
    }
    let info = match open.file_obj().map(|f| f.info()) {
        Some(Ok(i)) => i,
        _ => {
            close_open(server, &open);
            return Fail(NtStatus::OBJECT_NAME_NOT_FOUND);
        }
    };
    s.opens.lock().insert(open.file_id.volatile, open.clone());
    tracing::debug!(persistent, "durable open reconnected");
    let ctxs = match lease_ctx {
        Some(l) => msg::encode_create_contexts(&[(b"RqLs", l)]),
        None => Vec::new(),
    };
    existing_open_response(&open, level, &info, &ctxs)
}

/// A CREATE answered with an open that already exists (reconnected or replayed).
fn existing_open_response(open: &Open, level: u8, info: &FileInfo, ctxs: &[u8]) -> Outcome {
    let mut body = Vec::with_capacity(160);
    msg::encode_create_response(
        &mut body,
        level,
        CreateAction::Opened as u32,
        &net_open(info),
        open.file_id,
        ctxs,
    );
    Outcome::Created(NtStatus::SUCCESS, body, open.file_id)
}

/// The answer to a replayed CREATE whose open exists: that open, as it is now.
fn replayed_create(open: &Arc<Open>, requested: u8) -> Outcome {
    let Some(Ok(info)) = open.file_obj().map(|f| f.info()) else {
        return Fail(NtStatus::FILE_NOT_AVAILABLE);
    };
    let level = open.file.as_ref().map_or(0, |fs| {
        fs.inner
            .lock()
            .opens
            .iter()
            .find(|e| e.file_id == open.file_id)
            .map_or(0, |e| e.oplock)
    });
    let mut rctx: Vec<(&[u8], Vec<u8>)> = Vec::new();
    if let Some(d) = open.durable {
        if requested == crate::state::oplock::BATCH {
            let mut b = Vec::new();
            b.put_u32(d.timeout_ms);
            b.put_u32(0);
            rctx.push((b"DH2Q", b));
        }
    }
    existing_open_response(open, level, &info, &msg::encode_create_contexts(&rctx))
}

/// MS-SMB2 3.3.5.22.1: a client acknowledges an oplock break.
fn oplock_break_ack(ctx: &Ctx) -> Outcome {
    let ack = match msg::OplockBreakAck::parse(ctx.msg) {
        Ok(a) => a,
        Err(smb_wire::WireError::BadValue(_)) => return lease_break_ack(ctx),
        Err(_) => return Fail(NtStatus::INVALID_PARAMETER),
    };
    let open = match find_open(ctx, ack.file_id) {
        Ok(o) => o,
        Err(e) => return Fail(e),
    };
    let Some(fs) = &open.file else {
        return Fail(NtStatus::INVALID_OPLOCK_PROTOCOL);
    };
    match crate::oplock::acknowledge(fs, open.file_id, ack.oplock_level) {
        Ok(level) => {
            let mut body = Vec::with_capacity(24);
            body.put_u16(24);
            body.put_u8(level);
            body.put_u8(0);
            body.put_u32(0);
            open.file_id.put(&mut body);
            Outcome::Done(NtStatus::SUCCESS, body)
        }
        Err(e) => Fail(e),
    }
}

use Outcome::Fail;

/// MS-SMB2 3.3.5.2.5: the payload size a request's credit charge must cover.
pub fn payload_size(cmd: Command, m: &[u8]) -> u64 {
    let r = Le(m);
    let b = smb_wire::header::HEADER_LEN;
    let v = |at: usize| u64::from(r.u32(b + at).unwrap_or(0));
    match cmd {
        Command::READ => v(4),
        Command::WRITE => v(4),
        Command::IOCTL => v(28).max(v(44)),
        Command::QUERY_DIRECTORY => v(28),
        Command::CHANGE_NOTIFY => v(4),
        Command::QUERY_INFO => v(4).max(v(12)),
        Command::SET_INFO => v(4),
        _ => 0,
    }
}

pub fn dispatch(
    server: &Arc<Server>,
    ctx: &Ctx,
    max_read: u32,
    max_write: u32,
    max_transact: u32,
) -> Outcome {
    match ctx.hdr.command() {
        Command::CREATE => create(server, ctx),
        Command::CLOSE => close(server, ctx),
        Command::FLUSH => flush(ctx),
        Command::READ => read(ctx, max_read),
        Command::WRITE => write(ctx, max_write),
        Command::LOCK => lock(server, ctx),
        Command::IOCTL => ioctl(ctx, max_transact),
        Command::QUERY_DIRECTORY => query_directory(ctx, max_transact),
        Command::CHANGE_NOTIFY => change_notify(server, ctx, max_transact),
        Command::QUERY_INFO => query_info(ctx, max_transact),
        Command::SET_INFO => set_info(server, ctx),
        Command::OPLOCK_BREAK => oplock_break_ack(ctx),
        _ => Fail(NtStatus::INVALID_PARAMETER),
    }
}

fn session<'a>(ctx: &'a Ctx<'_>) -> &'a Arc<Session> {
    ctx.session.as_ref().expect("dispatch runs in a session")
}

/// Finds the open a request names, resolving the related-compound id.
fn find_open(ctx: &Ctx, id: FileId) -> Result<Arc<Open>, NtStatus> {
    // MS-SMB2 3.3.5.2.7.2: a related request uses the FileId of the previous operation,
    // whatever it wrote itself (clients write all ones, or a stale id); with none to
    // inherit, all ones names a closed handle.
    let id = match ctx.related_file {
        Some(previous) => previous,
        None if id == FileId::RELATED => return Err(NtStatus::FILE_CLOSED),
        None => id,
    };
    let s = session(ctx);
    match s.open(id.volatile) {
        Some(o) if o.file_id.persistent == id.persistent && o.tree_id == ctx.hdr.tree_id => Ok(o),
        _ => Err(NtStatus::FILE_CLOSED),
    }
}

/// The depot directory of a file's named streams.
fn stream_dir(info: &FileInfo) -> SharePath {
    SharePath::root()
        .join(names::STREAM_DEPOT)
        .join(&format!("{:x}-{:x}", info.file_id, info.creation_time))
}

fn depot_params(disposition: Disposition, kind: Kind) -> OpenParams {
    OpenParams {
        disposition,
        kind,
        read: false,
        write: true,
        attributes: attrs::HIDDEN | attrs::SYSTEM,
        allocation_size: 0,
        write_through: false,
        direct_io: false,
    }
}

/// Where stream `name` of the file at `base` lives. A stream of a file that does not
/// exist yet creates the file when the disposition allows creating (as NTFS does).
fn stream_path(
    backend: &Arc<dyn crate::backend::Share>,
    base: &SharePath,
    name: &str,
    disposition: Disposition,
) -> Result<SharePath, NtStatus> {
    let creating = !matches!(disposition, Disposition::Open | Disposition::Overwrite);
    let info = match backend.stat(base) {
        Ok(i) => i,
        Err(NtStatus::OBJECT_NAME_NOT_FOUND) if creating => {
            let (f, _) =
                backend.open(base, &depot_params(Disposition::OpenIf, Kind::NonDirectory))?;
            f.info()?
        }
        Err(e) => return Err(e),
    };
    let dir = stream_dir(&info);
    if creating {
        let depot = SharePath::root().join(names::STREAM_DEPOT);
        backend.open(&depot, &depot_params(Disposition::OpenIf, Kind::Directory))?;
        backend.open(&dir, &depot_params(Disposition::OpenIf, Kind::Directory))?;
    }
    Ok(backend.canonical(&dir.join(name)))
}

/// Every named stream of the file `info` describes: (name, size, allocation).
fn list_streams(
    backend: &Arc<dyn crate::backend::Share>,
    info: &FileInfo,
) -> Vec<(String, u64, u64)> {
    let Ok((d, _)) = backend.open(
        &stream_dir(info),
        &depot_params(Disposition::Open, Kind::Directory),
    ) else {
        return Vec::new();
    };
    d.list_dir()
        .unwrap_or_default()
        .into_iter()
        .filter(|e| e.name != "." && e.name != "..")
        .map(|e| (e.name, e.info.end_of_file, e.info.allocation_size))
        .collect()
}

/// Removes a deleted file's named streams.
fn remove_streams(backend: &Arc<dyn crate::backend::Share>, info: &FileInfo) {
    let dir = stream_dir(info);
    for (name, _, _) in list_streams(backend, info) {
        let _ = backend.remove(&dir.join(&name), false);
    }
    let _ = backend.remove(&dir, true);
}

/// The SID a session's user acts as: a stable relative ID under one local domain, derived
/// from the user name (so it survives restarts and user-file edits).
pub fn user_sid(s: &Session) -> Vec<u8> {
    let sid = if s.anonymous {
        "S-1-5-7".to_string()
    } else if s.guest {
        "S-1-5-21-1-2-3-501".to_string()
    } else {
        let mut h: u32 = 0x811C_9DC5;
        for b in s.user.to_lowercase().bytes() {
            h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
        }
        format!("S-1-5-21-1-2-3-{}", 1000 + h % 1_000_000)
    };
    secdesc::sid_from_str(&sid).expect("well-formed SID")
}

/// Every SID a session holds for access checks.
fn token_sids(s: &Session) -> Vec<Vec<u8>> {
    let mut v = vec![user_sid(s), secdesc::sid_from_str("S-1-1-0").unwrap()];
    if !s.anonymous && !s.guest {
        v.push(secdesc::sid_from_str("S-1-5-11").unwrap());
        v.push(secdesc::sid_from_str("S-1-5-32-545").unwrap());
    }
    v
}

/// The descriptor of a file that has none stored: owned by the asking user, full
/// control for Everyone, SYSTEM and the owner (the share's own access rules apply).
fn default_sd(s: &Session) -> SecDesc {
    let owner = user_sid(s);
    let dacl = secdesc::allow_acl(&[
        (
            access::FILE_ALL_ACCESS,
            &secdesc::sid_from_str("S-1-1-0").unwrap(),
        ),
        (
            access::FILE_ALL_ACCESS,
            &secdesc::sid_from_str("S-1-5-18").unwrap(),
        ),
        (access::FILE_ALL_ACCESS, &owner),
    ]);
    SecDesc {
        control: 0x0004,
        owner: Some(owner),
        group: secdesc::sid_from_str("S-1-5-21-1-2-3-513"),
        dacl: Some(dacl),
        sacl: None,
    }
}

fn facts(i: &FileInfo, delete_pending: bool) -> FileFacts {
    FileFacts {
        creation_time: i.creation_time,
        last_access_time: i.last_access_time,
        last_write_time: i.last_write_time,
        change_time: i.change_time,
        allocation_size: i.allocation_size,
        end_of_file: if i.is_directory { 0 } else { i.end_of_file },
        attributes: i.attributes,
        // MS-FSA: links marked deleted (delete pending) are not counted. A directory has
        // one name, as on NTFS (the file system's count includes its subdirectories' "..").
        number_of_links: if i.is_directory {
            1
        } else {
            i.number_of_links.max(1)
        } - u32::from(delete_pending),
        delete_pending,
        is_directory: i.is_directory,
        index_number: i.file_id,
        volume_serial: i.device_id,
        ea_size: i.ea_size,
    }
}

fn net_open(i: &FileInfo) -> msg::NetworkOpenInfo {
    msg::NetworkOpenInfo {
        creation_time: i.creation_time,
        last_access_time: i.last_access_time,
        last_write_time: i.last_write_time,
        change_time: i.change_time,
        allocation_size: i.allocation_size,
        end_of_file: if i.is_directory { 0 } else { i.end_of_file },
        attributes: i.attributes,
    }
}

/// MS-SMB2 3.3.5.9 / MS-DTYP 2.4.3 generic rights mapping for files.
fn map_generic(mut a: u32, maximal: u32) -> u32 {
    if a & access::GENERIC_READ != 0 {
        a |= 0x0012_0089;
    }
    if a & access::GENERIC_WRITE != 0 {
        a |= 0x0012_0116;
    }
    if a & access::GENERIC_EXECUTE != 0 {
        a |= 0x0012_00A0;
    }
    if a & (access::GENERIC_ALL | access::MAXIMUM_ALLOWED) != 0 {
        a |= maximal;
    }
    a & !(access::GENERIC_ALL
        | access::GENERIC_READ
        | access::GENERIC_WRITE
        | access::GENERIC_EXECUTE
        | access::MAXIMUM_ALLOWED)
}

const WRITE_RIGHTS: u32 = access::FILE_WRITE_DATA
    | access::FILE_APPEND_DATA
    | access::FILE_WRITE_ATTRIBUTES
    | access::FILE_WRITE_EA
    | access::DELETE
    | access::WRITE_DAC
    | access::WRITE_OWNER
    | access::FILE_DELETE_CHILD;

// ------------------------------------------------------------------ CREATE

fn create(server: &Arc<Server>, ctx: &Ctx) -> Outcome {
    let Ok(req) = msg::CreateRequest::parse(ctx.msg) else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    let durable_req = match DurableRequest::parse(&req, ctx.dialect) {
        Ok(d) => d,
        Err(e) => return Fail(e),
    };
    // A reconnect names its open by FileId; the request's other fields do not matter.
    if let DurableRequest::Reconnect { persistent, v2 } = durable_req {
        return reconnect(server, ctx, &req, persistent, v2);
    }
    if req.impersonation_level > 3 {
        return Fail(NtStatus::BAD_IMPERSONATION_LEVEL);
    }
    if req.disposition > 5
        || req.options & co::DIRECTORY_FILE != 0 && req.options & co::NON_DIRECTORY_FILE != 0
        || req.options & co::RESERVED_MASK != 0
        || req.file_attributes & !0x7FB7 != 0
        || req.share_access & !7 != 0
    {
        return Fail(NtStatus::INVALID_PARAMETER);
    }
    if req.desired_access & 0x0CE0_FE00 != 0 {
        return Fail(NtStatus::ACCESS_DENIED);
    }
    for c in &req.contexts {
        // No previous versions (snapshots) to open: such a name does not exist here.
        if c.name == b"TWrp" {
            return Fail(NtStatus::OBJECT_NAME_NOT_FOUND);
        }
    }
    // MS-SMB2 3.3.5.9.10: a replayed CREATE gets the open it made the first time; a
    // CreateGuid already in use otherwise is a duplicate.
    if let DurableRequest::V2 { create_guid, .. } = durable_req {
        let same = session(ctx)
            .opens
            .lock()
            .values()
            .find(|o| {
                o.durable
                    .is_some_and(|d| d.v2 && d.create_guid == create_guid)
            })
            .cloned();
        if let Some(o) = same {
            if ctx.hdr.flags & smb_wire::header::flags::REPLAY_OPERATION == 0 {
                return Fail(NtStatus::DUPLICATE_OBJECTID);
            }
            return replayed_create(&o, req.oplock_level);
        }
    }
    // A security descriptor for a file this CREATE makes (MS-SMB2 2.2.13.2).
    let create_sd = match req.contexts.iter().find(|c| c.name == b"SecD") {
        Some(c) => match SecDesc::parse(c.data) {
            Ok(d) => Some(d),
            Err(e) => return Fail(e),
        },
        None => None,
    };
    // Extended attributes to give a file this CREATE makes (MS-SMB2 2.2.13.2.1).
    let create_eas = match req.contexts.iter().find(|c| c.name == b"ExtA") {
        Some(c) => match fscc::parse_full_ea_list(c.data) {
            Ok(l) => Some(l),
            Err(e) => return Fail(e),
        },
        None => None,
    };
    let tree = ctx.tree.as_ref().expect("tree checked");
    let s = session(ctx);
    if s.opens.lock().len() >= server.cfg.max_opens_per_session {
        return Fail(NtStatus::INSUFFICIENT_RESOURCES);
    }
    let Some(share) = tree.share.clone() else {
        return create_pipe(server, ctx, &req);
    };
    // A place in the open-file budget before any descriptor is taken (an O_DIRECT share's
    // opens may hold two).
    let weight = if share.direct_io { 2 } else { 1 };
    let mut slot = match server
        .budget
        .take(&format!("{}\\{}", s.domain, s.user), weight)
    {
        Ok(slot) => slot,
        Err(why) => {
            refused_open(ctx, &s.user, why);
            return Fail(NtStatus::INSUFFICIENT_RESOURCES);
        }
    };
    let (path, stream) = match names::parse_create_target(req.name) {
        Ok((p, st)) => (share.backend.canonical(&p), st),
        Err(e) => return Fail(e),
    };
    let mut granted = map_generic(req.desired_access, tree.maximal_access);
    if granted & access::ACCESS_SYSTEM_SECURITY != 0 {
        return Fail(NtStatus::PRIVILEGE_NOT_HELD);
    }
    if share.read_only && granted & WRITE_RIGHTS != 0 {
        return Fail(NtStatus::ACCESS_DENIED);
    }
    let disposition = match req.disposition {
        0 => Disposition::Supersede,
        1 => Disposition::Open,
        2 => Disposition::Create,
        3 => Disposition::OpenIf,
        4 => Disposition::Overwrite,
        _ => Disposition::OverwriteIf,
    };
    let kind = if req.options & co::DIRECTORY_FILE != 0 {
        Kind::Directory
    } else if req.options & co::NON_DIRECTORY_FILE != 0 {
        Kind::NonDirectory
    } else {
        Kind::Any
    };
    if kind == Kind::Directory
        && !matches!(
            disposition,
            Disposition::Open | Disposition::Create | Disposition::OpenIf
        )
    {
        return Fail(NtStatus::INVALID_PARAMETER);
    }
    // A named stream is a regular file in the share's stream depot.
    let (path, stream_of) = match stream {
        None => (path, None),
        Some(name) => {
            if kind == Kind::Directory {
                return Fail(NtStatus::NOT_A_DIRECTORY);
            }
            match stream_path(&share.backend, &path, &name, disposition) {
                Ok(p) => {
                    // The stream's name as stored (streams are case-preserving too).
                    let stored = p.split_last().map_or(name, |(_, n)| n.to_string());
                    (p, Some((path, stored)))
                }
                Err(e) => return Fail(e),
            }
        }
    };
    if path.is_root() && matches!(disposition, Disposition::Create) {
        return Fail(NtStatus::OBJECT_NAME_COLLISION);
    }
    let delete_on_close = req.options & co::DELETE_ON_CLOSE != 0;
    if delete_on_close && granted & access::DELETE == 0 {
        return Fail(NtStatus::ACCESS_DENIED);
    }
    if share.read_only && !matches!(disposition, Disposition::Open | Disposition::OpenIf) {
        return Fail(NtStatus::ACCESS_DENIED);
    }
    let alloc = req
        .contexts
        .iter()
        .find(|c| c.name == b"AlSi")
        .and_then(|c| Le(c.data).u64(0).ok())
        .unwrap_or(0);
    let overwrite = matches!(
        disposition,
        Disposition::Overwrite | Disposition::OverwriteIf | Disposition::Supersede
    );
    let app_instance = app_instance_id(&req);
    // A lease (SMB 2.1+): asked with oplock level LEASE and an RqLs context.
    let lease_req = match req.contexts.iter().find(|c| c.name == b"RqLs") {
        Some(c)
            if req.oplock_level == crate::state::oplock::LEASE
                && ctx.dialect >= smb_wire::negotiate::dialect::SMB21 =>
        {
            match crate::lease::LeaseRequest::parse(c.data, ctx.dialect) {
                Ok(l) => Some(l),
                Err(e) => return Fail(e),
            }
        }
        _ => None,
    };
    crate::oplock::expire_durable(server);
    // Serialize creates on the file table so the share-mode check and the open agree.
    let mut files = server.files.lock();
    let existing = share.backend.stat(&path).ok();
    // MS-FSA 2.1.5.1: a name ending in a backslash names a directory; FILE_CREATE of a
    // name that exists fails before anything else is looked at (whatever the kind).
    let trailing = req.name.len() >= 2 && req.name[req.name.len() - 2..] == [b'\\', 0];
    if trailing && stream_of.is_none() && !path.is_root() {
        let refused = match &existing {
            Some(info) => !info.is_directory,
            None => req.options & co::DIRECTORY_FILE == 0,
        };
        if refused {
            return Fail(NtStatus::OBJECT_NAME_INVALID);
        }
    }
    if existing.is_some() && matches!(disposition, Disposition::Create) {
        return Fail(NtStatus::OBJECT_NAME_COLLISION);
    }
    // MS-FSA 2.1.5.1.1: a new file made read-only cannot also be deleted on close.
    if existing.is_none() && delete_on_close && req.file_attributes & attrs::READONLY != 0 {
        return Fail(NtStatus::CANNOT_DELETE);
    }
    if let Some(info) = &existing {
        let key = (info.device_id, info.file_id);
        // Disconnected durable opens holding an oplock this open breaks are closed.
        // MS-SMB2 3.3.5.9.13: an open of the same application instance (a clustered VM
        // that failed over to another host) takes the file over: the old open closes.
        let (stale, replaced) = match files.get(&key) {
            Some(fs) => {
                let inner = fs.inner.lock();
                let replaced: Vec<FileId> = inner
                    .opens
                    .iter()
                    .filter(|o| app_instance.is_some() && o.app_instance == app_instance)
                    .map(|o| o.file_id)
                    .collect();
                (
                    crate::oplock::stale_holders(&inner, granted, req.share_access),
                    replaced,
                )
            }
            None => Default::default(),
        };
        if !stale.is_empty() || !replaced.is_empty() {
            drop(files);
            for id in stale {
                crate::oplock::drop_durable(server, id.persistent);
            }
            for id in replaced {
                crate::oplock::close_by_id(server, id);
            }
            files = server.files.lock();
        }
        if let Some(fs) = files.get(&key) {
            let mut inner = fs.inner.lock();
            if inner.delete_pending {
                return Fail(NtStatus::DELETE_PENDING);
            }
            let conflict = inner.share_conflict(granted, req.share_access);
            // Oplock holders are told first; the open waits (async) for their answer.
            let wait = crate::oplock::break_for_open(
                &mut inner,
                granted,
                conflict,
                overwrite,
                lease_req.map(|l| (s.client_guid, l.key)),
            );
            if wait && ctx.can_wait {
                return Outcome::Wait(Wait::Create(Box::new(CreateWait {
                    file: fs.clone(),
                    msg: ctx.msg.to_vec(),
                    hdr: ctx.hdr,
                    tree: (*tree).clone(),
                    encrypted: ctx.encrypted,
                    dialect: ctx.dialect,
                    outbox: ctx.outbox.clone(),
                    multichannel: ctx.multichannel,
                })));
            }
            if conflict {
                return Fail(NtStatus::SHARING_VIOLATION);
            }
        }
        if info.attributes & attrs::READONLY != 0 {
            if granted & (access::FILE_WRITE_DATA | access::FILE_APPEND_DATA) != 0
                && req.desired_access & access::MAXIMUM_ALLOWED == 0
            {
                return Fail(NtStatus::ACCESS_DENIED);
            }
            granted &= !(access::FILE_WRITE_DATA | access::FILE_APPEND_DATA);
            if delete_on_close {
                return Fail(NtStatus::CANNOT_DELETE);
            }
        }
        // MS-FSA 2.1.5.1.2.1: overwriting a hidden or system file must keep it so.
        let kept = attrs::HIDDEN | attrs::SYSTEM;
        if overwrite && info.attributes & kept & !req.file_attributes != 0 {
            return Fail(NtStatus::ACCESS_DENIED);
        }
        if info.is_directory && kind == Kind::NonDirectory {
            return Fail(NtStatus::FILE_IS_A_DIRECTORY);
        }
        if !info.is_directory && kind == Kind::Directory {
            return Fail(NtStatus::NOT_A_DIRECTORY);
        }
    }
    // One lease key names one file (MS-SMB2 3.3.5.9.8).
    if let Some(l) = &lease_req {
        let here = existing
            .as_ref()
            .and_then(|i| files.get(&(i.device_id, i.file_id)));
        let elsewhere = server
            .lease_files
            .lock()
            .get(&(s.client_guid, l.key))
            .is_some_and(|f| here.is_none_or(|h| !Arc::ptr_eq(f, h)));
        if elsewhere {
            return Fail(NtStatus::INVALID_PARAMETER);
        }
    }
    let params = OpenParams {
        disposition,
        kind,
        read: granted & (access::FILE_READ_DATA | access::FILE_EXECUTE) != 0,
        write: granted
            & (access::FILE_WRITE_DATA
                | access::FILE_APPEND_DATA
                | access::FILE_WRITE_ATTRIBUTES
                | access::FILE_WRITE_EA)
            != 0
            || !matches!(
                disposition,
                Disposition::Open | Disposition::OpenIf | Disposition::Create
            ),
        attributes: req.file_attributes,
        allocation_size: alloc,
        write_through: req.options & co::WRITE_THROUGH != 0 || share.write_through,
        direct_io: share.direct_io,
    };
    // An existing file's DACL decides what this open may have (MS-FSA 2.1.5.1.2.1);
    // checked before the open so that a refused OVERWRITE changes nothing.
    if !matches!(disposition, Disposition::Create) {
        let sd = share
            .backend
            .security(&path)
            .and_then(|b| SecDesc::parse(&b).ok())
            .filter(|d| d.has_dacl());
        if let Some(sd) = sd {
            let mut allowed =
                sd.granted(&token_sids(s)) | access::SYNCHRONIZE | access::FILE_READ_ATTRIBUTES;
            // A parent without a DACL of its own grants FILE_DELETE_CHILD.
            let parent_open = path.split_last().is_none_or(|(parent, _)| {
                share
                    .backend
                    .security(&parent)
                    .and_then(|b| SecDesc::parse(&b).ok())
                    .is_none_or(|d| !d.has_dacl())
            });
            if parent_open {
                allowed |= access::DELETE;
            }
            if req.desired_access & access::MAXIMUM_ALLOWED != 0 {
                granted &= allowed;
            } else if granted & !allowed != 0 {
                return Fail(NtStatus::ACCESS_DENIED);
            }
        }
    }
    // A name Windows could not reach is not created (an existing file still opens).
    let may_create = !matches!(disposition, Disposition::Open | Disposition::Overwrite);
    if existing.is_none() && may_create && stream_of.is_none() {
        if let Some((_, leaf)) = path.split_last() {
            if !names::creatable(leaf) {
                return Fail(NtStatus::OBJECT_NAME_INVALID);
            }
        }
    }
    let (obj, action) = match share.backend.open(&path, &params) {
        Ok(v) => v,
        // The name does not exist, so a component before it is the file that is no
        // directory: the path is not found (as Windows answers "file.txt\\x").
        Err(NtStatus::NOT_A_DIRECTORY) if existing.is_none() => {
            return Fail(NtStatus::OBJECT_PATH_NOT_FOUND)
        }
        Err(e) => return Fail(e),
    };
    if let (
        Some(new),
        CreateAction::Created | CreateAction::Superseded | CreateAction::Overwritten,
    ) = (&create_sd, action)
    {
        // Parts the client's descriptor leaves out come from the default (as
        // inheritance would supply them).
        let mut sd = default_sd(s);
        sd.merge(new, new.present());
        match obj.set_security(&sd.encode(0)) {
            // A share that keeps no descriptors (said at its start): the file is made
            // with the default one, as a FAT volume would.
            Ok(()) | Err(NtStatus::NOT_SUPPORTED) => {}
            Err(e) => return Fail(e),
        }
    }
    if let (
        Some(eas),
        CreateAction::Created | CreateAction::Overwritten | CreateAction::Superseded,
    ) = (&create_eas, action)
    {
        let set: Vec<_> = eas
            .iter()
            .filter(|e| !e.value.is_empty())
            .cloned()
            .collect();
        if let Err(e) = obj.set_eas(&set) {
            return Fail(e);
        }
    }
    let info = match obj.info() {
        Ok(i) => i,
        Err(e) => return Fail(e),
    };
    if info.is_directory {
        granted &= !(access::FILE_WRITE_DATA | access::FILE_APPEND_DATA)
            | (granted & access::FILE_APPEND_DATA);
    }
    let key = (info.device_id, info.file_id);
    let fs = files
        .entry(key)
        .or_insert_with(|| Arc::new(FileState::default()))
        .clone();
    if matches!(action, CreateAction::Overwritten | CreateAction::Superseded) {
        fs.unmap();
    }
    let file_id = FileId {
        persistent: server.new_id(),
        volatile: server.new_id(),
    };
    // No directory leases (SMB2_GLOBAL_CAP_DIRECTORY_LEASING is not offered: no lease,
    // no oplock).
    let lease_req = lease_req.filter(|_| !info.is_directory);
    if let Some(l) = &lease_req {
        server
            .lease_files
            .lock()
            .entry((s.client_guid, l.key))
            .or_insert_with(|| fs.clone());
    }
    let lease_key = lease_req.map(|l| (s.client_guid, l.key));
    let (level, lease) = {
        let mut inner = fs.inner.lock();
        let lease = lease_req.map(|l| {
            // W only for the lease's own opens.
            let others = inner.opens.iter().filter(|o| {
                o.lease != lease_key
                    && (o.lease.is_some() || !crate::oplock::is_stat_open(o.access))
            });
            let mut allowed = crate::lease::R | crate::lease::H | crate::lease::W;
            for o in others {
                allowed &= !crate::lease::W;
                // Beside an oplock (broken to Level II by now) a lease caches reads only.
                if o.oplock != crate::state::oplock::NONE {
                    allowed &= crate::lease::R;
                }
            }
            let i = crate::lease::grant(&mut inner, s.client_guid, &l, ctx.outbox, allowed);
            fs.leased.store(true, Ordering::Release);
            (
                inner.leases[i].state,
                crate::lease::response_context(&inner.leases[i]),
            )
        });
        let level = if lease.is_some() {
            crate::state::oplock::LEASE
        } else {
            crate::oplock::grant(
                req.oplock_level,
                crate::oplock::is_stat_open(granted) && !overwrite,
                info.is_directory,
                &inner,
            )
        };
        inner.opens.push(FileOpenEntry {
            file_id,
            access: granted,
            share_access: req.share_access,
            session_id: s.id,
            oplock: if lease.is_some() {
                crate::state::oplock::NONE
            } else {
                level
            },
            breaking: None,
            outbox: Some(ctx.outbox.clone()),
            app_instance,
            lease: lease_key,
        });
        if level == crate::state::oplock::LEVEL_II {
            fs.level2.store(true, Ordering::Release);
        }
        (level, lease)
    };
    drop(files);
    // A durable handle needs a batch oplock or a lease that caches handles (MS-SMB2
    // 3.3.5.9.6, 3.3.5.9.10).
    let caches_handle = level == crate::state::oplock::BATCH
        || lease
            .as_ref()
            .is_some_and(|(state, _)| state & crate::lease::H != 0);
    let durable = match durable_req {
        DurableRequest::V1 if caches_handle => Some(Durable {
            v2: false,
            create_guid: [0; 16],
            timeout_ms: 16 * 60 * 1000,
        }),
        DurableRequest::V2 {
            timeout_ms,
            create_guid,
        } if caches_handle => Some(Durable {
            v2: true,
            create_guid,
            timeout_ms: match timeout_ms {
                0 => 60_000,
                t => t.min(300_000),
            },
        }),
        _ => None,
    };
    // Past the durable-handle bounds the open is granted, without durability.
    let durable = durable.filter(|_| slot.try_durable());
    let open = Arc::new(Open {
        file_id,
        tree_id: tree.id,
        session_id: s.id,
        share: Some(share.clone()),
        path: Mutex::new(path.clone()),
        stream: stream_of,
        kind: OpenKind::File(obj),
        granted_access: granted,
        share_access: req.share_access,
        is_directory: info.is_directory,
        create_options: req.options,
        file: Some(fs),
        dir: Mutex::new(DirCursor::default()),
        position: AtomicU64::new(0),
        mode: AtomicU64::new(0),
        delete_on_close: AtomicBool::new(delete_on_close),
        resilient: AtomicBool::new(false),
        ea_cursor: std::sync::atomic::AtomicU32::new(0),
        lock_seq: Mutex::new([crate::state::LOCK_SEQ_NONE; 64]),
        modified: AtomicBool::new(false),
        closed: AtomicBool::new(false),
        durable,
        key: Default::default(),
        slot: Some(slot),
    });
    s.opens.lock().insert(file_id.volatile, open);
    let filter = if info.is_directory {
        notify_filter::DIR_NAME
    } else {
        notify_filter::FILE_NAME
    };
    match action {
        CreateAction::Created => {
            server
                .notify
                .publish(&share.name, &path, notify_action::ADDED, filter)
        }
        CreateAction::Overwritten | CreateAction::Superseded => server.notify.publish(
            &share.name,
            &path,
            notify_action::MODIFIED,
            notify_filter::SIZE | notify_filter::LAST_WRITE | notify_filter::ATTRIBUTES,
        ),
        CreateAction::Opened => {}
    }
    let mut rctx: Vec<(&[u8], Vec<u8>)> = Vec::new();
    for c in &req.contexts {
        if c.name == b"MxAc" {
            let mut d = Vec::new();
            d.put_u32(0);
            d.put_u32(tree.maximal_access);
            rctx.push((b"MxAc", d));
        } else if c.name == b"QFid" {
            let mut d = Vec::new();
            d.put_u64(info.file_id);
            d.put_u64(info.device_id);
            d.put_zeros(16);
            rctx.push((b"QFid", d));
        }
    }
    if let Some((_, ctxdata)) = lease {
        rctx.push((b"RqLs", ctxdata));
    }
    match durable {
        Some(d) if d.v2 => {
            let mut b = Vec::new();
            b.put_u32(d.timeout_ms);
            b.put_u32(0);
            rctx.push((b"DH2Q", b));
        }
        Some(_) => rctx.push((b"DHnQ", vec![0; 8])),
        None => {}
    }
    let ctxs = msg::encode_create_contexts(&rctx);
    let mut body = Vec::with_capacity(160);
    msg::encode_create_response(
        &mut body,
        level,
        action as u32,
        &net_open(&info),
        file_id,
        &ctxs,
    );
    Outcome::Created(NtStatus::SUCCESS, body, file_id)
}

/// Says that an open was refused by the open-file budget, at most once per ten seconds.
fn refused_open(ctx: &Ctx, user: &str, why: crate::budget::Refusal) {
    static LAST: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    if crate::stats::log_due(&LAST, ctx.now) {
        let budget = &ctx.server.budget;
        let l = budget.limits();
        tracing::warn!(
            user,
            bound = ?why,
            held = budget.files(),
            max_open_files = l.max_open_files,
            max_opens_per_user = l.max_opens_per_user,
            "open refused: INSUFFICIENT_RESOURCES (limits.max_open_files / max_opens_per_user)"
        );
    }
}

fn create_pipe(server: &Arc<Server>, ctx: &Ctx, req: &msg::CreateRequest) -> Outcome {
    let name = smb_wire::codec::utf16_to_string(req.name).unwrap_or_default();
    let name = name.trim_start_matches('\\');
    let name = name.strip_prefix("PIPE\\").unwrap_or(name);
    if !name.eq_ignore_ascii_case("srvsvc") {
        return Fail(NtStatus::OBJECT_NAME_NOT_FOUND);
    }
    let s = session(ctx);
    let tree = ctx.tree.as_ref().expect("tree");
    let file_id = FileId {
        persistent: server.new_id(),
        volatile: server.new_id(),
    };
    let open = Arc::new(Open {
        file_id,
        tree_id: tree.id,
        session_id: s.id,
        share: None,
        path: Mutex::new(SharePath::root()),
        stream: None,
        kind: OpenKind::Pipe(Mutex::new(SrvsvcPipe::new(&server.cfg.netbios_name))),
        granted_access: map_generic(req.desired_access, access::FILE_ALL_ACCESS),
        share_access: req.share_access,
        is_directory: false,
        create_options: req.options,
        file: None,
        dir: Mutex::new(DirCursor::default()),
        position: AtomicU64::new(0),
        mode: AtomicU64::new(0),
        delete_on_close: AtomicBool::new(false),
        resilient: AtomicBool::new(false),
        ea_cursor: std::sync::atomic::AtomicU32::new(0),
        lock_seq: Mutex::new([crate::state::LOCK_SEQ_NONE; 64]),
        modified: AtomicBool::new(false),
        closed: AtomicBool::new(false),
        durable: None,
        key: Default::default(),
        // (A pipe holds no descriptor: counted among the opens, weighing nothing.)
        slot: server
            .budget
            .take(&format!("{}\\{}", s.domain, s.user), 0)
            .ok(),
    });
    s.opens.lock().insert(file_id.volatile, open);
    let info = msg::NetworkOpenInfo {
        attributes: attrs::NORMAL,
        allocation_size: 4096,
        ..Default::default()
    };
    let mut body = Vec::new();
    msg::encode_create_response(&mut body, 0, 1, &info, file_id, &[]);
    Outcome::Created(NtStatus::SUCCESS, body, file_id)
}

fn share_entries(server: &Server) -> Vec<ShareEntry> {
    let mut v: Vec<ShareEntry> = server
        .shares
        .iter()
        .map(|s| ShareEntry {
            name: s.name.clone(),
            share_type: STYPE_DISKTREE,
            comment: s.comment.clone(),
            path: format!("C:\\{}", s.name),
        })
        .collect();
    v.push(ShareEntry {
        name: "IPC$".into(),
        share_type: STYPE_IPC_SPECIAL,
        comment: "IPC Service".into(),
        path: String::new(),
    });
    v
}

// ------------------------------------------------------------------ CLOSE

fn close(server: &Arc<Server>, ctx: &Ctx) -> Outcome {
    let Ok(req) = msg::CloseRequest::parse(ctx.msg) else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    let open = match find_open(ctx, req.file_id) {
        Ok(o) => o,
        Err(e) => return Fail(e),
    };
    let post = if req.flags & msg::CLOSE_FLAG_POSTQUERY_ATTRIB != 0 {
        open.file_obj()
            .and_then(|f| f.info().ok())
            .map(|i| net_open(&i))
    } else {
        None
    };
    session(ctx).opens.lock().remove(&open.file_id.volatile);
    close_open(server, &open);
    let mut body = Vec::with_capacity(60);
    msg::encode_close_response(&mut body, post.as_ref());
    Outcome::Done(NtStatus::SUCCESS, body)
}

/// Releases an open (already removed from its session's table): share modes, locks, and
/// delete-on-close when it was the last open of a doomed file.
pub fn close_open(server: &Server, open: &Open) {
    if open.closed.swap(true, Ordering::AcqRel) {
        return;
    }
    let Some(fs) = &open.file else {
        return;
    };
    let share = open.share.as_ref().expect("file opens have a share");
    let path = open.path.lock().clone();
    let mut files = server.files.lock();
    let (last, doomed) = {
        let mut inner = fs.inner.lock();
        if open.delete_on_close.load(Ordering::Acquire) {
            inner.delete_pending = true;
        }
        inner.opens.retain(|o| o.file_id != open.file_id);
        inner.locks.retain(|l| l.owner != open.file_id);
        fs.note_range_locks(&inner);
        if !inner.leases.is_empty() {
            crate::lease::release(server, fs, &mut inner);
        }
        (inner.opens.is_empty(), inner.delete_pending)
    };
    if last {
        files.retain(|_, v| !Arc::ptr_eq(v, fs));
    }
    drop(files);
    server.lock_generation.fetch_add(1, Ordering::AcqRel);
    let filter = if open.is_directory {
        notify_filter::DIR_NAME
    } else {
        notify_filter::FILE_NAME
    };
    if last && doomed {
        let info = match open.stream {
            None => open.file_obj().and_then(|f| f.info().ok()),
            Some(_) => None,
        };
        if share.backend.remove(&path, open.is_directory).is_ok() {
            if let Some(info) = &info {
                remove_streams(&share.backend, info);
            }
            server
                .notify
                .publish(&share.name, &path, notify_action::REMOVED, filter);
        }
    } else if open.modified.load(Ordering::Relaxed) {
        server.notify.publish(
            &share.name,
            &path,
            notify_action::MODIFIED,
            notify_filter::SIZE | notify_filter::LAST_WRITE,
        );
    }
}

/// Ends a session (its last connection lost, LOGOFF, or replaced by a reconnecting
/// client): its opens close, except durable ones, which wait for their client to
/// reconnect (Windows and Samba keep them through a LOGOFF too).
pub fn teardown_session(server: &Server, s: &Session) {
    s.expired.store(true, Ordering::Release);
    let opens: Vec<Arc<Open>> = s.opens.lock().drain().map(|(_, o)| o).collect();
    for o in opens {
        if o.durable.is_some() && !o.closed.load(Ordering::Acquire) {
            crate::oplock::preserve(server, s, o);
        } else {
            close_open(server, &o);
        }
    }
    for (_, t) in s.trees.lock().drain() {
        t.gone.store(true, Ordering::Release);
    }
}

pub fn tree_disconnect(server: &Arc<Server>, ctx: &Ctx) -> Outcome {
    if msg::parse_small(ctx.msg).is_err() {
        return Fail(NtStatus::INVALID_PARAMETER);
    }
    let s = session(ctx);
    let tid = ctx.hdr.tree_id;
    let opens: Vec<Arc<Open>> = {
        let mut all = s.opens.lock();
        let ids: Vec<u64> = all
            .iter()
            .filter(|(_, o)| o.tree_id == tid)
            .map(|(k, _)| *k)
            .collect();
        ids.iter().filter_map(|k| all.remove(k)).collect()
    };
    for o in opens {
        close_open(server, &o);
    }
    if let Some(t) = s.trees.lock().remove(&tid) {
        t.gone.store(true, Ordering::Release);
    }
    Outcome::Done(NtStatus::SUCCESS, small_body())
}

// ------------------------------------------------------------------ FLUSH / READ / WRITE

fn flush(ctx: &Ctx) -> Outcome {
    let Ok(id) = msg::parse_flush(ctx.msg) else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    let open = match find_open(ctx, id) {
        Ok(o) => o,
        Err(e) => return Fail(e),
    };
    let Some(f) = open.file_obj() else {
        return Outcome::Done(NtStatus::SUCCESS, small_body());
    };
    if !open.can_write() && !open.is_directory {
        return Fail(NtStatus::ACCESS_DENIED);
    }
    // The worker's ring does the fdatasync when it can: the worker serves other
    // requests while the device flushes, and answers once it has.
    if let (true, Some(fd)) = (ctx.defer_io, f.sync_fd()) {
        return sync_io(fd, &open, None);
    }
    match f.sync() {
        Ok(()) => Outcome::Done(NtStatus::SUCCESS, small_body()),
        Err(e) => Fail(e),
    }
}

/// The open a READ or WRITE names, after the checks both share: a length within the
/// negotiated max, and RDMA channels only on SMB Direct, with valid descriptors. Returns
/// the descriptors of an RDMA channel request.
fn data_open(
    ctx: &Ctx,
    write: bool,
    channel: u32,
    info: &[u8],
    length: u32,
    max: u32,
    id: FileId,
) -> Result<(Arc<Open>, Option<msg::Descriptors>), NtStatus> {
    if length > max {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    let descs = if channel == msg::channel::NONE {
        None
    } else {
        let Some(l) = ctx.rdma_limits else {
            return Err(NtStatus::INVALID_PARAMETER);
        };
        let (max_rw, transforms) = (l.max_read_write, l.transforms);
        // A READ never names channel 3: the server transforms its data on its own.
        if !write && channel == msg::channel::RDMA_TRANSFORM {
            return Err(NtStatus::INVALID_PARAMETER);
        }
        // The payload would cross the wire in the clear: an encrypted request may use an
        // RDMA channel only through the encryption transform.
        let encrypts = if write {
            channel == msg::channel::RDMA_TRANSFORM
        } else {
            ctx.dialect == smb_wire::negotiate::dialect::SMB311
                && transforms.contains(smb_wire::rdma_transform::id::ENCRYPTION)
        };
        if ctx.encrypted && !encrypts {
            return Err(NtStatus::ACCESS_DENIED);
        }
        Some(crate::rdma::check_channel(
            channel,
            info,
            length,
            ctx.dialect,
            max_rw,
            transforms,
        )?)
    };
    Ok((find_open(ctx, id)?, descs))
}

fn read(ctx: &Ctx, max_read: u32) -> Outcome {
    let Ok(req) = msg::ReadRequest::parse(ctx.msg) else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    let (open, descs) = match data_open(
        ctx,
        false,
        req.channel,
        req.channel_info,
        req.length,
        max_read,
        req.file_id,
    ) {
        Ok(o) => o,
        Err(e) => return Fail(e),
    };
    if descs.is_some() && !matches!(open.kind, OpenKind::File(_)) {
        return Fail(NtStatus::INVALID_PARAMETER);
    }
    if let OpenKind::Pipe(p) = &open.kind {
        return match p.lock().read(req.length as usize) {
            None => Fail(NtStatus::PIPE_EMPTY),
            Some((data, more)) => {
                let mut body = Vec::with_capacity(16 + data.len());
                msg::encode_read_response_head(&mut body, data.len() as u32, 0);
                body.extend_from_slice(&data);
                let st = if more {
                    NtStatus::BUFFER_OVERFLOW
                } else {
                    NtStatus::SUCCESS
                };
                Outcome::Done(st, body)
            }
        };
    }
    if open.is_directory {
        return Fail(NtStatus::INVALID_DEVICE_REQUEST);
    }
    if !open.can_read() {
        return Fail(NtStatus::ACCESS_DENIED);
    }
    if req
        .offset
        .checked_add(u64::from(req.length))
        .is_none_or(|e| e > i64::MAX as u64)
    {
        return Fail(NtStatus::INVALID_PARAMETER);
    }
    if let Some(fs) = &open.file {
        if io_blocked(
            ctx.server,
            fs,
            open.file_id,
            req.offset,
            u64::from(req.length),
            false,
        ) {
            return Fail(NtStatus::FILE_LOCK_CONFLICT);
        }
    }
    let f = open.file_obj().expect("file");
    let len = req.length as usize;
    if let (Some(d), true) = (&descs, req.minimum_count <= req.length) {
        if let Some(map) = mapped_read(ctx, &open, f, req.offset, len) {
            open.position
                .store(req.offset + len as u64, Ordering::Relaxed);
            let write = crate::rdma::RdmaWrite {
                descriptors: d.clone(),
                data: Vec::new(),
                lent: None,
                mapped: Some(crate::rdma::MappedRange {
                    map,
                    offset: req.offset as usize,
                    len,
                }),
            };
            // (mapped_read found the connection's RDMA state.)
            queue_rdma_write(ctx, req.channel, write);
            return rdma_read_response(len, None);
        }
    }
    // A direct_io file: an aligned read goes to the device through the O_DIRECT twin,
    // straight into the lent buffer (the data then leaves from it by RDMA Write: no CPU
    // touches it) or into the response. Nothing to try in the page cache first.
    let direct = f
        .direct()
        .filter(|d| ctx.defer_io && d.fits(req.offset, len));
    // SMB Direct with a lent registered buffer free: the storage reads straight into it
    // and the data leaves by RDMA Write from there (no payload copy). Otherwise the data
    // goes into the response.
    let lent = match (&descs, &ctx.rdma) {
        (Some(_), Some(st)) => {
            let mut st = st.borrow_mut();
            st.lent
                .iter()
                .position(|b| b.capacity() >= len)
                .map(|i| st.lent.swap_remove(i))
        }
        _ => None,
    };
    let dest = match lent {
        Some(b) => IoDest::Lent(b),
        None => {
            // Room for the header first: the response goes out as built, not copied.
            // (With room to shift the data to an aligned address for a direct read.)
            let align = direct.map_or(0, |d| d.mem_align as usize);
            let mut body = crate::bufs::take(BODY_AT + len + align);
            body.resize(FRAME, 0);
            msg::encode_read_response_head(&mut body, 0, 0);
            debug_assert_eq!(body.len(), BODY_AT);
            IoDest::Body(body)
        }
    };
    let fd = f.raw_fd();
    let mut io = ReadIo {
        fd: fd.unwrap_or(-1),
        which: crate::fixed::Descriptor::Plain,
        sync: false,
        wrote: None,
        offset: req.offset,
        length: req.length,
        open: open.clone(),
        minimum_count: req.minimum_count,
        channel: req.channel,
        descriptors: descs,
        dest,
        shift: 0,
        poll: false,
        dev: 0,
    };
    if let Some(d) = direct {
        if io.aim_direct(d) {
            io.poll = ctx
                .tree
                .as_ref()
                .and_then(|t| t.share.as_ref())
                .is_some_and(|s| s.io_poll);
            return Outcome::Io(io);
        }
    }
    let res = if ctx.defer_io && fd.is_some() {
        // The transport does the I/O (io_uring) when it can: what the page cache holds
        // is read at once, and only a read that would wait for the device is handed out
        // (the worker goes on with other requests meanwhile).
        let cached = match &mut io.dest {
            IoDest::Body(b) => f.read_cached_append(req.offset, len, b),
            IoDest::Lent(b) => f.read_cached(req.offset, &mut b.bytes_mut()[..len]),
            IoDest::Nothing => None,
        };
        match cached {
            Some(r) => r,
            None => {
                if let IoDest::Body(b) = &mut io.dest {
                    // Room for the ring to read into.
                    b.resize(BODY_AT + len, 0);
                }
                return Outcome::Io(io);
            }
        }
    } else {
        match &mut io.dest {
            IoDest::Body(b) => f.read_append(req.offset, len, b),
            IoDest::Lent(b) => f.read_at(req.offset, &mut b.bytes_mut()[..len]),
            IoDest::Nothing => Ok(0),
        }
    };
    complete_io(ctx, io, res)
}

/// A `mapped_reads` share's READ over SMB Direct whose data may leave straight from the
/// page cache: the transport can send from a mapping, no RDMA transform protects the
/// data (signing or encrypting it needs a stable copy), and the file's mapping covers
/// the whole range (a read at or past the end goes the usual way and gets its short
/// count or END_OF_FILE there). Not inside a compound: the data is read when the fabric
/// moves it, after the requests that follow in the compound, which may change it.
fn mapped_read(
    ctx: &Ctx,
    open: &Open,
    f: &dyn crate::backend::FileObj,
    offset: u64,
    len: usize,
) -> Option<Arc<dyn crate::backend::MappedFile>> {
    let share = ctx.tree.as_ref()?.share.as_ref()?;
    if !share.mapped_reads || share.direct_io || len == 0 || ctx.encrypted || !ctx.single {
        return None;
    }
    let l = ctx.rdma_limits?;
    let (maps, transforms) = (l.maps_files, l.transforms);
    let signed = ctx.hdr.flags & smb_wire::header::flags::SIGNED != 0;
    if !maps
        || (ctx.dialect == smb_wire::negotiate::dialect::SMB311
            && signed
            && transforms.contains(smb_wire::rdma_transform::id::SIGNING))
    {
        return None;
    }
    let fs = open.file.as_ref()?;
    fs.mapping(f, offset.checked_add(len as u64)?)
}

/// MS-SMB2 3.3.5.12 with RDMA transforms (3.1.1): the data of an RDMA-channel READ is
/// encrypted in place when the request was encrypted, or signed when it was signed, and
/// the crypto transform that says so returns in the response. None: sent as it is.
fn rdma_read_transform(
    ctx: &Ctx,
    data: &mut [u8],
) -> Option<smb_wire::rdma_transform::CryptoTransform> {
    use smb_auth::payload::{protect, Protection};
    use smb_wire::rdma_transform::{self as rt, CryptoTransform};
    let transforms = ctx.rdma_limits?.transforms;
    if ctx.dialect != smb_wire::negotiate::dialect::SMB311 || transforms.is_empty() {
        return None;
    }
    let s = ctx.session.as_ref()?;
    let (kind, p) = if ctx.encrypted && transforms.contains(rt::id::ENCRYPTION) {
        let cipher = s.keys.cipher?;
        let key = &s.keys.encrypt;
        (rt::id::ENCRYPTION, Protection::Encrypt { cipher, key })
    } else if ctx.hdr.flags & smb_wire::header::flags::SIGNED != 0
        && transforms.contains(rt::id::SIGNING)
    {
        let (alg, key) = (s.keys.signing_alg, &ctx.channel_key);
        (rt::id::SIGNING, Protection::Sign { alg, key })
    } else {
        return None;
    };
    let (signature, nonce) = protect(p, s.next_nonce(), data).ok()?;
    Some(CryptoTransform {
        kind,
        signature: signature[..].into(),
        nonce,
    })
}

/// The response to an RDMA-channel READ: no inline data; `n` bytes were RDMA-Written,
/// and the transform (if any) fills the Buffer.
fn rdma_read_response(
    n: usize,
    transform: Option<smb_wire::rdma_transform::CryptoTransform>,
) -> Outcome {
    use smb_wire::rdma_transform as rt;
    let mut body = crate::bufs::take(16 + 56);
    msg::encode_read_response_head(&mut body, 0, 0);
    body.set_u32(8, n as u32);
    match transform {
        Some(t) => {
            body[2] = msg::READ_DATA_OFFSET;
            body.set_u32(4, rt::encoded_len(&t, &[]) as u32);
            body.set_u32(12, rt::READ_FLAG_RDMA_TRANSFORM);
            rt::encode_into(&mut body, msg::channel::NONE, &t, &[]);
        }
        None => body.set_u32(4, 0),
    }
    Outcome::Done(NtStatus::SUCCESS, body)
}

/// MS-SMB2 3.3.5.13 with channel 3: checks the WRITE's crypto transform against what was
/// negotiated and how the request came, then decrypts or verifies the RDMA-Read data in
/// place. Returns whether the response should invalidate the first descriptor's key.
fn rdma_write_transform(ctx: &Ctx, info: &[u8], data: &mut [u8]) -> Result<bool, NtStatus> {
    use smb_auth::payload::{check, Fault, Protection};
    use smb_wire::rdma_transform::{self as rt};
    let bad = NtStatus::INVALID_PARAMETER;
    let transforms = ctx.rdma_limits.ok_or(bad)?.transforms;
    let t = rt::parse(info)?;
    let s = ctx.session.as_ref().ok_or(bad)?;
    let c = &t.crypto;
    let p = if c.kind == rt::id::ENCRYPTION {
        if !transforms.contains(rt::id::ENCRYPTION) || !ctx.encrypted {
            return Err(bad);
        }
        let cipher = s.keys.cipher.ok_or(bad)?;
        let key = &s.keys.decrypt;
        Protection::Encrypt { cipher, key }
    } else {
        if !transforms.contains(rt::id::SIGNING)
            || ctx.hdr.flags & smb_wire::header::flags::SIGNED == 0
        {
            return Err(bad);
        }
        let (alg, key) = (s.keys.signing_alg, &ctx.channel_key);
        Protection::Sign { alg, key }
    };
    check(p, &c.nonce, &c.signature, data).map_err(|f| match f {
        Fault::Tag => NtStatus::AUTH_TAG_MISMATCH,
        Fault::Signature => NtStatus::INVALID_SIGNATURE,
        Fault::Unsupported => bad,
    })?;
    Ok(t.channel == msg::channel::RDMA_V1_INVALIDATE)
}

/// Whether someone's byte-range lock stops this I/O. Locks of durable opens whose time
/// to reconnect has run out are dropped first.
fn io_blocked(
    server: &Server,
    fs: &FileState,
    id: FileId,
    off: u64,
    len: u64,
    write: bool,
) -> bool {
    if !fs.range_locked.load(Ordering::Acquire) {
        return false;
    }
    let blocked = |fs: &FileState| fs.inner.lock().io_conflict(id, off, len, write);
    blocked(fs) && (!crate::oplock::expire_durable(server) || blocked(fs))
}

/// The largest file size Windows accepts a write to (NTFS: 16 TiB less 64 KiB).
const MAX_FILE_SIZE: u64 = 0xfff_ffff_0000;

fn write(ctx: &Ctx, max_write: u32) -> Outcome {
    let Ok(req) = msg::WriteRequest::parse(ctx.msg) else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    let rdma_len = if req.channel == msg::channel::NONE {
        req.length
    } else {
        req.remaining_bytes
    };
    let (open, descs) = match data_open(
        ctx,
        true,
        req.channel,
        req.channel_info,
        rdma_len,
        max_write,
        req.file_id,
    ) {
        Ok(o) => o,
        Err(e) => return Fail(e),
    };
    // Data that came by RDMA Read: Length must be 0 and the bytes arrive out of band
    // (in a registered buffer, which goes back to the lent ones when this returns).
    let mut fetched;
    let data: &[u8] = match (&descs, &ctx.rdma) {
        (Some(_), Some(st)) => {
            if req.length != 0 || !matches!(open.kind, OpenKind::File(_)) {
                return Fail(NtStatus::INVALID_PARAMETER);
            }
            let taken = st.borrow_mut().incoming.take();
            fetched = IncomingGuard { data: taken, st };
            if !matches!(&fetched.data, Some(d) if d.len() == req.remaining_bytes as usize) {
                return Fail(NtStatus::INVALID_PARAMETER);
            }
            let invalidate = if req.channel == msg::channel::RDMA_TRANSFORM {
                let d = fetched.data.as_mut().expect("checked");
                match rdma_write_transform(ctx, req.channel_info, d.bytes_mut()) {
                    Ok(i) => i,
                    Err(e) => return Fail(e),
                }
            } else {
                req.channel == msg::channel::RDMA_V1_INVALIDATE
            };
            if invalidate {
                if let Some(d) = descs.as_ref().and_then(|d| d.first()) {
                    st.borrow_mut().invalidate = Some(d.token);
                }
            }
            fetched.data.as_ref().expect("checked").bytes()
        }
        _ => req.data,
    };
    if let OpenKind::Pipe(p) = &open.kind {
        let shares = share_entries(ctx.server);
        return match p.lock().write(data, &shares) {
            Ok(()) => write_answer(data.len() as u32),
            Err(e) => Fail(e),
        };
    }
    if open.is_directory {
        return Fail(NtStatus::INVALID_DEVICE_REQUEST);
    }
    if !open.can_write() {
        return Fail(NtStatus::ACCESS_DENIED);
    }
    let len = data.len() as u64;
    // Offsets are signed on the wire; data may not reach past the largest file NTFS
    // allows (a zero-length write anywhere below 2^63 is a no-op).
    if req.offset > i64::MAX as u64
        || (len > 0
            && req
                .offset
                .checked_add(len)
                .is_none_or(|e| e > MAX_FILE_SIZE))
    {
        return Fail(NtStatus::INVALID_PARAMETER);
    }
    if len > 0 && req.offset + len == MAX_FILE_SIZE {
        // Windows cannot allocate the final cluster below the limit either.
        return Fail(NtStatus::DISK_FULL);
    }
    if let Some(fs) = &open.file {
        if io_blocked(ctx.server, fs, open.file_id, req.offset, len, true) {
            return Fail(NtStatus::FILE_LOCK_CONFLICT);
        }
        crate::oplock::break_level2_for_write(fs, open.file_id);
    }
    let f = open.file_obj().expect("file");
    let n = match f.write_at(req.offset, data) {
        Ok(n) => n,
        Err(e) => return Fail(e),
    };
    open.modified.store(true, Ordering::Relaxed);
    open.position
        .store(req.offset + n as u64, Ordering::Relaxed);
    if req.flags & msg::WRITE_FLAG_WRITE_THROUGH != 0 || f.writes_through() {
        // The data is in the page cache (readers see it now); the answer waits for it to
        // be stable. The worker's ring does the fdatasync when it can.
        if let (true, Some(fd)) = (ctx.defer_io, f.sync_fd()) {
            return sync_io(fd, &open, Some(n as u32));
        }
        if let Err(e) = f.sync() {
            return Fail(e);
        }
    }
    write_answer(n as u32)
}

/// Sets the end of an open's file; the file's mapping (mapped_reads) is made afresh at
/// the next read.
fn truncate(open: &Open, f: &dyn crate::backend::FileObj, len: u64) -> Result<(), NtStatus> {
    let r = f.set_len(len);
    if let Some(fs) = &open.file {
        fs.unmap();
    }
    r
}

/// A WRITE's success: `n` bytes written.
fn write_answer(n: u32) -> Outcome {
    let mut body = Vec::with_capacity(16);
    msg::encode_write_response(&mut body, n);
    Outcome::Done(NtStatus::SUCCESS, body)
}

// ------------------------------------------------------------------ LOCK

fn lock(server: &Arc<Server>, ctx: &Ctx) -> Outcome {
    let Ok(req) = msg::LockRequest::parse(ctx.msg) else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    let open = match find_open(ctx, req.file_id) {
        Ok(o) => o,
        Err(e) => return Fail(e),
    };
    let Some(fs) = open.file.clone() else {
        return Fail(NtStatus::INVALID_DEVICE_REQUEST);
    };
    // Locks of durable opens whose time to reconnect has run out go first.
    crate::oplock::expire_durable(server);
    // MS-SMB2 3.3.5.14: replay detection on resilient and durable handles, and on every
    // handle of a multichannel connection. A replayed sequence succeeds without being
    // applied again.
    let seq_slot = (ctx.dialect >= smb_wire::negotiate::dialect::SMB21
        && (open.resilient.load(Ordering::Acquire)
            || open.durable.is_some()
            || (ctx.multichannel && ctx.dialect >= smb_wire::negotiate::dialect::SMB30)))
        .then(|| {
            let index = (req.lock_sequence >> 4) as usize;
            let number = (req.lock_sequence & 0xF) as u8;
            (1..=64).contains(&index).then(|| (index - 1, number))
        })
        .flatten();
    if let Some((i, number)) = seq_slot {
        let mut seq = open.lock_seq.lock();
        if seq[i] == number {
            return Outcome::Done(NtStatus::SUCCESS, small_body());
        }
        seq[i] = crate::state::LOCK_SEQ_NONE;
    }
    let out = lock_apply(server, ctx, &open, &fs, &req);
    if let (Some((i, number)), Outcome::Done(NtStatus::SUCCESS, _)) = (seq_slot, &out) {
        open.lock_seq.lock()[i] = number;
    }
    out
}

fn lock_apply(
    server: &Arc<Server>,
    ctx: &Ctx,
    open: &Arc<Open>,
    fs: &FileState,
    req: &msg::LockRequest,
) -> Outcome {
    let s = session(ctx);
    if req.locks[0].flags & lock_flags::UNLOCK == 0 {
        crate::oplock::break_level2_for_write(fs, open.file_id);
    }
    let mut inner = fs.inner.lock();
    // MS-SMB2 3.3.5.14.1: a request whose first element unlocks is an unlock request;
    // elements run in order and the first failure stops it (what was unlocked stays so).
    if req.locks[0].flags & lock_flags::UNLOCK != 0 {
        let mut status = NtStatus::SUCCESS;
        let mut changed = false;
        for l in &req.locks {
            if l.flags != lock_flags::UNLOCK {
                status = NtStatus::INVALID_PARAMETER;
                break;
            }
            let pos = inner.locks.iter().position(|h| {
                h.owner == open.file_id && h.offset == l.offset && h.length == l.length
            });
            match pos {
                Some(i) => {
                    inner.locks.remove(i);
                    changed = true;
                }
                None => {
                    status = NtStatus::RANGE_NOT_LOCKED;
                    break;
                }
            }
        }
        fs.note_range_locks(&inner);
        drop(inner);
        if changed {
            server.lock_generation.fetch_add(1, Ordering::AcqRel);
        }
        return if status == NtStatus::SUCCESS {
            Outcome::Done(NtStatus::SUCCESS, small_body())
        } else {
            Fail(status)
        };
    }
    // One open holds a bounded number of locks (each check walks the file's locks):
    // past it the request fails whole, as when the server is out of memory.
    let held = inner
        .locks
        .iter()
        .filter(|l| l.owner == open.file_id)
        .count();
    if held + req.locks.len() > server.cfg.max_locks_per_open {
        return Fail(NtStatus::INSUFFICIENT_RESOURCES);
    }
    // MS-SMB2 3.3.5.14.2: a lock request is all or nothing; an element that is not a
    // valid lock (an unlock among locks, unknown flags, a range past 2^64) fails it.
    let single = req.locks.len() == 1;
    for (taken, l) in req.locks.iter().enumerate() {
        let base = l.flags & !lock_flags::FAIL_IMMEDIATELY;
        // Only a request's first element may ask to wait.
        let blocking = l.flags & lock_flags::FAIL_IMMEDIATELY == 0;
        let bad = if base != lock_flags::SHARED && base != lock_flags::EXCLUSIVE
            || (taken > 0 && blocking)
        {
            Some(NtStatus::INVALID_PARAMETER)
        } else if l.length > 0 && l.offset.checked_add(l.length - 1).is_none() {
            Some(NtStatus::INVALID_LOCK_RANGE)
        } else {
            None
        };
        let new = RangeLock {
            owner: open.file_id,
            session_id: s.id,
            offset: l.offset,
            length: l.length,
            exclusive: base == lock_flags::EXCLUSIVE,
        };
        let conflict = bad.is_none() && inner.lock_conflict(&new);
        if bad.is_some() || conflict {
            // Roll back what this request took.
            let keep = inner.locks.len() - taken;
            inner.locks.truncate(keep);
            fs.note_range_locks(&inner);
            if conflict && single && blocking {
                let generation = server.lock_generation.load(Ordering::Acquire);
                return Outcome::Wait(Wait::Lock {
                    open: open.clone(),
                    lock: new,
                    generation,
                });
            }
            return Fail(bad.unwrap_or(NtStatus::LOCK_NOT_GRANTED));
        }
        fs.range_locked.store(true, Ordering::Release);
        inner.locks.push(new);
    }
    Outcome::Done(NtStatus::SUCCESS, small_body())
}

/// Checks whether an async wait can complete now.
pub fn poll_wait(
    server: &Arc<Server>,
    s: &Arc<Session>,
    w: &mut Wait,
) -> Option<(NtStatus, Vec<u8>)> {
    match w {
        Wait::Create(c) => {
            if crate::oplock::breaks_pending(&c.file) {
                return None;
            }
            let ctx = Ctx {
                server,
                hdr: c.hdr,
                msg: &c.msg,
                session: Some(s),
                tree: Some(&c.tree),
                encrypted: c.encrypted,
                related_file: None,
                now: crate::ops::filetime_now(),
                rdma: None,
                rdma_limits: None,
                dialect: c.dialect,
                outbox: &c.outbox,
                can_wait: true,
                multichannel: c.multichannel,
                channel_key: s.keys.signing,
                defer_io: false,
                single: true,
            };
            match create(server, &ctx) {
                Outcome::Created(st, body, _) | Outcome::Done(st, body) => Some((st, body)),
                Outcome::Fail(st) => Some((st, Vec::new())),
                Outcome::Io(_) | Outcome::Framed(..) => {
                    Some((NtStatus::INTERNAL_ERROR, Vec::new()))
                }
                Outcome::Wait(again) => {
                    *w = again;
                    None
                }
            }
        }
        Wait::Lock {
            open,
            lock,
            generation,
        } => {
            if open.closed.load(Ordering::Acquire) {
                return Some((NtStatus::RANGE_NOT_LOCKED, Vec::new()));
            }
            let g = server.lock_generation.load(Ordering::Acquire);
            if g == *generation {
                return None;
            }
            *generation = g;
            let fs = open.file.as_ref()?;
            let mut inner = fs.inner.lock();
            if inner.lock_conflict(lock) {
                return None;
            }
            fs.range_locked.store(true, Ordering::Release);
            inner.locks.push(*lock);
            Some((NtStatus::SUCCESS, small_body()))
        }
        Wait::Notify {
            open,
            since,
            tree,
            filter,
            max_out,
        } => {
            if open.closed.load(Ordering::Acquire) {
                return Some((NtStatus::NOTIFY_CLEANUP, Vec::new()));
            }
            if server.notify.current() == *since {
                return None;
            }
            let share = open.share.as_ref()?;
            let dir = open.path.lock().clone();
            let (events, lost) = server
                .notify
                .since(*since, &share.name, &dir, *tree, *filter);
            *since = server.notify.current();
            if lost {
                return Some((NtStatus::NOTIFY_ENUM_DIR, Vec::new()));
            }
            if events.is_empty() {
                return None;
            }
            let mut data = Vec::new();
            let mut prev_at: Option<usize> = None;
            for e in &events {
                if let Some(p) = prev_at {
                    data.align_from(0, 4);
                    let off = (data.len() - p) as u32;
                    data.set_u32(p, off);
                }
                prev_at = Some(data.len());
                data.put_u32(0);
                data.put_u32(e.action);
                data.put_u32(smb_wire::codec::utf16_len(&e.name) as u32);
                msg::put_name(&mut data, &e.name);
            }
            if data.len() > *max_out as usize {
                return Some((NtStatus::NOTIFY_ENUM_DIR, Vec::new()));
            }
            let mut body = Vec::new();
            msg::encode_buffer_response(&mut body, &data);
            Some((NtStatus::SUCCESS, body))
        }
    }
}

fn change_notify(server: &Arc<Server>, ctx: &Ctx, max_transact: u32) -> Outcome {
    let Ok(req) = msg::ChangeNotifyRequest::parse(ctx.msg) else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    if req.output_buffer_length > max_transact {
        return Fail(NtStatus::INVALID_PARAMETER);
    }
    let open = match find_open(ctx, req.file_id) {
        Ok(o) => o,
        Err(e) => return Fail(e),
    };
    if !open.is_directory {
        return Fail(NtStatus::INVALID_PARAMETER);
    }
    Outcome::Wait(Wait::Notify {
        open,
        since: server.notify.current(),
        tree: req.flags & msg::WATCH_TREE != 0,
        filter: req.completion_filter,
        max_out: req.output_buffer_length,
    })
}

// ------------------------------------------------------------------ IOCTL

/// The longest resiliency a client may ask for (Windows' default: 5 minutes).
const MAX_RESILIENCY_TIMEOUT_MS: u32 = 300_000;

fn ioctl(ctx: &Ctx, max_transact: u32) -> Outcome {
    let Ok(req) = msg::IoctlRequest::parse(ctx.msg) else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    if req.flags & msg::IOCTL_IS_FSCTL == 0 {
        return Fail(NtStatus::NOT_SUPPORTED);
    }
    if req.max_output_response > max_transact || req.input.len() > max_transact as usize {
        return Fail(NtStatus::INVALID_PARAMETER);
    }
    use msg::fsctl;
    match req.ctl_code {
        fsctl::DFS_GET_REFERRALS | fsctl::DFS_GET_REFERRALS_EX => {
            return Fail(NtStatus::FS_DRIVER_REQUIRED)
        }
        fsctl::PIPE_WAIT => return Fail(NtStatus::OBJECT_NAME_NOT_FOUND),
        _ => {}
    }
    let open = match find_open(ctx, req.file_id) {
        Ok(o) => o,
        Err(e) => return Fail(e),
    };
    let reply = |out: &[u8]| {
        let mut body = Vec::with_capacity(48 + out.len());
        msg::encode_ioctl_response(&mut body, req.ctl_code, req.file_id, out);
        body
    };
    if let OpenKind::Pipe(p) = &open.kind {
        if req.ctl_code != fsctl::PIPE_TRANSCEIVE {
            return Fail(NtStatus::INVALID_DEVICE_REQUEST);
        }
        let shares = share_entries(ctx.server);
        return match p
            .lock()
            .transceive(req.input, &shares, req.max_output_response as usize)
        {
            Ok((out, more)) => {
                let st = if more {
                    NtStatus::BUFFER_OVERFLOW
                } else {
                    NtStatus::SUCCESS
                };
                Outcome::Done(st, reply(&out))
            }
            Err(e) => Fail(e),
        };
    }
    let f = open.file_obj().expect("file");
    match req.ctl_code {
        fsctl::LMR_REQUEST_RESILIENCY => {
            // MS-SMB2 3.3.5.15.9: NETWORK_RESILIENCY_REQUEST (timeout ms, reserved).
            if ctx.dialect < smb_wire::negotiate::dialect::SMB21 {
                return Fail(NtStatus::INVALID_DEVICE_REQUEST);
            }
            if req.input.len() < 8 {
                return Fail(NtStatus::INVALID_PARAMETER);
            }
            let timeout = u32::from_le_bytes(req.input[..4].try_into().unwrap());
            if timeout > MAX_RESILIENCY_TIMEOUT_MS {
                return Fail(NtStatus::INVALID_PARAMETER);
            }
            open.resilient.store(true, Ordering::Release);
            Outcome::Done(NtStatus::SUCCESS, reply(&[]))
        }
        fsctl::SET_SPARSE => Outcome::Done(NtStatus::SUCCESS, reply(&[])),
        fsctl::SET_ZERO_DATA | fsctl::FILE_LEVEL_TRIM => {
            if !open.can_write() {
                return Fail(NtStatus::ACCESS_DENIED);
            }
            let ranges = if req.ctl_code == fsctl::SET_ZERO_DATA {
                let r = Le(req.input);
                match (r.u64(0), r.u64(8)) {
                    (Ok(a), Ok(b)) if b >= a => vec![(a, b - a)],
                    _ => return Fail(NtStatus::INVALID_PARAMETER),
                }
            } else {
                match parse_trim(req.input) {
                    Some(v) => v,
                    None => return Fail(NtStatus::INVALID_PARAMETER),
                }
            };
            for (off, len) in ranges {
                if let Err(e) = f.zero_range(off, len) {
                    return Fail(e);
                }
            }
            // A write-through open's changes are stable before the answer.
            if f.writes_through() {
                if let Err(e) = f.sync() {
                    return Fail(e);
                }
            }
            let out = if req.ctl_code == fsctl::FILE_LEVEL_TRIM {
                vec![0u8; 4]
            } else {
                vec![]
            };
            Outcome::Done(NtStatus::SUCCESS, reply(&out))
        }
        fsctl::QUERY_ALLOCATED_RANGES => {
            let r = Le(req.input);
            let (Ok(off), Ok(len)) = (r.u64(0), r.u64(8)) else {
                return Fail(NtStatus::INVALID_PARAMETER);
            };
            let eof = f.info().map(|i| i.end_of_file).unwrap_or(0);
            let end = off.saturating_add(len).min(eof);
            let mut out = Vec::new();
            if end > off {
                out.put_u64(off);
                out.put_u64(end - off);
            }
            if out.len() > req.max_output_response as usize {
                return Fail(NtStatus::BUFFER_TOO_SMALL);
            }
            Outcome::Done(NtStatus::SUCCESS, reply(&out))
        }
        fsctl::GET_REPARSE_POINT => Fail(NtStatus::NOT_A_REPARSE_POINT),
        fsctl::CREATE_OR_GET_OBJECT_ID => {
            // MS-FSCC 2.1.3.1 FILE_OBJECTID_BUFFER: a stable id from the file's identity.
            let Ok(i) = f.info() else {
                return Fail(NtStatus::INTERNAL_ERROR);
            };
            if req.max_output_response < 64 {
                return Fail(NtStatus::BUFFER_TOO_SMALL);
            }
            let mut out = Vec::with_capacity(64);
            out.put_u64(i.file_id);
            out.put_u64(i.device_id);
            out.put_u64(i.device_id);
            out.put_u64(0);
            out.put_u64(i.file_id);
            out.put_u64(i.device_id);
            out.put_zeros(16);
            Outcome::Done(NtStatus::SUCCESS, reply(&out))
        }
        fsctl::SRV_ENUMERATE_SNAPSHOTS => {
            if req.max_output_response < 16 {
                return Fail(NtStatus::INVALID_PARAMETER);
            }
            Outcome::Done(NtStatus::SUCCESS, reply(&[0u8; 16]))
        }
        fsctl::GET_COMPRESSION => Outcome::Done(NtStatus::SUCCESS, reply(&[0, 0])),
        // The share's files are never compressed (Hyper-V refuses compressed VHDX):
        // COMPRESSION_FORMAT_NONE is accepted, any other format is not supported.
        fsctl::SET_COMPRESSION => match req.input.get(..2) {
            None => Fail(NtStatus::INVALID_PARAMETER),
            Some([0, 0]) => Outcome::Done(NtStatus::SUCCESS, reply(&[])),
            Some(_) => Fail(NtStatus::NOT_SUPPORTED),
        },
        fsctl::SRV_REQUEST_RESUME_KEY => {
            if req.max_output_response < 32 {
                return Fail(NtStatus::INVALID_PARAMETER);
            }
            // SRV_REQUEST_RESUME_KEY (MS-SMB2 2.2.32.3): a 24-byte key naming this open,
            // ContextLength 0 and four bytes of empty context (as Windows and Samba send).
            let mut out = resume_key(ctx, &open).to_vec();
            out.put_u32(0);
            out.put_u32(0);
            Outcome::Done(NtStatus::SUCCESS, reply(&out))
        }
        fsctl::SRV_COPYCHUNK | fsctl::SRV_COPYCHUNK_WRITE => {
            let r = copy_chunk(
                ctx,
                &open,
                f,
                req.ctl_code,
                req.input,
                req.max_output_response,
            );
            match r {
                Ok(out) => Outcome::Done(NtStatus::SUCCESS, reply(&out)),
                Err((st, Some(out))) => Outcome::Done(st, reply(&out)),
                Err((st, None)) => Fail(st),
            }
        }
        _ => Fail(NtStatus::INVALID_DEVICE_REQUEST),
    }
}

/// Holds a WRITE's RDMA-fetched data while it is written; a lent registered buffer goes
/// back to the transport's lent buffers afterwards, whatever the outcome.
struct IncomingGuard<'a> {
    data: Option<crate::rdma::Incoming>,
    st: &'a std::cell::RefCell<crate::rdma::RdmaState>,
}

impl Drop for IncomingGuard<'_> {
    fn drop(&mut self) {
        if let Some(crate::rdma::Incoming::Lent(b, _)) = self.data.take() {
            self.st.borrow_mut().lent.push(b);
        }
    }
}

/// Server-side copy limits (Windows' defaults, MS-SMB2 3.3.3.1).
const COPYCHUNK_MAX_CHUNKS: u32 = 256;
const COPYCHUNK_MAX_CHUNK_SIZE: u32 = 1 << 20;
const COPYCHUNK_MAX_DATA: u32 = 16 << 20;

/// A resume key: the open's FileId and a keyed tag, so a key cannot be forged or
/// guessed from another open's.
fn resume_key(ctx: &Ctx, open: &Open) -> [u8; 24] {
    let mut k = [0u8; 24];
    k[..8].copy_from_slice(&open.file_id.persistent.to_le_bytes());
    k[8..16].copy_from_slice(&open.file_id.volatile.to_le_bytes());
    let tag = session(ctx).keys.application;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in tag.iter().chain(&k[..16]) {
        h = (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
    }
    k[16..].copy_from_slice(&h.to_le_bytes());
    k
}

type CopyError = (NtStatus, Option<Vec<u8>>);

/// FSCTL_SRV_COPYCHUNK(_WRITE) (MS-SMB2 3.3.5.15.6): copies ranges from the open a
/// resume key names into this one, without the data crossing the network.
fn copy_chunk(
    ctx: &Ctx,
    target: &Open,
    f: &dyn crate::backend::FileObj,
    code: u32,
    input: &[u8],
    max_out: u32,
) -> Result<Vec<u8>, CopyError> {
    let response = |chunks: u32, chunk_bytes: u32, total: u32| {
        let mut b = Vec::with_capacity(12);
        b.put_u32(chunks);
        b.put_u32(chunk_bytes);
        b.put_u32(total);
        b
    };
    let limits = || {
        (
            NtStatus::INVALID_PARAMETER,
            Some(response(
                COPYCHUNK_MAX_CHUNKS,
                COPYCHUNK_MAX_CHUNK_SIZE,
                COPYCHUNK_MAX_DATA,
            )),
        )
    };
    if max_out < 12 {
        return Err((NtStatus::INVALID_PARAMETER, None));
    }
    if input.len() < 32 {
        return Err((NtStatus::INVALID_PARAMETER, None));
    }
    // The target needs write access; plain COPYCHUNK also read (Windows reads back).
    let need = if code == msg::fsctl::SRV_COPYCHUNK {
        access::FILE_WRITE_DATA | access::FILE_READ_DATA
    } else {
        access::FILE_WRITE_DATA
    };
    if target.granted_access & need != need {
        return Err((NtStatus::ACCESS_DENIED, None));
    }
    let count = u32::from_le_bytes(input[24..28].try_into().unwrap());
    if count > COPYCHUNK_MAX_CHUNKS {
        return Err(limits());
    }
    let chunks_at = 32usize;
    if input.len() < chunks_at + count as usize * 24 {
        return Err((NtStatus::INVALID_PARAMETER, None));
    }
    let mut chunks = Vec::with_capacity(count as usize);
    let mut total: u64 = 0;
    for i in 0..count as usize {
        let c = &input[chunks_at + i * 24..chunks_at + (i + 1) * 24];
        let src = u64::from_le_bytes(c[0..8].try_into().unwrap());
        let dst = u64::from_le_bytes(c[8..16].try_into().unwrap());
        let len = u32::from_le_bytes(c[16..20].try_into().unwrap());
        if len == 0 || len > COPYCHUNK_MAX_CHUNK_SIZE {
            return Err(limits());
        }
        total += u64::from(len);
        chunks.push((src, dst, len));
    }
    if total > u64::from(COPYCHUNK_MAX_DATA) {
        return Err(limits());
    }
    // The source: an open of this session whose resume key this is.
    let key: [u8; 24] = input[..24].try_into().unwrap();
    let volatile = u64::from_le_bytes(key[8..16].try_into().unwrap());
    let source = session(ctx)
        .open(volatile)
        .filter(|o| resume_key(ctx, o) == key)
        .ok_or((NtStatus::OBJECT_NAME_NOT_FOUND, None))?;
    if !source.can_read() {
        return Err((NtStatus::ACCESS_DENIED, None));
    }
    let Some(sf) = source.file_obj() else {
        return Err((NtStatus::INVALID_PARAMETER, None));
    };
    let mut written: u32 = 0;
    let mut done = 0u32;
    let mut buf = Vec::new();
    for (src, dst, len) in chunks {
        let lock_conflict = |o: &Open, off: u64, write: bool| {
            o.file.as_ref().is_some_and(|fs| {
                fs.inner
                    .lock()
                    .io_conflict(o.file_id, off, u64::from(len), write)
            })
        };
        if lock_conflict(&source, src, false) || lock_conflict(target, dst, true) {
            return Err((
                NtStatus::FILE_LOCK_CONFLICT,
                Some(response(done, 0, written)),
            ));
        }
        buf.clear();
        buf.resize(len as usize, 0);
        let n = sf
            .read_at(src, &mut buf)
            .map_err(|e| (e, Some(response(done, 0, written))))?;
        if n < len as usize {
            // The source ends inside this chunk.
            return Err((
                NtStatus::INVALID_VIEW_SIZE,
                Some(response(done, 0, written)),
            ));
        }
        let mut off = 0usize;
        while off < buf.len() {
            let w = f
                .write_at(dst + off as u64, &buf[off..])
                .map_err(|e| (e, Some(response(done, off as u32, written))))?;
            if w == 0 {
                return Err((
                    NtStatus::DISK_FULL,
                    Some(response(done, off as u32, written)),
                ));
            }
            off += w;
        }
        written += len;
        done += 1;
    }
    target.modified.store(true, Ordering::Relaxed);
    if written > 0 && f.writes_through() {
        f.sync()
            .map_err(|e| (e, Some(response(done, 0, written))))?;
    }
    Ok(response(done, 0, written))
}

/// FSCTL_FILE_LEVEL_TRIM input (MS-FSCC 2.3.73): key, count, then (offset, length) pairs.
fn parse_trim(b: &[u8]) -> Option<Vec<(u64, u64)>> {
    let r = Le(b);
    let n = r.u32(4).ok()? as usize;
    if n > 4096 {
        return None;
    }
    (0..n)
        .map(|i| Some((r.u64(8 + 16 * i).ok()?, r.u64(16 + 16 * i).ok()?)))
        .collect()
}

/// NETWORK_INTERFACE_INFO entries (MS-SMB2 2.2.32.5).
pub fn interface_info(ifaces: &[InterfaceConfig]) -> Vec<u8> {
    let mut out = Vec::new();
    for (i, ifc) in ifaces.iter().enumerate() {
        let start = out.len();
        out.put_u32(if i + 1 < ifaces.len() { 152 } else { 0 });
        out.put_u32(ifc.index);
        out.put_u32(u32::from(ifc.rss) | (u32::from(ifc.rdma) << 1));
        out.put_u32(0);
        out.put_u64(ifc.speed_bps);
        match ifc.addr.ip() {
            std::net::IpAddr::V4(a) => {
                out.put_u16(2);
                out.extend_from_slice(&0u16.to_be_bytes());
                out.extend_from_slice(&a.octets());
            }
            std::net::IpAddr::V6(a) => {
                out.put_u16(0x17);
                out.extend_from_slice(&0u16.to_be_bytes());
                out.put_u32(0);
                out.extend_from_slice(&a.octets());
            }
        }
        out.resize(start + 152, 0);
    }
    out
}

// ------------------------------------------------------------------ QUERY_DIRECTORY

fn query_directory(ctx: &Ctx, max_transact: u32) -> Outcome {
    let Ok(req) = msg::QueryDirectoryRequest::parse(ctx.msg) else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    if req.output_buffer_length > max_transact {
        return Fail(NtStatus::INVALID_PARAMETER);
    }
    let open = match find_open(ctx, req.file_id) {
        Ok(o) => o,
        Err(e) => return Fail(e),
    };
    if !open.is_directory {
        return Fail(NtStatus::INVALID_PARAMETER);
    }
    if open.granted_access & access::FILE_READ_DATA == 0 {
        return Fail(NtStatus::ACCESS_DENIED);
    }
    let f = open.file_obj().expect("file");
    let mut cur = open.dir.lock();
    let restart = req.flags & (qd_flags::RESTART_SCANS | qd_flags::REOPEN) != 0;
    if restart || cur.entries.is_none() {
        let mut list = vec![];
        let me = match f.info() {
            Ok(i) => i,
            Err(e) => return Fail(e),
        };
        list.push((".".to_string(), Some(me)));
        let parent = {
            let p = open.path.lock().clone();
            match p.split_last() {
                Some((parent, _)) => open
                    .share
                    .as_ref()
                    .and_then(|s| s.backend.stat(&parent).ok())
                    .unwrap_or(me),
                None => me,
            }
        };
        list.push(("..".to_string(), Some(parent)));
        // A restart of a scan whose directory has not changed since its names were taken
        // reuses them: nothing was made, removed or renamed through the server, and the
        // directory's times (older than the snapshot by more than their granularity, so
        // that a change made on the server itself would have moved them) are the same.
        let stamp = (
            ctx.server.notify.current(),
            me.last_write_time,
            me.change_time,
        );
        let settled = ctx
            .now
            .saturating_sub(me.last_write_time.max(me.change_time))
            > 200_000;
        let reuse = settled && cur.stamp == Some(stamp) && cur.entries.is_some();
        let first = cur.entries.is_none();
        if reuse {
            let names = cur.entries.as_mut().expect("checked");
            names[..2].clone_from_slice(&list);
        } else {
            let at_root = open.path.lock().is_root();
            match f.list_names() {
                Ok(entries) => list.extend(
                    entries
                        .into_iter()
                        .filter(|n| !(at_root && n.eq_ignore_ascii_case(names::STREAM_DEPOT)))
                        .map(|n| (n, None)),
                ),
                Err(e) => return Fail(e),
            }
            cur.entries = Some(list);
            cur.stamp = settled.then_some(stamp);
        }
        cur.next = 0;
        if first || restart || !req.pattern.is_empty() {
            cur.pattern = if req.pattern.is_empty() {
                "*".into()
            } else {
                req.pattern.clone()
            };
        }
    } else if !req.pattern.is_empty() && cur.next == 0 {
        cur.pattern = req.pattern.clone();
    }
    if req.flags & qd_flags::INDEX_SPECIFIED != 0 {
        let idx = req.file_index as usize;
        if idx <= cur.entries.as_ref().map_or(0, |e| e.len()) {
            cur.next = idx;
        }
    }
    let single = req.flags & qd_flags::RETURN_SINGLE_ENTRY != 0;
    let mut w = fscc::DirListWriter::new(req.output_buffer_length as usize);
    let started_at = cur.next;
    let dir_path = open.path.lock().clone();
    let DirCursor {
        entries,
        pattern,
        next,
        ..
    } = &mut *cur;
    let entries = entries.as_ref().expect("filled");
    let mut matcher = fscc::NameMatcher::new(pattern);
    while *next < entries.len() {
        let (name, cached) = &entries[*next];
        if !matcher.matches(name) {
            *next += 1;
            continue;
        }
        // Names come from the snapshot taken at the first call; details are looked up as
        // entries are returned (a search costs what it answers, not the directory's
        // size), so a client that changes attributes while enumerating sees its changes,
        // and a name removed since the snapshot (or one that is no file or directory) is
        // not reported.
        let fresh = match (cached, open.share.as_ref()) {
            (Some(_), _) | (_, None) => None,
            (None, Some(share)) => {
                let info = match f.child_info(name) {
                    Err(NtStatus::NOT_SUPPORTED) => share.backend.stat(&dir_path.join(name)),
                    r => r,
                };
                match info {
                    Ok(i) => Some(i),
                    Err(_) => {
                        *next += 1;
                        continue;
                    }
                }
            }
        };
        let Some(info) = fresh.as_ref().or(cached.as_ref()) else {
            *next += 1;
            continue;
        };
        match w.push(req.info_class, name, &facts(info, false), *next as u32 + 1) {
            Err(e) => return Fail(e),
            Ok(false) => {
                if w.is_empty() {
                    return Fail(NtStatus::INFO_LENGTH_MISMATCH);
                }
                break;
            }
            Ok(true) => {
                *next += 1;
                if single {
                    break;
                }
            }
        }
    }
    if w.is_empty() {
        let first_call = started_at == 0;
        return Fail(if first_call {
            NtStatus::NO_SUCH_FILE
        } else {
            NtStatus::NO_MORE_FILES
        });
    }
    let data = w.finish();
    let mut body = Vec::with_capacity(8 + data.len());
    msg::encode_buffer_response(&mut body, &data);
    Outcome::Done(NtStatus::SUCCESS, body)
}

// ------------------------------------------------------------------ QUERY_INFO / SET_INFO

fn query_info(ctx: &Ctx, max_transact: u32) -> Outcome {
    let Ok(req) = msg::QueryInfoRequest::parse(ctx.msg) else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    if req.output_buffer_length > max_transact {
        return Fail(NtStatus::INVALID_PARAMETER);
    }
    let open = match find_open(ctx, req.file_id) {
        Ok(o) => o,
        Err(e) => return Fail(e),
    };
    let max = req.output_buffer_length as usize;
    if let Some(need) = query_access(req.info_type, req.info_class, req.additional_information) {
        if open.granted_access & need != need {
            return Fail(NtStatus::ACCESS_DENIED);
        }
    }
    let mut data = Vec::new();
    let min = match req.info_type {
        info_type::FILE => {
            let Some(f) = open.file_obj() else {
                return Fail(NtStatus::NOT_SUPPORTED);
            };
            let info = match f.info() {
                Ok(i) => i,
                Err(e) => return Fail(e),
            };
            let pending = open
                .file
                .as_ref()
                .is_some_and(|fs| fs.inner.lock().delete_pending);
            let name = open.client_name();
            let of = OpenFacts {
                access_mask: open.granted_access,
                position: open.position.load(Ordering::Relaxed),
                mode: open.mode.load(Ordering::Relaxed) as u32,
                alignment: 0,
                name: &name,
                stream_name_data: false,
            };
            if req.info_class == fscc::class::FILE_FULL_EA {
                return query_eas(&open, f, &req, max);
            }
            // MS-SMB2 3.3.5.20.1: a normalized name is SMB 3.1.1 only, and the share
            // root has none (Windows answers NOT_SUPPORTED).
            if req.info_class == fscc::class::FILE_NORMALIZED_NAME
                && (ctx.dialect < smb_wire::negotiate::dialect::SMB311
                    || (open.stream.is_none() && open.path.lock().is_root()))
            {
                return Fail(NtStatus::NOT_SUPPORTED);
            }
            if req.info_class == fscc::class::FILE_STREAM {
                // The file's streams, whichever of them this open is.
                let (Some(share), base) = (open.share.as_ref(), open.stream.as_ref()) else {
                    return Fail(NtStatus::NOT_SUPPORTED);
                };
                let base_info = match base {
                    Some((p, _)) => match share.backend.stat(p) {
                        Ok(i) => i,
                        Err(e) => return Fail(e),
                    },
                    None => info,
                };
                let mut list = Vec::new();
                if !base_info.is_directory {
                    list.push((
                        "::$DATA".to_string(),
                        base_info.end_of_file,
                        base_info.allocation_size,
                    ));
                }
                for (n, size, alloc) in list_streams(&share.backend, &base_info) {
                    list.push((format!(":{n}:$DATA"), size, alloc));
                }
                fscc::encode_stream_list(&list, &mut data);
                let min = fscc::min_file_info_size(req.info_class).unwrap_or(0);
                return finish_query(data, max, min);
            }
            if let Err(e) =
                fscc::encode_file_info(req.info_class, &facts(&info, pending), &of, &mut data)
            {
                return Fail(e);
            }
            fscc::min_file_info_size(req.info_class).unwrap_or(0)
        }
        info_type::FILESYSTEM => {
            let Some(share) = open.share.as_ref() else {
                return Fail(NtStatus::NOT_SUPPORTED);
            };
            let fi = match share.backend.fs_info() {
                Ok(i) => i,
                Err(e) => return Fail(e),
            };
            let unit =
                u64::from(fi.bytes_per_sector.max(1)) * u64::from(fi.sectors_per_unit.max(1));
            let ff = FsFacts {
                total_units: fi.total_bytes / unit,
                free_units: fi.free_bytes / unit,
                avail_units: fi.avail_bytes / unit,
                sectors_per_unit: fi.sectors_per_unit.max(1),
                bytes_per_sector: fi.bytes_per_sector.max(1),
                volume_serial: fi.volume_serial,
                volume_creation_time: fi.volume_creation_time,
                volume_label: share.name.clone(),
                fs_name: "NTFS".into(),
                max_name_len: fi.max_name_len.max(255),
                fs_attributes: fs_attributes(&fi),
            };
            if let Err(e) = fscc::encode_fs_info(req.info_class, &ff, &mut data) {
                return Fail(e);
            }
            fscc::min_fs_info_size(req.info_class).unwrap_or(0)
        }
        info_type::SECURITY => {
            let sd = open
                .file_obj()
                .and_then(|f| f.security())
                .and_then(|b| SecDesc::parse(&b).ok())
                .unwrap_or_else(|| default_sd(session(ctx)));
            data = sd.encode(req.additional_information & 0xF);
            if data.len() > max {
                // MS-SMB2 3.3.5.20.3: report the size needed.
                let mut b = Vec::new();
                b.put_u32(data.len() as u32);
                let mut body = Vec::new();
                msg::encode_error_response(&mut body, &b);
                return Outcome::Done(NtStatus::BUFFER_TOO_SMALL, body);
            }
            0
        }
        info_type::QUOTA => return Fail(NtStatus::NOT_SUPPORTED),
        _ => return Fail(NtStatus::INVALID_PARAMETER),
    };
    finish_query(data, max, min)
}

/// A QUERY_INFO answer: too small a buffer for the fixed part is INFO_LENGTH_MISMATCH,
/// one too small for all of it BUFFER_OVERFLOW with what fits.
fn finish_query(mut data: Vec<u8>, max: usize, min: usize) -> Outcome {
    if max < min {
        return Fail(NtStatus::INFO_LENGTH_MISMATCH);
    }
    let mut st = NtStatus::SUCCESS;
    if data.len() > max {
        data.truncate(max);
        st = NtStatus::BUFFER_OVERFLOW;
    }
    let mut body = Vec::with_capacity(8 + data.len());
    msg::encode_buffer_response(&mut body, &data);
    Outcome::Done(st, body)
}

/// FileFullEaInformation (MS-FSA 2.1.5.11.12): the EAs named in the input, or the file's
/// EAs from the open's cursor (restart scan starts over), as many as fit.
fn query_eas(
    open: &Open,
    f: &dyn crate::backend::FileObj,
    req: &msg::QueryInfoRequest,
    max: usize,
) -> Outcome {
    const RESTART_SCAN: u32 = 0x1;
    const RETURN_SINGLE_ENTRY: u32 = 0x2;
    let eas = match f.eas() {
        Ok(e) => e,
        Err(e) => return Fail(e),
    };
    let (list, start) = if req.input.is_empty() {
        if eas.is_empty() {
            return Fail(NtStatus::NO_EAS_ON_FILE);
        }
        let start = if req.flags & RESTART_SCAN != 0 {
            0
        } else {
            open.ea_cursor.load(Ordering::Relaxed) as usize
        };
        if start >= eas.len() {
            return Fail(NtStatus::NO_MORE_EAS);
        }
        (eas, start)
    } else {
        let wanted = match fscc::parse_get_ea_list(req.input) {
            Ok(w) => w,
            Err(e) => return Fail(e),
        };
        let list = wanted
            .into_iter()
            .map(|n| {
                eas.iter()
                    .find(|e| e.name.eq_ignore_ascii_case(&n))
                    .cloned()
                    .unwrap_or(fscc::Ea {
                        flags: 0,
                        name: n.to_ascii_uppercase(),
                        value: Vec::new(),
                    })
            })
            .collect();
        (list, 0)
    };
    let rest = &list[start..];
    let rest = if req.flags & RETURN_SINGLE_ENTRY != 0 {
        &rest[..1]
    } else {
        rest
    };
    let mut data = Vec::new();
    let n = fscc::encode_full_ea_list(rest, max, &mut data);
    if n == 0 {
        return Fail(NtStatus::BUFFER_TOO_SMALL);
    }
    if req.input.is_empty() {
        open.ea_cursor.store((start + n) as u32, Ordering::Relaxed);
    }
    let st = if n < rest.len() {
        NtStatus::BUFFER_OVERFLOW
    } else {
        NtStatus::SUCCESS
    };
    let mut body = Vec::with_capacity(8 + data.len());
    msg::encode_buffer_response(&mut body, &data);
    Outcome::Done(st, body)
}

/// The access a QUERY_INFO needs on the open (MS-FSA 2.1.5.11, MS-SMB2 3.3.5.20.3).
fn query_access(info: u8, class: u8, additional: u32) -> Option<u32> {
    use smb_wire::fscc::class as c;
    match info {
        info_type::FILE => match class {
            c::FILE_BASIC | c::FILE_ALL | c::FILE_NETWORK_OPEN | c::FILE_ATTRIBUTE_TAG => {
                Some(access::FILE_READ_ATTRIBUTES)
            }
            c::FILE_FULL_EA => Some(access::FILE_READ_EA),
            _ => None,
        },
        info_type::SECURITY => {
            let mut need = 0;
            if additional & 0x7 != 0 {
                need |= access::READ_CONTROL;
            }
            if additional & 0x8 != 0 {
                need |= access::ACCESS_SYSTEM_SECURITY;
            }
            Some(need)
        }
        _ => None,
    }
}

fn set_info(server: &Arc<Server>, ctx: &Ctx) -> Outcome {
    let Ok(req) = msg::SetInfoRequest::parse(ctx.msg) else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    let open = match find_open(ctx, req.file_id) {
        Ok(o) => o,
        Err(e) => return Fail(e),
    };
    let ok = || {
        let mut b = Vec::new();
        msg::encode_set_info_response(&mut b);
        Outcome::Done(NtStatus::SUCCESS, b)
    };
    match req.info_type {
        info_type::FILE => {}
        info_type::SECURITY => {
            use secdesc::secinfo;
            let info = req.additional_information;
            let mut need = 0;
            if info & (secinfo::OWNER | secinfo::GROUP) != 0 {
                need |= access::WRITE_OWNER;
            }
            if info & secinfo::DACL != 0 {
                need |= access::WRITE_DAC;
            }
            if info & secinfo::SACL != 0 {
                need |= access::ACCESS_SYSTEM_SECURITY;
            }
            if need == 0 || open.granted_access & need != need {
                return Fail(NtStatus::ACCESS_DENIED);
            }
            let new = match SecDesc::parse(req.buffer) {
                Ok(d) => d,
                Err(e) => return Fail(e),
            };
            let Some(f) = open.file_obj() else {
                return Fail(NtStatus::NOT_SUPPORTED);
            };
            let mut sd = f
                .security()
                .and_then(|b| SecDesc::parse(&b).ok())
                .unwrap_or_else(|| default_sd(session(ctx)));
            sd.merge(&new, info);
            return match f.set_security(&sd.encode(0)) {
                Ok(()) => ok(),
                Err(e) => Fail(e),
            };
        }
        info_type::FILESYSTEM | info_type::QUOTA => return Fail(NtStatus::NOT_SUPPORTED),
        _ => return Fail(NtStatus::INVALID_PARAMETER),
    }
    let Some(f) = open.file_obj() else {
        return Fail(NtStatus::NOT_SUPPORTED);
    };
    let share = open.share.clone().expect("file open");
    if share.read_only {
        return Fail(NtStatus::ACCESS_DENIED);
    }
    let info = match fscc::parse_set_file_info(req.info_class, req.buffer) {
        Ok(i) => i,
        Err(e) => return Fail(e),
    };
    let need = |mask: u32| open.granted_access & mask != 0;
    let path = open.path.lock().clone();
    let res = match info {
        SetFileInfo::Basic {
            creation_time,
            last_access_time,
            last_write_time,
            change_time,
            attributes,
        } => {
            if !need(access::FILE_WRITE_ATTRIBUTES) {
                return Fail(NtStatus::ACCESS_DENIED);
            }
            let t = |v: u64| {
                if v == 0 || v == u64::MAX {
                    None
                } else {
                    Some(v)
                }
            };
            if attributes & !attrs::SETTABLE & !(attrs::NORMAL | attrs::DIRECTORY) != 0 {
                return Fail(NtStatus::INVALID_PARAMETER);
            }
            if attributes & attrs::DIRECTORY != 0 && !open.is_directory {
                return Fail(NtStatus::INVALID_PARAMETER);
            }
            let change = BasicChange {
                creation_time: t(creation_time),
                last_access_time: t(last_access_time),
                last_write_time: t(last_write_time),
                change_time: t(change_time),
                attributes: if attributes == 0 {
                    None
                } else {
                    Some(attributes & attrs::SETTABLE)
                },
            };
            let r = f.set_basic(&change);
            if r.is_ok() {
                server.notify.publish(
                    &share.name,
                    &path,
                    notify_action::MODIFIED,
                    notify_filter::ATTRIBUTES | notify_filter::LAST_WRITE,
                );
            }
            r
        }
        SetFileInfo::EndOfFile(len) => {
            if !need(access::FILE_WRITE_DATA) {
                return Fail(NtStatus::ACCESS_DENIED);
            }
            if open.is_directory {
                return Fail(NtStatus::INVALID_PARAMETER);
            }
            open.modified.store(true, Ordering::Relaxed);
            if let Some(fs) = &open.file {
                crate::oplock::break_level2_for_write(fs, open.file_id);
            }
            truncate(&open, f, len)
        }
        SetFileInfo::Allocation(len) => {
            if !need(access::FILE_WRITE_DATA) {
                return Fail(NtStatus::ACCESS_DENIED);
            }
            if let Some(fs) = &open.file {
                crate::oplock::break_level2_for_write(fs, open.file_id);
            }
            match f.info() {
                Ok(i) if len < i.end_of_file => truncate(&open, f, len),
                Ok(_) => f.allocate(len),
                Err(e) => Err(e),
            }
        }
        SetFileInfo::Disposition { delete_pending } => set_disposition(&open, f, delete_pending),
        SetFileInfo::DispositionEx { flags } => set_disposition(&open, f, flags & 1 != 0),
        SetFileInfo::Position(p) => {
            open.position.store(p, Ordering::Relaxed);
            Ok(())
        }
        SetFileInfo::Mode(m) => {
            // Only write-through and sequential-only may be set: SMB2 opens are never
            // synchronous, and buffering cannot be changed after open (MS-FSA 2.1.5.14.7).
            const SETTABLE: u32 = 0x2 | 0x4;
            if m & !SETTABLE != 0 {
                return Fail(NtStatus::INVALID_PARAMETER);
            }
            open.mode.store(u64::from(m), Ordering::Relaxed);
            Ok(())
        }
        SetFileInfo::Rename {
            replace_if_exists,
            name,
            ..
        } => rename(server, ctx, &open, &share, &path, &name, replace_if_exists),
        SetFileInfo::Link {
            replace_if_exists,
            name,
        } => link(server, &open, &share, &path, &name, replace_if_exists),
        SetFileInfo::ValidDataLength(_) => Err(NtStatus::NOT_SUPPORTED),
        SetFileInfo::FullEa(b) => {
            if !need(access::FILE_WRITE_EA) {
                return Fail(NtStatus::ACCESS_DENIED);
            }
            fscc::parse_full_ea_list(&b).and_then(|eas| f.set_eas(&eas))
        }
        SetFileInfo::ShortName(_) => Err(NtStatus::NOT_SUPPORTED),
    };
    match res {
        Ok(()) => ok(),
        Err(e) => Fail(e),
    }
}

/// FileFsAttributeInformation's flags (MS-FSCC 2.5.1): case-sensitive search, preserved
/// case, Unicode names, named streams and hard links; persistent ACLs and EAs only where
/// the share keeps them.
fn fs_attributes(fi: &crate::backend::FsInfo) -> u32 {
    const CASE_SENSITIVE_SEARCH: u32 = 0x1;
    const CASE_PRESERVED_NAMES: u32 = 0x2;
    const UNICODE_ON_DISK: u32 = 0x4;
    const PERSISTENT_ACLS: u32 = 0x8;
    const NAMED_STREAMS: u32 = 0x0004_0000;
    const HARD_LINKS: u32 = 0x0040_0000;
    const EXTENDED_ATTRIBUTES: u32 = 0x0080_0000;
    let base = CASE_SENSITIVE_SEARCH | CASE_PRESERVED_NAMES | UNICODE_ON_DISK | NAMED_STREAMS;
    match fi.keeps_xattrs {
        true => base | HARD_LINKS | PERSISTENT_ACLS | EXTENDED_ATTRIBUTES,
        false => base | HARD_LINKS,
    }
}

/// A new name a client gives (rename, link): valid, and one Windows could reach.
fn new_name_of(name: &str) -> Result<SharePath, NtStatus> {
    let given = names::parse_name(name.trim_start_matches('\\'))?;
    if given
        .split_last()
        .is_some_and(|(_, leaf)| !names::creatable(leaf))
    {
        return Err(NtStatus::OBJECT_NAME_INVALID);
    }
    Ok(given)
}

/// Whether `to` may become a new name: free, or (with `replace`) a file nobody holds open.
fn target_free(
    server: &Server,
    share: &crate::config::ShareConfig,
    to: &SharePath,
    replace: bool,
) -> Result<(), NtStatus> {
    let Ok(target) = share.backend.stat(to) else {
        return Ok(());
    };
    if !replace {
        return Err(NtStatus::OBJECT_NAME_COLLISION);
    }
    let held = server
        .files
        .lock()
        .contains_key(&(target.device_id, target.file_id));
    if target.is_directory || held {
        return Err(NtStatus::ACCESS_DENIED);
    }
    Ok(())
}

/// Windows renames by opening the target's directory to add a name (write access,
/// sharing read and write): an open of that directory that does not share writing, or
/// that holds delete access, makes the rename a SHARING_VIOLATION (smbtorture
/// smb2.rename's *_delete_access cases).
fn target_dir_free(
    server: &Server,
    share: &crate::config::ShareConfig,
    to: &SharePath,
) -> Result<(), NtStatus> {
    let dir = to.split_last().map_or_else(SharePath::root, |(d, _)| d);
    let Ok(info) = share.backend.stat(&dir) else {
        return Ok(());
    };
    let files = server.files.lock();
    let Some(fs) = files.get(&(info.device_id, info.file_id)) else {
        return Ok(());
    };
    let wanted = msg::share_access::READ | msg::share_access::WRITE;
    let busy = fs
        .inner
        .lock()
        .opens
        .iter()
        .any(|o| o.share_conflict(access::FILE_WRITE_DATA, wanted));
    if busy {
        return Err(NtStatus::SHARING_VIOLATION);
    }
    Ok(())
}

/// FileLinkInformation (MS-FSA 2.1.5.15.8): a second name for the open's file.
fn link(
    server: &Arc<Server>,
    open: &Open,
    share: &crate::config::ShareConfig,
    from: &SharePath,
    new_name: &str,
    replace: bool,
) -> Result<(), NtStatus> {
    if open.is_directory {
        return Err(NtStatus::FILE_IS_A_DIRECTORY);
    }
    if open.stream.is_some() {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    let given = new_name_of(new_name)?;
    let to = share.backend.canonical(&given);
    if to.is_root() {
        return Err(NtStatus::ACCESS_DENIED);
    }
    target_free(server, share, &to, replace)?;
    share.backend.link(from, &to, replace)?;
    server.notify.publish(
        &share.name,
        &to,
        notify_action::ADDED,
        notify_filter::FILE_NAME,
    );
    Ok(())
}

fn set_disposition(
    open: &Open,
    f: &dyn crate::backend::FileObj,
    delete: bool,
) -> Result<(), NtStatus> {
    if open.granted_access & access::DELETE == 0 {
        return Err(NtStatus::ACCESS_DENIED);
    }
    let fs = open.file.as_ref().expect("file");
    if delete {
        let info = f.info()?;
        if info.attributes & attrs::READONLY != 0 {
            return Err(NtStatus::CANNOT_DELETE);
        }
        if info.is_directory && !f.list_names()?.is_empty() {
            return Err(NtStatus::DIRECTORY_NOT_EMPTY);
        }
    }
    fs.inner.lock().delete_pending = delete;
    if !delete {
        open.delete_on_close.store(false, Ordering::Release);
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn rename(
    server: &Arc<Server>,
    ctx: &Ctx,
    open: &Open,
    share: &crate::config::ShareConfig,
    from: &SharePath,
    new_name: &str,
    replace: bool,
) -> Result<(), NtStatus> {
    if open.granted_access & access::DELETE == 0 {
        return Err(NtStatus::ACCESS_DENIED);
    }
    let given = new_name_of(new_name)?;
    // A case-only rename keeps the new spelling; any other target that exists in another
    // case is that file.
    let stored = share.backend.canonical(&given);
    let to = if stored == *from { given } else { stored };
    if to.is_root() || from.is_root() {
        return Err(NtStatus::ACCESS_DENIED);
    }
    if to == *from && share.backend.stat(&to).is_ok() {
        return Ok(());
    }
    target_free(server, share, &to, replace)?;
    target_dir_free(server, share, &to)?;
    // A directory with open files below it cannot move (Windows: ACCESS_DENIED).
    if open.is_directory {
        let prefix = format!("{}/", from.as_str());
        let s = session(ctx);
        let busy = s
            .opens
            .lock()
            .values()
            .any(|o| o.path.lock().as_str().starts_with(&prefix));
        if busy {
            return Err(NtStatus::ACCESS_DENIED);
        }
    }
    share.backend.rename(from, &to, replace)?;
    let filter = if open.is_directory {
        notify_filter::DIR_NAME
    } else {
        notify_filter::FILE_NAME
    };
    server
        .notify
        .publish(&share.name, from, notify_action::RENAMED_OLD_NAME, filter);
    server
        .notify
        .publish(&share.name, &to, notify_action::RENAMED_NEW_NAME, filter);
    // Every open of the same file in this server now has the new name.
    let fs = open.file.as_ref();
    for s in server.sessions.lock().values() {
        for o in s.opens.lock().values() {
            let same = match (fs, &o.file) {
                (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                _ => false,
            };
            if same {
                *o.path.lock() = to.clone();
            }
        }
    }
    Ok(())
}
