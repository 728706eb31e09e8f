//! The loopback provider: queue pairs connected in process, deterministic, with seeded
//! faults for tests. Segments between two queue pairs keep their order (RC); how many are
//! handed over per progress call is drawn from the seed, so interleavings across queue
//! pairs vary from seed to seed and repeat exactly for one seed.

use crate::soft::{Engine, InSeg, OutMsg, Wire, WireEvent, OP_TERMINATE};
use crate::*;

#[derive(Clone, Copy, Debug, Default)]
pub struct Faults {
    pub seed: u64,
    /// Drop the connection (both directions, no Terminate) after this many segments.
    pub drop_after_segments: Option<u64>,
    /// Deliver at most a random 1..=N segments per progress call (delay and batching).
    pub max_batch: Option<usize>,
    /// The N-th tagged segment (1-based) arrives with a corrupted STag: an access
    /// failure at the target.
    pub fail_access_at: Option<u64>,
}

struct Pipe {
    q: [VecDeque<InSeg>; 2],
    closed: [bool; 2],
    dropped: bool,
    segments: u64,
    tagged: u64,
    rng: u64,
    faults: Faults,
    reply: Option<WireEvent>,
    /// Held payloads each side's peer has consumed and not yet reported.
    acks: [usize; 2],
    /// Held payloads each side has taken off the pipe and is still copying.
    taken: [usize; 2],
}

impl Pipe {
    fn next_rand(&mut self) -> u64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng
    }
}

/// A pipe and, per side, a count of the changes made for it (segments, acknowledgments,
/// a close, a reply): a side with nothing new to take skips the lock (the peer polls
/// continuously; taking the lock each time would contend with every send).
#[repr(align(128))]
struct Shared {
    m: Mutex<Pipe>,
    changes: [std::sync::atomic::AtomicU64; 2],
}

impl Shared {
    fn new(p: Pipe) -> Arc<Shared> {
        Arc::new(Shared {
            m: Mutex::new(p),
            changes: Default::default(),
        })
    }
    /// Locks to change something `side` will look at.
    fn lock_for(&self, side: usize) -> parking_lot::MutexGuard<'_, Pipe> {
        let g = self.m.lock();
        self.changes[side].fetch_add(1, std::sync::atomic::Ordering::Release);
        g
    }
}

struct LoopWire {
    pipe: Arc<Shared>,
    side: usize,
    closed_reported: bool,
    /// The change count when this side last looked, and whether it left work behind.
    seen: u64,
    more: bool,
    /// Segments sent since the last progress call: they enter the pipe together under
    /// one lock (as a NIC's doorbell starts the work queued before it), at that call.
    out: Vec<InSeg>,
}

/// Moves the segments `side` sent since its last progress call into the pipe.
fn flush(out: &mut Vec<InSeg>, side: usize, p: &mut Pipe) {
    for mut seg in out.drain(..) {
        if p.closed[side] || p.dropped {
            continue;
        }
        p.segments += 1;
        if p.faults.drop_after_segments.is_some_and(|n| p.segments > n) {
            p.dropped = true;
            continue;
        }
        if seg.tagged {
            p.tagged += 1;
            if p.faults.fail_access_at == Some(p.tagged) {
                seg.stag ^= 0xffff_ff00;
            }
        }
        p.q[1 - side].push_back(seg);
    }
}

impl Wire for LoopWire {
    /// A work request's payload crosses as a reference to the sender's registered memory
    /// and is copied once, by the receiving side, straight into its destination (as a
    /// NIC's DMA would move it, without the sender's CPU); the sender's request completes
    /// when the receiver has it. Nothing is allocated per segment once warm. The segment
    /// enters the pipe at this side's next progress call (or close).
    fn send(&mut self, m: OutMsg) -> bool {
        let held = m.track && m.data.borrowed();
        self.out.push(InSeg {
            tagged: m.tagged,
            last: true,
            opcode: m.opcode,
            stag: m.stag,
            to: m.to,
            qn: m.qn,
            msn: m.msn,
            mo: 0,
            data: m.data,
            ack: held,
        });
        !held
    }

    fn consumed(&mut self, n: usize) {
        let mut p = self.pipe.lock_for(1 - self.side);
        p.acks[1 - self.side] += n;
        p.taken[self.side] = p.taken[self.side].saturating_sub(n);
    }

    fn progress(&mut self, out: &mut Vec<WireEvent>) -> bool {
        let sending = !self.out.is_empty();
        let now = self.pipe.changes[self.side].load(std::sync::atomic::Ordering::Acquire);
        if now == self.seen && !self.more && !sending {
            return false;
        }
        let mut p = if sending {
            let mut p = self.pipe.lock_for(1 - self.side);
            flush(&mut self.out, self.side, &mut p);
            p
        } else {
            self.pipe.m.lock()
        };
        // Every change made for this side so far is in what this call looks at (changes
        // are made under the lock).
        self.seen = self.pipe.changes[self.side].load(std::sync::atomic::Ordering::Acquire);
        if self.side == 0 {
            if let Some(r) = p.reply.take() {
                out.push(r);
            }
        }
        let acked = std::mem::take(&mut p.acks[self.side]);
        if acked > 0 {
            out.push(WireEvent::Delivered(acked));
        }
        let avail = p.q[self.side].len();
        let n = match p.faults.max_batch {
            Some(m) if avail > 0 => {
                let r = p.next_rand();
                avail.min(1 + (r % m.max(1) as u64) as usize)
            }
            _ => avail,
        };
        for _ in 0..n {
            let s = p.q[self.side].pop_front().unwrap();
            if s.ack {
                p.taken[self.side] += 1;
            }
            out.push(WireEvent::Seg(s));
        }
        let peer_gone = p.dropped || (p.closed[1 - self.side] && p.q[self.side].is_empty());
        if peer_gone && !self.closed_reported {
            self.closed_reported = true;
            out.push(WireEvent::Closed);
        }
        self.more = !p.q[self.side].is_empty();
        n > 0 || acked > 0
    }

    fn close(&mut self) {
        let mut p = self.pipe.lock_for(1 - self.side);
        // What was sent before the close leaves first (a Terminate, a last message).
        flush(&mut self.out, self.side, &mut p);
        p.closed[self.side] = true;
        // RDMA Writes the peer has not taken are flushed, not delivered later: their
        // memory goes back to its owner, who may reuse it at once (a real queue pair in
        // error stops moving data too). Nothing posted after a flushed one is delivered
        // either (a Send behind a flushed Write would announce data that never came),
        // except the Terminate that says why.
        let q = &mut p.q[1 - self.side];
        if let Some(i) = q.iter().position(|s| s.ack && s.tagged) {
            let tail: Vec<InSeg> = q.drain(i..).filter(|s| s.opcode == OP_TERMINATE).collect();
            q.extend(tail);
        }
        // Those it has taken it is copying right now (from this side's memory): wait for
        // it to finish, which it does within its current progress call (bounded).
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(1);
        while p.taken[1 - self.side] > 0 && std::time::Instant::now() < deadline {
            drop(p);
            std::thread::yield_now();
            p = self.pipe.m.lock();
        }
    }
}

struct Pending {
    pipe: Arc<Shared>,
    private_data: Vec<u8>,
    ird: u16,
    ord: u16,
    peer: String,
}

#[derive(Default)]
struct Net {
    listeners: HashMap<String, VecDeque<Pending>>,
    conns: u64,
}

/// An in-process fabric: names instead of addresses.
#[derive(Clone, Default)]
pub struct LoopbackFabric {
    net: Arc<Mutex<Net>>,
    faults: Arc<Mutex<Faults>>,
    caps: QpCaps,
}

impl LoopbackFabric {
    pub fn new() -> LoopbackFabric {
        LoopbackFabric::default()
    }

    /// One fabric for the whole process: what an in-process server listens on and an
    /// in-process client connects to.
    pub fn shared() -> LoopbackFabric {
        static SHARED: std::sync::OnceLock<LoopbackFabric> = std::sync::OnceLock::new();
        SHARED.get_or_init(LoopbackFabric::new).clone()
    }

    /// Faults applied to connections made from now on.
    pub fn set_faults(&self, f: Faults) {
        *self.faults.lock() = f;
    }

    pub fn listen(&self, name: &str) -> Result<Box<dyn Listener>> {
        let mut n = self.net.lock();
        if n.listeners.contains_key(name) {
            return Err(Error::Io(std::io::Error::from(
                std::io::ErrorKind::AddrInUse,
            )));
        }
        n.listeners.insert(name.to_string(), VecDeque::new());
        Ok(Box::new(LoopListener {
            fabric: self.clone(),
            name: name.to_string(),
        }))
    }

    pub fn connect(
        &self,
        name: &str,
        pd: &Pd,
        cq: &Cq,
        private_data: &[u8],
        ird: u16,
        ord: u16,
    ) -> Result<Box<dyn QueuePair>> {
        let faults = *self.faults.lock();
        let mut n = self.net.lock();
        n.conns += 1;
        let id = n.conns;
        let q = n.listeners.get_mut(name).ok_or_else(|| {
            Error::Io(std::io::Error::from(std::io::ErrorKind::ConnectionRefused))
        })?;
        let pipe = Shared::new(Pipe {
            q: [VecDeque::new(), VecDeque::new()],
            closed: [false; 2],
            dropped: false,
            segments: 0,
            tagged: 0,
            rng: (faults.seed ^ id.wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1,
            faults,
            reply: None,
            acks: [0; 2],
            taken: [0; 2],
        });
        q.push_back(Pending {
            pipe: pipe.clone(),
            private_data: private_data.to_vec(),
            ird,
            ord,
            peer: format!("loopback-client-{id}"),
        });
        let wire = LoopWire {
            pipe,
            side: 0,
            closed_reported: false,
            seen: u64::MAX,
            more: false,
            out: Vec::new(),
        };
        let mut caps = self.caps;
        caps.ird = ird;
        caps.ord = ord;
        Ok(Box::new(Engine::new(wire, pd, cq, caps, false)))
    }
}

struct LoopListener {
    fabric: LoopbackFabric,
    name: String,
}

impl Drop for LoopListener {
    fn drop(&mut self) {
        self.fabric.net.lock().listeners.remove(&self.name);
    }
}

impl Listener for LoopListener {
    fn poll_request(&mut self) -> Result<Option<Box<dyn ConnRequest>>> {
        let mut n = self.fabric.net.lock();
        let Some(q) = n.listeners.get_mut(&self.name) else {
            return Ok(None);
        };
        Ok(q.pop_front().map(|p| {
            Box::new(LoopRequest {
                p,
                caps: self.fabric.caps,
            }) as Box<dyn ConnRequest>
        }))
    }

    fn local_addr(&self) -> String {
        self.name.clone()
    }
}

struct LoopRequest {
    p: Pending,
    caps: QpCaps,
}

impl ConnRequest for LoopRequest {
    fn private_data(&self) -> &[u8] {
        &self.p.private_data
    }
    fn ird_ord(&self) -> (u16, u16) {
        (self.p.ird, self.p.ord)
    }
    fn peer(&self) -> String {
        self.p.peer.clone()
    }
    fn accept(
        self: Box<Self>,
        pd: &Pd,
        cq: &Cq,
        private_data: &[u8],
        ird: u16,
        ord: u16,
    ) -> Result<Box<dyn QueuePair>> {
        let me = *self;
        // Our outbound reads are bounded by the peer's IRD, and its by ours.
        let ord = ord.min(me.p.ird);
        let ird = ird.min(me.caps.ird.max(ird));
        me.p.pipe.lock_for(0).reply = Some(WireEvent::Established {
            private_data: private_data.to_vec(),
            ird,
            ord,
        });
        let wire = LoopWire {
            pipe: me.p.pipe,
            side: 1,
            closed_reported: false,
            seen: u64::MAX,
            more: false,
            out: Vec::new(),
        };
        let mut caps = me.caps;
        caps.ird = ird;
        caps.ord = ord;
        let mut e = Engine::new(wire, pd, cq, caps, true);
        e.set_established(ord);
        Ok(Box::new(e))
    }
    fn reject(self: Box<Self>, private_data: &[u8]) {
        let mut p = self.p.pipe.lock_for(0);
        p.reply = Some(WireEvent::Rejected {
            private_data: private_data.to_vec(),
        });
        p.closed[1] = true;
    }
}
