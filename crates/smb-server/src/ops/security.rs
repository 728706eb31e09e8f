//! Who a session is (SIDs) and the security descriptors and access masks a create works with.

use super::*;

fn sid(s: &str) -> Vec<u8> {
    secdesc::sid_from_str(s).expect("well-formed SID")
}

/// A local user's SID: a stable relative ID under the node's machine domain, derived
/// from the user name (so it survives restarts and user-file edits).
pub fn local_user_sid(domain: &[u8], user: &str) -> Vec<u8> {
    let mut h: u32 = 0x811C_9DC5;
    for b in user.to_lowercase().bytes() {
        h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
    }
    smb_auth::pac::sid_with_rid(domain, 1000 + h % 1_000_000)
}

/// The security context of a logon (MS-SMB2 3.3.5.5.3): a Kerberos user's SIDs from
/// its PAC, a local user's under the machine domain, then the well-known groups every
/// network logon holds (Everyone, NETWORK, Authenticated Users, BUILTIN\Users).
pub fn logon_sids(local_domain: &[u8], a: &smb_auth::acceptor::Authenticated) -> Vec<Vec<u8>> {
    let mut v = if a.anonymous {
        return vec![sid("S-1-5-7"), sid("S-1-1-0"), sid("S-1-5-2")];
    } else if a.guest {
        vec![
            smb_auth::pac::sid_with_rid(local_domain, 501),
            smb_auth::pac::sid_with_rid(local_domain, 514),
            sid("S-1-5-32-546"),
        ]
    } else if !a.sids.is_empty() {
        a.sids.clone()
    } else {
        vec![
            local_user_sid(local_domain, &a.user),
            smb_auth::pac::sid_with_rid(local_domain, 513),
        ]
    };
    v.extend([sid("S-1-1-0"), sid("S-1-5-2")]);
    if !a.guest {
        v.extend([sid("S-1-5-11"), sid("S-1-5-32-545")]);
    }
    v
}

/// The SID a session's user acts as (owner of what it creates).
pub fn user_sid(s: &Session) -> Vec<u8> {
    s.logon
        .lock()
        .sids
        .first()
        .cloned()
        .unwrap_or_else(|| sid("S-1-5-7"))
}

/// Every SID a session holds for access checks.
pub(super) fn token_sids(s: &Session) -> Vec<Vec<u8>> {
    s.logon.lock().sids.clone()
}

/// The primary group of what a session creates: its second SID (the PAC's primary
/// group, or the local domain's users).
pub(crate) fn primary_group(s: &Session) -> Option<Vec<u8>> {
    s.logon.lock().sids.get(1).cloned()
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
        group: primary_group(s),
        dacl: Some(dacl),
        sacl: None,
    }
}

/// A new file's descriptor where its parent passes nothing on: the creator's token
/// default DACL, full control for the owner and SYSTEM.
pub(super) fn creator_default_sd(owner: Vec<u8>, group: Vec<u8>) -> SecDesc {
    let system = secdesc::sid_from_str("S-1-5-18").expect("SYSTEM");
    let dacl = secdesc::allow_acl(&[
        (access::FILE_ALL_ACCESS, &owner),
        (access::FILE_ALL_ACCESS, &system),
    ]);
    SecDesc {
        control: 0x0004,
        owner: Some(owner),
        group: Some(group),
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
