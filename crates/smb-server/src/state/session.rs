//! Sessions (their keys and security context) and tree connects.

use super::*;

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
    /// Its channels' connections: their mailboxes (to wake one that is to adopt work),
    /// and who and how (for the administrator).
    pub channel_outboxes: Mutex<Vec<Channel>>,
    /// Waiting CREATEs whose channel was lost while the session lives on other channels:
    /// they go on (a replay of one learns it still runs), run by one of those channels,
    /// their answers dropped with the channel that asked.
    pub orphans: Mutex<Vec<CreateWait>>,
    /// Who the user is for access checks; a re-authentication replaces it.
    pub logon: Mutex<Logon>,
    /// The logon has an end (a Kerberos ticket): requests look at it.
    pub may_expire: AtomicBool,
    /// When it began and when its last request came (engine FILETIME; 0: not known),
    /// for the administrator's connected and idle times.
    pub started: AtomicU64,
    pub last_request: AtomicU64,
    next_tree: AtomicU64,
    nonce_counter: AtomicU64,
}

/// One of a session's channels.
pub struct Channel {
    pub outbox: std::sync::Weak<Outbox>,
    /// The client's address, as its connection names it.
    pub peer: String,
    pub rdma: bool,
}

impl Channel {
    fn up(&self) -> bool {
        self.outbox.upgrade().is_some_and(|o| !o.is_closed())
    }
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

    /// Records a channel: its connection's mailbox, the client's address and whether
    /// it is SMB Direct (forgetting channels gone).
    pub fn add_channel(&self, outbox: &Arc<Outbox>, peer: &str, rdma: bool) {
        let mut v = self.channel_outboxes.lock();
        v.retain(Channel::up);
        v.push(Channel {
            outbox: Arc::downgrade(outbox),
            peer: peer.to_string(),
            rdma,
        });
    }

    /// The channels still up.
    pub fn live_channels(&self) -> Vec<(String, bool)> {
        let mut v = self.channel_outboxes.lock();
        v.retain(Channel::up);
        v.iter().map(|c| (c.peer.clone(), c.rdma)).collect()
    }

    /// Hands waiting CREATEs of a lost channel to the session's other channels.
    pub fn orphan(&self, waits: Vec<CreateWait>) {
        if waits.is_empty() {
            return;
        }
        self.orphans.lock().extend(waits);
        for o in self
            .channel_outboxes
            .lock()
            .iter()
            .filter_map(|c| c.outbox.upgrade())
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
            started: AtomicU64::new(0),
            last_request: AtomicU64::new(0),
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

/// A request that runs again once the breaks it started are acknowledged.
pub struct CreateWait {
    pub file: Arc<FileState>,
    pub msg: Vec<u8>,
    pub hdr: smb_wire::header::Header,
    pub tree: Arc<Tree>,
    pub encrypted: bool,
    pub dialect: u16,
    pub outbox: Arc<Outbox>,
    pub multichannel: bool,
    /// The CreateGuid the CREATE claimed, kept while it waits.
    pub claimed: Option<crate::replay::Reserved>,
}
