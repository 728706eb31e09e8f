//! Renames and hard links (SET_INFO FileRenameInformation / FileLinkInformation).

use super::*;

/// A new name a client gives (rename, link): valid, and one Windows could reach.
pub(super) fn new_name_of(name: &str) -> Result<SharePath, NtStatus> {
    let given = names::parse_name(name.trim_start_matches('\\'))?;
    if given
        .split_last()
        .is_some_and(|(_, leaf)| !names::creatable(leaf))
    {
        return Err(NtStatus::OBJECT_NAME_INVALID);
    }
    Ok(given)
}

/// Whether `to` may become a new name: free, or (with `replace`) a file nobody holds open.
pub(super) fn target_free(
    server: &Server,
    share: &crate::config::ShareConfig,
    to: &SharePath,
    replace: bool,
) -> Result<(), NtStatus> {
    let Ok(target) = share.backend.stat(to) else {
        return Ok(());
    };
    if !replace {
        return Err(NtStatus::OBJECT_NAME_COLLISION);
    }
    let key = (target.device_id, target.file_id);
    // Held open over SMB, or by a shared disk's engine (a parent, a set's files).
    let held = server.files.shard(&key).contains_key(&key)
        || crate::svhdx::in_use(key.0, key.1)
        || crate::svhdx::set_open(key.0, key.1);
    if target.is_directory || held {
        return Err(NtStatus::ACCESS_DENIED);
    }
    Ok(())
}

/// Windows renames by opening the target's directory to add a name (write access,
/// sharing read and write): an open of that directory that does not share writing, or
/// that holds delete access, makes the rename a SHARING_VIOLATION (smbtorture
/// smb2.rename's *_delete_access cases).
pub(super) fn target_dir_free(
    server: &Server,
    share: &crate::config::ShareConfig,
    to: &SharePath,
) -> Result<(), NtStatus> {
    let dir = to.split_last().map_or_else(SharePath::root, |(d, _)| d);
    let Ok(info) = share.backend.stat(&dir) else {
        return Ok(());
    };
    let key = (info.device_id, info.file_id);
    let files = server.files.shard(&key);
    let Some(fs) = files.get(&key) else {
        return Ok(());
    };
    let wanted = msg::share_access::READ | msg::share_access::WRITE;
    let busy = fs
        .inner
        .lock()
        .opens
        .iter()
        .any(|o| o.share_conflict(access::FILE_WRITE_DATA, wanted));
    if busy {
        return Err(NtStatus::SHARING_VIOLATION);
    }
    Ok(())
}

/// FileLinkInformation (MS-FSA 2.1.5.15.8): a second name for the open's file.
pub(super) fn link(
    server: &Arc<Server>,
    ctx: &Ctx,
    open: &Open,
    share: &crate::config::ShareConfig,
    from: &SharePath,
    new_name: &str,
    replace: bool,
) -> Result<(), NtStatus> {
    if open.is_directory {
        return Err(NtStatus::FILE_IS_A_DIRECTORY);
    }
    if open.stream.is_some() {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    let given = new_name_of(new_name)?;
    let to = share.backend.canonical(&given);
    if to.is_root() {
        return Err(NtStatus::ACCESS_DENIED);
    }
    target_free(server, share, &to, replace)?;
    share.backend.link(from, &to, replace)?;
    server.publish_change(
        &share.name,
        &to,
        notify_action::ADDED,
        notify_filter::FILE_NAME,
    );
    parent_changed(server, share, &to, actor_of(open), ctx.now);
    Ok(())
}

#[allow(clippy::too_many_arguments)]
pub(super) fn rename(
    server: &Arc<Server>,
    ctx: &Ctx,
    open: &Open,
    share: &crate::config::ShareConfig,
    from: &SharePath,
    new_name: &str,
    replace: bool,
) -> Result<(), NtStatus> {
    if open.granted_access & access::DELETE == 0 {
        return Err(NtStatus::ACCESS_DENIED);
    }
    if open.stream.is_some() {
        return rename_stream(server, open, share, new_name, replace);
    }
    let given = new_name_of(new_name)?;
    // A case-only rename keeps the new spelling; any other target that exists in another
    // case is that file.
    let stored = share.backend.canonical(&given);
    let to = if stored == *from { given } else { stored };
    if to.is_root() || from.is_root() {
        return Err(NtStatus::ACCESS_DENIED);
    }
    if to == *from && share.backend.stat(&to).is_ok() {
        return Ok(());
    }
    target_free(server, share, &to, replace)?;
    target_dir_free(server, share, &to)?;
    // A directory with open files below it cannot move (Windows: ACCESS_DENIED).
    if open.is_directory {
        let prefix = format!("{}/", from.as_str());
        let s = session(ctx);
        let busy = s
            .opens
            .lock()
            .values()
            .any(|o| o.path.lock().as_str().starts_with(&prefix));
        if busy {
            return Err(NtStatus::ACCESS_DENIED);
        }
    }
    share.backend.rename(from, &to, replace)?;
    let filter = if open.is_directory {
        notify_filter::DIR_NAME
    } else {
        notify_filter::FILE_NAME
    };
    // Within a directory the old and new names; across directories a removal and an
    // addition, as Windows reports them. A renamed file is also marked for archiving
    // (an attribute change): a watcher of attributes but not names sees the new name
    // modified.
    let same_dir = from.split_last().map(|(d, _)| d) == to.split_last().map(|(d, _)| d);
    let (old_action, new_action) = match same_dir {
        true => (
            notify_action::RENAMED_OLD_NAME,
            notify_action::RENAMED_NEW_NAME,
        ),
        false => (notify_action::REMOVED, notify_action::ADDED),
    };
    let new_filter = match open.is_directory {
        true => filter,
        false => filter | notify_filter::ATTRIBUTES,
    };
    server.notify.publish(&share.name, from, old_action, filter);
    server
        .notify
        .publish(&share.name, &to, new_action, new_filter);
    server.tell_cluster(&share.name, from, old_action, filter);
    server.tell_cluster(&share.name, &to, new_action, new_filter);
    let actor = actor_of(open);
    parent_changed(server, share, from, actor, ctx.now);
    if !same_dir {
        parent_changed(server, share, &to, actor, ctx.now);
    }
    // Every open of the same file in this server now has the new name.
    let fs = open.file.as_ref();
    for s in server.sessions.values_cloned() {
        for o in s.opens.lock().values() {
            let same = match (fs, &o.file) {
                (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                _ => false,
            };
            if same {
                *o.path.lock() = to.clone();
                persist_change(server, &*s, o);
            }
        }
    }
    // And so have its handles waiting for their clients to come back.
    server.durable.for_each(|_, d| {
        let same = match (fs, &d.open.file) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        };
        if same {
            *d.open.path.lock() = to.clone();
            let owner = Owner {
                user: &d.user,
                domain: &d.domain,
                client_guid: d.client_guid,
            };
            persist_change(server, owner, &d.open);
        }
    });
    Ok(())
}

/// A stream renamed onto the file's default stream (MS-FSA 2.1.5.15.11.1): allowed while
/// the file's own data is empty and no one has it open; the stream's bytes become the
/// file's data and the stream is gone. The handle then names the file's data.
fn rename_to_default(
    server: &Arc<Server>,
    open: &Open,
    share: &crate::config::ShareConfig,
    base: &SharePath,
    replace: bool,
) -> Result<(), NtStatus> {
    use crate::backend::{Disposition, Kind, OpenParams};
    let main = share.backend.stat(base)?;
    if main.end_of_file != 0 {
        return Err(if replace {
            NtStatus::INVALID_PARAMETER
        } else {
            NtStatus::OBJECT_NAME_COLLISION
        });
    }
    if held_open(server, &main) {
        return Err(NtStatus::SHARING_VIOLATION);
    }
    let src = open.file_obj().ok_or(NtStatus::INVALID_PARAMETER)?;
    let len = src.info()?.end_of_file;
    let (dst, _) = share.backend.open(
        base,
        &OpenParams::read_write(Disposition::Open, Kind::NonDirectory),
    )?;
    let len = usize::try_from(len).map_err(|_| NtStatus::INVALID_PARAMETER)?;
    dst.copy_from(src, 0, 0, len)?;
    let from = open.path.lock().clone();
    share.backend.remove(&from, false)?;
    stream_renamed(server, open, base, "");
    Ok(())
}

/// Whether anyone here holds the file (or stream) `i` open.
fn held_open(server: &Server, i: &crate::backend::FileInfo) -> bool {
    server
        .files
        .get_cloned(&(i.device_id, i.file_id))
        .is_some_and(|fs| !fs.inner.lock().opens.is_empty())
}

/// Every open of `open`'s stream in this server now has the path `to` and the stream
/// name `name` ("": the file's own data).
fn stream_renamed(server: &Server, open: &Open, to: &SharePath, name: &str) {
    let fs = open.file.as_ref();
    for s in server.sessions.values_cloned() {
        for o in s.opens.lock().values() {
            if let (Some(a), Some(b)) = (fs, &o.file) {
                if Arc::ptr_eq(a, b) {
                    *o.path.lock() = to.clone();
                    if let Some((_, n)) = &o.stream {
                        *n.lock() = name.to_string();
                    }
                }
            }
        }
    }
}

/// A named stream renamed within its file (MS-FSA 2.1.5.15.11.1): to `:name` or
/// `:name:$DATA`, replacing a stream of that name only when asked and only when it is
/// empty, as NTFS does (INVALID_PARAMETER otherwise), never one held open; to `::$DATA`,
/// onto the file's own data ([`rename_to_default`]). A name with a file part asks a
/// stream's handle to rename its file, which Windows refuses with SHARING_VIOLATION.
fn rename_stream(
    server: &Arc<Server>,
    open: &Open,
    share: &crate::config::ShareConfig,
    new_name: &str,
    replace: bool,
) -> Result<(), NtStatus> {
    let Some((base, _)) = &open.stream else {
        return Err(NtStatus::INVALID_PARAMETER);
    };
    let Some(rest) = new_name.strip_prefix(':') else {
        return Err(NtStatus::SHARING_VIOLATION);
    };
    if rest.ends_with(':') || new_name.matches(':').count() > 3 {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    let (name, kind) = match rest.split_once(':') {
        Some((n, t)) => (n, Some(t)),
        None => (rest, None),
    };
    if kind.is_some_and(|t| !t.eq_ignore_ascii_case("$DATA")) {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    if name.is_empty() {
        return match kind {
            // "::$DATA": the stream becomes the file's own data.
            Some(_) => rename_to_default(server, open, share, base, replace),
            None => Err(NtStatus::INVALID_PARAMETER),
        };
    }
    if name.chars().count() > 255 || name.contains(['/', '\\', '\0']) {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    let file = share.backend.stat(base)?;
    let from = open.path.lock().clone();
    let given = super::streams::stream_dir(&file).join(name);
    let mut to = share.backend.canonical(&given);
    let me = share.backend.stat(&from)?;
    match share.backend.stat(&to) {
        // Itself: the same name, or its name in another case (which it takes).
        Ok(t) if t.file_id == me.file_id => {
            if from == given {
                return Ok(());
            }
            to = given;
        }
        Ok(_) if !replace => return Err(NtStatus::OBJECT_NAME_COLLISION),
        Ok(t) if t.end_of_file != 0 => return Err(NtStatus::INVALID_PARAMETER),
        Ok(t) => {
            if held_open(server, &t) {
                return Err(NtStatus::SHARING_VIOLATION);
            }
        }
        Err(_) => {}
    }
    share.backend.rename(&from, &to, replace)?;
    stream_renamed(server, open, &to, name);
    Ok(())
}
