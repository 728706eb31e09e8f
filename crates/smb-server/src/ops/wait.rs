//! Requests that wait (a CREATE behind an oplock or lease break, a blocking LOCK, CHANGE_NOTIFY) and the check that completes them.

use super::*;

/// Why an async request waits.
pub enum Wait {
    Notify {
        open: Arc<Open>,
        since: u64,
        tree: bool,
        filter: u32,
        max_out: u32,
    },
    Lock {
        open: Arc<Open>,
        lock: RangeLock,
        generation: u64,
    },
    /// A CREATE waiting for oplock holders to acknowledge their breaks; it runs again
    /// once they have (or their time is up).
    Create(Box<CreateWait>),
    /// A SET_INFO (a rename, a delete disposition) waiting for lease holders to give up
    /// their cached handles; it runs again once they have (or their time is up).
    SetInfo(Box<CreateWait>),
    /// A long copy (an offload write, an ExtractVHD) on a copier thread.
    Copy(Box<CopyTask>),
    /// A PREEMPT AND ABORT that took effect, answered once the preempted hosts' writes
    /// under way have ended.
    Abort(Box<AbortAnswer>),
}

/// A PREEMPT AND ABORT's answer, and the writes it waits for (until `until` at most).
pub struct AbortAnswer {
    pub open: Arc<Open>,
    pub wait: crate::svhdx::AbortWait,
    pub answer: Vec<u8>,
    pub until: std::time::Instant,
}

impl Wait {
    /// The events that may end the wait (None: it makes progress on its own).
    pub fn class(&self) -> Option<WaitClass> {
        match self {
            Wait::Notify { .. } => Some(WaitClass::Notify),
            Wait::Lock { .. } => Some(WaitClass::Locks),
            Wait::Create(_) | Wait::SetInfo(_) => Some(WaitClass::Breaks),
            Wait::Copy(_) | Wait::Abort(_) => None,
        }
    }

    /// The open the waiting request names (CHANGE_NOTIFY, LOCK, an offload write).
    pub fn open(&self) -> Option<&Arc<Open>> {
        match self {
            Wait::Notify { open, .. } | Wait::Lock { open, .. } => Some(open),
            Wait::Copy(job) => Some(&job.target),
            Wait::Abort(a) => Some(&a.open),
            Wait::Create(_) | Wait::SetInfo(_) => None,
        }
    }

    /// A CANCEL names it: true if it answers STATUS_CANCELLED now; a copy is told to
    /// stop and answers once its copier has let go (see CopyTask::stop); a PREEMPT AND
    /// ABORT has taken effect and answers as it would have.
    pub fn cancel(&mut self) -> bool {
        match self {
            Wait::Copy(task) => {
                task.stop();
                false
            }
            Wait::Abort(_) => false,
            _ => true,
        }
    }

    /// When time alone ends it (a break's timeout), on the engine's clock; a copy is
    /// looked at every millisecond (for a copier slot, or its end), and so are the
    /// writes a PREEMPT AND ABORT waits for.
    pub fn deadline(&self, now: std::time::Instant) -> Option<std::time::Instant> {
        match self {
            Wait::Create(c) | Wait::SetInfo(c) => crate::oplock::break_deadline(&c.file, now),
            Wait::Copy(_) | Wait::Abort(_) => Some(now + std::time::Duration::from_millis(1)),
            Wait::Notify { .. } | Wait::Lock { .. } => None,
        }
    }
}

impl CreateWait {
    /// The request `ctx` runs, to run again once the breaks on `file` are answered
    /// (None outside a tree).
    pub fn of(ctx: &Ctx, file: &Arc<FileState>) -> Option<CreateWait> {
        Some(CreateWait {
            file: file.clone(),
            msg: ctx.msg.to_vec(),
            hdr: ctx.hdr,
            tree: ctx.tree?.clone(),
            encrypted: ctx.encrypted,
            dialect: ctx.dialect,
            outbox: ctx.outbox.clone(),
            multichannel: ctx.multichannel,
            claimed: None,
        })
    }
}

/// What a request run again came to: its answer, or a further wait in `w`'s place.
fn settled(w: &mut Wait, out: Outcome) -> Option<(NtStatus, Vec<u8>)> {
    match out {
        Outcome::Created(st, body, _) | Outcome::Done(st, body) => Some((st, body)),
        Outcome::Fail(st) => Some((st, Vec::new())),
        Outcome::Io(_) | Outcome::Framed(..) => Some((NtStatus::INTERNAL_ERROR, Vec::new())),
        Outcome::Wait(again) => {
            *w = again;
            None
        }
    }
}

/// Checks whether an async wait can complete now. `shared`: another CHANGE_NOTIFY is
/// pending on the same handle (this one, the older, then takes only the first change).
pub fn poll_wait(
    server: &Arc<Server>,
    s: &Arc<Session>,
    w: &mut Wait,
    shared: bool,
    now: crate::clock::Now,
) -> Option<(NtStatus, Vec<u8>)> {
    match w {
        Wait::Copy(task) => task.poll(),
        Wait::Abort(a) => {
            let late = now.mono >= a.until;
            if !a.wait.ended() && !late {
                return None;
            }
            if late {
                a.wait.overran();
            }
            Some((NtStatus::SUCCESS, std::mem::take(&mut a.answer)))
        }
        Wait::Create(c) => {
            if crate::oplock::breaks_pending(&c.file, now.mono) {
                return None;
            }
            let claimed = c.claimed.take();
            let out = again(server, s, c, now, |ctx| create_again(server, ctx, claimed));
            settled(w, out)
        }
        Wait::SetInfo(c) => {
            if crate::oplock::breaks_pending(&c.file, now.mono) {
                return None;
            }
            let out = again(server, s, c, now, |ctx| set_info(server, ctx));
            settled(w, out)
        }
        Wait::Lock {
            open,
            lock,
            generation,
        } => {
            if open.closed.load(Ordering::Acquire) {
                return Some((NtStatus::RANGE_NOT_LOCKED, Vec::new()));
            }
            let g = server.lock_generation.load(Ordering::Acquire);
            if g == *generation {
                return None;
            }
            *generation = g;
            let fs = open.file.as_ref()?;
            let mut inner = fs.inner.lock();
            if inner.lock_conflict(lock) {
                return None;
            }
            fs.range_locked.store(true, Ordering::Release);
            inner.locks.push(*lock);
            drop(inner);
            if let Some(c) = super::lock::scale_out_cluster(server, open) {
                let claim = (lock.offset, lock.length, lock.exclusive);
                if let Err(st) = c.lock(fs.key, open.file_id.persistent, &[claim]) {
                    let mut inner = fs.inner.lock();
                    if let Some(i) = inner.locks.iter().rposition(|h| h == lock) {
                        inner.locks.remove(i);
                    }
                    fs.note_range_locks(&inner);
                    return Some((st, Vec::new()));
                }
            }
            persist_change(server, &**s, open);
            Some((NtStatus::SUCCESS, small_body()))
        }
        Wait::Notify {
            open,
            since,
            tree,
            filter,
            max_out,
        } => {
            if open.closed.load(Ordering::Acquire) {
                return Some((NtStatus::NOTIFY_CLEANUP, Vec::new()));
            }
            // The directory is to go once its last handle closes: nothing more will
            // change in it (Windows answers DELETE_PENDING).
            if open
                .file
                .as_ref()
                .is_some_and(|fs| fs.inner.lock().delete_pending)
            {
                return Some((NtStatus::DELETE_PENDING, Vec::new()));
            }
            // From the handle's position: another request on the handle may have taken
            // changes since this one was made.
            *since = (*since).max(open.notify_cursor.load(Ordering::Acquire));
            if server.notify.current() == *since {
                return None;
            }
            let share = open.share.as_ref()?;
            let dir = open.path.lock().clone();
            let (mut events, lost, upto) =
                server
                    .notify
                    .since(*since, &share.name, &dir, *tree, *filter);
            *since = upto;
            if shared && !lost && events.len() > 1 {
                // The rest is for the next request on the handle.
                events.truncate(1);
                *since = events[0].seq;
            }
            // What was looked at is consumed: the handle's next request goes on from here.
            open.notify_cursor.store(*since, Ordering::Release);
            if lost {
                return Some((NtStatus::NOTIFY_ENUM_DIR, Vec::new()));
            }
            if events.is_empty() {
                return None;
            }
            let mut data = Vec::new();
            let mut prev_at: Option<usize> = None;
            for e in &events {
                if let Some(p) = prev_at {
                    data.align_from(0, 4);
                    let off = (data.len() - p) as u32;
                    data.set_u32(p, off);
                }
                prev_at = Some(data.len());
                data.put_u32(0);
                data.put_u32(e.action);
                data.put_u32(smb_wire::codec::utf16_len(&e.name) as u32);
                msg::put_name(&mut data, &e.name);
            }
            if data.len() > *max_out as usize {
                return Some((NtStatus::NOTIFY_ENUM_DIR, Vec::new()));
            }
            let mut body = Vec::new();
            msg::encode_buffer_response(&mut body, &data);
            Some((NtStatus::SUCCESS, body))
        }
    }
}

/// Runs a waiting request again, in the context it arrived in.
fn again(
    server: &Arc<Server>,
    s: &Arc<Session>,
    c: &CreateWait,
    now: crate::clock::Now,
    run: impl FnOnce(&Ctx) -> Outcome,
) -> Outcome {
    let no_hold = std::cell::Cell::new(None);
    let ctx = Ctx {
        server,
        hdr: c.hdr,
        msg: &c.msg,
        session: Some(s),
        tree: Some(&c.tree),
        encrypted: c.encrypted,
        related_file: None,
        now,
        rdma: None,
        rdma_limits: None,
        dialect: c.dialect,
        outbox: &c.outbox,
        can_wait: true,
        multichannel: c.multichannel,
        channel_key: s.keys.signing,
        defer_io: false,
        single: true,
        hold: &no_hold,
    };
    run(&ctx)
}
