//! Oplocks and durable handles: which oplock a new open gets, which holders it breaks and
//! whether it must wait for them (MS-SMB2 3.3.5.9, 3.3.4.6; MS-FSA 2.1.5.17/2.1.4.12 as
//! Windows and Samba behave), the acknowledgment (3.3.5.22.1), Level II breaks on writes,
//! and the table of durable opens whose connection was lost (3.3.7.1, 3.3.5.9.7/12).

use crate::state::{oplock, FileInner, FileState, Notice, OPLOCK_BREAK_TIMEOUT};
use smb_wire::msg::{access, FileId};
use std::sync::atomic::Ordering;

/// An open that asks for nothing but attributes and synchronization neither breaks
/// oplocks nor gets one (a "stat open").
pub fn is_stat_open(desired: u32) -> bool {
    desired & !(access::SYNCHRONIZE | access::FILE_READ_ATTRIBUTES | access::FILE_WRITE_ATTRIBUTES)
        == 0
}

/// Applies what time and lost connections decided: a break not acknowledged in time, or
/// whose holder's connection is gone, ends at the level it was breaking to.
pub fn settle(inner: &mut FileInner, now: std::time::Instant) {
    crate::lease::settle(inner, now);
    for o in inner.opens.iter_mut() {
        if let Some((to, _)) = o.breaking {
            if !o.break_pending(now) {
                o.oplock = to;
                o.breaking = None;
            }
        }
    }
}

/// Disconnected durable opens of this file in a new open's way: holding an oplock or a
/// lease it must break (they cannot be told, so they are closed instead, MS-SMB2
/// 3.3.4.6), or excluding it by their share modes (Windows gives such an open away at
/// once rather than refuse the one that is here).
pub fn stale_holders(inner: &FileInner, desired: u32, share: u32) -> Vec<FileId> {
    departed_in_the_way(inner, desired, share)
        .filter(|o| !o.persistent)
        .map(|o| o.file_id)
        .collect()
}

/// Whether a disconnected persistent open stands in the way of a new open (its share
/// modes conflict, or it caches what the open would break): it waits for its owner to
/// reclaim it, and the new open gets FILE_NOT_AVAILABLE meanwhile (Windows, on a
/// continuously available share). Opens in `except` (taken over by the same
/// application instance) do not count.
pub fn reclaim_pending(inner: &FileInner, desired: u32, share: u32, except: &[FileId]) -> bool {
    departed_in_the_way(inner, desired, share).any(|o| o.persistent && !except.contains(&o.file_id))
}

/// Disconnected opens that a new open conflicts with or would break.
fn departed_in_the_way(
    inner: &FileInner,
    desired: u32,
    share: u32,
) -> impl Iterator<Item = &crate::state::FileOpenEntry> {
    let stat = is_stat_open(desired);
    let caches = |o: &crate::state::FileOpenEntry| {
        o.oplock != oplock::NONE
            || o.lease.is_some_and(|id| {
                inner.leases.iter().any(|l| {
                    (l.client_guid, l.key) == id
                        && l.state & (crate::lease::W | crate::lease::H) != 0
                })
            })
    };
    inner.opens.iter().filter(move |o| {
        o.outbox.is_none() && (o.share_conflict(desired, share) || (!stat && caches(o)))
    })
}

/// Before a new open proceeds: sends the breaks it causes. Batch holders are broken even
/// when the share modes conflict (their client may close to let the open in); exclusive
/// ones only when the open could otherwise succeed; Level II holders break to none when
/// the open overwrites. Returns true while some holder still has to acknowledge.
pub fn break_for_open(
    inner: &mut FileInner,
    desired: u32,
    share_conflict: bool,
    overwrite: bool,
    deletes: bool,
    lease: Option<crate::state::LeaseId>,
    now: std::time::Instant,
) -> bool {
    settle(inner, now);
    if is_stat_open(desired) && !overwrite {
        return false;
    }
    // Reading the security descriptor too leaves leases alone (Windows; smbtorture
    // smb2.lease.statopen4), though it breaks oplocks.
    let lease_stat = is_stat_open(desired & !access::READ_CONTROL) && !overwrite;
    // A share-mode conflict, or an open that deletes the file, first costs the lease
    // holders their cached handles (they may close them and let the open in); W goes
    // only when the open can succeed; everything when it overwrites the data (MS-FSA
    // 2.1.4.12; Windows breaks RH to R for an open with FILE_DELETE_ON_CLOSE).
    use crate::lease::{H, R, W};
    let keep = if share_conflict {
        R | W
    } else if overwrite {
        0
    } else if deletes {
        R | W
    } else {
        R | H
    };
    // What the open waits for: cached writes being flushed, always; cached handles
    // being closed when they are in its way.
    let delay = if share_conflict || deletes { W | H } else { W };
    let mut wait = !lease_stat && crate::lease::break_for_open(inner, lease, keep, delay, now);
    for o in inner.opens.iter_mut() {
        match o.oplock {
            oplock::BATCH | oplock::EXCLUSIVE => {
                if o.oplock == oplock::EXCLUSIVE && share_conflict {
                    continue;
                }
                if o.breaking.is_none() {
                    let to = if overwrite {
                        oplock::NONE
                    } else {
                        oplock::LEVEL_II
                    };
                    o.breaking = Some((to, now + OPLOCK_BREAK_TIMEOUT));
                    let posted = o.outbox.as_ref().is_some_and(|b| {
                        b.post(Notice::OplockBreak {
                            file_id: o.file_id,
                            session_id: o.session_id,
                            level: to,
                        })
                    });
                    if !posted {
                        o.oplock = to;
                        o.breaking = None;
                    }
                }
                wait |= o.break_pending(now);
            }
            oplock::LEVEL_II if overwrite => break_level2(o),
            _ => {}
        }
    }
    wait
}

fn break_level2(o: &mut crate::state::FileOpenEntry) {
    o.oplock = oplock::NONE;
    if let Some(b) = &o.outbox {
        b.post(Notice::OplockBreak {
            file_id: o.file_id,
            session_id: o.session_id,
            level: oplock::NONE,
        });
    }
}

/// Whether some open of the file still waits to acknowledge a break.
pub fn breaks_pending(fs: &FileState, now: std::time::Instant) -> bool {
    let mut inner = fs.inner.lock();
    settle(&mut inner, now);
    inner.leases.iter().any(|l| l.break_pending(now))
        || inner.opens.iter().any(|o| o.break_pending(now))
}

/// When the first break still awaited on the file times out (on the engine's clock).
pub fn break_deadline(fs: &FileState, now: std::time::Instant) -> Option<std::time::Instant> {
    let inner = fs.inner.lock();
    let leases = inner
        .leases
        .iter()
        .filter(|l| l.break_pending(now))
        .filter_map(|l| l.breaking.map(|(_, d)| d));
    let opens = inner
        .opens
        .iter()
        .filter(|o| o.break_pending(now))
        .filter_map(|o| o.breaking.map(|(_, d)| d));
    leases.chain(opens).min()
}

/// The oplock a new open gets, given the other opens of the file (after breaks).
pub fn grant(requested: u8, stat: bool, is_directory: bool, others: &FileInner) -> u8 {
    if is_directory || stat {
        return oplock::NONE;
    }
    let requested = match requested {
        oplock::LEVEL_II | oplock::EXCLUSIVE | oplock::BATCH => requested,
        _ => return oplock::NONE,
    };
    // Beside a lease that caches handles, no oplock at all (Windows).
    if others.leases.iter().any(|l| l.state & crate::lease::H != 0) {
        return oplock::NONE;
    }
    let mut shared = false;
    for o in &others.opens {
        if o.oplock == oplock::BATCH || o.oplock == oplock::EXCLUSIVE {
            return oplock::NONE;
        }
        if !is_stat_open(o.access) {
            shared = true;
        }
    }
    if shared {
        oplock::LEVEL_II
    } else {
        requested
    }
}

/// A write, truncation or byte-range lock breaks every Level II oplock on the file to
/// none, the writer's own included (no acknowledgment), and the read caching of every
/// lease but the writer's.
pub fn break_level2_for_write(fs: &FileState, writer: FileId, now: std::time::Instant) {
    let leased = fs.leased.load(Ordering::Acquire);
    if !leased && !fs.level2.load(Ordering::Acquire) {
        return;
    }
    let mut inner = fs.inner.lock();
    if leased {
        let mine = inner
            .opens
            .iter()
            .find(|o| o.file_id == writer)
            .and_then(|o| o.lease);
        crate::lease::break_for_write(&mut inner, mine, now);
    }
    if fs.level2.swap(false, Ordering::AcqRel) {
        for o in inner.opens.iter_mut() {
            if o.oplock == oplock::LEVEL_II {
                break_level2(o);
            }
        }
    }
}

/// A write through another node: every Level II oplock and every lease's read caching
/// of the file ends.
pub fn break_read_caching(fs: &FileState, now: std::time::Instant) {
    // (Under the file's lock, as a CREATE grants: either it sees the count move and
    // grants nothing, or its grant is here to break.)
    let mut inner = fs.inner.lock();
    fs.remote_breaks.fetch_add(1, Ordering::AcqRel);
    if fs.leased.load(Ordering::Acquire) {
        crate::lease::break_for_write(&mut inner, None, now);
    }
    if fs.level2.swap(false, Ordering::AcqRel) {
        for o in inner.opens.iter_mut() {
            if o.oplock == oplock::LEVEL_II {
                break_level2(o);
            }
        }
    }
}

/// MS-SMB2 3.3.5.22.1 (as Windows and Samba answer): the level the holder now has, or
/// the status refusing the acknowledgment.
pub fn acknowledge(fs: &FileState, id: FileId, level: u8) -> Result<u8, smb_wire::NtStatus> {
    use smb_wire::NtStatus;
    let mut inner = fs.inner.lock();
    let Some(o) = inner.opens.iter_mut().find(|o| o.file_id == id) else {
        return Err(NtStatus::FILE_CLOSED);
    };
    let Some((to, _)) = o.breaking else {
        return Err(NtStatus::INVALID_OPLOCK_PROTOCOL);
    };
    if level != oplock::NONE && level != oplock::LEVEL_II {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    let new = if to == oplock::NONE || level == oplock::NONE {
        oplock::NONE
    } else {
        oplock::LEVEL_II
    };
    o.oplock = new;
    o.breaking = None;
    if new == oplock::LEVEL_II {
        fs.level2.store(true, Ordering::Release);
    }
    Ok(new)
}
