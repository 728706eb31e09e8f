//! vhdx: see ../shared/ARCHITECTURE.md for this crate's contract.
