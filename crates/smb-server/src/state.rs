//! State shared by every connection and worker: sessions, trees, opens, the per-file table
//! (share modes, byte-range locks, delete-pending) and change notifications. Sharded by
//! short-lived locks; no lock here is held across payload I/O.

use crate::backend::{FileObj, SharePath};
use crate::config::{ServerConfig, ShareConfig};
use crate::sharded::Sharded;
use parking_lot::{Mutex, RwLock};
use smb_auth::users::UserDb;
use smb_wire::dcerpc::SrvsvcPipe;
use smb_wire::msg::{access, share_access, FileId};
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

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
    pub shares: Vec<Arc<ShareConfig>>,
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
    /// Durable opens whose connection is gone, by persistent FileId, kept until they are
    /// reconnected, expire, or must yield to a conflicting open (MS-SMB2 3.3.7.1).
    pub durable: Sharded<u64, Disconnected>,
    /// When the first of them expires ([`crate::clock::nanos`]; `u64::MAX`: none), so
    /// that the check made before each CREATE does not walk the table for nothing.
    pub durable_due: AtomicU64,
    /// Sessions ended by a reconnecting client (PreviousSessionId), kept a while so that
    /// the answer to a late request on the old connection is still signed.
    pub ended: Mutex<VecDeque<Arc<Session>>>,
    /// Which file each lease (ClientGuid, key) is on (acknowledgments name only the key).
    pub lease_files: Sharded<LeaseId, Arc<FileState>>,
    /// Opens and durable handles held, per process and per user, against their bounds.
    pub budget: Arc<crate::budget::OpenBudget>,
    /// Failed logons by address and user name.
    pub logons: crate::logon::LogonThrottle,
    /// ODX offload tokens (FSCTL_OFFLOAD_READ) not yet used up, expired or invalidated.
    pub offload: crate::offload::OffloadTokens,
    /// Storage QoS flows and policies.
    pub qos: crate::qos::Qos,
    /// The CreateGuids of opens and of CREATEs still running, for replayed CREATEs.
    pub create_guids: crate::replay::CreateGuids,
    /// The persistent-handle journal (set once, before serving, when a share is
    /// continuously available); without it no persistent handle is granted.
    pub journal: std::sync::OnceLock<crate::journal::Journal>,
    /// Where persistent reservations of shared virtual disks are kept (set once, before
    /// serving, when a share serves them); without it they last while the server runs.
    pub pr_store: std::sync::OnceLock<Arc<dyn crate::svhdx::PrStore>>,
    /// A directory lease was granted once: changes to directories' contents look for
    /// leases to break from then on (until then they need not look).
    pub dir_leases: AtomicBool,
    /// Persistent opens: reclaimed after a restart, and expired unreclaimed.
    pub persistent_reclaimed: AtomicU64,
    pub persistent_expired: AtomicU64,
    /// Logons finished, by mechanism (NTLM, Kerberos) and result (succeeded, failed).
    pub authentications: [[AtomicU64; 2]; 2],
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
    pub fn new(cfg: ServerConfig, shares: Vec<ShareConfig>, users: UserDb, now: u64) -> Self {
        Server {
            budget: crate::budget::OpenBudget::new(cfg.open_limits),
            logons: crate::logon::LogonThrottle::new(cfg.logon_limits),
            offload: Default::default(),
            qos: crate::qos::Qos::new(cfg.qos.clone()),
            cfg,
            shares: shares.into_iter().map(Arc::new).collect(),
            users: RwLock::new(users),
            sessions: Sharded::default(),
            files: Sharded::default(),
            notify: NotifyHub::default(),
            waiters: Waiters::default(),
            next_id: AtomicU64::new(1),
            lock_generation: AtomicU64::new(0),
            start_time: now,
            durable: Sharded::default(),
            durable_due: AtomicU64::new(u64::MAX),
            ended: Mutex::new(VecDeque::new()),
            lease_files: Sharded::default(),
            create_guids: Default::default(),
            journal: Default::default(),
            pr_store: Default::default(),
            dir_leases: AtomicBool::new(false),
            persistent_reclaimed: AtomicU64::new(0),
            persistent_expired: AtomicU64::new(0),
            authentications: Default::default(),
        }
    }

    /// Records a change for CHANGE_NOTIFY and wakes the requests waiting for one.
    pub fn publish_change(&self, share: &str, path: &SharePath, action: u32, filter: u32) {
        self.notify.publish(share, path, action, filter);
        self.waiters.wake(WaitClass::Notify);
    }

    /// The shared state of the file `key` (device, file id), made on first use; the
    /// table is locked only for the lookup.
    pub fn file_ref(&self, key: (u64, u64)) -> FileRef<'_> {
        let mut files = self.files.shard(&key);
        let fs = files
            .entry(key)
            .or_insert_with(|| {
                Arc::new(FileState {
                    key,
                    ..Default::default()
                })
            })
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

    /// Ids up to `max` are taken (by opens restored from the journal).
    pub fn reserve_ids(&self, max: u64) {
        self.next_id
            .fetch_max(max.saturating_add(1), Ordering::AcqRel);
    }

    pub fn find_share(&self, name: &str) -> Option<Arc<ShareConfig>> {
        self.shares
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case(name))
            .cloned()
    }

    pub fn session(&self, id: u64) -> Option<Arc<Session>> {
        self.sessions.get_cloned(&id)
    }
}

/// Keys and algorithms of an authenticated session (per channel for signing).
#[derive(Clone)]
pub struct SessionKeys {
    pub session_key: [u8; 16],
    pub signing: [u8; 16],
    pub signing_alg: smb_auth::signing::Algorithm,
    /// Server-to-client and client-to-server cipher keys; empty when encryption is unusable.
    pub encrypt: Vec<u8>,
    pub decrypt: Vec<u8>,
    pub cipher: Option<smb_auth::crypt::Cipher>,
    pub application: [u8; 16],
}

pub struct Session {
    pub id: u64,
    pub user: String,
    pub domain: String,
    pub guest: bool,
    pub anonymous: bool,
    pub dialect: u16,
    pub keys: SessionKeys,
    pub signing_required: bool,
    pub encrypt_data: bool,
    pub trees: Mutex<IdMap<u32, Arc<Tree>>>,
    pub opens: Mutex<IdMap<u64, Arc<Open>>>,
    pub expired: AtomicBool,
    /// The ClientGuid of the connection that created the session (binding must match).
    pub client_guid: [u8; 16],
    /// Channels (connections) the session is bound to; it ends when the last one closes.
    pub channels: std::sync::atomic::AtomicU32,
    /// The mailboxes of its channels' connections (to wake one that is to adopt work).
    pub channel_outboxes: Mutex<Vec<std::sync::Weak<Outbox>>>,
    /// Waiting CREATEs whose channel was lost while the session lives on other channels:
    /// they go on (a replay of one learns it still runs), run by one of those channels,
    /// their answers dropped with the channel that asked.
    pub orphans: Mutex<Vec<crate::ops::Wait>>,
    /// Who the user is for access checks; a re-authentication replaces it.
    pub logon: Mutex<Logon>,
    /// The logon has an end (a Kerberos ticket): requests look at it.
    pub may_expire: AtomicBool,
    next_tree: AtomicU64,
    nonce_counter: AtomicU64,
}

/// A session's security context (MS-SMB2 3.3.1.8 Session.SecurityContext).
#[derive(Clone, Debug, Default)]
pub struct Logon {
    /// Every SID the user holds, the user's own first (well-known ones included).
    pub sids: Vec<Vec<u8>>,
    /// Authenticated by Kerberos (else NTLM, guest or anonymous).
    pub kerberos: bool,
    /// When the Kerberos ticket ends (engine clock): the session is expired after it
    /// until a re-authentication (MS-SMB2 3.3.5.2.9).
    pub expires_at: Option<std::time::Instant>,
}

impl Session {
    /// Sets the session's security context (at logon and re-authentication).
    pub fn set_logon(&self, l: Logon) {
        self.may_expire
            .store(l.expires_at.is_some(), Ordering::Relaxed);
        *self.logon.lock() = l;
    }

    /// Whether the session's ticket has run out at `now`.
    pub fn expired_at(&self, now: std::time::Instant) -> bool {
        self.logon.lock().expires_at.is_some_and(|t| now >= t)
    }

    /// Records a channel's mailbox (forgetting those of channels gone).
    pub fn add_channel(&self, outbox: &Arc<Outbox>) {
        let mut v = self.channel_outboxes.lock();
        v.retain(|w| w.upgrade().is_some_and(|o| !o.is_closed()));
        v.push(Arc::downgrade(outbox));
    }

    /// Hands waiting CREATEs of a lost channel to the session's other channels.
    pub fn orphan(&self, waits: Vec<crate::ops::Wait>) {
        if waits.is_empty() {
            return;
        }
        self.orphans.lock().extend(waits);
        for o in self
            .channel_outboxes
            .lock()
            .iter()
            .filter_map(|w| w.upgrade())
        {
            o.poke();
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub fn new(
        id: u64,
        user: String,
        domain: String,
        guest: bool,
        anonymous: bool,
        dialect: u16,
        keys: SessionKeys,
        signing_required: bool,
        encrypt_data: bool,
        client_guid: [u8; 16],
    ) -> Self {
        Session {
            client_guid,
            channels: std::sync::atomic::AtomicU32::new(1),
            channel_outboxes: Mutex::new(Vec::new()),
            orphans: Mutex::new(Vec::new()),
            logon: Mutex::new(Logon::default()),
            may_expire: AtomicBool::new(false),
            id,
            user,
            domain,
            guest,
            anonymous,
            dialect,
            keys,
            signing_required,
            encrypt_data,
            trees: Mutex::new(IdMap::default()),
            opens: Mutex::new(IdMap::default()),
            expired: AtomicBool::new(false),
            next_tree: AtomicU64::new(1),
            nonce_counter: AtomicU64::new(1),
        }
    }

    pub fn new_tree_id(&self) -> u32 {
        self.next_tree.fetch_add(1, Ordering::Relaxed) as u32
    }

    /// A nonce never used before with this session's encryption key: a 64-bit counter,
    /// which the 11- or 12-byte AEAD nonce always contains in full.
    pub fn next_nonce(&self) -> [u8; 16] {
        let n = self.nonce_counter.fetch_add(1, Ordering::Relaxed);
        let mut out = [0u8; 16];
        out[..8].copy_from_slice(&n.to_le_bytes());
        out
    }

    pub fn tree(&self, id: u32) -> Option<Arc<Tree>> {
        self.trees.lock().get(&id).cloned()
    }

    pub fn open(&self, volatile: u64) -> Option<Arc<Open>> {
        self.opens.lock().get(&volatile).cloned()
    }
}

pub struct Tree {
    pub id: u32,
    /// None for IPC$.
    pub share: Option<Arc<ShareConfig>>,
    pub encrypt: bool,
    pub maximal_access: u32,
    /// Disconnected (set as it leaves its session's table): a connection's cached
    /// reference to it no longer stands.
    pub gone: AtomicBool,
}

/// What an open refers to.
pub enum OpenKind {
    File(Box<dyn FileObj>),
    Pipe(Mutex<SrvsvcPipe>),
}

/// Directory enumeration state of an open (QUERY_DIRECTORY).
#[derive(Default)]
pub struct DirCursor {
    /// The names of the scan, taken at its start; "." and ".." with their details (the
    /// others are looked up as they are returned).
    pub entries: Option<Vec<(String, Option<crate::backend::FileInfo>)>>,
    /// What the names were taken under: the server's change count and the directory's
    /// write and change times. A restarted scan under the same reuses them.
    pub stamp: Option<(u64, u64, u64)>,
    pub pattern: String,
    pub next: usize,
}

pub struct Open {
    pub file_id: FileId,
    pub tree_id: u32,
    pub session_id: u64,
    pub share: Option<Arc<ShareConfig>>,
    pub path: Mutex<SharePath>,
    /// For an alternate data stream: the file it belongs to and the stream's name (the
    /// stream's own data lives under `path`, in the share's stream depot).
    pub stream: Option<(SharePath, String)>,
    pub kind: OpenKind,
    pub granted_access: u32,
    pub share_access: u32,
    pub is_directory: bool,
    pub create_options: u32,
    pub file: Option<Arc<FileState>>,
    pub dir: Mutex<DirCursor>,
    pub position: AtomicU64,
    pub mode: AtomicU64,
    pub delete_on_close: AtomicBool,
    /// FSCTL_LMR_REQUEST_RESILIENCY was granted on this open.
    pub resilient: AtomicBool,
    /// Where the next FileFullEaInformation query without restart resumes.
    pub ea_cursor: std::sync::atomic::AtomicU32,
    /// Lock sequence replay detection (MS-SMB2 3.3.5.14): per index 1..=64 the last
    /// sequence number that succeeded, or `LOCK_SEQ_NONE`.
    pub lock_seq: Mutex<[u8; 64]>,
    /// Written through this open since it was opened (reported to CHANGE_NOTIFY at close).
    pub modified: AtomicBool,
    /// CHANGE_NOTIFY on a directory: the notify-log position its next request reads from
    /// ([`NOTIFY_UNWATCHED`] until the first request). Changes between two requests are
    /// kept for the next one, as Windows keeps them in the handle's change buffer.
    pub notify_cursor: AtomicU64,
    /// The handle's change buffer, sized by its first CHANGE_NOTIFY (as Windows sizes
    /// it): no answer on the handle carries more, whatever a later request asks.
    pub notify_buffer: std::sync::atomic::AtomicU32,
    /// What the handle's first CHANGE_NOTIFY watched (its completion filter, and
    /// [`NOTIFY_WATCH_TREE`] for the subtree): Windows keeps it for the handle's life,
    /// whatever later requests ask.
    pub notify_watch: AtomicU64,
    pub closed: AtomicBool,
    /// Granted a durable handle: survives the loss of its connection.
    pub durable: Option<Durable>,
    /// Names the open's descriptors in a transport's io_uring file table.
    pub key: crate::fixed::FileKey,
    /// Its place in the server's open-file budget (None for pipes), given back with it.
    pub slot: Option<crate::budget::OpenSlot>,
    /// The Storage QoS flow its READs and WRITEs count to (named by
    /// FSCTL_STORAGE_QOS_CONTROL, or its session's unmanaged flow); `has_qos` says
    /// whether there is one without taking the lock.
    pub qos: Mutex<Option<Arc<crate::qos::Flow>>>,
    pub has_qos: AtomicBool,
    /// The (ClientGuid, CreateGuid) of a CREATE that carried a CreateGuid (DH2Q): a
    /// replay of it is answered with this open.
    pub replay_key: Option<crate::replay::Key>,
    /// Until a request names it (proof that its CREATE's answer arrived), a replay of
    /// its CREATE gets it (MS-SMB2 Open.IsReplayEligible).
    pub replay_eligible: AtomicBool,
    /// What its CREATE did (MS-SMB2 2.2.14 CreateAction), told again to a replay.
    pub create_action: u32,
    /// Its channel sequence (SMB 3.x), checked by every request naming it.
    pub channel: Mutex<crate::replay::ChannelSeq>,
    /// A shared virtual disk open (MS-RSVD): its initiator and tunnel state.
    pub svhdx: Option<Arc<crate::svhdx::SvhdxOpen>>,
}

/// In [`Open::notify_watch`]: the subtree is watched.
pub const NOTIFY_WATCH_TREE: u64 = 1 << 32;

/// [`Open::notify_cursor`] of a handle that has not asked for changes yet.
pub const NOTIFY_UNWATCHED: u64 = u64::MAX;

/// What a durable open was granted (MS-SMB2 2.2.13.2.3/2.2.13.2.11).
#[derive(Clone, Copy, Debug)]
pub struct Durable {
    /// Version 2 (DH2Q) rather than 1 (DHnQ).
    pub v2: bool,
    pub create_guid: [u8; 16],
    /// How long the open is kept after its connection is lost.
    pub timeout_ms: u32,
    /// A persistent handle (continuously available share): journaled, kept across a
    /// restart of the server, not given up to a conflicting open while disconnected.
    pub persistent: bool,
}

/// What makes an open what it is; the rest of an [`Open`] starts the same for all.
pub struct NewOpen {
    pub file_id: FileId,
    pub tree_id: u32,
    pub session_id: u64,
    pub share: Option<Arc<ShareConfig>>,
    pub path: SharePath,
    pub stream: Option<(SharePath, String)>,
    pub kind: OpenKind,
    pub granted_access: u32,
    pub share_access: u32,
    pub is_directory: bool,
    pub create_options: u32,
    pub file: Option<Arc<FileState>>,
    pub delete_on_close: bool,
    pub durable: Option<Durable>,
    pub slot: Option<crate::budget::OpenSlot>,
    pub replay_key: Option<crate::replay::Key>,
    pub create_action: u32,
    /// The ChannelSequence of the CREATE that made it.
    pub channel_sequence: u16,
    pub svhdx: Option<Arc<crate::svhdx::SvhdxOpen>>,
}

impl From<NewOpen> for Open {
    fn from(n: NewOpen) -> Open {
        Open {
            file_id: n.file_id,
            tree_id: n.tree_id,
            session_id: n.session_id,
            share: n.share,
            path: Mutex::new(n.path),
            stream: n.stream,
            kind: n.kind,
            granted_access: n.granted_access,
            share_access: n.share_access,
            is_directory: n.is_directory,
            create_options: n.create_options,
            file: n.file,
            dir: Mutex::new(DirCursor::default()),
            position: AtomicU64::new(0),
            mode: AtomicU64::new(0),
            delete_on_close: AtomicBool::new(n.delete_on_close),
            resilient: AtomicBool::new(false),
            ea_cursor: std::sync::atomic::AtomicU32::new(0),
            notify_cursor: AtomicU64::new(NOTIFY_UNWATCHED),
            notify_buffer: std::sync::atomic::AtomicU32::new(0),
            notify_watch: AtomicU64::new(0),
            lock_seq: Mutex::new([LOCK_SEQ_NONE; 64]),
            modified: AtomicBool::new(false),
            closed: AtomicBool::new(false),
            durable: n.durable,
            key: Default::default(),
            slot: n.slot,
            qos: Mutex::new(None),
            has_qos: AtomicBool::new(false),
            replay_eligible: AtomicBool::new(n.replay_key.is_some()),
            replay_key: n.replay_key,
            create_action: n.create_action,
            channel: Mutex::new(crate::replay::ChannelSeq::new(n.channel_sequence)),
            svhdx: n.svhdx,
        }
    }
}

impl Open {
    /// The same open, now belonging to another session and tree (a durable reconnect).
    pub fn rebind(self, session_id: u64, tree_id: u32) -> Open {
        Open {
            session_id,
            tree_id,
            closed: AtomicBool::new(false),
            ..self
        }
    }

    /// The name a client sees ("\\dir\\file", "\\file:stream").
    pub fn client_name(&self) -> String {
        match &self.stream {
            Some((base, name)) => format!("{}:{name}", crate::names::client_name(base)),
            None => crate::names::client_name(&self.path.lock()),
        }
    }
    pub fn file_obj(&self) -> Option<&dyn FileObj> {
        match &self.kind {
            OpenKind::File(f) => Some(f.as_ref()),
            OpenKind::Pipe(_) => None,
        }
    }
    pub fn can_read(&self) -> bool {
        self.granted_access & (access::FILE_READ_DATA | access::FILE_EXECUTE) != 0
    }
    pub fn can_write(&self) -> bool {
        self.granted_access & (access::FILE_WRITE_DATA | access::FILE_APPEND_DATA) != 0
    }
}

/// No lock sequence recorded in a `lock_seq` bucket.
pub const LOCK_SEQ_NONE: u8 = 0xFF;

/// A byte-range lock held by an open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RangeLock {
    pub owner: FileId,
    pub session_id: u64,
    pub offset: u64,
    pub length: u64,
    pub exclusive: bool,
}

impl RangeLock {
    /// Whether two lock ranges overlap. Ranges end inclusively (a lock may reach the last
    /// byte of the 64-bit space); a zero-length lock at `o` overlaps a range that holds
    /// `o` past its first byte, and two zero-length locks never overlap (Windows).
    fn overlaps(&self, offset: u64, length: u64) -> bool {
        let last = |o: u64, l: u64| o.saturating_add(l - 1);
        match (self.length == 0, length == 0) {
            (true, true) => false,
            (true, false) => offset < self.offset && self.offset <= last(offset, length),
            (false, true) => self.offset < offset && offset <= last(self.offset, self.length),
            (false, false) => {
                self.offset <= last(offset, length) && offset <= last(self.offset, self.length)
            }
        }
    }
}

/// One file as seen by every open of it.
#[derive(Default)]
pub struct FileOpenEntry {
    pub file_id: FileId,
    pub access: u32,
    pub share_access: u32,
    pub session_id: u64,
    /// Oplock held (MS-SMB2 2.2.14 levels: 0, II = 1, exclusive = 8, batch = 9).
    pub oplock: u8,
    /// A break was sent and awaits acknowledgment: the level it breaks to, and when the
    /// server stops waiting.
    pub breaking: Option<(u8, std::time::Instant)>,
    /// Where break notifications for this open go (its connection); None once the
    /// connection is gone (a disconnected durable open).
    pub outbox: Option<Arc<Outbox>>,
    /// The application instance that made the open (MS-SMB2 2.2.13.2.13).
    pub app_instance: Option<[u8; 16]>,
    /// The lease the open belongs to: its client's ClientGuid and the lease key.
    pub lease: Option<([u8; 16], [u8; 16])>,
    /// A persistent handle's: while disconnected it keeps its place (a conflicting open
    /// gets FILE_NOT_AVAILABLE until its owner reclaims it or its time is up).
    pub persistent: bool,
}

impl FileOpenEntry {
    /// MS-FSA 2.1.5.1.2: whether a new open (`access`, `share`) and this one exclude each
    /// other. Opens without data or delete access take no part in sharing (as Windows and
    /// Samba apply it): neither checked nor checked against.
    pub fn share_conflict(&self, access: u32, share: u32) -> bool {
        let data = DATA_READ | DATA_WRITE | access::DELETE;
        if access & data == 0 || self.access & data == 0 {
            return false;
        }
        let wants = |mask| access & mask != 0;
        let has = |mask| self.access & mask != 0;
        (has(DATA_READ) && share & share_access::READ == 0)
            || (has(DATA_WRITE) && share & share_access::WRITE == 0)
            || (has(access::DELETE) && share & share_access::DELETE == 0)
            || (wants(DATA_READ) && self.share_access & share_access::READ == 0)
            || (wants(DATA_WRITE) && self.share_access & share_access::WRITE == 0)
            || (wants(access::DELETE) && self.share_access & share_access::DELETE == 0)
    }

    /// Still waiting for the holder to acknowledge a break (and it can still answer).
    pub fn break_pending(&self) -> bool {
        awaiting_ack(self.breaking.map(|(_, d)| d), &self.outbox)
    }
}

/// A break sent with this deadline still awaits its acknowledgment: the time is not up
/// and the holder's connection can still answer.
fn awaiting_ack(deadline: Option<std::time::Instant>, outbox: &Option<Arc<Outbox>>) -> bool {
    deadline.is_some_and(|d| crate::clock::now() < d)
        && outbox.as_ref().is_some_and(|b| !b.is_closed())
}

pub use crate::limits::OPLOCK_BREAK_TIMEOUT;

pub mod oplock {
    pub const NONE: u8 = 0;
    pub const LEVEL_II: u8 = 1;
    pub const EXCLUSIVE: u8 = 8;
    pub const BATCH: u8 = 9;
    pub const LEASE: u8 = 0xFF;
}

/// Something to send a connection that is not an answer to one of its requests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notice {
    /// MS-SMB2 2.2.23.1: the open's oplock is broken to `level`.
    OplockBreak {
        file_id: FileId,
        session_id: u64,
        level: u8,
    },
    /// MS-SMB2 2.2.23.2: a lease is broken from `current` to `new`.
    LeaseBreak {
        key: [u8; 16],
        epoch: u16,
        ack_required: bool,
        current: u32,
        new: u32,
    },
}

/// A connection's mailbox for notices posted by other connections (possibly on other
/// workers); posting wakes the connection's worker.
#[derive(Default)]
pub struct Outbox {
    notices: Mutex<Vec<Notice>>,
    pending: AtomicBool,
    closed: AtomicBool,
    waker: Mutex<Option<Arc<dyn Fn() + Send + Sync>>>,
    /// The [`WaitClass`]es it is registered for in [`Server::waiters`] (one bit each).
    registered: std::sync::atomic::AtomicU8,
}

/// What a waiting request waits for. The events of a class (an unlock or a close; an
/// acknowledged or settled break; a change in a directory) wake the connections that
/// registered for it, so that nothing needs to look again on a timer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaitClass {
    /// Blocked byte-range locks: unlocks and closes.
    Locks = 0,
    /// CREATEs behind oplock or lease breaks: acknowledgments, closes, holders gone.
    Breaks = 1,
    /// CHANGE_NOTIFY: changes published to the notify hub.
    Notify = 2,
}

/// The connections waiting on each [`WaitClass`], woken (and forgotten) by its next
/// event; a connection still waiting registers again when it looks. Each connection is
/// listed at most once per class.
#[derive(Default)]
pub struct Waiters {
    lists: [Mutex<Vec<std::sync::Weak<Outbox>>>; 3],
}

impl Waiters {
    /// Register before checking the condition: an event after the check then wakes.
    pub fn register(&self, class: WaitClass, o: &Arc<Outbox>) {
        let bit = 1u8 << class as u8;
        if o.registered.fetch_or(bit, Ordering::AcqRel) & bit == 0 {
            let mut l = self.lists[class as usize].lock();
            // Connections that left without an event of the class are let go now and
            // then: the list stays near the number of live waiters.
            if l.len() >= 64 && l.len().is_power_of_two() {
                l.retain(|w| w.strong_count() > 0);
            }
            l.push(Arc::downgrade(o));
        }
    }

    /// Wakes every connection registered for `class`.
    pub fn wake(&self, class: WaitClass) {
        let bit = 1u8 << class as u8;
        let list = std::mem::take(&mut *self.lists[class as usize].lock());
        for w in list {
            if let Some(o) = w.upgrade() {
                o.registered.fetch_and(!bit, Ordering::AcqRel);
                o.poke();
            }
        }
    }

    /// Connections registered for `class` (tests, metrics).
    pub fn count(&self, class: WaitClass) -> usize {
        self.lists[class as usize]
            .lock()
            .iter()
            .filter(|w| w.strong_count() > 0)
            .count()
    }
}

impl Outbox {
    /// Queues a notice; false when the connection is gone or its mailbox is full
    /// ([`crate::limits::MAX_OUTBOX_NOTICES`]): the caller then acts as if the holder
    /// were gone.
    pub fn post(&self, n: Notice) -> bool {
        if self.closed.load(Ordering::Acquire) {
            return false;
        }
        {
            let mut q = self.notices.lock();
            if q.len() >= crate::limits::MAX_OUTBOX_NOTICES {
                return false;
            }
            q.push(n);
        }
        self.pending.store(true, Ordering::Release);
        if let Some(w) = self.waker.lock().clone() {
            w();
        }
        true
    }

    pub fn set_waker(&self, w: Arc<dyn Fn() + Send + Sync>) {
        *self.waker.lock() = Some(w);
    }

    /// Asks the connection to look at its waiting requests again (an event they may wait
    /// for happened); wakes its worker unless a wake is already due.
    pub fn poke(&self) {
        if self.closed.load(Ordering::Acquire) {
            return;
        }
        if !self.pending.swap(true, Ordering::AcqRel) {
            if let Some(w) = self.waker.lock().clone() {
                w();
            }
        }
    }

    pub fn pending(&self) -> bool {
        self.pending.load(Ordering::Acquire)
    }

    pub fn take(&self) -> Vec<Notice> {
        self.pending.store(false, Ordering::Release);
        std::mem::take(&mut *self.notices.lock())
    }

    pub fn close(&self) {
        self.closed.store(true, Ordering::Release);
        self.notices.lock().clear();
        *self.waker.lock() = None;
    }

    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Acquire)
    }
}

#[derive(Default)]
pub struct FileState {
    /// The file's key in the server's table: (device, file id).
    pub key: (u64, u64),
    pub inner: Mutex<FileInner>,
    /// Some open may hold a Level II oplock (lets writes skip the break check).
    pub level2: AtomicBool,
    /// Some lease may be held on the file (likewise).
    pub leased: AtomicBool,
    /// Some byte-range lock may be held (reads and writes skip the conflict check, and
    /// the file's lock, without): set before a lock is added, cleared when the last goes,
    /// both under `inner`'s lock.
    pub range_locked: AtomicBool,
    /// The file mapped for page-cache reads over SMB Direct (`mapped_reads` shares): one
    /// mapping per file, whichever open made it.
    map: Mutex<MapSlot>,
    /// CREATEs of this file pass one at a time (its share-mode check and the open agree),
    /// holding this across their file-system calls, not the server's file table.
    pub create_gate: Mutex<()>,
    /// The shared virtual disk (MS-RSVD) open on the file, while a shared open lives.
    pub vdisk: crate::svhdx::DiskSlot,
    /// CREATEs holding a [`FileRef`] to this state: it stays in the table for them even
    /// with no open (changed under the table's lock only).
    refs: std::sync::atomic::AtomicUsize,
}

/// A CREATE's hold on a file's shared state: the state stays in the server's table while
/// held, and leaves it when the last hold goes with no open made.
pub struct FileRef<'a> {
    server: &'a Server,
    pub key: (u64, u64),
    pub fs: Arc<FileState>,
}

impl Drop for FileRef<'_> {
    fn drop(&mut self) {
        let mut files = self.server.files.shard(&self.key);
        let last = self.fs.refs.fetch_sub(1, Ordering::AcqRel) == 1;
        if last
            && self.fs.inner.lock().opens.is_empty()
            && files
                .get(&self.key)
                .is_some_and(|v| Arc::ptr_eq(v, &self.fs))
        {
            files.remove(&self.key);
        }
    }
}

#[derive(Default)]
enum MapSlot {
    #[default]
    Untried,
    /// The backend cannot map this file.
    Unmappable,
    /// No mapping resources the last time: this many more reads go the usual way first.
    Busy(u32),
    Mapped(Arc<dyn crate::backend::MappedFile>),
}

impl FileState {
    /// CREATEs holding this state (see [`FileRef`]); read under the table's lock.
    pub fn creating(&self) -> bool {
        self.refs.load(Ordering::Acquire) > 0
    }

    /// Whether `inner` holds any byte-range lock, recorded for lock-free readers (call
    /// after removing locks, with `inner` still locked).
    pub fn note_range_locks(&self, inner: &FileInner) {
        self.range_locked
            .store(!inner.locks.is_empty(), Ordering::Release);
    }

    /// The file's mapping if it covers bytes up to `end` (made on first use through `f`;
    /// remade when the file has grown past it or it was damaged).
    pub fn mapping(
        &self,
        f: &dyn FileObj,
        end: u64,
    ) -> Option<Arc<dyn crate::backend::MappedFile>> {
        use crate::backend::Mapping;
        let mut slot = self.map.lock();
        let old = match &mut *slot {
            MapSlot::Unmappable => return None,
            MapSlot::Busy(n) if *n > 0 => {
                *n -= 1;
                return None;
            }
            MapSlot::Mapped(m) if !m.damaged() && end <= m.size() as u64 => return Some(m.clone()),
            MapSlot::Mapped(m) if !m.damaged() => m.size() as u64,
            _ => 0,
        };
        match f.map(old) {
            Mapping::Mapped(m) => {
                let fits = end <= m.size() as u64;
                *slot = MapSlot::Mapped(m.clone());
                fits.then_some(m)
            }
            // A read past the end of a file that has not grown keeps the mapping.
            Mapping::NoLarger => None,
            Mapping::Busy => {
                *slot = MapSlot::Busy(256);
                None
            }
            Mapping::Never => {
                *slot = MapSlot::Unmappable;
                None
            }
        }
    }

    /// The file was truncated or cut short: the next mapped read maps it afresh.
    pub fn unmap(&self) {
        let mut slot = self.map.lock();
        if matches!(*slot, MapSlot::Mapped(_)) {
            *slot = MapSlot::Untried;
        }
    }
}

/// A lease on a file (MS-SMB2 3.3.1.13): shared by every open of one client that names
/// the same key.
pub struct Lease {
    pub client_guid: [u8; 16],
    pub key: [u8; 16],
    /// `lease::R | H | W`.
    pub state: u32,
    /// A break was sent and awaits acknowledgment: the state it breaks to, and when the
    /// server stops waiting.
    pub breaking: Option<(u32, std::time::Instant)>,
    pub epoch: u16,
    /// Version 2 (SMB 3: epochs, parent keys).
    pub v2: bool,
    pub parent: Option<[u8; 16]>,
    /// The connection of the lease's latest open: where its breaks go.
    pub outbox: Option<Arc<Outbox>>,
    /// A further break asked for while one was in flight: sent after the acknowledgment.
    pub deferred: Option<u32>,
}

impl Lease {
    pub fn break_pending(&self) -> bool {
        awaiting_ack(self.breaking.map(|(_, d)| d), &self.outbox)
    }
}

#[derive(Default)]
pub struct FileInner {
    pub opens: Vec<FileOpenEntry>,
    pub leases: Vec<Lease>,
    pub delete_pending: bool,
    pub locks: Vec<RangeLock>,
}

const DATA_READ: u32 = access::FILE_READ_DATA | access::FILE_EXECUTE;
const DATA_WRITE: u32 = access::FILE_WRITE_DATA | access::FILE_APPEND_DATA;

impl FileInner {
    /// MS-FSA 2.1.5.1.2 share-access check of a new open against the existing ones.
    pub fn share_conflict(&self, access: u32, share: u32) -> bool {
        self.opens.iter().any(|o| o.share_conflict(access, share))
    }

    /// Whether an I/O by `owner` on the range conflicts with someone's lock (MS-FSA 2.1.4.10).
    pub fn io_conflict(&self, owner: FileId, offset: u64, length: u64, write: bool) -> bool {
        // Zero-length locks and I/O never conflict (MS-FSA 2.1.4.10).
        self.locks.iter().any(|l| {
            l.length != 0
                && length != 0
                && l.overlaps(offset, length)
                && (l.owner != owner && (write || l.exclusive)
                    || (l.owner == owner && write && !l.exclusive))
        })
    }

    /// Whether a new lock conflicts with held ones (MS-FSA 2.1.5.7): an exclusive request
    /// conflicts with any overlapping lock; a shared one with another open's overlapping
    /// exclusive lock (an open may stack shared locks on its own exclusive range).
    pub fn lock_conflict(&self, new: &RangeLock) -> bool {
        self.locks.iter().any(|l| {
            l.overlaps(new.offset, new.length)
                && (new.exclusive || (l.exclusive && l.owner != new.owner))
        })
    }
}

/// A change on a share, for CHANGE_NOTIFY (MS-FSCC 2.7.1 actions).
#[derive(Clone, Debug)]
pub struct ChangeEvent {
    pub seq: u64,
    pub share: String,
    /// Directory the change happened in.
    pub dir: SharePath,
    pub action: u32,
    pub name: String,
    /// FILE_NOTIFY_CHANGE_* bits this change matches.
    pub filter: u32,
}

pub mod notify_action {
    pub const ADDED: u32 = 1;
    pub const REMOVED: u32 = 2;
    pub const MODIFIED: u32 = 3;
    pub const RENAMED_OLD_NAME: u32 = 4;
    pub const RENAMED_NEW_NAME: u32 = 5;
}

pub mod notify_filter {
    pub const FILE_NAME: u32 = 0x001;
    pub const DIR_NAME: u32 = 0x002;
    pub const ATTRIBUTES: u32 = 0x004;
    pub const SIZE: u32 = 0x008;
    pub const LAST_WRITE: u32 = 0x010;
    pub const LAST_ACCESS: u32 = 0x020;
    pub const CREATION: u32 = 0x040;
}

/// A bounded log of recent changes; waiting CHANGE_NOTIFY requests read events past the
/// sequence number they registered at.
#[derive(Default)]
pub struct NotifyHub {
    events: Mutex<VecDeque<ChangeEvent>>,
    seq: AtomicU64,
}

use crate::limits::NOTIFY_LOG_LEN;

impl NotifyHub {
    pub fn current(&self) -> u64 {
        self.seq.load(Ordering::Acquire)
    }

    pub fn publish(&self, share: &str, path: &SharePath, action: u32, filter: u32) {
        let first = path.as_str().split('/').next().unwrap_or("");
        if first.eq_ignore_ascii_case(crate::names::STREAM_DEPOT) {
            return;
        }
        let Some((dir, name)) = path.split_last() else {
            return;
        };
        let mut ev = self.events.lock();
        let seq = self.seq.load(Ordering::Relaxed) + 1;
        if ev.len() == NOTIFY_LOG_LEN {
            ev.pop_front();
        }
        ev.push_back(ChangeEvent {
            seq,
            share: share.to_string(),
            dir,
            action,
            name: name.to_string(),
            filter,
        });
        self.seq.store(seq, Ordering::Release);
    }

    /// Events after `since` in `dir` (or below it, with `tree`) matching `filter`. The bool
    /// is true when the log no longer reaches back to `since` (answer NOTIFY_ENUM_DIR);
    /// the number is the log position read up to (where the next look starts).
    pub fn since(
        &self,
        since: u64,
        share: &str,
        dir: &SharePath,
        tree: bool,
        filter: u32,
    ) -> (Vec<ChangeEvent>, bool, u64) {
        let ev = self.events.lock();
        // (Published under the same lock: the log and its position agree.)
        let upto = self.seq.load(Ordering::Acquire);
        let lost = ev.front().is_some_and(|e| e.seq > since + 1);
        let mut out = Vec::new();
        for e in ev.iter().filter(|e| e.seq > since) {
            if e.share != share || e.filter & filter == 0 {
                continue;
            }
            let rel = if &e.dir == dir {
                Some(e.name.clone())
            } else if tree
                && (dir.is_root() || e.dir.as_str().starts_with(&format!("{}/", dir.as_str())))
            {
                let prefix = if dir.is_root() {
                    0
                } else {
                    dir.as_str().len() + 1
                };
                Some(format!("{}/{}", &e.dir.as_str()[prefix..], e.name))
            } else {
                None
            };
            if let Some(name) = rel {
                let mut e = e.clone();
                e.name = name.replace('/', "\\");
                // A name change seen by a watcher of its other bits only (a renamed
                // file's attributes) is, to that watcher, a modification.
                let names = notify_filter::FILE_NAME | notify_filter::DIR_NAME;
                if e.filter & filter & names == 0 {
                    e.action = notify_action::MODIFIED;
                }
                out.push(e);
            }
        }
        (out, lost, upto)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notice(i: u64) -> Notice {
        Notice::OplockBreak {
            file_id: FileId {
                persistent: i,
                volatile: i,
            },
            session_id: 1,
            level: 0,
        }
    }

    #[test]
    fn a_full_mailbox_takes_no_more_and_a_drained_one_does() {
        let o = Outbox::default();
        for i in 0..crate::limits::MAX_OUTBOX_NOTICES as u64 {
            assert!(o.post(notice(i)));
        }
        assert!(!o.post(notice(0)), "past the bound the break is not queued");
        assert_eq!(o.take().len(), crate::limits::MAX_OUTBOX_NOTICES);
        assert!(o.post(notice(1)));
        o.close();
        assert!(!o.post(notice(2)));
    }

    #[test]
    fn waiters_are_woken_once_per_registration_and_let_go_when_gone() {
        let w = Waiters::default();
        let woken = Arc::new(AtomicU64::new(0));
        let o = Arc::new(Outbox::default());
        let n = woken.clone();
        o.set_waker(Arc::new(move || {
            n.fetch_add(1, Ordering::AcqRel);
        }));
        w.register(WaitClass::Locks, &o);
        w.register(WaitClass::Locks, &o);
        assert_eq!(w.count(WaitClass::Locks), 1, "listed once");
        w.wake(WaitClass::Notify);
        assert_eq!(woken.load(Ordering::Acquire), 0, "another class");
        w.wake(WaitClass::Locks);
        w.wake(WaitClass::Locks);
        assert_eq!(woken.load(Ordering::Acquire), 1, "woken once");
        assert!(o.pending());
        o.take();
        // A connection that goes away is let go without an event.
        for _ in 0..200 {
            let gone = Arc::new(Outbox::default());
            w.register(WaitClass::Notify, &gone);
        }
        w.register(WaitClass::Notify, &o);
        assert!(w.lists[WaitClass::Notify as usize].lock().len() <= 130);
        assert_eq!(w.count(WaitClass::Notify), 1);
    }
}
