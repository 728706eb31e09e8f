//! The client's side of an [`super::assoc::Association`]: the PDUs our client (and the
//! tests) send, protected with the same [`Security`], and the answers opened again.

use super::assoc::{Security, Syntax, AUTH_LEVEL_INTEGRITY, AUTH_LEVEL_PRIVACY};
use super::{finish, header, NDR, PT_ALTER, PT_BIND, PT_REQUEST, PT_RESPONSE};
use crate::codec::PutLe;

const PT_AUTH3: u8 = 16;

/// Security trailer fields: type, level, context id.
#[derive(Clone, Copy, Debug)]
pub struct AuthInfo {
    pub auth_type: u8,
    pub level: u8,
    pub context: u32,
}

fn with_token(mut p: Vec<u8>, auth: Option<(AuthInfo, &[u8])>) -> Vec<u8> {
    if let Some((a, token)) = auth {
        while !p.len().is_multiple_of(4) {
            p.push(0);
        }
        p.extend_from_slice(&[a.auth_type, a.level, 0, 0]);
        p.put_u32(a.context);
        p.extend_from_slice(token);
        p.set_u16(10, token.len() as u16);
    }
    finish(p)
}

/// A BIND (or, `alter`, an ALTER_CONTEXT) for one interface over NDR, with an
/// authentication leg when given.
pub fn bind(
    call_id: u32,
    alter: bool,
    ctx_id: u16,
    iface: Syntax,
    auth: Option<(AuthInfo, &[u8])>,
) -> Vec<u8> {
    let mut p = Vec::new();
    header(&mut p, if alter { PT_ALTER } else { PT_BIND }, 3, call_id);
    p.put_u16(4280);
    p.put_u16(4280);
    p.put_u32(0);
    p.put_u8(1);
    p.put_u8(0);
    p.put_u16(0);
    p.put_u16(ctx_id);
    p.put_u8(1);
    p.put_u8(0);
    p.extend_from_slice(&iface.uuid);
    p.put_u16(iface.major);
    p.put_u16(0);
    p.extend_from_slice(&NDR);
    p.put_u32(2);
    with_token(p, auth)
}

/// AUTH3: the last leg of a three-leg NTLMSSP bind.
pub fn auth3(call_id: u32, auth: AuthInfo, token: &[u8]) -> Vec<u8> {
    let mut p = Vec::new();
    header(&mut p, PT_AUTH3, 3, call_id);
    p.put_u32(0);
    with_token(p, Some((auth, token)))
}

/// A REQUEST in one fragment, protected at `auth`'s level (or not, without one).
pub fn request<S: Security>(
    call_id: u32,
    ctx_id: u16,
    opnum: u16,
    stub: &[u8],
    auth: Option<(AuthInfo, &mut S)>,
) -> Vec<u8> {
    let mut p = Vec::new();
    header(&mut p, PT_REQUEST, 3, call_id);
    p.put_u32(stub.len() as u32);
    p.put_u16(ctx_id);
    p.put_u16(opnum);
    p.extend_from_slice(stub);
    let Some((a, sec)) = auth else {
        return finish(p);
    };
    let pad = (16 - stub.len() % 16) % 16;
    p.resize(p.len() + pad, 0);
    let data = 24..p.len();
    p.extend_from_slice(&[a.auth_type, a.level, pad as u8, 0]);
    p.put_u32(a.context);
    let sig_len = sec.sig_len(data.len());
    p.set_u16(10, sig_len as u16);
    let n = (p.len() + sig_len) as u16;
    p.set_u16(8, n);
    let sig = if a.level >= AUTH_LEVEL_PRIVACY {
        sec.seal(&mut p, data)
    } else {
        Some(sec.sign(&p).to_vec())
    };
    let mut sig = sig.unwrap_or_default();
    sig.resize(sig_len, 0);
    p.extend_from_slice(&sig);
    p
}

/// What one answer PDU says.
#[derive(Debug, PartialEq, Eq)]
pub enum Answer {
    /// A RESPONSE fragment's stub (opened), and whether it was the last.
    Stub(Vec<u8>, bool),
    /// A FAULT's status.
    Fault(u32),
    /// A BIND_ACK or ALTER_CONTEXT_RESP: the first result and its token.
    Bound(u16, Vec<u8>),
    /// BIND_NAK, or anything else.
    Refused(u8),
}

/// Reads one answer PDU (whole), opening it at `level` with `sec`.
pub fn answer<S: Security>(pdu: &mut [u8], level: u8, sec: &mut S) -> Option<Answer> {
    if pdu.len() < 16 {
        return None;
    }
    let auth_len = u16::from_le_bytes([pdu[10], pdu[11]]) as usize;
    let trailer = pdu.len().checked_sub(auth_len + 8)?;
    match pdu[2] {
        PT_RESPONSE => {
            let last = pdu[3] & 2 != 0;
            if auth_len == 0 {
                // (Bound at integrity or privacy, an answer without protection is not
                // the server's.)
                if level >= AUTH_LEVEL_INTEGRITY {
                    return None;
                }
                return Some(Answer::Stub(pdu.get(24..)?.to_vec(), last));
            }
            let pad = *pdu.get(trailer + 2)? as usize;
            let sig: Vec<u8> = pdu.get(trailer + 8..)?.to_vec();
            let signed = trailer + 8;
            let ok = if level >= AUTH_LEVEL_PRIVACY {
                sec.unseal(&mut pdu[..signed], 24..trailer, &sig)
            } else if level >= AUTH_LEVEL_INTEGRITY {
                sec.verify(&pdu[..signed], &sig)
            } else {
                false
            };
            ok.then(|| Answer::Stub(pdu[24..trailer.saturating_sub(pad).max(24)].to_vec(), last))
        }
        3 => Some(Answer::Fault(u32::from_le_bytes(
            pdu.get(24..28)?.try_into().ok()?,
        ))),
        12 | 15 => {
            let addr_len = u16::from_le_bytes(pdu.get(24..26)?.try_into().ok()?) as usize;
            let at = (26 + addr_len).next_multiple_of(4);
            let result = u16::from_le_bytes(pdu.get(at + 4..at + 6)?.try_into().ok()?);
            let token = if auth_len > 0 {
                pdu.get(trailer + 8..)?.to_vec()
            } else {
                Vec::new()
            };
            Some(Answer::Bound(result, token))
        }
        t => Some(Answer::Refused(t)),
    }
}
