//! The opens and byte-range locks of scale-out shares' files as every node sees them:
//! one RADOS object per file (`smbdirectd.file.DEVICE.FILE`, the file's identity), one
//! line per open or lock that takes part in sharing:
//!
//! ```text
//! O NODE BOOT ID ACCESS SHARE_ACCESS
//! L NODE BOOT ID OFFSET LENGTH EXCLUSIVE
//! ```
//!
//! (numbers in hex; ID is the open's persistent FileId, unique in the cluster). A node
//! changes the object by reading it with its version and writing it back only if that
//! version still stands (else it reads again), so concurrent CREATEs on two nodes are
//! checked one after the other. A line counts while its node is alive in that run
//! (BOOT is the run its record names), or stopped but not yet taken over (its journal
//! is there); others are dead and dropped at the next write. An object left with no
//! line is removed.

use super::{journal_oid, read_boot, read_registry, Inner};
use smb_server::state::{locks_conflict, share_modes_conflict, LockClaim, OpenClaim};
use smb_wire::NtStatus;
use std::collections::HashMap;

/// The largest file object read back (a few thousand opens and locks).
const MAX_OBJECT: usize = 256 << 10;
/// Writes lost to another node's, in a row, before the request fails.
const MAX_RETRIES: usize = 32;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum What {
    Open {
        access: u32,
        share: u32,
    },
    Lock {
        offset: u64,
        length: u64,
        exclusive: bool,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Entry {
    pub(super) node: u16,
    pub(super) boot: u64,
    id: u64,
    pub(super) what: What,
}

fn oid((device, file): (u64, u64)) -> String {
    format!("smbdirectd.file.{device:x}.{file:x}")
}

fn parse(bytes: &[u8]) -> Vec<Entry> {
    let text = String::from_utf8_lossy(bytes);
    text.lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            let hex = |i: usize| f.get(i).and_then(|x| u64::from_str_radix(x, 16).ok());
            let (node, boot, id) = (u16::try_from(hex(1)?).ok()?, hex(2)?, hex(3)?);
            let what = match (f.first().copied()?, f.len()) {
                ("O", 6) => What::Open {
                    access: u32::try_from(hex(4)?).ok()?,
                    share: u32::try_from(hex(5)?).ok()?,
                },
                ("L", 7) => What::Lock {
                    offset: hex(4)?,
                    length: hex(5)?,
                    exclusive: hex(6)? != 0,
                },
                _ => return None,
            };
            Some(Entry {
                node,
                boot,
                id,
                what,
            })
        })
        .collect()
}

fn encode(entries: &[Entry]) -> Vec<u8> {
    let mut s = String::with_capacity(entries.len() * 48);
    for e in entries {
        let (n, b, i) = (e.node, e.boot, e.id);
        match e.what {
            What::Open { access, share } => {
                s.push_str(&format!("O {n:x} {b:x} {i:x} {access:x} {share:x}\n"));
            }
            What::Lock {
                offset,
                length,
                exclusive,
            } => {
                let x = u8::from(exclusive);
                s.push_str(&format!(
                    "L {n:x} {b:x} {i:x} {offset:x} {length:x} {x:x}\n"
                ));
            }
        }
    }
    s.into_bytes()
}

impl Inner {
    /// The run of node `number` whose lines count now: this node's own, or another's
    /// that is alive or waits to be taken over; None for a node gone (taken over, or
    /// never heard of). Looked up in the cluster when the last look does not know it.
    pub(super) fn run_of(&self, number: u16, memo: &mut HashMap<u16, Option<u64>>) -> Option<u64> {
        if number == self.number {
            return Some(self.boot);
        }
        *memo.entry(number).or_insert_with(|| {
            let seen = self
                .others
                .read()
                .ok()
                .and_then(|o| o.values().find(|s| s.number == number).map(|s| s.boot));
            match seen {
                Some(boot) => boot,
                // Not seen at the last look (a node that joined since): ask.
                None => self.run_now(number),
            }
        })
    }

    fn run_now(&self, number: u16) -> Option<u64> {
        let nodes = read_registry(&self.io).ok()?;
        let (uuid, _) = nodes.iter().find(|(_, n)| *n == number)?;
        self.io.stat(&journal_oid(uuid)).ok()??;
        read_boot(&self.io, uuid).ok()?
    }

    /// The file's lines that count now, with the object's version (None: no object)
    /// and whether dead ones were dropped.
    pub(super) fn read_entries(
        &self,
        key: (u64, u64),
    ) -> Result<(Vec<Entry>, Option<u64>, bool), NtStatus> {
        let oid = oid(key);
        let (mut entries, ver) = match self.io.read_versioned(&oid, MAX_OBJECT) {
            Ok(Some((bytes, ver))) => (parse(&bytes), Some(ver)),
            Ok(None) => (Vec::new(), None),
            Err(cephfs::Errno(libc::EFBIG)) => return Err(NtStatus::INSUFFICIENT_RESOURCES),
            Err(e) => {
                tracing::warn!(oid, error = %e, "reading a file's cluster-wide opens failed");
                return Err(NtStatus::FILE_NOT_AVAILABLE);
            }
        };
        let before = entries.len();
        let mut memo = HashMap::new();
        entries.retain(|e| self.run_of(e.node, &mut memo) == Some(e.boot));
        let pruned = entries.len() != before;
        Ok((entries, ver, pruned))
    }

    /// Reads the file's object, drops its dead lines, lets `change` edit the rest (or
    /// refuse), and writes it back if nobody wrote it meanwhile (else starts again).
    /// What it read or wrote is kept as the other nodes' locks (`locks.rs`). True when
    /// this node's locks on the file changed; this node's lines all gone, the file is
    /// no longer kept.
    fn update(
        &self,
        key: (u64, u64),
        mut change: impl FnMut(&mut Vec<Entry>) -> Result<(), NtStatus>,
    ) -> Result<bool, NtStatus> {
        let oid = oid(key);
        let me = self.number;
        let my_locks = |entries: &[Entry]| -> Vec<Entry> {
            entries
                .iter()
                .filter(|e| e.node == me && matches!(e.what, What::Lock { .. }))
                .copied()
                .collect()
        };
        for _ in 0..MAX_RETRIES {
            let seq = self.locks_seq(key);
            let (mut entries, ver, pruned) = self.read_entries(key)?;
            self.keep_locks(key, seq, &entries);
            let unchanged = entries.clone();
            change(&mut entries)?;
            let locks_changed = my_locks(&entries) != my_locks(&unchanged);
            if entries == unchanged && !pruned {
                return Ok(false);
            }
            let data = encode(&entries);
            let (data, ver) = match (entries.is_empty(), ver) {
                (true, None) => return Ok(locks_changed),
                (true, Some(v)) => (None, Some(v)),
                (false, v) => (Some(&data[..]), v),
            };
            match self.io.write_if(&oid, ver, data) {
                Ok(true) => {
                    if entries.iter().any(|e| e.node == me) {
                        self.keep_locks(key, seq, &entries);
                    } else {
                        self.remote.drop_file(key);
                    }
                    return Ok(locks_changed);
                }
                Ok(false) => continue,
                Err(e) => {
                    tracing::warn!(oid, error = %e, "writing a file's cluster-wide opens failed");
                    return Err(NtStatus::FILE_NOT_AVAILABLE);
                }
            }
        }
        Err(NtStatus::FILE_NOT_AVAILABLE)
    }

    fn mine(&self, id: u64, what: What) -> Entry {
        Entry {
            node: self.number,
            boot: self.boot,
            id,
            what,
        }
    }

    pub(super) fn admit(
        &self,
        key: (u64, u64),
        claim: OpenClaim,
        checked: bool,
        locks: &[LockClaim],
    ) -> Result<(), NtStatus> {
        let me = self.number;
        self.update(key, |entries| {
            if checked {
                let conflict = entries.iter().any(|e| match e.what {
                    What::Open { access, share } if e.node != me && e.id != claim.id => {
                        share_modes_conflict((access, share), (claim.access, claim.share_access))
                    }
                    _ => false,
                });
                if conflict {
                    return Err(NtStatus::SHARING_VIOLATION);
                }
            }
            // (A restored or taken-over open's lines are this run's now.)
            entries.retain(|e| e.id != claim.id);
            entries.push(self.mine(
                claim.id,
                What::Open {
                    access: claim.access,
                    share: claim.share_access,
                },
            ));
            for &(offset, length, exclusive) in locks {
                entries.push(self.mine(
                    claim.id,
                    What::Lock {
                        offset,
                        length,
                        exclusive,
                    },
                ));
            }
            Ok(())
        })
        .map(|moved| {
            // (A taken-over open's locks are this node's now: the others hear it.)
            if moved {
                self.tell_locks(key);
            }
        })
    }

    pub(super) fn release(&self, key: (u64, u64), id: u64) {
        match self.update(key, |entries| {
            entries.retain(|e| e.id != id);
            Ok(())
        }) {
            Ok(true) => self.tell_locks(key),
            Ok(false) => {}
            Err(st) => tracing::warn!(?st, id, "an open's cluster-wide record was not removed"),
        }
    }

    pub(super) fn lock(
        &self,
        key: (u64, u64),
        id: u64,
        locks: &[LockClaim],
    ) -> Result<(), NtStatus> {
        let me = self.number;
        self.update(key, |entries| {
            for &new in locks {
                let conflict = entries.iter().any(|e| match e.what {
                    What::Lock {
                        offset,
                        length,
                        exclusive,
                    } if e.node != me && e.id != id => {
                        locks_conflict((offset, length, exclusive), new)
                    }
                    _ => false,
                });
                if conflict {
                    return Err(NtStatus::LOCK_NOT_GRANTED);
                }
            }
            for &(offset, length, exclusive) in locks {
                entries.push(self.mine(
                    id,
                    What::Lock {
                        offset,
                        length,
                        exclusive,
                    },
                ));
            }
            Ok(())
        })?;
        // Every other node has heard of it before the LOCK is answered (its I/O on the
        // range stops from then on).
        self.tell_locks(key);
        Ok(())
    }

    pub(super) fn unlock(&self, key: (u64, u64), id: u64, locks: &[LockClaim]) {
        let r = self.update(key, |entries| {
            for &(o, l, _) in locks {
                let pos = entries.iter().position(|e| {
                    e.id == id
                        && matches!(e.what, What::Lock { offset, length, .. } if (offset, length) == (o, l))
                });
                if let Some(i) = pos {
                    entries.remove(i);
                }
            }
            Ok(())
        });
        match r {
            Ok(true) => self.tell_locks(key),
            Ok(false) => {}
            Err(st) => tracing::warn!(?st, id, "a lock's cluster-wide record was not removed"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip_and_hostile_ones_are_skipped() {
        let e = vec![
            Entry {
                node: 2,
                boot: 0xfeed,
                id: (2 << 48) | 7,
                what: What::Open {
                    access: 0x12019f,
                    share: 7,
                },
            },
            Entry {
                node: 2,
                boot: 0xfeed,
                id: (2 << 48) | 7,
                what: What::Lock {
                    offset: 1 << 40,
                    length: 512,
                    exclusive: true,
                },
            },
        ];
        assert_eq!(parse(&encode(&e)), e);
        let mut junk = encode(&e);
        junk.extend_from_slice(
            b"O 1\nL zz 1 1 1 1 1\nO 10000 1 1 1 1\nX 1 1 1 1 1\n\xff\xfe\nO 1 1 1 1 1 1\n",
        );
        assert_eq!(parse(&junk), e);
    }
}
