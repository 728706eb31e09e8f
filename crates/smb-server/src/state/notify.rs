//! The change log CHANGE_NOTIFY reads.

use super::*;

/// A change on a share, for CHANGE_NOTIFY (MS-FSCC 2.7.1 actions).
#[derive(Clone, Debug)]
pub struct ChangeEvent {
    pub seq: u64,
    pub share: String,
    /// Directory the change happened in.
    pub dir: SharePath,
    pub action: u32,
    pub name: String,
    /// FILE_NOTIFY_CHANGE_* bits this change matches.
    pub filter: u32,
}

pub mod notify_action {
    pub const ADDED: u32 = 1;
    pub const REMOVED: u32 = 2;
    pub const MODIFIED: u32 = 3;
    pub const RENAMED_OLD_NAME: u32 = 4;
    pub const RENAMED_NEW_NAME: u32 = 5;
}

pub mod notify_filter {
    pub const FILE_NAME: u32 = 0x001;
    pub const DIR_NAME: u32 = 0x002;
    pub const ATTRIBUTES: u32 = 0x004;
    pub const SIZE: u32 = 0x008;
    pub const LAST_WRITE: u32 = 0x010;
    pub const LAST_ACCESS: u32 = 0x020;
    pub const CREATION: u32 = 0x040;
}

/// A bounded log of recent changes; waiting CHANGE_NOTIFY requests read events past the
/// sequence number they registered at.
#[derive(Default)]
pub struct NotifyHub {
    events: Mutex<VecDeque<ChangeEvent>>,
    seq: AtomicU64,
}

use crate::limits::NOTIFY_LOG_LEN;

impl NotifyHub {
    pub fn current(&self) -> u64 {
        self.seq.load(Ordering::Acquire)
    }

    pub fn publish(&self, share: &str, path: &SharePath, action: u32, filter: u32) {
        let first = path.as_str().split('/').next().unwrap_or("");
        if first.eq_ignore_ascii_case(crate::names::STREAM_DEPOT) {
            return;
        }
        let Some((dir, name)) = path.split_last() else {
            return;
        };
        let mut ev = self.events.lock();
        let seq = self.seq.load(Ordering::Relaxed) + 1;
        if ev.len() == NOTIFY_LOG_LEN {
            ev.pop_front();
        }
        ev.push_back(ChangeEvent {
            seq,
            share: share.to_string(),
            dir,
            action,
            name: name.to_string(),
            filter,
        });
        self.seq.store(seq, Ordering::Release);
    }

    /// Events after `since` in `dir` (or below it, with `tree`) matching `filter`. The bool
    /// is true when the log no longer reaches back to `since` (answer NOTIFY_ENUM_DIR);
    /// the number is the log position read up to (where the next look starts).
    pub fn since(
        &self,
        since: u64,
        share: &str,
        dir: &SharePath,
        tree: bool,
        filter: u32,
    ) -> (Vec<ChangeEvent>, bool, u64) {
        let ev = self.events.lock();
        // (Published under the same lock: the log and its position agree.)
        let upto = self.seq.load(Ordering::Acquire);
        let lost = ev.front().is_some_and(|e| e.seq > since + 1);
        let mut out = Vec::new();
        for e in ev.iter().filter(|e| e.seq > since) {
            if e.share != share || e.filter & filter == 0 {
                continue;
            }
            let rel = if &e.dir == dir {
                Some(e.name.clone())
            } else if tree
                && (dir.is_root() || e.dir.as_str().starts_with(&format!("{}/", dir.as_str())))
            {
                let prefix = if dir.is_root() {
                    0
                } else {
                    dir.as_str().len() + 1
                };
                Some(format!("{}/{}", &e.dir.as_str()[prefix..], e.name))
            } else {
                None
            };
            if let Some(name) = rel {
                let mut e = e.clone();
                e.name = name.replace('/', "\\");
                // A name change seen by a watcher of its other bits only (a renamed
                // file's attributes) is, to that watcher, a modification.
                let names = notify_filter::FILE_NAME | notify_filter::DIR_NAME;
                if e.filter & filter & names == 0 {
                    e.action = notify_action::MODIFIED;
                }
                out.push(e);
            }
        }
        (out, lost, upto)
    }
}
