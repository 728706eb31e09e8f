//! Software iWARP over TCP (RFC 5040/5041/5044/6581): our client and bench speak it.

use super::{ip_endpoint, Listening, Provider};
use crate::endpoint::Endpoint;
use anyhow::{bail, Context, Result};
use fabric::Pd;

pub struct Iwarp;

impl Provider for Iwarp {
    fn name(&self) -> &'static str {
        "iwarp"
    }

    fn endpoint(&self, spec: &str, whole: &str) -> Result<Endpoint> {
        ip_endpoint(spec, whole)
    }

    fn listen(&self, endpoint: &Endpoint, _: &smbdirect::Config) -> Result<Listening> {
        let Endpoint::Ip(addr) = endpoint else {
            bail!("iwarp listens on an IP address and port");
        };
        let listener = fabric::iwarp::IwarpFabric::new()
            .listen(*addr)
            .with_context(|| format!("SMB Direct (iwarp) listening on {addr}"))?;
        Ok(Listening {
            listener,
            new_pd: Box::new(|| Ok(Pd::new())),
            // (No shared receives over the network in software: a peer sending without
            // credits would take the others' receives, which iWARP answers by
            // terminating their connections, not by retrying as a NIC's RNR does.)
            new_srq: Box::new(|_, _| Ok(None)),
            make_cq: crate::rdma_cqs::software(),
            need: (0, 0),
            // iWARP over TCP sends RDMA Write data from the worker, which could wait on a
            // mapped file's page fault there.
            maps_files: false,
        })
    }

    fn describe(&self) -> Vec<String> {
        vec![
            "software iWARP over TCP (RFC 5040/5041/5044/6581), in this build; serve with \
              --smbdirect iwarp=ADDR:PORT (peers that speak software iWARP: our client and \
              bench)"
                .into(),
        ]
    }
}
