//! What a client sees, and what is kept, when the storage under a share fails
//! (`storage::faults`, docs/faults.md): each fault gets the status Windows gives for it,
//! touches only the calls it hits, and never takes away what a client was told is stable.

mod harness;

use client::{access, Error, FileId};
use harness::*;
use smb_wire::header::Command;
use smb_wire::NtStatus;
use std::sync::Arc;
use storage::faults::{Fault, FaultShare, Faults, Op, Rule};

const RW: u32 = access::FILE_READ_DATA | access::FILE_WRITE_DATA;

fn engine() -> (Engine, Arc<Faults>) {
    let faults = Faults::new();
    let f2 = faults.clone();
    let e = Engine::over(smb_server::ServerConfig::default(), move |inner| {
        Arc::new(FaultShare::new(inner, f2))
    });
    (e, faults)
}

fn status<T: std::fmt::Debug>(r: client::Result<T>) -> NtStatus {
    match r {
        Err(Error::Status(_, s)) => s,
        other => panic!("expected a failure status, got {other:?}"),
    }
}

fn open(c: &mut client::Client, tree: u32, name: &str) -> FileId {
    // FILE_OPEN_IF.
    c.create(tree, name, RW, 3, 0).unwrap().0
}

fn pattern(seed: u8, len: usize) -> Vec<u8> {
    (0..len)
        .map(|i| (i as u8).wrapping_mul(31) ^ seed)
        .collect()
}

#[test]
fn a_full_volume_refuses_growth_with_disk_full_and_keeps_overwrites() {
    let (e, faults) = engine();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let f = open(&mut c, tree, "disk.vhdx");
    let a = pattern(1, 65536);
    assert_eq!(c.write(tree, f, 0, &a).unwrap(), 65536);
    faults.add(Rule::always(Op::Any, Fault::NoSpace));
    // Growing the file, making a file or a directory: the volume is full.
    assert_eq!(
        status(c.write(tree, f, 65536, &a[..4096])),
        NtStatus::DISK_FULL
    );
    assert_eq!(
        status(c.create(tree, "new.bin", RW, 2, 0)),
        NtStatus::DISK_FULL
    );
    assert_eq!(
        status(c.set_end_of_file(tree, f, 1 << 20)),
        NtStatus::DISK_FULL
    );
    // The volume says so (FileFsSizeInformation: available allocation units).
    let fs = c.query_info(tree, f, 2, 3).unwrap();
    assert_eq!(u64::from_le_bytes(fs[8..16].try_into().unwrap()), 0);
    // Overwriting what the file holds still works (a VM writing its allocated blocks
    // goes on), and so does reading.
    let b = pattern(2, 8192);
    assert_eq!(c.write(tree, f, 8192, &b).unwrap(), 8192);
    let mut want = a.clone();
    want[8192..16384].copy_from_slice(&b);
    assert_eq!(c.read(tree, f, 0, 65536).unwrap(), want);
    // A write that straddles the end fails whole as far as the client is told.
    assert_eq!(
        status(c.write(tree, f, 61440, &a[..8192])),
        NtStatus::DISK_FULL
    );
    assert_eq!(
        std::fs::metadata(e.dir.path().join("disk.vhdx"))
            .unwrap()
            .len(),
        65536
    );
    // Space again: everything works.
    faults.clear();
    assert_eq!(c.write(tree, f, 65536, &a[..4096]).unwrap(), 4096);
    let g = c.create(tree, "new.bin", RW, 2, 0).unwrap().0;
    c.close(tree, g).unwrap();
    c.close(tree, f).unwrap();
}

#[test]
fn an_io_error_fails_the_calls_it_hits_and_nothing_else() {
    let (e, faults) = engine();
    std::fs::write(e.dir.path().join("bad.bin"), pattern(3, 16384)).unwrap();
    std::fs::write(e.dir.path().join("good.bin"), pattern(4, 16384)).unwrap();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let (mut d, _w2) = e.client();
    let tree2 = d.tree_connect(SHARE).unwrap();
    faults.add(Rule {
        path: "bad.bin".into(),
        ..Rule::always(Op::Read, Fault::Eio)
    });
    let bad = open(&mut c, tree, "bad.bin");
    let good = open(&mut c, tree, "good.bin");
    assert_eq!(
        status(c.read(tree, bad, 0, 4096)),
        NtStatus::IO_DEVICE_ERROR
    );
    // The same session's other file, and another client, are served meanwhile.
    assert_eq!(c.read(tree, good, 0, 16384).unwrap(), pattern(4, 16384));
    let g2 = open(&mut d, tree2, "good.bin");
    assert_eq!(
        d.read(tree2, g2, 4096, 4096).unwrap(),
        pattern(4, 16384)[4096..8192]
    );
    // Writes to the failing file still land (the rule is on reads).
    assert_eq!(c.write(tree, bad, 0, &[9; 512]).unwrap(), 512);
    faults.clear();
    let mut want = pattern(3, 16384);
    want[..512].fill(9);
    assert_eq!(c.read(tree, bad, 0, 16384).unwrap(), want);
    assert!(faults.fired() >= 1);
    c.close(tree, bad).unwrap();
    c.close(tree, good).unwrap();
    d.close(tree2, g2).unwrap();
}

#[test]
fn a_lost_flush_is_reported_and_takes_only_what_was_never_stable() {
    let (e, faults) = engine();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let f = open(&mut c, tree, "log.bin");
    let a = pattern(5, 32768);
    c.write(tree, f, 0, &a).unwrap();
    c.flush(tree, f).unwrap(); // stable
    let b = pattern(6, 8192);
    c.write(tree, f, 4096, &b).unwrap(); // not yet
    c.write(tree, f, 32768, &b).unwrap(); // growth, not yet
    faults.add(Rule::once(Op::Sync, Fault::SyncLost));
    assert_eq!(status(c.flush(tree, f)), NtStatus::IO_DEVICE_ERROR);
    // What was flushed is all there; what the failed flush covered is gone, as on Linux
    // after a failed fsync, and the client was told.
    assert_eq!(c.read(tree, f, 0, 65536).unwrap(), a);
    // The next flush works.
    c.write(tree, f, 4096, &b).unwrap();
    c.flush(tree, f).unwrap();
    // A write-through write whose flush is lost fails, and is not there either.
    faults.add(Rule::once(Op::Sync, Fault::SyncLost));
    let z = vec![0xEE; 4096];
    assert_eq!(
        status(c.write_through(tree, f, 0, &z)),
        NtStatus::IO_DEVICE_ERROR
    );
    let mut want = a.clone();
    want[4096..12288].copy_from_slice(&b);
    assert_eq!(c.read(tree, f, 0, 65536).unwrap(), want);
    // And one that succeeds is there after.
    c.write_through(tree, f, 0, &z).unwrap();
    want[..4096].copy_from_slice(&z);
    c.close(tree, f).unwrap();
    assert_eq!(std::fs::read(e.dir.path().join("log.bin")).unwrap(), want);
}

#[test]
fn a_failed_or_torn_write_is_never_acknowledged() {
    let (e, faults) = engine();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let f = open(&mut c, tree, "torn.bin");
    let a = pattern(7, 65536);
    c.write_through(tree, f, 0, &a).unwrap();
    faults.add(Rule::once(Op::Write, Fault::Torn(4096)));
    let b = pattern(8, 65536);
    assert_eq!(
        status(c.write_through(tree, f, 0, &b)),
        NtStatus::IO_DEVICE_ERROR
    );
    // The first 4 KiB landed, the rest is as it was: the client, told the write failed,
    // rewrites it; every byte it was told is stable is one of the two writes'.
    let got = c.read(tree, f, 0, 65536).unwrap();
    assert_eq!(got[..4096], b[..4096]);
    assert_eq!(got[4096..], a[4096..]);
    c.write_through(tree, f, 0, &b).unwrap();
    assert_eq!(c.read(tree, f, 0, 65536).unwrap(), b);
    // A plain write the device fails.
    faults.add(Rule::once(Op::Write, Fault::Eio));
    assert_eq!(
        status(c.write(tree, f, 0, &a[..4096])),
        NtStatus::IO_DEVICE_ERROR
    );
    assert_eq!(c.read(tree, f, 0, 65536).unwrap(), b);
    c.close(tree, f).unwrap();
}

#[test]
fn failing_namespace_calls_get_their_statuses_and_change_nothing() {
    let (e, faults) = engine();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let f = open(&mut c, tree, "a.txt");
    c.close(tree, f).unwrap();
    faults.add(Rule::always(Op::Create, Fault::Eio));
    assert_eq!(
        status(c.create(tree, "b.txt", RW, 2, 0)),
        NtStatus::IO_DEVICE_ERROR
    );
    assert!(!e.dir.path().join("b.txt").exists());
    // Opening what exists needs nothing new.
    let f = c.create(tree, "a.txt", RW, 1, 0).unwrap().0;
    c.close(tree, f).unwrap();
    faults.clear();
    faults.add(Rule::always(Op::Meta, Fault::Eio));
    // A rename (FileRenameInformation) fails with the device's status; the name stays.
    let f = c.create(tree, "a.txt", RW | 0x0001_0000, 1, 0).unwrap().0;
    let name: Vec<u8> = "c.txt".encode_utf16().flat_map(u16::to_le_bytes).collect();
    let mut info = vec![0u8; 16];
    info.extend_from_slice(&(name.len() as u32).to_le_bytes());
    info.extend_from_slice(&name);
    let body = testkit::bodies::set_info_body(f, 1, 10, &info);
    let r = c.request(Command::SET_INFO, tree, &body).unwrap();
    assert_eq!(r.status(), NtStatus::IO_DEVICE_ERROR);
    assert!(e.dir.path().join("a.txt").exists() && !e.dir.path().join("c.txt").exists());
    faults.clear();
    let r = c.request(Command::SET_INFO, tree, &body).unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);
    c.close(tree, f).unwrap();
    assert!(e.dir.path().join("c.txt").exists());
}

/// One step of the virtual disk workload.
#[derive(Clone)]
enum Step {
    Write(u64, Vec<u8>),
    Flush,
}

fn vhdx_workload() -> Vec<Step> {
    let mut steps = Vec::new();
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    for i in 0..24u64 {
        let len = (1 + next(16)) * 4096;
        let off = next((16 << 20) / 4096 - 16) * 4096;
        steps.push(Step::Write(
            off,
            vec![(i as u8).wrapping_mul(7) | 1; len as usize],
        ));
        if i % 4 == 3 {
            steps.push(Step::Flush);
        }
    }
    steps.push(Step::Flush);
    steps
}

/// Runs the workload on a dynamic VHDX opened through the fault share until a step
/// fails; returns the disk as the last good flush left it, the ranges written since
/// (whose bytes may be old or new), and whether a step failed.
fn run_vhdx(share: &FaultShare) -> (Vec<u8>, Vec<(u64, u64)>, bool) {
    use smb_server::backend::{Disposition, Kind, OpenParams, Share, SharePath};
    let path = SharePath::from_validated("disk.vhdx".into());
    let (f, _) = share
        .open(
            &path,
            &OpenParams::read_write(Disposition::Open, Kind::NonDirectory),
        )
        .unwrap();
    let store = smb_server::svhdx::ObjStore::new(f);
    let d = match vhdx::Vhdx::open(store, vhdx::OpenOptions::read_write()) {
        Ok(d) => d,
        Err(_) => return (vec![0; 16 << 20], Vec::new(), true),
    };
    let mut stable = vec![0u8; 16 << 20];
    let mut pending: Vec<(u64, Vec<u8>)> = Vec::new();
    for s in vhdx_workload() {
        let r = match &s {
            Step::Write(off, data) => vhdx::write_through(&d, *off, data),
            Step::Flush => d.flush(),
        };
        if let Step::Write(off, data) = &s {
            pending.push((*off, data.clone()));
        }
        if r.is_err() {
            // The node stops here: the engine goes without closing the file.
            std::mem::forget(d);
            let unsure = pending.iter().map(|(o, d)| (*o, d.len() as u64)).collect();
            return (stable, unsure, true);
        }
        if let Step::Flush = s {
            for (off, data) in pending.drain(..) {
                stable[off as usize..off as usize + data.len()].copy_from_slice(&data);
            }
        }
    }
    // (Closing writes the header too: it may meet the fault as well.)
    let failed = d.close().is_err();
    (stable, Vec::new(), failed)
}

/// A dynamic VHDX written through a share whose storage fails at every write or flush
/// in turn (an I/O error, a write torn after one sector, a flush that fails or loses
/// what it covered), the node stopping there and the power going (what was not flushed
/// undone): reopened afterwards, its log replays, `check` finds nothing wrong, and every
/// byte flushed before the failure reads back.
#[test]
fn a_vhdx_on_failing_storage_stays_consistent_and_keeps_what_was_flushed() {
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let mut p = vhdx::CreateParams::new(vhdx::DiskKind::Dynamic, 16 << 20);
    p.block_size = 1 << 20;
    let image = {
        let f = vhdx::mem::MemFile::new(Vec::new());
        vhdx::create(&f, &p).unwrap();
        f.volatile_image()
    };
    let backend: Arc<dyn smb_server::backend::Share> =
        Arc::new(storage::DirShare::open(dir.path(), storage::DirShareOptions::default()).unwrap());
    let disk = dir.path().join("disk.vhdx");
    // How many writes and flushes a clean run makes: the first k that fails nothing.
    let count = |op: Op| {
        (0..1000)
            .find(|&k| {
                let probe = Faults::new();
                probe.add(Rule {
                    after: k,
                    times: Some(1),
                    ..Rule::always(op, Fault::Eio)
                });
                std::fs::write(&disk, &image).unwrap();
                !run_vhdx(&FaultShare::new(backend.clone(), probe)).2
            })
            .unwrap()
    };
    let (writes, syncs) = (count(Op::Write), count(Op::Sync));
    assert!(writes > 24 && syncs > 6, "{writes} writes, {syncs} flushes");
    let mut runs = 0;
    let cases = (0..writes)
        .flat_map(|k| [(Op::Write, Fault::Eio, k), (Op::Write, Fault::Torn(512), k)])
        .chain(
            (0..syncs).flat_map(|k| [(Op::Sync, Fault::Eio, k), (Op::Sync, Fault::SyncLost, k)]),
        );
    for (op, fault, k) in cases {
        std::fs::write(&disk, &image).unwrap();
        let faults = Faults::new();
        faults.add(Rule {
            after: k,
            times: Some(1),
            ..Rule::always(op, fault)
        });
        let share = FaultShare::new(backend.clone(), faults);
        let (stable, unsure, failed) = run_vhdx(&share);
        assert!(failed, "{op:?} {fault:?} at {k} failed nothing");
        // The node stopped there, and the power went: what was not flushed is gone.
        share.power_loss();
        runs += 1;
        // Reopened as the node would after a restart: the log replays.
        let f = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(&disk)
            .unwrap();
        let d = vhdx::Vhdx::open(f, vhdx::OpenOptions::read_write())
            .unwrap_or_else(|e| panic!("{op:?} {fault:?} at {k}: reopen: {e}"));
        let problems = d.check().unwrap();
        assert!(problems.is_empty(), "{op:?} {fault:?} at {k}: {problems:?}");
        let mut got = vec![0u8; 16 << 20];
        vhdx::read_level(std::slice::from_ref(&d), 0, 0, &mut got).unwrap();
        let mut sure = vec![true; got.len()];
        for (o, n) in unsure {
            sure[o as usize..(o + n) as usize].fill(false);
        }
        let lost = (0..got.len()).find(|&i| sure[i] && got[i] != stable[i]);
        assert_eq!(
            lost, None,
            "{op:?} {fault:?} at {k}: a flushed byte changed"
        );
    }
    eprintln!("{writes} writes and {syncs} flushes, {runs} failures survived");
}
