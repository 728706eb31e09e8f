//! MS-SMBD messages (section 2.2): negotiate request and response, data transfer
//! message, buffer descriptor V1. Little-endian throughout.

pub const VERSION: u16 = 0x0100;
pub const DATA_HEADER: usize = 24;
/// Header length of a data transfer message with no data (padding omitted).
pub const EMPTY_DATA_HEADER: usize = 20;
pub const FLAG_RESPONSE_REQUESTED: u16 = 0x0001;
pub const STATUS_SUCCESS: u32 = 0;
pub const STATUS_NOT_SUPPORTED: u32 = 0xC000_00BB;

fn u16at(b: &[u8], o: usize) -> u16 {
    u16::from_le_bytes([b[o], b[o + 1]])
}
fn u32at(b: &[u8], o: usize) -> u32 {
    u32::from_le_bytes(b[o..o + 4].try_into().unwrap())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NegotiateRequest {
    pub min_version: u16,
    pub max_version: u16,
    pub credits_requested: u16,
    pub preferred_send_size: u32,
    pub max_receive_size: u32,
    pub max_fragmented_size: u32,
}

impl NegotiateRequest {
    pub const LEN: usize = 20;
    pub fn parse(b: &[u8]) -> Option<Self> {
        (b.len() >= Self::LEN).then(|| NegotiateRequest {
            min_version: u16at(b, 0),
            max_version: u16at(b, 2),
            credits_requested: u16at(b, 6),
            preferred_send_size: u32at(b, 8),
            max_receive_size: u32at(b, 12),
            max_fragmented_size: u32at(b, 16),
        })
    }
    pub fn encode(&self) -> Vec<u8> {
        let mut v = Vec::with_capacity(Self::LEN);
        v.extend_from_slice(&self.min_version.to_le_bytes());
        v.extend_from_slice(&self.max_version.to_le_bytes());
        v.extend_from_slice(&0u16.to_le_bytes());
        v.extend_from_slice(&self.credits_requested.to_le_bytes());
        v.extend_from_slice(&self.preferred_send_size.to_le_bytes());
        v.extend_from_slice(&self.max_receive_size.to_le_bytes());
        v.extend_from_slice(&self.max_fragmented_size.to_le_bytes());
        v
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NegotiateResponse {
    pub min_version: u16,
    pub max_version: u16,
    pub negotiated_version: u16,
    pub credits_requested: u16,
    pub credits_granted: u16,
    pub status: u32,
    pub max_read_write_size: u32,
    pub preferred_send_size: u32,
    pub max_receive_size: u32,
    pub max_fragmented_size: u32,
}

impl NegotiateResponse {
    pub const LEN: usize = 32;
    pub fn parse(b: &[u8]) -> Option<Self> {
        (b.len() >= Self::LEN).then(|| NegotiateResponse {
            min_version: u16at(b, 0),
            max_version: u16at(b, 2),
            negotiated_version: u16at(b, 4),
            credits_requested: u16at(b, 8),
            credits_granted: u16at(b, 10),
            status: u32at(b, 12),
            max_read_write_size: u32at(b, 16),
            preferred_send_size: u32at(b, 20),
            max_receive_size: u32at(b, 24),
            max_fragmented_size: u32at(b, 28),
        })
    }
    pub fn encode(&self) -> Vec<u8> {
        let mut v = Vec::with_capacity(Self::LEN);
        v.extend_from_slice(&self.min_version.to_le_bytes());
        v.extend_from_slice(&self.max_version.to_le_bytes());
        v.extend_from_slice(&self.negotiated_version.to_le_bytes());
        v.extend_from_slice(&0u16.to_le_bytes());
        v.extend_from_slice(&self.credits_requested.to_le_bytes());
        v.extend_from_slice(&self.credits_granted.to_le_bytes());
        v.extend_from_slice(&self.status.to_le_bytes());
        v.extend_from_slice(&self.max_read_write_size.to_le_bytes());
        v.extend_from_slice(&self.preferred_send_size.to_le_bytes());
        v.extend_from_slice(&self.max_receive_size.to_le_bytes());
        v.extend_from_slice(&self.max_fragmented_size.to_le_bytes());
        v
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DataHeader {
    pub credits_requested: u16,
    pub credits_granted: u16,
    pub flags: u16,
    pub remaining_data_length: u32,
    pub data_offset: u32,
    pub data_length: u32,
}

impl DataHeader {
    /// Parses and checks a received message of `len` bytes: the data must lie inside it.
    pub fn parse(b: &[u8]) -> Option<Self> {
        if b.len() < EMPTY_DATA_HEADER {
            return None;
        }
        let h = DataHeader {
            credits_requested: u16at(b, 0),
            credits_granted: u16at(b, 2),
            flags: u16at(b, 4),
            remaining_data_length: u32at(b, 8),
            data_offset: u32at(b, 12),
            data_length: u32at(b, 16),
        };
        if h.data_length == 0 {
            return (h.remaining_data_length == 0 || h.data_offset == 0 || h.data_offset >= 20)
                .then_some(h);
        }
        let end = (h.data_offset as u64) + (h.data_length as u64);
        if h.data_offset < DATA_HEADER as u32
            || !h.data_offset.is_multiple_of(8)
            || end > b.len() as u64
        {
            return None;
        }
        Some(h)
    }
    /// Writes the 24-byte header (data follows at offset 24) into `out`.
    pub fn write(&self, out: &mut [u8]) {
        out[0..2].copy_from_slice(&self.credits_requested.to_le_bytes());
        out[2..4].copy_from_slice(&self.credits_granted.to_le_bytes());
        out[4..6].copy_from_slice(&self.flags.to_le_bytes());
        out[6..8].copy_from_slice(&0u16.to_le_bytes());
        out[8..12].copy_from_slice(&self.remaining_data_length.to_le_bytes());
        out[12..16].copy_from_slice(&self.data_offset.to_le_bytes());
        out[16..20].copy_from_slice(&self.data_length.to_le_bytes());
        out[20..24].copy_from_slice(&0u32.to_le_bytes());
    }
}

/// SMB2_CHANNEL_RDMA_V1 buffer descriptor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BufferDescriptor {
    pub offset: u64,
    pub token: u32,
    pub length: u32,
}

impl BufferDescriptor {
    pub const LEN: usize = 16;
    /// Parses a channel-info blob; None unless it is a whole, nonempty number of
    /// descriptors.
    pub fn parse_list(b: &[u8]) -> Option<Vec<BufferDescriptor>> {
        if b.is_empty() || !b.len().is_multiple_of(Self::LEN) {
            return None;
        }
        Some(
            b.chunks_exact(Self::LEN)
                .map(|c| BufferDescriptor {
                    offset: u64::from_le_bytes(c[0..8].try_into().unwrap()),
                    token: u32at(c, 8),
                    length: u32at(c, 12),
                })
                .collect(),
        )
    }
    pub fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.offset.to_le_bytes());
        out.extend_from_slice(&self.token.to_le_bytes());
        out.extend_from_slice(&self.length.to_le_bytes());
    }
}
