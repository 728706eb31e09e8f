//! Software iWARP over TCP: MPA (RFC 5044, with the enhanced connection setup of RFC
//! 6581), DDP (RFC 5041) and RDMAP (RFC 5040). CRC32c is always on and markers always
//! off; a peer that asks for markers is rejected. Sockets are non-blocking and moved only
//! by [`QueuePair::progress`] and [`Listener::poll_request`]: no threads.

use crate::soft::*;
use crate::*;
use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::time::Duration;

const KEY_REQ: &[u8; 16] = b"MPA ID Req Frame";
const KEY_REP: &[u8; 16] = b"MPA ID Rep Frame";
const FLAG_MARKERS: u16 = 0x8000;
const FLAG_CRC: u16 = 0x4000;
const FLAG_REJECT: u16 = 0x2000;
const MPA_REV: u8 = 2;
const MAX_PRIVATE: usize = 512;
const IRD_ORD_MASK: u16 = 0x3fff;
/// RFC 6581: peer-to-peer mode (in IRD) and the ready-to-receive message type (in ORD).
const P2P_FLAG: u16 = 0x8000;
const RTR_WRITE: u16 = 0x8000;

const DDP_TAGGED_FLAG: u16 = 0x8000;
const DDP_LAST_FLAG: u16 = 0x4000;
const DDP_VERSION: u16 = 1;
const RDMAP_VERSION: u16 = 1;
const TAGGED_HDR: usize = 14;
const UNTAGGED_HDR: usize = 18;

/// Largest ULPDU we put in one FPDU (DDP header included).
pub const DEFAULT_MULPDU: usize = 16 * 1024;

/// Encodes an MPA request or reply.
fn mpa_frame(
    key: &[u8; 16],
    reject: bool,
    rev: u8,
    ird: u16,
    ord: u16,
    p2p: bool,
    private: &[u8],
) -> Vec<u8> {
    let mut pd = Vec::new();
    if rev >= 2 {
        let (pf, rf) = if p2p { (P2P_FLAG, RTR_WRITE) } else { (0, 0) };
        pd.extend_from_slice(&((ird & IRD_ORD_MASK) | pf).to_be_bytes());
        pd.extend_from_slice(&((ord & IRD_ORD_MASK) | rf).to_be_bytes());
    }
    pd.extend_from_slice(private);
    let mut f = Vec::with_capacity(20 + pd.len());
    f.extend_from_slice(key);
    let bits = FLAG_CRC | if reject { FLAG_REJECT } else { 0 } | rev as u16;
    f.extend_from_slice(&bits.to_be_bytes());
    f.extend_from_slice(&(pd.len() as u16).to_be_bytes());
    f.extend_from_slice(&pd);
    f
}

struct MpaFrame {
    markers: bool,
    /// Peer-to-peer mode with a zero-length RDMA Write as the ready-to-receive message.
    p2p_write: bool,
    reject: bool,
    rev: u8,
    ird: u16,
    ord: u16,
    private: Vec<u8>,
}

/// Parses a complete frame at the start of `b`: Ok(None) if more bytes are needed.
fn parse_mpa(b: &[u8], key: &[u8; 16]) -> std::result::Result<Option<(MpaFrame, usize)>, String> {
    if b.len() < 20 {
        if b.len() >= 16 && &b[..16] != key {
            return Err("not an MPA frame (bad key)".into());
        }
        return Ok(None);
    }
    if &b[..16] != key {
        return Err("not an MPA frame (bad key)".into());
    }
    let bits = u16::from_be_bytes([b[16], b[17]]);
    let pd_len = u16::from_be_bytes([b[18], b[19]]) as usize;
    if pd_len > MAX_PRIVATE {
        return Err(format!(
            "private data of {pd_len} bytes (at most {MAX_PRIVATE})"
        ));
    }
    if b.len() < 20 + pd_len {
        return Ok(None);
    }
    let rev = (bits & 0xff) as u8;
    let mut pd = &b[20..20 + pd_len];
    let (mut ird, mut ord) = (QpCaps::default().ird, QpCaps::default().ord);
    let mut p2p_write = false;
    if rev >= 2 {
        if pd.len() < 4 {
            return Err("revision 2 frame without IRD/ORD".into());
        }
        let i = u16::from_be_bytes([pd[0], pd[1]]);
        let o = u16::from_be_bytes([pd[2], pd[3]]);
        ird = i & IRD_ORD_MASK;
        ord = o & IRD_ORD_MASK;
        p2p_write = i & P2P_FLAG != 0 && o & RTR_WRITE != 0;
        pd = &pd[4..];
    }
    Ok(Some((
        MpaFrame {
            markers: bits & FLAG_MARKERS != 0,
            p2p_write,
            reject: bits & FLAG_REJECT != 0,
            rev,
            ird,
            ord,
            private: pd.to_vec(),
        },
        20 + pd_len,
    )))
}

fn fpdu_crc(b: &[u8]) -> u32 {
    crc32c::crc32c(b)
}

/// Appends one FPDU carrying a DDP header and `n` payload bytes from `off` to `out`.
fn push_fpdu(out: &mut Vec<u8>, hdr: &[u8], payload: &Payload, off: usize, n: usize) {
    let start = out.len();
    let ulen = hdr.len() + n;
    out.extend_from_slice(&(ulen as u16).to_be_bytes());
    out.extend_from_slice(hdr);
    payload.copy_to(off, n, out);
    let pad = (4 - (2 + ulen) % 4) % 4;
    out.extend(std::iter::repeat_n(0u8, pad));
    let crc = fpdu_crc(&out[start..]);
    // The CRC travels least significant byte first, as CRC32c does in iSCSI and siw.
    out.extend_from_slice(&crc.to_le_bytes());
}

fn ctrl(tagged: bool, last: bool, opcode: u8) -> u16 {
    (if tagged { DDP_TAGGED_FLAG } else { 0 })
        | (if last { DDP_LAST_FLAG } else { 0 })
        | DDP_VERSION << 8
        | RDMAP_VERSION << 6
        | (opcode as u16 & 0xf)
}

/// Cuts a message into DDP segments framed as FPDUs.
fn encode_msg(out: &mut Vec<u8>, m: &OutMsg, mulpdu: usize) {
    let room = mulpdu - if m.tagged { TAGGED_HDR } else { UNTAGGED_HDR };
    let mut off = 0usize;
    let total = m.data.len();
    loop {
        let n = (total - off).min(room);
        let last = off + n == total;
        let mut h = [0u8; UNTAGGED_HDR];
        h[0..2].copy_from_slice(&ctrl(m.tagged, last, m.opcode).to_be_bytes());
        let hl = if m.tagged {
            h[2..6].copy_from_slice(&m.stag.to_be_bytes());
            h[6..14].copy_from_slice(&(m.to + off as u64).to_be_bytes());
            TAGGED_HDR
        } else {
            h[2..6].copy_from_slice(&m.stag.to_be_bytes());
            h[6..10].copy_from_slice(&m.qn.to_be_bytes());
            h[10..14].copy_from_slice(&m.msn.to_be_bytes());
            h[14..18].copy_from_slice(&(off as u32).to_be_bytes());
            UNTAGGED_HDR
        };
        push_fpdu(out, &h[..hl], &m.data, off, n);
        off += n;
        if last {
            break;
        }
    }
}

enum Phase {
    /// Initiator waiting for the MPA reply.
    AwaitReply,
    Streaming,
    Broken,
}

pub(crate) struct IwarpWire {
    sock: TcpStream,
    rx: Vec<u8>,
    rx_start: usize,
    tx: Vec<u8>,
    tx_off: usize,
    /// The responder holds its FPDUs until the initiator's first one arrived (RFC 5044).
    may_send: bool,
    held: Vec<OutMsg>,
    /// Responder in peer-to-peer mode: the first FPDU is the initiator's zero-length
    /// RDMA Write (ready to receive), consumed here.
    expect_rtr: bool,
    phase: Phase,
    eof: bool,
    closed_reported: bool,
    closing: bool,
    mulpdu: usize,
}

impl IwarpWire {
    fn new(sock: TcpStream, initiator: bool, leftover: Vec<u8>, expect_rtr: bool) -> IwarpWire {
        IwarpWire {
            expect_rtr,
            sock,
            rx: leftover,
            rx_start: 0,
            tx: Vec::new(),
            tx_off: 0,
            may_send: initiator,
            held: Vec::new(),
            phase: if initiator {
                Phase::AwaitReply
            } else {
                Phase::Streaming
            },
            eof: false,
            closed_reported: false,
            closing: false,
            mulpdu: DEFAULT_MULPDU,
        }
    }

    fn flush_tx(&mut self) -> bool {
        let mut moved = false;
        while self.tx_off < self.tx.len() {
            match self.sock.write(&self.tx[self.tx_off..]) {
                Ok(0) => {
                    self.eof = true;
                    break;
                }
                Ok(n) => {
                    self.tx_off += n;
                    moved = true;
                }
                Err(e) if e.kind() == ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(_) => {
                    self.eof = true;
                    break;
                }
            }
        }
        if self.tx_off == self.tx.len() {
            self.tx.clear();
            self.tx_off = 0;
            // A burst's buffer is not kept for the life of the connection.
            if self.tx.capacity() > TX_KEEP {
                self.tx.shrink_to(TX_KEEP);
            }
        } else if self.tx_off >= TX_KEEP && self.tx_off * 2 >= self.tx.len() {
            // A stream that never drains completely (a busy peer, or one reading slowly)
            // must not keep everything written since it last did: drop the written part.
            self.tx.drain(..self.tx_off);
            self.tx_off = 0;
        }
        moved
    }

    fn fill_rx(&mut self) -> bool {
        if self.rx_start > 0 && self.rx_start * 2 > self.rx.len() {
            self.rx.drain(..self.rx_start);
            self.rx_start = 0;
        }
        let mut moved = false;
        let mut budget: usize = 1 << 20;
        while budget > 0 {
            let have = self.rx.len();
            if self.rx.capacity() - have < 65536 {
                self.rx.reserve(65536);
            }
            let room = self.rx.capacity() - have;
            // SAFETY: reading into the vector's spare capacity; only the bytes the
            // kernel wrote become part of it.
            let r = unsafe {
                libc::recv(
                    std::os::fd::AsRawFd::as_raw_fd(&self.sock),
                    self.rx.as_mut_ptr().add(have) as *mut libc::c_void,
                    room,
                    libc::MSG_DONTWAIT,
                )
            };
            let r = if r < 0 {
                Err(std::io::Error::last_os_error())
            } else {
                Ok(r as usize)
            };
            match r {
                Ok(0) => {
                    self.eof = true;
                    break;
                }
                Ok(n) => {
                    // SAFETY: the kernel initialised n bytes past the old length.
                    unsafe { self.rx.set_len(have + n) };
                    budget -= n.min(budget);
                    moved = true;
                    if n < room {
                        break;
                    }
                }
                Err(e) if e.kind() == ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(_) => {
                    self.eof = true;
                    break;
                }
            }
        }
        moved
    }

    fn parse(&mut self, out: &mut Vec<WireEvent>) {
        loop {
            let b = &self.rx[self.rx_start..];
            match self.phase {
                Phase::Broken => return,
                Phase::AwaitReply => match parse_mpa(b, KEY_REP) {
                    Ok(None) => return,
                    Ok(Some((f, used))) => {
                        self.rx_start += used;
                        if f.reject {
                            self.phase = Phase::Broken;
                            out.push(WireEvent::Rejected {
                                private_data: f.private,
                            });
                            return;
                        }
                        if f.markers || f.rev == 0 || f.rev > MPA_REV {
                            self.phase = Phase::Broken;
                            out.push(WireEvent::Closed);
                            return;
                        }
                        self.phase = Phase::Streaming;
                        if f.p2p_write {
                            // Ready to receive: a zero-length RDMA Write, STag 0.
                            encode_msg(
                                &mut self.tx,
                                &OutMsg {
                                    tagged: true,
                                    opcode: OP_WRITE,
                                    stag: 0,
                                    to: 0,
                                    qn: 0,
                                    msn: 0,
                                    data: Payload::Bytes(Vec::new()),
                                    track: false,
                                },
                                self.mulpdu,
                            );
                        }
                        out.push(WireEvent::Established {
                            private_data: f.private,
                            ird: f.ird,
                            ord: f.ord,
                        });
                    }
                    Err(_) => {
                        self.phase = Phase::Broken;
                        out.push(WireEvent::Closed);
                        return;
                    }
                },
                Phase::Streaming => {
                    if b.len() < 2 {
                        return;
                    }
                    let ulen = u16::from_be_bytes([b[0], b[1]]) as usize;
                    let pad = (4 - (2 + ulen) % 4) % 4;
                    let total = 2 + ulen + pad + 4;
                    if ulen < TAGGED_HDR {
                        self.phase = Phase::Broken;
                        out.push(WireEvent::Protocol {
                            layer: LAYER_LLP,
                            etype: 0,
                            code: 3,
                        });
                        return;
                    }
                    if b.len() < total {
                        return;
                    }
                    let crc = u32::from_le_bytes(b[total - 4..total].try_into().unwrap());
                    if fpdu_crc(&b[..total - 4]) != crc {
                        self.phase = Phase::Broken;
                        out.push(WireEvent::Protocol {
                            layer: LAYER_LLP,
                            etype: 0,
                            code: 2,
                        });
                        return;
                    }
                    let u = &b[2..2 + ulen];
                    let c = u16::from_be_bytes([u[0], u[1]]);
                    let tagged = c & DDP_TAGGED_FLAG != 0;
                    let seg = if (c >> 8) & 3 != DDP_VERSION {
                        Err((
                            LAYER_DDP,
                            if tagged { DDP_TAGGED } else { DDP_UNTAGGED },
                            if tagged { 4 } else { 6 },
                        ))
                    } else if (c >> 6) & 3 != RDMAP_VERSION {
                        Err((LAYER_RDMAP, RDMAP_OPERATION, 5))
                    } else if tagged {
                        Ok(InSeg {
                            tagged,
                            last: c & DDP_LAST_FLAG != 0,
                            opcode: (c & 0xf) as u8,
                            stag: u32::from_be_bytes(u[2..6].try_into().unwrap()),
                            to: u64::from_be_bytes(u[6..14].try_into().unwrap()),
                            qn: 0,
                            msn: 0,
                            mo: 0,
                            data: Payload::Bytes(u[TAGGED_HDR..].to_vec()),
                            ack: false,
                        })
                    } else if ulen < UNTAGGED_HDR {
                        Err((LAYER_LLP, 0, 3))
                    } else {
                        Ok(InSeg {
                            tagged,
                            last: c & DDP_LAST_FLAG != 0,
                            opcode: (c & 0xf) as u8,
                            stag: u32::from_be_bytes(u[2..6].try_into().unwrap()),
                            to: 0,
                            qn: u32::from_be_bytes(u[6..10].try_into().unwrap()),
                            msn: u32::from_be_bytes(u[10..14].try_into().unwrap()),
                            mo: u32::from_be_bytes(u[14..18].try_into().unwrap()),
                            data: Payload::Bytes(u[UNTAGGED_HDR..].to_vec()),
                            ack: false,
                        })
                    };
                    self.rx_start += total;
                    let rtr = self.expect_rtr
                        && matches!(&seg, Ok(s) if s.tagged && s.opcode == OP_WRITE && s.data.is_empty() && s.stag == 0);
                    self.expect_rtr = false;
                    if !self.may_send {
                        self.may_send = true;
                        for m in std::mem::take(&mut self.held) {
                            encode_msg(&mut self.tx, &m, self.mulpdu);
                        }
                    }
                    if rtr {
                        continue;
                    }
                    match seg {
                        Ok(s) => out.push(WireEvent::Seg(s)),
                        Err((layer, etype, code)) => {
                            self.phase = Phase::Broken;
                            out.push(WireEvent::Protocol { layer, etype, code });
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// Send-buffer capacity kept once it has drained.
const TX_KEEP: usize = 4 << 20;

impl Wire for IwarpWire {
    /// The socket: readable when segments (or the peer's close) came, writable when
    /// queued bytes can leave.
    fn wake(&self) -> Option<Wake> {
        use std::os::fd::AsRawFd;
        Some(Wake {
            fd: self.sock.as_raw_fd(),
            write: self.unsent() > 0,
        })
    }

    fn unsent(&self) -> usize {
        self.tx.len() - self.tx_off + self.held.iter().map(|m| m.data.len()).sum::<usize>()
    }

    fn send(&mut self, m: OutMsg) -> bool {
        if self.closing {
            return true;
        }
        if !self.may_send {
            // A Terminate goes out regardless: the connection is ending anyway.
            if m.opcode != OP_TERMINATE {
                self.held.push(m);
                return true;
            }
        }
        // Queued only: progress writes everything queued in one system call, so a
        // Write and the Send behind it leave together.
        encode_msg(&mut self.tx, &m, self.mulpdu);
        true
    }

    fn progress(&mut self, out: &mut Vec<WireEvent>) -> bool {
        if self.closing {
            return false;
        }
        let mut moved = self.flush_tx();
        moved |= self.fill_rx();
        self.parse(out);
        moved |= self.flush_tx();
        if self.eof && !self.closed_reported {
            self.closed_reported = true;
            out.push(WireEvent::Closed);
        }
        moved
    }

    fn close(&mut self) {
        if self.closing {
            return;
        }
        self.closing = true;
        // Whatever is queued (a Terminate, most likely) leaves before the FIN. The
        // socket is ours alone now; a bounded blocking write is fine.
        let _ = self.sock.set_nonblocking(false);
        let _ = self.sock.set_write_timeout(Some(Duration::from_secs(1)));
        let _ = self.sock.write_all(&self.tx[self.tx_off..]);
        self.tx.clear();
        self.tx_off = 0;
        let _ = self.sock.shutdown(std::net::Shutdown::Both);
    }
}

/// The software iWARP provider.
#[derive(Clone, Copy, Debug, Default)]
pub struct IwarpFabric {
    pub caps: QpCaps,
}

impl IwarpFabric {
    pub fn new() -> IwarpFabric {
        IwarpFabric::default()
    }

    pub fn listen(&self, addr: SocketAddr) -> Result<Box<dyn Listener>> {
        let l = TcpListener::bind(addr)?;
        l.set_nonblocking(true)?;
        Ok(Box::new(IwarpListener {
            l,
            pending: Vec::new(),
            caps: self.caps,
        }))
    }

    /// Connects and sends the MPA request; the reply arrives as
    /// [`CmEvent::Established`] or [`CmEvent::Rejected`] from `progress`. The TCP
    /// handshake itself is a bounded blocking call.
    pub fn connect(
        &self,
        addr: SocketAddr,
        pd: &Pd,
        cq: &Cq,
        private_data: &[u8],
        ird: u16,
        ord: u16,
    ) -> Result<Box<dyn QueuePair>> {
        if private_data.len() + 4 > MAX_PRIVATE {
            return Err(Error::InvalidRequest("private data too long".into()));
        }
        let mut s = TcpStream::connect_timeout(&addr, Duration::from_secs(5))?;
        s.set_nodelay(true)?;
        s.write_all(&mpa_frame(
            KEY_REQ,
            false,
            MPA_REV,
            ird,
            ord,
            true,
            private_data,
        ))?;
        s.set_nonblocking(true)?;
        let mut caps = self.caps;
        caps.ird = ird;
        caps.ord = ord;
        Ok(Box::new(Engine::new(
            IwarpWire::new(s, true, Vec::new(), false),
            pd,
            cq,
            caps,
            false,
        )))
    }
}

struct PendingConn {
    s: TcpStream,
    buf: Vec<u8>,
}

struct IwarpListener {
    l: TcpListener,
    pending: Vec<PendingConn>,
    caps: QpCaps,
}

const MAX_PENDING: usize = 64;

impl Listener for IwarpListener {
    /// The listening socket, and each connection still sending its MPA request.
    fn wake(&self, out: &mut Vec<std::os::fd::RawFd>) -> bool {
        use std::os::fd::AsRawFd;
        out.clear();
        out.push(self.l.as_raw_fd());
        out.extend(self.pending.iter().map(|p| p.s.as_raw_fd()));
        true
    }

    fn poll_request(&mut self) -> Result<Option<Box<dyn ConnRequest>>> {
        loop {
            match self.l.accept() {
                Ok((s, _)) => {
                    s.set_nonblocking(true)?;
                    let _ = s.set_nodelay(true);
                    if self.pending.len() >= MAX_PENDING {
                        self.pending.remove(0);
                    }
                    self.pending.push(PendingConn { s, buf: Vec::new() });
                }
                Err(e) if e.kind() == ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.into()),
            }
        }
        let mut i = 0;
        while i < self.pending.len() {
            let p = &mut self.pending[i];
            let mut tmp = [0u8; 1024];
            let mut dead = false;
            loop {
                match p.s.read(&mut tmp) {
                    Ok(0) => {
                        dead = true;
                        break;
                    }
                    Ok(n) => p.buf.extend_from_slice(&tmp[..n]),
                    Err(e) if e.kind() == ErrorKind::WouldBlock => break,
                    Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                    Err(_) => {
                        dead = true;
                        break;
                    }
                }
                if p.buf.len() > 20 + MAX_PRIVATE {
                    break;
                }
            }
            match parse_mpa(&p.buf, KEY_REQ) {
                Ok(Some((f, used))) => {
                    let mut p = self.pending.remove(i);
                    if f.markers || f.rev == 0 || f.rev > MPA_REV {
                        // Markers are not supported; neither are unknown revisions.
                        let _ = p.s.set_nonblocking(false);
                        let _ = p.s.set_write_timeout(Some(Duration::from_secs(1)));
                        let _ = p.s.write_all(&mpa_frame(
                            KEY_REP,
                            true,
                            f.rev.clamp(1, MPA_REV),
                            0,
                            0,
                            false,
                            &[],
                        ));
                        let _ = p.s.shutdown(std::net::Shutdown::Both);
                        continue;
                    }
                    let leftover = p.buf.split_off(used);
                    let peer = p.s.peer_addr().map(|a| a.to_string()).unwrap_or_default();
                    return Ok(Some(Box::new(IwarpRequest {
                        s: p.s,
                        f,
                        leftover,
                        peer,
                        caps: self.caps,
                    })));
                }
                Ok(None) if !dead => i += 1,
                _ => {
                    let p = self.pending.remove(i);
                    let _ = p.s.shutdown(std::net::Shutdown::Both);
                }
            }
        }
        Ok(None)
    }

    fn local_addr(&self) -> String {
        self.l
            .local_addr()
            .map(|a| a.to_string())
            .unwrap_or_default()
    }
}

struct IwarpRequest {
    s: TcpStream,
    f: MpaFrame,
    leftover: Vec<u8>,
    peer: String,
    caps: QpCaps,
}

impl ConnRequest for IwarpRequest {
    fn private_data(&self) -> &[u8] {
        &self.f.private
    }
    fn ird_ord(&self) -> (u16, u16) {
        (self.f.ird, self.f.ord)
    }
    fn peer(&self) -> String {
        self.peer.clone()
    }
    fn accept_on(
        self: Box<Self>,
        pd: &Pd,
        cq: &Cq,
        srq: Option<&Srq>,
        private_data: &[u8],
        ird: u16,
        ord: u16,
    ) -> Result<Box<dyn QueuePair>> {
        let me = *self;
        if private_data.len() + 4 > MAX_PRIVATE {
            return Err(Error::InvalidRequest("private data too long".into()));
        }
        let ord = ord.min(me.f.ird).max(1);
        let mut s = me.s;
        s.set_nonblocking(false)?;
        s.set_write_timeout(Some(Duration::from_secs(5)))?;
        let p2p = me.f.rev >= 2 && me.f.p2p_write;
        s.write_all(&mpa_frame(
            KEY_REP,
            false,
            me.f.rev.min(MPA_REV),
            ird,
            ord,
            p2p,
            private_data,
        ))?;
        s.set_nonblocking(true)?;
        let mut caps = me.caps;
        caps.ird = ird;
        caps.ord = ord;
        let mut e = Engine::new(
            IwarpWire::new(s, false, me.leftover, p2p),
            pd,
            cq,
            caps,
            true,
        );
        if let Some(q) = srq {
            e.attach_srq(q);
        }
        e.set_established(ord);
        Ok(Box::new(e))
    }
    fn reject(self: Box<Self>, private_data: &[u8]) {
        let mut s = self.s;
        let _ = s.set_nonblocking(false);
        let _ = s.set_write_timeout(Some(Duration::from_secs(1)));
        let _ = s.write_all(&mpa_frame(
            KEY_REP,
            true,
            self.f.rev.min(MPA_REV),
            0,
            0,
            false,
            private_data,
        ));
        let _ = s.shutdown(std::net::Shutdown::Both);
    }
}
