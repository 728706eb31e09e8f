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
    /// Requests by command and status class ([`ConnStats::count_request`]).
    requests: [[u64; CLASSES]; COMMANDS],
    pub read_bytes: u64,
    pub write_bytes: u64,
    pub credits_granted: u64,
    pub auth_success: u64,
    pub auth_failure: u64,
    /// The command of the first request of the last PDU handled (latency attribution).
    pub last_command: Option<u16>,
    /// Commands (bits) whose `requests` row holds counts.
    touched: u64,
}

const _: () = assert!(COMMANDS <= 64);

impl ConnStats {
    pub fn status_class(status: u32) -> usize {
        match status >> 30 {
            0 => 0,
            1 | 2 => 1,
            _ => 2,
        }
    }

    /// Counts one request of command `cmd` answered with a status of `class`.
    pub fn count_request(&mut self, cmd: u16, class: usize) {
        if let Some(row) = self.requests.get_mut(cmd as usize) {
            row[class] += 1;
            self.touched |= 1 << cmd;
        }
    }

    /// Hands each command's request counts (by class) gathered since the last call to
    /// `f`, and clears them: only the commands counted are visited.
    pub fn take_requests(&mut self, mut f: impl FnMut(usize, &[u64; CLASSES])) {
        let mut t = std::mem::take(&mut self.touched);
        while t != 0 {
            let cmd = t.trailing_zeros() as usize;
            t &= t - 1;
            f(cmd, &self.requests[cmd]);
            self.requests[cmd] = [0; CLASSES];
        }
    }
}

/// Whether a line logged at most once per ten seconds is due at `now` (FILETIME), given the
/// time of the last one in `last` (updated when due). Lines an abuser can cause are said
/// this way, so the abuse cannot fill the log.
pub fn log_due(last: &std::sync::atomic::AtomicU64, now: u64) -> bool {
    use std::sync::atomic::Ordering::Relaxed;
    let t = last.load(Relaxed);
    (t == 0 || now >= t.saturating_add(100_000_000))
        && last
            .compare_exchange(t, now.max(1), Relaxed, Relaxed)
            .is_ok()
}
