//! SMB Direct listeners: each configured `PROVIDER=ADDR:PORT` gets a thread that accepts
//! RDMA connections, runs MS-SMBD on them and the SMB2 engine above, and performs the
//! RDMA Reads (WRITE data) and RDMA Writes (READ data) the engine asks for. The response
//! to a READ follows its RDMA Write on the same queue pair, so reliable-connected ordering
//! delivers the data first; with RDMA_V1_INVALIDATE it goes as Send With Invalidate.

use crate::daemon::filetime_now;
use crate::metrics::WorkerStats;
use anyhow::{bail, Context, Result};
use fabric::{Cq, Listener, Pd};
use smb_server::{Connection, Server, Transport};
use smbdirect::wire::BufferDescriptor;
use smbdirect::{Config, SmbdConnection};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Parses `PROVIDER=ADDR:PORT`.
pub fn parse_endpoint(s: &str) -> Result<(String, SocketAddr)> {
    let Some((p, a)) = s.split_once('=') else {
        bail!("smbdirect {s:?}: expected PROVIDER=ADDR:PORT (e.g. iwarp=127.0.0.1:5445)");
    };
    let addr: SocketAddr = a
        .parse()
        .with_context(|| format!("smbdirect {s:?}: {a:?} is not ADDR:PORT"))?;
    match p {
        "iwarp" => Ok((p.to_string(), addr)),
        #[cfg(feature = "verbs")]
        "verbs" => Ok((p.to_string(), addr)),
        #[cfg(not(feature = "verbs"))]
        "verbs" => bail!(
            "smbdirect {s:?}: this build has no verbs provider (build with --features verbs); \
             use iwarp (see `smbdirectd rdma`)"
        ),
        _ => bail!("smbdirect {s:?}: unknown provider {p:?} (iwarp or verbs)"),
    }
}

struct RdmaConn {
    smbd: SmbdConnection,
    smb: Connection,
    /// WRITE requests waiting for their RDMA Read: (operation, PDU).
    reads: Vec<(u64, Vec<u8>)>,
    /// RDMA Writes in flight, collected once they complete.
    writes: Vec<u64>,
}

fn descs(d: &[smb_wire::msg::BufferDescriptorV1]) -> Vec<BufferDescriptor> {
    d.iter()
        .map(|x| BufferDescriptor {
            offset: x.offset,
            token: x.token,
            length: x.length,
        })
        .collect()
}

impl RdmaConn {
    /// Runs one PDU through the engine and sends what it answers.
    fn handle(&mut self, pdu: &[u8], stats: &WorkerStats) -> bool {
        let t = Instant::now();
        let r = self.smb.handle_pdu(pdu, filetime_now());
        if let Some(cmd) = self.smb.stats.last_command {
            stats.observe(cmd, t.elapsed());
        }
        stats.add_conn(&self.smb.stats);
        self.smb.stats = Default::default();
        stats.net(pdu.len() as u64, 0);
        let out = match r {
            Ok(o) => o,
            Err(d) => {
                tracing::debug!(reason = d.0, "protocol violation on SMB Direct; closing");
                return false;
            }
        };
        let (writes, invalidate) = self.smb.take_rdma_writes();
        for w in writes {
            match self.smbd.rdma_write(&descs(&w.descriptors), &w.data) {
                Ok(op) => self.writes.push(op),
                Err(_) => return false,
            }
        }
        let n = out.len();
        for (i, r) in out.into_iter().enumerate() {
            let sent = match invalidate {
                Some(k) if i + 1 == n => self.smbd.send_with_invalidate(r, k),
                _ => self.smbd.send(r),
            };
            if sent.is_err() {
                return false;
            }
        }
        true
    }

    /// Moves the connection on; false once it is over.
    fn step(&mut self, now_ms: u64, stats: &WorkerStats) -> bool {
        if self.smbd.poll(now_ms).is_err() {
            return false;
        }
        while let Some(pdu) = self.smbd.recv() {
            if let Some((d, len)) = self.smb.rdma_read_needed(&pdu) {
                match self.smbd.rdma_read(&descs(&d), len as usize) {
                    Ok(op) => self.reads.push((op, pdu)),
                    Err(_) => return false,
                }
                continue;
            }
            if !self.handle(&pdu, stats) {
                return false;
            }
        }
        let mut i = 0;
        while i < self.reads.len() {
            let op = self.reads[i].0;
            match self.smbd.rdma_result(op) {
                None => i += 1,
                Some(r) => {
                    let (_, pdu) = self.reads.remove(i);
                    match r {
                        Ok(data) => self.smb.set_rdma_payload(data),
                        Err(s) => {
                            tracing::debug!(?s, "RDMA Read of WRITE data failed");
                            return false;
                        }
                    }
                    if !self.handle(&pdu, stats) {
                        return false;
                    }
                }
            }
        }
        let smbd = &mut self.smbd;
        self.writes.retain(|op| smbd.rdma_result(*op).is_none());
        if self.smb.has_async() {
            for r in self.smb.poll_async() {
                if self.smbd.send(r).is_err() {
                    return false;
                }
            }
        }
        true
    }
}

/// Starts the listener thread for one endpoint; returns the bound address.
pub fn spawn(
    provider: &str,
    addr: SocketAddr,
    server: Arc<Server>,
    stop: Arc<AtomicBool>,
    stats: Arc<WorkerStats>,
    max_connections: usize,
) -> Result<SocketAddr> {
    // Each connection gets its own protection domain and completion queue, from the
    // provider that accepted it.
    let (mut l, new_pdcq): (Box<dyn Listener>, PdCqFactory) = match provider {
        "iwarp" => {
            let f = fabric::iwarp::IwarpFabric::new();
            let l = f
                .listen(addr)
                .with_context(|| format!("SMB Direct (iwarp) listening on {addr}"))?;
            (l, Box::new(|| Ok((Pd::new(), Cq::new()))))
        }
        #[cfg(feature = "verbs")]
        "verbs" => {
            let f = Arc::new(
                fabric::verbs::VerbsFabric::open(None)
                    .with_context(|| format!("SMB Direct (verbs) on {addr}"))?,
            );
            let l = f.listen(addr).with_context(|| {
                format!("SMB Direct (verbs, {}) listening on {addr}", f.device.name)
            })?;
            (l, Box::new(move || Ok((f.pd()?, f.cq(4096)?))))
        }
        _ => bail!("smbdirect provider {provider:?} is not available"),
    };
    let local: SocketAddr = l.local_addr().parse()?;
    std::thread::Builder::new()
        .name("smbd-rdma".into())
        .spawn(move || run(&mut *l, &new_pdcq, server, stop, &stats, max_connections))?;
    Ok(local)
}

fn publish(conns: &[RdmaConn], closed: &smbdirect::Counters, s: &WorkerStats) {
    let mut t = *closed;
    for c in conns {
        t.add(&c.smbd.counters);
    }
    let set = |a: &std::sync::atomic::AtomicU64, v: u64| a.store(v, Ordering::Relaxed);
    set(&s.smbd_receives_posted, t.receives_posted);
    set(&s.smbd_messages_sent, t.messages_sent);
    set(&s.smbd_messages_received, t.messages_received);
    set(&s.smbd_fragments_sent, t.fragments_sent);
    set(&s.smbd_credit_messages_sent, t.credit_only_sent);
    set(&s.rdma_reads, t.rdma_reads);
    set(&s.rdma_writes, t.rdma_writes);
    set(&s.rdma_errors, t.rdma_errors);
    set(
        &s.smbd_send_credits,
        conns.iter().map(|c| u64::from(c.smbd.send_credits())).sum(),
    );
    set(
        &s.smbd_peer_credits,
        conns.iter().map(|c| u64::from(c.smbd.peer_credits())).sum(),
    );
    set(&s.connections, conns.len() as u64);
}

type PdCqFactory = Box<dyn Fn() -> fabric::Result<(Pd, Cq)> + Send>;

fn run(
    l: &mut dyn Listener,
    new_pdcq: &PdCqFactory,
    server: Arc<Server>,
    stop: Arc<AtomicBool>,
    stats: &WorkerStats,
    max_connections: usize,
) {
    // Counters of connections that have closed, so totals never go backwards.
    let mut closed = smbdirect::Counters::default();
    let t0 = Instant::now();
    let mut conns: Vec<RdmaConn> = Vec::new();
    let mut seed = 0x5EED_0000_u64;
    let mut idle_since = Instant::now();
    while !stop.load(Ordering::Acquire) {
        let now = t0.elapsed().as_millis() as u64;
        let mut worked = false;
        match l.poll_request() {
            Ok(Some(req)) if conns.len() >= max_connections => {
                tracing::warn!(peer = %req.peer(), max_connections, "SMB Direct connection refused: too many connections");
                req.reject(b"");
            }
            Ok(Some(req)) => {
                worked = true;
                let peer = req.peer();
                let (pd, cq) = match new_pdcq() {
                    Ok(x) => x,
                    Err(e) => {
                        tracing::warn!(%peer, error = %e, "SMB Direct: no protection domain or completion queue");
                        req.reject(b"");
                        continue;
                    }
                };
                match req.accept(&pd, &cq, b"", 16, 16) {
                    Ok(qp) => {
                        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
                        let mut smb = Connection::new(server.clone(), Transport::Rdma, seed);
                        smb.peer = peer.clone();
                        tracing::info!(%peer, "SMB Direct connection accepted");
                        conns.push(RdmaConn {
                            smbd: SmbdConnection::accept(qp, pd, cq, Config::default(), now),
                            smb,
                            reads: Vec::new(),
                            writes: Vec::new(),
                        });
                    }
                    Err(e) => tracing::warn!(%peer, error = %e, "SMB Direct accept failed"),
                }
            }
            Ok(None) => {}
            Err(e) => tracing::warn!(error = %e, "SMB Direct listener"),
        }
        conns.retain_mut(|c| {
            let before = c.smbd.counters.messages_received + c.smbd.counters.fragments_sent;
            let alive = c.step(now, stats);
            if c.smbd.counters.messages_received + c.smbd.counters.fragments_sent != before {
                worked = true;
            }
            if !alive {
                tracing::info!(peer = %c.smb.peer, why = ?c.smbd.closed(), "SMB Direct connection closed");
                c.smbd.disconnect();
                c.smb.close();
                closed.add(&c.smbd.counters);
            }
            alive
        });
        if worked {
            publish(&conns, &closed, stats);
        }
        if worked {
            idle_since = Instant::now();
        } else if conns.is_empty() {
            // Nothing connected: only new connections to watch for.
            std::thread::sleep(Duration::from_millis(5));
        } else if idle_since.elapsed() > Duration::from_millis(2) {
            // Adaptive: spin while busy, nap when idle.
            std::thread::sleep(Duration::from_micros(200));
        }
    }
    for mut c in conns {
        c.smbd.disconnect();
        c.smb.close();
    }
}
