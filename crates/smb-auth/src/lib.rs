//! SMB authentication and cryptography: the NTLMv2 acceptor inside SPNEGO (and the
//! initiator our client and tests use, on the same NTLM helpers), the user
//! database, SP800-108 key derivation, SMB2/3 signing (HMAC-SHA256, AES-CMAC, AES-GMAC),
//! encryption (AES-128/256-CCM/GCM) and the 3.1.1 preauth integrity hash.
//!
//! Contract: no I/O, no clock, no randomness of its own (challenges, nonces and time come
//! from the caller); every primitive from RustCrypto but GHASH (`ghash-clmul`, held to
//! RustCrypto's answers by its tests); hostile tokens give errors, never
//! panics.
#![forbid(unsafe_code)]

pub mod acceptor;
pub mod crypt;
pub mod der;
pub mod gcm;
pub mod initiator;
pub mod kdf;
pub mod kerberos;
pub mod ntlm;
pub mod ntlm_security;
pub mod pac;
pub mod payload;
pub mod preauth;
pub mod signing;
pub mod spnego;
pub mod users;
