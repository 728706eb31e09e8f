//! Creating new disks: fixed, dynamic and differencing.

use crate::engine::bat_entries;
use crate::format::*;
use crate::{Error, Result, Storage};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiskKind {
    Fixed,
    Dynamic,
    Differencing,
}

#[derive(Clone, Debug)]
pub struct CreateParams {
    pub kind: DiskKind,
    pub virtual_size: u64,
    pub block_size: u32,
    pub logical_sector: u32,
    pub physical_sector: u32,
    pub log_size: u32,
    /// The SCSI identity (page 83); random when `None`.
    pub page83: Option<Guid>,
    /// For a differencing disk: the parent's DataWriteGuid and the locator.
    pub parent: Option<(Guid, ParentLocator)>,
}

impl CreateParams {
    /// Hyper-V's defaults: 32 MiB blocks, 512-byte logical and 4 KiB physical sectors.
    pub fn new(kind: DiskKind, virtual_size: u64) -> CreateParams {
        CreateParams {
            kind,
            virtual_size,
            block_size: 32 * MIB as u32,
            logical_sector: 512,
            physical_sector: 4096,
            log_size: MIB as u32,
            page83: None,
            parent: None,
        }
    }
}

fn invalid(s: String) -> Error {
    Error::InvalidArgument(s)
}

/// Writes a new disk into `file`, which should be empty.
pub fn create<S: Storage + ?Sized>(file: &S, p: &CreateParams) -> Result<()> {
    check(p)?;
    let at = Layout::of(p);
    let meta = metadata(p, at.meta_len)?;
    let (bat, file_end) = bat(p, &at);
    write_disk(file, &at, &meta, &bat, file_end)
}

/// Refuses parameters no disk can have.
fn check(p: &CreateParams) -> Result<()> {
    let bs = p.block_size as u64;
    if !bs.is_power_of_two() || !(MIB..=256 * MIB).contains(&bs) {
        return Err(invalid(format!(
            "block size {bs} is not a power of two from 1 MiB to 256 MiB"
        )));
    }
    for (name, v) in [
        ("logical", p.logical_sector),
        ("physical", p.physical_sector),
    ] {
        if v != 512 && v != 4096 {
            return Err(invalid(format!(
                "{name} sector size {v} is neither 512 nor 4096"
            )));
        }
    }
    let ls = p.logical_sector as u64;
    if p.virtual_size == 0
        || !p.virtual_size.is_multiple_of(ls)
        || p.virtual_size > MAX_VIRTUAL_SIZE
    {
        return Err(invalid(format!(
            "virtual size {} must be a nonzero multiple of {ls} up to 64 TiB",
            p.virtual_size
        )));
    }
    let log_size = p.log_size as u64;
    if log_size == 0 || !log_size.is_multiple_of(MIB) || log_size > MAX_LOG_LENGTH {
        return Err(invalid(format!(
            "log size {log_size} must be a nonzero 1 MiB multiple"
        )));
    }
    let has_parent = p.kind == DiskKind::Differencing;
    if has_parent != p.parent.is_some() {
        return Err(invalid(
            "a differencing disk, and only it, needs a parent".into(),
        ));
    }
    Ok(())
}

/// Where a new disk's regions go: the headers, the log, the metadata, the BAT, then the
/// payload blocks.
struct Layout {
    bs: u64,
    chunk_ratio: u64,
    log_size: u64,
    log_offset: u64,
    meta_offset: u64,
    meta_len: u64,
    bat_offset: u64,
    bat_len: u64,
    payload: u64,
}

impl Layout {
    fn of(p: &CreateParams) -> Layout {
        let bs = p.block_size as u64;
        let ls = p.logical_sector as u64;
        let log_size = p.log_size as u64;
        let has_parent = p.kind == DiskKind::Differencing;
        let chunk_ratio = (1u64 << 23) * ls / bs;
        let entries = bat_entries(p.virtual_size, bs, chunk_ratio, has_parent);
        let bat_len = (entries * 8).div_ceil(MIB).max(1) * MIB;

        let log_offset = HEADER_AREA;
        let meta_offset = log_offset + log_size;
        let meta_len = MIB;
        let bat_offset = meta_offset + meta_len;
        let payload = bat_offset + bat_len;
        Layout {
            bs,
            chunk_ratio,
            log_size,
            log_offset,
            meta_offset,
            meta_len,
            bat_offset,
            bat_len,
            payload,
        }
    }
}

/// The metadata items of a new disk: (item, data, flags).
fn metadata_items(p: &CreateParams) -> Vec<(Guid, Vec<u8>, u32)> {
    let mut items: Vec<(Guid, Vec<u8>, u32)> = Vec::new();
    let mut fp = vec![0u8; 8];
    put32(&mut fp, 0, p.block_size);
    let flags = match p.kind {
        DiskKind::Fixed => 1,
        DiskKind::Dynamic => 0,
        DiskKind::Differencing => 2,
    };
    put32(&mut fp, 4, flags);
    items.push((FILE_PARAMETERS, fp, META_IS_REQUIRED));
    items.push((
        VIRTUAL_DISK_SIZE,
        p.virtual_size.to_le_bytes().to_vec(),
        META_IS_REQUIRED | META_IS_VIRTUAL_DISK,
    ));
    items.push((
        PAGE83_DATA,
        p.page83.unwrap_or_else(Guid::random).0.to_vec(),
        META_IS_REQUIRED | META_IS_VIRTUAL_DISK,
    ));
    items.push((
        LOGICAL_SECTOR_SIZE,
        p.logical_sector.to_le_bytes().to_vec(),
        META_IS_REQUIRED | META_IS_VIRTUAL_DISK,
    ));
    items.push((
        PHYSICAL_SECTOR_SIZE,
        p.physical_sector.to_le_bytes().to_vec(),
        META_IS_REQUIRED | META_IS_VIRTUAL_DISK,
    ));
    if let Some((_, loc)) = &p.parent {
        items.push((PARENT_LOCATOR, loc.encode(), META_IS_REQUIRED));
    }
    items
}

/// The metadata region: table, then the items from 64 KiB on.
fn metadata(p: &CreateParams, meta_len: u64) -> Result<Vec<u8>> {
    let mut meta = vec![0u8; meta_len as usize];
    let items = metadata_items(p);
    let mut entries_tbl = Vec::new();
    let mut at = METADATA_TABLE_SIZE;
    for (g, data, flags) in &items {
        if at + data.len() > meta.len() {
            return Err(invalid("the parent locator is too large".into()));
        }
        meta[at..at + data.len()].copy_from_slice(data);
        entries_tbl.push(MetadataEntry {
            item: *g,
            offset: at as u32,
            length: data.len() as u32,
            flags: *flags,
        });
        // Keep items 8-byte aligned so none straddles a sector by accident.
        at += data.len().div_ceil(8) * 8;
    }
    meta[..METADATA_TABLE_SIZE].copy_from_slice(&encode_metadata_table(&entries_tbl));
    Ok(meta)
}

/// The BAT, and where the file ends: a fixed disk has every block present after the BAT.
fn bat(p: &CreateParams, at: &Layout) -> (Vec<u8>, u64) {
    let (bs, payload) = (at.bs, at.payload);
    let blocks = p.virtual_size.div_ceil(bs);
    let mut bat = vec![0u8; at.bat_len as usize];
    let mut file_end = payload;
    if p.kind == DiskKind::Fixed {
        for b in 0..blocks {
            let i = b + b / at.chunk_ratio;
            put64(
                &mut bat,
                (i * 8) as usize,
                bat_entry(PAYLOAD_FULLY_PRESENT, payload + b * bs),
            );
        }
        file_end = payload + blocks * bs;
    }
    (bat, file_end)
}

/// Writes the regions, the region tables and the headers, then the file identifier.
fn write_disk<S: Storage + ?Sized>(
    file: &S,
    at: &Layout,
    meta: &[u8],
    bat: &[u8],
    file_end: u64,
) -> Result<()> {
    let regions = encode_region_table(&[
        RegionEntry {
            guid: BAT_REGION,
            file_offset: at.bat_offset,
            length: at.bat_len as u32,
            required: true,
        },
        RegionEntry {
            guid: METADATA_REGION,
            file_offset: at.meta_offset,
            length: at.meta_len as u32,
            required: true,
        },
    ]);

    file.set_len(file_end)?;
    file.write_at(meta, at.meta_offset)?;
    file.write_at(bat, at.bat_offset)?;
    file.write_at(&regions, REGION1_OFFSET)?;
    file.write_at(&regions, REGION2_OFFSET)?;
    let data_write_guid = Guid::random();
    let mut h = Header {
        sequence: 1,
        file_write_guid: Guid::random(),
        data_write_guid,
        log_guid: Guid::ZERO,
        log_version: 0,
        version: 1,
        log_length: at.log_size as u32,
        log_offset: at.log_offset,
    };
    file.write_at(&h.encode(), HEADER1_OFFSET)?;
    h.sequence = 2;
    file.write_at(&h.encode(), HEADER2_OFFSET)?;
    file.flush()?;
    // The identifier last: a file cut short by a crash is not mistaken for a disk.
    let mut id = vec![0u8; 64 * 1024];
    id[..8].copy_from_slice(FILE_ID_SIG);
    for (i, u) in "smbdirectd".encode_utf16().enumerate() {
        put16(&mut id, 8 + i * 2, u);
    }
    file.write_at(&id, 0)?;
    file.flush()?;
    Ok(())
}
