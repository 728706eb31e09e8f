//! Shared virtual disks on scale-out shares: their persistent reservations, which every
//! node serving the disk reads and changes, in one RADOS object per disk
//! (`smbdirectd.pr.SERIAL`, the record `rsvd` encodes with the unit attentions still
//! owed, so an initiator takes its attention through whichever node it uses).
//!
//! A change (PERSISTENT RESERVE OUT, an attention taken) reads the object with its
//! version, applies the command to it, and writes it back only if that version still
//! stands (else reads again), then notifies `* NODE SERIAL` on the notify object and
//! waits for every node before the command is answered. A node hearing it marks its
//! copy of that disk stale, and reads the object again before the disk's next command
//! (`fresh`), so a preempt on one node fences the preempted initiator's next command on
//! any other. A PREEMPT AND ABORT says so (`* NODE SERIAL abort`): a node hearing it
//! also waits, before it acknowledges, for its writes to the disk under way to end
//! (`rsvd::scsi::fence`, 4 s at most), so the command is answered only once no write of
//! the preempted initiators is left on any node. Nothing else is kept: while nothing
//! changes, a command costs no round trip.
//!
//! One node at a time changes a disk's file's metadata (allocates its blocks, writes its
//! header and log): the one holding the exclusive lock `meta` on `smbdirectd.meta.SERIAL`
//! (held until let go, as this run's cookie). A node that must (its engine says so,
//! `vhdx::MetaOwner`) takes the lock; held by a run that is no longer alive (its lease
//! ran out: it stopped serving), it breaks it; held by a live node, it notifies
//! `m NODE SERIAL` and waits: the holder's engine ends its session (file flushed, log
//! emptied) and lets the lock go before it acknowledges. The taker's engine then reads
//! the file's metadata again. A holder keeps it a moment (`MIN_HOLD`) after taking it,
//! so that two nodes allocating at once each get some done. Only a node's first record
//! of a disk takes it (a second one, the same file through another share or a copy
//! with the same identity, allocates nothing there). A resize notifies `r NODE SERIAL`:
//! each node's engines read the new layout before they acknowledge.

use super::{node_oid, Inner, ALIVE};
use cephfs::Errno;
use smb_server::svhdx::Yield;
use smb_server::svhdx::{RecordUnavailable, Reservations, SharedRecord};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

/// What a node holds of one record of a disk: whether another node changed it, and
/// what its disk runs when another node's PREEMPT AND ABORT did.
#[derive(Default)]
struct Held {
    stale: AtomicBool,
    fence: Mutex<Option<Box<dyn Fn() + Send + Sync>>>,
    /// Whether this node holds the disk's metadata for this record's engine, since
    /// when, and how that engine yields it.
    meta: AtomicBool,
    taken: Mutex<Option<Instant>>,
    yielder: Mutex<Option<Yield>>,
    /// How its engine reads the disk's layout again (another node resized it).
    reshape: Mutex<Option<Box<dyn Fn() + Send + Sync>>>,
    /// Whether its engine may take the metadata: the first record of the disk on this
    /// node only (the lock is the node's; two engines of one node over one file must
    /// not both own it: the same file through two shares, or two files with one
    /// identity, take no metadata through the second).
    capable: AtomicBool,
    /// Held across each change of `meta` and the lock with it, so that the two agree.
    gate: Mutex<()>,
}

/// The largest record read back (256 registrants and 1,024 attentions fit well).
const MAX_RECORD: usize = 64 << 10;
/// Changes lost to another node's, in a row, before the command fails.
const MAX_RETRIES: usize = 32;
/// The lock on a disk's metadata object.
const META: &str = "meta";
/// How long a node keeps a disk's metadata at least once it took it.
const MIN_HOLD: Duration = Duration::from_millis(20);
/// How long a taking of the metadata waits past the holder's lease, at most.
const TAKE_MARGIN: Duration = Duration::from_secs(10);

fn meta_oid(serial: &str) -> String {
    format!("smbdirectd.meta.{serial}")
}

/// The disks this node serves, by serial: for each of its records (one per shared disk
/// open here: the same file through two shares, or two files with one identity, are
/// two), whether another node changed it.
#[derive(Default)]
pub(super) struct Disks {
    open: Mutex<HashMap<String, Vec<Weak<Held>>>>,
}

impl Disks {
    /// The records of `serial` (every one, with None) that live.
    fn flags(&self, serial: Option<&str>) -> Vec<Arc<Held>> {
        let Ok(open) = self.open.lock() else {
            return Vec::new();
        };
        open.iter()
            .filter(|(s, _)| serial.is_none_or(|x| x == s.as_str()))
            .flat_map(|(_, v)| v.iter().filter_map(Weak::upgrade))
            .collect()
    }

    /// Changes may have gone unheard: every record is read again before its next use,
    /// and every disk's engine reads its layout again.
    pub(super) fn all_stale(&self) {
        for s in self.flags(None) {
            s.stale.store(true, Ordering::Release);
            s.reshape_now();
        }
    }
}

/// A disk's serial as it may appear in an object name and a notification.
fn valid(serial: &str) -> bool {
    (1..=64).contains(&serial.len()) && serial.bytes().all(|b| b.is_ascii_alphanumeric())
}

fn oid(serial: &str) -> String {
    format!("smbdirectd.pr.{serial}")
}

/// One disk's record, as a node's shared disk holds it.
pub(super) struct Record {
    inner: Arc<Inner>,
    serial: String,
    /// Whether another node changed the record since this node last read it (set at
    /// first), and the disk's fence.
    held: Arc<Held>,
}

impl Inner {
    /// The record of the disk `serial`, for one shared disk here (read at first use).
    pub(super) fn disk_record(self: &Arc<Self>, serial: &str) -> Option<Record> {
        if !valid(serial) {
            return None;
        }
        let mut open = self.disks.open.lock().ok()?;
        for v in open.values_mut() {
            v.retain(|w| w.strong_count() > 0);
        }
        open.retain(|_, v| !v.is_empty());
        let first = !open.contains_key(serial);
        if !first {
            tracing::warn!(disk = %serial,
                "a second shared disk with this identity is open on this node: it allocates nothing on a scale-out share");
        }
        let held = Arc::new(Held {
            stale: AtomicBool::new(true),
            capable: AtomicBool::new(first),
            ..Default::default()
        });
        open.entry(serial.to_string())
            .or_default()
            .push(Arc::downgrade(&held));
        Some(Record {
            inner: self.clone(),
            serial: serial.to_string(),
            held,
        })
    }

    /// A `* NODE SERIAL [abort]` notification: another node changed that disk's record
    /// (with a PREEMPT AND ABORT: this node's writes to it under way end before it is
    /// acknowledged: what it returns waits for them).
    pub(super) fn heard_disk(&self, line: &str) -> Option<super::notify::Wait> {
        let (line, abort) = match line.strip_suffix(" abort") {
            Some(l) => (l, true),
            None => (line, false),
        };
        let serial = self.others_disk(line)?;
        let held = self.disks.flags(Some(serial));
        for s in &held {
            s.stale.store(true, Ordering::Release);
        }
        if !abort {
            return None;
        }
        self.stats.disk_fences.fetch_add(1, Ordering::Relaxed);
        Some(Box::new(move || {
            for s in &held {
                if let Some(fence) = s.fence.lock().ok().as_deref().and_then(Option::as_ref) {
                    fence();
                }
            }
        }))
    }
}

impl Held {
    /// Lets the node's lock of the disk's metadata go, if this record holds it.
    fn let_go(&self, inner: &Inner, serial: &str) -> bool {
        let _gate = self.gate.lock();
        if !self.meta.swap(false, Ordering::AcqRel) {
            return false;
        }
        if let Err(e) = inner.io.unlock(&meta_oid(serial), META, &inner.cookie) {
            tracing::warn!(disk = %serial, error = %e, "letting a shared disk's metadata go failed");
        }
        true
    }

    fn reshape_now(&self) {
        if let Some(f) = self.reshape.lock().ok().as_deref().and_then(Option::as_ref) {
            f();
        }
    }
}

impl Inner {
    /// The disk a `X NODE SERIAL` notification of another node names.
    fn others_disk<'a>(&self, line: &'a str) -> Option<&'a str> {
        let mut f = line.split(' ').skip(1);
        let (node, serial) = (f.next()?, f.next()?);
        let others = u16::from_str_radix(node, 16).ok() != Some(self.number);
        (f.next().is_none() && others && valid(serial)).then_some(serial)
    }

    /// A `r NODE SERIAL` notification: another node resized that disk. What it returns
    /// has each of this node's engines over it read the new layout, before the
    /// acknowledgement.
    pub(super) fn heard_reshape(&self, line: &str) -> Option<super::notify::Wait> {
        let serial = self.others_disk(line)?;
        let held = self.disks.flags(Some(serial));
        if held.is_empty() {
            return None;
        }
        Some(Box::new(move || {
            for h in held {
                h.reshape_now();
            }
        }))
    }

    /// A `m NODE SERIAL` notification: another node takes that disk's metadata. What
    /// it returns (when this node holds it) has the disk's engine yield it and lets
    /// the lock go, before the acknowledgement.
    pub(super) fn heard_metadata(self: &Arc<Self>, line: &str) -> Option<super::notify::Wait> {
        let serial = self.others_disk(line)?;
        let held: Vec<Arc<Held>> = self
            .disks
            .flags(Some(serial))
            .into_iter()
            .filter(|h| h.meta.load(Ordering::Acquire))
            .collect();
        if held.is_empty() {
            return None;
        }
        let (me, serial) = (self.clone(), serial.to_string());
        Some(Box::new(move || {
            for h in held {
                let since = h
                    .taken
                    .lock()
                    .ok()
                    .and_then(|t| *t)
                    .map(|t| crate::clock::now().saturating_duration_since(t));
                if let Some(wait) = since.and_then(|s| MIN_HOLD.checked_sub(s)) {
                    std::thread::sleep(wait);
                }
                me.yield_metadata(&h, &serial);
            }
        }))
    }

    /// Has the engine of `h` yield the disk's metadata, and lets the lock go.
    fn yield_metadata(&self, h: &Held, serial: &str) {
        let mut let_go = || {
            if h.let_go(self, serial) {
                self.stats.disk_meta_given.fetch_add(1, Ordering::Relaxed);
            }
        };
        match h.yielder.lock().ok().as_deref().and_then(Option::as_ref) {
            Some(y) => y(&mut let_go),
            None => let_go(),
        }
    }

    /// Whether the node run holding a lock as `cookie` (`UUID.BOOT`) still holds its
    /// lease and was not fenced (`heard.rs`: blocklisted, it writes nothing more).
    fn run_alive(&self, cookie: &str) -> Result<bool, Errno> {
        let Some((uuid, _)) = cookie.split_once('.') else {
            return Ok(false);
        };
        let oid = node_oid(uuid);
        if !self
            .io
            .lockers(&oid, ALIVE)?
            .iter()
            .any(|l| l.cookie == cookie)
        {
            return Ok(false);
        }
        let record = self.io.read_all(&oid)?.unwrap_or_default();
        Ok(!super::heard::was_fenced(&record, cookie))
    }
}

impl Record {
    /// Takes the disk's metadata lock for this node: breaks a stopped run's hold, asks
    /// a live holder to let go (and waits for it), until the holder's lease and a
    /// margin have passed, or `give_up` says so between tries.
    fn take_metadata(&self, give_up: &dyn Fn() -> bool) -> std::io::Result<()> {
        let inner = &self.inner;
        let oid = meta_oid(&self.serial);
        let io_err = |e: Errno| std::io::Error::from_raw_os_error(e.0);
        if !self.held.capable.load(Ordering::Acquire) {
            return Err(std::io::Error::other(
                "another shared disk with this identity is open on this node",
            ));
        }
        let until = crate::clock::now() + inner.lease + TAKE_MARGIN;
        let mut asked = 0u32;
        loop {
            let gate = self.held.gate.lock();
            match inner
                .io
                .lock_exclusive(&oid, META, &inner.cookie, None, false)
            {
                Ok(()) | Err(Errno(libc::EEXIST)) => {
                    if let Ok(mut t) = self.held.taken.lock() {
                        *t = Some(crate::clock::now());
                    }
                    self.held.meta.store(true, Ordering::Release);
                    inner.stats.disk_meta_taken.fetch_add(1, Ordering::Relaxed);
                    return Ok(());
                }
                Err(Errno(libc::EBUSY)) => {}
                Err(e) => return Err(io_err(e)),
            }
            // (Not held across the round trips below: a yield here waits for it.)
            drop(gate);
            if give_up() {
                return Err(std::io::Error::other(
                    "given up: the disk's file changed under the engine",
                ));
            }
            if crate::clock::now() > until {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::TimedOut,
                    "another node holds the disk's metadata",
                ));
            }
            let mut live = false;
            for h in inner.io.lockers(&oid, META).map_err(io_err)? {
                if inner.run_alive(&h.cookie).map_err(io_err)? {
                    live = true;
                    continue;
                }
                tracing::info!(disk = %self.serial, holder = %h.cookie,
                    "taking a shared disk's metadata from a node that stopped");
                inner
                    .io
                    .break_lock(&oid, META, &h.client, &h.cookie)
                    .map_err(io_err)?;
            }
            if live {
                // (Acknowledged by the holder once it let go; a holder that died keeps
                // its watch a while, and this waits that long.)
                if let Err(e) = inner.tell_all(&format!("m {:x} {}", inner.number, self.serial)) {
                    tracing::debug!(disk = %self.serial, error = %e,
                        "not every node acknowledged a request for a shared disk's metadata");
                }
                // Another node may take it between: back off a little more each time.
                asked += 1;
                if asked > 1 {
                    std::thread::sleep(Duration::from_millis(u64::from(asked.min(10)) * 5));
                }
            }
        }
    }

    /// The record as stored, with its version (a new one when there is none).
    fn read(&self) -> Result<(Reservations, Option<u64>), RecordUnavailable> {
        match self.inner.io.read_versioned(&oid(&self.serial), MAX_RECORD) {
            Ok(None) => Ok((Reservations::new(), None)),
            Ok(Some((b, ver))) => match Reservations::decode_shared(&b) {
                Some(r) => Ok((r, Some(ver))),
                None => {
                    tracing::error!(disk = %self.serial, "a shared disk's reservations in the cluster are damaged");
                    Err(RecordUnavailable)
                }
            },
            Err(e) => {
                tracing::warn!(disk = %self.serial, error = %e, "reading a shared disk's reservations failed");
                Err(RecordUnavailable)
            }
        }
    }
}

impl SharedRecord for Record {
    fn fresh(&self) -> Result<Option<Reservations>, RecordUnavailable> {
        if !self.held.stale.swap(false, Ordering::AcqRel) {
            return Ok(None);
        }
        match self.read() {
            Ok((r, _)) => Ok(Some(r)),
            Err(e) => {
                self.held.stale.store(true, Ordering::Release);
                Err(e)
            }
        }
    }

    fn stale(&self) -> bool {
        self.held.stale.load(Ordering::Acquire)
    }

    fn acquire_metadata(&self, give_up: &dyn Fn() -> bool) -> std::io::Result<()> {
        self.take_metadata(give_up).inspect_err(|e| {
            tracing::warn!(disk = %self.serial, error = %e, "could not take a shared disk's metadata");
        })
    }

    fn holds_metadata(&self) -> bool {
        self.held.meta.load(Ordering::Acquire)
    }

    fn set_yield(&self, y: Yield) {
        if let Ok(mut f) = self.held.yielder.lock() {
            *f = Some(y);
        }
    }

    fn reshaped(&self) -> std::io::Result<()> {
        let line = format!("r {:x} {}", self.inner.number, self.serial);
        self.inner.tell_heard(&line).map_err(|e| {
            tracing::warn!(disk = %self.serial, error = %format!("{e:#}"),
                "not every node acknowledged a shared disk's new layout");
            std::io::Error::other(format!("{e:#}"))
        })
    }

    fn set_reshape(&self, f: Box<dyn Fn() + Send + Sync>) {
        if let Ok(mut r) = self.held.reshape.lock() {
            *r = Some(f);
        }
    }

    fn set_fence(&self, fence: Box<dyn Fn() + Send + Sync>) {
        if let Ok(mut f) = self.held.fence.lock() {
            *f = Some(fence);
        }
    }

    fn change(
        &self,
        f: &mut dyn FnMut(&mut Reservations) -> bool,
        abort: bool,
    ) -> Result<Reservations, RecordUnavailable> {
        let oid = oid(&self.serial);
        for _ in 0..MAX_RETRIES {
            let (mut cur, ver) = self.read()?;
            if !f(&mut cur) {
                return Ok(cur);
            }
            match self
                .inner
                .io
                .write_if(&oid, ver, Some(&cur.encode_shared()))
            {
                Ok(true) => {
                    self.inner.stats.disk_notes.fetch_add(1, Ordering::Relaxed);
                    let mut line = format!("* {:x} {}", self.inner.number, self.serial);
                    if abort {
                        line.push_str(" abort");
                    }
                    if let Err(e) = self.inner.tell_heard(&line) {
                        tracing::warn!(disk = %self.serial, error = %format!("{e:#}"),
                            "not every node acknowledged a change of a shared disk's reservations");
                    }
                    return Ok(cur);
                }
                Ok(false) => continue,
                Err(e) => {
                    tracing::warn!(disk = %self.serial, error = %e, "writing a shared disk's reservations failed");
                    return Err(RecordUnavailable);
                }
            }
        }
        Err(RecordUnavailable)
    }
}

impl Drop for Record {
    fn drop(&mut self) {
        // (Its engine has ended its session: the disk closed.) The lock goes.
        self.held.let_go(&self.inner, &self.serial);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_serials_name_objects() {
        assert!(valid("6A1B00FF"));
        for bad in ["", "a b", "x\n", "../x", "é", &"A".repeat(65)] {
            assert!(!valid(bad), "{bad:?}");
        }
    }
}
