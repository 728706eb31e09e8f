//! What Windows keeps and a Linux file system does not, kept in extended attributes: DOS
//! attributes and creation time, security descriptors, extended attributes (EAs).

use super::io_status;
use crate::sys;
use smb_server::backend::FileInfo;
use smb_wire::fscc::Ea;
use smb_wire::NtStatus;
use std::io;
use std::os::fd::OwnedFd;

pub(super) use crate::winmeta::{Meta, MAX_SD, XATTR, XATTR_EAS, XATTR_SD};

pub(super) fn read_meta(fd: &OwnedFd) -> Option<Meta> {
    let mut b = [0u8; 40];
    let n = sys::fgetxattr(fd, XATTR, &mut b).ok()?;
    Meta::decode(&b[..n])
}

pub(super) fn write_meta(fd: &OwnedFd, m: &Meta) -> io::Result<()> {
    sys::fsetxattr(fd, XATTR, &m.encode())
}

pub(super) fn info_from(st: &libc::statx, meta: Option<Meta>) -> FileInfo {
    let time = |t: libc::statx_timestamp| (t.tv_sec, t.tv_nsec);
    crate::winmeta::info_of(
        &crate::winmeta::Stat {
            is_dir: u32::from(st.stx_mode) & libc::S_IFMT == libc::S_IFDIR,
            size: st.stx_size,
            blocks: st.stx_blocks,
            nlink: st.stx_nlink,
            ino: st.stx_ino,
            dev: (u64::from(st.stx_dev_major) << 32) | u64::from(st.stx_dev_minor),
            atime: time(st.stx_atime),
            mtime: time(st.stx_mtime),
            ctime: time(st.stx_ctime),
            btime: (st.stx_mask & libc::STATX_BTIME != 0).then(|| time(st.stx_btime)),
        },
        meta,
    )
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

use crate::ealist::MAX_EA_LIST;

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
