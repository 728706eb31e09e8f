//! The listeners: the TCP accept loop and the SMB Direct listener threads. Each admits a
//! connection (in total and per client address, see [`crate::admission`]) and hands it
//! to a worker, round robin; a connection stays on the worker that took it, and an SMB
//! Direct one sits on that worker's completion queue.

use crate::admission::{Admission, Cut};
use crate::clock::now_ms;
use crate::endpoint::Endpoint;
use crate::rdma_conns::RdmaConn;
use crate::rdma_cqs::WorkerCqs;
use crate::worker::WorkerSender;
use anyhow::Result;
use fabric::{Access, Listener, Mr, Pd};
use smb_server::{Connection, Server, Transport};
use smbdirect::{BufferPool, Config, Shared, SharedReceives, SmbdConnection};
use std::net::{SocketAddr, TcpListener};
use std::os::fd::AsRawFd;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

pub fn accept_loop(
    l: TcpListener,
    workers: Vec<WorkerSender>,
    stop: Arc<AtomicBool>,
    admission: Arc<Admission>,
) {
    let mut next = 0usize;
    let failed = crate::admission::RateLog::new();
    for s in l.incoming() {
        if stop.load(Ordering::Acquire) {
            break;
        }
        match s {
            Ok(s) => {
                let ip = s.peer_addr().ok().map(|a| a.ip());
                let place = match admission.admit(ip, Some(s.as_raw_fd())) {
                    Ok(p) => p,
                    Err(why) => {
                        crate::admission::cut(why, ip);
                        drop(s);
                        continue;
                    }
                };
                let w = &workers[next % workers.len()];
                next += 1;
                if let Err((s, ip, place)) = w.hand((s, ip, place)) {
                    admission.release(ip, &place);
                    drop(s);
                }
            }
            Err(e) => {
                // Out of descriptors (or another passing failure): said at a rate, and a
                // pause so that a full table is not retried in a tight loop.
                if e.raw_os_error() == Some(libc::EMFILE) || e.raw_os_error() == Some(libc::ENFILE)
                {
                    crate::admission::cut(Cut::Descriptors, None);
                } else if let Some(more) = failed.due(Duration::from_secs(10)) {
                    tracing::warn!(error = %e, suppressed = more, "accept failed");
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        }
    }
}

/// Starts the listener thread for one endpoint of `provider`; returns the bound address.
pub fn spawn_rdma(
    provider: &dyn crate::provider::Provider,
    endpoint: Endpoint,
    server: Arc<Server>,
    stop: Arc<AtomicBool>,
    workers: Vec<WorkerSender>,
    admission: Arc<Admission>,
    smbd: Config,
) -> Result<Endpoint> {
    // Each worker gets a protection domain for this listener's connections, from the
    // provider that accepts them, with the worker's buffer pool registered in it once;
    // each connection a seat on a completion queue of the worker it goes to (see
    // rdma_cqs). (A server registers nothing a peer may name: every RDMA operation is
    // its own, so its connections can share a domain.) The worker's connections share
    // receives, posted to a shared receive queue in that domain, where the provider has
    // them.
    let crate::provider::Listening {
        listener: mut l,
        new_pd,
        new_srq,
        make_cq,
        need,
        maps_files,
    } = provider.listen(&endpoint, &smbd)?;
    let local = match endpoint {
        Endpoint::Loopback(_) => endpoint,
        Endpoint::Ip(_) => Endpoint::Ip(l.local_addr().parse()?),
    };
    std::thread::Builder::new()
        .name("smbd-rdma".into())
        .spawn(move || {
            let cqs = workers
                .iter()
                .map(|_| WorkerCqs::new(make_cq.clone()))
                .collect();
            let domains = workers.iter().map(|_| None).collect();
            run(
                &mut *l,
                server,
                stop,
                workers,
                &admission,
                &mut Setup {
                    maps_files,
                    smbd,
                    new_pd,
                    new_srq,
                    domains,
                    cqs,
                    recv_need: need.0,
                    send_need: need.1,
                },
            )
        })?;
    Ok(local)
}

use crate::provider::{PdFactory, SrqFactory};

/// How each accepted SMB Direct connection is set up.
struct Setup {
    /// READs may name page-cache mappings (the provider moves RDMA Write data itself).
    maps_files: bool,
    /// The MS-SMBD parameters offered (`[smbdirect]`).
    smbd: Config,
    new_pd: PdFactory,
    new_srq: SrqFactory,
    /// Per worker, once it has a connection of this listener: its domain.
    domains: Vec<Option<Domain>>,
    /// Per worker, the completion queues of this listener's connections.
    cqs: Vec<WorkerCqs>,
    /// Completions a queue pair could put on its queue: from its receive queue (none
    /// when it draws on shared receives) and its send queue.
    recv_need: usize,
    send_need: usize,
}

/// What a worker's connections of one listener share.
#[derive(Clone)]
struct Domain {
    /// Their protection domain.
    pd: Pd,
    /// The worker's pool registered in it (None when the worker has no pool: each
    /// connection then brings a pool of its own).
    pool_mr: Option<Mr>,
    /// Their shared receives (None where the provider has no shared receive queue or
    /// `shared_receives` is 0: each connection then posts receives of its own).
    receives: Option<Arc<SharedReceives>>,
}

impl Setup {
    /// Worker `wi`'s domain for this listener's connections: made with the worker's
    /// first connection.
    fn domain(&mut self, wi: usize, w: &WorkerSender) -> fabric::Result<Domain> {
        if self.domains[wi].is_none() {
            let pd = (self.new_pd)()?;
            let pool_mr = match w.pool() {
                Some(p) => Some(pd.try_register(p.region().clone(), Access::LOCAL_WRITE)?),
                None => None,
            };
            let n = self.smbd.shared_receives;
            let receives = if n > 0 {
                let slot = self.smbd.receive_slot();
                match (self.new_srq)(&pd, n as usize)
                    .and_then(|q| q.map(|q| SharedReceives::new(q, &pd, slot, n)).transpose())
                {
                    Ok(r) => r,
                    Err(e) => {
                        // The connections post receives of their own instead.
                        tracing::warn!(worker = wi, error = %e, "SMB Direct: no shared receives");
                        None
                    }
                }
            } else {
                None
            };
            if let Some(r) = &receives {
                self.cqs[wi].set_receives(r.clone());
            }
            self.domains[wi] = Some(Domain {
                pd,
                pool_mr,
                receives,
            });
        }
        Ok(self.domains[wi].clone().expect("made above"))
    }
}

/// The listener thread: completes connection setup (MPA / rdma_cm), then hands each
/// connection to a worker, round robin, as the TCP accept loop does.
fn run(
    l: &mut dyn Listener,
    server: Arc<Server>,
    stop: Arc<AtomicBool>,
    workers: Vec<WorkerSender>,
    admission: &Arc<Admission>,
    setup: &mut Setup,
) {
    let mut seed = 0x5EED_0000_u64;
    let mut next = 0usize;
    let mut fds = Vec::new();
    while !stop.load(Ordering::Acquire) {
        match l.poll_request() {
            Ok(Some(req)) => {
                let peer = req.peer();
                // One count of places with TCP: in total and per client address.
                let ip = peer.parse::<SocketAddr>().ok().map(|a| a.ip());
                let place = match admission.admit(ip, None) {
                    Ok(p) => p,
                    Err(why) => {
                        crate::admission::cut(why, ip);
                        req.reject(b"");
                        continue;
                    }
                };
                let wi = next % workers.len();
                let w = &workers[wi];
                // A place on the worker's shared receives, if it has room for one more
                // connection; else the connection brings receives of its own.
                let (dom, member, mut seat) = match setup.domain(wi, w).and_then(|d| {
                    let member = d.receives.as_ref().and_then(|r| r.join());
                    let recv = if member.is_some() { 0 } else { setup.recv_need };
                    let seat = setup.cqs[wi].seat(recv + setup.send_need)?;
                    Ok((d, member, seat))
                }) {
                    Ok(x) => x,
                    Err(e) => {
                        tracing::warn!(%peer, error = %e, "SMB Direct: no protection domain or completion queue");
                        admission.release(ip, &place);
                        req.reject(b"");
                        continue;
                    }
                };
                let srq = member.as_ref().map(|m| m.receives().srq());
                match req.accept_on(&dom.pd, seat.cq(), srq, b"", 16, 16) {
                    Ok(qp) => {
                        seat.set_qp_num(qp.qp_num());
                        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
                        let mut smb = Connection::new(server.clone(), Transport::Rdma, seed);
                        smb.peer = peer.clone();
                        smb.set_rdma_maps_files(setup.maps_files);
                        tracing::info!(%peer, worker = wi, "SMB Direct connection accepted");
                        let pool = w.pool().cloned().unwrap_or_else(|| {
                            BufferPool::heap(
                                smbdirect::OWN_POOL_BUFFERS,
                                smbdirect::POOL_BUFFER_SIZE,
                            )
                        });
                        let shared = Shared {
                            pool,
                            pool_mr: dom.pool_mr,
                            tag: Some(seat.tag()),
                            receives: member,
                        };
                        let (cq, pd) = (seat.cq().clone(), dom.pd);
                        let smbd =
                            SmbdConnection::accept_shared(qp, pd, cq, setup.smbd, now_ms(), shared);
                        let conn = RdmaConn::new(smbd, smb, admission.clone(), ip, place, seat);
                        w.hand_rdma(conn);
                        next += 1;
                    }
                    Err(e) => {
                        admission.release(ip, &place);
                        tracing::warn!(%peer, error = %e, "SMB Direct accept failed")
                    }
                }
            }
            // Nothing yet: sleep on the listener's descriptors (at most 200 ms, to see
            // `stop`), or poll again in a millisecond where it has none.
            Ok(None) if l.wake(&mut fds) => crate::fd_wait::readable(&fds, 200),
            Ok(None) => std::thread::sleep(Duration::from_millis(1)),
            Err(e) => {
                tracing::warn!(error = %e, "SMB Direct listener");
                std::thread::sleep(Duration::from_millis(10));
            }
        }
    }
}
