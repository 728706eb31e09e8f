//! MS-FSCC 2.4/2.5 information classes: QUERY_INFO and QUERY_DIRECTORY encoders,
//! SET_INFO decoders, directory name matching (MS-FSA 2.1.4.4) and a default security
//! descriptor (MS-DTYP 2.4.6).

use crate::codec::{put_utf16, utf16_len, utf16_to_string, Le, PutLe};
use crate::NtStatus;

mod dir;
mod ea;
mod set_info;

pub use dir::*;
pub use ea::*;
pub use set_info::*;

pub mod class {
    pub const FILE_DIRECTORY: u8 = 1;
    pub const FILE_FULL_DIRECTORY: u8 = 2;
    pub const FILE_BOTH_DIRECTORY: u8 = 3;
    pub const FILE_BASIC: u8 = 4;
    pub const FILE_STANDARD: u8 = 5;
    pub const FILE_INTERNAL: u8 = 6;
    pub const FILE_EA: u8 = 7;
    pub const FILE_ACCESS: u8 = 8;
    pub const FILE_NAME: u8 = 9;
    pub const FILE_RENAME: u8 = 10;
    pub const FILE_LINK: u8 = 11;
    pub const FILE_NAMES: u8 = 12;
    pub const FILE_DISPOSITION: u8 = 13;
    pub const FILE_POSITION: u8 = 14;
    pub const FILE_FULL_EA: u8 = 15;
    pub const FILE_MODE: u8 = 16;
    pub const FILE_ALIGNMENT: u8 = 17;
    pub const FILE_ALL: u8 = 18;
    pub const FILE_ALLOCATION: u8 = 19;
    pub const FILE_END_OF_FILE: u8 = 20;
    pub const FILE_ALTERNATE_NAME: u8 = 21;
    pub const FILE_STREAM: u8 = 22;
    pub const FILE_COMPRESSION: u8 = 28;
    pub const FILE_NETWORK_OPEN: u8 = 34;
    pub const FILE_ATTRIBUTE_TAG: u8 = 35;
    pub const FILE_ID_BOTH_DIRECTORY: u8 = 37;
    pub const FILE_ID_FULL_DIRECTORY: u8 = 38;
    pub const FILE_VALID_DATA_LENGTH: u8 = 39;
    pub const FILE_NORMALIZED_NAME: u8 = 48;
    pub const FILE_ID: u8 = 59;
    pub const FILE_DISPOSITION_EX: u8 = 64;
    pub const FILE_RENAME_EX: u8 = 65;
    pub const FS_VOLUME: u8 = 1;
    pub const FS_LABEL: u8 = 2;
    pub const FS_SIZE: u8 = 3;
    pub const FS_DEVICE: u8 = 4;
    pub const FS_ATTRIBUTE: u8 = 5;
    pub const FS_CONTROL: u8 = 6;
    pub const FS_FULL_SIZE: u8 = 7;
    pub const FS_OBJECT_ID: u8 = 8;
    pub const FS_SECTOR_SIZE: u8 = 11;
}

#[derive(Clone, Debug, Default)]
pub struct FileFacts {
    pub creation_time: u64,
    pub last_access_time: u64,
    pub last_write_time: u64,
    pub change_time: u64,
    pub allocation_size: u64,
    pub end_of_file: u64,
    pub attributes: u32,
    pub number_of_links: u32,
    pub delete_pending: bool,
    pub is_directory: bool,
    pub index_number: u64,
    pub volume_serial: u64,
    pub ea_size: u32,
}

impl FileFacts {
    /// Its times, sizes and attributes as CREATE, CLOSE and FileNetworkOpenInformation
    /// carry them (each written by that one type).
    pub fn open_info(&self) -> crate::msg::NetworkOpenInfo {
        crate::msg::NetworkOpenInfo {
            creation_time: self.creation_time,
            last_access_time: self.last_access_time,
            last_write_time: self.last_write_time,
            change_time: self.change_time,
            allocation_size: self.allocation_size,
            end_of_file: self.end_of_file,
            attributes: self.attributes,
        }
    }
}

pub struct OpenFacts<'a> {
    pub access_mask: u32,
    pub position: u64,
    pub mode: u32,
    pub alignment: u32,
    /// Name as the client sees it: "\\dir\\file".
    pub name: &'a str,
    pub stream_name_data: bool,
}

fn basic(f: &FileFacts, out: &mut Vec<u8>) {
    f.open_info().put_times(out);
    out.put_u32(f.attributes);
    out.put_u32(0);
}

fn standard(f: &FileFacts, out: &mut Vec<u8>) {
    out.put_u64(f.allocation_size);
    out.put_u64(f.end_of_file);
    out.put_u32(f.number_of_links);
    out.put_u8(u8::from(f.delete_pending));
    out.put_u8(u8::from(f.is_directory));
    out.put_u16(0);
}

fn name_info(name: &str, out: &mut Vec<u8>) {
    out.put_u32(utf16_len(name) as u32);
    put_utf16(out, name);
}

/// Encodes a FILE-type class in full; the caller truncates.
pub fn encode_file_info(
    c: u8,
    f: &FileFacts,
    o: &OpenFacts,
    out: &mut Vec<u8>,
) -> Result<(), NtStatus> {
    match c {
        class::FILE_BASIC => basic(f, out),
        class::FILE_STANDARD => standard(f, out),
        class::FILE_INTERNAL => out.put_u64(f.index_number),
        class::FILE_EA => out.put_u32(f.ea_size),
        class::FILE_ACCESS => out.put_u32(o.access_mask),
        class::FILE_POSITION => out.put_u64(o.position),
        class::FILE_MODE => out.put_u32(o.mode),
        class::FILE_ALIGNMENT => out.put_u32(o.alignment),
        class::FILE_NAME => name_info(o.name, out),
        class::FILE_NORMALIZED_NAME => name_info(o.name.trim_start_matches('\\'), out),
        class::FILE_ALL => {
            basic(f, out);
            standard(f, out);
            out.put_u64(f.index_number);
            out.put_u32(f.ea_size);
            out.put_u32(o.access_mask);
            out.put_u64(o.position);
            out.put_u32(o.mode);
            out.put_u32(o.alignment);
            name_info(o.name, out);
        }
        class::FILE_NETWORK_OPEN => {
            f.open_info().put_all(out);
            out.put_u32(0);
        }
        class::FILE_ATTRIBUTE_TAG => {
            out.put_u32(f.attributes);
            out.put_u32(0);
        }
        class::FILE_STREAM => {
            if !f.is_directory {
                let n = "::$DATA";
                out.put_u32(0);
                out.put_u32(utf16_len(n) as u32);
                out.put_u64(f.end_of_file);
                out.put_u64(f.allocation_size);
                put_utf16(out, n);
            }
        }
        class::FILE_COMPRESSION => {
            out.put_u64(f.end_of_file);
            out.put_u16(0);
            out.put_u8(0);
            out.put_u8(0);
            out.put_u8(0);
            out.put_zeros(3);
        }
        class::FILE_ID => {
            out.put_u64(f.volume_serial);
            out.put_u64(f.index_number);
            out.put_u64(0);
        }
        class::FILE_ALTERNATE_NAME => {
            let last = o.name.rsplit('\\').next().unwrap_or("");
            name_info(&short_name(last), out);
        }
        class::FILE_VALID_DATA_LENGTH => return Err(NtStatus::INVALID_INFO_CLASS),
        0 | 0x50.. => return Err(NtStatus::INVALID_INFO_CLASS),
        _ => return Err(NtStatus::INVALID_INFO_CLASS),
    }
    Ok(())
}

/// An 8.3 name for `name` (MS-FSCC 2.1.5.2.1): the name itself, upper-cased, when it already
/// fits; else up to six characters of the base, "~1", and up to three of the extension.
pub fn short_name(name: &str) -> String {
    let valid = |c: char| c.is_ascii_alphanumeric() || "$%'-_@~`!(){}^#&".contains(c);
    let (base, ext) = match name.rfind('.') {
        Some(i) if i > 0 => (&name[..i], &name[i + 1..]),
        _ => (name, ""),
    };
    let fits = !base.is_empty()
        && base.len() <= 8
        && ext.len() <= 3
        && base.chars().chain(ext.chars()).all(valid);
    if fits {
        return name.to_ascii_uppercase();
    }
    let b: String = base.chars().filter(|c| valid(*c)).take(6).collect();
    let e: String = ext.chars().filter(|c| valid(*c)).take(3).collect();
    let b = if b.is_empty() { "FILE".to_string() } else { b };
    let mut s = format!("{}~1", b.to_ascii_uppercase());
    if !e.is_empty() {
        s.push('.');
        s.push_str(&e.to_ascii_uppercase());
    }
    s
}

pub fn min_file_info_size(c: u8) -> Option<usize> {
    // The fixed sizes Windows enforces (a buffer below them is INFO_LENGTH_MISMATCH): the C
    // structure sizes, which count the first character of a trailing name and padding.
    Some(match c {
        class::FILE_BASIC => 40,
        class::FILE_STANDARD => 24,
        class::FILE_INTERNAL | class::FILE_POSITION => 8,
        class::FILE_EA | class::FILE_ACCESS | class::FILE_MODE | class::FILE_ALIGNMENT => 4,
        class::FILE_NAME | class::FILE_NORMALIZED_NAME | class::FILE_ALTERNATE_NAME => 8,
        class::FILE_ALL => 104,
        class::FILE_NETWORK_OPEN => 56,
        class::FILE_ATTRIBUTE_TAG => 8,
        class::FILE_STREAM => 32,
        class::FILE_COMPRESSION => 16,
        class::FILE_ID => 24,
        _ => return None,
    })
}

pub struct FsFacts {
    pub total_units: u64,
    pub free_units: u64,
    pub avail_units: u64,
    pub sectors_per_unit: u32,
    pub bytes_per_sector: u32,
    pub volume_serial: u32,
    pub volume_creation_time: u64,
    pub volume_label: String,
    pub fs_name: String,
    pub max_name_len: u32,
    pub fs_attributes: u32,
    /// FILE_LEVEL_TRIM releases space (SSINFO_FLAGS_TRIM_ENABLED).
    pub trim_enabled: bool,
}

pub fn encode_fs_info(c: u8, f: &FsFacts, out: &mut Vec<u8>) -> Result<(), NtStatus> {
    match c {
        class::FS_VOLUME => {
            out.put_u64(f.volume_creation_time);
            out.put_u32(f.volume_serial);
            out.put_u32(utf16_len(&f.volume_label) as u32);
            out.put_u8(0);
            out.put_u8(0);
            put_utf16(out, &f.volume_label);
        }
        class::FS_SIZE => {
            out.put_u64(f.total_units);
            out.put_u64(f.avail_units);
            out.put_u32(f.sectors_per_unit);
            out.put_u32(f.bytes_per_sector);
        }
        class::FS_FULL_SIZE => {
            out.put_u64(f.total_units);
            out.put_u64(f.avail_units);
            out.put_u64(f.free_units);
            out.put_u32(f.sectors_per_unit);
            out.put_u32(f.bytes_per_sector);
        }
        class::FS_DEVICE => {
            out.put_u32(7); // FILE_DEVICE_DISK
            out.put_u32(0x20); // FILE_DEVICE_IS_MOUNTED
        }
        class::FS_ATTRIBUTE => {
            out.put_u32(f.fs_attributes);
            out.put_u32(f.max_name_len);
            out.put_u32(utf16_len(&f.fs_name) as u32);
            put_utf16(out, &f.fs_name);
        }
        class::FS_OBJECT_ID => {
            out.put_u64(u64::from(f.volume_serial));
            out.put_zeros(56);
        }
        class::FS_SECTOR_SIZE => {
            let b = f.bytes_per_sector;
            for _ in 0..4 {
                out.put_u32(b);
            }
            // Aligned device, partition aligned; trim where ranges can be released.
            out.put_u32(0x3 | if f.trim_enabled { 0x8 } else { 0 });
            out.put_u32(0);
            out.put_u32(0);
        }
        class::FS_CONTROL => {
            // No quotas: thresholds and limits "none" (-1), quotas off.
            out.put_u64(0);
            out.put_u64(0);
            out.put_u64(0);
            out.put_u64(u64::MAX);
            out.put_u64(u64::MAX);
            out.put_u32(0);
            out.put_u32(0);
        }
        class::FS_LABEL => return Err(NtStatus::INVALID_INFO_CLASS),
        _ => return Err(NtStatus::INVALID_INFO_CLASS),
    }
    Ok(())
}

pub fn min_fs_info_size(c: u8) -> Option<usize> {
    Some(match c {
        class::FS_VOLUME => 24,
        class::FS_SIZE => 24,
        class::FS_FULL_SIZE => 32,
        class::FS_DEVICE => 8,
        class::FS_ATTRIBUTE => 16,
        class::FS_OBJECT_ID => 64,
        class::FS_SECTOR_SIZE => 28,
        class::FS_CONTROL => 48,
        _ => return None,
    })
}

/// FileStreamInformation (MS-FSCC 2.4.49): one entry per stream, 8-byte aligned;
/// names as the client sees them ("::$DATA", ":name:$DATA").
pub fn encode_stream_list(streams: &[(String, u64, u64)], out: &mut Vec<u8>) {
    let base = out.len();
    let mut prev: Option<usize> = None;
    for (name, size, alloc) in streams {
        let start = base + (out.len() - base).div_ceil(8) * 8;
        out.resize(start, 0);
        if let Some(p) = prev {
            let off = (start - p) as u32;
            out[p..p + 4].copy_from_slice(&off.to_le_bytes());
        }
        prev = Some(start);
        out.put_u32(0);
        out.put_u32(utf16_len(name) as u32);
        out.put_u64(*size);
        out.put_u64(*alloc);
        put_utf16(out, name);
    }
}
