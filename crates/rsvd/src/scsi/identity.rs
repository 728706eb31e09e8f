//! What the unit says about itself: INQUIRY and its VPD pages (with the serial number
//! and NAA designator Hyper-V reports), and MODE SENSE.

use super::*;

/// The pages VPD 00h lists, in order.
pub(super) const VPD_PAGES: [u8; 6] = [0x00, 0x80, 0x83, 0xB0, 0xB1, 0xB2];

pub(super) fn inquiry(dev: &dyn BlockDevice, cdb: &[u8; 16], max_in: usize) -> Outcome {
    let evpd = cdb[1] & 0x01 != 0;
    let page = cdb[2];
    let alloc = usize::from(be16(cdb, 3));
    if !evpd {
        if page != 0 {
            return Outcome::check(sense::INVALID_FIELD_IN_CDB);
        }
        let mut d = vec![0u8; 36];
        d[0] = 0x00; // connected direct-access block device
        d[2] = 0x05; // SPC-3
        d[3] = 0x02; // response data format 2
        d[4] = 31; // additional length
        d[5] = 0x00;
        d[7] = 0x02; // CmdQue
        d[8..16].copy_from_slice(VENDOR);
        d[16..32].copy_from_slice(PRODUCT);
        d[32..36].copy_from_slice(REVISION);
        return truncated(d, alloc, max_in);
    }
    let id = dev.identity();
    let bs = u64::from(dev.sector_size());
    let blocks = dev.capacity() / bs;
    let body: Vec<u8> = match page {
        0x00 => VPD_PAGES.to_vec(),
        0x80 => serial(&id).to_vec(),
        0x83 => {
            let mut b = Vec::new();
            // T10 vendor identification: vendor, then the disk's identity.
            b.extend_from_slice(&[0x01, 0x01, 0x00, 24]);
            b.extend_from_slice(VENDOR);
            b.extend_from_slice(&id.0);
            // NAA IEEE Registered Extended (NAA 6, Microsoft's OUI 00-22-48).
            b.extend_from_slice(&[0x01, 0x03, 0x00, 16]);
            b.extend_from_slice(&naa(&id));
            b
        }
        0xB0 => {
            let mut b = vec![0u8; 0x3C];
            b[0] = 0x01; // WSNZ: WRITE SAME with a count of zero is refused
            let max_xfer = (MAX_TRANSFER / bs) as u32;
            b[4..8].copy_from_slice(&max_xfer.to_be_bytes()); // MAXIMUM TRANSFER LENGTH
            b[16..20].copy_from_slice(&u32::MAX.to_be_bytes()); // MAX UNMAP LBA COUNT
            b[20..24].copy_from_slice(&(MAX_UNMAP_DESCRIPTORS as u32).to_be_bytes());
            let gran = (dev.unmap_granularity() / bs).clamp(1, u64::from(u32::MAX)) as u32;
            b[24..28].copy_from_slice(&gran.to_be_bytes()); // OPTIMAL UNMAP GRANULARITY
            b[28..32].copy_from_slice(&0x8000_0000u32.to_be_bytes()); // UGAVALID, alignment 0
            b[32..40].copy_from_slice(&(MAX_WRITE_SAME / bs).to_be_bytes());
            b
        }
        0xB1 => {
            let mut b = vec![0u8; 0x3C];
            b[1] = 0x01; // non-rotating medium
            b
        }
        0xB2 => {
            // THRESHOLD EXPONENT: blocks / 2^exp must fit in 32 bits.
            let mut exp = 1u8;
            while exp < 63 && (blocks >> exp) > u64::from(u32::MAX) {
                exp += 1;
            }
            // LBPU (UNMAP), LBPWS (WRITE SAME(16) with UNMAP), LBPWS10; thin provisioned.
            vec![exp, 0x80 | 0x40 | 0x20, 0x02, 0x00]
        }
        _ => return Outcome::check(sense::INVALID_FIELD_IN_CDB),
    };
    let mut d = vec![0x00, page];
    d.extend_from_slice(&(body.len() as u16).to_be_bytes());
    d.extend_from_slice(&body);
    truncated(d, alloc, max_in)
}

/// The unit serial number (VPD 80h): the identity in hexadecimal.
pub fn serial(id: &Guid) -> [u8; 32] {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut s = [0u8; 32];
    for (i, b) in id.0.iter().enumerate() {
        s[2 * i] = HEX[usize::from(b >> 4)];
        s[2 * i + 1] = HEX[usize::from(b & 0xF)];
    }
    s
}

/// The NAA 6 designator: Microsoft's OUI, then the first and last six bytes of the id.
pub fn naa(id: &Guid) -> [u8; 16] {
    let mut n = [0u8; 16];
    n[..4].copy_from_slice(&[0x60, 0x02, 0x24, 0x80]);
    n[4..10].copy_from_slice(&id.0[..6]);
    n[10..16].copy_from_slice(&id.0[10..16]);
    n
}

pub(super) fn mode_sense(dev: &dyn BlockDevice, cdb: &[u8; 16], max_in: usize) -> Outcome {
    let ten = cdb[0] == op::MODE_SENSE10;
    let dbd = cdb[1] & 0x08 != 0;
    let pc = cdb[2] >> 6;
    let page = cdb[2] & 0x3F;
    let subpage = cdb[3];
    let alloc = if ten {
        usize::from(be16(cdb, 7))
    } else {
        usize::from(cdb[4])
    };
    if pc == 3 {
        return Outcome::check(sense::SAVING_PARAMETERS_NOT_SUPPORTED);
    }
    let changeable = pc == 1;
    let caching = |out: &mut Vec<u8>| {
        let mut p = [0u8; 20];
        p[0] = 0x08;
        p[1] = 0x12;
        // WCE: writes may sit in a volatile cache until SYNCHRONIZE CACHE or FUA.
        if !changeable {
            p[2] = 0x04;
        }
        out.extend_from_slice(&p);
    };
    let control = |out: &mut Vec<u8>| {
        let mut p = [0u8; 12];
        p[0] = 0x0A;
        p[1] = 0x0A;
        if !changeable {
            p[3] = 0x10; // unrestricted reordering
        }
        out.extend_from_slice(&p);
    };
    let mut pages = Vec::new();
    match (page, subpage) {
        (0x08, 0) => caching(&mut pages),
        (0x0A, 0) => control(&mut pages),
        (0x3F, 0) | (0x3F, 0xFF) => {
            caching(&mut pages);
            control(&mut pages);
        }
        _ => return Outcome::check(sense::INVALID_FIELD_IN_CDB),
    }
    let bs = u64::from(dev.sector_size());
    let blocks = dev.capacity() / bs;
    let mut desc = Vec::new();
    if !dbd {
        desc.extend_from_slice(&(blocks.min(u64::from(u32::MAX)) as u32).to_be_bytes());
        desc.push(0);
        desc.extend_from_slice(&(bs as u32).to_be_bytes()[1..]);
    }
    // Device-specific parameter: DPOFUA (FUA is honoured), WP when read-only.
    let dsp = 0x10 | if dev.read_only() { 0x80 } else { 0 };
    let mut d = Vec::new();
    if ten {
        let total = 8 + desc.len() + pages.len();
        d.extend_from_slice(&((total - 2) as u16).to_be_bytes());
        d.extend_from_slice(&[0, dsp, 0, 0]);
        d.extend_from_slice(&(desc.len() as u16).to_be_bytes());
    } else {
        let total = 4 + desc.len() + pages.len();
        d.extend_from_slice(&[(total - 1) as u8, 0, dsp, desc.len() as u8]);
    }
    d.extend_from_slice(&desc);
    d.extend_from_slice(&pages);
    truncated(d, alloc, max_in)
}
