//! Who a session is (SIDs) and the security descriptors and access masks a create works with.

use super::*;

/// The SID a session's user acts as: a stable relative ID under one local domain, derived
/// from the user name (so it survives restarts and user-file edits).
pub fn user_sid(s: &Session) -> Vec<u8> {
    let sid = if s.anonymous {
        "S-1-5-7".to_string()
    } else if s.guest {
        "S-1-5-21-1-2-3-501".to_string()
    } else {
        let mut h: u32 = 0x811C_9DC5;
        for b in s.user.to_lowercase().bytes() {
            h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
        }
        format!("S-1-5-21-1-2-3-{}", 1000 + h % 1_000_000)
    };
    secdesc::sid_from_str(&sid).expect("well-formed SID")
}

/// Every SID a session holds for access checks.
pub(super) fn token_sids(s: &Session) -> Vec<Vec<u8>> {
    let mut v = vec![user_sid(s), secdesc::sid_from_str("S-1-1-0").unwrap()];
    if !s.anonymous && !s.guest {
        v.push(secdesc::sid_from_str("S-1-5-11").unwrap());
        v.push(secdesc::sid_from_str("S-1-5-32-545").unwrap());
    }
    v
}

/// The descriptor of a file that has none stored: owned by the asking user, full
/// control for Everyone, SYSTEM and the owner (the share's own access rules apply).
pub(super) fn default_sd(s: &Session) -> SecDesc {
    let owner = user_sid(s);
    let dacl = secdesc::allow_acl(&[
        (
            access::FILE_ALL_ACCESS,
            &secdesc::sid_from_str("S-1-1-0").unwrap(),
        ),
        (
            access::FILE_ALL_ACCESS,
            &secdesc::sid_from_str("S-1-5-18").unwrap(),
        ),
        (access::FILE_ALL_ACCESS, &owner),
    ]);
    SecDesc {
        control: 0x0004,
        owner: Some(owner),
        group: secdesc::sid_from_str("S-1-5-21-1-2-3-513"),
        dacl: Some(dacl),
        sacl: None,
    }
}

/// MS-SMB2 3.3.5.9 / MS-DTYP 2.4.3 generic rights mapping for files.
pub(super) fn map_generic(mut a: u32, maximal: u32) -> u32 {
    if a & access::GENERIC_READ != 0 {
        a |= 0x0012_0089;
    }
    if a & access::GENERIC_WRITE != 0 {
        a |= 0x0012_0116;
    }
    if a & access::GENERIC_EXECUTE != 0 {
        a |= 0x0012_00A0;
    }
    if a & (access::GENERIC_ALL | access::MAXIMUM_ALLOWED) != 0 {
        a |= maximal;
    }
    a & !(access::GENERIC_ALL
        | access::GENERIC_READ
        | access::GENERIC_WRITE
        | access::GENERIC_EXECUTE
        | access::MAXIMUM_ALLOWED)
}

pub(super) const WRITE_RIGHTS: u32 = access::FILE_WRITE_DATA
    | access::FILE_APPEND_DATA
    | access::FILE_WRITE_ATTRIBUTES
    | access::FILE_WRITE_EA
    | access::DELETE
    | access::WRITE_DAC
    | access::WRITE_OWNER
    | access::FILE_DELETE_CHILD;
