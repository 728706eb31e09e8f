//! The engine's one clock. Break and durable-handle deadlines and held logon answers read
//! it here and nowhere else; the transport's turn time (FILETIME) comes in with each PDU.
//! Tests move it forward with [`advance`] instead of sleeping (the offset is per process:
//! nextest runs each test in a process of its own).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

static OFFSET_NS: AtomicU64 = AtomicU64::new(0);

/// Where a frozen clock stands (before [`advance`]'s offset).
static FROZEN: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();

/// Now, on the engine's monotonic clock.
pub fn now() -> Instant {
    let base = FROZEN.get().copied().unwrap_or_else(Instant::now);
    base + Duration::from_nanos(OFFSET_NS.load(Ordering::Acquire))
}

/// Stops the engine's clock for good (tests of exact timings): from here on only
/// [`advance`] moves it, so a test descheduled on a busy machine sees no time pass.
pub fn freeze() {
    let _ = FROZEN.set(Instant::now());
}

/// Now, as FILETIME, on the engine's clock.
pub fn filetime() -> u64 {
    smb_wire::filetime::of(std::time::SystemTime::now()) + OFFSET_NS.load(Ordering::Acquire) / 100
}

/// An instant as nanoseconds since the process's first reading of the clock (for
/// deadlines kept in atomics); instants before that count as 0.
pub fn nanos(t: Instant) -> u64 {
    static BASE: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    let base = *BASE.get_or_init(Instant::now);
    t.saturating_duration_since(base).as_nanos() as u64
}

/// Moves the engine's clock forward by `d` (tests: a deadline passes without waiting).
pub fn advance(d: Duration) {
    OFFSET_NS.fetch_add(d.as_nanos() as u64, Ordering::AcqRel);
}

/// The operating system's monotonic clock, which tests do not move: for waits on other
/// threads (a condition variable, a sleep) that must last real time.
pub fn instant() -> Instant {
    Instant::now()
}
