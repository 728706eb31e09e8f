//! The open disk: validation on open, mapping, allocation, trim, resize and close.

use crate::format::*;
use crate::log::{self, LogWriter};
use crate::{Error, Result, Storage};
use parking_lot::Mutex;
use std::collections::HashMap;

fn corrupt(s: impl Into<String>) -> Error {
    Error::Corrupt(s.into())
}

#[derive(Clone, Copy, Debug, Default)]
pub struct OpenOptions {
    pub read_only: bool,
    /// For a read-only open of a dirty file: replay the log in memory (true) or refuse
    /// with [`Error::LogReplayRequired`] (false).
    pub replay_in_memory: bool,
}

impl OpenOptions {
    pub fn read_write() -> Self {
        OpenOptions {
            read_only: false,
            replay_in_memory: false,
        }
    }
    pub fn read_only() -> Self {
        OpenOptions {
            read_only: true,
            replay_in_memory: true,
        }
    }
}

/// Where a piece of a virtual read comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadRange {
    /// `len` bytes at `file_offset` of this file.
    File { file_offset: u64, len: u64 },
    /// `len` bytes of zeros.
    Zero { len: u64 },
    /// `len` bytes at virtual `offset` of the parent disk.
    Parent { offset: u64, len: u64 },
}

impl ReadRange {
    pub fn len(&self) -> u64 {
        match *self {
            ReadRange::File { len, .. }
            | ReadRange::Zero { len }
            | ReadRange::Parent { len, .. } => len,
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WriteRange {
    pub virtual_offset: u64,
    pub file_offset: u64,
    pub len: u64,
}

/// The file ranges a write must fill, and what to record once they are written.
#[derive(Debug, Default)]
#[must_use = "a write plan must be completed with Vhdx::complete_write"]
pub struct WritePlan {
    pub ranges: Vec<WriteRange>,
    /// (payload block, first sector within the block, sector count) to mark present in
    /// the sector bitmap once the payload is durable on the caller's side.
    bits: Vec<(u64, u64, u64)>,
}

/// A summary of the disk for `vhdx info`.
#[derive(Clone, Debug)]
pub struct Info {
    pub kind: &'static str,
    pub virtual_size: u64,
    pub block_size: u32,
    pub logical_sector_size: u32,
    pub physical_sector_size: u32,
    pub chunk_ratio: u64,
    pub page83: Guid,
    pub file_size: u64,
    pub header_sequence: u64,
    pub header_slot: usize,
    pub file_write_guid: Guid,
    pub data_write_guid: Guid,
    pub log_guid: Guid,
    pub log_offset: u64,
    pub log_length: u32,
    pub bat_offset: u64,
    pub bat_length: u64,
    pub bat_entries: u64,
    pub metadata_offset: u64,
    pub metadata_length: u64,
    pub payload_blocks: u64,
    pub block_states: Vec<(&'static str, u64)>,
    pub sector_bitmaps_present: u64,
    pub allocated_bytes: u64,
    pub parent_locator: Vec<(String, String)>,
    pub leave_block_allocated: bool,
    pub replayed_log_entries: usize,
}

struct Inner {
    header: Header,
    slot: usize,
    regions: Vec<RegionEntry>,
    bat_offset: u64,
    bat_length: u64,
    meta_offset: u64,
    meta_length: u64,
    meta_entries: Vec<MetadataEntry>,
    virtual_size: u64,
    bat: Vec<u64>,
    bitmaps: HashMap<u64, Vec<u8>>,
    file_len: u64,
    log: Option<LogWriter>,
    data_writable: bool,
    overlay: HashMap<u64, Vec<u8>>,
    poisoned: bool,
    replayed: usize,
}

pub struct Vhdx<S: Storage> {
    file: S,
    read_only: bool,
    block_size: u64,
    logical_sector: u64,
    physical_sector: u32,
    chunk_ratio: u64,
    has_parent: bool,
    leave_allocated: bool,
    page83: Guid,
    parent_locator: Option<ParentLocator>,
    inner: Mutex<Inner>,
}

/// Reads metadata bytes, seeing sectors a log replayed in memory would have changed.
fn read_meta<S: Storage>(
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

fn overlaps(a: (u64, u64), b: (u64, u64)) -> bool {
    a.0 < b.0 + b.1 && b.0 < a.0 + a.1
}

/// Number of BAT entries for a geometry.
pub fn bat_entries(virtual_size: u64, block_size: u64, chunk_ratio: u64, has_parent: bool) -> u64 {
    let payload = virtual_size.div_ceil(block_size);
    if has_parent {
        payload.div_ceil(chunk_ratio) * (chunk_ratio + 1)
    } else if payload == 0 {
        0
    } else {
        payload + (payload - 1) / chunk_ratio
    }
}

impl<S: Storage> Vhdx<S> {
    pub fn open(file: S, opts: OpenOptions) -> Result<Vhdx<S>> {
        let file_len = file.len()?;
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
        // The log region, used or not, must be sane: we write through it.
        let log_off = header.log_offset;
        let log_len = header.log_length as u64;
        let log_ok = log_len > 0
            && log_len.is_multiple_of(MIB)
            && log_off % MIB == 0
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
        let file_len = file.len()?;

        // Region table: the first valid copy.
        let rt1 = parse_region_table(&read_meta(
            &file,
            &overlay,
            REGION1_OFFSET,
            REGION_TABLE_SIZE,
        )?);
        let regions = match rt1 {
            Ok(r) => r,
            Err(e1) => {
                match parse_region_table(&read_meta(
                    &file,
                    &overlay,
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

        // Metadata.
        let meta_offset = meta_r.file_offset;
        let meta_length = meta_r.length as u64;
        if meta_length > MAX_METADATA_REGION {
            return Err(corrupt(format!(
                "metadata region: {meta_length} bytes is absurd"
            )));
        }
        let table = read_meta(&file, &overlay, meta_offset, METADATA_TABLE_SIZE)?;
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
                &file,
                &overlay,
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

        // BAT.
        let entries = bat_entries(virtual_size, block_size, chunk_ratio, has_parent);
        let bat_off = bat_r.file_offset;
        let bat_length = bat_r.length as u64;
        if entries * 8 > bat_length || bat_length > MAX_BAT_BYTES {
            return Err(corrupt(format!(
                "BAT region of {bat_length} bytes cannot hold the {entries} entries a {virtual_size} byte disk needs"
            )));
        }
        let raw = read_meta(&file, &overlay, bat_off, (entries * 8) as usize)?;
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
        for (o, l, name) in &spans {
            // Binary search the sorted allocations for one crossing this span.
            let k = allocated.partition_point(|a| a.0 + a.1 <= *o);
            if let Some(a) = allocated.get(k) {
                if overlaps((a.0, a.1), (*o, *l)) {
                    return Err(corrupt(format!("BAT entry {} points into the {name}", a.2)));
                }
            }
        }

        let log = if log_ok && !opts.read_only {
            Some(LogWriter {
                offset: log_off,
                length: log_len,
                guid: Guid::ZERO,
                sequence: 1,
                head: 0,
            })
        } else {
            None
        };
        Ok(Vhdx {
            file,
            read_only: opts.read_only,
            block_size,
            logical_sector,
            physical_sector,
            chunk_ratio,
            has_parent,
            leave_allocated,
            page83,
            parent_locator,
            inner: Mutex::new(Inner {
                header,
                slot,
                regions,
                bat_offset: bat_off,
                bat_length,
                meta_offset,
                meta_length,
                meta_entries,
                virtual_size,
                bat,
                bitmaps: HashMap::new(),
                file_len,
                log,
                data_writable: false,
                overlay,
                poisoned: false,
                replayed,
            }),
        })
    }

    pub fn file(&self) -> &S {
        &self.file
    }
    pub fn virtual_size(&self) -> u64 {
        self.inner.lock().virtual_size
    }
    pub fn block_size(&self) -> u64 {
        self.block_size
    }
    pub fn logical_sector_size(&self) -> u64 {
        self.logical_sector
    }
    pub fn physical_sector_size(&self) -> u32 {
        self.physical_sector
    }
    pub fn has_parent(&self) -> bool {
        self.has_parent
    }
    pub fn is_fixed(&self) -> bool {
        self.leave_allocated && !self.has_parent
    }
    pub fn page83(&self) -> Guid {
        self.page83
    }
    pub fn parent_locator(&self) -> Option<&ParentLocator> {
        self.parent_locator.as_ref()
    }
    pub fn data_write_guid(&self) -> Guid {
        self.inner.lock().header.data_write_guid
    }
    pub fn read_only(&self) -> bool {
        self.read_only
    }

    fn payload_index(&self, block: u64) -> usize {
        (block + block / self.chunk_ratio) as usize
    }
    fn bitmap_index(&self, chunk: u64) -> usize {
        (chunk * (self.chunk_ratio + 1) + self.chunk_ratio) as usize
    }
    fn sectors_per_block(&self) -> u64 {
        self.block_size / self.logical_sector
    }

    fn check_range(&self, inner: &Inner, offset: u64, len: u64) -> Result<()> {
        if !offset.is_multiple_of(self.logical_sector) || !len.is_multiple_of(self.logical_sector) {
            return Err(Error::InvalidArgument(format!(
                "{len} bytes at {offset} are not aligned to the {} byte sector",
                self.logical_sector
            )));
        }
        if offset.checked_add(len).none_or_over(inner.virtual_size) {
            return Err(Error::InvalidArgument(format!(
                "{len} bytes at {offset} run past the {} byte disk",
                inner.virtual_size
            )));
        }
        Ok(())
    }

    /// Loads (and caches) the sector bitmap block of `chunk`.
    fn bitmap<'a>(&self, inner: &'a mut Inner, chunk: u64) -> Result<&'a mut Vec<u8>> {
        if !inner.bitmaps.contains_key(&chunk) {
            let e = inner.bat[self.bitmap_index(chunk)];
            let bm = if bat_state(e) == SB_PRESENT {
                read_meta(
                    &self.file,
                    &inner.overlay,
                    bat_offset(e),
                    SECTOR_BITMAP_BLOCK as usize,
                )?
            } else {
                vec![0u8; SECTOR_BITMAP_BLOCK as usize]
            };
            inner.bitmaps.insert(chunk, bm);
        }
        Ok(inner.bitmaps.get_mut(&chunk).unwrap())
    }

    /// Maps a virtual range to where its bytes are. Adjacent pieces of one kind merge.
    pub fn resolve_read(&self, offset: u64, len: u64) -> Result<Vec<ReadRange>> {
        let mut out = Vec::new();
        self.resolve_read_into(offset, len, &mut out)?;
        Ok(out)
    }

    pub fn resolve_read_into(&self, offset: u64, len: u64, out: &mut Vec<ReadRange>) -> Result<()> {
        let mut inner = self.inner.lock();
        self.check_range(&inner, offset, len)?;
        let mut push = |r: ReadRange| {
            if let Some(last) = out.last_mut() {
                match (last, r) {
                    (ReadRange::Zero { len: a }, ReadRange::Zero { len: b }) => {
                        *a += b;
                        return;
                    }
                    (
                        ReadRange::File {
                            file_offset: fa,
                            len: a,
                        },
                        ReadRange::File {
                            file_offset: fb,
                            len: b,
                        },
                    ) if *fa + *a == fb => {
                        *a += b;
                        return;
                    }
                    (
                        ReadRange::Parent { offset: oa, len: a },
                        ReadRange::Parent { offset: ob, len: b },
                    ) if *oa + *a == ob => {
                        *a += b;
                        return;
                    }
                    _ => {}
                }
            }
            out.push(r);
        };
        let mut off = offset;
        let end = offset + len;
        while off < end {
            let block = off / self.block_size;
            let within = off % self.block_size;
            let n = (end - off).min(self.block_size - within);
            let e = inner.bat[self.payload_index(block)];
            match bat_state(e) {
                PAYLOAD_FULLY_PRESENT => push(ReadRange::File {
                    file_offset: bat_offset(e) + within,
                    len: n,
                }),
                PAYLOAD_PARTIALLY_PRESENT => {
                    let chunk = block / self.chunk_ratio;
                    let base = (block % self.chunk_ratio) * self.sectors_per_block();
                    let ls = self.logical_sector;
                    let bm = self.bitmap(&mut inner, chunk)?;
                    let mut s = within / ls;
                    let last = (within + n) / ls;
                    while s < last {
                        let bit = base + s;
                        let present = bm[(bit / 8) as usize] >> (bit % 8) & 1 == 1;
                        let mut t = s + 1;
                        while t < last {
                            let b2 = base + t;
                            if (bm[(b2 / 8) as usize] >> (b2 % 8) & 1 == 1) != present {
                                break;
                            }
                            t += 1;
                        }
                        let l = (t - s) * ls;
                        if present {
                            push(ReadRange::File {
                                file_offset: bat_offset(e) + s * ls,
                                len: l,
                            });
                        } else {
                            push(ReadRange::Parent {
                                offset: block * self.block_size + s * ls,
                                len: l,
                            });
                        }
                        s = t;
                    }
                }
                PAYLOAD_NOT_PRESENT if self.has_parent => push(ReadRange::Parent {
                    offset: off,
                    len: n,
                }),
                _ => push(ReadRange::Zero { len: n }),
            }
            off += n;
        }
        Ok(())
    }

    fn writable(&self, inner: &Inner) -> Result<()> {
        if self.read_only {
            return Err(Error::ReadOnly);
        }
        if inner.poisoned {
            return Err(Error::Poisoned);
        }
        Ok(())
    }

    fn write_header(&self, inner: &mut Inner, h: Header) -> Result<()> {
        let mut h = h;
        h.sequence = inner.header.sequence + 1;
        let nslot = 1 - inner.slot;
        self.file
            .write_at(&h.encode(), [HEADER1_OFFSET, HEADER2_OFFSET][nslot])?;
        self.file.flush()?;
        inner.header = h;
        inner.slot = nslot;
        Ok(())
    }

    /// Before the first change of this open: a new FileWriteGuid and an active log;
    /// before the first user-visible change also a new DataWriteGuid.
    fn prepare(&self, inner: &mut Inner, data: bool) -> Result<()> {
        self.writable(inner)?;
        let log = inner.log.as_ref().ok_or(Error::ReadOnly)?;
        let need_log = log.guid.is_zero();
        let need_data = data && !inner.data_writable;
        if !need_log && !need_data {
            return Ok(());
        }
        let mut h = inner.header.clone();
        if need_log {
            h.file_write_guid = Guid::random();
            h.log_guid = Guid::random();
            h.log_version = 0;
        }
        if need_data {
            h.data_write_guid = Guid::random();
        }
        let r = self.write_header(inner, h);
        if r.is_err() {
            inner.poisoned = true;
            return r;
        }
        let g = inner.header.log_guid;
        let log = inner.log.as_mut().unwrap();
        log.guid = g;
        if need_data {
            inner.data_writable = true;
        }
        Ok(())
    }

    /// Commits 4 KiB sector updates through the log.
    fn commit(&self, inner: &mut Inner, writes: Vec<(u64, Vec<u8>)>) -> Result<()> {
        let refs: Vec<(u64, &[u8])> = writes.iter().map(|(o, s)| (*o, s.as_slice())).collect();
        let file_len = inner.file_len;
        let log = inner.log.as_mut().ok_or(Error::ReadOnly)?;
        let r = log.commit(&self.file, file_len, &refs);
        if r.is_err() {
            inner.poisoned = true;
        }
        r
    }

    /// The BAT sectors holding `indices`, as they are in memory now.
    fn bat_sectors(&self, inner: &Inner, indices: &[usize]) -> Vec<(u64, Vec<u8>)> {
        let mut sectors: Vec<u64> = indices
            .iter()
            .map(|&i| (inner.bat_offset + i as u64 * 8) / 4096 * 4096)
            .collect();
        sectors.sort_unstable();
        sectors.dedup();
        sectors
            .into_iter()
            .map(|s| {
                let mut b = vec![0u8; 4096];
                let first = ((s - inner.bat_offset) / 8) as usize;
                for k in 0..512 {
                    if let Some(e) = inner.bat.get(first + k) {
                        put64(&mut b, k * 8, *e);
                    }
                }
                (s, b)
            })
            .collect()
    }

    /// Space for `len` new bytes at the 1 MiB-aligned end of the file.
    fn grow_file(&self, inner: &mut Inner, len: u64) -> Result<u64> {
        let off = inner.file_len.div_ceil(MIB) * MIB;
        self.file.set_len(off + len)?;
        inner.file_len = off + len;
        Ok(off)
    }

    /// Plans a write: allocates what the range needs (through the log) and returns the
    /// file ranges the caller must fill. Call [`Vhdx::complete_write`] once they are
    /// written; until then reads of newly allocated sectors of a differencing disk still
    /// come from the parent.
    pub fn begin_write(&self, offset: u64, len: u64) -> Result<WritePlan> {
        let mut inner = self.inner.lock();
        self.check_range(&inner, offset, len)?;
        self.prepare(&mut inner, true)?;
        let mut plan = WritePlan::default();
        let mut changed: Vec<usize> = Vec::new();
        let mut undo: Vec<(usize, u64)> = Vec::new();
        let old_len = inner.file_len;
        let mut off = offset;
        let end = offset + len;
        let r: Result<()> = (|| {
            while off < end {
                let block = off / self.block_size;
                let within = off % self.block_size;
                let n = (end - off).min(self.block_size - within);
                let idx = self.payload_index(block);
                let e = inner.bat[idx];
                let state = bat_state(e);
                let base = match state {
                    PAYLOAD_FULLY_PRESENT | PAYLOAD_PARTIALLY_PRESENT => bat_offset(e),
                    _ => {
                        let partial = self.has_parent && state == PAYLOAD_NOT_PRESENT;
                        if partial {
                            let sbi = self.bitmap_index(block / self.chunk_ratio);
                            if bat_state(inner.bat[sbi]) != SB_PRESENT {
                                let sb = self.grow_file(&mut inner, SECTOR_BITMAP_BLOCK)?;
                                undo.push((sbi, inner.bat[sbi]));
                                inner.bat[sbi] = bat_entry(SB_PRESENT, sb);
                                changed.push(sbi);
                            }
                        }
                        let at = self.grow_file(&mut inner, self.block_size)?;
                        undo.push((idx, e));
                        let st = if partial {
                            PAYLOAD_PARTIALLY_PRESENT
                        } else {
                            PAYLOAD_FULLY_PRESENT
                        };
                        inner.bat[idx] = bat_entry(st, at);
                        changed.push(idx);
                        at
                    }
                };
                if bat_state(inner.bat[idx]) == PAYLOAD_PARTIALLY_PRESENT {
                    plan.bits
                        .push((block, within / self.logical_sector, n / self.logical_sector));
                }
                plan.ranges.push(WriteRange {
                    virtual_offset: off,
                    file_offset: base + within,
                    len: n,
                });
                off += n;
            }
            Ok(())
        })();
        let r = r.and_then(|_| {
            if changed.is_empty() {
                Ok(())
            } else {
                let sectors = self.bat_sectors(&inner, &changed);
                self.commit(&mut inner, sectors)
            }
        });
        if let Err(e) = r {
            for (i, v) in undo.into_iter().rev() {
                inner.bat[i] = v;
            }
            if inner.file_len != old_len && !inner.poisoned {
                inner.file_len = old_len;
                let _ = self.file.set_len(old_len);
            }
            return Err(e);
        }
        Ok(plan)
    }

    /// Records that a plan's payload is written: marks its sectors present in the
    /// sector bitmaps of a differencing disk (through the log).
    pub fn complete_write(&self, plan: WritePlan) -> Result<()> {
        if plan.bits.is_empty() {
            return Ok(());
        }
        let mut inner = self.inner.lock();
        self.writable(&inner)?;
        let spb = self.sectors_per_block();
        let mut writes: Vec<(u64, Vec<u8>)> = Vec::new();
        let mut full_blocks = Vec::new();
        for &(block, first, count) in &plan.bits {
            let chunk = block / self.chunk_ratio;
            let base = (block % self.chunk_ratio) * spb;
            let sb_off = bat_offset(inner.bat[self.bitmap_index(chunk)]);
            let bm = self.bitmap(&mut inner, chunk)?;
            let mut dirty = Vec::new();
            for s in first..first + count {
                let bit = base + s;
                bm[(bit / 8) as usize] |= 1 << (bit % 8);
                dirty.push(bit / 8 / 4096);
            }
            // A block whose every sector is now here needs no bitmap any more.
            let lo = (base / 8) as usize;
            let hi = ((base + spb) / 8) as usize;
            if bm[lo..hi].iter().all(|&b| b == 0xff) {
                full_blocks.push(block);
            }
            dirty.dedup();
            for d in dirty {
                let sec = bm[(d * 4096) as usize..(d * 4096 + 4096) as usize].to_vec();
                let at = sb_off + d * 4096;
                if let Some(w) = writes.iter_mut().find(|w| w.0 == at) {
                    w.1 = sec;
                } else {
                    writes.push((at, sec));
                }
            }
        }
        let mut idx = Vec::new();
        for b in full_blocks {
            let i = self.payload_index(b);
            let e = inner.bat[i];
            if bat_state(e) == PAYLOAD_PARTIALLY_PRESENT {
                inner.bat[i] = bat_entry(PAYLOAD_FULLY_PRESENT, bat_offset(e));
                idx.push(i);
            }
        }
        writes.extend(self.bat_sectors(&inner, &idx));
        self.commit(&mut inner, writes)
    }

    /// Whole blocks inside the range stop being allocated and read as zeros; their file
    /// space is released. Partial blocks at the edges are left alone (trim is advisory).
    /// Fixed disks keep their blocks (LeaveBlockAllocated).
    pub fn trim(&self, offset: u64, len: u64) -> Result<u64> {
        let mut inner = self.inner.lock();
        self.check_range(&inner, offset, len)?;
        if self.leave_allocated {
            return Ok(0);
        }
        let first = offset.div_ceil(self.block_size);
        let last = (offset + len) / self.block_size;
        let end_is_disk_end = offset + len == inner.virtual_size;
        let last = if end_is_disk_end {
            inner.virtual_size.div_ceil(self.block_size)
        } else {
            last
        };
        if first >= last {
            return Ok(0);
        }
        let new_state = if self.has_parent {
            PAYLOAD_ZERO
        } else {
            PAYLOAD_NOT_PRESENT
        };
        let mut changed = Vec::new();
        let mut freed = Vec::new();
        let mut old = Vec::new();
        for b in first..last {
            let i = self.payload_index(b);
            let e = inner.bat[i];
            let s = bat_state(e);
            if s == new_state {
                continue;
            }
            if s == PAYLOAD_FULLY_PRESENT || s == PAYLOAD_PARTIALLY_PRESENT {
                freed.push(bat_offset(e));
            }
            old.push((i, e));
            changed.push(i);
        }
        if changed.is_empty() {
            return Ok(0);
        }
        self.prepare(&mut inner, true)?;
        for &i in &changed {
            inner.bat[i] = bat_entry(new_state, 0);
        }
        let sectors = self.bat_sectors(&inner, &changed);
        if let Err(e) = self.commit(&mut inner, sectors) {
            for (i, v) in old {
                inner.bat[i] = v;
            }
            return Err(e);
        }
        drop(inner);
        for f in &freed {
            self.file.punch_hole(*f, self.block_size)?;
        }
        Ok(changed.len() as u64 * self.block_size)
    }

    /// Virtual ranges whose data this file holds (not zeros, not the parent's).
    pub fn allocated_ranges(&self, offset: u64, len: u64) -> Result<Vec<(u64, u64)>> {
        let mut out: Vec<(u64, u64)> = Vec::new();
        let mut pieces = Vec::new();
        self.resolve_read_into(offset, len, &mut pieces)?;
        let mut v = offset;
        for p in pieces {
            if let ReadRange::File { len, .. } = p {
                match out.last_mut() {
                    Some(l) if l.0 + l.1 == v => l.1 += len,
                    _ => out.push((v, len)),
                }
            }
            v += p.len();
        }
        Ok(out)
    }

    /// Grows the virtual disk. New space reads as zeros (or from the parent).
    pub fn resize(&self, new_size: u64) -> Result<()> {
        let mut inner = self.inner.lock();
        self.writable(&inner)?;
        if !new_size.is_multiple_of(self.logical_sector) || new_size > MAX_VIRTUAL_SIZE {
            return Err(Error::InvalidArgument(format!(
                "{new_size} is not a multiple of the {} byte sector or exceeds 64 TiB",
                self.logical_sector
            )));
        }
        if new_size < inner.virtual_size {
            return Err(Error::InvalidArgument(format!(
                "shrinking from {} to {new_size} bytes is not supported",
                inner.virtual_size
            )));
        }
        if new_size == inner.virtual_size {
            return Ok(());
        }
        self.prepare(&mut inner, true)?;
        let old_entries = inner.bat.len();
        let entries =
            bat_entries(new_size, self.block_size, self.chunk_ratio, self.has_parent) as usize;
        let mut bat = inner.bat.clone();
        bat.resize(entries, 0);
        if self.leave_allocated {
            let old_blocks = inner.virtual_size.div_ceil(self.block_size);
            let new_blocks = new_size.div_ceil(self.block_size);
            if new_blocks > old_blocks {
                let at = self.grow_file(&mut inner, (new_blocks - old_blocks) * self.block_size)?;
                for (k, b) in (old_blocks..new_blocks).enumerate() {
                    let i = self.payload_index(b);
                    bat[i] = bat_entry(PAYLOAD_FULLY_PRESENT, at + k as u64 * self.block_size);
                }
            }
        }
        let need = (entries as u64 * 8).div_ceil(MIB) * MIB;
        let mut writes: Vec<(u64, Vec<u8>)> = Vec::new();
        let mut new_regions = None;
        let bat_offset = if need > inner.bat_length {
            if need > MAX_BAT_BYTES {
                return Err(Error::InvalidArgument(format!(
                    "a {new_size} byte disk needs a BAT of {need} bytes"
                )));
            }
            // A new, larger BAT at the end of the file, written before the region
            // tables that point at it.
            let at = self.grow_file(&mut inner, need)?;
            let mut regions = inner.regions.clone();
            for r in regions.iter_mut() {
                if r.guid == BAT_REGION {
                    r.file_offset = at;
                    r.length = need as u32;
                }
            }
            let table = encode_region_table(&regions);
            for (i, c) in table.chunks(4096).enumerate() {
                writes.push((REGION1_OFFSET + i as u64 * 4096, c.to_vec()));
                writes.push((REGION2_OFFSET + i as u64 * 4096, c.to_vec()));
            }
            new_regions = Some((regions, need));
            at
        } else {
            inner.bat_offset
        };
        // Entries past the old count are not live yet: write them (or the whole new
        // table) directly; the log entry below makes them live.
        let bytes: Vec<u8> = bat.iter().flat_map(|e| e.to_le_bytes()).collect();
        let from = if new_regions.is_some() {
            0
        } else {
            old_entries / 512 * 512
        };
        let start = from * 8;
        let mut tail = bytes[start..].to_vec();
        tail.resize(tail.len().div_ceil(4096) * 4096, 0);
        self.file.write_at(&tail, bat_offset + start as u64)?;
        // The virtual size item, patched in its sector.
        let e = inner
            .meta_entries
            .iter()
            .find(|e| e.item == VIRTUAL_DISK_SIZE && e.flags & META_IS_USER == 0)
            .cloned()
            .ok_or_else(|| corrupt("metadata: no virtual disk size item"))?;
        let abs = inner.meta_offset + e.offset as u64;
        let sec = abs / 4096 * 4096;
        if (abs + 8).div_ceil(4096) * 4096 - sec > 4096 {
            return Err(Error::Unsupported(
                "the virtual disk size item straddles a 4 KiB boundary".into(),
            ));
        }
        let mut s = read_meta(&self.file, &inner.overlay, sec, 4096)?;
        put64(&mut s, (abs - sec) as usize, new_size);
        writes.push((sec, s));
        self.commit(&mut inner, writes)?;
        inner.bat = bat;
        inner.virtual_size = new_size;
        if let Some((regions, need)) = new_regions {
            inner.regions = regions;
            inner.bat_offset = bat_offset;
            inner.bat_length = need;
        }
        Ok(())
    }

    /// Flushes the file (payload written by the caller and metadata alike).
    pub fn flush(&self) -> Result<()> {
        self.file.flush()?;
        Ok(())
    }

    /// Ends the session: the log is emptied (LogGuid = 0) so the file is clean.
    pub fn close(self) -> Result<()> {
        self.close_ref()
    }

    fn close_ref(&self) -> Result<()> {
        let mut inner = self.inner.lock();
        if inner.poisoned || self.read_only {
            return Ok(());
        }
        let active = inner.log.as_ref().is_some_and(|l| !l.guid.is_zero());
        if !active {
            return Ok(());
        }
        self.file.flush()?;
        let mut h = inner.header.clone();
        h.log_guid = Guid::ZERO;
        self.write_header(&mut inner, h)?;
        if let Some(l) = inner.log.as_mut() {
            l.guid = Guid::ZERO;
        }
        Ok(())
    }

    pub fn info(&self) -> Result<Info> {
        let inner = self.inner.lock();
        let mut counts: HashMap<&'static str, u64> = HashMap::new();
        let mut sb = 0;
        let mut allocated = 0;
        let blocks = inner.virtual_size.div_ceil(self.block_size);
        for b in 0..blocks {
            let s = bat_state(inner.bat[self.payload_index(b)]);
            *counts.entry(state_name(s)).or_default() += 1;
            if s == PAYLOAD_FULLY_PRESENT || s == PAYLOAD_PARTIALLY_PRESENT {
                allocated += self.block_size;
            }
        }
        if self.has_parent {
            for c in 0..blocks.div_ceil(self.chunk_ratio) {
                if bat_state(inner.bat[self.bitmap_index(c)]) == SB_PRESENT {
                    sb += 1;
                }
            }
        }
        let mut block_states: Vec<_> = counts.into_iter().collect();
        block_states.sort();
        Ok(Info {
            kind: if self.has_parent {
                "differencing"
            } else if self.leave_allocated {
                "fixed"
            } else {
                "dynamic"
            },
            virtual_size: inner.virtual_size,
            block_size: self.block_size as u32,
            logical_sector_size: self.logical_sector as u32,
            physical_sector_size: self.physical_sector,
            chunk_ratio: self.chunk_ratio,
            page83: self.page83,
            file_size: inner.file_len,
            header_sequence: inner.header.sequence,
            header_slot: inner.slot + 1,
            file_write_guid: inner.header.file_write_guid,
            data_write_guid: inner.header.data_write_guid,
            log_guid: inner.header.log_guid,
            log_offset: inner.header.log_offset,
            log_length: inner.header.log_length,
            bat_offset: inner.bat_offset,
            bat_length: inner.bat_length,
            bat_entries: inner.bat.len() as u64,
            metadata_offset: inner.meta_offset,
            metadata_length: inner.meta_length,
            payload_blocks: blocks,
            block_states,
            sector_bitmaps_present: sb,
            allocated_bytes: allocated,
            parent_locator: self
                .parent_locator
                .as_ref()
                .map(|p| p.entries.clone())
                .unwrap_or_default(),
            leave_block_allocated: self.leave_allocated,
            replayed_log_entries: inner.replayed,
        })
    }

    /// Deeper checks than open makes: every partially present block has its sector
    /// bitmap, and a fixed disk has every block present. Returns the problems found.
    pub fn check(&self) -> Result<Vec<String>> {
        let inner = self.inner.lock();
        let mut problems = Vec::new();
        let blocks = inner.virtual_size.div_ceil(self.block_size);
        for b in 0..blocks {
            let e = inner.bat[self.payload_index(b)];
            let s = bat_state(e);
            if s == PAYLOAD_PARTIALLY_PRESENT
                && bat_state(inner.bat[self.bitmap_index(b / self.chunk_ratio)]) != SB_PRESENT
            {
                problems.push(format!(
                    "block {b} is partially present but its chunk has no sector bitmap"
                ));
            }
            if matches!(s, PAYLOAD_NOT_PRESENT | PAYLOAD_ZERO | PAYLOAD_UNDEFINED)
                && bat_offset(e) != 0
            {
                problems.push(format!(
                    "block {b} is {} but carries file offset {}",
                    state_name(s),
                    bat_offset(e)
                ));
            }
        }
        if !self.read_only
            && !inner.header.log_guid.is_zero()
            && inner.log.as_ref().is_some_and(|l| l.guid.is_zero())
        {
            problems.push("the header names a log this open did not replay".into());
        }
        if !inner.overlay.is_empty() {
            problems.push(format!(
                "the log holds {} entries that have not been replayed",
                inner.replayed
            ));
        }
        Ok(problems)
    }
}

impl<S: Storage> Drop for Vhdx<S> {
    fn drop(&mut self) {
        let _ = self.close_ref();
    }
}

trait OptGt {
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
