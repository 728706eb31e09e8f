//! CephFS through libcephfs (`libcephfs.so.2`, Ceph 16.2 "Pacific" as Debian 12 ships it),
//! loaded at run time as rdma-core, GSS-API and SPDK are: the default build needs no Ceph
//! headers, and a node that serves no CephFS share never loads it.
//!
//! One [`Mount`] is one client session with the cluster (its own capabilities, its own
//! MDS session), mounted at a directory of the file system. Its calls block on the
//! network: callers keep them off a worker's loop. Paths are relative to the mount's root
//! and never start with `/`. Errors are the library's negative errno, as `Errno`.
//!
//! The only unsafe is the C calls (and the C structures they fill), each with its SAFETY
//! note.

pub mod rados;

use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::path::Path;
use std::sync::OnceLock;

/// An errno from libcephfs (positive).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Errno(pub i32);

impl std::fmt::Display for Errno {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", std::io::Error::from_raw_os_error(self.0))
    }
}

impl std::error::Error for Errno {}

pub type Result<T> = std::result::Result<T, Errno>;

fn check(rc: c_int) -> Result<c_int> {
    if rc < 0 {
        Err(Errno(-rc))
    } else {
        Ok(rc)
    }
}

/// An extended attribute through `get(buf, len)` (a getxattr call): its size probed
/// first, then read into a buffer of that size; None when there is none of that name.
fn read_xattr(get: impl Fn(*mut c_void, usize) -> c_int) -> Result<Option<Vec<u8>>> {
    let len = get(std::ptr::null_mut(), 0);
    if len == -libc::ENODATA {
        return Ok(None);
    }
    let mut v = vec![0u8; check(len)? as usize];
    let got = get(v.as_mut_ptr().cast(), v.len());
    if got == -libc::ENODATA {
        return Ok(None);
    }
    v.truncate(check(got)? as usize);
    Ok(Some(v))
}

/// `struct ceph_statx` (cephfs/ceph_ll_client.h, 16.2).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct Statx {
    pub mask: u32,
    pub blksize: u32,
    pub nlink: u32,
    pub uid: u32,
    pub gid: u32,
    pub mode: u16,
    pub ino: u64,
    pub size: u64,
    pub blocks: u64,
    pub dev: libc::dev_t,
    pub rdev: libc::dev_t,
    pub atime: libc::timespec,
    pub ctime: libc::timespec,
    pub mtime: libc::timespec,
    pub btime: libc::timespec,
    pub version: u64,
}

impl std::fmt::Debug for Statx {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Statx")
            .field("ino", &self.ino)
            .field("mode", &format_args!("{:o}", self.mode))
            .field("size", &self.size)
            .finish()
    }
}

impl Default for Statx {
    fn default() -> Self {
        // SAFETY: plain integers and timespecs: all zeros is a valid value.
        unsafe { std::mem::zeroed() }
    }
}

impl Statx {
    pub fn is_dir(&self) -> bool {
        u32::from(self.mode) & libc::S_IFMT == libc::S_IFDIR
    }
    pub fn is_file(&self) -> bool {
        u32::from(self.mode) & libc::S_IFMT == libc::S_IFREG
    }
    /// Whether the birth time came back (CEPH_STATX_BTIME in the mask).
    pub fn has_btime(&self) -> bool {
        self.mask & STATX_BTIME != 0
    }
}

/// What a statx asks for: the basic stats and the birth time.
pub const STATX_ALL: u32 = 0x0000_1fff;
pub const STATX_BTIME: u32 = 0x0000_0800;
/// Do not follow a last symbolic link (AT_SYMLINK_NOFOLLOW).
const AT_SYMLINK_NOFOLLOW: u32 = 0x100;

/// ceph_setattrx mask bits.
pub const SETATTR_MTIME: i32 = 1 << 3;
pub const SETATTR_ATIME: i32 = 1 << 4;
pub const SETATTR_SIZE: i32 = 1 << 5;
pub const SETATTR_CTIME: i32 = 1 << 6;
pub const SETATTR_BTIME: i32 = 1 << 9;

type Cm = *mut c_void;

/// The entry points we use, resolved once per process.
#[allow(clippy::type_complexity)]
struct Lib {
    _lib: libloading::Library,
    create: unsafe extern "C" fn(*mut Cm, *const c_char) -> c_int,
    conf_read_file: unsafe extern "C" fn(Cm, *const c_char) -> c_int,
    conf_set: unsafe extern "C" fn(Cm, *const c_char, *const c_char) -> c_int,
    select_filesystem: unsafe extern "C" fn(Cm, *const c_char) -> c_int,
    init: unsafe extern "C" fn(Cm) -> c_int,
    set_uuid: unsafe extern "C" fn(Cm, *const c_char),
    set_session_timeout: unsafe extern "C" fn(Cm, u32),
    start_reclaim: unsafe extern "C" fn(Cm, *const c_char, u32) -> c_int,
    finish_reclaim: unsafe extern "C" fn(Cm),
    mount: unsafe extern "C" fn(Cm, *const c_char) -> c_int,
    unmount: unsafe extern "C" fn(Cm) -> c_int,
    release: unsafe extern "C" fn(Cm) -> c_int,
    statx: unsafe extern "C" fn(Cm, *const c_char, *mut Statx, u32, u32) -> c_int,
    fstatx: unsafe extern "C" fn(Cm, c_int, *mut Statx, u32, u32) -> c_int,
    setattrx: unsafe extern "C" fn(Cm, *const c_char, *mut Statx, c_int, c_int) -> c_int,
    fsetattrx: unsafe extern "C" fn(Cm, c_int, *mut Statx, c_int) -> c_int,
    open: unsafe extern "C" fn(Cm, *const c_char, c_int, libc::mode_t) -> c_int,
    close: unsafe extern "C" fn(Cm, c_int) -> c_int,
    read: unsafe extern "C" fn(Cm, c_int, *mut c_char, i64, i64) -> c_int,
    write: unsafe extern "C" fn(Cm, c_int, *const c_char, i64, i64) -> c_int,
    ftruncate: unsafe extern "C" fn(Cm, c_int, i64) -> c_int,
    fsync: unsafe extern "C" fn(Cm, c_int, c_int) -> c_int,
    fallocate: unsafe extern "C" fn(Cm, c_int, c_int, i64, i64) -> c_int,
    mkdir: unsafe extern "C" fn(Cm, *const c_char, libc::mode_t) -> c_int,
    rmdir: unsafe extern "C" fn(Cm, *const c_char) -> c_int,
    unlink: unsafe extern "C" fn(Cm, *const c_char) -> c_int,
    rename: unsafe extern "C" fn(Cm, *const c_char, *const c_char) -> c_int,
    link: unsafe extern "C" fn(Cm, *const c_char, *const c_char) -> c_int,
    opendir: unsafe extern "C" fn(Cm, *const c_char, *mut *mut c_void) -> c_int,
    fdopendir: unsafe extern "C" fn(Cm, c_int, *mut *mut c_void) -> c_int,
    openat: unsafe extern "C" fn(Cm, c_int, *const c_char, c_int, libc::mode_t) -> c_int,
    statxat: unsafe extern "C" fn(Cm, c_int, *const c_char, *mut Statx, u32, u32) -> c_int,
    closedir: unsafe extern "C" fn(Cm, *mut c_void) -> c_int,
    readdirplus_r: unsafe extern "C" fn(
        Cm,
        *mut c_void,
        *mut libc::dirent,
        *mut Statx,
        u32,
        u32,
        *mut *mut c_void,
    ) -> c_int,
    fgetxattr: unsafe extern "C" fn(Cm, c_int, *const c_char, *mut c_void, usize) -> c_int,
    fsetxattr: unsafe extern "C" fn(Cm, c_int, *const c_char, *const c_void, usize, c_int) -> c_int,
    fremovexattr: unsafe extern "C" fn(Cm, c_int, *const c_char) -> c_int,
    lgetxattr: unsafe extern "C" fn(Cm, *const c_char, *const c_char, *mut c_void, usize) -> c_int,
    statfs: unsafe extern "C" fn(Cm, *const c_char, *mut libc::statvfs) -> c_int,
}

/// Where the library is: `SMBDIRECTD_CEPHFS_LIB`, else the system's soname.
fn lib_path() -> String {
    std::env::var("SMBDIRECTD_CEPHFS_LIB").unwrap_or_else(|_| "libcephfs.so.2".into())
}

fn load() -> std::result::Result<Lib, String> {
    // SAFETY: loading libcephfs runs its initialisers, which only set up its own state.
    let lib = unsafe { libloading::Library::new(lib_path()) }
        .map_err(|e| format!("libcephfs ({}): {e}", lib_path()))?;
    macro_rules! sym {
        ($name:literal) => {
            // SAFETY: the symbol is libcephfs' own, with the signature of its 16.2 header
            // (the field's type).
            *unsafe { lib.get(concat!($name, "\0").as_bytes()) }.map_err(|e| {
                format!(
                    "libcephfs has no {}: {e} (Ceph 16.2 or later needed)",
                    $name
                )
            })?
        };
    }
    Ok(Lib {
        create: sym!("ceph_create"),
        conf_read_file: sym!("ceph_conf_read_file"),
        conf_set: sym!("ceph_conf_set"),
        select_filesystem: sym!("ceph_select_filesystem"),
        init: sym!("ceph_init"),
        set_uuid: sym!("ceph_set_uuid"),
        set_session_timeout: sym!("ceph_set_session_timeout"),
        start_reclaim: sym!("ceph_start_reclaim"),
        finish_reclaim: sym!("ceph_finish_reclaim"),
        mount: sym!("ceph_mount"),
        unmount: sym!("ceph_unmount"),
        release: sym!("ceph_release"),
        statx: sym!("ceph_statx"),
        fstatx: sym!("ceph_fstatx"),
        setattrx: sym!("ceph_setattrx"),
        fsetattrx: sym!("ceph_fsetattrx"),
        open: sym!("ceph_open"),
        close: sym!("ceph_close"),
        read: sym!("ceph_read"),
        write: sym!("ceph_write"),
        ftruncate: sym!("ceph_ftruncate"),
        fsync: sym!("ceph_fsync"),
        fallocate: sym!("ceph_fallocate"),
        mkdir: sym!("ceph_mkdir"),
        rmdir: sym!("ceph_rmdir"),
        unlink: sym!("ceph_unlink"),
        rename: sym!("ceph_rename"),
        link: sym!("ceph_link"),
        opendir: sym!("ceph_opendir"),
        fdopendir: sym!("ceph_fdopendir"),
        openat: sym!("ceph_openat"),
        statxat: sym!("ceph_statxat"),
        closedir: sym!("ceph_closedir"),
        readdirplus_r: sym!("ceph_readdirplus_r"),
        fgetxattr: sym!("ceph_fgetxattr"),
        fsetxattr: sym!("ceph_fsetxattr"),
        fremovexattr: sym!("ceph_fremovexattr"),
        lgetxattr: sym!("ceph_lgetxattr"),
        statfs: sym!("ceph_statfs"),
        _lib: lib,
    })
}

static LIB: OnceLock<std::result::Result<Lib, String>> = OnceLock::new();

fn lib() -> std::result::Result<&'static Lib, String> {
    LIB.get_or_init(load).as_ref().map_err(Clone::clone)
}

/// Whether libcephfs can be loaded here (and has what we call).
pub fn available() -> bool {
    lib().is_ok()
}

/// How to reach a cluster and which file system, as a node's `[ceph]` section says.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// ceph.conf (None: libcephfs' default search).
    pub conf: Option<std::path::PathBuf>,
    /// The client name without "client." ("smb").
    pub user: String,
    pub keyring: Option<std::path::PathBuf>,
    /// The file system's name (None: the cluster's default).
    pub fs_name: Option<String>,
    /// More configuration options (name, value), set after the file is read.
    pub settings: Vec<(String, String)>,
    /// This client's lasting identity (the same across restarts of the node): a mount
    /// with it first ends whatever session an earlier run left behind (its capabilities
    /// would otherwise hold every other client off until the MDS evicts it).
    pub uuid: Option<String>,
    /// How long the MDS keeps this client's session once it stops answering, seconds
    /// (None: the cluster's default).
    pub session_timeout: Option<u32>,
}

/// A client handle's `conf_read_file` and `conf_set` (libcephfs and librados name
/// them alike and take the same arguments).
type ConfCalls = (
    unsafe extern "C" fn(*mut c_void, *const c_char) -> c_int,
    unsafe extern "C" fn(*mut c_void, *const c_char, *const c_char) -> c_int,
);

/// Reads `opts`' configuration file into a new client handle, then sets its settings,
/// its keyring and `extra`. Errors say which step failed.
///
/// # Safety
/// `handle` is a live handle, not yet connected, of the library `calls` come from.
unsafe fn configure_with(
    handle: *mut c_void,
    (read_file, set): ConfCalls,
    opts: &Options,
    extra: Vec<(String, String)>,
) -> std::result::Result<(), String> {
    let conf = match &opts.conf {
        Some(p) => Some(cpath(p).map_err(|e| format!("ceph conf path: {e}"))?),
        None => None,
    };
    // SAFETY: the caller's handle; the path is a C string or null.
    check(unsafe {
        read_file(
            handle,
            conf.as_ref().map_or(std::ptr::null(), |c| c.as_ptr()),
        )
    })
    .map_err(|e| format!("reading {:?}: {e}", opts.conf))?;
    let mut settings = opts.settings.clone();
    if let Some(k) = &opts.keyring {
        settings.push(("keyring".into(), k.display().to_string()));
    }
    settings.extend(extra);
    for (k, v) in &settings {
        let (ck, cv) = (
            cstr(k).map_err(|e| e.to_string())?,
            cstr(v).map_err(|e| e.to_string())?,
        );
        // SAFETY: as above; both strings live for the call.
        check(unsafe { set(handle, ck.as_ptr(), cv.as_ptr()) })
            .map_err(|e| format!("ceph option {k}={v}: {e}"))?;
    }
    Ok(())
}

/// ceph_start_reclaim's flag: end the other session and drop its state.
const RECLAIM_RESET: u32 = 1;

fn cstr(s: &str) -> Result<CString> {
    CString::new(s).map_err(|_| Errno(libc::EINVAL))
}

fn cpath(p: &Path) -> Result<CString> {
    cstr(p.to_str().ok_or(Errno(libc::EINVAL))?)
}

/// A mounted CephFS client. Its calls may come from any thread at once (libcephfs
/// serialises what it must).
pub struct Mount {
    lib: &'static Lib,
    cm: Cm,
}

// SAFETY: a libcephfs mount handle may be used from several threads at once (its client
// takes its own locks); we never hand out the raw handle.
unsafe impl Send for Mount {}
// SAFETY: as above.
unsafe impl Sync for Mount {}

impl Mount {
    /// Connects to the cluster and mounts `root` (a directory of the file system, "/"
    /// for all of it). Errors say which step failed.
    pub fn new(opts: &Options, root: &str) -> std::result::Result<Mount, String> {
        Self::new_if_there(opts, root)?.ok_or_else(|| format!("mounting {root}: no such directory"))
    }

    /// As [`Mount::new`]; None when `root` does not exist.
    pub fn new_if_there(opts: &Options, root: &str) -> std::result::Result<Option<Mount>, String> {
        let m = Self::create(opts)?;
        let lib = m.lib;
        if let Some(id) = &opts.uuid {
            m.reclaim(id)?;
        }
        let r = cstr(root).map_err(|e| e.to_string())?;
        // SAFETY: as above; mounting blocks until the MDS answers or the client's mount
        // timeout passes.
        match check(unsafe { (lib.mount)(m.cm, r.as_ptr()) }) {
            Ok(_) => Ok(Some(m)),
            Err(Errno(libc::ENOENT)) => Ok(None),
            Err(e) => Err(format!("mounting {root}: {e}")),
        }
    }

    /// A new handle (not yet connected) with the configuration `opts` names.
    fn create(opts: &Options) -> std::result::Result<Mount, String> {
        let lib = lib()?;
        let user = CString::new(opts.user.as_str()).map_err(|_| "bad ceph user".to_string())?;
        let mut cm: Cm = std::ptr::null_mut();
        // SAFETY: `cm` receives a new handle; `user` is a C string alive for the call.
        check(unsafe { (lib.create)(&mut cm, user.as_ptr()) })
            .map_err(|e| format!("ceph_create: {e}"))?;
        // From here the handle is released on every path (Drop).
        let m = Mount { lib, cm };
        m.configure(opts)?;
        Ok(m)
    }

    /// Reads the configuration `opts` names into the (unmounted) handle.
    fn configure(&self, opts: &Options) -> std::result::Result<(), String> {
        // SAFETY: the handle is ours, not mounted; the calls are libcephfs' own.
        unsafe {
            configure_with(
                self.cm,
                (self.lib.conf_read_file, self.lib.conf_set),
                opts,
                Vec::new(),
            )?
        };
        if let Some(fs) = &opts.fs_name {
            let c = cstr(fs).map_err(|e| e.to_string())?;
            // SAFETY: as above.
            check(unsafe { (self.lib.select_filesystem)(self.cm, c.as_ptr()) })
                .map_err(|e| format!("file system {fs}: {e}"))?;
        }
        if let Some(t) = opts.session_timeout {
            // SAFETY: the handle is ours and not mounted yet.
            unsafe { (self.lib.set_session_timeout)(self.cm, t) };
        }
        Ok(())
    }

    /// Ends the file system session of the client with lasting identity `id` (another
    /// node's, that lost its lease): its capabilities are dropped and the MDS evicts it,
    /// so its files can be opened here at once. No session of that identity is not an
    /// error.
    pub fn end_session(opts: &Options, id: &str) -> std::result::Result<(), String> {
        let m = Self::create(opts)?;
        // The handle takes the identity it ended; it is released unmounted (Drop).
        m.reclaim(id)
    }

    /// Ends the session a client with identity `id` left (a run of this node killed
    /// before it unmounted), then takes that identity.
    fn reclaim(&self, id: &str) -> std::result::Result<(), String> {
        let c = cstr(id).map_err(|e| e.to_string())?;
        // SAFETY: the handle is ours, not mounted; `c` lives for the calls.
        unsafe {
            check((self.lib.init)(self.cm)).map_err(|e| format!("ceph_init: {e}"))?;
            match (self.lib.start_reclaim)(self.cm, c.as_ptr(), RECLAIM_RESET) {
                // Ended (0), or there was none.
                0 => {}
                rc if rc == -libc::ENOENT => {}
                rc => {
                    return Err(format!(
                        "ending the session of an earlier run: {}",
                        Errno(-rc)
                    ))
                }
            }
            (self.lib.finish_reclaim)(self.cm);
            (self.lib.set_uuid)(self.cm, c.as_ptr());
        }
        Ok(())
    }

    fn path(p: &str) -> Result<CString> {
        // Relative to the mount's root; "" is the root itself.
        cstr(if p.is_empty() { "." } else { p })
    }

    pub fn statx(&self, path: &str) -> Result<Statx> {
        let c = Self::path(path)?;
        let mut st = Statx::default();
        // SAFETY: `st` is a ceph_statx the call fills; the path lives for the call.
        check(unsafe {
            (self.lib.statx)(self.cm, c.as_ptr(), &mut st, STATX_ALL, AT_SYMLINK_NOFOLLOW)
        })?;
        Ok(st)
    }

    pub fn fstatx(&self, fd: i32) -> Result<Statx> {
        let mut st = Statx::default();
        // SAFETY: as above.
        check(unsafe { (self.lib.fstatx)(self.cm, fd, &mut st, STATX_ALL, AT_SYMLINK_NOFOLLOW) })?;
        Ok(st)
    }

    /// Sets the times (and size) in `st` that `mask` names (SETATTR_*).
    pub fn fsetattrx(&self, fd: i32, st: &Statx, mask: i32) -> Result<()> {
        let mut s = *st;
        // SAFETY: `s` is a ceph_statx the call reads.
        check(unsafe { (self.lib.fsetattrx)(self.cm, fd, &mut s, mask) })?;
        Ok(())
    }

    pub fn setattrx(&self, path: &str, st: &Statx, mask: i32) -> Result<()> {
        let c = Self::path(path)?;
        let mut s = *st;
        // SAFETY: as above.
        check(unsafe {
            (self.lib.setattrx)(
                self.cm,
                c.as_ptr(),
                &mut s,
                mask,
                AT_SYMLINK_NOFOLLOW as i32,
            )
        })?;
        Ok(())
    }

    /// Opens (O_* flags); the descriptor is this mount's, closed with [`Mount::close`].
    pub fn open(&self, path: &str, flags: i32, mode: u32) -> Result<i32> {
        let c = Self::path(path)?;
        // SAFETY: the path lives for the call.
        check(unsafe { (self.lib.open)(self.cm, c.as_ptr(), flags, mode as libc::mode_t) })
    }

    pub fn close(&self, fd: i32) -> Result<()> {
        // SAFETY: `fd` is one of this mount's descriptors (the caller's contract: closed
        // once).
        check(unsafe { (self.lib.close)(self.cm, fd) })?;
        Ok(())
    }

    /// Reads at `offset`; fewer bytes only at the end of the file.
    pub fn read(&self, fd: i32, offset: u64, buf: &mut [u8]) -> Result<usize> {
        let mut done = 0;
        while done < buf.len() {
            let want = (buf.len() - done).min(i32::MAX as usize) as i64;
            // SAFETY: `buf[done..]` holds at least `want` writable bytes.
            let n = check(unsafe {
                (self.lib.read)(
                    self.cm,
                    fd,
                    buf[done..].as_mut_ptr().cast(),
                    want,
                    (offset + done as u64) as i64,
                )
            })? as usize;
            if n == 0 {
                break;
            }
            done += n;
        }
        Ok(done)
    }

    /// Writes all of `data` at `offset`.
    pub fn write(&self, fd: i32, offset: u64, data: &[u8]) -> Result<usize> {
        let mut done = 0;
        while done < data.len() {
            let want = (data.len() - done).min(i32::MAX as usize) as i64;
            // SAFETY: `data[done..]` holds at least `want` readable bytes.
            let n = check(unsafe {
                (self.lib.write)(
                    self.cm,
                    fd,
                    data[done..].as_ptr().cast(),
                    want,
                    (offset + done as u64) as i64,
                )
            })? as usize;
            if n == 0 {
                return Err(Errno(libc::EIO));
            }
            done += n;
        }
        Ok(done)
    }

    pub fn ftruncate(&self, fd: i32, len: u64) -> Result<()> {
        // SAFETY: no memory crosses.
        check(unsafe { (self.lib.ftruncate)(self.cm, fd, len as i64) })?;
        Ok(())
    }

    /// Makes the file's data (and with `data_only` false its metadata) stable in the
    /// cluster.
    pub fn fsync(&self, fd: i32, data_only: bool) -> Result<()> {
        // SAFETY: no memory crosses.
        check(unsafe { (self.lib.fsync)(self.cm, fd, c_int::from(data_only)) })?;
        Ok(())
    }

    /// fallocate(2)'s modes (FALLOC_FL_*).
    pub fn fallocate(&self, fd: i32, mode: i32, offset: u64, len: u64) -> Result<()> {
        // SAFETY: no memory crosses.
        check(unsafe { (self.lib.fallocate)(self.cm, fd, mode, offset as i64, len as i64) })?;
        Ok(())
    }

    pub fn mkdir(&self, path: &str, mode: u32) -> Result<()> {
        let c = Self::path(path)?;
        // SAFETY: the path lives for the call.
        check(unsafe { (self.lib.mkdir)(self.cm, c.as_ptr(), mode as libc::mode_t) })?;
        Ok(())
    }

    pub fn rmdir(&self, path: &str) -> Result<()> {
        let c = Self::path(path)?;
        // SAFETY: as above.
        check(unsafe { (self.lib.rmdir)(self.cm, c.as_ptr()) })?;
        Ok(())
    }

    pub fn unlink(&self, path: &str) -> Result<()> {
        let c = Self::path(path)?;
        // SAFETY: as above.
        check(unsafe { (self.lib.unlink)(self.cm, c.as_ptr()) })?;
        Ok(())
    }

    /// rename(2): replaces a file or an empty directory at `to`.
    pub fn rename(&self, from: &str, to: &str) -> Result<()> {
        let (f, t) = (Self::path(from)?, Self::path(to)?);
        // SAFETY: both paths live for the call.
        check(unsafe { (self.lib.rename)(self.cm, f.as_ptr(), t.as_ptr()) })?;
        Ok(())
    }

    /// link(2): `to`, a new name for the file `from` (EEXIST when `to` is taken).
    pub fn link(&self, from: &str, to: &str) -> Result<()> {
        let (f, t) = (Self::path(from)?, Self::path(to)?);
        // SAFETY: both paths live for the call.
        check(unsafe { (self.lib.link)(self.cm, f.as_ptr(), t.as_ptr()) })?;
        Ok(())
    }

    /// A directory's entries (not "." and ".."), with their stats.
    pub fn list(&self, path: &str) -> Result<Vec<(String, Statx)>> {
        let c = Self::path(path)?;
        let mut dir: *mut c_void = std::ptr::null_mut();
        // SAFETY: `dir` receives a directory handle closed by `entries`.
        check(unsafe { (self.lib.opendir)(self.cm, c.as_ptr(), &mut dir) })?;
        self.entries(dir)
    }

    /// As [`Mount::list`], of an open directory (wherever it is now).
    pub fn flist(&self, fd: i32) -> Result<Vec<(String, Statx)>> {
        let mut dir: *mut c_void = std::ptr::null_mut();
        // SAFETY: as above.
        check(unsafe { (self.lib.fdopendir)(self.cm, fd, &mut dir) })?;
        self.entries(dir)
    }

    /// Opens `name` in the open directory `dir`.
    pub fn openat(&self, dir: i32, name: &str, flags: i32, mode: u32) -> Result<i32> {
        let c = cstr(name)?;
        // SAFETY: the name lives for the call.
        check(unsafe { (self.lib.openat)(self.cm, dir, c.as_ptr(), flags, mode as libc::mode_t) })
    }

    /// The stats of `name` in the open directory `dir`.
    pub fn statxat(&self, dir: i32, name: &str) -> Result<Statx> {
        let c = cstr(name)?;
        let mut st = Statx::default();
        // SAFETY: `st` is a ceph_statx the call fills; the name lives for the call.
        check(unsafe {
            (self.lib.statxat)(
                self.cm,
                dir,
                c.as_ptr(),
                &mut st,
                STATX_ALL,
                AT_SYMLINK_NOFOLLOW,
            )
        })?;
        Ok(st)
    }

    /// Reads an open directory handle to its end and closes it.
    fn entries(&self, dir: *mut c_void) -> Result<Vec<(String, Statx)>> {
        let mut out = Vec::new();
        let r = loop {
            // SAFETY: a dirent and a ceph_statx the call fills.
            let mut de: libc::dirent = unsafe { std::mem::zeroed() };
            let mut st = Statx::default();
            // SAFETY: `dir` is open; no inode reference is asked for (null out).
            let n = unsafe {
                (self.lib.readdirplus_r)(
                    self.cm,
                    dir,
                    &mut de,
                    &mut st,
                    STATX_ALL,
                    AT_SYMLINK_NOFOLLOW,
                    std::ptr::null_mut(),
                )
            };
            match n {
                0 => break Ok(()),
                n if n < 0 => break Err(Errno(-n)),
                _ => {}
            }
            // SAFETY: d_name is NUL-terminated within the dirent.
            let name = unsafe { CStr::from_ptr(de.d_name.as_ptr()) };
            let Ok(name) = name.to_str() else { continue };
            if name != "." && name != ".." {
                out.push((name.to_string(), st));
            }
        };
        // SAFETY: opened above, closed once.
        unsafe { (self.lib.closedir)(self.cm, dir) };
        r.map(|()| out)
    }

    /// An extended attribute of an open file; None when it has none of that name.
    pub fn fgetxattr(&self, fd: i32, name: &str) -> Result<Option<Vec<u8>>> {
        let n = cstr(name)?;
        // SAFETY: the call writes at most `len` bytes at `buf` (none for a size probe,
        // whose buffer is null); the name lives for the calls.
        read_xattr(|buf, len| unsafe { (self.lib.fgetxattr)(self.cm, fd, n.as_ptr(), buf, len) })
    }

    /// As [`Mount::fgetxattr`], by path (no file opened).
    pub fn getxattr(&self, path: &str, name: &str) -> Result<Option<Vec<u8>>> {
        let (p, n) = (Self::path(path)?, cstr(name)?);
        // SAFETY: as above; both strings live for the calls.
        read_xattr(|buf, len| unsafe {
            (self.lib.lgetxattr)(self.cm, p.as_ptr(), n.as_ptr(), buf, len)
        })
    }

    pub fn fsetxattr(&self, fd: i32, name: &str, value: &[u8]) -> Result<()> {
        let n = cstr(name)?;
        // SAFETY: `value` is readable for its length.
        check(unsafe {
            (self.lib.fsetxattr)(
                self.cm,
                fd,
                n.as_ptr(),
                value.as_ptr().cast(),
                value.len(),
                0,
            )
        })?;
        Ok(())
    }

    pub fn fremovexattr(&self, fd: i32, name: &str) -> Result<()> {
        let n = cstr(name)?;
        // SAFETY: the name lives for the call.
        match check(unsafe { (self.lib.fremovexattr)(self.cm, fd, n.as_ptr()) }) {
            Ok(_) | Err(Errno(libc::ENODATA)) => Ok(()),
            Err(e) => Err(e),
        }
    }

    pub fn statfs(&self) -> Result<libc::statvfs> {
        let c = Self::path("")?;
        // SAFETY: a statvfs the call fills.
        let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
        // SAFETY: as above.
        check(unsafe { (self.lib.statfs)(self.cm, c.as_ptr(), &mut st) })?;
        Ok(st)
    }
}

impl Drop for Mount {
    fn drop(&mut self) {
        // SAFETY: our handle, unmounted (if mounted) and released once.
        unsafe {
            (self.lib.unmount)(self.cm);
            (self.lib.release)(self.cm);
        }
    }
}
