//! Samba's smbtorture against our server. The required suites must pass except for the
//! tests listed, each with its reason, in `smbtorture-known-failures.txt`; a failure not on
//! that list fails this test; a listed test that now passes is reported loudly so the list
//! can shrink. The broader suites are run and their counts printed.

mod common;
use common::*;
use std::collections::{BTreeMap, BTreeSet};

const REQUIRED: &[&str] = &[
    "smb2.connect",
    "smb2.read",
    "smb2.rw",
    "smb2.dir",
    "smb2.getinfo",
    "smb2.setinfo",
    "smb2.create.open",
    "smb2.create.multi",
    "smb2.create.delete",
    "smb2.compound",
    "smb2.lock",
    "smb2.credits",
    // Not asked for by issue 2, held to anyway: server-side copy (copychunk), resume
    // keys, sparse files, trim, interface info.
    "smb2.ioctl",
    // Durable handles (batch oplocks and leases, reconnect after a lost connection,
    // replay) and leases.
    "smb2.durable-open",
    "smb2.durable-v2-open",
    "smb2.lease",
    // Replayed CREATEs (the open made the first time, or FILE_NOT_AVAILABLE while it
    // runs, also after its channel is lost) and channel sequences (issue 23).
    "smb2.replay",
    // Re-authentication and channel binding, as Windows checks them (issue 23).
    "smb2.session",
    // Times a client sets stay set, ChangeTime included; write times move as Windows
    // Server 2016 and Samba move them after writes (issue 23).
    "smb2.timestamps",
    // DELETE from a parent's FILE_DELETE_CHILD, delete-on-close against the DACL.
    "smb2.delete-on-close-perms",
    // Windows semantics (issue 23): rename while the target directory is held, DOS
    // attributes kept through overwrites and on directories.
    "smb2.rename",
    "smb2.openattr",
    "smb2.winattr",
    // File ids as NTFS keeps them: through overwrites and writes, and a named stream
    // showing its file's (issue 49).
    "smb2.fileid",
];

/// Windows semantics, second round (issue 49), held to where Samba configured for Windows
/// clients is (13, 4 and 12 of them): ACLs as NTFS applies them (generic rights mapped,
/// CREATOR OWNER, OWNER RIGHTS, deny ACEs, inheritance and its flags, maximal access,
/// access-based enumeration on a share of its own, `hideunread`), and named streams.
const ACLS: &[&str] = &["smb2.acls", "smb2.streams"];

const SURVEY: &[&str] = &["smb2.create", "smb2.oplock"];

#[derive(Default, Debug)]
struct Counts {
    pass: BTreeSet<String>,
    fail: BTreeSet<String>,
    skip: BTreeSet<String>,
    aborted: bool,
}

fn run_suite(s: &TestServer, suite: &str) -> Counts {
    let o = std::process::Command::new("timeout")
        // smb2.oplock waits out unanswered breaks (seconds each, 35 s for one).
        .args([
            "-k",
            "10",
            if matches!(suite, "smb2.oplock" | "smb2.lease" | "smb2.replay") {
                "600"
            } else {
                "120"
            },
        ])
        .arg("smbtorture")
        .arg("//127.0.0.1/data")
        .arg("-p")
        .arg(s.port.to_string())
        .arg("-U")
        .arg(format!("{USER}%{PASSWORD}"))
        .args(["--format=subunit", "--option=torture:sharedelay=0"])
        .args(["--option=torture:writetimeupdatedelay=50000"])
        .arg(suite)
        .current_dir(s.dir.path())
        .output()
        .unwrap();
    let mut c = Counts {
        aborted: o.status.code() == Some(124),
        ..Default::default()
    };
    let text = String::from_utf8_lossy(&o.stdout);
    for line in text.lines() {
        let mut it = line.splitn(2, ": ");
        let (Some(kind), Some(rest)) = (it.next(), it.next()) else {
            continue;
        };
        let name = rest.split(" [").next().unwrap_or(rest).trim().to_string();
        match kind {
            "success" | "successful" => {
                c.pass.insert(name);
            }
            "failure" | "error" => {
                c.fail.insert(name);
            }
            "skip" => {
                c.skip.insert(name);
            }
            _ => {}
        }
    }
    // A test that started but never reported (a hang killed by timeout) counts as failed.
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("test: ") {
            let n = name.trim().to_string();
            if !c.pass.contains(&n) && !c.fail.contains(&n) && !c.skip.contains(&n) {
                c.fail.insert(n);
            }
        }
    }
    // The suite's own name appears as a test entry too; drop it from the counts.
    c.pass.remove(suite);
    c.fail.remove(suite);
    c
}

fn known_failures() -> BTreeMap<String, String> {
    read_known("smbtorture-known-failures.txt")
}

fn read_known(file: &str) -> BTreeMap<String, String> {
    let p = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p}: {e}"));
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (name, why) = l.split_once('#').unwrap_or((l, ""));
            (name.trim().to_string(), why.trim().to_string())
        })
        .collect()
}

fn qualify(suite: &str, name: &str) -> String {
    // subunit names are "suite.test" relative to the torture root, e.g. "smb2.read.eof".
    if name.starts_with("smb2.") {
        name.to_string()
    } else {
        format!("{suite}.{name}")
    }
}

#[test]
fn smbtorture_required_suites() {
    if !require_tool("smbtorture") {
        return;
    }
    // smb2.acls' access-based enumeration test lists a share of its own.
    let hide = tempfile::tempdir().unwrap();
    let s = TestServer::start_with(Opts {
        share_extra: format!(
            "\n[[share]]\nname = \"hideunread\"\npath = \"{}\"\naccess_based_enumeration = true",
            hide.path().display()
        ),
        ..Default::default()
    });
    let mut suites = REQUIRED.to_vec();
    suites.extend(ACLS);
    hold_to(&s, "required", &suites, &known_failures());
}

/// The file-centric required suites on a share kept by SPDK (a blobstore on a file
/// through SPDK's aio bdev): the same list of known failures, and the SPDK share's own
/// differences, each with its reason, in `smbtorture-spdk-known-failures.txt`.
#[test]
fn smbtorture_on_an_spdk_share() {
    if !require_tool("smbtorture") || !have_spdk() {
        return;
    }
    let (_dev_dir, device) = formatted_device(2 << 30);
    let s = spdk_server(&device);
    let mut known = known_failures();
    known.extend(read_known("smbtorture-spdk-known-failures.txt"));
    let suites: Vec<&str> = REQUIRED
        .iter()
        .copied()
        .filter(|s| !PROTOCOL_ONLY.contains(s))
        .collect();
    hold_to(&s, "on SPDK", &suites, &known);
}

/// The file-centric required suites on one node of a cephfs share (a single-host Ceph
/// cluster, scripts/ceph-lab): the same list of known failures, and the cephfs share's
/// own differences, each with its reason, in `smbtorture-cephfs-known-failures.txt`.
#[test]
fn smbtorture_on_a_cephfs_share() {
    if !require_tool("smbtorture") || !testkit::ceph::have_ceph() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let c = testkit::ceph::Cluster::start(&dir.path().join("ceph"), "127.0.0.1", 17300);
    let s = TestServer::start_with(cephfs_opts(&c, "/torture", "", ("", "")));
    let mut known = known_failures();
    known.extend(read_known("smbtorture-cephfs-known-failures.txt"));
    let suites: Vec<&str> = REQUIRED
        .iter()
        .copied()
        .filter(|s| !PROTOCOL_ONLY.contains(s))
        .collect();
    hold_to(&s, "on CephFS", &suites, &known);
}

/// The file-centric required suites on one node of a scale-out share (issue 51): two
/// nodes serve it from one CephFS, their opens and locks in RADOS; the same lists as on
/// a cephfs share, and what a scale-out share does differently (it caches reads at
/// most: Level II oplocks, R leases), each with its reason, in
/// `smbtorture-scaleout-known-failures.txt`.
#[test]
fn smbtorture_on_a_scale_out_share() {
    if !require_tool("smbtorture") || !testkit::ceph::have_ceph() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let c = testkit::ceph::Cluster::start(&dir.path().join("ceph"), "127.0.0.1", 17400);
    let node = || {
        TestServer::start_with(cephfs_opts(
            &c,
            "/torture",
            "continuous_availability = true\nscale_out = true",
            ("", ""),
        ))
    };
    let (s, _other) = (node(), node());
    let mut known = known_failures();
    known.extend(read_known("smbtorture-cephfs-known-failures.txt"));
    known.extend(read_known("smbtorture-scaleout-known-failures.txt"));
    let suites: Vec<&str> = REQUIRED
        .iter()
        .copied()
        .filter(|s| !PROTOCOL_ONLY.contains(s))
        .collect();
    hold_to(&s, "on a scale-out share", &suites, &known);
}

/// The required suites that do not depend on the backend (protocol only: credits,
/// sessions, replays, leases, durable v2): they run on the directory share only.
const PROTOCOL_ONLY: &[&str] = &[
    "smb2.credits",
    "smb2.session",
    "smb2.replay",
    "smb2.lease",
    "smb2.durable-v2-open",
];

/// Runs `suites` against `s`: every failure must be in `known` (one that fails is run
/// once more on its own, and only one that fails twice counts); a known failure that
/// passes is reported loudly.
fn hold_to(s: &TestServer, what: &str, suites: &[&str], known: &BTreeMap<String, String>) {
    let mut unexpected = Vec::new();
    let mut now_passing = Vec::new();
    let (mut tp, mut tf) = (0, 0);
    for suite in suites {
        let c = run_suite(s, suite);
        println!(
            "smbtorture {suite}: {} passed, {} failed, {} skipped{}",
            c.pass.len(),
            c.fail.len(),
            c.skip.len(),
            if c.aborted { " (timed out)" } else { "" }
        );
        tp += c.pass.len();
        tf += c.fail.len();
        for f in &c.fail {
            let q = qualify(suite, f);
            if !known.contains_key(&q) {
                unexpected.push(q);
            }
        }
        for p in &c.pass {
            let q = qualify(suite, p);
            if known.contains_key(&q) {
                now_passing.push(q);
            }
        }
        if c.pass.is_empty() && c.fail.is_empty() {
            unexpected.push(format!("{suite} (no results at all)"));
        }
    }
    println!("smbtorture {what}: {tp} passed, {tf} failed");
    // Some smbtorture tests race the server's handling of a just-closed connection.
    unexpected.retain(|t| {
        if t.ends_with("(no results at all)") {
            return true;
        }
        let again = run_suite(s, t);
        let passed = again.fail.is_empty() && !again.pass.is_empty();
        println!(
            "RETRIED {t}: {}",
            if passed {
                "passed the second time (timing-sensitive)"
            } else {
                "failed again"
            }
        );
        !passed
    });
    // A listed test that passes is reported loudly (remove it from the list) but does not
    // fail the run: some smbtorture tests are timing-sensitive.
    for p in &now_passing {
        println!("NOW PASSING (remove from the known failures): {p}");
    }
    assert!(
        unexpected.is_empty(),
        "unexpected failures: {unexpected:#?}\nserver log tail:\n{}",
        s.log()
            .lines()
            .rev()
            .take(50)
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// smb2.ioctl on a share whose file system shares blocks (XFS with reflink): the block
/// cloning tests (dup_extents_*) run instead of skipping, and all pass but the two that
/// need compressed files (the share refuses compression: Hyper-V refuses compressed
/// VHDX), which skip; nothing fails that is not listed.
#[test]
fn smbtorture_ioctl_on_a_reflink_share() {
    if !require_tool("smbtorture") || !require_tool("mkfs.xfs") {
        return;
    }
    let known = known_failures();
    let mut s = TestServer::start_with(Opts {
        prepare_share: Some(xfs_share),
        ..Default::default()
    });
    let _mount = Mounted(s.share.clone());
    let c = run_suite(&s, "smb2.ioctl");
    println!(
        "smbtorture smb2.ioctl on XFS: {} passed, {} failed, {} skipped",
        c.pass.len(),
        c.fail.len(),
        c.skip.len()
    );
    let dup: Vec<&String> = c
        .pass
        .iter()
        .filter(|t| t.contains("dup_extents"))
        .collect();
    println!("dup_extents passed: {}", dup.len());
    for t in c
        .fail
        .iter()
        .chain(&c.skip)
        .filter(|t| t.contains("dup_extents"))
    {
        assert!(
            t.contains("compressed") && c.skip.contains(t),
            "dup_extents test not passing: {t}"
        );
    }
    assert_eq!(dup.len(), 12, "{:?}", c);
    let unexpected: Vec<String> = c
        .fail
        .iter()
        .map(|f| qualify("smb2.ioctl", f))
        .filter(|q| !known.contains_key(q))
        .collect();
    assert!(
        unexpected.is_empty(),
        "unexpected failures: {unexpected:#?}"
    );
    s.stop();
}

/// smb2.notify hangs as a whole suite (on Samba too: some subtests wait for events that
/// never come), so its subtests run one at a time. These must pass; the rest (mask,
/// security, inotify-rename: they wait out their time here) are counted.
const NOTIFY_REQUIRED: &[&str] = &[
    "valid-req",
    "tcon",
    "dir",
    "tdis",
    "tdis1",
    "mask-change",
    "close",
    "logoff",
    "session-reconnect",
    "invalid-reauth",
    "tree",
    "basedir",
    "double",
    "file",
    "tcp",
    "rec",
    "overflow",
    "rmdir1",
    "rmdir2",
    "rmdir3",
    "rmdir4",
];

#[test]
fn smbtorture_notify_subtests() {
    if !require_tool("smbtorture") {
        return;
    }
    let s = TestServer::start();
    let mut failed = Vec::new();
    for t in NOTIFY_REQUIRED {
        let c = run_suite(&s, &format!("smb2.notify.{t}"));
        let passed = c
            .pass
            .iter()
            .any(|p| p == t || p.ends_with(&format!(".{t}")));
        if !passed {
            // Timing-sensitive ones get a second try, reported.
            let again = run_suite(&s, &format!("smb2.notify.{t}"));
            let ok = again
                .pass
                .iter()
                .any(|p| p == t || p.ends_with(&format!(".{t}")));
            println!(
                "RETRIED smb2.notify.{t}: {}",
                if ok { "passed" } else { "failed again" }
            );
            if !ok {
                failed.push(t.to_string());
            }
        }
    }
    println!(
        "smbtorture smb2.notify: {} of {} required subtests passed",
        NOTIFY_REQUIRED.len() - failed.len(),
        NOTIFY_REQUIRED.len()
    );
    assert!(
        failed.is_empty(),
        "smb2.notify subtests failed: {failed:?}\n{}",
        s.log()
    );
}

#[test]
fn smbtorture_survey() {
    if !require_tool("smbtorture") {
        return;
    }
    let s = TestServer::start();
    for suite in SURVEY {
        let c = run_suite(&s, suite);
        println!(
            "smbtorture {suite}: {} passed, {} failed, {} skipped{}",
            c.pass.len(),
            c.fail.len(),
            c.skip.len(),
            if c.aborted { " (timed out)" } else { "" }
        );
        for f in &c.fail {
            println!("  FAIL {}", qualify(suite, f));
        }
    }
}
