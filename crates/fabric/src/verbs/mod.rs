//! The verbs provider: rdma-core (libibverbs, librdmacm), loaded at run time (see
//! `sys`), for RoCE, InfiniBand and iWARP NICs and for rxe/siw where a host loads
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
//!
//! Rooms: `sys` (the run-time bindings), `memory` (protection domains, registered
//! regions, completion queues), `cm` (rdma_cm: addresses, event channels, listening,
//! accepting), `qp` (a connected queue pair's work requests and events); this file
//! opens devices.

mod cm;
mod memory;
mod qp;
mod sys;

use crate::{
    Access, CmEvent, Completion, ConnRequest, Cq, Error, Listener, Mr, Pd, QpCaps, QpState,
    QueuePair, RecvWr, RegBuf, Result, SendOp, SendWr, Srq, Wake, WcOpcode, WcStatus,
};
use cm::*;
use memory::post_one_recv;
pub(crate) use memory::{register, HwCq, HwPd, HwSrq};
use parking_lot::Mutex;
use qp::*;
use std::collections::{HashMap, VecDeque};
use std::ffi::CStr;
use std::net::SocketAddr;
use std::os::raw::c_void;
use std::sync::Arc;
use std::time::Duration;
use sys::*;

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

    /// A completion queue with room for `entries` completions, and a completion channel
    /// (non-blocking) its owner sleeps on when idle (see [`QueuePair::wake`]).
    pub fn cq(&self, entries: usize) -> Result<Cq> {
        // SAFETY: a valid context.
        let channel = unsafe { ibv_create_comp_channel(self.ctx.0) };
        if !channel.is_null() {
            // SAFETY: the channel's own descriptor.
            unsafe {
                let fd = (*channel).fd;
                let fl = libc::fcntl(fd, libc::F_GETFL);
                libc::fcntl(fd, libc::F_SETFL, fl | libc::O_NONBLOCK);
            }
        }
        // SAFETY: a valid context and channel (or none).
        let cq = unsafe {
            ibv_create_cq(
                self.ctx.0,
                entries.clamp(1, i32::MAX as usize) as i32,
                std::ptr::null_mut(),
                channel.cast(),
                0,
            )
        };
        if cq.is_null() {
            let e = os_err("ibv_create_cq");
            if !channel.is_null() {
                // SAFETY: made above, used by nothing.
                unsafe { ibv_destroy_comp_channel(channel) };
            }
            return Err(e);
        }
        Ok(Cq::with_hw(Arc::new(HwCq { cq, channel })))
    }

    /// A shared receive queue in `pd` holding at most `entries` receives (the device may
    /// make room for more), or None when the device has none (or no room for one).
    pub fn srq(&self, pd: &Pd, entries: usize) -> Result<Option<Srq>> {
        let Some(hpd) = pd.hw.clone() else {
            return Err(Error::InvalidRequest(
                "a shared receive queue needs a Pd from VerbsFabric::pd".into(),
            ));
        };
        let mut attr = ibv_srq_init_attr {
            srq_context: std::ptr::null_mut(),
            attr: ibv_srq_attr {
                max_wr: entries.clamp(1, u32::MAX as usize) as u32,
                max_sge: 1,
                srq_limit: 0,
            },
        };
        // SAFETY: a live domain; the attributes are read (and max_wr updated) in the call.
        let srq = unsafe { ibv_create_srq(hpd.pd, &mut attr) };
        if srq.is_null() {
            let e = std::io::Error::last_os_error();
            return match e.raw_os_error() {
                // No shared receive queues on this device, or none of that size.
                Some(libc::EOPNOTSUPP) | Some(libc::ENOSYS) | Some(libc::EINVAL) => Ok(None),
                _ => Err(Error::Io(std::io::Error::other(format!(
                    "ibv_create_srq: {e}"
                )))),
            };
        }
        Ok(Some(Srq::with_hw(Arc::new(HwSrq {
            srq,
            pd: hpd,
            // (What the caller asked for, though the device may have made more: the
            // caller's count of posted receives stays within what it asked.)
            capacity: entries.max(1),
        }))))
    }

    /// A completion queue as large as the device allows up to `want` entries, but no
    /// smaller than `at_least` (devices refuse a queue past their maximum: the request
    /// is halved until one is made).
    pub fn cq_up_to(&self, want: usize, at_least: usize) -> Result<Cq> {
        let mut n = want.max(at_least);
        loop {
            match self.cq(n) {
                Ok(cq) => return Ok(cq),
                Err(e) if n / 2 < at_least => return Err(e),
                Err(_) => n /= 2,
            }
        }
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
