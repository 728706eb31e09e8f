//! smbdirectd as a library: the daemon's parts, so that tools (the benchmark's in-process
//! mode over the loopback fabric) can run the same server the binary runs.
//!
//! The only crate that owns threads, sockets, signals and the process (with `fabric`'s
//! providers). It may not hold protocol rules the engine should (parsing, open and
//! session state): it wires transports to the engine, sets the bounds from the
//! configuration, performs the I/O the engine asks for and reports metrics.

pub mod admin;
pub mod admission;
pub mod cli;
pub mod clock;
pub mod cluster;
pub mod config;
pub mod daemon;
pub mod endpoint;
pub mod fd_wait;
pub mod filetable;
pub mod framing;
pub mod kerberos;
pub mod ldap;
pub mod listen;
pub mod metrics;
pub mod provider;
pub mod rdma_conns;
pub mod rdma_cqs;
pub mod spdk_cli;
pub mod spdk_store;
pub mod users;
pub mod vhdx_cli;
pub mod witness;
pub mod worker;
