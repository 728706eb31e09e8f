//! Who may hold a connection, and for how long: the connection count in total and per
//! client address (checked at accept), the counts of what was refused or cut off (for the
//! metrics), and refusal logging at a rate rather than per event (an abuser must not be
//! able to fill the log either).

use parking_lot::Mutex;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Why a connection was refused or closed by a bound, as the metrics label it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    /// Refused at accept: the server holds `server.max_connections`.
    MaxConnections,
    /// Refused at accept: its address holds `limits.max_connections_per_address`.
    PerAddress,
    /// Closed: no session within `limits.handshake_timeout_s`.
    HandshakeTimeout,
    /// Closed: signed in, idle and holding no open for `limits.idle_timeout_s`.
    IdleTimeout,
    /// Refused at accept: the process is short of descriptors.
    Descriptors,
}

impl Cut {
    pub const ALL: [Cut; 5] = [
        Cut::MaxConnections,
        Cut::PerAddress,
        Cut::HandshakeTimeout,
        Cut::IdleTimeout,
        Cut::Descriptors,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Cut::MaxConnections => "max_connections",
            Cut::PerAddress => "per_address",
            Cut::HandshakeTimeout => "handshake_timeout",
            Cut::IdleTimeout => "idle_timeout",
            Cut::Descriptors => "descriptors",
        }
    }

    /// Refused at accept (as opposed to closed later).
    pub fn at_accept(self) -> bool {
        matches!(
            self,
            Cut::MaxConnections | Cut::PerAddress | Cut::Descriptors
        )
    }
}

static CUTS: [AtomicU64; 5] = [const { AtomicU64::new(0) }; 5];

/// Connections refused or closed for `why` since start.
pub fn cuts(why: Cut) -> u64 {
    CUTS[why as usize].load(Ordering::Relaxed)
}

/// Counts a refusal or closing, and logs it at most once per ten seconds per reason
/// (with how many went unlogged).
pub fn cut(why: Cut, addr: Option<IpAddr>) {
    CUTS[why as usize].fetch_add(1, Ordering::Relaxed);
    static LOGS: [RateLog; 5] = [const { RateLog::new() }; 5];
    if let Some(more) = LOGS[why as usize].due(Duration::from_secs(10)) {
        let addr = addr.map(|a| a.to_string()).unwrap_or_default();
        if why.at_accept() {
            tracing::warn!(reason = why.label(), client = %addr, suppressed = more, "connection refused");
        } else {
            tracing::info!(reason = why.label(), client = %addr, suppressed = more, "connection closed");
        }
    }
}

/// How long a connection may take to sign in, and stay silent once signed in: one rule
/// for TCP and SMB Direct connections alike.
#[derive(Clone, Copy, Debug)]
pub struct Deadlines {
    pub handshake: Duration,
    /// None: a signed-in connection is never closed for silence.
    pub idle: Option<Duration>,
}

impl Deadlines {
    /// Why a connection is past its time, if it is: not signed in within the handshake
    /// time, or signed in, silent for the idle time and holding nothing (`holds` is asked
    /// only then: it may look at shared state).
    pub fn overdue(
        &self,
        authenticated: bool,
        since_accepted: Duration,
        silent_for: Duration,
        holds: impl FnOnce() -> bool,
    ) -> Option<Cut> {
        if !authenticated {
            return (since_accepted > self.handshake).then_some(Cut::HandshakeTimeout);
        }
        let idle = self.idle?;
        (silent_for > idle && !holds()).then_some(Cut::IdleTimeout)
    }
}

/// Lets a line through at most once per period; says how many it held back since.
pub struct RateLog {
    state: Mutex<Option<(Instant, u64)>>,
}

impl RateLog {
    pub const fn new() -> Self {
        RateLog {
            state: Mutex::new(None),
        }
    }

    /// Some(events held back since the last line) when a line is due now.
    pub fn due(&self, period: Duration) -> Option<u64> {
        let mut s = self.state.lock();
        let now = crate::clock::now();
        match &mut *s {
            Some((last, held)) if now.duration_since(*last) < period => {
                *held += 1;
                None
            }
            Some((last, held)) => {
                let n = *held;
                *last = now;
                *held = 0;
                Some(n)
            }
            None => {
                *s = Some((now, 0));
                Some(0)
            }
        }
    }
}

impl Default for RateLog {
    fn default() -> Self {
        Self::new()
    }
}

/// The TCP connections held, in total and by client address.
pub struct Admission {
    live: AtomicUsize,
    max: usize,
    per_addr_max: u32,
    per_addr: Mutex<HashMap<IpAddr, u32>>,
}

impl Admission {
    pub fn new(max: usize, per_addr_max: u32) -> Self {
        Admission {
            live: AtomicUsize::new(0),
            max,
            per_addr_max,
            per_addr: Mutex::new(HashMap::new()),
        }
    }

    /// Takes a place for a connection from `addr`, or says why there is none.
    pub fn admit(&self, addr: Option<IpAddr>) -> Result<(), Cut> {
        if self.live.load(Ordering::Acquire) >= self.max {
            return Err(Cut::MaxConnections);
        }
        if let Some(a) = addr {
            let mut m = self.per_addr.lock();
            let n = m.entry(a).or_insert(0);
            if *n >= self.per_addr_max {
                return Err(Cut::PerAddress);
            }
            *n += 1;
        }
        self.live.fetch_add(1, Ordering::AcqRel);
        Ok(())
    }

    /// Gives back the place of a connection from `addr` that closed.
    pub fn release(&self, addr: Option<IpAddr>) {
        self.live.fetch_sub(1, Ordering::AcqRel);
        if let Some(a) = addr {
            let mut m = self.per_addr.lock();
            if let Some(n) = m.get_mut(&a) {
                *n -= 1;
                if *n == 0 {
                    m.remove(&a);
                }
            }
        }
    }

    /// Connections held now.
    pub fn live(&self) -> usize {
        self.live.load(Ordering::Acquire)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_in_total_and_per_address() {
        let a = Admission::new(5, 2);
        let x: IpAddr = "10.0.0.1".parse().unwrap();
        let y: IpAddr = "10.0.0.2".parse().unwrap();
        assert_eq!(a.admit(Some(x)), Ok(()));
        assert_eq!(a.admit(Some(x)), Ok(()));
        assert_eq!(a.admit(Some(x)), Err(Cut::PerAddress));
        assert_eq!(a.admit(Some(y)), Ok(()));
        assert_eq!(a.admit(Some(y)), Ok(()));
        assert_eq!(a.admit(None), Ok(()));
        assert_eq!(
            a.admit(Some("10.0.0.3".parse().unwrap())),
            Err(Cut::MaxConnections)
        );
        a.release(Some(x));
        assert_eq!(a.admit(Some(x)), Ok(()));
        assert_eq!(a.live(), 5);
        for addr in [Some(x), Some(x), Some(y), Some(y), None] {
            a.release(addr);
        }
        assert_eq!(a.live(), 0);
        assert!(a.per_addr.lock().is_empty());
    }

    #[test]
    fn deadlines_cut_the_silent_and_the_slow_only() {
        let d = Deadlines {
            handshake: Duration::from_secs(30),
            idle: Some(Duration::from_secs(900)),
        };
        let s = Duration::from_secs;
        assert_eq!(
            d.overdue(false, s(31), s(0), || false),
            Some(Cut::HandshakeTimeout)
        );
        assert_eq!(d.overdue(false, s(29), s(999), || false), None);
        assert_eq!(
            d.overdue(true, s(9999), s(901), || false),
            Some(Cut::IdleTimeout)
        );
        assert_eq!(d.overdue(true, s(9999), s(901), || true), None);
        assert_eq!(d.overdue(true, s(9999), s(899), || panic!("asked")), None);
        let never = Deadlines { idle: None, ..d };
        assert_eq!(never.overdue(true, s(9999), s(99_999), || false), None);
    }

    #[test]
    fn rate_log_holds_back_and_counts() {
        let r = RateLog::new();
        assert_eq!(r.due(Duration::from_secs(60)), Some(0));
        assert_eq!(r.due(Duration::from_secs(60)), None);
        assert_eq!(r.due(Duration::from_secs(60)), None);
        assert_eq!(r.due(Duration::ZERO), Some(2));
    }
}
