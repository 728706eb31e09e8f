//! The Hyper-V pattern: computer accounts and an admins group get Full Control of the
//! share and, by inheritance, of a VM's files; another domain user is refused.

use super::*;

/// An ACE for a SID string.
fn ace(allow: bool, flags: u8, mask: u32, sid: &str) -> Vec<u8> {
    let sid = smb_wire::secdesc::sid_from_str(sid).unwrap();
    smb_wire::secdesc::ace(if allow { 0 } else { 1 }, flags, mask, &sid)
}

/// A descriptor as Windows' ACL tools set one (Explorer, icacls, Set-Acl): its DACL
/// present and auto-inherited, asking for auto-inheritance, so that what is made below
/// marks the ACEs it inherits.
fn security_descriptor(owner: &str, aces: &[Vec<u8>]) -> Vec<u8> {
    smb_wire::secdesc::SecDesc {
        control: 0x0004 | 0x0400 | 0x0100,
        owner: smb_wire::secdesc::sid_from_str(owner),
        group: None,
        dacl: Some(smb_wire::secdesc::acl_of(aces)),
        sacl: None,
    }
    .encode(0)
}

/// smbclient as the local NTLM user on `share`.
fn smbclient_ntlm(s: &TestServer, share: &str) -> Output {
    let mut c = Cmd::new("timeout");
    c.arg("60")
        .arg("smbclient")
        .arg(format!("//127.0.0.1/{share}"))
        .args([
            "-p",
            &s.port.to_string(),
            "-U",
            &format!("{USER}%{PASSWORD}"),
            "-c",
            "ls",
        ]);
    c.output().unwrap()
}

/// SET_INFO of a security descriptor (owner and DACL) on an open handle.
fn set_security(c: &mut client::Client, tree: u32, f: smb_wire::FileId, sd: &[u8]) -> NtStatus {
    let mut body = Vec::new();
    body.extend_from_slice(&33u16.to_le_bytes());
    body.extend_from_slice(&[3, 0]);
    body.extend_from_slice(&(sd.len() as u32).to_le_bytes());
    body.extend_from_slice(&96u16.to_le_bytes());
    body.extend_from_slice(&[0, 0]);
    body.extend_from_slice(&(0x1u32 | 0x4).to_le_bytes());
    body.extend_from_slice(&testkit::bodies::fid_bytes(f));
    body.extend_from_slice(sd);
    c.request(Command::SET_INFO, tree, &body).unwrap().status()
}

const FULL: u32 = 0x001F_01FF;
const OI_CI: u8 = 0x03;

/// The Hyper-V pattern, end to end: computer accounts (`HV1$`, `HV2$`) and the
/// `Hyper-V Admins` group hold Full Control of the share and its root; a VM's folder
/// and disk made by one host carry the inherited ACEs and open for the other host; a
/// domain user outside them is refused; signed and encrypted sessions; local NTLM
/// users where the share has no list, refused where it requires Kerberos.
#[test]
fn hyper_v_hosts_use_their_share_with_kerberos() {
    if !require_tool("smbclient") {
        return;
    }
    let Some(d) = Domain::start() else { return };
    let t0 = Instant::now();
    d.user("hvadmin", "Hv-Admin-Pass1");
    d.user("bob", "Bob-Pass-123");
    d.tool(&["group", "add", "Hyper-V Admins"]);
    d.tool(&["group", "addmembers", "Hyper-V Admins", "hvadmin"]);
    let node_kt = d.computer("NODE1", &["cifs/node1.lab.test", "cifs/NODE1"]);
    let hv1_kt = d.computer("HV1", &[]);
    let hv2_kt = d.computer("HV2", &[]);
    let admins = d.sid_of("Hyper-V Admins");
    let (hv1, hv2) = (d.sid_of("HV1$"), d.sid_of("HV2$"));
    assert!(admins.starts_with(&d.sid) && hv1.starts_with(&d.sid));
    eprintln!("accounts made in {:?}", t0.elapsed());

    // The group and HV1$ are looked up in the domain's directory (LDAP, bound as
    // NODE1$); HV2$ is given by SID in the configuration, as without a directory.
    let extra = format!(
        "netbios_name = \"NODE1\"\ndomain = \"LAB\"\n\
         [kerberos]\nkeytab = \"{kt}\"\nrealm = \"{REALM}\"\nkrb5_conf = \"{conf}\"\n\
         ldap_server = \"dc1.lab.test\"\nldap_address = \"{ip}:389\"\n\
         [security.names]\n\"LAB\\\\HV2$\" = \"{hv2}\"\n",
        kt = node_kt.display(),
        conf = d.krb5_conf.display(),
        ip = d.ip,
    );
    let share_extra = "access = [\"LAB\\\\Hyper-V Admins:full\", \"LAB\\\\HV1$:full\", \
                       \"LAB\\\\HV2$:full\"]\n\n\
                       [[share]]\nname = \"open\"\npath = \"OPEN\"\n\n\
                       [[share]]\nname = \"secure\"\npath = \"SECURE\"\nrequire_kerberos = true\n";
    let dir = tempfile::tempdir().unwrap();
    let share_extra = share_extra
        .replace("OPEN", dir.path().join("open").to_str().unwrap())
        .replace("SECURE", dir.path().join("secure").to_str().unwrap());
    let s = TestServer::start_with(Opts {
        extra_config: extra,
        share_extra,
        ..Default::default()
    });

    let admin_cc = d.kinit("hvadmin", Secret::Password("Hv-Admin-Pass1"));
    let hv1_cc = d.kinit(&format!("HV1$@{REALM}"), Secret::Keytab(&hv1_kt));
    let hv2_cc = d.kinit(&format!("HV2$@{REALM}"), Secret::Keytab(&hv2_kt));
    let bob_cc = d.kinit("bob", Secret::Password("Bob-Pass-123"));

    // The administrator gives the share's root Full Control for the hosts and the group,
    // inheritable (as Hyper-V's setup documentation asks of a file share).
    let mut admin =
        client::Client::connect(&format!("127.0.0.1:{}", s.port), &krb_options(&admin_cc))
            .unwrap_or_else(|e| panic!("Kerberos logon: {e:?}\n{}", s.log()));
    let tree = admin.tree_connect("\\\\node1.lab.test\\data").unwrap();
    let (root, _) = admin
        .create(
            tree,
            "",
            access::READ_CONTROL | access::WRITE_DAC | access::WRITE_OWNER,
            1,
            1,
        )
        .unwrap();
    let sd = security_descriptor(
        &admins,
        &[
            ace(true, OI_CI, FULL, &admins),
            ace(true, OI_CI, FULL, &hv1),
            ace(true, OI_CI, FULL, &hv2),
            ace(true, OI_CI, FULL, "S-1-5-18"),
        ],
    );
    assert_eq!(set_security(&mut admin, tree, root, &sd), NtStatus::SUCCESS);
    admin.close(tree, root).unwrap();

    // HV1 (computer account, keytab), SMB 3.1.1 signed: makes a VM's folder and disk.
    std::fs::write(s.dir.path().join("disk.bin"), random_bytes(1 << 20, 7)).unwrap();
    let o = smbclient_krb(
        &s,
        &d,
        &hv1_cc,
        "data",
        &["-m", "SMB3_11"],
        "mkdir vm1; put disk.bin vm1\\disk.vhdx; ls vm1\\*",
    );
    let t = out_text(&o);
    assert!(
        o.status.success() && t.contains("disk.vhdx"),
        "{t}\n{}",
        s.log()
    );
    // The disk inherited the root's ACEs, owned by HV1$.
    let (f, _) = admin
        .create(tree, "vm1\\disk.vhdx", access::READ_CONTROL, 1, 0)
        .unwrap();
    let got = admin.query_info(tree, f, 3, 0).unwrap();
    admin.close(tree, f).unwrap();
    let got = smb_wire::secdesc::SecDesc::parse(&got).unwrap();
    assert_eq!(
        got.owner,
        smb_wire::secdesc::sid_from_str(&hv1),
        "owner is the creating host"
    );
    let dacl = got.dacl.expect("an inherited DACL");
    for who in [&admins, &hv1, &hv2] {
        let sid = smb_wire::secdesc::sid_from_str(who).unwrap();
        let at = dacl
            .windows(sid.len())
            .position(|w| w == sid)
            .unwrap_or_else(|| panic!("no ACE for {who}"));
        // ACE header 8 bytes before the SID: INHERITED (0x10), no inherit flags on a file.
        assert_eq!(dacl[at - 7], 0x10, "{who}: inherited ACE flags");
        assert_eq!(
            u32::from_le_bytes(dacl[at - 4..at].try_into().unwrap()),
            FULL
        );
    }

    // HV2, encrypted, reads HV1's disk back (through the inherited ACE).
    let o = smbclient_krb(
        &s,
        &d,
        &hv2_cc,
        "data",
        &["-m", "SMB3_11", "--client-protection=encrypt"],
        "get vm1\\disk.vhdx back.bin",
    );
    assert!(o.status.success(), "{}\n{}", out_text(&o), s.log());
    assert!(same_file(
        &s.dir.path().join("disk.bin"),
        &s.dir.path().join("back.bin")
    ));

    // Group membership (from the PAC) grants the administrator the same.
    let o = smbclient_krb(&s, &d, &admin_cc, "data", &[], "ls vm1\\*");
    assert!(
        o.status.success() && out_text(&o).contains("disk.vhdx"),
        "{}",
        out_text(&o)
    );

    // Another domain user: a valid ticket, refused by the share's permissions.
    let o = smbclient_krb(&s, &d, &bob_cc, "data", &[], "ls");
    let t = out_text(&o);
    assert!(
        !o.status.success() && t.contains("NT_STATUS_ACCESS_DENIED"),
        "{t}"
    );
    // (Our client is refused the same way.)
    let mut bob =
        client::Client::connect(&format!("127.0.0.1:{}", s.port), &krb_options(&bob_cc)).unwrap();
    assert!(matches!(
        bob.tree_connect("\\\\node1.lab.test\\data"),
        Err(client::Error::Status(_, NtStatus::ACCESS_DENIED))
    ));

    // A local NTLM user still logs on, is refused where the share's list leaves it
    // out, served where the share has no list; a share that requires Kerberos refuses
    // it and takes a Kerberos session.
    let o = s.smbclient(&[], "ls");
    assert!(
        out_text(&o).contains("NT_STATUS_ACCESS_DENIED"),
        "{}",
        out_text(&o)
    );
    let o = smbclient_ntlm(&s, "open");
    assert!(
        o.status.success(),
        "NTLM on an open share: {}",
        out_text(&o)
    );
    let o = smbclient_ntlm(&s, "secure");
    assert!(
        out_text(&o).contains("NT_STATUS_ACCESS_DENIED"),
        "{}",
        out_text(&o)
    );
    let o = smbclient_krb(&s, &d, &admin_cc, "secure", &[], "ls");
    assert!(o.status.success(), "{}", out_text(&o));

    // The audit log names the Kerberos users and their domain, and the directory
    // lookups.
    let log = s.log();
    assert!(
        log.contains("HV1$") && log.contains("hvadmin") && log.contains("LAB"),
        "{log}"
    );
    assert!(log.contains("directory bound for name lookups"), "{log}");
    assert!(log.contains(&admins) && log.contains(&hv1), "{log}");

    // lsarpc (what a security dialog asks the server holding the files) names the
    // accounts the directory gave, with their kinds: the group a group, HV1$ a user.
    if require_tool("rpcclient") {
        let o = Cmd::new("timeout")
            .args(["60", "rpcclient", "-p", &s.port.to_string()])
            .arg("-U")
            .arg(format!("{USER}%{PASSWORD}"))
            .args(["127.0.0.1", "-c"])
            .arg(format!(
                "lookupsids {admins} {hv1}; lookupnames \"LAB\\Hyper-V Admins\""
            ))
            .output()
            .unwrap();
        let t = out_text(&o);
        assert!(
            t.contains(&format!("{admins} LAB\\Hyper-V Admins (2)")),
            "{t}"
        );
        assert!(t.contains(&format!("{hv1} LAB\\HV1$ (1)")), "{t}");
        assert!(t.contains(&format!("{admins} (Domain Group: 2)")), "{t}");
    }

    // A name the domain does not know stops the start with a clear message; a
    // directory that cannot be reached does not (the node serves, and says so).
    // (Each run: the server's configuration with `edits`, on another port and state
    // directory; what it printed, having failed to start.)
    let cfg = std::fs::read_to_string(s.dir.path().join("smbdirectd.toml")).unwrap();
    let refused_start = |name: &str, edits: &[(String, String)]| {
        let other_port = free_port();
        let mut text = cfg
            .replace(
                &format!("127.0.0.1:{}", s.port),
                &format!("127.0.0.1:{other_port}"),
            )
            .replace(
                &s.dir.path().join("state").display().to_string(),
                &s.dir
                    .path()
                    .join(format!("state-{name}"))
                    .display()
                    .to_string(),
            );
        for (from, to) in edits {
            text = text.replace(from, to);
        }
        let path = s.dir.path().join(format!("{name}.toml"));
        std::fs::write(&path, text).unwrap();
        let o = Cmd::new("timeout")
            .args([
                "60",
                env!("CARGO_BIN_EXE_smbdirectd-under-test"),
                "serve",
                "--config",
            ])
            .arg(&path)
            .output()
            .unwrap();
        assert!(!o.status.success(), "{name}: started: {}", out_text(&o));
        out_text(&o)
    };
    let t = refused_start(
        "bad-name",
        &[("LAB\\\\HV1$:full".into(), "LAB\\\\Nobody Here:full".into())],
    );
    assert!(
        t.contains("no account \"Nobody Here\" in the domain LAB"),
        "{t}"
    );
    // A deny entry whose SID cannot be found would stop denying: no start.
    let closed = free_port();
    let t = refused_start(
        "deny-unresolved",
        &[
            (format!("{}:389", d.ip), format!("127.0.0.1:{closed}")),
            (
                "LAB\\\\HV1$:full".into(),
                "LAB\\\\Contractors:deny:full".into(),
            ),
        ],
    );
    assert!(
        t.contains("the deny entry for \"LAB\\\\Contractors\" needs its SID"),
        "{t}"
    );
    let unreachable = TestServer::start_with(Opts {
        extra_config: format!(
            "netbios_name = \"NODE1\"\ndomain = \"LAB\"\n\
             [kerberos]\nkeytab = \"{kt}\"\nrealm = \"{REALM}\"\nkrb5_conf = \"{conf}\"\n\
             ldap_server = \"dc1.lab.test\"\nldap_address = \"127.0.0.1:{closed}\"\n",
            kt = node_kt.display(),
            conf = d.krb5_conf.display(),
        ),
        share_extra: "access = [\"LAB\\\\Hyper-V Admins:full\"]\n".into(),
        ..Default::default()
    });
    let o = smbclient_krb(&unreachable, &d, &admin_cc, "data", &[], "ls");
    assert!(
        out_text(&o).contains("NT_STATUS_ACCESS_DENIED"),
        "without the directory the group name grants nothing: {}",
        out_text(&o)
    );
    assert!(
        unreachable
            .log()
            .contains("the domain's directory cannot be reached"),
        "{}",
        unreachable.log()
    );
    drop(bob);
    drop(admin);
}
