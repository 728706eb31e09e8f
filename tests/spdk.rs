//! A share on SPDK end to end: `smbdirectd spdk format` makes the store on a device (a
//! file through SPDK's aio bdev here; an NVMe namespace in production), the daemon
//! serves it, smbclient makes a Hyper-V VM folder and moves a disk in and out, the node
//! is killed (-9) and started again and everything acknowledged is there; stopped, the
//! store checks clean and exports the same bytes.

mod common;
use common::*;

/// Whether smbclient's `ls` output lists `name`.
fn listed(text: &str, name: &str) -> bool {
    text.lines()
        .any(|l| l.trim_start().starts_with(&format!("{name} ")))
}

#[test]
fn a_vm_folder_on_spdk_survives_kill_9() {
    if !require_tool("smbclient") || !have_spdk() {
        return;
    }
    let (dev_dir, device) = formatted_device(1 << 30);

    let mut s = spdk_server(&device);
    assert!(s.log().contains("SPDK store loaded"), "{}", s.log());
    let src = s.dir.path().join("disk.bin");
    std::fs::write(&src, random_bytes(24 << 20, 11)).unwrap();
    let o = s.smbclient(
        &["-m", "SMB3_11"],
        "mkdir \"Virtual Machines\"; mkdir \"Virtual Machines\\VM1\"; \
         put disk.bin \"Virtual Machines\\VM1\\staging.bin\"; \
         rename \"Virtual Machines\\VM1\\staging.bin\" \"Virtual Machines\\VM1\\Disk0.vhdx\"; \
         put disk.bin \"Virtual Machines\\VM1\\gone.bin\"; del \"Virtual Machines\\VM1\\gone.bin\"; \
         ls \"Virtual Machines\\VM1\\*\"; get \"Virtual Machines\\VM1\\Disk0.vhdx\" back1.bin",
    );
    let text = out_text(&o);
    assert!(o.status.success(), "{text}\nserver log:\n{}", s.log());
    assert!(!text.contains("NT_STATUS_"), "{text}");
    assert!(
        listed(&text, "Disk0.vhdx") && !listed(&text, "gone.bin"),
        "{text}"
    );
    assert!(same_file(&src, &s.dir.path().join("back1.bin")));
    assert!(
        s.log().contains("SPDK thread and channels of its own"),
        "the worker read by its own SPDK thread: {}",
        s.log()
    );

    // No shutdown of any kind: what the client was told is done is on the device.
    s.kill9();
    s.restart();
    let o = s.smbclient(
        &["-m", "SMB3_11"],
        "ls \"Virtual Machines\\VM1\\*\"; get \"Virtual Machines\\vm1\\DISK0.VHDX\" back2.bin; \
         mkdir after",
    );
    let text = out_text(&o);
    assert!(o.status.success(), "{text}\nserver log:\n{}", s.log());
    assert!(
        listed(&text, "Disk0.vhdx") && !listed(&text, "gone.bin"),
        "{text}"
    );
    assert!(same_file(&src, &s.dir.path().join("back2.bin")));
    s.stop();

    // Stopped cleanly: the store checks clean and gives the same bytes back.
    let text = spdk_admin(&["check"], &device);
    assert!(
        text.contains("clean: 4 directories, 1 files, 25165824 bytes"),
        "{text}"
    );
    let out = dev_dir.path().join("exported.bin");
    spdk_admin(
        &[
            "export",
            "Virtual Machines/VM1/Disk0.vhdx",
            out.to_str().unwrap(),
        ],
        &device,
    );
    assert!(same_file(&src, &out));
}

/// kill -9 in the middle of writes and namespace changes: every file whose WRITE was
/// answered and every directory whose CREATE was answered is there after the restart,
/// with its bytes, and the store checks clean.
#[test]
fn kill_9_during_writes_loses_nothing_answered() {
    use client::{access, create_options};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};
    if !have_spdk() {
        return;
    }
    let (_dev_dir, device) = formatted_device(1 << 30);
    let mut s = spdk_server(&device);
    let answered: Arc<Mutex<Vec<usize>>> = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let mut c = s.tcp_client();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (ans, st) = (answered.clone(), stop.clone());
    let writer = std::thread::spawn(move || {
        let t = Instant::now();
        for i in 0..100_000usize {
            if st.load(Ordering::Acquire) || t.elapsed() > Duration::from_secs(30) {
                break;
            }
            let r = (|| -> Result<(), String> {
                let (d, _) = c
                    .create(
                        tree,
                        &format!("d{i}"),
                        access::FILE_READ_DATA,
                        2,
                        create_options::DIRECTORY_FILE,
                    )
                    .map_err(|e| e.to_string())?;
                let _ = c.close(tree, d);
                let (f, _) = c
                    .create(
                        tree,
                        &format!("d{i}\\f.bin"),
                        access::FILE_WRITE_DATA | access::FILE_READ_DATA,
                        2,
                        0,
                    )
                    .map_err(|e| e.to_string())?;
                let data = random_bytes(20_000 + i % 7 * 4096, i as u64);
                c.write(tree, f, 777, &data).map_err(|e| e.to_string())?;
                Ok(())
            })();
            if r.is_err() {
                break;
            }
            ans.lock().unwrap().push(i);
        }
    });
    // Let some work be answered, then kill the node in the middle of it.
    let t = Instant::now();
    while answered.lock().unwrap().len() < 20 && t.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(10));
    }
    s.kill9();
    stop.store(true, Ordering::Release);
    writer.join().unwrap();
    let done = answered.lock().unwrap().clone();
    assert!(done.len() >= 20, "only {} rounds answered", done.len());
    s.restart();
    let mut c = s.tcp_client();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    for &i in &done {
        let (f, eof) = c
            .create(tree, &format!("d{i}\\f.bin"), access::FILE_READ_DATA, 1, 0)
            .unwrap_or_else(|e| panic!("round {i} was answered but d{i}\\f.bin is gone: {e}"));
        let want = random_bytes(20_000 + i % 7 * 4096, i as u64);
        assert_eq!(eof, 777 + want.len() as u64, "round {i}");
        let got = c.read(tree, f, 777, want.len() as u32).unwrap();
        assert!(got == want, "round {i}: the bytes differ");
        let _ = c.close(tree, f);
    }
    drop(c);
    s.stop();
    let text = spdk_admin(&["check"], &device);
    assert!(text.contains(": clean:"), "{text}");
    println!("{} rounds answered before kill -9, all found", done.len());
}

/// Hyper-V's disks on an SPDK share: a dynamic VHDX an admin imported and one a host
/// copied in over SMB are opened shared by two hosts (RSVD), written by SCSI through the
/// tunnel and by SMB2 WRITE at virtual offsets, the node is killed (-9) with the writes
/// answered and started again, and, stopped, the exported disks pass `qemu-img check`
/// and hold exactly what was written (`qemu-img compare` against a raw image).
#[test]
fn shared_vhdx_on_spdk_through_rsvd_and_smb_passes_qemu_img() {
    use client::rsvd::{pr_action, pr_kind, Guid, SharedDisk};
    const MIB: u64 = 1 << 20;
    if !have_spdk() {
        return;
    }
    let (dev_dir, device) = formatted_device(1 << 30);
    let work = dev_dir.path();
    for name in ["Disk0.vhdx", "Disk1.vhdx"] {
        vhdx(&[
            "create",
            p(&work.join(name)),
            "--size",
            "64M",
            "--block-size",
            "1M",
        ]);
    }
    spdk_admin(
        &["import", p(&work.join("Disk0.vhdx")), "VMs/VM1/Disk0.vhdx"],
        &device,
    );
    let mut s = spdk_server_with(&device, "rsvd = true");
    std::fs::copy(work.join("Disk1.vhdx"), s.dir.path().join("Disk1.vhdx")).unwrap();
    let o = s.smbclient(
        &["-m", "SMB3_11"],
        "put Disk1.vhdx \"VMs\\VM1\\Disk1.vhdx\"",
    );
    assert!(o.status.success(), "{}", out_text(&o));

    let host = |s: &TestServer, who: u8, disk: &str| {
        let mut c = s.tcp_client();
        let t = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
        let d = SharedDisk::open(&mut c, t, disk, Some(Guid([who; 16])), 2, "HOST").unwrap();
        (c, d)
    };
    let disks = ["VMs\\VM1\\Disk0.vhdx", "VMs\\VM1\\Disk1.vhdx"];
    let mut expect = vec![vec![0u8; 64 * MIB as usize]; 2];
    for (i, disk) in disks.iter().enumerate() {
        let (mut ca, mut a) = host(&s, 0xA1, disk);
        let (mut cb, mut b) = host(&s, 0xB2, disk);
        for (c, d, k) in [(&mut ca, &mut a, 0xA1u64), (&mut cb, &mut b, 0xB2)] {
            let r = d
                .pr_out(c, pr_action::REGISTER_AND_IGNORE, 0, 0, k)
                .unwrap();
            assert_eq!(r.scsi_status, 0, "register");
        }
        let r = a
            .pr_out(
                &mut ca,
                pr_action::RESERVE,
                pr_kind::WRITE_EXCLUSIVE_REGISTRANTS_ONLY,
                0xA1,
                0,
            )
            .unwrap();
        assert_eq!(r.scsi_status, 0, "reserve");
        // SMB2 WRITE over a block boundary, SCSI WRITE(16) from the other host.
        let big = random_bytes(2 * MIB as usize, 40 + i as u64);
        let at = 5 * MIB + MIB / 2;
        ca.write(a.tree, a.file, at, &big).unwrap();
        let sc = random_bytes(256 << 10, 50 + i as u64);
        let w = b.write16(&mut cb, 20 * MIB / 512, &sc, 512).unwrap();
        assert_eq!(w.scsi_status, 0, "SCSI write");
        let r = a.read16(&mut ca, 20 * MIB / 512, (sc.len() / 512) as u32, 512);
        assert!(r.unwrap().data == sc, "A reads B's SCSI write");
        assert!(cb.read(b.tree, b.file, at, big.len() as u32).unwrap() == big);
        assert!(cb.read(b.tree, b.file, 40 * MIB, 4096).unwrap() == vec![0; 4096]);
        let e = &mut expect[i];
        e[at as usize..at as usize + big.len()].copy_from_slice(&big);
        e[20 * MIB as usize..20 * MIB as usize + sc.len()].copy_from_slice(&sc);
        // Open, as a host holding it when its node dies.
        std::mem::forget((ca, cb, a, b));
    }

    // Nothing is shut down: the answered writes and the disks' logs are on the device.
    s.kill9();
    s.restart();
    for (i, disk) in disks.iter().enumerate() {
        let (mut c, d) = host(&s, 0xC3, disk);
        let e = &expect[i];
        for (off, len) in [
            (5 * MIB + MIB / 2, 2 * MIB),
            (20 * MIB, 256 << 10),
            (0, MIB),
        ] {
            let got = c.read(d.tree, d.file, off, len as u32).unwrap();
            assert!(
                got == e[off as usize..(off + len) as usize],
                "{disk} at {off}"
            );
        }
        d.close(&mut c).unwrap();
    }
    s.stop();
    // The shared disks' reads that lay in one block of the file were the worker's own.
    let reads = s
        .log()
        .lines()
        .filter_map(|l| {
            l.split("SPDK reads ")
                .nth(1)?
                .split(' ')
                .next()?
                .parse::<u64>()
                .ok()
        })
        .sum::<u64>();
    assert!(reads >= 2, "{}", s.log());
    let text = spdk_admin(&["check"], &device);
    assert!(text.contains("clean: 3 directories, 2 files"), "{text}");
    for (i, name) in ["Disk0.vhdx", "Disk1.vhdx"].iter().enumerate() {
        let out = work.join(format!("exported-{name}"));
        spdk_admin(&["export", &format!("VMs/VM1/{name}"), p(&out)], &device);
        let raw = work.join(format!("expect-{i}.raw"));
        std::fs::write(&raw, &expect[i]).unwrap();
        qemu_img_matches(&out, &raw);
    }
}

/// Checkpoints on an SPDK share: a VHD Set an admin imported is opened shared, takes
/// two snapshots with change tracking (the engine makes the new `.avhdx` files on the
/// store), reports exactly what changed between them, serves the first as it was, and
/// after a restart keeps them; stopped, the exported chain checks and converts to the
/// bytes written.
#[test]
fn a_vhd_set_on_spdk_takes_checkpoints_and_exports_its_chain() {
    use client::rsvd::{Guid, SharedDisk};
    const MIB: u64 = 1 << 20;
    const SIZE: u64 = 64 * MIB;
    if !have_spdk() {
        return;
    }
    let (dev_dir, device) = formatted_device(1 << 30);
    let work = dev_dir.path();
    let local = work.join("local");
    std::fs::create_dir(&local).unwrap();
    let set = local.join("cluster.vhds");
    vhdx(&["create", p(&set), "--size", "64M", "--block-size", "1M"]);
    for e in std::fs::read_dir(&local).unwrap() {
        let name = e.unwrap().file_name().into_string().unwrap();
        spdk_admin(
            &["import", p(&local.join(&name)), &format!("VM2/{name}")],
            &device,
        );
    }
    let mut s = spdk_server_with(&device, "rsvd = true");
    let open = |s: &TestServer| {
        let mut c = s.tcp_client();
        let t = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
        let d = SharedDisk::open(
            &mut c,
            t,
            "VM2\\cluster.vhds",
            Some(Guid([0xA1; 16])),
            2,
            "A",
        )
        .unwrap();
        (c, d)
    };
    let (mut c, mut d) = open(&s);
    let mut model = vec![0u8; SIZE as usize];
    let mut put = |c: &mut client::Client, d: &SharedDisk, off: u64, data: &[u8]| {
        c.write(d.tree, d.file, off, data).unwrap();
        model[off as usize..off as usize + data.len()].copy_from_slice(data);
    };
    let v1 = random_bytes(MIB as usize, 1);
    put(&mut c, &d, 4 * MIB, &v1);
    let s1 = Guid::random();
    d.create_snapshot(&mut c, s1, true).unwrap();
    put(&mut c, &d, 10 * MIB, &random_bytes(8192, 2));
    put(&mut c, &d, 4 * MIB, &random_bytes(8192, 3));
    let s2 = Guid::random();
    d.create_snapshot(&mut c, s2, true).unwrap();
    put(&mut c, &d, 30 * MIB, &random_bytes(65536, 4));
    assert_eq!(
        d.changes(&mut c, s1, s2, 0, SIZE).unwrap(),
        (SIZE, vec![(4 * MIB, 8192), (10 * MIB, 8192)])
    );
    let (mut cs, ts) = {
        let mut c = s.tcp_client();
        let t = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
        (c, t)
    };
    let snap = SharedDisk::open_snapshot(&mut cs, ts, "VM2\\cluster.vhds", s1).unwrap();
    assert!(cs.read(snap.tree, snap.file, 4 * MIB, 8192).unwrap() == v1[..8192]);
    assert!(cs.read(snap.tree, snap.file, 10 * MIB, 8192).unwrap() == vec![0; 8192]);
    snap.close(&mut cs).unwrap();
    drop(cs);
    d.close(&mut c).unwrap();
    drop(c);

    s.stop();
    s.restart();
    let (mut c, mut d) = open(&s);
    assert_eq!(d.snapshot_list(&mut c).unwrap(), vec![s1, s2]);
    for off in [4 * MIB, 10 * MIB, 30 * MIB] {
        let got = c.read(d.tree, d.file, off, 65536).unwrap();
        assert!(
            got == model[off as usize..(off + 65536) as usize],
            "at {off}"
        );
    }
    d.close(&mut c).unwrap();
    drop(c);
    s.stop();

    let text = spdk_admin(&["check"], &device);
    assert!(text.contains(": clean:"), "{text}");
    let out = work.join("exported");
    std::fs::create_dir(&out).unwrap();
    let listing = spdk_admin(&["ls", "VM2"], &device);
    let names: Vec<&str> = listing
        .lines()
        .filter(|l| {
            l.split_whitespace()
                .next()
                .is_some_and(|n| n.parse::<u64>().is_ok())
        })
        .filter_map(|l| l.split_whitespace().last())
        .collect();
    assert!(
        names.len() >= 3,
        "the set and its disk and snapshots: {listing}"
    );
    for name in names {
        spdk_admin(
            &["export", &format!("VM2/{name}"), p(&out.join(name))],
            &device,
        );
    }
    let raw = work.join("disk.raw");
    vhdx(&["check", p(&out.join("cluster.vhds"))]);
    vhdx(&[
        "convert",
        "--to",
        "raw",
        p(&out.join("cluster.vhds")),
        p(&raw),
    ]);
    assert!(
        std::fs::read(&raw).unwrap() == model,
        "the exported chain's bytes"
    );
}

/// Over SMB Direct each READ and WRITE that names channel RDMA_V1_INVALIDATE retires the
/// client's buffer with its own answer, once: WRITEs the SPDK engine completes after the
/// request was handled (the answer that goes then carries the key), and a READ that
/// fails (a client reuses a registration once it is answered, whatever the status).
#[test]
fn smb_direct_answers_retire_every_buffer_they_name() {
    use client::{access, create_options};
    if !have_spdk() {
        return;
    }
    let (_dev_dir, device) = formatted_device(1 << 30);
    let (rport, mport) = (free_port(), free_port());
    let _s = TestServer::start_with(Opts {
        share_extra: format!("backend = \"spdk\"\ndevice = \"{}\"\n", device.display()),
        extra_config: format!(
            "smbdirect = [\"iwarp=127.0.0.1:{rport}\"]\n[metrics]\nlisten = \"127.0.0.1:{mport}\"\n"
        ),
        ..Default::default()
    });
    let mut c =
        client::Client::connect_rdma(&format!("127.0.0.1:{rport}"), &user_options()).unwrap();
    let t = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (f, _) = c
        .create(
            t,
            "disk.bin",
            access::FILE_READ_DATA | access::FILE_WRITE_DATA,
            2,
            create_options::NON_DIRECTORY_FILE,
        )
        .unwrap();
    let retired = || metric_value(mport, "smbdirectd_smbdirect_sends_with_invalidate_total");
    let before = retired();
    let data = random_bytes(64 << 10, 5);
    for i in 0..10u64 {
        let n = c.write_rdma(t, f, i * (64 << 10), &data, true).unwrap();
        assert_eq!(n as usize, data.len());
    }
    for i in 0..10u64 {
        let back = c.read_rdma(t, f, i * (64 << 10), 64 << 10, true).unwrap();
        assert!(back == data, "block {i}");
    }
    // Past the end: END_OF_FILE, and the buffer is retired all the same.
    assert!(c.read_rdma(t, f, 100 << 20, 64 << 10, true).is_err());
    // Still one answer per request on the connection (nothing retired twice or lost).
    let back = c.read_rdma(t, f, 0, 64 << 10, true).unwrap();
    assert!(back == data);
    assert_eq!(
        retired() - before,
        22.0,
        "one Send With Invalidate per request"
    );
}

/// Over TCP a READ's data goes from the DMA buffer the device filled straight to the
/// socket, with the response's signature covering it (smbclient checks every signature:
/// AES-GMAC on 3.1.1, AES-CMAC on 3.0, HMAC-SHA256 on 2.1); whole and partial units and
/// a read at an odd offset come back right, and no byte is copied on the way. An
/// encrypted session's READs are copied into the response (the cipher needs them
/// there), and counted.
#[test]
fn tcp_reads_leave_from_the_buffer_the_device_filled() {
    use client::{access, create_options};
    if !require_tool("smbclient") || !have_spdk() {
        return;
    }
    let (_dev_dir, device) = formatted_device(1 << 30);
    let mport = free_port();
    let s = TestServer::start_with(Opts {
        share_extra: format!("backend = \"spdk\"\ndevice = \"{}\"\n", device.display()),
        extra_config: format!("[metrics]\nlisten = \"127.0.0.1:{mport}\"\n"),
        ..Default::default()
    });
    // 5 MiB and 123 bytes: whole units, then a partial one at the end.
    let data = random_bytes((5 << 20) + 123, 21);
    std::fs::write(s.dir.path().join("up.bin"), &data).unwrap();
    let o = s.smbclient(&["-m", "SMB3_11"], "put up.bin disk.bin");
    assert!(o.status.success(), "{}", out_text(&o));
    let copied = || metric_value(mport, "smbdirectd_spdk_read_bytes_copied_total");
    let in_place = || metric_value(mport, "smbdirectd_spdk_reads_sent_in_place_total");
    let (copied0, in_place0) = (copied(), in_place());

    for (i, dialect) in ["SMB3_11", "SMB3_00", "SMB2_10"].iter().enumerate() {
        let name = format!("back{i}.bin");
        let o = s.smbclient(&["-m", dialect], &format!("get disk.bin {name}"));
        let text = out_text(&o);
        assert!(o.status.success(), "{dialect}: {text}\n{}", s.log());
        assert!(
            std::fs::read(s.dir.path().join(&name)).unwrap() == data,
            "{dialect}: data"
        );
    }
    // A read at an odd offset, and one past the end of the file.
    let mut c = s.tcp_client();
    let t = c.tree_connect(&format!("\\\\{}\\data", s.host)).unwrap();
    let (f, _) = c
        .create(
            t,
            "disk.bin",
            access::FILE_READ_DATA,
            1,
            create_options::NON_DIRECTORY_FILE,
        )
        .unwrap();
    let back = c.read(t, f, 1000, 70_000).unwrap();
    assert!(back == data[1000..71_000]);
    let back = c.read(t, f, data.len() as u64 - 50, 4096).unwrap();
    assert!(back == data[data.len() - 50..]);
    c.close(t, f).unwrap();
    // (smbclient reads the whole file at once: up to the negotiated 8 MiB.)
    assert!(in_place() - in_place0 >= 3.0 + 2.0, "{}", in_place());
    assert_eq!(copied(), copied0, "no READ data copied on the server");

    // Encrypted: the data is copied into the response to be sealed there.
    let o = s.smbclient(
        &["-m", "SMB3_11", "--client-protection=encrypt"],
        "get disk.bin sealed.bin",
    );
    assert!(o.status.success(), "{}", out_text(&o));
    assert!(std::fs::read(s.dir.path().join("sealed.bin")).unwrap() == data);
    assert!(
        copied() - copied0 >= data.len() as f64,
        "an encrypted session's READs are copied: {}",
        copied() - copied0
    );
}
