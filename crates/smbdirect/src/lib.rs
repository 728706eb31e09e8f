//! smbdirect: MS-SMBD, the SMB Direct transport, over any [`fabric`] queue pair.
//!
//! One [`SmbdConnection`] per RDMA connection: negotiate (either role), data transfer
//! messages with send and receive credits as MS-SMBD 3.1.5 describes, fragmentation and
//! reassembly up to the negotiated maximum, keepalive and negotiate timers, and RDMA
//! Read/Write against a peer's buffer descriptors with Send With Invalidate of the
//! response. It opens no sockets, starts no threads and reads no clock: time comes in as
//! milliseconds, and the owner calls [`SmbdConnection::poll`] to make progress.

pub mod pool;
pub mod wire;

pub use pool::{BufferPool, WriteBuf};

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

/// An RDMA Read or Write toward the peer's buffers.
/// Where an RDMA operation's local bytes are.
enum Local {
    /// A region of its own, registered for this operation.
    Own(Mr),
    /// A slot of the pool (back to it when the operation is over).
    Pool(WriteBuf),
    /// A region the caller registered and keeps (a mapped file), from this offset.
    Region(Mr, usize),
}

impl Local {
    /// The device is done with this memory: its own registration ends, a pool slot goes
    /// back (on drop).
    /// Bytes of memory of its own (a copy made for this operation).
    fn own_bytes(&self) -> usize {
        match self {
            Local::Own(mr) => mr.buf.len(),
            _ => 0,
        }
    }

    fn release(self, pd: &Pd) {
        if let Local::Own(mr) = self {
            pd.deregister(&mr);
        }
    }

    /// Lets go of memory an operation may still be using (it ended without a
    /// completion): a pool slot is not handed to anyone else (at most the pool's size is
    /// lost this way). (A region is only used on the software providers, whose data
    /// mover holds the region's buffer while it reads it.)
    fn abandon(self) {
        if let Local::Pool(b) = self {
            std::mem::forget(b)
        }
    }
}

impl RdmaOp {
    /// An operation that ended without all its completions (failed or flushed while the
    /// connection closed).
    fn retire(self) {
        if self.pending > 0 {
            self.local.abandon();
        }
    }
}

/// An RDMA Read in flight (RDMA Writes are tracked by the Send after them).
struct RdmaOp {
    local: Local,
    pending: usize,
    failed: Option<WcStatus>,
    len: usize,
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
    }
}

/// What an RDMA Read brought.
#[derive(Debug)]
pub enum ReadData {
    /// Copied out of a one-off region.
    Copied(Vec<u8>),
    /// Still in the pool buffer it landed in: the first `usize` bytes.
    Lent(WriteBuf, usize),
}

/// A connection given no pool gets its own: this many buffers of this size (the largest
/// read served without a copy; larger ones fall back to a copy).
pub const OWN_POOL_BUFFERS: usize = 32;
pub const POOL_BUFFER_SIZE: usize = 64 * 1024;

const KIND_RECV: u64 = 1 << 60;
const KIND_SEND: u64 = 2 << 60;
const KIND_RDMA: u64 = 3 << 60;
const KIND_MASK: u64 = 0xF << 60;
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
    recv_mr: Mr,
    recv_slot: usize,
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
    wc: Vec<Completion>,
    closed: Option<Disconnect>,
    pub counters: Counters,
}

impl Drop for SmbdConnection {
    /// The queue pair stops before the operations' pool slots go back (they may still be
    /// sources or sinks of transfers in flight).
    fn drop(&mut self) {
        let writes =
            self.send_release.iter().any(|w| !w.is_empty()) || !self.writes_unsent.is_empty();
        if !self.ops.is_empty() || writes {
            self.qp.disconnect();
        }
        // Writes still attached to Sends go back with the rest once the queue pair has
        // stopped, as the operations' slots do.
        let attached = self.send_release.iter_mut().flat_map(|w| w.drain(..));
        for l in self.writes_unsent.drain(..).chain(attached) {
            l.release(&self.pd);
        }
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
        pool: Option<Arc<BufferPool>>,
    ) -> Self {
        let pool = pool.unwrap_or_else(|| BufferPool::heap(OWN_POOL_BUFFERS, POOL_BUFFER_SIZE));
        let pool_mr = pd.register(pool.region().clone(), Access::LOCAL_WRITE);
        let recv_slot = cfg.max_receive_size.max(NegotiateResponse::LEN as u32) as usize;
        let slots = cfg.receive_credit_max.max(2) as usize;
        let recv_mr = pd.register(RegBuf::new(recv_slot * slots), Access::LOCAL_WRITE);
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
            send_mr,
            send_slot,
            free_send: (0..cfg.send_slots.max(2) as usize).rev().collect(),
            max_send: cfg.max_send_size as usize,
            max_frag_recv: cfg.max_fragmented_size as usize,
            max_frag_send: cfg.max_fragmented_size as usize,
            max_rw: cfg.max_read_write_size,
            send_credits: 0,
            peer_target: 1,
            posted: 0,
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
            keepalive_due: false,
            last_recv_ms: now_ms,
            keepalive_sent_ms: None,
            negotiate_deadline_ms: now_ms + cfg.negotiate_timeout_ms,
            next_op: 1,
            ops: HashMap::default(),
            writes_unsent: Vec::new(),
            send_release: (0..cfg.send_slots.max(2)).map(|_| Vec::new()).collect(),
            ops_finished: false,
            pool,
            pool_mr,
            wc: Vec::with_capacity(64),
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

    /// As [`SmbdConnection::accept`], with RDMA payloads in slots of `pool` (a worker's,
    /// shared by its connections) instead of a pool of the connection's own.
    pub fn accept_with_pool(
        qp: Box<dyn QueuePair>,
        pd: Pd,
        cq: Cq,
        cfg: Config,
        now_ms: u64,
        pool: Arc<BufferPool>,
    ) -> Self {
        Self::new(Role::Server, qp, pd, cq, cfg, now_ms, Some(pool))
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
        let sge = self.recv_mr.sge(slot * self.recv_slot, self.recv_slot);
        if self
            .qp
            .post_recv(RecvWr {
                wr_id: KIND_RECV | slot as u64,
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
            wr_id: KIND_SEND | slot as u64,
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

    /// Bytes held for the peer and not yet taken by it: upper-layer messages queued (a
    /// peer that grants no send credits leaves them here), copies of RDMA Write data
    /// whose Send has not completed, and what the provider buffers unsent (a software
    /// provider's socket buffer, while the peer does not read).
    pub fn queued_bytes(&self) -> usize {
        self.out_bytes + self.own_bytes + self.qp.unsent_bytes()
    }

    /// Orderly close.
    pub fn disconnect(&mut self) {
        self.fail(Disconnect::Transport("closed locally".into()));
    }

    /// Queues an upper-layer message (an SMB2 PDU).
    pub fn send(&mut self, msg: Vec<u8>) -> Result<(), Disconnect> {
        self.send_inner(msg, None)
    }

    /// Queues a message whose last fragment goes as Send With Invalidate of `rkey`.
    pub fn send_with_invalidate(&mut self, msg: Vec<u8>, rkey: u32) -> Result<(), Disconnect> {
        self.send_inner(msg, Some(rkey))
    }

    fn send_inner(&mut self, msg: Vec<u8>, invalidate: Option<u32>) -> Result<(), Disconnect> {
        if let Some(d) = &self.closed {
            return Err(d.clone());
        }
        if msg.is_empty() || msg.len() > self.max_frag_send {
            return Err(Disconnect::Protocol(
                "message size outside the negotiated range",
            ));
        }
        self.out_bytes += msg.len();
        self.outbox.push_back(Outgoing {
            data: msg,
            sent: 0,
            invalidate,
        });
        self.flush();
        Ok(())
    }

    /// The next reassembled message from the peer.
    pub fn recv(&mut self) -> Option<Vec<u8>> {
        let m = self.inbox.pop_front()?;
        self.inbox_bytes -= m.len();
        Some(m)
    }

    /// Messages received and not yet taken by [`SmbdConnection::recv`], and their bytes.
    pub fn waiting(&self) -> (usize, usize) {
        (self.inbox.len(), self.inbox_bytes)
    }

    /// Gives a message from [`SmbdConnection::recv`] back once done with it: its buffer
    /// takes in a later one (no allocation per message once warm).
    pub fn reuse(&mut self, mut msg: Vec<u8>) {
        msg.clear();
        keep(&mut self.spare, msg);
    }

    /// A message buffer given to [`SmbdConnection::send`] whose message has gone out,
    /// for the caller to build another in.
    pub fn take_spent(&mut self) -> Option<Vec<u8>> {
        self.spent.pop()
    }

    /// Credits we can grant now: receives posted beyond those granted, up to what the
    /// peer asked for, one receive always kept back to catch a peer sending without one.
    /// Receive credits that may be granted now. Messages waiting in the inbox (an upper
    /// layer that is not taking them, e.g. while its send queue is full) hold credits
    /// back: a peer can make the connection hold at most about a credit window of
    /// messages, or MaxFragmentedSize bytes of them, however fast it sends.
    fn grantable(&self) -> u32 {
        if self.inbox_bytes >= self.max_frag_recv {
            return 0;
        }
        let cap = self
            .peer_target
            .min(self.posted.saturating_sub(1))
            .saturating_sub(self.inbox.len() as u32);
        cap.saturating_sub(self.granted)
    }

    fn flush(&mut self) {
        if self.state != State::Connected {
            return;
        }
        while let Some(front) = self.outbox.front() {
            if self.free_send.is_empty() || self.send_credits == 0 {
                break;
            }
            // The last credit only carries a message that grants credits back, so the
            // peer can always answer (MS-SMBD 3.1.5.1).
            let grant = self.grantable();
            if self.send_credits == 1 && grant == 0 {
                break;
            }
            let room = self.max_send - DATA_HEADER;
            let n = (front.data.len() - front.sent).min(room);
            let remaining = (front.data.len() - front.sent - n) as u32;
            let last = remaining == 0;
            let invalidate = if last { front.invalidate } else { None };
            let slot = self.free_send.pop().unwrap();
            let base = slot * self.send_slot;
            let mut hdr = [0u8; DATA_HEADER];
            let low = self.send_credits <= 2;
            DataHeader {
                credits_requested: self.cfg.send_credit_target,
                credits_granted: grant as u16,
                flags: if low { FLAG_RESPONSE_REQUESTED } else { 0 },
                remaining_data_length: remaining,
                data_offset: DATA_HEADER as u32,
                data_length: n as u32,
            }
            .write(&mut hdr);
            self.send_mr.buf.write(base, &hdr);
            let front = self.outbox.front_mut().unwrap();
            self.send_mr
                .buf
                .write(base + DATA_HEADER, &front.data[front.sent..front.sent + n]);
            front.sent += n;
            self.out_bytes -= n;
            let op = match invalidate {
                Some(rkey) => SendOp::SendWithInvalidate { rkey },
                None => SendOp::Send,
            };
            let r = self.qp.post_send(SendWr {
                wr_id: KIND_SEND | slot as u64,
                op,
                sge: fabric::sges![self.send_mr.sge(base, DATA_HEADER + n)],
                signaled: true,
            });
            if let Err(e) = r {
                return self.fail(Disconnect::Transport(e.to_string()));
            }
            self.attach_writes(slot);
            self.send_credits -= 1;
            self.granted += grant;
            self.counters.fragments_sent += 1;
            self.response_requested = false;
            if last {
                if let Some(o) = self.outbox.pop_front() {
                    keep(&mut self.spent, o.data);
                }
                self.counters.messages_sent += 1;
            }
        }
        // A message of credits alone (or the answer the peer asked for), never in the
        // middle of a fragmented message.
        if !self.outbox.is_empty() || self.free_send.is_empty() || self.send_credits == 0 {
            return;
        }
        let grant = self.grantable();
        let starving = grant > 0 && self.granted <= self.peer_target / 4;
        let answer = self.response_requested || self.keepalive_due;
        if !(starving || answer) {
            return;
        }
        if self.send_credits == 1 && grant == 0 && !self.response_requested && !self.keepalive_due {
            return;
        }
        let slot = self.free_send.pop().unwrap();
        let base = slot * self.send_slot;
        let mut hdr = [0u8; DATA_HEADER];
        let want_reply = self.keepalive_due;
        DataHeader {
            credits_requested: self.cfg.send_credit_target,
            credits_granted: grant as u16,
            flags: if want_reply {
                FLAG_RESPONSE_REQUESTED
            } else {
                0
            },
            remaining_data_length: 0,
            data_offset: 0,
            data_length: 0,
        }
        .write(&mut hdr);
        self.send_mr.buf.write(base, &hdr[..EMPTY_DATA_HEADER]);
        let r = self.qp.post_send(SendWr {
            wr_id: KIND_SEND | slot as u64,
            op: SendOp::Send,
            sge: fabric::sges![self.send_mr.sge(base, EMPTY_DATA_HEADER)],
            signaled: true,
        });
        if let Err(e) = r {
            return self.fail(Disconnect::Transport(e.to_string()));
        }
        self.attach_writes(slot);
        self.send_credits -= 1;
        self.granted += grant;
        self.response_requested = false;
        self.keepalive_due = false;
        self.counters.credit_only_sent += 1;
    }

    /// The RDMA Writes posted before the Send just posted from `slot` are over when it is.
    fn attach_writes(&mut self, slot: usize) {
        self.send_release[slot].append(&mut self.writes_unsent);
    }

    /// Moves the connection forward: fabric progress, completions, timers, sends.
    /// Returns whether anything happened, or why the connection ended.
    pub fn poll(&mut self, now_ms: u64) -> Result<bool, Disconnect> {
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
        let mut wc = std::mem::take(&mut self.wc);
        wc.clear();
        self.cq.poll(&mut wc, 256);
        let any = moved || !wc.is_empty();
        for c in &wc {
            self.completion(c, now_ms);
            if self.closed.is_some() {
                break;
            }
        }
        self.wc = wc;
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
        let id = c.wr_id & !KIND_MASK;
        match kind {
            KIND_SEND => {
                // Completed, failed or flushed, the Send is past the writes before it:
                // the device is done with their memory either way (completions, flushed
                // ones too, come in posting order).
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
                let slot = id as usize;
                let len = (c.byte_len as usize).min(self.recv_slot);
                let buf = self.recv_mr.buf.clone();
                // SAFETY: the receive into this slot has completed and the slot is posted
                // again only below, after the message was taken in.
                let msg = unsafe { buf.range(slot * self.recv_slot, len) };
                self.last_recv_ms = now;
                self.keepalive_sent_ms = None;
                self.counters.messages_received += 1;
                // The answer goes out of the next free send slot, which the peer read
                // last: ask for its first lines now.
                if let Some(&next) = self.free_send.last() {
                    self.send_mr.buf.prefetch_write(next * self.send_slot, 128);
                }
                self.received(msg);
                if self.state != State::Closed {
                    self.post_recv(slot);
                }
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
                if c.status != WcStatus::Success && op.failed.is_none() {
                    op.failed = Some(c.status);
                    self.counters.rdma_errors += 1;
                }
                self.ops_finished |= op.pending == 0 || op.failed.is_some();
                debug_assert!(matches!(c.opcode, WcOpcode::RdmaRead | WcOpcode::RdmaWrite));
            }
            _ => {}
        }
    }

    fn received(&mut self, msg: &[u8]) {
        match self.state {
            State::AwaitNegotiateRequest => self.negotiate_request(msg),
            State::AwaitNegotiateResponse => self.negotiate_response(msg),
            State::Connected => self.data(msg),
            State::Closed => {}
        }
    }

    fn negotiate_request(&mut self, msg: &[u8]) {
        let Some(r) = NegotiateRequest::parse(msg) else {
            return self.fail(Disconnect::Protocol("short negotiate request"));
        };
        if r.min_version > VERSION || r.max_version < VERSION {
            let resp = NegotiateResponse {
                min_version: VERSION,
                max_version: VERSION,
                negotiated_version: 0,
                credits_requested: 0,
                credits_granted: 0,
                status: STATUS_NOT_SUPPORTED,
                max_read_write_size: 0,
                preferred_send_size: 0,
                max_receive_size: 0,
                max_fragmented_size: 0,
            };
            self.post_raw(&resp.encode());
            let _ = self.qp.progress();
            return self.fail(Disconnect::Protocol("no common SMB Direct version"));
        }
        if r.credits_requested == 0 {
            return self.fail(Disconnect::Protocol(
                "negotiate request asks for no credits",
            ));
        }
        if r.max_receive_size < 128
            || r.preferred_send_size < 128
            || r.max_fragmented_size < 131_072
        {
            return self.fail(Disconnect::Protocol(
                "negotiate request sizes below the minimum",
            ));
        }
        self.max_send = (self.cfg.max_send_size.min(r.max_receive_size)) as usize;
        let max_recv = self.cfg.max_receive_size.min(r.preferred_send_size);
        self.max_frag_send = r.max_fragmented_size as usize;
        self.peer_target = u32::from(r.credits_requested.min(self.cfg.receive_credit_max));
        let grant = self.grantable();
        self.granted += grant;
        let resp = NegotiateResponse {
            min_version: VERSION,
            max_version: VERSION,
            negotiated_version: VERSION,
            credits_requested: self.cfg.send_credit_target,
            credits_granted: grant as u16,
            status: STATUS_SUCCESS,
            max_read_write_size: self.cfg.max_read_write_size,
            preferred_send_size: self.max_send as u32,
            max_receive_size: max_recv,
            max_fragmented_size: self.cfg.max_fragmented_size,
        };
        self.post_raw(&resp.encode());
        self.state = State::Connected;
    }

    fn negotiate_response(&mut self, msg: &[u8]) {
        let Some(r) = NegotiateResponse::parse(msg) else {
            return self.fail(Disconnect::Protocol("short negotiate response"));
        };
        if r.status != STATUS_SUCCESS || r.negotiated_version != VERSION {
            return self.fail(Disconnect::Protocol("the server refused to negotiate"));
        }
        if r.max_receive_size < 128 || r.credits_granted == 0 {
            return self.fail(Disconnect::Protocol(
                "negotiate response grants nothing usable",
            ));
        }
        self.max_send = self.cfg.max_send_size.min(r.max_receive_size) as usize;
        self.max_frag_send = r.max_fragmented_size as usize;
        self.max_rw = r.max_read_write_size.min(self.cfg.max_read_write_size);
        self.send_credits = u32::from(r.credits_granted);
        self.peer_target = u32::from(r.credits_requested.clamp(1, self.cfg.receive_credit_max));
        self.state = State::Connected;
    }

    fn data(&mut self, msg: &[u8]) {
        if self.granted == 0 {
            return self.fail(Disconnect::CreditViolation);
        }
        self.granted -= 1;
        let Some(h) = DataHeader::parse(msg) else {
            return self.fail(Disconnect::Protocol("malformed data transfer message"));
        };
        self.send_credits += u32::from(h.credits_granted);
        self.peer_target = u32::from(h.credits_requested.clamp(1, self.cfg.receive_credit_max));
        if h.flags & FLAG_RESPONSE_REQUESTED != 0 {
            self.response_requested = true;
        }
        if h.data_length == 0 {
            return;
        }
        let data = &msg[h.data_offset as usize..(h.data_offset + h.data_length) as usize];
        match self.reasm_remaining {
            None => {
                let total = h.data_length as u64 + h.remaining_data_length as u64;
                if total > self.max_frag_recv as u64 {
                    return self.fail(Disconnect::Protocol(
                        "message longer than MaxFragmentedSize",
                    ));
                }
                self.reasm.clear();
                self.reasm.extend_from_slice(data);
            }
            Some(prev) => {
                if prev.checked_sub(h.data_length) != Some(h.remaining_data_length) {
                    return self.fail(Disconnect::Protocol("fragment lengths do not add up"));
                }
                self.reasm.extend_from_slice(data);
            }
        }
        if h.remaining_data_length == 0 {
            self.reasm_remaining = None;
            let next = self.spare.pop().unwrap_or_default();
            self.inbox_bytes += self.reasm.len();
            self.inbox
                .push_back(std::mem::replace(&mut self.reasm, next));
        } else {
            self.reasm_remaining = Some(h.remaining_data_length);
        }
    }

    fn check_descs(&self, descs: &[BufferDescriptor], len: usize) -> Result<(), Disconnect> {
        let total: u64 = descs.iter().map(|d| d.length as u64).sum();
        if descs.is_empty() || total < len as u64 || len > self.max_rw as usize {
            return Err(Disconnect::Protocol(
                "buffer descriptors do not cover the transfer",
            ));
        }
        Ok(())
    }

    /// RDMA-Writes `data` into the peer's buffers, ahead of the Send that announces it
    /// (the write is over when that Send completes).
    pub fn rdma_write(
        &mut self,
        descs: &[BufferDescriptor],
        data: &[u8],
    ) -> Result<(), Disconnect> {
        self.check_descs(descs, data.len())?;
        let buf = RegBuf::new(data.len().max(1));
        buf.write(0, data);
        let mr = self.pd.register(buf, Access::LOCAL_WRITE);
        self.counters.rdma_writes += 1;
        self.counters.payload_bytes_copied += data.len() as u64;
        self.post_rdma_write(descs, Local::Own(mr), data.len())
    }

    /// Lends a registered buffer of at least `len` bytes from the write pool, if one is
    /// free and large enough.
    pub fn lend_buffer(&mut self, len: usize) -> Option<WriteBuf> {
        if len > self.pool.slot_size() {
            return None;
        }
        self.pool.take()
    }

    /// Takes back a lent buffer that was not used.
    pub fn return_buffer(&mut self, b: WriteBuf) {
        drop(b);
    }

    /// The pool RDMA payloads use.
    pub fn pool(&self) -> &Arc<BufferPool> {
        &self.pool
    }

    /// RDMA-Writes the first `len` bytes of a lent buffer into the peer's buffers, with no
    /// copy; the buffer returns to the pool when the write completes.
    pub fn rdma_write_buffer(
        &mut self,
        descs: &[BufferDescriptor],
        buf: WriteBuf,
        len: usize,
    ) -> Result<(), Disconnect> {
        if len > buf.capacity() || !buf.is_from(&self.pool) {
            return Err(Disconnect::Protocol("RDMA Write longer than its buffer"));
        }
        self.check_descs(descs, len)?;
        self.counters.rdma_writes += 1;
        self.post_rdma_write(descs, Local::Pool(buf), len)
    }

    /// RDMA-Writes `len` bytes at `offset` of a region the caller registered with this
    /// connection's domain (and keeps registered until the write completes) into the
    /// peer's buffers: memory the server does not copy, such as a mapped file.
    pub fn rdma_write_region(
        &mut self,
        descs: &[BufferDescriptor],
        mr: &Mr,
        offset: usize,
        len: usize,
    ) -> Result<(), Disconnect> {
        if offset.checked_add(len).is_none_or(|e| e > mr.buf.len()) {
            return Err(Disconnect::Protocol("RDMA Write past its region"));
        }
        self.check_descs(descs, len)?;
        self.counters.rdma_writes += 1;
        self.counters.rdma_writes_region += 1;
        self.post_rdma_write(descs, Local::Region(mr.clone(), offset), len)
    }

    /// RDMA-Reads `len` bytes from the peer's buffers into a write-pool buffer when one
    /// is free and large enough (collect with [`SmbdConnection::rdma_read_result`]), else
    /// into a fresh region.
    pub fn rdma_read_into(
        &mut self,
        descs: &[BufferDescriptor],
        len: usize,
    ) -> Result<u64, Disconnect> {
        if len > self.pool.slot_size() {
            return self.rdma_read(descs, len);
        }
        let Some(buf) = self.pool.take() else {
            return self.rdma_read(descs, len);
        };
        self.check_descs(descs, len)?;
        self.counters.rdma_reads += 1;
        self.post_rdma_read(descs, Local::Pool(buf), len)
    }

    /// The outcome of an RDMA Read from [`SmbdConnection::rdma_read_into`]: the data in
    /// the pool buffer it landed in (lent to the caller), or copied out.
    pub fn rdma_read_result(&mut self, id: u64) -> Option<Result<ReadData, WcStatus>> {
        let op = self.ops.get(&id)?;
        if !matches!(op.local, Local::Pool(_)) {
            return self.rdma_result(id).map(|r| r.map(ReadData::Copied));
        }
        if op.pending > 0 && op.failed.is_none() && self.closed.is_none() {
            return None;
        }
        let op = self.ops.remove(&id).unwrap();
        if op.failed.is_some() || op.pending > 0 {
            let st = op.failed.unwrap_or(WcStatus::Flushed);
            op.retire();
            return Some(Err(st));
        }
        match op.local {
            Local::Pool(b) => Some(Ok(ReadData::Lent(b, op.len))),
            Local::Own(_) | Local::Region(..) => unreachable!("checked above"),
        }
    }

    /// RDMA-Reads `len` bytes from the peer's buffers.
    pub fn rdma_read(&mut self, descs: &[BufferDescriptor], len: usize) -> Result<u64, Disconnect> {
        self.check_descs(descs, len)?;
        let mr = self
            .pd
            .register(RegBuf::new(len.max(1)), Access::LOCAL_WRITE);
        self.counters.rdma_reads += 1;
        self.post_rdma_read(descs, Local::Own(mr), len)
    }

    /// Posts one RDMA operation per descriptor until `len` bytes of `local` are covered;
    /// returns `local` and how many were posted. On a refusal the connection fails (what
    /// was posted before is flushed with it) and `local` is given back.
    fn post_pieces(
        &mut self,
        descs: &[BufferDescriptor],
        local: Local,
        len: usize,
        is_read: bool,
        wr_id: u64,
    ) -> Result<(Local, usize), Disconnect> {
        let (mr, base) = match &local {
            Local::Own(mr) => (mr, 0),
            Local::Pool(b) => (&self.pool_mr, b.offset()),
            Local::Region(mr, at) => (mr, *at),
        };
        let sge = |off: usize, n: usize| mr.sge(base + off, n);
        let mut off = 0usize;
        let mut pending = 0;
        for d in descs {
            if off >= len {
                break;
            }
            let n = (d.length as usize).min(len - off);
            let (remote_addr, rkey) = (d.offset, d.token);
            let op = if is_read {
                SendOp::RdmaRead { remote_addr, rkey }
            } else {
                SendOp::RdmaWrite { remote_addr, rkey }
            };
            let wr = SendWr {
                wr_id,
                op,
                sge: fabric::sges![sge(off, n)],
                // Reads complete on their own; writes with the Send after them.
                signaled: is_read,
            };
            if let Err(e) = self.qp.post_send(wr) {
                self.fail(Disconnect::Transport(e.to_string()));
                // Pieces already posted may still be using a pool slot.
                match local {
                    Local::Pool(_) if pending > 0 => local.abandon(),
                    _ => local.release(&self.pd),
                }
                return Err(self.closed.clone().unwrap());
            }
            pending += 1;
            off += n;
        }
        Ok((local, pending))
    }

    /// Posts an RDMA Read into `local`; its id is for [`SmbdConnection::rdma_result`].
    fn post_rdma_read(
        &mut self,
        descs: &[BufferDescriptor],
        local: Local,
        len: usize,
    ) -> Result<u64, Disconnect> {
        let id = self.next_op;
        self.next_op += 1;
        let (local, pending) = self.post_pieces(descs, local, len, true, KIND_RDMA | id)?;
        // (Nothing to move: over at once, and no completion will say so.)
        self.ops_finished |= pending == 0;
        self.ops.insert(
            id,
            RdmaOp {
                local,
                pending,
                failed: None,
                len,
            },
        );
        Ok(id)
    }

    /// Posts an RDMA Write from `local`, unsignaled: released with the next Send.
    fn post_rdma_write(
        &mut self,
        descs: &[BufferDescriptor],
        local: Local,
        len: usize,
    ) -> Result<(), Disconnect> {
        let (local, _) = self.post_pieces(descs, local, len, false, KIND_RDMA)?;
        self.own_bytes += local.own_bytes();
        self.writes_unsent.push(local);
        Ok(())
    }

    /// Whether an RDMA operation may have finished since the last call: results
    /// ([`SmbdConnection::rdma_result`], [`SmbdConnection::rdma_read_result`]) need
    /// looking for only then.
    pub fn take_ops_finished(&mut self) -> bool {
        std::mem::take(&mut self.ops_finished)
    }

    /// The outcome of an RDMA Read once every piece completed: the bytes read, or the
    /// failing status. None while still in flight.
    pub fn rdma_result(&mut self, id: u64) -> Option<Result<Vec<u8>, WcStatus>> {
        let op = self.ops.get(&id)?;
        if op.pending > 0 && op.failed.is_none() && self.closed.is_none() {
            return None;
        }
        // A pool slot goes back (on drop) only now that the device is done with it: an
        // operation that failed or was flushed is over too.
        let op = self.ops.remove(&id).unwrap();
        if let Local::Own(mr) = &op.local {
            self.pd.deregister(mr);
        }
        if op.failed.is_some() || op.pending > 0 {
            let st = op.failed.unwrap_or(WcStatus::Flushed);
            op.retire();
            return Some(Err(st));
        }
        Some(Ok(match &op.local {
            Local::Own(mr) => {
                self.counters.payload_bytes_copied += op.len as u64;
                mr.buf.to_vec(0, op.len)
            }
            Local::Pool(b) => {
                self.counters.payload_bytes_copied += op.len as u64;
                b.bytes()[..op.len].to_vec()
            }
            Local::Region(..) => Vec::new(),
        }))
    }
}
