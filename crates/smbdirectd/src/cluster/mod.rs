//! Scale-out membership over RADOS: the nodes serving the same `scale_out` shares from
//! one Ceph cluster, and the taking over of a node's persistent handles when it stops.
//!
//! Everything lives in the `[ceph] state_pool` pool; nothing is decided by a protocol of
//! our own:
//!
//! - `smbdirectd.nodes`: the registry, one line `UUID NUMBER` per node that ever joined
//!   (written under the exclusive lock `registry`). A node's number (1..) goes into the
//!   top bits of every id it hands out, so a persistent FileId names the node that
//!   granted it and is unique in the cluster.
//! - `smbdirectd.node.UUID`: the node's membership. It holds the exclusive lock `alive`
//!   with an expiry of `[ceph] lease_seconds` and renews it every quarter of that; its
//!   contents are its RADOS addresses (what another node blocklists to fence it).
//! - `smbdirectd.journal.UUID`: the node's persistent-handle journal (the format of
//!   `smb_server::journal`), appended for each change before the answer leaves.
//!
//! A node that cannot renew its lease before three quarters of it have passed stops
//! serving (the process exits; a supervisor starts it again). Another node sees a
//! journal whose owner's lock has run out, takes that lock (`takeover.UUID`), fences the
//! old owner (blocklists its RADOS addresses, ends its file system sessions), journals
//! and reopens its persistent opens on the scale-out shares, removes its journal and
//! lets the lock go. Until then a reconnect to one of those opens is told to retry
//! (STATUS_FILE_NOT_AVAILABLE), not that it is gone.

use anyhow::{bail, Context, Result};
use cephfs::rados::{IoCtx, Rados};
use cephfs::Errno;
use smb_server::journal::{recover, JournalSink, MAGIC};
use smb_server::Server;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

mod disks;
mod files;
mod handoff;
mod heard;
mod locks;
mod notify;
mod peers;

const REGISTRY: &str = "smbdirectd.nodes";
const ALIVE: &str = "alive";

fn node_oid(uuid: &str) -> String {
    format!("smbdirectd.node.{uuid}")
}

fn journal_oid(uuid: &str) -> String {
    format!("smbdirectd.journal.{uuid}")
}

/// This node's place in the cluster, while it serves.
pub struct Cluster {
    inner: Arc<Inner>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

struct Inner {
    rados: Rados,
    io: Arc<IoCtx>,
    uuid: String,
    number: u16,
    /// This run of the node (its lease cookie's nonce): what its entries in the files'
    /// objects carry, so that those of an earlier run are told apart.
    boot: u64,
    cookie: String,
    lease: Duration,
    ceph: crate::config::CephSection,
    /// The scale-out shares (their names: another node's file system sessions for them
    /// are what a takeover ends).
    shares: Vec<String>,
    /// The other nodes' journals as last read: the persistent opens each holds (alive
    /// or not yet taken over), by node.
    others: RwLock<HashMap<String, Seen>>,
    server: Arc<Server>,
    stop: AtomicBool,
    stats: Arc<Stats>,
    notes: notify::Notes,
    /// This run's RADOS addresses (its record lists them: what fencing blocklists).
    rados_addrs: Vec<String>,
    /// The node's Witness service, once it serves one.
    witness: std::sync::OnceLock<Arc<crate::witness::Witness>>,
    /// Persistent opens moving between live nodes (`handoff.rs`).
    handoffs: std::sync::Mutex<handoff::Handoffs>,
    /// The watch thread (woken to run a handoff).
    watcher: std::sync::OnceLock<std::thread::Thread>,
    /// The other nodes' byte-range locks, as last read (`locks.rs`).
    remote: locks::RemoteLocks,
    /// This node's changes of scale-out files' data under way.
    changes: locks::Changes,
    /// The shared disks served here, and whether another node changed their
    /// reservations (`disks.rs`).
    disks: disks::Disks,
    /// The other nodes' runs last seen holding their lease and not fenced (uuid,
    /// cookie): whose acknowledgements a notification needs (`heard.rs`).
    live: RwLock<Vec<(String, String)>>,
}

/// What the node's metrics show of its cluster.
#[derive(Default)]
pub struct Stats {
    pub number: AtomicU64,
    /// When the lease was last renewed ([`crate::clock::now_ms`]).
    renewed_ms: AtomicU64,
    pub other_journals: AtomicU64,
    pub takeovers: AtomicU64,
    pub takeovers_failed: AtomicU64,
    pub handles_taken: AtomicU64,
    /// Change notifications sent to the other nodes, heard from them, and dropped
    /// (queue full, or not delivered).
    pub notes_sent: AtomicU64,
    pub notes_heard: AtomicU64,
    pub notes_dropped: AtomicU64,
    /// Persistent opens given to another node (their client moved there) and taken
    /// from one.
    pub handoffs_given: AtomicU64,
    pub handoffs_taken: AtomicU64,
    /// I/O on scale-out shares checked against other nodes' byte-range locks: reads of
    /// a file's record (nothing kept of it, or a change heard), and I/O refused.
    pub lock_reads: AtomicU64,
    pub lock_conflicts: AtomicU64,
    /// This node's byte-range lock changes notified to the others (each waits for
    /// every node).
    pub lock_notes: AtomicU64,
    /// Read caching across nodes: this node's announcements that it caches a file, its
    /// breaks of other nodes' caching (a change of the file's data), and breaks heard.
    pub cache_notes: AtomicU64,
    pub break_notes: AtomicU64,
    pub breaks_heard: AtomicU64,
    /// Changes of shared disks' reservations this node made (each notified and waited
    /// for).
    pub disk_notes: AtomicU64,
    /// Other nodes' PREEMPT AND ABORTs this node waited for its writes for.
    pub disk_fences: AtomicU64,
    /// Shared disks' metadata taken by this node, and given up to another.
    pub disk_meta_taken: AtomicU64,
    pub disk_meta_given: AtomicU64,
    /// Live nodes this node fenced: they did not acknowledge a change every node must
    /// hear in time.
    pub nodes_fenced: AtomicU64,
}

impl Stats {
    /// Time since the lease was last renewed.
    pub fn lease_age(&self) -> Duration {
        let at = self.renewed_ms.load(Ordering::Relaxed);
        Duration::from_millis(crate::clock::now_ms().saturating_sub(at))
    }

    fn renewed_at(&self, t: std::time::Instant) {
        self.renewed_ms
            .store(crate::clock::ms_at(t), Ordering::Relaxed);
    }
}

/// Another node's journal as last read.
struct Seen {
    /// The node's number (the ids it grants carry it).
    number: u16,
    /// Its run, from its record (None: unreadable).
    boot: Option<u64>,
    /// Its size and modification time then (read again when they change).
    stamp: (u64, i64),
    opens: HashSet<u64>,
}

/// The engine's view: a reconnect to an open another node's journal holds, or that
/// another node with a journal granted (since the last look, maybe).
struct View(Arc<Inner>);

impl smb_server::state::ClusterView for View {
    fn failing_over(&self, persistent: u64) -> bool {
        let granted_by = smb_server::state::node_of(persistent);
        let (waiting, holder) = self.0.others.read().map_or((false, None), |o| {
            (
                o.values()
                    .any(|s| s.number == granted_by || s.opens.contains(&persistent)),
                o.values()
                    .find(|s| s.opens.contains(&persistent))
                    .map(|s| s.number),
            )
        });
        // A node that is alive holds it: its client moved here; ask for it.
        if let Some(h) = holder {
            self.0.ask_for(persistent, h);
        }
        waiting || self.0.awaiting(persistent)
    }

    fn admit(
        &self,
        key: (u64, u64),
        claim: smb_server::state::OpenClaim,
        checked: bool,
        locks: &[smb_server::state::LockClaim],
    ) -> Result<(), smb_wire::NtStatus> {
        self.0.admit(key, claim, checked, locks)
    }

    fn release(&self, key: (u64, u64), id: u64) {
        self.0.release(key, id)
    }

    fn lock(
        &self,
        key: (u64, u64),
        id: u64,
        locks: &[smb_server::state::LockClaim],
    ) -> Result<(), smb_wire::NtStatus> {
        self.0.lock(key, id, locks)
    }

    fn unlock(&self, key: (u64, u64), id: u64, locks: &[smb_server::state::LockClaim]) {
        self.0.unlock(key, id, locks)
    }

    fn disk_record(
        &self,
        disk: &str,
    ) -> Result<Arc<dyn smb_server::svhdx::SharedRecord>, smb_wire::NtStatus> {
        match self.0.disk_record(disk) {
            Some(r) => Ok(Arc::new(r)),
            None => Err(smb_wire::NtStatus::FILE_NOT_AVAILABLE),
        }
    }

    fn caching(&self, key: (u64, u64)) -> bool {
        self.0.caching(key)
    }

    fn data_changing(&self, key: (u64, u64)) -> u64 {
        self.0.data_changing(key)
    }

    fn data_changed(&self, key: (u64, u64), change: u64) {
        self.0.changes.end(key, change)
    }

    fn io_allowed(
        &self,
        key: (u64, u64),
        offset: u64,
        length: u64,
        write: bool,
    ) -> Result<(), smb_wire::NtStatus> {
        self.0.io_allowed(key, offset, length, write)
    }

    fn changed(&self, share: &str, path: &str, action: u32, filter: u32) {
        self.0.changed(share, path, action, filter)
    }
}

/// The journal as a RADOS object: appends and whole replacements are atomic there and
/// acknowledged once on the OSDs' stable storage.
struct RadosJournal {
    io: Arc<IoCtx>,
    oid: String,
}

impl JournalSink for RadosJournal {
    fn append(&self, frame: &[u8]) -> std::io::Result<()> {
        self.io.append(&self.oid, frame).map_err(io_err)
    }
    fn replace(&self, contents: &[u8]) -> std::io::Result<()> {
        self.io.write_full(&self.oid, contents).map_err(io_err)
    }
}

fn io_err(e: Errno) -> std::io::Error {
    std::io::Error::from_raw_os_error(e.0)
}

fn ceph_err(what: &str) -> impl FnOnce(Errno) -> anyhow::Error + '_ {
    move |e| anyhow::anyhow!("ceph: {what}: {e}")
}

impl Cluster {
    /// Joins the cluster when a share is `scale_out`: registers this node, takes its
    /// lease, opens its journal in RADOS and restores what it holds (a kill -9 and
    /// restart before another node took over), then watches the other nodes. None when
    /// no share is scale-out.
    pub fn join(cfg: &crate::config::Config, server: &Arc<Server>) -> Result<Option<Cluster>> {
        let shares: Vec<String> = cfg
            .shares
            .iter()
            .filter(|s| s.scale_out)
            .map(|s| s.name.clone())
            .collect();
        if shares.is_empty() {
            return Ok(None);
        }
        let ceph = cfg.ceph.clone();
        let lease = Duration::from_secs(ceph.lease_seconds.into());
        let uuid = crate::config::node_id(&cfg.server.state_dir)?;
        let rados = Rados::connect(&ceph.options(None), Some(lease / 2))
            .map_err(|e| anyhow::anyhow!("ceph: {e}"))?;
        let io = Arc::new(
            rados
                .ioctx(&ceph.state_pool)
                .map_err(ceph_err(&format!("pool {}", ceph.state_pool)))?,
        );
        let number = register(&io, &uuid)?;
        server.set_node(number);
        let mut nonce = [0u8; 8];
        getrandom::getrandom(&mut nonce).map_err(|e| anyhow::anyhow!("random: {e}"))?;
        let boot = u64::from_le_bytes(nonce);
        let cookie = format!("{uuid}.{boot:016x}");
        acquire_own(&rados, &io, &uuid, &cookie, lease)?;
        let rados_addrs = rados.addrs().map_err(ceph_err("this client's addresses"))?;
        let inner = Arc::new(Inner {
            rados,
            io,
            uuid,
            number,
            boot,
            cookie,
            lease,
            ceph,
            shares,
            others: Default::default(),
            server: server.clone(),
            stop: AtomicBool::new(false),
            notes: notify::Notes::new(),
            stats: Arc::new(Stats {
                number: AtomicU64::new(number.into()),
                ..Default::default()
            }),
            rados_addrs,
            witness: Default::default(),
            handoffs: Default::default(),
            watcher: Default::default(),
            remote: Default::default(),
            changes: Default::default(),
            disks: Default::default(),
            live: Default::default(),
        });
        peers::write_record(&inner, None)?;
        inner.stats.renewed_at(crate::clock::now());
        if server.cluster.set(Arc::new(View(inner.clone()))).is_err() {
            bail!("cluster joined twice");
        }
        // (Watching before restoring, which may take a while: a change another node
        // makes meanwhile is acknowledged, not taken for this node's silence.)
        inner.keep_watching();
        inner.refresh_live();
        open_journal(server, &inner.io, &inner.uuid)?;
        tracing::info!(node = %inner.uuid, number, lease_s = lease.as_secs(),
            "joined the scale-out cluster");
        // A first look at the other nodes before serving (a reconnect to one of their
        // opens is told to retry from the start).
        if let Err(e) = watch_once(&inner) {
            tracing::warn!(error = %format!("{e:#}"), "looking at the cluster failed");
        }
        // Restoring may have taken longer than the lease: renewed now, or (another node
        // took this one over meanwhile, and owns what was restored) not served at all.
        let renewed = crate::clock::now();
        inner
            .io
            .lock_exclusive(
                &node_oid(&inner.uuid),
                ALIVE,
                &inner.cookie,
                Some(lease),
                true,
            )
            .map_err(ceph_err("renewing this node's lease after restoring"))?;
        inner.stats.renewed_at(renewed);
        let threads = vec![
            spawn("cluster-lease", inner.clone(), renew_lease)?,
            spawn("cluster-watch", inner.clone(), watch)?,
            spawn("cluster-notify", inner.clone(), notify::send)?,
        ];
        let _ = inner.watcher.set(threads[1].thread().clone());
        Ok(Some(Cluster { inner, threads }))
    }

    /// What the metrics show.
    pub fn stats(&self) -> Arc<Stats> {
        self.inner.stats.clone()
    }

    /// Stops renewing and watching and lets the lease go (a clean stop: the journal
    /// stays, for this node's next run or for another node to take over at once).
    pub fn leave(mut self) {
        self.inner.stop.store(true, Ordering::Release);
        for t in self.threads.drain(..) {
            t.thread().unpark();
            let _ = t.join();
        }
        self.inner.stop_watching();
        let _ = self
            .inner
            .io
            .unlock(&node_oid(&self.inner.uuid), ALIVE, &self.inner.cookie);
    }
}

fn spawn(name: &str, inner: Arc<Inner>, f: fn(&Arc<Inner>)) -> Result<std::thread::JoinHandle<()>> {
    std::thread::Builder::new()
        .name(name.into())
        .spawn(move || f(&inner))
        .with_context(|| format!("starting {name}"))
}

/// This node's number in the registry (given once, kept for good).
fn register(io: &IoCtx, uuid: &str) -> Result<u16> {
    let until = crate::clock::now() + Duration::from_secs(60);
    loop {
        match io.lock_exclusive(
            REGISTRY,
            "registry",
            uuid,
            Some(Duration::from_secs(30)),
            false,
        ) {
            Ok(()) => break,
            Err(Errno(libc::EBUSY)) if crate::clock::now() < until => {
                std::thread::sleep(Duration::from_millis(200));
            }
            Err(e) => return Err(ceph_err("locking the node registry")(e)),
        }
    }
    let r = (|| {
        let nodes = read_registry(io)?;
        if let Some((_, n)) = nodes.iter().find(|(u, _)| u == uuid) {
            return Ok(*n);
        }
        let n = nodes.iter().map(|(_, n)| *n).max().unwrap_or(0);
        let Some(n) = n.checked_add(1) else {
            bail!("ceph: the node registry is full");
        };
        io.append(REGISTRY, format!("{uuid} {n}\n").as_bytes())
            .map_err(ceph_err("adding this node to the registry"))?;
        Ok(n)
    })();
    let _ = io.unlock(REGISTRY, "registry", uuid);
    r
}

/// The registry: (uuid, number) of every node that joined.
fn read_registry(io: &IoCtx) -> Result<Vec<(String, u16)>> {
    let bytes = io
        .read_all(REGISTRY)
        .map_err(ceph_err("reading the node registry"))?
        .unwrap_or_default();
    Ok(String::from_utf8_lossy(&bytes)
        .lines()
        .filter_map(|l| {
            let (u, n) = l.split_once(' ')?;
            let n: u16 = n.trim().parse().ok()?;
            (n > 0 && !u.is_empty()).then(|| (u.to_string(), n))
        })
        .collect())
}

/// Takes this node's `alive` lock. An earlier run of this node that still holds it (a
/// kill -9 within the lease) is fenced and its hold broken; another node taking this
/// one's journal over is waited for.
fn acquire_own(rados: &Rados, io: &IoCtx, uuid: &str, cookie: &str, lease: Duration) -> Result<()> {
    let oid = node_oid(uuid);
    let until = crate::clock::now() + lease * 3 + Duration::from_secs(30);
    let mine = format!("{uuid}.");
    loop {
        match io.lock_exclusive(&oid, ALIVE, cookie, Some(lease), false) {
            Ok(()) => return Ok(()),
            Err(Errno(libc::EBUSY)) => {}
            Err(e) => return Err(ceph_err("taking this node's lease")(e)),
        }
        let holders = io
            .lockers(&oid, ALIVE)
            .map_err(ceph_err("listing lease holders"))?;
        for h in holders.iter().filter(|h| h.cookie.starts_with(&mine)) {
            for a in cephfs::rados::parse_addrs(&h.addr) {
                if let Err(e) = rados.blocklist(&a, 0) {
                    tracing::warn!(addr = %a, error = %e, "could not fence an earlier run");
                }
            }
            io.break_lock(&oid, ALIVE, &h.client, &h.cookie)
                .map_err(ceph_err("breaking an earlier run's lease"))?;
            tracing::info!(holder = %h.client, "an earlier run of this node held its lease: fenced");
        }
        if crate::clock::now() > until {
            let who: Vec<_> = holders.iter().map(|h| h.cookie.as_str()).collect();
            bail!("ceph: this node's lease is held by {who:?}");
        }
        std::thread::sleep(Duration::from_millis(300));
    }
}

/// Opens this node's journal object, cutting off anything past its last whole frame,
/// and restores the persistent opens it keeps.
fn open_journal(server: &Server, io: &Arc<IoCtx>, uuid: &str) -> Result<()> {
    let oid = journal_oid(uuid);
    let bytes = io
        .read_all(&oid)
        .map_err(ceph_err("reading this node's journal"))?
        .unwrap_or_default();
    let rec = recover(&bytes);
    let valid = if rec.valid_len == 0 {
        if !bytes.is_empty() {
            tracing::warn!(oid, "handle journal unreadable; starting a new one");
        }
        io.write_full(&oid, MAGIC)
            .map_err(ceph_err("starting the journal"))?;
        MAGIC.len()
    } else {
        if rec.valid_len < bytes.len() {
            io.write_full(&oid, &bytes[..rec.valid_len])
                .map_err(ceph_err("cutting the journal's torn tail"))?;
        }
        rec.valid_len
    };
    let sink = RadosJournal {
        io: io.clone(),
        oid: oid.clone(),
    };
    let journal = smb_server::journal::Journal::new(Box::new(sink), &rec.opens, valid as u64);
    if server.journal.set(journal).is_err() {
        bail!("handle journal opened twice");
    }
    let found = rec.opens.len();
    let kept = smb_server::ops::restore_persistent(server, rec.opens, crate::clock::engine_now());
    tracing::info!(oid, found, kept, "persistent handles restored from RADOS");
    Ok(())
}

/// Sleeps `d` unless told to stop; false once stopping.
fn nap(inner: &Inner, d: Duration) -> bool {
    if !inner.stop.load(Ordering::Acquire) {
        std::thread::park_timeout(d);
    }
    !inner.stop.load(Ordering::Acquire)
}

/// Renews the lease every quarter of it. Losing it (another node holds it, or it was not
/// renewed within three quarters of its length) ends the process: another node may
/// take this one's opens over from then on, so this one must not answer again.
fn renew_lease(inner: &Arc<Inner>) {
    let oid = node_oid(&inner.uuid);
    let mut renewed = crate::clock::now();
    let stale = inner.lease * 3 / 4;
    while nap(inner, inner.lease / 4) {
        // (A process stopped and resumed past its lease must not renew it first.)
        if crate::clock::since(renewed) > stale {
            fenced(inner, "the cluster lease was not renewed in time");
        }
        let asked = crate::clock::now();
        match inner
            .io
            .lock_exclusive(&oid, ALIVE, &inner.cookie, Some(inner.lease), true)
        {
            Ok(()) => {
                renewed = asked;
                inner.stats.renewed_at(asked);
            }
            Err(Errno(libc::EBUSY)) => fenced(inner, "another node holds this node's lease"),
            // (Blocklisted: another node fenced this one, see `heard`.)
            Err(Errno(libc::ESHUTDOWN)) => fenced(inner, "another node fenced this one"),
            Err(e) => tracing::warn!(error = %e, "renewing the cluster lease failed"),
        }
        if crate::clock::since(renewed) > stale {
            fenced(inner, "the cluster lease was not renewed in time");
        }
    }
}

fn fenced(inner: &Inner, why: &str) -> ! {
    tracing::error!(node = %inner.uuid, why, "lost cluster membership: stopping at once");
    eprintln!("smbdirectd: lost cluster membership ({why}); stopping");
    std::process::exit(75);
}

/// Looks at the other nodes every quarter lease: which have a journal (their opens a
/// reconnect here should wait for), and takes over those whose lease ran out.
fn watch(inner: &Arc<Inner>) {
    let period = (inner.lease / 4).max(Duration::from_millis(500));
    while nap(inner, period) {
        inner.keep_watching();
        inner.refresh_live();
        if let Err(e) = watch_once(inner) {
            tracing::warn!(error = %format!("{e:#}"), "watching the cluster failed");
        }
        inner.run_handoffs();
        peers::refresh_peers(inner);
    }
}

fn watch_once(inner: &Inner) -> Result<()> {
    let mut waiting = Vec::new();
    for (uuid, number) in read_registry(&inner.io)? {
        if uuid == inner.uuid {
            continue;
        }
        let oid = journal_oid(&uuid);
        match inner
            .io
            .stat(&oid)
            .map_err(ceph_err("looking for a journal"))?
        {
            Some(stamp) => {
                refresh(inner, (&uuid, number), stamp)?;
                waiting.push(uuid);
            }
            None => {
                if let Ok(mut o) = inner.others.write() {
                    o.remove(&uuid);
                }
            }
        }
    }
    inner
        .stats
        .other_journals
        .store(waiting.len() as u64, Ordering::Relaxed);
    let cookie = format!("takeover.{}", inner.uuid);
    for uuid in waiting {
        let oid = node_oid(&uuid);
        match inner
            .io
            .lock_exclusive(&oid, ALIVE, &cookie, Some(inner.lease * 10), false)
        {
            Ok(()) => {}
            // Alive (or another node is taking it over).
            Err(Errno(libc::EBUSY | libc::EEXIST)) => continue,
            Err(e) => return Err(ceph_err("taking a node's lease")(e)),
        }
        let r = take_over(inner, &uuid);
        let _ = inner.io.unlock(&oid, ALIVE, &cookie);
        match r {
            Ok(()) => {
                if let Ok(mut o) = inner.others.write() {
                    o.remove(&uuid);
                }
            }
            Err(e) => {
                inner.stats.takeovers_failed.fetch_add(1, Ordering::Relaxed);
                tracing::warn!(node = %uuid, error = %format!("{e:#}"), "takeover failed; will retry")
            }
        }
    }
    Ok(())
}

/// Reads node `uuid`'s journal again if it changed since the last look.
fn refresh(inner: &Inner, (uuid, number): (&str, u16), stamp: (u64, i64)) -> Result<()> {
    let same = inner
        .others
        .read()
        .is_ok_and(|o| o.get(uuid).is_some_and(|s| s.stamp == stamp));
    if same {
        return Ok(());
    }
    let bytes = inner
        .io
        .read_all(&journal_oid(uuid))
        .map_err(ceph_err("reading a node's journal"))?
        .unwrap_or_default();
    let opens = recover(&bytes)
        .opens
        .iter()
        .map(|o| o.file_id.persistent)
        .collect();
    let boot = read_boot(&inner.io, uuid)?;
    if let Ok(mut o) = inner.others.write() {
        o.insert(
            uuid.to_string(),
            Seen {
                number,
                boot,
                stamp,
                opens,
            },
        );
    }
    Ok(())
}

/// Node `uuid`'s record (`peers::write_record`; empty when there is none).
fn read_record(io: &IoCtx, uuid: &str) -> Result<Vec<u8>> {
    Ok(io
        .read_all(&node_oid(uuid))
        .map_err(ceph_err("reading a node's record"))?
        .unwrap_or_default())
}

/// The run a node's record names (None: none named).
fn record_boot(record: &[u8]) -> Option<u64> {
    String::from_utf8_lossy(record)
        .lines()
        .find_map(|l| l.strip_prefix("boot "))
        .and_then(|b| u64::from_str_radix(b.trim(), 16).ok())
}

/// The run a node's record names (None: no record, or none named).
fn read_boot(io: &IoCtx, uuid: &str) -> Result<Option<u64>> {
    Ok(record_boot(&read_record(io, uuid)?))
}

/// Node `uuid`'s lease ran out and this node holds its lock: fence it, adopt its
/// persistent opens, remove its journal.
fn take_over(inner: &Inner, uuid: &str) -> Result<()> {
    heard::fence(inner, uuid, false)?;
    let oid = journal_oid(uuid);
    let bytes = inner
        .io
        .read_all(&oid)
        .map_err(ceph_err("reading the node's journal"))?
        .unwrap_or_default();
    let rec = recover(&bytes);
    let found = rec.opens.len();
    let kept =
        smb_server::ops::adopt_persistent(&inner.server, rec.opens, crate::clock::engine_now())
            .context("journaling the node's opens here")?;
    inner
        .io
        .remove(&oid)
        .map_err(ceph_err("removing the node's journal"))?;
    inner.stats.takeovers.fetch_add(1, Ordering::Relaxed);
    inner
        .stats
        .handles_taken
        .fetch_add(kept as u64, Ordering::Relaxed);
    tracing::warn!(node = %uuid, found, kept,
        "took over a node whose lease ran out: its persistent handles wait here");
    Ok(())
}
