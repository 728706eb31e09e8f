//! A connected queue pair: work requests posted to the device, connection events
//! read from its own channel.

use super::*;

pub(super) struct VerbsQp {
    pub(super) id: *mut rdma_cm_id,
    pub(super) ch: Channel,
    pub(super) pd: Arc<HwPd>,
    pub(super) cq: Arc<HwCq>,
    /// The shared receive queue the queue pair takes its receives from, if any (kept
    /// alive until the queue pair is gone).
    pub(super) srq: Option<Arc<HwSrq>>,
    pub(super) state: QpState,
    pub(super) events: VecDeque<CmEvent>,
    pub(super) has_qp: bool,
    /// `progress` calls since the channel was last read (see there).
    pub(super) unchecked: u32,
    /// The owner armed the wake-up to sleep: the next `progress` reads the channel.
    pub(super) check_next: std::cell::Cell<bool>,
}

/// A connected queue pair's channel is read on every this many `progress` calls: each
/// read is a system call, and a worker calls `progress` for each of its connections on
/// every turn, where events (a disconnect) are rare and nothing waits on them (the
/// device flushes the queue pair's work on its own).
const EVENT_CHECK_EVERY: u32 = 64;
// SAFETY: a queue pair is driven by the one worker that owns it.
unsafe impl Send for VerbsQp {}

impl VerbsQp {
    pub(super) fn new(
        id: *mut rdma_cm_id,
        ch: Channel,
        pd: Arc<HwPd>,
        cq: Arc<HwCq>,
        state: QpState,
    ) -> VerbsQp {
        VerbsQp {
            id,
            ch,
            pd,
            cq,
            srq: None,
            state,
            events: VecDeque::new(),
            has_qp: false,
            unchecked: 0,
            check_next: std::cell::Cell::new(false),
        }
    }

    pub(super) fn create_qp(&mut self, caps: QpCaps) -> Result<()> {
        // SAFETY: ibv_qp_init_attr is plain data.
        let mut attr: ibv_qp_init_attr = unsafe { std::mem::zeroed() };
        attr.send_cq = self.cq.cq;
        attr.recv_cq = self.cq.cq;
        attr.qp_type = ibv_qp_type::IBV_QPT_RC;
        attr.sq_sig_all = 0;
        attr.cap.max_send_wr = caps.max_send_wr as u32;
        attr.cap.max_send_sge = MAX_SGE as u32;
        if let Some(q) = &self.srq {
            attr.srq = q.srq.cast();
        } else {
            attr.cap.max_recv_wr = caps.max_recv_wr as u32;
            attr.cap.max_recv_sge = 1;
        }
        // SAFETY: the id has a resolved route or came from a request.
        if unsafe { rdma_create_qp(self.id, self.pd.pd, &mut attr) } != 0 {
            return Err(os_err("rdma_create_qp"));
        }
        self.has_qp = true;
        Ok(())
    }

    pub(super) fn qp(&self) -> Result<*mut ibv_qp> {
        // SAFETY: the id is valid for the life of self.
        let qp = unsafe { (*self.id).qp };
        if qp.is_null() || matches!(self.state, QpState::Closed) {
            return Err(Error::NotConnected);
        }
        Ok(qp)
    }

    /// Waits (bounded) for one event during connection setup.
    pub(super) fn wait_event(&mut self, want: rdma_cm_event_type::Type) -> Result<()> {
        self.ch.wait(want)
    }
}

pub(super) const MAX_SGE: usize = 4;

impl Drop for VerbsQp {
    fn drop(&mut self) {
        // SAFETY: the QP (if any) and id are destroyed once, before the channel (field
        // order drops `ch` after this body runs).
        unsafe {
            if self.has_qp {
                rdma_destroy_qp(self.id);
            }
            rdma_destroy_id(self.id);
        }
    }
}

impl QueuePair for VerbsQp {
    /// The completion queue's channel, armed: a completion wakes the owner. Connection
    /// events are read at the first `progress` after each arming (a wake, or the owner's
    /// tick; a disconnect also flushes the queue pair's sends, which complete).
    fn wake(&self) -> Option<Wake> {
        self.check_next.set(true);
        self.cq.arm().map(|fd| Wake { fd, write: false })
    }

    fn qp_num(&self) -> u32 {
        // SAFETY: the id is valid; the QP may not exist yet.
        unsafe {
            let qp = (*self.id).qp;
            if qp.is_null() {
                0
            } else {
                (*qp).qp_num
            }
        }
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
        let qp = self.qp()?;
        // SAFETY: a live queue pair.
        post_one_recv(wr, "ibv_post_recv", |r, bad| unsafe {
            ibv_post_recv(qp, r, bad)
        })
    }

    fn post_send(&mut self, wr: SendWr) -> Result<()> {
        let qp = self.qp()?;
        if wr.sge.len() > MAX_SGE {
            return Err(Error::InvalidRequest(format!(
                "{} scatter/gather elements (at most {MAX_SGE})",
                wr.sge.len()
            )));
        }
        let mut sges = [ibv_sge {
            addr: 0,
            length: 0,
            lkey: 0,
        }; MAX_SGE];
        for (d, s) in sges.iter_mut().zip(&wr.sge) {
            *d = ibv_sge {
                addr: s.addr,
                length: s.len,
                lkey: s.lkey,
            };
        }
        // SAFETY: ibv_send_wr is plain data; the fields used below are set.
        let mut w: ibv_send_wr = unsafe { std::mem::zeroed() };
        w.wr_id = wr.wr_id;
        w.sg_list = sges.as_mut_ptr();
        w.num_sge = wr.sge.len() as i32;
        w.send_flags = if wr.signaled {
            ibv_send_flags::IBV_SEND_SIGNALED.0
        } else {
            0
        };
        match wr.op {
            SendOp::Send => w.opcode = ibv_wr_opcode::IBV_WR_SEND,
            SendOp::SendWithSolicitedEvent => {
                w.opcode = ibv_wr_opcode::IBV_WR_SEND;
                w.send_flags |= ibv_send_flags::IBV_SEND_SOLICITED.0;
            }
            SendOp::SendWithInvalidate { rkey } => {
                w.opcode = ibv_wr_opcode::IBV_WR_SEND_WITH_INV;
                w.invalidate_rkey = rkey;
            }
            SendOp::RdmaWrite { remote_addr, rkey } => {
                w.opcode = ibv_wr_opcode::IBV_WR_RDMA_WRITE;
                (w.remote_addr, w.rkey) = (remote_addr, rkey);
            }
            SendOp::RdmaRead { remote_addr, rkey } => {
                w.opcode = ibv_wr_opcode::IBV_WR_RDMA_READ;
                (w.remote_addr, w.rkey) = (remote_addr, rkey);
            }
        }
        let mut bad = std::ptr::null_mut();
        // SAFETY: the request and its SGEs live across the call (the device copies them).
        let rc = unsafe { ibv_post_send(qp, &mut w, &mut bad) };
        if rc != 0 {
            return Err(Error::InvalidRequest(format!(
                "ibv_post_send: {}",
                std::io::Error::from_raw_os_error(rc)
            )));
        }
        Ok(())
    }

    fn progress(&mut self) -> Result<bool> {
        if self.state == QpState::Connected && !self.check_next.replace(false) {
            self.unchecked += 1;
            if self.unchecked < EVENT_CHECK_EVERY {
                return Ok(false);
            }
        }
        self.unchecked = 0;
        let mut any = false;
        while let Some(e) = self.ch.next() {
            any = true;
            use rdma_cm_event_type::*;
            match e.kind {
                RDMA_CM_EVENT_ESTABLISHED => {
                    self.state = QpState::Connected;
                    self.events.push_back(CmEvent::Established {
                        private_data: e.private_data,
                        ird: e.ird,
                        ord: e.ord,
                    });
                }
                RDMA_CM_EVENT_REJECTED => {
                    self.state = QpState::Error;
                    self.events.push_back(CmEvent::Rejected {
                        private_data: e.private_data,
                    });
                }
                RDMA_CM_EVENT_DISCONNECTED
                | RDMA_CM_EVENT_CONNECT_ERROR
                | RDMA_CM_EVENT_UNREACHABLE
                | RDMA_CM_EVENT_DEVICE_REMOVAL => {
                    // An orderly close of an established connection ends Closed; a
                    // failure to connect or a lost device ends in Error.
                    self.state = match (e.kind, self.state) {
                        (RDMA_CM_EVENT_DISCONNECTED, QpState::Connected | QpState::Closed) => {
                            QpState::Closed
                        }
                        _ => QpState::Error,
                    };
                    // SAFETY: moves the QP to error so outstanding requests flush.
                    unsafe { rdma_disconnect(self.id) };
                    self.events.push_back(CmEvent::Disconnected);
                }
                _ => {}
            }
        }
        Ok(any)
    }

    fn poll_event(&mut self) -> Option<CmEvent> {
        self.events.pop_front()
    }

    fn disconnect(&mut self) {
        if matches!(self.state, QpState::Connected | QpState::Connecting) {
            // SAFETY: the id is valid; outstanding requests complete as flushed.
            unsafe { rdma_disconnect(self.id) };
            self.state = QpState::Closed;
        }
    }
}
