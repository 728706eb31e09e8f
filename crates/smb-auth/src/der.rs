//! A small DER reader and writer for SPNEGO (RFC 4178 / X.690). Bounded: lengths must fit
//! in the buffer, at most 4 length octets.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DerError;

/// One TLV: tag byte, contents, and the rest of the buffer after it.
pub fn read(b: &[u8]) -> Result<(u8, &[u8], &[u8]), DerError> {
    let (&tag, rest) = b.split_first().ok_or(DerError)?;
    let (&l0, rest) = rest.split_first().ok_or(DerError)?;
    let (len, rest) = if l0 < 0x80 {
        (l0 as usize, rest)
    } else {
        let n = (l0 & 0x7F) as usize;
        if n == 0 || n > 4 || rest.len() < n {
            return Err(DerError);
        }
        let len = rest[..n].iter().fold(0usize, |a, &x| (a << 8) | x as usize);
        (len, &rest[n..])
    };
    if rest.len() < len {
        return Err(DerError);
    }
    Ok((tag, &rest[..len], &rest[len..]))
}

/// Reads a TLV that must carry `tag`.
pub fn expect(b: &[u8], tag: u8) -> Result<(&[u8], &[u8]), DerError> {
    let (t, c, r) = read(b)?;
    if t != tag {
        return Err(DerError);
    }
    Ok((c, r))
}

pub fn write(tag: u8, content: &[u8]) -> Vec<u8> {
    let mut v = vec![tag];
    let n = content.len();
    if n < 0x80 {
        v.push(n as u8);
    } else if n < 0x100 {
        v.extend_from_slice(&[0x81, n as u8]);
    } else if n < 0x10000 {
        v.extend_from_slice(&[0x82, (n >> 8) as u8, n as u8]);
    } else {
        v.extend_from_slice(&[
            0x84,
            (n >> 24) as u8,
            (n >> 16) as u8,
            (n >> 8) as u8,
            n as u8,
        ]);
    }
    v.extend_from_slice(content);
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_hostile() {
        for n in [0, 5, 200, 70000] {
            let c = vec![1u8; n];
            let w = write(0x04, &c);
            let (t, got, rest) = read(&w).unwrap();
            assert_eq!((t, got.len(), rest.len()), (4, n, 0));
        }
        assert!(read(&[0x30, 0x85, 1, 1, 1, 1, 1]).is_err());
        assert!(read(&[0x30, 0x82, 0xFF, 0xFF, 0]).is_err());
        assert!(read(&[0x30]).is_err());
    }
}
