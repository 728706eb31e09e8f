//! Shared VHDX (MS-RSVD) on the SMB side: a `.vhdx` (or a VHD Set, `.vhds`) opened with
//! the SVHDX context on an `rsvd` share becomes a virtual SCSI disk shared by every host
//! that opens it.
//!
//! - [`SharedDisk`]: one per file while any shared open lives; the VHDX engine (and its
//!   parents), the persistent reservations all initiators share, and who has it open.
//!   It hangs off the file's shared state (weakly) so later opens find it.
//! - [`SvhdxOpen`]: what one shared open adds: its initiator, sense store and context.
//! - [`VirtualFile`]: the open's [`FileObj`]: SMB2 READ and WRITE offsets are virtual-disk
//!   offsets resolved through the engine; sizes are the virtual disk's.
//! - [`PrStore`]: where reservations are kept across restarts (the state directory).
//! - [`SetFile`] and [`DiskSet`]: a VHD Set's file and its snapshots, made by putting a
//!   new differencing file on top of the chain.
//!
//! While a shared open lives, plain opens that would write the file are refused (they
//! would corrupt the disk under its initiators), and a shared open is refused while a
//! plain open may write it.

use crate::backend::{
    BasicChange, DirEntry, Disposition, FileInfo, FileObj, Kind, OpenParams, RingFile, RingTarget,
    SharePath,
};
use crate::config::ShareConfig;
use parking_lot::Mutex;
use rsvd::scsi::{Lun, Outcome as ScsiOutcome};
use rsvd::sense::UnitAttention;
use rsvd::tasks::{Task, Tasks};
use rsvd::tunnel::{self, OpenContext, OpenState, StoredSense};
use rsvd::{BlockDevice, DevError, Guid, VhdxDisk};
use smb_wire::status::NtStatus;
use std::io;
use std::sync::Arc;
use vhdx::vhds::VhdSet;

mod extract;
mod file;
mod open;
mod scale;
mod set;
mod setfile;

pub use extract::ExtractJob;
pub use file::VirtualFile;
pub use open::{query_support, request, AbortWait, SvhdxOpen, Tunnelled};
pub use rsvd::{RecordUnavailable, Reservations, SharedRecord, Yield};
use scale::{hook_cluster, open_layers, MetaOf};
pub use set::{held_live, in_use, DiskSet, Held};
pub use setfile::SetFile;

/// Where persistent reservations live between restarts: whole records replaced
/// atomically and durably by `save`.
pub trait PrStore: Send + Sync {
    fn load(&self, key: &str) -> io::Result<Option<Vec<u8>>>;
    fn save(&self, key: &str, data: &[u8]) -> io::Result<()>;
}

/// A server's reservations: their store, and the unit attention a restart owes.
pub struct PrRecords {
    store: Arc<dyn PrStore>,
    /// By disk: the initiators registered when the server started that have not yet
    /// been told the disk was reset. Absent: its record not read since the start.
    owed: Mutex<std::collections::BTreeMap<String, Vec<Guid>>>,
}

impl PrRecords {
    pub fn new(store: Arc<dyn PrStore>) -> PrRecords {
        PrRecords {
            store,
            owed: Mutex::new(Default::default()),
        }
    }

    /// The reservations of disk `key` as saved; its registrants from before the
    /// server started are told (once each) that the disk was reset.
    fn load(&self, key: &str) -> Result<Reservations, NtStatus> {
        let saved = self.store.load(key).map_err(|e| {
            tracing::error!(disk = %key, error = %e, "saved reservations unreadable");
            NtStatus::FILE_CORRUPT_ERROR
        })?;
        let mut pr = saved.map_or_else(Reservations::new, |b| {
            Reservations::decode(&b).unwrap_or_else(|| {
                tracing::error!(disk = %key, "saved reservations are damaged; starting without");
                Reservations::new()
            })
        });
        let mut owed = self.owed.lock();
        match owed.get(key) {
            None => {
                pr.reset();
                owed.insert(key.to_string(), pr.waiting(UnitAttention::Reset));
            }
            Some(them) => {
                for g in them {
                    pr.attend(*g, UnitAttention::Reset);
                }
            }
        }
        Ok(pr)
    }

    /// The disk `key` closes: who it did not tell of the reset is told by the next.
    fn closed(&self, key: &str, pr: &Reservations) {
        if let Some(them) = self.owed.lock().get_mut(key) {
            *them = pr.waiting(UnitAttention::Reset);
        }
    }
}

/// The engine's view of a file opened through the share backend, with the key its
/// descriptor is kept under in a transport's io_uring file table (each file of a chain
/// its own: a VHD Set's top file changes under its opens).
pub struct ObjStore(Arc<EngineFile>);

/// A file of a virtual disk's chain, and its key: a ring read of it holds both until it
/// is reported (the key's closing is told once the last holder lets go).
pub struct EngineFile {
    obj: Box<dyn FileObj>,
    key: crate::fixed::FileKey,
}

impl ObjStore {
    pub fn new(obj: Box<dyn FileObj>) -> ObjStore {
        ObjStore(Arc::new(EngineFile {
            obj,
            key: crate::fixed::FileKey::default(),
        }))
    }

    pub fn obj(&self) -> &dyn FileObj {
        &*self.0.obj
    }
}

fn io_err(s: NtStatus) -> io::Error {
    io::Error::other(format!("status {:#010x}", s.0))
}

impl vhdx::Storage for ObjStore {
    fn read_at(&self, buf: &mut [u8], offset: u64) -> io::Result<()> {
        let mut at = 0;
        while at < buf.len() {
            let n = self
                .obj()
                .read_at(offset + at as u64, &mut buf[at..])
                .map_err(io_err)?;
            if n == 0 {
                return Err(io::ErrorKind::UnexpectedEof.into());
            }
            at += n;
        }
        Ok(())
    }
    fn write_at(&self, buf: &[u8], offset: u64) -> io::Result<()> {
        let n = self.obj().write_at(offset, buf).map_err(io_err)?;
        if n != buf.len() {
            return Err(io::ErrorKind::WriteZero.into());
        }
        Ok(())
    }
    fn flush(&self) -> io::Result<()> {
        self.obj().sync().map_err(io_err)
    }
    fn len(&self) -> io::Result<u64> {
        Ok(self.obj().info().map_err(io_err)?.end_of_file)
    }
    fn set_len(&self, len: u64) -> io::Result<()> {
        self.obj().set_len(len).map_err(io_err)
    }
    fn punch_hole(&self, offset: u64, len: u64) -> io::Result<()> {
        self.obj().zero_range(offset, len).map_err(io_err)
    }
    fn zero_range(&self, offset: u64, len: u64) -> io::Result<()> {
        self.obj().zero_range(offset, len).map_err(io_err)
    }
}

/// A shared virtual disk.
pub struct SharedDisk {
    /// The engine over the file and its parents (taken out only when the last open goes).
    dev: Option<VhdxDisk<ObjStore>>,
    /// For a `.vhds`: the set.
    pub set: Option<SetFile>,
    /// The file the disk was opened as (the `.vhdx` or the `.vhds`), on its share; None
    /// for a snapshot's disk.
    place: Option<(ShareConfig, SharePath)>,
    /// The chain's files, marked in use.
    held: Mutex<Held>,
    pub pr: Mutex<Reservations>,
    /// The reservations' name in the store: the disk's identity.
    pr_key: String,
    store: Option<Arc<PrRecords>>,
    /// Initiators with shared opens, and how many each has.
    initiators: Mutex<Vec<(Guid, u32)>>,
    /// The writes under way, however they came (SCSI, SMB2 WRITE, zeroing, copies).
    tasks: Arc<Tasks>,
    /// On a scale-out share: the reservations every node serving the disk shares (the
    /// `pr` here is this node's copy, brought up to date before each command).
    shared: Option<Arc<dyn rsvd::SharedRecord>>,
    /// On a scale-out share: its top engine's way to the disk's metadata (every top
    /// this node opens for the disk, a set's new ones too).
    meta: Option<Arc<MetaOf>>,
}

/// `len` bytes at `at` of a disk's top file as the transport's engine takes them: a
/// plain file's descriptor, else the file's SPDK or CephFS target (a CephFS file's I/O
/// goes to the node's CephFS threads, off the worker), with the file kept open.
fn target_in(top: &vhdx::Vhdx<ObjStore>, at: u64, len: u64) -> Option<RingTarget> {
    let f = &top.file().0;
    let (fd, spdk, ceph) = match f.obj.raw_fd() {
        Some(fd) => (fd, None, None),
        None => {
            let t = f.obj.ring_target(at, len)?;
            if t.spdk.is_none() && t.ceph.is_none() {
                return None;
            }
            (-1, t.spdk, t.ceph)
        }
    };
    let key = match (spdk, ceph) {
        (None, None) => f.key.hand_out(crate::fixed::Descriptor::Plain),
        _ => 0,
    };
    Some(RingTarget {
        fd,
        at,
        file: Some(RingFile {
            key,
            keep: f.clone(),
        }),
        spdk,
        ceph,
    })
}

/// Where a scale-out share's disks keep their shared reservations: the record of the
/// disk with this identity (its serial).
pub type SharedRecords<'a> = &'a dyn Fn(&str) -> Result<Arc<dyn rsvd::SharedRecord>, NtStatus>;

impl SharedDisk {
    /// Whether the disk is served by several nodes (a scale-out share's): one at a
    /// time changes its metadata and its set (see `scale.rs`), its reservations are
    /// shared.
    pub fn scale_out(&self) -> bool {
        self.shared.is_some()
    }

    pub fn device(&self) -> &VhdxDisk<ObjStore> {
        self.dev.as_ref().expect("open until dropped")
    }

    fn persist(&self, data: &[u8]) -> bool {
        match &self.store {
            None => true,
            Some(s) => match s.store.save(&self.pr_key, data) {
                Ok(()) => true,
                Err(e) => {
                    tracing::error!(disk = %self.pr_key, error = %e, "persistent reservations could not be saved");
                    false
                }
            },
        }
    }

    /// Where the transport's I/O engine may read a virtual range from: the descriptor
    /// of the VHDX file (or, on an SPDK share, the file's SPDK target), the offset in
    /// it, and the file (kept open by the read), when the range lies whole in one
    /// allocated block of the top file.
    pub fn ring_read(&self, offset: u64, len: u64) -> Option<RingTarget> {
        self.device()
            .top_offset(offset, len, |top, at| target_in(top, at, len))
            .flatten()
    }

    /// Where the transport's I/O engine may write a virtual range to, as
    /// [`SharedDisk::ring_read`], when the write changes nothing of the disk's metadata
    /// (the range lies whole in one fully present block: always on a fixed disk). The
    /// disk is marked written (its DataWriteGuid) before this answers.
    pub fn ring_write(&self, offset: u64, len: u64) -> Option<RingTarget> {
        self.device()
            .top_write_offset(offset, len, |top, at| target_in(top, at, len))
            .flatten()
    }

    /// Makes this node able to write `blocks` sectors at `lba` without taking the
    /// disk's metadata from another node (see [`vhdx::Vhdx::must_own_to_write`]): taken
    /// with nothing of the disk held (a set's change elsewhere, which this node follows
    /// by replacing the disk's chain, is not kept waiting meanwhile). A set's disk that
    /// a follow which failed left superseded is followed again first.
    pub fn ready_to_write(&self, lba: u64, blocks: u64) -> Result<(), DevError> {
        scale::follow_again(self);
        let must = {
            let top = self.device().top();
            let ss = top.logical_sector_size();
            let (Some(at), Some(len)) = (lba.checked_mul(ss), blocks.checked_mul(ss)) else {
                return Err(DevError::Invalid("past the disk".into()));
            };
            top.must_own_to_write(at, len)?
        };
        match (&self.meta, must) {
            (Some(m), true) => m
                .take()
                .map_err(|e| DevError::from(vhdx::Error::Unavailable(e.to_string()))),
            _ => Ok(()),
        }
    }

    /// The disk's name in the reservation store (its path in the share).
    pub fn key(&self) -> &str {
        &self.pr_key
    }

    /// Runs `f` with the logical unit.
    pub fn with_lun<R>(&self, f: impl FnOnce(&Lun) -> R) -> R {
        let persist = |b: &[u8]| self.persist(b);
        let lun = Lun {
            dev: self.device(),
            pr: &self.pr,
            persist: &persist,
            tasks: &self.tasks,
            shared: self.shared.as_deref(),
        };
        f(&lun)
    }

    fn join(&self, g: Guid) {
        let mut v = self.initiators.lock();
        match v.iter_mut().find(|(x, _)| *x == g) {
            Some((_, n)) => *n += 1,
            None => v.push((g, 1)),
        }
    }

    fn leave(&self, g: Guid) {
        let mut v = self.initiators.lock();
        if let Some(i) = v.iter().position(|(x, _)| *x == g) {
            v[i].1 -= 1;
            if v[i].1 == 0 {
                v.remove(i);
            }
        }
    }

    /// After a resize: every other initiator learns the capacity changed (on a
    /// scale-out disk, also those registered through other nodes: through the
    /// cluster's record).
    fn resized_by(&self, by: Guid) {
        let others: Vec<Guid> = self
            .initiators
            .lock()
            .iter()
            .map(|(g, _)| *g)
            .filter(|g| *g != by && !g.is_zero())
            .collect();
        let changed = rsvd::sense::UnitAttention::CapacityChanged;
        if let Some(s) = &self.shared {
            let r = s.change(
                &mut |r| {
                    let registered = r.registrants.iter().map(|x| x.nexus);
                    let all: Vec<Guid> = others.iter().copied().chain(registered).collect();
                    for g in all.into_iter().filter(|g| *g != by) {
                        r.attend(g, changed);
                    }
                    true
                },
                false,
            );
            match r {
                Ok(now) => *self.pr.lock() = now,
                Err(_) => tracing::warn!(disk = %self.pr_key,
                    "could not tell the other nodes' initiators of a shared disk's new capacity"),
            }
            return;
        }
        let mut pr = self.pr.lock();
        for g in others {
            pr.attend(g, changed);
        }
    }
}

impl Drop for SharedDisk {
    fn drop(&mut self) {
        // The last shared open went: the engine's log is emptied so the file is clean.
        // A disk opening on these files meanwhile waits for it.
        self.held.get_mut().closing();
        if let Some(s) = &self.store {
            s.closed(&self.pr_key, self.pr.get_mut());
        }
        if let Some(d) = self.dev.take() {
            if let Err(e) = d.close() {
                tracing::warn!(disk = %self.pr_key, error = %e, "closing a shared virtual disk");
            }
        }
    }
}

/// Normalizes a parent path found from a child's locator to a path on the share; None
/// if it would leave the share.
fn share_relative(p: &std::path::Path) -> Option<SharePath> {
    use std::path::Component;
    let mut parts: Vec<String> = Vec::new();
    for c in p.components() {
        match c {
            Component::Normal(s) => parts.push(s.to_str()?.to_string()),
            Component::CurDir => {}
            Component::ParentDir => {
                parts.pop()?;
            }
            _ => return None,
        }
    }
    if parts.is_empty() || parts.iter().any(|p| p.contains('\\') || p.contains('\0')) {
        return None;
    }
    Some(SharePath::from_validated(parts.join("/")))
}

fn open_obj(
    share: &ShareConfig,
    path: &SharePath,
    write: bool,
) -> Result<Box<dyn FileObj>, NtStatus> {
    open_as(share, path, write, Disposition::Open, Kind::NonDirectory)
}

fn open_as(
    share: &ShareConfig,
    path: &SharePath,
    write: bool,
    disposition: Disposition,
    kind: Kind,
) -> Result<Box<dyn FileObj>, NtStatus> {
    let params = OpenParams {
        disposition,
        kind,
        read: true,
        write,
        attributes: 0,
        allocation_size: 0,
        write_through: false,
        direct_io: false,
    };
    share.backend.open(path, &params).map(|(o, _)| o)
}

fn engine_err(e: vhdx::Error) -> NtStatus {
    tracing::warn!(error = %e, "opening a shared virtual disk");
    match e {
        vhdx::Error::Io(_) | vhdx::Error::Poisoned => NtStatus::FILE_CORRUPT_ERROR,
        vhdx::Error::Parent(_) => NtStatus::OBJECT_NAME_NOT_FOUND,
        _ => NtStatus(rsvd::status::SVHDX_WRONG_FILE_TYPE),
    }
}

/// Where a file keeps the shared disk open on it (in its shared state, while a shared
/// open lives).
pub type DiskSlot = Mutex<std::sync::Weak<SharedDisk>>;

/// Opens the VHDX at `path` and its parents (found through its locators, on the share),
/// child first; the top read-write unless `read_only`.
pub fn open_chain(
    share: &ShareConfig,
    path: &SharePath,
    read_only: bool,
) -> Result<(Vec<vhdx::Vhdx<ObjStore>>, Vec<SharePath>), NtStatus> {
    let obj = open_obj(share, path, !read_only)?;
    let opts = if read_only {
        vhdx::OpenOptions::read_only()
    } else {
        vhdx::OpenOptions::read_write()
    };
    let top = vhdx::Vhdx::open(ObjStore::new(obj), opts).map_err(engine_err)?;
    with_parents(share, path, top)
}

/// `top`, the VHDX at `path`, with its parents (found through its locators, on the
/// share, and opened read-only), child first.
fn with_parents(
    share: &ShareConfig,
    path: &SharePath,
    top: vhdx::Vhdx<ObjStore>,
) -> Result<(Vec<vhdx::Vhdx<ObjStore>>, Vec<SharePath>), NtStatus> {
    let (mut layers, mut paths) = parents_below(share, path, &top)?;
    layers.insert(0, top);
    paths.insert(0, path.clone());
    Ok((layers, paths))
}

/// The parents of `child`, the VHDX at `path` (found through the locators, on the
/// share, and opened read-only), nearest first.
fn parents_below(
    share: &ShareConfig,
    path: &SharePath,
    child: &vhdx::Vhdx<ObjStore>,
) -> Result<(Vec<vhdx::Vhdx<ObjStore>>, Vec<SharePath>), NtStatus> {
    let mut layers: Vec<vhdx::Vhdx<ObjStore>> = Vec::new();
    let mut paths = Vec::new();
    let mut child_path = path.clone();
    let mut next = child.parent_locator().cloned();
    while let Some(loc) = next.take() {
        if layers.len() + 1 >= MAX_CHAIN {
            return Err(NtStatus::FILE_CORRUPT_ERROR);
        }
        let Some((ppath, pobj)) = find_parent(share, &child_path, &loc) else {
            return Err(NtStatus::OBJECT_NAME_NOT_FOUND);
        };
        let parent = vhdx::Vhdx::open(ObjStore::new(pobj), vhdx::OpenOptions::read_only())
            .map_err(engine_err)?;
        let dwg = parent.data_write_guid();
        let linked = ["parent_linkage", "parent_linkage2"]
            .iter()
            .any(|k| loc.get(k).and_then(vhdx::Guid::parse) == Some(dwg));
        if !linked {
            tracing::warn!(
                parent = ppath.as_str(),
                "a differencing disk's parent changed since"
            );
            return Err(NtStatus::FILE_CORRUPT_ERROR);
        }
        next = parent.parent_locator().cloned();
        layers.push(parent);
        paths.push(ppath.clone());
        child_path = ppath;
    }
    Ok((layers, paths))
}

/// The parent a child's locator names, found on the share and opened for reading.
fn find_parent(
    share: &ShareConfig,
    child: &SharePath,
    loc: &vhdx::format::ParentLocator,
) -> Option<(SharePath, Box<dyn FileObj>)> {
    vhdx::parent_paths(std::path::Path::new(child.as_str()), loc)
        .iter()
        .filter_map(|p| share_relative(p))
        .find_map(|p| open_obj(share, &p, false).ok().map(|o| (p, o)))
}

/// The most files a disk's chain may have (a VHD Set grows one per snapshot).
pub const MAX_CHAIN: usize = 64;

/// The last component of each path (a chain's file names, as a set names them).
fn file_names(paths: &[SharePath]) -> Vec<String> {
    paths
        .iter()
        .map(|p| p.split_last().map_or(String::new(), |(_, n)| n.to_string()))
        .collect()
}

/// Whether a name is a VHD Set's (`.vhds`).
pub fn is_set_name(path: &SharePath) -> bool {
    path.as_str().to_ascii_lowercase().ends_with(".vhds")
}

/// The VHD Sets open as shared disks, by the set file's identity. A set's merger may
/// keep its disk after the last open is gone (and with it the file's slot): a new open
/// must find that disk, not make a second engine over the same files.
static OPEN_SETS: Mutex<std::collections::BTreeMap<(u64, u64), std::sync::Weak<SharedDisk>>> =
    parking_lot::const_mutex(std::collections::BTreeMap::new());

/// Whether the VHD Set file with this identity is a shared disk here (while its merger
/// holds it, even with no shared open left).
pub fn set_open(device_id: u64, file_id: u64) -> bool {
    OPEN_SETS
        .lock()
        .get(&(device_id, file_id))
        .is_some_and(|w| w.strong_count() > 0)
}

/// Every shared disk this process has opened for its hosts (not snapshots' disks, which
/// write nothing), for [`stop_disks`].
static LIVE: Mutex<Vec<std::sync::Weak<SharedDisk>>> = parking_lot::const_mutex(Vec::new());

/// The node is stopping and its workers are gone: VHD Set merges stop at their next
/// step and are waited for, `budget` in all (what they copied stays; they go on at the
/// next open), and every shared disk still open (a persistent handle outlives its
/// connection) has its top file flushed and its log emptied. The files are then clean
/// while the node is down: another tool opens them without a log to replay. Returns
/// how many disks were left clean, and how many were not (a merge that did not stop in
/// time, a top that could not be flushed: their logs are replayed at the next open).
pub fn stop_disks(budget: std::time::Duration) -> (usize, usize) {
    use std::sync::atomic::Ordering::SeqCst;
    let disks: Vec<Arc<SharedDisk>> = LIVE.lock().iter().filter_map(|w| w.upgrade()).collect();
    // (Naps of 5 ms counted, not a clock read: the engine reads none.)
    let nap = std::time::Duration::from_millis(5);
    let mut naps = budget.as_millis() / nap.as_millis();
    for sf in disks.iter().filter_map(|d| d.set.as_ref()) {
        sf.stopping.store(true, SeqCst);
    }
    let mut not_clean = 0;
    for d in &disks {
        if let Some(sf) = &d.set {
            while sf.merging.load(SeqCst) && naps > 0 {
                naps -= 1;
                std::thread::sleep(nap);
            }
            if sf.merging.load(SeqCst) {
                tracing::warn!(set = %sf.name, "VHD Set: a merge did not stop in time; its file's log is replayed at the next open");
                not_clean += 1;
                continue;
            }
        }
        if let Err(e) = d.device().top().end_session() {
            tracing::warn!(disk = %d.pr_key, error = %e, "ending a shared virtual disk's session at stop");
            not_clean += 1;
        }
    }
    if !disks.is_empty() {
        tracing::info!(
            clean = disks.len() - not_clean,
            not_clean,
            "shared virtual disks at stop"
        );
    }
    (disks.len() - not_clean, not_clean)
}

/// Opens the disk at `path` (and its parents), or finds it open already in the file's
/// `slot`. A `.vhds` is a VHD Set: the disk is the file it names now. Its reservations
/// are loaded from (and kept in) `store`.
pub fn shared_disk(
    store: Option<&Arc<PrRecords>>,
    records: Option<SharedRecords>,
    share: &ShareConfig,
    path: &SharePath,
    slot: &DiskSlot,
) -> Result<Arc<SharedDisk>, NtStatus> {
    // A disk still closing on the file this one would write (a host closed and opens
    // again at once) is waited for with no lock held; then all is looked at again.
    for _ in 0..3 {
        match open_shared(store, records, share, path, slot)? {
            Opened::Disk(d) => return Ok(d),
            Opened::Closing(id) => set::wait_unheld(id)?,
        }
    }
    Err(NtStatus::SHARING_VIOLATION)
}

enum Opened {
    Disk(Arc<SharedDisk>),
    /// Only disks that are closing hold the file (this identity) the disk would write.
    Closing((u64, u64)),
}

fn open_shared(
    store: Option<&Arc<PrRecords>>,
    records: Option<SharedRecords>,
    share: &ShareConfig,
    path: &SharePath,
    slot: &DiskSlot,
) -> Result<Opened, NtStatus> {
    let mut slot = slot.lock();
    if let Some(d) = slot.upgrade() {
        return Ok(Opened::Disk(d));
    }
    // (Held from the look to the insertion: two slots of one set make one disk.)
    let mut open_sets = OPEN_SETS.lock();
    let mut set_id = None;
    let set = if is_set_name(path) {
        let obj = ObjStore::new(open_obj(share, path, !share.read_only)?);
        let id = obj.obj().info().map(|i| (i.device_id, i.file_id))?;
        if let Some(d) = open_sets.get(&id).and_then(std::sync::Weak::upgrade) {
            *slot = Arc::downgrade(&d);
            return Ok(Opened::Disk(d));
        }
        set_id = Some(id);
        let set = VhdSet::read(&obj).map_err(engine_err)?;
        let (dir, name) = path
            .split_last()
            .map(|(d, n)| (d, n.to_string()))
            .ok_or(NtStatus::OBJECT_NAME_INVALID)?;
        Some(SetFile {
            file: obj,
            set: Mutex::new(set),
            name,
            dir,
            share: share.clone(),
            names: Mutex::new(Vec::new()),
            retired: Mutex::new(Vec::new()),
            broken: std::sync::atomic::AtomicBool::new(false),
            merging: std::sync::atomic::AtomicBool::new(false),
            wanted: std::sync::atomic::AtomicBool::new(false),
            stopping: std::sync::atomic::AtomicBool::new(false),
            yielding: std::sync::atomic::AtomicBool::new(false),
            yield_gate: Mutex::new(()),
            unheard: std::sync::atomic::AtomicBool::new(false),
        })
    } else {
        None
    };
    let top_path = match &set {
        Some(sf) => sf.dir.join(&sf.set.lock().current),
        None => path.clone(),
    };
    if !share.read_only {
        let top = open_obj(share, &top_path, false)?;
        if let Some(id) = set::id_of(&*top) {
            match set::holders_closing(id) {
                Some(true) => return Ok(Opened::Closing(id)),
                Some(false) => return Err(NtStatus::SHARING_VIOLATION),
                None => {}
            }
        }
    }
    let (layers, paths, meta) = open_layers(share, &top_path, records.is_some())?;
    if let Some(sf) = &set {
        *sf.names.lock() = file_names(&paths);
    }
    // The file this disk writes may be no other disk's (a set made of a `.vhdx` whose
    // own shared opens still live); a read-only share's disks write nothing.
    let held = match share.read_only {
        true => Held::of(&layers),
        false => Held::claim(&layers).ok_or(NtStatus::SHARING_VIOLATION)?,
    };
    let held = Mutex::new(held);
    let dev = VhdxDisk::new(layers);
    let id = dev.identity();
    let pr_key: String = rsvd::scsi::serial(&id).iter().map(|&b| b as char).collect();
    // A scale-out disk's reservations are the cluster's (nothing is reset when one
    // node starts: the others go on serving the disk).
    let shared = records.map(|r| r(&pr_key)).transpose()?;
    let store = store.cloned().filter(|_| shared.is_none());
    let pr = match (&shared, &store) {
        (Some(s), _) => s
            .fresh()
            .map_err(|_| NtStatus::FILE_NOT_AVAILABLE)?
            .unwrap_or_default(),
        (None, None) => Reservations::new(),
        (None, Some(s)) => s.load(&pr_key)?,
    };
    let d = Arc::new(SharedDisk {
        dev: Some(dev),
        set,
        place: Some((share.clone(), path.clone())),
        held,
        pr: Mutex::new(pr),
        pr_key,
        store,
        initiators: Mutex::new(Vec::new()),
        tasks: Default::default(),
        shared,
        meta,
    });
    hook_cluster(&d);
    *slot = Arc::downgrade(&d);
    {
        let mut live = LIVE.lock();
        live.retain(|w| w.strong_count() > 0);
        live.push(Arc::downgrade(&d));
    }
    if let Some(id) = set_id {
        open_sets.retain(|_, w| w.strong_count() > 0);
        open_sets.insert(id, Arc::downgrade(&d));
    }
    drop(open_sets);
    // A scale-out set another node changed between this node's reading it and its
    // record's hearing of changes: followed now.
    scale::catch_up(&d);
    // Files a merge did not finish with (the node stopped) go now.
    set::merge_unneeded(&d);
    Ok(Opened::Disk(d))
}

/// A VHD Set's snapshot `id` as a disk of its own: its files, read-only, with no
/// reservations; not the set's shared disk (the set goes on being written).
pub fn snapshot_disk(
    share: &ShareConfig,
    path: &SharePath,
    id: Guid,
) -> Result<Arc<SharedDisk>, NtStatus> {
    if !is_set_name(path) {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    let obj = ObjStore::new(open_obj(share, path, false)?);
    // A set open here changes its chain (merges, removals) under its lock: held while
    // the snapshot's files are opened, and what it says is the set as it is.
    let set_id = obj.obj().info().map(|i| (i.device_id, i.file_id))?;
    let open_set = OPEN_SETS
        .lock()
        .get(&set_id)
        .and_then(std::sync::Weak::upgrade);
    let live = open_set
        .as_ref()
        .and_then(|d| d.set.as_ref())
        .map(|sf| sf.set.lock());
    let set = match &live {
        Some(set) => VhdSet::clone(set),
        None => VhdSet::read(&obj).map_err(engine_err)?,
    };
    let snap = set
        .snapshot(&id)
        .filter(|s| !s.reference_only)
        .ok_or(NtStatus::OBJECT_NAME_NOT_FOUND)?;
    let dir = path.split_last().map_or_else(SharePath::root, |(d, _)| d);
    let (layers, _) = open_chain(share, &dir.join(&snap.file), true)?;
    let held = Mutex::new(Held::of(&layers));
    drop(live);
    Ok(Arc::new(SharedDisk {
        held,
        dev: Some(VhdxDisk::new(layers)),
        set: None,
        place: None,
        pr: Mutex::new(Reservations::new()),
        pr_key: format!("snapshot {id:?}"),
        store: None,
        initiators: Mutex::new(Vec::new()),
        tasks: Default::default(),
        shared: None,
        meta: None,
    }))
}

/// Whether a shared disk is open on the file whose slot this is.
pub fn is_shared(slot: &DiskSlot) -> bool {
    slot.lock().strong_count() > 0
}
