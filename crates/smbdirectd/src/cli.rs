//! The command line of the `smbdirectd` binary: `serve` and the admin subcommands (a
//! library module, so that the system tests' copy of the binary is built from the same
//! code).
use crate::{admin, daemon, spdk_cli, users, vhdx_cli};

use anyhow::Result;
use clap::{Parser, Subcommand};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "smbdirectd",
    about = "SMB 3.x / SMB Direct storage server for Hyper-V"
)]
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
    /// Format, list, check, import into and export from an SPDK share's store (with the
    /// node stopped).
    Spdk {
        #[command(subcommand)]
        cmd: spdk_cli::SpdkCmd,
    },
    /// Show a running node's sessions, tree connects and open files (as smbstatus).
    Status {
        #[command(flatten)]
        node: Node,
        /// The node's answer as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Close an open file of a running node for its client (the ID `status` shows).
    CloseFile {
        id: u64,
        #[command(flatten)]
        node: Node,
    },
    /// End a session of a running node (its opens are closed; the client signs in again).
    Logoff {
        session: u64,
        #[command(flatten)]
        node: Node,
    },
    /// Make a running node read its configuration again (as SIGHUP does), and wait for it.
    Reload {
        #[command(flatten)]
        node: Node,
    },
    /// Ask a running node's clients to move to another node (Witness CLIENT_MOVE), as
    /// before patching it; it keeps serving those that stay.
    Drain {
        /// The address to move them to (default: another node of the cluster that is
        /// alive).
        #[arg(long)]
        to: Option<std::net::IpAddr>,
        #[command(flatten)]
        node: Node,
    },
    /// Ask a running node's clients of one continuously available share to move to
    /// another node (Witness SHARE_MOVE, to those registered for the share), as when
    /// rebalancing; it keeps serving the share to those that stay.
    MoveShare {
        /// The share.
        share: String,
        /// The address to move them to (default: another node of the cluster that is
        /// alive).
        #[arg(long, conflicts_with = "clear")]
        to: Option<std::net::IpAddr>,
        /// No longer ask the share's clients to move (those registering from now on).
        #[arg(long)]
        clear: bool,
        #[command(flatten)]
        node: Node,
    },
}

/// Which running node: its admin socket, or the configuration that names it.
#[derive(clap::Args, Debug)]
struct Node {
    /// The node's configuration file (its admin socket is read from it).
    #[arg(long)]
    config: Option<PathBuf>,
    /// The admin socket itself.
    #[arg(long)]
    socket: Option<PathBuf>,
}

impl Node {
    fn socket(&self) -> Result<PathBuf> {
        match &self.socket {
            Some(s) => Ok(s.clone()),
            None => Ok(admin::socket_path(&crate::config::Config::load(
                self.config.as_deref(),
            )?)),
        }
    }
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

/// The version line: the build's features, and `spdk` with its release when this node
/// has the SPDK shim (libsmbdirectd_spdk.so) and it loads.
fn version_line() -> String {
    let v = version_string();
    match spdk::probe() {
        Ok(release) => format!("{}, spdk) [{release}]", v.trim_end_matches(')')),
        Err(_) => v.to_string(),
    }
}

/// The command line: parses the arguments and runs what they ask for.
pub fn main() -> Result<()> {
    use clap::{CommandFactory, FromArgMatches};
    let wants_version = std::env::args()
        .skip(1)
        .any(|a| a == "--version" || a == "-V");
    let cmd = if wants_version {
        Cli::command().version(&*Box::leak(version_line().into_boxed_str()))
    } else {
        Cli::command().version(version_string())
    };
    let cli = Cli::from_arg_matches(&cmd.get_matches()).unwrap_or_else(|e| e.exit());
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
        Cmd::Spdk { cmd } => spdk_cli::run(cmd),
        Cmd::Rdma => rdma_report(),
        Cmd::Status { node, json } => {
            let v = admin::request(&node.socket()?, "status")?;
            if json {
                println!("{}", serde_json::to_string_pretty(&v)?);
            } else {
                print!("{}", admin::render(&v));
            }
            Ok(())
        }
        Cmd::CloseFile { id, node } => {
            admin::request(&node.socket()?, &format!("close-file {id}"))?;
            println!("closed {id}");
            Ok(())
        }
        Cmd::Logoff { session, node } => {
            admin::request(&node.socket()?, &format!("logoff {session}"))?;
            println!("session {session} ended");
            Ok(())
        }
        Cmd::Reload { node } => {
            admin::request(&node.socket()?, "reload")?;
            println!("configuration reloaded");
            Ok(())
        }
        Cmd::MoveShare {
            share,
            to,
            clear,
            node,
        } => {
            if clear {
                admin::request(&node.socket()?, &format!("move-share clear {share}"))?;
                println!("clients of {share} no longer asked to move");
                return Ok(());
            }
            let to = to.map_or_else(|| "-".to_string(), |ip| ip.to_string());
            let v = admin::request(&node.socket()?, &format!("move-share {to} {share}"))?;
            println!(
                "clients of {} asked to move to {}",
                v["share"].as_str().unwrap_or("?"),
                v["moved_to"].as_str().unwrap_or("?")
            );
            Ok(())
        }
        Cmd::Drain { to, node } => {
            let req = match to {
                Some(ip) => format!("drain {ip}"),
                None => "drain".into(),
            };
            let v = admin::request(&node.socket()?, &req)?;
            println!(
                "clients asked to move to {}",
                v["drained_to"].as_str().unwrap_or("?")
            );
            Ok(())
        }
    }
}

fn rdma_report() -> Result<()> {
    for p in crate::provider::PROVIDERS {
        for line in p.describe() {
            println!("{:<9} {line}", format!("{}:", p.name()));
        }
    }
    Ok(())
}
