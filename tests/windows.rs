//! Windows semantics that clients depend on, each checked against what Windows (and the
//! MS-SMB2/MS-FSA rules it follows) does: tried with independent clients and our own.

mod common;

use client::access;
use common::*;
use smb_wire::header::Command;
use testkit::bodies::*;

/// A client that opens with an SMB1 NEGOTIATE offering SMB2 (the multi-protocol
/// negotiate, MS-SMB2 3.3.5.3.1) is answered as SMB2 message 0 and goes on with message 1:
/// the wildcard form ("SMB 2.???", then an SMB2 NEGOTIATE) and the "SMB 2.002" form.
#[test]
fn a_multi_protocol_negotiate_leads_to_a_working_session() {
    if !require_tool("smbclient") {
        return;
    }
    let s = TestServer::start();
    std::fs::write(s.share.join("hello.txt"), b"hello").unwrap();
    for max in ["SMB3_11", "SMB2_02"] {
        let min = "--option=client min protocol=NT1".to_string();
        let max = format!("--option=client max protocol={max}");
        let o = s.smbclient(&[&min, &max], "ls; get hello.txt got.txt");
        let text = out_text(&o);
        assert!(
            o.status.success(),
            "{max}: {text}\nserver log:\n{}",
            s.log()
        );
        assert!(text.contains("hello.txt"), "{text}");
        assert_eq!(
            std::fs::read(s.dir.path().join("got.txt")).unwrap(),
            b"hello"
        );
        std::fs::remove_file(s.dir.path().join("got.txt")).unwrap();
    }
}

/// A share on a file system without user extended attributes (ramfs here; tmpfs before
/// Linux 6.6): the server says so at start, offers no EAs or ACLs there, and everyday
/// operations (a touch: SET_INFO FileBasicInformation with times and attributes; a create
/// with a security descriptor) work instead of failing with INTERNAL_ERROR.
#[test]
fn a_share_without_user_xattrs_keeps_working() {
    fn ramfs(share: &std::path::Path) {
        let ok = std::process::Command::new("mount")
            .args(["-t", "ramfs", "none"])
            .arg(share)
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "mounting ramfs (needs root) failed");
    }
    // (Declared first, so dropped after the server, even if the test fails.)
    let _mount: Mounted;
    let srv = TestServer::start_with(Opts {
        prepare_share: Some(ramfs),
        ..Default::default()
    });
    _mount = Mounted(srv.share.clone());
    assert!(
        srv.log().contains("no user extended attributes"),
        "{}",
        srv.log()
    );
    let mut c = srv.tcp_client();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let rw = access::FILE_READ_DATA | access::FILE_WRITE_DATA | 0x100;
    let (f, _) = c.create(tree, "touched.txt", rw, 2, 0).unwrap();
    // FileBasicInformation: creation 0 (unchanged), access/write/change times, ARCHIVE.
    let t: u64 = 133_000_000_000_000_000;
    let info = le(&[
        &0u64.to_le_bytes(),
        &t.to_le_bytes(),
        &t.to_le_bytes(),
        &t.to_le_bytes(),
        &0x20u32.to_le_bytes(),
        &0u32.to_le_bytes(),
    ]);
    let body = set_info_body(f, 1, 4, &info);
    let r = c.request(Command::SET_INFO, tree, &body).unwrap();
    assert_eq!(r.status().to_string(), "STATUS_SUCCESS");
    let mtime = std::fs::metadata(srv.share.join("touched.txt"))
        .unwrap()
        .modified()
        .unwrap();
    let secs = mtime
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    assert_eq!(secs, (t / 10_000_000) - 11_644_473_600);
    // FileFsAttributeInformation: no EAs, no persistent ACLs offered.
    let info = c.query_info(tree, f, 2, 5).unwrap();
    let flags = u32::from_le_bytes(info[..4].try_into().unwrap());
    assert_eq!(flags & (0x0080_0000 | 0x8), 0, "flags {flags:#x}");
    assert!(!srv.log().contains("INTERNAL_ERROR"));
}

/// A session has at most 32 channels (as Windows and Samba): the 33rd binding gets
/// INSUFFICIENT_RESOURCES, signed, and the session goes on.
#[test]
fn a_session_has_at_most_32_channels() {
    let s = TestServer::start();
    let opts = client::Options {
        user: USER.into(),
        password: PASSWORD.into(),
        dialects: vec![smb_wire::negotiate::dialect::SMB311],
        ..Default::default()
    };
    let addr = format!("127.0.0.1:{}", s.port);
    let mut c = s.tcp_client();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let channels: Vec<_> = (1..32)
        .map(|_| c.bind(&addr, false, &opts).unwrap())
        .collect();
    let e = c
        .bind(&addr, false, &opts)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(e.contains("INSUFFICIENT_RESOURCES"), "{e}");
    drop(channels);
    assert!(c
        .create(tree, "after.txt", access::FILE_READ_DATA, 2, 0)
        .is_ok());
}
