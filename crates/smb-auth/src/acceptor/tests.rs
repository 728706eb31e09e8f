//! The acceptor's exchanges: NTLM (raw and in SPNEGO), Kerberos through stand-ins for
//! MIT (one leg, asked for, with MICs, DCE style, bare), and hostile tokens.

use super::*;

fn cfg(guest: bool) -> AcceptorConfig {
    AcceptorConfig {
        netbios_domain: "DOM".into(),
        netbios_computer: "SRV".into(),
        dns_domain: "dom.local".into(),
        dns_computer: "srv.dom.local".into(),
        allow_guest: guest,
        kerberos: None,
        ntlm: true,
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
    let wrapped = spnego::response(1, None, Some(&auth), None);
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

/// The stand-ins' MIC: the message reversed.
fn fake_mic(msg: &[u8]) -> Vec<u8> {
    msg.iter().rev().copied().collect()
}

fn check_fake_mic(msg: &[u8], mic: &[u8]) -> Result<(), String> {
    (fake_mic(msg) == mic)
        .then_some(())
        .ok_or_else(|| "bad MIC".to_string())
}

/// A stand-in for MIT Kerberos: hands back a fixed ticket (with the real PAC of
/// `pac.rs`'s sample) or error; MICs are the message reversed.
struct FakeKrb(Result<kerberos::Ticket, String>);

impl KerberosAcceptor for FakeKrb {
    fn accept(&mut self, token: &[u8]) -> Result<KrbStep, String> {
        assert!(spnego::token_mech(token).is_some_and(spnego::is_krb5));
        self.0.clone().map(KrbStep::Done)
    }
    fn get_mic(&mut self, msg: &[u8]) -> Result<Vec<u8>, String> {
        Ok(fake_mic(msg))
    }
    fn verify_mic(&mut self, msg: &[u8], mic: &[u8]) -> Result<(), String> {
        check_fake_mic(msg, mic)
    }
}

struct FakeFactory(Result<kerberos::Ticket, String>);

impl KerberosFactory for FakeFactory {
    fn acceptor(&self) -> Result<Box<dyn KerberosAcceptor>, String> {
        Ok(Box::new(FakeKrb(self.0.clone())))
    }
}

fn pac_sample() -> Vec<u8> {
    testkit::from_hex(include_str!("../../testdata/logon-info.hex"))
}

fn ticket(verified: bool) -> kerberos::Ticket {
    kerberos::Ticket {
        token: b"AP-REP".to_vec(),
        principal: "hvadmin@LAB.TEST".into(),
        session_key: (1..=32).collect(),
        lifetime_s: 600,
        logon_info: Some((pac_sample(), verified)),
    }
}

fn krb_cfg(t: Result<kerberos::Ticket, String>, ntlm: bool) -> AcceptorConfig {
    AcceptorConfig {
        kerberos: Some(Arc::new(FakeFactory(t))),
        ntlm,
        ..cfg(false)
    }
}

fn ap_req(oid: &[u8]) -> Vec<u8> {
    let mut inner = crate::der::write(0x06, oid);
    inner.extend_from_slice(b"\x01\x00ticket");
    crate::der::write(0x60, &inner)
}

#[test]
fn kerberos_in_one_leg_with_the_pac_identity() {
    let mut a = Acceptor::new(krb_cfg(Ok(ticket(true)), true), [0; 8], 0);
    let tok = spnego::init_token(
        &[spnego::OID_MS_KRB5, spnego::OID_KRB5, spnego::OID_NTLMSSP],
        &ap_req(spnego::OID_MS_KRB5),
    );
    let Step::Done(d) = a.step(&tok, &UserDb::new()).unwrap() else {
        panic!("one leg");
    };
    assert_eq!((d.user.as_str(), d.domain.as_str()), ("hvadmin", "LAB"));
    assert_eq!(d.mechanism, Mechanism::Kerberos);
    assert_eq!(d.session_key.to_vec(), (1..=16).collect::<Vec<u8>>());
    assert_eq!(d.full_session_key.len(), 32);
    assert_eq!(d.sids.len(), 4);
    assert_eq!(d.lifetime_s, Some(600));
    // accept-completed, the client's own OID, the AP-REP, no MIC (Kerberos first).
    let r = spnego::parse_client(&d.token).unwrap();
    assert_eq!(r.mech_token, Some(&b"AP-REP"[..]));
    assert!(r.mech_list_mic.is_none());
    assert!(d
        .token
        .windows(spnego::OID_MS_KRB5.len())
        .any(|w| w == spnego::OID_MS_KRB5));
    assert!(a.kerberos_tried());
}

#[test]
fn kerberos_refusals_say_why() {
    let tok = spnego::init_token(&[spnego::OID_KRB5], &ap_req(spnego::OID_KRB5));
    for (t, why) in [
        (Ok(ticket(false)), "did not verify"),
        (Err("Request is a replay".to_string()), "replay"),
        (
            Ok(kerberos::Ticket {
                logon_info: None,
                ..ticket(true)
            }),
            "no PAC",
        ),
    ] {
        let mut a = Acceptor::new(krb_cfg(t, true), [0; 8], 0);
        assert_eq!(
            a.step(&tok, &UserDb::new()).err(),
            Some(AuthError::LogonFailure)
        );
        assert!(a.failure().unwrap().contains(why), "{:?}", a.failure());
    }
    // No keytab: Kerberos alone is not supported.
    let mut a = Acceptor::new(cfg(false), [0; 8], 0);
    assert!(matches!(
        a.step(&tok, &UserDb::new()),
        Err(AuthError::Unsupported(_))
    ));
}

#[test]
fn kerberos_asked_for_then_a_mic_when_it_was_not_first() {
    // Listed first without a token: the answer names Kerberos and waits for it.
    let mut a = Acceptor::new(krb_cfg(Ok(ticket(true)), true), [0; 8], 0);
    let init = spnego::init_token(&[spnego::OID_KRB5, spnego::OID_NTLMSSP], &[]);
    let Step::Continue(r) = a.step(&init, &UserDb::new()).unwrap() else {
        panic!("continue");
    };
    assert!(r
        .windows(spnego::OID_KRB5.len())
        .any(|w| w == spnego::OID_KRB5));
    let next = spnego::response(1, None, Some(&ap_req(spnego::OID_KRB5)), None);
    assert!(matches!(a.step(&next, &UserDb::new()), Ok(Step::Done(_))));

    // Kerberos second in the list: the MIC over the list is owed both ways.
    let mut a = Acceptor::new(krb_cfg(Ok(ticket(true)), true), [0; 8], 0);
    let init = spnego::init_token(&[spnego::OID_NTLMSSP, spnego::OID_KRB5], &[]);
    let list = spnego::parse_client(&init)
        .unwrap()
        .mech_types
        .unwrap()
        .to_vec();
    let Step::Continue(_) = a.step(&init, &UserDb::new()).unwrap() else {
        panic!("asks for Kerberos");
    };
    let next = spnego::response(1, None, Some(&ap_req(spnego::OID_KRB5)), None);
    let Step::Continue(r) = a.step(&next, &UserDb::new()).unwrap() else {
        panic!("our MIC, then the client's");
    };
    let mic: Vec<u8> = list.iter().rev().copied().collect();
    assert_eq!(
        spnego::parse_client(&r).unwrap().mech_list_mic,
        Some(&mic[..])
    );
    let bad = spnego::response(1, None, None, Some(b"nope"));
    let mut b = Acceptor::new(krb_cfg(Ok(ticket(true)), true), [0; 8], 0);
    b.step(&init, &UserDb::new()).unwrap();
    b.step(&next, &UserDb::new()).unwrap();
    assert_eq!(
        b.step(&bad, &UserDb::new()).err(),
        Some(AuthError::LogonFailure)
    );
    let good = spnego::response(1, None, None, Some(&mic));
    assert!(matches!(a.step(&good, &UserDb::new()), Ok(Step::Done(_))));
}

#[test]
fn ntlm_refused_by_configuration_is_blocked() {
    let mut a = Acceptor::new(krb_cfg(Ok(ticket(true)), false), [0; 8], 0);
    assert_eq!(
        a.step(&negotiate(), &UserDb::new()).err(),
        Some(AuthError::NtlmBlocked)
    );
    let mut a = Acceptor::new(krb_cfg(Ok(ticket(true)), false), [0; 8], 0);
    let tok = spnego::init_token(&[spnego::OID_NTLMSSP], &negotiate());
    assert_eq!(
        a.step(&tok, &UserDb::new()).err(),
        Some(AuthError::NtlmBlocked)
    );
}

/// DCE style (a DCE/RPC bind): our AP-REP goes back, the client's completes it.
struct FakeDce(u8);

impl KerberosAcceptor for FakeDce {
    fn accept(&mut self, token: &[u8]) -> Result<KrbStep, String> {
        self.0 += 1;
        match self.0 {
            1 if spnego::is_krb5_token(token) => Ok(KrbStep::Continue(b"SRV-AP-REP".to_vec())),
            2 if token == b"CLI-AP-REP" => Ok(KrbStep::Done(kerberos::Ticket {
                token: Vec::new(),
                ..ticket(true)
            })),
            _ => Err("unexpected token".into()),
        }
    }
    fn get_mic(&mut self, msg: &[u8]) -> Result<Vec<u8>, String> {
        Ok(fake_mic(msg))
    }
    fn verify_mic(&mut self, msg: &[u8], mic: &[u8]) -> Result<(), String> {
        check_fake_mic(msg, mic)
    }
}

struct DceFactory;

impl KerberosFactory for DceFactory {
    fn acceptor(&self) -> Result<Box<dyn KerberosAcceptor>, String> {
        Ok(Box::new(FakeDce(0)))
    }
}

fn dce_cfg() -> AcceptorConfig {
    AcceptorConfig {
        kerberos: Some(Arc::new(DceFactory)),
        ..cfg(false)
    }
}

#[test]
fn kerberos_dce_style_takes_the_clients_ap_rep_last() {
    // Inside SPNEGO: accept-incomplete with our AP-REP, then the client's AP-REP and
    // its MIC complete it, answered with ours.
    // (DCE style's AP-REQ comes unframed.)
    let raw_ap_req = crate::der::write(0x6e, b"ticket");
    let mut a = Acceptor::new(dce_cfg(), [0; 8], 0);
    let init = spnego::init_token(&[spnego::OID_KRB5], &raw_ap_req);
    let list = spnego::parse_client(&init)
        .unwrap()
        .mech_types
        .unwrap()
        .to_vec();
    let Step::Continue(r) = a.step(&init, &UserDb::new()).unwrap() else {
        panic!("our AP-REP first");
    };
    assert_eq!(
        spnego::parse_client(&r).unwrap().mech_token,
        Some(&b"SRV-AP-REP"[..])
    );
    let mic: Vec<u8> = list.iter().rev().copied().collect();
    let last = spnego::response(1, None, Some(b"CLI-AP-REP"), Some(&mic));
    let Step::Done(d) = a.step(&last, &UserDb::new()).unwrap() else {
        panic!("done after the client's AP-REP");
    };
    assert_eq!(d.user, "hvadmin");
    let r = spnego::parse_client(&d.token).unwrap();
    assert_eq!(r.mech_list_mic, Some(&mic[..]));
    assert!(r.mech_token.is_none());
    assert!(a.take_kerberos().is_some());
    // A wrong last token fails the logon.
    let mut b = Acceptor::new(dce_cfg(), [0; 8], 0);
    b.step(&init, &UserDb::new()).unwrap();
    let bad = spnego::response(1, None, Some(b"other"), Some(&mic));
    assert_eq!(
        b.step(&bad, &UserDb::new()).err(),
        Some(AuthError::LogonFailure)
    );
    // Bare (RPC's auth type 16): the AP-REPs go unframed both ways.
    let mut c = Acceptor::new(dce_cfg(), [0; 8], 0);
    let Step::Continue(r) = c.step(&raw_ap_req, &UserDb::new()).unwrap() else {
        panic!("continue");
    };
    assert_eq!(r, b"SRV-AP-REP");
    let Step::Done(d) = c.step(b"CLI-AP-REP", &UserDb::new()).unwrap() else {
        panic!("done");
    };
    assert!(d.token.is_empty());
    assert_eq!(d.mechanism, Mechanism::Kerberos);
}

#[test]
fn a_bare_kerberos_token_is_answered_bare() {
    let mut a = Acceptor::new(krb_cfg(Ok(ticket(true)), true), [0; 8], 0);
    let Step::Done(d) = a.step(&ap_req(spnego::OID_KRB5), &UserDb::new()).unwrap() else {
        panic!("one leg");
    };
    assert_eq!(d.token, b"AP-REP");
    assert_eq!(d.user, "hvadmin");
}
