//! How PDUs travel: TCP with its 4-byte length prefix, SMB Direct messages over a
//! `fabric` queue pair, or a transport the caller supplies ([`PduTransport`]).

use super::{Client, Error, Result};
use smb_wire::framing::{frame_header, frame_len, MAX_FRAME_LEN};
use std::io::{Read, Write};
use std::net::TcpStream;

/// How PDUs travel: TCP with the 4-byte length prefix, SMB Direct messages, or a
/// transport the caller supplies.
pub(super) enum Io {
    Tcp(Box<TcpIo>),
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

/// A TCP connection and what has been read from it but not yet taken: responses are read
/// in large reads, several at a time when several have come, rather than two system calls
/// each (the benchmark's client must cost less than the servers it measures).
pub(super) struct TcpIo {
    pub(super) sock: TcpStream,
    /// READ_CHUNK bytes once the first small read needs them (allocated and zeroed once).
    rbuf: Vec<u8>,
    /// The unread part of `rbuf`: from `at` to `end`.
    at: usize,
    end: usize,
}

/// The size of one read from a TCP connection.
const READ_CHUNK: usize = 256 * 1024;

impl TcpIo {
    pub(super) fn new(sock: TcpStream) -> Box<TcpIo> {
        Box::new(TcpIo {
            sock,
            rbuf: Vec::new(),
            at: 0,
            end: 0,
        })
    }

    /// Sends the frame header and the message in one system call (one segment with
    /// TCP_NODELAY), going on after a short write.
    fn send(&mut self, out: &[u8]) -> std::io::Result<()> {
        let h = frame_header(out.len());
        let mut sent = 0;
        let total = h.len() + out.len();
        while sent < total {
            let n = if sent < h.len() {
                self.sock.write_vectored(&[
                    std::io::IoSlice::new(&h[sent..]),
                    std::io::IoSlice::new(out),
                ])
            } else {
                self.sock.write(&out[sent - h.len()..])
            };
            match n {
                Ok(0) => return Err(std::io::ErrorKind::WriteZero.into()),
                Ok(n) => sent += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// Fills `dst` from what was read ahead, then from the socket: a large rest straight
    /// into `dst`, a small one through the read-ahead buffer.
    fn read_into(&mut self, dst: &mut [u8]) -> std::io::Result<()> {
        let have = (self.end - self.at).min(dst.len());
        dst[..have].copy_from_slice(&self.rbuf[self.at..self.at + have]);
        self.at += have;
        let rest = &mut dst[have..];
        if rest.is_empty() {
            return Ok(());
        }
        if rest.len() >= READ_CHUNK {
            return self.sock.read_exact(rest);
        }
        if self.rbuf.is_empty() {
            self.rbuf = vec![0; READ_CHUNK];
        }
        // (Everything read ahead was taken: the buffer starts over.)
        (self.at, self.end) = (0, 0);
        while self.end < rest.len() {
            match self.sock.read(&mut self.rbuf[self.end..]) {
                Ok(0) => return Err(std::io::ErrorKind::UnexpectedEof.into()),
                Ok(n) => self.end += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        rest.copy_from_slice(&self.rbuf[..rest.len()]);
        self.at = rest.len();
        Ok(())
    }
}

pub(super) struct RdmaIo {
    pub(super) conn: smbdirect::SmbdConnection,
    t0: std::time::Instant,
    /// Milliseconds since `t0` for the SMB Direct timers, and polls since the connection
    /// began: a receive loop spins on `poll`, which reads the clock only every
    /// [`CLOCK_EVERY`] polls (a clock read costs more than a poll that finds nothing).
    now_ms: u64,
    polls: u32,
    /// How long a receive waits for a message before the peer counts as dead.
    pub(super) limit: std::time::Duration,
}

/// See [`RdmaIo`].
pub(super) const CLOCK_EVERY: u32 = 64;

/// How long an SMB Direct receive waits before the peer counts as dead, unless
/// [`Client::set_timeout`] says.
pub(super) const DEAD_PEER: std::time::Duration = std::time::Duration::from_secs(60);

impl RdmaIo {
    fn poll(&mut self) -> Result<()> {
        if self.polls.is_multiple_of(CLOCK_EVERY) {
            self.now_ms = crate::clock::since(self.t0).as_millis() as u64;
        }
        self.polls = self.polls.wrapping_add(1);
        self.conn
            .poll(self.now_ms)
            .map(|_| ())
            .map_err(|e| Error::Io(std::io::Error::other(format!("SMB Direct: {e:?}"))))
    }
}

impl Io {
    pub(super) fn send(&mut self, out: &[u8]) -> Result<()> {
        match self {
            Io::Tcp(s) => {
                if out.len() > MAX_FRAME_LEN {
                    return Err(Error::Io(std::io::Error::other("message too long")));
                }
                s.send(out)?;
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

    pub(super) fn recv(&mut self, buf: &mut Vec<u8>) -> Result<()> {
        match self {
            Io::Tcp(s) => {
                let mut h = [0u8; 4];
                s.read_into(&mut h)?;
                let n = frame_len(h)
                    .ok_or_else(|| Error::Io(std::io::Error::other("not a Direct TCP frame")))?;
                buf.resize(n, 0);
                s.read_into(buf)?;
            }
            Io::Rdma(r) => {
                // DEAD_PEER (or the client's timeout) without a message is a dead peer (the
                // clock is looked at now and then: this loop spins, yielding now and then).
                let mut end = None;
                for spin in 1u32.. {
                    if let Some(m) = r.conn.recv() {
                        *buf = m;
                        break;
                    }
                    r.poll()?;
                    if spin.is_multiple_of(1024) {
                        // Give the CPU up now and then: with more spinning connections
                        // than cores (a bench's many connections), each would otherwise
                        // wait out the others' whole time slices.
                        std::thread::yield_now();
                        let now = crate::clock::now();
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

impl Client {
    /// Opens the transport of a new channel: TCP, or SMB Direct (software iWARP, the
    /// loopback fabric, or an RDMA device through verbs).
    pub(super) fn open_io(addr: &str, rdma: bool) -> Result<Io> {
        if !rdma {
            let sock = TcpStream::connect(addr)?;
            sock.set_nodelay(true)?;
            return Ok(Io::Tcp(TcpIo::new(sock)));
        }
        use fabric::{CmEvent, Cq, Pd};
        #[allow(unused_mut)]
        let (mut pd, mut cq) = (Pd::new(), Cq::new());
        let err = |e: fabric::Error| Error::Io(std::io::Error::other(e.to_string()));
        let ip = |a: &str| -> Result<std::net::SocketAddr> {
            a.parse()
                .map_err(|_| Error::Protocol("SMB Direct needs an IP:port address"))
        };
        // "loopback:NAME" reaches a server in this process over the loopback fabric;
        // "verbs:IP:PORT" an RDMA device through rdma-core; anything else is IP:port
        // over software iWARP.
        let mut qp = if let Some(name) = addr.strip_prefix("loopback:") {
            fabric::loopback::LoopbackFabric::shared()
                .connect(name, &pd, &cq, b"", 16, 16)
                .map_err(err)?
        } else if let Some(_a) = addr.strip_prefix("verbs:") {
            #[cfg(feature = "verbs")]
            {
                // The device the route to the server leaves by.
                let f = fabric::verbs::VerbsFabric::open_for(ip(_a)?, true).map_err(err)?;
                (pd, cq) = (f.pd().map_err(err)?, f.cq(4096).map_err(err)?);
                f.connect(ip(_a)?, &pd, &cq, b"", 16, 16).map_err(err)?
            }
            #[cfg(not(feature = "verbs"))]
            return Err(Error::Protocol(
                "SMB Direct over verbs: this client was built without the `verbs` feature",
            ));
        } else {
            fabric::iwarp::IwarpFabric::new()
                .connect(ip(addr)?, &pd, &cq, b"", 16, 16)
                .map_err(err)?
        };
        let end = crate::clock::now() + std::time::Duration::from_secs(10);
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
            if crate::clock::now() > end {
                return Err(Error::Io(std::io::ErrorKind::TimedOut.into()));
            }
        }
        let t0 = crate::clock::now();
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
            if crate::clock::now() > end {
                return Err(Error::Io(std::io::ErrorKind::TimedOut.into()));
            }
        }
        Ok(Io::Rdma(Box::new(r)))
    }
}
