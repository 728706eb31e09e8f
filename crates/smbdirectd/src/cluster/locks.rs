//! I/O against other nodes' byte-range locks on scale-out shares.
//!
//! A READ or WRITE must not pass another node's lock (MS-FSA 2.1.4.10), and asking the
//! file's object (`files.rs`) on every I/O would put a RADOS round trip in each. So a
//! node keeps, per file it reads, the other nodes' lock lines as it last read them, and
//! every node that changes its locks on a file says so on the notify object
//! (`% NODE DEVICE FILE`, numbers in hex): each node that hears it forgets what it kept
//! of that file and reads the object again at the next I/O. The change is notified, and
//! every other node has acknowledged (forgotten) it, before the LOCK (or the CLOSE that
//! let locks go) is answered, so an I/O the client's peer makes after hearing of it sees
//! it on any node. A watch lost and made again forgets everything (what was missed
//! meanwhile is unknown). A kept line counts only while its node's run does (as in `files.rs`), so
//! the locks of a node gone stop nothing.
//!
//! Each kept file carries a sequence number, moved by every notification: what a read
//! finds is kept only if no notification came while it read (the entry is made before
//! the read for that), so a read that crossed a change is used once and not kept.

use super::files::{Entry, What};
use super::Inner;
use smb_server::state::{lock_stops_io, LockClaim};
use smb_wire::NtStatus;
use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

/// Files kept at most; past it everything kept is forgotten (and read again on use).
const MAX_FILES: usize = 8192;

/// Another node's lock, as read from the file's object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Held {
    node: u16,
    boot: u64,
    lock: LockClaim,
}

struct Kept {
    seq: u64,
    locks: Option<Arc<[Held]>>,
}

/// What this node keeps of the other nodes' locks.
#[derive(Default)]
pub(super) struct RemoteLocks {
    files: Mutex<HashMap<(u64, u64), Kept>>,
}

impl RemoteLocks {
    /// The file's other-node locks as kept, or the sequence number a read must be kept
    /// under (the entry is made now, so a notification during the read is seen).
    fn get(&self, key: (u64, u64)) -> Result<Arc<[Held]>, u64> {
        self.with(key, |k| k.locks.clone().ok_or(k.seq))
            .unwrap_or(Err(u64::MAX))
    }

    /// The sequence number a read of the file's object is kept under.
    fn begin(&self, key: (u64, u64)) -> u64 {
        self.with(key, |k| k.seq).unwrap_or(u64::MAX)
    }

    fn with<T>(&self, key: (u64, u64), f: impl FnOnce(&Kept) -> T) -> Option<T> {
        let mut files = self.files.lock().ok()?;
        if files.len() >= MAX_FILES && !files.contains_key(&key) {
            files.clear();
        }
        Some(f(files.entry(key).or_insert(Kept {
            seq: 0,
            locks: None,
        })))
    }

    /// Keeps `locks`, read under `seq`, unless a notification came meanwhile.
    fn put(&self, key: (u64, u64), seq: u64, locks: Arc<[Held]>) {
        if let Ok(mut files) = self.files.lock() {
            if let Some(k) = files.get_mut(&key).filter(|k| k.seq == seq) {
                k.locks = Some(locks);
            }
        }
    }

    /// Another node changed its locks on the file: what is kept of it goes.
    pub(super) fn heard(&self, key: (u64, u64)) {
        if let Ok(mut files) = self.files.lock() {
            if let Some(k) = files.get_mut(&key) {
                k.seq += 1;
                k.locks = None;
            }
        }
    }

    /// This node has no open of the file left: nothing of it is kept.
    pub(super) fn drop_file(&self, key: (u64, u64)) {
        if let Ok(mut files) = self.files.lock() {
            files.remove(&key);
        }
    }

    /// Notifications may have been missed: nothing is kept.
    pub(super) fn forget_all(&self) {
        if let Ok(mut files) = self.files.lock() {
            files.clear();
        }
    }
}

/// The notification that node `node` changed its locks on `key`.
pub(super) fn note((device, file): (u64, u64), node: u16) -> String {
    format!("% {node:x} {device:x} {file:x}")
}

/// (node, key) of a lock notification line; None for one that is not.
pub(super) fn parse_note(line: &str) -> Option<(u16, (u64, u64))> {
    let mut f = line.strip_prefix("% ")?.split(' ');
    let node = u16::from_str_radix(f.next()?, 16).ok()?;
    let device = u64::from_str_radix(f.next()?, 16).ok()?;
    let file = u64::from_str_radix(f.next()?, 16).ok()?;
    f.next().is_none().then_some((node, (device, file)))
}

/// The other nodes' locks among a file's lines.
pub(super) fn others(entries: &[Entry], me: u16) -> Arc<[Held]> {
    entries
        .iter()
        .filter(|e| e.node != me)
        .filter_map(|e| match e.what {
            What::Lock {
                offset,
                length,
                exclusive,
            } => Some(Held {
                node: e.node,
                boot: e.boot,
                lock: (offset, length, exclusive),
            }),
            What::Open { .. } => None,
        })
        .collect()
}

impl Inner {
    /// Keeps what was read of the file under `seq` (see [`RemoteLocks`]).
    pub(super) fn keep_locks(&self, key: (u64, u64), seq: u64, entries: &[Entry]) {
        self.remote.put(key, seq, others(entries, self.number));
    }

    /// The sequence number a read of the file's object is kept under.
    pub(super) fn locks_seq(&self, key: (u64, u64)) -> u64 {
        self.remote.begin(key)
    }

    pub(super) fn io_allowed(
        &self,
        key: (u64, u64),
        offset: u64,
        length: u64,
        write: bool,
    ) -> Result<(), NtStatus> {
        let locks = match self.remote.get(key) {
            Ok(l) => l,
            Err(seq) => {
                self.stats.lock_reads.fetch_add(1, Ordering::Relaxed);
                let entries = self.read_entries(key)?.0;
                let l = others(&entries, self.number);
                self.remote.put(key, seq, l.clone());
                l
            }
        };
        let stops = |h: &Held| lock_stops_io(h.lock, offset, length, write);
        if !locks.iter().any(stops) {
            return Ok(());
        }
        // Only a node whose run still counts stops anything.
        let mut memo = HashMap::new();
        if locks
            .iter()
            .any(|h| stops(h) && self.run_of(h.node, &mut memo) == Some(h.boot))
        {
            self.stats.lock_conflicts.fetch_add(1, Ordering::Relaxed);
            return Err(NtStatus::FILE_LOCK_CONFLICT);
        }
        Ok(())
    }

    /// Tells the other nodes this node's locks on `key` changed; every node has heard it
    /// when this returns (or did not answer in time).
    pub(super) fn tell_locks(&self, key: (u64, u64)) {
        let line = note(key, self.number);
        self.stats.lock_notes.fetch_add(1, Ordering::Relaxed);
        if let Err(e) = self.io.notify(
            super::notify::OBJECT,
            line.as_bytes(),
            super::notify::ACK_TIMEOUT,
        ) {
            // A node that did not answer in time is gone or cut off (its lease runs out).
            tracing::warn!(error = %e, "not every node acknowledged a byte-range lock change");
        }
    }

    /// A lock notification heard on the notify object.
    pub(super) fn heard_locks(&self, line: &str) {
        if let Some((node, key)) = parse_note(line) {
            if node != self.number {
                self.remote.heard(key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_round_trip_and_bad_ones_are_refused() {
        let n = note((0x10, 0xabc), 3);
        assert_eq!(parse_note(&n), Some((3, (0x10, 0xabc))));
        for bad in [
            "% 1 2",
            "% 1 2 3 4",
            "% zz 1 1",
            "! 1 2 3",
            "% 10000 1 1",
            "",
        ] {
            assert_eq!(parse_note(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn a_read_that_crossed_a_notification_is_not_kept() {
        let r = RemoteLocks::default();
        let key = (1, 2);
        let held: Arc<[Held]> = vec![Held {
            node: 2,
            boot: 9,
            lock: (0, 10, true),
        }]
        .into();
        // Nothing kept: a read is due, under sequence 0.
        let seq = r.get(key).unwrap_err();
        r.heard(key);
        r.put(key, seq, held.clone());
        let seq = r.get(key).expect_err("the crossed read was not kept");
        r.put(key, seq, held.clone());
        assert_eq!(r.get(key).ok().as_deref(), Some(&held[..]));
        // Heard again: forgotten; a file dropped or everything forgotten: not kept either.
        r.heard(key);
        let seq = r.get(key).unwrap_err();
        r.forget_all();
        r.put(key, seq, held.clone());
        assert!(r.get(key).is_err());
        let seq = r.get(key).unwrap_err();
        r.drop_file(key);
        r.put(key, seq, held);
        assert!(r.get(key).is_err());
    }
}
