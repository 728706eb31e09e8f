//! One conformance suite for every provider that can run here: loopback (in process)
//! and iwarp (software iWARP over 127.0.0.1). verbs (built with `--features verbs`) runs
//! the provider-neutral cases where rdma-core lists a device, over the address in
//! FABRIC_VERBS_ADDR (an IP on an RDMA-capable interface; 127.0.0.1 by default), and
//! says plainly that it skipped otherwise. The cases that assert iWARP Terminate codes,
//! the local ORD check and remote invalidation of a plain memory region run on the
//! software providers only: verbs reports those as completion errors of the device.
//!
//! One test binary: `transfer` (data moved by sends, writes and reads), `errors`
//! (terminations, rejects, disconnects and their flushes), `providers` (what one provider
//! does its own way: loopback faults, verbs, shared receive queues); the helpers they share
//! are here.

mod errors;
mod providers;
mod transfer;

use fabric::loopback::{Faults, LoopbackFabric};
use fabric::*;
use std::time::{Duration, Instant};

struct Side {
    pd: Pd,
    cq: Cq,
    qp: Box<dyn QueuePair>,
}

#[derive(Clone, Copy, Debug)]
enum Prov {
    Loopback,
    Iwarp,
    #[cfg(feature = "verbs")]
    Verbs,
}

/// The software providers: every case runs on them.
const PROVIDERS: [Prov; 2] = [Prov::Loopback, Prov::Iwarp];

/// Every provider that can run here: the software ones, and verbs where a device exists.
fn all_providers() -> Vec<Prov> {
    #[allow(unused_mut)]
    let mut v = PROVIDERS.to_vec();
    #[cfg(feature = "verbs")]
    match fabric::verbs::devices() {
        Ok(d) if !d.is_empty() => v.push(Prov::Verbs),
        Ok(_) => println!("verbs: skipped, no RDMA device present"),
        Err(e) => println!("verbs: skipped, {e}"),
    }
    v
}

#[cfg(feature = "verbs")]
fn verbs_addr() -> std::net::SocketAddr {
    let ip = std::env::var("FABRIC_VERBS_ADDR").unwrap_or_else(|_| "127.0.0.1".into());
    format!("{ip}:0")
        .parse()
        .expect("FABRIC_VERBS_ADDR is an IP address")
}

fn pump(a: &mut Side, b: &mut Side, mut done: impl FnMut(&mut Side, &mut Side) -> bool) {
    let end = Instant::now() + Duration::from_secs(10);
    for _ in 0..2_000_000 {
        a.qp.progress().unwrap();
        b.qp.progress().unwrap();
        if done(a, b) {
            return;
        }
        assert!(Instant::now() < end, "timed out");
    }
    panic!("no progress");
}

/// Connects a client to a server; returns (client, server).
fn connect_with(p: Prov, faults: Faults) -> (Side, Side) {
    connect_as(p, faults, (8, 8))
}

/// As [`connect_with`], the client asking for `ird_ord` (its inbound and outbound RDMA
/// Read limits).
fn connect_as(p: Prov, faults: Faults, ird_ord: (u16, u16)) -> (Side, Side) {
    let (cird, cord) = ird_ord;
    #[allow(unused_mut)]
    let (mut cpd, mut ccq, mut spd, mut scq) = (Pd::new(), Cq::new(), Pd::new(), Cq::new());
    let (mut listener, mut client): (Box<dyn Listener>, Box<dyn QueuePair>) = match p {
        #[cfg(feature = "verbs")]
        Prov::Verbs => {
            let f = fabric::verbs::VerbsFabric::open(None).unwrap();
            (cpd, ccq) = (f.pd().unwrap(), f.cq(4096).unwrap());
            (spd, scq) = (f.pd().unwrap(), f.cq(4096).unwrap());
            let l = f.listen(verbs_addr()).unwrap();
            let addr = l.local_addr().parse().unwrap();
            let c = f.connect(addr, &cpd, &ccq, b"hello", cird, cord).unwrap();
            (l, c)
        }
        Prov::Loopback => {
            let f = LoopbackFabric::new();
            f.set_faults(faults);
            let l = f.listen("server").unwrap();
            let c = f
                .connect("server", &cpd, &ccq, b"hello", cird, cord)
                .unwrap();
            (l, c)
        }
        Prov::Iwarp => {
            let f = iwarp::IwarpFabric::new();
            let l = f.listen("127.0.0.1:0".parse().unwrap()).unwrap();
            let addr = l.local_addr().parse().unwrap();
            let c = f.connect(addr, &cpd, &ccq, b"hello", cird, cord).unwrap();
            (l, c)
        }
    };
    let req = wait_request(&mut *listener, &mut *client);
    assert_private_data(p, req.private_data(), b"hello");
    // The peer's own view, whatever the transport carries (IB's connection manager hands
    // the passive side the values swapped into its own view).
    assert_eq!(req.ird_ord(), (cird, cord), "{p:?}");
    let server = req.accept(&spd, &scq, b"welcome", 4, 4).unwrap();
    let mut c = Side {
        pd: cpd,
        cq: ccq,
        qp: client,
    };
    let mut s = Side {
        pd: spd,
        cq: scq,
        qp: server,
    };
    let mut est = None;
    pump(&mut c, &mut s, |c, _| {
        if let Some(e) = c.qp.poll_event() {
            est = Some(e);
        }
        est.is_some()
    });
    match est.unwrap() {
        CmEvent::Established {
            private_data, ird, ..
        } => {
            assert_private_data(p, &private_data, b"welcome");
            if ird_ord == (8, 8) {
                assert_eq!(ird, 4, "{p:?}");
            }
        }
        e => panic!("{p:?}: {e:?}"),
    }
    assert_eq!(c.qp.state(), QpState::Connected);
    (c, s)
}

/// The listener's next request, the connecting client moved along meanwhile (bounded).
fn wait_request(listener: &mut dyn Listener, client: &mut dyn QueuePair) -> Box<dyn ConnRequest> {
    let end = Instant::now() + Duration::from_secs(10);
    loop {
        client.progress().unwrap();
        if let Some(r) = listener.poll_request().unwrap() {
            return r;
        }
        assert!(Instant::now() < end, "no connection request");
    }
}

/// Private data arrives as sent on the software providers; verbs' connection manager
/// (RoCE, InfiniBand) may pad it with zeros to the transport's fixed size.
fn assert_private_data(p: Prov, got: &[u8], sent: &[u8]) {
    match p {
        #[cfg(feature = "verbs")]
        Prov::Verbs => {
            assert!(got.len() >= sent.len(), "{p:?}: {got:?}");
            assert_eq!(&got[..sent.len()], sent, "{p:?}");
            assert!(got[sent.len()..].iter().all(|b| *b == 0), "{p:?}: {got:?}");
        }
        _ => assert_eq!(got, sent, "{p:?}"),
    }
}

fn connect(p: Prov) -> (Side, Side) {
    connect_with(p, Faults::default())
}

fn wait_cq(a: &mut Side, b: &mut Side, on_b: bool) -> Completion {
    let mut got = None;
    pump(a, b, |a, b| {
        let side = if on_b { b } else { a };
        let mut v = Vec::new();
        if side.cq.poll(&mut v, 1) == 1 {
            got = Some(v[0]);
        }
        got.is_some()
    });
    got.unwrap()
}

fn wait_event(a: &mut Side, b: &mut Side, on_b: bool, want: impl Fn(&CmEvent) -> bool) -> CmEvent {
    let mut got = None;
    pump(a, b, |a, b| {
        let side = if on_b { b } else { a };
        while let Some(e) = side.qp.poll_event() {
            if want(&e) {
                got = Some(e);
                return true;
            }
        }
        false
    });
    got.unwrap()
}

fn buf(len: usize, fill: impl Fn(usize) -> u8) -> std::sync::Arc<RegBuf> {
    let b = RegBuf::new(len);
    let v: Vec<u8> = (0..len).map(fill).collect();
    b.write(0, &v);
    b
}
