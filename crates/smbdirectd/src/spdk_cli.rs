//! `smbdirectd spdk ...`: make, list, check, and move files in and out of an SPDK
//! share's store, with the node stopped (SPDK owns the device while it runs).

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Subcommand};
use smb_server::backend::{CreateAction, Disposition, Kind, OpenParams, Share, SharePath};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::sync::Arc;
use storage::blobshare::service::{Device, Mode, Service, StoreSpec};
use storage::BlobShare;

#[derive(Args, Debug, Clone)]
pub struct DeviceArgs {
    /// The device: an NVMe PCI address (needs --hugepages) or a file.
    #[arg(long)]
    pub device: String,
    /// Use hugepages (needed for an NVMe device).
    #[arg(long)]
    pub hugepages: bool,
    /// SPDK memory, MiB.
    #[arg(long, default_value_t = 512)]
    pub mem_mb: u32,
}

#[derive(Subcommand, Debug)]
pub enum SpdkCmd {
    /// Make a new, empty store on the device (erases what it holds).
    Format {
        #[command(flatten)]
        dev: DeviceArgs,
        /// Required: formatting erases the device.
        #[arg(long)]
        yes: bool,
    },
    /// List a directory of the store (the root by default).
    Ls {
        #[command(flatten)]
        dev: DeviceArgs,
        #[arg(default_value = "")]
        path: String,
    },
    /// Load the store and check it: every blob has our metadata and its directory
    /// exists. Prints what it holds; fails on damage, never repairs.
    Check {
        #[command(flatten)]
        dev: DeviceArgs,
    },
    /// Copy a local file into the store as PATH (directories on the way are made).
    Import {
        #[command(flatten)]
        dev: DeviceArgs,
        local: PathBuf,
        path: String,
    },
    /// Copy PATH out of the store into a local file.
    Export {
        #[command(flatten)]
        dev: DeviceArgs,
        path: String,
        local: PathBuf,
    },
}

fn open_store(dev: &DeviceArgs, mode: Mode) -> Result<(Arc<Service>, BlobShare)> {
    let spec = StoreSpec {
        name: crate::spdk_store::bdev_name(0),
        device: Device::parse(&dev.device),
    };
    let env = spdk::EnvOpts {
        no_huge: !dev.hugepages,
        no_pci: !dev.hugepages,
        mem_mb: dev.mem_mb,
        ..Default::default()
    };
    let (svc, _) =
        Service::start(None, env, vec![spec], mode).map_err(|e| anyhow!("{}: {e}", dev.device))?;
    let share = BlobShare::new(svc.clone(), 0);
    Ok((svc, share))
}

fn path(p: &str) -> Result<SharePath> {
    let p = p.trim_matches(['/', '\\']).replace('\\', "/");
    if p.split('/').any(|c| c.is_empty() || c == "." || c == "..") && !p.is_empty() {
        bail!("{p:?} is not a path inside the store");
    }
    Ok(SharePath::from_validated(p))
}

fn st(e: smb_wire::NtStatus) -> anyhow::Error {
    anyhow!("{}", e.name().unwrap_or("NTSTATUS error"))
}

pub fn run(cmd: SpdkCmd) -> Result<()> {
    match cmd {
        SpdkCmd::Format { dev, yes } => {
            if !yes {
                bail!("formatting erases {}: add --yes", dev.device);
            }
            let (svc, share) = open_store(&dev, Mode::Format)?;
            let fs = share.fs_info().map_err(st)?;
            svc.stop();
            println!("{}: new store, {} bytes", dev.device, fs.total_bytes);
        }
        SpdkCmd::Ls { dev, path: p } => {
            let (svc, share) = open_store(&dev, Mode::Load)?;
            let r = list(&share, &path(&p)?);
            svc.stop();
            r?;
        }
        SpdkCmd::Check { dev } => {
            let (svc, share) = open_store(&dev, Mode::Load)?;
            let r = walk(&share, &SharePath::root());
            let fs = share.fs_info().map_err(st);
            svc.stop();
            let (dirs, files, bytes) = r?;
            let fs = fs?;
            println!(
                "{}: clean: {dirs} directories, {files} files, {bytes} bytes of data; {} of {} bytes free",
                dev.device, fs.free_bytes, fs.total_bytes
            );
        }
        SpdkCmd::Import {
            dev,
            local,
            path: p,
        } => {
            let (svc, share) = open_store(&dev, Mode::Load)?;
            let r = import(&share, &local, &path(&p)?);
            svc.stop();
            println!("{} bytes imported", r?);
        }
        SpdkCmd::Export {
            dev,
            path: p,
            local,
        } => {
            let (svc, share) = open_store(&dev, Mode::Load)?;
            let r = export(&share, &path(&p)?, &local);
            svc.stop();
            println!("{} bytes exported", r?);
        }
    }
    Ok(())
}

fn list(share: &BlobShare, p: &SharePath) -> Result<()> {
    let (d, _) = share
        .open(p, &OpenParams::read_write(Disposition::Open, Kind::Any))
        .map_err(st)?;
    let info = d.info().map_err(st)?;
    if !info.is_directory {
        println!("{:>14}  {}", info.end_of_file, p.as_str());
        return Ok(());
    }
    for e in d.list_dir().map_err(st)? {
        let kind = if e.info.is_directory { "<DIR>" } else { "" };
        println!("{:>14} {:>5}  {}", e.info.end_of_file, kind, e.name);
    }
    Ok(())
}

fn walk(share: &BlobShare, p: &SharePath) -> Result<(u64, u64, u64)> {
    let (d, _) = share
        .open(
            p,
            &OpenParams::read_write(Disposition::Open, Kind::Directory),
        )
        .map_err(st)?;
    let (mut dirs, mut files, mut bytes) = (1, 0, 0);
    for e in d.list_dir().map_err(st)? {
        if e.info.is_directory {
            let (a, b, c) = walk(share, &p.join(&e.name))?;
            dirs += a;
            files += b;
            bytes += c;
        } else {
            files += 1;
            bytes += e.info.end_of_file;
        }
    }
    Ok((dirs, files, bytes))
}

const STEP: usize = 4 << 20;

fn import(share: &BlobShare, local: &std::path::Path, p: &SharePath) -> Result<u64> {
    let mut src = std::fs::File::open(local).with_context(|| local.display().to_string())?;
    // The directories on the way.
    let mut at = SharePath::root();
    if let Some((parent, _)) = p.split_last() {
        for c in parent.as_str().split('/').filter(|c| !c.is_empty()) {
            at = at.join(c);
            share
                .open(
                    &at,
                    &OpenParams::read_write(Disposition::OpenIf, Kind::Directory),
                )
                .map_err(st)?;
        }
    }
    let (f, action) = share
        .open(
            p,
            &OpenParams::read_write(Disposition::OverwriteIf, Kind::NonDirectory),
        )
        .map_err(st)?;
    debug_assert!(action != CreateAction::Opened);
    // Thin, as the file came: a step of zeros is not written (free space reads as
    // zeros), only the length covers it; a fixed VHDX imports in the space it uses.
    let mut buf = vec![0u8; STEP];
    let mut off = 0u64;
    loop {
        let n = read_full(&mut src, &mut buf)?;
        if n == 0 {
            break;
        }
        if buf[..n].iter().any(|&b| b != 0) {
            f.write_at(off, &buf[..n]).map_err(st)?;
        }
        off += n as u64;
    }
    f.set_len(off).map_err(st)?;
    f.sync().map_err(st)?;
    Ok(off)
}

/// Reads until `buf` is full or the file ends: how many bytes it holds.
fn read_full(src: &mut std::fs::File, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match src.read(&mut buf[n..])? {
            0 => break,
            k => n += k,
        }
    }
    Ok(n)
}

fn export(share: &BlobShare, p: &SharePath, local: &std::path::Path) -> Result<u64> {
    let (f, _) = share
        .open(
            p,
            &OpenParams::read_write(Disposition::Open, Kind::NonDirectory),
        )
        .map_err(st)?;
    let mut out = std::fs::File::create(local).with_context(|| local.display().to_string())?;
    let eof = f.info().map_err(st)?.end_of_file;
    let mut buf = vec![0u8; STEP];
    let mut off = 0u64;
    while off < eof {
        let n = f.read_at(off, &mut buf).map_err(st)?;
        if n == 0 {
            break;
        }
        out.write_all(&buf[..n])?;
        off += n as u64;
    }
    out.sync_all()?;
    Ok(off)
}
