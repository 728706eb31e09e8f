//! MS-SMBD over the loopback fabric with a virtual clock, and once over software iWARP.

use fabric::loopback::LoopbackFabric;
use fabric::*;
use rand::{Rng, SeedableRng};
use smbdirect::wire::*;
use smbdirect::{Config, Disconnect, SmbdConnection};

/// A connected pair of raw queue pairs: (client side, server side).
/// One side of a raw connection: its queue pair, protection domain and completion queue.
type Side = (Box<dyn QueuePair>, Pd, Cq);

fn qp_pair(f: &LoopbackFabric, name: &str) -> (Side, Side) {
    qp_pair_on(f, name, Cq::new())
}

/// As [`qp_pair`], the server side's completions on `scq` (which may be shared).
fn qp_pair_on(f: &LoopbackFabric, name: &str, scq: Cq) -> (Side, Side) {
    qp_pair_in(f, name, Pd::new(), scq, None)
}

/// As [`qp_pair_on`], the server's queue pair in `spd`, attached to `srq` if given.
fn qp_pair_in(f: &LoopbackFabric, name: &str, spd: Pd, scq: Cq, srq: Option<&Srq>) -> (Side, Side) {
    let mut l = f.listen(name).unwrap();
    let (cpd, ccq) = (Pd::new(), Cq::new());
    let mut c = f.connect(name, &cpd, &ccq, b"", 16, 16).unwrap();
    let req = l.poll_request().unwrap().unwrap();
    let s = req.accept_on(&spd, &scq, srq, b"", 16, 16).unwrap();
    for _ in 0..100 {
        c.progress().unwrap();
        if let Some(CmEvent::Established { .. }) = c.poll_event() {
            break;
        }
    }
    ((c, cpd, ccq), (s, spd, scq))
}

/// Drives a raw peer and a server connection until the server gives up.
fn until_closed(peer: &mut Box<dyn QueuePair>, s: &mut SmbdConnection) -> Option<Disconnect> {
    for _ in 0..200 {
        peer.progress().unwrap();
        if let Err(e) = s.poll(0) {
            return Some(e);
        }
    }
    None
}

fn pair(cfg_c: Config, cfg_s: Config) -> (SmbdConnection, SmbdConnection) {
    let f = LoopbackFabric::new();
    let ((cq, cpd, ccq), (sq, spd, scq)) = qp_pair(&f, "smbd");
    let s = SmbdConnection::accept(sq, spd, scq, cfg_s, 0);
    let c = SmbdConnection::connect(cq, cpd, ccq, cfg_c, 0);
    (c, s)
}

/// Drives both ends until RDMA operation `op` of the server finishes.
fn wait_rdma(
    c: &mut SmbdConnection,
    s: &mut SmbdConnection,
    op: u64,
) -> Option<std::result::Result<Vec<u8>, WcStatus>> {
    for _ in 0..100 {
        let _ = c.poll(0);
        let _ = s.poll(0);
        if let Some(r) = s.rdma_result(op) {
            return Some(r);
        }
    }
    None
}

/// A buffer the client exposes to the server's RDMA Reads and Writes.
fn exposed(pd: &Pd, len: usize) -> Mr {
    pd.register(
        RegBuf::new(len),
        Access::LOCAL_WRITE | Access::REMOTE_WRITE | Access::REMOTE_READ,
    )
}

fn pump(c: &mut SmbdConnection, s: &mut SmbdConnection, now: u64, rounds: usize) {
    for _ in 0..rounds {
        c.poll(now).unwrap();
        s.poll(now).unwrap();
    }
}

#[test]
fn negotiate_then_messages_of_every_size_both_ways() {
    let (mut c, mut s) = pair(Config::default(), Config::default());
    pump(&mut c, &mut s, 0, 10);
    assert!(c.is_connected() && s.is_connected());
    assert_eq!(c.max_read_write_size(), 8 << 20);
    assert!(
        s.send_credits() > 0,
        "the client granted the server credits"
    );
    let mut rng = rand::rngs::StdRng::seed_from_u64(9);
    for i in 0..200 {
        let len = match i % 4 {
            0 => rng.gen_range(1..100),
            1 => rng.gen_range(1300..1400),
            2 => rng.gen_range(10_000..100_000),
            _ => 1 << 20, // the negotiated maximum: 770 fragments
        };
        let m: Vec<u8> = (0..len).map(|k| (k as u8) ^ (i as u8)).collect();
        if i % 2 == 0 {
            c.send(m.clone()).unwrap();
        } else {
            s.send(m.clone()).unwrap();
        }
        let mut got = None;
        for _ in 0..100_000 {
            c.poll(0).unwrap();
            s.poll(0).unwrap();
            got = if i % 2 == 0 { s.recv() } else { c.recv() };
            if got.is_some() {
                break;
            }
        }
        assert!(got.as_deref() == Some(&m[..]), "message {i} of {len} bytes");
    }
    // 50 messages of 1 MiB went from the server in 770 fragments each.
    assert!(s.counters.fragments_sent > 50 * 770, "{:?}", s.counters);
}

#[test]
fn small_credit_windows_never_deadlock() {
    let cfg = Config {
        receive_credit_max: 3,
        send_credit_target: 3,
        send_slots: 3,
        ..Config::default()
    };
    let (mut c, mut s) = pair(cfg, cfg);
    pump(&mut c, &mut s, 0, 10);
    // Both sides queue many multi-fragment messages at once.
    for i in 0..20u8 {
        c.send(vec![i; 5000]).unwrap();
        s.send(vec![!i; 7000]).unwrap();
    }
    let (mut a, mut b) = (0, 0);
    for _ in 0..200_000 {
        c.poll(0).unwrap();
        s.poll(0).unwrap();
        while let Some(m) = s.recv() {
            assert_eq!(m, vec![a as u8; 5000]);
            a += 1;
        }
        while let Some(m) = c.recv() {
            assert_eq!(m, vec![!(b as u8); 7000]);
            b += 1;
        }
        if a == 20 && b == 20 {
            break;
        }
    }
    assert_eq!((a, b), (20, 20));
}

#[test]
fn keepalive_is_answered_and_its_absence_disconnects() {
    let (mut c, mut s) = pair(Config::default(), Config::default());
    pump(&mut c, &mut s, 0, 10);
    // Idle for two minutes: the server asks, the client answers, both stay up.
    pump(&mut c, &mut s, 120_000, 10);
    pump(&mut c, &mut s, 126_000, 10);
    assert!(c.is_connected() && s.is_connected());
    // Now the client stops answering (nobody polls it): the server gives up after 5 s.
    let mut t = 126_000;
    let err = loop {
        t += 1000;
        match s.poll(t) {
            Ok(_) => assert!(t < 400_000, "no keepalive timeout"),
            Err(e) => break e,
        }
    };
    assert_eq!(err, Disconnect::KeepaliveTimeout);
    // The client last answered at 120 s: the next keepalive is due at 240 s and the
    // connection ends 5 s later.
    assert!((245_000..=246_000).contains(&t), "{t}");
}

#[test]
fn negotiate_timeout_and_bad_negotiate_requests() {
    // A peer that connects and never negotiates.
    let f = LoopbackFabric::new();
    let ((_cq, _cpd, _ccq), (sq, spd, scq)) = qp_pair(&f, "a");
    let mut s = SmbdConnection::accept(sq, spd, scq, Config::default(), 0);
    assert!(s.poll(4_999).is_ok());
    assert_eq!(s.poll(5_000), Err(Disconnect::NegotiateTimeout));

    // A peer that asks for no credits, and one with no common version.
    for (credits, minv, want) in [
        (0u16, VERSION, "asks for no credits"),
        (10, 0x0200, "no common"),
    ] {
        let f = LoopbackFabric::new();
        let ((mut cq, cpd, ccq), (sq, spd, scq)) = qp_pair(&f, "b");
        let mut s = SmbdConnection::accept(sq, spd, scq, Config::default(), 0);
        let rb = cpd.register(RegBuf::new(4096), Access::LOCAL_WRITE);
        cq.post_recv(RecvWr {
            wr_id: 1,
            sge: rb.sge(0, 4096),
        })
        .unwrap();
        let req = NegotiateRequest {
            min_version: minv,
            max_version: minv,
            credits_requested: credits,
            preferred_send_size: 1364,
            max_receive_size: 8192,
            max_fragmented_size: 1 << 20,
        }
        .encode();
        let sb = cpd.register(RegBuf::new(64), Access::default());
        sb.buf.write(0, &req);
        cq.post_send(SendWr {
            wr_id: 2,
            op: SendOp::Send,
            sge: fabric::sges![sb.sge(0, req.len())],
            signaled: false,
        })
        .unwrap();
        let err = until_closed(&mut cq, &mut s);
        match err {
            Some(Disconnect::Protocol(m)) => assert!(m.contains(want), "{m}"),
            e => panic!("{e:?}"),
        }
        if minv != VERSION {
            // The refusal still went out, with STATUS_NOT_SUPPORTED.
            let mut wc = Vec::new();
            for _ in 0..100 {
                cq.progress().unwrap();
                ccq.poll(&mut wc, 8);
                if wc.iter().any(|w| w.wr_id == 1) {
                    break;
                }
            }
            let w = wc
                .iter()
                .find(|w| w.wr_id == 1)
                .expect("a negotiate response");
            let r = NegotiateResponse::parse(&rb.buf.to_vec(0, w.byte_len as usize)).unwrap();
            assert_eq!(r.status, STATUS_NOT_SUPPORTED);
        }
    }
}

/// A raw client: negotiates by hand, then does what the test says.
struct Raw {
    qp: Box<dyn QueuePair>,
    cq: Cq,
    rb: Mr,
    sb: Mr,
    next: u64,
}

impl Raw {
    fn new(f: &LoopbackFabric, name: &str) -> (Raw, SmbdConnection) {
        let ((cq, cpd, ccq), (sq, spd, scq)) = qp_pair(f, name);
        let s = SmbdConnection::accept(sq, spd, scq, Config::default(), 0);
        let rb = cpd.register(RegBuf::new(8192 * 64), Access::LOCAL_WRITE);
        let sb = cpd.register(RegBuf::new(1 << 16), Access::default());
        let mut r = Raw {
            qp: cq,
            cq: ccq,
            rb,
            sb,
            next: 100,
        };
        for i in 0..4 {
            let sge = r.rb.sge(i * 8192, 8192);
            r.qp.post_recv(RecvWr {
                wr_id: i as u64,
                sge,
            })
            .unwrap();
        }
        (r, s)
    }
    fn send(&mut self, bytes: &[u8]) {
        let off = (self.next as usize % 8) * 8192;
        self.sb.buf.write(off, bytes);
        self.next += 1;
        let sge = self.sb.sge(off, bytes.len());
        self.qp
            .post_send(SendWr {
                wr_id: self.next,
                op: SendOp::Send,
                sge: fabric::sges![sge],
                signaled: false,
            })
            .unwrap();
    }
    fn negotiate(&mut self, s: &mut SmbdConnection) -> NegotiateResponse {
        let req = NegotiateRequest {
            min_version: VERSION,
            max_version: VERSION,
            credits_requested: 4,
            preferred_send_size: 1364,
            max_receive_size: 8192,
            max_fragmented_size: 1 << 20,
        }
        .encode();
        self.send(&req);
        let mut wc = Vec::new();
        for _ in 0..100 {
            self.qp.progress().unwrap();
            let _ = s.poll(0);
            self.cq.poll(&mut wc, 8);
            if let Some(w) = wc.iter().find(|w| w.opcode == WcOpcode::Recv) {
                let slot = w.wr_id as usize;
                return NegotiateResponse::parse(
                    &self.rb.buf.to_vec(slot * 8192, w.byte_len as usize),
                )
                .unwrap();
            }
        }
        panic!("no negotiate response");
    }
    fn data(&mut self, granted: u16, remaining: u32, payload: &[u8]) {
        let mut m = vec![0u8; DATA_HEADER + payload.len()];
        DataHeader {
            credits_requested: 4,
            credits_granted: granted,
            flags: 0,
            remaining_data_length: remaining,
            data_offset: if payload.is_empty() {
                0
            } else {
                DATA_HEADER as u32
            },
            data_length: payload.len() as u32,
        }
        .write(&mut m);
        m[DATA_HEADER..].copy_from_slice(payload);
        self.send(&m);
    }
}

#[test]
fn a_peer_sending_beyond_its_credits_is_disconnected() {
    let f = LoopbackFabric::new();
    let (mut raw, mut s) = Raw::new(&f, "c");
    let resp = raw.negotiate(&mut s);
    assert!(resp.credits_granted >= 1);
    assert_eq!(resp.max_fragmented_size, 1 << 20);
    // Use every granted credit, then one more.
    for _ in 0..=resp.credits_granted {
        raw.data(0, 0, b"x");
    }
    let err = until_closed(&mut raw.qp, &mut s);
    assert_eq!(err, Some(Disconnect::CreditViolation));
}

#[test]
fn inconsistent_fragments_and_oversized_messages_are_refused() {
    for (case, want) in [
        (0, "do not add up"),
        (1, "MaxFragmentedSize"),
        (2, "malformed"),
    ] {
        let f = LoopbackFabric::new();
        let (mut raw, mut s) = Raw::new(&f, "d");
        raw.negotiate(&mut s);
        match case {
            0 => {
                raw.data(4, 1000, &[1u8; 500]);
                raw.data(0, 900, &[1u8; 500]); // 1000 - 500 is 500, not 900
            }
            1 => raw.data(4, 2 << 20, &[1u8; 100]),
            _ => {
                let mut m = vec![0u8; 40];
                m[0] = 4;
                m[12] = 20; // data offset not 8-aligned past the header
                m[16] = 10;
                raw.send(&m);
            }
        }
        let err = until_closed(&mut raw.qp, &mut s);
        match err {
            Some(Disconnect::Protocol(m)) => assert!(m.contains(want), "case {case}: {m}"),
            e => panic!("case {case}: {e:?}"),
        }
    }
}

#[test]
fn a_peer_that_never_reposts_receives_stalls_the_sender_without_violation() {
    let f = LoopbackFabric::new();
    let (mut raw, mut s) = Raw::new(&f, "e");
    raw.negotiate(&mut s);
    // Grant the server 3 credits once and never again; never repost receives either.
    raw.data(3, 0, b"");
    for i in 0..10u8 {
        s.send(vec![i; 100]).unwrap();
    }
    let mut got = Vec::new();
    for _ in 0..500 {
        raw.qp.progress().unwrap();
        s.poll(0).unwrap();
        raw.cq.poll(&mut got, 64);
    }
    let recvs = got
        .iter()
        .filter(|w| w.opcode == WcOpcode::Recv && w.status == WcStatus::Success)
        .count();
    // Two messages; the last credit is kept for a message that grants credits back
    // (MS-SMBD 3.1.5.1), and the server waits instead of overrunning the peer.
    assert_eq!(recvs, 2, "{got:?}");
    assert_eq!(s.send_credits(), 1);
    assert!(s.is_connected());
}

#[test]
fn rdma_write_read_and_send_with_invalidate() {
    let (mut c, mut s) = pair(Config::default(), Config::default());
    pump(&mut c, &mut s, 0, 10);
    // The client exposes two buffers, as an SMB2 READ with RDMA_V1_INVALIDATE would.
    let pd = c.pd().clone();
    let a = exposed(&pd, 8192);
    let b = exposed(&pd, 8192);
    let descs = [
        BufferDescriptor {
            offset: a.addr(),
            token: a.rkey,
            length: 8192,
        },
        BufferDescriptor {
            offset: b.addr(),
            token: b.rkey,
            length: 8192,
        },
    ];
    let mut blob = Vec::new();
    for d in &descs {
        d.encode(&mut blob);
    }
    assert_eq!(BufferDescriptor::parse_list(&blob).unwrap(), descs.to_vec());
    let data: Vec<u8> = (0..12_000).map(|i| (i % 251) as u8).collect();
    // (Copied into a slot of the registered pool: no region is registered for it.)
    let regions = s.pd().regions();
    let free = s.pool().free_slots();
    s.rdma_write(&descs, &data).unwrap();
    assert_eq!(s.pd().regions(), regions);
    assert_eq!(s.pool().free_slots(), free - 1);
    // The response announces the data and retires the first key; when it arrives, the
    // data is in place (the write went first).
    s.send_with_invalidate(b"READ response".to_vec(), a.rkey)
        .unwrap();
    let mut got = None;
    for _ in 0..100 {
        pump(&mut c, &mut s, 0, 1);
        if let Some(m) = c.recv() {
            got = Some(m);
            break;
        }
    }
    assert_eq!(got.as_deref(), Some(&b"READ response"[..]));
    assert_eq!(a.buf.to_vec(0, 8192), data[..8192].to_vec());
    assert_eq!(b.buf.to_vec(0, 12_000 - 8192), data[8192..].to_vec());
    assert!(!pd.is_valid(a.rkey) && pd.is_valid(b.rkey));
    assert_eq!(
        s.pool().free_slots(),
        free,
        "the slot went back with the Send"
    );
    // RDMA Read of what a WRITE would carry.
    b.buf.write(0, &[7u8; 8192]);
    let op = s.rdma_read(&descs[1..], 5000).unwrap();
    let done = wait_rdma(&mut c, &mut s, op);
    assert_eq!(done, Some(Ok(vec![7u8; 5000])));
    // Reading through the dead key fails and ends the connection.
    let op = s.rdma_read(&descs[..1], 100).unwrap();
    let res = wait_rdma(&mut c, &mut s, op);
    assert_eq!(res, Some(Err(WcStatus::RemoteAccess)));
}

#[test]
fn over_software_iwarp() {
    let f = iwarp::IwarpFabric::new();
    let mut l = f.listen("127.0.0.1:0".parse().unwrap()).unwrap();
    let (cpd, ccq, spd, scq) = (Pd::new(), Cq::new(), Pd::new(), Cq::new());
    let mut cqp = f
        .connect(l.local_addr().parse().unwrap(), &cpd, &ccq, b"", 16, 16)
        .unwrap();
    let req = loop {
        cqp.progress().unwrap();
        if let Some(r) = l.poll_request().unwrap() {
            break r;
        }
    };
    let sqp = req.accept(&spd, &scq, b"", 16, 16).unwrap();
    loop {
        cqp.progress().unwrap();
        if let Some(CmEvent::Established { .. }) = cqp.poll_event() {
            break;
        }
    }
    let mut s = SmbdConnection::accept(sqp, spd, scq, Config::default(), 0);
    let mut c = SmbdConnection::connect(cqp, cpd, ccq, Config::default(), 0);
    let msg: Vec<u8> = (0..300_000).map(|i| (i % 253) as u8).collect();
    let mut sent = false;
    let mut got = None;
    let end = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while got.is_none() {
        c.poll(0).unwrap();
        s.poll(0).unwrap();
        if c.is_connected() && !sent {
            c.send(msg.clone()).unwrap();
            sent = true;
        }
        got = s.recv();
        assert!(std::time::Instant::now() < end);
    }
    assert!(got.unwrap() == msg);
}

#[test]
fn empty_rdma_read_finishes_at_once_and_a_failed_write_ends_the_connection() {
    let (mut c, mut s) = pair(Config::default(), Config::default());
    pump(&mut c, &mut s, 0, 10);
    let pd = c.pd().clone();
    let a = exposed(&pd, 4096);
    let desc = [BufferDescriptor {
        offset: a.addr(),
        token: a.rkey,
        length: 4096,
    }];
    // Nothing to move: no completion will come, yet the result is there.
    let op = s.rdma_read(&desc, 0).unwrap();
    assert!(
        s.take_ops_finished(),
        "an empty read is finished when posted"
    );
    assert_eq!(s.rdma_result(op), Some(Ok(Vec::new())));
    // An RDMA Write to a key the peer never registered: the unsignaled write's failure
    // ends the connection instead of leaving it up with its READ unanswered.
    let bogus = [BufferDescriptor {
        offset: a.addr(),
        token: a.rkey ^ 0x5a5a_0000,
        length: 4096,
    }];
    s.rdma_write(&bogus, &[1u8; 4096]).unwrap();
    s.send(b"READ response".to_vec()).unwrap();
    let mut ended = false;
    for _ in 0..200 {
        let _ = c.poll(0);
        if s.poll(0).is_err() {
            ended = true;
            break;
        }
    }
    assert!(ended, "the connection survived a failed RDMA Write");
    assert!(s.counters.rdma_errors >= 1 || s.closed().is_some());
}

#[test]
fn a_receiver_that_does_not_take_its_messages_stops_granting_credits() {
    for size in [1000usize, 64 << 10] {
        let (mut c, mut s) = pair(Config::default(), Config::default());
        pump(&mut c, &mut s, 0, 20);
        assert!(c.is_connected() && s.is_connected());
        let n = 600usize;
        for i in 0..n {
            c.send(vec![i as u8; size]).unwrap();
        }
        // The server's upper layer takes nothing: its inbox is bounded by credits
        // withheld, not by what the peer has to send.
        pump(&mut c, &mut s, 0, 2000);
        // (At most a credit window, or MaxFragmentedSize plus what credits granted
        // before it was reached could still bring: 255 receives of 8 KiB.)
        let (msgs, bytes) = s.waiting();
        assert!(
            msgs <= 255 && bytes <= (1 << 20) + 255 * 8192,
            "{size}-byte messages: {msgs} messages, {bytes} bytes wait"
        );
        assert!(msgs > 0 && c.queued_bytes() > 0);
        // Once it takes them, the credits come back and every message arrives in order.
        let mut got = 0usize;
        for _ in 0..20_000 {
            while let Some(m) = s.recv() {
                assert_eq!(m.len(), size);
                assert_eq!(m[0], got as u8);
                got += 1;
            }
            if got == n {
                break;
            }
            c.poll(0).unwrap();
            s.poll(0).unwrap();
        }
        assert_eq!(got, n, "{size}-byte messages");
        assert!(s.is_connected() && c.is_connected());
    }
}

/// Two server connections on one completion queue and one protection domain, as a worker
/// runs them: the owner polls the queue and hands each completion to the connection its
/// tag names; messages and RDMA Reads of each reach only that connection, a closed one's
/// flushes go nowhere, and its own buffers leave the domain while the pool registered
/// once for both stays.
#[test]
fn connections_sharing_a_completion_queue_get_their_own_completions() {
    let f = LoopbackFabric::new();
    let shared_cq = Cq::new();
    let pool = smbdirect::BufferPool::heap(8, 64 * 1024);
    let spd_all = Pd::new();
    let pool_mr = spd_all.register(pool.region().clone(), Access::LOCAL_WRITE);
    let mut clients = Vec::new();
    let mut servers = Vec::new();
    for tag in [5u32, smbdirect::MAX_TAG] {
        let name = format!("shared-{tag}");
        let ((cqp, cpd, ccq), (sqp, spd, _)) =
            qp_pair_in(&f, &name, spd_all.clone(), shared_cq.clone(), None);
        let shared = smbdirect::Shared {
            pool: pool.clone(),
            pool_mr: Some(pool_mr.clone()),
            tag: Some(tag),
            receives: None,
        };
        servers.push((
            tag,
            SmbdConnection::accept_shared(
                sqp,
                spd,
                shared_cq.clone(),
                Config::default(),
                0,
                shared,
            ),
        ));
        clients.push(SmbdConnection::connect(cqp, cpd, ccq, Config::default(), 0));
    }
    let mut wc = Vec::new();
    let mut strays = 0;
    let mut turn = |clients: &mut Vec<SmbdConnection>, servers: &mut Vec<(u32, SmbdConnection)>| {
        for c in clients.iter_mut() {
            let _ = c.poll(0);
        }
        // The owner's turn: every transport moves, the queue is polled, then each
        // connection moves on.
        for (_, s) in servers.iter_mut() {
            let _ = s.progress();
        }
        wc.clear();
        shared_cq.poll(&mut wc, 256);
        for c in &wc {
            match servers
                .iter_mut()
                .find(|(t, _)| *t == smbdirect::completion_tag(c))
            {
                Some((_, s)) => s.deliver(c, 0),
                None => strays += 1,
            }
        }
        for (_, s) in servers.iter_mut() {
            let _ = s.poll(0);
        }
    };
    for _ in 0..20 {
        turn(&mut clients, &mut servers);
    }
    assert!(servers.iter().all(|(_, s)| s.is_connected()));
    // Each client sends its own message; each server gets exactly its client's.
    for (i, c) in clients.iter_mut().enumerate() {
        c.send(vec![i as u8 + 1; 3000]).unwrap();
    }
    let mut got: Vec<Option<Vec<u8>>> = vec![None, None];
    for _ in 0..200 {
        turn(&mut clients, &mut servers);
        for (i, (_, s)) in servers.iter_mut().enumerate() {
            if let Some(m) = s.recv() {
                assert!(got[i].replace(m).is_none(), "one message each");
            }
        }
    }
    assert_eq!(got[0].as_deref(), Some(&[1u8; 3000][..]));
    assert_eq!(got[1].as_deref(), Some(&[2u8; 3000][..]));
    // RDMA Reads from each client's memory complete on their own connection.
    let mut ops = Vec::new();
    for (i, c) in clients.iter().enumerate() {
        let a = exposed(c.pd(), 4096);
        a.buf.write(0, &[0x40 + i as u8; 4096]);
        let desc = [BufferDescriptor {
            offset: a.addr(),
            token: a.rkey,
            length: 4096,
        }];
        ops.push((servers[i].1.rdma_read(&desc, 4096).unwrap(), a));
    }
    let mut results: Vec<Option<_>> = vec![None, None];
    for _ in 0..200 {
        turn(&mut clients, &mut servers);
        for (i, (_, s)) in servers.iter_mut().enumerate() {
            if results[i].is_none() {
                results[i] = s.rdma_result(ops[i].0);
            }
        }
    }
    assert_eq!(results[0], Some(Ok(vec![0x40; 4096])));
    assert_eq!(results[1], Some(Ok(vec![0x41; 4096])));
    // The first server goes; its flushed receives are strays, the second carries on.
    let (_, mut gone) = servers.remove(0);
    gone.disconnect();
    let regions = spd_all.regions();
    drop(gone);
    assert_eq!(
        spd_all.regions(),
        regions - 2,
        "the gone connection's receive and send buffers left the shared domain"
    );
    assert!(
        spd_all.is_valid(pool_mr.rkey),
        "the shared pool stays registered"
    );
    clients[1].send(b"still here".to_vec()).unwrap();
    let mut last = None;
    for _ in 0..200 {
        turn(&mut clients, &mut servers);
        last = last.or_else(|| servers[0].1.recv());
    }
    assert_eq!(last.as_deref(), Some(&b"still here"[..]));
    assert!(
        strays > 0,
        "the closed connection's flushed receives were dropped"
    );
}

/// Server connections drawing on one set of shared receives, as a worker's do: each
/// message reaches its own connection (named by its queue pair), credits granted by all
/// never exceed the receives posted, a peer sending many messages gets them all through
/// as credits come back, and a connection that goes gives its share back to the others.
#[test]
fn connections_sharing_receives_grant_only_what_is_posted() {
    const SLOTS: u32 = 16;
    let f = LoopbackFabric::new();
    let cq = Cq::new();
    let pd = Pd::new();
    let cfg = Config::default();
    let receives =
        smbdirect::SharedReceives::new(Srq::new(64), &pd, cfg.receive_slot(), SLOTS).unwrap();
    let pool = smbdirect::BufferPool::heap(4, 64 * 1024);
    let mut clients = Vec::new();
    let mut servers = Vec::new();
    // Of 16, two are kept in reserve: 14 to share.
    let room = receives.reservable();
    assert_eq!(room, 14);
    for tag in [7u32, 8, 9] {
        let member = receives.join().unwrap();
        let name = format!("srq-{tag}");
        let ((cqp, cpd, ccq), (sqp, spd, _)) =
            qp_pair_in(&f, &name, pd.clone(), cq.clone(), Some(receives.srq()));
        let shared = smbdirect::Shared {
            pool: pool.clone(),
            pool_mr: None,
            tag: Some(tag),
            receives: Some(member),
        };
        let s = SmbdConnection::accept_shared(sqp, spd, cq.clone(), cfg, 0, shared);
        servers.push(s);
        clients.push(SmbdConnection::connect(cqp, cpd, ccq, cfg, 0));
    }
    assert_eq!(receives.free(), room - 3 * smbdirect::shared_recv::JOIN);
    // The owner's turn, routing shared receives by queue pair and the rest by tag;
    // receives of no connection go back to the queue.
    let mut wc = Vec::new();
    let mut turn = |clients: &mut Vec<SmbdConnection>, servers: &mut Vec<SmbdConnection>| {
        for c in clients.iter_mut() {
            let _ = c.poll(0);
        }
        for s in servers.iter_mut() {
            let _ = s.progress();
        }
        wc.clear();
        cq.poll(&mut wc, 256);
        for c in &wc {
            let owner = servers.iter_mut().find(|s| {
                if smbdirect::is_shared_receive(c) {
                    s.qp_num() == c.qp_num
                } else {
                    s.tag() == smbdirect::completion_tag(c)
                }
            });
            match owner {
                Some(s) => s.deliver(c, 0),
                None => {
                    if smbdirect::is_shared_receive(c) {
                        receives.repost(c);
                    }
                }
            }
        }
        for s in servers.iter_mut() {
            let _ = s.poll(0);
        }
    };
    for _ in 0..20 {
        turn(&mut clients, &mut servers);
    }
    assert!(servers.iter().all(|s| s.is_connected()));
    let granted = |servers: &Vec<SmbdConnection>| -> u32 {
        servers.iter().map(|s| s.peer_credits()).sum::<u32>()
    };
    // Each holds one back beyond what it granted, within its share (14 / (3 + 1)).
    assert!(servers.iter().all(|s| (1..=2).contains(&s.peer_credits())));
    assert!(granted(&servers) + 3 <= room);
    // Forty messages from each client, more than any credit window: all arrive, in
    // order, at their own connection, and the credits never pass what is posted.
    for (i, c) in clients.iter_mut().enumerate() {
        for n in 0..40u8 {
            c.send(vec![i as u8 * 100 + n; 1000]).unwrap();
        }
    }
    let mut got: Vec<Vec<u8>> = vec![Vec::new(); 3];
    for _ in 0..2000 {
        turn(&mut clients, &mut servers);
        assert!(
            granted(&servers) + 3 <= room,
            "credits within the posted receives"
        );
        for (i, s) in servers.iter_mut().enumerate() {
            while let Some(m) = s.recv() {
                assert_eq!(m.len(), 1000);
                got[i].push(m[0]);
            }
        }
        if got.iter().all(|g| g.len() == 40) {
            break;
        }
    }
    for (i, g) in got.iter().enumerate() {
        let want: Vec<u8> = (0..40u8).map(|n| i as u8 * 100 + n).collect();
        assert_eq!(g, &want, "connection {i} got its own messages in order");
    }
    // One goes: what it held is free again, and the others may grow into it.
    let mut gone = servers.remove(0);
    clients.remove(0);
    gone.disconnect();
    drop(gone);
    for _ in 0..50 {
        turn(&mut clients, &mut servers);
    }
    for (i, c) in clients.iter_mut().enumerate() {
        c.send(vec![i as u8; 10]).unwrap();
    }
    for _ in 0..50 {
        turn(&mut clients, &mut servers);
    }
    assert!(servers.iter_mut().all(|s| s.recv().is_some()));
    for _ in 0..20 {
        turn(&mut clients, &mut servers);
    }
    assert!(
        servers.iter().any(|s| s.peer_credits() > 2),
        "a larger share once a connection left: {:?}",
        servers.iter().map(|s| s.peer_credits()).collect::<Vec<_>>()
    );
    assert!(granted(&servers) + 2 <= room);
    drop(servers);
    assert_eq!(receives.free(), room, "every reservation came back");
}

/// On shared receives a connection holds what its peer's pace calls for: a few while it
/// is quiet, growing turn by turn while it uses its credits up, and back down when it
/// stops, so that a worker's receives go round many connections.
#[test]
fn a_connection_on_shared_receives_holds_what_its_peer_uses() {
    let f = LoopbackFabric::new();
    let (cq, pd) = (Cq::new(), Pd::new());
    let cfg = Config::default();
    let receives =
        smbdirect::SharedReceives::new(Srq::new(1024), &pd, cfg.receive_slot(), 1024).unwrap();
    let room = receives.reservable();
    let ((cqp, cpd, ccq), (sqp, spd, _)) =
        qp_pair_in(&f, "paced", pd.clone(), cq.clone(), Some(receives.srq()));
    let shared = smbdirect::Shared {
        pool: smbdirect::BufferPool::heap(4, 64 * 1024),
        pool_mr: None,
        tag: Some(3),
        receives: Some(receives.join().unwrap()),
    };
    let mut s = SmbdConnection::accept_shared(sqp, spd, cq.clone(), cfg, 0, shared);
    let mut c = SmbdConnection::connect(cqp, cpd, ccq, cfg, 0);
    let mut wc = Vec::new();
    let mut turn = |c: &mut SmbdConnection, s: &mut SmbdConnection| {
        let _ = c.poll(0);
        let _ = s.progress();
        wc.clear();
        cq.poll(&mut wc, 256);
        for x in &wc {
            s.deliver(x, 0);
        }
        let _ = s.poll(0);
        // Answered as the daemon does, once taken in (its credits go with the answers).
        while s.recv().is_some() {
            s.send(vec![0; 10]).unwrap();
        }
        while c.recv().is_some() {}
    };
    for _ in 0..10 {
        turn(&mut c, &mut s);
    }
    assert!(s.is_connected());
    let quiet = s.peer_credits();
    assert!((1..=8).contains(&quiet), "a new peer gets a few: {quiet}");
    // The peer keeps sending as fast as its credits allow: they grow.
    let mut most = 0;
    for _ in 0..30 {
        for _ in 0..64 {
            c.send(vec![1; 100]).unwrap();
        }
        turn(&mut c, &mut s);
        most = most.max(s.peer_credits());
        assert!(
            s.peer_credits() + receives.free() < room,
            "within what is posted"
        );
    }
    assert!(most >= 64, "a busy peer's credits grow: {most}");
    // Back to one message a turn: as it spends the credits it holds (they cannot be
    // taken back), fewer are granted, and what the connection holds falls back.
    for _ in 0..300 {
        c.send(vec![2; 100]).unwrap();
        turn(&mut c, &mut s);
    }
    let held = room - receives.free();
    assert!(held <= 8, "a quiet peer's receives go back: {held} held");
}

/// The send queue bounds RDMA operations in flight: a request naming more pieces than
/// fit beside the Sends ends the connection (instead of overrunning the queue, and with
/// a shared completion queue, the other connections' completions).
#[test]
fn rdma_operations_past_the_send_queue_end_the_connection() {
    let cfg_s = Config {
        send_queue_depth: 8,
        send_slots: 2,
        ..Config::default()
    };
    // A connected pair and seven descriptors of 100 bytes of the client's memory.
    let setup = || {
        let (mut c, mut s) = pair(Config::default(), cfg_s);
        pump(&mut c, &mut s, 0, 10);
        let a = exposed(c.pd(), 4096);
        a.buf.write(0, &[3u8; 4096]);
        let descs: Vec<BufferDescriptor> = (0..7)
            .map(|i| BufferDescriptor {
                offset: a.addr() + i * 100,
                token: a.rkey,
                length: 100,
            })
            .collect();
        (c, s, a, descs)
    };
    let (mut c, mut s, _a, descs) = setup();
    // Six pieces: room for 8 - 2 = 6.
    let op = s.rdma_read(&descs[..6], 600).unwrap();
    assert_eq!(wait_rdma(&mut c, &mut s, op), Some(Ok(vec![3u8; 600])));
    // Done: the room is back.
    let op = s.rdma_read(&descs[..6], 600).unwrap();
    // In flight: one more piece does not fit.
    assert!(matches!(
        s.rdma_read(&descs[..1], 100),
        Err(Disconnect::Protocol(_))
    ));
    // (The one in flight is over with the connection, whatever its status.)
    assert!(wait_rdma(&mut c, &mut s, op).is_some());
    // Seven at once on a fresh connection: refused outright.
    let (_c, mut s, _a, descs) = setup();
    assert!(s.rdma_read(&descs, 700).is_err());
    assert!(s.closed().is_some());
}
