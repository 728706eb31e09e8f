//! Durable and resilient handle lifecycle: DHnQ/DH2Q requests, reconnects (DHnC/DH2C), replayed creates, app instance ids.

use super::*;

/// The durable-handle contexts of a CREATE (MS-SMB2 2.2.13.2.3-2.2.13.2.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum DurableRequest {
    None,
    V1,
    V2 {
        timeout_ms: u32,
        create_guid: [u8; 16],
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
            if c.len() != 36 || dhnq.is_some() || dhnc.is_some() || dh2q.is_some() {
                return bad;
            }
            let r = Le(c);
            let mut guid = [0u8; 16];
            guid.copy_from_slice(&c[16..32]);
            return Ok(DurableRequest::Reconnect {
                persistent: r.u64(0).unwrap_or(0),
                v2: Some(guid),
            });
        }
        if let Some(c) = dhnc {
            if c.len() != 16 || dh2q.is_some() {
                return bad;
            }
            return Ok(DurableRequest::Reconnect {
                persistent: Le(c).u64(0).unwrap_or(0),
                v2: None,
            });
        }
        match (dhnq, dh2q) {
            (Some(_), Some(_)) => bad,
            (Some(c), None) if c.len() != 16 => bad,
            (Some(_), None) => Ok(DurableRequest::V1),
            (None, Some(c)) if c.len() != 32 => bad,
            (None, Some(c)) => {
                let mut create_guid = [0u8; 16];
                create_guid.copy_from_slice(&c[16..32]);
                Ok(DurableRequest::V2 {
                    timeout_ms: Le(c).u32(0).unwrap_or(0),
                    create_guid,
                })
            }
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
    expire_durable(server);
    let tree = ctx.tree.as_ref().expect("tree checked");
    let s = session(ctx);
    let mut table = server.durable.shard(&persistent);
    let Some(d) = table.get(&persistent) else {
        return Fail(NtStatus::OBJECT_NAME_NOT_FOUND);
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
            return Fail(NtStatus::OBJECT_NAME_NOT_FOUND);
        }
        let asked = req
            .known
            .lease
            .and_then(|d| crate::lease::LeaseRequest::parse(d, ctx.dialect).ok());
        if asked.is_none_or(|l| l.key != key) {
            return Fail(NtStatus::OBJECT_NAME_NOT_FOUND);
        }
        let same_name = match (names::parse_create_target(req.name), &d.open.share) {
            (Ok((p, None)), Some(share)) => share.backend.canonical(&p) == *d.open.path.lock(),
            _ => false,
        };
        if !same_name {
            return Fail(NtStatus::INVALID_PARAMETER);
        }
    }
    let Some(granted) = d.open.durable else {
        return Fail(NtStatus::OBJECT_NAME_NOT_FOUND);
    };
    let same_share = match (&d.open.share, &tree.share) {
        (Some(a), Some(b)) => Arc::ptr_eq(a, b),
        _ => false,
    };
    // A version 2 reconnect must name the open's CreateGuid (zero for a version 1 open);
    // a version 1 reconnect may take over either (Windows and Samba).
    if v2.is_some_and(|g| g != granted.create_guid) || !same_share {
        return Fail(NtStatus::OBJECT_NAME_NOT_FOUND);
    }
    if d.user != s.user || d.domain != s.domain {
        return Fail(NtStatus::ACCESS_DENIED);
    }
    let d = table.remove(&persistent).expect("found above");
    drop(table);
    let old = match Arc::try_unwrap(d.open) {
        Ok(o) => o,
        Err(still_used) => {
            close_open(server, &still_used);
            return Fail(NtStatus::OBJECT_NAME_NOT_FOUND);
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
        Some(Ok(i)) => i,
        _ => {
            close_open(server, &open);
            return Fail(NtStatus::OBJECT_NAME_NOT_FOUND);
        }
    };
    s.opens.lock().insert(open.file_id.volatile, open.clone());
    if let Some(k) = &open.replay_key {
        server.create_guids.moved(k, open.file_id, s.id);
    }
    tracing::debug!(persistent, "durable open reconnected");
    let ctxs = match lease_ctx {
        Some(l) => msg::encode_create_contexts(&[(msg::create_tag::LEASE, l)]),
        None => Vec::new(),
    };
    existing_open_response(&open, level, &info, &ctxs)
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
pub(super) fn replayed_create(open: &Arc<Open>, req: &msg::CreateRequest, dialect: u16) -> Outcome {
    let Some(Ok(info)) = open.file_obj().map(|f| f.info()) else {
        return Fail(NtStatus::FILE_NOT_AVAILABLE);
    };
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
        if requested == oplock::BATCH || requested == oplock::LEASE {
            let mut b = Vec::new();
            b.put_u32(d.timeout_ms);
            b.put_u32(0);
            rctx.push((msg::create_tag::DURABLE_V2, b));
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
pub fn drop_durable(server: &Server, persistent: u64) {
    let d = server.durable.remove(&persistent);
    if let Some(d) = d {
        tracing::debug!(persistent, "durable open closed while disconnected");
        close_open(server, &d.open);
    }
}

/// Closes an open wherever it is: in a session's table or waiting for a reconnect.
pub fn close_by_id(server: &Server, id: FileId) {
    let sessions = server.sessions.values_cloned();
    for s in sessions {
        let open = s.opens.lock().remove(&id.volatile);
        if let Some(o) = open {
            close_open(server, &o);
            return;
        }
    }
    drop_durable(server, id.persistent);
}

/// Closes disconnected durable opens whose time is up; true when it closed any.
pub fn expire_durable(server: &Server) -> bool {
    let now = crate::clock::now();
    if crate::clock::nanos(now) < server.durable_due.load(Ordering::Acquire) {
        return false;
    }
    // Forgotten first, then learnt again from what stays (a handle kept meanwhile lowers
    // it itself).
    server.durable_due.store(u64::MAX, Ordering::Release);
    let mut expired = Vec::new();
    server.durable.for_each(|k, d| {
        if d.expires <= now {
            expired.push(*k);
        } else {
            server
                .durable_due
                .fetch_min(crate::clock::nanos(d.expires), Ordering::AcqRel);
        }
    });
    for &k in &expired {
        drop_durable(server, k);
    }
    !expired.is_empty()
}

/// Keeps a durable open whose connection is gone: it stops receiving breaks and waits
/// to be reconnected until its timeout.
pub fn preserve(server: &Server, s: &crate::state::Session, open: Arc<crate::state::Open>) {
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
    let expires = crate::clock::now() + std::time::Duration::from_millis(d.timeout_ms.into());
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
        .fetch_min(crate::clock::nanos(expires), Ordering::AcqRel);
}
