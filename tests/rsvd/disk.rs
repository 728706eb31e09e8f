//! One shared disk's edges: opens without an initiator, resizes, differencing
//! children, hostile tunnel input, where the context is ignored, and what tshark decodes.

use super::*;

#[test]
fn opens_without_an_initiator_resizes_and_differencing_children() {
    let s = rsvd_server();
    let base = s.share.join("base.vhdx");
    dynamic_disk(&base, "16M");
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
    // The parent the child's engine reads may not be replaced by a rename, nor opened
    // to be deleted.
    let (other, _) = cc
        .create(
            tc,
            "other.bin",
            access::DELETE | access::FILE_WRITE_DATA,
            2,
            0,
        )
        .unwrap();
    let mut info = vec![1u8, 0, 0, 0, 0, 0, 0, 0];
    info.extend_from_slice(&[0; 8]);
    let name: Vec<u8> = "base.vhdx"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    info.extend_from_slice(&(name.len() as u32).to_le_bytes());
    info.extend_from_slice(&name);
    let body = testkit::bodies::set_info_body(other, 1, 10, &info);
    let renamed = cc.request(Command::SET_INFO, tc, &body).unwrap().status();
    assert_eq!(renamed, NtStatus::ACCESS_DENIED);
    cc.close(tc, other).unwrap();
    let del = cc.create(tc, "base.vhdx", access::DELETE, 1, 0);
    assert_eq!(failed_with(del), NtStatus::SHARING_VIOLATION);
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
    dynamic_disk(&disk, "8M");
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
    dynamic_disk(&s.share.join("d.vhdx"), "8M");
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
    dynamic_disk(&s2.share.join("d.vhdx"), "8M");
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
    dynamic_disk(&s.share.join("cap.vhdx"), "16M");
    dynamic_disk(&s.share.join("cap.vhds"), "16M");
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
fn tunnelled_scsi_reads_and_writes_count_to_the_opens_storage_qos_flow() {
    // Hyper-V puts a VM's virtual disk in a Storage QoS flow; on a shared disk the VM's
    // I/O comes as SCSI commands through the tunnel, and counts as SMB2 READ/WRITE would.
    use smb_wire::fsctl::{self, SqosRequest, SqosResponse};
    let mport = free_port();
    let s = TestServer::start_with(Opts {
        share_extra: "rsvd = true".into(),
        extra_config: format!(
            "[metrics]\nlisten = \"127.0.0.1:{mport}\"\n[qos]\n[[qos.policy]]\n\
             id = \"b13a32e4-7f3c-4c8e-9d2a-0a1b2c3d4e5f\"\nname = \"gold\"\nmax_iops = 100\n"
        ),
        ..Default::default()
    });
    dynamic_disk(&s.share.join("qos.vhdx"), "64M");
    let (mut c, mut d) = open(&s, HOST_A, "qos.vhdx");
    let data = random_bytes(8192, 90);
    assert_eq!(d.write16(&mut c, 0, &data, BS).unwrap().scsi_status, GOOD);
    let req = SqosRequest {
        version: fsctl::SQOS_VERSION_1_1,
        options: fsctl::SQOS_SET_LOGICAL_FLOW_ID | fsctl::SQOS_SET_POLICY | fsctl::SQOS_GET_STATUS,
        flow_id: [0x51; 16],
        policy_id: [
            0xe4, 0x32, 0x3a, 0xb1, 0x3c, 0x7f, 0x8e, 0x4c, 0x9d, 0x2a, 0x0a, 0x1b, 0x2c, 0x3d,
            0x4e, 0x5f,
        ],
        initiator_id: [7; 16],
        initiator_name: "GUEST-NODE-1".into(),
        node_name: "host1".into(),
        ..Default::default()
    };
    let mut input = Vec::new();
    req.encode(&mut input);
    let r = c
        .fsctl(d.tree, d.file, fsctl::STORAGE_QOS_CONTROL, &input, 1024)
        .unwrap();
    assert_eq!(
        SqosResponse::parse(r.ioctl_output()).unwrap().max_io_rate,
        100
    );
    // 20 reads the worker's ring does, 20 the engine does (never written), 20 writes.
    let t0 = std::time::Instant::now();
    for i in 0..20u64 {
        let r = d.read16(&mut c, 0, 16, BS).unwrap();
        assert!(r.scsi_status == GOOD && r.data == data);
        let r = d
            .read16(&mut c, (8 + i) * MIB / u64::from(BS), 16, BS)
            .unwrap();
        assert!(r.scsi_status == GOOD && r.data == [0; 8192], "read {i}");
        let w = d.write16(&mut c, (40 + i) * MIB / u64::from(BS), &data, BS);
        assert_eq!(w.unwrap().scsi_status, GOOD);
    }
    let took = t0.elapsed();
    assert!(
        took >= std::time::Duration::from_millis(500),
        "60 I/Os at 100 IOPS in {took:?}"
    );
    // Other tunnel operations are not I/O.
    assert_eq!(
        d.scsi(&mut c, &[0; 6], Data::None).unwrap().scsi_status,
        GOOD
    );
    let text = metrics_text(mport);
    let line = text
        .lines()
        .find(|l| {
            l.starts_with("smbdirectd_qos_flow_ios_total")
                && l.contains("flow=\"51515151-5151-5151-5151-515151515151\"")
        })
        .unwrap_or_else(|| panic!("no flow in:\n{text}"));
    assert!(line.ends_with(" 60"), "{line}");
}

#[test]
fn a_server_side_copy_out_of_a_shared_disk_is_refused() {
    // Its reads answer to the disk's reservations: a copy out of it would not.
    let s = rsvd_server();
    dynamic_disk(&s.share.join("out.vhdx"), "64M");
    let (mut c, mut d) = open(&s, HOST_A, "out.vhdx");
    assert_eq!(
        d.write16(&mut c, 0, &[7; 4096], BS).unwrap().scsi_status,
        GOOD
    );
    let key = c
        .fsctl(
            d.tree,
            d.file,
            smb_wire::fsctl::SRV_REQUEST_RESUME_KEY,
            &[],
            32,
        )
        .unwrap();
    let mut chunks = key.ioctl_output()[..24].to_vec();
    chunks.extend_from_slice(&1u32.to_le_bytes());
    chunks.extend_from_slice(&0u32.to_le_bytes());
    chunks.extend_from_slice(&0u64.to_le_bytes());
    chunks.extend_from_slice(&0u64.to_le_bytes());
    chunks.extend_from_slice(&4096u32.to_le_bytes());
    chunks.extend_from_slice(&0u32.to_le_bytes());
    let (dst, _) = c.create(d.tree, "copy.bin", 0x0012_019F, 5, 0).unwrap();
    c.write(d.tree, dst, 0, &[0; 4096]).unwrap();
    let cc = smb_wire::fsctl::SRV_COPYCHUNK_WRITE;
    let r = c.fsctl(d.tree, dst, cc, &chunks, 12).unwrap();
    assert_eq!(r.status(), NtStatus::INVALID_DEVICE_REQUEST);
    assert_eq!(c.read(d.tree, dst, 0, 4096).unwrap(), vec![0; 4096]);
}

#[test]
fn zeroing_a_fixed_disk_through_scsi_and_fsctl_reads_back_zeros() {
    // A fixed disk keeps its blocks: WRITE SAME(16) with UNMAP and FSCTL_SET_ZERO_DATA
    // must still leave zeros where they reach, whole blocks and edges alike.
    let mut s = rsvd_server();
    let disk = s.share.join("fixed.vhdx");
    vhdx(&[
        "create",
        p(&disk),
        "--size",
        "16M",
        "--type",
        "fixed",
        "--block-size",
        "1M",
    ]);
    let (mut c, mut d) = open(&s, HOST_A, "fixed.vhdx");
    let size = 16 * MIB;
    let mut model = vec![0xABu8; size as usize];
    for at in (0..size).step_by(MIB as usize) {
        let r = d
            .write16(&mut c, at / 512, &model[..MIB as usize], BS)
            .unwrap();
        assert_eq!(r.scsi_status, GOOD);
    }
    // WRITE SAME(16), UNMAP, a zero block: [1.5 MiB, 5.25 MiB).
    let (lba, count) = (3 * MIB / 2 / 512, (15 * MIB / 4) / 512);
    let mut cdb = [0u8; 16];
    cdb[0] = 0x93;
    cdb[1] = 0x08;
    cdb[2..10].copy_from_slice(&lba.to_be_bytes());
    cdb[10..14].copy_from_slice(&(count as u32).to_be_bytes());
    let r = d.scsi(&mut c, &cdb, Data::Out(&[0u8; 512])).unwrap();
    assert_eq!(r.scsi_status, GOOD);
    model[(lba * 512) as usize..((lba + count) * 512) as usize].fill(0);
    // FSCTL_SET_ZERO_DATA: [8 MiB - 4 KiB, 11 MiB + 512).
    let (zo, zl) = (8 * MIB - 4096, 3 * MIB + 4096 + 512);
    assert_eq!(zero(&mut c, &d, zo, zl), NtStatus::SUCCESS);
    model[zo as usize..(zo + zl) as usize].fill(0);
    for at in (0..size).step_by(MIB as usize) {
        let r = d.read16(&mut c, at / 512, (MIB / 512) as u32, BS).unwrap();
        assert!(
            r.data == model[at as usize..(at + MIB) as usize],
            "the MiB at {at}"
        );
    }
    d.close(&mut c).unwrap();
    drop(c);
    s.stop();
    let raw = s.dir.path().join("expect.raw");
    std::fs::write(&raw, &model).unwrap();
    qemu_img_matches(&disk, &raw);
    vhdx_check(&disk);
}
