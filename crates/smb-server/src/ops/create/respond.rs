//! CREATE phase 9: change notifications and the response with its contexts; a refused
//! open logged.

use super::*;

/// Phase 9: change notifications for a file made or replaced.
pub(super) fn publish(
    server: &Server,
    share: &crate::config::ShareConfig,
    path: &SharePath,
    info: &FileInfo,
    action: CreateAction,
) {
    let filter = if info.is_directory {
        notify_filter::DIR_NAME
    } else {
        notify_filter::FILE_NAME
    };
    match action {
        CreateAction::Created => {
            server
                .notify
                .publish(&share.name, path, notify_action::ADDED, filter);
            server.tell_cluster(&share.name, path, notify_action::ADDED, filter);
        }
        CreateAction::Overwritten | CreateAction::Superseded => server.publish_change(
            &share.name,
            path,
            notify_action::MODIFIED,
            notify_filter::SIZE | notify_filter::LAST_WRITE | notify_filter::ATTRIBUTES,
        ),
        CreateAction::Opened => {}
    }
}

/// The response, with the contexts answered: maximal access, the on-disk file id, the
/// lease and the durable handle granted.
pub(super) fn respond(
    req: &msg::CreateRequest,
    maximal_access: u32,
    info: &FileInfo,
    action: CreateAction,
    reg: Registered,
    durable: Option<Durable>,
    svhdx: Option<Vec<u8>>,
) -> Outcome {
    use smb_wire::msg::create_tag as tag;
    let mut rctx: Vec<(&[u8], Vec<u8>)> = Vec::new();
    if req.known.max_access {
        let mut d = Vec::new();
        d.put_u32(0);
        d.put_u32(maximal_access);
        rctx.push((tag::MAX_ACCESS, d));
    }
    if req.known.query_on_disk_id {
        let mut d = Vec::new();
        d.put_u64(info.file_id);
        d.put_u64(info.device_id);
        d.put_zeros(16);
        rctx.push((tag::QUERY_ON_DISK_ID, d));
    }
    if let Some((_, ctxdata)) = reg.lease {
        rctx.push((tag::LEASE, ctxdata));
    }
    match durable {
        Some(d) if d.v2 => {
            rctx.push((tag::DURABLE_V2, d.response_context()));
        }
        Some(_) => rctx.push((tag::DURABLE, vec![0; 8])),
        None => {}
    }
    if let Some(b) = svhdx {
        rctx.push((&rsvd::tunnel::OPEN_CONTEXT_NAME, b));
    }
    let ctxs = msg::encode_create_contexts(&rctx);
    let mut body = Vec::with_capacity(160);
    msg::encode_create_response(
        &mut body,
        reg.level,
        action as u32,
        &net_open(info),
        reg.file_id,
        &ctxs,
    );
    Outcome::Created(NtStatus::SUCCESS, body, reg.file_id)
}

/// Says that an open was refused by the open-file budget, at most once per ten seconds.
pub(in crate::ops) fn refused_open(ctx: &Ctx, user: &str, why: crate::budget::Refusal) {
    static LAST: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    if crate::stats::log_due(&LAST, ctx.now.filetime) {
        let budget = &ctx.server.budget;
        let l = budget.limits();
        tracing::warn!(
            user,
            bound = ?why,
            held = budget.files(),
            max_open_files = l.max_open_files,
            max_opens_per_user = l.max_opens_per_user,
            "open refused: INSUFFICIENT_RESOURCES (limits.max_open_files / max_opens_per_user)"
        );
    }
}
