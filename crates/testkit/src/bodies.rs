//! SMB2 request bodies, for tests that send what a client library would not (stale
//! FileIds in compounds, odd flags), encoded by smb-wire's request encoders (the layouts
//! the server decodes with).

use smb_wire::msg::{self, access, FileId};

/// A request's body alone (the encoders' offsets count the header before it).
fn body(encode: impl FnOnce(&mut Vec<u8>)) -> Vec<u8> {
    let mut b = Vec::new();
    encode(&mut b);
    b
}

/// UTF-16LE bytes of a name.
pub fn utf16(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(u16::to_le_bytes).collect()
}

/// The parts, one after another.
pub fn le(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

/// A FileId's 16 bytes.
pub fn fid_bytes(f: FileId) -> Vec<u8> {
    le(&[&f.persistent.to_le_bytes(), &f.volatile.to_le_bytes()])
}

/// CREATE (OPEN_IF, read and write, sharing all) of `name`.
pub fn create_body(name: &str) -> Vec<u8> {
    create_body_with(
        name,
        0,
        access::FILE_READ_DATA | access::FILE_WRITE_DATA | access::SYNCHRONIZE,
        7,
        3,
        &[],
    )
}

/// CREATE of `name` asking for the oplock level, access, share access and disposition
/// given, with create contexts (tag, data), encoded as a client would.
pub fn create_body_with(
    name: &str,
    oplock: u8,
    desired: u32,
    share: u32,
    disposition: u32,
    contexts: &[(&[u8], Vec<u8>)],
) -> Vec<u8> {
    let n = utf16(name);
    body(|b| {
        msg::CreateRequest::new(oplock, desired, share, disposition, 0, 0x80, &n, contexts)
            .encode(b)
    })
}

/// WRITE of `data` at offset 0.
pub fn write_body(f: FileId, data: &[u8]) -> Vec<u8> {
    body(|b| {
        msg::WriteRequest {
            offset: 0,
            file_id: f,
            channel: msg::channel::NONE,
            remaining_bytes: 0,
            flags: 0,
            data,
            length: data.len() as u32,
            channel_info: &[],
        }
        .encode(b)
    })
}

/// READ of `len` bytes at offset 0.
pub fn read_body(f: FileId, len: u32) -> Vec<u8> {
    body(|b| {
        msg::ReadRequest {
            padding: msg::READ_DATA_OFFSET,
            flags: 0,
            length: len,
            offset: 0,
            file_id: f,
            minimum_count: 0,
            channel: msg::channel::NONE,
            remaining_bytes: 0,
            channel_info: &[],
        }
        .encode(b)
    })
}

/// CLOSE.
pub fn close_body(f: FileId) -> Vec<u8> {
    body(|b| {
        msg::CloseRequest {
            flags: 0,
            file_id: f,
        }
        .encode(b)
    })
}

/// QUERY_INFO of (type, class), 4096 bytes of output at most.
pub fn query_info_body(f: FileId, info_type: u8, class: u8) -> Vec<u8> {
    body(|b| {
        msg::QueryInfoRequest {
            info_type,
            info_class: class,
            output_buffer_length: 4096,
            input: &[],
            additional_information: 0,
            flags: 0,
            file_id: f,
        }
        .encode(b)
    })
}

/// LOCK of one range with `flags` (MS-SMB2 2.2.26: shared 1, exclusive 2, unlock 4,
/// fail immediately 0x10).
pub fn lock_body(f: FileId, offset: u64, len: u64, flags: u32) -> Vec<u8> {
    body(|b| {
        msg::LockRequest {
            lock_sequence: 0,
            file_id: f,
            locks: vec![msg::LockElement {
                offset,
                length: len,
                flags,
            }],
        }
        .encode(b)
    })
}

/// IOCTL (an FSCTL) with `input`, answering at most `max_out` bytes.
pub fn ioctl_body(ctl_code: u32, f: FileId, input: &[u8], max_out: u32) -> Vec<u8> {
    body(|b| msg::IoctlRequest::fsctl(ctl_code, f, input, max_out).encode(b))
}

/// CHANGE_NOTIFY on directory `f` for `filter` (MS-SMB2 2.2.35; flags 1 = watch tree).
pub fn change_notify_body(f: FileId, flags: u16, filter: u32) -> Vec<u8> {
    body(|b| {
        msg::ChangeNotifyRequest {
            flags,
            output_buffer_length: 65536,
            file_id: f,
            completion_filter: filter,
        }
        .encode(b)
    })
}

/// SET_INFO of `class` (of `info_type`: 1 file, 2 file system, 3 security) with `info`.
pub fn set_info_body(f: FileId, info_type: u8, class: u8, info: &[u8]) -> Vec<u8> {
    body(|b| {
        msg::SetInfoRequest {
            info_type,
            info_class: class,
            buffer: info,
            additional_information: 0,
            file_id: f,
        }
        .encode(b)
    })
}
