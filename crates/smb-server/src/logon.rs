//! Failed-logon throttling. Every failed logon's answer is held back a while (Windows
//! Server 2025's SMB authentication rate limiter holds it 2 s), which bounds how fast one
//! connection can guess; an address that fails too often in a window is refused without
//! its credentials being checked until the window passes; a user name that fails too often
//! is said in the log (never locked out: anyone could lock out a Hyper-V host's computer
//! account that way) and its failures are held back five times as long.
//!
//! Time comes in as FILETIME (100 ns units), as everywhere in the engine.

use parking_lot::Mutex;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The bounds (limits.logon_* in the daemon's configuration); 0 turns one off.
#[derive(Clone, Copy, Debug)]
pub struct LogonLimits {
    pub failure_delay_ms: u64,
    pub failures_per_address: u32,
    pub failures_per_user: u32,
    pub window_s: u64,
}

impl Default for LogonLimits {
    fn default() -> Self {
        LogonLimits {
            failure_delay_ms: 0,
            failures_per_address: 0,
            failures_per_user: 0,
            window_s: 60,
        }
    }
}

use crate::limits::LOGON_TRACKED as TRACKED;

#[derive(Clone, Copy)]
struct Window {
    start: u64,
    failures: u32,
}

#[derive(Default)]
struct Windows(HashMap<String, Window>);

impl Windows {
    fn count(&mut self, key: &str, now: u64, window: u64) -> u32 {
        if self.0.len() >= TRACKED && !self.0.contains_key(key) {
            self.0.retain(|_, w| now < w.start.saturating_add(window));
            if self.0.len() >= TRACKED {
                let oldest = self
                    .0
                    .iter()
                    .min_by_key(|(_, w)| w.start)
                    .map(|(k, _)| k.clone());
                if let Some(k) = oldest {
                    self.0.remove(&k);
                }
            }
        }
        let w = self.0.entry(key.to_string()).or_insert(Window {
            start: now,
            failures: 0,
        });
        if now >= w.start.saturating_add(window) {
            *w = Window {
                start: now,
                failures: 0,
            };
        }
        w.failures += 1;
        w.failures
    }

    fn failures(&self, key: &str, now: u64, window: u64) -> u32 {
        match self.0.get(key) {
            Some(w) if now < w.start.saturating_add(window) => w.failures,
            _ => 0,
        }
    }
}

pub struct LogonThrottle {
    limits: LogonLimits,
    addrs: Mutex<Windows>,
    users: Mutex<Windows>,
    /// Logons refused unchecked because their address failed too often.
    pub refused: AtomicU64,
}

/// What to do after a failed logon.
#[derive(Debug, PartialEq, Eq)]
pub struct AfterFailure {
    /// Hold the answer this long.
    pub delay: Duration,
    /// This failure took the user name past its bound (say so, once per window).
    pub user_flagged: bool,
    /// This failure took the address past its bound.
    pub address_blocked: bool,
}

impl LogonThrottle {
    pub fn new(limits: LogonLimits) -> Self {
        LogonThrottle {
            limits,
            addrs: Mutex::new(Windows::default()),
            users: Mutex::new(Windows::default()),
            refused: AtomicU64::new(0),
        }
    }

    fn window(&self) -> u64 {
        self.limits.window_s.max(1) * 10_000_000
    }

    /// Whether logons from `addr` are refused unchecked now (and counts it if so).
    pub fn address_blocked(&self, addr: &str, now: u64) -> bool {
        let max = self.limits.failures_per_address;
        let blocked = max > 0 && self.addrs.lock().failures(addr, now, self.window()) >= max;
        if blocked {
            self.refused.fetch_add(1, Ordering::Relaxed);
        }
        blocked
    }

    /// The answer's delay for a logon refused unchecked.
    pub fn blocked_delay(&self) -> Duration {
        Duration::from_millis(self.limits.failure_delay_ms)
    }

    /// Records a failed logon from `addr` naming `user` (empty if it named none).
    pub fn failed(&self, addr: &str, user: &str, now: u64) -> AfterFailure {
        let l = self.limits;
        let w = self.window();
        let a = self.addrs.lock().count(addr, now, w);
        let u = match user.is_empty() {
            true => 0,
            false => self.users.lock().count(&user.to_lowercase(), now, w),
        };
        let over_user = l.failures_per_user > 0 && u > l.failures_per_user;
        AfterFailure {
            delay: Duration::from_millis(l.failure_delay_ms * if over_user { 5 } else { 1 }),
            user_flagged: l.failures_per_user > 0 && u == l.failures_per_user + 1,
            address_blocked: l.failures_per_address > 0 && a == l.failures_per_address,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: u64 = 10_000_000;

    #[test]
    fn an_address_is_blocked_for_the_rest_of_its_window() {
        let t = LogonThrottle::new(LogonLimits {
            failure_delay_ms: 2000,
            failures_per_address: 3,
            failures_per_user: 0,
            window_s: 60,
        });
        for i in 0..2 {
            let f = t.failed("10.0.0.1", "bob", i * S);
            assert_eq!(f.delay, Duration::from_secs(2));
            assert!(!f.address_blocked);
        }
        assert!(!t.address_blocked("10.0.0.1", 2 * S));
        assert!(t.failed("10.0.0.1", "bob", 3 * S).address_blocked);
        assert!(t.address_blocked("10.0.0.1", 4 * S));
        assert!(!t.address_blocked("10.0.0.2", 4 * S));
        // The window started at 0 and ends at 60 s.
        assert!(t.address_blocked("10.0.0.1", 59 * S));
        assert!(!t.address_blocked("10.0.0.1", 60 * S));
        assert_eq!(t.refused.load(Ordering::Relaxed), 2);
    }

    #[test]
    fn a_user_name_past_its_bound_is_flagged_once_and_slowed_not_locked() {
        let t = LogonThrottle::new(LogonLimits {
            failure_delay_ms: 100,
            failures_per_address: 0,
            failures_per_user: 2,
            window_s: 60,
        });
        let f: Vec<_> = (0..5)
            .map(|i| t.failed(&format!("10.0.0.{i}"), "HV1$", i))
            .collect();
        assert_eq!(f.iter().filter(|f| f.user_flagged).count(), 1);
        assert!(f[2].user_flagged);
        assert_eq!(f[1].delay, Duration::from_millis(100));
        assert_eq!(f[4].delay, Duration::from_millis(500));
        assert!(!t.address_blocked("10.0.0.1", 10));
    }

    #[test]
    fn tracking_is_bounded() {
        let t = LogonThrottle::new(LogonLimits {
            failure_delay_ms: 0,
            failures_per_address: 5,
            failures_per_user: 5,
            window_s: 60,
        });
        for i in 0..(TRACKED as u64 + 100) {
            t.failed(&format!("a{i}"), &format!("u{i}"), i);
        }
        assert!(t.addrs.lock().0.len() <= TRACKED);
        assert!(t.users.lock().0.len() <= TRACKED);
    }
}
