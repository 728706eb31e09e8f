//! SMB Direct itself: READ and WRITE through RDMA channels with and without transforms,
//! remote invalidation, what tshark decodes, interface info, lost connections, channel
//! binding, the metrics, encryption, payloads copied, transform faults, and receives shared
//! by a worker's connections.

use super::*;

#[test]
fn smb_direct_reads_and_writes_through_rdma_channels() {
    // Signing on 3.1.1 with the signing transform agreed: every RDMA payload is signed.
    let (mut srv, _, c) = start(&[0x0311]);
    assert_eq!(c.rdma_transforms, vec![1, 2]);
    rdma_round_trip(&srv, c, 256 << 20, true);
    srv.stop();
}

#[test]
fn smb_direct_reads_and_writes_encrypted_through_the_rdma_transform() {
    let (mut srv, _, c) = start_protected(&[0x0311], "", client::Protection::Encrypt);
    rdma_round_trip(&srv, c, 256 << 20, true);
    srv.stop();
}

#[test]
fn smb_direct_reads_and_writes_without_a_transform() {
    // A client that offers no transform: signed messages, payloads as they are.
    let rport = free_port();
    let mut srv = TestServer::start_with(Opts {
        extra_config: format!("smbdirect = [\"iwarp=127.0.0.1:{rport}\"]\n"),
        ..Default::default()
    });
    let opts = client::Options {
        user: USER.into(),
        password: PASSWORD.into(),
        rdma_transforms: Vec::new(),
        ..Default::default()
    };
    let c = client::Client::connect_rdma(&format!("127.0.0.1:{rport}"), &opts).unwrap();
    assert!(c.rdma_transforms.is_empty());
    rdma_round_trip(&srv, c, 16 << 20, false);
    srv.stop();
}

#[test]
fn remote_invalidation_needs_smb_302() {
    let (mut srv, _, mut c) = start(&[0x0300]);
    assert_eq!(c.dialect, 0x0300);
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (f, _) = c.create(tree, "x.bin", 0x0012_019f, 5, 0).unwrap();
    assert_eq!(c.write_rdma(tree, f, 0, &[1u8; 4096], false).unwrap(), 4096);
    assert_eq!(
        c.read_rdma(tree, f, 0, 4096, false).unwrap(),
        vec![1u8; 4096]
    );
    match c.read_rdma(tree, f, 0, 4096, true) {
        Err(client::Error::Status(_, st)) => {
            assert_eq!(st, smb_wire::status::NtStatus::INVALID_PARAMETER)
        }
        other => panic!(
            "RDMA_V1_INVALIDATE on 3.0 must be refused: {:?}",
            other.map(|v| v.len())
        ),
    }
    srv.stop();
}

#[test]
fn tshark_decodes_iwarp_smb_direct_smb2() {
    if !require_tool("tshark") || !require_tool("dumpcap") {
        return;
    }
    let rport = free_port();
    let mut srv = TestServer::start_with(Opts {
        extra_config: format!("smbdirect = [\"iwarp=127.0.0.1:{rport}\"]\n"),
        ..Default::default()
    });
    let cap = testkit::Capture::start(srv.dir.path(), &format!("tcp port {rport}"));
    let opts = client::Options {
        user: USER.into(),
        password: PASSWORD.into(),
        ..Default::default()
    };
    let mut c = client::Client::connect_rdma(&format!("127.0.0.1:{rport}"), &opts).unwrap();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (f, _) = c.create(tree, "cap.bin", 0x0012_019f, 5, 0).unwrap();
    let data = random_bytes(65536, 3);
    c.write_rdma(tree, f, 0, &data, false).unwrap();
    assert!(c.read_rdma(tree, f, 0, 65536, true).unwrap() == data);
    assert_eq!(c.transformed_ios, 2);
    // An inline WRITE of 8 KiB travels as several SMB Direct fragments.
    c.write(tree, f, 0, &data[..8192]).unwrap();
    c.close(tree, f).unwrap();
    drop(c);
    // A client that offers no RDMA transform: plain RDMA V1 channels.
    let plain = client::Options {
        rdma_transforms: Vec::new(),
        ..opts
    };
    let mut c = client::Client::connect_rdma(&format!("127.0.0.1:{rport}"), &plain).unwrap();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (f, _) = c.create(tree, "cap.bin", 0x0012_019f, 5, 0).unwrap();
    c.write_rdma(tree, f, 0, &data, false).unwrap();
    assert!(c.read_rdma(tree, f, 0, 65536, false).unwrap() == data);
    c.close(tree, f).unwrap();
    drop(c);
    let file = cap.stop();
    testkit::assert_tshark_decodes(
        &file,
        &[
            "iWARP Marker Protocol data unit Aligned framing",
            "SMB-Direct (SMB RDMA Transport)",
            "NegotiateRequest",
            "NegotiateResponse",
            "SMB2 (Server Message Block Protocol version 2)",
            "Session Setup Request",
            "Channel: RDMA V1 (0x00000001)",
            "Channel: RDMA V1_INVALIDATE (0x00000002)",
            "Channel: RDMA TRANSFORM (0x00000003)",
            "SMB2_RDMA_TRANSFORM_CAPABILITIES",
            "OpCode: Read Request (0x1)",
            "OpCode: Write (0x0)",
            "OpCode: Send with Invalidate (0x4)",
            "Reassembled SMB Direct Fragments",
        ],
        &["BER Error"],
    );
    srv.stop();
}

#[test]
fn interface_info_reports_the_rdma_capable_address() {
    let (mut srv, _rport, _rdma_client) = start(&[0x0311]);
    let mut c = srv.tcp_client();
    let tree = c.tree_connect("\\\\127.0.0.1\\IPC$").unwrap();
    // IOCTL: FSCTL_QUERY_NETWORK_INTERFACE_INFO, FileId all ones, no input.
    let mut b = Vec::new();
    b.extend_from_slice(&57u16.to_le_bytes());
    b.extend_from_slice(&0u16.to_le_bytes());
    b.extend_from_slice(&0x0014_01FCu32.to_le_bytes());
    b.extend_from_slice(&[0xff; 16]);
    for v in [0u32, 0, 0, 0, 0, 65536] {
        b.extend_from_slice(&v.to_le_bytes());
    }
    b.extend_from_slice(&1u32.to_le_bytes()); // SMB2_0_IOCTL_IS_FSCTL
    b.extend_from_slice(&0u32.to_le_bytes());
    let r = c
        .request(smb_wire::header::Command::IOCTL, tree, &b)
        .unwrap();
    assert_eq!(r.status(), smb_wire::status::NtStatus::SUCCESS);
    let body = r.body();
    let off = u32::from_le_bytes(body[32..36].try_into().unwrap()) as usize - 64;
    let len = u32::from_le_bytes(body[36..40].try_into().unwrap()) as usize;
    let out = &r.msg[64 + off..64 + off + len];
    assert_eq!(len, 152, "one interface for 127.0.0.1");
    let caps = u32::from_le_bytes(out[8..12].try_into().unwrap());
    assert_eq!(caps & 2, 2, "RDMA_CAPABLE");
    assert_eq!(
        u64::from_le_bytes(out[16..24].try_into().unwrap()),
        10_000_000_000
    );
    assert_eq!(&out[24..26], &2u16.to_le_bytes(), "IPv4");
    assert_eq!(&out[28..32], &[127, 0, 0, 1]);
    srv.stop();
}

#[test]
fn a_connection_lost_during_the_rdma_read_of_a_write_writes_nothing() {
    let (mut srv, rport, c) = start(&[0x0311]);
    // An 8 MiB WRITE whose data the server must fetch; the client vanishes at once.
    vanish_during_an_rdma_write(c);
    std::thread::sleep(std::time::Duration::from_millis(300));
    // Nothing of the lost WRITE reached the file.
    let on_disk = std::fs::read(srv.share.join("fault.bin")).unwrap();
    assert_eq!(on_disk, vec![0x11; 4096]);
    // The server still serves others, over SMB Direct and TCP.
    let opts = client::Options {
        user: USER.into(),
        password: PASSWORD.into(),
        ..Default::default()
    };
    let mut d = client::Client::connect_rdma(&format!("127.0.0.1:{rport}"), &opts).unwrap();
    let tree = d.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (f, _) = d.create(tree, "fault.bin", 0x0012_019f, 1, 0).unwrap();
    assert_eq!(
        d.read_rdma(tree, f, 0, 4096, true).unwrap(),
        vec![0x11; 4096]
    );
    let mut t = client::Client::connect(&format!("127.0.0.1:{}", srv.port), &opts).unwrap();
    let tree = t.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (f, _) = t.create(tree, "fault.bin", 0x0012_019f, 1, 0).unwrap();
    assert_eq!(t.read(tree, f, 0, 16).unwrap(), vec![0x11; 16]);
    srv.stop();
}

#[test]
fn an_smb_direct_channel_binds_to_a_tcp_session_and_outlives_it() {
    let rport = free_port();
    let mut srv = TestServer::start_with(Opts {
        extra_config: format!("smbdirect = [\"iwarp=127.0.0.1:{rport}\"]\n"),
        ..Default::default()
    });
    let opts = client::Options {
        user: USER.into(),
        password: PASSWORD.into(),
        ..Default::default()
    };
    let mut tcp = client::Client::connect(&format!("127.0.0.1:{}", srv.port), &opts).unwrap();
    let tree = tcp.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (f, _) = tcp.create(tree, "mc.bin", 0x0012_019f, 5, 0).unwrap();
    tcp.write(tree, f, 0, b"over tcp").unwrap();
    // A binding signed with the wrong key is refused.
    match tcp.bind_signed_with(&format!("127.0.0.1:{rport}"), true, &opts, [7u8; 16]) {
        Err(client::Error::Status(_, st)) => {
            assert_eq!(st, smb_wire::status::NtStatus::ACCESS_DENIED)
        }
        Err(e) => panic!("bad-signature binding: {e:?}"),
        Ok(_) => panic!("a binding with a bad signature was accepted"),
    }
    // The real one: an SMB Direct channel of the same session, same tree and open.
    let mut rdma = tcp
        .bind(&format!("127.0.0.1:{rport}"), true, &opts)
        .unwrap_or_else(|e| panic!("bind: {e:?}\n{}", srv.log()));
    let data = random_bytes(1 << 20, 5);
    rdma.write_rdma(tree, f, 8, &data, true).unwrap();
    assert_eq!(tcp.read(tree, f, 0, 8).unwrap(), b"over tcp");
    assert!(tcp.read(tree, f, 8, 1 << 16).unwrap() == data[..1 << 16]);
    // Losing the TCP channel does not lose the session or its open.
    drop(tcp);
    std::thread::sleep(std::time::Duration::from_millis(200));
    let back = rdma.read_rdma(tree, f, 8, 1 << 20, false).unwrap();
    assert!(back == data);
    assert!(srv.log().contains("channel bound to session"));
    srv.stop();
}

#[test]
fn smb_direct_activity_shows_in_the_metrics() {
    let mport = free_port();
    let (mut srv, _, mut c) = start_with(
        &[0x0311],
        &format!("[metrics]\nlisten = \"127.0.0.1:{mport}\"\n"),
    );
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (f, _) = c.create(tree, "m.bin", 0x0012_019f, 5, 0).unwrap();
    for i in 0..5u64 {
        c.write_rdma(tree, f, i * 65536, &[3u8; 65536], false)
            .unwrap();
    }
    c.read_rdma(tree, f, 0, 65536, true).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(100));
    let text = metrics_text(mport);
    let v = |k: &str| -> f64 {
        text.lines()
            .find(|l| l.starts_with(k) && l[k.len()..].starts_with(' '))
            .and_then(|l| l.rsplit(' ').next())
            .and_then(|x| x.parse().ok())
            .unwrap_or(-1.0)
    };
    assert_eq!(
        v("smbdirectd_rdma_operations_total{type=\"read\"}"),
        5.0,
        "{text}"
    );
    assert_eq!(v("smbdirectd_rdma_operations_total{type=\"write\"}"), 1.0);
    assert_eq!(
        v("smbdirectd_written_bytes_total{transport=\"smbdirect\"}"),
        5.0 * 65536.0
    );
    assert_eq!(
        v("smbdirectd_read_bytes_total{transport=\"smbdirect\"}"),
        65536.0
    );
    assert_eq!(v("smbdirectd_connections{transport=\"smbdirect\"}"), 1.0);
    // Over iWARP in software each connection posts receives of its own (a burst without
    // credits there would end the others' connections, not make them retry).
    assert!(v("smbdirectd_smbdirect_receives_posted_total") >= 255.0);
    assert!(v("smbdirectd_smbdirect_messages_total{direction=\"received\"}") >= 9.0);
    assert_eq!(
        v("smbdirectd_smbdirect_shared_receives{state=\"posted\"}"),
        0.0
    );
    assert_eq!(
        v("smbdirectd_requests_total{command=\"write\",status_class=\"success\"}"),
        5.0
    );
    if require_tool("promtool") {
        use std::io::Write;
        let body = text.split_once("\r\n\r\n").map(|x| x.1).unwrap_or("");
        let mut p = std::process::Command::new("promtool")
            .args(["check", "metrics"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        p.stdin.take().unwrap().write_all(body.as_bytes()).unwrap();
        let o = p.wait_with_output().unwrap();
        assert!(
            o.status.success(),
            "promtool: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    srv.stop();
}

#[test]
fn encrypted_sessions_work_over_smb_direct_but_refuse_cleartext_rdma_payloads() {
    // No RDMA transform agreed (3.0.2 has none): the payload could only go in the clear.
    let (mut srv, _, mut c) = start_protected(&[0x0302], "", client::Protection::Encrypt);
    assert!(c.rdma_transforms.is_empty());
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (f, _) = c.create(tree, "enc.bin", 0x0012_019f, 5, 0).unwrap();
    // Inline I/O travels inside encrypted SMB2 messages.
    c.write(tree, f, 0, b"secret data").unwrap();
    assert_eq!(c.read(tree, f, 0, 11).unwrap(), b"secret data");
    // RDMA channels would carry the payload in the clear: refused.
    for r in [
        c.read_rdma(tree, f, 0, 11, true).map(|_| ()),
        c.write_rdma(tree, f, 0, b"leak", false).map(|_| ()),
    ] {
        match r {
            Err(client::Error::Status(_, st)) => {
                assert_eq!(st, smb_wire::status::NtStatus::ACCESS_DENIED)
            }
            other => panic!("cleartext RDMA payload on an encrypted session: {other:?}"),
        }
    }
    assert_eq!(c.read(tree, f, 0, 11).unwrap(), b"secret data");
    srv.stop();
}

/// Issue 6's counting proof, and issue 45's for large transfers: READ data over SMB
/// Direct is read by the storage straight into a registered buffer and RDMA-Written from
/// it; WRITE data is RDMA-Read into a registered buffer and written from it. The server
/// counts every payload byte it copies between registered and ordinary memory and every
/// registration made for one transfer: transfers up to the 8 MiB maximum make neither
/// (larger than a pool buffer, they take its slots in a row), and a connection past its
/// bound on such runs (a pool too small here) is served by the copying fallback, which is
/// counted, so the counters are known to count.
#[test]
fn smb_direct_reads_and_writes_copy_no_payload_byte() {
    let mport = free_port();
    let (mut srv, _, mut c) = start_with(
        &[0x0311],
        &format!("[metrics]\nlisten = \"127.0.0.1:{mport}\"\n"),
    );
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (f, _) = c.create(tree, "z.bin", 0x0012_019f, 5, 0).unwrap();
    let pattern: Vec<u8> = (0..(1u32 << 20)).map(|i| (i % 251) as u8).collect();
    for (i, chunk) in pattern.chunks(65536).enumerate() {
        c.write_rdma(tree, f, i as u64 * 65536, chunk, false)
            .unwrap();
    }
    let metric = |k: &str| metric_value(mport, k);
    std::thread::sleep(std::time::Duration::from_millis(100));
    // 16 WRITEs of 64 KiB: RDMA-Read into pool buffers and written from there.
    assert_eq!(metric("smbdirectd_rdma_payload_bytes_copied_total"), 0.0);
    let mut reads = 0.0;
    for i in 0..200u64 {
        // Unaligned offsets across the whole 1 MiB file, 8 KiB and 64 KiB reads.
        let off = (i * 12_345) % ((1u64 << 20) - 65536);
        let len: u32 = if i % 2 == 0 { 8192 } else { 65536 };
        let got = c.read_rdma(tree, f, off, len, i % 3 != 0).unwrap();
        assert!(
            got == pattern[off as usize..off as usize + len as usize],
            "read {i}"
        );
        reads += 1.0;
    }
    std::thread::sleep(std::time::Duration::from_millis(100));
    assert_eq!(
        metric("smbdirectd_rdma_operations_total{type=\"write\"}"),
        reads
    );
    assert_eq!(metric("smbdirectd_rdma_payload_bytes_copied_total"), 0.0);
    // The payload buffers are the worker's pool (32 MiB of 64 KiB buffers by default,
    // mapped at start); once the I/O is over, every buffer is free again but those the
    // connection keeps lent to the engine for its next reads: four, less the one the
    // last READ was sent from (the connection lends again with its next request).
    assert_eq!(
        metric("smbdirectd_buffer_pool_buffers{state=\"total\"}"),
        512.0
    );
    assert_eq!(
        metric("smbdirectd_buffer_pool_buffers{state=\"free\"}"),
        512.0 - 3.0
    );
    // Larger than a pool buffer, up to the maximum: 256 KiB, 1 MiB and 8 MiB WRITEs and
    // READs, at odd offsets too, copy nothing and register nothing.
    let big: Vec<u8> = (0..(8u32 << 20)).map(|i| (i % 241) as u8).collect();
    c.write_rdma(tree, f, 0, &big, true).unwrap();
    c.write_rdma(tree, f, 12_345, &big[..1 << 20], false)
        .unwrap();
    let mut expect = big.clone();
    expect[12_345..12_345 + (1 << 20)].copy_from_slice(&big[..1 << 20]);
    for (off, len) in [(0usize, 256usize << 10), (777, 1 << 20), (0, 8 << 20)] {
        let got = c.read_rdma(tree, f, off as u64, len as u32, true).unwrap();
        assert!(got == expect[off..off + len], "read {len} at {off}");
    }
    std::thread::sleep(std::time::Duration::from_millis(100));
    assert_eq!(metric("smbdirectd_rdma_payload_bytes_copied_total"), 0.0);
    assert_eq!(metric("smbdirectd_rdma_registrations_total"), 0.0);
    // The runs went back to the pool (only the buffers lent ahead are out).
    assert!(metric("smbdirectd_buffer_pool_buffers{state=\"free\"}") >= 512.0 - 4.0);
    srv.stop();

    // A 4 MiB pool: a 6 MiB READ finds no 96 slots in a row and is served by the
    // copying fallback with a registration of its own, both counted.
    let mport = free_port();
    let (mut srv, _, mut c) = start_opts(
        &[0x0311],
        &format!("[metrics]\nlisten = \"127.0.0.1:{mport}\"\n"),
        client::Protection::Sign,
        Opts {
            workers_extra: "buffer_pool_mib = 4".into(),
            ..Default::default()
        },
    );
    let metric = |k: &str| metric_value(mport, k);
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (f, _) = c.create(tree, "z.bin", 0x0012_019f, 5, 0).unwrap();
    for (i, chunk) in big[..6 << 20].chunks(1 << 20).enumerate() {
        c.write_rdma(tree, f, (i as u64) << 20, chunk, true)
            .unwrap();
    }
    let copied = metric("smbdirectd_rdma_payload_bytes_copied_total");
    let got = c.read_rdma(tree, f, 0, 6 << 20, true).unwrap();
    assert!(got == big[..6 << 20]);
    std::thread::sleep(std::time::Duration::from_millis(100));
    assert_eq!(
        metric("smbdirectd_rdma_payload_bytes_copied_total") - copied,
        (6u32 << 20) as f64
    );
    assert!(metric("smbdirectd_rdma_registrations_total") >= 1.0);
    srv.stop();
}

/// MS-SMB2 3.3.5.13: a transformed WRITE whose signature or tag does not match the data
/// is refused with the status Windows gives, and nothing is written; a transform with no
/// crypto transform, or channel 3 where none was negotiated, is INVALID_PARAMETER.
#[test]
fn rdma_transform_faults_are_refused() {
    use smb_wire::status::NtStatus;
    for (protection, expect) in [
        (client::Protection::Sign, NtStatus::INVALID_SIGNATURE),
        (client::Protection::Encrypt, NtStatus::AUTH_TAG_MISMATCH),
    ] {
        let (mut srv, _, mut c) = start_protected(&[0x0311], "", protection);
        let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
        let (f, _) = c.create(tree, "t.bin", 0x0012_019f, 5, 0).unwrap();
        assert_eq!(c.write_rdma(tree, f, 0, &[7u8; 8192], true).unwrap(), 8192);
        c.tamper_transform = true;
        match c.write_rdma(tree, f, 0, &[9u8; 8192], false) {
            Err(client::Error::Status(_, st)) => assert_eq!(st, expect),
            other => panic!("tampered transform accepted: {:?}", other.map(|_| ())),
        }
        assert_eq!(
            c.read_rdma(tree, f, 0, 8192, true).unwrap(),
            vec![7u8; 8192]
        );
        // TransformCount 0 (and no crypto transform): refused before any RDMA Read.
        let mut body = Vec::new();
        let mut t = vec![0u8; 16];
        t[4] = 1;
        t.extend_from_slice(&[0u8; 16]);
        body.extend_from_slice(&49u16.to_le_bytes());
        body.extend_from_slice(&0u16.to_le_bytes());
        body.extend_from_slice(&0u32.to_le_bytes());
        body.extend_from_slice(&0u64.to_le_bytes());
        body.extend_from_slice(&f.persistent.to_le_bytes());
        body.extend_from_slice(&f.volatile.to_le_bytes());
        body.extend_from_slice(&3u32.to_le_bytes());
        body.extend_from_slice(&4096u32.to_le_bytes());
        body.extend_from_slice(&0x70u16.to_le_bytes());
        body.extend_from_slice(&(t.len() as u16).to_le_bytes());
        body.extend_from_slice(&0u32.to_le_bytes());
        body.extend_from_slice(&t);
        let r = c.request(smb_wire::Command::WRITE, tree, &body).unwrap();
        assert_eq!(r.status(), NtStatus::INVALID_PARAMETER);
        srv.stop();
    }
    // Channel 3 on a connection that negotiated no transform.
    let (mut srv, _, mut c) = start(&[0x0302]);
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (f, _) = c.create(tree, "u.bin", 0x0012_019f, 5, 0).unwrap();
    c.force_transform = true;
    match c.write_rdma(tree, f, 0, &[1u8; 4096], false) {
        Err(client::Error::Status(_, st)) => assert_eq!(st, NtStatus::INVALID_PARAMETER),
        other => panic!(
            "channel 3 without a transform accepted: {:?}",
            other.map(|_| ())
        ),
    }
    srv.stop();
}

/// Where the provider has shared receive queues (the loopback fabric here, a NIC's verbs
/// in production) a worker's connections draw on one set of receives: each grants its
/// peer credits only for receives it reserved there, within its share; a connection
/// arriving when fewer than two are free posts receives of its own and works the same;
/// and what connections held comes back when they close.
#[test]
fn connections_share_the_workers_receives_and_fall_back_when_none_are_free() {
    let dir = tempfile::tempdir().unwrap();
    let share = dir.path().join("share");
    std::fs::create_dir_all(&share).unwrap();
    let metrics = free_port();
    // 16 receives, 2 of them never reserved: 14 to share.
    let conf = format!(
        "[[share]]\nname = \"data\"\npath = {:?}\n\n[smbdirect]\nshared_receives = 16\n",
        share.display().to_string()
    );
    let running = start_in_process(dir.path(), "shared-receives", metrics, &conf);
    let m = |k: &str| {
        std::thread::sleep(std::time::Duration::from_millis(50));
        metric_value(metrics, k)
    };
    let opts = client::Options {
        user: USER.into(),
        password: PASSWORD.into(),
        dialects: vec![0x0311],
        ..Default::default()
    };
    // Four clients that sit on their credits: the first takes half (14 / (1 + 1)),
    // the second 4 (14 / 3), the third what is left; the fourth finds none.
    let mut clients = Vec::new();
    for i in 0..4 {
        let mut c = client::Client::connect_rdma("loopback:shared-receives", &opts).unwrap();
        let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
        clients.push((c, tree));
        let (free, granted) = (
            m("smbdirectd_smbdirect_shared_receives{state=\"free\"}"),
            m("smbdirectd_smbdirect_peer_credits"),
        );
        assert!(
            free + granted + (i as f64 + 1.0) <= 14.0 || i == 3,
            "credits within the shared receives: {free} free, {granted} granted"
        );
    }
    assert_eq!(
        m("smbdirectd_smbdirect_shared_receives{state=\"posted\"}"),
        16.0
    );
    assert_eq!(
        m("smbdirectd_smbdirect_shared_receives{state=\"free\"}"),
        0.0
    );
    assert!(
        m("smbdirectd_smbdirect_receives_posted_total") >= 255.0,
        "the fourth posted receives of its own"
    );
    assert_eq!(
        m("smbdirectd_smbdirect_connections_on_shared_receives"),
        3.0
    );
    // Every one of them writes and reads back, through RDMA and inline.
    for (i, (c, tree)) in clients.iter_mut().enumerate() {
        let name = format!("f{i}.bin");
        let (f, _) = c.create(*tree, &name, 0x0012_019f, 5, 0).unwrap();
        let data = random_bytes(256 << 10, i as u64);
        for k in 0..4 {
            let part = &data[k * (64 << 10)..(k + 1) * (64 << 10)];
            c.write_rdma(*tree, f, (k * (64 << 10)) as u64, part, k % 2 == 0)
                .unwrap();
        }
        let back = c.read_rdma(*tree, f, 0, 256 << 10, true).unwrap();
        assert!(back == data, "client {i} read back what it wrote");
        for k in 0..20u64 {
            c.write(*tree, f, k * 100, &[k as u8; 100]).unwrap();
        }
    }
    // Gone: every reservation is back once the connections are.
    drop(clients);
    let mut free = 0.0;
    for _ in 0..100 {
        free = m("smbdirectd_smbdirect_shared_receives{state=\"free\"}");
        if free == 14.0 {
            break;
        }
    }
    assert_eq!(
        free,
        14.0,
        "{} connections",
        m("smbdirectd_connections{transport=\"smbdirect\"}")
    );
    running.shutdown();
}

/// A WRITE over SMB Direct whose buffer descriptor names memory the client did not
/// register for it (another key, a range past its region's end), or whose length is past
/// the negotiated maximum, costs that request or that connection only: nothing reaches
/// the file, and another client on the same worker goes on writing and reading.
#[test]
fn a_write_naming_memory_outside_its_registration_writes_nothing() {
    let (mut srv, rport, mut bystander) = start(&[0x0311]);
    let before = vec![0x11u8; 1 << 20];
    std::fs::write(srv.share.join("f.bin"), &before).unwrap();
    let btree = bystander.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (bf, _) = bystander.create(btree, "g.bin", 0x0012_019f, 3, 0).unwrap();
    let opts = client::Options {
        user: USER.into(),
        password: PASSWORD.into(),
        dialects: vec![0x0311],
        ..Default::default()
    };
    // Each write is (descriptor offset into a 64 KiB region, its length, whether the key
    // is the region's, RemainingBytes past the negotiated maximum).
    let cases = [
        ("another key", 0u64, 8192u32, false, false),
        ("past the region's end", 61_440, 8192, true, false),
        ("past the negotiated maximum", 0, 8192, true, true),
    ];
    for (i, (what, at, len, own_key, too_long)) in cases.into_iter().enumerate() {
        let mut c = client::Client::connect_rdma(&format!("127.0.0.1:{rport}"), &opts).unwrap();
        let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
        let (f, _) = c.create(tree, "f.bin", 0x0012_019f, 1, 0).unwrap();
        let region = c.register_rdma(65536).unwrap();
        let mut desc = region.descriptor(at, len);
        if !own_key {
            desc[8] ^= 0x5A;
        }
        let remaining = if too_long { c.max_write + 4096 } else { len };
        // An error status, or the connection closed (an RDMA access error ends it).
        if let Ok(r) = rdma_write_naming(&mut c, (tree, f), 4096 * i as u64, &desc, remaining) {
            assert!(r.status().is_error(), "{what}: {:?}", r.status());
        }
        // The bystander, on the same worker, is served as before.
        let data = vec![i as u8 + 1; 65536];
        assert_eq!(
            bystander.write(btree, bf, 0, &data).unwrap(),
            65536,
            "{what}"
        );
        assert!(
            bystander.read(btree, bf, 0, 65536).unwrap() == data,
            "{what}"
        );
        assert!(
            std::fs::read(srv.share.join("f.bin")).unwrap() == before,
            "{what}: the file changed"
        );
    }
    srv.stop();
}

/// An adaptive worker whose only connection is an idle SMB Direct one sleeps in the
/// kernel on the connection's wake-up rather than napping and polling: over two idle
/// seconds the server uses at most 2% of a core, and a READ after them is answered at
/// once (the wake-up works).
#[test]
fn an_idle_smb_direct_connection_costs_its_worker_nothing() {
    let (mut srv, _, mut c) = start(&[0x0311]);
    std::fs::write(srv.share.join("idle.bin"), vec![7u8; 65536]).unwrap();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (f, _) = c.create(tree, "idle.bin", 0x0012_0089, 1, 0).unwrap();
    assert_eq!(c.read(tree, f, 0, 4096).unwrap(), vec![7u8; 4096]);
    std::thread::sleep(std::time::Duration::from_millis(300));
    let before = cpu_ticks(srv.pid().unwrap());
    std::thread::sleep(std::time::Duration::from_secs(2));
    let used = cpu_ticks(srv.pid().unwrap()) - before;
    // Clock ticks are 10 ms: 2% of two seconds is 4 of them.
    assert!(used <= 4, "an idle server used {used} ticks in 2 s");
    let t = std::time::Instant::now();
    assert_eq!(
        c.read_rdma(tree, f, 0, 8192, true).unwrap(),
        vec![7u8; 8192]
    );
    assert!(
        t.elapsed() < std::time::Duration::from_millis(500),
        "{:?}",
        t.elapsed()
    );
    srv.stop();
}
