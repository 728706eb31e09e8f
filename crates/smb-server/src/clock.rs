//! The engine's time. The engine reads no clock: each event comes in with its time, a
//! [`Now`] the transport read once for its turn (a request, a storage completion, a
//! timer), and a deadline the engine sets goes back out
//! ([`crate::Connection::poll_timeout`]) for the transport to wake it at. Tests make
//! their own `Now` and move it as they please; no global is moved.
//! (The few waits on other threads, a node stopping for its copiers and merges and a
//! shared disk's open for one closing on its file, count their naps instead.)

use std::time::{Duration, Instant};

/// The time of an event: the monotonic clock (deadlines) and Windows FILETIME (file
/// times, notifications), read together by whoever delivers the event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Now {
    pub mono: Instant,
    pub filetime: u64,
}

impl Now {
    /// The same clocks `d` later.
    pub fn after(self, d: Duration) -> Now {
        Now {
            mono: self.mono + d,
            filetime: self.filetime + (d.as_nanos() / 100) as u64,
        }
    }
}
