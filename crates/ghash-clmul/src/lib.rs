//! GHASH (NIST SP 800-38D, the hash of AES-GCM and AES-GMAC) on the x86-64 carry-less
//! multiply (PCLMULQDQ), 8, 16 or 32 blocks to each reduction as the CPU's vectors allow
//! (`x86.rs`): SMB 3.1.1's AES-GMAC signature
//! covers every byte of a signed READ or WRITE, so GHASH's speed is the signed data
//! path's. Where the CPU lacks the instruction (or off x86-64) RustCrypto's `ghash` does
//! the work, and the tests hold the two to the same answers.
//!
//! The only unsafe is the intrinsics in `x86.rs`, behind a check of the CPU's features
//! made when a key is set up.

#[cfg(target_arch = "x86_64")]
mod x86;

use ghash::universal_hash::UniversalHash;

/// A GHASH key, H = E(K, 0^128) with what is derived from it: made once and kept (a
/// session's signing key, say), it starts any number of hashes.
#[derive(Clone)]
pub struct Key {
    inner: KeyInner,
}

// The carry-less multiply's key holds every power of H a group of blocks needs (768
// bytes); boxing it would allocate wherever a key is made for one message (encryption).
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
enum KeyInner {
    #[cfg(target_arch = "x86_64")]
    Clmul(x86::Key),
    Soft(ghash::GHash),
}

impl Key {
    /// Keyed with H = E(K, 0^128), as bytes.
    pub fn new(h: &[u8; 16]) -> Self {
        #[cfg(target_arch = "x86_64")]
        if let Some(k) = x86::Key::new(h) {
            return Key {
                inner: KeyInner::Clmul(k),
            };
        }
        Self::portable(h)
    }

    /// RustCrypto's GHASH whatever the CPU (the tests' yardstick).
    pub fn portable(h: &[u8; 16]) -> Self {
        Key {
            inner: KeyInner::Soft(ghash::GHash::new(h.into())),
        }
    }

    /// A hash under this key, of nothing yet.
    pub fn start(&self) -> Ghash<'_> {
        Ghash {
            inner: match &self.inner {
                #[cfg(target_arch = "x86_64")]
                KeyInner::Clmul(k) => Running::Clmul(k, x86::Acc::zero()),
                KeyInner::Soft(g) => Running::Soft(g.clone()),
            },
        }
    }

    /// The carry-less multiply on vectors at most `bits` wide, even where wider ones
    /// serve (the tests hold every path to the same answers).
    #[cfg(test)]
    fn limit(self, bits: u32, h: &[u8; 16]) -> Self {
        match self.inner {
            #[cfg(target_arch = "x86_64")]
            KeyInner::Clmul(k) => Key {
                inner: KeyInner::Clmul(k.limit(bits, h)),
            },
            other => Key { inner: other },
        }
    }

    /// The widest vectors this key hashes with, in bits (0: not the carry-less multiply).
    pub fn width(&self) -> u32 {
        match &self.inner {
            #[cfg(target_arch = "x86_64")]
            KeyInner::Clmul(k) => k.width(),
            KeyInner::Soft(_) => 0,
        }
    }
}

/// A GHASH computation under a [`Key`]: feed whole blocks (the last piece may be partial
/// and is padded with zeros), then take the 16-byte result.
#[derive(Clone)]
pub struct Ghash<'k> {
    inner: Running<'k>,
}

#[derive(Clone)]
enum Running<'k> {
    #[cfg(target_arch = "x86_64")]
    Clmul(&'k x86::Key, x86::Acc),
    Soft(ghash::GHash),
}

impl Ghash<'_> {
    /// Hashes `data`, its last partial block padded with zeros (GCM's AAD and ciphertext
    /// are each padded so).
    pub fn update_padded(&mut self, data: &[u8]) {
        match &mut self.inner {
            #[cfg(target_arch = "x86_64")]
            Running::Clmul(k, acc) => k.update_padded(acc, data),
            Running::Soft(g) => g.update_padded(data),
        }
    }

    /// The hash of everything fed so far.
    pub fn finalize(self) -> [u8; 16] {
        match self.inner {
            #[cfg(target_arch = "x86_64")]
            Running::Clmul(_, acc) => acc.finalize(),
            Running::Soft(g) => g.finalize().into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rng(seed: &mut u64) -> u8 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed as u8
    }

    /// The carry-less multiply agrees with RustCrypto's GHASH for every length around the
    /// eight-block group's edges and far past it, fed whole or in uneven pieces (each but
    /// the last a whole number of blocks), under many keys.
    #[test]
    fn clmul_matches_portable() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let data: Vec<u8> = (0..70_000).map(|_| rng(&mut seed)).collect();
        let mut checked = 0;
        for round in 0..40 {
            let h: [u8; 16] = std::array::from_fn(|_| rng(&mut seed));
            let bits = [512, 256, 128][round % 3];
            let fast = Key::new(&h).limit(bits, &h);
            if round < 3 {
                eprintln!("{bits}-bit vectors asked, {} used", fast.width());
            }
            if fast.width() == 0 {
                eprintln!("no PCLMULQDQ here: only the portable GHASH is tested");
                return;
            }
            let lens: &[usize] = if round == 0 {
                &[
                    0, 1, 15, 16, 17, 112, 127, 128, 129, 143, 144, 255, 256, 257, 511, 512, 513,
                    1023, 1024, 1040, 65_536, 70_000,
                ]
            } else {
                &[0, 16, 48, 130, 528, 1000, 4099]
            };
            for &len in lens {
                let d = &data[..len];
                let mut a = fast.start();
                a.update_padded(d);
                let portable = Key::portable(&h);
                let mut b = portable.start();
                b.update_padded(d);
                let want = b.finalize();
                assert_eq!(a.finalize(), want, "round {round}, length {len}");
                // In pieces of 1..=37 blocks, then the rest.
                let mut c = fast.start();
                let mut at = 0;
                let mut k = 1 + (round % 37);
                while at + 16 * k < len {
                    c.update_padded(&d[at..at + 16 * k]);
                    at += 16 * k;
                    k = 1 + (k * 7) % 37;
                }
                c.update_padded(&d[at..]);
                assert_eq!(c.finalize(), want, "round {round}, length {len} in pieces");
                checked += 1;
            }
        }
        assert!(checked > 200);
    }

    /// The test vector of GCM's specification (test case 2: K = 0, one zero block of
    /// plaintext): GHASH of the ciphertext and the length block.
    #[test]
    fn gcm_spec_vector() {
        let h = hex("66e94bd4ef8a2c3b884cfa59ca342b2e");
        let c = hex("0388dace60b6a392f328c2b971b2fe78");
        let mut lens = [0u8; 16];
        lens[15] = 0x80; // 128 bits of ciphertext, no AAD
        let key = Key::new(&h);
        let mut g = key.start();
        g.update_padded(&c);
        g.update_padded(&lens);
        assert_eq!(g.finalize(), hex("f38cbb1ad69223dcc3457ae5b6b0f885"));
    }

    fn hex(s: &str) -> [u8; 16] {
        std::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    }
}
