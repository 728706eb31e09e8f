//! The per-worker SPDK engine: a worker's own SPDK thread, polled inside the worker's
//! loop (no reactor, no other thread on the way), with one blob channel per store, so a
//! READ goes from the worker straight to the device queue and its completion is found
//! by the worker's next poll. The service thread keeps the namespace and the metadata;
//! it publishes each open blob's handle and end of file in a [`BlobView`] the worker
//! reads without asking it.
//!
//! Two rules keep the service and the workers from waiting on each other: a blob resize
//! on the service freezes the blob's I/O on every channel, which needs every channel's
//! thread polled, so the service wakes the workers' loops while it waits
//! ([`spdk::Thread::on_idle`]); and a worker that waits for the service (a synchronous
//! job) polls its own SPDK thread meanwhile ([`super::service::Service::call`]).

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use smb_server::rdma::LentBuffer;
use smb_server::storage_op::{SpdkTarget, StorageOp, Tail};
use spdk::{Channel, DmaBuf, Io, Thread};

use super::view::{BlobView, WORKER_THREAD};

/// Bounce buffers a worker keeps for reuse (each at most [`KEEP_BYTES`]): enough for
/// a deep queue of reads whose data is sent from them.
const KEEP_BUFS: usize = 64;
const KEEP_BYTES: usize = 1 << 20;

/// DMA memory a worker's reads may hold while their data waits to be sent from it (its
/// TCP clients' queued READ data): past it, reads copy into their responses instead (a
/// client that does not read its answers holds heap memory under its own send bound,
/// not the node's DMA memory).
const SEND_BUDGET: usize = 32 << 20;

/// A read's data left in its bounce buffer: (tag, buffer, where the data starts, its
/// length).
type KeptRead = (u32, DmaBuf, usize, usize);

/// A worker's SPDK engine. Made on the worker's OS thread and used only there.
pub struct Local {
    t: Rc<Thread>,
    /// Channels by store index, made on first use.
    channels: Vec<Option<Channel>>,
    /// The stores' devices opened on this thread, for a write-through write's flush.
    devices: Vec<Option<Rc<spdk::Device>>>,
    /// Completions found by polls: (the worker's tag, bytes or a negative errno).
    done: Rc<RefCell<Vec<(u32, i32)>>>,
    /// Reads whose data stayed in their bounce buffer (the caller asked to send it from
    /// there): (tag, buffer, where the data starts, its length).
    kept: Rc<RefCell<Vec<KeptRead>>>,
    /// Bytes copied out of bounce buffers into callers' memory.
    copied: Rc<std::cell::Cell<u64>>,
    /// Bytes of bounce buffers handed out by [`Local::take_kept`] and not yet back.
    out: Arc<AtomicUsize>,
    inflight: Rc<std::cell::Cell<usize>>,
    free: Rc<RefCell<Vec<DmaBuf>>>,
    kick: u64,
    name: String,
    /// Reads and writes made on this thread, writes handed to the service, and the
    /// reads and writes that moved no byte through a bounce buffer.
    counts: [u64; 4],
    /// Memory of the worker's registered with SPDK (start, length): device I/O goes
    /// straight to and from it.
    regions: Vec<(usize, usize)>,
}

impl Local {
    /// The engine of the worker on this OS thread; `wake` wakes that worker's loop when
    /// it sleeps (the service calls it while it waits for every thread's poll).
    pub fn new(name: &str, wake: Arc<dyn Fn() + Send + Sync>) -> Result<Local, String> {
        let svc = super::service::running().ok_or("the SPDK service is not running")?;
        let t = Rc::new(svc.spdk().thread(name).map_err(|e| e.to_string())?);
        let kick = svc.add_kick(wake);
        WORKER_THREAD.with(|w| *w.borrow_mut() = Some(t.clone()));
        Ok(Local {
            t,
            channels: Vec::new(),
            devices: Vec::new(),
            done: Default::default(),
            kept: Default::default(),
            copied: Default::default(),
            out: Default::default(),
            inflight: Default::default(),
            free: Default::default(),
            kick,
            name: name.to_string(),
            counts: [0; 4],
            regions: Vec::new(),
        })
    }

    /// Registers `len` bytes at `start` with SPDK so that reads land in them and writes
    /// leave from them with no bounce copy (the worker's buffers registered with the
    /// RDMA device: READ data then goes device -> buffer -> RDMA Write). Whether it
    /// could (the memory must be whole 2 MiB pages).
    ///
    /// # Safety
    /// The memory stays mapped and pinned while this engine lives.
    pub unsafe fn add_dma_region(&mut self, start: usize, len: usize) -> bool {
        const PAGE: usize = 2 << 20;
        if !start.is_multiple_of(PAGE) || !len.is_multiple_of(PAGE) || len == 0 {
            return false;
        }
        // SAFETY: the caller's contract.
        match unsafe { self.t.spdk().mem_register(start as *mut u8, len) } {
            Ok(()) => {
                self.regions.push((start, len));
                true
            }
            Err(e) => {
                tracing::warn!("{}: buffers not usable by SPDK: {e}", self.name);
                false
            }
        }
    }

    /// Whether `[p, p + len)` lies in memory registered with SPDK.
    fn usable(&self, p: usize, len: usize) -> bool {
        self.regions
            .iter()
            .any(|&(s, l)| p >= s && p.saturating_add(len) <= s + l)
    }

    /// Operations started and not yet found complete: while there are some the worker
    /// must keep polling ([`Local::poll`]) rather than sleep.
    pub fn inflight(&self) -> usize {
        self.inflight.get()
    }

    /// Starts `op`; its result comes out of a later [`Local::poll`] under `tag`. Done
    /// here: reads, and writes of whole units inside the end of file into clusters the
    /// blob has (false: hand the operation to the service instead). `keep`: a read
    /// that goes through a bounce buffer leaves its data there, for the caller to send
    /// from ([`Local::take_kept`]), instead of copying it into the read's buffer.
    ///
    /// # Safety
    /// `target.view` must point to the file's live [`BlobView`], kept alive with the
    /// request (its file keep) until the result is polled; a read's or write's buffer
    /// must stay valid and untouched until then.
    pub unsafe fn submit(
        &mut self,
        tag: u32,
        target: SpdkTarget,
        op: StorageOp,
        keep: bool,
    ) -> bool {
        // SAFETY: the caller's contract.
        let view = unsafe { &*(target.view as *const BlobView) };
        match op {
            StorageOp::Read { offset, len, buf } => {
                self.counts[0] += 1;
                // SAFETY: the caller's contract.
                unsafe { self.read(tag, view, (offset, len, buf), keep) }
            }
            StorageOp::Write {
                offset,
                len,
                buf,
                stable,
            } => {
                // SAFETY: the caller's contract.
                let mine = unsafe { self.write(tag, view, (offset, len, buf), stable) };
                self.counts[if mine { 1 } else { 2 }] += 1;
                mine
            }
            _ => false,
        }
    }

    /// # Safety
    /// As [`Local::submit`].
    unsafe fn read(
        &mut self,
        tag: u32,
        view: &BlobView,
        (offset, len, buf): (u64, u32, *mut u8),
        keep: bool,
    ) -> bool {
        let eof = view.eof.load(Ordering::Acquire);
        if offset >= eof || len == 0 {
            self.done.borrow_mut().push((tag, 0));
            return true;
        }
        let n = u64::from(len).min(eof - offset);
        let unit = view.unit;
        let start = offset - offset % unit;
        let end = (offset + n).div_ceil(unit) * unit;
        let size = (end - start) as usize;
        if !self.has_channel(view) {
            self.done.borrow_mut().push((tag, -libc::ENODEV));
            return true;
        }
        // Whole units into memory SPDK may use (the worker's registered buffers): read
        // there, no bounce buffer and no copy.
        let whole = start == offset && end == offset + n;
        let Some(bounce) = self.staging(whole, buf as usize, size) else {
            self.done.borrow_mut().push((tag, -libc::ENOMEM));
            return true;
        };
        let p = bounce.as_ref().map_or(buf.cast(), DmaBuf::as_ptr);
        let skip = (offset - start) as usize;
        let (done, free, count) = (self.done.clone(), self.free.clone(), self.inflight.clone());
        let (kept, copied) = (self.kept.clone(), self.copied.clone());
        let keep = keep && self.out.load(Ordering::Relaxed) < SEND_BUDGET;
        let ch = self.channels[view.index as usize]
            .as_ref()
            .expect("made above");
        let dst = buf as usize;
        count.set(count.get() + 1);
        let on_done = move |d: spdk::Done| {
            count.set(count.get() - 1);
            let res = if d.rc != 0 {
                tracing::warn!(rc = d.rc, "spdk share: read failed");
                d.rc
            } else {
                match &bounce {
                    Some(_) if keep => {}
                    Some(b) => {
                        // SAFETY: `dst` holds `len` >= `n` writable bytes until the
                        // result is polled (the caller's contract); the bounce buffer
                        // `skip + n` just read.
                        unsafe {
                            std::ptr::copy_nonoverlapping(
                                b.as_slice().as_ptr().add(skip),
                                dst as *mut u8,
                                n as usize,
                            )
                        };
                        copied.set(copied.get() + n);
                    }
                    None => {}
                }
                n as i32
            };
            match bounce {
                Some(b) if keep && res > 0 => {
                    kept.borrow_mut().push((tag, b, skip, n as usize));
                }
                Some(b) => keep_buf(&free, b),
                None => {}
            }
            done.borrow_mut().push((tag, res));
        };
        // SAFETY: the bounce buffer moved into the completion, or the caller's buffer,
        // lives until it runs; the blob stays open while the request's keep does (the
        // caller's contract).
        unsafe {
            ch.submit_to(
                view.blob,
                Io::Read,
                p,
                start / unit,
                (end - start) / unit,
                on_done,
            )
        };
        true
    }

    /// A write of whole units inside the end of file into clusters the blob has: from
    /// a bounce buffer to the device on this thread's channel, then (write-through) a
    /// flush of the device on this thread. Anything else goes to the service, which
    /// grows files, allocates clusters and patches partial units.
    ///
    /// # Safety
    /// As [`Local::submit`].
    unsafe fn write(
        &mut self,
        tag: u32,
        view: &BlobView,
        (offset, len, buf): (u64, u32, *const u8),
        stable: bool,
    ) -> bool {
        let (unit, n) = (view.unit, u64::from(len));
        if n == 0 || !offset.is_multiple_of(unit) || !n.is_multiple_of(unit) {
            return false;
        }
        if offset.saturating_add(n) > view.eof.load(Ordering::Acquire)
            || !view.allocated(offset, n)
            || !self.has_channel(view)
        {
            return false;
        }
        let dev = match stable {
            true => match self.device(view) {
                Some(d) => Some(d),
                None => return false,
            },
            false => None,
        };
        if !view.enter_write() {
            return false;
        }
        // From memory SPDK may use (the worker's registered buffers: data an RDMA Read
        // fetched) straight; from anywhere else through a bounce buffer.
        let Some(bounce) = self.staging(true, buf as usize, len as usize) else {
            view.leave_write();
            return false;
        };
        let bounce = bounce.map(|mut b| {
            // SAFETY: `buf` holds `len` readable bytes (the caller's contract); the
            // bounce buffer at least as many.
            unsafe {
                std::ptr::copy_nonoverlapping(buf, b.as_mut_slice().as_mut_ptr(), len as usize)
            };
            b
        });
        view.written.fetch_max(super::now(), Ordering::AcqRel);
        let p = bounce
            .as_ref()
            .map_or(buf.cast_mut().cast(), DmaBuf::as_ptr);
        let (done, free, count) = (self.done.clone(), self.free.clone(), self.inflight.clone());
        let ch = self.channels[view.index as usize]
            .as_ref()
            .expect("made above");
        count.set(count.get() + 1);
        let addr = view as *const BlobView as usize;
        let on_done = move |d: spdk::Done| {
            // SAFETY: the view lives while the request's keep does, past this report.
            unsafe { &*(addr as *const BlobView) }.leave_write();
            if let Some(b) = bounce {
                keep_buf(&free, b);
            }
            let report = move |rc: i32| {
                count.set(count.get() - 1);
                done.borrow_mut()
                    .push((tag, if rc != 0 { rc } else { len as i32 }));
            };
            match dev {
                Some(dev) if d.rc == 0 => dev.submit_flush(move |f| report(f.rc)),
                _ => report(d.rc),
            }
        };
        // SAFETY: the bounce buffer moved into the completion lives until it runs; the
        // blob stays open while the request's keep does.
        unsafe { ch.submit_to(view.blob, Io::Write, p, offset / unit, n / unit, on_done) };
        true
    }

    /// The view's store's device, opened on this thread (for flushes).
    fn device(&mut self, view: &BlobView) -> Option<Rc<spdk::Device>> {
        let i = view.index as usize;
        if self.devices.len() <= i {
            self.devices.resize_with(i + 1, || None);
        }
        if self.devices[i].is_none() {
            match spdk::Device::open(&self.t, &view.bdev) {
                Ok(d) => self.devices[i] = Some(Rc::new(d)),
                Err(e) => {
                    tracing::warn!("spdk share: worker device: {e}");
                    return None;
                }
            }
        }
        self.devices[i].clone()
    }

    /// Polls the thread (completions, and messages from the service such as a blob's
    /// I/O freeze) and moves what completed into `out`; whether anything happened.
    pub fn poll(&mut self, out: &mut Vec<(u32, i32)>) -> bool {
        let worked = self.t.poll() > 0;
        let mut d = self.done.borrow_mut();
        let any = !d.is_empty();
        out.append(&mut d);
        worked || any
    }

    /// The buffer a read under `tag` left its data in (submitted with `keep`), if it
    /// went through one: the caller sends the data from it, then gives it back with
    /// [`Local::recycle`]. Taken once, when the read's result is handled.
    pub fn take_kept(&mut self, tag: u32) -> Option<Tail> {
        let mut kept = self.kept.borrow_mut();
        let i = kept.iter().position(|k| k.0 == tag)?;
        let (_, buf, at, len) = kept.swap_remove(i);
        self.out.fetch_add(buf.len(), Ordering::Relaxed);
        Some(Tail {
            buf: Box::new(Kept {
                buf: Some(buf),
                out: self.out.clone(),
            }),
            at,
            len,
        })
    }

    /// Takes back a buffer [`Local::take_kept`] handed out (its data sent). One that is
    /// dropped instead (its connection gone) is freed.
    pub fn recycle(&mut self, b: Box<dyn LentBuffer>) {
        if let Ok(mut k) = b.into_any().downcast::<Kept>() {
            if let Some(buf) = k.take() {
                keep_buf(&self.free, buf);
            }
        }
    }

    /// Bytes copied out of bounce buffers into callers' memory so far (reads of memory
    /// the device cannot reach, not submitted with `keep`).
    pub fn copied_bytes(&self) -> u64 {
        self.copied.get()
    }

    /// Whether this thread has (or now made) its channel for the view's store.
    fn has_channel(&mut self, view: &BlobView) -> bool {
        let i = view.index as usize;
        if self.channels.len() <= i {
            self.channels.resize_with(i + 1, || None);
        }
        if self.channels[i].is_none() {
            // SAFETY: the store is loaded while any of its blobs is open (the view's
            // blob is); channels are dropped before the service unloads stores (the
            // workers stop first).
            match unsafe { view.store.channel(&self.t) } {
                Ok(c) => self.channels[i] = Some(c),
                Err(e) => {
                    tracing::warn!("spdk share: worker channel: {e}");
                    return false;
                }
            }
        }
        true
    }

    /// Where `size` bytes of device I/O at `p` go through: nothing in between when
    /// `whole` (whole units) and `p` lies in memory SPDK may use (Some(None), counted),
    /// else a bounce buffer (None when there is no DMA memory for one).
    fn staging(&mut self, whole: bool, p: usize, size: usize) -> Option<Option<DmaBuf>> {
        if whole && self.usable(p, size) {
            self.counts[3] += 1;
            return Some(None);
        }
        self.buffer(size).map(Some)
    }

    fn buffer(&mut self, size: usize) -> Option<DmaBuf> {
        let mut free = self.free.borrow_mut();
        if let Some(i) = free.iter().position(|b| b.len() >= size) {
            return Some(free.swap_remove(i));
        }
        drop(free);
        let rounded = size.next_power_of_two().max(64 << 10);
        self.t.spdk().dma(rounded, 4096).ok()
    }
}

/// A bounce buffer holding a read's data, handed to the caller to send from; counted
/// in its engine's `out` until it comes back or is dropped.
struct Kept {
    buf: Option<DmaBuf>,
    out: Arc<AtomicUsize>,
}

impl Kept {
    fn take(&mut self) -> Option<DmaBuf> {
        let b = self.buf.take()?;
        self.out.fetch_sub(b.len(), Ordering::Relaxed);
        Some(b)
    }
}

impl Drop for Kept {
    fn drop(&mut self) {
        self.take();
    }
}

impl std::fmt::Debug for Kept {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Kept({} bytes)", self.capacity())
    }
}

impl LentBuffer for Kept {
    fn capacity(&self) -> usize {
        self.buf.as_ref().map_or(0, DmaBuf::len)
    }
    fn bytes_mut(&mut self) -> &mut [u8] {
        self.buf.as_mut().map_or(&mut [], DmaBuf::as_mut_slice)
    }
    fn bytes(&self) -> &[u8] {
        self.buf.as_ref().map_or(&[], DmaBuf::as_slice)
    }
    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any + Send> {
        self
    }
}

fn keep_buf(free: &RefCell<Vec<DmaBuf>>, b: DmaBuf) {
    let mut f = free.borrow_mut();
    if f.len() < KEEP_BUFS && b.len() <= KEEP_BYTES {
        f.push(b);
    }
}

impl Drop for Local {
    fn drop(&mut self) {
        // Whatever is still in flight is waited for (bounded): its buffers are SPDK's
        // until it completes.
        let deadline = crate::clock::now() + std::time::Duration::from_secs(5);
        let mut sink = Vec::new();
        while self.inflight.get() > 0 && crate::clock::now() < deadline {
            self.poll(&mut sink);
        }
        if let Some(svc) = super::service::running() {
            svc.remove_kick(self.kick);
        }
        let [reads, writes, handed, direct] = self.counts;
        tracing::info!(
            "{}: SPDK reads {reads} and writes {writes} on its own thread ({direct} with no \
             bounce copy), {handed} writes handed to the service",
            self.name
        );
        WORKER_THREAD.with(|w| *w.borrow_mut() = None);
        // Channels go on their own thread (made current by the poll); the thread itself
        // exits when the last reference, this engine's, goes after this.
        self.t.poll();
        self.channels.clear();
        self.devices.clear();
        for (s, l) in self.regions.drain(..) {
            // SAFETY: nothing is in flight any more (waited for above).
            let _ = unsafe { self.t.spdk().mem_unregister(s as *mut u8, l) };
        }
        self.free.borrow_mut().clear();
    }
}
