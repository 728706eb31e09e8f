//! Turning a client's name into a [`SharePath`], refusing everything that could leave the
//! share or that Windows itself would refuse (MS-SMB2 3.3.5.9, MS-FSCC 2.1.5).

use crate::backend::SharePath;
use smb_wire::codec::utf16_to_string;
use smb_wire::NtStatus;

/// Longest component Windows accepts.
const MAX_COMPONENT_CHARS: usize = 255;
/// Longest whole name we accept (Windows' 32767 UTF-16 units).
const MAX_NAME_UNITS: usize = 32767;

/// Parses a CREATE name (UTF-16LE, relative to the share root, backslash separated).
pub fn parse_create_name(raw: &[u8]) -> Result<SharePath, NtStatus> {
    if raw.len() / 2 > MAX_NAME_UNITS {
        return Err(NtStatus::OBJECT_NAME_INVALID);
    }
    let name = utf16_to_string(raw).map_err(|_| NtStatus::OBJECT_NAME_INVALID)?;
    parse_name(&name)
}

/// Whether a CREATE name ends in "::$DATA" (the file's own data stream, named).
pub fn names_data_stream(raw: &[u8]) -> bool {
    const SUFFIX: &str = "::$DATA";
    let n = SUFFIX.len() * 2;
    raw.len() >= n
        && utf16_to_string(&raw[raw.len() - n..]).is_ok_and(|s| s.eq_ignore_ascii_case(SUFFIX))
}

/// Where named streams live inside a share: one directory per file (keyed by its inode
/// and creation time) holding one regular file per stream. Clients can never name it.
pub const STREAM_DEPOT: &str = ".smbdirectd-streams";

/// Parses a CREATE name that may name an alternate data stream ("file:stream",
/// "file:stream:$DATA"; "file::$DATA" is the file itself). Returns the file's path and
/// the stream name.
pub fn parse_create_target(raw: &[u8]) -> Result<(SharePath, Option<String>), NtStatus> {
    if raw.len() / 2 > MAX_NAME_UNITS {
        return Err(NtStatus::OBJECT_NAME_INVALID);
    }
    let name = utf16_to_string(raw).map_err(|_| NtStatus::OBJECT_NAME_INVALID)?;
    // A CREATE may separate components with '/' as well (Samba and ksmbd take it so, and
    // clients that build names the POSIX way send it); a name ending in one is invalid.
    if name.ends_with('/') {
        return Err(NtStatus::OBJECT_NAME_INVALID);
    }
    let name = name.replace('/', "\\");
    let trimmed = name.strip_suffix('\\').unwrap_or(&name);
    let last_start = trimmed.rfind('\\').map_or(0, |i| i + 1);
    let Some(colon) = trimmed[last_start..].find(':').map(|i| last_start + i) else {
        return Ok((parse_name(&name)?, None));
    };
    let (file, spec) = trimmed.split_at(colon);
    if spec.eq_ignore_ascii_case("::$DATA") {
        return Ok((parse_name(file)?, None));
    }
    let spec = &spec[1..];
    let stream = match spec.split_once(':') {
        None => spec,
        Some((s, t)) if t.eq_ignore_ascii_case("$DATA") => s,
        Some(_) => return Err(NtStatus::OBJECT_NAME_INVALID),
    };
    // Stream names may hold control characters (NTFS takes all but NUL), not separators.
    let bad = |c: char| matches!(c, '\0' | '/' | '\\' | ':');
    if file.is_empty()
        || file.ends_with('\\')
        || stream.is_empty()
        || stream == "."
        || stream == ".."
        || stream.chars().count() > MAX_COMPONENT_CHARS
        || stream.chars().any(bad)
    {
        return Err(NtStatus::OBJECT_NAME_INVALID);
    }
    Ok((parse_name(file)?, Some(stream.to_string())))
}

pub fn parse_name(name: &str) -> Result<SharePath, NtStatus> {
    // MS-SMB2 3.3.5.9: a name that begins with a path separator is invalid.
    if name.starts_with('\\') || name.starts_with('/') {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    let name = name.strip_suffix('\\').unwrap_or(name);
    if name.is_empty() {
        return Ok(SharePath::root());
    }
    // A doubled separator inside the name (`dir\\file`) is one, as Windows and Samba
    // take it.
    let parts: Vec<&str> = name.split('\\').filter(|p| !p.is_empty()).collect();
    let last = parts.len() - 1;
    // ".." takes back the component before it, as Windows resolves a name before it
    // looks anything up ("dir\\sub\\.." is "dir", whether sub exists or not); one that
    // would climb above the share's root is refused.
    let mut kept: Vec<&str> = Vec::with_capacity(parts.len());
    for (i, part) in parts.iter().enumerate() {
        let part = if i == last {
            strip_data_stream(part)?
        } else {
            part
        };
        if part == ".." {
            kept.pop().ok_or(NtStatus::OBJECT_PATH_SYNTAX_BAD)?;
            continue;
        }
        check_component(part)?;
        kept.push(part);
    }
    if kept
        .first()
        .is_some_and(|p| p.eq_ignore_ascii_case(STREAM_DEPOT))
    {
        return Err(NtStatus::ACCESS_DENIED);
    }
    Ok(SharePath::from_validated(kept.join("/")))
}

/// "name::$DATA" and "name:$DATA"-style default-stream suffixes name the file itself; any
/// other stream syntax is refused (we do not store alternate data streams).
fn strip_data_stream(part: &str) -> Result<&str, NtStatus> {
    match part.find(':') {
        None => Ok(part),
        Some(i) => {
            let (base, stream) = part.split_at(i);
            if stream.eq_ignore_ascii_case("::$DATA") && !base.is_empty() {
                Ok(base)
            } else {
                Err(NtStatus::OBJECT_NAME_INVALID)
            }
        }
    }
}

fn check_component(part: &str) -> Result<(), NtStatus> {
    if part.is_empty() || part == "." {
        return Err(NtStatus::OBJECT_NAME_INVALID);
    }
    if part.chars().count() > MAX_COMPONENT_CHARS {
        return Err(NtStatus::OBJECT_NAME_INVALID);
    }
    let bad =
        |c: char| (c as u32) < 0x20 || matches!(c, '/' | ':' | '*' | '?' | '"' | '<' | '>' | '|');
    if part.chars().any(bad) {
        return Err(NtStatus::OBJECT_NAME_INVALID);
    }
    Ok(())
}

/// The client-visible name of a path ("\\dir\\file"; "\\" for the root).
/// Whether a new file or directory may be given this name: Windows' SMB server refuses
/// names its own file system tools could not reach (OBJECT_NAME_INVALID): DOS device names
/// (CON, PRN, AUX, NUL, COM1-9, LPT1-9, with or without an extension) and names ending in
/// a dot or a space. Existing files with such names (made on the server's own file system)
/// still open.
pub fn creatable(leaf: &str) -> bool {
    if leaf.ends_with(['.', ' ']) {
        return false;
    }
    let stem = leaf.split('.').next().unwrap_or(leaf).trim_end_matches(' ');
    let upper = stem.to_ascii_uppercase();
    let device = match upper.as_bytes() {
        b"CON" | b"PRN" | b"AUX" | b"NUL" => true,
        [b'C', b'O', b'M', d] | [b'L', b'P', b'T', d] => (b'1'..=b'9').contains(d),
        _ => false,
    };
    !device
}

pub fn client_name(p: &SharePath) -> String {
    let mut s = String::from("\\");
    s.push_str(&p.as_str().replace('/', "\\"));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16(s: &str) -> Vec<u8> {
        s.encode_utf16().flat_map(|u| u.to_le_bytes()).collect()
    }

    #[test]
    fn stream_names() {
        let t = |s: &str| parse_create_target(&utf16(s));
        let ok = |s: &str| {
            let (p, st) = t(s).unwrap();
            (p.as_str().to_string(), st)
        };
        assert_eq!(ok("a\\f.txt"), ("a/f.txt".into(), None));
        assert_eq!(ok("f.txt::$DATA"), ("f.txt".into(), None));
        assert_eq!(ok("f.txt:s1"), ("f.txt".into(), Some("s1".into())));
        assert_eq!(
            ok("d\\f:Zone.Identifier:$DATA"),
            ("d/f".into(), Some("Zone.Identifier".into()))
        );
        for bad in [
            ":s",
            "f:",
            "f::",
            "f:s:$INDEX",
            "f:a:b:c",
            "f:s\\x",
            "a:b\\c",
            "f:.",
            "f:..",
            "f:..:$DATA",
        ] {
            assert!(t(bad).is_err(), "{bad:?}");
        }
        assert_eq!(
            t(".SMBDIRECTD-streams\\x").err(),
            Some(NtStatus::ACCESS_DENIED)
        );
        assert_eq!(t("..\\x:s").err(), Some(NtStatus::OBJECT_PATH_SYNTAX_BAD));
    }

    #[test]
    fn a_create_name_may_use_forward_slashes() {
        let t =
            |s: &str| parse_create_target(&utf16(s)).map(|(p, st)| (p.as_str().to_string(), st));
        assert_eq!(t("d/f.txt"), Ok(("d/f.txt".into(), None)));
        assert_eq!(t("d/f:s"), Ok(("d/f".into(), Some("s".into()))));
        assert_eq!(t("d/"), Err(NtStatus::OBJECT_NAME_INVALID));
        assert_eq!(t("/d"), Err(NtStatus::INVALID_PARAMETER));
        assert_eq!(t("a/../../b"), Err(NtStatus::OBJECT_PATH_SYNTAX_BAD));
        assert_eq!(t("f:s/x"), Err(NtStatus::OBJECT_NAME_INVALID));
    }

    #[test]
    fn accepts_plain_names() {
        assert_eq!(parse_name("a\\b\\c.txt").unwrap().as_str(), "a/b/c.txt");
        assert_eq!(parse_name("a\\b\\..").unwrap().as_str(), "a");
        assert_eq!(parse_name("a\\..\\b\\c").unwrap().as_str(), "b/c");
        assert!(parse_name("a\\..").unwrap().is_root());
        assert_eq!(
            parse_name("x\\..\\.SMBDIRECTD-streams\\f").err(),
            Some(NtStatus::ACCESS_DENIED)
        );
        assert!(parse_name("").unwrap().is_root());
        assert_eq!(parse_name("f::$DATA").unwrap().as_str(), "f");
        assert_eq!(parse_name("dir\\").unwrap().as_str(), "dir");
        assert_eq!(parse_name("dir\\\\file").unwrap().as_str(), "dir/file");
        assert_eq!(parse_name("a\\\\\\b\\\\").unwrap().as_str(), "a/b");
    }

    #[test]
    fn refuses_escapes_and_tricks() {
        use NtStatus as S;
        let cases = [
            ("..", S::OBJECT_PATH_SYNTAX_BAD),
            ("a\\..\\..\\etc", S::OBJECT_PATH_SYNTAX_BAD),
            ("\\etc\\passwd", S::INVALID_PARAMETER),
            ("/etc/passwd", S::INVALID_PARAMETER),
            ("a/../../b", S::OBJECT_NAME_INVALID),
            ("a:stream", S::OBJECT_NAME_INVALID),
            ("a::$INDEX_ALLOCATION", S::OBJECT_NAME_INVALID),
            ("dir:x\\f", S::OBJECT_NAME_INVALID),
            ("a\0b", S::OBJECT_NAME_INVALID),
            ("*", S::OBJECT_NAME_INVALID),
            (".", S::OBJECT_NAME_INVALID),
        ];
        for (name, want) in cases {
            assert_eq!(parse_name(name), Err(want), "{name:?}");
        }
        let long = "x".repeat(256);
        assert_eq!(parse_name(&long), Err(S::OBJECT_NAME_INVALID));
    }

    #[test]
    fn utf16_errors_are_statuses() {
        assert_eq!(
            parse_create_name(&[0x41]),
            Err(NtStatus::OBJECT_NAME_INVALID)
        );
        assert_eq!(
            parse_create_name(&[0x00, 0xD8]),
            Err(NtStatus::OBJECT_NAME_INVALID)
        );
    }

    #[test]
    fn names_windows_cannot_reach_are_not_creatable() {
        for bad in [
            "CON",
            "con",
            "nul.txt",
            "Com1",
            "lpt9.log.bak",
            "aux ",
            "prn .txt",
            "a.",
            "a ",
            "x.. ",
        ] {
            assert!(!creatable(bad), "{bad:?}");
        }
        for good in [
            "console",
            "con1",
            "COM0",
            "comx",
            "a.b",
            " a",
            ".hidden",
            "nulls.txt",
            "LPT",
        ] {
            assert!(creatable(good), "{good:?}");
        }
    }
}
