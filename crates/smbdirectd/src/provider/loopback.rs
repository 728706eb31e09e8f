//! The in-process loopback fabric: tests and `smbdirect-bench --transport loopback`.

use super::{Listening, Provider};
use crate::endpoint::Endpoint;
use anyhow::{bail, Context, Result};
use fabric::{Pd, Srq};

pub struct Loopback;

impl Provider for Loopback {
    fn name(&self) -> &'static str {
        "loopback"
    }

    fn endpoint(&self, spec: &str, whole: &str) -> Result<Endpoint> {
        if spec.is_empty() {
            bail!("smbdirect {whole:?}: loopback needs a name (loopback=NAME)");
        }
        Ok(Endpoint::Loopback(spec.to_string()))
    }

    fn listen(&self, endpoint: &Endpoint, _: &smbdirect::Config) -> Result<Listening> {
        let Endpoint::Loopback(name) = endpoint else {
            bail!("loopback listens under a name");
        };
        let listener = fabric::loopback::LoopbackFabric::shared()
            .listen(name)
            .with_context(|| format!("SMB Direct (loopback) listening as {name:?}"))?;
        Ok(Listening {
            listener,
            new_pd: Box::new(|| Ok(Pd::new())),
            new_srq: Box::new(|_, n| Ok(Some(Srq::new(n)))),
            make_cq: crate::rdma_cqs::software(),
            need: (0, 0),
            // The peer's data mover reads RDMA Write data itself, as a NIC's DMA would.
            maps_files: true,
        })
    }

    fn describe(&self) -> Vec<String> {
        vec![
            "in-process provider (tests and smbdirect-bench --transport loopback), in this \
              build"
                .into(),
        ]
    }
}
