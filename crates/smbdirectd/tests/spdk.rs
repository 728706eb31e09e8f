//! A share on SPDK end to end: `smbdirectd spdk format` makes the store on a device (a
//! file through SPDK's aio bdev here; an NVMe namespace in production), the daemon
//! serves it, smbclient makes a Hyper-V VM folder and moves a disk in and out, the node
//! is killed (-9) and started again and everything acknowledged is there; stopped, the
//! store checks clean and exports the same bytes.

mod common;
use common::*;

/// Whether smbclient's `ls` output lists `name`.
fn listed(text: &str, name: &str) -> bool {
    text.lines()
        .any(|l| l.trim_start().starts_with(&format!("{name} ")))
}

#[test]
fn a_vm_folder_on_spdk_survives_kill_9() {
    if !require_tool("smbclient") || !have_spdk() {
        return;
    }
    let (dev_dir, device) = formatted_device(1 << 30);

    let mut s = spdk_server(&device);
    assert!(s.log().contains("SPDK store loaded"), "{}", s.log());
    let src = s.dir.path().join("disk.bin");
    std::fs::write(&src, random_bytes(24 << 20, 11)).unwrap();
    let o = s.smbclient(
        &["-m", "SMB3_11"],
        "mkdir \"Virtual Machines\"; mkdir \"Virtual Machines\\VM1\"; \
         put disk.bin \"Virtual Machines\\VM1\\staging.bin\"; \
         rename \"Virtual Machines\\VM1\\staging.bin\" \"Virtual Machines\\VM1\\Disk0.vhdx\"; \
         put disk.bin \"Virtual Machines\\VM1\\gone.bin\"; del \"Virtual Machines\\VM1\\gone.bin\"; \
         ls \"Virtual Machines\\VM1\\*\"; get \"Virtual Machines\\VM1\\Disk0.vhdx\" back1.bin",
    );
    let text = out_text(&o);
    assert!(o.status.success(), "{text}\nserver log:\n{}", s.log());
    assert!(!text.contains("NT_STATUS_"), "{text}");
    assert!(
        listed(&text, "Disk0.vhdx") && !listed(&text, "gone.bin"),
        "{text}"
    );
    assert!(same_file(&src, &s.dir.path().join("back1.bin")));

    // No shutdown of any kind: what the client was told is done is on the device.
    s.kill9();
    s.restart();
    let o = s.smbclient(
        &["-m", "SMB3_11"],
        "ls \"Virtual Machines\\VM1\\*\"; get \"Virtual Machines\\vm1\\DISK0.VHDX\" back2.bin; \
         mkdir after",
    );
    let text = out_text(&o);
    assert!(o.status.success(), "{text}\nserver log:\n{}", s.log());
    assert!(
        listed(&text, "Disk0.vhdx") && !listed(&text, "gone.bin"),
        "{text}"
    );
    assert!(same_file(&src, &s.dir.path().join("back2.bin")));
    s.stop();

    // Stopped cleanly: the store checks clean and gives the same bytes back.
    let text = spdk_admin(&["check"], &device);
    assert!(
        text.contains("clean: 4 directories, 1 files, 25165824 bytes"),
        "{text}"
    );
    let out = dev_dir.path().join("exported.bin");
    spdk_admin(
        &[
            "export",
            "Virtual Machines/VM1/Disk0.vhdx",
            out.to_str().unwrap(),
        ],
        &device,
    );
    assert!(same_file(&src, &out));
}

/// kill -9 in the middle of writes and namespace changes: every file whose WRITE was
/// answered and every directory whose CREATE was answered is there after the restart,
/// with its bytes, and the store checks clean.
#[test]
fn kill_9_during_writes_loses_nothing_answered() {
    use client::{access, create_options};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};
    if !have_spdk() {
        return;
    }
    let (_dev_dir, device) = formatted_device(1 << 30);
    let mut s = spdk_server(&device);
    let answered: Arc<Mutex<Vec<usize>>> = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let mut c = s.tcp_client();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (ans, st) = (answered.clone(), stop.clone());
    let writer = std::thread::spawn(move || {
        let t = Instant::now();
        for i in 0..100_000usize {
            if st.load(Ordering::Acquire) || t.elapsed() > Duration::from_secs(30) {
                break;
            }
            let r = (|| -> Result<(), String> {
                let (d, _) = c
                    .create(
                        tree,
                        &format!("d{i}"),
                        access::FILE_READ_DATA,
                        2,
                        create_options::DIRECTORY_FILE,
                    )
                    .map_err(|e| e.to_string())?;
                let _ = c.close(tree, d);
                let (f, _) = c
                    .create(
                        tree,
                        &format!("d{i}\\f.bin"),
                        access::FILE_WRITE_DATA | access::FILE_READ_DATA,
                        2,
                        0,
                    )
                    .map_err(|e| e.to_string())?;
                let data = random_bytes(20_000 + i % 7 * 4096, i as u64);
                c.write(tree, f, 777, &data).map_err(|e| e.to_string())?;
                Ok(())
            })();
            if r.is_err() {
                break;
            }
            ans.lock().unwrap().push(i);
        }
    });
    // Let some work be answered, then kill the node in the middle of it.
    let t = Instant::now();
    while answered.lock().unwrap().len() < 20 && t.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(10));
    }
    s.kill9();
    stop.store(true, Ordering::Release);
    writer.join().unwrap();
    let done = answered.lock().unwrap().clone();
    assert!(done.len() >= 20, "only {} rounds answered", done.len());
    s.restart();
    let mut c = s.tcp_client();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    for &i in &done {
        let (f, eof) = c
            .create(tree, &format!("d{i}\\f.bin"), access::FILE_READ_DATA, 1, 0)
            .unwrap_or_else(|e| panic!("round {i} was answered but d{i}\\f.bin is gone: {e}"));
        let want = random_bytes(20_000 + i % 7 * 4096, i as u64);
        assert_eq!(eof, 777 + want.len() as u64, "round {i}");
        let got = c.read(tree, f, 777, want.len() as u32).unwrap();
        assert!(got == want, "round {i}: the bytes differ");
        let _ = c.close(tree, f);
    }
    drop(c);
    s.stop();
    let text = spdk_admin(&["check"], &device);
    assert!(text.contains(": clean:"), "{text}");
    println!("{} rounds answered before kill -9, all found", done.len());
}
