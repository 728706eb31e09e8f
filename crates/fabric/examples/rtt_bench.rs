//! Round trips of "64-byte request; 8 KiB RDMA Write plus a 64-byte Send back" over the
//! software iWARP provider on 127.0.0.1, against a plain TCP request/response carrying
//! the same bytes, in one run. Server and client are threads pinned to CPUs 0 and 1.
//!
//! cargo run --release -p fabric --example rtt_bench -- [SECONDS]

use fabric::*;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const DATA: usize = 8192;
const MSG: usize = 64;

fn pin(cpu: usize) {
    // SAFETY: a zeroed cpu_set_t filled through libc's own macros.
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(cpu, &mut set);
        libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set);
    }
}

fn iwarp(secs: f64) -> (u64, Duration) {
    let f = iwarp::IwarpFabric::new();
    let mut l = f.listen("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr: std::net::SocketAddr = l.local_addr().parse().unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let st = stop.clone();
    let server = std::thread::spawn(move || {
        pin(0);
        let (pd, cq) = (Pd::new(), Cq::new());
        let req = loop {
            if let Some(r) = l.poll_request().unwrap() {
                break r;
            }
        };
        // The client's buffer key travels in its private data: rkey, addr.
        let p = req.private_data().to_vec();
        let rkey = u32::from_le_bytes(p[0..4].try_into().unwrap());
        let raddr = u64::from_le_bytes(p[4..12].try_into().unwrap());
        let mut qp = req.accept(&pd, &cq, b"", 16, 16).unwrap();
        let data = pd.register(RegBuf::new(DATA), Access::LOCAL_WRITE);
        let rbuf = pd.register(RegBuf::new(MSG * 64), Access::LOCAL_WRITE);
        for i in 0..64 {
            qp.post_recv(RecvWr {
                wr_id: i,
                sge: rbuf.sge(i as usize * MSG, MSG),
            })
            .unwrap();
        }
        let mut wc = Vec::with_capacity(32);
        while !st.load(Ordering::Relaxed) {
            qp.progress().unwrap();
            wc.clear();
            cq.poll(&mut wc, 32);
            for c in &wc {
                if c.opcode != WcOpcode::Recv || c.status != WcStatus::Success {
                    continue;
                }
                qp.post_recv(RecvWr {
                    wr_id: c.wr_id,
                    sge: rbuf.sge(c.wr_id as usize * MSG, MSG),
                })
                .unwrap();
                qp.post_send(SendWr {
                    wr_id: 1,
                    op: SendOp::RdmaWrite {
                        remote_addr: raddr,
                        rkey,
                    },
                    sge: fabric::sges![data.sge(0, DATA)],
                    signaled: false,
                })
                .unwrap();
                qp.post_send(SendWr {
                    wr_id: 2,
                    op: SendOp::Send,
                    sge: fabric::sges![data.sge(0, MSG)],
                    signaled: false,
                })
                .unwrap();
            }
        }
        qp.disconnect();
    });
    pin(1);
    let (pd, cq) = (Pd::new(), Cq::new());
    let sink = pd.register(
        RegBuf::new(DATA),
        Access::LOCAL_WRITE | Access::REMOTE_WRITE,
    );
    let mut pdata = sink.rkey.to_le_bytes().to_vec();
    pdata.extend_from_slice(&sink.addr().to_le_bytes());
    let mut qp = f.connect(addr, &pd, &cq, &pdata, 16, 16).unwrap();
    loop {
        qp.progress().unwrap();
        if let Some(CmEvent::Established { .. }) = qp.poll_event() {
            break;
        }
    }
    let msg = pd.register(RegBuf::new(MSG), Access::LOCAL_WRITE);
    let rbuf = pd.register(RegBuf::new(MSG), Access::LOCAL_WRITE);
    let mut wc = Vec::with_capacity(8);
    let start = Instant::now();
    let end = start + Duration::from_secs_f64(secs);
    let mut n = 0u64;
    while Instant::now() < end {
        qp.post_recv(RecvWr {
            wr_id: 7,
            sge: rbuf.sge(0, MSG),
        })
        .unwrap();
        qp.post_send(SendWr {
            wr_id: 8,
            op: SendOp::Send,
            sge: fabric::sges![msg.sge(0, MSG)],
            signaled: false,
        })
        .unwrap();
        'wait: loop {
            qp.progress().unwrap();
            wc.clear();
            cq.poll(&mut wc, 8);
            for c in &wc {
                if c.wr_id == 7 {
                    assert_eq!(c.status, WcStatus::Success);
                    break 'wait;
                }
            }
        }
        n += 1;
    }
    let el = start.elapsed();
    stop.store(true, Ordering::Relaxed);
    server.join().unwrap();
    (n, el)
}

/// Busy-polled non-blocking I/O, like the provider's: the comparison is of protocol
/// cost, not of wake-up latency.
fn spin_read(s: &mut TcpStream, buf: &mut [u8]) -> bool {
    let mut got = 0;
    while got < buf.len() {
        match s.read(&mut buf[got..]) {
            Ok(0) => return false,
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => std::hint::spin_loop(),
            Err(_) => return false,
        }
    }
    true
}

fn spin_write(s: &mut TcpStream, buf: &[u8]) -> bool {
    let mut put = 0;
    while put < buf.len() {
        match s.write(&buf[put..]) {
            Ok(0) => return false,
            Ok(n) => put += n,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => std::hint::spin_loop(),
            Err(_) => return false,
        }
    }
    true
}

fn tcp(secs: f64) -> (u64, Duration) {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    let server = std::thread::spawn(move || {
        pin(0);
        let (mut s, _) = l.accept().unwrap();
        s.set_nodelay(true).unwrap();
        s.set_nonblocking(true).unwrap();
        let mut req = [0u8; MSG];
        let resp = vec![0u8; DATA + MSG];
        while spin_read(&mut s, &mut req) {
            if !spin_write(&mut s, &resp) {
                break;
            }
        }
    });
    pin(1);
    let mut c = TcpStream::connect(addr).unwrap();
    c.set_nodelay(true).unwrap();
    c.set_nonblocking(true).unwrap();
    let req = [1u8; MSG];
    let mut resp = vec![0u8; DATA + MSG];
    let start = Instant::now();
    let end = start + Duration::from_secs_f64(secs);
    let mut n = 0u64;
    while Instant::now() < end {
        assert!(spin_write(&mut c, &req));
        assert!(spin_read(&mut c, &mut resp));
        n += 1;
    }
    let el = start.elapsed();
    drop(c);
    server.join().unwrap();
    (n, el)
}

fn main() {
    let secs: f64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse::<f64>().ok())
        .unwrap_or(5.0)
        .clamp(0.5, 120.0);
    let (tn, te) = tcp(secs);
    let (wn, we) = iwarp(secs);
    let t_rate = tn as f64 / te.as_secs_f64();
    let w_rate = wn as f64 / we.as_secs_f64();
    println!(
        "round trip: 64 B request, 8 KiB + 64 B back; {secs} s each, server CPU 0, client CPU 1"
    );
    println!(
        "tcp   {:>10.0} round trips/s  {:>7.2} us each",
        t_rate,
        1e6 / t_rate
    );
    println!(
        "iwarp {:>10.0} round trips/s  {:>7.2} us each",
        w_rate,
        1e6 / w_rate
    );
    println!(
        "iwarp cost over raw TCP: {:+.1}% per round trip",
        (t_rate / w_rate - 1.0) * 100.0
    );
}
