//! NEGOTIATE (dialects, contexts, preauth integrity) and SESSION_SETUP (NTLMv2 through
//! SPNEGO, channel binding), and the keys they yield.

use super::{ntlm, random, Client, Error, Options, Protection, Response, Result};
use smb_auth::crypt::Cipher;
use smb_auth::preauth::PreauthHash;
use smb_auth::signing::{self, Algorithm};
use smb_wire::header::{flags, HEADER_LEN};
use smb_wire::negotiate::{self as neg, ctx, dialect};
use smb_wire::{Command, Le, NtStatus};

impl Client {
    pub(super) fn negotiate(&mut self, opts: &Options, preauth: &mut PreauthHash) -> Result<()> {
        let mut m = Vec::new();
        self.header(Command::NEGOTIATE, 0, 0).encode(&mut m);
        // (The contexts go only with SMB 3.1.1, which the encoder looks at.)
        let contexts = neg::NegotiateContexts {
            preauth: Some(neg::PreauthContext {
                hash_algorithms: vec![ctx::HASH_SHA512],
                salt: random::<32>().to_vec(),
            }),
            ciphers: Some(opts.ciphers.clone()),
            // AES-GMAC, then AES-CMAC.
            signing: Some(vec![2, 1]),
            rdma_transforms: (!opts.rdma_transforms.is_empty())
                .then(|| opts.rdma_transforms.clone()),
            ..Default::default()
        };
        neg::NegotiateRequest {
            security_mode: neg::security_mode::SIGNING_ENABLED,
            capabilities: opts.capabilities,
            client_guid: self.client_guid,
            dialects: opts.dialects.clone(),
            contexts,
        }
        .encode(&mut m);
        preauth.update(&m);
        let id = self.send_raw(&m)?;
        let r = self.wait(id)?;
        if r.status() != NtStatus::SUCCESS {
            return Err(Error::Status(Command::NEGOTIATE, r.status()));
        }
        preauth.update(&r.msg);
        let b = Le(&r.msg);
        let p = HEADER_LEN;
        let e = |_| Error::Protocol("short negotiate response");
        self.dialect = b.u16(p + 4).map_err(e)?;
        self.server_capabilities = b.u32(p + 24).map_err(e)?;
        self.max_read = b.u32(p + 32).map_err(e)?.min(8 << 20);
        self.max_write = b.u32(p + 36).map_err(e)?.min(8 << 20);
        if self.dialect == dialect::SMB311 {
            self.signing_alg = Algorithm::AesCmac;
            let n = b.u16(p + 6).map_err(e)? as usize;
            let mut off = b.u32(p + 60).map_err(e)? as usize;
            for i in 0..n.min(16) {
                if i > 0 {
                    off = (off + 7) & !7;
                }
                let ty = b.u16(off).map_err(e)?;
                let len = b.u16(off + 2).map_err(e)? as usize;
                let d = Le(b.region(off + 8, len).map_err(e)?);
                match ty {
                    ctx::ENCRYPTION => {
                        self.cipher = match d.u16(2).map_err(e)? {
                            1 => Some(Cipher::Aes128Ccm),
                            2 => Some(Cipher::Aes128Gcm),
                            3 => Some(Cipher::Aes256Ccm),
                            4 => Some(Cipher::Aes256Gcm),
                            _ => None,
                        }
                    }
                    ctx::SIGNING => {
                        self.signing_alg = match d.u16(2).map_err(e)? {
                            0 => Algorithm::HmacSha256,
                            2 => Algorithm::AesGmac,
                            _ => Algorithm::AesCmac,
                        }
                    }
                    ctx::RDMA_TRANSFORM => {
                        let n = d.u16(0).map_err(e)? as usize;
                        let mut ids = Vec::new();
                        for i in 0..n.min(8) {
                            let id = d.u16(8 + 2 * i).map_err(e)?;
                            if !opts.rdma_transforms.contains(&id) && id != 0 {
                                return Err(Error::Protocol("RDMA transform not offered"));
                            }
                            if id != 0 {
                                ids.push(id);
                            }
                        }
                        self.rdma_transforms = ids;
                    }
                    _ => {}
                }
                off += 8 + len;
            }
        } else if self.dialect >= dialect::SMB30 {
            self.signing_alg = Algorithm::AesCmac;
            self.cipher = Some(Cipher::Aes128Ccm);
        } else {
            self.signing_alg = Algorithm::HmacSha256;
        }
        Ok(())
    }

    pub(super) fn session_setup_flags(
        &mut self,
        token: &[u8],
        flags: u8,
    ) -> Result<(Vec<u8>, Response)> {
        let mut m = Vec::new();
        self.header(Command::SESSION_SETUP, 0, 1).encode(&mut m);
        smb_wire::msg::SessionSetupRequest {
            flags,
            security_mode: 1,
            capabilities: 0,
            channel: 0,
            security_buffer: token,
            previous_session_id: 0,
        }
        .encode(&mut m);
        // The bytes as they go out (signed during a binding), for the preauth hash.
        let sent = if self.session_id != 0 && self.protection == Protection::Sign {
            let mut v = m.clone();
            crate::mark_signed(&mut v);
            signing::sign(self.signing_alg, &self.signing_key, &mut v);
            v
        } else {
            m.clone()
        };
        let id = self.send_raw(&m)?;
        let r = self.wait(id)?;
        Ok((sent, r))
    }

    /// The two NTLM legs of a SESSION_SETUP (with `flags`, 1 = binding), hashing the
    /// exchange into `preauth`. Returns the authentication and the final response.
    pub(super) fn ntlm_exchange(
        &mut self,
        opts: &Options,
        flags: u8,
        preauth: &mut PreauthHash,
    ) -> Result<(ntlm::Authenticate, Response)> {
        let (req1, r1) = self.session_setup_flags(&ntlm::negotiate(), flags)?;
        if r1.status() != NtStatus::MORE_PROCESSING_REQUIRED {
            return Err(Error::Status(Command::SESSION_SETUP, r1.status()));
        }
        if self.session_id == 0 {
            self.session_id = r1.hdr.session_id;
        }
        preauth.update(&req1);
        preauth.update(&r1.msg);
        let b = Le(&r1.msg);
        let e = |_| Error::Protocol("short session setup response");
        let off = b.u16(HEADER_LEN + 4).map_err(e)? as usize;
        let len = b.u16(HEADER_LEN + 6).map_err(e)? as usize;
        let challenge = b.region(off, len).map_err(e)?.to_vec();
        let auth = ntlm::authenticate(
            &challenge,
            &opts.user,
            &opts.domain,
            &opts.password,
            crate::clock::filetime(),
            random::<24>(),
        )
        .map_err(Error::Protocol)?;
        let (req2, r2) = self.session_setup_flags(&auth.token, flags)?;
        if r2.status() != NtStatus::SUCCESS {
            return Err(Error::Status(Command::SESSION_SETUP, r2.status()));
        }
        preauth.update(&req2);
        Ok((auth, r2))
    }

    /// SESSION_SETUP with SMB2_SESSION_FLAG_BINDING: authenticate again on this channel,
    /// requests signed with the session's key; this channel then signs with its own key.
    pub(super) fn binding_logon(&mut self, opts: &Options, mut preauth: PreauthHash) -> Result<()> {
        let (auth, r2) = self.ntlm_exchange(opts, 1, &mut preauth)?;
        let kd = match self.dialect {
            dialect::SMB311 => smb_auth::kdf::Dialect::Smb311,
            dialect::SMB302 => smb_auth::kdf::Dialect::Smb302,
            _ => smb_auth::kdf::Dialect::Smb300,
        };
        let h = preauth.value();
        let k = smb_auth::kdf::session_keys(
            kd,
            &auth.session_key,
            &auth.session_key,
            (self.dialect == dialect::SMB311).then_some(&h),
            16,
        );
        self.signing_key = k.signing;
        if r2.hdr.flags & flags::SIGNED == 0
            || !signing::verify(self.signing_alg, &self.signing_key, &r2.msg)
        {
            return Err(Error::Protocol(
                "binding response not signed with the channel key",
            ));
        }
        Ok(())
    }

    /// A Kerberos SESSION_SETUP: SPNEGO offering Kerberos with the AP-REQ, one leg;
    /// the AP-REP in the answer completes mutual authentication. Returns the GSS
    /// session key and the final response.
    pub(super) fn krb_exchange(
        &mut self,
        k: &crate::Kerberos,
        flags: u8,
        preauth: &mut PreauthHash,
    ) -> Result<(Vec<u8>, Response)> {
        let gss_err = |e: gss::Error| Error::Io(std::io::Error::other(format!("Kerberos: {e}")));
        let mut init = None;
        let ap_req = match k {
            crate::Kerberos::Ccache {
                ccache,
                target,
                lifetime_s,
            } => {
                let mut i = gss::Initiator::new(Some(ccache), target).map_err(gss_err)?;
                i.set_lifetime(*lifetime_s);
                let t = i.step(&[]).map_err(gss_err)?;
                init = Some(i);
                t
            }
            crate::Kerberos::Fixed { ap_req, .. } => ap_req.clone(),
        };
        let token = smb_auth::spnego::init_token(&[smb_auth::spnego::OID_KRB5], &ap_req);
        let (req, r) = self.session_setup_flags(&token, flags)?;
        if r.status() != NtStatus::SUCCESS {
            return Err(Error::Status(Command::SESSION_SETUP, r.status()));
        }
        if self.session_id == 0 {
            self.session_id = r.hdr.session_id;
        }
        preauth.update(&req);
        let b = Le(&r.msg);
        let e = |_| Error::Protocol("short session setup response");
        let off = b.u16(HEADER_LEN + 4).map_err(e)? as usize;
        let len = b.u16(HEADER_LEN + 6).map_err(e)? as usize;
        let resp = b.region(off, len).map_err(e)?;
        let t = smb_auth::spnego::parse_client(resp)
            .map_err(|_| Error::Protocol("bad SPNEGO answer"))?;
        let Some(mut init) = init else {
            let crate::Kerberos::Fixed { session_key, .. } = k else {
                unreachable!("a ccache logon has an initiator")
            };
            return Ok((session_key.clone(), r));
        };
        let rep = t
            .mech_token
            .ok_or(Error::Protocol("no AP-REP: no mutual authentication"))?;
        init.step(rep).map_err(gss_err)?;
        if !init.is_complete() {
            return Err(Error::Protocol("Kerberos exchange incomplete"));
        }
        Ok((init.session_key().map_err(gss_err)?, r))
    }

    /// One SESSION_SETUP carrying `token` as it is (on the connection's session, if
    /// any); the answer, whatever its status.
    pub fn session_setup_token(&mut self, token: &[u8]) -> Result<Response> {
        self.session_setup_flags(token, 0).map(|(_, r)| r)
    }

    /// Authenticates again on the live session (MS-SMB2 3.2.4.2.3): a fresh ticket
    /// (Kerberos) or a new NTLM exchange; the session keeps its keys and opens.
    pub fn reauthenticate(&mut self, opts: &Options) -> Result<()> {
        let mut preauth = PreauthHash::new();
        match &opts.kerberos {
            Some(k) => self.krb_exchange(k, 0, &mut preauth).map(|_| ()),
            None => self.ntlm_exchange(opts, 0, &mut preauth).map(|_| ()),
        }
    }

    pub(super) fn logon(&mut self, opts: &Options, mut preauth: PreauthHash) -> Result<()> {
        let (key, full, r2) = match &opts.kerberos {
            Some(k) => {
                let (full, r) = self.krb_exchange(k, 0, &mut preauth)?;
                (smb_auth::kerberos::smb_session_key(&full), full, r)
            }
            None => {
                let (auth, r) = self.ntlm_exchange(opts, 0, &mut preauth)?;
                (auth.session_key, auth.session_key.to_vec(), r)
            }
        };
        let d = self.dialect;
        if d >= dialect::SMB30 {
            let kd = match d {
                dialect::SMB311 => smb_auth::kdf::Dialect::Smb311,
                dialect::SMB302 => smb_auth::kdf::Dialect::Smb302,
                _ => smb_auth::kdf::Dialect::Smb300,
            };
            let h = preauth.value();
            let klen = match self.cipher {
                Some(Cipher::Aes256Ccm) | Some(Cipher::Aes256Gcm) => 32,
                _ => 16,
            };
            let k = smb_auth::kdf::session_keys(
                kd,
                &key,
                &full,
                if d == dialect::SMB311 { Some(&h) } else { None },
                klen,
            );
            self.signing_key = k.signing;
            // The client's encryption key is the server's decryption key and vice versa.
            self.enc_key = k.decrypt_c2s;
            self.dec_key = k.encrypt_s2c;
        } else {
            self.signing_key = key;
        }
        // The final response is signed for 3.x: check it.
        if d >= dialect::SMB30
            && (r2.hdr.flags & flags::SIGNED == 0
                || !signing::verify(self.signing_alg, &self.signing_key, &r2.msg))
        {
            return Err(Error::Protocol(
                "final SESSION_SETUP response not signed correctly",
            ));
        }
        self.protection = opts.protection;
        if self.protection == Protection::Encrypt && self.cipher.is_none() {
            return Err(Error::Protocol("server offers no cipher"));
        }
        Ok(())
    }
}
