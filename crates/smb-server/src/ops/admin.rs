//! What an administrator sees of the node and may do to it: its sessions (who, from
//! where, how), their tree connects, the open files with their access, sharing,
//! caching, durability and byte-range locks, and the durable opens waiting for their
//! clients; closing an open file and ending a session, as Windows' Computer Management
//! (Shared Folders) and `smbstatus` do. A snapshot: taken shard by shard, it may mix
//! moments a few microseconds apart.
//!
//! May not: change anything but through [`close_file`] and [`logoff`].

use crate::state::{Open, Server};
use smb_wire::NtStatus;
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// One session.
#[derive(Clone, Debug)]
pub struct SessionInfo {
    pub id: u64,
    pub user: String,
    pub domain: String,
    pub guest: bool,
    pub anonymous: bool,
    pub kerberos: bool,
    /// 0x0202 .. 0x0311.
    pub dialect: u16,
    pub signing: bool,
    pub encrypted: bool,
    /// Each channel up: the client's address and whether it is SMB Direct.
    pub channels: Vec<(String, bool)>,
    /// Tree connects: id and share ("IPC$" for the pipe share).
    pub trees: Vec<(u32, String)>,
    pub opens: usize,
    /// Seconds since it began, and since its last request.
    pub connected_seconds: u64,
    pub idle_seconds: u64,
}

/// One open (of a file, directory or pipe).
#[derive(Clone, Debug)]
pub struct OpenInfo {
    /// The handle's persistent id: what [`close_file`] takes.
    pub id: u64,
    /// 0 while it waits for its client to reconnect.
    pub session: u64,
    pub user: String,
    pub share: String,
    pub path: String,
    pub directory: bool,
    pub access: u32,
    pub share_access: u32,
    /// "batch", "exclusive", "level2", "lease RWH" (its letters), or "".
    pub caching: String,
    /// "", "durable" or "persistent".
    pub durable: &'static str,
    /// A durable open whose connection is gone, waiting for its client.
    pub disconnected: bool,
    /// Its byte-range locks: offset, length, exclusive.
    pub locks: Vec<(u64, u64, bool)>,
    /// A shared virtual disk open (MS-RSVD).
    pub shared_disk: bool,
}

/// A shared virtual disk open now, and its persistent reservations.
#[derive(Clone, Debug)]
pub struct DiskInfo {
    /// Its share and path (as an open of it names it).
    pub disk: String,
    /// Its name in the reservation store.
    pub id: String,
    pub generation: u32,
    /// Registered initiators (the host's initiator id) and their keys.
    pub registrants: Vec<(String, u64)>,
    /// The holder and the SCSI reservation type.
    pub reservation: Option<(String, u8)>,
}

/// A Storage QoS flow and what it did.
#[derive(Clone, Debug)]
pub struct FlowInfo {
    pub id: String,
    pub policy: String,
    pub initiator: String,
    pub node: String,
    pub ios: u64,
    pub bytes: u64,
    /// Time its answers were held back for its maximum, ms.
    pub throttled_ms: u64,
}

/// The node as an administrator sees it.
#[derive(Clone, Debug, Default)]
pub struct Status {
    pub sessions: Vec<SessionInfo>,
    pub opens: Vec<OpenInfo>,
    pub disks: Vec<DiskInfo>,
    pub flows: Vec<FlowInfo>,
}

/// Who is connected and what they hold, at `now`.
pub fn status(server: &Server, now: crate::clock::Now) -> Status {
    let mut st = Status::default();
    let now = now.filetime;
    let mut sessions = server.sessions.values_cloned();
    sessions.sort_by_key(|s| s.id);
    for s in sessions {
        if s.expired.load(Ordering::Acquire) && s.opens.lock().is_empty() {
            continue;
        }
        let opens: Vec<Arc<Open>> = s.opens.lock().values().cloned().collect();
        let mut trees: Vec<(u32, String)> = s
            .trees
            .lock()
            .values()
            .map(|t| {
                let name = t.share.as_ref().map_or("IPC$".into(), |sh| sh.name.clone());
                (t.id, name)
            })
            .collect();
        trees.sort();
        let kerberos = s.logon.lock().kerberos;
        let since = |t: &std::sync::atomic::AtomicU64| match t.load(Ordering::Relaxed) {
            0 => 0,
            t => now.saturating_sub(t) / 10_000_000,
        };
        st.sessions.push(SessionInfo {
            id: s.id,
            user: s.user.clone(),
            domain: s.domain.clone(),
            guest: s.guest,
            anonymous: s.anonymous,
            kerberos,
            dialect: s.dialect,
            signing: s.signing_required,
            encrypted: s.encrypt_data,
            channels: s.live_channels(),
            trees,
            opens: opens.len(),
            connected_seconds: since(&s.started),
            idle_seconds: since(&s.last_request),
        });
        for o in opens {
            st.opens.push(open_info(&o, s.id, &s.user, false));
        }
    }
    let mut waiting = Vec::new();
    server
        .durable
        .for_each(|_, d| waiting.push((d.open.clone(), d.user.clone())));
    for (o, user) in &waiting {
        st.opens.push(open_info(o, 0, user, true));
    }
    st.opens.sort_by_key(|o| o.id);
    st.disks = disks(server, waiting.into_iter().map(|(o, _)| o));
    st.flows = flows(server);
    st
}

/// The shared disks the opens name (once each, the disconnected `waiting` too), with
/// their reservations.
fn disks(server: &Server, waiting: impl Iterator<Item = Arc<Open>>) -> Vec<DiskInfo> {
    let mut disks: Vec<(Arc<crate::svhdx::SharedDisk>, String)> = Vec::new();
    let all = server
        .sessions
        .values_cloned()
        .into_iter()
        .flat_map(|s| s.opens.lock().values().cloned().collect::<Vec<_>>())
        .chain(waiting);
    for o in all {
        if let Some(sv) = &o.svhdx {
            if !disks.iter().any(|(d, _)| Arc::ptr_eq(d, &sv.disk)) {
                let share = o.share.as_ref().map_or("", |s| s.name.as_str());
                let path = o.path.lock().as_str().replace('/', "\\");
                disks.push((sv.disk.clone(), format!("{share}\\{path}")));
            }
        }
    }
    let mut v: Vec<DiskInfo> = disks
        .iter()
        .map(|(d, path)| {
            let pr = d.pr.lock();
            DiskInfo {
                disk: path.clone(),
                id: d.key().to_string(),
                generation: pr.generation,
                registrants: pr
                    .registrants
                    .iter()
                    .map(|r| (r.nexus.to_string(), r.key))
                    .collect(),
                reservation: pr.reservation.map(|r| (r.holder.to_string(), r.kind)),
            }
        })
        .collect();
    v.sort_by(|a, b| a.disk.cmp(&b.disk));
    v
}

/// The Storage QoS flows and what each did.
fn flows(server: &Server) -> Vec<FlowInfo> {
    let mut v: Vec<FlowInfo> = server
        .qos
        .flows()
        .iter()
        .map(|f| {
            let desc = f.desc.lock();
            FlowInfo {
                id: vhdx::Guid(f.id).to_string(),
                policy: vhdx::Guid(desc.policy_id).to_string(),
                initiator: desc.initiator_name.clone(),
                node: desc.node_name.clone(),
                ios: f.counters.ios.load(Ordering::Relaxed),
                bytes: f.counters.bytes.load(Ordering::Relaxed),
                throttled_ms: f.counters.throttled_ns.load(Ordering::Relaxed) / 1_000_000,
            }
        })
        .collect();
    v.sort_by(|a, b| a.id.cmp(&b.id));
    v
}

fn open_info(o: &Open, session: u64, user: &str, disconnected: bool) -> OpenInfo {
    let (mut caching, mut locks) = (String::new(), Vec::new());
    if let Some(fs) = &o.file {
        let inner = fs.inner.lock();
        if let Some(e) = inner.opens.iter().find(|e| e.file_id == o.file_id) {
            caching = match e.oplock {
                9 => "batch".into(),
                8 => "exclusive".into(),
                1 => "level2".into(),
                _ => String::new(),
            };
            if let Some(l) = e.lease.and_then(|(g, k)| {
                inner
                    .leases
                    .iter()
                    .find(|l| l.client_guid == g && l.key == k)
            }) {
                caching = format!("lease {}", lease_letters(l.state));
            }
        }
        locks = inner
            .locks
            .iter()
            .filter(|l| l.owner == o.file_id)
            .map(|l| (l.offset, l.length, l.exclusive))
            .collect();
    }
    let path = match &o.stream {
        Some((file, name)) => format!("{}:{}", file.as_str(), name.lock()),
        None => o.path.lock().as_str().to_string(),
    };
    OpenInfo {
        id: o.file_id.persistent,
        session,
        user: user.to_string(),
        share: o.share.as_ref().map_or("IPC$".into(), |s| s.name.clone()),
        path: path.replace('/', "\\"),
        directory: o.is_directory,
        access: o.granted_access,
        share_access: o.share_access,
        caching,
        durable: match o.durable {
            Some(d) if d.persistent => "persistent",
            Some(_) => "durable",
            None => "",
        },
        disconnected,
        locks,
        shared_disk: o.svhdx.is_some(),
    }
}

/// A lease state as Windows writes it: R, RH, RW, RWH.
fn lease_letters(state: u32) -> String {
    [
        (crate::lease::R, 'R'),
        (crate::lease::W, 'W'),
        (crate::lease::H, 'H'),
    ]
    .iter()
    .filter(|(bit, _)| state & bit != 0)
    .map(|(_, c)| c)
    .collect()
}

/// Closes the open with persistent id `id` for its client, as NetFileClose does: its
/// locks, caching and share modes go, a persistent one leaves the journal, and the
/// client's next request on the handle gets STATUS_FILE_CLOSED.
pub fn close_file(server: &Server, id: u64, now: crate::clock::Now) -> Result<(), NtStatus> {
    for s in server.sessions.values_cloned() {
        let found = s
            .opens
            .lock()
            .values()
            .find(|o| o.file_id.persistent == id)
            .map(|o| o.file_id);
        if let Some(fid) = found {
            tracing::info!(target: "audit", file = id, session = s.id, "open closed by the administrator");
            super::close_by_id(server, fid, now);
            return Ok(());
        }
    }
    if server.durable.shard(&id).get(&id).is_some() {
        tracing::info!(target: "audit", file = id, "disconnected open closed by the administrator");
        super::drop_durable(server, id, now);
        return Ok(());
    }
    Err(NtStatus::FILE_CLOSED)
}

/// Ends session `id` as NetSessionDel does: its opens are closed (durable ones too:
/// the administrator ended them), its tree connects go, and its client's next request
/// gets STATUS_USER_SESSION_DELETED (it signs in again).
pub fn logoff(server: &Server, id: u64, now: crate::clock::Now) -> Result<(), NtStatus> {
    let Some(s) = server.sessions.remove(&id) else {
        return Err(NtStatus::USER_SESSION_DELETED);
    };
    tracing::info!(target: "audit", session = id, user = %s.user, "session ended by the administrator");
    let opens: Vec<Arc<Open>> = s.opens.lock().drain().map(|(_, o)| o).collect();
    for o in opens {
        super::close_open(server, &o, now);
    }
    super::teardown_session(server, &s, now);
    Ok(())
}

/// The shares become `shares` (a reload). A share kept (the same `Arc`) is untouched;
/// one whose configuration changed serves new tree connects as it now says (those made
/// before keep what they connected to); a share that went is deleted as Windows deletes
/// one: its tree connects end (their clients' next requests get
/// STATUS_NETWORK_NAME_DELETED) and every open of it closes, durable ones too. The
/// names removed.
pub fn replace_shares(
    server: &Server,
    shares: Vec<Arc<crate::ShareConfig>>,
    now: crate::clock::Now,
) -> Vec<String> {
    let removed: Vec<String> = {
        let mut list = server.share_list.write();
        let gone = list
            .iter()
            .filter(|old| {
                !shares
                    .iter()
                    .any(|s| s.name.eq_ignore_ascii_case(&old.name))
            })
            .map(|s| s.name.clone())
            .collect();
        *list = shares;
        gone
    };
    if removed.is_empty() {
        return removed;
    }
    let of_removed = |o: &Open| {
        o.share
            .as_ref()
            .is_some_and(|s| removed.iter().any(|r| r.eq_ignore_ascii_case(&s.name)))
    };
    for s in server.sessions.values_cloned() {
        let trees: Vec<u32> = s
            .trees
            .lock()
            .values()
            .filter(|t| {
                t.share
                    .as_ref()
                    .is_some_and(|sh| removed.iter().any(|r| r.eq_ignore_ascii_case(&sh.name)))
            })
            .map(|t| t.id)
            .collect();
        let opens: Vec<Arc<Open>> = {
            let mut all = s.opens.lock();
            let ids: Vec<u64> = all
                .iter()
                .filter(|(_, o)| of_removed(o))
                .map(|(k, _)| *k)
                .collect();
            ids.iter().filter_map(|k| all.remove(k)).collect()
        };
        for o in opens {
            super::close_open(server, &o, now);
        }
        let mut t = s.trees.lock();
        for id in trees {
            if let Some(t) = t.remove(&id) {
                t.gone.store(true, Ordering::Release);
            }
        }
    }
    let mut waiting = Vec::new();
    server.durable.for_each(|k, d| {
        if of_removed(&d.open) {
            waiting.push(*k);
        }
    });
    for k in waiting {
        super::drop_durable(server, k, now);
    }
    removed
}
