//! The daemon's SPDK shares: one service (SPDK's thread, the devices, the stores) for
//! every share with `backend = "spdk"`, started with the server and stopped cleanly
//! after the workers (the stores unloaded, so the next start needs no recovery).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use anyhow::{anyhow, Result};
use storage::blobshare::service::{Device, Mode, Service, StoreSpec};

use crate::config::{Config, ShareBackend};

static RUNNING: Mutex<Option<Arc<Service>>> = Mutex::new(None);

/// The started service and which store each SPDK share is.
pub struct Stores {
    svc: Option<Arc<Service>>,
    index: HashMap<String, usize>,
}

impl Stores {
    /// The backend of SPDK share `name`.
    pub fn share(&mut self, name: &str) -> Result<Arc<dyn smb_server::backend::Share>> {
        let svc = self
            .svc
            .clone()
            .ok_or_else(|| anyhow!("SPDK is not started"))?;
        let i = *self
            .index
            .get(name)
            .ok_or_else(|| anyhow!("share {name}: no SPDK store"))?;
        Ok(Arc::new(storage::BlobShare::new(svc, i)))
    }
}

/// The bdev-safe name of the `i`th SPDK share's device.
pub fn bdev_name(i: usize) -> String {
    format!("smbd{i}")
}

/// Start SPDK for the configuration's SPDK shares (nothing when it has none). Each
/// store must exist (`smbdirectd spdk format`); a missing library, an empty or foreign
/// device refuses the start with a message saying which.
pub fn start(cfg: &Config) -> Result<Stores> {
    let mut specs = Vec::new();
    let mut index = HashMap::new();
    for s in cfg
        .shares
        .iter()
        .filter(|s| s.backend == ShareBackend::Spdk)
    {
        let dev = s.device.as_deref().expect("validated");
        index.insert(s.name.clone(), specs.len());
        specs.push(StoreSpec {
            name: bdev_name(specs.len()),
            device: Device::parse(dev),
        });
    }
    if specs.is_empty() {
        return Ok(Stores { svc: None, index });
    }
    let (svc, infos) = Service::start(cfg.spdk.library.clone(), cfg.spdk.env(), specs, Mode::Load)
        .map_err(|e| anyhow!("SPDK shares: {e}"))?;
    for (name, i) in &index {
        let info = &infos[*i];
        tracing::info!(
            share = %name,
            files = info.files,
            total_bytes = info.total_bytes,
            free_bytes = info.free_bytes,
            "SPDK store loaded"
        );
    }
    *RUNNING.lock().unwrap() = Some(svc.clone());
    Ok(Stores {
        svc: Some(svc),
        index,
    })
}

/// Unload the stores (after the workers stopped).
pub fn stop() {
    if let Some(svc) = RUNNING.lock().unwrap().take() {
        svc.stop();
    }
}
