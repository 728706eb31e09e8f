//! Thin, checked wrappers over the system calls the backend needs. Every `unsafe` block
//! passes pointers to live, correctly sized Rust buffers and checks the result.

use std::ffi::CString;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};

#[repr(C)]
struct OpenHow {
    flags: u64,
    mode: u64,
    resolve: u64,
}

const RESOLVE_NO_MAGICLINKS: u64 = 0x02;
const RESOLVE_BENEATH: u64 = 0x08;

fn cstr(name: &str) -> io::Result<CString> {
    CString::new(name).map_err(|_| io::Error::from_raw_os_error(libc::EINVAL))
}

/// openat2 confined beneath `dir`. `path` is relative ("" means `dir` itself, as ".").
pub fn open_beneath(dir: RawFd, path: &str, flags: i32, mode: u32) -> io::Result<OwnedFd> {
    let p = cstr(if path.is_empty() { "." } else { path })?;
    let how = OpenHow {
        flags: (flags | libc::O_CLOEXEC) as u64,
        mode: u64::from(mode),
        resolve: RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS,
    };
    loop {
        // SAFETY: `p` is a NUL-terminated string and `how` a live open_how of the size given.
        let r = unsafe {
            libc::syscall(
                libc::SYS_openat2,
                dir,
                p.as_ptr(),
                &how as *const OpenHow,
                std::mem::size_of::<OpenHow>(),
            )
        };
        if r >= 0 {
            // SAFETY: the kernel returned a new descriptor that nothing else owns.
            return Ok(unsafe { OwnedFd::from_raw_fd(r as RawFd) });
        }
        let e = io::Error::last_os_error();
        if e.raw_os_error() != Some(libc::EINTR) && e.raw_os_error() != Some(libc::EAGAIN) {
            return Err(e);
        }
    }
}

fn check(r: libc::c_int) -> io::Result<()> {
    if r < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(())
    }
}

pub fn mkdirat(dir: RawFd, name: &str, mode: u32) -> io::Result<()> {
    let n = cstr(name)?;
    // SAFETY: valid descriptor and NUL-terminated name.
    check(unsafe { libc::mkdirat(dir, n.as_ptr(), mode) })
}

pub fn unlinkat(dir: RawFd, name: &str, is_dir: bool) -> io::Result<()> {
    let n = cstr(name)?;
    let flags = if is_dir { libc::AT_REMOVEDIR } else { 0 };
    // SAFETY: valid descriptor and NUL-terminated name.
    check(unsafe { libc::unlinkat(dir, n.as_ptr(), flags) })
}

pub fn renameat2(
    from_dir: RawFd,
    from: &str,
    to_dir: RawFd,
    to: &str,
    noreplace: bool,
) -> io::Result<()> {
    let f = cstr(from)?;
    let t = cstr(to)?;
    let flags = if noreplace { libc::RENAME_NOREPLACE } else { 0 };
    // SAFETY: valid descriptors and NUL-terminated names.
    check(unsafe { libc::renameat2(from_dir, f.as_ptr(), to_dir, t.as_ptr(), flags) })
}

/// A new name `to` (in `to_dir`) for the file `from` (in `from_dir`), not following a
/// symlink at `from`.
pub fn linkat(from_dir: RawFd, from: &str, to_dir: RawFd, to: &str) -> io::Result<()> {
    let f = cstr(from)?;
    let t = cstr(to)?;
    // SAFETY: valid descriptors and NUL-terminated names.
    check(unsafe { libc::linkat(from_dir, f.as_ptr(), to_dir, t.as_ptr(), 0) })
}

pub fn fstat(fd: &OwnedFd) -> io::Result<libc::statx> {
    fstatx(fd, libc::STATX_BASIC_STATS | libc::STATX_BTIME)
}

/// statx of the file `fd` is open on, asking for the fields in `mask`.
pub fn fstatx(fd: &OwnedFd, mask: libc::c_uint) -> io::Result<libc::statx> {
    // SAFETY: statx fills the zeroed struct we own; an empty path with AT_EMPTY_PATH names fd.
    unsafe {
        let mut st: libc::statx = std::mem::zeroed();
        check(libc::statx(
            fd.as_raw_fd(),
            c"".as_ptr(),
            libc::AT_EMPTY_PATH,
            mask,
            &mut st,
        ))?;
        Ok(st)
    }
}

/// A second descriptor for the file `fd` is open on, bypassing the page cache (O_DIRECT),
/// read-only or read-write. Reopened through /proc/self/fd: the same inode whatever
/// happened to the name since.
pub fn reopen_direct(fd: &OwnedFd, write: bool) -> io::Result<OwnedFd> {
    let p = cstr(&format!("/proc/self/fd/{}", fd.as_raw_fd()))?;
    let mode = if write { libc::O_RDWR } else { libc::O_RDONLY };
    loop {
        // SAFETY: a NUL-terminated path; the result is checked.
        let r = unsafe { libc::open(p.as_ptr(), mode | libc::O_DIRECT | libc::O_CLOEXEC) };
        if r >= 0 {
            // SAFETY: the kernel returned a new descriptor that nothing else owns.
            return Ok(unsafe { OwnedFd::from_raw_fd(r) });
        }
        let e = io::Error::last_os_error();
        if e.raw_os_error() != Some(libc::EINTR) {
            return Err(e);
        }
    }
}

/// Whether `fd` is on tmpfs.
pub fn is_tmpfs(fd: &OwnedFd) -> bool {
    // SAFETY: fstatfs fills the zeroed struct we own.
    unsafe {
        let mut s: libc::statfs = std::mem::zeroed();
        libc::fstatfs(fd.as_raw_fd(), &mut s) == 0 && s.f_type == libc::TMPFS_MAGIC
    }
}

/// What direct I/O must be aligned to: (memory, file offset and length), from a statx
/// asked for STATX_DIOALIGN (Linux 6.1+). None when the file system says it cannot do
/// direct I/O on the file; (4096, 4096) when it does not say.
pub fn dio_align(st: &libc::statx) -> Option<(u32, u32)> {
    if st.stx_mask & libc::STATX_DIOALIGN == 0 {
        return Some((4096, 4096));
    }
    if st.stx_dio_mem_align == 0 || st.stx_dio_offset_align == 0 {
        return None;
    }
    Some((st.stx_dio_mem_align, st.stx_dio_offset_align))
}

/// statx of `name` inside `dir`, not following a final symlink.
pub fn statat(dir: RawFd, name: &str) -> io::Result<libc::statx> {
    let n = cstr(name)?;
    // SAFETY: as above, with a NUL-terminated name.
    unsafe {
        let mut st: libc::statx = std::mem::zeroed();
        check(libc::statx(
            dir,
            n.as_ptr(),
            libc::AT_SYMLINK_NOFOLLOW,
            libc::STATX_BASIC_STATS | libc::STATX_BTIME,
            &mut st,
        ))?;
        Ok(st)
    }
}

/// Reads up to `len` bytes at `off` into `dst`, retrying short reads until end of file.
///
/// # Safety
/// `dst` must be valid for writes of `len` bytes.
unsafe fn pread_raw(fd: &OwnedFd, dst: *mut u8, len: usize, off: u64) -> io::Result<usize> {
    let mut done = 0;
    while done < len {
        // SAFETY: the caller guarantees `dst` has room for `len` bytes.
        let r = unsafe {
            libc::pread(
                fd.as_raw_fd(),
                dst.add(done).cast(),
                len - done,
                (off + done as u64) as libc::off_t,
            )
        };
        if r < 0 {
            let e = io::Error::last_os_error();
            if e.raw_os_error() == Some(libc::EINTR) {
                continue;
            }
            return Err(e);
        }
        if r == 0 {
            break;
        }
        done += r as usize;
    }
    Ok(done)
}

pub fn pread(fd: &OwnedFd, buf: &mut [u8], off: u64) -> io::Result<usize> {
    // SAFETY: `buf` is valid for writes of its length.
    unsafe { pread_raw(fd, buf.as_mut_ptr(), buf.len(), off) }
}

/// One preadv2 with RWF_NOWAIT of exactly `len` bytes at `off` into `dst`: Ok(None) when
/// it would wait for the device or came back short.
///
/// # Safety
/// `dst` must be valid for writes of `len` bytes.
unsafe fn pread_nowait(
    fd: &OwnedFd,
    dst: *mut u8,
    len: usize,
    off: u64,
) -> io::Result<Option<usize>> {
    let iov = libc::iovec {
        iov_base: dst.cast(),
        iov_len: len,
    };
    // SAFETY: one iovec the caller vouches for.
    let r = unsafe {
        libc::preadv2(
            fd.as_raw_fd(),
            &iov,
            1,
            off as libc::off_t,
            libc::RWF_NOWAIT,
        )
    };
    if r < 0 {
        let e = io::Error::last_os_error();
        return match e.raw_os_error() {
            Some(libc::EAGAIN) | Some(libc::EOPNOTSUPP) | Some(libc::EINTR) => Ok(None),
            _ => Err(e),
        };
    }
    Ok((r as usize == len).then_some(len))
}

/// Writes `buf` at `off` as far as it goes without waiting (pwritev2 with RWF_NOWAIT):
/// Ok(Some(n)) with the bytes written (fewer than all when the rest would wait), Ok(None)
/// when the file system takes no such write (EOPNOTSUPP: ext4's buffered writes).
pub fn pwrite_nowait(fd: &OwnedFd, buf: &[u8], off: u64) -> io::Result<Option<usize>> {
    let mut done = 0;
    while done < buf.len() {
        let iov = libc::iovec {
            iov_base: buf[done..].as_ptr() as *mut libc::c_void,
            iov_len: buf.len() - done,
        };
        // SAFETY: one iovec over the unwritten tail of `buf`, which the kernel only reads.
        let r = unsafe {
            libc::pwritev2(
                fd.as_raw_fd(),
                &iov,
                1,
                (off + done as u64) as libc::off_t,
                libc::RWF_NOWAIT,
            )
        };
        if r < 0 {
            let e = io::Error::last_os_error();
            match e.raw_os_error() {
                Some(libc::EINTR) => continue,
                Some(libc::EAGAIN) => break,
                Some(libc::EOPNOTSUPP) if done == 0 => return Ok(None),
                Some(libc::EOPNOTSUPP) => break,
                _ => return Err(e),
            }
        }
        if r == 0 {
            break;
        }
        done += r as usize;
    }
    Ok(Some(done))
}

/// Reads all of `buf` at `off` only if the page cache holds it: Ok(None) when the read
/// would wait for the device (or the cache holds only part of it, or the file ends
/// before it).
pub fn pread_cached(fd: &OwnedFd, buf: &mut [u8], off: u64) -> io::Result<Option<usize>> {
    // SAFETY: `buf` is valid for writes of its length.
    unsafe { pread_nowait(fd, buf.as_mut_ptr(), buf.len(), off) }
}

/// [`pread_cached`] of `len` bytes appended to `out`, into its spare capacity (nothing
/// is appended when the read would wait).
pub fn pread_cached_append(
    fd: &OwnedFd,
    len: usize,
    off: u64,
    out: &mut Vec<u8>,
) -> io::Result<Option<usize>> {
    out.reserve(len);
    let at = out.len();
    // SAFETY: reserve() made room for `len` bytes past `at`.
    let r = unsafe { pread_nowait(fd, out.as_mut_ptr().add(at), len, off)? };
    if r.is_some() {
        // SAFETY: the kernel initialised the `len` bytes it reported.
        unsafe { out.set_len(at + len) };
    }
    Ok(r)
}

/// Appends up to `len` bytes read at `off` to `out`, reading into its spare capacity.
pub fn pread_append(fd: &OwnedFd, len: usize, off: u64, out: &mut Vec<u8>) -> io::Result<usize> {
    out.reserve(len);
    let at = out.len();
    // SAFETY: reserve() made room for `len` bytes past `at`.
    let n = unsafe { pread_raw(fd, out.as_mut_ptr().add(at), len, off)? };
    // SAFETY: the kernel initialised the `n` bytes it reported.
    unsafe { out.set_len(at + n) };
    Ok(n)
}

pub fn pwrite(fd: &OwnedFd, buf: &[u8], off: u64) -> io::Result<usize> {
    let mut done = 0;
    while done < buf.len() {
        // SAFETY: the pointer and length describe the unwritten tail of `buf`.
        let r = unsafe {
            libc::pwrite(
                fd.as_raw_fd(),
                buf[done..].as_ptr().cast(),
                buf.len() - done,
                (off + done as u64) as libc::off_t,
            )
        };
        if r < 0 {
            let e = io::Error::last_os_error();
            if e.raw_os_error() == Some(libc::EINTR) {
                continue;
            }
            return Err(e);
        }
        done += r as usize;
    }
    Ok(done)
}

pub fn fdatasync(fd: &OwnedFd) -> io::Result<()> {
    // SAFETY: plain syscall on a valid descriptor.
    check(unsafe { libc::fdatasync(fd.as_raw_fd()) })
}

pub fn ftruncate(fd: &OwnedFd, len: u64) -> io::Result<()> {
    // SAFETY: plain syscall on a valid descriptor.
    check(unsafe { libc::ftruncate(fd.as_raw_fd(), len as libc::off_t) })
}

pub fn fallocate(fd: &OwnedFd, mode: i32, off: u64, len: u64) -> io::Result<()> {
    // SAFETY: plain syscall on a valid descriptor.
    check(unsafe { libc::fallocate(fd.as_raw_fd(), mode, off as libc::off_t, len as libc::off_t) })
}

/// FICLONERANGE: `dst` at `dst_off` shares `src`'s blocks at `src_off` for `len` bytes
/// (the file system's reflink; 0 = to the end of `src`).
pub fn clone_range(
    src: RawFd,
    src_off: u64,
    dst: &OwnedFd,
    dst_off: u64,
    len: u64,
) -> io::Result<()> {
    let arg = libc::file_clone_range {
        src_fd: i64::from(src),
        src_offset: src_off,
        src_length: len,
        dest_offset: dst_off,
    };
    // SAFETY: the ioctl reads one file_clone_range that lives across the call.
    check(unsafe { libc::ioctl(dst.as_raw_fd(), libc::FICLONERANGE, &arg) })
}

/// copy_file_range: up to `len` bytes from `src` at `src_off` to `dst` at `dst_off`
/// inside the kernel (a reflink where the file system can); how many were copied (0 at
/// the end of `src`).
pub fn copy_range(
    src: RawFd,
    src_off: u64,
    dst: &OwnedFd,
    dst_off: u64,
    len: usize,
) -> io::Result<usize> {
    let mut off_in = src_off as libc::loff_t;
    let mut off_out = dst_off as libc::loff_t;
    loop {
        // SAFETY: both offsets are locals the call updates; the descriptors are open.
        let r = unsafe {
            libc::copy_file_range(src, &mut off_in, dst.as_raw_fd(), &mut off_out, len, 0)
        };
        if r >= 0 {
            return Ok(r as usize);
        }
        let e = io::Error::last_os_error();
        if e.raw_os_error() != Some(libc::EINTR) {
            return Err(e);
        }
    }
}

/// Whether the file system under `dir` shares blocks between files (FICLONE between two
/// unnamed temporary files there; nothing is left behind).
pub fn reflink_works(dir: &OwnedFd) -> bool {
    let tmp = || {
        let name = CString::new(".").expect("no NUL");
        // SAFETY: openat with a NUL-terminated name; the descriptor is owned at once.
        let fd = unsafe {
            libc::openat(
                dir.as_raw_fd(),
                name.as_ptr(),
                libc::O_TMPFILE | libc::O_RDWR | libc::O_CLOEXEC,
                0o600,
            )
        };
        // SAFETY: a descriptor openat just returned and nothing else owns.
        (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd) })
    };
    let (Some(a), Some(b)) = (tmp(), tmp()) else {
        return false;
    };
    if pwrite(&a, &[0x5a; 4096], 0).is_err() {
        return false;
    }
    clone_range(a.as_raw_fd(), 0, &b, 0, 0).is_ok()
}

/// lseek with SEEK_DATA or SEEK_HOLE: the next data (or hole) at or after `off`; None
/// when there is none before the end of the file (ENXIO).
pub fn seek(fd: &OwnedFd, off: u64, whence: i32) -> io::Result<Option<u64>> {
    // SAFETY: plain syscall on a valid descriptor.
    let r = unsafe {
        libc::lseek(
            fd.as_raw_fd(),
            off.min(i64::MAX as u64) as libc::off_t,
            whence,
        )
    };
    if r >= 0 {
        return Ok(Some(r as u64));
    }
    let e = io::Error::last_os_error();
    match e.raw_os_error() {
        Some(libc::ENXIO) => Ok(None),
        _ => Err(e),
    }
}

pub fn futimens(fd: &OwnedFd, atime: Option<i128>, mtime: Option<i128>) -> io::Result<()> {
    let ts = |t: Option<i128>| match t {
        None => libc::timespec {
            tv_sec: 0,
            tv_nsec: libc::UTIME_OMIT,
        },
        Some(ns) => libc::timespec {
            tv_sec: ns.div_euclid(1_000_000_000) as libc::time_t,
            tv_nsec: ns.rem_euclid(1_000_000_000) as libc::c_long,
        },
    };
    let times = [ts(atime), ts(mtime)];
    // SAFETY: `times` is a live array of two timespecs.
    check(unsafe { libc::futimens(fd.as_raw_fd(), times.as_ptr()) })
}

pub fn fgetxattr(fd: &OwnedFd, name: &str, buf: &mut [u8]) -> io::Result<usize> {
    let n = cstr(name)?;
    // SAFETY: buffer pointer/length from a live slice, NUL-terminated name.
    let r = unsafe {
        libc::fgetxattr(
            fd.as_raw_fd(),
            n.as_ptr(),
            buf.as_mut_ptr().cast(),
            buf.len(),
        )
    };
    if r < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(r as usize)
    }
}

pub fn fsetxattr(fd: &OwnedFd, name: &str, val: &[u8]) -> io::Result<()> {
    let n = cstr(name)?;
    // SAFETY: value pointer/length from a live slice, NUL-terminated name.
    check(unsafe {
        libc::fsetxattr(
            fd.as_raw_fd(),
            n.as_ptr(),
            val.as_ptr().cast(),
            val.len(),
            0,
        )
    })
}

pub fn fremovexattr(fd: &OwnedFd, name: &str) -> io::Result<()> {
    let n = cstr(name)?;
    // SAFETY: a NUL-terminated name on a descriptor we hold.
    check(unsafe { libc::fremovexattr(fd.as_raw_fd(), n.as_ptr()) })
}

pub fn fstatvfs(fd: &OwnedFd) -> io::Result<libc::statvfs> {
    // SAFETY: fills a zeroed struct we own.
    unsafe {
        let mut s: libc::statvfs = std::mem::zeroed();
        check(libc::fstatvfs(fd.as_raw_fd(), &mut s))?;
        Ok(s)
    }
}

/// Names in a directory ("." and ".." excluded), read through a duplicate descriptor so the
/// caller's offset is untouched.
pub fn list_names(fd: &OwnedFd) -> io::Result<Vec<Vec<u8>>> {
    Ok(list_typed(fd)?.into_iter().map(|(n, _)| n).collect())
}

/// The directory's names ("." and ".." left out) with their d_type (DT_UNKNOWN where the
/// file system does not say), without a stat each: one getdents pass.
pub fn list_typed(fd: &OwnedFd) -> io::Result<Vec<(Vec<u8>, u8)>> {
    let dup = fd.try_clone()?;
    let raw = {
        use std::os::fd::IntoRawFd;
        dup.into_raw_fd()
    };
    // SAFETY: fdopendir takes ownership of `raw` (closed by closedir below).
    let dir = unsafe { libc::fdopendir(raw) };
    if dir.is_null() {
        // SAFETY: fdopendir failed, so `raw` is still ours to close.
        unsafe { libc::close(raw) };
        return Err(io::Error::last_os_error());
    }
    // SAFETY: rewind a directory stream we own.
    unsafe { libc::rewinddir(dir) };
    let mut out = Vec::new();
    loop {
        // SAFETY: readdir on our stream; the entry is valid until the next call.
        let e = unsafe { libc::readdir(dir) };
        if e.is_null() {
            break;
        }
        // SAFETY: d_name is NUL-terminated inside the entry.
        let name = unsafe { std::ffi::CStr::from_ptr((*e).d_name.as_ptr()) }
            .to_bytes()
            .to_vec();
        // SAFETY: as above.
        let kind = unsafe { (*e).d_type };
        if name != b"." && name != b".." {
            out.push((name, kind));
        }
        if out.len() > 1_000_000 {
            break;
        }
    }
    // SAFETY: closes the stream and the descriptor it owns.
    unsafe { libc::closedir(dir) };
    Ok(out)
}
