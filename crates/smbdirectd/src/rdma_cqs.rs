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

use fabric::{Completion, Cq};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::sync::Arc;

/// A completion queue and the room its connections reserve in it.
pub struct CqSlot {
    cq: Cq,
    /// Entries the queue holds (None: it grows).
    capacity: Option<usize>,
    reserved: AtomicUsize,
}

/// A connection's place on a completion queue: `need` entries reserved until dropped.
pub struct Seat {
    slot: Arc<CqSlot>,
    need: usize,
    tag: u32,
}

impl Seat {
    pub fn cq(&self) -> &Cq {
        &self.slot.cq
    }
    /// The tag the connection's work requests carry.
    pub fn tag(&self) -> u32 {
        self.tag
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
        }
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
                .is_none_or(|c| s.reserved.load(Ordering::Acquire) + need <= c)
        };
        let slot = match self.slots.iter().find(|s| room(s)) {
            Some(s) => s.clone(),
            None => {
                let (cq, capacity) = (self.make)(need)?;
                let s = Arc::new(CqSlot {
                    capacity,
                    cq,
                    reserved: AtomicUsize::new(0),
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
    /// Seats of connections that are gone, given back once their queues are drained.
    leaving: Vec<Seat>,
    /// Tags of connections whose completions go nowhere: closed ones waiting for their
    /// storage reads, and gone ones whose queues have not been drained since.
    dead: HashSet<u32, std::hash::BuildHasherDefault<fabric::KeyHash>>,
    /// Completions of connections not adopted yet: the listener posts a connection's
    /// receives on the worker's queue before handing it over, and on a device the
    /// peer's first message may complete before the worker knows the tag. Kept, in
    /// order, until the connection arrives (at most [`EARLY_MAX`]).
    early: Vec<Completion>,
    wc: Vec<Completion>,
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
        self.queues.clear();
        self.dead.clear();
        let add = |q: &mut Vec<Arc<CqSlot>>, s: &Seat| {
            if !q.iter().any(|x| Arc::ptr_eq(x, &s.slot)) {
                q.push(s.slot.clone());
            }
        };
        for (i, s) in seats.enumerate() {
            self.by_tag.insert(s.tag, i);
            add(&mut self.queues, s);
        }
        for s in others {
            self.dead.insert(s.tag);
            add(&mut self.queues, s);
        }
        for s in &self.leaving {
            self.dead.insert(s.tag);
            add(&mut self.queues, s);
        }
    }

    /// Hands the completions kept for connections that were not adopted yet to those now
    /// adopted (in the order they arrived); keeps the rest.
    pub fn deliver_early(&mut self, mut deliver: impl FnMut(usize, &Completion)) {
        if self.early.is_empty() {
            return;
        }
        let (by_tag, dead) = (&self.by_tag, &self.dead);
        self.early.retain(|c| {
            let tag = smbdirect::completion_tag(c);
            match by_tag.get(&tag) {
                Some(&i) => {
                    deliver(i, c);
                    false
                }
                None => !dead.contains(&tag),
            }
        });
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
                for c in &wc {
                    let tag = smbdirect::completion_tag(c);
                    if let Some(&i) = self.by_tag.get(&tag) {
                        deliver(i, c);
                    } else if !self.dead.contains(&tag) && self.early.len() < EARLY_MAX {
                        self.early.push(*c);
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
}
