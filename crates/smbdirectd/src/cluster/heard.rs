//! Changes every node must hear before one is answered (a shared disk's reservations, its
//! layout, a VHD Set's file): a node that does not acknowledge one in time is fenced.
//!
//! Each node's watch acknowledges every notification with its run's cookie
//! (`UUID.BOOT`, what its lease is held as). The node making the change lists the runs
//! holding a lease first, then notifies: a run alive before the notification that did
//! not acknowledge it may still act on what the change replaced (its process stopped a
//! while, its watch lost and not yet made again, which the notification does not even
//! wait for). It is asked again until `GRACE` has passed; one that still did not answer
//! is fenced as a takeover fences a node whose lease ran out (its RADOS addresses
//! blocklisted, its file system sessions ended) and, blocklisted, stops serving at its
//! next renewal. Only then is the change answered: what a node no longer reads or writes
//! cannot disagree with it. A node fences others only once its own watch heard the
//! change (when the notify object is out of reach, every node is silent alike: the
//! change is answered, as before this, with nobody fenced), and byte-range lock changes
//! and caching breaks (`%`, `-`, worker calls) are the same with the runs last listed
//! standing in for the listing while every one of them answers.

use super::notify::{ACK_TIMEOUT, OBJECT};
use super::{ceph_err, node_oid, read_record, read_registry, record_boot, Inner, ALIVE};
use anyhow::Result;
use std::collections::HashSet;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// How long the other nodes have to acknowledge a change, at most (a lease, if shorter),
/// before those that did not are fenced.
const GRACE: Duration = Duration::from_secs(10);
/// Between two askings.
const AGAIN: Duration = Duration::from_millis(250);

/// The runs in `live` that are not in `acked`.
fn missing<'a>(
    live: &'a [(String, String)],
    acked: &HashSet<Vec<u8>>,
) -> Vec<&'a (String, String)> {
    live.iter()
        .filter(|(_, cookie)| !acked.contains(cookie.as_bytes()))
        .collect()
}

impl Inner {
    /// Notifies `line` to every node and returns once each run holding a lease has
    /// acknowledged it or was fenced. Err when the cluster could not be asked, or a
    /// node that did not answer could not be fenced.
    pub(super) fn tell_heard(&self, line: &str) -> Result<()> {
        let started = crate::clock::now();
        // (Listed before the notification: a run that took its lease after it read the
        // change from the objects the change wrote first. Notified whatever the listing
        // does: the change is made.)
        let before = self.live_runs().unwrap_or_else(|e| {
            tracing::warn!(error = %format!("{e:#}"), "listing the live nodes failed");
            self.known_live()
        });
        let (acked, _) = self.notify_acked(line);
        self.hear_or_fence(line, (before, acked), started)
    }

    /// As [`Inner::tell_heard`], for a worker's change (a byte-range lock's, a break of
    /// read caching): the runs last seen alive (`live`, listed each turn of the watch
    /// thread) having acknowledged, it costs no more than the notification; only when
    /// one did not are the runs listed again, asked again and fenced.
    pub(super) fn tell_heard_quick(&self, line: &str) -> Result<()> {
        let started = crate::clock::now();
        let (acked, heard) = self.tell_known(line);
        if heard {
            return Ok(());
        }
        self.hear_or_fence(line, (self.known_live(), acked), started)
    }

    /// Notifies `line`: whether every run last seen alive acknowledged it (for what is
    /// not done unless all heard: read caching granted).
    pub(super) fn heard_by_all(&self, line: &str) -> bool {
        self.tell_known(line).1
    }

    /// Notifies `line`: who acknowledged, and whether every watch did and every run
    /// last seen alive among them. (A watch that did not answer is a run's listed since,
    /// or one that died.)
    fn tell_known(&self, line: &str) -> (HashSet<Vec<u8>>, bool) {
        let (acked, all) = self.notify_acked(line);
        let heard = all
            && self
                .live
                .read()
                .is_ok_and(|live| missing(&live, &acked).is_empty());
        (acked, heard)
    }

    fn known_live(&self) -> Vec<(String, String)> {
        self.live.read().map(|l| l.clone()).unwrap_or_default()
    }

    /// Notifies `line`: who acknowledged, and whether every watch did.
    fn notify_acked(&self, line: &str) -> (HashSet<Vec<u8>>, bool) {
        let (replies, r) = self.io.notify_replies(OBJECT, line.as_bytes(), ACK_TIMEOUT);
        if let Err(e) = &r {
            tracing::debug!(error = %e, line, "not every watch acknowledged a change");
        }
        (replies.into_iter().collect(), r.is_ok())
    }

    /// `line` was notified (`acked`: who acknowledged it and the notifications before;
    /// `before`: the runs listed before the last one): the runs alive that did not
    /// acknowledge are asked again until `GRACE` (or the lease) from `started` has
    /// passed, twice at least; then those of them listed before a notification are
    /// fenced (one listed since is asked once more first).
    fn hear_or_fence(
        &self,
        line: &str,
        (mut before, mut acked): (Vec<(String, String)>, HashSet<Vec<u8>>),
        started: std::time::Instant,
    ) -> Result<()> {
        let until = started + GRACE.min(self.lease);
        let mut asked = 1;
        loop {
            let live = match self.live_runs() {
                Ok(l) => l,
                Err(e) if crate::clock::now() >= until => return Err(e),
                Err(_) => {
                    std::thread::sleep(AGAIN);
                    continue;
                }
            };
            let unheard: Vec<(String, String)> =
                missing(&live, &acked).into_iter().cloned().collect();
            if unheard.is_empty() {
                return Ok(());
            }
            if asked >= 2 && crate::clock::now() >= until {
                // (This node's own watch heard it: notifications got through, and those
                // that did not answer are silent. Otherwise the notify object is out of
                // reach, for all alike: nobody is fenced for it.)
                if !acked.contains(self.cookie.as_bytes()) {
                    anyhow::bail!("a notification got through to no node, this one's included");
                }
                let due: Vec<_> = unheard.iter().filter(|r| before.contains(r)).collect();
                for (uuid, cookie) in &due {
                    self.fence_run(uuid, cookie, line)?;
                }
                // (Not waited for again: its watch is gone, its record says so.)
                if let Ok(mut l) = self.live.write() {
                    l.retain(|r| !due.contains(&r));
                }
                if due.len() == unheard.len() {
                    return Ok(());
                }
            }
            std::thread::sleep(AGAIN);
            before = live;
            acked.extend(self.notify_acked(line).0);
            asked += 1;
        }
    }

    /// Fences run `cookie` of node `uuid`, which did not acknowledge `line`, once (other
    /// threads wanting it fenced wait for this one), unless its record names another
    /// run now (the node started again: the silent run's lease was broken) or says it
    /// was fenced already; then marks it fenced in the record.
    fn fence_run(&self, uuid: &str, cookie: &str, line: &str) -> Result<()> {
        static FENCING: std::sync::Mutex<()> = std::sync::Mutex::new(());
        let _one = FENCING.lock().unwrap_or_else(|p| p.into_inner());
        let record = read_record(&self.io, uuid)?;
        let boot = cookie
            .rsplit('.')
            .next()
            .and_then(|b| u64::from_str_radix(b, 16).ok());
        let same_run = boot.is_some() && record_boot(&record) == boot;
        if !same_run || was_fenced(&record, cookie) {
            return Ok(());
        }
        tracing::error!(node = %uuid, run = %cookie, line,
            "a node did not acknowledge a change every node must hear: fencing it");
        fence(self, uuid, true)?;
        // (Its record says so: until its lease runs out, no change waits for it again,
        // and its disks' metadata is taken from it at once.)
        self.io
            .append(&node_oid(uuid), format!("fenced {cookie}\n").as_bytes())
            .map_err(ceph_err("marking a node fenced"))?;
        self.stats.nodes_fenced.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }

    /// Lists the other nodes' live runs again (the watch thread, each turn).
    pub(super) fn refresh_live(&self) {
        if let Err(e) = self.live_runs() {
            tracing::warn!(error = %format!("{e:#}"), "listing the live nodes failed");
        }
    }

    /// The other nodes' runs that hold their lease and were not fenced: (uuid, cookie).
    fn live_runs(&self) -> Result<Vec<(String, String)>> {
        let mut out = Vec::new();
        for (uuid, _) in read_registry(&self.io)? {
            if uuid == self.uuid {
                continue;
            }
            let oid = node_oid(&uuid);
            let run = format!("{uuid}.");
            let holders = self
                .io
                .lockers(&oid, ALIVE)
                .map_err(ceph_err("listing a node's lease"))?;
            let mut holders = holders.into_iter().filter(|h| h.cookie.starts_with(&run));
            let Some(h) = holders.next() else {
                continue;
            };
            if !was_fenced(&read_record(&self.io, &uuid)?, &h.cookie) {
                out.push((uuid, h.cookie));
            }
        }
        if let Ok(mut l) = self.live.write() {
            l.clone_from(&out);
        }
        Ok(out)
    }
}

/// Whether a node's record says its run `cookie` was fenced.
pub(super) fn was_fenced(record: &[u8], cookie: &str) -> bool {
    String::from_utf8_lossy(record)
        .lines()
        .any(|l| l.strip_prefix("fenced ") == Some(cookie))
}

/// Fences node `uuid`: its RADOS addresses (as its record lists them) blocklisted, its
/// file system sessions for the scale-out shares ended. Nothing it sends reaches the
/// cluster from then on. A blocklisting that fails is an error when `strict` (a live
/// node: it would go on serving), logged otherwise (a takeover's: its lease ran out).
pub(super) fn fence(inner: &Inner, uuid: &str, strict: bool) -> Result<()> {
    let record = read_record(&inner.io, uuid)?;
    // (The record's other lines are `key value`; its RADOS addresses have no space.)
    for a in String::from_utf8_lossy(&record)
        .lines()
        .filter(|l| !l.is_empty() && !l.contains(' '))
    {
        if let Err(e) = inner.rados.blocklist(a, 0) {
            tracing::warn!(node = %uuid, addr = a, error = %e, "could not blocklist the node");
            if strict {
                anyhow::bail!("ceph: blocklisting {a}: {e}");
            }
        }
    }
    // (Bounded: a file system that does not answer fails this, not waits.)
    let mut opts = inner.ceph.options(None);
    opts.settings
        .push(("client_mount_timeout".into(), "10".into()));
    for share in &inner.shares {
        let id = crate::config::share_session(uuid, share);
        cephfs::Mount::end_session(&opts, &id)
            .map_err(|e| anyhow::anyhow!("ceph: ending {id}: {e}"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_that_did_not_acknowledge_is_missing() {
        let run = |u: &str, b: &str| (u.to_string(), format!("{u}.{b}"));
        let live = [run("a", "1"), run("b", "2")];
        let acked: HashSet<Vec<u8>> = [b"a.1".to_vec(), b"c.9".to_vec()].into();
        assert_eq!(missing(&live, &acked), vec![&live[1]]);
        // An earlier run of the same node acknowledging does not count for this one.
        let acked: HashSet<Vec<u8>> = [b"a.1".to_vec(), b"b.1".to_vec()].into();
        assert_eq!(missing(&live, &acked), vec![&live[1]]);
        let acked: HashSet<Vec<u8>> = [b"a.1".to_vec(), b"b.2".to_vec()].into();
        assert!(missing(&live, &acked).is_empty());
    }

    #[test]
    fn a_run_marked_fenced_is_not_waited_for() {
        let record = b"boot 02\n127.0.0.1:0/5\nfenced u.01\n";
        assert!(was_fenced(record, "u.01"));
        assert!(!was_fenced(record, "u.02"), "a later run");
        assert!(!was_fenced(b"boot 01\n", "u.01"));
    }
}
