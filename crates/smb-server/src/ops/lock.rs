//! LOCK: byte-range locks.

use super::*;

pub(super) fn lock(server: &Arc<Server>, ctx: &Ctx) -> Outcome {
    let Ok(req) = msg::LockRequest::parse(ctx.msg) else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    let open = match find_open(ctx, req.file_id) {
        Ok(o) => o,
        Err(e) => return Fail(e),
    };
    let Some(fs) = open.file.clone() else {
        return Fail(NtStatus::INVALID_DEVICE_REQUEST);
    };
    // A shared virtual disk takes no byte-range locks (MS-RSVD 3.2.4): its initiators
    // arbitrate with SCSI reservations.
    if open.svhdx.is_some() {
        return Fail(NtStatus::LOCK_NOT_GRANTED);
    }
    // Locks of durable opens whose time to reconnect has run out go first.
    expire_durable(server, ctx.now);
    // MS-SMB2 3.3.5.14: replay detection on resilient and durable handles, and on every
    // handle of a multichannel connection. A replayed sequence succeeds without being
    // applied again.
    let seq_slot = (ctx.dialect >= smb_wire::negotiate::dialect::SMB21
        && (open.resilient.load(Ordering::Acquire)
            || open.durable.is_some()
            || (ctx.multichannel && ctx.dialect >= smb_wire::negotiate::dialect::SMB30)))
        .then(|| {
            let index = (req.lock_sequence >> 4) as usize;
            let number = (req.lock_sequence & 0xF) as u8;
            (1..=64).contains(&index).then(|| (index - 1, number))
        })
        .flatten();
    if let Some((i, number)) = seq_slot {
        let mut seq = open.lock_seq.lock();
        if seq[i] == number {
            return Outcome::Done(NtStatus::SUCCESS, small_body());
        }
        seq[i] = crate::state::LOCK_SEQ_NONE;
    }
    let out = lock_apply(server, ctx, &open, &fs, &req);
    if let Outcome::Done(NtStatus::SUCCESS, _) = &out {
        if let Some((i, number)) = seq_slot {
            open.lock_seq.lock()[i] = number;
        }
        // A persistent open's locks come back after a restart as they were acknowledged.
        persist_change(server, session(ctx), &open);
    }
    out
}

pub(super) fn lock_apply(
    server: &Arc<Server>,
    ctx: &Ctx,
    open: &Arc<Open>,
    fs: &FileState,
    req: &msg::LockRequest,
) -> Outcome {
    let s = session(ctx);
    if req.locks[0].flags & lock_flags::UNLOCK == 0 {
        // (A lock changes no data: nothing is under way after the break.)
        drop(super::breaks::data_changing(server, open, ctx.now.mono));
    }
    let mut inner = fs.inner.lock();
    // MS-SMB2 3.3.5.14.1: a request whose first element unlocks is an unlock request;
    // elements run in order and the first failure stops it (what was unlocked stays so).
    if req.locks[0].flags & lock_flags::UNLOCK != 0 {
        let mut status = NtStatus::SUCCESS;
        let mut changed = false;
        for l in &req.locks {
            if l.flags != lock_flags::UNLOCK {
                status = NtStatus::INVALID_PARAMETER;
                break;
            }
            let pos = inner.locks.iter().position(|h| {
                h.owner == open.file_id && h.offset == l.offset && h.length == l.length
            });
            match pos {
                Some(i) => {
                    inner.locks.remove(i);
                    changed = true;
                }
                None => {
                    status = NtStatus::RANGE_NOT_LOCKED;
                    break;
                }
            }
        }
        fs.note_range_locks(&inner);
        drop(inner);
        if let Some(c) = scale_out_cluster(server, open) {
            let ranges: Vec<_> = req
                .locks
                .iter()
                .take_while(|l| l.flags == lock_flags::UNLOCK)
                .map(|l| (l.offset, l.length, false))
                .collect();
            c.unlock(fs.key, open.file_id.persistent, &ranges);
        }
        if changed {
            server.lock_generation.fetch_add(1, Ordering::AcqRel);
            server.waiters.wake(WaitClass::Locks);
        }
        return if status == NtStatus::SUCCESS {
            Outcome::Done(NtStatus::SUCCESS, small_body())
        } else {
            Fail(status)
        };
    }
    // One open holds a bounded number of locks (each check walks the file's locks):
    // past it the request fails whole, as when the server is out of memory.
    let held = inner
        .locks
        .iter()
        .filter(|l| l.owner == open.file_id)
        .count();
    // A persistent open's locks are all journaled with it: no more than a record holds.
    let bound = match open.durable.is_some_and(|d| d.persistent) {
        true => server.cfg.max_locks_per_open.min(crate::journal::MAX_LOCKS),
        false => server.cfg.max_locks_per_open,
    };
    if held + req.locks.len() > bound {
        return Fail(NtStatus::INSUFFICIENT_RESOURCES);
    }
    // MS-SMB2 3.3.5.14.2: a lock request is all or nothing; an element that is not a
    // valid lock (an unlock among locks, unknown flags, a range past 2^64) fails it.
    let single = req.locks.len() == 1;
    for (taken, l) in req.locks.iter().enumerate() {
        let base = l.flags & !lock_flags::FAIL_IMMEDIATELY;
        // Only a request's first element may ask to wait.
        let blocking = l.flags & lock_flags::FAIL_IMMEDIATELY == 0;
        let bad = if base != lock_flags::SHARED && base != lock_flags::EXCLUSIVE
            || (taken > 0 && blocking)
        {
            Some(NtStatus::INVALID_PARAMETER)
        } else if l.length > 0 && l.offset.checked_add(l.length - 1).is_none() {
            Some(NtStatus::INVALID_LOCK_RANGE)
        } else {
            None
        };
        let new = RangeLock {
            owner: open.file_id,
            session_id: s.id,
            offset: l.offset,
            length: l.length,
            exclusive: base == lock_flags::EXCLUSIVE,
        };
        let conflict = bad.is_none() && inner.lock_conflict(&new);
        if bad.is_some() || conflict {
            // Roll back what this request took.
            let keep = inner.locks.len() - taken;
            inner.locks.truncate(keep);
            fs.note_range_locks(&inner);
            if conflict && single && blocking {
                let generation = server.lock_generation.load(Ordering::Acquire);
                return Outcome::Wait(Wait::Lock {
                    open: open.clone(),
                    lock: new,
                    generation,
                });
            }
            return Fail(bad.unwrap_or(NtStatus::LOCK_NOT_GRANTED));
        }
        fs.range_locked.store(true, Ordering::Release);
        inner.locks.push(new);
    }
    drop(inner);
    // On a scale-out share the other nodes' locks have their say too (a conflict there
    // fails at once: their unlocks do not wake a waiting request here).
    if let Some(c) = scale_out_cluster(server, open) {
        let claims: Vec<_> = req
            .locks
            .iter()
            .map(|l| (l.offset, l.length, l.flags & lock_flags::EXCLUSIVE != 0))
            .collect();
        if let Err(st) = c.lock(fs.key, open.file_id.persistent, &claims) {
            let mut inner = fs.inner.lock();
            for &(offset, length, exclusive) in &claims {
                let mine = |h: &RangeLock| {
                    h.owner == open.file_id
                        && (h.offset, h.length, h.exclusive) == (offset, length, exclusive)
                };
                if let Some(i) = inner.locks.iter().rposition(mine) {
                    inner.locks.remove(i);
                }
            }
            fs.note_range_locks(&inner);
            drop(inner);
            server.lock_generation.fetch_add(1, Ordering::AcqRel);
            server.waiters.wake(WaitClass::Locks);
            return Fail(st);
        }
    }
    Outcome::Done(NtStatus::SUCCESS, small_body())
}

/// The cluster, when `open` is on a scale-out share (its locks are the other nodes'
/// business too).
pub(super) fn scale_out_cluster<'a>(
    server: &'a Server,
    open: &Open,
) -> Option<&'a dyn crate::state::ClusterView> {
    server.cluster_of(open.share.as_deref()?)
}
