//! Per-core workers. Each owns an io_uring that carries its connections' socket I/O, and
//! the connections handed to it (a connection never moves). The loop: reap completions,
//! run the SMB engine on whole PDUs, queue responses, submit; when idle it spins for
//! `idle_spin_us` and then sleeps in the kernel until a completion or a wake arrives
//! (adaptive), or never sleeps (busy).
//!
//! `unsafe` here is confined to handing buffers to the kernel: every buffer given to an
//! SQE lives in a boxed connection that is not dropped or resized while the operation is in
//! flight (tracked by `recv_busy`/`send_busy`).

use crate::admission::Admission;
use crate::clock::WallClock;
use crate::config::{LimitsSection, WorkersSection};
use crate::filetable::FileTable;
use crate::framing::{FrameReader, OutQueue, Piece};
use crate::metrics::WorkerStats;
use crate::rdma_conns::{RdmaConn, RdmaSet};
use anyhow::{Context, Result};
use crossbeam_channel::{Receiver, Sender};
use io_uring::{opcode, types, IoUring};
use smb_server::fixed::CloseInbox;
use smb_server::{Connection, IoRequest, Server, Transport};
use smbdirect::BufferPool;
use std::io::Write;
use std::net::{IpAddr, Shutdown, TcpStream};
use std::os::fd::AsRawFd;
use std::os::unix::net::UnixStream;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const OP_RECV: u64 = 1;
const OP_SEND: u64 = 2;
const WAKE_SLOT: u64 = 0xFFFF_FFFF;
const TIMER_SLOT: u64 = 0xFFFF_FFFE;
/// The once-a-second tick that checks connections' deadlines.
const TICK_SLOT: u64 = 0xFFFF_FFFB;
/// Storage reads: the low 32 bits index `Worker::ios`.
const IO_SLOT: u64 = 0xFFFF_FFFD;
/// An SQPOLL ring's completion eventfd became readable: the low bits name the ring.
const EVENT_SLOT: u64 = 0xFFFF_FFFC;
const RECV_CHUNK: usize = 128 * 1024;
/// One gathered send carries at most this many slices (two per response) and about this
/// many bytes.
const SEND_IOVS: usize = 64;
const SEND_BYTES: usize = 1 << 20;
/// Connection slots whose sockets are registered with the ring.
const FILE_SLOTS: u32 = 1024;
/// Open files' descriptors registered with each ring (after the sockets in the main one).
const STORAGE_SLOTS: u32 = 1024;
/// How long an idle worker with SMB Direct connections sleeps between polls.
const RDMA_NAP_US: u64 = 200;

/// Extra storage rings, by kind: IOPOLL (io_poll shares' direct reads; completions are
/// polled by entering the ring), SQPOLL (sqpoll shares: a kernel thread takes the
/// submissions, so issuing I/O costs the worker no system call), and both.
const POLL: usize = 0;
const SQ: usize = 1;
const SQ_POLL: usize = 2;
/// The SQPOLL thread's idle time before it sleeps, unless workers.sqpoll_idle_ms says.
const SQ_IDLE_MS: u32 = 100;

/// One extra storage ring of a worker, built on first use.
#[derive(Default)]
struct Extra {
    ring: Option<IoUring>,
    /// It could not be built (the kernel refuses the kind): its I/O uses the main ring.
    failed: bool,
    /// The buffer pool is registered with it (fixed-buffer reads).
    fixed: bool,
    /// I/O on it not yet completed.
    inflight: usize,
    /// Entries pushed this turn, to submit.
    queued: bool,
    /// Completions reaped (kept for its capacity).
    done: Vec<(u64, i32)>,
    /// Open files' descriptors in its file table.
    files: FileTable,
    /// SQPOLL rings: an eventfd the kernel signals on each completion, read through the
    /// main ring so that its wait wakes for them; whether that read is posted; its buffer.
    event: Option<std::os::fd::OwnedFd>,
    event_busy: bool,
    event_buf: Box<[u8; 8]>,
}

/// A TCP connection handed to a worker, with the client address it was admitted for.
pub type Handed = (TcpStream, Option<IpAddr>);

pub struct WorkerHandle {
    tx: Sender<Handed>,
    rdma_tx: Sender<RdmaConn>,
    wake: Arc<UnixStream>,
    thread: std::thread::JoinHandle<()>,
    pool: Option<Arc<BufferPool>>,
}

#[derive(Clone)]
pub struct WorkerSender {
    tx: Sender<Handed>,
    rdma_tx: Sender<RdmaConn>,
    wake: Arc<UnixStream>,
    pool: Option<Arc<BufferPool>>,
}

impl WorkerSender {
    /// Hands a connection over; gives it back if the worker is gone.
    pub fn hand(&self, s: Handed) -> Result<(), Handed> {
        self.tx.send(s).map_err(|e| e.0)?;
        let _ = (&*self.wake).write(&[1]);
        Ok(())
    }

    /// The worker's registered buffer pool for SMB Direct payloads (None without SMB
    /// Direct listeners).
    pub fn pool(&self) -> Option<&Arc<BufferPool>> {
        self.pool.as_ref()
    }

    /// Hands an established SMB Direct connection to this worker.
    pub fn hand_rdma(&self, c: RdmaConn) {
        if self.rdma_tx.send(c).is_ok() {
            let _ = (&*self.wake).write(&[1]);
        }
    }
}

impl WorkerHandle {
    pub fn sender(&self) -> WorkerSender {
        WorkerSender {
            tx: self.tx.clone(),
            rdma_tx: self.rdma_tx.clone(),
            wake: self.wake.clone(),
            pool: self.pool.clone(),
        }
    }

    pub fn stop_and_join(self) {
        let _ = (&*self.wake).write(&[1]);
        let _ = self.thread.join();
    }
}

#[allow(clippy::too_many_arguments)]
pub fn spawn(
    index: usize,
    cpu: usize,
    server: Arc<Server>,
    cfg: &WorkersSection,
    limits: &LimitsSection,
    stop: Arc<AtomicBool>,
    admission: Arc<Admission>,
    stats: Option<Arc<WorkerStats>>,
    rdma_stats: Arc<WorkerStats>,
    busy_ns: Arc<AtomicU64>,
    rdma: bool,
) -> Result<WorkerHandle> {
    // SMB Direct payload buffers, mapped now: nothing on the hot path allocates them.
    let pool = if rdma {
        let slot = smbdirect::POOL_BUFFER_SIZE;
        let slots = (cfg.buffer_pool_mib << 20) / slot;
        let p = BufferPool::mapped(slots, slot, cfg.hugepages).with_context(|| {
            format!(
                "worker {index}: mapping a {} MiB buffer pool",
                cfg.buffer_pool_mib
            )
        })?;
        match p.pages() {
            Some(fabric::Pages::Huge) => {
                tracing::info!(worker = index, mib = cfg.buffer_pool_mib, "buffer pool on huge pages")
            }
            _ if cfg.hugepages => tracing::warn!(
                worker = index,
                mib = cfg.buffer_pool_mib,
                "no huge pages reserved (vm.nr_hugepages; scripts/setup-host): the buffer pool uses 4 KiB pages"
            ),
            _ => {}
        }
        Some(p)
    } else {
        None
    };
    let ring = if cfg.sqpoll_idle_ms > 0 {
        // A kernel thread polls the submission queue: submissions cost no system call
        // while it is awake (it sleeps after the idle time; submit() wakes it).
        IoUring::builder()
            .setup_sqpoll(cfg.sqpoll_idle_ms)
            .build(cfg.ring_entries)
            .context("io_uring setup with SQPOLL (workers.sqpoll_idle_ms)")?
    } else {
        IoUring::new(cfg.ring_entries).context("io_uring setup")?
    };
    // The pool is the ring's registered buffer too: reads into it (READ data for SMB
    // Direct) skip pinning pages per I/O.
    let mut fixed = None;
    if let Some(p) = &pool {
        let r = p.region();
        match register_pool(&ring, (r.addr(), r.len())) {
            Ok(()) => fixed = Some((r.addr(), r.len())),
            Err(e) => tracing::warn!(
                worker = index,
                error = %e,
                "buffer pool not registered with io_uring (RLIMIT_MEMLOCK?): reads into it use plain reads"
            ),
        }
    }
    // A sparse file table for the connections' sockets, then open files' descriptors
    // (older kernels, or a low RLIMIT_NOFILE: sockets only, or plain descriptors).
    let sparse = |n| ring.submitter().register_files_sparse(n);
    let (file_slots, files) = match sparse(FILE_SLOTS + STORAGE_SLOTS) {
        Ok(()) => (FILE_SLOTS, FileTable::new(FILE_SLOTS, STORAGE_SLOTS)),
        Err(e) => {
            tracing::debug!(worker = index, error = %e, "no io_uring file table for storage");
            let n = sparse(FILE_SLOTS).map_or(0, |()| FILE_SLOTS);
            (n, FileTable::default())
        }
    };
    let (tx, rx) = crossbeam_channel::bounded(1024);
    let (rdma_tx, rdma_rx) = crossbeam_channel::bounded(1024);
    let (wake_tx, wake_rx) = UnixStream::pair().context("wake socket pair")?;
    wake_rx.set_nonblocking(true)?;
    // Posting a wake never blocks the poster (a full socket already means "wake up").
    wake_tx.set_nonblocking(true)?;
    let wake_tx = Arc::new(wake_tx);
    let waker = wake_tx.clone();
    // Opens are dropped on any thread (a lost session's by whoever ends it): their close
    // wakes the worker to let go of their ring slots.
    let close_waker = wake_tx.clone();
    let closes = CloseInbox::subscribe(Some(Box::new(move || {
        let _ = (&*close_waker).write(&[1]);
    })));

    let busy = cfg.poll == "busy";
    let storage_io = cfg.storage_io == "uring";
    let spin = Duration::from_micros(cfg.idle_spin_us);
    let pool_for_worker = pool.clone();
    let conn_limits = ConnLimits {
        preauth_pdu: limits.preauth_max_pdu_bytes,
        send_queue: limits.send_queue_bytes as u64,
        deadlines: crate::admission::Deadlines {
            handshake: Duration::from_secs(limits.handshake_timeout_s),
            idle: (limits.idle_timeout_s > 0).then(|| Duration::from_secs(limits.idle_timeout_s)),
        },
    };
    let rdma_limits = crate::rdma_conns::SetLimits {
        send_queue: limits.send_queue_bytes,
        deadlines: conn_limits.deadlines,
    };
    let sq_idle_ms = match cfg.sqpoll_idle_ms {
        0 => SQ_IDLE_MS,
        ms => ms,
    };
    let thread = std::thread::Builder::new()
        .name(format!("smbd-worker-{index}"))
        .spawn(move || {
            let cores = core_affinity::get_core_ids().unwrap_or_default();
            if let Some(c) = cores.into_iter().find(|c| c.id == cpu) {
                if !core_affinity::set_for_current(c) {
                    tracing::warn!(cpu, "could not pin worker");
                }
            }
            if let Some(p) = &pool_for_worker {
                rdma_stats
                    .pool_buffers
                    .store(p.slots() as u64, Ordering::Relaxed);
                rdma_stats
                    .pool_free
                    .store(p.free_slots() as u64, Ordering::Relaxed);
            }
            let mut w = Worker {
                index,
                pool: pool_for_worker,
                ios: Vec::new(),
                fixed,
                free_ios: Vec::new(),
                io_batch: Vec::new(),
                rdma_io: Vec::new(),
                storage_io,
                ring,
                server,
                conns: Vec::new(),
                rx,
                wake: wake_rx,
                waker,
                wake_buf: [0u8; 64],
                wake_busy: false,
                timer_busy: false,
                timeout: types::Timespec::new().nsec(20_000_000),
                tick: types::Timespec::new().sec(1),
                tick_busy: false,
                next_sweep: Instant::now(),
                stop,
                admission,
                busy,
                spin,
                seed: index as u64 * 0x9E37_79B9,
                stats,
                rdma_rx,
                rdma: RdmaSet::with_limits(rdma_limits),
                rdma_stats,
                busy_ns,
                adopt_due: true,
                turn_at: Instant::now(),
                wall: WallClock::default(),
                entries: Vec::new(),
                done: Vec::new(),
                io_reqs: Vec::new(),
                file_slots,
                files,
                closes,
                closed: Vec::new(),
                extra: Default::default(),
                poll_refused: Vec::new(),
                sq_idle_ms,
                limits: conn_limits,
            };
            w.run();
        })?;
    Ok(WorkerHandle {
        tx,
        rdma_tx,
        wake: wake_tx,
        thread,
        pool,
    })
}

/// Per-connection bounds of the TCP transport (from `[limits]`).
#[derive(Clone, Copy)]
struct ConnLimits {
    /// Longest frame before the connection authenticates.
    preauth_pdu: usize,
    /// Queued responses plus READ data in flight for them, past which requests wait.
    send_queue: u64,
    /// Time to authenticate, and to stay silent holding nothing once authenticated.
    deadlines: crate::admission::Deadlines,
}

struct Conn {
    gen: u32,
    stream: TcpStream,
    /// The client address the connection holds a place for (see [`Admission`]).
    ip: Option<IpAddr>,
    /// When it was accepted, and when it last sent anything.
    accepted: Instant,
    last_rx: Instant,
    reader: FrameReader,
    recv_busy: bool,
    recv_len: usize,
    out: OutQueue,
    send_busy: bool,
    /// The slices of the send in flight (capacity fixed at SEND_IOVS: never reallocated).
    iov: Vec<libc::iovec>,
    /// The frame headers of the send in flight (the connection is boxed: they stay put).
    hdrs: [[u8; 4]; SEND_IOVS],
    smb: Connection,
    closing: bool,
    span: tracing::Span,
    /// The socket is in the ring's file table at the connection's slot (no descriptor
    /// lookup per receive and send).
    fixed: bool,
}

// SAFETY: the raw iovec pointers only ever point into this Conn's own buffers and are used
// by the owning worker thread alone.
unsafe impl Send for Conn {}

struct Worker {
    index: usize,
    ring: IoUring,
    server: Arc<Server>,
    conns: Vec<Option<Box<Conn>>>,
    rx: Receiver<Handed>,
    wake: UnixStream,
    /// The sending end of `wake`: given to connections so that notices posted to them
    /// from other workers (oplock breaks) wake this one.
    waker: Arc<UnixStream>,
    wake_buf: [u8; 64],
    wake_busy: bool,
    timer_busy: bool,
    timeout: types::Timespec,
    tick: types::Timespec,
    tick_busy: bool,
    /// When connections' deadlines are next checked.
    next_sweep: Instant,
    stop: Arc<AtomicBool>,
    /// Connections open across all workers (the accept loop enforces the maximum).
    admission: Arc<Admission>,
    busy: bool,
    spin: Duration,
    seed: u64,
    /// Metrics counters, written by this worker only (None when metrics are off).
    stats: Option<Arc<WorkerStats>>,
    rdma_rx: Receiver<RdmaConn>,
    /// SMB Direct connections: their completion queues are polled in this loop.
    rdma: RdmaSet,
    /// Counters of this worker's SMB Direct connections (transport="smbdirect").
    rdma_stats: Arc<WorkerStats>,
    /// Registered buffers for this worker's SMB Direct payloads.
    pool: Option<Arc<BufferPool>>,
    /// The ring's registered buffer (the pool's region): its address and length.
    fixed: Option<(u64, usize)>,
    /// Storage I/O in flight on a ring: whose it is, what it is, and which extra ring
    /// (None: the main ring) it went to (None: free entry).
    ios: Vec<Option<(IoOwner, IoRequest, Option<usize>)>>,
    free_ios: Vec<u32>,
    /// Reads the engine handed out, waiting to be put on the ring.
    io_batch: Vec<(IoOwner, IoRequest)>,
    rdma_io: Vec<(u64, IoRequest)>,
    /// Storage reads go through the ring (workers.storage_io = "uring").
    storage_io: bool,
    /// Storage rings beside the main one, by kind ([`POLL`], [`SQ`], [`SQ_POLL`]): for
    /// io_poll shares' direct reads and sqpoll shares' storage I/O, built on first use.
    extra: [Extra; 3],
    /// Devices whose reads cannot be polled (learned from EOPNOTSUPP).
    poll_refused: Vec<u64>,
    /// The kernel thread's idle time of the SQPOLL rings.
    sq_idle_ms: u32,
    /// Size of the ring's file table for sockets (by connection slot); 0 without one.
    file_slots: u32,
    /// Open files' descriptors in the ring's file table, and where the engine says which
    /// opens closed (their entries are dropped then); scratch list of those.
    files: FileTable,
    closes: Arc<CloseInbox>,
    closed: Vec<u64>,
    /// Scratch lists kept for their capacity: submissions of a turn, completions reaped.
    entries: Vec<io_uring::squeue::Entry>,
    done: Vec<(u64, i32)>,
    io_reqs: Vec<IoRequest>,
    /// A wake arrived: connections may have been handed over.
    adopt_due: bool,
    /// When this turn started, and the wall clock requests are stamped with.
    turn_at: Instant,
    wall: WallClock,
    /// Nanoseconds spent in turns that found work (smbdirectd_worker_busy_seconds_total).
    busy_ns: Arc<AtomicU64>,
    limits: ConnLimits,
}

/// The connection a storage read belongs to, and the engine's id for it.
#[derive(Clone, Copy)]
enum IoOwner {
    Tcp {
        slot: usize,
        gen: u32,
        id: u64,
        since: Instant,
    },
    Rdma {
        key: u64,
        id: u64,
        since: Instant,
    },
}

impl Worker {
    fn run(&mut self) {
        let mut idle_since = Instant::now();
        let mut busy = Duration::ZERO;
        // Whether the last turn found work: its length (from `turn_at`) is counted as busy
        // at the start of this one (one clock read per turn).
        self.turn_at = idle_since;
        let mut worked_last = false;
        loop {
            let now = Instant::now();
            if worked_last {
                idle_since = now;
                busy += now - self.turn_at;
                if busy >= Duration::from_millis(1) {
                    // Published now and then: one atomic add per millisecond of work.
                    self.busy_ns
                        .fetch_add(busy.as_nanos() as u64, Ordering::Relaxed);
                    busy = Duration::ZERO;
                }
            }
            self.turn_at = now;
            worked_last = false;
            if self.adopt_due {
                // (Connections are handed over with a wake: no channel polls per turn.)
                self.adopt_due = false;
                self.adopt();
            }
            let stopping = self.stop.load(Ordering::Acquire);
            if stopping && self.drain_for_stop() {
                break;
            }
            self.post();
            let mut worked = self.reap();
            worked |= self.reap_extra();
            let mut rdma_io = std::mem::take(&mut self.rdma_io);
            let stepped = self
                .rdma
                .step(now, &mut self.wall, &self.rdma_stats, &mut rdma_io);
            for (key, r) in rdma_io.drain(..) {
                let since = Instant::now();
                self.io_batch.push((
                    IoOwner::Rdma {
                        key,
                        id: r.id,
                        since,
                    },
                    r,
                ));
            }
            self.rdma_io = rdma_io;
            // Storage I/O handed out goes on the ring at the next turn, with no nap first.
            worked |= !self.io_batch.is_empty();
            if stepped {
                worked = true;
                if let Some(p) = &self.pool {
                    self.rdma_stats
                        .pool_free
                        .store(p.free_slots() as u64, Ordering::Relaxed);
                }
            }
            if worked {
                worked_last = true;
                continue;
            }
            if !busy.is_zero() {
                self.busy_ns
                    .fetch_add(busy.as_nanos() as u64, Ordering::Relaxed);
                busy = Duration::ZERO;
            }
            if self.busy || idle_since.elapsed() < self.spin || self.extra[POLL].inflight > 0 {
                // (Polled reads complete only while the worker polls for them.)
                self.enter();
                std::hint::spin_loop();
                continue;
            }
            let unwakeable = self
                .extra
                .iter()
                .any(|x| x.inflight > 0 && x.event.is_none());
            if !self.rdma.is_empty() || unwakeable {
                // Completion queues (and SQPOLL rings without an eventfd) cannot wake the
                // kernel wait: nap briefly instead.
                let _ = self.ring.submit();
                std::thread::sleep(Duration::from_micros(RDMA_NAP_US));
                continue;
            }
            // Sleep in the kernel until a completion arrives (socket data, a wake, or the
            // timer that drives async requests).
            if let Err(e) = self.ring.submit_and_wait(1) {
                if e.raw_os_error() != Some(libc::EINTR) {
                    tracing::error!(worker = self.index, error = %e, "io_uring wait failed");
                    break;
                }
            }
        }
        for c in self.conns.iter_mut().flatten() {
            c.smb.close();
        }
        // A connection whose storage read is still in flight (the stop deadline passed)
        // is never freed: the kernel may yet write into its buffers.
        for c in self.conns.iter_mut() {
            if c.as_ref().is_some_and(|c| c.smb.io_in_flight() > 0) {
                std::mem::forget(c.take());
            }
        }
        self.rdma.shutdown();
        tracing::debug!(worker = self.index, "worker stopped");
    }

    /// On stop: no new requests are read; pending responses are flushed (bounded), then
    /// every connection closes. Returns true when done.
    fn drain_for_stop(&mut self) -> bool {
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let pending = self
                .conns
                .iter()
                .flatten()
                .any(|c| !c.out.is_empty() || c.send_busy)
                || self.io_in_flight();
            if !pending || Instant::now() > deadline {
                break;
            }
            self.post();
            if !self.extra_inflight() {
                let _ = self.ring.submit_and_wait(1);
            }
            self.reap();
            self.reap_extra();
        }
        true
    }

    fn adopt(&mut self) {
        while let Ok(c) = self.rdma_rx.try_recv() {
            self.rdma.adopt(c, self.storage_io);
        }
        while let Ok((stream, ip)) = self.rx.try_recv() {
            let _ = stream.set_nodelay(true);
            self.seed = self.seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let slot = match self.conns.iter().position(|c| c.is_none()) {
                Some(i) => i,
                None => {
                    self.conns.push(None);
                    self.conns.len() - 1
                }
            };
            let gen = (self.seed >> 40) as u32 & 0x00FF_FFFF;
            let peer = stream
                .peer_addr()
                .map(|a| a.to_string())
                .unwrap_or_default();
            let span = tracing::info_span!("conn", peer = %peer, worker = self.index);
            let mut smb = Connection::new(self.server.clone(), Transport::Tcp, self.seed);
            smb.peer = peer;
            smb.set_storage_io(self.storage_io);
            let waker = self.waker.clone();
            smb.set_waker(Arc::new(move || {
                let _ = (&*waker).write(&[1]);
            }));
            span.in_scope(|| tracing::debug!("connection accepted"));
            let fixed = slot < self.file_slots as usize
                && self
                    .ring
                    .submitter()
                    .register_files_update(slot as u32, &[stream.as_raw_fd()])
                    .is_ok();
            let now = Instant::now();
            self.conns[slot] = Some(Box::new(Conn {
                fixed,
                gen,
                stream,
                ip,
                accepted: now,
                last_rx: now,
                reader: FrameReader::with_limit(self.limits.preauth_pdu),
                recv_busy: false,
                recv_len: 0,
                out: OutQueue::default(),
                send_busy: false,
                iov: Vec::with_capacity(SEND_IOVS),
                hdrs: [[0; 4]; SEND_IOVS],
                smb,
                closing: false,
                span,
            }));
        }
    }

    fn push(&mut self, e: io_uring::squeue::Entry) {
        if let Some(s) = &self.stats {
            s.uring(1, 0);
        }
        push_entry(&mut self.ring, &e);
    }

    /// Posts receives, sends, the wake read and the timer.
    fn post(&mut self) {
        let stopping = self.stop.load(Ordering::Acquire);
        if !self.wake_busy {
            let e = opcode::Recv::new(
                types::Fd(self.wake.as_raw_fd()),
                self.wake_buf.as_mut_ptr(),
                self.wake_buf.len() as u32,
            )
            .build()
            .user_data(WAKE_SLOT << 32);
            self.push(e);
            self.wake_busy = true;
        }
        for k in [SQ, SQ_POLL] {
            let x = &mut self.extra[k];
            let (Some(e), false) = (&x.event, x.event_busy) else {
                continue;
            };
            let e = opcode::Read::new(types::Fd(e.as_raw_fd()), x.event_buf.as_mut_ptr(), 8)
                .build()
                .user_data((EVENT_SLOT << 32) | k as u64);
            x.event_busy = true;
            self.push(e);
        }
        if !self.tick_busy && self.conns.iter().any(Option::is_some) {
            // Deadlines are checked once a second (a sleeping worker wakes for them).
            let e = opcode::Timeout::new(&self.tick)
                .build()
                .user_data(TICK_SLOT << 32);
            self.push(e);
            self.tick_busy = true;
        }
        let any_async = self.conns.iter().flatten().any(|c| c.smb.has_async());
        if any_async && !self.timer_busy {
            let e = opcode::Timeout::new(&self.timeout)
                .build()
                .user_data(TIMER_SLOT << 32);
            self.push(e);
            self.timer_busy = true;
        }
        let mut entries = std::mem::take(&mut self.entries);
        for (slot, c) in self.conns.iter_mut().enumerate() {
            let Some(c) = c else { continue };
            let ud = ((slot as u64) << 32) | (u64::from(c.gen) << 8);
            // A connection whose client does not take its responses is not read until it
            // does (its requests wait in the socket, not in our memory).
            if !c.recv_busy && !c.closing && !stopping && !backlogged(c, self.limits) {
                let (buf, len) = c.reader.spare(RECV_CHUNK);
                c.recv_len = len;
                let len = len.min(u32::MAX as usize) as u32;
                let e = match c.fixed {
                    true => opcode::Recv::new(types::Fixed(slot as u32), buf, len).build(),
                    false => opcode::Recv::new(types::Fd(c.stream.as_raw_fd()), buf, len).build(),
                }
                .user_data(ud | OP_RECV);
                entries.push(e);
                c.recv_busy = true;
            }
            if !c.send_busy && !c.closing && !c.out.is_empty() {
                // Every queued response in one gathered write: one send (one socket
                // lock, one wake of the peer) per burst instead of one per response.
                // Frame headers are copied into the connection's own array: queue
                // entries move when more responses are queued during the send.
                c.iov.clear();
                let (iov, hdrs) = (&mut c.iov, &mut c.hdrs);
                let mut k = 0;
                c.out.each_slice(SEND_IOVS, SEND_BYTES, |p| {
                    let (ptr, len) = match p {
                        Piece::Header(h, skip) => {
                            hdrs[k] = h;
                            k += 1;
                            (hdrs[k - 1][skip..].as_ptr(), 4 - skip)
                        }
                        Piece::Body(b) => (b.as_ptr(), b.len()),
                    };
                    iov.push(libc::iovec {
                        iov_base: ptr as *mut _,
                        iov_len: len,
                    })
                });
                let (iov, n) = (c.iov.as_ptr(), c.iov.len() as u32);
                let e = match c.fixed {
                    true => opcode::Writev::new(types::Fixed(slot as u32), iov, n).build(),
                    false => opcode::Writev::new(types::Fd(c.stream.as_raw_fd()), iov, n).build(),
                }
                .user_data(ud | OP_SEND);
                entries.push(e);
                c.send_busy = true;
            }
        }
        for e in entries.drain(..) {
            self.push(e);
        }
        self.entries = entries;
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
            let poll = r.poll && !r.sync && !self.poll_refused.contains(&r.dev);
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
            let at = r.buf as u64;
            // The pool is registered with an extra ring only if that worked there too.
            let fixed = match kind {
                Some(k) if !self.extra[k].fixed => None,
                _ => self.fixed,
            };
            let in_pool = fixed.is_some_and(|(base, len)| {
                at >= base && at + u64::from(r.len) <= base + len as u64
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
            macro_rules! entry {
                ($f:expr) => {
                    match () {
                        _ if r.sync => opcode::Fsync::new($f)
                            .flags(types::FsyncFlags::DATASYNC)
                            .build(),
                        _ if in_pool => opcode::ReadFixed::new($f, r.buf, r.len, 0)
                            .offset(r.offset)
                            .build(),
                        _ => opcode::Read::new($f, r.buf, r.len).offset(r.offset).build(),
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
    fn forget_closed_files(&mut self) {
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
    fn count_files(&self) {
        let n = self.files.len() + self.extra.iter().map(|x| x.files.len()).sum::<usize>();
        if let Some(s) = &self.stats {
            s.ring_files.store(n as u64, Ordering::Relaxed);
        }
    }

    /// Whether storage I/O is in flight on an extra ring.
    fn extra_inflight(&self) -> bool {
        self.extra.iter().any(|x| x.inflight > 0)
    }

    /// Enters the kernel through the ring if that does anything: entries to submit, or
    /// I/O in flight whose completion the kernel finishes in this thread when it enters
    /// (sockets, files, the async timer). A worker serving only SMB Direct from memory
    /// (mapped or cached reads) makes no system call per turn. (The wake read is always
    /// in flight; it matters only to the kernel wait, which enters anyway.)
    fn enter(&mut self) {
        let busy = !self.ring.submission().is_empty()
            || self.timer_busy
            || self.conns.iter().any(Option::is_some)
            || self.ios.iter().any(|o| matches!(o, Some((_, _, None))));
        if busy {
            let _ = self.ring.submit();
        }
    }

    /// Whether I/O may go on the extra ring of kind `k`; builds it on first use.
    fn extra_ready(&mut self, k: usize) -> bool {
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
    fn reap_extra(&mut self) -> bool {
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

    /// A storage I/O is over: answers its request.
    fn io_done(&mut self, idx: usize, res: i32, stats: Option<&WorkerStats>) {
        let Some((owner, r, kind)) = self.ios.get_mut(idx).and_then(Option::take) else {
            return;
        };
        self.free_ios.push(idx as u32);
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
        // The storage-latency histogram: from handing the I/O out to its completion.
        let since = match owner {
            IoOwner::Tcp { since, .. } | IoOwner::Rdma { since, .. } => since,
        };
        let op = if r.sync {
            storage::stats::OP_FLUSH
        } else {
            storage::stats::OP_READ
        };
        storage::stats::observe(op, since.elapsed());
        let counted = match owner {
            IoOwner::Tcp { .. } => self.stats.as_deref(),
            IoOwner::Rdma { .. } => Some(&*self.rdma_stats),
        };
        if let Some(s) = counted {
            if r.sync {
                s.ring_syncs.fetch_add(1, Ordering::Relaxed);
            } else {
                s.ring_reads.fetch_add(1, Ordering::Relaxed);
            }
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
                let Some(Some(c)) = self.conns.get_mut(slot) else {
                    return;
                };
                if c.gen != gen {
                    return;
                }
                let Some(r) = c.smb.complete_io(id, res) else {
                    return;
                };
                if let Some(s) = stats {
                    s.add_answered(&mut c.smb.stats, since);
                }
                if !c.closing {
                    queue(c, r);
                }
            }
            IoOwner::Rdma { key, id, since } => {
                self.rdma.complete_io(key, id, res, since, &self.rdma_stats)
            }
        }
    }

    /// Closes connections past their deadlines: not signed in within the handshake time,
    /// or signed in but silent and holding nothing for the idle time (as Windows'
    /// autodisconnect; its clients reconnect on their own when they need the server).
    fn sweep(&mut self) {
        let (now, l) = (self.turn_at, self.limits);
        for c in self.conns.iter_mut().flatten() {
            if c.closing {
                continue;
            }
            let cut = l.deadlines.overdue(
                c.smb.authenticated(),
                now.duration_since(c.accepted),
                now.duration_since(c.last_rx),
                || !c.out.is_empty() || c.smb.holds_state(),
            );
            if let Some(why) = cut {
                c.span
                    .in_scope(|| tracing::debug!(reason = why.label(), "closing connection"));
                crate::admission::cut(why, c.ip);
                close_conn(c);
            }
        }
    }

    /// Storage reads on the ring or waiting for it.
    fn io_in_flight(&self) -> bool {
        !self.io_batch.is_empty()
            || self.ios.iter().any(|o| o.is_some())
            || self.rdma.draining() > 0
    }

    /// Processes completions; returns whether anything happened.
    fn reap(&mut self) -> bool {
        let mut done = std::mem::take(&mut self.done);
        for cqe in self.ring.completion() {
            done.push((cqe.user_data(), cqe.result()));
        }
        let worked = !done.is_empty();
        if let Some(s) = &self.stats {
            s.uring(0, done.len() as u64);
        }
        // (Cloned only for a turn with completions: no reference count traffic per turn.)
        let stats = if worked { self.stats.clone() } else { None };
        // Requests are stamped with the turn's time.
        let filetime = if worked {
            self.wall.filetime(self.turn_at)
        } else {
            0
        };
        let mut io_reqs = std::mem::take(&mut self.io_reqs);
        for (ud, res) in done.drain(..) {
            let slot = ud >> 32;
            if slot == WAKE_SLOT {
                self.wake_busy = false;
                self.adopt_due = true;
                continue;
            }
            if slot == TIMER_SLOT {
                self.timer_busy = false;
                continue;
            }
            if slot == TICK_SLOT {
                self.tick_busy = false;
                continue;
            }
            if slot == IO_SLOT {
                self.io_done((ud & 0xFFFF_FFFF) as usize, res, stats.as_deref());
                continue;
            }
            if slot == EVENT_SLOT {
                // (The ring itself is reaped every turn.)
                if let Some(x) = self.extra.get_mut((ud & 0xFFFF_FFFF) as usize) {
                    x.event_busy = false;
                }
                continue;
            }
            let gen = ((ud >> 8) & 0x00FF_FFFF) as u32;
            let op = ud & 0xFF;
            let Some(Some(c)) = self.conns.get_mut(slot as usize) else {
                continue;
            };
            if c.gen != gen {
                continue;
            }
            match op {
                OP_RECV => {
                    c.recv_busy = false;
                    if res <= 0 {
                        close_conn(c);
                    } else {
                        c.last_rx = self.turn_at;
                        // SAFETY: the kernel wrote `res` (<= recv_len) bytes into the
                        // spare space handed to this receive; nothing touched the reader
                        // while it was in flight (recv_busy).
                        unsafe { c.reader.filled((res as usize).min(c.recv_len)) };
                        if let Some(s) = &stats {
                            s.net(res as u64, 0);
                        }
                        let run = (slot as usize, self.limits, filetime);
                        serve(c, run, stats.as_deref(), &mut io_reqs, &mut self.io_batch);
                    }
                }
                OP_SEND => {
                    c.send_busy = false;
                    if let (Some(s), true) = (&stats, res > 0) {
                        s.net(0, res as u64);
                    }
                    if res < 0 {
                        close_conn(c);
                    } else {
                        c.out.advance(res as usize);
                        // Requests held back while the queue was full go on now.
                        if c.reader.has_frame() {
                            let run = (slot as usize, self.limits, filetime);
                            serve(c, run, stats.as_deref(), &mut io_reqs, &mut self.io_batch);
                        }
                    }
                }
                _ => {}
            }
        }
        self.done = done;
        self.io_reqs = io_reqs;
        if self.turn_at >= self.next_sweep {
            self.next_sweep = self.turn_at + Duration::from_secs(1);
            self.sweep();
        }
        // Async completions (CHANGE_NOTIFY, blocked locks) and connection reaping.
        let (mut conns, mut asyncs, mut credits) = (0u64, 0u64, 0u64);
        for slot in 0..self.conns.len() {
            let Some(c) = self.conns[slot].as_mut() else {
                continue;
            };
            if c.smb.has_async() {
                for r in c.smb.poll_async() {
                    queue(c, r);
                }
            }
            if c.closing && !c.recv_busy && !c.send_busy && c.smb.io_in_flight() == 0 {
                c.span.in_scope(|| tracing::debug!("connection closed"));
                c.smb.close();
                if c.fixed {
                    // Nothing is in flight on it: the ring lets go of the socket.
                    let _ = self
                        .ring
                        .submitter()
                        .register_files_update(slot as u32, &[-1]);
                }
                self.admission.release(c.ip);
                self.conns[slot] = None;
                continue;
            }
            conns += 1;
            asyncs += c.smb.async_count() as u64;
            credits += c.smb.credits_available();
        }
        if let (Some(s), true) = (&self.stats, worked) {
            s.connections.store(conns, Ordering::Relaxed);
            s.requests_in_flight.store(asyncs, Ordering::Relaxed);
            s.credits_outstanding.store(credits, Ordering::Relaxed);
        }
        worked
    }
}

/// A nonblocking eventfd for a ring's completions.
fn completion_eventfd() -> Option<std::os::fd::OwnedFd> {
    // SAFETY: eventfd has no memory arguments; a valid result is a new descriptor we own.
    let fd = unsafe { libc::eventfd(0, libc::EFD_CLOEXEC | libc::EFD_NONBLOCK) };
    // SAFETY: (when valid) nobody else owns the new descriptor.
    (fd >= 0).then(|| unsafe { <std::os::fd::OwnedFd as std::os::fd::FromRawFd>::from_raw_fd(fd) })
}

/// Puts an entry on a ring's submission queue, submitting to make room if it is full.
fn push_entry(ring: &mut IoUring, e: &io_uring::squeue::Entry) {
    // SAFETY: every entry built by this worker references memory that outlives the
    // operation (see the module comment).
    unsafe {
        while ring.submission().push(e).is_err() {
            let _ = ring.submit();
        }
    }
}

/// Registers the worker's buffer pool (address, length) as a ring's fixed buffer 0.
fn register_pool(ring: &IoUring, (addr, len): (u64, usize)) -> std::io::Result<()> {
    let iov = libc::iovec {
        iov_base: addr as *mut libc::c_void,
        iov_len: len,
    };
    // SAFETY: the pool's region lives as long as the pool, which the worker holds for as
    // long as its rings exist.
    unsafe { ring.submitter().register_buffers(&[iov]) }
}

fn queue(c: &mut Conn, pdu: Vec<u8>) {
    c.out.push(pdu);
}

fn close_conn(c: &mut Conn) {
    if !c.closing {
        // Queued responses stay until no send is in flight (the kernel may be reading the
        // front one); the connection is dropped once nothing is in flight.
        c.closing = true;
        let _ = c.stream.shutdown(Shutdown::Both);
    }
}

/// Whether a connection holds as much as it may in responses and READ data for them.
fn backlogged(c: &Conn, l: ConnLimits) -> bool {
    c.out.bytes() as u64 + c.smb.io_bytes_in_flight() >= l.send_queue
}

/// Runs the engine on the connection's whole PDUs (as many as its send queue allows) and
/// hands the storage reads they issued to the worker's batch.
fn serve(
    c: &mut Conn,
    (slot, limits, now): (usize, ConnLimits, u64),
    stats: Option<&WorkerStats>,
    io_reqs: &mut Vec<IoRequest>,
    io_batch: &mut Vec<(IoOwner, IoRequest)>,
) {
    let span = c.span.clone();
    let _g = span.enter();
    process(c, stats, now, limits);
    c.smb.take_io(io_reqs);
    for r in io_reqs.drain(..) {
        let owner = IoOwner::Tcp {
            slot,
            gen: c.gen,
            id: r.id,
            since: Instant::now(),
        };
        io_batch.push((owner, r));
    }
}

fn process(c: &mut Conn, stats: Option<&WorkerStats>, now: u64, limits: ConnLimits) {
    loop {
        if c.closing || backlogged(c, limits) {
            // Requests not yet started wait (or, on a closing connection, never run).
            break;
        }
        let out = match c.reader.next_pdu() {
            Ok(Some(pdu)) => match stats {
                None => c.smb.handle_pdu(pdu, now),
                Some(s) => {
                    let t = Instant::now();
                    let r = c.smb.handle_pdu(pdu, now);
                    s.add_answered(&mut c.smb.stats, t);
                    r
                }
            },
            Ok(None) => break,
            Err(e) => {
                tracing::debug!(?e, "bad frame; closing");
                close_conn(c);
                return;
            }
        };
        if c.reader.limit() < crate::framing::MAX_PDU && c.smb.authenticated() {
            // Signed in: full-size messages from the next one on.
            c.reader.set_limit(crate::framing::MAX_PDU);
        }
        match out {
            Ok(resps) => {
                for r in resps {
                    queue(c, r);
                }
            }
            Err(d) => {
                tracing::debug!(reason = d.0, "protocol violation; closing");
                // Flush nothing further: Windows drops such connections at once.
                close_conn(c);
                return;
            }
        }
    }
}
