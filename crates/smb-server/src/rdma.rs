//! READ and WRITE through SMB Direct buffer descriptors (SMB2_CHANNEL_RDMA_V1 and
//! RDMA_V1_INVALIDATE). The engine moves no RDMA bytes itself: for a READ it leaves the
//! data and the peer's descriptors for the transport to RDMA-Write before it sends the
//! response; for a WRITE the transport RDMA-Reads the data first (see
//! [`crate::Connection::rdma_read_needed`]) and hands it in.

use smb_wire::msg;
use smb_wire::status::NtStatus;

pub use crate::limits::MAX_DESCRIPTORS;

pub use crate::storage_op::LentBuffer;

/// An RDMA Write the transport performs before sending the response: the first `len`
/// bytes of a lent buffer, or owned `data`.
#[derive(Debug)]
pub struct RdmaWrite {
    pub descriptors: msg::Descriptors,
    pub data: Vec<u8>,
    pub lent: Option<(Box<dyn LentBuffer>, usize)>,
    /// Or `len` bytes of a mapped file from `offset` (the page cache's own pages).
    pub mapped: Option<MappedRange>,
}

/// Bytes of a mapped file an RDMA Write sends (the mapping stays alive while it is held).
#[derive(Debug)]
pub struct MappedRange {
    pub map: std::sync::Arc<dyn crate::backend::MappedFile>,
    pub offset: usize,
    pub len: usize,
}

/// WRITE data fetched by RDMA Read: copied out, or still in the registered buffer it
/// landed in (the buffer goes back to [`RdmaState::lent`] once written).
#[derive(Debug)]
pub enum Incoming {
    Owned(Vec<u8>),
    Lent(Box<dyn LentBuffer>, usize),
}

impl Incoming {
    pub fn bytes_mut(&mut self) -> &mut [u8] {
        match self {
            Incoming::Owned(v) => v,
            Incoming::Lent(b, n) => &mut b.bytes_mut()[..*n],
        }
    }
    pub fn len(&self) -> usize {
        match self {
            Incoming::Owned(v) => v.len(),
            Incoming::Lent(_, n) => *n,
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    pub fn bytes(&self) -> &[u8] {
        match self {
            Incoming::Owned(v) => v,
            Incoming::Lent(b, n) => &b.bytes()[..*n],
        }
    }
}

/// What an SMB Direct connection settled at its start (SMBD and SMB2 negotiation, the
/// transport's abilities): fixed afterwards, so requests read a copy, not shared state.
#[derive(Clone, Copy, Debug, Default)]
pub struct RdmaLimits {
    /// Largest transfer through descriptors (SMB Direct MaxReadWriteSize).
    pub max_read_write: u32,
    /// RDMA transforms negotiated on this connection (3.1.1).
    pub transforms: smb_wire::rdma_transform::Ids,
    /// The transport can RDMA-Write from a mapped file ([`MappedRange`]) without its
    /// worker touching the bytes (a software fabric whose data mover is the peer's).
    pub maps_files: bool,
}

/// Lends a registered buffer of at least the given size on demand (for READ data larger
/// than the buffers lent ahead), within the transport's bounds.
pub struct Lend(pub Box<dyn Fn(usize) -> Option<Box<dyn LentBuffer>> + Send>);

impl std::fmt::Debug for Lend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Lend")
    }
}

#[derive(Debug, Default)]
pub struct RdmaState {
    /// Data the transport RDMA-Read for the WRITE being handled.
    pub incoming: Option<Incoming>,
    pub writes: Vec<RdmaWrite>,
    /// The key the response's Send With Invalidate retires.
    pub invalidate: Option<u32>,
    /// Buffers the transport lent for READ data (used one per read that fits).
    pub lent: Vec<Box<dyn LentBuffer>>,
    /// Lends a larger one when none of `lent` fits; buffers larger than `keep_max` are
    /// not kept in `lent` once used (they go back to the transport's pool).
    pub lender: Option<Lend>,
    pub keep_max: usize,
}

impl RdmaState {
    /// A lent buffer of at least `len` bytes: one lent ahead, or one lent now.
    pub fn take_lent(&mut self, len: usize) -> Option<Box<dyn LentBuffer>> {
        match self.lent.iter().position(|b| b.capacity() >= len) {
            Some(i) => Some(self.lent.swap_remove(i)),
            None => self.lender.as_ref().and_then(|l| (l.0)(len)),
        }
    }

    /// Takes a used lent buffer back among the lent ones, unless it is larger than the
    /// transport keeps lent (then it is dropped: back to the transport's pool).
    pub fn give_back(&mut self, b: Box<dyn LentBuffer>) {
        if self.keep_max == 0 || b.capacity() <= self.keep_max {
            self.lent.push(b);
        }
    }
}

/// Checks a request's channel fields (MS-SMB2 3.3.5.12 / 3.3.5.13) and returns its
/// descriptors. Channel 3 (a WRITE through an RDMA transform, 3.1.1 with transforms
/// negotiated) names its descriptors inside the transform.
pub fn check_channel(
    channel: u32,
    info: &[u8],
    length: u32,
    dialect: u16,
    max_read_write: u32,
    transforms: smb_wire::rdma_transform::Ids,
) -> Result<msg::Descriptors, NtStatus> {
    if channel == msg::channel::RDMA_TRANSFORM {
        if dialect != 0x0311 || transforms.is_empty() {
            return Err(NtStatus::INVALID_PARAMETER);
        }
        let t = smb_wire::rdma_transform::parse(info)?;
        if t.channel == msg::channel::RDMA_TRANSFORM {
            return Err(NtStatus::INVALID_PARAMETER);
        }
        return check_channel(
            t.channel,
            t.descriptors,
            length,
            dialect,
            max_read_write,
            Default::default(),
        );
    }
    match channel {
        msg::channel::RDMA_V1 => {}
        // Remote invalidation came with SMB 3.0.2.
        msg::channel::RDMA_V1_INVALIDATE if dialect >= 0x0302 => {}
        _ => return Err(NtStatus::INVALID_PARAMETER),
    }
    let d = msg::parse_buffer_descriptors(info, MAX_DESCRIPTORS)
        .map_err(|_| NtStatus::INVALID_PARAMETER)?;
    let total: u64 = d.iter().map(|x| u64::from(x.length)).sum();
    if length > max_read_write || total < u64::from(length) {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    Ok(d)
}
