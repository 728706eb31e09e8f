//! Sending: send credits, the grant of receive credits, fragmentation of large messages,
//! and Send With Invalidate.

use super::{keep, Disconnect, Outgoing, SmbdConnection, State, KIND_SEND};
use crate::wire::*;
use fabric::{SendOp, SendWr};

impl SmbdConnection {
    /// Bytes held for the peer and not yet taken by it: upper-layer messages queued (a
    /// peer that grants no send credits leaves them here), copies of RDMA Write data
    /// whose Send has not completed, and what the provider buffers unsent (a software
    /// provider's socket buffer, while the peer does not read).
    pub fn queued_bytes(&self) -> usize {
        self.out_bytes + self.own_bytes + self.qp.unsent_bytes()
    }

    /// Queues an upper-layer message (an SMB2 PDU).
    pub fn send(&mut self, msg: Vec<u8>) -> Result<(), Disconnect> {
        self.send_inner(msg, None)
    }

    /// Queues a message whose last fragment goes as Send With Invalidate of `rkey`.
    pub fn send_with_invalidate(&mut self, msg: Vec<u8>, rkey: u32) -> Result<(), Disconnect> {
        self.send_inner(msg, Some(rkey))
    }

    pub(super) fn send_inner(
        &mut self,
        msg: Vec<u8>,
        invalidate: Option<u32>,
    ) -> Result<(), Disconnect> {
        if let Some(d) = &self.closed {
            return Err(d.clone());
        }
        if msg.is_empty() || msg.len() > self.max_frag_send {
            return Err(Disconnect::Protocol(
                "message size outside the negotiated range",
            ));
        }
        self.out_bytes += msg.len();
        self.outbox.push_back(Outgoing {
            data: msg,
            sent: 0,
            invalidate,
        });
        self.flush();
        Ok(())
    }

    /// Credits we can grant now: receives posted beyond those granted, up to what the
    /// peer asked for, one receive always kept back to catch a peer sending without one.
    /// Receive credits that may be granted now. Messages waiting in the inbox (an upper
    /// layer that is not taking them, e.g. while its send queue is full) hold credits
    /// back: a peer can make the connection hold at most about a credit window of
    /// messages, or MaxFragmentedSize bytes of them, however fast it sends.
    pub(super) fn grantable(&self) -> u32 {
        if self.inbox_bytes >= self.max_frag_recv {
            return 0;
        }
        let cap = self
            .peer_target
            .min(self.posted.saturating_sub(1))
            .saturating_sub(self.inbox.len() as u32);
        cap.saturating_sub(self.granted)
    }

    pub(super) fn flush(&mut self) {
        if self.state != State::Connected {
            return;
        }
        // (Shared receives others gave back may be taken up now.)
        self.top_up();
        while let Some(front) = self.outbox.front() {
            if self.free_send.is_empty() || self.send_credits == 0 {
                break;
            }
            // The last credit only carries a message that grants credits back, so the
            // peer can always answer (MS-SMBD 3.1.5.1).
            let grant = self.grantable();
            if self.send_credits == 1 && grant == 0 {
                break;
            }
            let room = self.max_send - DATA_HEADER;
            let n = (front.data.len() - front.sent).min(room);
            let remaining = (front.data.len() - front.sent - n) as u32;
            let last = remaining == 0;
            let invalidate = if last { front.invalidate } else { None };
            let slot = self.free_send.pop().unwrap();
            let base = slot * self.send_slot;
            let mut hdr = [0u8; DATA_HEADER];
            let low = self.send_credits <= 2;
            DataHeader {
                credits_requested: self.cfg.send_credit_target,
                credits_granted: grant as u16,
                flags: if low { FLAG_RESPONSE_REQUESTED } else { 0 },
                remaining_data_length: remaining,
                data_offset: DATA_HEADER as u32,
                data_length: n as u32,
            }
            .write(&mut hdr);
            self.send_mr.buf.write(base, &hdr);
            let front = self.outbox.front_mut().unwrap();
            self.send_mr
                .buf
                .write(base + DATA_HEADER, &front.data[front.sent..front.sent + n]);
            front.sent += n;
            self.out_bytes -= n;
            let op = match invalidate {
                Some(rkey) => SendOp::SendWithInvalidate { rkey },
                None => SendOp::Send,
            };
            let r = self.qp.post_send(SendWr {
                wr_id: KIND_SEND | self.tag | slot as u64,
                op,
                sge: fabric::sges![self.send_mr.sge(base, DATA_HEADER + n)],
                signaled: true,
            });
            if let Err(e) = r {
                return self.fail(Disconnect::Transport(e.to_string()));
            }
            self.attach_writes(slot);
            self.counters.sends_with_invalidate += u64::from(invalidate.is_some());
            self.send_credits -= 1;
            self.granted += grant;
            self.counters.fragments_sent += 1;
            self.response_requested = false;
            if last {
                if let Some(o) = self.outbox.pop_front() {
                    keep(&mut self.spent, o.data);
                }
                self.counters.messages_sent += 1;
            }
        }
        // A message of credits alone (or the answer the peer asked for), never in the
        // middle of a fragmented message.
        if !self.outbox.is_empty() || self.free_send.is_empty() || self.send_credits == 0 {
            return;
        }
        let grant = self.grantable();
        let starving = grant > 0 && self.granted <= self.peer_target / 4;
        let answer = self.response_requested || self.keepalive_due;
        if !(starving || answer) {
            return;
        }
        if self.send_credits == 1 && grant == 0 && !self.response_requested && !self.keepalive_due {
            return;
        }
        let slot = self.free_send.pop().unwrap();
        let base = slot * self.send_slot;
        let mut hdr = [0u8; DATA_HEADER];
        let want_reply = self.keepalive_due;
        DataHeader {
            credits_requested: self.cfg.send_credit_target,
            credits_granted: grant as u16,
            flags: if want_reply {
                FLAG_RESPONSE_REQUESTED
            } else {
                0
            },
            remaining_data_length: 0,
            data_offset: 0,
            data_length: 0,
        }
        .write(&mut hdr);
        self.send_mr.buf.write(base, &hdr[..EMPTY_DATA_HEADER]);
        let r = self.qp.post_send(SendWr {
            wr_id: KIND_SEND | self.tag | slot as u64,
            op: SendOp::Send,
            sge: fabric::sges![self.send_mr.sge(base, EMPTY_DATA_HEADER)],
            signaled: true,
        });
        if let Err(e) = r {
            return self.fail(Disconnect::Transport(e.to_string()));
        }
        self.attach_writes(slot);
        self.send_credits -= 1;
        self.granted += grant;
        self.response_requested = false;
        self.keepalive_due = false;
        self.counters.credit_only_sent += 1;
    }

    /// The RDMA Writes posted before the Send just posted from `slot` are over when it is.
    pub(super) fn attach_writes(&mut self, slot: usize) {
        self.send_release[slot].append(&mut self.writes_unsent);
        // Its completion says every RDMA operation posted before it is over too.
        self.send_mark[slot] = self.rdma_posted;
    }
}
