//! The smallest size a disk can shrink to without cutting into what the guest uses:
//! what QUERY_SAFE_SIZE reports and what a resize with ShrinkToMinimumSafeSize goes to.
//!
//! A partitioned disk keeps every partition: with a GPT, the last partition plus the room
//! its backup table needs at the end of the disk; with an MBR, the end of the furthest
//! partition. A disk with no partition table keeps all of its data (its last mapped
//! byte). The answer is rounded up to a mebibyte (the alignment partitioning tools use)
//! and never exceeds the current size; anything that does not parse as a table gives
//! the current size, since guessing low would lose data.

use crate::{BlockDevice, DevError};

const MIB: u64 = 1 << 20;
/// The most partition entry bytes we read (Windows writes 128 entries of 128 bytes).
const MAX_ENTRY_BYTES: u64 = 4 * MIB;

/// The smallest safe size in bytes.
pub fn safe_size(dev: &dyn BlockDevice) -> Result<u64, DevError> {
    let cap = dev.capacity();
    let ss = u64::from(dev.sector_size());
    let mut lba0 = vec![0u8; ss as usize];
    dev.read(0, &mut lba0)?;
    let used = match mbr_entries(&lba0) {
        Some(entries) if entries.iter().any(|e| e.0 == 0xEE) => gpt_end(dev, ss)?,
        Some(entries) if !entries.is_empty() => Some(
            entries
                .iter()
                .map(|&(_, start, count)| (start + count) * ss)
                .max()
                .unwrap_or(0),
        ),
        _ => Some(
            dev.mapped(0, cap)?
                .last()
                .map_or(0, |&(o, l)| (o + l).div_ceil(ss) * ss),
        ),
    };
    Ok(match used {
        Some(u) => u.max(1).div_ceil(MIB).saturating_mul(MIB).min(cap),
        None => cap,
    })
}

/// The used MBR entries (type, first LBA, sector count), or None without an MBR.
fn mbr_entries(lba0: &[u8]) -> Option<Vec<(u8, u64, u64)>> {
    if lba0.len() < 512 || lba0[510..512] != [0x55, 0xAA] {
        return None;
    }
    let mut out = Vec::new();
    for i in 0..4 {
        let e = &lba0[446 + 16 * i..462 + 16 * i];
        let kind = e[4];
        let start = u64::from(u32::from_le_bytes(e[8..12].try_into().unwrap()));
        let count = u64::from(u32::from_le_bytes(e[12..16].try_into().unwrap()));
        if kind != 0 && count != 0 {
            out.push((kind, start, count));
        }
    }
    Some(out)
}

/// The end, in bytes, of the last GPT partition plus the backup table and header that
/// follow it; None when the table cannot be read as one.
fn gpt_end(dev: &dyn BlockDevice, ss: u64) -> Result<Option<u64>, DevError> {
    let cap = dev.capacity();
    if cap < 2 * ss {
        return Ok(None);
    }
    let mut h = vec![0u8; ss as usize];
    dev.read(ss, &mut h)?;
    if &h[..8] != b"EFI PART" {
        return Ok(None);
    }
    let le32 = |o: usize| u64::from(u32::from_le_bytes(h[o..o + 4].try_into().unwrap()));
    let le64 = |o: usize| u64::from_le_bytes(h[o..o + 8].try_into().unwrap());
    let (entries_lba, count, size) = (le64(72), le32(80), le32(84));
    if size < 128 || !size.is_power_of_two() || count == 0 {
        return Ok(None);
    }
    let bytes = count * size;
    let table_end = entries_lba
        .checked_mul(ss)
        .and_then(|o| o.checked_add(bytes.div_ceil(ss) * ss));
    if bytes > MAX_ENTRY_BYTES || table_end.is_none_or(|e| e > cap) {
        return Ok(None);
    }
    let mut table = vec![0u8; (bytes.div_ceil(ss) * ss) as usize];
    dev.read(entries_lba * ss, &mut table)?;
    let mut last = None::<u64>;
    for e in table[..bytes as usize].chunks_exact(size as usize) {
        if e[..16].iter().all(|&b| b == 0) {
            continue;
        }
        let end = u64::from_le_bytes(e[40..48].try_into().unwrap());
        last = Some(last.map_or(end, |l| l.max(end)));
    }
    // With no partitions the primary table itself is what must stay.
    let last_used = last.unwrap_or(entries_lba + bytes.div_ceil(ss) - 1);
    // After it: the backup entries and the backup header.
    let end = last_used
        .checked_add(1 + bytes.div_ceil(ss) + 1)
        .and_then(|l| l.checked_mul(ss));
    Ok(match end {
        Some(e) if e <= cap => Some(e),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Guid;
    use parking_lot::Mutex;

    /// A sparse in-memory disk: mapped where written.
    struct Sparse {
        size: u64,
        bs: u32,
        data: Mutex<std::collections::BTreeMap<u64, Vec<u8>>>,
    }

    impl Sparse {
        fn new(size: u64, bs: u32) -> Sparse {
            Sparse {
                size,
                bs,
                data: Mutex::new(Default::default()),
            }
        }
    }

    impl BlockDevice for Sparse {
        fn sector_size(&self) -> u32 {
            self.bs
        }
        fn physical_sector_size(&self) -> u32 {
            self.bs
        }
        fn capacity(&self) -> u64 {
            self.size
        }
        fn identity(&self) -> Guid {
            Guid([7; 16])
        }
        fn read(&self, offset: u64, buf: &mut [u8]) -> Result<(), DevError> {
            let bs = u64::from(self.bs);
            let d = self.data.lock();
            for (i, c) in buf.chunks_mut(self.bs as usize).enumerate() {
                match d.get(&(offset / bs + i as u64)) {
                    Some(s) => c.copy_from_slice(s),
                    None => c.fill(0),
                }
            }
            Ok(())
        }
        fn write(&self, offset: u64, data: &[u8], _fua: bool) -> Result<(), DevError> {
            let bs = u64::from(self.bs);
            let mut d = self.data.lock();
            for (i, c) in data.chunks(self.bs as usize).enumerate() {
                d.insert(offset / bs + i as u64, c.to_vec());
            }
            Ok(())
        }
        fn flush(&self) -> Result<(), DevError> {
            Ok(())
        }
        fn unmap(&self, _offset: u64, _len: u64) -> Result<(), DevError> {
            Ok(())
        }
        fn mapped(&self, offset: u64, len: u64) -> Result<Vec<(u64, u64)>, DevError> {
            let bs = u64::from(self.bs);
            let d = self.data.lock();
            let mut out: Vec<(u64, u64)> = Vec::new();
            for (&s, _) in d.range(offset / bs..(offset + len).div_ceil(bs)) {
                match out.last_mut() {
                    Some(l) if l.0 + l.1 == s * bs => l.1 += bs,
                    _ => out.push((s * bs, bs)),
                }
            }
            Ok(out)
        }
    }

    fn mbr(entries: &[(u8, u32, u32)], bs: usize) -> Vec<u8> {
        let mut b = vec![0u8; bs];
        for (i, &(t, start, count)) in entries.iter().enumerate() {
            let e = &mut b[446 + 16 * i..462 + 16 * i];
            e[4] = t;
            e[8..12].copy_from_slice(&start.to_le_bytes());
            e[12..16].copy_from_slice(&count.to_le_bytes());
        }
        b[510] = 0x55;
        b[511] = 0xAA;
        b
    }

    fn gpt(dev: &Sparse, parts: &[(u64, u64)]) {
        let bs = u64::from(dev.bs);
        let last = dev.size / bs - 1;
        dev.write(0, &mbr(&[(0xEE, 1, u32::MAX)], bs as usize), false)
            .unwrap();
        let mut h = vec![0u8; bs as usize];
        h[..8].copy_from_slice(b"EFI PART");
        h[12..16].copy_from_slice(&92u32.to_le_bytes());
        h[24..32].copy_from_slice(&1u64.to_le_bytes());
        h[32..40].copy_from_slice(&last.to_le_bytes());
        h[72..80].copy_from_slice(&2u64.to_le_bytes());
        h[80..84].copy_from_slice(&128u32.to_le_bytes());
        h[84..88].copy_from_slice(&128u32.to_le_bytes());
        dev.write(bs, &h, false).unwrap();
        let mut t = vec![0u8; (128 * 128u64).div_ceil(bs) as usize * bs as usize];
        for (i, &(first, end)) in parts.iter().enumerate() {
            let e = &mut t[i * 128..i * 128 + 128];
            e[..16].copy_from_slice(&[0xAF; 16]);
            e[32..40].copy_from_slice(&first.to_le_bytes());
            e[40..48].copy_from_slice(&end.to_le_bytes());
        }
        dev.write(2 * bs, &t, false).unwrap();
    }

    #[test]
    fn a_gpt_disk_keeps_its_last_partition_and_room_for_the_backup_table() {
        for bs in [512u32, 4096] {
            let d = Sparse::new(1 << 30, bs);
            let s = u64::from(bs);
            // A partition ending 300 MiB in (inclusive last LBA), then data past it that
            // no partition claims (a stale backup table, say).
            gpt(&d, &[(2048, (300 << 20) / s - 1), (34, 2047)]);
            d.write(900 << 20, &vec![1; bs as usize], false).unwrap();
            let entry_sectors = (128 * 128u64).div_ceil(s);
            let need = (300 << 20) + (entry_sectors + 1) * s;
            assert_eq!(safe_size(&d).unwrap(), need.div_ceil(MIB) * MIB, "{bs}");
        }
    }

    #[test]
    fn an_mbr_disk_keeps_its_furthest_partition() {
        let d = Sparse::new(1 << 30, 512);
        d.write(
            0,
            &mbr(&[(0x07, 2048, 204_800), (0x83, 409_600, 1000)], 512),
            false,
        )
        .unwrap();
        assert_eq!(safe_size(&d).unwrap(), 201 * MIB);
    }

    #[test]
    fn a_raw_disk_keeps_its_data_and_nonsense_keeps_everything() {
        let d = Sparse::new(1 << 30, 512);
        assert_eq!(safe_size(&d).unwrap(), MIB, "an empty disk");
        d.write(700 << 20, &[5; 512], false).unwrap();
        assert_eq!(safe_size(&d).unwrap(), 701 * MIB);
        // A protective MBR whose GPT header is missing or lies: nothing is cut.
        let d = Sparse::new(1 << 30, 512);
        d.write(0, &mbr(&[(0xEE, 1, u32::MAX)], 512), false)
            .unwrap();
        assert_eq!(safe_size(&d).unwrap(), 1 << 30);
        gpt(&d, &[(2048, u64::MAX - 5)]);
        assert_eq!(safe_size(&d).unwrap(), 1 << 30);
        let mut h = vec![0u8; 512];
        d.read(512, &mut h).unwrap();
        h[80..84].copy_from_slice(&u32::MAX.to_le_bytes());
        d.write(512, &h, false).unwrap();
        assert_eq!(safe_size(&d).unwrap(), 1 << 30);
    }
}
