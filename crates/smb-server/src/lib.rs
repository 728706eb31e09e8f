//! The SMB2/3 server engine, transport independent. See ARCHITECTURE.md.
#![forbid(unsafe_code)]

pub mod backend;
