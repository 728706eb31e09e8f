//! What Windows keeps and a POSIX file system does not, as this crate stores it in
//! extended attributes whatever the file system (a Linux one for directory shares,
//! CephFS for cephfs shares): DOS attributes, creation time, a change time or an
//! allocation a client set ([`Meta`] in `user.smbdirectd`), security descriptors
//! (`user.smbdirectd.sd`) and EA lists (`user.smbdirectd.eas`); and how a file's POSIX
//! stat and that record make its [`FileInfo`].

use smb_server::backend::FileInfo;
use smb_wire::filetime::from_unix as filetime;
use smb_wire::msg::attrs;
use smb_wire::Le;

pub(crate) const XATTR: &str = "user.smbdirectd";

pub(crate) const XATTR_MAGIC: &[u8; 4] = b"SDX1";

/// Where a file's EAs live: one extended attribute holding the whole list.
pub(crate) const XATTR_EAS: &str = "user.smbdirectd.eas";

/// Where a file's security descriptor lives (self-relative, as a client set it).
pub(crate) const XATTR_SD: &str = "user.smbdirectd.sd";

/// Descriptors larger than this are refused (Windows caps them at 64 KiB).
pub(crate) const MAX_SD: usize = 65536;

/// How far a file's ctime may lie from the clock read just before the write that set it
/// (coarse kernel timestamps lag the clock by up to a tick), in 100 ns units: 20 ms.
pub(crate) const CTIME_GRAIN: u64 = 200_000;

pub(crate) struct Meta {
    pub(crate) attributes: u32,
    pub(crate) creation: Option<u64>,
    /// A change time a client set (Linux cannot set ctime), reported until the file
    /// changes again: while its ctime is still the one storing this left
    /// (`change_set_at`, the clock then, within the file system's timestamp grain).
    pub(crate) change: Option<u64>,
    pub(crate) change_set_at: Option<u64>,
    /// The allocation a client asked for (FileAllocationInformation), reported while it
    /// is above the data's own rounded size: Linux counts extended-attribute blocks in
    /// st_blocks, so the block count cannot say it.
    pub(crate) alloc: Option<u64>,
}

impl Meta {
    /// A record as stored; None when it is not one.
    pub(crate) fn decode(b: &[u8]) -> Option<Meta> {
        let n = b.len();
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

    /// The record to store.
    pub(crate) fn encode(&self) -> Vec<u8> {
        let m = self;
        let mut b = Vec::with_capacity(40);
        b.extend_from_slice(XATTR_MAGIC);
        b.extend_from_slice(&m.attributes.to_le_bytes());
        b.extend_from_slice(&m.creation.unwrap_or(0).to_le_bytes());
        b.extend_from_slice(&m.change.unwrap_or(0).to_le_bytes());
        b.extend_from_slice(&m.alloc.unwrap_or(0).to_le_bytes());
        b.extend_from_slice(&m.change_set_at.unwrap_or(0).to_le_bytes());
        b
    }
}

/// A file's POSIX stat, as any file system gives it: times as (seconds, nanoseconds).
pub(crate) struct Stat {
    pub(crate) is_dir: bool,
    pub(crate) size: u64,
    /// 512-byte blocks.
    pub(crate) blocks: u64,
    pub(crate) nlink: u32,
    pub(crate) ino: u64,
    pub(crate) dev: u64,
    pub(crate) atime: (i64, u32),
    pub(crate) mtime: (i64, u32),
    pub(crate) ctime: (i64, u32),
    /// The birth time, where the file system keeps one.
    pub(crate) btime: Option<(i64, u32)>,
}

/// A file's information from its stat and its stored record.
pub(crate) fn info_of(st: &Stat, meta: Option<Meta>) -> FileInfo {
    let is_dir = st.is_dir;
    let mtime = filetime(st.mtime.0, st.mtime.1);
    let ctime = filetime(st.ctime.0, st.ctime.1);
    let btime = match st.btime {
        Some((s, ns)) => filetime(s, ns),
        None => mtime.min(ctime),
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
        let data = st.size.next_multiple_of(4096);
        let blocks = (st.blocks * 512).next_multiple_of(4096);
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
        last_access_time: filetime(st.atime.0, st.atime.1),
        last_write_time: mtime,
        change_time: change,
        allocation_size: alloc,
        end_of_file: st.size,
        attributes: a,
        number_of_links: st.nlink,
        is_directory: is_dir,
        file_id: st.ino,
        device_id: st.dev,
        ea_size: 0,
    }
}
