//! The RDMAP/DDP semantics shared by the software providers: what a queue pair does with
//! work requests and with arriving segments, independent of how bytes travel. The
//! loopback provider hands segments over in memory; the iwarp provider frames them in
//! MPA over TCP. Errors are reported the way RFC 5040/5041 do (Terminate with layer,
//! type and code) and surface locally as completions and events, the way verbs does.

use crate::*;

pub(crate) const OP_WRITE: u8 = 0;
pub(crate) const OP_READ_REQ: u8 = 1;
pub(crate) const OP_READ_RESP: u8 = 2;
pub(crate) const OP_SEND: u8 = 3;
pub(crate) const OP_SEND_INV: u8 = 4;
pub(crate) const OP_SEND_SE: u8 = 5;
pub(crate) const OP_SEND_SE_INV: u8 = 6;
pub(crate) const OP_TERMINATE: u8 = 7;

pub(crate) const QN_SEND: u32 = 0;
pub(crate) const QN_READ: u32 = 1;
pub(crate) const QN_TERMINATE: u32 = 2;

// Terminate layers, types and codes (RFC 5040 section 7, RFC 5041 section 7).
pub(crate) const LAYER_RDMAP: u8 = 0;
pub(crate) const LAYER_DDP: u8 = 1;
pub(crate) const LAYER_LLP: u8 = 2;
pub(crate) const RDMAP_CATASTROPHIC: u8 = 0;
pub(crate) const RDMAP_PROTECTION: u8 = 1;
pub(crate) const RDMAP_OPERATION: u8 = 2;
pub(crate) const DDP_TAGGED: u8 = 1;
pub(crate) const DDP_UNTAGGED: u8 = 2;
pub(crate) const DDP_T_INVALID_STAG: u8 = 0;
pub(crate) const DDP_T_BOUNDS: u8 = 1;
pub(crate) const DDP_UT_INVALID_QN: u8 = 1;
pub(crate) const DDP_UT_NO_BUFFER: u8 = 2;
pub(crate) const DDP_UT_MSN_RANGE: u8 = 3;
pub(crate) const DDP_UT_INVALID_MO: u8 = 4;
pub(crate) const DDP_UT_TOO_LONG: u8 = 5;
pub(crate) const RDMAP_INVALID_STAG: u8 = 0;
pub(crate) const RDMAP_BOUNDS: u8 = 1;
pub(crate) const RDMAP_RIGHTS: u8 = 2;
pub(crate) const RDMAP_OPCODE: u8 = 6;
pub(crate) const RDMAP_CANNOT_INVALIDATE: u8 = 9;
pub(crate) const RDMAP_UNSPECIFIED: u8 = 0xff;

/// One DDP segment as it arrived.
#[derive(Debug)]
pub(crate) struct InSeg {
    pub tagged: bool,
    pub last: bool,
    pub opcode: u8,
    /// Tagged: the STag. Untagged: the Invalidate STag of a Send with Invalidate.
    pub stag: u32,
    /// Tagged: the tagged offset.
    pub to: u64,
    pub qn: u32,
    pub msn: u32,
    pub mo: u32,
    pub data: Payload,
    /// The sender waits for this segment to be consumed before it completes the work
    /// request that carried it (its payload still lives in the sender's memory).
    pub ack: bool,
}

/// What a message carries: bytes of its own, or pieces of registered regions that the
/// wire copies straight into its frames.
pub(crate) enum Payload {
    Bytes(Vec<u8>),
    /// One piece of a registered region (the common case: no allocation to describe it).
    Region(Arc<RegBuf>, usize, usize),
    Regions(Vec<(Arc<RegBuf>, usize, usize)>),
}

impl std::fmt::Debug for Payload {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Payload({} bytes)", self.len())
    }
}

impl Payload {
    pub fn len(&self) -> usize {
        match self {
            Payload::Bytes(b) => b.len(),
            Payload::Region(_, _, n) => *n,
            Payload::Regions(r) => r.iter().map(|x| x.2).sum(),
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Whether the bytes are still in somebody's registered memory.
    pub fn borrowed(&self) -> bool {
        !matches!(self, Payload::Bytes(_))
    }
    /// The bytes, copied only when they are not already a vector (control messages).
    pub fn bytes(&self) -> std::borrow::Cow<'_, [u8]> {
        match self {
            Payload::Bytes(b) => std::borrow::Cow::Borrowed(b),
            p => {
                let mut v = Vec::with_capacity(p.len());
                p.copy_to(0, p.len(), &mut v);
                std::borrow::Cow::Owned(v)
            }
        }
    }
    /// Places the payload into `dst` at `off`: one copy, straight from where it lies.
    pub fn write_into(&self, dst: &RegBuf, mut off: usize) {
        match self {
            Payload::Bytes(b) => dst.write(off, b),
            Payload::Region(src, at, n) => dst.copy_from(off, src, *at, *n),
            Payload::Regions(r) => {
                for (src, at, n) in r {
                    dst.copy_from(off, src, *at, *n);
                    off += n;
                }
            }
        }
    }
    /// Appends `n` bytes from offset `off` of the payload to `out`.
    pub fn copy_to(&self, mut off: usize, mut n: usize, out: &mut Vec<u8>) {
        match self {
            Payload::Bytes(b) => out.extend_from_slice(&b[off..off + n]),
            Payload::Region(buf, start, len) => {
                let k = n.min(len.saturating_sub(off));
                let at = out.len();
                out.resize(at + k, 0);
                buf.read(start + off, &mut out[at..]);
            }
            Payload::Regions(r) => {
                for (buf, start, len) in r {
                    if n == 0 {
                        break;
                    }
                    if off >= *len {
                        off -= len;
                        continue;
                    }
                    let k = (len - off).min(n);
                    let at = out.len();
                    out.resize(at + k, 0);
                    buf.read(start + off, &mut out[at..]);
                    n -= k;
                    off = 0;
                }
            }
        }
    }
}

/// One RDMAP message to send; the wire cuts it into segments.
pub(crate) struct OutMsg {
    pub tagged: bool,
    pub opcode: u8,
    pub stag: u32,
    pub to: u64,
    pub qn: u32,
    pub msn: u32,
    pub data: Payload,
    /// The payload is a work request's: the wire may hold on to it instead of copying,
    /// and the request completes when the peer has it.
    pub track: bool,
}

pub(crate) enum WireEvent {
    Seg(InSeg),
    Established {
        private_data: Vec<u8>,
        ird: u16,
        ord: u16,
    },
    Rejected {
        private_data: Vec<u8>,
    },
    /// The peer consumed this many more of the segments whose completion waits on it.
    Delivered(usize),
    /// The stream ended or failed.
    Closed,
    /// The framing layer found an error it reports with a Terminate.
    Protocol {
        layer: u8,
        etype: u8,
        code: u8,
    },
}

pub(crate) trait Wire: Send {
    /// Takes a message to send. Returns whether its payload is done with (copied or owned):
    /// when not, the wire reports [`WireEvent::Delivered`] once the peer has consumed it,
    /// and only then may the work request that carried it complete.
    fn send(&mut self, m: OutMsg) -> bool;
    /// Takes back the payload of a segment the engine is done with (to reuse its buffer).
    fn recycle(&mut self, _p: Payload) {}
    /// Says that `n` received segments marked `ack` have been consumed.
    fn consumed(&mut self, _n: usize) {}
    /// Moves bytes both ways without blocking; returns whether anything moved.
    fn progress(&mut self, out: &mut Vec<WireEvent>) -> bool;
    /// Sends what is queued, then ends the stream.
    fn close(&mut self);
    /// Arms this side's wake-up (see [`QueuePair::wake`]).
    fn wake(&self) -> Option<Wake> {
        None
    }
    /// Bytes copied out of work requests and not yet written to the transport.
    fn unsent(&self) -> usize {
        0
    }
}

struct PendingRead {
    wr_id: u64,
    signaled: bool,
    sink_stag: u32,
    sink_addr: u64,
    len: u64,
    received: u64,
}

struct InSend {
    wr: RecvWr,
    buf: Arc<RegBuf>,
    off: usize,
    total: u64,
}

pub(crate) struct Engine<W: Wire> {
    qpn: u32,
    pd: Pd,
    cq: Cq,
    caps: QpCaps,
    pub(crate) wire: W,
    state: QpState,
    recv_q: VecDeque<RecvWr>,
    /// Where receives come from instead of `recv_q`, when attached to one.
    srq: Option<Srq>,
    in_send: Option<InSend>,
    expect_msn: [u32; 3],
    send_msn: [u32; 3],
    reads: VecDeque<PendingRead>,
    events: VecDeque<CmEvent>,
    pending: Vec<WireEvent>,
    ord: u16,
    /// Sends and RDMA Writes not yet completed, in order: those whose payload the wire
    /// still holds (`awaits`), and those behind them (completions keep posting order).
    inflight: VecDeque<Inflight>,
    /// Inside a progress call (`progressing`), completions gather in `batch` and enter the
    /// queue together at its end (one lock for what one call completes: a receive, the
    /// sends it answers).
    progressing: bool,
    batch: Vec<Completion>,
}

struct Inflight {
    wr_id: u64,
    opcode: WcOpcode,
    len: u64,
    signaled: bool,
    awaits: bool,
}

static NEXT_QPN: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);

impl<W: Wire> Engine<W> {
    pub fn new(wire: W, pd: &Pd, cq: &Cq, caps: QpCaps, connected: bool) -> Engine<W> {
        Engine {
            qpn: NEXT_QPN.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            pd: pd.clone(),
            cq: cq.clone(),
            caps,
            wire,
            state: if connected {
                QpState::Connected
            } else {
                QpState::Connecting
            },
            recv_q: VecDeque::new(),
            srq: None,
            progressing: false,
            batch: Vec::new(),
            in_send: None,
            expect_msn: [1; 3],
            send_msn: [1; 3],
            reads: VecDeque::new(),
            events: VecDeque::new(),
            pending: Vec::new(),
            ord: caps.ord,
            inflight: VecDeque::new(),
        }
    }

    /// The peer has consumed `n` more held payloads: their work requests complete, with
    /// those posted behind them.
    fn delivered(&mut self, n: usize) {
        for _ in 0..n {
            let Some(f) = self.inflight.pop_front() else {
                return;
            };
            debug_assert!(f.awaits);
            if f.signaled {
                self.complete(f.wr_id, WcStatus::Success, f.opcode, f.len, None);
            }
            while self.inflight.front().is_some_and(|f| !f.awaits) {
                let f = self.inflight.pop_front().unwrap();
                if f.signaled {
                    self.complete(f.wr_id, WcStatus::Success, f.opcode, f.len, None);
                }
            }
        }
    }

    /// Takes receives from `srq` from now on (before any is posted).
    pub fn attach_srq(&mut self, srq: &Srq) {
        self.srq = Some(srq.clone());
    }

    pub fn set_established(&mut self, ord: u16) {
        self.state = QpState::Connected;
        self.ord = ord.min(self.caps.ord).max(1);
    }

    fn complete(
        &mut self,
        wr_id: u64,
        status: WcStatus,
        opcode: WcOpcode,
        len: u64,
        inv: Option<u32>,
    ) {
        let c = Completion {
            wr_id,
            status,
            opcode,
            byte_len: len as u32,
            invalidated_rkey: inv,
            qp_num: self.qpn,
        };
        if self.progressing {
            self.batch.push(c);
        } else {
            self.cq.push(c);
        }
    }

    /// The queue pair leaves service: everything outstanding completes as flushed.
    fn go_error(&mut self, state: QpState) {
        if matches!(self.state, QpState::Error | QpState::Closed) {
            return;
        }
        self.state = state;
        if let Some(s) = self.in_send.take() {
            self.complete(s.wr.wr_id, WcStatus::Flushed, WcOpcode::Recv, 0, None);
        }
        while let Some(r) = self.reads.pop_front() {
            self.complete(r.wr_id, WcStatus::Flushed, WcOpcode::RdmaRead, 0, None);
        }
        while let Some(r) = self.recv_q.pop_front() {
            self.complete(r.wr_id, WcStatus::Flushed, WcOpcode::Recv, 0, None);
        }
        while let Some(f) = self.inflight.pop_front() {
            self.complete(f.wr_id, WcStatus::Flushed, f.opcode, 0, None);
        }
        self.wire.close();
        self.events.push_back(CmEvent::Disconnected);
    }

    /// Reports an error to the peer with a Terminate and stops.
    fn terminate(&mut self, layer: u8, etype: u8, code: u8) {
        if self.state != QpState::Connected {
            return;
        }
        let word = (layer as u32 & 0xf) << 28 | (etype as u32 & 0xf) << 24 | (code as u32) << 16;
        let msn = self.send_msn[QN_TERMINATE as usize];
        self.send_msn[QN_TERMINATE as usize] += 1;
        self.wire.send(OutMsg {
            tagged: false,
            opcode: OP_TERMINATE,
            stag: 0,
            to: 0,
            qn: QN_TERMINATE,
            msn,
            data: Payload::Bytes(word.to_be_bytes().to_vec()),
            track: false,
        });
        self.events.push_back(CmEvent::Terminated {
            layer,
            etype,
            code,
            by_peer: false,
        });
        self.go_error(QpState::Error);
    }

    fn peer_terminated(&mut self, data: &[u8]) {
        let word = if data.len() >= 4 {
            u32::from_be_bytes([data[0], data[1], data[2], data[3]])
        } else {
            0
        };
        let (layer, etype, code) = (
            (word >> 28) as u8,
            (word >> 24 & 0xf) as u8,
            (word >> 16) as u8,
        );
        self.events.push_back(CmEvent::Terminated {
            layer,
            etype,
            code,
            by_peer: true,
        });
        let status = match (layer, etype, code) {
            (LAYER_RDMAP, RDMAP_PROTECTION, _) | (LAYER_DDP, DDP_TAGGED, _) => {
                WcStatus::RemoteAccess
            }
            (LAYER_DDP, DDP_UNTAGGED, DDP_UT_NO_BUFFER) => WcStatus::ReceiverNotReady,
            _ => WcStatus::RemoteOperation,
        };
        // The oldest outstanding read is the request the peer refused, if any.
        if let Some(r) = self.reads.pop_front() {
            self.complete(r.wr_id, status, WcOpcode::RdmaRead, 0, None);
        }
        self.go_error(QpState::Error);
    }

    fn gather(&self, sge: &[Sge]) -> std::result::Result<Payload, ()> {
        let t = self.pd.table.lock();
        if let [s] = sge {
            let (buf, off) = t
                .resolve(s.lkey, s.addr, s.len as u64, Access::default())
                .map_err(|_| ())?;
            return Ok(Payload::Region(buf, off, s.len as usize));
        }
        let mut parts = Vec::with_capacity(sge.len());
        for s in sge {
            let (buf, off) = t
                .resolve(s.lkey, s.addr, s.len as u64, Access::default())
                .map_err(|_| ())?;
            parts.push((buf, off, s.len as usize));
        }
        Ok(Payload::Regions(parts))
    }

    fn local_error(&mut self, wr: &SendWr, opcode: WcOpcode) {
        self.complete(wr.wr_id, WcStatus::LocalProtection, opcode, 0, None);
        self.terminate(LAYER_RDMAP, RDMAP_CATASTROPHIC, RDMAP_UNSPECIFIED);
    }

    fn handle(&mut self, s: &InSeg) {
        if self.state != QpState::Connected {
            return;
        }
        if s.tagged {
            return self.handle_tagged(s);
        }
        let q = s.qn as usize;
        if q > 2 {
            return self.terminate(LAYER_DDP, DDP_UNTAGGED, DDP_UT_INVALID_QN);
        }
        if s.msn != self.expect_msn[q] {
            return self.terminate(LAYER_DDP, DDP_UNTAGGED, DDP_UT_MSN_RANGE);
        }
        match (s.qn, s.opcode) {
            (QN_SEND, OP_SEND | OP_SEND_INV | OP_SEND_SE | OP_SEND_SE_INV) => self.handle_send(s),
            (QN_READ, OP_READ_REQ) => {
                self.expect_msn[q] += 1;
                self.handle_read_request(&s.data.bytes())
            }
            (QN_TERMINATE, OP_TERMINATE) => {
                self.expect_msn[q] += 1;
                self.peer_terminated(&s.data.bytes())
            }
            _ => self.terminate(LAYER_RDMAP, RDMAP_OPERATION, RDMAP_OPCODE),
        }
    }

    fn handle_send(&mut self, s: &InSeg) {
        if self.in_send.is_none() {
            if s.mo != 0 {
                return self.terminate(LAYER_DDP, DDP_UNTAGGED, DDP_UT_INVALID_MO);
            }
            let wr = match &self.srq {
                Some(q) => q.take(),
                None => self.recv_q.pop_front(),
            };
            let Some(wr) = wr else {
                return self.terminate(LAYER_DDP, DDP_UNTAGGED, DDP_UT_NO_BUFFER);
            };
            let r = self.pd.table.lock().resolve(
                wr.sge.lkey,
                wr.sge.addr,
                wr.sge.len as u64,
                Access::LOCAL_WRITE,
            );
            match r {
                Ok((buf, off)) => {
                    self.in_send = Some(InSend {
                        wr,
                        buf,
                        off,
                        total: 0,
                    })
                }
                Err(_) => {
                    self.complete(wr.wr_id, WcStatus::LocalProtection, WcOpcode::Recv, 0, None);
                    return self.terminate(LAYER_RDMAP, RDMAP_CATASTROPHIC, RDMAP_UNSPECIFIED);
                }
            }
        }
        let cur = self.in_send.as_mut().unwrap();
        if s.mo as u64 != cur.total {
            return self.terminate(LAYER_DDP, DDP_UNTAGGED, DDP_UT_INVALID_MO);
        }
        if cur.total + s.data.len() as u64 > cur.wr.sge.len as u64 {
            let wr = self.in_send.take().unwrap().wr;
            self.complete(wr.wr_id, WcStatus::LocalLength, WcOpcode::Recv, 0, None);
            return self.terminate(LAYER_DDP, DDP_UNTAGGED, DDP_UT_TOO_LONG);
        }
        s.data.write_into(&cur.buf, cur.off + cur.total as usize);
        cur.total += s.data.len() as u64;
        if !s.last {
            return;
        }
        let done = self.in_send.take().unwrap();
        self.expect_msn[QN_SEND as usize] += 1;
        let mut inv = None;
        if s.opcode == OP_SEND_INV || s.opcode == OP_SEND_SE_INV {
            if !self.pd.invalidate(s.stag) {
                self.complete(
                    done.wr.wr_id,
                    WcStatus::RemoteOperation,
                    WcOpcode::Recv,
                    done.total,
                    None,
                );
                return self.terminate(LAYER_RDMAP, RDMAP_OPERATION, RDMAP_CANNOT_INVALIDATE);
            }
            inv = Some(s.stag);
        }
        self.complete(
            done.wr.wr_id,
            WcStatus::Success,
            WcOpcode::Recv,
            done.total,
            inv,
        );
    }

    fn handle_tagged(&mut self, s: &InSeg) {
        match s.opcode {
            OP_WRITE => {
                let r = self.pd.table.lock().resolve(
                    s.stag,
                    s.to,
                    s.data.len() as u64,
                    Access::REMOTE_WRITE,
                );
                match r {
                    Ok((buf, off)) => s.data.write_into(&buf, off),
                    Err(KeyError::Invalid) => {
                        self.terminate(LAYER_DDP, DDP_TAGGED, DDP_T_INVALID_STAG)
                    }
                    Err(KeyError::Bounds) => self.terminate(LAYER_DDP, DDP_TAGGED, DDP_T_BOUNDS),
                    Err(KeyError::Rights) => {
                        self.terminate(LAYER_RDMAP, RDMAP_PROTECTION, RDMAP_RIGHTS)
                    }
                }
            }
            OP_READ_RESP => {
                let Some(r) = self.reads.front_mut() else {
                    return self.terminate(LAYER_DDP, DDP_TAGGED, DDP_T_INVALID_STAG);
                };
                if s.stag != r.sink_stag {
                    return self.terminate(LAYER_DDP, DDP_TAGGED, DDP_T_INVALID_STAG);
                }
                let end = s.to.checked_add(s.data.len() as u64);
                if s.to != r.sink_addr + r.received || end.is_none_or(|e| e > r.sink_addr + r.len) {
                    return self.terminate(LAYER_DDP, DDP_TAGGED, DDP_T_BOUNDS);
                }
                let res = self.pd.table.lock().resolve(
                    s.stag,
                    s.to,
                    s.data.len() as u64,
                    Access::LOCAL_WRITE,
                );
                match res {
                    Ok((buf, off)) => s.data.write_into(&buf, off),
                    Err(_) => return self.terminate(LAYER_DDP, DDP_TAGGED, DDP_T_INVALID_STAG),
                }
                let r = self.reads.front_mut().unwrap();
                r.received += s.data.len() as u64;
                if s.last {
                    let r = self.reads.pop_front().unwrap();
                    if r.received != r.len {
                        return self.terminate(LAYER_DDP, DDP_TAGGED, DDP_T_BOUNDS);
                    }
                    if r.signaled {
                        self.complete(r.wr_id, WcStatus::Success, WcOpcode::RdmaRead, r.len, None);
                    }
                }
            }
            _ => self.terminate(LAYER_RDMAP, RDMAP_OPERATION, RDMAP_OPCODE),
        }
    }

    fn handle_read_request(&mut self, d: &[u8]) {
        if d.len() < 28 {
            return self.terminate(LAYER_RDMAP, RDMAP_OPERATION, RDMAP_UNSPECIFIED);
        }
        let be32 = |o: usize| u32::from_be_bytes(d[o..o + 4].try_into().unwrap());
        let be64 = |o: usize| u64::from_be_bytes(d[o..o + 8].try_into().unwrap());
        let (sink_stag, sink_to, size, src_stag, src_to) =
            (be32(0), be64(4), be32(12), be32(16), be64(20));
        let r = self
            .pd
            .table
            .lock()
            .resolve(src_stag, src_to, size as u64, Access::REMOTE_READ);
        match r {
            Ok((buf, off)) => {
                // The requester keeps this memory still until its read completes.
                let data = Payload::Region(buf, off, size as usize);
                self.wire.send(OutMsg {
                    tagged: true,
                    opcode: OP_READ_RESP,
                    stag: sink_stag,
                    to: sink_to,
                    qn: 0,
                    msn: 0,
                    data,
                    track: false,
                });
            }
            Err(KeyError::Invalid) => {
                self.terminate(LAYER_RDMAP, RDMAP_PROTECTION, RDMAP_INVALID_STAG)
            }
            Err(KeyError::Bounds) => self.terminate(LAYER_RDMAP, RDMAP_PROTECTION, RDMAP_BOUNDS),
            Err(KeyError::Rights) => self.terminate(LAYER_RDMAP, RDMAP_PROTECTION, RDMAP_RIGHTS),
        }
    }
}

impl<W: Wire> QueuePair for Engine<W> {
    fn qp_num(&self) -> u32 {
        self.qpn
    }

    fn unsent_bytes(&self) -> usize {
        self.wire.unsent()
    }

    fn wake(&self) -> Option<Wake> {
        self.wire.wake()
    }

    fn state(&self) -> QpState {
        self.state
    }

    fn post_recv(&mut self, wr: RecvWr) -> Result<()> {
        if self.srq.is_some() {
            return Err(Error::InvalidRequest(
                "the queue pair takes its receives from a shared receive queue".into(),
            ));
        }
        match self.state {
            QpState::Error | QpState::Closed => {
                self.complete(wr.wr_id, WcStatus::Flushed, WcOpcode::Recv, 0, None);
                Ok(())
            }
            _ if self.recv_q.len() >= self.caps.max_recv_wr => {
                Err(Error::InvalidRequest("receive queue full".into()))
            }
            _ => {
                self.recv_q.push_back(wr);
                Ok(())
            }
        }
    }

    fn post_send(&mut self, wr: SendWr) -> Result<()> {
        let opcode = match wr.op {
            SendOp::RdmaWrite { .. } => WcOpcode::RdmaWrite,
            SendOp::RdmaRead { .. } => WcOpcode::RdmaRead,
            _ => WcOpcode::Send,
        };
        match self.state {
            QpState::Connecting => return Err(Error::NotConnected),
            QpState::Error | QpState::Closed => {
                self.complete(wr.wr_id, WcStatus::Flushed, opcode, 0, None);
                return Ok(());
            }
            QpState::Connected => {}
        }
        if let SendOp::RdmaRead { remote_addr, rkey } = wr.op {
            if wr.sge.len() != 1 {
                return Err(Error::InvalidRequest(
                    "an RDMA Read takes one local element".into(),
                ));
            }
            if self.reads.len() >= self.ord as usize {
                return Err(Error::InvalidRequest(format!(
                    "more than {} RDMA Reads outstanding (ORD)",
                    self.ord
                )));
            }
            let s = wr.sge[0];
            if self
                .pd
                .table
                .lock()
                .resolve(s.lkey, s.addr, s.len as u64, Access::LOCAL_WRITE)
                .is_err()
            {
                self.local_error(&wr, opcode);
                return Ok(());
            }
            let mut d = Vec::with_capacity(28);
            d.extend_from_slice(&s.lkey.to_be_bytes());
            d.extend_from_slice(&s.addr.to_be_bytes());
            d.extend_from_slice(&s.len.to_be_bytes());
            d.extend_from_slice(&rkey.to_be_bytes());
            d.extend_from_slice(&remote_addr.to_be_bytes());
            let msn = self.send_msn[QN_READ as usize];
            self.send_msn[QN_READ as usize] += 1;
            self.reads.push_back(PendingRead {
                wr_id: wr.wr_id,
                signaled: wr.signaled,
                sink_stag: s.lkey,
                sink_addr: s.addr,
                len: s.len as u64,
                received: 0,
            });
            self.wire.send(OutMsg {
                tagged: false,
                opcode: OP_READ_REQ,
                stag: 0,
                to: 0,
                qn: QN_READ,
                msn,
                data: Payload::Bytes(d),
                track: false,
            });
            return Ok(());
        }
        let Ok(data) = self.gather(&wr.sge) else {
            self.local_error(&wr, opcode);
            return Ok(());
        };
        let len = data.len() as u64;
        let msg = match wr.op {
            SendOp::RdmaWrite { remote_addr, rkey } => OutMsg {
                tagged: true,
                opcode: OP_WRITE,
                stag: rkey,
                to: remote_addr,
                qn: 0,
                msn: 0,
                data,
                track: true,
            },
            op => {
                let (opcode, stag) = match op {
                    SendOp::SendWithInvalidate { rkey } => (OP_SEND_INV, rkey),
                    SendOp::SendWithSolicitedEvent => (OP_SEND_SE, 0),
                    _ => (OP_SEND, 0),
                };
                let msn = self.send_msn[QN_SEND as usize];
                self.send_msn[QN_SEND as usize] += 1;
                OutMsg {
                    tagged: false,
                    opcode,
                    stag,
                    to: 0,
                    qn: QN_SEND,
                    msn,
                    data,
                    track: true,
                }
            }
        };
        let done = self.wire.send(msg);
        if done && self.inflight.is_empty() {
            if wr.signaled {
                self.complete(wr.wr_id, WcStatus::Success, opcode, len, None);
            }
        } else {
            self.inflight.push_back(Inflight {
                wr_id: wr.wr_id,
                opcode,
                len,
                signaled: wr.signaled,
                awaits: !done,
            });
        }
        Ok(())
    }

    fn progress(&mut self) -> Result<bool> {
        self.progressing = true;
        let r = self.progress_inner();
        self.progressing = false;
        if !self.batch.is_empty() {
            self.cq.push_all(&mut self.batch);
        }
        r
    }

    fn poll_event(&mut self) -> Option<CmEvent> {
        self.events.pop_front()
    }

    fn disconnect(&mut self) {
        self.go_error(QpState::Closed);
    }
}

impl<W: Wire> Engine<W> {
    fn progress_inner(&mut self) -> Result<bool> {
        let mut evs = std::mem::take(&mut self.pending);
        let moved = self.wire.progress(&mut evs);
        let any = moved || !evs.is_empty();
        let mut acks = 0;
        for e in evs.drain(..) {
            match e {
                WireEvent::Seg(s) => {
                    acks += usize::from(s.ack);
                    self.handle(&s);
                    self.wire.recycle(s.data);
                }
                WireEvent::Delivered(n) => self.delivered(n),
                WireEvent::Established {
                    private_data,
                    ird,
                    ord,
                } => {
                    if self.state == QpState::Connecting {
                        // Our reads toward the peer are bounded by its IRD.
                        self.set_established(ird);
                        self.events.push_back(CmEvent::Established {
                            private_data,
                            ird,
                            ord,
                        });
                    }
                }
                WireEvent::Rejected { private_data } => {
                    self.state = QpState::Closed;
                    self.events.push_back(CmEvent::Rejected { private_data });
                }
                WireEvent::Closed => self.go_error(QpState::Closed),
                WireEvent::Protocol { layer, etype, code } => self.terminate(layer, etype, code),
            }
        }
        self.pending = evs;
        if acks > 0 {
            self.wire.consumed(acks);
        }
        Ok(any)
    }
}
