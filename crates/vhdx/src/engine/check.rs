//! What the image says about itself: `info` (geometry, block states, allocation) and
//! `check` (the consistency findings an operator can act on).

use super::{Info, Vhdx};
use crate::format::*;
use crate::{Result, Storage};
use std::collections::HashMap;

impl<S: Storage> Vhdx<S> {
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
