//! The VHDX metadata log: finding and replaying the active sequence on open, and
//! writing new entries so that every metadata update is atomic across a crash.
//!
//! Our writer keeps the log simple: each entry is flushed, applied to its targets and
//! flushed again before the next is written, so an entry's tail is always the entry
//! itself and a crash at any instant leaves at most one entry to replay, idempotently.

use crate::format::*;
use crate::{Error, Result, Storage};

/// One target update carried by a log entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogWrite {
    /// A whole 4 KiB sector.
    Data { file_offset: u64, sector: Vec<u8> },
    /// `length` bytes of zeros.
    Zero { file_offset: u64, length: u64 },
}

#[derive(Clone, Debug)]
pub struct LogEntry {
    pub position: u64,
    pub length: u64,
    pub tail: u64,
    pub sequence: u64,
    pub flushed_file_offset: u64,
    pub last_file_offset: u64,
    pub writes: Vec<LogWrite>,
}

fn descriptor_sectors(count: u64) -> u64 {
    (count + 2).div_ceil(128)
}

/// Reads `len` bytes of the circular log starting at `pos`.
fn circular(log: &[u8], pos: u64, len: u64) -> Vec<u8> {
    let l = log.len() as u64;
    let mut out = Vec::with_capacity(len as usize);
    let mut p = pos % l;
    let mut left = len;
    while left > 0 {
        let n = left.min(l - p);
        out.extend_from_slice(&log[p as usize..(p + n) as usize]);
        left -= n;
        p = (p + n) % l;
    }
    out
}

/// Parses the entry at `pos` if it is a complete, valid entry of this log.
pub fn parse_entry(log: &[u8], pos: u64, guid: &Guid, log_offset: u64) -> Option<LogEntry> {
    let l = log.len() as u64;
    let p = pos as usize;
    if !pos.is_multiple_of(LOG_SECTOR as u64) || pos >= l || &log[p..p + 4] != LOG_ENTRY_SIG {
        return None;
    }
    let h = &log[p..p + 64];
    let length = le32(h, 8) as u64;
    let tail = le32(h, 12) as u64;
    let sequence = le64(h, 16);
    let count = le32(h, 24) as u64;
    if Guid::from_slice(&h[32..]) != *guid
        || sequence == 0
        || tail >= l
        || !tail.is_multiple_of(LOG_SECTOR as u64)
        || length == 0
        || !length.is_multiple_of(LOG_SECTOR as u64)
        || length >= l
    {
        return None;
    }
    let dsec = descriptor_sectors(count);
    if dsec * LOG_SECTOR as u64 > length {
        return None;
    }
    let entry = circular(log, pos, length);
    if crc_with_hole(&entry, 4) != le32(&entry, 4) {
        return None;
    }
    let mut writes = Vec::with_capacity(count as usize);
    let mut data_sector = dsec;
    let log_end = log_offset + l;
    for i in 0..count as usize {
        let d = &entry[64 + i * 32..96 + i * 32];
        let file_offset = le64(d, 16);
        if le64(d, 24) != sequence || !file_offset.is_multiple_of(LOG_SECTOR as u64) {
            return None;
        }
        let target_len = if &d[0..4] == LOG_DATA_DESC_SIG {
            LOG_SECTOR as u64
        } else if &d[0..4] == LOG_ZERO_DESC_SIG {
            le64(d, 8)
        } else {
            return None;
        };
        if target_len == 0 || target_len % LOG_SECTOR as u64 != 0 {
            return None;
        }
        // Targets never lie in the file identifier, the headers or the log itself.
        let end = file_offset.checked_add(target_len)?;
        if file_offset < REGION1_OFFSET || (file_offset < log_end && end > log_offset) {
            return None;
        }
        if &d[0..4] == LOG_DATA_DESC_SIG {
            if (data_sector + 1) * LOG_SECTOR as u64 > length {
                return None;
            }
            let s = &entry[(data_sector as usize) * LOG_SECTOR..][..LOG_SECTOR];
            let seq = ((le32(s, 4) as u64) << 32) | le32(s, 4092) as u64;
            if &s[0..4] != LOG_DATA_SIG || seq != sequence {
                return None;
            }
            let mut sector = vec![0u8; LOG_SECTOR];
            sector[0..8].copy_from_slice(&d[8..16]);
            sector[8..4092].copy_from_slice(&s[8..4092]);
            sector[4092..4096].copy_from_slice(&d[4..8]);
            writes.push(LogWrite::Data {
                file_offset,
                sector,
            });
            data_sector += 1;
        } else {
            writes.push(LogWrite::Zero {
                file_offset,
                length: target_len,
            });
        }
    }
    Some(LogEntry {
        position: pos,
        length,
        tail,
        sequence,
        flushed_file_offset: le64(h, 48),
        last_file_offset: le64(h, 56),
        writes,
    })
}

/// Finds the active sequence: the entries from the newest valid entry's tail up to it.
pub fn find_active_sequence(log: &[u8], guid: &Guid, log_offset: u64) -> Vec<LogEntry> {
    let l = log.len() as u64;
    let mut valid: Vec<LogEntry> = (0..l / LOG_SECTOR as u64)
        .filter_map(|i| parse_entry(log, i * LOG_SECTOR as u64, guid, log_offset))
        .collect();
    valid.sort_by_key(|e| std::cmp::Reverse(e.sequence));
    'candidates: for head in &valid {
        let mut chain: Vec<LogEntry> = Vec::new();
        let mut pos = head.tail;
        let mut used = 0u64;
        loop {
            let Some(e) = valid.iter().find(|e| e.position == pos) else {
                continue 'candidates;
            };
            if let Some(prev) = chain.last() {
                if e.sequence != prev.sequence + 1 {
                    continue 'candidates;
                }
            }
            used += e.length;
            if used > l || e.sequence > head.sequence {
                continue 'candidates;
            }
            chain.push(e.clone());
            if e.sequence == head.sequence {
                if e.position != head.position {
                    continue 'candidates;
                }
                return chain;
            }
            pos = (pos + e.length) % l;
        }
    }
    Vec::new()
}

/// Applies a sequence to the file (replay). The caller flushes and clears the log GUID.
pub fn apply<S: Storage + ?Sized>(file: &S, seq: &[LogEntry]) -> Result<()> {
    let Some(last) = seq.last() else {
        return Ok(());
    };
    let len = file.len()?;
    if last.flushed_file_offset > len {
        return Err(Error::Corrupt(format!(
            "log: the file was {} bytes when the log was written but is now {len} (truncated)",
            last.flushed_file_offset
        )));
    }
    for e in seq {
        for w in &e.writes {
            match w {
                LogWrite::Data {
                    file_offset,
                    sector,
                } => file.write_at(sector, *file_offset)?,
                LogWrite::Zero {
                    file_offset,
                    length,
                } => {
                    let z = vec![0u8; MIB as usize];
                    let mut o = 0;
                    while o < *length {
                        let n = (length - o).min(MIB);
                        file.write_at(&z[..n as usize], file_offset + o)?;
                        o += n;
                    }
                }
            }
        }
    }
    let want = last.last_file_offset.max(len);
    if want > len {
        file.set_len(want.div_ceil(MIB) * MIB)?;
    }
    Ok(())
}

/// Encodes one entry whose data sectors are `writes` (all `Data`, 4 KiB each).
pub fn encode_entry(
    guid: &Guid,
    sequence: u64,
    tail: u64,
    flushed_file_offset: u64,
    last_file_offset: u64,
    writes: &[(u64, &[u8])],
) -> Vec<u8> {
    let count = writes.len() as u64;
    let dsec = descriptor_sectors(count);
    let length = (dsec + count) * LOG_SECTOR as u64;
    let mut e = vec![0u8; length as usize];
    e[0..4].copy_from_slice(LOG_ENTRY_SIG);
    put32(&mut e, 8, length as u32);
    put32(&mut e, 12, tail as u32);
    put64(&mut e, 16, sequence);
    put32(&mut e, 24, count as u32);
    e[32..48].copy_from_slice(&guid.0);
    put64(&mut e, 48, flushed_file_offset);
    put64(&mut e, 56, last_file_offset);
    for (i, (off, sector)) in writes.iter().enumerate() {
        let d = 64 + i * 32;
        e[d..d + 4].copy_from_slice(LOG_DATA_DESC_SIG);
        e[d + 4..d + 8].copy_from_slice(&sector[4092..4096]);
        e[d + 8..d + 16].copy_from_slice(&sector[0..8]);
        put64(&mut e, d + 16, *off);
        put64(&mut e, d + 24, sequence);
        let s = (dsec as usize + i) * LOG_SECTOR;
        e[s..s + 4].copy_from_slice(LOG_DATA_SIG);
        put32(&mut e, s + 4, (sequence >> 32) as u32);
        e[s + 8..s + 4092].copy_from_slice(&sector[8..4092]);
        put32(&mut e, s + 4092, sequence as u32);
    }
    let c = crc_with_hole(&e, 4);
    put32(&mut e, 4, c);
    e
}

/// Writer state for one open session of the log.
#[derive(Clone, Debug)]
pub struct LogWriter {
    pub offset: u64,
    pub length: u64,
    pub guid: Guid,
    pub sequence: u64,
    pub head: u64,
}

impl LogWriter {
    /// Largest number of 4 KiB sectors one entry can carry.
    pub fn capacity(&self) -> usize {
        let sectors = self.length / LOG_SECTOR as u64 - 1;
        // descriptor sectors + data sectors must stay below the log length
        let mut n = sectors.saturating_sub(1);
        while n > 0 && descriptor_sectors(n) + n > sectors {
            n -= 1;
        }
        n as usize
    }

    /// Writes one entry, makes it durable, applies it and makes the targets durable.
    pub fn commit<S: Storage + ?Sized>(
        &mut self,
        file: &S,
        file_len: u64,
        writes: &[(u64, &[u8])],
    ) -> Result<()> {
        if writes.is_empty() {
            return Ok(());
        }
        if writes.len() > self.capacity() {
            return Err(Error::InvalidArgument(format!(
                "a metadata update of {} sectors does not fit the {} byte log",
                writes.len(),
                self.length
            )));
        }
        // Everything written so far (new blocks, relocated tables) is durable before
        // the entry that makes it reachable.
        file.flush()?;
        let entry = encode_entry(
            &self.guid,
            self.sequence,
            self.head,
            file_len,
            file_len,
            writes,
        );
        let mut p = self.head;
        for chunk in entry.chunks(LOG_SECTOR) {
            file.write_at(chunk, self.offset + p)?;
            p = (p + LOG_SECTOR as u64) % self.length;
        }
        file.flush()?;
        for (off, sector) in writes {
            file.write_at(sector, *off)?;
        }
        file.flush()?;
        self.head = p;
        self.sequence += 1;
        Ok(())
    }
}
