//! SMB3 encryption (MS-SMB2 3.1.4.3): AES-CCM (11-byte nonce) or AES-GCM (12-byte nonce),
//! 16-byte tag in the transform header's Signature, AAD = transform header bytes 20..52.

use aes::{Aes128, Aes256};
use aes_gcm::aead::AeadInPlace;
use aes_gcm::KeyInit;
use ccm::consts::{U11, U16};
use ccm::Ccm;

type Aes128Ccm = Ccm<Aes128, U16, U11>;
type Aes256Ccm = Ccm<Aes256, U16, U11>;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cipher {
    Aes128Ccm,
    Aes128Gcm,
    Aes256Ccm,
    Aes256Gcm,
}

impl Cipher {
    /// MS-SMB2 2.2.3.1.2 cipher id.
    pub fn id(self) -> u16 {
        match self {
            Cipher::Aes128Ccm => 1,
            Cipher::Aes128Gcm => 2,
            Cipher::Aes256Ccm => 3,
            Cipher::Aes256Gcm => 4,
        }
    }
    pub fn key_len(self) -> usize {
        match self {
            Cipher::Aes128Ccm | Cipher::Aes128Gcm => 16,
            _ => 32,
        }
    }
    /// AEAD nonce length: 11 bytes for CCM, 12 for GCM.
    pub fn nonce_len(self) -> usize {
        match self {
            Cipher::Aes128Ccm | Cipher::Aes256Ccm => 11,
            _ => 12,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CryptError {
    Truncated,
    BadKey,
    Authentication,
}

const HDR: usize = 52;

fn seal(
    c: Cipher,
    key: &[u8],
    nonce: &[u8],
    aad: &[u8],
    buf: &mut [u8],
) -> Result<[u8; 16], CryptError> {
    macro_rules! go {
        ($t:ty) => {{
            let k = <$t>::new_from_slice(key).map_err(|_| CryptError::BadKey)?;
            k.encrypt_in_place_detached(nonce.into(), aad, buf)
                .map(|t| t.into())
                .ok()
        }};
    }
    match c {
        Cipher::Aes128Ccm => go!(Aes128Ccm),
        Cipher::Aes256Ccm => go!(Aes256Ccm),
        Cipher::Aes128Gcm => crate::gcm::seal::<Aes128>(key, gcm_nonce(nonce)?, aad, buf),
        Cipher::Aes256Gcm => crate::gcm::seal::<Aes256>(key, gcm_nonce(nonce)?, aad, buf),
    }
    .ok_or(CryptError::BadKey)
}

fn open(
    c: Cipher,
    key: &[u8],
    nonce: &[u8],
    aad: &[u8],
    buf: &mut [u8],
    tag: &[u8],
) -> Result<(), CryptError> {
    macro_rules! go {
        ($t:ty) => {{
            let k = <$t>::new_from_slice(key).map_err(|_| CryptError::BadKey)?;
            k.decrypt_in_place_detached(nonce.into(), aad, buf, tag.into())
                .map_err(|_| CryptError::Authentication)
        }};
    }
    match c {
        Cipher::Aes128Ccm => go!(Aes128Ccm),
        Cipher::Aes256Ccm => go!(Aes256Ccm),
        Cipher::Aes128Gcm => crate::gcm::open::<Aes128>(key, gcm_nonce(nonce)?, aad, buf, tag)
            .map_err(|_| CryptError::Authentication),
        Cipher::Aes256Gcm => crate::gcm::open::<Aes256>(key, gcm_nonce(nonce)?, aad, buf, tag)
            .map_err(|_| CryptError::Authentication),
    }
}

fn gcm_nonce(nonce: &[u8]) -> Result<&[u8; 12], CryptError> {
    nonce.try_into().map_err(|_| CryptError::Truncated)
}

/// The RDMA encryption transform (MS-SMB2 3.3.5.12/3.3.5.13): encrypts an RDMA payload in
/// place with no associated data and returns the tag. `nonce` is the cipher's length.
pub fn seal_payload(
    c: Cipher,
    key: &[u8],
    nonce: &[u8],
    buf: &mut [u8],
) -> Result<[u8; 16], CryptError> {
    if nonce.len() != c.nonce_len() {
        return Err(CryptError::Truncated);
    }
    seal(c, key, nonce, &[], buf)
}

/// Decrypts an RDMA payload in place and checks its tag (see [`seal_payload`]).
pub fn open_payload(
    c: Cipher,
    key: &[u8],
    nonce: &[u8],
    buf: &mut [u8],
    tag: &[u8],
) -> Result<(), CryptError> {
    if nonce.len() != c.nonce_len() || tag.len() != 16 {
        return Err(CryptError::Authentication);
    }
    open(c, key, nonce, &[], buf, tag)
}

/// Builds a whole transform PDU around `plain`. `nonce16` must never repeat for a key; the
/// first 11 or 12 bytes are used.
pub fn encrypt(c: Cipher, key: &[u8], nonce16: [u8; 16], session_id: u64, plain: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HDR + plain.len());
    encrypt_into(c, key, nonce16, session_id, plain, &mut out);
    out
}

/// [`encrypt`] into `out` (emptied first; a recycled buffer keeps its capacity).
pub fn encrypt_into(
    c: Cipher,
    key: &[u8],
    nonce16: [u8; 16],
    session_id: u64,
    plain: &[u8],
    out: &mut Vec<u8>,
) {
    out.clear();
    out.extend_from_slice(&[0xFD, b'S', b'M', b'B']);
    out.extend_from_slice(&[0; 16]);
    let mut nonce = [0u8; 16];
    nonce[..c.nonce_len()].copy_from_slice(&nonce16[..c.nonce_len()]);
    out.extend_from_slice(&nonce);
    out.extend_from_slice(&(plain.len() as u32).to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes());
    out.extend_from_slice(&session_id.to_le_bytes());
    out.extend_from_slice(plain);
    let (head, body) = out.split_at_mut(HDR);
    let tag = seal(c, key, &nonce[..c.nonce_len()], &head[20..HDR], body)
        .expect("key length matches the cipher");
    out[4..20].copy_from_slice(&tag);
}

/// Opens a whole transform PDU; returns the session id and the plaintext.
pub fn decrypt(c: Cipher, key: &[u8], pdu: &[u8]) -> Result<(u64, Vec<u8>), CryptError> {
    let mut body = Vec::new();
    let sid = decrypt_into(c, key, pdu, &mut body)?;
    Ok((sid, body))
}

/// [`decrypt`] into `body` (emptied first; a recycled buffer keeps its capacity); returns
/// the session id. On an error `body` holds nothing usable.
pub fn decrypt_into(
    c: Cipher,
    key: &[u8],
    pdu: &[u8],
    body: &mut Vec<u8>,
) -> Result<u64, CryptError> {
    body.clear();
    if pdu.len() < HDR || pdu[..4] != [0xFD, b'S', b'M', b'B'] {
        return Err(CryptError::Truncated);
    }
    let size = u32::from_le_bytes(pdu[36..40].try_into().unwrap()) as usize;
    if size != pdu.len() - HDR {
        return Err(CryptError::Truncated);
    }
    let sid = u64::from_le_bytes(pdu[44..52].try_into().unwrap());
    body.extend_from_slice(&pdu[HDR..]);
    open(
        c,
        key,
        &pdu[20..20 + c.nonce_len()],
        &pdu[20..HDR],
        body,
        &pdu[4..20],
    )?;
    Ok(sid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_every_cipher_and_tamper() {
        for c in [
            Cipher::Aes128Ccm,
            Cipher::Aes128Gcm,
            Cipher::Aes256Ccm,
            Cipher::Aes256Gcm,
        ] {
            let key = vec![9u8; c.key_len()];
            let pdu = encrypt(c, &key, [5; 16], 77, b"hello smb");
            let (sid, p) = decrypt(c, &key, &pdu).unwrap();
            assert_eq!((sid, &p[..]), (77, &b"hello smb"[..]));
            let mut bad = pdu.clone();
            *bad.last_mut().unwrap() ^= 1;
            assert_eq!(decrypt(c, &key, &bad), Err(CryptError::Authentication));
            let mut bad = pdu.clone();
            bad[45] ^= 1; // session id is authenticated
            assert_eq!(decrypt(c, &key, &bad), Err(CryptError::Authentication));
            assert_eq!(decrypt(c, &key, &pdu[..40]), Err(CryptError::Truncated));
        }
    }
}
