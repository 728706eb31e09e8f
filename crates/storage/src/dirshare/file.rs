//! An open file or directory of a [`DirShare`](super::DirShare): reads and writes (cached, mapped, or
//! by an O_DIRECT twin descriptor), sizes and allocation, times and attributes,
//! directory listings.

use super::meta::{read_eas, write_eas, MAX_SD, XATTR_SD};
use super::{ea_size_of, info_from, io_status, read_meta, read_sd, status, write_meta, Meta};
use crate::sys;
use smb_server::backend::{BasicChange, DirEntry, DirectFd, FileInfo, FileObj};
use smb_wire::filetime::to_unix_ns as unix_ns;
use smb_wire::fscc::Ea;
use smb_wire::msg::attrs;
use smb_wire::NtStatus;
use std::io;
use std::os::fd::{AsRawFd, OwnedFd};

/// An open file's O_DIRECT twin (a `direct_io` share) and the alignment its I/O needs.
pub(super) struct Direct {
    fd: OwnedFd,
    mem_align: u32,
    offset_align: u32,
    dev: u64,
}

impl Direct {
    /// As the engine sees it.
    fn public(&self) -> DirectFd {
        DirectFd {
            fd: self.fd.as_raw_fd(),
            mem_align: self.mem_align,
            offset_align: self.offset_align,
            dev: self.dev,
        }
    }
}

/// Opens the O_DIRECT twin of `fd`, if the file system can do direct I/O on it (tmpfs
/// cannot: the share then uses the page cache, and says so once).
pub(super) fn direct_twin(fd: &OwnedFd, write: bool) -> Option<Direct> {
    static ONCE: std::sync::Once = std::sync::Once::new();
    // tmpfs takes O_DIRECT and serves it from memory: the page-cache path is faster.
    if sys::is_tmpfs(fd) {
        return None;
    }
    let twin = match sys::reopen_direct(fd, write) {
        Ok(t) => t,
        Err(e) => {
            ONCE.call_once(|| {
                tracing::warn!(error = %e, "direct_io: no O_DIRECT descriptor; this file and others use the page cache")
            });
            return None;
        }
    };
    // One statx: the alignment, and the device (always filled in).
    let st = sys::fstatx(&twin, libc::STATX_DIOALIGN).ok()?;
    let Some((mem_align, offset_align)) = sys::dio_align(&st) else {
        ONCE.call_once(|| {
            tracing::warn!("direct_io: the file system cannot do direct I/O on this file; the page cache is used")
        });
        return None;
    };
    Some(Direct {
        fd: twin,
        mem_align,
        offset_align,
        dev: (u64::from(st.stx_dev_major) << 32) | u64::from(st.stx_dev_minor),
    })
}

/// The O_DIRECT twin of a `direct_io` file, opened at the file's first data access (an
/// open that only reads or sets attributes never needs it).
pub(super) struct Twin {
    wanted: bool,
    write: bool,
    cell: std::sync::OnceLock<Option<Direct>>,
}

impl Twin {
    pub(super) fn new(wanted: bool, write: bool) -> Twin {
        Twin {
            wanted,
            write,
            cell: std::sync::OnceLock::new(),
        }
    }
}

/// An open file or directory of a [`DirShare`]. A `direct_io` file has two descriptors:
/// I/O that meets the direct alignment goes through the O_DIRECT one, the rest through
/// the page cache (Linux keeps the two coherent: a direct read writes back dirty cached
/// pages of its range first, a direct write drops them).
pub struct DirFile {
    pub(super) fd: OwnedFd,
    pub(super) is_dir: bool,
    pub(super) direct: Twin,
    pub(super) xattr: bool,
    /// Opened write-through: every write is followed by an fdatasync before it is
    /// acknowledged (by the engine, which can have the worker's ring do it), instead of
    /// an O_DSYNC descriptor that would hold the worker for the device on each write.
    pub(super) write_through: bool,
    /// The file system refused a write that must not wait (RWF_NOWAIT): ext4's buffered
    /// writes. Asked once per open.
    pub(super) nowait_refused: std::sync::atomic::AtomicBool,
}

impl DirFile {
    /// Whether the descriptor bypasses the page cache.
    pub fn is_direct(&self) -> bool {
        self.twin().is_some()
    }

    fn twin(&self) -> Option<&Direct> {
        let t = &self.direct;
        if !t.wanted {
            return None;
        }
        t.cell
            .get_or_init(|| direct_twin(&self.fd, t.write))
            .as_ref()
    }

    /// The O_DIRECT descriptor if an I/O of `len` bytes at `offset` from or to `addr`
    /// meets its alignment, else the page-cache one.
    fn fd_for(&self, addr: usize, offset: u64, len: usize) -> &OwnedFd {
        match self.twin() {
            Some(d) if d.public().fits(offset, len) && d.public().aligned(addr) => &d.fd,
            _ => &self.fd,
        }
    }
}

/// A page-cache-only read, timed as a storage read when it read (one that would have
/// waited is retried through the transport, which times that instead).
pub(super) fn cached_read(
    f: impl FnOnce() -> io::Result<Option<usize>>,
) -> Option<Result<usize, NtStatus>> {
    let t = crate::clock::now();
    let r = f();
    if !matches!(r, Ok(None)) {
        crate::stats::observe(crate::stats::OP_READ, crate::clock::since(t));
    }
    r.map_err(io_status).transpose()
}

/// Reserves `len` bytes for a file without changing its size, and remembers the request
/// (FileAllocationInformation, or a CREATE's allocation size) for reporting.
pub(super) fn preallocate(fd: &OwnedFd, xattr: bool, len: u64) -> Result<(), NtStatus> {
    match sys::fallocate(fd, libc::FALLOC_FL_KEEP_SIZE, 0, len) {
        Err(e) if e.raw_os_error() == Some(libc::EOPNOTSUPP) => {}
        r => r.map_err(io_status)?,
    }
    if xattr {
        let mut m = read_meta(fd).unwrap_or(Meta {
            attributes: attrs::ARCHIVE,
            creation: None,
            change: None,
            alloc: None,
            change_set_at: None,
        });
        m.alloc = (len != 0).then_some(len);
        write_meta(fd, &m).map_err(io_status)?;
    }
    Ok(())
}

impl FileObj for DirFile {
    fn security(&self) -> Option<Vec<u8>> {
        if !self.xattr {
            return None;
        }
        read_sd(&self.fd)
    }

    fn set_security(&self, sd: &[u8]) -> Result<(), NtStatus> {
        if !self.xattr {
            return Err(NtStatus::NOT_SUPPORTED);
        }
        if sd.len() > MAX_SD {
            return Err(NtStatus::INVALID_SECURITY_DESCR);
        }
        sys::fsetxattr(&self.fd, XATTR_SD, sd).map_err(|e| match e.raw_os_error() {
            Some(libc::E2BIG | libc::ENOSPC | libc::ERANGE) => NtStatus::INSUFFICIENT_RESOURCES,
            _ => io_status(e),
        })
    }

    fn eas(&self) -> Result<Vec<Ea>, NtStatus> {
        if !self.xattr {
            return Ok(Vec::new());
        }
        read_eas(&self.fd)
    }

    fn set_eas(&self, changes: &[Ea]) -> Result<(), NtStatus> {
        if !self.xattr {
            return Err(NtStatus::EAS_NOT_SUPPORTED);
        }
        let mut eas = read_eas(&self.fd)?;
        crate::ealist::apply(&mut eas, changes)?;
        write_eas(&self.fd, &eas)
    }

    fn info(&self) -> Result<FileInfo, NtStatus> {
        let st = sys::fstat(&self.fd).map_err(io_status)?;
        if !self.xattr {
            return Ok(info_from(&st, None));
        }
        let mut info = info_from(&st, read_meta(&self.fd));
        info.ea_size = ea_size_of(&self.fd);
        Ok(info)
    }

    fn read_at(&self, offset: u64, buf: &mut [u8]) -> Result<usize, NtStatus> {
        let fd = self.fd_for(buf.as_ptr() as usize, offset, buf.len());
        crate::stats::timed(crate::stats::OP_READ, || sys::pread(fd, buf, offset))
            .map_err(io_status)
    }

    fn map(&self, bigger_than: u64) -> smb_server::backend::Mapping {
        use smb_server::backend::Mapping;
        if self.is_dir {
            return Mapping::Never;
        }
        let Ok(st) = sys::fstatx(&self.fd, libc::STATX_TYPE | libc::STATX_SIZE) else {
            return Mapping::Busy;
        };
        if u32::from(st.stx_mode) & libc::S_IFMT != libc::S_IFREG {
            return Mapping::Never;
        }
        if st.stx_size <= bigger_than {
            return Mapping::NoLarger;
        }
        match crate::fmap::FileMap::new(self.fd.as_raw_fd(), st.stx_size) {
            Ok(Some(m)) => Mapping::Mapped(m),
            Ok(None) => Mapping::Busy,
            Err(e)
                if matches!(
                    e.raw_os_error(),
                    Some(libc::ENOMEM | libc::EMFILE | libc::ENFILE | libc::EAGAIN)
                ) =>
            {
                Mapping::Busy
            }
            Err(e) => {
                tracing::warn!(error = %e, "mapped_reads: cannot map a file; it is read the usual way");
                Mapping::Never
            }
        }
    }

    fn read_cached(&self, offset: u64, buf: &mut [u8]) -> Option<Result<usize, NtStatus>> {
        cached_read(|| sys::pread_cached(&self.fd, buf, offset))
    }

    fn read_cached_append(
        &self,
        offset: u64,
        len: usize,
        out: &mut Vec<u8>,
    ) -> Option<Result<usize, NtStatus>> {
        cached_read(|| sys::pread_cached_append(&self.fd, len, offset, out))
    }

    fn read_append(&self, offset: u64, len: usize, out: &mut Vec<u8>) -> Result<usize, NtStatus> {
        crate::stats::timed(crate::stats::OP_READ, || {
            sys::pread_append(&self.fd, len, offset, out)
        })
        .map_err(io_status)
    }

    fn write_at(&self, offset: u64, data: &[u8]) -> Result<usize, NtStatus> {
        let fd = self.fd_for(data.as_ptr() as usize, offset, data.len());
        crate::stats::timed(crate::stats::OP_WRITE, || sys::pwrite(fd, data, offset))
            .map_err(io_status)
    }

    fn write_nowait(&self, offset: u64, data: &[u8]) -> Option<Result<usize, NtStatus>> {
        // A write the O_DIRECT twin takes always goes to the device.
        if !std::ptr::eq(
            self.fd_for(data.as_ptr() as usize, offset, data.len()),
            &self.fd,
        ) {
            return None;
        }
        use std::sync::atomic::Ordering::Relaxed;
        if !self.nowait_refused.load(Relaxed) {
            let t = crate::clock::now();
            match sys::pwrite_nowait(&self.fd, data, offset) {
                Ok(Some(n)) => {
                    crate::stats::observe(crate::stats::OP_WRITE, crate::clock::since(t));
                    return Some(Ok(n));
                }
                Ok(None) => self.nowait_refused.store(true, Relaxed),
                Err(e) => return Some(Err(io_status(e))),
            }
        }
        // This file system cannot say whether a buffered write would wait: the page
        // cache takes it here, as it seldom waits (dirty-page throttling aside); an I/O
        // engine's thread would cost more than the copy.
        Some(self.write_at(offset, data))
    }

    fn writes_through(&self) -> bool {
        self.write_through
    }

    fn sync_fd(&self) -> Option<i32> {
        Some(self.fd.as_raw_fd())
    }

    fn sync(&self) -> Result<(), NtStatus> {
        crate::stats::timed(crate::stats::OP_FLUSH, || sys::fdatasync(&self.fd)).map_err(io_status)
    }

    fn set_len(&self, len: u64) -> Result<(), NtStatus> {
        sys::ftruncate(&self.fd, len).map_err(io_status)
    }

    fn allocate(&self, len: u64) -> Result<(), NtStatus> {
        preallocate(&self.fd, self.xattr, len)
    }

    fn set_basic(&self, c: &BasicChange) -> Result<(), NtStatus> {
        if c.last_access_time.is_some() || c.last_write_time.is_some() {
            sys::futimens(
                &self.fd,
                c.last_access_time.map(unix_ns),
                c.last_write_time.map(unix_ns),
            )
            .map_err(io_status)?;
        }
        // Linux cannot set creation or change times: they live in the xattr with the
        // attributes.
        let meta_change =
            c.attributes.is_some() || c.creation_time.is_some() || c.change_time.is_some();
        if meta_change && self.xattr {
            let cur = read_meta(&self.fd);
            let st = sys::fstat(&self.fd).map_err(io_status)?;
            let base = info_from(&st, None);
            let mut m = cur.unwrap_or(Meta {
                attributes: base.attributes & !(attrs::DIRECTORY | attrs::NORMAL),
                creation: None,
                change: None,
                alloc: None,
                change_set_at: None,
            });
            if let Some(t) = c.change_time {
                m.change = Some(t);
                m.change_set_at = Some(now_filetime());
            }
            if let Some(a) = c.attributes {
                // (The sparse mark is set by FSCTL_SET_SPARSE only, as on NTFS.)
                m.attributes =
                    (a & (attrs::SETTABLE | attrs::ARCHIVE)) | (m.attributes & attrs::SPARSE_FILE);
            }
            if let Some(t) = c.creation_time {
                m.creation = Some(t);
            }
            match write_meta(&self.fd, &m) {
                // A file on a mount below the share that takes no user xattrs: the times
                // were set; what lives in the xattr is not kept (as on the share's start
                // when the whole file system lacks them).
                Err(e) if e.raw_os_error() == Some(libc::EOPNOTSUPP) => {}
                r => r.map_err(io_status)?,
            }
        }
        Ok(())
    }

    fn list_names(&self) -> Result<Vec<String>, NtStatus> {
        if !self.is_dir {
            return Err(NtStatus::INVALID_PARAMETER);
        }
        let list = sys::list_typed(&self.fd).map_err(io_status)?;
        let mut out: Vec<String> = list
            .into_iter()
            // Only files and directories are listed (a symlink could point out of the
            // share); where the type is unknown, the stat of each entry decides.
            .filter(|(_, t)| matches!(*t, libc::DT_REG | libc::DT_DIR | libc::DT_UNKNOWN))
            .filter_map(|(n, _)| String::from_utf8(n).ok())
            .collect();
        out.sort();
        Ok(out)
    }

    fn child_info(&self, name: &str) -> Result<FileInfo, NtStatus> {
        if !self.is_dir {
            return Err(NtStatus::INVALID_PARAMETER);
        }
        let st = sys::statat(self.fd.as_raw_fd(), name).map_err(|e| status(&e, true))?;
        let kind = u32::from(st.stx_mode) & libc::S_IFMT;
        if kind != libc::S_IFREG && kind != libc::S_IFDIR {
            // Not listed (see list_dir).
            return Err(NtStatus::OBJECT_NAME_NOT_FOUND);
        }
        let meta = self
            .xattr
            .then(|| {
                sys::open_beneath(
                    self.fd.as_raw_fd(),
                    name,
                    libc::O_RDONLY | libc::O_NONBLOCK | libc::O_NOFOLLOW,
                    0,
                )
                .ok()
            })
            .flatten();
        let mut info = info_from(&st, meta.as_ref().and_then(read_meta));
        info.ea_size = meta.as_ref().map_or(0, ea_size_of);
        Ok(info)
    }

    fn list_dir(&self) -> Result<Vec<DirEntry>, NtStatus> {
        if !self.is_dir {
            return Err(NtStatus::INVALID_PARAMETER);
        }
        let mut names = sys::list_names(&self.fd).map_err(io_status)?;
        names.sort();
        let mut out = Vec::with_capacity(names.len());
        for n in names {
            let Ok(name) = String::from_utf8(n) else {
                continue;
            };
            let Ok(st) = sys::statat(self.fd.as_raw_fd(), &name) else {
                continue;
            };
            let kind = u32::from(st.stx_mode) & libc::S_IFMT;
            if kind != libc::S_IFREG && kind != libc::S_IFDIR {
                // Symlinks and special files are not listed: a link could point out of the
                // share, and its target's details must not leak.
                continue;
            }
            let meta = if self.xattr {
                sys::open_beneath(
                    self.fd.as_raw_fd(),
                    &name,
                    libc::O_RDONLY | libc::O_NONBLOCK | libc::O_NOFOLLOW,
                    0,
                )
                .ok()
                .and_then(|f| read_meta(&f))
            } else {
                None
            };
            out.push(DirEntry {
                name,
                info: info_from(&st, meta),
            });
        }
        Ok(out)
    }

    /// Zeroes the part of `offset..offset + len` below the end of file (what lies beyond
    /// already reads as zeros, and the size does not change): holes are punched where
    /// the filesystem can; elsewhere zeros are written over the range's data only, so the
    /// work is bounded by the data the file holds, never by the range asked for.
    fn zero_target(&self, offset: u64, len: u64) -> Option<(i32, u64, u64)> {
        // As zero_range: nothing past the end of the file.
        let eof = sys::fstat(&self.fd).ok()?.stx_size;
        let end = offset.saturating_add(len).min(eof);
        Some((self.fd.as_raw_fd(), offset, end.saturating_sub(offset)))
    }

    fn zero_range(&self, offset: u64, len: u64) -> Result<(), NtStatus> {
        let eof = sys::fstat(&self.fd).map_err(io_status)?.stx_size;
        let end = offset.saturating_add(len).min(eof);
        if offset >= end {
            return Ok(());
        }
        let mode = libc::FALLOC_FL_PUNCH_HOLE | libc::FALLOC_FL_KEEP_SIZE;
        if sys::fallocate(&self.fd, mode, offset, end - offset).is_ok() {
            return Ok(());
        }
        let zeros = vec![0u8; 1 << 20];
        let mut at = offset;
        while at < end {
            // The next data extent (the whole rest where holes cannot be found).
            let (data, hole) = match sys::seek(&self.fd, at, libc::SEEK_DATA) {
                Ok(None) => break,
                Ok(Some(d)) => (d, sys::seek(&self.fd, d, libc::SEEK_HOLE).ok().flatten()),
                Err(_) => (at, None),
            };
            let stop = hole.unwrap_or(end).min(end);
            at = data;
            while at < stop {
                let n = ((stop - at) as usize).min(zeros.len());
                sys::pwrite(&self.fd, &zeros[..n], at).map_err(io_status)?;
                at += n as u64;
            }
        }
        Ok(())
    }

    fn set_sparse(&self, sparse: bool) -> Result<(), NtStatus> {
        if !self.xattr {
            return Err(NtStatus::INVALID_DEVICE_REQUEST);
        }
        let st = sys::fstat(&self.fd).map_err(io_status)?;
        let mut m = read_meta(&self.fd).unwrap_or(Meta {
            attributes: info_from(&st, None).attributes & !(attrs::DIRECTORY | attrs::NORMAL),
            creation: None,
            change: None,
            alloc: None,
            change_set_at: None,
        });
        if sparse {
            m.attributes |= attrs::SPARSE_FILE;
        } else {
            m.attributes &= !attrs::SPARSE_FILE;
        }
        write_meta(&self.fd, &m).map_err(io_status)
    }

    fn allocated_ranges(&self, offset: u64, len: u64) -> Result<Vec<(u64, u64)>, NtStatus> {
        let eof = sys::fstat(&self.fd).map_err(io_status)?.stx_size;
        let end = offset.saturating_add(len).min(eof);
        let mut out = Vec::new();
        let mut at = offset;
        while at < end {
            let data = match sys::seek(&self.fd, at, libc::SEEK_DATA) {
                Ok(Some(d)) => d,
                // No data past `at`.
                Ok(None) => break,
                // Holes cannot be found here: all of it counts as data.
                Err(_) => {
                    out.push((at, end - at));
                    break;
                }
            };
            if data >= end {
                break;
            }
            let hole = match sys::seek(&self.fd, data, libc::SEEK_HOLE) {
                Ok(Some(h)) => h.min(end),
                _ => end,
            };
            out.push((data, hole - data));
            at = hole;
        }
        Ok(out)
    }

    fn clone_from(
        &self,
        src: &dyn FileObj,
        src_off: u64,
        dst_off: u64,
        len: u64,
    ) -> Result<(), NtStatus> {
        let Some(from) = src.raw_fd() else {
            return Err(NtStatus::INVALID_PARAMETER);
        };
        if len == 0 {
            return Ok(());
        }
        crate::stats::timed(crate::stats::OP_WRITE, || {
            sys::clone_range(from, src_off, &self.fd, dst_off, len)
        })
        .map_err(|e| match e.raw_os_error() {
            // Not block-aligned, or a range the file system will not share.
            Some(libc::EINVAL) => NtStatus::INVALID_PARAMETER,
            // Another file system (a mount inside the share), or no reflink there.
            Some(libc::EXDEV) => NtStatus::NOT_SAME_DEVICE,
            Some(libc::EOPNOTSUPP) => NtStatus::INVALID_DEVICE_REQUEST,
            _ => io_status(e),
        })
    }

    fn copy_from(
        &self,
        src: &dyn FileObj,
        src_off: u64,
        dst_off: u64,
        len: usize,
    ) -> Result<usize, NtStatus> {
        let Some(from) = src.raw_fd() else {
            return smb_server::backend::copy_through_memory(src, src_off, self, dst_off, len);
        };
        let mut done = 0usize;
        while done < len {
            let at = done as u64;
            let r = crate::stats::timed(crate::stats::OP_WRITE, || {
                sys::copy_range(from, src_off + at, &self.fd, dst_off + at, len - done)
            });
            match r {
                Ok(0) => break,
                Ok(n) => done += n,
                // Where the kernel cannot copy between these two (other file systems on
                // old kernels, special files), through memory.
                Err(e)
                    if matches!(
                        e.raw_os_error(),
                        Some(libc::EXDEV | libc::EINVAL | libc::EOPNOTSUPP | libc::ENOSYS)
                    ) =>
                {
                    let rest = smb_server::backend::copy_through_memory(
                        src,
                        src_off + at,
                        self,
                        dst_off + at,
                        len - done,
                    )?;
                    return Ok(done + rest);
                }
                Err(e) => return Err(io_status(e)),
            }
        }
        Ok(done)
    }

    fn raw_fd(&self) -> Option<i32> {
        Some(self.fd.as_raw_fd())
    }

    fn direct(&self) -> Option<DirectFd> {
        self.twin().map(Direct::public)
    }
}

/// The wall clock now, FILETIME.
fn now_filetime() -> u64 {
    let d = crate::clock::wall()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    smb_wire::filetime::from_unix(d.as_secs() as i64, d.subsec_nanos())
}
