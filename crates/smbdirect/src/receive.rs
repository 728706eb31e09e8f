//! Receiving: the negotiate request and response, data transfer messages and their
//! reassembly, and handing whole messages to the upper layer.

use super::{keep, Disconnect, SmbdConnection, State};
use crate::wire::*;

impl SmbdConnection {
    /// The next reassembled message from the peer.
    pub fn recv(&mut self) -> Option<Vec<u8>> {
        let m = self.inbox.pop_front()?;
        self.inbox_bytes -= m.len();
        Some(m)
    }

    /// Messages received and not yet taken by [`SmbdConnection::recv`], and their bytes.
    pub fn waiting(&self) -> (usize, usize) {
        (self.inbox.len(), self.inbox_bytes)
    }

    /// Gives a message from [`SmbdConnection::recv`] back once done with it: its buffer
    /// takes in a later one (no allocation per message once warm).
    pub fn reuse(&mut self, mut msg: Vec<u8>) {
        msg.clear();
        keep(&mut self.spare, msg);
    }

    /// A message buffer given to [`SmbdConnection::send`] whose message has gone out,
    /// for the caller to build another in.
    pub fn take_spent(&mut self) -> Option<Vec<u8>> {
        self.spent.pop()
    }

    pub(super) fn received(&mut self, msg: &[u8]) {
        match self.state {
            State::AwaitNegotiateRequest => self.negotiate_request(msg),
            State::AwaitNegotiateResponse => self.negotiate_response(msg),
            State::Connected => self.data(msg),
            State::Closed => {}
        }
    }

    pub(super) fn negotiate_request(&mut self, msg: &[u8]) {
        let Some(r) = NegotiateRequest::parse(msg) else {
            return self.fail(Disconnect::Protocol("short negotiate request"));
        };
        if r.min_version > VERSION || r.max_version < VERSION {
            let resp = NegotiateResponse {
                min_version: VERSION,
                max_version: VERSION,
                negotiated_version: 0,
                credits_requested: 0,
                credits_granted: 0,
                status: STATUS_NOT_SUPPORTED,
                max_read_write_size: 0,
                preferred_send_size: 0,
                max_receive_size: 0,
                max_fragmented_size: 0,
            };
            self.post_raw(&resp.encode());
            let _ = self.qp.progress();
            return self.fail(Disconnect::Protocol("no common SMB Direct version"));
        }
        if r.credits_requested == 0 {
            return self.fail(Disconnect::Protocol(
                "negotiate request asks for no credits",
            ));
        }
        if r.max_receive_size < 128
            || r.preferred_send_size < 128
            || r.max_fragmented_size < 131_072
        {
            return self.fail(Disconnect::Protocol(
                "negotiate request sizes below the minimum",
            ));
        }
        self.max_send = (self.cfg.max_send_size.min(r.max_receive_size)) as usize;
        let max_recv = self.cfg.max_receive_size.min(r.preferred_send_size);
        self.max_frag_send = r.max_fragmented_size as usize;
        self.peer_target = u32::from(r.credits_requested.min(self.cfg.receive_credit_max));
        // (On shared receives: reserve what the peer asked for before granting.)
        self.top_up();
        let grant = self.grantable();
        self.granted += grant;
        let resp = NegotiateResponse {
            min_version: VERSION,
            max_version: VERSION,
            negotiated_version: VERSION,
            credits_requested: self.cfg.send_credit_target,
            credits_granted: grant as u16,
            status: STATUS_SUCCESS,
            max_read_write_size: self.cfg.max_read_write_size,
            preferred_send_size: self.max_send as u32,
            max_receive_size: max_recv,
            max_fragmented_size: self.cfg.max_fragmented_size,
        };
        self.post_raw(&resp.encode());
        self.state = State::Connected;
    }

    pub(super) fn negotiate_response(&mut self, msg: &[u8]) {
        let Some(r) = NegotiateResponse::parse(msg) else {
            return self.fail(Disconnect::Protocol("short negotiate response"));
        };
        if r.status != STATUS_SUCCESS || r.negotiated_version != VERSION {
            return self.fail(Disconnect::Protocol("the server refused to negotiate"));
        }
        if r.max_receive_size < 128 || r.credits_granted == 0 {
            return self.fail(Disconnect::Protocol(
                "negotiate response grants nothing usable",
            ));
        }
        self.max_send = self.cfg.max_send_size.min(r.max_receive_size) as usize;
        self.max_frag_send = r.max_fragmented_size as usize;
        self.max_rw = r.max_read_write_size.min(self.cfg.max_read_write_size);
        self.send_credits = u32::from(r.credits_granted);
        self.peer_target = u32::from(r.credits_requested.clamp(1, self.cfg.receive_credit_max));
        self.state = State::Connected;
    }

    pub(super) fn data(&mut self, msg: &[u8]) {
        if self.granted == 0 {
            return self.fail(Disconnect::CreditViolation);
        }
        self.granted -= 1;
        let Some(h) = DataHeader::parse(msg) else {
            return self.fail(Disconnect::Protocol("malformed data transfer message"));
        };
        // (A peer granting absurdly many is held to what the counter holds.)
        self.send_credits = self
            .send_credits
            .saturating_add(u32::from(h.credits_granted));
        self.peer_target = u32::from(h.credits_requested.clamp(1, self.cfg.receive_credit_max));
        if h.flags & FLAG_RESPONSE_REQUESTED != 0 {
            self.response_requested = true;
        }
        if h.data_length == 0 {
            return;
        }
        let data = &msg[h.data_offset as usize..(h.data_offset + h.data_length) as usize];
        match self.reasm_remaining {
            None => {
                let total = h.data_length as u64 + h.remaining_data_length as u64;
                if total > self.max_frag_recv as u64 {
                    return self.fail(Disconnect::Protocol(
                        "message longer than MaxFragmentedSize",
                    ));
                }
                self.reasm.clear();
                self.reasm.extend_from_slice(data);
            }
            Some(prev) => {
                if prev.checked_sub(h.data_length) != Some(h.remaining_data_length) {
                    return self.fail(Disconnect::Protocol("fragment lengths do not add up"));
                }
                self.reasm.extend_from_slice(data);
            }
        }
        if h.remaining_data_length == 0 {
            self.reasm_remaining = None;
            let next = self.spare.pop().unwrap_or_default();
            self.inbox_bytes += self.reasm.len();
            self.inbox
                .push_back(std::mem::replace(&mut self.reasm, next));
        } else {
            self.reasm_remaining = Some(h.remaining_data_length);
        }
    }
}
