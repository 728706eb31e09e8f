//! SESSION_SETUP (NTLM through SPNEGO, binding, re-authentication), key derivation, LOGOFF.

use super::negotiate::{cipher_key_len, kdf_dialect};
use super::{dialect_is_3, error_body, peer_ip, Connection, Disconnect, PendingAuth};
use crate::limits::{LOGGED_OFF_KEPT, MAX_CHANNELS};
use crate::ops::{self, small_body, Ctx, Outcome};
use crate::state::{Session, SessionKeys};
use rand::RngCore;
use smb_auth::acceptor::{Acceptor, AcceptorConfig, AuthError, Authenticated, Mechanism, Step};
use smb_auth::signing::{self, Algorithm};
use smb_wire::header::{flags, Header};
use smb_wire::msg;
use smb_wire::negotiate::{caps, dialect, security_mode};
use smb_wire::NtStatus;
use std::sync::Arc;

impl Connection {
    pub(super) fn session_setup(
        &mut self,
        m: &[u8],
        rh: &mut Header,
    ) -> Result<(NtStatus, Vec<u8>), Disconnect> {
        let fail = |s: NtStatus| Ok((s, error_body()));
        let Ok(req) = msg::SessionSetupRequest::parse(m) else {
            return fail(NtStatus::INVALID_PARAMETER);
        };
        let hdr = Header::parse(m).map_err(|_| Disconnect("bad header"))?;
        let binding = req.flags & msg::SESSION_FLAG_BINDING != 0;
        if binding {
            if let Some(st) = self.admit_binding(m, &hdr, rh) {
                return fail(st);
            }
        }
        let sid = match self.setup_session_id(m, &hdr, rh, binding) {
            Ok(sid) => sid,
            Err(st) => return fail(st),
        };
        rh.session_id = sid;
        let addr = peer_ip(&self.peer);
        if self.server.logons.address_blocked(addr, self.now.filetime) {
            // This address failed too often: refused unchecked (no password oracle),
            // after the usual delay, until its window passes.
            self.pending.remove(&sid);
            self.hold_until = Some(self.now.mono + self.server.logons.blocked_delay());
            return fail(NtStatus::LOGON_FAILURE);
        }
        let pending = self.pending.get_mut(&sid).expect("inserted above");
        if self.dialect == dialect::SMB311 {
            pending.preauth.update(m);
        }
        let step = {
            let users = self.server.users.read();
            pending.acceptor.step(req.security_buffer, &users)
        };
        match step {
            Err(e) => self.setup_failed(sid, e, &hdr, rh),
            Ok(Step::Continue(token)) => {
                let body = self.setup_continue(sid, &token, &hdr, rh);
                Ok((NtStatus::MORE_PROCESSING_REQUIRED, body))
            }
            Ok(Step::Done(auth)) => self.setup_done(sid, auth, &req, &hdr, rh),
        }
    }

    /// MS-SMB2 3.3.5.5.2: a binding request (another channel of an existing session)
    /// may go on; the refusal's status otherwise (the answer signed where the request
    /// proved it holds the session's key).
    fn admit_binding(&mut self, m: &[u8], hdr: &Header, rh: &mut Header) -> Option<NtStatus> {
        // MS-SMB2 3.3.5.5.2: another channel of an existing session.
        if hdr.session_id == 0 {
            return Some(NtStatus::INVALID_PARAMETER);
        }
        let Some(session) = self.server.session(hdr.session_id) else {
            return Some(NtStatus::USER_SESSION_DELETED);
        };
        if let Some(st) = self.binding_refused(&session, hdr) {
            // Signed with the session's key (the client checks a binding's answers),
            // when the request proved it holds that key.
            if self.signed_by(&session, hdr, m) {
                rh.session_id = session.id;
                rh.flags |= flags::SIGNED;
            }
            return Some(st);
        }
        // The binding request is signed with the session's key.
        if !signing::verify(session.keys.signing_alg, &session.keys.signing, m) {
            tracing::info!(target: "audit", client = %self.peer, session = session.id,
                "channel binding refused: bad signature");
            return Some(NtStatus::ACCESS_DENIED);
        }
        if !self.pending.contains_key(&session.id) {
            self.begin_auth(session.id);
            self.pending.get_mut(&session.id).expect("inserted").binding = true;
        }
        None
    }

    /// The session a SESSION_SETUP is for: the binding's, a new one, one whose exchange
    /// is under way, or a live one re-authenticating (on this channel, or on one bound
    /// here); the refusal's status otherwise.
    fn setup_session_id(
        &mut self,
        m: &[u8],
        hdr: &Header,
        rh: &mut Header,
        binding: bool,
    ) -> Result<u64, NtStatus> {
        Ok(if binding {
            hdr.session_id
        } else if hdr.session_id == 0 {
            if self.pending.len() + self.sessions.len()
                >= self.server.cfg.max_sessions_per_connection
            {
                return Err(NtStatus::INSUFFICIENT_RESOURCES);
            }
            let id = self.server.new_id();
            self.begin_auth(id);
            id
        } else if self.pending.contains_key(&hdr.session_id) {
            hdr.session_id
        } else if self.sessions.contains(&hdr.session_id)
            && self.server.session(hdr.session_id).is_some()
        {
            // Re-authentication of a live session: run a fresh exchange, keep the keys.
            self.begin_auth(hdr.session_id);
            hdr.session_id
        } else if let Some(s) = self
            .server
            .session(hdr.session_id)
            .filter(|s| self.channel_keys.contains_key(&s.id))
        {
            // Re-authentication on a channel bound here: signed with this channel's key
            // (else ACCESS_DENIED, signed if the request was).
            let (alg, key) = self.signing_of(&s);
            if hdr.flags & flags::SIGNED == 0 || !signing::verify(alg, &key, m) {
                if hdr.flags & flags::SIGNED != 0 {
                    rh.session_id = s.id;
                    rh.flags |= flags::SIGNED;
                }
                return Err(NtStatus::ACCESS_DENIED);
            }
            self.begin_auth(s.id);
            s.id
        } else {
            // Another connection's session is not this one's to name (a request signed
            // with its key gets a signed answer).
            if let Some(s) = self.server.session(hdr.session_id) {
                if self.signed_by(&s, hdr, m) {
                    rh.session_id = s.id;
                    rh.flags |= flags::SIGNED;
                }
            }
            return Err(NtStatus::USER_SESSION_DELETED);
        })
    }

    /// An exchange that failed: audited and counted, the address and user slowed as
    /// configured; a failed re-authentication ends its session.
    fn setup_failed(
        &mut self,
        sid: u64,
        e: AuthError,
        hdr: &Header,
        rh: &mut Header,
    ) -> Result<(NtStatus, Vec<u8>), Disconnect> {
        let fail = |s: NtStatus| Ok((s, error_body()));
        let p = self.pending.remove(&sid).expect("present");
        let st = match e {
            AuthError::LogonFailure => NtStatus::LOGON_FAILURE,
            AuthError::NtlmBlocked => NtStatus::NTLM_BLOCKED,
            AuthError::Malformed(_) => NtStatus::INVALID_PARAMETER,
            AuthError::Unsupported(_) => NtStatus::NOT_SUPPORTED,
        };
        let (domain, user) = p.acceptor.claimed().cloned().unwrap_or_default();
        let reason = p.acceptor.failure().unwrap_or("");
        let mech = usize::from(p.acceptor.kerberos_tried());
        self.server.authentications[mech][1].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        tracing::info!(target: "audit", client = %self.peer, %user, %domain, session = sid,
            status = %st, mechanism = if mech == 1 { "kerberos" } else { "ntlm" }, %reason,
            "logon failed");
        let after = self
            .server
            .logons
            .failed(peer_ip(&self.peer), &user, self.now.filetime);
        if after.address_blocked {
            tracing::warn!(target: "audit", client = %self.peer, %user,
                "too many failed logons from this address: refused unchecked for the rest of the window (limits.logon_failures_per_address)");
        }
        if after.user_flagged {
            tracing::warn!(target: "audit", client = %self.peer, %user, %domain,
                "too many failed logons for this user name: its failures are slowed (limits.logon_failures_per_user)");
        }
        if !after.delay.is_zero() {
            self.hold_until = Some(self.now.mono + after.delay);
        }
        // A failed re-authentication ends the session it was for (MS-SMB2
        // 3.3.5.5.3): its opens close, waiting CHANGE_NOTIFYs are cleaned up and
        // later requests on it get USER_SESSION_DELETED, as on Windows.
        if !p.binding && self.on_channel(sid) {
            // (The answer is signed with the session's key, as the request was.)
            if hdr.flags & flags::SIGNED != 0 {
                rh.flags |= flags::SIGNED;
            }
            if let Some(s) = self.server.sessions.remove(&sid) {
                self.sessions.retain(|x| *x != sid);
                // (A bound channel keeps its key a while: this answer is
                // signed with it.)
                ops::teardown_session(&self.server, &s, self.now);
                // Its other channels answer with USER_SESSION_DELETED, signed.
                let mut ended = self.server.ended.lock();
                if ended.len() >= LOGGED_OFF_KEPT {
                    ended.pop_front();
                }
                ended.push_back(s.clone());
                drop(ended);
                if self.logged_off.len() >= LOGGED_OFF_KEPT {
                    self.logged_off.remove(0);
                }
                self.logged_off.push(s);
            }
        }
        // A failed binding leaves its session be; the answer is signed with the
        // session's key, as the binding request was.
        if p.binding && hdr.flags & flags::SIGNED != 0 {
            rh.flags |= flags::SIGNED;
        }
        fail(st)
    }

    /// An exchange that goes on: the interim answer (signed for a binding or a
    /// re-authentication), hashed into the preauth value as sent.
    fn setup_continue(&mut self, sid: u64, token: &[u8], hdr: &Header, rh: &mut Header) -> Vec<u8> {
        let pending = self.pending.get(&sid).expect("present");
        let mut body = Vec::new();
        msg::encode_session_setup_response(&mut body, 0, token);
        // A binding's interim response is signed with the session's key
        // (MS-SMB2 3.3.4.1.1), and hashed as sent.
        let bind_key = if pending.binding {
            self.server
                .session(sid)
                .map(|s| (s.keys.signing_alg, s.keys.signing))
        } else {
            None
        };
        // So is a re-authentication's, when the request was signed or the
        // session requires signing (clients check it with the session's key).
        let reauth = !pending.binding
            && self
                .server
                .session(sid)
                .is_some_and(|s| s.signing_required || hdr.flags & flags::SIGNED != 0);
        if bind_key.is_some() || reauth {
            rh.flags |= flags::SIGNED;
        }
        if self.dialect == dialect::SMB311 {
            let mut whole = Vec::new();
            let mut h = *rh;
            h.status = NtStatus::MORE_PROCESSING_REQUIRED.0;
            h.encode(&mut whole);
            whole.extend_from_slice(&body);
            if let Some((alg, key)) = bind_key {
                signing::sign(alg, &key, &mut whole);
            }
            let pending = self.pending.get_mut(&sid).expect("present");
            pending.preauth.update(&whole);
        }
        body
    }

    /// An exchange that succeeded: a channel bound, a session re-authenticated, or a new
    /// session made (ending the one a returning client names as its previous).
    fn setup_done(
        &mut self,
        sid: u64,
        auth: Authenticated,
        req: &msg::SessionSetupRequest,
        hdr: &Header,
        rh: &mut Header,
    ) -> Result<(NtStatus, Vec<u8>), Disconnect> {
        let fail = |s: NtStatus| Ok((s, error_body()));
        let pending = self.pending.remove(&sid).expect("present");
        if pending.binding {
            let Some(session) = self.server.session(sid) else {
                return fail(NtStatus::USER_SESSION_DELETED);
            };
            // The same security principal (its SID: a name can be claimed).
            if !self.same_principal(&session, &auth) {
                return fail(NtStatus::ACCESS_DENIED);
            }
            // This channel's signing key, from this authentication (3.3.5.5.3).
            let k = self.derive_keys(&auth, &pending.preauth.value());
            self.channel_keys.insert(sid, k.signing);
            self.authenticated = true;
            session
                .channels
                .fetch_add(1, std::sync::atomic::Ordering::AcqRel);
            session.add_channel(
                &self.outbox,
                &self.peer,
                matches!(self.transport, super::Transport::Rdma),
            );
            self.join_client(&session);
            tracing::info!(target: "audit", client = %self.peer, user = %auth.user,
                session = sid, "channel bound to session");
            let mut body = Vec::new();
            msg::encode_session_setup_response(&mut body, 0, &auth.token);
            rh.flags |= flags::SIGNED;
            self.last_session = Some(session);
            return Ok((NtStatus::SUCCESS, body));
        }
        if let Some(existing) = self.server.session(sid) {
            // Re-authentication: same user required, keys unchanged; a fresh
            // ticket renews the session's life (and its groups).
            if !self.same_principal(&existing, &auth) {
                return fail(NtStatus::ACCESS_DENIED);
            }
            self.count_logon(&auth);
            existing.set_logon(self.logon_of(&auth));
            tracing::info!(target: "audit", client = %self.peer, user = %auth.user,
                domain = %auth.domain, session = sid, "re-authenticated");
            let mut body = Vec::new();
            msg::encode_session_setup_response(&mut body, 0, &auth.token);
            if existing.signing_required || hdr.flags & flags::SIGNED != 0 {
                rh.flags |= flags::SIGNED;
            }
            return Ok((NtStatus::SUCCESS, body));
        }
        let hash = pending.preauth.value();
        let sec_mode = u16::from(req.security_mode);
        let session = self.make_session(sid, &auth, sec_mode, &hash);
        self.count_logon(&auth);
        session.set_logon(self.logon_of(&auth));
        let mut sflags = 0;
        if session.guest {
            sflags |= msg::SESSION_FLAG_IS_GUEST;
        }
        if session.anonymous {
            sflags |= msg::SESSION_FLAG_IS_NULL;
        }
        if session.encrypt_data {
            sflags |= msg::SESSION_FLAG_ENCRYPT_DATA;
        }
        // MS-SMB2 3.3.5.5.3: the final response of an authenticated 3.x session is
        // signed with the new key; 2.x signs it when signing is required.
        if !session.guest
            && !session.anonymous
            && (dialect_is_3(self.dialect) || session.signing_required)
        {
            rh.flags |= flags::SIGNED;
        }
        tracing::info!(target: "audit", client = %self.peer, user = %auth.user, domain = %auth.domain,
            guest = auth.guest, session = sid, "logon succeeded");
        // MS-SMB2 3.3.5.5.3: a client back after losing its connection names its
        // old session, which ends now (its durable opens wait to be reconnected).
        let prev = req.previous_session_id;
        if prev != 0 && prev != sid {
            let old = self
                .server
                .session(prev)
                .filter(|o| self.same_principal(o, &auth));
            if let Some(old) = old {
                self.server.sessions.remove(&prev);
                ops::teardown_session(&self.server, &old, self.now);
                let mut ended = self.server.ended.lock();
                if ended.len() >= LOGGED_OFF_KEPT {
                    ended.pop_front();
                }
                ended.push_back(old);
            }
        }
        let session = Arc::new(session);
        session.add_channel(
            &self.outbox,
            &self.peer,
            matches!(self.transport, super::Transport::Rdma),
        );
        self.join_client(&session);
        self.server.sessions.insert(sid, session);
        self.sessions.push(sid);
        self.authenticated = true;
        let mut body = Vec::new();
        msg::encode_session_setup_response(&mut body, sflags, &auth.token);
        Ok((NtStatus::SUCCESS, body))
    }

    /// Starts an authentication exchange for session `id` with a fresh challenge; the
    /// session's preauth hash starts from the connection's (MS-SMB2 3.3.5.5).
    fn begin_auth(&mut self, id: u64) {
        let mut challenge = [0u8; 8];
        self.rng.fill_bytes(&mut challenge);
        let acceptor = Acceptor::new(self.acceptor_config(), challenge, self.now.filetime);
        self.pending.insert(
            id,
            PendingAuth {
                acceptor,
                preauth: self.preauth.clone(),
                binding: false,
            },
        );
    }

    /// SMB 3.x keys from an authentication's session key (and, for 3.1.1, the
    /// preauthentication hash of its exchange).
    fn derive_keys(&self, auth: &Authenticated, preauth: &[u8; 64]) -> smb_auth::kdf::SessionKeys {
        smb_auth::kdf::session_keys(
            kdf_dialect(self.dialect),
            &auth.session_key,
            &auth.full_session_key,
            (self.dialect == dialect::SMB311).then_some(preauth),
            cipher_key_len(self.cipher),
        )
    }

    /// Whether session `id` was set up on, or bound to, this connection.
    pub(super) fn on_channel(&self, id: u64) -> bool {
        self.sessions.contains(&id) || self.channel_keys.contains_key(&id)
    }

    /// The key that signs `s`'s messages on this connection: the channel's own for a
    /// session bound here, the session's otherwise (MS-SMB2 3.3.5.5.3).
    /// Why a binding of this connection to `session` is refused, in the order Windows
    /// and Samba check: signing algorithms (a GMAC session binds only GMAC channels),
    /// dialect family, multichannel, the request signed, the same dialect and cipher as
    /// the session's, a channel not bound already, a session of a real user, room.
    fn binding_refused(&self, session: &Session, hdr: &Header) -> Option<NtStatus> {
        let (s_alg, c_alg) = (session.keys.signing_alg, self.signing_alg);
        let checks = [
            (
                s_alg == Algorithm::AesGmac && c_alg != s_alg,
                NtStatus::REQUEST_OUT_OF_SEQUENCE,
            ),
            (
                c_alg == Algorithm::AesGmac && s_alg != c_alg,
                NtStatus::NOT_SUPPORTED,
            ),
            (!dialect_is_3(self.dialect), NtStatus::REQUEST_NOT_ACCEPTED),
            (
                self.server_caps & caps::MULTI_CHANNEL == 0,
                NtStatus::REQUEST_NOT_ACCEPTED,
            ),
            (hdr.flags & flags::SIGNED == 0, NtStatus::INVALID_PARAMETER),
            (session.dialect != self.dialect, NtStatus::INVALID_PARAMETER),
            (
                session.keys.cipher != self.cipher,
                NtStatus::INVALID_PARAMETER,
            ),
            // (Another ClientGuid may bind: Windows and Samba let it, the session key
            // proves the client.)
            (
                self.sessions.contains(&session.id),
                NtStatus::REQUEST_NOT_ACCEPTED,
            ),
            (
                self.channel_keys.contains_key(&session.id),
                NtStatus::ACCESS_DENIED,
            ),
            (session.guest || session.anonymous, NtStatus::NOT_SUPPORTED),
            // A session has at most this many channels (as Windows and Samba: 32).
            (
                session.channels.load(std::sync::atomic::Ordering::Acquire) >= MAX_CHANNELS,
                NtStatus::INSUFFICIENT_RESOURCES,
            ),
        ];
        checks.into_iter().find(|(bad, _)| *bad).map(|(_, st)| st)
    }

    /// Whether a request is signed with `s`'s key (by its algorithm or this connection's):
    /// only then does its answer get signed with that key, so that nobody without the
    /// key collects messages signed with it.
    fn signed_by(&self, s: &Session, hdr: &Header, m: &[u8]) -> bool {
        hdr.flags & flags::SIGNED != 0
            && (signing::verify(s.keys.signing_alg, &s.keys.signing, m)
                || signing::verify(self.signing_alg, &s.keys.signing, m))
    }

    /// The algorithm and key this connection signs `s`'s messages with: a bound
    /// channel's own (its key from its binding, the algorithm this connection
    /// negotiated), else the session's.
    pub(super) fn signing_of(&self, s: &Session) -> (Algorithm, [u8; 16]) {
        match self.channel_keys.get(&s.id) {
            Some(k) => (self.signing_alg, *k),
            None => (s.keys.signing_alg, s.keys.signing),
        }
    }

    pub(super) fn signing_key(&self, s: &Session) -> [u8; 16] {
        self.channel_keys
            .get(&s.id)
            .copied()
            .unwrap_or(s.keys.signing)
    }

    fn acceptor_config(&self) -> AcceptorConfig {
        self.server.acceptor_config()
    }

    /// The security context a logon gives its session.
    fn logon_of(&self, auth: &Authenticated) -> crate::state::Logon {
        let kerberos = auth.mechanism == Mechanism::Kerberos;
        crate::state::Logon {
            sids: ops::security::logon_sids(&self.server.cfg.local_domain_sid, auth),
            kerberos,
            expires_at: auth
                .lifetime_s
                .filter(|_| kerberos)
                .map(|s| self.now.mono + std::time::Duration::from_secs(u64::from(s))),
        }
    }

    /// Whether `auth` proves the principal `s` was set up for: the same user SID (a
    /// Kerberos logon's from its PAC, a local user's from its name under the machine
    /// domain), never a guest or anonymous logon standing in for an authenticated one,
    /// never NTLM standing in for Kerberos (its ticket's end would no longer hold).
    fn same_principal(&self, s: &Session, auth: &Authenticated) -> bool {
        let l = s.logon.lock();
        if s.guest || s.anonymous || auth.guest || auth.anonymous {
            return false;
        }
        if l.kerberos && auth.mechanism != Mechanism::Kerberos {
            return false;
        }
        let new = ops::security::logon_sids(&self.server.cfg.local_domain_sid, auth);
        l.sids.first().is_some_and(|u| new.first() == Some(u))
    }

    fn count_logon(&self, auth: &Authenticated) {
        let mech = usize::from(auth.mechanism == Mechanism::Kerberos);
        self.server.authentications[mech][0].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }

    fn make_session(
        &self,
        sid: u64,
        auth: &Authenticated,
        client_sec_mode: u16,
        preauth: &[u8; 64],
    ) -> Session {
        let d = self.dialect;
        let keys = if dialect_is_3(d) {
            let k = self.derive_keys(auth, preauth);
            SessionKeys {
                session_key: auth.session_key,
                signing: k.signing,
                signing_alg: self.signing_alg,
                encrypt: k.encrypt_s2c,
                decrypt: k.decrypt_c2s,
                cipher: self.cipher,
                application: k.application,
            }
        } else {
            SessionKeys {
                session_key: auth.session_key,
                signing: auth.session_key,
                signing_alg: Algorithm::HmacSha256,
                encrypt: Vec::new(),
                decrypt: Vec::new(),
                cipher: None,
                application: auth.session_key,
            }
        };
        let cfg = &self.server.cfg;
        let authenticated = !auth.guest && !auth.anonymous;
        let signing_required = authenticated
            && (cfg.require_signing || client_sec_mode & security_mode::SIGNING_REQUIRED != 0);
        let encrypt_data = authenticated && cfg.encrypt_all && keys.cipher.is_some();
        let s = Session::new(
            sid,
            auth.user.clone(),
            auth.domain.clone(),
            auth.guest,
            auth.anonymous,
            d,
            keys,
            signing_required,
            encrypt_data,
            self.client_guid,
        );
        s.started
            .store(self.now.filetime, std::sync::atomic::Ordering::Relaxed);
        s.last_request
            .store(self.now.filetime, std::sync::atomic::Ordering::Relaxed);
        s
    }

    /// After a user (not a guest or anonymous) authenticated: this connection joins its
    /// client's (ClientGuid) channels, where the client's lease breaks go. Not before: a
    /// peer naming another client's GUID at NEGOTIATE must not receive its breaks.
    fn join_client(&mut self, session: &Session) {
        if self.channels.is_some() || session.guest || session.anonymous {
            return;
        }
        if self.dialect < smb_wire::negotiate::dialect::SMB21 {
            return;
        }
        self.channels = self.server.client_channels(self.client_guid);
        if let Some(c) = &self.channels {
            c.join(&self.outbox);
        }
    }

    pub(super) fn logoff(&mut self, ctx: &Ctx, session: &Arc<Session>) -> Outcome {
        if msg::parse_small(ctx.msg).is_err() {
            return Outcome::Fail(NtStatus::INVALID_PARAMETER);
        }
        self.server.sessions.remove(&session.id);
        self.sessions.retain(|s| *s != session.id);
        ops::teardown_session(&self.server, session, ctx.now);
        if self.logged_off.len() >= LOGGED_OFF_KEPT {
            self.logged_off.remove(0);
        }
        self.logged_off.push(session.clone());
        Outcome::Done(NtStatus::SUCCESS, small_body())
    }
}
