//! The 8 KiB READ on the server's hot path, without the network:
//! - `decode_dispatch_read_8k`: one SMB2 READ PDU through the engine (header and credit
//!   checks, session/tree/open lookup, lock check, the read from the page cache into the
//!   response, the response header) — what a worker does per request, minus the socket;
//! - `encode_read_response_8k`: building the response (header + READ body + data).
//!
//! Setup drives a real client over TCP through negotiate, session setup (NTLMv2), tree
//! connect and CREATE against an engine fed by this thread, records the client's READ PDU,
//! and then replays it with a fresh MessageId per iteration (unsigned session).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use smb_server::{Connection, Transport};
use smbdirectd::framing::{frame_header, FrameReader};
use std::io::{Read, Write};
use std::net::TcpListener;

const USER: &str = "bench";
const PASSWORD: &str = "Bench-Pass1";

fn setup() -> (Connection, Vec<u8>, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let share = dir.path().join("share");
    std::fs::create_dir_all(&share).unwrap();
    std::fs::write(share.join("f.bin"), vec![0x5au8; 1 << 20]).unwrap();
    let users = dir.path().join("users");
    let mut db = smbdirectd::users::load(&users).unwrap();
    db.add(USER, PASSWORD).unwrap();
    smbdirectd::users::save(&users, &db).unwrap();
    let cfg_path = dir.path().join("smbdirectd.toml");
    std::fs::write(
        &cfg_path,
        format!(
            "[server]\nlisten = [\"127.0.0.1:0\"]\nstate_dir = {:?}\n\n[security]\nusers = {:?}\n\
             require_signing = false\n\n[[share]]\nname = \"data\"\npath = {:?}\n",
            dir.path().join("state").display().to_string(),
            users.display().to_string(),
            share.display().to_string()
        ),
    )
    .unwrap();
    let cfg = smbdirectd::config::Config::load(Some(&cfg_path)).unwrap();
    let server = smbdirectd::daemon::build_server(&cfg).unwrap();
    let mut conn = Connection::new(server, Transport::Tcp, 7);

    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap().to_string();
    let client = std::thread::spawn(move || {
        let opts = client::Options {
            user: USER.into(),
            password: PASSWORD.into(),
            protection: client::Protection::None,
            ..Default::default()
        };
        let mut c = client::Client::connect(&addr, &opts).unwrap();
        let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
        let (fid, _) = c
            .create(tree, "f.bin", client::access::FILE_READ_DATA, 1, 0)
            .unwrap();
        let data = c.read(tree, fid, 8192, 8192).unwrap();
        assert_eq!(data.len(), 8192);
    });
    let (mut s, _) = l.accept().unwrap();
    let mut reader = FrameReader::default();
    let mut read_pdu = None;
    'outer: loop {
        let (p, len) = reader.spare(65536);
        // SAFETY: `len` bytes of spare capacity start at `p`.
        let buf = unsafe { std::slice::from_raw_parts_mut(p, len) };
        let n = s.read(buf).unwrap();
        if n == 0 {
            break;
        }
        // SAFETY: `read` initialised `n` bytes of that space.
        unsafe { reader.filled(n) };
        while let Some(pdu) = reader.next_pdu().unwrap() {
            let pdu = pdu.to_vec();
            // Command 8 is READ.
            if u16::from_le_bytes([pdu[12], pdu[13]]) == 8 {
                read_pdu = Some(pdu.clone());
            }
            for r in conn
                .handle_pdu(&pdu, smbdirectd::clock::engine_now())
                .unwrap()
            {
                s.write_all(&frame_header(r.len())).unwrap();
                s.write_all(&r).unwrap();
            }
            if read_pdu.is_some() {
                break 'outer;
            }
        }
    }
    client.join().unwrap();
    (conn, read_pdu.expect("the client sent a READ"), dir)
}

fn bench(c: &mut Criterion) {
    let (mut conn, mut pdu, _dir) = setup();
    let mut msg_id = u64::from_le_bytes(pdu[24..32].try_into().unwrap());
    // The replayed READ really reads: a SUCCESS response carrying the 8 KiB.
    msg_id += 1;
    pdu[24..32].copy_from_slice(&msg_id.to_le_bytes());
    let first = conn
        .handle_pdu(&pdu, smbdirectd::clock::engine_now())
        .unwrap();
    assert_eq!(first.len(), 1);
    assert_eq!(
        u32::from_le_bytes(first[0][8..12].try_into().unwrap()),
        0,
        "status"
    );
    assert!(first[0].len() >= 64 + 16 + 8192, "{} bytes", first[0].len());
    assert!(first[0][80..80 + 8192].iter().all(|&b| b == 0x5a));
    let now = smbdirectd::clock::engine_now();
    c.bench_function("decode_dispatch_read_8k", |b| {
        b.iter(|| {
            msg_id += 1;
            pdu[24..32].copy_from_slice(&msg_id.to_le_bytes());
            let out = conn.handle_pdu(black_box(&pdu), now).unwrap();
            debug_assert_eq!(out.len(), 1);
            black_box(out);
        })
    });
    let data = vec![0x5au8; 8192];
    let hdr = smb_wire::header::Header {
        command: 8,
        credits: 1,
        message_id: 42,
        ..Default::default()
    };
    c.bench_function("encode_read_response_8k", |b| {
        b.iter(|| {
            let mut out = Vec::with_capacity(64 + 16 + 8192);
            hdr.encode(&mut out);
            smb_wire::msg::encode_read_response_head(&mut out, 8192, 0);
            out.extend_from_slice(black_box(&data));
            black_box(out);
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
