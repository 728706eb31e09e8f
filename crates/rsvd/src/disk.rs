//! A [`BlockDevice`] over a VHDX and its differencing parents.

use crate::tunnel::DiskFacts;
use crate::{BlockDevice, DevError, Guid};
use vhdx::{ReadRange, Storage, Vhdx};

/// A virtual disk: `layers[0]` is the file the initiators opened, the rest its parents
/// (read-only), child first.
pub struct VhdxDisk<S: Storage> {
    layers: Vec<Vhdx<S>>,
}

impl<S: Storage> VhdxDisk<S> {
    pub fn new(layers: Vec<Vhdx<S>>) -> VhdxDisk<S> {
        assert!(!layers.is_empty(), "a disk has at least its own file");
        VhdxDisk { layers }
    }

    pub fn top(&self) -> &Vhdx<S> {
        &self.layers[0]
    }

    /// What GET_DISK_INFO reports, given the size of the top file.
    pub fn facts(&self, file_size: u64) -> DiskFacts {
        let top = self.top();
        DiskFacts {
            disk_type: if top.has_parent() {
                4
            } else if top.is_fixed() {
                2
            } else {
                3
            },
            block_size: top.block_size() as u32,
            linkage_id: top.data_write_guid(),
            file_size,
            virtual_disk_id: top.page83(),
        }
    }

    /// Where a virtual range is when it lies whole in the top file (the common case
    /// of an allocated block): its file offset, so the caller can move the bytes with its
    /// own I/O engine. None when it spans zeros, a parent or several pieces.
    pub fn file_offset(&self, offset: u64, len: u64) -> Option<u64> {
        match self.top().resolve_read(offset, len).ok()?.as_slice() {
            [ReadRange::File {
                file_offset,
                len: l,
            }] if *l == len => Some(*file_offset),
            _ => None,
        }
    }

    /// Ends the session of every layer (the top one's log emptied).
    pub fn close(self) -> Result<(), DevError> {
        for l in self.layers {
            l.close()?;
        }
        Ok(())
    }
}

impl<S: Storage> BlockDevice for VhdxDisk<S> {
    fn sector_size(&self) -> u32 {
        self.top().logical_sector_size() as u32
    }
    fn physical_sector_size(&self) -> u32 {
        self.top().physical_sector_size()
    }
    fn capacity(&self) -> u64 {
        self.top().virtual_size()
    }
    fn identity(&self) -> Guid {
        self.top().page83()
    }
    fn read_only(&self) -> bool {
        self.top().read_only()
    }
    fn read(&self, offset: u64, buf: &mut [u8]) -> Result<(), DevError> {
        Ok(vhdx::read_level(&self.layers, 0, offset, buf)?)
    }
    fn write(&self, offset: u64, data: &[u8], fua: bool) -> Result<(), DevError> {
        vhdx::write_through(self.top(), offset, data)?;
        if fua {
            self.top().flush()?;
        }
        Ok(())
    }
    fn flush(&self) -> Result<(), DevError> {
        Ok(self.top().flush()?)
    }
    fn unmap(&self, offset: u64, len: u64) -> Result<(), DevError> {
        self.top().trim(offset, len)?;
        Ok(())
    }
    fn unmap_granularity(&self) -> u64 {
        self.top().block_size()
    }
    fn resize(&self, new_size: u64) -> Result<(), DevError> {
        Ok(self.top().resize(new_size)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vhdx::mem::MemFile;
    use vhdx::{create, CreateParams, DiskKind, OpenOptions};

    #[test]
    fn a_dynamic_disk_reads_what_was_written_and_trims_whole_blocks() {
        let f = MemFile::new(Vec::new());
        let mut p = CreateParams::new(DiskKind::Dynamic, 64 << 20);
        p.block_size = 1 << 20;
        create(&f, &p).unwrap();
        let d = VhdxDisk::new(vec![Vhdx::open(f, OpenOptions::read_write()).unwrap()]);
        assert_eq!(d.capacity(), 64 << 20);
        assert_eq!(d.unmap_granularity(), 1 << 20);
        assert_eq!(d.file_offset(0, 4096), None, "unallocated reads as zeros");
        let data = vec![0xABu8; 8192];
        d.write(3 << 20, &data, true).unwrap();
        let mut back = vec![0u8; 8192];
        d.read(3 << 20, &mut back).unwrap();
        assert_eq!(back, data);
        assert!(d.file_offset(3 << 20, 8192).is_some());
        d.unmap(3 << 20, 1 << 20).unwrap();
        d.read(3 << 20, &mut back).unwrap();
        assert!(back.iter().all(|&b| b == 0));
        d.resize(128 << 20).unwrap();
        assert_eq!(d.capacity(), 128 << 20);
        assert_eq!(d.facts(0).disk_type, 3);
        assert!(matches!(
            d.read(200 << 20, &mut back),
            Err(DevError::Invalid(_))
        ));
    }
}
