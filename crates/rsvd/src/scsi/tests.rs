//! The logical unit's commands against a disk in memory: data, reservations and their
//! attentions, preempts and the writes they wait for.

use super::*;
use crate::pr::{action, kind};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A RAM disk.
pub struct Ram {
    pub data: Mutex<Vec<u8>>,
    pub flushes: AtomicUsize,
}

impl Ram {
    pub fn new(size: usize) -> Ram {
        Ram {
            data: Mutex::new(vec![0; size]),
            flushes: AtomicUsize::new(0),
        }
    }
}

impl BlockDevice for Ram {
    fn sector_size(&self) -> u32 {
        512
    }
    fn physical_sector_size(&self) -> u32 {
        4096
    }
    fn capacity(&self) -> u64 {
        self.data.lock().len() as u64
    }
    fn identity(&self) -> Guid {
        Guid([0x5A; 16])
    }
    fn read(&self, offset: u64, buf: &mut [u8]) -> Result<(), DevError> {
        let d = self.data.lock();
        buf.copy_from_slice(&d[offset as usize..offset as usize + buf.len()]);
        Ok(())
    }
    fn write(&self, offset: u64, data: &[u8], _fua: bool) -> Result<(), DevError> {
        let mut d = self.data.lock();
        d[offset as usize..offset as usize + data.len()].copy_from_slice(data);
        Ok(())
    }
    fn flush(&self) -> Result<(), DevError> {
        self.flushes.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }
    fn unmap(&self, offset: u64, len: u64) -> Result<(), DevError> {
        let mut d = self.data.lock();
        // Releases whole 4 KiB units only.
        let s = offset.div_ceil(4096) * 4096;
        let e = (offset + len) / 4096 * 4096;
        if s < e {
            d[s as usize..e as usize].fill(0);
        }
        Ok(())
    }
    fn unmap_granularity(&self) -> u64 {
        4096
    }
}

fn run(lun: &Lun, nexus: Guid, cdb: &[u8], out: &[u8]) -> Outcome {
    execute(
        lun,
        nexus,
        &Command {
            cdb,
            data_out: out,
            max_in: 1 << 20,
        },
    )
}

fn rw10(op: u8, lba: u32, n: u16) -> Vec<u8> {
    let mut c = vec![op, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    c[2..6].copy_from_slice(&lba.to_be_bytes());
    c[7..9].copy_from_slice(&n.to_be_bytes());
    c
}

pub(crate) fn pr_out(sa: u8, t: u8, rk: u64, sark: u64) -> (Vec<u8>, Vec<u8>) {
    let mut c = vec![op::PERSISTENT_RESERVE_OUT, sa, t, 0, 0, 0, 0, 0, 24, 0];
    c[5..9].copy_from_slice(&24u32.to_be_bytes());
    let mut p = vec![0u8; 24];
    p[..8].copy_from_slice(&rk.to_be_bytes());
    p[8..16].copy_from_slice(&sark.to_be_bytes());
    (c, p)
}

#[test]
fn identity_capacity_and_data() {
    let ram = Ram::new(1 << 20);
    let pr = Mutex::new(Reservations::new());
    let lun = lun_of(&ram, &pr);
    let a = Guid([1; 16]);
    let inq = run(&lun, a, &[op::INQUIRY, 0, 0, 0, 96, 0], &[]);
    assert!(inq.is_good());
    assert_eq!(&inq.data[8..16], b"Msft    ");
    assert_eq!(&inq.data[16..32], b"Virtual Disk    ");
    let p0 = run(&lun, a, &[op::INQUIRY, 1, 0, 0, 255, 0], &[]);
    assert_eq!(&p0.data[4..], &VPD_PAGES);
    let p83 = run(&lun, a, &[op::INQUIRY, 1, 0x83, 0, 255, 0], &[]);
    assert_eq!(&p83.data[4..8], &[1, 1, 0, 24]);
    assert_eq!(&p83.data[36..40], &[0x60, 0x02, 0x24, 0x80]);
    for page in VPD_PAGES {
        let r = run(&lun, a, &[op::INQUIRY, 1, page, 0, 255, 0], &[]);
        assert!(r.is_good(), "page {page:x}");
        assert_eq!(r.data.len(), 4 + usize::from(be16(&r.data, 2)));
    }
    assert_eq!(
        run(&lun, a, &[op::INQUIRY, 1, 0x42, 0, 255, 0], &[]).sense,
        Some(sense::INVALID_FIELD_IN_CDB)
    );
    // Truncated to the allocation length.
    assert_eq!(
        run(&lun, a, &[op::INQUIRY, 0, 0, 0, 5, 0], &[]).data.len(),
        5
    );
    let cap = run(&lun, a, &rw10(op::READ_CAPACITY10, 0, 0), &[]);
    assert_eq!(be32(&cap.data, 0), 2047);
    assert_eq!(be32(&cap.data, 4), 512);
    let mut c16 = [0u8; 16];
    c16[0] = op::SERVICE_ACTION_IN16;
    c16[1] = SA_READ_CAPACITY16;
    c16[13] = 32;
    let cap16 = run(&lun, a, &c16, &[]);
    assert_eq!(be64(&cap16.data, 0), 2047);
    assert_eq!(cap16.data[13], 3, "8 logical sectors per physical");
    assert_eq!(cap16.data[14] & 0x80, 0x80);
    // Write, read back, out of range.
    let data: Vec<u8> = (0..1024u32).map(|i| i as u8).collect();
    assert!(run(&lun, a, &rw10(op::WRITE10, 10, 2), &data).is_good());
    let r = run(&lun, a, &rw10(op::READ10, 10, 2), &[]);
    assert_eq!(r.data, data);
    assert_eq!(
        run(&lun, a, &rw10(op::READ10, 2047, 2), &[]).sense,
        Some(sense::LBA_OUT_OF_RANGE)
    );
    assert_eq!(
        run(&lun, a, &rw10(op::WRITE10, 0, 4), &data).sense,
        Some(sense::PARAMETER_LIST_LENGTH_ERROR)
    );
    assert!(run(&lun, a, &rw10(op::SYNCHRONIZE_CACHE10, 0, 0), &[]).is_good());
    assert_eq!(ram.flushes.load(Ordering::Relaxed), 1);
    let ms = run(&lun, a, &[op::MODE_SENSE6, 0x08, 0x3F, 0, 255, 0], &[]);
    assert!(ms.is_good());
    assert_eq!(usize::from(ms.data[0]) + 1, ms.data.len());
    assert_eq!(ms.data[4], 0x08);
    assert_eq!(
        run(&lun, a, &[op::MODE_SENSE6, 0x08, 0xC8, 0, 255, 0], &[]).sense,
        Some(sense::SAVING_PARAMETERS_NOT_SUPPORTED)
    );
    assert_eq!(
        run(
            &lun,
            a,
            &[0xC7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            &[]
        )
        .sense,
        Some(sense::INVALID_OPCODE)
    );
    assert_eq!(
        run(&lun, a, &[op::READ10, 0, 0], &[]).sense,
        Some(sense::INVALID_OPCODE),
        "a CDB shorter than its group's length"
    );
}

#[test]
fn unmap_and_write_same() {
    let ram = Ram::new(1 << 20);
    ram.data.lock().fill(0xEE);
    let pr = Mutex::new(Reservations::new());
    let lun = lun_of(&ram, &pr);
    let a = Guid([1; 16]);
    // WRITE SAME(16) with UNMAP over a range with unaligned edges reads as zeros.
    let mut ws = [0u8; 16];
    ws[0] = op::WRITE_SAME16;
    ws[1] = 0x08;
    ws[2..10].copy_from_slice(&3u64.to_be_bytes());
    ws[10..14].copy_from_slice(&20u32.to_be_bytes());
    assert!(run(&lun, a, &ws, &[0u8; 512]).is_good());
    let d = ram.data.lock().clone();
    assert!(d[3 * 512..23 * 512].iter().all(|&b| b == 0));
    assert_eq!(d[3 * 512 - 1], 0xEE);
    assert_eq!(d[23 * 512], 0xEE);
    // WRITE SAME without UNMAP repeats the block.
    ws[1] = 0;
    let blk = [0x42u8; 512];
    assert!(run(&lun, a, &ws, &blk).is_good());
    assert!(ram.data.lock()[3 * 512..23 * 512]
        .iter()
        .all(|&b| b == 0x42));
    // UNMAP: ranges checked before any is released.
    let mut p = vec![0u8; 8 + 32];
    p[2..4].copy_from_slice(&32u16.to_be_bytes());
    p[8..16].copy_from_slice(&0u64.to_be_bytes());
    p[16..20].copy_from_slice(&8u32.to_be_bytes());
    p[24..32].copy_from_slice(&4000u64.to_be_bytes());
    p[32..36].copy_from_slice(&8u32.to_be_bytes());
    let um = [op::UNMAP, 0, 0, 0, 0, 0, 0, 0, 40, 0];
    assert_eq!(run(&lun, a, &um, &p).sense, Some(sense::LBA_OUT_OF_RANGE));
    assert_eq!(ram.data.lock()[0], 0xEE);
    p[24..32].copy_from_slice(&16u64.to_be_bytes());
    assert!(run(&lun, a, &um, &p).is_good());
    assert!(ram.data.lock()[..4096].iter().all(|&b| b == 0));
}

#[test]
fn reservations_gate_commands_and_attentions_are_reported_once() {
    let ram = Ram::new(1 << 20);
    let pr = Mutex::new(Reservations::new());
    let saved = Mutex::new(Vec::new());
    let persist = |b: &[u8]| {
        *saved.lock() = b.to_vec();
        true
    };
    let tasks = Arc::new(Tasks::default());
    let lun = Lun {
        dev: &ram,
        pr: &pr,
        persist: &persist,
        tasks: &tasks,
        shared: None,
    };
    let (a, b) = (Guid([1; 16]), Guid([2; 16]));
    let wero = kind::WRITE_EXCLUSIVE_REGISTRANTS_ONLY;
    for (n, k) in [(a, 0xAu64), (b, 0xB)] {
        let (c, p) = pr_out(action::REGISTER_AND_IGNORE, 0, 0, k);
        assert!(run(&lun, n, &c, &p).is_good());
    }
    let (c, p) = pr_out(action::RESERVE, wero, 0xA, 0);
    assert!(run(&lun, a, &c, &p).is_good());
    let (c, p) = pr_out(action::RESERVE, wero, 0xB, 0);
    assert_eq!(
        run(&lun, b, &c, &p).scsi_status,
        scsi_status::RESERVATION_CONFLICT
    );
    // An initiator that never registered: reads pass, writes conflict.
    let x = Guid([9; 16]);
    assert!(run(&lun, x, &rw10(op::READ10, 0, 1), &[]).is_good());
    assert_eq!(
        run(&lun, x, &rw10(op::WRITE10, 0, 1), &[0; 512]).scsi_status,
        scsi_status::RESERVATION_CONFLICT
    );
    // B preempts A: A's next command reports the unit attention, once.
    let (c, p) = pr_out(action::PREEMPT, wero, 0xB, 0xA);
    assert!(run(&lun, b, &c, &p).is_good());
    assert_eq!(*saved.lock(), pr.lock().encode());
    let r = run(&lun, a, &[op::TEST_UNIT_READY, 0, 0, 0, 0, 0], &[]);
    assert_eq!(r.sense.unwrap().key, sense::key::UNIT_ATTENTION);
    assert_eq!((r.sense.unwrap().asc, r.sense.unwrap().ascq), (0x2A, 0x05));
    assert_eq!(
        run(&lun, a, &rw10(op::WRITE10, 0, 1), &[0; 512]).scsi_status,
        scsi_status::RESERVATION_CONFLICT
    );
    let mut rk = [0u8; 10];
    rk[0] = op::PERSISTENT_RESERVE_IN;
    rk[8] = 64;
    let keys = run(&lun, a, &rk, &[]);
    assert_eq!(be32(&keys.data, 4), 8);
    // A failure to persist undoes the change.
    let lun2 = Lun {
        dev: &ram,
        pr: &pr,
        persist: &|_| false,
        tasks: &tasks,
        shared: None,
    };
    let before = pr.lock().clone();
    let (c, p) = pr_out(action::CLEAR, 0, 0xB, 0);
    assert_eq!(run(&lun2, b, &c, &p).sense.unwrap().asc, 0x44);
    assert_eq!(*pr.lock(), before);
}

/// A disk whose writes wait, once they have begun, until the test lets them end.
struct Held {
    ram: Ram,
    begun: Mutex<std::sync::mpsc::Sender<()>>,
    go: Mutex<std::sync::mpsc::Receiver<()>>,
}

impl BlockDevice for Held {
    fn sector_size(&self) -> u32 {
        self.ram.sector_size()
    }
    fn physical_sector_size(&self) -> u32 {
        self.ram.physical_sector_size()
    }
    fn capacity(&self) -> u64 {
        self.ram.capacity()
    }
    fn identity(&self) -> Guid {
        self.ram.identity()
    }
    fn read(&self, offset: u64, buf: &mut [u8]) -> Result<(), DevError> {
        self.ram.read(offset, buf)
    }
    fn write(&self, offset: u64, data: &[u8], fua: bool) -> Result<(), DevError> {
        self.begun.lock().send(()).unwrap();
        self.go.lock().recv().unwrap();
        self.ram.write(offset, data, fua)
    }
    fn flush(&self) -> Result<(), DevError> {
        self.ram.flush()
    }
    fn unmap(&self, offset: u64, len: u64) -> Result<(), DevError> {
        self.ram.unmap(offset, len)
    }
}

#[test]
fn preempt_and_abort_completes_after_the_preempted_writes_under_way() {
    let (begun, begun_rx) = std::sync::mpsc::channel();
    let (go, go_rx) = std::sync::mpsc::channel();
    let dev = Held {
        ram: Ram::new(1 << 20),
        begun: Mutex::new(begun),
        go: Mutex::new(go_rx),
    };
    let pr = Mutex::new(Reservations::new());
    let tasks = Arc::new(Tasks::default());
    // A logical unit for each thread (its persist callback is not Sync).
    let lun = || Lun {
        dev: &dev,
        pr: &pr,
        persist: &|_| true,
        tasks: &tasks,
        shared: None,
    };
    let (a, b) = (Guid([1; 16]), Guid([2; 16]));
    for (n, k) in [(a, 0xAu64), (b, 0xB)] {
        let (c, p) = pr_out(action::REGISTER_AND_IGNORE, 0, 0, k);
        assert!(run(&lun(), n, &c, &p).is_good());
    }
    let wero = kind::WRITE_EXCLUSIVE_REGISTRANTS_ONLY;
    let (c, p) = pr_out(action::RESERVE, wero, 0xA, 0);
    assert!(run(&lun(), a, &c, &p).is_good());
    let preempted = AtomicUsize::new(0);
    std::thread::scope(|s| {
        // B's write is under way when A preempts it and aborts its tasks.
        let w = s.spawn(|| run(&lun(), b, &rw10(op::WRITE10, 8, 1), &[0xB; 512]));
        begun_rx.recv().unwrap();
        let p = s.spawn(|| {
            let (c, p) = pr_out(action::PREEMPT_AND_ABORT, wero, 0xA, 0xB);
            let o = run(&lun(), a, &c, &p);
            let abort = o.abort.clone().expect("B's writes to wait for");
            assert_eq!(abort.nexuses, vec![b]);
            assert!(abort.wait(&tasks, ABORT_WAIT));
            preempted.store(1, Ordering::SeqCst);
            o
        });
        std::thread::sleep(std::time::Duration::from_millis(100));
        assert_eq!(preempted.load(Ordering::SeqCst), 0, "waits for B's write");
        assert_eq!(tasks.len(), 1);
        // A's own write goes on meanwhile (the wait holds no lock).
        let mine = s.spawn(|| run(&lun(), a, &rw10(op::WRITE10, 16, 1), &[0xA; 512]));
        begun_rx.recv().unwrap();
        go.send(()).unwrap();
        go.send(()).unwrap();
        assert!(
            w.join().unwrap().is_good(),
            "B's write was under way: it ends"
        );
        assert!(mine.join().unwrap().is_good());
        assert!(p.join().unwrap().is_good());
    });
    assert!(tasks.is_empty());
    // B is out: told once, then its writes conflict.
    let r = run(&lun(), b, &rw10(op::WRITE10, 8, 1), &[0xB; 512]);
    assert_eq!((r.sense.unwrap().asc, r.sense.unwrap().ascq), (0x2A, 0x05));
    let r = run(&lun(), b, &rw10(op::WRITE10, 8, 1), &[0xB; 512]);
    assert_eq!(r.scsi_status, scsi_status::RESERVATION_CONFLICT);
}

#[test]
fn hostile_cdbs_never_panic() {
    use rand::{Rng, SeedableRng};
    let ram = Ram::new(64 << 10);
    let pr = Mutex::new(Reservations::new());
    let lun = lun_of(&ram, &pr);
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x5C51);
    for i in 0..20_000 {
        let len = rng.gen_range(0..=17usize);
        let mut cdb: Vec<u8> = (0..len).map(|_| rng.gen()).collect();
        if i % 2 == 0 && !cdb.is_empty() {
            let ops = [
                0x28u8, 0x2A, 0x88, 0x8A, 0x93, 0x41, 0x42, 0x5E, 0x5F, 0x12, 0x1A, 0x5A, 0x9E,
                0x2F,
            ];
            cdb[0] = ops[rng.gen_range(0..ops.len())];
        }
        let out: Vec<u8> = (0..rng.gen_range(0..2048)).map(|_| rng.gen()).collect();
        let r = execute(
            &lun,
            Guid([rng.gen_range(0..4); 16]),
            &Command {
                cdb: &cdb,
                data_out: &out,
                max_in: rng.gen_range(0..4096),
            },
        );
        assert!(r.data.len() <= 4096);
    }
}

/// A dynamic VHDX in memory whose image keeps only what was flushed.
fn vhdx_disk() -> (
    std::sync::Arc<vhdx::mem::MemFile>,
    crate::VhdxDisk<std::sync::Arc<vhdx::mem::MemFile>>,
) {
    let f = std::sync::Arc::new(vhdx::mem::MemFile::new(Vec::new()));
    let mut p = vhdx::CreateParams::new(vhdx::DiskKind::Dynamic, 64 << 20);
    p.block_size = 1 << 20;
    vhdx::create(&*f, &p).unwrap();
    let v = vhdx::Vhdx::open(f.clone(), vhdx::OpenOptions::read_write()).unwrap();
    (f, crate::VhdxDisk::new(vec![v]))
}

/// A logical unit over `dev` whose reservation changes always persist.
pub(crate) fn lun_of<'a>(dev: &'a dyn BlockDevice, pr: &'a Mutex<Reservations>) -> Lun<'a> {
    static TASKS: std::sync::LazyLock<Arc<Tasks>> = std::sync::LazyLock::new(Default::default);
    Lun {
        dev,
        pr,
        persist: &|_| true,
        tasks: &TASKS,
        shared: None,
    }
}

/// What a node that lost power now would find at `offset` (its log replayed).
fn after_power_loss(f: &vhdx::mem::MemFile, offset: u64, len: usize) -> Vec<u8> {
    let img = vhdx::mem::MemFile::new(f.durable_image());
    let v = vhdx::Vhdx::open(img, vhdx::OpenOptions::read_write()).unwrap();
    let mut buf = vec![0u8; len];
    vhdx::read_level(&[v], 0, offset, &mut buf).unwrap();
    buf
}

#[test]
fn fua_and_synchronize_cache_make_writes_stable_through_the_engine() {
    let (f, d) = vhdx_disk();
    let pr = Mutex::new(Reservations::new());
    let (lun, a) = (lun_of(&d, &pr), Guid([1; 16]));
    // WRITE(16) with FUA into a block never written: data and the block's allocation
    // are stable when it answers.
    let data: Vec<u8> = (0..8192u32).map(|i| (i % 251) as u8).collect();
    let mut w16 = vec![op::WRITE16, 0x08, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    w16[2..10].copy_from_slice(&((5u64 << 20) / 512).to_be_bytes());
    w16[10..14].copy_from_slice(&16u32.to_be_bytes());
    assert!(run(&lun, a, &w16, &data).is_good());
    assert_eq!(after_power_loss(&f, 5 << 20, 8192), data);
    // Without FUA it may be lost until SYNCHRONIZE CACHE, after which it is not.
    let more = vec![0x5Au8; 4096];
    assert!(run(&lun, a, &rw10(op::WRITE10, (9 << 20) / 512, 8), &more).is_good());
    let sync = [op::SYNCHRONIZE_CACHE10, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    assert!(run(&lun, a, &sync, &[]).is_good());
    assert_eq!(after_power_loss(&f, 9 << 20, 4096), more);
    let mut sync16 = [0u8; 16];
    sync16[0] = op::SYNCHRONIZE_CACHE16;
    assert!(run(&lun, a, &rw10(op::WRITE10, (11 << 20) / 512, 8), &more).is_good());
    assert!(run(&lun, a, &sync16, &[]).is_good());
    assert_eq!(after_power_loss(&f, 11 << 20, 4096), more);
}

#[test]
fn unmap_and_write_same_with_unmap_free_the_engines_blocks() {
    let (_f, d) = vhdx_disk();
    let pr = Mutex::new(Reservations::new());
    let (lun, a) = (lun_of(&d, &pr), Guid([1; 16]));
    let mib = 1u64 << 20;
    for blk in 2..6u64 {
        let w = rw10(op::WRITE10, (blk * mib / 512) as u32, 2048);
        assert!(run(&lun, a, &w, &vec![0xEE; mib as usize]).is_good());
        assert!(d.file_offset(blk * mib, mib).is_some());
    }
    // UNMAP of blocks 2 and 3 (one descriptor each).
    let mut list = vec![0u8; 8];
    for blk in [2u64, 3] {
        list.extend_from_slice(&(blk * mib / 512).to_be_bytes());
        list.extend_from_slice(&2048u32.to_be_bytes());
        list.extend_from_slice(&[0; 4]);
    }
    let n = list.len() as u16;
    list[..2].copy_from_slice(&(n - 2).to_be_bytes());
    list[2..4].copy_from_slice(&(n - 8).to_be_bytes());
    let mut unmap = [0u8; 10];
    unmap[0] = op::UNMAP;
    unmap[7..9].copy_from_slice(&(list.len() as u16).to_be_bytes());
    assert!(run(&lun, a, &unmap, &list).is_good());
    // WRITE SAME(16) with UNMAP over block 4, one block of zeros.
    let mut ws = [0u8; 16];
    ws[0] = op::WRITE_SAME16;
    ws[1] = 0x08;
    ws[2..10].copy_from_slice(&(4 * mib / 512).to_be_bytes());
    ws[10..14].copy_from_slice(&2048u32.to_be_bytes());
    assert!(run(&lun, a, &ws, &[0u8; 512]).is_good());
    for blk in 2..6u64 {
        let mut back = vec![0xFFu8; mib as usize];
        d.read(blk * mib, &mut back).unwrap();
        let freed = blk < 5;
        assert_eq!(
            d.file_offset(blk * mib, mib).is_none(),
            freed,
            "block {blk}"
        );
        assert!(back.iter().all(|&b| b == if freed { 0 } else { 0xEE }));
    }
}

#[test]
fn a_plain_write_is_handed_out_only_when_nothing_else_must_answer_it() {
    let ram = Ram::new(1 << 20);
    let pr = Mutex::new(Reservations::new());
    let tasks = Arc::new(Tasks::default());
    let lun = Lun {
        dev: &ram,
        pr: &pr,
        persist: &|_| true,
        tasks: &tasks,
        shared: None,
    };
    let (a, x) = (Guid([1; 16]), Guid([9; 16]));
    // A WRITE(10) of two blocks: its range, and under way while the caller holds it.
    let (at, len, fua, task) = plain_write(&lun, a, &rw10(op::WRITE10, 4, 2), 1024).unwrap();
    assert_eq!((at, len, fua), (4 * 512, 1024, false));
    assert_eq!(tasks.len(), 1);
    drop(task);
    assert!(tasks.is_empty());
    let mut fua_cdb = rw10(op::WRITE10, 0, 1);
    fua_cdb[1] |= 0x08;
    assert!(plain_write(&lun, a, &fua_cdb, 512).unwrap().2);
    // Not a plain write: another command, no blocks, past the end, data short.
    for (cdb, data) in [
        (rw10(op::READ10, 0, 1), 512),
        (rw10(op::WRITE_VERIFY10, 0, 1), 512),
        (rw10(op::WRITE10, 0, 0), 0),
        (rw10(op::WRITE10, 2047, 2), 1024),
        (rw10(op::WRITE10, 0, 2), 512),
    ] {
        assert!(plain_write(&lun, a, &cdb, data).is_none(), "{cdb:?}");
    }
    // A reservation conflict, or an attention owed: the engine answers them.
    let wero = kind::WRITE_EXCLUSIVE_REGISTRANTS_ONLY;
    let (c, p) = pr_out(action::REGISTER_AND_IGNORE, 0, 0, 0xA);
    assert!(run(&lun, a, &c, &p).is_good());
    let (c, p) = pr_out(action::RESERVE, wero, 0xA, 0);
    assert!(run(&lun, a, &c, &p).is_good());
    assert!(plain_write(&lun, x, &rw10(op::WRITE10, 0, 1), 512).is_none());
    assert!(plain_write(&lun, a, &rw10(op::WRITE10, 0, 1), 512).is_some());
    let (c, p) = pr_out(action::REGISTER_AND_IGNORE, 0, 0, 0xB);
    assert!(run(&lun, x, &c, &p).is_good());
    let (c, p) = pr_out(action::PREEMPT, wero, 0xB, 0xA);
    assert!(run(&lun, x, &c, &p).is_good());
    assert!(plain_write(&lun, a, &rw10(op::WRITE10, 0, 1), 512).is_none());
    assert!(tasks.is_empty());
}
