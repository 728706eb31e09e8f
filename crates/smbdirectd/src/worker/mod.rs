//! Per-core workers. Each owns an io_uring that carries its connections' socket I/O, and
//! the connections handed to it (a connection never moves). The loop: reap completions,
//! run the SMB engine on whole PDUs, queue responses, submit; when idle it spins for
//! `idle_spin_us` and then sleeps in the kernel until a completion or a wake arrives
//! (adaptive; SMB Direct connections wake it through the descriptors their providers
//! arm, see `arm_rdma`), or never sleeps (busy).
//!
//! `unsafe` here is confined to handing buffers to the kernel: every buffer given to an
//! SQE lives in a boxed connection that is not dropped or resized while the operation is in
//! flight (tracked by `recv_busy`/`send_busy`).

mod sockets;
mod storage_io;

use sockets::{close_conn, queue, serve};
use storage_io::register_pool;

use crate::admission::Admission;
use crate::clock::WallClock;
use crate::config::{LimitsSection, WorkersSection};
use crate::filetable::FileTable;
use crate::framing::{FrameReader, OutQueue};
use crate::metrics::WorkerStats;
use crate::rdma_conns::{RdmaConn, RdmaSet};
use anyhow::{Context, Result};
use crossbeam_channel::{Receiver, Sender};
use io_uring::{opcode, types, IoUring};
use smb_server::fixed::CloseInbox;
use smb_server::{Connection, IoRequest, Server, Transport};
use smbdirect::BufferPool;
use std::io::Write;
use std::net::{IpAddr, TcpStream};
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
/// The completion of a change to the engine timer's expiry (ignored).
const TIMER_UPDATE_SLOT: u64 = 0xFFFF_FFFA;
/// Storage reads: the low 32 bits index `Worker::ios`.
const IO_SLOT: u64 = 0xFFFF_FFFD;
/// An SQPOLL ring's completion eventfd became readable: the low bits name the ring.
const EVENT_SLOT: u64 = 0xFFFF_FFFC;
const RECV_CHUNK: usize = 128 * 1024;
/// How long an adaptive worker keeps polling, past its idle spin, for an RDMA Read it
/// posted (a WRITE's data): microseconds on a working link, longer through a software
/// provider (soft-RoCE under TCG, the Linux client's 8 KiB writes QD1: 565 IOPS with the
/// worker asleep on the read, 917 with this); a read that never completes costs this.
const RDMA_READ_SPIN: Duration = Duration::from_millis(1);
/// One gathered send carries at most this many slices (two per response) and about this
/// many bytes.
const SEND_IOVS: usize = 64;
const SEND_BYTES: usize = 1 << 20;
/// Connection slots whose sockets are registered with the ring.
const FILE_SLOTS: u32 = 1024;
/// Open files' descriptors registered with each ring (after the sockets in the main one).
const STORAGE_SLOTS: u32 = 1024;
/// How long an idle worker with SMB Direct connections sleeps between polls when one of
/// them has no wake-up to poll (a device that would not make a completion channel).
const RDMA_NAP_US: u64 = 200;
/// An SMB Direct connection's wake-up descriptor became ready: the low 31 bits are the
/// descriptor, bit 31 says it was polled for writing too.
const RDMA_WAKE_SLOT: u64 = 0xFFFF_FFF9;

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
pub type Handed = (TcpStream, Option<IpAddr>, crate::admission::Place);

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
    max_connections: usize,
) -> Result<WorkerHandle> {
    let pool = if rdma {
        Some(map_pool(index, cfg)?)
    } else {
        None
    };
    let ring = build_ring(cfg)?;
    let fixed = register_fixed(index, &ring, pool.as_ref());
    let (file_slots, files) = file_tables(index, &ring);
    // Room for every connection admission lets in: none is refused for want of a place
    // in the hand-over queue.
    let (tx, rx) = crossbeam_channel::bounded(max_connections.max(1));
    let (rdma_tx, rdma_rx) = crossbeam_channel::bounded(max_connections.max(1));
    let (wake_tx, wake_rx) = wake_pair()?;
    let waker = wake_tx.clone();
    let closes = close_inbox(&wake_tx);

    let busy = cfg.poll == "busy";
    let storage_io = cfg.storage_io == "uring";
    let spin = Duration::from_micros(cfg.idle_spin_us);
    let pool_for_worker = pool.clone();
    let conn_limits = conn_limits(limits);
    let rdma_limits = crate::rdma_conns::SetLimits {
        send_queue: limits.send_queue_bytes,
        deadlines: conn_limits.deadlines,
    };
    let sq_idle_ms = match cfg.sqpoll_idle_ms {
        0 => SQ_IDLE_MS,
        ms => ms,
    };
    // The worker says whether it is pinned before it serves: an unpinned worker is an
    // error at start, not a silent slowdown.
    let (pinned_tx, pinned_rx) = crossbeam_channel::bounded(1);
    let thread = std::thread::Builder::new()
        .name(format!("smbd-worker-{index}"))
        .spawn(move || {
            let pinned = pin(cpu);
            let _ = pinned_tx.send(pinned);
            if !pinned {
                return;
            }
            show_pool(pool_for_worker.as_deref(), &rdma_stats);
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
                spdk_done: Default::default(),
                spdk: None,
                sent_tails: Vec::new(),
                spdk_copied: 0,
                spdk_refused: false,
                wake_buf: [0u8; 64],
                wake_busy: false,
                rdma_polls: Default::default(),
                rdma_wakes: Vec::new(),
                rdma_armed: false,
                timer_busy: false,
                timer_at: None,
                timeout: types::Timespec::new(),
                timeout_update: types::Timespec::new(),
                tick_poll: false,
                tick: types::Timespec::new().sec(1),
                tick_busy: false,
                next_sweep: crate::clock::now(),
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
                turn_at: crate::clock::now(),
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
    if pinned_rx.recv() != Ok(true) {
        let _ = thread.join();
        anyhow::bail!("worker {index}: could not pin it to CPU {cpu}");
    }
    Ok(WorkerHandle {
        tx,
        rdma_tx,
        wake: wake_tx,
        thread,
        pool,
    })
}

/// SMB Direct payload buffers, mapped now: nothing on the hot path allocates them.
fn map_pool(index: usize, cfg: &WorkersSection) -> Result<Arc<BufferPool>> {
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
    Ok(p)
}

/// The worker's main ring.
fn build_ring(cfg: &WorkersSection) -> Result<IoUring> {
    Ok(if cfg.sqpoll_idle_ms > 0 {
        // A kernel thread polls the submission queue: submissions cost no system call
        // while it is awake (it sleeps after the idle time; submit() wakes it).
        IoUring::builder()
            .setup_sqpoll(cfg.sqpoll_idle_ms)
            .build(cfg.ring_entries)
            .context("io_uring setup with SQPOLL (workers.sqpoll_idle_ms)")?
    } else {
        // Completions that finish in this thread (a socket's data, the timers) wait for it
        // to enter the kernel, which it does each turn, instead of interrupting it: the
        // peer that made a socket ready no longer sends this CPU an interrupt per packet
        // (on loopback that was the client's CPU; in a VM an interrupt is an exit). The
        // worker enters while the ring says such work waits (`enter`). 1 MiB writes at QD1
        // on loopback: 1.62 GB/s before, 2.31 after; the client's CPU 67% busy, then 56%.
        match IoUring::builder()
            .setup_coop_taskrun()
            .setup_taskrun_flag()
            .build(cfg.ring_entries)
        {
            Ok(ring) => ring,
            // (Kernels before 5.19.)
            Err(_) => IoUring::new(cfg.ring_entries).context("io_uring setup")?,
        }
    })
}

/// The pool is the ring's registered buffer too: reads into it (READ data for SMB
/// Direct) skip pinning pages per I/O. Its address and length, where registered.
fn register_fixed(
    index: usize,
    ring: &IoUring,
    pool: Option<&Arc<BufferPool>>,
) -> Option<(u64, usize)> {
    let mut fixed = None;
    if let Some(p) = pool {
        let r = p.region();
        match register_pool(ring, (r.addr(), r.len())) {
            Ok(()) => fixed = Some((r.addr(), r.len())),
            Err(e) => tracing::warn!(
                worker = index,
                error = %e,
                "buffer pool not registered with io_uring (RLIMIT_MEMLOCK?): reads into it use plain reads"
            ),
        }
    }
    fixed
}

/// A sparse file table for the connections' sockets, then open files' descriptors
/// (older kernels, or a low RLIMIT_NOFILE: sockets only, or plain descriptors). The
/// sockets' slots, and the table of the open files.
fn file_tables(index: usize, ring: &IoUring) -> (u32, FileTable) {
    let sparse = |n| ring.submitter().register_files_sparse(n);
    match sparse(FILE_SLOTS + STORAGE_SLOTS) {
        Ok(()) => (FILE_SLOTS, FileTable::new(FILE_SLOTS, STORAGE_SLOTS)),
        Err(e) => {
            tracing::debug!(worker = index, error = %e, "no io_uring file table for storage");
            let n = sparse(FILE_SLOTS).map_or(0, |()| FILE_SLOTS);
            (n, FileTable::default())
        }
    }
}

/// The wake socket pair: (the posting end, shared; the worker's end).
fn wake_pair() -> Result<(Arc<UnixStream>, UnixStream)> {
    let (wake_tx, wake_rx) = UnixStream::pair().context("wake socket pair")?;
    wake_rx.set_nonblocking(true)?;
    // Posting a wake never blocks the poster (a full socket already means "wake up").
    wake_tx.set_nonblocking(true)?;
    Ok((Arc::new(wake_tx), wake_rx))
}

/// Opens are dropped on any thread (a lost session's by whoever ends it): their close
/// wakes the worker to let go of their ring slots.
fn close_inbox(wake_tx: &Arc<UnixStream>) -> Arc<CloseInbox> {
    let close_waker = wake_tx.clone();
    CloseInbox::subscribe(Some(Box::new(move || {
        let _ = (&*close_waker).write(&[1]);
    })))
}

/// The TCP connections' bounds, from `[limits]`.
fn conn_limits(limits: &LimitsSection) -> ConnLimits {
    ConnLimits {
        preauth_pdu: limits.preauth_max_pdu_bytes,
        send_queue: (limits.send_queue_bytes as u64).min(TCP_READ_AHEAD),
        deadlines: crate::admission::Deadlines {
            handshake: Duration::from_secs(limits.handshake_timeout_s),
            idle: (limits.idle_timeout_s > 0).then(|| Duration::from_secs(limits.idle_timeout_s)),
        },
    }
}

/// Pins the calling thread to `cpu`; false when it cannot be (not a CPU of this
/// process's set, or the kernel refused).
fn pin(cpu: usize) -> bool {
    core_affinity::set_for_current(core_affinity::CoreId { id: cpu })
}

/// The SMB Direct buffer pool's size and free buffers, in the worker's SMB Direct
/// counters.
fn show_pool(pool: Option<&BufferPool>, rdma_stats: &WorkerStats) {
    if let Some(p) = pool {
        rdma_stats
            .pool_buffers
            .store(p.slots() as u64, Ordering::Relaxed);
        rdma_stats
            .pool_free
            .store(p.free_slots() as u64, Ordering::Relaxed);
    }
}

/// Responses (with the READ data being read for them) a TCP connection may have waiting
/// in user space before it takes no new request, at most: the configured send queue where
/// that is less. The socket's own buffer holds what is being sent; READ data read further
/// ahead than that only waits, and leaves the cache before it is copied into the socket.
/// 1 MiB sequential reads at QD16 on loopback (one worker, signed): 2.6 GB/s with 16 MiB
/// allowed to wait, 3.3 GB/s with 2 MiB (the copy into the socket fell from a quarter of
/// the worker's time to a twentieth); 8 KiB reads and 1 MiB writes unchanged.
const TCP_READ_AHEAD: u64 = 2 << 20;

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
    /// The client address the connection holds a place for (see [`Admission`]), and the
    /// place (declared before the socket: dropped, it takes the descriptor out of a
    /// displacement's reach before the socket closes).
    ip: Option<IpAddr>,
    place: crate::admission::Place,
    stream: TcpStream,
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
    /// Storage I/O handed to SPDK's service or the CephFS threads that is over (its
    /// `ios` slot, the result), filled by those threads, which then wake the worker.
    spdk_done: Arc<parking_lot::Mutex<Vec<(u32, i32)>>>,
    /// This worker's own SPDK thread and channels (made at its first SPDK operation),
    /// polled in this loop: reads and most writes go from here to the device and
    /// complete here.
    spdk: Option<storage::blobshare::Local>,
    /// Tails of sent responses (READ data sent from the SPDK engine's buffers), to go
    /// back to the engine.
    sent_tails: Vec<smb_server::storage_op::Tail>,
    /// READ data of SPDK shares the engine copied from a tail it could not send from
    /// (bytes; the SPDK engine counts its own copies).
    spdk_copied: u64,
    /// Making it failed: SPDK operations go to the service.
    spdk_refused: bool,
    wake_buf: [u8; 64],
    wake_busy: bool,
    /// SMB Direct wake-up descriptors with a poll in the ring (descriptor, for writing).
    rdma_polls: std::collections::HashSet<(i32, bool)>,
    /// Scratch for the wake-ups asked for.
    rdma_wakes: Vec<fabric::Wake>,
    /// The connections' wake-ups were armed at the end of the last idle turn: if this
    /// turn finds nothing either, the worker may sleep.
    rdma_armed: bool,
    /// The engine's timer: armed for the earliest time a connection's waiting request or
    /// held answer completes by itself (`Connection::poll_timeout`), moved sooner when
    /// an earlier one appears. Its expiry and the time specs handed to the kernel.
    timer_busy: bool,
    timer_at: Option<Instant>,
    timeout: types::Timespec,
    timeout_update: types::Timespec,
    /// The once-a-second tick also has every connection with waiting requests look at
    /// them (a safety net under the events that wake them).
    tick_poll: bool,
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
        let mut idle_since = crate::clock::now();
        let mut busy = Duration::ZERO;
        // Whether the last turn found work: its length (from `turn_at`) is counted as busy
        // at the start of this one (one clock read per turn).
        self.turn_at = idle_since;
        let mut worked_last = false;
        loop {
            let now = crate::clock::now();
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
            worked |= self.reap_spdk();
            let mut rdma_io = std::mem::take(&mut self.rdma_io);
            let stepped = self
                .rdma
                .step(now, &mut self.wall, &self.rdma_stats, &mut rdma_io);
            for (key, r) in rdma_io.drain(..) {
                let since = crate::clock::now();
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
                self.rdma_armed = false;
                continue;
            }
            if !busy.is_zero() {
                self.busy_ns
                    .fetch_add(busy.as_nanos() as u64, Ordering::Relaxed);
                busy = Duration::ZERO;
            }
            let idle = crate::clock::since(idle_since);
            if self.busy
                || idle < self.spin
                || self.extra[POLL].inflight > 0
                || self.spdk_inflight()
                || (idle < RDMA_READ_SPIN && self.rdma.reads_in_flight())
            {
                // (Polled reads, and SPDK's, complete only while the worker polls for
                // them. An RDMA Read this worker posted completes sooner than it would
                // wake from a sleep: it polls for it, for a while.)
                self.enter();
                std::hint::spin_loop();
                continue;
            }
            let unwakeable = self
                .extra
                .iter()
                .any(|x| x.inflight > 0 && x.event.is_none());
            let rdma_sleeps = self.rdma.is_empty() || self.arm_rdma();
            if !rdma_sleeps || unwakeable {
                // A completion queue with no channel (and an SQPOLL ring without an eventfd)
                // cannot wake the kernel wait: nap briefly instead.
                let _ = self.ring.submit();
                std::thread::sleep(Duration::from_micros(RDMA_NAP_US));
                continue;
            }
            if !self.rdma.is_empty() && !self.rdma_armed {
                // Armed just now: one more turn sees what came before the arming; what
                // comes after it makes a polled descriptor ready.
                self.rdma_armed = true;
                continue;
            }
            self.rdma_armed = false;
            // Sleep in the kernel until a completion arrives (socket data, a wake, or the
            // timer that drives async requests).
            if let Err(e) = self.ring.submit_and_wait(1) {
                if e.raw_os_error() != Some(libc::EINTR) {
                    tracing::error!(worker = self.index, error = %e, "io_uring wait failed");
                    break;
                }
            }
        }
        let now = crate::clock::engine_now();
        for c in self.conns.iter_mut().flatten() {
            c.smb.close(now);
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
        let deadline = crate::clock::now() + Duration::from_secs(5);
        loop {
            let pending = self
                .conns
                .iter()
                .flatten()
                .any(|c| !c.out.is_empty() || c.send_busy)
                || self.io_in_flight();
            if !pending || crate::clock::now() > deadline {
                break;
            }
            // (Each round is a turn of its own: held answers and deadlines fall due.)
            self.turn_at = crate::clock::now();
            self.post();
            if !self.extra_inflight() && !self.spdk_inflight() {
                let _ = self.ring.submit_and_wait(1);
            }
            self.reap();
            self.reap_extra();
            self.reap_spdk();
        }
        true
    }

    fn adopt(&mut self) {
        while let Ok(c) = self.rdma_rx.try_recv() {
            self.rdma.adopt(c, self.storage_io);
        }
        while let Ok((stream, ip, place)) = self.rx.try_recv() {
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
            let now = crate::clock::now();
            self.conns[slot] = Some(Box::new(Conn {
                fixed,
                gen,
                stream,
                ip,
                place,
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

    /// Arms every SMB Direct connection's wake-up and has the ring poll each descriptor
    /// not polled yet (one shot: polled again at the next sleep after it fired). False
    /// when a connection has none.
    fn arm_rdma(&mut self) -> bool {
        let mut wakes = std::mem::take(&mut self.rdma_wakes);
        let ok = self.rdma.wakes(&mut wakes);
        if ok {
            for w in &wakes {
                if !self.rdma_polls.insert((w.fd, w.write)) {
                    continue;
                }
                let mask = libc::POLLIN | if w.write { libc::POLLOUT } else { 0 };
                let ud = (RDMA_WAKE_SLOT << 32) | (u64::from(w.write) << 31) | (w.fd as u64);
                let e = opcode::PollAdd::new(types::Fd(w.fd), mask as u32)
                    .build()
                    .user_data(ud);
                self.push(e);
            }
        }
        self.rdma_wakes = wakes;
        ok
    }

    fn push(&mut self, e: io_uring::squeue::Entry) {
        if let Some(s) = &self.stats {
            s.uring(1, 0);
        }
        push_entry(&mut self.ring, &e);
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
        let engine_now = self.wall.engine(self.turn_at);
        let mut io_reqs = std::mem::take(&mut self.io_reqs);
        for (ud, res) in done.drain(..) {
            let slot = ud >> 32;
            if slot == WAKE_SLOT {
                self.wake_busy = false;
                self.adopt_due = true;
                continue;
            }
            if slot == RDMA_WAKE_SLOT {
                let key = ((ud & 0x7FFF_FFFF) as i32, ud & (1 << 31) != 0);
                self.rdma_polls.remove(&key);
                continue;
            }
            if slot == TIMER_SLOT {
                self.timer_busy = false;
                self.timer_at = None;
                continue;
            }
            if slot == TIMER_UPDATE_SLOT {
                continue;
            }
            if slot == TICK_SLOT {
                self.tick_busy = false;
                self.tick_poll = true;
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
                        let run = (slot as usize, self.limits, engine_now);
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
                        c.out.advance(res as usize, &mut self.sent_tails);
                        for t in self.sent_tails.drain(..) {
                            if let Some(l) = &mut self.spdk {
                                l.recycle(t.buf);
                            }
                        }
                        // Requests held back while the queue was full go on now.
                        if c.reader.has_frame() {
                            let run = (slot as usize, self.limits, engine_now);
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
            // Disconnected durable and persistent handles whose time is up are closed
            // (and leave the journal) within a second, not at the next CREATE.
            smb_server::ops::expire_durable(&self.server, engine_now);
        }
        // Async completions (CHANGE_NOTIFY, blocked locks, breaks) when an event woke them
        // or their time came, and connection reaping.
        let (mut conns, mut asyncs, mut credits) = (0u64, 0u64, 0u64);
        let tick_poll = std::mem::take(&mut self.tick_poll);
        for slot in 0..self.conns.len() {
            let Some(c) = self.conns[slot].as_mut() else {
                continue;
            };
            if c.smb.wants_poll(engine_now.mono) || (tick_poll && c.smb.has_async()) {
                for r in c.smb.poll_async(engine_now) {
                    queue(c, r);
                }
            }
            if c.closing && !c.recv_busy && !c.send_busy && c.smb.io_in_flight() == 0 {
                c.span.in_scope(|| tracing::debug!("connection closed"));
                c.smb.close(engine_now);
                if c.fixed {
                    // Nothing is in flight on it: the ring lets go of the socket.
                    let _ = self
                        .ring
                        .submitter()
                        .register_files_update(slot as u32, &[-1]);
                }
                self.admission.release(c.ip, &c.place);
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
