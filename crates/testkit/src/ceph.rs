//! A single-host Ceph cluster for a test (`scripts/ceph-lab`): a monitor, an OSD, an MDS
//! and a CephFS, in a directory of the test's own, stopped when dropped.

use std::path::{Path, PathBuf};
use std::process::Command;

pub struct Cluster {
    pub dir: PathBuf,
    /// ceph.conf, and user "smb"'s keyring (read-write on the whole file system).
    pub conf: PathBuf,
    pub keyring: PathBuf,
    script: PathBuf,
}

/// The repository's scripts/ceph-lab.
fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/ceph-lab")
}

/// Whether Ceph's daemons are installed (a failure in CI: scripts/install-deps does).
pub fn have_ceph() -> bool {
    crate::require(
        "Ceph (ceph-mon, ceph-osd, ceph-mds)",
        ["ceph-mon", "ceph-osd", "ceph-mds"].iter().all(|b| {
            Command::new("sh")
                .args(["-c", &format!("command -v {b}")])
                .output()
                .is_ok_and(|o| o.status.success())
        }),
        "scripts/install-deps",
    )
}

impl Cluster {
    /// Starts one under `dir` (which must be empty or absent), its monitor on `ip` at
    /// `port` and `port + 1`.
    pub fn start(dir: &Path, ip: &str, port: u16) -> Cluster {
        let o = Command::new(script())
            .args(["start", dir.to_str().unwrap(), ip, &port.to_string()])
            .output()
            .expect("scripts/ceph-lab");
        let c = Cluster {
            dir: dir.to_path_buf(),
            conf: dir.join("ceph.conf"),
            keyring: dir.join("client.smb.keyring"),
            script: script(),
        };
        assert!(
            o.status.success(),
            "ceph-lab start: {}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
        c
    }
}

impl Cluster {
    fn lab(&self, args: &[&str]) {
        let o = Command::new(&self.script)
            .arg(args[0])
            .arg(&self.dir)
            .args(&args[1..])
            .output()
            .expect("scripts/ceph-lab");
        assert!(
            o.status.success(),
            "ceph-lab {args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }

    /// kill -9 of one of its daemons ("osd.0", "mds.a", "mon.a").
    pub fn kill(&self, daemon: &str) {
        self.lab(&["kill", daemon]);
    }

    /// Starts a killed daemon again on its data.
    pub fn revive(&self, daemon: &str) {
        self.lab(&["revive", daemon]);
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = Command::new(&self.script)
            .args(["stop", self.dir.to_str().unwrap()])
            .output();
    }
}
