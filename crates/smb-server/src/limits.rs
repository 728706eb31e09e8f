//! The engine's fixed limits, in one place. Each is what Windows does (or a bound no
//! operator needs to move); the limits an operator tunes are fields of
//! [`crate::ServerConfig`] (from `[limits]` and `[server]` in `smbdirectd.toml`). Past
//! each bound the client gets the protocol's status, or its own request fails; nobody
//! else is affected.

use std::time::Duration;

/// How long a break waits for its acknowledgment before the server proceeds as if it
/// came (MS-SMB2 3.3.2.1 OplockBreakTimer; Windows: 35 s).
pub const OPLOCK_BREAK_TIMEOUT: Duration = Duration::from_secs(35);

/// Channels one session may have, the first included (SESSION_SETUP binding past it:
/// STATUS_INSUFFICIENT_RESOURCES; Windows allows 32).
pub const MAX_CHANNELS: u32 = 32;

/// Logged-off sessions a connection (and sessions ended by a reconnect, the server)
/// remembers, so the answer to a late request is still signed with the right key.
pub const LOGGED_OFF_KEPT: usize = 8;

/// The longest resiliency a client may ask for, ms (FSCTL_LMR_REQUEST_RESILIENCY past
/// it: STATUS_INVALID_PARAMETER; Windows' bound: 5 minutes).
pub const MAX_RESILIENCY_TIMEOUT_MS: u32 = 300_000;

/// Server-side copy (FSCTL_SRV_COPYCHUNK): chunks per request, bytes per chunk, bytes per
/// request (MS-SMB2 3.3.3.1 and Windows' defaults; past them the answer is
/// STATUS_INVALID_PARAMETER with these three numbers).
pub const COPYCHUNK_MAX_CHUNKS: u32 = 256;
pub const COPYCHUNK_MAX_CHUNK_SIZE: u32 = 1 << 20;
pub const COPYCHUNK_MAX_DATA: u32 = 16 << 20;

/// The largest file offset plus length a READ, WRITE or lock may reach (NTFS's limit:
/// beyond it STATUS_INVALID_PARAMETER or STATUS_DISK_FULL, as Windows answers).
pub const MAX_FILE_SIZE: u64 = 0xfff_ffff_0000;

/// RDMA buffer descriptors one READ or WRITE may name (more: STATUS_INVALID_PARAMETER).
pub const MAX_DESCRIPTORS: usize = 64;

/// Changes the CHANGE_NOTIFY log keeps; a waiting request that falls further behind is
/// answered STATUS_NOTIFY_ENUM_DIR (the client rescans), as Windows does on overflow.
pub const NOTIFY_LOG_LEN: usize = 4096;

/// Addresses and user names the failed-logon throttle tracks at once (the oldest entry
/// is forgotten first).
pub const LOGON_TRACKED: usize = 16384;

/// Break notices waiting in one connection's mailbox. A connection whose worker does not
/// take them (it cannot keep up, or its client stopped reading) gets no more: a break it
/// cannot be told of takes effect at once, as for a client that is gone, so nobody
/// else waits on it.
pub const MAX_OUTBOX_NOTICES: usize = 4096;

/// ODX offload tokens (FSCTL_OFFLOAD_READ) one session may hold (a new one past it
/// retires the session's oldest), and all sessions together (past it the oldest of all
/// goes): each names a range of a file, and nothing else is kept for it.
pub const OFFLOAD_TOKENS_PER_SESSION: usize = 64;
pub const OFFLOAD_TOKENS_TOTAL: usize = 4096;

/// How long an offload token lives when the client asks for the default (TokenTimeToLive
/// 0), and the longest it may ask for.
pub const OFFLOAD_TOKEN_DEFAULT_TTL: Duration = Duration::from_secs(30);
pub const OFFLOAD_TOKEN_MAX_TTL: Duration = Duration::from_secs(300);

/// The most one offload token names (FSCTL_OFFLOAD_READ reports a shorter TransferLength
/// past it, as the protocol allows; the client asks again for the rest).
pub const OFFLOAD_MAX_TOKEN_RANGE: u64 = 1 << 30;

/// How much of an offload write (or a block clone's copied tail) is copied per step: a
/// long copy goes in steps this size, checking between them that its token still holds
/// and that nobody cancelled it.
pub const OFFLOAD_COPY_STEP: usize = 8 << 20;

/// Offload writes up to this long are copied by the worker that received them; longer
/// ones go async and are copied on a copier thread of their own, off the workers.
pub const OFFLOAD_INLINE_COPY: u64 = 1 << 20;

/// Copier threads running at once in the process; a long copy (an offload write, an
/// ExtractVHD) past them waits (async) for one to end.
pub const OFFLOAD_COPIERS: usize = 4;

/// Threads running, at once in the process, a scale-out shared disk's SCSI commands that
/// change its medium and that the worker's engine did not take (a write into a block
/// not yet allocated may wait for another node to give up the disk's metadata, or for
/// a dead node's lease to run out); past them one waits (async) for one to end.
pub const DISK_CHANGERS: usize = 16;

/// The logical sector size ODX offsets and lengths are multiples of (MS-FSA 2.1.5.10.20).
pub const OFFLOAD_SECTOR: u64 = 512;

/// Held answers (Storage QoS, logon delays) due within this much of the one that is due
/// leave with it.
pub const HELD_SLACK: Duration = Duration::from_millis(1);
