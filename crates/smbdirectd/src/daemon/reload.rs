//! SIGHUP (and `kill -HUP`): the configuration read again and applied where it can
//! change while the node serves, without dropping the sessions it does not touch:
//! shares added, removed and changed (a removed share is deleted as Windows deletes one:
//! its tree connects end, its opens close), the users file, the Storage QoS policies.
//! What cannot change live (listen addresses, SMB Direct, workers, the state directory,
//! SPDK stores, Kerberos, metrics, limits, the engine's security settings) is named in
//! the log and waits for the next start. A configuration that does not load changes
//! nothing.

use super::{Running, ServeArgs};
use crate::config::{Config, ShareBackend, ShareSection};
use smb_server::ShareConfig;
use std::sync::Arc;

/// Reads the configuration again and applies it (counted for `smbdirectd reload`).
pub fn reload(running: &Running, args: &ServeArgs) {
    let ok = reload_once(running, args);
    crate::admin::RELOAD_FAILED.store(!ok, std::sync::atomic::Ordering::Release);
    crate::admin::RELOADS.fetch_add(1, std::sync::atomic::Ordering::AcqRel);
}

/// Whether the configuration loaded (and so was applied where it can be).
fn reload_once(running: &Running, args: &ServeArgs) -> bool {
    // (Held from before the file is read to the end: a share changed over RPC meanwhile
    // would be lost.)
    let mut in_force = running.config.lock().unwrap();
    let loaded = Config::load(args.config.as_deref()).and_then(|mut c| {
        super::apply_overrides(&mut c, args)?;
        let qos = c.qos.to_engine()?;
        Ok((c, qos))
    });
    let (new, qos) = match loaded {
        Ok(c) => c,
        Err(e) => {
            tracing::error!(error = %format!("{e:#}"), "configuration reload failed; the running configuration stays");
            return false;
        }
    };
    let old = in_force.clone();
    for (what, changed) in fixed_parts(&old, &new) {
        if changed {
            tracing::warn!(
                section = what,
                "changed in the configuration: takes effect at the next start"
            );
        }
    }
    let server = &running.server;
    server.qos.set_config(qos);
    if let Some(p) = &new.security.users {
        match crate::users::load(p) {
            Ok(db) => *server.users.write() = db,
            Err(e) => tracing::error!(error = %format!("{e:#}"), "users file not reloaded"),
        }
    }
    let names = server.users.read().names();
    let mut resolver = crate::kerberos::Resolver::new(&new, &server.cfg.local_domain_sid, names);
    let current = server.shares();
    let (mut list, mut changed, mut added) = (Vec::new(), Vec::new(), Vec::new());
    for s in &new.shares {
        let find = |name: &str| current.iter().find(|c| c.name.eq_ignore_ascii_case(name));
        let was = old
            .shares
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(&s.name));
        let same = was.is_some_and(|o| format!("{o:?}") == format!("{s:?}"));
        match (find(&s.name), same) {
            (Some(c), true) => list.push(c.clone()),
            (Some(c), false) if s.backend == ShareBackend::Spdk || was.is_some_and(spdk) => {
                tracing::warn!(share = %s.name, "an SPDK share changes at the next start");
                list.push(c.clone());
            }
            (cur, _) => match make(s, (&new.ceph, &new.server.state_dir), &mut resolver) {
                Ok(sc) => {
                    if cur.is_some() {
                        changed.push(s.name.clone());
                    } else {
                        added.push(s.name.clone());
                    }
                    list.push(Arc::new(sc));
                }
                Err(e) => {
                    tracing::error!(share = %s.name, error = %format!("{e:#}"), "share not reloaded");
                    list.extend(cur.cloned());
                }
            },
        }
    }
    let removed = smb_server::admin::replace_shares(server, list, crate::clock::engine_now());
    tracing::info!(
        ?added,
        ?removed,
        ?changed,
        "configuration reloaded: shares, users and Storage QoS policies applied"
    );
    *in_force = new;
    true
}

fn spdk(s: &ShareSection) -> bool {
    s.backend == ShareBackend::Spdk
}

fn make(
    s: &ShareSection,
    ceph: (&crate::config::CephSection, &std::path::Path),
    names: &mut crate::kerberos::Resolver,
) -> anyhow::Result<ShareConfig> {
    super::share_config(s, ceph, names, None)
}

/// The parts of the configuration a reload does not apply, and whether each changed.
fn fixed_parts(old: &Config, new: &Config) -> Vec<(&'static str, bool)> {
    let differ =
        |a: &dyn std::fmt::Debug, b: &dyn std::fmt::Debug| format!("{a:?}") != format!("{b:?}");
    let security = |c: &Config| {
        let mut s = c.security.clone();
        s.users = None;
        s.share_roots.clear();
        s
    };
    vec![
        ("server", differ(&old.server, &new.server)),
        ("workers", differ(&old.workers, &new.workers)),
        ("smbdirect", differ(&old.smbdirect, &new.smbdirect)),
        ("limits", differ(&old.limits, &new.limits)),
        ("metrics", differ(&old.metrics, &new.metrics)),
        ("kerberos", differ(&old.kerberos, &new.kerberos)),
        ("spdk", differ(&old.spdk, &new.spdk)),
        (
            "security (but the users file and share roots)",
            differ(&security(old), &security(new)),
        ),
    ]
}
