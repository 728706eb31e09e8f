//! Keys for the descriptors of open files that a transport registers with its io_uring
//! (fixed files: no descriptor lookup and reference count per I/O), and notice of their
//! closing.
//!
//! A ring's file table holds its own reference to a file: the transport must let go of the
//! entry when the open goes, or the file stays open (and a deleted file's space stays
//! taken) for as long as the worker lives. Descriptor numbers are reused at once, so the
//! table is keyed by [`FileKey`]s, which never are: every open draws a fresh one, and when
//! an open whose key was handed out is dropped, every [`CloseInbox`] hears of it.

use parking_lot::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Weak};

/// Which of an open's descriptors a key names (an open may have a page-cache descriptor,
/// an O_DIRECT twin and a descriptor to sync).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Descriptor {
    Plain = 0,
    Direct = 1,
    Sync = 2,
}

/// Keys step by this much: room for every [`Descriptor`] of one open.
const STEP: u64 = 4;

static NEXT: AtomicU64 = AtomicU64::new(STEP);
static INBOXES: Mutex<Vec<Weak<CloseInbox>>> = Mutex::new(Vec::new());

/// An open's key: fresh for every open, never reused in the process.
#[derive(Debug)]
pub struct FileKey {
    base: u64,
    /// Handed to a transport: its closing must be told.
    handed: AtomicBool,
}

impl Default for FileKey {
    fn default() -> Self {
        FileKey {
            base: NEXT.fetch_add(STEP, Ordering::Relaxed),
            handed: AtomicBool::new(false),
        }
    }
}

impl FileKey {
    /// The key of one of the open's descriptors, for a transport to register it under
    /// (never 0).
    pub fn hand_out(&self, which: Descriptor) -> u64 {
        if !self.handed.load(Ordering::Relaxed) {
            self.handed.store(true, Ordering::Relaxed);
        }
        self.base + which as u64
    }
}

impl Drop for FileKey {
    fn drop(&mut self) {
        if !self.handed.load(Ordering::Relaxed) {
            return;
        }
        let mut inboxes = INBOXES.lock();
        inboxes.retain(|w| match w.upgrade() {
            Some(inbox) => {
                inbox.keys.lock().push(self.base);
                // The first close since the last drain wakes the owner, which may be
                // asleep in its ring with nothing else to wake it.
                if !inbox.pending.swap(true, Ordering::AcqRel) {
                    if let Some(wake) = &inbox.wake {
                        wake();
                    }
                }
                true
            }
            None => false,
        });
    }
}

/// Where a transport hears which opens went (one per ring owner; it must drain it now and
/// then, or the list grows with every close).
#[derive(Default)]
pub struct CloseInbox {
    pending: AtomicBool,
    /// Key bases ([`Descriptor::Plain`]'s key) of opens dropped since the last drain.
    keys: Mutex<Vec<u64>>,
    /// Called (on the closing thread) when a close arrives at an empty inbox.
    wake: Option<Box<dyn Fn() + Send + Sync>>,
}

impl std::fmt::Debug for CloseInbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CloseInbox")
            .field("pending", &self.pending)
            .field("keys", &self.keys)
            .finish_non_exhaustive()
    }
}

impl CloseInbox {
    /// A new inbox that hears of every close from now on; `wake` is called when a close
    /// arrives while none is waiting to be drained (opens may be dropped on any thread).
    pub fn subscribe(wake: Option<Box<dyn Fn() + Send + Sync>>) -> Arc<CloseInbox> {
        let inbox = Arc::new(CloseInbox {
            wake,
            ..Default::default()
        });
        INBOXES.lock().push(Arc::downgrade(&inbox));
        inbox
    }

    /// Moves the closes heard since the last call into `out` (key bases); cheap when
    /// there are none.
    pub fn drain(&self, out: &mut Vec<u64>) {
        if self.pending.load(Ordering::Relaxed) && self.pending.swap(false, Ordering::Acquire) {
            out.append(&mut self.keys.lock());
        }
    }
}

/// Whether `key` (any descriptor's) belongs to the open whose key base is `base`.
pub fn same_open(key: u64, base: u64) -> bool {
    key - key % STEP == base
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_fresh_and_only_handed_out_keys_are_reported_closed() {
        let woken = Arc::new(AtomicU64::new(0));
        let w = woken.clone();
        let inbox = CloseInbox::subscribe(Some(Box::new(move || {
            w.fetch_add(1, Ordering::Relaxed);
        })));
        let mut out = Vec::new();
        inbox.drain(&mut out);
        out.clear();
        let (a, b) = (FileKey::default(), FileKey::default());
        let ka = a.hand_out(Descriptor::Direct);
        assert_ne!(ka, 0);
        assert_ne!(ka, b.hand_out(Descriptor::Direct));
        assert!(same_open(ka, a.hand_out(Descriptor::Plain)));
        let quiet = FileKey::default();
        let base = quiet.base;
        drop(quiet);
        drop(a);
        let late = CloseInbox::subscribe(None);
        let kb = b.hand_out(Descriptor::Plain);
        drop(b);
        assert!(woken.load(Ordering::Relaxed) >= 1);
        inbox.drain(&mut out);
        // (Other tests may close keys meanwhile: look for ours.)
        assert!(out.iter().any(|&k| same_open(ka, k)));
        assert!(!out.contains(&base));
        let mut heard = Vec::new();
        late.drain(&mut heard);
        assert!(!heard.iter().any(|&k| same_open(ka, k)));
        assert_eq!(heard.iter().filter(|&&k| k == kb).count(), 1);
    }
}
