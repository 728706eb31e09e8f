//! The worker's TCP connections: receives and gathered sends on the ring, framing, the
//! engine turn per connection, back-pressure and deadlines.

use super::{
    Conn, ConnLimits, IoOwner, Worker, EVENT_SLOT, OP_RECV, OP_SEND, RECV_CHUNK, SEND_BYTES,
    SEND_IOVS, SQ, SQ_POLL, TICK_SLOT, TIMER_SLOT, TIMER_UPDATE_SLOT, WAKE_SLOT,
};

use crate::framing::Piece;
use crate::metrics::WorkerStats;
use io_uring::{opcode, types};
use smb_server::IoRequest;
use std::net::Shutdown;
use std::os::fd::AsRawFd;
use std::sync::atomic::Ordering;

impl Worker {
    /// Posts receives, sends, the wake read and the timer.
    pub(super) fn post(&mut self) {
        let stopping = self.stop.load(Ordering::Acquire);
        if !self.wake_busy {
            let e = opcode::Recv::new(
                types::Fd(self.wake.as_raw_fd()),
                self.wake_buf.as_mut_ptr(),
                self.wake_buf.len() as u32,
            )
            .build()
            .user_data(WAKE_SLOT << 32);
            self.push(e);
            self.wake_busy = true;
        }
        for k in [SQ, SQ_POLL] {
            let x = &mut self.extra[k];
            let (Some(e), false) = (&x.event, x.event_busy) else {
                continue;
            };
            let e = opcode::Read::new(types::Fd(e.as_raw_fd()), x.event_buf.as_mut_ptr(), 8)
                .build()
                .user_data((EVENT_SLOT << 32) | k as u64);
            x.event_busy = true;
            self.push(e);
        }
        // (Disconnected durable handles wait for their clients when nobody is connected:
        // their expiry needs the tick then too.)
        let durable_waiting = self
            .server
            .durable_due
            .load(std::sync::atomic::Ordering::Acquire)
            != u64::MAX;
        if !self.tick_busy
            && (self.conns.iter().any(Option::is_some) || !self.rdma.is_empty() || durable_waiting)
        {
            // Deadlines are checked once a second (a sleeping worker wakes for them; SMB
            // Direct's keepalive and negotiate timers too; durable handles' expiry).
            let e = opcode::Timeout::new(&self.tick)
                .build()
                .user_data(TICK_SLOT << 32);
            self.push(e);
            self.tick_busy = true;
        }
        self.arm_engine_timer();
        let mut entries = std::mem::take(&mut self.entries);
        for (slot, c) in self.conns.iter_mut().enumerate() {
            let Some(c) = c else { continue };
            let ud = ((slot as u64) << 32) | (u64::from(c.gen) << 8);
            // A connection whose client does not take its responses is not read until it
            // does (its requests wait in the socket, not in our memory).
            if !c.recv_busy && !c.closing && !stopping && !backlogged(c, self.limits) {
                let (buf, len) = c.reader.spare(RECV_CHUNK);
                c.recv_len = len;
                let len = len.min(u32::MAX as usize) as u32;
                let e = match c.fixed {
                    true => opcode::Recv::new(types::Fixed(slot as u32), buf, len).build(),
                    false => opcode::Recv::new(types::Fd(c.stream.as_raw_fd()), buf, len).build(),
                }
                .user_data(ud | OP_RECV);
                entries.push(e);
                c.recv_busy = true;
            }
            if !c.send_busy && !c.closing && !c.out.is_empty() {
                // Every queued response in one gathered write: one send (one socket
                // lock, one wake of the peer) per burst instead of one per response.
                // Frame headers are copied into the connection's own array: queue
                // entries move when more responses are queued during the send.
                c.iov.clear();
                let (iov, hdrs) = (&mut c.iov, &mut c.hdrs);
                let mut k = 0;
                c.out.each_slice(SEND_IOVS, SEND_BYTES, |p| {
                    let (ptr, len) = match p {
                        Piece::Header(h, skip) => {
                            hdrs[k] = h;
                            k += 1;
                            (hdrs[k - 1][skip..].as_ptr(), 4 - skip)
                        }
                        Piece::Body(b) => (b.as_ptr(), b.len()),
                    };
                    iov.push(libc::iovec {
                        iov_base: ptr as *mut _,
                        iov_len: len,
                    })
                });
                let (iov, n) = (c.iov.as_ptr(), c.iov.len() as u32);
                let e = match c.fixed {
                    true => opcode::Writev::new(types::Fixed(slot as u32), iov, n).build(),
                    false => opcode::Writev::new(types::Fd(c.stream.as_raw_fd()), iov, n).build(),
                }
                .user_data(ud | OP_SEND);
                entries.push(e);
                c.send_busy = true;
            }
        }
        for e in entries.drain(..) {
            self.push(e);
        }
        self.entries = entries;
        self.post_storage();
    }

    /// Closes connections past their deadlines: not signed in within the handshake time,
    /// or signed in but silent and holding nothing for the idle time (as Windows'
    /// autodisconnect; its clients reconnect on their own when they need the server).
    /// Arms the engine's timer for the earliest `poll_timeout` of the connections, or
    /// moves an armed one sooner (never later: a timer that fires early costs one look).
    fn arm_engine_timer(&mut self) {
        let tcp = self.conns.iter().flatten().map(|c| c.smb.poll_timeout());
        // (SMB Direct connections' held answers and break timeouts too: a worker asleep
        // on their wake-ups is not polling them.)
        let Some(due) = tcp.chain([self.rdma.poll_timeout()]).flatten().min() else {
            return;
        };
        if self.timer_at.is_some_and(|at| at <= due) {
            return;
        }
        let wait = due.saturating_duration_since(crate::clock::now());
        let ts = types::Timespec::new()
            .sec(wait.as_secs())
            .nsec(wait.subsec_nanos());
        let e = if self.timer_busy {
            self.timeout_update = ts;
            opcode::TimeoutUpdate::new(TIMER_SLOT << 32, &self.timeout_update)
                .build()
                .user_data(TIMER_UPDATE_SLOT << 32)
        } else {
            self.timeout = ts;
            self.timer_busy = true;
            opcode::Timeout::new(&self.timeout)
                .build()
                .user_data(TIMER_SLOT << 32)
        };
        self.timer_at = Some(due);
        self.push(e);
    }

    pub(super) fn sweep(&mut self) {
        let (now, l) = (self.turn_at, self.limits);
        for c in self.conns.iter_mut().flatten() {
            if c.closing {
                continue;
            }
            if c.place.displaced() {
                // (Its socket was shut down and counted when it was displaced.)
                close_conn(c);
                continue;
            }
            let cut = l.deadlines.overdue(
                c.smb.authenticated(),
                now.duration_since(c.accepted),
                now.duration_since(c.last_rx),
                || !c.out.is_empty() || c.smb.holds_state(),
            );
            if let Some(why) = cut {
                c.span
                    .in_scope(|| tracing::debug!(reason = why.label(), "closing connection"));
                crate::admission::cut(why, c.ip);
                close_conn(c);
            }
        }
    }
}

pub(super) fn queue(c: &mut Conn, pdu: Vec<u8>) {
    c.out.push(pdu);
}

/// Queues a response that may end in a tail (READ data sent from an engine's buffer).
pub(super) fn queue_reply(c: &mut Conn, r: smb_server::storage_op::Reply) {
    c.out.push_reply(r);
}

pub(super) fn close_conn(c: &mut Conn) {
    if !c.closing {
        // Queued responses stay until no send is in flight (the kernel may be reading the
        // front one); the connection is dropped once nothing is in flight.
        c.closing = true;
        let _ = c.stream.shutdown(Shutdown::Both);
    }
}

/// Whether a connection holds as much as it may in responses and READ data for them.
pub(super) fn backlogged(c: &Conn, l: ConnLimits) -> bool {
    c.out.bytes() as u64 + c.smb.io_bytes_in_flight() >= l.send_queue
}

/// Runs the engine on the connection's whole PDUs (as many as its send queue allows) and
/// hands the storage reads they issued to the worker's batch.
pub(super) fn serve(
    c: &mut Conn,
    (slot, limits, now): (usize, ConnLimits, smb_server::clock::Now),
    stats: Option<&WorkerStats>,
    io_reqs: &mut Vec<IoRequest>,
    io_batch: &mut Vec<(IoOwner, IoRequest)>,
) {
    let span = c.span.clone();
    let _g = span.enter();
    process(c, stats, now, limits);
    c.smb.take_io(io_reqs);
    for r in io_reqs.drain(..) {
        let owner = IoOwner::Tcp {
            slot,
            gen: c.gen,
            id: r.id,
            since: crate::clock::now(),
        };
        io_batch.push((owner, r));
    }
}

pub(super) fn process(
    c: &mut Conn,
    stats: Option<&WorkerStats>,
    now: smb_server::clock::Now,
    limits: ConnLimits,
) {
    loop {
        if c.closing || backlogged(c, limits) {
            // Requests not yet started wait (or, on a closing connection, never run).
            break;
        }
        let out = match c.reader.next_pdu() {
            Ok(Some(pdu)) => match stats {
                None => c.smb.handle_pdu(pdu, now),
                Some(s) => {
                    let t = crate::clock::now();
                    let r = c.smb.handle_pdu(pdu, now);
                    s.add_answered(&mut c.smb.stats, t);
                    r
                }
            },
            Ok(None) => break,
            Err(e) => {
                tracing::debug!(?e, "bad frame; closing");
                close_conn(c);
                return;
            }
        };
        if c.reader.limit() < crate::framing::MAX_PDU && c.smb.authenticated() {
            // Signed in: full-size messages from the next one on, and no newcomer may
            // displace it.
            c.reader.set_limit(crate::framing::MAX_PDU);
            c.place.signed_in();
        }
        match out {
            Ok(resps) => {
                for r in resps {
                    queue(c, r);
                }
            }
            Err(d) => {
                tracing::debug!(reason = d.0, "protocol violation; closing");
                // Flush nothing further: Windows drops such connections at once.
                close_conn(c);
                return;
            }
        }
    }
}
