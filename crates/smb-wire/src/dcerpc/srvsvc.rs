//! srvsvc (MS-SRVS): NetrShareEnum, NetrShareGetInfo, NetrServerGetInfo.

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
    match opnum {
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
        21 => Some(server_info(&ctx.server_name())),
        _ => None,
    }
}

fn share_enum(level: u32, shares: &[ShareEntry]) -> Vec<u8> {
    let mut n = Ndr::new();
    if !matches!(level, 0..=2) {
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
            n.ptr(true);
            if level >= 1 {
                n.u32(s.share_type);
                n.ptr(true);
            }
            if level == 2 {
                n.u32(0); // permissions
                n.u32(u32::MAX); // max uses
                n.u32(0); // current uses
                n.ptr(true); // path
                n.ptr(false); // password
            }
        }
        for s in shares {
            n.string(&s.name);
            if level >= 1 {
                n.string(&s.comment);
            }
            if level == 2 {
                n.string(&s.path);
            }
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
        0 | 1 | 2 | 501 | 1005 => {}
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
    n.ptr(true);
    if level >= 1 {
        n.u32(s.share_type);
        n.ptr(true);
    }
    if level == 2 {
        n.u32(0);
        n.u32(u32::MAX);
        n.u32(0);
        n.ptr(true);
        n.ptr(false);
    }
    if level == 501 {
        n.u32(0);
    }
    n.string(&s.name);
    if level >= 1 {
        n.string(&s.comment);
    }
    if level == 2 {
        n.string(&s.path);
    }
    n.u32(0);
    n.b
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
