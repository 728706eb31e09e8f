//! Interop with Python smbprotocol (an independent SMB 3.1.1 client) with encryption, and
//! confinement: escape attempts get the proper status and nothing outside the share changes.

mod common;
use common::*;

#[test]
fn smbprotocol_encrypted_and_confined() {
    if !require_python_module("smbclient") {
        return;
    }
    let s = TestServer::start();
    let outside = s.dir.path().join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("keep.txt"), b"keep").unwrap();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/py/smbprotocol_check.py");
    let o = std::process::Command::new("timeout")
        .args(["300", "python3", script])
        .arg(s.port.to_string())
        .args([USER, PASSWORD])
        .arg(&s.share)
        .arg(&outside)
        .output()
        .unwrap();
    let text = out_text(&o);
    assert!(o.status.success(), "{text}\nserver log:\n{}", s.log());
    assert!(text.contains("ALL OK"), "{text}");
    assert_eq!(std::fs::read(outside.join("keep.txt")).unwrap(), b"keep");
    assert!(!s.dir.path().join("escape.txt").exists());
}

/// Stock impacket 0.13 (which does not ask for directory leasing, and broke when it was
/// offered anyway): lists the shares, makes a folder, writes, lists, reads back, removes.
#[test]
fn impacket_lists_reads_and_writes_a_share() {
    if !require_python_module("impacket") {
        return;
    }
    py_check(&TestServer::start(), "impacket_check.py");
}

/// Durable handles with smbprotocol: reconnected after a lost connection with their data,
/// gone once their timeout runs out, closed when a new open must break their oplock.
#[test]
fn smbprotocol_durable_handles_survive_a_lost_connection() {
    if !require_python_module("smbprotocol") {
        return;
    }
    durable_check(&TestServer::start());
}

/// The same on an SPDK share (the blobstore on a file through SPDK's aio bdev).
#[test]
fn smbprotocol_durable_handles_on_an_spdk_share() {
    if !require_python_module("smbprotocol") || !have_spdk() {
        return;
    }
    let (_dev_dir, device) = formatted_device(1 << 30);
    durable_check(&spdk_server(&device));
}

/// smbprotocol's durable-handle script against `s`: it must say ALL OK.
fn durable_check(s: &TestServer) {
    py_check(s, "durable_check.py");
}

/// The Python check `tests/py/NAME` against `s` (argv: port, user, password): it must
/// succeed and say ALL OK.
fn py_check(s: &TestServer, name: &str) {
    let script = format!("{}/py/{name}", env!("CARGO_MANIFEST_DIR"));
    let o = std::process::Command::new("timeout")
        .args(["120", "python3", &script])
        .arg(s.port.to_string())
        .args([USER, PASSWORD])
        .output()
        .unwrap();
    let text = out_text(&o);
    assert!(o.status.success(), "{text}\nserver log:\n{}", s.log());
    assert!(text.contains("ALL OK"), "{text}");
}
