//! MS-SMB2 3.3.1.1 command sequence window: which message ids a client may use, and how
//! many credits it holds. A bitmap over [low, high) like Samba's, bounded by max_credits.

use std::collections::VecDeque;

pub struct CreditWindow {
    /// Lowest message id not yet used.
    low: u64,
    /// One past the highest message id granted.
    high: u64,
    /// used[i] tells whether low + i was consumed.
    used: VecDeque<bool>,
    /// How many of `used` are false: the credits held, kept as they change (the worker
    /// reads it every turn; counting the window each time cost a third of a 1 MiB write).
    unused: u64,
    max: u64,
}

#[derive(Debug, PartialEq, Eq)]
pub enum CreditError {
    /// The id is outside the window or already used: the connection must be dropped.
    OutOfWindow,
}

impl CreditWindow {
    pub fn new(max_credits: u16) -> Self {
        // A new connection holds exactly one credit, for message id 0.
        CreditWindow {
            low: 0,
            high: 1,
            used: VecDeque::from(vec![false]),
            unused: 1,
            max: u64::from(max_credits.max(1)),
        }
    }

    /// Credits the client holds now.
    pub fn available(&self) -> u64 {
        debug_assert_eq!(
            self.unused,
            self.used.iter().filter(|u| !**u).count() as u64
        );
        self.unused
    }

    /// Consumes `charge` ids starting at `id` (charge 0 counts as 1).
    pub fn consume(&mut self, id: u64, charge: u16) -> Result<(), CreditError> {
        let n = u64::from(charge.max(1));
        let end = id.checked_add(n).ok_or(CreditError::OutOfWindow)?;
        if id < self.low || end > self.high {
            return Err(CreditError::OutOfWindow);
        }
        let start = (id - self.low) as usize;
        if (start..start + n as usize).any(|i| self.used[i]) {
            return Err(CreditError::OutOfWindow);
        }
        for i in start..start + n as usize {
            self.used[i] = true;
        }
        self.unused -= n;
        while self.used.front() == Some(&true) {
            self.used.pop_front();
            self.low += 1;
        }
        Ok(())
    }

    /// Grants up to `requested` new credits (at least one if the client would otherwise be
    /// left with none), never letting the window exceed the maximum. Returns the grant.
    pub fn grant(&mut self, requested: u16) -> u16 {
        let held = self.high - self.low;
        let room = self.max.saturating_sub(held);
        let mut g = u64::from(requested).min(room);
        if g == 0 && self.available() == 0 && room > 0 {
            g = 1;
        }
        for _ in 0..g {
            self.used.push_back(false);
        }
        self.high += g;
        self.unused += g;
        g as u16
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sequence_and_grants() {
        let mut w = CreditWindow::new(10);
        assert_eq!(w.consume(1, 1), Err(CreditError::OutOfWindow));
        w.consume(0, 1).unwrap();
        assert_eq!(w.grant(5), 5);
        w.consume(3, 2).unwrap();
        assert_eq!(w.consume(3, 1), Err(CreditError::OutOfWindow));
        w.consume(1, 2).unwrap();
        assert_eq!(w.available(), 1);
        assert_eq!(w.grant(100), 9);
        assert_eq!(w.available(), 10);
        assert_eq!(w.consume(6, 10), Err(CreditError::OutOfWindow));
    }

    #[test]
    fn the_count_held_follows_out_of_order_use() {
        let mut w = CreditWindow::new(64);
        w.consume(0, 1).unwrap();
        assert_eq!(w.grant(64), 64);
        // Ids used out of order, some charged several credits: what is held is what is
        // unused of the window, whatever the order.
        for (id, charge) in [(5, 4), (1, 1), (40, 16), (2, 3), (9, 1)] {
            w.consume(id, charge).unwrap();
        }
        let unused = w.used.iter().filter(|u| !**u).count() as u64;
        assert_eq!((w.available(), unused), (64 - 25, 64 - 25));
        // Ids 1 to 9 are gone from the window: 55 ids held, 9 more fit.
        assert_eq!(w.grant(100), 9);
        assert_eq!(w.available(), 64 - 25 + 9);
    }

    #[test]
    fn never_starves() {
        let mut w = CreditWindow::new(4);
        w.consume(0, 1).unwrap();
        assert_eq!(w.grant(0), 1);
    }
}
