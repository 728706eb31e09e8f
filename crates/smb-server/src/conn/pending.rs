//! Work that outlives its request: async operations (change notify, blocked locks,
//! lease breaks), storage I/O handed to the worker, RDMA payloads, unsolicited notices.

use super::{error_body, rdma_write_channel, with_header, AsyncOp, Connection, IoRequest};
use crate::ops::{self, small_body, Ctx, Outcome};
use crate::rdma::LentBuffer;
use crate::storage_op::{Reply, Tail};
use smb_wire::header::{flags, Command, Header, HEADER_LEN};
use smb_wire::msg;
use smb_wire::negotiate::caps;
use smb_wire::{NtStatus, PutLe, TransformHeader};

impl Connection {
    /// Completes waiting async requests whose condition holds at `now`. Call when
    /// [`Connection::wants_poll`] says so.
    pub fn poll_async(&mut self, now: crate::clock::Now) -> Vec<Vec<u8>> {
        self.now = now;
        self.repoll = false;
        let mut out = std::mem::take(&mut self.cancelled);
        if !self.held.is_empty() {
            // Answers due within a millisecond go together: a flow held to a high rate
            // does not cost a timer wake-up per answer (its rate is kept: each answer's
            // time was set by its flow, not by when it leaves).
            let soon = now.mono + crate::limits::HELD_SLACK;
            let mut i = 0;
            while i < self.held.len() {
                if self.held[i].0 <= soon {
                    out.push(self.held.swap_remove(i).1);
                } else {
                    i += 1;
                }
            }
        }
        if self.outbox.pending() {
            for n in self.outbox.take() {
                out.push(self.notice_pdu(n));
            }
            self.adopt_orphans();
        }
        // CHANGE_NOTIFYs pending per handle, counted once (kept as they complete).
        let mut notifies: std::collections::HashMap<*const crate::state::Open, usize> =
            Default::default();
        for a in &self.asyncs {
            if let Some(h) = notify_handle(&a.wait) {
                *notifies.entry(h).or_default() += 1;
            }
        }
        let mut i = 0;
        while i < self.asyncs.len() {
            let session = self.server.session(self.asyncs[i].session_id);
            let done = match &session {
                // The session logged off and its opens closed. Windows answers a lock
                // that was waiting then with success (smbtorture smb2.lock.cancel-logoff
                // expects it); the lock itself went with its open.
                None if matches!(self.asyncs[i].wait, ops::Wait::Lock { .. }) => {
                    Some((NtStatus::SUCCESS, small_body()))
                }
                // A CHANGE_NOTIFY whose session ended (LOGOFF, a reconnect naming it as
                // the previous session) is cleaned up, as its handle's close would.
                None if matches!(self.asyncs[i].wait, ops::Wait::Notify { .. }) => {
                    Some((NtStatus::NOTIFY_CLEANUP, Vec::new()))
                }
                None => Some((NtStatus::CANCELLED, Vec::new())),
                Some(s) => {
                    // Registered before the look: an event after it wakes us again.
                    if let Some(class) = self.asyncs[i].wait.class() {
                        self.server.waiters.register(class, &self.outbox);
                    }
                    // Another CHANGE_NOTIFY pending on the same handle shares the
                    // changes with this one (Windows completes the older with the first).
                    let shared = notify_handle(&self.asyncs[i].wait)
                        .is_some_and(|h| notifies.get(&h).is_some_and(|n| *n > 1));
                    ops::poll_wait(&self.server, s, &mut self.asyncs[i].wait, shared, now)
                }
            };
            match done {
                Some((st, body)) => {
                    let op = self.asyncs.remove(i);
                    if let Some(n) = notify_handle(&op.wait).and_then(|h| notifies.get_mut(&h)) {
                        *n -= 1;
                    }
                    if !op.orphan {
                        out.push(self.async_final(&op, st, &body));
                    }
                }
                None => i += 1,
            }
        }
        let held = self.held.iter().map(|(t, _)| *t);
        let waits = self.asyncs.iter().filter_map(|a| a.wait.deadline(now.mono));
        self.next_due = held.chain(waits).min();
        out
    }

    /// Takes over the waiting CREATEs of the lost channels of this connection's sessions
    /// ([`crate::state::Session::orphan`]): their breaks and the opens they make are
    /// this connection's from now on.
    pub(super) fn adopt_orphans(&mut self) {
        let ids = self.sessions.iter().chain(self.channel_keys.keys());
        let sessions: Vec<_> = ids.filter_map(|id| self.server.session(*id)).collect();
        for s in sessions {
            let waits = std::mem::take(&mut *s.orphans.lock());
            for mut c in waits {
                c.outbox = self.outbox.clone();
                let wait = ops::Wait::Create(Box::new(c));
                self.asyncs.push(AsyncOp {
                    async_id: 0,
                    message_id: 0,
                    session_id: s.id,
                    tree_id: 0,
                    command: Command::CREATE,
                    signed: false,
                    encrypted: false,
                    wait,
                    outstanding: None,
                    orphan: true,
                });
            }
        }
    }

    /// Whether [`Connection::poll_async`] has anything to do at `now` (engine clock): new
    /// waiting requests, cancellations, notices or an event that woke it, or a deadline
    /// reached. A worker that asks this instead of polling every turn sleeps between
    /// events.
    pub fn wants_poll(&self, now: std::time::Instant) -> bool {
        self.repoll
            || !self.cancelled.is_empty()
            || self.outbox.pending()
            || self.next_due.is_some_and(|d| d <= now)
    }

    /// When the connection next needs [`Connection::poll_async`] without any event: the
    /// earliest held answer or break timeout (engine clock), as of the last
    /// `poll_async` (a request that starts waiting makes [`Connection::wants_poll`] true
    /// first); the worker arms its timer from it.
    pub fn poll_timeout(&self) -> Option<std::time::Instant> {
        self.next_due
    }

    /// Lets READs, SCSI READs through the RSVD tunnel, FLUSHes and write-through WRITEs'
    /// syncs go to the transport (its io_uring): collect it with [`Connection::take_io`],
    /// report it with [`Connection::complete_io`]. Only requests alone in their compound,
    /// on files with a descriptor, go this way.
    pub fn set_storage_io(&mut self, on: bool) {
        self.storage_io = on;
    }

    /// Storage reads to perform, each once. The buffers stay valid until the read is
    /// reported or the connection dropped: a transport drops a connection only when no
    /// read of it is in flight ([`Connection::io_in_flight`]).
    pub fn take_io(&mut self, out: &mut Vec<IoRequest>) {
        for p in self.io_pending.iter_mut().filter(|p| !p.issued) {
            p.issued = true;
            out.push(IoRequest {
                id: p.id,
                fd: p.io.fd,
                file: p.io.file_key(),
                op: p.io.op(),
                done: 0,
                poll: p.io.poll,
                dev: p.io.dev,
                sqpoll: p
                    .tree
                    .as_ref()
                    .and_then(|t| t.share.as_ref())
                    .is_some_and(|s| s.sqpoll),
                spdk: p.io.spdk,
                ceph: p.io.ceph,
            });
        }
    }

    /// Storage reads handed out and not yet reported.
    pub fn io_in_flight(&self) -> usize {
        self.io_pending.len()
    }

    /// Bytes the storage reads not yet reported will answer with: with the responses a
    /// transport has queued, what a client that does not read costs the server.
    pub fn io_bytes_in_flight(&self) -> u64 {
        self.io_bytes
    }

    /// Whether the connection's sessions hold an open (on any channel), or a request of
    /// it waits: then it is not idle, however long its client stays silent.
    pub fn holds_state(&self) -> bool {
        if !self.asyncs.is_empty() || !self.io_pending.is_empty() {
            return true;
        }
        let bound = self.channel_keys.keys().copied();
        self.sessions.iter().copied().chain(bound).any(|id| {
            self.server
                .session(id)
                .is_some_and(|s| !s.opens.lock().is_empty())
        })
    }

    /// Whether a client has authenticated on this connection (a session was established
    /// or bound here, even if since logged off): it may send full-size messages from now
    /// on.
    pub fn authenticated(&self) -> bool {
        self.authenticated
    }

    /// Reports a storage operation (`res`: bytes moved, or a negative errno); returns the
    /// request's response (with a READ's RDMA Write, on SMB Direct, in
    /// [`Connection::take_rdma_writes`]), or None when the request goes on with another
    /// operation: collect it with [`Connection::take_io`].
    pub fn complete_io(&mut self, id: u64, res: i32, now: crate::clock::Now) -> Option<Vec<u8>> {
        let (reply, _) = self.complete_io_with(id, res, None, now);
        reply.map(|r| r.pdu)
    }

    /// As [`Connection::complete_io`], for an engine that left a READ's data in a buffer
    /// of its own (`tail`, whose bytes from its start are the file's from the read's
    /// offset). The reply carries it after the response when it can go that way (a READ
    /// answered inline, not encrypted, not held back by QoS): a stream transport sends
    /// it from there, with no copy. Otherwise the data is copied into the response as
    /// the engine would have, and the buffer comes back as the second value.
    pub fn complete_io_with(
        &mut self,
        id: u64,
        res: i32,
        tail: Option<Tail>,
        now: crate::clock::Now,
    ) -> (Option<Reply>, Option<Box<dyn LentBuffer>>) {
        self.now = now;
        let Some(i) = self.io_pending.iter().position(|p| p.id == id) else {
            return (None, tail.map(|t| t.buf));
        };
        let mut p = self.io_pending.swap_remove(i);
        let (mut tail, mut spare) = (tail, None);
        if let Some(t) = tail.take() {
            if res > 0 && !p.encrypted && p.io.hold.is_none() && p.io.takes_tail() {
                tail = Some(t);
            } else {
                if res > 0 {
                    let n = (res as usize).min(t.len);
                    p.io.fill(&t.bytes()[..n]);
                }
                spare = Some(t.buf);
            }
        }
        self.io_bytes -= u64::from(p.io.length);
        let hold = p.io.hold;
        let no_hold = std::cell::Cell::new(None);
        let ctx = Ctx {
            server: &self.server,
            hdr: p.hdr,
            msg: &[],
            session: Some(&p.session),
            tree: p.tree.as_ref(),
            encrypted: p.encrypted,
            related_file: None,
            now: self.now,
            rdma: self.rdma.as_ref(),
            rdma_limits: self.rdma_limits,
            dialect: self.dialect,
            outbox: &self.outbox,
            can_wait: false,
            multichannel: self.server_caps & caps::MULTI_CHANNEL != 0,
            channel_key: self.signing_key(&p.session),
            defer_io: false,
            single: true,
            hold: &no_hold,
        };
        let (status, mut body, framed) = match ops::finish_io(&ctx, p.io, res) {
            // The request's next operation (a trim's next range, a sync): handed out by
            // the transport's next `take_io`, answered when it is reported.
            Outcome::Io(mut next) => {
                next.invalidate = self
                    .rdma
                    .as_ref()
                    .and_then(|st| st.borrow_mut().invalidate.take());
                self.io_bytes += u64::from(next.length);
                p.io = next;
                p.issued = false;
                self.io_pending.push(p);
                return (None, spare.or(tail.map(|t| t.buf)));
            }
            Outcome::Done(st, body) => (st, body, false),
            Outcome::Framed(st, body) => (st, body, true),
            Outcome::Fail(st) => (st, error_body(), false),
            _ => (NtStatus::INTERNAL_ERROR, error_body(), false),
        };
        // The data the response says it carries (DataLength) follows it from the tail.
        let at = usize::from(msg::READ_DATA_OFFSET);
        if let Some(mut t) = tail.take() {
            match body.len().checked_sub(at) {
                Some(n) if framed && status == NtStatus::SUCCESS && n > 0 && n <= t.len => {
                    body.truncate(at);
                    t.len = n;
                    tail = Some(t);
                }
                _ => spare = Some(t.buf),
            }
        }
        let mut rh = p.rh;
        rh.status = status.0;
        let payload = &body[if framed { HEADER_LEN } else { 0 }..];
        self.count(p.hdr.command, status, payload, p.grant);
        self.stats.last_command = Some(p.hdr.command);
        let out = with_header(&rh, body, framed);
        self.last_session = Some(p.session);
        let pdu = self.finish_compound_with(
            smallvec::smallvec![out],
            p.encrypted,
            p.enc_session.as_ref(),
            tail.as_ref().map(Tail::bytes),
        );
        // Storage QoS: a flow past its maximum gets the answer when its time comes (a
        // reply with a tail never waits: see above).
        if let Some(t) = hold.filter(|t| *t > now.mono) {
            self.held.push((t, pdu));
            self.repoll = true;
            return (None, spare);
        }
        (Some(Reply { pdu, tail }), spare)
    }

    /// Whether async requests are waiting (the worker keeps polling while true).
    /// SMB Direct: if `pdu` is a WRITE whose data sits in the client's memory, the
    /// descriptors and the length to RDMA-Read before [`Connection::handle_pdu`]. The
    /// data is handed in with [`Connection::set_rdma_payload`].
    pub fn rdma_read_needed(&mut self, pdu: &[u8]) -> Option<(msg::Descriptors, u32)> {
        // A plaintext kept for an earlier PDU is for that PDU only: the next call to
        // handle a PDU is for this one (a WRITE waiting for its RDMA Read decrypts again).
        if let Some((_, old)) = self.predecrypted.take() {
            crate::bufs::give(old);
        }
        let l = self.rdma_limits?;
        let limits = || (l.max_read_write, l.transforms);
        if pdu.get(..4) != Some(&smb_wire::header::TRANSFORM_ID[..]) {
            return rdma_write_channel(pdu, self.dialect, limits);
        }
        // An encrypted WRITE (through the RDMA transform) names its descriptors inside
        // the ciphertext: the PDU is decrypted here, once, and the plaintext kept for
        // `handle_pdu`.
        let th = TransformHeader::parse(pdu).ok()?;
        let session = self.server.session(th.session_id)?;
        let mut plain = crate::bufs::take(pdu.len());
        if smb_auth::crypt::decrypt_into(
            session.keys.cipher?,
            &session.keys.decrypt,
            pdu,
            &mut plain,
        )
        .is_err()
        {
            crate::bufs::give(plain);
            return None;
        }
        let found = rdma_write_channel(&plain, self.dialect, limits);
        let mut sig = [0u8; 16];
        sig.copy_from_slice(&pdu[4..20]);
        self.predecrypted = Some((sig, plain));
        found
    }

    /// The data RDMA-Read for the WRITE about to be handled.
    /// Lends the engine a registered buffer for READ data (SMB Direct connections).
    pub fn lend_rdma_buffer(&mut self, b: Box<dyn crate::rdma::LentBuffer>) {
        if let Some(st) = &self.rdma {
            st.borrow_mut().lent.push(b);
        }
    }

    /// Lets the engine borrow buffers of any size up to the transfer maximum when none
    /// lent ahead fits (a READ larger than they are), and says which used buffers to
    /// keep among the lent ones (at most `keep_max` bytes each).
    pub fn set_rdma_lender(&mut self, lender: crate::rdma::Lend, keep_max: usize) {
        if let Some(st) = &self.rdma {
            let mut st = st.borrow_mut();
            st.lender = Some(lender);
            st.keep_max = keep_max;
        }
    }

    /// Whether the transport can RDMA-Write from a mapped file ([`crate::rdma::MappedRange`]).
    pub fn set_rdma_maps_files(&mut self, yes: bool) {
        if let Some(l) = &mut self.rdma_limits {
            l.maps_files = yes;
        }
    }

    /// How many lent buffers the engine holds unused.
    pub fn lent_rdma_buffers(&self) -> usize {
        self.rdma
            .as_ref()
            .map_or(0, |st| st.borrow_mut().lent.len())
    }

    pub fn set_rdma_payload(&mut self, data: Vec<u8>) {
        if let Some(st) = &self.rdma {
            st.borrow_mut().incoming = Some(crate::rdma::Incoming::Owned(data));
        }
    }

    /// WRITE data that an RDMA Read put into a registered buffer: written from there.
    pub fn set_rdma_payload_lent(&mut self, b: Box<dyn crate::rdma::LentBuffer>, len: usize) {
        if let Some(st) = &self.rdma {
            st.borrow_mut().incoming = Some(crate::rdma::Incoming::Lent(b, len));
        }
    }

    /// Moves into `into` what the transport must RDMA-Write before sending the responses
    /// of the last PDU; returns the key their Send With Invalidate retires.
    pub fn take_rdma_writes(&mut self, into: &mut Vec<crate::rdma::RdmaWrite>) -> Option<u32> {
        match &self.rdma {
            Some(st) => {
                let mut s = st.borrow_mut();
                // An unused lent buffer goes back with the others.
                if let Some(crate::rdma::Incoming::Lent(b, _)) = s.incoming.take() {
                    s.give_back(b);
                }
                into.append(&mut s.writes);
                s.invalidate.take()
            }
            None => None,
        }
    }

    /// Requests answered with an interim response and not yet completed.
    pub fn async_count(&self) -> usize {
        self.asyncs.len()
    }

    /// Credits the client holds and has not used.
    pub fn credits_available(&self) -> u64 {
        self.credits.available()
    }

    pub fn has_async(&self) -> bool {
        !self.asyncs.is_empty()
            || !self.cancelled.is_empty()
            || self.outbox.pending()
            || !self.held.is_empty()
    }

    /// An unsolicited message (MessageId all ones, unsigned; encrypted when the session
    /// encrypts everything).
    pub(super) fn notice_pdu(&mut self, n: crate::state::Notice) -> Vec<u8> {
        use crate::state::Notice;
        let session_id = match n {
            Notice::OplockBreak { session_id, .. } => session_id,
            // A lease belongs to the client, not to a session (MS-SMB2 3.3.4.7).
            Notice::LeaseBreak { .. } => 0,
        };
        let rh = Header {
            command: Command::OPLOCK_BREAK.0,
            credits: 0,
            flags: flags::SERVER_TO_REDIR,
            message_id: u64::MAX,
            session_id,
            ..Default::default()
        };
        let mut out = Vec::with_capacity(HEADER_LEN + 44);
        rh.encode(&mut out);
        match n {
            Notice::OplockBreak { file_id, level, .. } => {
                out.put_u16(24);
                out.put_u8(level);
                out.put_u8(0);
                out.put_u32(0);
                file_id.put(&mut out);
            }
            Notice::LeaseBreak {
                key,
                epoch,
                ack_required,
                current,
                new,
            } => {
                out.put_u16(44);
                out.put_u16(epoch);
                out.put_u32(u32::from(ack_required));
                out.extend_from_slice(&key);
                out.put_u32(current);
                out.put_u32(new);
                out.put_u32(0);
                out.put_u32(0);
                out.put_u32(0);
            }
        }
        match self.server.session(session_id) {
            Some(s) if s.encrypt_data && s.keys.cipher.is_some() => self.encrypt_for(&s, &out),
            _ => out,
        }
    }

    pub(super) fn async_final(&mut self, op: &AsyncOp, st: NtStatus, body: &[u8]) -> Vec<u8> {
        let rh = Header {
            command: op.command.0,
            credits: 0,
            flags: flags::SERVER_TO_REDIR
                | flags::ASYNC_COMMAND
                | if op.signed { flags::SIGNED } else { 0 },
            message_id: op.message_id,
            async_id: op.async_id,
            session_id: op.session_id,
            status: st.0,
            ..Default::default()
        };
        let mut out = Vec::new();
        rh.encode(&mut out);
        if body.is_empty() {
            msg::encode_error_response(&mut out, &[]);
        } else {
            out.extend_from_slice(body);
        }
        let session = self.server.session(op.session_id);
        self.finish_compound(smallvec::smallvec![out], op.encrypted, session.as_ref())
    }
}

/// The handle a waiting CHANGE_NOTIFY is on (as an identity).
fn notify_handle(w: &ops::Wait) -> Option<*const crate::state::Open> {
    match w {
        ops::Wait::Notify { open, .. } => Some(std::sync::Arc::as_ptr(open)),
        _ => None,
    }
}
