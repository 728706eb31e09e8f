//! SMB Direct end to end: our client over the software iWARP provider against the
//! daemon's SMB Direct listener, READ and WRITE through RDMA channels.

mod common;

use common::*;

/// A server with an SMB Direct listener on the software iWARP provider, and a client
/// logged on over it.
fn start(dialects: &[u16]) -> (TestServer, u16, client::Client) {
    start_with(dialects, "")
}

/// `start`, with more configuration after the [server] keys.
fn start_with(dialects: &[u16], extra: &str) -> (TestServer, u16, client::Client) {
    start_protected(dialects, extra, client::Protection::Sign)
}

/// `start_with`, the client signing or encrypting as told.
fn start_protected(
    dialects: &[u16],
    extra: &str,
    protection: client::Protection,
) -> (TestServer, u16, client::Client) {
    let rport = free_port();
    let srv = TestServer::start_with(Opts {
        extra_config: format!("smbdirect = [\"iwarp=127.0.0.1:{rport}\"]\n{extra}"),
        ..Default::default()
    });
    let opts = client::Options {
        user: USER.into(),
        password: PASSWORD.into(),
        dialects: dialects.to_vec(),
        protection,
        ..Default::default()
    };
    let c = client::Client::connect_rdma(&format!("127.0.0.1:{rport}"), &opts)
        .unwrap_or_else(|e| panic!("connect over SMB Direct: {e:?}\n{}", srv.log()));
    (srv, rport, c)
}

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

/// Issue 6's counting proof: READ data over SMB Direct is read by the storage straight
/// into a registered buffer and RDMA-Written from it; WRITE data is RDMA-Read into a
/// registered buffer and written from it. The server counts every payload byte it copies
/// between registered and ordinary memory; transfers that fit the connection's pool copy
/// none, and a read larger than a pool buffer (the fallback) is counted, so the counter
/// is known to count.
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
    // Larger than a pool buffer: served by the copying fallback, and counted.
    let big = c.read_rdma(tree, f, 0, 256 * 1024, true).unwrap();
    assert!(big == pattern[..256 * 1024]);
    std::thread::sleep(std::time::Duration::from_millis(100));
    assert_eq!(
        metric("smbdirectd_rdma_payload_bytes_copied_total"),
        256.0 * 1024.0
    );
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

/// Drops a file's pages from the page cache (they are clean: written and synced).
fn evict(path: &std::path::Path) {
    use std::os::fd::AsRawFd;
    let f = std::fs::File::open(path).unwrap();
    f.sync_all().unwrap();
    // SAFETY: advice on an open descriptor; no memory is involved.
    let r = unsafe { libc::posix_fadvise(f.as_raw_fd(), 0, 0, libc::POSIX_FADV_DONTNEED) };
    assert_eq!(r, 0);
}

/// READs the page cache cannot answer, FLUSHes and the syncs of write-through WRITEs go
/// to the worker's io_uring (it serves
/// other requests meanwhile) and come back byte-exact: over SMB Direct by RDMA Write and
/// inline, and over TCP; a read past the end still says END_OF_FILE.
#[test]
fn page_cache_misses_and_flushes_go_through_the_ring() {
    let mport = free_port();
    let (mut srv, _, mut c) = start_with(
        &[0x0311],
        &format!("[metrics]\nlisten = \"127.0.0.1:{mport}\"\n"),
    );
    let data = random_bytes(4 << 20, 77);
    let path = srv.share.join("cold.bin");
    std::fs::write(&path, &data).unwrap();
    let ring_reads = || metric_value(mport, "smbdirectd_storage_ring_reads_total");
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (f, _) = c.create(tree, "cold.bin", 0x0012_0089, 1, 0).unwrap();
    let mut seen = 0.0;
    for round in 0..3u64 {
        evict(&path);
        for i in 0..16u64 {
            let off = (i * 262_144 + round * 4096) % ((4 << 20) - 65536);
            let got = if i % 2 == 0 {
                c.read_rdma(tree, f, off, 65536, true).unwrap()
            } else {
                c.read(tree, f, off, 8192).unwrap()
            };
            let n = got.len();
            assert!(
                got == data[off as usize..off as usize + n],
                "round {round} read {i}"
            );
            assert_eq!(n, if i % 2 == 0 { 65536 } else { 8192 });
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
        let now = ring_reads();
        assert!(
            now > seen,
            "round {round}: no read went through the ring ({now})"
        );
        seen = now;
    }
    match c.read(tree, f, 5 << 20, 8192) {
        Err(client::Error::Status(_, st)) => {
            assert_eq!(st, smb_wire::status::NtStatus::END_OF_FILE)
        }
        other => panic!("read past the end: {other:?}"),
    }
    // TCP: another client, cold pages again.
    evict(&path);
    let mut t = srv.tcp_client();
    let tree = t.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (f, _) = t.create(tree, "cold.bin", 0x0012_0089, 1, 0).unwrap();
    for i in 0..32u64 {
        let off = i * 131_072 + 512;
        let got = t.read(tree, f, off, 65536).unwrap();
        assert!(
            got == data[off as usize..off as usize + 65536],
            "TCP read {i}"
        );
    }
    std::thread::sleep(std::time::Duration::from_millis(100));
    assert!(ring_reads() > seen, "TCP: no read went through the ring");
    // FLUSH: the fdatasync goes through the ring too, after the write it covers.
    let (w, _) = t.create(tree, "flushed.bin", 0x0012_019f, 5, 0).unwrap();
    for i in 0..4u64 {
        t.write(tree, w, i * 65536, &data[..65536]).unwrap();
        t.flush(tree, w).unwrap();
    }
    // A write-through WRITE: written at once, answered once the ring's fdatasync is done.
    let n = t.write_through(tree, w, 4 * 65536, &data[..65536]).unwrap();
    assert_eq!(n, 65536);
    assert!(t.read(tree, w, 4 * 65536, 65536).unwrap() == data[..65536]);
    // A file opened write-through (FILE_WRITE_THROUGH): each plain WRITE is answered
    // after its own fdatasync on the ring.
    let (wt, _) = t
        .create(tree, "through.bin", 0x0012_019f, 5, 0x0000_0002)
        .unwrap();
    for i in 0..3u64 {
        t.write(tree, wt, i * 8192, &data[..8192]).unwrap();
    }
    std::thread::sleep(std::time::Duration::from_millis(100));
    let text = metrics_text(mport);
    let syncs = text
        .lines()
        .find(|l| l.starts_with("smbdirectd_storage_ring_syncs_total "))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|x| x.parse::<f64>().ok());
    assert_eq!(syncs, Some(8.0), "{text}");
    // Ring I/O shows in the storage-latency histogram: the 8 syncs, and the reads.
    let op_count = |op: &str| {
        metric_value(
            mport,
            &format!("smbdirectd_storage_operation_duration_seconds_count{{operation=\"{op}\"}}"),
        )
    };
    assert!(op_count("flush") >= 8.0, "{text}");
    assert!(op_count("read") >= ring_reads(), "{text}");
    assert_eq!(
        std::fs::read(srv.share.join("flushed.bin")).unwrap().len(),
        5 * 65536
    );
    srv.stop();
}

/// The files held in the server's io_uring file tables (each ring's fdinfo lists them,
/// sockets too), by path. The kernel needs the ring's lock to list its table and skips
/// what needs it while the ring holds it: newer kernels print nothing of the ring then;
/// older ones print the table's size but not its slots, nor pending polls. A ring counts
/// as listed when it shows a slot (kernels that list empty slots always do) or a pending
/// poll (a worker always has its wake receive armed). Tries until every ring was listed
/// in the same pass.
fn ring_file_paths(pid: u32) -> Vec<String> {
    let mut last = Vec::new();
    for _ in 0..50 {
        let mut listed = true;
        last.clear();
        for e in std::fs::read_dir(format!("/proc/{pid}/fd"))
            .unwrap()
            .flatten()
        {
            let is_ring = std::fs::read_link(e.path())
                .is_ok_and(|l| l.to_string_lossy().contains("io_uring"));
            if !is_ring {
                continue;
            }
            let info = format!("/proc/{pid}/fdinfo/{}", e.file_name().to_string_lossy());
            let Ok(text) = std::fs::read_to_string(info) else {
                continue;
            };
            let mut lines = text.lines().skip_while(|l| !l.starts_with("UserFiles:"));
            let count: Option<usize> = lines
                .next()
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok());
            let entries: Vec<String> = lines
                .by_ref()
                .take_while(|l| !l.starts_with("UserBufs:"))
                .filter_map(|l| Some(l.split_once(": ")?.1.to_string()))
                .collect();
            let polls = lines
                .skip_while(|l| !l.starts_with("PollList:"))
                .skip(1)
                .take_while(|l| l.starts_with(' '))
                .count();
            listed &= count == Some(0) || count.is_some() && (!entries.is_empty() || polls > 0);
            last.extend(entries.into_iter().filter(|e| e != "<none>"));
        }
        if listed {
            return last;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    panic!("the kernel did not list every ring's file table in 50 tries");
}

/// Open files' descriptors go into the worker ring's file table at their first ring I/O
/// (fixed files) and leave it when the open closes: the server does not keep a closed file
/// open, and a descriptor number reused by another open never reads the old file.
#[test]
fn ring_file_tables_hold_open_files_only_while_they_are_open() {
    let mport = free_port();
    let mut srv = TestServer::start_with(Opts {
        extra_config: format!("[metrics]\nlisten = \"127.0.0.1:{mport}\"\n"),
        ..Default::default()
    });
    let pid = srv.pid().unwrap();
    let mut c = srv.tcp_client();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let fixed = || metric_value(mport, "smbdirectd_storage_fixed_files");
    let held = |name: &str| {
        ring_file_paths(pid)
            .iter()
            .any(|p| p.ends_with(&format!("/{name}")))
    };
    let files: Vec<(String, Vec<u8>)> = (0..4u64)
        .map(|i| (format!("f{i}.bin"), random_bytes(1 << 20, 900 + i)))
        .collect();
    for (name, data) in &files {
        std::fs::write(srv.share.join(name), data).unwrap();
    }
    assert_eq!(fixed(), 0.0);
    for round in 0..2 {
        // One at a time: each open likely gets the descriptor number the last one had.
        for (name, data) in &files {
            let path = srv.share.join(name);
            let (f, _) = c.create(tree, name, 0x0012_0089, 1, 0).unwrap();
            // (A listing taken while the worker holds the ring's lock has no entries:
            // look again for a while. The eviction is advice: on a loaded machine some
            // pages may stay cached and a read is then answered without the ring, so
            // each try evicts and reads again.)
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
            let mut tries = 0u64;
            loop {
                evict(&path);
                for i in 0..4u64 {
                    let off = i * 200_000 + (tries % 3) * 8192 + 4096;
                    let got = c.read(tree, f, off, 65536).unwrap();
                    assert!(
                        got == data[off as usize..off as usize + 65536],
                        "round {round}: {name} read {i} (try {tries})"
                    );
                }
                tries += 1;
                if held(name) || std::time::Instant::now() >= deadline {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            assert!(
                held(name),
                "{name} not in a ring's file table: {:?}",
                ring_file_paths(pid)
            );
            assert_eq!(fixed(), 1.0, "{name}");
            c.close(tree, f).unwrap();
            // The worker drops the entry in its next turn.
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
            while (fixed() != 0.0 || held(name)) && std::time::Instant::now() < deadline {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            assert_eq!(fixed(), 0.0, "{name} still registered after its close");
            assert!(
                !held(name),
                "{name} still held by a ring: {:?}",
                ring_file_paths(pid)
            );
        }
    }
    // FLUSH through the ring registers the descriptor too; a dropped connection's opens
    // go with it.
    let (w, _) = c.create(tree, "w.bin", 0x0012_019f, 5, 0).unwrap();
    c.write(tree, w, 0, &files[0].1[..65536]).unwrap();
    c.flush(tree, w).unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while !held("w.bin") && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(held("w.bin"));
    drop(c);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while held("w.bin") && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(
        !held("w.bin"),
        "a lost connection's file is still held by a ring"
    );
    assert_eq!(fixed(), 0.0);
    srv.stop();
}

/// An open closed on another worker's thread (here through a second channel of the same
/// session) leaves the ring that registered it at once, though that worker has nothing
/// else to do: the close wakes it.
#[test]
fn an_open_closed_on_another_worker_leaves_the_idle_workers_ring() {
    let mport = free_port();
    let mut srv = TestServer::start_with(Opts {
        extra_config: format!("[metrics]\nlisten = \"127.0.0.1:{mport}\"\n"),
        workers: 2,
        ..Default::default()
    });
    let pid = srv.pid().unwrap();
    let mut first = srv.tcp_client();
    let tree = first.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let data = random_bytes(1 << 20, 77);
    std::fs::write(srv.share.join("x.bin"), &data).unwrap();
    let (f, _) = first.create(tree, "x.bin", 0x0012_0089, 1, 0).unwrap();
    let held = || ring_file_paths(pid).iter().any(|p| p.ends_with("/x.bin"));
    // A read the page cache cannot answer goes through the worker's ring, which then
    // holds the file. (On a loaded machine a page may come back into the cache before
    // the read: evict and read again until one misses.)
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        evict(&srv.share.join("x.bin"));
        assert!(first.read(tree, f, 4096, 65536).unwrap() == data[4096..4096 + 65536]);
        if held() || std::time::Instant::now() > deadline {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(held(), "{:?}", ring_file_paths(pid));
    // Connections go to the workers in turn: the second channel is the other worker's.
    let opts = client::Options {
        user: USER.into(),
        password: PASSWORD.into(),
        ..Default::default()
    };
    let mut second = first
        .bind(&format!("127.0.0.1:{}", srv.port), false, &opts)
        .unwrap();
    second.close(tree, f).unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while held() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(!held(), "x.bin is still held by the first worker's ring");
    assert_eq!(metric_value(mport, "smbdirectd_storage_fixed_files"), 0.0);
    drop((first, second));
    srv.stop();
}

/// How many of a file's pages the page cache holds.
fn resident_pages(path: &std::path::Path) -> usize {
    use std::os::fd::AsRawFd;
    let f = std::fs::File::open(path).unwrap();
    let len = f.metadata().unwrap().len() as usize;
    let page = 4096;
    // SAFETY: a private read-only mapping of an open file, unmapped below; mincore only
    // reports on it (no page is touched).
    unsafe {
        let m = libc::mmap(
            std::ptr::null_mut(),
            len,
            libc::PROT_READ,
            libc::MAP_SHARED,
            f.as_raw_fd(),
            0,
        );
        assert_ne!(m, libc::MAP_FAILED);
        let mut v = vec![0u8; len.div_ceil(page)];
        assert_eq!(libc::mincore(m, len, v.as_mut_ptr()), 0);
        libc::munmap(m, len);
        v.iter().filter(|b| **b & 1 != 0).count()
    }
}

/// A server whose share has `share_extra`, with metrics and an SMB Direct listener; the
/// file `name` holds `data` (not in the page cache); a client over SMB Direct and one over
/// TCP have it open for reading and writing.
struct DirectShare {
    srv: TestServer,
    mport: u16,
    path: std::path::PathBuf,
    c: client::Client,
    tree: u32,
    f: client::FileId,
    t: client::Client,
    ttree: u32,
    tf: client::FileId,
}

fn direct_share(share_extra: &str, name: &str, data: &[u8]) -> DirectShare {
    let (mport, rport) = (free_port(), free_port());
    let srv = TestServer::start_with(Opts {
        extra_config: format!(
            "smbdirect = [\"iwarp=127.0.0.1:{rport}\"]\n[metrics]\nlisten = \"127.0.0.1:{mport}\"\n"
        ),
        share_extra: share_extra.into(),
        ..Default::default()
    });
    let path = srv.share.join(name);
    std::fs::write(&path, data).unwrap();
    evict(&path);
    let opts = client::Options {
        user: USER.into(),
        password: PASSWORD.into(),
        dialects: vec![0x0311],
        ..Default::default()
    };
    let mut c = client::Client::connect_rdma(&format!("127.0.0.1:{rport}"), &opts).unwrap();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (f, _) = c.create(tree, name, 0x0012_019f, 1, 0).unwrap();
    let mut t = client::Client::connect(&format!("127.0.0.1:{}", srv.port), &opts).unwrap();
    let ttree = t.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (tf, _) = t.create(ttree, name, 0x0012_019f, 1, 0).unwrap();
    DirectShare {
        srv,
        mport,
        path,
        c,
        tree,
        f,
        t,
        ttree,
        tf,
    }
}

/// A `direct_io` share: aligned READs go from the device straight into the worker's
/// registered buffers (SMB Direct, then RDMA Write) or the response (TCP) through the
/// ring, and never fill the page cache; unaligned I/O goes through the page cache; the
/// two stay coherent; a read across the end of the file is short.
#[test]
fn direct_io_share_reads_bypass_the_page_cache() {
    let size = (4 << 20) + 1000;
    let mut data = random_bytes(size, 91);
    let DirectShare {
        mut srv,
        mport,
        path,
        mut c,
        tree,
        f,
        mut t,
        ttree,
        tf,
    } = direct_share("direct_io = true\n", "disk.bin", &data);
    let direct = does_direct_io(&srv.share);
    let ring_reads = || metric_value(mport, "smbdirectd_storage_ring_reads_total");
    for i in 0..24u64 {
        let off = (i * 172_032) % ((4 << 20) - 65536);
        let len = if i % 3 == 0 { 8192 } else { 65536 };
        let got = c.read_rdma(tree, f, off, len, i % 2 == 0).unwrap();
        assert!(
            got == data[off as usize..(off + u64::from(len)) as usize],
            "RDMA read {i}"
        );
    }
    std::thread::sleep(std::time::Duration::from_millis(100));
    let after_rdma = ring_reads();
    if direct {
        assert!(
            after_rdma >= 24.0,
            "RDMA reads not on the ring: {after_rdma}"
        );
    }
    if direct {
        assert_eq!(
            resident_pages(&path),
            0,
            "direct reads filled the page cache"
        );
    }
    // TCP: aligned reads land at an aligned address inside the response.
    for i in 0..16u64 {
        let off = i * 258_048;
        let got = t.read(ttree, tf, off, 8192).unwrap();
        assert!(
            got == data[off as usize..off as usize + 8192],
            "TCP read {i}"
        );
    }
    // Across the end: the device returns what there is.
    let tail = t.read(ttree, tf, 4 << 20, 8192).unwrap();
    assert!(tail == data[4 << 20..], "short read at the end");
    let tail = c.read_rdma(tree, f, 4 << 20, 8192, true).unwrap();
    assert!(tail == data[4 << 20..], "short RDMA read at the end");
    std::thread::sleep(std::time::Duration::from_millis(100));
    if direct {
        assert!(
            ring_reads() >= after_rdma + 18.0,
            "TCP reads not on the ring"
        );
        assert_eq!(
            resident_pages(&path),
            0,
            "direct reads filled the page cache"
        );
    }
    // Unaligned: through the page cache, byte-exact.
    let got = t.read(ttree, tf, 513, 1000).unwrap();
    assert!(got == data[513..1513]);
    // Writes, aligned (RDMA) and not (TCP), then direct reads see them.
    let patch = random_bytes(65536, 5);
    c.write_rdma(tree, f, 131_072, &patch, true).unwrap();
    data[131_072..196_608].copy_from_slice(&patch);
    t.write(ttree, tf, 200_003, &patch[..5000]).unwrap();
    data[200_003..205_003].copy_from_slice(&patch[..5000]);
    let got = c.read_rdma(tree, f, 131_072, 131_072, true).unwrap();
    assert!(got == data[131_072..262_144], "read after writes");
    let got = t.read(ttree, tf, 196_608, 12_288).unwrap();
    assert!(got == data[196_608..208_896], "TCP read after writes");
    t.flush(ttree, tf).unwrap();
    assert!(std::fs::read(&path).unwrap() == data, "file contents");
    srv.stop();
}

/// `n` reads of a 2 MiB file, alternately 64 KiB over SMB Direct (`r`) and 8 KiB over
/// TCP (`t`), each checked against `data`.
fn mixed_reads(
    r: (&mut client::Client, u32, client::FileId),
    t: (&mut client::Client, u32, client::FileId),
    data: &[u8],
    n: u64,
) {
    let ((c, tree, f), (t, ttree, tf)) = (r, t);
    for i in 0..n {
        let off = (i * 90_112) % ((2 << 20) - 65536);
        let got = if i % 2 == 0 {
            c.read_rdma(tree, f, off, 65536, true).unwrap()
        } else {
            t.read(ttree, tf, off, 8192).unwrap()
        };
        let k = got.len() as u64;
        assert!(got == data[off as usize..(off + k) as usize], "read {i}");
    }
}

/// `io_poll` on a direct_io share: aligned reads go through the worker's polled (IOPOLL)
/// ring and come back byte-exact over SMB Direct and TCP; where the kernel or file system
/// cannot poll, the server says so and the reads still work, through interrupts.
#[test]
fn io_poll_share_reads_complete_by_polling() {
    let data = random_bytes(2 << 20, 17);
    let DirectShare {
        mut srv,
        mport,
        mut c,
        tree,
        f,
        mut t,
        ttree,
        tf,
        ..
    } = direct_share("direct_io = true\nio_poll = true\n", "polled.bin", &data);
    mixed_reads((&mut c, tree, f), (&mut t, ttree, tf), &data, 32);
    std::thread::sleep(std::time::Duration::from_millis(100));
    let polled = metric_value(mport, "smbdirectd_storage_polled_reads_total");
    let reads = metric_value(mport, "smbdirectd_storage_ring_reads_total");
    let log = srv.log();
    // Where the kernel refuses, the server says which way it went instead.
    let refused = log.contains("cannot poll reads; using interrupts")
        || log.contains("no polled (IOPOLL) io_uring");
    if does_direct_io(&srv.share) {
        assert!(reads >= 32.0, "reads not on a ring: {reads}");
        if !refused {
            assert_eq!(polled, reads, "every direct read polled");
        }
    } else {
        assert_eq!(polled, 0.0);
    }
    srv.stop();
}

/// `sqpoll` on a share: its storage I/O (reads the page cache cannot answer, direct reads,
/// FLUSH syncs) goes through a worker ring whose kernel thread submits it; with io_poll
/// too, that thread polls the device (falling back to SQPOLL alone where it cannot).
/// Data comes back byte-exact over SMB Direct and TCP.
#[test]
fn sqpoll_share_io_is_submitted_by_the_kernel_thread() {
    let data = random_bytes(2 << 20, 23);
    for extra in [
        "sqpoll = true\n",
        "direct_io = true\nio_poll = true\nsqpoll = true\n",
    ] {
        let mut d = direct_share(extra, "sq.bin", &data);
        mixed_reads(
            (&mut d.c, d.tree, d.f),
            (&mut d.t, d.ttree, d.tf),
            &data,
            24,
        );
        // FLUSHes always go to the ring: 8 from each transport.
        for _ in 0..8 {
            d.c.flush(d.tree, d.f).unwrap();
            d.t.flush(d.ttree, d.tf).unwrap();
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
        let metric = |name: &str| metric_value(d.mport, name);
        let sq = metric("smbdirectd_storage_sqpoll_ops_total");
        let syncs = metric("smbdirectd_storage_ring_syncs_total");
        let reads = metric("smbdirectd_storage_ring_reads_total");
        assert!(syncs >= 16.0, "{extra}: FLUSHes not on a ring: {syncs}");
        let log = d.srv.log();
        if log.contains("no SQPOLL io_uring") {
            eprintln!("SQPOLL refused here: {log}");
            assert_eq!(sq, 0.0);
        } else {
            assert_eq!(
                sq,
                syncs + reads,
                "{extra}: ring I/O not all on the SQPOLL ring"
            );
        }
        d.srv.stop();
    }
}

/// Storage QoS holds a flow to its maximum over SMB Direct as over TCP: READs of a file
/// out of the page cache (answered when the worker's ring completes them) and WRITEs,
/// 60 in all at 100 IOPS, take at least half a second, and the data is intact.
#[test]
fn storage_qos_holds_a_flow_to_its_maximum_over_smb_direct() {
    use smb_wire::fsctl::{self, SqosRequest, SqosResponse};
    let policy = "[qos]\n[[qos.policy]]\nid = \"b13a32e4-7f3c-4c8e-9d2a-0a1b2c3d4e5f\"\n\
                  max_iops = 100\n";
    let (srv, _, mut c) = start_with(&[0x0311], policy);
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let data = random_bytes(1 << 20, 5);
    std::fs::write(srv.share.join("vm.vhdx"), &data).unwrap();
    evict(&srv.share.join("vm.vhdx"));
    let (f, _) = c.create(tree, "vm.vhdx", 0x0012_019F, 1, 0).unwrap();
    let gold = [
        0xe4, 0x32, 0x3a, 0xb1, 0x3c, 0x7f, 0x8e, 0x4c, 0x9d, 0x2a, 0x0a, 0x1b, 0x2c, 0x3d, 0x4e,
        0x5f,
    ];
    let mut input = Vec::new();
    SqosRequest {
        version: fsctl::SQOS_VERSION_1_1,
        options: fsctl::SQOS_SET_LOGICAL_FLOW_ID | fsctl::SQOS_SET_POLICY | fsctl::SQOS_GET_STATUS,
        flow_id: [0x42; 16],
        policy_id: gold,
        ..Default::default()
    }
    .encode(&mut input);
    let r = c
        .fsctl(tree, f, fsctl::STORAGE_QOS_CONTROL, &input, 1024)
        .unwrap();
    assert_eq!(
        SqosResponse::parse(r.ioctl_output()).unwrap().max_io_rate,
        100
    );
    let t0 = std::time::Instant::now();
    for i in 0..50u64 {
        let off = (i * 65536) % (1 << 20);
        let got = c.read(tree, f, off, 8192).unwrap();
        assert!(got == data[off as usize..off as usize + 8192], "read {i}");
    }
    for i in 0..10u64 {
        c.write(tree, f, i * 8192, &[i as u8; 512]).unwrap();
    }
    let took = t0.elapsed();
    assert!(
        took >= std::time::Duration::from_millis(500),
        "60 I/Os at 100 IOPS in {took:?}"
    );
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
