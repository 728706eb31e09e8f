//! A differencing chain opened from paths, with plain byte reads and writes.

use crate::create::{create, CreateParams, DiskKind};
use crate::engine::{OpenOptions, ReadRange, Vhdx};
use crate::format::{Guid, ParentLocator};
use crate::{Error, Result, Storage};
use std::fs::File;
use std::path::{Component, Path, PathBuf};

const MAX_DEPTH: usize = 16;

/// The paths a locator may name, in the order to try them, relative to the child.
pub fn parent_paths(child: &Path, loc: &ParentLocator) -> Vec<PathBuf> {
    let dir = child.parent().unwrap_or(Path::new("."));
    let mut out = Vec::new();
    if let Some(rel) = loc.get("relative_path") {
        let unix = rel.replace('\\', "/");
        let unix = unix.strip_prefix("./").unwrap_or(&unix);
        if !unix.starts_with('/') {
            out.push(dir.join(unix));
        }
    }
    for key in ["absolute_win32_path", "volume_path"] {
        if let Some(p) = loc.get(key) {
            // A Windows path means nothing here; look for its file name beside the child.
            if let Some(name) = p.rsplit(['\\', '/']).next().filter(|n| !n.is_empty()) {
                let c = dir.join(name);
                if !out.contains(&c) {
                    out.push(c);
                }
            }
        }
    }
    out
}

/// A disk and its ancestors, child first.
pub struct Chain {
    pub layers: Vec<Vhdx<File>>,
    pub paths: Vec<PathBuf>,
}

fn open_file(path: &Path, read_only: bool) -> Result<File> {
    std::fs::OpenOptions::new()
        .read(true)
        .write(!read_only)
        .open(path)
        .map_err(|e| {
            Error::Io(std::io::Error::new(
                e.kind(),
                format!("{}: {e}", path.display()),
            ))
        })
}

impl Chain {
    /// Opens `path` (read-write unless `read_only`) and its parents read-only. A VHD Set
    /// (`.vhds`) opens the file it names as its disk now.
    pub fn open(path: &Path, read_only: bool) -> Result<Chain> {
        let opts = if read_only {
            OpenOptions::read_only()
        } else {
            OpenOptions::read_write()
        };
        let mut file = open_file(path, read_only)?;
        let mut path = path.to_path_buf();
        if crate::vhds::is_set(&file)? {
            let set = crate::vhds::VhdSet::read(&file)?;
            path = path.with_file_name(&set.current);
            file = open_file(&path, read_only)?;
        }
        let path = path.as_path();
        let top = Vhdx::open(file, opts)?;
        let mut layers = vec![top];
        let mut paths = vec![path.to_path_buf()];
        loop {
            let child = layers.last().unwrap();
            let Some(loc) = child.parent_locator().cloned() else {
                break;
            };
            if layers.len() >= MAX_DEPTH {
                return Err(Error::Parent(format!(
                    "the chain is deeper than {MAX_DEPTH} disks (a loop?)"
                )));
            }
            let child_path = paths.last().unwrap().clone();
            let candidates = parent_paths(&child_path, &loc);
            let found = candidates.iter().find(|p| p.is_file()).ok_or_else(|| {
                Error::Parent(format!(
                    "{}: none of its parent locations exists ({})",
                    child_path.display(),
                    candidates
                        .iter()
                        .map(|p| p.display().to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            })?;
            let parent = Vhdx::open(open_file(found, true)?, OpenOptions::read_only())?;
            let linkage = loc.get("parent_linkage").and_then(Guid::parse);
            let linkage2 = loc.get("parent_linkage2").and_then(Guid::parse);
            let dwg = parent.data_write_guid();
            if linkage != Some(dwg) && linkage2 != Some(dwg) {
                return Err(Error::Parent(format!(
                    "{} has DataWriteGuid {dwg:?}, but {} was made from {}: the parent changed since",
                    found.display(),
                    child_path.display(),
                    loc.get("parent_linkage").unwrap_or("?")
                )));
            }
            if parent.logical_sector_size() != child.logical_sector_size() {
                return Err(Error::Parent(format!(
                    "{} has {} byte sectors, its child {}",
                    found.display(),
                    parent.logical_sector_size(),
                    child.logical_sector_size()
                )));
            }
            paths.push(found.clone());
            layers.push(parent);
        }
        Ok(Chain { layers, paths })
    }

    pub fn top(&self) -> &Vhdx<File> {
        &self.layers[0]
    }

    pub fn virtual_size(&self) -> u64 {
        self.layers[0].virtual_size()
    }

    /// Reads virtual bytes, falling through the chain.
    pub fn read(&self, offset: u64, buf: &mut [u8]) -> Result<()> {
        read_level(&self.layers, 0, offset, buf)
    }

    /// Writes virtual bytes into the top disk.
    pub fn write(&self, offset: u64, data: &[u8]) -> Result<()> {
        write_through(&self.layers[0], offset, data)
    }

    pub fn close(self) -> Result<()> {
        for l in self.layers {
            l.close()?;
        }
        Ok(())
    }
}

/// Reads through `layers[level..]`.
pub fn read_level<S: Storage>(
    layers: &[Vhdx<S>],
    level: usize,
    offset: u64,
    buf: &mut [u8],
) -> Result<()> {
    let disk = &layers[level];
    let ranges = disk.resolve_read(offset, buf.len() as u64)?;
    let mut at = 0usize;
    for r in ranges {
        let n = r.len() as usize;
        let dst = &mut buf[at..at + n];
        match r {
            ReadRange::File { file_offset, .. } => disk.file().read_at(dst, file_offset)?,
            ReadRange::Zero { .. } => dst.fill(0),
            ReadRange::Parent { offset, .. } => {
                if level + 1 >= layers.len() {
                    return Err(Error::Parent("the parent disk is not open".into()));
                }
                let psize = layers[level + 1].virtual_size();
                let inside = psize.saturating_sub(offset).min(n as u64) as usize;
                if inside > 0 {
                    read_level(layers, level + 1, offset, &mut dst[..inside])?;
                }
                dst[inside..].fill(0);
            }
        }
        at += n;
    }
    Ok(())
}

/// Appends to `out` the ranges of [offset, offset + len) whose data some layer from
/// `level` down holds (rather than reading as zeros). Adjacent ranges merge.
pub fn mapped_level<S: Storage>(
    layers: &[Vhdx<S>],
    level: usize,
    offset: u64,
    len: u64,
    out: &mut Vec<(u64, u64)>,
) -> Result<()> {
    let disk = &layers[level];
    let mut v = offset;
    for r in disk.resolve_read(offset, len)? {
        let n = r.len();
        match r {
            ReadRange::File { .. } => match out.last_mut() {
                Some(l) if l.0 + l.1 == v => l.1 += n,
                _ => out.push((v, n)),
            },
            ReadRange::Zero { .. } => {}
            ReadRange::Parent { offset, .. } => {
                if level + 1 < layers.len() {
                    let psize = layers[level + 1].virtual_size();
                    let inside = psize.saturating_sub(offset).min(n);
                    if inside > 0 {
                        mapped_level(layers, level + 1, offset, inside, out)?;
                    }
                }
            }
        }
        v += n;
    }
    Ok(())
}

/// Writes through a single disk's plan.
pub fn write_through<S: Storage>(disk: &Vhdx<S>, offset: u64, data: &[u8]) -> Result<()> {
    let plan = disk.begin_write(offset, data.len() as u64)?;
    for r in &plan.ranges {
        let s = (r.virtual_offset - offset) as usize;
        disk.file()
            .write_at(&data[s..s + r.len as usize], r.file_offset)?;
    }
    disk.complete_write(plan)
}

/// The first half of merging a differencing disk's parent away: writes into `child`
/// (opened for writing on its own, beside whatever reads the chain) everything it reads
/// through to its parent `below[0]` that the parent decides itself (data it holds, or
/// zeros), and zeros where the parent ends before the next one down does. `child`'s
/// DataWriteGuid stays: it shows the same bytes before and after. Then
/// [`Vhdx::set_parent_locator`] with `below[0]`'s own locator takes the parent out.
///
/// Readers of the chain see the same bytes throughout; a crash leaves `child` showing
/// what it did, and running this again after one redoes only what is left. `below` is
/// the parent and its own parents, open to read; `step` bounds the bytes read at once.
/// `stop` is asked before each step: when it says so the copy ends there, with
/// [`std::io::ErrorKind::Interrupted`] (what is copied stays; a later call goes on).
pub fn copy_parent_in<S: Storage>(
    child: &mut Vhdx<S>,
    below: &[Vhdx<S>],
    step: u64,
    stop: &dyn Fn() -> bool,
) -> Result<()> {
    let parent = below
        .first()
        .ok_or_else(|| Error::InvalidArgument("no parent to merge".into()))?;
    if !child.has_parent() || !parent.has_parent() || below.len() < 2 {
        return Err(Error::InvalidArgument(
            "a merge takes a differencing disk whose parent has a parent, all open".into(),
        ));
    }
    if child.logical_sector_size() != parent.logical_sector_size() {
        return Err(Error::Unsupported(
            "the parent's sector size is not the child's".into(),
        ));
    }
    child.keep_data_identity();
    // Whole blocks of the child per step, so a run of zeros can cover whole blocks.
    let bs = child.block_size();
    let step = step.max(bs) / bs * bs;
    let (size, psize, gsize) = (
        child.virtual_size(),
        parent.virtual_size(),
        below[1].virtual_size(),
    );
    let mut buf: Vec<u8> = Vec::new();
    // Zeros where the child read through: its whole blocks there (none of their sectors
    // are the child's own) become zero blocks, the edges are written.
    let zeros = |buf: &mut Vec<u8>, (at, end): (u64, u64)| {
        let len = end - at;
        let (first, last) = (at.div_ceil(bs) * bs, end / bs * bs);
        let edges = if first < last {
            child.trim(first, last - first)?;
            [(at, first - at), (last, at + len - last)]
        } else {
            [(at, len), (0, 0)]
        };
        for (o, l) in edges.into_iter().filter(|&(_, l)| l > 0) {
            buf.clear();
            buf.resize(l as usize, 0);
            write_through(child, o, buf)?;
        }
        Ok::<(), Error>(())
    };
    let mut at = 0;
    while at < size {
        if stop() {
            child.flush()?;
            return Err(Error::Io(std::io::ErrorKind::Interrupted.into()));
        }
        let n = step.min(size - at);
        // A run of zeros to write, joined up across pieces.
        let mut run: Option<(u64, u64)> = None;
        let mut zero = |buf: &mut Vec<u8>, r: Option<(u64, u64)>| -> Result<()> {
            match (run, r) {
                (Some((s, e)), Some((o, oe))) if o == e => run = Some((s, oe)),
                _ => {
                    if let Some(done) = std::mem::replace(&mut run, r) {
                        zeros(buf, done)?;
                    }
                }
            }
            Ok(())
        };
        for p in child.resolve_read(at, n)? {
            let ReadRange::Parent { offset, len } = p else {
                continue;
            };
            let inside = psize.saturating_sub(offset).min(len);
            if inside > 0 {
                let mut o = offset;
                for q in parent.resolve_read(offset, inside)? {
                    let l = q.len() as usize;
                    match q {
                        ReadRange::File { file_offset, .. } => {
                            zero(&mut buf, None)?;
                            buf.resize(l, 0);
                            parent.file().read_at(&mut buf, file_offset)?;
                            write_through(child, o, &buf)?;
                        }
                        ReadRange::Zero { .. } => zero(&mut buf, Some((o, o + q.len())))?,
                        // What the next one down shows, it goes on showing.
                        ReadRange::Parent { .. } => zero(&mut buf, None)?,
                    }
                    o += q.len();
                }
            }
            // Past the parent's end the child read zeros; the next one down may not.
            let (lo, hi) = (offset + inside, (offset + len).min(gsize));
            if hi > lo {
                zero(&mut buf, Some((lo, hi)))?;
            }
        }
        zero(&mut buf, None)?;
        at += n;
    }
    child.flush()
}

fn relative(from_dir: &Path, to: &Path) -> PathBuf {
    let a: Vec<Component> = from_dir.components().collect();
    let b: Vec<Component> = to.components().collect();
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut out = PathBuf::new();
    for _ in common..a.len() {
        out.push("..");
    }
    for c in &b[common..] {
        out.push(c);
    }
    out
}

/// The parameters of a differencing child of `p` whose locator names the parent by
/// `relative_path` (Windows form, from the child's folder). Block size: the parent's
/// unless given.
pub fn differencing_params<S: Storage>(
    p: &Vhdx<S>,
    relative_path: &str,
    block_size: Option<u32>,
) -> CreateParams {
    let loc = ParentLocator {
        entries: vec![
            (
                "parent_linkage".to_string(),
                format!("{:?}", p.data_write_guid()),
            ),
            ("relative_path".to_string(), relative_path.to_string()),
        ],
    };
    let mut params = CreateParams::new(DiskKind::Differencing, p.virtual_size());
    params.block_size = block_size.unwrap_or(p.block_size() as u32);
    params.logical_sector = p.logical_sector_size() as u32;
    params.physical_sector = p.physical_sector_size();
    params.page83 = None;
    params.parent = Some((p.data_write_guid(), loc));
    params
}

/// Creates a differencing disk at `child` whose parent is `parent`.
pub fn create_differencing(child: &Path, parent: &Path, block_size: Option<u32>) -> Result<()> {
    let pchain = Chain::open(parent, true)?;
    let p = pchain.top();
    let abs_parent = std::fs::canonicalize(parent)?;
    let child_dir = child
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let abs_dir = std::fs::canonicalize(child_dir)?;
    let rel = relative(&abs_dir, &abs_parent);
    let rel_win = rel.to_string_lossy().replace('/', "\\");
    let rel_win = if rel_win.starts_with("..") {
        rel_win
    } else {
        format!(".\\{rel_win}")
    };
    let params = differencing_params(p, &rel_win, Some(block_size.unwrap_or(2 * 1024 * 1024)));
    let f = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .open(child)?;
    create(&f, &params)
}
