//! Replay detection, in memory: a CREATE sent again with the replay flag (MS-SMB2
//! 3.3.5.9.10) and requests carrying an old channel sequence (3.3.5.2.10).

mod harness;

use client::{access, FileId};
use harness::*;
use smb_server::ServerConfig;
use smb_wire::header::Command;
use smb_wire::NtStatus;
use testkit::bodies::{create_body_with, query_info_body, read_body, write_body};

const RW: u32 = access::FILE_READ_DATA | access::FILE_WRITE_DATA;

/// A CREATE body (open-if, sharing all) of `name` with a DH2Q context naming `guid`.
fn dh2q_body(name: &str, oplock: u8, guid: [u8; 16]) -> Vec<u8> {
    // Timeout 0 (the server's), no flags, reserved, the CreateGuid.
    let dh2q = [&[0u8; 16][..], &guid].concat();
    create_body_with(name, oplock, RW, 7, 3, &[(b"DH2Q", dh2q)])
}

/// The oplock level, CreateAction and FileId of a CREATE response.
fn created(r: &client::Response) -> (u8, u32, FileId) {
    let m = r.body();
    let le32 = |at: usize| u32::from_le_bytes(m[at..at + 4].try_into().unwrap());
    let le64 = |at: usize| u64::from_le_bytes(m[at..at + 8].try_into().unwrap());
    (
        m[2],
        le32(4),
        FileId {
            persistent: le64(64),
            volatile: le64(72),
        },
    )
}

const CREATED: u32 = 2;

#[test]
fn a_replayed_create_gets_the_open_its_first_attempt_made() {
    let e = Engine::new();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let guid = [0x5A; 16];
    let body = dh2q_body("r.bin", 9, guid);
    let first = c.request(Command::CREATE, tree, &body).unwrap();
    assert_eq!(first.status(), NtStatus::SUCCESS);
    let (level, action, f) = created(&first);
    assert_eq!((level, action), (9, CREATED));

    // The answer was lost: the client sends the CREATE again, as a replay.
    c.replay = true;
    let again = c.request(Command::CREATE, tree, &body).unwrap();
    assert_eq!(again.status(), NtStatus::SUCCESS);
    assert_eq!(created(&again), (9, CREATED, f), "the same open, as made");
    // Asking for no oplock, the replay is told none (the open keeps its batch oplock).
    let plain = c
        .request(Command::CREATE, tree, &dh2q_body("r.bin", 0, guid))
        .unwrap();
    assert_eq!(created(&plain), (0, CREATED, f));
    assert_eq!(e.server.budget.opens(), 1);

    // Without the replay flag, the CreateGuid in use is a duplicate.
    c.replay = false;
    let dup = c.request(Command::CREATE, tree, &body).unwrap();
    assert_eq!(dup.status(), NtStatus::DUPLICATE_OBJECTID);

    c.close(tree, f).unwrap();
    assert!(e.server.create_guids.is_empty(), "closed, forgotten");

    // Once a request names an open, its CREATE's answer evidently arrived: a replay is
    // a new CREATE then (here of the file it made, opened again).
    let other = [0x6B; 16];
    let r = c
        .request(Command::CREATE, tree, &dh2q_body("r.bin", 0, other))
        .unwrap();
    let (_, _, f) = created(&r);
    let q = c
        .request(Command::QUERY_INFO, tree, &query_info_body(f, 1, 14))
        .unwrap();
    assert_eq!(q.status(), NtStatus::SUCCESS);
    c.replay = true;
    let fresh = c
        .request(Command::CREATE, tree, &dh2q_body("r.bin", 0, other))
        .unwrap();
    assert_eq!(fresh.status(), NtStatus::SUCCESS);
    let (_, action, g) = created(&fresh);
    assert_ne!(g, f);
    assert_eq!(action, 1, "opened");
    c.replay = false;
    c.close(tree, g).unwrap();
    c.close(tree, f).unwrap();
    assert!(e.server.create_guids.is_empty());
}

#[test]
fn a_replay_of_a_create_still_waiting_is_told_to_retry() {
    let e = Engine::new();
    let (mut a, _wa) = e.client();
    let ta = a.tree_connect(SHARE).unwrap();
    let (mut b, _wb) = e.client();
    let tb = b.tree_connect(SHARE).unwrap();
    let held = a
        .request(Command::CREATE, ta, &dh2q_body("w.bin", 9, [1; 16]))
        .unwrap();
    let (_, _, fa) = created(&held);

    // B's open must wait for A's batch oplock to be broken.
    let body = dh2q_body("w.bin", 0, [2; 16]);
    let id = b.send_request(Command::CREATE, tb, &body).unwrap();
    b.replay = true;
    let early = b.request(Command::CREATE, tb, &body).unwrap();
    assert_eq!(early.status(), NtStatus::FILE_NOT_AVAILABLE);

    a.close(ta, fa).unwrap();
    let done = b.wait(id).unwrap();
    assert_eq!(done.status(), NtStatus::SUCCESS);
    let (_, _, fb) = created(&done);
    let late = b.request(Command::CREATE, tb, &body).unwrap();
    assert_eq!(late.status(), NtStatus::SUCCESS);
    assert_eq!(created(&late).2, fb);
    b.replay = false;
    b.close(tb, fb).unwrap();
    assert!(e.server.create_guids.is_empty());
}

#[test]
fn a_waiting_create_outlives_its_lost_channel_and_a_replay_finds_it() {
    let cfg = ServerConfig {
        interfaces: vec![smb_server::config::InterfaceConfig {
            index: 1,
            rdma: false,
            rss: false,
            speed_bps: 10_000_000_000,
            addr: "127.0.0.1:445".parse().unwrap(),
        }],
        ..Default::default()
    };
    let e = Engine::with(cfg);
    let (mut a, _wa) = e.client();
    let ta = a.tree_connect(SHARE).unwrap();
    let held = a
        .request(Command::CREATE, ta, &dh2q_body("m.bin", 9, [3; 16]))
        .unwrap();
    let (_, _, fa) = created(&held);

    let (mut b1, w1) = e.client();
    let tb = b1.tree_connect(SHARE).unwrap();
    let w2 = e.wire();
    let mut b2 = b1
        .bind_with(
            Box::new(w2.clone()),
            &client::Options {
                user: USER.into(),
                password: PASSWORD.into(),
                ..Default::default()
            },
        )
        .unwrap();
    let body = dh2q_body("m.bin", 0, [4; 16]);
    b1.send_request(Command::CREATE, tb, &body).unwrap();
    // The channel the CREATE came on is lost; the session lives on the other.
    w1.drop_connection();
    b2.channel_sequence = 1;
    b2.replay = true;
    let early = b2.request(Command::CREATE, tb, &body).unwrap();
    assert_eq!(early.status(), NtStatus::FILE_NOT_AVAILABLE);

    a.close(ta, fa).unwrap();
    // The other channel runs the CREATE on (its answer went with the lost channel).
    assert_eq!(w2.waiting(), 0);
    let late = b2.request(Command::CREATE, tb, &body).unwrap();
    assert_eq!(late.status(), NtStatus::SUCCESS);
    let (_, action, fb) = created(&late);
    assert_eq!(
        action, 1,
        "the file existed when the first attempt opened it"
    );
    b2.replay = false;
    b2.close(tb, fb).unwrap();
    assert_eq!(e.server.budget.opens(), 0);
}

#[test]
fn writes_sent_before_a_channel_failure_may_not_land_after() {
    let e = Engine::new();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let r = c
        .request(Command::CREATE, tree, &dh2q_body("s.bin", 0, [9; 16]))
        .unwrap();
    let (_, _, f) = created(&r);
    let w = |c: &mut client::Client| {
        c.request(Command::WRITE, tree, &write_body(f, b"abcd"))
            .unwrap()
            .status()
    };
    let rd = |c: &mut client::Client| {
        c.request(Command::READ, tree, &read_body(f, 4))
            .unwrap()
            .status()
    };
    assert_eq!(w(&mut c), NtStatus::SUCCESS);
    // The client moved to a newer channel sequence (it lost a channel).
    c.channel_sequence = 1;
    assert_eq!(rd(&mut c), NtStatus::SUCCESS);
    c.channel_sequence = 0;
    assert_eq!(w(&mut c), NtStatus::FILE_NOT_AVAILABLE);
    c.replay = true;
    assert_eq!(w(&mut c), NtStatus::FILE_NOT_AVAILABLE);
    c.replay = false;
    assert_eq!(rd(&mut c), NtStatus::SUCCESS, "reads may still come");
    // 0xFFFF is behind 0 only by wrapping: a step back too.
    c.channel_sequence = 0xFFFF;
    assert_eq!(w(&mut c), NtStatus::FILE_NOT_AVAILABLE);
    c.channel_sequence = 1;
    assert_eq!(w(&mut c), NtStatus::SUCCESS);
    c.close(tree, f).unwrap();
}
