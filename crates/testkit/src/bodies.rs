//! SMB2 request bodies built by hand, for tests that send what a client library would
//! not (stale FileIds in compounds, odd flags): the fixed layouts of MS-SMB2 2.2.

use smb_wire::msg::{access, FileId};

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
    let n = utf16(name);
    le(&[
        &57u16.to_le_bytes(),
        &[0, 0],
        &2u32.to_le_bytes(),
        &[0; 16],
        &(access::FILE_READ_DATA | access::FILE_WRITE_DATA | 0x0010_0000).to_le_bytes(),
        &0x80u32.to_le_bytes(),
        &7u32.to_le_bytes(),
        &3u32.to_le_bytes(),
        &0u32.to_le_bytes(),
        &120u16.to_le_bytes(),
        &(n.len() as u16).to_le_bytes(),
        &0u32.to_le_bytes(),
        &0u32.to_le_bytes(),
        &n,
    ])
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
    let ctx = smb_wire::msg::encode_create_contexts(contexts);
    let name_at = 64 + 56;
    let ctx_at = (name_at + n.len()).div_ceil(8) * 8;
    let (co, cl) = match ctx.is_empty() {
        true => (0, 0),
        false => (ctx_at as u32, ctx.len() as u32),
    };
    let mut b = le(&[
        &57u16.to_le_bytes(),
        &[0, oplock],
        &2u32.to_le_bytes(),
        &[0; 16],
        &desired.to_le_bytes(),
        &0x80u32.to_le_bytes(),
        &share.to_le_bytes(),
        &disposition.to_le_bytes(),
        &0u32.to_le_bytes(),
        &(name_at as u16).to_le_bytes(),
        &(n.len() as u16).to_le_bytes(),
        &co.to_le_bytes(),
        &cl.to_le_bytes(),
        &n,
    ]);
    if !ctx.is_empty() {
        b.resize(ctx_at - 64, 0);
        b.extend_from_slice(&ctx);
    }
    b
}

/// WRITE of `data` at offset 0.
pub fn write_body(f: FileId, data: &[u8]) -> Vec<u8> {
    le(&[
        &49u16.to_le_bytes(),
        &112u16.to_le_bytes(),
        &(data.len() as u32).to_le_bytes(),
        &0u64.to_le_bytes(),
        &fid_bytes(f),
        &[0; 16],
        data,
    ])
}

/// READ of `len` bytes at offset 0.
pub fn read_body(f: FileId, len: u32) -> Vec<u8> {
    le(&[
        &49u16.to_le_bytes(),
        &[0x50, 0],
        &len.to_le_bytes(),
        &0u64.to_le_bytes(),
        &fid_bytes(f),
        &[0; 17],
    ])
}

/// CLOSE.
pub fn close_body(f: FileId) -> Vec<u8> {
    le(&[&24u16.to_le_bytes(), &[0; 6], &fid_bytes(f)])
}

/// QUERY_INFO of (type, class), 4096 bytes of output at most.
pub fn query_info_body(f: FileId, info_type: u8, class: u8) -> Vec<u8> {
    le(&[
        &41u16.to_le_bytes(),
        &[info_type, class],
        &4096u32.to_le_bytes(),
        &[0; 16],
        &fid_bytes(f),
    ])
}

/// LOCK of one range with `flags` (MS-SMB2 2.2.26: shared 1, exclusive 2, unlock 4,
/// fail immediately 0x10).
pub fn lock_body(f: FileId, offset: u64, len: u64, flags: u32) -> Vec<u8> {
    le(&[
        &48u16.to_le_bytes(),
        &1u16.to_le_bytes(),
        &0u32.to_le_bytes(),
        &fid_bytes(f),
        &offset.to_le_bytes(),
        &len.to_le_bytes(),
        &flags.to_le_bytes(),
        &0u32.to_le_bytes(),
    ])
}

/// IOCTL (an FSCTL) with `input`, answering at most `max_out` bytes.
pub fn ioctl_body(ctl_code: u32, f: FileId, input: &[u8], max_out: u32) -> Vec<u8> {
    le(&[
        &57u16.to_le_bytes(),
        &[0, 0],
        &ctl_code.to_le_bytes(),
        &fid_bytes(f),
        &120u32.to_le_bytes(),
        &(input.len() as u32).to_le_bytes(),
        &0u32.to_le_bytes(),
        &0u32.to_le_bytes(),
        &0u32.to_le_bytes(),
        &max_out.to_le_bytes(),
        &1u32.to_le_bytes(),
        &0u32.to_le_bytes(),
        input,
    ])
}

/// CHANGE_NOTIFY on directory `f` for `filter` (MS-SMB2 2.2.35; flags 1 = watch tree).
pub fn change_notify_body(f: FileId, flags: u16, filter: u32) -> Vec<u8> {
    le(&[
        &32u16.to_le_bytes(),
        &flags.to_le_bytes(),
        &65536u32.to_le_bytes(),
        &fid_bytes(f),
        &filter.to_le_bytes(),
        &0u32.to_le_bytes(),
    ])
}

/// SET_INFO of `class` (of `info_type`: 1 file, 2 file system, 3 security) with `info`.
pub fn set_info_body(f: FileId, info_type: u8, class: u8, info: &[u8]) -> Vec<u8> {
    le(&[
        &33u16.to_le_bytes(),
        &[info_type, class],
        &(info.len() as u32).to_le_bytes(),
        &96u16.to_le_bytes(),
        &[0, 0],
        &0u32.to_le_bytes(),
        &fid_bytes(f),
        info,
    ])
}
