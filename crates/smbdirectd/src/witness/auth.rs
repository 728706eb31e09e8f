//! Who may talk to the Witness service: a user the node knows, logged on over NTLM
//! (raw NTLMSSP or inside SPNEGO) by the same rules as an SMB session, whose calls are
//! then sealed with NTLM session security. Guests and anonymous callers are refused.

use smb_auth::acceptor::{Acceptor, Mechanism, Step};
use smb_auth::ntlm_security::NtlmSecurity;
use smb_server::Server;
use smb_wire::dcerpc::assoc::{AuthStep, Refused, Security, AUTH_TYPE_NTLMSSP, AUTH_TYPE_SPNEGO};
use std::ops::Range;
use std::sync::Arc;

pub struct RpcLogon {
    server: Option<Arc<Server>>,
    acceptor: Option<Acceptor>,
    session: Option<NtlmSecurity>,
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
            user: None,
        }
    }

    /// No logon at all (the endpoint mapper, which anyone may ask).
    pub fn none() -> Self {
        RpcLogon {
            server: None,
            acceptor: None,
            session: None,
            user: None,
        }
    }
}

impl Security for RpcLogon {
    fn step(&mut self, auth_type: u8, token: &[u8]) -> Result<AuthStep, Refused> {
        if auth_type != AUTH_TYPE_NTLMSSP && auth_type != AUTH_TYPE_SPNEGO {
            return Err(Refused);
        }
        let (Some(server), Some(acc)) = (&self.server, self.acceptor.as_mut()) else {
            return Err(Refused);
        };
        let step = acc.step(token, &server.users.read());
        match step {
            Ok(Step::Continue(t)) => Ok(AuthStep::Continue(t)),
            Ok(Step::Done(a)) => {
                // (Kerberos would need GSS wrapping of the PDUs: not offered yet.)
                if a.guest || a.anonymous || a.mechanism != Mechanism::Ntlm {
                    return Err(Refused);
                }
                let Some(mut session) = NtlmSecurity::new(&a.session_key, acc.ntlm_flags(), true)
                else {
                    return Err(Refused);
                };
                if acc.ntlm_mic_exchanged() {
                    // Each side's first signature went into its mechListMIC.
                    session.start_sequence_at(1);
                }
                self.session = Some(session);
                self.user = Some(format!("{}\\{}", a.domain, a.user));
                Ok(AuthStep::Done(a.token))
            }
            Err(e) => {
                tracing::info!(target: "audit", error = ?e, "witness: a logon failed");
                Err(Refused)
            }
        }
    }

    fn sign(&mut self, pdu: &[u8]) -> [u8; 16] {
        self.session.as_mut().map_or([0; 16], |s| s.sign(pdu))
    }

    fn verify(&mut self, pdu: &[u8], sig: &[u8]) -> bool {
        self.session.as_mut().is_some_and(|s| s.verify(pdu, sig))
    }

    fn seal(&mut self, pdu: &mut [u8], data: Range<usize>) -> Option<[u8; 16]> {
        self.session.as_mut()?.seal(pdu, data)
    }

    fn unseal(&mut self, pdu: &mut [u8], data: Range<usize>, sig: &[u8]) -> bool {
        self.session
            .as_mut()
            .is_some_and(|s| s.unseal(pdu, data, sig))
    }
}
