//! RDMA NICs (iWARP, RoCE, InfiniBand) through rdma-core's verbs, loaded at run time.

use super::{ip_endpoint, Listening, Provider};
use crate::endpoint::Endpoint;
use crate::rdma_cqs::MakeCq;
use anyhow::{bail, Context, Result};
use std::sync::Arc;

/// Entries asked for a device completion queue (as many as the device allows, up to
/// this): room for some fifty queue pairs of MS-SMBD's default depths.
const CQ_ENTRIES: usize = 1 << 16;

pub struct Verbs;

impl Provider for Verbs {
    fn name(&self) -> &'static str {
        "verbs"
    }

    fn endpoint(&self, spec: &str, whole: &str) -> Result<Endpoint> {
        ip_endpoint(spec, whole)
    }

    fn listen(&self, endpoint: &Endpoint, smbd: &smbdirect::Config) -> Result<Listening> {
        let Endpoint::Ip(addr) = endpoint else {
            bail!("verbs listens on an IP address and port");
        };
        // The device the address is on.
        let mut f = fabric::verbs::VerbsFabric::open_for(*addr, false)
            .with_context(|| format!("SMB Direct (verbs) on {addr}"))?;
        // A queue pair's receive queue holds the receives MS-SMBD posts (one per credit
        // it may grant) and its send queue what MS-SMBD keeps in flight: what it could
        // put on the shared completion queue is the two together (the receive queue's
        // part when it has one: see rdma_cqs).
        f.caps.max_recv_wr = usize::from(smbd.receive_credit_max.max(2));
        // (MS-SMBD's Sends and RDMA operations never exceed this: see smbdirect.)
        f.caps.max_send_wr = usize::from(smbd.send_queue_depth);
        let need = (f.caps.max_recv_wr, f.caps.max_send_wr);
        let f = Arc::new(f);
        let srq_f = f.clone();
        let listener = f.listen(*addr).with_context(|| {
            format!("SMB Direct (verbs, {}) listening on {addr}", f.device.name)
        })?;
        let cq_f = f.clone();
        let make_cq: MakeCq = Arc::new(move |need| {
            let cq = cq_f.cq_up_to(CQ_ENTRIES, need)?;
            let capacity = cq.capacity();
            Ok((cq, capacity))
        });
        Ok(Listening {
            listener,
            new_pd: Box::new(move || f.pd()),
            new_srq: Box::new(move |pd, n| srq_f.srq(pd, n)),
            make_cq,
            need,
            maps_files: false,
        })
    }

    fn describe(&self) -> Vec<String> {
        match fabric::verbs::devices() {
            Ok(d) if d.is_empty() => vec!["in this build; no RDMA device present".into()],
            Ok(d) => d
                .into_iter()
                .map(|dev| {
                    format!(
                        "device {} ({}); serve with --smbdirect verbs=ADDR:PORT (an address on \
                         its interface)",
                        dev.name, dev.node_type
                    )
                })
                .collect(),
            Err(e) => vec![format!("built in; {e}")],
        }
    }
}
