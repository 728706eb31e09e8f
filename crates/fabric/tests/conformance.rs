//! One conformance suite for every provider that can run here: loopback (in process)
//! and iwarp (software iWARP over 127.0.0.1). verbs (built with `--features verbs`) runs
//! the provider-neutral cases where rdma-core lists a device, over the address in
//! FABRIC_VERBS_ADDR (an IP on an RDMA-capable interface; 127.0.0.1 by default), and
//! says plainly that it skipped otherwise. The cases that assert iWARP Terminate codes,
//! the local ORD check and remote invalidation of a plain memory region run on the
//! software providers only: verbs reports those as completion errors of the device.

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

#[test]
fn send_and_receive_small_and_segmented() {
    for p in all_providers() {
        let (mut c, mut s) = connect(p);
        let rbuf = s.pd.register(RegBuf::new(2 << 20), Access::LOCAL_WRITE);
        let sbuf =
            c.pd.register(buf(2 << 20, |i| (i * 7 % 251) as u8), Access::default());
        for (n, len) in [100usize, 1 << 20].into_iter().enumerate() {
            s.qp.post_recv(RecvWr {
                wr_id: 10 + n as u64,
                sge: rbuf.sge(0, 2 << 20),
            })
            .unwrap();
            c.qp.post_send(SendWr {
                wr_id: 1 + n as u64,
                op: SendOp::Send,
                sge: fabric::sges![sbuf.sge(0, len)],
                signaled: true,
            })
            .unwrap();
            let sc = wait_cq(&mut c, &mut s, false);
            assert_eq!(
                (sc.wr_id, sc.status, sc.opcode),
                (1 + n as u64, WcStatus::Success, WcOpcode::Send)
            );
            let rc = wait_cq(&mut c, &mut s, true);
            assert_eq!(
                (rc.wr_id, rc.status, rc.byte_len as usize),
                (10 + n as u64, WcStatus::Success, len),
                "{p:?}"
            );
            assert_eq!(rc.invalidated_rkey, None);
            assert!(rbuf.buf.to_vec(0, len) == sbuf.buf.to_vec(0, len));
        }
    }
}

#[test]
fn write_then_send_arrive_in_order_and_read_returns_data() {
    for p in all_providers() {
        let (mut c, mut s) = connect(p);
        let target = s.pd.register(
            RegBuf::new(1 << 20),
            Access::LOCAL_WRITE | Access::REMOTE_WRITE | Access::REMOTE_READ,
        );
        let rbuf = s.pd.register(RegBuf::new(4096), Access::LOCAL_WRITE);
        let src =
            c.pd.register(buf(1 << 20, |i| (i % 13) as u8 + 1), Access::LOCAL_WRITE);
        s.qp.post_recv(RecvWr {
            wr_id: 5,
            sge: rbuf.sge(0, 4096),
        })
        .unwrap();
        c.qp.post_send(SendWr {
            wr_id: 1,
            op: SendOp::RdmaWrite {
                remote_addr: target.addr() + 4096,
                rkey: target.rkey,
            },
            sge: fabric::sges![src.sge(0, 512 << 10)],
            signaled: false,
        })
        .unwrap();
        c.qp.post_send(SendWr {
            wr_id: 2,
            op: SendOp::Send,
            sge: fabric::sges![src.sge(0, 64)],
            signaled: false,
        })
        .unwrap();
        let rc = wait_cq(&mut c, &mut s, true);
        assert_eq!(rc.wr_id, 5);
        // The write is complete by the time the send that followed it is received.
        assert!(
            target.buf.to_vec(4096, 512 << 10) == src.buf.to_vec(0, 512 << 10),
            "{p:?}"
        );
        assert!(c.cq.is_empty(), "unsignaled requests complete silently");
        // RDMA Read back a different range into a fresh local buffer.
        let sink = c.pd.register(RegBuf::new(300_000), Access::LOCAL_WRITE);
        c.qp.post_send(SendWr {
            wr_id: 3,
            op: SendOp::RdmaRead {
                remote_addr: target.addr() + 4096 + 1000,
                rkey: target.rkey,
            },
            sge: fabric::sges![sink.sge(0, 300_000)],
            signaled: true,
        })
        .unwrap();
        let cc = wait_cq(&mut c, &mut s, false);
        assert_eq!(
            (cc.wr_id, cc.status, cc.opcode, cc.byte_len),
            (3, WcStatus::Success, WcOpcode::RdmaRead, 300_000)
        );
        assert!(sink.buf.to_vec(0, 300_000) == src.buf.to_vec(1000, 300_000));
    }
}

/// An SMB client issues no RDMA Reads of its own (the Linux client asks for an outbound
/// limit of 0): the server must still read the client's buffers (a WRITE's data), with an
/// outbound limit taken from the client's inbound one.
#[test]
fn a_client_that_reads_nothing_itself_can_be_read_by_the_server() {
    for p in all_providers() {
        let (mut c, mut s) = connect_as(p, Faults::default(), (8, 0));
        let exposed = c.pd.register(
            buf(65536, |i| (i % 199) as u8),
            Access::LOCAL_WRITE | Access::REMOTE_READ,
        );
        let sink = s.pd.register(RegBuf::new(65536), Access::LOCAL_WRITE);
        for (i, off) in [0usize, 8192, 16384, 40000].into_iter().enumerate() {
            s.qp.post_send(SendWr {
                wr_id: 10 + i as u64,
                op: SendOp::RdmaRead {
                    remote_addr: exposed.addr() + off as u64,
                    rkey: exposed.rkey,
                },
                sge: fabric::sges![sink.sge(off, 8192)],
                signaled: true,
            })
            .unwrap();
        }
        for _ in 0..4 {
            let wc = wait_cq(&mut c, &mut s, true);
            assert_eq!(
                (wc.status, wc.opcode, wc.byte_len),
                (WcStatus::Success, WcOpcode::RdmaRead, 8192),
                "{p:?}"
            );
        }
        for off in [0usize, 8192, 16384, 40000] {
            assert!(
                sink.buf.to_vec(off, 8192) == exposed.buf.to_vec(off, 8192),
                "{p:?}"
            );
        }
    }
}

#[test]
fn send_with_invalidate_retires_the_key() {
    for p in PROVIDERS {
        let (mut c, mut s) = connect(p);
        // The client exposes a buffer; the server writes into it and answers with a
        // Send With Invalidate naming its key (the SMB Direct read path).
        let exposed = c.pd.register(
            RegBuf::new(65536),
            Access::LOCAL_WRITE | Access::REMOTE_WRITE | Access::REMOTE_READ,
        );
        let crecv = c.pd.register(RegBuf::new(4096), Access::LOCAL_WRITE);
        let data =
            s.pd.register(buf(65536, |i| (i % 200) as u8), Access::LOCAL_WRITE);
        c.qp.post_recv(RecvWr {
            wr_id: 7,
            sge: crecv.sge(0, 4096),
        })
        .unwrap();
        s.qp.post_send(SendWr {
            wr_id: 1,
            op: SendOp::RdmaWrite {
                remote_addr: exposed.addr(),
                rkey: exposed.rkey,
            },
            sge: fabric::sges![data.sge(0, 8192)],
            signaled: false,
        })
        .unwrap();
        s.qp.post_send(SendWr {
            wr_id: 2,
            op: SendOp::SendWithInvalidate { rkey: exposed.rkey },
            sge: fabric::sges![data.sge(0, 64)],
            signaled: true,
        })
        .unwrap();
        let rc = wait_cq(&mut c, &mut s, false);
        assert_eq!((rc.wr_id, rc.status), (7, WcStatus::Success));
        assert_eq!(rc.invalidated_rkey, Some(exposed.rkey), "{p:?}");
        assert!(!c.pd.is_valid(exposed.rkey));
        assert!(exposed.buf.to_vec(0, 8192) == data.buf.to_vec(0, 8192));
        let _ = wait_cq(&mut c, &mut s, true); // the server's send completion
                                               // A later access with the dead key fails with a remote access error, and the
                                               // connection terminates.
        let sink = s.pd.register(RegBuf::new(4096), Access::LOCAL_WRITE);
        s.qp.post_send(SendWr {
            wr_id: 9,
            op: SendOp::RdmaRead {
                remote_addr: exposed.addr(),
                rkey: exposed.rkey,
            },
            sge: fabric::sges![sink.sge(0, 4096)],
            signaled: true,
        })
        .unwrap();
        let e = wait_cq(&mut c, &mut s, true);
        assert_eq!((e.wr_id, e.status), (9, WcStatus::RemoteAccess), "{p:?}");
        let t = wait_event(&mut c, &mut s, true, |e| {
            matches!(e, CmEvent::Terminated { .. })
        });
        assert_eq!(
            t,
            CmEvent::Terminated {
                layer: 0,
                etype: 1,
                code: 0,
                by_peer: true
            }
        );
        wait_event(&mut c, &mut s, false, |e| *e == CmEvent::Disconnected);
        assert_eq!(s.qp.state(), QpState::Error);
    }
}

#[test]
fn rights_and_bounds_violations_terminate() {
    for p in PROVIDERS {
        // Write into a region that only allows remote reads.
        let (mut c, mut s) = connect(p);
        let ro = s.pd.register(RegBuf::new(8192), Access::REMOTE_READ);
        let src = c.pd.register(RegBuf::new(8192), Access::LOCAL_WRITE);
        c.qp.post_send(SendWr {
            wr_id: 1,
            op: SendOp::RdmaWrite {
                remote_addr: ro.addr(),
                rkey: ro.rkey,
            },
            sge: fabric::sges![src.sge(0, 100)],
            signaled: false,
        })
        .unwrap();
        let t = wait_event(&mut c, &mut s, false, |e| {
            matches!(e, CmEvent::Terminated { .. })
        });
        assert_eq!(
            t,
            CmEvent::Terminated {
                layer: 0,
                etype: 1,
                code: 2,
                by_peer: true
            },
            "{p:?}"
        );
        assert!(
            ro.buf.to_vec(0, 100).iter().all(|&b| b == 0),
            "nothing was written"
        );
        // Read past the end of a region.
        let (mut c, mut s) = connect(p);
        let r = s.pd.register(RegBuf::new(8192), Access::REMOTE_READ);
        let sink = c.pd.register(RegBuf::new(16384), Access::LOCAL_WRITE);
        c.qp.post_send(SendWr {
            wr_id: 2,
            op: SendOp::RdmaRead {
                remote_addr: r.addr() + 4096,
                rkey: r.rkey,
            },
            sge: fabric::sges![sink.sge(0, 8192)],
            signaled: true,
        })
        .unwrap();
        let e = wait_cq(&mut c, &mut s, false);
        assert_eq!((e.wr_id, e.status), (2, WcStatus::RemoteAccess));
        let t = wait_event(&mut c, &mut s, false, |e| {
            matches!(e, CmEvent::Terminated { .. })
        });
        assert_eq!(
            t,
            CmEvent::Terminated {
                layer: 0,
                etype: 1,
                code: 1,
                by_peer: true
            }
        );
        // Write with a key the peer never issued.
        let (mut c, mut s) = connect(p);
        let src = c.pd.register(RegBuf::new(8192), Access::LOCAL_WRITE);
        c.qp.post_send(SendWr {
            wr_id: 3,
            op: SendOp::RdmaWrite {
                remote_addr: 0x1000,
                rkey: 0xdead_beef,
            },
            sge: fabric::sges![src.sge(0, 10)],
            signaled: false,
        })
        .unwrap();
        let t = wait_event(&mut c, &mut s, false, |e| {
            matches!(e, CmEvent::Terminated { .. })
        });
        assert_eq!(
            t,
            CmEvent::Terminated {
                layer: 1,
                etype: 1,
                code: 0,
                by_peer: true
            }
        );
    }
}

#[test]
fn receiver_not_ready_and_message_too_long() {
    for p in PROVIDERS {
        let (mut c, mut s) = connect(p);
        let src = c.pd.register(RegBuf::new(8192), Access::default());
        c.qp.post_send(SendWr {
            wr_id: 1,
            op: SendOp::Send,
            sge: fabric::sges![src.sge(0, 32)],
            signaled: false,
        })
        .unwrap();
        let t = wait_event(&mut c, &mut s, false, |e| {
            matches!(e, CmEvent::Terminated { .. })
        });
        assert_eq!(
            t,
            CmEvent::Terminated {
                layer: 1,
                etype: 2,
                code: 2,
                by_peer: true
            },
            "{p:?}"
        );
        wait_event(&mut c, &mut s, false, |e| *e == CmEvent::Disconnected);
        // Posting on a dead queue pair completes as flushed.
        c.qp.post_send(SendWr {
            wr_id: 2,
            op: SendOp::Send,
            sge: fabric::sges![src.sge(0, 32)],
            signaled: true,
        })
        .unwrap();
        let f = wait_cq(&mut c, &mut s, false);
        assert_eq!((f.wr_id, f.status), (2, WcStatus::Flushed));

        let (mut c, mut s) = connect(p);
        let src = c.pd.register(RegBuf::new(8192), Access::default());
        let small = s.pd.register(RegBuf::new(64), Access::LOCAL_WRITE);
        s.qp.post_recv(RecvWr {
            wr_id: 4,
            sge: small.sge(0, 64),
        })
        .unwrap();
        c.qp.post_send(SendWr {
            wr_id: 1,
            op: SendOp::Send,
            sge: fabric::sges![src.sge(0, 100)],
            signaled: false,
        })
        .unwrap();
        let e = wait_cq(&mut c, &mut s, true);
        assert_eq!((e.wr_id, e.status), (4, WcStatus::LocalLength), "{p:?}");
        let t = wait_event(&mut c, &mut s, false, |e| {
            matches!(e, CmEvent::Terminated { .. })
        });
        assert_eq!(
            t,
            CmEvent::Terminated {
                layer: 1,
                etype: 2,
                code: 5,
                by_peer: true
            }
        );
    }
}

/// Work outstanding when the peer goes is flushed: a posted receive always; an RDMA Read
/// in flight on the software providers, and on a device unless it had already finished.
#[test]
fn disconnect_mid_transfer_flushes_outstanding_work() {
    for p in all_providers() {
        let (mut c, mut s) = connect(p);
        let big = s.pd.register(RegBuf::new(4 << 20), Access::REMOTE_READ);
        let sink = c.pd.register(RegBuf::new(4 << 20), Access::LOCAL_WRITE);
        let rb = c.pd.register(RegBuf::new(4096), Access::LOCAL_WRITE);
        c.qp.post_recv(RecvWr {
            wr_id: 50,
            sge: rb.sge(0, 4096),
        })
        .unwrap();
        c.qp.post_send(SendWr {
            wr_id: 51,
            op: SendOp::RdmaRead {
                remote_addr: big.addr(),
                rkey: big.rkey,
            },
            sge: fabric::sges![sink.sge(0, 4 << 20)],
            signaled: true,
        })
        .unwrap();
        // The server goes away before answering.
        s.qp.disconnect();
        let mut got = Vec::new();
        pump(&mut c, &mut s, |c, _| {
            c.cq.poll(&mut got, 16);
            got.len() == 2
        });
        got.sort_by_key(|c| c.wr_id);
        assert_eq!(
            (got[0].wr_id, got[0].status),
            (50, WcStatus::Flushed),
            "{p:?}"
        );
        // A device may have finished the Read before the close reached it.
        let finished = match p {
            #[cfg(feature = "verbs")]
            Prov::Verbs => got[1].status == WcStatus::Success,
            _ => false,
        };
        assert!(
            got[1].wr_id == 51 && (got[1].status == WcStatus::Flushed || finished),
            "{p:?}: {:?}",
            got[1]
        );
        wait_event(&mut c, &mut s, false, |e| *e == CmEvent::Disconnected);
        assert_eq!(c.qp.state(), QpState::Closed);
    }
}

/// Loopback: a queue pair closed with an RDMA Write and the Send behind it posted but not
/// yet taken by the peer delivers neither (the Write is flushed, and a real queue pair
/// delivers nothing posted after a flushed request: the Send would announce data that
/// never came).
#[test]
fn loopback_close_delivers_nothing_after_a_flushed_write() {
    let (mut c, mut s) = connect(Prov::Loopback);
    let target = s.pd.register(
        RegBuf::new(8192),
        Access::LOCAL_WRITE | Access::REMOTE_WRITE,
    );
    let rbuf = s.pd.register(RegBuf::new(4096), Access::LOCAL_WRITE);
    s.qp.post_recv(RecvWr {
        wr_id: 9,
        sge: rbuf.sge(0, 4096),
    })
    .unwrap();
    let src =
        c.pd.register(buf(8192, |i| (i % 7) as u8 + 1), Access::LOCAL_WRITE);
    for (wr_id, op) in [
        (
            1,
            SendOp::RdmaWrite {
                remote_addr: target.addr(),
                rkey: target.rkey,
            },
        ),
        (2, SendOp::Send),
    ] {
        c.qp.post_send(SendWr {
            wr_id,
            op,
            sge: fabric::sges![src.sge(0, if wr_id == 1 { 8192 } else { 64 })],
            signaled: true,
        })
        .unwrap();
    }
    c.qp.disconnect();
    let mut got = Vec::new();
    let end = Instant::now() + Duration::from_secs(5);
    while Instant::now() < end {
        c.qp.progress().unwrap();
        s.qp.progress().unwrap();
        s.cq.poll(&mut got, 16);
        if s.qp.state() != QpState::Connected {
            break;
        }
    }
    assert!(
        got.iter().all(|w| w.status != WcStatus::Success),
        "received after a flushed RDMA Write: {got:?}"
    );
    assert!(
        target.buf.to_vec(0, 8192).iter().all(|&b| b == 0),
        "write landed"
    );
}

#[test]
fn ord_limits_outstanding_reads_and_reject_carries_private_data() {
    for p in PROVIDERS {
        let (mut c, _s) = connect(p);
        let sink = c.pd.register(RegBuf::new(4096), Access::LOCAL_WRITE);
        for i in 0..4 {
            c.qp.post_send(SendWr {
                wr_id: i,
                op: SendOp::RdmaRead {
                    remote_addr: 0,
                    rkey: 1,
                },
                sge: fabric::sges![sink.sge(0, 16)],
                signaled: true,
            })
            .unwrap();
        }
        let r = c.qp.post_send(SendWr {
            wr_id: 9,
            op: SendOp::RdmaRead {
                remote_addr: 0,
                rkey: 1,
            },
            sge: fabric::sges![sink.sge(0, 16)],
            signaled: true,
        });
        assert!(
            matches!(r, Err(Error::InvalidRequest(_))),
            "{p:?}: the server's IRD is 4"
        );
        c.qp.disconnect();
    }
    // Reject.
    let (pd, cq) = (Pd::new(), Cq::new());
    let f = iwarp::IwarpFabric::new();
    let mut l = f.listen("127.0.0.1:0".parse().unwrap()).unwrap();
    let mut qp = f
        .connect(l.local_addr().parse().unwrap(), &pd, &cq, b"x", 1, 1)
        .unwrap();
    let end = Instant::now() + Duration::from_secs(5);
    let req = loop {
        if let Some(r) = l.poll_request().unwrap() {
            break r;
        }
        assert!(Instant::now() < end);
    };
    req.reject(b"go away");
    let ev = loop {
        qp.progress().unwrap();
        if let Some(e) = qp.poll_event() {
            break e;
        }
        assert!(Instant::now() < end);
    };
    assert_eq!(
        ev,
        CmEvent::Rejected {
            private_data: b"go away".to_vec()
        }
    );
}

#[test]
fn loopback_faults_are_deterministic_and_keep_per_qp_order() {
    // Batched, delayed delivery over two queue pairs: each keeps its order.
    for seed in 1..6u64 {
        let faults = Faults {
            seed,
            max_batch: Some(3),
            ..Faults::default()
        };
        let (mut c1, mut s1) = connect_with(Prov::Loopback, faults);
        let (mut c2, mut s2) = connect_with(Prov::Loopback, faults);
        for (c, s) in [(&mut c1, &mut s1), (&mut c2, &mut s2)] {
            let rb = s.pd.register(RegBuf::new(64 * 16), Access::LOCAL_WRITE);
            let sb =
                c.pd.register(buf(64 * 16, |i| (i / 64) as u8), Access::default());
            for i in 0..16u64 {
                s.qp.post_recv(RecvWr {
                    wr_id: i,
                    sge: rb.sge(i as usize * 64, 64),
                })
                .unwrap();
            }
            for i in 0..16u64 {
                c.qp.post_send(SendWr {
                    wr_id: i,
                    op: SendOp::Send,
                    sge: fabric::sges![sb.sge(i as usize * 64, 64)],
                    signaled: false,
                })
                .unwrap();
            }
        }
        let mut got1 = Vec::new();
        let mut got2 = Vec::new();
        let end = Instant::now() + Duration::from_secs(5);
        while got1.len() < 16 || got2.len() < 16 {
            for s in [&mut c1, &mut c2, &mut s1, &mut s2] {
                s.qp.progress().unwrap();
            }
            s1.cq.poll(&mut got1, 64);
            s2.cq.poll(&mut got2, 64);
            assert!(Instant::now() < end);
        }
        for g in [&got1, &got2] {
            let ids: Vec<u64> = g.iter().map(|c| c.wr_id).collect();
            assert_eq!(ids, (0..16).collect::<Vec<_>>(), "seed {seed}");
        }
    }
    // A dropped connection: both sides see Disconnected, outstanding work is flushed.
    let (mut c, mut s) = connect_with(
        Prov::Loopback,
        Faults {
            drop_after_segments: Some(1),
            ..Faults::default()
        },
    );
    let rb = s.pd.register(RegBuf::new(64), Access::LOCAL_WRITE);
    let sb = c.pd.register(RegBuf::new(64), Access::default());
    s.qp.post_recv(RecvWr {
        wr_id: 1,
        sge: rb.sge(0, 64),
    })
    .unwrap();
    s.qp.post_recv(RecvWr {
        wr_id: 2,
        sge: rb.sge(0, 64),
    })
    .unwrap();
    for i in 0..2 {
        c.qp.post_send(SendWr {
            wr_id: i,
            op: SendOp::Send,
            sge: fabric::sges![sb.sge(0, 8)],
            signaled: false,
        })
        .unwrap();
    }
    wait_event(&mut c, &mut s, true, |e| *e == CmEvent::Disconnected);
    let mut got = Vec::new();
    s.cq.poll(&mut got, 8);
    assert_eq!(
        got.iter().map(|c| (c.wr_id, c.status)).collect::<Vec<_>>(),
        vec![(1, WcStatus::Success), (2, WcStatus::Flushed)]
    );
    // An injected access failure on the first tagged segment.
    let (mut c, mut s) = connect_with(
        Prov::Loopback,
        Faults {
            fail_access_at: Some(1),
            ..Faults::default()
        },
    );
    let t = s.pd.register(RegBuf::new(64), Access::REMOTE_WRITE);
    let sb = c.pd.register(RegBuf::new(64), Access::default());
    c.qp.post_send(SendWr {
        wr_id: 1,
        op: SendOp::RdmaWrite {
            remote_addr: t.addr(),
            rkey: t.rkey,
        },
        sge: fabric::sges![sb.sge(0, 8)],
        signaled: false,
    })
    .unwrap();
    let ev = wait_event(&mut c, &mut s, false, |e| {
        matches!(e, CmEvent::Terminated { .. })
    });
    assert_eq!(
        ev,
        CmEvent::Terminated {
            layer: 1,
            etype: 1,
            code: 0,
            by_peer: true
        }
    );
}

#[test]
fn verbs_provider_runs_here_only_with_a_device() {
    #[cfg(feature = "verbs")]
    {
        match fabric::verbs::devices() {
            Ok(d) if !d.is_empty() => {
                println!("verbs: devices {d:?}; the provider-neutral cases ran on the first")
            }
            Ok(_) => {
                // Opening says why, plainly, instead of handing out a dead fabric.
                let e = fabric::verbs::VerbsFabric::open(None).unwrap_err();
                assert!(
                    matches!(&e, Error::Unavailable(m) if m.contains("no RDMA device")),
                    "{e}"
                );
                println!("verbs: skipped, no RDMA device present ({e})")
            }
            Err(e) => println!("verbs: skipped, {e}"),
        }
    }
    #[cfg(not(feature = "verbs"))]
    println!("verbs: skipped, built without the `verbs` feature");
}

/// A source buffer may be reused the moment its request completes: what the peer gets
/// is what the buffer held when posted. The loopback provider hands the peer a reference
/// to the sender's memory (copied once, by the receiving side), so there the completion
/// must wait for the peer to take the data.
#[test]
fn a_completed_request_no_longer_needs_its_buffer() {
    for p in all_providers() {
        let (mut c, mut s) = connect(p);
        let target = s.pd.register(
            RegBuf::new(64 << 10),
            Access::LOCAL_WRITE | Access::REMOTE_WRITE,
        );
        let rbuf = s.pd.register(RegBuf::new(4096), Access::LOCAL_WRITE);
        let src = c.pd.register(buf(64 << 10, |_| 0xA1), Access::LOCAL_WRITE);
        s.qp.post_recv(RecvWr {
            wr_id: 7,
            sge: rbuf.sge(0, 4096),
        })
        .unwrap();
        c.qp.post_send(SendWr {
            wr_id: 1,
            op: SendOp::RdmaWrite {
                remote_addr: target.addr(),
                rkey: target.rkey,
            },
            sge: fabric::sges![src.sge(0, 64 << 10)],
            signaled: true,
        })
        .unwrap();
        c.qp.post_send(SendWr {
            wr_id: 2,
            op: SendOp::Send,
            sge: fabric::sges![src.sge(0, 100)],
            signaled: true,
        })
        .unwrap();
        if matches!(p, Prov::Loopback) {
            for _ in 0..100 {
                c.qp.progress().unwrap();
            }
            assert!(c.cq.is_empty(), "completed before the peer took the data");
        }
        let w = wait_cq(&mut c, &mut s, false);
        assert_eq!(
            (w.wr_id, w.status, w.opcode),
            (1, WcStatus::Success, WcOpcode::RdmaWrite)
        );
        let sc = wait_cq(&mut c, &mut s, false);
        assert_eq!(
            (sc.wr_id, sc.opcode),
            (2, WcOpcode::Send),
            "completions keep post order"
        );
        // Reuse at once.
        src.buf.write(0, &vec![0x5B; 64 << 10]);
        let rc = wait_cq(&mut c, &mut s, true);
        assert_eq!((rc.wr_id, rc.byte_len), (7, 100));
        assert!(
            target.buf.to_vec(0, 64 << 10).iter().all(|&b| b == 0xA1),
            "{p:?}"
        );
        assert!(rbuf.buf.to_vec(0, 100).iter().all(|&b| b == 0xA1), "{p:?}");
    }
}

#[test]
fn loopback_sends_small_and_large_arrive_intact_whatever_the_sender_does_after_posting() {
    // Small Sends travel inline (copied at posting, done at once); larger ones are read
    // from the sender's memory, which it keeps until the Send completes. Either way the
    // receiver gets the bytes as they were when posted, in order.
    let (mut c, mut s) = connect(Prov::Loopback);
    let rb = s.pd.register(RegBuf::new(4096 * 5), Access::LOCAL_WRITE);
    let src = c.pd.register(RegBuf::new(4096), Access::default());
    let lens = [1usize, 100, 188, 189, 4096];
    for (i, _) in lens.iter().enumerate() {
        s.qp.post_recv(RecvWr {
            wr_id: i as u64,
            sge: rb.sge(i * 4096, 4096),
        })
        .unwrap();
    }
    let mut sent = Vec::new();
    for (i, &len) in lens.iter().enumerate() {
        let bytes: Vec<u8> = (0..len).map(|k| (k * 7 + i) as u8).collect();
        src.buf.write(0, &bytes);
        c.qp.post_send(SendWr {
            wr_id: i as u64,
            op: SendOp::Send,
            sge: fabric::sges![src.sge(0, len)],
            signaled: true,
        })
        .unwrap();
        sent.push(bytes);
        let mut done = Vec::new();
        c.cq.poll(&mut done, 8);
        if len <= 188 {
            // Done with the sender's buffer already: it may be overwritten at once.
            assert_eq!(done.iter().map(|w| w.wr_id).collect::<Vec<_>>(), [i as u64]);
        } else {
            // Held until the receiver has it: wait before reusing the buffer.
            assert!(done.is_empty());
            let w = wait_cq(&mut c, &mut s, false);
            assert_eq!((w.wr_id, w.status), (i as u64, WcStatus::Success));
        }
        src.buf.write(0, &vec![0xEE; 4096]);
    }
    let mut got = Vec::new();
    let end = Instant::now() + Duration::from_secs(5);
    while got.len() < lens.len() {
        c.qp.progress().unwrap();
        s.qp.progress().unwrap();
        s.cq.poll(&mut got, 16);
        assert!(Instant::now() < end);
    }
    for (i, w) in got.iter().enumerate() {
        assert_eq!((w.wr_id, w.status), (i as u64, WcStatus::Success));
        assert_eq!(w.byte_len as usize, lens[i]);
        assert_eq!(rb.buf.to_vec(i * 4096, lens[i]), sent[i], "send {i}");
    }
}

/// Two clients of one listener, the server's two queue pairs sharing a completion queue
/// and a shared receive queue; None where the provider's device has no shared receive
/// queues. Returns (clients, server queue pairs, server pd, cq, srq).
#[allow(clippy::type_complexity)]
fn two_clients_on_one_srq(p: Prov) -> Option<(Vec<Side>, Vec<Box<dyn QueuePair>>, Pd, Cq, Srq)> {
    #[allow(unused_mut)]
    let (mut spd, mut scq) = (Pd::new(), Cq::new());
    let mut clients: Vec<Side> = Vec::new();
    let mut connect_one: Box<dyn FnMut() -> (Pd, Cq, Box<dyn QueuePair>)>;
    let mut listener: Box<dyn Listener>;
    let srq = match p {
        #[cfg(feature = "verbs")]
        Prov::Verbs => {
            let f = std::sync::Arc::new(fabric::verbs::VerbsFabric::open(None).unwrap());
            (spd, scq) = (f.pd().unwrap(), f.cq(4096).unwrap());
            let Some(q) = f.srq(&spd, 64).unwrap() else {
                println!("verbs: the device has no shared receive queues");
                return None;
            };
            listener = f.listen(verbs_addr()).unwrap();
            let addr = listener.local_addr().parse().unwrap();
            connect_one = Box::new(move || {
                let (pd, cq) = (f.pd().unwrap(), f.cq(1024).unwrap());
                let qp = f.connect(addr, &pd, &cq, b"hi", 4, 4).unwrap();
                (pd, cq, qp)
            });
            q
        }
        Prov::Loopback => {
            let f = LoopbackFabric::new();
            listener = f.listen("server").unwrap();
            connect_one = Box::new(move || {
                let (pd, cq) = (Pd::new(), Cq::new());
                let qp = f.connect("server", &pd, &cq, b"hi", 4, 4).unwrap();
                (pd, cq, qp)
            });
            Srq::new(64)
        }
        Prov::Iwarp => {
            let f = iwarp::IwarpFabric::new();
            listener = f.listen("127.0.0.1:0".parse().unwrap()).unwrap();
            let addr = listener.local_addr().parse().unwrap();
            connect_one = Box::new(move || {
                let (pd, cq) = (Pd::new(), Cq::new());
                let qp = f.connect(addr, &pd, &cq, b"hi", 4, 4).unwrap();
                (pd, cq, qp)
            });
            Srq::new(64)
        }
    };
    let mut servers = Vec::new();
    for _ in 0..2 {
        let (pd, cq, mut qp) = connect_one();
        let req = wait_request(&mut *listener, &mut *qp);
        servers.push(req.accept_srq(&spd, &scq, &srq, b"", 4, 4).unwrap());
        let end = Instant::now() + Duration::from_secs(10);
        loop {
            qp.progress().unwrap();
            for s in servers.iter_mut() {
                s.progress().unwrap();
            }
            match qp.poll_event() {
                Some(CmEvent::Established { .. }) => break,
                Some(e) => panic!("{p:?}: {e:?}"),
                None => assert!(Instant::now() < end, "{p:?}: not established"),
            }
        }
        clients.push(Side { pd, cq, qp });
    }
    Some((clients, servers, spd, scq, srq))
}

/// A shared receive queue feeds both queue pairs attached to it, in posting order, each
/// completion naming the queue pair that took the receive; a queue pair on one refuses
/// receives of its own, and its close leaves the queue's receives to the other.
#[test]
fn a_shared_receive_queue_feeds_every_queue_pair_attached() {
    for p in all_providers() {
        let Some((mut clients, mut servers, spd, scq, srq)) = two_clients_on_one_srq(p) else {
            continue;
        };
        let slot = 4096;
        let rbuf = spd.register(RegBuf::new(slot * 4), Access::LOCAL_WRITE);
        for i in 0..4 {
            srq.post_recv(RecvWr {
                wr_id: 100 + i as u64,
                sge: rbuf.sge(i * slot, slot),
            })
            .unwrap();
        }
        assert!(
            servers[0]
                .post_recv(RecvWr {
                    wr_id: 1,
                    sge: rbuf.sge(0, 16),
                })
                .is_err(),
            "{p:?}: a queue pair on a shared receive queue takes no receives of its own"
        );
        let qpns: Vec<u32> = servers.iter().map(|s| s.qp_num()).collect();
        assert_ne!(qpns[0], qpns[1]);
        let progress_all = |clients: &mut Vec<Side>, servers: &mut Vec<Box<dyn QueuePair>>| {
            for c in clients.iter_mut() {
                let _ = c.qp.progress();
            }
            for s in servers.iter_mut() {
                let _ = s.progress();
            }
        };
        // One message at a time, from the first client, the second, the first again:
        // each takes the oldest receive, and says which queue pair it came in on.
        let bufs: Vec<Mr> = clients
            .iter()
            .map(|c| c.pd.register(RegBuf::new(64), Access::default()))
            .collect();
        for (n, from) in [0usize, 1, 0].into_iter().enumerate() {
            let msg = format!("message {n} from client {from}");
            bufs[from].buf.write(0, msg.as_bytes());
            clients[from]
                .qp
                .post_send(SendWr {
                    wr_id: 10 + n as u64,
                    op: SendOp::Send,
                    sge: fabric::sges![bufs[from].sge(0, msg.len())],
                    signaled: false,
                })
                .unwrap();
            let mut got = Vec::new();
            let end = Instant::now() + Duration::from_secs(10);
            while scq.poll(&mut got, 4) == 0 {
                progress_all(&mut clients, &mut servers);
                assert!(Instant::now() < end, "{p:?}: message {n} never arrived");
            }
            let c = got[0];
            assert_eq!(
                (c.wr_id, c.status, c.opcode, c.byte_len as usize, c.qp_num),
                (
                    100 + n as u64,
                    WcStatus::Success,
                    WcOpcode::Recv,
                    msg.len(),
                    qpns[from]
                ),
                "{p:?}: message {n}"
            );
            assert_eq!(
                rbuf.buf.to_vec(n * slot, msg.len()),
                msg.as_bytes(),
                "{p:?}"
            );
        }
        // The first client's server side closes: the queue's last receive stays posted
        // (nothing of it is flushed) and takes the second client's next message.
        servers[0].disconnect();
        let end = Instant::now() + Duration::from_secs(10);
        let mut got = Vec::new();
        while servers[0].state() != QpState::Closed && servers[0].state() != QpState::Error {
            progress_all(&mut clients, &mut servers);
            scq.poll(&mut got, 16);
            assert!(Instant::now() < end, "{p:?}: the close never finished");
        }
        for _ in 0..100 {
            progress_all(&mut clients, &mut servers);
            scq.poll(&mut got, 16);
        }
        assert!(
            got.iter().all(|c| c.qp_num != qpns[0] || c.wr_id < 100),
            "{p:?}: the close flushed the shared queue's receives: {got:?}"
        );
        let msg = b"after the other left";
        bufs[1].buf.write(0, msg);
        clients[1]
            .qp
            .post_send(SendWr {
                wr_id: 20,
                op: SendOp::Send,
                sge: fabric::sges![bufs[1].sge(0, msg.len())],
                signaled: false,
            })
            .unwrap();
        let end = Instant::now() + Duration::from_secs(10);
        let c = loop {
            progress_all(&mut clients, &mut servers);
            scq.poll(&mut got, 16);
            if let Some(c) = got.iter().find(|c| c.wr_id == 103) {
                break *c;
            }
            assert!(
                Instant::now() < end,
                "{p:?}: the last message never arrived"
            );
        };
        assert_eq!(
            (c.status, c.qp_num, c.byte_len as usize),
            (WcStatus::Success, qpns[1], msg.len()),
            "{p:?}"
        );
        assert_eq!(rbuf.buf.to_vec(3 * slot, msg.len()), msg, "{p:?}");
    }
}

/// A software shared receive queue holds what it was made for, no more.
#[test]
fn a_software_shared_receive_queue_is_bounded() {
    let q = Srq::new(2);
    let pd = Pd::new();
    let m = pd.register(RegBuf::new(64), Access::LOCAL_WRITE);
    for i in 0..2 {
        q.post_recv(RecvWr {
            wr_id: i,
            sge: m.sge(0, 64),
        })
        .unwrap();
    }
    assert!(q
        .post_recv(RecvWr {
            wr_id: 2,
            sge: m.sge(0, 64),
        })
        .is_err());
    assert_eq!(q.capacity(), 2);
}
