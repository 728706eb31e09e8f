//! File service handlers: CREATE, CLOSE, FLUSH, READ, WRITE, LOCK, IOCTL (file FSCTLs),
//! QUERY_DIRECTORY, CHANGE_NOTIFY, QUERY_INFO, SET_INFO, OPLOCK_BREAK, TREE_DISCONNECT.
//!
//! One room per command family: `create` (with `security`, `streams`, `durable` for the
//! handle lifecycle and `pipe` for IPC$), `io` (READ, WRITE, FLUSH), `lock`, `ioctl`,
//! `info` and `rename` (QUERY_INFO, SET_INFO), `dir` (QUERY_DIRECTORY, CHANGE_NOTIFY),
//! `close`, `breaks` (OPLOCK_BREAK acknowledgments) and `wait` (requests that wait and
//! what completes them). This module holds what they share: the outcome of a handler,
//! [`dispatch`], and the lookups of a request's session and open. The rooms see each
//! other's items through this module (`use super::*`); what the connection and the
//! rest of the crate may call is re-exported here.

use crate::backend::{
    BasicChange, CreateAction, DirectFd, Disposition, FileInfo, Kind, OpenParams, SharePath,
};
use crate::config::InterfaceConfig;
use crate::names;
use crate::state::Tree;
use crate::state::{
    notify_action, notify_filter, CreateWait, DirCursor, Durable, FileOpenEntry, FileState,
    NewOpen, Open, OpenKind, RangeLock, Server, Session, WaitClass,
};
use parking_lot::Mutex;
use smb_wire::dcerpc::{RpcPipe, ShareEntry, STYPE_DISKTREE, STYPE_IPC_SPECIAL};
use smb_wire::fscc::{self, FileFacts, FsFacts, OpenFacts, SetFileInfo};
use smb_wire::header::Command;
use smb_wire::header::Header;
use smb_wire::msg::{
    self, access, attrs, create_options as co, info_type, lock_flags, qd_flags, FileId,
};
use smb_wire::secdesc::{self, SecDesc};
use smb_wire::{Le, NtStatus, PutLe};
use std::sync::atomic::Ordering;
use std::sync::Arc;

pub mod admin;
mod breaks;
mod close;
mod create;
mod dir;
mod durable;
mod info;
mod io;
mod ioctl;
mod lock;
mod offload;
mod pipe;
mod rdma_transform;
mod rename;
pub mod security;
mod storage_io;
mod storage_qos;
mod streams;
mod wait;
use breaks::*;
pub use breaks::{break_all_read_caching, break_read_caching};
pub use close::*;
use create::*;
use dir::*;
pub use durable::*;
use info::*;
use io::*;
pub use ioctl::*;
use lock::*;
pub use offload::wait_copiers;
use offload::*;
use pipe::*;
use rename::*;
pub use security::*;
pub use storage_io::{finish_io, StorageIo};
use storage_qos::*;
use streams::*;
pub use wait::*;

/// Per-request context handed to the command handlers. What the connection holds is
/// borrowed, not cloned: no reference count moves per request.
pub struct Ctx<'a> {
    pub server: &'a Arc<Server>,
    pub hdr: Header,
    pub msg: &'a [u8],
    pub session: Option<&'a Arc<Session>>,
    pub tree: Option<&'a Arc<Tree>>,
    pub encrypted: bool,
    /// FileId from the previous CREATE in a related compound.
    pub related_file: Option<FileId>,
    /// When the request came in.
    pub now: crate::clock::Now,
    /// SMB Direct connections: descriptors, fetched WRITE data and pending RDMA Writes.
    pub rdma: Option<&'a std::cell::RefCell<crate::rdma::RdmaState>>,
    /// SMB Direct connections: their fixed limits.
    pub rdma_limits: Option<crate::rdma::RdmaLimits>,
    pub dialect: u16,
    /// This connection's mailbox (where breaks for opens made here are posted).
    pub outbox: &'a Arc<crate::state::Outbox>,
    /// Whether the request may go async (only the last of a compound may).
    pub can_wait: bool,
    /// The connection advertised multichannel (lock sequences are then checked).
    pub multichannel: bool,
    /// This channel's signing key for the session (RDMA signing transform).
    pub channel_key: [u8; 16],
    /// A READ (or a SCSI READ through the RSVD tunnel) may hand its storage I/O to the
    /// transport ([`Outcome::Io`]).
    pub defer_io: bool,
    /// The request is a PDU of its own (not part of a compound).
    pub single: bool,
    /// Storage QoS: the latest time a handler asked this request's answer be held to.
    pub hold: &'a std::cell::Cell<Option<std::time::Instant>>,
}

/// The body of a response that carries nothing but its structure size.
/// The shared virtual disk on `path` (opened, or found open in the file's `slot`), its
/// reservations the cluster's on a scale-out share.
fn shared_disk(
    server: &Server,
    share: &crate::config::ShareConfig,
    path: &SharePath,
    slot: &crate::svhdx::DiskSlot,
) -> Result<Arc<crate::svhdx::SharedDisk>, NtStatus> {
    let cluster = server.cluster_of(share);
    let records = cluster.map(|c| move |disk: &str| c.disk_record(disk));
    let records = records
        .as_ref()
        .map(|r| r as crate::svhdx::SharedRecords<'_>);
    crate::svhdx::shared_disk(server.pr_store.get(), records, share, path, slot)
}

pub(crate) fn small_body() -> Vec<u8> {
    let mut b = Vec::with_capacity(4);
    msg::encode_small_response(&mut b);
    b
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
    /// A READ, WRITE or FLUSH whose storage I/O the transport performs (its io_uring):
    /// answered, with no
    /// interim response, when the transport reports the I/O done.
    Io(StorageIo),
}

/// The errno values `finish_io` tells apart (Linux; the engine links no libc).
mod errno {
    pub const EIO: i32 = 5;
    pub const ENOMEM: i32 = 12;
    pub const ENODEV: i32 = 19;
    pub const EISDIR: i32 = 21;
    pub const EINVAL: i32 = 22;
    pub const ENOSPC: i32 = 28;
    pub const EOPNOTSUPP: i32 = 95;
    pub const ESTALE: i32 = 116;
    pub const EDQUOT: i32 = 122;
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
    let open = match s.open(id.volatile) {
        Some(o) if o.file_id.persistent == id.persistent && o.tree_id == ctx.hdr.tree_id => o,
        _ => return Err(NtStatus::FILE_CLOSED),
    };
    // MS-SMB2 3.3.5.2.10: requests sent before the client moved to a newer channel may
    // not modify the file any more.
    if ctx.dialect >= smb_wire::negotiate::dialect::SMB30 {
        let cmd = ctx.hdr.command();
        let modifying = matches!(cmd, Command::WRITE | Command::SET_INFO | Command::IOCTL);
        let replay = ctx.hdr.flags & smb_wire::header::flags::REPLAY_OPERATION != 0;
        open.channel
            .lock()
            .admit(ctx.hdr.status as u16, replay, modifying)?;
    }
    if open.replay_eligible.load(Ordering::Relaxed)
        && open.replay_eligible.swap(false, Ordering::AcqRel)
    {
        if let Some(k) = &open.replay_key {
            ctx.server.create_guids.forget(k, open.file_id);
        }
    }
    Ok(open)
}

/// The open a request that asks for output names, once its output length is checked
/// against the transact size (INVALID_PARAMETER past it, before the open is looked up).
fn open_for_output(
    ctx: &Ctx,
    id: FileId,
    out_len: u32,
    max_transact: u32,
) -> Result<Arc<Open>, NtStatus> {
    if out_len > max_transact {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    find_open(ctx, id)
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

/// What CREATE and CLOSE answer of a file: its facts' times, sizes and attributes.
fn net_open(i: &FileInfo) -> msg::NetworkOpenInfo {
    facts(i, false).open_info()
}
