//! Shared harness for end-to-end tests: a real `smbdirectd` on loopback with a temporary
//! share and users file, stopped (SIGTERM) when dropped; and tool checks that fail loudly in
//! CI and skip loudly elsewhere.
#![allow(dead_code)]

use std::io::Write;
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

pub const USER: &str = "alice";
pub const PASSWORD: &str = "Secret-Pass1";

/// Client options that sign in as the test user.
pub fn user_options() -> client::Options {
    client::Options {
        user: USER.into(),
        password: PASSWORD.into(),
        ..Default::default()
    }
}

/// Whether an external tool is present; a missing one fails the test (see
/// [`testkit::require`] for the opt-out).
pub fn require_tool(tool: &str) -> bool {
    let found = Command::new("sh")
        .arg("-c")
        .arg(format!("command -v {tool}"))
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    testkit::require(tool, found, "scripts/install-deps")
}

/// Unmounts what a test mounted, after the server that used it has stopped (declare it
/// before the server, so it is dropped after).
pub struct Mounted(pub PathBuf);

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

/// Mounts an XFS file system with reflink (made on a sparse image file beside `share`,
/// loop-mounted) on `share`: a share whose files can share blocks. Needs root and
/// mkfs.xfs (scripts/install-deps installs xfsprogs).
pub fn xfs_share(share: &Path) {
    loop_fs_share(
        share,
        320 << 20,
        &["mkfs.xfs", "-q", "-f", "-m", "reflink=1"],
    );
}

/// Mounts a 16 MiB ext4 (made and loop-mounted as [`xfs_share`] does) on `share`: a
/// volume that fills after a few MiB. Needs root.
pub fn small_ext4_share(share: &Path) {
    loop_fs_share(share, 16 << 20, &["mkfs.ext4", "-q", "-F"]);
}

/// Makes a file system with `mkfs` (the command and its options, the image added last)
/// on a sparse image of `size` bytes beside `share`, and loop-mounts it on `share`.
fn loop_fs_share(share: &Path, size: u64, mkfs: &[&str]) {
    let img = share.parent().expect("share has a parent").join("fs.img");
    std::fs::File::create(&img)
        .and_then(|f| f.set_len(size))
        .expect("image file");
    let ok = |c: &mut Command| c.status().is_ok_and(|s| s.success());
    assert!(
        ok(Command::new(mkfs[0]).args(&mkfs[1..]).arg(&img)),
        "{} failed",
        mkfs[0]
    );
    assert!(
        ok(Command::new("mount")
            .args(["-o", "loop"])
            .arg(&img)
            .arg(share)),
        "mounting the {} image (needs root and a loop device) failed",
        mkfs[0]
    );
}

/// Whether `filefrag -v` lists a shared extent in the file (blocks it shares with
/// another file, FIEMAP_EXTENT_SHARED).
pub fn has_shared_extents(path: &Path) -> bool {
    let o = Command::new("filefrag")
        .arg("-v")
        .arg(path)
        .output()
        .expect("filefrag");
    String::from_utf8_lossy(&o.stdout).contains("shared")
}

pub fn require_python_module(m: &str) -> bool {
    let ok = Command::new("python3")
        .args(["-c", &format!("import {m}")])
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    testkit::require(
        &format!("python module {m}"),
        ok,
        "scripts/install-deps (into scripts/pyvenv's environment, first on PATH in scripts/test)",
    )
}

/// A loopback port free now, never one this process was handed before: the kernel may
/// give a port just let go to the next bind, and a test takes several (TCP, SMB Direct,
/// metrics) before the server binds any of them.
pub fn free_port() -> u16 {
    static GIVEN: std::sync::Mutex<Vec<u16>> = std::sync::Mutex::new(Vec::new());
    let mut given = GIVEN.lock().unwrap();
    // Held until the end, so that the kernel hands out different ports meanwhile.
    let mut held = Vec::new();
    for _ in 0..64 {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = l.local_addr().unwrap().port();
        if !given.contains(&port) {
            given.push(port);
            return port;
        }
        held.push(l);
    }
    panic!("no fresh loopback port in 64 tries");
}

pub struct TestServer {
    pub dir: tempfile::TempDir,
    /// The loopback address it listens on (127.0.0.1 unless `Opts::host` says).
    pub host: String,
    pub port: u16,
    pub share: PathBuf,
    child: Option<Child>,
}

#[derive(Default, Clone)]
pub struct Opts {
    /// Listen on this loopback address at SMB's own port 445 (for peers that cannot be
    /// told another port, such as smbcacls) instead of 127.0.0.1 at a free port.
    pub host_at_445: Option<&'static str>,
    /// Extra TOML appended to the generated configuration's [server] section.
    pub extra_config: String,
    /// Extra TOML for its [security] section.
    pub security_extra: String,
    pub share_extra: String,
    /// The share's path in the configuration (default: the test's own directory).
    pub share_path: Option<String>,
    /// Worker threads (1 when 0).
    pub workers: usize,
    /// Extra TOML for its [workers] section.
    pub workers_extra: String,
    /// Users besides USER: (name, password).
    pub more_users: Vec<(String, String)>,
    /// Called with the share's directory before the server starts (to mount something
    /// there).
    pub prepare_share: Option<fn(&Path)>,
    /// Environment of the server process (its first start only; see `restart`).
    pub env: Vec<(String, String)>,
}

impl TestServer {
    pub fn start() -> TestServer {
        Self::start_with(Opts::default())
    }

    pub fn start_with(opts: Opts) -> TestServer {
        let dir = tempfile::tempdir().unwrap();
        let share = dir.path().join("share");
        std::fs::create_dir_all(&share).unwrap();
        if let Some(prepare) = opts.prepare_share {
            prepare(&share);
        }
        let users = dir.path().join("users");
        let bin = env!("CARGO_BIN_EXE_smbdirectd-under-test");
        let main_user = (USER.to_string(), PASSWORD.to_string());
        for (name, password) in std::iter::once(&main_user).chain(&opts.more_users) {
            let mut add = Command::new(bin)
                .args(["user", "add", name, "--password-stdin", "--users"])
                .arg(&users)
                .stdin(Stdio::piped())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            writeln!(add.stdin.take().unwrap(), "{password}").unwrap();
            assert!(add.wait().unwrap().success());
        }
        let (host, port) = match opts.host_at_445 {
            Some(h) => (h.to_string(), 445),
            None => ("127.0.0.1".to_string(), free_port()),
        };
        let cfg = format!(
            "[server]\nlisten = [\"{host}:{port}\"]\nstate_dir = \"{state}\"\n{extra}\n\
             [security]\nusers = \"{users}\"\n{security_extra}\n\n[workers]\ncount = {workers}\n{workers_extra}\n\n\
             [[share]]\nname = \"data\"\npath = \"{share}\"\ncomment = \"test share\"\n{share_extra}\n",
            state = dir.path().join("state").display(),
            users = users.display(),
            share = opts.share_path.clone().unwrap_or(share.display().to_string()),
            extra = opts.extra_config,
            security_extra = opts.security_extra,
            share_extra = opts.share_extra,
            workers = opts.workers.max(1),
            workers_extra = opts.workers_extra,
        );
        let cfg_path = dir.path().join("smbdirectd.toml");
        std::fs::write(&cfg_path, cfg).unwrap();
        let mut s = TestServer {
            dir,
            host,
            port,
            share,
            child: None,
        };
        s.spawn(&opts.env);
        s
    }

    /// Starts the server process on the configuration (and state directory) made by
    /// `start_with`; its log is appended to.
    fn spawn(&mut self, env: &[(String, String)]) {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.dir.path().join("server.log"))
            .unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_smbdirectd-under-test"))
            .arg("serve")
            .arg("--config")
            .arg(self.dir.path().join("smbdirectd.toml"))
            .env(
                "RUST_LOG",
                std::env::var("SMBDIRECTD_TEST_LOG").unwrap_or("info".into()),
            )
            .envs(env.iter().map(|(k, v)| (k, v)))
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .unwrap();
        self.child = Some(child);
        self.wait_ready();
    }

    /// Kills the server process outright (SIGKILL: no shutdown of any kind).
    pub fn kill9(&mut self) {
        let mut child = self.child.take().expect("running");
        let _ = child.kill();
        let _ = child.wait();
    }

    /// Starts the server again on the same configuration, port and state directory.
    pub fn restart(&mut self) {
        assert!(self.child.is_none(), "stop or kill it first");
        self.spawn(&[]);
    }

    /// Sends the server process signal `sig` (`-STOP`, `-CONT`: as kill takes it).
    pub fn signal(&self, sig: &str) {
        let pid = self.pid().expect("running").to_string();
        let st = Command::new("kill").args([sig, &pid]).status();
        assert!(st.unwrap().success(), "kill {sig} {pid}");
    }

    /// A scale-out node another node fenced: it stops by itself (status 75), saying so.
    pub fn stops_fenced(&mut self) {
        let st = self.wait_exit(Duration::from_secs(40));
        assert_eq!(st.code(), Some(75), "stopped, fenced\n{}", self.log());
        let log = self.log();
        assert!(log.contains("another node fenced this one"), "{log}");
    }

    /// Waits for the server process to end by itself (it aborted); its exit status.
    pub fn wait_exit(&mut self, within: Duration) -> std::process::ExitStatus {
        let mut child = self.child.take().expect("running");
        let deadline = Instant::now() + within;
        loop {
            if let Some(st) = child.try_wait().unwrap() {
                return st;
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                panic!("server still running");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn wait_ready(&self) {
        let deadline = Instant::now() + Duration::from_secs(20);
        while Instant::now() < deadline {
            if TcpStream::connect((self.host.as_str(), self.port)).is_ok() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("server did not start; log:\n{}", self.log());
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("server.log")).unwrap_or_default()
    }

    pub fn unc(&self) -> String {
        format!("//{}/data", self.host)
    }

    /// Runs smbclient with the given extra arguments and command string, bounded in time.
    pub fn smbclient(&self, args: &[&str], cmds: &str) -> Output {
        let mut c = Command::new("timeout");
        c.arg("300")
            .arg("smbclient")
            .arg(self.unc())
            .arg("-p")
            .arg(self.port.to_string())
            .arg("-U")
            .arg(format!("{USER}%{PASSWORD}"))
            .args(args)
            .arg("-c")
            .arg(cmds);
        c.current_dir(self.dir.path());
        c.output().unwrap()
    }

    /// A client signed in as the test user over TCP.
    pub fn tcp_client(&self) -> client::Client {
        client::Client::connect(&format!("{}:{}", self.host, self.port), &user_options()).unwrap()
    }

    /// Whether the server process is still running.
    pub fn alive(&mut self) -> bool {
        self.child
            .as_mut()
            .is_some_and(|c| c.try_wait().ok().flatten().is_none())
    }

    /// The server's process id while it runs.
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    pub fn stop(&mut self) -> std::process::ExitStatus {
        let mut child = self.child.take().expect("running");
        // SAFETY-free: signal through the kill command.
        let _ = Command::new("kill")
            .arg("-TERM")
            .arg(child.id().to_string())
            .status();
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(st) = child.try_wait().unwrap() {
                return st;
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                panic!("server did not stop on SIGTERM");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if self.child.is_some() {
            let _ = self.stop();
        }
    }
}

/// CPU time (user and system, in clock ticks) process `pid` has used.
pub fn cpu_ticks(pid: u32) -> u64 {
    stat_ticks(&std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap())
}

/// User and system clock ticks in a `/proc/.../stat` line (a process's or a thread's).
pub fn stat_ticks(stat: &str) -> u64 {
    // After the command's closing parenthesis: state is field 3, utime 14, stime 15.
    let rest = &stat[stat.rfind(')').unwrap() + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    f[11].parse::<u64>().unwrap() + f[12].parse::<u64>().unwrap()
}

pub fn out_text(o: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        o.status,
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Deterministic pseudo-random bytes.
pub fn random_bytes(len: usize, seed: u64) -> Vec<u8> {
    let mut x = seed | 1;
    let mut v = Vec::with_capacity(len);
    while v.len() < len {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        v.extend_from_slice(&x.to_le_bytes());
    }
    v.truncate(len);
    v
}

pub fn same_file(a: &Path, b: &Path) -> bool {
    std::fs::read(a).unwrap() == std::fs::read(b).unwrap()
}

/// The exporter's text at 127.0.0.1:`port`.
pub fn metrics_text(port: u16) -> String {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(s, "GET /metrics HTTP/1.0\r\n\r\n").unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out
}

/// The value of an unlabelled metric from the exporter (-1 when absent).
pub fn metric_value(port: u16, name: &str) -> f64 {
    metrics_text(port)
        .lines()
        .find(|l| l.starts_with(name) && l[name.len()..].starts_with(' '))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|x| x.parse().ok())
        .unwrap_or(-1.0)
}

/// Whether the file system under `dir` does real direct I/O (not tmpfs, which accepts
/// O_DIRECT but serves it from memory).
pub fn does_direct_io(dir: &std::path::Path) -> bool {
    use std::os::unix::fs::OpenOptionsExt;
    let probe = dir.join(".dio-probe");
    std::fs::write(&probe, [0u8; 4096]).unwrap();
    let ok = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_DIRECT)
        .open(&probe)
        .is_ok();
    let c = std::ffi::CString::new(dir.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: statfs fills the zeroed struct we own.
    let tmpfs = unsafe {
        let mut s: libc::statfs = std::mem::zeroed();
        libc::statfs(c.as_ptr(), &mut s) == 0 && s.f_type == libc::TMPFS_MAGIC
    };
    std::fs::remove_file(&probe).unwrap();
    ok && !tmpfs
}

/// A server in this process (one worker) with an SMB Direct listener on the loopback
/// fabric under `name`, metrics on `metrics`, and the shares `shares` ([[share]] tables);
/// state and users under `dir`.
pub fn start_in_process(
    dir: &Path,
    name: &str,
    metrics: u16,
    shares: &str,
) -> smbdirectd::daemon::Running {
    let users = dir.join("users");
    let mut db = smbdirectd::users::load(&users).unwrap();
    db.add(USER, PASSWORD).unwrap();
    smbdirectd::users::save(&users, &db).unwrap();
    let cfg = format!(
        "[server]\nlisten = [\"127.0.0.1:0\"]\nsmbdirect = [\"loopback={name}\"]\n\
         state_dir = {state:?}\n\n[security]\nusers = {users:?}\n\n\
         [workers]\ncount = 1\n\n[log]\nlevel = \"warn\"\n\n\
         [metrics]\nlisten = \"127.0.0.1:{metrics}\"\n\n{shares}",
        state = dir.join("state").display().to_string(),
        users = users.display().to_string(),
    );
    let path = dir.join("smbdirectd.toml");
    std::fs::write(&path, cfg).unwrap();
    let cfg = smbdirectd::config::Config::load(Some(&path)).unwrap();
    smbdirectd::daemon::start(&cfg).unwrap()
}
/// Writes then reads back `total` bytes with I/O sizes from 8 KiB to 8 MiB through both
/// descriptor kinds, byte-exact, and checks whether the payloads went through an RDMA
/// transform.
pub fn rdma_round_trip(srv: &TestServer, mut c: client::Client, total: usize, transformed: bool) {
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (f, _) = c.create(tree, "rdma.bin", 0x0012_019f, 5, 0).unwrap();
    // Written with I/O sizes from 8 KiB to 8 MiB, alternating descriptor kinds.
    let data = random_bytes(total, 77);
    let sizes = [8 << 10, 64 << 10, 1 << 20, 8 << 20, 12 << 10, 3 << 20];
    let mut off = 0usize;
    let mut k = 0;
    while off < total {
        let n = sizes[k % sizes.len()].min(total - off);
        let w = c
            .write_rdma(tree, f, off as u64, &data[off..off + n], k % 2 == 0)
            .unwrap_or_else(|e| panic!("write {n} at {off}: {e:?}\n{}", srv.log()));
        assert_eq!(w as usize, n);
        off += n;
        k += 1;
    }
    // Read back with other sizes, through both channel kinds.
    let mut off = 0usize;
    let mut k = 1;
    while off < total {
        let n = sizes[k % sizes.len()].min(total - off);
        let got = c
            .read_rdma(tree, f, off as u64, n as u32, k % 2 == 0)
            .unwrap_or_else(|e| panic!("read {n} at {off}: {e:?}\n{}", srv.log()));
        assert!(got == data[off..off + n], "data differs at {off}");
        off += n;
        k += 1;
    }
    let ios = c.transformed_ios;
    if transformed {
        assert!(
            ios >= 2 * (total / (8 << 20)) as u64,
            "{ios} transformed I/Os"
        );
    } else {
        assert_eq!(ios, 0);
    }
    // Plain inline READ/WRITE still work on the same connection.
    c.write(tree, f, 5, b"inline").unwrap();
    assert_eq!(c.read(tree, f, 5, 6).unwrap(), b"inline");
    c.close(tree, f).unwrap();
    let on_disk = std::fs::read(srv.share.join("rdma.bin")).unwrap();
    assert_eq!(on_disk.len(), total);
    assert!(on_disk[..5] == data[..5] && on_disk[11..] == data[11..]);
}

/// Writes 4 KiB of 0x11 to `fault.bin` over RDMA, then sends an 8 MiB RDMA-channel WRITE
/// of 0x22 over it and vanishes at once, while the server fetches the data.
pub fn vanish_during_an_rdma_write(mut c: client::Client) {
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (f, _) = c.create(tree, "fault.bin", 0x0012_019f, 5, 0).unwrap();
    c.write_rdma(tree, f, 0, &[0x11; 4096], false).unwrap();
    let (_id, buf) = c
        .send_write_rdma(tree, f, 0, &vec![0x22; 8 << 20], false)
        .unwrap();
    drop(c);
    drop(buf);
}

/// Sends a WRITE over `c`'s RDMA channel whose buffer descriptor is `desc` as given (it
/// may name memory the client never registered for it) and whose RemainingBytes is
/// `remaining`, at `offset` of `f`. Ok with the response, or Err when the connection
/// ended (an RDMA access error ends it).
pub fn rdma_write_naming(
    c: &mut client::Client,
    (tree, f): (u32, client::FileId),
    offset: u64,
    desc: &[u8],
    remaining: u32,
) -> client::Result<client::Response> {
    let body = testkit::bodies::le(&[
        &49u16.to_le_bytes(),
        &0u16.to_le_bytes(),
        &0u32.to_le_bytes(),
        &offset.to_le_bytes(),
        &testkit::bodies::fid_bytes(f),
        &1u32.to_le_bytes(), // SMB2_CHANNEL_RDMA_V1
        &remaining.to_le_bytes(),
        &112u16.to_le_bytes(),
        &(desc.len() as u16).to_le_bytes(),
        &0u32.to_le_bytes(),
        desc,
    ]);
    c.request(smb_wire::header::Command::WRITE, tree, &body)
}

/// Runs qemu-img (false when it is not installed outside CI); a failure fails the test.
pub fn qemu_img(args: &[&str]) -> bool {
    if !require_tool("qemu-img") {
        return false;
    }
    let o = Command::new("qemu-img").args(args).output().unwrap();
    assert!(
        o.status.success(),
        "qemu-img {args:?}: {}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    true
}

/// qemu-img finds the VHDX `disk` consistent and holding exactly the raw image `raw`.
pub fn qemu_img_matches(disk: &Path, raw: &Path) {
    let (d, r) = (disk.to_str().unwrap(), raw.to_str().unwrap());
    if qemu_img(&["check", "-q", "-f", "vhdx", d]) {
        qemu_img(&["compare", "-q", "-f", "vhdx", "-F", "raw", d, r]);
    }
}

/// A TCP connection to the loopback `port` from local address `source` (another
/// 127.x address: a client address of its own).
pub fn connect_from(source: &str, port: u16) -> std::net::TcpStream {
    use std::os::fd::FromRawFd;
    let src: std::net::Ipv4Addr = source.parse().unwrap();
    let sin = |ip: std::net::Ipv4Addr, port: u16| libc::sockaddr_in {
        sin_family: libc::AF_INET as libc::sa_family_t,
        sin_port: port.to_be(),
        sin_addr: libc::in_addr {
            s_addr: u32::from(ip).to_be(),
        },
        sin_zero: [0; 8],
    };
    let len = std::mem::size_of::<libc::sockaddr_in>() as libc::socklen_t;
    // SAFETY: plain socket calls on a descriptor this function owns; the address structs
    // outlive the calls that read them.
    unsafe {
        let fd = libc::socket(libc::AF_INET, libc::SOCK_STREAM | libc::SOCK_CLOEXEC, 0);
        assert!(fd >= 0);
        let a = sin(src, 0);
        assert_eq!(
            libc::bind(fd, &a as *const _ as *const libc::sockaddr, len),
            0
        );
        let b = sin(std::net::Ipv4Addr::LOCALHOST, port);
        assert_eq!(
            libc::connect(fd, &b as *const _ as *const libc::sockaddr, len),
            0,
            "connect from {source}"
        );
        std::net::TcpStream::from_raw_fd(fd)
    }
}

/// Whether the server closed `s` (end of stream or reset) within `limit`.
pub fn closed_within(s: &mut std::net::TcpStream, limit: Duration) -> bool {
    s.set_read_timeout(Some(limit)).unwrap();
    let mut b = [0u8; 64];
    match std::io::Read::read(s, &mut b) {
        Ok(0) => true,
        Ok(_) => false,
        Err(e) => e.kind() == std::io::ErrorKind::ConnectionReset,
    }
}

pub fn utf16(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(|u| u.to_le_bytes()).collect()
}

/// QUERY_DIRECTORY of everything (FileIdBothDirectoryInformation, restarting the scan).
pub fn list_body(d: client::FileId, max_out: u32) -> Vec<u8> {
    let n = utf16("*");
    let mut b = Vec::new();
    b.extend_from_slice(&33u16.to_le_bytes());
    b.push(37);
    b.push(1);
    b.extend_from_slice(&0u32.to_le_bytes());
    b.extend_from_slice(&d.persistent.to_le_bytes());
    b.extend_from_slice(&d.volatile.to_le_bytes());
    b.extend_from_slice(&96u16.to_le_bytes());
    b.extend_from_slice(&(n.len() as u16).to_le_bytes());
    b.extend_from_slice(&max_out.to_le_bytes());
    b.extend_from_slice(&n);
    b
}

/// Whether the SPDK shim is here (a failure in CI: scripts/test builds it).
pub fn have_spdk() -> bool {
    testkit::require(
        "SPDK (libsmbdirectd_spdk.so)",
        spdk::find().is_some(),
        "scripts/build-spdk",
    )
}

/// `smbdirectd spdk ARGS --device DEVICE`, which must succeed: its output.
pub fn spdk_admin(args: &[&str], device: &Path) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_smbdirectd-under-test"))
        .arg("spdk")
        .args(args)
        .arg("--device")
        .arg(device)
        .output()
        .unwrap();
    let text = out_text(&o);
    assert!(o.status.success(), "smbdirectd spdk {args:?}: {text}");
    text
}

/// A device file of `bytes` with a new SPDK store on it (the directory keeps it).
pub fn formatted_device(bytes: u64) -> (tempfile::TempDir, PathBuf) {
    let dev_dir = tempfile::tempdir().unwrap();
    let device = dev_dir.path().join("nvme.img");
    std::fs::File::create(&device)
        .unwrap()
        .set_len(bytes)
        .unwrap();
    spdk_admin(&["format", "--yes"], &device);
    (dev_dir, device)
}

/// The test server with its share on the SPDK store on `device`.
pub fn spdk_server(device: &Path) -> TestServer {
    spdk_server_with(device, "")
}

/// The test server with its share on the SPDK store on `device` and `extra` share
/// settings.
pub fn spdk_server_with(device: &Path, extra: &str) -> TestServer {
    TestServer::start_with(Opts {
        share_extra: format!(
            "backend = \"spdk\"\ndevice = \"{}\"\n{extra}\n",
            device.display()
        ),
        ..Default::default()
    })
}

/// Opens the share's root, lists it (one QUERY_DIRECTORY) and closes it.
pub fn list_root(c: &mut client::Client, tree: u32) -> Result<(), String> {
    use client::{access, create_options};
    let (d, _) = c
        .create(
            tree,
            "",
            access::FILE_READ_DATA,
            1,
            create_options::DIRECTORY_FILE,
        )
        .map_err(|e| format!("open root: {e}"))?;
    let r = c
        .request(
            smb_wire::header::Command::QUERY_DIRECTORY,
            tree,
            &list_body(d, 65536),
        )
        .map_err(|e| format!("list: {e}"))?;
    if r.status().is_error() {
        return Err(format!("list: {}", r.status()));
    }
    c.close(tree, d).map_err(|e| format!("close: {e}"))
}

/// A path as the `&str` a command line takes.
pub fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// `smbdirectd vhdx ARGS`, which must succeed.
pub fn vhdx(args: &[&str]) {
    let o = Command::new(env!("CARGO_BIN_EXE_smbdirectd-under-test"))
        .arg("vhdx")
        .args(args)
        .output()
        .unwrap();
    assert!(o.status.success(), "vhdx {args:?}: {}", out_text(&o));
}

/// The status a client call failed with (panics when it did not fail that way).
pub fn failure_status<T: std::fmt::Debug>(r: client::Result<T>) -> smb_wire::NtStatus {
    match r {
        Err(client::Error::Status(_, st)) => st,
        other => panic!("expected a failure status, got {other:?}"),
    }
}

/// The status a request ended with (SUCCESS when it did not fail).
pub fn status<T>(r: Result<T, client::Error>) -> smb_wire::NtStatus {
    match r {
        Ok(_) => smb_wire::NtStatus::SUCCESS,
        Err(client::Error::Status(_, st)) => st,
        Err(e) => panic!("{e}"),
    }
}

/// `smbdirectd drain` on the scale-out node `s`, asked again while it has not yet seen
/// another node to send its clients to (once it has looked, every quarter lease; 15 s
/// at most).
pub fn drain(s: &TestServer) {
    let end = std::time::Instant::now() + std::time::Duration::from_secs(15);
    loop {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_smbdirectd-under-test"))
            .args(["drain", "--config"])
            .arg(s.dir.path().join("smbdirectd.toml"))
            .output()
            .unwrap();
        if o.status.success() {
            return;
        }
        assert!(
            std::time::Instant::now() < end && out_text(&o).contains("no other node"),
            "{}",
            out_text(&o)
        );
        std::thread::sleep(std::time::Duration::from_millis(300));
    }
}

/// A client of `s` with ClientGuid `guid` (a Hyper-V host), signed in as the test
/// user and connected to its share.
pub fn connect_with_guid(s: &TestServer, guid: [u8; 16]) -> (client::Client, u32) {
    let mut c = client::Client::connect(
        &format!("{}:{}", s.host, s.port),
        &client::Options {
            client_guid: Some(guid),
            ..user_options()
        },
    )
    .unwrap();
    let tree = c.tree_connect(&format!("\\\\{}\\data", s.host)).unwrap();
    (c, tree)
}

/// The test server's options for a share on the CephFS of `c`: the directory `path` of
/// its file system, `share_extra` more share settings, `ceph_extra` more `[ceph]`
/// settings, `server_extra` more configuration before `[ceph]` (the `[server]` keys and
/// tables such as `[metrics]`).
pub fn cephfs_opts(
    c: &testkit::ceph::Cluster,
    path: &str,
    share_extra: &str,
    (ceph_extra, server_extra): (&str, &str),
) -> Opts {
    Opts {
        share_extra: format!("backend = \"cephfs\"\n{share_extra}\n"),
        share_path: Some(path.into()),
        // (Scale-out nodes share one: each test's nodes are one cluster.)
        security_extra: "machine_sid = \"S-1-5-21-510-510-510\"".into(),
        extra_config: format!(
            "{server_extra}\n[ceph]\nconf = \"{}\"\nuser = \"smb\"\nkeyring = \"{}\"\n{ceph_extra}\n",
            c.conf.display(),
            c.keyring.display()
        ),
        ..Default::default()
    }
}

/// One rpcclient session (a context handle lives in its connection), fed commands one
/// at a time (rpcclient, fed two lines at once, runs only the first).
pub struct Rpc {
    child: Child,
    pub lines: std::sync::mpsc::Receiver<String>,
}

impl Rpc {
    /// `command` (rpcclient and its arguments, shell words) with `envs`, within 120 s.
    pub fn start(command: &str, envs: &[(String, String)]) -> Rpc {
        use std::io::BufRead;
        // (Its errors, on stderr, come in the same stream, line by line.)
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("exec stdbuf -oL timeout 120 {command} 2>&1"))
            .envs(envs.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let out = child.stdout.take().unwrap();
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for l in std::io::BufReader::new(out).lines() {
                let Ok(l) = l else { break };
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        Rpc { child, lines }
    }

    pub fn send(&mut self, cmd: &str) {
        let stdin = self.child.stdin.as_mut().unwrap();
        writeln!(stdin, "{cmd}").unwrap();
        stdin.flush().unwrap();
    }

    /// Lines until one containing any of `want`, within `limit`; all of them.
    pub fn until(&self, want: &[&str], limit: Duration) -> String {
        let end = Instant::now() + limit;
        let mut seen = String::new();
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(l) => {
                    seen.push_str(&l);
                    seen.push('\n');
                    if want.iter().any(|w| l.contains(w)) {
                        return seen;
                    }
                }
                Err(_) => break,
            }
        }
        panic!("none of {want:?} within {limit:?}; saw:\n{seen}");
    }

    /// Registers (RegisterEx with `args`) and leaves an AsyncNotify waiting on it.
    pub fn register_and_wait(&mut self, args: &str) {
        let h = self.register(args);
        self.send(&format!("AsyncNotify {h}"));
    }

    /// A Witness registration's handle as rpcclient prints it (`type:GUID`).
    pub fn register(&mut self, args: &str) -> String {
        self.send(&format!("RegisterEx {args}"));
        let out = self.until(&["1:", "result was"], Duration::from_secs(20));
        out.lines()
            .find_map(|l| l.trim().strip_prefix("1:").map(|g| format!("1:{g}")))
            .unwrap_or_else(|| panic!("no handle: {out}"))
    }
}

impl Drop for Rpc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
