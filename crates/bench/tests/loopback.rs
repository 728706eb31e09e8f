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
