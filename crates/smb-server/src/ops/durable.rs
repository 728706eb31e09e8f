//! Durable and resilient handle lifecycle: DHnQ/DH2Q requests, reconnects (DHnC/DH2C), replayed creates, app instance ids.

use super::*;

pub(super) use msg::DHANDLE_FLAG_PERSISTENT;

/// The durable-handle contexts of a CREATE (MS-SMB2 2.2.13.2.3-2.2.13.2.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum DurableRequest {
    None,
    V1,
    V2 {
        timeout_ms: u32,
        create_guid: [u8; 16],
        /// SMB2_DHANDLE_FLAG_PERSISTENT: a persistent handle is asked for.
        persistent: bool,
    },
    Reconnect {
        persistent: u64,
        /// The CreateGuid of a version 2 reconnect.
        v2: Option<[u8; 16]>,
    },
}

impl DurableRequest {
    /// Validates the combination as Windows and Samba do: one request or reconnect
    /// context of one version; version 2 only from SMB 3.
    pub(super) fn parse(req: &msg::CreateRequest, dialect: u16) -> Result<Self, NtStatus> {
        let k = &req.known;
        let smb3 = dialect >= smb_wire::negotiate::dialect::SMB30;
        let (dhnq, dhnc) = (k.durable, k.durable_reconnect);
        let dh2q = k.durable_v2.filter(|_| smb3);
        let dh2c = k.durable_v2_reconnect.filter(|_| smb3);
        let bad = Err(NtStatus::INVALID_PARAMETER);
        if let Some(c) = dh2c {
            if dhnq.is_some() || dhnc.is_some() || dh2q.is_some() {
                return bad;
            }
            let Ok(c) = msg::DurableV2Reconnect::parse(c) else {
                return bad;
            };
            return Ok(DurableRequest::Reconnect {
                persistent: c.file_id.persistent,
                v2: Some(c.create_guid),
            });
        }
        if let Some(c) = dhnc {
            let (Ok(id), None) = (msg::parse_durable_v1_reconnect(c), dh2q) else {
                return bad;
            };
            return Ok(DurableRequest::Reconnect {
                persistent: id.persistent,
                v2: None,
            });
        }
        match (dhnq, dh2q) {
            (Some(_), Some(_)) => bad,
            (Some(c), None) if c.len() != 16 => bad,
            (Some(_), None) => Ok(DurableRequest::V1),
            (None, Some(c)) => match msg::DurableV2Request::parse(c) {
                Ok(q) => Ok(DurableRequest::V2 {
                    timeout_ms: q.timeout_ms,
                    create_guid: q.create_guid,
                    persistent: q.persistent(),
                }),
                Err(_) => bad,
            },
            (None, None) => Ok(DurableRequest::None),
        }
    }
}

/// MS-SMB2 3.3.5.9.7/3.3.5.9.12: a client back after losing its connection takes over
/// its durable open, with its oplock, locks and lock sequences.
pub(super) fn reconnect(
    server: &Arc<Server>,
    ctx: &Ctx,
    req: &msg::CreateRequest,
    persistent: u64,
    v2: Option<[u8; 16]>,
) -> Outcome {
    match take_back(server, ctx, req, persistent, v2) {
        Ok(b) => {
            let ctxs = match b.lease_ctx {
                Some(l) => msg::encode_create_contexts(&[(msg::create_tag::LEASE, l)]),
                None => Vec::new(),
            };
            existing_open_response(&b.open, b.level, &b.info, &ctxs)
        }
        Err(st) => Fail(st),
    }
}

/// A disconnected durable open taken back by its client.
pub(super) struct TakenBack {
    pub open: Arc<Open>,
    pub level: u8,
    pub lease_ctx: Option<Vec<u8>>,
    pub info: FileInfo,
}

/// Moves a disconnected durable open into the session that asks for it, with its
/// oplock or lease, its locks and lock sequences (or says why not).
pub(super) fn take_back(
    server: &Arc<Server>,
    ctx: &Ctx,
    req: &msg::CreateRequest,
    persistent: u64,
    v2: Option<[u8; 16]>,
) -> Result<TakenBack, NtStatus> {
    expire_durable(server, ctx.now);
    let tree = ctx.tree.as_ref().expect("tree checked");
    let s = session(ctx);
    let mut table = server.durable.shard(&persistent);
    let Some(d) = table.get(&persistent) else {
        // On a scale-out share, an open another node granted may not have been taken
        // over here yet (that node's lease has not run out): the client tries again.
        let cluster = tree.share.as_deref().and_then(|s| server.cluster_of(s));
        if cluster.is_some_and(|c| c.failing_over(persistent)) {
            return Err(NtStatus::FILE_NOT_AVAILABLE);
        }
        return Err(NtStatus::OBJECT_NAME_NOT_FOUND);
    };
    // An open with a lease comes back only with its lease key named, and by its name.
    let held_lease = d.open.file.as_ref().and_then(|fs| {
        fs.inner
            .lock()
            .opens
            .iter()
            .find(|e| e.file_id.persistent == persistent)
            .and_then(|e| e.lease)
    });
    if let Some((guid, key)) = held_lease {
        // A lease belongs to its client: only that ClientGuid may take it back.
        if s.client_guid != guid {
            return Err(NtStatus::OBJECT_NAME_NOT_FOUND);
        }
        let asked = req
            .known
            .lease
            .and_then(|d| crate::lease::LeaseRequest::parse(d, ctx.dialect).ok());
        if asked.is_none_or(|l| l.key != key) {
            return Err(NtStatus::OBJECT_NAME_NOT_FOUND);
        }
        let same_name = match (names::parse_create_target(req.name), &d.open.share) {
            (Ok((p, None)), Some(share)) => share.backend.canonical(&p) == *d.open.path.lock(),
            _ => false,
        };
        if !same_name {
            return Err(NtStatus::INVALID_PARAMETER);
        }
    }
    let Some(granted) = d.open.durable else {
        return Err(NtStatus::OBJECT_NAME_NOT_FOUND);
    };
    let same_share = match (&d.open.share, &tree.share) {
        (Some(a), Some(b)) => Arc::ptr_eq(a, b),
        _ => false,
    };
    // A version 2 reconnect must name the open's CreateGuid (zero for a version 1 open);
    // a version 1 reconnect may take over either (Windows and Samba).
    if v2.is_some_and(|g| g != granted.create_guid) || !same_share {
        return Err(NtStatus::OBJECT_NAME_NOT_FOUND);
    }
    if d.user != s.user || d.domain != s.domain {
        return Err(NtStatus::ACCESS_DENIED);
    }
    let d = table.remove(&persistent).expect("found above");
    drop(table);
    let old = match Arc::try_unwrap(d.open) {
        Ok(o) => o,
        Err(still_used) => {
            close_open(server, &still_used, ctx.now);
            return Err(NtStatus::OBJECT_NAME_NOT_FOUND);
        }
    };
    let open = Arc::new(old.rebind(s.id, tree.id));
    let mut level = crate::state::oplock::NONE;
    let mut lease_ctx = None;
    if let Some(fs) = &open.file {
        let mut inner = fs.inner.lock();
        let mut lease = None;
        if let Some(e) = inner.opens.iter_mut().find(|e| e.file_id == open.file_id) {
            e.outbox = Some(ctx.outbox.clone());
            e.session_id = s.id;
            level = e.oplock;
            lease = e.lease;
        }
        if let Some((g, k)) = lease {
            level = crate::state::oplock::LEASE;
            for l in inner.leases.iter_mut() {
                if l.client_guid == g && l.key == k {
                    l.outbox = Some(ctx.outbox.clone());
                    lease_ctx = Some(crate::lease::response_context(l));
                }
            }
        }
        for l in inner.locks.iter_mut().filter(|l| l.owner == open.file_id) {
            l.session_id = s.id;
        }
    }
    let info = match open.file_obj().map(|f| f.info()) {
        Some(Ok(i)) => open.shown_info(i, ctx.now.filetime),
        _ => {
            close_open(server, &open, ctx.now);
            return Err(NtStatus::OBJECT_NAME_NOT_FOUND);
        }
    };
    s.opens.lock().insert(open.file_id.volatile, open.clone());
    if let Some(k) = &open.replay_key {
        server.create_guids.moved(k, open.file_id, s.id);
    }
    if open.durable.is_some_and(|d| d.persistent) {
        server.persistent_reclaimed.fetch_add(1, Ordering::Relaxed);
    }
    tracing::debug!(persistent, "durable open reconnected");
    Ok(TakenBack {
        open,
        level,
        lease_ctx,
        info,
    })
}

/// A CREATE answered with an open that already exists (reconnected or replayed).
pub(super) fn existing_open_response(
    open: &Open,
    level: u8,
    info: &FileInfo,
    ctxs: &[u8],
) -> Outcome {
    existing_open_answer(open, level, CreateAction::Opened as u32, info, ctxs)
}

fn existing_open_answer(
    open: &Open,
    level: u8,
    action: u32,
    info: &FileInfo,
    ctxs: &[u8],
) -> Outcome {
    let mut body = Vec::with_capacity(160);
    msg::encode_create_response(
        &mut body,
        level,
        action,
        &net_open(info),
        open.file_id,
        ctxs,
    );
    Outcome::Created(NtStatus::SUCCESS, body, open.file_id)
}

/// The answer to a replayed CREATE whose open exists: that open as it is now, with what
/// its CREATE did. As Windows and Samba answer it, the oplock level is the one the
/// replay asks for (the open keeps its own), a lease is told in its present state, and
/// the durable context comes back when the open is durable and the replay asks for an
/// oplock or lease that could have made it so.
pub(super) fn replayed_create(ctx: &Ctx, open: &Arc<Open>, req: &msg::CreateRequest) -> Outcome {
    let dialect = ctx.dialect;
    let Some(Ok(info)) = open.file_obj().map(|f| f.info()) else {
        return Fail(NtStatus::FILE_NOT_AVAILABLE);
    };
    let info = open.shown_info(info, ctx.now.filetime);
    use crate::state::oplock;
    let requested = req.oplock_level;
    let mut rctx: Vec<(&[u8], Vec<u8>)> = Vec::new();
    if requested == oplock::LEASE {
        // A replay asking for a lease names the open's own lease, or is refused.
        let asked = req
            .known
            .lease
            .and_then(|d| crate::lease::LeaseRequest::parse(d, dialect).ok())
            .map(|l| l.key);
        let Some(fs) = &open.file else {
            return Fail(NtStatus::ACCESS_DENIED);
        };
        let inner = fs.inner.lock();
        let held = inner
            .opens
            .iter()
            .find(|e| e.file_id == open.file_id)
            .and_then(|e| e.lease)
            .filter(|(_, k)| Some(*k) == asked)
            .and_then(|(g, k)| {
                inner
                    .leases
                    .iter()
                    .find(|l| l.client_guid == g && l.key == k)
            });
        let Some(l) = held else {
            return Fail(NtStatus::ACCESS_DENIED);
        };
        rctx.push((msg::create_tag::LEASE, crate::lease::response_context(l)));
    }
    if let Some(d) = open.durable {
        if d.persistent || requested == oplock::BATCH || requested == oplock::LEASE {
            rctx.push((msg::create_tag::DURABLE_V2, d.response_context()));
        }
    }
    existing_open_answer(
        open,
        requested,
        open.create_action,
        &info,
        &msg::encode_create_contexts(&rctx),
    )
}

/// Closes a disconnected durable open (expired, or in the way of a new open).
pub fn drop_durable(server: &Server, persistent: u64, now: crate::clock::Now) {
    let d = server.durable.remove(&persistent);
    if let Some(d) = d {
        tracing::debug!(persistent, "durable open closed while disconnected");
        close_open(server, &d.open, now);
    }
}

/// Closes an open wherever it is: in a session's table or waiting for a reconnect.
pub fn close_by_id(server: &Server, id: FileId, now: crate::clock::Now) {
    let sessions = server.sessions.values_cloned();
    for s in sessions {
        let open = s.opens.lock().remove(&id.volatile);
        if let Some(o) = open {
            close_open(server, &o, now);
            return;
        }
    }
    drop_durable(server, id.persistent, now);
}

/// Closes disconnected durable opens whose time is up; true when it closed any.
pub fn expire_durable(server: &Server, now: crate::clock::Now) -> bool {
    if server.ticks(now.mono) < server.durable_due.load(Ordering::Acquire) {
        return false;
    }
    // Forgotten first, then learnt again from what stays (a handle kept meanwhile lowers
    // it itself).
    server.durable_due.store(u64::MAX, Ordering::Release);
    let mut expired = Vec::new();
    server.durable.for_each(|k, d| {
        if d.expires <= now.mono {
            expired.push(*k);
        } else {
            server
                .durable_due
                .fetch_min(server.ticks(d.expires), Ordering::AcqRel);
        }
    });
    for &k in &expired {
        if server
            .durable
            .shard(&k)
            .get(&k)
            .is_some_and(|d| d.open.durable.is_some_and(|d| d.persistent))
        {
            server.persistent_expired.fetch_add(1, Ordering::Relaxed);
            tracing::info!(
                persistent = k,
                "persistent open not reclaimed in time; closed"
            );
        }
        drop_durable(server, k, now);
    }
    !expired.is_empty()
}

/// Keeps a durable open whose connection is gone: it stops receiving breaks and waits
/// to be reconnected until its timeout.
pub fn preserve(
    server: &Server,
    s: &crate::state::Session,
    open: Arc<crate::state::Open>,
    now: crate::clock::Now,
) {
    let d = open.durable.expect("durable open");
    if let Some(fs) = &open.file {
        let mut inner = fs.inner.lock();
        if let Some(e) = inner.opens.iter_mut().find(|e| e.file_id == open.file_id) {
            e.outbox = None;
            if let Some((to, _)) = e.breaking.take() {
                e.oplock = to;
            }
        }
    }
    let expires = now.mono + std::time::Duration::from_millis(d.timeout_ms.into());
    server.durable.insert(
        open.file_id.persistent,
        crate::state::Disconnected {
            open,
            user: s.user.clone(),
            domain: s.domain.clone(),
            client_guid: s.client_guid,
            expires,
        },
    );
    // Its breaks settled when it lost its connection.
    server.waiters.wake(crate::state::WaitClass::Breaks);
    // (After the insert: a walk that forgot the due time finds this handle or sees it.)
    server
        .durable_due
        .fetch_min(server.ticks(expires), Ordering::AcqRel);
}

/// Whose a persistent open is: the user, and the client that made it.
#[derive(Clone, Copy)]
pub struct Owner<'a> {
    pub user: &'a str,
    pub domain: &'a str,
    pub client_guid: [u8; 16],
}

impl<'a> From<&'a Arc<Session>> for Owner<'a> {
    fn from(s: &'a Arc<Session>) -> Owner<'a> {
        Owner::from(&**s)
    }
}

impl<'a> From<&'a Session> for Owner<'a> {
    fn from(s: &'a Session) -> Owner<'a> {
        Owner {
            user: &s.user,
            domain: &s.domain,
            client_guid: s.client_guid,
        }
    }
}

/// What the journal keeps of a persistent open (its owner's identity from `owner`).
fn persistent_record(owner: Owner<'_>, open: &Open) -> Option<crate::journal::PersistentOpen> {
    use crate::journal::{LeaseRecord, LockRecord, PersistentOpen};
    let d = open.durable.filter(|d| d.persistent)?;
    let share = open.share.as_ref()?;
    let fs = open.file.as_ref()?;
    let inner = fs.inner.lock();
    let entry = inner.opens.iter().find(|e| e.file_id == open.file_id)?;
    let lease = entry.lease.and_then(|(g, k)| {
        inner
            .leases
            .iter()
            .find(|l| l.client_guid == g && l.key == k)
            .map(|l| LeaseRecord {
                key: l.key,
                // A break in flight ends in the state it breaks to (a reclaim cannot
                // acknowledge it).
                state: l.breaking.map_or(l.state, |(to, _)| to),
                epoch: l.epoch,
                v2: l.v2,
                parent: l.parent,
            })
    });
    Some(PersistentOpen {
        file_id: open.file_id,
        share: share.name.clone(),
        path: open.path.lock().as_str().to_string(),
        device: fs.key.0,
        file: fs.key.1,
        client_guid: owner.client_guid,
        create_guid: d.create_guid,
        app_instance: entry.app_instance,
        user: owner.user.to_string(),
        domain: owner.domain.to_string(),
        granted: open.granted_access,
        share_access: open.share_access,
        create_options: open.create_options,
        create_action: open.create_action,
        timeout_ms: d.timeout_ms,
        oplock: entry.breaking.map_or(entry.oplock, |(to, _)| to),
        // Delete pending on the file (set through this or another handle) is kept as the
        // open's delete-on-close: the file goes when its last handle does.
        delete_on_close: open.delete_on_close.load(Ordering::Acquire) || inner.delete_pending,
        lease,
        locks: inner
            .locks
            .iter()
            .filter(|l| l.owner == open.file_id)
            .map(|l| LockRecord {
                offset: l.offset,
                length: l.length,
                exclusive: l.exclusive,
            })
            .collect(),
        svhdx: open
            .svhdx
            .as_ref()
            .map(|s| (s.context.raw().to_vec(), s.unbuffered)),
    })
}

/// Journals a persistent open's state as it is now (made, or changed: locks, lease,
/// delete-on-close, name); on stable storage when this returns Ok. Opens that are not
/// persistent have nothing to journal.
pub fn persist<'a>(
    server: &Server,
    owner: impl Into<Owner<'a>>,
    open: &Open,
) -> std::io::Result<()> {
    if !open.durable.is_some_and(|d| d.persistent) {
        return Ok(());
    }
    let (Some(j), Some(rec)) = (server.journal.get(), persistent_record(owner.into(), open)) else {
        return Ok(());
    };
    // (A close racing this change has journaled its removal: nothing is put back.)
    j.put_unless(&rec, || open.closed.load(Ordering::Acquire))
}

/// [`persist`] for a change already made: a failure is logged and counted (the change
/// stands; a restart would bring back the state before it).
pub fn persist_change<'a>(server: &Server, owner: impl Into<Owner<'a>>, open: &Open) {
    if let Err(e) = persist(server, owner, open) {
        tracing::error!(error = %e, persistent = open.file_id.persistent,
            "handle journal: a persistent open's change could not be recorded");
    }
}

/// Forgets a persistent open that closed (or expired).
pub(super) fn unpersist(server: &Server, open: &Open) {
    if !open.durable.is_some_and(|d| d.persistent) {
        return;
    }
    if let Some(j) = server.journal.get() {
        if let Err(e) = j.remove(open.file_id.persistent) {
            tracing::error!(error = %e, persistent = open.file_id.persistent,
                "handle journal: a closed persistent open could not be forgotten");
        }
    }
}

/// After a restart: the persistent opens the journal kept, reopened and waiting for
/// their owners to reconnect (their reconnect timeout counted from now). An open whose
/// share is gone, or whose file is gone or replaced, cannot be taken back and is
/// forgotten. Returns how many wait.
pub fn restore_persistent(
    server: &Server,
    opens: Vec<crate::journal::PersistentOpen>,
    now: crate::clock::Now,
) -> usize {
    let mut kept = 0;
    let mut max_id = 0;
    for rec in opens {
        max_id = max_id.max(rec.file_id.persistent).max(rec.file_id.volatile);
        match restore_one(server, &rec, now) {
            Ok(()) => kept += 1,
            Err(why) => {
                tracing::warn!(persistent = rec.file_id.persistent, share = %rec.share,
                    path = %rec.path, why, "persistent open not restored");
                if let Some(j) = server.journal.get() {
                    let _ = j.remove(rec.file_id.persistent);
                }
            }
        }
    }
    server.reserve_ids(max_id);
    kept
}

/// Another node of the cluster lost its lease: its persistent opens on scale-out shares
/// (its journal's records) become this node's, each journaled here first and then
/// reopened, waiting for its client to reconnect here. Returns how many wait; an error
/// when this node's journal cannot be written (what was adopted before stays adopted,
/// and the rest is left for a later attempt, which skips what is already here).
pub fn adopt_persistent(
    server: &Server,
    opens: Vec<crate::journal::PersistentOpen>,
    now: crate::clock::Now,
) -> std::io::Result<usize> {
    let Some(journal) = server.journal.get() else {
        return Err(std::io::Error::other("no handle journal here"));
    };
    let mut kept = 0;
    for rec in opens {
        let p = rec.file_id.persistent;
        let why = if !server.find_share(&rec.share).is_some_and(|s| s.scale_out) {
            Err("not a scale-out share here")
        } else if journal.holds(p) || server.durable.contains_key(&p) {
            Err("persistent id in use here")
        } else {
            journal.put(&rec)?;
            restore_one(server, &rec, now).inspect_err(|_| {
                let _ = journal.remove(p);
            })
        };
        match why {
            Ok(()) => kept += 1,
            Err(why) => tracing::warn!(persistent = p, share = %rec.share,
                path = %rec.path, why, "persistent open of another node not taken over"),
        }
    }
    Ok(kept)
}

/// Gives a persistent open of a scale-out share to another node of the cluster, whose
/// client reconnects there (moved by Witness, as after a drain): its record as the
/// journal keeps it, for that node to adopt, while here the open is closed (its journal
/// entry and its lines in the cluster's file table go with it). `write` stores the
/// record where that node will read it, before anything here changes: a crash in
/// between leaves the open in this node's journal too, and the other node's adoption
/// then finds its id in use and skips it. None when the open is not here, still
/// connected, or not one to move (a file being deleted). A shared virtual disk's open
/// moves too: every node of a scale-out share serves the disk, its reservations the
/// cluster's.
pub fn yield_persistent(
    server: &Server,
    persistent: u64,
    write: impl FnOnce(&crate::journal::PersistentOpen) -> std::io::Result<()>,
    now: crate::clock::Now,
) -> Option<std::io::Result<()>> {
    // Taken out of the table under its lock, so that nothing here can take it back
    // while it moves: a reconnect here meanwhile finds nothing (its client was sent to
    // another node), and a failed write puts it back.
    let (rec, d) = {
        let mut table = server.durable.shard(&persistent);
        let d = table.get(&persistent)?;
        let o = &d.open;
        let on_scale_out = o.share.as_ref().is_some_and(|s| s.scale_out);
        if !on_scale_out || o.delete_on_close.load(Ordering::Acquire) {
            return None;
        }
        if o.file
            .as_ref()
            .is_some_and(|f| f.inner.lock().delete_pending)
        {
            return None;
        }
        let rec = persistent_record(
            Owner {
                user: &d.user,
                domain: &d.domain,
                client_guid: d.client_guid,
            },
            o,
        )?;
        (rec, table.remove(&persistent)?)
    };
    if let Err(e) = write(&rec) {
        server.durable.insert(persistent, d);
        return Some(Err(e));
    }
    close_open(server, &d.open, now);
    tracing::info!(persistent, path = %rec.path, "persistent open given to another node");
    Some(Ok(()))
}

fn restore_one(
    server: &Server,
    rec: &crate::journal::PersistentOpen,
    now: crate::clock::Now,
) -> Result<(), &'static str> {
    let share = server
        .find_share(&rec.share)
        .filter(|s| s.continuous_availability)
        .ok_or("share gone or no longer continuously available")?;
    let path = SharePath::from_stored(&rec.path).ok_or("bad path")?;
    let g = rec.granted;
    let params = OpenParams {
        disposition: Disposition::Open,
        kind: Kind::NonDirectory,
        read: reads(g),
        write: writes(g),
        attributes: 0,
        allocation_size: 0,
        write_through: true,
        direct_io: share.direct_io,
    };
    let (obj, _) = share
        .backend
        .open(&path, &params)
        .map_err(|_| "file gone")?;
    let info = obj.info().map_err(|_| "file unreadable")?;
    if (info.device_id, info.file_id) != (rec.device, rec.file) {
        return Err("file replaced");
    }
    let slot = server
        .budget
        .take(&format!("{}\\{}", rec.domain, rec.user), 1)
        .map(|mut s| {
            s.try_durable();
            s
        })
        .map_err(|_| "open-file bounds reached")?;
    let r = server.file_ref((rec.device, rec.file));
    let fs = r.fs.clone();
    // A shared virtual disk open gets its disk and initiator back (MS-RSVD: a reconnect
    // carries no SVHDX context).
    let svhdx = match &rec.svhdx {
        None => None,
        Some((raw, unbuffered)) => {
            if !share.rsvd {
                return Err("share no longer serves shared virtual disks");
            }
            let c = rsvd::tunnel::OpenContext::parse(raw).map_err(|_| "bad SVHDX context")?;
            let disk = super::shared_disk(server, &share, &path, &fs.vdisk)
                .map_err(|_| "shared virtual disk unreadable")?;
            Some(Arc::new(crate::svhdx::SvhdxOpen::new(disk, c, *unbuffered)))
        }
    };
    let obj: Box<dyn crate::backend::FileObj> = match &svhdx {
        None => obj,
        Some(sv) => Box::new(crate::svhdx::VirtualFile {
            open: sv.clone(),
            raw: obj,
        }),
    };
    rejoin_file_state(server, rec, &fs);
    // The other nodes see it again (as this node's, from this run).
    let claim = crate::state::OpenClaim {
        id: rec.file_id.persistent,
        access: rec.granted,
        share_access: rec.share_access,
    };
    if let Some(c) = server.cluster_of(&share).filter(|_| claim.shares()) {
        let locks: Vec<_> = rec
            .locks
            .iter()
            .map(|l| (l.offset, l.length, l.exclusive))
            .collect();
        if let Err(st) = c.admit(fs.key, claim, false, &locks) {
            tracing::warn!(
                persistent = rec.file_id.persistent,
                ?st,
                "a restored open could not be told to the other nodes"
            );
        }
    }
    let durable = Durable {
        v2: true,
        create_guid: rec.create_guid,
        timeout_ms: rec.timeout_ms,
        persistent: true,
    };
    let open = Arc::new(Open::from(NewOpen {
        file_id: rec.file_id,
        tree_id: 0,
        session_id: 0,
        share: Some(share.clone()),
        path,
        stream: None,
        kind: OpenKind::File(obj),
        granted_access: rec.granted,
        share_access: rec.share_access,
        is_directory: false,
        create_options: rec.create_options,
        file: Some(fs),
        delete_on_close: rec.delete_on_close,
        durable: Some(durable),
        slot: Some(slot),
        replay_key: Some((rec.client_guid, rec.create_guid)),
        create_action: rec.create_action,
        channel_sequence: 0,
        svhdx,
    }));
    // A replayed CREATE after the restart finds it (and takes it back, as a reconnect).
    if let Ok(c) = server
        .create_guids
        .reserve((rec.client_guid, rec.create_guid))
    {
        c.opened(0, rec.file_id);
    }
    drop(r);
    let expires = now.mono + std::time::Duration::from_millis(rec.timeout_ms.into());
    server.durable.insert(
        rec.file_id.persistent,
        crate::state::Disconnected {
            open,
            user: rec.user.clone(),
            domain: rec.domain.clone(),
            client_guid: rec.client_guid,
            expires,
        },
    );
    server
        .durable_due
        .fetch_min(server.ticks(expires), Ordering::AcqRel);
    Ok(())
}

/// Puts a restored open back into its file's state: its lease (unless its client's other
/// opens restored it already), its share-mode entry and oplock, its byte-range locks.
fn rejoin_file_state(
    server: &Server,
    rec: &crate::journal::PersistentOpen,
    fs: &Arc<crate::state::FileState>,
) {
    use crate::state::oplock;
    let mut inner = fs.inner.lock();
    let lease = rec.lease.as_ref().map(|l| {
        if !inner
            .leases
            .iter()
            .any(|x| x.client_guid == rec.client_guid && x.key == l.key)
        {
            inner.leases.push(crate::state::Lease {
                client_guid: rec.client_guid,
                key: l.key,
                state: l.state,
                breaking: None,
                epoch: l.epoch,
                v2: l.v2,
                parent: l.parent,
                outbox: None,
                channels: server.client_channels(rec.client_guid),
                sent_to: None,
                deferred: None,
            });
        }
        fs.leased.store(true, Ordering::Release);
        (rec.client_guid, l.key)
    });
    if let Some(id) = lease {
        server.lease_files.insert(id, fs.clone());
    }
    inner.opens.push(FileOpenEntry {
        file_id: rec.file_id,
        access: rec.granted,
        share_access: rec.share_access,
        session_id: 0,
        oplock: if lease.is_some() {
            oplock::NONE
        } else {
            rec.oplock
        },
        breaking: None,
        outbox: None,
        app_instance: rec.app_instance,
        lease,
        persistent: true,
    });
    if rec.oplock == oplock::LEVEL_II && lease.is_none() {
        fs.level2.store(true, Ordering::Release);
    }
    for l in &rec.locks {
        inner.locks.push(RangeLock {
            owner: rec.file_id,
            session_id: 0,
            offset: l.offset,
            length: l.length,
            exclusive: l.exclusive,
        });
    }
    if !rec.locks.is_empty() {
        fs.range_locked.store(true, Ordering::Release);
    }
    fs.note_range_locks(&inner);
}
