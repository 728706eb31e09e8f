//! AES-128-GMAC (NIST SP 800-38D with an empty plaintext): GHASH over the authenticated
//! data and its length block, masked with AES(K, nonce || 1). Built from RustCrypto's AES
//! and GHASH (whose CLMUL backend folds four blocks per reduction), so a signature over a
//! message is computed in pieces, without copying it.

use aes::cipher::{BlockEncrypt, KeyInit};
use aes::Aes128;
use ghash::universal_hash::UniversalHash;
use ghash::GHash;

pub struct Gmac {
    aes: Aes128,
    ghash: GHash,
    len: u64,
}

impl Gmac {
    pub fn new(key: &[u8; 16]) -> Self {
        let aes = Aes128::new(key.into());
        let mut h = [0u8; 16];
        aes.encrypt_block((&mut h).into());
        Gmac {
            aes,
            ghash: GHash::new(&h.into()),
            len: 0,
        }
    }

    /// Adds data. Every piece but the last must be a multiple of 16 bytes long (GHASH
    /// pads each call to a whole block).
    pub fn update(&mut self, data: &[u8]) {
        debug_assert!(
            self.len.is_multiple_of(16),
            "only the last piece may be partial"
        );
        self.ghash.update_padded(data);
        self.len += data.len() as u64;
    }

    /// The tag for a 12-byte nonce.
    pub fn finalize(mut self, nonce: &[u8; 12]) -> [u8; 16] {
        let mut lens = [0u8; 16];
        lens[..8].copy_from_slice(&(self.len * 8).to_be_bytes());
        self.ghash.update(&[lens.into()]);
        let s = self.ghash.finalize();
        let mut j0 = [0u8; 16];
        j0[..12].copy_from_slice(nonce);
        j0[15] = 1;
        self.aes.encrypt_block((&mut j0).into());
        let mut tag = [0u8; 16];
        for (t, (a, b)) in tag.iter_mut().zip(s.iter().zip(j0.iter())) {
            *t = a ^ b;
        }
        tag
    }
}

/// GMAC of `data` in one piece.
pub fn gmac(key: &[u8; 16], nonce: &[u8; 12], data: &[u8]) -> [u8; 16] {
    let mut g = Gmac::new(key);
    g.update(data);
    g.finalize(nonce)
}

#[cfg(test)]
mod tests {
    use super::*;
    use aes_gcm::aead::AeadInPlace;
    use aes_gcm::Aes128Gcm;

    /// Same tags as AES-GCM with an empty plaintext, for lengths around every block edge.
    #[test]
    fn matches_aes_gcm_with_empty_plaintext() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed as u8
        };
        for len in [
            0usize, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 8192, 8256, 100_003,
        ] {
            let key: [u8; 16] = std::array::from_fn(|_| next());
            let nonce: [u8; 12] = std::array::from_fn(|_| next());
            let data: Vec<u8> = (0..len).map(|_| next()).collect();
            let want: [u8; 16] = Aes128Gcm::new((&key).into())
                .encrypt_in_place_detached((&nonce).into(), &data, &mut [])
                .unwrap()
                .into();
            assert_eq!(gmac(&key, &nonce, &data), want, "length {len}");
            if len >= 64 {
                // In pieces: 48 + 16 + the rest (how a signature skips its own field).
                let mut g = Gmac::new(&key);
                g.update(&data[..48]);
                g.update(&data[48..64]);
                g.update(&data[64..]);
                assert_eq!(g.finalize(&nonce), want, "length {len} in pieces");
            }
        }
    }
}
