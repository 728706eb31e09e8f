//! One client connection (a channel): framing of compounds, the transform header, credits,
//! signing, NEGOTIATE, SESSION_SETUP, TREE_CONNECT and the dispatch of everything else.
//!
//! ```text
//!   new ──NEGOTIATE──▶ negotiated ──SESSION_SETUP*──▶ sessions … ──close──▶ (torn down)
//! ```
//! Input: whole SMB2 PDUs (the transport removed its framing) and the time; output: whole
//! PDUs to send. A protocol violation that Windows answers by disconnecting returns
//! [`Disconnect`].

mod compound;
mod negotiate;
mod pending;
mod session;
mod tree;

use crate::credits::CreditWindow;
use crate::ops;
use crate::state::{Server, Session, Tree};
use rand::SeedableRng;
use smb_auth::acceptor::Acceptor;
use smb_auth::crypt::Cipher;
use smb_auth::preauth::PreauthHash;
use smb_auth::signing::Algorithm;
use smb_wire::header::{Command, Header, HEADER_LEN};
use smb_wire::msg;
use smb_wire::negotiate::dialect;
use smb_wire::NtStatus;
use std::collections::HashMap;
use std::sync::Arc;

/// The connection must be closed (protocol violation or fatal condition).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Disconnect(pub &'static str);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transport {
    Tcp,
    Rdma,
}

struct PendingAuth {
    acceptor: Acceptor,
    preauth: PreauthHash,
    /// A SESSION_SETUP binding this connection to an existing session.
    binding: bool,
}

/// A response: the header, then the body (whose buffer is recycled). A `framed` body
/// has room for the header at its front: the header goes there, nothing is copied.
fn with_header(rh: &Header, mut body: Vec<u8>, framed: bool) -> Vec<u8> {
    if framed {
        if let Some(h) = body.first_chunk_mut::<HEADER_LEN>() {
            rh.write_to(h);
            return body;
        }
    }
    let mut out = crate::bufs::take(HEADER_LEN + body.len());
    rh.encode(&mut out);
    out.extend_from_slice(&body);
    crate::bufs::give(body);
    out
}

/// The PDUs answering one request PDU (one, or none, almost always).
pub type Responses = smallvec::SmallVec<[Vec<u8>; 1]>;

pub use crate::storage_op::IoRequest;

/// A READ's I/O as dispatch left it, with the session and tree it ran under.
type Deferred = (ops::StorageIo, Arc<Session>, Option<Arc<Tree>>);

/// A READ waiting for its storage I/O: what its answer needs.
struct PendingIo {
    id: u64,
    issued: bool,
    io: ops::StorageIo,
    hdr: Header,
    rh: Header,
    grant: u16,
    session: Arc<Session>,
    tree: Option<Arc<Tree>>,
    encrypted: bool,
    enc_session: Option<Arc<Session>>,
}

/// A request that went async and waits to complete (CHANGE_NOTIFY, a blocked LOCK).
pub struct AsyncOp {
    pub async_id: u64,
    pub message_id: u64,
    pub session_id: u64,
    pub tree_id: u32,
    pub command: Command,
    pub signed: bool,
    pub encrypted: bool,
    pub wait: ops::Wait,
    /// Counts the request as outstanding on its open's channel sequence (SMB 3.x).
    pub outstanding: Option<crate::state::Outstanding>,
    /// Adopted from a lost channel of the session: runs to its end, answered to nobody.
    pub orphan: bool,
}

pub struct Connection {
    server: Arc<Server>,
    pub transport: Transport,
    dialect: u16,
    client_guid: [u8; 16],
    client_caps: u32,
    client_security_mode: u16,
    client_dialects: Vec<u16>,
    server_caps: u32,
    server_security_mode: u16,
    preauth: PreauthHash,
    cipher: Option<Cipher>,
    signing_alg: Algorithm,
    pending: HashMap<u64, PendingAuth>,
    sessions: Vec<u64>,
    credits: CreditWindow,
    pub(crate) asyncs: Vec<AsyncOp>,
    cancelled: Vec<Vec<u8>>,
    /// The session of the request being answered (signing after LOGOFF).
    last_session: Option<Arc<Session>>,
    /// The status of a failed CREATE earlier in the compound being handled.
    compound_create_err: Option<NtStatus>,
    /// The request being handled is related but has nothing valid to relate to.
    bad_related: bool,
    /// The message being handled charged too few credits for its payload.
    short_charge: bool,
    /// The message being handled is past the compound length the server serves.
    over_compound: bool,
    /// Whether the request being handled is the last of its compound.
    compound_last: bool,
    /// Sessions logged off on this connection, kept to sign USER_SESSION_DELETED answers.
    logged_off: Vec<Arc<Session>>,
    rng: rand::rngs::StdRng,
    now: crate::clock::Now,
    max_read: u32,
    max_write: u32,
    max_transact: u32,
    /// Counts for the daemon's metrics.
    pub stats: crate::stats::ConnStats,
    /// The client's address, for audit lines.
    pub peer: String,
    /// Present on SMB Direct connections.
    /// (The connection's own: requests borrow it, on its worker, with no lock.)
    rdma: Option<std::cell::RefCell<crate::rdma::RdmaState>>,
    /// SMB Direct only: what the connection settled at its start (read without a lock).
    rdma_limits: Option<crate::rdma::RdmaLimits>,
    /// The tree the last request ran in, with its session's id (see `last_session`).
    last_tree: Option<(u64, Arc<Tree>)>,
    /// Sessions created elsewhere and bound to this connection, with this channel's
    /// signing key.
    channel_keys: crate::state::IdMap<u64, [u8; 16]>,
    /// Notices (oplock breaks) other connections post for this one.
    outbox: Arc<crate::state::Outbox>,
    /// The client's connections, this one among them (after NEGOTIATE).
    channels: Option<Arc<crate::state::ClientChannels>>,
    /// An encrypted PDU `rdma_read_needed` already decrypted: its signature and plaintext.
    predecrypted: Option<([u8; 16], Vec<u8>)>,
    /// The transport performs storage reads itself (see [`Connection::set_storage_io`]).
    storage_io: bool,
    /// Whether the request being handled is a compound of one.
    compound_single: bool,
    /// A READ just dispatched handed out its I/O: parked by `handle_one`.
    deferred: Option<Deferred>,
    /// The body just returned by dispatch is an [`Outcome::Framed`] one.
    framed: bool,
    io_pending: Vec<PendingIo>,
    /// Bytes the reads in `io_pending` will return (their responses are coming).
    io_bytes: u64,
    next_io: u64,
    /// A session was established on this connection (or bound to it) at some point.
    authenticated: bool,
    /// The answers of the request being handled are held back until then (a failed
    /// logon's), and answers so held with their time.
    hold_until: Option<std::time::Instant>,
    held: Vec<(std::time::Instant, Vec<u8>)>,
    /// Waiting requests were added since the last look at them.
    repoll: bool,
    /// When time alone completes a waiting request or a held answer (engine clock).
    next_due: Option<std::time::Instant>,
}

/// The first WRITE of a (plain) compound whose data sits in the client's memory: its
/// descriptors and length.
fn rdma_write_channel(
    plain: &[u8],
    dialect: u16,
    limits: impl Fn() -> (u32, smb_wire::rdma_transform::Ids),
) -> Option<(msg::Descriptors, u32)> {
    let mut at = 0usize;
    for _ in 0..256 {
        let rest = plain.get(at..)?;
        let hdr = Header::parse(rest).ok()?;
        let next = hdr.next_command as usize;
        let this = if next == 0 { rest } else { rest.get(..next)? };
        if hdr.command() == Command::WRITE {
            if let Ok(w) = msg::WriteRequest::parse(this) {
                if w.channel != msg::channel::NONE {
                    let (max, transforms) = limits();
                    let d = crate::rdma::check_channel(
                        w.channel,
                        w.channel_info,
                        w.remaining_bytes,
                        dialect,
                        max,
                        transforms,
                    )
                    .ok()?;
                    return Some((d, w.remaining_bytes));
                }
            }
        }
        if next == 0 {
            break;
        }
        at += next;
    }
    None
}

/// The address part of a peer's "ip:port" (the whole string if it has no port).
fn peer_ip(peer: &str) -> &str {
    match peer.rsplit_once(':') {
        Some((ip, port)) if port.bytes().all(|b| b.is_ascii_digit()) => {
            ip.trim_start_matches('[').trim_end_matches(']')
        }
        _ => peer,
    }
}

fn dialect_is_3(d: u16) -> bool {
    d >= dialect::SMB30
}

impl Connection {
    pub fn new(server: Arc<Server>, transport: Transport, seed: u64) -> Self {
        let max_credits = server.cfg.max_credits;
        let started = crate::clock::Now {
            mono: server.started,
            filetime: server.start_time,
        };
        let (mr, mw, mt) = (
            server.cfg.max_read_size,
            server.cfg.max_write_size,
            server.cfg.max_transact_size,
        );
        Connection {
            server,
            transport,
            dialect: 0,
            client_guid: [0; 16],
            client_caps: 0,
            client_security_mode: 0,
            client_dialects: Vec::new(),
            server_caps: 0,
            server_security_mode: 0,
            preauth: PreauthHash::new(),
            cipher: None,
            signing_alg: Algorithm::HmacSha256,
            pending: HashMap::new(),
            sessions: Vec::new(),
            credits: CreditWindow::new(max_credits),
            asyncs: Vec::new(),
            cancelled: Vec::new(),
            last_session: None,
            compound_create_err: None,
            bad_related: false,
            short_charge: false,
            over_compound: false,
            compound_last: true,
            storage_io: false,
            compound_single: false,
            deferred: None,
            framed: false,
            io_pending: Vec::new(),
            io_bytes: 0,
            next_io: 1,
            authenticated: false,
            hold_until: None,
            held: Vec::new(),
            repoll: false,
            next_due: None,
            logged_off: Vec::new(),
            rng: rand::rngs::StdRng::seed_from_u64(seed),
            now: started,
            max_read: mr,
            max_write: mw,
            max_transact: mt,
            stats: Default::default(),
            peer: String::new(),
            channel_keys: Default::default(),
            outbox: Arc::new(crate::state::Outbox::default()),
            channels: None,
            predecrypted: None,
            rdma: (transport == Transport::Rdma).then(Default::default),
            last_tree: None,
            rdma_limits: (transport == Transport::Rdma).then(|| crate::rdma::RdmaLimits {
                max_read_write: mr.max(mw),
                ..Default::default()
            }),
        }
    }

    pub fn server(&self) -> &Arc<Server> {
        &self.server
    }

    pub fn dialect(&self) -> u16 {
        self.dialect
    }

    /// Handles one PDU (an SMB2 message, a compound, a transform or an SMB1 negotiate) at
    /// time `now`. Returns the PDUs to send.
    pub fn handle_pdu(
        &mut self,
        pdu: &[u8],
        now: crate::clock::Now,
    ) -> Result<Responses, Disconnect> {
        self.now = now;
        // A bug reached by one client's input costs that client its connection, never
        // the server: the panic is caught here and the connection is closed.
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match pdu.get(0..4) {
            Some(p) if p == smb_wire::header::PROTOCOL_ID => self.handle_plain(pdu, false, None),
            Some(p) if p == smb_wire::header::TRANSFORM_ID => self.handle_transform(pdu),
            Some(p) if p == smb_wire::header::SMB1_ID => self.handle_smb1(pdu),
            _ => Err(Disconnect("not an SMB2 message")),
        }));
        match r {
            Ok(Ok(mut resps)) => {
                if let Some(until) = self.hold_until.take() {
                    self.held.extend(resps.drain(..).map(|p| (until, p)));
                }
                // Breaks this request caused for this connection's own opens go out
                // before its answer (as Windows orders them): a client that copies a
                // break while its next request runs has it by then. (The outbox's
                // pending mark also asks for waiting requests to be looked at again: the
                // next poll does so.)
                if self.outbox.pending() {
                    self.repoll = true;
                    let notices = self.outbox.take();
                    let mut first: Responses =
                        notices.into_iter().map(|n| self.notice_pdu(n)).collect();
                    first.extend(resps.drain(..));
                    resps = first;
                    self.adopt_orphans();
                }
                if !self.asyncs.is_empty() || !self.held.is_empty() {
                    self.repoll = true;
                }
                Ok(resps)
            }
            Ok(r) => r,
            Err(_) => {
                tracing::error!(peer = %self.peer, "internal error while handling a request; closing the connection");
                Err(Disconnect("internal error"))
            }
        }
    }

    /// How the connection's worker is woken when another connection posts it a notice
    /// (an oplock break) while it sleeps.
    pub fn set_waker(&self, w: Arc<dyn Fn() + Send + Sync>) {
        self.outbox.set_waker(w);
    }

    /// Tears down everything this connection owned: its sessions and their opens
    /// (durable opens are kept for their client to reconnect), at `now`.
    pub fn close(&mut self, now: crate::clock::Now) {
        self.outbox.close();
        if let Some(c) = self.channels.take() {
            c.leave(&self.outbox);
        }
        // Breaks this connection owed are no longer awaited.
        self.server.waiters.wake(crate::state::WaitClass::Breaks);
        let bound: Vec<u64> = self.channel_keys.drain().map(|(k, _)| k).collect();
        let mut asyncs = std::mem::take(&mut self.asyncs);
        for id in std::mem::take(&mut self.sessions).into_iter().chain(bound) {
            // Losing one channel does not lose a session that has others: its CREATEs
            // waiting here go on there (their answers are lost with this channel, but a
            // replay on another channel must find them running, then their open).
            let Some(s) = self.server.session(id) else {
                continue;
            };
            if s.channels.fetch_sub(1, std::sync::atomic::Ordering::AcqRel) > 1 {
                let (creates, rest): (Vec<AsyncOp>, Vec<AsyncOp>) = asyncs
                    .into_iter()
                    .partition(|a| a.session_id == id && matches!(a.wait, ops::Wait::Create(_)));
                asyncs = rest;
                s.orphan(
                    creates
                        .into_iter()
                        .filter_map(|a| match a.wait {
                            ops::Wait::Create(c) => Some(*c),
                            _ => None,
                        })
                        .collect(),
                );
                continue;
            }
            if let Some(s) = self.server.sessions.remove(&id) {
                ops::teardown_session(&self.server, &s, now);
            }
        }
        self.asyncs.clear();
    }
}

pub(crate) fn error_body() -> Vec<u8> {
    let mut b = Vec::with_capacity(9);
    msg::encode_error_response(&mut b, &[]);
    b
}
