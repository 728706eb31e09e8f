//! Connections' mailboxes for notices (breaks, wake-ups) and the table of
//! requests waiting for an event.

use super::*;

/// Something to send a connection that is not an answer to one of its requests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notice {
    /// MS-SMB2 2.2.23.1: the open's oplock is broken to `level`.
    OplockBreak {
        file_id: FileId,
        session_id: u64,
        level: u8,
    },
    /// MS-SMB2 2.2.23.2: a lease is broken from `current` to `new`.
    LeaseBreak {
        key: [u8; 16],
        epoch: u16,
        ack_required: bool,
        current: u32,
        new: u32,
    },
}

/// A connection's mailbox for notices posted by other connections (possibly on other
/// workers); posting wakes the connection's worker.
#[derive(Default)]
pub struct Outbox {
    notices: Mutex<Vec<Notice>>,
    pending: AtomicBool,
    closed: AtomicBool,
    waker: Mutex<Option<Arc<dyn Fn() + Send + Sync>>>,
    /// The [`WaitClass`]es it is registered for in [`Server::waiters`] (one bit each).
    registered: std::sync::atomic::AtomicU8,
}

/// The connections of one client (one ClientGuid), oldest first: where its leases'
/// breaks go. Windows sends a lease break on the client's oldest connection that is still
/// up, whichever connection made the lease's opens (smbtorture smb2.lease.v2_complex1).
#[derive(Default)]
pub struct ClientChannels {
    outboxes: Mutex<Vec<std::sync::Weak<Outbox>>>,
}

impl ClientChannels {
    /// A connection of the client joins (after NEGOTIATE named the client).
    pub fn join(&self, outbox: &Arc<Outbox>) {
        let mut v = self.outboxes.lock();
        v.retain(|w| w.strong_count() > 0);
        if !v
            .iter()
            .any(|w| std::ptr::eq(w.as_ptr(), Arc::as_ptr(outbox)))
        {
            v.push(Arc::downgrade(outbox));
        }
    }

    /// A connection left.
    pub fn leave(&self, outbox: &Arc<Outbox>) {
        self.outboxes
            .lock()
            .retain(|w| w.strong_count() > 0 && !std::ptr::eq(w.as_ptr(), Arc::as_ptr(outbox)));
    }

    /// The client's oldest connection that can still be told something.
    pub fn first_live(&self) -> Option<Arc<Outbox>> {
        self.outboxes
            .lock()
            .iter()
            .filter_map(std::sync::Weak::upgrade)
            .find(|b| !b.is_closed())
    }
}

/// What a waiting request waits for. The events of a class (an unlock or a close; an
/// acknowledged or settled break; a change in a directory) wake the connections that
/// registered for it, so that nothing needs to look again on a timer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaitClass {
    /// Blocked byte-range locks: unlocks and closes.
    Locks = 0,
    /// CREATEs behind oplock or lease breaks: acknowledgments, closes, holders gone.
    Breaks = 1,
    /// CHANGE_NOTIFY: changes published to the notify hub.
    Notify = 2,
}

/// The connections waiting on each [`WaitClass`], woken (and forgotten) by its next
/// event; a connection still waiting registers again when it looks. Each connection is
/// listed at most once per class.
#[derive(Default)]
pub struct Waiters {
    lists: [Mutex<Vec<std::sync::Weak<Outbox>>>; 3],
}

impl Waiters {
    /// Register before checking the condition: an event after the check then wakes.
    pub fn register(&self, class: WaitClass, o: &Arc<Outbox>) {
        let bit = 1u8 << class as u8;
        if o.registered.fetch_or(bit, Ordering::AcqRel) & bit == 0 {
            let mut l = self.lists[class as usize].lock();
            // Connections that left without an event of the class are let go now and
            // then: the list stays near the number of live waiters.
            if l.len() >= 64 && l.len().is_power_of_two() {
                l.retain(|w| w.strong_count() > 0);
            }
            l.push(Arc::downgrade(o));
        }
    }

    /// Wakes every connection registered for `class`.
    pub fn wake(&self, class: WaitClass) {
        let bit = 1u8 << class as u8;
        let list = std::mem::take(&mut *self.lists[class as usize].lock());
        for w in list {
            if let Some(o) = w.upgrade() {
                o.registered.fetch_and(!bit, Ordering::AcqRel);
                o.poke();
            }
        }
    }

    /// Connections registered for `class` (tests, metrics).
    pub fn count(&self, class: WaitClass) -> usize {
        self.lists[class as usize]
            .lock()
            .iter()
            .filter(|w| w.strong_count() > 0)
            .count()
    }
}

impl Outbox {
    /// Queues a notice; false when the connection is gone or its mailbox is full
    /// ([`crate::limits::MAX_OUTBOX_NOTICES`]): the caller then acts as if the holder
    /// were gone.
    pub fn post(&self, n: Notice) -> bool {
        if self.closed.load(Ordering::Acquire) {
            return false;
        }
        {
            let mut q = self.notices.lock();
            if q.len() >= crate::limits::MAX_OUTBOX_NOTICES {
                return false;
            }
            q.push(n);
        }
        self.pending.store(true, Ordering::Release);
        if let Some(w) = self.waker.lock().clone() {
            w();
        }
        true
    }

    pub fn set_waker(&self, w: Arc<dyn Fn() + Send + Sync>) {
        *self.waker.lock() = Some(w);
    }

    /// Asks the connection to look at its waiting requests again (an event they may wait
    /// for happened); wakes its worker unless a wake is already due.
    pub fn poke(&self) {
        if self.closed.load(Ordering::Acquire) {
            return;
        }
        if !self.pending.swap(true, Ordering::AcqRel) {
            if let Some(w) = self.waker.lock().clone() {
                w();
            }
        }
    }

    pub fn pending(&self) -> bool {
        self.pending.load(Ordering::Acquire)
    }

    pub fn take(&self) -> Vec<Notice> {
        self.pending.store(false, Ordering::Release);
        std::mem::take(&mut *self.notices.lock())
    }

    pub fn close(&self) {
        self.closed.store(true, Ordering::Release);
        self.notices.lock().clear();
        *self.waker.lock() = None;
    }

    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Acquire)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notice(i: u64) -> Notice {
        Notice::OplockBreak {
            file_id: FileId {
                persistent: i,
                volatile: i,
            },
            session_id: 1,
            level: 0,
        }
    }

    #[test]
    fn a_full_mailbox_takes_no_more_and_a_drained_one_does() {
        let o = Outbox::default();
        for i in 0..crate::limits::MAX_OUTBOX_NOTICES as u64 {
            assert!(o.post(notice(i)));
        }
        assert!(!o.post(notice(0)), "past the bound the break is not queued");
        assert_eq!(o.take().len(), crate::limits::MAX_OUTBOX_NOTICES);
        assert!(o.post(notice(1)));
        o.close();
        assert!(!o.post(notice(2)));
    }

    #[test]
    fn waiters_are_woken_once_per_registration_and_let_go_when_gone() {
        let w = Waiters::default();
        let woken = Arc::new(AtomicU64::new(0));
        let o = Arc::new(Outbox::default());
        let n = woken.clone();
        o.set_waker(Arc::new(move || {
            n.fetch_add(1, Ordering::AcqRel);
        }));
        w.register(WaitClass::Locks, &o);
        w.register(WaitClass::Locks, &o);
        assert_eq!(w.count(WaitClass::Locks), 1, "listed once");
        w.wake(WaitClass::Notify);
        assert_eq!(woken.load(Ordering::Acquire), 0, "another class");
        w.wake(WaitClass::Locks);
        w.wake(WaitClass::Locks);
        assert_eq!(woken.load(Ordering::Acquire), 1, "woken once");
        assert!(o.pending());
        o.take();
        // A connection that goes away is let go without an event.
        for _ in 0..200 {
            let gone = Arc::new(Outbox::default());
            w.register(WaitClass::Notify, &gone);
        }
        w.register(WaitClass::Notify, &o);
        assert!(w.lists[WaitClass::Notify as usize].lock().len() <= 130);
        assert_eq!(w.count(WaitClass::Notify), 1);
    }
}
