//! Framing of one PDU: the transform header, SMB1 upgrade, compounds, signing, credits,
//! and the dispatch of each command inside its session.

use super::{
    dialect_is_3, error_body, with_header, AsyncOp, Connection, Disconnect, PendingIo, Responses,
};
use crate::ops::{self, small_body, Ctx, Outcome};
use crate::state::Session;
use smb_auth::signing;
use smb_wire::header::{flags, offsets, Command, Header, HEADER_LEN, TRANSFORM_HEADER_LEN};
use smb_wire::msg::FileId;
use smb_wire::negotiate::{self as neg, caps, dialect};
use smb_wire::{NtStatus, PutLe, TransformHeader};
use std::sync::Arc;

impl Connection {
    pub(super) fn handle_transform(&mut self, pdu: &[u8]) -> Result<Responses, Disconnect> {
        if !dialect_is_3(self.dialect) || pdu.len() < TRANSFORM_HEADER_LEN + HEADER_LEN {
            return Err(Disconnect("bad transform"));
        }
        let th = TransformHeader::parse(pdu).map_err(|_| Disconnect("bad transform"))?;
        let session = self
            .server
            .session(th.session_id)
            .ok_or(Disconnect("transform for unknown session"))?;
        let cipher = session.keys.cipher.ok_or(Disconnect("no cipher"))?;
        let plain = match self.predecrypted.take() {
            Some((sig, plain)) if pdu[4..20] == sig => plain,
            _ => {
                let mut plain = crate::bufs::take(pdu.len());
                smb_auth::crypt::decrypt_into(cipher, &session.keys.decrypt, pdu, &mut plain)
                    .map_err(|_| Disconnect("decryption failed"))?;
                plain
            }
        };
        if plain.len() != th.original_message_size as usize {
            return Err(Disconnect("transform size mismatch"));
        }
        let r = self.handle_plain(&plain, true, Some(session));
        crate::bufs::give(plain);
        r
    }

    /// SMB1 NEGOTIATE offering SMB2 (MS-SMB2 3.3.5.3.1): answer with an SMB2 NEGOTIATE
    /// response for 2.0.2 or the wildcard 2.??.
    pub(super) fn handle_smb1(&mut self, pdu: &[u8]) -> Result<Responses, Disconnect> {
        if self.dialect != 0 {
            return Err(Disconnect("SMB1 after negotiate"));
        }
        let wildcard = neg::smb1_offers_smb2(pdu).ok_or(Disconnect("SMB1 without SMB2"))?;
        let d = if wildcard && self.server.cfg.max_dialect > dialect::SMB202 {
            dialect::WILDCARD
        } else if self.server.cfg.min_dialect <= dialect::SMB202 {
            dialect::SMB202
        } else {
            return Err(Disconnect("no common dialect"));
        };
        if d == dialect::SMB202 {
            self.dialect = d;
        }
        // The answer is SMB2 message 0 (3.3.5.3.1): its id is spent and a credit granted,
        // so the client's next request, an SMB2 NEGOTIATE after the wildcard or anything
        // after 2.0.2, comes as message 1.
        self.credits
            .consume(0, 1)
            .map_err(|_| Disconnect("SMB1 negotiate twice"))?;
        let hdr = Header {
            flags: flags::SERVER_TO_REDIR,
            credits: self.credits.grant(1),
            ..Default::default()
        };
        let mut out = Vec::with_capacity(256);
        hdr.encode(&mut out);
        self.negotiate_body(&mut out, d, &[]);
        Ok(smallvec::smallvec![out])
    }

    pub(super) fn handle_plain(
        &mut self,
        pdu: &[u8],
        encrypted: bool,
        enc_session: Option<Arc<Session>>,
    ) -> Result<Responses, Disconnect> {
        let mut responses = Responses::new();
        self.compound_create_err = None;
        self.bad_related = false;
        let mut at = 0usize;
        let mut prev: Option<(Header, NtStatus, Option<FileId>)> = None;
        let mut count = 0usize;
        loop {
            count += 1;
            // Past the bound each request is answered INSUFFICIENT_RESOURCES (credits still
            // bound how many a compound can hold).
            self.over_compound = count > self.server.cfg.max_compound;
            if count == self.server.cfg.max_compound + 1 {
                static LAST: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
                if crate::stats::log_due(&LAST, self.now.filetime) {
                    tracing::warn!(client = %self.peer, max = self.server.cfg.max_compound,
                        "compound longer than limits.max_compound: the rest answered INSUFFICIENT_RESOURCES");
                }
            }
            let rest = &pdu[at..];
            let hdr = Header::parse(rest).map_err(|_| Disconnect("bad SMB2 header"))?;
            let next = hdr.next_command as usize;
            let this = if next == 0 {
                rest
            } else {
                if !next.is_multiple_of(8) || next < HEADER_LEN || next > rest.len() {
                    return Err(Disconnect("bad NextCommand"));
                }
                &rest[..next]
            };
            if hdr.flags & flags::SERVER_TO_REDIR != 0 {
                return Err(Disconnect("response sent to server"));
            }
            let related = hdr.flags & flags::RELATED_OPERATIONS != 0 && prev.is_some();
            // A related request names its session and tree as "the previous one's"
            // (all ones); what it inherits is what the previous one resolved to, so a
            // chain of related requests keeps the ids of its first.
            let mut hdr = hdr;
            if related {
                let (ph, _, _) = prev.as_ref().expect("related implies prev");
                if hdr.session_id == u64::MAX {
                    hdr.session_id = ph.session_id;
                }
                if hdr.tree_id == u32::MAX {
                    hdr.tree_id = ph.tree_id;
                }
            }
            // MS-SMB2 3.3.5.2.7.2: a chain may not start with a related request, and a
            // related request has to inherit a session (Windows: INVALID_PARAMETER).
            // What follows such a request in its chain fails the same way.
            self.bad_related = hdr.flags & flags::RELATED_OPERATIONS != 0
                && (prev.is_none() || hdr.session_id == u64::MAX || self.bad_related);
            self.compound_last = next == 0;
            self.compound_single = next == 0 && count == 1;
            if count == 1 {
                self.stats.last_command = Some(hdr.command().0);
            }
            let (resp, status, file) =
                self.handle_one(this, hdr, related, prev.as_ref(), encrypted, &enc_session)?;
            if let Some(r) = resp {
                responses.push(r);
            }
            // The FileId of the last CREATE stays available to every later related request
            // (MS-SMB2 3.3.5.2.7.2).
            // An unrelated request ends the chain: what follows it inherits nothing older.
            let file = if related {
                file.or(prev.as_ref().and_then(|p| p.2))
            } else {
                file
            };
            prev = Some((hdr, status, file));
            if next == 0 {
                break;
            }
            at += next;
        }
        let mut out = Responses::new();
        if !responses.is_empty() {
            out.push(self.finish_compound(responses, encrypted, enc_session.as_ref()));
        }
        Ok(out)
    }

    /// Joins responses into one compound (8-byte aligned, NextCommand set), signs each and
    /// encrypts the whole when the request was encrypted or the session demands it.
    pub(super) fn finish_compound(
        &mut self,
        parts: Responses,
        encrypted: bool,
        enc_session: Option<&Arc<Session>>,
    ) -> Vec<u8> {
        self.finish_compound_with(parts, encrypted, enc_session, None)
    }

    /// As [`Connection::finish_compound`], for one response followed on the wire by
    /// `more` (a READ's data sent from another buffer): its signature covers them. Never
    /// with encryption (the caller copies the data in instead).
    pub(super) fn finish_compound_with(
        &mut self,
        mut parts: Responses,
        encrypted: bool,
        enc_session: Option<&Arc<Session>>,
        more: Option<&[u8]>,
    ) -> Vec<u8> {
        let n = parts.len();
        debug_assert!(more.is_none() || (n == 1 && !encrypted));
        // The session whose key signs the current part: the connection's last one (no
        // reference taken: the usual case), or one looked up in the table.
        let mut use_last = false;
        let mut looked_up: Option<Arc<Session>> = None;
        let mut total = Vec::new();
        for (i, p) in parts.iter_mut().enumerate() {
            // Every part of a compound answer is padded to 8 bytes, the last one too
            // (Windows and Samba do; clients check the read padding).
            if n > 1 {
                let pad = (8 - p.len() % 8) % 8;
                p.resize(p.len() + pad, 0);
            }
            if i + 1 < n {
                let len = p.len() as u32;
                p.set_u32(offsets::NEXT_COMMAND, len);
            }
            let hflags = smb_wire::Le(p).u32(offsets::FLAGS).unwrap_or(0);
            if !encrypted && hflags & flags::SIGNED != 0 {
                let sid = smb_wire::Le(p).u64(offsets::SESSION_ID).unwrap_or(0);
                let last = self.last_session.as_ref();
                let current = if use_last { last } else { looked_up.as_ref() };
                if current.map(|s| s.id) != Some(sid) {
                    // A LOGOFF has already removed its session from the table, yet its
                    // response is signed with that session's key. A part naming no known
                    // session is signed with the key of the part before it (as Samba and
                    // Windows do: the client checks the chain with the key it has).
                    if last.is_some_and(|s| s.id == sid) {
                        use_last = true;
                    } else if let Some(s) = self.server.session(sid) {
                        use_last = false;
                        looked_up = Some(s);
                    } else if i == 0 {
                        use_last = false;
                        looked_up = None;
                    }
                }
                match if use_last { last } else { looked_up.as_ref() } {
                    Some(s) => {
                        let (alg, key) = self.signing_of(s);
                        signing::sign_with(alg, &key, p, more.unwrap_or_default())
                    }
                    None => {
                        // The session vanished (logoff in this compound): unsigned.
                        p.set_u32(offsets::FLAGS, hflags & !flags::SIGNED);
                    }
                }
            } else if encrypted {
                p.set_u32(offsets::FLAGS, hflags & !flags::SIGNED);
                p[48..64].fill(0);
            }
            if n > 1 {
                total.extend_from_slice(p);
            }
        }
        // One response (the common case, a READ's 8 KiB among them): itself, not a copy.
        if n == 1 {
            total = parts.pop().expect("one part");
        }
        if encrypted {
            if let Some(s) = enc_session {
                let sealed = self.encrypt_for(s, &total);
                crate::bufs::give(total);
                return sealed;
            }
        }
        total
    }

    pub(super) fn encrypt_for(&mut self, s: &Session, plain: &[u8]) -> Vec<u8> {
        let cipher = s.keys.cipher.expect("encrypting session has a cipher");
        let mut out = crate::bufs::take(smb_wire::header::TRANSFORM_HEADER_LEN + plain.len());
        smb_auth::crypt::encrypt_into(
            cipher,
            &s.keys.encrypt,
            s.next_nonce(),
            s.id,
            plain,
            &mut out,
        );
        out
    }

    /// Handles one message of a compound. Returns its response (None for CANCEL and
    /// requests that went async without an interim), its status and any FileId it created.
    #[allow(clippy::type_complexity)]
    fn handle_one(
        &mut self,
        m: &[u8],
        mut hdr: Header,
        related: bool,
        prev: Option<&(Header, NtStatus, Option<FileId>)>,
        encrypted: bool,
        enc_session: &Option<Arc<Session>>,
    ) -> Result<(Option<Vec<u8>>, NtStatus, Option<FileId>), Disconnect> {
        let cmd = hdr.command();
        if cmd == Command::CANCEL {
            self.cancel(&hdr);
            return Ok((None, NtStatus::SUCCESS, None));
        }
        if self.dialect == 0 && cmd != Command::NEGOTIATE {
            return Err(Disconnect("request before negotiate"));
        }
        if self.dialect == dialect::WILDCARD && cmd != Command::NEGOTIATE {
            return Err(Disconnect("request after wildcard negotiate"));
        }
        self.short_charge = false;
        self.charge_credits(&hdr, m)?;
        let grant = self.credits.grant(hdr.credits);
        if related {
            let (ph, _, _) = prev.expect("related implies prev");
            if hdr.session_id == u64::MAX {
                hdr.session_id = ph.session_id;
            }
            if hdr.tree_id == u32::MAX {
                hdr.tree_id = ph.tree_id;
            }
        }
        let mut rh = Header {
            credit_charge: hdr.credit_charge,
            command: hdr.command,
            credits: grant,
            flags: flags::SERVER_TO_REDIR | (hdr.flags & flags::PRIORITY_MASK),
            message_id: hdr.message_id,
            tree_id: hdr.tree_id,
            session_id: hdr.session_id,
            ..Default::default()
        };
        if related {
            rh.flags |= flags::RELATED_OPERATIONS;
        }
        let (status, body, file) = match cmd {
            Command::NEGOTIATE => {
                let (st, body) = self.negotiate(m, &mut rh)?;
                (st, body, None)
            }
            Command::SESSION_SETUP => {
                let (st, body) = self.session_setup(m, &mut rh)?;
                (st, body, None)
            }
            // MS-SMB2 3.3.5.16: ECHO needs no session (a keepalive after LOGOFF succeeds).
            Command::ECHO if self.server.session(hdr.session_id).is_none() => {
                (NtStatus::SUCCESS, small_body(), None)
            }
            _ => {
                self.dispatch_in_session(m, hdr, &mut rh, related, prev, encrypted, enc_session)?
            }
        };
        if let Some((io, session, tree)) = self.deferred.take() {
            // Answered when the transport reports the read (no interim response); counted
            // then, with the time the storage took.
            self.stats.last_command = None;
            let id = self.next_io;
            self.next_io += 1;
            self.io_bytes += u64::from(io.length);
            self.io_pending.push(PendingIo {
                id,
                issued: false,
                io,
                hdr,
                rh,
                grant,
                session,
                tree,
                encrypted,
                enc_session: enc_session.clone(),
            });
            return Ok((None, NtStatus::SUCCESS, None));
        }
        rh.status = status.0;
        let framed = std::mem::take(&mut self.framed);
        self.count(
            cmd.0,
            status,
            &body[if framed { HEADER_LEN } else { 0 }..],
            grant,
        );
        if cmd == Command::CREATE {
            self.compound_create_err = status.is_error().then_some(status);
        }
        if status.is_error() {
            tracing::debug!(command = cmd.name(), msg_id = hdr.message_id, %status, "request failed");
        }
        Ok((Some(with_header(&rh, body, framed)), status, file))
    }

    /// Counts one answered request for the metrics.
    pub(super) fn count(&mut self, cmd: u16, status: NtStatus, body: &[u8], grant: u16) {
        let st = &mut self.stats;
        // MORE_PROCESSING_REQUIRED carries an error severity but is a step, not a failure.
        let class = if status == NtStatus::MORE_PROCESSING_REQUIRED {
            1
        } else {
            crate::stats::ConnStats::status_class(status.0)
        };
        st.count_request(cmd, class);
        st.credits_granted += u64::from(grant);
        let le32 = |o: usize| u64::from(smb_wire::Le(body).u32(o).unwrap_or(0));
        if class == 0 && cmd == Command::READ.0 {
            // Inline data (DataLength) or data sent by RDMA Write (DataRemaining); with an
            // RDMA transform, DataLength is the transform's.
            let transformed =
                le32(12) & u64::from(smb_wire::rdma_transform::READ_FLAG_RDMA_TRANSFORM) != 0;
            st.read_bytes += if transformed { 0 } else { le32(4) } + le32(8);
        } else if class == 0 && cmd == Command::WRITE.0 {
            st.write_bytes += le32(4);
        } else if cmd == Command::SESSION_SETUP.0 {
            if status == NtStatus::SUCCESS {
                st.auth_success += 1;
            } else if class == 2 {
                st.auth_failure += 1;
            }
        }
    }

    /// MS-SMB2 3.3.5.2.3/5: message id within the window (else the connection goes), and
    /// whether the credit charge covers the payload (else the request fails:
    /// `short_charge`).
    fn charge_credits(&mut self, hdr: &Header, m: &[u8]) -> Result<(), Disconnect> {
        let large_mtu = self.dialect >= dialect::SMB21 && self.dialect != dialect::WILDCARD;
        let mut charge = hdr.credit_charge;
        if !large_mtu {
            charge = 1;
        }
        self.credits
            .consume(hdr.message_id, charge)
            .map_err(|_| Disconnect("message id outside the credit window"))?;
        if large_mtu {
            let needed = ops::payload_size(hdr.command(), m);
            let required = needed.saturating_sub(1) / 65536 + 1;
            // The message ids are spent; the request itself fails (3.3.5.2.5).
            self.short_charge = u64::from(charge.max(1)) < required;
        }
        Ok(())
    }

    fn cancel(&mut self, hdr: &Header) {
        let pos = self.asyncs.iter().position(|a| {
            if hdr.is_async() {
                a.async_id == hdr.async_id
            } else {
                a.message_id == hdr.message_id
            }
        });
        if let Some(i) = pos {
            if !self.asyncs[i].wait.cancel() {
                return;
            }
            let op = self.asyncs.remove(i);
            let resp = self.async_final(&op, NtStatus::CANCELLED, &[]);
            self.cancelled.push(resp);
        }
    }

    #[allow(clippy::too_many_arguments, clippy::type_complexity)]
    fn dispatch_in_session(
        &mut self,
        m: &[u8],
        hdr: Header,
        rh: &mut Header,
        related: bool,
        prev: Option<&(Header, NtStatus, Option<FileId>)>,
        encrypted: bool,
        enc_session: &Option<Arc<Session>>,
    ) -> Result<(NtStatus, Vec<u8>, Option<FileId>), Disconnect> {
        let fail = |s: NtStatus| Ok((s, error_body(), None));
        let session = match self.session_of(&hdr, rh, prev) {
            Ok(s) => s,
            Err(e) => return fail(e),
        };
        if let Err(e) = self.admit_in_session(m, &hdr, rh, &session, (encrypted, enc_session)) {
            return fail(e);
        }
        let cmd = hdr.command();
        let needs_tree = !matches!(cmd, Command::LOGOFF | Command::TREE_CONNECT | Command::ECHO);
        if needs_tree {
            if let Err(e) = self.tree_of(&hdr, &session, encrypted) {
                return fail(e);
            }
        }
        let tree = match needs_tree {
            true => self.last_tree.as_ref().map(|(_, t)| t),
            false => None,
        };
        // MS-SMB2 3.3.5.2.7.2: related requests after a failed CREATE fail the same way.
        if let (true, Some(e)) = (related, self.compound_create_err) {
            return fail(e);
        }
        let related_file = if related {
            prev.and_then(|p| p.2)
        } else {
            None
        };
        let multichannel = self.server_caps & caps::MULTI_CHANNEL != 0;
        let channel_key = self.signing_key(&session);
        let defer_io = self.storage_io
            && self.compound_single
            && matches!(
                cmd,
                Command::READ | Command::FLUSH | Command::WRITE | Command::IOCTL
            );
        let hold = std::cell::Cell::new(None);
        macro_rules! ctx {
            ($server:expr, $tree:expr, $rdma:expr, $outbox:expr) => {
                Ctx {
                    server: $server,
                    hdr,
                    msg: m,
                    session: Some(&session),
                    tree: $tree,
                    encrypted,
                    related_file,
                    now: self.now,
                    rdma: $rdma,
                    rdma_limits: self.rdma_limits,
                    dialect: self.dialect,
                    outbox: $outbox,
                    can_wait: self.compound_last,
                    multichannel,
                    channel_key,
                    defer_io,
                    single: self.compound_single,
                    hold: &hold,
                }
            };
        }
        // The context borrows what the connection holds; the handlers that take the
        // connection itself (rare commands, none of which moves data by RDMA) get clones
        // instead.
        let outcome = if matches!(
            cmd,
            Command::LOGOFF | Command::TREE_CONNECT | Command::IOCTL
        ) {
            let (server, outbox) = (self.server.clone(), self.outbox.clone());
            let tree = tree.cloned();
            let mut ctx = ctx!(&server, tree.as_ref(), None, &outbox);
            match cmd {
                Command::LOGOFF => self.logoff(&ctx, &session),
                Command::TREE_CONNECT => self.tree_connect(&mut ctx, rh, encrypted),
                _ => self.ioctl(&ctx),
            }
        } else {
            let ctx = ctx!(&self.server, tree, self.rdma.as_ref(), &self.outbox);
            match cmd {
                Command::TREE_DISCONNECT => ops::tree_disconnect(&self.server, &ctx),
                Command::ECHO => Outcome::Done(NtStatus::SUCCESS, small_body()),
                _ => ops::dispatch(
                    &self.server,
                    &ctx,
                    self.max_read,
                    self.max_write,
                    self.max_transact,
                ),
            }
        };
        if let Some(t) = hold.get() {
            self.hold_until = Some(self.hold_until.map_or(t, |u| u.max(t)));
        }
        self.answer(outcome, (&hdr, rh), &session, needs_tree, encrypted)
    }

    /// The session a request names, usable on this connection (MS-SMB2 3.3.5.2.9); the
    /// connection's last session is used while it lasts. An error is the status to
    /// answer with (signed where Windows signs it).
    fn session_of(
        &mut self,
        hdr: &Header,
        rh: &mut Header,
        prev: Option<&(Header, NtStatus, Option<FileId>)>,
    ) -> Result<Arc<Session>, NtStatus> {
        // Nothing to inherit a session from: there is no key to sign the answer with.
        if self.bad_related && hdr.session_id == u64::MAX {
            if hdr.flags & flags::SIGNED != 0 && prev.is_some() {
                rh.flags |= flags::SIGNED;
            }
            return Err(NtStatus::INVALID_PARAMETER);
        }
        // A session is usable only on its own channels (MS-SMB2 3.3.5.2.9).
        let on_channel = self.on_channel(hdr.session_id);
        // The connection's last session, while it lasts, saves a look in the server-wide
        // table (shared by every worker). Ended sessions are marked expired when they
        // leave the table; those are looked up again (and found gone).
        let cached = matches!(&self.last_session,
            Some(s) if s.id == hdr.session_id && !s.expired.load(std::sync::atomic::Ordering::Acquire));
        let found = match cached {
            true => self.last_session.clone(),
            false => self.server.session(hdr.session_id),
        };
        let session = match found.filter(|_| on_channel) {
            Some(s) if !s.expired.load(std::sync::atomic::Ordering::Relaxed) => s,
            Some(_) => return Err(NtStatus::NETWORK_SESSION_EXPIRED),
            None => {
                // A session logged off on this connection still signs the answer that says
                // so, as Windows and Samba do; clients verify it.
                // So is the answer for a live session this connection is not a channel
                // of: clients skip checking it but want the flag.
                let known = self
                    .logged_off
                    .iter()
                    .find(|s| s.id == hdr.session_id)
                    .cloned()
                    .or_else(|| self.server.session(hdr.session_id))
                    .or_else(|| {
                        let ended = self.server.ended.lock();
                        ended.iter().find(|s| s.id == hdr.session_id).cloned()
                    });
                if let Some(s) = known {
                    if hdr.flags & flags::SIGNED != 0 {
                        rh.flags |= flags::SIGNED;
                    }
                    self.last_session = Some(s);
                } else if hdr.flags & flags::SIGNED != 0 && prev.is_some() {
                    // Inside a signed chain: signed with the previous part's key.
                    rh.flags |= flags::SIGNED;
                }
                return Err(NtStatus::USER_SESSION_DELETED);
            }
        };
        if !cached {
            self.last_session = Some(session.clone());
        }
        session
            .last_request
            .store(self.now.filetime, std::sync::atomic::Ordering::Relaxed);
        Ok(session)
    }

    /// Whether the session may run this request: the encryption and signing its
    /// session and dialect require (MS-SMB2 3.3.5.2.4), the compound's own faults, a
    /// Kerberos ticket that ran out (3.3.5.2.9). Sets the answer's SIGNED flag.
    fn admit_in_session(
        &self,
        m: &[u8],
        hdr: &Header,
        rh: &mut Header,
        session: &Session,
        (encrypted, enc_session): (bool, &Option<Arc<Session>>),
    ) -> Result<(), NtStatus> {
        if encrypted && enc_session.as_ref().map(|s| s.id) != Some(session.id) {
            return Err(NtStatus::ACCESS_DENIED);
        }
        // MS-SMB2 3.3.5.2.4: signature checks for unencrypted requests.
        if !encrypted {
            if hdr.flags & flags::SIGNED != 0 {
                let (alg, key) = self.signing_of(session);
                if !signing::verify(alg, &key, m) {
                    return Err(NtStatus::ACCESS_DENIED);
                }
            } else if session.signing_required {
                return Err(NtStatus::ACCESS_DENIED);
            }
            if session.encrypt_data && dialect_is_3(self.dialect) {
                return Err(NtStatus::ACCESS_DENIED);
            }
        }
        if hdr.flags & flags::SIGNED != 0 || session.signing_required {
            rh.flags |= flags::SIGNED;
        }
        if self.bad_related || self.short_charge {
            return Err(NtStatus::INVALID_PARAMETER);
        }
        if self.over_compound {
            return Err(NtStatus::INSUFFICIENT_RESOURCES);
        }
        let cmd = hdr.command();
        // MS-SMB2 3.3.5.2.9: a session whose Kerberos ticket ran out serves LOGOFF,
        // CLOSE and LOCK only, until the client re-authenticates it.
        if session
            .may_expire
            .load(std::sync::atomic::Ordering::Relaxed)
            && !matches!(cmd, Command::LOGOFF | Command::CLOSE | Command::LOCK)
            && session.expired_at(self.now.mono)
        {
            return Err(NtStatus::NETWORK_SESSION_EXPIRED);
        }
        Ok(())
    }

    /// The tree a request names (the connection's last one while it is connected), kept
    /// in `last_tree`; refused when it needs encryption the request did not have.
    fn tree_of(
        &mut self,
        hdr: &Header,
        session: &Session,
        encrypted: bool,
    ) -> Result<(), NtStatus> {
        // The connection's last tree answers while connected (as the session does).
        let cached_tree = matches!(&self.last_tree,
            Some((sid, t)) if *sid == session.id && t.id == hdr.tree_id
                && !t.gone.load(std::sync::atomic::Ordering::Acquire));
        if !cached_tree {
            match session.tree(hdr.tree_id) {
                Some(t) => self.last_tree = Some((session.id, t)),
                None => return Err(NtStatus::NETWORK_NAME_DELETED),
            }
        }
        if let Some((_, t)) = &self.last_tree {
            if t.encrypt && !encrypted && dialect_is_3(self.dialect) {
                return Err(NtStatus::ACCESS_DENIED);
            }
        }
        Ok(())
    }

    /// The answer to a dispatched request: at once, deferred to the transport's storage
    /// I/O, or async (PENDING now, the answer when its wait ends).
    fn answer(
        &mut self,
        outcome: Outcome,
        (hdr, rh): (&Header, &mut Header),
        session: &Arc<Session>,
        needs_tree: bool,
        encrypted: bool,
    ) -> Result<(NtStatus, Vec<u8>, Option<FileId>), Disconnect> {
        let cmd = hdr.command();
        match outcome {
            Outcome::Done(st, body) => Ok((st, body, None)),
            Outcome::Framed(st, body) => {
                self.framed = true;
                Ok((st, body, None))
            }
            Outcome::Created(st, body, id) => Ok((st, body, Some(id))),
            Outcome::Fail(st) => Ok((st, error_body(), None)),
            Outcome::Io(mut io) => {
                // The key this request's answer retires waits with it.
                io.invalidate = self
                    .rdma
                    .as_ref()
                    .and_then(|st| st.borrow_mut().invalidate.take());
                let tree = match needs_tree {
                    true => self.last_tree.as_ref().map(|(_, t)| t.clone()),
                    false => None,
                };
                self.deferred = Some((io, session.clone(), tree));
                Ok((NtStatus::SUCCESS, Vec::new(), None))
            }
            // Windows and Samba fail a request that would go async in the middle of a
            // compound (MS-SMB2 <159>/<162>); only the last one may.
            Outcome::Wait(_) if !self.compound_last => {
                Ok((NtStatus::INTERNAL_ERROR, error_body(), None))
            }
            Outcome::Wait(wait) => {
                let async_id = self.server.new_id();
                rh.flags |= flags::ASYNC_COMMAND;
                rh.async_id = async_id;
                let outstanding = match wait.open() {
                    Some(o) if self.dialect >= smb_wire::negotiate::dialect::SMB30 => {
                        Some(crate::state::Outstanding::new(o.clone(), hdr.status as u16))
                    }
                    _ => None,
                };
                self.asyncs.push(AsyncOp {
                    async_id,
                    message_id: hdr.message_id,
                    session_id: session.id,
                    tree_id: hdr.tree_id,
                    command: cmd,
                    signed: rh.flags & flags::SIGNED != 0,
                    encrypted,
                    wait,
                    outstanding,
                    orphan: false,
                });
                Ok((NtStatus::PENDING, error_body(), None))
            }
        }
    }
}
