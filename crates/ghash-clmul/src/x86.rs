//! GHASH on PCLMULQDQ. Blocks are byte-reversed on loading (one shuffle), which puts
//! GCM's bit-reflected field elements in the order the carry-less multiply works in; a
//! product is then shifted left one bit and reduced modulo x^128 + x^7 + x^2 + x + 1.
//! Shifting and reducing are linear, so eight products (each block with the power of H
//! it is due) are summed unreduced and reduced once: Horner's rule over eight blocks at
//! a time, Y' = (Y + B1)·H^8 + B2·H^7 + … + B8·H.
//!
//! Where the CPU multiplies several blocks in one instruction (VPCLMULQDQ), long runs go
//! sixteen blocks to a reduction, two to a 256-bit vector (AVX2), or thirty-two, four to a
//! 512-bit vector (AVX-512).

use std::arch::x86_64::*;

/// Blocks hashed to one reduction.
const GROUP: usize = 8;

/// Blocks hashed to one reduction on 256-bit vectors.
const WIDE: usize = 16;

/// Blocks hashed to one reduction on 512-bit vectors.
const WIDEST: usize = 32;

/// The key's powers H^1..=H^8 (and for the wider vectors the powers of a whole group, in
/// the order its blocks are due them), byte-reversed.
#[derive(Clone, Copy)]
pub(crate) struct Key {
    powers: [__m128i; GROUP],
    wide: Option<Wide>,
}

/// A running hash, byte-reversed.
#[derive(Clone, Copy)]
pub(crate) struct Acc(__m128i);

impl Acc {
    pub(crate) fn zero() -> Acc {
        // SAFETY: SSE2, which every x86-64 CPU has.
        Acc(unsafe { _mm_setzero_si128() })
    }

    pub(crate) fn finalize(self) -> [u8; 16] {
        let mut out = [0u8; 16];
        // SAFETY: an Acc is only ever advanced by a Key, which exists only where SSSE3
        // is; `out` is 16 writable bytes for the unaligned store.
        unsafe { _mm_storeu_si128(out.as_mut_ptr().cast(), reverse(self.0)) };
        out
    }
}

/// The powers of H for a group of blocks on the wider vectors.
#[derive(Clone, Copy)]
struct Wide {
    /// Blocks to a group: WIDE (256-bit vectors) or WIDEST (512-bit).
    blocks: usize,
    /// `powers[i]` = H^(blocks - i), the power due to block i of a group.
    powers: [__m128i; WIDEST],
}

impl Key {
    /// None when this CPU lacks PCLMULQDQ or SSSE3 (the byte shuffle).
    pub(crate) fn new(h: &[u8; 16]) -> Option<Key> {
        if !(is_x86_feature_detected!("pclmulqdq") && is_x86_feature_detected!("ssse3")) {
            return None;
        }
        let vpclmul = is_x86_feature_detected!("vpclmulqdq");
        let group = if vpclmul
            && is_x86_feature_detected!("avx512f")
            && is_x86_feature_detected!("avx512bw")
        {
            Some(WIDEST)
        } else if vpclmul && is_x86_feature_detected!("avx2") {
            Some(WIDE)
        } else {
            None
        };
        // SAFETY: the CPU has both features the function is compiled for (checked above).
        Some(unsafe { keyed(h, group) })
    }

    /// At most `vector_bits` (128, 256 or 512) wide, whatever the CPU offers beyond
    /// (tests hold every path to the same answers).
    #[cfg(test)]
    pub(crate) fn limit(mut self, vector_bits: u32, h: &[u8; 16]) -> Key {
        self.wide = match (self.wide, vector_bits) {
            (_, 128) | (None, _) => None,
            // SAFETY: PCLMULQDQ and SSSE3, as every Key.
            (Some(_), 256) => unsafe { keyed(h, Some(WIDE)) }.wide,
            (w, _) => w,
        };
        self
    }

    /// The widest vectors this key hashes with, in bits.
    pub(crate) fn width(&self) -> u32 {
        self.wide.map_or(128, |w| 16 * w.blocks as u32)
    }

    /// Advances `acc` over `data`, its last partial block padded with zeros.
    pub(crate) fn update_padded(&self, acc: &mut Acc, mut data: &[u8]) {
        if let Some(wide) = &self.wide {
            let g = 16 * wide.blocks;
            let whole = data.len() / g * g;
            if whole > 0 {
                let run = &data[..whole];
                // SAFETY: groups of WIDE blocks only where `new` found the 256-bit
                // features, of WIDEST only where it found the 512-bit ones.
                acc.0 = unsafe {
                    if wide.blocks == WIDEST {
                        update_zmm(&wide.powers, acc.0, run)
                    } else {
                        update_ymm(&wide.powers, acc.0, run)
                    }
                };
                data = &data[whole..];
            }
        }
        // SAFETY: a Key exists only where `new` found the features.
        acc.0 = unsafe { update(self, acc.0, data) };
    }
}

/// The key's powers: H^1..=H^8, and for groups of `group` blocks on the wider vectors
/// (None: none) the powers up to H^group, computed once for both.
#[target_feature(enable = "pclmulqdq,ssse3")]
unsafe fn keyed(h: &[u8; 16], group: Option<usize>) -> Key {
    let Some(blocks) = group else {
        return Key {
            powers: powers_of::<GROUP>(h),
            wide: None,
        };
    };
    let p = powers_of::<WIDEST>(h);
    Key {
        powers: p[..GROUP].try_into().expect("GROUP <= WIDEST"),
        wide: Some(group_powers(&p, blocks)),
    }
}

/// H^1..=H^N.
#[target_feature(enable = "pclmulqdq,ssse3")]
unsafe fn powers_of<const N: usize>(h: &[u8; 16]) -> [__m128i; N] {
    let h1 = load(h);
    let mut p = [h1; N]; // p[i] = H^(i+1)
    for i in 1..N {
        let (lo, mid, hi) = product(p[i - 1], h1);
        p[i] = reduce(lo, mid, hi);
    }
    p
}

/// The powers due to the blocks of a group of `blocks` (at most WIDEST), from
/// `p[i]` = H^(i+1): H^blocks first. Loaded two or four at a time, they give each lane
/// of a vector of blocks its power.
fn group_powers(p: &[__m128i; WIDEST], blocks: usize) -> Wide {
    let mut powers = *p;
    for (i, slot) in powers[..blocks].iter_mut().enumerate() {
        *slot = p[blocks - 1 - i];
    }
    Wide { blocks, powers }
}

/// The running hash after `data`, a whole number of thirty-two-block groups.
#[target_feature(enable = "pclmulqdq,ssse3,avx2,vpclmulqdq,avx512f,avx512bw")]
unsafe fn update_zmm(powers: &[__m128i; WIDEST], mut acc: __m128i, data: &[u8]) -> __m128i {
    let swap = _mm512_broadcast_i32x4(_mm_set_epi8(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    ));
    for group in data.chunks_exact(16 * WIDEST) {
        let mut lo = _mm512_setzero_si512();
        let mut mid = _mm512_setzero_si512();
        let mut hi = _mm512_setzero_si512();
        for (k, quad) in group.chunks_exact(64).enumerate() {
            // SAFETY (of the load): `quad` is 64 readable bytes; the load is unaligned.
            let mut v = _mm512_shuffle_epi8(_mm512_loadu_si512(quad.as_ptr().cast()), swap);
            if k == 0 {
                v = _mm512_xor_si512(v, _mm512_inserti32x4(_mm512_setzero_si512(), acc, 0));
            }
            // SAFETY (of the load): lanes 4k..4k+4 of the 32 powers.
            let p = _mm512_loadu_si512(powers[4 * k..4 * k + 4].as_ptr().cast());
            lo = _mm512_xor_si512(lo, _mm512_clmulepi64_epi128(v, p, 0x00));
            hi = _mm512_xor_si512(hi, _mm512_clmulepi64_epi128(v, p, 0x11));
            mid = _mm512_xor_si512(mid, _mm512_clmulepi64_epi128(v, p, 0x10));
            mid = _mm512_xor_si512(mid, _mm512_clmulepi64_epi128(v, p, 0x01));
        }
        acc = reduce(fold4(lo), fold4(mid), fold4(hi));
    }
    acc
}

/// The sum of a 512-bit vector's four lanes.
#[target_feature(enable = "avx2,avx512f")]
unsafe fn fold4(v: __m512i) -> __m128i {
    fold(_mm256_xor_si256(
        _mm512_castsi512_si256(v),
        _mm512_extracti64x4_epi64(v, 1),
    ))
}

/// The running hash after `data`, a whole number of sixteen-block groups.
#[target_feature(enable = "pclmulqdq,ssse3,avx2,vpclmulqdq")]
unsafe fn update_ymm(powers: &[__m128i; WIDEST], mut acc: __m128i, data: &[u8]) -> __m128i {
    let swap = _mm256_set_epi8(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
        12, 13, 14, 15,
    );
    for group in data.chunks_exact(16 * WIDE) {
        let mut lo = _mm256_setzero_si256();
        let mut mid = _mm256_setzero_si256();
        let mut hi = _mm256_setzero_si256();
        for (k, pair) in group.chunks_exact(32).enumerate() {
            // SAFETY (of the load): `pair` is 32 readable bytes; the load is unaligned.
            let mut v = _mm256_shuffle_epi8(_mm256_loadu_si256(pair.as_ptr().cast()), swap);
            if k == 0 {
                v = _mm256_xor_si256(v, _mm256_set_m128i(_mm_setzero_si128(), acc));
            }
            // SAFETY (of the load): lanes 2k..2k+2 of the powers.
            let p = _mm256_loadu_si256(powers[2 * k..2 * k + 2].as_ptr().cast());
            lo = _mm256_xor_si256(lo, _mm256_clmulepi64_epi128(v, p, 0x00));
            hi = _mm256_xor_si256(hi, _mm256_clmulepi64_epi128(v, p, 0x11));
            mid = _mm256_xor_si256(mid, _mm256_clmulepi64_epi128(v, p, 0x10));
            mid = _mm256_xor_si256(mid, _mm256_clmulepi64_epi128(v, p, 0x01));
        }
        acc = reduce(fold(lo), fold(mid), fold(hi));
    }
    acc
}

/// The sum of a vector's two lanes.
#[target_feature(enable = "avx2")]
unsafe fn fold(v: __m256i) -> __m128i {
    _mm_xor_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1))
}

#[target_feature(enable = "pclmulqdq,ssse3")]
unsafe fn update(k: &Key, mut acc: __m128i, data: &[u8]) -> __m128i {
    let mut chunks = data.chunks_exact(16 * GROUP);
    for group in &mut chunks {
        acc = blocks(k, acc, group, GROUP);
    }
    let rest = chunks.remainder();
    let whole = rest.len() / 16;
    if whole > 0 {
        acc = blocks(k, acc, &rest[..16 * whole], whole);
    }
    let tail = &rest[16 * whole..];
    if !tail.is_empty() {
        let mut last = [0u8; 16];
        last[..tail.len()].copy_from_slice(tail);
        acc = blocks(k, acc, &last, 1);
    }
    acc
}

/// The running hash after `n` (1..=8) whole blocks of `data`.
#[target_feature(enable = "pclmulqdq,ssse3")]
unsafe fn blocks(k: &Key, acc: __m128i, data: &[u8], n: usize) -> __m128i {
    debug_assert!((1..=GROUP).contains(&n) && data.len() == 16 * n);
    let first = _mm_xor_si128(load_at(data, 0), acc);
    let (mut lo, mut mid, mut hi) = product(first, k.powers[n - 1]);
    for i in 1..n {
        let (l, m, h) = product(load_at(data, i), k.powers[n - 1 - i]);
        lo = _mm_xor_si128(lo, l);
        mid = _mm_xor_si128(mid, m);
        hi = _mm_xor_si128(hi, h);
    }
    reduce(lo, mid, hi)
}

/// Block `i` of `data`, byte-reversed.
#[target_feature(enable = "pclmulqdq,ssse3")]
unsafe fn load_at(data: &[u8], i: usize) -> __m128i {
    let b: &[u8; 16] = data[16 * i..16 * i + 16].try_into().expect("16 bytes");
    load(b)
}

#[target_feature(enable = "pclmulqdq,ssse3")]
unsafe fn load(b: &[u8; 16]) -> __m128i {
    // SAFETY (of the load): `b` is 16 readable bytes; the load is unaligned.
    reverse(_mm_loadu_si128(b.as_ptr().cast()))
}

#[target_feature(enable = "pclmulqdq,ssse3")]
unsafe fn reverse(x: __m128i) -> __m128i {
    _mm_shuffle_epi8(
        x,
        _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
    )
}

/// The 256-bit carry-less product of `a` and `b` as its low half, its middle (the two
/// cross products, straddling the halves) and its high half.
#[target_feature(enable = "pclmulqdq,ssse3")]
unsafe fn product(a: __m128i, b: __m128i) -> (__m128i, __m128i, __m128i) {
    let lo = _mm_clmulepi64_si128(a, b, 0x00);
    let hi = _mm_clmulepi64_si128(a, b, 0x11);
    let mid = _mm_xor_si128(
        _mm_clmulepi64_si128(a, b, 0x10),
        _mm_clmulepi64_si128(a, b, 0x01),
    );
    (lo, mid, hi)
}

/// A (summed) product folded into 256 bits, shifted left one bit (the reflected
/// representation's due) and reduced modulo GCM's polynomial.
#[target_feature(enable = "pclmulqdq,ssse3")]
unsafe fn reduce(lo: __m128i, mid: __m128i, hi: __m128i) -> __m128i {
    let lo = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
    let hi = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
    // hi:lo <<= 1, carrying across the 32-bit lanes and from lo into hi.
    let carry_lo = _mm_srli_epi32(lo, 31);
    let carry_hi = _mm_srli_epi32(hi, 31);
    let across = _mm_srli_si128(carry_lo, 12);
    let lo = _mm_or_si128(_mm_slli_epi32(lo, 1), _mm_slli_si128(carry_lo, 4));
    let hi = _mm_or_si128(
        _mm_or_si128(_mm_slli_epi32(hi, 1), _mm_slli_si128(carry_hi, 4)),
        across,
    );
    // First phase: the low half's multiples of x^127, x^126 and x^121, folded up.
    let t = _mm_xor_si128(
        _mm_xor_si128(_mm_slli_epi32(lo, 31), _mm_slli_epi32(lo, 30)),
        _mm_slli_epi32(lo, 25),
    );
    let spill = _mm_srli_si128(t, 4);
    let lo = _mm_xor_si128(lo, _mm_slli_si128(t, 12));
    // Second phase.
    let u = _mm_xor_si128(
        _mm_xor_si128(_mm_srli_epi32(lo, 1), _mm_srli_epi32(lo, 2)),
        _mm_xor_si128(_mm_srli_epi32(lo, 7), spill),
    );
    _mm_xor_si128(hi, _mm_xor_si128(lo, u))
}
