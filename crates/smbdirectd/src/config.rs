//! The daemon's TOML configuration: every key is documented in config/smbdirectd.toml, and
//! an unknown key or a bad value is refused at start with a message naming it.

use anyhow::{bail, Context, Result};
use serde::Deserialize;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

mod ceph;
mod qos;
mod spdk;
mod witness;
pub use ceph::{node_id, share_session, CephSection};
pub use qos::{parse_guid, QosPolicySection, QosSection};
pub use spdk::{ShareBackend, SpdkSection};
pub use witness::WitnessSection;

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct Config {
    #[serde(default)]
    pub server: ServerSection,
    #[serde(default)]
    pub security: SecuritySection,
    #[serde(default)]
    pub workers: WorkersSection,
    #[serde(default)]
    pub log: LogSection,
    #[serde(default)]
    pub metrics: MetricsSection,
    #[serde(default)]
    pub limits: LimitsSection,
    #[serde(default)]
    pub smbdirect: SmbDirectSection,
    #[serde(default)]
    pub qos: QosSection,
    #[serde(default)]
    pub kerberos: KerberosSection,
    #[serde(default)]
    pub spdk: SpdkSection,
    #[serde(default)]
    pub ceph: CephSection,
    #[serde(default)]
    pub witness: WitnessSection,
    #[serde(default, rename = "share")]
    pub shares: Vec<ShareSection>,
}

/// Kerberos logons (a domain member): the service keytab, and what to check in it.
#[derive(Debug, Deserialize, Clone, Default)]
#[serde(deny_unknown_fields)]
pub struct KerberosSection {
    /// The service keytab (keys of `cifs/<node>` and the computer account); none: no
    /// Kerberos.
    #[serde(default)]
    pub keytab: Option<PathBuf>,
    /// The realm (LAB.EXAMPLE.COM): names the default principal to check.
    #[serde(default)]
    pub realm: String,
    /// Principals the keytab must hold keys for (checked at start); default
    /// `cifs/<netbios_name>.<realm>@REALM`.
    #[serde(default)]
    pub principals: Vec<String>,
    /// The krb5.conf MIT Kerberos reads (clock skew, enctypes); default its own.
    #[serde(default)]
    pub krb5_conf: Option<PathBuf>,
    /// The replay cache; default `<state_dir>/krb5.rcache`.
    #[serde(default)]
    pub rcache: Option<PathBuf>,
    /// Accept tickets encrypted with RC4-HMAC (accounts without AES keys); AES only
    /// otherwise.
    #[serde(default)]
    pub allow_rc4: bool,
    /// A domain controller's host name (`dc1.lab.example.com`): names in share access
    /// lists are looked up in its directory at start (LDAP, bound as the computer
    /// account with Kerberos, signed and sealed). None: names need `[security.names]`.
    #[serde(default)]
    pub ldap_server: Option<String>,
    /// Where to reach it (`host:port`); default `<ldap_server>:389`.
    #[serde(default)]
    pub ldap_address: Option<String>,
    /// The computer account the node binds as, with its keys in the keytab; default
    /// `<netbios_name>$`.
    #[serde(default)]
    pub machine_account: Option<String>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct ServerSection {
    #[serde(default = "default_listen")]
    pub listen: Vec<SocketAddr>,
    #[serde(default = "default_name")]
    pub netbios_name: String,
    #[serde(default = "default_domain")]
    pub domain: String,
    #[serde(default = "default_state_dir")]
    pub state_dir: PathBuf,
    /// The local admin socket (`smbdirectd status`, `close-file`, `logoff`); default
    /// `<state_dir>/admin.sock`.
    #[serde(default)]
    pub admin_socket: Option<PathBuf>,
    /// A group (name or number) whose members may use the admin socket besides root
    /// and the node's own user.
    #[serde(default)]
    pub admin_group: Option<String>,
    #[serde(default = "default_max_io")]
    pub max_read_size: u32,
    #[serde(default = "default_max_io")]
    pub max_write_size: u32,
    /// Largest IOCTL input or output (MaxTransactSize), bytes: 64 KiB ..= 8 MiB.
    #[serde(default = "default_max_io")]
    pub max_transact_size: u32,
    #[serde(default = "default_max_credits")]
    pub max_credits: u16,
    #[serde(default = "default_max_connections")]
    pub max_connections: usize,
    #[serde(default = "default_min_dialect")]
    pub min_dialect: String,
    /// SMB Direct listeners, "PROVIDER=ADDR:PORT" (e.g. "iwarp=127.0.0.1:5445").
    #[serde(default)]
    pub smbdirect: Vec<String>,
    /// Link speed reported to multichannel clients, in Mb/s.
    #[serde(default = "default_speed")]
    pub interface_speed_mbps: u64,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct SecuritySection {
    #[serde(default = "yes")]
    pub require_signing: bool,
    #[serde(default)]
    pub encrypt_all: bool,
    #[serde(default)]
    pub allow_guest: bool,
    #[serde(default)]
    pub users: Option<PathBuf>,
    #[serde(default = "default_ciphers")]
    pub ciphers: Vec<String>,
    /// Accept NTLM logons (local users). A node in a domain that blocks NTLM sets
    /// false: such logons get STATUS_NTLM_BLOCKED.
    #[serde(default = "yes")]
    pub ntlm: bool,
    /// The machine domain SID local users' SIDs are made under; default one made at
    /// first start and kept in `<state_dir>/machine-sid`. ("S-1-5-21-1-2-3" keeps the
    /// SIDs of releases before it.)
    #[serde(default)]
    pub machine_sid: Option<String>,
    /// SIDs of names that share access lists use (`"LAB\\Hyper-V Admins" = "S-1-5-21-..."`).
    #[serde(default)]
    pub names: std::collections::BTreeMap<String, String>,
    /// Who administers the node over RPC (Computer Management's sessions and open files,
    /// `net rpc file`, `rpcclient netsessenum`), besides BUILTIN\Administrators and a
    /// domain's Domain Admins: users, groups or SIDs, as share access lists name them.
    #[serde(default)]
    pub administrators: Vec<String>,
    /// Directories under which an administrator may make shares over RPC (NetShareAdd:
    /// Computer Management, `net share`, `net rpc share add`); empty, the default: none.
    #[serde(default)]
    pub share_roots: Vec<PathBuf>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct WorkersSection {
    /// Number of worker threads; 0 = one per online CPU.
    #[serde(default)]
    pub count: usize,
    /// CPUs to pin workers to, in order; empty = 0, 1, 2...
    #[serde(default)]
    pub cpus: Vec<usize>,
    #[serde(default = "default_poll")]
    pub poll: String,
    /// Adaptive polling: spin this long without work before sleeping.
    #[serde(default = "default_idle_spin")]
    pub idle_spin_us: u64,
    #[serde(default = "default_ring_entries")]
    pub ring_entries: u32,
    /// Registered memory per worker for SMB Direct payloads (64 KiB buffers shared by the
    /// worker's connections), MiB; mapped at start. Only with SMB Direct listeners.
    #[serde(default = "default_buffer_pool_mib")]
    pub buffer_pool_mib: usize,
    /// Back the pool with huge pages when the system has them reserved
    /// (vm.nr_hugepages); without them it falls back to 4 KiB pages with a warning.
    #[serde(default = "default_true")]
    pub hugepages: bool,
    /// How READs reach storage: "uring" (the worker's io_uring: the worker serves other
    /// requests while a read is in flight, and a page-cache miss stalls nobody) or
    /// "sync" (pread on the worker).
    #[serde(default = "default_storage_io")]
    pub storage_io: String,
    /// io_uring SQPOLL: a kernel thread polls each worker's submission queue and sleeps
    /// after this many idle milliseconds; 0 = off (it costs a core while awake).
    #[serde(default)]
    pub sqpoll_idle_ms: u32,
}

/// What one client may make the server hold: every bound a peer can push against, in one
/// place (documented in config/smbdirectd.toml).
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct LimitsSection {
    /// Longest PDU a connection may send before it has authenticated, bytes.
    #[serde(default = "default_preauth_max_pdu")]
    pub preauth_max_pdu_bytes: usize,
    /// Responses (and READ data in flight to them) queued for one connection, bytes; past
    /// this the connection's requests are not read until it takes what was sent.
    #[serde(default = "default_send_queue")]
    pub send_queue_bytes: usize,
    /// A connection that has not authenticated this long after it was accepted is closed.
    #[serde(default = "default_handshake_timeout")]
    pub handshake_timeout_s: u64,
    /// An authenticated connection silent this long while its sessions hold no open (and
    /// nothing waits) is closed; 0 = never.
    #[serde(default = "default_idle_timeout")]
    pub idle_timeout_s: u64,
    /// Connections (TCP and SMB Direct) one client address may hold.
    #[serde(default = "default_per_address")]
    pub max_connections_per_address: u32,
    /// Descriptors all open files together may hold; 0 = what RLIMIT_NOFILE leaves after
    /// server.max_connections sockets and a reserve of 256.
    #[serde(default)]
    pub max_open_files: u64,
    /// Descriptors one user's opens may hold; 0 = half of max_open_files.
    #[serde(default)]
    pub max_opens_per_user: u64,
    /// Opens one session may hold.
    #[serde(default = "default_opens_per_session")]
    pub max_opens_per_session: usize,
    /// Durable handles held in all, connected or waiting for a reconnect; 0 = half of
    /// max_open_files.
    #[serde(default)]
    pub max_durable_handles: u64,
    /// Durable handles of one user; 0 = a quarter of max_open_files.
    #[serde(default)]
    pub max_durable_handles_per_user: u64,
    /// Byte-range locks one open may hold.
    #[serde(default = "default_locks_per_open")]
    pub max_locks_per_open: usize,
    /// A failed logon's answer is held back this long, ms; 0 = answered at once.
    #[serde(default = "default_logon_delay")]
    pub logon_failure_delay_ms: u64,
    /// Failed logons from one address per window before its logons are refused unchecked
    /// for the rest of the window; 0 = no bound.
    #[serde(default = "default_logon_failures")]
    pub logon_failures_per_address: u32,
    /// Failed logons naming one user per window before they are logged and slowed
    /// (never locked out); 0 = no bound.
    #[serde(default = "default_logon_failures")]
    pub logon_failures_per_user: u32,
    /// The window of the two bounds above, seconds.
    #[serde(default = "default_logon_window")]
    pub logon_failure_window_s: u64,
    /// Requests one compound may hold; later ones are answered INSUFFICIENT_RESOURCES.
    #[serde(default = "default_max_compound")]
    pub max_compound: usize,
    /// Sessions one connection may set up (a further SESSION_SETUP is answered
    /// STATUS_INSUFFICIENT_RESOURCES); each holds keys and a place in the tables.
    #[serde(default = "default_sessions_per_connection")]
    pub max_sessions_per_connection: usize,
}

fn default_sessions_per_connection() -> usize {
    64
}

/// SMB Direct (MS-SMBD) connection parameters, offered in its negotiation.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct SmbDirectSection {
    /// Receive credits granted to a peer: messages it may have in flight (each holds a
    /// posted receive of max_receive_size bytes).
    #[serde(default = "default_smbd_credits")]
    pub receive_credits: u16,
    /// Send credits asked of the peer.
    #[serde(default = "default_smbd_credits")]
    pub send_credit_target: u16,
    /// Largest single message received, bytes.
    #[serde(default = "default_smbd_receive")]
    pub max_receive_size: u32,
    /// Largest message reassembled from fragments, bytes.
    #[serde(default = "default_smbd_fragmented")]
    pub max_fragmented_size: u32,
    /// Idle time after which a keepalive is asked for, seconds.
    #[serde(default = "default_smbd_keepalive")]
    pub keepalive_interval_s: u64,
    /// How long an asked keepalive may take before the peer counts as gone, seconds.
    #[serde(default = "default_smbd_keepalive_timeout")]
    pub keepalive_timeout_s: u64,
    /// Receives shared by a worker's connections (per listener), each of
    /// max_receive_size bytes; 0: each connection posts receive_credits of its own.
    #[serde(default = "default_smbd_shared_receives")]
    pub shared_receives: u32,
}

fn default_smbd_shared_receives() -> u32 {
    1024
}

fn default_smbd_credits() -> u16 {
    255
}
fn default_smbd_receive() -> u32 {
    8192
}
fn default_smbd_fragmented() -> u32 {
    1 << 20
}
fn default_smbd_keepalive() -> u64 {
    120
}
fn default_smbd_keepalive_timeout() -> u64 {
    5
}

impl Default for SmbDirectSection {
    fn default() -> Self {
        toml::from_str("").expect("defaults")
    }
}

impl Config {
    /// The SMB Direct parameters of this configuration (read and write sizes follow
    /// `server.max_read_size` and `server.max_write_size`).
    pub fn smbdirect_config(&self) -> smbdirect::Config {
        let s = &self.smbdirect;
        smbdirect::Config {
            receive_credit_max: s.receive_credits,
            send_credit_target: s.send_credit_target,
            max_receive_size: s.max_receive_size,
            max_fragmented_size: s.max_fragmented_size,
            max_read_write_size: self.server.max_read_size.max(self.server.max_write_size),
            keepalive_interval_ms: s.keepalive_interval_s * 1000,
            keepalive_timeout_ms: s.keepalive_timeout_s * 1000,
            shared_receives: s.shared_receives,
            ..smbdirect::Config::default()
        }
    }
}

fn default_max_compound() -> usize {
    256
}
fn default_logon_delay() -> u64 {
    2000
}
fn default_logon_failures() -> u32 {
    30
}
fn default_logon_window() -> u64 {
    60
}

fn default_opens_per_session() -> usize {
    16384
}
fn default_locks_per_open() -> usize {
    16384
}

fn default_handshake_timeout() -> u64 {
    30
}
fn default_idle_timeout() -> u64 {
    900
}
fn default_per_address() -> u32 {
    256
}

fn default_preauth_max_pdu() -> usize {
    64 * 1024
}
fn default_send_queue() -> usize {
    16 << 20
}

impl Default for LimitsSection {
    fn default() -> Self {
        toml::from_str("").expect("defaults")
    }
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct MetricsSection {
    /// Address of the Prometheus exporter (/metrics, /healthz, /readyz); none = off.
    #[serde(default)]
    pub listen: Option<SocketAddr>,
    /// Count requests, bytes and latencies at all.
    #[serde(default = "default_true")]
    pub enabled: bool,
}

impl Default for MetricsSection {
    fn default() -> Self {
        MetricsSection {
            listen: None,
            enabled: true,
        }
    }
}

fn default_true() -> bool {
    true
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct LogSection {
    #[serde(default = "default_level")]
    pub level: String,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct ShareSection {
    pub name: String,
    /// The directory shared (`backend = "dir"`), or the directory of the Ceph file
    /// system (`backend = "cephfs"`); unused by an SPDK share.
    #[serde(default)]
    pub path: PathBuf,
    /// Where the share lives: a directory (`dir`), an SPDK store (`spdk`, on `device`) or
    /// a directory of CephFS (`cephfs`, the cluster in `[ceph]`).
    #[serde(default)]
    pub backend: ShareBackend,
    /// An SPDK share's device: an NVMe PCI address (`0000:00:04.0`) or a file.
    #[serde(default)]
    pub device: Option<String>,
    #[serde(default)]
    pub comment: String,
    #[serde(default)]
    pub encrypt: bool,
    #[serde(default)]
    pub read_only: bool,
    #[serde(default)]
    pub direct_io: bool,
    /// Direct reads go through a polled (IOPOLL) io_uring of each worker.
    #[serde(default)]
    pub io_poll: bool,
    /// Storage I/O goes through an io_uring of each worker whose kernel thread submits it
    /// (SQPOLL; with io_poll, the thread polls the device too).
    #[serde(default)]
    pub sqpoll: bool,
    /// READ data over SMB Direct (software fabrics) leaves from the mapped page cache.
    #[serde(default)]
    pub mapped_reads: bool,
    #[serde(default)]
    pub write_through: bool,
    /// Continuously available: persistent handles are granted (journaled in the state
    /// directory, kept across a restart) and their writes go through to stable storage.
    #[serde(default)]
    pub continuous_availability: bool,
    /// Served by every node of the Ceph cluster in `[ceph]` at once (a Scale-Out File
    /// Server share): `backend = "cephfs"` and continuously available; its persistent
    /// handles are journaled in RADOS, where another node takes them over when this
    /// one stops renewing its lease.
    #[serde(default)]
    pub scale_out: bool,
    /// Shared VHDX for guest clusters (MS-RSVD): `.vhdx` files open as shared virtual
    /// SCSI disks whose persistent reservations are kept in the state directory.
    #[serde(default)]
    pub rsvd: bool,
    /// Share permissions, `TRUSTEE:RIGHTS` or `TRUSTEE:deny:RIGHTS` (rights read,
    /// change, full or a hex mask; trustee a SID, a `[security.names]` name, a local
    /// user or `DOMAIN\\name`). Empty: every authenticated user.
    #[serde(default)]
    pub access: Vec<String>,
    /// Only Kerberos sessions may connect.
    #[serde(default)]
    pub require_kerberos: bool,
    /// Access-based enumeration: listings leave out files and folders the caller may
    /// not read (as Windows' "Enable access-based enumeration").
    #[serde(default)]
    pub access_based_enumeration: bool,
    /// A DFS namespace root (standalone, MS-DFSC): clients that open a path in one of
    /// `dfs_links` are referred to its targets.
    #[serde(default)]
    pub dfs_root: bool,
    /// Links of a DFS root: a path below the share (`vms`, `projects\\vm1`) and its
    /// targets as UNC paths (`\\\\node2\\vms`), preferred first.
    #[serde(default)]
    pub dfs_links: std::collections::BTreeMap<String, Vec<String>>,
    /// When a write moves the write time clients see: `delayed` (two seconds after a
    /// handle's first write, or at its flush or close: Windows Server 2016, Samba) or
    /// `immediate` (at each write: Windows Server 2019 and later).
    #[serde(default)]
    pub write_time_updates: WriteTimeUpdates,
}

impl ShareSection {
    /// A plain directory share: `path` shared as `name`, every other setting its default.
    pub fn plain(name: &str, path: &Path) -> ShareSection {
        ShareSection {
            name: name.to_string(),
            path: path.to_path_buf(),
            comment: String::new(),
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
            access: Vec::new(),
            require_kerberos: false,
            access_based_enumeration: false,
            dfs_root: false,
            dfs_links: Default::default(),
            write_time_updates: Default::default(),
            backend: Default::default(),
            device: None,
        }
    }
}

#[derive(Debug, Deserialize, Clone, Copy, Default, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum WriteTimeUpdates {
    #[default]
    Delayed,
    Immediate,
}

/// Links one DFS root may hold, and targets one link may name.
const MAX_DFS_LINKS: usize = 4096;
const MAX_DFS_TARGETS: usize = 32;

fn default_listen() -> Vec<SocketAddr> {
    vec!["127.0.0.1:4450".parse().unwrap()]
}
fn default_name() -> String {
    "SMBDIRECTD".into()
}
fn default_domain() -> String {
    "WORKGROUP".into()
}
fn default_state_dir() -> PathBuf {
    PathBuf::from("smbdirectd-data/state")
}
fn default_max_io() -> u32 {
    8 << 20
}
fn default_max_credits() -> u16 {
    8192
}
fn default_max_connections() -> usize {
    1024
}
fn default_speed() -> u64 {
    10_000
}

fn default_min_dialect() -> String {
    "2.0.2".into()
}
fn yes() -> bool {
    true
}
fn default_ciphers() -> Vec<String> {
    ["aes-128-gcm", "aes-128-ccm", "aes-256-gcm", "aes-256-ccm"]
        .map(String::from)
        .to_vec()
}
fn default_poll() -> String {
    "adaptive".into()
}
fn default_idle_spin() -> u64 {
    50
}
fn default_ring_entries() -> u32 {
    256
}
fn default_buffer_pool_mib() -> usize {
    32
}
fn default_storage_io() -> String {
    "uring".into()
}
fn default_level() -> String {
    "info".into()
}

impl Default for ServerSection {
    fn default() -> Self {
        toml::from_str("").expect("defaults")
    }
}
impl Default for SecuritySection {
    fn default() -> Self {
        toml::from_str("").expect("defaults")
    }
}
impl Default for WorkersSection {
    fn default() -> Self {
        toml::from_str("").expect("defaults")
    }
}
impl Default for LogSection {
    fn default() -> Self {
        toml::from_str("").expect("defaults")
    }
}

/// The embedded default: one share "data" under ./smbdirectd-data, loopback only.
pub const EMBEDDED_DEFAULT: &str = r#"
[server]
listen = ["127.0.0.1:4450"]
state_dir = "smbdirectd-data/state"

[security]
users = "smbdirectd-data/users"

[[share]]
name = "data"
path = "smbdirectd-data/share"
comment = "default share"
"#;

pub fn dialect_from_str(s: &str) -> Option<u16> {
    match s {
        "2.0.2" => Some(0x0202),
        "2.1" => Some(0x0210),
        "3.0" => Some(0x0300),
        "3.0.2" => Some(0x0302),
        "3.1.1" => Some(0x0311),
        _ => None,
    }
}

pub fn cipher_from_str(s: &str) -> Option<u16> {
    match s {
        "aes-128-ccm" => Some(1),
        "aes-128-gcm" => Some(2),
        "aes-256-ccm" => Some(3),
        "aes-256-gcm" => Some(4),
        _ => None,
    }
}

impl Config {
    pub fn parse(text: &str, origin: &str) -> Result<Config> {
        let cfg: Config =
            toml::from_str(text).with_context(|| format!("configuration {origin}"))?;
        cfg.validate()
            .with_context(|| format!("configuration {origin}"))?;
        Ok(cfg)
    }

    pub fn load(path: Option<&Path>) -> Result<Config> {
        match path {
            None => Config::parse(EMBEDDED_DEFAULT, "(embedded default)"),
            Some(p) => {
                let text = std::fs::read_to_string(p)
                    .with_context(|| format!("reading {}", p.display()))?;
                Config::parse(&text, &p.display().to_string())
            }
        }
    }

    pub fn validate(&self) -> Result<()> {
        self.qos.to_engine()?;
        self.validate_server()?;
        self.validate_smbdirect()?;
        self.validate_session_bounds()?;
        self.validate_logon()?;
        self.validate_workers()?;
        self.validate_limits()?;
        self.validate_witness()?;
        self.validate_shares()
    }

    /// `[server]`: the lowest dialect, the SMB Direct endpoints, the listen addresses and
    /// the largest READ, WRITE and transaction.
    fn validate_server(&self) -> Result<()> {
        if dialect_from_str(&self.server.min_dialect).is_none() {
            bail!(
                "server.min_dialect: {:?} is not one of 2.0.2, 2.1, 3.0, 3.0.2, 3.1.1",
                self.server.min_dialect
            );
        }
        for e in &self.server.smbdirect {
            crate::provider::parse(e)
                .map_err(|err| anyhow::anyhow!("server.smbdirect: {err:#}"))?;
        }
        if self.server.listen.is_empty() {
            bail!("server.listen: at least one address is needed");
        }
        let io = 65536..=(8 << 20);
        if !io.contains(&self.server.max_read_size) {
            bail!("server.max_read_size: must be 64 KiB ..= 8 MiB");
        }
        if !io.contains(&self.server.max_write_size) {
            bail!("server.max_write_size: must be 64 KiB ..= 8 MiB");
        }
        if !io.contains(&self.server.max_transact_size) {
            bail!("server.max_transact_size: must be 64 KiB ..= 8 MiB");
        }
        Ok(())
    }

    /// `[smbdirect]`: credits, message sizes, keepalive, shared receives.
    fn validate_smbdirect(&self) -> Result<()> {
        let d = &self.smbdirect;
        if !(1..=1024).contains(&d.receive_credits) || !(1..=1024).contains(&d.send_credit_target) {
            bail!("smbdirect.receive_credits, smbdirect.send_credit_target: must be 1 ..= 1024");
        }
        if !(1024..=65536).contains(&d.max_receive_size) {
            bail!("smbdirect.max_receive_size: must be 1024 ..= 65536");
        }
        if !((128 << 10)..=(16 << 20)).contains(&d.max_fragmented_size) {
            bail!("smbdirect.max_fragmented_size: must be 128 KiB ..= 16 MiB");
        }
        if !(1..=3600).contains(&d.keepalive_interval_s)
            || !(1..=300).contains(&d.keepalive_timeout_s)
        {
            bail!("smbdirect.keepalive_interval_s: 1 ..= 3600; smbdirect.keepalive_timeout_s: 1 ..= 300");
        }
        if d.shared_receives != 0 && !(16..=65536).contains(&d.shared_receives) {
            bail!("smbdirect.shared_receives: must be 0 or 16 ..= 65536");
        }
        Ok(())
    }

    /// Sessions per connection and credits per connection (checked in this order, after
    /// `[smbdirect]`, so that a configuration with several mistakes reports the same one
    /// first).
    fn validate_session_bounds(&self) -> Result<()> {
        if !(1..=1024).contains(&self.limits.max_sessions_per_connection) {
            bail!("limits.max_sessions_per_connection: must be 1 ..= 1024");
        }
        if self.server.max_credits < 16 {
            bail!("server.max_credits: must be at least 16");
        }
        Ok(())
    }

    /// `[kerberos]` and `[security]`: somebody can log on, and the ciphers are known.
    fn validate_logon(&self) -> Result<()> {
        if self.kerberos.ldap_server.is_some()
            && (self.kerberos.keytab.is_none() || self.kerberos.realm.is_empty())
        {
            bail!("kerberos.ldap_server needs kerberos.keytab and kerberos.realm: the node binds with its computer account's keys");
        }
        if !self.security.ntlm && self.kerberos.keytab.is_none() {
            bail!("security.ntlm = false needs kerberos.keytab: nobody could log on");
        }
        for c in &self.security.ciphers {
            if cipher_from_str(c).is_none() {
                bail!("security.ciphers: unknown cipher {c:?}");
            }
        }
        Ok(())
    }

    /// `[workers]`: polling, storage I/O, buffer pool and ring sizes.
    fn validate_workers(&self) -> Result<()> {
        if !matches!(self.workers.poll.as_str(), "busy" | "adaptive") {
            bail!("workers.poll: must be \"busy\" or \"adaptive\"");
        }
        if self.workers.sqpoll_idle_ms > 60_000 {
            bail!("workers.sqpoll_idle_ms: at most 60000");
        }
        if !matches!(self.workers.storage_io.as_str(), "uring" | "sync") {
            bail!("workers.storage_io: \"uring\" or \"sync\"");
        }
        if !(1..=65536).contains(&self.workers.buffer_pool_mib) {
            bail!("workers.buffer_pool_mib: must be 1 ..= 65536");
        }
        if !(8..=32768).contains(&self.workers.ring_entries) {
            bail!("workers.ring_entries: must be 8 ..= 32768");
        }
        Ok(())
    }

    /// `[limits]`, but for sessions per connection (see
    /// [`Config::validate_session_bounds`]).
    fn validate_limits(&self) -> Result<()> {
        let l = &self.limits;
        if !(4096..=crate::framing::MAX_PDU).contains(&l.preauth_max_pdu_bytes) {
            bail!("limits.preauth_max_pdu_bytes: must be 4096 ..= 8454144");
        }
        if l.send_queue_bytes < 1 << 20 {
            bail!("limits.send_queue_bytes: at least 1 MiB");
        }
        if !(1..=3600).contains(&l.handshake_timeout_s) {
            bail!("limits.handshake_timeout_s: must be 1 ..= 3600");
        }
        if l.max_connections_per_address == 0 {
            bail!("limits.max_connections_per_address: at least 1");
        }
        if l.logon_failure_delay_ms > 60_000 || !(1..=86_400).contains(&l.logon_failure_window_s) {
            bail!("limits.logon_failure_delay_ms: at most 60000; limits.logon_failure_window_s: 1 ..= 86400");
        }
        if !(4..=8192).contains(&l.max_compound) {
            bail!("limits.max_compound: must be 4 ..= 8192");
        }
        if l.max_opens_per_session == 0 || l.max_locks_per_open == 0 {
            bail!("limits.max_opens_per_session, limits.max_locks_per_open: at least 1");
        }
        Ok(())
    }

    /// `[[share]]`: valid names, none twice, then each share's options.
    fn validate_shares(&self) -> Result<()> {
        let mut names = std::collections::HashSet::new();
        for s in &self.shares {
            if s.name.is_empty()
                || s.name.len() > 80
                || s.name.eq_ignore_ascii_case("IPC$")
                || s.name
                    .contains(['\\', '/', ':', '*', '?', '"', '<', '>', '|'])
            {
                bail!("share.name: {:?} is not a valid share name", s.name);
            }
            if !names.insert(s.name.to_lowercase()) {
                bail!("share.name: {:?} appears twice", s.name);
            }
            self.validate_share(s)?;
        }
        Ok(())
    }

    /// One share's options: those that exclude one another, its DFS links, and the ring
    /// options that need `workers.storage_io = "uring"`.
    fn validate_share(&self, s: &ShareSection) -> Result<()> {
        if s.io_poll && !s.direct_io {
            bail!(
                "share {:?}: io_poll needs direct_io (only O_DIRECT reads can be polled)",
                s.name
            );
        }
        if s.mapped_reads && s.direct_io {
            bail!(
                "share {:?}: mapped_reads sends from the page cache, direct_io bypasses it: choose one",
                s.name
            );
        }
        validate_dfs_links(s)?;
        self.validate_backend(s)?;
        if s.scale_out {
            ceph::validate_scale_out(s, &self.ceph, &self.security)?;
        }
        for (option, on) in [("sqpoll", s.sqpoll), ("io_poll", s.io_poll)] {
            if on && self.workers.storage_io != "uring" {
                bail!(
                    "share {:?}: {option} needs workers.storage_io = \"uring\"",
                    s.name
                );
            }
        }
        Ok(())
    }
}

/// A share's DFS links: only on a DFS root, not too many, each a path below the share
/// with 1 ..= [`MAX_DFS_TARGETS`] UNC targets.
fn validate_dfs_links(s: &ShareSection) -> Result<()> {
    if !s.dfs_links.is_empty() && !s.dfs_root {
        bail!("share {:?}: dfs_links need dfs_root = true", s.name);
    }
    if s.dfs_links.len() > MAX_DFS_LINKS {
        bail!("share {:?}: at most {MAX_DFS_LINKS} dfs_links", s.name);
    }
    for (link, targets) in &s.dfs_links {
        let parts: Vec<&str> = link.split(['\\', '/']).collect();
        if parts.iter().any(|p| {
            p.is_empty()
                || *p == "."
                || *p == ".."
                || p.contains([':', '*', '?', '"', '<', '>', '|'])
        }) {
            bail!(
                "share {:?}: dfs link {link:?} is not a path below the share",
                s.name
            );
        }
        if targets.is_empty() || targets.len() > MAX_DFS_TARGETS {
            bail!(
                "share {:?}: dfs link {link:?} needs 1 ..= {MAX_DFS_TARGETS} targets",
                s.name
            );
        }
        for t in targets {
            let unc: Vec<&str> = t.trim_start_matches('\\').split('\\').collect();
            if !t.starts_with("\\\\") || unc.len() < 2 || unc.iter().any(|c| c.is_empty()) {
                bail!(
                    "share {:?}: dfs link {link:?}: target {t:?} is not a UNC path (\\\\host\\share[\\path])",
                    s.name
                );
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_default_parses() {
        let c = Config::load(None).unwrap();
        assert_eq!(c.shares.len(), 1);
        assert!(c.security.require_signing);
        assert!(!c.security.allow_guest);
    }

    #[test]
    fn unknown_key_is_named() {
        let e = Config::parse("[server]\nlisten_addr = 1\n", "t").unwrap_err();
        assert!(format!("{e:#}").contains("listen_addr"), "{e:#}");
        let e = Config::parse("[security]\nciphers = [\"rot13\"]\n", "t").unwrap_err();
        assert!(format!("{e:#}").contains("security.ciphers"), "{e:#}");
        let e = Config::parse("[workers]\npoll = \"lazy\"\n", "t").unwrap_err();
        assert!(format!("{e:#}").contains("workers.poll"), "{e:#}");
        for (text, says) in [
            (
                "[[share]]\nname = \"v\"\npath = \"/v\"\nio_poll = true\n",
                "io_poll needs direct_io",
            ),
            (
                "[workers]\nstorage_io = \"sync\"\n[[share]]\nname = \"v\"\npath = \"/v\"\ndirect_io = true\nio_poll = true\n",
                "io_poll needs workers.storage_io",
            ),
        ] {
            let e = Config::parse(text, "t").unwrap_err();
            assert!(format!("{e:#}").contains(says), "{e:#}");
        }
    }

    #[test]
    fn shipped_example_configs_parse() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../config/examples");
        let mut n = 0;
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "toml") {
                let text = std::fs::read_to_string(&p).unwrap();
                Config::parse(&text, &p.display().to_string()).unwrap();
                n += 1;
            }
        }
        assert!(n >= 3);
    }

    #[test]
    fn limits_once_hard_coded_are_reachable_and_checked() {
        let c = Config::parse(
            "[server]\nmax_read_size = 1048576\nmax_transact_size = 65536\n\
             [limits]\nmax_sessions_per_connection = 4\n\
             [smbdirect]\nreceive_credits = 100\nkeepalive_interval_s = 30\n",
            "t",
        )
        .unwrap();
        assert_eq!(c.limits.max_sessions_per_connection, 4);
        assert_eq!(c.server.max_transact_size, 65536);
        let d = c.smbdirect_config();
        assert_eq!(d.receive_credit_max, 100);
        assert_eq!(d.keepalive_interval_ms, 30_000);
        // The larger of the read and write sizes (writes keep their 8 MiB default).
        assert_eq!(d.max_read_write_size, 8 << 20);
        for bad in [
            "[smbdirect]\nreceive_credits = 0\n",
            "[smbdirect]\nmax_fragmented_size = 4096\n",
            "[server]\nmax_transact_size = 1024\n",
            "[limits]\nmax_sessions_per_connection = 0\n",
        ] {
            let e = Config::parse(bad, "t").unwrap_err();
            let key = bad.lines().nth(1).unwrap().split(' ').next().unwrap();
            assert!(format!("{e:#}").contains(key), "{bad}: {e:#}");
        }
    }

    #[test]
    fn example_config_file_parses() {
        let p = concat!(env!("CARGO_MANIFEST_DIR"), "/../../config/smbdirectd.toml");
        let text = std::fs::read_to_string(p).unwrap();
        Config::parse(&text, p).unwrap();
    }
}
