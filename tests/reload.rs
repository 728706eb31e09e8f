//! Live configuration (issue 46): SIGHUP adds a share and removes another while a
//! client copies on a third; the copy finishes byte-exact, the new share serves, the
//! removed share's client gets STATUS_NETWORK_NAME_DELETED (as when a Windows share is
//! deleted) and its opens are gone; a user added to the users file signs in; what
//! cannot change live is named in the log; `smbdirectd reload` does the same and says
//! when the configuration does not load; 100 reloads under load leak no descriptor.

mod common;
use client::access;
use common::*;
use smb_wire::NtStatus;
use std::time::{Duration, Instant};

const RW: u32 = access::FILE_READ_DATA | access::FILE_WRITE_DATA;

fn hup(s: &TestServer, count_before: usize) {
    // SAFETY: signalling the test's own child.
    unsafe { libc::kill(s.pid().unwrap() as i32, libc::SIGHUP) };
    let deadline = Instant::now() + Duration::from_secs(20);
    let done = |log: &str| log.matches("configuration reloaded").count() > count_before;
    while !done(&s.log()) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(done(&s.log()), "no reload:\n{}", s.log());
}

fn reloads(s: &TestServer) -> usize {
    s.log().matches("configuration reloaded").count()
}

fn open_fds(s: &TestServer) -> usize {
    std::fs::read_dir(format!("/proc/{}/fd", s.pid().unwrap()))
        .unwrap()
        .count()
}

#[test]
fn sighup_adds_and_removes_shares_without_dropping_anyone_else() {
    let base = tempfile::tempdir().unwrap();
    let (old_dir, new_dir) = (base.path().join("old"), base.path().join("new"));
    std::fs::create_dir_all(&old_dir).unwrap();
    let old_share = format!(
        "\n[[share]]\nname = \"old\"\npath = \"{}\"\n",
        old_dir.display()
    );
    let s = TestServer::start_with(Opts {
        share_extra: old_share.clone(),
        ..Default::default()
    });
    let cfg_path = s.dir.path().join("smbdirectd.toml");
    let text = std::fs::read_to_string(&cfg_path).unwrap();
    let unc = |share: &str| format!("\\\\{}\\{share}", s.host);

    // A client with a file open on the share that goes.
    let mut a = s.tcp_client();
    let ta = a.tree_connect(&unc("old")).unwrap();
    let (fa, _) = a.create(ta, "vm-old.vhdx", RW, 3, 0).unwrap();
    a.write(ta, fa, 0, b"old share data").unwrap();
    // A client copying 32 MiB to the share that stays, meanwhile.
    let data = random_bytes(32 << 20, 5);
    let copy = {
        let mut b = s.tcp_client();
        let data = data.clone();
        let unc = unc("data");
        std::thread::spawn(move || {
            let t = b.tree_connect(&unc).unwrap();
            let (f, _) = b.create(t, "copy.bin", RW, 3, 0).unwrap();
            for (i, chunk) in data.chunks(1 << 20).enumerate() {
                b.write(t, f, (i << 20) as u64, chunk).unwrap();
                std::thread::sleep(Duration::from_millis(5));
            }
            b.close(t, f).unwrap();
        })
    };

    // "old" goes, "new" comes; the users file gains bob.
    let users = s.dir.path().join("users");
    let mut add = std::process::Command::new(env!("CARGO_BIN_EXE_smbdirectd-under-test"))
        .args(["user", "add", "bob", "--password-stdin", "--users"])
        .arg(&users)
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    writeln!(add.stdin.take().unwrap(), "Bob-Pass-123").unwrap();
    assert!(add.wait().unwrap().success());
    let changed = text.replace(&old_share, "").replace(
        "comment = \"test share\"",
        &format!(
            "comment = \"test share\"\n\n[[share]]\nname = \"new\"\npath = \"{}\"\n",
            new_dir.display()
        ),
    );
    // And something that needs a restart: said so in the log, nothing else happens.
    let changed = changed.replace("[workers]\ncount = 1", "[workers]\ncount = 2");
    std::fs::write(&cfg_path, &changed).unwrap();
    // `smbdirectd reload` (the admin socket) answers once the node has reloaded.
    let before = reloads(&s);
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_smbdirectd-under-test"))
        .args(["reload", "--config"])
        .arg(&cfg_path)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", out_text(&o));
    assert_eq!(reloads(&s), before + 1, "{}", s.log());
    let log = s.log();
    assert!(
        log.contains("takes effect at the next start") && log.contains("workers"),
        "{log}"
    );

    // A configuration that does not load: the command fails, nothing changes.
    std::fs::write(&cfg_path, "[server\n").unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_smbdirectd-under-test"))
        .args(["reload", "--socket"])
        .arg(s.dir.path().join("state/admin.sock"))
        .output()
        .unwrap();
    assert!(
        !o.status.success() && out_text(&o).contains("did not load"),
        "{}",
        out_text(&o)
    );
    std::fs::write(&cfg_path, &changed).unwrap();

    // The removed share's client is told, as Windows tells it; its open is gone.
    assert_eq!(
        failure_status(a.read(ta, fa, 0, 14)),
        NtStatus::NETWORK_NAME_DELETED
    );
    assert_eq!(
        failure_status(a.tree_connect(&unc("old"))),
        NtStatus::BAD_NETWORK_NAME
    );
    // The new share serves; bob signs in.
    let tn = a.tree_connect(&unc("new")).unwrap();
    let (fnew, _) = a.create(tn, "vm-new.vhdx", RW, 3, 0).unwrap();
    a.write(tn, fnew, 0, b"new").unwrap();
    a.close(tn, fnew).unwrap();
    assert_eq!(std::fs::read(new_dir.join("vm-new.vhdx")).unwrap(), b"new");
    let bob = client::Client::connect(
        &format!("{}:{}", s.host, s.port),
        &client::Options {
            user: "bob".into(),
            password: "Bob-Pass-123".into(),
            ..user_options()
        },
    );
    assert!(bob.is_ok(), "bob after the reload: {:?}", bob.err());
    // The copy on the untouched share finished whole.
    copy.join().expect("the copy on the untouched share failed");
    assert!(std::fs::read(s.share.join("copy.bin")).unwrap() == data);

    // 100 reloads toggling a share under load: no descriptor left behind.
    let mut c = s.tcp_client();
    let t = c.tree_connect(&unc("data")).unwrap();
    let (f, _) = c.create(t, "load.bin", RW, 3, 0).unwrap();
    let before = open_fds(&s);
    let without_new = changed.replace(
        &format!(
            "\n\n[[share]]\nname = \"new\"\npath = \"{}\"\n",
            new_dir.display()
        ),
        "",
    );
    assert_ne!(without_new, changed);
    for i in 0..100 {
        std::fs::write(&cfg_path, if i % 2 == 0 { &without_new } else { &changed }).unwrap();
        hup(&s, reloads(&s));
        c.write(t, f, (i * 4096) as u64, &[i as u8; 4096]).unwrap();
    }
    let after = open_fds(&s);
    assert!(
        after <= before + 2,
        "descriptors {before} -> {after} over 100 reloads"
    );
    assert_eq!(c.read(t, f, 99 * 4096, 4096).unwrap(), vec![99u8; 4096]);
    c.close(t, f).unwrap();
    let _ = a.close(ta, fa);
}
