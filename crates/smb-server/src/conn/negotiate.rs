//! NEGOTIATE: dialect, capabilities, negotiate contexts, preauth integrity.

use super::{dialect_is_3, error_body, Connection, Disconnect};
use rand::RngCore;
use smb_auth::crypt::Cipher;
use smb_auth::signing::Algorithm;
use smb_wire::header::{Header, HEADER_LEN};
use smb_wire::negotiate::{self as neg, caps, ctx, dialect, security_mode, NegotiateRequest};
use smb_wire::NtStatus;

const NEGOTIATE_FIXED_CAPS: u32 = caps::LARGE_MTU | caps::LEASING;

impl Connection {
    pub(super) fn negotiate(
        &mut self,
        m: &[u8],
        rh: &mut Header,
    ) -> Result<(NtStatus, Vec<u8>), Disconnect> {
        // MS-SMB2 3.3.5.4: a second NEGOTIATE on a connection is a protocol error.
        if self.dialect != 0 && self.dialect != dialect::WILDCARD {
            return Err(Disconnect("second negotiate"));
        }
        let req = NegotiateRequest::parse(m).map_err(|_| Disconnect("malformed negotiate"))?;
        if req.dialects.is_empty() {
            return Ok((NtStatus::INVALID_PARAMETER, error_body()));
        }
        let cfg = &self.server.cfg;
        let chosen = [
            dialect::SMB311,
            dialect::SMB302,
            dialect::SMB30,
            dialect::SMB21,
            dialect::SMB202,
        ]
        .into_iter()
        .find(|d| *d >= cfg.min_dialect && *d <= cfg.max_dialect && req.dialects.contains(d));
        let Some(d) = chosen else {
            return Ok((NtStatus::NOT_SUPPORTED, error_body()));
        };
        let mut contexts = Vec::new();
        if d == dialect::SMB311 {
            let c = &req.contexts;
            let Some(pre) = &c.preauth else {
                return Ok((NtStatus::INVALID_PARAMETER, error_body()));
            };
            if c.duplicate {
                return Ok((NtStatus::INVALID_PARAMETER, error_body()));
            }
            if !pre.hash_algorithms.contains(&ctx::HASH_SHA512) {
                return Ok((
                    NtStatus::SMB_NO_PREAUTH_INTEGRITY_HASH_OVERLAP,
                    error_body(),
                ));
            }
            let mut salt = [0u8; 32];
            self.rng.fill_bytes(&mut salt);
            contexts.push(neg::encode_context(
                ctx::PREAUTH_INTEGRITY,
                &neg::preauth_context_data(&salt),
            ));
            if let Some(ciphers) = &c.ciphers {
                let pick = cfg.ciphers.iter().find(|id| ciphers.contains(id)).copied();
                // No cipher in common: no encryption context in the answer (as Samba);
                // the session simply cannot encrypt.
                if let Some(id) = pick {
                    contexts.push(neg::encode_context(
                        ctx::ENCRYPTION,
                        &neg::single_id_context_data(id),
                    ));
                }
                self.cipher = pick.and_then(cipher_from_id);
            }
            self.signing_alg = Algorithm::AesCmac;
            if let Some(algs) = &c.signing {
                let pick = [2u16, 1, 0]
                    .into_iter()
                    .find(|a| algs.contains(a))
                    .unwrap_or(1);
                self.signing_alg = match pick {
                    2 => Algorithm::AesGmac,
                    0 => Algorithm::HmacSha256,
                    _ => Algorithm::AesCmac,
                };
                contexts.push(neg::encode_context(
                    ctx::SIGNING,
                    &neg::single_id_context_data(pick),
                ));
            }
            if let Some(ids) = &c.rdma_transforms {
                // MS-SMB2 3.3.5.4: every transform both sides support, in the client's
                // order; encryption needs a cipher. None in common: answer NONE.
                if ids.is_empty() {
                    return Ok((NtStatus::INVALID_PARAMETER, error_body()));
                }
                let mut common: Vec<u16> = Vec::new();
                for &id in ids {
                    let ours = id == smb_wire::rdma_transform::id::SIGNING
                        || (id == smb_wire::rdma_transform::id::ENCRYPTION
                            && self.cipher.is_some());
                    if ours && !common.contains(&id) {
                        common.push(id);
                    }
                }
                if common.is_empty() {
                    common.push(smb_wire::rdma_transform::id::NONE);
                }
                contexts.push(neg::encode_context(
                    ctx::RDMA_TRANSFORM,
                    &neg::rdma_transform_context_data(&common),
                ));
                if let Some(l) = &mut self.rdma_limits {
                    l.transforms = smb_wire::rdma_transform::Ids::from_ids(&common);
                }
            }
        } else if dialect_is_3(d) {
            self.signing_alg = Algorithm::AesCmac;
            if req.capabilities & caps::ENCRYPTION != 0 {
                self.cipher = Some(Cipher::Aes128Ccm);
            }
        } else {
            self.signing_alg = Algorithm::HmacSha256;
        }
        self.dialect = d;
        self.client_guid = req.client_guid;
        self.client_caps = req.capabilities;
        self.client_security_mode = req.security_mode;
        self.client_dialects = req.dialects.clone();
        if d == dialect::SMB311 {
            self.preauth.update(m);
        }
        let mut body = Vec::with_capacity(256);
        body.extend_from_slice(&[0u8; HEADER_LEN]);
        self.negotiate_body_with(&mut body, d, contexts);
        if d == dialect::SMB311 {
            let mut whole = Vec::with_capacity(body.len());
            rh.status = 0;
            rh.encode(&mut whole);
            whole.extend_from_slice(&body[HEADER_LEN..]);
            self.preauth.update(&whole);
        }
        Ok((NtStatus::SUCCESS, body[HEADER_LEN..].to_vec()))
    }

    pub(super) fn negotiate_body(&mut self, out: &mut Vec<u8>, d: u16, contexts: &[Vec<u8>]) {
        self.negotiate_body_with(out, d, contexts.to_vec())
    }

    fn negotiate_body_with(&mut self, out: &mut Vec<u8>, d: u16, contexts: Vec<Vec<u8>>) {
        let cfg = &self.server.cfg;
        let mut sec = security_mode::SIGNING_ENABLED;
        if cfg.require_signing {
            sec |= security_mode::SIGNING_REQUIRED;
        }
        let mut c = 0;
        if d != dialect::SMB202 && d != dialect::WILDCARD {
            c |= NEGOTIATE_FIXED_CAPS;
        }
        // A node that holds a DFS namespace says so (MS-SMB2 2.2.4 GLOBAL_CAP_DFS).
        if self.server.shares().iter().any(|s| s.dfs.is_some()) {
            c |= caps::DFS;
        }
        if dialect_is_3(d) {
            if self.cipher.is_some() && d != dialect::SMB311 {
                c |= caps::ENCRYPTION;
            }
            if !cfg.interfaces.is_empty() {
                c |= caps::MULTI_CHANNEL;
            }
            // Only to a client that says it takes directory leases (MS-SMB2 3.3.5.4; a
            // client that did not ask may not expect the bit: impacket 0.13 fails on it).
            if self.client_caps & caps::DIRECTORY_LEASING != 0 {
                c |= caps::DIRECTORY_LEASING;
            }
            // Persistent handles, where a continuously available share keeps them.
            if self.server.journal.get().is_some()
                && self
                    .server
                    .shares()
                    .iter()
                    .any(|s| s.continuous_availability)
            {
                c |= caps::PERSISTENT_HANDLES;
            }
        }
        let (mr, mw, mt) = if d == dialect::SMB202 || d == dialect::WILDCARD {
            (65536, 65536, 65536)
        } else {
            (self.max_read, self.max_write, self.max_transact)
        };
        self.max_read = mr;
        self.max_write = mw;
        self.max_transact = mt;
        self.server_caps = c;
        self.server_security_mode = sec;
        let cfg = &self.server.cfg;
        let token = smb_auth::spnego::negotiate_token(cfg.kerberos.is_some(), cfg.ntlm);
        neg::NegotiateResponse {
            security_mode: sec,
            dialect: d,
            server_guid: cfg.server_guid,
            capabilities: c,
            max_transact_size: mt,
            max_read_size: mr,
            max_write_size: mw,
            system_time: self.now.filetime,
            security_buffer: &token,
            contexts,
        }
        .encode(out);
    }
}

/// The key-derivation flavour of an SMB 3.x dialect.
pub(super) fn kdf_dialect(d: u16) -> smb_auth::kdf::Dialect {
    match d {
        dialect::SMB311 => smb_auth::kdf::Dialect::Smb311,
        dialect::SMB302 => smb_auth::kdf::Dialect::Smb302,
        _ => smb_auth::kdf::Dialect::Smb300,
    }
}

fn cipher_from_id(id: u16) -> Option<Cipher> {
    match id {
        1 => Some(Cipher::Aes128Ccm),
        2 => Some(Cipher::Aes128Gcm),
        3 => Some(Cipher::Aes256Ccm),
        4 => Some(Cipher::Aes256Gcm),
        _ => None,
    }
}

pub(super) fn cipher_key_len(c: Option<Cipher>) -> usize {
    match c {
        Some(Cipher::Aes256Ccm) | Some(Cipher::Aes256Gcm) => 32,
        _ => 16,
    }
}
