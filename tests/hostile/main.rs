//! Hostile input over TCP: truncated, oversized and random PDUs and an NTLM blob with lying
//! lengths each get an error status or a closed connection, while a second client is served
//! normally throughout.
//!
//! One test binary: `pdus` (hand-made hostile PDUs before logon), `mutation` (mutated
//! requests after logon, over TCP and SMB Direct, and every information class at every small
//! size), `templates` (the well-formed requests the mutations start from); the framing and
//! body builders they share are here.

#[path = "../common/mod.rs"]
mod common;
mod mutation;
mod pdus;
mod templates;
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
