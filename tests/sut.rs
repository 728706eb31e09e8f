//! The daemon under test: the `smbdirectd` binary built again in this package (from the
//! same `smbdirectd::cli`), so that the system tests can run it
//! (`CARGO_BIN_EXE_smbdirectd-under-test`).

fn main() -> anyhow::Result<()> {
    smbdirectd::cli::main()
}
