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

pub fn parse_name(name: &str) -> Result<SharePath, NtStatus> {
    // MS-SMB2 3.3.5.9: a name that begins with a path separator is invalid.
    if name.starts_with('\\') || name.starts_with('/') {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    let name = name.strip_suffix('\\').unwrap_or(name);
    if name.is_empty() {
        return Ok(SharePath::root());
    }
    let parts: Vec<&str> = name.split('\\').collect();
    let last = parts.len() - 1;
    let mut out = String::with_capacity(name.len());
    for (i, part) in parts.iter().enumerate() {
        let part = if i == last {
            strip_data_stream(part)?
        } else {
            part
        };
        check_component(part)?;
        if !out.is_empty() {
            out.push('/');
        }
        out.push_str(part);
    }
    Ok(SharePath::from_validated(out))
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
    if part == ".." {
        return Err(NtStatus::OBJECT_PATH_SYNTAX_BAD);
    }
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
pub fn client_name(p: &SharePath) -> String {
    let mut s = String::from("\\");
    s.push_str(&p.as_str().replace('/', "\\"));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_plain_names() {
        assert_eq!(parse_name("a\\b\\c.txt").unwrap().as_str(), "a/b/c.txt");
        assert!(parse_name("").unwrap().is_root());
        assert_eq!(parse_name("f::$DATA").unwrap().as_str(), "f");
        assert_eq!(parse_name("dir\\").unwrap().as_str(), "dir");
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
            ("a\\\\b", S::OBJECT_NAME_INVALID),
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
}
