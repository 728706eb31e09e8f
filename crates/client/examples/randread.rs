//! A bounded 8 KiB random-read loop at a fixed queue depth against any SMB 3 server:
//!   randread HOST:PORT USER SHARE FILE [QD] [SECONDS] [IO_SIZE]
//! The password comes from the SMB_PASSWORD environment variable. With SMB_TRANSPORT=rdma
//! HOST:PORT is an SMB Direct (software iWARP) listener and reads go through
//! RDMA_V1_INVALIDATE channels. The file must exist and be
//! at least 64 MiB (the loop reads within its first 1 GiB). Prints IOPS and latency
//! percentiles. Bounded by time and by a maximum count of I/Os.

use client::{Client, Options, Protection};
use std::time::{Duration, Instant};

fn main() {
    let a: Vec<String> = std::env::args().collect();
    if a.len() < 5 {
        eprintln!("usage: randread HOST:PORT USER SHARE FILE [QD] [SECONDS] [IO_SIZE]");
        std::process::exit(2);
    }
    let qd: usize = a.get(5).map_or(16, |s| s.parse().expect("QD"));
    let secs: u64 = a.get(6).map_or(10, |s| s.parse().expect("SECONDS"));
    let io: u32 = a.get(7).map_or(8192, |s| s.parse().expect("IO_SIZE"));
    let opts = Options {
        user: a[2].clone(),
        password: std::env::var("SMB_PASSWORD").unwrap_or_default(),
        protection: if std::env::var_os("SMB_ENCRYPT").is_some() {
            Protection::Encrypt
        } else {
            Protection::Sign
        },
        ..Default::default()
    };
    let host = a[1].split(':').next().unwrap_or("127.0.0.1").to_string();
    let rdma = std::env::var("SMB_TRANSPORT").is_ok_and(|t| t == "rdma");
    let mut c = if rdma {
        Client::connect_rdma(&a[1], &opts).expect("connect (SMB Direct)")
    } else {
        Client::connect(&a[1], &opts).expect("connect")
    };
    let tree = c
        .tree_connect(&format!("\\\\{host}\\{}", a[3]))
        .expect("tree connect");
    let (fid, eof) = c
        .create(tree, &a[4], client::access::FILE_READ_DATA | 0x80, 1, 0)
        .expect("open");
    let span = eof.min(1 << 30) / u64::from(io);
    assert!(span > 0, "file too small");
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut next_off = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % span) * u64::from(io)
    };
    let max_ios: u64 = 50_000_000;
    let mut inflight = std::collections::VecDeque::new();
    let mut lat = Vec::with_capacity(1 << 20);
    // Warm-up: one second.
    let warm_end = Instant::now() + Duration::from_secs(1);
    let send = |c: &mut Client, off: u64| -> (u64, Option<client::RdmaBuffer>) {
        if rdma {
            let (id, b) = c.send_read_rdma(tree, fid, off, io, true).expect("read");
            (id, Some(b))
        } else {
            (c.send_read(tree, fid, off, io).expect("read"), None)
        }
    };
    let finish = |c: &mut Client, id: u64, b: Option<client::RdmaBuffer>| -> Vec<u8> {
        match b {
            Some(b) => c.finish_read_rdma(id, b).expect("read"),
            None => c.finish_read(id).expect("read"),
        }
    };
    while Instant::now() < warm_end {
        let (id, b) = send(&mut c, next_off());
        finish(&mut c, id, b);
    }
    let start = Instant::now();
    let end = start + Duration::from_secs(secs);
    let mut done = 0u64;
    while inflight.len() < qd {
        let (id, b) = send(&mut c, next_off());
        inflight.push_back((id, b, Instant::now()));
    }
    while let Some((id, b, t0)) = inflight.pop_front() {
        let data = finish(&mut c, id, b);
        assert_eq!(data.len(), io as usize);
        lat.push(t0.elapsed().as_nanos() as u64);
        done += 1;
        if Instant::now() < end && done < max_ios {
            let (id, b) = send(&mut c, next_off());
            inflight.push_back((id, b, Instant::now()));
        }
    }
    let el = start.elapsed().as_secs_f64();
    lat.sort_unstable();
    let p = |q: f64| lat[((lat.len() as f64 * q) as usize).min(lat.len() - 1)] as f64 / 1000.0;
    println!(
        "io_size={io} qd={qd} ios={done} seconds={el:.2} iops={:.0} mib_per_s={:.1} p50_us={:.1} p99_us={:.1} p999_us={:.1}",
        done as f64 / el,
        done as f64 * f64::from(io) / el / 1048576.0,
        p(0.5),
        p(0.99),
        p(0.999)
    );
    let _ = c.close(tree, fid);
}
