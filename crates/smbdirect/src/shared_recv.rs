//! Receives a worker shares among its connections: one shared receive queue
//! ([`fabric::Srq`]) with buffers registered once, instead of a receive queue and
//! `receive_credit_max` buffers per connection. Memory for receives is then bounded per
//! worker, whatever the number of connections.
//!
//! Credits stay honest: a connection grants its peer credits only for receives it holds
//! a reservation on ([`SharedReceives::reserve`]), and the reservations of all
//! connections never exceed the receives posted. Each connection holds back one more
//! than it granted, as with receives of its own, so a peer sending without a credit
//! takes its own connection's spare and that connection fails; it cannot take another
//! connection's receives unless it sends several without credits at once, and those are
//! posted again as soon as they are seen; an eighth of the receives are never reserved,
//! room for such a burst. Reservations are shared fairly: a connection
//! grows to at most its share (the receives over the connections drawing on them, never
//! below [`JOIN`]) and gives back what it holds past its share as its peer spends credits.

use crate::{KIND_MASK, KIND_SRECV};
use fabric::{Access, Completion, Mr, Pd, RecvWr, RegBuf, Srq};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;

/// Receives a connection reserves to join: one for the peer's negotiate request (sent
/// without a credit) and one to hold back.
pub const JOIN: u32 = 2;

pub struct SharedReceives {
    srq: Srq,
    mr: Mr,
    slot: usize,
    slots: u32,
    /// Receives never reserved: room for messages a peer sends without credits, taken
    /// before its connection has seen them and failed (they are posted again then).
    reserve: u32,
    /// Receives posted and reserved by no connection.
    free: AtomicU32,
    /// Receives reserved but no longer posted (a repost failed with none free): paid
    /// off before reservations come back to `free`.
    debt: AtomicU32,
    /// Connections drawing on the receives.
    conns: AtomicU32,
    /// Receives that could not be posted again (a device error): lost to the queue.
    lost: AtomicU64,
}

impl std::fmt::Debug for SharedReceives {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SharedReceives")
            .field("slots", &self.slots)
            .field("slot", &self.slot)
            .field("free", &self.free())
            .field("conns", &self.conns.load(Ordering::Relaxed))
            .finish()
    }
}

/// Whether a completion is of a receive from a shared receive queue (its connection is
/// named by the completion's queue pair, not by a tag in its id).
pub fn is_shared_receive(c: &Completion) -> bool {
    c.wr_id & KIND_MASK == KIND_SRECV
}

/// One connection's place on shared receives and the receives it holds a reservation
/// on (from [`SharedReceives::join`]; given back when dropped).
pub struct Member {
    r: Arc<SharedReceives>,
    held: u32,
}

impl std::fmt::Debug for Member {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Member").field("held", &self.held).finish()
    }
}

impl Member {
    pub fn receives(&self) -> &Arc<SharedReceives> {
        &self.r
    }
    /// Receives reserved.
    pub fn held(&self) -> u32 {
        self.held
    }
    /// Reserves more, up to `want` held in all, within the connection's share; gives
    /// back what it holds past that, keeping at least `keep`. Returns what it holds.
    pub fn adjust(&mut self, want: u32, keep: u32) -> u32 {
        let want = want.min(self.r.share()).max(JOIN);
        if self.held < want {
            self.held += self.r.take(want - self.held);
        } else {
            let keep = want.max(keep);
            if self.held > keep {
                self.r.give(self.held - keep);
                self.held = keep;
            }
        }
        self.held
    }
}

impl Drop for Member {
    fn drop(&mut self) {
        self.r.give(self.held);
        self.r.conns.fetch_sub(1, Ordering::AcqRel);
    }
}

impl SharedReceives {
    /// `slots` receives of `slot` bytes (the listener's `max_receive_size`), registered in
    /// `pd` (the domain of the queue and of every queue pair attached to it) and posted
    /// to `srq`. An eighth of them are never reserved (see `reserve`).
    pub fn new(srq: Srq, pd: &Pd, slot: usize, slots: u32) -> fabric::Result<Arc<Self>> {
        let slots = slots.min(srq.capacity() as u32);
        let reserve = slots / 8;
        if slots - reserve < JOIN {
            return Err(fabric::Error::InvalidRequest(
                "a shared receive queue needs at least two receives".into(),
            ));
        }
        let mr = pd.try_register(RegBuf::new(slot * slots as usize), Access::LOCAL_WRITE)?;
        let r = SharedReceives {
            srq,
            mr,
            slot,
            slots,
            reserve,
            free: AtomicU32::new(0),
            debt: AtomicU32::new(0),
            conns: AtomicU32::new(0),
            lost: AtomicU64::new(0),
        };
        for i in 0..slots {
            r.srq.post_recv(r.wr(i))?;
        }
        r.free.store(slots - reserve, Ordering::Release);
        Ok(Arc::new(r))
    }

    fn wr(&self, slot: u32) -> RecvWr {
        RecvWr {
            wr_id: KIND_SRECV | u64::from(slot),
            sge: self.mr.sge(slot as usize * self.slot, self.slot),
        }
    }

    /// The queue, for queue pairs to attach to.
    pub fn srq(&self) -> &Srq {
        &self.srq
    }
    /// Receives posted in all.
    pub fn slots(&self) -> u32 {
        self.slots
    }
    /// Receives that may be reserved in all (the posted ones but the reserve).
    pub fn reservable(&self) -> u32 {
        self.slots - self.reserve
    }
    /// Receives nobody holds a reservation on (the reserve aside).
    pub fn free(&self) -> u32 {
        self.free.load(Ordering::Acquire)
    }
    /// Receives on the queue now: all of them but those lost to device errors.
    pub fn posted(&self) -> u64 {
        u64::from(self.slots).saturating_sub(self.lost.load(Ordering::Relaxed))
    }

    /// A new connection joins with [`JOIN`] receives reserved; None (nothing reserved)
    /// when fewer are free: the connection then brings receives of its own.
    pub fn join(self: &Arc<Self>) -> Option<Member> {
        self.free
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |f| f.checked_sub(JOIN))
            .ok()?;
        self.conns.fetch_add(1, Ordering::AcqRel);
        Some(Member {
            r: self.clone(),
            held: JOIN,
        })
    }

    /// A connection's fair share: what it may hold at most. (Counted as if one more
    /// connection were drawing on them: a share is kept for the next to arrive, whom
    /// connections holding their credits idle would otherwise leave nothing.)
    pub fn share(&self) -> u32 {
        (self.reservable() / (self.conns.load(Ordering::Acquire) + 1)).max(JOIN)
    }

    /// Reserves up to `want` free receives; returns how many.
    fn take(&self, want: u32) -> u32 {
        take_up_to(&self.free, want)
    }

    /// Gives back `n` reserved receives (first paying off any debt).
    fn give(&self, n: u32) {
        let paid = take_up_to(&self.debt, n);
        self.free.fetch_add(n - paid, Ordering::AcqRel);
    }

    /// The message a receive completion brought: the bytes of its slot. The slot stays
    /// the caller's until it posts it again ([`SharedReceives::repost`]).
    ///
    /// # Safety
    /// The completion must be of this queue's receive, not yet posted again.
    pub(crate) unsafe fn message(&self, c: &Completion) -> &[u8] {
        let slot = (c.wr_id & crate::ID_MASK) as usize % self.slots as usize;
        let len = (c.byte_len as usize).min(self.slot);
        // SAFETY: the receive into this slot has completed and it is not posted again
        // before the caller is done with the bytes (the caller's promise).
        unsafe { self.mr.buf.range(slot * self.slot, len) }
    }

    /// Posts a completed receive's buffer again, whatever the completion's status (a
    /// flushed receive's buffer is as free as a filled one's). Completions of queue
    /// pairs that are gone come here from their queue's owner.
    pub fn repost(&self, c: &Completion) {
        let slot = (c.wr_id & crate::ID_MASK) as u32 % self.slots;
        if self.srq.post_recv(self.wr(slot)).is_err() {
            // The receive is gone from the queue: so is what it counted for, now or
            // when a reservation comes back.
            self.lost.fetch_add(1, Ordering::Relaxed);
            if self.take(1) == 0 {
                self.debt.fetch_add(1, Ordering::AcqRel);
            }
        }
    }
}

/// Takes up to `n` from `a` (never below zero); returns how much it took.
fn take_up_to(a: &AtomicU32, n: u32) -> u32 {
    let mut got = 0;
    let _ = a.fetch_update(Ordering::AcqRel, Ordering::Acquire, |v| {
        got = v.min(n);
        Some(v - got)
    });
    got
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_join_while_two_are_free_and_share_fairly() {
        let pd = Pd::new();
        // 8 posted, 1 kept in reserve, 7 to reserve.
        let r = SharedReceives::new(Srq::new(100), &pd, 1024, 8).unwrap();
        assert_eq!((r.slots(), r.reservable(), r.free()), (8, 7, 7));
        let a = r.join().unwrap();
        let mut b = r.join().unwrap();
        let c = r.join().unwrap();
        assert_eq!(r.free(), 1);
        assert!(r.join().is_none(), "one free is not enough to join");
        assert_eq!(r.free(), 1, "a refused join takes nothing");
        assert_eq!(r.share(), JOIN);
        drop(c);
        assert_eq!(r.free(), 3);
        // b grows to its share (7 over 2 + 1), then gives back down to what it must keep.
        assert_eq!(b.adjust(100, 0), 2);
        drop(a);
        assert_eq!(b.adjust(100, 0), 3);
        assert_eq!(r.free(), 4);
        drop(b);
        let mut b = r.join().unwrap();
        assert_eq!(b.adjust(100, 0), 3);
        assert_eq!(b.adjust(2, 3), 3);
        assert_eq!(b.adjust(2, 0), 2);
        assert_eq!(r.free(), 5);
        drop(b);
        assert_eq!(r.free(), 7);
        // A queue smaller than its receives posts what it holds.
        let small = SharedReceives::new(Srq::new(3), &pd, 1024, 10).unwrap();
        assert_eq!(small.slots(), 3);
        assert!(SharedReceives::new(Srq::new(1), &pd, 1024, 10).is_err());
    }

    #[test]
    fn a_receive_that_cannot_go_back_is_no_longer_posted_nor_reservable() {
        let pd = Pd::new();
        // A queue with room for exactly its 3 receives: posting one more fails.
        let r = SharedReceives::new(Srq::new(3), &pd, 1024, 3).unwrap();
        assert_eq!((r.posted(), r.free()), (3, 3));
        let m = r.join().unwrap();
        assert_eq!(r.free(), 1);
        let done = |slot: u64| Completion {
            wr_id: KIND_SRECV | slot,
            status: fabric::WcStatus::Success,
            opcode: fabric::WcOpcode::Recv,
            byte_len: 0,
            invalidated_rkey: None,
            qp_num: 1,
        };
        // The first loss comes out of what is free, the second out of the member's
        // reservation once it is given back.
        r.repost(&done(0));
        assert_eq!((r.posted(), r.free()), (2, 0));
        r.repost(&done(1));
        assert_eq!((r.posted(), r.free()), (1, 0));
        drop(m);
        assert_eq!((r.posted(), r.free()), (1, 1));
    }
}
