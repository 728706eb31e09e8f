//! What the service and the workers' SPDK engines share, below both: the view of an
//! open blob the service publishes, and the worker SPDK thread of an OS thread.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};

use spdk::{BlobRef, StoreRef, Thread};

/// What a worker needs of an open blob, published by the service while the blob is
/// open: the handles for data I/O and the end of file (kept current by every change).
pub struct BlobView {
    pub(super) store: StoreRef,
    pub(super) index: u32,
    pub(super) blob: BlobRef,
    pub(super) unit: u64,
    pub(super) eof: AtomicU64,
}

impl BlobView {
    pub(super) fn set_eof(&self, eof: u64) {
        self.eof.store(eof, Ordering::Release);
    }
}

thread_local! {
    /// The SPDK thread of the worker running on this OS thread, polled by
    /// [`super::service::Service::call`] while the worker waits for the service.
    pub(super) static WORKER_THREAD: RefCell<Option<Rc<Thread>>> = const { RefCell::new(None) };
}
