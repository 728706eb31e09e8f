//! smbdirectd as a library: the daemon's parts, so that tools (the benchmark's in-process
//! mode over the loopback fabric) can run the same server the binary runs.

pub mod admission;
pub mod clock;
pub mod config;
pub mod daemon;
pub mod endpoint;
pub mod filetable;
pub mod framing;
pub mod listen;
pub mod metrics;
pub mod rdma_conns;
pub mod users;
pub mod vhdx_cli;
pub mod worker;
