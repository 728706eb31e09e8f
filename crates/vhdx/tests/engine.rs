//! Engine tests on in-memory files: crash consistency at every flush point, the log,
//! trim, resize, and hostile images.

use rand::{Rng, SeedableRng};
use std::sync::Arc;
use vhdx::format::*;
use vhdx::mem::MemFile;
use vhdx::{create, read_level, write_through, CreateParams, DiskKind, Error, OpenOptions, Vhdx};

fn new_disk(kind: DiskKind, size: u64, block: u32) -> Vec<u8> {
    let f = MemFile::new(Vec::new());
    let mut p = CreateParams::new(kind, size);
    p.block_size = block;
    create(&f, &p).unwrap();
    f.volatile_image()
}

fn read_all<S: vhdx::Storage>(d: &Vhdx<S>) -> Vec<u8> {
    let mut b = vec![0u8; d.virtual_size() as usize];
    read_level(std::slice::from_ref(d), 0, 0, &mut b).unwrap();
    b
}

#[derive(Clone, Debug)]
enum Op {
    Write(u64, Vec<u8>),
    Flush,
    Trim(u64, u64),
    Resize(u64),
}

fn workload(seed: u64, size: u64) -> Vec<Op> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut ops = Vec::new();
    for i in 0..48 {
        let len = rng.gen_range(1..=24u64) * 4096;
        let off = rng.gen_range(0..(size - len) / 4096) * 4096;
        let fill: u8 = rng.gen_range(1..=255);
        let mut data = vec![fill; len as usize];
        data[0] = i as u8;
        ops.push(Op::Write(off, data));
        if i % 5 == 4 {
            ops.push(Op::Flush);
        }
        if i == 20 {
            ops.push(Op::Trim(MIB * 3, MIB * 2));
        }
        if i == 30 {
            // Past 128 GiB the 1 MiB BAT region is too small: the table moves, and the
            // region tables change through the log.
            ops.push(Op::Resize(130 << 30));
        }
    }
    ops.push(Op::Flush);
    ops
}

/// Runs ops until one fails; returns (stable model, pending ops since the last flush).
fn run(d: &Vhdx<Arc<MemFile>>, ops: &[Op], size: u64) -> (Vec<u8>, u64, Vec<Op>, bool) {
    let mut stable = vec![0u8; size as usize];
    let mut stable_size = size;
    let mut pending: Vec<Op> = Vec::new();
    for op in ops {
        let r = match op {
            Op::Write(off, data) => write_through(d, *off, data),
            Op::Flush => d.flush(),
            Op::Trim(off, len) => d.trim(*off, *len).map(|_| ()),
            Op::Resize(n) => d.resize(*n),
        };
        pending.push(op.clone());
        if r.is_err() {
            return (stable, stable_size, pending, true);
        }
        if let Op::Flush = op {
            for p in pending.drain(..) {
                match p {
                    Op::Write(off, data) => {
                        stable[off as usize..off as usize + data.len()].copy_from_slice(&data)
                    }
                    Op::Trim(off, len) => stable[off as usize..(off + len) as usize].fill(0),
                    Op::Resize(n) => stable_size = n,
                    Op::Flush => {}
                }
            }
        }
    }
    (stable, stable_size, pending, false)
}

#[test]
fn crash_at_every_flush_point_keeps_flushed_writes() {
    let size = 24 * MIB;
    let image = new_disk(DiskKind::Dynamic, size, MIB as u32);
    let ops = workload(7, size);
    let clean = Arc::new(MemFile::new(image.clone()));
    let d = Vhdx::open(clean.clone(), OpenOptions::read_write()).unwrap();
    let (_, _, _, failed) = run(&d, &ops, size);
    assert!(!failed);
    let flushes = clean.flush_count();
    drop(d);
    assert!(flushes > 40, "only {flushes} flush points");
    let qemu = std::process::Command::new("qemu-img")
        .arg("--version")
        .output()
        .is_ok();
    let dir = tempfile::tempdir().unwrap();
    // Each flush point is crashed three times: a random subset of the unflushed writes
    // survives, then a prefix of them, then a suffix.
    for (k, seed) in (1..=flushes)
        .flat_map(|k| (0..3u64).map(move |m| (k, k.wrapping_mul(0x2545_F491) / 3 * 3 + m)))
    {
        let f = Arc::new(MemFile::new(image.clone()));
        let d = Vhdx::open(f.clone(), OpenOptions::read_write()).unwrap();
        f.crash_at_flush(k, seed);
        let (stable, stable_size, pending, failed) = run(&d, &ops, size);
        assert!(failed, "crash point {k} was not reached");
        drop(d);
        let img = f.durable_image();
        let f2 = Arc::new(MemFile::new(img));
        let d2 = Vhdx::open(f2.clone(), OpenOptions::read_write())
            .unwrap_or_else(|e| panic!("crash at flush {k}: reopen failed: {e}"));
        assert_eq!(
            d2.check().unwrap(),
            Vec::<String>::new(),
            "crash at flush {k}"
        );
        let got_size = d2.virtual_size();
        let resize_pending = pending.iter().any(|p| matches!(p, Op::Resize(_)));
        assert!(
            got_size == stable_size || resize_pending,
            "crash at flush {k}: size {got_size}, flushed size {stable_size}"
        );
        let mut got = vec![0u8; size as usize];
        read_level(std::slice::from_ref(&d2), 0, 0, &mut got).unwrap();
        // Every 4 KiB sector holds what was flushed, or what a pending op put there.
        for s in 0..(size / 4096) as usize {
            let g = &got[s * 4096..s * 4096 + 4096];
            if g == &stable[s * 4096..s * 4096 + 4096] {
                continue;
            }
            let ok = pending.iter().any(|p| match p {
                Op::Write(off, data) => {
                    let o = *off as usize;
                    s * 4096 >= o
                        && s * 4096 < o + data.len()
                        && g == &data[s * 4096 - o..s * 4096 - o + 4096]
                }
                Op::Trim(off, len) => {
                    (s as u64 * 4096) >= *off
                        && (s as u64 * 4096) < off + len
                        && g.iter().all(|&b| b == 0)
                }
                _ => false,
            });
            assert!(ok, "crash at flush {k}: sector {s} lost flushed data");
        }
        // Writable after recovery, and clean for qemu once closed.
        write_through(&d2, 0, &[0x77; 4096]).unwrap();
        d2.close().unwrap();
        if qemu && seed % 3 == 0 {
            let p = dir.path().join("crash.vhdx");
            std::fs::write(&p, f2.volatile_image()).unwrap();
            let out = std::process::Command::new("qemu-img")
                .args(["check", "-q", "-f", "vhdx"])
                .arg(&p)
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "crash at flush {k}: qemu-img check: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
}

#[test]
fn dirty_log_replays_in_memory_read_only_and_on_disk_read_write() {
    let size = 16 * MIB;
    let image = new_disk(DiskKind::Dynamic, size, MIB as u32);
    let f = Arc::new(MemFile::new(image));
    let d = Vhdx::open(f.clone(), OpenOptions::read_write()).unwrap();
    write_through(&d, 5 * MIB + 4096, &[0xab; 8192]).unwrap();
    let expect = read_all(&d);
    // Simulate a crash after the log entry reached disk but before its targets did:
    // rewind the BAT sector to its pre-update content in the durable image.
    let mut img = f.volatile_image();
    std::mem::forget(d); // no clean close
    let info_off = {
        let d = Vhdx::open(
            Arc::new(MemFile::new(img.clone())),
            OpenOptions::read_only(),
        )
        .unwrap();
        d.info().unwrap().bat_offset as usize
    };
    img[info_off..info_off + 4096].fill(0);
    // Read-only, refusing replay.
    let ro = OpenOptions {
        read_only: true,
        replay_in_memory: false,
    };
    assert!(matches!(
        Vhdx::open(Arc::new(MemFile::new(img.clone())), ro),
        Err(Error::LogReplayRequired)
    ));
    // Read-only, replaying in memory: the file is untouched but reads are right.
    let f_ro = Arc::new(MemFile::new(img.clone()));
    let d = Vhdx::open(f_ro.clone(), OpenOptions::read_only()).unwrap();
    assert_eq!(read_all(&d), expect);
    assert!(
        !d.check().unwrap().is_empty(),
        "check reports the unreplayed log"
    );
    drop(d);
    assert!(f_ro.volatile_image() == img);
    // Read-write: replayed for good, header clean afterwards.
    let f_rw = Arc::new(MemFile::new(img));
    let d = Vhdx::open(f_rw.clone(), OpenOptions::read_write()).unwrap();
    assert_eq!(read_all(&d), expect);
    assert!(d.info().unwrap().log_guid.is_zero());
    assert_eq!(d.info().unwrap().replayed_log_entries, 1);
}

#[test]
fn trim_frees_whole_blocks_and_allocated_ranges_follow() {
    let size = 16 * MIB;
    let f = Arc::new(MemFile::new(new_disk(DiskKind::Dynamic, size, MIB as u32)));
    let d = Vhdx::open(f, OpenOptions::read_write()).unwrap();
    write_through(&d, MIB - 4096, &vec![1u8; 3 * MIB as usize]).unwrap();
    assert_eq!(d.allocated_ranges(0, size).unwrap(), vec![(0, 4 * MIB)]);
    // Trim [1.5 MiB, 3 MiB): only block 2 is whole inside it.
    assert_eq!(d.trim(MIB + MIB / 2, MIB + MIB / 2).unwrap(), MIB);
    assert_eq!(
        d.allocated_ranges(0, size).unwrap(),
        vec![(0, 2 * MIB), (3 * MIB, MIB)]
    );
    let all = read_all(&d);
    assert!(all[2 * MIB as usize..3 * MIB as usize]
        .iter()
        .all(|&b| b == 0));
    assert_eq!(all[MIB as usize + 100], 1);
    // Fixed disks keep their blocks: a trim leaves them, a zeroing zeroes the data of
    // those whole inside the range in place; the edges stay.
    let f = Arc::new(MemFile::new(new_disk(DiskKind::Fixed, size, MIB as u32)));
    let d = Vhdx::open(f, OpenOptions::read_write()).unwrap();
    let before = d.allocated_ranges(0, size).unwrap();
    write_through(&d, 0, &vec![5u8; 4 * MIB as usize]).unwrap();
    assert_eq!(d.trim(0, size).unwrap(), 0);
    assert!(read_all(&d)[..4 * MIB as usize].iter().all(|&b| b == 5));
    assert_eq!(d.zero(MIB / 2, 3 * MIB).unwrap(), 2 * MIB);
    assert_eq!(d.allocated_ranges(0, size).unwrap(), before);
    let all = read_all(&d);
    assert!(all[..MIB as usize].iter().all(|&b| b == 5));
    assert!(all[MIB as usize..3 * MIB as usize].iter().all(|&b| b == 0));
    assert!(all[3 * MIB as usize..4 * MIB as usize]
        .iter()
        .all(|&b| b == 5));
    assert!(d.check().unwrap().is_empty());
    // The same on a file, whose range is zeroed by the filesystem; the last block is
    // reached by a range that ends at the disk's end (not a whole number of blocks).
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fixed.vhdx");
    let size = 5 * MIB + MIB / 2;
    let f = std::fs::File::create_new(&path).unwrap();
    let mut p = CreateParams::new(DiskKind::Fixed, size);
    p.block_size = MIB as u32;
    create(&f, &p).unwrap();
    let mut rw = std::fs::OpenOptions::new();
    rw.read(true).write(true);
    let d = Vhdx::open(rw.open(&path).unwrap(), OpenOptions::read_write()).unwrap();
    write_through(&d, 0, &vec![7u8; size as usize]).unwrap();
    let len = std::fs::metadata(&path).unwrap().len();
    assert_eq!(d.zero(MIB, size - MIB).unwrap(), 5 * MIB);
    let all = read_all(&d);
    assert!(all[..MIB as usize].iter().all(|&b| b == 7));
    assert!(all[MIB as usize..].iter().all(|&b| b == 0));
    d.close().unwrap();
    assert_eq!(std::fs::metadata(&path).unwrap().len(), len);
    let d = Vhdx::open(rw.open(&path).unwrap(), OpenOptions::read_only()).unwrap();
    assert!(d.check().unwrap().is_empty());
    assert!(read_all(&d)[MIB as usize..].iter().all(|&b| b == 0));
}

#[test]
fn resize_grows_in_place_and_by_moving_the_bat() {
    for kind in [DiskKind::Dynamic, DiskKind::Fixed] {
        let size = 8 * MIB;
        let f = Arc::new(MemFile::new(new_disk(kind, size, MIB as u32)));
        let d = Vhdx::open(f.clone(), OpenOptions::read_write()).unwrap();
        write_through(&d, size - 4096, &[9u8; 4096]).unwrap();
        // Small growth fits the 1 MiB BAT region.
        d.resize(40 * MIB).unwrap();
        write_through(&d, 40 * MIB - 8192, &[3u8; 8192]).unwrap();
        if kind == DiskKind::Fixed {
            // A fixed disk of 200 GiB would be 200 GiB of memory here; in place only.
            d.close().unwrap();
            let d = Vhdx::open(
                Arc::new(MemFile::new(f.volatile_image())),
                OpenOptions::read_only(),
            )
            .unwrap();
            let mut b = vec![0u8; 8192];
            read_level(std::slice::from_ref(&d), 0, 40 * MIB - 8192, &mut b).unwrap();
            assert_eq!(b, vec![3u8; 8192]);
            assert!(d.info().unwrap().allocated_bytes == 40 * MIB);
            continue;
        }
        let bat_before = d.info().unwrap().bat_offset;
        // 200 GiB of 1 MiB blocks needs 1.6 MiB of BAT: the table moves.
        d.resize(200 << 30).unwrap();
        assert_ne!(d.info().unwrap().bat_offset, bat_before, "{kind:?}");
        write_through(&d, (200 << 30) - 4096, &[4u8; 4096]).unwrap();
        d.close().unwrap();
        let d = Vhdx::open(
            Arc::new(MemFile::new(f.volatile_image())),
            OpenOptions::read_only(),
        )
        .unwrap();
        assert_eq!(d.virtual_size(), 200 << 30);
        let mut b = vec![0u8; 4096];
        read_level(std::slice::from_ref(&d), 0, size - 4096, &mut b).unwrap();
        assert_eq!(b, vec![9u8; 4096]);
        read_level(std::slice::from_ref(&d), 0, 40 * MIB - 4096, &mut b).unwrap();
        assert_eq!(b, vec![3u8; 4096]);
        read_level(std::slice::from_ref(&d), 0, (200 << 30) - 4096, &mut b).unwrap();
        assert_eq!(b, vec![4u8; 4096]);
        read_level(std::slice::from_ref(&d), 0, 100 << 30, &mut b).unwrap();
        assert_eq!(b, vec![0u8; 4096]);
        assert!(d.resize(1 << 40).is_err(), "read-only");
    }
}

fn patch_header(img: &mut [u8], slot: usize, f: impl FnOnce(&mut Header)) {
    let off = [HEADER1_OFFSET, HEADER2_OFFSET][slot] as usize;
    let mut h = Header::parse(&img[off..off + 4096]).unwrap();
    f(&mut h);
    img[off..off + 4096].copy_from_slice(&h.encode());
}

fn open_err(img: Vec<u8>) -> String {
    match Vhdx::open(MemFile::new(img), OpenOptions::read_only()) {
        Ok(_) => panic!("a hostile image opened"),
        Err(e) => e.to_string(),
    }
}

fn metadata_item(img: &[u8], item: Guid) -> usize {
    let regions = parse_region_table(&img[REGION1_OFFSET as usize..]).unwrap();
    let meta = regions.iter().find(|r| r.guid == METADATA_REGION).unwrap();
    let m = meta.file_offset as usize;
    let e = parse_metadata_table(&img[m..]).unwrap();
    m + e.iter().find(|e| e.item == item).unwrap().offset as usize
}

#[test]
fn hostile_images_give_clear_errors() {
    let size = 16 * MIB;
    let mut good = new_disk(DiskKind::Dynamic, size, MIB as u32);
    {
        let f = MemFile::new(good.clone());
        let d = Vhdx::open(&f, OpenOptions::read_write()).unwrap();
        write_through(&d, 0, &[1u8; 4096]).unwrap();
        d.close().unwrap();
        good = f.volatile_image();
    }
    let cur = {
        let d = Vhdx::open(MemFile::new(good.clone()), OpenOptions::read_only()).unwrap();
        d.info().unwrap().header_slot - 1
    };
    // A bad CRC in the current header falls back to the other one.
    let mut img = good.clone();
    img[[HEADER1_OFFSET, HEADER2_OFFSET][cur] as usize + 100] ^= 1;
    let d = Vhdx::open(MemFile::new(img.clone()), OpenOptions::read_only()).unwrap();
    assert_eq!(d.info().unwrap().header_slot - 1, 1 - cur);
    drop(d);
    // Both bad.
    img[[HEADER1_OFFSET, HEADER2_OFFSET][1 - cur] as usize + 200] ^= 1;
    let e = open_err(img);
    assert!(e.contains("headers: neither is valid"), "{e}");
    // Equal sequence numbers, different contents.
    let mut img = good.clone();
    let seq = Header::parse(&img[[HEADER1_OFFSET, HEADER2_OFFSET][cur] as usize..])
        .unwrap()
        .sequence;
    patch_header(&mut img, 1 - cur, |h| {
        h.sequence = seq;
        h.data_write_guid = Guid::random();
    });
    assert!(open_err(img).contains("both carry sequence"));
    // A BAT entry past the end of the file.
    let mut img = good.clone();
    let regions = parse_region_table(&img[REGION1_OFFSET as usize..]).unwrap();
    let bat = regions
        .iter()
        .find(|r| r.guid == BAT_REGION)
        .unwrap()
        .file_offset as usize;
    put64(&mut img, bat + 8, bat_entry(PAYLOAD_FULLY_PRESENT, 1 << 40));
    let e = open_err(img);
    assert!(e.contains("BAT entry 1") && e.contains("outside"), "{e}");
    // Two blocks in the same place.
    let mut img = good.clone();
    let first = le64(&img, bat);
    put64(&mut img, bat + 16, first);
    assert!(open_err(img).contains("overlapping"));
    // Overlapping regions (both table copies).
    let mut img = good.clone();
    let mut regions = regions.clone();
    let bo = regions
        .iter()
        .find(|r| r.guid == BAT_REGION)
        .unwrap()
        .file_offset;
    regions
        .iter_mut()
        .find(|r| r.guid == METADATA_REGION)
        .unwrap()
        .file_offset = bo;
    let t = encode_region_table(&regions);
    img[REGION1_OFFSET as usize..][..t.len()].copy_from_slice(&t);
    img[REGION2_OFFSET as usize..][..t.len()].copy_from_slice(&t);
    let e = open_err(img);
    assert!(e.contains("overlaps"), "{e}");
    // Absurd sizes.
    let mut img = good.clone();
    let vs = metadata_item(&img, VIRTUAL_DISK_SIZE);
    put64(&mut img, vs, u64::MAX / 2);
    assert!(open_err(img).contains("virtual disk size"));
    let mut img = good.clone();
    let fp = metadata_item(&img, FILE_PARAMETERS);
    put32(&mut img, fp, 3 << 20);
    assert!(open_err(img).contains("block size"));
    let mut img = good.clone();
    let ls = metadata_item(&img, LOGICAL_SECTOR_SIZE);
    put32(&mut img, ls, 1024);
    assert!(open_err(img).contains("logical sector size"));
    // Region table copy 1 broken: copy 2 serves.
    let mut img = good.clone();
    img[REGION1_OFFSET as usize + 40] ^= 0xff;
    assert!(Vhdx::open(MemFile::new(img), OpenOptions::read_only()).is_ok());
    // Random bytes and truncation.
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let junk: Vec<u8> = (0..2 * MIB).map(|_| rng.gen()).collect();
    assert!(open_err(junk).contains("file type identifier"));
    assert!(open_err(good[..500_000].to_vec()).contains("smaller than"));
    let mut img = good.clone();
    img.truncate(4 * MIB as usize);
    let e = open_err(img);
    assert!(e.contains("past the end") || e.contains("outside"), "{e}");
}

/// A bounded mutation fuzzer over open, read and write: no panic, no hang, whatever
/// the bytes. (CI runs it on every test run; raise FUZZ_ITERATIONS for longer runs.)
#[test]
fn fuzz_open_on_mutated_images() {
    let size = 8 * MIB;
    let base = new_disk(DiskKind::Dynamic, size, MIB as u32);
    // A dirty image too, so the log parser is in play.
    let dirty = {
        let f = MemFile::new(base.clone());
        let d = Vhdx::open(&f, OpenOptions::read_write()).unwrap();
        write_through(&d, MIB, &[5u8; 8192]).unwrap();
        write_through(&d, 5 * MIB, &[6u8; 4096]).unwrap();
        let img = f.volatile_image();
        std::mem::forget(d);
        img
    };
    let iterations: u64 = std::env::var("FUZZ_ITERATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1500);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let mut rng = rand::rngs::StdRng::seed_from_u64(0xF022);
    let hot = [
        0usize,
        64 << 10,
        128 << 10,
        192 << 10,
        256 << 10,
        1 << 20,
        2 << 20,
        3 << 20,
    ];
    let mut opened = 0;
    for i in 0..iterations {
        if std::time::Instant::now() > deadline {
            break;
        }
        let mut img = if i % 2 == 0 {
            base.clone()
        } else {
            dirty.clone()
        };
        for _ in 0..rng.gen_range(1..8) {
            let at = hot[rng.gen_range(0..hot.len())] + rng.gen_range(0..8192usize);
            if at < img.len() {
                img[at] = rng.gen();
            }
        }
        // Fix the checksums now and then so deeper layers see the damage.
        if rng.gen_bool(0.5) {
            for off in [HEADER1_OFFSET, HEADER2_OFFSET] {
                let o = off as usize;
                let c = crc_with_hole(&img[o..o + 4096], 4);
                put32(&mut img, o + 4, c);
            }
            for off in [REGION1_OFFSET, REGION2_OFFSET] {
                let o = off as usize;
                let c = crc_with_hole(&img[o..o + 65536], 4);
                put32(&mut img, o + 4, c);
            }
        }
        let ro = i % 3 == 0;
        let opts = if ro {
            OpenOptions::read_only()
        } else {
            OpenOptions::read_write()
        };
        if let Ok(d) = Vhdx::open(MemFile::new(img), opts) {
            opened += 1;
            let vs = d.virtual_size().min(64 * MIB);
            let mut b = vec![0u8; 65536];
            let off = rng.gen_range(0..vs / 512) * 512;
            let n = (vs - off).min(65536) as usize;
            let _ = read_level(std::slice::from_ref(&d), 0, off, &mut b[..n]);
            if !ro {
                let _ = write_through(&d, off, &b[..n]);
            }
            let _ = d.check();
        }
    }
    assert!(opened > 0, "the mutations never left an openable image");
}

#[test]
fn resize_shrinks_dropping_the_blocks_past_the_end() {
    for kind in [DiskKind::Dynamic, DiskKind::Fixed] {
        let size = 24 * MIB;
        let f = Arc::new(MemFile::new(new_disk(kind, size, MIB as u32)));
        let d = Vhdx::open(f.clone(), OpenOptions::read_write()).unwrap();
        for m in 0..24u64 {
            write_through(&d, m * MIB, &vec![m as u8 + 1; MIB as usize]).unwrap();
        }
        let before = d.info().unwrap().allocated_bytes;
        // Half a block past 10 MiB: the last block stays, its cut-off half is zeroed.
        let new_size = 10 * MIB + MIB / 2;
        d.resize(new_size).unwrap();
        assert_eq!(d.virtual_size(), new_size);
        assert!(d.info().unwrap().allocated_bytes < before, "{kind:?}");
        let mut b = vec![0u8; 4096];
        assert!(read_level(std::slice::from_ref(&d), 0, new_size, &mut b).is_err());
        assert!(write_through(&d, new_size, &b).is_err());
        // Growing again: the dropped space reads as zeros, the kept data is intact.
        d.resize(size).unwrap();
        let all = read_all(&d);
        for m in 0..10usize {
            let blk = &all[m * MIB as usize..(m + 1) * MIB as usize];
            assert!(blk.iter().all(|&x| x == m as u8 + 1), "{kind:?} block {m}");
        }
        let half = &all[10 * MIB as usize..new_size as usize];
        assert!(half.iter().all(|&x| x == 11), "{kind:?}");
        assert!(
            all[new_size as usize..].iter().all(|&x| x == 0),
            "{kind:?}: old data came back after a shrink and a grow"
        );
        assert_eq!(d.check().unwrap(), Vec::<String>::new(), "{kind:?}");
        d.close().unwrap();
        let d = Vhdx::open(
            Arc::new(MemFile::new(f.volatile_image())),
            OpenOptions::read_only(),
        )
        .unwrap();
        assert_eq!(d.virtual_size(), size);
        assert_eq!(read_all(&d), all);
    }
}

#[test]
fn a_differencing_disk_is_not_shrunk() {
    let dir = tempfile::tempdir().unwrap();
    let parent = dir.path().join("p.vhdx");
    let child = dir.path().join("c.vhdx");
    std::fs::write(&parent, new_disk(DiskKind::Dynamic, 16 * MIB, MIB as u32)).unwrap();
    vhdx::create_differencing(&child, &parent, None).unwrap();
    let c = vhdx::Chain::open(&child, false).unwrap();
    assert!(c.top().resize(8 * MIB).is_err());
    assert_eq!(c.top().virtual_size(), 16 * MIB);
    c.top().resize(32 * MIB).unwrap();
}

#[test]
fn a_crash_during_a_shrink_leaves_the_old_or_the_new_disk() {
    let size = 12 * MIB;
    let new_size = 5 * MIB + 256 * 1024;
    let mut expect = vec![0u8; size as usize];
    for (m, c) in expect.chunks_mut(MIB as usize).enumerate() {
        c.fill(m as u8 + 1);
    }
    // Writes, a flush, the shrink, a flush, a grow, a flush. Returns the flush count
    // once the writes were stable.
    let run = |f: &Arc<MemFile>| -> (u64, u64, std::result::Result<(), vhdx::Error>) {
        let d = Vhdx::open(f.clone(), OpenOptions::read_write()).unwrap();
        let mut stable_at = u64::MAX;
        let r = (|| {
            for m in 0..12u64 {
                write_through(&d, m * MIB, &expect[(m * MIB) as usize..][..MIB as usize])?;
            }
            d.flush()?;
            stable_at = f.flush_count();
            d.resize(new_size)?;
            d.flush()?;
            d.resize(size)?;
            d.flush()
        })();
        (stable_at, f.flush_count(), r)
    };
    let clean = Arc::new(MemFile::new(new_disk(DiskKind::Dynamic, size, MIB as u32)));
    let (stable_at, flushes, r) = run(&clean);
    r.unwrap();
    assert!(
        flushes > stable_at + 2,
        "{flushes} flushes, writes stable at {stable_at}"
    );
    for k in 1..=flushes {
        let f = Arc::new(MemFile::new(new_disk(DiskKind::Dynamic, size, MIB as u32)));
        f.crash_at_flush(k, k * 31);
        assert!(run(&f).2.is_err(), "crash point {k} not reached");
        let d = Vhdx::open(
            Arc::new(MemFile::new(f.durable_image())),
            OpenOptions::read_write(),
        )
        .unwrap_or_else(|e| panic!("crash at flush {k}: {e}"));
        assert_eq!(
            d.check().unwrap(),
            Vec::<String>::new(),
            "crash at flush {k}"
        );
        let got = read_all(&d);
        let n = got.len() as u64;
        assert!(n == size || n == new_size, "crash at flush {k}: size {n}");
        if k <= stable_at {
            continue;
        }
        // The writes were stable: below the new end they are all there, whatever
        // became of the shrink; past it the old data, or zeros once it was cut.
        let cut = new_size as usize;
        assert!(got[..cut] == expect[..cut], "crash at flush {k}");
        for (i, &x) in got[cut..].iter().enumerate() {
            let at = cut + i;
            assert!(x == 0 || x == expect[at], "crash at flush {k}: byte {at}");
        }
    }
}

#[test]
fn a_write_in_place_is_where_the_engine_would_write_it() {
    use vhdx::Storage;
    let size = 8 * MIB;
    // A fixed disk: every block is there; the caller writes the bytes itself, at the
    // offset given, and the disk reads them back (it was marked written first).
    let f = Arc::new(MemFile::new(new_disk(DiskKind::Fixed, size, MIB as u32)));
    let d = Vhdx::open(f.clone(), OpenOptions::read_write()).unwrap();
    let guid = d.data_write_guid();
    let at = d.write_in_place(3 * MIB + 4096, 8192).unwrap().unwrap();
    assert_ne!(d.data_write_guid(), guid, "marked written before the data");
    f.write_at(&[0x5a; 8192], at).unwrap();
    let all = read_all(&d);
    assert!(all[3 * MIB as usize + 4096..3 * MIB as usize + 12288]
        .iter()
        .all(|&b| b == 0x5a));
    assert_eq!(all[3 * MIB as usize + 4095], 0);
    // Across two blocks, unaligned or past the end: not in place (or refused).
    assert_eq!(d.write_in_place(MIB - 4096, 8192).unwrap(), None);
    assert!(d.write_in_place(100, 512).is_err());
    assert!(d.write_in_place(size, 4096).is_err());
    assert!(d.check().unwrap().is_empty());
    // A dynamic disk: a block not yet allocated needs the engine; once written through
    // the engine, the block takes writes in place.
    let f = Arc::new(MemFile::new(new_disk(DiskKind::Dynamic, size, MIB as u32)));
    let d = Vhdx::open(f.clone(), OpenOptions::read_write()).unwrap();
    assert_eq!(d.write_in_place(MIB, 4096).unwrap(), None);
    write_through(&d, MIB, &[1u8; 4096]).unwrap();
    let at = d.write_in_place(MIB + 8192, 4096).unwrap().unwrap();
    f.write_at(&[2u8; 4096], at).unwrap();
    let all = read_all(&d);
    assert_eq!(
        (all[MIB as usize], all[MIB as usize + 8192]),
        (1, 2),
        "both in the block the engine allocated"
    );
    // Read-only: refused.
    let d = Vhdx::open(f, OpenOptions::read_only()).unwrap();
    assert!(d.write_in_place(MIB, 4096).is_err());
}
