//! An SPDK share through the backend traits the engine uses: a Hyper-V VM folder made,
//! files written at unaligned offsets, renamed, truncated, removed while open, then the
//! store stopped and loaded again by a second process (SPDK starts once per process),
//! which finds everything as it was left.

use std::path::{Path, PathBuf};
use std::process::Command;

use smb_server::backend::{
    BasicChange, CreateAction, Disposition, Kind, OpenParams, Share, SharePath,
};
use smb_wire::NtStatus;
use storage::blobshare::service::{Device, Mode, Service, StoreSpec};
use storage::BlobShare;

fn p(s: &str) -> SharePath {
    SharePath::from_validated(s.into())
}

fn params(d: Disposition, kind: Kind) -> OpenParams {
    OpenParams::read_write(d, kind)
}

fn have_spdk() -> bool {
    testkit::require(
        "SPDK (libsmbdirectd_spdk.so)",
        spdk::find().is_some(),
        "scripts/build-spdk",
    )
}

fn start(file: &Path, mode: Mode) -> (std::sync::Arc<Service>, BlobShare) {
    let spec = StoreSpec {
        name: "vms".into(),
        device: Device::File(file.to_path_buf()),
    };
    let (svc, infos) =
        Service::start(None, spdk::EnvOpts::default(), vec![spec], mode).expect("service");
    assert_eq!(infos.len(), 1);
    let share = BlobShare::new(svc.clone(), 0);
    (svc, share)
}

fn pattern(seed: u8, len: usize) -> Vec<u8> {
    (0..len)
        .map(|i| (i as u8).wrapping_mul(13).wrapping_add(seed))
        .collect()
}

fn device(dir: &tempfile::TempDir, bytes: u64) -> PathBuf {
    let file = dir.path().join("nvme.img");
    std::fs::File::create(&file)
        .unwrap()
        .set_len(bytes)
        .unwrap();
    file
}

fn names(share: &BlobShare, dir: &str) -> Vec<String> {
    let (d, _) = share
        .open(&p(dir), &params(Disposition::Open, Kind::Directory))
        .unwrap();
    let mut v: Vec<String> = d.list_dir().unwrap().into_iter().map(|e| e.name).collect();
    v.sort();
    v
}

const DEVICE: &str = "BLOBSHARE_TEST_DEVICE";
const VM: &str = "Virtual Machines/VM1";

#[test]
fn a_vm_folder_survives_a_restart() {
    if !have_spdk() {
        return;
    }
    // The second life: this same test, run again by the first in a process of its own
    // (SPDK starts once per process), with the device named.
    if let Some(file) = std::env::var_os(DEVICE) {
        return second_life(&PathBuf::from(file));
    }
    let dir = tempfile::tempdir().unwrap();
    let file = device(&dir, 256 << 20);
    let (svc, share) = start(&file, Mode::Format);

    let d = params(Disposition::Create, Kind::Directory);
    let f = params(Disposition::Create, Kind::NonDirectory);
    share.open(&p("Virtual Machines"), &d).unwrap();
    share.open(&p(VM), &d).unwrap();
    share.open(&p(&format!("{VM}/Snapshots")), &d).unwrap();
    assert_eq!(
        share.open(&p("Virtual Machines/nope/x.vhdx"), &f).err(),
        Some(NtStatus::OBJECT_PATH_NOT_FOUND)
    );
    let (disk, action) = share
        .open(&p("virtual machines/vm1/Disk.vhdx"), &f)
        .unwrap();
    assert_eq!(action, CreateAction::Created);
    // Unaligned pieces, across a cluster boundary, and a hole between.
    let a = pattern(1, 10_000);
    let b = pattern(2, 300_000);
    assert_eq!(disk.write_at(777, &a).unwrap(), a.len());
    assert_eq!(disk.write_at((1 << 20) - 5000, &b).unwrap(), b.len());
    let eof = (1u64 << 20) - 5000 + b.len() as u64;
    let i = disk.info().unwrap();
    assert_eq!(i.end_of_file, eof);
    assert_eq!(i.allocation_size, eof.next_multiple_of(4096));
    let mut back = vec![0u8; eof as usize + 100];
    assert_eq!(disk.read_at(0, &mut back).unwrap(), eof as usize);
    assert!(back[..777].iter().all(|&x| x == 0));
    assert_eq!(&back[777..777 + a.len()], &a[..]);
    assert!(back[777 + a.len()..(1 << 20) - 5000]
        .iter()
        .all(|&x| x == 0));
    assert_eq!(&back[(1 << 20) - 5000..eof as usize], &b[..]);
    disk.zero_range(1000, 3000).unwrap();
    let mut z = vec![1u8; 3000];
    disk.read_at(1000, &mut z).unwrap();
    assert!(z.iter().all(|&x| x == 0));
    disk.sync().unwrap();

    // A file cut short and grown again reads zeros past the cut.
    let (cfg, _) = share.open(&p(&format!("{VM}/vm.vmcx")), &f).unwrap();
    cfg.write_at(0, &pattern(3, 9000)).unwrap();
    cfg.set_len(4000).unwrap();
    cfg.set_len(9000).unwrap();
    let mut c = vec![0u8; 9000];
    assert_eq!(cfg.read_at(0, &mut c).unwrap(), 9000);
    assert_eq!(&c[..4000], &pattern(3, 9000)[..4000]);
    assert!(c[4000..].iter().all(|&x| x == 0));
    cfg.set_basic(&BasicChange {
        attributes: Some(0x02),
        creation_time: Some(0x01d0_0000_0000_0000),
        ..Default::default()
    })
    .unwrap();
    cfg.set_security(&[
        1, 0, 4, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ])
    .unwrap();
    drop(cfg);

    // Renames: a case change, a collision, a replace, a directory into itself.
    share
        .rename(
            &p(&format!("{VM}/vm.vmcx")),
            &p(&format!("{VM}/VM.vmcx")),
            false,
        )
        .unwrap();
    let (sa, sb) = (
        format!("{VM}/Snapshots/a.avhdx"),
        format!("{VM}/Snapshots/b.avhdx"),
    );
    share.open(&p(&sa), &f).unwrap();
    share.open(&p(&sb), &f).unwrap();
    assert_eq!(
        share.rename(
            &p(&sa),
            &p(&sb.to_uppercase().replace("VIRTUAL MACHINES/VM1", VM)),
            false
        ),
        Err(NtStatus::OBJECT_NAME_COLLISION)
    );
    share.rename(&p(&sa), &p(&sb), true).unwrap();
    assert_eq!(
        share.rename(&p("Virtual Machines"), &p(&format!("{VM}/x")), false),
        Err(NtStatus::INVALID_PARAMETER)
    );
    // Removal: a directory with files refuses; a file removed while open goes at close.
    assert_eq!(
        share.remove(&p(VM), true),
        Err(NtStatus::DIRECTORY_NOT_EMPTY)
    );
    let tmp_path = format!("{VM}/tmp.vmrs");
    let (tmp, _) = share.open(&p(&tmp_path), &f).unwrap();
    tmp.write_at(0, b"runtime state").unwrap();
    share.remove(&p(&tmp_path), false).unwrap();
    assert_eq!(
        share.stat(&p(&tmp_path)).err(),
        Some(NtStatus::OBJECT_NAME_NOT_FOUND)
    );
    drop(tmp);
    drop(disk);
    let fs = share.fs_info().unwrap();
    assert!(
        fs.total_bytes >= 200 << 20 && fs.free_bytes < fs.total_bytes,
        "{fs:?}"
    );
    assert_eq!(
        share
            .canonical(&p("VIRTUAL MACHINES/vm1/DISK.VHDX"))
            .as_str(),
        "Virtual Machines/VM1/Disk.vhdx"
    );
    svc.stop();

    // The second life, in a process of its own.
    let out = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "a_vm_folder_survives_a_restart", "--nocapture"])
        .env(DEVICE, &file)
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success() && text.contains("1 passed"), "{text}");
}

/// What `a_vm_folder_survives_a_restart` left on `file`, loaded again: all of it.
fn second_life(file: &Path) {
    let (svc, share) = start(file, Mode::Load);
    assert_eq!(names(&share, ""), ["Virtual Machines"]);
    assert_eq!(names(&share, VM), ["Disk.vhdx", "Snapshots", "VM.vmcx"]);
    assert_eq!(names(&share, &format!("{VM}/Snapshots")), ["b.avhdx"]);
    let (disk, _) = share
        .open(
            &p(&format!("{VM}/Disk.vhdx")),
            &params(Disposition::Open, Kind::NonDirectory),
        )
        .unwrap();
    let eof = (1u64 << 20) - 5000 + 300_000;
    assert_eq!(disk.info().unwrap().end_of_file, eof);
    let mut back = vec![0u8; eof as usize];
    disk.read_at(0, &mut back).unwrap();
    let a = pattern(1, 10_000);
    assert!(back[1000..4000].iter().all(|&x| x == 0));
    assert_eq!(&back[4000..777 + a.len()], &a[4000 - 777..]);
    assert_eq!(&back[(1 << 20) - 5000..], &pattern(2, 300_000)[..]);
    let cfg = share.stat(&p(&format!("{VM}/VM.vmcx"))).unwrap();
    assert_eq!(cfg.end_of_file, 9000);
    assert_eq!(cfg.attributes, 0x02);
    assert_eq!(cfg.creation_time, 0x01d0_0000_0000_0000);
    assert!(share.security(&p(&format!("{VM}/VM.vmcx"))).is_some());
    assert_eq!(
        share.stat(&p(&format!("{VM}/tmp.vmrs"))).err(),
        Some(NtStatus::OBJECT_NAME_NOT_FOUND)
    );
    drop(disk);
    svc.stop();
}

#[test]
fn an_empty_device_is_refused_and_left_alone() {
    if !have_spdk() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = device(&dir, 64 << 20);
    let spec = StoreSpec {
        name: "vms".into(),
        device: Device::File(file.clone()),
    };
    let e = Service::start(None, spdk::EnvOpts::default(), vec![spec], Mode::Load)
        .err()
        .expect("no store on an empty device");
    assert!(
        e.contains("holds no smbdirectd store") && e.contains("spdk format"),
        "{e}"
    );
    assert!(std::fs::read(&file).unwrap().iter().all(|&b| b == 0));
}

/// A file never shows another's old data: clusters a deleted or cut file gave back read
/// as zeros in the file that gets them next (a thin blob's new cluster is not copied
/// from anything, so freed space must be zeroed).
#[test]
fn freed_space_reads_as_zeros_in_the_next_file() {
    if !have_spdk() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = device(&dir, 64 << 20);
    let (svc, share) = start(&file, Mode::Format);
    let f = params(Disposition::Create, Kind::NonDirectory);
    let secret = vec![0xA5u8; 8 << 20];
    let (a, _) = share.open(&p("secret.bin"), &f).unwrap();
    a.write_at(0, &secret).unwrap();
    drop(a);
    share.remove(&p("secret.bin"), false).unwrap();
    let (c, _) = share.open(&p("cut.bin"), &f).unwrap();
    c.write_at(0, &secret).unwrap();
    c.set_len(0).unwrap();
    // Every free cluster is now one that held the secret, or one never written.
    for name in ["b.bin", "d.bin"] {
        let (b, _) = share.open(&p(name), &f).unwrap();
        for i in 0..8u64 {
            b.write_at(i * (1 << 20) + 4096, b"x").unwrap();
        }
        let mut back = vec![1u8; 8 << 20];
        let n = b.read_at(0, &mut back).unwrap();
        assert_eq!(n, (7 << 20) + 4097);
        for (at, &x) in back[..n].iter().enumerate() {
            let mine = at % (1 << 20) == 4096;
            assert!(
                x == if mine { b'x' } else { 0 },
                "{name}: byte {at} is {x:#x}: old data shows"
            );
        }
    }
    drop(c);
    svc.stop();
}

/// A worker's own SPDK engine ([`storage::blobshare::Local`]): it reads a file through
/// its own thread and channel, and a resize the service makes (a write that grows the
/// file, which freezes the blob's I/O on every channel) neither stalls while that worker
/// sleeps (the service wakes it) nor when the worker itself waits for the write (it
/// polls its thread meanwhile); what was written past the old end is read back.
#[test]
fn worker_engines_read_on_their_own_and_never_stall_a_resize() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{mpsc, Arc};
    use std::time::{Duration, Instant};
    if !have_spdk() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = device(&dir, 256 << 20);
    let (svc, share) = start(&file, Mode::Format);
    let (f, _) = share
        .open(
            &p("disk.vhdx"),
            &params(Disposition::Create, Kind::NonDirectory),
        )
        .unwrap();
    let f: Arc<dyn smb_server::backend::FileObj> = Arc::from(f);
    f.write_at(0, &pattern(1, 1 << 20)).unwrap();

    // Reads `len` bytes at `offset` through `engine`, as a worker does: into the read's
    // buffer, or (`keep`, a TCP READ's) left in the engine's own when it used one.
    fn read_kept(
        engine: &mut storage::blobshare::Local,
        f: &dyn smb_server::backend::FileObj,
        (offset, len): (u64, u32),
        keep: bool,
    ) -> (Vec<u8>, Option<smb_server::storage_op::Tail>) {
        let target = f
            .ring_target(offset, u64::from(len))
            .expect("an SPDK target");
        let mut buf = vec![0u8; len as usize];
        let op = smb_server::storage_op::StorageOp::Read {
            offset,
            len,
            buf: buf.as_mut_ptr(),
        };
        // SAFETY: `buf` and the target's keep live until the result is polled below.
        assert!(unsafe { engine.submit(7, target.spdk.unwrap(), op, keep) });
        let mut done = Vec::new();
        let t = Instant::now();
        while done.is_empty() {
            engine.poll(&mut done);
            assert!(t.elapsed() < Duration::from_secs(10), "no completion");
        }
        drop(target);
        assert_eq!(done, [(7, len as i32)]);
        (buf, engine.take_kept(7))
    }
    fn read(
        engine: &mut storage::blobshare::Local,
        f: &dyn smb_server::backend::FileObj,
        offset: u64,
        len: u32,
    ) -> Vec<u8> {
        read_kept(engine, f, (offset, len), false).0
    }

    let (go, wait) = mpsc::channel::<Option<u64>>();
    let (back, answers) = mpsc::channel::<Vec<u8>>();
    let f2 = f.clone();
    let worker = std::thread::spawn(move || {
        let woken = Arc::new(AtomicBool::new(false));
        let me = std::thread::current();
        let w = woken.clone();
        let mut engine = storage::blobshare::Local::new(
            "test-worker",
            Arc::new(move || {
                w.store(true, Ordering::Release);
                me.unpark();
            }),
        )
        .unwrap();
        back.send(read(&mut engine, &*f2, 4096, 65536)).unwrap();
        // Kept (a TCP READ's): the data of a read at an odd offset stays in the engine's
        // buffer for the caller to send from; nothing is copied into the read's buffer.
        let copied = engine.copied_bytes();
        let (buf, tail) = read_kept(&mut engine, &*f2, (777, 1000), true);
        let tail = tail.expect("the data kept in the engine's buffer");
        assert!(tail.bytes() == &pattern(1, 1 << 20)[777..1777]);
        assert!(
            buf.iter().all(|&b| b == 0),
            "nothing copied into the read's buffer"
        );
        assert_eq!(engine.copied_bytes(), copied);
        assert!(engine.take_kept(7).is_none(), "taken once");
        engine.recycle(tail.buf);
        // Writes: whole units inside the end of file into a cluster the file has are
        // this thread's (write-through: flushed here too); others are the service's.
        let data = pattern(9, 65536);
        let write = |engine: &mut storage::blobshare::Local, at: u64, len: usize| {
            let target = f2.ring_target(at, len as u64).unwrap();
            let op = smb_server::storage_op::StorageOp::Write {
                offset: at,
                len: len as u32,
                buf: data.as_ptr(),
                stable: true,
            };
            // SAFETY: `data` and the target's keep live until the result is polled.
            let mine = unsafe { engine.submit(8, target.spdk.unwrap(), op, false) };
            let mut done = Vec::new();
            let t = Instant::now();
            while mine && done.is_empty() {
                engine.poll(&mut done);
                assert!(t.elapsed() < Duration::from_secs(10), "no completion");
            }
            (mine, done)
        };
        assert_eq!(write(&mut engine, 65536, 65536), (true, vec![(8, 65536)]));
        assert!(!write(&mut engine, 65536 + 512, 4096).0, "a partial unit");
        assert!(
            !write(&mut engine, (1 << 20) - 4096, 8192).0,
            "past the end of file"
        );
        let mut back_bytes = vec![0u8; 65536];
        f2.read_at(65536, &mut back_bytes).unwrap();
        back.send(back_bytes).unwrap();
        let mut sink = Vec::new();
        loop {
            // Asleep, as an idle worker is: it polls only when woken.
            match wait.recv_timeout(Duration::from_millis(1)) {
                Ok(Some(at)) => back.send(read(&mut engine, &*f2, at, 65536)).unwrap(),
                Ok(None) => break,
                Err(_) => {
                    if woken.swap(false, Ordering::AcqRel) {
                        engine.poll(&mut sink);
                    }
                }
            }
        }
        assert!(
            !write(&mut engine, 50 << 20, 4096).0,
            "a cluster the file does not have yet"
        );
        // This worker's own write that grows the file: it waits for the service, which
        // waits for this thread's poll.
        let t = Instant::now();
        f2.write_at(200 << 20, &pattern(3, 8192)).unwrap();
        let took = t.elapsed();
        back.send(read(&mut engine, &*f2, 200 << 20, 8192)).unwrap();
        drop(engine);
        took
    });
    assert!(answers.recv().unwrap() == pattern(1, 1 << 20)[4096..4096 + 65536]);
    assert!(
        answers.recv().unwrap() == pattern(9, 65536),
        "the worker's write"
    );
    // Another thread grows the file while the worker sleeps.
    let t = Instant::now();
    f.write_at(100 << 20, &pattern(2, 65536)).unwrap();
    let took = t.elapsed();
    assert!(took < Duration::from_secs(5), "the resize waited {took:?}");
    go.send(Some(100 << 20)).unwrap();
    assert!(answers.recv().unwrap() == pattern(2, 65536));
    go.send(None).unwrap();
    assert!(answers.recv().unwrap() == pattern(3, 8192));
    let took = worker.join().unwrap();
    assert!(
        took < Duration::from_secs(5),
        "the worker's own resize waited {took:?}"
    );
    drop(f);
    svc.stop();
}
