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
//!
//! Read caching crosses nodes the same way. A node about to let a client cache reads of
//! a file (an R lease, a Level II oplock) says `+ NODE DEVICE FILE` and waits for every
//! node, once until it hears that caching broken; a node about to change the file's
//! data, while it may be cached elsewhere, says `- NODE DEVICE FILE` and waits: each
//! node hearing it breaks its own clients' read caching of the file (as a local write
//! would) before it answers. "May be cached elsewhere" is kept per file: unknown at
//! first (yes when another node has the file open), yes on hearing `+`, no once this
//! node's `-` was heard by all with no `+` meanwhile. A change of a file's data is under
//! way from just after that decision until its data is written ([`Changes`]): a node
//! hearing `+` waits for the changes of that file it has under way (one may have decided
//! before the `+`, and not broken anything) before it acknowledges, 3 s at most; one
//! that decided before a `+` (of any file) it had not yet begun under decides again. A
//! change never notifies once begun.

use super::files::{Entry, What};
use super::Inner;
use smb_server::state::{lock_stops_io, LockClaim};
use smb_wire::NtStatus;
use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// How long a node hearing `+` waits for its changes of that file under way (within
/// the announcing node's 5 s for every acknowledgement).
const CHANGE_WAIT: Duration = Duration::from_secs(3);

/// The next number, and the changes under way: file and number.
type Running = (u64, Vec<((u64, u64), u64)>);

/// This node's changes of files' data under way (WRITE, a new size, zeroing, a copy
/// into the file...), by file, each numbered.
#[derive(Default)]
pub(super) struct Changes {
    running: Mutex<Running>,
    ended: Condvar,
    /// Every `+` heard, whichever file (what a change that decided before one and
    /// began after it looks for).
    plus_heard: std::sync::atomic::AtomicU64,
}

impl Changes {
    fn begin(&self, key: (u64, u64)) -> u64 {
        let Ok(mut r) = self.running.lock() else {
            return u64::MAX;
        };
        let n = r.0;
        r.0 += 1;
        r.1.push((key, n));
        n
    }

    /// The change `n` of `key` ended.
    pub(super) fn end(&self, key: (u64, u64), n: u64) {
        if let Ok(mut r) = self.running.lock() {
            if let Some(i) = r.1.iter().position(|c| *c == (key, n)) {
                r.1.swap_remove(i);
            }
        }
        self.ended.notify_all();
    }

    /// What [`Self::wait_out`] waits for when given it: the changes begun before now.
    fn mark(&self) -> u64 {
        self.running.lock().map_or(u64::MAX, |r| r.0)
    }

    /// Waits until no change of `key` begun before `mark` is under way, `limit` at most;
    /// false if one still is then.
    fn wait_out(&self, key: (u64, u64), mark: u64, limit: Duration) -> bool {
        let Ok(r) = self.running.lock() else {
            return false;
        };
        let under_way = |r: &mut Running| r.1.iter().any(|&(k, n)| k == key && n < mark);
        match self.ended.wait_timeout_while(r, limit, under_way) {
            Ok((mut r, _)) => !under_way(&mut r),
            Err(_) => false,
        }
    }
}

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
    /// Whether another node may let a client cache the file's reads (None: unknown),
    /// and the count of `+` heard (what a `-` sent clears it against).
    elsewhere: Option<bool>,
    elsewhere_seq: u64,
    /// This node said `+` and has heard no `-` since.
    announced: bool,
    /// The `-` heard (an announcement that crossed one does not count).
    breaks: u64,
}

/// What this node keeps of the other nodes' locks.
#[derive(Default)]
pub(super) struct RemoteLocks {
    files: Mutex<HashMap<(u64, u64), Kept>>,
    /// Where every entry's sequence numbers come from: one never reused, so a read
    /// begun under an entry since forgotten is never kept in its successor.
    next_seq: std::sync::atomic::AtomicU64,
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
        let seq = &self.next_seq;
        Some(f(files.entry(key).or_insert_with(|| Kept {
            seq: seq.fetch_add(1, Ordering::Relaxed),
            locks: None,
            elsewhere: None,
            elsewhere_seq: 0,
            announced: false,
            breaks: 0,
        })))
    }

    fn with_mut<T>(&self, key: (u64, u64), f: impl FnOnce(&mut Kept) -> T) -> Option<T> {
        self.files.lock().ok()?.get_mut(&key).map(f)
    }

    /// Keeps `locks`, read under `seq`, unless a notification came meanwhile; whether
    /// another node had the file open answers "cached elsewhere?" while unknown.
    fn put(&self, key: (u64, u64), seq: u64, locks: Arc<[Held]>, others_open: bool) {
        self.with_mut(key, |k| {
            if k.seq == seq {
                k.locks = Some(locks);
            }
            k.elsewhere.get_or_insert(others_open);
        });
    }

    /// Another node changed its locks on the file: what is kept of it goes.
    pub(super) fn heard(&self, key: (u64, u64)) {
        let seq = self.next_seq.fetch_add(1, Ordering::Relaxed);
        self.with_mut(key, |k| {
            k.seq = seq;
            k.locks = None;
        });
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

/// The notification `kind` (`%` locks changed, `+` caching, `-` caching broken) of node
/// `node` about `key`.
pub(super) fn note(kind: char, (device, file): (u64, u64), node: u16) -> String {
    format!("{kind} {node:x} {device:x} {file:x}")
}

/// (kind, node, key) of a notification line of [`note`]'s; None for one that is not.
pub(super) fn parse_note(line: &str) -> Option<(char, u16, (u64, u64))> {
    let kind = line
        .chars()
        .next()
        .filter(|k| matches!(k, '%' | '+' | '-'))?;
    let mut f = line.get(1..)?.strip_prefix(' ')?.split(' ');
    let node = u16::from_str_radix(f.next()?, 16).ok()?;
    let device = u64::from_str_radix(f.next()?, 16).ok()?;
    let file = u64::from_str_radix(f.next()?, 16).ok()?;
    f.next().is_none().then_some((kind, node, (device, file)))
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
    /// Keeps what was read of the file under `seq` (see [`RemoteLocks`]); the other
    /// nodes' locks in it.
    pub(super) fn keep_locks(&self, key: (u64, u64), seq: u64, entries: &[Entry]) -> Arc<[Held]> {
        let others_open = entries
            .iter()
            .any(|e| e.node != self.number && matches!(e.what, What::Open { .. }));
        let locks = others(entries, self.number);
        self.remote.put(key, seq, locks.clone(), others_open);
        locks
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
                self.keep_locks(key, seq, &entries)
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
    /// when this returns, or was fenced (`heard.rs`).
    pub(super) fn tell_locks(&self, key: (u64, u64)) {
        self.stats.lock_notes.fetch_add(1, Ordering::Relaxed);
        if let Err(e) = self.tell('%', key) {
            tracing::warn!(error = %format!("{e:#}"), "not every node acknowledged a byte-range lock change");
        }
    }

    /// Notifies `kind` about `key` and waits for every node, fencing one that does not
    /// answer in time.
    fn tell(&self, kind: char, key: (u64, u64)) -> anyhow::Result<()> {
        self.tell_heard_quick(&note(kind, key, self.number))
    }

    /// A client here is about to cache reads of `key`: true once every other node knows.
    pub(super) fn caching(&self, key: (u64, u64)) -> bool {
        let Some((announced, breaks)) = self.remote.with(key, |k| (k.announced, k.breaks)) else {
            return false;
        };
        if announced {
            return true;
        }
        self.stats.cache_notes.fetch_add(1, Ordering::Relaxed);
        match self.heard_by_all(&note('+', key, self.number)) {
            true => {
                // (A `-` heard meanwhile broke what this announced: the CREATE asking
                // sees that break and grants nothing; the next asks again.)
                self.remote.with_mut(key, |k| {
                    if k.breaks == breaks {
                        k.announced = true;
                    }
                });
                true
            }
            false => {
                tracing::warn!("not every node heard of read caching: none granted");
                false
            }
        }
    }

    /// `key`'s data is about to change here: read caching elsewhere is broken first; the
    /// change is under way until [`Changes::end`] with the number returned.
    pub(super) fn data_changing(&self, key: (u64, u64)) -> u64 {
        // (Never notifying while begun: a node's own watch, which acknowledges its
        // notifications, may be waiting for the change to end.)
        for _ in 0..8 {
            let heard = self.changes.plus_heard.load(Ordering::SeqCst);
            self.break_elsewhere(key);
            let n = self.changes.begin(key);
            if self.changes.plus_heard.load(Ordering::SeqCst) == heard {
                return n;
            }
            // A `+` heard between that decision and the begin: its node may have let a
            // client cache the file already, waiting for no change of ours (this one had
            // not begun). Decided again.
            self.changes.end(key, n);
        }
        // (`+`s keep coming: broken whatever this node knows, then begun.)
        self.stats.break_notes.fetch_add(1, Ordering::Relaxed);
        if let Err(e) = self.tell('-', key) {
            tracing::warn!(error = %format!("{e:#}"), "not every node heard a read caching break");
        }
        self.changes.begin(key)
    }

    /// Breaks read caching of `key` on the other nodes when it may be cached there.
    fn break_elsewhere(&self, key: (u64, u64)) {
        let Some((maybe, seq)) = self
            .remote
            .with(key, |k| (k.elsewhere.unwrap_or(true), k.elsewhere_seq))
        else {
            return;
        };
        if !maybe {
            return;
        }
        self.stats.break_notes.fetch_add(1, Ordering::Relaxed);
        match self.tell('-', key) {
            Ok(()) => {
                self.remote.with_mut(key, |k| {
                    if k.elsewhere_seq == seq {
                        k.elsewhere = Some(false);
                    }
                });
            }
            Err(e) => {
                tracing::warn!(error = %format!("{e:#}"), "not every node heard a read caching break")
            }
        }
    }

    /// A `%`, `+` or `-` notification heard on the notify object; what is to end before
    /// it is acknowledged.
    pub(super) fn heard_note(self: &Arc<Self>, line: &str) -> Option<super::notify::Wait> {
        let (kind, node, key) = parse_note(line)?;
        if node == self.number {
            return None;
        }
        match kind {
            '%' => self.remote.heard(key),
            '+' => {
                self.remote.with_mut(key, |k| {
                    k.elsewhere = Some(true);
                    k.elsewhere_seq += 1;
                });
                self.changes.plus_heard.fetch_add(1, Ordering::SeqCst);
                // The changes of the file already under way here: the announcing node lets
                // its client cache only once they have ended.
                let (me, mark) = (self.clone(), self.changes.mark());
                return Some(Box::new(move || {
                    if !me.changes.wait_out(key, mark, CHANGE_WAIT) {
                        tracing::warn!(
                            "a change of a file's data still under way when another node began caching it"
                        );
                    }
                }));
            }
            _ => {
                // (First: an open here that announced caching asks again before caching.)
                self.remote.with_mut(key, |k| {
                    k.announced = false;
                    k.breaks += 1;
                });
                self.stats.breaks_heard.fetch_add(1, Ordering::Relaxed);
                smb_server::ops::break_read_caching(
                    &self.server,
                    key,
                    crate::clock::engine_now().mono,
                );
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_round_trip_and_bad_ones_are_refused() {
        for kind in ['%', '+', '-'] {
            let n = note(kind, (0x10, 0xabc), 3);
            assert_eq!(parse_note(&n), Some((kind, 3, (0x10, 0xabc))));
        }
        for bad in [
            "%",
            "%1 1 1 1",
            "é 1 1 1",
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
        // Nothing kept: a read is due.
        let seq = r.get(key).unwrap_err();
        r.heard(key);
        r.put(key, seq, held.clone(), false);
        let seq = r.get(key).expect_err("the crossed read was not kept");
        r.put(key, seq, held.clone(), false);
        assert_eq!(r.get(key).ok().as_deref(), Some(&held[..]));
        // Heard again: forgotten; a file dropped or everything forgotten: not kept either.
        r.heard(key);
        let seq = r.get(key).unwrap_err();
        r.forget_all();
        r.put(key, seq, held.clone(), false);
        assert!(r.get(key).is_err());
        let seq = r.get(key).unwrap_err();
        r.drop_file(key);
        r.put(key, seq, held.clone(), false);
        assert!(r.get(key).is_err());
        // Nor in the entry made after everything was forgotten (a sequence number is
        // never given twice).
        let seq = r.get(key).unwrap_err();
        r.forget_all();
        let _ = r.get(key);
        r.put(key, seq, held, false);
        assert!(r.get(key).is_err(), "a read from before was kept");
    }
}
