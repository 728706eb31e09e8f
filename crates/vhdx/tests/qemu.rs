//! Interoperability with qemu's VHDX driver, both directions.

use rand::{Rng, SeedableRng};
use std::path::Path;
use std::process::Command;
use vhdx::{create, Chain, CreateParams, DiskKind};

const MIB: u64 = 1 << 20;

fn have(tool: &str) -> bool {
    let ok = Command::new(tool).arg("--version").output().is_ok();
    testkit::require(tool, ok, "scripts/install-deps (qemu-utils)")
}

fn run(args: &[&str]) -> String {
    let out = Command::new(args[0]).args(&args[1..]).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?} failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// qemu-img finds the VHDX sound and the same as the raw image.
fn check_and_compare(vhdx: &str, raw: &Path) {
    run(&["qemu-img", "check", "-q", "-f", "vhdx", vhdx]);
    run(&[
        "qemu-img",
        "compare",
        "-q",
        "-f",
        "vhdx",
        "-F",
        "raw",
        vhdx,
        raw.to_str().unwrap(),
    ]);
}

fn read_all(chain: &Chain) -> Vec<u8> {
    let size = chain.virtual_size();
    let mut buf = vec![0u8; size as usize];
    for (i, c) in buf.chunks_mut(4 * MIB as usize).enumerate() {
        chain.read(i as u64 * 4 * MIB, c).unwrap();
    }
    buf
}

fn qemu_disk_reads_equal(dir: &Path, subformat: &str, block_mib: u64) {
    let size = if block_mib >= 32 {
        8 * block_mib / 4 + 64
    } else {
        72
    };
    let disk = dir.join(format!("q-{subformat}-{block_mib}.vhdx"));
    let raw = dir.join(format!("q-{subformat}-{block_mib}.raw"));
    let d = disk.to_str().unwrap();
    run(&[
        "qemu-img",
        "create",
        "-q",
        "-f",
        "vhdx",
        "-o",
        &format!("subformat={subformat},block_size={}", block_mib * MIB),
        d,
        &format!("{size}M"),
    ]);
    let mut rng = rand::rngs::StdRng::seed_from_u64(block_mib * 7 + subformat.len() as u64);
    let mut cmds = Vec::new();
    for i in 0..12u64 {
        let len = rng.gen_range(1..=512u64) * 512;
        let off = rng.gen_range(0..(size * MIB - len) / 512) * 512;
        cmds.push("-c".to_string());
        cmds.push(format!("write -P {} {off} {len}", 0x11 + i * 13 % 200));
    }
    // A write across a block boundary and one at the very end.
    cmds.push("-c".into());
    cmds.push(format!("write -P 0xab {} 65536", block_mib * MIB - 32768));
    cmds.push("-c".into());
    cmds.push(format!("write -P 0xcd {} 4096", size * MIB - 4096));
    let mut args = vec!["qemu-io", "-f", "vhdx"];
    args.extend(cmds.iter().map(|s| s.as_str()));
    args.push(d);
    run(&args);
    run(&[
        "qemu-img",
        "convert",
        "-f",
        "vhdx",
        "-O",
        "raw",
        d,
        raw.to_str().unwrap(),
    ]);
    let expect = std::fs::read(&raw).unwrap();
    let chain = Chain::open(&disk, true).unwrap();
    assert_eq!(chain.virtual_size(), size * MIB);
    let got = read_all(&chain);
    assert!(
        got == expect,
        "{subformat} {block_mib} MiB: contents differ"
    );
    // Writing to qemu's disk with our engine keeps it valid for qemu.
    drop(chain);
    let chain = Chain::open(&disk, false).unwrap();
    let pat = vec![0x5au8; 3 * 4096];
    chain.write(size * MIB / 2 + 512, &pat).unwrap();
    chain.close().unwrap();
    run(&["qemu-img", "check", "-q", "-f", "vhdx", d]);
    let raw2 = dir.join("after.raw");
    run(&[
        "qemu-img",
        "convert",
        "-f",
        "vhdx",
        "-O",
        "raw",
        d,
        raw2.to_str().unwrap(),
    ]);
    let after = std::fs::read(&raw2).unwrap();
    let mut expect = expect;
    let o = (size * MIB / 2 + 512) as usize;
    expect[o..o + pat.len()].copy_from_slice(&pat);
    assert!(after == expect, "qemu reads back what we wrote");
    std::fs::remove_file(&disk).unwrap();
    std::fs::remove_file(&raw).unwrap();
}

#[test]
fn qemu_created_disks_read_identically() {
    if !have("qemu-img") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for sub in ["dynamic", "fixed"] {
        for b in [1, 8, 32, 256] {
            qemu_disk_reads_equal(dir.path(), sub, b);
        }
    }
}

#[test]
fn our_disks_pass_qemu_check_and_compare() {
    if !have("qemu-img") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (DiskKind::Dynamic, 1u32, 512u32, 512u32),
        (DiskKind::Dynamic, 32, 512, 4096),
        (DiskKind::Dynamic, 8, 4096, 4096),
        (DiskKind::Fixed, 2, 512, 4096),
        (DiskKind::Fixed, 1, 4096, 4096),
        (DiskKind::Dynamic, 256, 512, 4096),
    ];
    for (n, (kind, block_mib, ls, ps)) in cases.into_iter().enumerate() {
        let size = 80 * MIB;
        let path = dir.path().join(format!("ours{n}.vhdx"));
        let f = std::fs::File::create_new(&path).unwrap();
        let mut p = CreateParams::new(kind, size);
        p.block_size = block_mib * MIB as u32;
        p.logical_sector = ls;
        p.physical_sector = ps;
        create(&f, &p).unwrap();
        drop(f);
        // qemu's driver only takes 512-byte logical sectors.
        let qemu = ls == 512;
        if qemu {
            run(&[
                "qemu-img",
                "check",
                "-q",
                "-f",
                "vhdx",
                path.to_str().unwrap(),
            ]);
        }
        let mut model = vec![0u8; size as usize];
        let chain = Chain::open(&path, false).unwrap();
        let mut rng = rand::rngs::StdRng::seed_from_u64(n as u64);
        for _ in 0..40 {
            let len = rng.gen_range(1..=64u64) * 4096;
            let off = rng.gen_range(0..(size - len) / 4096) * 4096;
            let data: Vec<u8> = (0..len).map(|_| rng.gen()).collect();
            chain.write(off, &data).unwrap();
            model[off as usize..(off + len) as usize].copy_from_slice(&data);
        }
        assert!(read_all(&chain) == model);
        chain.close().unwrap();
        let chain = Chain::open(&path, true).unwrap();
        assert!(read_all(&chain) == model, "reopened contents");
        drop(chain);
        if !qemu {
            continue;
        }
        let raw = dir.path().join(format!("ours{n}.raw"));
        std::fs::write(&raw, &model).unwrap();
        let p = path.to_str().unwrap();
        check_and_compare(p, &raw);
        let info = run(&["qemu-img", "info", "--output=json", "-f", "vhdx", p]);
        assert!(
            info.contains(&format!("\"virtual-size\": {size}")),
            "{info}"
        );
        // Shrunk mid-block, the disk is still one qemu reads the same.
        let small = 50 * MIB + 512 * 1024;
        let chain = Chain::open(&path, false).unwrap();
        chain.top().resize(small).unwrap();
        chain.close().unwrap();
        std::fs::write(&raw, &model[..small as usize]).unwrap();
        check_and_compare(p, &raw);
    }
}
