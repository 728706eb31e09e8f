//! The clocks a worker reads: once per turn, the monotonic clock; from it, FILETIME for
//! the engine (the wall clock re-read once a second) and the milliseconds of the SMB Direct
//! timers (one process-wide origin: connections move between threads).

use std::time::Instant;

/// Windows FILETIME at instants of the monotonic clock a worker already read: the wall
/// clock is read again once a second (so a step of it shows within a second), the
/// monotonic reading carries the time between (no second clock read per turn).
pub struct WallClock {
    base: std::time::Instant,
    base_filetime: u64,
}

impl Default for WallClock {
    fn default() -> Self {
        WallClock {
            base: std::time::Instant::now(),
            base_filetime: filetime_now(),
        }
    }
}

impl WallClock {
    pub fn filetime(&mut self, at: std::time::Instant) -> u64 {
        let since = at.saturating_duration_since(self.base);
        if since >= std::time::Duration::from_secs(1) {
            *self = WallClock::default();
            return self.base_filetime;
        }
        self.base_filetime + (since.as_nanos() / 100) as u64
    }

    /// The engine's time of events at `at` (a time already read).
    pub fn engine(&mut self, at: std::time::Instant) -> smb_server::clock::Now {
        smb_server::clock::Now {
            mono: at,
            filetime: self.filetime(at),
        }
    }
}

/// Milliseconds on one process-wide clock (SMB Direct timers move between threads).
pub fn now_ms() -> u64 {
    ms_at(Instant::now())
}

/// [`now_ms`] at `t` (a time already read).
pub fn ms_at(t: Instant) -> u64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    t.saturating_duration_since(*START.get_or_init(Instant::now))
        .as_millis() as u64
}

/// Now, on the monotonic clock.
pub fn now() -> Instant {
    Instant::now()
}

/// The time since `t` (zero if `t` is later).
pub fn since(t: Instant) -> std::time::Duration {
    now().saturating_duration_since(t)
}

/// Now, as FILETIME (the wall clock).
pub fn filetime_now() -> u64 {
    smb_wire::filetime::of(std::time::SystemTime::now())
}

/// The engine's time of an event outside a worker's turn (an administrator's request, a
/// start, another node's failure): both clocks read now.
pub fn engine_now() -> smb_server::clock::Now {
    smb_server::clock::Now {
        mono: now(),
        filetime: filetime_now(),
    }
}
