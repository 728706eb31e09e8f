//! QUERY_DIRECTORY: directory entries of each class, the list writer, and Windows name
//! matching (MS-FSA 2.1.4.4).

use super::*;

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
    f.open_info().put_times(out);
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

fn fold(c: char) -> char {
    let mut u = c.to_uppercase();
    match (u.next(), u.next()) {
        (Some(x), None) => x,
        _ => c,
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
