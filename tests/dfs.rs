//! A standalone DFS namespace (MS-DFSC) with Samba's `smbclient` as the client: it
//! connects to the root share, walks into links, gets STATUS_PATH_NOT_COVERED, asks for a
//! referral and follows it to the target share. Clients follow referrals to port 445, so
//! the server and the client run in a network namespace of the test's own, on its
//! loopback.

mod common;
use common::*;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A network namespace with its loopback up, removed when dropped.
struct Netns(String);

impl Netns {
    fn new(tag: &str) -> Netns {
        let name = format!("smbd-{tag}-{}", std::process::id());
        let ok = |c: &mut Command| c.status().is_ok_and(|s| s.success());
        let _ = Command::new("ip").args(["netns", "del", &name]).status();
        assert!(
            ok(Command::new("ip").args(["netns", "add", &name])),
            "ip netns add (needs root and iproute2)"
        );
        let ns = Netns(name);
        assert!(ok(&mut ns.exec(&["ip", "link", "set", "lo", "up"])));
        ns
    }

    fn exec(&self, argv: &[&str]) -> Command {
        let mut c = Command::new("ip");
        c.args(["netns", "exec", &self.0]).args(argv);
        c
    }
}

impl Drop for Netns {
    fn drop(&mut self) {
        let _ = Command::new("ip").args(["netns", "del", &self.0]).status();
    }
}

/// The server in the namespace; stopped when dropped (before the namespace goes).
struct Server(std::process::Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.0.id().to_string()])
            .status();
        let deadline = Instant::now() + Duration::from_secs(20);
        while self.0.try_wait().ok().flatten().is_none() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn smbclient_follows_referrals_through_a_namespace() {
    if !require_tool("smbclient") || !require_tool("ip") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (data, root) = (dir.path().join("data"), dir.path().join("dfsroot"));
    std::fs::create_dir_all(data.join("vms")).unwrap();
    std::fs::write(data.join("vms/inside.txt"), b"behind the link").unwrap();
    let users = dir.path().join("users");
    let mut add = Command::new(env!("CARGO_BIN_EXE_smbdirectd-under-test"))
        .args(["user", "add", USER, "--password-stdin", "--users"])
        .arg(&users)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    use std::io::Write;
    writeln!(add.stdin.take().unwrap(), "{PASSWORD}").unwrap();
    assert!(add.wait().unwrap().success());
    let cfg = format!(
        "[server]\nlisten = [\"127.0.0.1:445\"]\nstate_dir = {state:?}\nnetbios_name = \"NODE1\"\n\
         [security]\nusers = {users:?}\n[workers]\ncount = 1\n\
         [[share]]\nname = \"data\"\npath = {data:?}\n\
         [[share]]\nname = \"dfs\"\npath = {root:?}\ndfs_root = true\n\
         [share.dfs_links]\nvms = ['\\\\127.0.0.1\\data\\vms']\n\
         'deep\\link' = ['\\\\127.0.0.1\\data']\n",
        state = dir.path().join("state").display().to_string(),
        users = users.display().to_string(),
        data = data.display().to_string(),
        root = root.display().to_string(),
    );
    let cfg_path = dir.path().join("smbdirectd.toml");
    std::fs::write(&cfg_path, cfg).unwrap();
    let ns = Netns::new("dfs");
    let log = std::fs::File::create(dir.path().join("server.log")).unwrap();
    let bin = env!("CARGO_BIN_EXE_smbdirectd-under-test");
    let cfg_arg = cfg_path.display().to_string();
    let _server = Server(
        ns.exec(&[bin, "serve", "--config", &cfg_arg])
            .env("RUST_LOG", "info")
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .unwrap(),
    );
    let server_log = || std::fs::read_to_string(dir.path().join("server.log")).unwrap_or_default();
    let deadline = Instant::now() + Duration::from_secs(30);
    while !server_log().contains("listening") {
        assert!(
            Instant::now() < deadline,
            "server not up:\n{}",
            server_log()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let smbclient = |cmds: &str| {
        let o = ns
            .exec(&["timeout", "60", "smbclient", "//127.0.0.1/dfs"])
            .args([
                "-U",
                &format!("{USER}%{PASSWORD}"),
                "-m",
                "SMB3",
                "-c",
                cmds,
            ])
            .current_dir(dir.path())
            .output()
            .unwrap();
        out_text(&o)
    };
    // The links are directories of the root, as a client lists it.
    let listing = smbclient("ls");
    assert!(
        listing.contains(" vms ") && listing.contains(" deep "),
        "{listing}\n{}",
        server_log()
    );
    // Into a link: referred to \\127.0.0.1\data\vms; reads and writes land there.
    std::fs::write(
        dir.path().join("local.txt"),
        b"written through the namespace",
    )
    .unwrap();
    let out = smbclient(
        "ls vms\\*; get vms\\inside.txt got.txt; put local.txt vms\\put.txt; ls deep\\link\\*",
    );
    assert!(out.contains("inside.txt"), "{out}\n{}", server_log());
    assert_eq!(
        std::fs::read(dir.path().join("got.txt")).unwrap(),
        b"behind the link"
    );
    assert_eq!(
        std::fs::read(data.join("vms/put.txt")).unwrap(),
        b"written through the namespace"
    );
    // A link two levels down leads to the target's root: it lists `vms`.
    assert!(out.matches(" vms ").count() >= 1, "{out}");
    assert!(!out.contains("NT_STATUS"), "{out}\n{}", server_log());
    // Nothing was written into the root's link directories themselves.
    assert!(std::fs::read_dir(root.join("vms"))
        .unwrap()
        .next()
        .is_none());
}
