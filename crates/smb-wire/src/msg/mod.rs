//! MS-SMB2 2.2.5–2.2.40: request decoding and response encoding for every command but
//! NEGOTIATE (see `negotiate`). Requests are parsed from the whole message (header
//! included) because every offset in SMB2 counts from the header's first byte.

use crate::codec::{put_utf16, utf16_to_string, Le, PutLe, Result, WireError};
use crate::header::HEADER_LEN;

mod contexts;
mod create;
mod request;
pub use contexts::*;
pub use create::*;
pub use request::{encode_flush, encode_small_request};

const B: usize = HEADER_LEN;

fn check_size(r: Le, size: u16) -> Result<()> {
    if r.u16(B)? != size {
        return Err(WireError::BadStructureSize);
    }
    Ok(())
}

/// An SMB2 FileId: persistent and volatile halves (2.2.14.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FileId {
    pub persistent: u64,
    pub volatile: u64,
}

impl FileId {
    /// The all-ones id that names "the file of the previous request" in a related compound.
    pub const RELATED: FileId = FileId {
        persistent: u64::MAX,
        volatile: u64::MAX,
    };
    fn read(r: Le, at: usize) -> Result<FileId> {
        Ok(FileId {
            persistent: r.u64(at)?,
            volatile: r.u64(at + 8)?,
        })
    }
    pub fn put(&self, out: &mut Vec<u8>) {
        out.put_u64(self.persistent);
        out.put_u64(self.volatile);
    }
}

// ---------------------------------------------------------------- SESSION_SETUP 2.2.5/6

pub const SESSION_FLAG_BINDING: u8 = 0x01;
pub const SESSION_FLAG_IS_GUEST: u16 = 0x0001;
pub const SESSION_FLAG_IS_NULL: u16 = 0x0002;
pub const SESSION_FLAG_ENCRYPT_DATA: u16 = 0x0004;

#[derive(Clone, Debug)]
pub struct SessionSetupRequest<'a> {
    pub flags: u8,
    pub security_mode: u8,
    pub capabilities: u32,
    pub channel: u32,
    pub security_buffer: &'a [u8],
    pub previous_session_id: u64,
}

impl<'a> SessionSetupRequest<'a> {
    pub fn parse(msg: &'a [u8]) -> Result<Self> {
        let r = Le(msg);
        check_size(r, 25)?;
        Ok(SessionSetupRequest {
            flags: r.u8(B + 2)?,
            security_mode: r.u8(B + 3)?,
            capabilities: r.u32(B + 4)?,
            channel: r.u32(B + 8)?,
            security_buffer: r.buffer(r.u16(B + 12)? as usize, r.u16(B + 14)? as usize, B + 24)?,
            previous_session_id: r.u64(B + 16)?,
        })
    }
}

pub fn encode_session_setup_response(out: &mut Vec<u8>, session_flags: u16, token: &[u8]) {
    out.put_u16(9);
    out.put_u16(session_flags);
    out.put_u16(if token.is_empty() { 0 } else { 72 });
    out.put_u16(token.len() as u16);
    out.extend_from_slice(token);
    if token.is_empty() {
        out.put_u8(0);
    }
}

/// LOGOFF, TREE_DISCONNECT, ECHO, CANCEL requests and the 4-byte responses (2.2.7 etc.).
pub fn parse_small(msg: &[u8]) -> Result<()> {
    check_size(Le(msg), 4)
}

pub fn encode_small_response(out: &mut Vec<u8>) {
    out.put_u16(4);
    out.put_u16(0);
}

// ---------------------------------------------------------------- TREE_CONNECT 2.2.9/10

#[derive(Clone, Debug)]
pub struct TreeConnectRequest {
    pub flags: u16,
    pub path: String,
}

impl TreeConnectRequest {
    pub fn parse(msg: &[u8]) -> Result<Self> {
        let r = Le(msg);
        check_size(r, 9)?;
        let path = r.buffer(r.u16(B + 4)? as usize, r.u16(B + 6)? as usize, B + 8)?;
        Ok(TreeConnectRequest {
            flags: r.u16(B + 2)?,
            path: utf16_to_string(path)?,
        })
    }
}

pub const SHARE_TYPE_DISK: u8 = 1;
pub const SHARE_TYPE_PIPE: u8 = 2;
pub const SHAREFLAG_ENCRYPT_DATA: u32 = 0x8000;
pub const SHAREFLAG_NO_CACHING: u32 = 0x0030;
pub const SHARE_CAP_CONTINUOUS_AVAILABILITY: u32 = 0x10;

pub fn encode_tree_connect_response(
    out: &mut Vec<u8>,
    share_type: u8,
    share_flags: u32,
    capabilities: u32,
    maximal_access: u32,
) {
    out.put_u16(16);
    out.put_u8(share_type);
    out.put_u8(0);
    out.put_u32(share_flags);
    out.put_u32(capabilities);
    out.put_u32(maximal_access);
}

// ---------------------------------------------------------------- CLOSE 2.2.15/16

pub const CLOSE_FLAG_POSTQUERY_ATTRIB: u16 = 1;

pub struct CloseRequest {
    pub flags: u16,
    pub file_id: FileId,
}

impl CloseRequest {
    pub fn parse(msg: &[u8]) -> Result<Self> {
        let r = Le(msg);
        check_size(r, 24)?;
        Ok(CloseRequest {
            flags: r.u16(B + 2)?,
            file_id: FileId::read(r, B + 8)?,
        })
    }
}

pub fn encode_close_response(out: &mut Vec<u8>, info: Option<&NetworkOpenInfo>) {
    out.put_u16(60);
    out.put_u16(if info.is_some() {
        CLOSE_FLAG_POSTQUERY_ATTRIB
    } else {
        0
    });
    out.put_u32(0);
    info.copied().unwrap_or_default().put_all(out);
}

// ---------------------------------------------------------------- FLUSH 2.2.17

pub fn parse_flush(msg: &[u8]) -> Result<FileId> {
    let r = Le(msg);
    check_size(r, 24)?;
    FileId::read(r, B + 8)
}

// ---------------------------------------------------------------- READ/WRITE 2.2.19–22

pub mod channel {
    pub const NONE: u32 = 0;
    pub const RDMA_V1: u32 = 1;
    pub const RDMA_V1_INVALIDATE: u32 = 2;
    pub const RDMA_TRANSFORM: u32 = 3;
}

#[derive(Clone, Copy, Debug)]
pub struct ReadRequest<'a> {
    pub padding: u8,
    pub flags: u8,
    pub length: u32,
    pub offset: u64,
    pub file_id: FileId,
    pub minimum_count: u32,
    pub channel: u32,
    pub remaining_bytes: u32,
    pub channel_info: &'a [u8],
}

impl<'a> ReadRequest<'a> {
    pub fn parse(msg: &'a [u8]) -> Result<Self> {
        let r = Le(msg);
        check_size(r, 49)?;
        Ok(ReadRequest {
            padding: r.u8(B + 2)?,
            flags: r.u8(B + 3)?,
            length: r.u32(B + 4)?,
            offset: r.u64(B + 8)?,
            file_id: FileId::read(r, B + 16)?,
            minimum_count: r.u32(B + 32)?,
            channel: r.u32(B + 36)?,
            remaining_bytes: r.u32(B + 40)?,
            channel_info: r.buffer(r.u16(B + 44)? as usize, r.u16(B + 46)? as usize, B + 48)?,
        })
    }
}

/// Offset of read data from the header start in our READ responses.
pub const READ_DATA_OFFSET: u8 = 80;

/// Appends the 16 fixed bytes of a READ response; the caller appends `data_len` bytes of
/// data (or none, for RDMA) after it.
pub fn encode_read_response_head(out: &mut Vec<u8>, data_len: u32, remaining: u32) {
    out.put_u16(17);
    out.put_u8(if data_len == 0 { 0 } else { READ_DATA_OFFSET });
    out.put_u8(0);
    out.put_u32(data_len);
    out.put_u32(remaining);
    out.put_u32(0);
}

pub const WRITE_FLAG_WRITE_THROUGH: u32 = 1;
pub const WRITE_FLAG_UNBUFFERED: u32 = 2;

#[derive(Clone, Copy, Debug)]
pub struct WriteRequest<'a> {
    pub offset: u64,
    pub file_id: FileId,
    pub channel: u32,
    pub remaining_bytes: u32,
    pub flags: u32,
    /// Inline data (empty for RDMA channel writes).
    pub data: &'a [u8],
    /// The Length field; equals data.len() for inline writes.
    pub length: u32,
    pub channel_info: &'a [u8],
}

impl<'a> WriteRequest<'a> {
    pub fn parse(msg: &'a [u8]) -> Result<Self> {
        let r = Le(msg);
        check_size(r, 49)?;
        let length = r.u32(B + 4)?;
        let channel = r.u32(B + 32)?;
        let data_off = r.u16(B + 2)? as usize;
        let data = if channel == channel::NONE {
            r.buffer(data_off, length as usize, B + 48)?
        } else {
            &[]
        };
        Ok(WriteRequest {
            offset: r.u64(B + 8)?,
            file_id: FileId::read(r, B + 16)?,
            channel,
            remaining_bytes: r.u32(B + 36)?,
            flags: r.u32(B + 44)?,
            data,
            length,
            channel_info: r.buffer(r.u16(B + 40)? as usize, r.u16(B + 42)? as usize, B + 48)?,
        })
    }
}

pub fn encode_write_response(out: &mut Vec<u8>, count: u32) {
    out.put_u16(17);
    out.put_u16(0);
    out.put_u32(count);
    out.put_u32(0);
    out.put_u16(0);
    out.put_u16(0);
}

/// MS-SMB2 2.2.3.1.x / MS-SMBD 2.2.3.1 buffer descriptor V1: offset, token, length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BufferDescriptorV1 {
    pub offset: u64,
    pub token: u32,
    pub length: u32,
}

/// Buffer descriptors of one request: one or two inline (no allocation), more on the heap.
pub type Descriptors = smallvec::SmallVec<[BufferDescriptorV1; 2]>;

/// Parses a channel-info array of V1 descriptors; at most `max` descriptors.
pub fn parse_buffer_descriptors(b: &[u8], max: usize) -> Result<Descriptors> {
    if b.is_empty() || !b.len().is_multiple_of(16) || b.len() / 16 > max {
        return Err(WireError::BadValue("channel info length"));
    }
    let r = Le(b);
    (0..b.len() / 16)
        .map(|i| {
            Ok(BufferDescriptorV1 {
                offset: r.u64(16 * i)?,
                token: r.u32(16 * i + 8)?,
                length: r.u32(16 * i + 12)?,
            })
        })
        .collect()
}

// ---------------------------------------------------------------- LOCK 2.2.26

pub mod lock_flags {
    pub const SHARED: u32 = 1;
    pub const EXCLUSIVE: u32 = 2;
    pub const UNLOCK: u32 = 4;
    pub const FAIL_IMMEDIATELY: u32 = 0x10;
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LockElement {
    pub offset: u64,
    pub length: u64,
    pub flags: u32,
}

pub struct LockRequest {
    pub lock_sequence: u32,
    pub file_id: FileId,
    pub locks: Vec<LockElement>,
}

/// Bound on lock elements per request (Windows allows 64 KiB worth; we bound by PDU size).
const MAX_LOCKS: usize = 2048;

impl LockRequest {
    pub fn parse(msg: &[u8]) -> Result<Self> {
        let r = Le(msg);
        check_size(r, 48)?;
        let count = r.u16(B + 2)? as usize;
        if count == 0 || count > MAX_LOCKS {
            return Err(WireError::BadValue("lock count"));
        }
        let locks = (0..count)
            .map(|i| {
                let at = B + 24 + 24 * i;
                Ok(LockElement {
                    offset: r.u64(at)?,
                    length: r.u64(at + 8)?,
                    flags: r.u32(at + 16)?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(LockRequest {
            lock_sequence: r.u32(B + 4)?,
            file_id: FileId::read(r, B + 8)?,
            locks,
        })
    }
}

// ---------------------------------------------------------------- IOCTL 2.2.31/32

pub use crate::fsctl;

pub const IOCTL_IS_FSCTL: u32 = 1;

#[derive(Clone, Debug)]
pub struct IoctlRequest<'a> {
    pub ctl_code: u32,
    pub file_id: FileId,
    pub input: &'a [u8],
    pub max_input_response: u32,
    pub max_output_response: u32,
    pub flags: u32,
}

impl<'a> IoctlRequest<'a> {
    pub fn parse(msg: &'a [u8]) -> Result<Self> {
        let r = Le(msg);
        check_size(r, 57)?;
        Ok(IoctlRequest {
            ctl_code: r.u32(B + 4)?,
            file_id: FileId::read(r, B + 8)?,
            input: r.buffer(r.u32(B + 24)? as usize, r.u32(B + 28)? as usize, B + 56)?,
            max_input_response: r.u32(B + 32)?,
            max_output_response: r.u32(B + 44)?,
            flags: r.u32(B + 48)?,
        })
    }
}

pub fn encode_ioctl_response(out: &mut Vec<u8>, ctl_code: u32, file_id: FileId, output: &[u8]) {
    encode_ioctl_response_head(out, ctl_code, file_id, output.len() as u32);
    out.extend_from_slice(output);
}

/// The fixed part of an IOCTL response ([`IOCTL_RESPONSE_HEAD`] bytes) whose output,
/// `output_len` bytes, the caller appends.
pub fn encode_ioctl_response_head(
    out: &mut Vec<u8>,
    ctl_code: u32,
    file_id: FileId,
    output_len: u32,
) {
    out.put_u16(49);
    out.put_u16(0);
    out.put_u32(ctl_code);
    file_id.put(out);
    out.put_u32(112); // InputOffset: no input echoed
    out.put_u32(0);
    out.put_u32(112);
    out.put_u32(output_len);
    out.put_u32(0);
    out.put_u32(0);
}

/// An IOCTL response's fixed part, before its output.
pub const IOCTL_RESPONSE_HEAD: usize = 48;

// ---------------------------------------------------------------- QUERY_DIRECTORY 2.2.33

pub mod qd_flags {
    pub const RESTART_SCANS: u8 = 0x01;
    pub const RETURN_SINGLE_ENTRY: u8 = 0x02;
    pub const INDEX_SPECIFIED: u8 = 0x04;
    pub const REOPEN: u8 = 0x10;
}

#[derive(Clone, Debug)]
pub struct QueryDirectoryRequest {
    pub info_class: u8,
    pub flags: u8,
    pub file_index: u32,
    pub file_id: FileId,
    pub pattern: String,
    pub output_buffer_length: u32,
}

impl QueryDirectoryRequest {
    pub fn parse(msg: &[u8]) -> Result<Self> {
        let r = Le(msg);
        check_size(r, 33)?;
        let name = r.buffer(r.u16(B + 24)? as usize, r.u16(B + 26)? as usize, B + 32)?;
        Ok(QueryDirectoryRequest {
            info_class: r.u8(B + 2)?,
            flags: r.u8(B + 3)?,
            file_index: r.u32(B + 4)?,
            file_id: FileId::read(r, B + 8)?,
            pattern: utf16_to_string(name)?,
            output_buffer_length: r.u32(B + 28)?,
        })
    }
}

/// QUERY_DIRECTORY, CHANGE_NOTIFY and QUERY_INFO share one response shape (2.2.34/36/38).
pub fn encode_buffer_response(out: &mut Vec<u8>, data: &[u8]) {
    out.put_u16(9);
    out.put_u16(if data.is_empty() { 0 } else { 72 });
    out.put_u32(data.len() as u32);
    out.extend_from_slice(data);
    if data.is_empty() {
        out.put_u8(0);
    }
}

// ---------------------------------------------------------------- CHANGE_NOTIFY 2.2.35

pub const WATCH_TREE: u16 = 1;

pub struct ChangeNotifyRequest {
    pub flags: u16,
    pub output_buffer_length: u32,
    pub file_id: FileId,
    pub completion_filter: u32,
}

impl ChangeNotifyRequest {
    pub fn parse(msg: &[u8]) -> Result<Self> {
        let r = Le(msg);
        check_size(r, 32)?;
        Ok(ChangeNotifyRequest {
            flags: r.u16(B + 2)?,
            output_buffer_length: r.u32(B + 4)?,
            file_id: FileId::read(r, B + 8)?,
            completion_filter: r.u32(B + 24)?,
        })
    }
}

// ---------------------------------------------------------------- QUERY_INFO/SET_INFO

pub mod info_type {
    pub const FILE: u8 = 1;
    pub const FILESYSTEM: u8 = 2;
    pub const SECURITY: u8 = 3;
    pub const QUOTA: u8 = 4;
}

#[derive(Clone, Debug)]
pub struct QueryInfoRequest<'a> {
    pub info_type: u8,
    pub info_class: u8,
    pub output_buffer_length: u32,
    pub input: &'a [u8],
    pub additional_information: u32,
    pub flags: u32,
    pub file_id: FileId,
}

impl<'a> QueryInfoRequest<'a> {
    pub fn parse(msg: &'a [u8]) -> Result<Self> {
        let r = Le(msg);
        check_size(r, 41)?;
        Ok(QueryInfoRequest {
            info_type: r.u8(B + 2)?,
            info_class: r.u8(B + 3)?,
            output_buffer_length: r.u32(B + 4)?,
            input: r.buffer(r.u16(B + 8)? as usize, r.u32(B + 12)? as usize, B + 40)?,
            additional_information: r.u32(B + 16)?,
            flags: r.u32(B + 20)?,
            file_id: FileId::read(r, B + 24)?,
        })
    }
}

#[derive(Clone, Debug)]
pub struct SetInfoRequest<'a> {
    pub info_type: u8,
    pub info_class: u8,
    pub buffer: &'a [u8],
    pub additional_information: u32,
    pub file_id: FileId,
}

impl<'a> SetInfoRequest<'a> {
    pub fn parse(msg: &'a [u8]) -> Result<Self> {
        let r = Le(msg);
        check_size(r, 33)?;
        Ok(SetInfoRequest {
            info_type: r.u8(B + 2)?,
            info_class: r.u8(B + 3)?,
            buffer: r.buffer(r.u16(B + 8)? as usize, r.u32(B + 4)? as usize, B + 32)?,
            additional_information: r.u32(B + 12)?,
            file_id: FileId::read(r, B + 16)?,
        })
    }
}

pub fn encode_set_info_response(out: &mut Vec<u8>) {
    out.put_u16(2);
}

// ---------------------------------------------------------------- OPLOCK_BREAK 2.2.24

pub struct OplockBreakAck {
    pub oplock_level: u8,
    pub file_id: FileId,
}

impl OplockBreakAck {
    pub fn parse(msg: &[u8]) -> Result<Self> {
        let r = Le(msg);
        match r.u16(B)? {
            24 => Ok(OplockBreakAck {
                oplock_level: r.u8(B + 2)?,
                file_id: FileId::read(r, B + 8)?,
            }),
            36 => Err(WireError::BadValue("lease break ack without a lease")),
            _ => Err(WireError::BadStructureSize),
        }
    }
}

/// A lease break acknowledgment (MS-SMB2 2.2.24.2): the lease and the state the client
/// keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeaseBreakAck {
    pub flags: u32,
    pub lease_key: [u8; 16],
    pub lease_state: u32,
}

impl LeaseBreakAck {
    pub fn parse(msg: &[u8]) -> Result<Self> {
        let r = Le(msg);
        check_size(r, 36)?;
        r.u64(B + 28)?; // LeaseDuration: present, ignored.
        Ok(LeaseBreakAck {
            flags: r.u32(B + 4)?,
            lease_key: r.array16(B + 8)?,
            lease_state: r.u32(B + 24)?,
        })
    }
}

/// The lease break response (MS-SMB2 2.2.25.2): the lease and the state it now has.
pub fn encode_lease_break_response(out: &mut Vec<u8>, lease_key: &[u8; 16], lease_state: u32) {
    out.put_u16(36);
    out.put_u16(0);
    out.put_u32(0);
    out.extend_from_slice(lease_key);
    out.put_u32(lease_state);
    out.put_u64(0);
}

// ---------------------------------------------------------------- ERROR 2.2.2

pub fn encode_error_response(out: &mut Vec<u8>, data: &[u8]) {
    out.put_u16(9);
    out.put_u8(0);
    out.put_u8(0);
    out.put_u32(data.len() as u32);
    if data.is_empty() {
        out.put_u8(0);
    } else {
        out.extend_from_slice(data);
    }
}

/// UTF-16 helper re-exported for info encoders.
pub fn put_name(out: &mut Vec<u8>, s: &str) {
    put_utf16(out, s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::header::Header;

    #[test]
    fn create_contexts_by_tag_first_one_counts() {
        let mut app = vec![20, 0, 0, 0];
        app.extend_from_slice(&[7; 16]);
        let buf = encode_create_contexts(&[
            (create_tag::ALLOC_SIZE, 4096u64.to_le_bytes().to_vec()),
            (create_tag::ALLOC_SIZE, 8192u64.to_le_bytes().to_vec()),
            (b"Zzzz", vec![1, 2, 3]),
            (create_tag::MAX_ACCESS, vec![]),
            (create_tag::APP_INSTANCE_ID, app.clone()),
            (create_tag::DURABLE_V2, vec![0; 32]),
        ]);
        let list = parse_create_contexts(&buf).unwrap();
        let k = CreateContexts::of(&list);
        assert_eq!(k.alloc_size, Some(4096));
        assert!(k.max_access && !k.query_on_disk_id && !k.timewarp);
        assert_eq!(k.app_instance_id, Some([7; 16]));
        assert_eq!(k.durable_v2.map(|d| d.len()), Some(32));
        assert!(k.durable.is_none() && k.lease.is_none() && k.sec_desc.is_none());
        // A malformed application instance id, or a short allocation size, counts as absent.
        app[0] = 21;
        let buf = encode_create_contexts(&[
            (create_tag::APP_INSTANCE_ID, app),
            (create_tag::ALLOC_SIZE, vec![1, 2, 3]),
        ]);
        let k = CreateContexts::of(&parse_create_contexts(&buf).unwrap());
        assert_eq!((k.app_instance_id, k.alloc_size), (None, None));
    }

    fn msg(body: &[u8]) -> Vec<u8> {
        let mut m = Vec::new();
        Header::default().encode(&mut m);
        m.extend_from_slice(body);
        m
    }

    #[test]
    fn create_contexts_round_trip() {
        let enc = encode_create_contexts(&[(b"MxAc", vec![]), (b"QFid", vec![1, 2, 3])]);
        let p = parse_create_contexts(&enc).unwrap();
        assert_eq!(p.len(), 2);
        assert_eq!(p[0].name, b"MxAc");
        assert_eq!(p[1].data, &[1, 2, 3]);
    }

    #[test]
    fn create_context_chains_are_bounded() {
        let many: Vec<(&[u8], Vec<u8>)> = (0..40).map(|_| (&b"MxAc"[..], vec![1])).collect();
        let enc = encode_create_contexts(&many);
        assert_eq!(
            parse_create_contexts(&enc),
            Err(WireError::BadValue("too many create contexts"))
        );
        let mut bad = encode_create_contexts(&[(b"MxAc", vec![]), (b"QFid", vec![])]);
        bad[0..4].copy_from_slice(&12u32.to_le_bytes());
        assert!(parse_create_contexts(&bad).is_err());
    }

    #[test]
    fn read_request_fields() {
        let mut body = Vec::new();
        body.put_u16(49);
        body.put_u8(0x50);
        body.put_u8(0);
        body.put_u32(8192);
        body.put_u64(4096);
        FileId {
            persistent: 1,
            volatile: 2,
        }
        .put(&mut body);
        body.put_u32(0);
        body.put_u32(0);
        body.put_u32(0);
        body.put_u16(0);
        body.put_u16(0);
        body.put_u8(0);
        let m = msg(&body);
        let r = ReadRequest::parse(&m).unwrap();
        assert_eq!((r.length, r.offset, r.file_id.volatile), (8192, 4096, 2));
    }

    #[test]
    fn write_with_lying_length_is_refused() {
        let mut body = Vec::new();
        body.put_u16(49);
        body.put_u16(112);
        body.put_u32(1 << 20);
        body.put_u64(0);
        FileId::default().put(&mut body);
        body.put_zeros(16);
        body.extend_from_slice(b"hello");
        let m = msg(&body);
        assert!(WriteRequest::parse(&m).is_err());
    }

    #[test]
    fn every_parser_survives_truncation() {
        let mut rng = 0x1234_5678_u64;
        for len in 0..200 {
            let mut body = Vec::new();
            for _ in 0..len {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                body.push(rng as u8);
            }
            for size in [25u16, 9, 57, 24, 49, 48, 33, 32, 41, 4] {
                let mut b = body.clone();
                if b.len() >= 2 {
                    b[0..2].copy_from_slice(&size.to_le_bytes());
                }
                let m = msg(&b);
                let _ = SessionSetupRequest::parse(&m);
                let _ = TreeConnectRequest::parse(&m);
                let _ = CreateRequest::parse(&m);
                let _ = CloseRequest::parse(&m);
                let _ = ReadRequest::parse(&m);
                let _ = WriteRequest::parse(&m);
                let _ = LockRequest::parse(&m);
                let _ = IoctlRequest::parse(&m);
                let _ = QueryDirectoryRequest::parse(&m);
                let _ = ChangeNotifyRequest::parse(&m);
                let _ = QueryInfoRequest::parse(&m);
                let _ = SetInfoRequest::parse(&m);
                let _ = OplockBreakAck::parse(&m);
                let _ = LeaseBreakAck::parse(&m);
            }
        }
    }
}
