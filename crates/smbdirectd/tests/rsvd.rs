//! Shared VHDX (issue 21): two "hosts" open one VHDX as a shared virtual SCSI disk,
//! run the persistent-reservation sequence a failover cluster runs, write and read
//! through SCSI and through SMB2 READ/WRITE, and find reservations and data intact after
//! the server restarts (gracefully and by SIGKILL); qemu-img accepts the disk after.

mod common;
use client::rsvd::{pr_action, pr_kind, Data, Guid, SharedDisk};
use client::{access, Client};
use common::*;
use rsvd::tunnel::{opcode, Header};
use smb_wire::header::Command;
use smb_wire::NtStatus;
use std::path::Path;
use std::process::Command as Proc;

const MIB: u64 = 1 << 20;
const SIZE: u64 = 64 * MIB;
const BS: u32 = 512;
const HOST_A: Guid = Guid([0xA1; 16]);
const HOST_B: Guid = Guid([0xB2; 16]);
const OUTSIDER: Guid = Guid([0xC3; 16]);
const KEY_A: u64 = 0xA0A0_0001;
const KEY_B: u64 = 0xB0B0_0002;
const GOOD: u8 = 0x00;
const CHECK_CONDITION: u8 = 0x02;
const CONFLICT: u8 = 0x18;
const RESERVATION_CONFLICT: NtStatus = NtStatus(0xC05C_FF07);
const WE_RO: u8 = pr_kind::WRITE_EXCLUSIVE_REGISTRANTS_ONLY;

fn rsvd_server() -> TestServer {
    TestServer::start_with(Opts {
        share_extra: "rsvd = true".into(),
        ..Default::default()
    })
}

fn vhdx(args: &[&str]) {
    let o = Proc::new(env!("CARGO_BIN_EXE_smbdirectd"))
        .arg("vhdx")
        .args(args)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "vhdx {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// `smbdirectd vhdx check` accepts the disk (a set: its chain).
fn vhdx_check(path: &Path) {
    let o = Proc::new(env!("CARGO_BIN_EXE_smbdirectd"))
        .args(["vhdx", "check", p(path)])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
}

fn host(s: &TestServer) -> (Client, u32) {
    let mut c = s.tcp_client();
    let t = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    (c, t)
}

fn open(s: &TestServer, who: Guid, name: &str) -> (Client, SharedDisk) {
    let (mut c, t) = host(s);
    let d = SharedDisk::open(&mut c, t, name, Some(who), 2, "HOST").unwrap();
    (c, d)
}

fn status_of(r: client::Result<u32>) -> NtStatus {
    match r {
        Ok(_) => NtStatus::SUCCESS,
        Err(client::Error::Status(_, s)) => s,
        Err(e) => panic!("{e}"),
    }
}

fn read_status(c: &mut Client, d: &SharedDisk, off: u64, len: u32) -> Result<Vec<u8>, NtStatus> {
    match c.read(d.tree, d.file, off, len) {
        Ok(v) => Ok(v),
        Err(client::Error::Status(_, s)) => Err(s),
        Err(e) => panic!("{e}"),
    }
}

/// The sense a READ or WRITE failed with (`st`, STATUS_SVHDX_ERROR_STORED | key), asked
/// for with SRB_STATUS: (sense key, ASC, ASCQ).
fn stored_sense(c: &mut Client, d: &mut SharedDisk, st: NtStatus) -> (u8, u8, u8) {
    assert_eq!(st.0 & 0xFFFF_FF00, 0xC05C_0000, "{st}");
    let mut q = vec![(st.0 & 0xFF) as u8];
    q.resize(28, 0);
    let srb = d.tunnel(c, opcode::SRB_STATUS, &q, 64).unwrap();
    assert_eq!(srb.status(), NtStatus::SUCCESS);
    let out = srb.ioctl_output();
    assert_eq!(out[16..19], [q[0], 0x84, CHECK_CONDITION]);
    let sense = &out[20..20 + usize::from(out[19])];
    (sense[2] & 0xF, sense[12], sense[13])
}

/// FSCTL_SET_ZERO_DATA of `len` bytes at `off` on a shared open: its status.
fn zero(c: &mut Client, d: &SharedDisk, off: u64, len: u64) -> NtStatus {
    let mut input = off.to_le_bytes().to_vec();
    input.extend_from_slice(&(off + len).to_le_bytes());
    let body = testkit::bodies::ioctl_body(smb_wire::fsctl::SET_ZERO_DATA, d.file, &input, 0);
    c.request(Command::IOCTL, d.tree, &body).unwrap().status()
}

/// READ CAPACITY(16)'s last LBA.
fn last_lba(c: &mut Client, d: &mut SharedDisk) -> u64 {
    let mut rc16 = [0u8; 16];
    rc16[0] = 0x9E;
    rc16[1] = 0x10;
    rc16[13] = 32;
    let cap = d.scsi(c, &rc16, Data::In(32)).unwrap();
    u64::from_be_bytes(cap.data[..8].try_into().unwrap())
}

/// Grows the disk to `size` (META_OPERATION_START Resize, expand only).
fn grow(c: &mut Client, d: &mut SharedDisk, size: u64) {
    let mut b = Guid::random().0.to_vec();
    b.extend_from_slice(&0u32.to_le_bytes());
    b.extend_from_slice(&[0; 4]);
    b.extend_from_slice(&size.to_le_bytes());
    b.extend_from_slice(&[1, 0, 0, 0]);
    let m = d.tunnel(c, opcode::META_OPERATION_START, &b, 64).unwrap();
    assert_eq!(Header::parse(m.ioctl_output()).unwrap().status, 0);
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn a_guest_cluster_shares_a_disk_through_reservations_and_restarts() {
    let mut s = rsvd_server();
    let disk = s.share.join("cluster.vhdx");
    vhdx(&["create", p(&disk), "--size", "64M", "--block-size", "1M"]);
    let (mut ca, mut a) = open(&s, HOST_A, "cluster.vhdx");
    let (mut cb, mut b) = open(&s, HOST_B, "cluster.vhdx");
    assert_eq!(
        a.virtual_size(),
        Some(SIZE),
        "the v2 response context carries the size"
    );
    assert_eq!(a.response.len(), 192);

    // Identity: both initiators see the same disk, as Hyper-V describes its own.
    let inq = |c: &mut Client, d: &mut SharedDisk, page: u8| {
        let r = d
            .scsi(c, &[0x12, 1, page, 0, 255, 0], Data::In(255))
            .unwrap();
        assert_eq!((r.header.status, r.scsi_status), (0, GOOD), "VPD {page:#x}");
        r.data
    };
    let id_a = inq(&mut ca, &mut a, 0x83);
    assert_eq!(id_a, inq(&mut cb, &mut b, 0x83));
    assert_eq!(&id_a[8..16], b"Msft    ");
    for page in [0x00, 0x80, 0xB0, 0xB1, 0xB2] {
        inq(&mut ca, &mut a, page);
    }
    let std_inq = a
        .scsi(&mut ca, &[0x12, 0, 0, 0, 36, 0], Data::In(36))
        .unwrap();
    assert_eq!(&std_inq.data[16..32], b"Virtual Disk    ");
    assert_eq!(last_lba(&mut ca, &mut a), SIZE / 512 - 1);
    let info = a
        .tunnel(&mut ca, opcode::GET_INITIAL_INFO, &[], 64)
        .unwrap();
    assert_eq!(info.status(), NtStatus::SUCCESS);
    let out = info.ioctl_output();
    assert_eq!(u64::from_le_bytes(out[32..40].try_into().unwrap()), SIZE);

    // The cluster's sequence: both register, A reserves Write Exclusive - Registrants Only.
    for (c, d, k) in [(&mut ca, &mut a, KEY_A), (&mut cb, &mut b, KEY_B)] {
        let r = d
            .pr_out(c, pr_action::REGISTER_AND_IGNORE, 0, 0, k)
            .unwrap();
        assert_eq!(r.scsi_status, GOOD);
    }
    assert_eq!(
        a.pr_out(&mut ca, pr_action::RESERVE, WE_RO, KEY_A, 0)
            .unwrap()
            .scsi_status,
        GOOD
    );
    assert_eq!(
        b.pr_out(&mut cb, pr_action::RESERVE, WE_RO, KEY_B, 0)
            .unwrap()
            .scsi_status,
        CONFLICT,
        "a second reservation conflicts"
    );

    // Data from both registrants: A through SCSI, B through SMB2 WRITE.
    let da = random_bytes(64 << 10, 1);
    let db = random_bytes(128 << 10, 2);
    assert_eq!(
        a.write16(&mut ca, MIB / 512, &da, BS).unwrap().scsi_status,
        GOOD
    );
    cb.write(b.tree, b.file, 3 * MIB, &db).unwrap();
    let back = b
        .read16(&mut cb, MIB / 512, (da.len() / 512) as u32, BS)
        .unwrap();
    assert_eq!(back.data, da, "B reads what A wrote through SCSI");
    assert_eq!(
        ca.read(a.tree, a.file, 3 * MIB, db.len() as u32).unwrap(),
        db
    );

    // An initiator that never registered reads but may not write.
    let (mut cc, mut c) = open(&s, OUTSIDER, "cluster.vhdx");
    assert_eq!(read_status(&mut cc, &c, MIB, 4096).unwrap(), da[..4096]);
    assert_eq!(
        status_of(cc.write(c.tree, c.file, 0, &[1; 512])),
        RESERVATION_CONFLICT
    );
    assert_eq!(
        c.write16(&mut cc, 0, &[1; 512], BS).unwrap().scsi_status,
        CONFLICT
    );
    assert_eq!(
        zero(&mut cc, &c, MIB, 4096),
        RESERVATION_CONFLICT,
        "nor zero"
    );

    // Failover: B preempts A. A hears of it once, then its writes conflict.
    assert_eq!(
        b.pr_out(&mut cb, pr_action::PREEMPT, WE_RO, KEY_B, KEY_A)
            .unwrap()
            .scsi_status,
        GOOD
    );
    let tur = a.scsi(&mut ca, &[0; 6], Data::None).unwrap();
    assert_eq!(tur.scsi_status, CHECK_CONDITION);
    assert_eq!(
        (tur.sense[2] & 0xF, tur.sense[12], tur.sense[13]),
        (6, 0x2A, 0x05)
    );
    assert_eq!(
        a.scsi(&mut ca, &[0; 6], Data::None).unwrap().scsi_status,
        GOOD
    );
    assert_eq!(
        status_of(ca.write(a.tree, a.file, 0, &[1; 512])),
        RESERVATION_CONFLICT
    );
    assert_eq!(zero(&mut ca, &a, MIB, 4096), RESERVATION_CONFLICT);
    assert_eq!(read_status(&mut cb, &b, MIB, 4096).unwrap(), da[..4096]);
    // The holder zeroes (a range nothing was written to).
    assert_eq!(zero(&mut cb, &b, 8 * MIB, MIB), NtStatus::SUCCESS);
    let keys = b.pr_in(&mut cb, 0).unwrap();
    assert_eq!(u32::from_be_bytes(keys.data[4..8].try_into().unwrap()), 8);
    assert_eq!(&keys.data[8..16], &KEY_B.to_be_bytes());
    let res = b.pr_in(&mut cb, 1).unwrap();
    assert_eq!(&res.data[8..16], &KEY_B.to_be_bytes());
    assert_eq!(res.data[21], WE_RO);
    let generation = u32::from_be_bytes(res.data[..4].try_into().unwrap());

    // While it is shared, the file cannot be opened to be written as a plain file.
    let (mut cp, tp) = host(&s);
    let plain = cp.create(tp, "cluster.vhdx", access::FILE_WRITE_DATA, 1, 0);
    assert!(
        matches!(
            plain,
            Err(client::Error::Status(_, NtStatus::SHARING_VIOLATION))
        ),
        "{plain:?}"
    );
    // Nor deleted or renamed (DELETE access), however its shared opens share it.
    let del = cp.create(tp, "cluster.vhdx", access::DELETE, 1, 0);
    assert!(
        matches!(
            del,
            Err(client::Error::Status(_, NtStatus::SHARING_VIOLATION))
        ),
        "{del:?}"
    );
    let (ro, _) = cp
        .create(tp, "cluster.vhdx", access::FILE_READ_DATA, 1, 0)
        .unwrap();
    cp.close(tp, ro).unwrap();
    // Byte-range locks are not taken on a shared disk.
    let lock = cb.request(
        Command::LOCK,
        b.tree,
        &testkit::bodies::lock_body(b.file, 0, 512, 0x2 | 0x10),
    );
    assert_eq!(lock.unwrap().status(), NtStatus::LOCK_NOT_GRANTED);

    // The data becomes stable (SYNCHRONIZE CACHE) and the server stops gracefully.
    assert_eq!(
        b.scsi(&mut cb, &[0x35, 0, 0, 0, 0, 0, 0, 0, 0, 0], Data::None)
            .unwrap()
            .scsi_status,
        GOOD
    );
    for (cl, d) in [(&mut ca, a), (&mut cb, b), (&mut cc, c)] {
        d.close(cl).unwrap();
    }
    drop((ca, cb, cc, cp));
    s.stop();
    let mut expect = vec![0u8; SIZE as usize];
    expect[MIB as usize..MIB as usize + da.len()].copy_from_slice(&da);
    expect[3 * MIB as usize..3 * MIB as usize + db.len()].copy_from_slice(&db);
    let raw = s.dir.path().join("expect.raw");
    std::fs::write(&raw, &expect).unwrap();
    qemu_img_matches(&disk, &raw);

    // After the restart the reservation is where the cluster left it. To B, which was
    // registered, the disk was reset: its first READ fails with the sense kept for
    // SRB_STATUS (UNIT ATTENTION 29h/00h), once.
    s.restart();
    let (mut cb, mut b) = open(&s, HOST_B, "cluster.vhdx");
    let st = read_status(&mut cb, &b, 3 * MIB, 4096).unwrap_err();
    assert_eq!(stored_sense(&mut cb, &mut b, st), (6, 0x29, 0x00), "{st}");
    assert_eq!(read_status(&mut cb, &b, 3 * MIB, 4096).unwrap(), db[..4096]);
    drop(cb);
    // A, preempted before the restart, was not registered: nothing to tell it.
    let (mut ca, mut a) = open(&s, HOST_A, "cluster.vhdx");
    let res = a.pr_in(&mut ca, 1).unwrap();
    assert_eq!(res.scsi_status, GOOD);
    assert_eq!(
        &res.data[8..16],
        &KEY_B.to_be_bytes(),
        "kept across the restart"
    );
    assert_eq!(
        u32::from_be_bytes(res.data[..4].try_into().unwrap()),
        generation
    );
    assert_eq!(
        status_of(ca.write(a.tree, a.file, 0, &[1; 512])),
        RESERVATION_CONFLICT
    );
    assert_eq!(
        ca.read(a.tree, a.file, 3 * MIB, db.len() as u32).unwrap(),
        db
    );
    // A registers again; writes land; then the server is killed outright.
    assert_eq!(
        a.pr_out(&mut ca, pr_action::REGISTER_AND_IGNORE, 0, 0, KEY_A)
            .unwrap()
            .scsi_status,
        GOOD
    );
    let dc = random_bytes(256 << 10, 3);
    // (a block never written before: the engine allocates it through its log)
    let mut w16 = [0u8; 16];
    w16[0] = 0x8A;
    w16[1] = 0x08; // FUA
    w16[2..10].copy_from_slice(&(40 * MIB / 512).to_be_bytes());
    w16[10..14].copy_from_slice(&((dc.len() / 512) as u32).to_be_bytes());
    assert_eq!(
        a.scsi(&mut ca, &w16, Data::Out(&dc)).unwrap().scsi_status,
        GOOD
    );
    drop(ca);
    s.kill9();
    s.restart();
    // Through the tunnel the reset is the first command's CHECK CONDITION.
    let (mut cb, mut b) = open(&s, HOST_B, "cluster.vhdx");
    let first = b.read16(&mut cb, 0, 1, BS).unwrap();
    assert_eq!(first.scsi_status, CHECK_CONDITION);
    assert_eq!(
        (first.sense[2] & 0xF, first.sense[12], first.sense[13]),
        (6, 0x29, 0x00)
    );
    assert_eq!(
        b.read16(&mut cb, 40 * MIB / 512, (dc.len() / 512) as u32, BS)
            .unwrap()
            .data,
        dc
    );
    let keys = b.pr_in(&mut cb, 0).unwrap();
    assert_eq!(
        u32::from_be_bytes(keys.data[4..8].try_into().unwrap()),
        16,
        "both keys after kill -9"
    );
    b.close(&mut cb).unwrap();
    drop(cb);
    // A, registered too, opens only once B's open (and with it the disk) is gone: it is
    // still owed the reset, once; B, told already, is not told again.
    let (mut ca, mut a) = open(&s, HOST_A, "cluster.vhdx");
    let (mut cb, mut b) = open(&s, HOST_B, "cluster.vhdx");
    let tur = a.scsi(&mut ca, &[0; 6], Data::None).unwrap();
    assert_eq!(tur.scsi_status, CHECK_CONDITION);
    assert_eq!(
        (tur.sense[2] & 0xF, tur.sense[12], tur.sense[13]),
        (6, 0x29, 0x00)
    );
    for (c, d) in [(&mut ca, &mut a), (&mut cb, &mut b)] {
        assert_eq!(d.scsi(c, &[0; 6], Data::None).unwrap().scsi_status, GOOD);
    }
    for (c, d) in [(&mut ca, a), (&mut cb, b)] {
        d.close(c).unwrap();
    }
    drop((ca, cb));
    s.stop();
    expect[40 * MIB as usize..40 * MIB as usize + dc.len()].copy_from_slice(&dc);
    std::fs::write(&raw, &expect).unwrap();
    qemu_img_matches(&disk, &raw);
}

#[test]
fn opens_without_an_initiator_resizes_and_differencing_children() {
    let s = rsvd_server();
    let base = s.share.join("base.vhdx");
    vhdx(&["create", p(&base), "--size", "16M", "--block-size", "1M"]);
    let child = s.share.join("child.vhdx");
    vhdx(&["create", p(&child), "--parent", p(&base)]);

    // Without an initiator id the disk takes no I/O: the failure is stored, and SRB_STATUS
    // tells it; SCSI through the tunnel is refused with INVALID_HANDLE.
    let (mut c0, t0) = host(&s);
    let mut anon = SharedDisk::open(&mut c0, t0, "base.vhdx", None, 1, "ANON").unwrap();
    assert_eq!(anon.response.len(), 168, "a v1 context is echoed");
    let st = read_status(&mut c0, &anon, 0, 512).unwrap_err();
    assert_eq!(st.0 & 0xFFFF_FF00, 0xC05C_0000, "{st}");
    let mut q = vec![(st.0 & 0xFF) as u8];
    q.resize(28, 0);
    let srb = anon.tunnel(&mut c0, opcode::SRB_STATUS, &q, 64).unwrap();
    assert_eq!(srb.status(), NtStatus::SUCCESS);
    assert_eq!(&srb.ioctl_output()[16..20], &[q[0], 0x02, 0x02, 20]);
    let r = anon.scsi(&mut c0, &[0; 6], Data::None).unwrap();
    assert_eq!(r.header.status, 0xC000_0008);

    // Data written through the base, then the base is resized by one host: the other
    // learns the capacity changed on its next READ, once.
    let (mut ca, mut a) = open(&s, HOST_A, "base.vhdx");
    let (mut cb, b) = open(&s, HOST_B, "base.vhdx");
    let d = random_bytes(1 << 20, 9);
    ca.write(a.tree, a.file, 2 * MIB, &d).unwrap();
    grow(&mut ca, &mut a, 32 * MIB);
    // No partition table: the safe size keeps the data, which ends at 3 MiB.
    let mut sz = a.tunnel(&mut ca, opcode::QUERY_SAFE_SIZE, &[], 64).unwrap();
    assert_eq!(&sz.ioctl_output()[16..24], &(3 * MIB).to_le_bytes());
    assert_eq!(read_status(&mut cb, &b, 0, 512), Err(NtStatus(0xC05C_FF02)));
    assert_eq!(read_status(&mut cb, &b, 2 * MIB, 4096).unwrap(), d[..4096]);
    assert_eq!(
        read_status(&mut cb, &b, 30 * MIB, 512).unwrap(),
        vec![0; 512]
    );
    sz = a
        .tunnel(&mut ca, opcode::VHDSET_QUERY_INFORMATION, &[0; 24], 64)
        .unwrap();
    assert_eq!(
        Header::parse(sz.ioctl_output()).unwrap().status,
        0xC000_0010,
        "not a VHD Set"
    );
    // GET LBA STATUS: the megabyte written at 2 MiB is mapped, the rest deallocated.
    let mut gls = [0u8; 16];
    gls[0] = 0x9E;
    gls[1] = 0x12;
    gls[13] = 255;
    let st = a.scsi(&mut ca, &gls, Data::In(255)).unwrap();
    assert_eq!((st.header.status, st.scsi_status), (0, GOOD));
    let descs: Vec<(u64, u32, u8)> = st.data[8..]
        .chunks_exact(16)
        .map(|d| {
            (
                u64::from_be_bytes(d[..8].try_into().unwrap()),
                u32::from_be_bytes(d[8..12].try_into().unwrap()),
                d[12],
            )
        })
        .collect();
    let spm = (MIB / 512) as u32;
    assert_eq!(
        descs,
        [(0, 2 * spm, 1), (4096, spm, 0), (6144, 29 * spm, 1)]
    );
    // Shrinking: below the safe size only when told it is unsafe; to the safe size
    // on request, after which the other host learns the capacity changed.
    let meta_resize = |size: u64, flags: [u8; 4]| {
        let mut r = vec![0x46u8; 16];
        r.extend_from_slice(&0u32.to_le_bytes());
        r.extend_from_slice(&[0; 4]);
        r.extend_from_slice(&size.to_le_bytes());
        r.extend_from_slice(&flags);
        r
    };
    let m = a
        .tunnel(
            &mut ca,
            opcode::META_OPERATION_START,
            &meta_resize(MIB, [0; 4]),
            64,
        )
        .unwrap();
    assert_eq!(
        Header::parse(m.ioctl_output()).unwrap().status,
        0xC000_000D,
        "below the safe size"
    );
    let m = a
        .tunnel(
            &mut ca,
            opcode::META_OPERATION_START,
            &meta_resize(0, [0, 0, 1, 0]),
            64,
        )
        .unwrap();
    assert_eq!(Header::parse(m.ioctl_output()).unwrap().status, 0);
    assert_eq!(last_lba(&mut ca, &mut a), 3 * MIB / 512 - 1);
    assert_eq!(read_status(&mut cb, &b, 0, 512), Err(NtStatus(0xC05C_FF02)));
    assert_eq!(read_status(&mut cb, &b, 2 * MIB, 4096).unwrap(), d[..4096]);
    assert!(
        read_status(&mut cb, &b, 3 * MIB, 512).is_err(),
        "past the end"
    );
    // AllowUnsafeVirtualSize cuts into the data when asked to; growing back brings
    // zeros, not the old bytes.
    let cut = 2 * MIB + 64 * 1024;
    for (size, flags) in [(cut, [0, 1, 0, 0]), (32 * MIB, [1, 0, 0, 0])] {
        let m = a
            .tunnel(
                &mut ca,
                opcode::META_OPERATION_START,
                &meta_resize(size, flags),
                64,
            )
            .unwrap();
        assert_eq!(Header::parse(m.ioctl_output()).unwrap().status, 0);
        assert_eq!(read_status(&mut cb, &b, 0, 512), Err(NtStatus(0xC05C_FF02)));
    }
    assert_eq!(
        read_status(&mut cb, &b, 2 * MIB, 64 * 1024).unwrap(),
        d[..64 * 1024]
    );
    assert_eq!(
        read_status(&mut cb, &b, cut, 4096).unwrap(),
        vec![0; 4096],
        "data past an unsafe shrink is gone"
    );
    for (cl, dd) in [(&mut ca, a), (&mut cb, b), (&mut c0, anon)] {
        dd.close(cl).unwrap();
    }
    // The base changed since the child was made: the child no longer opens.
    let (mut cc, tc) = host(&s);
    let r = SharedDisk::open(&mut cc, tc, "child.vhdx", Some(HOST_A), 2, "A");
    assert!(r.is_err(), "a child whose parent changed must not open");

    // A fresh chain: the child reads the parent's data, takes writes of its own, and
    // the parent stays as it was.
    std::fs::remove_file(&child).unwrap();
    vhdx(&["create", p(&child), "--parent", p(&base)]);
    let mut k = SharedDisk::open(&mut cc, tc, "child.vhdx", Some(HOST_A), 2, "A").unwrap();
    assert_eq!(k.virtual_size(), Some(32 * MIB));
    assert_eq!(cc.read(k.tree, k.file, 2 * MIB, 4096).unwrap(), d[..4096]);
    let e = random_bytes(8192, 11);
    assert_eq!(
        k.write16(&mut cc, 2 * MIB / 512, &e, BS)
            .unwrap()
            .scsi_status,
        GOOD
    );
    assert_eq!(cc.read(k.tree, k.file, 2 * MIB, 8192).unwrap(), e);
    assert_eq!(
        cc.read(k.tree, k.file, 2 * MIB + 8192, 4096).unwrap(),
        d[8192..12288]
    );
    k.close(&mut cc).unwrap();
    drop(cc);
    vhdx_check(&child);
    // qemu reads no differencing VHDX: the chain flattened (our reader) must be, to
    // qemu, the base as qemu reads it with the child's own write over it.
    let raw = s.dir.path().join("child.raw");
    if qemu_img(&["convert", "-f", "vhdx", "-O", "raw", p(&base), p(&raw)]) {
        let mut expect = std::fs::read(&raw).unwrap();
        expect[2 * MIB as usize..2 * MIB as usize + e.len()].copy_from_slice(&e);
        std::fs::write(&raw, &expect).unwrap();
        let flat = s.dir.path().join("flat.vhdx");
        vhdx(&["convert", p(&child), p(&flat), "--to", "dynamic"]);
        qemu_img_matches(&flat, &raw);
    }
}

#[test]
fn hostile_tunnel_requests_over_the_wire_leave_the_disk_and_the_server_whole() {
    use rand::{Rng, SeedableRng};
    let s = rsvd_server();
    let disk = s.share.join("h.vhdx");
    vhdx(&["create", p(&disk), "--size", "8M", "--block-size", "1M"]);
    let (mut c, mut d) = open(&s, HOST_A, "h.vhdx");
    // Every block allocated and holding 0xAB: what hostile writes may change is the
    // virtual disk's bytes (to the zeros their payloads carry), never its file's size.
    c.write(d.tree, d.file, 0, &vec![0xAB; 8 * MIB as usize])
        .unwrap();
    let before = std::fs::metadata(&disk).unwrap().len();
    let mut rng = rand::rngs::StdRng::seed_from_u64(21);
    let ops = [
        opcode::GET_INITIAL_INFO,
        opcode::SCSI,
        opcode::SRB_STATUS,
        opcode::GET_DISK_INFO,
        opcode::META_OPERATION_START,
        opcode::VHDSET_QUERY_INFORMATION,
        opcode::DELETE_SNAPSHOT,
        opcode::CHANGE_TRACKING_START,
        opcode::QUERY_VIRTUAL_DISK_CHANGES,
        opcode::QUERY_SAFE_SIZE,
    ];
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    for i in 0..1500 {
        if std::time::Instant::now() > deadline {
            break;
        }
        let mut body: Vec<u8> = if rng.gen_bool(0.6) {
            // A SCSI request with a mutated CDB: reads, writes (of zeros), WRITE SAME,
            // UNMAP and PR commands whose ranges and lengths are hostile.
            let mut cdb = [0u8; 16];
            rng.fill(&mut cdb[..]);
            let codes = [
                0x28u8, 0x88, 0x12, 0x1A, 0x5E, 0x9E, 0x42, 0xA0, 0x25, 0x2A, 0x8A, 0x41, 0x93,
            ];
            cdb[0] = codes[rng.gen_range(0..codes.len())];
            let payload = vec![0u8; [64, 512, 4096][rng.gen_range(0..3)]];
            let (mut len, mut xfer) = (rng.gen_range(1..=16), rng.gen_range(0..70_000));
            if rng.gen_bool(0.3) {
                // Near-valid: a 16-byte CDB at an LBA on the disk moving the payload's
                // blocks (before the mutations below).
                cdb[2..10].copy_from_slice(&rng.gen_range(0..16_384u64).to_be_bytes());
                cdb[10..14].copy_from_slice(&(payload.len() as u32 / 512).to_be_bytes());
                (len, xfer) = (16, payload.len() as u32);
            }
            let mut b = rsvd::tunnel::encode_scsi_request(
                0,
                &cdb[..len],
                rng.gen_range(0..4),
                &payload,
                xfer,
            );
            b.drain(..16);
            b
        } else {
            (0..rng.gen_range(0..200)).map(|_| rng.gen()).collect()
        };
        for _ in 0..rng.gen_range(0..3) {
            if !body.is_empty() {
                let j = rng.gen_range(0..body.len());
                body[j] = rng.gen();
            }
        }
        let op = ops[rng.gen_range(0..ops.len())];
        let op = if i % 7 == 0 { rng.gen() } else { op };
        let r = d.tunnel(&mut c, op, &body, rng.gen_range(0..65536));
        assert!(
            r.is_ok(),
            "the connection survives request {i}: {r:?}",
            r = r.err()
        );
    }
    // Still serving (the connection's reservation state may be anything now).
    let tur = d.scsi(&mut c, &[0; 6], Data::None).unwrap();
    assert!([GOOD, CHECK_CONDITION, CONFLICT].contains(&tur.scsi_status));
    d.close(&mut c).unwrap();
    drop(c);
    let mut s = s;
    s.stop();
    // Nothing was written outside the disk: the file did not grow, the format is whole,
    // and the disk holds its bytes or the zeros of hostile writes and unmaps.
    assert_eq!(std::fs::metadata(&disk).unwrap().len(), before);
    let raw = s.dir.path().join("h.raw");
    if qemu_img(&["check", "-q", "-f", "vhdx", p(&disk)]) {
        qemu_img(&["convert", "-f", "vhdx", "-O", "raw", p(&disk), p(&raw)]);
        let bytes = std::fs::read(&raw).unwrap();
        assert_eq!(bytes.len() as u64, 8 * MIB);
        let zeros = bytes.iter().filter(|&&b| b == 0).count();
        assert!(bytes.iter().all(|&b| b == 0xAB || b == 0), "foreign bytes");
        eprintln!("{zeros} bytes zeroed by hostile writes and unmaps");
    }
}

#[test]
fn the_context_is_ignored_where_shared_disks_are_not_served() {
    let s = TestServer::start();
    vhdx(&[
        "create",
        p(&s.share.join("d.vhdx")),
        "--size",
        "8M",
        "--block-size",
        "1M",
    ]);
    let (mut c, t) = host(&s);
    let r = SharedDisk::open(&mut c, t, "d.vhdx", Some(HOST_A), 2, "A");
    assert!(r.is_err(), "no shared disk on a share without rsvd");
    let (f, _) = c.create(t, "d.vhdx", access::FILE_READ_DATA, 1, 0).unwrap();
    let q = c
        .fsctl(
            t,
            f,
            smb_wire::fsctl::QUERY_SHARED_VIRTUAL_DISK_SUPPORT,
            &[],
            8,
        )
        .unwrap();
    assert_eq!(q.status(), NtStatus::INVALID_DEVICE_REQUEST);
    let r = c
        .fsctl(
            t,
            f,
            smb_wire::fsctl::SVHDX_SYNC_TUNNEL_REQUEST,
            &[0; 16],
            64,
        )
        .unwrap();
    assert_eq!(r.status(), NtStatus::INVALID_DEVICE_REQUEST);

    // On an rsvd share: the support query tells a shared handle from a plain one.
    let s2 = rsvd_server();
    vhdx(&[
        "create",
        p(&s2.share.join("d.vhdx")),
        "--size",
        "8M",
        "--block-size",
        "1M",
    ]);
    let (mut c2, t2) = host(&s2);
    let (f2, _) = c2
        .create(t2, "d.vhdx", access::FILE_READ_DATA, 1, 0)
        .unwrap();
    let support = |c: &mut Client, f| {
        let q = c
            .fsctl(
                t2,
                f,
                smb_wire::fsctl::QUERY_SHARED_VIRTUAL_DISK_SUPPORT,
                &[],
                8,
            )
            .unwrap();
        let o = q.ioctl_output().to_vec();
        (
            u32::from_le_bytes(o[..4].try_into().unwrap()),
            u32::from_le_bytes(o[4..8].try_into().unwrap()),
        )
    };
    assert_eq!(support(&mut c2, f2), (7, 0));
    let d = SharedDisk::open(&mut c2, t2, "d.vhdx", Some(HOST_A), 2, "A").unwrap();
    assert_eq!(support(&mut c2, f2), (7, 1));
    assert_eq!(support(&mut c2, d.file), (7, 3));
    // A shared open is refused while a plain open may write the file.
    d.close(&mut c2).unwrap();
    let (w, _) = c2
        .create(t2, "d.vhdx", access::FILE_WRITE_DATA, 1, 0)
        .unwrap();
    let r = SharedDisk::open(&mut c2, t2, "d.vhdx", Some(HOST_A), 2, "A");
    assert!(
        matches!(
            r,
            Err(client::Error::Status(_, NtStatus::SHARING_VIOLATION))
        ),
        "{:?}",
        r.err()
    );
    c2.close(t2, w).unwrap();
    // A context too short or of an unknown version fails the CREATE.
    let mut short = rsvd::tunnel::OpenContext::encode(1, Some(HOST_A), 1, "A", 0);
    short.truncate(100);
    let r = c2.create_with(
        t2,
        "d.vhdx:SharedVirtualDisk",
        3,
        7,
        1,
        8,
        &[(&rsvd::tunnel::OPEN_CONTEXT_NAME, short)],
    );
    assert!(
        matches!(r, Err(client::Error::Status(_, NtStatus::BUFFER_TOO_SMALL))),
        "{:?}",
        r.err()
    );
    let mut v9 = rsvd::tunnel::OpenContext::encode(1, Some(HOST_A), 1, "A", 0);
    v9[0] = 9;
    let r = c2.create_with(
        t2,
        "d.vhdx:SharedVirtualDisk",
        3,
        7,
        1,
        8,
        &[(&rsvd::tunnel::OPEN_CONTEXT_NAME, v9)],
    );
    assert!(
        matches!(
            r,
            Err(client::Error::Status(_, NtStatus::INVALID_PARAMETER))
        ),
        "{:?}",
        r.err()
    );
}

#[test]
fn a_persistent_shared_disk_open_is_reclaimed_after_kill_9_without_the_context() {
    let mut s = TestServer::start_with(Opts {
        share_extra: "rsvd = true\ncontinuous_availability = true".into(),
        ..Default::default()
    });
    let disk = s.share.join("ca.vhdx");
    vhdx(&["create", p(&disk), "--size", "32M", "--block-size", "1M"]);
    const CLIENT: [u8; 16] = *b"hyper-v-node-one";
    const CREATE: [u8; 16] = *b"create-guid-0001";
    let connect = |s: &TestServer| {
        let mut c = Client::connect(
            &format!("127.0.0.1:{}", s.port),
            &client::Options {
                client_guid: Some(CLIENT),
                ..user_options()
            },
        )
        .unwrap();
        let t = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
        (c, t)
    };
    let (mut c, t) = connect(&s);
    let mut d = SharedDisk::open_with(
        &mut c,
        t,
        "ca.vhdx",
        Some(HOST_A),
        2,
        "NODE1",
        &[client::rsvd::dh2q_persistent(CREATE)],
    )
    .unwrap();
    assert_eq!(
        d.pr_out(&mut c, pr_action::REGISTER_AND_IGNORE, 0, 0, KEY_A)
            .unwrap()
            .scsi_status,
        GOOD
    );
    assert_eq!(
        d.pr_out(&mut c, pr_action::RESERVE, WE_RO, KEY_A, 0)
            .unwrap()
            .scsi_status,
        GOOD
    );
    let data = random_bytes(64 << 10, 5);
    c.write(d.tree, d.file, 5 * MIB, &data).unwrap();
    let file = d.file;
    drop(c);
    s.kill9();
    s.restart();
    // The host comes back and reclaims its handle with DH2C alone: the open is still the
    // shared disk (virtual offsets), with its initiator (registered, holding the
    // reservation).
    let (mut c, t) = connect(&s);
    let mut d = SharedDisk::reclaim(&mut c, t, "ca.vhdx", file, CREATE, HOST_A).unwrap();
    let tur = d.scsi(&mut c, &[0; 6], Data::None).unwrap();
    assert_eq!(tur.scsi_status, CHECK_CONDITION, "the disk was reset");
    assert_eq!(
        (tur.sense[2] & 0xF, tur.sense[12], tur.sense[13]),
        (6, 0x29, 0x00)
    );
    assert_eq!(
        c.read(d.tree, d.file, 5 * MIB, data.len() as u32).unwrap(),
        data
    );
    let res = d.pr_in(&mut c, 1).unwrap();
    assert_eq!(&res.data[8..16], &KEY_A.to_be_bytes());
    assert_eq!(
        d.scsi(&mut c, &[0; 6], Data::None).unwrap().scsi_status,
        GOOD
    );
    c.write(d.tree, d.file, 9 * MIB, &data).unwrap();
    assert_eq!(d.read16(&mut c, 9 * MIB / 512, 128, BS).unwrap().data, data);
    d.close(&mut c).unwrap();
    drop(c);
    s.stop();
    let mut expect = vec![0u8; 32 * MIB as usize];
    expect[5 * MIB as usize..5 * MIB as usize + data.len()].copy_from_slice(&data);
    expect[9 * MIB as usize..9 * MIB as usize + data.len()].copy_from_slice(&data);
    let raw = s.dir.path().join("expect.raw");
    std::fs::write(&raw, &expect).unwrap();
    qemu_img_matches(&disk, &raw);
}

/// One host's exchange with a shared disk: open, the tunnel's informational operations,
/// identity, reservations, data (`io` bytes a command).
fn exchange(c: &mut Client, t: u32, who: Guid, key: u64, io: usize) {
    let mut d = SharedDisk::open(c, t, "cap.vhdx", Some(who), 2, "CAPTURE").unwrap();
    for (op, body) in [
        (opcode::GET_INITIAL_INFO, vec![]),
        (opcode::CHECK_CONNECTION_STATUS, vec![]),
        (opcode::GET_DISK_INFO, vec![0; 56]),
        (opcode::VALIDATE_DISK, vec![0; 56]),
        (opcode::QUERY_SAFE_SIZE, vec![]),
    ] {
        let r = d.tunnel(c, op, &body, 1024).unwrap();
        assert_eq!(
            Header::parse(r.ioctl_output()).unwrap().status,
            0,
            "{op:#x}"
        );
    }
    assert_eq!(
        d.scsi(c, &[0x12, 0, 0, 0, 96, 0], Data::In(96))
            .unwrap()
            .scsi_status,
        GOOD
    );
    assert_eq!(
        d.scsi(c, &[0x25, 0, 0, 0, 0, 0, 0, 0, 0, 0], Data::In(8))
            .unwrap()
            .scsi_status,
        GOOD
    );
    assert_eq!(
        d.pr_out(c, pr_action::REGISTER_AND_IGNORE, 0, 0, key)
            .unwrap()
            .scsi_status,
        GOOD
    );
    d.pr_in(c, 0).unwrap();
    assert_eq!(
        d.write16(c, 2048, &vec![0x5A; io], BS).unwrap().scsi_status,
        GOOD
    );
    assert_eq!(
        d.read16(c, 2048, (io / 512) as u32, BS).unwrap().data,
        vec![0x5A; io]
    );
    c.write(d.tree, d.file, 0, &vec![7; io]).unwrap();
    d.close(c).unwrap();
}

#[test]
fn tshark_decodes_rsvd_over_tcp_and_smb_direct() {
    if !require_tool("tshark") || !require_tool("dumpcap") {
        return;
    }
    let rport = free_port();
    let s = TestServer::start_with(Opts {
        share_extra: "rsvd = true".into(),
        extra_config: format!("smbdirect = [\"iwarp=127.0.0.1:{rport}\"]\n"),
        ..Default::default()
    });
    vhdx(&[
        "create",
        p(&s.share.join("cap.vhdx")),
        "--size",
        "16M",
        "--block-size",
        "1M",
    ]);
    vhdx(&[
        "create",
        p(&s.share.join("cap.vhds")),
        "--size",
        "16M",
        "--block-size",
        "1M",
    ]);
    let cap = testkit::Capture::start(
        s.dir.path(),
        &format!("tcp port {} or tcp port {rport}", s.port),
    );
    let (mut c, t) = host(&s);
    exchange(&mut c, t, HOST_A, KEY_A, 8192);
    // Version 2 on a VHD Set: snapshots, their list, the changes between, a deletion.
    let mut d = SharedDisk::open(&mut c, t, "cap.vhds", Some(HOST_A), 2, "CAPTURE").unwrap();
    let (s1, s2) = (Guid::random(), Guid::random());
    d.create_snapshot(&mut c, s1, true).unwrap();
    c.write(d.tree, d.file, 0, &[9; 4096]).unwrap();
    d.create_snapshot(&mut c, s2, true).unwrap();
    assert_eq!(d.snapshot_list(&mut c).unwrap(), vec![s1, s2]);
    assert_eq!(
        d.changes(&mut c, s1, s2, 0, 16 * MIB).unwrap().1,
        vec![(0, 4096)]
    );
    d.delete_snapshot(&mut c, s1, false).unwrap();
    d.close(&mut c).unwrap();
    drop(c);
    let mut c = Client::connect_rdma(&format!("127.0.0.1:{rport}"), &user_options()).unwrap();
    let t = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    // (Messages that fit one SMB Direct send: this tshark misplaces the fragments of a
    // message split over several sends that share a TCP segment with others.)
    exchange(&mut c, t, HOST_B, KEY_B, 512);
    drop(c);
    let file = cap.stop();
    let tcp = format!("tcp.port=={},nbss", s.port);
    let text = testkit::assert_tshark_decodes_as(
        &file,
        &[&tcp],
        &[
            "Remote Shared Virtual Disk",
            "SMB-Direct (SMB RDMA Transport)",
            "RSVD_TUNNEL_GET_INITIAL_INFO_RESPONSE",
            "RSVD_TUNNEL_GET_DISK_INFO_RESPONSE",
            "RSVD_TUNNEL_VALIDATE_DISK_RESPONSE",
            "SVHDX_TUNNEL_SCSI_REQUEST",
            "SVHDX_TUNNEL_SCSI_RESPONSE",
            "RSVD_TUNNEL_QUERY_SAFE_SIZE",
            "RSVD_TUNNEL_META_OPERATION_START",
            "RSVD_TUNNEL_VHDSET_QUERY_INFORMATION",
            "RSVD_TUNNEL_DELETE_SNAPSHOT",
        ],
        &[],
    );
    // Every tunnel exchange was decoded as RSVD: 11 requests and their responses per
    // host, one host over TCP and one over SMB Direct.
    let n = text.matches("Remote Shared Virtual Disk").count();
    assert!(n >= 2 * 2 * 11, "{n} RSVD frames decoded");
}

#[test]
fn a_vhd_set_takes_snapshots_reports_changes_applies_and_keeps_them() {
    let mut s = rsvd_server();
    let set = s.share.join("cluster.vhds");
    vhdx(&["create", p(&set), "--size", "64M", "--block-size", "1M"]);
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
    vhdx(&["create", p(&set), "--size", "64M", "--block-size", "1M"]);
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
    vhdx(&["create", p(&set), "--size", "64M", "--block-size", "1M"]);
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
fn failed_with<T>(r: client::Result<T>) -> NtStatus {
    match r {
        Err(client::Error::Status(_, s)) => s,
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("it succeeded"),
    }
}

#[test]
fn a_shared_vhdx_converted_to_a_vhd_set_keeps_its_data_and_reservations() {
    let s = rsvd_server();
    let disk = s.share.join("guest.vhdx");
    vhdx(&["create", p(&disk), "--size", "64M", "--block-size", "1M"]);
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
    vhdx(&[
        "create",
        p(&s.share.join("ex.vhds")),
        "--size",
        "64M",
        "--block-size",
        "1M",
    ]);
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
    vhdx(&["create", p(&set), "--size", "64M", "--block-size", "1M"]);
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
fn a_shared_disk_over_smb_direct_moves_data_by_rdma_and_keeps_its_reservations() {
    // Host A over TCP, host B over SMB Direct (iWARP emulated on loopback): B's data goes
    // by RDMA (the server RDMA-reads B's writes and RDMA-writes its reads), large SCSI
    // commands are fragmented over SMB Direct sends, and reservations bind both alike.
    let rport = free_port();
    let mut s = TestServer::start_with(Opts {
        share_extra: "rsvd = true".into(),
        extra_config: format!("smbdirect = [\"iwarp=127.0.0.1:{rport}\"]\n"),
        ..Default::default()
    });
    let disk = s.share.join("rdma.vhdx");
    vhdx(&["create", p(&disk), "--size", "64M", "--block-size", "1M"]);
    let (mut ca, mut a) = open(&s, HOST_A, "rdma.vhdx");
    let mut cb = Client::connect_rdma(&format!("127.0.0.1:{rport}"), &user_options()).unwrap();
    let tb = cb.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let mut b = SharedDisk::open(&mut cb, tb, "rdma.vhdx", Some(HOST_B), 2, "RDMA").unwrap();
    for (c, d, k) in [(&mut ca, &mut a, KEY_A), (&mut cb, &mut b, KEY_B)] {
        let r = d
            .pr_out(c, pr_action::REGISTER_AND_IGNORE, 0, 0, k)
            .unwrap();
        assert_eq!(r.scsi_status, GOOD);
    }
    let r = b
        .pr_out(&mut cb, pr_action::RESERVE, WE_RO, KEY_B, 0)
        .unwrap();
    assert_eq!(r.scsi_status, GOOD);
    // RDMA-channel WRITE and READ at virtual offsets, over a block boundary.
    let big = random_bytes(2 * MIB as usize, 70);
    let n = cb
        .write_rdma(tb, b.file, 5 * MIB + MIB / 2, &big, true)
        .unwrap();
    assert_eq!(n as usize, big.len());
    let back = cb.read_rdma(tb, b.file, 5 * MIB + MIB / 2, big.len() as u32, true);
    assert!(back.unwrap() == big, "RDMA read back");
    // A SCSI WRITE(16) and READ(16) of 256 KiB through the tunnel over SMB Direct.
    let sc = random_bytes(256 << 10, 71);
    let w = b.write16(&mut cb, 20 * MIB / 512, &sc, BS).unwrap();
    assert_eq!(w.scsi_status, GOOD);
    let r = a.read16(&mut ca, 20 * MIB / 512, (sc.len() / 512) as u32, BS);
    assert!(r.unwrap().data == sc, "A reads B's SCSI write");
    // Preempted, B's RDMA writes conflict as its TCP ones would.
    let r = a
        .pr_out(&mut ca, pr_action::PREEMPT, WE_RO, KEY_A, KEY_B)
        .unwrap();
    assert_eq!(r.scsi_status, GOOD);
    let tur = b.scsi(&mut cb, &[0; 6], Data::None).unwrap();
    assert_eq!(
        (tur.scsi_status, tur.sense[12], tur.sense[13]),
        (CHECK_CONDITION, 0x2A, 0x05)
    );
    let st = match cb.write_rdma(tb, b.file, 0, &[1; 4096], true) {
        Err(client::Error::Status(_, st)) => st,
        other => panic!("{other:?}"),
    };
    assert_eq!(st, RESERVATION_CONFLICT);
    let back = cb.read_rdma(tb, b.file, 5 * MIB + MIB / 2, MIB as u32, true);
    assert!(back.unwrap() == big[..MIB as usize], "reads still allowed");
    b.close(&mut cb).unwrap();
    a.close(&mut ca).unwrap();
    drop((ca, cb));
    s.stop();
    let mut expect = vec![0u8; SIZE as usize];
    let at = (5 * MIB + MIB / 2) as usize;
    expect[at..at + big.len()].copy_from_slice(&big);
    expect[20 * MIB as usize..20 * MIB as usize + sc.len()].copy_from_slice(&sc);
    let raw = s.dir.path().join("expect.raw");
    std::fs::write(&raw, &expect).unwrap();
    qemu_img_matches(&disk, &raw);
}

#[test]
fn an_extract_under_way_reports_progress_holds_its_file_and_ends_with_a_cancel_or_its_host() {
    let s = rsvd_server();
    let set = s.share.join("prog.vhds");
    vhdx(&["create", p(&set), "--size", "256M", "--block-size", "1M"]);
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
