//! CREATE of files and directories on disk shares, as a short list of phases, each a
//! function below, in the order Windows checks them (the first failure answers):
//!
//! 1. [`check_request`]: the request's own fields, before anything is looked up.
//! 2. A reconnect or a replay is answered from the open it names ([`super::durable`]).
//! 3. [`creation_contexts`]: a new file's security descriptor and EAs, decoded.
//! 4. The session's and the process's open-file bounds ([`take_slot`]).
//! 5. [`Target::resolve`]: the path (and stream) on the share, the access asked for,
//!    disposition and kind, and the rules they impose on each other.
//! 6. Through the file's create gate ([`open_file`]: one CREATE of a file at a time;
//!    the server's file table is locked only to look the file's state up), [`check_all`]:
//!    [`check_existing`] (share modes, breaks an open waits for, attributes and kind of
//!    an existing file), [`lease_key_free`], [`check_dacl`] and [`check_creatable`].
//! 7. [`open_and_register`]: a scale-out share's other nodes asked (`told.rs`), then
//!    [`open_on_disk`]: the backend open, with a new file's descriptor and EAs.
//! 8. [`register`]: the file's state, the lease or oplock granted, the open recorded;
//!    then ([`finish`]) [`durability`] and the open itself.
//! 9. [`publish`] and [`respond`]: change notifications and the response's contexts.
//!
//! Phases 1 to 4 live here ([`create_steps`]), and the functions that run the others in
//! order; 5 in `target.rs`, 6 in `checks.rs`, 7 and 8 in `register.rs`, 9 in
//! `respond.rs`.

use super::*;
use crate::backend::FileObj;
use crate::lease::LeaseRequest;

mod checks;
mod register;
mod respond;
mod target;
mod told;
use checks::*;
use register::*;
pub(in crate::ops) use respond::refused_open;
use respond::*;
use target::*;
pub(in crate::ops) use target::{reads, writes};

/// Why a phase ends the CREATE early: a failure status, or a wait for breaks.
enum Stop {
    Status(NtStatus),
    Wait(Box<CreateWait>),
}

/// A phase's result: its value, or why the CREATE ends here.
type Step<T> = Result<T, Stop>;

fn fail<T>(s: NtStatus) -> Step<T> {
    Err(Stop::Status(s))
}

pub(super) fn create(server: &Arc<Server>, ctx: &Ctx) -> Outcome {
    create_again(server, ctx, None)
}

/// A CREATE, or one that waited and runs again holding the CreateGuid it claimed.
pub(super) fn create_again(
    server: &Arc<Server>,
    ctx: &Ctx,
    mut claimed: Option<crate::replay::Reserved>,
) -> Outcome {
    match create_steps(server, ctx, &mut claimed) {
        Ok(o) => o,
        Err(Stop::Status(s)) => Fail(s),
        Err(Stop::Wait(mut w)) => {
            // Still running: a replay meanwhile learns so (FILE_NOT_AVAILABLE).
            w.claimed = claimed;
            Outcome::Wait(Wait::Create(w))
        }
    }
}

fn create_steps(
    server: &Arc<Server>,
    ctx: &Ctx,
    claimed: &mut Option<crate::replay::Reserved>,
) -> Step<Outcome> {
    let Ok(mut req) = msg::CreateRequest::parse(ctx.msg) else {
        return fail(NtStatus::INVALID_PARAMETER);
    };
    let durable_req = DurableRequest::parse(&req, ctx.dialect).map_err(Stop::Status)?;
    // A reconnect names its open by FileId; the request's other fields do not matter.
    if let DurableRequest::Reconnect { persistent, v2 } = durable_req {
        return Ok(reconnect(server, ctx, &req, persistent, v2));
    }
    check_request(&req)?;
    if let Some(o) = replay(server, ctx, &req, durable_req, claimed)? {
        return Ok(o);
    }
    let (create_sd, create_eas) = creation_contexts(&req)?;
    let tree = ctx.tree.as_ref().expect("tree checked");
    let s = session(ctx);
    if s.opens.lock().len() >= server.cfg.max_opens_per_session {
        return fail(NtStatus::INSUFFICIENT_RESOURCES);
    }
    let Some(share) = tree.share.clone() else {
        return Ok(create_pipe(server, ctx, &req));
    };
    // A shared virtual disk (MS-RSVD): the name without its `:SharedVirtualDisk`.
    let svhdx_req = crate::svhdx::request(&share, ctx.dialect, &req.contexts, req.name)
        .map_err(Stop::Status)?
        .map(|(c, name)| {
            req.name = name;
            c
        });
    // A DFS root (MS-DFSC): names come as `host\share\path` with the header's DFS
    // flag; one in or below a link is not ours to open: the client asks for a referral.
    let dfs_name: Vec<u8>;
    if let Some(links) = &share.dfs {
        if ctx.hdr.flags & smb_wire::header::flags::DFS_OPERATIONS != 0 {
            if let Some(rel) = crate::dfs::strip_prefix(req.name, &share.name) {
                dfs_name = rel;
                req.name = &dfs_name;
            }
        }
        if let Ok((path, _)) = names::parse_create_target(req.name) {
            if crate::dfs::link_of(links, &path).is_some() {
                return fail(NtStatus::PATH_NOT_COVERED);
            }
        }
    }
    let slot = take_slot(ctx, s, &share)?;
    let mut t = Target::resolve(server, &req, &share, tree.maximal_access)?;
    let opened = open_file(
        server,
        ctx,
        &req,
        (&share, &mut t),
        svhdx_req,
        (create_sd, create_eas),
    )?;
    Ok(finish(
        server,
        ctx,
        &req,
        (durable_req, claimed),
        (share, slot),
        t,
        opened,
    ))
}

/// What phases 6 to 8 opened and recorded.
struct Opened {
    obj: Box<dyn FileObj>,
    info: FileInfo,
    action: CreateAction,
    reg: Registered,
    svhdx: Option<Arc<crate::svhdx::SvhdxOpen>>,
    /// The lease the open names as its parent's (its own change does not break it).
    actor: super::breaks::Actor,
}

/// Phases 6 to 8, through the file's create gate (one CREATE of a file at a time; the
/// server's file table is locked only to look the file's state up, and nobody else
/// waits on these file-system calls): the checks against the file as it is, then the
/// open on disk and its record in the file's state.
fn open_file(
    server: &Arc<Server>,
    ctx: &Ctx,
    req: &msg::CreateRequest,
    (share, t): (&Arc<crate::config::ShareConfig>, &mut Target),
    svhdx_req: Option<rsvd::tunnel::OpenContext>,
    made: (Option<SecDesc>, Option<Vec<fscc::Ea>>),
) -> Step<Opened> {
    let lease_req = lease_request(ctx, req)?;
    expire_durable(server, ctx.now);
    let existing = share.backend.stat(&t.path).ok();
    let held = existing
        .as_ref()
        .map(|i| server.file_ref((i.device_id, i.file_id)));
    let gate = held.as_ref().map(|r| r.fs.create_gate.lock());
    let held_fs = held.as_ref().map(|r| &r.fs);
    let (params, svhdx_req) = check_all(
        server,
        ctx,
        req,
        (share, &mut *t),
        existing.as_ref(),
        held_fs,
        (lease_req.as_ref(), svhdx_req),
    )?;
    let opened = open_and_register(
        server,
        ctx,
        req,
        (share, t, &params),
        (existing.as_ref(), held.as_ref()),
        (lease_req, svhdx_req),
        made,
    )?;
    drop(gate);
    Ok(opened)
}

/// Phase 6: the checks against the file as it is (share modes and the breaks an open
/// waits for, the lease key, the file's streams, its DACL, whether it may be made, a
/// shared virtual disk's rules). The open's parameters, and the SVHDX context kept.
fn check_all(
    server: &Arc<Server>,
    ctx: &Ctx,
    req: &msg::CreateRequest,
    (share, t): (&Arc<crate::config::ShareConfig>, &mut Target),
    existing: Option<&FileInfo>,
    held_fs: Option<&Arc<FileState>>,
    (lease_req, svhdx_req): (Option<&LeaseRequest>, Option<rsvd::tunnel::OpenContext>),
) -> Step<(OpenParams, Option<rsvd::tunnel::OpenContext>)> {
    let s = session(ctx);
    check_existing(
        server,
        ctx,
        req,
        t,
        existing,
        held_fs,
        req.known.app_instance_id,
        lease_req,
    )?;
    lease_key_free(server, s, held_fs, lease_req)?;
    // The file's streams have a say: overwriting the data drops them (not while one is
    // open), and a stream open without FILE_SHARE_DELETE keeps the file from DELETE
    // access (NTFS; smbtorture smb2.streams.delete).
    if let Some(i) = existing.filter(|i| !i.is_directory) {
        let (overwrite, delete) = (t.overwrite, t.granted & access::DELETE != 0);
        if t.stream_of.is_none()
            && (overwrite || delete)
            && stream_open_refuses(server, &share.backend, i, |o| {
                overwrite || o.share_access & msg::share_access::DELETE == 0
            })
        {
            return fail(NtStatus::SHARING_VIOLATION);
        }
    }
    let params = t.params(req, share, req.known.alloc_size.unwrap_or(0));
    check_dacl(req, share, s, t)?;
    check_creatable(t, existing)?;
    let svhdx_req = check_shared_disk(svhdx_req, t, existing, held_fs)?;
    Ok((params, svhdx_req))
}

/// Phases 7 and 8: the open on disk (once the other nodes of a scale-out share had their
/// say), the file's state, a shared virtual disk's engine, the open recorded.
fn open_and_register(
    server: &Arc<Server>,
    ctx: &Ctx,
    req: &msg::CreateRequest,
    (share, t, params): (&Arc<crate::config::ShareConfig>, &mut Target, &OpenParams),
    (existing, held): (Option<&FileInfo>, Option<&crate::state::FileRef<'_>>),
    (lease_req, svhdx_req): (Option<LeaseRequest>, Option<rsvd::tunnel::OpenContext>),
    (create_sd, create_eas): (Option<SecDesc>, Option<Vec<fscc::Ea>>),
) -> Step<Opened> {
    let s = session(ctx);
    // On a scale-out share the other nodes' opens have their say before the file is
    // opened (or overwritten).
    let file_id = FileId {
        persistent: server.new_id(),
        volatile: server.new_id(),
    };
    let claim = crate::state::OpenClaim {
        id: file_id.persistent,
        access: t.granted,
        share_access: req.share_access,
    };
    let mut told = told::Told::new(server, share, claim);
    if let Some(i) = existing {
        told.admit((i.device_id, i.file_id))?;
    }
    let (obj, action) = open_on_disk(share, s, t, params, existing, create_sd, create_eas)?;
    let info = obj.info().map_err(Stop::Status)?;
    // A file made now (or found replaced since it was looked up) has its state now; opens
    // that reached it meanwhile are checked against this one.
    let key = (info.device_id, info.file_id);
    told.admit(key)?;
    let made;
    let fs = match &held {
        Some(r) if r.key == key => &r.fs,
        _ => {
            made = server.file_ref(key);
            if made
                .fs
                .inner
                .lock()
                .share_conflict(t.granted, req.share_access)
            {
                return fail(NtStatus::SHARING_VIOLATION);
            }
            &made.fs
        }
    };
    let svhdx = match svhdx_req {
        None => None,
        Some(c) => {
            let disk = match c.target {
                // Opened at a snapshot: the snapshot's files, not the set's live disk.
                Some(id) => crate::svhdx::snapshot_disk(share, &t.path, id),
                None => super::shared_disk(server, share, &t.path, &fs.vdisk),
            }
            .map_err(Stop::Status)?;
            let unbuffered = req.options & msg::create_options::NO_INTERMEDIATE_BUFFERING != 0;
            Some(Arc::new(crate::svhdx::SvhdxOpen::new(disk, c, unbuffered)))
        }
    };
    // Overwriting a file's data replaces its named streams too (MS-FSA 2.1.5.1.2.1): those
    // of the file looked up (its depot is named by the identity it had then), if it is
    // the one opened (not one renamed into its place meanwhile).
    if matches!(action, CreateAction::Overwritten | CreateAction::Superseded)
        && t.stream_of.is_none()
    {
        if let Some(old) = existing
            .as_ref()
            .filter(|i| !i.is_directory && (i.device_id, i.file_id) == key)
        {
            remove_streams(&share.backend, old);
        }
    }
    let obj: Box<dyn FileObj> = match &svhdx {
        None => obj,
        Some(sv) => Box::new(crate::svhdx::VirtualFile {
            open: sv.clone(),
            raw: obj,
        }),
    };
    // A name made here changes the parent's listing: its leases break, but for the one
    // this open names as its parent.
    let actor = lease_req
        .as_ref()
        .and_then(|l| l.parent.map(|p| (s.client_guid, p)));
    let reg = register(
        server,
        ctx,
        (req, file_id),
        t,
        &info,
        action,
        fs,
        req.known.app_instance_id,
        lease_req,
    );
    told.keep();
    Ok(Opened {
        obj,
        info,
        action,
        reg,
        svhdx,
        actor,
    })
}

/// Phases 8 (durability) and 9: the open itself (journaled first when persistent), in
/// its session; change notifications; the response.
fn finish(
    server: &Arc<Server>,
    ctx: &Ctx,
    req: &msg::CreateRequest,
    (durable_req, claimed): (DurableRequest, &mut Option<crate::replay::Reserved>),
    (share, mut slot): (Arc<crate::config::ShareConfig>, crate::budget::OpenSlot),
    mut t: Target,
    o: Opened,
) -> Outcome {
    let tree = ctx.tree.as_ref().expect("tree checked");
    let s = session(ctx);
    let Opened {
        obj,
        info,
        action,
        reg,
        svhdx,
        actor,
    } = o;
    // A persistent handle: on a continuously available share with the journal, for a
    // file's data (not a directory, nor a named stream).
    let persistent_ok = share.continuous_availability
        && server.journal.get().is_some()
        && ctx.dialect >= smb_wire::negotiate::dialect::SMB30
        && !info.is_directory
        && t.stream_of.is_none();
    // Past the durable-handle bounds the open is granted, without durability.
    // An open at a VHD Set's snapshot is not kept for a reconnect (what it reads is
    // found by its EA, which a reconnect does not carry).
    let at_snapshot = svhdx.as_ref().is_some_and(|s| s.context.target.is_some());
    let mut durable =
        durability(durable_req, &reg, persistent_ok).filter(|_| !at_snapshot && slot.try_durable());
    let open = Open::from(NewOpen {
        file_id: reg.file_id,
        tree_id: tree.id,
        session_id: s.id,
        share: Some(share.clone()),
        path: t.path.clone(),
        stream: t.stream_of.take(),
        kind: OpenKind::File(obj),
        granted_access: t.granted,
        share_access: req.share_access,
        is_directory: info.is_directory,
        create_options: req.options,
        file: Some(reg.fs.clone()),
        delete_on_close: t.delete_on_close,
        durable,
        slot: Some(slot),
        replay_key: claimed.as_ref().map(|c| c.key()),
        create_action: action as u32,
        channel_sequence: ctx.hdr.status as u16,
        svhdx: svhdx.clone(),
    });
    let open = Arc::new(if durable.is_some_and(|d| d.persistent) {
        // Journaled before the answer leaves: the client may count on the handle from
        // then on, across a restart of the server.
        mark_persistent(&reg.fs, reg.file_id, true);
        match persist(server, s, &open) {
            Ok(()) => open,
            Err(e) => {
                tracing::error!(error = %e, "handle journal: append failed; granting the open without persistence");
                mark_persistent(&reg.fs, reg.file_id, false);
                durable = durability(durable_req, &reg, false);
                Open { durable, ..open }
            }
        }
    } else {
        open
    });
    // (What the client is shown of the file is this open's view: a named stream shows
    // its file's id.)
    let shown_by = open.clone();
    s.opens.lock().insert(reg.file_id.volatile, open);
    if let Some(c) = claimed.take() {
        c.opened(s.id, reg.file_id);
    }
    publish(server, &share, &t.path, &info, action);
    if matches!(action, CreateAction::Overwritten | CreateAction::Superseded) {
        // Replacing the data is a write the other handles see at once.
        reg.fs.write_times.update_now(0, ctx.now.filetime);
    }
    let info = shown_by.shown_info(info, ctx.now.filetime);
    if action != CreateAction::Opened {
        parent_changed(server, &share, &t.path, actor, ctx.now);
    }
    respond(
        req,
        t.file_access
            .map_or(tree.maximal_access, |a| a & tree.maximal_access),
        &info,
        action,
        reg,
        durable,
        svhdx.and_then(|s| s.response()),
    )
}

/// Shared virtual disks and plain opens keep out of each other's way: while a shared open
/// lives, a plain open may not write the file (it would corrupt the disk under its
/// initiators) nor delete or rename it (as the handles Windows' disk stack holds on a
/// disk's files forbid), and a shared open is refused while a plain open may write it. An open
/// of the disk's file itself (the VHDMP originator) is refused while it is shared.
fn check_shared_disk(
    req: Option<rsvd::tunnel::OpenContext>,
    t: &Target,
    existing: Option<&FileInfo>,
    fs: Option<&Arc<FileState>>,
) -> Step<Option<rsvd::tunnel::OpenContext>> {
    const WRITES: u32 = access::FILE_WRITE_DATA | access::FILE_APPEND_DATA;
    const CHANGES: u32 = WRITES | access::DELETE;
    let shared = fs.is_some_and(|f| crate::svhdx::is_shared(&f.vdisk));
    // A file some shared disk's engine has open (a set's .avhdx, a parent).
    let engine_file =
        existing.is_some_and(|i| !i.is_directory && crate::svhdx::in_use(i.device_id, i.file_id));
    // A plain open (or the VHDMP's own) may not change what a disk holds. A set whose
    // merger still works on it is as good as shared.
    let plain = || {
        let set_open = || {
            existing
                .is_some_and(|i| !i.is_directory && crate::svhdx::set_open(i.device_id, i.file_id))
        };
        if t.granted & CHANGES != 0 && (shared || engine_file || set_open()) {
            return fail(NtStatus::SHARING_VIOLATION);
        }
        Ok(None)
    };
    match req {
        None => plain(),
        Some(c) => {
            if existing.is_none_or(|i| i.is_directory) || t.stream_of.is_some() {
                return fail(NtStatus::OBJECT_NAME_NOT_FOUND);
            }
            if c.originator_flags & rsvd::tunnel::ORIGINATOR_VHDMP != 0 {
                if shared {
                    return fail(NtStatus(rsvd::status::VHD_SHARED));
                }
                return plain();
            }
            let plain_writer = !shared
                && fs.is_some_and(|f| f.inner.lock().opens.iter().any(|o| o.access & CHANGES != 0));
            // Another disk's file may not become a shared disk of its own (a snapshot's
            // open reads it and is fine); one closing is waited for (see shared_disk).
            let engine_live = existing.is_some_and(|i| {
                !i.is_directory && crate::svhdx::held_live(i.device_id, i.file_id)
            });
            if plain_writer || (engine_live && !shared && c.target.is_none()) {
                return fail(NtStatus::SHARING_VIOLATION);
            }
            Ok(Some(c))
        }
    }
}

/// Phase 1: the request's own fields (MS-SMB2 3.3.5.9), before anything is looked up.
fn check_request(req: &msg::CreateRequest) -> Step<()> {
    if req.impersonation_level > 3 {
        return fail(NtStatus::BAD_IMPERSONATION_LEVEL);
    }
    if req.disposition > 5
        || req.options & co::DIRECTORY_FILE != 0 && req.options & co::NON_DIRECTORY_FILE != 0
        || req.options & co::RESERVED_MASK != 0
        || req.file_attributes & !0x7FB7 != 0
        || req.share_access & !7 != 0
    {
        return fail(NtStatus::INVALID_PARAMETER);
    }
    if req.desired_access & 0x0CE0_FE00 != 0 {
        return fail(NtStatus::ACCESS_DENIED);
    }
    // No previous versions (snapshots) to open: such a name does not exist here.
    if req.known.timewarp {
        return fail(NtStatus::OBJECT_NAME_NOT_FOUND);
    }
    Ok(())
}

/// Phase 2, MS-SMB2 3.3.5.9.10: a CREATE naming a CreateGuid claims it. A replayed
/// CREATE gets the open its first attempt made (as that open is now), or
/// FILE_NOT_AVAILABLE while the first attempt still runs (the client retries); a
/// CreateGuid in use otherwise is a duplicate. A CREATE that waited and runs again
/// holds its claim already.
fn replay(
    server: &Arc<Server>,
    ctx: &Ctx,
    req: &msg::CreateRequest,
    durable_req: DurableRequest,
    claimed: &mut Option<crate::replay::Reserved>,
) -> Step<Option<Outcome>> {
    use crate::replay::Made;
    let DurableRequest::V2 { create_guid, .. } = durable_req else {
        return Ok(None);
    };
    if claimed.is_some() {
        return Ok(None);
    }
    let s = session(ctx);
    let is_replay = ctx.hdr.flags & smb_wire::header::flags::REPLAY_OPERATION != 0;
    let key = (s.client_guid, create_guid);
    // (Twice at most: an entry whose open is gone is dropped, and the claim made again.)
    for _ in 0..2 {
        let (session_id, file_id) = match server.create_guids.reserve(key) {
            Ok(r) => {
                *claimed = Some(r);
                return Ok(None);
            }
            Err(_) if !is_replay => return fail(NtStatus::DUPLICATE_OBJECTID),
            Err(Made::Pending) => return fail(NtStatus::FILE_NOT_AVAILABLE),
            Err(Made::Open {
                session_id,
                file_id,
            }) => (session_id, file_id),
        };
        let live = server
            .sessions
            .get_cloned(&session_id)
            .and_then(|owner| owner.open(file_id.volatile))
            .filter(|o| o.file_id == file_id && !o.closed.load(Ordering::Acquire));
        match live {
            Some(o) if session_id == s.id => return Ok(Some(replayed_create(ctx, &o, req))),
            // Another session's open: not this session's to take.
            Some(_) => return fail(NtStatus::FILE_NOT_AVAILABLE),
            None if server.durable.contains_key(&file_id.persistent) => {
                // Its connection was lost: the replay takes it back, as a reconnect, and
                // is answered as the CREATE that made it.
                let back = take_back(server, ctx, req, file_id.persistent, Some(create_guid))
                    .map_err(Stop::Status)?;
                return Ok(Some(replayed_create(ctx, &back.open, req)));
            }
            None => server.create_guids.forget(&key, file_id),
        }
    }
    fail(NtStatus::FILE_NOT_AVAILABLE)
}

/// Phase 3: what a file this CREATE makes is to be given: a security descriptor
/// (MS-SMB2 2.2.13.2, SecD) and extended attributes (2.2.13.2.1, ExtA).
fn creation_contexts(req: &msg::CreateRequest) -> Step<(Option<SecDesc>, Option<Vec<fscc::Ea>>)> {
    let sd = match req.known.sec_desc {
        Some(d) => Some(SecDesc::parse(d).map_err(Stop::Status)?),
        None => None,
    };
    let eas = match req.known.ea_list {
        Some(d) => Some(fscc::parse_full_ea_list(d).map_err(Stop::Status)?),
        None => None,
    };
    Ok((sd, eas))
}

/// Phase 4: a place in the open-file budget before any descriptor is taken (an
/// O_DIRECT share's opens may hold two).
fn take_slot(
    ctx: &Ctx,
    s: &Session,
    share: &crate::config::ShareConfig,
) -> Step<crate::budget::OpenSlot> {
    let weight = if share.direct_io { 2 } else { 1 };
    match ctx
        .server
        .budget
        .take(&format!("{}\\{}", s.domain, s.user), weight)
    {
        Ok(slot) => Ok(slot),
        Err(why) => {
            refused_open(ctx, &s.user, why);
            fail(NtStatus::INSUFFICIENT_RESOURCES)
        }
    }
}

/// A lease (SMB 2.1+): asked with oplock level LEASE and an RqLs context.
fn lease_request(ctx: &Ctx, req: &msg::CreateRequest) -> Step<Option<LeaseRequest>> {
    match req.known.lease {
        Some(d)
            if req.oplock_level == crate::state::oplock::LEASE
                && ctx.dialect >= smb_wire::negotiate::dialect::SMB21 =>
        {
            LeaseRequest::parse(d, ctx.dialect)
                .map(Some)
                .map_err(Stop::Status)
        }
        _ => Ok(None),
    }
}
