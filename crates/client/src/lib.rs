//! An SMB 3.1.1 client for tests and benchmarks: negotiate (3.1.1 with preauth integrity,
//! or 3.0.2/2.1), NTLMv2 logon, signing or encryption, tree connect, create/read/write/
//! flush/close, and pipelined requests (many in flight, matched by message id) for queue
//! depth sweeps.
//!
//! May not: be a dependency of the server's crates except for their tests (it exists to
//! test and measure them), or grow server-side shortcuts; it speaks to any SMB3 server as
//! a client would.
pub mod clock;

pub use smb_auth::initiator as ntlm;

mod transport;

pub use rdma::{RdmaBuffer, RdmaRegion};
pub use transport::PduTransport;
use transport::{Io, DEAD_PEER};
mod files;
mod rdma;
pub mod rsvd;
mod session;
pub mod witness;

use smb_auth::crypt::Cipher;
use smb_auth::preauth::PreauthHash;
use smb_auth::signing::{self, Algorithm};
use smb_wire::header::{flags, offsets, Header, HEADER_LEN, TRANSFORM_ID};
use smb_wire::msg;
pub use smb_wire::msg::FileId;
use smb_wire::negotiate::dialect;
use smb_wire::{Command, Le, NtStatus};
use std::collections::HashMap;
use std::io;
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
    /// Log on with Kerberos (MIT's GSS-API) instead of NTLM.
    pub kerberos: Option<Kerberos>,
    /// The NEGOTIATE request's Capabilities (MS-SMB2 2.2.3): all of them by default.
    pub capabilities: u32,
}

/// Kerberos credentials for a logon.
#[derive(Clone, Debug)]
pub enum Kerberos {
    /// A credential cache (`FILE:/path`, from `kinit`) and the server's principal
    /// (`cifs/node.lab.test@LAB.TEST`): MIT Kerberos makes the AP-REQ and checks the
    /// AP-REP.
    Ccache {
        ccache: String,
        target: String,
        /// Ask for a service ticket of at most this many seconds (0: as long as the
        /// ticket-granting ticket allows). Only a ticket not already in the cache.
        lifetime_s: u32,
    },
    /// A prepared AP-REQ and the session key it stands for, sent as they are (tests of
    /// an engine whose Kerberos is a stand-in).
    Fixed {
        ap_req: Vec<u8>,
        session_key: Vec<u8>,
    },
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
            kerberos: None,
            capabilities: 0x7F,
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
    /// An IOCTL answer's output buffer (empty if the answer has none or is malformed).
    pub fn ioctl_output(&self) -> &[u8] {
        let b = smb_wire::Le(self.body());
        let (Ok(off), Ok(len)) = (b.u32(32), b.u32(36)) else {
            return &[];
        };
        self.msg
            .get(off as usize..(off as usize).saturating_add(len as usize))
            .unwrap_or(&[])
    }
}

pub struct Client {
    io: Io,
    client_guid: [u8; 16],
    next_id: u64,
    credits: u64,
    pub dialect: u16,
    /// The Capabilities of the server's NEGOTIATE response.
    pub server_capabilities: u32,
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
    /// The ChannelSequence its requests carry (SMB 3.x; a client raises it when it moves
    /// to another channel after losing one).
    pub channel_sequence: u16,
    /// Requests are sent as replays (SMB2_FLAGS_REPLAY_OPERATION).
    pub replay: bool,
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
        Self::start(Io::Tcp(transport::TcpIo::new(sock)), opts)
    }

    /// Opens the transport only (TCP, or SMB Direct over software iWARP with its own
    /// negotiation done), sending nothing of SMB2: tests of a peer that never signs in.
    /// [`Client::sign_in`] goes on from there.
    pub fn connect_bare(addr: &str, rdma: bool) -> Result<Client> {
        Ok(Self::fresh(Self::open_io(addr, rdma)?, random::<16>()))
    }

    /// Connects over TCP and negotiates, logging on to nothing: tests that send their
    /// own SESSION_SETUP tokens ([`Client::session_setup_token`]).
    pub fn negotiated(addr: &str, opts: &Options) -> Result<Client> {
        let sock = TcpStream::connect(addr)?;
        sock.set_nodelay(true)?;
        let mut c = Self::fresh(Io::Tcp(transport::TcpIo::new(sock)), random::<16>());
        c.negotiate(opts, &mut PreauthHash::new())?;
        Ok(c)
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
        Self::start(Io::Tcp(transport::TcpIo::new(sock)), opts)
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
        self.bind_io(io, opts, key)
    }

    /// Binds another channel over a transport the caller supplies.
    pub fn bind_with(&self, t: Box<dyn PduTransport>, opts: &Options) -> Result<Client> {
        self.bind_io(Io::Other(t), opts, self.signing_key)
    }

    fn bind_io(&self, io: Io, opts: &Options, key: [u8; 16]) -> Result<Client> {
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
            server_capabilities: 0,
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
            channel_sequence: 0,
            replay: false,
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
            status: u32::from(self.channel_sequence),
            flags: if self.replay {
                flags::REPLAY_OPERATION
            } else {
                0
            },
            ..Default::default()
        }
    }

    /// Sends a built request (header included), signing or encrypting per the session.
    fn send_raw(&mut self, m: &[u8]) -> Result<u64> {
        self.send_message(std::borrow::Cow::Borrowed(m))
    }

    /// As [`Self::send_raw`], signing the message in place where the session signs (no
    /// copy of a large WRITE's payload).
    fn send_owned(&mut self, m: Vec<u8>) -> Result<u64> {
        self.send_message(std::borrow::Cow::Owned(m))
    }

    fn send_message(&mut self, m: std::borrow::Cow<'_, [u8]>) -> Result<u64> {
        let h = Le(&m);
        let (Ok(id), Ok(charge)) = (h.u64(offsets::MESSAGE_ID), h.u16(6)) else {
            return Err(Error::Protocol("a request shorter than its header"));
        };
        let charge = charge.max(1);
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
                    &m,
                );
                &pdu
            }
            Protection::Sign if self.session_id != 0 => {
                let mut v = m.into_owned();
                mark_signed(&mut v);
                signing::sign(self.signing_alg, &self.signing_key, &mut v);
                pdu = v;
                &pdu
            }
            _ => &m,
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
            Io::Tcp(s) => s.sock.set_read_timeout(t)?,
            Io::Rdma(r) => r.limit = t.unwrap_or(DEAD_PEER),
            Io::Other(_) => {}
        }
        Ok(())
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

    /// Sends an arbitrary pre-built request body for `cmd` (tests of odd requests).
    pub fn request(&mut self, cmd: Command, tree: u32, body: &[u8]) -> Result<Response> {
        let id = self.send_request(cmd, tree, body)?;
        self.wait(id)
    }

    /// Asks the server to cancel request `id` (sent with [`Client::send_request`]): an
    /// SMB2 CANCEL naming it by its MessageId. A CANCEL has no answer and costs no
    /// credit; the request itself ends (STATUS_CANCELLED, unless it ended first).
    pub fn cancel(&mut self, tree: u32, id: u64) -> Result<()> {
        let mut h = self.header(Command::CANCEL, tree, 0);
        // (It takes no message id of its own.)
        self.next_id -= 1;
        h.message_id = id;
        h.credits = 0;
        let mut m = Vec::new();
        h.encode(&mut m);
        msg::encode_small_request(&mut m);
        self.send_raw(&m)?;
        self.credits += 1;
        Ok(())
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

/// Sets SMB2_FLAGS_SIGNED in a built request's header (before it is signed).
pub(crate) fn mark_signed(m: &mut [u8]) {
    let f = Le(m).u32(offsets::FLAGS).unwrap_or(0) | flags::SIGNED;
    m[offsets::FLAGS..offsets::FLAGS + 4].copy_from_slice(&f.to_le_bytes());
}
