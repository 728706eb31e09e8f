//! smbdirectd: the daemon. Configuration, per-core workers, listeners, and the admin
//! subcommands.

use smbdirectd::{daemon, users, vhdx_cli};

use anyhow::Result;
use clap::{Parser, Subcommand};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(name = "smbdirectd", version = version_string(), about = "SMB 3.x / SMB Direct storage server for Hyper-V")]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Run the server.
    Serve(daemon::ServeArgs),
    /// Manage the users file.
    User {
        #[command(subcommand)]
        cmd: UserCmd,
    },
    /// Show the RDMA providers this build has and the devices rdma-core sees.
    Rdma,
    /// Create, inspect, check, grow and convert VHDX disks.
    Vhdx {
        #[command(subcommand)]
        cmd: vhdx_cli::VhdxCmd,
    },
}

#[derive(Subcommand, Debug)]
enum UserCmd {
    /// Add a user or change its password (read from a prompt, or stdin with --password-stdin).
    Add {
        name: String,
        #[arg(long, default_value = "smbdirectd-data/users")]
        users: PathBuf,
        #[arg(long)]
        password_stdin: bool,
    },
    /// Remove a user.
    Del {
        name: String,
        #[arg(long, default_value = "smbdirectd-data/users")]
        users: PathBuf,
    },
    /// List users.
    List {
        #[arg(long, default_value = "smbdirectd-data/users")]
        users: PathBuf,
    },
}

const fn version_string() -> &'static str {
    if cfg!(feature = "verbs") {
        concat!(
            env!("CARGO_PKG_VERSION"),
            " (features: tcp, io_uring, metrics, vhdx, verbs)"
        )
    } else {
        concat!(
            env!("CARGO_PKG_VERSION"),
            " (features: tcp, io_uring, metrics, vhdx)"
        )
    }
}

fn main() -> Result<()> {
    let cli = Cli::parse();
    match cli.cmd {
        Cmd::Serve(args) => daemon::serve(args),
        Cmd::User { cmd } => match cmd {
            UserCmd::Add {
                name,
                users,
                password_stdin,
            } => users::add(&users, &name, password_stdin),
            UserCmd::Del { name, users } => users::del(&users, &name),
            UserCmd::List { users } => users::list(&users),
        },
        Cmd::Vhdx { cmd } => vhdx_cli::run(cmd),
        Cmd::Rdma => rdma_report(),
    }
}

fn rdma_report() -> Result<()> {
    println!("iwarp:    software iWARP over TCP (RFC 5040/5041/5044/6581), in this build; serve with --smbdirect iwarp=ADDR:PORT (peers that speak software iWARP: our client and bench)");
    println!("loopback: in-process provider (tests and smbdirect-bench --transport loopback), in this build");
    #[cfg(feature = "verbs")]
    match fabric::verbs::devices() {
        Ok(d) if d.is_empty() => println!("verbs:    in this build; no RDMA device present"),
        Ok(d) => {
            for dev in d {
                println!(
                    "verbs:    device {} ({}); serve with --smbdirect verbs=ADDR:PORT (an address on its interface)",
                    dev.name, dev.node_type
                );
            }
        }
        Err(e) => println!("verbs:    built in; {e}"),
    }
    #[cfg(not(feature = "verbs"))]
    println!("verbs:    not in this build (RDMA NICs: build with --features verbs, rdma-core headers installed)");
    Ok(())
}
