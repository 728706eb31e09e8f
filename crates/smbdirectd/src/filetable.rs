//! Open files' descriptors kept in an io_uring's file table (fixed files): storage I/O
//! names a slot, and the kernel skips the descriptor lookup and the file's reference
//! count per operation. Entries are keyed by the engine's never-reused file keys
//! (`smb_server::fixed`) and dropped when the open closes, so the ring does not keep
//! closed files open.

use io_uring::IoUring;
use smb_server::fixed::same_open;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// The storage part of one ring's file table.
#[derive(Default)]
pub struct FileTable {
    /// The first slot for storage descriptors, and how many there are (0: none).
    base: u32,
    slots: u32,
    by_key: HashMap<u64, u32, BuildHasherDefault<fabric::KeyHash>>,
    /// Slots given back by closed files; `used` slots from `base` were handed out.
    free: Vec<u32>,
    used: u32,
}

impl FileTable {
    /// Slots `base..base + slots` of `ring`'s (registered, sparse) file table.
    pub fn new(base: u32, slots: u32) -> FileTable {
        FileTable {
            base,
            slots,
            ..Default::default()
        }
    }

    /// The slot holding `fd` under `key`, registering it on first use; None when the key
    /// is 0, the table is full, or the kernel refuses (the I/O then names the descriptor).
    pub fn slot(&mut self, ring: &IoUring, key: u64, fd: i32) -> Option<u32> {
        if key == 0 || fd < 0 {
            return None;
        }
        if let Some(&s) = self.by_key.get(&key) {
            return Some(s);
        }
        let s = match self.free.pop() {
            Some(s) => s,
            None if self.used < self.slots => {
                self.used += 1;
                self.base + self.used - 1
            }
            None => return None,
        };
        match ring.submitter().register_files_update(s, &[fd]) {
            Ok(_) => {
                self.by_key.insert(key, s);
                Some(s)
            }
            Err(_) => {
                self.free.push(s);
                None
            }
        }
    }

    /// Empties the slots of the opens that closed (their key bases): the ring lets go of
    /// the files. (I/O still in flight keeps its file until it completes.)
    pub fn forget(&mut self, ring: &IoUring, closed: &[u64]) {
        if self.by_key.is_empty() {
            return;
        }
        let free = &mut self.free;
        self.by_key.retain(|&key, &mut s| {
            if !closed.iter().any(|&base| same_open(key, base)) {
                return true;
            }
            let _ = ring.submitter().register_files_update(s, &[-1]);
            free.push(s);
            false
        });
    }

    /// Descriptors registered.
    pub fn len(&self) -> usize {
        self.by_key.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_key.is_empty()
    }
}
