//! What the service and the workers' SPDK engines share, below both: the view of an
//! open blob the service publishes, and the worker SPDK thread of an OS thread.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use spdk::{BlobRef, StoreRef, Thread};

/// What a worker needs of an open blob, published by the service while the blob is
/// open: the handles for data I/O, the end of file (kept current by every change), which
/// clusters surely hold data, and what keeps a worker's writes and the service's
/// read-modify-writes of partial units apart.
pub struct BlobView {
    pub(super) store: StoreRef,
    pub(super) index: u32,
    pub(super) bdev: Arc<str>,
    pub(super) blob: BlobRef,
    pub(super) unit: u64,
    pub(super) cluster: u64,
    pub(super) eof: AtomicU64,
    /// One bit per cluster the blob has on the device (set by the service as it writes
    /// them, cleared when a shrink gives them back). A worker writes only into these:
    /// writing a new cluster of a thin blob needs the metadata thread.
    allocated: Mutex<Vec<u64>>,
    /// Workers' writes under way, and whether the service is patching a partial unit
    /// (read, patch, write back): while it is, workers hand their writes to it.
    writers: AtomicU32,
    patching: AtomicBool,
    /// The FILETIME of the last write a worker made (0: none), for the file's times.
    pub(super) written: AtomicU64,
}

impl BlobView {
    pub(super) fn new(
        store: StoreRef,
        index: u32,
        bdev: Arc<str>,
        blob: BlobRef,
        (unit, cluster): (u64, u64),
        eof: u64,
    ) -> BlobView {
        BlobView {
            store,
            index,
            bdev,
            blob,
            unit,
            cluster,
            eof: eof.into(),
            allocated: Mutex::new(Vec::new()),
            writers: AtomicU32::new(0),
            patching: AtomicBool::new(false),
            written: AtomicU64::new(0),
        }
    }

    pub(super) fn set_eof(&self, eof: u64) {
        self.eof.store(eof, Ordering::Release);
    }

    /// The clusters `[offset, offset + len)` touches now hold data.
    pub(super) fn mark_allocated(&self, offset: u64, len: u64) {
        if len == 0 {
            return;
        }
        let (first, last) = (offset / self.cluster, (offset + len - 1) / self.cluster);
        let mut bits = self.allocated.lock().unwrap();
        let words = (last / 64 + 1) as usize;
        if bits.len() < words {
            bits.resize(words, 0);
        }
        for c in first..=last {
            bits[(c / 64) as usize] |= 1 << (c % 64);
        }
    }

    /// The blob keeps its first `clusters` clusters only.
    pub(super) fn keep_clusters(&self, clusters: u64) {
        let mut bits = self.allocated.lock().unwrap();
        let words = clusters.div_ceil(64) as usize;
        bits.truncate(words);
        if !clusters.is_multiple_of(64) {
            if let Some(w) = bits.last_mut() {
                *w &= (1u64 << (clusters % 64)) - 1;
            }
        }
    }

    /// Whether every cluster `[offset, offset + len)` touches holds data.
    pub(super) fn allocated(&self, offset: u64, len: u64) -> bool {
        if len == 0 {
            return true;
        }
        let (first, last) = (offset / self.cluster, (offset + len - 1) / self.cluster);
        let bits = self.allocated.lock().unwrap();
        (first..=last).all(|c| {
            bits.get((c / 64) as usize)
                .is_some_and(|w| w & (1 << (c % 64)) != 0)
        })
    }

    /// A worker's write may start (false while the service patches a partial unit).
    pub(super) fn enter_write(&self) -> bool {
        if self.patching.load(Ordering::SeqCst) {
            return false;
        }
        self.writers.fetch_add(1, Ordering::SeqCst);
        if self.patching.load(Ordering::SeqCst) {
            self.writers.fetch_sub(1, Ordering::SeqCst);
            return false;
        }
        true
    }

    pub(super) fn leave_write(&self) {
        self.writers.fetch_sub(1, Ordering::SeqCst);
    }

    /// The service is about to patch a partial unit: workers' writes stop starting, and
    /// `wait` is called until those under way are over (it polls what completes them;
    /// false: wait no more).
    pub(super) fn begin_patch(&self, mut wait: impl FnMut() -> bool) -> Patching<'_> {
        self.patching.store(true, Ordering::SeqCst);
        while self.writers.load(Ordering::SeqCst) > 0 && wait() {}
        Patching(self)
    }
}

/// The service patches a partial unit until this goes.
pub(super) struct Patching<'a>(&'a BlobView);

impl Drop for Patching<'_> {
    fn drop(&mut self) {
        self.0.patching.store(false, Ordering::SeqCst);
    }
}

thread_local! {
    /// The SPDK thread of the worker running on this OS thread, polled by
    /// [`super::service::Service::call`] while the worker waits for the service.
    pub(super) static WORKER_THREAD: RefCell<Option<Rc<Thread>>> = const { RefCell::new(None) };
}
