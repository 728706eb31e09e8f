//! Issue 6: once warm, serving 8 KiB READs (over SMB Direct or TCP, from the page cache
//! or, on a direct_io share, from the device through the worker's ring) allocates
//! nothing on the server's worker thread. The server runs in this process (loopback
//! fabric) under a global allocator that counts the allocations made by threads named
//! `smbd-worker-*`.

mod common;

use common::{does_direct_io, free_port, metric_value, start_in_process, PASSWORD, USER};

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

struct Counting;

static COUNTING: AtomicBool = AtomicBool::new(false);
static WORKER_ALLOCS: AtomicU64 = AtomicU64::new(0);

thread_local! {
    static IS_WORKER: Cell<bool> = const { Cell::new(false) };
}

/// Whether this thread is a server worker (its kernel name, read without allocating).
fn on_worker() -> bool {
    IS_WORKER
        .try_with(|w| {
            if !w.get() {
                let mut name = [0u8; 16];
                // SAFETY: PR_GET_NAME writes at most 16 bytes into the buffer.
                unsafe { libc::prctl(libc::PR_GET_NAME, name.as_mut_ptr()) };
                w.set(name.starts_with(b"smbd-worker"));
            }
            w.get()
        })
        .unwrap_or(false)
}

thread_local! {
    /// Set while this thread records a backtrace (which allocates: not counted).
    static TRACING: Cell<bool> = const { Cell::new(false) };
}

/// Where the first few counted allocations came from, for the failure message.
static WHERE: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

fn count() {
    if !COUNTING.load(Relaxed) || TRACING.try_with(|t| t.get()).unwrap_or(true) || !on_worker() {
        return;
    }
    if WORKER_ALLOCS.fetch_add(1, Relaxed) < 3 && WHERE.lock().unwrap().len() < 6 {
        TRACING.with(|t| t.set(true));
        let b = std::backtrace::Backtrace::force_capture().to_string();
        let ours: Vec<&str> = b
            .lines()
            .filter(|l| {
                l.contains("src/") && !l.contains("hot_path_allocs") && !l.contains("/rustc/")
            })
            .take(4)
            .collect();
        WHERE.lock().unwrap().push(ours.join("\n"));
        TRACING.with(|t| t.set(false));
    }
}

// SAFETY: every call is forwarded to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        count();
        // SAFETY: as the caller promised.
        unsafe { System.alloc(l) }
    }
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        count();
        // SAFETY: as the caller promised.
        unsafe { System.alloc_zeroed(l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        count();
        // SAFETY: as the caller promised.
        unsafe { System.realloc(p, l, n) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        // SAFETY: as the caller promised.
        unsafe { System.dealloc(p, l) }
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// A 2 MiB file in each of three shares (page cache, direct_io, mapped_reads) of an
/// in-process server with one worker and an SMB Direct listener on the loopback fabric
/// under `name`.
fn start(dir: &std::path::Path, name: &str, metrics: u16) -> smbdirectd::daemon::Running {
    let data: Vec<u8> = (0..2u32 << 20).map(|i| (i % 253) as u8).collect();
    let mut shares = String::new();
    for (share, extra) in [
        ("data", ""),
        ("direct", "direct_io = true\n"),
        ("mapped", "mapped_reads = true\n"),
    ] {
        let d = dir.join(share);
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join("disk.bin"), &data).unwrap();
        shares += &format!(
            "[[share]]\nname = {share:?}\npath = {:?}\n{extra}\n",
            d.display().to_string()
        );
    }
    start_in_process(dir, name, metrics, &shares)
}

/// Reads `n` times 8 KiB at pseudo-random offsets, each checked, by RDMA Write or inline.
fn reads(c: &mut client::Client, tree: u32, f: client::FileId, n: u64, seed: u64, rdma: bool) {
    let mut x = seed | 1;
    for _ in 0..n {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let off = (x % 255) * 8192;
        let got = if rdma {
            c.read_rdma(tree, f, off, 8192, x & 1 == 0).unwrap()
        } else {
            c.read(tree, f, off, 8192).unwrap()
        };
        assert_eq!(got.len(), 8192);
        assert!(got
            .iter()
            .enumerate()
            .all(|(i, b)| *b == ((off + i as u64) % 253) as u8));
    }
}

#[test]
fn warm_reads_allocate_nothing_on_the_worker() {
    let dir = tempfile::tempdir().unwrap();
    let metrics = free_port();
    let ring_reads = || metric_value(metrics, "smbdirectd_storage_ring_reads_total");
    let mapped = || metric_value(metrics, "smbdirectd_rdma_writes_from_page_cache_total");
    let running = start(dir.path(), "hot-path-allocs", metrics);
    let tcp = running.tcp[0].to_string();
    // Page-cache reads, and (direct_io) reads from the device through the worker's ring.
    for (how, transforms, share) in [
        ("RDMA, signed", vec![1, 2], "data"),
        ("RDMA", vec![], "data"),
        ("TCP", vec![], "data"),
        ("RDMA, direct", vec![], "direct"),
        ("TCP, direct", vec![], "direct"),
        ("RDMA, mapped", vec![], "mapped"),
        ("RDMA, encrypted", vec![1, 2], "data"),
        ("TCP, encrypted", vec![], "data"),
    ] {
        let protection = if how.ends_with("encrypted") {
            client::Protection::Encrypt
        } else {
            client::Protection::Sign
        };
        let opts = client::Options {
            user: USER.into(),
            password: PASSWORD.into(),
            dialects: vec![0x0311],
            rdma_transforms: transforms,
            protection,
            ..Default::default()
        };
        let rdma = how.starts_with("RDMA");
        let mut c = if rdma {
            client::Client::connect_rdma("loopback:hot-path-allocs", &opts).unwrap()
        } else {
            client::Client::connect(&tcp, &opts).unwrap()
        };
        let tree = c.tree_connect(&format!("\\\\127.0.0.1\\{share}")).unwrap();
        let (f, _) = c.create(tree, "disk.bin", 0x0012_0089, 1, 0).unwrap();
        // Warm: the connection's buffers, credits and tables reach their steady size.
        reads(&mut c, tree, f, 2000, 7, rdma);
        std::thread::sleep(std::time::Duration::from_millis(50));
        let (ring0, mapped0) = (ring_reads(), mapped());
        // Three windows of 500 reads: an allocation per read shows in every window (500
        // or more each); a once-per-thread lazy initialisation in a library (parking_lot
        // sets up a thread's parking data the first time it waits for a lock) can show in
        // one window only.
        let mut counts = Vec::new();
        WHERE.lock().unwrap().clear();
        for w in 0..3u64 {
            WORKER_ALLOCS.store(0, Relaxed);
            COUNTING.store(true, Relaxed);
            reads(&mut c, tree, f, 500, 11 + w, rdma);
            COUNTING.store(false, Relaxed);
            counts.push(WORKER_ALLOCS.load(Relaxed));
        }
        // The direct cases did read from the device through the ring (where the file
        // system does direct I/O: not on tmpfs).
        std::thread::sleep(std::time::Duration::from_millis(50));
        let ring = ring_reads() - ring0;
        let sent_mapped = mapped() - mapped0;
        if share == "mapped" {
            assert!(
                sent_mapped >= 1500.0,
                "{how}: only {sent_mapped} mapped sends"
            );
        } else {
            assert_eq!(sent_mapped, 0.0, "{how}: sent from a mapping");
        }
        if share == "direct" && does_direct_io(&dir.path().join("direct")) {
            assert!(ring >= 1500.0, "{how}: only {ring} reads on the ring");
        } else if share != "direct" {
            assert_eq!(ring, 0.0, "{how}: page-cache reads went to the ring");
        }
        let (min, max) = (counts.iter().min(), counts.iter().max());
        assert!(
            min == Some(&0) && max <= Some(&4),
            "{how}: allocations on the worker per window of 500 warm reads: {counts:?}; \
             the first from:\n{}",
            WHERE.lock().unwrap().join("\n--\n")
        );
    }
    running.shutdown();
}
