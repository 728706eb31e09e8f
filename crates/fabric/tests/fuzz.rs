//! Bounded fuzzing of the iwarp provider's input: random MPA requests, and random or
//! damaged FPDUs after a good negotiation. The provider may close or terminate, never
//! panic or hang.

use fabric::*;
use rand::{Rng, SeedableRng};
use std::io::Write;
use std::net::TcpStream;
use std::time::{Duration, Instant};

#[test]
fn hostile_bytes_on_the_wire() {
    let f = iwarp::IwarpFabric::new();
    let mut l = f.listen("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = l.local_addr();
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x1A);
    let deadline = Instant::now() + Duration::from_secs(60);
    for round in 0..200 {
        if Instant::now() > deadline {
            break;
        }
        let mut s = TcpStream::connect(&addr).unwrap();
        if round % 3 == 0 {
            // A random (often truncated or oversized) MPA request.
            let n = rng.gen_range(0..64);
            let mut b: Vec<u8> = (0..n).map(|_| rng.gen()).collect();
            if rng.gen_bool(0.5) && b.len() >= 20 {
                b[..16].copy_from_slice(b"MPA ID Req Frame");
            }
            let _ = s.write_all(&b);
            let end = Instant::now() + Duration::from_millis(30);
            while Instant::now() < end {
                let _ = l.poll_request().unwrap();
            }
            continue;
        }
        // A good revision 1 request, then garbage or bit-flipped FPDUs.
        let mut req = b"MPA ID Req Frame".to_vec();
        req.extend_from_slice(&(0x4000u16 | 1).to_be_bytes());
        req.extend_from_slice(&0u16.to_be_bytes());
        s.write_all(&req).unwrap();
        let end = Instant::now() + Duration::from_secs(5);
        let r = loop {
            if let Some(r) = l.poll_request().unwrap() {
                break r;
            }
            assert!(Instant::now() < end);
        };
        let (pd, cq) = (Pd::new(), Cq::new());
        let mut qp = r.accept(&pd, &cq, b"", 4, 4).unwrap();
        let mr = pd.register(
            RegBuf::new(4096),
            Access::LOCAL_WRITE | Access::REMOTE_WRITE | Access::REMOTE_READ,
        );
        qp.post_recv(RecvWr {
            wr_id: 1,
            sge: mr.sge(0, 4096),
        })
        .unwrap();
        let n = rng.gen_range(1..400);
        let mut junk: Vec<u8> = (0..n).map(|_| rng.gen()).collect();
        if rng.gen_bool(0.5) && junk.len() >= 6 {
            // A plausible length prefix, so the parser goes deeper.
            let ulen = (junk.len() as u16).saturating_sub(6);
            junk[..2].copy_from_slice(&ulen.to_be_bytes());
        }
        let _ = s.write_all(&junk);
        let end = Instant::now() + Duration::from_millis(50);
        while Instant::now() < end {
            let _ = qp.progress();
            while qp.poll_event().is_some() {}
            let mut v = Vec::new();
            cq.poll(&mut v, 16);
        }
        drop(s);
        for _ in 0..10 {
            let _ = qp.progress();
        }
    }
}
