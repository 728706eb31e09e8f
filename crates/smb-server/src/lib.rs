//! The SMB2/3 server engine, transport independent.
//!
//! Contract: a [`conn::Connection`] takes whole SMB2 PDUs and the time, and gives back the
//! PDUs to send; storage is reached only through [`backend::Share`], and I/O that would
//! wait is handed to the transport as [`storage_op`] operations. No sockets; no threads
//! but the bounded copiers of long server-side copies and VHD Set merges; deadlines read
//! the one engine clock in [`clock`], which tests move. Shared
//! state ([`state::Server`]) lives behind short locks, so the channels of one session may
//! sit on different workers.
#![forbid(unsafe_code)]

pub mod backend;
pub mod budget;
pub mod bufs;
pub mod clock;
pub mod config;
pub mod conn;
pub mod credits;
pub mod dfs;
pub mod fixed;
/// The persistent-handle journal, a service beside the engine (`crates/handle-journal`):
/// the engine hands it a record of each persistent open as it changes.
pub use handle_journal as journal;
pub mod lease;
pub mod limits;
pub mod logon;
pub mod names;
pub mod oplock;
pub mod ops;
/// Storage QoS, a service beside the engine (`crates/storage-qos`): the engine admits
/// READs and WRITEs through it and answers FSCTL_STORAGE_QOS_CONTROL from it.
pub use storage_qos as qos;
pub mod rdma;
pub mod replay;
pub mod sharded;
pub mod state;
pub mod stats;
pub mod storage_op;
pub mod svhdx;

pub use config::{ServerConfig, ShareConfig};
pub use conn::{Connection, Disconnect, IoRequest, Responses, Transport};
pub use ops::admin;
pub use state::Server;
