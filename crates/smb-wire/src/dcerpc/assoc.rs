//! A connection-oriented DCE/RPC association on its own transport (ncacn_ip_tcp: the
//! Witness service and the endpoint mapper), with authentication in the PDUs themselves
//! (MS-RPCE 2.2.2.11): the three-leg NTLMSSP bind (BIND, BIND_ACK, AUTH3), SPNEGO over
//! ALTER_CONTEXT, and requests and responses signed or sealed at the bound level. What
//! authenticates, signs and seals is the caller's [`Security`]; this module frames,
//! checks and pads. Calls come out as [`Call`]s and are answered, at once or later (a
//! long poll), through [`Association::respond`] or [`Association::fault`].

use super::{fault_pdu, put_ack_body, response_fragments, ContextResult, PT_REQUEST};
use super::{finish, header, BTFN_PREFIX, NDR, PT_ALTER, PT_ALTER_RESP, PT_BIND, PT_BIND_ACK};
use crate::codec::{Le, PutLe};
use std::ops::Range;

const PT_BIND_NAK: u8 = 13;
const PT_AUTH3: u8 = 16;
const PFC_FIRST: u8 = 1;
const PFC_LAST: u8 = 2;
/// PFC_SUPPORT_HEADER_SIGN in a bind: both sides sign the header (NTLM always does).
const PFC_HEADER_SIGN: u8 = 4;
const PFC_OBJECT_UUID: u8 = 0x80;

/// Authentication types and levels (MS-RPCE 2.2.1.1.7, 2.2.1.1.8).
pub const AUTH_TYPE_SPNEGO: u8 = 9;
pub const AUTH_TYPE_NTLMSSP: u8 = 10;
/// RPC_C_AUTHN_GSS_KERBEROS: Kerberos without SPNEGO, DCE style.
pub const AUTH_TYPE_KERBEROS: u8 = 16;
pub const AUTH_LEVEL_INTEGRITY: u8 = 5;
pub const AUTH_LEVEL_PRIVACY: u8 = 6;

/// nca_s_fault_access_denied, and the faults a broken call gets: an operation the
/// interface does not have, a stub that does not decode.
pub const FAULT_ACCESS_DENIED: u32 = 5;
pub const FAULT_OP_RNG_ERROR: u32 = super::NCA_OP_RNG_ERROR;
pub const FAULT_NDR: u32 = 0x0000_06F7;
const FAULT_PROTO_ERROR: u32 = super::NCA_PROTO_ERROR;
const FAULT_SEC_PKG_ERROR: u32 = 0x0000_0721;

/// Presentation contexts a bind may propose (and an association keep).
const MAX_CONTEXTS: usize = 16;
/// Calls whose context id is kept for their answer.
const MAX_CALLS: usize = 64;

/// What a peer may make the association hold: one PDU, and one call's stub.
const MAX_PDU: usize = 64 * 1024;
const MAX_STUB: usize = 256 * 1024;
/// The largest auth verifier taken (NTLM's is 16 bytes, Kerberos' AES one 60).
const MAX_SIG_LEN: usize = 1024;
const TRAILER_LEN: usize = 8;
/// Stubs are padded to this before the security trailer (as Windows pads them).
const AUTH_PAD: usize = 16;

/// An authentication step's answer.
pub enum AuthStep {
    /// More legs to come: this token goes back.
    Continue(Vec<u8>),
    /// Authenticated; this token (maybe empty) goes back.
    Done(Vec<u8>),
}

/// A logon the security provider refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refused;

/// A PDU's security trailer: its offset, auth type, level, pad length and context id.
type Trailer = (usize, u8, u8, u8, u32);

/// What authenticates the caller and then protects its PDUs.
pub trait Security {
    /// The client's next token of `auth_type`; the answer, or Err when refused.
    fn step(&mut self, auth_type: u8, token: &[u8]) -> Result<AuthStep, Refused>;
    fn sign(&mut self, pdu: &[u8]) -> [u8; 16];
    fn verify(&mut self, pdu: &[u8], sig: &[u8]) -> bool;
    /// Seals `data` of `pdu` (everything before the auth verifier) in place: the
    /// verifier, `sig_len` bytes long.
    fn seal(&mut self, pdu: &mut [u8], data: Range<usize>) -> Option<Vec<u8>>;
    fn unseal(&mut self, pdu: &mut [u8], data: Range<usize>, sig: &[u8]) -> bool;
    /// The auth verifier's length for `data_len` bytes of stub and pad (NTLM's 16).
    fn sig_len(&mut self, _data_len: usize) -> usize {
        16
    }
    /// Whether the bind agreed to sign the PDU's header and trailer too
    /// (PFC_SUPPORT_HEADER_SIGN; NTLM always signs the whole PDU).
    fn header_signing(&mut self, _on: bool) {}
}

/// An interface the association serves: UUID (wire order) and major version.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Syntax {
    pub uuid: [u8; 16],
    pub major: u16,
}

/// A call to answer.
#[derive(Debug)]
pub struct Call {
    pub call_id: u32,
    /// Which of the served interfaces (its index).
    pub iface: usize,
    pub opnum: u16,
    pub stub: Vec<u8>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Auth {
    None,
    /// Legs under way: the type, level and context id the bind named.
    Pending(u8, u8, u32),
    Done(u8, u8, u32),
    Failed,
}

/// One connection's association.
pub struct Association<S: Security> {
    served: Vec<Syntax>,
    /// The lowest level a call is answered at (0: none needed).
    min_level: u8,
    /// The port a BIND_ACK names as its secondary address.
    port: u16,
    sec: S,
    auth: Auth,
    /// Presentation contexts accepted: (id, served interface).
    contexts: Vec<(u16, usize)>,
    max_xmit: usize,
    input: Vec<u8>,
    output: Vec<u8>,
    partial: Option<(u32, usize, u16, Vec<u8>)>,
    /// The presentation context of each call not yet answered (echoed in its answer).
    call_contexts: Vec<(u32, u16)>,
    /// The connection must end (after what is in `output` is sent).
    closing: bool,
}

fn trailer(b: &mut Vec<u8>, auth_type: u8, level: u8, pad: u8, ctx: u32) {
    b.extend_from_slice(&[auth_type, level, pad, 0]);
    b.put_u32(ctx);
}

impl<S: Security> Association<S> {
    pub fn new(served: Vec<Syntax>, min_level: u8, port: u16, sec: S) -> Self {
        Association {
            served,
            min_level,
            port,
            sec,
            auth: Auth::None,
            contexts: Vec::new(),
            max_xmit: 4280,
            input: Vec::new(),
            output: Vec::new(),
            partial: None,
            call_contexts: Vec::new(),
            closing: false,
        }
    }

    /// The security context (who authenticated, once done).
    pub fn security(&self) -> &S {
        &self.sec
    }

    /// Whether the caller authenticated at `min_level` or better.
    pub fn authenticated(&self) -> bool {
        matches!(self.auth, Auth::Done(_, l, _) if l >= self.min_level)
            || (self.min_level == 0 && self.auth == Auth::None)
    }

    /// Bytes to send.
    pub fn take_output(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.output)
    }

    /// Whether the peer broke the protocol and the connection should end.
    pub fn closing(&self) -> bool {
        self.closing
    }

    /// Takes bytes from the peer; the calls they complete.
    pub fn receive(&mut self, data: &[u8]) -> Vec<Call> {
        let mut calls = Vec::new();
        if self.closing {
            return calls;
        }
        self.input.extend_from_slice(data);
        while self.input.len() >= 16 {
            let len = u16::from_le_bytes([self.input[8], self.input[9]]) as usize;
            if self.input[0] != 5 || self.input[1] != 0 || !(16..=MAX_PDU).contains(&len) {
                self.closing = true;
                self.input.clear();
                break;
            }
            if self.input.len() < len {
                break;
            }
            let pdu: Vec<u8> = self.input.drain(..len).collect();
            if let Some(c) = self.handle(pdu) {
                calls.push(c);
            }
            if self.closing {
                break;
            }
        }
        calls
    }

    /// The security trailer and token of `pdu`, when it carries them: (trailer offset,
    /// auth type, level, pad length, context id).
    fn auth_of(pdu: &[u8]) -> Option<Option<Trailer>> {
        let auth_len = u16::from_le_bytes([pdu[10], pdu[11]]) as usize;
        if auth_len == 0 {
            return Some(None);
        }
        let at = pdu.len().checked_sub(auth_len + TRAILER_LEN)?;
        if at < 16 {
            return None;
        }
        let t = &pdu[at..at + TRAILER_LEN];
        let ctx = u32::from_le_bytes([t[4], t[5], t[6], t[7]]);
        Some(Some((at, t[0], t[1], t[2], ctx)))
    }

    fn handle(&mut self, mut pdu: Vec<u8>) -> Option<Call> {
        let call_id = Le(&pdu).u32(12).unwrap_or(0);
        // Little-endian integers, ASCII characters, IEEE floats only.
        if pdu[4] & 0xf0 != 0x10 {
            self.fault(call_id, FAULT_PROTO_ERROR);
            self.closing = true;
            return None;
        }
        let Some(auth) = Self::auth_of(&pdu) else {
            self.closing = true;
            return None;
        };
        match pdu[2] {
            PT_BIND | PT_ALTER => {
                if self.bind(&pdu, auth).is_none() {
                    self.closing = true;
                }
                None
            }
            PT_AUTH3 => {
                match (auth, self.auth) {
                    (Some((at, t, l, _, ctx)), Auth::Pending(pt, pl, pc))
                        if (t, l, ctx) == (pt, pl, pc) =>
                    {
                        let token = &pdu[at + TRAILER_LEN..];
                        self.auth = match self.sec.step(t, token) {
                            Ok(AuthStep::Done(_)) => Auth::Done(t, l, ctx),
                            _ => Auth::Failed,
                        };
                    }
                    _ => self.auth = Auth::Failed,
                }
                None
            }
            PT_REQUEST => self.request(&mut pdu, auth, call_id),
            _ => {
                self.fault(call_id, FAULT_PROTO_ERROR);
                self.closing = true;
                None
            }
        }
    }

    fn bind(&mut self, pdu: &[u8], auth: Option<Trailer>) -> Option<()> {
        let r = Le(pdu);
        let ptype = pdu[2];
        let call_id = r.u32(12).ok()?;
        if ptype == PT_BIND {
            let max_recv = r.u16(18).ok()? as usize;
            self.max_xmit = max_recv.clamp(1024, 65535);
        }
        let n = r.u8(24).ok()? as usize;
        if n > MAX_CONTEXTS {
            if ptype == PT_BIND {
                return self.nak(call_id);
            }
            self.fault(call_id, FAULT_PROTO_ERROR);
            return Some(());
        }
        let end = auth.map_or(pdu.len(), |a| a.0);
        let mut at = 28;
        let mut results = Vec::new();
        for _ in 0..n {
            let ctx_id = r.u16(at).ok()?;
            let nts = r.u8(at + 2).ok()? as usize;
            if at + 24 + 20 * nts > end {
                return None;
            }
            let abs = r.bytes(at + 4, 16).ok()?;
            let major = r.u16(at + 20).ok()?;
            let served = self
                .served
                .iter()
                .position(|s| s.uuid[..] == *abs && s.major == major);
            // Abstract syntax not supported, until a transfer syntax says otherwise.
            let mut result: ContextResult = (2, 1, [0; 20]);
            for t in 0..nts.min(8) {
                let ts = r.bytes(at + 24 + 20 * t, 20).ok()?;
                if ts[..8] == BTFN_PREFIX {
                    result = (3, 0, [0; 20]);
                    break;
                }
                if let Some(i) = served {
                    if ts[..16] == NDR && u32::from_le_bytes([ts[16], ts[17], ts[18], ts[19]]) == 2
                    {
                        let mut s = [0u8; 20];
                        s.copy_from_slice(ts);
                        result = (0, 0, s);
                        self.contexts.retain(|(c, _)| *c != ctx_id);
                        if self.contexts.len() < MAX_CONTEXTS {
                            self.contexts.push((ctx_id, i));
                        }
                        break;
                    }
                    result = (2, 2, [0; 20]);
                }
            }
            results.push(result);
            at += 24 + 20 * nts;
        }
        // The authentication leg this bind carries.
        let mut answer = None;
        if let Some((a, t, l, _, ctx)) = auth {
            let fresh = matches!(self.auth, Auth::None);
            let going =
                matches!(self.auth, Auth::Pending(pt, pl, pc) if (pt, pl, pc) == (t, l, ctx));
            if !(fresh || going) || l < AUTH_LEVEL_INTEGRITY && l != 2 {
                if ptype == PT_BIND {
                    return self.nak(call_id);
                }
                self.fault(call_id, FAULT_ACCESS_DENIED);
                return Some(());
            }
            match self.sec.step(t, &pdu[a + TRAILER_LEN..]) {
                Ok(AuthStep::Continue(tok)) => {
                    self.auth = Auth::Pending(t, l, ctx);
                    answer = Some((t, l, ctx, tok));
                }
                Ok(AuthStep::Done(tok)) => {
                    self.auth = Auth::Done(t, l, ctx);
                    answer = Some((t, l, ctx, tok));
                }
                Err(Refused) => {
                    self.auth = Auth::Failed;
                    if ptype == PT_BIND {
                        return self.nak(call_id);
                    }
                    self.fault(call_id, FAULT_ACCESS_DENIED);
                    return Some(());
                }
            }
        }
        if ptype == PT_BIND {
            self.sec.header_signing(pdu[3] & PFC_HEADER_SIGN != 0);
        }
        let mut p = Vec::new();
        let (resp, flags) = if ptype == PT_BIND {
            (
                PT_BIND_ACK,
                PFC_FIRST | PFC_LAST | (pdu[3] & PFC_HEADER_SIGN),
            )
        } else {
            (PT_ALTER_RESP, PFC_FIRST | PFC_LAST)
        };
        header(&mut p, resp, flags, call_id);
        let addr = format!("{}\0", self.port);
        let addr = (ptype == PT_BIND).then_some(addr.as_bytes());
        put_ack_body(&mut p, self.max_xmit, addr, &results);
        if let Some((t, l, ctx, tok)) = answer {
            trailer(&mut p, t, l, 0, ctx);
            p.extend_from_slice(&tok);
            p.set_u16(10, tok.len() as u16);
        }
        self.output.extend_from_slice(&finish(p));
        Some(())
    }

    fn nak(&mut self, call_id: u32) -> Option<()> {
        let mut p = Vec::new();
        header(&mut p, PT_BIND_NAK, PFC_FIRST | PFC_LAST, call_id);
        // Reason: authentication type not recognized (or not accepted); no versions.
        p.put_u16(8);
        p.put_u8(0);
        self.output.extend_from_slice(&finish(p));
        self.closing = true;
        Some(())
    }

    /// A REQUEST fragment: checked and opened at the bound level, put together with the
    /// call's earlier fragments; the call when it was the last.
    fn request(&mut self, pdu: &mut [u8], auth: Option<Trailer>, call_id: u32) -> Option<Call> {
        let flags = pdu[3];
        let head = if flags & PFC_OBJECT_UUID != 0 { 40 } else { 24 };
        if pdu.len() < head {
            self.fault(call_id, FAULT_PROTO_ERROR);
            self.closing = true;
            return None;
        }
        let r = Le(pdu);
        let ctx_id = r.u16(20).ok()?;
        let opnum = r.u16(22).ok()?;
        let stub_end = match (auth, self.auth) {
            (None, Auth::None) if self.min_level == 0 => pdu.len(),
            (Some((at, t, l, pad, ctx)), Auth::Done(bt, bl, bc)) if (t, l, ctx) == (bt, bl, bc) => {
                if l < self.min_level {
                    // (Refused whatever it carries: nothing of it is read.)
                    self.fault(call_id, FAULT_ACCESS_DENIED);
                    return None;
                }
                let sig_at = at + TRAILER_LEN;
                let sig_len = pdu.len() - sig_at;
                if at < head + pad as usize
                    || sig_len > MAX_SIG_LEN
                    || sig_len != self.sec.sig_len(at - head)
                {
                    self.fault(call_id, FAULT_SEC_PKG_ERROR);
                    self.closing = true;
                    return None;
                }
                let sig = pdu[sig_at..].to_vec();
                let ok = if l >= AUTH_LEVEL_PRIVACY {
                    self.sec.unseal(&mut pdu[..sig_at], head..at, &sig)
                } else if l >= AUTH_LEVEL_INTEGRITY {
                    self.sec.verify(&pdu[..sig_at], &sig)
                } else {
                    false
                };
                if !ok {
                    self.fault(call_id, FAULT_SEC_PKG_ERROR);
                    self.closing = true;
                    return None;
                }
                at - pad as usize
            }
            _ => {
                self.fault(call_id, FAULT_ACCESS_DENIED);
                return None;
            }
        };
        let Some(&(_, iface)) = self.contexts.iter().find(|(c, _)| *c == ctx_id) else {
            self.fault(call_id, FAULT_PROTO_ERROR);
            return None;
        };
        let stub = &pdu[head..stub_end];
        let whole = match (flags & PFC_FIRST != 0, self.partial.take()) {
            (true, _) => (call_id, iface, opnum, stub.to_vec()),
            (false, Some((id, i, op, mut so_far))) if id == call_id && op == opnum => {
                so_far.extend_from_slice(stub);
                (id, i, op, so_far)
            }
            _ => {
                self.fault(call_id, FAULT_PROTO_ERROR);
                return None;
            }
        };
        if whole.3.len() > MAX_STUB {
            self.fault(call_id, FAULT_PROTO_ERROR);
            return None;
        }
        if flags & PFC_LAST == 0 {
            self.partial = Some(whole);
            return None;
        }
        let (call_id, iface, opnum, stub) = whole;
        self.call_contexts.retain(|(c, _)| *c != call_id);
        if self.call_contexts.len() >= MAX_CALLS {
            self.call_contexts.remove(0);
        }
        self.call_contexts.push((call_id, ctx_id));
        Some(Call {
            call_id,
            iface,
            opnum,
            stub,
        })
    }

    /// The context a call came on (0 when not known), forgotten as it is answered.
    fn context_of(&mut self, call_id: u32) -> u16 {
        match self.call_contexts.iter().position(|(c, _)| *c == call_id) {
            Some(i) => self.call_contexts.remove(i).1,
            None => 0,
        }
    }

    /// Answers call `call_id` with a fault.
    pub fn fault(&mut self, call_id: u32, status: u32) {
        let ctx = self.context_of(call_id);
        self.output
            .extend_from_slice(&fault_pdu(call_id, ctx, status));
    }

    /// Answers call `call_id` with `stub`, in fragments the peer takes, each protected at
    /// the bound level.
    pub fn respond(&mut self, call_id: u32, stub: &[u8]) {
        let ctx_id = self.context_of(call_id);
        let bound = match self.auth {
            Auth::Done(t, l, ctx) if l >= AUTH_LEVEL_INTEGRITY => Some((t, l, ctx)),
            _ => None,
        };
        // (The verifier's length for the largest fragment bounds every fragment's.)
        let sig_max = bound.map_or(0, |_| self.sec.sig_len(self.max_xmit).min(MAX_SIG_LEN));
        let overhead = 24 + bound.map_or(0, |_| TRAILER_LEN + sig_max);
        let room = self.max_xmit.saturating_sub(overhead).max(256) & !(AUTH_PAD - 1);
        for mut p in response_fragments(call_id, ctx_id, stub, room) {
            if let Some((t, l, ctx)) = bound {
                let pad = (AUTH_PAD - (p.len() - 24) % AUTH_PAD) % AUTH_PAD;
                p.resize(p.len() + pad, 0);
                let data = 24..p.len();
                let sig_len = self.sec.sig_len(data.len());
                trailer(&mut p, t, l, pad as u8, ctx);
                p.set_u16(10, sig_len as u16);
                let n = (p.len() + sig_len) as u16;
                p.set_u16(8, n);
                let sig = if l >= AUTH_LEVEL_PRIVACY {
                    self.sec.seal(&mut p, data)
                } else {
                    Some(self.sec.sign(&p).to_vec())
                };
                let mut sig = sig.unwrap_or_default();
                sig.resize(sig_len, 0);
                p.extend_from_slice(&sig);
                self.output.extend_from_slice(&p);
            } else {
                self.output.extend_from_slice(&finish(p));
            }
        }
    }
}

#[cfg(test)]
mod tests;
