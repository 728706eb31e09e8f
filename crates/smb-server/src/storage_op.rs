//! The storage I/O interface: what the engine hands a transport's I/O engine to execute
//! (the worker's io_uring today; an SPDK engine next), as typed operations. The engine
//! decides what to do and where; the I/O engine does it and reports one result per
//! request with [`crate::Connection::complete_io`]: the bytes moved, or a negative errno.
//! A request may take several operations one after another (a trim's ranges, then the
//! sync of a write-through open): its completion hands out the next.
//!
//! ```text
//!  ops (READ, WRITE, FLUSH, SET_ZERO_DATA, FILE_LEVEL_TRIM, a tunnelled SCSI READ)
//!          |  StorageOp + where (descriptor, its file-table key, device)
//!          v
//!  I/O engine (io_uring: read, write (RWF_DSYNC), fdatasync, fallocate punch)
//!          |  bytes moved or -errno, under the request's id
//!          v
//!  Connection::complete_io -> the answer
//! ```
//!
//! Buffers belong to the request, not to the I/O engine: the pointer in an operation
//! stays valid (and, for a read, writable) until the request is reported or its
//! connection dropped, and a transport drops a connection only when none of its
//! requests is in flight ([`crate::Connection::io_in_flight`]).
//!
//! One exception: an engine that reads through memory of its own (an SPDK read of a
//! buffer the device cannot reach goes through a DMA bounce buffer) may leave a READ's
//! data there and hand that buffer in with the result
//! ([`crate::Connection::complete_io_with`]); a stream transport then sends the data
//! from it after the response's head ([`Reply::tail`]), with no copy in between.

/// One storage operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StorageOp {
    /// Read `len` bytes at `offset` into `buf`; a short count only at end of file.
    Read { offset: u64, len: u32, buf: *mut u8 },
    /// Write `len` bytes from `buf` at `offset`, all of them (an engine that moved only
    /// part goes on with the rest before it reports). `stable`: the data is on stable
    /// storage before the completion (RWF_DSYNC, or FUA on a device) — a write-through
    /// WRITE's.
    Write {
        offset: u64,
        len: u32,
        buf: *const u8,
        stable: bool,
    },
    /// Make what was written to the file stable (fdatasync, a device flush).
    Flush,
    /// Make `len` bytes at `offset` read as zeros, freeing their space where the store
    /// can (a hole punched in a file; Write Zeroes on a device). FSCTL_SET_ZERO_DATA's.
    Zero { offset: u64, len: u64 },
    /// The client no longer needs `len` bytes at `offset` (FSCTL_FILE_LEVEL_TRIM): their
    /// space may go. On a file a hole is punched, as for [`StorageOp::Zero`]; a device
    /// may deallocate (NVMe Dataset Management) and read back what it likes.
    Trim { offset: u64, len: u64 },
}

impl StorageOp {
    /// The bytes the operation moves (none for a flush, zeroing or trim).
    pub fn len(&self) -> u32 {
        match *self {
            StorageOp::Read { len, .. } | StorageOp::Write { len, .. } => len,
            StorageOp::Flush | StorageOp::Zero { .. } | StorageOp::Trim { .. } => 0,
        }
    }

    /// Whether it moves no bytes.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// What is left of a write after `done` of its bytes went (a short write's tail),
    /// None for other operations or when nothing is left.
    pub fn rest(&self, done: u32) -> Option<StorageOp> {
        match *self {
            StorageOp::Write {
                offset,
                len,
                buf,
                stable,
            } if done < len => Some(StorageOp::Write {
                offset: offset + u64::from(done),
                len: len - done,
                buf: buf.wrapping_add(done as usize),
                stable,
            }),
            _ => None,
        }
    }
}

/// A file of an SPDK share, for an I/O engine that hands its operations to SPDK: the
/// store (its index among the node's SPDK stores), the file's blob, and the SPDK
/// engine's own view of the open blob (an address, valid while the request's file keep
/// lives).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpdkTarget {
    pub store: u32,
    pub blob: u64,
    pub view: usize,
}

/// A file of a CephFS share, for an I/O engine that runs its operations on the node's
/// CephFS threads (libcephfs' calls block): the address of the share backend's open
/// file, valid while the request's file keep lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CephTarget {
    pub file: usize,
}

/// A storage operation for the transport's I/O engine, reported back with
/// [`crate::Connection::complete_io`] under `id`.
#[derive(Clone, Copy, Debug)]
pub struct IoRequest {
    pub id: u64,
    pub fd: i32,
    /// The key `fd` may be registered under in the ring's file table (see
    /// [`crate::fixed`]).
    pub file: u64,
    pub op: StorageOp,
    /// Bytes of the operation an earlier part moved (a short write's engine counts them
    /// into the one result it reports).
    pub done: u32,
    /// A direct read the transport should complete by polling (IOPOLL) if it can, and
    /// the device it reads from.
    pub poll: bool,
    pub dev: u64,
    /// The share asks for submission by a kernel thread (SQPOLL).
    pub sqpoll: bool,
    /// The operation goes to SPDK, on this file (`fd` is none then).
    pub spdk: Option<SpdkTarget>,
    /// The operation goes to the CephFS threads, on this file (`fd` is none then).
    pub ceph: Option<CephTarget>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_write_goes_on_with_its_tail() {
        let data = [0u8; 100];
        let w = StorageOp::Write {
            offset: 4096,
            len: 100,
            buf: data.as_ptr(),
            stable: true,
        };
        let StorageOp::Write {
            offset,
            len,
            buf,
            stable,
        } = w.rest(30).expect("a tail")
        else {
            panic!("a write");
        };
        assert_eq!((offset, len, stable), (4126, 70, true));
        assert_eq!(buf, data[30..].as_ptr());
        assert_eq!(w.rest(100), None);
        assert_eq!(StorageOp::Flush.rest(0), None);
        assert_eq!(w.len(), 100);
    }
}

/// Memory someone else owns that the engine reads into or sends from: a transport's
/// registered buffer lent for READ data (the data leaves by RDMA Write from where the
/// storage put it), or an I/O engine's buffer holding a READ's data ([`Tail`]).
pub trait LentBuffer: Send + std::fmt::Debug {
    fn capacity(&self) -> usize;
    /// The whole buffer, to read into.
    fn bytes_mut(&mut self) -> &mut [u8];
    /// The whole buffer, to write from.
    fn bytes(&self) -> &[u8];
    /// Back to its owner's own type.
    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any + Send>;
}

/// READ data an I/O engine left in memory of its own rather than in the request's
/// buffer: `len` bytes at `at` of `buf`.
#[derive(Debug)]
pub struct Tail {
    pub buf: Box<dyn LentBuffer>,
    pub at: usize,
    pub len: usize,
}

impl Tail {
    pub fn bytes(&self) -> &[u8] {
        &self.buf.bytes()[self.at..self.at + self.len]
    }
}

/// A message to send: the PDU, then (a READ answered from an engine's own buffer) the
/// rest of it, which its length and signature already cover.
#[derive(Debug)]
pub struct Reply {
    pub pdu: Vec<u8>,
    pub tail: Option<Tail>,
}

impl Reply {
    /// The message's whole length (what its frame header says).
    pub fn len(&self) -> usize {
        self.pdu.len() + self.tail.as_ref().map_or(0, |t| t.len)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
