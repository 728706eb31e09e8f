//! A minimal NTLMv2 initiator (MS-NLMP 3.1.5) for our own client: NEGOTIATE, then
//! AUTHENTICATE from the server's CHALLENGE, with key exchange. Raw NTLMSSP tokens (the
//! server accepts them without SPNEGO).

use hmac::{Hmac, Mac};
use md5::Md5;
use rc4::{KeyInit, Rc4, StreamCipher};
use smb_wire::Le;

type HmacMd5 = Hmac<Md5>;

const FLAGS: u32 = 0x0000_0001 // UNICODE
    | 0x0000_0200 // NTLM
    | 0x0000_0010 // SIGN
    | 0x0000_0020 // SEAL
    | 0x0000_8000 // ALWAYS_SIGN
    | 0x0008_0000 // EXTENDED_SESSIONSECURITY
    | 0x0080_0000 // TARGET_INFO
    | 0x2000_0000 // 128
    | 0x4000_0000 // KEY_EXCH
    | 0x8000_0000 // 56
    | 0x0000_0004; // REQUEST_TARGET

fn hmac_md5(key: &[u8], parts: &[&[u8]]) -> [u8; 16] {
    let mut m = <HmacMd5 as Mac>::new_from_slice(key).expect("any key length");
    for p in parts {
        m.update(p);
    }
    m.finalize().into_bytes().into()
}

fn utf16(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(|u| u.to_le_bytes()).collect()
}

pub fn negotiate() -> Vec<u8> {
    let mut m = b"NTLMSSP\0".to_vec();
    m.extend_from_slice(&1u32.to_le_bytes());
    m.extend_from_slice(&FLAGS.to_le_bytes());
    m.extend_from_slice(&[0u8; 16]);
    m
}

pub struct Authenticate {
    pub token: Vec<u8>,
    pub session_key: [u8; 16],
}

/// Builds AUTHENTICATE from the CHALLENGE; `time` is FILETIME, `rand` 24 random bytes.
pub fn authenticate(
    challenge: &[u8],
    user: &str,
    domain: &str,
    password: &str,
    time: u64,
    rand: [u8; 24],
) -> Result<Authenticate, &'static str> {
    let r = Le(challenge);
    if r.bytes(0, 8).map_err(|_| "short")? != b"NTLMSSP\0" || r.u32(8).ok() != Some(2) {
        return Err("not a CHALLENGE");
    }
    let server_challenge = r.bytes(24, 8).map_err(|_| "short")?;
    let ti_len = r.u16(40).map_err(|_| "short")? as usize;
    let ti_off = r.u32(44).map_err(|_| "short")? as usize;
    let target_info = r.region(ti_off, ti_len).map_err(|_| "bad target info")?;
    use md4::Digest;
    let nt_hash: [u8; 16] = md4::Md4::digest(utf16(password)).into();
    let ntowf = hmac_md5(&nt_hash, &[&utf16(&user.to_uppercase()), &utf16(domain)]);
    let client_challenge = &rand[..8];
    let mut temp = vec![1u8, 1, 0, 0, 0, 0, 0, 0];
    temp.extend_from_slice(&time.to_le_bytes());
    temp.extend_from_slice(client_challenge);
    temp.extend_from_slice(&[0; 4]);
    temp.extend_from_slice(target_info);
    temp.extend_from_slice(&[0; 4]);
    let proof = hmac_md5(&ntowf, &[server_challenge, &temp]);
    let base_key = hmac_md5(&ntowf, &[&proof]);
    let mut nt_resp = proof.to_vec();
    nt_resp.extend_from_slice(&temp);
    let mut exported = [0u8; 16];
    exported.copy_from_slice(&rand[8..24]);
    let mut enc_key = exported;
    let mut rc4 = Rc4::new(&base_key.into());
    rc4.apply_keystream(&mut enc_key);
    let lm = [0u8; 24];
    let dom = utf16(domain);
    let usr = utf16(user);
    let ws = utf16("CLIENT");
    let fields: [&[u8]; 6] = [&lm, &nt_resp, &dom, &usr, &ws, &enc_key];
    let mut m = b"NTLMSSP\0".to_vec();
    m.extend_from_slice(&3u32.to_le_bytes());
    let mut off = 64u32 + 8 + 16; // header, version, MIC
    let mut payload = Vec::new();
    let mut descs = Vec::new();
    for f in fields {
        descs.push((f.len() as u16, off));
        payload.extend_from_slice(f);
        off += f.len() as u32;
    }
    for (len, o) in &descs[..5] {
        m.extend_from_slice(&len.to_le_bytes());
        m.extend_from_slice(&len.to_le_bytes());
        m.extend_from_slice(&o.to_le_bytes());
    }
    let (len, o) = descs[5];
    m.extend_from_slice(&len.to_le_bytes());
    m.extend_from_slice(&len.to_le_bytes());
    m.extend_from_slice(&o.to_le_bytes());
    m.extend_from_slice(&FLAGS.to_le_bytes());
    m.extend_from_slice(&[6, 1, 0, 0, 0, 0, 0, 15]); // version
    m.extend_from_slice(&[0; 16]); // MIC (not sent: no MsvAvFlags MIC bit)
    m.extend_from_slice(&payload);
    Ok(Authenticate {
        token: m,
        session_key: exported,
    })
}
