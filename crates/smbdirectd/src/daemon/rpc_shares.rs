//! Shares an administrator makes, deletes and re-comments over RPC (srvsvc's
//! NetrShareAdd, NetrShareDel and NetrShareSetInfo: Computer Management's Shared
//! Folders, `net share` on Windows, `net rpc share` and `rpcclient` here), applied at
//! once, as on Windows, and kept across restarts in `<state_dir>/rpc-shares.toml`. The
//! configuration file is never rewritten: that file is laid over it at every start and
//! reload (shares it adds, configured shares it deleted, comments it changed).
//!
//! Only a directory under one of `[security] share_roots` may be shared this way (none
//! when it is empty, the default): an SMB administrator of the node is not thereby root
//! of its file system. Shares made here are plain directory shares; anything more
//! (continuous availability, RSVD, encryption) belongs in the configuration file.

use crate::config::{Config, ShareSection};
use serde::{Deserialize, Serialize};
use smb_server::Server;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, Weak};

const FILE: &str = "rpc-shares.toml";

const ERROR_ACCESS_DENIED: u32 = 5;
const ERROR_INVALID_NAME: u32 = 123;
const ERROR_INTERNAL: u32 = 1359;
const NERR_UNKNOWN_DEV_DIR: u32 = 2116;
const NERR_DUPLICATE_SHARE: u32 = 2118;
const NERR_NET_NAME_NOT_FOUND: u32 = 2310;

/// What RPC changed, laid over the configuration file.
#[derive(Default, Serialize, Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
struct Overlay {
    /// Configured shares deleted.
    #[serde(default)]
    deleted: Vec<String>,
    /// Configured shares' comments, changed.
    #[serde(default)]
    comments: BTreeMap<String, String>,
    /// Shares added.
    #[serde(default)]
    share: Vec<Added>,
}

#[derive(Serialize, Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
struct Added {
    name: String,
    path: PathBuf,
    #[serde(default)]
    comment: String,
}

fn same(a: &str, b: &str) -> bool {
    a.eq_ignore_ascii_case(b)
}

impl Overlay {
    fn load(state_dir: &Path) -> anyhow::Result<Overlay> {
        let path = state_dir.join(FILE);
        match std::fs::read_to_string(&path) {
            Ok(text) => Ok(
                toml::from_str(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?
            ),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Overlay::default()),
            Err(e) => Err(anyhow::anyhow!("{}: {e}", path.display())),
        }
    }

    /// Written whole to a new file, synced, then renamed over the old.
    fn save(&self, state_dir: &Path) -> anyhow::Result<()> {
        use std::io::Write;
        let text = toml::to_string(self)?;
        let tmp = state_dir.join(format!("{FILE}.new"));
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, state_dir.join(FILE))?;
        std::fs::File::open(state_dir)?.sync_all()?;
        Ok(())
    }
}

/// Lays what RPC changed over a configuration just read (at start and at each reload).
pub fn apply(cfg: &mut Config) -> anyhow::Result<()> {
    let o = Overlay::load(&cfg.server.state_dir)?;
    cfg.shares
        .retain(|s| !o.deleted.iter().any(|d| same(d, &s.name)));
    for (name, comment) in &o.comments {
        if let Some(s) = cfg.shares.iter_mut().find(|s| same(&s.name, name)) {
            s.comment = comment.clone();
        }
    }
    for a in &o.share {
        if cfg.shares.iter().any(|s| same(&s.name, &a.name)) {
            tracing::warn!(share = %a.name, "a share added over RPC is now in the configuration file too: the file's stands");
            continue;
        }
        if !under_roots(&a.path, &cfg.security.share_roots) {
            tracing::warn!(share = %a.name, path = %a.path.display(), "a share added over RPC is no longer under security.share_roots: not served");
            continue;
        }
        let mut s = ShareSection::plain(&a.name, &a.path);
        s.comment = a.comment.clone();
        cfg.shares.push(s);
    }
    Ok(())
}

/// A directory the administrator named (`C:\dir\sub` as Windows tools write it, or
/// `/dir/sub`): the drive letter dropped, the separators turned; absolute or nothing.
fn unix_path(p: &str) -> Option<PathBuf> {
    let p = p.trim();
    let rest = match p.as_bytes() {
        [d, b':', ..] if d.is_ascii_alphabetic() => &p[2..],
        _ => p,
    };
    let unix = rest.replace('\\', "/");
    (unix.starts_with('/') && !unix.split('/').any(|c| c == "..")).then(|| PathBuf::from(unix))
}

/// Whether `dir` (resolved) lies in one of `roots` (resolved).
fn under_roots(dir: &Path, roots: &[PathBuf]) -> bool {
    let Ok(dir) = dir.canonicalize() else {
        return false;
    };
    roots
        .iter()
        .filter_map(|r| r.canonicalize().ok())
        .any(|r| dir.starts_with(r))
}

/// A share name Windows accepts: 1 to 80 characters, none of `"/\[]:|<>+=;,*?` nor a
/// control character.
fn valid_name(name: &str) -> bool {
    let n = name.chars().count();
    (1..=80).contains(&n)
        && !name
            .chars()
            .any(|c| c.is_control() || "\"/\\[]:|<>+=;,*?".contains(c))
}

/// The node's [`smb_server::state::ShareAdmin`]: it holds the configuration in force
/// while it changes it (a reload takes the same lock).
pub struct RpcShares {
    pub server: Weak<Server>,
    pub config: Arc<Mutex<Config>>,
}

impl RpcShares {
    /// Saves the overlay as `change` leaves it, then applies `live` to the running shares.
    fn commit(
        &self,
        cfg: &Config,
        change: impl FnOnce(&mut Overlay),
        live: impl FnOnce(&mut Vec<Arc<smb_server::ShareConfig>>),
    ) -> u32 {
        let Some(server) = self.server.upgrade() else {
            return ERROR_INTERNAL;
        };
        let saved = Overlay::load(&cfg.server.state_dir).and_then(|mut o| {
            change(&mut o);
            o.save(&cfg.server.state_dir)
        });
        if let Err(e) = saved {
            tracing::error!(error = %format!("{e:#}"), "{FILE} not written: the share change is not made");
            return ERROR_INTERNAL;
        }
        let mut list = server.shares();
        live(&mut list);
        let removed = smb_server::admin::replace_shares(&server, list, crate::clock::engine_now());
        if !removed.is_empty() {
            tracing::info!(?removed, "shares deleted over RPC");
        }
        0
    }
}

impl smb_server::state::ShareAdmin for RpcShares {
    fn add(&self, name: &str, path: &str, comment: &str) -> u32 {
        if !valid_name(name) || same(name, "IPC$") {
            return ERROR_INVALID_NAME;
        }
        let mut cfg = self.config.lock().unwrap();
        let Some(server) = self.server.upgrade() else {
            return ERROR_INTERNAL;
        };
        if server.find_share(name).is_some() || cfg.shares.iter().any(|s| same(&s.name, name)) {
            return NERR_DUPLICATE_SHARE;
        }
        let Some(dir) = unix_path(path).filter(|d| d.is_dir()) else {
            tracing::warn!(share = name, path, "NetShareAdd refused: not a directory");
            return NERR_UNKNOWN_DEV_DIR;
        };
        if !under_roots(&dir, &cfg.security.share_roots) {
            tracing::warn!(share = name, path = %dir.display(), "NetShareAdd refused: not under security.share_roots");
            return ERROR_ACCESS_DENIED;
        }
        let mut section = ShareSection::plain(name, &dir);
        section.comment = comment.to_string();
        let names = server.users.read().names();
        let mut resolver =
            crate::kerberos::Resolver::new(&cfg, &server.cfg.local_domain_sid, names);
        let made = super::share_config(
            &section,
            (&cfg.ceph, &cfg.server.state_dir),
            &mut resolver,
            None,
        );
        let sc = match made {
            Ok(sc) => Arc::new(sc),
            Err(e) => {
                tracing::error!(share = name, error = %format!("{e:#}"), "NetShareAdd: the share cannot be served");
                return NERR_UNKNOWN_DEV_DIR;
            }
        };
        let added = Added {
            name: name.to_string(),
            path: dir,
            comment: comment.to_string(),
        };
        let werr = self.commit(
            &cfg,
            |o| {
                o.deleted.retain(|d| !same(d, name));
                o.comments.retain(|k, _| !same(k, name));
                o.share.push(added);
            },
            |list| list.push(sc),
        );
        if werr == 0 {
            cfg.shares.push(section);
        }
        werr
    }

    fn delete(&self, name: &str) -> u32 {
        let mut cfg = self.config.lock().unwrap();
        let Some(live) = self.server.upgrade().and_then(|s| s.find_share(name)) else {
            return NERR_NET_NAME_NOT_FOUND;
        };
        let canonical = live.name.clone();
        let werr = self.commit(
            &cfg,
            |o| {
                let before = o.share.len();
                o.share.retain(|a| !same(&a.name, &canonical));
                if o.share.len() == before {
                    o.deleted.push(canonical.clone());
                }
                o.comments.retain(|k, _| !same(k, &canonical));
            },
            |list| list.retain(|s| !same(&s.name, &canonical)),
        );
        if werr == 0 {
            cfg.shares.retain(|s| !same(&s.name, &canonical));
        }
        werr
    }

    fn set_comment(&self, name: &str, comment: &str) -> u32 {
        let mut cfg = self.config.lock().unwrap();
        let Some(live) = self.server.upgrade().and_then(|s| s.find_share(name)) else {
            return NERR_NET_NAME_NOT_FOUND;
        };
        let canonical = live.name.clone();
        let mut changed = (*live).clone();
        changed.comment = comment.to_string();
        let changed = Arc::new(changed);
        let werr = self.commit(
            &cfg,
            |o| match o.share.iter_mut().find(|a| same(&a.name, &canonical)) {
                Some(a) => a.comment = comment.to_string(),
                None => {
                    o.comments.insert(canonical.clone(), comment.to_string());
                }
            },
            |list| {
                for s in list.iter_mut().filter(|s| same(&s.name, &canonical)) {
                    *s = changed.clone();
                }
            },
        );
        if werr == 0 {
            for s in cfg.shares.iter_mut().filter(|s| same(&s.name, &canonical)) {
                s.comment = comment.to_string();
            }
        }
        werr
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_paths_become_absolute_directories() {
        assert_eq!(unix_path("C:\\srv\\vms"), Some(PathBuf::from("/srv/vms")));
        assert_eq!(unix_path("/srv/vms"), Some(PathBuf::from("/srv/vms")));
        assert_eq!(unix_path("d:/srv"), Some(PathBuf::from("/srv")));
        assert_eq!(unix_path("srv\\vms"), None);
        assert_eq!(unix_path("C:\\srv\\..\\etc"), None);
        assert!(valid_name("vms$") && valid_name("VM Store 2"));
        assert!(
            !valid_name("")
                && !valid_name("a/b")
                && !valid_name("a*")
                && !valid_name(&"x".repeat(81))
        );
    }

    #[test]
    fn only_directories_under_the_roots_are_shared() {
        let root = std::env::temp_dir().join(format!("rpc-shares-{}", std::process::id()));
        std::fs::create_dir_all(root.join("vms")).unwrap();
        let roots = vec![root.clone()];
        assert!(under_roots(&root.join("vms"), &roots));
        assert!(under_roots(&root, &roots));
        assert!(!under_roots(Path::new("/etc"), &roots));
        assert!(!under_roots(&root.join("vms/../../"), &roots));
        assert!(!under_roots(&root.join("vms"), &[]));
        std::fs::remove_dir_all(&root).unwrap();
    }
}
