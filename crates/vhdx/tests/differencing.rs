//! A three-level differencing chain against an in-memory model.

use rand::{Rng, SeedableRng};
use std::path::Path;
use vhdx::{create, create_differencing, Chain, CreateParams, DiskKind, Error};

const MIB: u64 = 1 << 20;

fn random_writes(chain: &Chain, model: &mut [u8], rng: &mut impl Rng, n: usize) {
    let size = model.len() as u64;
    for _ in 0..n {
        let len = rng.gen_range(1..=96u64) * 512;
        let off = rng.gen_range(0..(size - len) / 512) * 512;
        let v: u8 = rng.gen();
        let data: Vec<u8> = (0..len).map(|i| v ^ (i as u8)).collect();
        chain.write(off, &data).unwrap();
        model[off as usize..(off + len) as usize].copy_from_slice(&data);
    }
}

fn check_reads(chain: &Chain, model: &[u8], rng: &mut impl Rng, n: usize) {
    let size = model.len() as u64;
    for _ in 0..n {
        let len = rng.gen_range(1..=256u64) * 512;
        let off = rng.gen_range(0..(size - len) / 512) * 512;
        let mut b = vec![0u8; len as usize];
        chain.read(off, &mut b).unwrap();
        assert!(
            b == model[off as usize..(off + len) as usize],
            "read {len} at {off}"
        );
    }
    let mut all = vec![0u8; size as usize];
    chain.read(0, &mut all).unwrap();
    assert!(all == model);
}

fn new_base(path: &Path, size: u64) {
    let f = std::fs::File::create_new(path).unwrap();
    let mut p = CreateParams::new(DiskKind::Dynamic, size);
    p.block_size = 2 * MIB as u32;
    create(&f, &p).unwrap();
}

#[test]
fn three_level_chain_matches_model() {
    let dir = tempfile::tempdir().unwrap();
    let size = 24 * MIB;
    let mut rng = rand::rngs::StdRng::seed_from_u64(42);
    let mut model = vec![0u8; size as usize];
    let base = dir.path().join("base.vhdx");
    new_base(&base, size);
    {
        let c = Chain::open(&base, false).unwrap();
        random_writes(&c, &mut model, &mut rng, 60);
        c.close().unwrap();
    }
    let mid = dir.path().join("mid.vhdx");
    create_differencing(&mid, &base, Some(MIB as u32)).unwrap();
    {
        let c = Chain::open(&mid, false).unwrap();
        assert_eq!(c.layers.len(), 2);
        check_reads(&c, &model, &mut rng, 50);
        random_writes(&c, &mut model, &mut rng, 60);
        check_reads(&c, &model, &mut rng, 50);
        c.close().unwrap();
    }
    // The child lives in a subdirectory: the relative path climbs out with "..".
    std::fs::create_dir(dir.path().join("vms")).unwrap();
    let top = dir.path().join("vms").join("top.vhdx");
    create_differencing(&top, &mid, Some(4 * MIB as u32)).unwrap();
    let snapshot = model.clone();
    {
        let c = Chain::open(&top, false).unwrap();
        assert_eq!(c.layers.len(), 3);
        let loc = c.top().parent_locator().unwrap();
        assert_eq!(loc.get("relative_path"), Some("..\\mid.vhdx"));
        for round in 0..5 {
            random_writes(&c, &mut model, &mut rng, 40);
            check_reads(&c, &model, &mut rng, 40);
            // Whole blocks trimmed in a child read as zeros, not as the parent's data.
            if round == 2 {
                c.top().trim(8 * MIB, 4 * MIB).unwrap();
                model[8 * MIB as usize..12 * MIB as usize].fill(0);
                check_reads(&c, &model, &mut rng, 10);
            }
        }
        // A whole-block write turns partially present into fully present.
        c.write(16 * MIB, &vec![0xee; 4 * MIB as usize]).unwrap();
        model[16 * MIB as usize..20 * MIB as usize].fill(0xee);
        let info = c.top().info().unwrap();
        assert!(
            info.block_states.iter().any(|(s, _)| *s == "fully-present"),
            "{info:?}"
        );
        assert!(info
            .block_states
            .iter()
            .any(|(s, _)| *s == "partially-present"));
        c.close().unwrap();
    }
    // Reopened read-only, every level checks out and reads match.
    let c = Chain::open(&top, true).unwrap();
    check_reads(&c, &model, &mut rng, 20);
    for l in &c.layers {
        assert!(l.check().unwrap().is_empty());
    }
    // The middle disk still reads as it was when the top was made.
    let m = Chain::open(&mid, true).unwrap();
    let mut all = vec![0u8; size as usize];
    m.read(0, &mut all).unwrap();
    assert!(all == snapshot);
    drop(m);
    drop(c);
    // Changing a parent breaks the linkage, and the chain says so.
    {
        let c = Chain::open(&mid, false).unwrap();
        c.write(0, &[1u8; 512]).unwrap();
        c.close().unwrap();
    }
    match Chain::open(&top, true) {
        Err(Error::Parent(m)) => assert!(m.contains("DataWriteGuid"), "{m}"),
        Err(e) => panic!("wrong error: {e}"),
        Ok(_) => panic!("a changed parent was accepted"),
    }
    // A missing parent is named.
    std::fs::remove_file(&base).unwrap();
    match Chain::open(&mid, true) {
        Err(Error::Parent(m)) => assert!(m.contains("base.vhdx"), "{m}"),
        Err(e) => panic!("wrong error: {e}"),
        Ok(_) => panic!("opened without its parent"),
    }
}
