//! The acceptor inside SPNEGO (MS-SPNG): NTLMv2 (MS-NLMP 3.2.5; raw NTLMSSP also
//! accepted) and, when the server has a keytab, Kerberos (MS-KILE) through a
//! [`KerberosFactory`].
//!
//! ```text
//!   start ──NEGOTIATE──▶ challenged ──AUTHENTICATE──▶ done
//!   start ──AP-REQ──▶ done (AP-REP)
//!   start ──(Kerberos listed, no token)──▶ await-kerberos ──AP-REQ──▶ done
//!   start ──AP-REQ, MIC owed──▶ await-mic ──mechListMIC──▶ done
//!   start ──AP-REQ, DCE style──▶ await-dce ──client's AP-REP (and MIC)──▶ done
//! ```

use crate::kerberos::{self, KerberosAcceptor, KerberosFactory, KrbStep};
use crate::ntlm::{self, flag, hmac_md5, utf16};
use crate::pac::Sid;
use crate::spnego;
use crate::users::UserDb;
use md5::{Digest, Md5};
use rc4::{KeyInit, Rc4, StreamCipher};
use std::sync::Arc;

#[derive(Clone)]
pub struct AcceptorConfig {
    pub netbios_domain: String,
    pub netbios_computer: String,
    pub dns_domain: String,
    pub dns_computer: String,
    pub allow_guest: bool,
    /// Kerberos, when the server has a keytab.
    pub kerberos: Option<Arc<dyn KerberosFactory>>,
    /// Whether NTLM is accepted (a domain may block it).
    pub ntlm: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mechanism {
    Ntlm,
    Kerberos,
}

pub enum Step {
    Continue(Vec<u8>),
    Done(Authenticated),
}

#[derive(Debug)]
pub struct Authenticated {
    pub token: Vec<u8>,
    pub user: String,
    pub domain: String,
    pub guest: bool,
    pub anonymous: bool,
    pub session_key: [u8; 16],
    /// The whole key the mechanism produced (AES-256 ciphers derive from it).
    pub full_session_key: Vec<u8>,
    pub mechanism: Mechanism,
    /// The logon's SIDs, user first, from a Kerberos PAC; empty for local users.
    pub sids: Vec<Sid>,
    /// Seconds a Kerberos ticket has left.
    pub lifetime_s: Option<u32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuthError {
    LogonFailure,
    /// NTLM offered where the configuration refuses it (STATUS_NTLM_BLOCKED).
    NtlmBlocked,
    Malformed(&'static str),
    Unsupported(&'static str),
}

enum State {
    Start,
    Challenged,
    AwaitKerberos,
    /// DCE style: our AP-REP went back, the client's comes next.
    AwaitDce,
    AwaitMic(Box<Authenticated>),
    Done,
}

pub struct Acceptor {
    cfg: AcceptorConfig,
    challenge: [u8; 8],
    now: u64,
    state: State,
    spnego: bool,
    mech_types: Option<Vec<u8>>,
    negotiate_msg: Vec<u8>,
    challenge_msg: Vec<u8>,
    flags: u32,
    /// The domain and user an AUTHENTICATE message named, checked or not (audit lines).
    claimed: Option<(String, String)>,
    /// The Kerberos exchange, once one started.
    krb: Option<Box<dyn KerberosAcceptor>>,
    /// Why the exchange failed, in words for the audit log (never a secret).
    failure: Option<String>,
    /// The client's preferred mechanism (its first token's first OID).
    first_mech: Option<Vec<u8>>,
    /// The Kerberos OID as the client listed it (supportedMech names it so).
    krb5_listed: Option<Vec<u8>>,
    went_kerberos: bool,
    /// SPNEGO's mechListMICs were exchanged with NTLM session security (each side's
    /// first signature: session security goes on from the second).
    ntlm_mic: bool,
}

fn from_utf16(b: &[u8]) -> Result<String, AuthError> {
    if !b.len().is_multiple_of(2) {
        return Err(AuthError::Malformed("odd UTF-16 length"));
    }
    let u = b.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]]));
    char::decode_utf16(u)
        .collect::<Result<String, _>>()
        .map_err(|_| AuthError::Malformed("bad UTF-16"))
}

fn u32_at(b: &[u8], at: usize) -> Result<u32, AuthError> {
    ntlm::u32_at(b, at).ok_or(AuthError::Malformed("truncated NTLM message"))
}

/// An NTLM (len, maxlen, offset) field at `at`.
fn field(b: &[u8], at: usize) -> Result<&[u8], AuthError> {
    ntlm::field(b, at).ok_or(AuthError::Malformed("NTLM field outside the message"))
}

/// MS-NLMP 3.4.4.2 MAC with extended session security, sequence number 0 and a fresh
/// sealing handle (the only use SPNEGO's mechListMIC makes of it).
fn ntlm_mac(sign_key: &[u8; 16], seal_key: &[u8; 16], key_exch: bool, msg: &[u8]) -> [u8; 16] {
    let seq = 0u32.to_le_bytes();
    let full = hmac_md5(sign_key, &[&seq, msg]);
    let mut checksum = [0u8; 8];
    checksum.copy_from_slice(&full[..8]);
    if key_exch {
        let mut rc4 = Rc4::new(seal_key.into());
        rc4.apply_keystream(&mut checksum);
    }
    let mut out = [0u8; 16];
    out[..4].copy_from_slice(&1u32.to_le_bytes());
    out[4..12].copy_from_slice(&checksum);
    out[12..].copy_from_slice(&seq);
    out
}

fn derived_key(esk: &[u8; 16], magic: &[u8]) -> [u8; 16] {
    let mut h = Md5::new();
    h.update(esk);
    h.update(magic);
    h.finalize().into()
}

impl Acceptor {
    pub fn new(cfg: AcceptorConfig, server_challenge: [u8; 8], now_filetime: u64) -> Self {
        Acceptor {
            cfg,
            challenge: server_challenge,
            now: now_filetime,
            state: State::Start,
            spnego: false,
            mech_types: None,
            negotiate_msg: Vec::new(),
            challenge_msg: Vec::new(),
            flags: 0,
            claimed: None,
            krb: None,
            failure: None,
            first_mech: None,
            krb5_listed: None,
            went_kerberos: false,
            ntlm_mic: false,
        }
    }

    /// The NTLM flags both sides agreed (session security after an NTLM logon).
    pub fn ntlm_flags(&self) -> u32 {
        self.flags
    }

    /// Whether the NTLM logon's SPNEGO exchange used each side's first NTLM signature
    /// for its mechListMIC (DCE/RPC's session security then starts at the second).
    pub fn ntlm_mic_exchanged(&self) -> bool {
        self.ntlm_mic
    }

    /// The completed Kerberos context (for DCE/RPC's sealing), taken once.
    pub fn take_kerberos(&mut self) -> Option<Box<dyn KerberosAcceptor>> {
        self.krb.take()
    }

    /// Whether this exchange went the Kerberos way (for counting its result).
    pub fn kerberos_tried(&self) -> bool {
        self.went_kerberos
    }

    /// Why the exchange failed, when the mechanism said.
    pub fn failure(&self) -> Option<&str> {
        self.failure.as_deref()
    }

    fn refuse(&mut self, why: impl Into<String>, e: AuthError) -> AuthError {
        self.failure = Some(why.into());
        e
    }

    /// The (domain, user) the client's AUTHENTICATE named, whether or not it proved it.
    pub fn claimed(&self) -> Option<&(String, String)> {
        self.claimed.as_ref()
    }

    pub fn step(&mut self, token: &[u8], users: &UserDb) -> Result<Step, AuthError> {
        if matches!(self.state, State::AwaitDce) && !self.spnego {
            // The client's bare AP-REP (DCE style sends it unframed).
            self.state = State::Done;
            return self.kerberos_more(token, None);
        }
        if token.starts_with(b"NTLMSSP\0") {
            if !self.cfg.ntlm {
                return Err(self.refuse("NTLM refused by configuration", AuthError::NtlmBlocked));
            }
            return self.ntlm_step(Some(token), None, users);
        }
        // A bare Kerberos InitialContextToken (MS-SMB2 lets the security buffer carry
        // any GSS mechanism's token; Windows and smbprotocol's "kerberos" send one).
        if matches!(self.state, State::Start) && spnego::is_krb5_token(token) {
            self.state = State::Done;
            let mech = spnego::token_mech(token).unwrap_or(spnego::OID_KRB5);
            self.first_mech = Some(mech.to_vec());
            return self.kerberos(token, None, false);
        }
        let t = spnego::parse_client(token).map_err(|_| AuthError::Malformed("bad SPNEGO"))?;
        match std::mem::replace(&mut self.state, State::Done) {
            State::Start => {
                self.spnego = true;
                self.mech_types = t.mech_types.map(|m| m.to_vec());
                self.first_mech = t.first_mech.map(|m| m.to_vec());
                self.krb5_listed = t.krb5_listed.map(|m| m.to_vec());
                self.start(&t, users)
            }
            State::AwaitKerberos => {
                let tok = t
                    .mech_token
                    .ok_or(AuthError::Malformed("no Kerberos token"))?;
                self.kerberos(tok, t.mech_list_mic, false)
            }
            State::AwaitDce => {
                let tok = t
                    .mech_token
                    .ok_or(AuthError::Malformed("no Kerberos token"))?;
                self.kerberos_more(tok, t.mech_list_mic)
            }
            State::AwaitMic(a) => {
                let list = self.mech_types.clone().unwrap_or_default();
                let mic = t
                    .mech_list_mic
                    .ok_or(AuthError::Malformed("no mechListMIC"))?;
                let k = self.krb.as_mut().expect("Kerberos exchange");
                if let Err(e) = k.verify_mic(&list, mic) {
                    return Err(self.refuse(format!("mechListMIC: {e}"), AuthError::LogonFailure));
                }
                let mut a = *a;
                a.token = spnego::response(0, None, None, None);
                Ok(Step::Done(a))
            }
            State::Challenged => {
                self.state = State::Challenged;
                let tok = t.mech_token.filter(|m| m.starts_with(b"NTLMSSP\0"));
                self.ntlm_step(tok, t.mech_list_mic, users)
            }
            State::Done => Err(AuthError::Malformed("exchange already complete")),
        }
    }

    /// The first SPNEGO token: Kerberos when the client sent an AP-REQ (or listed
    /// Kerberos with no usable optimistic token), NTLM otherwise, each as configured.
    fn start(&mut self, t: &spnego::ClientToken<'_>, users: &UserDb) -> Result<Step, AuthError> {
        let krb_tok = t.mech_token.filter(|m| spnego::is_krb5_token(m));
        let ntlm_tok = t.mech_token.filter(|m| m.starts_with(b"NTLMSSP\0"));
        let krb_ok = self.cfg.kerberos.is_some() && t.krb5_offered;
        let ntlm_ok = self.cfg.ntlm && t.ntlm_offered;
        if krb_ok {
            if let Some(k) = krb_tok {
                return self.kerberos(k, t.mech_list_mic, true);
            }
            if !(ntlm_ok && ntlm_tok.is_some()) {
                // Kerberos listed, its token not sent: ask for it (RFC 4178 3.2 c).
                let oid = t.krb5_listed.unwrap_or(spnego::OID_KRB5);
                self.state = State::AwaitKerberos;
                self.went_kerberos = true;
                return Ok(Step::Continue(spnego::response(1, Some(oid), None, None)));
            }
        }
        if !ntlm_ok {
            let (why, e) = if t.ntlm_offered {
                ("NTLM refused by configuration", AuthError::NtlmBlocked)
            } else if t.krb5_offered {
                (
                    "Kerberos offered, no keytab configured",
                    AuthError::Unsupported("Kerberos"),
                )
            } else {
                (
                    "no mechanism offered that the server accepts",
                    AuthError::Unsupported("mech"),
                )
            };
            return Err(self.refuse(why, e));
        }
        self.ntlm_step(ntlm_tok, t.mech_list_mic, users)
    }

    fn ntlm_step(
        &mut self,
        ntlm: Option<&[u8]>,
        mic: Option<&[u8]>,
        users: &UserDb,
    ) -> Result<Step, AuthError> {
        match self.state {
            State::Challenged => {
                let n = ntlm.ok_or(AuthError::Malformed("no AUTHENTICATE message"))?;
                let mut a = self.authenticate(n, users)?;
                self.state = State::Done;
                if self.spnego {
                    let server_mic = self.mech_list_mic(&a, mic)?;
                    self.ntlm_mic = server_mic.is_some();
                    a.token = spnego::response(0, None, None, server_mic.as_ref().map(|m| &m[..]));
                }
                Ok(Step::Done(a))
            }
            _ => match ntlm {
                // An optimistic token for another mechanism: ask for NTLMSSP.
                None => {
                    self.state = State::Start;
                    let r = spnego::response(1, Some(spnego::OID_NTLMSSP), None, None);
                    Ok(Step::Continue(r))
                }
                Some(n) => {
                    let ch = self.challenge_for(n)?;
                    self.state = State::Challenged;
                    if self.spnego {
                        let r = spnego::response(1, Some(spnego::OID_NTLMSSP), Some(&ch), None);
                        Ok(Step::Continue(r))
                    } else {
                        Ok(Step::Continue(ch))
                    }
                }
            },
        }
    }

    /// A Kerberos AP-REQ: accepted by the Kerberos implementation, the identity taken
    /// from its verified PAC, the mechListMIC checked when sent and owed when Kerberos
    /// was not the client's first choice (RFC 4178 5).
    fn kerberos(
        &mut self,
        tok: &[u8],
        mic: Option<&[u8]>,
        first_reply: bool,
    ) -> Result<Step, AuthError> {
        self.went_kerberos = true;
        let Some(f) = self.cfg.kerberos.clone() else {
            return Err(self.refuse("Kerberos not configured", AuthError::Unsupported("krb5")));
        };
        if !spnego::is_krb5_token(tok) {
            return Err(self.refuse("the token is not Kerberos", AuthError::LogonFailure));
        }
        // supportedMech: the Kerberos OID as the client listed it (RFC 4178 4.2.2).
        let oid = self
            .krb5_listed
            .clone()
            .unwrap_or_else(|| spnego::OID_KRB5.to_vec());
        let mut k = match f.acceptor() {
            Ok(k) => k,
            Err(e) => return Err(self.refuse(format!("keytab: {e}"), AuthError::LogonFailure)),
        };
        let step = k.accept(tok);
        self.krb = Some(k);
        match step {
            Ok(KrbStep::Done(ticket)) => self.kerberos_done(ticket, mic, first_reply),
            Ok(KrbStep::Continue(rep)) => {
                // DCE style: our AP-REP now, the client's next (any MIC comes with it).
                self.state = State::AwaitDce;
                if !self.spnego {
                    return Ok(Step::Continue(rep));
                }
                let mech = first_reply.then_some(&oid[..]);
                Ok(Step::Continue(spnego::response(1, mech, Some(&rep), None)))
            }
            Err(e) => Err(self.refuse(e, AuthError::LogonFailure)),
        }
    }

    /// DCE style's last leg: the client's AP-REP completes the exchange.
    fn kerberos_more(&mut self, tok: &[u8], mic: Option<&[u8]>) -> Result<Step, AuthError> {
        let step = self.krb.as_mut().expect("Kerberos exchange").accept(tok);
        match step {
            Ok(KrbStep::Done(ticket)) => self.kerberos_done(ticket, mic, false),
            Ok(KrbStep::Continue(_)) => {
                Err(self.refuse("Kerberos asked for a third round", AuthError::LogonFailure))
            }
            Err(e) => Err(self.refuse(e, AuthError::LogonFailure)),
        }
    }

    /// An accepted ticket: the identity from its PAC, the mechListMICs, the answer.
    fn kerberos_done(
        &mut self,
        ticket: kerberos::Ticket,
        mic: Option<&[u8]>,
        first_reply: bool,
    ) -> Result<Step, AuthError> {
        let oid = self
            .krb5_listed
            .clone()
            .unwrap_or_else(|| spnego::OID_KRB5.to_vec());
        let (name, realm) = ticket
            .principal
            .rsplit_once('@')
            .unwrap_or((&ticket.principal, ""));
        self.claimed = Some((realm.to_string(), name.to_string()));
        let id = match kerberos::identity(&ticket) {
            Ok(i) => i,
            Err(e) => return Err(self.refuse(e, AuthError::LogonFailure)),
        };
        let list = self.mech_types.clone().unwrap_or_default();
        let mic_owed = !self.first_mech.as_deref().is_some_and(spnego::is_krb5);
        let mut server_mic = None;
        let k = self.krb.as_mut().expect("Kerberos exchange");
        if let Some(m) = mic {
            if let Err(e) = k.verify_mic(&list, m) {
                return Err(self.refuse(format!("mechListMIC: {e}"), AuthError::LogonFailure));
            }
        }
        if mic.is_some() || mic_owed {
            let k = self.krb.as_mut().expect("Kerberos exchange");
            match k.get_mic(&list) {
                Ok(m) => server_mic = Some(m),
                Err(e) => {
                    return Err(self.refuse(format!("mechListMIC: {e}"), AuthError::LogonFailure))
                }
            }
        }
        let mut a = Authenticated {
            token: Vec::new(),
            user: id.user,
            domain: id.domain,
            guest: false,
            anonymous: false,
            session_key: kerberos::smb_session_key(&ticket.session_key),
            full_session_key: ticket.session_key.clone(),
            mechanism: Mechanism::Kerberos,
            sids: id.sids,
            lifetime_s: Some(ticket.lifetime_s),
        };
        if !self.spnego {
            // A bare Kerberos token (no SPNEGO around it) is answered bare.
            a.token = ticket.token;
            return Ok(Step::Done(a));
        }
        let rep = (!ticket.token.is_empty()).then_some(&ticket.token[..]);
        let mech = first_reply.then_some(&oid[..]);
        if mic.is_none() && mic_owed {
            // Our MIC goes with the AP-REP; the client's comes next.
            let r = spnego::response(1, mech, rep, server_mic.as_deref());
            self.state = State::AwaitMic(Box::new(a));
            return Ok(Step::Continue(r));
        }
        a.token = spnego::response(0, mech, rep, server_mic.as_deref());
        Ok(Step::Done(a))
    }

    fn challenge_for(&mut self, neg: &[u8]) -> Result<Vec<u8>, AuthError> {
        if u32_at(neg, 8)? != 1 {
            return Err(AuthError::Malformed("expected NTLM NEGOTIATE"));
        }
        let cf = u32_at(neg, 12)?;
        if cf & flag::UNICODE == 0 {
            return Err(AuthError::Unsupported("OEM-only NTLM client"));
        }
        let echo = flag::SIGN | flag::SEAL | flag::KEY_EXCH | flag::F128 | flag::F56;
        self.flags = flag::UNICODE
            | flag::REQUEST_TARGET
            | flag::NTLM
            | flag::ALWAYS_SIGN
            | flag::TARGET_TYPE_SERVER
            | flag::ESS
            | flag::TARGET_INFO
            | flag::VERSION
            | (cf & echo);
        let target = utf16(&self.cfg.netbios_domain);
        let mut ti = Vec::new();
        let mut av = |id: u16, v: &[u8]| {
            ti.extend_from_slice(&id.to_le_bytes());
            ti.extend_from_slice(&(v.len() as u16).to_le_bytes());
            ti.extend_from_slice(v);
        };
        av(2, &utf16(&self.cfg.netbios_domain));
        av(1, &utf16(&self.cfg.netbios_computer));
        av(4, &utf16(&self.cfg.dns_domain));
        av(3, &utf16(&self.cfg.dns_computer));
        av(7, &self.now.to_le_bytes());
        av(0, &[]);
        let mut m = b"NTLMSSP\0".to_vec();
        m.extend_from_slice(&2u32.to_le_bytes());
        let tn_off = 56u32;
        m.extend_from_slice(&(target.len() as u16).to_le_bytes());
        m.extend_from_slice(&(target.len() as u16).to_le_bytes());
        m.extend_from_slice(&tn_off.to_le_bytes());
        m.extend_from_slice(&self.flags.to_le_bytes());
        m.extend_from_slice(&self.challenge);
        m.extend_from_slice(&[0; 8]);
        let ti_off = tn_off + target.len() as u32;
        m.extend_from_slice(&(ti.len() as u16).to_le_bytes());
        m.extend_from_slice(&(ti.len() as u16).to_le_bytes());
        m.extend_from_slice(&ti_off.to_le_bytes());
        m.extend_from_slice(&[10, 0, 0x63, 0x45, 0, 0, 0, 15]); // version 10.0.17763, NTLM rev 15
        m.extend_from_slice(&target);
        m.extend_from_slice(&ti);
        self.negotiate_msg = neg.to_vec();
        self.challenge_msg = m.clone();
        Ok(m)
    }

    fn authenticate(&mut self, auth: &[u8], users: &UserDb) -> Result<Authenticated, AuthError> {
        if u32_at(auth, 8)? != 3 {
            return Err(AuthError::Malformed("expected NTLM AUTHENTICATE"));
        }
        let lm = field(auth, 12)?;
        let nt = field(auth, 20)?;
        let domain = from_utf16(field(auth, 28)?)?;
        let user = from_utf16(field(auth, 36)?)?;
        self.claimed = Some((domain.clone(), user.clone()));
        let enc_key = field(auth, 52)?;
        let flags = u32_at(auth, 60)?;
        if user.is_empty() && nt.is_empty() && (lm.is_empty() || lm == [0]) {
            if !self.cfg.allow_guest {
                return Err(AuthError::LogonFailure);
            }
            return Ok(Authenticated {
                token: Vec::new(),
                user: String::new(),
                domain,
                guest: false,
                anonymous: true,
                session_key: [0; 16],
                full_session_key: vec![0; 16],
                mechanism: Mechanism::Ntlm,
                sids: Vec::new(),
                lifetime_s: None,
            });
        }
        let Some(hash) = users.nt_hash(&user) else {
            if self.cfg.allow_guest {
                return Ok(Authenticated {
                    token: Vec::new(),
                    user,
                    domain,
                    guest: true,
                    anonymous: false,
                    session_key: [0; 16],
                    full_session_key: vec![0; 16],
                    mechanism: Mechanism::Ntlm,
                    sids: Vec::new(),
                    lifetime_s: None,
                });
            }
            return Err(AuthError::LogonFailure);
        };
        // NTLMv2 only: a 24-byte response is NTLMv1 or LM.
        if nt.len() < 16 + 28 {
            return Err(AuthError::LogonFailure);
        }
        let (proof, blob) = nt.split_at(16);
        // The NTLMv2_CLIENT_CHALLENGE must decode (its AV pairs end with MsvAvEOL inside
        // it) before anything is checked against it: a malformed one is
        // INVALID_PARAMETER, as Windows answers it (Samba bug 14932).
        if !av_pairs_end_inside(&blob[28..]) {
            return Err(AuthError::Malformed("NTLMv2 client challenge AV pairs"));
        }
        let mut base_key = None;
        for d in [domain.clone(), domain.to_uppercase(), String::new()] {
            let ntowf = ntlm::ntowfv2(&hash, &user, &d);
            if ntlm::same(&ntlm::nt_proof(&ntowf, &self.challenge, blob), proof) {
                base_key = Some(ntlm::session_base_key(&ntowf, proof));
                break;
            }
        }
        let base_key = base_key.ok_or(AuthError::LogonFailure)?;
        let exported = if flags & flag::KEY_EXCH != 0 && self.flags & flag::KEY_EXCH != 0 {
            if enc_key.len() != 16 {
                return Err(AuthError::Malformed("encrypted session key length"));
            }
            let k: [u8; 16] = enc_key.try_into().expect("16 bytes");
            ntlm::exchange_key(&base_key, &k)
        } else {
            base_key
        };
        if blob_has_mic_flag(&blob[28..]) {
            let mic = auth.get(72..88).ok_or(AuthError::Malformed("no MIC"))?;
            let mut zeroed = auth.to_vec();
            zeroed[72..88].fill(0);
            let want = hmac_md5(
                &exported,
                &[&self.negotiate_msg, &self.challenge_msg, &zeroed],
            );
            if !ntlm::same(&want, mic) {
                return Err(AuthError::LogonFailure);
            }
        }
        self.flags &= flags | !(flag::KEY_EXCH | flag::SIGN | flag::SEAL);
        Ok(Authenticated {
            token: Vec::new(),
            user,
            domain,
            guest: false,
            anonymous: false,
            session_key: exported,
            full_session_key: exported.to_vec(),
            mechanism: Mechanism::Ntlm,
            sids: Vec::new(),
            lifetime_s: None,
        })
    }

    /// MS-SPNG 3.1.5.1: verify the client's mechListMIC (when sent) and produce ours.
    fn mech_list_mic(
        &self,
        a: &Authenticated,
        client_mic: Option<&[u8]>,
    ) -> Result<Option<[u8; 16]>, AuthError> {
        let (Some(list), Some(cmic)) = (&self.mech_types, client_mic) else {
            return Ok(None);
        };
        if a.guest || a.anonymous {
            return Ok(None);
        }
        let esk = &a.session_key;
        let kx = self.flags & flag::KEY_EXCH != 0;
        let c_sign = derived_key(
            esk,
            b"session key to client-to-server signing key magic constant\0",
        );
        let c_seal = derived_key(
            esk,
            b"session key to client-to-server sealing key magic constant\0",
        );
        let s_sign = derived_key(
            esk,
            b"session key to server-to-client signing key magic constant\0",
        );
        let s_seal = derived_key(
            esk,
            b"session key to server-to-client sealing key magic constant\0",
        );
        let want = ntlm_mac(&c_sign, &c_seal, kx, list);
        if cmic.len() != 16 || want.iter().zip(cmic).fold(0u8, |x, (p, q)| x | (p ^ q)) != 0 {
            return Err(AuthError::LogonFailure);
        }
        Ok(Some(ntlm_mac(&s_sign, &s_seal, kx, list)))
    }
}

/// Whether a list of AV pairs reaches its MsvAvEOL within `av`.
fn av_pairs_end_inside(mut av: &[u8]) -> bool {
    // (At most one pair per 4 bytes: the walk ends.)
    while av.len() >= 4 {
        let id = u16::from_le_bytes([av[0], av[1]]);
        let len = u16::from_le_bytes([av[2], av[3]]) as usize;
        if id == 0 {
            return true;
        }
        let Some(rest) = av.get(4 + len..) else {
            return false;
        };
        av = rest;
    }
    false
}

/// Whether the client's AV pairs carry MsvAvFlags with the MIC bit (0x2).
fn blob_has_mic_flag(mut av: &[u8]) -> bool {
    for _ in 0..64 {
        if av.len() < 4 {
            return false;
        }
        let id = u16::from_le_bytes([av[0], av[1]]);
        let len = u16::from_le_bytes([av[2], av[3]]) as usize;
        let Some(v) = av.get(4..4 + len) else {
            return false;
        };
        if id == 0 {
            return false;
        }
        if id == 6 && len == 4 {
            return u32::from_le_bytes(v.try_into().unwrap()) & 2 != 0;
        }
        av = &av[4 + len..];
    }
    false
}

#[cfg(test)]
mod tests;
