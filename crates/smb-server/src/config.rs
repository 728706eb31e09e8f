//! Engine configuration, fixed at start.

use crate::backend::Share;
use std::sync::Arc;

/// One exported share.
#[derive(Clone)]
pub struct ShareConfig {
    /// Name as clients type it (matched case-insensitively).
    pub name: String,
    pub comment: String,
    pub backend: Arc<dyn Share>,
    /// Require SMB3 encryption for every request on this share (MS-SMB2 3.3.5.7).
    pub encrypt: bool,
    pub read_only: bool,
    /// Open files with O_DIRECT (bypass the page cache).
    pub direct_io: bool,
    /// Aligned direct reads go through the transport's polled (IOPOLL) ring.
    pub io_poll: bool,
    /// Storage I/O the transport issues goes through a ring with a submission thread
    /// (SQPOLL).
    pub sqpoll: bool,
    /// READ data over SMB Direct leaves straight from the page cache (the file mapped,
    /// the fabric's data mover reading it) where the transport can do so.
    pub mapped_reads: bool,
    /// Opens on this share ask for fdatasync on every write.
    pub write_through: bool,
    /// Continuously available (SHARE_CAP_CONTINUOUS_AVAILABILITY): persistent handles are
    /// granted here, journaled, and written through.
    pub continuous_availability: bool,
    /// Served by every node of a cluster at once (SHARE_CAP_SCALEOUT): its persistent
    /// opens are journaled where the other nodes can take them over, and no caching
    /// (oplock or lease) is granted on it, since another node's client may change a
    /// file at any time.
    pub scale_out: bool,
    /// Shared VHDX (MS-RSVD): `.vhdx` files here open as shared virtual SCSI disks for
    /// guest clusters when a client asks with the SVHDX context.
    pub rsvd: bool,
    /// Share permissions (checked at TREE_CONNECT and on every CREATE, before the
    /// files' own descriptors); `None` lets every authenticated user in, as before.
    pub access: Option<Vec<ShareAce>>,
    /// Only Kerberos sessions may connect (NTLM sessions get ACCESS_DENIED).
    pub require_kerberos: bool,
    /// Access-based enumeration: a listing leaves out what the caller may not read
    /// (SHI1005_FLAGS_ACCESS_BASED_DIRECTORY_ENUM).
    pub access_based_enumeration: bool,
    /// A DFS namespace root (MS-DFSC): its links (None: an ordinary share).
    pub dfs: Option<Vec<DfsLink>>,
    /// Writes move the write time clients see at once, as Windows Server 2019 and later
    /// do; otherwise two seconds after a handle's first write, or at a flush or its
    /// close, as Windows Server 2016 and Samba do (see `state::WriteTimes`).
    pub immediate_write_time: bool,
}

/// Who a share permission names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trustee {
    Sid(Vec<u8>),
    /// `DOMAIN\name` the configuration could not turn into a SID: it matches a
    /// session of that user by name (a group never matches this way).
    Name {
        domain: String,
        name: String,
    },
}

/// One share permission: an allow or deny of file rights to a trustee.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShareAce {
    pub trustee: Trustee,
    pub allow: bool,
    pub rights: u32,
}

/// Share rights as Windows' share permission dialog names them.
pub mod share_rights {
    pub const READ: u32 = 0x0012_00A9;
    pub const CHANGE: u32 = 0x0013_01BF;
    pub const FULL: u32 = 0x001F_01FF;
}

/// The rights share permissions grant a logon (its SIDs; for a Kerberos logon also
/// its user and domain names from the PAC, `None` otherwise): denies take away what any
/// allow gives, as in a DACL in canonical order.
pub fn share_granted(aces: &[ShareAce], sids: &[Vec<u8>], pac_names: Option<(&str, &str)>) -> u32 {
    let (mut allow, mut deny) = (0u32, 0u32);
    for a in aces {
        let hit = match (&a.trustee, pac_names) {
            (Trustee::Sid(s), _) => sids.iter().any(|x| x == s),
            (Trustee::Name { domain: d, name }, Some((domain, user))) => {
                name.eq_ignore_ascii_case(user) && (d.is_empty() || d.eq_ignore_ascii_case(domain))
            }
            (Trustee::Name { .. }, None) => false,
        };
        if hit {
            if a.allow {
                allow |= a.rights;
            } else {
                deny |= a.rights;
            }
        }
    }
    allow & !deny
}

/// The Kerberos acceptor the server runs (a keytab behind it).
#[derive(Clone)]
pub struct Kerberos(pub Arc<dyn smb_auth::kerberos::KerberosFactory>);

impl std::fmt::Debug for Kerberos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Kerberos")
    }
}

impl ShareConfig {
    /// A share named `name` over `backend` with every option off.
    pub fn plain(name: &str, backend: Arc<dyn Share>) -> ShareConfig {
        ShareConfig {
            name: name.into(),
            comment: String::new(),
            backend,
            encrypt: false,
            read_only: false,
            direct_io: false,
            io_poll: false,
            sqpoll: false,
            mapped_reads: false,
            write_through: false,
            continuous_availability: false,
            scale_out: false,
            rsvd: false,
            access: None,
            require_kerberos: false,
            access_based_enumeration: false,
            dfs: None,
            immediate_write_time: false,
        }
    }
}

impl std::fmt::Debug for ShareConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ShareConfig")
            .field("name", &self.name)
            .field("encrypt", &self.encrypt)
            .field("read_only", &self.read_only)
            .finish()
    }
}

/// An interface advertised by FSCTL_QUERY_NETWORK_INTERFACE_INFO.
#[derive(Clone, Debug)]
pub struct InterfaceConfig {
    pub index: u32,
    pub rdma: bool,
    pub rss: bool,
    pub speed_bps: u64,
    pub addr: std::net::SocketAddr,
}

#[derive(Clone, Debug)]
pub struct ServerConfig {
    pub server_guid: [u8; 16],
    pub netbios_name: String,
    pub domain: String,
    pub dns_domain: String,
    /// Require signing on every session that is not guest or anonymous.
    pub require_signing: bool,
    /// Encrypt every session (as if every share had `encrypt`).
    pub encrypt_all: bool,
    /// Map unknown users and anonymous logons to guest.
    pub allow_guest: bool,
    /// Lowest and highest dialect offered (0x0202 .. 0x0311).
    pub min_dialect: u16,
    pub max_dialect: u16,
    pub max_read_size: u32,
    pub max_write_size: u32,
    pub max_transact_size: u32,
    /// Most credits a connection may hold (MS-SMB2 3.3.1.2).
    pub max_credits: u16,
    /// Preferred ciphers in order (MS-SMB2 cipher ids).
    pub ciphers: Vec<u16>,
    pub max_sessions_per_connection: usize,
    pub max_opens_per_session: usize,
    /// Opens and durable handles per process and per user (see [`crate::budget`]).
    pub open_limits: crate::budget::OpenLimits,
    /// Byte-range locks one open may hold (STATUS_INSUFFICIENT_RESOURCES past it).
    pub max_locks_per_open: usize,
    /// Requests one compound may hold; later ones get STATUS_INSUFFICIENT_RESOURCES.
    pub max_compound: usize,
    /// Failed-logon throttling (see [`crate::logon`]).
    pub logon_limits: crate::logon::LogonLimits,
    pub interfaces: Vec<InterfaceConfig>,
    /// Storage QoS policies and the default for flows without one.
    pub qos: crate::qos::QosConfig,
    /// Kerberos logons (MS-KILE), when the node has a keytab.
    pub kerberos: Option<Kerberos>,
    /// NTLM logons accepted (a domain that blocks NTLM turns this off).
    pub ntlm: bool,
    /// The local machine domain (S-1-5-21-a-b-c, binary): local users' SIDs are made
    /// under it.
    pub local_domain_sid: Vec<u8>,
    /// Names the configuration gives SIDs (`DOMAIN\name`, binary SID): lsarpc
    /// translates them both ways.
    pub sid_names: Vec<(String, Vec<u8>)>,
    /// Accounts the domain's directory named at start (those share access lists use):
    /// lsarpc translates them both ways, with their kinds.
    pub directory_accounts: Vec<smb_wire::dcerpc::Account>,
    /// Who administers the node over RPC (srvsvc sessions, open files, connections),
    /// besides BUILTIN\Administrators and a domain's Domain Admins: allow entries.
    pub administrators: Vec<ShareAce>,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            server_guid: *b"smbdirectd-guid!",
            netbios_name: "SMBDIRECTD".into(),
            domain: "WORKGROUP".into(),
            dns_domain: "localdomain".into(),
            require_signing: true,
            encrypt_all: false,
            allow_guest: false,
            min_dialect: 0x0202,
            max_dialect: 0x0311,
            max_read_size: 8 << 20,
            max_write_size: 8 << 20,
            max_transact_size: 8 << 20,
            max_credits: 8192,
            ciphers: vec![2, 1, 4, 3],
            max_sessions_per_connection: 64,
            max_opens_per_session: 16384,
            open_limits: Default::default(),
            max_locks_per_open: 16384,
            logon_limits: Default::default(),
            max_compound: 256,
            interfaces: Vec::new(),
            qos: Default::default(),
            kerberos: None,
            ntlm: true,
            local_domain_sid: smb_wire::secdesc::sid_from_str("S-1-5-21-1-2-3").expect("SID"),
            sid_names: Vec::new(),
            administrators: Vec::new(),
            directory_accounts: Vec::new(),
        }
    }
}

/// One link of a namespace: its path below the root and where it leads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DfsLink {
    /// Below the root share, components separated by `\` (`vms`, `projects\vm1`).
    pub name: String,
    /// UNC paths of the targets (`\\host\share` or `\\host\share\dir`), in order of
    /// preference.
    pub targets: Vec<String>,
}
