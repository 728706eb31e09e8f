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
/// Turns of the watch thread an open is looked for before it is given up (its holder
/// never gave it, or its client stopped asking).
const MAX_TURNS: u32 = 40;

fn object(persistent: u64) -> String {
    format!("smbdirectd.handoff.{persistent:016x}")
}

/// What the node has been asked, and what it waits for.
#[derive(Default)]
pub(super) struct Handoffs {
    /// Opens to yield: (persistent id, the node asking).
    yields: Vec<(u64, u16)>,
    /// Opens this node waits for (asked for, or said to be given): when it last asked,
    /// and the turns it has looked for the record. Looked for at every turn until
    /// adopted, so a lost notification or a failed adoption is tried again.
    wanted: HashMap<u64, (Option<Instant>, u32)>,
}

impl Inner {
    /// A reconnect here wants `persistent`, which node `holder`'s journal holds: ask
    /// that node to yield it (once in a while, not at every retry).
    pub(super) fn ask_for(&self, persistent: u64, holder: u16) {
        let Ok(mut h) = self.handoffs.lock() else {
            return;
        };
        let now = crate::clock::now();
        if h.wanted.len() >= MAX_PENDING && !h.wanted.contains_key(&persistent) {
            return;
        }
        let w = h.wanted.entry(persistent).or_insert((None, 0));
        if w.0
            .is_some_and(|at| now.saturating_duration_since(at) < ASK_AGAIN)
        {
            return;
        }
        w.0 = Some(now);
        drop(h);
        self.send_line(format!(
            "! yield {persistent:x} {:x} {holder:x}",
            self.number
        ));
    }

    /// Whether this node is waiting for `persistent` to be handed to it (a reconnect
    /// for it is told to retry meanwhile).
    pub(super) fn awaiting(&self, persistent: u64) -> bool {
        self.handoffs
            .lock()
            .is_ok_and(|h| h.wanted.contains_key(&persistent))
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
        match (kind, f.next().and_then(|x| u16::from_str_radix(x, 16).ok())) {
            ("yield", Some(holder))
                if holder == self.number && to != self.number && h.yields.len() < MAX_PENDING =>
            {
                h.yields.push((p, to))
            }
            ("given", None) if to == self.number && h.wanted.len() < MAX_PENDING => {
                h.wanted.entry(p).or_insert((None, 0));
            }
            _ => return,
        }
        drop(h);
        if let Some(t) = self.watcher.get() {
            t.unpark();
        }
    }

    /// Yields what was asked and adopts what was given (the watch thread, each turn).
    pub(super) fn run_handoffs(&self) {
        let (yields, wanted) = match self.handoffs.lock() {
            Ok(mut h) => (
                std::mem::take(&mut h.yields),
                h.wanted.keys().copied().collect::<Vec<_>>(),
            ),
            Err(_) => return,
        };
        for (p, to) in yields {
            let r = smb_server::ops::yield_persistent(
                &self.server,
                p,
                |rec| {
                    let mut b = MAGIC.to_vec();
                    b.extend_from_slice(&rec.frame());
                    self.io
                        .write_full(&object(p), &b)
                        .map_err(|e| std::io::Error::from_raw_os_error(e.0))
                },
                crate::clock::engine_now(),
            );
            match r {
                Some(Ok(())) => {
                    self.stats.handoffs_given.fetch_add(1, Ordering::Relaxed);
                    self.send_line(format!("! given {p:x} {to:x}"));
                }
                Some(Err(e)) => tracing::warn!(persistent = p, error = %e,
                    "could not give a persistent open to another node"),
                // Given already (and the word of it lost?): said again while its record
                // waits to be taken.
                None => {
                    if self.io.stat(&object(p)).is_ok_and(|s| s.is_some()) {
                        self.send_line(format!("! given {p:x} {to:x}"));
                    }
                }
            }
        }
        for p in wanted {
            let done = match self.adopt_given(p) {
                Ok(adopted) => adopted,
                Err(e) => {
                    tracing::warn!(persistent = p, error = %format!("{e:#}"),
                        "could not adopt a persistent open given by another node; will retry");
                    false
                }
            };
            if let Ok(mut h) = self.handoffs.lock() {
                let give_up = h.wanted.get_mut(&p).is_some_and(|w| {
                    w.1 += 1;
                    w.1 > MAX_TURNS
                });
                if done || give_up {
                    h.wanted.remove(&p);
                }
            }
        }
    }

    /// Adopts `p` if its record waits in RADOS: true once done.
    fn adopt_given(&self, p: u64) -> anyhow::Result<bool> {
        let oid = object(p);
        let Some(bytes) = self
            .io
            .read_all(&oid)
            .map_err(ceph_err("reading a handed-off open"))?
        else {
            return Ok(false);
        };
        let opens: Vec<_> = recover(&bytes)
            .opens
            .into_iter()
            .filter(|o| o.file_id.persistent == p)
            .collect();
        let kept =
            smb_server::ops::adopt_persistent(&self.server, opens, crate::clock::engine_now())?;
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
        Ok(true)
    }
}
