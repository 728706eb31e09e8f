//! Who may talk to the Witness service: a user logged on by the same rules as an SMB
//! session, over NTLM (raw NTLMSSP or inside SPNEGO) or Kerberos (inside SPNEGO, as a
//! domain-joined Windows host logs on, or bare), whose calls are then sealed: with NTLM
//! session security, or with Kerberos' DCE-style wrap tokens (MS-KILE 3.4.5.4.1).
//! Guests and anonymous callers are refused.

use smb_auth::acceptor::{Acceptor, Mechanism, Step};
use smb_auth::kerberos::KerberosAcceptor;
use smb_auth::ntlm_security::NtlmSecurity;
use smb_server::Server;
use smb_wire::dcerpc::assoc::{
    AuthStep, Refused, Security, AUTH_TYPE_KERBEROS, AUTH_TYPE_NTLMSSP, AUTH_TYPE_SPNEGO,
};
use std::ops::Range;
use std::sync::Arc;

/// What protects the calls once logged on.
enum Session {
    Ntlm(Box<NtlmSecurity>),
    Kerberos(Box<dyn KerberosAcceptor>),
}

pub struct RpcLogon {
    server: Option<Arc<Server>>,
    acceptor: Option<Acceptor>,
    session: Option<Session>,
    /// PFC_SUPPORT_HEADER_SIGN as the bind agreed it.
    header_signing: bool,
    /// DOMAIN\user, once logged on.
    pub user: Option<String>,
}

impl RpcLogon {
    /// Logons accepted as `server` accepts them.
    pub fn new(server: &Arc<Server>) -> Self {
        let mut challenge = [0u8; 8];
        let _ = getrandom::getrandom(&mut challenge);
        RpcLogon {
            server: Some(server.clone()),
            acceptor: Some(Acceptor::new(
                server.acceptor_config(),
                challenge,
                crate::clock::filetime_now(),
            )),
            session: None,
            header_signing: false,
            user: None,
        }
    }

    /// No logon at all (the endpoint mapper, which anyone may ask).
    pub fn none() -> Self {
        RpcLogon {
            server: None,
            acceptor: None,
            session: None,
            header_signing: false,
            user: None,
        }
    }
}

impl Security for RpcLogon {
    fn step(&mut self, auth_type: u8, token: &[u8]) -> Result<AuthStep, Refused> {
        if ![AUTH_TYPE_NTLMSSP, AUTH_TYPE_SPNEGO, AUTH_TYPE_KERBEROS].contains(&auth_type) {
            return Err(Refused);
        }
        let (Some(server), Some(acc)) = (&self.server, self.acceptor.as_mut()) else {
            return Err(Refused);
        };
        let step = acc.step(token, &server.users.read());
        match step {
            Ok(Step::Continue(t)) => Ok(AuthStep::Continue(t)),
            Ok(Step::Done(a)) => {
                if a.guest || a.anonymous {
                    return Err(Refused);
                }
                let session = match a.mechanism {
                    Mechanism::Kerberos => {
                        let k = acc.take_kerberos().ok_or(Refused)?;
                        Session::Kerberos(k)
                    }
                    _ if auth_type == AUTH_TYPE_KERBEROS => return Err(Refused),
                    _ => {
                        let Some(mut s) = NtlmSecurity::new(&a.session_key, acc.ntlm_flags(), true)
                        else {
                            return Err(Refused);
                        };
                        if acc.ntlm_mic_exchanged() {
                            // Each side's first signature went into its mechListMIC.
                            s.start_sequence_at(1);
                        }
                        Session::Ntlm(Box::new(s))
                    }
                };
                tracing::info!(target: "audit", user = %format!("{}\\{}", a.domain, a.user),
                    mechanism = ?a.mechanism, "witness: logged on");
                self.session = Some(session);
                self.user = Some(format!("{}\\{}", a.domain, a.user));
                Ok(AuthStep::Done(a.token))
            }
            Err(e) => {
                let why = acc.failure().unwrap_or_default();
                tracing::info!(target: "audit", error = ?e, why, "witness: a logon failed");
                Err(Refused)
            }
        }
    }

    // Integrity alone is NTLM's only (the service wants privacy anyway).
    fn sign(&mut self, pdu: &[u8]) -> [u8; 16] {
        match &mut self.session {
            Some(Session::Ntlm(s)) => s.sign(pdu),
            _ => [0; 16],
        }
    }

    fn verify(&mut self, pdu: &[u8], sig: &[u8]) -> bool {
        match &mut self.session {
            Some(Session::Ntlm(s)) => s.verify(pdu, sig),
            _ => false,
        }
    }

    fn seal(&mut self, pdu: &mut [u8], data: Range<usize>) -> Option<Vec<u8>> {
        let headers = self.header_signing;
        match self.session.as_mut()? {
            Session::Ntlm(s) => s.seal(pdu, data).map(|s| s.to_vec()),
            Session::Kerberos(k) => {
                let (pre, data, post) = pieces(pdu, data, headers)?;
                k.dce_seal(pre, data, post).ok()
            }
        }
    }

    fn unseal(&mut self, pdu: &mut [u8], data: Range<usize>, sig: &[u8]) -> bool {
        let headers = self.header_signing;
        match &mut self.session {
            Some(Session::Ntlm(s)) => s.unseal(pdu, data, sig),
            Some(Session::Kerberos(k)) => {
                let Some((pre, data, post)) = pieces(pdu, data, headers) else {
                    return false;
                };
                match k.dce_unseal(pre, data, post, sig) {
                    Ok(()) => true,
                    Err(e) => {
                        tracing::info!(target: "audit", error = %e, "witness: a sealed call did not open");
                        false
                    }
                }
            }
            None => false,
        }
    }

    fn sig_len(&mut self, data_len: usize) -> usize {
        match &mut self.session {
            Some(Session::Kerberos(k)) => k.dce_seal_len(data_len).unwrap_or(0),
            _ => 16,
        }
    }

    fn header_signing(&mut self, on: bool) {
        self.header_signing = on;
    }
}

/// A PDU (up to its verifier) as Kerberos' DCE-style wrap takes it: what is signed
/// before the stub, the stub (sealed in place), what is signed after it; the signed
/// pieces empty when the bind did not agree to sign headers. None for a range outside.
fn pieces(pdu: &mut [u8], data: Range<usize>, headers: bool) -> Option<(&[u8], &mut [u8], &[u8])> {
    if data.end > pdu.len() || data.start > data.end {
        return None;
    }
    let (pre, rest) = pdu.split_at_mut(data.start);
    let (data, post) = rest.split_at_mut(data.end - data.start);
    Some(match headers {
        true => (pre, data, post),
        false => (&[], data, &[]),
    })
}
