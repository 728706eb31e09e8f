//! The loopback provider: queue pairs connected in process, deterministic, with seeded
//! faults for tests. Segments between two queue pairs keep their order (RC); how many are
//! handed over per progress call is drawn from the seed, so interleavings across queue
//! pairs vary from seed to seed and repeat exactly for one seed.

use crate::soft::{Engine, InSeg, OutMsg, Payload, Wire, WireEvent, OP_TERMINATE};
use crate::*;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

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

/// Segments one lane holds at most: a sender with more keeps them until the receiver
/// makes room (as a NIC's send queue waits on the wire).
const LANE_SLOTS: usize = 512;

/// What the receiving side of a lane looks at, written by the sending side only (one cache
/// line moves per batch of segments or acknowledgments).
#[derive(Default)]
struct LaneIn {
    /// Segments published for the receiver (a count since the start).
    tail: AtomicUsize,
    /// Held payloads of the receiver that the sender has consumed (a count since the start).
    acks: AtomicUsize,
    /// The sender closed: nothing more comes, and a held RDMA Write not yet taken is
    /// flushed with everything behind it.
    closed: AtomicBool,
    /// The connection's reply (accepted or rejected) waits in `Shared::reply` (lane 0).
    reply: AtomicBool,
}

/// Written by the receiving side only.
#[derive(Default)]
struct LaneOut {
    /// Segments taken (a count since the start).
    head: AtomicUsize,
    /// Held payloads taken and still being copied out of the sender's memory.
    taken: AtomicUsize,
}

/// One direction: a single-producer single-consumer ring of segments.
struct Lane {
    w: Padded<LaneIn>,
    r: Padded<LaneOut>,
    slots: Box<[Slot]>,
}

/// Bytes of a small Send carried in its slot (as a NIC's inline send carries them in the
/// work request): SMB2 requests and the responses that announce RDMA-written data fit.
const INLINE_BYTES: usize = 188;

/// A segment's place in a lane: the segment in one cache line, the bytes of an inline
/// Send in the next three.
#[repr(C, align(64))]
struct Slot {
    seg: std::cell::UnsafeCell<std::mem::MaybeUninit<InSeg>>,
    inline_len: std::cell::UnsafeCell<u32>,
    inline: std::cell::UnsafeCell<[u8; INLINE_BYTES]>,
}

const _: () = assert!(std::mem::size_of::<InSeg>() <= 64);
const _: () = assert!(std::mem::size_of::<Slot>() == 256);

/// A segment waiting for this side's next progress call, and where the bytes of an inline
/// Send wait (taken from the sender's memory when it was posted: the Send is done with
/// them): a range of [`LoopWire::inline`].
struct Outgoing {
    seg: InSeg,
    inline: std::ops::Range<usize>,
}

// SAFETY: a slot is written only by the lane's one sender while it is outside the
// published range (head..tail) and read only by its one receiver while inside it; the
// Release/Acquire pairs on `tail` and `head` order those accesses.
unsafe impl Sync for Lane {}

impl Lane {
    fn new() -> Lane {
        Lane {
            w: Padded::default(),
            r: Padded::default(),
            slots: (0..LANE_SLOTS)
                .map(|_| Slot {
                    seg: std::cell::UnsafeCell::new(std::mem::MaybeUninit::uninit()),
                    inline_len: std::cell::UnsafeCell::new(0),
                    inline: std::cell::UnsafeCell::new([0; INLINE_BYTES]),
                })
                .collect(),
        }
    }

    /// Sender: whether position `t` is free; `head_seen` is the sender's last look at the
    /// receiver's head (looked at again only when the lane seems full).
    fn has_room(&self, t: usize, head_seen: &mut usize) -> bool {
        if t - *head_seen == LANE_SLOTS {
            *head_seen = self.r.head.load(Ordering::Acquire);
        }
        t - *head_seen < LANE_SLOTS
    }

    /// Sender: writes `o` at position `t`, which [`Lane::has_room`] found free (published
    /// later, by [`Lane::publish`]).
    fn put(&self, t: usize, seg: InSeg, inline: &[u8]) {
        let slot = &self.slots[t % LANE_SLOTS];
        // SAFETY: only the sender writes, and slot t is outside head..tail: the receiver
        // is done with it (its head store, acquired by has_room, released the read).
        unsafe {
            (*slot.seg.get()).write(seg);
            *slot.inline_len.get() = inline.len() as u32;
            (&mut *slot.inline.get())[..inline.len()].copy_from_slice(inline);
        }
    }

    /// Sender: asks for the next two slots and the tail's line ahead of the writes a
    /// reply will make (they were last read by the receiver's core).
    fn prefetch_send(&self) {
        let t = self.w.tail.load(Ordering::Relaxed);
        for slot in [
            &self.slots[t % LANE_SLOTS],
            &self.slots[(t + 1) % LANE_SLOTS],
        ] {
            prefetch::<true, _>(slot.seg.get());
            prefetch::<true, _>(slot.inline.get());
        }
        prefetch::<true, _>(&self.w.tail);
    }

    /// Sender: makes the segments written up to `t` visible to the receiver.
    fn publish(&self, t: usize) {
        self.w.tail.store(t, Ordering::Release);
    }

    /// Receiver: hands up to `n` of the oldest published segments to `f`, in order, with
    /// the bytes of those sent inline.
    fn take(&self, n: usize, mut f: impl FnMut(InSeg, &[u8])) -> usize {
        let h = self.r.head.load(Ordering::Relaxed);
        let t = self.w.tail.load(Ordering::Acquire);
        let end = t.min(h.saturating_add(n));
        for i in h..end {
            // (The whole slot at once: its lines come in parallel, not one after another.)
            let slot: *const Slot = &self.slots[i % LANE_SLOTS];
            for line in 1..4 {
                prefetch::<false, _>(slot.cast::<u8>().wrapping_add(64 * line));
            }
        }
        // Head moves past every segment moved out, even if `f` panics (the lane's drop
        // must not read one twice).
        struct Advance<'a>(&'a AtomicUsize, usize);
        impl Drop for Advance<'_> {
            fn drop(&mut self) {
                self.0.store(self.1, Ordering::Release);
            }
        }
        let mut head = Advance(&self.r.head, h);
        for i in h..end {
            let slot = &self.slots[i % LANE_SLOTS];
            // SAFETY: slot i is inside head..tail: written by the sender before its tail
            // store (acquired above), and read only here, once, before head moves past.
            let (seg, inline) = unsafe {
                let len = (*slot.inline_len.get() as usize).min(INLINE_BYTES);
                (
                    (*slot.seg.get()).assume_init_read(),
                    &(&*slot.inline.get())[..len],
                )
            };
            head.1 = i + 1;
            f(seg, inline);
        }
        drop(head);
        end - h
    }

    fn is_empty(&self) -> bool {
        self.r.head.load(Ordering::Relaxed) == self.w.tail.load(Ordering::Acquire)
    }
}

impl Drop for Lane {
    fn drop(&mut self) {
        self.take(usize::MAX, |_, _| {});
    }
}

/// The two lanes of a connection (`lanes[s]` carries segments for side `s`), and what
/// fault injection shares between the sides.
/// A side's doorbell: an eventfd the other side writes when it leaves something for this
/// side (segments, acknowledgments, room in a full lane, a reply, a close) while this
/// side is armed, that is about to sleep ([`Wire::wake`]); otherwise leaving something
/// costs one atomic swap and no system call.
#[derive(Default)]
struct Bell {
    armed: AtomicBool,
    /// Written since this side last drained it.
    rung: AtomicBool,
    fd: std::sync::OnceLock<Option<std::os::fd::OwnedFd>>,
}

impl Bell {
    /// Arms the bell; its descriptor (made on first use), or None where no eventfd can be
    /// had.
    fn arm(&self) -> Option<std::os::fd::RawFd> {
        use std::os::fd::AsRawFd;
        let fd = self.fd.get_or_init(new_eventfd).as_ref()?.as_raw_fd();
        self.armed.store(true, Ordering::SeqCst);
        Some(fd)
    }

    /// Rings it if its side is armed (after what it should see is visible).
    fn ring(&self) {
        if self.armed.swap(false, Ordering::SeqCst) {
            self.write();
        }
    }

    /// Makes the descriptor readable whatever the arming (a side going away releases
    /// whoever still polls it).
    fn write(&self) {
        use std::os::fd::AsRawFd;
        if let Some(Some(fd)) = self.fd.get() {
            self.rung.store(true, Ordering::SeqCst);
            let one = 1u64.to_ne_bytes();
            // SAFETY: writes 8 bytes from a live local buffer to an eventfd we own.
            let _ = unsafe { libc::write(fd.as_raw_fd(), one.as_ptr().cast(), 8) };
        }
    }

    /// Empties the descriptor if it was written (so that a poll of it waits again).
    fn drain(&self) {
        use std::os::fd::AsRawFd;
        // (Every progress call asks: a plain load while nothing rang, no atomic write. A
        // ring missed here leaves the descriptor readable: the next poll sees it.)
        if self.rung.load(Ordering::Relaxed) && self.rung.swap(false, Ordering::SeqCst) {
            if let Some(Some(fd)) = self.fd.get() {
                let mut b = [0u8; 8];
                // SAFETY: reads at most 8 bytes into a live local buffer from an eventfd we
                // own (non-blocking: nothing to read is EAGAIN).
                let _ = unsafe { libc::read(fd.as_raw_fd(), b.as_mut_ptr().cast(), 8) };
            }
        }
    }
}

/// A non-blocking eventfd, or None.
fn new_eventfd() -> Option<std::os::fd::OwnedFd> {
    use std::os::fd::FromRawFd;
    // SAFETY: eventfd has no memory arguments; a valid result is a new descriptor we own.
    let fd = unsafe { libc::eventfd(0, libc::EFD_CLOEXEC | libc::EFD_NONBLOCK) };
    // SAFETY: (when valid) nobody else owns the new descriptor.
    (fd >= 0).then(|| unsafe { std::os::fd::OwnedFd::from_raw_fd(fd) })
}

struct Shared {
    lanes: [Lane; 2],
    /// Each side's doorbell, rung by the other.
    bells: [Bell; 2],
    faults: Faults,
    /// Counted only when a fault needs them.
    segments: AtomicU64,
    tagged: AtomicU64,
    dropped: AtomicBool,
    reply: Mutex<Option<WireEvent>>,
}

impl Shared {
    fn new(faults: Faults) -> Arc<Shared> {
        Arc::new(Shared {
            lanes: [Lane::new(), Lane::new()],
            bells: Default::default(),
            faults,
            segments: AtomicU64::new(0),
            tagged: AtomicU64::new(0),
            dropped: AtomicBool::new(false),
            reply: Mutex::new(None),
        })
    }

    /// Hands a reply to the connecting side (0).
    fn set_reply(&self, r: WireEvent, close: bool) {
        *self.reply.lock() = Some(r);
        let w = &self.lanes[0].w;
        if close {
            w.closed.store(true, Ordering::SeqCst);
        }
        w.reply.store(true, Ordering::Release);
        self.bells[0].ring();
    }
}

struct LoopWire {
    pipe: Arc<Shared>,
    side: usize,
    closed: bool,
    closed_reported: bool,
    replied: bool,
    /// The receiver's head when this side last looked (see [`Lane::has_room`]).
    head_seen: usize,
    /// Acknowledgments reported so far (of `lanes[side].w.acks`) and given (into
    /// `lanes[1 - side].w.acks`).
    acks_seen: usize,
    acks_given: usize,
    /// A held RDMA Write of the closed peer was flushed: nothing behind it is delivered
    /// but its Terminate.
    cut: bool,
    /// Draws batch sizes when faults delay delivery.
    rng: u64,
    /// Segments sent since the last progress call: they enter the lane together (as a
    /// NIC's doorbell starts the work queued before it), at that call.
    out: VecDeque<Outgoing>,
    /// The bytes of the inline Sends in `out`, one after another (emptied with `out`).
    inline: Vec<u8>,
    /// Buffers for the bytes of inline Sends received, back from the engine.
    spare: Vec<Vec<u8>>,
}

impl LoopWire {
    fn new(pipe: Arc<Shared>, side: usize, rng: u64) -> LoopWire {
        LoopWire {
            pipe,
            side,
            closed: false,
            closed_reported: false,
            replied: false,
            head_seen: 0,
            acks_seen: 0,
            acks_given: 0,
            cut: false,
            rng,
            out: VecDeque::new(),
            inline: Vec::new(),
            spare: Vec::new(),
        }
    }

    fn next_rand(&mut self) -> u64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng
    }

    /// Publishes the segments sent since the last call, as many as the peer's lane holds.
    fn flush(&mut self) {
        let p = &*self.pipe;
        let lane = &p.lanes[1 - self.side];
        let mut t = lane.w.tail.load(Ordering::Relaxed);
        while let Some(mut o) = self.out.pop_front() {
            if !lane.has_room(t, &mut self.head_seen) {
                self.out.push_front(o);
                break;
            }
            if self.closed || p.dropped.load(Ordering::Relaxed) {
                self.out.clear();
                break;
            }
            if let Some(n) = p.faults.drop_after_segments {
                if p.segments.fetch_add(1, Ordering::Relaxed) + 1 > n {
                    p.dropped.store(true, Ordering::SeqCst);
                    p.bells.iter().for_each(Bell::ring);
                    self.out.clear();
                    break;
                }
            }
            if o.seg.tagged && p.faults.fail_access_at.is_some() {
                let n = p.tagged.fetch_add(1, Ordering::Relaxed) + 1;
                if p.faults.fail_access_at == Some(n) {
                    o.seg.stag ^= 0xffff_ff00;
                }
            }
            lane.put(t, o.seg, &self.inline[o.inline]);
            t += 1;
        }
        if self.out.is_empty() {
            self.inline.clear();
        }
        lane.publish(t);
        p.bells[1 - self.side].ring();
    }
}

/// Takes one segment of `lane` for the engine (the bytes of an inline Send copied into a
/// spare buffer), or drops it when the closed peer's memory must no longer be read (`cut`).
fn deliver(
    lane: &Lane,
    cut: &mut bool,
    spare: &mut Vec<Vec<u8>>,
    mut s: InSeg,
    inline: &[u8],
    out: &mut Vec<WireEvent>,
) {
    if *cut && s.opcode != OP_TERMINATE {
        return;
    }
    if !inline.is_empty() {
        let mut v = spare
            .pop()
            .unwrap_or_else(|| Vec::with_capacity(INLINE_BYTES));
        v.clear();
        v.extend_from_slice(inline);
        s.data = Payload::Bytes(v);
    }
    if s.ack {
        // Counted before the close is looked at; the closing side sets its flag
        // before it looks at this count, so either this side sees the close or the
        // closer waits for the copy to end.
        lane.r.taken.fetch_add(1, Ordering::SeqCst);
        if s.tagged && lane.w.closed.load(Ordering::SeqCst) {
            lane.r.taken.fetch_sub(1, Ordering::SeqCst);
            *cut = true;
            return;
        }
    }
    out.push(WireEvent::Seg(s));
}

/// A queue pair dropped without a disconnect closes as a process's socket or device
/// context does when it goes: the peer sees the connection end.
impl Drop for LoopWire {
    fn drop(&mut self) {
        if !self.closed {
            self.close();
        }
        // Whoever still polls this side's doorbell is let go of it.
        self.pipe.bells[self.side].write();
    }
}

impl Wire for LoopWire {
    /// This side's doorbell, which the peer rings when it leaves something here.
    fn wake(&self) -> Option<Wake> {
        let fd = self.pipe.bells[self.side].arm()?;
        Some(Wake { fd, write: false })
    }

    /// A work request's payload crosses as a reference to the sender's registered memory
    /// and is copied once, by the receiving side, straight into its destination (as a
    /// NIC's DMA would move it, without the sender's CPU); the sender's request completes
    /// when the receiver has it. A Send of up to INLINE_BYTES is copied now instead and
    /// travels in its slot (the receiver then reads one place, not two after another).
    /// Nothing is allocated per segment once warm. The segment enters the lane at this
    /// side's next progress call (or close).
    fn send(&mut self, m: OutMsg) -> bool {
        let held = m.track && m.data.borrowed();
        // A small Send travels inline: done with the sender's memory now, no
        // acknowledgment, and its bytes reach the receiver with the segment.
        let inline = held && !m.tagged && m.data.len() <= INLINE_BYTES;
        let at = self.inline.len();
        let mut o = Outgoing {
            seg: InSeg {
                tagged: m.tagged,
                last: true,
                opcode: m.opcode,
                stag: m.stag,
                to: m.to,
                qn: m.qn,
                msn: m.msn,
                mo: 0,
                data: Payload::Bytes(Vec::new()),
                ack: held && !inline,
            },
            inline: at..at,
        };
        if inline {
            m.data.copy_to(0, m.data.len(), &mut self.inline);
            o.inline = at..self.inline.len();
        } else {
            o.seg.data = m.data;
        }
        self.out.push_back(o);
        !held || inline
    }

    fn recycle(&mut self, p: Payload) {
        if let Payload::Bytes(v) = p {
            if v.capacity() >= INLINE_BYTES && self.spare.len() < LANE_SLOTS {
                self.spare.push(v);
            }
        }
    }

    fn consumed(&mut self, n: usize) {
        let p = &*self.pipe;
        self.acks_given += n;
        p.lanes[1 - self.side]
            .w
            .acks
            .store(self.acks_given, Ordering::Release);
        p.lanes[self.side].r.taken.fetch_sub(n, Ordering::SeqCst);
        p.bells[1 - self.side].ring();
    }

    fn progress(&mut self, out: &mut Vec<WireEvent>) -> bool {
        self.pipe.bells[self.side].drain();
        if !self.out.is_empty() {
            self.flush();
        }
        let mut n = LANE_SLOTS;
        if let Some(m) = self.pipe.faults.max_batch {
            n = 1 + (self.next_rand() % m.max(1) as u64) as usize;
        }
        let p = &*self.pipe;
        let lane = &p.lanes[self.side];
        // Closes and drops first: the segments sent before them are then all visible.
        let peer_closed = lane.w.closed.load(Ordering::Acquire);
        let dropped = p.dropped.load(Ordering::Acquire);
        let mut moved = false;
        if !self.replied && lane.w.reply.load(Ordering::Acquire) {
            self.replied = true;
            if let Some(r) = p.reply.lock().take() {
                out.push(r);
            }
        }
        let acks = lane.w.acks.load(Ordering::Acquire);
        if acks != self.acks_seen {
            out.push(WireEvent::Delivered(acks - self.acks_seen));
            self.acks_seen = acks;
            moved = true;
        }
        let (cut, spare) = (&mut self.cut, &mut self.spare);
        if lane.take(n, |s, inline| deliver(lane, cut, spare, s, inline, out)) > 0 {
            moved = true;
            // What arrived is usually answered within this turn.
            p.lanes[1 - self.side].prefetch_send();
            // Room in the lane for a sender that waits for it.
            p.bells[1 - self.side].ring();
        }
        let peer_gone = dropped || (peer_closed && lane.is_empty());
        if peer_gone && !self.closed_reported {
            self.closed_reported = true;
            out.push(WireEvent::Closed);
        }
        moved
    }

    fn close(&mut self) {
        // What was sent before the close leaves first (a Terminate, a last message),
        // waiting a little for room if the peer's lane is full.
        wait_while(std::time::Duration::from_millis(100), || {
            self.flush();
            !self.out.is_empty()
        });
        self.closed = true;
        self.out.clear();
        self.inline.clear();
        let lane = &self.pipe.lanes[1 - self.side];
        lane.w.closed.store(true, Ordering::SeqCst);
        self.pipe.bells[1 - self.side].ring();
        // RDMA Writes the peer has not taken are flushed, not delivered later (it looks
        // at the close before it copies): their memory goes back to its owner, who may
        // reuse it at once (a real queue pair in error stops moving data too). Those it
        // has taken it is copying right now: wait for it to finish, which it does within
        // its current progress call (bounded).
        wait_while(std::time::Duration::from_secs(1), || {
            lane.r.taken.load(Ordering::SeqCst) > 0
        });
    }
}

/// Yields while `busy` holds, for at most `limit` (the peer moves on within its current
/// progress call; a peer that never does is not waited for forever).
fn wait_while(limit: std::time::Duration, mut busy: impl FnMut() -> bool) {
    let deadline = crate::clock::now() + limit;
    while crate::clock::now() < deadline && busy() {
        std::thread::yield_now();
    }
}

struct Pending {
    pipe: Arc<Shared>,
    private_data: Vec<u8>,
    ird: u16,
    ord: u16,
    peer: String,
    /// The accepting side's seed for batch sizes.
    rng: u64,
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
        let pipe = Shared::new(faults);
        let rng = (faults.seed ^ id.wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1;
        q.push_back(Pending {
            pipe: pipe.clone(),
            private_data: private_data.to_vec(),
            ird,
            ord,
            peer: format!("loopback-client-{id}"),
            rng: rng.rotate_left(17) | 1,
        });
        let wire = LoopWire::new(pipe, 0, rng);
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
    fn accept_on(
        self: Box<Self>,
        pd: &Pd,
        cq: &Cq,
        srq: Option<&Srq>,
        private_data: &[u8],
        ird: u16,
        ord: u16,
    ) -> Result<Box<dyn QueuePair>> {
        let me = *self;
        // Our outbound reads are bounded by the peer's IRD, and its by ours.
        let ord = ord.min(me.p.ird);
        let ird = ird.min(me.caps.ird.max(ird));
        me.p.pipe.set_reply(
            WireEvent::Established {
                private_data: private_data.to_vec(),
                ird,
                ord,
            },
            false,
        );
        let wire = LoopWire::new(me.p.pipe, 1, me.p.rng);
        let mut caps = me.caps;
        caps.ird = ird;
        caps.ord = ord;
        let mut e = Engine::new(wire, pd, cq, caps, true);
        if let Some(q) = srq {
            e.attach_srq(q);
        }
        e.set_established(ord);
        Ok(Box::new(e))
    }
    fn reject(self: Box<Self>, private_data: &[u8]) {
        self.p.pipe.set_reply(
            WireEvent::Rejected {
                private_data: private_data.to_vec(),
            },
            true,
        );
    }
}
