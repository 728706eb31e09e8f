//! srvsvc (MS-SRVS): NetrShareEnum, NetrShareGetInfo, NetrServerGetInfo; for
//! administrators NetrSessionEnum, NetrSessionDel, NetrFileEnum, NetrFileGetInfo,
//! NetrFileClose, NetrConnectionEnum, NetrShareAdd, NetrShareSetInfo and NetrShareDel
//! (others get ERROR_ACCESS_DENIED, as from Windows).

use super::*;

/// Runs srvsvc operation `opnum`; the response stub, or None for an unknown operation.
pub(super) fn request(opnum: u16, stub: &[u8], ctx: &dyn RpcContext) -> Option<Vec<u8>> {
    let s = Le(stub);
    // ServerName: [unique] string.
    let mut at = 0usize;
    if s.u32(0).ok()? != 0 {
        let actual = s.u32(12).ok()? as usize;
        at = 16 + (2 * actual).next_multiple_of(4);
    } else {
        at += 4;
    }
    let mut r = NdrIn::new(stub);
    r.at = at;
    let admin_only = matches!(opnum, 8..=14 | 17..=19);
    if admin_only && !ctx.is_admin() {
        // The out parameters zeroed, then ERROR_ACCESS_DENIED.
        if matches!(opnum, 8 | 9 | 12) {
            let level = enum_level(&mut r, opnum).unwrap_or(0);
            return Some(enum_failure(level, WERR_ACCESS_DENIED));
        }
        let mut n = Ndr::new();
        if opnum == 10 {
            n.u32(0);
            n.ptr(false);
        }
        if matches!(opnum, 14 | 17) {
            n.ptr(false); // ParmErr
        }
        n.u32(WERR_ACCESS_DENIED);
        return Some(n.b);
    }
    match opnum {
        8 => {
            let qualifier = r.unique_string()?;
            let level = r.u32()?;
            Some(connection_enum(
                level,
                qualifier.as_deref(),
                &ctx.connections(),
            ))
        }
        9 => {
            let base = r.unique_string()?;
            let user = r.unique_string()?;
            let level = r.u32()?;
            let files: Vec<FileEntry> = ctx
                .files()
                .into_iter()
                .filter(|f| base.as_deref().is_none_or(|b| f.path.starts_with(b)))
                .filter(|f| user.as_deref().is_none_or(|u| same_user(&f.user, u)))
                .collect();
            Some(file_enum(level, &files))
        }
        10 => {
            let id = r.u32()?;
            let level = r.u32()?;
            let files = ctx.files();
            Some(file_get_info(level, files.iter().find(|f| f.id == id)))
        }
        11 => {
            let id = r.u32()?;
            let mut n = Ndr::new();
            n.u32(if ctx.close_file(id) {
                0
            } else {
                NERR_FILE_ID_NOT_FOUND
            });
            Some(n.b)
        }
        12 => {
            let client = r.unique_string()?;
            let user = r.unique_string()?;
            let level = r.u32()?;
            let sessions: Vec<SessionEntry> = ctx
                .sessions()
                .into_iter()
                .filter(|x| client.as_deref().is_none_or(|c| same_client(&x.client, c)))
                .filter(|x| user.as_deref().is_none_or(|u| same_user(&x.user, u)))
                .collect();
            Some(session_enum(level, &sessions))
        }
        13 => {
            let client = r.unique_string()?;
            let user = r.unique_string()?;
            let n_ended = ctx.end_sessions(
                client.as_deref().map(|c| c.trim_start_matches('\\')),
                user.as_deref(),
            );
            let mut n = Ndr::new();
            n.u32(match (n_ended, &user) {
                (0, Some(_)) => NERR_USER_NOT_FOUND,
                (0, None) => NERR_CLIENT_NAME_NOT_FOUND,
                _ => 0,
            });
            Some(n.b)
        }
        15 => {
            let level = s.u32(at).ok()?;
            Some(share_enum(level, &ctx.shares()))
        }
        16 => {
            // NetName: [ref] string, then Level.
            let actual = s.u32(at + 8).ok()? as usize;
            let bytes = s.bytes(at + 12, 2 * actual).ok()?;
            let name: String = char::decode_utf16(
                bytes
                    .chunks_exact(2)
                    .map(|c| u16::from_le_bytes([c[0], c[1]])),
            )
            .map(|c| c.unwrap_or('?'))
            .collect::<String>()
            .trim_end_matches('\0')
            .to_string();
            let level = s.u32(at + 12 + (2 * actual).next_multiple_of(4)).ok()?;
            Some(share_get_info(level, &name, &ctx.shares()))
        }
        14 => share_add(&mut r, ctx),
        17 => share_set_info(&mut r, ctx),
        // NetrShareDel, NetrShareDelSticky: the name, then a reserved word.
        18 | 19 => {
            let name = r.string()?;
            let mut n = Ndr::new();
            n.u32(ctx.delete_share(&name));
            Some(n.b)
        }
        21 => Some(server_info(&ctx.server_name())),
        _ => None,
    }
}

/// What a SHARE_INFO a client sends says (NetrShareAdd, NetrShareSetInfo).
#[derive(Default, Debug)]
struct ShareInfoIn {
    name: Option<String>,
    remark: Option<String>,
    path: Option<String>,
    /// A security descriptor came with it (502, 1501).
    sd: bool,
    /// Flags (1005) or a use limit (1006): settings the node does not keep.
    unkept: bool,
}

/// [in, switch_is(Level)] LPSHARE_INFO: the discriminant, the arm's referent, then the
/// SHARE_INFO_<level> and its strings.
fn share_info_in(r: &mut NdrIn, level: u32) -> Option<ShareInfoIn> {
    if r.u32()? != level {
        return None;
    }
    let mut info = ShareInfoIn::default();
    if r.u32()? == 0 {
        return Some(info);
    }
    let string = |r: &mut NdrIn, present: bool| {
        if present {
            r.string().map(Some)
        } else {
            Some(None)
        }
    };
    match level {
        1004 => {
            let remark = r.u32()? != 0;
            info.remark = string(r, remark)?;
        }
        1005 => info.unkept = r.u32()? != 0,
        1006 => info.unkept = r.u32()? != u32::MAX,
        1501 => {
            let _len = r.u32()?;
            info.sd = r.u32()? != 0;
        }
        1 | 2 | 502 => {
            let name = r.u32()? != 0;
            let _type = r.u32()?;
            let remark = r.u32()? != 0;
            let (mut path, mut pass) = (false, false);
            if level != 1 {
                let _permissions = r.u32()?;
                info.unkept = r.u32()? != u32::MAX; // max uses
                let _current = r.u32()?;
                path = r.u32()? != 0;
                pass = r.u32()? != 0;
            }
            if level == 502 {
                let _len = r.u32()?;
                info.sd = r.u32()? != 0;
            }
            info.name = string(r, name)?;
            info.remark = string(r, remark)?;
            info.path = string(r, path)?;
            string(r, pass)?;
        }
        _ => return None,
    }
    Some(info)
}

/// A ParmErr [in, out, unique] pointer's answer, then the status.
fn with_parm_err(werr: u32) -> Vec<u8> {
    let mut n = Ndr::new();
    n.ptr(false);
    n.u32(werr);
    n.b
}

/// NetrShareAdd at 2 or 502 (Windows' Computer Management and `net share` use these).
fn share_add(r: &mut NdrIn, ctx: &dyn RpcContext) -> Option<Vec<u8>> {
    let level = r.u32()?;
    if !matches!(level, 2 | 502) {
        return Some(with_parm_err(WERR_INVALID_LEVEL));
    }
    let info = share_info_in(r, level)?;
    let werr = match (&info.name, &info.path) {
        (Some(name), Some(path)) if !info.sd => {
            ctx.add_share(name, path, info.remark.as_deref().unwrap_or(""))
        }
        (Some(_), Some(_)) => ERROR_NOT_SUPPORTED,
        _ => ERROR_INVALID_PARAMETER,
    };
    Some(with_parm_err(werr))
}

/// NetrShareSetInfo: the comment changes (1, 2, 502, 1004); a descriptor, flags or a
/// use limit are settings the node does not keep (ERROR_NOT_SUPPORTED).
fn share_set_info(r: &mut NdrIn, ctx: &dyn RpcContext) -> Option<Vec<u8>> {
    let name = r.string()?;
    let level = r.u32()?;
    if !matches!(level, 1 | 2 | 502 | 1004..=1006 | 1501) {
        return Some(with_parm_err(WERR_INVALID_LEVEL));
    }
    let info = share_info_in(r, level)?;
    let werr = if info.sd || info.unkept {
        ERROR_NOT_SUPPORTED
    } else if let Some(remark) = &info.remark {
        ctx.set_share_comment(&name, remark)
    } else if ctx
        .shares()
        .iter()
        .any(|s| s.name.eq_ignore_ascii_case(&name))
    {
        0
    } else {
        NERR_NET_NAME_NOT_FOUND
    };
    Some(with_parm_err(werr))
}

fn share_enum(level: u32, shares: &[ShareEntry]) -> Vec<u8> {
    let mut n = Ndr::new();
    if !matches!(level, 0..=2 | 501 | 502) {
        n.u32(level);
        n.u32(level);
        n.u32(0);
        n.u32(0);
        n.u32(0);
        n.u32(124); // WERR_INVALID_LEVEL
        return n.b;
    }
    n.u32(level);
    n.u32(level);
    n.ptr(true); // container
    n.u32(shares.len() as u32);
    n.ptr(!shares.is_empty());
    if !shares.is_empty() {
        n.u32(shares.len() as u32);
        for s in shares {
            share_fixed(&mut n, level, s);
        }
        for s in shares {
            share_deferred(&mut n, level, s);
        }
    }
    n.u32(shares.len() as u32); // TotalEntries
    n.ptr(true); // ResumeHandle
    n.u32(0);
    n.u32(0); // WERR_OK
    n.b
}

fn share_get_info(level: u32, name: &str, shares: &[ShareEntry]) -> Vec<u8> {
    let mut n = Ndr::new();
    let Some(s) = shares.iter().find(|s| s.name.eq_ignore_ascii_case(name)) else {
        n.u32(level);
        n.u32(0);
        n.u32(2310); // WERR_NERR_NET_NAME_NOT_FOUND
        return n.b;
    };
    match level {
        0 | 1 | 2 | 501 | 502 | 1005 => {}
        _ => {
            n.u32(level);
            n.u32(0);
            n.u32(124);
            return n.b;
        }
    }
    n.u32(level);
    n.ptr(true);
    if level == 1005 {
        n.u32(0);
        n.u32(0);
        return n.b;
    }
    share_fixed(&mut n, level, s);
    share_deferred(&mut n, level, s);
    n.u32(0);
    n.b
}

/// A SHARE_INFO_<level>'s fixed part (its strings deferred).
fn share_fixed(n: &mut Ndr, level: u32, s: &ShareEntry) {
    n.ptr(true); // netname
    if level == 0 {
        return;
    }
    n.u32(s.share_type);
    n.ptr(true); // remark
    match level {
        2 | 502 => {
            n.u32(0); // permissions
            n.u32(u32::MAX); // max uses
            n.u32(0); // current uses
            n.ptr(true); // path
            n.ptr(false); // password
            if level == 502 {
                n.u32(0); // reserved: the descriptor's length
                n.ptr(false); // security descriptor
            }
        }
        501 => n.u32(0), // flags (no client-side caching policy)
        _ => {}
    }
}

fn share_deferred(n: &mut Ndr, level: u32, s: &ShareEntry) {
    n.string(&s.name);
    if level >= 1 {
        n.string(&s.comment);
    }
    if matches!(level, 2 | 502) {
        n.string(&s.path);
    }
}

const WERR_ACCESS_DENIED: u32 = 5;
const ERROR_NOT_SUPPORTED: u32 = 50;
const ERROR_INVALID_PARAMETER: u32 = 87;
const NERR_NET_NAME_NOT_FOUND: u32 = 2310;
const WERR_INVALID_LEVEL: u32 = 124;
const NERR_USER_NOT_FOUND: u32 = 2221;
const NERR_CLIENT_NAME_NOT_FOUND: u32 = 2312;
const NERR_FILE_ID_NOT_FOUND: u32 = 2314;

/// The Level of an enumeration's InfoStruct (after what comes before it).
fn enum_level(r: &mut NdrIn, opnum: u16) -> Option<u32> {
    let strings = if opnum == 8 { 1 } else { 2 };
    for _ in 0..strings {
        r.unique_string()?;
    }
    r.u32()
}

fn same_user(have: &str, asked: &str) -> bool {
    let name = |u: &str| u.rsplit('\\').next().unwrap_or(u).to_ascii_lowercase();
    name(have) == name(asked)
}

fn same_client(have: &str, asked: &str) -> bool {
    let asked = asked.trim_start_matches('\\');
    have.eq_ignore_ascii_case(asked) || have.split(':').next() == Some(asked)
}

/// An enumeration answer: Level, the union's arm, its container with `count` entries
/// written by `entries` (fixed parts, then deferred), TotalEntries, ResumeHandle, OK.
fn enum_answer(level: u32, count: usize, entries: impl FnOnce(&mut Ndr)) -> Vec<u8> {
    let mut n = Ndr::new();
    n.u32(level);
    n.u32(level);
    n.ptr(true);
    n.u32(count as u32);
    n.ptr(count > 0);
    if count > 0 {
        n.u32(count as u32);
        entries(&mut n);
    }
    n.u32(count as u32);
    n.ptr(true);
    n.u32(0);
    n.u32(0);
    n.b
}

/// An enumeration that fails with `werr`: its out parameters empty.
fn enum_failure(level: u32, werr: u32) -> Vec<u8> {
    let mut n = Ndr::new();
    n.u32(level);
    n.u32(level);
    n.ptr(false);
    n.u32(0);
    n.ptr(false);
    n.u32(werr);
    n.b
}

fn bad_level(level: u32) -> Vec<u8> {
    enum_failure(level, WERR_INVALID_LEVEL)
}

fn session_enum(level: u32, v: &[SessionEntry]) -> Vec<u8> {
    if !matches!(level, 0 | 1 | 2 | 10 | 502) {
        return bad_level(level);
    }
    enum_answer(level, v.len(), |n| {
        for x in v {
            n.ptr(true); // cname
            if level == 0 {
                continue;
            }
            n.ptr(true); // username
            if level == 10 {
                n.u32(x.seconds);
                n.u32(x.idle_seconds);
                continue;
            }
            n.u32(x.opens);
            n.u32(x.seconds);
            n.u32(x.idle_seconds);
            n.u32(u32::from(x.guest)); // SESS_GUEST
            if level >= 2 {
                n.ptr(true); // client type
            }
            if level == 502 {
                n.ptr(true); // transport
            }
        }
        for x in v {
            n.string(&format!("\\\\{}", client_host(&x.client)));
            if level == 0 {
                continue;
            }
            n.string(&x.user);
            if level >= 2 && level != 10 {
                n.string("smbdirectd client");
            }
            if level == 502 {
                n.string(&x.transport);
            }
        }
    })
}

/// An address without its port.
fn client_host(c: &str) -> &str {
    match c.rsplit_once(':') {
        Some((h, p)) if p.chars().all(|d| d.is_ascii_digit()) && !h.is_empty() => {
            h.trim_start_matches('[').trim_end_matches(']')
        }
        _ => c,
    }
}

fn file_fixed(n: &mut Ndr, level: u32, f: &FileEntry) {
    n.u32(f.id);
    if level == 3 {
        n.u32(f.permissions);
        n.u32(f.locks);
        n.ptr(true);
        n.ptr(true);
    }
}

fn file_deferred(n: &mut Ndr, level: u32, f: &FileEntry) {
    if level == 3 {
        n.string(&f.path);
        n.string(&f.user);
    }
}

fn file_enum(level: u32, v: &[FileEntry]) -> Vec<u8> {
    if !matches!(level, 2 | 3) {
        return bad_level(level);
    }
    enum_answer(level, v.len(), |n| {
        for f in v {
            file_fixed(n, level, f);
        }
        for f in v {
            file_deferred(n, level, f);
        }
    })
}

fn file_get_info(level: u32, f: Option<&FileEntry>) -> Vec<u8> {
    let mut n = Ndr::new();
    let werr = match (level, f) {
        (2 | 3, Some(f)) => {
            n.u32(level);
            n.ptr(true);
            file_fixed(&mut n, level, f);
            file_deferred(&mut n, level, f);
            0
        }
        (2 | 3, None) => NERR_FILE_ID_NOT_FOUND,
        _ => WERR_INVALID_LEVEL,
    };
    if werr != 0 {
        n.u32(level);
        n.ptr(false);
    }
    n.u32(werr);
    n.b
}

fn connection_enum(level: u32, qualifier: Option<&str>, v: &[ConnectionEntry]) -> Vec<u8> {
    if !matches!(level, 0 | 1) {
        return bad_level(level);
    }
    // A qualifier names a share, or (\\client) a computer.
    let v: Vec<&ConnectionEntry> = v
        .iter()
        .filter(|c| match qualifier {
            None => true,
            Some(q) if q.starts_with("\\\\") => same_client(&c.client, q),
            Some(q) => c.share.eq_ignore_ascii_case(q),
        })
        .collect();
    enum_answer(level, v.len(), |n| {
        for c in &v {
            n.u32(c.id);
            if level == 1 {
                n.u32(if c.ipc {
                    STYPE_IPC_SPECIAL
                } else {
                    STYPE_DISKTREE
                });
                n.u32(c.opens);
                n.u32(1);
                n.u32(0);
                n.ptr(true);
                n.ptr(true);
            }
        }
        if level == 1 {
            for c in &v {
                n.string(&c.user);
                // A share qualifier lists the computers; a computer one, the shares.
                match qualifier {
                    Some(q) if q.starts_with("\\\\") => n.string(&c.share),
                    _ => n.string(client_host(&c.client)),
                }
            }
        }
    })
}

fn server_info(name: &str) -> Vec<u8> {
    let mut n = Ndr::new();
    n.u32(101);
    n.ptr(true);
    n.u32(500); // platform id NT
    n.ptr(true);
    n.u32(10);
    n.u32(0);
    n.u32(0x0000_9003); // workstation | server | NT
    n.ptr(true);
    n.string(name);
    n.string("smbdirectd");
    n.u32(0);
    n.b
}
