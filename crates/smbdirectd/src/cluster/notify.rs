//! CHANGE_NOTIFY across the nodes of scale-out shares: a change one node makes is sent
//! to the others by RADOS notify on one object (`smbdirectd.notify`) that every node
//! watches. Sending is a thread of its own fed by a bounded queue (a worker never
//! waits; past the bound a change is dropped and counted, as a full notify buffer
//! would have dropped it); it sends what has queued up meanwhile as one notification
//! (a node that died keeps its watch until the cluster times it out, and each
//! notification waits for it that long), one change a line, `NODE SHARE ACTION FILTER
//! PATH` (numbers in hex, the path last: it may hold spaces, never a control
//! character), and a node ignores its own.
//!
//! librados runs a watch's calls one at a time. A notification that must wait before it
//! is acknowledged (a `+` for this node's changes of the file under way, an abort for
//! its writes to the disk) waits on a thread of its own, which acknowledges it at the
//! end, so the watch goes on hearing the others (this node's own included) meanwhile.

use super::Inner;
use cephfs::rados::Ack;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub(super) const OBJECT: &str = "smbdirectd.notify";
/// Changes waiting to be sent, at most.
const QUEUE: usize = 4096;
/// How long a notification waits for the other nodes' acknowledgements.
pub(super) const ACK_TIMEOUT: Duration = Duration::from_secs(5);
/// The longest change (a share name and a path).
const MAX_NOTE: usize = 8192;
/// The most one notification carries.
const MAX_BATCH: usize = 256 << 10;
/// Notifications waiting on threads of their own, at most; past it the watch waits (as
/// every one did before). Each waits 4 s at most.
const MAX_WAITING: usize = 32;

/// What a heard notification leaves to wait for before it is acknowledged.
pub(super) type Wait = Box<dyn FnOnce() + Send>;

/// The sending side: the queue, and the watch this node holds.
pub(super) struct Notes {
    tx: SyncSender<Vec<u8>>,
    rx: Mutex<Option<Receiver<Vec<u8>>>>,
    watch: Mutex<Option<cephfs::rados::Watch>>,
    /// Notifications waiting on threads of their own.
    waiting: Arc<AtomicUsize>,
}

impl Notes {
    /// Acknowledges a notification once what it left to wait for has ended, on a
    /// thread of its own (here, where too many wait already or no thread can be had).
    fn acknowledge_after(&self, waits: Vec<Wait>, ack: Ack) {
        let job = move || {
            for w in waits {
                w();
            }
            drop(ack);
        };
        let waiting = self.waiting.clone();
        if waiting.fetch_add(1, Ordering::AcqRel) >= MAX_WAITING {
            waiting.fetch_sub(1, Ordering::AcqRel);
            return job();
        }
        let slot = Arc::new(Mutex::new(Some(job)));
        let (theirs, counter) = (slot.clone(), waiting.clone());
        let spawned = std::thread::Builder::new()
            .name("smbd-note-wait".into())
            .spawn(move || {
                if let Some(job) = theirs.lock().ok().and_then(|mut j| j.take()) {
                    job();
                }
                counter.fetch_sub(1, Ordering::AcqRel);
            });
        if spawned.is_err() {
            waiting.fetch_sub(1, Ordering::AcqRel);
            if let Some(job) = slot.lock().ok().and_then(|mut j| j.take()) {
                job();
            }
        }
    }

    pub(super) fn new() -> Notes {
        let (tx, rx) = sync_channel(QUEUE);
        Notes {
            tx,
            rx: Mutex::new(Some(rx)),
            watch: Mutex::new(None),
            waiting: Arc::default(),
        }
    }
}

pub(super) fn encode(node: u16, share: &str, path: &str, action: u32, filter: u32) -> Vec<u8> {
    // (One with a control character, a line break above all, is never sent: see changed.)
    format!("{node:x} {share} {action:x} {filter:x} {path}").into_bytes()
}

/// (node, share, action, filter, path) of a notification; None for one that is not.
pub(super) fn decode(b: &[u8]) -> Option<(u16, &str, u32, u32, &str)> {
    if b.len() > MAX_NOTE {
        return None;
    }
    let s = std::str::from_utf8(b).ok()?;
    let mut f = s.splitn(5, ' ');
    let node = u16::from_str_radix(f.next()?, 16).ok()?;
    let share = f.next()?;
    let action = u32::from_str_radix(f.next()?, 16).ok()?;
    let filter = u32::from_str_radix(f.next()?, 16).ok()?;
    Some((node, share, action, filter, f.next()?))
}

impl Inner {
    /// Queues a line for the other nodes (a handoff's: `! ...`); false when the queue
    /// is full.
    pub(super) fn send_line(&self, line: String) -> bool {
        self.notes.tx.try_send(line.into_bytes()).is_ok()
    }

    /// Notifies `line` to every node now and waits for their acknowledgements (or the
    /// time out): what must be heard before an answer leaves (locks, caching,
    /// reservations).
    pub(super) fn tell_all(&self, line: &str) -> Result<(), cephfs::Errno> {
        self.io.notify(OBJECT, line.as_bytes(), ACK_TIMEOUT)
    }

    /// Queues a change made here for the other nodes.
    pub(super) fn changed(&self, share: &str, path: &str, action: u32, filter: u32) {
        let note = encode(self.number, share, path, action, filter);
        if note.len() > MAX_NOTE || note.iter().any(|&c| c < 0x20) {
            return;
        }
        match self.notes.tx.try_send(note) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) | Err(TrySendError::Disconnected(_)) => {
                self.stats.notes_dropped.fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    /// Watches the notify object (again, if the watch the node held was lost).
    pub(super) fn keep_watching(self: &Arc<Self>) {
        let Ok(mut w) = self.notes.watch.lock() else {
            return;
        };
        if w.as_ref().is_some_and(|w| w.check().is_ok()) {
            return;
        }
        // (Made if missing: a watch needs the object.)
        if let Err(e) = self.io.append(OBJECT, b"") {
            tracing::warn!(error = %e, "making the cluster's notify object failed");
            return;
        }
        let me = Arc::downgrade(self);
        let f = Box::new(move |b: &[u8], ack: Ack| {
            let Some(inner) = me.upgrade() else {
                return;
            };
            let mut waits = Vec::new();
            for line in b.split(|&c| c == b'\n') {
                if line.starts_with(b"! ") {
                    if let Ok(l) = std::str::from_utf8(line) {
                        inner.heard_handoff(l);
                    }
                    continue;
                }
                if let [kind @ (b'*' | b'm' | b'r' | b'%' | b'+' | b'-'), b' ', ..] = line {
                    if let Ok(l) = std::str::from_utf8(line) {
                        waits.extend(match kind {
                            b'*' => inner.heard_disk(l),
                            b'm' => inner.heard_metadata(l),
                            b'r' => inner.heard_reshape(l),
                            _ => inner.heard_note(l),
                        });
                    }
                    continue;
                }
                if let Some((node, share, action, filter, path)) = decode(line) {
                    if node != inner.number {
                        inner.stats.notes_heard.fetch_add(1, Ordering::Relaxed);
                        inner
                            .server
                            .publish_remote_change(share, path, action, filter);
                    }
                }
            }
            if !waits.is_empty() {
                inner.notes.acknowledge_after(waits, ack);
            }
        });
        match cephfs::rados::watch(&self.io, OBJECT, self.cookie.as_bytes(), f) {
            Ok(watch) => {
                *w = Some(watch);
                // What other nodes notified while there was no watch is unknown: the
                // locks kept are read again, the shared disks' reservations too, and
                // read caching here ends (a break may have been missed).
                self.remote.forget_all();
                self.disks.all_stale();
                smb_server::ops::break_all_read_caching(
                    &self.server,
                    crate::clock::engine_now().mono,
                );
            }
            Err(e) => tracing::warn!(error = %e, "watching the cluster's notify object failed"),
        }
    }

    /// Drops the watch (at leave).
    pub(super) fn stop_watching(&self) {
        if let Ok(mut w) = self.notes.watch.lock() {
            w.take();
        }
    }
}

/// The sending thread: each queued change, notified to the other nodes in turn, until
/// the node leaves.
pub(super) fn send(inner: &Arc<Inner>) {
    let Some(rx) = inner.notes.rx.lock().ok().and_then(|mut r| r.take()) else {
        return;
    };
    while !inner.stop.load(Ordering::Acquire) {
        let Ok(mut batch) = rx.recv_timeout(Duration::from_millis(500)) else {
            continue;
        };
        let mut count = 1u64;
        while batch.len() + MAX_NOTE < MAX_BATCH {
            let Ok(note) = rx.try_recv() else {
                break;
            };
            batch.push(b'\n');
            batch.extend_from_slice(&note);
            count += 1;
        }
        let counter = match inner.io.notify(OBJECT, &batch, ACK_TIMEOUT) {
            Ok(()) => &inner.stats.notes_sent,
            // (Delivered to the nodes that answered; counted as not delivered.)
            Err(e) => {
                tracing::debug!(error = %e, "a change notification to the other nodes failed");
                &inner.stats.notes_dropped
            }
        };
        counter.fetch_add(count, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_round_trip_and_bad_ones_are_refused() {
        let n = encode(3, "vms", "VM1/disk 0.vhdx", 1, 0x13);
        assert_eq!(decode(&n), Some((3, "vms", 1, 0x13, "VM1/disk 0.vhdx")));
        assert_eq!(decode(&encode(1, "s", "", 2, 1)), Some((1, "s", 2, 1, "")));
        for bad in [
            &b"zz s 1 1 p"[..],
            b"1 s 1",
            b"\xff\xfe",
            b"10000 s 1 1 p",
            b"",
        ] {
            assert_eq!(decode(bad), None, "{bad:?}");
        }
        assert_eq!(decode(&vec![b'1'; MAX_NOTE + 1]), None);
    }
}
