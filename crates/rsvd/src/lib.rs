//! rsvd: MS-RSVD (Remote Shared Virtual Disk) and the SCSI target behind it.
//!
//! A Shared VHDX is a multi-initiator SCSI logical unit: Hyper-V hosts open the `.vhdx`
//! with an SVHDX create context naming their initiator, then tunnel SCSI commands to it in
//! FSCTLs. This crate holds everything of that which is not SMB:
//!
//! - [`tunnel`]: the tunnel header, the open context, every operation's request and
//!   response, and [`tunnel::dispatch`], which answers one tunnel request;
//! - [`scsi`]: CDB decoding and execution against a [`BlockDevice`] (identity, capacity,
//!   mode pages, data, unmap, cache sync), fixed-format sense and unit attentions;
//! - [`pr`]: SPC-3 persistent reservations shared by every initiator of a disk, with a
//!   versioned, checksummed encoding to keep them across restarts;
//! - [`disk`]: a [`BlockDevice`] over a VHDX chain (fixed, dynamic, differencing);
//! - [`vhdset`]: version 2 on VHD Sets: snapshots, change tracking, changes between
//!   snapshots (the files are the caller's);
//! - [`tasks`]: the writes under way, which a PREEMPT AND ABORT waits for;
//! - [`safe`]: how far a disk can shrink without cutting into what its partitions or
//!   its data occupy.
//!
//! No I/O of its own: the caller supplies the device and stores what [`pr`] encodes.
#![forbid(unsafe_code)]
pub mod clock;

pub mod disk;
pub mod pr;
pub mod safe;
pub mod scsi;
pub mod sense;
pub mod status;
pub mod tasks;
pub mod tunnel;
pub mod vhdset;

pub use disk::VhdxDisk;
pub use pr::Reservations;
pub use vhdx::Guid;

/// Why a device operation failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DevError {
    /// The medium could not be read or written (reported as MEDIUM ERROR).
    Medium(String),
    /// The request is outside what the device can do (reported as ILLEGAL REQUEST).
    Invalid(String),
    /// The device is read-only (reported as DATA PROTECT, WRITE PROTECTED).
    ReadOnly,
    /// The device cannot take the command now but will (reported as NOT READY, IN
    /// PROCESS OF BECOMING READY: an initiator tries again).
    NotReady(String),
}

impl std::fmt::Display for DevError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DevError::Medium(s) => write!(f, "medium error: {s}"),
            DevError::Invalid(s) => write!(f, "invalid request: {s}"),
            DevError::ReadOnly => write!(f, "the disk is read-only"),
            DevError::NotReady(s) => write!(f, "not ready: {s}"),
        }
    }
}

impl From<vhdx::Error> for DevError {
    fn from(e: vhdx::Error) -> Self {
        match e {
            vhdx::Error::InvalidArgument(s) => DevError::Invalid(s),
            vhdx::Error::ReadOnly => DevError::ReadOnly,
            vhdx::Error::Unavailable(s) => DevError::NotReady(s),
            other => DevError::Medium(other.to_string()),
        }
    }
}

/// How a disk's engine yields its file's metadata, given the function that lets it go
/// ([`SharedRecord::set_yield`]).
pub type Yield = Box<dyn Fn(&mut dyn FnMut()) + Send + Sync>;

/// The shared reservations could not be read or changed where they live.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordUnavailable;

/// The reservations of a logical unit that several servers serve at once (the nodes of a
/// scale-out cluster), kept where all of them read and change them.
pub trait SharedRecord: Send + Sync {
    /// The record as it stands, when it may have changed since this server last read
    /// or changed it (None: what the server holds is current); Err when it cannot be
    /// read.
    fn fresh(&self) -> Result<Option<Reservations>, RecordUnavailable>;
    /// Applies `f` to the record as it stands (again if another server changed it
    /// meanwhile) and stores the result unless `f` returns false (nothing changed);
    /// every server has heard of the change when this returns. The record as it stands
    /// after.
    /// `abort`: the change is a PREEMPT AND ABORT, and every other server has also
    /// seen the writes it had under way to the unit end (or its wait run out) when this
    /// returns.
    fn change(
        &self,
        f: &mut dyn FnMut(&mut Reservations) -> bool,
        abort: bool,
    ) -> Result<Reservations, RecordUnavailable>;
    /// What this server runs when another's PREEMPT AND ABORT changed the record (the
    /// record already marked changed): it returns once the unit's writes under way here
    /// have ended (see [`crate::scsi::fence`]).
    fn set_fence(&self, _fence: Box<dyn Fn() + Send + Sync>) {}
    /// Whether another server changed the record since this one last read it (without
    /// reading it).
    fn stale(&self) -> bool {
        false
    }
    /// Makes this server the one that may change the disk's file's metadata (the
    /// others told to let go, or stopped), as [`vhdx::MetaOwner::acquire`]. A server
    /// alone always is.
    fn acquire_metadata(&self, _give_up: &dyn Fn() -> bool) -> std::io::Result<()> {
        Ok(())
    }
    /// Whether this server is that one now.
    fn holds_metadata(&self) -> bool {
        true
    }
    /// What this server runs when another asks for the metadata: the disk's engine
    /// yields ([`vhdx::Vhdx::yield_metadata`]), calling the function it is given to let
    /// the metadata go.
    fn set_yield(&self, _yield: Yield) {}
    /// This server changed the disk's layout (resized it): every other server's engine
    /// reads it again before this returns ([`vhdx::MetaOwner::reshaped`]).
    fn reshaped(&self) -> std::io::Result<()> {
        Ok(())
    }
    /// What this server runs when another changed the disk's layout.
    fn set_reshape(&self, _reshape: Box<dyn Fn() + Send + Sync>) {}
}

/// The disk behind a logical unit. Offsets and lengths are in bytes and are multiples of
/// [`BlockDevice::sector_size`] when they come from a CDB.
pub trait BlockDevice: Send + Sync {
    /// Logical sector (block) size.
    fn sector_size(&self) -> u32;
    fn physical_sector_size(&self) -> u32;
    /// Size of the disk in bytes.
    fn capacity(&self) -> u64;
    /// A stable identity shared by every initiator (VHDX: the Page 83 data).
    fn identity(&self) -> Guid;
    fn read_only(&self) -> bool {
        false
    }
    fn read(&self, offset: u64, buf: &mut [u8]) -> Result<(), DevError>;
    /// Writes; with `fua` the data is on stable storage when this returns.
    fn write(&self, offset: u64, data: &[u8], fua: bool) -> Result<(), DevError>;
    /// Makes every completed write durable.
    fn flush(&self) -> Result<(), DevError>;
    /// Releases a range: afterwards it reads as zeros where whole allocation units were
    /// released and keeps its data elsewhere (unmap is advisory).
    fn unmap(&self, offset: u64, len: u64) -> Result<(), DevError>;
    /// Makes every whole allocation unit ([`BlockDevice::unmap_granularity`]) inside
    /// the range read as zeros, releasing it where the device can (the edges are
    /// [`scsi::zero_range`]'s). By default, [`BlockDevice::unmap`].
    fn zero(&self, offset: u64, len: u64) -> Result<(), DevError> {
        self.unmap(offset, len)
    }
    /// Grows or shrinks the disk to `new_size` bytes (a shrink drops what lies past it).
    fn resize(&self, _new_size: u64) -> Result<(), DevError> {
        Err(DevError::Invalid("this disk has a fixed size".into()))
    }
    /// The ranges of [offset, offset + len) that hold data (are mapped), in order; the
    /// rest reads as zeros without taking space. By default everything is mapped.
    fn mapped(&self, offset: u64, len: u64) -> Result<Vec<(u64, u64)>, DevError> {
        Ok(if len == 0 {
            Vec::new()
        } else {
            vec![(offset, len)]
        })
    }
    /// The granularity at which [`BlockDevice::unmap`] releases space, in bytes.
    fn unmap_granularity(&self) -> u64 {
        u64::from(self.sector_size())
    }
}

pub(crate) fn be16(b: &[u8], o: usize) -> u16 {
    u16::from_be_bytes([b[o], b[o + 1]])
}
pub(crate) fn be32(b: &[u8], o: usize) -> u32 {
    u32::from_be_bytes(b[o..o + 4].try_into().unwrap())
}
pub(crate) fn be64(b: &[u8], o: usize) -> u64 {
    u64::from_be_bytes(b[o..o + 8].try_into().unwrap())
}
