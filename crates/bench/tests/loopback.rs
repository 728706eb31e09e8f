//! The benchmark's in-process mode: smbdirectd runs inside the bench and serves over the
//! loopback fabric; a short bounded sweep must produce points with the server's CPU.

use std::process::Command;

#[test]
fn loopback_sweep_runs_in_process_and_reports_server_cpu() {
    let dir = std::env::temp_dir().join(format!("bench-lb-{}", std::process::id()));
    let json = dir.join("points.json");
    std::fs::create_dir_all(&dir).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_smbdirect-bench"))
        .args([
            "smb://alice@127.0.0.1:1/data/f.bin",
            "--transport",
            "loopback",
        ])
        .arg("--serve-dir")
        .arg(dir.join("share"))
        .args(["--qd", "1,4", "--seconds", "0.3", "--warmup", "0.1"])
        .args(["--file-size", "2097152", "--json"])
        .arg(&json)
        .env("SMB_PASSWORD", "Secret-123")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&json).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let points = v.as_array().expect("a JSON array of points");
    assert_eq!(points.len(), 2, "{text}");
    for p in points {
        assert_eq!(p["transport"], "smbdirect-loopback");
        assert!(p["iops"].as_f64().unwrap() > 0.0, "{p}");
        assert!(p["cpu_us_per_io"].as_f64().is_some(), "{p}");
    }
    // The file was written through the in-process server into the shared directory.
    assert_eq!(
        std::fs::metadata(dir.join("share/f.bin")).unwrap().len(),
        2097152
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn scsi_through_the_rsvd_tunnel_writes_and_reads_a_shared_vhdx() {
    let dir = std::env::temp_dir().join(format!("bench-scsi-{}", std::process::id()));
    let share = dir.join("share");
    std::fs::create_dir_all(&share).unwrap();
    let disk = share.join("disk.vhdx");
    let size = 8u64 << 20;
    {
        let f = std::fs::File::create_new(&disk).unwrap();
        let mut p = vhdx::CreateParams::new(vhdx::DiskKind::Dynamic, size);
        p.block_size = 1 << 20;
        vhdx::create(&f, &p).unwrap();
    }
    for pattern in ["randwrite", "randread"] {
        let json = dir.join(format!("{pattern}.json"));
        let out = Command::new(env!("CARGO_BIN_EXE_smbdirect-bench"))
            .args([
                "smb://alice@127.0.0.1:1/data/disk.vhdx",
                "--transport",
                "loopback",
            ])
            .arg("--serve-dir")
            .arg(&share)
            .args(["--shared-disk", "--scsi", "--pattern", pattern])
            .args(["--qd", "4", "--seconds", "0.3", "--warmup", "0.1"])
            .args(["--file-size", &size.to_string(), "--json"])
            .arg(&json)
            .env("SMB_PASSWORD", "Secret-123")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{pattern}: {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
        let p = &v.as_array().unwrap()[0];
        assert!(p["iops"].as_f64().unwrap() > 0.0, "{p}");
    }
    // The writes reached the virtual disk through the VHDX engine: its blocks hold them.
    let f = std::fs::File::open(&disk).unwrap();
    let v = vhdx::Vhdx::open(f, vhdx::OpenOptions::read_only()).unwrap();
    let mut buf = vec![0u8; size as usize];
    vhdx::read_level(&[v], 0, 0, &mut buf).unwrap();
    let written = buf
        .chunks(8192)
        .filter(|c| c.iter().all(|&b| b == 0x5a))
        .count();
    assert!(written > 0, "no 8 KiB block holds the bench's writes");
    std::fs::remove_dir_all(&dir).unwrap();
}
