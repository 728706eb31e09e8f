//! Receiving and sending Direct TCP frames on a connection (the header itself is
//! `smb_wire::framing`'s): whole PDUs cut from the byte stream, responses queued for
//! gathered writes.

use smb_server::storage_op::{Reply, Tail};
pub use smb_wire::framing::frame_header;
use smb_wire::framing::frame_len;

/// Largest PDU accepted: an 8 MiB WRITE plus headers and a transform header.
pub const MAX_PDU: usize = (8 << 20) + 64 * 1024;

#[derive(Debug, PartialEq, Eq)]
pub enum FrameError {
    /// The first byte was not zero (a NetBIOS session message type we do not serve).
    BadType,
    /// The frame declares more than the connection may send now ([`FrameReader::limit`]).
    TooLong,
}

/// Accumulates received bytes and yields whole PDUs without copying them twice.
///
/// Memory follows what arrived, not what a peer declares: room for a frame grows with
/// the part of it received, and a frame longer than the reader's limit is refused as soon
/// as its length is seen. A connection starts with a small limit (limits.preauth_max_pdu)
/// and gets [`MAX_PDU`] once it has authenticated.
pub struct FrameReader {
    buf: Vec<u8>,
    start: usize,
    limit: usize,
}

impl Default for FrameReader {
    fn default() -> Self {
        FrameReader::with_limit(MAX_PDU)
    }
}

impl FrameReader {
    /// A reader that refuses frames longer than `limit` bytes.
    pub fn with_limit(limit: usize) -> Self {
        FrameReader {
            buf: Vec::new(),
            start: 0,
            limit: limit.min(MAX_PDU),
        }
    }

    /// The longest frame accepted now.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Changes the longest frame accepted (at most [`MAX_PDU`]).
    pub fn set_limit(&mut self, limit: usize) {
        self.limit = limit.min(MAX_PDU);
    }

    /// Bytes held: received and not yet consumed, and the buffer's capacity.
    pub fn held(&self) -> (usize, usize) {
        (self.buf.len() - self.start, self.buf.capacity())
    }

    /// Whether a whole PDU (or a bad frame) waits to be taken.
    pub fn has_frame(&self) -> bool {
        let avail = &self.buf[self.start..];
        match head(avail) {
            None => false,
            // A bad frame type is taken (and refused) at once.
            Some(h) => frame_len(h).is_none_or(|n| avail.len() >= 4 + n),
        }
    }

    /// Space to receive into, at least `min` bytes, left uninitialised (zeroing 128 KiB per
    /// receive cost more than the receive): the kernel writes it, then [`Self::filled`]
    /// says how much. Returns the start and the length of the space.
    pub fn spare(&mut self, min: usize) -> (*mut u8, usize) {
        if self.start > 0 && self.start == self.buf.len() {
            self.buf.clear();
            self.start = 0;
        } else if self.start > self.buf.capacity() / 2 {
            self.buf.drain(..self.start);
            self.start = 0;
        }
        let len = self.buf.len();
        if self.buf.capacity() == 0 {
            // A new connection: a small first buffer (most never send more than a few
            // KiB before they authenticate).
            self.buf.reserve(min.min(16 * 1024));
        } else {
            self.buf.reserve(min.max(self.needed()));
        }
        let room = self.buf.capacity() - len;
        // SAFETY: `len` is within the allocation; the pointer is to spare capacity.
        (unsafe { self.buf.as_mut_ptr().add(len) }, room)
    }

    /// Records that the first `n` bytes of the last [`Self::spare`] space were written.
    ///
    /// # Safety
    /// The caller (or the kernel on its behalf) initialised those `n` bytes, `n` is at
    /// most the length `spare` returned, and the buffer was not touched in between.
    pub unsafe fn filled(&mut self, n: usize) {
        debug_assert!(self.buf.len() + n <= self.buf.capacity());
        self.buf.set_len(self.buf.len() + n);
    }

    /// Room wanted for the rest of the frame being received: at most as much as has
    /// arrived of it already (a peer that declares 8 MiB and sends slowly costs what it
    /// sent, twice at most), never more than the limit allows.
    fn needed(&self) -> usize {
        let avail = &self.buf[self.start..];
        if let Some(h) = head(avail) {
            let n = frame_len(h).unwrap_or(0);
            if n > self.limit {
                return 0;
            }
            (n + 4).saturating_sub(avail.len()).min(avail.len())
        } else {
            0
        }
    }

    /// The next whole PDU, if one has arrived.
    pub fn next_pdu(&mut self) -> Result<Option<&[u8]>, FrameError> {
        let avail = &self.buf[self.start..];
        let Some(h) = head(avail) else {
            return Ok(None);
        };
        let Some(n) = frame_len(h) else {
            return Err(FrameError::BadType);
        };
        if n > self.limit {
            return Err(FrameError::TooLong);
        }
        if avail.len() < 4 + n {
            return Ok(None);
        }
        let s = self.start + 4;
        self.start += 4 + n;
        Ok(Some(&self.buf[s..s + n]))
    }
}

/// The frame header at the start of `avail`, once its four bytes have arrived.
fn head(avail: &[u8]) -> Option<[u8; 4]> {
    avail.get(..4).map(|h| [h[0], h[1], h[2], h[3]])
}

/// A piece of the outgoing stream: a frame header (its bytes from the offset on), or
/// PDU bytes.
pub enum Piece<'a> {
    Header([u8; 4], usize),
    Body(&'a [u8]),
}

/// Responses waiting to go out on one connection, each behind its frame header, some
/// followed by a tail (a READ's data in an I/O engine's buffer, sent from there).
/// Several are sent by one gathered write, so a burst of responses costs one send, not
/// one each.
#[derive(Default)]
pub struct OutQueue {
    q: std::collections::VecDeque<([u8; 4], Vec<u8>, Option<Tail>)>,
    /// Bytes of the front entry (header included) already sent.
    sent: usize,
    /// Bytes queued and not yet sent (headers included).
    bytes: usize,
}

/// An entry's length on the wire: frame header, PDU, tail.
fn wire_len(pdu: &[u8], tail: &Option<Tail>) -> usize {
    4 + pdu.len() + tail.as_ref().map_or(0, |t| t.len)
}

impl OutQueue {
    pub fn push(&mut self, pdu: Vec<u8>) {
        self.push_reply(Reply { pdu, tail: None });
    }

    /// Queues a message whose last bytes may be in a tail.
    pub fn push_reply(&mut self, r: Reply) {
        let n = r.len();
        self.bytes += 4 + n;
        self.q.push_back((frame_header(n), r.pdu, r.tail));
    }

    /// Bytes waiting to be sent.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    pub fn is_empty(&self) -> bool {
        self.q.is_empty()
    }

    /// The unsent bytes, in order, as at most `max_slices` slices covering at most about
    /// `max_bytes` (whole entries after the first, so one large PDU still goes out).
    #[cfg(test)]
    pub fn slices(&self, max_slices: usize, max_bytes: usize) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        self.each_slice(max_slices, max_bytes, |p| {
            out.push(match p {
                Piece::Header(h, skip) => h[skip..].to_vec(),
                Piece::Body(b) => b.to_vec(),
            })
        });
        out
    }

    /// Calls `f` with each piece [`Self::slices`] would return, without collecting them.
    /// A frame header comes as a value (with how much of it was sent already): entries
    /// move when the queue grows, so a caller that hands memory to the kernel copies the
    /// header somewhere stable first; bodies and tails stay put (their storage never
    /// moves).
    pub fn each_slice<'a>(
        &'a self,
        max_slices: usize,
        max_bytes: usize,
        mut f: impl FnMut(Piece<'a>),
    ) {
        let (mut n, mut bytes) = (0usize, 0usize);
        for (i, (hdr, pdu, tail)) in self.q.iter().enumerate() {
            let len = wire_len(pdu, tail);
            if n + 3 > max_slices || (i > 0 && bytes + len > max_bytes) {
                break;
            }
            let skip = if i == 0 { self.sent } else { 0 };
            if skip < 4 {
                f(Piece::Header(*hdr, skip));
                n += 1;
            }
            let body = pdu.get(skip.saturating_sub(4)..).unwrap_or_default();
            if !body.is_empty() {
                f(Piece::Body(body));
                n += 1;
            }
            if let Some(t) = tail {
                let into = skip.saturating_sub(4 + pdu.len());
                let rest = &t.bytes()[into..];
                if !rest.is_empty() {
                    f(Piece::Body(rest));
                    n += 1;
                }
            }
            bytes += len - skip;
        }
    }

    /// Records that `n` more bytes went out: whole entries leave the queue, and the
    /// tails of those that had one go into `sent_tails` (to go back to their engine).
    pub fn advance(&mut self, mut n: usize, sent_tails: &mut Vec<Tail>) {
        self.bytes = self.bytes.saturating_sub(n);
        while let Some((_, pdu, tail)) = self.q.front() {
            let left = wire_len(pdu, tail) - self.sent;
            if n < left {
                self.sent += n;
                return;
            }
            n -= left;
            self.sent = 0;
            // Sent: the engine builds a later response in its buffer.
            if let Some((_, pdu, tail)) = self.q.pop_front() {
                smb_server::bufs::give(pdu);
                sent_tails.extend(tail);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feed(r: &mut FrameReader, data: &[u8]) {
        let (p, l) = r.spare(data.len());
        assert!(l >= data.len());
        // SAFETY: `l` bytes of spare capacity start at `p`; `data` fits.
        unsafe {
            std::ptr::copy_nonoverlapping(data.as_ptr(), p, data.len());
            r.filled(data.len());
        }
    }

    #[test]
    fn splits_and_joins() {
        let mut r = FrameReader::default();
        let mut wire = Vec::new();
        for p in [&b"abc"[..], b"", b"hello world"] {
            wire.extend_from_slice(&frame_header(p.len()));
            wire.extend_from_slice(p);
        }
        let mut got = Vec::new();
        for chunk in wire.chunks(3) {
            feed(&mut r, chunk);
            while let Some(p) = r.next_pdu().unwrap() {
                got.push(p.to_vec());
            }
        }
        assert_eq!(got, vec![b"abc".to_vec(), vec![], b"hello world".to_vec()]);
    }

    #[test]
    fn refuses_oversized_and_bad_type() {
        let mut r = FrameReader::default();
        feed(&mut r, &[0, 0xFF, 0xFF, 0xFF]);
        assert_eq!(r.next_pdu(), Err(FrameError::TooLong));
        let mut r = FrameReader::default();
        feed(&mut r, &[0x81, 0, 0, 0]);
        assert_eq!(r.next_pdu(), Err(FrameError::BadType));
    }

    #[test]
    fn a_frame_over_the_limit_is_refused_before_its_body_arrives() {
        let mut r = FrameReader::with_limit(1000);
        // Declares 1001 bytes: refused on its header alone.
        feed(&mut r, &[0, 0, 0x03, 0xE9]);
        assert_eq!(r.next_pdu(), Err(FrameError::TooLong));
        // Within the limit: accepted; a raised limit lets bigger frames in.
        let mut r = FrameReader::with_limit(1000);
        feed(&mut r, &frame_header(1000));
        feed(&mut r, &[7; 1000]);
        assert_eq!(r.next_pdu().unwrap().unwrap().len(), 1000);
        r.set_limit(MAX_PDU);
        feed(&mut r, &frame_header(5000));
        assert_eq!(r.next_pdu(), Ok(None));
    }

    #[test]
    fn room_grows_with_what_arrived_not_with_what_was_declared() {
        let mut r = FrameReader::default();
        // A frame declaring 8 MiB, of which 100 bytes came: the buffer stays small.
        let mut first = frame_header(8 << 20).to_vec();
        first.extend_from_slice(&[1; 100]);
        feed(&mut r, &first);
        let (_, room) = r.spare(4096);
        assert!(r.held().1 < 64 * 1024, "capacity {}", r.held().1);
        assert!(room >= 4096);
        assert!(!r.has_frame());
        // As the frame arrives the room grows (about doubling), so large writes still
        // arrive in few receives.
        let mut got = first.len();
        let mut recvs = 0;
        while got < 4 + (8 << 20) {
            let (_, room) = r.spare(128 * 1024);
            let n = room.min(4 + (8 << 20) - got);
            feed(&mut r, &vec![2; n]);
            got += n;
            recvs += 1;
            assert!(r.held().1 <= 3 * got + 256 * 1024);
        }
        assert!(recvs < 80, "{recvs} receives");
        assert!(r.has_frame());
        assert_eq!(r.next_pdu().unwrap().unwrap().len(), 8 << 20);
    }

    #[derive(Debug)]
    struct Held(Vec<u8>);

    impl smb_server::rdma::LentBuffer for Held {
        fn capacity(&self) -> usize {
            self.0.len()
        }
        fn bytes_mut(&mut self) -> &mut [u8] {
            &mut self.0
        }
        fn bytes(&self) -> &[u8] {
            &self.0
        }
        fn into_any(self: Box<Self>) -> Box<dyn std::any::Any + Send> {
            self
        }
    }

    #[test]
    fn out_queue_gathers_and_resumes_partial_sends() {
        let mut q = OutQueue::default();
        let mut tails = Vec::new();
        q.push(b"abc".to_vec());
        q.push(Vec::new());
        // A message whose last bytes are in a tail (from its 2nd byte on, 4 of them).
        q.push_reply(Reply {
            pdu: b"he".to_vec(),
            tail: Some(Tail {
                buf: Box::new(Held(b"_llo_".to_vec())),
                at: 1,
                len: 3,
            }),
        });
        q.push(b"hello".to_vec());
        let all: Vec<u8> = q.slices(64, 1 << 20).concat();
        assert_eq!(all, b"\0\0\0\x03abc\0\0\0\0\0\0\0\x05hello\0\0\0\x05hello");
        assert_eq!(q.bytes(), all.len());
        // Send in odd pieces; what is left is always the tail of the stream.
        let mut pos = 0;
        for step in [2, 3, 1, 6, 1, 3, 2, 2] {
            q.advance(step, &mut tails);
            pos += step;
            assert_eq!(q.slices(64, 1 << 20).concat(), all[pos..]);
        }
        // The tail went back once its message was all sent (at byte 20).
        assert_eq!(tails.len(), 1);
        q.advance(all.len() - pos, &mut tails);
        assert!(q.is_empty());
        assert_eq!(q.bytes(), 0);
        // Limits: slice count and bytes (the first entry always goes).
        q.push(vec![1; 100]);
        q.push(vec![2; 100]);
        assert_eq!(q.slices(3, 1 << 20).len(), 2);
        assert_eq!(q.slices(64, 10).concat().len(), 104);
        assert_eq!(q.slices(64, 1 << 20).concat().len(), 208);
    }
}
