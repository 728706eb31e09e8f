//! One client connection (a channel): framing of compounds, the transform header, credits,
//! signing, NEGOTIATE, SESSION_SETUP, TREE_CONNECT and the dispatch of everything else.
//!
//! ```text
//!   new ──NEGOTIATE──▶ negotiated ──SESSION_SETUP*──▶ sessions … ──close──▶ (torn down)
//! ```
//! Input: whole SMB2 PDUs (the transport removed its framing) and the time; output: whole
//! PDUs to send. A protocol violation that Windows answers by disconnecting returns
//! [`Disconnect`].

use crate::credits::CreditWindow;
use crate::ops::{self, small_body, Ctx, Outcome};
use crate::state::{Server, Session, SessionKeys, Tree};
use rand::{RngCore, SeedableRng};
use smb_auth::acceptor::{Acceptor, AcceptorConfig, AuthError, Step};
use smb_auth::crypt::Cipher;
use smb_auth::preauth::PreauthHash;
use smb_auth::signing::{self, Algorithm};
use smb_wire::header::{flags, offsets, Command, Header, HEADER_LEN, TRANSFORM_HEADER_LEN};
use smb_wire::msg::{self, FileId};
use smb_wire::negotiate::{self as neg, caps, ctx, dialect, security_mode, NegotiateRequest};
use smb_wire::{NtStatus, PutLe, TransformHeader};
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

/// A storage read for the transport to perform: `len` bytes at `offset` of `fd` into
/// `buf`, reported back with [`Connection::complete_io`] under `id`.
#[derive(Clone, Copy, Debug)]
pub struct IoRequest {
    pub id: u64,
    pub fd: i32,
    /// The key `fd` may be registered under in the ring's file table (see
    /// [`crate::fixed`]).
    pub file: u64,
    /// fdatasync `fd` (no buffer) rather than read.
    pub sync: bool,
    pub offset: u64,
    pub len: u32,
    pub buf: *mut u8,
    /// A direct read the transport should complete by polling (IOPOLL) if it can, and
    /// the device it reads from.
    pub poll: bool,
    pub dev: u64,
    /// The share asks for submission by a kernel thread (SQPOLL).
    pub sqpoll: bool,
}

/// A READ's I/O as dispatch left it, with the session and tree it ran under.
type Deferred = (ops::ReadIo, Arc<Session>, Option<Arc<Tree>>);

/// A READ waiting for its storage I/O: what its answer needs.
struct PendingIo {
    id: u64,
    issued: bool,
    io: ops::ReadIo,
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
    now: u64,
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
            logged_off: Vec::new(),
            rng: rand::rngs::StdRng::seed_from_u64(seed),
            now: 0,
            max_read: mr,
            max_write: mw,
            max_transact: mt,
            stats: Default::default(),
            peer: String::new(),
            channel_keys: Default::default(),
            outbox: Arc::new(crate::state::Outbox::default()),
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
    /// time `now` (FILETIME). Returns the PDUs to send.
    pub fn handle_pdu(&mut self, pdu: &[u8], now: u64) -> Result<Responses, Disconnect> {
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
    /// (durable opens are kept for their client to reconnect).
    pub fn close(&mut self) {
        self.outbox.close();
        let bound: Vec<u64> = self.channel_keys.drain().map(|(k, _)| k).collect();
        for id in std::mem::take(&mut self.sessions).into_iter().chain(bound) {
            // Losing one channel does not lose a session that has others.
            let Some(s) = self.server.session(id) else {
                continue;
            };
            if s.channels.fetch_sub(1, std::sync::atomic::Ordering::AcqRel) > 1 {
                continue;
            }
            if let Some(s) = self.server.sessions.lock().remove(&id) {
                ops::teardown_session(&self.server, &s);
            }
        }
        self.asyncs.clear();
    }

    fn handle_transform(&mut self, pdu: &[u8]) -> Result<Responses, Disconnect> {
        if !dialect_is_3(self.dialect) || pdu.len() < TRANSFORM_HEADER_LEN + HEADER_LEN {
            return Err(Disconnect("bad transform"));
        }
        let th = TransformHeader::parse(pdu).map_err(|_| Disconnect("bad transform"))?;
        let session = self
            .server
            .session(th.session_id)
            .ok_or(Disconnect("transform for unknown session"))?;
        let cipher = session.keys.cipher.ok_or(Disconnect("no cipher"))?;
        let plain = match self.predecrypted.take() {
            Some((sig, plain)) if pdu[4..20] == sig => plain,
            _ => {
                let mut plain = crate::bufs::take(pdu.len());
                smb_auth::crypt::decrypt_into(cipher, &session.keys.decrypt, pdu, &mut plain)
                    .map_err(|_| Disconnect("decryption failed"))?;
                plain
            }
        };
        if plain.len() != th.original_message_size as usize {
            return Err(Disconnect("transform size mismatch"));
        }
        let r = self.handle_plain(&plain, true, Some(session));
        crate::bufs::give(plain);
        r
    }

    /// SMB1 NEGOTIATE offering SMB2 (MS-SMB2 3.3.5.3.1): answer with an SMB2 NEGOTIATE
    /// response for 2.0.2 or the wildcard 2.??.
    fn handle_smb1(&mut self, pdu: &[u8]) -> Result<Responses, Disconnect> {
        if self.dialect != 0 {
            return Err(Disconnect("SMB1 after negotiate"));
        }
        let wildcard = neg::smb1_offers_smb2(pdu).ok_or(Disconnect("SMB1 without SMB2"))?;
        let d = if wildcard && self.server.cfg.max_dialect > dialect::SMB202 {
            dialect::WILDCARD
        } else if self.server.cfg.min_dialect <= dialect::SMB202 {
            dialect::SMB202
        } else {
            return Err(Disconnect("no common dialect"));
        };
        if d == dialect::SMB202 {
            self.dialect = d;
        }
        // The answer is SMB2 message 0 (3.3.5.3.1): its id is spent and a credit granted,
        // so the client's next request, an SMB2 NEGOTIATE after the wildcard or anything
        // after 2.0.2, comes as message 1.
        self.credits
            .consume(0, 1)
            .map_err(|_| Disconnect("SMB1 negotiate twice"))?;
        let hdr = Header {
            flags: flags::SERVER_TO_REDIR,
            credits: self.credits.grant(1),
            ..Default::default()
        };
        let mut out = Vec::with_capacity(256);
        hdr.encode(&mut out);
        self.negotiate_body(&mut out, d, &[]);
        Ok(smallvec::smallvec![out])
    }

    fn handle_plain(
        &mut self,
        pdu: &[u8],
        encrypted: bool,
        enc_session: Option<Arc<Session>>,
    ) -> Result<Responses, Disconnect> {
        let mut responses = Responses::new();
        self.compound_create_err = None;
        self.bad_related = false;
        let mut at = 0usize;
        let mut prev: Option<(Header, NtStatus, Option<FileId>)> = None;
        let mut count = 0usize;
        loop {
            count += 1;
            // Past the bound each request is answered INSUFFICIENT_RESOURCES (credits still
            // bound how many a compound can hold).
            self.over_compound = count > self.server.cfg.max_compound;
            if count == self.server.cfg.max_compound + 1 {
                static LAST: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
                if crate::stats::log_due(&LAST, self.now) {
                    tracing::warn!(client = %self.peer, max = self.server.cfg.max_compound,
                        "compound longer than limits.max_compound: the rest answered INSUFFICIENT_RESOURCES");
                }
            }
            let rest = &pdu[at..];
            let hdr = Header::parse(rest).map_err(|_| Disconnect("bad SMB2 header"))?;
            let next = hdr.next_command as usize;
            let this = if next == 0 {
                rest
            } else {
                if !next.is_multiple_of(8) || next < HEADER_LEN || next > rest.len() {
                    return Err(Disconnect("bad NextCommand"));
                }
                &rest[..next]
            };
            if hdr.flags & flags::SERVER_TO_REDIR != 0 {
                return Err(Disconnect("response sent to server"));
            }
            let related = hdr.flags & flags::RELATED_OPERATIONS != 0 && prev.is_some();
            // A related request names its session and tree as "the previous one's"
            // (all ones); what it inherits is what the previous one resolved to, so a
            // chain of related requests keeps the ids of its first.
            let mut hdr = hdr;
            if related {
                let (ph, _, _) = prev.as_ref().expect("related implies prev");
                if hdr.session_id == u64::MAX {
                    hdr.session_id = ph.session_id;
                }
                if hdr.tree_id == u32::MAX {
                    hdr.tree_id = ph.tree_id;
                }
            }
            // MS-SMB2 3.3.5.2.7.2: a chain may not start with a related request, and a
            // related request has to inherit a session (Windows: INVALID_PARAMETER).
            // What follows such a request in its chain fails the same way.
            self.bad_related = hdr.flags & flags::RELATED_OPERATIONS != 0
                && (prev.is_none() || hdr.session_id == u64::MAX || self.bad_related);
            self.compound_last = next == 0;
            self.compound_single = next == 0 && count == 1;
            if count == 1 {
                self.stats.last_command = Some(hdr.command().0);
            }
            let (resp, status, file) =
                self.handle_one(this, hdr, related, prev.as_ref(), encrypted, &enc_session)?;
            if let Some(r) = resp {
                responses.push(r);
            }
            // The FileId of the last CREATE stays available to every later related request
            // (MS-SMB2 3.3.5.2.7.2).
            // An unrelated request ends the chain: what follows it inherits nothing older.
            let file = if related {
                file.or(prev.as_ref().and_then(|p| p.2))
            } else {
                file
            };
            prev = Some((hdr, status, file));
            if next == 0 {
                break;
            }
            at += next;
        }
        let mut out = Responses::new();
        if !responses.is_empty() {
            out.push(self.finish_compound(responses, encrypted, enc_session.as_ref()));
        }
        Ok(out)
    }

    /// Joins responses into one compound (8-byte aligned, NextCommand set), signs each and
    /// encrypts the whole when the request was encrypted or the session demands it.
    fn finish_compound(
        &mut self,
        mut parts: Responses,
        encrypted: bool,
        enc_session: Option<&Arc<Session>>,
    ) -> Vec<u8> {
        let n = parts.len();
        // The session whose key signs the current part: the connection's last one (no
        // reference taken: the usual case), or one looked up in the table.
        let mut use_last = false;
        let mut looked_up: Option<Arc<Session>> = None;
        let mut total = Vec::new();
        for (i, p) in parts.iter_mut().enumerate() {
            // Every part of a compound answer is padded to 8 bytes, the last one too
            // (Windows and Samba do; clients check the read padding).
            if n > 1 {
                let pad = (8 - p.len() % 8) % 8;
                p.resize(p.len() + pad, 0);
            }
            if i + 1 < n {
                let len = p.len() as u32;
                p.set_u32(offsets::NEXT_COMMAND, len);
            }
            let hflags = u32::from_le_bytes(p[16..20].try_into().unwrap());
            if !encrypted && hflags & flags::SIGNED != 0 {
                let sid = u64::from_le_bytes(p[40..48].try_into().unwrap());
                let last = self.last_session.as_ref();
                let current = if use_last { last } else { looked_up.as_ref() };
                if current.map(|s| s.id) != Some(sid) {
                    // A LOGOFF has already removed its session from the table, yet its
                    // response is signed with that session's key. A part naming no known
                    // session is signed with the key of the part before it (as Samba and
                    // Windows do: the client checks the chain with the key it has).
                    if last.is_some_and(|s| s.id == sid) {
                        use_last = true;
                    } else if let Some(s) = self.server.session(sid) {
                        use_last = false;
                        looked_up = Some(s);
                    } else if i == 0 {
                        use_last = false;
                        looked_up = None;
                    }
                }
                match if use_last { last } else { looked_up.as_ref() } {
                    Some(s) => {
                        let key = self.signing_key(s);
                        signing::sign(s.keys.signing_alg, &key, p)
                    }
                    None => {
                        // The session vanished (logoff in this compound): unsigned.
                        p.set_u32(offsets::FLAGS, hflags & !flags::SIGNED);
                    }
                }
            } else if encrypted {
                p.set_u32(offsets::FLAGS, hflags & !flags::SIGNED);
                p[48..64].fill(0);
            }
            if n > 1 {
                total.extend_from_slice(p);
            }
        }
        // One response (the common case, a READ's 8 KiB among them): itself, not a copy.
        if n == 1 {
            total = parts.pop().expect("one part");
        }
        if encrypted {
            if let Some(s) = enc_session {
                let sealed = self.encrypt_for(s, &total);
                crate::bufs::give(total);
                return sealed;
            }
        }
        total
    }

    fn encrypt_for(&mut self, s: &Session, plain: &[u8]) -> Vec<u8> {
        let cipher = s.keys.cipher.expect("encrypting session has a cipher");
        let mut out = crate::bufs::take(smb_wire::header::TRANSFORM_HEADER_LEN + plain.len());
        smb_auth::crypt::encrypt_into(
            cipher,
            &s.keys.encrypt,
            s.next_nonce(),
            s.id,
            plain,
            &mut out,
        );
        out
    }

    /// Handles one message of a compound. Returns its response (None for CANCEL and
    /// requests that went async without an interim), its status and any FileId it created.
    #[allow(clippy::type_complexity)]
    fn handle_one(
        &mut self,
        m: &[u8],
        mut hdr: Header,
        related: bool,
        prev: Option<&(Header, NtStatus, Option<FileId>)>,
        encrypted: bool,
        enc_session: &Option<Arc<Session>>,
    ) -> Result<(Option<Vec<u8>>, NtStatus, Option<FileId>), Disconnect> {
        let cmd = hdr.command();
        if cmd == Command::CANCEL {
            self.cancel(&hdr);
            return Ok((None, NtStatus::SUCCESS, None));
        }
        if self.dialect == 0 && cmd != Command::NEGOTIATE {
            return Err(Disconnect("request before negotiate"));
        }
        if self.dialect == dialect::WILDCARD && cmd != Command::NEGOTIATE {
            return Err(Disconnect("request after wildcard negotiate"));
        }
        self.short_charge = false;
        self.charge_credits(&hdr, m)?;
        let grant = self.credits.grant(hdr.credits);
        if related {
            let (ph, _, _) = prev.expect("related implies prev");
            if hdr.session_id == u64::MAX {
                hdr.session_id = ph.session_id;
            }
            if hdr.tree_id == u32::MAX {
                hdr.tree_id = ph.tree_id;
            }
        }
        let mut rh = Header {
            credit_charge: hdr.credit_charge,
            command: hdr.command,
            credits: grant,
            flags: flags::SERVER_TO_REDIR | (hdr.flags & flags::PRIORITY_MASK),
            message_id: hdr.message_id,
            tree_id: hdr.tree_id,
            session_id: hdr.session_id,
            ..Default::default()
        };
        if related {
            rh.flags |= flags::RELATED_OPERATIONS;
        }
        let (status, body, file) = match cmd {
            Command::NEGOTIATE => {
                let (st, body) = self.negotiate(m, &mut rh)?;
                (st, body, None)
            }
            Command::SESSION_SETUP => {
                let (st, body) = self.session_setup(m, &mut rh)?;
                (st, body, None)
            }
            // MS-SMB2 3.3.5.16: ECHO needs no session (a keepalive after LOGOFF succeeds).
            Command::ECHO if self.server.session(hdr.session_id).is_none() => {
                (NtStatus::SUCCESS, small_body(), None)
            }
            _ => {
                self.dispatch_in_session(m, hdr, &mut rh, related, prev, encrypted, enc_session)?
            }
        };
        if let Some((io, session, tree)) = self.deferred.take() {
            // Answered when the transport reports the read (no interim response); counted
            // then, with the time the storage took.
            self.stats.last_command = None;
            let id = self.next_io;
            self.next_io += 1;
            self.io_bytes += u64::from(io.length);
            self.io_pending.push(PendingIo {
                id,
                issued: false,
                io,
                hdr,
                rh,
                grant,
                session,
                tree,
                encrypted,
                enc_session: enc_session.clone(),
            });
            return Ok((None, NtStatus::SUCCESS, None));
        }
        rh.status = status.0;
        let framed = std::mem::take(&mut self.framed);
        self.count(
            cmd.0,
            status,
            &body[if framed { HEADER_LEN } else { 0 }..],
            grant,
        );
        if cmd == Command::CREATE {
            self.compound_create_err = status.is_error().then_some(status);
        }
        if status.is_error() {
            tracing::debug!(command = cmd.name(), msg_id = hdr.message_id, %status, "request failed");
        }
        Ok((Some(with_header(&rh, body, framed)), status, file))
    }

    /// Counts one answered request for the metrics.
    fn count(&mut self, cmd: u16, status: NtStatus, body: &[u8], grant: u16) {
        let st = &mut self.stats;
        // MORE_PROCESSING_REQUIRED carries an error severity but is a step, not a failure.
        let class = if status == NtStatus::MORE_PROCESSING_REQUIRED {
            1
        } else {
            crate::stats::ConnStats::status_class(status.0)
        };
        st.count_request(cmd, class);
        st.credits_granted += u64::from(grant);
        let le32 = |o: usize| {
            body.get(o..o + 4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as u64)
                .unwrap_or(0)
        };
        if class == 0 && cmd == Command::READ.0 {
            // Inline data (DataLength) or data sent by RDMA Write (DataRemaining); with an
            // RDMA transform, DataLength is the transform's.
            let transformed =
                le32(12) & u64::from(smb_wire::rdma_transform::READ_FLAG_RDMA_TRANSFORM) != 0;
            st.read_bytes += if transformed { 0 } else { le32(4) } + le32(8);
        } else if class == 0 && cmd == Command::WRITE.0 {
            st.write_bytes += le32(4);
        } else if cmd == Command::SESSION_SETUP.0 {
            if status == NtStatus::SUCCESS {
                st.auth_success += 1;
            } else if class == 2 {
                st.auth_failure += 1;
            }
        }
    }

    /// MS-SMB2 3.3.5.2.3/5: message id within the window (else the connection goes), and
    /// whether the credit charge covers the payload (else the request fails:
    /// `short_charge`).
    fn charge_credits(&mut self, hdr: &Header, m: &[u8]) -> Result<(), Disconnect> {
        let large_mtu = self.dialect >= dialect::SMB21 && self.dialect != dialect::WILDCARD;
        let mut charge = hdr.credit_charge;
        if !large_mtu {
            charge = 1;
        }
        self.credits
            .consume(hdr.message_id, charge)
            .map_err(|_| Disconnect("message id outside the credit window"))?;
        if large_mtu {
            let needed = ops::payload_size(hdr.command(), m);
            let required = needed.saturating_sub(1) / 65536 + 1;
            // The message ids are spent; the request itself fails (3.3.5.2.5).
            self.short_charge = u64::from(charge.max(1)) < required;
        }
        Ok(())
    }

    fn cancel(&mut self, hdr: &Header) {
        let pos = self.asyncs.iter().position(|a| {
            if hdr.is_async() {
                a.async_id == hdr.async_id
            } else {
                a.message_id == hdr.message_id
            }
        });
        if let Some(i) = pos {
            let op = self.asyncs.remove(i);
            let resp = self.async_final(&op, NtStatus::CANCELLED, &[]);
            self.cancelled.push(resp);
        }
    }

    #[allow(clippy::too_many_arguments, clippy::type_complexity)]
    fn dispatch_in_session(
        &mut self,
        m: &[u8],
        hdr: Header,
        rh: &mut Header,
        related: bool,
        prev: Option<&(Header, NtStatus, Option<FileId>)>,
        encrypted: bool,
        enc_session: &Option<Arc<Session>>,
    ) -> Result<(NtStatus, Vec<u8>, Option<FileId>), Disconnect> {
        let fail = |s: NtStatus| Ok((s, error_body(), None));
        // Nothing to inherit a session from: there is no key to sign the answer with.
        if self.bad_related && hdr.session_id == u64::MAX {
            if hdr.flags & flags::SIGNED != 0 && prev.is_some() {
                rh.flags |= flags::SIGNED;
            }
            return fail(NtStatus::INVALID_PARAMETER);
        }
        // A session is usable only on its own channels (MS-SMB2 3.3.5.2.9).
        let on_channel = self.on_channel(hdr.session_id);
        // The connection's last session, while it lasts, saves a look in the server-wide
        // table (shared by every worker). Ended sessions are marked expired when they
        // leave the table; those are looked up again (and found gone).
        let cached = matches!(&self.last_session,
            Some(s) if s.id == hdr.session_id && !s.expired.load(std::sync::atomic::Ordering::Acquire));
        let found = match cached {
            true => self.last_session.clone(),
            false => self.server.session(hdr.session_id),
        };
        let session = match found.filter(|_| on_channel) {
            Some(s) if !s.expired.load(std::sync::atomic::Ordering::Relaxed) => s,
            Some(_) => return fail(NtStatus::NETWORK_SESSION_EXPIRED),
            None => {
                // A session logged off on this connection still signs the answer that says
                // so, as Windows and Samba do; clients verify it.
                // So is the answer for a live session this connection is not a channel
                // of: clients skip checking it but want the flag.
                let known = self
                    .logged_off
                    .iter()
                    .find(|s| s.id == hdr.session_id)
                    .cloned()
                    .or_else(|| self.server.session(hdr.session_id))
                    .or_else(|| {
                        let ended = self.server.ended.lock();
                        ended.iter().find(|s| s.id == hdr.session_id).cloned()
                    });
                if let Some(s) = known {
                    if hdr.flags & flags::SIGNED != 0 {
                        rh.flags |= flags::SIGNED;
                    }
                    self.last_session = Some(s);
                } else if hdr.flags & flags::SIGNED != 0 && prev.is_some() {
                    // Inside a signed chain: signed with the previous part's key.
                    rh.flags |= flags::SIGNED;
                }
                return fail(NtStatus::USER_SESSION_DELETED);
            }
        };
        if !cached {
            self.last_session = Some(session.clone());
        }
        if encrypted && enc_session.as_ref().map(|s| s.id) != Some(session.id) {
            return fail(NtStatus::ACCESS_DENIED);
        }
        // MS-SMB2 3.3.5.2.4: signature checks for unencrypted requests.
        if !encrypted {
            if hdr.flags & flags::SIGNED != 0 {
                let key = self.signing_key(&session);
                if !signing::verify(session.keys.signing_alg, &key, m) {
                    return fail(NtStatus::ACCESS_DENIED);
                }
            } else if session.signing_required {
                return fail(NtStatus::ACCESS_DENIED);
            }
            if session.encrypt_data && dialect_is_3(self.dialect) {
                return fail(NtStatus::ACCESS_DENIED);
            }
        }
        if hdr.flags & flags::SIGNED != 0 || session.signing_required {
            rh.flags |= flags::SIGNED;
        }
        if self.bad_related || self.short_charge {
            return fail(NtStatus::INVALID_PARAMETER);
        }
        if self.over_compound {
            return fail(NtStatus::INSUFFICIENT_RESOURCES);
        }
        let cmd = hdr.command();
        let needs_tree = !matches!(cmd, Command::LOGOFF | Command::TREE_CONNECT | Command::ECHO);
        // The connection's last tree answers while connected (as the session does).
        let cached_tree = matches!(&self.last_tree,
            Some((sid, t)) if *sid == session.id && t.id == hdr.tree_id
                && !t.gone.load(std::sync::atomic::Ordering::Acquire));
        if needs_tree && !cached_tree {
            match session.tree(hdr.tree_id) {
                Some(t) => self.last_tree = Some((session.id, t)),
                None => return fail(NtStatus::NETWORK_NAME_DELETED),
            }
        }
        let tree = match needs_tree {
            true => self.last_tree.as_ref().map(|(_, t)| t),
            false => None,
        };
        if let Some(t) = &tree {
            if t.encrypt && !encrypted && dialect_is_3(self.dialect) {
                return fail(NtStatus::ACCESS_DENIED);
            }
        }
        // MS-SMB2 3.3.5.2.7.2: related requests after a failed CREATE fail the same way.
        if let (true, Some(e)) = (related, self.compound_create_err) {
            return fail(e);
        }
        let related_file = if related {
            prev.and_then(|p| p.2)
        } else {
            None
        };
        let multichannel = self.server_caps & caps::MULTI_CHANNEL != 0;
        let channel_key = self.signing_key(&session);
        let defer_io = self.storage_io
            && self.compound_single
            && matches!(cmd, Command::READ | Command::FLUSH | Command::WRITE);
        macro_rules! ctx {
            ($server:expr, $tree:expr, $rdma:expr, $outbox:expr) => {
                Ctx {
                    server: $server,
                    hdr,
                    msg: m,
                    session: Some(&session),
                    tree: $tree,
                    encrypted,
                    related_file,
                    now: self.now,
                    rdma: $rdma,
                    rdma_limits: self.rdma_limits,
                    dialect: self.dialect,
                    outbox: $outbox,
                    can_wait: self.compound_last,
                    multichannel,
                    channel_key,
                    defer_io,
                    single: self.compound_single,
                }
            };
        }
        // The context borrows what the connection holds; the handlers that take the
        // connection itself (rare commands, none of which moves data by RDMA) get clones
        // instead.
        let outcome = if matches!(
            cmd,
            Command::LOGOFF | Command::TREE_CONNECT | Command::IOCTL
        ) {
            let (server, outbox) = (self.server.clone(), self.outbox.clone());
            let tree = tree.cloned();
            let mut ctx = ctx!(&server, tree.as_ref(), None, &outbox);
            match cmd {
                Command::LOGOFF => self.logoff(&ctx, &session),
                Command::TREE_CONNECT => self.tree_connect(&mut ctx, rh, encrypted),
                _ => self.ioctl(&ctx),
            }
        } else {
            let ctx = ctx!(&self.server, tree, self.rdma.as_ref(), &self.outbox);
            match cmd {
                Command::TREE_DISCONNECT => ops::tree_disconnect(&self.server, &ctx),
                Command::ECHO => Outcome::Done(NtStatus::SUCCESS, small_body()),
                _ => ops::dispatch(
                    &self.server,
                    &ctx,
                    self.max_read,
                    self.max_write,
                    self.max_transact,
                ),
            }
        };
        match outcome {
            Outcome::Done(st, body) => Ok((st, body, None)),
            Outcome::Framed(st, body) => {
                self.framed = true;
                Ok((st, body, None))
            }
            Outcome::Created(st, body, id) => Ok((st, body, Some(id))),
            Outcome::Fail(st) => Ok((st, error_body(), None)),
            Outcome::Io(io) => {
                let tree = match needs_tree {
                    true => self.last_tree.as_ref().map(|(_, t)| t.clone()),
                    false => None,
                };
                self.deferred = Some((io, session.clone(), tree));
                Ok((NtStatus::SUCCESS, Vec::new(), None))
            }
            // Windows and Samba fail a request that would go async in the middle of a
            // compound (MS-SMB2 <159>/<162>); only the last one may.
            Outcome::Wait(_) if !self.compound_last => {
                Ok((NtStatus::INTERNAL_ERROR, error_body(), None))
            }
            Outcome::Wait(wait) => {
                let async_id = self.server.new_id();
                rh.flags |= flags::ASYNC_COMMAND;
                rh.async_id = async_id;
                self.asyncs.push(AsyncOp {
                    async_id,
                    message_id: hdr.message_id,
                    session_id: session.id,
                    tree_id: hdr.tree_id,
                    command: cmd,
                    signed: rh.flags & flags::SIGNED != 0,
                    encrypted,
                    wait,
                });
                Ok((NtStatus::PENDING, error_body(), None))
            }
        }
    }

    /// Completes waiting async requests whose condition now holds. Call after every batch
    /// of input and whenever the worker wakes.
    pub fn poll_async(&mut self) -> Vec<Vec<u8>> {
        let mut out = std::mem::take(&mut self.cancelled);
        if !self.held.is_empty() {
            let now = crate::clock::now();
            let mut i = 0;
            while i < self.held.len() {
                if self.held[i].0 <= now {
                    out.push(self.held.swap_remove(i).1);
                } else {
                    i += 1;
                }
            }
        }
        if self.outbox.pending() {
            for n in self.outbox.take() {
                out.push(self.notice_pdu(n));
            }
        }
        let mut i = 0;
        while i < self.asyncs.len() {
            let session = self.server.session(self.asyncs[i].session_id);
            let done = match &session {
                // The session logged off and its opens closed. Windows answers a lock
                // that was waiting then with success (smbtorture smb2.lock.cancel-logoff
                // expects it); the lock itself went with its open.
                None if matches!(self.asyncs[i].wait, ops::Wait::Lock { .. }) => {
                    Some((NtStatus::SUCCESS, small_body()))
                }
                None => Some((NtStatus::CANCELLED, Vec::new())),
                Some(s) => ops::poll_wait(&self.server, s, &mut self.asyncs[i].wait),
            };
            match done {
                Some((st, body)) => {
                    let op = self.asyncs.remove(i);
                    out.push(self.async_final(&op, st, &body));
                }
                None => i += 1,
            }
        }
        out
    }

    /// Lets READs, FLUSHes and write-through WRITEs' syncs go to the transport (its io_uring):
    /// collect it with [`Connection::take_io`], report it with
    /// [`Connection::complete_io`]. Only requests alone in their compound, on files
    /// with a descriptor, go this way.
    pub fn set_storage_io(&mut self, on: bool) {
        self.storage_io = on;
    }

    /// Storage reads to perform, each once. The buffers stay valid until the read is
    /// reported or the connection dropped: a transport drops a connection only when no
    /// read of it is in flight ([`Connection::io_in_flight`]).
    pub fn take_io(&mut self, out: &mut Vec<IoRequest>) {
        for p in self.io_pending.iter_mut().filter(|p| !p.issued) {
            p.issued = true;
            out.push(IoRequest {
                id: p.id,
                fd: p.io.fd,
                file: p.io.file_key(),
                sync: p.io.sync,
                offset: p.io.offset,
                len: p.io.length,
                buf: p.io.target(),
                poll: p.io.poll,
                dev: p.io.dev,
                sqpoll: p
                    .tree
                    .as_ref()
                    .and_then(|t| t.share.as_ref())
                    .is_some_and(|s| s.sqpoll),
            });
        }
    }

    /// Storage reads handed out and not yet reported.
    pub fn io_in_flight(&self) -> usize {
        self.io_pending.len()
    }

    /// Bytes the storage reads not yet reported will answer with: with the responses a
    /// transport has queued, what a client that does not read costs the server.
    pub fn io_bytes_in_flight(&self) -> u64 {
        self.io_bytes
    }

    /// Whether the connection's sessions hold an open (on any channel), or a request of
    /// it waits: then it is not idle, however long its client stays silent.
    pub fn holds_state(&self) -> bool {
        if !self.asyncs.is_empty() || !self.io_pending.is_empty() {
            return true;
        }
        let bound = self.channel_keys.keys().copied();
        self.sessions.iter().copied().chain(bound).any(|id| {
            self.server
                .session(id)
                .is_some_and(|s| !s.opens.lock().is_empty())
        })
    }

    /// Whether a client has authenticated on this connection (a session was established
    /// or bound here, even if since logged off): it may send full-size messages from now
    /// on.
    pub fn authenticated(&self) -> bool {
        self.authenticated
    }

    /// Reports a storage read (`res`: bytes read, or a negative errno); returns the READ's
    /// response (with its RDMA Write, on SMB Direct, in [`Connection::take_rdma_writes`]).
    pub fn complete_io(&mut self, id: u64, res: i32) -> Option<Vec<u8>> {
        let i = self.io_pending.iter().position(|p| p.id == id)?;
        let p = self.io_pending.swap_remove(i);
        self.io_bytes -= u64::from(p.io.length);
        let ctx = Ctx {
            server: &self.server,
            hdr: p.hdr,
            msg: &[],
            session: Some(&p.session),
            tree: p.tree.as_ref(),
            encrypted: p.encrypted,
            related_file: None,
            now: self.now,
            rdma: self.rdma.as_ref(),
            rdma_limits: self.rdma_limits,
            dialect: self.dialect,
            outbox: &self.outbox,
            can_wait: false,
            multichannel: self.server_caps & caps::MULTI_CHANNEL != 0,
            channel_key: self.signing_key(&p.session),
            defer_io: false,
            single: true,
        };
        let (status, body, framed) = match ops::finish_read(&ctx, p.io, res) {
            Outcome::Done(st, body) => (st, body, false),
            Outcome::Framed(st, body) => (st, body, true),
            Outcome::Fail(st) => (st, error_body(), false),
            _ => (NtStatus::INTERNAL_ERROR, error_body(), false),
        };
        let mut rh = p.rh;
        rh.status = status.0;
        let payload = &body[if framed { HEADER_LEN } else { 0 }..];
        self.count(p.hdr.command, status, payload, p.grant);
        self.stats.last_command = Some(p.hdr.command);
        let out = with_header(&rh, body, framed);
        self.last_session = Some(p.session);
        Some(self.finish_compound(
            smallvec::smallvec![out],
            p.encrypted,
            p.enc_session.as_ref(),
        ))
    }

    /// Whether async requests are waiting (the worker keeps polling while true).
    /// SMB Direct: if `pdu` is a WRITE whose data sits in the client's memory, the
    /// descriptors and the length to RDMA-Read before [`Connection::handle_pdu`]. The
    /// data is handed in with [`Connection::set_rdma_payload`].
    pub fn rdma_read_needed(&mut self, pdu: &[u8]) -> Option<(msg::Descriptors, u32)> {
        // A plaintext kept for an earlier PDU is for that PDU only: the next call to
        // handle a PDU is for this one (a WRITE waiting for its RDMA Read decrypts again).
        if let Some((_, old)) = self.predecrypted.take() {
            crate::bufs::give(old);
        }
        let l = self.rdma_limits?;
        let limits = || (l.max_read_write, l.transforms);
        if pdu.get(..4) != Some(&smb_wire::header::TRANSFORM_ID[..]) {
            return rdma_write_channel(pdu, self.dialect, limits);
        }
        // An encrypted WRITE (through the RDMA transform) names its descriptors inside
        // the ciphertext: the PDU is decrypted here, once, and the plaintext kept for
        // `handle_pdu`.
        let th = TransformHeader::parse(pdu).ok()?;
        let session = self.server.session(th.session_id)?;
        let mut plain = crate::bufs::take(pdu.len());
        if smb_auth::crypt::decrypt_into(
            session.keys.cipher?,
            &session.keys.decrypt,
            pdu,
            &mut plain,
        )
        .is_err()
        {
            crate::bufs::give(plain);
            return None;
        }
        let found = rdma_write_channel(&plain, self.dialect, limits);
        let mut sig = [0u8; 16];
        sig.copy_from_slice(&pdu[4..20]);
        self.predecrypted = Some((sig, plain));
        found
    }

    /// The data RDMA-Read for the WRITE about to be handled.
    /// Lends the engine a registered buffer for READ data (SMB Direct connections).
    pub fn lend_rdma_buffer(&mut self, b: Box<dyn crate::rdma::LentBuffer>) {
        if let Some(st) = &self.rdma {
            st.borrow_mut().lent.push(b);
        }
    }

    /// Whether the transport can RDMA-Write from a mapped file ([`crate::rdma::MappedRange`]).
    pub fn set_rdma_maps_files(&mut self, yes: bool) {
        if let Some(l) = &mut self.rdma_limits {
            l.maps_files = yes;
        }
    }

    /// How many lent buffers the engine holds unused.
    pub fn lent_rdma_buffers(&self) -> usize {
        self.rdma
            .as_ref()
            .map_or(0, |st| st.borrow_mut().lent.len())
    }

    pub fn set_rdma_payload(&mut self, data: Vec<u8>) {
        if let Some(st) = &self.rdma {
            st.borrow_mut().incoming = Some(crate::rdma::Incoming::Owned(data));
        }
    }

    /// WRITE data that an RDMA Read put into a registered buffer: written from there.
    pub fn set_rdma_payload_lent(&mut self, b: Box<dyn crate::rdma::LentBuffer>, len: usize) {
        if let Some(st) = &self.rdma {
            st.borrow_mut().incoming = Some(crate::rdma::Incoming::Lent(b, len));
        }
    }

    /// Moves into `into` what the transport must RDMA-Write before sending the responses
    /// of the last PDU; returns the key their Send With Invalidate retires.
    pub fn take_rdma_writes(&mut self, into: &mut Vec<crate::rdma::RdmaWrite>) -> Option<u32> {
        match &self.rdma {
            Some(st) => {
                let mut s = st.borrow_mut();
                // An unused lent buffer goes back with the others.
                if let Some(crate::rdma::Incoming::Lent(b, _)) = s.incoming.take() {
                    s.lent.push(b);
                }
                into.append(&mut s.writes);
                s.invalidate.take()
            }
            None => None,
        }
    }

    /// Requests answered with an interim response and not yet completed.
    pub fn async_count(&self) -> usize {
        self.asyncs.len()
    }

    /// Credits the client holds and has not used.
    pub fn credits_available(&self) -> u64 {
        self.credits.available()
    }

    pub fn has_async(&self) -> bool {
        !self.asyncs.is_empty()
            || !self.cancelled.is_empty()
            || self.outbox.pending()
            || !self.held.is_empty()
    }

    /// An unsolicited message (MessageId all ones, unsigned; encrypted when the session
    /// encrypts everything).
    fn notice_pdu(&mut self, n: crate::state::Notice) -> Vec<u8> {
        use crate::state::Notice;
        let session_id = match n {
            Notice::OplockBreak { session_id, .. } => session_id,
            // A lease belongs to the client, not to a session (MS-SMB2 3.3.4.7).
            Notice::LeaseBreak { .. } => 0,
        };
        let rh = Header {
            command: Command::OPLOCK_BREAK.0,
            credits: 0,
            flags: flags::SERVER_TO_REDIR,
            message_id: u64::MAX,
            session_id,
            ..Default::default()
        };
        let mut out = Vec::with_capacity(HEADER_LEN + 44);
        rh.encode(&mut out);
        match n {
            Notice::OplockBreak { file_id, level, .. } => {
                out.put_u16(24);
                out.put_u8(level);
                out.put_u8(0);
                out.put_u32(0);
                file_id.put(&mut out);
            }
            Notice::LeaseBreak {
                key,
                epoch,
                ack_required,
                current,
                new,
            } => {
                out.put_u16(44);
                out.put_u16(epoch);
                out.put_u32(u32::from(ack_required));
                out.extend_from_slice(&key);
                out.put_u32(current);
                out.put_u32(new);
                out.put_u32(0);
                out.put_u32(0);
                out.put_u32(0);
            }
        }
        match self.server.session(session_id) {
            Some(s) if s.encrypt_data && s.keys.cipher.is_some() => self.encrypt_for(&s, &out),
            _ => out,
        }
    }

    fn async_final(&mut self, op: &AsyncOp, st: NtStatus, body: &[u8]) -> Vec<u8> {
        let rh = Header {
            command: op.command.0,
            credits: 0,
            flags: flags::SERVER_TO_REDIR
                | flags::ASYNC_COMMAND
                | if op.signed { flags::SIGNED } else { 0 },
            message_id: op.message_id,
            async_id: op.async_id,
            session_id: op.session_id,
            status: st.0,
            ..Default::default()
        };
        let mut out = Vec::new();
        rh.encode(&mut out);
        if body.is_empty() {
            msg::encode_error_response(&mut out, &[]);
        } else {
            out.extend_from_slice(body);
        }
        let session = self.server.session(op.session_id);
        self.finish_compound(smallvec::smallvec![out], op.encrypted, session.as_ref())
    }
}

pub(crate) fn error_body() -> Vec<u8> {
    let mut b = Vec::with_capacity(9);
    msg::encode_error_response(&mut b, &[]);
    b
}

// ------------------------------------------------------------------ NEGOTIATE

const NEGOTIATE_FIXED_CAPS: u32 = caps::LARGE_MTU | caps::LEASING;
/// How many logged-off sessions a connection remembers for signing.
const LOGGED_OFF_KEPT: usize = 8;
/// Channels one session may have, the first included.
const MAX_CHANNELS: u32 = 32;

impl Connection {
    fn negotiate(&mut self, m: &[u8], rh: &mut Header) -> Result<(NtStatus, Vec<u8>), Disconnect> {
        // MS-SMB2 3.3.5.4: a second NEGOTIATE on a connection is a protocol error.
        if self.dialect != 0 && self.dialect != dialect::WILDCARD {
            return Err(Disconnect("second negotiate"));
        }
        let req = NegotiateRequest::parse(m).map_err(|_| Disconnect("malformed negotiate"))?;
        if req.dialects.is_empty() {
            return Ok((NtStatus::INVALID_PARAMETER, error_body()));
        }
        let cfg = &self.server.cfg;
        let chosen = [
            dialect::SMB311,
            dialect::SMB302,
            dialect::SMB30,
            dialect::SMB21,
            dialect::SMB202,
        ]
        .into_iter()
        .find(|d| *d >= cfg.min_dialect && *d <= cfg.max_dialect && req.dialects.contains(d));
        let Some(d) = chosen else {
            return Ok((NtStatus::NOT_SUPPORTED, error_body()));
        };
        let mut contexts = Vec::new();
        if d == dialect::SMB311 {
            let c = &req.contexts;
            let Some(pre) = &c.preauth else {
                return Ok((NtStatus::INVALID_PARAMETER, error_body()));
            };
            if c.duplicate {
                return Ok((NtStatus::INVALID_PARAMETER, error_body()));
            }
            if !pre.hash_algorithms.contains(&ctx::HASH_SHA512) {
                return Ok((
                    NtStatus::SMB_NO_PREAUTH_INTEGRITY_HASH_OVERLAP,
                    error_body(),
                ));
            }
            let mut salt = [0u8; 32];
            self.rng.fill_bytes(&mut salt);
            contexts.push(neg::encode_context(
                ctx::PREAUTH_INTEGRITY,
                &neg::preauth_context_data(&salt),
            ));
            if let Some(ciphers) = &c.ciphers {
                let pick = cfg.ciphers.iter().find(|id| ciphers.contains(id)).copied();
                // No cipher in common: no encryption context in the answer (as Samba);
                // the session simply cannot encrypt.
                if let Some(id) = pick {
                    contexts.push(neg::encode_context(
                        ctx::ENCRYPTION,
                        &neg::single_id_context_data(id),
                    ));
                }
                self.cipher = pick.and_then(cipher_from_id);
            }
            self.signing_alg = Algorithm::AesCmac;
            if let Some(algs) = &c.signing {
                let pick = [2u16, 1, 0]
                    .into_iter()
                    .find(|a| algs.contains(a))
                    .unwrap_or(1);
                self.signing_alg = match pick {
                    2 => Algorithm::AesGmac,
                    0 => Algorithm::HmacSha256,
                    _ => Algorithm::AesCmac,
                };
                contexts.push(neg::encode_context(
                    ctx::SIGNING,
                    &neg::single_id_context_data(pick),
                ));
            }
            if let Some(ids) = &c.rdma_transforms {
                // MS-SMB2 3.3.5.4: every transform both sides support, in the client's
                // order; encryption needs a cipher. None in common: answer NONE.
                if ids.is_empty() {
                    return Ok((NtStatus::INVALID_PARAMETER, error_body()));
                }
                let mut common: Vec<u16> = Vec::new();
                for &id in ids {
                    let ours = id == smb_wire::rdma_transform::id::SIGNING
                        || (id == smb_wire::rdma_transform::id::ENCRYPTION
                            && self.cipher.is_some());
                    if ours && !common.contains(&id) {
                        common.push(id);
                    }
                }
                if common.is_empty() {
                    common.push(smb_wire::rdma_transform::id::NONE);
                }
                contexts.push(neg::encode_context(
                    ctx::RDMA_TRANSFORM,
                    &neg::rdma_transform_context_data(&common),
                ));
                if let Some(l) = &mut self.rdma_limits {
                    l.transforms = smb_wire::rdma_transform::Ids::from_ids(&common);
                }
            }
        } else if dialect_is_3(d) {
            self.signing_alg = Algorithm::AesCmac;
            if req.capabilities & caps::ENCRYPTION != 0 {
                self.cipher = Some(Cipher::Aes128Ccm);
            }
        } else {
            self.signing_alg = Algorithm::HmacSha256;
        }
        self.dialect = d;
        self.client_guid = req.client_guid;
        self.client_caps = req.capabilities;
        self.client_security_mode = req.security_mode;
        self.client_dialects = req.dialects.clone();
        if d == dialect::SMB311 {
            self.preauth.update(m);
        }
        let mut body = Vec::with_capacity(256);
        body.extend_from_slice(&[0u8; HEADER_LEN]);
        self.negotiate_body_with(&mut body, d, contexts);
        if d == dialect::SMB311 {
            let mut whole = Vec::with_capacity(body.len());
            rh.status = 0;
            rh.encode(&mut whole);
            whole.extend_from_slice(&body[HEADER_LEN..]);
            self.preauth.update(&whole);
        }
        Ok((NtStatus::SUCCESS, body[HEADER_LEN..].to_vec()))
    }

    fn negotiate_body(&mut self, out: &mut Vec<u8>, d: u16, contexts: &[Vec<u8>]) {
        self.negotiate_body_with(out, d, contexts.to_vec())
    }

    fn negotiate_body_with(&mut self, out: &mut Vec<u8>, d: u16, contexts: Vec<Vec<u8>>) {
        let cfg = &self.server.cfg;
        let mut sec = security_mode::SIGNING_ENABLED;
        if cfg.require_signing {
            sec |= security_mode::SIGNING_REQUIRED;
        }
        let mut c = 0;
        if d != dialect::SMB202 && d != dialect::WILDCARD {
            c |= NEGOTIATE_FIXED_CAPS;
        }
        if dialect_is_3(d) {
            if self.cipher.is_some() && d != dialect::SMB311 {
                c |= caps::ENCRYPTION;
            }
            if !cfg.interfaces.is_empty() {
                c |= caps::MULTI_CHANNEL;
            }
        }
        let (mr, mw, mt) = if d == dialect::SMB202 || d == dialect::WILDCARD {
            (65536, 65536, 65536)
        } else {
            (self.max_read, self.max_write, self.max_transact)
        };
        self.max_read = mr;
        self.max_write = mw;
        self.max_transact = mt;
        self.server_caps = c;
        self.server_security_mode = sec;
        let token = smb_auth::spnego::negotiate_token();
        neg::NegotiateResponse {
            security_mode: sec,
            dialect: d,
            server_guid: cfg.server_guid,
            capabilities: c,
            max_transact_size: mt,
            max_read_size: mr,
            max_write_size: mw,
            system_time: self.now,
            security_buffer: &token,
            contexts,
        }
        .encode(out);
    }
}

/// The key-derivation flavour of an SMB 3.x dialect.
fn kdf_dialect(d: u16) -> smb_auth::kdf::Dialect {
    match d {
        dialect::SMB311 => smb_auth::kdf::Dialect::Smb311,
        dialect::SMB302 => smb_auth::kdf::Dialect::Smb302,
        _ => smb_auth::kdf::Dialect::Smb300,
    }
}

fn cipher_from_id(id: u16) -> Option<Cipher> {
    match id {
        1 => Some(Cipher::Aes128Ccm),
        2 => Some(Cipher::Aes128Gcm),
        3 => Some(Cipher::Aes256Ccm),
        4 => Some(Cipher::Aes256Gcm),
        _ => None,
    }
}

fn cipher_key_len(c: Option<Cipher>) -> usize {
    match c {
        Some(Cipher::Aes256Ccm) | Some(Cipher::Aes256Gcm) => 32,
        _ => 16,
    }
}

// ------------------------------------------------------------------ SESSION_SETUP

impl Connection {
    fn session_setup(
        &mut self,
        m: &[u8],
        rh: &mut Header,
    ) -> Result<(NtStatus, Vec<u8>), Disconnect> {
        let fail = |s: NtStatus| Ok((s, error_body()));
        let Ok(req) = msg::SessionSetupRequest::parse(m) else {
            return fail(NtStatus::INVALID_PARAMETER);
        };
        let hdr = Header::parse(m).map_err(|_| Disconnect("bad header"))?;
        let binding = req.flags & msg::SESSION_FLAG_BINDING != 0;
        if binding {
            // MS-SMB2 3.3.5.5.2: another channel of an existing session.
            if !dialect_is_3(self.dialect) {
                return fail(NtStatus::REQUEST_NOT_ACCEPTED);
            }
            let Some(session) = self.server.session(hdr.session_id) else {
                return fail(NtStatus::USER_SESSION_DELETED);
            };
            if session.dialect != self.dialect {
                return fail(NtStatus::INVALID_PARAMETER);
            }
            if session.client_guid != self.client_guid {
                return fail(NtStatus::USER_SESSION_DELETED);
            }
            if self.sessions.contains(&session.id) || self.channel_keys.contains_key(&session.id) {
                return fail(NtStatus::REQUEST_NOT_ACCEPTED);
            }
            if session.guest || session.anonymous {
                return fail(NtStatus::NOT_SUPPORTED);
            }
            // A session has at most this many channels (as Windows and Samba: 32).
            // (Signed with the session's key, as the client checks a binding's answers.)
            if session.channels.load(std::sync::atomic::Ordering::Acquire) >= MAX_CHANNELS {
                rh.session_id = session.id;
                rh.flags |= flags::SIGNED;
                return fail(NtStatus::INSUFFICIENT_RESOURCES);
            }
            // The binding request is signed with the session's key.
            if hdr.flags & flags::SIGNED == 0
                || !signing::verify(session.keys.signing_alg, &session.keys.signing, m)
            {
                tracing::info!(target: "audit", client = %self.peer, session = session.id,
                    "channel binding refused: bad signature");
                return fail(NtStatus::ACCESS_DENIED);
            }
            if !self.pending.contains_key(&session.id) {
                self.begin_auth(session.id);
                self.pending.get_mut(&session.id).expect("inserted").binding = true;
            }
        }
        let sid = if binding {
            hdr.session_id
        } else if hdr.session_id == 0 {
            if self.pending.len() + self.sessions.len()
                >= self.server.cfg.max_sessions_per_connection
            {
                return fail(NtStatus::INSUFFICIENT_RESOURCES);
            }
            let id = self.server.new_id();
            self.begin_auth(id);
            id
        } else if self.pending.contains_key(&hdr.session_id) {
            hdr.session_id
        } else if self.on_channel(hdr.session_id) && self.server.session(hdr.session_id).is_some() {
            // Re-authentication of a live session: run a fresh exchange, keep the keys.
            self.begin_auth(hdr.session_id);
            hdr.session_id
        } else {
            return fail(NtStatus::USER_SESSION_DELETED);
        };
        rh.session_id = sid;
        let addr = peer_ip(&self.peer);
        if self.server.logons.address_blocked(addr, self.now) {
            // This address failed too often: refused unchecked (no password oracle),
            // after the usual delay, until its window passes.
            self.pending.remove(&sid);
            self.hold_until = Some(crate::clock::now() + self.server.logons.blocked_delay());
            return fail(NtStatus::LOGON_FAILURE);
        }
        let pending = self.pending.get_mut(&sid).expect("inserted above");
        if self.dialect == dialect::SMB311 {
            pending.preauth.update(m);
        }
        let step = {
            let users = self.server.users.read();
            pending.acceptor.step(req.security_buffer, &users)
        };
        match step {
            Err(e) => {
                let p = self.pending.remove(&sid).expect("present");
                let st = match e {
                    AuthError::LogonFailure => NtStatus::LOGON_FAILURE,
                    AuthError::Malformed(_) => NtStatus::INVALID_PARAMETER,
                    AuthError::Unsupported(_) => NtStatus::NOT_SUPPORTED,
                };
                let (domain, user) = p.acceptor.claimed().cloned().unwrap_or_default();
                tracing::info!(target: "audit", client = %self.peer, %user, %domain, session = sid,
                    status = %st, "logon failed");
                let after = self.server.logons.failed(addr, &user, self.now);
                if after.address_blocked {
                    tracing::warn!(target: "audit", client = %self.peer, %user,
                        "too many failed logons from this address: refused unchecked for the rest of the window (limits.logon_failures_per_address)");
                }
                if after.user_flagged {
                    tracing::warn!(target: "audit", client = %self.peer, %user, %domain,
                        "too many failed logons for this user name: its failures are slowed (limits.logon_failures_per_user)");
                }
                if !after.delay.is_zero() {
                    self.hold_until = Some(crate::clock::now() + after.delay);
                }
                fail(st)
            }
            Ok(Step::Continue(token)) => {
                let mut body = Vec::new();
                msg::encode_session_setup_response(&mut body, 0, &token);
                // A binding's interim response is signed with the session's key
                // (MS-SMB2 3.3.4.1.1), and hashed as sent.
                let bind_key = if pending.binding {
                    self.server
                        .session(sid)
                        .map(|s| (s.keys.signing_alg, s.keys.signing))
                } else {
                    None
                };
                // So is a re-authentication's, when the request was signed or the
                // session requires signing (clients check it with the session's key).
                let reauth = !pending.binding
                    && self
                        .server
                        .session(sid)
                        .is_some_and(|s| s.signing_required || hdr.flags & flags::SIGNED != 0);
                if bind_key.is_some() || reauth {
                    rh.flags |= flags::SIGNED;
                }
                if self.dialect == dialect::SMB311 {
                    let mut whole = Vec::new();
                    let mut h = *rh;
                    h.status = NtStatus::MORE_PROCESSING_REQUIRED.0;
                    h.encode(&mut whole);
                    whole.extend_from_slice(&body);
                    if let Some((alg, key)) = bind_key {
                        signing::sign(alg, &key, &mut whole);
                    }
                    let pending = self.pending.get_mut(&sid).expect("present");
                    pending.preauth.update(&whole);
                }
                Ok((NtStatus::MORE_PROCESSING_REQUIRED, body))
            }
            Ok(Step::Done(auth)) => {
                let pending = self.pending.remove(&sid).expect("present");
                if pending.binding {
                    let Some(session) = self.server.session(sid) else {
                        return fail(NtStatus::USER_SESSION_DELETED);
                    };
                    if !session.user.eq_ignore_ascii_case(&auth.user) {
                        return fail(NtStatus::ACCESS_DENIED);
                    }
                    // This channel's signing key, from this authentication (3.3.5.5.3).
                    let k = self.derive_keys(&auth.session_key, &pending.preauth.value());
                    self.channel_keys.insert(sid, k.signing);
                    self.authenticated = true;
                    session
                        .channels
                        .fetch_add(1, std::sync::atomic::Ordering::AcqRel);
                    tracing::info!(target: "audit", client = %self.peer, user = %auth.user,
                        session = sid, "channel bound to session");
                    let mut body = Vec::new();
                    msg::encode_session_setup_response(&mut body, 0, &auth.token);
                    rh.flags |= flags::SIGNED;
                    self.last_session = Some(session);
                    return Ok((NtStatus::SUCCESS, body));
                }
                if let Some(existing) = self.server.session(sid) {
                    // Re-authentication: same user required, keys unchanged.
                    if !existing.user.eq_ignore_ascii_case(&auth.user) {
                        return fail(NtStatus::ACCESS_DENIED);
                    }
                    let mut body = Vec::new();
                    msg::encode_session_setup_response(&mut body, 0, &auth.token);
                    if existing.signing_required || hdr.flags & flags::SIGNED != 0 {
                        rh.flags |= flags::SIGNED;
                    }
                    return Ok((NtStatus::SUCCESS, body));
                }
                let hash = pending.preauth.value();
                let sec_mode = u16::from(req.security_mode);
                let session = self.make_session(sid, &auth, sec_mode, &hash);
                let mut sflags = 0;
                if session.guest {
                    sflags |= msg::SESSION_FLAG_IS_GUEST;
                }
                if session.anonymous {
                    sflags |= msg::SESSION_FLAG_IS_NULL;
                }
                if session.encrypt_data {
                    sflags |= msg::SESSION_FLAG_ENCRYPT_DATA;
                }
                // MS-SMB2 3.3.5.5.3: the final response of an authenticated 3.x session is
                // signed with the new key; 2.x signs it when signing is required.
                if !session.guest
                    && !session.anonymous
                    && (dialect_is_3(self.dialect) || session.signing_required)
                {
                    rh.flags |= flags::SIGNED;
                }
                tracing::info!(target: "audit", client = %self.peer, user = %auth.user, domain = %auth.domain,
                    guest = auth.guest, session = sid, "logon succeeded");
                // MS-SMB2 3.3.5.5.3: a client back after losing its connection names its
                // old session, which ends now (its durable opens wait to be reconnected).
                let prev = req.previous_session_id;
                if prev != 0 && prev != sid {
                    let old = self.server.session(prev).filter(|o| {
                        o.user.eq_ignore_ascii_case(&session.user)
                            && o.domain.eq_ignore_ascii_case(&session.domain)
                    });
                    if let Some(old) = old {
                        self.server.sessions.lock().remove(&prev);
                        ops::teardown_session(&self.server, &old);
                        let mut ended = self.server.ended.lock();
                        if ended.len() >= LOGGED_OFF_KEPT {
                            ended.pop_front();
                        }
                        ended.push_back(old);
                    }
                }
                self.server.sessions.lock().insert(sid, Arc::new(session));
                self.sessions.push(sid);
                self.authenticated = true;
                let mut body = Vec::new();
                msg::encode_session_setup_response(&mut body, sflags, &auth.token);
                Ok((NtStatus::SUCCESS, body))
            }
        }
    }

    /// Starts an authentication exchange for session `id` with a fresh challenge; the
    /// session's preauth hash starts from the connection's (MS-SMB2 3.3.5.5).
    fn begin_auth(&mut self, id: u64) {
        let mut challenge = [0u8; 8];
        self.rng.fill_bytes(&mut challenge);
        let acceptor = Acceptor::new(self.acceptor_config(), challenge, self.now);
        self.pending.insert(
            id,
            PendingAuth {
                acceptor,
                preauth: self.preauth.clone(),
                binding: false,
            },
        );
    }

    /// SMB 3.x keys from an authentication's session key (and, for 3.1.1, the
    /// preauthentication hash of its exchange).
    fn derive_keys(
        &self,
        session_key: &[u8; 16],
        preauth: &[u8; 64],
    ) -> smb_auth::kdf::SessionKeys {
        smb_auth::kdf::session_keys(
            kdf_dialect(self.dialect),
            session_key,
            session_key,
            (self.dialect == dialect::SMB311).then_some(preauth),
            cipher_key_len(self.cipher),
        )
    }

    /// Whether session `id` was set up on, or bound to, this connection.
    fn on_channel(&self, id: u64) -> bool {
        self.sessions.contains(&id) || self.channel_keys.contains_key(&id)
    }

    /// The key that signs `s`'s messages on this connection: the channel's own for a
    /// session bound here, the session's otherwise (MS-SMB2 3.3.5.5.3).
    fn signing_key(&self, s: &Session) -> [u8; 16] {
        self.channel_keys
            .get(&s.id)
            .copied()
            .unwrap_or(s.keys.signing)
    }

    fn acceptor_config(&self) -> AcceptorConfig {
        let cfg = &self.server.cfg;
        AcceptorConfig {
            netbios_domain: cfg.domain.clone(),
            netbios_computer: cfg.netbios_name.clone(),
            dns_domain: cfg.dns_domain.clone(),
            dns_computer: format!("{}.{}", cfg.netbios_name.to_lowercase(), cfg.dns_domain),
            allow_guest: cfg.allow_guest,
        }
    }

    fn make_session(
        &self,
        sid: u64,
        auth: &smb_auth::acceptor::Authenticated,
        client_sec_mode: u16,
        preauth: &[u8; 64],
    ) -> Session {
        let d = self.dialect;
        let keys = if dialect_is_3(d) {
            let k = self.derive_keys(&auth.session_key, preauth);
            SessionKeys {
                session_key: auth.session_key,
                signing: k.signing,
                signing_alg: self.signing_alg,
                encrypt: k.encrypt_s2c,
                decrypt: k.decrypt_c2s,
                cipher: self.cipher,
                application: k.application,
            }
        } else {
            SessionKeys {
                session_key: auth.session_key,
                signing: auth.session_key,
                signing_alg: Algorithm::HmacSha256,
                encrypt: Vec::new(),
                decrypt: Vec::new(),
                cipher: None,
                application: auth.session_key,
            }
        };
        let cfg = &self.server.cfg;
        let authenticated = !auth.guest && !auth.anonymous;
        let signing_required = authenticated
            && (cfg.require_signing || client_sec_mode & security_mode::SIGNING_REQUIRED != 0);
        let encrypt_data = authenticated && cfg.encrypt_all && keys.cipher.is_some();
        Session::new(
            sid,
            auth.user.clone(),
            auth.domain.clone(),
            auth.guest,
            auth.anonymous,
            d,
            keys,
            signing_required,
            encrypt_data,
            self.client_guid,
        )
    }

    fn logoff(&mut self, ctx: &Ctx, session: &Arc<Session>) -> Outcome {
        if msg::parse_small(ctx.msg).is_err() {
            return Outcome::Fail(NtStatus::INVALID_PARAMETER);
        }
        self.server.sessions.lock().remove(&session.id);
        self.sessions.retain(|s| *s != session.id);
        ops::teardown_session(&self.server, session);
        if self.logged_off.len() >= LOGGED_OFF_KEPT {
            self.logged_off.remove(0);
        }
        self.logged_off.push(session.clone());
        Outcome::Done(NtStatus::SUCCESS, small_body())
    }

    fn tree_connect(&mut self, ctx: &mut Ctx, rh: &mut Header, encrypted: bool) -> Outcome {
        let Ok(req) = msg::TreeConnectRequest::parse(ctx.msg) else {
            return Outcome::Fail(NtStatus::INVALID_PARAMETER);
        };
        let session = ctx.session.as_ref().expect("in session");
        // "\\server\share": take the last component.
        let name = req.path.rsplit('\\').next().unwrap_or("");
        if name.is_empty() || !req.path.starts_with("\\\\") {
            return Outcome::Fail(NtStatus::BAD_NETWORK_NAME);
        }
        let ipc = name.eq_ignore_ascii_case("IPC$");
        let share = if ipc {
            None
        } else {
            match self.server.find_share(name) {
                Some(s) => Some(s),
                None => return Outcome::Fail(NtStatus::BAD_NETWORK_NAME),
            }
        };
        let encrypt = share.as_ref().is_some_and(|s| s.encrypt) || session.encrypt_data;
        if encrypt && (!dialect_is_3(self.dialect) || session.keys.cipher.is_none()) {
            return Outcome::Fail(NtStatus::ACCESS_DENIED);
        }
        if encrypt
            && !encrypted
            && share.as_ref().is_some_and(|s| s.encrypt)
            && session.encrypt_data
        {
            return Outcome::Fail(NtStatus::ACCESS_DENIED);
        }
        if session.anonymous && !ipc && !self.server.cfg.allow_guest {
            return Outcome::Fail(NtStatus::ACCESS_DENIED);
        }
        let read_only = share.as_ref().is_some_and(|s| s.read_only);
        let maximal_access = if read_only {
            0x0012_00A9
        } else {
            msg::access::FILE_ALL_ACCESS
        };
        let id = session.new_tree_id();
        session.trees.lock().insert(
            id,
            Arc::new(Tree {
                id,
                share,
                encrypt,
                maximal_access,
                gone: Default::default(),
            }),
        );
        rh.tree_id = id;
        let mut flags = 0;
        if encrypt {
            flags |= msg::SHAREFLAG_ENCRYPT_DATA;
        }
        let mut body = Vec::new();
        msg::encode_tree_connect_response(
            &mut body,
            if ipc {
                msg::SHARE_TYPE_PIPE
            } else {
                msg::SHARE_TYPE_DISK
            },
            flags,
            0,
            maximal_access,
        );
        Outcome::Done(NtStatus::SUCCESS, body)
    }

    /// IOCTLs answered from connection state; the rest go to the file handlers.
    fn ioctl(&mut self, ctx: &Ctx) -> Outcome {
        let Ok(req) = msg::IoctlRequest::parse(ctx.msg) else {
            return Outcome::Fail(NtStatus::INVALID_PARAMETER);
        };
        match req.ctl_code {
            msg::fsctl::VALIDATE_NEGOTIATE_INFO => self.validate_negotiate(&req),
            msg::fsctl::QUERY_NETWORK_INTERFACE_INFO => {
                // Not about a file: the FileId must be all ones (Windows, Samba).
                if req.file_id.persistent != u64::MAX || req.file_id.volatile != u64::MAX {
                    return Outcome::Fail(NtStatus::INVALID_PARAMETER);
                }
                let out = ops::interface_info(&self.server.cfg.interfaces);
                if out.len() > req.max_output_response as usize {
                    return Outcome::Fail(NtStatus::BUFFER_TOO_SMALL);
                }
                let mut body = Vec::new();
                msg::encode_ioctl_response(&mut body, req.ctl_code, req.file_id, &out);
                Outcome::Done(NtStatus::SUCCESS, body)
            }
            _ => ops::dispatch(
                &self.server,
                ctx,
                self.max_read,
                self.max_write,
                self.max_transact,
            ),
        }
    }

    /// MS-SMB2 3.3.5.15.12: the client repeats what it negotiated; any mismatch means a
    /// downgrade attack, and the connection is dropped (we answer, then the caller closes).
    fn validate_negotiate(&mut self, req: &msg::IoctlRequest) -> Outcome {
        if self.dialect == dialect::SMB311 {
            return Outcome::Fail(NtStatus::FILE_CLOSED);
        }
        let r = smb_wire::Le(req.input);
        let parsed = (|| -> Option<(u32, [u8; 16], u16, Vec<u16>)> {
            let caps = r.u32(0).ok()?;
            let guid = r.array16(4).ok()?;
            let sec = r.u16(20).ok()?;
            let n = r.u16(22).ok()? as usize;
            let d = (0..n.min(64))
                .map(|i| r.u16(24 + 2 * i).ok())
                .collect::<Option<Vec<_>>>()?;
            Some((caps, guid, sec, d))
        })();
        let Some((c, guid, sec, dialects)) = parsed else {
            return Outcome::Fail(NtStatus::INVALID_PARAMETER);
        };
        // A connection that reached 2.0.2 through an SMB1 NEGOTIATE never told us its
        // SMB2 capabilities, GUID or security mode: its dialect is what can be checked.
        let via_smb1 = self.client_dialects.is_empty() && self.dialect == dialect::SMB202;
        let agrees = if via_smb1 {
            dialects.contains(&dialect::SMB202)
        } else {
            c == self.client_caps
                && guid == self.client_guid
                && sec == self.client_security_mode
                && dialects == self.client_dialects
        };
        if !agrees {
            self.dialect = dialect::WILDCARD; // any further request disconnects
            return Outcome::Fail(NtStatus::ACCESS_DENIED);
        }
        let mut out = Vec::new();
        out.put_u32(self.server_caps);
        out.extend_from_slice(&self.server.cfg.server_guid);
        out.put_u16(self.server_security_mode);
        out.put_u16(self.dialect);
        let mut body = Vec::new();
        msg::encode_ioctl_response(&mut body, req.ctl_code, req.file_id, &out);
        Outcome::Done(NtStatus::SUCCESS, body)
    }
}
