//! The vendored SPDK, through the shim, on this host: no hugepages, no PCI, a blobstore
//! on an aio bdev over a plain file. Each test is its own process (DPDK starts once per
//! process), as nextest runs them.

use spdk::{Blobstore, Device, EnvOpts, Io, Spdk, Thread};

const BSTYPE: &str = "SMBDIRECTD";

/// The environment and the app thread with an aio bdev `d0` over `file`, or None when
/// SPDK is not built here (a failure in CI: scripts/build-spdk builds it).
fn start(file: &std::path::Path) -> Option<Thread> {
    if !testkit::require(
        "SPDK (libsmbdirectd_spdk.so)",
        spdk::find().is_some(),
        "scripts/build-spdk",
    ) {
        return None;
    }
    let spdk = Spdk::init(None, &EnvOpts::default()).expect("SPDK environment");
    let app = spdk.thread("app").expect("app thread");
    let aio = format!(
        r#"{{"name":"d0","filename":{},"block_size":4096}}"#,
        spdk::json_str(&file.display().to_string())
    );
    let config = spdk::config(&[("bdev_aio_create", aio)]);
    app.start_subsystems(&config)
        .expect("bdev subsystem with d0");
    Some(app)
}

fn device_file(dir: &tempfile::TempDir, bytes: u64) -> std::path::PathBuf {
    let p = dir.path().join("nvme.img");
    let f = std::fs::File::create(&p).unwrap();
    f.set_len(bytes).unwrap();
    p
}

fn pattern(seed: u8, len: usize) -> Vec<u8> {
    (0..len)
        .map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed))
        .collect()
}

#[test]
fn a_blob_written_and_reloaded_keeps_its_data_and_attributes() {
    let dir = tempfile::tempdir().unwrap();
    let file = device_file(&dir, 64 << 20);
    let Some(app) = start(&file) else { return };
    let spdk = app.spdk();
    assert!(
        spdk.version().starts_with("SPDK v26.05"),
        "{}",
        spdk.version()
    );

    let bs = Blobstore::open(&app, "d0", true, BSTYPE, 0).expect("new blobstore");
    let unit = bs.io_unit();
    assert_eq!(unit, 4096);
    assert_eq!(bs.cluster_size(), 1 << 20);
    let free = bs.free_clusters();
    assert!(free > 50, "{free} free clusters of 64 MiB");

    let name = "Virtual Machines/vm1/disk0.vhdx".to_string();
    let id = bs
        .create(
            &app,
            0,
            true,
            &[("name", name.as_bytes()), ("attr", &[0x20, 0, 0, 0])],
        )
        .expect("blob with attributes");
    bs.set_super_blob(&app, id).unwrap();
    let blob = bs.open_blob(&app, id).expect("open");
    assert_eq!(blob.id(), id);
    blob.resize(&app, 3).unwrap();
    blob.set_xattr("size", &(3u64 << 20).to_le_bytes()).unwrap();
    blob.sync_md(&app).unwrap();
    assert_eq!(blob.clusters(), 3);
    // Thin: nothing allocated until written.
    assert_eq!(bs.free_clusters(), free);

    let ch = bs.channel(&app).unwrap();
    let mut buf = spdk.dma(64 << 10, 4096).unwrap();
    let data = pattern(7, 64 << 10);
    buf.as_mut_slice().copy_from_slice(&data);
    // 64 KiB at 1 MiB + 8 KiB: allocates the second cluster only.
    let off = ((1 << 20) + 8192) / unit;
    let n = (64 << 10) / unit;
    ch.io(&app, &blob, Io::Write, Some(&mut buf), off, n)
        .unwrap();
    assert_eq!(bs.free_clusters(), free - 1);
    let dev = Device::open(&app, "d0").unwrap();
    dev.flush(&app).unwrap();

    let mut back = spdk.dma(64 << 10, 4096).unwrap();
    ch.io(&app, &blob, Io::Read, Some(&mut back), off, n)
        .unwrap();
    assert_eq!(back.as_slice(), &data[..]);
    // An unwritten range of a thin blob reads as zeroes.
    ch.io(&app, &blob, Io::Read, Some(&mut back), 0, n).unwrap();
    assert!(back.as_slice().iter().all(|&b| b == 0));
    // Zeroing a written range.
    ch.io(&app, &blob, Io::WriteZeroes, None, off, 2).unwrap();
    ch.io(&app, &blob, Io::Read, Some(&mut back), off, n)
        .unwrap();
    assert!(back.as_slice()[..8192].iter().all(|&b| b == 0));
    assert_eq!(&back.as_slice()[8192..], &data[8192..]);
    drop(ch);
    drop(dev);
    blob.close(&app).unwrap();
    bs.unload(&app).unwrap();

    // Loaded again: the root, the attributes, the size and the data are there.
    let bs = Blobstore::open(&app, "d0", false, BSTYPE, 0).expect("load");
    assert_eq!(bs.super_blob(&app).unwrap(), Some(id));
    let mut seen = Vec::new();
    bs.for_each(&app, |b| seen.push((b.id(), b.xattr("name"))))
        .unwrap();
    assert_eq!(seen, vec![(id, Some(name.into_bytes()))]);
    let blob = bs.open_blob(&app, id).unwrap();
    assert_eq!(blob.clusters(), 3);
    assert_eq!(blob.xattr("size").unwrap(), (3u64 << 20).to_le_bytes());
    assert_eq!(blob.xattr("attr").unwrap(), [0x20, 0, 0, 0]);
    let ch = bs.channel(&app).unwrap();
    ch.io(&app, &blob, Io::Read, Some(&mut back), off, n)
        .unwrap();
    assert_eq!(&back.as_slice()[8192..], &data[8192..]);
    drop(ch);
    blob.close(&app).unwrap();
    bs.delete(&app, id).unwrap();
    assert_eq!(bs.free_clusters(), free);
    bs.unload(&app).unwrap();
    app.stop_subsystems().unwrap();
}

#[test]
fn a_store_of_another_type_or_none_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = device_file(&dir, 32 << 20);
    let Some(app) = start(&file) else { return };

    // Nothing there: refused, not made.
    let e = Blobstore::open(&app, "d0", false, BSTYPE, 0)
        .err()
        .expect("an empty device has no blobstore");
    assert!(e.to_string().starts_with("blobstore load from d0"), "{e}");

    // Someone else's blobstore: refused, and left as it was.
    let other = Blobstore::open(&app, "d0", true, "LVOLSTORE", 0).unwrap();
    other.unload(&app).unwrap();
    let e = Blobstore::open(&app, "d0", false, BSTYPE, 0)
        .err()
        .expect("a foreign blobstore is refused");
    assert!(e.errno != 0, "{e}");
    let again = Blobstore::open(&app, "d0", false, "LVOLSTORE", 0).expect("still loads as its own");
    again.unload(&app).unwrap();
    app.stop_subsystems().unwrap();
}
