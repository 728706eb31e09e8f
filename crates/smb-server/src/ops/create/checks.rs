//! CREATE phase 6, under the file's create gate: an existing file's rules, a lease key
//! in use elsewhere, the DACL, and whether a new file may be made.

use super::*;

/// Phase 6: the rules an existing file imposes (MS-FSA 2.1.5.1), with the file's create
/// gate held: share modes, the oplock and lease breaks the open waits for (it goes async),
/// durable opens of a departed client in the way, an application instance taking its
/// file over, read-only, hidden and system attributes, file or directory.
#[allow(clippy::too_many_arguments)]
pub(super) fn check_existing(
    server: &Arc<Server>,
    ctx: &Ctx,
    req: &msg::CreateRequest,
    t: &mut Target,
    existing: Option<&FileInfo>,
    state: Option<&Arc<FileState>>,
    app_instance: Option<[u8; 16]>,
    lease_req: Option<&LeaseRequest>,
) -> Step<()> {
    // A name ending in a backslash names a directory; FILE_CREATE of a name that exists
    // fails before anything else is looked at (whatever the kind).
    if t.trailing_slash && t.stream_of.is_none() && !t.path.is_root() {
        let refused = match existing {
            Some(info) => !info.is_directory,
            None => req.options & co::DIRECTORY_FILE == 0,
        };
        if refused {
            return fail(NtStatus::OBJECT_NAME_INVALID);
        }
    }
    if existing.is_some() && matches!(t.disposition, Disposition::Create) {
        return fail(NtStatus::OBJECT_NAME_COLLISION);
    }
    // MS-FSA 2.1.5.1.1: a new file made read-only cannot also be deleted on close.
    if existing.is_none() && t.delete_on_close && req.file_attributes & attrs::READONLY != 0 {
        return fail(NtStatus::CANNOT_DELETE);
    }
    // The kind asked for is checked before share modes (MS-FSA 2.1.5.1.2).
    if let Some(info) = existing {
        if info.is_directory && t.kind == Kind::NonDirectory {
            return fail(NtStatus::FILE_IS_A_DIRECTORY);
        }
        if !info.is_directory && t.kind == Kind::Directory {
            return fail(NtStatus::NOT_A_DIRECTORY);
        }
    }
    let (Some(info), Some(fs)) = (existing, state) else {
        return Ok(());
    };
    // Disconnected durable opens holding an oplock this open breaks are closed.
    // MS-SMB2 3.3.5.9.13: an open of the same application instance (a clustered VM that
    // failed over to another host) takes the file over: the old open closes.
    let (stale, replaced) = {
        let inner = fs.inner.lock();
        let replaced: Vec<FileId> = inner
            .opens
            .iter()
            .filter(|o| app_instance.is_some() && o.app_instance == app_instance)
            .map(|o| o.file_id)
            .collect();
        if crate::oplock::reclaim_pending(&inner, t.granted, req.share_access, &replaced) {
            return fail(NtStatus::FILE_NOT_AVAILABLE);
        }
        (
            crate::oplock::stale_holders(&inner, t.granted, req.share_access),
            replaced,
        )
    };
    for id in stale {
        drop_durable(server, id.persistent, ctx.now);
    }
    for id in replaced {
        close_by_id(server, id, ctx.now);
    }
    {
        let mut inner = fs.inner.lock();
        if inner.delete_pending {
            if !inner.opens.is_empty() || inner.held_by_streams {
                return fail(NtStatus::DELETE_PENDING);
            }
            // Its last open (a departed durable one, closed just above) deleted the file:
            // the name is free, and the state starts afresh (the file system may give
            // the file made now the same identity).
            inner.delete_pending = false;
        }
        let conflict = inner.share_conflict(t.granted, req.share_access);
        // Oplock holders are told first; the open waits (async) for their answer.
        let wait = crate::oplock::break_for_open(
            &mut inner,
            t.granted,
            conflict,
            t.overwrite,
            t.delete_on_close,
            lease_req.map(|l| (session(ctx).client_guid, l.key)),
            ctx.now.mono,
        );
        if wait && ctx.can_wait {
            let w = CreateWait::of(ctx, fs).expect("tree checked");
            return Err(Stop::Wait(Box::new(w)));
        }
        if conflict {
            return fail(NtStatus::SHARING_VIOLATION);
        }
    }
    if info.attributes & attrs::READONLY != 0 {
        // (Overwriting or superseding it writes it, whatever access was asked for.)
        if t.overwrite
            || t.granted & (access::FILE_WRITE_DATA | access::FILE_APPEND_DATA) != 0
                && req.desired_access & access::MAXIMUM_ALLOWED == 0
        {
            return fail(NtStatus::ACCESS_DENIED);
        }
        t.granted &= !(access::FILE_WRITE_DATA | access::FILE_APPEND_DATA);
        if t.delete_on_close {
            return fail(NtStatus::CANNOT_DELETE);
        }
    }
    // MS-FSA 2.1.5.1.2.1: overwriting a hidden or system file must keep it so.
    let kept = attrs::HIDDEN | attrs::SYSTEM;
    if t.overwrite && info.attributes & kept & !req.file_attributes != 0 {
        return fail(NtStatus::ACCESS_DENIED);
    }
    // An overwrite that goes ahead ends read caching on the other nodes of a scale-out
    // share too (a refused one costs them nothing). (Under way for the checks only: the
    // truncation follows at once.)
    if t.overwrite {
        let share = ctx.tree.as_ref().and_then(|t| t.share.as_ref());
        if let Some(s) = share {
            drop(super::super::breaks::DataChange::begin(server, s, fs.key));
        }
    }
    Ok(())
}

/// One lease key names one file (MS-SMB2 3.3.5.9.8).
pub(super) fn lease_key_free(
    server: &Server,
    s: &Session,
    here: Option<&Arc<FileState>>,
    lease_req: Option<&LeaseRequest>,
) -> Step<()> {
    let Some(l) = lease_req else {
        return Ok(());
    };
    let id = (s.client_guid, l.key);
    let elsewhere = server
        .lease_files
        .shard(&id)
        .get(&id)
        .is_some_and(|f| here.is_none_or(|h| !Arc::ptr_eq(f, h)));
    if elsewhere {
        return fail(NtStatus::INVALID_PARAMETER);
    }
    Ok(())
}

/// An existing file's DACL decides what this open may have (MS-FSA 2.1.5.1.2.1);
/// checked before the open so that a refused OVERWRITE changes nothing.
pub(super) fn check_dacl(
    req: &msg::CreateRequest,
    share: &crate::config::ShareConfig,
    s: &Session,
    t: &mut Target,
) -> Step<()> {
    if matches!(t.disposition, Disposition::Create) {
        return Ok(());
    }
    let sd = share
        .backend
        .security(&t.path)
        .and_then(|b| SecDesc::parse(&b).ok())
        .filter(|d| d.has_dacl());
    let Some(sd) = sd else {
        return Ok(());
    };
    let sids = token_sids(s);
    let mut allowed = sd.granted(&sids) | access::SYNCHRONIZE | access::FILE_READ_ATTRIBUTES;
    // DELETE the file's DACL does not grant, FILE_DELETE_CHILD on its parent does
    // (MS-FSA 2.1.5.1.2.1); a parent without a DACL of its own grants it.
    let parent_grants = allowed & access::DELETE == 0
        && (t.granted & access::DELETE != 0 || req.desired_access & access::MAXIMUM_ALLOWED != 0)
        && t.path.split_last().is_none_or(|(parent, _)| {
            share
                .backend
                .security(&parent)
                .and_then(|b| SecDesc::parse(&b).ok())
                .filter(|d| d.has_dacl())
                .is_none_or(|d| d.granted(&sids) & access::FILE_DELETE_CHILD != 0)
        });
    if parent_grants {
        allowed |= access::DELETE;
    }
    t.file_access = Some(allowed);
    // The rights asked for by name must all be granted, MAXIMUM_ALLOWED or not; with
    // it, the open has whatever else the DACL grants.
    let mut named = if req.desired_access & access::MAXIMUM_ALLOWED != 0 {
        crate::ops::security::map_generic(req.desired_access & !access::MAXIMUM_ALLOWED, t.granted)
    } else {
        t.granted
    };
    // Overwriting or superseding an existing file writes it: the DACL must let the
    // caller write its data, whatever access the open asks for.
    if t.overwrite {
        named |= access::FILE_WRITE_DATA;
    }
    if named & !allowed != 0 {
        return fail(NtStatus::ACCESS_DENIED);
    }
    if req.desired_access & access::MAXIMUM_ALLOWED != 0 {
        t.granted &= allowed;
    }
    Ok(())
}

/// A name Windows could not reach is not created (an existing file still opens).
pub(super) fn check_creatable(t: &Target, existing: Option<&FileInfo>) -> Step<()> {
    let may_create = !matches!(t.disposition, Disposition::Open | Disposition::Overwrite);
    if existing.is_none() && may_create && t.stream_of.is_none() {
        if let Some((_, leaf)) = t.path.split_last() {
            if !names::creatable(leaf) {
                return fail(NtStatus::OBJECT_NAME_INVALID);
            }
        }
    }
    Ok(())
}
