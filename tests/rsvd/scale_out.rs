//! Shared VHDX on a scale-out share (issue 51): two nodes over one single-host Ceph
//! cluster serve one fixed VHDX to two hosts, one through each node. Both see one set of
//! reservations, each other's data, a preempt through one node fences the initiator on
//! the other, and the reservations outlive node A's kill; what a scale-out share does
//! not serve (a differencing disk, a resize) is refused. A dynamic VHDX's blocks are
//! allocated by one node at a time, whichever must. A PREEMPT AND ABORT through one node
//! is answered only once the preempted host's write under way on the other has ended.

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

/// A node serving `/vms` of cluster `c` as a scale-out share with Shared VHDX (a 4 s
/// lease), with `extra` configuration.
fn node(c: &testkit::ceph::Cluster, extra: &str) -> TestServer {
    node_leased(c, 4, extra)
}

/// As [`node`], with a lease of `lease` seconds.
fn node_leased(c: &testkit::ceph::Cluster, lease: u32, extra: &str) -> TestServer {
    TestServer::start_with(cephfs_opts(
        c,
        "/vms",
        "continuous_availability = true\nscale_out = true\nrsvd = true",
        (&format!("lease_seconds = {lease}"), extra),
    ))
}

/// An 8 MiB fixed VHDX made in `dir`, put on the share as guest.vhdx through `s`.
fn fixed_disk(dir: &Path, s: &TestServer) {
    let fixed = dir.join("fixed.vhdx");
    vhdx(&["create", p(&fixed), "--size", "8M", "--type", "fixed"]);
    upload(s, &fixed, "guest.vhdx");
}

/// Hosts A and B register (KEY_A, KEY_B), each through its own node, and A reserves
/// (write exclusive, registrants only).
fn register_both_a_reserves(
    (ca, da): (&mut Client, &mut SharedDisk),
    (cb, db): (&mut Client, &mut SharedDisk),
) {
    for (c, d, k) in [(&mut *ca, &mut *da, KEY_A), (cb, db, KEY_B)] {
        let r = d
            .pr_out(c, pr_action::REGISTER_AND_IGNORE, 0, 0, k)
            .unwrap();
        assert_eq!(r.scsi_status, GOOD);
    }
    let r = da.pr_out(ca, pr_action::RESERVE, WE_RO, KEY_A, 0).unwrap();
    assert_eq!(r.scsi_status, GOOD);
}

/// A host writes `data` at `lba` through `s` (FUA, as Hyper-V writes what must last)
/// and, while that write is under way, another client's ECHO goes through `s`: how long
/// the echo took.
fn write_while_echoing(
    s: &TestServer,
    (c, d): (&mut Client, &mut SharedDisk),
    lba: u64,
    data: &[u8],
) -> std::time::Duration {
    let cdb = client::rsvd::write16_cdb(lba, data.len() as u32 / BS, true);
    let write = d.send_scsi(c, &cdb, Data::Out(data));
    let echo = std::time::Instant::now();
    let (mut ce, _) = host(s);
    let r = ce
        .request(smb_wire::header::Command::ECHO, 0, &[4, 0, 0, 0])
        .unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);
    let echoed = echo.elapsed();
    let r = SharedDisk::finish_scsi(c, write.unwrap()).unwrap();
    assert_eq!(r.scsi_status, GOOD, "sense {:02x?}", r.sense);
    echoed
}

/// The node's one worker answered the echo while the write waited (or the write did not
/// wait long enough to tell).
fn assert_worker_answered(echoed: std::time::Duration, wrote: std::time::Duration) {
    assert!(
        echoed < std::time::Duration::from_secs(1) || wrote < std::time::Duration::from_secs(2),
        "the node's worker answered nothing while the write waited: echo {echoed:?}, write {wrote:?}"
    );
}

/// A TEST UNIT READY's status, sense key, ASC and ASCQ (a unit attention owed).
fn attention(c: &mut Client, d: &mut SharedDisk) -> (u8, u8, u8, u8) {
    let tur = d.scsi(c, &[0; 6], Data::None).unwrap();
    (
        tur.scsi_status,
        tur.sense[2] & 0xF,
        tur.sense[12],
        tur.sense[13],
    )
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
    let mut a = node(&c, "");
    let mb = free_port();
    let b = node(&c, &format!("[metrics]\nlisten = \"127.0.0.1:{mb}\""));
    let ceph_ops = |op: &str| {
        metric_value(
            mb,
            &format!("smbdirectd_cephfs_operations_total{{op=\"{op}\"}}"),
        )
    };
    fixed_disk(dir.path(), &a);
    let base = dir.path().join("base.vhdx");
    dynamic_disk(&base, "8M");
    let child = dir.path().join("child.vhdx");
    vhdx(&["create", p(&child), "--parent", p(&base)]);
    upload(&a, &base, "base.vhdx");
    upload(&a, &child, "child.vhdx");

    // A differencing disk is served too (its parent read-only under it).
    let (mut c0, t0) = host(&b);
    let child = SharedDisk::open(&mut c0, t0, "child.vhdx", Some(HOST_A), 2, "HOST").unwrap();
    child.close(&mut c0).unwrap();

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
    register_both_a_reserves((&mut ca, &mut da), (&mut cb, &mut db));
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
    assert_eq!(
        attention(&mut ca, &mut da),
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
    let echoed = write_while_echoing(&b, (&mut cb, &mut db), 16, &block);
    let wrote = started.elapsed();
    eprintln!("B's host wrote again {wrote:?} after the kill; an echo through B took {echoed:?}");
    assert!(
        ceph_ops("write") > before,
        "B's SCSI write went to the CephFS threads, not the worker"
    );
    assert_worker_answered(echoed, wrote);
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

/// A host's write through node A is under way (held up in CephFS: another client of the
/// file system holds the file's capabilities and is stopped) when a PREEMPT AND ABORT
/// of that host comes through node B: B answers only once A's write has ended (node A,
/// hearing the abort, waits for its writes to the disk before it acknowledges), never
/// while the write is still under way.
#[test]
fn a_preempt_and_abort_through_one_node_waits_for_the_write_under_way_on_another() {
    if !testkit::ceph::have_ceph() {
        return;
    }
    use std::io::BufRead;
    use std::time::{Duration, Instant};
    let dir = tempfile::tempdir().unwrap();
    let c = testkit::ceph::Cluster::start(&dir.path().join("ceph"), "127.0.0.1", 16820);
    let ma = free_port();
    let a = node(&c, &format!("[metrics]\nlisten = \"127.0.0.1:{ma}\""));
    let b = node(&c, "");
    fixed_disk(dir.path(), &a);
    let (mut ca, mut da) = open(&a, HOST_A, "guest.vhdx");
    let (mut cb, mut db) = open(&b, HOST_B, "guest.vhdx");
    register_both_a_reserves((&mut ca, &mut da), (&mut cb, &mut db));
    let block = [0x3Cu8; 4096];
    assert_eq!(
        da.write16(&mut ca, 8, &block, BS).unwrap().scsi_status,
        GOOD
    );

    // Another client of the file system takes the file's write capabilities (it writes
    // back a byte it read) and is stopped: a write through node A now waits for them.
    // (Debian's python, whose cephfs module the Ceph packages bring.)
    let mut holder = Proc::new("/usr/bin/python3")
        .arg("-c")
        .arg(
            "import cephfs, sys\n\
             fs = cephfs.LibCephFS(conffile=sys.argv[1], auth_id='smb')\n\
             fs.conf_set('keyring', sys.argv[2])\n\
             fs.mount()\n\
             fd = fs.open(b'/vms/guest.vhdx', 'r+')\n\
             b = fs.read(fd, 1 << 20, 1)\n\
             fs.write(fd, b, 1 << 20)\n\
             print('held', flush=True)\n\
             sys.stdin.read()\n\
             fs.close(fd)\n\
             fs.unmount()\n",
        )
        .arg(&c.conf)
        .arg(&c.keyring)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(holder.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert_eq!(line.trim(), "held");
    let pid = holder.id().to_string();
    assert!(Proc::new("kill")
        .args(["-STOP", &pid])
        .status()
        .unwrap()
        .success());

    // A's host writes through A (held up); B's host preempts and aborts A's through B.
    let cdb = client::rsvd::write16_cdb(16, block.len() as u32 / BS, true);
    let write = da
        .send_scsi(&mut ca, &cdb, Data::Out(&[0x5A; 4096]))
        .unwrap();
    let written = std::thread::spawn(move || {
        let r = SharedDisk::finish_scsi(&mut ca, write).unwrap();
        (r.scsi_status, Instant::now())
    });
    std::thread::sleep(Duration::from_millis(300));
    let mut pr = [0u8; 10];
    pr[0] = 0x5F;
    pr[1] = pr_action::PREEMPT_AND_ABORT;
    pr[2] = WE_RO;
    pr[5..9].copy_from_slice(&24u32.to_be_bytes());
    let mut params = [0u8; 24];
    params[..8].copy_from_slice(&KEY_B.to_be_bytes());
    params[8..16].copy_from_slice(&KEY_A.to_be_bytes());
    let preempt = db.send_scsi(&mut cb, &pr, Data::Out(&params)).unwrap();
    let answered = std::thread::spawn(move || {
        let r = SharedDisk::finish_scsi(&mut cb, preempt).unwrap();
        (r.scsi_status, Instant::now())
    });
    // The file system gets its client back after 1.5 s; A's write then ends.
    std::thread::sleep(Duration::from_millis(1500));
    let resumed = Instant::now();
    assert!(Proc::new("kill")
        .args(["-CONT", &pid])
        .status()
        .unwrap()
        .success());
    let (preempt_status, preempt_at) = answered.join().unwrap();
    let (write_status, write_at) = written.join().unwrap();
    // (It lets its capabilities go and leaves: a client killed would hold them until the
    // file system timed its session out.)
    drop(holder.stdin.take());
    let _ = holder.wait();
    eprintln!(
        "A's write ended {:?} and B's PREEMPT AND ABORT was answered {:?} after the file \
         system's client came back",
        write_at.saturating_duration_since(resumed),
        preempt_at.saturating_duration_since(resumed)
    );
    assert_eq!(preempt_status, GOOD);
    assert_eq!(
        write_status, GOOD,
        "A's write was under way before the preempt"
    );
    assert!(
        preempt_at > resumed,
        "B answered the PREEMPT AND ABORT while A's write was still under way"
    );
    assert!(
        preempt_at + Duration::from_millis(50) >= write_at,
        "B answered before A's write ended"
    );
    assert_eq!(
        metric_value(ma, "smbdirectd_cluster_disk_abort_fences_total"),
        1.0,
        "node A waited once, for B's abort"
    );
    // A's host is fenced from then on, through either node.
    let (mut ca, mut da) = open(&a, HOST_A, "guest.vhdx");
    let r = da.write16(&mut ca, 24, &block, BS).unwrap();
    assert!(
        matches!(r.scsi_status, CONFLICT | CHECK_CONDITION),
        "{}",
        r.scsi_status
    );
}

fn write_at(c: &mut Client, d: &mut SharedDisk, lba: u64, data: &[u8]) {
    let r = d.write16(c, lba, data, BS).unwrap();
    assert_eq!(
        r.scsi_status, GOOD,
        "write at {lba}: sense {:02x?}",
        r.sense
    );
}

fn read_at(c: &mut Client, d: &mut SharedDisk, lba: u64, blocks: u32) -> Vec<u8> {
    let r = d.read16(c, lba, blocks, BS).unwrap();
    assert_eq!(r.scsi_status, GOOD, "read at {lba}: sense {:02x?}", r.sense);
    r.data
}

/// 8 KiB of `tag`'s pattern (each block of the test its own).
/// Disk `name` opened by host A through node `a` and by host B through node `b`, both
/// registered (as a guest cluster's nodes are: how a node learns of the other node's
/// initiators).
fn open_registered(
    a: &TestServer,
    b: &TestServer,
    name: &str,
) -> ((Client, SharedDisk), (Client, SharedDisk)) {
    let (mut ca, mut da) = open(a, HOST_A, name);
    let (mut cb, mut db) = open(b, HOST_B, name);
    for (c, d, k) in [(&mut ca, &mut da, KEY_A), (&mut cb, &mut db, KEY_B)] {
        let r = d
            .pr_out(c, pr_action::REGISTER_AND_IGNORE, 0, 0, k)
            .unwrap();
        assert_eq!(r.scsi_status, GOOD);
    }
    ((ca, da), (cb, db))
}

/// Blocks `blocks` each read back through both nodes as [`pattern`] wrote them, 8 KiB
/// into the block (2,048 sectors a block).
fn read_everywhere(
    (ca, da): (&mut Client, &mut SharedDisk),
    (cb, db): (&mut Client, &mut SharedDisk),
    blocks: std::ops::Range<u64>,
) {
    for n in blocks {
        for (c, d, via) in [(&mut *ca, &mut *da, "A"), (&mut *cb, &mut *db, "B")] {
            let got = read_at(c, d, n * 2048 + 16, 16);
            assert!(got == pattern(n), "block {n} through {via}");
        }
    }
}

fn pattern(tag: u64) -> Vec<u8> {
    (0..8192u64).map(|i| (i * 31 + tag * 7 + 1) as u8).collect()
}

/// A dynamic VHDX (1 MiB blocks) on a scale-out share, served to two hosts through two
/// nodes at once: one node at a time allocates its blocks, the metadata moving to
/// whichever must; each node reads at once a block the other allocated; blocks
/// allocated through both nodes at the same time each land in space of their own; and
/// when the node holding the metadata is killed, the other takes it (the dead one's log
/// replayed) and goes on, every acknowledged write still there. A resize through one node
/// (the BAT moving) is seen by the other before it is answered.
#[test]
fn a_dynamic_shared_vhdx_on_a_scale_out_share_is_allocated_by_one_node_at_a_time() {
    if !testkit::ceph::have_ceph() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let c = testkit::ceph::Cluster::start(&dir.path().join("ceph"), "127.0.0.1", 16840);
    let (ma, mb) = (free_port(), free_port());
    let mut a = node(&c, &format!("[metrics]\nlisten = \"127.0.0.1:{ma}\""));
    let b = node(&c, &format!("[metrics]\nlisten = \"127.0.0.1:{mb}\""));
    let moves = |port: u16, what: &str| {
        metric_value(
            port,
            &format!("smbdirectd_cluster_disk_metadata_moves_total{{what=\"{what}\"}}"),
        )
    };
    let local = dir.path().join("dynamic.vhdx");
    dynamic_disk(&local, "64M");
    upload(&a, &local, "dynamic.vhdx");
    let ((mut ca, mut da), (mut cb, mut db)) = open_registered(&a, &b, "dynamic.vhdx");
    // (LBA of 8 KiB into block n: 2,048 sectors a block.)
    let lba = |n: u64| n * 2048 + 16;

    // In turn: each node's host writes into a new block, the other's reads it at once.
    let mut took = Vec::new();
    for n in 0..6u64 {
        let started = std::time::Instant::now();
        if n % 2 == 0 {
            assert_eq!(read_at(&mut cb, &mut db, lba(n), 16), vec![0; 8192]);
            let started = std::time::Instant::now();
            write_at(&mut ca, &mut da, lba(n), &pattern(n));
            took.push(started.elapsed());
            assert_eq!(
                read_at(&mut cb, &mut db, lba(n), 16),
                pattern(n),
                "block {n} through B"
            );
        } else {
            write_at(&mut cb, &mut db, lba(n), &pattern(n));
            took.push(started.elapsed());
            assert_eq!(
                read_at(&mut ca, &mut da, lba(n), 16),
                pattern(n),
                "block {n} through A"
            );
        }
    }
    eprintln!("each allocation, the metadata moving with it, took {took:?}");
    let (ta, tb) = (moves(ma, "taken"), moves(mb, "taken"));
    assert!(
        ta >= 3.0 && tb >= 3.0,
        "the metadata moved with each allocation: A took it {ta} times, B {tb}"
    );
    assert!(moves(ma, "given") >= 2.0 && moves(mb, "given") >= 2.0);
    // A write into a block already there moves nothing.
    write_at(&mut ca, &mut da, lba(1) + 16, &pattern(100));
    assert_eq!(read_at(&mut cb, &mut db, lba(1) + 16, 16), pattern(100));
    assert_eq!(moves(ma, "taken"), ta, "A wrote in place");

    // Both at once: 12 new blocks each, interleaved.
    let through = |mut c: Client, mut d: SharedDisk, first: u64| {
        std::thread::spawn(move || {
            for k in 0..12u64 {
                let n = first + 2 * k;
                write_at(&mut c, &mut d, lba(n), &pattern(n));
            }
            (c, d)
        })
    };
    let both = std::time::Instant::now();
    let (wa, wb) = (through(ca, da, 10), through(cb, db, 11));
    let (mut ca, mut da) = wa.join().unwrap();
    let (mut cb, mut db) = wb.join().unwrap();
    eprintln!(
        "24 allocations through both nodes at once took {:?}; the metadata moved {} times",
        both.elapsed(),
        moves(ma, "taken") + moves(mb, "taken") - ta - tb
    );
    read_everywhere((&mut ca, &mut da), (&mut cb, &mut db), 10..34);

    // B's host grows the disk to 200 GiB through B (B takes the metadata; the BAT, too
    // small for so many 1 MiB blocks, moves to the end of the file): A reads the new
    // layout before B answers, A's host is told the capacity changed, and each node
    // reads what the other writes past the old end.
    grow(&mut cb, &mut db, 200 << 30);
    assert_eq!(
        attention(&mut ca, &mut da),
        (CHECK_CONDITION, 6, 0x2A, 0x09),
        "CAPACITY DATA HAS CHANGED, told through the other node"
    );
    assert_eq!(last_lba(&mut ca, &mut da), (200 << 21) - 1);
    let far = |n: u64| (150 << 21) + n * 2048;
    write_at(&mut ca, &mut da, far(0), &pattern(200));
    assert_eq!(
        read_at(&mut cb, &mut db, far(0), 16),
        pattern(200),
        "through B"
    );
    write_at(&mut cb, &mut db, far(1), &pattern(201));
    assert_eq!(
        read_at(&mut ca, &mut da, far(1), 16),
        pattern(201),
        "through A"
    );
    assert_eq!(read_at(&mut ca, &mut da, lba(11), 16), pattern(11));

    // A allocates last (it holds the metadata, its log active) and is killed; B's host
    // allocates next: B takes the metadata once A's lease has run out.
    write_at(&mut ca, &mut da, lba(40), &pattern(40));
    a.kill9();
    drop(ca);
    // (It waits on a thread of its own: node B's one worker answers another client
    // meanwhile.)
    let started = std::time::Instant::now();
    let echoed = write_while_echoing(&b, (&mut cb, &mut db), lba(41), &pattern(41));
    let wrote = started.elapsed();
    eprintln!("B allocated {wrote:?} after A's kill; an echo through B meanwhile took {echoed:?}");
    assert_worker_answered(echoed, wrote);
    assert_eq!(read_at(&mut cb, &mut db, far(0), 16), pattern(200));
    for n in (0..6).chain(10..34).chain([40, 41]) {
        assert_eq!(
            read_at(&mut cb, &mut db, lba(n), 16),
            pattern(n),
            "block {n} through B after the kill"
        );
    }
    assert_eq!(read_at(&mut cb, &mut db, lba(1) + 16, 16), pattern(100));
    db.close(&mut cb).unwrap();

    // The file, as the last node left it: sound, clean, one copy of each block.
    let back = dir.path().join("back.vhdx");
    let (mut cr, tr) = host(&b);
    let (f, _) = cr
        .create(
            tr,
            "dynamic.vhdx",
            access::FILE_READ_DATA,
            1,
            client::create_options::NON_DIRECTORY_FILE,
        )
        .unwrap();
    let mut bytes = Vec::new();
    loop {
        match cr.read(tr, f, bytes.len() as u64, MIB as u32) {
            Ok(chunk) if !chunk.is_empty() => bytes.extend_from_slice(&chunk),
            Ok(_) | Err(client::Error::Status(_, NtStatus::END_OF_FILE)) => break,
            Err(e) => panic!("reading the disk's file back: {e}"),
        }
    }
    std::fs::write(&back, &bytes).unwrap();
    vhdx_check(&back);
    assert!(log_clean(&back), "B ended its session at the close");
    let o = Proc::new(env!("CARGO_BIN_EXE_smbdirectd-under-test"))
        .args(["vhdx", "info", "--json", p(&back)])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        v["allocated_bytes"],
        34 * MIB,
        "34 blocks written, each allocated once"
    );
    assert_eq!(v["virtual_size"], 200u64 << 30);
}

/// A VHD Set on a scale-out share: its snapshots are taken, applied and deleted through
/// either node (the node making the change takes the disk's metadata), and the other
/// node follows each change before it is answered: it writes into the set's new file
/// from then on (a differencing disk served by both nodes, sector by sector), and reads
/// what the snapshot kept.
#[test]
fn a_vhd_set_on_a_scale_out_share_changes_through_either_node_and_both_follow() {
    if !testkit::ceph::have_ceph() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let c = testkit::ceph::Cluster::start(&dir.path().join("ceph"), "127.0.0.1", 16860);
    let a = node(&c, "");
    let b = node(&c, "");
    let local = dir.path().join("set");
    std::fs::create_dir(&local).unwrap();
    dynamic_disk(&local.join("cluster.vhds"), "64M");
    for f in std::fs::read_dir(&local).unwrap() {
        let name = f.unwrap().file_name().into_string().unwrap();
        upload(&a, &local.join(&name), &name);
    }
    let ((mut ca, mut da), (mut cb, mut db)) = open_registered(&a, &b, "cluster.vhds");
    // (LBA of 8 KiB into block n: 2,048 sectors a block.)
    let lba = |n: u64| n * 2048 + 16;
    write_at(&mut ca, &mut da, lba(0), &pattern(0));
    write_at(&mut cb, &mut db, lba(1), &pattern(1));
    assert_eq!(read_at(&mut cb, &mut db, lba(0), 16), pattern(0));

    // B's host takes a snapshot through B; A follows before B answers: A's host's next
    // write goes into the new file (a sector of a block its parent holds: the rest of
    // the block still reads through), and B reads it at once.
    let s1 = Guid::random();
    let started = std::time::Instant::now();
    db.create_snapshot(&mut cb, s1, true).unwrap();
    eprintln!("a snapshot through B took {:?}", started.elapsed());
    assert_eq!(
        da.snapshot_list(&mut ca).unwrap(),
        vec![s1],
        "seen through A"
    );
    write_at(&mut ca, &mut da, lba(0) + 1, &[0xA1; 512]);
    let mut want0 = pattern(0);
    want0[512..1024].fill(0xA1);
    assert_eq!(read_at(&mut cb, &mut db, lba(0), 16), want0, "through B");
    // Each node writes sectors of one new block in turn (each marking takes the
    // metadata), then reads the other's.
    for k in 0..4u64 {
        let (c, d) = match k % 2 {
            0 => (&mut ca, &mut da),
            _ => (&mut cb, &mut db),
        };
        write_at(c, d, lba(3) + k, &[k as u8 + 1; 512]);
    }
    let mut want3 = vec![0u8; 8192];
    for k in 0..4usize {
        want3[k * 512..(k + 1) * 512].fill(k as u8 + 1);
    }
    assert_eq!(read_at(&mut ca, &mut da, lba(3), 16), want3, "through A");
    assert_eq!(read_at(&mut cb, &mut db, lba(3), 16), want3, "through B");

    // The snapshot, read through A by a backup's own open: the data as it was.
    let (mut cs, ts) = host(&a);
    let snap = SharedDisk::open_snapshot(&mut cs, ts, "cluster.vhds", s1).unwrap();
    assert_eq!(
        cs.read(snap.tree, snap.file, lba(0) * 512, 8192).unwrap(),
        pattern(0)
    );
    assert_eq!(
        cs.read(snap.tree, snap.file, lba(3) * 512, 8192).unwrap(),
        vec![0; 8192]
    );
    snap.close(&mut cs).unwrap();
    drop(cs);

    // A second snapshot, through A this time: what changed since the first, asked
    // through B, is what the two hosts wrote.
    let s2 = Guid::random();
    da.create_snapshot(&mut ca, s2, true).unwrap();
    assert_eq!(db.snapshot_list(&mut cb).unwrap(), vec![s1, s2]);
    let (_, changed) = db.changes(&mut cb, s1, s2, 0, SIZE).unwrap();
    assert_eq!(
        changed,
        vec![(lba(0) * 512 + 512, 512), (lba(3) * 512, 2048)],
        "the writes between the snapshots"
    );
    write_at(&mut cb, &mut db, lba(5), &pattern(5));

    // The first applied through B: both nodes read the disk as it was then.
    db.apply_snapshot(&mut cb, s1).unwrap();
    for (c, d, via) in [(&mut ca, &mut da, "A"), (&mut cb, &mut db, "B")] {
        assert_eq!(
            read_at(c, d, lba(0), 16),
            pattern(0),
            "block 0 through {via}"
        );
        assert_eq!(
            read_at(c, d, lba(1), 16),
            pattern(1),
            "block 1 through {via}"
        );
        assert_eq!(read_at(c, d, lba(3), 16), vec![0; 8192], "through {via}");
        assert_eq!(read_at(c, d, lba(5), 16), vec![0; 8192], "through {via}");
    }
    // The second deleted through A; both lists say so.
    da.delete_snapshot(&mut ca, s2, false).unwrap();
    assert_eq!(db.snapshot_list(&mut cb).unwrap(), vec![s1]);
    assert_eq!(da.snapshot_list(&mut ca).unwrap(), vec![s1]);
    write_at(&mut cb, &mut db, lba(6), &pattern(6));
    assert_eq!(read_at(&mut ca, &mut da, lba(6), 16), pattern(6));

    // Two more snapshots, one through each node, with a write between; the first of
    // them deleted through A: its file, which no snapshot needs, is merged into the
    // one above it by A (which holds the metadata), and B reads the new chain before
    // the file goes.
    let (s3, s4) = (Guid::random(), Guid::random());
    da.create_snapshot(&mut ca, s3, true).unwrap();
    write_at(&mut cb, &mut db, lba(7), &pattern(7));
    db.create_snapshot(&mut cb, s4, true).unwrap();
    da.delete_snapshot(&mut ca, s3, false).unwrap();
    let merged = "a file no snapshot needs merged away";
    for _ in 0..300 {
        if a.log().contains(merged) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert!(a.log().contains(merged), "A merged\n{}", a.log());
    assert!(
        b.log().contains("chain changed on another node"),
        "B followed the merge\n{}",
        b.log()
    );
    for (c, d, via) in [(&mut ca, &mut da, "A"), (&mut cb, &mut db, "B")] {
        for n in [0, 1, 6, 7] {
            assert_eq!(read_at(c, d, lba(n), 16), pattern(n), "{n} through {via}");
        }
    }
    assert_eq!(db.snapshot_list(&mut cb).unwrap(), vec![s1, s4]);
    // s4 extracted through B (not the metadata's holder), as a backup does: whole, and
    // as its differences over s1's file (B holds the metadata, which merges run under,
    // until its file names what it reads). Each reads through A as s4 was.
    db.extract(&mut cb, s4, None, "whole.vhdx", 0).unwrap();
    db.extract(&mut cb, s4, Some(s1), "changes.vhdx", 0)
        .unwrap();
    for name in ["whole.vhdx", "changes.vhdx"] {
        let (mut cx, mut dx) = open(&a, HOST_A, name);
        for n in [0, 1, 6, 7] {
            assert_eq!(read_at(&mut cx, &mut dx, lba(n), 16), pattern(n), "{name}");
        }
        dx.close(&mut cx).unwrap();
    }

    // A's host writes new blocks (each a new block of the set's newest file, which
    // marking takes the metadata for) while B's takes three snapshots: each write is
    // answered, or NOT READY (retried, as a host does) when its file became a
    // snapshot's under it; nothing of A's lands in a snapshot's file after it was
    // taken (its chain stays linked: it opens again below).
    let writer = std::thread::spawn(move || {
        let mut not_ready = 0;
        for n in 10..40u64 {
            for _ in 0..50 {
                let r = da.write16(&mut ca, lba(n), &pattern(n), BS).unwrap();
                match (r.scsi_status, r.sense.get(2).map(|k| k & 0xF)) {
                    (GOOD, _) => break,
                    (CHECK_CONDITION, Some(2)) => not_ready += 1,
                    _ => panic!("write {n}: {:02x?}", r.sense),
                }
            }
        }
        (ca, da, not_ready)
    });
    let mut snaps = vec![s1, s4];
    for _ in 0..3 {
        let s = Guid::random();
        let started = std::time::Instant::now();
        db.create_snapshot(&mut cb, s, false).unwrap();
        eprintln!(
            "a snapshot through B while A wrote took {:?}",
            started.elapsed()
        );
        snaps.push(s);
        std::thread::sleep(std::time::Duration::from_millis(30));
    }
    let (mut ca, mut da, not_ready) = writer.join().unwrap();
    eprintln!("A's writes answered NOT READY (retried): {not_ready}");
    read_everywhere((&mut ca, &mut da), (&mut cb, &mut db), 10..40);
    assert_eq!(da.snapshot_list(&mut ca).unwrap(), snaps);
    da.close(&mut ca).unwrap();
    db.close(&mut cb).unwrap();

    // Opened again (the chain from the files as the nodes left them), through A.
    let (mut ca, mut da) = open(&a, HOST_A, "cluster.vhds");
    assert_eq!(read_at(&mut ca, &mut da, lba(0), 16), pattern(0));
    assert_eq!(read_at(&mut ca, &mut da, lba(6), 16), pattern(6));
    assert_eq!(read_at(&mut ca, &mut da, lba(7), 16), pattern(7));
    assert_eq!(read_at(&mut ca, &mut da, lba(39), 16), pattern(39));
    assert_eq!(da.snapshot_list(&mut ca).unwrap(), snaps);
    da.close(&mut ca).unwrap();
}

/// A node that does not hear a preempt (its process stopped while the preempting node
/// notified it) is fenced before the preempt is answered: its lease would have kept it
/// serving, and the preempted host's next write through it might have landed before it
/// heard. Fenced, it writes nothing more and stops at its next renewal. (The same holds
/// for a resize and a set's change: every change every node must hear.)
#[test]
fn a_node_that_does_not_hear_a_preempt_is_fenced_before_it_is_answered() {
    if !testkit::ceph::have_ceph() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let c = testkit::ceph::Cluster::start(&dir.path().join("ceph"), "127.0.0.1", 16880);
    let a = node(&c, "");
    // (B's lease outlasts its stop: what stops B is the fence alone.)
    let mut b = node_leased(&c, 60, "");
    fixed_disk(dir.path(), &a);
    let (mut ca, mut da) = open(&a, HOST_A, "guest.vhdx");
    let (mut cb, mut db) = open(&b, HOST_B, "guest.vhdx");
    register_both_a_reserves((&mut ca, &mut da), (&mut cb, &mut db));
    let r = db.write16(&mut cb, 8, &[7; 4096], BS).unwrap();
    assert_eq!(r.scsi_status, GOOD, "a registrant writes through B");

    b.signal("-STOP");
    let started = std::time::Instant::now();
    let r = da.pr_out(&mut ca, pr_action::PREEMPT, WE_RO, KEY_A, KEY_B);
    let took = started.elapsed();
    b.signal("-CONT");
    assert_eq!(r.unwrap().scsi_status, GOOD);
    eprintln!("the preempt through A, B stopped, took {took:?}");
    assert!(
        a.log()
            .contains("did not acknowledge a change every node must hear"),
        "A fenced B\n{}",
        a.log()
    );
    // B's preempted host writes through B again: not written, and B stops.
    let r = db.write16(&mut cb, 8, &[9; 4096], BS);
    assert!(
        !matches!(&r, Ok(r) if r.scsi_status == GOOD),
        "a write through the fenced node: {r:?}"
    );
    b.stops_fenced();
    let r = da.read16(&mut ca, 8, 8, BS).unwrap();
    assert_eq!((r.scsi_status, &r.data[..]), (GOOD, &[7; 4096][..]));
    da.close(&mut ca).unwrap();
}
