//! A minimal NTLMv2 initiator (MS-NLMP 3.1.5) for our own client and tests: NEGOTIATE,
//! then AUTHENTICATE from the server's CHALLENGE, with key exchange. Raw NTLMSSP tokens
//! (the server accepts them without SPNEGO).

use crate::ntlm::{
    exchange_key, field, flag, nt_proof, ntowfv2, session_base_key, u32_at, utf16, SIGNATURE,
};

const FLAGS: u32 = flag::UNICODE
    | flag::NTLM
    | flag::SIGN
    | flag::SEAL
    | flag::ALWAYS_SIGN
    | flag::ESS
    | flag::TARGET_INFO
    | flag::F128
    | flag::KEY_EXCH
    | flag::F56
    | flag::REQUEST_TARGET;

pub fn negotiate() -> Vec<u8> {
    let mut m = SIGNATURE.to_vec();
    m.extend_from_slice(&1u32.to_le_bytes());
    m.extend_from_slice(&FLAGS.to_le_bytes());
    m.extend_from_slice(&[0u8; 16]);
    m
}

pub struct Authenticate {
    pub token: Vec<u8>,
    pub session_key: [u8; 16],
    /// The flags both sides agreed (ours as far as the CHALLENGE kept them).
    pub flags: u32,
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
    if challenge.get(..8) != Some(&SIGNATURE[..]) || u32_at(challenge, 8) != Some(2) {
        return Err("not a CHALLENGE");
    }
    let server_challenge = challenge.get(24..32).ok_or("short")?;
    let target_info = field(challenge, 40).ok_or("bad target info")?;
    let ntowf = ntowfv2(&crate::users::nt_hash(password), user, domain);
    let client_challenge = &rand[..8];
    let mut temp = vec![1u8, 1, 0, 0, 0, 0, 0, 0];
    temp.extend_from_slice(&time.to_le_bytes());
    temp.extend_from_slice(client_challenge);
    temp.extend_from_slice(&[0; 4]);
    temp.extend_from_slice(target_info);
    temp.extend_from_slice(&[0; 4]);
    let proof = nt_proof(&ntowf, server_challenge, &temp);
    let base_key = session_base_key(&ntowf, &proof);
    let mut nt_resp = proof.to_vec();
    nt_resp.extend_from_slice(&temp);
    let mut exported = [0u8; 16];
    exported.copy_from_slice(&rand[8..24]);
    let enc_key = exchange_key(&base_key, &exported);
    let lm = [0u8; 24];
    let dom = utf16(domain);
    let usr = utf16(user);
    let ws = utf16("CLIENT");
    let fields: [&[u8]; 6] = [&lm, &nt_resp, &dom, &usr, &ws, &enc_key];
    let mut m = SIGNATURE.to_vec();
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
        flags: FLAGS & u32_at(challenge, 20).unwrap_or(0),
    })
}
