//! Witness (MS-SWN) for a domain-joined Hyper-V host: the host's computer account logs
//! on to the node's Witness service with Kerberos (inside SPNEGO, as Windows' witness
//! client does, and bare), every call sealed with Kerberos' DCE-style wrap tokens;
//! rpcclient lists the interfaces, registers, waits and is told to move when the node
//! drains; tshark, given the node's keytab, decrypts and decodes the calls.

use super::*;

const HOST: &str = "127.0.0.86";

/// rpcclient as the principal of `ccache`, Kerberos only, one command; node1.lab.test
/// is HOST for it alone (nss_wrapper's hosts file in `dir`: Kerberos needs the name).
fn rpc_krb(d: &Domain, dir: &Path, ccache: &str, binding: &str, cmd: &str) -> String {
    let hosts = dir.join("hosts");
    if !hosts.exists() {
        std::fs::write(&hosts, format!("{HOST} node1.lab.test node1\n")).unwrap();
    }
    let o = Cmd::new("timeout")
        .env("LD_PRELOAD", "libnss_wrapper.so")
        .env("NSS_WRAPPER_HOSTS", &hosts)
        .env("NSS_WRAPPER_PASSWD", "/etc/passwd")
        .env("NSS_WRAPPER_GROUP", "/etc/group")
        .args(["60", "rpcclient", binding, "--use-kerberos=required", "-N"])
        .arg(format!("--use-krb5-ccache={ccache}"))
        .args(["-c", cmd])
        .envs(d.env(ccache))
        .output()
        .unwrap();
    out_text(&o)
}

#[test]
fn a_domain_joined_host_registers_with_witness_by_kerberos() {
    if !require_tool("rpcclient") || !require_tool("tshark") || !require_tool("dumpcap") {
        return;
    }
    let nss_wrapper = Path::new("/usr/lib/x86_64-linux-gnu/libnss_wrapper.so").exists();
    if !testkit::require("libnss-wrapper", nss_wrapper, "scripts/install-deps") {
        return;
    }
    let Some(d) = Domain::start() else { return };
    let node_kt = d.computer(
        "NODE1",
        &[
            "host/node1.lab.test",
            "cifs/node1.lab.test",
            &format!("host/{HOST}"),
        ],
    );
    let hv1_kt = d.computer("HV1", &[]);
    let extra = format!(
        "netbios_name = \"NODE1\"\ndomain = \"LAB\"\n\
         [kerberos]\nkeytab = \"{kt}\"\nrealm = \"{REALM}\"\nkrb5_conf = \"{conf}\"",
        kt = node_kt.display(),
        conf = d.krb5_conf.display(),
    );
    let s = TestServer::start_with(Opts {
        host_at_445: Some(HOST),
        extra_config: extra,
        share_extra: "continuous_availability = true\n\n[witness]\nenabled = true".into(),
        ..Default::default()
    });
    let cap = testkit::Capture::start(s.dir.path(), &format!("host {HOST}"));

    // The Hyper-V host's computer account, as its witness client logs on: Kerberos in
    // SPNEGO (what Windows sends) and bare, sealed.
    let hv1_cc = d.kinit("HV1$", Secret::Keytab(&hv1_kt));
    for binding in [
        "ncacn_ip_tcp:node1.lab.test[seal,spnego]",
        "ncacn_ip_tcp:node1.lab.test[seal,krb5]",
    ] {
        let out = rpc_krb(&d, s.dir.path(), &hv1_cc, binding, "GetInterfaceList");
        assert!(
            out.contains(&format!("NODE1 {HOST} V2")),
            "{binding}: {out}"
        );
    }
    let log = s.log();
    assert!(
        log.contains("witness: logged on user=LAB\\HV1$ mechanism=Kerberos"),
        "{log}"
    );
    // Below packet privacy: refused, as with NTLM.
    let out = rpc_krb(
        &d,
        s.dir.path(),
        &hv1_cc,
        "ncacn_ip_tcp:node1.lab.test[sign,spnego]",
        "GetInterfaceList",
    );
    assert!(out.contains("ACCESS_DENIED"), "{out}");

    // The host registers and waits (a sealed call left pending); the node drains to
    // another address and the wait answers CLIENT_MOVE to it.
    let hosts = s.dir.path().join("hosts");
    let mut envs = d.env(&hv1_cc);
    envs.extend([
        ("LD_PRELOAD".to_string(), "libnss_wrapper.so".to_string()),
        ("NSS_WRAPPER_HOSTS".into(), hosts.display().to_string()),
        ("NSS_WRAPPER_PASSWD".into(), "/etc/passwd".into()),
        ("NSS_WRAPPER_GROUP".into(), "/etc/group".into()),
    ]);
    let mut rpc = Rpc::start(
        &format!(
            "rpcclient 'ncacn_ip_tcp:node1.lab.test[seal,spnego]' --use-kerberos=required -N \
             --use-krb5-ccache={hv1_cc}"
        ),
        &envs,
    );
    let h = rpc.register(&format!("--net=NODE1 --ip={HOST} --share=data"));
    rpc.send(&format!("AsyncNotify {h}"));
    std::thread::sleep(Duration::from_millis(500));
    let o = Cmd::new(env!("CARGO_BIN_EXE_smbdirectd-under-test"))
        .args(["drain", "--to", "127.0.0.87", "--config"])
        .arg(s.dir.path().join("smbdirectd.toml"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", out_text(&o));
    let out = rpc.until(&["127.0.0.87", "result was"], Duration::from_secs(20));
    assert!(out.contains("Client move with 1 messages"), "{out}");
    drop(rpc);

    // tshark, given the node's keytab, opens the sealed calls and decodes them.
    let cap = cap.stop();
    let decoded = Cmd::new("tshark")
        .arg("-r")
        .arg(&cap)
        .args(["-o", "kerberos.decrypt:TRUE", "-o"])
        .arg(format!("kerberos.file:{}", node_kt.display()))
        .args(["-Y", "witness || _ws.malformed"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&decoded.stdout);
    for want in [
        "GetInterfaceList response",
        "RegisterEx response",
        "AsyncNotify response",
    ] {
        assert!(text.contains(want), "{want}:\n{text}");
    }
    assert!(!text.contains("Malformed"), "{text}");
}
