//! Delayed write-time updates, as Windows Server (2016 and before) makes them and Samba
//! copies: a write does not move the write time a client sees at once. A handle's first
//! write schedules the update two seconds later; a FLUSH, a SET_INFO of the end of file
//! or of the basic times through a handle that wrote makes it at once; later writes
//! through the same handle move it again only when the handle closes. While any of this
//! is in play the time shown for the file (through every handle, and in directory
//! listings) is the one kept here, not Linux's, which every write moves; the last close
//! writes it to the file system.
//!
//! The cost on the write path is one load per write, plus a clock read; the first write
//! through a handle takes this lock once.

use parking_lot::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// How long after a handle's first write its write time moves (Windows' and Samba's
/// two seconds), in FILETIME units.
pub const WRITE_TIME_DELAY: u64 = 2 * 10_000_000;

/// A file's write time while delayed updates are in play (see the module's text).
#[derive(Default)]
pub struct WriteTimes {
    /// Some handle of the file wrote (or a time was set) since the file was opened: the
    /// time to show is `lazy.shown`, not the file system's.
    active: AtomicBool,
    lazy: Mutex<Lazy>,
}

#[derive(Default)]
struct Lazy {
    /// The write time clients see (FILETIME).
    shown: u64,
    /// Each handle that wrote: its persistent id, when its scheduled update falls due,
    /// and when its last update was made.
    handles: Vec<Track>,
}

struct Track {
    id: u64,
    due: Option<u64>,
    settled: u64,
}

impl Lazy {
    /// Makes every scheduled update that fell due by `now`: the shown time becomes the
    /// latest of them (every event is applied after the updates due before it, so the
    /// latest due is the last thing that happened).
    fn catch_up(&mut self, now: u64) {
        let mut latest = None;
        for t in &mut self.handles {
            if let Some(d) = t.due.filter(|&d| d <= now) {
                latest = latest.max(Some(d));
                t.settled = d;
                t.due = None;
            }
        }
        if let Some(d) = latest {
            self.shown = d;
        }
    }
}

impl WriteTimes {
    /// The write time to show for the file now, if delayed updates are in play.
    pub fn shown(&self, now: u64) -> Option<u64> {
        if !self.active.load(Ordering::Acquire) {
            return None;
        }
        let mut l = self.lazy.lock();
        if !self.active.load(Ordering::Relaxed) {
            return None;
        }
        l.catch_up(now);
        Some(l.shown)
    }

    /// Handle `id` writes for the first time (before the write: `before` reads the write
    /// time the file has now, shown until an update).
    pub fn first_write(&self, id: u64, now: u64, before: impl FnOnce() -> Option<u64>) {
        let mut l = self.lazy.lock();
        if !self.active.load(Ordering::Relaxed) {
            let Some(t) = before() else {
                return;
            };
            l.shown = t;
            l.handles.clear();
            self.active.store(true, Ordering::Release);
        }
        l.catch_up(now);
        if !l.handles.iter().any(|t| t.id == id) {
            l.handles.push(Track {
                id,
                due: Some(now + WRITE_TIME_DELAY),
                settled: 0,
            });
        }
    }

    /// An update made at once through handle `id` (FLUSH, SET_INFO after its writes, or
    /// a change of size): the time shown becomes `now`, and the handle's writes so far
    /// are accounted for.
    pub fn update_now(&self, id: u64, now: u64) {
        self.update(id, now, now);
    }

    /// A write time set explicitly (SET_INFO FileBasicInformation): shown from now on;
    /// the setting handle's pending update is dropped (its own writes keep the time).
    pub fn set_explicitly(&self, id: u64, t: u64, now: u64) {
        self.update(id, t, now);
    }

    fn update(&self, id: u64, t: u64, now: u64) {
        if !self.active.load(Ordering::Acquire) {
            return;
        }
        let mut l = self.lazy.lock();
        l.catch_up(now);
        l.shown = t;
        if let Some(tr) = l.handles.iter_mut().find(|tr| tr.id == id) {
            tr.due = None;
            tr.settled = now;
        }
    }

    /// Handle `id` closes, its last write made at `last_write` (0: none seen): if it
    /// wrote after its last update (and does not keep the time), the time moves to
    /// `now`. A handle that never wrote changes nothing.
    pub fn close(&self, id: u64, last_write: u64, keeps: bool, now: u64) {
        if !self.active.load(Ordering::Acquire) {
            return;
        }
        let mut l = self.lazy.lock();
        l.catch_up(now);
        let Some(i) = l.handles.iter().position(|t| t.id == id) else {
            return;
        };
        let t = l.handles.swap_remove(i);
        if !keeps && last_write > t.settled {
            l.shown = now;
        }
    }

    /// The file's last open is gone: the time to write to the file system, if delayed
    /// updates were in play (they end here). Called under the file's lock, with the last
    /// open gone and no CREATE holding the state.
    pub fn finish(&self, now: u64) -> Option<u64> {
        if !self.active.load(Ordering::Acquire) {
            return None;
        }
        let mut l = self.lazy.lock();
        if !self.active.swap(false, Ordering::AcqRel) {
            return None;
        }
        l.catch_up(now);
        l.handles.clear();
        Some(l.shown)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: u64 = 10_000_000;

    #[test]
    fn a_write_shows_two_seconds_later_and_a_close_after_that_keeps_it() {
        let w = WriteTimes::default();
        assert_eq!(w.shown(100 * S), None);
        w.first_write(7, 101 * S, || Some(100 * S));
        assert_eq!(w.shown(102 * S), Some(100 * S));
        assert_eq!(w.shown(104 * S), Some(103 * S));
        // Written only before the update: the close leaves the time.
        w.close(7, 101 * S, false, 105 * S);
        assert_eq!(w.finish(105 * S), Some(103 * S));
        assert_eq!(w.shown(106 * S), None);
    }

    #[test]
    fn a_write_after_the_update_moves_the_time_at_close_only() {
        let w = WriteTimes::default();
        w.first_write(7, 101 * S, || Some(100 * S));
        // Second write at 104 (after the update due at 103), seen at 107.
        assert_eq!(w.shown(107 * S), Some(103 * S));
        w.close(7, 104 * S, false, 109 * S);
        assert_eq!(w.shown(109 * S), Some(109 * S));
    }

    #[test]
    fn flush_updates_at_once_and_the_close_keeps_it() {
        let w = WriteTimes::default();
        w.first_write(7, 101 * S, || Some(100 * S));
        w.update_now(7, 101 * S + 5);
        assert_eq!(w.shown(110 * S), Some(101 * S + 5));
        w.close(7, 101 * S + 1, false, 111 * S);
        assert_eq!(w.shown(111 * S), Some(101 * S + 5));
    }

    #[test]
    fn an_explicit_time_wins_over_a_handle_with_nothing_left_to_update() {
        let w = WriteTimes::default();
        w.first_write(7, 101 * S, || Some(100 * S));
        w.update_now(7, 101 * S + 5);
        w.set_explicitly(8, 500 * S, 102 * S);
        w.close(7, 101 * S + 1, false, 103 * S);
        assert_eq!(w.finish(104 * S), Some(500 * S));
    }

    #[test]
    fn an_update_after_a_time_in_the_future_brings_it_back_to_now() {
        let w = WriteTimes::default();
        w.first_write(7, 101 * S, || Some(100 * S));
        w.set_explicitly(8, 900 * S, 101 * S + 1);
        assert_eq!(w.shown(101 * S + 2), Some(900 * S));
        // The writer's scheduled update, then its flush, are later events.
        assert_eq!(w.shown(104 * S), Some(103 * S));
        w.update_now(7, 105 * S);
        assert_eq!(w.finish(106 * S), Some(105 * S));
    }

    #[test]
    fn a_handle_that_keeps_its_time_does_not_move_it_at_close() {
        let w = WriteTimes::default();
        w.first_write(7, 101 * S, || Some(100 * S));
        w.close(7, 101 * S + 1, true, 101 * S + 2);
        assert_eq!(w.shown(101 * S + 3), Some(100 * S));
    }

    #[test]
    fn nothing_is_in_play_when_the_time_cannot_be_read() {
        let w = WriteTimes::default();
        w.first_write(7, 101 * S, || None);
        assert_eq!(w.shown(200 * S), None);
        assert_eq!(w.finish(200 * S), None);
    }
}
