//! Mapping one 8 KiB virtual read to file ranges: the VHDX cost on the hot path.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use std::sync::Arc;
use vhdx::mem::MemFile;
use vhdx::{create, write_through, CreateParams, DiskKind, OpenOptions, ReadRange, Vhdx};

const MIB: u64 = 1 << 20;

fn disk(kind: DiskKind) -> Vhdx<Arc<MemFile>> {
    let f = Arc::new(MemFile::new(Vec::new()));
    let mut p = CreateParams::new(kind, 1 << 30);
    p.block_size = 32 * MIB as u32;
    create(&*f, &p).unwrap();
    let d = Vhdx::open(f, OpenOptions::read_write()).unwrap();
    if kind == DiskKind::Dynamic {
        // Allocate every other block so lookups see both states.
        for b in (0..32).step_by(2) {
            write_through(&d, b * 32 * MIB, &[1u8; 4096]).unwrap();
        }
    }
    d
}

fn bench(c: &mut Criterion) {
    for (name, kind) in [("fixed", DiskKind::Fixed), ("dynamic", DiskKind::Dynamic)] {
        let d = disk(kind);
        let mut out: Vec<ReadRange> = Vec::with_capacity(4);
        let mut x: u64 = 0x1234_5678;
        c.bench_function(&format!("resolve_read_8k_{name}"), |b| {
            b.iter(|| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let off = (x % ((1 << 30) / 8192)) * 8192;
                out.clear();
                d.resolve_read_into(black_box(off), 8192, &mut out).unwrap();
                black_box(&out);
            })
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
