//! fabric: see ../shared/ARCHITECTURE.md for this crate's contract.
