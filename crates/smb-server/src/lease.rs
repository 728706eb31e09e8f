//! Leases (MS-SMB2 3.3.5.9.8/3.3.5.9.11 with MS-FSA 2.1.5.17 semantics as Windows and
//! Samba apply them): read (R), handle (H) and write (W) caching shared by the opens of
//! one client that name one key; breaks when another open, a write or a conflicting share
//! mode needs them gone, acknowledged with LEASE_BREAK (3.3.5.22.2).

use crate::state::{
    FileInner, FileState, Lease, LeaseId, Notice, Outbox, Server, OPLOCK_BREAK_TIMEOUT,
};
use smb_wire::msg::LeaseContext;
use smb_wire::NtStatus;
use std::sync::Arc;

pub const R: u32 = 0x01;
pub const H: u32 = 0x02;
pub const W: u32 = 0x04;

/// An RqLs create context (2.2.13.2.8 version 1, 2.2.13.2.10 version 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeaseRequest {
    pub key: [u8; 16],
    pub state: u32,
    pub v2: bool,
    pub parent: Option<[u8; 16]>,
    pub epoch: u16,
}

impl LeaseRequest {
    /// The lease context of a CREATE, if any: 32 bytes (version 1) or 52 (version 2, SMB
    /// 3; before SMB 3 its first 32 bytes are read as version 1).
    pub fn parse(data: &[u8], dialect: u16) -> Result<Self, NtStatus> {
        let c = LeaseContext::parse(data).map_err(|_| NtStatus::INVALID_PARAMETER)?;
        let v2 = c.v2 && dialect >= smb_wire::negotiate::dialect::SMB30;
        Ok(LeaseRequest {
            key: c.key,
            state: c.state,
            v2,
            parent: c.parent.filter(|_| v2),
            epoch: if v2 { c.epoch } else { 0 },
        })
    }
}

/// The lease context of a CREATE response.
pub fn response_context(l: &Lease) -> Vec<u8> {
    LeaseContext {
        key: l.key,
        state: l.state,
        flags: match l.breaking {
            Some(_) => smb_wire::msg::LEASE_FLAG_BREAK_IN_PROGRESS,
            None => 0,
        },
        parent: l.parent.filter(|_| l.v2),
        epoch: l.epoch,
        v2: l.v2,
    }
    .encode()
}

/// Only R, RH, RW and RWH are leases; anything else asks for none.
fn valid(state: u32) -> u32 {
    let s = state & (R | H | W);
    if s & R == 0 {
        0
    } else {
        s
    }
}

/// Starts breaking `l` to `to`: a break from a state holding W or H waits for the client
/// to acknowledge it; one from R alone takes effect at once. While a break is in flight a
/// further one waits for its acknowledgment (Windows sends one break at a time).
fn start_break(l: &mut Lease, to: u32, now: std::time::Instant) {
    break_lease(l, to, true, now);
}

/// [`start_break`]; `new_epoch`: whether the break starts a new epoch (a break that
/// continues one just acknowledged keeps it, as Windows sends them: smbtorture
/// smb2.lease.v2_breaking3).
fn break_lease(l: &mut Lease, to: u32, new_epoch: bool, now: std::time::Instant) {
    if let Some((pending, _)) = l.breaking {
        if pending & !to != 0 {
            l.deferred = Some(l.deferred.map_or(to, |d| d & to));
        }
        return;
    }
    let from = l.state;
    let to = from & to;
    if to == from {
        return;
    }
    let ack = l.state & (W | H) != 0;
    if l.v2 && new_epoch {
        l.epoch = l.epoch.wrapping_add(1);
    }
    let target = l.notice_target();
    let posted = target.as_ref().is_some_and(|b| {
        b.post(Notice::LeaseBreak {
            key: l.key,
            epoch: if l.v2 { l.epoch } else { 0 },
            ack_required: ack,
            current: l.state,
            new: to,
        })
    });
    if ack && posted {
        l.breaking = Some((to, now + OPLOCK_BREAK_TIMEOUT));
        l.sent_to = target;
    } else {
        l.state = to;
        l.breaking = None;
    }
}

/// Ends breaks whose time ran out or whose client is gone. One unanswered in time is
/// acknowledged by the server itself, and the lease keeps nothing (as Windows and Samba
/// downgrade a lease whose break went unanswered: smbtorture smb2.lease.timeout). One
/// whose client lost every connection ends where it was going (as a durable open's
/// oplock does when it is preserved): what it keeps still makes the open it stands in
/// the way of close its disconnected durable opens (smbtorture smb2.durable-open.lease,
/// when the holder's connection drops while the break is on its way), and a client that
/// reconnects is not told of caching it lost meanwhile.
pub fn settle(inner: &mut FileInner, now: std::time::Instant) {
    for l in inner.leases.iter_mut() {
        let Some((to, deadline)) = l.breaking else {
            continue;
        };
        if l.break_pending(now) {
            continue;
        }
        let time_left = now < deadline;
        let client_gone = l.notice_target().is_none_or(|b| b.is_closed());
        l.state = if time_left && client_gone {
            to & l.deferred.unwrap_or(R | W | H)
        } else {
            0
        };
        l.deferred = None;
        l.breaking = None;
    }
}

/// (The caller settles expired breaks first.) A new open of the file (not of `mine`)
/// leaves every other lease at most `keep`: without H when its share modes conflict with
/// theirs or it deletes the file, without W otherwise, nothing when it overwrites the
/// data. Returns true while the open must wait: a break of one of `delay` (H when the
/// open conflicts or deletes, W otherwise) awaits its acknowledgment. Losing only what
/// the open does not depend on does not hold it up (Windows; smbtorture
/// smb2.lease.breaking4).
pub fn break_for_open(
    inner: &mut FileInner,
    mine: Option<LeaseId>,
    keep: u32,
    delay: u32,
    now: std::time::Instant,
) -> bool {
    let mut wait = false;
    for l in inner.leases.iter_mut() {
        if Some((l.client_guid, l.key)) == mine {
            continue;
        }
        start_break(l, keep, now);
        wait |= l.break_pending(now) && l.state & delay != 0;
    }
    wait
}

/// A rename of the file, or its marking for deletion, through an open of `mine` (or of
/// no lease): every other lease loses its handle caching (MS-FSA 2.1.4.12, as Windows
/// breaks for FileRenameInformation and FileDispositionInformation). Returns true while
/// one of those breaks awaits its acknowledgment (the operation waits for it).
pub fn break_handles(
    inner: &mut FileInner,
    mine: Option<LeaseId>,
    now: std::time::Instant,
) -> bool {
    settle(inner, now);
    let mut wait = false;
    for l in inner.leases.iter_mut() {
        if Some((l.client_guid, l.key)) == mine {
            continue;
        }
        if l.state & H != 0 {
            start_break(l, R | W, now);
        }
        wait |= l.break_pending(now);
    }
    wait
}

/// A write, truncation or lock through an open of `mine` (or of no lease) ends the read
/// caching of every other lease.
pub fn break_for_write(inner: &mut FileInner, mine: Option<LeaseId>, now: std::time::Instant) {
    for l in inner.leases.iter_mut() {
        if Some((l.client_guid, l.key)) != mine && l.state & R != 0 {
            start_break(l, 0, now);
        }
    }
}

/// A change to a leased directory's contents: every lease but `mine` loses its caching.
pub fn break_all(inner: &mut FileInner, mine: Option<LeaseId>, now: std::time::Instant) {
    settle(inner, now);
    for l in inner.leases.iter_mut() {
        if Some((l.client_guid, l.key)) != mine {
            start_break(l, 0, now);
        }
    }
}

/// Grants (or joins, or upgrades) the lease `req` of client `guid` for a new open,
/// within `allowed` (what the file's other opens leave). Returns the lease's index.
pub fn grant(
    inner: &mut FileInner,
    guid: [u8; 16],
    req: &LeaseRequest,
    outbox: &Arc<Outbox>,
    channels: Option<Arc<crate::state::ClientChannels>>,
    allowed: u32,
) -> usize {
    let asked = valid(req.state);
    let want = asked & allowed;
    if let Some(i) = inner
        .leases
        .iter()
        .position(|l| l.client_guid == guid && l.key == req.key)
    {
        let l = &mut inner.leases[i];
        l.outbox = Some(outbox.clone());
        if channels.is_some() {
            l.channels = channels;
        }
        // An upgrade happens when all of what is asked can be had (Windows): asking RHW
        // beside another open changes nothing, asking RH does.
        if asked & !allowed == 0
            && l.breaking.is_none()
            && asked & !l.state != 0
            && asked & l.state == l.state
        {
            l.state = asked;
            if l.v2 {
                l.epoch = l.epoch.wrapping_add(1);
            }
        }
        return i;
    }
    inner.leases.push(Lease {
        client_guid: guid,
        key: req.key,
        state: want,
        breaking: None,
        epoch: if req.v2 { req.epoch.wrapping_add(1) } else { 0 },
        v2: req.v2,
        parent: req.parent,
        outbox: Some(outbox.clone()),
        channels,
        sent_to: None,
        deferred: None,
    });
    inner.leases.len() - 1
}

/// MS-SMB2 3.3.5.22.2: the client acknowledges a lease break with the state it keeps.
pub fn acknowledge(
    server: &Server,
    guid: [u8; 16],
    key: [u8; 16],
    state: u32,
    now: std::time::Instant,
) -> Result<(), NtStatus> {
    let fs = server
        .lease_files
        .get_cloned(&(guid, key))
        .ok_or(NtStatus::OBJECT_NAME_NOT_FOUND)?;
    let mut inner = fs.inner.lock();
    let l = inner
        .leases
        .iter_mut()
        .find(|l| l.client_guid == guid && l.key == key)
        .ok_or(NtStatus::OBJECT_NAME_NOT_FOUND)?;
    let Some((to, _)) = l.breaking else {
        return Err(NtStatus::UNSUCCESSFUL);
    };
    if state & !to != 0 {
        return Err(NtStatus::REQUEST_NOT_ACCEPTED);
    }
    l.state = state;
    l.breaking = None;
    if let Some(next) = l.deferred.take() {
        // Windows breaks in steps: a lease still caching writes or handles first drops
        // to at most R (acknowledged), and only then to what the later break asked
        // (smbtorture smb2.lease.breaking3).
        if l.state & (W | H) != 0 && next & R == 0 && l.state & R != 0 {
            l.deferred = Some(next);
            break_lease(l, next | R, false, now);
            if l.breaking.is_none() {
                // Not sent (no connection): the step is taken, and the rest with it.
                l.deferred = None;
                break_lease(l, next, false, now);
            }
        } else {
            break_lease(l, next, false, now);
        }
    }
    Ok(())
}

/// After an open left: a lease no open names any more ends.
pub fn release(server: &Server, fs: &Arc<FileState>, inner: &mut FileInner) {
    let opens = &inner.opens;
    let mut gone = Vec::new();
    inner.leases.retain(|l| {
        let used = opens
            .iter()
            .any(|o| o.lease == Some((l.client_guid, l.key)));
        if !used {
            gone.push((l.client_guid, l.key));
        }
        used
    });
    if inner.leases.is_empty() {
        fs.leased.store(false, std::sync::atomic::Ordering::Release);
    }
    if !gone.is_empty() {
        for k in gone {
            let mut idx = server.lease_files.shard(&k);
            if idx.get(&k).is_some_and(|f| Arc::ptr_eq(f, fs)) {
                idx.remove(&k);
            }
        }
    }
}
