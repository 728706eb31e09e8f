//! Where SMB Direct listens: `PROVIDER=ADDR:PORT` as configured, checked at start (each
//! provider parses its own: [`crate::provider::parse`]).

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
