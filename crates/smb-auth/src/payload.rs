//! Protection of an SMB Direct payload by the RDMA transform (MS-SMB2 2.2.43.1, 3.1.1):
//! encrypted in place with the session's cipher key, or signed with the channel's signing
//! key, in one place for the server's READs and the client's WRITEs alike.

use crate::crypt::{self, Cipher};
use crate::signing::{self, Algorithm};

/// How a payload is protected, with the sender's (or receiver's) key.
#[derive(Clone, Copy)]
pub enum Protection<'a> {
    Encrypt { cipher: Cipher, key: &'a [u8] },
    Sign { alg: Algorithm, key: &'a [u8; 16] },
}

/// Why a protected payload is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Encryption: a wrong tag or nonce length, or the data do not match the tag.
    Tag,
    /// Signing: the data do not match the signature.
    Signature,
    /// Signing with HMAC-SHA256, whose MAC does not fit the transform.
    Unsupported,
}

/// A transform's nonce (11 or 12 bytes, or none), kept inline.
pub type Nonce = smallvec::SmallVec<[u8; 16]>;

/// Protects `data` in place; returns the signature (tag or MAC) and the nonce to send.
/// `fresh` is a value never used before under this key (a counter): its first 11 or 12
/// bytes are the AEAD nonce; for AES-GMAC, 12 bytes with the top bit of the last set,
/// which no message signature's nonce (a MessageId and two low flag bits) has.
pub fn protect(
    p: Protection,
    fresh: [u8; 16],
    data: &mut [u8],
) -> Result<([u8; 16], Nonce), Fault> {
    match p {
        Protection::Encrypt { cipher, key } => {
            let nonce = Nonce::from_slice(&fresh[..cipher.nonce_len()]);
            let tag = crypt::seal_payload(cipher, key, &nonce, data).map_err(|_| Fault::Tag)?;
            Ok((tag, nonce))
        }
        Protection::Sign { alg, key } => {
            let nonce = if alg == Algorithm::AesGmac {
                let mut n = Nonce::from_slice(&fresh[..12]);
                n[11] = 0x80;
                n
            } else {
                Nonce::new()
            };
            let mac = signing::payload_mac(alg, key, &nonce, data).ok_or(Fault::Unsupported)?;
            Ok((mac, nonce))
        }
    }
}

/// Checks a received payload against its signature and nonce; decrypts it in place.
pub fn check(p: Protection, nonce: &[u8], signature: &[u8], data: &mut [u8]) -> Result<(), Fault> {
    match p {
        Protection::Encrypt { cipher, key } => {
            crypt::open_payload(cipher, key, nonce, data, signature).map_err(|_| Fault::Tag)
        }
        Protection::Sign { alg, key } => {
            let mac = signing::payload_mac(alg, key, nonce, data).ok_or(Fault::Unsupported)?;
            if signing::mac_eq(&mac, signature) {
                Ok(())
            } else {
                Err(Fault::Signature)
            }
        }
    }
}
