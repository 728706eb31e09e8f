//! Extended attributes: FILE_FULL_EA_INFORMATION and FILE_GET_EA_INFORMATION lists
//! (MS-FSCC 2.4.15/2.4.15.1).

use super::*;

/// One extended attribute (MS-FSCC 2.4.15 FILE_FULL_EA_INFORMATION entry).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ea {
    pub flags: u8,
    /// ASCII; compared without regard to case.
    pub name: String,
    /// Empty in a set request: remove the attribute.
    pub value: Vec<u8>,
}

/// The flag of an EA that the file cannot be understood without.
pub const FILE_NEED_EA: u8 = 0x80;

/// Whether `name` is a valid EA name: 1-255 ASCII characters, none of them control
/// characters or those Windows refuses in names.
pub fn valid_ea_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 255
        && name
            .bytes()
            .all(|b| (0x20..0x7f).contains(&b) && !b"\"*/:<>?\\|+,;=[]".contains(&b))
}

/// Parses a FILE_FULL_EA_INFORMATION list (CREATE "ExtA" context, SET_INFO class 15).
/// Offsets that leave the buffer or are not 4-aligned are EA_LIST_INCONSISTENT; a bad
/// name is INVALID_EA_NAME.
pub fn parse_full_ea_list(b: &[u8]) -> Result<Vec<Ea>, NtStatus> {
    let mut out = Vec::new();
    let mut at = 0usize;
    loop {
        let e = b.get(at..).ok_or(NtStatus::EA_LIST_INCONSISTENT)?;
        if e.len() < 8 {
            return Err(NtStatus::EA_LIST_INCONSISTENT);
        }
        let next = u32::from_le_bytes([e[0], e[1], e[2], e[3]]) as usize;
        let flags = e[4];
        let name_len = e[5] as usize;
        let value_len = u16::from_le_bytes([e[6], e[7]]) as usize;
        let end = 8 + name_len + 1 + value_len;
        if e.len() < end || (next != 0 && (next < end || !next.is_multiple_of(4))) {
            return Err(NtStatus::EA_LIST_INCONSISTENT);
        }
        if flags & !FILE_NEED_EA != 0 || e[8 + name_len] != 0 {
            return Err(NtStatus::INVALID_PARAMETER);
        }
        let name = std::str::from_utf8(&e[8..8 + name_len])
            .ok()
            .filter(|n| valid_ea_name(n))
            .ok_or(NtStatus::INVALID_EA_NAME)?;
        out.push(Ea {
            flags,
            name: name.to_string(),
            value: e[8 + name_len + 1..end].to_vec(),
        });
        if out.len() > 4096 {
            return Err(NtStatus::EA_LIST_INCONSISTENT);
        }
        if next == 0 {
            return Ok(out);
        }
        at += next;
    }
}

/// Parses a FILE_GET_EA_INFORMATION list (the QUERY_INFO input naming the EAs wanted).
pub fn parse_get_ea_list(b: &[u8]) -> Result<Vec<String>, NtStatus> {
    let mut out = Vec::new();
    let mut at = 0usize;
    loop {
        let e = b.get(at..).ok_or(NtStatus::EA_LIST_INCONSISTENT)?;
        if e.len() < 5 {
            return Err(NtStatus::EA_LIST_INCONSISTENT);
        }
        let next = u32::from_le_bytes([e[0], e[1], e[2], e[3]]) as usize;
        let name_len = e[4] as usize;
        let end = 5 + name_len + 1;
        if e.len() < end || (next != 0 && (next < end || !next.is_multiple_of(4))) {
            return Err(NtStatus::EA_LIST_INCONSISTENT);
        }
        let name = std::str::from_utf8(&e[5..5 + name_len])
            .ok()
            .filter(|n| valid_ea_name(n))
            .ok_or(NtStatus::INVALID_EA_NAME)?;
        out.push(name.to_string());
        if out.len() > 4096 {
            return Err(NtStatus::EA_LIST_INCONSISTENT);
        }
        if next == 0 {
            return Ok(out);
        }
        at += next;
    }
}

/// Size of one FILE_FULL_EA_INFORMATION entry without its trailing alignment.
pub fn full_ea_entry_len(e: &Ea) -> usize {
    8 + e.name.len() + 1 + e.value.len()
}

/// The EaSize that FileEaInformation and the directory classes report: the bytes of the
/// FILE_FULL_EA_INFORMATION list of every EA (entries 4-aligned); 0 without EAs.
pub fn ea_list_size(eas: &[Ea]) -> u32 {
    let n = eas.len();
    eas.iter()
        .enumerate()
        .map(|(i, e)| {
            let l = full_ea_entry_len(e);
            if i + 1 < n {
                l.div_ceil(4) * 4
            } else {
                l
            }
        })
        .sum::<usize>() as u32
}

/// Encodes entries into a FILE_FULL_EA_INFORMATION list of at most `max` bytes; returns
/// how many entries fit.
pub fn encode_full_ea_list(eas: &[Ea], max: usize, out: &mut Vec<u8>) -> usize {
    let base = out.len();
    let mut prev: Option<usize> = None;
    let mut n = 0;
    for e in eas {
        let start = match prev {
            Some(_) => base + (out.len() - base).div_ceil(4) * 4,
            None => out.len(),
        };
        if start - base + full_ea_entry_len(e) > max {
            break;
        }
        out.resize(start, 0);
        if let Some(p) = prev {
            let off = (start - p) as u32;
            out[p..p + 4].copy_from_slice(&off.to_le_bytes());
        }
        prev = Some(start);
        out.put_u32(0);
        out.push(e.flags);
        out.push(e.name.len() as u8);
        out.put_u16(e.value.len() as u16);
        out.extend_from_slice(e.name.as_bytes());
        out.push(0);
        out.extend_from_slice(&e.value);
        n += 1;
    }
    n
}

#[cfg(test)]
mod ea_tests {
    use super::*;

    #[test]
    fn full_ea_lists_round_trip_and_hostile_ones_are_refused() {
        let eas = vec![
            Ea {
                flags: 0,
                name: "EAONE".into(),
                value: b"VALUE1".to_vec(),
            },
            Ea {
                flags: FILE_NEED_EA,
                name: "SECONDEA".into(),
                value: b"ValueTwo".to_vec(),
            },
        ];
        let mut b = Vec::new();
        assert_eq!(encode_full_ea_list(&eas, 1000, &mut b), 2);
        assert_eq!(b.len() as u32, ea_list_size(&eas));
        assert_eq!(parse_full_ea_list(&b).unwrap(), eas);
        let mut small = Vec::new();
        assert_eq!(encode_full_ea_list(&eas, 20, &mut small), 1);
        // A next offset past the end, a misaligned one, a missing NUL, a bad name.
        let mut bad = b.clone();
        bad[0..4].copy_from_slice(&4000u32.to_le_bytes());
        assert_eq!(
            parse_full_ea_list(&bad),
            Err(NtStatus::EA_LIST_INCONSISTENT)
        );
        bad[0..4].copy_from_slice(&17u32.to_le_bytes());
        assert_eq!(
            parse_full_ea_list(&bad),
            Err(NtStatus::EA_LIST_INCONSISTENT)
        );
        let mut bad = b.clone();
        bad[8 + 5] = b'x';
        assert!(parse_full_ea_list(&bad).is_err());
        let mut bad = b.clone();
        bad[8] = b'*';
        assert_eq!(parse_full_ea_list(&bad), Err(NtStatus::INVALID_EA_NAME));
        assert!(parse_full_ea_list(&[]).is_err());
        for n in 0..b.len() {
            let _ = parse_full_ea_list(&b[..n]);
            let _ = parse_get_ea_list(&b[..n]);
        }
    }
}
