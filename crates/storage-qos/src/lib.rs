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
//! some busy flow gets less than its minimum, the flows above their own minimum have
//! their caps lowered step by step, in proportion to the shortfall, until it is made up
//! (never below their own minimum), and the caps are relaxed again once nobody is short. The client is told its rates in GET_STATUS answers and
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
/// Squeeze steps without gain after which a short flow is taken to be short of demand.
const STALL_STEPS: u32 = 4;
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
    /// The most the short flows did together since this squeeze began (0: none began).
    best: u64,
    /// Squeeze steps in a row after which the short flows did no better than `best`.
    no_gain: u32,
    /// What the short flows did when squeezing was found not to help them (their own
    /// demand, not the server's time, holds them back): the caps are being released.
    stalled_at: Option<u64>,
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
    /// The server's QoS, started at `now`.
    pub fn new(cfg: QosConfig, now: Instant) -> Qos {
        let q = Qos {
            config: Mutex::new(Arc::new(QosConfig::default())),
            flows: Mutex::new(HashMap::new()),
            control: Mutex::new(Control {
                last: now,
                best: 0,
                no_gain: 0,
                stalled_at: None,
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

    /// The flow `id`, made if new at `now` (None when the table is full); one more open
    /// names it.
    pub fn attach(&self, id: Guid, now: Instant) -> Option<Arc<Flow>> {
        let mut t = self.flows.lock();
        let n = t.len();
        let f = match t.get(&id) {
            Some(f) => f.clone(),
            None if n >= MAX_FLOWS => return None,
            None => {
                let f = Arc::new(Flow::new(id, now));
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
    /// A flow with a minimum that did I/O in the window at less than its minimum (with a
    /// fiftieth to spare) is short. While some flow is short, every other flow above its
    /// own minimum has its cap lowered each window in proportion to how far the short
    /// flows are from their minima (3% to 25% a step, never under the flow's own
    /// minimum): a feedback loop that squeezes until the minima are met, however much
    /// of the server's time a short flow's I/O costs. A short flow that does no better
    /// over [`STALL_STEPS`] steps in a row is short of demand, not of the server's time:
    /// the caps are released, and squeezing starts again only if it loses ground or
    /// finds more demand. Once nobody is short the caps are held while a flow with a
    /// minimum is within a tenth above it (relaxed a little, probing), relaxed by a
    /// tenth a window otherwise, and lifted when well above what the flow does.
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
        // The window's rates: the short flows' (and what they lack), the rest's.
        let (mut short_sum, mut short_min, mut lacking, mut others) = (0u64, 0u64, 0u64, 0u64);
        let mut near = false;
        let mut rates = Vec::with_capacity(flows.len());
        for f in &flows {
            let total = f.counters.normalized.load(Ordering::Relaxed);
            let before = f.window_mark.swap(total, Ordering::Relaxed);
            let rate = ((total - before) as f64 / elapsed.as_secs_f64()) as u64;
            f.last_rate.store(rate, Ordering::Relaxed);
            let (limits, _) = self.effective(f);
            let min = limits.min_iops;
            let busy = min > 0 && total > before;
            let is_short = busy && rate < min + min / 50;
            if is_short {
                short_sum += rate;
                short_min += min + min / 50;
                lacking += min + min / 50 - rate;
            } else {
                others += rate;
                near |= busy && rate < min + min / 10;
            }
            rates.push((rate, limits, is_short));
        }
        enum Step {
            Squeeze(f64),
            Hold,
            Relax(u64),
        }
        // How hard to squeeze: the share of their minima the short flows lack.
        let squeeze = Step::Squeeze((lacking as f64 / short_min.max(1) as f64).clamp(0.03, 0.25));
        // Squeezing helps only where the others use at least what the short flows lack
        // (in a window where little was done, a start or a lull, it would only starve).
        let step = if short_sum + lacking == 0 || others < lacking {
            ctl.best = 0;
            ctl.no_gain = 0;
            ctl.stalled_at = None;
            if near {
                Step::Hold
            } else {
                Step::Relax(10)
            }
        } else if let Some(level) = ctl.stalled_at {
            // Released because squeezing stopped helping: squeeze again only if the
            // short flows lose ground (the server's time is what they lack after all) or
            // find more demand. Near their minima the release is a slow probe, and a
            // small loss is enough.
            let near = level >= short_min - short_min / 10;
            let lost = if near { level / 50 } else { level / 10 };
            if short_sum + lost < level || short_sum > level + level / 20 {
                ctl.stalled_at = None;
                ctl.best = short_sum;
                ctl.no_gain = 0;
                squeeze
            } else if near {
                Step::Hold
            } else {
                Step::Relax(10)
            }
        } else {
            if short_sum > ctl.best + ctl.best / 100 {
                ctl.best = short_sum;
                ctl.no_gain = 0;
            } else {
                ctl.no_gain += 1;
            }
            if ctl.no_gain >= STALL_STEPS {
                ctl.stalled_at = Some(ctl.best);
                Step::Relax(10)
            } else {
                squeeze
            }
        };
        drop(ctl);
        for (f, (rate, limits, is_short)) in flows.iter().zip(rates) {
            let mut b = f.bucket.lock();
            match step {
                Step::Squeeze(by) if !is_short && rate > limits.min_iops => {
                    // From what the flow did, or its cap if it did less.
                    let from = match b.cap {
                        0 => rate,
                        c => c.min(rate.max(1)),
                    };
                    b.cap = ((from as f64 * (1.0 - by)) as u64)
                        .max(limits.min_iops)
                        .max(1);
                }
                Step::Hold if b.cap > 0 => b.cap += b.cap / 50 + 1,
                Step::Relax(percent) if b.cap > 0 => {
                    let more = b.cap + b.cap * percent / 100 + 1;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A worker with 100 units of time a millisecond, shared turn about between a flow
    /// with a minimum whose I/Os cost 3 units each (up to `a_demand` a millisecond) and
    /// a noisy flow with no policy whose I/Os cost 1 unit, eight in flight, each slot
    /// free again when its answer is released. Returns what each did in the last second
    /// of `secs`, and the noisy flow's cap at the end.
    fn run(min_iops: u64, a_demand: u64, secs: u64) -> (u64, u64, u64) {
        let policy = [9; 16];
        let t0 = std::time::Instant::now();
        let q = Qos::new(
            QosConfig {
                policies: vec![Policy {
                    id: policy,
                    name: "reserved".into(),
                    limits: Limits {
                        min_iops,
                        ..Default::default()
                    },
                }],
                default: Limits::default(),
            },
            t0,
        );
        let a = q.attach([1; 16], t0).unwrap();
        a.desc.lock().policy_id = policy;
        let b = q.attach([2; 16], t0).unwrap();
        q.described();
        let mut slots = [t0; 8];
        let (mut a_last, mut b_last, mut budget) = (0, 0, 0u64);
        for ms in 0..secs * 1000 {
            let now = t0 + Duration::from_millis(ms);
            let mut a_left = a_demand;
            // (What a millisecond leaves unused carries over to the next.)
            budget = (budget + 100).min(200);
            loop {
                let mut went = false;
                if a_left > 0 && budget >= 3 {
                    assert!(q.admit(&a, 8192, now).is_none(), "a short flow is not held");
                    (a_left, budget, went) = (a_left - 1, budget - 3, true);
                    if ms >= (secs - 1) * 1000 {
                        a_last += 1;
                    }
                }
                if let Some(s) = slots
                    .iter_mut()
                    .find(|s| **s <= now)
                    .filter(|_| budget >= 1)
                {
                    *s = q.admit(&b, 8192, now).unwrap_or(now);
                    (budget, went) = (budget - 1, true);
                    if ms >= (secs - 1) * 1000 {
                        b_last += 1;
                    }
                }
                if !went {
                    break;
                }
            }
        }
        let cap = q.cap_of(&b);
        (a_last, b_last, cap)
    }

    #[test]
    fn without_a_minimum_the_flows_share_the_worker_turn_about() {
        let (a, b, cap) = run(0, 1000, 2);
        assert_eq!((a, b, cap), (25_000, 25_000, 0));
    }

    /// The expensive flow gets 25000/s turn about; with 30000 reserved the noisy flow
    /// is squeezed until it does (and not far past it), and never below what is left.
    #[test]
    fn a_minimum_is_met_however_much_the_short_flow_costs() {
        let (a, b, cap) = run(30_000, 1000, 8);
        assert!((30_000..33_500).contains(&a), "reserved flow got {a}");
        assert!(b >= 7_000 && cap > 0, "noisy flow got {b}, cap {cap}");
    }

    /// A flow short of its minimum for want of demand: squeezing does not help it, so
    /// the noisy flow is released again and runs at what the worker has left.
    #[test]
    fn a_flow_short_of_demand_does_not_hold_the_others_down() {
        let (a, b, cap) = run(30_000, 10, 8);
        assert_eq!(a, 10_000);
        assert!(b >= 60_000, "noisy flow got {b} (cap {cap})");
    }
}
