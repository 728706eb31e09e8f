//! Security descriptors (MS-DTYP 2.4.6, self-relative form), the parts SMB2 moves:
//! owner and group SIDs, the DACL and the SACL, and the access check a file server runs
//! against a DACL (MS-DTYP 2.5.3.2) for the SIDs a user holds.

use crate::NtStatus;

/// SECURITY_INFORMATION bits (MS-DTYP 2.4.7) as QUERY_INFO/SET_INFO name them.
pub mod secinfo {
    pub const OWNER: u32 = 0x1;
    pub const GROUP: u32 = 0x2;
    pub const DACL: u32 = 0x4;
    pub const SACL: u32 = 0x8;
}

const SE_DACL_PRESENT: u16 = 0x0004;
const SE_SACL_PRESENT: u16 = 0x0010;
const SE_SELF_RELATIVE: u16 = 0x8000;
/// Control bits that travel with the DACL or SACL part (defaulted, auto-inherited,
/// protected...): kept as the client set them.
const DACL_BITS: u16 = 0x0008 | 0x0100 | 0x0400 | 0x1000;
const SACL_BITS: u16 = 0x0020 | 0x0200 | 0x0800 | 0x2000;

const ACCESS_ALLOWED_ACE: u8 = 0;
const ACCESS_DENIED_ACE: u8 = 1;
const INHERIT_ONLY_ACE: u8 = 0x08;

/// A parsed security descriptor; SIDs and ACLs are kept as validated bytes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SecDesc {
    pub control: u16,
    pub owner: Option<Vec<u8>>,
    pub group: Option<Vec<u8>>,
    /// `None` with `SE_DACL_PRESENT` set: a NULL DACL, which grants everything.
    pub dacl: Option<Vec<u8>>,
    pub sacl: Option<Vec<u8>>,
}

fn bad<T>() -> Result<T, NtStatus> {
    Err(NtStatus::INVALID_SECURITY_DESCR)
}

/// The length of the SID at the start of `b`, if it is a well-formed SID.
pub fn sid_len(b: &[u8]) -> Option<usize> {
    if b.len() < 8 || b[0] != 1 || b[1] > 15 {
        return None;
    }
    let n = 8 + 4 * b[1] as usize;
    (b.len() >= n).then_some(n)
}

/// The length of the ACL at the start of `b`, after checking every ACE's bounds. Its
/// revision is one Windows takes (RtlValidAcl: ACL_REVISION 2 to ACL_REVISION_DS 4;
/// MS-DTYP 2.4.5 names 2 and 4, and Samba's `smbcacls --set` sends 3).
fn acl_len(b: &[u8]) -> Option<usize> {
    if b.len() < 8 || !(2..=4).contains(&b[0]) {
        return None;
    }
    let size = u16::from_le_bytes([b[2], b[3]]) as usize;
    let count = u16::from_le_bytes([b[4], b[5]]) as usize;
    if size < 8 || size > b.len() {
        return None;
    }
    let mut at = 8;
    for _ in 0..count {
        let h = b.get(at..at + 4)?;
        let ace_size = u16::from_le_bytes([h[2], h[3]]) as usize;
        if ace_size < 8 || at + ace_size > size {
            return None;
        }
        if matches!(h[0], ACCESS_ALLOWED_ACE | ACCESS_DENIED_ACE) {
            sid_len(&b[at + 8..at + ace_size])?;
        }
        at += ace_size;
    }
    Some(size)
}

fn part(
    b: &[u8],
    off: usize,
    len: fn(&[u8]) -> Option<usize>,
) -> Result<Option<Vec<u8>>, NtStatus> {
    if off == 0 {
        return Ok(None);
    }
    if off < 20 || off >= b.len() {
        return bad();
    }
    match len(&b[off..]) {
        Some(n) => Ok(Some(b[off..off + n].to_vec())),
        None => bad(),
    }
}

impl SecDesc {
    /// Parses a self-relative descriptor; anything out of bounds or malformed is
    /// INVALID_SECURITY_DESCR.
    pub fn parse(b: &[u8]) -> Result<SecDesc, NtStatus> {
        if b.len() < 20 || b[0] != 1 {
            return bad();
        }
        let control = u16::from_le_bytes([b[2], b[3]]);
        let off = |at: usize| u32::from_le_bytes(b[at..at + 4].try_into().unwrap()) as usize;
        let owner = part(b, off(4), sid_len)?;
        let group = part(b, off(8), sid_len)?;
        let sacl = part(b, off(12), acl_len)?;
        let dacl = part(b, off(16), acl_len)?;
        Ok(SecDesc {
            control,
            owner,
            group,
            dacl: dacl.filter(|_| control & SE_DACL_PRESENT != 0),
            sacl: sacl.filter(|_| control & SE_SACL_PRESENT != 0),
        })
    }

    /// The self-relative encoding of the parts `info` names (0: all of them).
    pub fn encode(&self, info: u32) -> Vec<u8> {
        let want = |bit: u32| info == 0 || info & bit != 0;
        let mut control = SE_SELF_RELATIVE;
        let mut tail: Vec<u8> = Vec::new();
        let put = |p: &Option<Vec<u8>>, tail: &mut Vec<u8>| -> u32 {
            match p {
                Some(p) => {
                    let o = 20 + tail.len() as u32;
                    tail.extend_from_slice(p);
                    o
                }
                None => 0,
            }
        };
        let o_owner = if want(secinfo::OWNER) {
            put(&self.owner, &mut tail)
        } else {
            0
        };
        let o_group = if want(secinfo::GROUP) {
            put(&self.group, &mut tail)
        } else {
            0
        };
        let mut o_sacl = 0;
        if want(secinfo::SACL) && self.control & SE_SACL_PRESENT != 0 {
            control |= SE_SACL_PRESENT | (self.control & SACL_BITS);
            o_sacl = put(&self.sacl, &mut tail);
        }
        let mut o_dacl = 0;
        if want(secinfo::DACL) && self.control & SE_DACL_PRESENT != 0 {
            control |= SE_DACL_PRESENT | (self.control & DACL_BITS);
            o_dacl = put(&self.dacl, &mut tail);
        }
        let mut out = Vec::with_capacity(20 + tail.len());
        out.extend_from_slice(&[1, 0]);
        out.extend_from_slice(&control.to_le_bytes());
        for o in [o_owner, o_group, o_sacl, o_dacl] {
            out.extend_from_slice(&o.to_le_bytes());
        }
        out.extend_from_slice(&tail);
        out
    }

    /// Replaces the parts `info` names with those of `new` (SET_INFO semantics).
    pub fn merge(&mut self, new: &SecDesc, info: u32) {
        if info & secinfo::OWNER != 0 && new.owner.is_some() {
            self.owner = new.owner.clone();
        }
        if info & secinfo::GROUP != 0 && new.group.is_some() {
            self.group = new.group.clone();
        }
        if info & secinfo::DACL != 0 {
            // Setting the DACL from a descriptor without one leaves a NULL DACL
            // (present, no entries: everyone allowed), as Windows does.
            // The DACL is kept auto-inherited only when the setter says it is and asks for
            // auto-inheritance (SE_DACL_AUTO_INHERITED with SE_DACL_AUTO_INHERIT_REQ, which
            // itself is never kept), as NTFS keeps it; protection is kept as set.
            let mut bits = new.control & (SE_DACL_DEFAULTED | SE_DACL_PROTECTED);
            let both = SE_DACL_AUTO_INHERITED | SE_DACL_AUTO_INHERIT_REQ;
            if new.control & both == both {
                bits |= SE_DACL_AUTO_INHERITED;
            }
            self.control = (self.control & !DACL_BITS) | SE_DACL_PRESENT | bits;
            self.dacl = new
                .dacl
                .as_deref()
                .filter(|_| new.control & SE_DACL_PRESENT != 0)
                .map(mapped_acl);
        }
        if info & secinfo::SACL != 0 {
            self.control = (self.control & !(SE_SACL_PRESENT | SACL_BITS))
                | (new.control & (SE_SACL_PRESENT | SACL_BITS));
            self.sacl = new.sacl.clone();
        }
    }

    /// The SECURITY_INFORMATION bits of the parts this descriptor carries.
    pub fn present(&self) -> u32 {
        let mut info = 0;
        if self.owner.is_some() {
            info |= secinfo::OWNER;
        }
        if self.group.is_some() {
            info |= secinfo::GROUP;
        }
        if self.control & SE_DACL_PRESENT != 0 {
            info |= secinfo::DACL;
        }
        if self.control & SE_SACL_PRESENT != 0 {
            info |= secinfo::SACL;
        }
        info
    }

    /// Whether the descriptor restricts access at all (a DACL is present and not NULL).
    pub fn has_dacl(&self) -> bool {
        self.control & SE_DACL_PRESENT != 0 && self.dacl.is_some()
    }

    /// The access this DACL grants a holder of `sids` (MS-DTYP 2.5.3.2): allowed ACEs
    /// add, denied ACEs take away what is not yet granted; inherit-only ACEs do not
    /// apply. The owner holds READ_CONTROL and WRITE_DAC besides, unless the DACL names
    /// OWNER RIGHTS (S-1-3-4), whose ACEs then say what the owner holds. Generic rights
    /// in ACEs are mapped with the file mapping.
    pub fn granted(&self, sids: &[Vec<u8>]) -> u32 {
        const ALL: u32 = 0x001F_01FF | 0x0100_0000;
        if !self.has_dacl() {
            return ALL;
        }
        let acl = self.dacl.as_deref().unwrap_or_default();
        let applies = |a: &&[u8]| {
            a.len() >= 8
                && a[1] & INHERIT_ONLY_ACE == 0
                && matches!(a[0], ACCESS_ALLOWED_ACE | ACCESS_DENIED_ACE)
        };
        let sid_of = |a: &[u8]| -> Vec<u8> {
            let sid = &a[8..];
            sid[..sid_len(sid).unwrap_or(sid.len())].to_vec()
        };
        let is_owner = self.owner.as_ref().is_some_and(|o| sids.contains(o));
        let owner_rights = aces_of(acl)
            .filter(applies)
            .any(|a| sid_of(a) == OWNER_RIGHTS);
        let mut granted = 0u32;
        let mut denied = 0u32;
        if is_owner && !owner_rights {
            granted |= 0x0002_0000 | 0x0004_0000; // READ_CONTROL | WRITE_DAC
        }
        for a in aces_of(acl).filter(applies) {
            let sid = sid_of(a);
            let matches = sids.contains(&sid) || (is_owner && sid == OWNER_RIGHTS);
            if !matches {
                continue;
            }
            let mask = map_generic(u32::from_le_bytes(a[4..8].try_into().expect("4 bytes")));
            if a[0] == ACCESS_ALLOWED_ACE {
                granted |= mask & !denied;
            } else {
                denied |= mask & !granted;
            }
        }
        granted
    }
}

/// File generic mapping (MS-SMB2 / MS-FSA): GENERIC_* bits to file rights.
pub fn map_generic(mask: u32) -> u32 {
    let mut m = mask & 0x0FFF_FFFF;
    if mask & 0x8000_0000 != 0 {
        m |= 0x0012_0089;
    }
    if mask & 0x4000_0000 != 0 {
        m |= 0x0012_0116;
    }
    if mask & 0x2000_0000 != 0 {
        m |= 0x0012_00A0;
    }
    if mask & 0x1000_0000 != 0 {
        m |= 0x001F_01FF;
    }
    m
}

/// ACE flags (MS-DTYP 2.4.4.1).
pub mod ace_flags {
    pub const OBJECT_INHERIT: u8 = 0x01;
    pub const CONTAINER_INHERIT: u8 = 0x02;
    pub const NO_PROPAGATE_INHERIT: u8 = 0x04;
    pub const INHERIT_ONLY: u8 = 0x08;
    pub const INHERITED: u8 = 0x10;
}

const SE_DACL_DEFAULTED: u16 = 0x0008;
const SE_DACL_AUTO_INHERIT_REQ: u16 = 0x0100;
const SE_DACL_AUTO_INHERITED: u16 = 0x0400;
const SE_DACL_PROTECTED: u16 = 0x1000;
const CREATOR_OWNER: [u8; 12] = [1, 1, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0];
const CREATOR_GROUP: [u8; 12] = [1, 1, 0, 0, 0, 0, 0, 3, 1, 0, 0, 0];
/// OWNER RIGHTS, S-1-3-4.
const OWNER_RIGHTS: [u8; 12] = [1, 1, 0, 0, 0, 0, 0, 3, 4, 0, 0, 0];

/// One ACE (MS-DTYP 2.4.4.2/2.4.4.4): type 0 allow, 1 deny.
pub fn ace(t: u8, flags: u8, mask: u32, sid: &[u8]) -> Vec<u8> {
    let mut a = vec![t, flags];
    a.extend_from_slice(&((8 + sid.len()) as u16).to_le_bytes());
    a.extend_from_slice(&mask.to_le_bytes());
    a.extend_from_slice(sid);
    a
}

/// An ACL (MS-DTYP 2.4.5, revision 2) of these ACEs.
pub fn acl_of(aces: &[Vec<u8>]) -> Vec<u8> {
    let size = 8 + aces.iter().map(Vec::len).sum::<usize>();
    let mut acl = vec![2u8, 0];
    acl.extend_from_slice(&(size as u16).to_le_bytes());
    acl.extend_from_slice(&(aces.len() as u16).to_le_bytes());
    acl.extend_from_slice(&[0, 0]);
    for a in aces {
        acl.extend_from_slice(a);
    }
    acl
}

impl SecDesc {
    /// The descriptor a new file or directory inherits from its parent's
    /// (MS-DTYP 2.5.3.4.1 ComputeACL, for the allow and deny ACEs a file server keeps):
    /// object-inherit ACEs reach files, container-inherit ACEs reach directories (and
    /// keep propagating unless no-propagate says otherwise), CREATOR OWNER and CREATOR
    /// GROUP become the creator's SIDs in the ACE that applies, generic rights are
    /// mapped there. `None` when nothing is inheritable (the caller's default applies);
    /// INVALID_ACL when the inherited ACL would not fit in an ACL's 16-bit size.
    pub fn inherit(
        parent: &SecDesc,
        is_dir: bool,
        owner: &[u8],
        group: &[u8],
    ) -> Result<Option<SecDesc>, NtStatus> {
        use ace_flags::*;
        let Some(acl) = parent.dacl.as_deref().filter(|_| parent.has_dacl()) else {
            return Ok(None);
        };
        // Inherited ACEs are marked so (and the child's DACL auto-inherited) only where
        // the parent's DACL is itself auto-inherited, as NTFS does.
        let auto = parent.control & SE_DACL_AUTO_INHERITED != 0;
        let inherited_flag = if auto { INHERITED } else { 0 };
        let count = u16::from_le_bytes([acl[4], acl[5]]) as usize;
        let mut out = Vec::new();
        let mut at = 8;
        for _ in 0..count {
            let (t, flags) = (acl[at], acl[at + 1]);
            let size = u16::from_le_bytes([acl[at + 2], acl[at + 3]]) as usize;
            let body = &acl[at..at + size];
            at += size;
            if !matches!(t, ACCESS_ALLOWED_ACE | ACCESS_DENIED_ACE) {
                continue;
            }
            let mask = u32::from_le_bytes(body[4..8].try_into().expect("4 bytes"));
            let sid = &body[8..];
            let creator = if sid.starts_with(&CREATOR_OWNER) {
                Some(owner)
            } else if sid.starts_with(&CREATOR_GROUP) {
                Some(group)
            } else {
                None
            };
            let (oi, ci, np) = (
                flags & OBJECT_INHERIT != 0,
                flags & CONTAINER_INHERIT != 0,
                flags & NO_PROPAGATE_INHERIT != 0,
            );
            // The ACE that applies to the child itself.
            if (!is_dir && oi) || (is_dir && ci) {
                out.push(ace(
                    t,
                    inherited_flag,
                    map_generic(mask),
                    creator.unwrap_or(sid),
                ));
            }
            // The ACE a directory passes on to its own children.
            if is_dir && !np && (oi || ci) {
                let passes = flags & (OBJECT_INHERIT | CONTAINER_INHERIT);
                if creator.is_some() || !ci || map_generic(mask) != mask {
                    out.push(ace(t, passes | INHERIT_ONLY | inherited_flag, mask, sid));
                } else if let Some(last) = out.last_mut() {
                    // One ACE serves both: applies here and propagates.
                    last[1] |= passes;
                }
            }
        }
        if out.is_empty() {
            return Ok(None);
        }
        if 8 + out.iter().map(Vec::len).sum::<usize>() > 0xFFFF {
            return Err(NtStatus::INVALID_ACL);
        }
        Ok(Some(SecDesc {
            control: SE_DACL_PRESENT | if auto { SE_DACL_AUTO_INHERITED } else { 0 },
            owner: Some(owner.to_vec()),
            group: Some(group.to_vec()),
            dacl: Some(acl_of(&out)),
            sacl: None,
        }))
    }
}

impl SecDesc {
    /// A new file's descriptor when its creator gave a DACL (MS-DTYP 2.5.3.4.1 with
    /// DACL auto-inheritance, as NTFS creates files under an auto-inherited parent):
    /// the creator's own ACEs (not those marked inherited) first, then the ACEs
    /// `inherited` from the parent. A DACL the creator protected (SE_DACL_PROTECTED), a
    /// NULL one, or one made under a parent whose DACL is not auto-inherited, takes
    /// nothing from the parent. INVALID_ACL when the result would not fit in an ACL.
    pub fn add_inherited(&mut self, inherited: &SecDesc) -> Result<(), NtStatus> {
        // (Auto-inheritance is the parent's: without it a given DACL stands alone.)
        if self.control & SE_DACL_PROTECTED != 0 || inherited.control & SE_DACL_AUTO_INHERITED == 0
        {
            return Ok(());
        }
        let (Some(own), Some(inh)) = (self.dacl.as_deref(), inherited.dacl.as_deref()) else {
            return Ok(());
        };
        let mut aces: Vec<Vec<u8>> = aces_of(own)
            .filter(|a| a[1] & ace_flags::INHERITED == 0)
            .map(<[u8]>::to_vec)
            .collect();
        aces.extend(aces_of(inh).map(<[u8]>::to_vec));
        if 8 + aces.iter().map(Vec::len).sum::<usize>() > 0xFFFF {
            return Err(NtStatus::INVALID_ACL);
        }
        self.dacl = Some(acl_of(&aces));
        self.control |= SE_DACL_AUTO_INHERITED;
        Ok(())
    }
}

/// A validated ACL as a file system stores what a client sets (SeSetSecurity): generic
/// rights in the ACEs that apply to the object itself mapped to file rights; an
/// inherit-only ACE keeps its generic rights for the children it will reach.
pub fn mapped_acl(acl: &[u8]) -> Vec<u8> {
    let mut out = acl.to_vec();
    let mut at = 8;
    for a in aces_of(acl) {
        if matches!(a[0], ACCESS_ALLOWED_ACE | ACCESS_DENIED_ACE)
            && a[1] & INHERIT_ONLY_ACE == 0
            && a.len() >= 8
        {
            let mask = u32::from_le_bytes(a[4..8].try_into().expect("4 bytes"));
            out[at + 4..at + 8].copy_from_slice(&map_generic(mask).to_le_bytes());
        }
        at += a.len();
    }
    out
}

/// The ACEs of a validated ACL.
fn aces_of(acl: &[u8]) -> impl Iterator<Item = &[u8]> {
    let count = acl
        .get(4..6)
        .map_or(0, |c| u16::from_le_bytes([c[0], c[1]]));
    let mut at = 8;
    (0..count).map_while(move |_| {
        let size = acl
            .get(at + 2..at + 4)
            .map(|s| u16::from_le_bytes([s[0], s[1]]))? as usize;
        let a = acl.get(at..at + size).filter(|_| size >= 4)?;
        at += size;
        Some(a)
    })
}

/// "S-1-5-21-..." to SID bytes; `None` if it is not a SID string.
pub fn sid_from_str(s: &str) -> Option<Vec<u8>> {
    let mut it = s.strip_prefix("S-1-")?.split('-');
    let auth: u64 = it.next()?.parse().ok()?;
    let subs: Vec<u32> = it.map(|x| x.parse().ok()).collect::<Option<_>>()?;
    if subs.len() > 15 || auth >= 1 << 48 {
        return None;
    }
    let mut b = vec![1u8, subs.len() as u8];
    b.extend_from_slice(&auth.to_be_bytes()[2..]);
    for x in subs {
        b.extend_from_slice(&x.to_le_bytes());
    }
    Some(b)
}

/// The SID of account `rid` in domain `domain`.
pub fn sid_with_rid(domain: &[u8], rid: u32) -> Vec<u8> {
    let mut s = domain.to_vec();
    if s.len() >= 8 && s.len() == 8 + 4 * s[1] as usize && s[1] < 15 {
        s[1] += 1;
        s.extend_from_slice(&rid.to_le_bytes());
    }
    s
}

/// The SID one level up: without its last sub-authority (a user's or group's domain);
/// a SID with none is returned as it is.
pub fn sid_parent(sid: &[u8]) -> Vec<u8> {
    if sid.len() < 12 {
        return sid.to_vec();
    }
    let mut d = sid[..sid.len() - 4].to_vec();
    d[1] -= 1;
    d
}

/// A binary SID in its text form (`S-1-5-32-544`); `S-?` for bytes that are no SID.
pub fn sid_to_str(s: &[u8]) -> String {
    if s.len() < 8 || s.len() != 8 + 4 * s[1] as usize {
        return "S-?".into();
    }
    let auth = s[2..8].iter().fold(0u64, |a, &b| (a << 8) | u64::from(b));
    let mut out = format!("S-{}-{}", s[0], auth);
    for c in s[8..].chunks_exact(4) {
        out.push_str(&format!(
            "-{}",
            u32::from_le_bytes([c[0], c[1], c[2], c[3]])
        ));
    }
    out
}

/// An ACL of ACCESS_ALLOWED ACEs.
pub fn allow_acl(aces: &[(u32, &[u8])]) -> Vec<u8> {
    let mut body = Vec::new();
    for (mask, sid) in aces {
        body.push(ACCESS_ALLOWED_ACE);
        body.push(0);
        body.extend_from_slice(&((8 + sid.len()) as u16).to_le_bytes());
        body.extend_from_slice(&mask.to_le_bytes());
        body.extend_from_slice(sid);
    }
    let mut acl = vec![2u8, 0];
    acl.extend_from_slice(&((8 + body.len()) as u16).to_le_bytes());
    acl.extend_from_slice(&(aces.len() as u16).to_le_bytes());
    acl.extend_from_slice(&[0, 0]);
    acl.extend_from_slice(&body);
    acl
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sid(s: &str) -> Vec<u8> {
        sid_from_str(s).unwrap()
    }

    #[test]
    fn round_trip_merge_and_access_check() {
        let user = sid("S-1-5-21-1-2-3-1001");
        let other = sid("S-1-5-21-1-2-3-1002");
        let d = SecDesc {
            control: SE_DACL_PRESENT,
            owner: Some(user.clone()),
            group: Some(sid("S-1-5-21-1-2-3-513")),
            dacl: Some(allow_acl(&[(0x8000_0000, &sid("S-1-3-0"))])),
            sacl: None,
        };
        let b = d.encode(0);
        let p = SecDesc::parse(&b).unwrap();
        assert_eq!(p.owner, d.owner);
        assert_eq!(p.dacl, d.dacl);
        // Only the owner part asked for.
        let o = SecDesc::parse(&d.encode(secinfo::OWNER)).unwrap();
        assert!(o.dacl.is_none() && o.group.is_none() && o.owner.is_some());
        // CREATOR OWNER in a DACL matches nobody; the owner keeps READ_CONTROL|WRITE_DAC.
        assert_eq!(p.granted(std::slice::from_ref(&user)), 0x0006_0000);
        assert_eq!(p.granted(std::slice::from_ref(&other)), 0);
        let mut q = p.clone();
        q.merge(
            &SecDesc {
                control: SE_DACL_PRESENT,
                dacl: Some(allow_acl(&[(0x0012_0089, &other)])),
                ..Default::default()
            },
            secinfo::DACL,
        );
        assert_eq!(q.granted(std::slice::from_ref(&other)), 0x0012_0089);
        assert_eq!(q.owner, p.owner, "owner untouched by a DACL-only set");
        // NULL DACL: everything.
        let n = SecDesc {
            control: SE_DACL_PRESENT,
            ..Default::default()
        };
        assert_eq!(n.granted(&[other]), 0x011F_01FF);
    }

    /// ACL revisions 2 to 4 are taken (what `smbcacls --set` sends is 3), others not.
    #[test]
    fn acl_revisions_windows_takes() {
        let user = sid("S-1-5-21-1-2-3-1001");
        let d = SecDesc {
            control: SE_DACL_PRESENT,
            owner: Some(user.clone()),
            group: None,
            dacl: Some(allow_acl(&[(0x0012_0089, &user)])),
            sacl: None,
        }
        .encode(0);
        // The DACL's offset, then its revision byte.
        let at = u32::from_le_bytes(d[16..20].try_into().unwrap()) as usize;
        for (rev, ok) in [(1u8, false), (2, true), (3, true), (4, true), (5, false)] {
            let mut b = d.clone();
            b[at] = rev;
            assert_eq!(SecDesc::parse(&b).is_ok(), ok, "revision {rev}");
        }
    }

    #[test]
    fn hostile_descriptors_are_refused_without_panic() {
        let user = sid("S-1-5-21-1-2-3-1001");
        let d = SecDesc {
            control: SE_DACL_PRESENT,
            owner: Some(user.clone()),
            group: None,
            dacl: Some(allow_acl(&[(0x1F01FF, &user), (1, &user)])),
            sacl: None,
        }
        .encode(0);
        for n in 0..d.len() {
            let _ = SecDesc::parse(&d[..n]);
        }
        let mut x = d.clone();
        x[4..8].copy_from_slice(&9999u32.to_le_bytes());
        assert_eq!(SecDesc::parse(&x), Err(NtStatus::INVALID_SECURITY_DESCR));
        let mut y = d.clone();
        let dacl_at = u32::from_le_bytes(y[16..20].try_into().unwrap()) as usize;
        y[dacl_at + 4] = 200; // ACE count past the ACL
        assert_eq!(SecDesc::parse(&y), Err(NtStatus::INVALID_SECURITY_DESCR));
        let mut state = 0x1234_5678u32;
        for _ in 0..2000 {
            let mut z = d.clone();
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let i = (state >> 8) as usize % z.len();
            z[i] = (state >> 24) as u8;
            if let Ok(p) = SecDesc::parse(&z) {
                let _ = p.granted(std::slice::from_ref(&user));
                let _ = p.encode(0);
            }
        }
    }

    #[test]
    fn a_set_dacl_is_kept_as_ntfs_keeps_it() {
        let owner = sid("S-1-5-21-1-2-3-1001");
        let aces = [
            ace(ACCESS_ALLOWED_ACE, 0, 0x8000_0000 | 0x001F_0000, &owner),
            ace(ACCESS_ALLOWED_ACE, 0x0B, 0x4000_0000, &CREATOR_OWNER),
        ];
        let mut sd = SecDesc {
            control: SE_DACL_PRESENT,
            owner: Some(owner.clone()),
            ..Default::default()
        };
        for (set, kept) in [
            (SE_DACL_AUTO_INHERITED, 0),
            (SE_DACL_AUTO_INHERIT_REQ, 0),
            (
                SE_DACL_AUTO_INHERITED | SE_DACL_AUTO_INHERIT_REQ,
                SE_DACL_AUTO_INHERITED,
            ),
            (SE_DACL_PROTECTED, SE_DACL_PROTECTED),
        ] {
            let new = SecDesc {
                control: SE_DACL_PRESENT | set,
                dacl: Some(acl_of(&aces)),
                ..Default::default()
            };
            sd.merge(&new, secinfo::DACL);
            assert_eq!(sd.control & DACL_BITS, kept, "set {set:#x}");
        }
        // Generic rights mapped where the ACE applies; an inherit-only ACE keeps them.
        assert_eq!(
            sd.dacl.as_deref().unwrap(),
            acl_of(&[
                ace(ACCESS_ALLOWED_ACE, 0, 0x001F_0089, &owner),
                ace(ACCESS_ALLOWED_ACE, 0x0B, 0x4000_0000, &CREATOR_OWNER),
            ])
        );
    }

    #[test]
    fn owner_rights_replace_what_the_owner_holds_implicitly() {
        let owner = sid("S-1-5-21-1-2-3-1001");
        let with = |aces: &[Vec<u8>]| SecDesc {
            control: SE_DACL_PRESENT,
            owner: Some(owner.clone()),
            dacl: Some(acl_of(aces)),
            ..Default::default()
        };
        let me = std::slice::from_ref(&owner);
        // Without OWNER RIGHTS the owner holds READ_CONTROL and WRITE_DAC besides.
        let plain = with(&[ace(ACCESS_ALLOWED_ACE, 0, 0x1, &owner)]);
        assert_eq!(plain.granted(me), 0x1 | 0x0006_0000);
        // With them, only what they and the owner's ACEs grant; a later deny takes away
        // only what is not yet granted.
        let rights = with(&[
            ace(ACCESS_ALLOWED_ACE, 0, 0x0012_0089, &owner),
            ace(ACCESS_ALLOWED_ACE, 0, 0x2, &OWNER_RIGHTS),
            ace(ACCESS_DENIED_ACE, 0, 0x3, &OWNER_RIGHTS),
        ]);
        assert_eq!(rights.granted(me), 0x0012_008B);
        // They apply to the owner only.
        let other = sid("S-1-5-21-1-2-3-1002");
        assert_eq!(rights.granted(std::slice::from_ref(&other)), 0);
    }

    #[test]
    fn inheritance_as_windows_computes_it() {
        use super::ace_flags::*;
        let (host, admins, owner) = (
            sid("S-1-5-21-9-9-9-1104"),
            sid("S-1-5-21-9-9-9-1105"),
            sid("S-1-5-21-9-9-9-1200"),
        );
        let group = sid("S-1-5-21-9-9-9-513");
        let aces = [
            ace(
                ACCESS_ALLOWED_ACE,
                OBJECT_INHERIT | CONTAINER_INHERIT,
                0x001F_01FF,
                &host,
            ),
            ace(ACCESS_DENIED_ACE, OBJECT_INHERIT, 0x0001_0000, &admins),
            ace(
                ACCESS_ALLOWED_ACE,
                CONTAINER_INHERIT | INHERIT_ONLY,
                0x1000_0000,
                &CREATOR_OWNER,
            ),
            ace(ACCESS_ALLOWED_ACE, 0, 0x001F_01FF, &admins),
        ];
        let parent = SecDesc {
            control: SE_DACL_PRESENT | SE_DACL_AUTO_INHERITED,
            owner: Some(admins.clone()),
            group: None,
            dacl: Some(acl_of(&aces)),
            sacl: None,
        };
        // Under a parent whose DACL is not auto-inherited, the same ACEs come without the
        // inherited flag, and the child's DACL is not auto-inherited either (NTFS).
        let manual = SecDesc {
            control: SE_DACL_PRESENT,
            ..parent.clone()
        };
        let f = SecDesc::inherit(&manual, false, &owner, &group)
            .unwrap()
            .unwrap();
        assert_eq!(f.control & SE_DACL_AUTO_INHERITED, 0);
        assert_eq!(
            f.dacl.as_deref().unwrap(),
            acl_of(&[
                ace(ACCESS_ALLOWED_ACE, 0, 0x001F_01FF, &host),
                ace(ACCESS_DENIED_ACE, 0, 0x0001_0000, &admins),
            ])
        );
        // A file: the object-inherit ACEs, flagged inherited, nothing else.
        let f = SecDesc::inherit(&parent, false, &owner, &group)
            .unwrap()
            .unwrap();
        assert_eq!(f.owner.as_ref(), Some(&owner));
        assert_eq!(
            f.dacl.as_deref().unwrap(),
            acl_of(&[
                ace(ACCESS_ALLOWED_ACE, INHERITED, 0x001F_01FF, &host),
                ace(ACCESS_DENIED_ACE, INHERITED, 0x0001_0000, &admins),
            ])
        );
        assert_eq!(
            f.granted(std::slice::from_ref(&host)) & 0x001F_01FF,
            0x001F_01FF
        );
        // A directory: the container ACE applies and propagates; the file-only deny
        // passes on inherit-only; CREATOR OWNER becomes the creator, generic mapped,
        // and its template stays for the directory's children.
        let d = SecDesc::inherit(&parent, true, &owner, &group)
            .unwrap()
            .unwrap();
        assert_eq!(
            d.dacl.as_deref().unwrap(),
            acl_of(&[
                ace(
                    ACCESS_ALLOWED_ACE,
                    INHERITED | OBJECT_INHERIT | CONTAINER_INHERIT,
                    0x001F_01FF,
                    &host
                ),
                ace(
                    ACCESS_DENIED_ACE,
                    INHERITED | INHERIT_ONLY | OBJECT_INHERIT,
                    0x0001_0000,
                    &admins
                ),
                ace(ACCESS_ALLOWED_ACE, INHERITED, 0x001F_01FF, &owner),
                ace(
                    ACCESS_ALLOWED_ACE,
                    INHERITED | INHERIT_ONLY | CONTAINER_INHERIT,
                    0x1000_0000,
                    &CREATOR_OWNER
                ),
            ])
        );
        // Nothing inheritable: no descriptor (the caller's default applies).
        let plain = SecDesc {
            dacl: Some(acl_of(&aces[3..])),
            ..parent
        };
        assert_eq!(SecDesc::inherit(&plain, false, &owner, &group), Ok(None));
    }
}
