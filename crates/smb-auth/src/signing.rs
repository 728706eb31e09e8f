//! SMB2/3 message signing (MS-SMB2 3.1.4.1): the signature field (bytes 48..64 of the
//! header) is zero while computing; the role and CANCEL bits of the AES-GMAC nonce come
//! from the message's own header.

use aes::Aes128;
use cmac::Cmac;
use hmac::{Hmac, Mac};
use sha2::Sha256;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    HmacSha256,
    AesCmac,
    AesGmac,
}

const SIG: std::ops::Range<usize> = 48..64;

/// The AES-GMAC nonce of a message (MS-SMB2 3.1.4.1): its MessageId, then the role
/// (server) and CANCEL bits from its own header.
fn gmac_nonce(msg: &[u8]) -> [u8; 12] {
    let mut nonce = [0u8; 12];
    nonce[..8].copy_from_slice(&msg[24..32]);
    let flags = u32::from_le_bytes(msg[16..20].try_into().unwrap());
    let cmd = u16::from_le_bytes([msg[12], msg[13]]);
    let mut bits = 0u32;
    if flags & 1 != 0 {
        bits |= 1;
    }
    if cmd == 0x0C {
        bits |= 2;
    }
    nonce[8..].copy_from_slice(&bits.to_le_bytes());
    nonce
}

/// The signature of `msg` followed by `more` (bytes that go out after it in the same
/// message, kept elsewhere: READ data sent from the storage's own buffer). For
/// AES-GMAC, `msg` past its header is a whole number of 16-byte blocks when `more` is
/// not empty (a READ response's is: its head is 16 bytes).
fn compute(alg: Algorithm, key: &[u8; 16], msg: &[u8], more: &[u8]) -> [u8; 16] {
    let (head, tail) = (&msg[..48], &msg[64..]);
    let zero = [0u8; 16];
    match alg {
        Algorithm::HmacSha256 => {
            let mut m = <Hmac<Sha256> as Mac>::new_from_slice(key).expect("key");
            m.update(head);
            m.update(&zero);
            m.update(tail);
            m.update(more);
            m.finalize().into_bytes()[..16].try_into().unwrap()
        }
        Algorithm::AesCmac => {
            let mut m = <Cmac<Aes128> as Mac>::new_from_slice(key).expect("key");
            m.update(head);
            m.update(&zero);
            m.update(tail);
            m.update(more);
            m.finalize().into_bytes().into()
        }
        Algorithm::AesGmac if more.is_empty() => {
            // The signature field is a whole GHASH block: hashed as zeros, no copy.
            crate::gcm::gmac(key, &gmac_nonce(msg), &[head, &zero, tail])
        }
        Algorithm::AesGmac if tail.len() % 16 == 0 => {
            crate::gcm::gmac(key, &gmac_nonce(msg), &[head, &zero, tail, more])
        }
        Algorithm::AesGmac => {
            // (Not a READ response: pieces that do not end on a block are joined.)
            let mut joined = Vec::with_capacity(tail.len() + more.len());
            joined.extend_from_slice(tail);
            joined.extend_from_slice(more);
            crate::gcm::gmac(key, &gmac_nonce(msg), &[head, &zero, &joined])
        }
    }
}

/// Signs `msg` (an SMB2 message starting at its header) in place.
pub fn sign(alg: Algorithm, key: &[u8; 16], msg: &mut [u8]) {
    if msg.len() < 64 {
        return;
    }
    let s = compute(alg, key, msg, &[]);
    msg[SIG].copy_from_slice(&s);
}

/// Signs `msg` in place as the message `msg` followed by `more` (its last bytes, sent
/// from another buffer with no copy).
pub fn sign_with(alg: Algorithm, key: &[u8; 16], msg: &mut [u8], more: &[u8]) {
    if msg.len() < 64 {
        return;
    }
    let s = compute(alg, key, msg, more);
    msg[SIG].copy_from_slice(&s);
}

/// The MAC of an RDMA payload for the signing transform (MS-SMB2 2.2.43.1): AES-CMAC
/// over the payload, or AES-GMAC with the given 12-byte nonce and the payload as the
/// authenticated data. None for HMAC-SHA256, whose MAC does not fit the transform.
pub fn payload_mac(alg: Algorithm, key: &[u8; 16], nonce: &[u8], data: &[u8]) -> Option<[u8; 16]> {
    match alg {
        Algorithm::HmacSha256 => None,
        Algorithm::AesCmac => {
            let mut m = <Cmac<Aes128> as Mac>::new_from_slice(key).expect("key");
            m.update(data);
            Some(m.finalize().into_bytes().into())
        }
        Algorithm::AesGmac => Some(crate::gcm::gmac(key, nonce.try_into().ok()?, &[data])),
    }
}

/// Constant-time comparison of two MACs (kept with GCM, whose tags need it too).
pub use crate::gcm::mac_eq;

/// Checks the signature of `msg` in constant time.
pub fn verify(alg: Algorithm, key: &[u8; 16], msg: &[u8]) -> bool {
    if msg.len() < 64 {
        return false;
    }
    mac_eq(&compute(alg, key, msg, &[]), &msg[SIG])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sign_verify_tamper() {
        for alg in [
            Algorithm::HmacSha256,
            Algorithm::AesCmac,
            Algorithm::AesGmac,
        ] {
            let mut m = vec![0u8; 100];
            m[0..4].copy_from_slice(&[0xFE, b'S', b'M', b'B']);
            m[70] = 7;
            sign(alg, &[3; 16], &mut m);
            assert!(verify(alg, &[3; 16], &m));
            assert!(!verify(alg, &[4; 16], &m));
            m[70] = 8;
            assert!(!verify(alg, &[3; 16], &m));
        }
        assert!(!verify(Algorithm::AesCmac, &[0; 16], &[0; 10]));
    }

    #[test]
    fn signing_with_more_bytes_is_signing_them_joined() {
        for alg in [
            Algorithm::HmacSha256,
            Algorithm::AesCmac,
            Algorithm::AesGmac,
        ] {
            // A READ response (80 bytes) and its data kept elsewhere, and a message whose
            // end is not on a 16-byte block.
            for (head, data) in [(80usize, 8192usize), (80, 1), (70, 33), (64, 0)] {
                let whole: Vec<u8> = (0..head + data).map(|i| (i * 7 + 3) as u8).collect();
                let mut joined = whole.clone();
                sign(alg, &[9; 16], &mut joined);
                let mut part = whole[..head].to_vec();
                sign_with(alg, &[9; 16], &mut part, &whole[head..]);
                assert_eq!(part[SIG], joined[SIG], "{alg:?} {head}+{data}");
                assert!(verify(alg, &[9; 16], &joined));
            }
        }
    }

    #[test]
    fn gmac_role_bit_matters() {
        let mut m = vec![0u8; 80];
        sign(Algorithm::AesGmac, &[1; 16], &mut m);
        let mut r = m.clone();
        r[16] |= 1; // the same message from the server role
        assert!(!verify(Algorithm::AesGmac, &[1; 16], &r));
    }
}
