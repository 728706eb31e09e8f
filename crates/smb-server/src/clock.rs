//! The engine's time. The engine reads no clock: each event comes in with its time, a
//! [`Now`] the transport read once for its turn (a request, a storage completion, a
//! timer), and a deadline the engine sets goes back out
//! ([`crate::Connection::poll_timeout`]) for the transport to wake it at. Tests make
//! their own `Now` and move it as they please; no global is moved.
//!
//! The one read of a clock left here, [`instant`], is real time for the few blocking waits
//! on other threads that are not the engine's events (a node stopping waits for its
//! copiers and merges; a disk opening waits for one that is closing on its file).

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

/// The operating system's monotonic clock, for waits on other threads (a sleep, a
/// condition variable) that must last real time. Never for the engine's own deadlines.
pub fn instant() -> Instant {
    Instant::now()
}
