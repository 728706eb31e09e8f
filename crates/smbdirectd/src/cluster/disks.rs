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

use super::Inner;
use smb_server::svhdx::{RecordUnavailable, Reservations, SharedRecord};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak};

/// What a node holds of one record of a disk: whether another node changed it, and
/// what its disk runs when another node's PREEMPT AND ABORT did.
#[derive(Default)]
struct Held {
    stale: AtomicBool,
    fence: Mutex<Option<Box<dyn Fn() + Send + Sync>>>,
}

/// The largest record read back (256 registrants and 1,024 attentions fit well).
const MAX_RECORD: usize = 64 << 10;
/// Changes lost to another node's, in a row, before the command fails.
const MAX_RETRIES: usize = 32;

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

    /// Changes may have gone unheard: every record is read again before its next use.
    pub(super) fn all_stale(&self) {
        for s in self.flags(None) {
            s.stale.store(true, Ordering::Release);
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
        let held = Arc::new(Held {
            stale: AtomicBool::new(true),
            fence: Mutex::new(None),
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
        let mut f = line.split(' ').skip(1);
        let (node, serial) = (f.next()?, f.next()?);
        let abort = match (f.next(), f.next()) {
            (None, _) => false,
            (Some("abort"), None) => true,
            _ => return None,
        };
        if u16::from_str_radix(node, 16).ok() == Some(self.number) || !valid(serial) {
            return None;
        }
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

impl Record {
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
                    if let Err(e) = self.inner.tell_all(&line) {
                        tracing::warn!(disk = %self.serial, error = %e,
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
