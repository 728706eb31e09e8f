//! [`VirtualFile`]: a shared open's file, addressed by virtual-disk offsets.

use super::*;

/// A shared open's file: the virtual disk, addressed by virtual offsets.
pub struct VirtualFile {
    pub open: Arc<SvhdxOpen>,
    /// The file as opened, for its times and attributes.
    pub raw: Box<dyn FileObj>,
}

impl FileObj for VirtualFile {
    fn info(&self) -> Result<FileInfo, NtStatus> {
        let mut i = self.raw.info()?;
        let size = self.open.disk.device().capacity();
        i.end_of_file = size;
        i.allocation_size = size;
        Ok(i)
    }
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> Result<usize, NtStatus> {
        let dev = self.open.disk.device();
        let end = dev.capacity();
        if offset >= end {
            return Ok(0);
        }
        let n = buf.len().min((end - offset) as usize);
        dev.read(offset, &mut buf[..n])
            .map_err(|e| self.open.stored(&e, false))?;
        Ok(n)
    }
    fn write_at(&self, offset: u64, data: &[u8]) -> Result<usize, NtStatus> {
        self.open
            .disk
            .device()
            .write(offset, data, false)
            .map_err(|e| self.open.stored(&e, true))?;
        Ok(data.len())
    }
    /// On a continuously available share the open is write-through, and so are its
    /// writes to the virtual disk (each is made stable before it is acknowledged).
    fn writes_through(&self) -> bool {
        self.raw.writes_through()
    }
    fn sync(&self) -> Result<(), NtStatus> {
        self.open
            .disk
            .device()
            .flush()
            .map_err(|e| self.open.stored(&e, true))
    }
    fn set_len(&self, len: u64) -> Result<(), NtStatus> {
        // Setting the end of file of the virtual disk resizes it (grow only).
        let dev = self.open.disk.device();
        if len == dev.capacity() {
            return Ok(());
        }
        dev.resize(len).map_err(|_| NtStatus::INVALID_PARAMETER)?;
        self.open.disk.resized_by(self.open.initiator());
        Ok(())
    }
    fn allocate(&self, _len: u64) -> Result<(), NtStatus> {
        Ok(())
    }
    fn set_basic(&self, change: &BasicChange) -> Result<(), NtStatus> {
        self.raw.set_basic(change)
    }
    fn list_dir(&self) -> Result<Vec<DirEntry>, NtStatus> {
        Err(NtStatus::INVALID_PARAMETER)
    }
    fn zero_range(&self, offset: u64, len: u64) -> Result<(), NtStatus> {
        let dev = self.open.disk.device();
        let cdb_end = offset.checked_add(len).ok_or(NtStatus::INVALID_PARAMETER)?;
        if cdb_end > dev.capacity() {
            return Err(NtStatus::INVALID_PARAMETER);
        }
        rsvd::scsi::zero_range(dev, offset, len).map_err(|e| self.open.stored(&e, true))
    }
    fn raw_fd(&self) -> Option<i32> {
        None
    }
    fn ring_target(&self, offset: u64, len: u64) -> Option<RingTarget> {
        self.open.disk.ring_read(offset, len)
    }
    fn security(&self) -> Option<Vec<u8>> {
        self.raw.security()
    }
    fn set_security(&self, sd: &[u8]) -> Result<(), NtStatus> {
        self.raw.set_security(sd)
    }
}
