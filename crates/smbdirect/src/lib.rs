//! smbdirect: MS-SMBD, the SMB Direct transport, over any [`fabric`] queue pair.
//!
//! One [`SmbdConnection`] per RDMA connection: negotiate (either role), data transfer
//! messages with send and receive credits as MS-SMBD 3.1.5 describes, fragmentation and
//! reassembly up to the negotiated maximum, keepalive and negotiate timers, and RDMA
//! Read/Write against a peer's buffer descriptors with Send With Invalidate of the
//! response. It opens no sockets, starts no threads and reads no clock: time comes in as
//! milliseconds, and the owner calls [`SmbdConnection::poll`] to make progress.

pub mod pool;
pub mod shared_recv;
pub mod wire;

pub use pool::{BufferPool, WriteBuf};
pub use shared_recv::{is_shared_receive, Member, SharedReceives};

mod send;

pub use rdma::{Lender, ReadData};
use rdma::{Local, RdmaOp};
mod rdma;
mod receive;

use fabric::{
    Access, CmEvent, Completion, Cq, Mr, Pd, QueuePair, RecvWr, RegBuf, SendOp, SendWr, WcOpcode,
    WcStatus,
};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use wire::*;

/// Limits and timers (MS-SMBD 3.1.1.1). The defaults are Windows'.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    pub receive_credit_max: u16,
    pub send_credit_target: u16,
    pub max_send_size: u32,
    pub max_receive_size: u32,
    pub max_fragmented_size: u32,
    pub max_read_write_size: u32,
    pub keepalive_interval_ms: u64,
    pub keepalive_timeout_ms: u64,
    pub negotiate_timeout_ms: u64,
    /// Send buffers (and so sends in flight) per connection.
    pub send_slots: u16,
    /// Work requests the queue pair's send queue holds (what it was created with): sends
    /// plus RDMA Reads and Writes in flight never exceed it, so neither does what the
    /// connection can put on its completion queue.
    pub send_queue_depth: u16,
    /// A server's receives shared by a worker's connections (see [`shared_recv`]), per
    /// worker and listener; 0: each connection posts `receive_credit_max` of its own.
    pub shared_receives: u32,
}

impl Config {
    /// Bytes of one posted receive.
    pub fn receive_slot(&self) -> usize {
        self.max_receive_size.max(NegotiateResponse::LEN as u32) as usize
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            receive_credit_max: 255,
            send_credit_target: 255,
            max_send_size: 1364,
            max_receive_size: 8192,
            max_fragmented_size: 1 << 20,
            max_read_write_size: 8 << 20,
            keepalive_interval_ms: 120_000,
            keepalive_timeout_ms: 5_000,
            negotiate_timeout_ms: 5_000,
            send_slots: 64,
            send_queue_depth: 1024,
            shared_receives: 1024,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Disconnect {
    NegotiateTimeout,
    KeepaliveTimeout,
    /// The peer broke MS-SMBD; the text says how.
    Protocol(&'static str),
    /// The peer sent a message without a credit for it.
    CreditViolation,
    /// The RDMA connection failed or closed.
    Transport(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Server,
    Client,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    AwaitNegotiateRequest,
    AwaitNegotiateResponse,
    Connected,
    Closed,
}

struct Outgoing {
    data: Vec<u8>,
    sent: usize,
    invalidate: Option<u32>,
}

#[derive(Clone, Copy, Debug, Default)]
pub struct Counters {
    pub messages_sent: u64,
    pub messages_received: u64,
    pub fragments_sent: u64,
    pub credit_only_sent: u64,
    pub receives_posted: u64,
    pub rdma_reads: u64,
    pub rdma_writes: u64,
    pub rdma_errors: u64,
    /// RDMA Writes sent from a region the caller registered (a mapped file's pages).
    pub rdma_writes_region: u64,
    /// Payload bytes copied between registered memory and ordinary buffers: READ data
    /// copied in before its RDMA Write, WRITE data copied out after its RDMA Read (0 when
    /// both stay in lent pool buffers).
    pub payload_bytes_copied: u64,
    /// Sends posted as Send With Invalidate (the peer's buffer key retired with the
    /// response that used it).
    pub sends_with_invalidate: u64,
    /// Memory registered for one RDMA operation (a payload no pool buffer could hold:
    /// 0 in steady state while the pool lends).
    pub registrations: u64,
}

impl Counters {
    /// Adds `o` into `self`.
    pub fn add(&mut self, o: &Counters) {
        self.messages_sent += o.messages_sent;
        self.messages_received += o.messages_received;
        self.fragments_sent += o.fragments_sent;
        self.credit_only_sent += o.credit_only_sent;
        self.receives_posted += o.receives_posted;
        self.rdma_reads += o.rdma_reads;
        self.rdma_writes += o.rdma_writes;
        self.rdma_errors += o.rdma_errors;
        self.rdma_writes_region += o.rdma_writes_region;
        self.payload_bytes_copied += o.payload_bytes_copied;
        self.sends_with_invalidate += o.sends_with_invalidate;
        self.registrations += o.registrations;
    }
}

/// A connection given no pool gets its own: this many buffers of this size (the largest
/// read served without a copy; larger ones fall back to a copy).
pub const OWN_POOL_BUFFERS: usize = 32;
pub const POOL_BUFFER_SIZE: usize = 64 * 1024;

const KIND_RECV: u64 = 1 << 60;
const KIND_SEND: u64 = 2 << 60;
const KIND_RDMA: u64 = 3 << 60;
/// A receive of a shared receive queue (see [`shared_recv`]): no tag, its queue pair
/// names the connection.
const KIND_SRECV: u64 = 4 << 60;
const KIND_MASK: u64 = 0xF << 60;
/// A work request's id: its kind (top 4 bits), the connection's tag on a shared
/// completion queue (the next 28) and the slot or operation (the low 32).
const TAG_SHIFT: u32 = 32;
const ID_MASK: u64 = 0xFFFF_FFFF;
/// The largest tag a connection on a shared completion queue may carry.
pub const MAX_TAG: u32 = (1 << 28) - 1;

/// The tag of the connection a completion belongs to (see [`SmbdConnection::accept_shared`]).
pub fn completion_tag(c: &Completion) -> u32 {
    ((c.wr_id & !KIND_MASK) >> TAG_SHIFT) as u32
}
/// On shared receives, what a connection starts with, and the least it keeps (see
/// [`SmbdConnection::pace`]).
const DEMAND_START: u32 = 8;
const DEMAND_MIN: u32 = 4;

/// Message buffers kept for reuse, each way, and the largest kept.
const KEEP_BUFFERS: usize = 16;
const KEEP_BUFFER_BYTES: usize = 64 * 1024;

/// Keeps a message buffer for reuse, within bounds: a large message's buffer is freed
/// (kept, it would pin up to MaxFragmentedSize for the life of the connection).
fn keep(list: &mut Vec<Vec<u8>>, v: Vec<u8>) {
    if list.len() < KEEP_BUFFERS && v.capacity() <= KEEP_BUFFER_BYTES {
        list.push(v);
    }
}

pub struct SmbdConnection {
    role: Role,
    cfg: Config,
    qp: Box<dyn QueuePair>,
    pd: Pd,
    cq: Cq,
    state: State,
    /// The connection's own receive buffers (None when it draws on `shared_recv`).
    recv_mr: Option<Mr>,
    recv_slot: usize,
    /// The connection's place on the worker's shared receives, when the queue pair is
    /// attached to them: `posted` then counts the receives it holds a reservation on.
    shared_recv: Option<Member>,
    send_mr: Mr,
    send_slot: usize,
    free_send: Vec<usize>,
    max_send: usize,
    max_frag_recv: usize,
    max_frag_send: usize,
    max_rw: u32,
    send_credits: u32,
    peer_target: u32,
    posted: u32,
    granted: u32,
    reasm: Vec<u8>,
    reasm_remaining: Option<u32>,
    /// Message buffers given back by the caller, for reassembly.
    spare: Vec<Vec<u8>>,
    /// Sent messages' buffers, for the caller to reuse.
    spent: Vec<Vec<u8>>,
    inbox: VecDeque<Vec<u8>>,
    /// Bytes of the messages in `inbox`.
    inbox_bytes: usize,
    outbox: VecDeque<Outgoing>,
    /// Bytes of upper-layer messages in `outbox` not yet sent.
    out_bytes: usize,
    /// Bytes of RDMA Write copies ([`Local::Own`]) waiting for their Send to complete.
    own_bytes: usize,
    response_requested: bool,
    /// On shared receives: messages received since the last turn, and the receives the
    /// peer's pace calls for (see [`SmbdConnection::top_up`]).
    recv_since: u32,
    demand: u32,
    keepalive_due: bool,
    last_recv_ms: u64,
    keepalive_sent_ms: Option<u64>,
    negotiate_deadline_ms: u64,
    next_op: u64,
    ops: HashMap<u64, RdmaOp, std::hash::BuildHasherDefault<fabric::KeyHash>>,
    /// RDMA Writes are posted unsignaled: the Send that follows them completes only after
    /// they did (a reliable connection completes in order), so their local memory goes
    /// back with that Send's completion. Writes posted since the last Send, and per send
    /// slot, the writes its completion releases.
    writes_unsent: Vec<Local>,
    send_release: Vec<Vec<Local>>,
    /// An RDMA operation finished (every piece completed, or one failed, or the
    /// connection closed) since the caller last asked: only then can a result be ready.
    ops_finished: bool,
    /// Registered buffers for RDMA payloads (shared by a worker's connections), and
    /// their registration in this connection's protection domain.
    pool: Arc<BufferPool>,
    pool_mr: Mr,
    /// Bytes of the pool lent in runs of slots (transfers larger than a slot) and not
    /// back, and how many it may hold.
    lent: Arc<std::sync::atomic::AtomicUsize>,
    lend_limit: usize,
    wc: Vec<Completion>,
    /// The connection's tag in its work requests' ids, shifted in place (0 when its
    /// completion queue is its own).
    tag: u64,
    /// The completion queue is shared: its owner polls it and hands this connection its
    /// completions ([`SmbdConnection::deliver`]); `poll` leaves it alone.
    shared_cq: bool,
    /// RDMA work requests posted, and how many of them are known to be over (a signaled
    /// completion on the send queue says all posted before it are); per send slot, the
    /// count posted before its Send.
    rdma_posted: u64,
    rdma_done: u64,
    send_mark: Vec<u64>,
    /// Completions were delivered, or the transport moved, since the last `poll`.
    delivered: bool,
    closed: Option<Disconnect>,
    pub counters: Counters,
}

/// What a server connection shares with the others of its worker.
pub struct Shared {
    /// Registered buffers for RDMA payloads.
    pub pool: Arc<BufferPool>,
    /// The pool's registration in the connection's protection domain, when that domain
    /// is the worker's (shared by its connections: the pool is registered once, not once
    /// per connection). None: the connection registers the pool itself.
    pub pool_mr: Option<Mr>,
    /// The connection's tag on the worker's completion queue, at most [`MAX_TAG`]: the
    /// queue's owner polls it and hands each completion whose [`completion_tag`] is this
    /// to [`SmbdConnection::deliver`]. None when the queue is the connection's own.
    pub tag: Option<u32>,
    /// A place on the worker's shared receives ([`SharedReceives::join`]), when the
    /// queue pair was attached to their queue (requires a tag): the connection then
    /// posts no receives of its own, and gives its reservation back when dropped.
    pub receives: Option<Member>,
}

impl Drop for SmbdConnection {
    /// The queue pair stops before the operations' pool slots go back (they may still be
    /// sources or sinks of transfers in flight).
    fn drop(&mut self) {
        let writes =
            self.send_release.iter().any(|w| !w.is_empty()) || !self.writes_unsent.is_empty();
        // (On shared receives, a receive being filled is flushed to the worker, who posts
        // it again, rather than lost with the queue pair.)
        if !self.ops.is_empty() || writes || self.shared_recv.is_some() {
            self.qp.disconnect();
        }
        // Writes still attached to Sends go back with the rest once the queue pair has
        // stopped, as the operations' slots do.
        let attached = self.send_release.iter_mut().flat_map(|w| w.drain(..));
        for l in self.writes_unsent.drain(..).chain(attached) {
            l.release(&self.pd);
        }
        // The connection's own message buffers leave the domain, which may be the
        // worker's and outlive it. (Deregistered first, the device can no longer write
        // into them; the queue pair goes after this.)
        if let Some(mr) = &self.recv_mr {
            self.pd.deregister(mr);
        }
        self.pd.deregister(&self.send_mr);
    }
}

impl SmbdConnection {
    fn new(
        role: Role,
        qp: Box<dyn QueuePair>,
        pd: Pd,
        cq: Cq,
        cfg: Config,
        now_ms: u64,
        shared: Option<Shared>,
    ) -> Self {
        let (pool, pool_mr, tag, shared_recv) = match shared {
            Some(s) => (s.pool, s.pool_mr, s.tag, s.receives),
            None => (
                BufferPool::heap(OWN_POOL_BUFFERS, POOL_BUFFER_SIZE),
                None,
                None,
                None,
            ),
        };
        assert!(tag.is_none_or(|t| t <= MAX_TAG), "tag out of range");
        assert!(
            shared_recv.is_none() || tag.is_some(),
            "shared receives come through a shared completion queue"
        );
        let pool_mr =
            pool_mr.unwrap_or_else(|| pd.register(pool.region().clone(), Access::LOCAL_WRITE));
        let recv_slot = cfg.receive_slot();
        let slots = match shared_recv {
            Some(_) => 0,
            None => cfg.receive_credit_max.max(2) as usize,
        };
        let recv_mr =
            (slots > 0).then(|| pd.register(RegBuf::new(recv_slot * slots), Access::LOCAL_WRITE));
        let send_slot = cfg.max_send_size.max(NegotiateResponse::LEN as u32) as usize;
        let send_mr = pd.register(
            RegBuf::new(send_slot * cfg.send_slots.max(2) as usize),
            Access::LOCAL_WRITE,
        );
        let mut c = SmbdConnection {
            role,
            cfg,
            qp,
            pd,
            cq,
            state: match role {
                Role::Server => State::AwaitNegotiateRequest,
                Role::Client => State::AwaitNegotiateResponse,
            },
            recv_mr,
            recv_slot,
            posted: shared_recv.as_ref().map_or(0, |m| m.held()),
            shared_recv,
            send_mr,
            send_slot,
            free_send: (0..cfg.send_slots.max(2) as usize).rev().collect(),
            max_send: cfg.max_send_size as usize,
            max_frag_recv: cfg.max_fragmented_size as usize,
            max_frag_send: cfg.max_fragmented_size as usize,
            max_rw: cfg.max_read_write_size,
            send_credits: 0,
            peer_target: 1,
            granted: 0,
            reasm: Vec::new(),
            spare: Vec::new(),
            spent: Vec::new(),
            reasm_remaining: None,
            inbox: VecDeque::new(),
            inbox_bytes: 0,
            outbox: VecDeque::new(),
            out_bytes: 0,
            own_bytes: 0,
            response_requested: false,
            recv_since: 0,
            demand: DEMAND_START,
            keepalive_due: false,
            last_recv_ms: now_ms,
            keepalive_sent_ms: None,
            negotiate_deadline_ms: now_ms + cfg.negotiate_timeout_ms,
            next_op: 1,
            ops: HashMap::default(),
            writes_unsent: Vec::new(),
            send_release: (0..cfg.send_slots.max(2)).map(|_| Vec::new()).collect(),
            ops_finished: false,
            lent: Default::default(),
            // A quarter of the pool, and at least one transfer of the largest size.
            lend_limit: (pool.region().len() / 4).max(cfg.max_read_write_size as usize),
            pool,
            pool_mr,
            wc: Vec::with_capacity(64),
            rdma_posted: 0,
            rdma_done: 0,
            send_mark: vec![0; cfg.send_slots.max(2) as usize],
            tag: u64::from(tag.unwrap_or(0)) << TAG_SHIFT,
            shared_cq: tag.is_some(),
            delivered: false,
            closed: None,
            counters: Counters::default(),
        };
        for slot in 0..slots {
            c.post_recv(slot);
        }
        c
    }

    /// The server side of an accepted RDMA connection: receives are posted, the peer's
    /// negotiate request is awaited.
    pub fn accept(qp: Box<dyn QueuePair>, pd: Pd, cq: Cq, cfg: Config, now_ms: u64) -> Self {
        Self::new(Role::Server, qp, pd, cq, cfg, now_ms, None)
    }

    /// As [`SmbdConnection::accept`], with RDMA payloads in slots of the worker's pool
    /// instead of a pool of the connection's own and, given a tag, completions from a
    /// completion queue the worker polls for all its connections (see [`Shared`]).
    pub fn accept_shared(
        qp: Box<dyn QueuePair>,
        pd: Pd,
        cq: Cq,
        cfg: Config,
        now_ms: u64,
        shared: Shared,
    ) -> Self {
        Self::new(Role::Server, qp, pd, cq, cfg, now_ms, Some(shared))
    }

    /// Takes one completion of this connection from a shared completion queue (one whose
    /// [`completion_tag`] is this connection's). Completions arrive in the order the
    /// queue gave them.
    pub fn deliver(&mut self, c: &Completion, now_ms: u64) {
        self.delivered = true;
        if self.closed.is_none() {
            self.completion(c, now_ms);
        } else if let (true, Some(m)) = (is_shared_receive(c), &self.shared_recv) {
            // Whatever it held, the buffer is the worker's: back to the queue.
            m.receives().repost(c);
        }
    }

    /// The connection's tag on its shared completion queue (0: the queue is its own).
    pub fn tag(&self) -> u32 {
        (self.tag >> TAG_SHIFT) as u32
    }

    /// Whether the connection draws on shared receives (else it posts its own).
    pub fn on_shared_receives(&self) -> bool {
        self.shared_recv.is_some()
    }

    /// The queue pair's number (completions from a shared receive queue name it).
    pub fn qp_num(&self) -> u32 {
        self.qp.qp_num()
    }

    /// Once a turn, on shared receives: what the peer's pace calls for. Twice the
    /// messages it sent since the last turn (so a peer using up its credits has them
    /// doubled turn after turn, up to what it asked for and the connection's share),
    /// falling back by an eighth a turn when it sends fewer: an idle connection holds
    /// few receives, a busy one what it uses, and a worker's receives go round many
    /// connections.
    fn pace(&mut self) {
        if self.shared_recv.is_none() {
            return;
        }
        let used = std::mem::take(&mut self.recv_since);
        self.demand = (self.demand - self.demand / 8)
            .max(used.saturating_mul(2))
            .max(DEMAND_MIN);
    }

    /// Keeps the connection's reservation on shared receives at what its peer's pace
    /// calls for and it asked for (and one to hold back), within the connection's fair
    /// share, and gives back what it holds past that beyond what it granted.
    fn top_up(&mut self) {
        let Some(m) = &mut self.shared_recv else {
            return;
        };
        if self.state == State::Closed {
            return;
        }
        let want = (self.peer_target + 1)
            .min(u32::from(self.cfg.receive_credit_max.max(2)))
            .min(self.demand + 1);
        self.posted = m.adjust(want, self.granted + 1);
    }

    /// The client side of an established RDMA connection: receives are posted and the
    /// negotiate request is sent.
    pub fn connect(qp: Box<dyn QueuePair>, pd: Pd, cq: Cq, cfg: Config, now_ms: u64) -> Self {
        let mut c = Self::new(Role::Client, qp, pd, cq, cfg, now_ms, None);
        let req = NegotiateRequest {
            min_version: VERSION,
            max_version: VERSION,
            credits_requested: cfg.send_credit_target,
            preferred_send_size: cfg.max_send_size,
            max_receive_size: cfg.max_receive_size,
            max_fragmented_size: cfg.max_fragmented_size,
        };
        c.post_raw(&req.encode());
        c
    }

    pub fn role(&self) -> Role {
        self.role
    }
    pub fn is_connected(&self) -> bool {
        self.state == State::Connected
    }
    pub fn closed(&self) -> Option<&Disconnect> {
        self.closed.as_ref()
    }
    /// Largest READ/WRITE the peer accepts through RDMA (negotiated).
    pub fn max_read_write_size(&self) -> u32 {
        self.max_rw
    }
    pub fn send_credits(&self) -> u32 {
        self.send_credits
    }
    /// Credits the peer holds (receives we posted and granted it).
    pub fn peer_credits(&self) -> u32 {
        self.granted
    }
    pub fn pd(&self) -> &Pd {
        &self.pd
    }

    fn post_recv(&mut self, slot: usize) {
        let Some(mr) = &self.recv_mr else {
            return;
        };
        let sge = mr.sge(slot * self.recv_slot, self.recv_slot);
        if self
            .qp
            .post_recv(RecvWr {
                wr_id: KIND_RECV | self.tag | slot as u64,
                sge,
            })
            .is_ok()
        {
            self.posted += 1;
            self.counters.receives_posted += 1;
        }
    }

    /// Sends a message outside the credit scheme (the negotiate exchange).
    fn post_raw(&mut self, bytes: &[u8]) {
        let Some(slot) = self.free_send.pop() else {
            return self.fail(Disconnect::Protocol("no send buffer for negotiate"));
        };
        self.send_mr.buf.write(slot * self.send_slot, bytes);
        let r = self.qp.post_send(SendWr {
            wr_id: KIND_SEND | self.tag | slot as u64,
            op: SendOp::Send,
            sge: fabric::sges![self.send_mr.sge(slot * self.send_slot, bytes.len())],
            signaled: true,
        });
        if let Err(e) = r {
            self.fail(Disconnect::Transport(e.to_string()));
        }
    }

    fn fail(&mut self, d: Disconnect) {
        if self.closed.is_none() {
            self.closed = Some(d);
            self.ops_finished = true;
        }
        if self.state != State::Closed {
            self.state = State::Closed;
            self.qp.disconnect();
        }
    }

    /// Orderly close.
    pub fn disconnect(&mut self) {
        self.fail(Disconnect::Transport("closed locally".into()));
    }

    /// Arms the transport's wake-up for a caller about to sleep (see
    /// [`fabric::QueuePair::wake`]); None when it has none.
    pub fn wake(&self) -> Option<fabric::Wake> {
        self.qp.wake()
    }

    /// Moves the transport: bytes on the wire (software providers) and connection
    /// events. [`SmbdConnection::poll`] does this itself, but for a connection on a
    /// shared completion queue, whose owner calls this for each of its connections, then
    /// polls the queue and delivers, then calls `poll`: the completions the transport
    /// just made are then taken in the same turn. An error says the connection had
    /// ended before, or its transport failed now.
    pub fn progress(&mut self) -> Result<bool, Disconnect> {
        if let Some(d) = &self.closed {
            // Keep the transport moving so a Terminate or FIN still leaves.
            let _ = self.qp.progress();
            return Err(d.clone());
        }
        let moved = match self.qp.progress() {
            Ok(m) => m,
            Err(e) => {
                self.fail(Disconnect::Transport(e.to_string()));
                return Err(self.closed.clone().unwrap());
            }
        };
        while let Some(ev) = self.qp.poll_event() {
            match ev {
                CmEvent::Disconnected | CmEvent::Terminated { .. } | CmEvent::Rejected { .. } => {
                    self.fail(Disconnect::Transport(format!("{ev:?}")));
                }
                CmEvent::Established { .. } => {}
            }
        }
        self.delivered |= moved;
        // (A connection an event just ended still takes the completions already made:
        // the failed operation's own status says more than a flush.)
        Ok(moved)
    }

    /// Moves the connection forward: fabric progress (unless the completion queue is
    /// shared, see [`SmbdConnection::progress`]), completions, timers, sends.
    /// Returns whether anything happened, or why the connection ended.
    pub fn poll(&mut self, now_ms: u64) -> Result<bool, Disconnect> {
        if self.shared_cq {
            if let Some(d) = &self.closed {
                return Err(d.clone());
            }
        } else {
            self.progress()?;
        }
        let mut any = std::mem::take(&mut self.delivered);
        if !self.shared_cq {
            let mut wc = std::mem::take(&mut self.wc);
            wc.clear();
            self.cq.poll(&mut wc, 256);
            any |= !wc.is_empty();
            for c in &wc {
                self.completion(c, now_ms);
                if self.closed.is_some() {
                    break;
                }
            }
            self.wc = wc;
        }
        self.pace();
        self.timers(now_ms);
        self.flush();
        match &self.closed {
            Some(d) => Err(d.clone()),
            None => Ok(any),
        }
    }

    fn timers(&mut self, now: u64) {
        match self.state {
            State::AwaitNegotiateRequest | State::AwaitNegotiateResponse => {
                if now >= self.negotiate_deadline_ms {
                    self.fail(Disconnect::NegotiateTimeout);
                }
            }
            State::Connected => {
                if let Some(t) = self.keepalive_sent_ms {
                    if now >= t + self.cfg.keepalive_timeout_ms
                        && now >= self.last_recv_ms + self.cfg.keepalive_timeout_ms
                    {
                        self.fail(Disconnect::KeepaliveTimeout);
                    }
                } else if now >= self.last_recv_ms + self.cfg.keepalive_interval_ms {
                    self.keepalive_due = true;
                    self.keepalive_sent_ms = Some(now);
                }
            }
            State::Closed => {}
        }
    }

    fn completion(&mut self, c: &Completion, now: u64) {
        let kind = c.wr_id & KIND_MASK;
        let id = c.wr_id & ID_MASK;
        match kind {
            KIND_SEND => {
                // Completed, failed or flushed, the Send is past the writes before it:
                // the device is done with their memory either way (completions, flushed
                // ones too, come in posting order).
                self.rdma_done = self.rdma_done.max(self.send_mark[id as usize]);
                for l in self.send_release[id as usize].drain(..) {
                    self.own_bytes -= l.own_bytes();
                    l.release(&self.pd);
                }
                self.free_send.push(id as usize);
                if c.status != WcStatus::Success && c.status != WcStatus::Flushed {
                    self.fail(Disconnect::Transport(format!(
                        "send failed: {:?}",
                        c.status
                    )));
                }
            }
            KIND_RECV => {
                self.posted = self.posted.saturating_sub(1);
                if c.status != WcStatus::Success {
                    if c.status != WcStatus::Flushed {
                        self.fail(Disconnect::Transport(format!(
                            "receive failed: {:?}",
                            c.status
                        )));
                    }
                    return;
                }
                let Some(buf) = self.recv_mr.as_ref().map(|m| m.buf.clone()) else {
                    return;
                };
                let slot = id as usize;
                let len = (c.byte_len as usize).min(self.recv_slot);
                // SAFETY: the receive into this slot has completed and the slot is posted
                // again only below, after the message was taken in.
                let msg = unsafe { buf.range(slot * self.recv_slot, len) };
                self.take_message(msg, now);
                if self.state != State::Closed {
                    self.post_recv(slot);
                }
            }
            KIND_SRECV => {
                let Some(r) = self.shared_recv.as_ref().map(|m| m.receives().clone()) else {
                    return;
                };
                if c.status != WcStatus::Success {
                    r.repost(c);
                    if c.status != WcStatus::Flushed {
                        self.fail(Disconnect::Transport(format!(
                            "receive failed: {:?}",
                            c.status
                        )));
                    }
                    return;
                }
                // The message took one of the receives this connection holds (its
                // reservation stands: the receive is posted again below; if its peer sent
                // more than it holds, those were others' or the reserve, back as soon).
                // SAFETY: the receive has completed and is posted again only below,
                // after the message was taken in.
                let msg = unsafe { r.message(c) };
                self.take_message(msg, now);
                r.repost(c);
                self.counters.receives_posted += 1;
            }
            KIND_RDMA => {
                let Some(op) = self.ops.get_mut(&id) else {
                    // An unsignaled RDMA Write reports only its failure, which ends the
                    // connection (its READ can no longer be answered).
                    if c.status != WcStatus::Success {
                        self.counters.rdma_errors += 1;
                        self.fail(Disconnect::Transport(format!(
                            "RDMA Write failed: {:?}",
                            c.status
                        )));
                    }
                    return;
                };
                op.pending = op.pending.saturating_sub(1);
                if op.pending == 0 {
                    self.rdma_done = self.rdma_done.max(op.mark);
                }
                if c.status != WcStatus::Success && op.failed.is_none() {
                    op.failed = Some(c.status);
                    self.counters.rdma_errors += 1;
                }
                self.ops_finished |= op.pending == 0 || op.failed.is_some();
                // (A failed completion's opcode means nothing: verbs leaves it undefined.)
                debug_assert!(
                    c.status != WcStatus::Success
                        || matches!(c.opcode, WcOpcode::RdmaRead | WcOpcode::RdmaWrite)
                );
            }
            _ => {}
        }
    }

    /// A message arrived (its receive is posted again after this).
    fn take_message(&mut self, msg: &[u8], now: u64) {
        self.recv_since += 1;
        self.last_recv_ms = now;
        self.keepalive_sent_ms = None;
        self.counters.messages_received += 1;
        // The answer goes out of the next free send slot, which the peer read last: ask
        // for its first lines now.
        if let Some(&next) = self.free_send.last() {
            self.send_mr.buf.prefetch_write(next * self.send_slot, 128);
        }
        self.received(msg);
    }
}
