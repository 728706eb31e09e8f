//! The NTLMv2 acceptor (MS-NLMP 3.2.5) inside SPNEGO (MS-SPNG), raw NTLMSSP also accepted.
//!
//! ```text
//!   start ──NEGOTIATE──▶ challenged ──AUTHENTICATE──▶ done
//! ```

use crate::ntlm::{self, flag, hmac_md5, utf16};
use crate::spnego;
use crate::users::UserDb;
use md5::{Digest, Md5};
use rc4::{KeyInit, Rc4, StreamCipher};

pub struct AcceptorConfig {
    pub netbios_domain: String,
    pub netbios_computer: String,
    pub dns_domain: String,
    pub dns_computer: String,
    pub allow_guest: bool,
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
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuthError {
    LogonFailure,
    Malformed(&'static str),
    Unsupported(&'static str),
}

#[derive(PartialEq, Eq)]
enum State {
    Start,
    Challenged,
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
        }
    }

    /// The (domain, user) the client's AUTHENTICATE named, whether or not it proved it.
    pub fn claimed(&self) -> Option<&(String, String)> {
        self.claimed.as_ref()
    }

    pub fn step(&mut self, token: &[u8], users: &UserDb) -> Result<Step, AuthError> {
        let (ntlm, mic) = if token.starts_with(b"NTLMSSP\0") {
            (Some(token), None)
        } else {
            let t = spnego::parse_client(token).map_err(|_| AuthError::Malformed("bad SPNEGO"))?;
            if self.state == State::Start {
                self.spnego = true;
                if !t.ntlm_offered {
                    return Err(AuthError::Unsupported("NTLMSSP not offered"));
                }
                self.mech_types = t.mech_types.map(|m| m.to_vec());
            }
            let tok = t.mech_token.filter(|m| m.starts_with(b"NTLMSSP\0"));
            (tok, t.mech_list_mic)
        };
        match self.state {
            State::Start => match ntlm {
                // An optimistic token for another mechanism: ask for NTLMSSP.
                None => Ok(Step::Continue(spnego::response(1, true, None, None))),
                Some(n) => {
                    let ch = self.challenge_for(n)?;
                    self.state = State::Challenged;
                    if self.spnego {
                        Ok(Step::Continue(spnego::response(1, true, Some(&ch), None)))
                    } else {
                        Ok(Step::Continue(ch))
                    }
                }
            },
            State::Challenged => {
                let n = ntlm.ok_or(AuthError::Malformed("no AUTHENTICATE message"))?;
                let mut a = self.authenticate(n, users)?;
                self.state = State::Done;
                if self.spnego {
                    let server_mic = self.mech_list_mic(&a, mic)?;
                    a.token = spnego::response(0, false, None, server_mic.as_ref().map(|m| &m[..]));
                }
                Ok(Step::Done(a))
            }
            State::Done => Err(AuthError::Malformed("exchange already complete")),
        }
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
mod tests {
    use super::*;

    fn cfg(guest: bool) -> AcceptorConfig {
        AcceptorConfig {
            netbios_domain: "DOM".into(),
            netbios_computer: "SRV".into(),
            dns_domain: "dom.local".into(),
            dns_computer: "srv.dom.local".into(),
            allow_guest: guest,
        }
    }

    fn negotiate() -> Vec<u8> {
        let mut m = b"NTLMSSP\0".to_vec();
        m.extend_from_slice(&1u32.to_le_bytes());
        m.extend_from_slice(&0xE208_8297u32.to_le_bytes());
        m.extend_from_slice(&[0; 16]);
        m
    }

    /// A client-side AUTHENTICATE built independently of the acceptor's code path.
    fn authenticate(ch: &[u8], user: &str, pw: &str) -> (Vec<u8>, [u8; 16]) {
        let server_challenge = &ch[24..32];
        let ti_len = u16::from_le_bytes([ch[40], ch[41]]) as usize;
        let ti_off = u32::from_le_bytes(ch[44..48].try_into().unwrap()) as usize;
        let ti = &ch[ti_off..ti_off + ti_len];
        let h = crate::users::nt_hash(pw);
        let ntowf = hmac_md5(&h, &[&utf16(&user.to_uppercase()), &utf16("DOM")]);
        let mut blob = vec![1, 1, 0, 0, 0, 0, 0, 0];
        blob.extend_from_slice(&[0x11; 8]);
        blob.extend_from_slice(&[0x22; 8]);
        blob.extend_from_slice(&[0; 4]);
        blob.extend_from_slice(ti);
        blob.extend_from_slice(&[0; 4]);
        let proof = hmac_md5(&ntowf, &[server_challenge, &blob]);
        let base = hmac_md5(&ntowf, &[&proof]);
        let mut nt = proof.to_vec();
        nt.extend_from_slice(&blob);
        let esk = [0x5A; 16];
        let mut enc = esk;
        Rc4::new(&base.into()).apply_keystream(&mut enc);
        let fields: [Vec<u8>; 6] = [
            vec![0; 24],
            nt,
            utf16("DOM"),
            utf16(user),
            utf16("WS"),
            enc.to_vec(),
        ];
        let mut m = b"NTLMSSP\0".to_vec();
        m.extend_from_slice(&3u32.to_le_bytes());
        let mut off = 88u32;
        let mut payload = Vec::new();
        for f in &fields {
            m.extend_from_slice(&(f.len() as u16).to_le_bytes());
            m.extend_from_slice(&(f.len() as u16).to_le_bytes());
            m.extend_from_slice(&off.to_le_bytes());
            off += f.len() as u32;
            payload.extend_from_slice(f);
        }
        m.extend_from_slice(&0xE208_8215u32.to_le_bytes());
        m.extend_from_slice(&[0; 24]);
        m.extend_from_slice(&payload);
        (m, esk)
    }

    #[test]
    fn ntlmv2_logon_and_key_exchange() {
        let mut db = UserDb::new();
        db.add("alice", "pw1").unwrap();
        let mut a = Acceptor::new(cfg(false), [7; 8], 1);
        let Ok(Step::Continue(ch)) = a.step(&negotiate(), &db) else {
            panic!()
        };
        let (auth, esk) = authenticate(&ch, "Alice", "pw1");
        let Ok(Step::Done(done)) = a.step(&auth, &db) else {
            panic!()
        };
        assert_eq!(done.session_key, esk);
        assert_eq!(done.user, "Alice");
        let mut a = Acceptor::new(cfg(false), [7; 8], 1);
        let Ok(Step::Continue(ch)) = a.step(&negotiate(), &db) else {
            panic!()
        };
        let (auth, _) = authenticate(&ch, "alice", "wrong");
        assert!(matches!(a.step(&auth, &db), Err(AuthError::LogonFailure)));
    }

    #[test]
    fn spnego_wrapped_exchange() {
        let mut db = UserDb::new();
        db.add("bob", "pw").unwrap();
        let mech = crate::der::write(0x30, &crate::der::write(0x06, spnego::OID_NTLMSSP));
        let mut init = crate::der::write(0xA0, &mech);
        init.extend_from_slice(&crate::der::write(
            0xA2,
            &crate::der::write(0x04, &negotiate()),
        ));
        let mut inner = crate::der::write(0x06, spnego::OID_SPNEGO);
        inner.extend_from_slice(&crate::der::write(0xA0, &crate::der::write(0x30, &init)));
        let tok = crate::der::write(0x60, &inner);
        let mut a = Acceptor::new(cfg(false), [1; 8], 1);
        let Ok(Step::Continue(resp)) = a.step(&tok, &db) else {
            panic!()
        };
        let ch = spnego::parse_client(&resp)
            .unwrap()
            .mech_token
            .unwrap()
            .to_vec();
        let (auth, esk) = authenticate(&ch, "bob", "pw");
        let wrapped = spnego::response(1, false, Some(&auth), None);
        let Ok(Step::Done(d)) = a.step(&wrapped, &db) else {
            panic!()
        };
        assert_eq!(d.session_key, esk);
        assert!(!d.token.is_empty());
    }

    #[test]
    fn anonymous_and_guest_only_when_allowed() {
        let db = UserDb::new();
        let mut anon = b"NTLMSSP\0".to_vec();
        anon.extend_from_slice(&3u32.to_le_bytes());
        anon.extend_from_slice(&[0; 48]);
        anon.extend_from_slice(&0u32.to_le_bytes());
        for allow in [false, true] {
            let mut a = Acceptor::new(cfg(allow), [1; 8], 1);
            a.step(&negotiate(), &db).ok().unwrap();
            let r = a.step(&anon, &db);
            assert_eq!(r.is_ok(), allow);
        }
    }

    #[test]
    fn a_client_challenge_whose_av_pairs_run_out_is_malformed() {
        assert!(av_pairs_end_inside(&[2, 0, 2, 0, b'a', 0, 0, 0, 0, 0]));
        assert!(!av_pairs_end_inside(&[0x11, 0xa2, 0x08, 0x81, 0x50, 0x38]));
        assert!(!av_pairs_end_inside(&[2, 0, 2, 0, b'a', 0]));
        assert!(!av_pairs_end_inside(&[]));
    }

    #[test]
    fn lying_lengths_are_malformed() {
        let db = UserDb::new();
        let mut a = Acceptor::new(cfg(false), [1; 8], 1);
        a.step(&negotiate(), &db).ok().unwrap();
        let mut m = b"NTLMSSP\0".to_vec();
        m.extend_from_slice(&3u32.to_le_bytes());
        m.extend_from_slice(&[0xFF; 60]);
        assert!(matches!(a.step(&m, &db), Err(AuthError::Malformed(_))));
        let mut a = Acceptor::new(cfg(false), [1; 8], 1);
        assert!(a.step(b"NTLMSSP\0", &db).is_err());
        for n in 0..64 {
            let mut a = Acceptor::new(cfg(false), [1; 8], 1);
            let _ = a.step(&negotiate()[..n.min(negotiate().len())], &db);
        }
    }
}
