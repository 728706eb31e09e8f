//! A [`BlockDevice`] over a VHDX and its differencing parents.

use crate::tunnel::DiskFacts;
use crate::{BlockDevice, DevError, Guid};
use parking_lot::{MappedRwLockReadGuard, RwLock, RwLockReadGuard};
use vhdx::{ReadRange, Storage, Vhdx};

/// A virtual disk: `layers[0]` is the file the initiators write, the rest its parents
/// (read-only), child first. A snapshot of a VHD Set puts a new file on top.
pub struct VhdxDisk<S: Storage> {
    layers: RwLock<Vec<Vhdx<S>>>,
}

impl<S: Storage> VhdxDisk<S> {
    pub fn new(layers: Vec<Vhdx<S>>) -> VhdxDisk<S> {
        assert!(!layers.is_empty(), "a disk has at least its own file");
        VhdxDisk {
            layers: RwLock::new(layers),
        }
    }

    pub fn top(&self) -> MappedRwLockReadGuard<'_, Vhdx<S>> {
        RwLockReadGuard::map(self.layers.read(), |l| &l[0])
    }

    /// The whole chain, top first.
    pub fn layers(&self) -> RwLockReadGuard<'_, Vec<Vhdx<S>>> {
        self.layers.read()
    }

    /// Puts the file `make` returns on top (a differencing child of the present top,
    /// which from then on is only read). I/O waits while `make` runs: nothing is written
    /// to the old top after it is called, and everything after goes to the new one.
    pub fn switch_top<E>(
        &self,
        make: impl FnOnce(&Vhdx<S>) -> Result<Vhdx<S>, E>,
    ) -> Result<(), E> {
        let mut layers = self.layers.write();
        let new = make(&layers[0])?;
        layers.insert(0, new);
        Ok(())
    }

    /// Replaces the whole chain (a snapshot applied) with what `make` returns, I/O
    /// waiting while it runs; returns the old chain.
    pub fn replace_with<E>(
        &self,
        make: impl FnOnce() -> Result<Vec<Vhdx<S>>, E>,
    ) -> Result<Vec<Vhdx<S>>, E> {
        let mut layers = self.layers.write();
        let new = make()?;
        assert!(!new.is_empty(), "a disk has at least its own file");
        Ok(std::mem::replace(&mut *layers, new))
    }

    /// Changes the chain in place (a merged file taken out), I/O waiting while `edit`
    /// runs.
    pub fn edit<R>(&self, edit: impl FnOnce(&mut Vec<Vhdx<S>>) -> R) -> R {
        let mut layers = self.layers.write();
        let r = edit(&mut layers);
        assert!(!layers.is_empty(), "a disk has at least its own file");
        r
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
            disk_format: 3,
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
        self.top_offset(offset, len, |_, at| at)
    }

    /// [`VhdxDisk::file_offset`] together with the top file it is in, both under one
    /// look at the chain (a snapshot may put another file on top at any moment).
    pub fn top_offset<R>(
        &self,
        offset: u64,
        len: u64,
        f: impl FnOnce(&Vhdx<S>, u64) -> R,
    ) -> Option<R> {
        let top = self.top();
        match top.resolve_read(offset, len).ok()?.as_slice() {
            [ReadRange::File {
                file_offset,
                len: l,
            }] if *l == len => Some(f(&top, *file_offset)),
            _ => None,
        }
    }

    /// Where a write of a virtual range goes in the top file when it changes none of
    /// the disk's metadata ([`Vhdx::write_in_place`]), with the top file, under one
    /// look at the chain; None when the disk's engine must do the write.
    pub fn top_write_offset<R>(
        &self,
        offset: u64,
        len: u64,
        f: impl FnOnce(&Vhdx<S>, u64) -> R,
    ) -> Option<R> {
        let top = self.top();
        let at = top.write_in_place(offset, len).ok()??;
        Some(f(&top, at))
    }

    /// Ends the session of every layer (the top one's log emptied).
    pub fn close(self) -> Result<(), DevError> {
        close_all(self.layers.into_inner())
    }
}

/// Ends the session of every file of a chain.
pub fn close_all<S: Storage>(layers: Vec<Vhdx<S>>) -> Result<(), DevError> {
    let mut first = Ok(());
    for l in layers {
        if let Err(e) = l.close() {
            if first.is_ok() {
                first = Err(e.into());
            }
        }
    }
    first
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
        Ok(vhdx::read_level(&self.layers.read(), 0, offset, buf)?)
    }
    fn write(&self, offset: u64, data: &[u8], fua: bool) -> Result<(), DevError> {
        let top = self.top();
        vhdx::write_through(&top, offset, data)?;
        if fua {
            top.flush()?;
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
    fn zero(&self, offset: u64, len: u64) -> Result<(), DevError> {
        self.top().zero(offset, len)?;
        Ok(())
    }
    fn unmap_granularity(&self) -> u64 {
        self.top().block_size()
    }
    fn resize(&self, new_size: u64) -> Result<(), DevError> {
        Ok(self.top().resize(new_size)?)
    }
    fn mapped(&self, offset: u64, len: u64) -> Result<Vec<(u64, u64)>, DevError> {
        let mut out = Vec::new();
        vhdx::mapped_level(&self.layers.read(), 0, offset, len, &mut out)?;
        Ok(out)
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

    /// GET LBA STATUS from `lba`, with room for `descs` descriptors.
    fn lba_status(d: &dyn BlockDevice, lba: u64, descs: u32) -> Result<Vec<(u64, u32, u8)>, u8> {
        use crate::scsi::{execute, tests::lun_of, Command};
        let pr = parking_lot::Mutex::new(crate::Reservations::new());
        let lun = lun_of(d, &pr);
        let mut cdb = [0u8; 16];
        cdb[0] = 0x9E;
        cdb[1] = 0x12;
        cdb[2..10].copy_from_slice(&lba.to_be_bytes());
        cdb[10..14].copy_from_slice(&(8 + 16 * descs).to_be_bytes());
        let o = execute(
            &lun,
            Guid([1; 16]),
            &Command {
                cdb: &cdb,
                data_out: &[],
                max_in: 1 << 16,
            },
        );
        if let Some(s) = o.sense {
            return Err(s.asc);
        }
        let n = u32::from_be_bytes(o.data[..4].try_into().unwrap()) as usize;
        assert_eq!(n + 4, o.data.len());
        Ok(o.data[8..]
            .chunks_exact(16)
            .map(|e| {
                (
                    u64::from_be_bytes(e[..8].try_into().unwrap()),
                    u32::from_be_bytes(e[8..12].try_into().unwrap()),
                    e[12],
                )
            })
            .collect())
    }

    #[test]
    fn get_lba_status_follows_the_chain_and_trims() {
        let mib = 1u64 << 20;
        let spm = (mib / 512) as u32;
        let new = |size: u64| {
            let f = MemFile::new(Vec::new());
            let mut p = CreateParams::new(DiskKind::Dynamic, size);
            p.block_size = 1 << 20;
            create(&f, &p).unwrap();
            Vhdx::open(f, OpenOptions::read_write()).unwrap()
        };
        let d = VhdxDisk::new(vec![new(64 * mib)]);
        assert_eq!(lba_status(&d, 0, 8), Ok(vec![(0, 64 * spm, 1)]));
        d.write(3 * mib, &[7; 4096], false).unwrap();
        assert_eq!(
            lba_status(&d, 0, 8),
            Ok(vec![
                (0, 3 * spm, 1),
                (3 * 2048, spm, 0),
                (4 * 2048, 60 * spm, 1)
            ])
        );
        // From inside the mapped block; and only as many descriptors as fit.
        assert_eq!(lba_status(&d, 7000, 1), Ok(vec![(7000, 8192 - 7000, 0)]));
        assert_eq!(lba_status(&d, 64 * 2048, 1), Err(0x21), "past the end");
        d.unmap(3 * mib, mib).unwrap();
        assert_eq!(lba_status(&d, 0, 8), Ok(vec![(0, 64 * spm, 1)]));
        // A fixed disk is mapped throughout.
        let f = MemFile::new(Vec::new());
        create(&f, &CreateParams::new(DiskKind::Fixed, 8 * mib)).unwrap();
        let fixed = VhdxDisk::new(vec![Vhdx::open(f, OpenOptions::read_write()).unwrap()]);
        assert_eq!(lba_status(&fixed, 0, 8), Ok(vec![(0, 8 * spm, 0)]));
        // A differencing child: its own sectors and its parent's data are mapped.
        let parent = new(16 * mib);
        vhdx::write_through(&parent, 0, &vec![1; mib as usize]).unwrap();
        let f = MemFile::new(Vec::new());
        let mut p = CreateParams::new(DiskKind::Differencing, 16 * mib);
        p.block_size = 1 << 20;
        p.parent = Some((
            parent.data_write_guid(),
            vhdx::format::ParentLocator {
                entries: vec![
                    (
                        "parent_linkage".into(),
                        format!("{:?}", parent.data_write_guid()),
                    ),
                    ("relative_path".into(), ".\\p.vhdx".into()),
                ],
            },
        ));
        create(&f, &p).unwrap();
        let child = Vhdx::open(f, OpenOptions::read_write()).unwrap();
        let d = VhdxDisk::new(vec![child, parent]);
        d.write(5 * mib, &[2; 512], false).unwrap();
        assert_eq!(
            lba_status(&d, 0, 8),
            Ok(vec![
                (0, spm, 0),
                (2048, 4 * spm, 1),
                (5 * 2048, 1, 0),
                (5 * 2048 + 1, 11 * spm - 1, 1)
            ])
        );
    }
}
