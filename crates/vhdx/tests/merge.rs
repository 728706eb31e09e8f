//! Merging a differencing disk's parent away: the child takes in what it read through
//! that parent, then names the parent's own parent. What the child shows never changes,
//! its children stay linked to it, and a crash anywhere leaves a sound chain.

use rand::{Rng, SeedableRng};
use std::sync::Arc;
use vhdx::mem::MemFile;
use vhdx::{
    copy_parent_in, create, create_differencing, differencing_params, read_level, write_through,
    Chain, CreateParams, DiskKind, Guid, OpenOptions, Storage, Vhdx,
};

const MIB: u64 = 1 << 20;
const SIZE: u64 = 16 * MIB;

type Disk = Vhdx<Arc<MemFile>>;

fn new_mem(p: &CreateParams) -> Arc<MemFile> {
    let f = Arc::new(MemFile::new(Vec::new()));
    create(&*f, p).unwrap();
    f.flush().unwrap();
    f
}

fn open(f: &Arc<MemFile>, rw: bool) -> Disk {
    let o = if rw {
        OpenOptions::read_write()
    } else {
        OpenOptions::read_only()
    };
    Vhdx::open(f.clone(), o).unwrap()
}

/// A fresh file holding what `f` would keep through a crash now.
fn durable(f: &Arc<MemFile>) -> Arc<MemFile> {
    Arc::new(MemFile::new(f.durable_image()))
}

/// Random sector-aligned writes of up to 96 sectors, and a trim of whole blocks.
fn scribble(f: &Arc<MemFile>, rng: &mut impl Rng, n: usize, trim: Option<(u64, u64)>) {
    let d = open(f, true);
    for _ in 0..n {
        let len = rng.gen_range(1..=96u64) * 512;
        let off = rng.gen_range(0..(SIZE - len) / 512) * 512;
        let v: u8 = rng.gen();
        let data: Vec<u8> = (0..len).map(|i| v ^ (i as u8)).collect();
        write_through(&d, off, &data).unwrap();
    }
    if let Some((at, len)) = trim {
        d.trim(at, len).unwrap();
    }
    d.close().unwrap();
    f.flush().unwrap();
}

fn view(layers: &[Disk]) -> Vec<u8> {
    let mut b = vec![0u8; SIZE as usize];
    read_level(layers, 0, 0, &mut b).unwrap();
    b
}

fn linkage(d: &Disk) -> Guid {
    Guid::parse(d.parent_locator().unwrap().get("parent_linkage").unwrap()).unwrap()
}

/// base (dynamic, 1 MiB blocks) <- mid (differencing, 1 MiB, 6 MiB trimmed) <- child
/// (differencing, 2 MiB blocks): the child is what gets `mid` merged in.
/// `base_name` decides whether the locator the child takes over fits where its own
/// was (a short name) or goes after the last metadata item (a long one).
fn chain(seed: u64, base_name: &str) -> (Arc<MemFile>, Arc<MemFile>, Arc<MemFile>) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut p = CreateParams::new(DiskKind::Dynamic, SIZE);
    p.block_size = MIB as u32;
    let base = new_mem(&p);
    scribble(&base, &mut rng, 80, None);
    let mid = new_mem(&differencing_params(
        &open(&base, false),
        &format!(".\\{base_name}"),
        None,
    ));
    // (Several of the child's blocks: those it never wrote become zero blocks.)
    scribble(&mid, &mut rng, 60, Some((4 * MIB, 6 * MIB)));
    let mut pc = differencing_params(&open(&mid, false), ".\\mid.avhdx", Some(2 * MIB as u32));
    pc.page83 = None;
    let child = new_mem(&pc);
    scribble(&child, &mut rng, 40, None);
    (base, mid, child)
}

fn merge(child: &mut Disk, below: &[Disk]) -> vhdx::Result<()> {
    copy_parent_in(child, below, 3 * MIB, &|| false)?;
    child.set_parent_locator(below[0].parent_locator().unwrap().clone())
}

#[test]
fn a_merged_child_shows_what_it_did_and_keeps_its_identity() {
    let (base, mid, child) = chain(7, "base.vhdx");
    let before = view(&[open(&child, false), open(&mid, false), open(&base, false)]);
    let (dwg, base_dwg) = (
        open(&child, false).data_write_guid(),
        open(&base, false).data_write_guid(),
    );
    let mut c = open(&child, true);
    merge(&mut c, &[open(&mid, false), open(&base, false)]).unwrap();
    c.close().unwrap();
    let c = open(&child, false);
    assert_eq!(
        c.data_write_guid(),
        dwg,
        "children of the child stay linked"
    );
    assert_eq!(linkage(&c), base_dwg);
    assert_eq!(
        c.parent_locator().unwrap().get("relative_path"),
        Some(".\\base.vhdx")
    );
    assert!(view(&[c, open(&base, false)]) == before);
    assert!(open(&child, false).check().unwrap().is_empty());
    // Nothing the middle disk decided is left for the child to read through to.
    let (c, m) = (open(&child, false), open(&mid, false));
    for r in c.resolve_read(0, SIZE).unwrap() {
        let mut at = 0;
        if let vhdx::ReadRange::Parent { offset, len } = r {
            for q in m.resolve_read(offset, len).unwrap() {
                assert!(
                    matches!(q, vhdx::ReadRange::Parent { .. }),
                    "{q:?} at {}",
                    offset + at
                );
                at += q.len();
            }
        }
    }
}

#[test]
fn a_merge_stopped_between_steps_leaves_a_clean_child_and_goes_on_later() {
    let (base, mid, child) = chain(9, "base.vhdx");
    let before = view(&[open(&child, false), open(&mid, false), open(&base, false)]);
    let steps = std::cell::Cell::new(0u32);
    let stop_at_third = || {
        steps.set(steps.get() + 1);
        steps.get() > 2
    };
    let own = |d: &Disk, at: u64, len: u64| -> u64 {
        d.own_ranges(at, len).unwrap().iter().map(|r| r.1).sum()
    };
    let mut c = open(&child, true);
    let before_own = (own(&c, 0, 6 * MIB), own(&c, 6 * MIB, SIZE - 6 * MIB));
    let r = copy_parent_in(
        &mut c,
        &[open(&mid, false), open(&base, false)],
        3 * MIB,
        &stop_at_third,
    );
    match r {
        Err(vhdx::Error::Io(e)) => assert_eq!(e.kind(), std::io::ErrorKind::Interrupted),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        steps.get(),
        3,
        "asked before each step, and no more once it said so"
    );
    // The two steps taken (3 MiB each) stayed copied; nothing past them was.
    assert!(own(&c, 0, 6 * MIB) > before_own.0);
    assert_eq!(own(&c, 6 * MIB, SIZE - 6 * MIB), before_own.1);
    // Let go of as a merger that stops does: the child's log is emptied, so what a
    // crash now would keep opens without a replay, still reads through the middle
    // disk, and shows the same bytes.
    drop(c);
    let kept = durable(&child);
    let strict = OpenOptions {
        read_only: true,
        replay_in_memory: false,
    };
    let c = Vhdx::open(kept.clone(), strict).unwrap();
    assert_eq!(linkage(&c), open(&mid, false).data_write_guid());
    assert!(c.check().unwrap().is_empty());
    assert!(view(&[c, open(&mid, false), open(&base, false)]) == before);
    // Run again to the end, the middle disk can go.
    let mut c = open(&kept, true);
    merge(&mut c, &[open(&mid, false), open(&base, false)]).unwrap();
    c.close().unwrap();
    assert!(view(&[open(&kept, false), open(&base, false)]) == before);
}

#[test]
fn a_crash_at_any_flush_of_a_merge_leaves_the_child_as_it_was() {
    crashes(11, "base.vhdx");
    crashes(12, &format!("{}.vhdx", "b".repeat(120)));
}

fn crashes(seed: u64, base_name: &str) {
    let (base, mid, child) = chain(seed, base_name);
    let own = open(&child, false).parent_locator().unwrap().encode().len();
    let taken = open(&mid, false).parent_locator().unwrap().encode().len();
    assert_eq!(
        taken > own,
        base_name.len() > 20,
        "which way the locator goes"
    );
    let layers_before = [open(&child, false), open(&mid, false), open(&base, false)];
    let before = view(&layers_before);
    let dwg = layers_before[0].data_write_guid();
    let mid_dwg = layers_before[1].data_write_guid();
    drop(layers_before);
    // How many flushes a whole merge makes.
    let probe = durable(&child);
    let mut c = open(&probe, true);
    merge(&mut c, &[open(&mid, false), open(&base, false)]).unwrap();
    let flushes = probe.flush_count();
    c.close().unwrap();
    assert!(flushes > 4, "{flushes}");
    let (mut old_parent, mut new_parent) = (0, 0);
    for n in 1..=flushes {
        let f = durable(&child);
        f.crash_at_flush(n, n);
        let r = Vhdx::open(f.clone(), OpenOptions::read_write())
            .and_then(|mut c| merge(&mut c, &[open(&mid, false), open(&base, false)]));
        assert!(r.is_err(), "flush {n} of {flushes}");
        // What survived opens (the log replayed), keeps its identity, and shows the
        // same bytes through whichever parent it names.
        let after = durable(&f);
        open(&after, true).close().unwrap();
        let c = open(&after, false);
        assert_eq!(c.data_write_guid(), dwg, "flush {n}");
        assert!(c.check().unwrap().is_empty(), "flush {n}");
        let shown = if linkage(&c) == mid_dwg {
            old_parent += 1;
            view(&[c, open(&mid, false), open(&base, false)])
        } else {
            new_parent += 1;
            view(&[c, open(&base, false)])
        };
        assert!(shown == before, "crash at flush {n} of {flushes}");
        // And a merge run again finishes the job.
        let mut c = open(&after, true);
        if linkage(&c) == mid_dwg {
            merge(&mut c, &[open(&mid, false), open(&base, false)]).unwrap();
        }
        c.close().unwrap();
        assert!(
            view(&[open(&after, false), open(&base, false)]) == before,
            "flush {n}"
        );
    }
    assert!(
        old_parent > 0 && new_parent > 0,
        "{old_parent} {new_parent}"
    );
}

#[test]
fn a_long_locator_moves_past_the_last_item_and_a_chain_on_disk_reopens() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    // The base's name is long: the locator naming it does not fit where the top's
    // (naming the middle file) was.
    let base = dir.path().join(format!("{}.vhdx", "b".repeat(200)));
    {
        let f = std::fs::File::create_new(&base).unwrap();
        let mut p = CreateParams::new(DiskKind::Dynamic, SIZE);
        p.block_size = MIB as u32;
        create(&f, &p).unwrap();
    }
    let mid = dir.path().join("mid.avhdx");
    let top = dir.path().join("top.avhdx");
    let mut model = vec![0u8; SIZE as usize];
    for (i, path) in [&base, &mid, &top].into_iter().enumerate() {
        if i > 0 {
            let parent = if i == 1 { &base } else { &mid };
            create_differencing(path, parent, Some(MIB as u32)).unwrap();
        }
        let c = Chain::open(path, false).unwrap();
        for _ in 0..30 {
            let len = rng.gen_range(1..=64u64) * 512;
            let off = rng.gen_range(0..(SIZE - len) / 512) * 512;
            let data: Vec<u8> = (0..len).map(|_| rng.gen()).collect();
            c.write(off, &data).unwrap();
            model[off as usize..(off + len) as usize].copy_from_slice(&data);
        }
        c.close().unwrap();
    }
    // `under` is a differencing child of the top: it must still open after the merge.
    let under = dir.path().join("under.avhdx");
    create_differencing(&under, &top, None).unwrap();
    let below = Chain::open(&mid, true).unwrap();
    let f = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(&top)
        .unwrap();
    let mut t = Vhdx::open(f, OpenOptions::read_write()).unwrap();
    copy_parent_in(&mut t, &below.layers, 2 * MIB, &|| false).unwrap();
    let loc = below.layers[0].parent_locator().unwrap().clone();
    let short = t.parent_locator().unwrap().encode().len();
    assert!(loc.encode().len() > short);
    t.set_parent_locator(loc).unwrap();
    t.close().unwrap();
    drop(below);
    std::fs::remove_file(&mid).unwrap();
    let c = Chain::open(&under, true).unwrap();
    assert_eq!(c.layers.len(), 3);
    let mut all = vec![0u8; SIZE as usize];
    c.read(0, &mut all).unwrap();
    assert!(all == model);
    for l in &c.layers {
        assert!(l.check().unwrap().is_empty());
    }
}

#[test]
fn zeros_the_child_read_through_become_zero_blocks_not_written_ones() {
    let mut p = CreateParams::new(DiskKind::Dynamic, SIZE);
    p.block_size = MIB as u32;
    let base = new_mem(&p);
    let b = open(&base, true);
    let data: Vec<u8> = (0..SIZE).map(|i| (i % 251) as u8).collect();
    write_through(&b, 0, &data).unwrap();
    b.close().unwrap();
    // The middle disk trims 4..12 MiB; the child (2 MiB blocks) writes one sector.
    let mid = new_mem(&differencing_params(
        &open(&base, false),
        ".\\base.vhdx",
        None,
    ));
    let m = open(&mid, true);
    m.trim(4 * MIB, 8 * MIB).unwrap();
    m.close().unwrap();
    let mut pc = differencing_params(&open(&mid, false), ".\\mid.avhdx", Some(2 * MIB as u32));
    pc.page83 = None;
    let child = new_mem(&pc);
    let c = open(&child, true);
    write_through(&c, 0, &[7; 512]).unwrap();
    c.close().unwrap();
    let before = view(&[open(&child, false), open(&mid, false), open(&base, false)]);
    let mut c = open(&child, true);
    merge(&mut c, &[open(&mid, false), open(&base, false)]).unwrap();
    c.close().unwrap();
    let c = open(&child, false);
    // The trimmed blocks read as zeros from the child itself, and hold no file space.
    for r in c.resolve_read(4 * MIB, 8 * MIB).unwrap() {
        assert!(matches!(r, vhdx::ReadRange::Zero { .. }), "{r:?}");
    }
    assert!(view(&[c, open(&base, false)]) == before);
    assert!(open(&child, false).check().unwrap().is_empty());
}
