//! VHD Sets: snapshots, changes, applies, the files a set removes, conversion,
//! extraction and reopening at once.

use super::*;

#[test]
fn a_vhd_set_takes_snapshots_reports_changes_applies_and_keeps_them() {
    let mut s = rsvd_server();
    let set = s.share.join("cluster.vhds");
    dynamic_disk(&set, "64M");
    let (mut ca, mut a) = open(&s, HOST_A, "cluster.vhds");
    let (mut cb, mut b) = open(&s, HOST_B, "cluster.vhds");
    assert_eq!(a.virtual_size(), Some(SIZE));
    let di = a
        .tunnel(&mut ca, opcode::GET_DISK_INFO, &[0; 56], 72)
        .unwrap();
    assert_eq!(&di.ioctl_output()[20..24], &4u32.to_le_bytes(), "VHDSET");
    assert!(a.snapshot_list(&mut ca).unwrap().is_empty());
    // The set's disk file is the engine's: no plain writer, no shared disk of its own;
    // reading it is fine.
    let avhdx = std::fs::read_dir(&s.share)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .find(|n| n.ends_with(".avhdx"))
        .unwrap();
    let (mut cp, tp) = host(&s);
    assert!(matches!(
        cp.create_with(tp, &avhdx, 0x2, 7, 1, 0, &[]),
        Err(client::Error::Status(_, NtStatus::SHARING_VIOLATION))
    ));
    assert!(SharedDisk::open(&mut cp, tp, &avhdx, Some(HOST_A), 2, "X").is_err());
    let ro = cp.create_with(tp, &avhdx, 0x1, 7, 1, 0, &[]).unwrap();
    cp.close(tp, ro.file_id).unwrap();
    drop(cp);

    // Data, a snapshot taken by A (as Hyper-V's backup does, with change tracking),
    // then B writes over part of it and elsewhere, and takes a second one.
    let v1 = random_bytes(MIB as usize, 1);
    ca.write(a.tree, a.file, 4 * MIB, &v1).unwrap();
    let s1 = Guid::random();
    a.create_snapshot(&mut ca, s1, true).unwrap();
    assert_eq!(a.snapshot_list(&mut ca).unwrap(), vec![s1]);
    let dup = a.create_snapshot(&mut ca, s1, false);
    assert!(dup.is_err(), "a snapshot id is taken once");
    let v2 = random_bytes(8192, 2);
    cb.write(b.tree, b.file, 10 * MIB, &v2).unwrap();
    cb.write(b.tree, b.file, 4 * MIB, &v2).unwrap();
    let s2 = Guid::random();
    b.create_snapshot(&mut cb, s2, true).unwrap();
    assert_eq!(b.snapshot_list(&mut cb).unwrap(), vec![s1, s2]);
    // What changed between them: B's two writes, and nothing else.
    assert_eq!(
        a.changes(&mut ca, s1, s2, 0, SIZE).unwrap(),
        (SIZE, vec![(4 * MIB, 8192), (10 * MIB, 8192)])
    );
    assert_eq!(
        a.changes(&mut ca, s1, s2, 5 * MIB, MIB).unwrap(),
        (MIB, vec![])
    );
    assert!(
        a.changes(&mut ca, s2, s1, 0, SIZE).is_err(),
        "limit is the older"
    );
    assert!(a.changes(&mut ca, s1, Guid::random(), 0, SIZE).is_err());
    // A snapshot without change tracking cannot be compared with.
    let s3 = Guid::random();
    a.create_snapshot(&mut ca, s3, false).unwrap();
    assert!(a.changes(&mut ca, s1, s3, 0, SIZE).is_err());
    // The entry of a snapshot, as the backup application asks for it.
    let mut q = 5u32.to_le_bytes().to_vec();
    q.extend_from_slice(&1u32.to_le_bytes());
    q.extend_from_slice(&s2.0);
    let e = a
        .tunnel(&mut ca, opcode::VHDSET_QUERY_INFORMATION, &q, 4096)
        .unwrap();
    let out = e.ioctl_output();
    assert_eq!(Header::parse(out).unwrap().status, 0);
    assert_eq!(out.len(), 16 + 72);
    assert_eq!((out[32], out[36]), (1, 1), "a valid VM snapshot");
    assert_eq!(&out[40..56], &s2.0);

    // A backup reads the first snapshot through its own open (a new connection, only
    // the target specifier EA): the data as it was, and no writes.
    let (mut cs, ts) = host(&s);
    let snap = SharedDisk::open_snapshot(&mut cs, ts, "cluster.vhds", s1).unwrap();
    assert_eq!(
        cs.read(snap.tree, snap.file, 4 * MIB, 8192).unwrap(),
        v1[..8192]
    );
    assert_eq!(
        cs.read(snap.tree, snap.file, 10 * MIB, 8192).unwrap(),
        vec![0; 8192]
    );
    let w = cs.write(snap.tree, snap.file, 0, &[1; 512]);
    assert!(
        matches!(
            w,
            Err(client::Error::Status(_, NtStatus::MEDIA_WRITE_PROTECTED))
        ),
        "{w:?}"
    );
    assert!(SharedDisk::open_snapshot(&mut cs, ts, "cluster.vhds", Guid::random()).is_err());
    snap.close(&mut cs).unwrap();
    drop(cs);

    // A reply with room for one range covers the region up to that range's end; one
    // with room for none is refused.
    let mut q = s2.0.to_vec();
    q.extend_from_slice(&s1.0);
    q.extend_from_slice(&1u32.to_le_bytes());
    q.extend_from_slice(&[0; 4]);
    q.extend_from_slice(&0u64.to_le_bytes());
    q.extend_from_slice(&SIZE.to_le_bytes());
    let one = a
        .tunnel(&mut ca, opcode::QUERY_VIRTUAL_DISK_CHANGES, &q, 56)
        .unwrap();
    let out = one.ioctl_output();
    assert_eq!(Header::parse(out).unwrap().status, 0);
    assert_eq!(&out[16..24], &(4 * MIB + 8192).to_le_bytes());
    assert_eq!(&out[24..28], &1u32.to_le_bytes());
    let none = a
        .tunnel(&mut ca, opcode::QUERY_VIRTUAL_DISK_CHANGES, &q, 40)
        .unwrap();
    assert_eq!(
        Header::parse(none.ioctl_output()).unwrap().status,
        0xC000_0023
    );

    // The disk grows, then the first snapshot is applied: both hosts read the disk as
    // it was then, and the other host learns its size changed back.
    grow(&mut ca, &mut a, 96 * MIB);
    assert_eq!(read_status(&mut cb, &b, 0, 512), Err(NtStatus(0xC05C_FF02)));
    a.apply_snapshot(&mut ca, s1).unwrap();
    assert_eq!(read_status(&mut cb, &b, 0, 512), Err(NtStatus(0xC05C_FF02)));
    assert_eq!(last_lba(&mut ca, &mut a), SIZE / 512 - 1);
    assert_eq!(cb.read(b.tree, b.file, 4 * MIB, 8192).unwrap(), v1[..8192]);
    assert_eq!(
        cb.read(b.tree, b.file, 10 * MIB, 8192).unwrap(),
        vec![0; 8192]
    );
    let v3 = random_bytes(4096, 3);
    cb.write(b.tree, b.file, 20 * MIB, &v3).unwrap();
    a.delete_snapshot(&mut ca, s2, false).unwrap();
    a.delete_snapshot(&mut ca, s3, false).unwrap();
    assert_eq!(a.snapshot_list(&mut ca).unwrap(), vec![s1]);
    assert!(a.delete_snapshot(&mut ca, s2, false).is_err(), "gone");
    for (c, d) in [(&mut ca, a), (&mut cb, b)] {
        d.close(c).unwrap();
    }
    drop((ca, cb));

    // Across a kill -9 and a restart: the snapshot, the data, and a file chain our
    // checker accepts.
    s.kill9();
    s.restart();
    let (mut ca, mut a) = open(&s, HOST_A, "cluster.vhds");
    assert_eq!(a.snapshot_list(&mut ca).unwrap(), vec![s1]);
    assert_eq!(ca.read(a.tree, a.file, 4 * MIB, MIB as u32).unwrap(), v1);
    assert_eq!(ca.read(a.tree, a.file, 20 * MIB, 4096).unwrap(), v3);
    a.delete_snapshot(&mut ca, s1, false).unwrap();
    a.close(&mut ca).unwrap();
    drop(ca);
    vhdx_check(&set);

    // A plain .vhdx is not a set.
    vhdx(&["create", p(&s.share.join("plain.vhdx")), "--size", "8M"]);
    let (mut cp, mut d) = open(&s, HOST_A, "plain.vhdx");
    let e = d
        .create_snapshot(&mut cp, Guid::random(), false)
        .unwrap_err();
    assert!(e.to_string().contains("INVALID_DEVICE_REQUEST"), "{e}");
}

/// The `.avhdx` files in the share.
fn avhdx_files(s: &TestServer) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(&s.share)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".avhdx"))
        .collect();
    v.sort();
    v
}

/// Every `stride`-th MiB of the disk reads as `model` says.
fn reads_back(c: &mut Client, d: &SharedDisk, model: &[u8], stride: u64, when: &str) {
    for at in (0..SIZE).step_by(stride as usize) {
        assert!(
            c.read(d.tree, d.file, at, MIB as u32).unwrap()
                == model[at as usize..(at + MIB) as usize],
            "{when}: the MiB at {at}"
        );
    }
}

/// Waits (a minute at most) until the share holds at most `n` `.avhdx` files.
fn settle(s: &TestServer, n: usize, when: &str) {
    let t0 = std::time::Instant::now();
    while avhdx_files(s).len() > n {
        assert!(
            t0.elapsed() < std::time::Duration::from_secs(60),
            "{when}: {:?}",
            avhdx_files(s)
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

#[test]
fn backups_that_drop_their_old_snapshots_keep_the_chain_short_and_the_changes_exact() {
    use rand::{Rng, SeedableRng};
    let mut s = rsvd_server();
    let set = s.share.join("backup.vhds");
    dynamic_disk(&set, "64M");
    let (mut c, mut d) = open(&s, HOST_A, "backup.vhds");
    let mut rng = rand::rngs::StdRng::seed_from_u64(17);
    let mut model = vec![0u8; SIZE as usize];
    let mut reference: Option<Guid> = None;
    for round in 0..8u64 {
        // The guest writes, some of it over what earlier rounds wrote.
        let mut written: Vec<(u64, u64)> = Vec::new();
        for k in 0..12 {
            let len = rng.gen_range(1..=64u64) * 4096;
            let off = rng.gen_range(0..(SIZE - len) / 4096) * 4096;
            let data = random_bytes(len as usize, round * 10 + k);
            c.write(d.tree, d.file, off, &data).unwrap();
            model[off as usize..(off + len) as usize].copy_from_slice(&data);
            written.push((off, len));
        }
        // The last backup's dropped reference point was merged away in the background
        // while the guest wrote: the disk is its first file, the reference point's and
        // the one written now.
        settle(&s, 3, &format!("round {round}"));
        reads_back(&mut c, &d, &model, MIB, &format!("round {round}"));
        written.sort_unstable();
        let mut expected: Vec<(u64, u64)> = Vec::new();
        for (o, l) in written {
            match expected.last_mut() {
                Some(e) if o <= e.0 + e.1 => e.1 = e.1.max(o + l - e.0),
                _ => expected.push((o, l)),
            }
        }
        // A backup as Hyper-V's does it: a snapshot with change tracking, the changes
        // since the last backup's reference point, which is then dropped, and the new
        // snapshot kept as the next reference point only.
        let snap = Guid::random();
        d.create_snapshot(&mut c, snap, true).unwrap();
        if let Some(r) = reference {
            let (_, ranges) = d.changes(&mut c, r, snap, 0, SIZE).unwrap();
            assert_eq!(ranges, expected, "round {round}: what was written since");
            d.delete_snapshot(&mut c, r, false).unwrap();
        }
        d.delete_snapshot(&mut c, snap, true).unwrap();
        reference = Some(snap);
        // The merge runs now: reads meanwhile see the disk as it is, and every other
        // round the host closes the disk and opens it again (the merger's disk is the
        // one it finds).
        reads_back(
            &mut c,
            &d,
            &model,
            8 * MIB,
            &format!("round {round}, merging"),
        );
        if round % 2 == 1 {
            d.close(&mut c).unwrap();
            drop(c);
            (c, d) = open(&s, HOST_A, "backup.vhds");
        }
    }
    settle(&s, 3, "the end");
    d.close(&mut c).unwrap();
    drop(c);
    // The chain our checker walks is sound, and after a restart the data is all there.
    vhdx_check(&set);
    s.stop();
    s.restart();
    let (mut c, d) = open(&s, HOST_A, "backup.vhds");
    reads_back(&mut c, &d, &model, MIB, "after the restart");
    d.close(&mut c).unwrap();
}

#[test]
fn a_vhd_set_removes_the_files_nothing_reads_and_not_another_disks_checkpoints() {
    let mut s = rsvd_server();
    let set = s.share.join("branch.vhds");
    dynamic_disk(&set, "64M");
    // A plain disk of the same name beside the set, with two checkpoints named as
    // Hyper-V names them, which is how the set names its files too.
    let plain = s.share.join("branch.vhdx");
    vhdx(&["create", p(&plain), "--size", "8M"]);
    let theirs = [
        "branch_0b6f0e1c-3a52-4c1d-9e07-5d2a8f4b6c31.avhdx",
        "branch_7d41c9a2-18e5-4f6b-b3c0-92e6a1f05d48.avhdx",
    ];
    vhdx(&["create", p(&s.share.join(theirs[0])), "--parent", p(&plain)]);
    let their_top = s.share.join(theirs[1]);
    vhdx(&[
        "create",
        p(&their_top),
        "--parent",
        p(&s.share.join(theirs[0])),
    ]);
    // The set's files: once the tidy is done, exactly `n` (and the plain disk's stay).
    let ours = |s: &TestServer, n: usize, when: &str| {
        settle(s, n + theirs.len(), when);
        std::thread::sleep(std::time::Duration::from_millis(300));
        let all = avhdx_files(s);
        assert!(
            theirs.iter().all(|t| all.iter().any(|a| a == t)),
            "{when}: {all:?}"
        );
        assert_eq!(all.len(), n + theirs.len(), "{when}: {all:?}");
        all
    };
    let piece = |k: u64| random_bytes(MIB as usize, 40 + k);
    let (mut c, mut d) = open(&s, HOST_A, "branch.vhds");
    let mut snaps = Vec::new();
    for k in 0..3 {
        c.write(d.tree, d.file, k * MIB, &piece(k)).unwrap();
        let id = Guid::random();
        d.create_snapshot(&mut c, id, false).unwrap();
        snaps.push(id);
    }
    c.write(d.tree, d.file, 3 * MIB, &piece(3)).unwrap();
    ours(&s, 4, "one file per snapshot and the one written");
    // Back to the first snapshot: the file written until now goes; the later
    // snapshots' files stay (they are still snapshots).
    d.apply_snapshot(&mut c, snaps[0]).unwrap();
    ours(&s, 4, "after the first apply");
    // A branch of two snapshots, and a copy of the second's changes over the first
    // (a differencing disk over the first's file, not one of the set's).
    let branch = [Guid::random(), Guid::random()];
    for (k, id) in branch.iter().enumerate() {
        c.write(d.tree, d.file, (4 + k as u64) * MIB, &piece(4 + k as u64))
            .unwrap();
        d.create_snapshot(&mut c, *id, false).unwrap();
    }
    d.extract(&mut c, branch[1], Some(branch[0]), "kept.vhdx", 0)
        .unwrap();
    // The second snapshot's file stays while the third's reads through it.
    d.delete_snapshot(&mut c, snaps[1], false).unwrap();
    d.apply_snapshot(&mut c, snaps[2]).unwrap();
    for k in 0..3 {
        assert!(c.read(d.tree, d.file, k * MIB, MIB as u32).unwrap() == piece(k));
    }
    assert_eq!(
        c.read(d.tree, d.file, 4 * MIB, 4096).unwrap(),
        vec![0; 4096]
    );
    c.write(d.tree, d.file, 7 * MIB, &piece(7)).unwrap();
    ours(&s, 6, "after the second apply");
    // The branch the apply left loses its snapshots: its second file goes, its first
    // stays (the extracted copy reads through it), and the second snapshot's file of
    // the live chain is merged away.
    for id in branch {
        d.delete_snapshot(&mut c, id, false).unwrap();
    }
    ours(&s, 4, "after the abandoned branch's snapshots went");
    d.close(&mut c).unwrap();
    drop(c);
    vhdx_check(&s.share.join("kept.vhdx"));

    // What a node stopping mid-merge leaves: a file of the set's name whose parent is a
    // file of the set (and one on top of it). A file on the plain disk's checkpoints,
    // named the same way, is not the set's. And the extracted copy is gone: the branch's
    // first file with it.
    s.stop();
    std::fs::remove_file(s.share.join("kept.vhdx")).unwrap();
    let any_ours = avhdx_files(&s)
        .into_iter()
        .find(|n| !theirs.contains(&n.as_str()))
        .unwrap();
    let left = s
        .share
        .join("branch_5e2f8a17-6c3b-4d90-a1e4-0f7b3c29d856.avhdx");
    vhdx(&["create", p(&left), "--parent", p(&s.share.join(&any_ours))]);
    let left_top = s
        .share
        .join("branch_c8a03d6e-49f1-4b27-8d5c-e61f2a7b9043.avhdx");
    vhdx(&["create", p(&left_top), "--parent", p(&left)]);
    let their_third = s
        .share
        .join("branch_2a9e6b54-d07c-4f38-b1a2-7c4e8d05f316.avhdx");
    vhdx(&["create", p(&their_third), "--parent", p(&their_top)]);
    s.restart();
    let (mut c, d) = open(&s, HOST_A, "branch.vhds");
    let all = ours(&s, 3 + 1, "after the restart");
    assert!(all.iter().any(|n| their_third.ends_with(n)));
    assert!(!left.exists() && !left_top.exists());
    for k in [0, 1, 2, 7] {
        assert!(c.read(d.tree, d.file, k * MIB, MIB as u32).unwrap() == piece(k));
    }
    d.close(&mut c).unwrap();
    drop(c);
    vhdx_check(&set);
    vhdx_check(&their_third);
}

/// The NTSTATUS a failed client call got.
#[test]
fn a_shared_vhdx_converted_to_a_vhd_set_keeps_its_data_and_reservations() {
    let s = rsvd_server();
    let disk = s.share.join("guest.vhdx");
    dynamic_disk(&disk, "64M");
    let (mut ca, mut a) = open(&s, HOST_A, "guest.vhdx");
    let data = random_bytes(MIB as usize, 60);
    ca.write(a.tree, a.file, 3 * MIB, &data).unwrap();
    let r = a
        .pr_out(&mut ca, pr_action::REGISTER_AND_IGNORE, 0, 0, KEY_A)
        .unwrap();
    assert_eq!(r.scsi_status, GOOD);
    for bad in ["guest.vhdx", "gu|est.vhds", "a:b.vhds"] {
        let e = failed_with(a.convert_to_set(&mut ca, bad));
        assert_eq!(e, NtStatus::INVALID_PARAMETER, "{bad}");
    }
    // The set is made beside the disk, whatever folder the name came with.
    a.convert_to_set(&mut ca, "\\\\node\\vms\\guest.vhds")
        .unwrap();
    assert!(s.share.join("guest.vhds").is_file());
    let e = failed_with(a.convert_to_set(&mut ca, "guest.vhds"));
    assert_eq!(e, NtStatus::OBJECT_NAME_COLLISION);
    // While the disk's own shared opens live, the set (whose disk it is) is refused:
    // two engines would write one file.
    let (mut cb, tb) = host(&s);
    let early = SharedDisk::open(&mut cb, tb, "guest.vhds", Some(HOST_B), 2, "B");
    assert_eq!(failed_with(early), NtStatus::SHARING_VIOLATION);
    a.close(&mut ca).unwrap();
    drop((ca, cb));

    // Opened as the set: the same disk, data and registration.
    let (mut cb, mut b) = open(&s, HOST_B, "guest.vhds");
    assert!(cb.read(b.tree, b.file, 3 * MIB, MIB as u32).unwrap() == data);
    let keys = b.pr_in(&mut cb, 0).unwrap();
    assert_eq!(&keys.data[8..16], &KEY_A.to_be_bytes());
    let e = failed_with(b.convert_to_set(&mut cb, "again.vhds"));
    assert_eq!(e, NtStatus::INVALID_DEVICE_REQUEST, "a set is one already");
    // It takes snapshots: the former .vhdx holds the first, unchanged after.
    let snap = Guid::random();
    b.create_snapshot(&mut cb, snap, true).unwrap();
    cb.write(b.tree, b.file, 3 * MIB, &[9; 4096]).unwrap();
    let (mut cs, ts) = host(&s);
    let old = SharedDisk::open_snapshot(&mut cs, ts, "guest.vhds", snap).unwrap();
    assert!(cs.read(old.tree, old.file, 3 * MIB, MIB as u32).unwrap() == data);
    old.close(&mut cs).unwrap();
    // Applied: the disk is the .vhdx's data again, on a new file, and the file written
    // since the snapshot goes.
    b.apply_snapshot(&mut cb, snap).unwrap();
    assert!(cb.read(b.tree, b.file, 3 * MIB, MIB as u32).unwrap() == data);
    assert_eq!(avhdx_files(&s).len(), 1);
    b.close(&mut cb).unwrap();
    drop((cb, cs));
    vhdx_check(&s.share.join("guest.vhds"));
    vhdx_check(&disk);
}

#[test]
fn a_vhd_sets_snapshots_are_extracted_whole_or_as_their_differences() {
    let s = rsvd_server();
    dynamic_disk(&s.share.join("ex.vhds"), "64M");
    let (mut c, mut d) = open(&s, HOST_A, "ex.vhds");
    let mut model = vec![0u8; SIZE as usize];
    let mut write = |c: &mut Client, d: &SharedDisk, at: u64, data: Vec<u8>| {
        c.write(d.tree, d.file, at, &data).unwrap();
        let end = at as usize + data.len();
        if model.len() < end {
            model.resize(end.next_multiple_of(32 * MIB as usize), 0);
        }
        model[at as usize..end].copy_from_slice(&data);
        model.clone()
    };
    write(&mut c, &d, 5 * MIB, random_bytes(8 * MIB as usize, 70));
    let older = Guid::random();
    d.create_snapshot(&mut c, older, true).unwrap();
    // The disk grows to 96 MiB before the newer snapshot: both copies are that size.
    grow(&mut c, &mut d, 96 * MIB);
    write(&mut c, &d, 6 * MIB + 4096, random_bytes(MIB as usize, 71));
    write(&mut c, &d, 80 * MIB, random_bytes(MIB as usize, 74));
    let at_newer = write(&mut c, &d, 40 * MIB, random_bytes(8192, 72));
    assert_eq!(at_newer.len() as u64, 96 * MIB);
    let newer = Guid::random();
    d.create_snapshot(&mut c, newer, true).unwrap();
    write(&mut c, &d, 0, random_bytes(MIB as usize, 73));
    d.extract(&mut c, newer, None, "whole.vhdx", 0).unwrap();
    d.extract(&mut c, newer, Some(older), "changes.vhdx", 0)
        .unwrap();
    let bad: [(Guid, Option<Guid>, &str, u32, NtStatus); 8] = [
        (newer, Some(newer), "x.vhdx", 0, NtStatus::INVALID_PARAMETER),
        (newer, None, "x.img", 0, NtStatus::INVALID_PARAMETER),
        (
            newer,
            None,
            "whole.vhdx",
            0,
            NtStatus::OBJECT_NAME_COLLISION,
        ),
        (
            Guid::random(),
            None,
            "x.vhdx",
            0,
            NtStatus::INVALID_PARAMETER,
        ),
        (older, Some(newer), "x.vhdx", 0, NtStatus::INVALID_PARAMETER),
        (newer, None, "dir\\x.vhdx", 0, NtStatus::INVALID_PARAMETER),
        (
            newer,
            None,
            "ex_8e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b.avhdx",
            0,
            NtStatus::INVALID_PARAMETER,
        ),
        (newer, None, "x.vhdx", 1, NtStatus::NOT_SUPPORTED),
    ];
    for (source, limit, name, flags, want) in bad {
        let got = failed_with(d.extract(&mut c, source, limit, name, flags));
        assert_eq!(got, want, "{name} {flags}");
    }
    assert!(!s.share.join("x.vhdx").exists());
    d.close(&mut c).unwrap();
    drop(c);

    // The whole copy is the disk as it was at the newer snapshot, with its own identity
    // (qemu-img agrees); the differences over the older snapshot's file read the same,
    // and hold only what was written between the two.
    let raw = s.share.join("at-newer.raw");
    std::fs::write(&raw, &at_newer).unwrap();
    let whole = s.share.join("whole.vhdx");
    qemu_img_matches(&whole, &raw);
    let changes = s.share.join("changes.vhdx");
    vhdx_check(&changes);
    let back = s.share.join("changes.raw");
    vhdx(&["convert", p(&changes), p(&back), "--to", "raw"]);
    assert!(std::fs::read(&back).unwrap() == at_newer);
    // Bytes allocated: the whole copy holds 10 blocks of 1 MiB, the differences 4.
    let used =
        |f: &Path| std::os::unix::fs::MetadataExt::blocks(&std::fs::metadata(f).unwrap()) * 512;
    let (whole_used, changes_used) = (used(&whole), used(&changes));
    assert!(
        changes_used + 5 * MIB <= whole_used,
        "{changes_used} vs {whole_used}"
    );
}

#[test]
fn a_host_closing_and_opening_again_at_once_finds_the_disk_whole() {
    // Each close leaves the set's merger finishing in the background, with the disk: the
    // next open finds it, or waits while it closes; never a second engine on the file.
    let mut s = rsvd_server();
    let set = s.share.join("quick.vhds");
    dynamic_disk(&set, "64M");
    let mut model = vec![0u8; SIZE as usize];
    let mut last: Option<Guid> = None;
    for round in 0..10u64 {
        let (mut c, t) = host(&s);
        let opened = SharedDisk::open(&mut c, t, "quick.vhds", Some(HOST_A), 2, "HOST");
        let mut d = opened.unwrap_or_else(|e| panic!("round {round}: {e}"));
        let data = random_bytes(MIB as usize, 90 + round);
        c.write(d.tree, d.file, round * MIB, &data).unwrap();
        model[(round * MIB) as usize..((round + 1) * MIB) as usize].copy_from_slice(&data);
        let snap = Guid::random();
        d.create_snapshot(&mut c, snap, false).unwrap();
        if let Some(old) = last.replace(snap) {
            d.delete_snapshot(&mut c, old, false).unwrap();
        }
        d.close(&mut c).unwrap();
    }
    let (mut c, d) = open(&s, HOST_A, "quick.vhds");
    reads_back(&mut c, &d, &model, MIB, "after the reopens");
    d.close(&mut c).unwrap();
    drop(c);
    settle(&s, 3, "after the reopens");
    s.stop();
    vhdx_check(&set);
}

#[test]
fn an_extract_under_way_reports_progress_holds_its_file_and_ends_with_a_cancel_or_its_host() {
    let s = rsvd_server();
    let set = s.share.join("prog.vhds");
    dynamic_disk(&set, "256M");
    let (mut c, mut d) = open(&s, HOST_A, "prog.vhds");
    for k in 0..32u64 {
        let data = random_bytes(4 * MIB as usize, 80 + k);
        c.write(d.tree, d.file, k * 8 * MIB, &data).unwrap();
    }
    let snap = Guid::random();
    d.create_snapshot(&mut c, snap, false).unwrap();
    let total = 256 * MIB;

    // QUERY_PROGRESS while the copy runs: it grows, short of the whole until the new
    // file is stable; a plain open may not write the file meanwhile.
    let t = Guid::random();
    let id = d
        .send_extract(&mut c, t, snap, None, "copy.vhdx", 0)
        .unwrap();
    let (mut cp, tp) = host(&s);
    let (mut last, mut seen, mut refused) = (0, 0, 0);
    let t0 = std::time::Instant::now();
    loop {
        let (done, all) = d.progress(&mut c, t).unwrap();
        if (done, all) == (1, 1) || done == all {
            break; // ended
        }
        assert_eq!(all, total);
        assert!(done >= last && done < all, "{done} of {all} after {last}");
        last = done;
        seen += 1;
        let plain = cp.create(tp, "copy.vhdx", access::FILE_WRITE_DATA, 1, 0);
        let (now, _) = d.progress(&mut c, t).unwrap();
        if now < total && now != 1 {
            // Still copying when the plain open came.
            assert!(
                matches!(
                    plain,
                    Err(client::Error::Status(_, NtStatus::SHARING_VIOLATION))
                ),
                "{plain:?}"
            );
            refused += 1;
        }
        assert!(t0.elapsed() < std::time::Duration::from_secs(120));
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let r = c.wait(id).unwrap();
    assert!(SharedDisk::answer(&r).is_ok(), "{:?}", r.status());
    eprintln!("{seen} progress answers while copying, {refused} plain opens refused");
    assert!(seen > 0 && refused > 0, "the copy was never seen running");
    let (f, _) = cp
        .create(tp, "copy.vhdx", access::FILE_WRITE_DATA, 1, 0)
        .unwrap();
    cp.close(tp, f).unwrap();

    // A cancelled copy answers STATUS_CANCELLED and leaves no file.
    let id = d
        .send_extract(&mut c, Guid::random(), snap, None, "cancelled.vhdx", 0)
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(20));
    c.cancel(d.tree, id).unwrap();
    assert_eq!(c.wait(id).unwrap().status(), NtStatus::CANCELLED);
    assert!(!s.share.join("cancelled.vhdx").exists());

    // A host gone mid-copy (its connection dropped): the copy stops, no file is left.
    let id = d
        .send_extract(&mut c, Guid::random(), snap, None, "orphan.vhdx", 0)
        .unwrap();
    let _ = id;
    std::thread::sleep(std::time::Duration::from_millis(20));
    drop(c);
    let t0 = std::time::Instant::now();
    while s.share.join("orphan.vhdx").exists() {
        assert!(
            t0.elapsed() < std::time::Duration::from_secs(60),
            "orphan kept"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    drop(cp);
    vhdx_check(&s.share.join("copy.vhdx"));
}

#[test]
fn reads_follow_a_sets_new_top_file_after_a_snapshot() {
    // A read that lies in one allocated block goes to the worker's ring, at the top
    // file's descriptor: after a snapshot, that is another file. SMB2 READ and SCSI
    // READ(16) through the tunnel both go that way; a read across two blocks goes
    // through the engine.
    let mport = free_port();
    let s = TestServer::start_with(Opts {
        share_extra: "rsvd = true".into(),
        extra_config: format!("[metrics]\nlisten = \"127.0.0.1:{mport}\"\n"),
        ..Default::default()
    });
    let ring_reads = || metric_value(mport, "smbdirectd_storage_ring_reads_total");
    let set = s.share.join("ring.vhds");
    dynamic_disk(&set, "64M");
    let (mut c, mut d) = open(&s, HOST_A, "ring.vhds");
    let lba = |at: u64| at / u64::from(BS);
    for round in 0..3u8 {
        let v = random_bytes(16384, 40 + u64::from(round));
        c.write(d.tree, d.file, 4 * MIB, &v[..8192]).unwrap();
        // The block after first: the two blocks are not next to each other in the file.
        c.write(d.tree, d.file, 6 * MIB, &v[12288..]).unwrap();
        c.write(d.tree, d.file, 6 * MIB - 4096, &v[8192..]).unwrap();
        let before = ring_reads();
        let back = c
            .read(d.tree, d.file, 4 * MIB, 8192)
            .unwrap_or_else(|e| panic!("round {round}: {e:?}"));
        assert!(back == v[..8192], "round {round}: SMB2 READ");
        let r = d.read16(&mut c, lba(4 * MIB), 16, BS).unwrap();
        assert!(
            r.scsi_status == GOOD && r.data == v[..8192],
            "round {round}: READ(16) through the tunnel"
        );
        assert_eq!(
            ring_reads() - before,
            2.0,
            "round {round}: both by the ring"
        );
        let r = d.read16(&mut c, lba(6 * MIB - 4096), 16, BS).unwrap();
        assert!(
            r.scsi_status == GOOD && r.data == v[8192..],
            "across two blocks"
        );
        let r = d.read16(&mut c, lba(9 * MIB), 16, BS).unwrap();
        assert!(
            r.scsi_status == GOOD && r.data == [0; 8192],
            "never written"
        );
        assert_eq!(ring_reads() - before, 2.0, "round {round}: the engine's");
        d.create_snapshot(&mut c, Guid::random(), false).unwrap();
    }
}

#[test]
fn a_node_stopping_in_the_middle_of_a_merge_leaves_every_file_clean() {
    const BIG: u64 = 256 * MIB;
    let mut s = rsvd_server();
    let set = s.share.join("stop.vhds");
    dynamic_disk(&set, "256M");
    let (mut c, mut d) = open(&s, HOST_A, "stop.vhds");
    let mib = |i: u64, round: u64| -> Vec<u8> {
        let mut b = vec![(i as u8) ^ (round as u8).wrapping_mul(0x5B); MIB as usize];
        b[..8].copy_from_slice(&(i * 1000 + round).to_le_bytes());
        b
    };
    // Three snapshots; between the first and the second every MiB is written, so the
    // second one's file holds the whole disk; the third makes it a middle file.
    let (a, b, cc) = (Guid::random(), Guid::random(), Guid::random());
    d.create_snapshot(&mut c, a, false).unwrap();
    for i in 0..BIG / MIB {
        c.write(d.tree, d.file, i * MIB, &mib(i, 1)).unwrap();
    }
    d.create_snapshot(&mut c, b, false).unwrap();
    for i in (0..BIG / MIB).step_by(16) {
        c.write(d.tree, d.file, i * MIB, &mib(i, 2)).unwrap();
    }
    d.create_snapshot(&mut c, cc, false).unwrap();
    // The top is written too (its log is in use).
    c.write(d.tree, d.file, 7 * MIB, &mib(7, 3)).unwrap();
    let files = avhdx_files(&s).len();
    // Deleting the second snapshot starts the merge of its file into the file above it
    // (240 MiB to copy); the node is told to stop once it has begun, its host still
    // connected.
    d.delete_snapshot(&mut c, b, false).unwrap();
    let t0 = std::time::Instant::now();
    while !s.log().contains("merging a file no snapshot needs into") {
        assert!(
            t0.elapsed() < std::time::Duration::from_secs(30),
            "no merge began"
        );
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    s.stop();
    drop(c);
    assert!(
        s.log().contains("a merge stopped with the node"),
        "the merge did not stop between its steps: {}",
        s.log()
    );
    for f in avhdx_files(&s) {
        assert!(
            log_clean(&s.share.join(&f)),
            "{f} is left with a log to replay"
        );
    }
    assert!(log_clean(&set), "the top of the set");
    vhdx_check(&set);
    // The merge goes on at the next open, and the disk reads as it was written.
    s.restart();
    let (mut c, d) = open(&s, HOST_A, "stop.vhds");
    settle(&s, files - 1, "the merge after the restart");
    for i in 0..BIG / MIB {
        let round = match i {
            7 => 3,
            _ if i % 16 == 0 => 2,
            _ => 1,
        };
        assert!(
            c.read(d.tree, d.file, i * MIB, MIB as u32).unwrap() == mib(i, round),
            "the MiB at {i}"
        );
    }
    d.close(&mut c).unwrap();
    drop(c);
    s.stop();
    vhdx_check(&set);
}
