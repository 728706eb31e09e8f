//! Standalone DFS namespaces (MS-DFSC, MS-SMB2 3.3.5.15.2): a share marked as a DFS root
//! holds links; a client that walks into a link gets STATUS_PATH_NOT_COVERED and asks
//! for a referral (FSCTL_DFS_GET_REFERRALS or _EX), which names the link's targets
//! (`\\node2\vms\cluster1`, ...), or the root itself for a root referral.

use crate::backend::SharePath;
pub use crate::config::DfsLink;
use crate::state::Server;
use smb_wire::codec::PutLe;
use smb_wire::NtStatus;

/// Seconds a client may keep a root referral (Windows' default).
const ROOT_TTL: u32 = 300;
/// Seconds a client may keep a link referral (Windows' default).
const LINK_TTL: u32 = 1800;
/// RESP_GET_DFS_REFERRAL ReferralHeaderFlags.
const REFERRAL_SERVERS: u32 = 0x1;
const STORAGE_SERVERS: u32 = 0x2;
/// ReferralEntryFlags (version 4): the first target of a set.
const TARGET_SET_BOUNDARY: u16 = 0x4;
/// The longest request path taken (MS-DFSC paths are bounded by the SMB name limit).
const MAX_PATH_UNITS: usize = 32 * 1024;

fn utf16(s: &str) -> Vec<u8> {
    let mut b = Vec::with_capacity(smb_wire::codec::utf16_len(s));
    smb_wire::codec::put_utf16(&mut b, s);
    b
}

fn components(s: &str) -> impl Iterator<Item = &str> {
    s.split('\\').filter(|c| !c.is_empty())
}

fn same(a: &str, b: &str) -> bool {
    a.to_lowercase() == b.to_lowercase()
}

/// A CREATE name sent with SMB2_FLAGS_DFS_OPERATIONS on a DFS share: `host\share\path`.
/// Returns the path below the share (UTF-16), or None when the name does not start with
/// this share (it is then taken as it is, as Samba does).
pub fn strip_prefix(raw: &[u8], share: &str) -> Option<Vec<u8>> {
    let name = smb_wire::codec::utf16_to_string(raw).ok()?;
    let trimmed = name.trim_start_matches('\\');
    let mut it = trimmed.splitn(3, '\\');
    let (_host, sh) = (it.next()?, it.next()?);
    if !same(sh, share) {
        return None;
    }
    Some(utf16(it.next().unwrap_or("")))
}

/// The link `path` (a path on the root share) is in or below, if any.
pub fn link_of<'a>(links: &'a [DfsLink], path: &SharePath) -> Option<&'a DfsLink> {
    let parts: Vec<&str> = path.as_str().split('/').filter(|c| !c.is_empty()).collect();
    links
        .iter()
        .filter(|l| {
            let lp: Vec<&str> = components(&l.name).collect();
            !lp.is_empty()
                && lp.len() <= parts.len()
                && lp.iter().zip(&parts).all(|(a, b)| same(a, b))
        })
        .max_by_key(|l| components(&l.name).count())
}

/// The request of FSCTL_DFS_GET_REFERRALS (MS-DFSC 2.2.2) or _EX (2.2.3): the highest
/// referral version the client takes, and the path it asks about.
fn parse_request(input: &[u8], ex: bool) -> Result<(u16, String), NtStatus> {
    let bad = NtStatus::INVALID_PARAMETER;
    let u16_at = |at: usize| -> Result<u16, NtStatus> {
        input
            .get(at..at + 2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
            .ok_or(bad)
    };
    let max_level = u16_at(0)?;
    let name = if ex {
        // MaxReferralLevel, RequestFlags, RequestDataLength, then the request data:
        // RequestFileNameLength, RequestFileName, SiteNameLength, SiteName.
        let len = u16_at(8)? as usize;
        input.get(10..10 + len).ok_or(bad)?
    } else {
        input.get(2..).ok_or(bad)?
    };
    if name.len() / 2 > MAX_PATH_UNITS {
        return Err(bad);
    }
    let s = smb_wire::codec::utf16_to_string(name).map_err(|_| bad)?;
    Ok((max_level, s.trim_end_matches('\0').to_string()))
}

/// Answers a referral request: the root of a namespace this server holds, or one of its
/// links. `max_out`: the client's output buffer.
pub fn referral(
    server: &Server,
    input: &[u8],
    ex: bool,
    max_out: u32,
) -> Result<Vec<u8>, NtStatus> {
    let (max_level, path) = parse_request(input, ex)?;
    if max_level == 0 {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    let version = max_level.min(4);
    let parts: Vec<&str> = components(&path).collect();
    // A domain or server referral (`\domain`, or an empty name) is for domain-based
    // namespaces, which a standalone node does not hold.
    let [host, share_name, rest @ ..] = parts.as_slice() else {
        return Err(NtStatus::NOT_FOUND);
    };
    let shares = server.shares();
    let share = shares
        .iter()
        .find(|s| same(&s.name, share_name))
        .ok_or(NtStatus::NOT_FOUND)?;
    let links = share.dfs.as_ref().ok_or(NtStatus::NOT_FOUND)?;
    let root = format!("\\{host}\\{share_name}");
    let (consumed, targets, server_type, header_flags, ttl) = if rest.is_empty() {
        // A root referral: the namespace's root server is this one.
        (
            root.clone(),
            vec![root.clone()],
            1u16,
            REFERRAL_SERVERS | STORAGE_SERVERS,
            ROOT_TTL,
        )
    } else {
        let below = SharePath::from_validated(rest.join("/"));
        let link = link_of(links, &below).ok_or(NtStatus::NOT_FOUND)?;
        let n = components(&link.name).count();
        let consumed = format!("{root}\\{}", rest[..n].join("\\"));
        let targets = link
            .targets
            .iter()
            .map(|t| format!("\\{}", t.trim_start_matches('\\')))
            .collect();
        (consumed, targets, 0u16, STORAGE_SERVERS, LINK_TTL)
    };
    let out = encode(version, &consumed, &targets, server_type, header_flags, ttl);
    if out.len() > max_out as usize {
        return Err(NtStatus::BUFFER_TOO_SMALL);
    }
    Ok(out)
}

/// RESP_GET_DFS_REFERRAL (MS-DFSC 2.2.4) with one entry per target, of `version`.
fn encode(
    version: u16,
    consumed: &str,
    targets: &[String],
    server_type: u16,
    header_flags: u32,
    ttl: u32,
) -> Vec<u8> {
    let entry_size: usize = match version {
        1 => 8,
        2 => 22,
        _ => 34,
    };
    let mut out = Vec::new();
    out.put_u16(smb_wire::codec::utf16_len(consumed) as u16);
    out.put_u16(targets.len() as u16);
    out.put_u32(header_flags);
    let path = utf16(consumed);
    if version == 1 {
        // Version 1 carries each target's name inline.
        for t in targets {
            let name = utf16(t);
            out.put_u16(1);
            out.put_u16((entry_size + name.len() + 2) as u16);
            out.put_u16(server_type);
            out.put_u16(0);
            out.extend_from_slice(&name);
            out.put_u16(0);
        }
        return out;
    }
    // Entries, then the strings: the path they all share, then each target.
    let entries_at = out.len();
    let strings_at = entries_at + entry_size * targets.len();
    let path_at = strings_at;
    let mut target_at = Vec::with_capacity(targets.len());
    let mut at = path_at + path.len() + 2;
    for t in targets {
        target_at.push(at);
        at += smb_wire::codec::utf16_len(t) + 2;
    }
    for (i, _) in targets.iter().enumerate() {
        let me = entries_at + entry_size * i;
        out.put_u16(version);
        out.put_u16(entry_size as u16);
        out.put_u16(server_type);
        out.put_u16(if version == 4 && i == 0 {
            TARGET_SET_BOUNDARY
        } else {
            0
        });
        if version == 2 {
            out.put_u32(0); // Proximity
        }
        out.put_u32(ttl);
        out.put_u16((path_at - me) as u16); // DFSPath
        out.put_u16((path_at - me) as u16); // DFSAlternatePath
        out.put_u16((target_at[i] - me) as u16); // NetworkAddress
        if version >= 3 {
            out.extend_from_slice(&[0; 16]); // ServiceSiteGuid
        }
    }
    out.extend_from_slice(&path);
    out.put_u16(0);
    for t in targets {
        out.extend_from_slice(&utf16(t));
        out.put_u16(0);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s16(b: &[u8], at: usize) -> String {
        let units: Vec<u16> = b[at..]
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .take_while(|u| *u != 0)
            .collect();
        String::from_utf16(&units).unwrap()
    }

    #[test]
    fn referral_entries_point_at_their_strings() {
        for version in [2u16, 3, 4] {
            let targets = vec!["\\n1\\data\\vms".to_string(), "\\n2\\data".to_string()];
            let b = encode(
                version,
                "\\srv\\dfs\\vms",
                &targets,
                0,
                STORAGE_SERVERS,
                1800,
            );
            assert_eq!(u16::from_le_bytes([b[0], b[1]]) as usize, 2 * 12);
            assert_eq!(u16::from_le_bytes([b[2], b[3]]), 2);
            let size = u16::from_le_bytes([b[10], b[11]]) as usize;
            for (i, t) in targets.iter().enumerate() {
                let e = 8 + size * i;
                assert_eq!(u16::from_le_bytes([b[e], b[e + 1]]), version);
                let off = |k: usize| u16::from_le_bytes([b[e + k], b[e + k + 1]]) as usize;
                let base = if version == 2 { 16 } else { 12 };
                assert_eq!(s16(&b, e + off(base)), "\\srv\\dfs\\vms");
                assert_eq!(s16(&b, e + off(base + 4)), *t);
            }
        }
    }

    #[test]
    fn links_match_by_component_case_insensitively() {
        let links = vec![
            DfsLink {
                name: "vms".into(),
                targets: vec!["\\\\a\\b".into()],
            },
            DfsLink {
                name: "vms\\deep".into(),
                targets: vec!["\\\\c\\d".into()],
            },
        ];
        let p = |s: &str| SharePath::from_validated(s.into());
        assert_eq!(link_of(&links, &p("VMS/x.vhdx")).unwrap().name, "vms");
        assert_eq!(link_of(&links, &p("vms/Deep/y")).unwrap().name, "vms\\deep");
        assert!(link_of(&links, &p("vmsx")).is_none());
        assert!(link_of(&links, &p("")).is_none());
        assert_eq!(
            strip_prefix(&utf16("\\srv\\DFS\\vms\\a"), "dfs"),
            Some(utf16("vms\\a"))
        );
        assert_eq!(strip_prefix(&utf16("vms\\a"), "dfs"), None);
    }

    #[test]
    fn hostile_referral_requests_fail_cleanly() {
        let mut seed = 3u64;
        for len in 0..400 {
            let mut b = Vec::new();
            for _ in 0..len {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                b.push(seed as u8);
            }
            let _ = parse_request(&b, len % 2 == 0);
        }
    }
}
