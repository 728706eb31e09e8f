//! What a provider does its own way: the loopback fabric's injected faults, the verbs
//! provider only where a device exists, and shared receive queues.

use super::*;

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
