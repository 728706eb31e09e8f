//! NTLM session security after a logon (MS-NLMP 3.4 with extended session security):
//! the per-direction signing and sealing keys, the RC4 sealing handles and sequence
//! numbers, and the 16-byte signature. DCE/RPC's packet integrity and privacy levels use
//! it (MS-RPCE 2.2.2.11): the signature covers the whole PDU as sent (header, stub,
//! padding, security trailer), and sealing encrypts the stub and its padding.

use crate::ntlm::{flag, hmac_md5};
use md5::{Digest, Md5};
use rc4::consts::U16;
use rc4::{KeyInit, Rc4, StreamCipher};

/// The size of a signature.
pub const SIGNATURE_LEN: usize = 16;

const C2S_SIGN: &[u8] = b"session key to client-to-server signing key magic constant\0";
const S2C_SIGN: &[u8] = b"session key to server-to-client signing key magic constant\0";
const C2S_SEAL: &[u8] = b"session key to client-to-server sealing key magic constant\0";
const S2C_SEAL: &[u8] = b"session key to server-to-client sealing key magic constant\0";

struct Direction {
    sign: [u8; 16],
    seal: Rc4<U16>,
    seq: u32,
}

/// One side's session security: what it sends and what it receives.
pub struct NtlmSecurity {
    send: Direction,
    recv: Direction,
    key_exch: bool,
}

fn md5(parts: &[&[u8]]) -> [u8; 16] {
    let mut h = Md5::new();
    for p in parts {
        h.update(p);
    }
    h.finalize().into()
}

impl NtlmSecurity {
    /// From the exported session key and the flags both sides agreed; `server` picks
    /// which direction is which. Extended session security is required (every NTLMv2
    /// peer negotiates it); None without it.
    pub fn new(exported: &[u8; 16], flags: u32, server: bool) -> Option<Self> {
        if flags & flag::ESS == 0 {
            return None;
        }
        // MS-NLMP 3.4.5.3: the sealing key is weakened to what was negotiated.
        let seal_base: &[u8] = if flags & flag::F128 != 0 {
            &exported[..]
        } else if flags & flag::F56 != 0 {
            &exported[..7]
        } else {
            &exported[..5]
        };
        let dir = |sign_magic: &[u8], seal_magic: &[u8]| Direction {
            sign: md5(&[exported, sign_magic]),
            seal: Rc4::new(&md5(&[seal_base, seal_magic]).into()),
            seq: 0,
        };
        let (c2s, s2c) = (dir(C2S_SIGN, C2S_SEAL), dir(S2C_SIGN, S2C_SEAL));
        let (send, recv) = if server { (s2c, c2s) } else { (c2s, s2c) };
        Some(NtlmSecurity {
            send,
            recv,
            key_exch: flags & flag::KEY_EXCH != 0,
        })
    }

    /// Starts both directions' sequence numbers at `n` (the RC4 handles stay new): after
    /// SPNEGO's mechListMICs, which used number 0 each way, the first message is number
    /// 1 with freshly keyed handles (MS-SPNG 3.3.5.1).
    pub fn start_sequence_at(&mut self, n: u32) {
        self.send.seq = n;
        self.recv.seq = n;
    }

    fn mac(d: &mut Direction, key_exch: bool, msg: &[u8]) -> [u8; SIGNATURE_LEN] {
        let seq = d.seq.to_le_bytes();
        d.seq = d.seq.wrapping_add(1);
        let full = hmac_md5(&d.sign, &[&seq, msg]);
        let mut checksum = [0u8; 8];
        checksum.copy_from_slice(&full[..8]);
        if key_exch {
            d.seal.apply_keystream(&mut checksum);
        }
        let mut out = [0u8; SIGNATURE_LEN];
        out[..4].copy_from_slice(&1u32.to_le_bytes());
        out[4..12].copy_from_slice(&checksum);
        out[12..].copy_from_slice(&seq);
        out
    }

    /// Signs `msg` to send (integrity).
    pub fn sign(&mut self, msg: &[u8]) -> [u8; SIGNATURE_LEN] {
        Self::mac(&mut self.send, self.key_exch, msg)
    }

    /// Checks a received `msg` against its signature.
    pub fn verify(&mut self, msg: &[u8], sig: &[u8]) -> bool {
        let want = Self::mac(&mut self.recv, self.key_exch, msg);
        crate::ntlm::same(&want, sig)
    }

    /// Seals `msg[data]` to send and returns the signature over the whole of `msg` as it
    /// was before sealing (privacy).
    pub fn seal(
        &mut self,
        msg: &mut [u8],
        data: std::ops::Range<usize>,
    ) -> Option<[u8; SIGNATURE_LEN]> {
        msg.get(data.clone())?;
        let sig = hmac_md5(&self.send.sign, &[&self.send.seq.to_le_bytes(), msg]);
        self.send.seal.apply_keystream(&mut msg[data]);
        // (The MAC's checksum is encrypted after the data, on the same handle.)
        let seq = self.send.seq.to_le_bytes();
        self.send.seq = self.send.seq.wrapping_add(1);
        let mut checksum = [0u8; 8];
        checksum.copy_from_slice(&sig[..8]);
        if self.key_exch {
            self.send.seal.apply_keystream(&mut checksum);
        }
        let mut out = [0u8; SIGNATURE_LEN];
        out[..4].copy_from_slice(&1u32.to_le_bytes());
        out[4..12].copy_from_slice(&checksum);
        out[12..].copy_from_slice(&seq);
        Some(out)
    }

    /// Unseals a received `msg[data]` in place and checks the signature over the whole
    /// of `msg` as it was before sealing. False: altered, out of sequence, or not ours.
    pub fn unseal(&mut self, msg: &mut [u8], data: std::ops::Range<usize>, sig: &[u8]) -> bool {
        if msg.get(data.clone()).is_none() || sig.len() != SIGNATURE_LEN {
            return false;
        }
        self.recv.seal.apply_keystream(&mut msg[data]);
        Self::mac(&mut self.recv, self.key_exch, msg)
            .iter()
            .zip(sig)
            .fold(0u8, |x, (a, b)| x | (a ^ b))
            == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FLAGS: u32 = flag::ESS | flag::F128 | flag::KEY_EXCH | flag::SEAL | flag::SIGN;

    fn hex(s: &str) -> Vec<u8> {
        s.split_whitespace()
            .map(|b| u8::from_str_radix(b, 16).unwrap())
            .collect()
    }

    /// MS-NLMP 4.2.4.4: "Plaintext" sealed by the client with random session key
    /// 0x55.., sequence number 0.
    #[test]
    fn the_specs_ntlmv2_sealing_example() {
        let mut c = NtlmSecurity::new(&[0x55; 16], FLAGS, false).unwrap();
        let mut msg = crate::ntlm::utf16("Plaintext");
        let sig = c.seal(&mut msg, 0..18).unwrap();
        assert_eq!(
            msg,
            hex("54 e5 01 65 bf 19 36 dc 99 60 20 c1 81 1b 0f 06 fb 5f")
        );
        assert_eq!(
            sig.to_vec(),
            hex("01 00 00 00 7f b3 8e c5 c5 5d 49 76 00 00 00 00")
        );
    }

    #[test]
    fn both_sides_seal_and_sign_for_each_other_in_sequence() {
        let key = [7u8; 16];
        let mut c = NtlmSecurity::new(&key, FLAGS, false).unwrap();
        let mut s = NtlmSecurity::new(&key, FLAGS, true).unwrap();
        for round in 0..3u8 {
            let mut pdu = vec![round; 40];
            let sig = c.seal(&mut pdu, 8..32).unwrap();
            assert_ne!(pdu[8..32], [round; 24]);
            assert!(s.unseal(&mut pdu, 8..32, &sig));
            assert_eq!(pdu, vec![round; 40]);
            let sig = s.sign(b"answer");
            assert!(c.verify(b"answer", &sig));
        }
        // An altered PDU fails, and so does a replayed one.
        let mut pdu = vec![1u8; 40];
        let sig = c.seal(&mut pdu, 8..32).unwrap();
        let sent = pdu.clone();
        pdu[0] ^= 1;
        assert!(!s.unseal(&mut pdu, 8..32, &sig));
        let mut again = sent.clone();
        assert!(!s.unseal(&mut again, 8..32, &sig));
        // A range outside the message is refused, not a panic.
        assert!(c.seal(&mut [0u8; 4], 2..9).is_none());
        assert!(!s.unseal(&mut [0u8; 4], 2..9, &[0; 16]));
        assert!(NtlmSecurity::new(&key, flag::SEAL, true).is_none());
    }
}
