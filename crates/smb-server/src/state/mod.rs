//! State shared by every connection and worker: sessions, trees, opens, the per-file table
//! (share modes, byte-range locks, delete-pending) and change notifications. Sharded by
//! short-lived locks; no lock here is held across payload I/O.

use crate::backend::{FileObj, SharePath};
use crate::config::{ServerConfig, ShareConfig};
use crate::sharded::Sharded;
use parking_lot::{Mutex, RwLock};
use smb_auth::users::UserDb;
use smb_wire::dcerpc::RpcPipe;
use smb_wire::msg::{access, share_access, FileId};
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use smb_wire::NtStatus;

mod file;
mod notify;
pub mod offload;
mod open;
mod outbox;
mod session;
mod writetime;

pub use file::*;
pub use notify::*;
pub use open::*;
pub use outbox::*;
pub use session::*;
pub use writetime::*;

/// Hashes ids the server assigned (sessions, trees, opens: a client names them but cannot
/// choose them, so they cannot be picked to collide) with one multiply instead of SipHash;
/// a request looks several up.
#[derive(Default)]
pub struct IdHash(u64);

impl std::hash::Hasher for IdHash {
    fn finish(&self) -> u64 {
        // (hashbrown indexes by the low bits: fold the well-mixed high ones in.)
        self.0 ^ (self.0 >> 29)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8 | u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u32(&mut self, k: u32) {
        self.write_u64(u64::from(k));
    }
    fn write_u64(&mut self, k: u64) {
        self.0 = (self.0 ^ k).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// A map keyed by server-assigned ids.
pub type IdMap<K, V> = HashMap<K, V, std::hash::BuildHasherDefault<IdHash>>;

/// Everything the engine shares across connections.
pub struct Server {
    pub cfg: ServerConfig,
    /// The shares, replaced whole by a reload ([`Server::shares`] reads them; a tree
    /// connect keeps the share it connected to).
    pub share_list: RwLock<Vec<Arc<ShareConfig>>>,
    pub users: RwLock<UserDb>,
    pub sessions: Sharded<u64, Arc<Session>, std::hash::BuildHasherDefault<IdHash>>,
    pub files: Sharded<(u64, u64), Arc<FileState>>,
    pub notify: NotifyHub,
    /// Connections with requests waiting for an event (see [`WaitClass`]).
    pub waiters: Waiters,
    next_id: AtomicU64,
    /// Bumped by every unlock and close, so blocked lock requests know to retry.
    pub lock_generation: AtomicU64,
    /// Server start, FILETIME.
    pub start_time: u64,
    /// The monotonic time the server started at (what [`Server::ticks`] counts from).
    pub started: std::time::Instant,
    /// Durable opens whose connection is gone, by persistent FileId, kept until they are
    /// reconnected, expire, or must yield to a conflicting open (MS-SMB2 3.3.7.1).
    pub durable: Sharded<u64, Disconnected>,
    /// When the first of them expires ([`Server::ticks`]; `u64::MAX`: none), so
    /// that the check made before each CREATE does not walk the table for nothing.
    pub durable_due: AtomicU64,
    /// Sessions ended by a reconnecting client (PreviousSessionId), kept a while so that
    /// the answer to a late request on the old connection is still signed.
    pub ended: Mutex<VecDeque<Arc<Session>>>,
    /// Which file each lease (ClientGuid, key) is on (acknowledgments name only the key).
    pub lease_files: Sharded<LeaseId, Arc<FileState>>,
    /// Each client's connections (by ClientGuid), while a connection or a lease uses them.
    pub clients: Sharded<[u8; 16], std::sync::Weak<ClientChannels>>,
    /// Opens and durable handles held, per process and per user, against their bounds.
    pub budget: Arc<crate::budget::OpenBudget>,
    /// Failed logons by address and user name.
    pub logons: crate::logon::LogonThrottle,
    /// ODX offload tokens (FSCTL_OFFLOAD_READ) not yet used up, expired or invalidated.
    pub offload: crate::state::offload::OffloadTokens,
    /// Storage QoS flows and policies.
    pub qos: crate::qos::Qos,
    /// The CreateGuids of opens and of CREATEs still running, for replayed CREATEs.
    pub create_guids: crate::replay::CreateGuids,
    /// The persistent-handle journal (set once, before serving, when a share is
    /// continuously available); without it no persistent handle is granted.
    pub journal: std::sync::OnceLock<crate::journal::Journal>,
    /// Where persistent reservations of shared virtual disks are kept (set once, before
    /// serving, when a share serves them); without it they last while the server runs.
    pub pr_store: std::sync::OnceLock<Arc<crate::svhdx::PrRecords>>,
    /// A directory lease was granted once: changes to directories' contents look for
    /// leases to break from then on (until then they need not look).
    pub dir_leases: AtomicBool,
    /// The cluster this node serves scale-out shares with (set once, before serving).
    pub cluster: std::sync::OnceLock<Arc<dyn ClusterView>>,
    /// Who makes, deletes and changes shares for srvsvc's NetrShareAdd, NetrShareDel and
    /// NetrShareSetInfo (the daemon, which keeps them; set once, before serving).
    pub share_admin: std::sync::OnceLock<Arc<dyn ShareAdmin>>,
    /// Persistent opens: reclaimed after a restart, and expired unreclaimed.
    pub persistent_reclaimed: AtomicU64,
    pub persistent_expired: AtomicU64,
    /// Logons finished, by mechanism (NTLM, Kerberos) and result (succeeded, failed).
    pub authentications: [[AtomicU64; 2]; 2],
    /// A Witness service (MS-SWN) answers for this node: continuously available shares
    /// report SHARE_CAP_CLUSTER, which is what makes Windows clients register with it.
    pub witness: AtomicBool,
}

/// A lease's identity: its client's ClientGuid and the lease key.
pub type LeaseId = ([u8; 16], [u8; 16]);

/// A durable open waiting for its client to come back.
pub struct Disconnected {
    pub open: Arc<Open>,
    pub user: String,
    pub domain: String,
    pub client_guid: [u8; 16],
    pub expires: std::time::Instant,
}

impl Server {
    /// How logons are accepted (SMB sessions, and the daemon's authenticated RPC
    /// services alike).
    pub fn acceptor_config(&self) -> smb_auth::acceptor::AcceptorConfig {
        let cfg = &self.cfg;
        smb_auth::acceptor::AcceptorConfig {
            netbios_domain: cfg.domain.clone(),
            netbios_computer: cfg.netbios_name.clone(),
            dns_domain: cfg.dns_domain.clone(),
            dns_computer: format!("{}.{}", cfg.netbios_name.to_lowercase(), cfg.dns_domain),
            allow_guest: cfg.allow_guest,
            kerberos: cfg.kerberos.as_ref().map(|k| k.0.clone()),
            ntlm: cfg.ntlm,
        }
    }

    /// The connections of client `guid` (made on first use; None for the all-zero guid,
    /// which names no client).
    pub fn client_channels(&self, guid: [u8; 16]) -> Option<Arc<ClientChannels>> {
        if guid == [0; 16] {
            return None;
        }
        let mut shard = self.clients.shard(&guid);
        if let Some(c) = shard.get(&guid).and_then(std::sync::Weak::upgrade) {
            return Some(c);
        }
        shard.retain(|_, w| w.strong_count() > 0);
        let c = Arc::new(ClientChannels::default());
        shard.insert(guid, Arc::downgrade(&c));
        Some(c)
    }

    /// An instant as nanoseconds since the server started (for deadlines kept in
    /// atomics); earlier instants count as 0.
    pub fn ticks(&self, t: std::time::Instant) -> u64 {
        t.saturating_duration_since(self.started).as_nanos() as u64
    }

    pub fn new(
        cfg: ServerConfig,
        shares: Vec<ShareConfig>,
        users: UserDb,
        now: crate::clock::Now,
    ) -> Self {
        Server {
            budget: crate::budget::OpenBudget::new(cfg.open_limits),
            logons: crate::logon::LogonThrottle::new(cfg.logon_limits),
            offload: Default::default(),
            qos: crate::qos::Qos::new(cfg.qos.clone(), now.mono),
            cfg,
            share_list: RwLock::new(shares.into_iter().map(Arc::new).collect()),
            users: RwLock::new(users),
            sessions: Sharded::default(),
            files: Sharded::default(),
            notify: NotifyHub::default(),
            waiters: Waiters::default(),
            next_id: AtomicU64::new(1),
            lock_generation: AtomicU64::new(0),
            start_time: now.filetime,
            started: now.mono,
            durable: Sharded::default(),
            durable_due: AtomicU64::new(u64::MAX),
            ended: Mutex::new(VecDeque::new()),
            lease_files: Sharded::default(),
            clients: Sharded::default(),
            create_guids: Default::default(),
            journal: Default::default(),
            pr_store: Default::default(),
            dir_leases: AtomicBool::new(false),
            cluster: Default::default(),
            share_admin: Default::default(),
            persistent_reclaimed: AtomicU64::new(0),
            persistent_expired: AtomicU64::new(0),
            authentications: Default::default(),
            witness: AtomicBool::new(false),
        }
    }

    /// Records a change for CHANGE_NOTIFY and wakes the requests waiting for one.
    pub fn publish_change(&self, share: &str, path: &SharePath, action: u32, filter: u32) {
        self.notify.publish(share, path, action, filter);
        self.waiters.wake(WaitClass::Notify);
        self.tell_cluster(share, path, action, filter);
    }

    /// The cluster, for what happens on `share` when it is a scale-out share (its
    /// opens, locks and changes are the other nodes' business too); None otherwise.
    pub fn cluster_of(&self, share: &ShareConfig) -> Option<&dyn ClusterView> {
        self.cluster.get().filter(|_| share.scale_out).map(|c| &**c)
    }

    /// On a scale-out share, the other nodes' CHANGE_NOTIFY requests hear of a change
    /// made here (handed to the cluster; it never waits).
    pub fn tell_cluster(&self, share: &str, path: &SharePath, action: u32, filter: u32) {
        if self.cluster.get().is_none() {
            return;
        }
        if let Some(s) = self.find_share(share) {
            if let Some(c) = self.cluster_of(&s) {
                c.changed(share, path.as_str(), action, filter);
            }
        }
    }

    /// A change another node of the cluster made (`path` as it sent it; one that is not
    /// a share path is dropped): this node's CHANGE_NOTIFY requests hear of it.
    pub fn publish_remote_change(&self, share: &str, path: &str, action: u32, filter: u32) {
        let Some(path) = SharePath::from_stored(path) else {
            return;
        };
        if self.find_share(share).is_some_and(|s| s.scale_out) {
            self.notify.publish(share, &path, action, filter);
            self.waiters.wake(WaitClass::Notify);
        }
    }

    /// The shared state of the file `key` (device, file id), made on first use; the
    /// table is locked only for the lookup.
    pub fn file_ref(&self, key: (u64, u64)) -> FileRef<'_> {
        let mut files = self.files.shard(&key);
        let fs = files
            .entry(key)
            .or_insert_with(|| Arc::new(FileState::keyed(key)))
            .clone();
        fs.refs.fetch_add(1, Ordering::AcqRel);
        FileRef {
            server: self,
            key,
            fs,
        }
    }

    /// A fresh non-zero id (sessions, opens, async ids).
    pub fn new_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    /// Ids up to `max` are taken (by opens restored from the journal). Ids of another
    /// node (another [`Server::set_node`] number, in opens taken over from it) do not
    /// move this node's.
    pub fn reserve_ids(&self, max: u64) {
        if node_of(max) == node_of(self.next_id.load(Ordering::Acquire)) {
            self.next_id
                .fetch_max(max.saturating_add(1), Ordering::AcqRel);
        }
    }

    /// This server is node `n` (1..) of a cluster: its ids carry `n` in their top 16
    /// bits, so that a persistent FileId is unique across the nodes and names the node
    /// that granted it. Called once, before any id is handed out.
    pub fn set_node(&self, n: u16) {
        self.next_id
            .store((u64::from(n) << NODE_SHIFT) | 1, Ordering::Release);
    }

    /// The shares now.
    pub fn shares(&self) -> Vec<Arc<ShareConfig>> {
        self.share_list.read().clone()
    }

    pub fn find_share(&self, name: &str) -> Option<Arc<ShareConfig>> {
        self.share_list
            .read()
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case(name))
            .cloned()
    }

    pub fn session(&self, id: u64) -> Option<Arc<Session>> {
        self.sessions.get_cloned(&id)
    }
}

/// Where a node's number sits in the ids it hands out.
const NODE_SHIFT: u32 = 48;

/// The cluster node that handed out `id` (0: a server not in a cluster).
pub fn node_of(id: u64) -> u16 {
    (id >> NODE_SHIFT) as u16
}

/// An open of a scale-out share's file as the other nodes see it: its persistent id
/// (unique in the cluster), its access and its share mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenClaim {
    pub id: u64,
    pub access: u32,
    pub share_access: u32,
}

impl OpenClaim {
    /// Whether the open takes part in sharing at all (data or delete access): only such
    /// opens are told to the other nodes.
    pub fn shares(&self) -> bool {
        takes_part_in_sharing(self.access)
    }
}

/// Shares made, deleted and changed by an administrator over RPC (the caller has been
/// checked): each answers 0 or the Win32/NERR status Windows gives, and keeps what it
/// changed across restarts. The calls may block briefly (a file written).
pub trait ShareAdmin: Send + Sync {
    fn add(&self, name: &str, path: &str, comment: &str) -> u32;
    fn delete(&self, name: &str) -> u32;
    fn set_comment(&self, name: &str, comment: &str) -> u32;
}

/// A byte-range lock as the other nodes see it: offset, length, exclusive.
pub type LockClaim = (u64, u64, bool);

/// What the engine asks of the cluster a node is in (the daemon's membership and the
/// opens and locks of scale-out shares' files that every node sees). The calls block
/// on the cluster.
pub trait ClusterView: Send + Sync {
    /// Whether the persistent open `persistent` may still be taken over by this node:
    /// the node that granted it is in the cluster and its opens have not been taken
    /// over yet (a reconnect is told to retry, not that the open is gone).
    fn failing_over(&self, persistent: u64) -> bool;
    /// Records `claim` among the opens of the file `key` unless an open another node
    /// holds conflicts with it (MS-FSA share modes; this node's own opens are the
    /// engine's to check): SHARING_VIOLATION then, FILE_NOT_AVAILABLE when the cluster
    /// cannot say. A restored or taken-over open (`checked` false) is recorded without
    /// the check, with its byte-range locks `locks`.
    fn admit(
        &self,
        key: (u64, u64),
        claim: OpenClaim,
        checked: bool,
        locks: &[LockClaim],
    ) -> Result<(), NtStatus>;
    /// The open `id` of the file is closed: it and its locks are forgotten.
    fn release(&self, key: (u64, u64), id: u64);
    /// Byte-range locks for the open `id`, all or none: LOCK_NOT_GRANTED when one of
    /// another node's locks conflicts (MS-FSA 2.1.5.7).
    fn lock(&self, key: (u64, u64), id: u64, locks: &[LockClaim]) -> Result<(), NtStatus>;
    /// Those locks are let go.
    fn unlock(&self, key: (u64, u64), id: u64, locks: &[LockClaim]);
    /// Whether another node's byte-range lock stops an I/O of `length` bytes at
    /// `offset` of the file `key` (MS-FSA 2.1.4.10: a read by an exclusive lock, a write
    /// by any): FILE_LOCK_CONFLICT then, FILE_NOT_AVAILABLE when the cluster cannot say.
    /// Answered from what this node has heard, without a round trip while that holds.
    fn io_allowed(
        &self,
        key: (u64, u64),
        offset: u64,
        length: u64,
        write: bool,
    ) -> Result<(), NtStatus>;
    /// This node is about to let a client cache reads of the file `key` (an R lease, a
    /// Level II oplock): true once every other node has heard it (their changes to the
    /// file's data then break it); false, and nothing may be cached, when one did not.
    fn caching(&self, key: (u64, u64)) -> bool;
    /// The file's data is about to change through this node: read caching another node
    /// granted on it ends first (its holders are sent their breaks). The change is under
    /// way until [`ClusterView::data_changed`] with the number this returns: another
    /// node about to let a client cache the file's reads waits for the changes under way
    /// here (one may have begun before it knew to break that caching).
    fn data_changing(&self, key: (u64, u64)) -> u64;
    /// The change `change` ([`ClusterView::data_changing`]'s number) of the file ended.
    fn data_changed(&self, key: (u64, u64), change: u64);
    /// The reservations of the shared virtual disk `disk` (its serial) on a scale-out
    /// share, which every node serving it reads and changes; FILE_NOT_AVAILABLE when
    /// the cluster cannot give them.
    fn disk_record(&self, disk: &str) -> Result<Arc<dyn rsvd::SharedRecord>, NtStatus>;
    /// A change of `path` on the scale-out share `share` (CHANGE_NOTIFY's action and
    /// filter), for the other nodes' CHANGE_NOTIFY requests: queued, never waited for.
    fn changed(&self, share: &str, path: &str, action: u32, filter: u32);
}

#[cfg(test)]
mod node_tests {
    use super::*;

    #[test]
    fn a_nodes_ids_carry_its_number_and_another_nodes_do_not_move_them() {
        let s = Server::new(
            ServerConfig::default(),
            Vec::new(),
            smb_auth::users::UserDb::new(),
            crate::clock::Now {
                mono: std::time::Instant::now(),
                filetime: 0,
            },
        );
        assert_eq!(node_of(s.new_id()), 0, "a server outside a cluster");
        s.set_node(3);
        let id = s.new_id();
        assert_eq!((node_of(id), id & 0xffff), (3, 1));
        // An open taken over from node 7 keeps its id; this node's ids go on as before.
        s.reserve_ids((7u64 << 48) | 500);
        assert_eq!(s.new_id(), (3u64 << 48) | 2);
        // Its own restored opens move them past what they hold.
        s.reserve_ids((3u64 << 48) | 40);
        assert_eq!(s.new_id(), (3u64 << 48) | 41);
    }
}
