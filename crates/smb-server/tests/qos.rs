//! Storage QoS (MS-SQOS), in memory (see `harness`), on the engine's clock: the
//! FSCTL_STORAGE_QOS_CONTROL exchange as Windows answers it, flows held to their maximum
//! (answers wait for the flow's time), minima given first when a busy flow is short,
//! the default for opens that name no flow, and policies replaced at run time.

mod harness;

use client::access;
use harness::*;
use smb_server::qos::{Limits, Policy, QosConfig};
use smb_server::ServerConfig;
use smb_wire::fsctl::{self, SqosRequest, SqosResponse};
use smb_wire::header::Command;
use smb_wire::NtStatus;
use std::time::Duration;
use testkit::bodies::*;

const GOLD: [u8; 16] = [0x60; 16];
const RW: u32 = access::FILE_READ_DATA | access::FILE_WRITE_DATA | 0x80 | 0x100;

fn engine(default: Limits, gold: Limits) -> Engine {
    let cfg = ServerConfig {
        qos: QosConfig {
            policies: vec![Policy {
                id: GOLD,
                name: "gold".into(),
                limits: gold,
            }],
            default,
        },
        ..Default::default()
    };
    Engine::with(cfg)
}

fn sqos(
    c: &mut client::Client,
    tree: u32,
    f: client::FileId,
    req: &SqosRequest,
    max_out: u32,
) -> client::Response {
    let mut input = Vec::new();
    req.encode(&mut input);
    c.fsctl(tree, f, fsctl::STORAGE_QOS_CONTROL, &input, max_out)
        .unwrap()
}

fn join_request(flow: u8, policy: [u8; 16]) -> SqosRequest {
    SqosRequest {
        version: fsctl::SQOS_VERSION_1_1,
        options: fsctl::SQOS_SET_LOGICAL_FLOW_ID | fsctl::SQOS_SET_POLICY | fsctl::SQOS_GET_STATUS,
        flow_id: [flow; 16],
        policy_id: policy,
        initiator_id: [0x11; 16],
        initiator_name: "TEST-VM".into(),
        node_name: "HYPERV-TEST.contoso.com".into(),
        ..Default::default()
    }
}

fn open_file(c: &mut client::Client, tree: u32, name: &str) -> client::FileId {
    let (f, _) = c.create(tree, name, RW, 5, 0).unwrap();
    c.write(tree, f, 0, &vec![7u8; 1 << 20]).unwrap();
    f
}

/// The exchange: joining a flow with a policy and asking its status answers the
/// policy's rates (normalized to 8 KiB) with the version echoed, 96 bytes for 1.1 and 88
/// for 1.0; an unknown policy says so; counters add up; and the refusals, with Windows'
/// statuses, for a wrong version, no option, no flow, a zero flow id in a probe, limits
/// given with a policy id, a reservation above the limit and an answer that cannot fit.
#[test]
fn the_storage_qos_exchange_is_answered_as_windows_answers_it() {
    let gold = Limits {
        min_iops: 100,
        max_iops: 500,
        max_kbps: 4096,
    };
    let e = engine(Limits::default(), gold);
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let f = open_file(&mut c, tree, "vm.vhdx");
    let r = sqos(&mut c, tree, f, &join_request(1, GOLD), 1024);
    assert_eq!(r.status(), NtStatus::SUCCESS);
    assert_eq!(r.ioctl_output().len(), 96);
    let s = SqosResponse::parse(r.ioctl_output()).unwrap();
    assert_eq!(s.version, fsctl::SQOS_VERSION_1_1);
    assert_eq!(
        (s.flow_id, s.policy_id, s.initiator_id),
        ([1; 16], GOLD, [0x11; 16])
    );
    assert_eq!((s.status, s.max_io_rate, s.min_io_rate), (0, 500, 100));
    assert_eq!((s.base_io_size, s.max_bandwidth), (8192, 4096));
    assert!(s.ttl_ms > 0);
    let flows = e.server.qos.flows();
    assert_eq!(flows.len(), 1);
    assert_eq!(flows[0].desc.lock().initiator_name, "TEST-VM");
    assert_eq!(flows[0].desc.lock().node_name, "HYPERV-TEST.contoso.com");
    // Version 1.0: 88 bytes, no bandwidth.
    let v10 = SqosRequest {
        version: fsctl::SQOS_VERSION_1_0,
        options: fsctl::SQOS_GET_STATUS,
        ..Default::default()
    };
    let r = sqos(&mut c, tree, f, &v10, 1024);
    assert_eq!(r.ioctl_output().len(), 88);
    // Counters the client reports add up.
    let counters = SqosRequest {
        version: fsctl::SQOS_VERSION_1_1,
        options: fsctl::SQOS_UPDATE_COUNTERS,
        io_count_increment: 40,
        latency_increment: 400_000,
        ..Default::default()
    };
    for _ in 0..2 {
        assert_eq!(
            sqos(&mut c, tree, f, &counters, 0).status(),
            NtStatus::SUCCESS
        );
    }
    let cnt = &e.server.qos.flows()[0].counters;
    assert_eq!(
        cnt.client_ios.load(std::sync::atomic::Ordering::Relaxed),
        80
    );
    // An unknown policy: the default's rates and UnknownPolicyId.
    let (g, _) = c.create(tree, "other.vhdx", RW, 5, 0).unwrap();
    let r = sqos(&mut c, tree, g, &join_request(2, [0x99; 16]), 1024);
    let s = SqosResponse::parse(r.ioctl_output()).unwrap();
    assert_eq!((s.status, s.max_io_rate), (2, 0));
    // Refusals.
    let st =
        |c: &mut client::Client, f, req: &SqosRequest, max| sqos(c, tree, f, req, max).status();
    let mut bad = join_request(3, GOLD);
    bad.version = 0x0200;
    assert_eq!(st(&mut c, f, &bad, 1024), NtStatus::REVISION_MISMATCH);
    let mut bad = join_request(3, GOLD);
    bad.options = 0x20;
    assert_eq!(st(&mut c, f, &bad, 1024), NtStatus::INVALID_PARAMETER);
    let (h, _) = c.create(tree, "third.vhdx", RW, 5, 0).unwrap();
    let mut no_flow = join_request(3, GOLD);
    no_flow.options = fsctl::SQOS_SET_POLICY;
    assert_eq!(st(&mut c, h, &no_flow, 1024), NtStatus::NOT_FOUND);
    no_flow.options = fsctl::SQOS_GET_STATUS;
    assert_eq!(st(&mut c, h, &no_flow, 1024), NtStatus::NOT_FOUND);
    let mut probe = join_request(0, GOLD);
    probe.options = fsctl::SQOS_PROBE_POLICY;
    assert_eq!(st(&mut c, h, &probe, 1024), NtStatus::INVALID_PARAMETER);
    let mut both = join_request(3, GOLD);
    both.limit = 10;
    assert_eq!(st(&mut c, h, &both, 1024), NtStatus::INVALID_PARAMETER);
    let mut upside = join_request(3, [0; 16]);
    upside.limit = 10;
    upside.reservation = 20;
    assert_eq!(st(&mut c, h, &upside, 1024), NtStatus::INVALID_PARAMETER);
    assert_eq!(
        st(&mut c, f, &join_request(1, GOLD), 90),
        NtStatus::INVALID_PARAMETER
    );
    let mut short = Vec::new();
    join_request(1, GOLD).encode(&mut short);
    let r = c
        .fsctl(tree, f, fsctl::STORAGE_QOS_CONTROL, &short[..100], 1024)
        .unwrap();
    assert_eq!(r.status(), NtStatus::INVALID_PARAMETER);
    // A flow leaves with its last open.
    c.close(tree, g).unwrap();
    assert_eq!(e.server.qos.flows().len(), 2);
    c.close(tree, f).unwrap();
    c.close(tree, h).unwrap();
    assert_eq!(e.server.qos.flows().len(), 0);
}

/// A flow past its maximum gets its answers when its time comes, on the engine's clock:
/// at 100 normalized IOPS (10 ms per 8 KiB read, 20 ms of burst) the fourth read at one
/// instant waits 10 ms, and a 64 KiB read counts eight; a flow of no policy is not held;
/// replacing the policies (a reload) takes effect at the next I/O.
#[test]
fn a_flow_is_held_to_its_maximum() {
    // (Only the test moves time: a busy machine cannot release a held answer early.)
    let e = engine(
        Limits::default(),
        Limits {
            max_iops: 100,
            ..Default::default()
        },
    );
    let (mut c, w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let f = open_file(&mut c, tree, "capped.vhdx");
    assert_eq!(
        sqos(&mut c, tree, f, &join_request(1, GOLD), 1024).status(),
        NtStatus::SUCCESS
    );
    for _ in 0..3 {
        assert_eq!(c.read(tree, f, 0, 8192).unwrap().len(), 8192);
    }
    let id = c
        .send_request(Command::READ, tree, &read_body(f, 8192))
        .unwrap();
    assert_eq!(w.waiting(), 0, "the fourth read is held");
    e.advance(Duration::from_millis(8));
    assert_eq!(w.waiting(), 0);
    // (Answers due within a millisecond leave together.)
    e.advance(Duration::from_millis(2));
    assert_eq!(w.waiting(), 1);
    assert_eq!(c.wait(id).unwrap().status(), NtStatus::SUCCESS);
    // 64 KiB counts 8: the next read after it waits 80 ms more.
    let big = c
        .send_request(Command::READ, tree, &read_body(f, 65536))
        .unwrap();
    e.advance(Duration::from_millis(10));
    assert_eq!(c.wait(big).unwrap().status(), NtStatus::SUCCESS);
    let next = c
        .send_request(Command::READ, tree, &read_body(f, 8192))
        .unwrap();
    e.advance(Duration::from_millis(78));
    assert_eq!(w.waiting(), 0);
    e.advance(Duration::from_millis(2));
    assert_eq!(c.wait(next).unwrap().status(), NtStatus::SUCCESS);
    let flow = &e.server.qos.flows()[0];
    let held = flow
        .counters
        .throttled_ns
        .load(std::sync::atomic::Ordering::Relaxed);
    // 10 + 10 + 80 ms held.
    assert!((95_000_000..105_000_000).contains(&held), "{held}");
    // Writes count too.
    e.advance(Duration::from_millis(200));
    for _ in 0..3 {
        c.write(tree, f, 0, &[1; 8192]).unwrap();
    }
    let wid = c
        .send_request(Command::WRITE, tree, &write_body(f, &[2; 8192]))
        .unwrap();
    assert_eq!(w.waiting(), 0, "the write's answer is held");
    e.advance(Duration::from_millis(40));
    assert_eq!(c.wait(wid).unwrap().status(), NtStatus::SUCCESS);
    // Another open with no flow is not held, however fast it goes.
    let (free, _) = c.create(tree, "free.vhdx", RW, 5, 0).unwrap();
    c.write(tree, free, 0, &[3; 8192]).unwrap();
    for _ in 0..50 {
        c.read(tree, free, 0, 8192).unwrap();
    }
    // A reload lifts the cap: reads at one instant all answer at once.
    e.advance(Duration::from_secs(1));
    e.server.qos.set_config(QosConfig::default());
    for _ in 0..50 {
        c.read(tree, f, 0, 8192).unwrap();
    }
}

/// Opens that name no flow share their session's flow, limited by the default.
#[test]
fn the_default_limits_opens_that_name_no_flow() {
    let e = engine(
        Limits {
            max_iops: 50,
            ..Default::default()
        },
        Limits::default(),
    );
    let (mut c, w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let (a, _) = c.create(tree, "a.bin", RW, 5, 0).unwrap();
    let (b, _) = c.create(tree, "b.bin", RW, 5, 0).unwrap();
    // At 50 IOPS (20 ms each, 20 ms of burst): the write and a read go at once, the
    // next read waits its 20 ms.
    c.write(tree, a, 0, &[1; 8192]).unwrap();
    c.read(tree, a, 0, 8192).unwrap();
    let id = c
        .send_request(Command::READ, tree, &read_body(a, 8192))
        .unwrap();
    assert_eq!(w.waiting(), 0);
    e.advance(Duration::from_millis(300));
    assert_eq!(c.wait(id).unwrap().status(), NtStatus::SUCCESS);
    c.write(tree, b, 0, &[2; 8192]).unwrap();
    let id = c
        .send_request(Command::READ, tree, &read_body(b, 8192))
        .unwrap();
    assert_eq!(c.wait(id).unwrap().status(), NtStatus::SUCCESS);
    assert_eq!(
        e.server.qos.flows().len(),
        1,
        "one unmanaged flow per session"
    );
}

/// Minima first: while a busy flow gets less than its minimum, a flow above its own
/// minimum is capped below what it got (never under its minimum); once nobody is short
/// the cap is lifted again.
#[test]
fn minima_are_given_first_when_a_flow_is_short() {
    let e = engine(
        Limits::default(),
        Limits {
            min_iops: 2000,
            ..Default::default()
        },
    );
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let small = open_file(&mut c, tree, "reserved.vhdx");
    let big = open_file(&mut c, tree, "noisy.vhdx");
    assert_eq!(
        sqos(&mut c, tree, small, &join_request(1, GOLD), 1024).status(),
        NtStatus::SUCCESS
    );
    assert_eq!(
        sqos(&mut c, tree, big, &join_request(2, [0; 16]), 1024).status(),
        NtStatus::SUCCESS
    );
    let cap_of = |id: u8| {
        let flows = e.server.qos.flows();
        let f = flows.iter().find(|f| f.id == [id; 16]).unwrap();
        e.server.qos.cap_of(f)
    };
    // One window: the reserved flow does 1000/s (short of 2000), the noisy one 10000/s.
    let window = |c: &mut client::Client, small_per_ms: usize| {
        for _ in 0..200 {
            for _ in 0..small_per_ms {
                c.read(tree, small, 0, 8192).unwrap();
            }
            for _ in 0..10 {
                c.read(tree, big, 0, 8192).unwrap();
            }
            e.advance(Duration::from_millis(1));
        }
    };
    window(&mut c, 1);
    // The next I/O starts the rebalance of the window just ended.
    c.read(tree, small, 0, 8192).unwrap();
    let cap = cap_of(2);
    assert!(cap > 0 && cap < 10_000, "noisy flow capped: {cap}");
    assert_eq!(cap_of(1), 0, "the short flow is not capped");
    let status = SqosRequest {
        version: fsctl::SQOS_VERSION_1_1,
        options: fsctl::SQOS_GET_STATUS,
        ..Default::default()
    };
    let s = SqosResponse::parse(sqos(&mut c, tree, small, &status, 1024).ioctl_output()).unwrap();
    assert_eq!(s.status, 1, "InsufficientThroughput");
    let s = SqosResponse::parse(sqos(&mut c, tree, big, &status, 1024).ioctl_output()).unwrap();
    assert_eq!(s.max_io_rate, cap, "the noisy flow is told its cap");
    // The reserved flow goes idle: windows without anyone short lift the cap.
    for _ in 0..12 {
        e.advance(Duration::from_millis(200));
        c.read(tree, small, 0, 8192).unwrap();
    }
    assert_eq!(cap_of(2), 0, "cap lifted");
}
