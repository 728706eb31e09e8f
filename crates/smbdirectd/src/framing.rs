//! Direct TCP transport framing (MS-SMB2 2.1): each PDU is preceded by a zero byte and a
//! 24-bit big-endian length.

/// Largest PDU accepted: an 8 MiB WRITE plus headers and a transform header.
pub const MAX_PDU: usize = (8 << 20) + 64 * 1024;

#[derive(Debug, PartialEq, Eq)]
pub enum FrameError {
    /// The first byte was not zero (a NetBIOS session message type we do not serve).
    BadType,
    TooLong,
}

/// Accumulates received bytes and yields whole PDUs without copying them twice.
pub struct FrameReader {
    buf: Vec<u8>,
    start: usize,
}

impl Default for FrameReader {
    fn default() -> Self {
        FrameReader {
            buf: Vec::with_capacity(64 * 1024),
            start: 0,
        }
    }
}

impl FrameReader {
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
        self.buf.reserve(min.max(self.needed()));
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

    fn needed(&self) -> usize {
        let avail = &self.buf[self.start..];
        if avail.len() >= 4 {
            let n = frame_len(avail);
            (n + 4).saturating_sub(avail.len()).min(MAX_PDU + 4)
        } else {
            0
        }
    }

    /// The next whole PDU, if one has arrived.
    pub fn next_pdu(&mut self) -> Result<Option<&[u8]>, FrameError> {
        let avail = &self.buf[self.start..];
        if avail.len() < 4 {
            return Ok(None);
        }
        if avail[0] != 0 {
            return Err(FrameError::BadType);
        }
        let n = frame_len(avail);
        if n > MAX_PDU {
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

fn frame_len(b: &[u8]) -> usize {
    (usize::from(b[1]) << 16) | (usize::from(b[2]) << 8) | usize::from(b[3])
}

pub fn frame_header(len: usize) -> [u8; 4] {
    [0, (len >> 16) as u8, (len >> 8) as u8, len as u8]
}

/// A piece of the outgoing stream: a frame header (its bytes from the offset on), or
/// PDU bytes.
pub enum Piece<'a> {
    Header([u8; 4], usize),
    Body(&'a [u8]),
}

/// Responses waiting to go out on one connection, each behind its frame header. Several
/// are sent by one gathered write, so a burst of responses costs one send, not one each.
#[derive(Default)]
pub struct OutQueue {
    q: std::collections::VecDeque<([u8; 4], Vec<u8>)>,
    /// Bytes of the front entry (header included) already sent.
    sent: usize,
}

impl OutQueue {
    pub fn push(&mut self, pdu: Vec<u8>) {
        self.q.push_back((frame_header(pdu.len()), pdu));
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
    /// header somewhere stable first; bodies stay put (their heap storage never moves).
    pub fn each_slice<'a>(
        &'a self,
        max_slices: usize,
        max_bytes: usize,
        mut f: impl FnMut(Piece<'a>),
    ) {
        let (mut n, mut bytes) = (0usize, 0usize);
        for (i, (hdr, pdu)) in self.q.iter().enumerate() {
            if n + 2 > max_slices || (i > 0 && bytes + 4 + pdu.len() > max_bytes) {
                break;
            }
            let skip = if i == 0 { self.sent } else { 0 };
            if skip < 4 {
                f(Piece::Header(*hdr, skip));
                n += 1;
            }
            let body = &pdu[skip.saturating_sub(4)..];
            if !body.is_empty() {
                f(Piece::Body(body));
                n += 1;
            }
            bytes += 4 + pdu.len() - skip;
        }
    }

    /// Records that `n` more bytes went out: whole entries leave the queue.
    pub fn advance(&mut self, mut n: usize) {
        while let Some((_, pdu)) = self.q.front() {
            let left = 4 + pdu.len() - self.sent;
            if n < left {
                self.sent += n;
                return;
            }
            n -= left;
            self.sent = 0;
            // Sent: the engine builds a later response in its buffer.
            if let Some((_, pdu)) = self.q.pop_front() {
                smb_server::bufs::give(pdu);
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
    fn out_queue_gathers_and_resumes_partial_sends() {
        let mut q = OutQueue::default();
        q.push(b"abc".to_vec());
        q.push(Vec::new());
        q.push(b"hello".to_vec());
        let all: Vec<u8> = q.slices(64, 1 << 20).concat();
        assert_eq!(all, b"\0\0\0\x03abc\0\0\0\0\0\0\0\x05hello");
        // Send in odd pieces; what is left is always the tail of the stream.
        let mut pos = 0;
        for step in [2, 3, 1, 6, 4] {
            q.advance(step);
            pos += step;
            assert_eq!(q.slices(64, 1 << 20).concat(), all[pos..]);
        }
        q.advance(all.len() - pos);
        assert!(q.is_empty());
        // Limits: slice count and bytes (the first entry always goes).
        q.push(vec![1; 100]);
        q.push(vec![2; 100]);
        assert_eq!(q.slices(3, 1 << 20).len(), 2);
        assert_eq!(q.slices(64, 10).concat().len(), 104);
        assert_eq!(q.slices(64, 1 << 20).concat().len(), 208);
    }
}
