//! Latency of storage operations, per thread. Each worker thread writes only its own
//! counters (a relaxed load and store, no shared read-modify-write); the metrics
//! exporter sums every thread's counters when it is scraped.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Upper bounds of the latency buckets, in microseconds (the last bucket is +Inf).
pub const BUCKETS_US: [u64; 14] = [
    5, 10, 25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000, 50_000, 250_000, 1_000_000,
];

/// A histogram written by one thread and read by any.
pub struct Histogram {
    counts: [AtomicU64; BUCKETS_US.len() + 1],
    sum_ns: AtomicU64,
}

impl Default for Histogram {
    fn default() -> Self {
        Histogram {
            counts: std::array::from_fn(|_| AtomicU64::new(0)),
            sum_ns: AtomicU64::new(0),
        }
    }
}

fn bump(a: &AtomicU64, by: u64) {
    a.store(a.load(Relaxed).wrapping_add(by), Relaxed);
}

impl Histogram {
    /// Records one observation. Only the owning thread may call this.
    pub fn observe(&self, d: Duration) {
        let us = d.as_micros() as u64;
        let i = BUCKETS_US.partition_point(|&b| b < us);
        bump(&self.counts[i], 1);
        bump(&self.sum_ns, d.as_nanos() as u64);
    }

    /// Adds this histogram's (non-cumulative) bucket counts and sum into `into`.
    pub fn add_to(&self, into: &mut HistogramSnapshot) {
        for (t, c) in into.counts.iter_mut().zip(self.counts.iter()) {
            *t += c.load(Relaxed);
        }
        into.sum_ns += self.sum_ns.load(Relaxed);
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HistogramSnapshot {
    /// Per bucket (not cumulative), the last one being +Inf.
    pub counts: [u64; BUCKETS_US.len() + 1],
    pub sum_ns: u64,
}

impl HistogramSnapshot {
    pub fn count(&self) -> u64 {
        self.counts.iter().sum()
    }
}

pub const OPS: [&str; 5] = ["open", "read", "write", "flush", "other"];
pub const OP_OPEN: usize = 0;
pub const OP_READ: usize = 1;
pub const OP_WRITE: usize = 2;
pub const OP_FLUSH: usize = 3;
pub const OP_OTHER: usize = 4;

#[derive(Default)]
struct ThreadStats {
    ops: [Histogram; OPS.len()],
}

static ENABLED: AtomicBool = AtomicBool::new(true);
static ALL: Mutex<Vec<Arc<ThreadStats>>> = Mutex::new(Vec::new());

thread_local! {
    static MINE: Arc<ThreadStats> = {
        let s = Arc::new(ThreadStats::default());
        ALL.lock().unwrap().push(s.clone());
        s
    };
}

/// Turns timing off (or on) for every thread.
pub fn set_enabled(on: bool) {
    ENABLED.store(on, Relaxed);
}

/// Runs `f`, timing it as storage operation `op`.
pub fn timed<T>(op: usize, f: impl FnOnce() -> T) -> T {
    if !ENABLED.load(Relaxed) {
        return f();
    }
    let t = crate::clock::now();
    let r = f();
    let d = crate::clock::since(t);
    MINE.with(|m| m.ops[op].observe(d));
    r
}

/// Records storage operation `op` that took `d`, timed elsewhere (by the transport that
/// performed it: the worker's io_uring).
pub fn observe(op: usize, d: Duration) {
    if ENABLED.load(Relaxed) {
        MINE.with(|m| m.ops[op].observe(d));
    }
}

/// Every thread's counters, summed per operation.
pub fn snapshot() -> Vec<HistogramSnapshot> {
    let mut out = vec![HistogramSnapshot::default(); OPS.len()];
    for t in ALL.lock().unwrap().iter() {
        for (o, h) in out.iter_mut().zip(t.ops.iter()) {
            h.add_to(o);
        }
    }
    out
}
