//! A flood of connections that never sign in, from many addresses, must not keep anyone
//! else out (issue 48): when the server-wide bound is full, the oldest connection not
//! signed in gives way to a newcomer. A normal client from its own address connects,
//! signs in and lists a directory within a second, every time, throughout the flood.
//! Loopback only; every loop is bounded in count and time.

mod common;

use common::*;
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const FLOODERS: [&str; 5] = [
    "127.0.0.2",
    "127.0.0.3",
    "127.0.0.4",
    "127.0.0.5",
    "127.0.0.6",
];

/// Connects, signs in, opens the share's root and lists it: how long it took.
fn visit(srv: &TestServer) -> Result<Duration, String> {
    let t = Instant::now();
    let mut c = client::Client::connect(&format!("127.0.0.1:{}", srv.port), &user_options())
        .map_err(|e| format!("connect/sign in: {e}"))?;
    c.set_timeout(Some(Duration::from_secs(5))).unwrap();
    let tree = c
        .tree_connect("\\\\127.0.0.1\\data")
        .map_err(|e| format!("tree: {e}"))?;
    list_root(&mut c, tree)?;
    Ok(t.elapsed())
}

/// `total` silent connections spread over the flooding addresses, opened as fast as
/// they go; then, while more keep coming (up to `more`), a normal client visits five
/// times. Each visit must take under a second.
/// This process's descriptor limit raised to its hard limit (the flood holds thousands
/// of sockets), or the test fails saying it cannot.
fn raise_nofile(need: u64) {
    let mut r = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: plain getrlimit/setrlimit on a struct we own.
    unsafe {
        assert_eq!(libc::getrlimit(libc::RLIMIT_NOFILE, &mut r), 0);
        r.rlim_cur = r.rlim_max;
        assert_eq!(libc::setrlimit(libc::RLIMIT_NOFILE, &r), 0);
    }
    assert!(
        r.rlim_cur >= need,
        "the flood needs {need} descriptors; the hard limit is {}",
        r.rlim_cur
    );
}

fn flood(total: usize, more: usize) {
    raise_nofile((total + more + 256) as u64);
    let mport = free_port();
    let srv = TestServer::start_with(Opts {
        extra_config: format!("[metrics]\nlisten = \"127.0.0.1:{mport}\"\n"),
        ..Default::default()
    });
    let mut silent: Vec<TcpStream> = (0..total)
        .map(|i| connect_from(FLOODERS[i % FLOODERS.len()], srv.port))
        .collect();
    // Let the server take them all in (accepted, refused or displaced).
    std::thread::sleep(Duration::from_millis(500));
    let stop = Arc::new(AtomicBool::new(false));
    let opened = Arc::new(AtomicUsize::new(0));
    let port = srv.port;
    let (st, op) = (stop.clone(), opened.clone());
    let flooder = std::thread::spawn(move || {
        let mut held = Vec::new();
        let t = Instant::now();
        while !st.load(Ordering::Acquire)
            && held.len() < more
            && t.elapsed() < Duration::from_secs(60)
        {
            held.push(connect_from(FLOODERS[held.len() % FLOODERS.len()], port));
            op.fetch_add(1, Ordering::Relaxed);
            if held.len() % 50 == 0 {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        held
    });
    let mut worst = Duration::ZERO;
    for round in 0..5 {
        let took = visit(&srv).unwrap_or_else(|e| {
            panic!(
                "visit {round} during a flood of {total}: {e}\nserver log:\n{}",
                srv.log()
            )
        });
        worst = worst.max(took);
        assert!(
            took < Duration::from_secs(1),
            "visit {round} took {took:?} during a flood of {total}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    stop.store(true, Ordering::Release);
    let later = flooder.join().unwrap();
    println!(
        "flood of {total} (+{} during the visits): worst visit {worst:?}",
        opened.load(Ordering::Relaxed)
    );
    let displaced = metric_value(
        mport,
        "smbdirectd_connections_closed_total{reason=\"displaced\"}",
    );
    assert!(
        displaced >= (total.min(5 * 256) - 1024) as f64,
        "{displaced} displaced"
    );
    // The server still holds no more than its bound (and the closing displaced ones).
    let live = metric_value(mport, "smbdirectd_connections");
    assert!(live <= (1024 + 64) as f64, "{live} connections held");
    drop(later);
    silent.clear();
}

#[test]
fn a_flood_of_1100_silent_connections_keeps_nobody_out() {
    flood(1100, 400);
}

#[test]
fn a_flood_of_5000_silent_connections_keeps_nobody_out() {
    flood(5000, 1000);
}
