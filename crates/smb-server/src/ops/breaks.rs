//! OPLOCK_BREAK acknowledgments, for oplocks and for leases.

use super::*;

/// MS-SMB2 3.3.5.22.2: a client acknowledges a lease break (2.2.24.2) with the state it
/// keeps; the response (2.2.25.2) repeats it.
pub(super) fn lease_break_ack(ctx: &Ctx) -> Outcome {
    let b = &ctx.msg[smb_wire::header::HEADER_LEN..];
    if b.len() < 36 {
        return Fail(NtStatus::INVALID_PARAMETER);
    }
    let mut key = [0u8; 16];
    key.copy_from_slice(&b[8..24]);
    let state = u32::from_le_bytes(b[24..28].try_into().expect("4 bytes"));
    let guid = session(ctx).client_guid;
    match crate::lease::acknowledge(ctx.server, guid, key, state) {
        Ok(()) => {
            let mut body = Vec::with_capacity(36);
            body.put_u16(36);
            body.put_u16(0);
            body.put_u32(0);
            body.extend_from_slice(&key);
            body.put_u32(state);
            body.put_u64(0);
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
    match crate::oplock::acknowledge(fs, open.file_id, ack.oplock_level) {
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
