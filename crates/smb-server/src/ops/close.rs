//! CLOSE, and tearing down opens, sessions and trees.

use super::*;

pub(super) fn close(server: &Arc<Server>, ctx: &Ctx) -> Outcome {
    let Ok(req) = msg::CloseRequest::parse(ctx.msg) else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    let open = match find_open(ctx, req.file_id) {
        Ok(o) => o,
        Err(e) => return Fail(e),
    };
    // A write after the handle's last write-time update moves the time now, and the
    // answer reports it.
    open.write_time_at_close(ctx.now.filetime);
    let post = if req.flags & msg::CLOSE_FLAG_POSTQUERY_ATTRIB != 0 {
        open.file_obj()
            .and_then(|f| f.info().ok())
            .map(|i| net_open(&open.shown_info(i, ctx.now.filetime)))
    } else {
        None
    };
    session(ctx).opens.lock().remove(&open.file_id.volatile);
    close_open(server, &open, ctx.now);
    let mut body = Vec::with_capacity(60);
    msg::encode_close_response(&mut body, post.as_ref());
    Outcome::Done(NtStatus::SUCCESS, body)
}

/// Releases an open (already removed from its session's table): share modes, locks, and
/// delete-on-close when it was the last open of a doomed file.
pub fn close_open(server: &Server, open: &Open, now: crate::clock::Now) {
    if open.closed.swap(true, Ordering::AcqRel) {
        return;
    }
    if let Some(k) = &open.replay_key {
        server.create_guids.forget(k, open.file_id);
    }
    unpersist(server, open);
    if let Some(flow) = open.qos.lock().take() {
        open.has_qos.store(false, Ordering::Release);
        server.qos.detach(&flow);
    }
    let Some(fs) = &open.file else {
        return;
    };
    open.write_time_at_close(now.filetime);
    let share = open.share.as_ref().expect("file opens have a share");
    // The other nodes forget it (and its locks). (A directory's open was told with the
    // access asked, before its write access was dropped.)
    let told = crate::state::takes_part_in_sharing(open.granted_access) || open.is_directory;
    if let Some(c) = server.cluster_of(share).filter(|_| told) {
        c.release(fs.key, open.file_id.persistent);
    }
    let path = open.path.lock().clone();
    // (Its lease's parent key, asked before the open and its lease are let go.)
    let actor = actor_of(open);
    let (last, doomed, finished) = {
        let _files = server.files.shard(&fs.key);
        let mut inner = fs.inner.lock();
        if open.delete_on_close.load(Ordering::Acquire) {
            inner.delete_pending = true;
        }
        inner.opens.retain(|o| o.file_id != open.file_id);
        inner.locks.retain(|l| l.owner != open.file_id);
        fs.note_range_locks(&inner);
        if !inner.leases.is_empty() {
            crate::lease::release(server, fs, &mut inner);
        }
        // Delayed write-time updates end with the last open (not while a CREATE is
        // about to add one: it goes on showing the time).
        let finished = (inner.opens.is_empty() && !fs.creating())
            .then(|| fs.write_times.finish(now.filetime))
            .flatten();
        (inner.opens.is_empty(), inner.delete_pending, finished)
    };
    // A file to be deleted while one of its streams is open waits for that stream
    // (its state stays in the table, delete pending). (Looked at with no shard of the
    // file table held: the streams' states are in that table too, maybe in the same
    // shard.)
    let held = last
        && doomed
        && open.stream.is_none()
        && !open.is_directory
        && open
            .file_obj()
            .and_then(|f| f.info().ok())
            .is_some_and(|info| {
                super::streams::stream_open_refuses(server, &share.backend, &info, |_| true)
            });
    if held {
        fs.inner.lock().held_by_streams = true;
    }
    // (A CREATE holding the state keeps it in the table; it removes it if it opens
    // nothing. An open that came meanwhile keeps it too.)
    let mut files = server.files.shard(&fs.key);
    if last
        && !held
        && !fs.creating()
        && fs.inner.lock().opens.is_empty()
        && files.get(&fs.key).is_some_and(|v| Arc::ptr_eq(v, fs))
    {
        files.remove(&fs.key);
    }
    drop(files);
    // The time the clients were shown is the file's from now on, unless a change made
    // past the server (or one it does not track) left a later one.
    if let (Some(t), Some(f), false) = (finished, open.file_obj(), doomed) {
        if f.info().is_ok_and(|i| i.last_write_time < t) {
            let _ = f.set_basic(&crate::backend::BasicChange {
                last_write_time: Some(t),
                ..Default::default()
            });
        }
    }
    server.lock_generation.fetch_add(1, Ordering::AcqRel);
    // Its locks, its share modes and any break it owed are gone.
    server.waiters.wake(WaitClass::Locks);
    server.waiters.wake(WaitClass::Breaks);
    if doomed && !last {
        // CHANGE_NOTIFYs on the handles left end with DELETE_PENDING.
        server.waiters.wake(WaitClass::Notify);
    }
    let filter = if open.is_directory {
        notify_filter::DIR_NAME
    } else {
        notify_filter::FILE_NAME
    };
    if held {
        return;
    }
    if last && doomed {
        let info = match open.stream {
            None => open.file_obj().and_then(|f| f.info().ok()),
            Some(_) => None,
        };
        if share.backend.remove(&path, open.is_directory).is_ok() {
            if let Some(info) = &info {
                remove_streams(&share.backend, info);
            }
            server
                .notify
                .publish(&share.name, &path, notify_action::REMOVED, filter);
            server.tell_cluster(&share.name, &path, notify_action::REMOVED, filter);
            parent_changed(server, share, &path, actor, now);
        }
    } else if open.modified.load(Ordering::Relaxed) {
        server.publish_change(
            &share.name,
            &path,
            notify_action::MODIFIED,
            notify_filter::SIZE | notify_filter::LAST_WRITE,
        );
        // Its size and write time as listed changed with the close (Windows breaks
        // the directory's leases then, not at each write).
        parent_changed(server, share, &path, actor, now);
    }
    if let (true, Some((base, _))) = (last, &open.stream) {
        finish_waiting_deletion(server, share, base, actor, now);
    }
}

/// The state of the file at `base` when its deletion waits on its streams' opens.
fn waiting(
    server: &Server,
    backend: &Arc<dyn crate::backend::Share>,
    base: &SharePath,
) -> Option<(Arc<FileState>, crate::backend::FileInfo)> {
    let info = backend.stat(base).ok()?;
    let fs = server.files.get_cloned(&(info.device_id, info.file_id))?;
    let waits = {
        let inner = fs.inner.lock();
        inner.held_by_streams && inner.delete_pending
    };
    waits.then_some((fs, info))
}

/// Whether the file at `base` is to be deleted once its streams close (their opens are
/// then refused with DELETE_PENDING).
pub(super) fn deletion_waits(
    server: &Server,
    backend: &Arc<dyn crate::backend::Share>,
    base: &SharePath,
) -> bool {
    waiting(server, backend, base).is_some()
}

/// A stream's last open closed: a deletion of its file that waited on its streams
/// happens once none of them is open.
fn finish_waiting_deletion(
    server: &Server,
    share: &crate::config::ShareConfig,
    base: &SharePath,
    actor: super::breaks::Actor,
    now: crate::clock::Now,
) {
    let Some((fs, info)) = waiting(server, &share.backend, base) else {
        return;
    };
    if super::streams::stream_open_refuses(server, &share.backend, &info, |_| true) {
        return;
    }
    {
        let mut files = server.files.shard(&fs.key);
        if !fs.inner.lock().opens.is_empty() {
            return;
        }
        if files.get(&fs.key).is_some_and(|v| Arc::ptr_eq(v, &fs)) {
            files.remove(&fs.key);
        }
    }
    if share.backend.remove(base, false).is_ok() {
        remove_streams(&share.backend, &info);
        let filter = notify_filter::FILE_NAME;
        server
            .notify
            .publish(&share.name, base, notify_action::REMOVED, filter);
        server.tell_cluster(&share.name, base, notify_action::REMOVED, filter);
        parent_changed(server, share, base, actor, now);
    }
}

/// Ends a session (its last connection lost, LOGOFF, or replaced by a reconnecting
/// client): its opens close, except durable ones, which wait for their client to
/// reconnect (Windows and Samba keep them through a LOGOFF too).
pub fn teardown_session(server: &Server, s: &Session, now: crate::clock::Now) {
    s.expired.store(true, Ordering::Release);
    // CREATEs of lost channels nobody adopted end with it (their CreateGuids freed).
    s.orphans.lock().clear();
    server.offload.session_ended(s.id);
    let opens: Vec<Arc<Open>> = s.opens.lock().drain().map(|(_, o)| o).collect();
    for o in opens {
        if o.durable.is_some() && !o.closed.load(Ordering::Acquire) {
            preserve(server, s, o, now);
        } else {
            close_open(server, &o, now);
        }
    }
    for (_, t) in s.trees.lock().drain() {
        t.gone.store(true, Ordering::Release);
    }
}

pub fn tree_disconnect(server: &Arc<Server>, ctx: &Ctx) -> Outcome {
    if msg::parse_small(ctx.msg).is_err() {
        return Fail(NtStatus::INVALID_PARAMETER);
    }
    let s = session(ctx);
    let tid = ctx.hdr.tree_id;
    let opens: Vec<Arc<Open>> = {
        let mut all = s.opens.lock();
        let ids: Vec<u64> = all
            .iter()
            .filter(|(_, o)| o.tree_id == tid)
            .map(|(k, _)| *k)
            .collect();
        ids.iter().filter_map(|k| all.remove(k)).collect()
    };
    for o in opens {
        close_open(server, &o, ctx.now);
    }
    if let Some(t) = s.trees.lock().remove(&tid) {
        t.gone.store(true, Ordering::Release);
    }
    Outcome::Done(NtStatus::SUCCESS, small_body())
}
