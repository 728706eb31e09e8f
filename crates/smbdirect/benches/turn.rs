//! An SMB Direct turn on the loopback fabric: a 64-byte request received and a 64-byte
//! response sent back, MS-SMBD credits and all (no network, so this is protocol cost).

use criterion::{criterion_group, criterion_main, Criterion};
use fabric::loopback::LoopbackFabric;
use fabric::{CmEvent, Cq, Pd};
use smbdirect::{Config, SmbdConnection};

fn pair() -> (SmbdConnection, SmbdConnection) {
    let f = LoopbackFabric::new();
    let mut l = f.listen("bench").unwrap();
    let (cpd, ccq, spd, scq) = (Pd::new(), Cq::new(), Pd::new(), Cq::new());
    let mut cq = f.connect("bench", &cpd, &ccq, b"", 16, 16).unwrap();
    let sq = l
        .poll_request()
        .unwrap()
        .unwrap()
        .accept(&spd, &scq, b"", 16, 16)
        .unwrap();
    loop {
        cq.progress().unwrap();
        if let Some(CmEvent::Established { .. }) = cq.poll_event() {
            break;
        }
    }
    let mut s = SmbdConnection::accept(sq, spd, scq, Config::default(), 0);
    let mut c = SmbdConnection::connect(cq, cpd, ccq, Config::default(), 0);
    for _ in 0..10 {
        c.poll(0).unwrap();
        s.poll(0).unwrap();
    }
    (c, s)
}

fn bench(cr: &mut Criterion) {
    let (mut c, mut s) = pair();
    let msg = vec![7u8; 64];
    cr.bench_function("smbd_turn_64b", |b| {
        b.iter(|| {
            // (A posted message enters the fabric at its side's next poll, as work
            // requests start at a NIC's doorbell.)
            c.send(msg.clone()).unwrap();
            c.poll(0).unwrap();
            let req = loop {
                s.poll(0).unwrap();
                if let Some(m) = s.recv() {
                    break m;
                }
            };
            s.send(req).unwrap();
            s.poll(0).unwrap();
            loop {
                c.poll(0).unwrap();
                if c.recv().is_some() {
                    break;
                }
            }
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
