//! A shared disk on a scale-out share: every node serving the share runs an engine over
//! the disk's files at once. One node at a time changes the top file's metadata (the
//! one whose engine owns it, [`MetaOf`]); the others write data in place. A VHD Set's
//! changes (snapshots taken, applied or deleted, its change tracking) are made by the
//! owner too, under the set's lock, which the owner's engine yields the metadata only
//! under; the owner then tells the other nodes (`SharedRecord::reshaped`), and each
//! reads the set file again and, when the disk's file is another one, opens the new
//! chain in place of the old one before it acknowledges ([`follow`]).

use super::setfile::{set_err, SetFile};
use super::{engine_err, file_names, open_chain, open_obj, parents_below, with_parents};
use super::{Held, ObjStore, SharedDisk};
use crate::backend::SharePath;
use crate::config::ShareConfig;
use parking_lot::MutexGuard;
use smb_wire::status::NtStatus;
use std::io;
use std::sync::Arc;
use vhdx::vhds::VhdSet;

/// A scale-out disk's engine's way to its node's right to change the disk's metadata:
/// the cluster's record of the disk (set once the disk is made), and how many follows
/// of another node's change are under way here. While one is, an engine's taking of
/// the metadata gives up: its write may hold up the follow, which the other node waits
/// for while it keeps the metadata.
#[derive(Default)]
pub(super) struct MetaOf(
    std::sync::OnceLock<Arc<dyn rsvd::SharedRecord>>,
    std::sync::atomic::AtomicUsize,
);

impl MetaOf {
    fn following(&self) -> bool {
        self.1.load(std::sync::atomic::Ordering::Acquire) > 0
    }

    fn record(&self) -> io::Result<&Arc<dyn rsvd::SharedRecord>> {
        self.0
            .get()
            .ok_or_else(|| io::Error::other("the disk is not open yet"))
    }

    /// Takes the metadata for this node, as long as it takes (for a write holding
    /// nothing of the disk meanwhile: no follow waits for it).
    pub(super) fn take(&self) -> io::Result<()> {
        self.record()?.acquire_metadata(&|| false)
    }
}

impl vhdx::MetaOwner for MetaOf {
    fn acquire(&self, give_up: &dyn Fn() -> bool) -> io::Result<()> {
        self.record()?
            .acquire_metadata(&|| give_up() || self.following())
    }
    fn held(&self) -> bool {
        self.0.get().is_some_and(|r| r.holds_metadata())
    }
    fn reshaped(&self) -> io::Result<()> {
        self.0.get().map_or(Ok(()), |r| r.reshaped())
    }
}

/// A disk's engines, top first, their paths, and the top's way to the metadata.
pub(super) type Layers = (
    Vec<vhdx::Vhdx<ObjStore>>,
    Vec<SharePath>,
    Option<Arc<MetaOf>>,
);

/// The files of a shared disk whose top is `top_path`. On a scale-out share
/// (`scale_out`) the top is opened as one of several engines over the file, with its
/// way to the metadata (returned); its parents, which nothing writes, read-only.
pub(super) fn open_layers(
    share: &ShareConfig,
    top_path: &SharePath,
    scale_out: bool,
) -> Result<Layers, NtStatus> {
    if !scale_out || share.read_only {
        let (layers, paths) = open_chain(share, top_path, share.read_only)?;
        return Ok((layers, paths, None));
    }
    let meta = Arc::new(MetaOf::default());
    let (layers, paths) = shared_chain(share, top_path, &meta)?;
    Ok((layers, paths, Some(meta)))
}

/// The chain whose top is `top_path`, the top an engine among several through `meta`.
fn shared_chain(
    share: &ShareConfig,
    top_path: &SharePath,
    meta: &Arc<MetaOf>,
) -> Result<(Vec<vhdx::Vhdx<ObjStore>>, Vec<SharePath>), NtStatus> {
    let obj = open_obj(share, top_path, true)?;
    let top = open_top(ObjStore::new(obj), Some(meta)).map_err(engine_err)?;
    with_parents(share, top_path, top)
}

/// Opens a disk's top file read-write: as one of several engines through `meta` on a
/// scale-out share, else alone.
pub(super) fn open_top(
    store: ObjStore,
    meta: Option<&Arc<MetaOf>>,
) -> vhdx::Result<vhdx::Vhdx<ObjStore>> {
    match meta {
        Some(m) => vhdx::Vhdx::open_shared(store, m.clone()),
        None => vhdx::Vhdx::open(store, vhdx::OpenOptions::read_write()),
    }
}

/// A scale-out disk's ties to its record in the cluster: its engine's way to the
/// metadata, how it yields the metadata to another node, and its PREEMPT AND ABORT fence.
pub(super) fn hook_cluster(d: &Arc<SharedDisk>) {
    let Some(s) = &d.shared else {
        return;
    };
    if let Some(m) = &d.meta {
        let _ = m.0.set(s.clone());
        // Another node takes the metadata: this node's engine yields it first (a
        // set's change under way here ends first).
        let disk = Arc::downgrade(d);
        // (A disk being dropped lets nothing go here: its engine may still end its
        // session as owner; the record lets the lock go after it.)
        s.set_yield(Box::new(move |let_go| {
            if let Some(d) = disk.upgrade() {
                yield_disk(&d, let_go);
            }
        }));
        // Another node resized the disk or changed its set: this node follows.
        let disk = Arc::downgrade(d);
        s.set_reshape(Box::new(move || {
            if let Some(d) = disk.upgrade() {
                follow(&d);
            }
        }));
    }
    // Another node's PREEMPT AND ABORT: this node's writes to the disk under way end
    // before that node answers.
    let disk = Arc::downgrade(d);
    s.set_fence(Box::new(move || {
        if let Some(d) = disk.upgrade() {
            if !rsvd::scsi::fence(&d.tasks) {
                tracing::warn!(disk = %d.pr_key,
                    "writes to a shared disk still under way when another node's PREEMPT AND ABORT was acknowledged");
            }
        }
    }));
}

/// Another node takes the disk's metadata: this node's engine yields it, with no merge
/// running here and under the set's lock (so not during a change of the set here).
/// Either not had at once (a merge step, a change of the set, or a follow of another
/// node's change under way), nothing is let go and the taker asks again (which also
/// lets a write of the taker's that waits in its taking give up, should its file have
/// become a snapshot's meanwhile, and so the taker's node follow this one's change).
fn yield_disk(d: &SharedDisk, let_go: &mut dyn FnMut()) {
    use std::sync::atomic::Ordering::SeqCst;
    let Some(sf) = &d.set else {
        d.device().top().yield_metadata(let_go);
        return;
    };
    // (One yield at a time: `yielding` is each one's alone. It stays set when a merge
    // runs: the merge stops at its next step, and the next request finds it stopped.)
    let _one = sf.yield_gate.lock();
    if !sf.halt_merger() {
        return;
    }
    if let Some(_set) = sf.set.try_lock() {
        d.device().top().yield_metadata(let_go);
    }
    sf.yielding.store(false, SeqCst);
}

/// A scale-out set just opened: a change another node made between this node's reading
/// of the set file and its record's being there to hear of it is followed now.
pub(super) fn catch_up(d: &SharedDisk) {
    if d.meta.is_some() && d.set.is_some() {
        follow(d);
    }
}

/// Another node resized the disk or changed its set: this node reads the layout again,
/// and a set's file again ([`follow_locked`]).
fn follow(d: &SharedDisk) {
    use std::sync::atomic::Ordering::AcqRel;
    struct Following<'a>(Option<&'a MetaOf>);
    impl Drop for Following<'_> {
        fn drop(&mut self) {
            if let Some(m) = self.0 {
                m.1.fetch_sub(1, AcqRel);
            }
        }
    }
    let meta = d.meta.as_deref();
    if let Some(m) = meta {
        m.1.fetch_add(1, AcqRel);
    }
    let _following = Following(meta);
    let r = match &d.set {
        Some(sf) => follow_locked(d, sf, &mut sf.set.lock()),
        None => d
            .device()
            .top()
            .reread_metadata()
            .map_err(|e| e.to_string()),
    };
    if let Err(e) = r {
        tracing::error!(disk = %d.pr_key, error = %e,
            "following a change another node made to a shared disk failed");
        // A set's disk may be another file now: the one here reads and writes nothing
        // more (NOT READY) until a follow succeeds (see `SharedDisk::ready_to_write`).
        if d.set.is_some() {
            d.device().top().supersede();
        }
    }
}

/// A scale-out set's disk whose engine was superseded while its chain could not be
/// followed: followed again (from a write's thread, holding nothing of the disk).
pub(super) fn follow_again(d: &SharedDisk) {
    if d.meta.is_some() && d.set.is_some() && d.device().top().is_superseded() {
        follow(d);
    }
}

/// Reads the set file again (`set` is its lock, held). When it names another file as
/// the disk now (a snapshot taken or applied elsewhere), that file's chain replaces the
/// disk's, I/O waiting meanwhile; otherwise the top's layout is read again, and its
/// parents opened again (a merge elsewhere took one out of the chain).
pub(super) fn follow_locked(d: &SharedDisk, sf: &SetFile, set: &mut VhdSet) -> Result<(), String> {
    let fresh = VhdSet::read(&sf.file).map_err(|e| format!("reading the set file: {e}"))?;
    // (A top superseded by a follow that failed is opened again with its chain.)
    if fresh.current == set.current && !d.device().top().is_superseded() {
        *set = fresh;
        return reopen_parents(d, sf, &set.current);
    }
    let meta = d.meta.as_ref().ok_or("not a scale-out disk")?;
    let top_path = sf.dir.join(&fresh.current);
    // The file the disk was is a snapshot's now, or nothing's: nothing of this node
    // reads or writes it from here on, even should the new chain not open (the disk
    // then fails its I/O here, NOT READY, until a follow succeeds).
    let opened = shared_chain(&sf.share, &top_path, meta);
    d.device().top().supersede();
    let (layers, paths) =
        opened.map_err(|s| format!("opening {}: status {:#x}", fresh.current, s.0))?;
    let held = Held::of(&layers);
    let old = d.device().replace_with(|| Ok::<_, String>(layers))?;
    *d.held.lock() = held;
    *sf.names.lock() = file_names(&paths);
    sf.retire(old);
    tracing::info!(disk = %d.pr_key, file = %fresh.current,
        "a shared disk's set changed on another node: its new file followed");
    *set = fresh;
    Ok(())
}

/// The top's layout read again, and its parents opened again in place of the disk's
/// (I/O waiting meanwhile) when the top has any.
fn reopen_parents(d: &SharedDisk, sf: &SetFile, current: &str) -> Result<(), String> {
    let top = d.device().top();
    top.reread_metadata().map_err(|e| e.to_string())?;
    if !top.has_parent() {
        return Ok(());
    }
    let (parents, paths) = parents_below(&sf.share, &sf.dir.join(current), &top)
        .map_err(|s| format!("opening {current}'s parents: status {:#x}", s.0))?;
    drop(top);
    // (The same files: what they hold does not change, the engines over them stay.)
    if sf.names.lock().get(1..) == Some(file_names(&paths).as_slice()) {
        return Ok(());
    }
    let old = d.device().edit(|layers| {
        let old = layers.split_off(1);
        layers.extend(parents);
        *d.held.lock() = Held::of(layers);
        old
    });
    let names = std::iter::once(current.to_string()).chain(file_names(&paths));
    *sf.names.lock() = names.collect();
    tracing::info!(disk = %d.pr_key,
        "a shared disk's chain changed on another node: its parents opened again");
    let _ = rsvd::disk::close_all(old);
    Ok(())
}

/// Changes in a row lost to another node before a set's change fails.
const TURNS: usize = 8;

/// The set of disk `d`, locked for a change by this node. On a scale-out share the
/// node makes its engine the owner of the disk's metadata first and keeps it while the
/// lock is held (its engine yields it only under the lock), and the set is brought to
/// what its file says (a change another node made that this one did not hear of).
pub(super) fn lock_to_change<'a>(
    d: &SharedDisk,
    sf: &'a SetFile,
) -> Result<MutexGuard<'a, VhdSet>, u32> {
    let Some(shared) = &d.shared else {
        return Ok(sf.set.lock());
    };
    for _ in 0..TURNS {
        // (With nothing of the disk held: the holder may have to end a change of the
        // set, or this node follow one, first.)
        shared
            .acquire_metadata(&|| false)
            .map_err(|e| set_err("taking the disk's metadata", e))?;
        let mut set = sf.set.lock();
        if !shared.holds_metadata() {
            continue;
        }
        // (A merge halted by a yield that did not happen may go on.)
        sf.yielding
            .store(false, std::sync::atomic::Ordering::SeqCst);
        follow_locked(d, sf, &mut set).map_err(|e| set_err("reading the set again", e))?;
        // The top's engine the owner (a log a node that died left replayed first):
        // at once, the node's lock held, and kept while the set's lock is.
        d.device()
            .top()
            .own_metadata()
            .map_err(|e| set_err("taking the disk's metadata", e))?;
        return Ok(set);
    }
    Err(set_err(
        "taking the disk's metadata",
        "another node took it each time",
    ))
}

/// After a change of a scale-out set (its lock still held): every other node follows
/// it before this returns. False when one did not say so (it may still read the old
/// chain: what the change would remove stays).
pub(super) fn tell_others(d: &SharedDisk) -> bool {
    let Some(shared) = &d.shared else {
        return true;
    };
    match shared.reshaped() {
        Ok(()) => true,
        Err(e) => {
            tracing::warn!(disk = %d.pr_key, error = %e,
                "not every node said it follows a shared disk's changed set");
            if let Some(sf) = &d.set {
                sf.unheard.store(true, std::sync::atomic::Ordering::SeqCst);
            }
            false
        }
    }
}
