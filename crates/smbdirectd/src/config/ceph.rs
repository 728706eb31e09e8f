//! `[ceph]`: the Ceph cluster that `backend = "cephfs"` shares live in, and how this
//! node reaches it (a client name and its key, never the cluster's admin key).

use anyhow::{bail, Result};
use serde::Deserialize;
use std::path::PathBuf;

use super::ShareSection;

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct CephSection {
    /// The cluster's ceph.conf (its monitors); default /etc/ceph/ceph.conf.
    #[serde(default = "default_conf")]
    pub conf: PathBuf,
    /// The client this node mounts as, without "client." (`ceph fs authorize`).
    #[serde(default = "default_user")]
    pub user: String,
    /// That client's keyring; default: what ceph.conf says (/etc/ceph/ceph.client.USER.keyring).
    #[serde(default)]
    pub keyring: Option<PathBuf>,
    /// The file system; default: the cluster's default one.
    #[serde(default)]
    pub fs_name: Option<String>,
    /// Threads that run reads, writes and syncs of cephfs shares for the workers
    /// (libcephfs' calls block): how many such operations the node has in flight.
    #[serde(default = "default_io_threads")]
    pub io_threads: usize,
    /// The RADOS pool where scale-out nodes keep their membership and their handle
    /// journals (the client needs `osd 'allow rwx pool=…'` on it, and `mon 'allow r,
    /// allow command "osd blocklist"'` to fence a node that lost its lease).
    #[serde(default = "default_state_pool")]
    pub state_pool: String,
    /// How long a node's membership lasts unrenewed, seconds: a node that cannot renew
    /// it within this stops serving, and another takes its persistent handles over once
    /// it has run out.
    #[serde(default = "default_lease_seconds")]
    pub lease_seconds: u32,
}

fn default_state_pool() -> String {
    "smbdirectd".into()
}

fn default_lease_seconds() -> u32 {
    20
}

fn default_io_threads() -> usize {
    16
}

fn default_conf() -> PathBuf {
    "/etc/ceph/ceph.conf".into()
}

fn default_user() -> String {
    "smb".into()
}

impl Default for CephSection {
    fn default() -> Self {
        CephSection {
            conf: default_conf(),
            user: default_user(),
            keyring: None,
            fs_name: None,
            io_threads: default_io_threads(),
            state_pool: default_state_pool(),
            lease_seconds: default_lease_seconds(),
        }
    }
}

impl CephSection {
    /// Mounts the directory `path` of the file system (made first if missing) for the
    /// share `name`, as this node (its state directory `state`: a node killed and
    /// started again ends the sessions its last run left, which would otherwise hold
    /// every other client off the share's files until the MDS evicts them).
    pub fn mount(
        &self,
        name: &str,
        path: &std::path::Path,
        state: &std::path::Path,
    ) -> Result<cephfs::Mount> {
        storage::cephshare::set_io_threads(self.io_threads);
        let node = node_id(state)?;
        let mut opts = self.options(Some(share_session(&node, name)));
        let dir = path.to_str().unwrap_or("/").trim_end_matches('/');
        let dir = if dir.is_empty() { "/" } else { dir };
        let err = |e: String| anyhow::anyhow!("share {name}: ceph: {e}");
        // The share's own mount first: it ends what a killed run of this node left
        // (before anything else here waits for that run's capabilities).
        if let Some(m) = cephfs::Mount::new_if_there(&opts, dir).map_err(err)? {
            return Ok(m);
        }
        // Not there yet: each component made in turn (an existing one is fine).
        let share = opts.uuid.replace(format!("smbdirectd.{node}.{name}.setup"));
        let root = cephfs::Mount::new(&opts, "/").map_err(err)?;
        let mut at = String::new();
        for c in dir.split('/').filter(|c| !c.is_empty()) {
            at = if at.is_empty() {
                c.to_string()
            } else {
                format!("{at}/{c}")
            };
            match root.mkdir(&at, 0o755) {
                Ok(()) | Err(cephfs::Errno(libc::EEXIST)) => {}
                Err(e) => bail!("share {name}: ceph: making {at}: {e}"),
            }
        }
        drop(root);
        opts.uuid = share;
        cephfs::Mount::new(&opts, dir).map_err(err)
    }
}

impl CephSection {
    /// How this node reaches the cluster, as the client with lasting identity `uuid`.
    pub fn options(&self, uuid: Option<String>) -> cephfs::Options {
        cephfs::Options {
            conf: Some(self.conf.clone()),
            user: self.user.clone(),
            keyring: self.keyring.clone(),
            fs_name: self.fs_name.clone(),
            settings: Vec::new(),
            uuid,
            session_timeout: None,
        }
    }
}

/// The lasting identity of node `node`'s file system session for share `share` (what
/// another node ends when it takes this one's opens over).
pub fn share_session(node: &str, share: &str) -> String {
    format!("smbdirectd.{node}.{share}")
}

/// This node's lasting name among a cluster's clients: made once, kept in its state
/// directory.
pub fn node_id(state: &std::path::Path) -> Result<String> {
    use anyhow::Context;
    let p = state.join("ceph-client-id");
    if let Ok(id) = std::fs::read_to_string(&p) {
        let id = id.trim();
        if !id.is_empty() {
            return Ok(id.to_string());
        }
    }
    let mut b = [0u8; 8];
    getrandom::getrandom(&mut b).map_err(|e| anyhow::anyhow!("random: {e}"))?;
    let id: String = b.iter().map(|x| format!("{x:02x}")).collect();
    std::fs::create_dir_all(state).with_context(|| format!("creating {}", state.display()))?;
    std::fs::write(&p, &id).with_context(|| format!("writing {}", p.display()))?;
    Ok(id)
}

/// A cephfs share's options agree: a path inside the file system, and none of the
/// options only a directory share has.
pub(super) fn validate(s: &ShareSection) -> Result<()> {
    if !s.path.is_absolute() {
        bail!(
            "share {:?}: backend = \"cephfs\" needs path = the directory in the file system (\"/shares/vms\")",
            s.name
        );
    }
    if s.device.is_some() {
        bail!("share {:?}: device is for backend = \"spdk\"", s.name);
    }
    for (option, on) in [
        ("direct_io", s.direct_io),
        ("io_poll", s.io_poll),
        ("sqpoll", s.sqpoll),
        ("mapped_reads", s.mapped_reads),
    ] {
        if on {
            bail!(
                "share {:?}: {option} is not served on backend = \"cephfs\" yet",
                s.name
            );
        }
    }
    Ok(())
}

/// A scale-out share: on CephFS, continuously available, with a lease the nodes can
/// renew, and the machine SID every node shares.
pub(super) fn validate_scale_out(
    s: &ShareSection,
    ceph: &CephSection,
    security: &super::SecuritySection,
) -> Result<()> {
    if s.backend != super::ShareBackend::Cephfs || !s.continuous_availability {
        bail!(
            "share {:?}: scale_out needs backend = \"cephfs\" and continuous_availability = true",
            s.name
        );
    }
    if !(3..=600).contains(&ceph.lease_seconds) {
        bail!("ceph.lease_seconds: between 3 and 600 (a node renews it every quarter)");
    }
    // Local users' SIDs live under the machine SID: nodes that made their own would show
    // one user as another on each node, and a descriptor written through one (its owner,
    // its ACEs) would name a stranger on the others.
    if security.machine_sid.is_none() {
        bail!(
            "share {:?}: scale_out needs [security] machine_sid, the same on every node \
             (local users' SIDs live under it)",
            s.name
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::{Config, ShareBackend};

    #[test]
    fn cephfs_shares_name_a_directory_of_the_file_system() {
        let ok = Config::parse(
            "[ceph]\nconf = \"/etc/ceph/ceph.conf\"\nuser = \"smb\"\n\
             [[share]]\nname = \"vms\"\nbackend = \"cephfs\"\npath = \"/shares/vms\"\n",
            "t",
        )
        .unwrap();
        assert_eq!(ok.shares[0].backend, ShareBackend::Cephfs);
        assert_eq!(ok.ceph.user, "smb");
        for (bad, says) in [
            ("backend = \"cephfs\"\npath = \"shares\"", "needs path"),
            ("backend = \"cephfs\"", "needs path"),
            (
                "backend = \"cephfs\"\npath = \"/s\"\nmapped_reads = true",
                "mapped_reads",
            ),
            (
                "backend = \"cephfs\"\npath = \"/s\"\ndevice = \"/x\"",
                "device is for",
            ),
            (
                "backend = \"cephfs\"\npath = \"/s\"\nscale_out = true",
                "scale_out needs",
            ),
            (
                "path = \"/s\"\ncontinuous_availability = true\nscale_out = true",
                "scale_out needs",
            ),
        ] {
            let cfg = format!("[[share]]\nname = \"vms\"\n{bad}\n");
            let e = format!("{:#}", Config::parse(&cfg, "t").unwrap_err());
            assert!(e.contains(says), "{bad}: {e}");
        }
        let bare = "[[share]]\nname = \"vms\"\nbackend = \"cephfs\"\npath = \"/s\"\n\
                    continuous_availability = true\nscale_out = true\n";
        let e = format!("{:#}", Config::parse(bare, "t").unwrap_err());
        assert!(e.contains("scale_out needs [security] machine_sid"), "{e}");
        let so = &format!("[security]\nmachine_sid = \"S-1-5-21-1-2-3\"\n{bare}");
        let ok = Config::parse(so, "t").unwrap();
        assert!(ok.shares[0].scale_out);
        assert_eq!(
            (ok.ceph.state_pool.as_str(), ok.ceph.lease_seconds),
            ("smbdirectd", 20)
        );
        let e = format!(
            "{:#}",
            Config::parse(&format!("[ceph]\nlease_seconds = 1\n{so}"), "t").unwrap_err()
        );
        assert!(e.contains("lease_seconds"), "{e}");
    }
}
