//! The crate's one clock read: how long a synchronous wait on SPDK may poll.

use std::time::{Duration, Instant};

pub struct Deadline(Instant);

impl Deadline {
    pub fn after(d: Duration) -> Deadline {
        Deadline(Instant::now() + d)
    }

    pub fn passed(&self) -> bool {
        Instant::now() >= self.0
    }
}
