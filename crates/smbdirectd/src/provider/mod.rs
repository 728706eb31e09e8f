//! The RDMA providers an SMB Direct listener can run on, behind one trait: how a
//! provider's endpoint is written in `[server] smbdirect` (`NAME=WHERE`), how it listens,
//! and what `smbdirectd rdma` says of it. Adding a provider is its own module here and
//! one line in [`PROVIDERS`]; nothing else matches provider names.

mod iwarp;
mod loopback;
#[cfg(feature = "verbs")]
mod verbs;

use crate::endpoint::Endpoint;
use crate::rdma_cqs::MakeCq;
use anyhow::{bail, Result};
use fabric::{Listener, Pd, Srq};

/// What a listener needs of its provider for each accepted connection.
pub struct Listening {
    pub listener: Box<dyn Listener>,
    /// A protection domain for one worker's connections of this listener.
    pub new_pd: PdFactory,
    /// A shared receive queue of that many receives in the domain, or None where the
    /// provider has none.
    pub new_srq: SrqFactory,
    /// A completion queue for a worker's connections, and its capacity.
    pub make_cq: MakeCq,
    /// Completions a queue pair could put on its completion queue: from its receive
    /// queue and its send queue ((0, 0): a software queue that grows).
    pub need: (usize, usize),
    /// READs may name page-cache mappings: the provider moves RDMA Write data itself
    /// (as a NIC's DMA would), so the worker never touches a mapped file's pages.
    pub maps_files: bool,
}

pub type PdFactory = Box<dyn Fn() -> fabric::Result<Pd> + Send>;
pub type SrqFactory = Box<dyn Fn(&Pd, usize) -> fabric::Result<Option<Srq>> + Send>;

/// An RDMA provider as the daemon uses it.
pub trait Provider: Sync {
    /// Its name in `NAME=WHERE`.
    fn name(&self) -> &'static str;
    /// Where it listens, from what follows `NAME=`.
    fn endpoint(&self, spec: &str, whole: &str) -> Result<Endpoint>;
    /// Listens at `endpoint` for connections with the MS-SMBD parameters `smbd`.
    fn listen(&self, endpoint: &Endpoint, smbd: &smbdirect::Config) -> Result<Listening>;
    /// What `smbdirectd rdma` says of it in this build on this machine, a line each.
    fn describe(&self) -> Vec<String>;
}

impl std::fmt::Debug for dyn Provider {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Every provider this build knows, in the order `smbdirectd rdma` lists them.
pub static PROVIDERS: &[&dyn Provider] = &[
    &iwarp::Iwarp,
    &loopback::Loopback,
    #[cfg(feature = "verbs")]
    &verbs::Verbs,
    #[cfg(not(feature = "verbs"))]
    &Absent {
        name: "verbs",
        why: "this build has no verbs provider (build with --features verbs); use iwarp \
              (see `smbdirectd rdma`)",
        describe: "not in this build (RDMA NICs: build with the default features, which \
                   load rdma-core at run time)",
    },
];

/// Parses `NAME=WHERE`: the provider and its endpoint.
pub fn parse(s: &str) -> Result<(&'static dyn Provider, Endpoint)> {
    let Some((name, spec)) = s.split_once('=') else {
        bail!("smbdirect {s:?}: expected PROVIDER=ADDR:PORT (e.g. iwarp=127.0.0.1:5445)");
    };
    let Some(p) = PROVIDERS.iter().copied().find(|p| p.name() == name) else {
        let names: Vec<&str> = PROVIDERS.iter().map(|p| p.name()).collect();
        bail!(
            "smbdirect {s:?}: unknown provider {name:?} ({})",
            names.join(", ")
        );
    };
    Ok((p, p.endpoint(spec, s)?))
}

/// An IP address and port, as the network providers write their endpoints.
fn ip_endpoint(spec: &str, whole: &str) -> Result<Endpoint> {
    use anyhow::Context;
    let addr: std::net::SocketAddr = spec
        .parse()
        .with_context(|| format!("smbdirect {whole:?}: {spec:?} is not ADDR:PORT"))?;
    Ok(Endpoint::Ip(addr))
}

/// A provider this build was made without: named, so that configuring it says why.
#[cfg(not(feature = "verbs"))]
struct Absent {
    name: &'static str,
    why: &'static str,
    describe: &'static str,
}

#[cfg(not(feature = "verbs"))]
impl Provider for Absent {
    fn name(&self) -> &'static str {
        self.name
    }
    fn endpoint(&self, _spec: &str, whole: &str) -> Result<Endpoint> {
        bail!("smbdirect {whole:?}: {}", self.why)
    }
    fn listen(&self, _: &Endpoint, _: &smbdirect::Config) -> Result<Listening> {
        bail!("smbdirect: {}", self.why)
    }
    fn describe(&self) -> Vec<String> {
        vec![self.describe.to_string()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoints_name_their_provider() {
        let (p, e) = parse("iwarp=127.0.0.1:5445").unwrap();
        assert_eq!(
            (p.name(), e.to_string()),
            ("iwarp", "127.0.0.1:5445".into())
        );
        let (p, e) = parse("loopback=bench").unwrap();
        assert_eq!(
            (p.name(), e),
            ("loopback", Endpoint::Loopback("bench".into()))
        );
        let e = parse("carrier-pigeon=1.2.3.4:5").unwrap_err().to_string();
        assert!(
            e.contains("unknown provider") && e.contains("iwarp, loopback, verbs"),
            "{e}"
        );
        assert!(parse("iwarp=nowhere").is_err());
        assert!(parse("iwarp").is_err());
        assert!(parse("loopback=").is_err());
        // verbs is a provider whether or not this build carries it.
        assert!(PROVIDERS.iter().any(|p| p.name() == "verbs"));
    }
}
