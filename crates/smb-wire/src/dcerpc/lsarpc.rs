//! lsarpc (MS-LSAT, MS-LSAD): the policy handle, the policy queries and the name and SID
//! translations Windows' security dialogs, `icacls` and `Get-Acl` make against the server
//! that holds the files. Well-known SIDs (Everyone, NT AUTHORITY, BUILTIN, the Hyper-V
//! virtual machine SIDs) are answered here; the server's own accounts by [`RpcContext`].

use super::*;
use crate::secdesc::{sid_from_str, sid_to_str};

/// SID_NAME_USE (MS-LSAT 2.2.13).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u16)]
pub enum SidType {
    User = 1,
    Group = 2,
    Domain = 3,
    Alias = 4,
    WellKnownGroup = 5,
    Unknown = 8,
    Computer = 9,
}

/// A translated account: its name, its SID, its kind and the domain it belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    pub domain: String,
    pub domain_sid: Vec<u8>,
    pub name: String,
    pub sid: Vec<u8>,
    pub kind: SidType,
}

const STATUS_SOME_NOT_MAPPED: u32 = 0x0000_0107;
const STATUS_NONE_MAPPED: u32 = 0xC000_0073;
const STATUS_INVALID_INFO_CLASS: u32 = 0xC000_0003;
const STATUS_INSUFFICIENT_RESOURCES: u32 = 0xC000_009A;
const STATUS_ACCESS_DENIED: u32 = 0xC000_0022;
/// At most this many names or SIDs in one lookup (Windows allows 20,480; a dialog asks
/// for a few dozen).
const MAX_LOOKUP: usize = 1000;
/// Policy handles one pipe may hold.
pub(super) const MAX_HANDLES: usize = 64;

/// The policy handles a pipe holds (LsarOpenPolicy2 .. LsarClose).
pub(super) type Handles = super::Handles<()>;

/// (SID, domain, name, kind) of the well-known accounts every Windows server translates.
const WELL_KNOWN: &[(&str, &str, &str, SidType)] = &[
    ("S-1-1-0", "", "Everyone", SidType::WellKnownGroup),
    ("S-1-3-0", "", "CREATOR OWNER", SidType::WellKnownGroup),
    ("S-1-3-1", "", "CREATOR GROUP", SidType::WellKnownGroup),
    ("S-1-3-4", "", "OWNER RIGHTS", SidType::WellKnownGroup),
    ("S-1-5", "NT AUTHORITY", "", SidType::Domain),
    (
        "S-1-5-2",
        "NT AUTHORITY",
        "NETWORK",
        SidType::WellKnownGroup,
    ),
    ("S-1-5-3", "NT AUTHORITY", "BATCH", SidType::WellKnownGroup),
    (
        "S-1-5-4",
        "NT AUTHORITY",
        "INTERACTIVE",
        SidType::WellKnownGroup,
    ),
    (
        "S-1-5-6",
        "NT AUTHORITY",
        "SERVICE",
        SidType::WellKnownGroup,
    ),
    (
        "S-1-5-7",
        "NT AUTHORITY",
        "ANONYMOUS LOGON",
        SidType::WellKnownGroup,
    ),
    (
        "S-1-5-9",
        "NT AUTHORITY",
        "ENTERPRISE DOMAIN CONTROLLERS",
        SidType::WellKnownGroup,
    ),
    ("S-1-5-10", "NT AUTHORITY", "SELF", SidType::WellKnownGroup),
    (
        "S-1-5-11",
        "NT AUTHORITY",
        "Authenticated Users",
        SidType::WellKnownGroup,
    ),
    (
        "S-1-5-18",
        "NT AUTHORITY",
        "SYSTEM",
        SidType::WellKnownGroup,
    ),
    (
        "S-1-5-19",
        "NT AUTHORITY",
        "LOCAL SERVICE",
        SidType::WellKnownGroup,
    ),
    (
        "S-1-5-20",
        "NT AUTHORITY",
        "NETWORK SERVICE",
        SidType::WellKnownGroup,
    ),
    ("S-1-5-32", "BUILTIN", "", SidType::Domain),
    ("S-1-5-32-544", "BUILTIN", "Administrators", SidType::Alias),
    ("S-1-5-32-545", "BUILTIN", "Users", SidType::Alias),
    ("S-1-5-32-546", "BUILTIN", "Guests", SidType::Alias),
    ("S-1-5-32-547", "BUILTIN", "Power Users", SidType::Alias),
    (
        "S-1-5-32-551",
        "BUILTIN",
        "Backup Operators",
        SidType::Alias,
    ),
    (
        "S-1-5-32-578",
        "BUILTIN",
        "Hyper-V Administrators",
        SidType::Alias,
    ),
    ("S-1-5-83", "NT VIRTUAL MACHINE", "", SidType::Domain),
    (
        "S-1-5-83-0",
        "NT VIRTUAL MACHINE",
        "Virtual Machines",
        SidType::WellKnownGroup,
    ),
];

/// BUILTIN's aliases this server knows (RID, name), as SAMR enumerates them.
pub(super) fn builtin_aliases() -> Vec<(u32, String)> {
    WELL_KNOWN
        .iter()
        .filter(|(sid, _, _, kind)| sid.starts_with("S-1-5-32-") && *kind == SidType::Alias)
        .filter_map(|(sid, _, name, _)| {
            Some((sid.rsplit('-').next()?.parse().ok()?, (*name).to_string()))
        })
        .collect()
}

/// The SID of the domain an account belongs to: its own for a domain, else without its
/// last sub-authority.
fn domain_sid_of(sid: &[u8], kind: SidType) -> Vec<u8> {
    match kind {
        SidType::Domain => sid.to_vec(),
        _ => crate::secdesc::sid_parent(sid),
    }
}

/// `S-1-5-83-1-a-b-c-d`: a Hyper-V virtual machine's SID, named by the VM's GUID.
const VM_PREFIX: [u8; 8] = [1, 6, 0, 0, 0, 0, 0, 5];

fn vm_guid(sid: &[u8]) -> Option<String> {
    if sid.len() != 8 + 24 || sid[..8] != VM_PREFIX || sid[8..12] != 83u32.to_le_bytes() {
        return None;
    }
    if sid[12..16] != 1u32.to_le_bytes() {
        return None;
    }
    let g = &sid[16..32];
    Some(format!(
        "{:08X}-{:04X}-{:04X}-{:02X}{:02X}-{:02X}{:02X}{:02X}{:02X}{:02X}{:02X}",
        u32::from_le_bytes([g[0], g[1], g[2], g[3]]),
        u16::from_le_bytes([g[4], g[5]]),
        u16::from_le_bytes([g[6], g[7]]),
        g[8],
        g[9],
        g[10],
        g[11],
        g[12],
        g[13],
        g[14],
        g[15]
    ))
}

fn vm_sid(guid: &str) -> Option<Vec<u8>> {
    let hex: String = guid
        .trim_matches(|c| c == '{' || c == '}')
        .chars()
        .filter(|c| *c != '-')
        .collect();
    if hex.len() != 32 || guid.trim_matches(|c| c == '{' || c == '}').len() != 36 {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok();
    let be: Vec<u8> = (0..16).map(byte).collect::<Option<_>>()?;
    // Data1..3 are little-endian in the GUID's bytes.
    let mut g = [0u8; 16];
    g[..4].copy_from_slice(&[be[3], be[2], be[1], be[0]]);
    g[4..6].copy_from_slice(&[be[5], be[4]]);
    g[6..8].copy_from_slice(&[be[7], be[6]]);
    g[8..].copy_from_slice(&be[8..]);
    let mut s = sid_from_str("S-1-5-83-1")?;
    s[1] = 6;
    s.extend_from_slice(&g);
    Some(s)
}

fn well_known(sid: &[u8]) -> Option<Account> {
    if let Some(guid) = vm_guid(sid) {
        return Some(Account {
            domain: "NT VIRTUAL MACHINE".into(),
            domain_sid: sid_from_str("S-1-5-83").expect("SID"),
            name: guid,
            sid: sid.to_vec(),
            kind: SidType::WellKnownGroup,
        });
    }
    WELL_KNOWN.iter().find_map(|(s, dom, name, kind)| {
        let w = sid_from_str(s).expect("SID");
        (w == sid).then(|| Account {
            domain: (*dom).into(),
            domain_sid: domain_sid_of(&w, *kind),
            name: if *kind == SidType::Domain {
                (*dom).into()
            } else {
                (*name).into()
            },
            sid: w.clone(),
            kind: *kind,
        })
    })
}

/// Translates a SID: well-known, then the server's own accounts and domains.
fn sid_to_account(sid: &[u8], ctx: &dyn RpcContext) -> Option<Account> {
    if let Some(a) = well_known(sid) {
        return Some(a);
    }
    let (machine, machine_sid) = ctx.account_domain();
    if sid == machine_sid.as_slice() {
        return Some(Account {
            domain: machine.clone(),
            domain_sid: machine_sid.clone(),
            name: machine,
            sid: sid.to_vec(),
            kind: SidType::Domain,
        });
    }
    if let Some((name, _, Some(dom_sid))) = ctx.primary_domain() {
        if sid == dom_sid.as_slice() {
            return Some(Account {
                domain: name.clone(),
                domain_sid: dom_sid,
                name,
                sid: sid.to_vec(),
                kind: SidType::Domain,
            });
        }
    }
    ctx.sid_to_account(sid)
}

/// Translates a name (`DOMAIN\name`, or `name` alone).
fn name_to_account(full: &str, ctx: &dyn RpcContext) -> Option<Account> {
    let (domain, name) = match full.split_once('\\') {
        Some((d, n)) => (Some(d), n),
        None => (None, full),
    };
    let same = |a: &str, b: &str| a.eq_ignore_ascii_case(b);
    let dom_ok = |d: &str| domain.is_none_or(|x| same(x, d));
    if domain.is_some_and(|d| same(d, "NT VIRTUAL MACHINE")) {
        if let Some(sid) = vm_sid(name) {
            return well_known(&sid);
        }
    }
    for (s, dom, n, kind) in WELL_KNOWN {
        let sid = sid_from_str(s).expect("SID");
        let hit = match kind {
            // A domain by its own name.
            SidType::Domain => domain.is_none() && same(name, dom),
            _ => same(name, n) && dom_ok(dom),
        };
        if hit {
            return well_known(&sid);
        }
    }
    let (machine, machine_sid) = ctx.account_domain();
    if domain.is_none() && same(name, &machine) {
        return sid_to_account(&machine_sid, ctx);
    }
    if let Some((nb, dns, Some(dom_sid))) = ctx.primary_domain() {
        if domain.is_none() && (same(name, &nb) || same(name, &dns)) {
            return sid_to_account(&dom_sid, ctx);
        }
    }
    ctx.name_to_account(domain, name)
}

/// Runs lsarpc operation `opnum`.
pub(super) fn request(
    handles: &mut Handles,
    opnum: u16,
    stub: &[u8],
    ctx: &dyn RpcContext,
) -> Option<Reply> {
    if !matches!(opnum, 0 | 6 | 7 | 14 | 15 | 44 | 45 | 46 | 57 | 58 | 68) {
        return None;
    }
    let mut r = NdrIn::new(stub);
    // Every operation here but the opens and GetUserName starts with the policy handle.
    let needs_handle = !matches!(opnum, 6 | 44 | 45);
    if needs_handle {
        let h = r.bytes(20)?;
        if opnum == 0 {
            let mut n = Ndr::new();
            n.b.extend_from_slice(&[0; 20]);
            n.u32(if handles.take(h) { 0 } else { 0xC000_0008 });
            return Some(Reply::Stub(n.b));
        }
        if handles.get(h).is_none() {
            return Some(Reply::Fault(NCA_CONTEXT_MISMATCH));
        }
    }
    let stub = match opnum {
        // LsarOpenPolicy, LsarOpenPolicy2: whatever the object attributes and access
        // asked, a handle for lookups and queries.
        6 | 44 => {
            let mut n = Ndr::new();
            if ctx.anonymous() {
                n.b.extend_from_slice(&[0; 20]);
                n.u32(STATUS_ACCESS_DENIED);
                return Some(Reply::Stub(n.b));
            }
            match handles.make(()) {
                Some(h) => {
                    n.b.extend_from_slice(&h);
                    n.u32(0);
                }
                None => {
                    n.b.extend_from_slice(&[0; 20]);
                    n.u32(STATUS_INSUFFICIENT_RESOURCES);
                }
            }
            n.b
        }
        // LsarQueryInformationPolicy, LsarQueryInformationPolicy2.
        7 | 46 => query_info(r.u16()?, ctx),
        // LsarLookupNames, LsarLookupNames2, LsarLookupNames3.
        14 | 58 | 68 => lookup_names(&mut r, opnum, ctx)?,
        // LsarLookupSids, LsarLookupSids2.
        15 | 57 => lookup_sids(&mut r, opnum == 57, ctx)?,
        // LsarGetUserName.
        45 => get_user_name(&mut r, ctx)?,
        _ => return None,
    };
    Some(Reply::Stub(stub))
}

fn query_info(class: u16, ctx: &dyn RpcContext) -> Vec<u8> {
    let mut n = Ndr::new();
    let primary = ctx.primary_domain();
    match class {
        // PolicyPrimaryDomainInformation: the domain the node is a member of.
        3 => {
            n.ptr(true);
            n.u16(class);
            let (name, sid) = match &primary {
                Some((nb, _, sid)) => (nb.clone(), sid.clone()),
                None => ("WORKGROUP".to_string(), None),
            };
            n.unicode_head(&name);
            n.ptr(sid.is_some());
            n.unicode_body(&name);
            if let Some(s) = sid {
                n.sid(&s);
            }
        }
        // PolicyAccountDomainInformation: the node's own account domain.
        5 => {
            let (name, sid) = ctx.account_domain();
            n.ptr(true);
            n.u16(class);
            n.unicode_head(&name);
            n.ptr(true);
            n.unicode_body(&name);
            n.sid(&sid);
        }
        // PolicyDnsDomainInformation.
        12 => {
            let (nb, dns, sid) = match &primary {
                Some((nb, dns, sid)) => (nb.clone(), dns.clone(), sid.clone()),
                None => ("WORKGROUP".to_string(), String::new(), None),
            };
            n.ptr(true);
            n.u16(class);
            n.unicode_head(&nb);
            n.unicode_head(&dns);
            n.unicode_head(&dns);
            n.align();
            n.b.extend_from_slice(&[0; 16]);
            n.ptr(sid.is_some());
            n.unicode_body(&nb);
            n.unicode_body(&dns);
            n.unicode_body(&dns);
            if let Some(s) = sid {
                n.sid(&s);
            }
        }
        _ => {
            n.ptr(false);
            n.u32(STATUS_INVALID_INFO_CLASS);
            return n.b;
        }
    }
    n.u32(0);
    n.b
}

/// The domains a translation refers to, each once, in order of first use.
#[derive(Default)]
struct Domains(Vec<(String, Vec<u8>)>);

impl Domains {
    fn index(&mut self, a: &Account) -> i32 {
        if let Some(i) = self.0.iter().position(|(_, s)| *s == a.domain_sid) {
            return i as i32;
        }
        self.0.push((a.domain.clone(), a.domain_sid.clone()));
        (self.0.len() - 1) as i32
    }

    /// [out] PLSAPR_REFERENCED_DOMAIN_LIST*: its referent, then the list.
    fn encode(&self, n: &mut Ndr) {
        n.ptr(true);
        n.u32(self.0.len() as u32);
        n.ptr(!self.0.is_empty());
        n.u32(32); // MaxEntries, as Windows answers
        if self.0.is_empty() {
            return;
        }
        n.u32(self.0.len() as u32);
        for (name, _) in &self.0 {
            n.unicode_head(name);
            n.ptr(true);
        }
        for (name, sid) in &self.0 {
            n.unicode_body(name);
            n.sid(sid);
        }
    }
}

fn mapped_status(mapped: usize, total: usize) -> u32 {
    if mapped == total {
        0
    } else if mapped == 0 {
        STATUS_NONE_MAPPED
    } else {
        STATUS_SOME_NOT_MAPPED
    }
}

/// LsarLookupSids (15) and LsarLookupSids2 (57, `ex`: names with flags).
fn lookup_sids(r: &mut NdrIn, ex: bool, ctx: &dyn RpcContext) -> Option<Vec<u8>> {
    // SidEnumBuffer: Entries, [unique] SidInfo -> [size_is] { [unique] PRPC_SID }.
    let entries = r.u32()? as usize;
    if entries > MAX_LOOKUP {
        return None;
    }
    let mut sids = Vec::with_capacity(entries);
    if r.u32()? != 0 {
        if r.u32()? as usize != entries {
            return None;
        }
        let present: Vec<bool> = (0..entries)
            .map(|_| r.u32().map(|p| p != 0))
            .collect::<Option<_>>()?;
        for p in present {
            sids.push(if p { Some(r.sid()?) } else { None });
        }
    }
    let mut domains = Domains::default();
    let found: Vec<Option<Account>> = sids
        .iter()
        .map(|s| s.as_deref().and_then(|s| sid_to_account(s, ctx)))
        .collect();
    let mapped = found.iter().filter(|a| a.is_some()).count();
    let rows: Vec<(u16, String, i32)> = found
        .iter()
        .zip(&sids)
        .map(|(a, s)| match a {
            Some(a) => (
                a.kind as u16,
                match a.kind {
                    SidType::Domain => a.domain.clone(),
                    _ => a.name.clone(),
                },
                domains.index(a),
            ),
            // Not mapped: the SID in text, as Windows answers, with no domain.
            None => (
                SidType::Unknown as u16,
                s.as_deref().map(sid_to_str).unwrap_or_default(),
                -1,
            ),
        })
        .collect();
    let mut n = Ndr::new();
    domains.encode(&mut n);
    n.u32(rows.len() as u32);
    n.ptr(!rows.is_empty());
    if !rows.is_empty() {
        n.u32(rows.len() as u32);
        for (kind, name, dom) in &rows {
            n.u16(*kind);
            n.unicode_head(name);
            n.u32(*dom as u32);
            if ex {
                n.u32(0);
            }
        }
        for (_, name, _) in &rows {
            n.unicode_body(name);
        }
    }
    n.u32(mapped as u32);
    n.u32(mapped_status(mapped, rows.len()));
    Some(n.b)
}

/// LsarLookupNames (14: RIDs), LsarLookupNames2 (58: RIDs with flags), LsarLookupNames3
/// (68: whole SIDs).
fn lookup_names(r: &mut NdrIn, opnum: u16, ctx: &dyn RpcContext) -> Option<Vec<u8>> {
    let count = r.u32()? as usize;
    if count > MAX_LOOKUP || r.u32()? as usize != count {
        return None;
    }
    let names = r.unicode_strings(count)?;
    let mut domains = Domains::default();
    let found: Vec<Option<Account>> = names.iter().map(|n| name_to_account(n, ctx)).collect();
    let mapped = found.iter().filter(|a| a.is_some()).count();
    let rows: Vec<(u16, Option<Vec<u8>>, u32, i32)> = found
        .iter()
        .map(|a| match a {
            Some(a) => {
                let rid = match a.kind {
                    SidType::Domain => u32::MAX,
                    _ => a
                        .sid
                        .len()
                        .checked_sub(4)
                        .map_or(0, |at| u32::from_le_bytes(a.sid[at..].try_into().unwrap())),
                };
                (a.kind as u16, Some(a.sid.clone()), rid, domains.index(a))
            }
            None => (SidType::Unknown as u16, None, 0, -1),
        })
        .collect();
    let mut n = Ndr::new();
    domains.encode(&mut n);
    n.u32(rows.len() as u32);
    n.ptr(!rows.is_empty());
    if !rows.is_empty() {
        n.u32(rows.len() as u32);
        for (kind, sid, rid, dom) in &rows {
            n.u16(*kind);
            match opnum {
                68 => n.ptr(sid.is_some()),
                _ => n.u32(*rid),
            }
            n.u32(*dom as u32);
            if opnum != 14 {
                n.u32(0);
            }
        }
        if opnum == 68 {
            for s in rows.iter().filter_map(|r| r.1.as_ref()) {
                n.sid(s);
            }
        }
    }
    n.u32(mapped as u32);
    n.u32(mapped_status(mapped, rows.len()));
    Some(n.b)
}

/// LsarGetUserName: who the caller is.
fn get_user_name(r: &mut NdrIn, ctx: &dyn RpcContext) -> Option<Vec<u8>> {
    r.unique_string()?; // SystemName
                        // UserName: [in, out] PRPC_UNICODE_STRING* (its referent; a client sends none).
    if r.u32()? != 0 {
        r.u16()?;
        r.u16()?;
        if r.u32()? != 0 {
            r.string()?;
        }
    }
    // DomainName: [in, out, unique] PRPC_UNICODE_STRING*.
    let wants_domain = r.u32()? != 0;
    let (user, domain) = match ctx.anonymous() {
        true => ("ANONYMOUS LOGON".to_string(), "NT AUTHORITY".to_string()),
        false => ctx.caller(),
    };
    let mut n = Ndr::new();
    n.ptr(true);
    n.unicode_head(&user);
    n.unicode_body(&user);
    n.ptr(wants_domain);
    if wants_domain {
        n.ptr(true);
        n.unicode_head(&domain);
        n.unicode_body(&domain);
    }
    n.u32(0);
    Some(n.b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vm_sids_name_their_virtual_machine() {
        let sid = vm_sid("{5CFF2E36-0D6B-4C8E-9D73-6B8F3B0E8A11}").unwrap();
        assert_eq!(sid_to_str(&sid).split('-').count(), 9);
        assert_eq!(
            vm_guid(&sid).as_deref(),
            Some("5CFF2E36-0D6B-4C8E-9D73-6B8F3B0E8A11")
        );
        assert!(vm_sid("not-a-guid").is_none());
        let a = well_known(&sid).unwrap();
        assert_eq!(a.domain, "NT VIRTUAL MACHINE");
    }

    #[test]
    fn well_known_domains_are_their_own_domain() {
        let b = well_known(&sid_from_str("S-1-5-32").unwrap()).unwrap();
        assert_eq!((b.name.as_str(), b.kind), ("BUILTIN", SidType::Domain));
        let a = well_known(&sid_from_str("S-1-5-32-544").unwrap()).unwrap();
        assert_eq!(a.domain_sid, b.sid);
        let e = well_known(&sid_from_str("S-1-1-0").unwrap()).unwrap();
        assert_eq!(sid_to_str(&e.domain_sid), "S-1-1");
    }
}
