//! The Witness service (MS-SWN): a client of a continuously available share on a
//! cluster asks one node (usually not the one it uses) to watch another for it. It
//! lists the cluster's interfaces (GetInterfaceList), registers for a node's address
//! (Register, RegisterEx), and keeps an AsyncNotify call waiting; the answer comes when
//! that node becomes unavailable or available again (RESOURCE_CHANGE), or when the
//! node is drained and the client should move (CLIENT_MOVE), or, for a registration
//! naming a share, when that share's clients are moved to another node (SHARE_MOVE,
//! `smbdirectd move-share`: a planned rebalancing of one share). The endpoint mapper on
//! TCP 135 tells clients the service's port.
//!
//! Calls are sealed (packet privacy) after an NTLM or Kerberos logon by the node's own
//! rules (`auth.rs`). A
//! registration lives as long as its connection (its context handle runs down with
//! it). Bounds: connections, registrations per connection and in all, waiting calls per
//! connection, notifications queued per registration.

use smb_server::Server;
use smb_wire::dcerpc::witness::{self, Interface, Message, Notification};
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

mod auth;
mod conn;

pub use conn::start;

/// Connections the service serves at once.
const MAX_CONNECTIONS: usize = 256;
/// Registrations per connection, per user, and in all.
const MAX_REGS_PER_CONNECTION: usize = 16;
const MAX_REGS_PER_USER: usize = 64;
const MAX_REGS: usize = 4096;
/// Notifications kept for a registration no AsyncNotify is waiting on.
const MAX_QUEUED: usize = 16;

/// The running service, for `smbdirectd drain` and the cluster's membership changes.
pub static SERVICE: OnceLock<Arc<Witness>> = OnceLock::new();

/// Another node of the cluster, as its record in RADOS names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Peer {
    pub name: String,
    pub addrs: Vec<IpAddr>,
    pub alive: bool,
    /// Where it asked its clients to move (it is being drained).
    pub drained_to: Option<IpAddr>,
    /// Shares whose clients it asked to move, and where.
    pub share_moves: Vec<(String, IpAddr)>,
}

struct Registration {
    conn: u64,
    /// Who registered (`DOMAIN\user`).
    user: String,
    ip: IpAddr,
    client: String,
    share: Option<String>,
    /// Seconds an AsyncNotify may wait (0: as long as it takes).
    timeout: u32,
    queue: VecDeque<Notification>,
}

#[derive(Default)]
struct Table {
    regs: HashMap<[u8; 20], Registration>,
    /// Each connection's waker (an eventfd its thread sleeps on).
    wakers: HashMap<u64, Arc<std::os::fd::OwnedFd>>,
    next: u64,
}

#[derive(Default)]
pub struct Stats {
    pub connections: AtomicU64,
    pub registrations: AtomicU64,
    pub notifications: AtomicU64,
    pub refused_logons: AtomicU64,
}

pub struct Witness {
    server: Arc<Server>,
    /// The name clients register for (the server's NetBIOS name).
    net_name: String,
    /// This node's name and addresses.
    name: String,
    addrs: Vec<IpAddr>,
    /// The Witness endpoint's port on each of `addrs` (set once listening).
    ports: Mutex<HashMap<IpAddr, u16>>,
    peers: Mutex<Vec<Peer>>,
    table: Mutex<Table>,
    /// This node asked its clients to move there.
    drained_to: Mutex<Option<IpAddr>>,
    /// Tells the cluster this node is drained (its record in RADOS).
    pub on_drain: OnceLock<Box<dyn Fn(IpAddr) + Send + Sync>>,
    /// Shares whose clients this node asked to move, and where (the last move of each).
    share_moves: Mutex<Vec<(String, IpAddr)>>,
    /// Tells the cluster of a share's move (its record in RADOS).
    pub on_share_move: OnceLock<Box<dyn Fn() + Send + Sync>>,
    stop: Arc<AtomicBool>,
    pub stats: Stats,
}

fn wake(fd: &std::os::fd::OwnedFd) {
    use std::os::fd::AsRawFd;
    let one = 1u64.to_ne_bytes();
    // SAFETY: an eventfd takes an 8-byte write; `one` lives for the call.
    unsafe { libc::write(fd.as_raw_fd(), one.as_ptr().cast(), 8) };
}

impl Witness {
    pub fn new(
        server: Arc<Server>,
        name: String,
        addrs: Vec<IpAddr>,
        stop: Arc<AtomicBool>,
    ) -> Self {
        Witness {
            net_name: server.cfg.netbios_name.clone(),
            server,
            name,
            addrs,
            ports: Mutex::default(),
            peers: Mutex::default(),
            table: Mutex::default(),
            drained_to: Mutex::default(),
            on_drain: OnceLock::new(),
            share_moves: Mutex::default(),
            on_share_move: OnceLock::new(),
            stop,
            stats: Stats::default(),
        }
    }

    /// This node's name in the interface list.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// This node's addresses.
    pub fn addresses(&self) -> &[IpAddr] {
        &self.addrs
    }

    /// The cluster's interfaces: this node's, then the other nodes' (a node whose
    /// lease ran out is listed unavailable).
    pub fn interfaces(&self) -> Vec<Interface> {
        let mut v: Vec<Interface> = self
            .addrs
            .iter()
            .map(|ip| interface(&self.name, ip, true))
            .collect();
        for p in self.peers.lock().expect("peers").iter() {
            for ip in &p.addrs {
                v.push(interface(&p.name, ip, p.alive));
            }
        }
        v
    }

    fn known(&self, ip: &IpAddr) -> bool {
        self.addrs.contains(ip)
            || self
                .peers
                .lock()
                .expect("peers")
                .iter()
                .any(|p| p.addrs.contains(ip))
    }

    /// A new connection's number and waker; None past the bound.
    fn connect(&self) -> Option<(u64, Arc<std::os::fd::OwnedFd>)> {
        use std::os::fd::FromRawFd;
        let mut t = self.table.lock().expect("table");
        if t.wakers.len() >= MAX_CONNECTIONS {
            return None;
        }
        // SAFETY: eventfd has no preconditions; a valid result is a new descriptor.
        let fd = unsafe { libc::eventfd(0, libc::EFD_NONBLOCK | libc::EFD_CLOEXEC) };
        if fd < 0 {
            return None;
        }
        // SAFETY: `fd` is ours alone.
        let fd = Arc::new(unsafe { std::os::fd::OwnedFd::from_raw_fd(fd) });
        t.next += 1;
        let id = t.next;
        t.wakers.insert(id, fd.clone());
        self.stats
            .connections
            .store(t.wakers.len() as u64, Ordering::Relaxed);
        Some((id, fd))
    }

    /// A connection ended: its registrations run down with it.
    fn disconnect(&self, conn: u64) {
        let mut t = self.table.lock().expect("table");
        t.wakers.remove(&conn);
        t.regs.retain(|_, r| r.conn != conn);
        self.stats
            .connections
            .store(t.wakers.len() as u64, Ordering::Relaxed);
        self.stats
            .registrations
            .store(t.regs.len() as u64, Ordering::Relaxed);
    }

    /// Whether connection `conn` holds a registration.
    fn has_registrations(&self, conn: u64) -> bool {
        let t = self.table.lock().expect("table");
        t.regs.values().any(|r| r.conn == conn)
    }

    /// Register and RegisterEx (MS-SWN 3.1.4.2, 3.1.4.5): the handle, or the error.
    fn register(&self, conn: u64, user: &str, r: &witness::Request) -> Result<[u8; 20], u32> {
        let (want, net, ip, client, share, timeout) = match r {
            witness::Request::Register {
                version,
                net_name,
                ip,
                client,
            } => ((*version, witness::V1), net_name, ip, client, &None, 0),
            witness::Request::RegisterEx {
                version,
                net_name,
                share,
                ip,
                client,
                timeout,
                ..
            } => (
                (*version, witness::V2),
                net_name,
                ip,
                client,
                share,
                *timeout,
            ),
            _ => return Err(witness::ERROR_INVALID_PARAMETER),
        };
        if want.0 != want.1 {
            return Err(witness::ERROR_REVISION_MISMATCH);
        }
        let (Some(net), Some(ip), Some(client)) = (net, ip, client) else {
            return Err(witness::ERROR_INVALID_PARAMETER);
        };
        // The server's name, or its DNS name.
        let short = net.split('.').next().unwrap_or_default();
        if !short.eq_ignore_ascii_case(&self.net_name) {
            return Err(witness::ERROR_INVALID_PARAMETER);
        }
        let ip: IpAddr = ip.parse().map_err(|_| witness::ERROR_INVALID_STATE)?;
        if !self.known(&ip) {
            return Err(witness::ERROR_INVALID_STATE);
        }
        if let Some(s) = share {
            let shares = self.server.shares();
            if !shares
                .iter()
                .any(|c| c.name.eq_ignore_ascii_case(s) && c.continuous_availability)
            {
                return Err(witness::ERROR_INVALID_STATE);
            }
        }
        let mut t = self.table.lock().expect("table");
        let mine = t.regs.values().filter(|r| r.conn == conn).count();
        let users = t.regs.values().filter(|r| r.user == user).count();
        if mine >= MAX_REGS_PER_CONNECTION || users >= MAX_REGS_PER_USER || t.regs.len() >= MAX_REGS
        {
            return Err(witness::ERROR_NO_SYSTEM_RESOURCES);
        }
        let mut handle = [0u8; 20];
        let _ = getrandom::getrandom(&mut handle[4..]);
        handle[..4].copy_from_slice(&1u32.to_le_bytes());
        let mut queue = VecDeque::new();
        // A client registering for a node already drained, or for a share moved away
        // from it, is told to move at once.
        if let Some(to) = self.moved_to(&ip) {
            queue.push_back(client_move(to));
        } else if let Some(to) = share.as_deref().and_then(|s| self.share_moved_to(&ip, s)) {
            queue.push_back(share_move(to));
        }
        t.regs.insert(
            handle,
            Registration {
                conn,
                user: user.to_string(),
                ip,
                client: client.chars().take(64).collect(),
                share: share.clone(),
                timeout,
                queue,
            },
        );
        self.stats
            .registrations
            .store(t.regs.len() as u64, Ordering::Relaxed);
        tracing::info!(client = %client.chars().take(64).collect::<String>(), %ip,
            share = share.as_deref().unwrap_or(""), "witness: registered");
        Ok(handle)
    }

    /// Where clients of the node at `ip` were asked to move (it is being drained).
    fn moved_to(&self, ip: &IpAddr) -> Option<IpAddr> {
        if self.addrs.contains(ip) {
            return *self.drained_to.lock().expect("drained");
        }
        self.peers
            .lock()
            .expect("peers")
            .iter()
            .find(|p| p.addrs.contains(ip))
            .and_then(|p| p.drained_to)
    }

    fn unregister(&self, conn: u64, handle: &[u8; 20]) -> u32 {
        let mut t = self.table.lock().expect("table");
        match t.regs.get(handle) {
            Some(r) if r.conn == conn => {
                t.regs.remove(handle);
                self.stats
                    .registrations
                    .store(t.regs.len() as u64, Ordering::Relaxed);
                witness::OK
            }
            _ => witness::ERROR_NOT_FOUND,
        }
    }

    /// What an AsyncNotify on `handle` gets now: Some(answer) when one is ready (a
    /// notification, or the registration gone), None to keep waiting.
    fn poll(&self, conn: u64, handle: &[u8; 20]) -> Option<Vec<u8>> {
        let mut t = self.table.lock().expect("table");
        let Some(r) = t.regs.get_mut(handle).filter(|r| r.conn == conn) else {
            return Some(witness::encode_notification(None, witness::ERROR_NOT_FOUND));
        };
        let n = r.queue.pop_front()?;
        self.stats.notifications.fetch_add(1, Ordering::Relaxed);
        tracing::info!(client = %r.client, ip = %r.ip, share = r.share.as_deref().unwrap_or(""),
            kind = n.kind, "witness: notified");
        Some(witness::encode_notification(Some(&n), witness::OK))
    }

    /// The seconds an AsyncNotify on `handle` may wait (0: no limit).
    fn timeout(&self, handle: &[u8; 20]) -> u32 {
        let t = self.table.lock().expect("table");
        t.regs.get(handle).map_or(0, |r| r.timeout)
    }

    /// Where clients of share `share` on the node at `ip` were asked to move (not to a
    /// node known to be down).
    fn share_moved_to(&self, ip: &IpAddr, share: &str) -> Option<IpAddr> {
        let peers = self.peers.lock().expect("peers");
        let find = |moves: &[(String, IpAddr)]| {
            moves
                .iter()
                .find(|(s, to)| s.eq_ignore_ascii_case(share) && !down(&peers, to))
                .map(|m| m.1)
        };
        if self.addrs.contains(ip) {
            return find(&self.share_moves.lock().expect("moves"));
        }
        find(&peers.iter().find(|p| p.addrs.contains(ip))?.share_moves)
    }

    /// Queues `n` for every registration for an address `which` picks, and wakes their
    /// connections.
    fn notify(&self, which: impl Fn(&IpAddr) -> bool, n: impl Fn(&IpAddr) -> Notification) {
        self.notify_regs(|r| which(&r.ip), n);
    }

    /// Queues a SHARE_MOVE to `to` for every registration naming share `share` of a
    /// node at one of `addrs`.
    fn notify_share(&self, addrs: &[IpAddr], share: &str, to: IpAddr) {
        self.notify_regs(
            |r| {
                addrs.contains(&r.ip)
                    && r.share
                        .as_deref()
                        .is_some_and(|s| s.eq_ignore_ascii_case(share))
            },
            |_| share_move(to),
        );
    }

    /// Queues `n` for every registration `which` picks, and wakes their connections.
    fn notify_regs(
        &self,
        which: impl Fn(&Registration) -> bool,
        n: impl Fn(&IpAddr) -> Notification,
    ) {
        let mut t = self.table.lock().expect("table");
        let mut woken = Vec::new();
        for r in t.regs.values_mut().filter(|r| which(r)) {
            if r.queue.len() >= MAX_QUEUED {
                r.queue.pop_front();
            }
            r.queue.push_back(n(&r.ip));
            woken.push(r.conn);
        }
        for c in woken {
            if let Some(w) = t.wakers.get(&c) {
                wake(w);
            }
        }
    }

    /// `smbdirectd drain`: clients of this node are told to move to `to` (another
    /// node's address); it keeps serving those that do not. The cluster is told too
    /// (the other nodes' Witness services tell the clients registered with them).
    pub fn drain(&self, to: IpAddr) {
        *self.drained_to.lock().expect("drained") = Some(to);
        if let Some(f) = self.on_drain.get() {
            f(to);
        }
        let mine = self.addrs.clone();
        self.notify(|ip| mine.contains(ip), |_| client_move(to));
        tracing::warn!(%to, "witness: draining; clients are asked to move");
    }

    /// `smbdirectd move-share`: clients of share `share` (its name as configured) on
    /// this node are told to move to `to`, another node's address; it keeps serving the
    /// share to those that do not. The cluster is told too.
    pub fn move_share(&self, share: &str, to: IpAddr) {
        self.set_share_move(share, Some(to));
        self.notify_share(&self.addrs, share, to);
        tracing::warn!(share, %to, "witness: the share's clients are asked to move");
    }

    /// `smbdirectd move-share SHARE --clear`: the share's clients are no longer asked
    /// to move (those registering from now on); false when none were.
    pub fn clear_share_move(&self, share: &str) -> bool {
        let cleared = self.set_share_move(share, None);
        if cleared {
            tracing::warn!(
                share,
                "witness: the share's clients are no longer asked to move"
            );
        }
        cleared
    }

    /// Where clients of `share` here are asked to move from now on (None: nowhere),
    /// the cluster told; whether they were asked before.
    fn set_share_move(&self, share: &str, to: Option<IpAddr>) -> bool {
        let was = {
            let mut m = self.share_moves.lock().expect("moves");
            let before = m.len();
            m.retain(|(s, _)| !s.eq_ignore_ascii_case(share));
            let was = m.len() < before;
            m.extend(to.map(|to| (share.to_string(), to)));
            was
        };
        if let Some(f) = self.on_share_move.get().filter(|_| was || to.is_some()) {
            f();
        }
        was
    }

    /// The shares whose clients this node asked to move, and where.
    pub fn share_moves(&self) -> Vec<(String, IpAddr)> {
        self.share_moves.lock().expect("moves").clone()
    }

    /// Where this node was drained to, if it was (its cluster record says so).
    pub fn drained(&self) -> Option<IpAddr> {
        *self.drained_to.lock().expect("drained")
    }

    /// The other nodes as the cluster last saw them: a node that became unavailable
    /// or available again is a RESOURCE_CHANGE for its registrations, and a newly
    /// drained one a CLIENT_MOVE.
    pub fn set_peers(&self, now: Vec<Peer>) {
        let before = std::mem::replace(&mut *self.peers.lock().expect("peers"), now.clone());
        for p in &now {
            let was = before.iter().find(|b| b.addrs == p.addrs);
            // (A drain first: a node drained, then stopped, says where to go.)
            if let Some(to) = p
                .drained_to
                .filter(|_| was.is_none_or(|b| b.drained_to.is_none()))
            {
                let addrs = p.addrs.clone();
                self.notify(|ip| addrs.contains(ip), |_| client_move(to));
            }
            for m in &p.share_moves {
                if !was.is_some_and(|b| b.share_moves.contains(m)) {
                    self.notify_share(&p.addrs, &m.0, m.1);
                }
            }
            let was_alive = was.is_none_or(|b| b.alive);
            if was_alive != p.alive {
                let addrs = p.addrs.clone();
                let change = if p.alive {
                    witness::RESOURCE_AVAILABLE
                } else {
                    witness::RESOURCE_UNAVAILABLE
                };
                self.notify(|ip| addrs.contains(ip), |ip| resource_change(change, ip));
                tracing::warn!(node = %p.name, alive = p.alive, "witness: a node changed");
            }
        }
    }

    /// Another node's address to move clients to (the first alive, undrained one).
    pub fn other_node(&self) -> Option<IpAddr> {
        self.peers
            .lock()
            .expect("peers")
            .iter()
            .find(|p| p.alive && p.drained_to.is_none())
            .and_then(|p| p.addrs.first().copied())
    }
}

fn interface(name: &str, ip: &IpAddr, alive: bool) -> Interface {
    let (ipv4, ipv6) = match ip {
        IpAddr::V4(a) => (Some(*a), None),
        IpAddr::V6(a) => (None, Some(*a)),
    };
    Interface {
        group: name.to_string(),
        state: if alive {
            witness::STATE_AVAILABLE
        } else {
            witness::STATE_UNAVAILABLE
        },
        ipv4,
        ipv6,
        witness: alive,
    }
}

fn client_move(to: IpAddr) -> Notification {
    Notification {
        kind: witness::CLIENT_MOVE,
        messages: vec![Message::Addresses(vec![(to, witness::IPADDR_ONLINE)])],
    }
}

/// Whether `ip` is a node of `peers` known to be down.
fn down(peers: &[Peer], ip: &IpAddr) -> bool {
    peers.iter().any(|p| !p.alive && p.addrs.contains(ip))
}

fn share_move(to: IpAddr) -> Notification {
    Notification {
        kind: witness::SHARE_MOVE,
        messages: vec![Message::Addresses(vec![(to, witness::IPADDR_ONLINE)])],
    }
}

fn resource_change(change: u32, ip: &IpAddr) -> Notification {
    Notification {
        kind: witness::RESOURCE_CHANGE,
        messages: vec![Message::ResourceChange {
            change,
            name: ip.to_string(),
        }],
    }
}

/// The running Witness service, and where its clients are to go: `to`, or another node
/// of the cluster that is alive.
fn service_and_destination(to: Option<IpAddr>) -> Result<(&'static Arc<Witness>, IpAddr), String> {
    let w = SERVICE.get().ok_or(
        "this node serves no Witness service (no scale_out share, or witness.enabled = false)",
    )?;
    let to = match to {
        Some(ip) if w.addrs.contains(&ip) => return Err(format!("{ip} is this node")),
        Some(ip) => ip,
        None => w
            .other_node()
            .ok_or("no other node is alive to move the clients to")?,
    };
    Ok((w, to))
}

/// `smbdirectd drain [--to ADDR]`: the node's clients are asked to move to `to`, or to
/// another node of the cluster that is alive.
pub fn drain_node(to: Option<IpAddr>) -> Result<IpAddr, String> {
    let (w, to) = service_and_destination(to)?;
    w.drain(to);
    Ok(to)
}

/// `smbdirectd move-share SHARE [--to ADDR]`: the clients of share `share` on this node
/// are asked to move to `to`, or to another node of the cluster that is alive. The
/// share's name as configured, and where they go.
pub fn move_share_of_node(share: &str, to: Option<IpAddr>) -> Result<(String, IpAddr), String> {
    let (w, to) = service_and_destination(to)?;
    if down(&w.peers.lock().expect("peers"), &to) {
        return Err(format!("{to} is a node that is down"));
    }
    let name = w
        .server
        .shares()
        .iter()
        .find(|c| c.name.eq_ignore_ascii_case(share) && c.continuous_availability)
        .map(|c| c.name.clone())
        .ok_or_else(|| format!("no continuously available share {share:?} here"))?;
    w.move_share(&name, to);
    Ok((name, to))
}

/// `smbdirectd move-share SHARE --clear`: the share's clients here are no longer asked
/// to move.
pub fn clear_share_move_of_node(share: &str) -> Result<(), String> {
    let w = SERVICE.get().ok_or("this node serves no Witness service")?;
    if !w.clear_share_move(share) {
        return Err(format!("the clients of {share:?} were not asked to move"));
    }
    Ok(())
}
