//! AES-GCM (NIST SP 800-38D, 96-bit nonces, 128-bit tags) composed from RustCrypto's AES
//! and CTR mode and `ghash-clmul`'s GHASH (the CPU's carry-less multiply, 8 to 32 blocks
//! per reduction; RustCrypto's GHASH where the CPU lacks it): AES-GMAC signing and the
//! encryption transform run at the pace of the data, not of one GHASH block at a time.
//! Keys are expanded once per thread and kept (a small cache per AES key size), not per
//! message.

use aes::cipher::consts::U16;
use aes::cipher::{BlockCipher, BlockEncrypt, BlockSizeUser, InnerIvInit, KeyInit, StreamCipher};
use ctr::Ctr32BE;
use ghash_clmul::{Ghash, Key as GhashKey};

/// The tag does not match: the data was changed or the key is wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TagMismatch;

/// A key expanded for AES-GCM: AES's round keys and GHASH's key (with its powers).
#[derive(Clone)]
pub struct Keyed<A> {
    aes: A,
    ghash: GhashKey,
}

/// AES-128 or AES-256.
pub trait Aes:
    BlockEncrypt + KeyInit + BlockCipher + BlockSizeUser<BlockSize = U16> + Clone
{
    /// Calls `f` with `key` expanded, from this thread's cache of recent keys of this
    /// size (expanded on a miss). None when the key has the wrong length.
    fn with_keyed<R>(key: &[u8], f: impl FnOnce(&Keyed<Self>) -> R) -> Option<R>;
}

macro_rules! aes_cached {
    ($t:ty, $cache:ident) => {
        thread_local! {
            static $cache: std::cell::RefCell<KeyCache<$t>> =
                const { std::cell::RefCell::new(KeyCache::new()) };
        }
        impl Aes for $t {
            fn with_keyed<R>(key: &[u8], f: impl FnOnce(&Keyed<Self>) -> R) -> Option<R> {
                $cache.with(|c| c.borrow_mut().get(key).map(f))
            }
        }
    };
}
aes_cached!(aes::Aes128, AES128_KEYS);
aes_cached!(aes::Aes256, AES256_KEYS);

/// XORs the CTR keystream (32-bit big-endian counter) starting at `iv` into `buf`, from
/// the expanded key.
fn ctr<A: Aes>(k: &Keyed<A>, iv: &aes::Block, buf: &mut [u8]) {
    let core = ctr::CtrCore::<A, ctr::flavors::Ctr32BE>::inner_iv_init(k.aes.clone(), iv);
    Ctr32BE::<A>::from_core(core).apply_keystream(buf);
}

fn keyed<A: Aes>(key: &[u8]) -> Option<Keyed<A>> {
    let aes = A::new_from_slice(key).ok()?;
    let mut h = aes::Block::default();
    aes.encrypt_block(&mut h);
    let h: [u8; 16] = h.into();
    Some(Keyed {
        aes,
        ghash: GhashKey::new(&h),
    })
}

fn counter(nonce: &[u8; 12], n: u8) -> aes::Block {
    let mut b = aes::Block::default();
    b[..12].copy_from_slice(nonce);
    b[15] = n;
    b
}

/// GHASH over the AAD (given in pieces, each but the last a whole number of blocks) and
/// the ciphertext with their length block, masked with E(K, J0).
fn tag<A: Aes>(k: &Keyed<A>, nonce: &[u8; 12], aad: &[&[u8]], ct: &[u8]) -> [u8; 16] {
    let mut ghash = k.ghash.start();
    let mut aad_len = 0u64;
    for (i, piece) in aad.iter().enumerate() {
        debug_assert!(
            i + 1 == aad.len() || piece.len() % 16 == 0,
            "partial AAD block"
        );
        ghash.update_padded(piece);
        aad_len += piece.len() as u64;
    }
    ghash.update_padded(ct);
    let mut lens = [0u8; 16];
    lens[..8].copy_from_slice(&(aad_len * 8).to_be_bytes());
    lens[8..].copy_from_slice(&(ct.len() as u64 * 8).to_be_bytes());
    ghash.update_padded(&lens);
    let s = ghash.finalize();
    let mut j0 = counter(nonce, 1);
    k.aes.encrypt_block(&mut j0);
    std::array::from_fn(|i| s[i] ^ j0[i])
}

/// Encrypts `buf` in place; returns the tag. None when the key has the wrong length.
pub fn seal<A: Aes>(key: &[u8], nonce: &[u8; 12], aad: &[u8], buf: &mut [u8]) -> Option<[u8; 16]> {
    A::with_keyed(key, |k| {
        ctr(k, &counter(nonce, 2), buf);
        tag(k, nonce, &[aad], buf)
    })
}

/// Checks the tag, then decrypts `buf` in place (nothing is decrypted on a mismatch).
pub fn open<A: Aes>(
    key: &[u8],
    nonce: &[u8; 12],
    aad: &[u8],
    buf: &mut [u8],
    expected: &[u8],
) -> Result<(), TagMismatch> {
    A::with_keyed(key, |k| {
        let t = tag(k, nonce, &[aad], buf);
        if !mac_eq(&t, expected) {
            return Err(TagMismatch);
        }
        ctr(k, &counter(nonce, 2), buf);
        Ok(())
    })
    .unwrap_or(Err(TagMismatch))
}

/// Constant-time comparison of two MACs.
pub fn mac_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// AES-128-GMAC, i.e. GCM with no plaintext, over data given in pieces (each but the last
/// a multiple of 16 bytes long): a message signature is computed around its own
/// signature field without copying the message.
///
/// Signing runs twice per request (verify, then sign the response), over a few header
/// blocks each time; the expanded key is borrowed from the thread's cache, not copied, and
/// short pieces are gathered so that GHASH takes them at least eight blocks per reduction.
pub fn gmac(key: &[u8; 16], nonce: &[u8; 12], pieces: &[&[u8]]) -> [u8; 16] {
    aes::Aes128::with_keyed(key, |k| {
        let mut ghash = k.ghash.start();
        let mut stage = Stage::new();
        let mut aad_len = 0u64;
        for (i, piece) in pieces.iter().enumerate() {
            debug_assert!(
                i + 1 == pieces.len() || piece.len() % 16 == 0,
                "partial AAD block"
            );
            stage.feed(&mut ghash, piece);
            aad_len += piece.len() as u64;
        }
        stage.finish(&mut ghash, aad_len * 8);
        let s = ghash.finalize();
        let mut j0 = counter(nonce, 1);
        k.aes.encrypt_block(&mut j0);
        std::array::from_fn(|i| s[i] ^ j0[i])
    })
    .expect("a 16-byte key fits AES-128")
}

/// Bytes gathered before GHASH sees them: eight blocks, and room for the length block.
const STAGE_BYTES: usize = 128;

struct Stage {
    buf: [u8; STAGE_BYTES + 16],
    len: usize,
}

impl Stage {
    fn new() -> Self {
        Stage {
            buf: [0; STAGE_BYTES + 16],
            len: 0,
        }
    }

    /// Hashes whole staged runs; long pieces go to GHASH directly (whole blocks) when
    /// nothing is staged. Only the last piece may leave a partial block behind.
    fn feed(&mut self, ghash: &mut Ghash, mut data: &[u8]) {
        while !data.is_empty() {
            if self.len == 0 && data.len() >= STAGE_BYTES {
                let whole = data.len() & !15;
                ghash.update_padded(&data[..whole]);
                data = &data[whole..];
                continue;
            }
            let take = (STAGE_BYTES - self.len).min(data.len());
            self.buf[self.len..self.len + take].copy_from_slice(&data[..take]);
            self.len += take;
            data = &data[take..];
            if self.len == STAGE_BYTES {
                ghash.update_padded(&self.buf[..STAGE_BYTES]);
                self.len = 0;
            }
        }
    }

    /// Pads the staged bytes to a block, appends GCM's length block (AAD bits, no
    /// ciphertext) and hashes them in one call.
    fn finish(&mut self, ghash: &mut Ghash, aad_bits: u64) {
        let padded = self.len.div_ceil(16) * 16;
        self.buf[self.len..padded].fill(0);
        self.buf[padded..padded + 8].copy_from_slice(&aad_bits.to_be_bytes());
        self.buf[padded + 8..padded + 16].fill(0);
        ghash.update_padded(&self.buf[..padded + 16]);
    }
}

/// Keys recently used on this thread, already expanded (AES round keys and GHASH's
/// powers), per AES key size: a signed request and its response use one signing key
/// twice, an encrypted session one key for every message, and a worker serves few
/// sessions at a time, so the expansion is not redone for every message.
const KEY_CACHE: usize = 4;

/// The next slot to replace, and the cached keys (padded to 32 bytes: one size per
/// cache) with their expansions.
struct KeyCache<A> {
    next: usize,
    slots: [Option<([u8; 32], Keyed<A>)>; KEY_CACHE],
}

impl<A: Aes> KeyCache<A> {
    const fn new() -> Self {
        KeyCache {
            next: 0,
            slots: [None, None, None, None],
        }
    }

    /// `key` expanded, from the cache or made now (None: the wrong length for A).
    fn get(&mut self, key: &[u8]) -> Option<&Keyed<A>> {
        if key.len() != A::key_size() {
            return None;
        }
        let mut padded = [0u8; 32];
        padded[..key.len()].copy_from_slice(key);
        let slot = match self
            .slots
            .iter()
            .position(|e| e.as_ref().is_some_and(|(kb, _)| *kb == padded))
        {
            Some(hit) => hit,
            None => {
                let slot = self.next;
                self.slots[slot] = Some((padded, keyed::<A>(key)?));
                self.next = (slot + 1) % KEY_CACHE;
                slot
            }
        };
        self.slots[slot].as_ref().map(|(_, k)| k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use aes_gcm::aead::AeadInPlace;
    use aes_gcm::{Aes128Gcm, Aes256Gcm};

    fn rng(seed: &mut u64) -> u8 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed as u8
    }

    /// GMAC: the tag of AES-GCM with an empty plaintext, in one piece or in several.
    #[test]
    fn gmac_matches_aes_gcm_with_empty_plaintext() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        for len in [
            0usize, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 143, 144, 145, 255,
            256, 257, 8192, 8256, 100_003,
        ] {
            let key: [u8; 16] = std::array::from_fn(|_| rng(&mut seed));
            let nonce: [u8; 12] = std::array::from_fn(|_| rng(&mut seed));
            let data: Vec<u8> = (0..len).map(|_| rng(&mut seed)).collect();
            let want: [u8; 16] = Aes128Gcm::new((&key).into())
                .encrypt_in_place_detached((&nonce).into(), &data, &mut [])
                .unwrap()
                .into();
            assert_eq!(gmac(&key, &nonce, &[&data]), want, "length {len}");
            if len >= 64 {
                // 48 + 16 + the rest: how a signature skips its own field.
                let pieces = [&data[..48], &data[48..64], &data[64..]];
                assert_eq!(gmac(&key, &nonce, &pieces), want, "length {len} in pieces");
            }
            // Block-sized pieces up to the stage's edges, then the rest in one.
            let split = (len / 16).min(20) * 16;
            let mut pieces: Vec<&[u8]> = data[..split].chunks(16).collect();
            pieces.push(&data[split..]);
            assert_eq!(gmac(&key, &nonce, &pieces), want, "length {len} in blocks");
        }
    }

    /// The per-thread cache of expanded keys never hands one key's schedule to another:
    /// more keys than it holds, interleaved, each checked against aes-gcm.
    #[test]
    fn gmac_key_cache_keeps_keys_apart() {
        let mut seed = 0x0bad_cafe_f00d_d00du64;
        let keys: Vec<[u8; 16]> = (0..KEY_CACHE + 3)
            .map(|_| std::array::from_fn(|_| rng(&mut seed)))
            .collect();
        let nonce = [7u8; 12];
        let data = [0x42u8; 200];
        for round in 0..3 {
            for (i, key) in keys.iter().enumerate() {
                let want: [u8; 16] = Aes128Gcm::new(key.into())
                    .encrypt_in_place_detached((&nonce).into(), &data, &mut [])
                    .unwrap()
                    .into();
                assert_eq!(gmac(key, &nonce, &[&data]), want, "round {round} key {i}");
                assert_eq!(gmac(key, &nonce, &[&data]), want, "again, key {i}");
            }
        }
    }

    /// Same ciphertext and tag as the aes-gcm crate, both key sizes, lengths around every
    /// block edge, with and without associated data; tampering is refused.
    #[test]
    fn matches_aes_gcm() {
        let mut seed = 0x0123_4567_89ab_cdefu64;
        for len in [0usize, 1, 15, 16, 17, 63, 64, 65, 1000, 8192, 65_537] {
            for aad_len in [0usize, 20, 32] {
                let k16: [u8; 16] = std::array::from_fn(|_| rng(&mut seed));
                let k32: [u8; 32] = std::array::from_fn(|_| rng(&mut seed));
                let nonce: [u8; 12] = std::array::from_fn(|_| rng(&mut seed));
                let aad: Vec<u8> = (0..aad_len).map(|_| rng(&mut seed)).collect();
                let plain: Vec<u8> = (0..len).map(|_| rng(&mut seed)).collect();

                let mut want = plain.clone();
                let want_tag: [u8; 16] = Aes128Gcm::new((&k16).into())
                    .encrypt_in_place_detached((&nonce).into(), &aad, &mut want)
                    .unwrap()
                    .into();
                let mut got = plain.clone();
                let got_tag = seal::<aes::Aes128>(&k16, &nonce, &aad, &mut got).unwrap();
                assert_eq!(
                    (got.as_slice(), got_tag),
                    (want.as_slice(), want_tag),
                    "{len}"
                );
                open::<aes::Aes128>(&k16, &nonce, &aad, &mut got, &got_tag).unwrap();
                assert_eq!(got, plain);

                let mut want = plain.clone();
                let want_tag: [u8; 16] = Aes256Gcm::new((&k32).into())
                    .encrypt_in_place_detached((&nonce).into(), &aad, &mut want)
                    .unwrap()
                    .into();
                let mut got = plain.clone();
                let got_tag = seal::<aes::Aes256>(&k32, &nonce, &aad, &mut got).unwrap();
                assert_eq!(
                    (got.as_slice(), got_tag),
                    (want.as_slice(), want_tag),
                    "{len}"
                );
                if len > 0 {
                    got[len / 2] ^= 1;
                    let before = got.clone();
                    assert_eq!(
                        open::<aes::Aes256>(&k32, &nonce, &aad, &mut got, &got_tag),
                        Err(TagMismatch)
                    );
                    assert_eq!(got, before, "nothing decrypted on a mismatch");
                }
            }
        }
    }
}
