//! CREATE phases 7 and 8: the backend open, then the file's state, lease or oplock and
//! the open recorded, and its durability.

use super::*;

/// Phase 7: the backend's open; a file it makes (or replaces) gets the descriptor and
/// the EAs the request carried.
pub(super) fn open_on_disk(
    share: &crate::config::ShareConfig,
    s: &Session,
    t: &Target,
    params: &OpenParams,
    existing: Option<&FileInfo>,
    create_sd: Option<SecDesc>,
    create_eas: Option<Vec<fscc::Ea>>,
) -> Step<(Box<dyn FileObj>, CreateAction)> {
    // What a new file inherits, worked out before anything is made: a descriptor that
    // cannot be kept refuses the CREATE rather than leave a file without one.
    let inherited = if existing.is_none() {
        inherited_sd(share, s, t, t.kind == Kind::Directory)?
    } else {
        None
    };
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
    // A new file's descriptor: what its parent passes on (MS-DTYP 2.5.3.4), else the
    // default; parts the client's own descriptor carries replace those.
    let inherited = inherited.filter(|_| matches!(action, CreateAction::Created));
    if made && (create_sd.is_some() || inherited.is_some()) {
        let mut sd = inherited.clone().unwrap_or_else(|| default_sd(s));
        if let Some(new) = &create_sd {
            sd.merge(new, new.present());
            // A DACL the creator gave is merged with what the parent passes on (as
            // Windows does), unless the creator protected it.
            if let (Some(inh), true) = (&inherited, new.present() & secdesc::secinfo::DACL != 0) {
                sd.add_inherited(inh).map_err(Stop::Status)?;
            }
        }
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

/// The descriptor a new file inherits from its parent directory's stored one, if
/// that passes anything on: owned by the creator, its group the creator's primary
/// group (MS-DTYP 2.5.3.4.1).
fn inherited_sd(
    share: &crate::config::ShareConfig,
    s: &Session,
    t: &Target,
    is_dir: bool,
) -> Step<Option<SecDesc>> {
    let Some((parent, _)) = t.path.split_last() else {
        return Ok(None);
    };
    let Some(psd) = share
        .backend
        .security(&parent)
        .and_then(|b| SecDesc::parse(&b).ok())
    else {
        return Ok(None);
    };
    let owner = security::user_sid(s);
    let group = security::primary_group(s).unwrap_or_else(|| owner.clone());
    match SecDesc::inherit(&psd, is_dir, &owner, &group).map_err(Stop::Status)? {
        Some(sd) => Ok(Some(sd)),
        // A parent with a DACL that passes nothing on: the creator's default DACL, full
        // control for the owner and SYSTEM (what a Windows token gives).
        None if psd.has_dacl() => Ok(Some(security::creator_default_sd(owner, group))),
        None => Ok(None),
    }
}

/// What [`register`] recorded: the open's id and file state, and what it was granted.
pub(super) struct Registered {
    pub(super) fs: Arc<FileState>,
    pub(super) file_id: FileId,
    /// The oplock level answered (LEASE when a lease was granted).
    pub(super) level: u8,
    /// A granted lease: its state and its response context.
    pub(super) lease: Option<(u32, Vec<u8>)>,
}

/// Phase 8: the file's shared state (made on first open), the lease or oplock this open
/// is granted beside the others, and the open's entry in the file's list.
#[allow(clippy::too_many_arguments)]
pub(super) fn register(
    server: &Arc<Server>,
    ctx: &Ctx,
    (req, file_id): (&msg::CreateRequest, FileId),
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
    // A scale-out share caches reads at most (as Windows' Scale-Out File Server: leases
    // R, batch and exclusive oplocks Level II), of files only, for opens that take part
    // in sharing (the other nodes see those), and only once every other node has heard
    // that this one caches the file (their writes then break it).
    let share = ctx.tree.as_ref().and_then(|t| t.share.as_ref());
    let scale_out = share.is_some_and(|s| s.scale_out);
    let wants_caching = lease_req.is_some_and(|l| l.state & crate::lease::R != 0)
        || req.oplock_level != crate::state::oplock::NONE;
    let breaks = fs.remote_breaks.load(Ordering::Acquire);
    let may_cache = !scale_out
        || (wants_caching
            && !info.is_directory
            && crate::state::takes_part_in_sharing(t.granted)
            && share
                .and_then(|s| server.cluster_of(s))
                .is_some_and(|c| c.caching(fs.key)));
    let mut inner = fs.inner.lock();
    // (Another node's write broke the file's read caching since it was announced.)
    let may_cache = may_cache && fs.remote_breaks.load(Ordering::Acquire) == breaks;
    let lease = lease_req.map(|mut l| {
        // (What a scale-out share may cache is less than asked: it is what is asked, so
        // that a lease broken there is raised again to it as Windows raises one.)
        if scale_out {
            l.state &= if may_cache { crate::lease::R } else { 0 };
        }
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
        let i = crate::lease::grant(
            &mut inner,
            s.client_guid,
            &l,
            ctx.outbox,
            ctx.server.client_channels(s.client_guid),
            allowed,
        );
        fs.leased.store(true, Ordering::Release);
        (
            inner.leases[i].state,
            crate::lease::response_context(&inner.leases[i]),
        )
    });
    let level = if lease.is_some() {
        crate::state::oplock::LEASE
    } else if scale_out && !may_cache {
        crate::state::oplock::NONE
    } else {
        let level = crate::oplock::grant(
            req.oplock_level,
            crate::oplock::is_stat_open(t.granted) && !t.overwrite,
            info.is_directory,
            &inner,
        );
        if scale_out {
            level.min(crate::state::oplock::LEVEL_II)
        } else {
            level
        }
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
pub(super) fn durability(
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
pub(super) fn mark_persistent(fs: &FileState, id: FileId, on: bool) {
    if let Some(e) = fs.inner.lock().opens.iter_mut().find(|e| e.file_id == id) {
        e.persistent = on;
    }
}
