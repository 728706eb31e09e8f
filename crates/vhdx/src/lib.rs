//! vhdx: the MS-VHDX engine.
//!
//! [`Vhdx`] opens and validates a file (replaying a dirty log first), maps virtual-disk
//! ranges to file ranges, zero ranges and parent ranges, and performs every metadata
//! update (BAT entries, sector bitmaps, headers, file growth) through the log. Payload
//! bytes are not its business: [`Vhdx::resolve_read`] and [`Vhdx::begin_write`] tell the
//! caller where to move them, with whatever I/O engine it runs, and no lock is held
//! while it does. [`Chain`] puts a differencing chain together for callers that just
//! want bytes (the CLI, conversions, tests).

pub mod create;
pub mod format;
pub mod log;
pub mod mem;
pub mod vhds;

mod chain;
mod engine;

pub use chain::{
    copy_parent_in, create_differencing, differencing_params, mapped_level, parent_paths,
    read_level, write_through, Chain,
};
pub use create::{create, CreateParams, DiskKind};
pub use engine::{Info, MetaOwner, OpenOptions, ReadRange, Vhdx, WritePlan, WriteRange};
pub use format::Guid;

use std::io;

#[derive(Debug)]
pub enum Error {
    Io(io::Error),
    /// The file breaks the format; the text names the structure and what is wrong.
    Corrupt(String),
    /// A valid file using something we do not implement.
    Unsupported(String),
    /// A request the disk cannot take (out of range, misaligned, too large).
    InvalidArgument(String),
    /// A write to a disk opened read-only.
    ReadOnly,
    /// A read-only open of a file whose log must be replayed first.
    LogReplayRequired,
    /// The parent of a differencing disk is missing or is not the one it was made from.
    Parent(String),
    /// An earlier metadata update failed part way; the in-memory state is no longer
    /// trusted and the disk must be reopened.
    Poisoned,
    /// One of several engines over the file could not be made the one that changes its
    /// metadata (see [`MetaOwner`]); the change may be tried again.
    Unavailable(String),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Io(e) => write!(f, "I/O error: {e}"),
            Error::Corrupt(s) => write!(f, "corrupt VHDX: {s}"),
            Error::Unsupported(s) => write!(f, "unsupported VHDX: {s}"),
            Error::InvalidArgument(s) => write!(f, "invalid request: {s}"),
            Error::ReadOnly => write!(f, "the disk is open read-only"),
            Error::LogReplayRequired => write!(
                f,
                "the log holds updates that must be replayed; open the disk read-write"
            ),
            Error::Parent(s) => write!(f, "parent disk: {s}"),
            Error::Unavailable(s) => write!(f, "the disk's metadata is not to be had: {s}"),
            Error::Poisoned => write!(
                f,
                "an earlier metadata update failed; reopen the disk to replay its log"
            ),
        }
    }
}

impl std::error::Error for Error {}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error::Io(e)
    }
}

pub type Result<T> = std::result::Result<T, Error>;

/// What the engine needs from the file holding the disk. Offsets are absolute.
#[allow(clippy::len_without_is_empty)]
pub trait Storage: Send + Sync {
    /// Reads exactly `buf.len()` bytes; short reads are errors.
    fn read_at(&self, buf: &mut [u8], offset: u64) -> io::Result<()>;
    fn write_at(&self, buf: &[u8], offset: u64) -> io::Result<()>;
    /// Makes every completed write and size change durable.
    fn flush(&self) -> io::Result<()>;
    fn len(&self) -> io::Result<u64>;
    fn set_len(&self, len: u64) -> io::Result<()>;
    /// Releases the space of a range nothing refers to any more. Optional.
    fn punch_hole(&self, _offset: u64, _len: u64) -> io::Result<()> {
        Ok(())
    }
    /// Makes a range read as zeros (releasing its space where the storage can). By
    /// default zeros are written over it.
    fn zero_range(&self, offset: u64, len: u64) -> io::Result<()> {
        write_zeros(self, offset, len)
    }
}

/// Writes zeros over `[offset, offset + len)` of `s`, a megabyte at a time.
fn write_zeros<S: Storage + ?Sized>(s: &S, offset: u64, len: u64) -> io::Result<()> {
    let zeros = vec![0u8; len.min(1 << 20) as usize];
    let mut at = offset;
    while at < offset + len {
        let n = (offset + len - at).min(zeros.len() as u64) as usize;
        s.write_at(&zeros[..n], at)?;
        at += n as u64;
    }
    Ok(())
}

impl Storage for std::fs::File {
    fn read_at(&self, buf: &mut [u8], offset: u64) -> io::Result<()> {
        std::os::unix::fs::FileExt::read_exact_at(self, buf, offset)
    }
    fn write_at(&self, buf: &[u8], offset: u64) -> io::Result<()> {
        std::os::unix::fs::FileExt::write_all_at(self, buf, offset)
    }
    fn flush(&self) -> io::Result<()> {
        self.sync_data()
    }
    fn len(&self) -> io::Result<u64> {
        Ok(self.metadata()?.len())
    }
    fn set_len(&self, len: u64) -> io::Result<()> {
        std::fs::File::set_len(self, len)
    }
    fn punch_hole(&self, offset: u64, len: u64) -> io::Result<()> {
        match fallocate(self, libc::FALLOC_FL_PUNCH_HOLE, offset, len) {
            // Filesystems without hole punching simply keep the space.
            Err(e) if unsupported(&e) => Ok(()),
            r => r,
        }
    }
    fn zero_range(&self, offset: u64, len: u64) -> io::Result<()> {
        // Zeroed in place (the space stays allocated), else a hole (reads as zeros),
        // else zeros written.
        fallocate(self, libc::FALLOC_FL_ZERO_RANGE, offset, len)
            .or_else(|e| match unsupported(&e) {
                true => fallocate(self, libc::FALLOC_FL_PUNCH_HOLE, offset, len),
                false => Err(e),
            })
            .or_else(|e| match unsupported(&e) {
                true => write_zeros(self, offset, len),
                false => Err(e),
            })
    }
}

/// Whether a failed fallocate says the filesystem cannot do it.
fn unsupported(e: &io::Error) -> bool {
    matches!(e.raw_os_error(), Some(libc::EOPNOTSUPP | libc::ENOSYS))
}

/// fallocate(`mode` | KEEP_SIZE) on `f`.
fn fallocate(f: &std::fs::File, mode: i32, offset: u64, len: u64) -> io::Result<()> {
    use std::os::fd::AsRawFd;
    // SAFETY: fallocate on a descriptor we own, with plain integer arguments.
    let r = unsafe {
        libc::fallocate(
            f.as_raw_fd(),
            mode | libc::FALLOC_FL_KEEP_SIZE,
            offset as libc::off_t,
            len as libc::off_t,
        )
    };
    if r == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

impl<T: Storage + ?Sized> Storage for &T {
    fn read_at(&self, buf: &mut [u8], offset: u64) -> io::Result<()> {
        (**self).read_at(buf, offset)
    }
    fn write_at(&self, buf: &[u8], offset: u64) -> io::Result<()> {
        (**self).write_at(buf, offset)
    }
    fn flush(&self) -> io::Result<()> {
        (**self).flush()
    }
    fn len(&self) -> io::Result<u64> {
        (**self).len()
    }
    fn set_len(&self, len: u64) -> io::Result<()> {
        (**self).set_len(len)
    }
    fn punch_hole(&self, offset: u64, len: u64) -> io::Result<()> {
        (**self).punch_hole(offset, len)
    }
    fn zero_range(&self, offset: u64, len: u64) -> io::Result<()> {
        (**self).zero_range(offset, len)
    }
}

impl<T: Storage + ?Sized> Storage for std::sync::Arc<T> {
    fn read_at(&self, buf: &mut [u8], offset: u64) -> io::Result<()> {
        (**self).read_at(buf, offset)
    }
    fn write_at(&self, buf: &[u8], offset: u64) -> io::Result<()> {
        (**self).write_at(buf, offset)
    }
    fn flush(&self) -> io::Result<()> {
        (**self).flush()
    }
    fn len(&self) -> io::Result<u64> {
        (**self).len()
    }
    fn set_len(&self, len: u64) -> io::Result<()> {
        (**self).set_len(len)
    }
    fn punch_hole(&self, offset: u64, len: u64) -> io::Result<()> {
        (**self).punch_hole(offset, len)
    }
    fn zero_range(&self, offset: u64, len: u64) -> io::Result<()> {
        (**self).zero_range(offset, len)
    }
}
