//! Moving a persistent open from a node that is alive to the node its client moved to
//! (a drain: Witness told the client to move). The reconnect on the new node finds the
//! open in the old node's journal and is told to retry (STATUS_FILE_NOT_AVAILABLE), as
//! during a takeover; meanwhile the new node asks the holder to yield it, on the
//! cluster's notify object:
//!
//! - `! yield P TO HOLDER` (hex): node HOLDER, if P's client is no longer connected
//!   there, writes P's journal record to the object `smbdirectd.handoff.P`, closes the
//!   open (its journal entry and file-table lines go), and answers `! given P TO`;
//! - node TO reads the record, adopts the open (journaled here, reopened, waiting for
//!   its client) and removes the object; the client's next retry takes it back.
//!
//! Both sides do their RADOS work on the cluster's watch thread (woken by the
//! notification), never in the watch callback or on a worker.

use super::{ceph_err, Inner};
use smb_server::journal::{recover, MAGIC};
use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Requests kept waiting, at most (more are dropped: the client retries).
const MAX_PENDING: usize = 1024;
/// A node asks for the same open again after this.
const ASK_AGAIN: Duration = Duration::from_secs(2);

fn object(persistent: u64) -> String {
    format!("smbdirectd.handoff.{persistent:016x}")
}

/// What the node has been asked, or told, and what it asked.
#[derive(Default)]
pub(super) struct Handoffs {
    /// Opens to yield: (persistent id, the node asking).
    yields: Vec<(u64, u16)>,
    /// Opens given to this node, to adopt.
    given: Vec<u64>,
    asked: HashMap<u64, Instant>,
}

impl Inner {
    /// A reconnect here wants `persistent`, which node `holder`'s journal holds: ask
    /// that node to yield it (once in a while, not at every retry).
    pub(super) fn ask_for(&self, persistent: u64, holder: u16) {
        let Ok(mut h) = self.handoffs.lock() else {
            return;
        };
        let now = crate::clock::now();
        h.asked
            .retain(|_, at| now.saturating_duration_since(*at) < ASK_AGAIN);
        if h.asked.contains_key(&persistent) || h.asked.len() >= MAX_PENDING {
            return;
        }
        h.asked.insert(persistent, now);
        drop(h);
        self.send_line(format!(
            "! yield {persistent:x} {:x} {holder:x}",
            self.number
        ));
    }

    /// A handoff line heard on the notify object (in the watch callback: only noted,
    /// and the watch thread woken).
    pub(super) fn heard_handoff(&self, line: &str) {
        let mut f = line.split(' ').skip(1);
        let (Some(kind), Some(p), Some(to)) = (f.next(), f.next(), f.next()) else {
            return;
        };
        let (Ok(p), Ok(to)) = (u64::from_str_radix(p, 16), u16::from_str_radix(to, 16)) else {
            return;
        };
        let Ok(mut h) = self.handoffs.lock() else {
            return;
        };
        if h.yields.len() + h.given.len() >= MAX_PENDING {
            return;
        }
        match (kind, f.next().and_then(|x| u16::from_str_radix(x, 16).ok())) {
            ("yield", Some(holder)) if holder == self.number && to != self.number => {
                h.yields.push((p, to))
            }
            ("given", None) if to == self.number => h.given.push(p),
            _ => return,
        }
        drop(h);
        if let Some(t) = self.watcher.get() {
            t.unpark();
        }
    }

    /// Yields what was asked and adopts what was given (the watch thread, each turn).
    pub(super) fn run_handoffs(&self) {
        let (yields, given) = match self.handoffs.lock() {
            Ok(mut h) => (std::mem::take(&mut h.yields), std::mem::take(&mut h.given)),
            Err(_) => return,
        };
        for (p, to) in yields {
            let r = smb_server::ops::yield_persistent(&self.server, p, |rec| {
                let mut b = MAGIC.to_vec();
                b.extend_from_slice(&rec.frame());
                self.io
                    .write_full(&object(p), &b)
                    .map_err(|e| std::io::Error::from_raw_os_error(e.0))
            });
            match r {
                Some(Ok(())) => {
                    self.stats.handoffs_given.fetch_add(1, Ordering::Relaxed);
                    self.send_line(format!("! given {p:x} {to:x}"));
                }
                Some(Err(e)) => tracing::warn!(persistent = p, error = %e,
                    "could not give a persistent open to another node"),
                None => tracing::debug!(persistent = p, "asked to yield an open not free to go"),
            }
        }
        for p in given {
            if let Err(e) = self.adopt_given(p) {
                tracing::warn!(persistent = p, error = %format!("{e:#}"),
                    "could not adopt a persistent open given by another node");
            }
        }
    }

    fn adopt_given(&self, p: u64) -> anyhow::Result<()> {
        let oid = object(p);
        let Some(bytes) = self
            .io
            .read_all(&oid)
            .map_err(ceph_err("reading a handed-off open"))?
        else {
            return Ok(());
        };
        let opens: Vec<_> = recover(&bytes)
            .opens
            .into_iter()
            .filter(|o| o.file_id.persistent == p)
            .collect();
        let kept = smb_server::ops::adopt_persistent(&self.server, opens)?;
        self.io
            .remove(&oid)
            .map_err(ceph_err("removing a handed-off open"))?;
        self.stats
            .handoffs_taken
            .fetch_add(kept as u64, Ordering::Relaxed);
        tracing::info!(
            persistent = p,
            kept,
            "adopted a persistent open another node gave"
        );
        Ok(())
    }
}
