//! `[qos]`: Storage QoS policies (MS-SQOS) as configured.

use anyhow::{bail, Result};
use serde::Deserialize;

/// `[qos]`: Storage QoS (MS-SQOS) policies Hyper-V hosts name by id, and the limits of
/// flows without one (and of opens that name no flow). Rates are normalized 8 KiB IOPS
/// and KiB/s; 0 = none. Re-read on SIGHUP.
#[derive(Debug, Deserialize, Clone, Default)]
#[serde(deny_unknown_fields)]
pub struct QosSection {
    #[serde(default)]
    pub default_min_iops: u64,
    #[serde(default)]
    pub default_max_iops: u64,
    #[serde(default)]
    pub default_max_bandwidth_kbps: u64,
    #[serde(default, rename = "policy")]
    pub policies: Vec<QosPolicySection>,
}

/// `[[qos.policy]]`: one policy, by the id its flows carry (PolicyID, a GUID).
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct QosPolicySection {
    pub id: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub min_iops: u64,
    #[serde(default)]
    pub max_iops: u64,
    #[serde(default)]
    pub max_bandwidth_kbps: u64,
}

/// A GUID as written ("b13a32e4-7f3c-4c8e-9d2a-0a1b2c3d4e5f") in the byte order it has
/// on the wire (the first three groups little-endian).
pub fn parse_guid(s: &str) -> Option<[u8; 16]> {
    let parts: Vec<&str> = s
        .trim_matches(|c| c == '{' || c == '}')
        .split('-')
        .collect();
    let lens = [8, 4, 4, 4, 12];
    if parts.len() != 5 || parts.iter().zip(lens).any(|(p, l)| p.len() != l) {
        return None;
    }
    let hex: String = parts.concat();
    let mut b = [0u8; 16];
    for (i, byte) in b.iter_mut().enumerate() {
        *byte = u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    b[0..4].reverse();
    b[4..6].reverse();
    b[6..8].reverse();
    Some(b)
}

impl QosSection {
    /// The engine's form, checked: ids are GUIDs, each once; minima not above maxima.
    pub fn to_engine(&self) -> Result<smb_server::qos::QosConfig> {
        use smb_server::qos::{Limits, Policy, QosConfig};
        let limits = |min: u64, max: u64, kbps: u64, what: &str| {
            if max != 0 && min > max {
                bail!("{what}: min_iops {min} is above max_iops {max}");
            }
            Ok(Limits {
                min_iops: min,
                max_iops: max,
                max_kbps: kbps,
            })
        };
        let mut policies: Vec<Policy> = Vec::new();
        for p in &self.policies {
            let Some(id) = parse_guid(&p.id) else {
                bail!("qos.policy: id {:?} is not a GUID", p.id);
            };
            if policies.iter().any(|q| q.id == id) {
                bail!("qos.policy: id {} is given twice", p.id);
            }
            let what = format!("qos.policy {}", p.id);
            policies.push(Policy {
                id,
                name: p.name.clone(),
                limits: limits(p.min_iops, p.max_iops, p.max_bandwidth_kbps, &what)?,
            });
        }
        Ok(QosConfig {
            policies,
            default: limits(
                self.default_min_iops,
                self.default_max_iops,
                self.default_max_bandwidth_kbps,
                "qos",
            )?,
        })
    }
}
