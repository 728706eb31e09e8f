//! On-disk structures of MS-VHDX: the file identifier, headers, region tables, the
//! metadata table and its system items, BAT entries and log entries. Every parser
//! takes untrusted bytes and returns `Error::Corrupt` naming the structure at fault.

use crate::{Error, Result};

pub const KIB: u64 = 1024;
pub const MIB: u64 = 1024 * 1024;

pub const FILE_ID_SIG: &[u8; 8] = b"vhdxfile";
pub const HEADER_SIG: &[u8; 4] = b"head";
pub const REGION_SIG: &[u8; 4] = b"regi";
pub const METADATA_SIG: &[u8; 8] = b"metadata";
pub const LOG_ENTRY_SIG: &[u8; 4] = b"loge";
pub const LOG_DATA_DESC_SIG: &[u8; 4] = b"desc";
pub const LOG_ZERO_DESC_SIG: &[u8; 4] = b"zero";
pub const LOG_DATA_SIG: &[u8; 4] = b"data";

pub const HEADER1_OFFSET: u64 = 64 * KIB;
pub const HEADER2_OFFSET: u64 = 128 * KIB;
pub const REGION1_OFFSET: u64 = 192 * KIB;
pub const REGION2_OFFSET: u64 = 256 * KIB;
pub const HEADER_SIZE: usize = 4096;
pub const REGION_TABLE_SIZE: usize = 64 * 1024;
pub const METADATA_TABLE_SIZE: usize = 64 * 1024;
pub const HEADER_AREA: u64 = MIB;
pub const LOG_SECTOR: usize = 4096;
pub const SECTOR_BITMAP_BLOCK: u64 = MIB;

/// Largest virtual disk MS-VHDX allows.
pub const MAX_VIRTUAL_SIZE: u64 = 64 * 1024 * 1024 * MIB;
/// Largest BAT we accept (64 TiB of 1 MiB blocks plus bitmap entries fits).
pub const MAX_BAT_BYTES: u64 = 513 * MIB;
pub const MAX_METADATA_REGION: u64 = 128 * MIB;
pub const MAX_LOG_LENGTH: u64 = 4096 * MIB;

/// A GUID held in its on-disk (mixed-endian) byte order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Guid(pub [u8; 16]);

impl Guid {
    pub const ZERO: Guid = Guid([0; 16]);

    pub const fn from_fields(d1: u32, d2: u16, d3: u16, d4: [u8; 8]) -> Guid {
        let a = d1.to_le_bytes();
        let b = d2.to_le_bytes();
        let c = d3.to_le_bytes();
        Guid([
            a[0], a[1], a[2], a[3], b[0], b[1], c[0], c[1], d4[0], d4[1], d4[2], d4[3], d4[4],
            d4[5], d4[6], d4[7],
        ])
    }

    pub fn random() -> Guid {
        let mut b = [0u8; 16];
        getrandom::getrandom(&mut b).expect("getrandom");
        // RFC 4122 version 4, variant 1, in the mixed-endian layout.
        b[7] = (b[7] & 0x0f) | 0x40;
        b[8] = (b[8] & 0x3f) | 0x80;
        Guid(b)
    }

    pub fn is_zero(&self) -> bool {
        self.0 == [0; 16]
    }

    pub fn from_slice(b: &[u8]) -> Guid {
        let mut g = [0u8; 16];
        g.copy_from_slice(&b[..16]);
        Guid(g)
    }

    /// Parses `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX`, braces optional, any case.
    pub fn parse(s: &str) -> Option<Guid> {
        let s = s.trim();
        let s = s
            .strip_prefix('{')
            .and_then(|s| s.strip_suffix('}'))
            .unwrap_or(s);
        let parts: Vec<&str> = s.split('-').collect();
        if parts.len() != 5
            || [8, 4, 4, 4, 12]
                .iter()
                .zip(&parts)
                .any(|(n, p)| p.len() != *n || !p.bytes().all(|c| c.is_ascii_hexdigit()))
        {
            return None;
        }
        let d1 = u32::from_str_radix(parts[0], 16).ok()?;
        let d2 = u16::from_str_radix(parts[1], 16).ok()?;
        let d3 = u16::from_str_radix(parts[2], 16).ok()?;
        let mut d4 = [0u8; 8];
        let tail = format!("{}{}", parts[3], parts[4]);
        for (i, v) in d4.iter_mut().enumerate() {
            *v = u8::from_str_radix(&tail[i * 2..i * 2 + 2], 16).ok()?;
        }
        Some(Guid::from_fields(d1, d2, d3, d4))
    }
}

impl std::fmt::Display for Guid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let b = &self.0;
        write!(
            f,
            "{:08x}-{:04x}-{:04x}-{:02x}{:02x}-{:02x}{:02x}{:02x}{:02x}{:02x}{:02x}",
            u32::from_le_bytes([b[0], b[1], b[2], b[3]]),
            u16::from_le_bytes([b[4], b[5]]),
            u16::from_le_bytes([b[6], b[7]]),
            b[8],
            b[9],
            b[10],
            b[11],
            b[12],
            b[13],
            b[14],
            b[15]
        )
    }
}

impl std::fmt::Debug for Guid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{{{self}}}")
    }
}

pub const BAT_REGION: Guid = Guid::from_fields(
    0x2DC27766,
    0xF623,
    0x4200,
    [0x9D, 0x64, 0x11, 0x5E, 0x9B, 0xFD, 0x4A, 0x08],
);
pub const METADATA_REGION: Guid = Guid::from_fields(
    0x8B7CA206,
    0x4790,
    0x4B9A,
    [0xB8, 0xFE, 0x57, 0x5F, 0x05, 0x0F, 0x88, 0x6E],
);
pub const FILE_PARAMETERS: Guid = Guid::from_fields(
    0xCAA16737,
    0xFA36,
    0x4D43,
    [0xB3, 0xB6, 0x33, 0xF0, 0xAA, 0x44, 0xE7, 0x6B],
);
pub const VIRTUAL_DISK_SIZE: Guid = Guid::from_fields(
    0x2FA54224,
    0xCD1B,
    0x4876,
    [0xB2, 0x11, 0x5D, 0xBE, 0xD8, 0x3B, 0xF4, 0xB8],
);
pub const PAGE83_DATA: Guid = Guid::from_fields(
    0xBECA12AB,
    0xB2E6,
    0x4523,
    [0x93, 0xEF, 0xC3, 0x09, 0xE0, 0x00, 0xC7, 0x46],
);
pub const LOGICAL_SECTOR_SIZE: Guid = Guid::from_fields(
    0x8141BF1D,
    0xA96F,
    0x4709,
    [0xBA, 0x47, 0xF2, 0x33, 0xA8, 0xFA, 0xAB, 0x5F],
);
pub const PHYSICAL_SECTOR_SIZE: Guid = Guid::from_fields(
    0xCDA348C7,
    0x445D,
    0x4471,
    [0x9C, 0xC9, 0xE9, 0x88, 0x52, 0x51, 0xC5, 0x56],
);
pub const PARENT_LOCATOR: Guid = Guid::from_fields(
    0xA8D35F2D,
    0xB30B,
    0x454D,
    [0xAB, 0xF7, 0xD3, 0xD8, 0x48, 0x34, 0xAB, 0x0C],
);
pub const VHDX_PARENT_LOCATOR_TYPE: Guid = Guid::from_fields(
    0xB04AEFB7,
    0xD19E,
    0x4A81,
    [0xB7, 0x89, 0x25, 0xB8, 0xE9, 0x44, 0x59, 0x13],
);

pub fn le16(b: &[u8], o: usize) -> u16 {
    u16::from_le_bytes([b[o], b[o + 1]])
}
pub fn le32(b: &[u8], o: usize) -> u32 {
    u32::from_le_bytes(b[o..o + 4].try_into().unwrap())
}
pub fn le64(b: &[u8], o: usize) -> u64 {
    u64::from_le_bytes(b[o..o + 8].try_into().unwrap())
}
pub fn put16(b: &mut [u8], o: usize, v: u16) {
    b[o..o + 2].copy_from_slice(&v.to_le_bytes());
}
pub fn put32(b: &mut [u8], o: usize, v: u32) {
    b[o..o + 4].copy_from_slice(&v.to_le_bytes());
}
pub fn put64(b: &mut [u8], o: usize, v: u64) {
    b[o..o + 8].copy_from_slice(&v.to_le_bytes());
}

/// CRC-32C of `buf` with the 4-byte checksum field at `at` taken as zero.
pub fn crc_with_hole(buf: &[u8], at: usize) -> u32 {
    let c = crc32c::crc32c(&buf[..at]);
    let c = crc32c::crc32c_append(c, &[0; 4]);
    crc32c::crc32c_append(c, &buf[at + 4..])
}

fn corrupt(what: impl Into<String>) -> Error {
    Error::Corrupt(what.into())
}

/// The 4 KiB header (either slot).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub sequence: u64,
    pub file_write_guid: Guid,
    pub data_write_guid: Guid,
    pub log_guid: Guid,
    pub log_version: u16,
    pub version: u16,
    pub log_length: u32,
    pub log_offset: u64,
}

impl Header {
    /// Parses one slot; `None` when the signature, checksum or version is wrong, which
    /// is a reason to fall back to the other slot rather than a corruption of its own.
    pub fn parse(b: &[u8]) -> std::result::Result<Header, String> {
        if b.len() < HEADER_SIZE || &b[0..4] != HEADER_SIG {
            return Err("bad signature".into());
        }
        let b = &b[..HEADER_SIZE];
        if crc_with_hole(b, 4) != le32(b, 4) {
            return Err("checksum mismatch".into());
        }
        let h = Header {
            sequence: le64(b, 8),
            file_write_guid: Guid::from_slice(&b[16..]),
            data_write_guid: Guid::from_slice(&b[32..]),
            log_guid: Guid::from_slice(&b[48..]),
            log_version: le16(b, 64),
            version: le16(b, 66),
            log_length: le32(b, 68),
            log_offset: le64(b, 72),
        };
        if h.version != 1 {
            return Err(format!("version {} is not 1", h.version));
        }
        Ok(h)
    }

    pub fn encode(&self) -> Vec<u8> {
        let mut b = vec![0u8; HEADER_SIZE];
        b[0..4].copy_from_slice(HEADER_SIG);
        put64(&mut b, 8, self.sequence);
        b[16..32].copy_from_slice(&self.file_write_guid.0);
        b[32..48].copy_from_slice(&self.data_write_guid.0);
        b[48..64].copy_from_slice(&self.log_guid.0);
        put16(&mut b, 64, self.log_version);
        put16(&mut b, 66, self.version);
        put32(&mut b, 68, self.log_length);
        put64(&mut b, 72, self.log_offset);
        let c = crc_with_hole(&b, 4);
        put32(&mut b, 4, c);
        b
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionEntry {
    pub guid: Guid,
    pub file_offset: u64,
    pub length: u32,
    pub required: bool,
}

pub fn parse_region_table(b: &[u8]) -> std::result::Result<Vec<RegionEntry>, String> {
    if b.len() < REGION_TABLE_SIZE || &b[0..4] != REGION_SIG {
        return Err("bad signature".into());
    }
    let b = &b[..REGION_TABLE_SIZE];
    if crc_with_hole(b, 4) != le32(b, 4) {
        return Err("checksum mismatch".into());
    }
    let count = le32(b, 8) as usize;
    if count > 2047 {
        return Err(format!("{count} entries (at most 2047)"));
    }
    Ok((0..count)
        .map(|i| {
            let e = &b[16 + i * 32..16 + i * 32 + 32];
            RegionEntry {
                guid: Guid::from_slice(e),
                file_offset: le64(e, 16),
                length: le32(e, 24),
                required: le32(e, 28) & 1 != 0,
            }
        })
        .collect())
}

pub fn encode_region_table(entries: &[RegionEntry]) -> Vec<u8> {
    let mut b = vec![0u8; REGION_TABLE_SIZE];
    b[0..4].copy_from_slice(REGION_SIG);
    put32(&mut b, 8, entries.len() as u32);
    for (i, e) in entries.iter().enumerate() {
        let o = 16 + i * 32;
        b[o..o + 16].copy_from_slice(&e.guid.0);
        put64(&mut b, o + 16, e.file_offset);
        put32(&mut b, o + 24, e.length);
        put32(&mut b, o + 28, e.required as u32);
    }
    let c = crc_with_hole(&b, 4);
    put32(&mut b, 4, c);
    b
}

pub const META_IS_USER: u32 = 1;
pub const META_IS_VIRTUAL_DISK: u32 = 2;
pub const META_IS_REQUIRED: u32 = 4;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MetadataEntry {
    pub item: Guid,
    pub offset: u32,
    pub length: u32,
    pub flags: u32,
}

pub fn parse_metadata_table(b: &[u8]) -> Result<Vec<MetadataEntry>> {
    if b.len() < METADATA_TABLE_SIZE || &b[0..8] != METADATA_SIG {
        return Err(corrupt("metadata table: bad signature"));
    }
    let count = le16(b, 10) as usize;
    if count > 2047 {
        return Err(corrupt(format!(
            "metadata table: {count} entries (at most 2047)"
        )));
    }
    Ok((0..count)
        .map(|i| {
            let e = &b[32 + i * 32..64 + i * 32];
            MetadataEntry {
                item: Guid::from_slice(e),
                offset: le32(e, 16),
                length: le32(e, 20),
                flags: le32(e, 24),
            }
        })
        .collect())
}

pub fn encode_metadata_table(entries: &[MetadataEntry]) -> Vec<u8> {
    let mut b = vec![0u8; METADATA_TABLE_SIZE];
    b[0..8].copy_from_slice(METADATA_SIG);
    put16(&mut b, 10, entries.len() as u16);
    for (i, e) in entries.iter().enumerate() {
        let o = 32 + i * 32;
        b[o..o + 16].copy_from_slice(&e.item.0);
        put32(&mut b, o + 16, e.offset);
        put32(&mut b, o + 20, e.length);
        put32(&mut b, o + 24, e.flags);
    }
    b
}

/// Parent locator: key/value pairs, UTF-16LE without terminators.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParentLocator {
    pub entries: Vec<(String, String)>,
}

impl ParentLocator {
    pub fn get(&self, key: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    pub fn parse(b: &[u8]) -> Result<ParentLocator> {
        let bad = |w: &str| corrupt(format!("parent locator: {w}"));
        if b.len() < 20 {
            return Err(bad("shorter than its header"));
        }
        if Guid::from_slice(b) != VHDX_PARENT_LOCATOR_TYPE {
            return Err(Error::Unsupported(format!(
                "parent locator type {} is not the VHDX type",
                Guid::from_slice(b)
            )));
        }
        let count = le16(b, 18) as usize;
        if count > 256 || 20 + count * 12 > b.len() {
            return Err(bad(&format!("{count} entries do not fit")));
        }
        let string = |off: u32, len: u16| -> Result<String> {
            let (off, len) = (off as usize, len as usize);
            if len % 2 != 0 || off.checked_add(len).filter(|&e| e <= b.len()).is_none() {
                return Err(bad("a key or value lies outside the item"));
            }
            let u: Vec<u16> = b[off..off + len]
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect();
            String::from_utf16(&u).map_err(|_| bad("a key or value is not UTF-16"))
        };
        let mut entries = Vec::with_capacity(count);
        for i in 0..count {
            let e = &b[20 + i * 12..32 + i * 12];
            let k = string(le32(e, 0), le16(e, 8))?;
            let v = string(le32(e, 4), le16(e, 10))?;
            if k.is_empty() || entries.iter().any(|(x, _): &(String, String)| *x == k) {
                return Err(bad("an empty or duplicate key"));
            }
            entries.push((k, v));
        }
        Ok(ParentLocator { entries })
    }

    pub fn encode(&self) -> Vec<u8> {
        let mut head = vec![0u8; 20 + self.entries.len() * 12];
        head[..16].copy_from_slice(&VHDX_PARENT_LOCATOR_TYPE.0);
        put16(&mut head, 18, self.entries.len() as u16);
        let mut strings = Vec::new();
        let base = head.len();
        let put = |s: &str, strings: &mut Vec<u8>| -> (u32, u16) {
            let off = base + strings.len();
            for u in s.encode_utf16() {
                strings.extend_from_slice(&u.to_le_bytes());
            }
            (off as u32, (base + strings.len() - off) as u16)
        };
        for (i, (k, v)) in self.entries.iter().enumerate() {
            let (ko, kl) = put(k, &mut strings);
            let (vo, vl) = put(v, &mut strings);
            let o = 20 + i * 12;
            put32(&mut head, o, ko);
            put32(&mut head, o + 4, vo);
            put16(&mut head, o + 8, kl);
            put16(&mut head, o + 10, vl);
        }
        head.extend_from_slice(&strings);
        head
    }
}

/// BAT entry states.
pub const PAYLOAD_NOT_PRESENT: u64 = 0;
pub const PAYLOAD_UNDEFINED: u64 = 1;
pub const PAYLOAD_ZERO: u64 = 2;
pub const PAYLOAD_UNMAPPED: u64 = 3;
pub const PAYLOAD_UNMAPPED_V095: u64 = 5;
pub const PAYLOAD_FULLY_PRESENT: u64 = 6;
pub const PAYLOAD_PARTIALLY_PRESENT: u64 = 7;
pub const SB_NOT_PRESENT: u64 = 0;
pub const SB_PRESENT: u64 = 6;

pub fn bat_state(e: u64) -> u64 {
    e & 7
}
pub fn bat_offset(e: u64) -> u64 {
    e & 0xFFFF_FFFF_FFF0_0000
}
pub fn bat_entry(state: u64, offset: u64) -> u64 {
    debug_assert_eq!(offset % MIB, 0);
    (offset & 0xFFFF_FFFF_FFF0_0000) | state
}

pub fn state_name(s: u64) -> &'static str {
    match s {
        0 => "not-present",
        1 => "undefined",
        2 => "zero",
        3 | 5 => "unmapped",
        6 => "fully-present",
        7 => "partially-present",
        _ => "reserved",
    }
}
