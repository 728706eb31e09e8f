//! What Windows keeps and a Linux file system does not, kept in extended attributes: DOS
//! attributes and creation time, security descriptors, extended attributes (EAs).

use super::io_status;
use crate::sys;
use smb_server::backend::FileInfo;
use smb_wire::filetime::from_unix as filetime;
use smb_wire::fscc::Ea;
use smb_wire::msg::attrs;
use smb_wire::Le;
use smb_wire::NtStatus;
use std::io;
use std::os::fd::OwnedFd;

pub(super) const XATTR: &str = "user.smbdirectd";

pub(super) const XATTR_MAGIC: &[u8; 4] = b"SDX1";

/// How far a file's ctime may lie from the clock read just before the write that set it
/// (coarse kernel timestamps lag the clock by up to a tick), in 100 ns units: 20 ms.
pub(super) const CTIME_GRAIN: u64 = 200_000;

pub(super) struct Meta {
    pub(super) attributes: u32,
    pub(super) creation: Option<u64>,
    /// A change time a client set (Linux cannot set ctime), reported until the file
    /// changes again: while its ctime is still the one storing this left
    /// (`change_set_at`, the clock then, within the file system's timestamp grain).
    pub(super) change: Option<u64>,
    pub(super) change_set_at: Option<u64>,
    /// The allocation a client asked for (FileAllocationInformation), reported while it
    /// is above the data's own rounded size: Linux counts extended-attribute blocks in
    /// st_blocks, so the block count cannot say it.
    pub(super) alloc: Option<u64>,
}

pub(super) fn read_meta(fd: &OwnedFd) -> Option<Meta> {
    let mut b = [0u8; 40];
    let n = sys::fgetxattr(fd, XATTR, &mut b).ok()?;
    if n < 16 || &b[..4] != XATTR_MAGIC {
        return None;
    }
    // Older records are shorter: fields past what was stored read as 0.
    let r = Le(&b[..n]);
    let attributes = r.u32(4).ok()?;
    let c = r.u64(8).ok()?;
    let ch = r.u64(16).unwrap_or(0);
    let al = r.u64(24).unwrap_or(0);
    let at = r.u64(32).unwrap_or(0);
    Some(Meta {
        attributes,
        creation: (c != 0).then_some(c),
        change: (ch != 0).then_some(ch),
        alloc: (al != 0).then_some(al),
        change_set_at: (at != 0).then_some(at),
    })
}

pub(super) fn write_meta(fd: &OwnedFd, m: &Meta) -> io::Result<()> {
    let mut b = Vec::with_capacity(16);
    b.extend_from_slice(XATTR_MAGIC);
    b.extend_from_slice(&m.attributes.to_le_bytes());
    b.extend_from_slice(&m.creation.unwrap_or(0).to_le_bytes());
    b.extend_from_slice(&m.change.unwrap_or(0).to_le_bytes());
    b.extend_from_slice(&m.alloc.unwrap_or(0).to_le_bytes());
    b.extend_from_slice(&m.change_set_at.unwrap_or(0).to_le_bytes());
    sys::fsetxattr(fd, XATTR, &b)
}

pub(super) fn info_from(st: &libc::statx, meta: Option<Meta>) -> FileInfo {
    let is_dir = u32::from(st.stx_mode) & libc::S_IFMT == libc::S_IFDIR;
    let mtime = filetime(st.stx_mtime.tv_sec, st.stx_mtime.tv_nsec);
    let ctime = filetime(st.stx_ctime.tv_sec, st.stx_ctime.tv_nsec);
    let btime = if st.stx_mask & libc::STATX_BTIME != 0 {
        filetime(st.stx_btime.tv_sec, st.stx_btime.tv_nsec)
    } else {
        mtime.min(ctime)
    };
    let kept = attrs::SETTABLE | attrs::ARCHIVE | attrs::SPARSE_FILE;
    let stored = meta.as_ref().map(|m| m.attributes).unwrap_or(0) & kept;
    let mut a = stored & !(attrs::COMPRESSED | attrs::NORMAL);
    if is_dir {
        // (A directory shows ARCHIVE only when a client set it, as on NTFS.)
        a |= attrs::DIRECTORY;
    } else if meta.is_none() {
        a |= attrs::ARCHIVE;
    }
    if a == 0 {
        a = attrs::NORMAL;
    }
    // Allocation: the data rounded to 4 KiB clusters, less for sparse files (fewer blocks
    // than that), more while a client's allocation request stands.
    let alloc = if is_dir {
        0
    } else {
        let data = st.stx_size.next_multiple_of(4096);
        let blocks = (st.stx_blocks * 512).next_multiple_of(4096);
        let asked = meta.as_ref().and_then(|m| m.alloc).unwrap_or(0);
        data.min(blocks).max(asked.next_multiple_of(4096))
    };
    let change = match meta.as_ref().map(|m| (m.change, m.change_set_at)) {
        // Set by a client, and the file unchanged since (its ctime is the one the store
        // of the time itself left).
        Some((Some(t), Some(at))) if ctime.abs_diff(at) <= CTIME_GRAIN => t,
        // Set, and changed since.
        Some((Some(_), Some(_))) => ctime,
        // Records from before `change_set_at` existed.
        Some((Some(t), None)) => t.max(ctime),
        _ => ctime,
    };
    FileInfo {
        creation_time: meta.and_then(|m| m.creation).unwrap_or(btime),
        last_access_time: filetime(st.stx_atime.tv_sec, st.stx_atime.tv_nsec),
        last_write_time: mtime,
        change_time: change,
        allocation_size: alloc,
        end_of_file: st.stx_size,
        attributes: a,
        number_of_links: st.stx_nlink,
        is_directory: is_dir,
        file_id: st.stx_ino,
        device_id: (u64::from(st.stx_dev_major) << 32) | u64::from(st.stx_dev_minor),
        ea_size: 0,
    }
}

/// Whether the file system under `dir` takes user extended attributes (tmpfs before
/// Linux 6.6 does not): a probe attribute is set on the directory and removed. A refusal
/// for want of permission is not a missing feature.
pub(super) fn user_xattrs(dir: &OwnedFd) -> bool {
    const PROBE: &str = "user.smbdirectd.probe";
    match sys::fsetxattr(dir, PROBE, b"1") {
        Ok(()) => {
            let _ = sys::fremovexattr(dir, PROBE);
            true
        }
        Err(e) => !matches!(e.raw_os_error(), Some(libc::EOPNOTSUPP)),
    }
}

/// Where a file's EAs live: one extended attribute holding the whole list.
pub(super) const XATTR_EAS: &str = "user.smbdirectd.eas";

use crate::ealist::MAX_EA_LIST;

/// Where a file's security descriptor lives (self-relative, as a client set it).
pub(super) const XATTR_SD: &str = "user.smbdirectd.sd";

/// Descriptors larger than this are refused (Windows caps them at 64 KiB).
pub(super) const MAX_SD: usize = 65536;

pub(super) fn read_sd(fd: &OwnedFd) -> Option<Vec<u8>> {
    let n = sys::fgetxattr(fd, XATTR_SD, &mut []).ok()?;
    if n == 0 || n > MAX_SD {
        return None;
    }
    let mut b = vec![0u8; n];
    let n = sys::fgetxattr(fd, XATTR_SD, &mut b).ok()?;
    b.truncate(n);
    Some(b)
}

/// EaSize of a file: one probe of the attribute's length when it has no EAs.
pub(super) fn ea_size_of(fd: &OwnedFd) -> u32 {
    match sys::fgetxattr(fd, XATTR_EAS, &mut []) {
        Ok(0) | Err(_) => 0,
        Ok(_) => read_eas(fd).map_or(0, |e| smb_wire::fscc::ea_list_size(&e)),
    }
}

pub(super) fn read_eas(fd: &OwnedFd) -> Result<Vec<Ea>, NtStatus> {
    let mut b = vec![0u8; MAX_EA_LIST + 1024];
    let n = match sys::fgetxattr(fd, XATTR_EAS, &mut b) {
        Ok(n) => n,
        Err(e) if e.raw_os_error() == Some(libc::ENODATA) => return Ok(Vec::new()),
        Err(e) => return Err(io_status(e)),
    };
    crate::ealist::decode(&b[..n])
}

pub(super) fn write_eas(fd: &OwnedFd, eas: &[Ea]) -> Result<(), NtStatus> {
    let b = crate::ealist::encode(eas);
    if smb_wire::fscc::ea_list_size(eas) as usize > MAX_EA_LIST {
        return Err(NtStatus::EA_TOO_LARGE);
    }
    sys::fsetxattr(fd, XATTR_EAS, &b).map_err(|e| match e.raw_os_error() {
        Some(libc::E2BIG | libc::ENOSPC | libc::ERANGE) => NtStatus::EA_TOO_LARGE,
        Some(libc::ENOTSUP) => NtStatus::EAS_NOT_SUPPORTED,
        _ => io_status(e),
    })
}
