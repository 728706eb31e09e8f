//! The verbs provider: rdma-core (libibverbs, librdmacm), loaded at run time (see
//! `verbs_sys`), for RoCE, InfiniBand and iWARP NICs and for rxe/siw where a host loads
//! them.
//!
//! Connections go through rdma_cm on non-blocking event channels (one for a listener,
//! one per queue pair, so that a queue pair's events reach the worker that owns it);
//! data goes through ibv_post_send/ibv_post_recv and ibv_poll_cq. [`VerbsFabric::pd`] and
//! [`VerbsFabric::cq`] hand out the crate's [`Pd`] and [`Cq`] backed by the device's
//! protection domain and completion queue, so the code above the fabric is the same for
//! every provider.
//!
//! Memory is registered with ibv_reg_mr. A plain memory region cannot be invalidated by a
//! peer's Send With Invalidate (that takes a memory window or a fast-registered region,
//! which userspace verbs only offers through memory-window binding): the server role of
//! SMB Direct never needs it (it is the client's key that a server invalidates), so this
//! provider serves SMB Direct; a client on verbs would see its exposed keys stay valid.

use crate::verbs_sys::*;
use crate::{
    Access, CmEvent, Completion, ConnRequest, Cq, Error, Listener, Mr, Pd, QpCaps, QpState,
    QueuePair, RecvWr, RegBuf, Result, SendOp, SendWr, WcOpcode, WcStatus,
};
use parking_lot::Mutex;
use std::collections::{HashMap, VecDeque};
use std::ffi::CStr;
use std::net::SocketAddr;
use std::os::raw::c_void;
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceInfo {
    pub name: String,
    /// "InfiniBand channel adapter", "iWARP RNIC", ... as rdma-core names the node type.
    pub node_type: String,
}

/// The RDMA devices rdma-core sees on this host.
pub fn devices() -> Result<Vec<DeviceInfo>> {
    load().map_err(Error::Unavailable)?;
    let mut n: i32 = 0;
    // SAFETY: plain rdma-core calls; the list is freed below and its entries are only
    // read while it is alive.
    unsafe {
        let list = ibv_get_device_list(&mut n);
        if list.is_null() {
            let e = std::io::Error::last_os_error();
            return Err(Error::Unavailable(format!(
                "rdma-core cannot list devices ({e}); is the RDMA subsystem loaded?"
            )));
        }
        let mut out = Vec::new();
        for i in 0..n.max(0) as usize {
            let dev = *list.add(i);
            if dev.is_null() {
                break;
            }
            out.push(DeviceInfo {
                name: cstr(ibv_get_device_name(dev)),
                node_type: cstr(ibv_node_type_str((*dev).node_type)),
            });
        }
        ibv_free_device_list(list);
        Ok(out)
    }
}

/// # Safety
/// `p` is null or a NUL-terminated string.
unsafe fn cstr(p: *const std::os::raw::c_char) -> String {
    if p.is_null() {
        String::from("?")
    } else {
        CStr::from_ptr(p).to_string_lossy().into_owned()
    }
}

fn os_err(what: &str) -> Error {
    let e = std::io::Error::last_os_error();
    Error::Io(std::io::Error::new(e.kind(), format!("{what}: {e}")))
}

/// The device context librdmacm uses for one device (rdma_get_devices hands out the
/// contexts its connection ids bind to, so a domain allocated on it fits their QPs).
struct Ctx(*mut ibv_context);
// SAFETY: rdma-core contexts are thread-safe; the list owning it lives for the process.
unsafe impl Send for Ctx {}
unsafe impl Sync for Ctx {}

/// A device's protection domain and the regions registered in it.
pub(crate) struct HwPd {
    pd: *mut ibv_pd,
    mrs: Mutex<HashMap<u32, (usize, Arc<RegBuf>)>>,
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

/// A device completion queue.
pub(crate) struct HwCq {
    cq: *mut ibv_cq,
}
// SAFETY: polling a CQ is thread-safe in rdma-core (it locks per CQ).
unsafe impl Send for HwCq {}
unsafe impl Sync for HwCq {}

impl Drop for HwCq {
    fn drop(&mut self) {
        // SAFETY: every queue pair holds an Arc to this queue, so none is left on it.
        unsafe { ibv_destroy_cq(self.cq) };
    }
}

fn wc_status(s: ibv_wc_status::Type) -> WcStatus {
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

fn wc_opcode(o: ibv_wc_opcode::Type) -> WcOpcode {
    use ibv_wc_opcode::*;
    match o {
        IBV_WC_RDMA_WRITE => WcOpcode::RdmaWrite,
        IBV_WC_RDMA_READ => WcOpcode::RdmaRead,
        IBV_WC_RECV | IBV_WC_RECV_RDMA_WITH_IMM => WcOpcode::Recv,
        _ => WcOpcode::Send,
    }
}

impl HwCq {
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

/// A verbs fabric on one device.
pub struct VerbsFabric {
    pub device: DeviceInfo,
    pub caps: QpCaps,
    ctx: Ctx,
    list: *mut *mut ibv_context,
}
// SAFETY: see Ctx; the list is only freed on drop.
unsafe impl Send for VerbsFabric {}
unsafe impl Sync for VerbsFabric {}

impl std::fmt::Debug for VerbsFabric {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VerbsFabric")
            .field("device", &self.device)
            .finish()
    }
}

impl Drop for VerbsFabric {
    fn drop(&mut self) {
        // SAFETY: the list came from rdma_get_devices; domains and queues made from its
        // contexts keep working (librdmacm keeps the devices open for the process).
        unsafe { rdma_free_devices(self.list) };
    }
}

impl VerbsFabric {
    /// Opens `name`, or the first device when `None`.
    pub fn open(name: Option<&str>) -> Result<VerbsFabric> {
        let devs = devices()?;
        if devs.is_empty() {
            return Err(Error::Unavailable(
                "no RDMA device present (rdma-core lists none); use the iwarp provider".into(),
            ));
        }
        let mut n = 0;
        // SAFETY: rdma_get_devices returns a NULL-terminated array or null.
        let list = unsafe { rdma_get_devices(&mut n) };
        if list.is_null() || n <= 0 {
            return Err(Error::Unavailable(
                "rdma_cm sees no RDMA device (is rdma_ucm loaded?)".into(),
            ));
        }
        let mut found = None;
        for i in 0..n as usize {
            // SAFETY: i < n entries; each context names its device.
            let (ctx, dname) = unsafe {
                let c = *list.add(i);
                (c, cstr(ibv_get_device_name((*c).device)))
            };
            if name.is_none_or(|want| want == dname) {
                found = Some((ctx, dname));
                break;
            }
        }
        let Some((ctx, dname)) = found else {
            // SAFETY: from rdma_get_devices above.
            unsafe { rdma_free_devices(list) };
            return Err(Error::Unavailable(format!(
                "no RDMA device named {}",
                name.unwrap_or("?")
            )));
        };
        let device = devs
            .into_iter()
            .find(|d| d.name == dname)
            .unwrap_or(DeviceInfo {
                name: dname,
                node_type: "unknown".into(),
            });
        Ok(VerbsFabric {
            device,
            caps: QpCaps::default(),
            ctx: Ctx(ctx),
            list,
        })
    }

    /// The fabric on the device that carries `addr` as rdma_cm resolves it: for a local
    /// address (a listener's), the device it is bound to; for a peer's, the device the
    /// route to it leaves by. (A host with several RDMA devices needs the right one: a
    /// queue pair only takes a protection domain and completion queue of its own
    /// device.) A wildcard local address takes the first device.
    pub fn open_for(addr: SocketAddr, peer: bool) -> Result<VerbsFabric> {
        load().map_err(Error::Unavailable)?;
        let ch = Channel::new()?;
        let id = ch.create_id()?;
        // (A local address is bound on any port: the listener takes the real one next.)
        let mut a = addr;
        if !peer {
            a.set_port(0);
        }
        let mut sa = SockAddr::from(a);
        // SAFETY: a new id and a well-formed address; the id is destroyed below.
        let found = unsafe {
            if peer {
                if rdma_resolve_addr(id, std::ptr::null_mut(), sa.as_mut_ptr(), 2000) != 0 {
                    Err(os_err("rdma_resolve_addr"))
                } else {
                    ch.wait(rdma_cm_event_type::RDMA_CM_EVENT_ADDR_RESOLVED)
                        .map(|_| (*id).verbs)
                }
            } else if rdma_bind_addr(id, sa.as_mut_ptr()) != 0 {
                Err(os_err("rdma_bind_addr"))
            } else {
                Ok((*id).verbs)
            }
        };
        let name = match found {
            // SAFETY: a context rdma_cm chose names its device.
            Ok(ctx) if !ctx.is_null() => Some(unsafe { cstr(ibv_get_device_name((*ctx).device)) }),
            Ok(_) => None,
            Err(e) => {
                // SAFETY: created above, no QP.
                unsafe { rdma_destroy_id(id) };
                return Err(e);
            }
        };
        // SAFETY: created above, no QP.
        unsafe { rdma_destroy_id(id) };
        VerbsFabric::open(name.as_deref())
    }

    /// A protection domain on this device.
    pub fn pd(&self) -> Result<Pd> {
        // SAFETY: a valid context.
        let pd = unsafe { ibv_alloc_pd(self.ctx.0) };
        if pd.is_null() {
            return Err(os_err("ibv_alloc_pd"));
        }
        Ok(Pd::with_hw(Arc::new(HwPd {
            pd,
            mrs: Mutex::new(HashMap::new()),
        })))
    }

    /// A completion queue with room for `entries` completions.
    pub fn cq(&self, entries: usize) -> Result<Cq> {
        // SAFETY: a valid context; no completion channel (the owner polls).
        let cq = unsafe {
            ibv_create_cq(
                self.ctx.0,
                entries.clamp(1, i32::MAX as usize) as i32,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                0,
            )
        };
        if cq.is_null() {
            return Err(os_err("ibv_create_cq"));
        }
        Ok(Cq::with_hw(Arc::new(HwCq { cq })))
    }

    pub fn listen(&self, addr: SocketAddr) -> Result<Box<dyn Listener>> {
        let ch = Channel::new()?;
        let id = ch.create_id()?;
        let mut sa = SockAddr::from(addr);
        // SAFETY: id is valid; the address is a properly sized sockaddr.
        if unsafe { rdma_bind_addr(id, sa.as_mut_ptr()) } != 0 {
            let e = os_err("rdma_bind_addr");
            // SAFETY: id created above, no QP.
            unsafe { rdma_destroy_id(id) };
            return Err(e);
        }
        // SAFETY: bound id.
        if unsafe { rdma_listen(id, 64) } != 0 {
            let e = os_err("rdma_listen");
            unsafe { rdma_destroy_id(id) };
            return Err(e);
        }
        let mut addr = addr;
        // SAFETY: a bound id; the port is in network order.
        addr.set_port(u16::from_be(unsafe { rdma_get_src_port(id) }));
        Ok(Box::new(VerbsListener {
            id,
            ch,
            addr,
            caps: self.caps,
        }))
    }

    /// Resolves the address and route (a bounded blocking step, like the TCP handshake of
    /// the iwarp provider), creates the queue pair and starts the connection; the answer
    /// arrives as [`CmEvent::Established`] or [`CmEvent::Rejected`] from `progress`.
    pub fn connect(
        &self,
        addr: SocketAddr,
        pd: &Pd,
        cq: &Cq,
        private_data: &[u8],
        ird: u16,
        ord: u16,
    ) -> Result<Box<dyn QueuePair>> {
        let (hpd, hcq) = hw_parts(pd, cq)?;
        if private_data.len() > 56 {
            return Err(Error::InvalidRequest("private data too long".into()));
        }
        let ch = Channel::new()?;
        let id = ch.create_id()?;
        let mut qp = VerbsQp::new(id, ch, hpd, hcq, QpState::Connecting);
        let mut sa = SockAddr::from(addr);
        // SAFETY: valid id and address.
        if unsafe { rdma_resolve_addr(id, std::ptr::null_mut(), sa.as_mut_ptr(), 2000) } != 0 {
            return Err(os_err("rdma_resolve_addr"));
        }
        qp.wait_event(rdma_cm_event_type::RDMA_CM_EVENT_ADDR_RESOLVED)?;
        // SAFETY: address resolved.
        if unsafe { rdma_resolve_route(id, 2000) } != 0 {
            return Err(os_err("rdma_resolve_route"));
        }
        qp.wait_event(rdma_cm_event_type::RDMA_CM_EVENT_ROUTE_RESOLVED)?;
        qp.create_qp(self.caps)?;
        let mut param = conn_param(private_data, ird, ord);
        // SAFETY: route resolved and QP created; the private data outlives the call.
        if unsafe { rdma_connect(id, &mut param) } != 0 {
            return Err(os_err("rdma_connect"));
        }
        Ok(Box::new(qp))
    }
}

fn hw_parts(pd: &Pd, cq: &Cq) -> Result<(Arc<HwPd>, Arc<HwCq>)> {
    match (pd.hw.clone(), cq.hw.clone()) {
        (Some(p), Some(c)) => Ok((p, c)),
        _ => Err(Error::InvalidRequest(
            "the verbs provider needs a Pd and Cq from VerbsFabric::pd/cq".into(),
        )),
    }
}

fn conn_param(private_data: &[u8], ird: u16, ord: u16) -> rdma_conn_param {
    rdma_conn_param {
        private_data: private_data.as_ptr() as *const c_void,
        private_data_len: private_data.len() as u8,
        responder_resources: ird.min(255) as u8,
        initiator_depth: ord.min(255) as u8,
        flow_control: 1,
        retry_count: 7,
        rnr_retry_count: 7,
        srq: 0,
        qp_num: 0,
    }
}

/// A sockaddr_in or sockaddr_in6 for rdma_cm.
struct SockAddr(libc::sockaddr_storage);

impl From<SocketAddr> for SockAddr {
    fn from(a: SocketAddr) -> SockAddr {
        // SAFETY: sockaddr_storage is plain data and large enough for either family.
        let mut s: libc::sockaddr_storage = unsafe { std::mem::zeroed() };
        match a {
            SocketAddr::V4(v4) => {
                let sin = libc::sockaddr_in {
                    sin_family: libc::AF_INET as libc::sa_family_t,
                    sin_port: v4.port().to_be(),
                    sin_addr: libc::in_addr {
                        s_addr: u32::from(*v4.ip()).to_be(),
                    },
                    sin_zero: [0; 8],
                };
                // SAFETY: sockaddr_in fits in sockaddr_storage.
                unsafe { std::ptr::write(&mut s as *mut _ as *mut libc::sockaddr_in, sin) };
            }
            SocketAddr::V6(v6) => {
                let sin6 = libc::sockaddr_in6 {
                    sin6_family: libc::AF_INET6 as libc::sa_family_t,
                    sin6_port: v6.port().to_be(),
                    sin6_flowinfo: v6.flowinfo(),
                    sin6_addr: libc::in6_addr {
                        s6_addr: v6.ip().octets(),
                    },
                    sin6_scope_id: v6.scope_id(),
                };
                // SAFETY: sockaddr_in6 fits in sockaddr_storage.
                unsafe { std::ptr::write(&mut s as *mut _ as *mut libc::sockaddr_in6, sin6) };
            }
        }
        SockAddr(s)
    }
}

impl SockAddr {
    fn as_mut_ptr(&mut self) -> *mut libc::sockaddr {
        &mut self.0 as *mut _ as *mut libc::sockaddr
    }
}

/// A non-blocking rdma_cm event channel.
struct Channel(*mut rdma_event_channel);
// SAFETY: an event channel is a file descriptor; one owner reads it at a time.
unsafe impl Send for Channel {}

impl Channel {
    fn new() -> Result<Channel> {
        // SAFETY: plain constructor.
        let ch = unsafe { rdma_create_event_channel() };
        if ch.is_null() {
            return Err(os_err("rdma_create_event_channel"));
        }
        // SAFETY: the channel's descriptor is valid.
        unsafe {
            let fd = (*ch).fd;
            let fl = libc::fcntl(fd, libc::F_GETFL);
            libc::fcntl(fd, libc::F_SETFL, fl | libc::O_NONBLOCK);
        }
        Ok(Channel(ch))
    }

    fn create_id(&self) -> Result<*mut rdma_cm_id> {
        let mut id = std::ptr::null_mut();
        // SAFETY: valid channel.
        if unsafe {
            rdma_create_id(
                self.0,
                &mut id,
                std::ptr::null_mut(),
                rdma_port_space::RDMA_PS_TCP,
            )
        } != 0
        {
            return Err(os_err("rdma_create_id"));
        }
        Ok(id)
    }

    /// Waits (bounded) for one event, which must be `want` with status 0.
    fn wait(&self, want: rdma_cm_event_type::Type) -> Result<()> {
        let end = Instant::now() + Duration::from_secs(5);
        loop {
            if let Some(e) = self.next() {
                if e.kind == want && e.status == 0 {
                    return Ok(());
                }
                // SAFETY: event_str returns a static string.
                let name = unsafe { cstr(rdma_event_str(e.kind)) };
                return Err(Error::Protocol(format!(
                    "connection setup failed: {name} (status {})",
                    e.status
                )));
            }
            if Instant::now() >= end {
                return Err(Error::Protocol("connection setup timed out".into()));
            }
            let mut p = libc::pollfd {
                // SAFETY: the channel is valid.
                fd: unsafe { (*self.0).fd },
                events: libc::POLLIN,
                revents: 0,
            };
            // SAFETY: one pollfd.
            unsafe { libc::poll(&mut p, 1, 50) };
        }
    }

    /// The next event, if one is waiting: (type, status, private data, ird, ord, id).
    fn next(&self) -> Option<Event> {
        let mut ev = std::ptr::null_mut();
        // SAFETY: non-blocking read of the channel; the event is copied and acked.
        unsafe {
            if rdma_get_cm_event(self.0, &mut ev) != 0 || ev.is_null() {
                return None;
            }
            let e = &*ev;
            let conn = &e.conn;
            let private_data = if conn.private_data.is_null() {
                Vec::new()
            } else {
                std::slice::from_raw_parts(
                    conn.private_data as *const u8,
                    conn.private_data_len as usize,
                )
                .to_vec()
            };
            let out = Event {
                kind: e.event,
                status: e.status,
                private_data,
                ird: conn.responder_resources as u16,
                ord: conn.initiator_depth as u16,
                id: e.id,
            };
            rdma_ack_cm_event(ev);
            Some(out)
        }
    }
}

impl Drop for Channel {
    fn drop(&mut self) {
        // SAFETY: every id on the channel is destroyed before (owners drop ids first).
        unsafe { rdma_destroy_event_channel(self.0) };
    }
}

struct Event {
    kind: rdma_cm_event_type::Type,
    status: i32,
    private_data: Vec<u8>,
    ird: u16,
    ord: u16,
    id: *mut rdma_cm_id,
}

struct VerbsListener {
    id: *mut rdma_cm_id,
    ch: Channel,
    addr: SocketAddr,
    caps: QpCaps,
}
// SAFETY: the listener id and its channel are used by their one owner.
unsafe impl Send for VerbsListener {}

impl Drop for VerbsListener {
    fn drop(&mut self) {
        // SAFETY: created in listen; no QP on a listening id.
        unsafe { rdma_destroy_id(self.id) };
    }
}

impl Listener for VerbsListener {
    fn poll_request(&mut self) -> Result<Option<Box<dyn ConnRequest>>> {
        while let Some(e) = self.ch.next() {
            if e.kind == rdma_cm_event_type::RDMA_CM_EVENT_CONNECT_REQUEST {
                // SAFETY: the new id's route holds the peer's address.
                let peer = unsafe { peer_of(e.id) };
                return Ok(Some(Box::new(VerbsRequest {
                    id: e.id,
                    private_data: e.private_data,
                    ird: e.ird,
                    ord: e.ord,
                    peer,
                    caps: self.caps,
                })));
            }
            // Other events on the listening id (device removal) end the listener.
            if e.kind == rdma_cm_event_type::RDMA_CM_EVENT_DEVICE_REMOVAL {
                return Err(Error::Unavailable("the RDMA device was removed".into()));
            }
        }
        Ok(None)
    }

    fn local_addr(&self) -> String {
        self.addr.to_string()
    }
}

/// # Safety
/// `id` is a valid connection id.
unsafe fn peer_of(id: *mut rdma_cm_id) -> String {
    let sa = &(*id).dst as *const _ as *const libc::sockaddr;
    match (*sa).sa_family as i32 {
        libc::AF_INET => {
            let sin = &*(sa as *const libc::sockaddr_in);
            SocketAddr::from((
                std::net::Ipv4Addr::from(u32::from_be(sin.sin_addr.s_addr)),
                u16::from_be(sin.sin_port),
            ))
            .to_string()
        }
        libc::AF_INET6 => {
            let sin6 = &*(sa as *const libc::sockaddr_in6);
            SocketAddr::from((
                std::net::Ipv6Addr::from(sin6.sin6_addr.s6_addr),
                u16::from_be(sin6.sin6_port),
            ))
            .to_string()
        }
        _ => "?".into(),
    }
}

struct VerbsRequest {
    id: *mut rdma_cm_id,
    private_data: Vec<u8>,
    ird: u16,
    ord: u16,
    peer: String,
    caps: QpCaps,
}
// SAFETY: the request's id moves with it to the worker that accepts it.
unsafe impl Send for VerbsRequest {}

impl ConnRequest for VerbsRequest {
    fn private_data(&self) -> &[u8] {
        &self.private_data
    }
    fn ird_ord(&self) -> (u16, u16) {
        (self.ird, self.ord)
    }
    fn peer(&self) -> String {
        self.peer.clone()
    }
    fn accept(
        self: Box<Self>,
        pd: &Pd,
        cq: &Cq,
        private_data: &[u8],
        ird: u16,
        ord: u16,
    ) -> Result<Box<dyn QueuePair>> {
        let (hpd, hcq) = match hw_parts(pd, cq) {
            Ok(p) => p,
            Err(e) => {
                self.reject(b"");
                return Err(e);
            }
        };
        if private_data.len() > 196 {
            return Err(Error::InvalidRequest("private data too long".into()));
        }
        // The queue pair's events go to its own channel, read by its owner.
        let ch = Channel::new()?;
        // SAFETY: the id came from a connect request; the channel is new.
        if unsafe { rdma_migrate_id(self.id, ch.0) } != 0 {
            return Err(os_err("rdma_migrate_id"));
        }
        let mut qp = VerbsQp::new(self.id, ch, hpd, hcq, QpState::Connecting);
        qp.create_qp(self.caps)?;
        // Never promise more reads than the peer can issue or we can answer.
        let mut param = conn_param(private_data, ird.min(self.ord), ord.min(self.ird));
        // SAFETY: QP created on the request's id.
        if unsafe { rdma_accept(self.id, &mut param) } != 0 {
            return Err(os_err("rdma_accept"));
        }
        Ok(Box::new(qp))
    }
    fn reject(self: Box<Self>, private_data: &[u8]) {
        let len = private_data.len().min(148) as u8;
        // SAFETY: a pending request's id; destroyed after the reject is sent.
        unsafe {
            rdma_reject(self.id, private_data.as_ptr() as *const c_void, len);
            rdma_destroy_id(self.id);
        }
    }
}

struct VerbsQp {
    id: *mut rdma_cm_id,
    ch: Channel,
    pd: Arc<HwPd>,
    cq: Arc<HwCq>,
    state: QpState,
    events: VecDeque<CmEvent>,
    has_qp: bool,
}
// SAFETY: a queue pair is driven by the one worker that owns it.
unsafe impl Send for VerbsQp {}

impl VerbsQp {
    fn new(
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
            state,
            events: VecDeque::new(),
            has_qp: false,
        }
    }

    fn create_qp(&mut self, caps: QpCaps) -> Result<()> {
        // SAFETY: ibv_qp_init_attr is plain data.
        let mut attr: ibv_qp_init_attr = unsafe { std::mem::zeroed() };
        attr.send_cq = self.cq.cq;
        attr.recv_cq = self.cq.cq;
        attr.qp_type = ibv_qp_type::IBV_QPT_RC;
        attr.sq_sig_all = 0;
        attr.cap.max_send_wr = caps.max_send_wr as u32;
        attr.cap.max_recv_wr = caps.max_recv_wr as u32;
        attr.cap.max_send_sge = MAX_SGE as u32;
        attr.cap.max_recv_sge = 1;
        // SAFETY: the id has a resolved route or came from a request.
        if unsafe { rdma_create_qp(self.id, self.pd.pd, &mut attr) } != 0 {
            return Err(os_err("rdma_create_qp"));
        }
        self.has_qp = true;
        Ok(())
    }

    fn qp(&self) -> Result<*mut ibv_qp> {
        // SAFETY: the id is valid for the life of self.
        let qp = unsafe { (*self.id).qp };
        if qp.is_null() || matches!(self.state, QpState::Closed) {
            return Err(Error::NotConnected);
        }
        Ok(qp)
    }

    /// Waits (bounded) for one event during connection setup.
    fn wait_event(&mut self, want: rdma_cm_event_type::Type) -> Result<()> {
        self.ch.wait(want)
    }
}

const MAX_SGE: usize = 4;

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
        let qp = self.qp()?;
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
        // SAFETY: the work request and its SGE live across the call (the device copies).
        let rc = unsafe { ibv_post_recv(qp, &mut r, &mut bad) };
        if rc != 0 {
            return Err(Error::InvalidRequest(format!(
                "ibv_post_recv: {}",
                std::io::Error::from_raw_os_error(rc)
            )));
        }
        Ok(())
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
