//! The verbs provider: rdma-core (libibverbs, librdmacm) through rdma-sys, for RoCE,
//! InfiniBand and iWARP NICs and for rxe/siw where a host loads them.
//!
//! What is here today: device enumeration and a clear report when there is none. The
//! queue-pair data path over verbs is not wired up yet; until it is, [`VerbsFabric::open`]
//! refuses to hand out a fabric rather than pretend.

use crate::{Error, Result};
use std::ffi::CStr;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceInfo {
    pub name: String,
    /// "InfiniBand channel adapter", "iWARP RNIC", ... as rdma-core names the node type.
    pub node_type: String,
}

/// The RDMA devices rdma-core sees on this host.
pub fn devices() -> Result<Vec<DeviceInfo>> {
    let mut n: i32 = 0;
    // SAFETY: plain rdma-core calls; the list is freed below and its entries are only
    // read while it is alive.
    unsafe {
        let list = rdma_sys::ibv_get_device_list(&mut n);
        if list.is_null() {
            let e = std::io::Error::last_os_error();
            return Err(Error::Unavailable(format!(
                "rdma-core cannot list devices ({e}); is the RDMA subsystem loaded?"
            )));
        }
        let mut out = Vec::new();
        for i in 0..n.max(0) as usize {
            let dev = *list.add(i);
            if dev.is_null() {
                break;
            }
            let name = rdma_sys::ibv_get_device_name(dev);
            let name = if name.is_null() {
                String::from("?")
            } else {
                CStr::from_ptr(name).to_string_lossy().into_owned()
            };
            let nt = rdma_sys::ibv_node_type_str((*dev).node_type);
            let node_type = if nt.is_null() {
                String::from("unknown")
            } else {
                CStr::from_ptr(nt).to_string_lossy().into_owned()
            };
            out.push(DeviceInfo { name, node_type });
        }
        rdma_sys::ibv_free_device_list(list);
        Ok(out)
    }
}

/// A verbs fabric on one device.
#[derive(Debug)]
pub struct VerbsFabric {
    pub device: DeviceInfo,
}

impl VerbsFabric {
    /// Opens `name`, or the first device when `None`.
    pub fn open(name: Option<&str>) -> Result<VerbsFabric> {
        let devs = devices()?;
        if devs.is_empty() {
            return Err(Error::Unavailable(
                "no RDMA device present (rdma-core lists none); use the iwarp provider".into(),
            ));
        }
        let device = match name {
            Some(n) => devs
                .into_iter()
                .find(|d| d.name == n)
                .ok_or_else(|| Error::Unavailable(format!("no RDMA device named {n}")))?,
            None => devs.into_iter().next().unwrap(),
        };
        Err(Error::Unavailable(format!(
            "device {} found, but the verbs queue-pair data path is not implemented yet",
            device.name
        )))
    }
}
