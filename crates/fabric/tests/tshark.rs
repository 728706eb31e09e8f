//! tshark decodes a capture of an iwarp session: MPA request and reply, DDP/RDMAP
//! opcodes, CRC checked, nothing malformed.

use fabric::*;
use std::process::Command;
use std::time::{Duration, Instant};

fn tool(name: &str) -> bool {
    let ok = Command::new(name).arg("--version").output().is_ok();
    testkit::require(name, ok, "scripts/install-deps (tshark)")
}

fn pump(qps: &mut [&mut Box<dyn QueuePair>], cq: &Cq, want: usize) -> Vec<Completion> {
    let mut got = Vec::new();
    let end = Instant::now() + Duration::from_secs(10);
    while got.len() < want {
        for q in qps.iter_mut() {
            q.progress().unwrap();
        }
        cq.poll(&mut got, 16);
        assert!(Instant::now() < end, "timed out");
    }
    got
}

#[test]
fn tshark_decodes_an_iwarp_session() {
    if !tool("tshark") || !tool("dumpcap") {
        return;
    }
    let dir = tempfile_dir();
    let f = iwarp::IwarpFabric::new();
    let mut l = f.listen("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr: std::net::SocketAddr = l.local_addr().parse().unwrap();
    let cap = testkit::Capture::start(&dir, &format!("tcp port {}", addr.port()));
    let (cpd, ccq, spd, scq) = (Pd::new(), Cq::new(), Pd::new(), Cq::new());
    let mut c = f
        .connect(addr, &cpd, &ccq, b"smbdirect-test", 16, 16)
        .unwrap();
    let end = Instant::now() + Duration::from_secs(10);
    let req = loop {
        c.progress().unwrap();
        if let Some(r) = l.poll_request().unwrap() {
            break r;
        }
        assert!(Instant::now() < end);
    };
    let mut s = req.accept(&spd, &scq, b"ok", 16, 16).unwrap();
    loop {
        c.progress().unwrap();
        s.progress().unwrap();
        if let Some(CmEvent::Established { .. }) = c.poll_event() {
            break;
        }
        assert!(Instant::now() < end);
    }
    // Send, RDMA Write, RDMA Read (request and response), Send With Invalidate, and a
    // multi-segment Send.
    let exposed = cpd.register(
        RegBuf::new(64 << 10),
        Access::LOCAL_WRITE | Access::REMOTE_WRITE | Access::REMOTE_READ,
    );
    let cbuf = cpd.register(RegBuf::new(64 << 10), Access::LOCAL_WRITE);
    let sbuf = spd.register(RegBuf::new(64 << 10), Access::LOCAL_WRITE);
    s.post_recv(RecvWr {
        wr_id: 1,
        sge: sbuf.sge(0, 64 << 10),
    })
    .unwrap();
    c.post_send(SendWr {
        wr_id: 2,
        op: SendOp::Send,
        sge: fabric::sges![cbuf.sge(0, 100)],
        signaled: true,
    })
    .unwrap();
    pump(&mut [&mut c, &mut s], &scq, 1);
    c.post_recv(RecvWr {
        wr_id: 3,
        sge: cbuf.sge(0, 4096),
    })
    .unwrap();
    s.post_send(SendWr {
        wr_id: 4,
        op: SendOp::RdmaWrite {
            remote_addr: exposed.addr(),
            rkey: exposed.rkey,
        },
        sge: fabric::sges![sbuf.sge(0, 8192)],
        signaled: false,
    })
    .unwrap();
    s.post_send(SendWr {
        wr_id: 5,
        op: SendOp::RdmaRead {
            remote_addr: exposed.addr(),
            rkey: exposed.rkey,
        },
        sge: fabric::sges![sbuf.sge(8192, 8192)],
        signaled: true,
    })
    .unwrap();
    pump(&mut [&mut c, &mut s], &scq, 1);
    s.post_send(SendWr {
        wr_id: 6,
        op: SendOp::SendWithInvalidate { rkey: exposed.rkey },
        sge: fabric::sges![sbuf.sge(0, 64)],
        signaled: false,
    })
    .unwrap();
    let got = pump(&mut [&mut c, &mut s], &ccq, 2);
    assert!(got
        .iter()
        .any(|x| x.wr_id == 3 && x.invalidated_rkey == Some(exposed.rkey)));
    s.post_recv(RecvWr {
        wr_id: 7,
        sge: sbuf.sge(0, 64 << 10),
    })
    .unwrap();
    c.post_send(SendWr {
        wr_id: 8,
        op: SendOp::Send,
        sge: fabric::sges![cbuf.sge(0, 40_000)],
        signaled: false,
    })
    .unwrap();
    pump(&mut [&mut c, &mut s], &scq, 1);
    c.disconnect();
    s.disconnect();
    let file = cap.stop();
    testkit::assert_tshark_decodes(
        &file,
        &[
            "iWARP Marker Protocol data unit Aligned framing",
            "ID Req frame",
            "ID Rep frame",
            "Direct Data Placement",
            "OpCode: Write (0x0)",
            "OpCode: Read Request (0x1)",
            "OpCode: Read Response (0x2)",
            "OpCode: Send (0x3)",
            "OpCode: Send with Invalidate (0x4)",
            "Reassembled iWarp RDMA Send length: 40000",
        ],
        &["incorrect", "NOT set"],
    );
    // Every FPDU's CRC was checked and found good.
    let fields = Command::new("tshark")
        .args(["-r"])
        .arg(&file)
        .args([
            "-Y",
            "iwarp_mpa.fpdu",
            "-T",
            "fields",
            "-e",
            "iwarp_mpa.crc_check",
        ])
        .output()
        .unwrap();
    let f = String::from_utf8_lossy(&fields.stdout);
    assert!(!f.trim().is_empty(), "no FPDUs decoded");
    println!("FPDU CRC checks:\n{f}");
    let _ = std::fs::remove_dir_all(&dir);
}

fn tempfile_dir() -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("fabric-tshark-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}
