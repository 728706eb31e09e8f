//! MS-SMB2 3.3.5.4 / 3.3.5.5: the SHA-512 preauth integrity hash chain.

use sha2::{Digest, Sha512};

#[derive(Clone)]
pub struct PreauthHash([u8; 64]);

impl Default for PreauthHash {
    fn default() -> Self {
        PreauthHash([0; 64])
    }
}

impl PreauthHash {
    pub fn new() -> Self {
        Self::default()
    }
    /// H = SHA-512(H || message).
    pub fn update(&mut self, msg: &[u8]) {
        let mut h = Sha512::new();
        h.update(self.0);
        h.update(msg);
        self.0.copy_from_slice(&h.finalize());
    }
    pub fn value(&self) -> [u8; 64] {
        self.0
    }
}
