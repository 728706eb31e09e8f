//! The association against our own client PDUs, with a toy security provider (the real
//! one, NTLM, is smb-auth's; rpcclient checks them together in the daemon's tests).

use super::*;
use crate::dcerpc::rpc_client::{self, Answer, AuthInfo};
use crate::dcerpc::witness;

/// Three legs; "seals" by XOR with a per-direction byte, "signs" with a checksum of the
/// PDU and a sequence number.
#[derive(Default)]
struct Toy {
    server: bool,
    legs: u8,
    send_seq: u32,
    recv_seq: u32,
    refuse: bool,
    /// The verifier's length when sealing (0: NTLM's 16), as Kerberos' is longer.
    sig: usize,
}

impl Toy {
    fn key(&self, sending: bool) -> u8 {
        if self.server == sending {
            0x5a
        } else {
            0xa5
        }
    }
    fn sum(pdu: &[u8], seq: u32) -> [u8; 16] {
        let s = pdu
            .iter()
            .fold(seq, |a, &b| a.wrapping_mul(31).wrapping_add(b.into()));
        let mut out = [0u8; 16];
        out[..4].copy_from_slice(&s.to_le_bytes());
        out
    }
}

impl Security for Toy {
    fn step(&mut self, _t: u8, token: &[u8]) -> Result<AuthStep, Refused> {
        self.legs += 1;
        if self.refuse || token != [self.legs] {
            return Err(Refused);
        }
        Ok(if self.legs == 1 {
            AuthStep::Continue(vec![0xc1])
        } else {
            AuthStep::Done(Vec::new())
        })
    }
    fn sign(&mut self, pdu: &[u8]) -> [u8; 16] {
        self.send_seq += 1;
        Self::sum(pdu, self.send_seq)
    }
    fn verify(&mut self, pdu: &[u8], sig: &[u8]) -> bool {
        self.recv_seq += 1;
        Self::sum(pdu, self.recv_seq) == sig
    }
    fn seal(&mut self, pdu: &mut [u8], data: Range<usize>) -> Option<Vec<u8>> {
        let mut sig = self.sign(pdu).to_vec();
        sig.resize(Toy::sig_len(self, data.len()), 0xee);
        let k = self.key(true);
        pdu.get_mut(data)?.iter_mut().for_each(|b| *b ^= k);
        Some(sig)
    }
    fn sig_len(&mut self, data_len: usize) -> usize {
        Toy::sig_len(self, data_len)
    }
    fn unseal(&mut self, pdu: &mut [u8], data: Range<usize>, sig: &[u8]) -> bool {
        if sig.len() != Toy::sig_len(self, data.len()) {
            return false;
        }
        let sig = &sig[..16];
        let k = self.key(false);
        let Some(d) = pdu.get_mut(data) else {
            return false;
        };
        d.iter_mut().for_each(|b| *b ^= k);
        self.verify(pdu, sig)
    }
}

impl Toy {
    fn sig_len(&self, _data_len: usize) -> usize {
        if self.sig == 0 {
            16
        } else {
            self.sig
        }
    }
}

const PRIV: AuthInfo = AuthInfo {
    auth_type: AUTH_TYPE_NTLMSSP,
    level: AUTH_LEVEL_PRIVACY,
    context: 7,
};

fn served(sec: Toy) -> Association<Toy> {
    Association::new(vec![witness::SYNTAX], AUTH_LEVEL_PRIVACY, 49152, sec)
}

fn answers(a: &mut Association<Toy>, client: &mut Toy, level: u8) -> Vec<Answer> {
    let out = a.take_output();
    let mut v = Vec::new();
    let mut at = 0;
    while at + 16 <= out.len() {
        let len = u16::from_le_bytes([out[at + 8], out[at + 9]]) as usize;
        let mut pdu = out[at..at + len].to_vec();
        v.push(rpc_client::answer(&mut pdu, level, client).expect("an answer"));
        at += len;
    }
    v
}

/// The server's side, as it is made for a connection.
fn server() -> Association<Toy> {
    served(Toy {
        server: true,
        ..Default::default()
    })
}

/// Binds and authenticates with three legs; the client's security.
fn bound(a: &mut Association<Toy>) -> Toy {
    bound_on(a, 0)
}

/// [`bound`] on presentation context `ctx`.
fn bound_on(a: &mut Association<Toy>, ctx: u16) -> Toy {
    let mut c = Toy::default();
    assert!(a
        .receive(&rpc_client::bind(
            1,
            false,
            ctx,
            witness::SYNTAX,
            Some((PRIV, &[1]))
        ))
        .is_empty());
    assert_eq!(answers(a, &mut c, 0), vec![Answer::Bound(0, vec![0xc1])]);
    assert!(a.receive(&rpc_client::auth3(2, PRIV, &[2])).is_empty());
    assert!(a.authenticated());
    c
}

#[test]
fn a_sealed_call_goes_in_and_its_sealed_answer_comes_out_in_fragments() {
    let mut a = server();
    let mut c = bound(&mut a);
    let stub = witness::Request::GetInterfaceList.encode();
    let calls = a.receive(&rpc_client::request(3, 0, 0, &stub, Some((PRIV, &mut c))));
    assert_eq!(calls.len(), 1);
    assert_eq!(
        (calls[0].call_id, calls[0].opnum, calls[0].iface),
        (3, 0, 0)
    );
    // An answer larger than a fragment: each fragment sealed and padded on its own.
    let big: Vec<u8> = (0..10_000u32).map(|i| i as u8).collect();
    a.respond(3, &big);
    let got = answers(&mut a, &mut c, AUTH_LEVEL_PRIVACY);
    assert!(got.len() >= 3);
    let mut whole = Vec::new();
    for (i, g) in got.iter().enumerate() {
        let Answer::Stub(s, last) = g else {
            panic!("{g:?}")
        };
        assert_eq!(*last, i == got.len() - 1);
        whole.extend_from_slice(s);
    }
    assert_eq!(whole, big);
}

#[test]
fn a_longer_verifier_such_as_kerberos_is_sized_into_every_fragment() {
    let mut a = served(Toy {
        server: true,
        sig: 60,
        ..Default::default()
    });
    let mut c = bound(&mut a);
    c.sig = 60;
    let stub = witness::Request::GetInterfaceList.encode();
    let calls = a.receive(&rpc_client::request(3, 0, 0, &stub, Some((PRIV, &mut c))));
    assert_eq!(calls.len(), 1);
    let big: Vec<u8> = (0..10_000u32).map(|i| i as u8).collect();
    a.respond(3, &big);
    let out = a.take_output();
    let mut at = 0;
    let mut whole = Vec::new();
    while at < out.len() {
        let len = u16::from_le_bytes([out[at + 8], out[at + 9]]) as usize;
        // Each fragment within what the client takes, with a 60-byte verifier.
        assert!(len <= 4280, "{len}");
        assert_eq!(u16::from_le_bytes([out[at + 10], out[at + 11]]), 60);
        let mut pdu = out[at..at + len].to_vec();
        let Some(Answer::Stub(s, _)) = rpc_client::answer(&mut pdu, AUTH_LEVEL_PRIVACY, &mut c)
        else {
            panic!("an answer");
        };
        whole.extend_from_slice(&s);
        at += len;
    }
    assert_eq!(whole, big);
    // A request whose verifier is not the length the context makes: refused, closed.
    c.sig = 16;
    let calls = a.receive(&rpc_client::request(4, 0, 0, &stub, Some((PRIV, &mut c))));
    assert!(calls.is_empty());
    assert!(a.closing());
}

#[test]
fn calls_without_the_bound_protection_are_refused() {
    // Not authenticated: access denied.
    let mut a = server();
    let mut c = Toy::default();
    a.receive(&rpc_client::bind(1, false, 0, witness::SYNTAX, None));
    assert_eq!(answers(&mut a, &mut c, 0), vec![Answer::Bound(0, vec![])]);
    assert!(a
        .receive(&rpc_client::request::<Toy>(2, 0, 0, &[], None))
        .is_empty());
    assert_eq!(
        answers(&mut a, &mut c, 0),
        vec![Answer::Fault(FAULT_ACCESS_DENIED)]
    );

    // Authenticated at integrity where privacy is required: access denied.
    let mut a = server();
    let integ = AuthInfo {
        level: AUTH_LEVEL_INTEGRITY,
        ..PRIV
    };
    a.receive(&rpc_client::bind(
        1,
        false,
        0,
        witness::SYNTAX,
        Some((integ, &[1])),
    ));
    a.receive(&rpc_client::auth3(2, integ, &[2]));
    let mut c = Toy::default();
    answers(&mut a, &mut c, 0);
    assert!(a
        .receive(&rpc_client::request(3, 0, 0, &[], Some((integ, &mut c))))
        .is_empty());
    assert_eq!(
        answers(&mut a, &mut c, 0),
        vec![Answer::Fault(FAULT_ACCESS_DENIED)]
    );

    // A tampered sealed request: fault, and the connection ends.
    let mut a = server();
    let mut c = bound(&mut a);
    let mut pdu = rpc_client::request(3, 0, 0, &[1, 2, 3, 4], Some((PRIV, &mut c)));
    pdu[26] ^= 0xff;
    assert!(a.receive(&pdu).is_empty());
    assert!(a.closing());

    // Refused credentials: BIND_NAK.
    let mut a = served(Toy {
        server: true,
        refuse: true,
        ..Default::default()
    });
    a.receive(&rpc_client::bind(
        1,
        false,
        0,
        witness::SYNTAX,
        Some((PRIV, &[1])),
    ));
    assert_eq!(answers(&mut a, &mut c, 0), vec![Answer::Refused(13)]);
    assert!(a.closing());
}

#[test]
fn hostile_pdus_close_or_fault_and_never_panic() {
    let mut seed = 0x1234_5678u64;
    let mut rnd = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut good = rpc_client::bind(1, false, 0, witness::SYNTAX, Some((PRIV, &[1])));
    good.extend(rpc_client::auth3(2, PRIV, &[2]));
    let mut c = Toy::default();
    good.extend(rpc_client::request(3, 0, 4, &[9; 40], Some((PRIV, &mut c))));
    for _ in 0..5000 {
        let mut a = server();
        let mut pdu = good.clone();
        for _ in 0..(rnd() % 6) {
            let i = (rnd() as usize) % pdu.len();
            pdu[i] = rnd() as u8;
        }
        pdu.truncate(pdu.len() - (rnd() as usize % 8));
        let calls = a.receive(&pdu);
        assert!(calls.len() <= 1);
        let _ = a.take_output();
    }
    // A PDU announced at the largest length is waited for, no more; one of another
    // protocol version ends the connection.
    let mut a = served(Toy::default());
    let mut big = rpc_client::bind(1, false, 0, witness::SYNTAX, None);
    big[8] = 0xff;
    big[9] = 0xff;
    assert!(a.receive(&big).is_empty() && !a.closing());
    let mut a = served(Toy::default());
    big[0] = 4;
    a.receive(&big);
    assert!(a.closing());
}

#[test]
fn answers_name_the_calls_context_and_unprotected_answers_are_refused() {
    let mut a = server();
    let mut c = bound_on(&mut a, 5);
    let calls = a.receive(&rpc_client::request(3, 5, 0, &[], Some((PRIV, &mut c))));
    assert_eq!(calls.len(), 1);
    a.respond(3, &[1, 2, 3, 4]);
    let out = a.take_output();
    assert_eq!(
        u16::from_le_bytes([out[20], out[21]]),
        5,
        "p_cont_id echoed"
    );
    let mut pdu = out.clone();
    assert_eq!(
        rpc_client::answer(&mut pdu, AUTH_LEVEL_PRIVACY, &mut c),
        Some(Answer::Stub(vec![1, 2, 3, 4], true))
    );
    // An answer with no protection, where privacy was bound, is not taken.
    let mut forged = Vec::new();
    super::header(&mut forged, crate::dcerpc::PT_RESPONSE, 3, 3);
    forged.extend_from_slice(&[0; 8]);
    let mut forged = super::finish(forged);
    assert_eq!(
        rpc_client::answer(&mut forged, AUTH_LEVEL_PRIVACY, &mut c),
        None
    );
    // A bind proposing more contexts than kept is refused whole.
    let mut a = served(Toy::default());
    let mut big = rpc_client::bind(1, false, 0, witness::SYNTAX, None);
    big[24] = 17;
    a.receive(&big);
    assert_eq!(answers(&mut a, &mut c, 0), vec![Answer::Refused(13)]);
}
