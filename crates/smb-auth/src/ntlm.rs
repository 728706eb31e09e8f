//! NTLM pieces both sides compute (MS-NLMP 3.3.2, 3.4): NTOWFv2, the NTLMv2 proof and
//! session base key, the key exchange, and the readers of NTLMSSP message fields. The
//! acceptor and the initiator use these and no copies of their own.

use hmac::{Hmac, Mac};
use md5::Md5;
use rc4::{KeyInit, Rc4, StreamCipher};

type HmacMd5 = Hmac<Md5>;

/// NTLMSSP message signature.
pub const SIGNATURE: &[u8; 8] = b"NTLMSSP\0";

/// NEGOTIATE flags (MS-NLMP 2.2.2.5).
pub mod flag {
    pub const UNICODE: u32 = 0x1;
    pub const REQUEST_TARGET: u32 = 0x4;
    pub const SIGN: u32 = 0x10;
    pub const SEAL: u32 = 0x20;
    pub const NTLM: u32 = 0x200;
    pub const ALWAYS_SIGN: u32 = 0x8000;
    pub const TARGET_TYPE_SERVER: u32 = 0x20000;
    pub const ESS: u32 = 0x80000;
    pub const TARGET_INFO: u32 = 0x80_0000;
    pub const VERSION: u32 = 0x200_0000;
    pub const F128: u32 = 0x2000_0000;
    pub const KEY_EXCH: u32 = 0x4000_0000;
    pub const F56: u32 = 0x8000_0000;
}

/// UTF-16LE bytes of a string (NTLM's unicode).
pub fn utf16(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(|c| c.to_le_bytes()).collect()
}

/// HMAC-MD5 over the concatenation of `parts`.
pub fn hmac_md5(key: &[u8], parts: &[&[u8]]) -> [u8; 16] {
    let mut m = <HmacMd5 as Mac>::new_from_slice(key).expect("any key length");
    for p in parts {
        m.update(p);
    }
    m.finalize().into_bytes().into()
}

/// NTOWFv2: the NT hash keyed over the upper-cased user and the domain as sent.
pub fn ntowfv2(nt_hash: &[u8; 16], user: &str, domain: &str) -> [u8; 16] {
    hmac_md5(nt_hash, &[&utf16(&user.to_uppercase()), &utf16(domain)])
}

/// NTProofStr: what proves the password, over the server challenge and the client blob.
pub fn nt_proof(ntowf: &[u8; 16], server_challenge: &[u8], blob: &[u8]) -> [u8; 16] {
    hmac_md5(ntowf, &[server_challenge, blob])
}

/// SessionBaseKey of NTLMv2.
pub fn session_base_key(ntowf: &[u8; 16], proof: &[u8]) -> [u8; 16] {
    hmac_md5(ntowf, &[proof])
}

/// The key exchange: RC4 under the key exchange key, which encrypts the exported
/// session key one way and decrypts it the other.
pub fn exchange_key(key_exchange_key: &[u8; 16], session_key: &[u8; 16]) -> [u8; 16] {
    let mut k = *session_key;
    Rc4::new(key_exchange_key.into()).apply_keystream(&mut k);
    k
}

/// Equality in time independent of where the first difference is.
pub fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A little-endian u16 at `at`, if the message holds it.
pub fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    let s = b.get(at..at.checked_add(2)?)?;
    Some(u16::from_le_bytes([s[0], s[1]]))
}

/// A little-endian u32 at `at`, if the message holds it.
pub fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    let s = b.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

/// The bytes an NTLM (len, maxlen, offset) field at `at` names; `None` when the field or
/// what it names lies outside the message.
pub fn field(b: &[u8], at: usize) -> Option<&[u8]> {
    let len = u16_at(b, at)? as usize;
    let off = u32_at(b, at + 4)? as usize;
    if len == 0 {
        return Some(&[]);
    }
    b.get(off..off.checked_add(len)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_outside_the_message_are_refused() {
        let mut m = vec![0u8; 16];
        m[0..2].copy_from_slice(&4u16.to_le_bytes());
        m[4..8].copy_from_slice(&12u32.to_le_bytes());
        assert_eq!(field(&m, 0), Some(&m[12..16]));
        m[4..8].copy_from_slice(&14u32.to_le_bytes());
        assert_eq!(field(&m, 0), None);
        m[4..8].copy_from_slice(&u32::MAX.to_le_bytes());
        assert_eq!(field(&m, 0), None);
        assert_eq!(u32_at(&m, usize::MAX - 1), None);
    }

    #[test]
    fn key_exchange_is_its_own_inverse() {
        let k = [3u8; 16];
        let s = [9u8; 16];
        assert_eq!(exchange_key(&k, &exchange_key(&k, &s)), s);
    }
}
