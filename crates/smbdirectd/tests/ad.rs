//! smbdirectd in an Active Directory domain: a Samba AD domain controller provisioned by
//! the test on a loopback address of its own, accounts made with `samba-tool`, tickets
//! from its KDC (`kinit`, as a user and with a computer account's keytab), and smbclient
//! and our client logging on with Kerberos. The Hyper-V pattern: computer accounts and an
//! admins group get Full Control of the share and, by inheritance, of a VM's files;
//! another domain user is refused. Names in access lists looked up in the directory
//! (LDAP as the node's computer account); sessions that end with their tickets;
//! constrained delegation (S4U2Proxy) to the node; a node joined with `adcli`.

mod common;

use client::access;
use common::*;
use smb_wire::header::Command;
use smb_wire::NtStatus;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command as Cmd, Output, Stdio};
use std::time::{Duration, Instant};

const REALM: &str = "LAB.TEST";
const ADMIN_PASS: &str = "Admin-Pass-1";

/// A provisioned domain with its DC running; stopped (its process group) on drop.
struct Domain {
    dir: tempfile::TempDir,
    ip: String,
    samba: Child,
    krb5_conf: PathBuf,
    sid: String,
}

fn run(c: &mut Cmd) -> Output {
    c.output().expect("run")
}

fn ok(o: &Output, what: &str) -> String {
    let t = out_text(o);
    assert!(o.status.success(), "{what}: {t}");
    t
}

impl Domain {
    /// Provisions LAB.TEST into a temporary directory, bound to 127.77.x.y only (added
    /// to lo: Samba serves only addresses on an interface), and starts `samba`.
    fn start() -> Option<Domain> {
        for t in ["samba-tool", "samba", "kinit", "ldbmodify", "ip"] {
            if !require_tool(t) {
                return None;
            }
        }
        let pid = std::process::id();
        let ip = format!("127.77.{}.{}", (pid >> 8) & 0xff, (pid & 0xff).max(1));
        let _ = run(Cmd::new("ip").args(["addr", "add", &format!("{ip}/32"), "dev", "lo"]));
        let dir = tempfile::tempdir().unwrap();
        let dc = dir.path().join("dc");
        let t0 = Instant::now();
        let o = run(Cmd::new("samba-tool").args([
            "domain",
            "provision",
            "--realm",
            REALM,
            "--domain",
            "LAB",
            "--server-role=dc",
            "--dns-backend=SAMBA_INTERNAL",
            "--host-name=dc1",
            "--adminpass",
            ADMIN_PASS,
            &format!("--targetdir={}", dc.display()),
            &format!("--host-ip={ip}"),
            &format!("--option=interfaces={ip}"),
            "--option=bind interfaces only=yes",
            &format!("--option=log file={}/log.%m", dir.path().display()),
            // Nothing in the machine's own run directories: two domains may run at once.
            &format!("--option=pid directory={}", dir.path().display()),
            &format!("--option=ncalrpc dir={}/ncalrpc", dir.path().display()),
            &format!(
                "--option=winbindd socket directory={}/wb",
                dir.path().display()
            ),
            "--option=dns forwarder=",
        ]));
        let text = ok(&o, "samba-tool domain provision");
        let sid = text
            .lines()
            .find_map(|l| l.split("DOMAIN SID:").nth(1))
            .map(|s| s.trim().to_string())
            .expect("domain SID in the provision output");
        eprintln!("domain provisioned in {:?}", t0.elapsed());
        let krb5_conf = dir.path().join("krb5.conf");
        std::fs::write(
            &krb5_conf,
            format!(
                "[libdefaults]\n default_realm = {REALM}\n dns_lookup_realm = false\n \
                 dns_lookup_kdc = false\n rdns = false\n dns_canonicalize_hostname = false\n \
                 clockskew = 5\n\
                 [realms]\n {REALM} = {{\n  kdc = {ip}\n }}\n"
            ),
        )
        .unwrap();
        let log = std::fs::File::create(dir.path().join("samba.out")).unwrap();
        let samba = Cmd::new("samba")
            .args(["-i", "-M", "single", "-s"])
            .arg(dc.join("etc/smb.conf"))
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .process_group(0)
            .spawn()
            .unwrap();
        let mut d = Domain {
            dir,
            ip,
            samba,
            krb5_conf,
            sid,
        };
        let deadline = Instant::now() + Duration::from_secs(60);
        while std::net::TcpStream::connect((d.ip.as_str(), 88)).is_err()
            || std::net::TcpStream::connect((d.ip.as_str(), 389)).is_err()
        {
            assert!(
                Instant::now() < deadline,
                "samba did not start: {}",
                d.samba_log()
            );
            assert!(
                d.samba.try_wait().ok().flatten().is_none(),
                "samba exited: {}",
                d.samba_log()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        eprintln!("domain controller up after {:?}", t0.elapsed());
        // Our client (MIT Kerberos in this process) finds the KDC through this file,
        // read when the library first loads (no thread of this test has used it yet).
        std::env::set_var("KRB5_CONFIG", &d.krb5_conf);
        Some(d)
    }

    fn samba_log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("samba.out")).unwrap_or_default()
    }

    fn tool(&self, args: &[&str]) -> String {
        let conf = self.dir.path().join("dc/etc/smb.conf");
        let o = run(Cmd::new("samba-tool").args(args).arg("-s").arg(conf));
        ok(&o, &format!("samba-tool {args:?}"))
    }

    fn user(&self, name: &str, password: &str) {
        self.tool(&["user", "create", name, password]);
    }

    fn sid_of(&self, name: &str) -> String {
        let (kind, name) = match name.strip_suffix('$') {
            Some(pc) => ("computer", pc),
            None if name.contains(' ') => ("group", name),
            None => ("user", name),
        };
        let t = self.tool(&[kind, "show", name, "--attributes=objectSid"]);
        t.lines()
            .find_map(|l| l.strip_prefix("objectSid: "))
            .expect("objectSid")
            .trim()
            .to_string()
    }

    /// A computer account with AES keys and these SPNs; its keytab.
    fn computer(&self, name: &str, spns: &[&str]) -> PathBuf {
        self.computer_with(name, spns, 24)
    }

    /// A computer account with these msDS-SupportedEncryptionTypes (24: AES, 4: RC4).
    fn computer_with(&self, name: &str, spns: &[&str], enctypes: u32) -> PathBuf {
        self.tool(&["computer", "create", name]);
        let ldif = format!(
            "dn: CN={name},CN=Computers,DC=lab,DC=test\nchangetype: modify\n\
             replace: msDS-SupportedEncryptionTypes\nmsDS-SupportedEncryptionTypes: {enctypes}\n"
        );
        let mut c = Cmd::new("ldbmodify")
            .arg("-H")
            .arg(self.dir.path().join("dc/private/sam.ldb"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        c.stdin.take().unwrap().write_all(ldif.as_bytes()).unwrap();
        ok(&c.wait_with_output().unwrap(), "ldbmodify");
        let account = format!("{name}$");
        for spn in spns {
            self.tool(&["spn", "add", spn, &account]);
        }
        self.tool(&[
            "user",
            "setpassword",
            &account,
            "--newpassword=Pc-Pass-0123456789",
        ]);
        let keytab = self.dir.path().join(format!("{name}.keytab"));
        let kt = keytab.to_str().unwrap();
        self.tool(&[
            "domain",
            "exportkeytab",
            kt,
            &format!("--principal={account}"),
        ]);
        for spn in spns {
            self.tool(&["domain", "exportkeytab", kt, &format!("--principal={spn}")]);
        }
        keytab
    }

    /// A credential cache holding a (forwardable) TGT for `principal`, from its
    /// password or keytab.
    fn kinit(&self, principal: &str, secret: Secret) -> String {
        let cc = self.dir.path().join(format!(
            "cc.{}.{}",
            principal.replace(['$', '@', '/'], "_"),
            Instant::now().elapsed().as_nanos()
        ));
        let ccache = format!("FILE:{}", cc.display());
        let mut c = Cmd::new("kinit");
        c.env("KRB5_CONFIG", &self.krb5_conf)
            .env("KRB5CCNAME", &ccache)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // Forwardable, as Windows' tickets are: constrained delegation (S4U) needs it.
        c.arg("-f");
        match secret {
            Secret::Password(_) => {
                c.arg(principal);
            }
            Secret::Keytab(k) => {
                c.arg("-k").arg("-t").arg(k).arg(principal);
            }
        }
        let mut child = c.spawn().unwrap();
        if let Secret::Password(p) = secret {
            use std::io::Write;
            writeln!(child.stdin.take().unwrap(), "{p}").unwrap();
        }
        ok(
            &child.wait_with_output().unwrap(),
            &format!("kinit {principal}"),
        );
        ccache
    }

    fn env(&self, ccache: &str) -> Vec<(String, String)> {
        vec![
            ("KRB5_CONFIG".into(), self.krb5_conf.display().to_string()),
            ("KRB5CCNAME".into(), ccache.to_string()),
        ]
    }
}

enum Secret<'a> {
    Password(&'a str),
    Keytab(&'a Path),
}

impl Drop for Domain {
    fn drop(&mut self) {
        // SAFETY-free: a signal to the DC's own process group.
        let _ = Cmd::new("kill")
            .args(["-TERM", "--", &format!("-{}", self.samba.id())])
            .output();
        let deadline = Instant::now() + Duration::from_secs(10);
        while self.samba.try_wait().ok().flatten().is_none() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = Cmd::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.samba.id())])
            .output();
        let _ = self.samba.wait();
        let _ = run(Cmd::new("ip").args(["addr", "del", &format!("{}/32", self.ip), "dev", "lo"]));
    }
}

/// smbclient with Kerberos only, against `share` of `s` named as node1.lab.test.
fn smbclient_krb(
    s: &TestServer,
    d: &Domain,
    ccache: &str,
    share: &str,
    args: &[&str],
    cmds: &str,
) -> Output {
    let mut c = Cmd::new("timeout");
    c.arg("120")
        .arg("smbclient")
        .arg(format!("//node1.lab.test/{share}"))
        .args(["-I", "127.0.0.1", "-p", &s.port.to_string()])
        .arg("--use-kerberos=required")
        .args(args)
        .arg("-c")
        .arg(cmds)
        .envs(d.env(ccache))
        .current_dir(s.dir.path());
    c.output().unwrap()
}

fn krb_options(ccache: &str) -> client::Options {
    client::Options {
        kerberos: Some(client::Kerberos::Ccache {
            ccache: ccache.into(),
            target: format!("cifs/node1.lab.test@{REALM}"),
            lifetime_s: 0,
        }),
        ..Default::default()
    }
}

/// Connects to node1's data share and opens vm.vhdx (made if missing) with "guest
/// data" written at its start: the tree and the open.
fn vm_disk(c: &mut client::Client) -> (u32, smb_wire::FileId) {
    let tree = c.tree_connect("\\\\node1.lab.test\\data").unwrap();
    let (f, _) = c
        .create(
            tree,
            "vm.vhdx",
            access::FILE_READ_DATA | access::FILE_WRITE_DATA,
            3,
            0,
        )
        .unwrap();
    c.write(tree, f, 0, b"guest data").unwrap();
    (tree, f)
}

/// An ACE for a SID string.
fn ace(allow: bool, flags: u8, mask: u32, sid: &str) -> Vec<u8> {
    let sid = smb_wire::secdesc::sid_from_str(sid).unwrap();
    smb_wire::secdesc::ace(if allow { 0 } else { 1 }, flags, mask, &sid)
}

fn security_descriptor(owner: &str, aces: &[Vec<u8>]) -> Vec<u8> {
    smb_wire::secdesc::SecDesc {
        control: 0x0004,
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
            .args(["60", env!("CARGO_BIN_EXE_smbdirectd"), "serve", "--config"])
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
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/py/kerberos_check.py");
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
