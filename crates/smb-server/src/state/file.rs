//! A file's shared state: its opens (share modes, oplocks), byte-range locks,
//! leases and delete-pending, in the server's file table.

use super::*;

/// No lock sequence recorded in a `lock_seq` bucket.
pub const LOCK_SEQ_NONE: u8 = 0xFF;

/// A byte-range lock held by an open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RangeLock {
    pub owner: FileId,
    pub session_id: u64,
    pub offset: u64,
    pub length: u64,
    pub exclusive: bool,
}

impl RangeLock {
    /// Whether two lock ranges overlap. Ranges end inclusively (a lock may reach the last
    /// byte of the 64-bit space); a zero-length lock at `o` overlaps a range that holds
    /// `o` past its first byte, and two zero-length locks never overlap (Windows).
    fn overlaps(&self, offset: u64, length: u64) -> bool {
        ranges_overlap((self.offset, self.length), (offset, length))
    }
}

/// Whether two lock ranges (offset, length) overlap; a zero-length one only when it
/// lies strictly inside the other.
fn ranges_overlap((o1, l1): (u64, u64), (o2, l2): (u64, u64)) -> bool {
    let last = |o: u64, l: u64| o.saturating_add(l - 1);
    match (l1 == 0, l2 == 0) {
        (true, true) => false,
        (true, false) => o2 < o1 && o1 <= last(o2, l2),
        (false, true) => o1 < o2 && o2 <= last(o1, l1),
        (false, false) => o1 <= last(o2, l2) && o2 <= last(o1, l1),
    }
}

/// One file as seen by every open of it.
#[derive(Default)]
pub struct FileOpenEntry {
    pub file_id: FileId,
    pub access: u32,
    pub share_access: u32,
    pub session_id: u64,
    /// Oplock held (MS-SMB2 2.2.14 levels: 0, II = 1, exclusive = 8, batch = 9).
    pub oplock: u8,
    /// A break was sent and awaits acknowledgment: the level it breaks to, and when the
    /// server stops waiting.
    pub breaking: Option<(u8, std::time::Instant)>,
    /// Where break notifications for this open go (its connection); None once the
    /// connection is gone (a disconnected durable open).
    pub outbox: Option<Arc<Outbox>>,
    /// The application instance that made the open (MS-SMB2 2.2.13.2.13).
    pub app_instance: Option<[u8; 16]>,
    /// The lease the open belongs to: its client's ClientGuid and the lease key.
    pub lease: Option<([u8; 16], [u8; 16])>,
    /// A persistent handle's: while disconnected it keeps its place (a conflicting open
    /// gets FILE_NOT_AVAILABLE until its owner reclaims it or its time is up).
    pub persistent: bool,
}

impl FileOpenEntry {
    /// MS-FSA 2.1.5.1.2: whether a new open (`access`, `share`) and this one exclude each
    /// other. Opens without data or delete access take no part in sharing (as Windows and
    /// Samba apply it): neither checked nor checked against.
    pub fn share_conflict(&self, access: u32, share: u32) -> bool {
        share_modes_conflict((self.access, self.share_access), (access, share))
    }

    /// Still waiting for the holder to acknowledge a break (and it can still answer).
    pub fn break_pending(&self, now: std::time::Instant) -> bool {
        awaiting_ack(self.breaking.map(|(_, d)| d), &self.outbox, now)
    }
}

/// A break sent with this deadline still awaits its acknowledgment: the time is not up
/// and the holder's connection can still answer.
fn awaiting_ack(
    deadline: Option<std::time::Instant>,
    outbox: &Option<Arc<Outbox>>,
    now: std::time::Instant,
) -> bool {
    deadline.is_some_and(|d| now < d) && outbox.as_ref().is_some_and(|b| !b.is_closed())
}

pub use crate::limits::OPLOCK_BREAK_TIMEOUT;

pub mod oplock {
    pub const NONE: u8 = 0;
    pub const LEVEL_II: u8 = 1;
    pub const EXCLUSIVE: u8 = 8;
    pub const BATCH: u8 = 9;
    pub const LEASE: u8 = 0xFF;
}

#[derive(Default)]
pub struct FileState {
    /// The file's key in the server's table: (device, file id).
    pub key: (u64, u64),
    pub inner: Mutex<FileInner>,
    /// Some open may hold a Level II oplock (lets writes skip the break check).
    pub level2: AtomicBool,
    /// Some lease may be held on the file (likewise).
    pub leased: AtomicBool,
    /// Some byte-range lock may be held (reads and writes skip the conflict check, and
    /// the file's lock, without): set before a lock is added, cleared when the last goes,
    /// both under `inner`'s lock.
    pub range_locked: AtomicBool,
    /// Breaks of read caching heard from other nodes of a scale-out share (a CREATE that
    /// sees it move while it asked to cache grants nothing): moved before the break.
    pub remote_breaks: std::sync::atomic::AtomicU64,
    /// The file mapped for page-cache reads over SMB Direct (`mapped_reads` shares): one
    /// mapping per file, whichever open made it.
    map: Mutex<MapSlot>,
    /// CREATEs of this file pass one at a time (its share-mode check and the open agree),
    /// holding this across their file-system calls, not the server's file table.
    pub create_gate: Mutex<()>,
    /// The shared virtual disk (MS-RSVD) open on the file, while a shared open lives.
    pub vdisk: crate::svhdx::DiskSlot,
    /// The write time shown while updates after writes are delayed (see [`WriteTimes`]).
    pub write_times: WriteTimes,
    /// CREATEs holding a [`FileRef`] to this state: it stays in the table for them even
    /// with no open (changed under the table's lock only).
    pub(super) refs: std::sync::atomic::AtomicUsize,
}

/// A CREATE's hold on a file's shared state: the state stays in the server's table while
/// held, and leaves it when the last hold goes with no open made.
pub struct FileRef<'a> {
    pub(super) server: &'a Server,
    pub key: (u64, u64),
    pub fs: Arc<FileState>,
}

impl Drop for FileRef<'_> {
    fn drop(&mut self) {
        let mut files = self.server.files.shard(&self.key);
        let last = self.fs.refs.fetch_sub(1, Ordering::AcqRel) == 1;
        // (A file whose deletion waits on its streams stays, to answer DELETE_PENDING.)
        let idle = {
            let inner = self.fs.inner.lock();
            inner.opens.is_empty() && !inner.held_by_streams
        };
        if last
            && idle
            && files
                .get(&self.key)
                .is_some_and(|v| Arc::ptr_eq(v, &self.fs))
        {
            files.remove(&self.key);
        }
    }
}

#[derive(Default)]
enum MapSlot {
    #[default]
    Untried,
    /// The backend cannot map this file.
    Unmappable,
    /// No mapping resources the last time: this many more reads go the usual way first.
    Busy(u32),
    Mapped(Arc<dyn crate::backend::MappedFile>),
}

impl FileState {
    /// A file's state, empty, under its key in the server's table.
    pub(super) fn keyed(key: (u64, u64)) -> FileState {
        FileState {
            key,
            ..Default::default()
        }
    }

    /// What a client sees of the file at `now` (FILETIME): `i` with the write time
    /// delayed updates show.
    pub fn shown_info(
        &self,
        mut i: crate::backend::FileInfo,
        now: u64,
    ) -> crate::backend::FileInfo {
        if let Some(t) = self.write_times.shown(now) {
            i.last_write_time = t;
        }
        i
    }

    /// CREATEs holding this state (see [`FileRef`]); read under the table's lock.
    pub fn creating(&self) -> bool {
        self.refs.load(Ordering::Acquire) > 0
    }

    /// Whether `inner` holds any byte-range lock, recorded for lock-free readers (call
    /// after removing locks, with `inner` still locked).
    pub fn note_range_locks(&self, inner: &FileInner) {
        self.range_locked
            .store(!inner.locks.is_empty(), Ordering::Release);
    }

    /// The file's mapping if it covers bytes up to `end` (made on first use through `f`;
    /// remade when the file has grown past it or it was damaged).
    pub fn mapping(
        &self,
        f: &dyn FileObj,
        end: u64,
    ) -> Option<Arc<dyn crate::backend::MappedFile>> {
        use crate::backend::Mapping;
        let mut slot = self.map.lock();
        let old = match &mut *slot {
            MapSlot::Unmappable => return None,
            MapSlot::Busy(n) if *n > 0 => {
                *n -= 1;
                return None;
            }
            MapSlot::Mapped(m) if !m.damaged() && end <= m.size() as u64 => return Some(m.clone()),
            MapSlot::Mapped(m) if !m.damaged() => m.size() as u64,
            _ => 0,
        };
        match f.map(old) {
            Mapping::Mapped(m) => {
                let fits = end <= m.size() as u64;
                *slot = MapSlot::Mapped(m.clone());
                fits.then_some(m)
            }
            // A read past the end of a file that has not grown keeps the mapping.
            Mapping::NoLarger => None,
            Mapping::Busy => {
                *slot = MapSlot::Busy(256);
                None
            }
            Mapping::Never => {
                *slot = MapSlot::Unmappable;
                None
            }
        }
    }

    /// The file was truncated or cut short: the next mapped read maps it afresh.
    pub fn unmap(&self) {
        let mut slot = self.map.lock();
        if matches!(*slot, MapSlot::Mapped(_)) {
            *slot = MapSlot::Untried;
        }
    }
}

/// A lease on a file (MS-SMB2 3.3.1.13): shared by every open of one client that names
/// the same key.
pub struct Lease {
    pub client_guid: [u8; 16],
    pub key: [u8; 16],
    /// `lease::R | H | W`.
    pub state: u32,
    /// A break was sent and awaits acknowledgment: the state it breaks to, and when the
    /// server stops waiting.
    pub breaking: Option<(u32, std::time::Instant)>,
    pub epoch: u16,
    /// Version 2 (SMB 3: epochs, parent keys).
    pub v2: bool,
    pub parent: Option<[u8; 16]>,
    /// The connection of the lease's latest open: where its breaks go when the client's
    /// connections are not known.
    pub outbox: Option<Arc<Outbox>>,
    /// The client's connections: its breaks go to the oldest that is up.
    pub channels: Option<Arc<ClientChannels>>,
    /// The connection the break in flight went to: it alone can acknowledge it in time
    /// (when it is lost, the break is settled).
    pub sent_to: Option<Arc<Outbox>>,
    /// A further break asked for while one was in flight: sent after the acknowledgment.
    pub deferred: Option<u32>,
}

impl Lease {
    pub fn break_pending(&self, now: std::time::Instant) -> bool {
        awaiting_ack(self.breaking.map(|(_, d)| d), &self.sent_to, now)
    }

    /// Where the lease's breaks go: the client's oldest connection that is up, else its
    /// latest open's.
    pub fn notice_target(&self) -> Option<Arc<Outbox>> {
        self.channels
            .as_ref()
            .and_then(|c| c.first_live())
            .or_else(|| self.outbox.clone())
    }
}

#[derive(Default)]
pub struct FileInner {
    pub opens: Vec<FileOpenEntry>,
    pub leases: Vec<Lease>,
    pub delete_pending: bool,
    /// Its last open closed with the file to be deleted while one of its named streams
    /// was open: the file stays, delete pending, until that stream's last open closes
    /// (NTFS; smbtorture smb2.streams.delete).
    pub held_by_streams: bool,
    pub locks: Vec<RangeLock>,
}

/// Whether an open takes part in sharing (MS-FSA 2.1.5.1.2 as Windows and Samba apply
/// it): only data or delete access does.
pub fn takes_part_in_sharing(access: u32) -> bool {
    access & (DATA_READ | DATA_WRITE | access::DELETE) != 0
}

/// MS-FSA 2.1.5.1.2: whether an open held with (access, share mode) `held` and a new one
/// asking `new` exclude each other.
pub fn share_modes_conflict(held: (u32, u32), new: (u32, u32)) -> bool {
    let ((h_access, h_share), (access, share)) = (held, new);
    if !takes_part_in_sharing(access) || !takes_part_in_sharing(h_access) {
        return false;
    }
    let wants = |mask| access & mask != 0;
    let has = |mask| h_access & mask != 0;
    (has(DATA_READ) && share & share_access::READ == 0)
        || (has(DATA_WRITE) && share & share_access::WRITE == 0)
        || (has(access::DELETE) && share & share_access::DELETE == 0)
        || (wants(DATA_READ) && h_share & share_access::READ == 0)
        || (wants(DATA_WRITE) && h_share & share_access::WRITE == 0)
        || (wants(access::DELETE) && h_share & share_access::DELETE == 0)
}

/// MS-FSA 2.1.5.7: whether a new lock (offset, length, exclusive) conflicts with one
/// another open holds.
pub fn locks_conflict(held: (u64, u64, bool), new: (u64, u64, bool)) -> bool {
    ranges_overlap((held.0, held.1), (new.0, new.1)) && (new.2 || held.2)
}

/// MS-FSA 2.1.4.10: whether a lock (offset, length, exclusive) another open holds stops
/// an I/O of `length` bytes at `offset`: a read by an exclusive lock, a write by any;
/// zero-length locks and I/O never conflict.
pub fn lock_stops_io(held: (u64, u64, bool), offset: u64, length: u64, write: bool) -> bool {
    held.1 != 0
        && length != 0
        && ranges_overlap((held.0, held.1), (offset, length))
        && (write || held.2)
}

const DATA_READ: u32 = access::FILE_READ_DATA | access::FILE_EXECUTE;
const DATA_WRITE: u32 = access::FILE_WRITE_DATA | access::FILE_APPEND_DATA;

impl FileInner {
    /// MS-FSA 2.1.5.1.2 share-access check of a new open against the existing ones.
    pub fn share_conflict(&self, access: u32, share: u32) -> bool {
        self.opens.iter().any(|o| o.share_conflict(access, share))
    }

    /// Whether an I/O by `owner` on the range conflicts with someone's lock (MS-FSA 2.1.4.10).
    pub fn io_conflict(&self, owner: FileId, offset: u64, length: u64, write: bool) -> bool {
        // Zero-length locks and I/O never conflict (MS-FSA 2.1.4.10).
        self.locks.iter().any(|l| {
            l.length != 0
                && length != 0
                && l.overlaps(offset, length)
                && (l.owner != owner && (write || l.exclusive)
                    || (l.owner == owner && write && !l.exclusive))
        })
    }

    /// Whether a new lock conflicts with held ones (MS-FSA 2.1.5.7): an exclusive request
    /// conflicts with any overlapping lock; a shared one with another open's overlapping
    /// exclusive lock (an open may stack shared locks on its own exclusive range).
    pub fn lock_conflict(&self, new: &RangeLock) -> bool {
        self.locks.iter().any(|l| {
            l.overlaps(new.offset, new.length)
                && (new.exclusive || (l.exclusive && l.owner != new.owner))
        })
    }
}
