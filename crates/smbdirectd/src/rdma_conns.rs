//! SMB Direct connections on a worker (their listener threads are in [`crate::listen`]):
//! each runs MS-SMBD and the SMB2 engine above, and performs the
//! RDMA Reads (WRITE data) and RDMA Writes (READ data) the engine asks for. The response
//! to a READ follows its RDMA Write on the same queue pair, so reliable-connected ordering
//! delivers the data first; with RDMA_V1_INVALIDATE it goes as Send With Invalidate.

use crate::admission::Admission;
use crate::clock::{ms_at, now_ms, WallClock};
use crate::metrics::WorkerStats;
use crate::rdma_cqs::{Demux, Seat};
use smb_server::backend::MappedFile;
use smb_server::{Connection, IoRequest};
use smbdirect::wire::BufferDescriptor;
use smbdirect::SmbdConnection;
use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Registered buffers lent to the engine at a time (one per READ in a compound).
const LENT_BUFFERS: usize = 4;

/// A write-pool buffer of the SMB Direct connection, lent to the engine. Always Some
/// while lent; the emptied box is kept to lend the next buffer in.
#[derive(Debug)]
struct Lent(Option<smbdirect::WriteBuf>);

impl Lent {
    fn buf(&self) -> &smbdirect::WriteBuf {
        self.0.as_ref().expect("a lent buffer")
    }
}

impl smb_server::rdma::LentBuffer for Lent {
    fn capacity(&self) -> usize {
        self.0.as_ref().map_or(0, |b| b.capacity())
    }
    fn bytes_mut(&mut self) -> &mut [u8] {
        self.0.as_mut().expect("a lent buffer").bytes_mut()
    }
    fn bytes(&self) -> &[u8] {
        self.buf().bytes()
    }
    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any + Send> {
        self
    }
}

pub struct RdmaConn {
    smbd: SmbdConnection,
    smb: Connection,
    /// Names the connection to its worker's storage reads (set on adoption).
    key: u64,
    /// A response could not be sent: the connection closes at the next step.
    broken: bool,
    /// Closed, waiting for its storage reads.
    dead: bool,
    /// WRITE requests waiting for their RDMA Read: (operation, PDU).
    reads: Vec<(u64, Vec<u8>)>,
    /// The engine's RDMA Writes for the responses being sent (kept for its capacity).
    to_write: Vec<smb_server::rdma::RdmaWrite>,
    /// Emptied lent-buffer boxes, to lend buffers in without allocating (the boxes
    /// themselves are what is kept: the engine holds lent buffers as trait objects).
    #[allow(clippy::vec_box)]
    boxes: Vec<Box<Lent>>,
    /// The connection places (in total and per client address) shared with TCP; this
    /// connection holds one for `ip` until it closes.
    admission: Arc<Admission>,
    ip: Option<IpAddr>,
    /// Its place (see [`Admission`]): displaced while not signed in when the server is
    /// full and a newcomer arrives.
    place: crate::admission::Place,
    /// Mapped files READ data was sent from, registered with this connection's domain
    /// (the registration's buffer holds the mapping too, for writes still in flight).
    maps: Vec<(Arc<dyn MappedFile>, fabric::Mr)>,
    /// Commands answered in the turn that started at `served_at`, for the latency
    /// histogram (observed at the next turn's start).
    served: Vec<u16>,
    served_at: Instant,
    /// When `maps` was last looked through (ms).
    maps_checked_ms: u64,
    /// When the connection was accepted (ms, as [`ms_at`]).
    accepted_ms: u64,
    /// When the last SMB2 message arrived (ms): SMB Direct keepalives do not count, as
    /// TCP keepalives do not.
    last_pdu_ms: u64,
    /// Its place on the worker's completion queue (taken when the connection goes).
    seat: Option<Seat>,
}

/// Mapped files kept registered per connection.
const MAPS: usize = 8;

fn descs(d: &[smb_wire::msg::BufferDescriptorV1]) -> smallvec::SmallVec<[BufferDescriptor; 2]> {
    d.iter()
        .map(|x| BufferDescriptor {
            offset: x.offset,
            token: x.token,
            length: x.length,
        })
        .collect()
}

impl RdmaConn {
    /// A connection just accepted, holding its place in `admission` for `ip`, its
    /// completions on the queue of `seat` (the tag of which `smbd` was made with).
    pub fn new(
        smbd: SmbdConnection,
        smb: Connection,
        admission: Arc<Admission>,
        ip: Option<IpAddr>,
        place: crate::admission::Place,
        seat: Seat,
    ) -> RdmaConn {
        let now = now_ms();
        let mut smb = smb;
        // READ data larger than a pooled buffer: slots in a row, lent on demand (within
        // the connection's bound), so no transfer up to the maximum is copied or
        // registered on its own; such runs go back to the pool once used.
        let lender = smbd.lender();
        smb.set_rdma_lender(
            smb_server::rdma::Lend(Box::new(move |len| {
                let b = lender.lend(len)?;
                Some(Box::new(Lent(Some(b))) as Box<dyn smb_server::rdma::LentBuffer>)
            })),
            smbd.pool().slot_size(),
        );
        RdmaConn {
            key: 0,
            broken: false,
            dead: false,
            smbd,
            smb,
            reads: Vec::new(),
            to_write: Vec::new(),
            boxes: Vec::new(),
            served: Vec::new(),
            served_at: crate::clock::now(),
            maps_checked_ms: 0,
            accepted_ms: now,
            last_pdu_ms: now,
            admission,
            ip,
            place,
            maps: Vec::new(),
            seat: Some(seat),
        }
    }

    /// Runs one PDU through the engine and sends what it answers.
    fn handle(
        &mut self,
        pdu: &[u8],
        now: &Turn,
        stats: &WorkerStats,
        io: &mut Vec<IoRequest>,
    ) -> bool {
        // Registered buffers for READ data: the engine reads into them and the data
        // leaves by RDMA Write from there.
        while self.smb.lent_rdma_buffers() < LENT_BUFFERS {
            match self.smbd.lend_buffer(1) {
                Some(b) => {
                    let l = self.boxed(b);
                    self.smb.lend_rdma_buffer(l)
                }
                None => break,
            }
        }
        self.last_pdu_ms = now.ms;
        let r = self.smb.handle_pdu(pdu, now.engine());
        if let Some(cmd) = self.smb.stats.last_command.take() {
            // Received by the turn's start, answered (the Send posted) by the next one:
            // its latency is observed then, with no clock read of its own.
            self.served.push(cmd);
            self.served_at = now.at;
        }
        stats.add_conn(&mut self.smb.stats);
        stats.net(pdu.len() as u64, 0);
        let out = match r {
            Ok(o) => o,
            Err(d) => {
                tracing::debug!(reason = d.0, "protocol violation on SMB Direct; closing");
                return false;
            }
        };
        self.smb.take_io(io);
        self.emit(out)
    }

    /// A lent buffer in a box, reusing an emptied one.
    fn boxed(&mut self, b: smbdirect::WriteBuf) -> Box<Lent> {
        match self.boxes.pop() {
            Some(mut l) => {
                l.0 = Some(b);
                l
            }
            None => Box::new(Lent(Some(b))),
        }
    }

    /// Sends responses, after the RDMA Writes they depend on.
    fn emit(&mut self, out: smb_server::Responses) -> bool {
        let mut writes = std::mem::take(&mut self.to_write);
        let invalidate = self.smb.take_rdma_writes(&mut writes);
        let mut ok = true;
        // (Leaving the loop early drops the writes not yet posted.)
        for w in writes.drain(..) {
            let d = descs(&w.descriptors);
            let r = match w.lent {
                Some((b, n)) => match b.into_any().downcast::<Lent>() {
                    Ok(mut l) => {
                        let buf = l.0.take().expect("a lent buffer");
                        if self.boxes.len() < LENT_BUFFERS {
                            self.boxes.push(l);
                        }
                        self.smbd.rdma_write_buffer(&d, buf, n)
                    }
                    Err(_) => {
                        ok = false;
                        break;
                    }
                },
                None => match w.mapped {
                    Some(m) => {
                        let mr = self.map_region(&m.map);
                        self.smbd.rdma_write_region(&d, &mr, m.offset, m.len)
                    }
                    None => self.smbd.rdma_write(&d, &w.data),
                },
            };
            if r.is_err() {
                ok = false;
                break;
            }
        }
        self.to_write = writes;
        if !ok {
            return false;
        }
        let n = out.len();
        for (i, r) in out.into_iter().enumerate() {
            let sent = match invalidate {
                Some(k) if i + 1 == n => self.smbd.send_with_invalidate(r, k),
                _ => self.smbd.send(r),
            };
            if sent.is_err() {
                return false;
            }
        }
        // Buffers of responses already sent: the engine builds later ones in them.
        while let Some(v) = self.smbd.take_spent() {
            smb_server::bufs::give(v);
        }
        true
    }

    /// The registration of a mapped file with this connection's domain (made on first
    /// use; `step` drops those of files the engine no longer maps).
    fn map_region(&mut self, map: &Arc<dyn MappedFile>) -> fabric::Mr {
        if let Some((_, mr)) = self.maps.iter().find(|(m, _)| Arc::ptr_eq(m, map)) {
            return mr.clone();
        }
        let pd = self.smbd.pd();
        if self.maps.len() >= MAPS {
            let (_, mr) = self.maps.remove(0);
            pd.deregister(&mr);
        }
        // SAFETY: the mapping is readable for its size while the Arc held by the buffer
        // lives (FileMap unmaps on drop); it is registered for local reads only.
        let buf = unsafe {
            fabric::RegBuf::external(map.base(), map.size().max(1), Box::new(map.clone()))
        };
        let mr = pd.register(buf, fabric::Access::default());
        self.maps.push((map.clone(), mr.clone()));
        mr
    }

    /// Forgets the registrations of files the engine no longer maps (closed, deleted,
    /// truncated or remapped): writes still in flight hold what they read from.
    fn drop_unused_maps(&mut self) {
        let pd = self.smbd.pd();
        // Held by the cache and by the registration: anything more is the engine's.
        self.maps.retain(|(m, mr)| {
            // (RDMA Writes waiting for their Send hold the registration's buffer.)
            let used = Arc::strong_count(m) > 2 || Arc::strong_count(&mr.buf) > 2;
            if !used {
                pd.deregister(mr);
            }
            used
        });
    }

    /// Observes the latency of the commands answered in an earlier turn, as ending at `at`.
    fn observe_served(&mut self, at: Instant, stats: &WorkerStats) {
        let took = at.saturating_duration_since(self.served_at);
        for cmd in self.served.drain(..) {
            stats.observe(cmd, took);
        }
    }

    /// Moves the connection on; false once it is over.
    fn step(&mut self, now: &Turn, stats: &WorkerStats, io: &mut Vec<IoRequest>) -> bool {
        if !self.served.is_empty() {
            self.observe_served(now.at, stats);
        }
        if self.broken || self.smbd.poll(now.ms).is_err() {
            return false;
        }
        // Once a millisecond: a registration's count is also moved by the peer's side of
        // a software fabric (it holds the region while it copies), so looking at it
        // fetches a line from another core.
        if !self.maps.is_empty() && now.ms != self.maps_checked_ms {
            self.maps_checked_ms = now.ms;
            self.drop_unused_maps();
        }
        let ms = |since: u64| Duration::from_millis(now.ms.saturating_sub(since));
        if self.place.displaced() {
            return false;
        }
        if self.smb.authenticated() {
            self.place.signed_in();
        }
        let cut = now.limits.deadlines.overdue(
            self.smb.authenticated(),
            ms(self.accepted_ms),
            ms(self.last_pdu_ms),
            || self.smbd.queued_bytes() > 0 || self.smb.holds_state(),
        );
        if let Some(why) = cut {
            crate::admission::cut(why, self.ip);
            return false;
        }
        // Past the send-queue bound, requests wait in the receive queue (the peer's
        // credits, spent on them, hold it back) until the peer takes its answers.
        let backlog = |c: &Self| c.smbd.queued_bytes() as u64 + c.smb.io_bytes_in_flight();
        while backlog(self) < now.limits.send_queue as u64 {
            let Some(pdu) = self.smbd.recv() else {
                break;
            };
            if let Some((d, len)) = self.smb.rdma_read_needed(&pdu) {
                match self.smbd.rdma_read_into(&descs(&d), len as usize) {
                    Ok(op) => self.reads.push((op, pdu)),
                    Err(_) => return false,
                }
                continue;
            }
            if !self.handle(&pdu, now, stats, io) {
                return false;
            }
            self.smbd.reuse(pdu);
        }
        if self.smbd.take_ops_finished() && !self.rdma_results(now, stats, io) {
            return false;
        }
        if self.smb.has_async() {
            for r in self.smb.poll_async(now.engine()) {
                if self.smbd.send(r).is_err() {
                    return false;
                }
            }
        }
        true
    }

    /// Takes the results of RDMA Reads that finished: WRITE data read in (then the WRITE
    /// is handled). (READ data written out is let go with the response's Send.)
    fn rdma_results(&mut self, now: &Turn, stats: &WorkerStats, io: &mut Vec<IoRequest>) -> bool {
        let mut i = 0;
        while i < self.reads.len() {
            let op = self.reads[i].0;
            match self.smbd.rdma_read_result(op) {
                None => i += 1,
                Some(r) => {
                    let (_, pdu) = self.reads.remove(i);
                    match r {
                        Ok(smbdirect::ReadData::Copied(data)) => self.smb.set_rdma_payload(data),
                        // Written from the registered buffer it landed in.
                        Ok(smbdirect::ReadData::Lent(b, n)) => {
                            let l = self.boxed(b);
                            self.smb.set_rdma_payload_lent(l, n)
                        }
                        Err(s) => {
                            tracing::debug!(?s, "RDMA Read of WRITE data failed");
                            return false;
                        }
                    }
                    if !self.handle(&pdu, now, stats, io) {
                        return false;
                    }
                    self.smbd.reuse(pdu);
                }
            }
        }
        true
    }
}

/// The worker's turn, read once: when it began, as the SMB Direct clock and as FILETIME.
struct Turn {
    at: Instant,
    ms: u64,
    filetime: u64,
    limits: SetLimits,
}

impl Turn {
    /// The engine's time of the turn.
    fn engine(&self) -> smb_server::clock::Now {
        smb_server::clock::Now {
            mono: self.at,
            filetime: self.filetime,
        }
    }
}

/// The `[limits]` an SMB Direct connection is held to (as a TCP one).
#[derive(Clone, Copy, Debug)]
pub struct SetLimits {
    /// Answers queued (with READ data in flight for them), bytes, past which requests
    /// wait.
    pub send_queue: usize,
    /// Time to authenticate, and to stay silent holding nothing once signed in.
    pub deadlines: crate::admission::Deadlines,
}

impl Default for SetLimits {
    fn default() -> Self {
        SetLimits {
            send_queue: 16 << 20,
            deadlines: crate::admission::Deadlines {
                handshake: Duration::from_secs(30),
                idle: Some(Duration::from_secs(900)),
            },
        }
    }
}

/// The SMB Direct connections one worker drives: it polls their completion queues in its
/// loop, beside its TCP connections.
#[derive(Default)]
pub struct RdmaSet {
    conns: Vec<RdmaConn>,
    /// Closed connections whose storage reads are still in flight (their buffers must
    /// outlive the reads).
    draining: Vec<RdmaConn>,
    /// Counters of connections that have closed, so totals never go backwards.
    closed: smbdirect::Counters,
    next_key: u64,
    io: Vec<IoRequest>,
    limits: SetLimits,
    /// The completion queues the connections sit on, polled once a turn for all.
    demux: Demux,
    /// Connections came or went: the demultiplexer's tables are rebuilt before the next
    /// poll.
    dirty: bool,
    /// Turns taken (smbdirectd_smbdirect_turns_total).
    turns: u64,
}

impl RdmaSet {
    pub fn is_empty(&self) -> bool {
        self.conns.is_empty()
    }

    /// A set whose connections are held to `limits`.
    pub fn with_limits(limits: SetLimits) -> Self {
        RdmaSet {
            limits,
            ..Default::default()
        }
    }

    /// Storage reads of connections closed while they were in flight.
    /// Arms every connection's wake-up for a worker about to sleep and puts what to poll
    /// in `out`; false when one has none (a device's queue pair: the worker polls at
    /// intervals instead).
    pub fn wakes(&self, out: &mut Vec<fabric::Wake>) -> bool {
        out.clear();
        for c in self.conns.iter().chain(&self.draining) {
            match c.smbd.wake() {
                Some(w) => out.push(w),
                None => return false,
            }
        }
        true
    }

    /// When the earliest connection next needs its engine without any event (see
    /// `Connection::poll_timeout`).
    pub fn poll_timeout(&self) -> Option<std::time::Instant> {
        self.conns.iter().filter_map(|c| c.smb.poll_timeout()).min()
    }

    /// Whether a connection waits for an RDMA Read it posted (a WRITE's data).
    pub fn reads_in_flight(&self) -> bool {
        self.conns.iter().any(|c| c.smbd.rdma_reads_in_flight())
    }

    pub fn draining(&self) -> usize {
        self.draining.iter().map(|c| c.smb.io_in_flight()).sum()
    }

    pub fn adopt(&mut self, mut c: RdmaConn, storage_io: bool) {
        self.next_key += 1;
        c.key = self.next_key;
        c.smb.set_storage_io(storage_io);
        self.conns.push(c);
        self.dirty = true;
    }

    fn rebuild(&mut self, stats: &WorkerStats) {
        self.dirty = false;
        self.demux.rebuild(
            self.conns.iter().filter_map(|c| c.seat.as_ref()),
            self.draining.iter().filter_map(|c| c.seat.as_ref()),
        );
        stats
            .completion_queues
            .store(self.demux.queues() as u64, Ordering::Relaxed);
    }

    /// Reports a storage operation of connection `key`, issued at `since`, completed at
    /// `now` (the worker's turn), and sends what it answers; the request's next
    /// operation, if it goes on, is put in `next`.
    pub fn complete_io(
        &mut self,
        key: u64,
        id: u64,
        res: i32,
        (since, now): (Instant, smb_server::clock::Now),
        stats: &WorkerStats,
        next: &mut Vec<(u64, IoRequest)>,
    ) {
        // The request's next operation (a trim's next range, a sync), if any.
        let mut hand_out = |smb: &mut smb_server::Connection| {
            let mut reqs = Vec::new();
            smb.take_io(&mut reqs);
            next.extend(reqs.into_iter().map(|r| (key, r)));
        };
        if let Some(c) = self.conns.iter_mut().find(|c| c.key == key) {
            if let Some(r) = c.smb.complete_io(id, res, now) {
                stats.add_answered(&mut c.smb.stats, since);
                if !c.emit(smallvec::smallvec![r]) {
                    c.broken = true;
                }
            }
            hand_out(&mut c.smb);
            publish(&self.conns, &self.closed, stats);
        } else if let Some(i) = self.draining.iter().position(|c| c.key == key) {
            let c = &mut self.draining[i];
            let _ = c.smb.complete_io(id, res, now);
            hand_out(&mut c.smb);
            let mut gone = Vec::new();
            let _ = c.smb.take_rdma_writes(&mut gone);
            if c.smb.io_in_flight() == 0 {
                let c = self.draining.swap_remove(i);
                self.demux.retire(c);
                self.dirty = true;
            }
        }
    }

    /// Moves every connection on; returns whether anything happened.
    /// Advances every connection at time `now` (the worker's turn); the storage reads
    /// their requests handed out are appended to `io` with the key of their connection.
    /// (`wall` is the worker's: it stamps requests with the time of `now`.)
    pub fn step(
        &mut self,
        now: Instant,
        wall: &mut WallClock,
        stats: &WorkerStats,
        io: &mut Vec<(u64, IoRequest)>,
    ) -> bool {
        if self.dirty {
            self.rebuild(stats);
        }
        if self.conns.is_empty() && self.demux.queues() == 0 {
            return false;
        }
        self.turns += 1;
        stats.smbd_turns.store(self.turns, Ordering::Relaxed);
        let ms = ms_at(now);
        // Every transport moves (a software provider's bytes become completions), then
        // the completions go each to its connection, then every connection moves on.
        for c in &mut self.conns {
            let _ = c.smbd.progress();
        }
        let conns = &mut self.conns;
        self.demux
            .deliver_early(|i, c| conns[i].smbd.deliver(c, ms));
        let (mut worked, released) = self.demux.poll(|i, c| conns[i].smbd.deliver(c, ms));
        self.dirty |= released;
        // (Reservations come and go with connections' turns and departures alike.)
        let (posted, free) = self.demux.shared_receives();
        stats.shared_receives.store(posted, Ordering::Relaxed);
        stats.shared_receives_free.store(free, Ordering::Relaxed);
        if self.conns.is_empty() {
            return worked;
        }
        let now = Turn {
            at: now,
            ms,
            filetime: wall.filetime(now),
            limits: self.limits,
        };
        let closed = &mut self.closed;
        let reqs = &mut self.io;
        let dirty = &mut self.dirty;
        for c in self.conns.iter_mut() {
            let before = c.smbd.counters.messages_received + c.smbd.counters.fragments_sent;
            let alive = c.step(&now, stats, reqs);
            for r in reqs.drain(..) {
                io.push((c.key, r));
            }
            if c.smbd.counters.messages_received + c.smbd.counters.fragments_sent != before {
                worked = true;
            }
            if !alive {
                worked = true;
                c.observe_served(crate::clock::now(), stats);
                tracing::info!(peer = %c.smb.peer, why = ?c.smbd.closed(), "SMB Direct connection closed");
                c.smbd.disconnect();
                c.smb.close(now.engine());
                closed.add(&c.smbd.counters);
                c.admission.release(c.ip, &c.place);
                *dirty = true;
                c.dead = true; // moved out below
            }
        }
        // Closed connections with reads in flight wait for them apart from the live ones;
        // the others go with their seats once their queues are drained.
        let mut i = 0;
        while i < self.conns.len() {
            if self.conns[i].dead {
                let c = self.conns.swap_remove(i);
                if c.smb.io_in_flight() > 0 {
                    self.draining.push(c);
                } else {
                    self.demux.retire(c);
                }
            } else {
                i += 1;
            }
        }
        if worked {
            publish(&self.conns, &self.closed, stats);
        }
        worked
    }

    /// Closes every connection (the daemon is stopping).
    pub fn shutdown(&mut self) {
        let now = crate::clock::engine_now();
        for mut c in self.conns.drain(..) {
            c.smbd.disconnect();
            c.smb.close(now);
            c.admission.release(c.ip, &c.place);
            if c.smb.io_in_flight() > 0 {
                // The kernel may still write into its buffers: never freed.
                std::mem::forget(c);
            }
        }
        for c in self.draining.drain(..) {
            std::mem::forget(c);
        }
    }
}

impl Demux {
    /// A connection is gone: kept with its seat (its queue pair too) until the seat's
    /// queue has been drained, then dropped. The caller rebuilds.
    fn retire(&mut self, mut c: RdmaConn) {
        if let Some(mut seat) = c.seat.take() {
            seat.retire(Box::new(c));
            self.leave(seat);
        }
    }
}

fn publish(conns: &[RdmaConn], closed: &smbdirect::Counters, s: &WorkerStats) {
    let mut t = *closed;
    for c in conns {
        t.add(&c.smbd.counters);
    }
    let set = |a: &std::sync::atomic::AtomicU64, v: u64| a.store(v, Ordering::Relaxed);
    set(&s.smbd_receives_posted, t.receives_posted);
    set(&s.smbd_messages_sent, t.messages_sent);
    set(&s.smbd_messages_received, t.messages_received);
    set(&s.smbd_fragments_sent, t.fragments_sent);
    set(&s.smbd_credit_messages_sent, t.credit_only_sent);
    set(&s.rdma_reads, t.rdma_reads);
    set(&s.rdma_writes, t.rdma_writes);
    set(&s.rdma_payload_copied, t.payload_bytes_copied);
    set(&s.rdma_registrations, t.registrations);
    set(&s.rdma_writes_mapped, t.rdma_writes_region);
    set(&s.rdma_errors, t.rdma_errors);
    set(&s.sends_with_invalidate, t.sends_with_invalidate);
    set(
        &s.smbd_send_credits,
        conns.iter().map(|c| u64::from(c.smbd.send_credits())).sum(),
    );
    set(
        &s.smbd_peer_credits,
        conns.iter().map(|c| u64::from(c.smbd.peer_credits())).sum(),
    );
    set(&s.connections, conns.len() as u64);
    set(
        &s.shared_receive_conns,
        conns.iter().filter(|c| c.smbd.on_shared_receives()).count() as u64,
    );
}
