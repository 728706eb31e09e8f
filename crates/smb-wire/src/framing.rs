//! The Direct TCP transport's framing (MS-SMB2 2.1): each SMB2 message (or compound)
//! follows a 4-byte header, a zero byte and the message length in 24 bits, big-endian.

/// The longest message the header can state.
pub const MAX_FRAME_LEN: usize = 0x00FF_FFFF;

/// The header in front of a message of `len` bytes (`len` at most [`MAX_FRAME_LEN`]).
pub fn frame_header(len: usize) -> [u8; 4] {
    debug_assert!(len <= MAX_FRAME_LEN);
    [0, (len >> 16) as u8, (len >> 8) as u8, len as u8]
}

/// The message length a header states; `None` when its first byte is not zero (not a
/// Direct TCP frame: an SMB1-era NetBIOS session message or garbage).
pub fn frame_len(hdr: [u8; 4]) -> Option<usize> {
    if hdr[0] != 0 {
        return None;
    }
    Some((usize::from(hdr[1]) << 16) | (usize::from(hdr[2]) << 8) | usize::from(hdr[3]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_round_trips_and_refuses_other_types() {
        for n in [0, 1, 65, 0x1_0000, MAX_FRAME_LEN] {
            assert_eq!(frame_len(frame_header(n)), Some(n));
        }
        assert_eq!(frame_len([0x85, 0, 0, 0]), None);
    }
}
