//! The write path: data block allocation, sector bitmaps, BAT updates through the log,
//! trim (unmap), resize, and the header update that marks the file as being written.

use super::shared::{Need, Role};
use super::{bat_entries, corrupt, read_meta, Inner, Vhdx, WritePlan, WriteRange};
use crate::format::*;
use crate::{Error, Result, Storage};

impl<S: Storage> Vhdx<S> {
    pub(super) fn writable(&self, inner: &Inner) -> Result<()> {
        if self.read_only {
            return Err(Error::ReadOnly);
        }
        if inner.poisoned {
            return Err(Error::Poisoned);
        }
        Ok(())
    }

    pub(super) fn write_header(&self, inner: &mut Inner, h: Header) -> Result<()> {
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
    pub(super) fn prepare(&self, inner: &mut Inner, data: bool) -> Result<()> {
        self.writable(inner)?;
        // A follower writes data in place, and nothing else (see `shared.rs`).
        if inner.role == Role::Follower {
            return match data {
                true => Ok(()),
                false => Err(Error::Unsupported(
                    "a change of the metadata by an engine that does not own it".into(),
                )),
            };
        }
        let log = inner.log.as_ref().ok_or(Error::ReadOnly)?;
        let need_log = log.guid.is_zero();
        let need_data = data && !inner.data_writable && !self.same_data;
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

    /// Declares that the writes of this open add nothing a reader of the disk could tell
    /// apart from what it shows already: a merge copying into a differencing disk what
    /// its parent shows through it. The DataWriteGuid, by which the disk's own children
    /// are linked to it, then stays.
    pub fn keep_data_identity(&mut self) {
        self.same_data = true;
    }

    /// Points a differencing disk at another parent, which must show what the present
    /// one shows wherever this disk reads through it (the present parent merged into
    /// this disk, and the locator of the present parent's own parent given): the parent
    /// locator item is replaced in one log entry, in place when it fits there, else
    /// after the last item of the metadata region.
    pub fn set_parent_locator(&mut self, loc: ParentLocator) -> Result<()> {
        if !self.has_parent {
            return Err(Error::InvalidArgument("not a differencing disk".into()));
        }
        if loc.get("parent_linkage").and_then(Guid::parse).is_none() {
            return Err(Error::InvalidArgument(
                "a parent locator without a parent_linkage".into(),
            ));
        }
        let data = loc.encode();
        let mut inner = self.lock_to_write(None)?;
        self.prepare(&mut inner, false)?;
        let i = inner
            .meta_entries
            .iter()
            .position(|e| e.item == PARENT_LOCATOR && e.flags & META_IS_USER == 0)
            .ok_or_else(|| corrupt("metadata: no parent locator item"))?;
        let old = inner.meta_entries[i].clone();
        let len = data.len() as u64;
        let (at, clear_end) = if len <= u64::from(old.length) {
            let at = u64::from(old.offset);
            (at, at + u64::from(old.length))
        } else {
            let end = inner
                .meta_entries
                .iter()
                .map(|e| u64::from(e.offset) + u64::from(e.length))
                .max()
                .unwrap_or(0)
                .max(METADATA_TABLE_SIZE as u64)
                .div_ceil(8)
                * 8;
            (end, end + len)
        };
        if clear_end > inner.meta_length || at > u64::from(u32::MAX) {
            return Err(Error::Unsupported(
                "the metadata region has no room for the new parent locator".into(),
            ));
        }
        // The item's sectors (what the old item leaves beyond the new one zeroed), then
        // the sector of its table entry.
        let (lo, hi) = (inner.meta_offset + at, inner.meta_offset + clear_end);
        let mut writes: Vec<(u64, Vec<u8>)> = Vec::new();
        let mut sec = lo / 4096 * 4096;
        while sec < hi {
            let mut b = read_meta(&self.file, &inner.overlay, sec, 4096)?;
            for (k, byte) in b.iter_mut().enumerate() {
                let p = sec + k as u64;
                if (lo..hi).contains(&p) {
                    *byte = data.get((p - lo) as usize).copied().unwrap_or(0);
                }
            }
            writes.push((sec, b));
            sec += 4096;
        }
        let entry = inner.meta_offset + 32 + i as u64 * 32;
        let tsec = entry / 4096 * 4096;
        let k = match writes.iter().position(|w| w.0 == tsec) {
            Some(k) => k,
            None => {
                writes.push((tsec, read_meta(&self.file, &inner.overlay, tsec, 4096)?));
                writes.len() - 1
            }
        };
        let within = (entry - tsec) as usize;
        put32(&mut writes[k].1, within + 16, at as u32);
        put32(&mut writes[k].1, within + 20, len as u32);
        self.commit(&mut inner, writes)?;
        inner.meta_entries[i].offset = at as u32;
        inner.meta_entries[i].length = len as u32;
        drop(inner);
        self.parent_locator = Some(loc);
        Ok(())
    }

    /// Commits 4 KiB sector updates through the log.
    pub(super) fn commit(&self, inner: &mut Inner, writes: Vec<(u64, Vec<u8>)>) -> Result<()> {
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
    pub(super) fn bat_sectors(&self, inner: &Inner, indices: &[usize]) -> Vec<(u64, Vec<u8>)> {
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
    pub(super) fn grow_file(&self, inner: &mut Inner, len: u64) -> Result<u64> {
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
        let mut inner = self.lock_to_write(Some(Need::InPlace(offset, len)))?;
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

    /// Where a write of the range goes when it changes nothing of the disk's metadata:
    /// its file offset, when the range lies whole in one fully present block (every
    /// block of a fixed disk). The disk is marked written first (its DataWriteGuid), as
    /// [`Vhdx::begin_write`] marks it; the caller then writes the bytes there itself
    /// (with its own I/O engine), and nothing is to be completed. None when the write
    /// must allocate a block or mark sectors present: [`Vhdx::begin_write`]'s work.
    pub fn write_in_place(&self, offset: u64, len: u64) -> Result<Option<u64>> {
        self.current()?;
        let mut inner = self.inner.lock();
        self.check_range(&inner, offset, len)?;
        let within = offset % self.block_size;
        if len == 0 || within + len > self.block_size {
            return Ok(None);
        }
        let e = self.entry(&mut inner, offset / self.block_size)?;
        if bat_state(e) != PAYLOAD_FULLY_PRESENT {
            return Ok(None);
        }
        self.prepare(&mut inner, true)?;
        Ok(Some(bat_offset(e) + within))
    }

    /// Records that a plan's payload is written: marks its sectors present in the
    /// sector bitmaps of a differencing disk (through the log).
    pub fn complete_write(&self, plan: WritePlan) -> Result<()> {
        if plan.bits.is_empty() {
            return Ok(());
        }
        // (One of several engines marks sectors present as the owner: taken again
        // should another engine have taken it since the plan was made. The plan's
        // blocks are where they were: a block, once present, stays.)
        let mut inner = self.lock_to_write(None)?;
        self.prepare(&mut inner, true)?;
        let spb = self.sectors_per_block();
        let mut writes: Vec<(u64, Vec<u8>)> = Vec::new();
        let mut full_blocks = Vec::new();
        for &(block, first, count) in &plan.bits {
            let chunk = block / self.chunk_ratio;
            // (Past the end now: another engine shrank the disk since the plan.)
            if self.bitmap_index(chunk) >= inner.bat.len() {
                continue;
            }
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
    /// Disks that keep their blocks (LeaveBlockAllocated, fixed disks) are left as they
    /// are. Returns the bytes of the blocks released.
    /// One of several engines over the file zeros the blocks in place instead (see
    /// `shared.rs`: a block stays where it is).
    pub fn trim(&self, offset: u64, len: u64) -> Result<u64> {
        if self.leave_allocated {
            self.check_range(&self.inner.lock(), offset, len)?;
            return Ok(0);
        }
        if self.is_shared() {
            return self.zero_in_place(offset, len);
        }
        self.release(offset, len)
    }

    /// Whole blocks inside the range read as zeros from then on, whatever the disk: on
    /// a fixed disk their data is zeroed in place (the blocks stay), on others they
    /// are released as [`Vhdx::trim`] releases them. Partial blocks at the edges are left
    /// alone (the caller writes zeros there). Returns the bytes of the blocks changed.
    pub fn zero(&self, offset: u64, len: u64) -> Result<u64> {
        if !self.is_fixed() && !self.is_shared() {
            return self.release(offset, len);
        }
        self.zero_in_place(offset, len)
    }

    /// Zeros the present blocks whole inside the range where they are. A differencing
    /// disk's other blocks there (its parent's data, or partly) are marked zero: by the
    /// owner, among several engines, and their space kept (a block stays where it is).
    fn zero_in_place(&self, offset: u64, len: u64) -> Result<u64> {
        let mut inner = self.lock_to_write(Some(Need::Data))?;
        self.check_range(&inner, offset, len)?;
        let (first, last) = self.whole_blocks(&inner, offset, len);
        let shows_parent = |s| !matches!(s, PAYLOAD_FULLY_PRESENT | PAYLOAD_ZERO);
        if self.has_parent && inner.role == Role::Follower {
            let mut any = false;
            for b in first..last {
                any |= shows_parent(bat_state(self.entry(&mut inner, b)?));
            }
            if any {
                drop(inner);
                inner = self.lock_to_write(None)?;
            }
        }
        let mut held = Vec::new();
        let mut marks = Vec::new();
        for b in first..last {
            let e = self.entry(&mut inner, b)?;
            match bat_state(e) {
                PAYLOAD_FULLY_PRESENT => held.push(bat_offset(e)),
                s if self.has_parent && shows_parent(s) => marks.push(self.payload_index(b)),
                _ => {}
            }
        }
        if held.is_empty() && marks.is_empty() {
            return Ok(0);
        }
        self.prepare(&mut inner, true)?;
        if !marks.is_empty() {
            self.set_entries(&mut inner, &marks, bat_entry(PAYLOAD_ZERO, 0))?;
        }
        drop(inner);
        for &f in &held {
            self.file.zero_range(f, self.block_size)?;
        }
        Ok((held.len() + marks.len()) as u64 * self.block_size)
    }

    /// Sets the BAT entries `indices` to `entry` through the log (as they were again
    /// if that fails).
    fn set_entries(&self, inner: &mut Inner, indices: &[usize], entry: u64) -> Result<()> {
        let old: Vec<u64> = indices.iter().map(|&i| inner.bat[i]).collect();
        for &i in indices {
            inner.bat[i] = entry;
        }
        let sectors = self.bat_sectors(inner, indices);
        self.commit(inner, sectors).inspect_err(|_| {
            for (&i, v) in indices.iter().zip(old) {
                inner.bat[i] = v;
            }
        })
    }

    /// The blocks whole inside the range (the last one also when the range ends at the
    /// disk's end), as first..last.
    fn whole_blocks(&self, inner: &Inner, offset: u64, len: u64) -> (u64, u64) {
        let first = offset.div_ceil(self.block_size);
        let last = if offset + len == inner.virtual_size {
            inner.virtual_size.div_ceil(self.block_size)
        } else {
            (offset + len) / self.block_size
        };
        (first, last)
    }

    /// Releases the blocks whole inside the range (see [`Vhdx::trim`]), whatever
    /// LeaveBlockAllocated says.
    fn release(&self, offset: u64, len: u64) -> Result<u64> {
        let mut inner = self.inner.lock();
        self.check_range(&inner, offset, len)?;
        let (first, last) = self.whole_blocks(&inner, offset, len);
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
            changed.push(i);
        }
        if changed.is_empty() {
            return Ok(0);
        }
        self.prepare(&mut inner, true)?;
        self.set_entries(&mut inner, &changed, bat_entry(new_state, 0))?;
        drop(inner);
        for f in &freed {
            self.file.punch_hole(*f, self.block_size)?;
        }
        Ok(changed.len() as u64 * self.block_size)
    }

    /// Grows or shrinks the virtual disk. Space a grow adds reads as zeros (or from the
    /// parent). A shrink drops the data past the new end and releases the blocks that
    /// held it; the caller decides whether that data mattered (see `rsvd`'s safe size).
    pub fn resize(&self, new_size: u64) -> Result<()> {
        let mut inner = self.lock_to_write(None)?;
        self.writable(&inner)?;
        if new_size == 0
            || !new_size.is_multiple_of(self.logical_sector)
            || new_size > MAX_VIRTUAL_SIZE
        {
            return Err(Error::InvalidArgument(format!(
                "{new_size} is zero, not a multiple of the {} byte sector or exceeds 64 TiB",
                self.logical_sector
            )));
        }
        if new_size == inner.virtual_size {
            return Ok(());
        }
        let freed = match new_size < inner.virtual_size {
            true => self.shrink(&mut inner, new_size)?,
            false => {
                self.grow(&mut inner, new_size)?;
                Vec::new()
            }
        };
        // Several engines: the others read the new layout (size, BAT) before this one
        // changes anything more, and before the space a shrink let go is released.
        // (Should one not answer, the resize stands: it is in the file.)
        if let Some(owner) = &self.shared {
            let _ = owner.reshaped();
        }
        drop(inner);
        for (at, len) in freed {
            self.file.punch_hole(at, len)?;
        }
        Ok(())
    }

    /// Grows the virtual disk to `new_size` (larger than now).
    fn grow(&self, inner: &mut Inner, new_size: u64) -> Result<()> {
        self.prepare(inner, true)?;
        let old_entries = inner.bat.len();
        let entries =
            bat_entries(new_size, self.block_size, self.chunk_ratio, self.has_parent) as usize;
        let mut bat = inner.bat.clone();
        bat.resize(entries, 0);
        if self.leave_allocated {
            let old_blocks = inner.virtual_size.div_ceil(self.block_size);
            let new_blocks = new_size.div_ceil(self.block_size);
            if new_blocks > old_blocks {
                let at = self.grow_file(inner, (new_blocks - old_blocks) * self.block_size)?;
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
            let at = self.grow_file(inner, need)?;
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
        writes.push(self.size_item(inner, new_size)?);
        self.commit(inner, writes)?;
        inner.bat = bat;
        inner.virtual_size = new_size;
        if let Some((regions, need)) = new_regions {
            inner.regions = regions;
            inner.bat_offset = bat_offset;
            inner.bat_length = need;
        }
        Ok(())
    }

    /// The metadata sector holding the virtual size item, with `new_size` in it.
    fn size_item(&self, inner: &Inner, new_size: u64) -> Result<(u64, Vec<u8>)> {
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
        Ok((sec, s))
    }

    /// Shrinks to `new_size` (smaller than now): zeros the cut-off tail of the last block
    /// that stays, so a later grow shows nothing old, then drops the blocks past the end
    /// and the size item in one log entry. Returns the file
    /// ranges to release once the lock is gone.
    fn shrink(&self, inner: &mut Inner, new_size: u64) -> Result<Vec<(u64, u64)>> {
        if self.has_parent {
            // Its sector bitmaps would keep bits for the dropped blocks; and a child
            // smaller than its parent is not something Hyper-V makes.
            return Err(Error::InvalidArgument(
                "a differencing disk cannot be shrunk".into(),
            ));
        }
        self.prepare(inner, true)?;
        let bs = self.block_size;
        let old_size = inner.virtual_size;
        let new_blocks = new_size.div_ceil(bs);
        let old_blocks = old_size.div_ceil(bs);
        let tail = new_size % bs;
        if tail != 0 {
            let e = inner.bat[self.payload_index(new_blocks - 1)];
            let s = bat_state(e);
            if s == PAYLOAD_FULLY_PRESENT || s == PAYLOAD_PARTIALLY_PRESENT {
                let end = bs.min(old_size - (new_blocks - 1) * bs);
                let zeros = vec![0u8; (end - tail).min(MIB) as usize];
                let mut at = tail;
                while at < end {
                    let n = (end - at).min(MIB) as usize;
                    self.file.write_at(&zeros[..n], bat_offset(e) + at)?;
                    at += n as u64;
                }
                self.file.flush()?;
            }
        }
        let before = inner.bat.clone();
        let mut changed = Vec::new();
        let mut freed = Vec::new();
        for b in new_blocks..old_blocks {
            let i = self.payload_index(b);
            let e = inner.bat[i];
            let s = bat_state(e);
            if s == PAYLOAD_FULLY_PRESENT || s == PAYLOAD_PARTIALLY_PRESENT {
                freed.push((bat_offset(e), bs));
            }
            if e != 0 {
                inner.bat[i] = 0;
                changed.push(i);
            }
        }
        let mut writes = self.bat_sectors(inner, &changed);
        let r = self.size_item(inner, new_size).and_then(|item| {
            writes.push(item);
            self.commit(inner, writes)
        });
        if let Err(e) = r {
            inner.bat = before;
            return Err(e);
        }
        let entries = bat_entries(new_size, bs, self.chunk_ratio, self.has_parent) as usize;
        inner.bat.truncate(entries);
        inner.virtual_size = new_size;
        Ok(freed)
    }
}
