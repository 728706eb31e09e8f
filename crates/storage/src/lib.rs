//! Storage engines and the namespace backend for directory shares.
//!
//! `DirShare` implements the engine's [`smb_server::backend::Share`] over a Linux directory:
//! every name resolves with openat2(2) and RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS relative
//! to the share root's descriptor, so `..`, absolute symlinks and symlinks leading out are
//! refused by the kernel, races included. DOS attributes and creation times live in the
//! `user.smbdirectd` extended attribute.
//!
//! May not: know SMB state (sessions, opens, oplocks) or leave the share root; it maps
//! names, files and their attributes to the file system and back.
pub mod clock;

pub mod blobshare;
pub mod cephshare;
pub mod dirshare;
pub mod ealist;
pub mod faults;
pub mod fmap;
pub mod journal;
pub mod stats;
mod sys;
mod winmeta;

pub use blobshare::BlobShare;
pub use cephshare::CephShare;
pub use dirshare::{DirShare, DirShareOptions};
