//! `mapped_reads` shares: READ data over SMB Direct leaves by RDMA Write straight from the
//! file's pages in the page cache (the server maps the file and the fabric's data mover
//! reads it), with nothing copied by the server. The server runs in this process on the
//! loopback fabric, whose data mover is the client's side, as a NIC's DMA would be.
//! Checks: exact data at any offset and length; writes, extensions and truncations made
//! through the server are seen at once; a read at or across the end is short or
//! END_OF_FILE as usual; a file cut short behind the server's back does not crash it (the
//! pages gone read as zeros once, then the file is remapped); RDMA data that is signed
//! is not sent from the mapping.

mod common;

use common::{free_port, metric_value, random_bytes, start_in_process, PASSWORD, USER};

fn opts(transforms: Vec<u16>) -> client::Options {
    client::Options {
        user: USER.into(),
        password: PASSWORD.into(),
        dialects: vec![0x0311],
        rdma_transforms: transforms,
        ..Default::default()
    }
}

fn is_eof(r: client::Result<Vec<u8>>) -> bool {
    matches!(r, Err(client::Error::Status(_, s)) if s == smb_wire::NtStatus::END_OF_FILE)
}

#[test]
fn mapped_reads_send_from_the_page_cache_and_follow_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let share = dir.path().join("share");
    std::fs::create_dir_all(&share).unwrap();
    let size = (4 << 20) + 1000;
    let mut data = random_bytes(size, 17);
    let path = share.join("disk.bin");
    std::fs::write(&path, &data).unwrap();
    let metrics = free_port();
    let shares = format!(
        "[[share]]\nname = \"data\"\npath = {:?}\nmapped_reads = true\n",
        share.display().to_string()
    );
    let running = start_in_process(dir.path(), "mapped-reads", metrics, &shares);
    let mapped = || {
        std::thread::sleep(std::time::Duration::from_millis(100));
        metric_value(metrics, "smbdirectd_rdma_writes_from_page_cache_total")
    };
    let copied = || metric_value(metrics, "smbdirectd_rdma_payload_bytes_copied_total");
    let mut c = client::Client::connect_rdma("loopback:mapped-reads", &opts(vec![])).unwrap();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (f, _) = c.create(tree, "disk.bin", 0x0012_019f, 1, 0).unwrap();

    // Any offset and length inside the file: exact, from the mapping, nothing copied.
    let mut x = 0x9e37_79b9_u64;
    for i in 0..40u64 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let len = [8192u32, 65536, 4097, 1, 512, 1 << 20][(i % 6) as usize];
        let off = x % (size as u64 - u64::from(len));
        let got = c.read_rdma(tree, f, off, len, i % 2 == 0).unwrap();
        assert!(
            got == data[off as usize..off as usize + len as usize],
            "read {i}: {len} bytes at {off}"
        );
    }
    assert!(mapped() >= 40.0, "reads not sent from the mapping");
    assert_eq!(copied(), 0.0, "payload copied");

    // A write through the server shows at once (the mapping is the page cache).
    let patch = random_bytes(5000, 18);
    c.write(tree, f, 123_456, &patch).unwrap();
    data[123_456..128_456].copy_from_slice(&patch);
    let got = c.read_rdma(tree, f, 120_000, 16384, true).unwrap();
    assert!(got == data[120_000..136_384], "write not seen");

    // Across the end: short; at the end: END_OF_FILE.
    let tail = c.read_rdma(tree, f, 4 << 20, 8192, true).unwrap();
    assert!(tail == data[4 << 20..], "short read at the end");
    assert!(is_eof(c.read_rdma(tree, f, size as u64, 8192, true)));

    // Extended by a write past the end: the new bytes are read (the file is remapped).
    let more = random_bytes(70_000, 19);
    c.write(tree, f, size as u64, &more).unwrap();
    data.extend_from_slice(&more);
    let before = mapped();
    let got = c
        .read_rdma(tree, f, size as u64 + 1000, 65536, false)
        .unwrap();
    assert!(
        got == data[size + 1000..size + 66_536],
        "extension not read"
    );
    assert!(mapped() > before, "the grown file was not remapped");

    // Cut short through the server: the old end is gone at once.
    let short = (1 << 20) + 5;
    c.set_end_of_file(tree, f, short as u64).unwrap();
    data.truncate(short);
    assert!(is_eof(c.read_rdma(tree, f, 2 << 20, 8192, true)));
    let got = c.read_rdma(tree, f, 1 << 20, 8192, true).unwrap();
    assert!(got == data[1 << 20..], "short read after truncation");
    let got = c.read_rdma(tree, f, 500_000, 8192, true).unwrap();
    assert!(got == data[500_000..508_192], "data after truncation");

    // Cut short behind the server's back while it has the file mapped: the pages gone
    // read as zeros (or the read ends), nothing crashes, and later reads see the new end.
    std::fs::OpenOptions::new()
        .write(true)
        .open(&path)
        .unwrap()
        .set_len(256 << 10)
        .unwrap();
    if let Ok(got) = c.read_rdma(tree, f, 600_000, 8192, true) {
        assert!(got.iter().all(|&b| b == 0), "stale data past the end");
    }
    assert!(is_eof(c.read_rdma(tree, f, 600_000, 8192, true)));
    let got = c.read_rdma(tree, f, 4096, 8192, true).unwrap();
    assert!(
        got == data[4096..12_288],
        "data after the outside truncation"
    );

    // Signed RDMA data needs a stable copy: not sent from the mapping.
    let mut s = client::Client::connect_rdma("loopback:mapped-reads", &opts(vec![1, 2])).unwrap();
    let stree = s.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (sf, _) = s.create(stree, "disk.bin", 0x0012_0089, 1, 0).unwrap();
    let before = mapped();
    for i in 0..8u64 {
        let got = s.read_rdma(stree, sf, i * 20_000, 8192, true).unwrap();
        assert!(
            got == data[i as usize * 20_000..][..8192],
            "signed read {i}"
        );
    }
    assert_eq!(mapped(), before, "signed reads were sent from the mapping");

    let live = || metric_value(metrics, "smbdirectd_mapped_files");
    assert_eq!(live(), 1.0, "one mapping for the file's opens");
    // Closed everywhere: the mapping goes (the connection's registration with it).
    s.close(stree, sf).unwrap();
    c.close(tree, f).unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while live() != 0.0 && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(live(), 0.0, "the mapping outlived the file's opens");
    running.shutdown();
}
