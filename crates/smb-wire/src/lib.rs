//! MS-SMB2 §2.2 wire types: the SMB2 header, the transform header, every command's request
//! and response, negotiate and create contexts, FSCTL payloads, NTSTATUS.
//!
//! Contract: parse from `&[u8]` into typed values after checking every length and offset once;
//! encode into caller buffers. No I/O, no unsafe, no panics on peer input: a malformed PDU is
//! a [`WireError`], and codes a peer may send that we do not know parse as open values.
#![forbid(unsafe_code)]

pub mod status;
pub use status::NtStatus;

pub mod codec;
pub mod dcerpc;
pub mod filetime;
pub mod framing;
pub mod fscc;
pub mod fsctl;
pub mod header;
pub mod msg;
pub mod negotiate;
pub mod rdma_transform;
pub mod secdesc;

pub use codec::{Le, PutLe, WireError};
pub use header::{Command, Header, TransformHeader};
pub use msg::FileId;
