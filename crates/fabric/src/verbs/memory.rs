//! Protection domains with their registered regions, and device completion queues
//! mapped to the crate's completions.

use super::*;

/// A device's protection domain and the regions registered in it.
pub(crate) struct HwPd {
    pub(super) pd: *mut ibv_pd,
    pub(super) mrs: Mutex<HashMap<u32, (usize, Arc<RegBuf>)>>,
}
// SAFETY: ibv_pd and ibv_mr handles may be used from any thread (rdma-core locks inside).
unsafe impl Send for HwPd {}
unsafe impl Sync for HwPd {}

impl HwPd {
    pub(crate) fn register(&self, buf: Arc<RegBuf>, access: Access) -> Option<(u32, u32)> {
        let mut flags = 0u32;
        if access.contains(Access::LOCAL_WRITE)
            || access.contains(Access::REMOTE_WRITE)
            || access.contains(Access::REMOTE_READ)
        {
            // Remote write requires local write; reads into the region need it too.
            flags |= ibv_access_flags::IBV_ACCESS_LOCAL_WRITE.0;
        }
        if access.contains(Access::REMOTE_WRITE) {
            flags |= ibv_access_flags::IBV_ACCESS_REMOTE_WRITE.0;
        }
        if access.contains(Access::REMOTE_READ) {
            flags |= ibv_access_flags::IBV_ACCESS_REMOTE_READ.0;
        }
        // SAFETY: the buffer stays alive (kept in `mrs`) until the region is deregistered.
        let mr = unsafe { ibv_reg_mr(self.pd, buf.addr() as *mut c_void, buf.len(), flags as i32) };
        if mr.is_null() {
            return None;
        }
        // SAFETY: a non-null region returned by ibv_reg_mr.
        let (lkey, rkey) = unsafe { ((*mr).lkey, (*mr).rkey) };
        self.mrs.lock().insert(lkey, (mr as usize, buf));
        Some((lkey, rkey))
    }

    pub(crate) fn deregister(&self, lkey: u32) {
        if let Some((mr, _buf)) = self.mrs.lock().remove(&lkey) {
            // SAFETY: registered above and removed from the table once.
            unsafe { ibv_dereg_mr(mr as *mut ibv_mr) };
        }
    }
}

impl Drop for HwPd {
    fn drop(&mut self) {
        for (_, (mr, _)) in self.mrs.lock().drain() {
            // SAFETY: each region is deregistered once, before the domain.
            unsafe { ibv_dereg_mr(mr as *mut ibv_mr) };
        }
        // SAFETY: every queue pair holds an Arc to this domain, so none is left.
        unsafe { ibv_dealloc_pd(self.pd) };
    }
}

/// A device completion queue, with the completion channel that wakes its owner (None
/// when the device would not make one: the owner then polls at intervals).
pub(crate) struct HwCq {
    pub(super) cq: *mut ibv_cq,
    pub(super) channel: *mut ibv_comp_channel,
}
// SAFETY: polling a CQ is thread-safe in rdma-core (it locks per CQ).
unsafe impl Send for HwCq {}
unsafe impl Sync for HwCq {}

impl HwCq {
    pub(crate) fn capacity(&self) -> usize {
        // SAFETY: a live queue; cqe is set by rdma-core at creation.
        unsafe { (*self.cq).cqe.max(0) as usize }
    }
}

impl Drop for HwCq {
    fn drop(&mut self) {
        // (Every event taken must be acknowledged before the queue goes.)
        self.take_events();
        // SAFETY: every queue pair holds an Arc to this queue, so none is left on it;
        // the channel outlives its queue.
        unsafe {
            ibv_destroy_cq(self.cq);
            if !self.channel.is_null() {
                ibv_destroy_comp_channel(self.channel);
            }
        }
    }
}

/// Posts one receive of one SGE through `post` (a queue pair's or a shared receive
/// queue's operation): the work request and its SGE live across the call, which is
/// all the device needs (it copies them).
pub(super) fn post_one_recv(
    wr: RecvWr,
    what: &str,
    post: impl FnOnce(*mut ibv_recv_wr, *mut *mut ibv_recv_wr) -> i32,
) -> Result<()> {
    let mut sge = ibv_sge {
        addr: wr.sge.addr,
        length: wr.sge.len,
        lkey: wr.sge.lkey,
    };
    let mut r = ibv_recv_wr {
        wr_id: wr.wr_id,
        next: std::ptr::null_mut(),
        sg_list: &mut sge,
        num_sge: 1,
    };
    let mut bad = std::ptr::null_mut();
    let rc = post(&mut r, &mut bad);
    if rc != 0 {
        return Err(Error::InvalidRequest(format!(
            "{what}: {}",
            std::io::Error::from_raw_os_error(rc)
        )));
    }
    Ok(())
}

/// A device shared receive queue, in the domain it keeps alive.
pub(crate) struct HwSrq {
    pub(super) srq: *mut ibv_srq,
    pub(super) pd: Arc<HwPd>,
    pub(super) capacity: usize,
}
// SAFETY: posting to an SRQ is thread-safe in rdma-core (it locks per queue).
unsafe impl Send for HwSrq {}
unsafe impl Sync for HwSrq {}

impl HwSrq {
    pub(crate) fn capacity(&self) -> usize {
        self.capacity
    }

    pub(crate) fn post_recv(&self, wr: RecvWr) -> Result<()> {
        // SAFETY: a live queue.
        post_one_recv(wr, "ibv_post_srq_recv", |r, bad| unsafe {
            ibv_post_srq_recv(self.srq, r, bad)
        })
    }
}

impl Drop for HwSrq {
    fn drop(&mut self) {
        // SAFETY: every queue pair attached holds an Arc to this queue, so none is left
        // on it; the domain outlives it (held here).
        unsafe { ibv_destroy_srq(self.srq) };
    }
}

pub(super) fn wc_status(s: ibv_wc_status::Type) -> WcStatus {
    use ibv_wc_status::*;
    match s {
        IBV_WC_SUCCESS => WcStatus::Success,
        IBV_WC_LOC_LEN_ERR => WcStatus::LocalLength,
        IBV_WC_LOC_PROT_ERR | IBV_WC_LOC_ACCESS_ERR | IBV_WC_LOC_QP_OP_ERR => {
            WcStatus::LocalProtection
        }
        IBV_WC_REM_ACCESS_ERR => WcStatus::RemoteAccess,
        IBV_WC_WR_FLUSH_ERR => WcStatus::Flushed,
        IBV_WC_RNR_RETRY_EXC_ERR => WcStatus::ReceiverNotReady,
        _ => WcStatus::RemoteOperation,
    }
}

pub(super) fn wc_opcode(o: ibv_wc_opcode::Type) -> WcOpcode {
    use ibv_wc_opcode::*;
    match o {
        IBV_WC_RDMA_WRITE => WcOpcode::RdmaWrite,
        IBV_WC_RDMA_READ => WcOpcode::RdmaRead,
        IBV_WC_RECV | IBV_WC_RECV_RDMA_WITH_IMM => WcOpcode::Recv,
        _ => WcOpcode::Send,
    }
}

impl HwCq {
    /// Takes the events the channel holds (its descriptor is non-blocking) and
    /// acknowledges them.
    fn take_events(&self) {
        if self.channel.is_null() {
            return;
        }
        let mut n = 0u32;
        loop {
            let (mut cq, mut ctx) = (std::ptr::null_mut(), std::ptr::null_mut());
            // SAFETY: a live channel; the call fails with EAGAIN when it holds nothing.
            if unsafe { ibv_get_cq_event(self.channel, &mut cq, &mut ctx) } != 0 {
                break;
            }
            n += 1;
        }
        if n > 0 {
            // SAFETY: the events just taken were this queue's (its channel is its own).
            unsafe { ibv_ack_cq_events(self.cq, n) };
        }
    }

    /// Arms the queue's notification for an owner about to sleep: the channel's
    /// descriptor becomes readable at the next completion. None without a channel.
    pub(crate) fn arm(&self) -> Option<std::os::fd::RawFd> {
        if self.channel.is_null() {
            return None;
        }
        self.take_events();
        // SAFETY: a live queue.
        if unsafe { ibv_req_notify_cq(self.cq, 0) } != 0 {
            return None;
        }
        // SAFETY: a live channel.
        Some(unsafe { (*self.channel).fd })
    }

    /// Polls up to `max` completions. As in verbs, the opcode of a failed completion is
    /// not reported by the device; it is given as `Send` and callers go by `wr_id`.
    pub(crate) fn poll(&self, out: &mut Vec<Completion>, max: usize) -> usize {
        const BATCH: usize = 32;
        let mut total = 0;
        while total < max {
            let want = (max - total).min(BATCH);
            // SAFETY: ibv_wc is plain data; the device fills `n` entries.
            let mut wcs: [ibv_wc; BATCH] = unsafe { std::mem::zeroed() };
            let n = unsafe { ibv_poll_cq(self.cq, want as i32, wcs.as_mut_ptr()) };
            if n <= 0 {
                break;
            }
            for wc in &wcs[..n as usize] {
                let status = wc_status(wc.status);
                let ok = status == WcStatus::Success;
                let invalidated = ok && wc.wc_flags & ibv_wc_flags::IBV_WC_WITH_INV.0 != 0;
                out.push(Completion {
                    wr_id: wc.wr_id,
                    status,
                    opcode: if ok {
                        wc_opcode(wc.opcode)
                    } else {
                        WcOpcode::Send
                    },
                    byte_len: wc.byte_len,
                    // SAFETY: the union holds the invalidated key when WITH_INV is set.
                    invalidated_rkey: if invalidated {
                        Some(wc.invalidated_rkey)
                    } else {
                        None
                    },
                    qp_num: wc.qp_num,
                });
            }
            total += n as usize;
            if (n as usize) < want {
                break;
            }
        }
        total
    }
}

/// Keeps `Mr` keys in step with the device: used by [`Pd::register`].
pub(crate) fn register(hw: &HwPd, buf: Arc<RegBuf>, access: Access) -> Option<Mr> {
    let (lkey, rkey) = hw.register(buf.clone(), access)?;
    Some(Mr {
        lkey,
        rkey,
        buf,
        access,
    })
}
