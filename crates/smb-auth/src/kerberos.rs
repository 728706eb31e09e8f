//! Kerberos inside SPNEGO: what the acceptor needs from a Kerberos implementation (the
//! daemon plugs in MIT Kerberos through the `gss` crate; tests plug in fakes), and
//! what a Kerberos logon yields.

use crate::pac::{LogonInfo, Sid};

/// What a Kerberos implementation found in an AP-REQ it accepted.
#[derive(Debug, Clone)]
pub struct Ticket {
    /// The AP-REP (mutual authentication), GSS-framed.
    pub token: Vec<u8>,
    /// `user@REALM`.
    pub principal: String,
    /// The GSS session key (RFC 4121: the acceptor's subkey, the initiator's, or the
    /// ticket's).
    pub session_key: Vec<u8>,
    /// Seconds the ticket has left.
    pub lifetime_s: u32,
    /// The PAC's logon information buffer, and whether the PAC's server checksum
    /// verified.
    pub logon_info: Option<(Vec<u8>, bool)>,
}

/// Where an accepted token leaves the exchange.
#[derive(Debug, Clone)]
pub enum KrbStep {
    /// DCE style (a DCE/RPC bind): this AP-REP goes back, the client's AP-REP comes
    /// next and completes it.
    Continue(Vec<u8>),
    Done(Ticket),
}

/// One Kerberos exchange on the acceptor side.
pub trait KerberosAcceptor: Send {
    /// Accepts the client's InitialContextToken (or, DCE style, its AP-REP after ours).
    /// The error is the reason, for logs.
    fn accept(&mut self, token: &[u8]) -> Result<KrbStep, String>;
    /// SPNEGO's mechListMIC over the client's mechTypes (RFC 4178 5).
    fn get_mic(&mut self, msg: &[u8]) -> Result<Vec<u8>, String>;
    fn verify_mic(&mut self, msg: &[u8], mic: &[u8]) -> Result<(), String>;

    /// DCE/RPC packet privacy on a complete context (MS-RPCE 3.3.1.5.2, MS-KILE
    /// 3.4.5.4.1): the auth verifier's length for a stub of `data_len` bytes.
    fn dce_seal_len(&mut self, _data_len: usize) -> Result<usize, String> {
        Err("no DCE/RPC sealing".into())
    }

    /// Seals `data` (the stub and its pad) in place, protecting `pre` (the PDU before
    /// it) and `post` (the security trailer) too when the header is signed (else
    /// both empty): the auth verifier.
    fn dce_seal(&mut self, _pre: &[u8], _data: &mut [u8], _post: &[u8]) -> Result<Vec<u8>, String> {
        Err("no DCE/RPC sealing".into())
    }

    /// Opens a sealed stub in place, checked with `pre` and `post` against the
    /// auth verifier `token`.
    fn dce_unseal(
        &mut self,
        _pre: &[u8],
        _data: &mut [u8],
        _post: &[u8],
        _token: &[u8],
    ) -> Result<(), String> {
        Err("no DCE/RPC sealing".into())
    }
}

/// Makes an acceptor per authentication exchange.
pub trait KerberosFactory: Send + Sync {
    fn acceptor(&self) -> Result<Box<dyn KerberosAcceptor>, String>;
}

/// Who a Kerberos logon is, from its verified PAC.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    pub user: String,
    pub domain: String,
    /// The user's SID first, then its groups'.
    pub sids: Vec<Sid>,
}

/// The identity a ticket proves: only a PAC whose server checksum verified counts
/// (Windows refuses a ticket without one for a network logon).
pub fn identity(t: &Ticket) -> Result<Identity, String> {
    let Some((buf, verified)) = &t.logon_info else {
        return Err("the ticket carries no PAC".into());
    };
    if !verified {
        return Err("the PAC's server checksum did not verify".into());
    }
    let info = LogonInfo::parse(buf).map_err(|e| format!("PAC logon information: {}", e.0))?;
    let (name, realm) = t.principal.rsplit_once('@').unwrap_or((&t.principal, ""));
    let user = if info.effective_name.is_empty() {
        name.to_string()
    } else {
        info.effective_name.clone()
    };
    let domain = if info.logon_domain_name.is_empty() {
        realm.to_string()
    } else {
        info.logon_domain_name.clone()
    };
    Ok(Identity {
        user,
        domain,
        sids: info.sids(),
    })
}

/// MS-SMB2 3.3.5.5.3: the session key is the GSS key's first 16 bytes, zero-padded.
pub fn smb_session_key(key: &[u8]) -> [u8; 16] {
    let mut k = [0u8; 16];
    let n = key.len().min(16);
    k[..n].copy_from_slice(&key[..n]);
    k
}
