//! Interop with Samba's smbclient: every dialect family, signing and encryption, a 64 MiB
//! random file both ways byte-exact, and the everyday commands.

mod common;
use common::*;

fn round_trip(proto_args: &[&str]) {
    if !require_tool("smbclient") {
        return;
    }
    let s = TestServer::start();
    let src = s.dir.path().join("src.bin");
    std::fs::write(&src, random_bytes(64 << 20, 7)).unwrap();
    let o = s.smbclient(
        proto_args,
        "put src.bin big.bin; mkdir d; rename big.bin d\\moved.bin; ls; ls d\\*; \
         allinfo d\\moved.bin; get d\\moved.bin back.bin",
    );
    let text = out_text(&o);
    assert!(o.status.success(), "{text}\nserver log:\n{}", s.log());
    assert!(!text.contains("NT_STATUS_"), "{text}");
    assert!(text.contains("altname: MOVED.BIN"), "{text}");
    assert!(text.contains("moved.bin"), "{text}");
    assert!(
        text.contains("create_time:") || text.contains("altname:"),
        "{text}"
    );
    assert!(
        same_file(&src, &s.share.join("d/moved.bin")),
        "server copy differs"
    );
    assert!(
        same_file(&src, &s.dir.path().join("back.bin")),
        "downloaded copy differs"
    );
    let o = s.smbclient(proto_args, "rm d\\moved.bin; rmdir d; ls");
    assert!(o.status.success(), "{}", out_text(&o));
    assert!(
        !s.share.join("d").exists(),
        "rmdir did not remove the directory"
    );
}

#[test]
fn smb3_11_signing_required() {
    round_trip(&["-m", "SMB3_11", "--client-protection=sign"]);
}

#[test]
fn smb3_11_encrypted() {
    round_trip(&["-m", "SMB3_11", "--client-protection=encrypt"]);
}

#[test]
fn smb3_00() {
    round_trip(&["-m", "SMB3_00", "--client-protection=sign"]);
}

#[test]
fn smb2_02() {
    round_trip(&["-m", "SMB2_02"]);
}

#[test]
fn list_shares() {
    if !require_tool("smbclient") {
        return;
    }
    let s = TestServer::start();
    let o = std::process::Command::new("timeout")
        .args(["60", "smbclient", "-L", "127.0.0.1", "-p"])
        .arg(s.port.to_string())
        .arg("-U")
        .arg(format!("{USER}%{PASSWORD}"))
        .arg("-m")
        .arg("SMB3_11")
        .output()
        .unwrap();
    let text = out_text(&o);
    assert!(
        text.contains("data") && text.contains("Disk"),
        "{text}\n{}",
        s.log()
    );
    assert!(text.contains("IPC$"), "{text}");
    assert!(text.contains("test share"), "{text}");
}

#[test]
fn wrong_password_is_logon_failure() {
    if !require_tool("smbclient") {
        return;
    }
    let s = TestServer::start();
    let o = std::process::Command::new("timeout")
        .args(["60", "smbclient"])
        .arg(s.unc())
        .arg("-p")
        .arg(s.port.to_string())
        .args(["-U", "alice%wrong", "-m", "SMB3_11", "-c", "ls"])
        .output()
        .unwrap();
    let text = out_text(&o);
    assert!(!o.status.success(), "{text}");
    assert!(text.contains("NT_STATUS_LOGON_FAILURE"), "{text}");
    let o = std::process::Command::new("timeout")
        .args(["60", "smbclient"])
        .arg(s.unc())
        .arg("-p")
        .arg(s.port.to_string())
        .args(["-N", "-m", "SMB3_11", "-c", "ls"])
        .output()
        .unwrap();
    let text = out_text(&o);
    assert!(!o.status.success(), "anonymous must be refused: {text}");
}

/// `smbcacls --set` (Samba's ACL tool, which sends its ACL as revision 3) replaces a
/// file's DACL, and `smbcacls` reads back what was set.
#[test]
fn smbcacls_set_replaces_an_acl() {
    if !require_tool("smbcacls") {
        return;
    }
    // smbcacls cannot be told a port: the server listens at 445 on an address of its own.
    let mut s = TestServer::start_with(Opts {
        host_at_445: Some("127.0.0.77"),
        ..Default::default()
    });
    std::fs::write(s.share.join("acl.txt"), b"x").unwrap();
    let cacls = |args: &[&str]| {
        std::process::Command::new("timeout")
            .args(["60", "smbcacls", &s.unc(), "acl.txt"])
            .arg("-U")
            .arg(format!("{USER}%{PASSWORD}"))
            .args(["-m", "SMB3_11"])
            .args(args)
            .output()
            .unwrap()
    };
    let o = cacls(&["--set", "ACL:Everyone:ALLOWED/0x0/READ"]);
    let text = out_text(&o);
    assert!(
        o.status.success(),
        "--set: {text}\nserver log:\n{}",
        s.log()
    );
    let o = cacls(&[]);
    let text = out_text(&o);
    assert!(o.status.success(), "read back: {text}");
    assert!(text.contains("ACL:Everyone:ALLOWED/0x0/READ"), "{text}");
    s.stop();
}
