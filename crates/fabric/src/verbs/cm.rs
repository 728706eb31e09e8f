//! rdma_cm: addresses, non-blocking event channels, the listener and the connection
//! requests it hands out.

use super::*;

pub(super) fn conn_param(private_data: &[u8], ird: u16, ord: u16) -> rdma_conn_param {
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
pub(super) struct SockAddr(libc::sockaddr_storage);

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
    pub(super) fn as_mut_ptr(&mut self) -> *mut libc::sockaddr {
        &mut self.0 as *mut _ as *mut libc::sockaddr
    }
}

/// A non-blocking rdma_cm event channel.
pub(super) struct Channel(*mut rdma_event_channel);
// SAFETY: an event channel is a file descriptor; one owner reads it at a time.
unsafe impl Send for Channel {}

impl Channel {
    pub(super) fn new() -> Result<Channel> {
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

    pub(super) fn create_id(&self) -> Result<*mut rdma_cm_id> {
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
    pub(super) fn wait(&self, want: rdma_cm_event_type::Type) -> Result<()> {
        let end = crate::clock::now() + Duration::from_secs(5);
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
            if crate::clock::now() >= end {
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
    pub(super) fn next(&self) -> Option<Event> {
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
                // The connection manager hands each side the peer's limits in its own
                // view (a request's responder_resources is how many reads the peer will
                // issue, its initiator_depth how many it will take): the peer's inbound
                // limit is ours to issue up to, its outbound one ours to take.
                ird: conn.initiator_depth as u16,
                ord: conn.responder_resources as u16,
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

pub(super) struct Event {
    pub(super) kind: rdma_cm_event_type::Type,
    pub(super) status: i32,
    pub(super) private_data: Vec<u8>,
    pub(super) ird: u16,
    pub(super) ord: u16,
    pub(super) id: *mut rdma_cm_id,
}

pub(super) struct VerbsListener {
    pub(super) id: *mut rdma_cm_id,
    pub(super) ch: Channel,
    pub(super) addr: SocketAddr,
    pub(super) caps: QpCaps,
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
    /// The connection manager's event channel (connection requests arrive there).
    fn wake(&self, out: &mut Vec<std::os::fd::RawFd>) -> bool {
        out.clear();
        // SAFETY: the listener's channel lives as long as it does.
        out.push(unsafe { (*self.ch.0).fd });
        true
    }

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
pub(super) unsafe fn peer_of(id: *mut rdma_cm_id) -> String {
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

pub(super) struct VerbsRequest {
    pub(super) id: *mut rdma_cm_id,
    pub(super) private_data: Vec<u8>,
    pub(super) ird: u16,
    pub(super) ord: u16,
    pub(super) peer: String,
    pub(super) caps: QpCaps,
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
    fn accept_on(
        self: Box<Self>,
        pd: &Pd,
        cq: &Cq,
        srq: Option<&Srq>,
        private_data: &[u8],
        ird: u16,
        ord: u16,
    ) -> Result<Box<dyn QueuePair>> {
        let parts = hw_parts(pd, cq).and_then(|(p, c)| {
            let q = match srq {
                None => None,
                Some(q) => match &q.hw {
                    Some(h) if Arc::ptr_eq(&h.pd, &p) => Some(h.clone()),
                    _ => {
                        return Err(Error::InvalidRequest(
                            "the shared receive queue is not the device's, in this Pd".into(),
                        ))
                    }
                },
            };
            Ok((p, c, q))
        });
        let (hpd, hcq, hsrq) = match parts {
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
        qp.srq = hsrq;
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
