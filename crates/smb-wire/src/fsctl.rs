//! FSCTL codes and the payloads of the FSCTLs the server answers (MS-SMB2 2.2.31/2.2.32,
//! MS-FSCC 2.3): each request payload parsed after its lengths are checked, each response
//! payload encoded here, so the engine handles typed values only.

use crate::codec::{Le, PutLe, Result, WireError};

pub const DFS_GET_REFERRALS: u32 = 0x0006_0194;
pub const PIPE_PEEK: u32 = 0x0011_400C;
pub const PIPE_WAIT: u32 = 0x0011_0018;
pub const PIPE_TRANSCEIVE: u32 = 0x0011_C017;
pub const SRV_COPYCHUNK: u32 = 0x0014_40F2;
pub const SRV_ENUMERATE_SNAPSHOTS: u32 = 0x0014_4064;
pub const SRV_REQUEST_RESUME_KEY: u32 = 0x0014_0078;
pub const SRV_READ_HASH: u32 = 0x0014_41bb;
pub const SRV_COPYCHUNK_WRITE: u32 = 0x0014_80F2;
pub const LMR_REQUEST_RESILIENCY: u32 = 0x0014_01D4;
pub const QUERY_NETWORK_INTERFACE_INFO: u32 = 0x0014_01FC;
pub const SET_REPARSE_POINT: u32 = 0x0009_00A4;
pub const GET_REPARSE_POINT: u32 = 0x0009_00A8;
pub const DFS_GET_REFERRALS_EX: u32 = 0x0006_01B0;
pub const FILE_LEVEL_TRIM: u32 = 0x0009_8208;
pub const VALIDATE_NEGOTIATE_INFO: u32 = 0x0014_0204;
pub const SET_SPARSE: u32 = 0x0009_00C4;
pub const SET_ZERO_DATA: u32 = 0x0009_80C8;
pub const QUERY_ALLOCATED_RANGES: u32 = 0x0009_40CF;
pub const GET_COMPRESSION: u32 = 0x0009_003C;
pub const SET_COMPRESSION: u32 = 0x0009_C040;
pub const CREATE_OR_GET_OBJECT_ID: u32 = 0x0009_00C0;
pub const GET_INTEGRITY_INFORMATION: u32 = 0x0009_027C;
pub const SET_INTEGRITY_INFORMATION: u32 = 0x0009_C280;
pub const QUERY_FILE_REGIONS: u32 = 0x0009_0284;
pub const DUPLICATE_EXTENTS_TO_FILE: u32 = 0x0009_8344;
pub const DUPLICATE_EXTENTS_TO_FILE_EX: u32 = 0x0009_83E8;
pub const OFFLOAD_READ: u32 = 0x0009_4264;
pub const OFFLOAD_WRITE: u32 = 0x0009_8268;
pub const SVHDX_SYNC_TUNNEL_REQUEST: u32 = 0x0009_0304;
pub const SVHDX_ASYNC_TUNNEL_REQUEST: u32 = 0x0009_0364;
pub const QUERY_SHARED_VIRTUAL_DISK_SUPPORT: u32 = 0x0009_0300;
/// NETWORK_RESILIENCY_REQUEST (MS-SMB2 2.2.31.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResiliencyRequest {
    /// Milliseconds the server keeps the open after the connection is lost.
    pub timeout_ms: u32,
}

impl ResiliencyRequest {
    pub fn parse(input: &[u8]) -> Result<Self> {
        let r = Le(input);
        r.u32(4)?; // Reserved: present, ignored.
        Ok(ResiliencyRequest {
            timeout_ms: r.u32(0)?,
        })
    }
}

/// A byte range of a file, as FILE_ZERO_DATA_INFORMATION, FILE_LEVEL_TRIM_RANGE and
/// FILE_ALLOCATED_RANGE_BUFFER carry it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    pub offset: u64,
    pub length: u64,
}

/// FILE_ZERO_DATA_INFORMATION (MS-FSCC 2.3.69): FileOffset and BeyondFinalZero; a range
/// that ends before it starts is refused.
pub fn parse_zero_data(input: &[u8]) -> Result<Range> {
    let r = Le(input);
    let (from, beyond) = (r.u64(0)?, r.u64(8)?);
    if beyond < from {
        return Err(WireError::BadValue("BeyondFinalZero before FileOffset"));
    }
    Ok(Range {
        offset: from,
        length: beyond - from,
    })
}

/// The most ranges one FILE_LEVEL_TRIM may carry (its input is bounded by the
/// connection's MaxTransactSize as well).
pub const MAX_TRIM_RANGES: usize = 4096;

/// FILE_LEVEL_TRIM (MS-FSCC 2.3.14): Key, NumRanges, then the ranges.
pub fn parse_trim(input: &[u8]) -> Result<Vec<Range>> {
    let r = Le(input);
    r.u32(0)?; // Key: reserved, ignored.
    let n = r.u32(4)? as usize;
    if n > MAX_TRIM_RANGES {
        return Err(WireError::BadValue("too many trim ranges"));
    }
    (0..n)
        .map(|i| {
            Ok(Range {
                offset: r.u64(8 + 16 * i)?,
                length: r.u64(16 + 16 * i)?,
            })
        })
        .collect()
}

/// FILE_LEVEL_TRIM_OUTPUT (MS-FSCC 2.3.15): how many ranges were trimmed.
pub fn encode_trim_output(out: &mut Vec<u8>, ranges_processed: u32) {
    out.put_u32(ranges_processed);
}

/// FILE_SET_SPARSE_BUFFER (MS-FSCC 2.3.64): SetSparse; no buffer at all means TRUE.
pub fn parse_set_sparse(input: &[u8]) -> bool {
    input.first().is_none_or(|b| *b != 0)
}

/// Bytes of one FILE_ALLOCATED_RANGE_BUFFER.
pub const RANGE_LEN: usize = 16;

/// FILE_ALLOCATED_RANGE_BUFFER (MS-FSCC 2.3.32): the range a query asks about. Offsets
/// and lengths are signed on the wire: a negative one, or a range past the largest
/// offset, is refused.
pub fn parse_allocated_range_query(input: &[u8]) -> Result<Range> {
    let r = Le(input);
    let (offset, length) = (r.u64(0)?, r.u64(8)?);
    if offset > i64::MAX as u64
        || length > i64::MAX as u64
        || offset
            .checked_add(length)
            .is_none_or(|e| e > i64::MAX as u64)
    {
        return Err(WireError::BadValue(
            "allocated range outside 0 ..= i64::MAX",
        ));
    }
    Ok(Range { offset, length })
}

/// FILE_ALLOCATED_RANGE_BUFFER entries of an answer.
pub fn encode_allocated_ranges(out: &mut Vec<u8>, ranges: &[Range]) {
    for r in ranges {
        out.put_u64(r.offset);
        out.put_u64(r.length);
    }
}

/// SRV_COPYCHUNK (MS-SMB2 2.2.31.1.1): one range to copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chunk {
    pub source_offset: u64,
    pub target_offset: u64,
    pub length: u32,
}

/// SRV_COPYCHUNK_COPY (MS-SMB2 2.2.31.1): the source's resume key and the chunks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopyChunkCopy {
    pub source_key: [u8; 24],
    pub chunks: Vec<Chunk>,
}

/// Why a SRV_COPYCHUNK_COPY was not taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyChunkError {
    /// Shorter than its fixed part or its chunk count says.
    Malformed,
    /// More chunks than the server allows: the answer names the server's limits.
    TooManyChunks,
}

impl CopyChunkCopy {
    /// Parses the request; `max_chunks` is checked before the chunks are read, as the
    /// limits answer does not depend on them.
    pub fn parse(input: &[u8], max_chunks: u32) -> std::result::Result<Self, CopyChunkError> {
        let r = Le(input);
        let bad = |_| CopyChunkError::Malformed;
        let source_key: [u8; 24] = r.bytes(0, 24).map_err(bad)?.try_into().expect("24");
        let count = r.u32(24).map_err(bad)?;
        r.u32(28).map_err(bad)?;
        if count > max_chunks {
            return Err(CopyChunkError::TooManyChunks);
        }
        let chunks = (0..count as usize)
            .map(|i| {
                let at = 32 + 24 * i;
                r.u32(at + 20)?; // Reserved: present, ignored.
                Ok(Chunk {
                    source_offset: r.u64(at)?,
                    target_offset: r.u64(at + 8)?,
                    length: r.u32(at + 16)?,
                })
            })
            .collect::<Result<Vec<_>>>()
            .map_err(bad)?;
        Ok(CopyChunkCopy { source_key, chunks })
    }
}

/// SRV_COPYCHUNK_RESPONSE (MS-SMB2 2.2.32.1): what was written, or on a limits error the
/// server's limits in the same three fields.
pub fn encode_copychunk_response(
    out: &mut Vec<u8>,
    chunks_written: u32,
    chunk_bytes_written: u32,
    total_bytes_written: u32,
) {
    out.put_u32(chunks_written);
    out.put_u32(chunk_bytes_written);
    out.put_u32(total_bytes_written);
}

/// SRV_REQUEST_RESUME_KEY's answer (MS-SMB2 2.2.32.3): the key, ContextLength 0 and four
/// bytes of empty context (as Windows and Samba send).
pub fn encode_resume_key(out: &mut Vec<u8>, key: &[u8; 24]) {
    out.extend_from_slice(key);
    out.put_u32(0);
    out.put_u32(0);
}

/// The longest dialect list a VALIDATE_NEGOTIATE_INFO is read for (a NEGOTIATE that
/// offered more could not be repeated in it anyway).
pub const MAX_VALIDATE_DIALECTS: usize = 64;

/// VALIDATE_NEGOTIATE_INFO request (MS-SMB2 2.2.31.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidateNegotiateInfo {
    pub capabilities: u32,
    pub guid: [u8; 16],
    pub security_mode: u16,
    /// The first [`MAX_VALIDATE_DIALECTS`] dialects.
    pub dialects: Vec<u16>,
}

impl ValidateNegotiateInfo {
    pub fn parse(input: &[u8]) -> Result<Self> {
        let r = Le(input);
        let n = r.u16(22)? as usize;
        Ok(ValidateNegotiateInfo {
            capabilities: r.u32(0)?,
            guid: r.array16(4)?,
            security_mode: r.u16(20)?,
            dialects: (0..n.min(MAX_VALIDATE_DIALECTS))
                .map(|i| r.u16(24 + 2 * i))
                .collect::<Result<_>>()?,
        })
    }
}

/// VALIDATE_NEGOTIATE_INFO response (MS-SMB2 2.2.32.6).
pub fn encode_validate_negotiate_response(
    out: &mut Vec<u8>,
    capabilities: u32,
    guid: &[u8; 16],
    security_mode: u16,
    dialect: u16,
) {
    out.put_u32(capabilities);
    out.extend_from_slice(guid);
    out.put_u16(security_mode);
    out.put_u16(dialect);
}

/// One NETWORK_INTERFACE_INFO entry (MS-SMB2 2.2.32.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NetworkInterface {
    pub index: u32,
    pub rss: bool,
    pub rdma: bool,
    pub link_speed_bps: u64,
    pub addr: std::net::IpAddr,
}

/// Bytes of one NETWORK_INTERFACE_INFO entry (its SOCKADDR_STORAGE is 128 bytes).
pub const NETWORK_INTERFACE_INFO_LEN: usize = 152;

/// The entries, chained by their Next fields.
pub fn encode_network_interfaces(out: &mut Vec<u8>, ifaces: &[NetworkInterface]) {
    for (i, ifc) in ifaces.iter().enumerate() {
        let start = out.len();
        let next = if i + 1 < ifaces.len() {
            NETWORK_INTERFACE_INFO_LEN as u32
        } else {
            0
        };
        out.put_u32(next);
        out.put_u32(ifc.index);
        out.put_u32(u32::from(ifc.rss) | (u32::from(ifc.rdma) << 1));
        out.put_u32(0);
        out.put_u64(ifc.link_speed_bps);
        // SOCKADDR_IN / SOCKADDR_IN6: family, then the port (0) in network order.
        match ifc.addr {
            std::net::IpAddr::V4(a) => {
                out.put_u16(2);
                out.put_u16(0);
                out.extend_from_slice(&a.octets());
            }
            std::net::IpAddr::V6(a) => {
                out.put_u16(0x17);
                out.put_u16(0);
                out.put_u32(0); // FlowInfo
                out.extend_from_slice(&a.octets());
            }
        }
        out.resize(start + NETWORK_INTERFACE_INFO_LEN, 0);
    }
}

/// FILE_OBJECTID_BUFFER (MS-FSCC 2.1.3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ObjectIdBuffer {
    pub object_id: [u8; 16],
    pub birth_volume_id: [u8; 16],
    pub birth_object_id: [u8; 16],
    pub domain_id: [u8; 16],
}

/// Bytes of a FILE_OBJECTID_BUFFER.
pub const OBJECT_ID_BUFFER_LEN: usize = 64;

impl ObjectIdBuffer {
    pub fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.object_id);
        out.extend_from_slice(&self.birth_volume_id);
        out.extend_from_slice(&self.birth_object_id);
        out.extend_from_slice(&self.domain_id);
    }
}

/// Two little-endian u64 as the 16 bytes of an id.
pub fn id128(lo: u64, hi: u64) -> [u8; 16] {
    let mut b = [0u8; 16];
    b[..8].copy_from_slice(&lo.to_le_bytes());
    b[8..].copy_from_slice(&hi.to_le_bytes());
    b
}

/// A block-cloning request: SMB2_DUPLICATE_EXTENTS_DATA (MS-FSCC 2.3.7.2) or its _EX form
/// (2.3.9.2), the source named by an SMB2 FileId of the same session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DuplicateExtents {
    pub source_persistent: u64,
    pub source_volatile: u64,
    pub source_offset: u64,
    pub target_offset: u64,
    pub byte_count: u64,
    /// DUPLICATE_EXTENTS_DATA_EX_SOURCE_ATOMIC asked (the _EX form only).
    pub source_atomic: bool,
}

/// SMB2_DUPLICATE_EXTENTS_DATA's length.
pub const DUPLICATE_EXTENTS_LEN: usize = 40;
/// SMB2_DUPLICATE_EXTENTS_DATA_EX's length on the wire (its StructureSize field says
/// 0x30, the size of the local structure with an 8-byte handle).
pub const DUPLICATE_EXTENTS_EX_LEN: usize = 56;
/// The StructureSize an _EX request carries.
pub const DUPLICATE_EXTENTS_EX_SIZE: u64 = 0x30;
pub const DUPLICATE_EXTENTS_SOURCE_ATOMIC: u32 = 1;

/// Why a duplicate-extents request was not taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DuplicateExtentsError {
    /// Shorter than the structure.
    Short,
    /// An _EX request whose StructureSize is not 0x30.
    BadSize,
}

impl DuplicateExtents {
    pub fn parse(input: &[u8]) -> std::result::Result<Self, DuplicateExtentsError> {
        Self::at(input, 0, false)
    }

    pub fn parse_ex(input: &[u8]) -> std::result::Result<Self, DuplicateExtentsError> {
        if input.len() < DUPLICATE_EXTENTS_EX_LEN {
            return Err(DuplicateExtentsError::Short);
        }
        if Le(input).u64(0) != Ok(DUPLICATE_EXTENTS_EX_SIZE) {
            return Err(DuplicateExtentsError::BadSize);
        }
        Self::at(input, 8, true)
    }

    fn at(input: &[u8], base: usize, ex: bool) -> std::result::Result<Self, DuplicateExtentsError> {
        let r = Le(input);
        let short = |_| DuplicateExtentsError::Short;
        let flags = if ex {
            r.u32(base + 40).map_err(short)?
        } else {
            0
        };
        Ok(DuplicateExtents {
            source_persistent: r.u64(base).map_err(short)?,
            source_volatile: r.u64(base + 8).map_err(short)?,
            source_offset: r.u64(base + 16).map_err(short)?,
            target_offset: r.u64(base + 24).map_err(short)?,
            byte_count: r.u64(base + 32).map_err(short)?,
            source_atomic: flags & DUPLICATE_EXTENTS_SOURCE_ATOMIC != 0,
        })
    }

    /// Encodes the plain form (or the _EX form when `ex`), as a client sends it.
    pub fn encode(&self, out: &mut Vec<u8>, ex: bool) {
        if ex {
            out.put_u64(DUPLICATE_EXTENTS_EX_SIZE);
        }
        out.put_u64(self.source_persistent);
        out.put_u64(self.source_volatile);
        out.put_u64(self.source_offset);
        out.put_u64(self.target_offset);
        out.put_u64(self.byte_count);
        if ex {
            out.put_u32(if self.source_atomic {
                DUPLICATE_EXTENTS_SOURCE_ATOMIC
            } else {
                0
            });
            out.put_u32(0);
        }
    }
}

/// STORAGE_OFFLOAD_TOKEN's length (MS-FSCC 2.1.11).
pub const OFFLOAD_TOKEN_LEN: usize = 512;
/// The well-known token that stands for zeros (STORAGE_OFFLOAD_TOKEN_TYPE_ZERO_DATA).
pub const OFFLOAD_TOKEN_TYPE_ZERO_DATA: u32 = 0xFFFF_0001;
/// FSCTL_OFFLOAD_READ_INPUT's length, and the Size it carries.
pub const OFFLOAD_READ_INPUT_LEN: usize = 0x20;
/// FSCTL_OFFLOAD_READ_OUTPUT's length.
pub const OFFLOAD_READ_OUTPUT_LEN: usize = 0x210;
/// FSCTL_OFFLOAD_WRITE_INPUT's length, and the Size it carries.
pub const OFFLOAD_WRITE_INPUT_LEN: usize = 0x220;
/// FSCTL_OFFLOAD_WRITE_OUTPUT's length.
pub const OFFLOAD_WRITE_OUTPUT_LEN: usize = 0x10;
/// OFFLOAD_READ_FLAG_ALL_ZERO_BEYOND_CURRENT_RANGE: the source holds only zeros from the
/// end of the token's range to its end of file.
pub const OFFLOAD_READ_FLAG_ALL_ZERO_BEYOND: u32 = 1;

/// A STORAGE_OFFLOAD_TOKEN: its type and identifier (both sent big-endian on the wire,
/// the one structure in these FSCTLs that is).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OffloadToken {
    pub token_type: u32,
    /// TokenId: the first TokenIdLength bytes of the 504 that follow the header.
    pub id: Vec<u8>,
}

impl OffloadToken {
    pub const ID_MAX: usize = OFFLOAD_TOKEN_LEN - 8;

    /// The well-known zero token, as Windows makes it: its TokenIdLength the whole
    /// 504-byte identifier (all zero).
    pub fn zero() -> Self {
        OffloadToken {
            token_type: OFFLOAD_TOKEN_TYPE_ZERO_DATA,
            id: vec![0; Self::ID_MAX],
        }
    }

    pub fn parse(b: &[u8]) -> Result<Self> {
        let b = Le(b).bytes(0, OFFLOAD_TOKEN_LEN)?;
        let token_type = u32::from_be_bytes(b[0..4].try_into().expect("4"));
        let id_len = usize::from(u16::from_be_bytes(b[6..8].try_into().expect("2")));
        if id_len > Self::ID_MAX {
            return Err(WireError::BadValue("TokenIdLength past the token"));
        }
        Ok(OffloadToken {
            token_type,
            id: b[8..8 + id_len].to_vec(),
        })
    }

    /// 512 bytes: type, reserved, id length, id, zero padding.
    pub fn encode(&self, out: &mut Vec<u8>) {
        let id = &self.id[..self.id.len().min(Self::ID_MAX)];
        out.extend_from_slice(&self.token_type.to_be_bytes());
        out.put_u16(0);
        out.extend_from_slice(&(id.len() as u16).to_be_bytes());
        out.extend_from_slice(id);
        out.resize(out.len() + Self::ID_MAX - id.len(), 0);
    }
}

/// FSCTL_OFFLOAD_READ_INPUT (MS-FSCC 2.3.41).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OffloadReadInput {
    pub size: u32,
    pub flags: u32,
    /// Milliseconds the token should live; 0 asks for the server's default.
    pub token_ttl_ms: u32,
    pub file_offset: u64,
    pub copy_length: u64,
}

impl OffloadReadInput {
    pub fn parse(input: &[u8]) -> Result<Self> {
        let r = Le(input);
        r.u32(12)?; // Reserved: present, ignored.
        Ok(OffloadReadInput {
            size: r.u32(0)?,
            flags: r.u32(4)?,
            token_ttl_ms: r.u32(8)?,
            file_offset: r.u64(16)?,
            copy_length: r.u64(24)?,
        })
    }

    pub fn encode(&self, out: &mut Vec<u8>) {
        out.put_u32(self.size);
        out.put_u32(self.flags);
        out.put_u32(self.token_ttl_ms);
        out.put_u32(0);
        out.put_u64(self.file_offset);
        out.put_u64(self.copy_length);
    }
}

/// FSCTL_OFFLOAD_READ_OUTPUT (MS-FSCC 2.3.42).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OffloadReadOutput {
    pub flags: u32,
    pub transfer_length: u64,
    pub token: OffloadToken,
}

impl OffloadReadOutput {
    pub fn encode(&self, out: &mut Vec<u8>) {
        out.put_u32(OFFLOAD_READ_OUTPUT_LEN as u32);
        out.put_u32(self.flags);
        out.put_u64(self.transfer_length);
        self.token.encode(out);
    }

    pub fn parse(b: &[u8]) -> Result<Self> {
        let r = Le(b);
        Ok(OffloadReadOutput {
            flags: r.u32(4)?,
            transfer_length: r.u64(8)?,
            token: OffloadToken::parse(r.bytes(16, OFFLOAD_TOKEN_LEN)?)?,
        })
    }
}

/// FSCTL_OFFLOAD_WRITE_INPUT (MS-FSCC 2.3.43).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OffloadWriteInput {
    pub size: u32,
    pub flags: u32,
    pub file_offset: u64,
    pub copy_length: u64,
    /// Where in the token's range the copy starts.
    pub transfer_offset: u64,
    pub token: OffloadToken,
}

impl OffloadWriteInput {
    pub fn parse(input: &[u8]) -> Result<Self> {
        let r = Le(input);
        Ok(OffloadWriteInput {
            size: r.u32(0)?,
            flags: r.u32(4)?,
            file_offset: r.u64(8)?,
            copy_length: r.u64(16)?,
            transfer_offset: r.u64(24)?,
            token: OffloadToken::parse(r.bytes(32, OFFLOAD_TOKEN_LEN)?)?,
        })
    }

    pub fn encode(&self, out: &mut Vec<u8>) {
        out.put_u32(self.size);
        out.put_u32(self.flags);
        out.put_u64(self.file_offset);
        out.put_u64(self.copy_length);
        out.put_u64(self.transfer_offset);
        self.token.encode(out);
    }
}

/// FSCTL_OFFLOAD_WRITE_OUTPUT (MS-FSCC 2.3.44): how much was written.
pub fn encode_offload_write_output(out: &mut Vec<u8>, length_written: u64) {
    out.put_u32(OFFLOAD_WRITE_OUTPUT_LEN as u32);
    out.put_u32(0);
    out.put_u64(length_written);
}

/// LengthWritten from an FSCTL_OFFLOAD_WRITE_OUTPUT.
pub fn parse_offload_write_output(b: &[u8]) -> Result<u64> {
    Le(b).u64(8)
}

/// FSCTL_STORAGE_QOS_CONTROL (MS-SQOS 2.2).
pub const STORAGE_QOS_CONTROL: u32 = 0x0009_0350;
pub const SQOS_VERSION_1_0: u16 = 0x0100;
pub const SQOS_VERSION_1_1: u16 = 0x0101;
/// STORAGE_QOS_CONTROL_FLAG_* (the request's Options).
pub const SQOS_SET_LOGICAL_FLOW_ID: u32 = 0x01;
pub const SQOS_SET_POLICY: u32 = 0x02;
pub const SQOS_PROBE_POLICY: u32 = 0x04;
pub const SQOS_GET_STATUS: u32 = 0x08;
pub const SQOS_UPDATE_COUNTERS: u32 = 0x10;
/// The longest initiator name or node name, bytes of UTF-16.
pub const SQOS_NAME_MAX: usize = 0x200;
/// The least a name may start at (MS-SQOS 3.2.5.1).
const SQOS_NAME_FLOOR: usize = 104;

/// Why a Storage QoS request was not taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SqosError {
    /// Neither version 1.0 nor 1.1 (STATUS_REVISION_MISMATCH).
    Version,
    /// Shorter than its version's fixed part, or a name out of bounds.
    Malformed,
}

/// STORAGE_QOS_CONTROL request (MS-SQOS 2.2.2.1); the 1.1 fields are 0 in a 1.0 one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SqosRequest {
    pub version: u16,
    pub options: u32,
    pub flow_id: [u8; 16],
    pub policy_id: [u8; 16],
    pub initiator_id: [u8; 16],
    /// Maximum and minimum, normalized IOPS.
    pub limit: u64,
    pub reservation: u64,
    pub initiator_name: String,
    pub node_name: String,
    pub io_count_increment: u64,
    pub normalized_io_count_increment: u64,
    /// 100 ns units.
    pub latency_increment: u64,
    pub lower_latency_increment: u64,
    /// KiB/s (1.1).
    pub bandwidth_limit: u64,
    pub kilobyte_count_increment: u64,
}

impl SqosRequest {
    /// The fixed part's length for a version.
    pub fn fixed_len(version: u16) -> usize {
        if version == SQOS_VERSION_1_1 {
            128
        } else {
            112
        }
    }

    pub fn parse(input: &[u8]) -> std::result::Result<Self, SqosError> {
        let r = Le(input);
        let bad = |_| SqosError::Malformed;
        let version = r.u16(0).map_err(bad)?;
        if version != SQOS_VERSION_1_0 && version != SQOS_VERSION_1_1 {
            return Err(SqosError::Version);
        }
        let fixed = Self::fixed_len(version);
        if input.len() < fixed {
            return Err(SqosError::Malformed);
        }
        let name = |at: usize| -> std::result::Result<String, SqosError> {
            let off = usize::from(r.u16(at).map_err(bad)?);
            let len = usize::from(r.u16(at + 2).map_err(bad)?);
            if len == 0 {
                return Ok(String::new());
            }
            if len > SQOS_NAME_MAX || off < SQOS_NAME_FLOOR {
                return Err(SqosError::Malformed);
            }
            let b = r.region(off, len).map_err(bad)?;
            crate::codec::utf16_to_string(b).map_err(bad)
        };
        let v11 = version == SQOS_VERSION_1_1;
        Ok(SqosRequest {
            version,
            options: r.u32(4).map_err(bad)?,
            flow_id: r.array16(8).map_err(bad)?,
            policy_id: r.array16(24).map_err(bad)?,
            initiator_id: r.array16(40).map_err(bad)?,
            limit: r.u64(56).map_err(bad)?,
            reservation: r.u64(64).map_err(bad)?,
            initiator_name: name(72)?,
            node_name: name(76)?,
            io_count_increment: r.u64(80).map_err(bad)?,
            normalized_io_count_increment: r.u64(88).map_err(bad)?,
            latency_increment: r.u64(96).map_err(bad)?,
            lower_latency_increment: r.u64(104).map_err(bad)?,
            bandwidth_limit: if v11 { r.u64(112).map_err(bad)? } else { 0 },
            kilobyte_count_increment: if v11 { r.u64(120).map_err(bad)? } else { 0 },
        })
    }

    /// Encodes the request as a client sends it: the fixed part, then the names.
    pub fn encode(&self, out: &mut Vec<u8>) {
        let fixed = Self::fixed_len(self.version);
        let utf16 = |t: &str| {
            let mut v = Vec::new();
            crate::codec::put_utf16(&mut v, t);
            v
        };
        let (name, node) = (utf16(&self.initiator_name), utf16(&self.node_name));
        let at = |len: usize, off: usize| if len == 0 { 0u16 } else { off as u16 };
        out.put_u16(self.version);
        out.put_u16(0);
        out.put_u32(self.options);
        out.extend_from_slice(&self.flow_id);
        out.extend_from_slice(&self.policy_id);
        out.extend_from_slice(&self.initiator_id);
        out.put_u64(self.limit);
        out.put_u64(self.reservation);
        out.put_u16(at(name.len(), fixed));
        out.put_u16(name.len() as u16);
        out.put_u16(at(node.len(), fixed + name.len()));
        out.put_u16(node.len() as u16);
        out.put_u64(self.io_count_increment);
        out.put_u64(self.normalized_io_count_increment);
        out.put_u64(self.latency_increment);
        out.put_u64(self.lower_latency_increment);
        if self.version == SQOS_VERSION_1_1 {
            out.put_u64(self.bandwidth_limit);
            out.put_u64(self.kilobyte_count_increment);
        }
        out.extend_from_slice(&name);
        out.extend_from_slice(&node);
    }
}

/// STORAGE_QOS_CONTROL response (MS-SQOS 2.2.2.2): 88 bytes for 1.0, 96 for 1.1.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SqosResponse {
    pub version: u16,
    pub flow_id: [u8; 16],
    pub policy_id: [u8; 16],
    pub initiator_id: [u8; 16],
    pub ttl_ms: u32,
    pub status: u32,
    pub max_io_rate: u64,
    pub min_io_rate: u64,
    pub base_io_size: u32,
    /// KiB/s (1.1).
    pub max_bandwidth: u64,
}

impl SqosResponse {
    pub fn len(version: u16) -> usize {
        if version == SQOS_VERSION_1_1 {
            96
        } else {
            88
        }
    }

    pub fn encode(&self, out: &mut Vec<u8>) {
        out.put_u16(self.version);
        out.put_u16(0);
        out.put_u32(0);
        out.extend_from_slice(&self.flow_id);
        out.extend_from_slice(&self.policy_id);
        out.extend_from_slice(&self.initiator_id);
        out.put_u32(self.ttl_ms);
        out.put_u32(self.status);
        out.put_u64(self.max_io_rate);
        out.put_u64(self.min_io_rate);
        out.put_u32(self.base_io_size);
        out.put_u32(0);
        if self.version == SQOS_VERSION_1_1 {
            out.put_u64(self.max_bandwidth);
        }
    }

    pub fn parse(b: &[u8]) -> Result<Self> {
        let r = Le(b);
        let version = r.u16(0)?;
        Ok(SqosResponse {
            version,
            flow_id: r.array16(8)?,
            policy_id: r.array16(24)?,
            initiator_id: r.array16(40)?,
            ttl_ms: r.u32(56)?,
            status: r.u32(60)?,
            max_io_rate: r.u64(64)?,
            min_io_rate: r.u64(72)?,
            base_io_size: r.u32(80)?,
            max_bandwidth: if version == SQOS_VERSION_1_1 {
                r.u64(88)?
            } else {
                0
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copychunk_limits_before_chunks_and_lengths_checked() {
        let mut b = vec![7u8; 24];
        b.put_u32(2);
        b.put_u32(0);
        for i in 0..2u64 {
            b.put_u64(i * 100);
            b.put_u64(i * 200);
            b.put_u32(50);
            b.put_u32(0);
        }
        let c = CopyChunkCopy::parse(&b, 256).unwrap();
        assert_eq!(c.source_key, [7u8; 24]);
        assert_eq!(c.chunks.len(), 2);
        assert_eq!(c.chunks[1].source_offset, 100);
        assert_eq!(c.chunks[1].target_offset, 200);
        assert_eq!(
            CopyChunkCopy::parse(&b, 1),
            Err(CopyChunkError::TooManyChunks)
        );
        assert_eq!(
            CopyChunkCopy::parse(&b[..b.len() - 1], 256),
            Err(CopyChunkError::Malformed)
        );
        assert_eq!(
            CopyChunkCopy::parse(&b[..20], 256),
            Err(CopyChunkError::Malformed)
        );
    }

    #[test]
    fn ranges_and_trim() {
        let mut z = Vec::new();
        z.put_u64(4096);
        z.put_u64(8192);
        assert_eq!(
            parse_zero_data(&z),
            Ok(Range {
                offset: 4096,
                length: 4096
            })
        );
        let mut back = Vec::new();
        back.put_u64(8192);
        back.put_u64(4096);
        assert!(parse_zero_data(&back).is_err());
        let mut t = Vec::new();
        t.put_u32(0);
        t.put_u32(2);
        for i in 0..2u64 {
            t.put_u64(i * 4096);
            t.put_u64(512);
        }
        assert_eq!(parse_trim(&t).unwrap().len(), 2);
        assert!(parse_trim(&t[..t.len() - 8]).is_err());
        let mut huge = Vec::new();
        huge.put_u32(0);
        huge.put_u32(u32::MAX);
        assert!(parse_trim(&huge).is_err());
    }

    #[test]
    fn interfaces_chain_and_validate_negotiate_round_trip() {
        let i = NetworkInterface {
            index: 3,
            rss: true,
            rdma: true,
            link_speed_bps: 10_000_000_000,
            addr: "10.0.0.1".parse().unwrap(),
        };
        let mut out = Vec::new();
        encode_network_interfaces(&mut out, &[i, i]);
        assert_eq!(out.len(), 2 * NETWORK_INTERFACE_INFO_LEN);
        assert_eq!(Le(&out).u32(0), Ok(152));
        assert_eq!(Le(&out).u32(152), Ok(0));
        assert_eq!(Le(&out).u32(8), Ok(3));
        assert_eq!(&out[28..32], &[10, 0, 0, 1]);
        let mut v = Vec::new();
        v.put_u32(0x7f);
        v.extend_from_slice(&[9u8; 16]);
        v.put_u16(1);
        v.put_u16(2);
        v.put_u16(0x302);
        v.put_u16(0x311);
        let p = ValidateNegotiateInfo::parse(&v).unwrap();
        assert_eq!(p.dialects, vec![0x302, 0x311]);
        assert!(ValidateNegotiateInfo::parse(&v[..v.len() - 1]).is_err());
    }

    /// Seeded single-byte mutations and truncations of the new FSCTL payloads parse or
    /// fail, never panic; what parses encodes back to the same bytes.
    #[test]
    fn offload_clone_and_qos_payloads_survive_mutation() {
        let mut read = Vec::new();
        OffloadReadInput {
            size: 0x20,
            flags: 0,
            token_ttl_ms: 5000,
            file_offset: 4096,
            copy_length: 1 << 20,
        }
        .encode(&mut read);
        let mut write = Vec::new();
        OffloadWriteInput {
            size: 0x220,
            flags: 0,
            file_offset: 0,
            copy_length: 8192,
            transfer_offset: 512,
            token: OffloadToken {
                token_type: 0x534D_4244,
                id: vec![0xab; 32],
            },
        }
        .encode(&mut write);
        assert_eq!(write.len(), OFFLOAD_WRITE_INPUT_LEN);
        let dup = DuplicateExtents {
            source_persistent: 1,
            source_volatile: 2,
            source_offset: 4096,
            target_offset: 8192,
            byte_count: 65536,
            source_atomic: true,
        };
        let (mut plain, mut ex) = (Vec::new(), Vec::new());
        dup.encode(&mut plain, false);
        dup.encode(&mut ex, true);
        assert_eq!(plain.len(), DUPLICATE_EXTENTS_LEN);
        assert_eq!(ex.len(), DUPLICATE_EXTENTS_EX_LEN);
        assert_eq!(DuplicateExtents::parse_ex(&ex), Ok(dup));
        let plain_dup = DuplicateExtents {
            source_atomic: false,
            ..dup
        };
        assert_eq!(DuplicateExtents::parse(&plain), Ok(plain_dup));
        let w = OffloadWriteInput::parse(&write).unwrap();
        let mut again = Vec::new();
        w.encode(&mut again);
        assert_eq!(again, write);
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let qos = SqosRequest {
            version: SQOS_VERSION_1_1,
            options: SQOS_SET_LOGICAL_FLOW_ID | SQOS_SET_POLICY | SQOS_GET_STATUS,
            flow_id: [1; 16],
            policy_id: [2; 16],
            initiator_id: [3; 16],
            limit: 500,
            reservation: 100,
            initiator_name: "TEST-VM".into(),
            node_name: "HYPERV-TEST.contoso.com".into(),
            bandwidth_limit: 4096,
            ..Default::default()
        };
        let mut sqos = Vec::new();
        qos.encode(&mut sqos);
        assert_eq!(SqosRequest::parse(&sqos), Ok(qos));
        assert_eq!(SqosRequest::parse(&sqos[..127]), Err(SqosError::Malformed));
        for _ in 0..20_000 {
            for base in [&read, &write, &plain, &ex, &sqos] {
                let mut m = base.clone();
                let at = next() as usize % m.len();
                m[at] = next() as u8;
                m.truncate(m.len() - next() as usize % 4 * (next() as usize % 2));
                let _ = OffloadReadInput::parse(&m);
                if let Ok(w) = OffloadWriteInput::parse(&m) {
                    assert!(w.token.id.len() <= OffloadToken::ID_MAX);
                }
                let _ = DuplicateExtents::parse(&m);
                let _ = DuplicateExtents::parse_ex(&m);
                let _ = OffloadReadOutput::parse(&m);
                let _ = OffloadToken::parse(&m);
                if let Ok(q) = SqosRequest::parse(&m) {
                    assert!(q.initiator_name.len() <= SQOS_NAME_MAX * 2);
                }
                let _ = SqosResponse::parse(&m);
            }
        }
        // A token whose id length runs past its 504 bytes is refused.
        let mut t = write[32..].to_vec();
        t[6..8].copy_from_slice(&505u16.to_be_bytes());
        assert!(OffloadToken::parse(&t).is_err());
    }
}
