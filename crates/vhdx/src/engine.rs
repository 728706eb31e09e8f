//! The open disk: validation on open, mapping, allocation, trim, resize and close.

mod open;
mod shared;
mod write;

pub use shared::MetaOwner;
use shared::Role;

use open::{read_meta, OptGt};
mod check;

use crate::format::*;
use crate::log::LogWriter;
use crate::{Error, Result, Storage};
use parking_lot::Mutex;
use std::collections::HashMap;
use std::sync::Arc;

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
    /// Whether this engine may change the metadata (see `shared.rs`).
    role: Role,
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
    /// Writes add nothing a reader could tell apart (see [`Vhdx::keep_data_identity`]).
    same_data: bool,
    /// One of several engines over the file: who says which may change its metadata.
    shared: Option<Arc<dyn MetaOwner>>,
    /// Its file is no longer the disk's (see [`Vhdx::supersede`]).
    superseded: std::sync::atomic::AtomicBool,
    inner: Mutex<Inner>,
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
        self.current()?;
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
            let e = self.entry(&mut inner, block)?;
            match bat_state(e) {
                PAYLOAD_FULLY_PRESENT => push(ReadRange::File {
                    file_offset: bat_offset(e) + within,
                    len: n,
                }),
                PAYLOAD_PARTIALLY_PRESENT => {
                    let chunk = block / self.chunk_ratio;
                    let base = (block % self.chunk_ratio) * self.sectors_per_block();
                    let ls = self.logical_sector;
                    let (first, last) = (within / ls, (within + n) / ls);
                    self.refresh_bits(&mut inner, chunk, base + first, base + last)?;
                    let bm = self.bitmap(&mut inner, chunk)?;
                    let mut s = first;
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

    /// Virtual ranges this file decides (not left to its parent): what was written or
    /// trimmed in it. For a disk without a parent, its allocated ranges. Clipped to the
    /// virtual size.
    pub fn own_ranges(&self, offset: u64, len: u64) -> Result<Vec<(u64, u64)>> {
        let end = offset.saturating_add(len).min(self.virtual_size());
        if offset >= end {
            return Ok(Vec::new());
        }
        if !self.has_parent {
            return self.allocated_ranges(offset, end - offset);
        }
        let mut out: Vec<(u64, u64)> = Vec::new();
        let mut v = offset;
        for p in self.resolve_read(offset, end - offset)? {
            if !matches!(p, ReadRange::Parent { .. }) {
                match out.last_mut() {
                    Some(l) if l.0 + l.1 == v => l.1 += p.len(),
                    _ => out.push((v, p.len())),
                }
            }
            v += p.len();
        }
        Ok(out)
    }

    /// Ends this open's session now (as [`Vhdx::close`] does) while keeping the file
    /// open to read: for a file that becomes a parent and is not written again.
    pub fn end_session(&self) -> Result<()> {
        self.close_ref()
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
        self.end_locked(&mut self.inner.lock())
    }

    /// Ends this engine's session of the file, if it has one: flushed, its log emptied.
    fn end_locked(&self, inner: &mut Inner) -> Result<()> {
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
        self.write_header(inner, h)?;
        if let Some(l) = inner.log.as_mut() {
            l.guid = Guid::ZERO;
        }
        Ok(())
    }
}

impl<S: Storage> Drop for Vhdx<S> {
    fn drop(&mut self) {
        let _ = self.close_ref();
    }
}
