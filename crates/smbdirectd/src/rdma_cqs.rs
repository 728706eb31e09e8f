//! The completion queues of SMB Direct connections: each worker polls one queue (per
//! listener) for all the connections it drives, not one per connection, so a turn polls
//! the same number of queues with 2 connections or 200.
//!
//! The listener thread seats each connection it accepts on a queue of the worker it hands
//! the connection to ([`WorkerCqs::seat`]); the connection's work requests carry a tag
//! ([`smbdirect::completion_tag`]) by which the worker hands each completion to its
//! connection ([`Demux`]).
//!
//! A device's queue has a fixed size, and one overrun fails with every queue pair on it:
//! a seat reserves what its queue pair could ever put on the queue (its receive and send
//! queues' depths, flushes included), and a queue whose room is taken gets a sibling. A
//! seat is given back once its queue pair is gone and the queue has been polled empty
//! since (completions already queued for it stay until then). Software queues grow:
//! their seats reserve nothing.
//!
//! Where the worker's connections draw on shared receives ([`SharedReceives`]), a
//! receive's completion carries no tag: its queue pair names the connection. Any number
//! of the shared receives may complete on one queue, so each queue reserves room for all
//! of them once, and a seat only for its send queue. A receive of a queue pair that is
//! gone (or was never adopted) is posted again by the worker.

use fabric::{Completion, Cq};
use smbdirect::{is_shared_receive, SharedReceives};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::sync::Arc;

/// A completion queue and the room its connections reserve in it.
pub struct CqSlot {
    cq: Cq,
    /// Entries the queue holds (None: it grows).
    capacity: Option<usize>,
    reserved: AtomicUsize,
    /// The shared receives that may complete here (room for all of them is kept on top
    /// of the seats' reservations).
    receives: Option<Arc<SharedReceives>>,
}

impl CqSlot {
    /// Entries kept for the shared receives.
    fn base(&self) -> usize {
        self.receives.as_ref().map_or(0, |r| r.slots() as usize)
    }
}

/// A connection's place on a completion queue: `need` entries reserved until dropped.
pub struct Seat {
    slot: Arc<CqSlot>,
    need: usize,
    tag: u32,
    /// The queue pair's number, once accepted.
    qp_num: Option<u32>,
    /// A connection that is gone, kept (with its queue pair) until its queue has been
    /// drained: its receives flushed to the queue are posted again, and its queue pair's
    /// number is not reused, while completions of it may still come.
    retired: Option<Box<dyn Send>>,
}

impl Seat {
    pub fn cq(&self) -> &Cq {
        &self.slot.cq
    }
    /// The tag the connection's work requests carry.
    pub fn tag(&self) -> u32 {
        self.tag
    }
    /// Names the queue pair seated here (shared receives' completions carry it).
    pub fn set_qp_num(&mut self, n: u32) {
        self.qp_num = Some(n);
    }
    /// Keeps `conn` until the seat is given back (see [`Demux::leave`]).
    pub fn retire(&mut self, conn: Box<dyn Send>) {
        self.retired = Some(conn);
    }
    /// The queue's identity in the worker's tables (queue pair numbers are unique per
    /// device only; a queue belongs to one listener and so to one device).
    fn queue_key(&self) -> usize {
        Arc::as_ptr(&self.slot) as usize
    }
}

impl Drop for Seat {
    fn drop(&mut self) {
        self.slot.reserved.fetch_sub(self.need, Ordering::AcqRel);
    }
}

/// Makes a completion queue with room for at least the given number of entries; says
/// how many it holds (None: it grows).
pub type MakeCq = Arc<dyn Fn(usize) -> fabric::Result<(Cq, Option<usize>)> + Send + Sync>;

/// Makes software queues, which grow.
pub fn software() -> MakeCq {
    Arc::new(|_| Ok((Cq::new(), None)))
}

/// One listener's completion queues for one worker.
pub struct WorkerCqs {
    make: MakeCq,
    slots: Vec<Arc<CqSlot>>,
    receives: Option<Arc<SharedReceives>>,
}

/// Tags in use anywhere in the process come from one counter: a completion still queued
/// for a connection that is gone names no live one (the counter goes round only after
/// 2^28 connections).
static NEXT_TAG: AtomicU32 = AtomicU32::new(1);

fn next_tag() -> u32 {
    loop {
        let t = NEXT_TAG.fetch_add(1, Ordering::Relaxed) & smbdirect::MAX_TAG;
        if t != 0 {
            return t;
        }
    }
}

impl WorkerCqs {
    pub fn new(make: MakeCq) -> WorkerCqs {
        WorkerCqs {
            make,
            slots: Vec::new(),
            receives: None,
        }
    }

    /// The shared receives the queues' connections draw on: given before the first seat.
    pub fn set_receives(&mut self, r: Arc<SharedReceives>) {
        debug_assert!(self.slots.is_empty(), "receives given after the first seat");
        self.receives = Some(r);
    }

    /// A seat for a queue pair that may put up to `need` completions on its queue: on a
    /// queue of this worker with that much room, or on a new one. (Only this listener
    /// reserves room on its queues, so the room it sees cannot shrink before it takes it.)
    pub fn seat(&mut self, need: usize) -> fabric::Result<Seat> {
        // Queues nobody sits on any more are let go (the worker keeps polling one as long
        // as it holds seats on it); the first stays.
        let mut first = true;
        self.slots.retain(|s| {
            let keep = first || s.reserved.load(Ordering::Acquire) > 0;
            first = false;
            keep
        });
        let room = |s: &CqSlot| {
            s.capacity
                .is_none_or(|c| s.base() + s.reserved.load(Ordering::Acquire) + need <= c)
        };
        let slot = match self.slots.iter().find(|s| room(s)) {
            Some(s) => s.clone(),
            None => {
                let base = self.receives.as_ref().map_or(0, |r| r.slots() as usize);
                let (cq, capacity) = (self.make)(base + need)?;
                let s = Arc::new(CqSlot {
                    capacity,
                    cq,
                    reserved: AtomicUsize::new(0),
                    receives: self.receives.clone(),
                });
                if !room(&s) {
                    return Err(fabric::Error::Unavailable(format!(
                        "a completion queue of {:?} entries cannot hold a queue pair's {need}",
                        s.capacity
                    )));
                }
                self.slots.push(s.clone());
                s
            }
        };
        let need = if slot.capacity.is_some() { need } else { 0 };
        slot.reserved.fetch_add(need, Ordering::AcqRel);
        Ok(Seat {
            slot,
            need,
            tag: next_tag(),
            qp_num: None,
            retired: None,
        })
    }
}

/// The worker's side: the queues its connections sit on, polled once a turn, and which
/// connection each completion goes to.
#[derive(Default)]
pub struct Demux {
    /// Distinct queues to poll.
    queues: Vec<Arc<CqSlot>>,
    /// Connection tag → index in the worker's list of connections.
    by_tag: HashMap<u32, usize, std::hash::BuildHasherDefault<fabric::KeyHash>>,
    /// (Queue, queue pair number) → index, for shared receives' completions.
    by_qp: HashMap<(usize, u32), usize, std::hash::BuildHasherDefault<fabric::KeyHash>>,
    /// Queue pairs of connections whose completions go nowhere (as `dead`).
    dead_qp: HashSet<(usize, u32), std::hash::BuildHasherDefault<fabric::KeyHash>>,
    /// The distinct shared receives completing on the queues.
    receives: Vec<Arc<SharedReceives>>,
    /// Seats of connections that are gone, given back once their queues are drained.
    leaving: Vec<Seat>,
    /// Tags of connections whose completions go nowhere: closed ones waiting for their
    /// storage reads, and gone ones whose queues have not been drained since.
    dead: HashSet<u32, std::hash::BuildHasherDefault<fabric::KeyHash>>,
    /// Completions of connections not adopted yet: the listener posts a connection's
    /// receives on the worker's queue before handing it over, and on a device the
    /// peer's first message may complete before the worker knows the tag. Kept, in
    /// order, until the connection arrives (at most [`EARLY_MAX`]), with the shared
    /// receives a receive's buffer goes back to if its connection never comes.
    early: Vec<Early>,
    wc: Vec<Completion>,
}

/// A completion kept for a connection not adopted yet: its queue, and the shared
/// receives its buffer goes back to if the connection never comes.
struct Early {
    c: Completion,
    queue: usize,
    receives: Option<Arc<SharedReceives>>,
}

/// Completions kept for connections not adopted yet (a connection's share is its receive
/// depth at most, until it is adopted; past this many, they are dropped).
const EARLY_MAX: usize = 1 << 16;

/// Completions taken from one queue per poll, and polls per queue in a turn (more wait
/// for the next turn, after the connections have moved).
const BATCH: usize = 256;
const POLLS: usize = 4;

impl Demux {
    /// Rebuilds the tables from the connections (`seats` in the order of the worker's
    /// list) and the seats of connections kept only while their storage reads finish.
    pub fn rebuild<'a>(
        &mut self,
        seats: impl Iterator<Item = &'a Seat>,
        others: impl Iterator<Item = &'a Seat>,
    ) {
        self.by_tag.clear();
        self.by_qp.clear();
        self.queues.clear();
        self.dead.clear();
        self.dead_qp.clear();
        self.receives.clear();
        let add = |q: &mut Vec<Arc<CqSlot>>, s: &Seat| {
            if !q.iter().any(|x| Arc::ptr_eq(x, &s.slot)) {
                q.push(s.slot.clone());
            }
        };
        for (i, s) in seats.enumerate() {
            self.by_tag.insert(s.tag, i);
            if let Some(n) = s.qp_num {
                self.by_qp.insert((s.queue_key(), n), i);
            }
            add(&mut self.queues, s);
        }
        for s in others {
            self.dead.insert(s.tag);
            self.dead_qp.extend(s.qp_num.map(|n| (s.queue_key(), n)));
            add(&mut self.queues, s);
        }
        for s in &self.leaving {
            self.dead.insert(s.tag);
            self.dead_qp.extend(s.qp_num.map(|n| (s.queue_key(), n)));
            add(&mut self.queues, s);
        }
        for r in self.queues.iter().filter_map(|q| q.receives.as_ref()) {
            if !self.receives.iter().any(|x| Arc::ptr_eq(x, r)) {
                self.receives.push(r.clone());
            }
        }
    }

    /// Where a completion goes: its connection's index, or None when it has no
    /// connection (yet, or any more: `dead` then).
    fn route(&self, queue: usize, c: &Completion) -> (Option<usize>, bool) {
        if is_shared_receive(c) {
            // (A gone connection keeps its queue pair, and so its number, until its
            // queue is drained: a live one cannot have the same.)
            let key = (queue, c.qp_num);
            let i = self.by_qp.get(&key).copied();
            (i, i.is_none() && self.dead_qp.contains(&key))
        } else {
            let tag = smbdirect::completion_tag(c);
            let i = self.by_tag.get(&tag).copied();
            (i, i.is_none() && self.dead.contains(&tag))
        }
    }

    /// Hands the completions kept for connections that were not adopted yet to those now
    /// adopted (in the order they arrived); keeps the rest.
    pub fn deliver_early(&mut self, mut deliver: impl FnMut(usize, &Completion)) {
        if self.early.is_empty() {
            return;
        }
        let mut early = std::mem::take(&mut self.early);
        early.retain(|e| match self.route(e.queue, &e.c) {
            (Some(i), _) => {
                deliver(i, &e.c);
                false
            }
            (None, true) => {
                if let Some(r) = &e.receives {
                    r.repost(&e.c);
                }
                false
            }
            (None, false) => true,
        });
        self.early = early;
    }

    /// A connection is gone (its queue pair destroyed): its seat is given back once its
    /// queue has been drained. The caller rebuilds.
    pub fn leave(&mut self, seat: Seat) {
        self.leaving.push(seat);
    }

    /// Queues polled per turn.
    pub fn queues(&self) -> usize {
        self.queues.len()
    }

    /// The shared receives completing on the queues: (posted, reserved by no connection).
    pub fn shared_receives(&self) -> (u64, u64) {
        self.receives.iter().fold((0, 0), |(p, f), r| {
            (p + r.posted(), f + u64::from(r.free()))
        })
    }

    /// Polls every queue and hands each completion to `deliver` with the index of its
    /// connection (completions of connections that are gone are dropped, those of
    /// connections not adopted yet kept: see [`Demux::deliver_early`]). Returns whether
    /// any arrived, and whether the seats of departed connections went back (the caller
    /// then rebuilds).
    pub fn poll(&mut self, mut deliver: impl FnMut(usize, &Completion)) -> (bool, bool) {
        let mut any = false;
        let mut drained = true;
        let mut wc = std::mem::take(&mut self.wc);
        for q in &self.queues {
            let mut polls = 0;
            loop {
                wc.clear();
                let n = q.cq.poll(&mut wc, BATCH);
                any |= n > 0;
                let queue = Arc::as_ptr(q) as usize;
                for c in &wc {
                    match self.route(queue, c) {
                        (Some(i), _) => deliver(i, c),
                        (None, false) if self.early.len() < EARLY_MAX => {
                            let r = is_shared_receive(c).then(|| q.receives.clone());
                            self.early.push(Early {
                                c: *c,
                                queue,
                                receives: r.flatten(),
                            });
                        }
                        // A receive nobody will take: its buffer goes back to the queue.
                        _ => {
                            if let (true, Some(r)) = (is_shared_receive(c), &q.receives) {
                                r.repost(c);
                            }
                        }
                    }
                }
                polls += 1;
                if n < BATCH {
                    break;
                }
                if polls == POLLS {
                    drained = false;
                    break;
                }
            }
        }
        self.wc = wc;
        let released = drained && !self.leaving.is_empty();
        if released {
            self.leaving.clear();
        }
        (any, released)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counting(capacity: Option<usize>) -> (WorkerCqs, Arc<AtomicUsize>) {
        let made = Arc::new(AtomicUsize::new(0));
        let m = made.clone();
        let w = WorkerCqs::new(Arc::new(move |_| {
            m.fetch_add(1, Ordering::Relaxed);
            Ok((Cq::new(), capacity))
        }));
        (w, made)
    }

    #[test]
    fn software_queues_are_one_per_worker() {
        let (mut w, made) = counting(None);
        let seats: Vec<Seat> = (0..200).map(|_| w.seat(1280).unwrap()).collect();
        assert_eq!(made.load(Ordering::Relaxed), 1);
        assert!(seats.iter().all(|s| s.cq().same(seats[0].cq())));
        let mut tags: Vec<u32> = seats.iter().map(|s| s.tag()).collect();
        tags.sort();
        tags.dedup();
        assert_eq!(tags.len(), 200);
    }

    #[test]
    fn device_queues_take_what_fits_and_get_siblings() {
        // Room for two queue pairs of 1,280 per queue.
        let (mut w, made) = counting(Some(3000));
        let mut seats: Vec<Seat> = (0..5).map(|_| w.seat(1280).unwrap()).collect();
        assert_eq!(made.load(Ordering::Relaxed), 3);
        assert_eq!(w.slots.len(), 3);
        assert!(seats[0].cq().same(seats[1].cq()) && !seats[1].cq().same(seats[2].cq()));
        // The first queue's seats go: its room is taken again before a new queue is made.
        let first = seats[0].cq().clone();
        seats.drain(..2);
        let again = w.seat(1280).unwrap();
        assert!(again.cq().same(&first));
        assert_eq!(made.load(Ordering::Relaxed), 3);
        // A queue pair larger than a whole queue is refused.
        assert!(w.seat(4000).is_err());
    }

    #[test]
    fn demux_hands_completions_to_their_connection_and_keeps_departed_seats_until_drained() {
        let (mut w, _) = counting(Some(3000));
        let a = w.seat(1000).unwrap();
        let b = w.seat(1000).unwrap();
        let mut d = Demux::default();
        d.rebuild([&a, &b].into_iter(), std::iter::empty());
        assert_eq!(d.queues(), 1);
        let (any, released) = d.poll(|_, _| panic!("nothing was queued"));
        assert!(!any && !released);
        // b leaves: its room stays taken until the queue has been polled empty.
        let cq = b.cq().clone();
        d.leave(b);
        d.rebuild([&a].into_iter(), std::iter::empty());
        assert!(!w.seat(1500).unwrap().cq().same(&cq));
        let (_, released) = d.poll(|_, _| {});
        assert!(released);
        assert!(w.seat(1500).unwrap().cq().same(&cq));
    }

    /// A connection's first message may complete on the worker's queue before the worker
    /// adopts it (its receives were posted by the listener): it is kept until then, while
    /// a gone connection's completions are dropped.
    #[test]
    fn completions_before_adoption_wait_for_their_connection() {
        use fabric::loopback::LoopbackFabric;
        use fabric::{Access, CmEvent, Pd, RecvWr, RegBuf, SendOp, SendWr};
        let (mut w, _) = counting(None);
        let live = w.seat(10).unwrap();
        let fresh = w.seat(10).unwrap();
        let f = LoopbackFabric::new();
        let mut l = f.listen("early").unwrap();
        let (cpd, ccq) = (Pd::new(), Cq::new());
        let mut c = f.connect("early", &cpd, &ccq, b"", 16, 16).unwrap();
        let spd = Pd::new();
        let mut s = l
            .poll_request()
            .unwrap()
            .unwrap()
            .accept(&spd, fresh.cq(), b"", 16, 16)
            .unwrap();
        for _ in 0..100 {
            c.progress().unwrap();
            if let Some(CmEvent::Established { .. }) = c.poll_event() {
                break;
            }
        }
        // The listener's side: a receive tagged for the new connection.
        let rbuf = spd.register(RegBuf::new(64), Access::LOCAL_WRITE);
        let wr_id = (1u64 << 60) | (u64::from(fresh.tag()) << 32) | 7;
        s.post_recv(RecvWr {
            wr_id,
            sge: rbuf.sge(0, 64),
        })
        .unwrap();
        let sbuf = cpd.register(RegBuf::new(16), Access::LOCAL_WRITE);
        c.post_send(SendWr {
            wr_id: 1,
            op: SendOp::Send,
            sge: fabric::sges![sbuf.sge(0, 16)],
            signaled: true,
        })
        .unwrap();
        // The worker knows only the live connection when the message completes.
        let mut d = Demux::default();
        d.rebuild([&live].into_iter(), std::iter::empty());
        let mut got = Vec::new();
        for _ in 0..100 {
            c.progress().unwrap();
            s.progress().unwrap();
            d.poll(|i, c| got.push((i, c.wr_id)));
        }
        assert!(got.is_empty(), "nothing goes to the live connection");
        // Adopted: the kept completion reaches it first.
        d.rebuild([&live, &fresh].into_iter(), std::iter::empty());
        d.deliver_early(|i, c| got.push((i, c.wr_id)));
        assert_eq!(got, vec![(1, wr_id)]);
        // Gone (its seat leaving): what still arrives for it is dropped, not kept.
        s.post_recv(RecvWr {
            wr_id,
            sge: rbuf.sge(0, 64),
        })
        .unwrap();
        drop(s);
        d.leave(fresh);
        d.rebuild([&live].into_iter(), std::iter::empty());
        for _ in 0..10 {
            c.progress().unwrap();
            d.poll(|i, c| got.push((i, c.wr_id)));
        }
        d.deliver_early(|i, c| got.push((i, c.wr_id)));
        assert_eq!(got.len(), 1);
        assert!(d.early.is_empty());
    }

    /// Shared receives' completions carry no tag: they go by queue pair number, wait
    /// for a connection not adopted yet, and those of a connection that is gone are
    /// posted again for the others.
    #[test]
    fn shared_receives_go_by_queue_pair_and_come_back_when_nobody_takes_them() {
        use fabric::loopback::LoopbackFabric;
        use fabric::{Access, CmEvent, Pd, RegBuf, SendOp, SendWr, Srq};
        let pd = Pd::new();
        let r = SharedReceives::new(Srq::new(8), &pd, 256, 2).unwrap();
        let (mut w, _) = counting(None);
        w.set_receives(r.clone());
        let f = LoopbackFabric::new();
        let mut l = f.listen("srq").unwrap();
        let mut seat_and_pair = |n: &str| {
            let mut seat = w.seat(10).unwrap();
            let (cpd, ccq) = (Pd::new(), Cq::new());
            let mut c = f.connect(n, &cpd, &ccq, b"", 16, 16).unwrap();
            let s = l
                .poll_request()
                .unwrap()
                .unwrap()
                .accept_on(&pd, seat.cq(), Some(r.srq()), b"", 16, 16)
                .unwrap();
            seat.set_qp_num(s.qp_num());
            for _ in 0..100 {
                c.progress().unwrap();
                if let Some(CmEvent::Established { .. }) = c.poll_event() {
                    break;
                }
            }
            let buf = cpd.register(RegBuf::new(16), Access::LOCAL_WRITE);
            (seat, c, s, buf)
        };
        let send = |c: &mut Box<dyn fabric::QueuePair>, buf: &fabric::Mr| {
            c.post_send(SendWr {
                wr_id: 1,
                op: SendOp::Send,
                sge: fabric::sges![buf.sge(0, 16)],
                signaled: true,
            })
            .unwrap();
        };
        let (a, mut ca, mut sa, abuf) = seat_and_pair("srq");
        let mut d = Demux::default();
        d.rebuild(std::iter::empty(), std::iter::empty());
        d.queues.push(a.slot.clone());
        // Before adoption: kept.
        send(&mut ca, &abuf);
        let mut got = Vec::new();
        for _ in 0..50 {
            ca.progress().unwrap();
            sa.progress().unwrap();
            d.poll(|i, c| got.push((i, c.qp_num)));
        }
        assert!(got.is_empty() && d.early.len() == 1);
        d.rebuild([&a].into_iter(), std::iter::empty());
        d.deliver_early(|i, c| {
            assert!(smbdirect::is_shared_receive(c));
            got.push((i, c.qp_num))
        });
        assert_eq!(got, vec![(0, sa.qp_num())]);
        assert!(d.early.is_empty());
        // Gone: its messages' receives go straight back to the queue. Three of them, on
        // a queue of two receives (the adopted message's the connection posted again):
        // had one not been posted again, the last would find no receive and end the
        // connection.
        d.leave(a);
        d.rebuild(std::iter::empty(), std::iter::empty());
        r.repost(&fabric::Completion {
            wr_id: 4 << 60,
            status: fabric::WcStatus::Success,
            opcode: fabric::WcOpcode::Recv,
            byte_len: 16,
            invalidated_rkey: None,
            qp_num: sa.qp_num(),
        });
        for _ in 0..3 {
            send(&mut ca, &abuf);
            for _ in 0..50 {
                ca.progress().unwrap();
                sa.progress().unwrap();
                d.poll(|i, c| got.push((i, c.qp_num)));
            }
        }
        assert_eq!(got.len(), 1, "nothing goes to a connection that is gone");
        assert!(d.early.is_empty());
        assert_eq!(sa.state(), fabric::QpState::Connected);
        assert!(sa.poll_event().is_none() && ca.poll_event().is_none());
    }
}
