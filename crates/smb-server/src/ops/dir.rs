//! QUERY_DIRECTORY and CHANGE_NOTIFY.

use super::*;

pub(super) fn change_notify(server: &Arc<Server>, ctx: &Ctx, max_transact: u32) -> Outcome {
    let Ok(req) = msg::ChangeNotifyRequest::parse(ctx.msg) else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    let open = match open_for_output(ctx, req.file_id, req.output_buffer_length, max_transact) {
        Ok(o) => o,
        Err(e) => return Fail(e),
    };
    if !open.is_directory {
        return Fail(NtStatus::INVALID_PARAMETER);
    }
    // From where the handle's last request stopped; the first starts now,
    // sizes the handle's change buffer and fixes what it watches (smbtorture
    // smb2.notify.mask-change: a later request's filter and WATCH_TREE change nothing).
    let since = match open.notify_cursor.load(Ordering::Acquire) {
        crate::state::NOTIFY_UNWATCHED => {
            open.notify_buffer
                .store(req.output_buffer_length, Ordering::Release);
            let tree = match req.flags & msg::WATCH_TREE != 0 {
                true => crate::state::NOTIFY_WATCH_TREE,
                false => 0,
            };
            open.notify_watch
                .store(u64::from(req.completion_filter) | tree, Ordering::Release);
            server.notify.current()
        }
        c => c,
    };
    open.notify_cursor.store(since, Ordering::Release);
    let max_out = req
        .output_buffer_length
        .min(open.notify_buffer.load(Ordering::Acquire));
    let watch = open.notify_watch.load(Ordering::Acquire);
    Outcome::Wait(Wait::Notify {
        open,
        since,
        tree: watch & crate::state::NOTIFY_WATCH_TREE != 0,
        filter: watch as u32,
        max_out,
    })
}

pub(super) fn query_directory(ctx: &Ctx, max_transact: u32) -> Outcome {
    let Ok(req) = msg::QueryDirectoryRequest::parse(ctx.msg) else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    let open = match open_for_output(ctx, req.file_id, req.output_buffer_length, max_transact) {
        Ok(o) => o,
        Err(e) => return Fail(e),
    };
    if !open.is_directory {
        return Fail(NtStatus::INVALID_PARAMETER);
    }
    if open.granted_access & access::FILE_READ_DATA == 0 {
        return Fail(NtStatus::ACCESS_DENIED);
    }
    let f = open.file_obj().expect("file");
    let mut cur = open.dir.lock();
    if let Err(e) = take_names(ctx, &open, f, &mut cur, &req) {
        return Fail(e);
    }
    if req.flags & qd_flags::INDEX_SPECIFIED != 0 {
        let idx = req.file_index as usize;
        if idx <= cur.entries.as_ref().map_or(0, |e| e.len()) {
            cur.next = idx;
        }
    }
    let single = req.flags & qd_flags::RETURN_SINGLE_ENTRY != 0;
    let mut w = fscc::DirListWriter::new(req.output_buffer_length as usize);
    let started_at = cur.next;
    let dir_path = open.path.lock().clone();
    let DirCursor {
        entries,
        pattern,
        next,
        ..
    } = &mut *cur;
    let entries = entries.as_ref().expect("filled");
    let mut matcher = fscc::NameMatcher::new(pattern);
    while *next < entries.len() {
        let (name, cached) = &entries[*next];
        if !matcher.matches(name) {
            *next += 1;
            continue;
        }
        let Some(facts) = entry_facts(ctx, &open, f, &dir_path, name, cached) else {
            *next += 1;
            continue;
        };
        match w.push(req.info_class, name, &facts, *next as u32 + 1) {
            Err(e) => return Fail(e),
            Ok(false) => {
                if w.is_empty() {
                    return Fail(NtStatus::INFO_LENGTH_MISMATCH);
                }
                break;
            }
            Ok(true) => {
                *next += 1;
                if single {
                    break;
                }
            }
        }
    }
    if w.is_empty() {
        let first_call = started_at == 0;
        return Fail(if first_call {
            NtStatus::NO_SUCH_FILE
        } else {
            NtStatus::NO_MORE_FILES
        });
    }
    let data = w.finish();
    let mut body = Vec::with_capacity(8 + data.len());
    msg::encode_buffer_response(&mut body, &data);
    Outcome::Done(NtStatus::SUCCESS, body)
}

/// Takes the directory's names into the scan's cursor when the scan starts or restarts
/// (and its search pattern), or keeps the names of a restart that changed nothing.
fn take_names(
    ctx: &Ctx,
    open: &Open,
    f: &dyn crate::backend::FileObj,
    cur: &mut DirCursor,
    req: &msg::QueryDirectoryRequest,
) -> Result<(), NtStatus> {
    let restart = req.flags & (qd_flags::RESTART_SCANS | qd_flags::REOPEN) != 0;
    if restart || cur.entries.is_none() {
        let mut list = vec![];
        let me = f.info()?;
        list.push((".".to_string(), Some(me)));
        let parent = {
            let p = open.path.lock().clone();
            match p.split_last() {
                Some((parent, _)) => open
                    .share
                    .as_ref()
                    .and_then(|s| s.backend.stat(&parent).ok())
                    .unwrap_or(me),
                None => me,
            }
        };
        list.push(("..".to_string(), Some(parent)));
        // A restart of a scan whose directory has not changed since its names were taken
        // reuses them: nothing was made, removed or renamed through the server, and the
        // directory's times (older than the snapshot by more than their granularity, so
        // that a change made on the server itself would have moved them) are the same.
        let stamp = (
            ctx.server.notify.current(),
            me.last_write_time,
            me.change_time,
        );
        let settled = ctx
            .now
            .filetime
            .saturating_sub(me.last_write_time.max(me.change_time))
            > 200_000;
        let reuse = settled && cur.stamp == Some(stamp) && cur.entries.is_some();
        let first = cur.entries.is_none();
        if reuse {
            let names = cur.entries.as_mut().expect("checked");
            names[..2].clone_from_slice(&list);
        } else {
            let at_root = open.path.lock().is_root();
            match f.list_names() {
                Ok(entries) => list.extend(
                    entries
                        .into_iter()
                        .filter(|n| !(at_root && n.eq_ignore_ascii_case(names::STREAM_DEPOT)))
                        .map(|n| (n, None)),
                ),
                Err(e) => return Err(e),
            }
            cur.entries = Some(list);
            cur.stamp = settled.then_some(stamp);
        }
        cur.next = 0;
        if first || restart || !req.pattern.is_empty() {
            cur.pattern = if req.pattern.is_empty() {
                "*".into()
            } else {
                req.pattern.clone()
            };
        }
    } else if !req.pattern.is_empty() && cur.next == 0 {
        cur.pattern = req.pattern.clone();
    }
    Ok(())
}

/// What a listing says of the entry `name`: its details looked up now unless the snapshot
/// holds them; None when it is gone (or is no file or directory).
fn entry_facts(
    ctx: &Ctx,
    open: &Open,
    f: &dyn crate::backend::FileObj,
    dir_path: &SharePath,
    name: &str,
    cached: &Option<FileInfo>,
) -> Option<FileFacts> {
    // Names come from the snapshot taken at the first call; details are looked up as
    // entries are returned (a search costs what it answers, not the directory's
    // size), so a client that changes attributes while enumerating sees its changes,
    // and a name removed since the snapshot (or one that is no file or directory) is
    // not reported.
    let fresh = match (cached, open.share.as_ref()) {
        (Some(_), _) | (_, None) => None,
        (None, Some(share)) => {
            let info = match f.child_info(name) {
                Err(NtStatus::NOT_SUPPORTED) => share.backend.stat(&dir_path.join(name)),
                r => r,
            };
            match info {
                Ok(i) => Some(i),
                Err(_) => return None,
            }
        }
    };
    let info = fresh.as_ref().or(cached.as_ref())?;
    if !readable_by(ctx, open, dir_path, name) {
        return None;
    }
    let mut facts = facts(info, false);
    // A file open with its write time under delayed updates is listed with the time
    // its handles show.
    if !info.is_directory {
        if let Some(t) = ctx
            .server
            .files
            .get_cloned(&(info.device_id, info.file_id))
            .and_then(|fs| fs.write_times.shown(ctx.now.filetime))
        {
            facts.last_write_time = t;
        }
    }
    Some(facts)
}

/// Access-based enumeration: whether the caller may read `name` (its DACL grants
/// READ_CONTROL, FILE_READ_DATA, FILE_READ_ATTRIBUTES and FILE_READ_EA); always on a
/// share without it, and for "." and "..".
fn readable_by(ctx: &Ctx, open: &Open, dir_path: &SharePath, name: &str) -> bool {
    const READ: u32 = access::READ_CONTROL
        | access::FILE_READ_DATA
        | access::FILE_READ_ATTRIBUTES
        | access::FILE_READ_EA;
    let Some(share) = open.share.as_ref().filter(|s| s.access_based_enumeration) else {
        return true;
    };
    if name == "." || name == ".." {
        return true;
    }
    let Some(sd) = share
        .backend
        .security(&dir_path.join(name))
        .and_then(|b| smb_wire::secdesc::SecDesc::parse(&b).ok())
        .filter(|d| d.has_dacl())
    else {
        return true;
    };
    let sids = super::security::token_sids(super::session(ctx));
    sd.granted(&sids) & READ == READ
}
