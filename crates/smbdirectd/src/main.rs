//! smbdirectd: the daemon. Configuration, per-core workers, listeners, and the admin
//! subcommands ([`smbdirectd::cli`]).

fn main() -> anyhow::Result<()> {
    smbdirectd::cli::main()
}
