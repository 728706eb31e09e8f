//! samr (MS-SAMR), read side: the server's account database as the ACL editor's user and
//! group picker, `rpcclient` and `net rpc user` see it. Two domains: the node's account
//! domain (its local users and the group "None" they belong to) and Builtin (the
//! well-known aliases, Administrators holding the configured administrators). Nothing
//! here changes an account. As on Windows Server 2016 and later ("restrict clients
//! allowed to make remote calls to SAM"), only administrators may connect.

use super::*;
use crate::secdesc::{sid_from_str, sid_with_rid};

const STATUS_MORE_ENTRIES: u32 = 0x0000_0105;
const STATUS_SOME_NOT_MAPPED: u32 = 0x0000_0107;
const STATUS_INVALID_HANDLE: u32 = 0xC000_0008;
const STATUS_INVALID_INFO_CLASS: u32 = 0xC000_0003;
const STATUS_ACCESS_DENIED: u32 = 0xC000_0022;
const STATUS_NONE_MAPPED: u32 = 0xC000_0073;
const STATUS_NO_SUCH_USER: u32 = 0xC000_0064;
const STATUS_NO_SUCH_GROUP: u32 = 0xC000_0066;
const STATUS_NO_SUCH_DOMAIN: u32 = 0xC000_00DF;
const STATUS_NO_SUCH_ALIAS: u32 = 0xC000_0151;
const STATUS_INSUFFICIENT_RESOURCES: u32 = 0xC000_009A;
/// Handles one pipe may hold.
pub(super) const MAX_HANDLES: usize = 256;
/// Names or RIDs in one lookup (MS-SAMR's range for SamrLookupNamesInDomain).
const MAX_LOOKUP: usize = 1000;
/// SIDs in one SamrGetAliasMembership.
const MAX_SIDS: usize = 20_480;
/// USER_NORMAL_ACCOUNT and USER_DONT_EXPIRE_PASSWORD (MS-SAMR 2.2.1.12).
const ACB_NORMAL: u32 = 0x0000_0010;
const ACB_PWNOEXP: u32 = 0x0000_0200;
/// SE_GROUP_MANDATORY | ENABLED_BY_DEFAULT | ENABLED.
const GROUP_ATTRS: u32 = 7;
/// The local users' primary group, "None" (DOMAIN_GROUP_RID_USERS).
const RID_NONE: u32 = 513;
const NEVER: u64 = 0x7FFF_FFFF_FFFF_FFFF;

/// Which of the two domains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Dom {
    Account,
    Builtin,
}

/// What a handle stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Obj {
    Server,
    Domain(Dom),
    User(u32),
    Group(Dom, u32),
    Alias(Dom, u32),
}

/// The SAMR handles a pipe holds (SamrConnect .. SamrCloseHandle).
pub(super) type Handles = super::Handles<Obj>;

/// An account of a domain as SAMR lists it.
#[derive(Clone, Debug)]
struct Entry {
    rid: u32,
    name: String,
    kind: SidType,
}

fn rid_of(sid: &[u8]) -> u32 {
    sid.len()
        .checked_sub(4)
        .filter(|&at| at >= 8)
        .map_or(0, |at| u32::from_le_bytes(sid[at..].try_into().unwrap()))
}

fn builtin_sid() -> Vec<u8> {
    sid_from_str("S-1-5-32").expect("SID")
}

fn domain_sid(dom: Dom, ctx: &dyn RpcContext) -> Vec<u8> {
    match dom {
        Dom::Account => ctx.account_domain().1,
        Dom::Builtin => builtin_sid(),
    }
}

fn domain_name(dom: Dom, ctx: &dyn RpcContext) -> String {
    match dom {
        Dom::Account => ctx.account_domain().0,
        Dom::Builtin => "Builtin".into(),
    }
}

/// A domain's accounts, by RID.
fn entries(dom: Dom, ctx: &dyn RpcContext) -> Vec<Entry> {
    let mut v: Vec<Entry> = match dom {
        Dom::Account => {
            let sid = ctx.account_domain().1;
            ctx.local_accounts()
                .into_iter()
                .filter(|a| a.domain_sid == sid && matches!(a.kind, SidType::User | SidType::Group))
                .map(|a| Entry {
                    rid: rid_of(&a.sid),
                    name: a.name,
                    kind: a.kind,
                })
                .collect()
        }
        Dom::Builtin => lsarpc::builtin_aliases()
            .into_iter()
            .map(|(rid, name)| Entry {
                rid,
                name,
                kind: SidType::Alias,
            })
            .collect(),
    };
    v.sort_by_key(|e| e.rid);
    v.dedup_by_key(|e| e.rid);
    v
}

fn find(dom: Dom, rid: u32, kind: SidType, ctx: &dyn RpcContext) -> Option<Entry> {
    entries(dom, ctx)
        .into_iter()
        .find(|e| e.rid == rid && e.kind == kind)
}

/// The SIDs that are members of an alias or group.
fn members(obj: Obj, ctx: &dyn RpcContext) -> Vec<Vec<u8>> {
    match obj {
        Obj::Alias(Dom::Builtin, rid) => ctx.alias_members(rid),
        // "None" holds every local user, as on a standalone Windows server.
        Obj::Group(Dom::Account, RID_NONE) => {
            let sid = ctx.account_domain().1;
            entries(Dom::Account, ctx)
                .into_iter()
                .filter(|e| e.kind == SidType::User)
                .map(|e| sid_with_rid(&sid, e.rid))
                .collect()
        }
        _ => Vec::new(),
    }
}

/// Runs samr operation `opnum`.
pub(super) fn request(
    handles: &mut Handles,
    opnum: u16,
    stub: &[u8],
    ctx: &dyn RpcContext,
) -> Option<Reply> {
    let mut r = NdrIn::new(stub);
    // The connects: no handle in, a server handle out, for administrators.
    if matches!(opnum, 0 | 57 | 62 | 64) {
        return Some(Reply::Stub(connect(handles, opnum, ctx)));
    }
    if !matches!(
        opnum,
        1 | 5..=8 | 11 | 13 | 15..=20 | 27 | 28 | 33 | 34 | 36 | 39 | 40 | 44 | 46..=48 | 51
    ) {
        return None;
    }
    let h = r.bytes(20)?;
    if opnum == 1 {
        let mut n = Ndr::new();
        n.b.extend_from_slice(&[0; 20]);
        n.u32(if handles.take(h) {
            0
        } else {
            STATUS_INVALID_HANDLE
        });
        return Some(Reply::Stub(n.b));
    }
    let Some(obj) = handles.get(h) else {
        return Some(Reply::Fault(NCA_CONTEXT_MISMATCH));
    };
    let stub = match (opnum, obj) {
        (5, Obj::Server) => lookup_domain(&mut r, ctx)?,
        (6, Obj::Server) => enum_domains(&mut r, ctx)?,
        (7, Obj::Server) => open_domain(handles, &mut r, ctx)?,
        (8 | 46, Obj::Domain(d)) => domain_info(d, r.u16()?, ctx),
        (11, Obj::Domain(d)) => enumerate(d, SidType::Group, &mut r, false, ctx)?,
        (13, Obj::Domain(d)) => enumerate(d, SidType::User, &mut r, true, ctx)?,
        (15, Obj::Domain(d)) => enumerate(d, SidType::Alias, &mut r, false, ctx)?,
        (16, Obj::Domain(d)) => alias_membership(d, &mut r, ctx)?,
        (17, Obj::Domain(d)) => lookup_names(d, &mut r, ctx)?,
        (18, Obj::Domain(d)) => lookup_rids(d, &mut r, ctx)?,
        (19 | 27 | 34, Obj::Domain(d)) => open_account(handles, opnum, d, &mut r, ctx)?,
        (20, Obj::Group(d, rid)) => group_info(d, rid, r.u16()?, ctx),
        (28, Obj::Alias(d, rid)) => alias_info(d, rid, r.u16()?, ctx),
        (33, Obj::Alias(..)) => alias_members(obj, ctx),
        (36 | 47, Obj::User(rid)) => user_info(rid, r.u16()?, ctx),
        (39, Obj::User(_)) => groups_for_user(),
        (40 | 48 | 51, Obj::Domain(d)) => display_info(d, &mut r, ctx)?,
        (44, Obj::User(_)) => {
            let mut n = Ndr::new();
            n.u16(0); // min_password_length
            n.u32(0); // password_properties
            n.u32(0);
            n.b
        }
        // A handle of the wrong kind for the operation.
        _ => return Some(Reply::Fault(NCA_CONTEXT_MISMATCH)),
    };
    Some(Reply::Stub(stub))
}

/// SamrConnect (0), SamrConnect2 (57), SamrConnect4 (62), SamrConnect5 (64).
fn connect(handles: &mut Handles, opnum: u16, ctx: &dyn RpcContext) -> Vec<u8> {
    let mut n = Ndr::new();
    let made = if ctx.is_admin() {
        handles
            .make(Obj::Server)
            .ok_or(STATUS_INSUFFICIENT_RESOURCES)
    } else {
        Err(STATUS_ACCESS_DENIED)
    };
    if opnum == 64 {
        // [out] level, [out, switch_is] SAMPR_REVISION_INFO_V1: revision 3, no features.
        n.u32(1);
        n.u32(1);
        n.u32(3);
        n.u32(0);
    }
    put_handle(&mut n, made);
    n.b
}

fn lookup_domain(r: &mut NdrIn, ctx: &dyn RpcContext) -> Option<Vec<u8>> {
    let name = r.unicode_strings(1)?.pop()?;
    let mut n = Ndr::new();
    let dom = [Dom::Account, Dom::Builtin]
        .into_iter()
        .find(|d| domain_name(*d, ctx).eq_ignore_ascii_case(&name));
    match dom {
        Some(d) => {
            n.ptr(true);
            n.sid(&domain_sid(d, ctx));
            n.u32(0);
        }
        None => {
            n.ptr(false);
            n.u32(STATUS_NO_SUCH_DOMAIN);
        }
    }
    Some(n.b)
}

/// [out] PSAMPR_ENUMERATION_BUFFER*: its referent, the count, then (index, name) rows.
fn sam_array(n: &mut Ndr, rows: &[(u32, String)]) {
    n.ptr(true);
    n.u32(rows.len() as u32);
    n.ptr(!rows.is_empty());
    if rows.is_empty() {
        return;
    }
    n.u32(rows.len() as u32);
    for (idx, name) in rows {
        n.u32(*idx);
        n.unicode_head(name);
    }
    for (_, name) in rows {
        n.unicode_body(name);
    }
}

fn enum_domains(r: &mut NdrIn, ctx: &dyn RpcContext) -> Option<Vec<u8>> {
    let resume = r.u32()? as usize;
    let rows: Vec<(u32, String)> = [Dom::Account, Dom::Builtin]
        .into_iter()
        .enumerate()
        .skip(resume)
        .map(|(i, d)| (i as u32, domain_name(d, ctx)))
        .collect();
    let mut n = Ndr::new();
    n.u32(2);
    sam_array(&mut n, &rows);
    n.u32(rows.len() as u32);
    n.u32(0);
    Some(n.b)
}

fn open_domain(handles: &mut Handles, r: &mut NdrIn, ctx: &dyn RpcContext) -> Option<Vec<u8>> {
    let _access = r.u32()?;
    let sid = r.sid()?;
    let dom = [Dom::Account, Dom::Builtin]
        .into_iter()
        .find(|d| domain_sid(*d, ctx) == sid);
    Some(handle_answer(
        dom.ok_or(STATUS_NO_SUCH_DOMAIN)
            .and_then(|d| make(handles, Obj::Domain(d))),
    ))
}

fn make(handles: &mut Handles, obj: Obj) -> Result<[u8; 20], u32> {
    handles.make(obj).ok_or(STATUS_INSUFFICIENT_RESOURCES)
}

/// An [out] handle and the status: the new handle, or zeros and why not.
fn put_handle(n: &mut Ndr, h: Result<[u8; 20], u32>) {
    let (h, st) = match h {
        Ok(h) => (h, 0),
        Err(st) => ([0; 20], st),
    };
    n.b.extend_from_slice(&h);
    n.u32(st);
}

fn handle_answer(h: Result<[u8; 20], u32>) -> Vec<u8> {
    let mut n = Ndr::new();
    put_handle(&mut n, h);
    n.b
}

/// SamrOpenGroup (19), SamrOpenAlias (27), SamrOpenUser (34): access, then the RID.
fn open_account(
    handles: &mut Handles,
    opnum: u16,
    dom: Dom,
    r: &mut NdrIn,
    ctx: &dyn RpcContext,
) -> Option<Vec<u8>> {
    let _access = r.u32()?;
    let rid = r.u32()?;
    let (kind, missing, obj) = match opnum {
        19 => (SidType::Group, STATUS_NO_SUCH_GROUP, Obj::Group(dom, rid)),
        27 => (SidType::Alias, STATUS_NO_SUCH_ALIAS, Obj::Alias(dom, rid)),
        _ => (SidType::User, STATUS_NO_SUCH_USER, Obj::User(rid)),
    };
    Some(handle_answer(if find(dom, rid, kind, ctx).is_some() {
        make(handles, obj)
    } else {
        Err(missing)
    }))
}

/// An OLD_LARGE_INTEGER (two 4-aligned halves, as SAMR marshals times and counts).
fn old_large(n: &mut Ndr, v: u64) {
    n.u32(v as u32);
    n.u32((v >> 32) as u32);
}

/// SamrQueryInformationDomain (8) and ...2 (46): the levels Windows' tools ask.
fn domain_info(dom: Dom, level: u16, ctx: &dyn RpcContext) -> Vec<u8> {
    let mut n = Ndr::new();
    if !matches!(level, 1..=9 | 12) {
        return no_info(STATUS_INVALID_INFO_CLASS);
    }
    let name = domain_name(dom, ctx);
    n.ptr(true);
    n.u16(level);
    match level {
        // Password policy: no minimum, no history, never expires.
        1 => {
            n.u16(0);
            n.u16(0);
            n.u32(0);
            old_large(&mut n, 1 << 63);
            old_large(&mut n, 0);
        }
        2 => {
            let all = entries(dom, ctx);
            let count = |k: SidType| all.iter().filter(|e| e.kind == k).count() as u32;
            old_large(&mut n, 1 << 63); // ForceLogoff: never
            n.unicode_head("");
            n.unicode_head(&name);
            n.unicode_head("");
            old_large(&mut n, 1); // DomainModifiedCount
            n.u32(1); // DomainServerEnabled
            n.u32(3); // DomainServerRolePrimary
            n.u32(1); // UasCompatibilityRequired
            n.u32(count(SidType::User));
            n.u32(count(SidType::Group));
            n.u32(count(SidType::Alias));
            n.unicode_body("");
            n.unicode_body(&name);
            n.unicode_body("");
        }
        3 => old_large(&mut n, 1 << 63),
        4 | 6 => {
            n.unicode_head("");
            n.unicode_body("");
        }
        5 => {
            n.unicode_head(&name);
            n.unicode_body(&name);
        }
        7 => n.u32(3),
        8 => {
            old_large(&mut n, 1);
            old_large(&mut n, 0);
        }
        9 => n.u32(1),
        // Lockout: LARGE_INTEGERs (8-aligned), no lockout.
        _ => {
            n.align_to(8);
            n.b.extend_from_slice(&(-18_000_000_000i64).to_le_bytes());
            n.b.extend_from_slice(&(-18_000_000_000i64).to_le_bytes());
            n.u16(0);
        }
    }
    n.u32(0);
    n.b
}

/// SamrEnumerateGroupsInDomain (11), ...UsersInDomain (13, with an account-control
/// filter), ...AliasesInDomain (15): resume handle, then the preferred size.
fn enumerate(
    dom: Dom,
    kind: SidType,
    r: &mut NdrIn,
    with_filter: bool,
    ctx: &dyn RpcContext,
) -> Option<Vec<u8>> {
    let resume = r.u32()? as usize;
    let filter = if with_filter { r.u32()? } else { 0 };
    let max_size = r.u32()? as usize;
    let all: Vec<Entry> = entries(dom, ctx)
        .into_iter()
        .filter(|e| e.kind == kind)
        .filter(|_| filter == 0 || filter & ACB_NORMAL != 0)
        .collect();
    // About what an entry costs on the wire; at least one per call.
    let fits = (max_size / 32).clamp(1, MAX_LOOKUP);
    let rows: Vec<(u32, String)> = all
        .iter()
        .skip(resume)
        .take(fits)
        .map(|e| (e.rid, e.name.clone()))
        .collect();
    let next = resume.saturating_add(rows.len()).min(all.len());
    let mut n = Ndr::new();
    n.u32(next as u32);
    sam_array(&mut n, &rows);
    n.u32(rows.len() as u32);
    n.u32(if next < all.len() {
        STATUS_MORE_ENTRIES
    } else {
        0
    });
    Some(n.b)
}

/// A SAMPR_ULONG_ARRAY: count, referent, then the values.
fn ulongs(n: &mut Ndr, v: &[u32]) {
    n.u32(v.len() as u32);
    n.ptr(!v.is_empty());
    if !v.is_empty() {
        n.u32(v.len() as u32);
        for x in v {
            n.u32(*x);
        }
    }
}

/// SamrGetAliasMembership: which of the domain's aliases hold any of the SIDs.
fn alias_membership(dom: Dom, r: &mut NdrIn, ctx: &dyn RpcContext) -> Option<Vec<u8>> {
    let count = r.u32()? as usize;
    if count > MAX_SIDS {
        return None;
    }
    let mut sids = Vec::new();
    if r.u32()? != 0 {
        if r.u32()? as usize != count {
            return None;
        }
        let present: Vec<bool> = (0..count)
            .map(|_| r.u32().map(|p| p != 0))
            .collect::<Option<_>>()?;
        for _ in present.into_iter().filter(|p| *p) {
            sids.push(r.sid()?);
        }
    }
    let rids: Vec<u32> = entries(dom, ctx)
        .into_iter()
        .filter(|e| e.kind == SidType::Alias)
        .filter(|e| {
            let m = members(Obj::Alias(dom, e.rid), ctx);
            sids.iter().any(|s| m.contains(s))
        })
        .map(|e| e.rid)
        .collect();
    let mut n = Ndr::new();
    ulongs(&mut n, &rids);
    n.u32(0);
    Some(n.b)
}

fn mapped_status(mapped: usize, total: usize) -> u32 {
    match mapped {
        _ if mapped == total => 0,
        0 => STATUS_NONE_MAPPED,
        _ => STATUS_SOME_NOT_MAPPED,
    }
}

/// SamrLookupNamesInDomain: [in, range(0, 1000)] count, then a conformant varying array
/// of RPC_UNICODE_STRING.
fn lookup_names(dom: Dom, r: &mut NdrIn, ctx: &dyn RpcContext) -> Option<Vec<u8>> {
    let count = r.u32()? as usize;
    let _max = r.u32()?;
    let offset = r.u32()?;
    if count > MAX_LOOKUP || offset != 0 || r.u32()? as usize != count {
        return None;
    }
    let names = r.unicode_strings(count)?;
    let all = entries(dom, ctx);
    let found: Vec<Option<&Entry>> = names
        .iter()
        .map(|name| all.iter().find(|e| e.name.eq_ignore_ascii_case(name)))
        .collect();
    let mapped = found.iter().filter(|f| f.is_some()).count();
    let rids: Vec<u32> = found.iter().map(|f| f.map_or(0, |e| e.rid)).collect();
    let kinds: Vec<u32> = found
        .iter()
        .map(|f| f.map_or(SidType::Unknown, |e| e.kind) as u32)
        .collect();
    let mut n = Ndr::new();
    ulongs(&mut n, &rids);
    ulongs(&mut n, &kinds);
    n.u32(mapped_status(mapped, count));
    Some(n.b)
}

/// SamrLookupIdsInDomain: [in, range(0, 1000)] count, then a conformant varying array of
/// RIDs; names (empty where unknown) and their kinds.
fn lookup_rids(dom: Dom, r: &mut NdrIn, ctx: &dyn RpcContext) -> Option<Vec<u8>> {
    let count = r.u32()? as usize;
    let _max = r.u32()?;
    let offset = r.u32()?;
    if count > MAX_LOOKUP || offset != 0 || r.u32()? as usize != count {
        return None;
    }
    let rids: Vec<u32> = (0..count).map(|_| r.u32()).collect::<Option<_>>()?;
    let all = entries(dom, ctx);
    let found: Vec<Option<&Entry>> = rids
        .iter()
        .map(|rid| all.iter().find(|e| e.rid == *rid))
        .collect();
    let mapped = found.iter().filter(|f| f.is_some()).count();
    let mut n = Ndr::new();
    // SAMPR_RETURNED_USTRING_ARRAY.
    n.u32(count as u32);
    n.ptr(count > 0);
    if count > 0 {
        n.u32(count as u32);
        for f in &found {
            n.unicode_head(f.map_or("", |e| &e.name));
        }
        for f in &found {
            n.unicode_body(f.map_or("", |e| &e.name));
        }
    }
    let kinds: Vec<u32> = found
        .iter()
        .map(|f| f.map_or(SidType::Unknown, |e| e.kind) as u32)
        .collect();
    ulongs(&mut n, &kinds);
    n.u32(mapped_status(mapped, count));
    Some(n.b)
}

/// A query's answer without its information: a null pointer, then `status`.
fn no_info(status: u32) -> Vec<u8> {
    let mut n = Ndr::new();
    n.ptr(false);
    n.u32(status);
    n.b
}

/// SamrQueryInformationGroup: general (1, 5), name (2), attributes (3), comment (4).
fn group_info(dom: Dom, rid: u32, level: u16, ctx: &dyn RpcContext) -> Vec<u8> {
    let Some(e) = find(dom, rid, SidType::Group, ctx) else {
        return no_info(STATUS_NO_SUCH_GROUP);
    };
    let mut n = Ndr::new();
    let comment = "Ordinary users";
    if !matches!(level, 1..=5) {
        return no_info(STATUS_INVALID_INFO_CLASS);
    }
    n.ptr(true);
    n.u16(level);
    match level {
        1 | 5 => {
            n.unicode_head(&e.name);
            n.u32(GROUP_ATTRS);
            n.u32(members(Obj::Group(dom, rid), ctx).len() as u32);
            n.unicode_head(comment);
            n.unicode_body(&e.name);
            n.unicode_body(comment);
        }
        2 => {
            n.unicode_head(&e.name);
            n.unicode_body(&e.name);
        }
        3 => n.u32(GROUP_ATTRS),
        _ => {
            n.unicode_head(comment);
            n.unicode_body(comment);
        }
    }
    n.u32(0);
    n.b
}

/// SamrQueryInformationAlias: general (1), name (2), comment (3).
fn alias_info(dom: Dom, rid: u32, level: u16, ctx: &dyn RpcContext) -> Vec<u8> {
    let Some(e) = find(dom, rid, SidType::Alias, ctx) else {
        return no_info(STATUS_NO_SUCH_ALIAS);
    };
    let mut n = Ndr::new();
    if !matches!(level, 1..=3) {
        return no_info(STATUS_INVALID_INFO_CLASS);
    }
    n.ptr(true);
    n.u16(level);
    match level {
        1 => {
            n.unicode_head(&e.name);
            n.u32(members(Obj::Alias(dom, rid), ctx).len() as u32);
            n.unicode_head("");
            n.unicode_body(&e.name);
            n.unicode_body("");
        }
        2 => {
            n.unicode_head(&e.name);
            n.unicode_body(&e.name);
        }
        _ => {
            n.unicode_head("");
            n.unicode_body("");
        }
    }
    n.u32(0);
    n.b
}

/// SamrGetMembersInAlias: a SAMPR_PSID_ARRAY_OUT.
fn alias_members(obj: Obj, ctx: &dyn RpcContext) -> Vec<u8> {
    let sids = members(obj, ctx);
    let mut n = Ndr::new();
    n.u32(sids.len() as u32);
    n.ptr(!sids.is_empty());
    if !sids.is_empty() {
        n.u32(sids.len() as u32);
        for _ in &sids {
            n.ptr(true);
        }
        for s in &sids {
            n.sid(s);
        }
    }
    n.u32(0);
    n.b
}

/// SamrGetGroupsForUser: a local user belongs to "None".
fn groups_for_user() -> Vec<u8> {
    let mut n = Ndr::new();
    n.ptr(true);
    n.u32(1);
    n.ptr(true);
    n.u32(1);
    n.u32(RID_NONE);
    n.u32(GROUP_ATTRS);
    n.u32(0);
    n.b
}

/// An RPC_UNICODE_STRING or RPC_SHORT_BLOB with no buffer.
fn null_string(n: &mut Ndr) {
    n.align();
    n.u16(0);
    n.u16(0);
    n.ptr(false);
}

/// SamrQueryInformationUser (36) and ...2 (47): all information (21), the names (6, 7,
/// 8) and account control (16).
fn user_info(rid: u32, level: u16, ctx: &dyn RpcContext) -> Vec<u8> {
    let Some(e) = find(Dom::Account, rid, SidType::User, ctx) else {
        return no_info(STATUS_NO_SUCH_USER);
    };
    let mut n = Ndr::new();
    if !matches!(level, 6..=8 | 16 | 21) {
        return no_info(STATUS_INVALID_INFO_CLASS);
    }
    n.ptr(true);
    n.u16(level);
    match level {
        6 => {
            n.unicode_head(&e.name);
            n.unicode_head("");
            n.unicode_body(&e.name);
            n.unicode_body("");
        }
        7 => {
            n.unicode_head(&e.name);
            n.unicode_body(&e.name);
        }
        8 => {
            n.unicode_head("");
            n.unicode_body("");
        }
        16 => n.u32(ACB_NORMAL | ACB_PWNOEXP),
        _ => user_all(&mut n, &e),
    }
    n.u32(0);
    n.b
}

/// SAMPR_USER_ALL_INFORMATION of a local user: its name and RID, a member of "None", a
/// normal account whose password does not expire, every hour allowed.
fn user_all(n: &mut Ndr, e: &Entry) {
    // LastLogon, LastLogoff, PasswordLastSet, AccountExpires, PasswordCanChange,
    // PasswordMustChange.
    for t in [0, NEVER, 0, NEVER, 0, NEVER] {
        old_large(n, t);
    }
    n.unicode_head(&e.name);
    // FullName, HomeDirectory, HomeDirectoryDrive, ScriptPath, ProfilePath,
    // AdminComment, WorkStations, UserComment, Parameters.
    for _ in 0..9 {
        n.unicode_head("");
    }
    null_string(n); // LmOwfPassword
    null_string(n); // NtOwfPassword
    null_string(n); // PrivateData
    n.u32(0); // SecurityDescriptor: length, no buffer
    n.ptr(false);
    n.u32(e.rid);
    n.u32(RID_NONE);
    n.u32(ACB_NORMAL | ACB_PWNOEXP);
    n.u32(0x00FF_FFFF); // WhichFields: the fields above
    n.u16(168); // LogonHours: units per week, then the bits
    n.ptr(true);
    for _ in 0..4 {
        n.u16(0); // bad password count, logon count, country code, code page
    }
    n.b.extend_from_slice(&[0, 0, 0, 0]); // LM/NT present, expired, sensitive
    n.unicode_body(&e.name);
    for _ in 0..9 {
        n.unicode_body("");
    }
    n.u32(1260);
    n.u32(0);
    n.u32(21);
    n.b.extend_from_slice(&[0xff; 21]);
    n.align();
}

/// SamrQueryDisplayInformation (40), ...2 (48), ...3 (51): users (1), machines (2, none
/// here) and groups (3), from an index.
fn display_info(dom: Dom, r: &mut NdrIn, ctx: &dyn RpcContext) -> Option<Vec<u8>> {
    let level = r.u16()?;
    let start = r.u32()? as usize;
    let max_entries = (r.u32()? as usize).min(MAX_LOOKUP);
    let _buf_size = r.u32()?;
    let mut n = Ndr::new();
    let kind = match level {
        1 => Some(SidType::User),
        2 => None,
        3 => Some(SidType::Group),
        // (The union needs an arm: an empty list of users.)
        _ => {
            n.u32(0);
            n.u32(0);
            n.u16(1);
            n.u32(0);
            n.ptr(false);
            n.u32(STATUS_INVALID_INFO_CLASS);
            return Some(n.b);
        }
    };
    let all: Vec<Entry> = entries(dom, ctx)
        .into_iter()
        .filter(|e| Some(e.kind) == kind)
        .collect();
    let rows: Vec<(usize, &Entry)> = all
        .iter()
        .enumerate()
        .skip(start)
        .take(max_entries)
        .collect();
    let more = start.saturating_add(rows.len()) < all.len();
    n.u32((all.len() * 64) as u32); // total size, as an estimate
    n.u32((rows.len() * 64) as u32);
    n.u16(level);
    n.u32(rows.len() as u32);
    n.ptr(!rows.is_empty());
    if !rows.is_empty() {
        n.u32(rows.len() as u32);
        for (i, e) in &rows {
            n.u32(*i as u32 + 1);
            n.u32(e.rid);
            n.u32(match level {
                1 => ACB_NORMAL | ACB_PWNOEXP,
                _ => GROUP_ATTRS,
            });
            n.unicode_head(&e.name);
            n.unicode_head("");
            if level == 1 {
                n.unicode_head(""); // full name
            }
        }
        for (_, e) in &rows {
            n.unicode_body(&e.name);
            n.unicode_body("");
            if level == 1 {
                n.unicode_body("");
            }
        }
    }
    n.u32(if more { STATUS_MORE_ENTRIES } else { 0 });
    Some(n.b)
}
