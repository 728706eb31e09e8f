//! An SMB 3.1.1 client for tests and benchmarks: negotiate (3.1.1 with preauth integrity,
//! or 3.0.2/2.1), NTLMv2 logon, signing or encryption, tree connect, create/read/write/
//! flush/close, and pipelined requests (many in flight, matched by message id) for queue
//! depth sweeps.
//!
//! May not: be a dependency of the server's crates except for their tests (it exists to
//! test and measure them), or grow server-side shortcuts; it speaks to any SMB3 server as
//! a client would.

pub mod ntlm;

use smb_auth::crypt::Cipher;
use smb_auth::payload::{self, Fault};
use smb_auth::preauth::PreauthHash;
use smb_auth::signing::{self, Algorithm};
use smb_wire::header::{flags, Header, HEADER_LEN, TRANSFORM_ID};
use smb_wire::msg;
pub use smb_wire::msg::FileId;
use smb_wire::negotiate::{self as neg, ctx, dialect};
use smb_wire::{Command, Le, NtStatus, PutLe};
use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::net::TcpStream;

#[derive(Debug)]
pub enum Error {
    Io(io::Error),
    Status(Command, NtStatus),
    Protocol(&'static str),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Io(e) => write!(f, "I/O: {e}"),
            Error::Status(c, s) => write!(f, "{} failed: {s}", c.name()),
            Error::Protocol(w) => write!(f, "protocol: {w}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error::Io(e)
    }
}

pub type Result<T> = std::result::Result<T, Error>;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protection {
    None,
    Sign,
    Encrypt,
}

#[derive(Clone, Debug)]
pub struct Options {
    pub user: String,
    pub password: String,
    pub domain: String,
    pub dialects: Vec<u16>,
    pub protection: Protection,
    /// Cipher ids offered (3.1.1).
    pub ciphers: Vec<u16>,
    /// RDMA transform ids offered (3.1.1; MS-SMB2 2.2.3.1.6); empty offers none.
    pub rdma_transforms: Vec<u16>,
    /// The ClientGuid to negotiate with (None: a random one). Durable reconnects come
    /// from the client that made the open.
    pub client_guid: Option<[u8; 16]>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            user: String::new(),
            password: String::new(),
            domain: String::new(),
            dialects: vec![dialect::SMB311],
            protection: Protection::Sign,
            ciphers: vec![2, 1, 4, 3],
            rdma_transforms: vec![
                smb_wire::rdma_transform::id::ENCRYPTION,
                smb_wire::rdma_transform::id::SIGNING,
            ],
            client_guid: None,
        }
    }
}

/// A response as received.
pub struct Response {
    pub hdr: Header,
    /// The whole message (header included), decrypted.
    pub msg: Vec<u8>,
    /// It came encrypted.
    pub encrypted: bool,
}

impl Response {
    pub fn status(&self) -> NtStatus {
        self.hdr.status()
    }
    pub fn body(&self) -> &[u8] {
        &self.msg[HEADER_LEN..]
    }
}

/// A registered buffer an RDMA-channel READ lands in.
pub struct RdmaBuffer {
    pd: fabric::Pd,
    mr: fabric::Mr,
    len: u32,
    invalidate: bool,
}

/// See [`Client::register_rdma`].
pub struct RdmaRegion {
    pd: fabric::Pd,
    mr: fabric::Mr,
}

impl Drop for RdmaRegion {
    fn drop(&mut self) {
        self.pd.deregister(&self.mr);
    }
}

impl RdmaRegion {
    /// The buffer descriptor (MS-SMBD 2.2.3.1) naming `len` bytes at `offset` into it.
    pub fn descriptor(&self, offset: u64, len: u32) -> [u8; 16] {
        let mut d = [0u8; 16];
        d[..8].copy_from_slice(&(self.mr.addr() + offset).to_le_bytes());
        d[8..12].copy_from_slice(&self.mr.rkey.to_le_bytes());
        d[12..].copy_from_slice(&len.to_le_bytes());
        d
    }
}

/// How PDUs travel: TCP with the 4-byte length prefix, SMB Direct messages, or a
/// transport the caller supplies.
enum Io {
    Tcp(TcpStream),
    Rdma(Box<RdmaIo>),
    Other(Box<dyn PduTransport>),
}

/// A transport of whole SMB2 PDUs supplied by the caller: an in-memory engine for tests
/// (see [`Client::connect_with`]), or anything else that moves whole messages.
pub trait PduTransport: Send {
    /// Sends one PDU (or compound).
    fn send(&mut self, pdu: &[u8]) -> std::io::Result<()>;
    /// Receives the next PDU into `buf`; an error when none will come.
    fn recv(&mut self, buf: &mut Vec<u8>) -> std::io::Result<()>;
}

struct RdmaIo {
    conn: smbdirect::SmbdConnection,
    t0: std::time::Instant,
    /// Milliseconds since `t0` for the SMB Direct timers, and polls since the connection
    /// began: a receive loop spins on `poll`, which reads the clock only every
    /// [`CLOCK_EVERY`] polls (a clock read costs more than a poll that finds nothing).
    now_ms: u64,
    polls: u32,
    /// How long a receive waits for a message before the peer counts as dead.
    limit: std::time::Duration,
}

/// See [`RdmaIo`].
const CLOCK_EVERY: u32 = 64;

/// How long an SMB Direct receive waits before the peer counts as dead, unless
/// [`Client::set_timeout`] says.
const DEAD_PEER: std::time::Duration = std::time::Duration::from_secs(60);

impl RdmaIo {
    fn poll(&mut self) -> Result<()> {
        if self.polls.is_multiple_of(CLOCK_EVERY) {
            self.now_ms = self.t0.elapsed().as_millis() as u64;
        }
        self.polls = self.polls.wrapping_add(1);
        self.conn
            .poll(self.now_ms)
            .map(|_| ())
            .map_err(|e| Error::Io(std::io::Error::other(format!("SMB Direct: {e:?}"))))
    }
}

impl Io {
    fn send(&mut self, out: &[u8]) -> Result<()> {
        match self {
            Io::Tcp(s) => {
                let len = out.len();
                let hdr = [0, (len >> 16) as u8, (len >> 8) as u8, len as u8];
                s.write_all(&hdr)?;
                s.write_all(out)?;
            }
            Io::Rdma(r) => {
                r.conn
                    .send(out.to_vec())
                    .map_err(|e| Error::Io(std::io::Error::other(format!("SMB Direct: {e:?}"))))?;
                r.poll()?;
            }
            Io::Other(t) => t.send(out)?,
        }
        Ok(())
    }

    fn recv(&mut self, buf: &mut Vec<u8>) -> Result<()> {
        match self {
            Io::Tcp(s) => {
                let mut h = [0u8; 4];
                s.read_exact(&mut h)?;
                let n = (usize::from(h[1]) << 16) | (usize::from(h[2]) << 8) | usize::from(h[3]);
                buf.resize(n, 0);
                s.read_exact(buf)?;
            }
            Io::Rdma(r) => {
                // DEAD_PEER (or the client's timeout) without a message is a dead peer (the
                // clock is looked at now and then: this loop spins).
                let mut end = None;
                for spin in 1u32.. {
                    if let Some(m) = r.conn.recv() {
                        *buf = m;
                        break;
                    }
                    r.poll()?;
                    if spin.is_multiple_of(1024) {
                        let now = std::time::Instant::now();
                        if now > *end.get_or_insert(now + r.limit) {
                            return Err(Error::Io(std::io::ErrorKind::TimedOut.into()));
                        }
                    }
                }
            }
            Io::Other(t) => t.recv(buf)?,
        }
        Ok(())
    }
}

pub struct Client {
    io: Io,
    client_guid: [u8; 16],
    next_id: u64,
    credits: u64,
    pub dialect: u16,
    session_id: u64,
    signing_key: [u8; 16],
    signing_alg: Algorithm,
    cipher: Option<Cipher>,
    enc_key: Vec<u8>,
    dec_key: Vec<u8>,
    protection: Protection,
    nonce: u64,
    pub max_read: u32,
    pub max_write: u32,
    pending: HashMap<u64, Response>,
    rbuf: Vec<u8>,
    /// RDMA transforms the server agreed to (3.1.1).
    pub rdma_transforms: Vec<u16>,
    /// RDMA-channel READs and WRITEs whose payload went through a transform.
    pub transformed_ios: u64,
    /// Tests: the next transformed WRITE carries a wrong signature or tag.
    pub tamper_transform: bool,
    /// Tests: WRITEs use channel 3 (signing) even where no transform was agreed.
    pub force_transform: bool,
}

fn random<const N: usize>() -> [u8; N] {
    let mut b = [0u8; N];
    getrandom::getrandom(&mut b).expect("OS randomness");
    b
}

impl Client {
    /// Connects, negotiates and logs on.
    pub fn connect(addr: &str, opts: &Options) -> Result<Client> {
        let sock = TcpStream::connect(addr)?;
        sock.set_nodelay(true)?;
        Self::start(Io::Tcp(sock), opts)
    }

    /// Opens the transport only (TCP, or SMB Direct over software iWARP with its own
    /// negotiation done), sending nothing of SMB2: tests of a peer that never signs in.
    /// [`Client::sign_in`] goes on from there.
    pub fn connect_bare(addr: &str, rdma: bool) -> Result<Client> {
        Ok(Self::fresh(Self::open_io(addr, rdma)?, random::<16>()))
    }

    /// Negotiates and logs on over a transport opened with [`Client::connect_bare`].
    pub fn sign_in(&mut self, opts: &Options) -> Result<()> {
        let mut preauth = PreauthHash::new();
        self.negotiate(opts, &mut preauth)?;
        self.logon(opts, preauth)
    }

    /// Negotiates and logs on over a TCP connection made by the caller (tests that pick
    /// the source address).
    pub fn over(sock: TcpStream, opts: &Options) -> Result<Client> {
        sock.set_nodelay(true)?;
        Self::start(Io::Tcp(sock), opts)
    }

    /// Connects over SMB Direct on the software iWARP provider (the server's
    /// `--smbdirect iwarp=ADDR:PORT` listener), negotiates and logs on.
    /// Negotiates and signs in over a transport the caller supplies.
    pub fn connect_with(t: Box<dyn PduTransport>, opts: &Options) -> Result<Client> {
        Self::start(Io::Other(t), opts)
    }

    pub fn connect_rdma(addr: &str, opts: &Options) -> Result<Client> {
        Self::start(Self::open_io(addr, true)?, opts)
    }

    fn start(io: Io, opts: &Options) -> Result<Client> {
        let mut c = Self::fresh(io, opts.client_guid.unwrap_or_else(random::<16>));
        let mut preauth = PreauthHash::new();
        c.negotiate(opts, &mut preauth)?;
        c.logon(opts, preauth)?;
        Ok(c)
    }

    /// Opens the transport of a new channel: TCP, or SMB Direct over software iWARP.
    fn open_io(addr: &str, rdma: bool) -> Result<Io> {
        if !rdma {
            let sock = TcpStream::connect(addr)?;
            sock.set_nodelay(true)?;
            return Ok(Io::Tcp(sock));
        }
        use fabric::{CmEvent, Cq, Pd};
        let (pd, cq) = (Pd::new(), Cq::new());
        let err = |e: fabric::Error| Error::Io(std::io::Error::other(e.to_string()));
        // "loopback:NAME" reaches a server in this process over the loopback fabric;
        // anything else is IP:port over software iWARP.
        let mut qp = match addr.strip_prefix("loopback:") {
            Some(name) => fabric::loopback::LoopbackFabric::shared()
                .connect(name, &pd, &cq, b"", 16, 16)
                .map_err(err)?,
            None => {
                let sa: std::net::SocketAddr = addr
                    .parse()
                    .map_err(|_| Error::Protocol("SMB Direct needs an IP:port address"))?;
                fabric::iwarp::IwarpFabric::new()
                    .connect(sa, &pd, &cq, b"", 16, 16)
                    .map_err(err)?
            }
        };
        let end = std::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            qp.progress().map_err(err)?;
            match qp.poll_event() {
                Some(CmEvent::Established { .. }) => break,
                Some(e) => {
                    return Err(Error::Io(std::io::Error::other(format!(
                        "SMB Direct connect: {e:?}"
                    ))))
                }
                None => {}
            }
            if std::time::Instant::now() > end {
                return Err(Error::Io(std::io::ErrorKind::TimedOut.into()));
            }
        }
        let t0 = std::time::Instant::now();
        let conn = smbdirect::SmbdConnection::connect(qp, pd, cq, smbdirect::Config::default(), 0);
        let mut r = RdmaIo {
            conn,
            t0,
            now_ms: 0,
            polls: 0,
            limit: DEAD_PEER,
        };
        while !r.conn.is_connected() {
            r.poll()?;
            if std::time::Instant::now() > end {
                return Err(Error::Io(std::io::ErrorKind::TimedOut.into()));
            }
        }
        Ok(Io::Rdma(Box::new(r)))
    }

    /// Binds another channel (TCP, or SMB Direct when `rdma`) to this client's session
    /// (multichannel). The new channel shares the session, its trees and its opens.
    pub fn bind(&self, addr: &str, rdma: bool, opts: &Options) -> Result<Client> {
        self.bind_signed_with(addr, rdma, opts, self.signing_key)
    }

    /// Like `bind`, signing the binding requests with `key` (tests use a wrong one).
    pub fn bind_signed_with(
        &self,
        addr: &str,
        rdma: bool,
        opts: &Options,
        key: [u8; 16],
    ) -> Result<Client> {
        let io = Self::open_io(addr, rdma)?;
        let mut c = Self::fresh(io, self.client_guid);
        let mut preauth = PreauthHash::new();
        c.negotiate(opts, &mut preauth)?;
        if c.dialect != self.dialect || c.dialect < dialect::SMB30 {
            return Err(Error::Protocol("binding needs the session's SMB 3 dialect"));
        }
        c.session_id = self.session_id;
        c.signing_key = key;
        c.signing_alg = self.signing_alg;
        c.protection = Protection::Sign;
        c.binding_logon(opts, preauth)?;
        c.enc_key = self.enc_key.clone();
        c.dec_key = self.dec_key.clone();
        c.cipher = self.cipher;
        c.protection = self.protection;
        Ok(c)
    }

    fn fresh(io: Io, client_guid: [u8; 16]) -> Client {
        Client {
            io,
            client_guid,
            next_id: 0,
            credits: 1,
            dialect: 0,
            session_id: 0,
            signing_key: [0; 16],
            signing_alg: Algorithm::AesCmac,
            cipher: None,
            enc_key: Vec::new(),
            dec_key: Vec::new(),
            protection: Protection::None,
            // Channels of one session share its cipher key: each starts its nonce
            // counter at a random point so that they never meet.
            nonce: u64::from_le_bytes(random::<8>()) >> 8,
            max_read: 65536,
            max_write: 65536,
            pending: HashMap::new(),
            rbuf: Vec::new(),
            rdma_transforms: Vec::new(),
            transformed_ios: 0,
            tamper_transform: false,
            force_transform: false,
        }
    }

    fn header(&mut self, cmd: Command, tree_id: u32, charge: u16) -> Header {
        let id = self.next_id;
        self.next_id += u64::from(charge.max(1));
        Header {
            credit_charge: charge,
            command: cmd.0,
            credits: 256,
            message_id: id,
            tree_id,
            session_id: self.session_id,
            ..Default::default()
        }
    }

    fn negotiate(&mut self, opts: &Options, preauth: &mut PreauthHash) -> Result<()> {
        let mut m = Vec::new();
        self.header(Command::NEGOTIATE, 0, 0).encode(&mut m);
        m.put_u16(36);
        m.put_u16(opts.dialects.len() as u16);
        m.put_u16(1);
        m.put_u16(0);
        m.put_u32(0x7F);
        m.extend_from_slice(&self.client_guid);
        let ctx_at = m.len();
        m.put_u32(0);
        m.put_u16(0);
        m.put_u16(0);
        for d in &opts.dialects {
            m.put_u16(*d);
        }
        if opts.dialects.contains(&dialect::SMB311) {
            let salt = random::<32>();
            let mut ciphers = Vec::new();
            ciphers.put_u16(opts.ciphers.len() as u16);
            for c in &opts.ciphers {
                ciphers.put_u16(*c);
            }
            let mut signing = Vec::new();
            signing.put_u16(2);
            signing.put_u16(2);
            signing.put_u16(1);
            let mut ctxs = vec![
                neg::encode_context(ctx::PREAUTH_INTEGRITY, &neg::preauth_context_data(&salt)),
                neg::encode_context(ctx::ENCRYPTION, &ciphers),
                neg::encode_context(ctx::SIGNING, &signing),
            ];
            if !opts.rdma_transforms.is_empty() {
                ctxs.push(neg::encode_context(
                    ctx::RDMA_TRANSFORM,
                    &neg::rdma_transform_context_data(&opts.rdma_transforms),
                ));
            }
            m.align_from(0, 8);
            let off = m.len() as u32;
            m.set_u32(ctx_at, off);
            m.set_u16(ctx_at + 4, ctxs.len() as u16);
            for (i, c) in ctxs.iter().enumerate() {
                if i > 0 {
                    m.align_from(0, 8);
                }
                m.extend_from_slice(c);
            }
        }
        preauth.update(&m);
        let id = self.send_raw(&m)?;
        let r = self.wait(id)?;
        if r.status() != NtStatus::SUCCESS {
            return Err(Error::Status(Command::NEGOTIATE, r.status()));
        }
        preauth.update(&r.msg);
        let b = Le(&r.msg);
        let p = HEADER_LEN;
        let e = |_| Error::Protocol("short negotiate response");
        self.dialect = b.u16(p + 4).map_err(e)?;
        self.max_read = b.u32(p + 32).map_err(e)?.min(8 << 20);
        self.max_write = b.u32(p + 36).map_err(e)?.min(8 << 20);
        if self.dialect == dialect::SMB311 {
            self.signing_alg = Algorithm::AesCmac;
            let n = b.u16(p + 6).map_err(e)? as usize;
            let mut off = b.u32(p + 60).map_err(e)? as usize;
            for i in 0..n.min(16) {
                if i > 0 {
                    off = (off + 7) & !7;
                }
                let ty = b.u16(off).map_err(e)?;
                let len = b.u16(off + 2).map_err(e)? as usize;
                let d = Le(b.region(off + 8, len).map_err(e)?);
                match ty {
                    ctx::ENCRYPTION => {
                        self.cipher = match d.u16(2).map_err(e)? {
                            1 => Some(Cipher::Aes128Ccm),
                            2 => Some(Cipher::Aes128Gcm),
                            3 => Some(Cipher::Aes256Ccm),
                            4 => Some(Cipher::Aes256Gcm),
                            _ => None,
                        }
                    }
                    ctx::SIGNING => {
                        self.signing_alg = match d.u16(2).map_err(e)? {
                            0 => Algorithm::HmacSha256,
                            2 => Algorithm::AesGmac,
                            _ => Algorithm::AesCmac,
                        }
                    }
                    ctx::RDMA_TRANSFORM => {
                        let n = d.u16(0).map_err(e)? as usize;
                        let mut ids = Vec::new();
                        for i in 0..n.min(8) {
                            let id = d.u16(8 + 2 * i).map_err(e)?;
                            if !opts.rdma_transforms.contains(&id) && id != 0 {
                                return Err(Error::Protocol("RDMA transform not offered"));
                            }
                            if id != 0 {
                                ids.push(id);
                            }
                        }
                        self.rdma_transforms = ids;
                    }
                    _ => {}
                }
                off += 8 + len;
            }
        } else if self.dialect >= dialect::SMB30 {
            self.signing_alg = Algorithm::AesCmac;
            self.cipher = Some(Cipher::Aes128Ccm);
        } else {
            self.signing_alg = Algorithm::HmacSha256;
        }
        Ok(())
    }

    fn session_setup_flags(&mut self, token: &[u8], flags: u8) -> Result<(Vec<u8>, Response)> {
        let mut m = Vec::new();
        self.header(Command::SESSION_SETUP, 0, 1).encode(&mut m);
        m.put_u16(25);
        m.put_u8(flags);
        m.put_u8(1);
        m.put_u32(0);
        m.put_u32(0);
        m.put_u16(88);
        m.put_u16(token.len() as u16);
        m.put_u64(0);
        m.extend_from_slice(token);
        // The bytes as they go out (signed during a binding), for the preauth hash.
        let sent = if self.session_id != 0 && self.protection == Protection::Sign {
            let mut v = m.clone();
            let f = u32::from_le_bytes(v[16..20].try_into().unwrap()) | flags::SIGNED;
            v[16..20].copy_from_slice(&f.to_le_bytes());
            signing::sign(self.signing_alg, &self.signing_key, &mut v);
            v
        } else {
            m.clone()
        };
        let id = self.send_raw(&m)?;
        let r = self.wait(id)?;
        Ok((sent, r))
    }

    /// The two NTLM legs of a SESSION_SETUP (with `flags`, 1 = binding), hashing the
    /// exchange into `preauth`. Returns the authentication and the final response.
    fn ntlm_exchange(
        &mut self,
        opts: &Options,
        flags: u8,
        preauth: &mut PreauthHash,
    ) -> Result<(ntlm::Authenticate, Response)> {
        let (req1, r1) = self.session_setup_flags(&ntlm::negotiate(), flags)?;
        if r1.status() != NtStatus::MORE_PROCESSING_REQUIRED {
            return Err(Error::Status(Command::SESSION_SETUP, r1.status()));
        }
        if self.session_id == 0 {
            self.session_id = r1.hdr.session_id;
        }
        preauth.update(&req1);
        preauth.update(&r1.msg);
        let b = Le(&r1.msg);
        let e = |_| Error::Protocol("short session setup response");
        let off = b.u16(HEADER_LEN + 4).map_err(e)? as usize;
        let len = b.u16(HEADER_LEN + 6).map_err(e)? as usize;
        let challenge = b.region(off, len).map_err(e)?.to_vec();
        let auth = ntlm::authenticate(
            &challenge,
            &opts.user,
            &opts.domain,
            &opts.password,
            smb_wire::filetime::now(),
            random::<24>(),
        )
        .map_err(Error::Protocol)?;
        let (req2, r2) = self.session_setup_flags(&auth.token, flags)?;
        if r2.status() != NtStatus::SUCCESS {
            return Err(Error::Status(Command::SESSION_SETUP, r2.status()));
        }
        preauth.update(&req2);
        Ok((auth, r2))
    }

    /// SESSION_SETUP with SMB2_SESSION_FLAG_BINDING: authenticate again on this channel,
    /// requests signed with the session's key; this channel then signs with its own key.
    fn binding_logon(&mut self, opts: &Options, mut preauth: PreauthHash) -> Result<()> {
        let (auth, r2) = self.ntlm_exchange(opts, 1, &mut preauth)?;
        let kd = match self.dialect {
            dialect::SMB311 => smb_auth::kdf::Dialect::Smb311,
            dialect::SMB302 => smb_auth::kdf::Dialect::Smb302,
            _ => smb_auth::kdf::Dialect::Smb300,
        };
        let h = preauth.value();
        let k = smb_auth::kdf::session_keys(
            kd,
            &auth.session_key,
            &auth.session_key,
            (self.dialect == dialect::SMB311).then_some(&h),
            16,
        );
        self.signing_key = k.signing;
        if r2.hdr.flags & flags::SIGNED == 0
            || !signing::verify(self.signing_alg, &self.signing_key, &r2.msg)
        {
            return Err(Error::Protocol(
                "binding response not signed with the channel key",
            ));
        }
        Ok(())
    }

    fn logon(&mut self, opts: &Options, mut preauth: PreauthHash) -> Result<()> {
        let (auth, r2) = self.ntlm_exchange(opts, 0, &mut preauth)?;
        let d = self.dialect;
        if d >= dialect::SMB30 {
            let kd = match d {
                dialect::SMB311 => smb_auth::kdf::Dialect::Smb311,
                dialect::SMB302 => smb_auth::kdf::Dialect::Smb302,
                _ => smb_auth::kdf::Dialect::Smb300,
            };
            let h = preauth.value();
            let klen = match self.cipher {
                Some(Cipher::Aes256Ccm) | Some(Cipher::Aes256Gcm) => 32,
                _ => 16,
            };
            let k = smb_auth::kdf::session_keys(
                kd,
                &auth.session_key,
                &auth.session_key,
                if d == dialect::SMB311 { Some(&h) } else { None },
                klen,
            );
            self.signing_key = k.signing;
            // The client's encryption key is the server's decryption key and vice versa.
            self.enc_key = k.decrypt_c2s;
            self.dec_key = k.encrypt_s2c;
        } else {
            self.signing_key = auth.session_key;
        }
        // The final response is signed for 3.x: check it.
        if d >= dialect::SMB30
            && (r2.hdr.flags & flags::SIGNED == 0
                || !signing::verify(self.signing_alg, &self.signing_key, &r2.msg))
        {
            return Err(Error::Protocol(
                "final SESSION_SETUP response not signed correctly",
            ));
        }
        self.protection = opts.protection;
        if self.protection == Protection::Encrypt && self.cipher.is_none() {
            return Err(Error::Protocol("server offers no cipher"));
        }
        Ok(())
    }

    /// Sends a built request (header included), signing or encrypting per the session.
    fn send_raw(&mut self, m: &[u8]) -> Result<u64> {
        let id = u64::from_le_bytes(m[24..32].try_into().unwrap());
        let charge = u16::from_le_bytes([m[6], m[7]]).max(1);
        while self.credits < u64::from(charge) {
            self.pump()?;
        }
        self.credits -= u64::from(charge);
        let pdu: Vec<u8>;
        let out: &[u8] = match self.protection {
            Protection::Encrypt if self.session_id != 0 => {
                let mut n = [0u8; 16];
                n[..8].copy_from_slice(&self.nonce.to_le_bytes());
                self.nonce += 1;
                pdu = smb_auth::crypt::encrypt(
                    self.cipher.expect("checked"),
                    &self.enc_key,
                    n,
                    self.session_id,
                    m,
                );
                &pdu
            }
            Protection::Sign if self.session_id != 0 => {
                let mut v = m.to_vec();
                let f = u32::from_le_bytes(v[16..20].try_into().unwrap()) | flags::SIGNED;
                v[16..20].copy_from_slice(&f.to_le_bytes());
                signing::sign(self.signing_alg, &self.signing_key, &mut v);
                pdu = v;
                &pdu
            }
            _ => m,
        };
        self.io.send(out)?;
        Ok(id)
    }

    /// Sends pre-built request bodies as one compound (signed part by part, when the
    /// session signs), each part 8-aligned: (command, tree id, related, body). A related
    /// part names the previous part's session and tree (all ones). Returns the message ids,
    /// for [`Client::wait`] (tests of compounds). `tweak` may change each part's header
    /// before it is signed (tests of odd headers). Signed or unprotected sessions only:
    /// nothing here encrypts.
    pub fn send_compound(
        &mut self,
        parts: &[(Command, u32, bool, &[u8])],
        tweak: &mut dyn FnMut(usize, &mut Header),
    ) -> Result<Vec<u64>> {
        while self.credits < parts.len() as u64 {
            self.pump()?;
        }
        self.credits -= parts.len() as u64;
        let mut ids = Vec::with_capacity(parts.len());
        let mut all = Vec::new();
        for (i, (cmd, tree, related, body)) in parts.iter().enumerate() {
            let mut h = self.header(*cmd, *tree, 1);
            ids.push(h.message_id);
            if *related {
                h.flags |= flags::RELATED_OPERATIONS;
                h.session_id = u64::MAX;
                h.tree_id = u32::MAX;
            }
            let sign = self.protection == Protection::Sign && self.session_id != 0;
            if sign {
                h.flags |= flags::SIGNED;
            }
            let last = i + 1 == parts.len();
            let len = HEADER_LEN + body.len();
            let padded = if last { len } else { (len + 7) & !7 };
            if !last {
                h.next_command = padded as u32;
            }
            tweak(i, &mut h);
            let mut m = Vec::with_capacity(padded);
            h.encode(&mut m);
            m.extend_from_slice(body);
            m.resize(padded, 0);
            if sign {
                signing::sign(self.signing_alg, &self.signing_key, &mut m);
            }
            all.extend_from_slice(&m);
        }
        self.io.send(&all)?;
        Ok(ids)
    }

    /// Reads one PDU and files its responses by message id.
    fn pump(&mut self) -> Result<()> {
        self.io.recv(&mut self.rbuf)?;
        let encrypted = self.rbuf.get(0..4) == Some(&TRANSFORM_ID[..]);
        let plain = if encrypted {
            let cipher = self
                .cipher
                .ok_or(Error::Protocol("encrypted without cipher"))?;
            smb_auth::crypt::decrypt(cipher, &self.dec_key, &self.rbuf)
                .map_err(|_| Error::Protocol("decrypt failed"))?
                .1
        } else {
            std::mem::take(&mut self.rbuf)
        };
        let mut at = 0;
        loop {
            let hdr = Header::parse(&plain[at..]).map_err(|_| Error::Protocol("bad header"))?;
            let next = hdr.next_command as usize;
            let end = if next == 0 { plain.len() } else { at + next };
            let m = plain
                .get(at..end)
                .ok_or(Error::Protocol("bad compound"))?
                .to_vec();
            self.credits += u64::from(hdr.credits);
            // Interim async responses carry credits but no result.
            if !(hdr.is_async() && hdr.status() == NtStatus::PENDING) {
                self.pending.insert(
                    hdr.message_id,
                    Response {
                        hdr,
                        msg: m,
                        encrypted,
                    },
                );
            }
            if next == 0 {
                break;
            }
            at += next;
        }
        Ok(())
    }

    /// Bounds how long a receive waits (None: forever over TCP, a minute over SMB
    /// Direct); one that runs out fails with an I/O error (tests of requests that may
    /// never be answered).
    pub fn set_timeout(&mut self, t: Option<std::time::Duration>) -> Result<()> {
        match &mut self.io {
            Io::Tcp(s) => s.set_read_timeout(t)?,
            Io::Rdma(r) => r.limit = t.unwrap_or(DEAD_PEER),
            Io::Other(_) => {}
        }
        Ok(())
    }

    /// A buffer registered for the server's RDMA Reads and Writes, for requests whose
    /// channel descriptors a test builds itself (SMB Direct connections only).
    pub fn register_rdma(&self, len: usize) -> Result<RdmaRegion> {
        use fabric::{Access, RegBuf};
        let pd = self
            .rdma_pd()
            .ok_or(Error::Protocol("not an SMB Direct connection"))?;
        let mr = pd.register(
            RegBuf::new(len.max(1)),
            Access::LOCAL_WRITE | Access::REMOTE_WRITE | Access::REMOTE_READ,
        );
        Ok(RdmaRegion { pd, mr })
    }

    /// Credits held: requests (of charge 1) that can be sent without waiting.
    pub fn credits(&self) -> u64 {
        self.credits
    }

    /// Waits for the response to message `id`.
    pub fn wait(&mut self, id: u64) -> Result<Response> {
        loop {
            if let Some(r) = self.pending.remove(&id) {
                return Ok(r);
            }
            self.pump()?;
        }
    }

    fn expect(&mut self, id: u64, cmd: Command) -> Result<Response> {
        let r = self.wait(id)?;
        if r.status().is_error() {
            return Err(Error::Status(cmd, r.status()));
        }
        Ok(r)
    }

    pub fn tree_connect(&mut self, unc: &str) -> Result<u32> {
        let path: Vec<u8> = unc.encode_utf16().flat_map(|u| u.to_le_bytes()).collect();
        let mut m = Vec::new();
        self.header(Command::TREE_CONNECT, 0, 1).encode(&mut m);
        m.put_u16(9);
        m.put_u16(0);
        m.put_u16(72);
        m.put_u16(path.len() as u16);
        m.extend_from_slice(&path);
        let id = self.send_raw(&m)?;
        let r = self.expect(id, Command::TREE_CONNECT)?;
        Ok(r.hdr.tree_id)
    }

    /// CREATE with the given access, disposition and options; returns the FileId and the
    /// end of file.
    pub fn create(
        &mut self,
        tree: u32,
        name: &str,
        access: u32,
        disposition: u32,
        options: u32,
    ) -> Result<(FileId, u64)> {
        let n: Vec<u8> = name.encode_utf16().flat_map(|u| u.to_le_bytes()).collect();
        let mut m = Vec::new();
        self.header(Command::CREATE, tree, 1).encode(&mut m);
        m.put_u16(57);
        m.put_u8(0);
        m.put_u8(0);
        m.put_u32(2);
        m.put_u64(0);
        m.put_u64(0);
        m.put_u32(access);
        m.put_u32(0x80);
        m.put_u32(7);
        m.put_u32(disposition);
        m.put_u32(options);
        m.put_u16(120);
        m.put_u16(n.len() as u16);
        m.put_u32(0);
        m.put_u32(0);
        m.extend_from_slice(&n);
        if n.is_empty() {
            m.put_u8(0);
        }
        let id = self.send_raw(&m)?;
        let r = self.expect(id, Command::CREATE)?;
        let b = Le(&r.msg);
        let e = |_| Error::Protocol("short create response");
        let fid = FileId {
            persistent: b.u64(HEADER_LEN + 64).map_err(e)?,
            volatile: b.u64(HEADER_LEN + 72).map_err(e)?,
        };
        Ok((fid, b.u64(HEADER_LEN + 48).map_err(e)?))
    }

    fn charge(len: usize) -> u16 {
        (len.saturating_sub(1) / 65536 + 1) as u16
    }

    /// Sends a READ without waiting; returns its message id.
    pub fn send_read(&mut self, tree: u32, f: FileId, offset: u64, len: u32) -> Result<u64> {
        let mut m = Vec::with_capacity(120);
        self.header(Command::READ, tree, Self::charge(len as usize))
            .encode(&mut m);
        m.put_u16(49);
        m.put_u8(0x50);
        m.put_u8(0);
        m.put_u32(len);
        m.put_u64(offset);
        f.put(&mut m);
        m.put_u32(0);
        m.put_u32(0);
        m.put_u32(0);
        m.put_u16(0);
        m.put_u16(0);
        m.put_u8(0);
        self.send_raw(&m)
    }

    /// Completes a READ sent with `send_read`: the data.
    pub fn finish_read(&mut self, id: u64) -> Result<Vec<u8>> {
        let r = self.expect(id, Command::READ)?;
        let b = Le(&r.msg);
        let e = |_| Error::Protocol("short read response");
        let off = b.u8(HEADER_LEN + 2).map_err(e)? as usize;
        let len = b.u32(HEADER_LEN + 4).map_err(e)? as usize;
        Ok(b.region(off, len).map_err(e)?.to_vec())
    }

    pub fn read(&mut self, tree: u32, f: FileId, offset: u64, len: u32) -> Result<Vec<u8>> {
        let id = self.send_read(tree, f, offset, len)?;
        self.finish_read(id)
    }

    pub fn send_write(&mut self, tree: u32, f: FileId, offset: u64, data: &[u8]) -> Result<u64> {
        self.send_write_flags(tree, f, offset, data, 0)
    }

    /// WRITE with SMB2_WRITEFLAG_WRITE_THROUGH: answered once the data is stable.
    pub fn write_through(&mut self, tree: u32, f: FileId, offset: u64, data: &[u8]) -> Result<u32> {
        let id = self.send_write_flags(tree, f, offset, data, 1)?;
        self.finish_write(id)
    }

    fn send_write_flags(
        &mut self,
        tree: u32,
        f: FileId,
        offset: u64,
        data: &[u8],
        flags: u32,
    ) -> Result<u64> {
        let mut m = Vec::with_capacity(120 + data.len());
        self.header(Command::WRITE, tree, Self::charge(data.len()))
            .encode(&mut m);
        m.put_u16(49);
        m.put_u16(112);
        m.put_u32(data.len() as u32);
        m.put_u64(offset);
        f.put(&mut m);
        m.put_u32(0);
        m.put_u32(0);
        m.put_u16(0);
        m.put_u16(0);
        m.put_u32(flags);
        m.extend_from_slice(data);
        self.send_raw(&m)
    }

    pub fn finish_write(&mut self, id: u64) -> Result<u32> {
        let r = self.expect(id, Command::WRITE)?;
        Le(&r.msg)
            .u32(HEADER_LEN + 4)
            .map_err(|_| Error::Protocol("short write response"))
    }

    pub fn write(&mut self, tree: u32, f: FileId, offset: u64, data: &[u8]) -> Result<u32> {
        let id = self.send_write(tree, f, offset, data)?;
        self.finish_write(id)
    }

    /// The SMB Direct connection's protection domain (None over TCP).
    fn rdma_pd(&self) -> Option<fabric::Pd> {
        match &self.io {
            Io::Rdma(r) => Some(r.conn.pd().clone()),
            Io::Tcp(_) | Io::Other(_) => None,
        }
    }

    /// READ through an RDMA channel: the server RDMA-Writes into a buffer registered
    /// here; with `invalidate` its response retires the buffer's key (3.0.2+).
    pub fn read_rdma(
        &mut self,
        tree: u32,
        f: FileId,
        offset: u64,
        len: u32,
        invalidate: bool,
    ) -> Result<Vec<u8>> {
        let (id, buf) = self.send_read_rdma(tree, f, offset, len, invalidate)?;
        self.finish_read_rdma(id, buf)
    }

    /// Sends an RDMA-channel READ without waiting; complete it with `finish_read_rdma`.
    pub fn send_read_rdma(
        &mut self,
        tree: u32,
        f: FileId,
        offset: u64,
        len: u32,
        invalidate: bool,
    ) -> Result<(u64, RdmaBuffer)> {
        use fabric::{Access, RegBuf};
        let pd = self
            .rdma_pd()
            .ok_or(Error::Protocol("not an SMB Direct connection"))?;
        let mr = pd.register(
            RegBuf::new(len.max(1) as usize),
            Access::LOCAL_WRITE | Access::REMOTE_WRITE,
        );
        let mut m = Vec::with_capacity(140);
        self.header(Command::READ, tree, Self::charge(len as usize))
            .encode(&mut m);
        m.put_u16(49);
        m.put_u8(0);
        m.put_u8(0);
        m.put_u32(len);
        m.put_u64(offset);
        f.put(&mut m);
        m.put_u32(0);
        m.put_u32(if invalidate { 2 } else { 1 });
        m.put_u32(0);
        m.put_u16((HEADER_LEN + 48) as u16);
        m.put_u16(16);
        m.put_u64(mr.addr());
        m.put_u32(mr.rkey);
        m.put_u32(len);
        let buf = RdmaBuffer {
            pd,
            mr,
            len,
            invalidate,
        };
        let id = self.send_raw(&m)?;
        Ok((id, buf))
    }

    /// Completes an RDMA-channel READ: the data the server wrote into the buffer.
    pub fn finish_read_rdma(&mut self, id: u64, buf: RdmaBuffer) -> Result<Vec<u8>> {
        let r = self.expect(id, Command::READ);
        let result = r.and_then(|r| {
            let b = Le(&r.msg);
            let e = |_| Error::Protocol("short read response");
            let inline = b.u32(HEADER_LEN + 4).map_err(e)? as usize;
            let remaining = b.u32(HEADER_LEN + 8).map_err(e)? as usize;
            let flags = b.u32(HEADER_LEN + 12).map_err(e)?;
            let transformed = flags & smb_wire::rdma_transform::READ_FLAG_RDMA_TRANSFORM != 0;
            if (inline != 0 && !transformed) || remaining > buf.len as usize {
                return Err(Error::Protocol("RDMA read response carries inline data"));
            }
            if buf.invalidate && buf.pd.is_valid(buf.mr.rkey) {
                return Err(Error::Protocol("the response did not invalidate our key"));
            }
            let mut data = buf.mr.buf.to_vec(0, remaining);
            if transformed {
                let off = b.u8(HEADER_LEN + 2).map_err(e)? as usize;
                let t = r
                    .msg
                    .get(off..off + inline)
                    .ok_or(Error::Protocol("RDMA transform outside the response"))?;
                self.untransform_read(t, r.encrypted, &mut data)?;
            } else if self.protection == Protection::Encrypt {
                return Err(Error::Protocol("RDMA read data came unencrypted"));
            }
            Ok(data)
        });
        buf.pd.deregister(&buf.mr);
        result
    }

    /// MS-SMB2 3.2.5.11: checks the transform of an RDMA-channel READ response and
    /// decrypts or verifies the data the server RDMA-Wrote.
    fn untransform_read(&mut self, t: &[u8], encrypted: bool, data: &mut [u8]) -> Result<()> {
        use smb_wire::rdma_transform::{self as rt};
        let bad = Error::Protocol("bad RDMA transform in READ response");
        if self.dialect != dialect::SMB311 || self.rdma_transforms.is_empty() {
            return Err(bad);
        }
        let t = rt::parse(t).map_err(|_| bad)?;
        let c = &t.crypto;
        let p = match c.kind {
            rt::id::ENCRYPTION if encrypted => payload::Protection::Encrypt {
                cipher: self.cipher.ok_or(Error::Protocol("no cipher"))?,
                key: &self.dec_key,
            },
            rt::id::SIGNING if !encrypted => payload::Protection::Sign {
                alg: self.signing_alg,
                key: &self.signing_key,
            },
            _ => {
                return Err(Error::Protocol(
                    "RDMA transform does not match the response",
                ))
            }
        };
        match payload::check(p, &c.nonce, &c.signature, data) {
            Ok(()) => {}
            Err(Fault::Signature) => {
                return Err(Error::Status(Command::READ, NtStatus::INVALID_SIGNATURE))
            }
            Err(Fault::Tag) => return Err(Error::Protocol("RDMA read data failed to decrypt")),
            Err(Fault::Unsupported) => {
                return Err(Error::Protocol("no payload MAC for this algorithm"))
            }
        }
        self.transformed_ios += 1;
        Ok(())
    }

    /// How a WRITE's RDMA payload is protected (3.2.4.7): encrypted on an encrypting
    /// session, signed on a signing one, when the server agreed to that transform.
    fn write_transform(&self) -> Option<u16> {
        use smb_wire::rdma_transform::id;
        if self.force_transform {
            return Some(id::SIGNING);
        }
        if self.dialect != dialect::SMB311 {
            return None;
        }
        match self.protection {
            Protection::Encrypt if self.rdma_transforms.contains(&id::ENCRYPTION) => {
                Some(id::ENCRYPTION)
            }
            Protection::Sign
                if self.rdma_transforms.contains(&id::SIGNING)
                    && self.signing_alg != Algorithm::HmacSha256 =>
            {
                Some(id::SIGNING)
            }
            _ => None,
        }
    }

    fn next_nonce(&mut self) -> [u8; 16] {
        let mut n = [0u8; 16];
        n[..8].copy_from_slice(&self.nonce.to_le_bytes());
        self.nonce += 1;
        n
    }

    /// WRITE through an RDMA channel: the server RDMA-Reads the data from here.
    pub fn write_rdma(
        &mut self,
        tree: u32,
        f: FileId,
        offset: u64,
        data: &[u8],
        invalidate: bool,
    ) -> Result<u32> {
        let (id, buf) = self.send_write_rdma(tree, f, offset, data, invalidate)?;
        let r = self.finish_write(id);
        buf.pd.deregister(&buf.mr);
        r
    }

    /// Sends an RDMA-channel WRITE without waiting. The buffer must stay registered
    /// (kept alive) until the response arrives; complete with `finish_write`.
    pub fn send_write_rdma(
        &mut self,
        tree: u32,
        f: FileId,
        offset: u64,
        data: &[u8],
        invalidate: bool,
    ) -> Result<(u64, RdmaBuffer)> {
        use fabric::{Access, RegBuf};
        let pd = self
            .rdma_pd()
            .ok_or(Error::Protocol("not an SMB Direct connection"))?;
        use smb_wire::rdma_transform::{self as rt, CryptoTransform};
        let transform = self.write_transform();
        let buf = RegBuf::new(data.len().max(1));
        let fresh = self.next_nonce();
        let p = match transform {
            Some(rt::id::ENCRYPTION) => Some(payload::Protection::Encrypt {
                cipher: self.cipher.ok_or(Error::Protocol("no cipher"))?,
                key: &self.enc_key,
            }),
            Some(_) => Some(payload::Protection::Sign {
                alg: self.signing_alg,
                key: &self.signing_key,
            }),
            None => None,
        };
        let crypto = match (p, transform) {
            (Some(p), Some(kind)) => {
                let mut protected = data.to_vec();
                let (signature, nonce) = payload::protect(p, fresh, &mut protected)
                    .map_err(|_| Error::Protocol("the payload cannot be protected"))?;
                buf.write(0, &protected);
                Some(CryptoTransform {
                    kind,
                    signature: signature[..].into(),
                    nonce,
                })
            }
            _ => {
                buf.write(0, data);
                None
            }
        };
        let mr = pd.register(buf, Access::LOCAL_WRITE | Access::REMOTE_READ);
        let mut desc = Vec::with_capacity(16);
        desc.put_u64(mr.addr());
        desc.put_u32(mr.rkey);
        desc.put_u32(data.len() as u32);
        let inner = if invalidate { 2 } else { 1 };
        let mut crypto = crypto;
        if let (Some(c), true) = (crypto.as_mut(), std::mem::take(&mut self.tamper_transform)) {
            c.signature[3] ^= 0x5A;
        }
        let (channel, info) = match &crypto {
            Some(c) => {
                self.transformed_ios += 1;
                (msg::channel::RDMA_TRANSFORM, rt::encode(inner, c, &desc))
            }
            None => (inner, desc),
        };
        let mut m = Vec::with_capacity(140);
        self.header(Command::WRITE, tree, Self::charge(data.len()))
            .encode(&mut m);
        m.put_u16(49);
        m.put_u16(0);
        m.put_u32(0);
        m.put_u64(offset);
        f.put(&mut m);
        m.put_u32(channel);
        m.put_u32(data.len() as u32);
        m.put_u16((HEADER_LEN + 48) as u16);
        m.put_u16(info.len() as u16);
        m.put_u32(0);
        m.extend_from_slice(&info);
        let buf = RdmaBuffer {
            pd,
            mr,
            len: data.len() as u32,
            invalidate,
        };
        let id = self.send_raw(&m)?;
        Ok((id, buf))
    }

    pub fn flush(&mut self, tree: u32, f: FileId) -> Result<()> {
        let mut m = Vec::new();
        self.header(Command::FLUSH, tree, 1).encode(&mut m);
        m.put_u16(24);
        m.put_u16(0);
        m.put_u32(0);
        f.put(&mut m);
        let id = self.send_raw(&m)?;
        self.expect(id, Command::FLUSH).map(|_| ())
    }

    pub fn close(&mut self, tree: u32, f: FileId) -> Result<()> {
        let mut m = Vec::new();
        self.header(Command::CLOSE, tree, 1).encode(&mut m);
        m.put_u16(24);
        m.put_u16(0);
        m.put_u32(0);
        f.put(&mut m);
        let id = self.send_raw(&m)?;
        self.expect(id, Command::CLOSE).map(|_| ())
    }

    /// Sets the file's end (SET_INFO FileEndOfFileInformation): truncates or extends it.
    pub fn set_end_of_file(&mut self, tree: u32, f: FileId, len: u64) -> Result<()> {
        let mut m = Vec::new();
        self.header(Command::SET_INFO, tree, 1).encode(&mut m);
        m.put_u16(33);
        m.push(1); // file information
        m.push(20); // FileEndOfFileInformation
        m.put_u32(8);
        m.put_u16(64 + 32);
        m.put_u16(0);
        m.put_u32(0);
        f.put(&mut m);
        m.extend_from_slice(&len.to_le_bytes());
        let id = self.send_raw(&m)?;
        self.expect(id, Command::SET_INFO).map(|_| ())
    }

    /// Sends an arbitrary pre-built request body for `cmd` (tests of odd requests).
    pub fn request(&mut self, cmd: Command, tree: u32, body: &[u8]) -> Result<Response> {
        let id = self.send_request(cmd, tree, body)?;
        self.wait(id)
    }

    /// Sends a pre-built request body for `cmd` without waiting; returns its message id
    /// (for [`Client::wait`]).
    pub fn send_request(&mut self, cmd: Command, tree: u32, body: &[u8]) -> Result<u64> {
        let mut m = Vec::new();
        self.header(cmd, tree, 1).encode(&mut m);
        m.extend_from_slice(body);
        self.send_raw(&m)
    }
}

pub use msg::access;
pub use smb_wire::msg::create_options;
