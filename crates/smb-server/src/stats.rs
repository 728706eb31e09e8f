//! What a connection did, counted as plain integers for the daemon's metrics. The
//! connection only counts; the worker that owns it adds the counts into its own
//! per-worker totals and the exporter sums those when scraped.

/// SMB2 commands are 0..=18.
pub const COMMANDS: usize = 19;

/// Status classes: success, informational/warning (e.g. MORE_PROCESSING_REQUIRED,
/// BUFFER_OVERFLOW, PENDING), error.
pub const CLASSES: usize = 3;

pub fn class_name(c: usize) -> &'static str {
    ["success", "warning", "error"][c]
}

#[derive(Clone, Debug, Default)]
pub struct ConnStats {
    pub requests: [[u64; CLASSES]; COMMANDS],
    pub read_bytes: u64,
    pub write_bytes: u64,
    pub credits_granted: u64,
    pub auth_success: u64,
    pub auth_failure: u64,
    /// The command of the first request of the last PDU handled (latency attribution).
    pub last_command: Option<u16>,
}

impl ConnStats {
    pub fn status_class(status: u32) -> usize {
        match status >> 30 {
            0 => 0,
            1 | 2 => 1,
            _ => 2,
        }
    }

    /// Adds `o` into `self` and clears `o`.
    pub fn drain_into(&mut self, o: &mut ConnStats) {
        for (a, b) in self.requests.iter_mut().zip(o.requests.iter()) {
            for (x, y) in a.iter_mut().zip(b.iter()) {
                *x += y;
            }
        }
        self.read_bytes += o.read_bytes;
        self.write_bytes += o.write_bytes;
        self.credits_granted += o.credits_granted;
        self.auth_success += o.auth_success;
        self.auth_failure += o.auth_failure;
        let last = o.last_command;
        *o = ConnStats::default();
        o.last_command = last;
    }
}
