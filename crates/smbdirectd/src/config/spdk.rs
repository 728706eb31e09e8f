//! `[spdk]` and a share's `backend`: shares kept in SPDK blobstores on NVMe devices
//! (docs/architecture.md, "SPDK shares").

use anyhow::{bail, Result};
use serde::Deserialize;

use super::{Config, ShareSection};

/// Where a share lives.
#[derive(Debug, Deserialize, Clone, Copy, Default, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ShareBackend {
    /// A directory of a Linux file system (`path`), through io_uring.
    #[default]
    Dir,
    /// An SPDK blobstore on `device` (made by `smbdirectd spdk format`).
    Spdk,
    /// A directory of CephFS (`path` in the file system of `[ceph]`), shared by every
    /// node that serves it.
    Cephfs,
}

/// `[spdk]`: the SPDK environment, started when a share has `backend = "spdk"`.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct SpdkSection {
    /// Memory for SPDK's DMA buffers and pools, MiB.
    #[serde(default = "default_mem_mb")]
    pub mem_mb: u32,
    /// Take that memory from hugepages (needed to drive an NVMe device by PCI
    /// address); without, ordinary memory is used and only file devices work.
    #[serde(default)]
    pub hugepages: bool,
    /// The shim library (`libsmbdirectd_spdk.so`); default: the install and build
    /// locations (`SMBDIRECTD_SPDK_LIB` overrides).
    #[serde(default)]
    pub library: Option<std::path::PathBuf>,
}

fn default_mem_mb() -> u32 {
    512
}

impl Default for SpdkSection {
    fn default() -> Self {
        SpdkSection {
            mem_mb: default_mem_mb(),
            hugepages: false,
            library: None,
        }
    }
}

impl SpdkSection {
    /// The environment these settings ask for.
    pub fn env(&self) -> spdk::EnvOpts {
        spdk::EnvOpts {
            name: "smbdirectd".into(),
            no_huge: !self.hugepages,
            no_pci: !self.hugepages,
            mem_mb: self.mem_mb,
            log_level: 1,
        }
    }
}

impl Config {
    /// A share's backend options agree: an SPDK share names a device (and a PCI one
    /// needs hugepages), and takes no option only a directory share has.
    pub(super) fn validate_backend(&self, s: &ShareSection) -> Result<()> {
        match s.backend {
            ShareBackend::Cephfs => super::ceph::validate(s)?,
            ShareBackend::Dir => {
                if s.device.is_some() {
                    bail!("share {:?}: device is for backend = \"spdk\"", s.name);
                }
                if s.path.as_os_str().is_empty() {
                    bail!("share {:?}: path is missing", s.name);
                }
            }
            ShareBackend::Spdk => {
                let Some(dev) = &s.device else {
                    bail!("share {:?}: backend = \"spdk\" needs a device", s.name);
                };
                let pci = matches!(
                    storage::blobshare::service::Device::parse(dev),
                    storage::blobshare::service::Device::Nvme(_)
                );
                if pci && !self.spdk.hugepages {
                    bail!(
                        "share {:?}: device {dev} is an NVMe controller: spdk.hugepages = true \
                         is needed to drive it",
                        s.name
                    );
                }
                for (option, on) in [
                    ("direct_io", s.direct_io),
                    ("io_poll", s.io_poll),
                    ("sqpoll", s.sqpoll),
                    ("mapped_reads", s.mapped_reads),
                ] {
                    if on {
                        bail!(
                            "share {:?}: {option} is for directory shares, not backend = \"spdk\"",
                            s.name
                        );
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn share(extra: &str) -> String {
        format!("[[share]]\nname = \"vms\"\n{extra}\n")
    }

    #[test]
    fn spdk_shares_name_a_device_and_take_no_directory_option() {
        let ok = Config::parse(&share("backend = \"spdk\"\ndevice = \"/dev/x.img\""), "t").unwrap();
        assert_eq!(ok.shares[0].backend, ShareBackend::Spdk);
        let pci = "[spdk]\nhugepages = true\n".to_string()
            + &share("backend = \"spdk\"\ndevice = \"0000:00:04.0\"");
        Config::parse(&pci, "t").unwrap();
        for (bad, says) in [
            (share("backend = \"spdk\""), "needs a device"),
            (
                share("backend = \"spdk\"\ndevice = \"0000:00:04.0\""),
                "spdk.hugepages",
            ),
            (
                share("backend = \"spdk\"\ndevice = \"/x\"\ndirect_io = true"),
                "direct_io",
            ),
            (share("path = \"/srv\"\ndevice = \"/x\""), "device is for"),
            (share("comment = \"no path\""), "path is missing"),
            (share("backend = \"ceph\"\npath = \"/srv\""), "backend"),
        ] {
            let e = format!("{:#}", Config::parse(&bad, "t").unwrap_err());
            assert!(e.contains(says), "{bad}: {e}");
        }
    }
}
