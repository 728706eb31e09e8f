//! A share on CephFS (`backend = "cephfs"`): the share is a directory of a Ceph file
//! system, mounted through libcephfs ([`cephfs::Mount`], rooted at that directory, so no
//! name can leave it), and every node of a cluster that serves it sees the same files.
//! What Windows keeps and POSIX does not lives in the same extended attributes as on a
//! directory share ([`crate::winmeta`]): DOS attributes, creation times, security
//! descriptors, EA lists. Names resolve case-insensitively as on a directory share (the
//! spelling stored wins).
//!
//! Every call here blocks on the cluster (an MDS or OSD round trip). READ, WRITE and
//! FLUSH are typed storage operations ([`CephTarget`]) the worker hands to the node's
//! CephFS threads ([`submit`]: a bounded pool, a bounded queue), which report back as
//! any I/O engine does; a worker never waits for the cluster's data path. Opens, names
//! and attributes are still calls the worker makes.

use std::sync::Arc;

use cephfs::{Errno, Mount, Statx};
use smb_server::backend::{
    BasicChange, CreateAction, DirEntry, Disposition, FileInfo, FileObj, FsInfo, Kind, OpenParams,
    Share, SharePath,
};
use smb_server::storage_op::{CephTarget, StorageOp};
use smb_wire::fscc::Ea;
use smb_wire::msg::attrs;
use smb_wire::NtStatus;

use crate::winmeta::{self, Meta, MAX_SD, XATTR, XATTR_EAS, XATTR_SD};

/// errno → NTSTATUS as a directory share maps it (`last`: the failing lookup was of the
/// final component).
fn status(e: Errno, last: bool) -> NtStatus {
    crate::dirshare::status(&std::io::Error::from_raw_os_error(e.0), last)
}

/// A name in the directory `parent` for a link made beside its final name, this
/// process's alone (the share is other nodes' too): random per process, then counted.
fn link_beside(parent: &str) -> String {
    use std::hash::{BuildHasher, Hasher};
    static SALT: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    static N: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let salt = SALT.get_or_init(|| {
        std::collections::hash_map::RandomState::new()
            .build_hasher()
            .finish()
    });
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = format!(".smbdirectd-link-{salt:016x}-{n}");
    if parent.is_empty() {
        name
    } else {
        format!("{parent}/{name}")
    }
}

fn st_of(e: Errno) -> NtStatus {
    status(e, true)
}

fn time(t: libc::timespec) -> (i64, u32) {
    (t.tv_sec, t.tv_nsec as u32)
}

fn stat_of(st: &Statx) -> winmeta::Stat {
    winmeta::Stat {
        is_dir: st.is_dir(),
        size: st.size,
        blocks: st.blocks,
        nlink: st.nlink,
        ino: st.ino,
        dev: st.dev,
        atime: time(st.atime),
        mtime: time(st.mtime),
        ctime: time(st.ctime),
        btime: st.has_btime().then(|| time(st.btime)),
    }
}

/// The parent's path and the last name of a share path.
fn split(p: &SharePath) -> (String, String) {
    match p.split_last() {
        Some((parent, name)) => (parent.as_str().to_string(), name.to_string()),
        None => (String::new(), String::new()),
    }
}

/// An EA list's size as FileEaInformation reports it (0: none).
fn ea_size(m: &Mount, fd: i32) -> u32 {
    match m.fgetxattr(fd, XATTR_EAS) {
        Ok(Some(b)) if !b.is_empty() => {
            crate::ealist::decode(&b).map_or(0, |e| smb_wire::fscc::ea_list_size(&e))
        }
        _ => 0,
    }
}

fn read_meta(m: &Mount, fd: i32) -> Option<Meta> {
    m.fgetxattr(fd, XATTR)
        .ok()
        .flatten()
        .and_then(|b| Meta::decode(&b))
}

/// A file's information from its stats and record. CephFS moves the change time only
/// forward and sets it to the write time a client sets, so a change time a client set
/// (or the time it set other times at) lives in the record, with the write time it was
/// stored at: it stands while the data is unchanged since (the write time the same),
/// and CephFS' own change time shows after that.
fn info_of(st: &Statx, meta: Option<Meta>) -> FileInfo {
    let stat = stat_of(st);
    let set = meta
        .as_ref()
        .and_then(|m| Some((m.change?, m.change_set_at?)));
    let meta = meta.map(|m| Meta {
        change: None,
        change_set_at: None,
        ..m
    });
    let mut info = winmeta::info_of(&stat, meta);
    let mtime = smb_wire::filetime::from_unix(stat.mtime.0, stat.mtime.1);
    if let Some((change, _)) = set.filter(|&(_, at)| at == mtime) {
        info.change_time = change;
    }
    info
}

pub struct CephShare {
    m: Arc<Mount>,
}

impl CephShare {
    /// Serves the file system `m` is mounted on (its root is the share's root).
    pub fn new(m: Mount) -> CephShare {
        CephShare { m: Arc::new(m) }
    }

    /// An open file of this share from its descriptor.
    fn file(&self, fd: i32, is_dir: bool, write_through: bool) -> Box<dyn FileObj> {
        Box::new(CephFile::new(&self.m, fd, is_dir, write_through))
    }

    /// Records a new (or overwritten) file's attributes, as a directory share does.
    fn set_new_meta(&self, fd: i32, attributes: u32, is_dir: bool) {
        let archive = if is_dir { 0 } else { attrs::ARCHIVE };
        let m = Meta {
            attributes: (attributes & (attrs::SETTABLE | attrs::ARCHIVE)) | archive,
            creation: None,
            change: None,
            alloc: None,
            change_set_at: None,
        };
        let _ = self.m.fsetxattr(fd, XATTR, &m.encode());
    }

    /// A rename's or link's two names checked (neither the root, both parents
    /// directories); the new name's parent.
    fn both_parents(&self, from: &SharePath, to: &SharePath) -> Result<String, NtStatus> {
        let (fp, fname) = split(from);
        let (tp, tname) = split(to);
        if fname.is_empty() || tname.is_empty() {
            return Err(NtStatus::ACCESS_DENIED);
        }
        self.parent(&fp)?;
        self.parent(&tp)?;
        Ok(tp)
    }

    fn parent(&self, parent: &str) -> Result<(), NtStatus> {
        match self.m.statx(parent) {
            Ok(st) if st.is_dir() => Ok(()),
            Ok(_) => Err(NtStatus::OBJECT_PATH_NOT_FOUND),
            Err(e) => Err(status(e, false)),
        }
    }

    fn open_existing(
        &self,
        path: &SharePath,
        st: &Statx,
        p: &OpenParams,
    ) -> Result<(Box<dyn FileObj>, CreateAction), NtStatus> {
        if !st.is_dir() && !st.is_file() {
            return Err(NtStatus::ACCESS_DENIED);
        }
        let is_dir = st.is_dir();
        let action = smb_server::backend::existing_action(is_dir, p)?;
        let write = p.write || action != CreateAction::Opened;
        let flags = if is_dir {
            libc::O_RDONLY | libc::O_DIRECTORY
        } else if write {
            libc::O_RDWR
        } else {
            libc::O_RDONLY
        };
        let fd = self
            .m
            .open(path.as_str(), flags | libc::O_NOFOLLOW, 0)
            .map_err(st_of)?;
        let f = self.file(fd, is_dir, p.write_through && !is_dir);
        if action != CreateAction::Opened {
            f.set_len(0)?;
            self.set_new_meta(fd, p.attributes, false);
            if p.allocation_size > 0 {
                f.allocate(p.allocation_size)?;
            }
        }
        Ok((f, action))
    }
}

impl Share for CephShare {
    fn open(
        &self,
        path: &SharePath,
        p: &OpenParams,
    ) -> Result<(Box<dyn FileObj>, CreateAction), NtStatus> {
        crate::stats::timed(crate::stats::OP_OPEN, || {
            match self.m.statx(path.as_str()) {
                Ok(st) => return self.open_existing(path, &st, p),
                Err(Errno(libc::ENOENT)) => self.parent(&split(path).0)?,
                Err(e) => return Err(st_of(e)),
            }
            if matches!(p.disposition, Disposition::Open | Disposition::Overwrite) {
                return Err(NtStatus::OBJECT_NAME_NOT_FOUND);
            }
            if p.kind == Kind::Directory {
                self.m.mkdir(path.as_str(), 0o755).map_err(st_of)?;
                let fd = self
                    .m
                    .open(path.as_str(), libc::O_RDONLY | libc::O_DIRECTORY, 0)
                    .map_err(st_of)?;
                self.set_new_meta(fd, p.attributes, true);
                return Ok((self.file(fd, true, false), CreateAction::Created));
            }
            let flags = libc::O_RDWR | libc::O_CREAT | libc::O_EXCL | libc::O_NOFOLLOW;
            let fd = self.m.open(path.as_str(), flags, 0o644).map_err(st_of)?;
            self.set_new_meta(fd, p.attributes, false);
            let f = self.file(fd, false, p.write_through);
            if p.allocation_size > 0 {
                f.allocate(p.allocation_size)?;
            }
            Ok((f, CreateAction::Created))
        })
    }

    fn rename(&self, from: &SharePath, to: &SharePath, replace: bool) -> Result<(), NtStatus> {
        crate::stats::timed(crate::stats::OP_OTHER, || {
            self.both_parents(from, to)?;
            // (libcephfs has no RENAME_NOREPLACE: the target is looked for first.)
            if !replace && self.m.statx(to.as_str()).is_ok() {
                return Err(NtStatus::OBJECT_NAME_COLLISION);
            }
            self.m.rename(from.as_str(), to.as_str()).map_err(st_of)
        })
    }

    fn link(&self, from: &SharePath, to: &SharePath, replace: bool) -> Result<(), NtStatus> {
        crate::stats::timed(crate::stats::OP_OTHER, || {
            let tp = self.both_parents(from, to)?;
            match self.m.link(from.as_str(), to.as_str()) {
                Err(e) if replace && e.0 == libc::EEXIST => {
                    // Replaced: the new name is linked beside, then moved over the old.
                    let tmp = link_beside(&tp);
                    self.m.link(from.as_str(), &tmp).map_err(st_of)?;
                    let r = self.m.rename(&tmp, to.as_str()).map_err(st_of);
                    // (Gone once renamed; left when the new name already was the same
                    // file's, or the rename failed.)
                    let _ = self.m.unlink(&tmp);
                    r
                }
                r => r.map_err(st_of),
            }
        })
    }

    fn remove(&self, path: &SharePath, is_dir: bool) -> Result<(), NtStatus> {
        crate::stats::timed(crate::stats::OP_OTHER, || {
            if path.is_root() {
                return Err(NtStatus::ACCESS_DENIED);
            }
            self.parent(&split(path).0)?;
            match is_dir {
                true => self.m.rmdir(path.as_str()),
                false => self.m.unlink(path.as_str()),
            }
            .map_err(st_of)
        })
    }

    fn stat(&self, path: &SharePath) -> Result<FileInfo, NtStatus> {
        crate::stats::timed(crate::stats::OP_OTHER, || {
            let st = self.m.statx(path.as_str()).map_err(st_of)?;
            if !st.is_dir() && !st.is_file() {
                return Err(NtStatus::OBJECT_NAME_NOT_FOUND);
            }
            let flags = if st.is_dir() {
                libc::O_RDONLY | libc::O_DIRECTORY
            } else {
                libc::O_RDONLY
            };
            let fd = self.m.open(path.as_str(), flags, 0).map_err(st_of)?;
            // (The file closes when the value goes.)
            CephFile::new(&self.m, fd, st.is_dir(), false).info()
        })
    }

    fn fs_info(&self) -> Result<FsInfo, NtStatus> {
        let s = self.m.statfs().map_err(st_of)?;
        let frsize = s.f_frsize;
        let root = self.m.statx("").map_err(st_of)?;
        Ok(FsInfo {
            total_bytes: s.f_blocks * frsize,
            free_bytes: s.f_bfree * frsize,
            avail_bytes: s.f_bavail * frsize,
            // CephFS reports 4 MiB units (its objects); clients are shown 4 KiB ones.
            bytes_per_sector: 512,
            sectors_per_unit: 8,
            max_name_len: s.f_namemax as u32,
            volume_serial: (root.ino as u32) ^ (s.f_fsid as u32),
            volume_creation_time: winmeta::info_of(&stat_of(&root), None).creation_time,
            keeps_xattrs: true,
            sparse_files: false,
            block_refcounting: false,
        })
    }

    fn canonical(&self, path: &SharePath) -> SharePath {
        crate::dirshare::resolve_case(
            path,
            |p| self.m.statx(p.as_str()).is_ok(),
            |dir| {
                let list = self.m.list(dir.as_str()).ok()?;
                Some(list.into_iter().map(|(n, _)| n).collect())
            },
        )
    }

    fn security(&self, path: &SharePath) -> Option<Vec<u8>> {
        self.m
            .getxattr(path.as_str(), XATTR_SD)
            .ok()
            .flatten()
            .filter(|sd| !sd.is_empty() && sd.len() <= MAX_SD)
    }
}

/// A descriptor of a share's mount, closed when the last holder lets go: the open file,
/// and the operations of it the CephFS threads have under way (a request's file keep).
struct CephIo {
    m: Arc<Mount>,
    fd: i32,
    /// The file's size as far as this handle has made it stable (a full sync after it
    /// saw that size): a stable write that ends within it needs only its data synced
    /// (as fdatasync; the MDS journals nothing), one past it the size too. Lowered
    /// before this handle cuts the file short.
    durable_size: std::sync::atomic::AtomicU64,
}

impl CephIo {
    /// Makes `offset..end` just written stable: its data, and the file's size with it
    /// unless the write ends within what is stable already.
    fn sync_write(&self, end: u64) -> cephfs::Result<()> {
        use std::sync::atomic::Ordering;
        if end <= self.durable_size.load(Ordering::Acquire) {
            return self.m.fsync(self.fd, true);
        }
        let size = self.m.fstatx(self.fd).map(|st| st.size).unwrap_or(0);
        self.m.fsync(self.fd, false)?;
        self.durable_size.fetch_max(size, Ordering::AcqRel);
        Ok(())
    }
}

impl Drop for CephIo {
    fn drop(&mut self) {
        let _ = self.m.close(self.fd);
    }
}

/// An open file or directory of a [`CephShare`].
pub struct CephFile {
    /// Its descriptor (also held by its operations under way).
    io: Arc<CephIo>,
    is_dir: bool,
    /// Opened write-through: the engine syncs after each write before it answers.
    write_through: bool,
}

impl CephFile {
    fn new(m: &Arc<Mount>, fd: i32, is_dir: bool, write_through: bool) -> CephFile {
        CephFile {
            io: Arc::new(CephIo {
                m: m.clone(),
                fd,
                durable_size: Default::default(),
            }),
            is_dir,
            write_through,
        }
    }

    fn meta_or_default(&self) -> Result<Meta, NtStatus> {
        Ok(match read_meta(&self.io.m, self.io.fd) {
            Some(m) => m,
            None => {
                let st = self.io.m.fstatx(self.io.fd).map_err(st_of)?;
                let base = winmeta::info_of(&stat_of(&st), None);
                Meta {
                    attributes: base.attributes & !(attrs::DIRECTORY | attrs::NORMAL),
                    creation: None,
                    change: None,
                    alloc: None,
                    change_set_at: None,
                }
            }
        })
    }

    fn write_meta(&self, m: &Meta) -> Result<(), NtStatus> {
        self.io
            .m
            .fsetxattr(self.io.fd, XATTR, &m.encode())
            .map_err(st_of)
    }

    /// A child's information (its stats from the listing, its record read through a
    /// descriptor of its own).
    fn child(&self, name: &str, st: &Statx) -> FileInfo {
        let fd = self.io.m.openat(
            self.io.fd,
            name,
            libc::O_RDONLY | libc::O_NOFOLLOW | if st.is_dir() { libc::O_DIRECTORY } else { 0 },
            0,
        );
        let (meta, eas) = match fd {
            Ok(fd) => {
                let r = (read_meta(&self.io.m, fd), ea_size(&self.io.m, fd));
                let _ = self.io.m.close(fd);
                r
            }
            Err(_) => (None, 0),
        };
        let mut info = info_of(st, meta);
        info.ea_size = eas;
        info
    }
}

impl FileObj for CephFile {
    fn info(&self) -> Result<FileInfo, NtStatus> {
        let st = self.io.m.fstatx(self.io.fd).map_err(st_of)?;
        let mut info = info_of(&st, read_meta(&self.io.m, self.io.fd));
        info.ea_size = ea_size(&self.io.m, self.io.fd);
        Ok(info)
    }

    fn read_at(&self, offset: u64, buf: &mut [u8]) -> Result<usize, NtStatus> {
        crate::stats::timed(crate::stats::OP_READ, || {
            self.io.m.read(self.io.fd, offset, buf)
        })
        .map_err(st_of)
    }

    fn write_at(&self, offset: u64, data: &[u8]) -> Result<usize, NtStatus> {
        crate::stats::timed(crate::stats::OP_WRITE, || {
            self.io.m.write(self.io.fd, offset, data)
        })
        .map_err(st_of)
    }

    fn writes_through(&self) -> bool {
        self.write_through
    }

    fn sync(&self) -> Result<(), NtStatus> {
        // Data and the size with it: what a client was told is stable is in the
        // cluster, whichever node reads it next.
        crate::stats::timed(crate::stats::OP_FLUSH, || {
            self.io.m.fsync(self.io.fd, false)
        })
        .map_err(st_of)
    }

    fn set_len(&self, len: u64) -> Result<(), NtStatus> {
        self.io
            .durable_size
            .fetch_min(len, std::sync::atomic::Ordering::AcqRel);
        self.io.m.ftruncate(self.io.fd, len).map_err(st_of)
    }

    fn allocate(&self, len: u64) -> Result<(), NtStatus> {
        // CephFS allocates as data is written (it has no preallocation): the request is
        // remembered for reporting, as a directory share does beside its fallocate.
        let mut m = self.meta_or_default()?;
        m.alloc = (len != 0).then_some(len);
        self.write_meta(&m)
    }

    fn set_basic(&self, c: &BasicChange) -> Result<(), NtStatus> {
        // The times CephFS keeps itself first; then the record: attributes, a creation
        // time, and the change time (see `info_of`): the one a client set, or now when
        // it set other times, as NTFS moves it.
        let ts = |t: u64| {
            let ns = smb_wire::filetime::to_unix_ns(t);
            libc::timespec {
                tv_sec: ns.div_euclid(1_000_000_000) as i64,
                tv_nsec: ns.rem_euclid(1_000_000_000) as i64,
            }
        };
        let mut st = Statx::default();
        let mut mask = 0;
        if let Some(t) = c.last_access_time {
            st.atime = ts(t);
            mask |= cephfs::SETATTR_ATIME;
        }
        if let Some(t) = c.last_write_time {
            st.mtime = ts(t);
            mask |= cephfs::SETATTR_MTIME;
        }
        if mask != 0 {
            self.io.m.fsetattrx(self.io.fd, &st, mask).map_err(st_of)?;
        }
        let change = match c.change_time {
            Some(t) => Some(t),
            None if mask != 0 => Some(smb_wire::filetime::of(crate::clock::wall())),
            None => None,
        };
        if c.attributes.is_none() && c.creation_time.is_none() && change.is_none() {
            return Ok(());
        }
        let mut m = self.meta_or_default()?;
        if let Some(a) = c.attributes {
            m.attributes =
                (a & (attrs::SETTABLE | attrs::ARCHIVE)) | (m.attributes & attrs::SPARSE_FILE);
        }
        if let Some(t) = c.creation_time {
            m.creation = Some(t);
        }
        if let Some(t) = change {
            let now = self.io.m.fstatx(self.io.fd).map_err(st_of)?;
            m.change = Some(t);
            m.change_set_at = Some(smb_wire::filetime::from_unix(
                now.mtime.tv_sec,
                now.mtime.tv_nsec as u32,
            ));
        }
        self.write_meta(&m)
    }

    fn list_dir(&self) -> Result<Vec<DirEntry>, NtStatus> {
        if !self.is_dir {
            return Err(NtStatus::INVALID_PARAMETER);
        }
        let mut list = self.io.m.flist(self.io.fd).map_err(st_of)?;
        list.retain(|(_, st)| st.is_dir() || st.is_file());
        list.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(list
            .into_iter()
            .map(|(name, st)| DirEntry {
                info: self.child(&name, &st),
                name,
            })
            .collect())
    }

    fn list_names(&self) -> Result<Vec<String>, NtStatus> {
        if !self.is_dir {
            return Err(NtStatus::INVALID_PARAMETER);
        }
        let mut names: Vec<String> = self
            .io
            .m
            .flist(self.io.fd)
            .map_err(st_of)?
            .into_iter()
            .filter(|(_, st)| st.is_dir() || st.is_file())
            .map(|(n, _)| n)
            .collect();
        names.sort();
        Ok(names)
    }

    fn child_info(&self, name: &str) -> Result<FileInfo, NtStatus> {
        if !self.is_dir {
            return Err(NtStatus::INVALID_PARAMETER);
        }
        let st = self.io.m.statxat(self.io.fd, name).map_err(st_of)?;
        if !st.is_dir() && !st.is_file() {
            return Err(NtStatus::OBJECT_NAME_NOT_FOUND);
        }
        Ok(self.child(name, &st))
    }

    fn zero_range(&self, offset: u64, len: u64) -> Result<(), NtStatus> {
        let st = self.io.m.fstatx(self.io.fd).map_err(st_of)?;
        let end = offset.saturating_add(len).min(st.size);
        if end <= offset {
            return Ok(());
        }
        let mode = libc::FALLOC_FL_PUNCH_HOLE | libc::FALLOC_FL_KEEP_SIZE;
        match self.io.m.fallocate(self.io.fd, mode, offset, end - offset) {
            Err(Errno(libc::EOPNOTSUPP)) => {
                // Zeros written instead, a MiB at a time.
                let zeros = vec![0u8; (end - offset).min(1 << 20) as usize];
                let mut at = offset;
                while at < end {
                    let n = (end - at).min(zeros.len() as u64) as usize;
                    self.io
                        .m
                        .write(self.io.fd, at, &zeros[..n])
                        .map_err(st_of)?;
                    at += n as u64;
                }
                Ok(())
            }
            r => r.map_err(st_of),
        }
    }

    fn raw_fd(&self) -> Option<i32> {
        None
    }

    fn ring_target(&self, offset: u64, _len: u64) -> Option<smb_server::backend::RingTarget> {
        if self.is_dir {
            return None;
        }
        Some(smb_server::backend::RingTarget {
            fd: -1,
            at: offset,
            // The request keeps the descriptor open until it is reported.
            file: Some(smb_server::backend::RingFile {
                key: 0,
                keep: self.io.clone(),
            }),
            spdk: None,
            ceph: Some(CephTarget {
                file: Arc::as_ptr(&self.io) as usize,
            }),
        })
    }

    fn eas(&self) -> Result<Vec<Ea>, NtStatus> {
        match self.io.m.fgetxattr(self.io.fd, XATTR_EAS).map_err(st_of)? {
            Some(b) => crate::ealist::decode(&b),
            None => Ok(Vec::new()),
        }
    }

    fn set_eas(&self, changes: &[Ea]) -> Result<(), NtStatus> {
        let mut eas = self.eas()?;
        crate::ealist::apply(&mut eas, changes)?;
        if smb_wire::fscc::ea_list_size(&eas) as usize > crate::ealist::MAX_EA_LIST {
            return Err(NtStatus::EA_TOO_LARGE);
        }
        self.io
            .m
            .fsetxattr(self.io.fd, XATTR_EAS, &crate::ealist::encode(&eas))
            .map_err(|e| match e.0 {
                libc::E2BIG | libc::ENOSPC | libc::ERANGE => NtStatus::EA_TOO_LARGE,
                _ => st_of(e),
            })
    }

    fn security(&self) -> Option<Vec<u8>> {
        self.io
            .m
            .fgetxattr(self.io.fd, XATTR_SD)
            .ok()
            .flatten()
            .filter(|sd| !sd.is_empty() && sd.len() <= MAX_SD)
    }

    fn set_security(&self, sd: &[u8]) -> Result<(), NtStatus> {
        if sd.len() > MAX_SD {
            return Err(NtStatus::INVALID_SECURITY_DESCR);
        }
        self.io
            .m
            .fsetxattr(self.io.fd, XATTR_SD, sd)
            .map_err(|e| match e.0 {
                libc::E2BIG | libc::ENOSPC | libc::ERANGE => NtStatus::INSUFFICIENT_RESOURCES,
                _ => st_of(e),
            })
    }
}

/// What an I/O engine is told when an operation is over: the bytes moved or a negative
/// errno.
pub type IoDone = Box<dyn FnOnce(i32) + Send>;

/// Operations waiting for a CephFS thread, at most: past it, INSUFFICIENT_RESOURCES.
const QUEUE: usize = 4096;

/// Threads running CephFS operations (set before the first one; default 16).
static THREADS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(16);

/// How many threads run the node's CephFS operations (from `[ceph] io_threads`; read
/// when the first operation comes).
pub fn set_io_threads(n: usize) {
    THREADS.store(n.clamp(1, 256), std::sync::atomic::Ordering::Relaxed);
}

/// An operation, and who is told its result.
type Job = (Box<dyn FnOnce() -> i32 + Send>, IoDone);

/// Operations handed to the CephFS threads since the start: reads, writes, the rest
/// (flushes, holes punched).
static OPS: [std::sync::atomic::AtomicU64; 3] = [const { std::sync::atomic::AtomicU64::new(0) }; 3];

/// (reads, writes, others) handed to the node's CephFS threads so far (what the
/// metrics show).
pub fn ops_submitted() -> (u64, u64, u64) {
    let n = |i: usize| OPS[i].load(std::sync::atomic::Ordering::Relaxed);
    (n(0), n(1), n(2))
}

fn pool() -> &'static std::sync::mpsc::SyncSender<Job> {
    static POOL: std::sync::OnceLock<std::sync::mpsc::SyncSender<Job>> = std::sync::OnceLock::new();
    POOL.get_or_init(|| {
        let (tx, rx) = std::sync::mpsc::sync_channel::<Job>(QUEUE);
        let rx = Arc::new(std::sync::Mutex::new(rx));
        for i in 0..THREADS.load(std::sync::atomic::Ordering::Relaxed) {
            let rx = rx.clone();
            let _ = std::thread::Builder::new()
                .name(format!("cephfs-io{i}"))
                .spawn(move || loop {
                    let job = match rx.lock() {
                        Ok(r) => r.recv(),
                        Err(_) => return,
                    };
                    match job {
                        Ok((work, done)) => done(work()),
                        Err(_) => return,
                    }
                });
        }
        tx
    })
}

/// Runs `op` on a file of a CephFS share on one of the node's CephFS threads; `done`
/// runs there when it is over (a write-through write is synced first). A full queue
/// fails the operation at once with ENOMEM.
///
/// # Safety
/// `target` must name a file kept open by the request (its file keep) until `done` has
/// run, and a Read's or Write's buffer must stay valid and untouched until then.
pub unsafe fn submit(target: CephTarget, op: StorageOp, done: IoDone) {
    /// The operation without its buffer (moved apart, as an address).
    enum Op {
        Read { offset: u64, len: u32 },
        Write { offset: u64, len: u32, stable: bool },
        Flush,
        Punch { offset: u64, len: u64 },
    }
    let (buf, op) = match op {
        StorageOp::Read { offset, len, buf } => (buf as usize, Op::Read { offset, len }),
        StorageOp::Write {
            offset,
            len,
            buf,
            stable,
        } => (
            buf as usize,
            Op::Write {
                offset,
                len,
                stable,
            },
        ),
        StorageOp::Flush => (0, Op::Flush),
        StorageOp::Zero { offset, len } | StorageOp::Trim { offset, len } => {
            (0, Op::Punch { offset, len })
        }
    };
    let kind = match op {
        Op::Read { .. } => 0,
        Op::Write { .. } => 1,
        Op::Flush | Op::Punch { .. } => 2,
    };
    OPS[kind].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let file = target.file;
    let work = Box::new(move || {
        // SAFETY: the request keeps the file open until `done` has run (the caller's
        // contract).
        let io = unsafe { &*(file as *const CephIo) };
        let r = match op {
            Op::Read { offset, len } => {
                // SAFETY: `len` writable bytes, untouched until `done` runs.
                let b = unsafe { std::slice::from_raw_parts_mut(buf as *mut u8, len as usize) };
                io.m.read(io.fd, offset, b).map(|n| n as i32)
            }
            Op::Write {
                offset,
                len,
                stable,
            } => {
                // SAFETY: `len` readable bytes, untouched until `done` runs.
                let b = unsafe { std::slice::from_raw_parts(buf as *const u8, len as usize) };
                io.m.write(io.fd, offset, b).and_then(|n| {
                    if stable {
                        io.sync_write(offset.saturating_add(n as u64))?;
                    }
                    Ok(n as i32)
                })
            }
            Op::Flush => io.m.fsync(io.fd, false).map(|()| 0),
            Op::Punch { offset, len } => {
                io.m.fallocate(
                    io.fd,
                    libc::FALLOC_FL_PUNCH_HOLE | libc::FALLOC_FL_KEEP_SIZE,
                    offset,
                    len,
                )
                .map(|()| 0)
            }
        };
        r.unwrap_or_else(|e| -e.0)
    });
    if let Err(e) = pool().try_send((work, done)) {
        let (work, done) = match e {
            std::sync::mpsc::TrySendError::Full(j)
            | std::sync::mpsc::TrySendError::Disconnected(j) => j,
        };
        // Not run: the request fails now (its buffers are not touched).
        drop(work);
        done(-libc::ENOMEM);
    }
}
