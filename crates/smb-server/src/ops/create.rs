//! CREATE of files and directories on disk shares, as a short list of phases, each a
//! function below, in the order Windows checks them (the first failure answers):
//!
//! 1. [`check_request`]: the request's own fields, before anything is looked up.
//! 2. A reconnect or a replay is answered from the open it names ([`super::durable`]).
//! 3. [`creation_contexts`]: a new file's security descriptor and EAs, decoded.
//! 4. The session's and the process's open-file bounds ([`take_slot`]).
//! 5. [`Target::resolve`]: the path (and stream) on the share, the access asked for,
//!    disposition and kind, and the rules they impose on each other.
//! 6. Through the file's create gate (one CREATE of a file at a time; the server's file
//!    table is locked only to look the file's state up): [`check_existing`] (share
//!    modes, breaks an open waits for, attributes and kind of an existing file),
//!    [`lease_key_free`], [`check_dacl`] and [`check_creatable`].
//! 7. [`open_on_disk`]: the backend open, with a new file's descriptor and EAs.
//! 8. [`register`]: the file's state, the lease or oplock granted, the open recorded;
//!    then [`durability`] and the open itself.
//! 9. [`publish`] and [`respond`]: change notifications and the response's contexts.

use super::*;
use crate::backend::FileObj;
use crate::lease::LeaseRequest;

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
    let mut slot = take_slot(ctx, s, &share)?;
    let mut t = Target::resolve(&req, &share, tree.maximal_access)?;
    let alloc = req.known.alloc_size.unwrap_or(0);
    let app_instance = req.known.app_instance_id;
    let lease_req = lease_request(ctx, &req)?;
    expire_durable(server);
    let existing = share.backend.stat(&t.path).ok();
    // An existing file's shared state, looked up with the file table locked for the
    // lookup only; CREATEs of this file pass its gate one at a time, so its share-mode
    // check and the open agree, and nobody else waits on these file-system calls.
    let held = existing
        .as_ref()
        .map(|i| server.file_ref((i.device_id, i.file_id)));
    let gate = held.as_ref().map(|r| r.fs.create_gate.lock());
    let held_fs = held.as_ref().map(|r| &r.fs);
    check_existing(
        server,
        ctx,
        &req,
        &mut t,
        existing.as_ref(),
        held_fs,
        app_instance,
        lease_req.as_ref(),
    )?;
    lease_key_free(server, s, held_fs, lease_req.as_ref())?;
    let params = t.params(&req, &share, alloc);
    check_dacl(&req, &share, s, &mut t)?;
    check_creatable(&t, existing.as_ref())?;
    let svhdx_req = check_shared_disk(svhdx_req, &t, existing.as_ref(), held_fs)?;
    let (obj, action) = open_on_disk(
        &share,
        s,
        &t,
        &params,
        existing.as_ref(),
        create_sd,
        create_eas,
    )?;
    let info = obj.info().map_err(Stop::Status)?;
    if info.is_directory {
        t.granted &= !(access::FILE_WRITE_DATA | access::FILE_APPEND_DATA)
            | (t.granted & access::FILE_APPEND_DATA);
    }
    // A file made now (or found replaced since it was looked up) has its state now; opens
    // that reached it meanwhile are checked against this one.
    let key = (info.device_id, info.file_id);
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
            let disk = crate::svhdx::shared_disk(server.pr_store.get(), &share, &t.path, &fs.vdisk)
                .map_err(Stop::Status)?;
            let unbuffered = req.options & msg::create_options::NO_INTERMEDIATE_BUFFERING != 0;
            Some(Arc::new(crate::svhdx::SvhdxOpen::new(disk, c, unbuffered)))
        }
    };
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
        &req,
        &t,
        &info,
        action,
        fs,
        app_instance,
        lease_req,
    );
    drop(gate);
    // A persistent handle: on a continuously available share with the journal, for a
    // file's data (not a directory, nor a named stream).
    let persistent_ok = share.continuous_availability
        && server.journal.get().is_some()
        && ctx.dialect >= smb_wire::negotiate::dialect::SMB30
        && !info.is_directory
        && t.stream_of.is_none();
    // Past the durable-handle bounds the open is granted, without durability.
    let mut durable = durability(durable_req, &reg, persistent_ok).filter(|_| slot.try_durable());
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
    s.opens.lock().insert(reg.file_id.volatile, open);
    if let Some(c) = claimed.take() {
        c.opened(s.id, reg.file_id);
    }
    publish(server, &share, &t.path, &info, action);
    if action != CreateAction::Opened {
        parent_changed(server, &share, &t.path, actor);
    }
    Ok(respond(
        &req,
        tree.maximal_access,
        &info,
        action,
        reg,
        durable,
        svhdx.map(|s| s.response()),
    ))
}

/// Shared virtual disks and plain opens keep out of each other's way: while a shared open
/// lives, a plain open may not write the file (it would corrupt the disk under its
/// initiators), and a shared open is refused while a plain open may write it. An open
/// of the disk's file itself (the VHDMP originator) is refused while it is shared.
fn check_shared_disk(
    req: Option<rsvd::tunnel::OpenContext>,
    t: &Target,
    existing: Option<&FileInfo>,
    fs: Option<&Arc<FileState>>,
) -> Step<Option<rsvd::tunnel::OpenContext>> {
    const WRITES: u32 = access::FILE_WRITE_DATA | access::FILE_APPEND_DATA;
    let shared = fs.is_some_and(|f| crate::svhdx::is_shared(&f.vdisk));
    match req {
        None => {
            if shared && t.granted & WRITES != 0 {
                return fail(NtStatus::SHARING_VIOLATION);
            }
            Ok(None)
        }
        Some(c) => {
            if existing.is_none_or(|i| i.is_directory) || t.stream_of.is_some() {
                return fail(NtStatus::OBJECT_NAME_NOT_FOUND);
            }
            if c.originator_flags & rsvd::tunnel::ORIGINATOR_VHDMP != 0 {
                if shared {
                    return fail(NtStatus(rsvd::status::VHD_SHARED));
                }
                return Ok(None);
            }
            let plain_writer = !shared
                && fs.is_some_and(|f| f.inner.lock().opens.iter().any(|o| o.access & WRITES != 0));
            if plain_writer {
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
            Some(o) if session_id == s.id => {
                return Ok(Some(replayed_create(&o, req, ctx.dialect)))
            }
            // Another session's open: not this session's to take.
            Some(_) => return fail(NtStatus::FILE_NOT_AVAILABLE),
            None if server.durable.contains_key(&file_id.persistent) => {
                // Its connection was lost: the replay takes it back, as a reconnect, and
                // is answered as the CREATE that made it.
                let back = take_back(server, ctx, req, file_id.persistent, Some(create_guid))
                    .map_err(Stop::Status)?;
                return Ok(Some(replayed_create(&back.open, req, ctx.dialect)));
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

/// What the CREATE is aimed at and asks for, once its name and options are decoded.
struct Target {
    /// The file on the share (a named stream's file in the stream depot).
    path: SharePath,
    /// A named stream: its file's path and the stream's name as stored.
    stream_of: Option<(SharePath, String)>,
    /// Access asked for (generic rights mapped), narrowed as checks go.
    granted: u32,
    disposition: Disposition,
    kind: Kind,
    delete_on_close: bool,
    /// The disposition replaces an existing file's data.
    overwrite: bool,
    /// The name ended in a backslash (it names a directory).
    trailing_slash: bool,
}

impl Target {
    /// Phase 5: the target and the rules the request's parts impose on each other.
    fn resolve(
        req: &msg::CreateRequest,
        share: &crate::config::ShareConfig,
        maximal_access: u32,
    ) -> Step<Target> {
        let (path, stream) = match names::parse_create_target(req.name) {
            Ok((p, st)) => (share.backend.canonical(&p), st),
            Err(e) => return fail(e),
        };
        let granted = map_generic(req.desired_access, maximal_access);
        if granted & access::ACCESS_SYSTEM_SECURITY != 0 {
            return fail(NtStatus::PRIVILEGE_NOT_HELD);
        }
        if share.read_only && granted & WRITE_RIGHTS != 0 {
            return fail(NtStatus::ACCESS_DENIED);
        }
        let disposition = match req.disposition {
            0 => Disposition::Supersede,
            1 => Disposition::Open,
            2 => Disposition::Create,
            3 => Disposition::OpenIf,
            4 => Disposition::Overwrite,
            _ => Disposition::OverwriteIf,
        };
        let kind = if req.options & co::DIRECTORY_FILE != 0 {
            Kind::Directory
        } else if req.options & co::NON_DIRECTORY_FILE != 0 {
            Kind::NonDirectory
        } else {
            Kind::Any
        };
        if kind == Kind::Directory
            && !matches!(
                disposition,
                Disposition::Open | Disposition::Create | Disposition::OpenIf
            )
        {
            return fail(NtStatus::INVALID_PARAMETER);
        }
        // A named stream is a regular file in the share's stream depot.
        let (path, stream_of) = match stream {
            None => (path, None),
            Some(name) => {
                if kind == Kind::Directory {
                    return fail(NtStatus::NOT_A_DIRECTORY);
                }
                let p =
                    stream_path(&share.backend, &path, &name, disposition).map_err(Stop::Status)?;
                // The stream's name as stored (streams are case-preserving too).
                let stored = p.split_last().map_or(name, |(_, n)| n.to_string());
                (p, Some((path, stored)))
            }
        };
        if path.is_root() && matches!(disposition, Disposition::Create) {
            return fail(NtStatus::OBJECT_NAME_COLLISION);
        }
        let delete_on_close = req.options & co::DELETE_ON_CLOSE != 0;
        if delete_on_close && granted & access::DELETE == 0 {
            return fail(NtStatus::ACCESS_DENIED);
        }
        if share.read_only && !matches!(disposition, Disposition::Open | Disposition::OpenIf) {
            return fail(NtStatus::ACCESS_DENIED);
        }
        let overwrite = matches!(
            disposition,
            Disposition::Overwrite | Disposition::OverwriteIf | Disposition::Supersede
        );
        let trailing_slash = req.name.len() >= 2 && req.name[req.name.len() - 2..] == [b'\\', 0];
        Ok(Target {
            path,
            stream_of,
            granted,
            disposition,
            kind,
            delete_on_close,
            overwrite,
            trailing_slash,
        })
    }

    /// How the backend is to open the target.
    fn params(
        &self,
        req: &msg::CreateRequest,
        share: &crate::config::ShareConfig,
        allocation_size: u64,
    ) -> OpenParams {
        let g = self.granted;
        OpenParams {
            disposition: self.disposition,
            kind: self.kind,
            read: reads(g),
            write: writes(g)
                || !matches!(
                    self.disposition,
                    Disposition::Open | Disposition::OpenIf | Disposition::Create
                ),
            attributes: req.file_attributes,
            allocation_size,
            // Writes through a persistent handle are stable when acknowledged (as
            // Windows makes them on continuously available shares).
            write_through: req.options & co::WRITE_THROUGH != 0
                || share.write_through
                || share.continuous_availability
                    && req
                        .known
                        .durable_v2
                        .is_some_and(|c| Le(c).u32(4).unwrap_or(0) & DHANDLE_FLAG_PERSISTENT != 0),
            direct_io: share.direct_io,
        }
    }
}

/// Whether access `g` reads data (the backend opens the file for reading).
pub(super) fn reads(g: u32) -> bool {
    g & (access::FILE_READ_DATA | access::FILE_EXECUTE) != 0
}

/// Whether access `g` writes data or attributes (the backend opens read-write).
pub(super) fn writes(g: u32) -> bool {
    g & (access::FILE_WRITE_DATA
        | access::FILE_APPEND_DATA
        | access::FILE_WRITE_ATTRIBUTES
        | access::FILE_WRITE_EA)
        != 0
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

/// Phase 6: the rules an existing file imposes (MS-FSA 2.1.5.1), with the file's create
/// gate held: share modes, the oplock and lease breaks the open waits for (it goes async),
/// durable opens of a departed client in the way, an application instance taking its
/// file over, read-only, hidden and system attributes, file or directory.
#[allow(clippy::too_many_arguments)]
fn check_existing(
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
        drop_durable(server, id.persistent);
    }
    for id in replaced {
        close_by_id(server, id);
    }
    {
        let mut inner = fs.inner.lock();
        if inner.delete_pending {
            if !inner.opens.is_empty() {
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
            lease_req.map(|l| (session(ctx).client_guid, l.key)),
        );
        if wait && ctx.can_wait {
            let tree = ctx.tree.expect("tree checked");
            return Err(Stop::Wait(Box::new(CreateWait {
                file: fs.clone(),
                msg: ctx.msg.to_vec(),
                hdr: ctx.hdr,
                tree: tree.clone(),
                encrypted: ctx.encrypted,
                dialect: ctx.dialect,
                outbox: ctx.outbox.clone(),
                multichannel: ctx.multichannel,
                claimed: None,
            })));
        }
        if conflict {
            return fail(NtStatus::SHARING_VIOLATION);
        }
    }
    if info.attributes & attrs::READONLY != 0 {
        if t.granted & (access::FILE_WRITE_DATA | access::FILE_APPEND_DATA) != 0
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
    if info.is_directory && t.kind == Kind::NonDirectory {
        return fail(NtStatus::FILE_IS_A_DIRECTORY);
    }
    if !info.is_directory && t.kind == Kind::Directory {
        return fail(NtStatus::NOT_A_DIRECTORY);
    }
    Ok(())
}

/// One lease key names one file (MS-SMB2 3.3.5.9.8).
fn lease_key_free(
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
fn check_dacl(
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
    let mut allowed =
        sd.granted(&token_sids(s)) | access::SYNCHRONIZE | access::FILE_READ_ATTRIBUTES;
    // A parent without a DACL of its own grants FILE_DELETE_CHILD.
    let parent_open = t.path.split_last().is_none_or(|(parent, _)| {
        share
            .backend
            .security(&parent)
            .and_then(|b| SecDesc::parse(&b).ok())
            .is_none_or(|d| !d.has_dacl())
    });
    if parent_open {
        allowed |= access::DELETE;
    }
    if req.desired_access & access::MAXIMUM_ALLOWED != 0 {
        t.granted &= allowed;
    } else if t.granted & !allowed != 0 {
        return fail(NtStatus::ACCESS_DENIED);
    }
    Ok(())
}

/// A name Windows could not reach is not created (an existing file still opens).
fn check_creatable(t: &Target, existing: Option<&FileInfo>) -> Step<()> {
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

/// Phase 7: the backend's open; a file it makes (or replaces) gets the descriptor and
/// the EAs the request carried.
fn open_on_disk(
    share: &crate::config::ShareConfig,
    s: &Session,
    t: &Target,
    params: &OpenParams,
    existing: Option<&FileInfo>,
    create_sd: Option<SecDesc>,
    create_eas: Option<Vec<fscc::Ea>>,
) -> Step<(Box<dyn FileObj>, CreateAction)> {
    let (obj, action) = match share.backend.open(&t.path, params) {
        Ok(v) => v,
        // The name does not exist, so a component before it is the file that is no
        // directory: the path is not found (as Windows answers "file.txt\\x").
        Err(NtStatus::NOT_A_DIRECTORY) if existing.is_none() => {
            return fail(NtStatus::OBJECT_PATH_NOT_FOUND)
        }
        Err(e) => return fail(e),
    };
    let made = matches!(
        action,
        CreateAction::Created | CreateAction::Superseded | CreateAction::Overwritten
    );
    if let (Some(new), true) = (&create_sd, made) {
        // Parts the client's descriptor leaves out come from the default (as
        // inheritance would supply them).
        let mut sd = default_sd(s);
        sd.merge(new, new.present());
        match obj.set_security(&sd.encode(0)) {
            // A share that keeps no descriptors (said at its start): the file is made
            // with the default one, as a FAT volume would.
            Ok(()) | Err(NtStatus::NOT_SUPPORTED) => {}
            Err(e) => return fail(e),
        }
    }
    if let (Some(eas), true) = (&create_eas, made) {
        let set: Vec<_> = eas
            .iter()
            .filter(|e| !e.value.is_empty())
            .cloned()
            .collect();
        obj.set_eas(&set).map_err(Stop::Status)?;
    }
    Ok((obj, action))
}

/// What [`register`] recorded: the open's id and file state, and what it was granted.
struct Registered {
    fs: Arc<FileState>,
    file_id: FileId,
    /// The oplock level answered (LEASE when a lease was granted).
    level: u8,
    /// A granted lease: its state and its response context.
    lease: Option<(u32, Vec<u8>)>,
}

/// Phase 8: the file's shared state (made on first open), the lease or oplock this open
/// is granted beside the others, and the open's entry in the file's list.
#[allow(clippy::too_many_arguments)]
fn register(
    server: &Arc<Server>,
    ctx: &Ctx,
    req: &msg::CreateRequest,
    t: &Target,
    info: &FileInfo,
    action: CreateAction,
    fs: &Arc<FileState>,
    app_instance: Option<[u8; 16]>,
    lease_req: Option<LeaseRequest>,
) -> Registered {
    let s = session(ctx);
    let fs = fs.clone();
    if matches!(action, CreateAction::Overwritten | CreateAction::Superseded) {
        fs.unmap();
        server.offload.written(fs.key, 0, u64::MAX);
    }
    let file_id = FileId {
        persistent: server.new_id(),
        volatile: server.new_id(),
    };
    // Directory leases: version 2 (SMB 3), read and handle caching only (no oplock ever).
    // (A directory's lease is asked for without W: asking RWH is asking RH.)
    let lease_req = lease_req
        .filter(|l| !info.is_directory || l.v2)
        .map(|mut l| {
            if info.is_directory {
                l.state &= crate::lease::R | crate::lease::H;
            }
            l
        });
    if let Some(l) = &lease_req {
        let id = (s.client_guid, l.key);
        server
            .lease_files
            .shard(&id)
            .entry(id)
            .or_insert_with(|| fs.clone());
    }
    let lease_key = lease_req.map(|l| (s.client_guid, l.key));
    let mut inner = fs.inner.lock();
    let lease = lease_req.map(|l| {
        // W only for the lease's own opens.
        let others = inner.opens.iter().filter(|o| {
            o.lease != lease_key && (o.lease.is_some() || !crate::oplock::is_stat_open(o.access))
        });
        let mut allowed = crate::lease::R | crate::lease::H | crate::lease::W;
        if info.is_directory {
            allowed &= !crate::lease::W;
            server.dir_leases.store(true, Ordering::Release);
        }
        for o in others {
            allowed &= !crate::lease::W;
            // Beside an oplock (broken to Level II by now) a lease caches reads only.
            if o.oplock != crate::state::oplock::NONE {
                allowed &= crate::lease::R;
            }
        }
        let i = crate::lease::grant(&mut inner, s.client_guid, &l, ctx.outbox, allowed);
        fs.leased.store(true, Ordering::Release);
        (
            inner.leases[i].state,
            crate::lease::response_context(&inner.leases[i]),
        )
    });
    let level = if lease.is_some() {
        crate::state::oplock::LEASE
    } else {
        crate::oplock::grant(
            req.oplock_level,
            crate::oplock::is_stat_open(t.granted) && !t.overwrite,
            info.is_directory,
            &inner,
        )
    };
    inner.opens.push(FileOpenEntry {
        file_id,
        access: t.granted,
        share_access: req.share_access,
        session_id: s.id,
        oplock: if lease.is_some() {
            crate::state::oplock::NONE
        } else {
            level
        },
        breaking: None,
        outbox: Some(ctx.outbox.clone()),
        app_instance,
        lease: lease_key,
        persistent: false,
    });
    if level == crate::state::oplock::LEVEL_II {
        fs.level2.store(true, Ordering::Release);
    }
    drop(inner);
    Registered {
        fs,
        file_id,
        level,
        lease,
    }
}

/// The durability granted: a durable handle needs a batch oplock or a lease that caches
/// handles (MS-SMB2 3.3.5.9.6, 3.3.5.9.10); a persistent one (asked for, on a
/// continuously available share: `persistent_ok`) needs neither.
fn durability(
    durable_req: DurableRequest,
    reg: &Registered,
    persistent_ok: bool,
) -> Option<Durable> {
    let caches_handle = reg.level == crate::state::oplock::BATCH
        || reg
            .lease
            .as_ref()
            .is_some_and(|(state, _)| state & crate::lease::H != 0);
    match durable_req {
        DurableRequest::V1 if caches_handle => Some(Durable {
            v2: false,
            create_guid: [0; 16],
            timeout_ms: 16 * 60 * 1000,
            persistent: false,
        }),
        DurableRequest::V2 {
            timeout_ms,
            create_guid,
            persistent,
        } if caches_handle || persistent && persistent_ok => Some(Durable {
            v2: true,
            create_guid,
            timeout_ms: match timeout_ms {
                0 => 60_000,
                t => t.min(300_000),
            },
            persistent: persistent && persistent_ok,
        }),
        _ => None,
    }
}

/// Marks the file's entry for the open as a persistent handle's (or not).
fn mark_persistent(fs: &FileState, id: FileId, on: bool) {
    if let Some(e) = fs.inner.lock().opens.iter_mut().find(|e| e.file_id == id) {
        e.persistent = on;
    }
}

/// Phase 9: change notifications for a file made or replaced.
fn publish(
    server: &Server,
    share: &crate::config::ShareConfig,
    path: &SharePath,
    info: &FileInfo,
    action: CreateAction,
) {
    let filter = if info.is_directory {
        notify_filter::DIR_NAME
    } else {
        notify_filter::FILE_NAME
    };
    match action {
        CreateAction::Created => {
            server
                .notify
                .publish(&share.name, path, notify_action::ADDED, filter)
        }
        CreateAction::Overwritten | CreateAction::Superseded => server.publish_change(
            &share.name,
            path,
            notify_action::MODIFIED,
            notify_filter::SIZE | notify_filter::LAST_WRITE | notify_filter::ATTRIBUTES,
        ),
        CreateAction::Opened => {}
    }
}

/// The response, with the contexts answered: maximal access, the on-disk file id, the
/// lease and the durable handle granted.
fn respond(
    req: &msg::CreateRequest,
    maximal_access: u32,
    info: &FileInfo,
    action: CreateAction,
    reg: Registered,
    durable: Option<Durable>,
    svhdx: Option<Vec<u8>>,
) -> Outcome {
    use smb_wire::msg::create_tag as tag;
    let mut rctx: Vec<(&[u8], Vec<u8>)> = Vec::new();
    if req.known.max_access {
        let mut d = Vec::new();
        d.put_u32(0);
        d.put_u32(maximal_access);
        rctx.push((tag::MAX_ACCESS, d));
    }
    if req.known.query_on_disk_id {
        let mut d = Vec::new();
        d.put_u64(info.file_id);
        d.put_u64(info.device_id);
        d.put_zeros(16);
        rctx.push((tag::QUERY_ON_DISK_ID, d));
    }
    if let Some((_, ctxdata)) = reg.lease {
        rctx.push((tag::LEASE, ctxdata));
    }
    match durable {
        Some(d) if d.v2 => {
            let mut b = Vec::new();
            b.put_u32(d.timeout_ms);
            b.put_u32(if d.persistent {
                DHANDLE_FLAG_PERSISTENT
            } else {
                0
            });
            rctx.push((tag::DURABLE_V2, b));
        }
        Some(_) => rctx.push((tag::DURABLE, vec![0; 8])),
        None => {}
    }
    if let Some(b) = svhdx {
        rctx.push((&rsvd::tunnel::OPEN_CONTEXT_NAME, b));
    }
    let ctxs = msg::encode_create_contexts(&rctx);
    let mut body = Vec::with_capacity(160);
    msg::encode_create_response(
        &mut body,
        reg.level,
        action as u32,
        &net_open(info),
        reg.file_id,
        &ctxs,
    );
    Outcome::Created(NtStatus::SUCCESS, body, reg.file_id)
}

/// Says that an open was refused by the open-file budget, at most once per ten seconds.
pub(super) fn refused_open(ctx: &Ctx, user: &str, why: crate::budget::Refusal) {
    static LAST: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    if crate::stats::log_due(&LAST, ctx.now) {
        let budget = &ctx.server.budget;
        let l = budget.limits();
        tracing::warn!(
            user,
            bound = ?why,
            held = budget.files(),
            max_open_files = l.max_open_files,
            max_opens_per_user = l.max_opens_per_user,
            "open refused: INSUFFICIENT_RESOURCES (limits.max_open_files / max_opens_per_user)"
        );
    }
}
