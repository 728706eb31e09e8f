//! Kerberos sessions in memory: a stand-in for MIT Kerberos accepts a prepared AP-REQ
//! and hands back a ticket carrying a real PAC (a Samba AD DC's, for `hvadmin`, member
//! of RID 1105). The engine's clock moves instead of a test waiting for a ticket to end.
//! (The real KDC, keytab and clients are in smbdirectd's tests/ad/.)

mod harness;

use client::access;
use harness::*;
use smb_auth::kerberos::{KerberosAcceptor, KerberosFactory, KrbStep, Ticket};
use smb_server::config::{share_rights, Kerberos, ShareAce, Trustee};
use smb_server::ServerConfig;
use smb_wire::NtStatus;
use std::sync::Arc;
use std::time::Duration;

const DOMAIN_SID: &str = "S-1-5-21-2492151365-3588880039-1992745875";

fn pac() -> Vec<u8> {
    testkit::from_hex(include_str!("../../smb-auth/testdata/logon-info.hex"))
}

const KEY: [u8; 32] = [7; 32];

struct Stand(u32);

impl KerberosAcceptor for Stand {
    fn accept(&mut self, token: &[u8]) -> Result<KrbStep, String> {
        if !token.ends_with(b"good ticket") {
            return Err("Decrypt integrity check failed".into());
        }
        Ok(KrbStep::Done(Ticket {
            token: b"AP-REP".to_vec(),
            principal: "hvadmin@LAB.TEST".into(),
            session_key: KEY.to_vec(),
            lifetime_s: self.0,
            logon_info: Some((pac(), true)),
        }))
    }
    fn get_mic(&mut self, _: &[u8]) -> Result<Vec<u8>, String> {
        Err("no MIC expected".into())
    }
    fn verify_mic(&mut self, _: &[u8], _: &[u8]) -> Result<(), String> {
        Err("no MIC expected".into())
    }
}

struct Factory(u32);

impl KerberosFactory for Factory {
    fn acceptor(&self) -> Result<Box<dyn KerberosAcceptor>, String> {
        Ok(Box::new(Stand(self.0)))
    }
}

fn ap_req(body: &[u8]) -> Vec<u8> {
    // A GSS-API InitialContextToken naming Kerberos (RFC 2743 3.1), with any body.
    let mut inner = vec![0x06, smb_auth::spnego::OID_KRB5.len() as u8];
    inner.extend_from_slice(smb_auth::spnego::OID_KRB5);
    inner.extend_from_slice(body);
    let mut t = vec![0x60, inner.len() as u8];
    t.extend_from_slice(&inner);
    t
}

fn krb(body: &[u8]) -> client::Options {
    client::Options {
        kerberos: Some(client::Kerberos::Fixed {
            ap_req: ap_req(body),
            session_key: KEY.to_vec(),
        }),
        ..Default::default()
    }
}

fn engine(lifetime_s: u32, ntlm: bool) -> Engine {
    Engine::with(ServerConfig {
        kerberos: Some(Kerberos(Arc::new(Factory(lifetime_s)))),
        ntlm,
        ..Default::default()
    })
}

/// MS-SMB2 3.3.5.2.9: past its ticket's end a session answers every request but
/// LOGOFF, CLOSE and LOCK with STATUS_NETWORK_SESSION_EXPIRED; a re-authentication
/// with a fresh ticket renews it, opens and all. The session's keys come from the
/// Kerberos key (signed answers verify), its identity from the PAC (files it makes are
/// owned by the PAC's user SID).
#[test]
fn a_kerberos_session_ends_with_its_ticket_and_renews_with_a_fresh_one() {
    let e = engine(600, true);
    let w = e.wire();
    let mut c = client::Client::connect_with(Box::new(w.clone()), &krb(b"good ticket")).unwrap();
    let tree = c.tree_connect(SHARE).unwrap();
    let rw = access::FILE_READ_DATA | access::FILE_WRITE_DATA | access::READ_CONTROL;
    let (f, _) = c.create(tree, "vm.vhdx", rw, 3, 0).unwrap();
    let (g, _) = c.create(tree, "other", rw, 3, 0).unwrap();
    c.write(tree, f, 0, b"guest data").unwrap();
    let sd = c.query_info(tree, f, 3, 0).unwrap();
    let sd = smb_wire::secdesc::SecDesc::parse(&sd).unwrap();
    let user = smb_wire::secdesc::sid_from_str(&format!("{DOMAIN_SID}-1103")).unwrap();
    assert_eq!(sd.owner, Some(user), "owned by the PAC's user");

    e.advance(Duration::from_secs(599));
    assert_eq!(c.read(tree, f, 0, 10).unwrap(), b"guest data");
    e.advance(Duration::from_secs(2));
    let expired = |r: client::Result<Vec<u8>>| match r {
        Err(client::Error::Status(_, st)) => st,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        expired(c.read(tree, f, 0, 10)),
        NtStatus::NETWORK_SESSION_EXPIRED
    );
    assert!(matches!(
        c.create(tree, "new", rw, 3, 0),
        Err(client::Error::Status(_, NtStatus::NETWORK_SESSION_EXPIRED))
    ));
    // CLOSE still works on an expired session.
    c.close(tree, g).unwrap();
    // A fresh ticket renews it.
    c.reauthenticate(&krb(b"good ticket")).unwrap();
    assert_eq!(c.read(tree, f, 0, 10).unwrap(), b"guest data");
    e.advance(Duration::from_secs(599));
    assert_eq!(c.read(tree, f, 0, 10).unwrap(), b"guest data");
    // NTLM cannot stand in for the Kerberos principal, even naming the same user.
    let ntlm = client::Options {
        user: "hvadmin".into(),
        password: "x".into(),
        domain: "LAB".into(),
        ..Default::default()
    };
    assert!(c.reauthenticate(&ntlm).is_err());
}

/// Share permissions by SID meet the PAC's groups: the group RID 1105 the sample user
/// belongs to opens the share; a deny for the user's own SID wins over it; an NTLM
/// user outside the list is refused at TREE_CONNECT; a share that requires Kerberos
/// refuses NTLM sessions.
#[test]
fn share_permissions_meet_the_pac() {
    let sid = |rid: u32| smb_wire::secdesc::sid_from_str(&format!("{DOMAIN_SID}-{rid}")).unwrap();
    let ace = |rid: u32, allow: bool| ShareAce {
        trustee: Trustee::Sid(sid(rid)),
        allow,
        rights: share_rights::FULL,
    };
    let cfg = || ServerConfig {
        kerberos: Some(Kerberos(Arc::new(Factory(600)))),
        ..Default::default()
    };
    let e = Engine::with_share(cfg(), |s| s.access = Some(vec![ace(1105, true)]));
    let mut k = client::Client::connect_with(Box::new(e.wire()), &krb(b"good ticket")).unwrap();
    let tree = k.tree_connect(SHARE).unwrap();
    let (f, _) = k.create(tree, "x", access::FILE_WRITE_DATA, 3, 0).unwrap();
    k.close(tree, f).unwrap();
    let (mut n, _w) = e.client();
    assert!(matches!(
        n.tree_connect(SHARE),
        Err(client::Error::Status(_, NtStatus::ACCESS_DENIED))
    ));

    // Read-only for the group: a write open is refused, a read open is not.
    let e = Engine::with_share(cfg(), |s| {
        s.access = Some(vec![ShareAce {
            rights: share_rights::READ,
            ..ace(1105, true)
        }])
    });
    let mut k = client::Client::connect_with(Box::new(e.wire()), &krb(b"good ticket")).unwrap();
    let tree = k.tree_connect(SHARE).unwrap();
    assert!(matches!(
        k.create(tree, "y", access::FILE_WRITE_DATA, 3, 0),
        Err(client::Error::Status(_, NtStatus::ACCESS_DENIED))
    ));
    std::fs::write(e.dir.path().join("z"), b"z").unwrap();
    let (f, _) = k.create(tree, "z", access::FILE_READ_DATA, 1, 0).unwrap();
    k.close(tree, f).unwrap();

    // A deny for the user wins over the group's allow.
    let e = Engine::with_share(cfg(), |s| {
        s.access = Some(vec![ace(1105, true), ace(1103, false)])
    });
    let mut k = client::Client::connect_with(Box::new(e.wire()), &krb(b"good ticket")).unwrap();
    assert!(matches!(
        k.tree_connect(SHARE),
        Err(client::Error::Status(_, NtStatus::ACCESS_DENIED))
    ));

    // A name the configuration could not resolve matches a Kerberos user of that name
    // (from the PAC), never an NTLM session claiming it.
    let e = Engine::with_share(cfg(), |s| {
        s.access = Some(vec![
            ShareAce {
                trustee: Trustee::Name {
                    domain: "LAB".into(),
                    name: "hvadmin".into(),
                },
                allow: true,
                rights: share_rights::FULL,
            },
            ShareAce {
                trustee: Trustee::Name {
                    domain: "LAB".into(),
                    name: USER.into(),
                },
                allow: true,
                rights: share_rights::FULL,
            },
        ])
    });
    let mut k = client::Client::connect_with(Box::new(e.wire()), &krb(b"good ticket")).unwrap();
    k.tree_connect(SHARE).unwrap();
    let claims = client::Options {
        user: USER.into(),
        password: PASSWORD.into(),
        domain: "LAB".into(),
        ..Default::default()
    };
    let mut n = client::Client::connect_with(Box::new(e.wire()), &claims).unwrap();
    assert!(matches!(
        n.tree_connect(SHARE),
        Err(client::Error::Status(_, NtStatus::ACCESS_DENIED))
    ));

    // Kerberos required: the NTLM session is refused, the Kerberos one served.
    let e = Engine::with_share(cfg(), |s| s.require_kerberos = true);
    let (mut n, _w) = e.client();
    assert!(matches!(
        n.tree_connect(SHARE),
        Err(client::Error::Status(_, NtStatus::ACCESS_DENIED))
    ));
    let mut k = client::Client::connect_with(Box::new(e.wire()), &krb(b"good ticket")).unwrap();
    k.tree_connect(SHARE).unwrap();
}

/// NTLM refused by configuration is STATUS_NTLM_BLOCKED; a ticket the Kerberos library
/// refuses is STATUS_LOGON_FAILURE; both counted by mechanism.
#[test]
fn ntlm_can_be_blocked_and_bad_tickets_are_refused() {
    let e = engine(600, false);
    let ntlm = client::Options {
        user: USER.into(),
        password: PASSWORD.into(),
        ..Default::default()
    };
    assert!(matches!(
        client::Client::connect_with(Box::new(e.wire()), &ntlm),
        Err(client::Error::Status(_, NtStatus::NTLM_BLOCKED))
    ));
    assert!(matches!(
        client::Client::connect_with(Box::new(e.wire()), &krb(b"forged")),
        Err(client::Error::Status(_, NtStatus::LOGON_FAILURE))
    ));
    assert!(client::Client::connect_with(Box::new(e.wire()), &krb(b"good ticket")).is_ok());
    let n = |m: usize, r: usize| {
        e.server.authentications[m][r].load(std::sync::atomic::Ordering::Relaxed)
    };
    assert_eq!((n(1, 0), n(1, 1), n(0, 1)), (1, 1, 1));
}
