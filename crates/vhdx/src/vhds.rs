//! VHD Set files (`.vhds`): the small file a shared virtual disk with snapshots is
//! opened by. It names the `.avhdx` that is the disk now (a VHDX, usually differencing);
//! the snapshots are earlier files of that chain.
//!
//! Microsoft publishes no layout for it. What this module reads and writes is what a
//! Windows-made set shows (checked against one, byte for byte):
//!
//! - at 0: the signature `vhdsetv1`, then the creator in UTF-16;
//! - at 64 KiB and 128 KiB: two 4 KiB headers, `shdr`, each with a sequence number and
//!   a CRC-32C over the 4 KiB (taken with the checksum as zero). The valid one with the
//!   higher sequence number is live. It gives the offset and byte length of the current
//!   file's name (UTF-16, no terminator), which lies in a 4 KiB page from 256 KiB.
//!
//! Two header fields hold constants whose meaning is unknown; they are written as
//! Windows writes them. How Windows records snapshots in the file is not known either, so
//! ours are kept in a table of our own, in the 4 KiB pages that follow the name page
//! (`sdsnap01`, checksummed). A change is written to the area not in use (256 KiB or
//! 512 KiB) and made live by the inactive header with the next sequence number, so a
//! crash leaves the old set or the new one. A Windows server reading our file finds the
//! current disk (its chain is ordinary VHDX parent locators) and no snapshots.

use crate::format::{crc_with_hole, le32, le64, put32, put64, Guid};
use crate::{Error, Result, Storage};

pub const SIGNATURE: &[u8; 8] = b"vhdsetv1";
const HEADER_SIG: &[u8; 4] = b"shdr";
const HEADERS: [u64; 2] = [0x10000, 0x20000];
const AREAS: [u64; 2] = [0x40000, 0x80000];
const AREA_LEN: u64 = 0x40000;
/// Where the snapshot table starts in an area (after the name page).
const TABLE_AT: u64 = 0x1000;
const TABLE_SIG: &[u8; 8] = b"sdsnap01";
const TABLE_HEADER: usize = 48;
/// A file name in UTF-16 units (as NTFS allows).
pub const MAX_NAME: usize = 255;
/// Snapshots one set keeps (each entry is at most 64 + 510 bytes; the table fits its area).
pub const MAX_SNAPSHOTS: usize = 256;
const CREATOR: &str = "smbdirectd";
/// Header constants copied from Windows-made sets; their meaning is not published.
const HEADER_WORD_4: u32 = 0xFFFF_E000;
const HEADER_VERSION: u32 = 1;
const HEADER_WORD_18: u32 = 7;

/// Snapshot types (MS-RSVD 2.2.4.x): VM, CDP, writeable.
pub mod kind {
    pub const VM: u32 = 1;
    pub const CDP: u32 = 3;
    pub const WRITEABLE: u32 = 4;
}

/// One snapshot of the set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub id: Guid,
    pub kind: u32,
    /// Creation time, Windows FILETIME (100 ns since 1601).
    pub created: u64,
    /// The snapshot taken before this one on the same line (zero for the first).
    pub parent: Guid,
    /// The file (beside the set) that holds the disk as it was when this was taken; it
    /// is never written again.
    pub file: String,
    /// Changes since this snapshot can be asked for (it was taken with change tracking).
    pub change_tracking: bool,
    /// Deleted but kept as a reference point for change queries (PersistReference).
    pub reference_only: bool,
}

/// Change tracking on the set (RCT, MS-RSVD CHANGE_TRACKING_START/STOP).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tracking {
    pub active: bool,
    pub log_id: Guid,
    pub max_log_size: u64,
}

/// A parsed set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VhdSet {
    /// The name (beside the set) of the file that is the disk now.
    pub current: String,
    pub snapshots: Vec<Snapshot>,
    pub tracking: Tracking,
    sequence: u64,
    /// Which header slot and which area are live.
    slot: usize,
    area: usize,
}

fn bad(what: &str) -> Error {
    Error::Corrupt(format!("VHD Set: {what}"))
}

fn utf16(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(|u| u.to_le_bytes()).collect()
}

fn from_utf16(b: &[u8]) -> Option<String> {
    let units: Vec<u16> = b
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    String::from_utf16(&units).ok()
}

/// A name a set may point at: a plain file name (no separators, no `..`), which is how
/// Windows writes them, so a set never leads outside its own folder.
pub fn valid_name(s: &str) -> bool {
    let n = s.encode_utf16().count();
    n > 0
        && n <= MAX_NAME
        && s != "."
        && s != ".."
        && !s.chars().any(|c| matches!(c, '/' | '\\' | ':' | '\0'))
}

impl VhdSet {
    /// A new set whose disk is `current`.
    pub fn new(current: &str) -> Result<VhdSet> {
        if !valid_name(current) {
            return Err(Error::InvalidArgument(format!(
                "{current:?} is not a plain file name"
            )));
        }
        Ok(VhdSet {
            current: current.to_string(),
            snapshots: Vec::new(),
            tracking: Tracking::default(),
            sequence: 0,
            slot: 0,
            area: 0,
        })
    }

    /// Writes a new set file (the file should be empty).
    pub fn create<S: Storage + ?Sized>(&mut self, f: &S) -> Result<()> {
        let mut id = vec![0u8; 0x10000];
        id[..8].copy_from_slice(SIGNATURE);
        let c = utf16(CREATOR);
        id[8..8 + c.len()].copy_from_slice(&c);
        let area = self.area_bytes()?;
        f.set_len(AREAS[0] + area.len() as u64)?;
        f.write_at(&id, 0)?;
        f.write_at(&area, AREAS[0])?;
        // Both headers, as Windows writes a new set: sequence 0 and 1, the second live.
        self.area = 0;
        f.write_at(&self.header(0, 0), HEADERS[0])?;
        f.write_at(&self.header(1, 0), HEADERS[1])?;
        f.flush()?;
        self.sequence = 1;
        self.slot = 1;
        Ok(())
    }

    /// Reads a set file.
    pub fn read<S: Storage + ?Sized>(f: &S) -> Result<VhdSet> {
        let mut sig = [0u8; 8];
        f.read_at(&mut sig, 0)?;
        if &sig != SIGNATURE {
            return Err(bad("no vhdsetv1 signature"));
        }
        let len = f.len()?;
        let mut best: Option<(u64, usize, u64, u64)> = None;
        for (slot, &at) in HEADERS.iter().enumerate() {
            if at + 4096 > len {
                continue;
            }
            let mut h = vec![0u8; 4096];
            f.read_at(&mut h, at)?;
            if &h[..4] != HEADER_SIG || le32(&h, 0x14) != crc_with_hole(&h, 0x14) {
                continue;
            }
            let seq = le64(&h, 8);
            let (off, n) = (u64::from(le32(&h, 0x1C)), u64::from(le32(&h, 0x20)));
            if best.is_none_or(|b| seq > b.0) {
                best = Some((seq, slot, off, n));
            }
        }
        let (sequence, slot, off, n) = best.ok_or_else(|| bad("no valid header"))?;
        if n == 0 || n % 2 != 0 || n > (MAX_NAME * 2) as u64 || off + n > len {
            return Err(bad("the current file's name is out of bounds"));
        }
        let mut name = vec![0u8; n as usize];
        f.read_at(&mut name, off)?;
        let current = from_utf16(&name)
            .filter(|s| valid_name(s))
            .ok_or_else(|| bad("the current file's name is not a plain file name"))?;
        let area = AREAS.iter().position(|&a| a == off).unwrap_or(0);
        let mut set = VhdSet {
            current,
            snapshots: Vec::new(),
            tracking: Tracking::default(),
            sequence,
            slot,
            area,
        };
        // Our table, when the name sits at the start of one of our areas and it is there.
        if AREAS.contains(&off) && off + TABLE_AT + TABLE_HEADER as u64 <= len {
            let mut th = vec![0u8; TABLE_HEADER];
            f.read_at(&mut th, off + TABLE_AT)?;
            if &th[..8] == TABLE_SIG {
                let total = u64::from(le32(&th, 8));
                if total < TABLE_HEADER as u64
                    || total > AREA_LEN - TABLE_AT
                    || off + TABLE_AT + total > len
                {
                    return Err(bad("snapshot table out of bounds"));
                }
                let mut t = vec![0u8; total as usize];
                f.read_at(&mut t, off + TABLE_AT)?;
                set.parse_table(&t)?;
            }
        }
        Ok(set)
    }

    fn parse_table(&mut self, t: &[u8]) -> Result<()> {
        if le32(t, 12) != crc_with_hole(t, 12) {
            return Err(bad("snapshot table checksum"));
        }
        let count = le32(t, 16) as usize;
        if count > MAX_SNAPSHOTS {
            return Err(bad("too many snapshots"));
        }
        self.tracking = Tracking {
            active: le32(t, 20) & 1 != 0,
            log_id: Guid::from_slice(&t[24..40]),
            max_log_size: le64(t, 40),
        };
        let mut at = TABLE_HEADER;
        for _ in 0..count {
            let e = t.get(at..at + 64).ok_or_else(|| bad("snapshot entry"))?;
            let n = usize::from(u16::from_le_bytes([e[60], e[61]]));
            if n % 2 != 0 {
                return Err(bad("snapshot file name"));
            }
            let name = t
                .get(at + 64..at + 64 + n)
                .and_then(from_utf16)
                .filter(|s| valid_name(s))
                .ok_or_else(|| bad("snapshot file name"))?;
            let flags = le32(e, 36);
            self.snapshots.push(Snapshot {
                id: Guid::from_slice(&e[..16]),
                parent: Guid::from_slice(&e[16..32]),
                kind: le32(e, 32),
                change_tracking: flags & 1 != 0,
                reference_only: flags & 2 != 0,
                created: le64(e, 40),
                file: name,
            });
            at += 64 + n;
        }
        Ok(())
    }

    /// The name page followed by our snapshot table.
    fn area_bytes(&self) -> Result<Vec<u8>> {
        if self.snapshots.len() > MAX_SNAPSHOTS {
            return Err(Error::InvalidArgument("too many snapshots".into()));
        }
        let mut t = vec![0u8; TABLE_HEADER];
        t[..8].copy_from_slice(TABLE_SIG);
        put32(&mut t, 16, self.snapshots.len() as u32);
        put32(&mut t, 20, u32::from(self.tracking.active));
        t[24..40].copy_from_slice(&self.tracking.log_id.0);
        put64(&mut t, 40, self.tracking.max_log_size);
        for s in &self.snapshots {
            if !valid_name(&s.file) {
                return Err(Error::InvalidArgument(format!(
                    "{:?} is not a plain file name",
                    s.file
                )));
            }
            let name = utf16(&s.file);
            let mut e = [0u8; 64];
            e[..16].copy_from_slice(&s.id.0);
            e[16..32].copy_from_slice(&s.parent.0);
            put32(&mut e, 32, s.kind);
            put32(
                &mut e,
                36,
                u32::from(s.change_tracking) | u32::from(s.reference_only) << 1,
            );
            put64(&mut e, 40, s.created);
            e[60..62].copy_from_slice(&(name.len() as u16).to_le_bytes());
            t.extend_from_slice(&e);
            t.extend_from_slice(&name);
        }
        let total = t.len() as u32;
        put32(&mut t, 8, total);
        let crc = crc_with_hole(&t, 12);
        put32(&mut t, 12, crc);
        let name = utf16(&self.current);
        let mut a = vec![0u8; TABLE_AT as usize];
        a[..name.len()].copy_from_slice(&name);
        a.extend_from_slice(&t);
        a.resize(a.len().div_ceil(4096) * 4096, 0);
        Ok(a)
    }

    fn header(&self, seq: u64, area: usize) -> Vec<u8> {
        let mut h = vec![0u8; 4096];
        h[..4].copy_from_slice(HEADER_SIG);
        put32(&mut h, 4, HEADER_WORD_4);
        put64(&mut h, 8, seq);
        put32(&mut h, 0x10, HEADER_VERSION);
        put32(&mut h, 0x18, HEADER_WORD_18);
        put32(&mut h, 0x1C, AREAS[area] as u32);
        put32(
            &mut h,
            0x20,
            (self.current.encode_utf16().count() * 2) as u32,
        );
        let crc = crc_with_hole(&h, 0x14);
        put32(&mut h, 0x14, crc);
        h
    }

    /// Makes the set's present contents (current file, snapshots, tracking) the live
    /// ones: written to the free area, then the free header, each flushed.
    pub fn commit<S: Storage + ?Sized>(&mut self, f: &S) -> Result<()> {
        let area = 1 - self.area;
        let bytes = self.area_bytes()?;
        if f.len()? < AREAS[area] + bytes.len() as u64 {
            f.set_len(AREAS[area] + bytes.len() as u64)?;
        }
        f.write_at(&bytes, AREAS[area])?;
        f.flush()?;
        let slot = 1 - self.slot;
        f.write_at(&self.header(self.sequence + 1, area), HEADERS[slot])?;
        f.flush()?;
        self.sequence += 1;
        self.slot = slot;
        self.area = area;
        Ok(())
    }

    /// The snapshot with this id (reference-only ones included).
    pub fn snapshot(&self, id: &Guid) -> Option<&Snapshot> {
        self.snapshots.iter().find(|s| s.id == *id)
    }
}

/// Whether the file starts with a VHD Set's signature.
pub fn is_set<S: Storage + ?Sized>(f: &S) -> Result<bool> {
    if f.len()? < SIGNATURE.len() as u64 {
        return Ok(false);
    }
    let mut sig = [0u8; 8];
    f.read_at(&mut sig, 0)?;
    Ok(&sig == SIGNATURE)
}

/// The name Windows gives a set's disk files: the set's stem, `_`, a new GUID, `.avhdx`.
pub fn disk_file_name(set_name: &str) -> String {
    let stem = set_name
        .rsplit_once('.')
        .map_or(set_name, |(s, _)| s)
        .to_string();
    format!("{stem}_{}.avhdx", Guid::random().to_string().to_lowercase())
}

/// Creates a VHD Set at `path` and its disk beside it (made with `p`); returns the
/// disk's file name.
pub fn create_set(path: &std::path::Path, p: &crate::CreateParams) -> Result<String> {
    let set_name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| Error::InvalidArgument(format!("{}: no file name", path.display())))?;
    let disk = disk_file_name(set_name);
    let disk_path = path.with_file_name(&disk);
    let new = |p: &std::path::Path| {
        std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(p)
    };
    let f = new(&disk_path)?;
    if let Err(e) = crate::create(&f, p) {
        let _ = std::fs::remove_file(&disk_path);
        return Err(e);
    }
    let r = new(path)
        .map_err(Error::from)
        .and_then(|sf| VhdSet::new(&disk)?.create(&sf));
    // Both names durable, as a set made through a share is.
    let r = r.and_then(|()| {
        let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
        Ok(std::fs::File::open(dir.unwrap_or(std::path::Path::new(".")))?.sync_all()?)
    });
    if let Err(e) = r {
        let _ = std::fs::remove_file(&disk_path);
        return Err(e);
    }
    Ok(disk)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mem::MemFile;

    #[test]
    fn a_new_set_reads_back_and_commits_survive_a_torn_header() {
        let f = MemFile::new(Vec::new());
        let mut s = VhdSet::new("disk_1.avhdx").unwrap();
        s.create(&f).unwrap();
        let r = VhdSet::read(&f).unwrap();
        assert_eq!((r.current.as_str(), r.snapshots.len()), ("disk_1.avhdx", 0));
        // The layout a Windows-made set has: both headers valid, the name at 256 KiB.
        let img = f.volatile_image();
        assert_eq!(&img[..8], b"vhdsetv1");
        for at in [0x10000usize, 0x20000] {
            assert_eq!(&img[at..at + 4], b"shdr");
            assert_eq!(le32(&img[at..], 0x1C), 0x40000);
            assert_eq!(le32(&img[at..], 0x20), 24);
        }
        assert_eq!(le64(&img[0x10000..], 8), 0);
        assert_eq!(le64(&img[0x20000..], 8), 1);
        s.snapshots.push(Snapshot {
            id: Guid([1; 16]),
            kind: kind::VM,
            created: 133_000_000_000_000_000,
            parent: Guid([0; 16]),
            file: "disk_1.avhdx".into(),
            change_tracking: true,
            reference_only: false,
        });
        s.current = "disk_2.avhdx".into();
        s.tracking.active = true;
        s.commit(&f).unwrap();
        let r = VhdSet::read(&f).unwrap();
        assert_eq!(r, s);
        // A torn write of the next header: the last good state is what reads back.
        let before = r.clone();
        s.current = "disk_3.avhdx".into();
        s.commit(&f).unwrap();
        let mut img = f.volatile_image();
        let live = if le64(&img[0x10000..], 8) > le64(&img[0x20000..], 8) {
            0x10000
        } else {
            0x20000
        };
        img[live + 100] ^= 0xFF;
        let torn = VhdSet::read(&MemFile::new(img)).unwrap();
        assert_eq!(torn.current, before.current);
        assert_eq!(torn.snapshots, before.snapshots);
    }

    #[test]
    fn hostile_sets_are_refused_not_followed() {
        let f = MemFile::new(Vec::new());
        VhdSet::new("d.avhdx").unwrap().create(&f).unwrap();
        let good = f.volatile_image();
        // A name that would leave the folder, and one out of bounds.
        for (name, len) in [("..\\x.avhdx", None), ("d.avhdx", Some(0xFFFF_0000u32))] {
            let mut img = good.clone();
            let n = utf16(name);
            img[0x40000..0x40000 + 64].fill(0);
            img[0x40000..0x40000 + n.len()].copy_from_slice(&n);
            for at in [0x10000usize, 0x20000] {
                let h = &mut img[at..at + 4096];
                put32(h, 0x20, len.unwrap_or(n.len() as u32));
                let c = crc_with_hole(h, 0x14);
                put32(h, 0x14, c);
            }
            assert!(VhdSet::read(&MemFile::new(img)).is_err(), "{name}");
        }
        assert!(VhdSet::new("a/b.avhdx").is_err());
        // Random damage never panics.
        let mut seed = 0x1234_5678u64;
        for _ in 0..2000 {
            let mut img = good.clone();
            for _ in 0..8 {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                let at = [0usize, 0x10000, 0x20000, 0x40000, 0x41000][(seed >> 60) as usize % 5]
                    + (seed >> 20) as usize % 64;
                img[at] = (seed >> 8) as u8;
            }
            let _ = VhdSet::read(&MemFile::new(img));
        }
    }
}
