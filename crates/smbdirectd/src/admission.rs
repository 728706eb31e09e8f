//! Who may hold a connection, and for how long: the connection count in total and per
//! client address (checked at accept), the counts of what was refused or cut off (for the
//! metrics), and refusal logging at a rate rather than per event (an abuser must not be
//! able to fill the log either).

use parking_lot::Mutex;
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::os::fd::RawFd;
use std::sync::atomic::{AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::Arc;
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
    /// Closed: not signed in yet, and the oldest such connection when the server was
    /// full and another arrived.
    Displaced,
}

impl Cut {
    pub const ALL: [Cut; 6] = [
        Cut::MaxConnections,
        Cut::PerAddress,
        Cut::HandshakeTimeout,
        Cut::IdleTimeout,
        Cut::Descriptors,
        Cut::Displaced,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Cut::MaxConnections => "max_connections",
            Cut::PerAddress => "per_address",
            Cut::HandshakeTimeout => "handshake_timeout",
            Cut::IdleTimeout => "idle_timeout",
            Cut::Descriptors => "descriptors",
            Cut::Displaced => "displaced",
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

static CUTS: [AtomicU64; 6] = [const { AtomicU64::new(0) }; 6];

/// Connections refused or closed for `why` since start.
pub fn cuts(why: Cut) -> u64 {
    CUTS[why as usize].load(Ordering::Relaxed)
}

/// Counts a refusal or closing, and logs it at most once per ten seconds per reason
/// (with how many went unlogged).
pub fn cut(why: Cut, addr: Option<IpAddr>) {
    CUTS[why as usize].fetch_add(1, Ordering::Relaxed);
    static LOGS: [RateLog; 6] = [const { RateLog::new() }; 6];
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

const WAITING: u8 = 0;
const SIGNED_IN: u8 = 1;
const DISPLACED: u8 = 2;
const CLOSED: u8 = 3;

/// A connection's place, from its accept until it closes: whether it has signed in yet
/// (until then a newcomer may displace it when the server is full), and the socket a
/// displacement shuts down (TCP; an SMB Direct connection sees [`Place::displaced`]).
pub struct Place {
    inner: Arc<PlaceInner>,
}

struct PlaceInner {
    state: AtomicU8,
    /// The socket, while the connection holds it: shut down (never closed) by a
    /// displacement, taken by the owner before it closes it.
    fd: Mutex<Option<RawFd>>,
}

impl Place {
    /// The connection signed in: nobody may displace it any more.
    pub fn signed_in(&self) {
        let _ = self.inner.state.compare_exchange(
            WAITING,
            SIGNED_IN,
            Ordering::AcqRel,
            Ordering::Acquire,
        );
    }

    /// A newcomer took this place: close the connection.
    pub fn displaced(&self) -> bool {
        self.inner.state.load(Ordering::Acquire) == DISPLACED
    }

    /// The owner is about to close the socket: a displacement may no longer touch it.
    fn closing(&self) -> bool {
        *self.inner.fd.lock() = None;
        self.inner.state.swap(CLOSED, Ordering::AcqRel) == DISPLACED
    }
}

impl Drop for Place {
    /// A connection dropped without [`Admission::release`] (the daemon stopping): its
    /// descriptor is out of a displacement's reach before the socket closes (the owner
    /// declares its place before its socket, so this runs first).
    fn drop(&mut self) {
        *self.inner.fd.lock() = None;
    }
}

/// The connections held, in total and by client address, over TCP and SMB Direct alike;
/// and those not signed in yet, oldest first, for a newcomer to displace when the
/// server is full (a flood of connections that never sign in must not keep a Hyper-V
/// host out).
pub struct Admission {
    live: AtomicUsize,
    max: usize,
    per_addr_max: u32,
    per_addr: Mutex<HashMap<IpAddr, u32>>,
    waiting: Mutex<VecDeque<Arc<PlaceInner>>>,
    /// Displaced connections not closed yet (each holds a place over `max` meanwhile).
    displacing: AtomicUsize,
}

impl Admission {
    pub fn new(max: usize, per_addr_max: u32) -> Self {
        Admission {
            live: AtomicUsize::new(0),
            max,
            per_addr_max,
            per_addr: Mutex::new(HashMap::new()),
            waiting: Mutex::new(VecDeque::new()),
            displacing: AtomicUsize::new(0),
        }
    }

    /// How many displaced connections may be closing at once (places over `max`).
    fn displace_max(&self) -> usize {
        (self.max / 8).clamp(1, 64)
    }

    /// Takes a place for a connection from `addr` (its socket `fd`, for TCP), or says
    /// why there is none. When the server is full, the oldest connection that has not
    /// signed in gives way (its socket is shut down; its owner closes it).
    pub fn admit(&self, addr: Option<IpAddr>, fd: Option<RawFd>) -> Result<Place, Cut> {
        if let Some(a) = addr {
            let mut m = self.per_addr.lock();
            let n = m.entry(a).or_insert(0);
            if *n >= self.per_addr_max {
                return Err(Cut::PerAddress);
            }
            *n += 1;
        }
        self.live.fetch_add(1, Ordering::AcqRel);
        let full = self.live.load(Ordering::Acquire) > self.max;
        if full
            && (self.displacing.load(Ordering::Acquire) >= self.displace_max() || !self.displace())
        {
            self.release_count(addr);
            return Err(Cut::MaxConnections);
        }
        let inner = Arc::new(PlaceInner {
            state: AtomicU8::new(WAITING),
            fd: Mutex::new(fd),
        });
        let mut w = self.waiting.lock();
        if w.len() >= 2 * self.max.max(16) {
            w.retain(|p| p.state.load(Ordering::Acquire) == WAITING);
        }
        w.push_back(inner.clone());
        Ok(Place { inner })
    }

    /// Displaces the oldest connection still waiting to sign in; false when there is
    /// none.
    fn displace(&self) -> bool {
        let mut w = self.waiting.lock();
        while let Some(p) = w.pop_front() {
            if p.state
                .compare_exchange(WAITING, DISPLACED, Ordering::AcqRel, Ordering::Acquire)
                .is_err()
            {
                continue;
            }
            self.displacing.fetch_add(1, Ordering::AcqRel);
            if let Some(fd) = *p.fd.lock() {
                // SAFETY: the owner takes the descriptor out under this lock before it
                // closes it, so `fd` is still this connection's socket; shutdown only
                // ends its traffic (the owner sees the end and closes it).
                unsafe { libc::shutdown(fd, libc::SHUT_RDWR) };
            }
            cut(Cut::Displaced, None);
            return true;
        }
        false
    }

    /// Gives back the place of a connection from `addr` that is closing (call before
    /// its socket is closed).
    pub fn release(&self, addr: Option<IpAddr>, place: &Place) {
        if place.closing() {
            self.displacing.fetch_sub(1, Ordering::AcqRel);
        }
        self.release_count(addr);
    }

    /// Gives back a place taken by `admit` for a connection that never started.
    fn release_count(&self, addr: Option<IpAddr>) {
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

    fn ip(last: u8) -> Option<IpAddr> {
        Some(IpAddr::from([127, 0, 0, last]))
    }

    #[test]
    fn a_full_server_displaces_its_oldest_connection_not_signed_in() {
        let a = Admission::new(3, 2);
        let p1 = a.admit(ip(2), None).unwrap();
        let p2 = a.admit(ip(3), None).unwrap();
        let p3 = a.admit(ip(4), None).unwrap();
        p1.signed_in();
        // Full: the oldest waiting one (p2; p1 signed in) gives way.
        let p4 = a.admit(ip(5), None).unwrap();
        assert!(!p1.displaced() && p2.displaced() && !p3.displaced());
        assert_eq!(a.live(), 4);
        // One place over the bound is as many as closing displaced ones may take here
        // (max / 8, at least one): the next newcomer waits for p2 to close.
        assert_eq!(a.admit(ip(6), None).err(), Some(Cut::MaxConnections));
        a.release(ip(3), &p2);
        assert_eq!(a.live(), 3);
        let p5 = a.admit(ip(6), None).unwrap();
        assert!(p3.displaced());
        a.release(ip(4), &p3);
        p4.signed_in();
        p5.signed_in();
        // Everyone signed in and the server full: a newcomer is refused.
        assert_eq!(a.admit(ip(7), None).err(), Some(Cut::MaxConnections));
        assert_eq!(a.live(), 3);
        // A place given back after its connection closed is not displaceable, and
        // frees its place.
        a.release(ip(2), &p1);
        assert!(!p1.displaced());
        let q = a.admit(ip(7), None).unwrap();
        assert!(!q.displaced() && !p4.displaced() && !p5.displaced());
    }

    #[test]
    fn the_address_bound_is_checked_first() {
        let a = Admission::new(2, 1);
        let p1 = a.admit(ip(2), None).unwrap();
        let _p2 = a.admit(ip(3), None).unwrap();
        assert_eq!(a.admit(ip(2), None).err(), Some(Cut::PerAddress));
        assert!(!p1.displaced(), "a refused newcomer displaced someone");
    }
}
