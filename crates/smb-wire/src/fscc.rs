//! MS-FSCC 2.4/2.5 information classes: QUERY_INFO and QUERY_DIRECTORY encoders,
//! SET_INFO decoders, directory name matching (MS-FSA 2.1.4.4) and a default security
//! descriptor (MS-DTYP 2.4.6).

use crate::codec::{put_utf16, utf16_len, utf16_to_string, Le, PutLe};
use crate::NtStatus;

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
    out.put_u64(f.creation_time);
    out.put_u64(f.last_access_time);
    out.put_u64(f.last_write_time);
    out.put_u64(f.change_time);
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
            out.put_u64(f.creation_time);
            out.put_u64(f.last_access_time);
            out.put_u64(f.last_write_time);
            out.put_u64(f.change_time);
            out.put_u64(f.allocation_size);
            out.put_u64(f.end_of_file);
            out.put_u32(f.attributes);
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

/// One directory entry of `class` with NextEntryOffset 0.
pub fn encode_dir_entry(
    c: u8,
    name: &str,
    f: &FileFacts,
    file_index: u32,
    out: &mut Vec<u8>,
) -> Result<(), NtStatus> {
    let nlen = utf16_len(name) as u32;
    out.put_u32(0);
    out.put_u32(file_index);
    if c == class::FILE_NAMES {
        out.put_u32(nlen);
        put_utf16(out, name);
        return Ok(());
    }
    if !matches!(
        c,
        class::FILE_DIRECTORY
            | class::FILE_FULL_DIRECTORY
            | class::FILE_BOTH_DIRECTORY
            | class::FILE_ID_BOTH_DIRECTORY
            | class::FILE_ID_FULL_DIRECTORY
    ) {
        return Err(NtStatus::INVALID_INFO_CLASS);
    }
    out.put_u64(f.creation_time);
    out.put_u64(f.last_access_time);
    out.put_u64(f.last_write_time);
    out.put_u64(f.change_time);
    out.put_u64(f.end_of_file);
    out.put_u64(f.allocation_size);
    out.put_u32(f.attributes);
    out.put_u32(nlen);
    if c != class::FILE_DIRECTORY {
        out.put_u32(f.ea_size);
    }
    match c {
        class::FILE_BOTH_DIRECTORY | class::FILE_ID_BOTH_DIRECTORY => {
            // ShortName: the 8.3 alias when the name itself is not one (MS-FSCC 2.4.8).
            let short = short_name(name);
            let short = if short == name || name == "." || name == ".." {
                String::new()
            } else {
                short
            };
            let units: Vec<u16> = short.encode_utf16().take(12).collect();
            out.put_u8((units.len() * 2) as u8);
            out.put_u8(0);
            for u in &units {
                out.put_u16(*u);
            }
            out.put_zeros(24 - units.len() * 2);
            if c == class::FILE_ID_BOTH_DIRECTORY {
                out.put_u16(0);
                out.put_u64(f.index_number);
            }
        }
        class::FILE_ID_FULL_DIRECTORY => {
            out.put_u32(0);
            out.put_u64(f.index_number);
        }
        _ => {}
    }
    put_utf16(out, name);
    Ok(())
}

/// Builds a QUERY_DIRECTORY output buffer entry by entry.
pub struct DirListWriter {
    buf: Vec<u8>,
    max: usize,
    last: Option<usize>,
}

impl DirListWriter {
    pub fn new(max_len: usize) -> Self {
        DirListWriter {
            buf: Vec::new(),
            max: max_len,
            last: None,
        }
    }

    /// Appends an entry if it fits; Ok(false) when it does not.
    pub fn push(&mut self, c: u8, name: &str, f: &FileFacts, index: u32) -> Result<bool, NtStatus> {
        let mut e = Vec::with_capacity(128);
        encode_dir_entry(c, name, f, index, &mut e)?;
        let start = self.buf.len().next_multiple_of(8);
        if start + e.len() > self.max {
            return Ok(false);
        }
        self.buf.resize(start, 0);
        if let Some(p) = self.last {
            let off = (start - p) as u32;
            self.buf.set_u32(p, off);
        }
        self.last = Some(start);
        self.buf.extend_from_slice(&e);
        Ok(true)
    }

    pub fn is_empty(&self) -> bool {
        self.last.is_none()
    }

    pub fn finish(self) -> Vec<u8> {
        self.buf
    }
}

/// SET_INFO (FILE) requests.
#[derive(Debug, PartialEq, Eq)]
pub enum SetFileInfo {
    Basic {
        creation_time: u64,
        last_access_time: u64,
        last_write_time: u64,
        change_time: u64,
        attributes: u32,
    },
    Rename {
        replace_if_exists: bool,
        root_directory: u64,
        name: String,
    },
    Link {
        replace_if_exists: bool,
        name: String,
    },
    Disposition {
        delete_pending: bool,
    },
    DispositionEx {
        flags: u32,
    },
    Position(u64),
    Mode(u32),
    Allocation(u64),
    EndOfFile(u64),
    ValidDataLength(u64),
    FullEa(Vec<u8>),
    ShortName(String),
}

fn need(b: &[u8], n: usize) -> Result<(), NtStatus> {
    if b.len() < n {
        Err(NtStatus::INFO_LENGTH_MISMATCH)
    } else {
        Ok(())
    }
}

pub fn parse_set_file_info(c: u8, b: &[u8]) -> Result<SetFileInfo, NtStatus> {
    let r = Le(b);
    let bad = |_| NtStatus::INFO_LENGTH_MISMATCH;
    Ok(match c {
        class::FILE_BASIC => {
            need(b, 36)?;
            SetFileInfo::Basic {
                creation_time: r.u64(0).map_err(bad)?,
                last_access_time: r.u64(8).map_err(bad)?,
                last_write_time: r.u64(16).map_err(bad)?,
                change_time: r.u64(24).map_err(bad)?,
                attributes: r.u32(32).map_err(bad)?,
            }
        }
        class::FILE_RENAME | class::FILE_RENAME_EX | class::FILE_LINK => {
            need(b, 20)?;
            let replace = if c == class::FILE_RENAME_EX {
                r.u32(0).map_err(bad)? & 1 != 0
            } else {
                r.u8(0).map_err(bad)? != 0
            };
            let root = r.u64(8).map_err(bad)?;
            let len = r.u32(16).map_err(bad)? as usize;
            let name = r.region(20, len).map_err(|_| NtStatus::INVALID_PARAMETER)?;
            let name = utf16_to_string(name).map_err(|_| NtStatus::OBJECT_NAME_INVALID)?;
            if name.is_empty() {
                return Err(NtStatus::INVALID_PARAMETER);
            }
            if c == class::FILE_LINK {
                SetFileInfo::Link {
                    replace_if_exists: replace,
                    name,
                }
            } else {
                SetFileInfo::Rename {
                    replace_if_exists: replace,
                    root_directory: root,
                    name,
                }
            }
        }
        class::FILE_DISPOSITION => {
            need(b, 1)?;
            SetFileInfo::Disposition {
                delete_pending: b[0] != 0,
            }
        }
        class::FILE_DISPOSITION_EX => {
            need(b, 4)?;
            SetFileInfo::DispositionEx {
                flags: r.u32(0).map_err(bad)?,
            }
        }
        class::FILE_POSITION => SetFileInfo::Position(r.u64(0).map_err(bad)?),
        class::FILE_MODE => SetFileInfo::Mode(r.u32(0).map_err(bad)?),
        class::FILE_ALLOCATION => SetFileInfo::Allocation(r.u64(0).map_err(bad)?),
        class::FILE_END_OF_FILE => SetFileInfo::EndOfFile(r.u64(0).map_err(bad)?),
        class::FILE_VALID_DATA_LENGTH => SetFileInfo::ValidDataLength(r.u64(0).map_err(bad)?),
        class::FILE_FULL_EA => SetFileInfo::FullEa(b.to_vec()),
        class::FILE_ALTERNATE_NAME => {
            need(b, 4)?;
            let len = r.u32(0).map_err(bad)? as usize;
            let n = r.region(4, len).map_err(|_| NtStatus::INVALID_PARAMETER)?;
            SetFileInfo::ShortName(utf16_to_string(n).map_err(|_| NtStatus::INVALID_PARAMETER)?)
        }
        _ => return Err(NtStatus::INVALID_INFO_CLASS),
    })
}

fn fold(c: char) -> char {
    let mut u = c.to_uppercase();
    match (u.next(), u.next()) {
        (Some(x), None) => x,
        _ => c,
    }
}

/// Windows wildcard matching (MS-FSA 2.1.4.4): `*`, `?`, and the DOS forms `<` `>` `"`;
/// case-insensitive. Dynamic programming over (pattern, name): O(len²), no backtracking.
pub fn name_matches(pattern: &str, name: &str) -> bool {
    NameMatcher::new(pattern).matches(name)
}

/// A pattern prepared once for many names (a directory search): no allocation per name,
/// and the common shapes (everything, a plain name, `*` and a suffix) skip the general
/// matcher.
pub struct NameMatcher {
    pat: Vec<char>,
    shape: Shape,
    n: Vec<char>,
    reach: Vec<bool>,
    next: Vec<bool>,
}

enum Shape {
    All,
    /// No wildcard: the name itself, in any case.
    Exact,
    /// `*` then no wildcard: names ending so.
    Suffix,
    General,
}

fn is_wild(c: char) -> bool {
    matches!(c, '*' | '?' | '<' | '>' | '"')
}

impl NameMatcher {
    pub fn new(pattern: &str) -> Self {
        let pat: Vec<char> = pattern.chars().map(fold).collect();
        let shape = if pattern == "*" || pattern == "*.*" || pattern == "<.*" {
            Shape::All
        } else if !pat.iter().copied().any(is_wild) {
            Shape::Exact
        } else if pat.first() == Some(&'*') && !pat[1..].iter().copied().any(is_wild) {
            Shape::Suffix
        } else {
            Shape::General
        };
        NameMatcher {
            pat,
            shape,
            n: Vec::new(),
            reach: Vec::new(),
            next: Vec::new(),
        }
    }

    pub fn matches(&mut self, name: &str) -> bool {
        if matches!(self.shape, Shape::All) {
            return true;
        }
        self.n.clear();
        self.n.extend(name.chars().map(fold));
        if self.pat.len() > 1024 || self.n.len() > 1024 {
            return false;
        }
        match self.shape {
            Shape::Exact => self.n == self.pat,
            Shape::Suffix => self.n.ends_with(&self.pat[1..]),
            _ => self.general(),
        }
    }

    fn general(&mut self) -> bool {
        let (p, n) = (&self.pat, &self.n);
        // reach[j]: the pattern prefix consumed so far can end just before name[j].
        let reach = &mut self.reach;
        let next = &mut self.next;
        reach.clear();
        reach.resize(n.len() + 1, false);
        reach[0] = true;
        let last_dot = n.iter().rposition(|&c| c == '.');
        for (pi, &pc) in p.iter().enumerate() {
            next.clear();
            next.resize(n.len() + 1, false);
            match pc {
                '*' => {
                    let mut any = false;
                    for j in 0..=n.len() {
                        any |= reach[j];
                        next[j] = any;
                    }
                }
                '<' => {
                    // Matches zero or more characters up to (not past) the final dot.
                    for j in 0..=n.len() {
                        if !reach[j] {
                            continue;
                        }
                        next[j] = true;
                        let mut k = j;
                        while k < n.len() && Some(k) != last_dot {
                            k += 1;
                            next[k] = true;
                        }
                        if Some(k) == last_dot && pi + 1 == p.len() {
                            continue;
                        }
                    }
                }
                '>' => {
                    // Any one character, or nothing at a dot or the end.
                    for j in 0..=n.len() {
                        if !reach[j] {
                            continue;
                        }
                        if j == n.len() || n[j] == '.' {
                            next[j] = true;
                        }
                        if j < n.len() && n[j] != '.' {
                            next[j + 1] = true;
                        }
                    }
                }
                '"' => {
                    // A dot, or nothing at the end of the name.
                    for j in 0..=n.len() {
                        if !reach[j] {
                            continue;
                        }
                        if j == n.len() {
                            next[j] = true;
                        } else if n[j] == '.' {
                            next[j + 1] = true;
                        }
                    }
                }
                '?' => {
                    for j in 0..n.len() {
                        if reach[j] {
                            next[j + 1] = true;
                        }
                    }
                }
                c => {
                    for j in 0..n.len() {
                        if reach[j] && n[j] == c {
                            next[j + 1] = true;
                        }
                    }
                }
            }
            std::mem::swap(reach, next);
            if !reach.iter().any(|&r| r) {
                return false;
            }
        }
        reach[n.len()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wildcards() {
        let m = name_matches;
        assert!(m("*", "anything"));
        assert!(m("*.txt", "A.TXT"));
        assert!(!m("*.txt", "a.txt.bak"));
        assert!(m("a?c", "abc"));
        assert!(!m("a?c", "ac"));
        assert!(m("<.txt", "file.txt"));
        assert!(m("file\"", "file"));
        assert!(m("file.\"", "file."));
        assert!(m("exact", "EXACT"));
        let long = "a".repeat(300);
        assert!(!m("*a*a*a*a*a*a*a*a*a*a*b", &long));
    }

    #[test]
    fn all_information_layout() {
        let f = FileFacts {
            end_of_file: 5,
            index_number: 9,
            ..Default::default()
        };
        let o = OpenFacts {
            access_mask: 0x1F01FF,
            position: 0,
            mode: 0,
            alignment: 0,
            name: "\\a",
            stream_name_data: false,
        };
        let mut out = Vec::new();
        encode_file_info(class::FILE_ALL, &f, &o, &mut out).unwrap();
        assert_eq!(out.len(), 100 + 4);
        assert_eq!(u64::from_le_bytes(out[48..56].try_into().unwrap()), 5);
        assert_eq!(u64::from_le_bytes(out[64..72].try_into().unwrap()), 9);
        assert_eq!(
            u32::from_le_bytes(out[76..80].try_into().unwrap()),
            0x1F01FF
        );
    }

    #[test]
    fn dir_entries_and_writer() {
        let f = FileFacts::default();
        let mut e = Vec::new();
        encode_dir_entry(class::FILE_ID_BOTH_DIRECTORY, "ab", &f, 1, &mut e).unwrap();
        assert_eq!(e.len(), 104 + 4);
        let mut w = DirListWriter::new(250);
        assert!(w.push(class::FILE_BOTH_DIRECTORY, "x", &f, 1).unwrap());
        assert!(w.push(class::FILE_BOTH_DIRECTORY, "y", &f, 2).unwrap());
        assert!(!w.push(class::FILE_BOTH_DIRECTORY, "z", &f, 3).unwrap());
        let b = w.finish();
        assert_eq!(u32::from_le_bytes(b[0..4].try_into().unwrap()), 96);
    }

    #[test]
    fn set_info_hostile() {
        assert_eq!(
            parse_set_file_info(class::FILE_BASIC, &[0; 10]),
            Err(NtStatus::INFO_LENGTH_MISMATCH)
        );
        let mut r = vec![0u8; 20];
        r[16..20].copy_from_slice(&1000u32.to_le_bytes());
        assert_eq!(
            parse_set_file_info(class::FILE_RENAME, &r),
            Err(NtStatus::INVALID_PARAMETER)
        );
        for c in 0..80u8 {
            for n in 0..40 {
                let _ = parse_set_file_info(c, &vec![0xFF; n]);
            }
        }
    }
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

/// One extended attribute (MS-FSCC 2.4.15 FILE_FULL_EA_INFORMATION entry).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ea {
    pub flags: u8,
    /// ASCII; compared without regard to case.
    pub name: String,
    /// Empty in a set request: remove the attribute.
    pub value: Vec<u8>,
}

/// The flag of an EA that the file cannot be understood without.
pub const FILE_NEED_EA: u8 = 0x80;

/// Whether `name` is a valid EA name: 1-255 ASCII characters, none of them control
/// characters or those Windows refuses in names.
pub fn valid_ea_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 255
        && name
            .bytes()
            .all(|b| (0x20..0x7f).contains(&b) && !b"\"*/:<>?\\|+,;=[]".contains(&b))
}

/// Parses a FILE_FULL_EA_INFORMATION list (CREATE "ExtA" context, SET_INFO class 15).
/// Offsets that leave the buffer or are not 4-aligned are EA_LIST_INCONSISTENT; a bad
/// name is INVALID_EA_NAME.
pub fn parse_full_ea_list(b: &[u8]) -> Result<Vec<Ea>, NtStatus> {
    let mut out = Vec::new();
    let mut at = 0usize;
    loop {
        let e = b.get(at..).ok_or(NtStatus::EA_LIST_INCONSISTENT)?;
        if e.len() < 8 {
            return Err(NtStatus::EA_LIST_INCONSISTENT);
        }
        let next = u32::from_le_bytes([e[0], e[1], e[2], e[3]]) as usize;
        let flags = e[4];
        let name_len = e[5] as usize;
        let value_len = u16::from_le_bytes([e[6], e[7]]) as usize;
        let end = 8 + name_len + 1 + value_len;
        if e.len() < end || (next != 0 && (next < end || !next.is_multiple_of(4))) {
            return Err(NtStatus::EA_LIST_INCONSISTENT);
        }
        if flags & !FILE_NEED_EA != 0 || e[8 + name_len] != 0 {
            return Err(NtStatus::INVALID_PARAMETER);
        }
        let name = std::str::from_utf8(&e[8..8 + name_len])
            .ok()
            .filter(|n| valid_ea_name(n))
            .ok_or(NtStatus::INVALID_EA_NAME)?;
        out.push(Ea {
            flags,
            name: name.to_string(),
            value: e[8 + name_len + 1..end].to_vec(),
        });
        if out.len() > 4096 {
            return Err(NtStatus::EA_LIST_INCONSISTENT);
        }
        if next == 0 {
            return Ok(out);
        }
        at += next;
    }
}

/// Parses a FILE_GET_EA_INFORMATION list (the QUERY_INFO input naming the EAs wanted).
pub fn parse_get_ea_list(b: &[u8]) -> Result<Vec<String>, NtStatus> {
    let mut out = Vec::new();
    let mut at = 0usize;
    loop {
        let e = b.get(at..).ok_or(NtStatus::EA_LIST_INCONSISTENT)?;
        if e.len() < 5 {
            return Err(NtStatus::EA_LIST_INCONSISTENT);
        }
        let next = u32::from_le_bytes([e[0], e[1], e[2], e[3]]) as usize;
        let name_len = e[4] as usize;
        let end = 5 + name_len + 1;
        if e.len() < end || (next != 0 && (next < end || !next.is_multiple_of(4))) {
            return Err(NtStatus::EA_LIST_INCONSISTENT);
        }
        let name = std::str::from_utf8(&e[5..5 + name_len])
            .ok()
            .filter(|n| valid_ea_name(n))
            .ok_or(NtStatus::INVALID_EA_NAME)?;
        out.push(name.to_string());
        if out.len() > 4096 {
            return Err(NtStatus::EA_LIST_INCONSISTENT);
        }
        if next == 0 {
            return Ok(out);
        }
        at += next;
    }
}

/// Size of one FILE_FULL_EA_INFORMATION entry without its trailing alignment.
pub fn full_ea_entry_len(e: &Ea) -> usize {
    8 + e.name.len() + 1 + e.value.len()
}

/// The EaSize that FileEaInformation and the directory classes report: the bytes of the
/// FILE_FULL_EA_INFORMATION list of every EA (entries 4-aligned); 0 without EAs.
pub fn ea_list_size(eas: &[Ea]) -> u32 {
    let n = eas.len();
    eas.iter()
        .enumerate()
        .map(|(i, e)| {
            let l = full_ea_entry_len(e);
            if i + 1 < n {
                l.div_ceil(4) * 4
            } else {
                l
            }
        })
        .sum::<usize>() as u32
}

/// Encodes entries into a FILE_FULL_EA_INFORMATION list of at most `max` bytes; returns
/// how many entries fit.
pub fn encode_full_ea_list(eas: &[Ea], max: usize, out: &mut Vec<u8>) -> usize {
    let base = out.len();
    let mut prev: Option<usize> = None;
    let mut n = 0;
    for e in eas {
        let start = match prev {
            Some(_) => base + (out.len() - base).div_ceil(4) * 4,
            None => out.len(),
        };
        if start - base + full_ea_entry_len(e) > max {
            break;
        }
        out.resize(start, 0);
        if let Some(p) = prev {
            let off = (start - p) as u32;
            out[p..p + 4].copy_from_slice(&off.to_le_bytes());
        }
        prev = Some(start);
        out.put_u32(0);
        out.push(e.flags);
        out.push(e.name.len() as u8);
        out.put_u16(e.value.len() as u16);
        out.extend_from_slice(e.name.as_bytes());
        out.push(0);
        out.extend_from_slice(&e.value);
        n += 1;
    }
    n
}

#[cfg(test)]
mod ea_tests {
    use super::*;

    #[test]
    fn full_ea_lists_round_trip_and_hostile_ones_are_refused() {
        let eas = vec![
            Ea {
                flags: 0,
                name: "EAONE".into(),
                value: b"VALUE1".to_vec(),
            },
            Ea {
                flags: FILE_NEED_EA,
                name: "SECONDEA".into(),
                value: b"ValueTwo".to_vec(),
            },
        ];
        let mut b = Vec::new();
        assert_eq!(encode_full_ea_list(&eas, 1000, &mut b), 2);
        assert_eq!(b.len() as u32, ea_list_size(&eas));
        assert_eq!(parse_full_ea_list(&b).unwrap(), eas);
        let mut small = Vec::new();
        assert_eq!(encode_full_ea_list(&eas, 20, &mut small), 1);
        // A next offset past the end, a misaligned one, a missing NUL, a bad name.
        let mut bad = b.clone();
        bad[0..4].copy_from_slice(&4000u32.to_le_bytes());
        assert_eq!(
            parse_full_ea_list(&bad),
            Err(NtStatus::EA_LIST_INCONSISTENT)
        );
        bad[0..4].copy_from_slice(&17u32.to_le_bytes());
        assert_eq!(
            parse_full_ea_list(&bad),
            Err(NtStatus::EA_LIST_INCONSISTENT)
        );
        let mut bad = b.clone();
        bad[8 + 5] = b'x';
        assert!(parse_full_ea_list(&bad).is_err());
        let mut bad = b.clone();
        bad[8] = b'*';
        assert_eq!(parse_full_ea_list(&bad), Err(NtStatus::INVALID_EA_NAME));
        assert!(parse_full_ea_list(&[]).is_err());
        for n in 0..b.len() {
            let _ = parse_full_ea_list(&b[..n]);
            let _ = parse_get_ea_list(&b[..n]);
        }
    }

    #[test]
    fn prepared_matcher_agrees_with_the_general_one() {
        let names = [
            "a.vhdx", "A.VHDX", "b.vhd", "vhdx", "x.y.vhdx", "noext", ".vhdx", "ä.VHDX",
        ];
        for pat in [
            "*.vhdx", "*", "a.vhdx", "A.vhdx", "*x", "<.vhdx", "?.vhdx", "\"*\"",
        ] {
            let mut m = NameMatcher::new(pat);
            for n in names {
                let mut general = NameMatcher::new(pat);
                general.shape = Shape::General;
                assert_eq!(m.matches(n), general.matches(n), "{pat} {n}");
            }
        }
    }
}
