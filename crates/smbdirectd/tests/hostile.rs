//! Hostile input over TCP: truncated, oversized and random PDUs and an NTLM blob with lying
//! lengths each get an error status or a closed connection, while a second client is served
//! normally throughout.

mod common;
use common::*;
use smb_wire::header::Command;
use smb_wire::msg::fsctl;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

fn frame(pdu: &[u8]) -> Vec<u8> {
    let mut v = smb_wire::framing::frame_header(pdu.len()).to_vec();
    v.extend_from_slice(pdu);
    v
}

fn header(cmd: u16, msg_id: u64, session: u64) -> Vec<u8> {
    let mut h = vec![0xFE, b'S', b'M', b'B', 64, 0, 1, 0];
    h.extend_from_slice(&0u32.to_le_bytes());
    h.extend_from_slice(&cmd.to_le_bytes());
    h.extend_from_slice(&31u16.to_le_bytes());
    h.extend_from_slice(&0u32.to_le_bytes());
    h.extend_from_slice(&0u32.to_le_bytes());
    h.extend_from_slice(&msg_id.to_le_bytes());
    h.extend_from_slice(&0u32.to_le_bytes());
    h.extend_from_slice(&0u32.to_le_bytes());
    h.extend_from_slice(&session.to_le_bytes());
    h.extend_from_slice(&[0; 16]);
    h
}

fn negotiate_302() -> Vec<u8> {
    let mut m = header(0, 0, 0);
    m.extend_from_slice(&36u16.to_le_bytes());
    m.extend_from_slice(&2u16.to_le_bytes());
    m.extend_from_slice(&1u16.to_le_bytes());
    m.extend_from_slice(&0u16.to_le_bytes());
    m.extend_from_slice(&0u32.to_le_bytes());
    m.extend_from_slice(&[3; 16]);
    m.extend_from_slice(&[0; 8]);
    m.extend_from_slice(&0x0300u16.to_le_bytes());
    m.extend_from_slice(&0x0302u16.to_le_bytes());
    m
}

/// Reads one response frame, or None if the server closed the connection.
fn read_frame(s: &mut TcpStream) -> Option<Vec<u8>> {
    let mut len = [0u8; 4];
    s.read_exact(&mut len).ok()?;
    let n = smb_wire::framing::frame_len(len)?;
    let mut b = vec![0u8; n];
    s.read_exact(&mut b).ok()?;
    Some(b)
}

fn status(resp: &[u8]) -> u32 {
    u32::from_le_bytes(resp[8..12].try_into().unwrap())
}

fn connect(port: u16) -> TcpStream {
    let s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    s
}

/// A second, well-behaved client must keep working.
fn second_client_ok(s: &TestServer) {
    let o = s.smbclient(&["-m", "SMB3_11"], "ls");
    assert!(
        o.status.success(),
        "second client failed: {}\n{}",
        out_text(&o),
        s.log()
    );
}

#[test]
fn hostile_pdus_get_errors_or_disconnects() {
    let s = TestServer::start();
    let have_smbclient = require_tool("smbclient");

    // Oversized frame length: the server must close without reading 16 MiB.
    let mut c = connect(s.port);
    c.write_all(&[0, 0xFF, 0xFF, 0xFF, 0xFE, b'S', b'M', b'B'])
        .unwrap();
    assert!(
        read_frame(&mut c).is_none(),
        "oversized frame must close the connection"
    );

    // Truncated header.
    let mut c = connect(s.port);
    c.write_all(&frame(&negotiate_302()[..40])).unwrap();
    assert!(read_frame(&mut c).is_none(), "truncated header must close");

    // Random PDUs: closed or an error status, never a crash.
    for i in 0..200u64 {
        let mut c = connect(s.port);
        let len = 1 + (i as usize * 37) % 600;
        let mut pdu = random_bytes(len, 99 + i);
        if i % 2 == 0 && pdu.len() >= 4 {
            pdu[..4].copy_from_slice(&[0xFE, b'S', b'M', b'B']);
        }
        c.write_all(&frame(&pdu)).unwrap();
        if let Some(r) = read_frame(&mut c) {
            assert!(
                r.len() >= 64 && status(&r) >= 0xC000_0000,
                "random PDU {i} succeeded"
            );
        }
    }
    if have_smbclient {
        second_client_ok(&s);
    }

    // Negotiate, then a SESSION_SETUP whose NTLMSSP NEGOTIATE blob lies about its lengths.
    let mut c = connect(s.port);
    c.write_all(&frame(&negotiate_302())).unwrap();
    let r = read_frame(&mut c).expect("negotiate response");
    assert_eq!(status(&r), 0, "negotiate failed");
    let mut blob = b"NTLMSSP\0".to_vec();
    blob.extend_from_slice(&1u32.to_le_bytes());
    blob.extend_from_slice(&0xE208_8297u32.to_le_bytes());
    // DomainName: length 0x4000 at offset 0xFFFF0000 — lies.
    blob.extend_from_slice(&0x4000u16.to_le_bytes());
    blob.extend_from_slice(&0x4000u16.to_le_bytes());
    blob.extend_from_slice(&0xFFFF_0000u32.to_le_bytes());
    blob.extend_from_slice(&[0; 8]);
    let mut m = header(1, 1, 0);
    m.extend_from_slice(&25u16.to_le_bytes());
    m.push(0);
    m.push(1);
    m.extend_from_slice(&0u32.to_le_bytes());
    m.extend_from_slice(&0u32.to_le_bytes());
    m.extend_from_slice(&88u16.to_le_bytes());
    m.extend_from_slice(&(blob.len() as u16).to_le_bytes());
    m.extend_from_slice(&0u64.to_le_bytes());
    m.extend_from_slice(&blob);
    c.write_all(&frame(&m)).unwrap();
    if let Some(r) = read_frame(&mut c) {
        let st = status(&r);
        assert!(st >= 0xC000_0000, "lying NTLM blob got status {st:#x}");
    }
    // A SESSION_SETUP whose security buffer offset points past the PDU.
    let mut c = connect(s.port);
    c.write_all(&frame(&negotiate_302())).unwrap();
    read_frame(&mut c).expect("negotiate response");
    let mut m2 = m.clone();
    m2[64 + 12..64 + 14].copy_from_slice(&0xFFF0u16.to_le_bytes());
    c.write_all(&frame(&m2)).unwrap();
    if let Some(r) = read_frame(&mut c) {
        assert!(status(&r) >= 0xC000_0000);
    }
    if have_smbclient {
        second_client_ok(&s);
    }
}

// ------------------------------------------------------------ authenticated requests

/// A little-endian message body under construction.
#[derive(Default)]
struct Body(Vec<u8>);

impl Body {
    fn u8(mut self, v: u8) -> Body {
        self.0.push(v);
        self
    }
    fn u16(mut self, v: u16) -> Body {
        self.0.extend_from_slice(&v.to_le_bytes());
        self
    }
    fn u32(mut self, v: u32) -> Body {
        self.0.extend_from_slice(&v.to_le_bytes());
        self
    }
    fn u64(mut self, v: u64) -> Body {
        self.0.extend_from_slice(&v.to_le_bytes());
        self
    }
    fn bytes(mut self, b: &[u8]) -> Body {
        self.0.extend_from_slice(b);
        self
    }
    fn fid(self, f: client::FileId) -> Body {
        self.u64(f.persistent).u64(f.volatile)
    }
}

fn utf16(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(u16::to_le_bytes).collect()
}

/// A chain of create contexts (MS-SMB2 2.2.13.2), each 8-aligned.
fn create_contexts(list: &[(&[u8; 4], Vec<u8>)]) -> Vec<u8> {
    let mut out = Vec::new();
    for (i, (name, data)) in list.iter().enumerate() {
        let start = out.len();
        let len = 24 + data.len();
        let next = if i + 1 == list.len() {
            0
        } else {
            (len + 7) & !7
        };
        let data_off = if data.is_empty() { 0 } else { 24 };
        out.extend_from_slice(&(next as u32).to_le_bytes());
        out.extend_from_slice(&16u16.to_le_bytes());
        out.extend_from_slice(&4u16.to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes());
        out.extend_from_slice(&(data_off as u16).to_le_bytes());
        out.extend_from_slice(&(data.len() as u32).to_le_bytes());
        out.extend_from_slice(*name);
        out.extend_from_slice(&[0; 4]);
        out.extend_from_slice(data);
        if next != 0 {
            out.resize(start + next, 0);
        }
    }
    out
}

/// A self-relative security descriptor granting Everyone full access.
fn everyone_sd() -> Vec<u8> {
    let sid = [1u8, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0];
    let ace = Body::default()
        .u8(0)
        .u8(0)
        .u16(20)
        .u32(0x001F_01FF)
        .bytes(&sid)
        .0;
    let acl = Body::default()
        .u8(2)
        .u8(0)
        .u16(28)
        .u16(1)
        .u16(0)
        .bytes(&ace)
        .0;
    Body::default()
        .u8(1)
        .u8(0)
        .u16(0x8004)
        .u32(0)
        .u32(0)
        .u32(0)
        .u32(20)
        .bytes(&acl)
        .0
}

/// A CREATE of `name` with the common contexts, asking for a lease under key `key` (no
/// allocation size: a mutated one would reserve real disk space) and a durable handle.
fn create_body(name: &str, oplock: u8, key: u32, lease_state: u32) -> Vec<u8> {
    let dh2q = Body::default().u32(0).u32(0).u64(0).bytes(&guid(key)).0;
    let ea = Body::default()
        .u32(0)
        .u8(0)
        .u8(3)
        .u16(2)
        .bytes(b"ABC\0xy")
        .0;
    let ctx = create_contexts(&[
        (b"MxAc", Vec::new()),
        (b"QFid", Vec::new()),
        (b"RqLs", lease(key, lease_state)),
        (b"DH2Q", dh2q),
        (b"ExtA", ea),
        (b"SecD", everyone_sd()),
    ]);
    create_with(name, oplock, &ctx)
}

/// The CreateGuid of the durable open asked for under lease key `key` (each its own: a
/// CreateGuid already in use is refused).
fn guid(key: u32) -> [u8; 16] {
    let mut g = [0x33; 16];
    g[..4].copy_from_slice(&key.to_le_bytes());
    g
}

/// A lease request (version 2) under key `key`.
fn lease(key: u32, state: u32) -> Vec<u8> {
    Body::default()
        .u32(key)
        .bytes(&[0x5A; 12])
        .u32(state)
        .u32(0)
        .u64(0)
        .bytes(&[0; 16])
        .u16(0)
        .u16(0)
        .0
}

/// A durable reconnect (DH2C under CreateGuid `guid(key)`, or DHnC for version 1) of
/// `name` naming the open `f`, with the lease it held.
fn reconnect_body(name: &str, f: client::FileId, key: u32, v2: bool) -> Vec<u8> {
    let ctx = match v2 {
        true => create_contexts(&[
            (b"RqLs", lease(key, 7)),
            (b"DH2C", Body::default().fid(f).bytes(&guid(key)).u32(0).0),
        ]),
        false => create_contexts(&[
            (b"RqLs", lease(key, 7)),
            (b"DHnC", Body::default().fid(f).0),
        ]),
    };
    create_with(name, 0xFF, &ctx)
}

/// A CREATE (open or create) of `name` with the given create contexts.
fn create_with(name: &str, oplock: u8, ctx: &[u8]) -> Vec<u8> {
    let n = utf16(name);
    let padded = (n.len() + 7) & !7;
    let mut b = Body::default()
        .u16(57)
        .u8(0)
        .u8(oplock)
        .u32(2)
        .u64(0)
        .u64(0)
        .u32(0x0012_019F)
        .u32(0x80)
        .u32(7)
        .u32(3)
        .u32(0)
        .u16(120)
        .u16(n.len() as u16)
        .u32(120 + padded as u32)
        .u32(ctx.len() as u32)
        .bytes(&n)
        .0;
    b.resize(56 + padded, 0);
    b.extend_from_slice(ctx);
    b
}

/// A QUERY_DIRECTORY of `pattern` in the directory `d`, restarting the scan.
fn dirq_body(class: u8, d: client::FileId, pattern: &str, max_out: u32) -> Vec<u8> {
    let n = utf16(pattern);
    Body::default()
        .u16(33)
        .u8(class)
        .u8(1)
        .u32(0)
        .fid(d)
        .u16(96)
        .u16(n.len() as u16)
        .u32(max_out)
        .bytes(&n)
        .0
}

/// FSCTL inputs: QUERY_ALLOCATED_RANGES over the first MiB, OFFLOAD_READ of 8 KiB, an
/// OFFLOAD_WRITE and a DFS referral request for the share.
fn first_mib() -> Vec<u8> {
    Body::default().u64(0).u64(1 << 20).0
}

fn offload_read_input() -> Vec<u8> {
    Body::default()
        .u32(32)
        .u32(0)
        .u32(0)
        .u32(0)
        .u64(0)
        .u64(8192)
        .0
}

/// An OFFLOAD_WRITE of 8 KiB at 0 with the zero token (STORAGE_OFFLOAD_TOKEN, big-endian
/// type 0xFFFF0001).
fn offload_write_input() -> Vec<u8> {
    let mut token = vec![0u8; 512];
    token[..4].copy_from_slice(&0xFFFF_0001u32.to_be_bytes());
    Body::default()
        .u32(0x220)
        .u32(0)
        .u64(0)
        .u64(8192)
        .u64(0)
        .bytes(&token)
        .0
}

/// A Storage QoS request joining a flow under a policy and reporting counters. (A policy
/// the server does not know: limits the client gives itself would hold the victim's
/// later answers, which this test does not wait for.)
fn storage_qos_input() -> Vec<u8> {
    let mut out = Vec::new();
    fsctl::SqosRequest {
        version: fsctl::SQOS_VERSION_1_1,
        options: fsctl::SQOS_SET_LOGICAL_FLOW_ID
            | fsctl::SQOS_SET_POLICY
            | fsctl::SQOS_GET_STATUS
            | fsctl::SQOS_UPDATE_COUNTERS,
        flow_id: [9; 16],
        policy_id: [0x77; 16],
        initiator_name: "fuzz-vm".into(),
        node_name: "fuzz-host".into(),
        io_count_increment: 5,
        ..Default::default()
    }
    .encode(&mut out);
    out
}

fn referral_input() -> Vec<u8> {
    Body::default()
        .u16(4)
        .bytes(&utf16("\\127.0.0.1\\data\0"))
        .0
}

fn ioctl_body(code: u32, f: client::FileId, input: &[u8], max_out: u32) -> Vec<u8> {
    Body::default()
        .u16(57)
        .u16(0)
        .u32(code)
        .fid(f)
        .u32(120)
        .u32(input.len() as u32)
        .u32(0)
        .u32(120)
        .u32(0)
        .u32(max_out)
        .u32(1)
        .u32(0)
        .bytes(input)
        .0
}

fn query_info_body(kind: u8, class: u8, extra: u32, f: client::FileId, input: &[u8]) -> Vec<u8> {
    Body::default()
        .u16(41)
        .u8(kind)
        .u8(class)
        .u32(65536)
        .u16(if input.is_empty() { 0 } else { 104 })
        .u16(0)
        .u32(input.len() as u32)
        .u32(extra)
        .u32(0)
        .fid(f)
        .bytes(input)
        .0
}

fn set_info_body(kind: u8, class: u8, extra: u32, f: client::FileId, buf: &[u8]) -> Vec<u8> {
    Body::default()
        .u16(33)
        .u8(kind)
        .u8(class)
        .u32(buf.len() as u32)
        .u16(96)
        .u16(0)
        .u32(extra)
        .fid(f)
        .bytes(buf)
        .0
}

/// FILE_RENAME_INFORMATION / FILE_LINK_INFORMATION naming `to`.
fn rename_info(to: &str) -> Vec<u8> {
    let n = utf16(to);
    Body::default()
        .u8(0)
        .bytes(&[0; 7])
        .u64(0)
        .u32(n.len() as u32)
        .bytes(&n)
        .0
}

/// Well-formed requests of every command a client sends after logon (CHANGE_NOTIFY and
/// CANCEL aside: one waits for a change, the other is never answered), on the file `f`
/// and the share's root directory `d`; the `i`th request's new files have names (and
/// lease keys) of their own, so that no open waits for another's lease break.
fn request_templates(f: client::FileId, d: client::FileId, i: u32) -> Vec<(Command, Vec<u8>)> {
    let none = client::FileId::RELATED;
    let lock = |flags: u32| {
        Body::default()
            .u16(48)
            .u16(1)
            .u32(0)
            .fid(f)
            .u64(100)
            .u64(10)
            .u32(flags)
            .u32(0)
            .0
    };
    let unc = utf16("\\\\127.0.0.1\\data");
    vec![
        (
            Command::CREATE,
            create_body(&format!("fzq{i}.bin"), 0xFF, i * 4, 1),
        ),
        (
            Command::CREATE,
            create_body(&format!("fzq{i}.bin:s"), 0x08, i * 4 + 1, 1),
        ),
        (
            Command::CREATE,
            create_body(&format!("fzqdir\\fzq{i}"), 0, i * 4 + 2, 1),
        ),
        (
            Command::READ,
            Body::default()
                .u16(49)
                .u8(0x50)
                .u8(0)
                .u32(8192)
                .u64(0)
                .fid(f)
                .u32(0)
                .u32(0)
                .u32(0)
                .u16(0)
                .u16(0)
                .u8(0)
                .0,
        ),
        (
            Command::WRITE,
            Body::default()
                .u16(49)
                .u16(112)
                .u32(512)
                .u64(4096)
                .fid(f)
                .u32(0)
                .u32(0)
                .u16(0)
                .u16(0)
                .u32(0)
                .bytes(&[0xA5; 512])
                .0,
        ),
        (Command::LOCK, lock(0x12)),
        (Command::LOCK, lock(0x04)),
        (
            Command::IOCTL,
            ioctl_body(fsctl::QUERY_ALLOCATED_RANGES, f, &first_mib(), 4096),
        ),
        (
            Command::IOCTL,
            ioctl_body(
                fsctl::SET_ZERO_DATA,
                f,
                &Body::default().u64(60000).u64(60100).0,
                0,
            ),
        ),
        (Command::IOCTL, ioctl_body(fsctl::SET_SPARSE, f, &[0], 0)),
        (
            Command::IOCTL,
            ioctl_body(
                fsctl::FILE_LEVEL_TRIM,
                f,
                &Body::default().u32(0).u32(1).u64(61440).u64(4096).0,
                0,
            ),
        ),
        (
            Command::IOCTL,
            ioctl_body(fsctl::SRV_REQUEST_RESUME_KEY, f, &[], 32),
        ),
        (
            Command::IOCTL,
            ioctl_body(
                fsctl::SRV_COPYCHUNK,
                f,
                &Body::default()
                    .bytes(&[0; 24])
                    .u32(1)
                    .u32(0)
                    .u64(0)
                    .u64(8192)
                    .u32(4096)
                    .u32(0)
                    .0,
                12,
            ),
        ),
        (
            Command::IOCTL,
            ioctl_body(
                fsctl::DUPLICATE_EXTENTS_TO_FILE,
                f,
                &Body::default().fid(f).u64(0).u64(65536).u64(4096).0,
                0,
            ),
        ),
        (
            Command::IOCTL,
            ioctl_body(fsctl::QUERY_NETWORK_INTERFACE_INFO, none, &[], 65536),
        ),
        (
            Command::IOCTL,
            ioctl_body(
                fsctl::VALIDATE_NEGOTIATE_INFO,
                none,
                &Body::default()
                    .u32(0)
                    .bytes(&[7; 16])
                    .u16(1)
                    .u16(1)
                    .u16(0x0311)
                    .0,
                24,
            ),
        ),
        (
            Command::IOCTL,
            ioctl_body(
                fsctl::LMR_REQUEST_RESILIENCY,
                f,
                &Body::default().u32(1000).u32(0).0,
                0,
            ),
        ),
        (
            Command::IOCTL,
            ioctl_body(fsctl::GET_REPARSE_POINT, f, &[], 4096),
        ),
        (
            Command::IOCTL,
            ioctl_body(fsctl::OFFLOAD_READ, f, &offload_read_input(), 4096),
        ),
        (
            Command::IOCTL,
            ioctl_body(fsctl::OFFLOAD_WRITE, f, &offload_write_input(), 16),
        ),
        (
            Command::IOCTL,
            ioctl_body(fsctl::STORAGE_QOS_CONTROL, f, &storage_qos_input(), 1024),
        ),
        (
            Command::IOCTL,
            ioctl_body(
                fsctl::DUPLICATE_EXTENTS_TO_FILE_EX,
                f,
                &Body::default()
                    .u64(0x30)
                    .fid(f)
                    .u64(0)
                    .u64(65536)
                    .u64(4096)
                    .u32(1)
                    .u32(0)
                    .0,
                0,
            ),
        ),
        (
            Command::IOCTL,
            ioctl_body(fsctl::DFS_GET_REFERRALS, none, &referral_input(), 4096),
        ),
        (
            Command::IOCTL,
            ioctl_body(fsctl::SVHDX_SYNC_TUNNEL_REQUEST, f, &[0; 64], 4096),
        ),
        (Command::QUERY_DIRECTORY, dirq_body(37, d, "*", 65536)),
        (Command::QUERY_DIRECTORY, dirq_body(3, d, "fzq*", 65536)),
        (Command::QUERY_INFO, query_info_body(1, 18, 0, f, &[])),
        (Command::QUERY_INFO, query_info_body(1, 22, 0, f, &[])),
        (
            Command::QUERY_INFO,
            query_info_body(1, 15, 0, f, &Body::default().u32(0).u8(3).bytes(b"ABC\0").0),
        ),
        (Command::QUERY_INFO, query_info_body(2, 1, 0, f, &[])),
        (Command::QUERY_INFO, query_info_body(3, 0, 7, f, &[])),
        (
            Command::QUERY_INFO,
            query_info_body(
                4,
                32,
                0,
                f,
                &Body::default().u8(0).u8(1).u16(0).u32(0).u32(0).u32(0).0,
            ),
        ),
        (
            Command::SET_INFO,
            set_info_body(
                1,
                4,
                0,
                f,
                &Body::default()
                    .u64(0)
                    .u64(0)
                    .u64(0)
                    .u64(0)
                    .u32(0x80)
                    .u32(0)
                    .0,
            ),
        ),
        (
            Command::SET_INFO,
            set_info_body(1, 20, 0, f, &65536u64.to_le_bytes()),
        ),
        (
            Command::SET_INFO,
            set_info_body(1, 14, 0, f, &0u64.to_le_bytes()),
        ),
        (Command::SET_INFO, set_info_body(1, 13, 0, f, &[0])),
        (
            Command::SET_INFO,
            set_info_body(1, 10, 0, f, &rename_info("fzqren.bin")),
        ),
        (
            Command::SET_INFO,
            set_info_body(1, 11, 0, f, &rename_info("fzqlink.bin")),
        ),
        (
            Command::SET_INFO,
            set_info_body(
                1,
                15,
                0,
                f,
                &Body::default()
                    .u32(0)
                    .u8(0)
                    .u8(3)
                    .u16(2)
                    .bytes(b"ABC\0xy")
                    .0,
            ),
        ),
        (Command::SET_INFO, set_info_body(3, 0, 4, f, &everyone_sd())),
        (Command::SET_INFO, set_info_body(2, 6, 0, f, &[0; 48])),
        (
            Command::FLUSH,
            Body::default().u16(24).u16(0).u32(0).fid(f).0,
        ),
        (Command::ECHO, Body::default().u16(4).u16(0).0),
        (
            Command::OPLOCK_BREAK,
            Body::default().u16(24).u8(0).u8(0).u32(0).fid(f).0,
        ),
        (
            Command::OPLOCK_BREAK,
            Body::default()
                .u16(36)
                .u16(0)
                .u32(0)
                .bytes(&[0x5A; 16])
                .u32(0)
                .u64(0)
                .0,
        ),
        (
            Command::TREE_CONNECT,
            Body::default()
                .u16(9)
                .u16(0)
                .u16(72)
                .u16(unc.len() as u16)
                .bytes(&unc)
                .0,
        ),
        (
            Command::CLOSE,
            Body::default().u16(24).u16(1).u32(0).fid(f).0,
        ),
    ]
}

/// READs and WRITEs whose data moves by RDMA through `region` (channels 1 and 2, one
/// or two buffer descriptors).
fn rdma_templates(f: client::FileId, region: &client::RdmaRegion) -> Vec<(Command, Vec<u8>)> {
    let read = |channel: u32, descs: &[[u8; 16]]| {
        let info: Vec<u8> = descs.concat();
        Body::default()
            .u16(49)
            .u8(0)
            .u8(0)
            .u32(8192)
            .u64(0)
            .fid(f)
            .u32(0)
            .u32(channel)
            .u32(0)
            .u16(112)
            .u16(info.len() as u16)
            .bytes(&info)
            .0
    };
    let write = Body::default()
        .u16(49)
        .u16(0)
        .u32(0)
        .u64(4096)
        .fid(f)
        .u32(1)
        .u32(8192)
        .u16(112)
        .u16(16)
        .u32(0)
        .bytes(&region.descriptor(65536, 8192))
        .0;
    // (The channel 2 READ's answer retires the region's key: later RDMA through it
    // costs the connection, and the victim comes back with a new one.)
    vec![
        (Command::READ, read(1, &[region.descriptor(0, 8192)])),
        (
            Command::READ,
            read(
                1,
                &[region.descriptor(0, 4096), region.descriptor(32768, 4096)],
            ),
        ),
        (Command::WRITE, write),
        (Command::READ, read(2, &[region.descriptor(8192, 8192)])),
    ]
}

/// The templates for part `k` of request `i`: on the victim's handles, or (`related`) on
/// the previous part's.
fn templates_for(v: &Victim, i: u32, related: bool) -> Vec<(Command, Vec<u8>)> {
    let (f, d) = match related {
        true => (client::FileId::RELATED, client::FileId::RELATED),
        false => (v.f, v.d),
    };
    let mut t = request_templates(f, d, i);
    // Reconnects of the open the last victim left behind (or, before there is one, of
    // this victim's file).
    let (id, name, key) = v.orphan.clone().unwrap_or((v.f, "fzqf0.bin".into(), 0));
    t.push((Command::CREATE, reconnect_body(&name, id, key, true)));
    t.push((Command::CREATE, reconnect_body(&name, id, key, false)));
    if let Some(r) = &v.region {
        t.extend(rdma_templates(f, r));
    }
    t
}

/// xorshift64: the mutations are reproducible from the seed printed on failure.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// One to four mutations: a random byte, a 16-, 32- or 64-bit field set to a boundary
/// value, a truncation, or bytes appended (now and then 70 KB of them).
fn mutate(b: &mut Vec<u8>, rng: &mut Rng) {
    const EDGES: [u64; 16] = [
        0,
        1,
        0x7F,
        0x80,
        0xFF,
        0x7FFF,
        0x8000,
        0xFFFF,
        0x7FFF_FFFF,
        0x8000_0000,
        0xFFFF_FFFF,
        0x7FFF_FFFF_FFFF_FFFF,
        u64::MAX,
        4096,
        65536,
        8 << 20,
    ];
    for _ in 0..1 + rng.below(4) {
        let len = b.len();
        match rng.below(7) {
            0 if len > 0 => {
                let i = rng.below(len);
                b[i] = rng.next() as u8;
            }
            k @ 1..=3 if len >= 8 => {
                let width = [2, 4, 8][k - 1];
                let at = rng.below(len - width + 1) & !(width - 1);
                let v = match rng.below(3) {
                    0 => EDGES[rng.below(EDGES.len())],
                    // An offset or length near the message's own size.
                    1 => (64 + len as u64)
                        .wrapping_add(rng.below(17) as u64)
                        .wrapping_sub(8),
                    _ => rng.next(),
                };
                b[at..at + width].copy_from_slice(&v.to_le_bytes()[..width]);
            }
            4 => b.truncate(rng.below(len + 1)),
            5 => {
                let n = if rng.below(20) == 0 {
                    70_000
                } else {
                    rng.below(64)
                };
                b.extend_from_slice(&random_bytes(n, rng.next()));
            }
            _ => {
                // Any byte set to a boundary value.
                if len > 0 {
                    let i = rng.below(len);
                    b[i] = [0, 0x7F, 0x80, 0xFF][rng.below(4)];
                }
            }
        }
    }
}

/// A logged-on client with a tree, a new 64 KiB file (its own: a mutated SET_INFO may
/// have left an earlier one with a DACL that refuses us) and the share's root open.
struct Victim {
    c: client::Client,
    tree: u32,
    f: client::FileId,
    d: client::FileId,
    /// Over SMB Direct: a registered MiB the RDMA channel templates name.
    region: Option<client::RdmaRegion>,
    /// Its durable open (id, name, lease key), and the one its predecessor left behind
    /// when its connection went (what the reconnect templates name).
    durable: Option<(client::FileId, String, u32)>,
    orphan: Option<(client::FileId, String, u32)>,
}

/// Where victims connect: the TCP port, and the SMB Direct port if they go that way.
#[derive(Clone, Copy)]
struct Target {
    port: u16,
    rdma: Option<u16>,
}

fn victim(to: Target, n: u32, orphan: Option<(client::FileId, String, u32)>) -> Victim {
    let opts = client::Options {
        user: USER.into(),
        password: PASSWORD.into(),
        // One client machine throughout: its durable opens are its own to reconnect.
        client_guid: Some([0xC1; 16]),
        ..Default::default()
    };
    let mut c = match to.rdma {
        Some(r) => client::Client::connect_rdma(&format!("127.0.0.1:{r}"), &opts).unwrap(),
        None => client::Client::connect(&format!("127.0.0.1:{}", to.port), &opts).unwrap(),
    };
    // Long enough for an fsync on a busy machine; only a rightly waiting request (none in
    // most runs) or a hang runs it out.
    c.set_timeout(Some(Duration::from_secs(10))).unwrap();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let name = format!("fzqf{n}.bin");
    let (f, _) = c.create(tree, &name, 0x0017_019F, 3, 0).unwrap();
    c.write(tree, f, 0, &[0x11; 65536]).unwrap();
    let (d, _) = c.create(tree, "", 0x0012_0089, 1, 1).unwrap();
    let region = to.rdma.map(|_| c.register_rdma(1 << 20).unwrap());
    // A durable open (a handle lease with DH2Q), left for the next victim to reconnect.
    let (name, key) = (format!("fzqdur{n}.bin"), 0x8000_0000 | n);
    let r = c
        .request(Command::CREATE, tree, &create_body(&name, 0xFF, key, 7))
        .unwrap();
    let durable = (!r.status().is_error()).then(|| client::FileId {
        persistent: u64::from_le_bytes(r.body()[64..72].try_into().unwrap()),
        volatile: u64::from_le_bytes(r.body()[72..80].try_into().unwrap()),
    });
    Victim {
        c,
        tree,
        f,
        d,
        region,
        durable: durable.map(|id| (id, name, key)),
        orphan,
    }
}

/// The peak of a process's address space, in KiB (allocations count whether or not
/// they were touched).
fn peak_vm_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmPeak:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn entries(dir: &std::path::Path) -> std::collections::BTreeSet<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect()
}

/// Signed requests of every command after logon, each a well-formed request mutated
/// (boundary values in its fields, offsets and lengths near its size, truncation, excess
/// data): every one gets an answer or a closed connection; the server never hits an
/// internal error, stays within bounded memory, never creates anything outside its share,
/// and keeps serving other clients the right bytes.
#[test]
fn mutated_requests_after_logon_get_answers_or_disconnects() {
    mutated_requests(false);
}

/// The same over SMB Direct (software iWARP), with READs and WRITEs whose data moves by
/// RDMA through buffer descriptors the mutations bend: a descriptor naming memory the
/// client never registered costs the connection, never the server.
#[test]
fn mutated_requests_over_smb_direct_get_answers_or_disconnects() {
    mutated_requests(true);
}

fn mutated_requests(rdma: bool) {
    let rport = free_port();
    let mut srv = TestServer::start_with(Opts {
        extra_config: match rdma {
            true => format!("smbdirect = [\"iwarp=127.0.0.1:{rport}\"]\n"),
            false => String::new(),
        },
        ..Default::default()
    });
    let to = Target {
        port: srv.port,
        rdma: rdma.then_some(rport),
    };
    let pid = srv.pid().unwrap();
    let canary = random_bytes(1 << 16, 4242);
    std::fs::write(srv.share.join("canary.bin"), &canary).unwrap();
    let outside = entries(srv.dir.path());
    let seed = std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5EED_F00D_u64);
    let mut rng = Rng(seed);
    let mut v = victim(to, 0, None);
    // Each template, unmutated, is a request the server takes (so mutations start deep).
    let mut refused = Vec::new();
    v.c.create(v.tree, "fzqdir", 0x0012_019F, 3, 1).unwrap();
    for (cmd, body) in templates_for(&v, 0, false) {
        if cmd == Command::CLOSE {
            continue;
        }
        let tree = if cmd == Command::TREE_CONNECT {
            0
        } else {
            v.tree
        };
        match v.c.request(cmd, tree, &body) {
            Ok(r) if !r.status().is_error() => {}
            Ok(r) => refused.push(format!("{} {:x?}: {}", cmd.name(), &body[..8], r.status())),
            Err(e) => panic!("{}: {e}: {:02x?}", cmd.name(), &body[..body.len().min(80)]),
        }
    }
    // (Those with no support here, or that need state the template lacks, are errors:
    // the durable reconnects of an open that is neither durable nor disconnected, a copy
    // with a made-up resume key, break acks with no break, and so on.)
    eprintln!("templates refused: {refused:?}");
    assert!(refused.len() <= 14, "templates refused: {refused:?}");
    // The durable open of a lost connection takes a reconnect (once the server has seen
    // the connection go): the reconnect templates reach the real thing. (Over SMB Direct
    // this also replaces the region the channel 2 READ retired.)
    let orphan = v.durable.take().expect("a durable open granted");
    drop(v);
    // (Names of its own: a new open of the orphan's name would close it.)
    v = victim(to, 1 << 20, Some(orphan.clone()));
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    loop {
        let (id, name, key) = &orphan;
        let body = reconnect_body(name, *id, *key, true);
        let r = v.c.request(Command::CREATE, v.tree, &body).unwrap();
        if !r.status().is_error() {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "durable reconnect: {}",
            r.status()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // A 128 KiB READ charged one credit fails, and the connection carries on
    // (MS-SMB2 3.3.5.2.5).
    let mut read = request_templates(v.f, v.d, 0)
        .into_iter()
        .find(|(c, _)| *c == Command::READ)
        .unwrap()
        .1;
    read[4..8].copy_from_slice(&(128u32 << 10).to_le_bytes());
    let r = v.c.request(Command::READ, v.tree, &read).unwrap();
    assert_eq!(r.status(), smb_wire::status::NtStatus::INVALID_PARAMETER);
    let r = v.c.request(Command::ECHO, v.tree, &[4, 0, 0, 0]).unwrap();
    assert!(!r.status().is_error());
    let vm_before = peak_vm_kib(pid);
    let started = std::time::Instant::now();
    let (mut sent, mut answered, mut errors, mut lost, mut timeouts) =
        (0u32, 0u32, 0u32, 0u32, 0u32);
    let templates_len = templates_for(&v, 0, false).len();
    let count: u32 = std::env::var("FUZZ_COUNT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_000);
    for i in 1..count {
        if started.elapsed() > Duration::from_secs(60) {
            break;
        }
        if i % 200 == 199 {
            // Fresh handles now and then: a mutated CLOSE or rename may have taken them.
            v = victim(to, i, v.durable.take());
        }
        // Every fourth: a compound of two or three, later parts often related to the
        // one before (their FileIds then name "the previous part's file").
        let n = if i % 4 == 0 { 2 + rng.below(2) } else { 1 };
        let mut parts: Vec<(Command, u32, bool, Vec<u8>)> = Vec::with_capacity(n);
        for k in 0..n {
            let related = k > 0 && rng.below(3) != 0;
            let mut t = templates_for(&v, i * 4 + k as u32, related);
            let (cmd, mut body) = t.swap_remove(rng.below(templates_len));
            mutate(&mut body, &mut rng);
            let tree = if cmd == Command::TREE_CONNECT {
                0
            } else {
                v.tree
            };
            parts.push((cmd, tree, related, body));
        }
        sent += n as u32;
        let refs: Vec<(Command, u32, bool, &[u8])> = parts
            .iter()
            .map(|(c, t, r, b)| (*c, *t, *r, b.as_slice()))
            .collect();
        // Every eighth: one part's header odd too (its signature still good).
        let odd = (i % 8 == 1).then(|| (rng.below(n), rng.below(8), rng.next()));
        let mut tweak = |k: usize, h: &mut smb_wire::header::Header| match odd {
            Some((at, field, x)) if at == k => match field {
                0 => h.credit_charge = [0, 2, 255, 0xFFFF][x as usize % 4],
                1 => h.status = x as u32,
                2 => h.flags ^= [0x2, 0x4, 0x70, 0x1000_0000, 0x2000_0000][x as usize % 5],
                3 => h.tree_id = x as u32,
                4 => h.session_id = x,
                5 => h.next_command = x as u32 % 512,
                6 => h.message_id = h.message_id.wrapping_add(x % 64),
                _ => h.async_id = x,
            },
            _ => {}
        };
        let outcome =
            v.c.send_compound(&refs, &mut tweak)
                .and_then(|ids| match odd {
                    None => ids
                        .into_iter()
                        .map(|id| v.c.wait(id))
                        .collect::<Result<Vec<_>, _>>(),
                    // An odd header may name another message id, split the compound elsewhere or
                    // charge more credits than were granted: not every part gets an answer this
                    // client can match. An ECHO after it must be answered (or the connection
                    // closed).
                    Some(_) => {
                        v.c.request(Command::ECHO, v.tree, &[4, 0, 0, 0])
                            .map(|r| vec![r])
                    }
                });
        match outcome {
            Ok(rs) => {
                answered += rs.len() as u32;
                errors += rs.iter().filter(|r| r.status().is_error()).count() as u32;
            }
            Err(client::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                // Only a request that may rightly wait (a blocking lock, an open that
                // waits on a break) goes unanswered.
                let (cmd, _, _, body) = parts.last().expect("one at least");
                assert!(
                    odd.is_none() && matches!(*cmd, Command::LOCK | Command::CREATE),
                    "{:?} (seed {seed}, request {i}, odd header {odd:?}) never answered: \
                     {:02x?}",
                    parts.iter().map(|p| p.0.name()).collect::<Vec<_>>(),
                    &body[..body.len().min(96)]
                );
                timeouts += 1;
                v = victim(to, i, v.durable.take());
            }
            Err(_) => {
                lost += 1;
                assert!(srv.alive(), "server died (seed {seed}, request {i})");
                v = victim(to, i, v.durable.take());
            }
        }
    }
    eprintln!(
        "{sent} mutated requests in {:?}: {answered} answered ({errors} with an error \
         status), {lost} connections closed, {timeouts} waits",
        started.elapsed()
    );
    assert!(sent >= 1000, "only {sent} requests in the time allowed");
    assert!(srv.alive());
    // Another client still reads the right bytes.
    let mut c = srv.tcp_client();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (f, _) = c.create(tree, "canary.bin", 0x0012_0089, 1, 0).unwrap();
    assert!(c.read(tree, f, 0, 1 << 16).unwrap() == canary);
    let log = srv.log();
    if std::env::var_os("FUZZ_LOG").is_some() {
        for l in log.lines().filter(|l| l.contains("closing")) {
            eprintln!("{l}");
        }
    }
    assert!(
        !log.contains("internal error") && !log.contains("panicked"),
        "seed {seed}:\n{log}"
    );
    let vm = peak_vm_kib(pid);
    assert!(
        vm < vm_before + 1024 * 1024,
        "address space peaked at {vm} KiB ({vm_before} KiB before)"
    );
    assert_eq!(entries(srv.dir.path()), outside, "entries beside the share");
    let tmp_hits: Vec<String> = entries(std::path::Path::new("/tmp"))
        .into_iter()
        .filter(|n| n.starts_with("fzq"))
        .collect();
    assert!(tmp_hits.is_empty(), "{tmp_hits:?}");
    srv.stop();
}

/// Every information class of every QUERY_INFO type, on a file and on a directory, at
/// output sizes from none to ample: each gets an answer (the connection stays), and no
/// answer carries more than the client asked for (a short buffer gets
/// INFO_LENGTH_MISMATCH, or BUFFER_OVERFLOW with exactly what fits). Then every
/// SET_INFO class with small buffers of zeros, ones and 0x7F bytes.
#[test]
fn every_info_class_at_every_small_size() {
    let mut srv = TestServer::start();
    let to = Target {
        port: srv.port,
        rdma: None,
    };
    let mut v = victim(to, 0, None);
    let (mut answered, mut ok, mut overflow) = (0u32, 0u32, 0u32);
    let sizes = [0u32, 1, 7, 8, 24, 64, 100, 4096];
    let kinds: [(u8, std::ops::RangeInclusive<u8>, u32); 4] = [
        (1, 0..=90, 0),
        (2, 0..=16, 0),
        (3, 0..=0, 0x7F),
        (4, 0..=40, 0),
    ];
    for handle in [v.f, v.d] {
        for (kind, classes, extra) in kinds.clone() {
            for class in classes {
                for &size in &sizes {
                    let mut body = query_info_body(kind, class, extra, handle, &[]);
                    body[4..8].copy_from_slice(&size.to_le_bytes());
                    let r = v
                        .c
                        .request(Command::QUERY_INFO, v.tree, &body)
                        .unwrap_or_else(|e| panic!("type {kind} class {class} size {size}: {e}"));
                    answered += 1;
                    let st = r.status();
                    if st.is_error() {
                        continue;
                    }
                    let b = r.body();
                    let len = u32::from_le_bytes(b[4..8].try_into().unwrap());
                    assert!(
                        len <= size,
                        "type {kind} class {class}: {len} bytes for a {size}-byte buffer"
                    );
                    if st == smb_wire::status::NtStatus::BUFFER_OVERFLOW {
                        assert_eq!(len, size, "type {kind} class {class}: overflow short");
                        overflow += 1;
                    } else {
                        ok += 1;
                    }
                }
            }
        }
    }
    eprintln!("{answered} QUERY_INFO answered: {ok} whole, {overflow} cut short");
    assert!(ok > 100, "too few classes answered: {ok}");
    // QUERY_DIRECTORY: every class, restarted each time, at the same sizes.
    let mut listed = std::collections::BTreeSet::new();
    for class in 0..=70u8 {
        for &size in &sizes {
            let body = dirq_body(class, v.d, "*", size);
            let r =
                v.c.request(Command::QUERY_DIRECTORY, v.tree, &body)
                    .unwrap_or_else(|e| panic!("directory class {class} size {size}: {e}"));
            if !r.status().is_error() {
                let len = u32::from_le_bytes(r.body()[4..8].try_into().unwrap());
                assert!(len <= size, "directory class {class}: {len} > {size}");
                listed.insert(class);
            }
        }
    }
    // (Directory, FullDirectory, BothDirectory, Names, IdBothDirectory, IdFullDirectory.)
    for class in [1, 2, 3, 12, 37, 38] {
        assert!(
            listed.contains(&class),
            "class {class} never listed: {listed:?}"
        );
    }
    // FSCTLs that return data: never more than MaxOutputResponse.
    let none = client::FileId::RELATED;
    let (range, referral, offload) = (first_mib(), referral_input(), offload_read_input());
    let fsctls: [(u32, client::FileId, &[u8]); 9] = [
        (fsctl::QUERY_NETWORK_INTERFACE_INFO, none, &[]),
        (fsctl::QUERY_ALLOCATED_RANGES, v.f, &range),
        (fsctl::SRV_REQUEST_RESUME_KEY, v.f, &[]),
        (fsctl::SRV_ENUMERATE_SNAPSHOTS, v.f, &[]),
        (fsctl::DFS_GET_REFERRALS, none, &referral),
        (fsctl::GET_INTEGRITY_INFORMATION, v.f, &[]),
        (fsctl::QUERY_FILE_REGIONS, v.f, &[]),
        (fsctl::OFFLOAD_READ, v.f, &offload),
        (fsctl::CREATE_OR_GET_OBJECT_ID, v.f, &[]),
    ];
    let mut returned = std::collections::BTreeSet::new();
    for (code, handle, input) in fsctls {
        for &size in &sizes {
            let body = ioctl_body(code, handle, input, size);
            let r =
                v.c.request(Command::IOCTL, v.tree, &body)
                    .unwrap_or_else(|e| panic!("fsctl {code:#x} size {size}: {e}"));
            let st = r.status();
            if !st.is_error() || st == smb_wire::status::NtStatus::BUFFER_OVERFLOW {
                let len = u32::from_le_bytes(r.body()[36..40].try_into().unwrap());
                assert!(len <= size, "fsctl {code:#x}: {len} bytes for {size}");
                if len > 0 {
                    returned.insert(code);
                }
            }
        }
    }
    assert!(
        returned.len() >= 3,
        "too few FSCTLs returned data: {returned:x?}"
    );
    // SET_INFO: each class with small buffers of a few patterns, on a file of its own.
    let (f, _) = v.c.create(v.tree, "fzqset.bin", 0x0017_019F, 3, 0).unwrap();
    for class in 0..=90u8 {
        for len in [0usize, 1, 4, 8, 16, 40, 72, 300] {
            for fill in [0u8, 0xFF, 0x7F] {
                let body = set_info_body(1, class, 0, f, &vec![fill; len]);
                v.c.request(Command::SET_INFO, v.tree, &body)
                    .unwrap_or_else(|e| panic!("set class {class} len {len}: {e}"));
            }
        }
    }
    assert!(srv.alive());
    let log = srv.log();
    assert!(
        !log.contains("internal error") && !log.contains("panicked"),
        "{log}"
    );
    srv.stop();
}
