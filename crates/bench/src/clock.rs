//! This crate's clock: the one place it reads the operating system's time (the house
//! rule of docs/architecture.md, "Clocks"); everything else asks here or is handed `now`.

use std::time::{Duration, Instant};

/// Now, on the monotonic clock.
pub fn now() -> Instant {
    Instant::now()
}

/// The time since `t` (zero if `t` is later).
pub fn since(t: Instant) -> Duration {
    now().saturating_duration_since(t)
}
