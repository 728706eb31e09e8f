//! `smbdirectd vhdx ...`: create, inspect, check, grow and convert VHDX files without a
//! Windows host.

use anyhow::{anyhow, bail, Context, Result};
use clap::{Subcommand, ValueEnum};
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use vhdx::{create, create_differencing, Chain, CreateParams, DiskKind, OpenOptions, Vhdx};

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Kind {
    Fixed,
    Dynamic,
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum Target {
    Raw,
    Fixed,
    Dynamic,
}

#[derive(Subcommand, Debug)]
pub enum VhdxCmd {
    /// Create a disk: fixed or dynamic of --size, or a differencing child of --parent. A
    /// path ending in .vhds makes a VHD Set (for shared disks with snapshots) and its
    /// disk beside it, as Hyper-V's New-VHD does.
    Create {
        path: PathBuf,
        /// Virtual size (bytes, or with K/M/G/T suffix); not with --parent.
        #[arg(long, value_parser = parse_size)]
        size: Option<u64>,
        #[arg(long = "type", value_enum, default_value = "dynamic")]
        kind: Kind,
        /// Block size, a power of two from 1M to 256M.
        #[arg(long, value_parser = parse_size, default_value = "32M")]
        block_size: u64,
        #[arg(long, default_value_t = 512)]
        logical_sector: u32,
        #[arg(long, default_value_t = 4096)]
        physical_sector: u32,
        /// Make a differencing disk on top of this one.
        #[arg(long)]
        parent: Option<PathBuf>,
    },
    /// Print the layout (headers, regions, metadata, BAT states, parent chain).
    Info {
        path: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Validate the disk and its parents; exit status 1 on any problem.
    Check {
        path: PathBuf,
        /// Replay a dirty log into the file instead of only reporting it.
        #[arg(long)]
        repair: bool,
    },
    /// Grow the virtual disk, or shrink it (a fixed or dynamic disk; what lies past the
    /// new end is dropped).
    Resize {
        path: PathBuf,
        #[arg(long, value_parser = parse_size)]
        size: u64,
    },
    /// Convert a raw image to VHDX, or any VHDX (chains included) to raw or VHDX.
    Convert {
        src: PathBuf,
        dst: PathBuf,
        #[arg(long, value_enum)]
        to: Target,
        #[arg(long, value_parser = parse_size, default_value = "32M")]
        block_size: u64,
    },
}

pub fn parse_size(s: &str) -> std::result::Result<u64, String> {
    let t = s.trim();
    let t = t
        .strip_suffix("iB")
        .or_else(|| t.strip_suffix('B'))
        .unwrap_or(t);
    let (num, mult) = match t.chars().last() {
        Some('K' | 'k') => (&t[..t.len() - 1], 1u64 << 10),
        Some('M' | 'm') => (&t[..t.len() - 1], 1 << 20),
        Some('G' | 'g') => (&t[..t.len() - 1], 1 << 30),
        Some('T' | 't') => (&t[..t.len() - 1], 1 << 40),
        _ => (t, 1),
    };
    num.parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(mult))
        .ok_or_else(|| format!("{s:?} is not a size (bytes, or a number with K, M, G or T)"))
}

pub fn run(cmd: VhdxCmd) -> Result<()> {
    match cmd {
        VhdxCmd::Create {
            path,
            size,
            kind,
            block_size,
            logical_sector,
            physical_sector,
            parent,
        } => {
            let bs = u32::try_from(block_size).map_err(|_| anyhow!("block size too large"))?;
            if let Some(parent) = parent {
                if size.is_some() {
                    bail!("--size does not apply to a differencing disk: it takes its parent's");
                }
                create_differencing(&path, &parent, Some(bs))
                    .with_context(|| format!("creating {}", path.display()))?;
            } else {
                let size = size.ok_or_else(|| anyhow!("--size is required"))?;
                let mut p = CreateParams::new(
                    match kind {
                        Kind::Fixed => DiskKind::Fixed,
                        Kind::Dynamic => DiskKind::Dynamic,
                    },
                    size,
                );
                p.block_size = bs;
                p.logical_sector = logical_sector;
                p.physical_sector = physical_sector;
                if path
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("vhds"))
                {
                    let disk = vhdx::vhds::create_set(&path, &p)
                        .with_context(|| format!("creating {}", path.display()))?;
                    println!("created {} (its disk: {disk})", path.display());
                    return Ok(());
                }
                new_disk(&path, &p)?;
            }
            println!("created {}", path.display());
            Ok(())
        }
        VhdxCmd::Info { path, json } => info(&path, json),
        VhdxCmd::Check { path, repair } => check(&path, repair),
        VhdxCmd::Resize { path, size } => {
            let f = open_rw(&path)?;
            let d = Vhdx::open(f, OpenOptions::read_write())
                .with_context(|| format!("opening {}", path.display()))?;
            d.resize(size)?;
            d.close()?;
            println!("{}: virtual size now {size} bytes", path.display());
            Ok(())
        }
        VhdxCmd::Convert {
            src,
            dst,
            to,
            block_size,
        } => convert(&src, &dst, to, block_size),
    }
}

fn open_rw(path: &Path) -> Result<File> {
    std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(path)
        .with_context(|| format!("opening {}", path.display()))
}

fn new_disk(path: &Path, p: &CreateParams) -> Result<()> {
    let f = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .open(path)
        .with_context(|| format!("creating {}", path.display()))?;
    if let Err(e) = create(&f, p) {
        let _ = std::fs::remove_file(path);
        return Err(anyhow!("creating {}: {e}", path.display()));
    }
    Ok(())
}

fn info(path: &Path, json: bool) -> Result<()> {
    let chain = Chain::open(path, true).with_context(|| format!("opening {}", path.display()))?;
    let i = chain.top().info()?;
    if json {
        let v = serde_json::json!({
            "path": path,
            "type": i.kind,
            "virtual_size": i.virtual_size,
            "block_size": i.block_size,
            "logical_sector_size": i.logical_sector_size,
            "physical_sector_size": i.physical_sector_size,
            "chunk_ratio": i.chunk_ratio,
            "page83": i.page83.to_string(),
            "file_size": i.file_size,
            "header": {
                "sequence": i.header_sequence,
                "current_slot": i.header_slot,
                "file_write_guid": i.file_write_guid.to_string(),
                "data_write_guid": i.data_write_guid.to_string(),
                "log_guid": i.log_guid.to_string(),
            },
            "log": { "offset": i.log_offset, "length": i.log_length, "dirty": !i.log_guid.is_zero() },
            "bat": { "offset": i.bat_offset, "length": i.bat_length, "entries": i.bat_entries },
            "metadata": { "offset": i.metadata_offset, "length": i.metadata_length },
            "payload_blocks": i.payload_blocks,
            "block_states": i.block_states.iter().map(|(k, v)| (k.to_string(), *v)).collect::<std::collections::BTreeMap<_, _>>(),
            "sector_bitmaps_present": i.sector_bitmaps_present,
            "allocated_bytes": i.allocated_bytes,
            "parent_locator": i.parent_locator.iter().cloned().collect::<std::collections::BTreeMap<_, _>>(),
            "chain": chain.paths.iter().map(|p| p.display().to_string()).collect::<Vec<_>>(),
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(());
    }
    let mut o = std::io::stdout().lock();
    writeln!(o, "file:                 {}", path.display())?;
    writeln!(o, "type:                 {}", i.kind)?;
    writeln!(o, "virtual size:         {} bytes", i.virtual_size)?;
    writeln!(o, "block size:           {} bytes", i.block_size)?;
    writeln!(o, "logical sector size:  {}", i.logical_sector_size)?;
    writeln!(o, "physical sector size: {}", i.physical_sector_size)?;
    writeln!(o, "page 83 identifier:   {}", i.page83)?;
    writeln!(o, "file size:            {} bytes", i.file_size)?;
    writeln!(
        o,
        "header:               slot {} of 2, sequence {}",
        i.header_slot, i.header_sequence
    )?;
    writeln!(o, "data write guid:      {}", i.data_write_guid)?;
    writeln!(
        o,
        "log:                  {} bytes at {}{}",
        i.log_length,
        i.log_offset,
        if i.log_guid.is_zero() {
            ", clean".to_string()
        } else {
            format!(", dirty ({} entries to replay)", i.replayed_log_entries)
        }
    )?;
    writeln!(
        o,
        "metadata region:      {} bytes at {}",
        i.metadata_length, i.metadata_offset
    )?;
    writeln!(
        o,
        "BAT:                  {} entries, {} bytes at {} (chunk ratio {})",
        i.bat_entries, i.bat_length, i.bat_offset, i.chunk_ratio
    )?;
    let states: Vec<String> = i
        .block_states
        .iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect();
    writeln!(
        o,
        "payload blocks:       {} ({})",
        i.payload_blocks,
        states.join(", ")
    )?;
    writeln!(o, "allocated:            {} bytes", i.allocated_bytes)?;
    if i.kind == "differencing" {
        writeln!(o, "sector bitmaps:       {}", i.sector_bitmaps_present)?;
        for (k, v) in &i.parent_locator {
            writeln!(o, "parent {k}: {v}")?;
        }
        for (n, p) in chain.paths.iter().enumerate().skip(1) {
            writeln!(o, "chain level {n}:        {}", p.display())?;
        }
    }
    Ok(())
}

fn check(path: &Path, repair: bool) -> Result<()> {
    if repair {
        // A read-write open replays a dirty log and leaves the file clean.
        let d = Vhdx::open(open_rw(path)?, OpenOptions::read_write())
            .map_err(|e| anyhow!("{}: {e}", path.display()))?;
        d.close()?;
    }
    let chain = Chain::open(path, true).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    let mut problems = Vec::new();
    for (l, p) in chain.layers.iter().zip(&chain.paths) {
        for m in l.check()? {
            problems.push(format!("{}: {m}", p.display()));
        }
    }
    if !problems.is_empty() {
        for p in &problems {
            eprintln!("{p}");
        }
        bail!("{} problem(s) found", problems.len());
    }
    println!(
        "{}: no problems found ({} disk(s) in the chain)",
        path.display(),
        chain.layers.len()
    );
    Ok(())
}

/// Whether `path` is a VHDX or a VHD Set (whose current disk is a VHDX).
fn is_vhdx(path: &Path) -> Result<bool> {
    let mut sig = [0u8; 8];
    let f = File::open(path).with_context(|| format!("opening {}", path.display()))?;
    Ok(
        std::os::unix::fs::FileExt::read_exact_at(&f, &mut sig, 0).is_ok() && &sig == b"vhdxfile"
            || vhdx::vhds::is_set(&f)?,
    )
}

/// Reads virtual bytes at an offset from a conversion source.
type Reader = dyn Fn(u64, &mut [u8]) -> Result<()>;

fn convert(src: &Path, dst: &Path, to: Target, block_size: u64) -> Result<()> {
    const CHUNK: usize = 4 << 20;
    let src_is_vhdx = is_vhdx(src)?;
    let (size, reader): (u64, Box<Reader>) = if src_is_vhdx {
        let chain = Chain::open(src, true).map_err(|e| anyhow!("{}: {e}", src.display()))?;
        (
            chain.virtual_size(),
            Box::new(move |off, buf: &mut [u8]| Ok(chain.read(off, buf)?)),
        )
    } else {
        let f = File::open(src).with_context(|| format!("opening {}", src.display()))?;
        let size = f.metadata()?.len();
        (
            size,
            Box::new(move |off, buf: &mut [u8]| {
                let n = std::os::unix::fs::FileExt::read_at(&f, buf, off)?;
                buf[n..].fill(0);
                Ok(())
            }),
        )
    };
    let mut buf = vec![0u8; CHUNK];
    match to {
        Target::Raw => {
            let out = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(dst)
                .with_context(|| format!("creating {}", dst.display()))?;
            out.set_len(size)?;
            let mut off = 0;
            while off < size {
                let n = (size - off).min(CHUNK as u64) as usize;
                reader(off, &mut buf[..n])?;
                if buf[..n].iter().any(|&b| b != 0) {
                    std::os::unix::fs::FileExt::write_all_at(&out, &buf[..n], off)?;
                }
                off += n as u64;
            }
            out.sync_all()?;
        }
        Target::Fixed | Target::Dynamic => {
            // A raw image whose size is not a sector multiple is padded with zeros.
            let vsize = size.div_ceil(512) * 512;
            let mut p = CreateParams::new(
                if to == Target::Fixed {
                    DiskKind::Fixed
                } else {
                    DiskKind::Dynamic
                },
                vsize,
            );
            p.block_size =
                u32::try_from(block_size).map_err(|_| anyhow!("block size too large"))?;
            new_disk(dst, &p)?;
            let d = Vhdx::open(open_rw(dst)?, OpenOptions::read_write())?;
            let mut off = 0;
            while off < vsize {
                let n = (vsize - off).min(CHUNK as u64) as usize;
                buf[..n].fill(0);
                let m = n.min(size.saturating_sub(off) as usize);
                reader(off, &mut buf[..m])?;
                // Zeros stay unallocated in a dynamic disk: write block-sized pieces
                // that hold data, skip the rest.
                let piece = (block_size as usize).min(CHUNK);
                for (k, c) in buf[..n].chunks(piece).enumerate() {
                    if c.iter().any(|&b| b != 0) {
                        vhdx::write_through(&d, off + (k * piece) as u64, c)?;
                    }
                }
                off += n as u64;
            }
            d.flush()?;
            d.close()?;
        }
    }
    println!("converted {} to {}", src.display(), dst.display());
    Ok(())
}
