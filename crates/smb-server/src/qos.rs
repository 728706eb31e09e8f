//! Storage QoS (MS-SQOS): logical flows, the policies that give them a minimum and a
//! maximum rate, and the admission of their I/O.
//!
//! A flow is what a Hyper-V host names with FSCTL_STORAGE_QOS_CONTROL (one per virtual
//! disk open); opens that name none share their session's unmanaged flow when a
//! default is configured. Rates are in normalized I/Os: an I/O of `n` bytes counts
//! `ceil(n / 8192)`.
//!
//! Maxima: each flow's READs and WRITEs are admitted by a virtual-time token bucket
//! (GCRA): an I/O past the flow's rate is carried out, and its answer held until the
//! flow's time comes, so a client that waits for its answers runs at the rate.
//! Minima: every [`WINDOW`] the rates of the window are compared with the minima; while
//! some busy flow gets less than its minimum, the flows above their own minimum are
//! capped so as to give up the shortfall between them (never below their minimum), and
//! the caps are relaxed again once nobody is short. The client is told its rates in GET_STATUS answers and
//! throttles itself as well (MS-SQOS 3.1).

use parking_lot::Mutex;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The I/O size rates are normalized to (MS-SQOS BaseIoSize).
pub const BASE_IO_SIZE: u64 = 8192;
/// How often the minima are rebalanced.
pub const WINDOW: Duration = Duration::from_millis(200);
/// How far ahead of its rate a flow may run in a burst.
const BURST: Duration = Duration::from_millis(20);
/// The longest one answer is held: well inside the time a client waits for an answer
/// before it gives up on the connection (Windows: 60 s without an interim response). A
/// flow whose I/Os cost more than this each (a tiny maximum, huge I/Os) still runs at
/// one I/O per credit per this much.
pub const MAX_HOLD: Duration = Duration::from_secs(5);
/// Flows the server tracks; past it a new flow is refused (INSUFFICIENT_RESOURCES).
pub const MAX_FLOWS: usize = 16384;
/// How long a GET_STATUS answer holds, ms (the client asks again after it).
pub const STATUS_TTL_MS: u32 = 4000;

pub type Guid = [u8; 16];

/// Minimum and maximum rates (0: none): normalized IOPS and KiB/s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub min_iops: u64,
    pub max_iops: u64,
    pub max_kbps: u64,
}

impl Limits {
    pub fn is_unlimited(&self) -> bool {
        *self == Limits::default()
    }
}

/// A configured policy, named by the id Hyper-V's hosts carry (PolicyID).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Policy {
    pub id: Guid,
    pub name: String,
    pub limits: Limits,
}

/// The policies, and the limits of flows with none (a flow without a PolicyID or
/// explicit limits, and opens that name no flow).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QosConfig {
    pub policies: Vec<Policy>,
    pub default: Limits,
}

/// MS-SQOS StorageQoSStatus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Status {
    Ok = 0,
    InsufficientThroughput = 1,
    UnknownPolicyId = 2,
}

/// What the client said about a flow (SET_POLICY / PROBE_POLICY).
#[derive(Clone, Debug, Default)]
pub struct FlowDesc {
    pub policy_id: Guid,
    pub initiator_id: Guid,
    pub initiator_name: String,
    pub node_name: String,
    /// Limits the client gave itself (no PolicyID).
    pub requested: Limits,
}

#[derive(Debug)]
struct Bucket {
    /// GCRA theoretical arrival time: when the flow's next I/O is due at its rate.
    tat: Instant,
    /// The cap the minima rebalancer set (normalized IOPS; 0: none).
    cap: u64,
    /// The flow's limits as of [`Qos::generation`] `seen` (looked up again only when
    /// the policies or the flow's description change, not per I/O).
    limits: Limits,
    seen: u64,
}

/// Counters of a flow, all since it was made.
#[derive(Default, Debug)]
pub struct Counters {
    pub ios: AtomicU64,
    pub normalized: AtomicU64,
    pub bytes: AtomicU64,
    /// Time answers were held back for the flow's maximum, ns.
    pub throttled_ns: AtomicU64,
    /// What the client reported (UPDATE_COUNTERS): I/Os and their latency, 100 ns.
    pub client_ios: AtomicU64,
    pub client_latency_100ns: AtomicU64,
}

pub struct Flow {
    pub id: Guid,
    /// Opens naming the flow (it leaves the table with the last).
    opens: AtomicUsize,
    pub desc: Mutex<FlowDesc>,
    bucket: Mutex<Bucket>,
    pub counters: Counters,
    /// Normalized I/Os at the last rebalance (the window's rate is the difference).
    window_mark: AtomicU64,
    /// The flow's normalized I/Os in the last window, per second.
    last_rate: AtomicU64,
}

impl Flow {
    fn new(id: Guid, now: Instant) -> Flow {
        Flow {
            id,
            opens: AtomicUsize::new(0),
            desc: Mutex::new(FlowDesc::default()),
            bucket: Mutex::new(Bucket {
                tat: now,
                cap: 0,
                limits: Limits::default(),
                seen: u64::MAX,
            }),
            counters: Counters::default(),
            window_mark: AtomicU64::new(0),
            last_rate: AtomicU64::new(0),
        }
    }

    /// Normalized IOPS over the last rebalance window.
    pub fn recent_iops(&self) -> u64 {
        self.last_rate.load(Ordering::Relaxed)
    }
}

/// What the minima rebalancer remembers between windows.
struct Control {
    /// When the last window ended.
    last: Instant,
    /// The short flows' rates added up, last window (0: nobody was short).
    short_sum: u64,
    /// Windows in a row the short flows' rates did not rise.
    stalls: u32,
    /// Their rates when squeezing stopped helping (the caps are being released).
    stalled_at: Option<u64>,
    /// The most normalized IOPS all flows did together lately (a fiftieth less each
    /// window after).
    capacity: u64,
}

/// The server's flows and policies.
pub struct Qos {
    config: Mutex<Arc<QosConfig>>,
    flows: Mutex<HashMap<Guid, Arc<Flow>>>,
    /// The minima rebalancer's state.
    control: Mutex<Control>,
    /// Some flow or the default has a limit (else admission is skipped).
    active: std::sync::atomic::AtomicBool,
    default_limited: std::sync::atomic::AtomicBool,
    /// Bumped when the policies or a flow's description change.
    generation: AtomicU64,
}

impl Default for Qos {
    fn default() -> Self {
        Qos::new(QosConfig::default())
    }
}

/// A GUID as Windows writes it, from its wire bytes (the first three groups
/// little-endian).
pub fn format_guid(g: &Guid) -> String {
    let d1 = u32::from_le_bytes([g[0], g[1], g[2], g[3]]);
    let d2 = u16::from_le_bytes([g[4], g[5]]);
    let d3 = u16::from_le_bytes([g[6], g[7]]);
    let tail: String = g[8..].iter().map(|b| format!("{b:02x}")).collect();
    format!("{d1:08x}-{d2:04x}-{d3:04x}-{}-{}", &tail[..4], &tail[4..])
}

/// Normalized I/Os of one of `bytes`.
pub fn normalized(bytes: u64) -> u64 {
    bytes.div_ceil(BASE_IO_SIZE).max(1)
}

impl Qos {
    pub fn new(cfg: QosConfig) -> Qos {
        let q = Qos {
            config: Mutex::new(Arc::new(QosConfig::default())),
            flows: Mutex::new(HashMap::new()),
            control: Mutex::new(Control {
                last: crate::clock::now(),
                short_sum: 0,
                stalls: 0,
                stalled_at: None,
                capacity: 0,
            }),
            active: Default::default(),
            default_limited: Default::default(),
            generation: AtomicU64::new(0),
        };
        q.set_config(cfg);
        q
    }

    /// Replaces the policies (a configuration reload): flows take the new limits at
    /// their next I/O.
    pub fn set_config(&self, cfg: QosConfig) {
        self.default_limited
            .store(!cfg.default.is_unlimited(), Ordering::Release);
        *self.config.lock() = Arc::new(cfg);
        self.refresh_active();
    }

    /// Whether any limit is in force.
    pub fn active(&self) -> bool {
        self.active.load(Ordering::Acquire)
    }

    /// Whether flows without a policy (and opens naming no flow) are limited.
    pub fn default_limited(&self) -> bool {
        self.default_limited.load(Ordering::Acquire)
    }

    /// The flow of a session's opens that name none (when a default limit is set).
    pub fn unmanaged_id(session: u64) -> Guid {
        let mut g = *b"unmanaged\0\0\0\0\0\0\0";
        g[8..].copy_from_slice(&session.to_le_bytes());
        g
    }

    pub fn config(&self) -> Arc<QosConfig> {
        self.config.lock().clone()
    }

    fn refresh_active(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
        let cfg = self.config();
        let any = !cfg.default.is_unlimited()
            || cfg.policies.iter().any(|p| !p.limits.is_unlimited())
            || self
                .flows
                .lock()
                .values()
                .any(|f| !f.desc.lock().requested.is_unlimited());
        self.active.store(any, Ordering::Release);
    }

    /// The flow `id`, made if new (None when the table is full); one more open names it.
    pub fn attach(&self, id: Guid) -> Option<Arc<Flow>> {
        let mut t = self.flows.lock();
        let n = t.len();
        let f = match t.get(&id) {
            Some(f) => f.clone(),
            None if n >= MAX_FLOWS => return None,
            None => {
                let f = Arc::new(Flow::new(id, crate::clock::now()));
                t.insert(id, f.clone());
                f
            }
        };
        f.opens.fetch_add(1, Ordering::AcqRel);
        Some(f)
    }

    /// An open stops naming `f` (closed, or moved to another flow).
    pub fn detach(&self, f: &Arc<Flow>) {
        let mut t = self.flows.lock();
        if f.opens.fetch_sub(1, Ordering::AcqRel) == 1 {
            t.remove(&f.id);
        }
    }

    /// The flow's limits and status: its policy's, the ones it asked for, or the
    /// default.
    pub fn effective(&self, f: &Flow) -> (Limits, Status) {
        let cfg = self.config();
        let d = f.desc.lock();
        if d.policy_id != [0; 16] {
            return match cfg.policies.iter().find(|p| p.id == d.policy_id) {
                Some(p) => (p.limits, Status::Ok),
                None => (cfg.default, Status::UnknownPolicyId),
            };
        }
        if !d.requested.is_unlimited() {
            return (d.requested, Status::Ok);
        }
        (cfg.default, Status::Ok)
    }

    /// A client-given description changed: limits may have appeared.
    pub fn described(&self) {
        self.refresh_active();
    }

    /// Admits an I/O of `bytes` of flow `f` at `now`: None if it may be answered at
    /// once, else when its answer may go.
    pub fn admit(&self, f: &Flow, bytes: u64, now: Instant) -> Option<Instant> {
        let units = normalized(bytes);
        let c = &f.counters;
        c.ios.fetch_add(1, Ordering::Relaxed);
        c.normalized.fetch_add(units, Ordering::Relaxed);
        c.bytes.fetch_add(bytes, Ordering::Relaxed);
        if !self.active.load(Ordering::Acquire) {
            return None;
        }
        self.maybe_rebalance(now);
        let generation = self.generation.load(Ordering::Acquire);
        let mut b = f.bucket.lock();
        if b.seen != generation {
            b.limits = self.effective(f).0;
            b.seen = generation;
        }
        let limits = b.limits;
        let max = match (limits.max_iops, b.cap) {
            (0, c) => c,
            (m, 0) => m,
            (m, c) => m.min(c),
        };
        // Time the I/O takes of the flow's rate, and of its bandwidth.
        let by_rate = units.saturating_mul(1_000_000_000).checked_div(max);
        let by_bytes = bytes
            .saturating_mul(1_000_000_000)
            .checked_div(limits.max_kbps.saturating_mul(1024));
        let cost = Duration::from_nanos(by_rate.unwrap_or(0).max(by_bytes.unwrap_or(0)));
        if cost.is_zero() {
            b.tat = now;
            return None;
        }
        // GCRA: the I/O may go when the flow's theoretical time, less the burst, is
        // not ahead of now.
        let tat = b.tat.max(now);
        let release = tat
            .checked_sub(BURST)
            .map_or(now, |t| t.max(now))
            .min(now + MAX_HOLD);
        // (The debt carried forward is bounded too, so that a lifted limit soon stops
        // holding anything.)
        b.tat = (tat + cost).min(now + MAX_HOLD + BURST);
        drop(b);
        if release > now {
            let held = release - now;
            c.throttled_ns
                .fetch_add(held.as_nanos() as u64, Ordering::Relaxed);
            Some(release)
        } else {
            None
        }
    }

    /// Every [`WINDOW`]: the window's rates, and the caps that give minima first.
    ///
    /// A flow with a minimum that did I/O in the window at less than its minimum is
    /// short. While some flow is short, the others are capped to share what the server
    /// did in the window less the short flows' minima, in proportion to what each got
    /// (never under a flow's own minimum). Squeezing goes on
    /// while the short flows' rates rise; when they stop rising for two windows they are
    /// short of demand, not of the server's time, and the caps are held where they are.
    /// Once nobody is short the caps are relaxed (a quarter a window) and then lifted.
    fn maybe_rebalance(&self, now: Instant) {
        let Some(mut ctl) = self.control.try_lock() else {
            return;
        };
        let elapsed = now.saturating_duration_since(ctl.last);
        if elapsed < WINDOW {
            return;
        }
        ctl.last = now;
        let flows: Vec<Arc<Flow>> = self.flows.lock().values().cloned().collect();
        // The window's rates: all flows', the short flows' (and their minima), the rest's.
        let (mut all, mut short_sum, mut reserved, mut others) = (0u64, 0u64, 0u64, 0u64);
        let mut short = false;
        let mut rates = Vec::with_capacity(flows.len());
        for f in &flows {
            let total = f.counters.normalized.load(Ordering::Relaxed);
            let before = f.window_mark.swap(total, Ordering::Relaxed);
            let rate = ((total - before) as f64 / elapsed.as_secs_f64()) as u64;
            f.last_rate.store(rate, Ordering::Relaxed);
            let (limits, _) = self.effective(f);
            let is_short = limits.min_iops > 0 && total > before && rate < limits.min_iops;
            all += rate;
            if is_short {
                short = true;
                short_sum += rate;
                // (With a tenth to spare: a flow just at its minimum is one window from
                // short again.)
                reserved += limits.min_iops + limits.min_iops / 10;
            } else {
                others += rate;
            }
            rates.push((rate, limits, is_short));
        }
        enum Step {
            Squeeze,
            Relax,
        }
        ctl.capacity = all.max(ctl.capacity - ctl.capacity / 50);
        let capacity = ctl.capacity;
        // Squeezing helps only where the others use at least what the short flows lack
        // (in a window where little was done, a start or a lull, it would only starve).
        let lacking = reserved.saturating_sub(short_sum);
        let step = if !short || others < lacking {
            ctl.stalls = 0;
            ctl.stalled_at = None;
            ctl.short_sum = 0;
            Step::Relax
        } else if let Some(level) = ctl.stalled_at {
            // Released because squeezing stopped helping: squeeze again only if the
            // short flows lose ground (the server's time is what they lack after all) or
            // find more demand.
            if short_sum < level - level / 10 || short_sum > level + level / 20 {
                ctl.stalled_at = None;
                ctl.stalls = 0;
                ctl.short_sum = short_sum;
                Step::Squeeze
            } else {
                Step::Relax
            }
        } else if ctl.short_sum == 0 || short_sum > ctl.short_sum + ctl.short_sum / 20 {
            ctl.stalls = 0;
            ctl.short_sum = short_sum;
            Step::Squeeze
        } else {
            ctl.stalls += 1;
            if ctl.stalls < 2 {
                Step::Squeeze
            } else {
                ctl.stalled_at = Some(short_sum);
                Step::Relax
            }
        };
        drop(ctl);
        // What the server can do (the most it did lately, not this window's, which the
        // caps themselves lower), less the short flows' minima, is shared by the others
        // in proportion to what they got (each keeps at least its minimum).
        let avail = capacity.saturating_sub(reserved) as f64;
        for (f, (rate, limits, is_short)) in flows.iter().zip(rates) {
            let mut b = f.bucket.lock();
            match step {
                Step::Squeeze if !is_short && rate > limits.min_iops && others > 0 => {
                    // At most halved in one window.
                    let share = (avail * rate as f64 / others as f64) as u64;
                    let floor = match b.cap {
                        0 => rate / 2,
                        c => c.min(rate) / 2,
                    };
                    b.cap = share.max(floor).max(limits.min_iops).max(1);
                }
                Step::Relax if b.cap > 0 => {
                    let more = b.cap + b.cap / 4 + 1;
                    b.cap = if more >= rate.saturating_mul(2).max(1) {
                        0
                    } else {
                        more
                    };
                }
                _ => {}
            }
        }
    }

    /// The cap the minima rebalancer put on the flow (0: none).
    pub fn cap_of(&self, f: &Flow) -> u64 {
        f.bucket.lock().cap
    }

    /// The flows now, for metrics.
    pub fn flows(&self) -> Vec<Arc<Flow>> {
        self.flows.lock().values().cloned().collect()
    }
}
