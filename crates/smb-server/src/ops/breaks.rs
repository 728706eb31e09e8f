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
    match acked {
        Ok(()) => {
            let mut body = Vec::with_capacity(36);
            msg::encode_lease_break_response(&mut body, &key, state);
            Outcome::Done(NtStatus::SUCCESS, body)
        }
        Err(e) => Fail(e),
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
