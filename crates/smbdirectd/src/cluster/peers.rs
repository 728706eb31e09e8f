//! What the Witness service knows of the other nodes, from their records in RADOS: each
//! node's record names its Witness addresses (`smb IP`), its name (`name N`) and, once
//! drained, where its clients were asked to go (`drain IP`); whether it is alive is
//! whether its run holds its `alive` lock.

use super::{ceph_err, node_oid, read_registry, Cluster, Inner, ALIVE};
use crate::witness::{Peer, Witness};
use anyhow::Result;
use std::net::IpAddr;
use std::sync::Arc;

impl Cluster {
    /// This node's number in the registry.
    pub fn number(&self) -> u16 {
        self.inner.number
    }

    /// The node serves Witness: its record lists its addresses, a drain is written
    /// there for the other nodes to see, and they are watched from now on.
    pub fn serve_witness(&self, w: &Arc<Witness>) -> Result<()> {
        let _ = self.inner.witness.set(w.clone());
        write_record(&self.inner, None)?;
        let inner = self.inner.clone();
        let _ = w.on_drain.set(Box::new(move |to| {
            if let Err(e) = write_record(&inner, Some(to)) {
                tracing::warn!(error = %format!("{e:#}"), "could not tell the cluster of the drain");
            }
        }));
        let inner = self.inner.clone();
        let _ = w.on_share_move.set(Box::new(move || {
            if let Err(e) = write_record(&inner, None) {
                tracing::warn!(error = %format!("{e:#}"), "could not tell the cluster of a share's move");
            }
        }));
        refresh_peers(&self.inner);
        Ok(())
    }
}

/// This node's record: its run, its RADOS addresses (what fencing blocklists), and
/// what Witness needs.
pub(super) fn write_record(inner: &Inner, drain: Option<IpAddr>) -> Result<()> {
    let mut r = format!("boot {:016x}\n", inner.boot);
    for a in &inner.rados_addrs {
        r.push_str(a);
        r.push('\n');
    }
    if let Some(w) = inner.witness.get() {
        r.push_str(&format!("name {}\n", w.name()));
        for ip in w.addresses() {
            r.push_str(&format!("smb {ip}\n"));
        }
        if let Some(to) = drain.or_else(|| w.drained()) {
            r.push_str(&format!("drain {to}\n"));
        }
        // (The share's name last: it may hold spaces.)
        for (share, to) in w.share_moves() {
            r.push_str(&format!("move {to} {share}\n"));
        }
    }
    inner
        .io
        .write_full(&node_oid(&inner.uuid), r.as_bytes())
        .map_err(ceph_err("writing this node's record"))
}

/// Reads the other nodes' records and tells Witness what changed.
pub(super) fn refresh_peers(inner: &Inner) {
    let Some(w) = inner.witness.get() else {
        return;
    };
    match peers(inner) {
        Ok(p) => w.set_peers(p),
        Err(e) => tracing::warn!(error = %format!("{e:#}"), "witness: reading the nodes failed"),
    }
}

fn peers(inner: &Inner) -> Result<Vec<Peer>> {
    let mut out = Vec::new();
    for (uuid, number) in read_registry(&inner.io)? {
        if uuid == inner.uuid {
            continue;
        }
        let oid = node_oid(&uuid);
        let record = inner
            .io
            .read_all(&oid)
            .map_err(ceph_err("reading a node's record"))?
            .unwrap_or_default();
        let text = String::from_utf8_lossy(&record);
        let field = |k: &'static str| {
            text.lines()
                .filter_map(move |l| l.strip_prefix(k))
                .map(str::trim)
        };
        let addrs: Vec<IpAddr> = field("smb ").filter_map(|a| a.parse().ok()).collect();
        if addrs.is_empty() {
            continue;
        }
        let run = format!("{uuid}.");
        let alive = inner
            .io
            .lockers(&oid, ALIVE)
            .map_err(ceph_err("listing a node's lease"))?
            .iter()
            .any(|h| h.cookie.starts_with(&run));
        out.push(Peer {
            name: field("name ")
                .next()
                .map_or_else(|| format!("node-{number}"), str::to_string),
            addrs,
            alive,
            drained_to: field("drain ").find_map(|a| a.parse().ok()),
            share_moves: field("move ")
                .filter_map(|m| {
                    let (to, share) = m.split_once(' ')?;
                    Some((share.to_string(), to.parse().ok()?))
                })
                .collect(),
        });
    }
    Ok(out)
}
