//! The Witness service (MS-SWN, issue 51) against an independent client: Samba's
//! rpcclient finds it through the endpoint mapper on TCP 135, logs on with NTLM (raw
//! and inside SPNEGO) at packet privacy, lists the interfaces, registers, and receives
//! the SHARE_MOVE that `smbdirectd move-share` sends and the CLIENT_MOVE that
//! `smbdirectd drain` sends; tshark, given the password, decrypts
//! and decodes every call. Calls below privacy, bad logons and bad registrations get
//! Windows' answers.

mod common;
use common::*;
use smb_wire::header::Command;
use smb_wire::NtStatus;
use std::process::{Command as Cmd, Stdio};
use std::time::{Duration, Instant};

const HOST: &str = "127.0.0.81";

fn server() -> TestServer {
    TestServer::start_with(Opts {
        host_at_445: Some(HOST),
        extra_config: "netbios_name = \"SOFS\"".into(),
        share_extra: "continuous_availability = true\n\n[witness]\nenabled = true".into(),
        ..Default::default()
    })
}

fn rpc_once(binding: &str, password: &str, cmd: &str) -> String {
    let o = Cmd::new("timeout")
        .args(["60", "rpcclient", binding, "-U"])
        .arg(format!("{USER}%{password}"))
        .args(["-c", cmd])
        .output()
        .unwrap();
    out_text(&o)
}

#[test]
fn rpcclient_finds_lists_registers_and_is_told_to_move_when_the_node_drains() {
    if !require_tool("rpcclient") || !require_tool("tshark") {
        return;
    }
    let s = server();
    let cap = s.dir.path().join("witness.pcap");
    let mut tshark = Cmd::new("tshark")
        .args(["-i", "lo", "-f", &format!("host {HOST}"), "-w"])
        .arg(&cap)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));

    // Found through the endpoint mapper (no port given), sealed: raw NTLMSSP, then
    // NTLM inside SPNEGO.
    for binding in [
        format!("ncacn_ip_tcp:{HOST}[seal]"),
        format!("ncacn_ip_tcp:{HOST}[seal,spnego]"),
    ] {
        let out = rpc_once(&binding, PASSWORD, "GetInterfaceList");
        assert!(out.contains(&format!("SOFS {HOST} V2")), "{binding}: {out}");
    }
    // Below packet privacy, or with a wrong password: refused.
    for (binding, pw) in [
        (format!("ncacn_ip_tcp:{HOST}"), PASSWORD),
        (format!("ncacn_ip_tcp:{HOST}[sign]"), PASSWORD),
        (format!("ncacn_ip_tcp:{HOST}[seal]"), "wrong-password"),
    ] {
        let out = rpc_once(&binding, pw, "GetInterfaceList");
        assert!(out.contains("ACCESS_DENIED"), "{binding}: {out}");
    }
    // Registrations Windows would refuse.
    let sealed = format!("ncacn_ip_tcp:{HOST}[seal]");
    for (args, err) in [
        (
            format!("--net=OTHER --ip={HOST} --share=data"),
            "WERR_INVALID_PARAMETER",
        ),
        (
            "--net=SOFS --ip=127.0.0.99 --share=data".into(),
            "WERR_INVALID_STATE",
        ),
        (
            format!("--net=SOFS --ip={HOST} --share=nosuch"),
            "WERR_INVALID_STATE",
        ),
        (
            format!("-v 65537 --net=SOFS --ip={HOST}"),
            "WERR_REVISION_MISMATCH",
        ),
    ] {
        let out = rpc_once(&sealed, PASSWORD, &format!("RegisterEx {args}"));
        assert!(out.contains(err), "{args}: {out}");
    }

    // A host registers and waits; with a keep-alive of 2 s its wait ends in a timeout.
    let mut rpc = Rpc::start(&format!("rpcclient '{sealed}' -U '{USER}%{PASSWORD}'"), &[]);
    let h = rpc.register(&format!("--net=SOFS --ip={HOST} --share=data --timeout=2"));
    let t = Instant::now();
    rpc.send(&format!("AsyncNotify {h}"));
    let out = rpc.until(&["result was", "Client move"], Duration::from_secs(20));
    assert!(out.contains("WERR_TIMEOUT"), "{out}");
    assert!(
        t.elapsed() >= Duration::from_millis(1900),
        "{:?}",
        t.elapsed()
    );
    // UnRegister once (silent, as a success is), and the handle is gone. (One command
    // at a time: rpcclient, fed two lines at once, runs only the first.)
    rpc.send(&format!("UnRegister {h}"));
    std::thread::sleep(Duration::from_millis(1500));
    assert!(
        rpc.lines.try_recv().is_err(),
        "UnRegister answered with an error"
    );
    rpc.send(&format!("UnRegister {h}"));
    rpc.until(&["result was WERR_NOT_FOUND"], Duration::from_secs(20));

    // The share moved to another node's address (a planned rebalancing): a waiting
    // registration naming it is told SHARE_MOVE, and so is one made afterwards; one
    // naming no share is told nothing.
    let cfg = s.dir.path().join("smbdirectd.toml");
    let admin = |args: &[&str]| {
        Cmd::new(env!("CARGO_BIN_EXE_smbdirectd-under-test"))
            .args(args)
            .arg("--config")
            .arg(&cfg)
            .output()
            .unwrap()
    };
    rpc.register_and_wait(&format!("--net=SOFS --ip={HOST} --share=DATA"));
    std::thread::sleep(Duration::from_millis(500));
    let o = admin(&["move-share", "data", "--to", "127.0.0.83"]);
    assert!(o.status.success(), "{}", out_text(&o));
    assert!(
        out_text(&o).contains("clients of data asked to move to 127.0.0.83"),
        "{}",
        out_text(&o)
    );
    let out = rpc.until(&["127.0.0.83", "result was"], Duration::from_secs(20));
    assert!(out.contains("Share move with 1 messages"), "{out}");
    assert!(out.contains("127.0.0.83"), "{out}");
    rpc.register_and_wait(&format!("--net=SOFS --ip={HOST} --share=data"));
    let out = rpc.until(&["127.0.0.83", "result was"], Duration::from_secs(20));
    assert!(out.contains("Share move"), "{out}");
    rpc.register_and_wait(&format!("--net=SOFS --ip={HOST} --timeout=2"));
    let out = rpc.until(&["result was", "move"], Duration::from_secs(20));
    assert!(out.contains("WERR_TIMEOUT"), "{out}");
    let o = admin(&["move-share", "nosuch", "--to", "127.0.0.83"]);
    assert!(!o.status.success(), "{}", out_text(&o));
    // The move cleared: a registration naming the share waits again.
    let o = admin(&["move-share", "data", "--clear"]);
    assert!(o.status.success(), "{}", out_text(&o));
    rpc.register_and_wait(&format!("--net=SOFS --ip={HOST} --share=data --timeout=2"));
    let out = rpc.until(&["result was", "move"], Duration::from_secs(20));
    assert!(out.contains("WERR_TIMEOUT"), "{out}");

    // Another registration (for the node: its share moved away) waits with no limit;
    // the node is drained to another node's address, and the waiting call answers with
    // CLIENT_MOVE to it.
    rpc.register_and_wait(&format!("--net=SOFS --ip={HOST}"));
    std::thread::sleep(Duration::from_millis(500));
    let o = admin(&["drain", "--to", "127.0.0.82"]);
    assert!(o.status.success(), "{}", out_text(&o));
    let out = rpc.until(&["127.0.0.82", "result was"], Duration::from_secs(20));
    assert!(out.contains("Client move with 1 messages"), "{out}");
    assert!(out.contains("Flags 0x00000009 127.0.0.82"), "{out}");
    // A client registering for the drained node is told to move at once.
    rpc.register_and_wait(&format!("--net=SOFS --ip={HOST}"));
    let out = rpc.until(&["127.0.0.82", "result was"], Duration::from_secs(20));
    assert!(out.contains("Client move"), "{out}");
    drop(rpc);

    // The continuously available share reports SHARE_CAP_CLUSTER (with CA: what makes a
    // Windows client use Witness).
    let mut c = s.tcp_client();
    let unc: Vec<u8> = format!("\\\\{HOST}\\data")
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    let mut body = vec![9, 0, 0, 0, 72, 0];
    body.extend_from_slice(&(unc.len() as u16).to_le_bytes());
    body.extend_from_slice(&unc);
    let r = c.request(Command::TREE_CONNECT, 0, &body).unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);
    let caps = u32::from_le_bytes(r.body()[8..12].try_into().unwrap());
    assert_eq!(caps & 0x50, 0x50, "CA and CLUSTER: {caps:#x}");

    // tshark decrypts (NTLM, given the password) and decodes every call, malformed none.
    std::thread::sleep(Duration::from_millis(500));
    let _ = Cmd::new("kill").arg(tshark.id().to_string()).status();
    let _ = tshark.wait();
    let decoded = Cmd::new("tshark")
        .arg("-r")
        .arg(&cap)
        .args(["-o", &format!("ntlmssp.nt_password:{PASSWORD}")])
        .args(["-Y", "witness || epm || _ws.malformed"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&decoded.stdout);
    for want in [
        "Map response, WITNESS",
        "GetInterfaceList response",
        "RegisterEx response",
        "AsyncNotify response",
        "UnRegister response",
    ] {
        assert!(text.contains(want), "{want}:\n{text}");
    }
    assert!(!text.contains("Malformed"), "{text}");
}

/// Two scale-out nodes on a single-host Ceph cluster, each with its own address: a
/// client registered with node B's Witness for node A hears that A went away (kill -9,
/// its lease running out), that it came back, and that it was drained (to B, the node
/// alive), and that its share was moved; the interface list shows both nodes.
#[test]
fn a_node_hears_of_another_nodes_death_return_and_drain() {
    if !testkit::ceph::have_ceph() || !require_tool("rpcclient") {
        return;
    }
    const A: &str = "127.0.0.83";
    const B: &str = "127.0.0.84";
    let dir = tempfile::tempdir().unwrap();
    let c = testkit::ceph::Cluster::start(&dir.path().join("ceph"), "127.0.0.1", 17600);
    let node = |host: &'static str| {
        let mut o = cephfs_opts(
            &c,
            "/shared",
            "continuous_availability = true\nscale_out = true",
            ("lease_seconds = 4", "netbios_name = \"SOFS\""),
        );
        o.host_at_445 = Some(host);
        TestServer::start_with(o)
    };
    let mut a = node(A);
    let mut b = node(B);
    let on_b = format!("ncacn_ip_tcp:{B}[seal]");
    // B lists A once it has read A's record (every quarter lease).
    let end = Instant::now() + Duration::from_secs(15);
    loop {
        let out = rpc_once(&on_b, PASSWORD, "GetInterfaceList");
        if out.contains(&format!(" {A} V2")) {
            assert!(out.contains(&format!(" {B} V2")), "{out}");
            break;
        }
        let ss = Cmd::new("ss").arg("-ltn").output().unwrap();
        assert!(
            Instant::now() < end,
            "B never listed A: {out}\n{}\n{}",
            b.log(),
            out_text(&ss)
        );
        std::thread::sleep(Duration::from_millis(500));
    }

    let mut rpc = Rpc::start(&format!("rpcclient '{on_b}' -U '{USER}%{PASSWORD}'"), &[]);
    let h = rpc.register(&format!("--net=SOFS --ip={A} --share=data"));
    rpc.send(&format!("AsyncNotify {h}"));
    std::thread::sleep(Duration::from_millis(300));
    a.kill9();
    let out = rpc.until(&["Unavailable", "result was"], Duration::from_secs(30));
    assert!(out.contains("Resource change with 1 messages"), "{out}");
    assert!(out.contains(&format!("{A} -> Unavailable")), "{out}");

    rpc.send(&format!("AsyncNotify {h}"));
    a.restart();
    let out = rpc.until(&["Available", "result was"], Duration::from_secs(60));
    assert!(
        out.contains(&format!("{A} -> Available")),
        "{out}\n{}",
        a.log()
    );

    drop(rpc);

    // A planned stop of B (SIGTERM) drains it first: a client registered with A for B
    // is told to move to A.
    let on_a = format!("ncacn_ip_tcp:{A}[seal]");
    let mut rpc = Rpc::start(&format!("rpcclient '{on_a}' -U '{USER}%{PASSWORD}'"), &[]);
    let end = Instant::now() + Duration::from_secs(15);
    let h = loop {
        // (Once A has seen B: every quarter lease.)
        let out = rpc_once(&on_a, PASSWORD, &format!("RegisterEx --net=SOFS --ip={B}"));
        if out.contains("1:") {
            break rpc.register(&format!("--net=SOFS --ip={B} --share=data"));
        }
        assert!(Instant::now() < end, "{out}");
        std::thread::sleep(Duration::from_millis(300));
    };
    rpc.send(&format!("AsyncNotify {h}"));
    std::thread::sleep(Duration::from_millis(300));
    b.stop();
    let out = rpc.until(&[A, "result was"], Duration::from_secs(20));
    assert!(
        out.contains("Client move with 1 messages"),
        "{out}\n{}",
        b.log()
    );
    assert!(b.log().contains("drained before stopping"), "{}", b.log());
    drop(rpc);
    b.restart();

    // A's share moved with no destination named: A picks B (alive again; asked until
    // A has seen B), and B's Witness tells the client registered there for the share
    // on A (through A's record, read every quarter lease).
    let on_b = format!("ncacn_ip_tcp:{B}[seal]");
    let mut rpc = Rpc::start(&format!("rpcclient '{on_b}' -U '{USER}%{PASSWORD}'"), &[]);
    rpc.register_and_wait(&format!("--net=SOFS --ip={A} --share=data"));
    std::thread::sleep(Duration::from_millis(300));
    let admin = |cmd: &[&str]| {
        let end = Instant::now() + Duration::from_secs(15);
        loop {
            let o = Cmd::new(env!("CARGO_BIN_EXE_smbdirectd-under-test"))
                .args(cmd)
                .arg("--config")
                .arg(a.dir.path().join("smbdirectd.toml"))
                .output()
                .unwrap();
            if o.status.success() || Instant::now() > end {
                break o;
            }
            std::thread::sleep(Duration::from_millis(300));
        }
    };
    let o = admin(&["move-share", "data"]);
    assert!(o.status.success(), "{}", out_text(&o));
    assert!(out_text(&o).contains(B), "{}", out_text(&o));
    let out = rpc.until(&[B, "result was"], Duration::from_secs(20));
    assert!(out.contains("Share move with 1 messages"), "{out}");

    // Drained with no destination named: A picks B, and B's Witness tells the client
    // registered there for A.
    rpc.register_and_wait(&format!("--net=SOFS --ip={A}"));
    std::thread::sleep(Duration::from_millis(300));
    let o = admin(&["drain"]);
    assert!(o.status.success(), "{}", out_text(&o));
    assert!(out_text(&o).contains(B), "{}", out_text(&o));
    let out = rpc.until(&[B, "result was"], Duration::from_secs(20));
    assert!(out.contains("Client move with 1 messages"), "{out}");
    drop(rpc);
    assert!(b.log().contains("witness: notified"), "{}", b.log());
}
