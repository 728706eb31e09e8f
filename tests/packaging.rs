//! The deployable pieces: the systemd unit verifies, the Dockerfile builds the binary
//! with the script the test suite runs, the example configurations and dashboard are
//! well formed.

mod common;

use std::path::Path;
use std::process::Command;

fn repo() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

#[test]
fn systemd_unit_verifies() {
    if !common::require_tool("systemd-analyze") {
        return;
    }
    let unit = std::fs::read_to_string(repo().join("packaging/smbdirectd.service")).unwrap();
    assert!(unit.contains("ExecStart=/usr/local/bin/smbdirectd serve --config"));
    assert!(unit.contains("AmbientCapabilities=CAP_IPC_LOCK CAP_NET_BIND_SERVICE\n"));
    // Verify a copy whose ExecStart names the binary under test (verify checks that the
    // executable exists).
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("smbdirectd.service");
    std::fs::write(
        &copy,
        unit.replace(
            "/usr/local/bin/smbdirectd",
            env!("CARGO_BIN_EXE_smbdirectd-under-test"),
        ),
    )
    .unwrap();
    let o = Command::new("systemd-analyze")
        .args(["verify", "--man=no"])
        .arg(&copy)
        .env("SYSTEMD_LOG_LEVEL", "warning")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    // Only lines about our unit count: the host's own units are not ours to judge.
    let ours: Vec<&str> = err
        .lines()
        .filter(|l| l.contains("smbdirectd.service"))
        .collect();
    assert!(
        o.status.success() && ours.is_empty(),
        "systemd-analyze verify:\n{err}"
    );
}

#[test]
fn dockerfile_builds_with_the_tested_release_script() {
    let df = std::fs::read_to_string(repo().join("Dockerfile")).unwrap();
    assert!(
        df.contains("RUN scripts/build-release /out"),
        "the build stage runs scripts/build-release"
    );
    // The build needs no rdma-core headers (verbs is loaded at run time); the runtime
    // stage installs the libraries it loads.
    assert!(!df.contains("libclang-dev") && !df.contains("libibverbs-dev"));
    assert!(df.contains("libibverbs1 librdmacm1"));
    assert!(
        df.contains("USER smbdirectd"),
        "the runtime runs unprivileged"
    );
    assert!(df.contains("setcap cap_ipc_lock,cap_net_bind_service+ep"));
    let script = std::fs::read_to_string(repo().join("scripts/build-release")).unwrap();
    assert!(script.contains("cargo build --locked --release -p smbdirectd --features verbs"));
    let t = std::fs::read_to_string(repo().join("scripts/test")).unwrap();
    assert!(
        t.contains("scripts/build-release"),
        "scripts/test builds the release binary"
    );
}

#[test]
fn version_lists_features() {
    let o = Command::new(env!("CARGO_BIN_EXE_smbdirectd-under-test"))
        .arg("--version")
        .output()
        .unwrap();
    let v = String::from_utf8_lossy(&o.stdout);
    assert!(
        v.contains("features: tcp, io_uring, metrics, vhdx, verbs"),
        "the default build carries verbs: {v}"
    );
    assert!(!v.contains("spdk") || spdk::find().is_some(), "{v}");
    // With the SPDK shim (scripts/test builds it and names it), `spdk` and its release
    // are listed; a node without it does not list it.
    if testkit::require(
        "SPDK (libsmbdirectd_spdk.so)",
        spdk::find().is_some(),
        "scripts/build-spdk",
    ) {
        assert!(v.contains(", spdk) [SPDK v26.05"), "{v}");
    }
    let o = Command::new(env!("CARGO_BIN_EXE_smbdirectd-under-test"))
        .arg("--version")
        .env("SMBDIRECTD_SPDK_LIB", "/nonexistent/libsmbdirectd_spdk.so")
        .output()
        .unwrap();
    let v = String::from_utf8_lossy(&o.stdout);
    assert!(v.contains("vhdx, verbs)") && !v.contains("spdk"), "{v}");
    let o = Command::new(env!("CARGO_BIN_EXE_smbdirectd-under-test"))
        .arg("rdma")
        .output()
        .unwrap();
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("verbs:"));
}

#[test]
fn setup_host_dry_run_changes_nothing() {
    let o = Command::new("bash")
        .arg(repo().join("scripts/setup-host"))
        .args(["--dry-run", "--hugepages", "8"])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        out.contains("== hugepages") && out.contains("== RDMA devices"),
        "{out}"
    );
}

#[test]
fn dashboard_and_scrape_config_are_well_formed() {
    let d: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(repo().join("config/grafana-dashboard.json")).unwrap(),
    )
    .unwrap();
    let panels = d["panels"].as_array().unwrap();
    assert!(panels.len() >= 8);
    for p in panels {
        for t in p["targets"].as_array().unwrap() {
            assert!(t["expr"].as_str().unwrap().contains("smbdirectd_"));
        }
    }
    if common::require_tool("promtool") {
        let o = Command::new("promtool")
            .args(["check", "config"])
            .arg(repo().join("config/prometheus.yml"))
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
}

/// A worker pinned to a CPU outside the process's set would run unpinned: the server
/// refuses to start instead, and says which CPU.
#[test]
fn a_worker_cpu_outside_the_allowed_set_stops_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let bin = env!("CARGO_BIN_EXE_smbdirectd-under-test");
    let users = dir.path().join("users");
    let mut add = Command::new(bin)
        .args(["user", "add", "u", "--password-stdin", "--users"])
        .arg(&users)
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    writeln!(add.stdin.take().unwrap(), "Pass-word1").unwrap();
    assert!(add.wait().unwrap().success());
    std::fs::create_dir_all(dir.path().join("share")).unwrap();
    let config = dir.path().join("smbdirectd.toml");
    std::fs::write(
        &config,
        format!(
            "[server]\nlisten = [\"127.0.0.1:{}\"]\nstate_dir = \"{}\"\n[security]\n\
             users = \"{}\"\n[workers]\ncount = 1\ncpus = [65535]\n[[share]]\nname = \"data\"\n\
             path = \"{}\"\n",
            common::free_port(),
            dir.path().join("state").display(),
            users.display(),
            dir.path().join("share").display()
        ),
    )
    .unwrap();
    let o = Command::new(bin)
        .args(["serve", "--config"])
        .arg(&config)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "started: {err}");
    assert!(err.contains("CPU 65535"), "{err}");
}

/// The log a server writes to a file (or a pipe, or the journal) is plain text: no
/// terminal colour codes.
#[test]
fn a_log_written_to_a_file_has_no_colour_codes() {
    let mut s = common::TestServer::start();
    let mut c = s.tcp_client();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (f, _) = c.create(tree, "x.txt", 0x0012_019f, 3, 0).unwrap();
    c.close(tree, f).unwrap();
    s.stop();
    let log = s.log();
    assert!(log.contains("INFO"), "nothing logged: {log}");
    assert!(!log.contains('\u{1b}'), "colour codes in the log: {log:?}");
}
