//! `smbdirectd serve`: builds the engine from configuration, starts one pinned worker per
//! configured core and the listeners, and stops cleanly on SIGTERM/SIGINT.

pub mod reload;
pub mod rpc_shares;
use crate::config::{cipher_from_str, dialect_from_str, Config, ShareSection};
use crate::worker::{self, WorkerHandle};
use anyhow::{bail, Context, Result};
use clap::Args;
use smb_server::{Server, ServerConfig, ShareConfig};
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Configuration file (TOML); without it, the embedded default.
    #[arg(long)]
    pub(crate) config: Option<PathBuf>,
    /// Listen address, replacing the configured ones (repeatable).
    #[arg(long)]
    listen: Vec<SocketAddr>,
    /// A share NAME=PATH, replacing the configured shares (repeatable).
    #[arg(long)]
    share: Vec<String>,
    /// Users file.
    #[arg(long)]
    users: Option<PathBuf>,
    /// State directory.
    #[arg(long)]
    state_dir: Option<PathBuf>,
    /// Worker threads (0 = one per CPU).
    #[arg(long)]
    workers: Option<usize>,
    /// Prometheus exporter address (/metrics, /healthz, /readyz).
    #[arg(long)]
    metrics: Option<SocketAddr>,
    /// An SMB Direct listener PROVIDER=ADDR:PORT, replacing the configured ones
    /// (repeatable), e.g. iwarp=127.0.0.1:5445.
    #[arg(long)]
    smbdirect: Vec<String>,
}

pub(crate) fn apply_overrides(cfg: &mut Config, a: &ServeArgs) -> Result<()> {
    if !a.listen.is_empty() {
        cfg.server.listen = a.listen.clone();
    }
    if !a.share.is_empty() {
        cfg.shares.clear();
        for s in &a.share {
            let Some((name, path)) = s.split_once('=') else {
                bail!("--share {s:?}: expected NAME=PATH");
            };
            cfg.shares.push(ShareSection::plain(name, Path::new(path)));
        }
    }
    if let Some(u) = &a.users {
        cfg.security.users = Some(u.clone());
    }
    if let Some(d) = &a.state_dir {
        cfg.server.state_dir = d.clone();
    }
    if let Some(n) = a.workers {
        cfg.workers.count = n;
    }
    if let Some(m) = a.metrics {
        cfg.metrics.listen = Some(m);
    }
    if !a.smbdirect.is_empty() {
        cfg.server.smbdirect = a.smbdirect.clone();
    }
    // What an administrator changed over RPC, laid over the file.
    rpc_shares::apply(cfg)?;
    cfg.validate()
}

fn init_logging(level: &str) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(level));
    // Colour only for a person at a terminal: a log file, a pipe or the journal gets
    // plain text (no escape sequences).
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(ansi)
        .try_init();
}

/// What FSCTL_QUERY_NETWORK_INTERFACE_INFO reports: one interface per address the server
/// listens on, RDMA-capable where an SMB Direct listener shares the address.
fn interfaces(cfg: &Config) -> Result<Vec<smb_server::config::InterfaceConfig>> {
    let mut rdma = Vec::new();
    for e in &cfg.server.smbdirect {
        if let crate::endpoint::Endpoint::Ip(a) = crate::provider::parse(e)?.1 {
            rdma.push(a);
        }
    }
    let rdma_ips: Vec<_> = rdma.iter().map(|a| a.ip()).collect();
    let mut out: Vec<smb_server::config::InterfaceConfig> = Vec::new();
    for a in cfg.server.listen.iter().chain(rdma.iter()) {
        if a.ip().is_unspecified() || out.iter().any(|i| i.addr.ip() == a.ip()) {
            continue;
        }
        out.push(smb_server::config::InterfaceConfig {
            index: out.len() as u32 + 1,
            rdma: rdma_ips.iter().any(|r| *r == a.ip() || r.is_unspecified()),
            rss: false,
            speed_bps: cfg.server.interface_speed_mbps * 1_000_000,
            addr: *a,
        });
    }
    Ok(out)
}

pub fn build_server(cfg: &Config) -> Result<Arc<Server>> {
    std::fs::create_dir_all(&cfg.server.state_dir)
        .with_context(|| format!("creating {}", cfg.server.state_dir.display()))?;
    let users = match &cfg.security.users {
        Some(p) => crate::users::load(p)?,
        None => smb_auth::users::UserDb::new(),
    };
    let local_domain_sid = match &cfg.security.machine_sid {
        Some(s) => smb_wire::secdesc::sid_from_str(s)
            .filter(|_| s.starts_with("S-1-5-21-"))
            .with_context(|| format!("security.machine_sid: {s:?} is not a S-1-5-21-... SID"))?,
        None => crate::kerberos::machine_sid(&cfg.server.state_dir)?,
    };
    let kerberos = crate::kerberos::acceptor(cfg)?;
    let domain_sid = local_domain_sid.clone();
    let mut names = crate::kerberos::Resolver::new(cfg, &domain_sid, users.names());
    let mut shares = Vec::new();
    let mut spdk = crate::spdk_store::start(cfg)?;
    for s in &cfg.shares {
        let ceph = (&cfg.ceph, cfg.server.state_dir.as_path());
        shares.push(share_config(s, ceph, &mut names, Some(&mut spdk))?);
    }
    let administrators = cfg
        .security
        .administrators
        .iter()
        .map(|who| names.share_ace(&format!("{who}:full")))
        .collect::<Result<Vec<_>>>()
        .context("security.administrators")?;
    let mut guid = [0u8; 16];
    getrandom::getrandom(&mut guid).context("random server GUID")?;
    let sc = ServerConfig {
        server_guid: guid,
        netbios_name: cfg.server.netbios_name.clone(),
        domain: cfg.server.domain.clone(),
        dns_domain: if cfg.kerberos.realm.is_empty() {
            "localdomain".into()
        } else {
            cfg.kerberos.realm.to_lowercase()
        },
        require_signing: cfg.security.require_signing,
        encrypt_all: cfg.security.encrypt_all,
        allow_guest: cfg.security.allow_guest,
        min_dialect: dialect_from_str(&cfg.server.min_dialect).expect("validated"),
        max_dialect: 0x0311,
        max_read_size: cfg.server.max_read_size,
        max_write_size: cfg.server.max_write_size,
        max_transact_size: cfg.server.max_transact_size,
        max_credits: cfg.server.max_credits,
        ciphers: cfg
            .security
            .ciphers
            .iter()
            .filter_map(|c| cipher_from_str(c))
            .collect(),
        max_sessions_per_connection: cfg.limits.max_sessions_per_connection,
        max_opens_per_session: cfg.limits.max_opens_per_session,
        open_limits: open_limits(cfg),
        max_locks_per_open: cfg.limits.max_locks_per_open,
        max_compound: cfg.limits.max_compound,
        logon_limits: smb_server::logon::LogonLimits {
            failure_delay_ms: cfg.limits.logon_failure_delay_ms,
            failures_per_address: cfg.limits.logon_failures_per_address,
            failures_per_user: cfg.limits.logon_failures_per_user,
            window_s: cfg.limits.logon_failure_window_s,
        },
        interfaces: interfaces(cfg)?,
        qos: cfg.qos.to_engine()?,
        kerberos,
        ntlm: cfg.security.ntlm,
        local_domain_sid,
        // (Each was checked to be a SID when the share lists were resolved.)
        sid_names: cfg
            .security
            .names
            .iter()
            .filter_map(|(n, s)| Some((n.clone(), smb_wire::secdesc::sid_from_str(s)?)))
            .collect(),
        directory_accounts: names.found,
        administrators,
    };
    Ok(Arc::new(Server::new(
        sc,
        shares,
        users,
        crate::clock::engine_now(),
    )))
}

/// A share as the engine serves it, from its section: its backend (a directory, made
/// if missing, the SPDK store `spdk` opened (without `spdk` an SPDK share is refused:
/// reloads cannot add one), or a directory of the CephFS in `ceph`, mounted) and its
/// options.
pub(crate) fn share_config(
    s: &crate::config::ShareSection,
    (ceph, state): (&crate::config::CephSection, &std::path::Path),
    names: &mut crate::kerberos::Resolver,
    spdk: Option<&mut crate::spdk_store::Stores>,
) -> Result<ShareConfig> {
    let backend: Arc<dyn smb_server::backend::Share> = match (s.backend, spdk) {
        (crate::config::ShareBackend::Spdk, Some(spdk)) => spdk.share(&s.name)?,
        (crate::config::ShareBackend::Spdk, None) => {
            anyhow::bail!("share {}: an SPDK share is added only at start", s.name)
        }
        (crate::config::ShareBackend::Cephfs, _) => Arc::new(storage::CephShare::new(
            ceph.mount(&s.name, &s.path, state)?,
        )),
        (crate::config::ShareBackend::Dir, _) => {
            std::fs::create_dir_all(&s.path)
                .with_context(|| format!("share {}: creating {}", s.name, s.path.display()))?;
            Arc::new(
                storage::DirShare::open(&s.path, storage::DirShareOptions::default())
                    .with_context(|| format!("share {}: opening {}", s.name, s.path.display()))?,
            )
        }
    };
    Ok(ShareConfig {
        name: s.name.clone(),
        comment: s.comment.clone(),
        backend: with_faults(backend, &s.name),
        encrypt: s.encrypt,
        read_only: s.read_only,
        direct_io: s.direct_io,
        io_poll: s.io_poll,
        sqpoll: s.sqpoll,
        mapped_reads: s.mapped_reads,
        write_through: s.write_through,
        continuous_availability: s.continuous_availability,
        scale_out: s.scale_out,
        rsvd: s.rsvd,
        access: share_access(s, names)?,
        require_kerberos: s.require_kerberos,
        access_based_enumeration: s.access_based_enumeration,
        dfs: dfs_links(s)?,
        immediate_write_time: s.write_time_updates == crate::config::WriteTimeUpdates::Immediate,
    })
}

/// A DFS root's links (None for an ordinary share). Each link is a directory in the
/// root (made if missing) that clients see when they list it.
fn dfs_links(s: &crate::config::ShareSection) -> Result<Option<Vec<smb_server::dfs::DfsLink>>> {
    if !s.dfs_root {
        return Ok(None);
    }
    let mut links = Vec::with_capacity(s.dfs_links.len());
    for (name, targets) in &s.dfs_links {
        let name = name.replace('/', "\\");
        let dir = name.split('\\').fold(s.path.clone(), |p, c| p.join(c));
        std::fs::create_dir_all(&dir).with_context(|| {
            format!(
                "share {}: dfs link {}: creating {}",
                s.name,
                name,
                dir.display()
            )
        })?;
        links.push(smb_server::dfs::DfsLink {
            name,
            targets: targets.clone(),
        });
    }
    Ok(Some(links))
}

/// A share's permissions, resolved to SIDs where the configuration allows.
fn share_access(
    s: &crate::config::ShareSection,
    names: &mut crate::kerberos::Resolver,
) -> Result<Option<Vec<smb_server::config::ShareAce>>> {
    if s.access.is_empty() {
        return Ok(None);
    }
    let aces = s
        .access
        .iter()
        .map(|e| names.share_ace(e))
        .collect::<Result<Vec<_>>>()
        .with_context(|| format!("share {}", s.name))?;
    Ok(Some(aces))
}

/// Raises the descriptor limit to its hard limit, and returns it.
fn raise_nofile() -> u64 {
    let mut r = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit/setrlimit read and write the struct we pass, nothing else.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut r) != 0 {
            return 1024;
        }
        if r.rlim_cur < r.rlim_max {
            let want = libc::rlimit {
                rlim_cur: r.rlim_max,
                rlim_max: r.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &want) == 0 {
                r.rlim_cur = r.rlim_max;
            }
        }
    }
    r.rlim_cur
}

/// The open-file bounds: configured, or derived from the descriptor limit so that the
/// sockets of every allowed connection and a reserve always remain.
fn open_limits(cfg: &Config) -> smb_server::budget::OpenLimits {
    let l = &cfg.limits;
    let nofile = raise_nofile();
    let derived = nofile
        .saturating_sub(cfg.server.max_connections as u64 + 256)
        .max(nofile / 4)
        .max(16);
    let files = if l.max_open_files > 0 {
        l.max_open_files
    } else {
        derived
    };
    if l.max_open_files > derived {
        tracing::warn!(
            max_open_files = l.max_open_files,
            nofile,
            "limits.max_open_files leaves less than server.max_connections + 256 descriptors \
             of RLIMIT_NOFILE: a full table would stall accepts"
        );
    }
    let or = |v: u64, d: u64| if v > 0 { v } else { d.max(1) };
    let out = smb_server::budget::OpenLimits {
        max_open_files: files,
        max_opens_per_user: or(l.max_opens_per_user, files / 2),
        max_durable_handles: or(l.max_durable_handles, files / 2),
        max_durable_per_user: or(l.max_durable_handles_per_user, files / 4),
    };
    tracing::info!(nofile, ?out, "open-file bounds");
    out
}

pub fn serve(args: ServeArgs) -> Result<()> {
    let mut cfg = Config::load(args.config.as_deref())?;
    apply_overrides(&mut cfg, &args)?;
    init_logging(&cfg.log.level);
    let mut signals = signal_hook::iterator::Signals::new([
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGINT,
        signal_hook::consts::SIGHUP,
    ])?;
    crate::admin::RELOAD_ON_SIGHUP.store(true, Ordering::Release);
    let running = start(&cfg)?;
    for sig in signals.forever() {
        if sig == signal_hook::consts::SIGHUP {
            reload::reload(&running, &args);
            continue;
        }
        tracing::info!(sig, "stopping: finishing in-flight requests");
        break;
    }
    let secs = running
        .config
        .lock()
        .map_or(0, |c| c.witness.stop_drain_seconds);
    running.drain_before_stop(secs);
    running.shutdown();
    tracing::info!("stopped");
    Ok(())
}

/// A server started by [`start`]: its workers and listener threads run until
/// [`Running::shutdown`].
pub struct Running {
    pub server: Arc<Server>,
    /// The bound TCP addresses, in the order of `server.listen`.
    pub tcp: Vec<std::net::SocketAddr>,
    stop: Arc<AtomicBool>,
    ready: Arc<AtomicBool>,
    workers: Vec<WorkerHandle>,
    busy_ns: Vec<Arc<std::sync::atomic::AtomicU64>>,
    /// The configuration in force (a reload compares the new one with it; a reload and
    /// a share change over RPC each hold it throughout).
    pub(crate) config: Arc<std::sync::Mutex<Config>>,
    /// The scale-out cluster this node is in (with a `scale_out` share).
    pub cluster: Option<crate::cluster::Cluster>,
}

impl Running {
    /// Seconds the workers have spent in loop turns that found work, all added up (their
    /// CPU time less idle polling).
    pub fn worker_busy_seconds(&self) -> f64 {
        let ns: u64 = self.busy_ns.iter().map(|b| b.load(Ordering::Relaxed)).sum();
        ns as f64 / 1e9
    }

    /// A planned stop of a cluster node with Witness: its clients are told to move to
    /// another node that is alive, and given `secs` to leave (their persistent handles
    /// follow them while this node still answers).
    pub fn drain_before_stop(&self, secs: u64) {
        if secs == 0 || self.cluster.is_none() {
            return;
        }
        let to = match crate::witness::drain_node(None) {
            Ok(to) => to,
            Err(why) => {
                tracing::info!(why, "stopping without a drain");
                return;
            }
        };
        let until = crate::clock::now() + std::time::Duration::from_secs(secs);
        while !self.server.sessions.is_empty() && crate::clock::now() < until {
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        tracing::info!(%to, sessions_left = self.server.sessions.len(), "drained before stopping");
    }

    /// Finishes in-flight requests, closes every connection and joins the workers; then
    /// waits (10 s at most) for the server-side copies those connections started to
    /// stop, and leaves the shared virtual disks' files clean (persistent opens keep
    /// their disks open past their connections).
    pub fn shutdown(self) {
        self.ready.store(false, Ordering::Release);
        self.stop.store(true, Ordering::Release);
        for w in self.workers {
            w.stop_and_join();
        }
        let until = crate::clock::now() + std::time::Duration::from_secs(10);
        smb_server::ops::wait_copiers(until.saturating_duration_since(crate::clock::now()));
        smb_server::svhdx::stop_disks(until.saturating_duration_since(crate::clock::now()));
        crate::spdk_store::stop();
        if let Some(c) = self.cluster {
            c.leave();
        }
    }
}

/// With a continuously available share: the persistent-handle journal in the state
/// directory, and the persistent opens it kept restored, waiting for their clients.
fn open_handle_journal(cfg: &Config, server: &Server) -> Result<()> {
    if !server.shares().iter().any(|s| s.continuous_availability) {
        return Ok(());
    }
    let path = cfg.server.state_dir.join("handles.journal");
    let (file, rec) = storage::journal::FileJournal::open(&path)
        .with_context(|| format!("opening the handle journal {}", path.display()))?;
    let journal =
        smb_server::journal::Journal::new(Box::new(file), &rec.opens, rec.valid_len as u64);
    if server.journal.set(journal).is_err() {
        anyhow::bail!("handle journal opened twice");
    }
    let found = rec.opens.len();
    let kept = smb_server::ops::restore_persistent(server, rec.opens, crate::clock::engine_now());
    tracing::info!(
        path = %path.display(),
        found,
        kept,
        unreadable = rec.unreadable,
        "persistent handles restored; they wait for their clients"
    );
    Ok(())
}

/// What the server keeps past a restart: the reservations of shared virtual disks, and
/// the persistent-handle journal with the opens it restores. A scale-out node's journal
/// is in RADOS (the cluster it joins opens it); else it is the state directory's.
fn open_state(cfg: &Config, server: &Arc<Server>) -> Result<Option<crate::cluster::Cluster>> {
    // (Before the journal: restored shared-disk opens load their reservations.)
    if server.shares().iter().any(|s| s.rsvd) {
        let dir = cfg.server.state_dir.join("reservations");
        let store = storage::journal::RecordDir::open(&dir)
            .with_context(|| format!("opening {}", dir.display()))?;
        let records = smb_server::svhdx::PrRecords::new(Arc::new(store));
        if server.pr_store.set(Arc::new(records)).is_err() {
            anyhow::bail!("reservation store opened twice");
        }
    }
    let cluster = crate::cluster::Cluster::join(cfg, server)?;
    if cluster.is_none() {
        open_handle_journal(cfg, server)?;
    }
    Ok(cluster)
}

/// Starts the server `cfg` describes (workers, listeners, metrics) and returns once it
/// accepts connections.
pub fn start(cfg: &Config) -> Result<Running> {
    std::fs::create_dir_all(&cfg.server.state_dir)
        .with_context(|| format!("creating {}", cfg.server.state_dir.display()))?;
    let server = build_server(cfg)?;
    let cluster = open_state(cfg, &server)?;
    if server.users.read().names().is_empty() && !cfg.security.allow_guest {
        let users = cfg
            .security
            .users
            .as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        eprintln!("note: no users yet; add one with: smbdirectd user add NAME --users {users}");
    }
    let stop = Arc::new(AtomicBool::new(false));
    let admission = Arc::new(crate::admission::Admission::new(
        cfg.server.max_connections,
        cfg.limits.max_connections_per_address,
    ));
    let n = if cfg.workers.count == 0 {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    } else {
        cfg.workers.count
    };
    storage::stats::set_enabled(cfg.metrics.enabled);
    let mut workers: Vec<WorkerHandle> = Vec::new();
    let mut stats = Vec::new();
    let mut rdma_stats = Vec::new();
    let busy_ns: Vec<_> = (0..n)
        .map(|_| Arc::new(std::sync::atomic::AtomicU64::new(0)))
        .collect();
    let allowed: Vec<usize> = core_affinity::get_core_ids()
        .unwrap_or_default()
        .into_iter()
        .map(|c| c.id)
        .collect();
    let cpus = worker_cpus(&cfg.workers.cpus, n, &allowed)?;
    for (i, busy) in busy_ns.iter().enumerate() {
        let cpu = cpus[i];
        let s = Arc::new(crate::metrics::WorkerStats::default());
        stats.push(s.clone());
        // Each worker counts its SMB Direct connections apart (transport="smbdirect").
        let rs = Arc::new(crate::metrics::WorkerStats::for_transport("smbdirect"));
        rdma_stats.push(rs.clone());
        workers.push(worker::spawn(
            i,
            cpu,
            server.clone(),
            &cfg.workers,
            &cfg.limits,
            stop.clone(),
            admission.clone(),
            cfg.metrics.enabled.then_some(s),
            rs,
            busy.clone(),
            !cfg.server.smbdirect.is_empty(),
            cfg.server.max_connections,
        )?);
    }
    let ready = Arc::new(AtomicBool::new(false));
    if !cfg.server.smbdirect.is_empty() {
        stats.extend(rdma_stats.iter().cloned());
    }
    if let Some(addr) = cfg.metrics.listen {
        let m = Arc::new(crate::metrics::Metrics {
            workers: stats,
            busy_ns: busy_ns.clone(),
            server: server.clone(),
            ready: ready.clone(),
            cluster: cluster.as_ref().map(|c| c.stats()),
        });
        let local = crate::metrics::serve_http(addr, m, stop.clone())?;
        tracing::info!(%local, "metrics on http://{local}/metrics");
        println!("smbdirectd: metrics at http://{local}/metrics");
    }
    crate::admin::start(cfg, &server, &stop)?;
    let witness = crate::witness::start(cfg, &server, cluster.as_ref().map(|c| c.number()), &stop)?;
    if let (Some(c), Some(w)) = (&cluster, &witness) {
        c.serve_witness(w)?;
    }
    let senders: Vec<_> = workers.iter().map(|w| w.sender()).collect();
    // SMB Direct listens first: once the TCP port takes connections (what a client or
    // a test waits for), every endpoint does.
    for e in &cfg.server.smbdirect {
        let (provider, addr) = crate::provider::parse(e)?;
        let local = crate::listen::spawn_rdma(
            provider,
            addr,
            server.clone(),
            stop.clone(),
            senders.clone(),
            admission.clone(),
            cfg.smbdirect_config(),
        )?;
        let provider = provider.name();
        tracing::info!(%local, provider, "listening (SMB Direct)");
        println!("smbdirectd: SMB Direct ({provider}) on {local}");
    }
    let mut listeners = Vec::new();
    let mut tcp = Vec::new();
    for addr in &cfg.server.listen {
        let l = TcpListener::bind(addr).with_context(|| format!("listening on {addr}"))?;
        let local = l.local_addr()?;
        tracing::info!(%local, "listening (TCP)");
        for s in &cfg.shares {
            println!(
                "smbdirectd: serving \\\\{}\\{} ({}) — connect with: smbclient //{}/{} -p {} -U USER",
                local.ip(),
                s.name,
                s.path.display(),
                local.ip(),
                s.name,
                local.port()
            );
        }
        tcp.push(local);
        listeners.push(l);
    }
    use std::io::Write;
    let _ = std::io::stdout().flush();
    for l in listeners {
        let senders = senders.clone();
        let stop = stop.clone();
        let admission = admission.clone();
        std::thread::Builder::new()
            .name("smbd-accept".into())
            .spawn(move || crate::listen::accept_loop(l, senders, stop, admission))?;
    }
    let config = Arc::new(std::sync::Mutex::new(cfg.clone()));
    let _ = server.share_admin.set(Arc::new(rpc_shares::RpcShares {
        server: Arc::downgrade(&server),
        config: config.clone(),
    }));
    ready.store(true, Ordering::Release);
    Ok(Running {
        server,
        tcp,
        stop,
        ready,
        workers,
        busy_ns,
        config,
        cluster,
    })
}

/// The CPU each of `count` workers is pinned to: the configured ones (each must be one
/// this process may run on: a worker outside its CPU set would not be pinned at all),
/// else the CPUs the process may run on, in order, wrapping when there are more workers.
pub fn worker_cpus(configured: &[usize], count: usize, allowed: &[usize]) -> Result<Vec<usize>> {
    if allowed.is_empty() {
        bail!("workers: cannot read the CPUs this process may run on (sched_getaffinity)");
    }
    if let Some(c) = configured.iter().find(|c| !allowed.contains(c)) {
        bail!(
            "workers.cpus: CPU {c} is not one this process may run on (allowed: {})",
            allowed
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(",")
        );
    }
    Ok((0..count)
        .map(|i| match configured.get(i) {
            Some(&c) => c,
            None => allowed[i % allowed.len()],
        })
        .collect())
}

/// A share's backend under the fault plan `SMBDIRECTD_FAULTS` names, when it is set: for
/// tests of what clients see when storage fails (`storage::faults`, docs/faults.md).
/// Every share is wrapped then (a plan names the shares its rules are for) and its files
/// go through the synchronous path, not the worker's I/O engine.
fn with_faults(
    backend: Arc<dyn smb_server::backend::Share>,
    share: &str,
) -> Arc<dyn smb_server::backend::Share> {
    let Some(plan) = std::env::var_os("SMBDIRECTD_FAULTS") else {
        return backend;
    };
    let plan = std::path::PathBuf::from(plan);
    tracing::warn!(share, plan = %plan.display(), "fault injection (SMBDIRECTD_FAULTS): this share's storage fails as the plan says");
    let faults = storage::faults::Faults::from_plan_file(plan, share);
    Arc::new(storage::faults::FaultShare::new(backend, faults))
}

#[cfg(test)]
mod tests {
    use super::worker_cpus;

    #[test]
    fn workers_are_pinned_to_cpus_the_process_may_use() {
        assert_eq!(worker_cpus(&[], 3, &[2, 5]).unwrap(), [2, 5, 2]);
        assert_eq!(worker_cpus(&[5], 2, &[2, 5]).unwrap(), [5, 5]);
        let e = worker_cpus(&[7], 1, &[0, 1]).unwrap_err().to_string();
        assert!(e.contains("CPU 7") && e.contains("allowed: 0,1"), "{e}");
        assert!(worker_cpus(&[], 1, &[]).is_err());
    }
}
