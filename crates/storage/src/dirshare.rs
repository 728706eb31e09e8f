//! A share backed by a Linux directory.

mod meta;

pub use file::DirFile;
use file::{preallocate, Twin};
use meta::{ea_size_of, info_from, read_meta, read_sd, user_xattrs, write_meta, Meta};
mod file;

use crate::sys;
use smb_server::backend::{
    CreateAction, Disposition, FileInfo, FileObj, FsInfo, Kind, OpenParams, Share, SharePath,
};
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
    /// The file system shares blocks between files (reflink), probed at open.
    reflink: bool,
}

use smb_wire::filetime::from_unix as filetime;

/// errno → NTSTATUS as Windows and Samba report them. `last` tells whether the failing
/// lookup was of the final component (a missing parent is OBJECT_PATH_NOT_FOUND).
pub(crate) fn status(e: &io::Error, last: bool) -> NtStatus {
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

fn io_status(e: io::Error) -> NtStatus {
    status(&e, true)
}

fn split(p: &SharePath) -> (String, String) {
    match p.split_last() {
        Some((parent, name)) => (parent.as_str().to_string(), name.to_string()),
        None => (String::new(), String::new()),
    }
}

/// `path` as stored, where a client spelled a component in another case: each
/// component that does not exist as spelled is looked for, case-insensitively, among
/// the names `names` gives for its directory; from the first found nowhere on, the
/// rest is kept as spelled. The common case costs one lookup.
pub(crate) fn resolve_case(
    path: &SharePath,
    exists: impl Fn(&SharePath) -> bool,
    names: impl Fn(&SharePath) -> Option<Vec<String>>,
) -> SharePath {
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
        let want = c.to_lowercase();
        let stored = names(&out).and_then(|n| n.into_iter().find(|n| n.to_lowercase() == want));
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
        let reflink = sys::reflink_works(&root);
        tracing::debug!(path = %shown, reflink, "share opened");
        Ok(DirShare {
            root,
            opts,
            reflink,
        })
    }

    /// Whether files on the share can share blocks (block cloning is offered).
    pub fn reflink(&self) -> bool {
        self.reflink
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
                change_set_at: None,
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
        let names = |dir: &SharePath| {
            sys::open_beneath(root, dir.as_str(), libc::O_RDONLY | libc::O_DIRECTORY, 0)
                .and_then(|d| sys::list_names(&d))
                .ok()
                .map(|names| {
                    names
                        .into_iter()
                        .filter_map(|n| String::from_utf8(n).ok())
                        .filter(|n| n != "." && n != "..")
                        .collect()
                })
        };
        resolve_case(path, exists, names)
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
            let action = smb_server::backend::existing_action(is_dir, p)?;
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
                    nowait_refused: Default::default(),
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
                    nowait_refused: Default::default(),
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
                nowait_refused: Default::default(),
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
            // The sparse mark lives in the xattr; holes are found with SEEK_HOLE.
            sparse_files: !self.opts.no_xattr,
            block_refcounting: self.reflink,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use smb_server::backend::BasicChange;

    fn params(d: Disposition, kind: Kind) -> OpenParams {
        OpenParams::read_write(d, kind)
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
        let started = crate::clock::now();
        f.zero_range(4096, u64::MAX - 4096).unwrap();
        f.zero_range(1 << 41, 4096).unwrap();
        assert!(crate::clock::since(started) < std::time::Duration::from_secs(10));
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

    #[test]
    fn a_change_time_set_holds_until_the_file_changes_again() {
        let t = tempfile::tempdir().unwrap();
        let s = DirShare::open(t.path(), DirShareOptions::default()).unwrap();
        let (f, _) = s
            .open(&p("c"), &params(Disposition::Create, Kind::Any))
            .unwrap();
        let set = 116_444_736_010_000_000; // 1970-01-01T00:00:01Z
        f.set_basic(&BasicChange {
            change_time: Some(set),
            ..Default::default()
        })
        .unwrap();
        assert_eq!(f.info().unwrap().change_time, set);
        assert_eq!(s.stat(&p("c")).unwrap().change_time, set);
        // A later change (past the timestamp grain) moves it on, as NTFS does.
        std::thread::sleep(std::time::Duration::from_millis(30));
        f.write_at(0, b"x").unwrap();
        assert!(f.info().unwrap().change_time > set + 10_000_000);
    }
}
