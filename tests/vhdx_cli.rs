//! `smbdirectd vhdx`: the operator's commands, checked against qemu-img.

mod common;

use common::{p, qemu_img, qemu_img_matches};
use std::process::{Command, Output};

fn sd(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_smbdirectd-under-test"))
        .arg("vhdx")
        .args(args)
        .output()
        .unwrap()
}

fn ok(args: &[&str]) -> String {
    let o = sd(args);
    assert!(
        o.status.success(),
        "smbdirectd vhdx {args:?}: {}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn create_info_check_resize_convert() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // A raw image with some data, converted both ways.
    let mut raw = vec![0u8; 40 << 20];
    for (i, b) in raw[3 << 20..(3 << 20) + 100_000].iter_mut().enumerate() {
        *b = (i % 251) as u8 + 1;
    }
    raw[(40 << 20) - 1] = 0x42;
    std::fs::write(d.join("src.raw"), &raw).unwrap();
    ok(&[
        "convert",
        p(&d.join("src.raw")),
        p(&d.join("dyn.vhdx")),
        "--to",
        "dynamic",
        "--block-size",
        "1M",
    ]);
    ok(&[
        "convert",
        p(&d.join("src.raw")),
        p(&d.join("fix.vhdx")),
        "--to",
        "fixed",
        "--block-size",
        "8M",
    ]);
    for v in ["dyn.vhdx", "fix.vhdx"] {
        ok(&["check", p(&d.join(v))]);
        qemu_img_matches(&d.join(v), &d.join("src.raw"));
    }
    let info: serde_json::Value =
        serde_json::from_str(&ok(&["info", "--json", p(&d.join("dyn.vhdx"))])).unwrap();
    assert_eq!(info["type"], "dynamic");
    assert_eq!(info["virtual_size"], 40u64 << 20);
    assert_eq!(info["block_size"], 1u64 << 20);
    // Only the blocks holding data were allocated: 3 MiB..3.1 MiB and the last byte.
    assert_eq!(info["allocated_bytes"], 2u64 << 20, "{info}");
    assert!(ok(&["info", p(&d.join("fix.vhdx"))]).contains("type:                 fixed"));

    // A differencing child, written through the engine, converted back to raw.
    ok(&[
        "create",
        p(&d.join("child.vhdx")),
        "--parent",
        p(&d.join("dyn.vhdx")),
        "--block-size",
        "2M",
    ]);
    let info: serde_json::Value =
        serde_json::from_str(&ok(&["info", "--json", p(&d.join("child.vhdx"))])).unwrap();
    assert_eq!(info["type"], "differencing");
    assert_eq!(info["chain"].as_array().unwrap().len(), 2);
    assert_eq!(info["parent_locator"]["relative_path"], ".\\dyn.vhdx");
    ok(&["check", p(&d.join("child.vhdx"))]);
    ok(&[
        "convert",
        p(&d.join("child.vhdx")),
        p(&d.join("back.raw")),
        "--to",
        "raw",
    ]);
    assert!(std::fs::read(d.join("back.raw")).unwrap() == raw);
    // A VHD Set converts as its current disk (not as the small file it is).
    ok(&["create", p(&d.join("set.vhds")), "--size", "8M"]);
    ok(&[
        "convert",
        p(&d.join("set.vhds")),
        p(&d.join("set.raw")),
        "--to",
        "raw",
    ]);
    assert!(std::fs::read(d.join("set.raw")).unwrap() == vec![0; 8 << 20]);

    // Create and grow; qemu sees the new size.
    ok(&[
        "create",
        p(&d.join("new.vhdx")),
        "--size",
        "1G",
        "--type",
        "dynamic",
    ]);
    ok(&["resize", p(&d.join("new.vhdx")), "--size", "3G"]);
    let info: serde_json::Value =
        serde_json::from_str(&ok(&["info", "--json", p(&d.join("new.vhdx"))])).unwrap();
    assert_eq!(info["virtual_size"], 3u64 << 30);
    qemu_img(&["check", "-q", "-f", "vhdx", p(&d.join("new.vhdx"))]);

    // Bad arguments and corruption are refused with a message and a failing status.
    let o = sd(&[
        "create",
        p(&d.join("bad.vhdx")),
        "--size",
        "1G",
        "--block-size",
        "3M",
    ]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("block size"));
    assert!(!d.join("bad.vhdx").exists());
    let mut img = std::fs::read(d.join("dyn.vhdx")).unwrap();
    // Break both headers.
    img[(64 << 10) + 100] ^= 1;
    img[(128 << 10) + 100] ^= 1;
    std::fs::write(d.join("broken.vhdx"), &img).unwrap();
    let o = sd(&["check", p(&d.join("broken.vhdx"))]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("headers: neither is valid"), "{err}");
}
