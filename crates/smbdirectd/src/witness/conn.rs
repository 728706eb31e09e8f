//! The Witness service's listeners and connections: one thread per connection (the
//! service is control traffic, a few connections per client host), each sleeping on
//! its socket and its waker until a call, a notification or a deadline.

use super::auth::RpcLogon;
use super::{Witness, SERVICE};
use anyhow::{Context, Result};
use smb_wire::dcerpc::assoc::{
    Association, Call, AUTH_LEVEL_PRIVACY, FAULT_NDR, FAULT_OP_RNG_ERROR,
};
use smb_wire::dcerpc::{epm, witness};
use std::io::{Read, Write};
use std::net::{IpAddr, SocketAddr, TcpListener, TcpStream};
use std::os::fd::AsRawFd;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A connection with nothing registered and nothing waiting ends after this without a
/// call; one that has not logged on, after `LOGON`; an endpoint mapper's, after `LOGON`
/// whatever it does.
const IDLE: Duration = Duration::from_secs(120);
const LOGON: Duration = Duration::from_secs(10);
/// AsyncNotify calls one connection may keep waiting.
const MAX_WAITING: usize = 16;

/// Starts the service (when the configuration has it on): its endpoint on each of the
/// node's addresses, and the endpoint mapper beside it.
pub fn start(
    cfg: &crate::config::Config,
    server: &Arc<smb_server::Server>,
    node: Option<u16>,
    stop: &Arc<AtomicBool>,
) -> Result<Option<Arc<Witness>>> {
    if !cfg.witness_enabled() {
        return Ok(None);
    }
    let name = cfg.witness.node_name.clone().unwrap_or_else(|| match node {
        Some(n) => format!("{}-{n}", cfg.server.netbios_name),
        None => cfg.server.netbios_name.clone(),
    });
    let w = Arc::new(Witness::new(
        server.clone(),
        name,
        cfg.witness_addresses(),
        stop.clone(),
    ));
    for ip in w.addresses().to_vec() {
        let l = TcpListener::bind(SocketAddr::new(ip, cfg.witness.port))
            .with_context(|| format!("witness: listening on {ip}:{}", cfg.witness.port))?;
        let port = l.local_addr()?.port();
        w.ports.lock().expect("ports").insert(ip, port);
        spawn_listener(&w, l, false)?;
        tracing::info!(%ip, port, "witness service listening");
        if cfg.witness.endpoint_mapper {
            let at = SocketAddr::new(ip, cfg.witness.endpoint_mapper_port);
            match TcpListener::bind(at) {
                Ok(l) => spawn_listener(&w, l, true)?,
                // (Another mapper answers there: another node on the same address, or
                // the host's own. Clients that ask it may not find this node's port.)
                Err(e) if e.kind() == std::io::ErrorKind::AddrInUse => {
                    tracing::warn!(%at, "witness: the endpoint mapper's port is taken; not answering it");
                }
                Err(e) => {
                    return Err(e).with_context(|| format!("witness: endpoint mapper on {at}"))
                }
            }
        }
    }
    server.witness.store(true, Ordering::Release);
    let _ = SERVICE.set(w.clone());
    Ok(Some(w))
}

fn spawn_listener(w: &Arc<Witness>, l: TcpListener, epm: bool) -> Result<()> {
    l.set_nonblocking(true)?;
    let w = w.clone();
    std::thread::Builder::new()
        .name(if epm { "witness-epm" } else { "witness" }.into())
        .spawn(move || {
            while !w.stop.load(Ordering::Acquire) {
                match l.accept() {
                    Ok((s, _)) => {
                        let Some((id, waker)) = w.connect() else {
                            continue;
                        };
                        let w2 = w.clone();
                        let r = std::thread::Builder::new()
                            .name("witness-conn".into())
                            .spawn(move || {
                                serve(&w2, s, id, &waker, epm);
                                w2.disconnect(id);
                            });
                        if r.is_err() {
                            w.disconnect(id);
                        }
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                        crate::fd_wait::readable(&[l.as_raw_fd()], 500);
                    }
                    Err(e) => {
                        tracing::warn!("witness: accept: {e}");
                        std::thread::sleep(Duration::from_millis(50));
                    }
                }
            }
        })?;
    Ok(())
}

/// An AsyncNotify waiting: its call, registration and deadline.
struct Waiting {
    call_id: u32,
    handle: [u8; 20],
    until: Option<Instant>,
}

fn serve(w: &Witness, mut s: TcpStream, id: u64, waker: &std::os::fd::OwnedFd, epm_only: bool) {
    let local = s.local_addr().map(|a| a.ip());
    let port = s.local_addr().map_or(0, |a| a.port());
    let (served, level, logon) = if epm_only {
        (vec![epm::SYNTAX], 0, RpcLogon::none())
    } else {
        (
            vec![witness::SYNTAX],
            AUTH_LEVEL_PRIVACY,
            RpcLogon::new(&w.server),
        )
    };
    let mut a = Association::new(served, level, port, logon);
    let _ = s.set_nonblocking(true);
    keepalive(&s);
    let began = crate::clock::now();
    let _ = s.set_write_timeout(Some(Duration::from_secs(5)));
    let mut waiting: Vec<Waiting> = Vec::new();
    let mut last = crate::clock::now();
    let mut buf = vec![0u8; 16 * 1024];
    while !w.stop.load(Ordering::Acquire) {
        let now = crate::clock::now();
        let next = waiting
            .iter()
            .filter_map(|x| x.until)
            .min()
            .map_or(1000, |u| {
                u.saturating_duration_since(now).as_millis() as i32 + 1
            })
            .min(1000);
        crate::fd_wait::readable(&[s.as_raw_fd(), waker.as_raw_fd()], next);
        let mut drain = [0u8; 8];
        // SAFETY: an eventfd read takes 8 bytes into a buffer of 8; non-blocking.
        unsafe { libc::read(waker.as_raw_fd(), drain.as_mut_ptr().cast(), 8) };
        match s.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                for call in a.receive(&buf[..n]) {
                    last = crate::clock::now();
                    if epm_only {
                        map(w, &mut a, call, local.as_ref().ok());
                    } else {
                        answer(w, &mut a, id, call, &mut waiting);
                    }
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(_) => break,
        }
        let now = crate::clock::now();
        waiting.retain(|x| {
            let ready = w.poll(id, &x.handle).or_else(|| {
                x.until
                    .filter(|u| now >= *u)
                    .map(|_| witness::encode_notification(None, witness::ERROR_TIMEOUT))
            });
            match ready {
                Some(stub) => {
                    a.respond(x.call_id, &stub);
                    false
                }
                None => true,
            }
        });
        let out = a.take_output();
        if !out.is_empty() && write_all(&mut s, &out).is_err() {
            break;
        }
        if a.closing() {
            break;
        }
        if waiting.is_empty() && crate::clock::since(last) > IDLE && !w.has_registrations(id) {
            break;
        }
        // (A peer that does not log on, or only asks the endpoint mapper, holds its place
        // a short while.)
        if crate::clock::since(began) > LOGON && (epm_only || !a.authenticated()) {
            break;
        }
    }
}

/// TCP keepalive on a Witness connection: a host that vanished without a word lets its
/// registrations go within minutes.
fn keepalive(s: &TcpStream) {
    let fd = s.as_raw_fd();
    for (level, opt, v) in [
        (libc::SOL_SOCKET, libc::SO_KEEPALIVE, 1),
        (libc::IPPROTO_TCP, libc::TCP_KEEPIDLE, 60),
        (libc::IPPROTO_TCP, libc::TCP_KEEPINTVL, 10),
        (libc::IPPROTO_TCP, libc::TCP_KEEPCNT, 6),
    ] {
        let v: libc::c_int = v;
        // SAFETY: setsockopt reads an int of the size given from a live local.
        unsafe {
            libc::setsockopt(
                fd,
                level,
                opt,
                (&v as *const libc::c_int).cast(),
                std::mem::size_of::<libc::c_int>() as libc::socklen_t,
            )
        };
    }
}

fn write_all(s: &mut TcpStream, mut out: &[u8]) -> std::io::Result<()> {
    let until = crate::clock::now() + Duration::from_secs(5);
    while !out.is_empty() {
        match s.write(out) {
            Ok(0) => return Err(std::io::ErrorKind::WriteZero.into()),
            Ok(n) => out = &out[n..],
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                if crate::clock::now() > until {
                    return Err(e);
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// One Witness call: answered now, or (AsyncNotify) left waiting.
fn answer(
    w: &Witness,
    a: &mut Association<RpcLogon>,
    id: u64,
    call: Call,
    waiting: &mut Vec<Waiting>,
) {
    let Some(req) = witness::Request::decode(call.opnum, &call.stub) else {
        let fault = if call.opnum <= 4 {
            FAULT_NDR
        } else {
            FAULT_OP_RNG_ERROR
        };
        a.fault(call.call_id, fault);
        return;
    };
    let stub = match &req {
        witness::Request::GetInterfaceList => {
            witness::encode_interfaces(&w.interfaces(), witness::OK)
        }
        witness::Request::Register { .. } | witness::Request::RegisterEx { .. } => {
            let user = a.security().user.clone().unwrap_or_default();
            match w.register(id, &user, &req) {
                Ok(h) => witness::encode_registered(&h, witness::OK),
                Err(e) => witness::encode_registered(&[0; 20], e),
            }
        }
        witness::Request::UnRegister { handle } => witness::encode_status(w.unregister(id, handle)),
        witness::Request::AsyncNotify { handle } => {
            if let Some(stub) = w.poll(id, handle) {
                stub
            } else if waiting.len() >= MAX_WAITING {
                witness::encode_notification(None, witness::ERROR_NO_SYSTEM_RESOURCES)
            } else {
                let secs = w.timeout(handle);
                waiting.push(Waiting {
                    call_id: call.call_id,
                    handle: *handle,
                    until: (secs > 0)
                        .then(|| crate::clock::now() + Duration::from_secs(secs.into())),
                });
                return;
            }
        }
    };
    a.respond(call.call_id, &stub);
}

/// One endpoint mapper call: where the Witness service listens on the address asked.
fn map(w: &Witness, a: &mut Association<RpcLogon>, call: Call, local: Option<&IpAddr>) {
    if call.opnum != epm::OPNUM_MAP {
        a.fault(call.call_id, FAULT_OP_RNG_ERROR);
        return;
    }
    let Some(req) = epm::decode_map(&call.stub) else {
        a.fault(call.call_id, FAULT_NDR);
        return;
    };
    let ports = w.ports.lock().expect("ports").clone();
    let tower = match local {
        Some(IpAddr::V4(ip))
            if req.iface == witness::SYNTAX.uuid && req.major == witness::SYNTAX.major =>
        {
            ports
                .get(&IpAddr::V4(*ip))
                .map(|p| epm::tcp_tower(&req.iface, req.major, *ip, *p))
        }
        _ => None,
    };
    let stub = match tower {
        Some(t) => epm::encode_map(&req.handle, req.max_towers, &[t], 0),
        None => epm::encode_map(&req.handle, req.max_towers, &[], epm::NOT_REGISTERED),
    };
    a.respond(call.call_id, &stub);
}
