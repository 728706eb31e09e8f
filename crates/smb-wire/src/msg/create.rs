//! CREATE (MS-SMB2 2.2.13/14): the request, its create contexts (typed, each found once
//! by tag), the response and its contexts.

use super::*;

pub mod access {
    pub const FILE_READ_DATA: u32 = 0x0000_0001;
    pub const FILE_WRITE_DATA: u32 = 0x0000_0002;
    pub const FILE_APPEND_DATA: u32 = 0x0000_0004;
    pub const FILE_READ_EA: u32 = 0x0000_0008;
    pub const FILE_WRITE_EA: u32 = 0x0000_0010;
    pub const FILE_EXECUTE: u32 = 0x0000_0020;
    pub const FILE_DELETE_CHILD: u32 = 0x0000_0040;
    pub const FILE_READ_ATTRIBUTES: u32 = 0x0000_0080;
    pub const FILE_WRITE_ATTRIBUTES: u32 = 0x0000_0100;
    pub const DELETE: u32 = 0x0001_0000;
    pub const READ_CONTROL: u32 = 0x0002_0000;
    pub const WRITE_DAC: u32 = 0x0004_0000;
    pub const WRITE_OWNER: u32 = 0x0008_0000;
    pub const SYNCHRONIZE: u32 = 0x0010_0000;
    pub const ACCESS_SYSTEM_SECURITY: u32 = 0x0100_0000;
    pub const MAXIMUM_ALLOWED: u32 = 0x0200_0000;
    pub const GENERIC_ALL: u32 = 0x1000_0000;
    pub const GENERIC_EXECUTE: u32 = 0x2000_0000;
    pub const GENERIC_WRITE: u32 = 0x4000_0000;
    pub const GENERIC_READ: u32 = 0x8000_0000;
    /// Every specific and standard right a file can have.
    pub const FILE_ALL_ACCESS: u32 = 0x001F_01FF;
}

pub mod share_access {
    pub const READ: u32 = 1;
    pub const WRITE: u32 = 2;
    pub const DELETE: u32 = 4;
}

pub mod create_options {
    pub const DIRECTORY_FILE: u32 = 0x0000_0001;
    pub const WRITE_THROUGH: u32 = 0x0000_0002;
    pub const SEQUENTIAL_ONLY: u32 = 0x0000_0004;
    pub const NO_INTERMEDIATE_BUFFERING: u32 = 0x0000_0008;
    pub const SYNCHRONOUS_IO_ALERT: u32 = 0x0000_0010;
    pub const SYNCHRONOUS_IO_NONALERT: u32 = 0x0000_0020;
    pub const NON_DIRECTORY_FILE: u32 = 0x0000_0040;
    pub const COMPLETE_IF_OPLOCKED: u32 = 0x0000_0100;
    pub const NO_EA_KNOWLEDGE: u32 = 0x0000_0200;
    pub const RANDOM_ACCESS: u32 = 0x0000_0800;
    pub const DELETE_ON_CLOSE: u32 = 0x0000_1000;
    pub const OPEN_BY_FILE_ID: u32 = 0x0000_2000;
    pub const OPEN_FOR_BACKUP_INTENT: u32 = 0x0000_4000;
    pub const NO_COMPRESSION: u32 = 0x0000_8000;
    pub const OPEN_REPARSE_POINT: u32 = 0x0020_0000;
    pub const OPEN_NO_RECALL: u32 = 0x0040_0000;
    pub const OPEN_FOR_FREE_SPACE_QUERY: u32 = 0x0080_0000;
    /// Bits the server must reject (MS-SMB2 3.3.5.9: FILE_RESERVE_OPFILTER etc.).
    pub const RESERVED_MASK: u32 = 0xFF00_0000;
}

pub mod attrs {
    pub const READONLY: u32 = 0x0001;
    pub const HIDDEN: u32 = 0x0002;
    pub const SYSTEM: u32 = 0x0004;
    pub const DIRECTORY: u32 = 0x0010;
    pub const ARCHIVE: u32 = 0x0020;
    pub const NORMAL: u32 = 0x0080;
    pub const TEMPORARY: u32 = 0x0100;
    pub const SPARSE_FILE: u32 = 0x0200;
    pub const REPARSE_POINT: u32 = 0x0400;
    pub const COMPRESSED: u32 = 0x0800;
    pub const OFFLINE: u32 = 0x1000;
    pub const NOT_CONTENT_INDEXED: u32 = 0x2000;
    pub const ENCRYPTED: u32 = 0x4000;
    pub const INTEGRITY_STREAM: u32 = 0x8000;
    /// Attributes a client may set.
    pub const SETTABLE: u32 =
        READONLY | HIDDEN | SYSTEM | ARCHIVE | TEMPORARY | OFFLINE | NOT_CONTENT_INDEXED;
}

/// A create context as sent: 4-character (usually) name and data (2.2.13.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CreateContext<'a> {
    pub name: &'a [u8],
    pub data: &'a [u8],
}

const MAX_CREATE_CONTEXTS: usize = 32;

/// Tags of the create contexts a server acts on (MS-SMB2 2.2.13.2).
pub mod create_tag {
    pub const SEC_DESC: &[u8] = b"SecD";
    pub const EA_LIST: &[u8] = b"ExtA";
    pub const ALLOC_SIZE: &[u8] = b"AlSi";
    pub const TIMEWARP: &[u8] = b"TWrp";
    pub const MAX_ACCESS: &[u8] = b"MxAc";
    pub const QUERY_ON_DISK_ID: &[u8] = b"QFid";
    pub const LEASE: &[u8] = b"RqLs";
    pub const DURABLE: &[u8] = b"DHnQ";
    pub const DURABLE_RECONNECT: &[u8] = b"DHnC";
    pub const DURABLE_V2: &[u8] = b"DH2Q";
    pub const DURABLE_V2_RECONNECT: &[u8] = b"DH2C";
    /// SMB2_CREATE_APP_INSTANCE_ID (a GUID tag).
    pub const APP_INSTANCE_ID: &[u8] = &[
        0x45, 0xBC, 0xA6, 0x6A, 0xEF, 0xA7, 0xF7, 0x4A, 0x90, 0x08, 0xFA, 0x46, 0x2E, 0x14, 0x4D,
        0x74,
    ];
}

/// A CREATE request's contexts by what they are, found once: the first context of a tag
/// is the one that counts (later ones of the same tag are ignored, as Windows ignores
/// them), and tags no field names stay in [`CreateRequest::contexts`]. Payloads whose
/// layout depends on the dialect (leases, durable handles) are kept as bytes for the
/// engine to decode with it.
#[derive(Clone, Debug, Default)]
pub struct CreateContexts<'a> {
    /// A security descriptor for a file the CREATE makes.
    pub sec_desc: Option<&'a [u8]>,
    /// Extended attributes (FILE_FULL_EA_INFORMATION list) for a file it makes.
    pub ea_list: Option<&'a [u8]>,
    /// Allocation size asked for (a short payload counts as absent).
    pub alloc_size: Option<u64>,
    /// A previous version (snapshot) asked for.
    pub timewarp: bool,
    /// Maximal access asked to be reported.
    pub max_access: bool,
    /// The on-disk file id asked to be reported.
    pub query_on_disk_id: bool,
    pub lease: Option<&'a [u8]>,
    pub durable: Option<&'a [u8]>,
    pub durable_reconnect: Option<&'a [u8]>,
    pub durable_v2: Option<&'a [u8]>,
    pub durable_v2_reconnect: Option<&'a [u8]>,
    /// The application instance id, when the context is well formed (MS-SMB2
    /// 2.2.13.2.13: StructureSize 20).
    pub app_instance_id: Option<[u8; 16]>,
}

impl<'a> CreateContexts<'a> {
    pub fn of(list: &[CreateContext<'a>]) -> Self {
        let find = |tag: &[u8]| list.iter().find(|c| c.name == tag).map(|c| c.data);
        let app = find(create_tag::APP_INSTANCE_ID).and_then(|d| {
            if d.len() != 20 || Le(d).u16(0).ok()? != 20 {
                return None;
            }
            d[4..20].try_into().ok()
        });
        CreateContexts {
            sec_desc: find(create_tag::SEC_DESC),
            ea_list: find(create_tag::EA_LIST),
            alloc_size: find(create_tag::ALLOC_SIZE).and_then(|d| Le(d).u64(0).ok()),
            timewarp: find(create_tag::TIMEWARP).is_some(),
            max_access: find(create_tag::MAX_ACCESS).is_some(),
            query_on_disk_id: find(create_tag::QUERY_ON_DISK_ID).is_some(),
            lease: find(create_tag::LEASE),
            durable: find(create_tag::DURABLE),
            durable_reconnect: find(create_tag::DURABLE_RECONNECT),
            durable_v2: find(create_tag::DURABLE_V2),
            durable_v2_reconnect: find(create_tag::DURABLE_V2_RECONNECT),
            app_instance_id: app,
        }
    }
}

/// Parses a chain of create contexts from a buffer (offsets relative to each context).
pub fn parse_create_contexts(buf: &[u8]) -> Result<Vec<CreateContext<'_>>> {
    let mut out = Vec::new();
    let mut at = 0usize;
    if buf.is_empty() {
        return Ok(out);
    }
    loop {
        if out.len() >= MAX_CREATE_CONTEXTS {
            return Err(WireError::BadValue("too many create contexts"));
        }
        let ctx = Le(buf.get(at..).ok_or(WireError::BadOffset)?);
        let next = ctx.u32(0)? as usize;
        let name = ctx.region(ctx.u16(4)? as usize, ctx.u16(6)? as usize)?;
        let data = ctx.region(ctx.u16(10)? as usize, ctx.u32(12)? as usize)?;
        // Create context names are at least four bytes (Windows refuses shorter tags).
        if name.len() < 4 {
            return Err(WireError::BadValue(
                "create context name shorter than 4 bytes",
            ));
        }
        out.push(CreateContext { name, data });
        if next == 0 {
            return Ok(out);
        }
        if !next.is_multiple_of(8) || next < 16 {
            return Err(WireError::BadValue("misaligned create context"));
        }
        at = at.checked_add(next).ok_or(WireError::BadOffset)?;
    }
}

/// Encodes a chain of create contexts (each 8-aligned).
pub fn encode_create_contexts(ctxs: &[(&[u8], Vec<u8>)]) -> Vec<u8> {
    let mut out = Vec::new();
    for (i, (name, data)) in ctxs.iter().enumerate() {
        let start = out.len();
        out.put_u32(0);
        out.put_u16(16);
        out.put_u16(name.len() as u16);
        out.put_u16(0);
        let data_off = if data.is_empty() {
            0
        } else {
            (16 + name.len()).next_multiple_of(8)
        };
        out.put_u16(data_off as u16);
        out.put_u32(data.len() as u32);
        out.extend_from_slice(name);
        if !data.is_empty() {
            out.align_from(start, 8);
            out.extend_from_slice(data);
        }
        if i + 1 < ctxs.len() {
            out.align_from(start, 8);
            let next = (out.len() - start) as u32;
            out.set_u32(start, next);
        }
    }
    out
}

#[derive(Clone, Debug)]
pub struct CreateRequest<'a> {
    pub oplock_level: u8,
    pub impersonation_level: u32,
    pub desired_access: u32,
    pub file_attributes: u32,
    pub share_access: u32,
    pub disposition: u32,
    pub options: u32,
    /// Raw UTF-16LE name.
    pub name: &'a [u8],
    pub contexts: Vec<CreateContext<'a>>,
    /// The contexts by what they are (see [`CreateContexts`]).
    pub known: CreateContexts<'a>,
}

impl<'a> CreateRequest<'a> {
    pub fn parse(msg: &'a [u8]) -> Result<Self> {
        let r = Le(msg);
        check_size(r, 57)?;
        let name_off = r.u16(B + 44)? as usize;
        let name_len = r.u16(B + 46)? as usize;
        let name = r.buffer(name_off, name_len, B + 56)?;
        let ctx_buf = r.buffer(r.u32(B + 48)? as usize, r.u32(B + 52)? as usize, B + 56)?;
        let contexts = parse_create_contexts(ctx_buf)?;
        Ok(CreateRequest {
            oplock_level: r.u8(B + 3)?,
            impersonation_level: r.u32(B + 4)?,
            desired_access: r.u32(B + 24)?,
            file_attributes: r.u32(B + 28)?,
            share_access: r.u32(B + 32)?,
            disposition: r.u32(B + 36)?,
            options: r.u32(B + 40)?,
            name,
            known: CreateContexts::of(&contexts),
            contexts,
        })
    }
}

/// Times and sizes shared by CREATE, CLOSE and several info classes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NetworkOpenInfo {
    pub creation_time: u64,
    pub last_access_time: u64,
    pub last_write_time: u64,
    pub change_time: u64,
    pub allocation_size: u64,
    pub end_of_file: u64,
    pub attributes: u32,
}

impl NetworkOpenInfo {
    /// The four times, in the order every structure that carries them has them.
    pub fn put_times(&self, out: &mut Vec<u8>) {
        out.put_u64(self.creation_time);
        out.put_u64(self.last_access_time);
        out.put_u64(self.last_write_time);
        out.put_u64(self.change_time);
    }

    /// The times, then AllocationSize, EndOfFile and FileAttributes: CLOSE's response
    /// after its flags, and CREATE's response and FileNetworkOpenInformation (each with a
    /// reserved field after them).
    pub fn put_all(&self, out: &mut Vec<u8>) {
        self.put_times(out);
        out.put_u64(self.allocation_size);
        out.put_u64(self.end_of_file);
        out.put_u32(self.attributes);
    }
}

pub fn encode_create_response(
    out: &mut Vec<u8>,
    oplock_level: u8,
    create_action: u32,
    info: &NetworkOpenInfo,
    file_id: FileId,
    contexts: &[u8],
) {
    // `out` holds the body only; offsets count from the header, 64 bytes before it.
    let base = out.len();
    out.put_u16(89);
    out.put_u8(oplock_level);
    out.put_u8(0);
    out.put_u32(create_action);
    info.put_all(out);
    out.put_u32(0);
    file_id.put(out);
    if contexts.is_empty() {
        out.put_u32(0);
        out.put_u32(0);
        out.put_u8(0);
    } else {
        let off_at = out.len();
        out.put_u32(0);
        out.put_u32(contexts.len() as u32);
        out.align_from(base, 8);
        let off = (out.len() - base + HEADER_LEN) as u32;
        out.set_u32(off_at, off);
        out.extend_from_slice(contexts);
    }
}
