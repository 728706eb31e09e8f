//! Operating a running node (issue 46): `smbdirectd status` shows two Hyper-V-like hosts
//! (a persistent handle with a lease and a byte-range lock on a continuously available
//! share, and a plain open), as text and JSON; `close-file` closes a handle for its
//! client and `logoff` ends a session as Windows' NetFileClose and NetSessionDel do;
//! the admin socket is refused to users who are not administrators.

mod common;
use client::{access, FileId, Response};
use common::*;
use smb_wire::header::Command;
use smb_wire::NtStatus;
use std::path::Path;
use std::process::Command as Cmd;
use testkit::bodies::{create_body_with, lock_body};

const RW: u32 = access::FILE_READ_DATA | access::FILE_WRITE_DATA;

fn file_id(r: &Response) -> FileId {
    let m = r.body();
    let le64 = |at: usize| u64::from_le_bytes(m[at..at + 8].try_into().unwrap());
    FileId {
        persistent: le64(64),
        volatile: le64(72),
    }
}

/// `smbdirectd ARGS --config <the test server's>` run as `as_user` (uid:gid) or root.
fn admin(s: &TestServer, args: &[&str], as_user: Option<&str>) -> std::process::Output {
    let bin = env!("CARGO_BIN_EXE_smbdirectd-under-test");
    let cfg = s.dir.path().join("smbdirectd.toml");
    let mut c = match as_user {
        Some(ids) => {
            let (u, g) = ids.split_once(':').unwrap();
            let mut c = Cmd::new("setpriv");
            c.args([
                &format!("--reuid={u}"),
                &format!("--regid={g}"),
                "--clear-groups",
                bin,
            ]);
            c
        }
        None => Cmd::new(bin),
    };
    c.args(args).arg("--config").arg(&cfg);
    c.output().unwrap()
}

fn status_json(s: &TestServer) -> serde_json::Value {
    let o = admin(s, &["status", "--json"], None);
    assert!(o.status.success(), "{}", out_text(&o));
    serde_json::from_slice(&o.stdout).unwrap()
}

#[test]
fn status_shows_the_hosts_and_an_administrator_closes_a_file_and_ends_a_session() {
    let s = TestServer::start_with(Opts {
        share_extra: "continuous_availability = true".into(),
        // Members of nogroup may use the admin socket too.
        extra_config: "admin_group = \"65534\"".into(),
        ..Default::default()
    });
    // Host one: a VM's disk, persistent, with an RWH lease and a byte-range lock.
    let (mut a, ta) = connect_with_guid(&s, *b"hyper-v-host-one");
    let mut dh2q = vec![0u8; 32];
    dh2q[4..8].copy_from_slice(&2u32.to_le_bytes());
    dh2q[16..].copy_from_slice(b"create-guid-0001");
    let mut lease = b"lease-key-000001".to_vec();
    lease.extend_from_slice(&7u32.to_le_bytes());
    lease.extend_from_slice(&[0; 4 + 8 + 16 + 4]);
    let ctxs = vec![(&b"DH2Q"[..], dh2q), (&b"RqLs"[..], lease)];
    let body = create_body_with("vm1.vhdx", 0xFF, RW, 7, 3, &ctxs);
    let r = a.request(Command::CREATE, ta, &body).unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);
    let disk = file_id(&r);
    a.write(ta, disk, 0, &[1; 4096]).unwrap();
    let r = a
        .request(Command::LOCK, ta, &lock_body(disk, 4096, 512, 2))
        .unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);
    // Host two: a plain open.
    let (mut b, tb) = connect_with_guid(&s, *b"hyper-v-host-two");
    let (other, _) = b.create(tb, "vm2.vmcx", RW, 3, 0).unwrap();
    // (Idle a little over a second: connected and idle times show it.)
    std::thread::sleep(std::time::Duration::from_millis(1100));

    let v = status_json(&s);
    let sessions = v["sessions"].as_array().unwrap();
    assert_eq!(sessions.len(), 2, "{v:#}");
    for x in sessions {
        assert!(x["user"].as_str().unwrap().ends_with(USER), "{x}");
        assert_eq!(x["dialect"], "3.1.1");
        assert_eq!(x["authentication"], "ntlm");
        assert_eq!(x["channels"][0]["transport"], "tcp");
        assert!(x["channels"][0]["client"]
            .as_str()
            .unwrap()
            .starts_with("127.0.0.1"));
        assert_eq!(x["trees"][0]["share"], "data");
        assert_eq!(x["opens"], 1);
        assert!(x["connected_seconds"].as_u64().unwrap() >= 1, "{x}");
        assert!(x["idle_seconds"].as_u64().unwrap() >= 1, "{x}");
        assert!(
            x["idle_seconds"].as_u64() <= x["connected_seconds"].as_u64(),
            "{x}"
        );
    }
    let files = v["open_files"].as_array().unwrap();
    let f1 = files
        .iter()
        .find(|f| f["path"] == "vm1.vhdx")
        .expect("vm1.vhdx listed");
    assert_eq!(f1["durable"], "persistent");
    assert_eq!(f1["caching"], "lease RWH");
    assert_eq!(f1["share_access"], "RWD");
    assert_eq!(f1["locks"][0]["offset"], 4096);
    assert_eq!(f1["locks"][0]["exclusive"], true);
    assert_eq!(f1["id"], disk.persistent);
    let f2 = files
        .iter()
        .find(|f| f["path"] == "vm2.vmcx")
        .expect("vm2.vmcx listed");
    assert_eq!(f2["durable"], "");
    let session_b = f2["session"].as_u64().unwrap();

    // The text form says the same.
    let o = admin(&s, &["status"], None);
    let text = out_text(&o);
    eprintln!("{text}");
    for want in [
        "Sessions",
        "vm1.vhdx",
        "vm2.vmcx",
        "persistent",
        "lease RWH",
        "lock 4096 +512 exclusive",
    ] {
        assert!(text.contains(want), "{want:?} missing from:\n{text}");
    }

    // A member of the admin group may look; another user may not.
    let o = admin(&s, &["status", "--json"], Some("65534:65534"));
    assert!(
        o.status.success(),
        "a member of admin_group: {}",
        out_text(&o)
    );
    std::fs::set_permissions(
        s.dir.path(),
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    let o = admin(&s, &["status"], Some("4242:4242"));
    assert!(
        !o.status.success(),
        "a stranger read the status: {}",
        out_text(&o)
    );

    // NetFileClose: the disk's handle is closed for host one.
    let o = admin(&s, &["close-file", &disk.persistent.to_string()], None);
    assert!(o.status.success(), "{}", out_text(&o));
    match a.read(ta, disk, 0, 4096) {
        Err(client::Error::Status(_, st)) => assert_eq!(st, NtStatus::FILE_CLOSED),
        other => panic!("a read on the closed handle: {other:?}"),
    }
    let o = admin(&s, &["close-file", &disk.persistent.to_string()], None);
    assert!(!o.status.success(), "closed twice");
    // Its lock went with it: host two locks the range.
    let (g, _) = b.create(tb, "vm1.vhdx", RW, 1, 0).unwrap();
    let r = b
        .request(Command::LOCK, tb, &lock_body(g, 4096, 512, 2 | 0x10))
        .unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);

    // NetSessionDel: host two's session ends, its opens with it.
    let o = admin(&s, &["logoff", &session_b.to_string()], None);
    assert!(o.status.success(), "{}", out_text(&o));
    match b.read(tb, other, 0, 16) {
        Err(client::Error::Status(_, st)) => assert_eq!(st, NtStatus::USER_SESSION_DELETED),
        other => panic!("a read in the ended session: {other:?}"),
    }
    let v = status_json(&s);
    assert_eq!(v["sessions"].as_array().unwrap().len(), 1, "{v:#}");
    assert!(v["open_files"].as_array().unwrap().is_empty(), "{v:#}");
    a.close(ta, disk).unwrap_err();
}

fn rpcclient(s: &TestServer, user: &str, password: &str, commands: &str) -> String {
    let o = Cmd::new("timeout")
        .args(["60", "rpcclient", "-p"])
        .arg(s.port.to_string())
        .arg("-U")
        .arg(format!("{user}%{password}"))
        .args([s.host.as_str(), "-c", commands])
        .output()
        .unwrap();
    out_text(&o)
}

/// `net rpc ARGS` as the test user (`net rpc` connects to port 445 whatever it is told:
/// the server listens there, on an address of its own).
fn net(s: &TestServer, args: &[&str]) -> std::process::Output {
    Cmd::new("timeout")
        .args(["60", "net", "rpc"])
        .args(args)
        .args(["-S", &s.host])
        .arg("-U")
        .arg(format!("{USER}%{PASSWORD}"))
        .output()
        .unwrap()
}

/// Windows' management calls with Samba's tools as the administrator's stand-in:
/// sessions, open files and connections listed for an administrator and refused to
/// another user; an open file closed through NetFileClose is closed for its client;
/// NetSessionDel ends a session; share information at the levels Windows asks.
#[test]
fn windows_management_rpc_lists_and_closes_for_administrators_only() {
    if !require_tool("rpcclient") || !require_tool("net") {
        return;
    }
    let s = TestServer::start_with(Opts {
        security_extra: format!("administrators = [\"{USER}\"]"),
        more_users: vec![("bob".into(), "Bob-Pass-123".into())],
        host_at_445: Some("127.0.0.78"),
        ..Default::default()
    });
    let (mut a, ta) = connect_with_guid(&s, *b"hyper-v-host-one");
    let (disk, _) = a.create(ta, "vm1.vhdx", RW, 3, 0).unwrap();
    a.write(ta, disk, 0, &[7; 4096]).unwrap();
    let r = a
        .request(Command::LOCK, ta, &lock_body(disk, 0, 4096, 2 | 0x10))
        .unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);
    // (Everything said below must decode in tshark.)
    let cap = (require_tool("tshark") && require_tool("dumpcap")).then(|| {
        testkit::Capture::start(s.dir.path(), &format!("host {} and tcp port 445", s.host))
    });

    // An administrator sees the sessions (ours and rpcclient's own), the file and the
    // tree connects; share information at 1, 2 and 502 (rpcclient's default).
    let out = rpcclient(
        &s,
        USER,
        PASSWORD,
        "netsessenum; netfileenum 3; netsharegetinfo data; netsharegetinfo data 2; netshareenumall 502",
    );
    assert!(out.contains("Received 2 entries."), "{out}");
    assert!(out.contains("C:\\data\\vm1.vhdx"), "{out}");
    assert!(
        out.contains("netname: data") && out.contains("path:\tC:\\data"),
        "{out}"
    );
    assert!(!out.contains("WERR"), "{out}");
    // A share at every level Windows clients ask (rpcclient prints 1 and 1005 itself;
    // 0 and 501 are checked as tshark decodes them); a name to a SID.
    let out = rpcclient(
        &s,
        USER,
        PASSWORD,
        &format!(
            "netsharegetinfo data 0; netsharegetinfo data 1; netsharegetinfo data 501; \
             netsharegetinfo data 1005; lookupnames {USER}"
        ),
    );
    assert!(!out.contains("WERR") && !out.contains("NT_STATUS"), "{out}");
    assert!(
        out.contains("remark:\ttest share") && out.contains("csc caching: 0"),
        "{out}"
    );
    assert!(
        out.contains(&format!("{USER} S-1-5-21-")) && out.contains("(User: 1)"),
        "{out}"
    );
    let o = net(&s, &["file"]);
    let listed = out_text(&o);
    assert!(
        o.status.success() && listed.contains("vm1.vhdx") && listed.contains(USER),
        "{listed}"
    );
    // Anyone else is refused.
    let out = rpcclient(&s, "bob", "Bob-Pass-123", "netfileenum 3");
    assert!(out.contains("WERR_ACCESS_DENIED"), "{out}");
    let out = rpcclient(&s, "bob", "Bob-Pass-123", "netsessenum");
    assert!(out.contains("WERR_ACCESS_DENIED"), "{out}");

    // NetFileClose: the handle is closed for its client, its lock gone.
    let id = (disk.persistent as u32).to_string();
    let o = net(&s, &["file", "close", &id]);
    assert!(o.status.success(), "{}", out_text(&o));
    match a.read(ta, disk, 0, 16) {
        Err(client::Error::Status(_, st)) => assert_eq!(st, NtStatus::FILE_CLOSED),
        other => panic!("a read on the closed handle: {other:?}"),
    }
    let o = net(&s, &["file", "close", &id]);
    assert!(!o.status.success(), "closed twice: {}", out_text(&o));

    // NetSessionDel of the user's sessions from this computer (the caller's own stays):
    // ours ends.
    let out = rpcclient(&s, USER, PASSWORD, &format!("netsessdel 127.0.0.1 {USER}"));
    assert!(!out.contains("WERR"), "{out}");
    match a.create(ta, "again.bin", RW, 3, 0) {
        Err(client::Error::Status(_, st)) => assert_eq!(st, NtStatus::USER_SESSION_DELETED),
        other => panic!("a request in the ended session: {other:?}"),
    }
    if let Some(cap) = cap {
        let file = cap.stop();
        testkit::assert_tshark_decodes(
            &file,
            &[
                // (Wireshark names them as Samba's IDL does.)
                "NetSessEnum",
                "NetFileEnum",
                "NetFileClose",
                "NetSessDel",
                "NetShareGetInfo",
                "NetShareEnumAll",
            ],
            &[],
        );
    }
}

/// SAMR as the ACL editor's pickers and Samba's tools use it (rpcclient as the stand-in):
/// the node's account domain and Builtin, its users and their group, Builtin's aliases
/// with the configured administrators in Administrators; names and RIDs looked up both
/// ways; for administrators only, as Windows Server restricts remote SAM calls.
#[test]
fn samr_lists_the_nodes_accounts_for_administrators_only() {
    if !require_tool("rpcclient") {
        return;
    }
    let s = TestServer::start_with(Opts {
        security_extra: format!("administrators = [\"{USER}\"]"),
        more_users: vec![("bob".into(), "Bob-Pass-123".into())],
        host_at_445: Some("127.0.0.79"),
        ..Default::default()
    });
    let cap = (require_tool("tshark") && require_tool("dumpcap")).then(|| {
        testkit::Capture::start(s.dir.path(), &format!("host {} and tcp port 445", s.host))
    });
    let out = rpcclient(
        &s,
        USER,
        PASSWORD,
        "enumdomains; enumdomusers; enumdomgroups; enumalsgroups builtin; enumalsgroups domain; \
         querydominfo; samlookupnames domain bob; querydispinfo; querygroup 513; \
         queryaliasmem builtin 544; queryaliasinfo builtin 545 2; queryaliasinfo builtin 545 3; queryaliasinfo builtin 545 1",
    );
    for want in [
        "name:[Builtin] idx:[0x1]",
        "user:[alice] rid:[",
        "user:[bob] rid:[",
        "group:[None] rid:[0x201]",
        "group:[Administrators] rid:[0x220]",
        "group:[Hyper-V Administrators] rid:[0x242]",
        "Total Users:\t2",
        "name bob: 0x",
        "Account: alice",
        "Group Name:\tNone",
        "Num Members:2",
    ] {
        assert!(out.contains(want), "{want:?} in {out}");
    }
    assert!(!out.contains("NT_STATUS"), "{out}");
    // The administrator is a member of Administrators, by the SID the pipe gives it.
    let rid_of = |name: &str| {
        let at = out.find(&format!("user:[{name}] rid:[0x")).unwrap() + name.len() + 15;
        u32::from_str_radix(&out[at..at + out[at..].find(']').unwrap()], 16).unwrap()
    };
    let (alice, bob) = (rid_of(USER), rid_of("bob"));
    assert!(
        out.contains(&format!("-{alice}]")) && !out.contains(&format!("-{bob}]")),
        "{out}"
    );
    let out = rpcclient(
        &s,
        USER,
        PASSWORD,
        &format!(
            "queryuser {bob}; queryusergroups {bob}; samlookuprids domain {alice} {bob} 7; \
             getusrdompwinfo {bob}; queryuser 12345"
        ),
    );
    for want in [
        "User Name   :\tbob",
        &format!("user_rid :\t0x{bob:x}"),
        "group_rid:\t0x201",
        "acb_info :\t0x00000210",
        "group rid:[0x201] attr:[0x7]",
        &format!("rid 0x{alice:x}: {USER} (1)"),
        // (An unknown RID: no name, SidTypeUnknown, the lookup partly mapped.)
        "rid 0x7:  (8)",
        "STATUS_SOME_UNMAPPED",
        "min_password_length      : 0x0000 (0)",
        "NT_STATUS_NO_SUCH_USER",
    ] {
        assert!(out.contains(want), "{want:?} in {out}");
    }
    // `net rpc user` and `net rpc group` list through SAMR too.
    let o = Cmd::new("timeout")
        .args(["60", "net", "rpc", "user", "-S", &s.host])
        .arg("-U")
        .arg(format!("{USER}%{PASSWORD}"))
        .output()
        .unwrap();
    let listed = out_text(&o);
    assert!(o.status.success() && listed.contains("bob"), "{listed}");
    // Anyone else is refused at the connect, as Windows Server refuses them.
    let out = rpcclient(&s, "bob", "Bob-Pass-123", "enumdomusers");
    assert!(out.contains("NT_STATUS_ACCESS_DENIED"), "{out}");
    if let Some(cap) = cap {
        let file = cap.stop();
        testkit::assert_tshark_decodes(
            &file,
            &[
                "EnumDomainUsers",
                "QueryDomainInfo",
                "LookupNames",
                "QueryUserInfo",
                "GetMembersInAlias",
                "QueryDisplayInfo",
            ],
            &[],
        );
    }
}

/// NetShareAdd, NetShareSetInfo and NetShareDel by an administrator (Samba's rpcclient
/// and `net rpc share` as Windows' stand-ins): a share made over RPC serves at once and
/// after a restart; only under `share_roots`, only for administrators; a comment
/// changed stays; a deleted share's client gets NETWORK_NAME_DELETED, and a configured
/// share deleted stays deleted across a restart.
#[test]
fn an_administrator_adds_changes_and_deletes_shares_over_rpc() {
    if !require_tool("rpcclient") || !require_tool("net") {
        return;
    }
    let roots = tempfile::tempdir().unwrap();
    for d in ["vms", "vms2"] {
        std::fs::create_dir_all(roots.path().join(d)).unwrap();
    }
    let mut s = TestServer::start_with(Opts {
        security_extra: format!(
            "administrators = [\"{USER}\"]\nshare_roots = [\"{}\"]",
            roots.path().display()
        ),
        more_users: vec![("bob".into(), "Bob-Pass-123".into())],
        host_at_445: Some("127.0.0.80"),
        ..Default::default()
    });
    let cap = (require_tool("tshark") && require_tool("dumpcap")).then(|| {
        testkit::Capture::start(s.dir.path(), &format!("host {} and tcp port 445", s.host))
    });
    // As Windows tools write it: a drive letter and backslashes (doubled: rpcclient's
    // command line takes one away).
    let win = |p: &Path| format!("C:{}", p.display().to_string().replace('/', "\\\\"));
    let vms = win(&roots.path().join("vms"));
    let out = rpcclient(
        &s,
        USER,
        PASSWORD,
        &format!("netshareadd {vms} vms 0 VM-store"),
    );
    assert!(!out.contains("WERR"), "{out}");
    // It serves at once.
    let mut c = s.tcp_client();
    let t = c.tree_connect(&format!("\\\\{}\\vms", s.host)).unwrap();
    let (f, _) = c.create(t, "disk.vhdx", RW, 3, 0).unwrap();
    c.write(t, f, 0, b"made over rpc").unwrap();
    c.close(t, f).unwrap();
    assert!(roots.path().join("vms/disk.vhdx").exists());
    // A name taken, a directory outside the roots, one that does not exist; anyone else.
    let out = rpcclient(
        &s,
        USER,
        PASSWORD,
        &format!("netshareadd {vms} VMS 0 again; netshareadd C:\\\\etc etc; netshareadd C:\\\\nowhere gone"),
    );
    let said: Vec<&str> = out.lines().filter(|l| l.contains("WERR")).collect();
    assert_eq!(
        said,
        [
            "result was WERR_NERR_DUPLICATESHARE",
            "result was WERR_ACCESS_DENIED",
            "result was WERR_NERR_UNKNOWNDEVDIR"
        ],
        "{out}"
    );
    let out = rpcclient(
        &s,
        "bob",
        "Bob-Pass-123",
        &format!("netshareadd {vms} bobs; netsharedel data"),
    );
    assert!(out.contains("WERR_ACCESS_DENIED"), "{out}");
    // `net rpc share add` (level 2, a Unix path) and a comment changed (502).
    let o = Cmd::new("timeout")
        .args(["60", "net", "rpc", "share", "add"])
        .arg(format!("vms2={}", roots.path().join("vms2").display()))
        .args(["-C", "second store", "-S", &s.host])
        .arg("-U")
        .arg(format!("{USER}%{PASSWORD}"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", out_text(&o));
    let out = rpcclient(&s, USER, PASSWORD, "netsharesetinfo vms Renamed-store");
    assert!(!out.contains("WERR"), "{out}");
    // Kept across a restart.
    s.stop();
    s.restart();
    let out = rpcclient(&s, USER, PASSWORD, "netshareenumall");
    for want in [
        "netname: vms\n\tremark:\tRenamed-store",
        "netname: vms2\n\tremark:\tsecond store",
        "netname: data",
    ] {
        assert!(out.contains(want), "{want:?} in {out}");
    }
    // Deleted: a client of the share is told its tree is gone; a configured share
    // deleted stays deleted after a restart.
    let mut c = s.tcp_client();
    let t = c.tree_connect(&format!("\\\\{}\\vms2", s.host)).unwrap();
    let out = rpcclient(
        &s,
        USER,
        PASSWORD,
        "netsharedel vms2; netsharedel data; netsharedel data",
    );
    let said: Vec<&str> = out.lines().filter(|l| l.contains("WERR")).collect();
    assert_eq!(said, ["result was WERR_NERR_NETNAMENOTFOUND"], "{out}");
    match c.create(t, "x.bin", RW, 3, 0) {
        Err(client::Error::Status(_, st)) => assert_eq!(st, NtStatus::NETWORK_NAME_DELETED),
        other => panic!("a request on a deleted share: {other:?}"),
    }
    s.stop();
    s.restart();
    let out = rpcclient(&s, USER, PASSWORD, "netshareenumall");
    assert!(
        out.contains("netname: vms\n")
            && !out.contains("netname: data")
            && !out.contains("netname: vms2"),
        "{out}"
    );
    assert!(
        roots.path().join("vms2").is_dir(),
        "deleting a share leaves its directory"
    );
    if let Some(cap) = cap {
        let file = cap.stop();
        testkit::assert_tshark_decodes(
            &file,
            &["NetShareAdd", "NetShareSetInfo", "NetShareDel"],
            &[],
        );
    }
}
