//! Bounded fuzzing of MS-SMBD input: random and mutated messages from a raw peer, before
//! and after negotiation. The connection may end, never panic or hang.

use fabric::loopback::LoopbackFabric;
use fabric::*;
use rand::{Rng, SeedableRng};
use smbdirect::wire::*;
use smbdirect::{Config, SmbdConnection};

#[test]
fn parsers_take_any_bytes() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    for _ in 0..20_000 {
        let n = rng.gen_range(0..80);
        let b: Vec<u8> = (0..n).map(|_| rng.gen()).collect();
        let _ = NegotiateRequest::parse(&b);
        let _ = NegotiateResponse::parse(&b);
        if let Some(h) = DataHeader::parse(&b) {
            if h.data_length > 0 {
                assert!((h.data_offset + h.data_length) as usize <= b.len());
            }
        }
        let _ = BufferDescriptor::parse_list(&b);
    }
}

#[test]
fn random_messages_from_a_raw_peer_never_panic() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(0xF00D);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    for round in 0..300 {
        if std::time::Instant::now() > deadline {
            break;
        }
        let f = LoopbackFabric::new();
        let mut l = f.listen("f").unwrap();
        let (cpd, ccq, spd, scq) = (Pd::new(), Cq::new(), Pd::new(), Cq::new());
        let mut cq = f.connect("f", &cpd, &ccq, b"", 4, 4).unwrap();
        let sq = l
            .poll_request()
            .unwrap()
            .unwrap()
            .accept(&spd, &scq, b"", 4, 4)
            .unwrap();
        for _ in 0..10 {
            cq.progress().unwrap();
            let _ = cq.poll_event();
        }
        let mut s = SmbdConnection::accept(sq, spd, scq, Config::default(), 0);
        let rb = cpd.register(RegBuf::new(8192 * 8), Access::LOCAL_WRITE);
        for i in 0..8 {
            cq.post_recv(RecvWr {
                wr_id: i,
                sge: rb.sge(i as usize * 8192, 8192),
            })
            .unwrap();
        }
        let sb = cpd.register(RegBuf::new(1 << 16), Access::default());
        // Half the rounds negotiate properly first, so data messages are parsed too.
        let mut msgs: Vec<Vec<u8>> = Vec::new();
        if round % 2 == 0 {
            msgs.push(
                NegotiateRequest {
                    min_version: VERSION,
                    max_version: VERSION,
                    credits_requested: 8,
                    preferred_send_size: 1364,
                    max_receive_size: 8192,
                    max_fragmented_size: 1 << 20,
                }
                .encode(),
            );
        }
        for _ in 0..rng.gen_range(1..12) {
            let n = rng.gen_range(0..200);
            let mut m: Vec<u8> = (0..n).map(|_| rng.gen()).collect();
            if m.len() >= 24 && rng.gen_bool(0.7) {
                // Plausible headers with hostile fields.
                m[0] = rng.gen_range(0..4);
                m[1] = 0;
                m[12..16].copy_from_slice(&[24, 0, 0, 0]);
                let dl = rng.gen_range(0..(n as u32 + 50));
                m[16..20].copy_from_slice(&dl.to_le_bytes());
            }
            msgs.push(m);
        }
        for (k, m) in msgs.iter().enumerate() {
            sb.buf.write(k * 512, &m[..m.len().min(512)]);
            let sge = sb.sge(k * 512, m.len().min(512));
            cq.post_send(SendWr {
                wr_id: 100 + k as u64,
                op: SendOp::Send,
                sge: fabric::sges![sge],
                signaled: false,
            })
            .unwrap();
        }
        for t in 0..50u64 {
            let _ = cq.progress();
            if s.poll(t * 10).is_err() {
                break;
            }
            while s.recv().is_some() {}
        }
    }
}
