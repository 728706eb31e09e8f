//! The data commands: READ/WRITE/VERIFY, WRITE SAME, UNMAP and GET LBA STATUS.

use super::*;

pub(super) fn lba_and_count(cdb: &[u8; 16]) -> (u64, u64, bool) {
    let fua = cdb[1] & 0x08 != 0;
    match cdb[0] >> 5 {
        0 => {
            let lba =
                (u64::from(cdb[1] & 0x1F) << 16) | (u64::from(cdb[2]) << 8) | u64::from(cdb[3]);
            let n = if cdb[4] == 0 { 256 } else { u64::from(cdb[4]) };
            (lba, n, false)
        }
        1 => (u64::from(be32(cdb, 2)), u64::from(be16(cdb, 7)), fua),
        5 => (u64::from(be32(cdb, 2)), u64::from(be32(cdb, 6)), fua),
        _ => (be64(cdb, 2), u64::from(be32(cdb, 10)), fua),
    }
}

pub(super) fn data_command(
    dev: &dyn BlockDevice,
    cdb: &[u8; 16],
    cmd: &Command,
    bs: u64,
    blocks: u64,
) -> Outcome {
    use op::*;
    let (lba, count, fua) = lba_and_count(cdb);
    if lba.checked_add(count).is_none_or(|end| end > blocks) {
        return Outcome::check(sense::LBA_OUT_OF_RANGE);
    }
    let offset = lba * bs;
    let bytes = count * bs;
    if bytes > MAX_TRANSFER {
        return Outcome::check(sense::INVALID_FIELD_IN_CDB);
    }
    match cdb[0] {
        READ6 | READ10 | READ12 | READ16 => {
            if bytes as usize > cmd.max_in {
                return Outcome::check(sense::INVALID_FIELD_IN_CDB);
            }
            let mut d = vec![0u8; bytes as usize];
            match dev.read(offset, &mut d) {
                Ok(()) => Outcome::good(d),
                Err(e) => Outcome::check(dev_sense(&e, false)),
            }
        }
        VERIFY10 | VERIFY12 | VERIFY16 => {
            // BYTCHK 01b: compare the medium with the data sent.
            let bytchk = (cdb[1] >> 1) & 0x3;
            if bytchk == 0 {
                return Outcome::good(Vec::new());
            }
            if bytchk != 1 || (cmd.data_out.len() as u64) < bytes {
                return Outcome::check(sense::INVALID_FIELD_IN_CDB);
            }
            let mut d = vec![0u8; bytes as usize];
            if let Err(e) = dev.read(offset, &mut d) {
                return Outcome::check(dev_sense(&e, false));
            }
            if d[..] != cmd.data_out[..bytes as usize] {
                return Outcome::check(Sense::new(0x0E, 0x1D, 0x00));
            }
            Outcome::good(Vec::new())
        }
        _ => {
            if (cmd.data_out.len() as u64) < bytes {
                return Outcome::check(sense::PARAMETER_LIST_LENGTH_ERROR);
            }
            let verify = matches!(cdb[0], WRITE_VERIFY10 | WRITE_VERIFY12 | WRITE_VERIFY16);
            match dev.write(offset, &cmd.data_out[..bytes as usize], fua || verify) {
                Ok(()) => Outcome::good(Vec::new()),
                Err(e) => Outcome::check(dev_sense(&e, true)),
            }
        }
    }
}

pub(super) fn write_same(
    dev: &dyn BlockDevice,
    cdb: &[u8; 16],
    cmd: &Command,
    bs: u64,
    blocks: u64,
) -> Outcome {
    let unmap_bit = cdb[1] & 0x08 != 0;
    let (lba, count) = if cdb[0] == op::WRITE_SAME10 {
        (u64::from(be32(cdb, 2)), u64::from(be16(cdb, 7)))
    } else {
        (be64(cdb, 2), u64::from(be32(cdb, 10)))
    };
    // WSNZ is set in VPD B0h: a count of zero is not "to the end".
    if count == 0 {
        return Outcome::check(sense::INVALID_FIELD_IN_CDB);
    }
    if lba.checked_add(count).is_none_or(|end| end > blocks) {
        return Outcome::check(sense::LBA_OUT_OF_RANGE);
    }
    let Some(block) = cmd.data_out.get(..bs as usize) else {
        return Outcome::check(sense::PARAMETER_LIST_LENGTH_ERROR);
    };
    let (offset, len) = (lba * bs, count * bs);
    let zeros = block.iter().all(|&b| b == 0);
    if unmap_bit && zeros {
        return match zero_range(dev, offset, len) {
            Ok(()) => Outcome::good(Vec::new()),
            Err(e) => Outcome::check(dev_sense(&e, true)),
        };
    }
    if len > MAX_WRITE_SAME {
        return Outcome::check(sense::INVALID_FIELD_IN_CDB);
    }
    match fill(dev, offset, len, block) {
        Ok(()) => Outcome::good(Vec::new()),
        Err(e) => Outcome::check(dev_sense(&e, true)),
    }
}

/// Makes `[offset, offset + len)` (whole blocks) read as zeros: the whole allocation
/// units inside it through [`BlockDevice::zero`] (released where the device can), the
/// edges written with zeros.
pub fn zero_range(dev: &dyn BlockDevice, offset: u64, len: u64) -> Result<(), DevError> {
    dev.zero(offset, len)?;
    let bs = u64::from(dev.sector_size());
    let g = dev.unmap_granularity().max(bs);
    let head_end = offset.div_ceil(g) * g;
    let tail_start = (offset + len) / g * g;
    let edges = if head_end >= tail_start {
        [(offset, len), (0, 0)]
    } else {
        [
            (offset, head_end - offset),
            (tail_start, offset + len - tail_start),
        ]
    };
    let zeros = vec![0u8; bs as usize];
    for (o, l) in edges.into_iter().filter(|&(_, l)| l > 0) {
        fill(dev, o, l, &zeros)?;
    }
    Ok(())
}

/// Writes `block` repeatedly over [offset, offset + len), a megabyte at a time.
pub(super) fn fill(
    dev: &dyn BlockDevice,
    offset: u64,
    len: u64,
    block: &[u8],
) -> Result<(), DevError> {
    let chunk_blocks = ((1u64 << 20) / block.len() as u64).max(1);
    let chunk: Vec<u8> = block
        .iter()
        .copied()
        .cycle()
        .take((chunk_blocks as usize * block.len()).min(len as usize))
        .collect();
    let mut at = 0u64;
    while at < len {
        let n = (len - at).min(chunk.len() as u64) as usize;
        dev.write(offset + at, &chunk[..n], false)?;
        at += n as u64;
    }
    Ok(())
}

pub(super) fn unmap(dev: &dyn BlockDevice, cmd: &Command, bs: u64, blocks: u64) -> Outcome {
    let p = cmd.data_out;
    if p.is_empty() {
        return Outcome::good(Vec::new());
    }
    if p.len() < 8 {
        return Outcome::check(sense::PARAMETER_LIST_LENGTH_ERROR);
    }
    let desc_len = usize::from(be16(p, 2));
    if desc_len % 16 != 0 || 8 + desc_len > p.len() {
        return Outcome::check(sense::PARAMETER_LIST_LENGTH_ERROR);
    }
    if desc_len / 16 > MAX_UNMAP_DESCRIPTORS {
        return Outcome::check(sense::INVALID_FIELD_IN_PARAMETER_LIST);
    }
    let descs: Vec<(u64, u64)> = p[8..8 + desc_len]
        .chunks_exact(16)
        .map(|d| (be64(d, 0), u64::from(be32(d, 8))))
        .collect();
    // All ranges are checked before any is released.
    if descs
        .iter()
        .any(|&(lba, n)| lba.checked_add(n).is_none_or(|end| end > blocks))
    {
        return Outcome::check(sense::LBA_OUT_OF_RANGE);
    }
    for (lba, n) in descs {
        if n == 0 {
            continue;
        }
        if let Err(e) = dev.unmap(lba * bs, n * bs) {
            return Outcome::check(dev_sense(&e, true));
        }
    }
    Outcome::good(Vec::new())
}

/// GET LBA STATUS: from the starting LBA, alternating descriptors of mapped (0) and
/// deallocated (1) runs, as many as the allocation length holds.
pub(super) fn lba_status(
    dev: &dyn BlockDevice,
    cdb: &[u8; 16],
    max_in: usize,
    bs: u64,
    blocks: u64,
) -> Outcome {
    let start = be64(cdb, 2);
    let alloc = be32(cdb, 10) as usize;
    if start >= blocks {
        return Outcome::check(sense::LBA_OUT_OF_RANGE);
    }
    let room = alloc.min(max_in);
    if room < 24 {
        // Not even one descriptor fits: the header alone says how much there would be.
        let mut d = vec![0u8; 8];
        d[..4].copy_from_slice(&20u32.to_be_bytes());
        return truncated(d, alloc, max_in);
    }
    let max_desc = (room - 8) / 16;
    let from = start * bs;
    let to = (from + LBA_STATUS_WINDOW).min(blocks * bs);
    let mapped = match dev.mapped(from, to - from) {
        Ok(m) => m,
        Err(e) => return Outcome::check(dev_sense(&e, false)),
    };
    let mut runs: Vec<(u64, u64, u8)> = Vec::new();
    let mut at = from;
    for (o, l) in mapped {
        let (o, end) = (o.max(at), (o + l).min(to));
        if end <= o {
            continue;
        }
        if o > at {
            runs.push((at, o - at, 1));
        }
        runs.push((o, end - o, 0));
        at = end;
    }
    if at < to {
        runs.push((at, to - at, 1));
    }
    let mut d = vec![0u8; 8];
    for (o, l, state) in runs.into_iter().take(max_desc) {
        // A run of more blocks than 32 bits count ends the list at that count; the
        // initiator asks again from where it stops.
        let n = (l / bs).min(u64::from(u32::MAX));
        let mut e = [0u8; 16];
        e[..8].copy_from_slice(&(o / bs).to_be_bytes());
        e[8..12].copy_from_slice(&(n as u32).to_be_bytes());
        e[12] = state;
        d.extend_from_slice(&e);
        if n * bs < l {
            break;
        }
    }
    let len = (d.len() - 4) as u32;
    d[..4].copy_from_slice(&len.to_be_bytes());
    truncated(d, alloc, max_in)
}
