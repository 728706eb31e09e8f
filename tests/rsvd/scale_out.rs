//! Shared VHDX on a scale-out share (issue 51): two nodes over one single-host Ceph
//! cluster serve one fixed VHDX to two hosts, one through each node. Both see one set of
//! reservations, each other's data, a preempt through one node fences the initiator on
//! the other, and the reservations outlive node A's kill; what a scale-out share does
//! not serve (a dynamic disk, a resize) is refused.

use super::*;

const CLIENT_A: [u8; 16] = *b"hyper-v-host-a!!";
const CREATE_A: [u8; 16] = *b"guest-disk-open1";
const CLIENT_C: [u8; 16] = *b"hyper-v-host-c!!";
const CREATE_C: [u8; 16] = *b"guest-disk-open3";
const HOST_C: Guid = Guid([0xC5; 16]);
const KEY_C: u64 = 0xC0C0_0003;

/// Copies the local file `from` onto the share as `name`, through `s`.
fn upload(s: &TestServer, from: &Path, name: &str) {
    let (mut c, t) = host(s);
    let rw = access::FILE_READ_DATA | access::FILE_WRITE_DATA;
    let (f, _) = c
        .create(
            t,
            name,
            rw,
            5, // overwrite if there
            client::create_options::NON_DIRECTORY_FILE,
        )
        .unwrap();
    let bytes = std::fs::read(from).unwrap();
    for (i, chunk) in bytes.chunks(MIB as usize).enumerate() {
        c.write(t, f, i as u64 * MIB, chunk).unwrap();
    }
    c.close(t, f).unwrap();
}

/// A host (its ClientGuid, its open's CreateGuid, its initiator) takes its persistent
/// disk handle `file` back through `s` with DH2C alone, asking again while `s` says to
/// retry (for up to `secs` seconds, `nap_ms` apart).
fn reclaim(
    s: &TestServer,
    (client_guid, create_guid, initiator): ([u8; 16], [u8; 16], Guid),
    file: client::FileId,
    (secs, nap_ms): (u64, u64),
) -> (Client, SharedDisk) {
    let started = std::time::Instant::now();
    loop {
        let (mut c, t) = connect_with_guid(s, client_guid);
        match SharedDisk::reclaim(&mut c, t, "guest.vhdx", file, create_guid, initiator) {
            Ok(d) => return (c, d),
            Err(client::Error::Status(_, NtStatus::FILE_NOT_AVAILABLE))
                if started.elapsed().as_secs() < secs =>
            {
                std::thread::sleep(std::time::Duration::from_millis(nap_ms));
            }
            Err(e) => panic!("reclaim through {}: {e}\n{}", s.host, s.log()),
        }
    }
}

/// PERSISTENT RESERVE IN's READ KEYS and READ RESERVATION, as one host sees them.
fn reservations(c: &mut Client, d: &mut SharedDisk) -> (Vec<u8>, Vec<u8>) {
    let keys = d.pr_in(c, 0).unwrap();
    let held = d.pr_in(c, 1).unwrap();
    assert_eq!((keys.scsi_status, held.scsi_status), (GOOD, GOOD));
    (keys.data, held.data)
}

#[test]
fn a_shared_vhdx_on_a_scale_out_share_has_one_set_of_reservations() {
    if !testkit::ceph::have_ceph() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let c = testkit::ceph::Cluster::start(&dir.path().join("ceph"), "127.0.0.1", 16800);
    let node = |metrics: &str| {
        TestServer::start_with(cephfs_opts(
            &c,
            "/vms",
            "continuous_availability = true\nscale_out = true\nrsvd = true",
            ("lease_seconds = 4", metrics),
        ))
    };
    let mut a = node("");
    let mb = free_port();
    let b = node(&format!("[metrics]\nlisten = \"127.0.0.1:{mb}\""));
    let ceph_ops = |op: &str| {
        metric_value(
            mb,
            &format!("smbdirectd_cephfs_operations_total{{op=\"{op}\"}}"),
        )
    };
    let fixed = dir.path().join("fixed.vhdx");
    vhdx(&["create", p(&fixed), "--size", "8M", "--type", "fixed"]);
    upload(&a, &fixed, "guest.vhdx");
    let dynamic = dir.path().join("dynamic.vhdx");
    dynamic_disk(&dynamic, "8M");
    upload(&a, &dynamic, "dynamic.vhdx");

    // Several nodes each run an engine over the disk: only a fixed one is served.
    let (mut c0, t0) = host(&b);
    let refused = SharedDisk::open(&mut c0, t0, "dynamic.vhdx", Some(HOST_A), 2, "HOST");
    assert_eq!(failed_with(refused), NtStatus::NOT_SUPPORTED);

    // A's host holds its disk through a persistent handle, as Hyper-V does on a
    // continuously available share.
    let (mut ca, ta) = connect_with_guid(&a, CLIENT_A);
    let persistent = client::rsvd::dh2q_persistent(CREATE_A);
    let mut da = SharedDisk::open_with(
        &mut ca,
        ta,
        "guest.vhdx",
        Some(HOST_A),
        2,
        "A",
        &[persistent],
    )
    .unwrap();
    let (mut cb, mut db) = open(&b, HOST_B, "guest.vhdx");
    // The cluster's sequence, A's host through node A and B's through node B.
    for (c, d, k) in [(&mut ca, &mut da, KEY_A), (&mut cb, &mut db, KEY_B)] {
        let r = d
            .pr_out(c, pr_action::REGISTER_AND_IGNORE, 0, 0, k)
            .unwrap();
        assert_eq!(r.scsi_status, GOOD);
    }
    let r = da
        .pr_out(&mut ca, pr_action::RESERVE, WE_RO, KEY_A, 0)
        .unwrap();
    assert_eq!(r.scsi_status, GOOD);
    let r = db
        .pr_out(&mut cb, pr_action::RESERVE, WE_RO, KEY_B, 0)
        .unwrap();
    assert_eq!(r.scsi_status, CONFLICT, "A's reservation, seen through B");
    let seen = reservations(&mut ca, &mut da);
    assert_eq!(
        seen,
        reservations(&mut cb, &mut db),
        "one set of reservations"
    );
    assert_eq!(
        u32::from_be_bytes(seen.0[4..8].try_into().unwrap()),
        16,
        "two keys"
    );

    // Data: what A's host writes through A, B's host reads through B.
    let block: Vec<u8> = (0..4096u32).map(|i| (i * 7) as u8).collect();
    assert_eq!(
        da.write16(&mut ca, 8, &block, BS).unwrap().scsi_status,
        GOOD
    );
    let before = ceph_ops("read");
    let r = db.read16(&mut cb, 8, 8, BS).unwrap();
    assert_eq!((r.scsi_status, &r.data), (GOOD, &block));
    assert!(
        ceph_ops("read") > before,
        "B's SCSI read went to the CephFS threads, not the worker"
    );
    // An initiator not registered writes through neither node.
    let (mut co, mut outsider) = open(&b, OUTSIDER, "guest.vhdx");
    let r = outsider.write16(&mut co, 0, &[1; 512], BS).unwrap();
    assert_eq!(r.scsi_status, CONFLICT);
    outsider.close(&mut co).unwrap();

    // B preempts A through node B: A's host hears of it once through node A, then its
    // writes conflict there (fenced).
    let r = db
        .pr_out(&mut cb, pr_action::PREEMPT, WE_RO, KEY_B, KEY_A)
        .unwrap();
    assert_eq!(r.scsi_status, GOOD);
    let tur = da.scsi(&mut ca, &[0; 6], Data::None).unwrap();
    assert_eq!(
        (
            tur.scsi_status,
            tur.sense[2] & 0xF,
            tur.sense[12],
            tur.sense[13]
        ),
        (CHECK_CONDITION, 6, 0x2A, 0x05),
        "REGISTRATIONS PREEMPTED, told through the other node\nA:\n{}",
        a.log()
    );
    let r = da.write16(&mut ca, 8, &[9; 4096], BS).unwrap();
    assert_eq!(r.scsi_status, CONFLICT, "A's host is fenced");
    assert_eq!(
        failed_with(ca.write(da.tree, da.file, 0, &[9; 512])),
        RESERVATION_CONFLICT,
        "through SMB2 WRITE too"
    );
    let seen = reservations(&mut cb, &mut db);
    assert_eq!(seen, reservations(&mut ca, &mut da));
    // What a scale-out disk does not do: change its metadata.
    let mut resize = Guid::random().0.to_vec();
    resize.extend_from_slice(&0u32.to_le_bytes());
    resize.extend_from_slice(&[0; 4]);
    resize.extend_from_slice(&(16 * MIB).to_le_bytes());
    resize.extend_from_slice(&[1, 0, 0, 0]);
    let r = db
        .tunnel(&mut cb, opcode::META_OPERATION_START, &resize, 64)
        .unwrap();
    let h = Header::parse(r.ioctl_output()).unwrap();
    assert_eq!(NtStatus(h.status), NtStatus::NOT_SUPPORTED);

    // A drained: a third host's persistent open of the disk through A moves to B with
    // it (A still alive: A hands the open over through RADOS as the host reconnects),
    // its initiator registered and the reservations as they were.
    let (mut cc, tc) = connect_with_guid(&a, CLIENT_C);
    let persistent = client::rsvd::dh2q_persistent(CREATE_C);
    let mut dc = SharedDisk::open_with(
        &mut cc,
        tc,
        "guest.vhdx",
        Some(HOST_C),
        2,
        "C",
        &[persistent],
    )
    .unwrap();
    let r = dc
        .pr_out(&mut cc, pr_action::REGISTER_AND_IGNORE, 0, 0, KEY_C)
        .unwrap();
    assert_eq!(r.scsi_status, GOOD);
    let moved = dc.file;
    drain(&a);
    drop(cc);
    let started = std::time::Instant::now();
    let (mut cc, mut dc) = reclaim(&b, (CLIENT_C, CREATE_C, HOST_C), moved, (30, 100));
    eprintln!(
        "C's disk moved to B {:?} after it reconnected",
        started.elapsed()
    );
    let keys = reservations(&mut cc, &mut dc).0;
    assert_eq!(
        u32::from_be_bytes(keys[4..8].try_into().unwrap()),
        16,
        "B's and C's keys"
    );
    let r = dc.read16(&mut cc, 8, 8, BS).unwrap();
    assert_eq!((r.scsi_status, &r.data), (GOOD, &block));
    dc.close(&mut cc).unwrap();
    // (C stays registered: a closed handle keeps its registration, as SCSI wants.)
    let seen = reservations(&mut cb, &mut db);

    // Node A killed: B's host goes on as the holder. A's host reconnects through B and,
    // once B has taken A over, reclaims its persistent handle (DH2C alone): the same
    // disk and initiator, the same reservations, itself still fenced.
    let file = da.file;
    let started = std::time::Instant::now();
    a.kill9();
    drop(ca);
    // (B's write waits until B has ended A's file system session, at A's takeover: the
    // dead session holds the file's write capabilities until then. It waits on the
    // CephFS threads: node B's one worker answers another client meanwhile.)
    // (FUA, as Hyper-V writes what must last.)
    let before = ceph_ops("write");
    let cdb = client::rsvd::write16_cdb(16, block.len() as u32 / BS, true);
    let write = db.send_scsi(&mut cb, &cdb, client::rsvd::Data::Out(&block));
    let echo = std::time::Instant::now();
    let (mut ce, _) = host(&b);
    let r = ce
        .request(smb_wire::header::Command::ECHO, 0, &[4, 0, 0, 0])
        .unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);
    let echoed = echo.elapsed();
    let r = SharedDisk::finish_scsi(&mut cb, write.unwrap()).unwrap();
    assert_eq!(r.scsi_status, GOOD);
    let wrote = started.elapsed();
    eprintln!("B's host wrote again {wrote:?} after the kill; an echo through B took {echoed:?}");
    assert!(
        ceph_ops("write") > before,
        "B's SCSI write went to the CephFS threads, not the worker"
    );
    assert!(
        echoed < std::time::Duration::from_secs(1) || wrote < std::time::Duration::from_secs(2),
        "B's worker answered nothing while the write waited: echo {echoed:?}, write {wrote:?}"
    );
    let (mut ca, mut da) = reclaim(&b, (CLIENT_A, CREATE_A, HOST_A), file, (60, 250));
    eprintln!(
        "A's host reclaimed its disk through B {:?} after the kill",
        started.elapsed()
    );
    assert_eq!(reservations(&mut ca, &mut da), seen);
    let r = da.write16(&mut ca, 8, &[9; 4096], BS).unwrap();
    assert_eq!(r.scsi_status, CONFLICT);
    let r = da.read16(&mut ca, 8, 8, BS).unwrap();
    assert_eq!(
        (r.scsi_status, &r.data),
        (GOOD, &block),
        "nothing of A's was written"
    );
    let r = da.read16(&mut ca, 16, 8, BS).unwrap();
    assert_eq!(
        (r.scsi_status, &r.data),
        (GOOD, &block),
        "B's write after the kill"
    );
}
