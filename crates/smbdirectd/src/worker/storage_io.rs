//! The worker's storage I/O: reads and writes handed out by the engine, on the main ring
//! or the extra (polled, SQPOLL) rings, their file tables, and their completions.

use super::sockets::queue_reply;
use super::{push_entry, IoOwner, Worker, IO_SLOT, POLL, SQ, SQ_POLL, STORAGE_SLOTS};

use crate::filetable::FileTable;
use crate::metrics::WorkerStats;
use io_uring::{opcode, types, IoUring};
use smb_server::storage_op::StorageOp;
use smb_server::IoRequest;
use std::os::fd::AsRawFd;
use std::sync::atomic::Ordering;

impl Worker {
    /// Puts the storage reads handed out on the rings (all in one submission; an
    /// io_poll share's direct reads on the polled ring).
    pub(super) fn post_storage(&mut self) {
        self.forget_closed_files();
        // Storage reads, all in the same submission (an io_poll share's direct reads on
        // the polled ring).
        let mut batch = std::mem::take(&mut self.io_batch);
        let mut registered = false;
        for (owner, r) in batch.drain(..) {
            let idx = match self.free_ios.pop() {
                Some(i) => i,
                None => {
                    self.ios.push(None);
                    (self.ios.len() - 1) as u32
                }
            };
            if let Some(t) = r.ceph {
                // A CephFS share's file: for the node's CephFS threads.
                self.ios[idx as usize] = Some((owner, r, None));
                self.ceph_submit(idx, t, r.op);
                continue;
            }
            if let Some(t) = r.spdk {
                // An SPDK share's file: for this worker's SPDK engine (or the node's SPDK
                // service), not a ring.
                // A TCP READ's data may stay in the engine's bounce buffer and be sent
                // from there (no copy into the response).
                let keep = matches!(owner, IoOwner::Tcp { .. });
                self.ios[idx as usize] = Some((owner, r, None));
                self.spdk_submit(idx, t, r.op, keep);
                continue;
            }
            let poll = r.poll
                && matches!(r.op, StorageOp::Read { .. })
                && !self.poll_refused.contains(&r.dev);
            let kind = match (r.sqpoll, poll) {
                (false, false) => None,
                (false, true) => Some(POLL),
                (true, false) => Some(SQ),
                (true, true) => Some(SQ_POLL),
            };
            // A kind the kernel refuses falls back: to SQPOLL alone, then the main ring.
            let kind = match kind {
                Some(k) if self.extra_ready(k) => Some(k),
                Some(SQ_POLL) if self.extra_ready(SQ) => Some(SQ),
                _ => None,
            };
            self.ios[idx as usize] = Some((owner, r, kind));
            // The pool is registered with an extra ring only if that worked there too.
            let fixed = match kind {
                Some(k) if !self.extra[k].fixed => None,
                _ => self.fixed,
            };
            let in_pool = buffer_of(&r.op).is_some_and(|(at, n)| {
                fixed
                    .is_some_and(|(base, len)| at >= base && at + u64::from(n) <= base + len as u64)
            });
            // The open's descriptor from the ring's file table (registered on first use).
            let files = match kind {
                Some(k) => {
                    let x = &mut self.extra[k];
                    x.ring.as_ref().map(|ring| (&mut x.files, ring))
                }
                None => Some((&mut self.files, &self.ring)),
            };
            let slot = files.and_then(|(t, ring)| {
                let n = t.len();
                let s = t.slot(ring, r.file, r.fd);
                registered |= t.len() != n;
                s
            });
            // The typed operation as an io_uring entry (a registered buffer's by index).
            macro_rules! entry {
                ($f:expr) => {
                    match r.op {
                        StorageOp::Flush => opcode::Fsync::new($f)
                            .flags(types::FsyncFlags::DATASYNC)
                            .build(),
                        StorageOp::Read { offset, len, buf } if in_pool => {
                            opcode::ReadFixed::new($f, buf, len, 0)
                                .offset(offset)
                                .build()
                        }
                        StorageOp::Read { offset, len, buf } => {
                            opcode::Read::new($f, buf, len).offset(offset).build()
                        }
                        // A file's range zeroed or trimmed: a hole punched, its size kept.
                        StorageOp::Zero { offset, len } | StorageOp::Trim { offset, len } => {
                            opcode::Fallocate::new($f, len)
                                .offset(offset)
                                .mode(libc::FALLOC_FL_PUNCH_HOLE | libc::FALLOC_FL_KEEP_SIZE)
                                .build()
                        }
                        StorageOp::Write {
                            offset,
                            len,
                            buf,
                            stable,
                        } if in_pool => opcode::WriteFixed::new($f, buf, len, 0)
                            .offset(offset)
                            .rw_flags(write_flags(stable))
                            .build(),
                        StorageOp::Write {
                            offset,
                            len,
                            buf,
                            stable,
                        } => opcode::Write::new($f, buf, len)
                            .offset(offset)
                            .rw_flags(write_flags(stable))
                            .build(),
                    }
                };
            }
            let e = match slot {
                Some(s) => entry!(types::Fixed(s)),
                None => entry!(types::Fd(r.fd)),
            }
            .user_data((IO_SLOT << 32) | u64::from(idx));
            match kind.and_then(|k| Some((k, self.extra[k].ring.as_mut()?))) {
                Some((k, ring)) => {
                    push_entry(ring, &e);
                    self.extra[k].inflight += 1;
                    self.extra[k].queued = true;
                }
                None => self.push(e),
            }
        }
        self.io_batch = batch;
        if registered {
            self.count_files();
        }
        for x in self.extra.iter_mut().filter(|x| x.queued) {
            x.queued = false;
            if let Some(ring) = &x.ring {
                // (SQPOLL: a system call only to wake the kernel thread.)
                let _ = ring.submit();
            }
        }
        self.enter();
    }

    /// Lets go of the file-table entries of opens that closed (every turn: the engine's
    /// list of closes is drained even when no storage I/O is going on).
    pub(super) fn forget_closed_files(&mut self) {
        self.closes.drain(&mut self.closed);
        if self.closed.is_empty() {
            return;
        }
        self.files.forget(&self.ring, &self.closed);
        for x in &mut self.extra {
            if let Some(ring) = &x.ring {
                x.files.forget(ring, &self.closed);
            }
        }
        self.closed.clear();
        self.count_files();
    }

    /// Publishes how many open files' descriptors the rings hold.
    pub(super) fn count_files(&self) {
        let n = self.files.len() + self.extra.iter().map(|x| x.files.len()).sum::<usize>();
        if let Some(s) = &self.stats {
            s.ring_files.store(n as u64, Ordering::Relaxed);
        }
    }

    /// Whether storage I/O is in flight on an extra ring.
    pub(super) fn extra_inflight(&self) -> bool {
        self.extra.iter().any(|x| x.inflight > 0)
    }

    /// Enters the kernel through the ring if that does anything: entries to submit, or
    /// I/O in flight whose completion the kernel finishes in this thread when it enters
    /// (sockets, files, the async timer). A worker serving only SMB Direct from memory
    /// (mapped or cached reads) makes no system call per turn. (The wake read is always
    /// in flight; it matters only to the kernel wait, which enters anyway.) The ring
    /// flags work the kernel holds for this thread (cooperative task running): the tick's
    /// and any other completion's, which would otherwise wait.
    pub(super) fn enter(&mut self) {
        let queued = {
            let sq = self.ring.submission();
            !sq.is_empty() || sq.taskrun()
        };
        let busy = queued
            || self.timer_busy
            || self.conns.iter().any(Option::is_some)
            || self.ios.iter().any(|o| matches!(o, Some((_, _, None))));
        if busy {
            let _ = self.ring.submit();
        }
    }

    /// Whether I/O may go on the extra ring of kind `k`; builds it on first use.
    pub(super) fn extra_ready(&mut self, k: usize) -> bool {
        let x = &self.extra[k];
        if x.ring.is_none() && !x.failed {
            let mut b = IoUring::builder();
            if k != SQ {
                b.setup_iopoll();
            }
            if k != POLL {
                b.setup_sqpoll(self.sq_idle_ms);
            }
            let what = ["polled (IOPOLL)", "SQPOLL", "SQPOLL and IOPOLL"][k];
            match b.build(256) {
                Ok(ring) => {
                    let fixed = self
                        .fixed
                        .is_some_and(|region| register_pool(&ring, region).is_ok());
                    // The kernel thread's completions wake the worker's wait through an
                    // eventfd (without one, the worker naps while such I/O is in flight).
                    let event = (k != POLL)
                        .then(completion_eventfd)
                        .flatten()
                        .filter(|e| ring.submitter().register_eventfd(e.as_raw_fd()).is_ok());
                    tracing::info!(worker = self.index, "storage ring ready: {what}");
                    let x = &mut self.extra[k];
                    if ring
                        .submitter()
                        .register_files_sparse(STORAGE_SLOTS)
                        .is_ok()
                    {
                        x.files = FileTable::new(0, STORAGE_SLOTS);
                    }
                    x.fixed = fixed;
                    x.event = event;
                    x.ring = Some(ring);
                }
                Err(e) => {
                    tracing::warn!(worker = self.index, error = %e, "no {what} io_uring; its storage I/O goes through the worker's ring");
                    self.extra[k].failed = true;
                }
            }
        }
        self.extra[k].ring.is_some()
    }

    /// Reaps the extra rings (an IOPOLL ring is polled by entering it; an SQPOLL ring's
    /// kernel thread does the submitting and, with IOPOLL, the polling); returns whether
    /// anything completed.
    pub(super) fn reap_extra(&mut self) -> bool {
        if self.extra.iter().all(|x| x.inflight == 0) {
            return false;
        }
        let mut worked = false;
        let stats = self.stats.clone();
        for k in [POLL, SQ, SQ_POLL] {
            let x = &mut self.extra[k];
            let Some(ring) = &mut x.ring else {
                continue;
            };
            if x.inflight == 0 {
                continue;
            }
            // IOPOLL: entering is what polls the device. SQPOLL: no system call unless
            // the kernel holds completions that overflowed the queue (or the thread
            // sleeps), which only an enter brings back.
            let _ = ring.submit();
            let mut done = std::mem::take(&mut x.done);
            for cqe in ring.completion() {
                done.push((cqe.user_data(), cqe.result()));
            }
            x.inflight -= done.len();
            worked |= !done.is_empty();
            for &(ud, res) in &done {
                self.io_done((ud & 0xFFFF_FFFF) as usize, res, stats.as_deref());
            }
            done.clear();
            self.extra[k].done = done;
        }
        worked
    }

    /// Hands `op` on an SPDK share's file to this worker's SPDK engine (made at the
    /// first; its result comes out of the engine's poll in `reap_spdk`) or, when the
    /// engine does not take it, to the SPDK service (its result comes back through
    /// `spdk_done`); either way under `idx`.
    fn spdk_submit(
        &mut self,
        idx: u32,
        t: smb_server::storage_op::SpdkTarget,
        op: StorageOp,
        keep: bool,
    ) {
        if self.spdk.is_none() && !self.spdk_refused {
            let waker = self.waker.clone();
            let wake = std::sync::Arc::new(move || {
                let _ = std::io::Write::write(&mut &*waker, &[1]);
            });
            match storage::blobshare::Local::new(&format!("worker{}", self.index), wake) {
                Ok(mut l) => {
                    // The worker's registered buffers (SMB Direct's lent ones): SPDK reads
                    // into them and writes from them with no bounce copy.
                    // SAFETY: the pool is mapped and registered with the RDMA device for
                    // the worker's life, which outlasts its engine.
                    let direct = self.pool.as_ref().is_some_and(|p| unsafe {
                        l.add_dma_region(p.region().addr() as usize, p.region().len())
                    });
                    tracing::info!(
                        worker = self.index,
                        registered_buffers = direct,
                        "SPDK thread and channels of its own"
                    );
                    self.spdk = Some(l);
                }
                Err(e) => {
                    tracing::warn!(worker = self.index, "no SPDK thread of its own: {e}");
                    self.spdk_refused = true;
                }
            }
        }
        if let Some(l) = &mut self.spdk {
            // SAFETY: the request's buffer, and its file keep (which holds the blob open
            // and its view alive), stay until it is reported (the storage I/O interface's
            // contract: its connection keeps the request while I/O is in flight).
            if unsafe { l.submit(idx, t, op, keep) } {
                return;
            }
        }
        let done = self.spdk_done.clone();
        let waker = self.waker.clone();
        let report = Box::new(move |res: i32| {
            done.lock().push((idx, res));
            let _ = std::io::Write::write(&mut &*waker, &[1]);
        });
        // SAFETY: the request's buffer stays valid until it is reported (the storage I/O
        // interface's contract: its connection is not dropped while I/O is in flight).
        unsafe { storage::blobshare::submit(t, op, report) };
    }

    /// Hands `op` on a CephFS share's file to the node's CephFS threads; its result
    /// comes back through `spdk_done` (and a wake) under `idx`.
    fn ceph_submit(&mut self, idx: u32, t: smb_server::storage_op::CephTarget, op: StorageOp) {
        let done = self.spdk_done.clone();
        let waker = self.waker.clone();
        let report = Box::new(move |res: i32| {
            done.lock().push((idx, res));
            let _ = std::io::Write::write(&mut &*waker, &[1]);
        });
        // SAFETY: the request's buffer, and its file keep (which holds the file open),
        // stay until it is reported (the storage I/O interface's contract: its
        // connection keeps the request while I/O is in flight).
        unsafe { storage::cephshare::submit(t, op, report) };
    }

    /// SPDK and CephFS storage I/O that is over: answers its requests.
    pub(super) fn reap_spdk(&mut self) -> bool {
        let mut done = std::mem::take(&mut *self.spdk_done.lock());
        if let Some(l) = &mut self.spdk {
            // Also runs what the service asks of this thread (a blob's I/O freeze).
            l.poll(&mut done);
        }
        if done.is_empty() {
            return false;
        }
        let stats = self.stats.clone();
        for (idx, res) in done {
            self.io_done(idx as usize, res, stats.as_deref());
        }
        if let (Some(l), Some(s)) = (&self.spdk, &self.stats) {
            let copied = l.copied_bytes() + self.spdk_copied;
            s.spdk_read_copied.store(copied, Ordering::Relaxed);
        }
        true
    }

    /// A storage I/O is over: answers its request.
    pub(super) fn io_done(&mut self, idx: usize, res: i32, stats: Option<&WorkerStats>) {
        let Some((owner, r, kind)) = self.ios.get_mut(idx).and_then(Option::take) else {
            return;
        };
        self.free_ios.push(idx as u32);
        // A read's data the SPDK engine kept in its buffer (to send from there).
        let tail = match (&mut self.spdk, r.spdk) {
            (Some(l), Some(_)) => l.take_kept(idx as u32),
            _ => None,
        };
        let polled = matches!(kind, Some(POLL | SQ_POLL));
        if polled && res == -libc::EOPNOTSUPP {
            // This file system or device cannot poll: its reads use interrupts from now on
            // (other devices' reads still poll).
            if !self.poll_refused.contains(&r.dev) {
                self.poll_refused.push(r.dev);
                tracing::warn!(
                    worker = self.index,
                    device = format!("{}:{}", r.dev >> 32, r.dev & 0xFFFF_FFFF),
                    "io_poll: this device or file system cannot poll reads; using interrupts"
                );
            }
            self.io_batch.push((owner, IoRequest { poll: false, ..r }));
            return;
        }
        if polled && res == -libc::EAGAIN {
            // The polled queue was busy: again, through interrupts this time.
            self.io_batch.push((owner, IoRequest { poll: false, ..r }));
            return;
        }
        // A write goes on until all of it is written (a short count, an interrupted or
        // busy submission); the one result reported counts every part.
        if let StorageOp::Write { len, .. } = r.op {
            if res == -libc::EINTR || res == -libc::EAGAIN {
                self.io_batch.push((owner, r));
                return;
            }
            if res > 0 && (res as u32) < len {
                if let Some(rest) = r.op.rest(res as u32) {
                    let done = r.done + res as u32;
                    self.io_batch.push((
                        owner,
                        IoRequest {
                            op: rest,
                            done,
                            ..r
                        },
                    ));
                    return;
                }
            }
            if res == 0 && len > 0 {
                // Nothing written and no error: report it as one rather than spin.
                return self.io_done_reported(owner, (r, None), -libc::EIO, (kind, polled), stats);
            }
        }
        let res = if res >= 0 { res + r.done as i32 } else { res };
        self.io_done_reported(owner, (r, tail), res, (kind, polled), stats)
    }

    /// Counts a storage I/O that is over and answers its request.
    fn io_done_reported(
        &mut self,
        owner: IoOwner,
        (r, tail): (IoRequest, Option<smb_server::storage_op::Tail>),
        res: i32,
        (kind, polled): (Option<usize>, bool),
        stats: Option<&WorkerStats>,
    ) {
        // The storage-latency histogram: from handing the I/O out to its completion.
        let since = match owner {
            IoOwner::Tcp { since, .. } | IoOwner::Rdma { since, .. } => since,
        };
        let op = match r.op {
            StorageOp::Flush => storage::stats::OP_FLUSH,
            StorageOp::Read { .. } => storage::stats::OP_READ,
            StorageOp::Write { .. } => storage::stats::OP_WRITE,
            StorageOp::Zero { .. } | StorageOp::Trim { .. } => storage::stats::OP_OTHER,
        };
        storage::stats::observe(op, crate::clock::since(since));
        let now = self.wall.engine(self.turn_at);
        let counted = match owner {
            IoOwner::Tcp { .. } => self.stats.as_deref(),
            IoOwner::Rdma { .. } => Some(&*self.rdma_stats),
        };
        if let Some(s) = counted {
            let n = match r.op {
                StorageOp::Flush => &s.ring_syncs,
                StorageOp::Read { .. } => &s.ring_reads,
                StorageOp::Write { .. } => &s.ring_writes,
                StorageOp::Zero { .. } | StorageOp::Trim { .. } => &s.ring_zeroes,
            };
            n.fetch_add(1, Ordering::Relaxed);
            if polled {
                s.ring_polled.fetch_add(1, Ordering::Relaxed);
            }
            if matches!(kind, Some(SQ | SQ_POLL)) {
                s.ring_sqpoll.fetch_add(1, Ordering::Relaxed);
            }
        }
        match owner {
            IoOwner::Tcp {
                slot,
                gen,
                id,
                since,
            } => {
                let c = match self.conns.get_mut(slot) {
                    Some(Some(c)) if c.gen == gen => c,
                    _ => {
                        if let (Some(t), Some(l)) = (tail, &mut self.spdk) {
                            l.recycle(t.buf);
                        }
                        return;
                    }
                };
                let had = tail.as_ref().map_or(0, |t| t.len as u64);
                let (r, spare) = c.smb.complete_io_with(id, res, tail, now);
                if let (Some(b), Some(l)) = (spare, &mut self.spdk) {
                    // Not sendable from there (an encrypted session's READ): the engine
                    // copied the data into the response.
                    self.spdk_copied += had.min(res.max(0) as u64);
                    l.recycle(b);
                } else if had > 0 && r.as_ref().is_some_and(|r| r.tail.is_some()) {
                    if let Some(s) = &self.stats {
                        s.spdk_reads_sent_in_place.fetch_add(1, Ordering::Relaxed);
                    }
                }
                // The request's next operation (a trim's next range, a sync), if any.
                let mut next = std::mem::take(&mut self.io_reqs);
                c.smb.take_io(&mut next);
                for n in next.drain(..) {
                    let owner = IoOwner::Tcp {
                        slot,
                        gen,
                        id: n.id,
                        since: crate::clock::now(),
                    };
                    self.io_batch.push((owner, n));
                }
                self.io_reqs = next;
                let Some(r) = r else {
                    return;
                };
                if let Some(s) = stats {
                    s.add_answered(&mut c.smb.stats, since);
                }
                if !c.closing {
                    queue_reply(c, r);
                }
            }
            IoOwner::Rdma { key, id, since } => {
                let mut next = std::mem::take(&mut self.rdma_io);
                self.rdma
                    .complete_io(key, id, res, (since, now), &self.rdma_stats, &mut next);
                for (key, n) in next.drain(..) {
                    let owner = IoOwner::Rdma {
                        key,
                        id: n.id,
                        since: crate::clock::now(),
                    };
                    self.io_batch.push((owner, n));
                }
                self.rdma_io = next;
            }
        }
    }

    /// Storage reads on the ring or waiting for it.
    /// Reads this worker's SPDK engine has under way.
    pub(super) fn spdk_inflight(&self) -> bool {
        self.spdk.as_ref().is_some_and(|l| l.inflight() > 0)
    }

    pub(super) fn io_in_flight(&self) -> bool {
        !self.io_batch.is_empty()
            || self.ios.iter().any(|o| o.is_some())
            || self.rdma.draining() > 0
    }
}

/// The memory a storage operation reads into or writes from (address, length).
fn buffer_of(op: &StorageOp) -> Option<(u64, u32)> {
    match *op {
        StorageOp::Read { buf, len, .. } => Some((buf as u64, len)),
        StorageOp::Write { buf, len, .. } => Some((buf as u64, len)),
        StorageOp::Flush | StorageOp::Zero { .. } | StorageOp::Trim { .. } => None,
    }
}

/// A write's flags: RWF_DSYNC when it must be stable at its completion (a
/// write-through WRITE: no separate fdatasync).
fn write_flags(stable: bool) -> i32 {
    if stable {
        libc::RWF_DSYNC
    } else {
        0
    }
}

/// A nonblocking eventfd for a ring's completions.
pub(super) fn completion_eventfd() -> Option<std::os::fd::OwnedFd> {
    // SAFETY: eventfd has no memory arguments; a valid result is a new descriptor we own.
    let fd = unsafe { libc::eventfd(0, libc::EFD_CLOEXEC | libc::EFD_NONBLOCK) };
    // SAFETY: (when valid) nobody else owns the new descriptor.
    (fd >= 0).then(|| unsafe { <std::os::fd::OwnedFd as std::os::fd::FromRawFd>::from_raw_fd(fd) })
}

/// Registers the worker's buffer pool (address, length) as a ring's fixed buffer 0.
pub(super) fn register_pool(ring: &IoUring, (addr, len): (u64, usize)) -> std::io::Result<()> {
    let iov = libc::iovec {
        iov_base: addr as *mut libc::c_void,
        iov_len: len,
    };
    // SAFETY: the pool's region lives as long as the pool, which the worker holds for as
    // long as its rings exist.
    unsafe { ring.submitter().register_buffers(&[iov]) }
}
