//! The iwarp provider against a hand-driven peer on a raw socket: MPA negotiation
//! rules and the Terminate a damaged FPDU earns.

use fabric::*;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

fn mpa_request(flags: u16, rev: u8, pd: &[u8]) -> Vec<u8> {
    let mut f = b"MPA ID Req Frame".to_vec();
    f.extend_from_slice(&(flags | rev as u16).to_be_bytes());
    f.extend_from_slice(&(pd.len() as u16).to_be_bytes());
    f.extend_from_slice(pd);
    f
}

fn read_some(s: &mut TcpStream, n: usize) -> Vec<u8> {
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut b = vec![0u8; n];
    s.read_exact(&mut b).unwrap();
    b
}

fn poll_listener(l: &mut Box<dyn Listener>, tries: Duration) -> Option<Box<dyn ConnRequest>> {
    let end = Instant::now() + tries;
    while Instant::now() < end {
        if let Some(r) = l.poll_request().unwrap() {
            return Some(r);
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    None
}

#[test]
fn a_peer_asking_for_markers_is_rejected() {
    let f = iwarp::IwarpFabric::new();
    let mut l = f.listen("127.0.0.1:0".parse().unwrap()).unwrap();
    let mut s = TcpStream::connect(l.local_addr()).unwrap();
    s.write_all(&mpa_request(0x8000 | 0x4000, 1, b"")).unwrap();
    assert!(poll_listener(&mut l, Duration::from_millis(300)).is_none());
    let rep = read_some(&mut s, 20);
    assert_eq!(&rep[..16], b"MPA ID Rep Frame");
    let bits = u16::from_be_bytes([rep[16], rep[17]]);
    assert_ne!(bits & 0x2000, 0, "reject flag");
    assert_eq!(bits & 0x8000, 0, "we never use markers");
    let mut rest = Vec::new();
    let _ = s.read_to_end(&mut rest);
    assert!(rest.is_empty(), "the connection is closed after the reject");
}

#[test]
fn a_bad_key_or_an_oversized_private_data_closes_the_socket() {
    let f = iwarp::IwarpFabric::new();
    let mut l = f.listen("127.0.0.1:0".parse().unwrap()).unwrap();
    let mut s = TcpStream::connect(l.local_addr()).unwrap();
    s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    assert!(poll_listener(&mut l, Duration::from_millis(300)).is_none());
    let mut rest = Vec::new();
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let _ = s.read_to_end(&mut rest);
    assert!(rest.is_empty());
    let mut s = TcpStream::connect(l.local_addr()).unwrap();
    let mut req = mpa_request(0x4000, 1, b"");
    req[18..20].copy_from_slice(&60000u16.to_be_bytes());
    s.write_all(&req).unwrap();
    assert!(poll_listener(&mut l, Duration::from_millis(300)).is_none());
    let _ = s.read_to_end(&mut rest);
    assert!(rest.is_empty());
}

#[test]
fn a_damaged_fpdu_gets_an_llp_terminate() {
    let f = iwarp::IwarpFabric::new();
    let mut l = f.listen("127.0.0.1:0".parse().unwrap()).unwrap();
    let mut s = TcpStream::connect(l.local_addr()).unwrap();
    // Revision 1: no IRD/ORD and no ready-to-receive message.
    s.write_all(&mpa_request(0x4000, 1, b"hi")).unwrap();
    let req = poll_listener(&mut l, Duration::from_secs(5)).expect("request");
    assert_eq!(req.private_data(), b"hi");
    let (pd, cq) = (Pd::new(), Cq::new());
    let mut qp = req.accept(&pd, &cq, b"", 4, 4).unwrap();
    let rep = read_some(&mut s, 20);
    assert_eq!(&rep[..16], b"MPA ID Rep Frame");
    assert_eq!(rep[17], 1, "revision follows the request");
    // A Send FPDU whose CRC is wrong.
    let mut ulpdu = vec![0u8; 18 + 8];
    ulpdu[0..2].copy_from_slice(&(0x4000u16 | 0x0100 | 0x0040 | 3).to_be_bytes());
    ulpdu[10..14].copy_from_slice(&1u32.to_be_bytes()); // MSN 1
    let mut fpdu = (ulpdu.len() as u16).to_be_bytes().to_vec();
    fpdu.extend_from_slice(&ulpdu);
    while !fpdu.len().is_multiple_of(4) {
        fpdu.push(0);
    }
    let crc = crc32c_of(&fpdu) ^ 1;
    fpdu.extend_from_slice(&crc.to_le_bytes());
    s.write_all(&fpdu).unwrap();
    let end = Instant::now() + Duration::from_secs(5);
    let ev = loop {
        qp.progress().unwrap();
        if let Some(e) = qp.poll_event() {
            break e;
        }
        assert!(Instant::now() < end);
    };
    assert_eq!(
        ev,
        CmEvent::Terminated {
            layer: 2,
            etype: 0,
            code: 2,
            by_peer: false
        }
    );
    // The Terminate arrives on the wire: an untagged segment on queue 2 whose control
    // word names LLP / MPA / received CRC error.
    let mut got = Vec::new();
    let _ = s.read_to_end(&mut got);
    assert!(got.len() >= 2 + 18 + 4 + 4, "{got:?}");
    let ctrl = u16::from_be_bytes([got[2], got[3]]);
    assert_eq!(ctrl & 0x8000, 0, "untagged");
    assert_eq!(ctrl & 0xf, 7, "Terminate opcode");
    assert_eq!(
        u32::from_be_bytes(got[8..12].try_into().unwrap()),
        2,
        "terminate queue"
    );
    let word = u32::from_be_bytes(got[20..24].try_into().unwrap());
    assert_eq!(word >> 28, 2);
    assert_eq!(word >> 16 & 0xff, 2);
    let total = got.len();
    let body = &got[..total - 4];
    assert_eq!(
        u32::from_le_bytes(got[total - 4..].try_into().unwrap()),
        crc32c_of(body)
    );
}

fn crc32c_of(b: &[u8]) -> u32 {
    // Castagnoli, reflected, bit by bit: an independent check of the provider's CRC.
    let mut c = !0u32;
    for &x in b {
        c ^= x as u32;
        for _ in 0..8 {
            c = if c & 1 != 0 {
                (c >> 1) ^ 0x82F6_3B78
            } else {
                c >> 1
            };
        }
    }
    !c
}
