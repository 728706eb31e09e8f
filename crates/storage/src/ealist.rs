//! A file's EA list as the backends store it (one value holding the whole list: flags
//! u8, name length u8, value length u16 LE, name, value; repeated), and the rule for
//! applying a client's changes to it.

use smb_wire::fscc::Ea;
use smb_wire::{Le, NtStatus};

/// The largest EA list a file may hold (Windows: 64 KiB).
pub const MAX_EA_LIST: usize = 65535;

pub fn encode(eas: &[Ea]) -> Vec<u8> {
    let mut b = Vec::new();
    for e in eas {
        b.push(e.flags);
        b.push(e.name.len() as u8);
        b.extend_from_slice(&(e.value.len() as u16).to_le_bytes());
        b.extend_from_slice(e.name.as_bytes());
        b.extend_from_slice(&e.value);
    }
    b
}

pub fn decode(b: &[u8]) -> Result<Vec<Ea>, NtStatus> {
    let mut out = Vec::new();
    let mut r = b;
    while !r.is_empty() {
        if r.len() < 4 {
            return Err(NtStatus::EA_CORRUPT_ERROR);
        }
        let (nl, vl) = (r[1] as usize, usize::from(Le(r).u16(2).unwrap_or(0)));
        if r.len() < 4 + nl + vl {
            return Err(NtStatus::EA_CORRUPT_ERROR);
        }
        let name =
            String::from_utf8(r[4..4 + nl].to_vec()).map_err(|_| NtStatus::EA_CORRUPT_ERROR)?;
        out.push(Ea {
            flags: r[0],
            name,
            value: r[4 + nl..4 + nl + vl].to_vec(),
        });
        r = &r[4 + nl + vl..];
    }
    Ok(out)
}

/// Applies `changes` in order: an empty value removes that EA (an absent one is
/// ignored), names match without regard to case, new names are stored upper case.
/// EA_TOO_LARGE when the result would pass [`MAX_EA_LIST`].
pub fn apply(eas: &mut Vec<Ea>, changes: &[Ea]) -> Result<(), NtStatus> {
    for c in changes {
        let pos = eas
            .iter()
            .position(|e| e.name.eq_ignore_ascii_case(&c.name));
        match (pos, c.value.is_empty()) {
            (Some(i), true) => {
                eas.remove(i);
            }
            (None, true) => {}
            (Some(i), false) => {
                eas[i].value = c.value.clone();
                eas[i].flags = c.flags;
            }
            (None, false) => eas.push(Ea {
                flags: c.flags,
                name: c.name.to_ascii_uppercase(),
                value: c.value.clone(),
            }),
        }
    }
    if smb_wire::fscc::ea_list_size(eas) as usize > MAX_EA_LIST {
        return Err(NtStatus::EA_TOO_LARGE);
    }
    Ok(())
}
