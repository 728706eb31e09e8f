//! smbdirectd in an Active Directory domain: a Samba AD domain controller provisioned by
//! the test on a loopback address of its own, accounts made with `samba-tool`, tickets
//! from its KDC (`kinit`, as a user and with a computer account's keytab), and smbclient
//! and our client logging on with Kerberos. The Hyper-V pattern: computer accounts and an
//! admins group get Full Control of the share and, by inheritance, of a VM's files;
//! another domain user is refused. Names in access lists looked up in the directory
//! (LDAP as the node's computer account); sessions that end with their tickets;
//! constrained delegation (S4U2Proxy) to the node; a node joined with `adcli`.
//!
//! One test binary: `hyper_v` (Hyper-V hosts and their admins on a share, by Kerberos),
//! `kerberos` (reauthentication, RC4, tickets that end, delegation, a node joined with
//! `adcli`); the domain and the helpers they share are here.

#[path = "../common/mod.rs"]
mod common;
mod hyper_v;
mod kerberos;
mod witness;

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
