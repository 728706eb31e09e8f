//! A share backed by a Linux directory.

use crate::sys;
use smb_server::backend::{
    BasicChange, CreateAction, DirEntry, DirectFd, Disposition, FileInfo, FileObj, FsInfo, Kind,
    OpenParams, Share, SharePath,
};
use smb_wire::fscc::Ea;
use smb_wire::msg::attrs;
use smb_wire::NtStatus;
use std::io;
use std::os::fd::{AsRawFd, OwnedFd};
use std::path::Path;

#[derive(Clone, Debug, Default)]
pub struct DirShareOptions {
    /// Do not store DOS attributes in extended attributes (synthesize them instead).
    pub no_xattr: bool,
}

pub struct DirShare {
    root: OwnedFd,
    opts: DirShareOptions,
}

const XATTR: &str = "user.smbdirectd";
const XATTR_MAGIC: &[u8; 4] = b"SDX1";
use smb_wire::filetime::{from_unix as filetime, to_unix_ns as unix_ns};

/// errno → NTSTATUS as Windows and Samba report them. `last` tells whether the failing
/// lookup was of the final component (a missing parent is OBJECT_PATH_NOT_FOUND).
fn status(e: &io::Error, last: bool) -> NtStatus {
    match e.raw_os_error().unwrap_or(0) {
        libc::ENOENT if last => NtStatus::OBJECT_NAME_NOT_FOUND,
        libc::ENOENT | libc::ENOTDIR if !last => NtStatus::OBJECT_PATH_NOT_FOUND,
        libc::ENOTDIR => NtStatus::NOT_A_DIRECTORY,
        libc::EEXIST => NtStatus::OBJECT_NAME_COLLISION,
        libc::EISDIR => NtStatus::FILE_IS_A_DIRECTORY,
        libc::ENOTEMPTY => NtStatus::DIRECTORY_NOT_EMPTY,
        libc::ENOSPC | libc::EDQUOT | libc::EFBIG => NtStatus::DISK_FULL,
        libc::EACCES | libc::EPERM | libc::EXDEV | libc::ELOOP => NtStatus::ACCESS_DENIED,
        libc::ENAMETOOLONG => NtStatus::NAME_TOO_LONG,
        libc::EROFS => NtStatus::MEDIA_WRITE_PROTECTED,
        libc::EIO => NtStatus::IO_DEVICE_ERROR,
        libc::EBUSY | libc::ETXTBSY => NtStatus::SHARING_VIOLATION,
        // Out of descriptors or memory: this request fails, the server goes on.
        libc::EMFILE | libc::ENFILE | libc::ENOMEM => NtStatus::INSUFFICIENT_RESOURCES,
        libc::EOPNOTSUPP => NtStatus::NOT_SUPPORTED,
        _ => NtStatus::INTERNAL_ERROR,
    }
}

struct Meta {
    attributes: u32,
    creation: Option<u64>,
    /// A change time a client set; Linux cannot set ctime, so the later of this and the
    /// real ctime is reported.
    change: Option<u64>,
    /// The allocation a client asked for (FileAllocationInformation), reported while it
    /// is above the data's own rounded size: Linux counts extended-attribute blocks in
    /// st_blocks, so the block count cannot say it.
    alloc: Option<u64>,
}

fn read_meta(fd: &OwnedFd) -> Option<Meta> {
    let mut b = [0u8; 32];
    let n = sys::fgetxattr(fd, XATTR, &mut b).ok()?;
    if n < 16 || &b[..4] != XATTR_MAGIC {
        return None;
    }
    let attributes = u32::from_le_bytes(b[4..8].try_into().unwrap());
    let c = u64::from_le_bytes(b[8..16].try_into().unwrap());
    let ch = if n >= 24 {
        u64::from_le_bytes(b[16..24].try_into().unwrap())
    } else {
        0
    };
    let al = if n >= 32 {
        u64::from_le_bytes(b[24..32].try_into().unwrap())
    } else {
        0
    };
    Some(Meta {
        attributes,
        creation: (c != 0).then_some(c),
        change: (ch != 0).then_some(ch),
        alloc: (al != 0).then_some(al),
    })
}

fn write_meta(fd: &OwnedFd, m: &Meta) -> io::Result<()> {
    let mut b = Vec::with_capacity(16);
    b.extend_from_slice(XATTR_MAGIC);
    b.extend_from_slice(&m.attributes.to_le_bytes());
    b.extend_from_slice(&m.creation.unwrap_or(0).to_le_bytes());
    b.extend_from_slice(&m.change.unwrap_or(0).to_le_bytes());
    b.extend_from_slice(&m.alloc.unwrap_or(0).to_le_bytes());
    sys::fsetxattr(fd, XATTR, &b)
}

fn info_from(st: &libc::statx, meta: Option<Meta>) -> FileInfo {
    let is_dir = u32::from(st.stx_mode) & libc::S_IFMT == libc::S_IFDIR;
    let mtime = filetime(st.stx_mtime.tv_sec, st.stx_mtime.tv_nsec);
    let ctime = filetime(st.stx_ctime.tv_sec, st.stx_ctime.tv_nsec);
    let btime = if st.stx_mask & libc::STATX_BTIME != 0 {
        filetime(st.stx_btime.tv_sec, st.stx_btime.tv_nsec)
    } else {
        mtime.min(ctime)
    };
    let stored =
        meta.as_ref().map(|m| m.attributes).unwrap_or(0) & (attrs::SETTABLE | attrs::ARCHIVE);
    let mut a = stored & !(attrs::SPARSE_FILE | attrs::COMPRESSED | attrs::NORMAL);
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
    let change = meta.as_ref().and_then(|m| m.change).unwrap_or(0).max(ctime);
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

fn split(p: &SharePath) -> (String, String) {
    match p.split_last() {
        Some((parent, name)) => (parent.as_str().to_string(), name.to_string()),
        None => (String::new(), String::new()),
    }
}

impl DirShare {
    pub fn open(root: &Path, opts: DirShareOptions) -> io::Result<Self> {
        let f = std::fs::File::open(root)?;
        if !f.metadata()?.is_dir() {
            return Err(io::Error::other(format!(
                "{} is not a directory",
                root.display()
            )));
        }
        let shown = root.display().to_string();
        let root = OwnedFd::from(f);
        let mut opts = opts;
        if !opts.no_xattr && !user_xattrs(&root) {
            // DOS attributes, creation times, EAs and security descriptors live in user
            // extended attributes; without them those are not kept (and EAs are not
            // offered), while everything else works.
            tracing::warn!(
                path = %shown,
                "this file system has no user extended attributes: DOS attributes, creation \
                 times, EAs and security descriptors will not be kept on this share"
            );
            opts.no_xattr = true;
        }
        Ok(DirShare { root, opts })
    }

    /// Whether the share keeps what lives in extended attributes (DOS attributes,
    /// creation times, EAs, security descriptors).
    pub fn keeps_xattrs(&self) -> bool {
        !self.opts.no_xattr
    }

    fn parent(&self, parent: &str) -> Result<OwnedFd, NtStatus> {
        sys::open_beneath(
            self.root.as_raw_fd(),
            parent,
            libc::O_PATH | libc::O_DIRECTORY,
            0,
        )
        .map_err(|e| status(&e, false))
    }

    fn open_fd(
        &self,
        path: &str,
        dir: bool,
        write: bool,
        p: &OpenParams,
    ) -> Result<(OwnedFd, Twin), NtStatus> {
        let flags = if dir {
            libc::O_RDONLY | libc::O_DIRECTORY
        } else if write {
            libc::O_RDWR
        } else {
            libc::O_RDONLY
        };
        let fd = sys::open_beneath(self.root.as_raw_fd(), path, flags, 0)
            .map_err(|e| status(&e, true))?;
        Ok((fd, Twin::new(!dir && p.direct_io, write)))
    }

    /// Records a new (or overwritten) file's attributes: a file is marked for archiving as
    /// on NTFS; a directory keeps what it was given (ARCHIVE only if asked).
    fn set_new_meta(&self, fd: &OwnedFd, attributes: u32, is_dir: bool) {
        if self.opts.no_xattr {
            return;
        }
        let archive = if is_dir { 0 } else { attrs::ARCHIVE };
        let a = (attributes & (attrs::SETTABLE | attrs::ARCHIVE)) | archive;
        let _ = write_meta(
            fd,
            &Meta {
                attributes: a,
                creation: None,
                change: None,
                alloc: None,
            },
        );
    }
}

impl Share for DirShare {
    fn open(
        &self,
        path: &SharePath,
        p: &OpenParams,
    ) -> Result<(Box<dyn FileObj>, CreateAction), NtStatus> {
        crate::stats::timed(crate::stats::OP_OPEN, || self.open_timed(path, p))
    }

    fn rename(&self, from: &SharePath, to: &SharePath, replace: bool) -> Result<(), NtStatus> {
        crate::stats::timed(crate::stats::OP_OTHER, || {
            self.rename_timed(from, to, replace)
        })
    }

    fn link(&self, from: &SharePath, to: &SharePath, replace: bool) -> Result<(), NtStatus> {
        crate::stats::timed(crate::stats::OP_OTHER, || {
            let (fd, fname, td, tname) = self.parents(from, to)?;
            match sys::linkat(fd.as_raw_fd(), &fname, td.as_raw_fd(), &tname) {
                Err(e) if replace && e.raw_os_error() == Some(libc::EEXIST) => {
                    // Replaced: the new name is linked beside, then moved over the old.
                    let tmp = format!(".smbdirectd-link-{}", std::process::id());
                    sys::linkat(fd.as_raw_fd(), &fname, td.as_raw_fd(), &tmp)
                        .map_err(|e| status(&e, true))?;
                    sys::renameat2(td.as_raw_fd(), &tmp, td.as_raw_fd(), &tname, false).map_err(
                        |e| {
                            let _ = sys::unlinkat(td.as_raw_fd(), &tmp, false);
                            status(&e, true)
                        },
                    )
                }
                r => r.map_err(|e| status(&e, true)),
            }
        })
    }

    fn remove(&self, path: &SharePath, is_dir: bool) -> Result<(), NtStatus> {
        crate::stats::timed(crate::stats::OP_OTHER, || self.remove_timed(path, is_dir))
    }

    fn stat(&self, path: &SharePath) -> Result<FileInfo, NtStatus> {
        crate::stats::timed(crate::stats::OP_OTHER, || self.stat_timed(path))
    }

    fn fs_info(&self) -> Result<FsInfo, NtStatus> {
        self.fs_info_timed()
    }

    fn security(&self, path: &SharePath) -> Option<Vec<u8>> {
        if self.opts.no_xattr {
            return None;
        }
        let f = sys::open_beneath(
            self.root.as_raw_fd(),
            path.as_str(),
            libc::O_RDONLY | libc::O_NONBLOCK,
            0,
        )
        .ok()?;
        read_sd(&f)
    }

    fn canonical(&self, path: &SharePath) -> SharePath {
        let root = self.root.as_raw_fd();
        let exists = |p: &SharePath| sys::open_beneath(root, p.as_str(), libc::O_PATH, 0).is_ok();
        // The common case costs one lookup: the client spelled it as stored.
        if path.is_root() || exists(path) {
            return path.clone();
        }
        let mut out = SharePath::root();
        let mut comps = path.as_str().split('/');
        for c in comps.by_ref() {
            let exact = out.join(c);
            if exists(&exact) {
                out = exact;
                continue;
            }
            let stored =
                sys::open_beneath(root, out.as_str(), libc::O_RDONLY | libc::O_DIRECTORY, 0)
                    .and_then(|d| sys::list_names(&d))
                    .ok()
                    .and_then(|names| {
                        let want = c.to_lowercase();
                        names
                            .into_iter()
                            .filter_map(|n| String::from_utf8(n).ok())
                            .filter(|n| n != "." && n != "..")
                            .find(|n| n.to_lowercase() == want)
                    });
            match stored {
                Some(n) => out = out.join(&n),
                None => {
                    out = out.join(c);
                    break;
                }
            }
        }
        for c in comps {
            out = out.join(c);
        }
        out
    }
}

impl DirShare {
    fn open_timed(
        &self,
        path: &SharePath,
        p: &OpenParams,
    ) -> Result<(Box<dyn FileObj>, CreateAction), NtStatus> {
        let existing = sys::open_beneath(self.root.as_raw_fd(), path.as_str(), libc::O_PATH, 0);
        let existing = match existing {
            Ok(fd) => Some(sys::fstat(&fd).map_err(|e| status(&e, true))?),
            Err(e) if e.raw_os_error() == Some(libc::ENOENT) => {
                // Tell a missing parent from a missing final component.
                let (parent, _) = split(path);
                self.parent(&parent)?;
                None
            }
            Err(e) => return Err(status(&e, true)),
        };
        if let Some(st) = existing {
            let is_dir = u32::from(st.stx_mode) & libc::S_IFMT == libc::S_IFDIR;
            let is_reg = u32::from(st.stx_mode) & libc::S_IFMT == libc::S_IFREG;
            if !is_dir && !is_reg {
                return Err(NtStatus::ACCESS_DENIED);
            }
            if is_dir && p.kind == Kind::NonDirectory {
                return Err(NtStatus::FILE_IS_A_DIRECTORY);
            }
            if !is_dir && p.kind == Kind::Directory {
                return Err(NtStatus::NOT_A_DIRECTORY);
            }
            let action = match p.disposition {
                Disposition::Create => return Err(NtStatus::OBJECT_NAME_COLLISION),
                Disposition::Open | Disposition::OpenIf => CreateAction::Opened,
                Disposition::Overwrite | Disposition::OverwriteIf if !is_dir => {
                    CreateAction::Overwritten
                }
                Disposition::Supersede if !is_dir => CreateAction::Superseded,
                _ => return Err(NtStatus::INVALID_PARAMETER),
            };
            let write = p.write || action != CreateAction::Opened;
            let (fd, direct) = self.open_fd(path.as_str(), is_dir, write, p)?;
            if action != CreateAction::Opened {
                sys::ftruncate(&fd, 0).map_err(|e| status(&e, true))?;
                self.set_new_meta(&fd, p.attributes, false);
                if p.allocation_size > 0 {
                    preallocate(&fd, !self.opts.no_xattr, p.allocation_size)?;
                }
            }
            return Ok((
                Box::new(DirFile {
                    fd,
                    is_dir,
                    direct,
                    xattr: !self.opts.no_xattr,
                    write_through: p.write_through && !is_dir,
                }),
                action,
            ));
        }
        if matches!(p.disposition, Disposition::Open | Disposition::Overwrite) {
            return Err(NtStatus::OBJECT_NAME_NOT_FOUND);
        }
        let (parent, name) = split(path);
        if p.kind == Kind::Directory {
            let pfd = self.parent(&parent)?;
            sys::mkdirat(pfd.as_raw_fd(), &name, 0o755).map_err(|e| status(&e, true))?;
            let (fd, _) = self.open_fd(path.as_str(), true, false, p)?;
            self.set_new_meta(&fd, p.attributes, true);
            return Ok((
                Box::new(DirFile {
                    fd,
                    is_dir: true,
                    direct: Twin::new(false, false),
                    xattr: !self.opts.no_xattr,
                    write_through: false,
                }),
                CreateAction::Created,
            ));
        }
        let flags = libc::O_RDWR | libc::O_CREAT | libc::O_EXCL;
        let fd = sys::open_beneath(self.root.as_raw_fd(), path.as_str(), flags, 0o644)
            .map_err(|e| status(&e, true))?;
        self.set_new_meta(&fd, p.attributes, false);
        if p.allocation_size > 0 {
            preallocate(&fd, !self.opts.no_xattr, p.allocation_size)?;
        }
        let direct = Twin::new(p.direct_io, true);
        Ok((
            Box::new(DirFile {
                fd,
                is_dir: false,
                direct,
                xattr: !self.opts.no_xattr,
                write_through: p.write_through,
            }),
            CreateAction::Created,
        ))
    }

    /// The parent directories and last names of two paths (a rename's or a link's).
    fn parents(
        &self,
        from: &SharePath,
        to: &SharePath,
    ) -> Result<(OwnedFd, String, OwnedFd, String), NtStatus> {
        let (fp, fname) = split(from);
        let (tp, tname) = split(to);
        if fname.is_empty() || tname.is_empty() {
            return Err(NtStatus::ACCESS_DENIED);
        }
        Ok((self.parent(&fp)?, fname, self.parent(&tp)?, tname))
    }

    fn rename_timed(
        &self,
        from: &SharePath,
        to: &SharePath,
        replace: bool,
    ) -> Result<(), NtStatus> {
        let (fd, fname, td, tname) = self.parents(from, to)?;
        sys::renameat2(fd.as_raw_fd(), &fname, td.as_raw_fd(), &tname, !replace)
            .map_err(|e| status(&e, true))
    }

    fn remove_timed(&self, path: &SharePath, is_dir: bool) -> Result<(), NtStatus> {
        let (parent, name) = split(path);
        if name.is_empty() {
            return Err(NtStatus::ACCESS_DENIED);
        }
        let pfd = self.parent(&parent)?;
        sys::unlinkat(pfd.as_raw_fd(), &name, is_dir).map_err(|e| status(&e, true))
    }

    fn stat_timed(&self, path: &SharePath) -> Result<FileInfo, NtStatus> {
        let fd = sys::open_beneath(self.root.as_raw_fd(), path.as_str(), libc::O_PATH, 0)
            .map_err(|e| status(&e, true))?;
        let st = sys::fstat(&fd).map_err(|e| status(&e, true))?;
        let meta = if self.opts.no_xattr {
            None
        } else {
            sys::open_beneath(
                self.root.as_raw_fd(),
                path.as_str(),
                libc::O_RDONLY | libc::O_NONBLOCK,
                0,
            )
            .ok()
        };
        let mut info = info_from(&st, meta.as_ref().and_then(read_meta));
        info.ea_size = meta.as_ref().map_or(0, ea_size_of);
        Ok(info)
    }

    fn fs_info_timed(&self) -> Result<FsInfo, NtStatus> {
        let s = sys::fstatvfs(&self.root).map_err(|e| status(&e, true))?;
        let frsize = s.f_frsize as u64;
        let st = sys::fstat(&self.root).map_err(|e| status(&e, true))?;
        Ok(FsInfo {
            total_bytes: s.f_blocks as u64 * frsize,
            free_bytes: s.f_bfree as u64 * frsize,
            avail_bytes: s.f_bavail as u64 * frsize,
            bytes_per_sector: 512,
            sectors_per_unit: (frsize / 512).max(1) as u32,
            max_name_len: s.f_namemax as u32,
            volume_serial: (s.f_fsid as u32) ^ (s.f_fsid >> 32) as u32,
            volume_creation_time: filetime(st.stx_btime.tv_sec, st.stx_btime.tv_nsec),
            keeps_xattrs: !self.opts.no_xattr,
        })
    }
}

/// An open file's O_DIRECT twin (a `direct_io` share) and the alignment its I/O needs.
struct Direct {
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
fn direct_twin(fd: &OwnedFd, write: bool) -> Option<Direct> {
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
struct Twin {
    wanted: bool,
    write: bool,
    cell: std::sync::OnceLock<Option<Direct>>,
}

impl Twin {
    fn new(wanted: bool, write: bool) -> Twin {
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
    fd: OwnedFd,
    is_dir: bool,
    direct: Twin,
    xattr: bool,
    /// Opened write-through: every write is followed by an fdatasync before it is
    /// acknowledged (by the engine, which can have the worker's ring do it), instead of
    /// an O_DSYNC descriptor that would hold the worker for the device on each write.
    write_through: bool,
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
fn cached_read(f: impl FnOnce() -> io::Result<Option<usize>>) -> Option<Result<usize, NtStatus>> {
    let t = std::time::Instant::now();
    let r = f();
    if !matches!(r, Ok(None)) {
        crate::stats::observe(crate::stats::OP_READ, t.elapsed());
    }
    r.map_err(io_status).transpose()
}

/// Whether the file system under `dir` takes user extended attributes (tmpfs before
/// Linux 6.6 does not): a probe attribute is set on the directory and removed. A refusal
/// for want of permission is not a missing feature.
fn user_xattrs(dir: &OwnedFd) -> bool {
    const PROBE: &str = "user.smbdirectd.probe";
    match sys::fsetxattr(dir, PROBE, b"1") {
        Ok(()) => {
            let _ = sys::fremovexattr(dir, PROBE);
            true
        }
        Err(e) => !matches!(e.raw_os_error(), Some(libc::EOPNOTSUPP)),
    }
}

fn io_status(e: io::Error) -> NtStatus {
    status(&e, true)
}

/// Where a file's EAs live: one extended attribute holding the whole list.
const XATTR_EAS: &str = "user.smbdirectd.eas";
/// The largest EA list a file may hold (Windows: 64 KiB).
const MAX_EA_LIST: usize = 65535;

/// Where a file's security descriptor lives (self-relative, as a client set it).
const XATTR_SD: &str = "user.smbdirectd.sd";
/// Descriptors larger than this are refused (Windows caps them at 64 KiB).
const MAX_SD: usize = 65536;

fn read_sd(fd: &OwnedFd) -> Option<Vec<u8>> {
    let n = sys::fgetxattr(fd, XATTR_SD, &mut []).ok()?;
    if n == 0 || n > MAX_SD {
        return None;
    }
    let mut b = vec![0u8; n];
    let n = sys::fgetxattr(fd, XATTR_SD, &mut b).ok()?;
    b.truncate(n);
    Some(b)
}

/// Reserves `len` bytes for a file without changing its size, and remembers the request
/// (FileAllocationInformation, or a CREATE's allocation size) for reporting.
fn preallocate(fd: &OwnedFd, xattr: bool, len: u64) -> Result<(), NtStatus> {
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
        });
        m.alloc = (len != 0).then_some(len);
        write_meta(fd, &m).map_err(io_status)?;
    }
    Ok(())
}

/// EaSize of a file: one probe of the attribute's length when it has no EAs.
fn ea_size_of(fd: &OwnedFd) -> u32 {
    match sys::fgetxattr(fd, XATTR_EAS, &mut []) {
        Ok(0) | Err(_) => 0,
        Ok(_) => read_eas(fd).map_or(0, |e| smb_wire::fscc::ea_list_size(&e)),
    }
}

fn read_eas(fd: &OwnedFd) -> Result<Vec<Ea>, NtStatus> {
    let mut b = vec![0u8; MAX_EA_LIST + 1024];
    let n = match sys::fgetxattr(fd, XATTR_EAS, &mut b) {
        Ok(n) => n,
        Err(e) if e.raw_os_error() == Some(libc::ENODATA) => return Ok(Vec::new()),
        Err(e) => return Err(io_status(e)),
    };
    // flags u8, name length u8, value length u16, name, value; repeated.
    let mut out = Vec::new();
    let mut r = &b[..n];
    while !r.is_empty() {
        if r.len() < 4 {
            return Err(NtStatus::EA_CORRUPT_ERROR);
        }
        let (nl, vl) = (r[1] as usize, u16::from_le_bytes([r[2], r[3]]) as usize);
        if r.len() < 4 + nl + vl {
            return Err(NtStatus::EA_CORRUPT_ERROR);
        }
        let name =
            String::from_utf8(r[4..4 + nl].to_vec()).map_err(|_| NtStatus::EA_CORRUPT_ERROR)?;
        out.push(Ea {
            flags: r[0],
            name,
            value: r[4 + nl..4 + nl + vl].to_vec(),
        });
        r = &r[4 + nl + vl..];
    }
    Ok(out)
}

fn write_eas(fd: &OwnedFd, eas: &[Ea]) -> Result<(), NtStatus> {
    let mut b = Vec::new();
    for e in eas {
        b.push(e.flags);
        b.push(e.name.len() as u8);
        b.extend_from_slice(&(e.value.len() as u16).to_le_bytes());
        b.extend_from_slice(e.name.as_bytes());
        b.extend_from_slice(&e.value);
    }
    if smb_wire::fscc::ea_list_size(eas) as usize > MAX_EA_LIST {
        return Err(NtStatus::EA_TOO_LARGE);
    }
    sys::fsetxattr(fd, XATTR_EAS, &b).map_err(|e| match e.raw_os_error() {
        Some(libc::E2BIG | libc::ENOSPC | libc::ERANGE) => NtStatus::EA_TOO_LARGE,
        Some(libc::ENOTSUP) => NtStatus::EAS_NOT_SUPPORTED,
        _ => io_status(e),
    })
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
        for c in changes {
            let pos = eas
                .iter()
                .position(|e| e.name.eq_ignore_ascii_case(&c.name));
            match (pos, c.value.is_empty()) {
                (Some(i), true) => {
                    eas.remove(i);
                }
                (None, true) => {}
                (Some(i), false) => {
                    eas[i].value = c.value.clone();
                    eas[i].flags = c.flags;
                }
                (None, false) => eas.push(Ea {
                    flags: c.flags,
                    name: c.name.to_ascii_uppercase(),
                    value: c.value.clone(),
                }),
            }
        }
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
            });
            if let Some(t) = c.change_time {
                m.change = Some(t);
            }
            if let Some(a) = c.attributes {
                m.attributes = a & (attrs::SETTABLE | attrs::ARCHIVE);
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

    fn raw_fd(&self) -> Option<i32> {
        Some(self.fd.as_raw_fd())
    }

    fn direct(&self) -> Option<DirectFd> {
        self.twin().map(Direct::public)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(d: Disposition, kind: Kind) -> OpenParams {
        OpenParams {
            disposition: d,
            kind,
            read: true,
            write: true,
            attributes: 0,
            allocation_size: 0,
            write_through: false,
            direct_io: false,
        }
    }

    fn p(s: &str) -> SharePath {
        SharePath::from_validated(s.to_string())
    }

    #[test]
    fn names_resolve_case_insensitively_and_stay_beneath_the_root() {
        let t = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(t.path().join("share/Dir")).unwrap();
        std::fs::write(t.path().join("share/Dir/File.TXT"), b"x").unwrap();
        std::fs::write(t.path().join("Outside.txt"), b"x").unwrap();
        let s = DirShare::open(&t.path().join("share"), DirShareOptions::default()).unwrap();
        let c = |x: &str| s.canonical(&p(x)).as_str().to_string();
        assert_eq!(c("Dir/File.TXT"), "Dir/File.TXT");
        assert_eq!(c("dir/file.txt"), "Dir/File.TXT");
        assert_eq!(c("DIR/new.txt"), "Dir/new.txt");
        assert_eq!(c("nodir/Sub/x"), "nodir/Sub/x");
        assert_eq!(c(""), "");
        // Only the share's own directories are searched.
        assert_eq!(c("../outside.txt"), "../outside.txt");
        assert!(
            s.stat(&p("dir/file.txt")).is_err(),
            "stat itself stays exact"
        );
    }

    #[test]
    fn dispositions() {
        let t = tempfile::tempdir().unwrap();
        let s = DirShare::open(t.path(), DirShareOptions::default()).unwrap();
        use Disposition::*;
        let e = |r: Result<(Box<dyn FileObj>, CreateAction), NtStatus>| r.err().unwrap();
        assert_eq!(
            e(s.open(&p("f"), &params(Open, Kind::Any))),
            NtStatus::OBJECT_NAME_NOT_FOUND
        );
        assert_eq!(
            e(s.open(&p("f"), &params(Overwrite, Kind::Any))),
            NtStatus::OBJECT_NAME_NOT_FOUND
        );
        assert_eq!(
            e(s.open(&p("x/f"), &params(Create, Kind::Any))),
            NtStatus::OBJECT_PATH_NOT_FOUND
        );
        let (f, a) = s.open(&p("f"), &params(Create, Kind::Any)).unwrap();
        assert_eq!(a, CreateAction::Created);
        f.write_at(0, b"hello").unwrap();
        assert_eq!(
            e(s.open(&p("f"), &params(Create, Kind::Any))),
            NtStatus::OBJECT_NAME_COLLISION
        );
        let (f, a) = s.open(&p("f"), &params(OpenIf, Kind::Any)).unwrap();
        assert_eq!(
            (a, f.info().unwrap().end_of_file),
            (CreateAction::Opened, 5)
        );
        let (f, a) = s.open(&p("f"), &params(OverwriteIf, Kind::Any)).unwrap();
        assert_eq!(
            (a, f.info().unwrap().end_of_file),
            (CreateAction::Overwritten, 0)
        );
        let (_, a) = s.open(&p("f"), &params(Supersede, Kind::Any)).unwrap();
        assert_eq!(a, CreateAction::Superseded);
        assert_eq!(
            e(s.open(&p("f"), &params(Open, Kind::Directory))),
            NtStatus::NOT_A_DIRECTORY
        );
        let (d, a) = s.open(&p("d"), &params(Create, Kind::Directory)).unwrap();
        assert_eq!(a, CreateAction::Created);
        assert!(d.info().unwrap().is_directory);
        assert_eq!(
            e(s.open(&p("d"), &params(Open, Kind::NonDirectory))),
            NtStatus::FILE_IS_A_DIRECTORY
        );
        s.open(&p("d/g"), &params(Create, Kind::Any)).unwrap();
        let names: Vec<String> = d.list_dir().unwrap().into_iter().map(|e| e.name).collect();
        assert_eq!(names, vec!["g"]);
        assert_eq!(s.remove(&p("d"), true), Err(NtStatus::DIRECTORY_NOT_EMPTY));
        assert_eq!(
            s.rename(&p("f"), &p("d/g"), false),
            Err(NtStatus::OBJECT_NAME_COLLISION)
        );
        s.rename(&p("f"), &p("d/g"), true).unwrap();
        assert!(!t.path().join("f").exists());
    }

    #[test]
    fn escapes_are_refused_and_nothing_changes_outside() {
        let t = tempfile::tempdir().unwrap();
        let share = t.path().join("share");
        let outside = t.path().join("outside");
        std::fs::create_dir_all(&share).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(outside.join("secret"), b"s").unwrap();
        std::os::unix::fs::symlink(&outside, share.join("out")).unwrap();
        std::os::unix::fs::symlink("../outside/secret", share.join("rel")).unwrap();
        std::os::unix::fs::symlink("/etc/passwd", share.join("abs")).unwrap();
        let s = DirShare::open(&share, DirShareOptions::default()).unwrap();
        use Disposition::*;
        for name in ["out/secret", "out/new", "rel", "abs", "out"] {
            for d in [Open, OpenIf, Create, OverwriteIf] {
                let r = s.open(&p(name), &params(d, Kind::Any));
                assert_eq!(r.err(), Some(NtStatus::ACCESS_DENIED), "{name} {d:?}");
            }
        }
        assert_eq!(
            s.rename(&p("rel"), &p("out/moved"), false),
            Err(NtStatus::ACCESS_DENIED)
        );
        assert_eq!(
            s.remove(&p("out/secret"), false),
            Err(NtStatus::ACCESS_DENIED)
        );
        let mut listing: Vec<_> = std::fs::read_dir(&outside)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        listing.sort();
        assert_eq!(listing, vec!["secret"]);
        assert_eq!(std::fs::read(outside.join("secret")).unwrap(), b"s");
        // The symlinks are not listed.
        let (root, _) = s
            .open(&SharePath::root(), &params(Open, Kind::Directory))
            .unwrap();
        assert!(root.list_dir().unwrap().is_empty());
    }

    /// FSCTL_SET_ZERO_DATA's range may reach far past the end of file: only the part below
    /// it is zeroed, in time bounded by the file's data, and the size stays.
    #[test]
    fn zeroing_stops_at_the_end_of_file() {
        let t = tempfile::tempdir().unwrap();
        let s = DirShare::open(t.path(), DirShareOptions::default()).unwrap();
        let (f, _) = s
            .open(&p("z"), &params(Disposition::Create, Kind::Any))
            .unwrap();
        f.write_at(0, &[7u8; 8192]).unwrap();
        f.write_at(1 << 30, &[9u8; 4096]).unwrap();
        // A sparse terabyte: zeroing it by writing would take hours.
        f.set_len(1 << 40).unwrap();
        let started = std::time::Instant::now();
        f.zero_range(4096, u64::MAX - 4096).unwrap();
        f.zero_range(1 << 41, 4096).unwrap();
        assert!(started.elapsed() < std::time::Duration::from_secs(10));
        assert_eq!(f.info().unwrap().end_of_file, 1 << 40);
        let mut b = vec![0u8; 8192];
        f.read_at(0, &mut b).unwrap();
        assert!(b[..4096].iter().all(|&x| x == 7) && b[4096..].iter().all(|&x| x == 0));
        f.read_at(1 << 30, &mut b[..4096]).unwrap();
        assert!(b[..4096].iter().all(|&x| x == 0));
    }

    #[test]
    fn attributes_round_trip() {
        let t = tempfile::tempdir().unwrap();
        let s = DirShare::open(t.path(), DirShareOptions::default()).unwrap();
        let (f, _) = s
            .open(&p("a"), &params(Disposition::Create, Kind::Any))
            .unwrap();
        let i = f.info().unwrap();
        assert_eq!(i.attributes & attrs::ARCHIVE, attrs::ARCHIVE);
        f.set_basic(&BasicChange {
            attributes: Some(attrs::HIDDEN | attrs::READONLY),
            creation_time: Some(130_000_000_000_000_000),
            last_write_time: Some(131_000_000_000_000_000),
            ..Default::default()
        })
        .unwrap();
        let i = f.info().unwrap();
        assert_eq!(i.attributes, attrs::HIDDEN | attrs::READONLY);
        assert_eq!(i.creation_time, 130_000_000_000_000_000);
        assert_eq!(i.last_write_time, 131_000_000_000_000_000);
        assert_eq!(
            s.stat(&p("a")).unwrap().attributes,
            attrs::HIDDEN | attrs::READONLY
        );
    }
}
