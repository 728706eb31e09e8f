//! The writes under way on a logical unit, by initiator. PREEMPT AND ABORT (SPC-4
//! 5.13.11.2.6) aborts the preempted initiators' tasks: ours run to completion, so the
//! command is answered only once every write they had under way when it took effect
//! has ended ([`Abort`]), and none of theirs reaches the medium after it (unless the
//! caller's wait runs out first: the storage has stopped answering).

use crate::Guid;
use parking_lot::{Condvar, Mutex};
use std::sync::Arc;
use std::time::Duration;

/// The writes under way on one logical unit.
#[derive(Debug, Default)]
pub struct Tasks {
    /// (next sequence number, the writes under way: initiator and sequence number).
    running: Mutex<(u64, Vec<(Guid, u64)>)>,
    ended: Condvar,
}

/// A write under way; it ends when dropped.
#[must_use = "the write is under way while this lives"]
#[derive(Debug)]
pub struct Task {
    tasks: Arc<Tasks>,
    seq: u64,
}

/// Where a wait for preempted writes starts: the writes begun before it count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark(u64);

/// What a PREEMPT AND ABORT leaves to its caller: to answer only once the preempted
/// initiators' writes begun before it took effect have ended (waited for with no lock
/// held, they need none to end).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Abort {
    pub nexuses: Vec<Guid>,
    pub mark: Mark,
}

impl Abort {
    /// Waits for those writes, `limit` at most; false if some are still under way.
    pub fn wait(&self, tasks: &Tasks, limit: Duration) -> bool {
        tasks.wait_out(&self.nexuses, self.mark, limit)
    }
}

impl Tasks {
    /// Starts a write from `nexus`. Call it while what admitted the write still holds
    /// (under the reservations' lock), so that a preempt sees it.
    pub fn begin(self: &Arc<Self>, nexus: Guid) -> Task {
        let mut r = self.running.lock();
        let seq = r.0;
        r.0 += 1;
        r.1.push((nexus, seq));
        Task {
            tasks: self.clone(),
            seq,
        }
    }

    /// The writes begun until now (take it under the reservations' lock, with the change
    /// that shuts the preempted initiators out).
    pub fn mark(&self) -> Mark {
        Mark(self.running.lock().0)
    }

    /// Waits until no write of `nexuses` begun before `mark` is under way, `limit` at
    /// most; false if some still are then.
    pub fn wait_out(&self, nexuses: &[Guid], mark: Mark, limit: Duration) -> bool {
        let deadline = crate::clock::now() + limit;
        let mut r = self.running.lock();
        let under_way = |r: &mut (u64, Vec<(Guid, u64)>)| {
            r.1.iter().any(|(n, s)| *s < mark.0 && nexuses.contains(n))
        };
        self.ended.wait_while_until(&mut r, under_way, deadline);
        !under_way(&mut r)
    }

    /// Waits until no write begun before `mark` is under way, whoever's, `limit` at
    /// most; false if some still are then.
    pub fn wait_all(&self, mark: Mark, limit: Duration) -> bool {
        let deadline = crate::clock::now() + limit;
        let mut r = self.running.lock();
        let under_way = |r: &mut (u64, Vec<(Guid, u64)>)| r.1.iter().any(|(_, s)| *s < mark.0);
        self.ended.wait_while_until(&mut r, under_way, deadline);
        !under_way(&mut r)
    }

    /// Writes under way.
    pub fn len(&self) -> usize {
        self.running.lock().1.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Drop for Task {
    fn drop(&mut self) {
        let mut r = self.tasks.running.lock();
        if let Some(i) = r.1.iter().position(|(_, s)| *s == self.seq) {
            r.1.swap_remove(i);
        }
        drop(r);
        self.tasks.ended.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wait_ends_with_the_writes_begun_before_its_mark() {
        let t = Arc::new(Tasks::default());
        let (a, b) = (Guid([1; 16]), Guid([2; 16]));
        let first = t.begin(a);
        let other = t.begin(b);
        let mark = t.mark();
        let later = t.begin(a);
        assert_eq!(t.len(), 3);
        assert!(!t.wait_out(&[b, Guid([3; 16])], mark, Duration::ZERO));
        drop(other);
        assert!(t.wait_out(&[b], mark, Duration::ZERO), "b has none left");
        let waiter = {
            let t = t.clone();
            std::thread::spawn(move || t.wait_out(&[a], mark, Duration::from_secs(20)))
        };
        std::thread::sleep(Duration::from_millis(20));
        drop(first);
        assert!(waiter.join().unwrap(), "woken when a's first write ended");
        // A write begun after the mark is not waited for.
        assert!(t.wait_out(&[a], mark, Duration::ZERO));
        drop(later);
        assert!(t.is_empty());
    }
}
