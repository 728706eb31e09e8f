//! Replay detection (MS-SMB2 3.3.5.9.10, 3.3.5.2.10): the CreateGuids of the server's
//! opens, so that a CREATE a client sends again (the replay flag set, after losing a
//! channel) gets the open its first attempt made, or learns that attempt still runs;
//! and the channel sequence of each open, so that a write sent before a channel failed
//! cannot land after the ones sent since.

use crate::sharded::Sharded;
use smb_wire::msg::FileId;
use smb_wire::NtStatus;
use std::sync::Arc;

/// A CreateGuid is unique per client: (ClientGuid, CreateGuid).
pub type Key = ([u8; 16], [u8; 16]);

/// What a CreateGuid names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Made {
    /// Its CREATE runs (it waits for a break to be acknowledged, say).
    Pending,
    /// Its CREATE succeeded: this open, in this session.
    Open { session_id: u64, file_id: FileId },
}

type Table = Sharded<Key, Made>;

/// The server's CreateGuids. An entry lives from the CREATE that names it until its
/// open closes (or the CREATE fails): no more entries than opens and pending CREATEs,
/// both bounded.
#[derive(Clone, Default)]
pub struct CreateGuids(Arc<Table>);

impl CreateGuids {
    /// What `key` names now.
    pub fn look(&self, key: &Key) -> Option<Made> {
        self.0.shard(key).get(key).copied()
    }

    /// Claims `key` for a CREATE starting now; what it names already otherwise.
    pub fn reserve(&self, key: Key) -> Result<Reserved, Made> {
        let mut shard = self.0.shard(&key);
        if let Some(m) = shard.get(&key) {
            return Err(*m);
        }
        shard.insert(key, Made::Pending);
        Ok(Reserved {
            table: self.0.clone(),
            key,
            armed: true,
        })
    }

    /// An open that went away no longer answers replays.
    pub fn forget(&self, key: &Key, file_id: FileId) {
        let mut shard = self.0.shard(key);
        if matches!(shard.get(key), Some(Made::Open { file_id: f, .. }) if *f == file_id) {
            shard.remove(key);
        }
    }

    /// An open taken over by another session (a durable reconnect).
    pub fn moved(&self, key: &Key, file_id: FileId, session_id: u64) {
        let mut shard = self.0.shard(key);
        if let Some(Made::Open {
            file_id: f,
            session_id: s,
        }) = shard.get_mut(key)
        {
            if *f == file_id {
                *s = session_id;
            }
        }
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// A CreateGuid claimed by a running CREATE: it becomes the open's when the CREATE
/// succeeds ([`Reserved::opened`]), and is released if the CREATE ends otherwise (its
/// failure, its cancellation, its connection's end).
pub struct Reserved {
    table: Arc<Table>,
    key: Key,
    armed: bool,
}

impl Reserved {
    pub fn key(&self) -> Key {
        self.key
    }

    pub fn opened(mut self, session_id: u64, file_id: FileId) {
        self.table.insert(
            self.key,
            Made::Open {
                session_id,
                file_id,
            },
        );
        self.armed = false;
    }
}

impl Drop for Reserved {
    fn drop(&mut self) {
        if self.armed {
            let mut shard = self.table.shard(&self.key);
            if shard.get(&self.key) == Some(&Made::Pending) {
                shard.remove(&self.key);
            }
        }
    }
}

/// An open's channel sequence (MS-SMB2 3.3.5.2.10): the newest ChannelSequence seen, and
/// how many requests sent with it, and with older ones, are still outstanding.
#[derive(Debug, Default)]
pub struct ChannelSeq {
    seq: u16,
    outstanding: u32,
    older: u32,
}

impl ChannelSeq {
    /// An open starts at the sequence its CREATE carried.
    pub fn new(seq: u16) -> ChannelSeq {
        ChannelSeq {
            seq,
            ..Default::default()
        }
    }

    /// Admits a request sent with `seq`. Requests carrying an older sequence than the
    /// open has seen (or, replayed, while older ones are outstanding) may still read,
    /// but WRITE, SET_INFO and IOCTL (`modifying`) get FILE_NOT_AVAILABLE: the client
    /// has moved to a newer channel since. Sequences compare in 16-bit wrapping
    /// arithmetic (a newer one is at most 0x7FFF ahead).
    pub fn admit(&mut self, seq: u16, replay: bool, modifying: bool) -> Result<(), NtStatus> {
        let ahead = seq.wrapping_sub(self.seq) as i16;
        let clear = !replay || self.older == 0;
        if ahead > 0 && clear {
            self.older += self.outstanding;
            self.outstanding = 0;
            self.seq = seq;
        } else if ahead < 0 || !clear {
            return if modifying {
                Err(NtStatus::FILE_NOT_AVAILABLE)
            } else {
                Ok(())
            };
        }
        Ok(())
    }

    /// A request sent with `seq` stays outstanding (it went async).
    pub fn hold(&mut self, seq: u16) {
        if seq == self.seq {
            self.outstanding += 1;
        } else {
            self.older += 1;
        }
    }

    /// An outstanding request sent with `seq` completed.
    pub fn release(&mut self, seq: u16) {
        if seq == self.seq && self.outstanding > 0 {
            self.outstanding -= 1;
        } else {
            self.older = self.older.saturating_sub(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_claimed_guid_is_released_unless_its_create_succeeds() {
        let t = CreateGuids::default();
        let k = ([1; 16], [2; 16]);
        let r = t.reserve(k).unwrap();
        assert_eq!(t.reserve(k).err(), Some(Made::Pending));
        drop(r);
        assert!(t.is_empty());
        let id = FileId {
            persistent: 7,
            volatile: 8,
        };
        t.reserve(k).unwrap().opened(3, id);
        assert_eq!(
            t.look(&k),
            Some(Made::Open {
                session_id: 3,
                file_id: id
            })
        );
        t.moved(&k, id, 4);
        assert_eq!(
            t.look(&k),
            Some(Made::Open {
                session_id: 4,
                file_id: id
            })
        );
        t.forget(&k, FileId::default());
        assert!(!t.is_empty());
        t.forget(&k, id);
        assert!(t.is_empty());
    }

    #[test]
    fn stale_channel_sequences_may_read_but_not_modify() {
        let mut c = ChannelSeq::default();
        assert_eq!(c.admit(0, false, true), Ok(()));
        assert_eq!(c.admit(1, false, false), Ok(()));
        assert_eq!(c.admit(0, false, true), Err(NtStatus::FILE_NOT_AVAILABLE));
        assert_eq!(c.admit(0, true, true), Err(NtStatus::FILE_NOT_AVAILABLE));
        assert_eq!(c.admit(0, false, false), Ok(()));
        assert_eq!(c.admit(1, true, true), Ok(()));
        // Wrapping: 0 is one ahead of 0xFFFF.
        let mut w = ChannelSeq {
            seq: 0xFFFF,
            ..Default::default()
        };
        assert_eq!(w.admit(0, false, true), Ok(()));
        assert_eq!(
            w.admit(0xFFFF, false, true),
            Err(NtStatus::FILE_NOT_AVAILABLE)
        );
    }

    #[test]
    fn a_replay_waits_out_requests_of_older_channels() {
        let mut c = ChannelSeq::default();
        c.hold(0);
        c.admit(1, false, true).unwrap();
        // A request on sequence 0 is still outstanding: a replay may not modify.
        assert_eq!(c.admit(1, true, true), Err(NtStatus::FILE_NOT_AVAILABLE));
        assert_eq!(c.admit(1, false, true), Ok(()));
        c.release(0);
        assert_eq!(c.admit(1, true, true), Ok(()));
    }
}
