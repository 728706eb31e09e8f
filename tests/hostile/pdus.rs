//! Hostile PDUs over TCP before logon: truncated, oversized and random PDUs and an NTLM blob
//! with lying lengths.

use super::*;

#[test]
fn hostile_pdus_get_errors_or_disconnects() {
    let s = TestServer::start();
    let have_smbclient = require_tool("smbclient");

    // Oversized frame length: the server must close without reading 16 MiB.
    let mut c = connect(s.port);
    c.write_all(&[0, 0xFF, 0xFF, 0xFF, 0xFE, b'S', b'M', b'B'])
        .unwrap();
    assert!(
        read_frame(&mut c).is_none(),
        "oversized frame must close the connection"
    );

    // Truncated header.
    let mut c = connect(s.port);
    c.write_all(&frame(&negotiate_302()[..40])).unwrap();
    assert!(read_frame(&mut c).is_none(), "truncated header must close");

    // Random PDUs: closed or an error status, never a crash.
    for i in 0..200u64 {
        let mut c = connect(s.port);
        let len = 1 + (i as usize * 37) % 600;
        let mut pdu = random_bytes(len, 99 + i);
        if i % 2 == 0 && pdu.len() >= 4 {
            pdu[..4].copy_from_slice(&[0xFE, b'S', b'M', b'B']);
        }
        c.write_all(&frame(&pdu)).unwrap();
        if let Some(r) = read_frame(&mut c) {
            assert!(
                r.len() >= 64 && status(&r) >= 0xC000_0000,
                "random PDU {i} succeeded"
            );
        }
    }
    if have_smbclient {
        second_client_ok(&s);
    }

    // Negotiate, then a SESSION_SETUP whose NTLMSSP NEGOTIATE blob lies about its lengths.
    let mut c = connect(s.port);
    c.write_all(&frame(&negotiate_302())).unwrap();
    let r = read_frame(&mut c).expect("negotiate response");
    assert_eq!(status(&r), 0, "negotiate failed");
    let mut blob = b"NTLMSSP\0".to_vec();
    blob.extend_from_slice(&1u32.to_le_bytes());
    blob.extend_from_slice(&0xE208_8297u32.to_le_bytes());
    // DomainName: length 0x4000 at offset 0xFFFF0000 — lies.
    blob.extend_from_slice(&0x4000u16.to_le_bytes());
    blob.extend_from_slice(&0x4000u16.to_le_bytes());
    blob.extend_from_slice(&0xFFFF_0000u32.to_le_bytes());
    blob.extend_from_slice(&[0; 8]);
    let mut m = header(1, 1, 0);
    m.extend_from_slice(&25u16.to_le_bytes());
    m.push(0);
    m.push(1);
    m.extend_from_slice(&0u32.to_le_bytes());
    m.extend_from_slice(&0u32.to_le_bytes());
    m.extend_from_slice(&88u16.to_le_bytes());
    m.extend_from_slice(&(blob.len() as u16).to_le_bytes());
    m.extend_from_slice(&0u64.to_le_bytes());
    m.extend_from_slice(&blob);
    c.write_all(&frame(&m)).unwrap();
    if let Some(r) = read_frame(&mut c) {
        let st = status(&r);
        assert!(st >= 0xC000_0000, "lying NTLM blob got status {st:#x}");
    }
    // A SESSION_SETUP whose security buffer offset points past the PDU.
    let mut c = connect(s.port);
    c.write_all(&frame(&negotiate_302())).unwrap();
    read_frame(&mut c).expect("negotiate response");
    let mut m2 = m.clone();
    m2[64 + 12..64 + 14].copy_from_slice(&0xFFF0u16.to_le_bytes());
    c.write_all(&frame(&m2)).unwrap();
    if let Some(r) = read_frame(&mut c) {
        assert!(status(&r) >= 0xC000_0000);
    }
    if have_smbclient {
        second_client_ok(&s);
    }
}
