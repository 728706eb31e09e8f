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
pub const OFFLOAD_READ: u32 = 0x0009_4264;
pub const OFFLOAD_WRITE: u32 = 0x0009_8268;
pub const SVHDX_SYNC_TUNNEL_REQUEST: u32 = 0x0009_0304;
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
}
