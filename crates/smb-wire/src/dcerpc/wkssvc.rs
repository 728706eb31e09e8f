//! wkssvc (MS-WKST): NetrWkstaGetInfo, which Windows asks of a server whose shares and
//! security settings it shows (the computer and its domain or workgroup).

use super::*;

/// WERR_INVALID_LEVEL.
const INVALID_LEVEL: u32 = 124;

/// Runs wkssvc operation `opnum`; the response stub, or None for an unknown operation.
pub(super) fn request(opnum: u16, stub: &[u8], ctx: &dyn RpcContext) -> Option<Vec<u8>> {
    let mut r = NdrIn::new(stub);
    match opnum {
        // NetrWkstaGetInfo: ServerName ([unique, string]), Level.
        0 => {
            r.unique_string()?;
            let level = r.u32()?;
            Some(wksta_info(level, ctx))
        }
        _ => None,
    }
}

fn wksta_info(level: u32, ctx: &dyn RpcContext) -> Vec<u8> {
    let mut n = Ndr::new();
    n.u32(level);
    if !matches!(level, 100..=102) {
        n.ptr(false);
        n.u32(INVALID_LEVEL);
        return n.b;
    }
    let name = ctx.server_name();
    let group = ctx
        .primary_domain()
        .map_or_else(|| "WORKGROUP".to_string(), |(name, _, _)| name);
    n.ptr(true);
    n.u32(500); // PLATFORM_ID_NT
    n.ptr(true);
    n.ptr(true);
    n.u32(10); // Windows 10 / Server 2016 and later
    n.u32(0);
    if level >= 101 {
        n.ptr(false); // lanroot
    }
    if level == 102 {
        n.u32(0); // logged-on users
    }
    n.string(&name);
    n.string(&group);
    n.u32(0);
    n.b
}
