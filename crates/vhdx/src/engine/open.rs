//! Opening a VHDX: the file identifier, the two headers, log replay, the region table, the
//! metadata items, and the BAT, each checked against the others before anything is used.

use super::{bat_entries, corrupt, Inner, MetaOwner, OpenOptions, Role, Vhdx};
use crate::format::*;
use crate::log::{self, LogWriter};
use crate::{Error, Result, Storage};
use parking_lot::Mutex;
use std::collections::HashMap;
use std::sync::Arc;

/// Reads metadata bytes, seeing sectors a log replayed in memory would have changed.
pub(super) fn read_meta<S: Storage>(
    file: &S,
    overlay: &HashMap<u64, Vec<u8>>,
    off: u64,
    len: usize,
) -> Result<Vec<u8>> {
    let mut b = vec![0u8; len];
    file.read_at(&mut b, off)?;
    if !overlay.is_empty() {
        let first = off / 4096 * 4096;
        let mut s = first;
        while s < off + len as u64 {
            if let Some(sec) = overlay.get(&s) {
                let lo = s.max(off);
                let hi = (s + 4096).min(off + len as u64);
                b[(lo - off) as usize..(hi - off) as usize]
                    .copy_from_slice(&sec[(lo - s) as usize..(hi - s) as usize]);
            }
            s += 4096;
        }
    }
    Ok(b)
}

pub(super) fn overlaps(a: (u64, u64), b: (u64, u64)) -> bool {
    a.0 < b.0 + b.1 && b.0 < a.0 + a.1
}

impl<S: Storage> Vhdx<S> {
    /// Opens an image, in the order MS-VHDX 2.2 builds one on another: each step reads
    /// only what the steps before it validated.
    pub fn open(file: S, opts: OpenOptions) -> Result<Vhdx<S>> {
        Self::open_as(file, opts, None)
    }

    /// Opens an image read-write as one of several engines over the file, each another
    /// node's ([`MetaOwner`]): nothing is written at open (a log another engine is
    /// writing is not replayed: what it applied is in place), and this engine changes
    /// the file's metadata only once `owner` has made it the owner (see `shared.rs`).
    /// A differencing disk's parents are opened apart, read-only: nothing writes them.
    pub fn open_shared(file: S, owner: Arc<dyn MetaOwner>) -> Result<Vhdx<S>> {
        Self::open_as(file, OpenOptions::read_write(), Some(owner))
    }

    fn open_as(file: S, opts: OpenOptions, shared: Option<Arc<dyn MetaOwner>>) -> Result<Vhdx<S>> {
        let mut l = load(&file, &opts, shared.is_none())?;
        let role = match shared {
            Some(_) => Role::Follower,
            None => Role::Sole,
        };
        let meta = Geometry::of(&mut l.meta);
        // 6. A writer for the log when the image is opened for writing.
        let inner = l.into_inner(!opts.read_only, role, 0);
        Ok(Vhdx {
            file,
            read_only: opts.read_only,
            block_size: meta.block_size,
            logical_sector: meta.logical_sector,
            physical_sector: meta.physical_sector,
            chunk_ratio: meta.chunk_ratio,
            has_parent: meta.has_parent,
            leave_allocated: meta.leave_allocated,
            page83: meta.page83,
            parent_locator: meta.parent_locator,
            same_data: false,
            shared,
            superseded: Default::default(),
            inner: Mutex::new(inner),
        })
    }

    /// Reads the file's metadata again, as it stands (another engine changed it),
    /// replaying a log left active by an engine that stopped when `replay` (an owner
    /// taking over): what this engine holds of the file is then what the file says. The
    /// geometry must not have changed.
    pub(super) fn reload(&self, inner: &mut Inner, replay: bool) -> Result<()> {
        let l = load(&self.file, &OpenOptions::read_write(), replay)?;
        let m = &l.meta;
        if (m.block_size, m.logical_sector, m.chunk_ratio, m.has_parent)
            != (
                self.block_size,
                self.logical_sector,
                self.chunk_ratio,
                self.has_parent,
            )
        {
            return Err(corrupt("the disk's geometry changed under this engine"));
        }
        *inner = l.into_inner(true, inner.role, inner.replayed);
        Ok(())
    }
}

/// What a [`Vhdx`] keeps of the metadata items outside its lock.
struct Geometry {
    block_size: u64,
    leave_allocated: bool,
    has_parent: bool,
    page83: Guid,
    logical_sector: u64,
    physical_sector: u32,
    parent_locator: Option<ParentLocator>,
    chunk_ratio: u64,
}

impl Geometry {
    fn of(m: &mut Metadata) -> Geometry {
        Geometry {
            block_size: m.block_size,
            leave_allocated: m.leave_allocated,
            has_parent: m.has_parent,
            page83: m.page83,
            logical_sector: m.logical_sector,
            physical_sector: m.physical_sector,
            parent_locator: m.parent_locator.take(),
            chunk_ratio: m.chunk_ratio,
        }
    }
}

impl Loaded {
    /// The engine's state from what was read: with a log writer when `writable` (and
    /// the log sane), `replayed` entries counted before these.
    fn into_inner(self, writable: bool, role: Role, replayed: usize) -> Inner {
        Inner {
            log: (self.log_ok && writable).then(|| fresh_writer(&self.replayed.header)),
            header: self.replayed.header,
            slot: self.replayed.slot,
            regions: self.regions.all,
            bat_offset: self.regions.bat.file_offset,
            bat_length: self.regions.bat.length as u64,
            meta_offset: self.regions.meta.file_offset,
            meta_length: self.regions.meta.length as u64,
            meta_entries: self.meta.entries,
            virtual_size: self.meta.virtual_size,
            bat: self.bat,
            bitmaps: HashMap::new(),
            file_len: self.file_len,
            data_writable: false,
            overlay: self.replayed.overlay,
            poisoned: false,
            replayed: replayed + self.replayed.entries,
            role,
        }
    }
}

/// A log writer that starts a new session (a new log GUID at its first entry).
fn fresh_writer(header: &Header) -> LogWriter {
    LogWriter {
        offset: header.log_offset,
        length: header.log_length as u64,
        guid: Guid::ZERO,
        sequence: 1,
        head: 0,
    }
}

/// What steps 1 to 5 read of a file.
struct Loaded {
    replayed: Replayed,
    log_ok: bool,
    regions: Regions,
    meta: Metadata,
    bat: Vec<u64>,
    file_len: u64,
}

/// Steps 1 to 5 of an open; the log replayed only with `replay` (else what is in place
/// is read as it is).
fn load<S: Storage>(file: &S, opts: &OpenOptions, replay: bool) -> Result<Loaded> {
    // 1. The file type identifier and the current of the two headers.
    let file_len = file.len()?;
    let (header, slot) = current_header(file, file_len)?;
    // 2. The log region, sane whether used or not (writes go through it), and its
    //    active sequence replayed: into the file, or in memory when read-only.
    let log = LogRegion::of(&header, file_len, opts)?;
    let replayed = match replay {
        true => replay_log(file, header.clone(), slot, &log, opts, file_len)?,
        false => Replayed {
            header: header.clone(),
            slot,
            overlay: HashMap::new(),
            entries: 0,
        },
    };
    let file_len = file.len()?;
    let overlay = &replayed.overlay;
    // 3. The region table: one BAT and one metadata region, inside the file, apart
    //    from each other, the header area and the log.
    let regions = read_regions(file, overlay, &log, file_len)?;
    // 4. The metadata items: geometry, identity, the parent of a differencing disk.
    let meta = read_metadata(file, overlay, &regions.meta)?;
    // 5. The BAT: every present block and sector bitmap inside the file, none
    //    overlapping another or a region.
    let bat = read_bat(file, overlay, &regions, &meta, file_len)?;
    Ok(Loaded {
        replayed,
        log_ok: log.ok,
        regions,
        meta,
        bat,
        file_len,
    })
}

/// Step 1: the identifier, then the valid header with the higher sequence number.
fn current_header<S: Storage>(file: &S, file_len: u64) -> Result<(Header, usize)> {
    if file_len < HEADER_AREA {
        return Err(corrupt(format!(
            "the file is {file_len} bytes, smaller than the 1 MiB header area"
        )));
    }
    let mut sig = [0u8; 8];
    file.read_at(&mut sig, 0)?;
    if &sig != FILE_ID_SIG {
        return Err(corrupt(
            "file type identifier: signature is not \"vhdxfile\"",
        ));
    }
    let mut hb = vec![0u8; HEADER_SIZE];
    file.read_at(&mut hb, HEADER1_OFFSET)?;
    let h1 = Header::parse(&hb);
    file.read_at(&mut hb, HEADER2_OFFSET)?;
    let h2 = Header::parse(&hb);
    let (header, slot) = match (h1, h2) {
        (Ok(a), Ok(b)) => {
            if a.sequence > b.sequence {
                (a, 0)
            } else if b.sequence > a.sequence {
                (b, 1)
            } else if a == b {
                (a, 0)
            } else {
                return Err(corrupt(format!(
                    "headers: both carry sequence number {} but differ",
                    a.sequence
                )));
            }
        }
        (Ok(a), Err(_)) => (a, 0),
        (Err(_), Ok(b)) => (b, 1),
        (Err(e1), Err(e2)) => {
            return Err(corrupt(format!(
                "headers: neither is valid (header 1: {e1}; header 2: {e2})"
            )))
        }
    };
    Ok((header, slot))
}

/// The log region a header names.
struct LogRegion {
    offset: u64,
    length: u64,
    /// Sane: 1 MiB aligned, past the header area, inside the file, not absurdly long.
    ok: bool,
    /// The header says it holds entries to replay.
    dirty: bool,
}

impl LogRegion {
    /// Step 2a: a dirty log must be sane to be replayed; an image opened for writing needs
    /// a sane one whether dirty or not.
    fn of(header: &Header, file_len: u64, opts: &OpenOptions) -> Result<LogRegion> {
        // The log region, used or not, must be sane: we write through it.
        let log_off = header.log_offset;
        let log_len = header.log_length as u64;
        let log_ok = log_len > 0
            && log_len.is_multiple_of(MIB)
            && log_off.is_multiple_of(MIB)
            && log_off >= HEADER_AREA
            && log_len <= MAX_LOG_LENGTH
            && log_off.checked_add(log_len).is_some_and(|e| e <= file_len);
        let dirty = !header.log_guid.is_zero() && log_len != 0;
        if dirty && (!log_ok || header.log_version != 0) {
            return Err(corrupt(format!(
            "header: log of {log_len} bytes at {log_off} (version {}) is not a valid region of this {file_len} byte file",
            header.log_version
        )));
        }
        if !opts.read_only && !log_ok {
            return Err(corrupt(format!(
            "header: log of {log_len} bytes at {log_off} is not a valid region of this {file_len} byte file"
        )));
        }
        Ok(LogRegion {
            offset: log_off,
            length: log_len,
            ok: log_ok,
            dirty,
        })
    }
}

/// The header in force after the log, and what an in-memory replay changed.
struct Replayed {
    header: Header,
    slot: usize,
    /// Sectors as the log left them, by file offset (read-only replay only).
    overlay: HashMap<u64, Vec<u8>>,
    /// Log entries replayed.
    entries: usize,
}

/// Step 2b: replays the active log sequence: written to the file and the log marked
/// empty in a new header, or kept as an overlay over the file when read-only.
fn replay_log<S: Storage>(
    file: &S,
    header: Header,
    slot: usize,
    log: &LogRegion,
    opts: &OpenOptions,
    file_len: u64,
) -> Result<Replayed> {
    let (log_off, log_len, dirty) = (log.offset, log.length, log.dirty);
    let mut header = header;
    let mut slot = slot;
    let mut overlay = HashMap::new();
    let mut replayed = 0;
    if dirty {
        let mut region = vec![0u8; log_len as usize];
        file.read_at(&mut region, log_off)?;
        let seq = log::find_active_sequence(&region, &header.log_guid, log_off);
        replayed = seq.len();
        if opts.read_only {
            if !opts.replay_in_memory && !seq.is_empty() {
                return Err(Error::LogReplayRequired);
            }
            if let Some(last) = seq.last() {
                if last.flushed_file_offset > file_len {
                    return Err(corrupt(format!(
                        "log: the file was {} bytes when the log was written but is now {file_len} (truncated)",
                        last.flushed_file_offset
                    )));
                }
            }
            for e in &seq {
                for w in &e.writes {
                    match w {
                        log::LogWrite::Data {
                            file_offset,
                            sector,
                        } => {
                            overlay.insert(*file_offset, sector.clone());
                        }
                        log::LogWrite::Zero {
                            file_offset,
                            length,
                        } => {
                            if *length > 64 * MIB {
                                return Err(Error::LogReplayRequired);
                            }
                            for s in (0..*length).step_by(4096) {
                                overlay.insert(file_offset + s, vec![0u8; 4096]);
                            }
                        }
                    }
                }
            }
        } else {
            log::apply(&file, &seq)?;
            file.flush()?;
            let mut h = header.clone();
            h.log_guid = Guid::ZERO;
            h.sequence += 1;
            let nslot = 1 - slot;
            file.write_at(&h.encode(), [HEADER1_OFFSET, HEADER2_OFFSET][nslot])?;
            file.flush()?;
            header = h;
            slot = nslot;
        }
    }
    Ok(Replayed {
        header,
        slot,
        overlay,
        entries: replayed,
    })
}

/// The regions the table lists.
struct Regions {
    all: Vec<RegionEntry>,
    bat: RegionEntry,
    meta: RegionEntry,
    /// Every span of the file in use, with its name: header area, log, regions.
    spans: Vec<(u64, u64, String)>,
}

/// Step 3: the first valid region table copy, each region checked.
fn read_regions<S: Storage>(
    file: &S,
    overlay: &HashMap<u64, Vec<u8>>,
    log: &LogRegion,
    file_len: u64,
) -> Result<Regions> {
    let (log_ok, log_off, log_len) = (log.ok, log.offset, log.length);
    // Region table: the first valid copy.
    let rt1 = parse_region_table(&read_meta(
        file,
        overlay,
        REGION1_OFFSET,
        REGION_TABLE_SIZE,
    )?);
    let regions = match rt1 {
        Ok(r) => r,
        Err(e1) => {
            match parse_region_table(&read_meta(
                file,
                overlay,
                REGION2_OFFSET,
                REGION_TABLE_SIZE,
            )?) {
                Ok(r) => r,
                Err(e2) => {
                    return Err(corrupt(format!(
                        "region tables: neither is valid (table 1: {e1}; table 2: {e2})"
                    )))
                }
            }
        }
    };
    let mut bat_r = None;
    let mut meta_r = None;
    let mut spans: Vec<(u64, u64, String)> = vec![(0, HEADER_AREA, "header area".into())];
    if log_ok {
        spans.push((log_off, log_len, "log".into()));
    }
    for r in &regions {
        let name = if r.guid == BAT_REGION {
            if bat_r.replace(r.clone()).is_some() {
                return Err(corrupt("region table: two BAT regions"));
            }
            "BAT region".to_string()
        } else if r.guid == METADATA_REGION {
            if meta_r.replace(r.clone()).is_some() {
                return Err(corrupt("region table: two metadata regions"));
            }
            "metadata region".to_string()
        } else if r.required {
            return Err(Error::Unsupported(format!(
                "region {} is required but unknown",
                r.guid
            )));
        } else {
            format!("region {}", r.guid)
        };
        let len = r.length as u64;
        if r.file_offset % MIB != 0 || !len.is_multiple_of(MIB) || len == 0 {
            return Err(corrupt(format!(
                "{name}: offset {} and length {len} must be nonzero 1 MiB multiples",
                r.file_offset
            )));
        }
        if r.file_offset.checked_add(len).none_or_over(file_len) {
            return Err(corrupt(format!(
                "{name}: {len} bytes at {} run past the end of the {file_len} byte file",
                r.file_offset
            )));
        }
        for (o, l, other) in &spans {
            if overlaps((r.file_offset, len), (*o, *l)) {
                return Err(corrupt(format!("{name} overlaps the {other}")));
            }
        }
        spans.push((r.file_offset, len, name));
    }
    let bat_r = bat_r.ok_or_else(|| corrupt("region table: no BAT region"))?;
    let meta_r = meta_r.ok_or_else(|| corrupt("region table: no metadata region"))?;
    Ok(Regions {
        all: regions,
        bat: bat_r,
        meta: meta_r,
        spans,
    })
}

/// What the metadata items say.
struct Metadata {
    entries: Vec<MetadataEntry>,
    block_size: u64,
    leave_allocated: bool,
    has_parent: bool,
    virtual_size: u64,
    page83: Guid,
    logical_sector: u64,
    physical_sector: u32,
    parent_locator: Option<ParentLocator>,
    /// Payload blocks per sector bitmap block.
    chunk_ratio: u64,
}

/// Step 4: the metadata table and the items the format requires, each in range.
fn read_metadata<S: Storage>(
    file: &S,
    overlay: &HashMap<u64, Vec<u8>>,
    meta_r: &RegionEntry,
) -> Result<Metadata> {
    let meta_offset = meta_r.file_offset;
    let meta_length = meta_r.length as u64;
    if meta_length > MAX_METADATA_REGION {
        return Err(corrupt(format!(
            "metadata region: {meta_length} bytes is absurd"
        )));
    }
    let table = read_meta(file, overlay, meta_offset, METADATA_TABLE_SIZE)?;
    let meta_entries = parse_metadata_table(&table)?;
    let mut items: HashMap<Guid, Vec<u8>> = HashMap::new();
    for (i, e) in meta_entries.iter().enumerate() {
        if meta_entries[..i]
            .iter()
            .any(|p| p.item == e.item && (p.flags & META_IS_USER) == (e.flags & META_IS_USER))
        {
            return Err(corrupt(format!("metadata: item {} appears twice", e.item)));
        }
        if e.length > 0
            && ((e.offset as u64) < METADATA_TABLE_SIZE as u64
                || e.length as u64 > MIB
                || e.offset as u64 + e.length as u64 > meta_length)
        {
            return Err(corrupt(format!(
                "metadata: item {} ({} bytes at {}) lies outside the region's item area",
                e.item, e.length, e.offset
            )));
        }
        let known = [
            FILE_PARAMETERS,
            VIRTUAL_DISK_SIZE,
            PAGE83_DATA,
            LOGICAL_SECTOR_SIZE,
            PHYSICAL_SECTOR_SIZE,
            PARENT_LOCATOR,
        ]
        .contains(&e.item);
        if e.flags & META_IS_USER != 0 {
            continue;
        }
        if !known {
            if e.flags & META_IS_REQUIRED != 0 {
                return Err(Error::Unsupported(format!(
                    "metadata item {} is required but unknown",
                    e.item
                )));
            }
            continue;
        }
        let data = read_meta(
            file,
            overlay,
            meta_offset + e.offset as u64,
            e.length as usize,
        )?;
        items.insert(e.item, data);
    }
    let item = |g: Guid, name: &str, len: usize| -> Result<&Vec<u8>> {
        let v = items
            .get(&g)
            .ok_or_else(|| corrupt(format!("metadata: the {name} item is missing")))?;
        if v.len() < len {
            return Err(corrupt(format!(
                "metadata: the {name} item is {} bytes, expected {len}",
                v.len()
            )));
        }
        Ok(v)
    };
    let fp = item(FILE_PARAMETERS, "file parameters", 8)?;
    let block_size = le32(fp, 0) as u64;
    let leave_allocated = le32(fp, 4) & 1 != 0;
    let has_parent = le32(fp, 4) & 2 != 0;
    let virtual_size = le64(item(VIRTUAL_DISK_SIZE, "virtual disk size", 8)?, 0);
    let page83 = Guid::from_slice(item(PAGE83_DATA, "page 83 data", 16)?);
    let logical_sector = le32(item(LOGICAL_SECTOR_SIZE, "logical sector size", 4)?, 0) as u64;
    let physical_sector = le32(item(PHYSICAL_SECTOR_SIZE, "physical sector size", 4)?, 0);
    if !block_size.is_power_of_two() || !(MIB..=256 * MIB).contains(&block_size) {
        return Err(corrupt(format!(
            "file parameters: block size {block_size} is not a power of two from 1 MiB to 256 MiB"
        )));
    }
    if logical_sector != 512 && logical_sector != 4096 {
        return Err(corrupt(format!(
            "logical sector size {logical_sector} is neither 512 nor 4096"
        )));
    }
    if physical_sector != 512 && physical_sector != 4096 {
        return Err(corrupt(format!(
            "physical sector size {physical_sector} is neither 512 nor 4096"
        )));
    }
    if virtual_size == 0
        || !virtual_size.is_multiple_of(logical_sector)
        || virtual_size > MAX_VIRTUAL_SIZE
    {
        return Err(corrupt(format!(
            "virtual disk size {virtual_size} is zero, not a multiple of the {logical_sector} byte sector, or over 64 TiB"
        )));
    }
    let parent_locator = if has_parent {
        let raw = items
            .get(&PARENT_LOCATOR)
            .ok_or_else(|| corrupt("metadata: a differencing disk without a parent locator"))?;
        let pl = ParentLocator::parse(raw)?;
        if pl.get("parent_linkage").is_none() {
            return Err(corrupt("parent locator: no parent_linkage"));
        }
        Some(pl)
    } else {
        None
    };
    let chunk_ratio = (1u64 << 23) * logical_sector / block_size;
    Ok(Metadata {
        entries: meta_entries,
        block_size,
        leave_allocated,
        has_parent,
        virtual_size,
        page83,
        logical_sector,
        physical_sector,
        parent_locator,
        chunk_ratio,
    })
}

/// Step 5: the BAT entries, each present block inside the file and apart from the rest.
fn read_bat<S: Storage>(
    file: &S,
    overlay: &HashMap<u64, Vec<u8>>,
    regions: &Regions,
    meta: &Metadata,
    file_len: u64,
) -> Result<Vec<u64>> {
    let (bat_r, spans) = (&regions.bat, &regions.spans);
    let (virtual_size, block_size, chunk_ratio, has_parent) = (
        meta.virtual_size,
        meta.block_size,
        meta.chunk_ratio,
        meta.has_parent,
    );
    let entries = bat_entries(virtual_size, block_size, chunk_ratio, has_parent);
    let bat_off = bat_r.file_offset;
    let bat_length = bat_r.length as u64;
    if entries * 8 > bat_length || bat_length > MAX_BAT_BYTES {
        return Err(corrupt(format!(
            "BAT region of {bat_length} bytes cannot hold the {entries} entries a {virtual_size} byte disk needs"
        )));
    }
    let raw = read_meta(file, overlay, bat_off, (entries * 8) as usize)?;
    let bat: Vec<u64> = raw.chunks_exact(8).map(|c| le64(c, 0)).collect();

    let mut allocated: Vec<(u64, u64, u64)> = Vec::new();
    for (i, &e) in bat.iter().enumerate() {
        let i = i as u64;
        let is_sb = i % (chunk_ratio + 1) == chunk_ratio;
        let state = bat_state(e);
        let off = bat_offset(e);
        let len = if is_sb {
            SECTOR_BITMAP_BLOCK
        } else {
            block_size
        };
        let what = if is_sb {
            format!("sector bitmap entry {i}")
        } else {
            format!("BAT entry {i} (block {})", i - i / (chunk_ratio + 1))
        };
        let present = if is_sb {
            match state {
                SB_NOT_PRESENT => false,
                SB_PRESENT => true,
                s => {
                    return Err(corrupt(format!(
                        "{what}: state {s} is not a sector bitmap state"
                    )))
                }
            }
        } else {
            match state {
                PAYLOAD_FULLY_PRESENT => true,
                PAYLOAD_PARTIALLY_PRESENT if has_parent => true,
                PAYLOAD_PARTIALLY_PRESENT => {
                    return Err(corrupt(format!(
                        "{what}: partially present in a disk without a parent"
                    )))
                }
                4 => return Err(corrupt(format!("{what}: reserved state 4"))),
                _ => false,
            }
        };
        if !present {
            continue;
        }
        if off < HEADER_AREA || off.checked_add(len).none_or_over(file_len) {
            return Err(corrupt(format!(
                "{what}: {len} bytes at {off} lie outside the {file_len} byte file"
            )));
        }
        allocated.push((off, len, i));
    }
    allocated.sort_unstable();
    for w in allocated.windows(2) {
        if w[0].0 + w[0].1 > w[1].0 {
            return Err(corrupt(format!(
                "BAT entries {} and {} claim overlapping space at {}",
                w[0].2, w[1].2, w[1].0
            )));
        }
    }
    for (o, l, name) in spans {
        // Binary search the sorted allocations for one crossing this span.
        let k = allocated.partition_point(|a| a.0 + a.1 <= *o);
        if let Some(a) = allocated.get(k) {
            if overlaps((a.0, a.1), (*o, *l)) {
                return Err(corrupt(format!("BAT entry {} points into the {name}", a.2)));
            }
        }
    }
    Ok(bat)
}

pub(super) trait OptGt {
    fn none_or_over(self, limit: u64) -> bool;
}
impl OptGt for Option<u64> {
    fn none_or_over(self, limit: u64) -> bool {
        match self {
            None => true,
            Some(v) => v > limit,
        }
    }
}
