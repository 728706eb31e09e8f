//! SMB 3.1.1 RDMA transforms (MS-SMB2 2.2.43, 2.2.43.1): the structures that say how an
//! SMB Direct READ or WRITE payload, moved by RDMA, is encrypted or signed. A WRITE's
//! channel information (channel 3) is an SMB2_RDMA_TRANSFORM, one crypto transform padded
//! to 8 bytes, then the buffer descriptors; a READ response carries the transform and the
//! crypto transform in its Buffer (flag `READ_FLAG_RDMA_TRANSFORM`).

use crate::codec::{Le, PutLe};
use crate::status::NtStatus;

/// Transform ids of the negotiate context (2.2.3.1.6).
pub mod id {
    pub const NONE: u16 = 0;
    pub const ENCRYPTION: u16 = 1;
    pub const SIGNING: u16 = 2;
}

/// The transforms a connection negotiated (`id::ENCRYPTION`, `id::SIGNING`), as a set
/// that is cheap to copy onto every I/O.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ids(u8);

impl Ids {
    pub fn from_ids(ids: &[u16]) -> Self {
        Ids(ids
            .iter()
            .filter(|&&i| i == id::ENCRYPTION || i == id::SIGNING)
            .fold(0, |m, &i| m | 1 << i))
    }
    pub fn contains(self, i: u16) -> bool {
        i < 8 && self.0 & (1 << i) != 0
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// READ response Flags: the Buffer holds an RDMA transform (2.2.20).
pub const READ_FLAG_RDMA_TRANSFORM: u32 = 0x0000_0001;

/// SMB2_RDMA_TRANSFORM's fixed size.
pub const TRANSFORM_LEN: usize = 16;

/// One SMB2_RDMA_CRYPTO_TRANSFORM.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CryptoTransform {
    /// `id::ENCRYPTION` or `id::SIGNING`.
    pub kind: u16,
    /// The AEAD tag or MAC (at most 16 bytes).
    pub signature: Bytes16,
    /// 11 (CCM) or 12 (GCM, GMAC) bytes; empty for AES-CMAC.
    pub nonce: Bytes16,
}

/// Up to 16 bytes, inline.
pub type Bytes16 = smallvec::SmallVec<[u8; 16]>;

impl CryptoTransform {
    /// Its encoded size, padding to 8 bytes included.
    pub fn padded_len(&self) -> usize {
        (8 + self.signature.len() + self.nonce.len()).next_multiple_of(8)
    }

    fn put(&self, out: &mut Vec<u8>) {
        let start = out.len();
        out.put_u16(self.kind);
        out.put_u16(self.signature.len() as u16);
        out.put_u16(self.nonce.len() as u16);
        out.put_u16(0);
        out.extend_from_slice(&self.signature);
        out.extend_from_slice(&self.nonce);
        out.resize(start + self.padded_len(), 0);
    }
}

/// A parsed SMB2_RDMA_TRANSFORM with its crypto transform.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RdmaTransform<'a> {
    /// The channel the descriptors are for: RDMA_V1 or RDMA_V1_INVALIDATE (NONE in a
    /// READ response).
    pub channel: u32,
    pub descriptors: &'a [u8],
    pub crypto: CryptoTransform,
}

/// Encodes a transform followed by its descriptors (none in a READ response).
pub fn encode(channel: u32, crypto: &CryptoTransform, descriptors: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(encoded_len(crypto, descriptors));
    encode_into(&mut out, channel, crypto, descriptors);
    out
}

/// The size of [`encode`]'s output.
pub fn encoded_len(crypto: &CryptoTransform, descriptors: &[u8]) -> usize {
    TRANSFORM_LEN + crypto.padded_len() + descriptors.len()
}

/// [`encode`] appending to `out`.
pub fn encode_into(out: &mut Vec<u8>, channel: u32, crypto: &CryptoTransform, descriptors: &[u8]) {
    let desc_at = TRANSFORM_LEN + crypto.padded_len();
    let (off, len) = if descriptors.is_empty() {
        (0, 0)
    } else {
        (desc_at as u16, descriptors.len() as u16)
    };
    out.put_u16(off);
    out.put_u16(len);
    out.put_u32(channel);
    out.put_u16(1);
    out.put_u16(0);
    out.put_u32(0);
    crypto.put(out);
    out.extend_from_slice(descriptors);
}

/// Parses a transform as MS-SMB2 3.3.5.13 validates one (and a client one in a READ
/// response, 3.2.5.11): exactly one crypto transform of a known type, lengths inside the
/// buffer, descriptors (if any) at the first 8-byte boundary after it. A signature longer
/// than 16 bytes is `AUTH_TAG_MISMATCH`; every other fault `INVALID_PARAMETER`.
pub fn parse(b: &[u8]) -> Result<RdmaTransform<'_>, NtStatus> {
    let bad = NtStatus::INVALID_PARAMETER;
    let r = Le(b);
    if b.len() < TRANSFORM_LEN {
        return Err(bad);
    }
    let desc_off = r.u16(0).map_err(|_| bad)? as usize;
    let desc_len = r.u16(2).map_err(|_| bad)? as usize;
    let channel = r.u32(4).map_err(|_| bad)?;
    let count = r.u16(8).map_err(|_| bad)?;
    if count != 1 {
        return Err(bad);
    }
    let at = TRANSFORM_LEN;
    let kind = r.u16(at).map_err(|_| bad)?;
    let sig_len = r.u16(at + 2).map_err(|_| bad)? as usize;
    let nonce_len = r.u16(at + 4).map_err(|_| bad)? as usize;
    if kind != id::ENCRYPTION && kind != id::SIGNING {
        return Err(bad);
    }
    if sig_len > 16 {
        return Err(NtStatus::AUTH_TAG_MISMATCH);
    }
    let sig_at = at + 8;
    let nonce_at = sig_at + sig_len;
    let end = nonce_at + nonce_len;
    let signature = Bytes16::from_slice(b.get(sig_at..nonce_at).ok_or(bad)?);
    let nonce = Bytes16::from_slice(b.get(nonce_at..end).ok_or(bad)?);
    let descriptors = if desc_len == 0 && desc_off == 0 {
        &[][..]
    } else {
        if desc_off != end.next_multiple_of(8) {
            return Err(bad);
        }
        b.get(desc_off..desc_off + desc_len).ok_or(bad)?
    };
    Ok(RdmaTransform {
        channel,
        descriptors,
        crypto: CryptoTransform {
            kind,
            signature,
            nonce,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn crypto(kind: u16, nonce: usize) -> CryptoTransform {
        CryptoTransform {
            kind,
            signature: Bytes16::from_elem(7, 16),
            nonce: Bytes16::from_elem(9, nonce),
        }
    }

    #[test]
    fn sizes_match_what_windows_expects() {
        // CMAC signing: 16 + 24 = 40; GMAC signing and GCM/CCM encryption: 16 + 40 = 56.
        assert_eq!(encode(0, &crypto(id::SIGNING, 0), &[]).len(), 40);
        assert_eq!(encode(0, &crypto(id::SIGNING, 12), &[]).len(), 56);
        assert_eq!(encode(0, &crypto(id::ENCRYPTION, 11), &[]).len(), 56);
        assert_eq!(encode(0, &crypto(id::ENCRYPTION, 12), &[]).len(), 56);
    }

    #[test]
    fn round_trip_with_descriptors() {
        let d = [1u8; 32];
        let e = encode(1, &crypto(id::ENCRYPTION, 11), &d);
        let p = parse(&e).unwrap();
        assert_eq!(p.channel, 1);
        assert_eq!(p.descriptors, &d[..]);
        assert_eq!(p.crypto, crypto(id::ENCRYPTION, 11));
    }

    #[test]
    fn faults_get_the_statuses_windows_gives() {
        let d = [1u8; 16];
        let good = encode(2, &crypto(id::SIGNING, 12), &d);
        let mut zero = good.clone();
        zero[8] = 0;
        assert_eq!(parse(&zero), Err(NtStatus::INVALID_PARAMETER));
        let mut two = good.clone();
        two[8] = 2;
        assert_eq!(parse(&two), Err(NtStatus::INVALID_PARAMETER));
        let mut kind = good.clone();
        kind[16] = 3;
        assert_eq!(parse(&kind), Err(NtStatus::INVALID_PARAMETER));
        let mut long_sig = good.clone();
        long_sig[18] = 17;
        assert_eq!(parse(&long_sig), Err(NtStatus::AUTH_TAG_MISMATCH));
        // Descriptors not at the aligned offset (the crypto transform left unpadded).
        let mut unaligned = good.clone();
        unaligned[0] = (16 + 36) as u8;
        assert_eq!(parse(&unaligned), Err(NtStatus::INVALID_PARAMETER));
        for cut in 0..good.len() {
            let _ = parse(&good[..cut]);
        }
        assert!(parse(&good[..good.len() - 1]).is_err());
    }
}
