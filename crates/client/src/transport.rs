//! How PDUs travel: TCP with its 4-byte length prefix, SMB Direct messages over a
//! `fabric` queue pair, or a transport the caller supplies ([`PduTransport`]).

use super::{Client, Error, Result};
use smb_wire::framing::{frame_header, frame_len, MAX_FRAME_LEN};
use std::io::{Read, Write};
use std::net::TcpStream;

/// How PDUs travel: TCP with the 4-byte length prefix, SMB Direct messages, or a
/// transport the caller supplies.
pub(super) enum Io {
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
                s.write_all(&frame_header(out.len()))?;
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

    pub(super) fn recv(&mut self, buf: &mut Vec<u8>) -> Result<()> {
        match self {
            Io::Tcp(s) => {
                let mut h = [0u8; 4];
                s.read_exact(&mut h)?;
                let n = frame_len(h)
                    .ok_or_else(|| Error::Io(std::io::Error::other("not a Direct TCP frame")))?;
                buf.resize(n, 0);
                s.read_exact(buf)?;
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
            return Ok(Io::Tcp(sock));
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
