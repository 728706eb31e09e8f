//! SP800-108 counter-mode KDF with HMAC-SHA256 (MS-SMB2 3.1.4.2) and the per-dialect keys.

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// Derives `out.len()` bytes (16 or 32): r = 32, L = 8 * out.len().
pub fn derive(key: &[u8], label: &[u8], context: &[u8], out: &mut [u8]) {
    let l_bits = (out.len() as u32 * 8).to_be_bytes();
    for (i, chunk) in out.chunks_mut(32).enumerate() {
        let mut m = <Hmac<Sha256> as Mac>::new_from_slice(key).expect("any key length");
        m.update(&(i as u32 + 1).to_be_bytes());
        m.update(label);
        m.update(&[0]);
        m.update(context);
        m.update(&l_bits);
        let r = m.finalize().into_bytes();
        chunk.copy_from_slice(&r[..chunk.len()]);
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Smb300,
    Smb302,
    Smb311,
}

pub struct SessionKeys {
    pub signing: [u8; 16],
    pub encrypt_s2c: Vec<u8>,
    pub decrypt_c2s: Vec<u8>,
    pub application: [u8; 16],
}

/// Labels include their terminating NUL (the KDF adds the 0x00 separator after it).
pub fn session_keys(
    dialect: Dialect,
    session_key: &[u8; 16],
    full_session_key: &[u8],
    preauth_hash: Option<&[u8; 64]>,
    cipher_key_len: usize,
) -> SessionKeys {
    let h: &[u8] = preauth_hash.map(|h| &h[..]).unwrap_or(&[]);
    type Pair<'a> = (&'a [u8], &'a [u8]);
    let [(sl, sc), (el, ec), (dl, dc), (al, ac)]: [Pair; 4] = if dialect == Dialect::Smb311 {
        [
            (b"SMBSigningKey\0", h),
            (b"SMBS2CCipherKey\0", h),
            (b"SMBC2SCipherKey\0", h),
            (b"SMBAppKey\0", h),
        ]
    } else {
        [
            (b"SMB2AESCMAC\0", b"SmbSign\0"),
            (b"SMB2AESCCM\0", b"ServerOut\0"),
            (b"SMB2AESCCM\0", b"ServerIn \0"),
            (b"SMB2APP\0", b"SmbRpc\0"),
        ]
    };
    // MS-SMB2 3.3.5.5.3: AES-256 ciphers derive from the full session key.
    let cipher_key: &[u8] = if cipher_key_len == 32 {
        full_session_key
    } else {
        session_key
    };
    let mut signing = [0u8; 16];
    derive(session_key, sl, sc, &mut signing);
    let mut enc = vec![0u8; cipher_key_len];
    derive(cipher_key, el, ec, &mut enc);
    let mut dec = vec![0u8; cipher_key_len];
    derive(cipher_key, dl, dc, &mut dec);
    let mut app = [0u8; 16];
    derive(session_key, al, ac, &mut app);
    SessionKeys {
        signing,
        encrypt_s2c: enc,
        decrypt_c2s: dec,
        application: app,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_differ_and_lengths_hold() {
        let k = session_keys(Dialect::Smb311, &[1; 16], &[1; 16], Some(&[2; 64]), 32);
        assert_eq!(k.encrypt_s2c.len(), 32);
        assert_ne!(k.encrypt_s2c, k.decrypt_c2s);
        let k0 = session_keys(Dialect::Smb300, &[1; 16], &[1; 16], None, 16);
        assert_ne!(k0.signing, k.signing);
        // The first 16 bytes of a 256-bit output differ from a 128-bit one (L is in the input).
        let mut a = [0u8; 16];
        let mut b = [0u8; 32];
        derive(&[1; 16], b"x\0", b"y", &mut a);
        derive(&[1; 16], b"x\0", b"y", &mut b);
        assert_ne!(a[..], b[..16]);
    }
}
