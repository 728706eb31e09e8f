//! The storage backend the engine reaches shares through. The engine owns SMB semantics
//! (share modes, byte-range locks, delete-on-close bookkeeping, access checks); a backend
//! owns the namespace and the bytes, and must confine every name beneath its share root.

use smb_wire::NtStatus;

/// A name inside a share, already validated by the engine: components separated by '/',
/// none empty, none "." or "..", no stream syntax, no NUL, no backslash. The empty path is
/// the share root. Backends must still resolve it confined beneath the root (defence in
/// depth against symlinks and races).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SharePath(String);

impl SharePath {
    /// The share root.
    pub fn root() -> Self {
        SharePath(String::new())
    }
    /// Wraps an already validated relative path. The engine's name parser is the only caller
    /// that builds paths from peer input.
    pub fn from_validated(s: String) -> Self {
        debug_assert!(!s.starts_with('/') && !s.contains('\\') && !s.contains('\0'));
        SharePath(s)
    }
    /// A path read back from storage or another node (the handle journal, a change
    /// another node of a cluster made), checked as the name parser would check a
    /// client's: relative, no `..`, no empty component, no separators of the other
    /// kind, no NULs.
    pub fn from_stored(p: &str) -> Option<Self> {
        let bad = p.starts_with('/')
            || p.contains('\\')
            || p.contains('\0')
            || p.split('/').any(|c| c.is_empty() || c == "." || c == "..");
        (!bad || p.is_empty()).then(|| SharePath(p.to_string()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
    pub fn is_root(&self) -> bool {
        self.0.is_empty()
    }
    /// Parent directory and final component; None for the root.
    pub fn split_last(&self) -> Option<(SharePath, &str)> {
        if self.0.is_empty() {
            return None;
        }
        match self.0.rfind('/') {
            Some(i) => Some((SharePath(self.0[..i].to_string()), &self.0[i + 1..])),
            None => Some((SharePath::root(), &self.0)),
        }
    }
    /// Appends one validated component.
    pub fn join(&self, name: &str) -> SharePath {
        if self.0.is_empty() {
            SharePath(name.to_string())
        } else {
            SharePath(format!("{}/{}", self.0, name))
        }
    }
}

/// MS-SMB2 2.2.13 CreateDisposition.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Disposition {
    Supersede,
    Open,
    Create,
    OpenIf,
    Overwrite,
    OverwriteIf,
}

/// Whether the caller requires a directory, a non-directory, or either.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Any,
    Directory,
    NonDirectory,
}

#[derive(Clone, Debug)]
pub struct OpenParams {
    pub disposition: Disposition,
    pub kind: Kind,
    /// The open will read data.
    pub read: bool,
    /// The open will write data or attributes (FILE_WRITE_DATA/APPEND/ATTRIBUTES/EA, DELETE
    /// excluded): the backend opens read-write when set.
    pub write: bool,
    /// FILE_ATTRIBUTE_* for a newly created or overwritten file.
    pub attributes: u32,
    /// Initial allocation size hint for a created file, bytes.
    pub allocation_size: u64,
    /// FILE_WRITE_THROUGH: every write reaches stable storage before it completes.
    pub write_through: bool,
    /// Bypass the page cache (share option), when the platform allows.
    pub direct_io: bool,
}

impl OpenParams {
    /// A plain read-write open (no attributes, allocation, write-through or direct I/O):
    /// what admin tools and tests ask for.
    pub fn read_write(disposition: Disposition, kind: Kind) -> OpenParams {
        OpenParams {
            disposition,
            kind,
            read: true,
            write: true,
            attributes: 0,
            allocation_size: 0,
            write_through: false,
            direct_io: false,
        }
    }
}

/// MS-SMB2 2.2.14 CreateAction.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CreateAction {
    Superseded = 0,
    Opened = 1,
    Created = 2,
    Overwritten = 3,
}

/// Times are Windows FILETIME (100 ns intervals since 1601-01-01 UTC).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FileInfo {
    pub creation_time: u64,
    pub last_access_time: u64,
    pub last_write_time: u64,
    pub change_time: u64,
    pub allocation_size: u64,
    pub end_of_file: u64,
    /// FILE_ATTRIBUTE_*; FILE_ATTRIBUTE_DIRECTORY set for directories. Sparse only when a
    /// client marked the file so (FSCTL_SET_SPARSE), never because the Linux file has
    /// holes (Hyper-V refuses a VHDX it sees as sparse); never compressed.
    pub attributes: u32,
    pub number_of_links: u32,
    pub is_directory: bool,
    /// Stable per-file identity within the share's file system (inode number).
    pub file_id: u64,
    /// Identity of the device holding the file.
    pub device_id: u64,
    /// Size of the file's EA list as FileEaInformation reports it (0: none).
    pub ea_size: u32,
}

#[derive(Clone, Debug)]
pub struct DirEntry {
    pub name: String,
    pub info: FileInfo,
}

/// File-system information for QUERY_INFO FileFsSize/FullSize/Attribute/Volume.
#[derive(Clone, Debug, Default)]
pub struct FsInfo {
    pub total_bytes: u64,
    pub free_bytes: u64,
    /// Bytes available to unprivileged callers.
    pub avail_bytes: u64,
    pub bytes_per_sector: u32,
    pub sectors_per_unit: u32,
    pub max_name_len: u32,
    pub volume_serial: u32,
    pub volume_creation_time: u64,
    /// DOS attributes, EAs and security descriptors are kept (in extended attributes).
    pub keeps_xattrs: bool,
    /// Files can be marked sparse (the mark is kept) and their holes found.
    pub sparse_files: bool,
    /// Files can share blocks (reflink): FSCTL_DUPLICATE_EXTENTS_TO_FILE works and
    /// FILE_SUPPORTS_BLOCK_REFCOUNTING is advertised.
    pub block_refcounting: bool,
}

/// Changes to basic information; None leaves a field as it is.
#[derive(Clone, Copy, Debug, Default)]
pub struct BasicChange {
    pub creation_time: Option<u64>,
    pub last_access_time: Option<u64>,
    pub last_write_time: Option<u64>,
    pub change_time: Option<u64>,
    pub attributes: Option<u32>,
}

/// What opening an existing file or directory per `p` does (MS-FSA 2.1.5.1.2): the
/// action, or the status refusing it (a directory asked for a file or the reverse, a
/// Create over it, an overwrite of a directory).
pub fn existing_action(is_dir: bool, p: &OpenParams) -> Result<CreateAction, NtStatus> {
    if is_dir && p.kind == Kind::NonDirectory {
        return Err(NtStatus::FILE_IS_A_DIRECTORY);
    }
    if !is_dir && p.kind == Kind::Directory {
        return Err(NtStatus::NOT_A_DIRECTORY);
    }
    Ok(match p.disposition {
        Disposition::Create => return Err(NtStatus::OBJECT_NAME_COLLISION),
        Disposition::Open | Disposition::OpenIf => CreateAction::Opened,
        Disposition::Overwrite | Disposition::OverwriteIf if !is_dir => CreateAction::Overwritten,
        Disposition::Supersede if !is_dir => CreateAction::Superseded,
        _ => return Err(NtStatus::INVALID_PARAMETER),
    })
}

/// One share's namespace.
pub trait Share: Send + Sync {
    /// Opens or creates `path` per `params`. Errors use the NTSTATUS a Windows server would
    /// return: OBJECT_NAME_NOT_FOUND, OBJECT_PATH_NOT_FOUND (a missing parent),
    /// OBJECT_NAME_COLLISION, FILE_IS_A_DIRECTORY, NOT_A_DIRECTORY, ACCESS_DENIED (including
    /// any attempt to leave the share), DISK_FULL...
    fn open(
        &self,
        path: &SharePath,
        params: &OpenParams,
    ) -> Result<(Box<dyn FileObj>, CreateAction), NtStatus>;
    /// Renames `from` to `to` (both inside this share). Without `replace`, an existing `to`
    /// is OBJECT_NAME_COLLISION.
    fn rename(&self, from: &SharePath, to: &SharePath, replace: bool) -> Result<(), NtStatus>;
    /// Gives the file `from` a second name `to` (a hard link), replacing a file there
    /// when `replace`; NOT_SUPPORTED where the backend cannot.
    fn link(&self, _from: &SharePath, _to: &SharePath, _replace: bool) -> Result<(), NtStatus> {
        Err(NtStatus::NOT_SUPPORTED)
    }
    /// Removes a file or an empty directory (DIRECTORY_NOT_EMPTY otherwise).
    fn remove(&self, path: &SharePath, is_dir: bool) -> Result<(), NtStatus>;
    /// Looks a name up without opening it.
    fn stat(&self, path: &SharePath) -> Result<FileInfo, NtStatus>;
    fn fs_info(&self) -> Result<FsInfo, NtStatus>;
    /// The name as stored, for a client that spelled it in another case: SMB names are
    /// case-insensitive (and case-preserving). Components that exist in some case take the
    /// stored spelling; from the first one that does not, the rest is kept as given. A
    /// case-sensitive backend returns the path unchanged.
    fn canonical(&self, path: &SharePath) -> SharePath {
        path.clone()
    }
    /// The security descriptor stored for `path` (self-relative), if the file exists and
    /// has one. Read before opening, so that an open the DACL refuses changes nothing.
    fn security(&self, _path: &SharePath) -> Option<Vec<u8>> {
        None
    }
}

/// A descriptor of an open file that bypasses the page cache (O_DIRECT), and the alignment
/// its I/O needs: memory addresses to `mem_align`, file offsets and lengths to
/// `offset_align` (both powers of two).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DirectFd {
    pub fd: i32,
    pub mem_align: u32,
    pub offset_align: u32,
    /// The device the file lives on (major << 32 | minor), for transports that learn
    /// per device what it can do (polling).
    pub dev: u64,
}

impl DirectFd {
    /// Whether an I/O of `len` bytes at `offset` may use the descriptor (memory aside).
    pub fn fits(&self, offset: u64, len: usize) -> bool {
        let a = u64::from(self.offset_align.max(1));
        len > 0 && offset.is_multiple_of(a) && (len as u64).is_multiple_of(a)
    }

    /// Whether `addr` is aligned enough for it.
    pub fn aligned(&self, addr: usize) -> bool {
        addr.is_multiple_of(self.mem_align.max(1) as usize)
    }
}

/// A file's pages mapped read-only: the page cache itself, addressed by the process.
/// READ data for SMB Direct over a software fabric leaves straight from here (the
/// fabric's data mover reads it as a NIC would), with no copy by the server.
pub trait MappedFile: Send + Sync + std::fmt::Debug {
    /// The first byte of the file in the mapping.
    fn base(&self) -> *const u8;
    /// How many bytes of the file it covers (the file's size when mapped).
    fn size(&self) -> usize;
    /// The file was cut short behind the mapping (a page past its end was touched and
    /// read as zeros): stop reading through it.
    fn damaged(&self) -> bool;
}

/// What [`FileObj::map`] made.
#[derive(Debug)]
pub enum Mapping {
    Mapped(std::sync::Arc<dyn MappedFile>),
    /// The file is no larger than asked: nothing new to map.
    NoLarger,
    /// Not now (out of mapping resources): try again later.
    Busy,
    /// Not this file (not a regular file, or the backend does not map).
    Never,
}

/// Where a file's bytes are for an engine that reads them itself: a descriptor and the
/// offset in it, and the file when the descriptor is not the open's own.
pub struct RingTarget {
    pub fd: i32,
    pub at: u64,
    pub file: Option<RingFile>,
    /// Not a descriptor: a file of an SPDK share, read by SPDK (`fd` is -1).
    pub spdk: Option<crate::storage_op::SpdkTarget>,
    /// Not a descriptor: a file of a CephFS share, for the CephFS threads (`fd` is -1).
    pub ceph: Option<crate::storage_op::CephTarget>,
}

impl RingTarget {
    /// Whether an engine other than the ring does the I/O (SPDK, CephFS).
    pub fn engine(&self) -> bool {
        self.spdk.is_some() || self.ceph.is_some()
    }
}

/// A file an engine reads that is not an open's own (one of a virtual disk's): the key
/// its descriptor may be kept under in the engine's file table ([`crate::fixed`]), and
/// what keeps the file, its descriptor and its key alive while the I/O is under way (a
/// VHD Set's top file may be let go of meanwhile).
pub struct RingFile {
    pub key: u64,
    pub keep: std::sync::Arc<dyn std::any::Any + Send + Sync>,
}

/// An open file or directory. Every method takes &self: opens are shared by the channels of
/// a session and reads/writes carry explicit offsets (never a shared cursor).
pub trait FileObj: Send + Sync {
    fn info(&self) -> Result<FileInfo, NtStatus>;
    /// Reads at `offset`; a short count only at end of file.
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> Result<usize, NtStatus>;
    /// Appends up to `len` bytes read at `offset` to `out`; returns how many. Backends
    /// that can read straight into spare capacity override this to skip zeroing it.
    fn read_append(&self, offset: u64, len: usize, out: &mut Vec<u8>) -> Result<usize, NtStatus> {
        let at = out.len();
        out.resize(at + len, 0);
        let r = self.read_at(offset, &mut out[at..]);
        let n = *r.as_ref().unwrap_or(&0);
        out.truncate(at + n);
        r
    }
    /// Reads all of `buf` at `offset` if that needs no wait for the device (the page cache
    /// holds it); None when it would wait, or cannot tell: the caller then reads another way.
    fn read_cached(&self, _offset: u64, _buf: &mut [u8]) -> Option<Result<usize, NtStatus>> {
        None
    }
    /// [`FileObj::read_cached`] appending `len` bytes to `out` (nothing appended when
    /// None). Backends that can read into spare capacity override this to skip zeroing.
    fn read_cached_append(
        &self,
        offset: u64,
        len: usize,
        out: &mut Vec<u8>,
    ) -> Option<Result<usize, NtStatus>> {
        let at = out.len();
        out.resize(at + len, 0);
        let r = self.read_cached(offset, &mut out[at..]);
        if !matches!(r, Some(Ok(_))) {
            out.truncate(at);
        }
        r
    }
    /// Writes all of `data` at `offset`, extending the file as needed.
    fn write_at(&self, offset: u64, data: &[u8]) -> Result<usize, NtStatus>;
    /// Writes `data` at `offset` as far as it goes without waiting for the device (the
    /// page cache takes it): Some(Ok(n)), n up to `data.len()` (the rest would wait).
    /// None when the backend cannot write without a device I/O (an O_DIRECT write) or
    /// does not say: the caller hands the write to an I/O engine.
    fn write_nowait(&self, _offset: u64, _data: &[u8]) -> Option<Result<usize, NtStatus>> {
        None
    }
    /// Opened write-through: every write must be followed by [`FileObj::sync`] before
    /// it is acknowledged (the backend does not make writes stable by itself).
    fn writes_through(&self) -> bool {
        false
    }
    /// The descriptor whose fdatasync is exactly what [`FileObj::sync`] does, for
    /// engines that issue it themselves (io_uring); None when sync does more or other.
    fn sync_fd(&self) -> Option<i32> {
        None
    }
    /// Makes every completed write stable (fdatasync or stronger).
    fn sync(&self) -> Result<(), NtStatus>;
    fn set_len(&self, len: u64) -> Result<(), NtStatus>;
    /// Reserves space up to `len` bytes without changing end of file.
    fn allocate(&self, len: u64) -> Result<(), NtStatus>;
    fn set_basic(&self, change: &BasicChange) -> Result<(), NtStatus>;
    /// The directory's entries, "." and ".." excluded, in a stable order.
    fn list_dir(&self) -> Result<Vec<DirEntry>, NtStatus>;
    /// The names of [`FileObj::list_dir`]'s entries, without their details (no stat or
    /// attribute read each: a directory search looks up only the entries it returns).
    fn list_names(&self) -> Result<Vec<String>, NtStatus> {
        Ok(self.list_dir()?.into_iter().map(|e| e.name).collect())
    }
    /// The details of one entry of this directory, looked up from the directory itself
    /// (not from the share's root); NOT_SUPPORTED where a backend cannot.
    fn child_info(&self, _name: &str) -> Result<FileInfo, NtStatus> {
        Err(NtStatus::NOT_SUPPORTED)
    }
    /// Zeroes a range (FSCTL_SET_ZERO_DATA): deallocate where possible, but files stay
    /// non-sparse as far as clients can see.
    fn zero_range(&self, offset: u64, len: u64) -> Result<(), NtStatus>;
    /// Marks the file sparse or not (FSCTL_SET_SPARSE): recorded and reported as
    /// FILE_ATTRIBUTE_SPARSE_FILE. Backends that cannot record it refuse.
    fn set_sparse(&self, _sparse: bool) -> Result<(), NtStatus> {
        Err(NtStatus::INVALID_DEVICE_REQUEST)
    }
    /// The ranges of `[offset, offset + len)` that hold data, before end of file, in
    /// order (FSCTL_QUERY_ALLOCATED_RANGES on a sparse file). Backends that cannot tell
    /// report the whole range.
    fn allocated_ranges(&self, offset: u64, len: u64) -> Result<Vec<(u64, u64)>, NtStatus> {
        let eof = self.info()?.end_of_file;
        let end = offset.saturating_add(len).min(eof);
        Ok(if end > offset {
            vec![(offset, end - offset)]
        } else {
            Vec::new()
        })
    }
    /// Makes `[dst_off, dst_off + len)` of this file share `src`'s blocks at `src_off`
    /// (block cloning, FSCTL_DUPLICATE_EXTENTS_TO_FILE): only on shares whose
    /// [`FsInfo::block_refcounting`] is set; others refuse.
    fn clone_from(
        &self,
        _src: &dyn FileObj,
        _src_off: u64,
        _dst_off: u64,
        _len: u64,
    ) -> Result<(), NtStatus> {
        Err(NtStatus::INVALID_DEVICE_REQUEST)
    }
    /// Copies up to `len` bytes of `src` at `src_off` into this file at `dst_off` inside
    /// the server (copychunk, offload write): how many were copied, fewer only where
    /// `src` ends. Backends with descriptors copy in the kernel; this one through memory.
    fn copy_from(
        &self,
        src: &dyn FileObj,
        src_off: u64,
        dst_off: u64,
        len: usize,
    ) -> Result<usize, NtStatus> {
        copy_through_memory(src, src_off, self, dst_off, len)
    }
    /// The OS descriptor, for engines that issue I/O themselves (io_uring); None for
    /// in-memory backends.
    fn raw_fd(&self) -> Option<i32>;
    /// Where an engine that issues I/O itself reads `len` bytes at `offset`. The file's
    /// own descriptor at the same offset, unless the file maps its offsets elsewhere (a
    /// virtual disk: None when the range is not one piece of one file).
    fn ring_target(&self, offset: u64, _len: u64) -> Option<RingTarget> {
        self.raw_fd().map(|fd| RingTarget {
            fd,
            at: offset,
            file: None,
            spdk: None,
            ceph: None,
        })
    }
    /// Where an engine that issues I/O itself writes `len` bytes from memory at `addr` to
    /// `offset`: the O_DIRECT twin when the write is aligned for it (true), else the
    /// file's own descriptor; None when only [`FileObj::write_at`] may write (a virtual
    /// disk, whose engine maps and allocates; memory).
    fn write_target(&self, offset: u64, len: usize, addr: usize) -> Option<(i32, bool)> {
        let fd = self.raw_fd()?;
        Some(match self.direct() {
            Some(d) if d.fits(offset, len) && d.aligned(addr) => (d.fd, true),
            _ => (fd, false),
        })
    }
    /// Where an engine that issues I/O itself zeroes `len` bytes at `offset` (a hole
    /// punched, the file's size kept): the descriptor and the range cut at the end of
    /// the file (empty when it lies past it); None when only
    /// [`FileObj::zero_range`] may (a virtual disk, memory).
    fn zero_target(&self, _offset: u64, _len: u64) -> Option<(i32, u64, u64)> {
        None
    }
    /// A twin descriptor that bypasses the page cache, for engines that issue reads
    /// themselves (a `direct_io` share); reads through it never hit the page cache, so
    /// [`FileObj::read_cached`] is not worth trying for them.
    fn direct(&self) -> Option<DirectFd> {
        None
    }
    /// The file mapped read-only at its current size, if that is more than `bigger_than`
    /// bytes. The engine keeps one mapping per file and drops it when the file shrinks.
    fn map(&self, _bigger_than: u64) -> Mapping {
        Mapping::Never
    }
    /// The file's extended attributes (names as stored: upper case), in the order they
    /// were first set.
    fn eas(&self) -> Result<Vec<smb_wire::fscc::Ea>, NtStatus> {
        Ok(Vec::new())
    }
    /// Applies EA changes in order: an empty value removes that EA (absent ones are
    /// ignored); names match without regard to case. All or nothing.
    fn set_eas(&self, _changes: &[smb_wire::fscc::Ea]) -> Result<(), NtStatus> {
        Err(NtStatus::EAS_NOT_SUPPORTED)
    }
    /// The stored security descriptor (self-relative), if any.
    fn security(&self) -> Option<Vec<u8>> {
        None
    }
    /// Stores a security descriptor (self-relative, already validated).
    fn set_security(&self, _sd: &[u8]) -> Result<(), NtStatus> {
        Err(NtStatus::NOT_SUPPORTED)
    }
}

/// [`FileObj::copy_from`] through a bounded buffer: reads `src`, writes `dst`, stops at
/// the end of `src`.
pub fn copy_through_memory(
    src: &dyn FileObj,
    src_off: u64,
    dst: &(impl FileObj + ?Sized),
    dst_off: u64,
    len: usize,
) -> Result<usize, NtStatus> {
    const STEP: usize = 1 << 20;
    let mut buf = vec![0u8; len.min(STEP)];
    let mut done = 0usize;
    while done < len {
        let want = (len - done).min(STEP);
        let n = src.read_at(src_off + done as u64, &mut buf[..want])?;
        let mut w = 0;
        while w < n {
            let k = dst.write_at(dst_off + (done + w) as u64, &buf[w..n])?;
            if k == 0 {
                return Err(NtStatus::DISK_FULL);
            }
            w += k;
        }
        done += n;
        if n < want {
            break;
        }
    }
    Ok(done)
}
