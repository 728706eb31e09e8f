//! A VHD Set behind a shared disk: its file, what it says, and what the set's users
//! (its operations in `set.rs`, a scale-out disk's coordination in `scale.rs`) share.

use super::ObjStore;
use crate::backend::SharePath;
use crate::config::ShareConfig;
use parking_lot::Mutex;
use vhdx::vhds::VhdSet;

/// A VHD Set behind a shared disk: its file, what it says, and the folder it and its
/// disk files are in.
pub struct SetFile {
    pub(super) file: ObjStore,
    pub set: Mutex<VhdSet>,
    /// The set's own file name, and its folder.
    pub(super) name: String,
    pub(super) dir: SharePath,
    pub(super) share: ShareConfig,
    /// The file names of the disk's chain, top first (as the engine's layers).
    pub(super) names: Mutex<Vec<String>>,
    /// Top files an applied snapshot replaced, kept open a while: a read through the
    /// ring may still be on its way from one (the ring only reads the top file).
    pub(super) retired: Mutex<Vec<vhdx::Vhdx<ObjStore>>>,
    /// A write of the set file failed: what is on disk is not known, so no more changes
    /// until the set is opened again.
    pub(super) broken: std::sync::atomic::AtomicBool,
    /// A merge of files no snapshot needs is under way (see `set::merge_unneeded`).
    pub(super) merging: std::sync::atomic::AtomicBool,
    /// A tidy was asked for since the merger last looked.
    pub(super) wanted: std::sync::atomic::AtomicBool,
    /// The node is stopping: no merge starts, and one under way stops at its next step
    /// (see [`super::stop_disks`]).
    pub(super) stopping: std::sync::atomic::AtomicBool,
    /// On a scale-out share, another node is taking the disk's metadata: as
    /// `stopping` (a merge is the metadata owner's), until this node let it go.
    pub(super) yielding: std::sync::atomic::AtomicBool,
    /// On a scale-out share, a change of the set was not acknowledged by every node:
    /// one may still read files the set no longer names, which no sweep removes.
    pub(super) unheard: std::sync::atomic::AtomicBool,
    /// Held by each yield of the metadata to another node (one at a time).
    pub(super) yield_gate: Mutex<()>,
}

/// Replaced top files kept open per disk (the oldest is closed beyond this).
pub(super) const RETIRED_TOPS: usize = 64;

/// A failed file step of a set operation: logged, and STATUS_UNSUCCESSFUL to the host.
pub(super) fn set_err(what: &str, e: impl std::fmt::Display) -> u32 {
    tracing::error!(error = %e, "VHD Set: {what}");
    rsvd::status::UNSUCCESSFUL
}

impl SetFile {
    /// A chain the disk left (a snapshot applied): its top kept open a while for reads
    /// through the ring still on their way, its parents closed.
    pub(super) fn retire(&self, old: Vec<vhdx::Vhdx<ObjStore>>) {
        let mut old = old.into_iter();
        let mut retired = self.retired.lock();
        if retired.len() >= RETIRED_TOPS {
            drop(retired.remove(0));
        }
        retired.extend(old.next());
        drop(retired);
        let _ = rsvd::disk::close_all(old.collect());
    }

    /// Another node takes the disk's metadata: a merge under way here stops at its next
    /// step (of `set::MERGE_STEP` bytes), and none starts, while `yielding` is set.
    /// Whether no merge runs now.
    pub(super) fn halt_merger(&self) -> bool {
        use std::sync::atomic::Ordering::SeqCst;
        self.yielding.store(true, SeqCst);
        !self.merging.load(SeqCst)
    }
}
