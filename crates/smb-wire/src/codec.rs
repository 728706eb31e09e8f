//! Checked little-endian reading and writing.

/// A decode failure. Small and cheap: the engine maps it to INVALID_PARAMETER or a
/// disconnect, depending on where it happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WireError {
    /// The buffer ends before the structure does.
    Truncated,
    /// A StructureSize field does not match the command.
    BadStructureSize,
    /// An offset/length pair points outside the message.
    BadOffset,
    /// A field holds a value the protocol forbids.
    BadValue(&'static str),
}

impl std::fmt::Display for WireError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WireError::Truncated => write!(f, "truncated"),
            WireError::BadStructureSize => write!(f, "bad structure size"),
            WireError::BadOffset => write!(f, "offset or length outside the message"),
            WireError::BadValue(what) => write!(f, "bad value: {what}"),
        }
    }
}

impl std::error::Error for WireError {}

pub type Result<T> = std::result::Result<T, WireError>;

/// Reads little-endian fields at absolute positions of a buffer.
#[derive(Clone, Copy)]
pub struct Le<'a>(pub &'a [u8]);

impl<'a> Le<'a> {
    pub fn bytes(&self, at: usize, len: usize) -> Result<&'a [u8]> {
        let end = at.checked_add(len).ok_or(WireError::Truncated)?;
        self.0.get(at..end).ok_or(WireError::Truncated)
    }
    pub fn u8(&self, at: usize) -> Result<u8> {
        self.0.get(at).copied().ok_or(WireError::Truncated)
    }
    pub fn u16(&self, at: usize) -> Result<u16> {
        Ok(u16::from_le_bytes(self.bytes(at, 2)?.try_into().unwrap()))
    }
    pub fn u32(&self, at: usize) -> Result<u32> {
        Ok(u32::from_le_bytes(self.bytes(at, 4)?.try_into().unwrap()))
    }
    pub fn u64(&self, at: usize) -> Result<u64> {
        Ok(u64::from_le_bytes(self.bytes(at, 8)?.try_into().unwrap()))
    }
    pub fn array16(&self, at: usize) -> Result<[u8; 16]> {
        Ok(self.bytes(at, 16)?.try_into().unwrap())
    }
    /// A buffer named by an (offset, length) pair; a zero length is an empty slice wherever
    /// the offset points.
    /// A request's variable buffer: like [`Le::region`], and it must start at or after
    /// `fixed_end` (the end of the request's fixed part): a buffer that overlaps the
    /// header or the fixed fields is refused (a WRITE whose DataOffset is 0 would
    /// otherwise write the SMB2 header into the file).
    pub fn buffer(&self, offset: usize, len: usize, fixed_end: usize) -> Result<&'a [u8]> {
        if len > 0 && offset < fixed_end {
            return Err(WireError::BadOffset);
        }
        self.region(offset, len)
    }

    pub fn region(&self, offset: usize, len: usize) -> Result<&'a [u8]> {
        if len == 0 {
            return Ok(&[]);
        }
        let end = offset.checked_add(len).ok_or(WireError::BadOffset)?;
        self.0.get(offset..end).ok_or(WireError::BadOffset)
    }
}

/// Appends little-endian fields to a Vec.
pub trait PutLe {
    fn put_u8(&mut self, v: u8);
    fn put_u16(&mut self, v: u16);
    fn put_u32(&mut self, v: u32);
    fn put_u64(&mut self, v: u64);
    fn put_zeros(&mut self, n: usize);
    /// Pads with zeros to a multiple of `align`, counted from `base`.
    fn align_from(&mut self, base: usize, align: usize);
    fn set_u16(&mut self, at: usize, v: u16);
    fn set_u32(&mut self, at: usize, v: u32);
}

impl PutLe for Vec<u8> {
    fn put_u8(&mut self, v: u8) {
        self.push(v);
    }
    fn put_u16(&mut self, v: u16) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    fn put_u32(&mut self, v: u32) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    fn put_u64(&mut self, v: u64) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    fn put_zeros(&mut self, n: usize) {
        self.resize(self.len() + n, 0);
    }
    fn align_from(&mut self, base: usize, align: usize) {
        let rel = self.len() - base;
        let pad = (align - rel % align) % align;
        self.put_zeros(pad);
    }
    fn set_u16(&mut self, at: usize, v: u16) {
        self[at..at + 2].copy_from_slice(&v.to_le_bytes());
    }
    fn set_u32(&mut self, at: usize, v: u32) {
        self[at..at + 4].copy_from_slice(&v.to_le_bytes());
    }
}

/// UTF-16LE bytes to a String; unpaired surrogates are refused (Windows names may hold them,
/// but no Linux name can round-trip them).
pub fn utf16_to_string(b: &[u8]) -> Result<String> {
    if !b.len().is_multiple_of(2) {
        return Err(WireError::BadValue("odd UTF-16 length"));
    }
    let units = b.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]]));
    char::decode_utf16(units)
        .collect::<std::result::Result<String, _>>()
        .map_err(|_| WireError::BadValue("invalid UTF-16"))
}

pub fn put_utf16(out: &mut Vec<u8>, s: &str) {
    for u in s.encode_utf16() {
        out.put_u16(u);
    }
}

pub fn utf16_len(s: &str) -> usize {
    s.encode_utf16().count() * 2
}
