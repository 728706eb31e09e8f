//! OPLOCK_BREAK acknowledgments, for oplocks and for leases.

use super::*;

/// MS-SMB2 3.3.5.22.2: a client acknowledges a lease break (2.2.24.2) with the state it
/// keeps; the response (2.2.25.2) repeats it.
pub(super) fn lease_break_ack(ctx: &Ctx) -> Outcome {
    let Ok(ack) = msg::LeaseBreakAck::parse(ctx.msg) else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    let (key, state) = (ack.lease_key, ack.lease_state);
    let guid = session(ctx).client_guid;
    let acked = crate::lease::acknowledge(ctx.server, guid, key, state);
    ctx.server.waiters.wake(WaitClass::Breaks);
    if acked.is_ok() {
        persist_lease(ctx, key);
    }
    match acked {
        Ok(()) => {
            let mut body = Vec::with_capacity(36);
            msg::encode_lease_break_response(&mut body, &key, state);
            Outcome::Done(NtStatus::SUCCESS, body)
        }
        Err(e) => Fail(e),
    }
}

/// Journals the session's persistent opens of lease `key` (its state changed).
fn persist_lease(ctx: &Ctx, key: [u8; 16]) {
    let s = session(ctx);
    let guid = s.client_guid;
    let opens: Vec<Arc<Open>> = s
        .opens
        .lock()
        .values()
        .filter(|o| o.durable.is_some_and(|d| d.persistent))
        .cloned()
        .collect();
    for o in opens {
        let on_lease = o.file.as_ref().is_some_and(|fs| {
            fs.inner
                .lock()
                .opens
                .iter()
                .any(|e| e.file_id == o.file_id && e.lease == Some((guid, key)))
        });
        if on_lease {
            persist_change(ctx.server, s, &o);
        }
    }
}

/// MS-SMB2 3.3.5.22.1: a client acknowledges an oplock break.
pub(super) fn oplock_break_ack(ctx: &Ctx) -> Outcome {
    let ack = match msg::OplockBreakAck::parse(ctx.msg) {
        Ok(a) => a,
        Err(smb_wire::WireError::BadValue(_)) => return lease_break_ack(ctx),
        Err(_) => return Fail(NtStatus::INVALID_PARAMETER),
    };
    let open = match find_open(ctx, ack.file_id) {
        Ok(o) => o,
        Err(e) => return Fail(e),
    };
    let Some(fs) = &open.file else {
        return Fail(NtStatus::INVALID_OPLOCK_PROTOCOL);
    };
    let acked = crate::oplock::acknowledge(fs, open.file_id, ack.oplock_level);
    // CREATEs waiting behind the break look again.
    ctx.server.waiters.wake(WaitClass::Breaks);
    if acked.is_ok() {
        persist_change(ctx.server, session(ctx), &open);
    }
    match acked {
        Ok(level) => {
            let mut body = Vec::with_capacity(24);
            body.put_u16(24);
            body.put_u8(level);
            body.put_u8(0);
            body.put_u32(0);
            open.file_id.put(&mut body);
            Outcome::Done(NtStatus::SUCCESS, body)
        }
        Err(e) => Fail(e),
    }
}
