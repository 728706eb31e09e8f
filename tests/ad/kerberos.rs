//! Kerberos on a node: reauthentication, replays and wrong keys, RC4 tickets only where
//! allowed, sessions that end with their tickets, constrained delegation (S4U2Proxy), and a
//! node joined with `adcli`.

use super::*;

/// A server for NODE1's keytab with metrics; its metrics port.
fn node_server(d: &Domain) -> (TestServer, u16, PathBuf) {
    node_server_with(d, "", "")
}

/// As [`node_server`], with more configuration and share settings.
fn node_server_with(d: &Domain, extra: &str, share_extra: &str) -> (TestServer, u16, PathBuf) {
    // (cifs/127.0.0.1 too: smbprotocol names the service by the address it dials.)
    let node_kt = d.computer("NODE1", &["cifs/node1.lab.test", "cifs/127.0.0.1"]);
    let mport = free_port();
    let extra = format!(
        "netbios_name = \"NODE1\"\ndomain = \"LAB\"\n[metrics]\nlisten = \"127.0.0.1:{mport}\"\n\
         [kerberos]\nkeytab = \"{kt}\"\nrealm = \"{REALM}\"\nkrb5_conf = \"{conf}\"\n{extra}",
        kt = node_kt.display(),
        conf = d.krb5_conf.display(),
    );
    let s = TestServer::start_with(Opts {
        extra_config: extra,
        share_extra: share_extra.to_string(),
        ..Default::default()
    });
    (s, mport, node_kt)
}

/// A re-authentication with a fresh ticket keeps the session and its opens. An
/// authenticator sent twice is refused the second time (the replay
/// cache), a ticket for a service the keytab has no key for is refused, each with its
/// reason in the audit log; logons are counted by mechanism and result; tshark with the
/// keytab decrypts the AP-REQ and shows the PAC the server read; Python smbprotocol logs
/// on with Kerberos (a bare krb5 token, no SPNEGO) and encrypts.
#[test]
fn kerberos_reauthentication_replays_and_wrong_keys() {
    if !require_tool("tshark") || !require_tool("dumpcap") {
        return;
    }
    let Some(d) = Domain::start() else { return };
    d.user("hvadmin", "Hv-Admin-Pass1");
    d.tool(&["group", "add", "Hyper-V Admins"]);
    d.tool(&["group", "addmembers", "Hyper-V Admins", "hvadmin"]);
    let admins_rid = d
        .sid_of("Hyper-V Admins")
        .rsplit('-')
        .next()
        .unwrap()
        .to_string();
    d.computer("OTHER", &["cifs/other.lab.test"]);
    let (s, mport, node_kt) = node_server(&d);
    let addr = format!("127.0.0.1:{}", s.port);

    // A session of the user's; a re-authentication with a fresh ticket keeps it and
    // its open. (That a session ends with its ticket: a_kerberos_session_ends_with_its_ticket.)
    let first_cc = d.kinit("hvadmin", Secret::Password("Hv-Admin-Pass1"));
    let cap = testkit::Capture::start(s.dir.path(), &format!("tcp port {}", s.port));
    let mut c = client::Client::connect(&addr, &krb_options(&first_cc)).unwrap();
    let cap = cap.stop();
    let (tree, f) = vm_disk(&mut c);
    let fresh = d.kinit("hvadmin", Secret::Password("Hv-Admin-Pass1"));
    c.reauthenticate(&krb_options(&fresh)).unwrap();
    assert_eq!(c.read(tree, f, 0, 10).unwrap(), b"guest data");
    c.close(tree, f).unwrap();

    // The same AP-REQ twice: the second is a replay.
    let mut init =
        gss::Initiator::new(Some(&fresh), &format!("cifs/node1.lab.test@{REALM}")).unwrap();
    let ap_req = init.step(&[]).unwrap();
    let token = smb_auth::spnego::init_token(&[smb_auth::spnego::OID_KRB5], &ap_req);
    let mut first = client::Client::negotiated(&addr, &Default::default()).unwrap();
    assert_eq!(
        first.session_setup_token(&token).unwrap().status(),
        NtStatus::SUCCESS
    );
    let mut again = client::Client::negotiated(&addr, &Default::default()).unwrap();
    assert_eq!(
        again.session_setup_token(&token).unwrap().status(),
        NtStatus::LOGON_FAILURE
    );
    // A ticket for another service (no key for it here).
    let mut other =
        gss::Initiator::new(Some(&fresh), &format!("cifs/other.lab.test@{REALM}")).unwrap();
    let token =
        smb_auth::spnego::init_token(&[smb_auth::spnego::OID_KRB5], &other.step(&[]).unwrap());
    let mut wrong = client::Client::negotiated(&addr, &Default::default()).unwrap();
    assert_eq!(
        wrong.session_setup_token(&token).unwrap().status(),
        NtStatus::LOGON_FAILURE
    );
    let log = s.log();
    assert!(
        log.contains("replay"),
        "the replay's reason is logged: {log}"
    );
    assert!(log.matches("logon failed").count() >= 2, "{log}");

    // Counted: three Kerberos logons succeeded (logon, re-authentication, the first
    // of the pair), two failed.
    let ok = metric_value(
        mport,
        "smbdirectd_logons_total{mechanism=\"kerberos\",result=\"succeeded\"}",
    );
    let failed = metric_value(
        mport,
        "smbdirectd_logons_total{mechanism=\"kerberos\",result=\"failed\"}",
    );
    assert_eq!((ok, failed), (3.0, 2.0));

    // Python smbprotocol (pyspnego over python-gssapi) with Kerberos, encrypted.
    if require_python_module("gssapi") {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/py/kerberos_check.py");
        let o = Cmd::new("timeout")
            .args(["120", "python3", script, "127.0.0.1", &s.port.to_string()])
            .envs(d.env(&fresh))
            .output()
            .unwrap();
        let text = out_text(&o);
        assert!(
            o.status.success() && text.contains("ALL OK"),
            "{text}\n{}",
            s.log()
        );
        assert_eq!(
            std::fs::read(s.share.join("from-smbprotocol.txt")).unwrap(),
            b"kerberos via smbprotocol"
        );
    }

    // tshark, given the keytab, decrypts the ticket: the PAC names the user and the
    // group the server granted access by.
    let out = Cmd::new("tshark")
        .arg("-r")
        .arg(&cap)
        .args(["-d", &format!("tcp.port=={},nbss", s.port)])
        .args(["-o", "kerberos.decrypt:TRUE", "-o"])
        .arg(format!("kerberos.file:{}", node_kt.display()))
        .arg("-V")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("PAC_LOGON_INFO"), "no PAC decoded:\n{text}");
    assert!(text.contains("hvadmin"), "{text}");
    assert!(
        text.contains(&admins_rid),
        "group RID {admins_rid} in the PAC"
    );
}

/// A service ticket encrypted with RC4-HMAC (the node's account has no AES keys) is
/// refused unless `kerberos.allow_rc4` says otherwise; the audit log says why.
#[test]
fn rc4_tickets_only_where_allowed() {
    let Some(d) = Domain::start() else { return };
    d.user("hvadmin", "Hv-Admin-Pass1");
    let kt = d.computer_with("RC4NODE", &["cifs/rc4node.lab.test"], 4);
    let cc = d.kinit("hvadmin", Secret::Password("Hv-Admin-Pass1"));
    let target = format!("cifs/rc4node.lab.test@{REALM}");
    let opts = client::Options {
        kerberos: Some(client::Kerberos::Ccache {
            ccache: cc.clone(),
            target: target.clone(),
            lifetime_s: 0,
        }),
        ..Default::default()
    };
    for allow in [false, true] {
        let extra = format!(
            "netbios_name = \"RC4NODE\"\n[kerberos]\nkeytab = \"{}\"\nrealm = \"{REALM}\"\n\
             krb5_conf = \"{}\"\nallow_rc4 = {allow}\n",
            kt.display(),
            d.krb5_conf.display()
        );
        let s = TestServer::start_with(Opts {
            extra_config: extra,
            ..Default::default()
        });
        let r = client::Client::connect(&format!("127.0.0.1:{}", s.port), &opts);
        if allow {
            let mut c = r.unwrap_or_else(|e| panic!("{e}\n{}", s.log()));
            c.tree_connect("\\\\rc4node.lab.test\\data").unwrap();
        } else {
            assert!(
                matches!(r, Err(client::Error::Status(_, NtStatus::LOGON_FAILURE))),
                "{:?}",
                r.err()
            );
            let log = s.log();
            assert!(
                log.contains("logon failed") && log.to_lowercase().contains("enctype")
                    || log.to_lowercase().contains("encryption type"),
                "{log}"
            );
        }
    }
}

/// A session ends with its ticket. The client asks the KDC for a service ticket of
/// 40 seconds (RFC 4120 `till`; Samba's KDC refuses to use a ticket-granting ticket in
/// its last two minutes, so the short life is the service ticket's); once it has ended
/// the server answers STATUS_NETWORK_SESSION_EXPIRED (not before the ticket's end, nor
/// long after it), and a re-authentication with a fresh ticket on the same session
/// keeps the open.
#[test]
fn a_kerberos_session_ends_with_its_ticket() {
    let Some(d) = Domain::start() else { return };
    d.user("hvadmin", "Hv-Admin-Pass1");
    let (s, _, _) = node_server(&d);
    let addr = format!("127.0.0.1:{}", s.port);
    let cc = d.kinit("hvadmin", Secret::Password("Hv-Admin-Pass1"));
    let mut short = krb_options(&cc);
    if let Some(client::Kerberos::Ccache { lifetime_s, .. }) = &mut short.kerberos {
        *lifetime_s = 40;
    }
    let mut c = client::Client::connect(&addr, &short).unwrap();
    // (The ticket was issued during connect: its 40 s run from about here.)
    let t0 = Instant::now();
    let (tree, f) = vm_disk(&mut c);
    let ended = loop {
        match c.read(tree, f, 0, 10) {
            Ok(_) => {}
            Err(client::Error::Status(_, NtStatus::NETWORK_SESSION_EXPIRED)) => break t0.elapsed(),
            Err(e) => panic!("after {:?}: {e:?}\n{}", t0.elapsed(), s.log()),
        }
        assert!(
            t0.elapsed() < Duration::from_secs(120),
            "the session outlived its 40 s ticket:\n{}",
            s.log()
        );
        std::thread::sleep(Duration::from_secs(1));
    };
    // 40 s, plus the 5 s of clock skew the krb5.conf allows.
    assert!(
        ended >= Duration::from_secs(36) && ended <= Duration::from_secs(55),
        "session ended after {ended:?}"
    );
    let fresh = d.kinit("hvadmin", Secret::Password("Hv-Admin-Pass1"));
    c.reauthenticate(&krb_options(&fresh)).unwrap();
    assert_eq!(c.read(tree, f, 0, 10).unwrap(), b"guest data");
    c.close(tree, f).unwrap();
}

/// Constrained delegation, as remote Hyper-V management uses it: a management host's
/// account allowed to delegate to `cifs/node1.lab.test` (here with protocol transition:
/// S4U2Self, then S4U2Proxy, by MIT's `kvno`) obtains a ticket to the node in an
/// administrator's name; the node takes it (its PAC carries the delegation record
/// beside the user's logon information) and grants the administrator's group's access.
/// A host not allowed to delegate gets no such ticket.
#[test]
fn constrained_delegation_reaches_the_share_as_the_user() {
    if !require_tool("kvno") || !require_tool("smbclient") {
        return;
    }
    let Some(d) = Domain::start() else { return };
    d.user("hvadmin", "Hv-Admin-Pass1");
    d.tool(&["group", "add", "Hyper-V Admins"]);
    d.tool(&["group", "addmembers", "Hyper-V Admins", "hvadmin"]);
    let admins = d.sid_of("Hyper-V Admins");
    let mgmt_kt = d.computer("MGMT", &["host/mgmt.lab.test"]);
    d.tool(&["delegation", "for-any-protocol", "MGMT$", "on"]);
    d.tool(&["delegation", "add-service", "MGMT$", "cifs/node1.lab.test"]);
    let lone_kt = d.computer("LONE", &["host/lone.lab.test"]);
    let (s, _, _) = node_server_with(
        &d,
        &format!("[security.names]\n\"LAB\\\\Hyper-V Admins\" = \"{admins}\"\n"),
        "access = [\"LAB\\\\Hyper-V Admins:full\"]\n",
    );

    // MGMT$ logs on with its keytab, then asks for hvadmin's ticket to the node into a
    // cache of hvadmin's own.
    let s4u = |host: &str, kt: &Path| {
        let mgmt_cc = d.kinit(&format!("{host}$@{REALM}"), Secret::Keytab(kt));
        let out_cc = format!("FILE:{}/cc.s4u.{host}", d.dir.path().display());
        let o = Cmd::new("timeout")
            .args(["60", "kvno", "-I", "hvadmin", "-P", "--out-cache", &out_cc])
            .arg(format!("cifs/node1.lab.test@{REALM}"))
            .envs(d.env(&mgmt_cc))
            .output()
            .unwrap();
        (o, out_cc)
    };
    let (o, delegated) = s4u("MGMT", &mgmt_kt);
    assert!(o.status.success(), "kvno S4U2Proxy: {}", out_text(&o));
    let o = smbclient_krb(
        &s,
        &d,
        &delegated,
        "data",
        &["-m", "SMB3_11"],
        "mkdir vm2; ls",
    );
    let t = out_text(&o);
    assert!(o.status.success() && t.contains("vm2"), "{t}\n{}", s.log());
    assert!(s.share.join("vm2").is_dir());
    let log = s.log();
    assert!(
        log.contains("hvadmin"),
        "the delegated logon is hvadmin's: {log}"
    );

    // Our client on the same delegated ticket: a signed 3.1.1 session.
    let mut c = client::Client::connect(&format!("127.0.0.1:{}", s.port), &krb_options(&delegated))
        .unwrap();
    c.tree_connect("\\\\node1.lab.test\\data").unwrap();

    // LONE$ is not trusted to delegate: the KDC gives it nothing for the node.
    let (o, _) = s4u("LONE", &lone_kt);
    assert!(!o.status.success(), "{}", out_text(&o));
}

/// The joining procedure docs/hyper-v.md gives a Linux administrator: `adcli join`
/// (as a domain administrator) makes the computer account NODE1$, its `cifs/` service
/// names and the keytab. The node starts on that keytab, looks the share's group up in
/// the directory as NODE1$, and serves a group member with Kerberos.
#[test]
fn a_node_joined_with_adcli_serves_the_domain() {
    if !require_tool("adcli") || !require_tool("smbclient") {
        return;
    }
    let Some(d) = Domain::start() else { return };
    d.user("hvadmin", "Hv-Admin-Pass1");
    d.tool(&["group", "add", "Hyper-V Admins"]);
    d.tool(&["group", "addmembers", "Hyper-V Admins", "hvadmin"]);
    let admin_cc = d.kinit("administrator", Secret::Password(ADMIN_PASS));
    let keytab = d.dir.path().join("joined.keytab");
    let o = Cmd::new("timeout")
        .args([
            "120",
            "adcli",
            "join",
            "--domain=lab.test",
            "--domain-realm",
            REALM,
        ])
        .arg(format!("--domain-controller={}", d.ip))
        .args([
            "--computer-name=NODE1",
            "--host-fqdn=node1.lab.test",
            "--service-name=cifs",
        ])
        .arg(format!("--host-keytab={}", keytab.display()))
        .arg(format!(
            "--login-ccache={}",
            admin_cc.trim_start_matches("FILE:")
        ))
        .arg("--verbose")
        .envs(d.env(&admin_cc))
        .output()
        .unwrap();
    assert!(o.status.success(), "adcli join: {}", out_text(&o));
    let spns = d.tool(&["spn", "list", "NODE1$"]);
    assert!(spns.contains("cifs/node1.lab.test"), "{spns}");

    let extra = format!(
        "netbios_name = \"NODE1\"\ndomain = \"LAB\"\n\
         [kerberos]\nkeytab = \"{kt}\"\nrealm = \"{REALM}\"\nkrb5_conf = \"{conf}\"\n\
         ldap_server = \"dc1.lab.test\"\nldap_address = \"{ip}:389\"\n",
        kt = keytab.display(),
        conf = d.krb5_conf.display(),
        ip = d.ip,
    );
    let s = TestServer::start_with(Opts {
        extra_config: extra,
        share_extra: "access = [\"LAB\\\\Hyper-V Admins:full\"]\n".into(),
        ..Default::default()
    });
    let user_cc = d.kinit("hvadmin", Secret::Password("Hv-Admin-Pass1"));
    let o = smbclient_krb(
        &s,
        &d,
        &user_cc,
        "data",
        &["-m", "SMB3_11"],
        "mkdir vm3; ls",
    );
    let t = out_text(&o);
    assert!(o.status.success() && t.contains("vm3"), "{t}\n{}", s.log());
    assert!(
        s.log().contains("directory bound for name lookups"),
        "{}",
        s.log()
    );
}
