//! Where SMB Direct listens: `PROVIDER=ADDR:PORT` as configured, checked at start.

use anyhow::{bail, Context, Result};
use std::net::SocketAddr;

/// Where an SMB Direct listener listens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Endpoint {
    /// iwarp and verbs: an IP address and port.
    Ip(SocketAddr),
    /// The in-process loopback fabric: a name (for the benchmark's in-process mode and
    /// tests; nothing outside the process can reach it).
    Loopback(String),
}

impl std::fmt::Display for Endpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Endpoint::Ip(a) => write!(f, "{a}"),
            Endpoint::Loopback(n) => write!(f, "loopback:{n}"),
        }
    }
}

/// Parses `PROVIDER=ADDR:PORT` (or `loopback=NAME`).
pub fn parse_endpoint(s: &str) -> Result<(String, Endpoint)> {
    let Some((p, a)) = s.split_once('=') else {
        bail!("smbdirect {s:?}: expected PROVIDER=ADDR:PORT (e.g. iwarp=127.0.0.1:5445)");
    };
    if p == "loopback" {
        if a.is_empty() {
            bail!("smbdirect {s:?}: loopback needs a name (loopback=NAME)");
        }
        return Ok((p.to_string(), Endpoint::Loopback(a.to_string())));
    }
    let addr: SocketAddr = a
        .parse()
        .with_context(|| format!("smbdirect {s:?}: {a:?} is not ADDR:PORT"))?;
    match p {
        "iwarp" => Ok((p.to_string(), Endpoint::Ip(addr))),
        #[cfg(feature = "verbs")]
        "verbs" => Ok((p.to_string(), Endpoint::Ip(addr))),
        #[cfg(not(feature = "verbs"))]
        "verbs" => bail!(
            "smbdirect {s:?}: this build has no verbs provider (build with --features verbs); \
             use iwarp (see `smbdirectd rdma`)"
        ),
        _ => bail!("smbdirect {s:?}: unknown provider {p:?} (iwarp, verbs or loopback)"),
    }
}
