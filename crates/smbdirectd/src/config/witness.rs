//! `[witness]`: the Witness service (MS-SWN) through which Windows clients of a
//! scale-out share learn that a node went away or that they should move to another.

use anyhow::{bail, Result};
use serde::Deserialize;
use std::net::IpAddr;

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct WitnessSection {
    /// Serve it; default: when a share is `scale_out`. Continuously available shares
    /// then report SHARE_CAP_CLUSTER, which is what makes Windows clients register.
    #[serde(default)]
    pub enabled: Option<bool>,
    /// The addresses clients reach this node at (each gets a Witness endpoint, and other
    /// nodes list them); default: the specific addresses of `[server] listen`.
    #[serde(default)]
    pub addresses: Vec<IpAddr>,
    /// The Witness endpoint's TCP port on each address; 0: one the kernel picks (clients
    /// find it through the endpoint mapper).
    #[serde(default)]
    pub port: u16,
    /// Also answer the endpoint mapper (TCP 135) on each address: Windows clients ask it
    /// where the Witness service is. Off only where another mapper already answers.
    #[serde(default = "yes")]
    pub endpoint_mapper: bool,
    /// The endpoint mapper's port (135; tests use others).
    #[serde(default = "epm_port")]
    pub endpoint_mapper_port: u16,
    /// This node's name in the interface list; default: `[server] netbios_name`, with
    /// the node's number in a cluster.
    #[serde(default)]
    pub node_name: Option<String>,
    /// A planned stop (SIGTERM) of a cluster node first drains it: its clients are told
    /// to move to another node that is alive, and it waits for them to leave, at most
    /// this many seconds (0: stop at once; the others take its handles over).
    #[serde(default = "stop_drain_seconds")]
    pub stop_drain_seconds: u64,
}

fn stop_drain_seconds() -> u64 {
    10
}

impl Default for WitnessSection {
    fn default() -> Self {
        toml::from_str("").expect("defaults")
    }
}

fn yes() -> bool {
    true
}

fn epm_port() -> u16 {
    135
}

impl super::Config {
    /// Whether the node serves Witness.
    pub fn witness_enabled(&self) -> bool {
        self.witness
            .enabled
            .unwrap_or_else(|| self.shares.iter().any(|s| s.scale_out))
    }

    /// The addresses the Witness service answers on and lists for this node.
    pub fn witness_addresses(&self) -> Vec<IpAddr> {
        if !self.witness.addresses.is_empty() {
            return self.witness.addresses.clone();
        }
        let mut v: Vec<IpAddr> = self
            .server
            .listen
            .iter()
            .map(|a| a.ip())
            .filter(|ip| !ip.is_unspecified())
            .collect();
        v.dedup();
        v
    }

    pub(super) fn validate_witness(&self) -> Result<()> {
        if self.witness.endpoint_mapper && self.witness.endpoint_mapper_port == 0 {
            bail!("witness.endpoint_mapper_port: 0 is not a port clients can ask");
        }
        if self.witness_enabled() && self.witness_addresses().is_empty() {
            bail!(
                "witness: the node's addresses are needed (witness.addresses, or specific \
                 addresses in server.listen rather than 0.0.0.0)"
            );
        }
        if self
            .witness
            .node_name
            .as_ref()
            .is_some_and(|n| n.is_empty() || n.encode_utf16().count() > 259)
        {
            bail!("witness.node_name: 1 to 259 characters");
        }
        Ok(())
    }
}
