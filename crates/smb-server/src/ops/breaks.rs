//! OPLOCK_BREAK acknowledgments, for oplocks and for leases.

use super::*;

/// MS-SMB2 3.3.5.22.2: a client acknowledges a lease break (2.2.24.2) with the state it
/// keeps; the response (2.2.25.2) repeats it.
pub(super) fn lease_break_ack(ctx: &Ctx) -> Outcome {
    let Ok(ack) = msg::LeaseBreakAck::parse(ctx.msg) else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    let (key, state) = (ack.lease_key, ack.lease_state);
    let guid = session(ctx).client_guid;
    let acked = crate::lease::acknowledge(ctx.server, guid, key, state, ctx.now.mono);
    ctx.server.waiters.wake(WaitClass::Breaks);
    if acked.is_ok() {
        persist_lease(ctx, key);
    }
    match acked {
        Ok(()) => {
            let mut body = Vec::with_capacity(36);
            msg::encode_lease_break_response(&mut body, &key, state);
            Outcome::Done(NtStatus::SUCCESS, body)
        }
        Err(e) => Fail(e),
    }
}

/// Journals the session's persistent opens of lease `key` (its state changed).
fn persist_lease(ctx: &Ctx, key: [u8; 16]) {
    let s = session(ctx);
    let guid = s.client_guid;
    let opens: Vec<Arc<Open>> = s
        .opens
        .lock()
        .values()
        .filter(|o| o.durable.is_some_and(|d| d.persistent))
        .cloned()
        .collect();
    for o in opens {
        let on_lease = o.file.as_ref().is_some_and(|fs| {
            fs.inner
                .lock()
                .opens
                .iter()
                .any(|e| e.file_id == o.file_id && e.lease == Some((guid, key)))
        });
        if on_lease {
            persist_change(ctx.server, s, &o);
        }
    }
}

/// MS-SMB2 3.3.5.22.1: a client acknowledges an oplock break.
pub(super) fn oplock_break_ack(ctx: &Ctx) -> Outcome {
    let ack = match msg::OplockBreakAck::parse(ctx.msg) {
        Ok(a) => a,
        Err(smb_wire::WireError::BadValue(_)) => return lease_break_ack(ctx),
        Err(_) => return Fail(NtStatus::INVALID_PARAMETER),
    };
    let open = match find_open(ctx, ack.file_id) {
        Ok(o) => o,
        Err(e) => return Fail(e),
    };
    let Some(fs) = &open.file else {
        return Fail(NtStatus::INVALID_OPLOCK_PROTOCOL);
    };
    let acked = crate::oplock::acknowledge(fs, open.file_id, ack.oplock_level);
    // CREATEs waiting behind the break look again.
    ctx.server.waiters.wake(WaitClass::Breaks);
    if acked.is_ok() {
        persist_change(ctx.server, session(ctx), &open);
    }
    match acked {
        Ok(level) => {
            let mut body = Vec::with_capacity(24);
            body.put_u16(24);
            body.put_u8(level);
            body.put_u8(0);
            body.put_u32(0);
            open.file_id.put(&mut body);
            Outcome::Done(NtStatus::SUCCESS, body)
        }
        Err(e) => Fail(e),
    }
}

/// Whose change a directory's lease holders see: a client, and the parent lease key its
/// open named (MS-SMB2 2.2.13.2.10 ParentLeaseKey). A change made under the directory's
/// own lease (same client, that key) breaks nothing.
pub(super) type Actor = Option<crate::state::LeaseId>;

/// The actor an open's changes are made as: its lease's parent key, if it named one.
pub(super) fn actor_of(open: &Open) -> Actor {
    let fs = open.file.as_ref()?;
    let inner = fs.inner.lock();
    let (guid, key) = inner
        .opens
        .iter()
        .find(|e| e.file_id == open.file_id)?
        .lease?;
    let parent = inner
        .leases
        .iter()
        .find(|l| l.client_guid == guid && l.key == key)?
        .parent?;
    Some((guid, parent))
}

/// Directory leases (MS-SMB2 3.3.4.7, as Windows keeps them): a change to what a
/// directory lists (a name made, removed or renamed, a child's attributes, times or size
/// changed) breaks the read and handle caching of every lease on the directory but the
/// actor's own, to none. Nothing waits for the acknowledgment: the change is made.
pub(super) fn parent_changed(
    server: &Server,
    share: &crate::config::ShareConfig,
    child: &SharePath,
    actor: Actor,
    now: crate::clock::Now,
) {
    if !server.dir_leases.load(Ordering::Acquire) {
        return;
    }
    let parent = child.split_last().map_or_else(SharePath::root, |(p, _)| p);
    let Ok(info) = share.backend.stat(&parent) else {
        return;
    };
    let Some(fs) = server.files.get_cloned(&(info.device_id, info.file_id)) else {
        return;
    };
    if !fs.leased.load(Ordering::Acquire) {
        return;
    }
    crate::lease::break_all(&mut fs.inner.lock(), actor, now.mono);
}

/// The open is about to change the file's data (a write, a new size, a byte-range
/// lock): Level II oplocks and the read caching of other leases end, on every node of a
/// scale-out share.
pub(super) fn data_changing(
    server: &Server,
    open: &Open,
    now: std::time::Instant,
) -> Option<DataChange> {
    let fs = open.file.as_ref()?;
    crate::oplock::break_level2_for_write(fs, open.file_id, now);
    let change = DataChange::begin(server, open.share.as_deref()?, fs.key);
    // A shared disk's change is not kept under way: its admission, which follows, may
    // notify the cluster (an attention taken), and a node's own watch, which
    // acknowledges that, may be waiting for the change.
    match open.svhdx {
        Some(_) => None,
        None => change,
    }
}

/// A change of a scale-out share's file's data under way through this node (it ends
/// when this is dropped: keep it until the data is written). Another node about to let
/// a client cache the file's reads waits for it ([`ClusterView::data_changing`]).
pub struct DataChange {
    cluster: Arc<dyn crate::state::ClusterView>,
    key: (u64, u64),
    change: u64,
}

impl DataChange {
    /// On a scale-out share: other nodes' read caching of the file `key` broken, and the
    /// change under way; None elsewhere.
    pub(super) fn begin(
        server: &Server,
        share: &crate::config::ShareConfig,
        key: (u64, u64),
    ) -> Option<DataChange> {
        server.cluster_of(share)?;
        let cluster = server.cluster.get()?.clone();
        let change = cluster.data_changing(key);
        Some(DataChange {
            cluster,
            key,
            change,
        })
    }
}

impl Drop for DataChange {
    fn drop(&mut self) {
        self.cluster.data_changed(self.key, self.change);
    }
}

/// Breaks another node may have sent were missed (its notifications went unheard for a
/// while): every Level II oplock and lease read caching here ends.
pub fn break_all_read_caching(server: &Server, now: std::time::Instant) {
    for fs in server.files.values_cloned() {
        crate::oplock::break_read_caching(&fs, now);
    }
}

/// Another node changes the data of the file `key` (a scale-out share's): every Level
/// II oplock and lease read caching of it here ends, as for a local write.
pub fn break_read_caching(server: &Server, key: (u64, u64), now: std::time::Instant) {
    let fs = server.files.shard(&key).get(&key).cloned();
    if let Some(fs) = fs {
        crate::oplock::break_read_caching(&fs, now);
    }
}
