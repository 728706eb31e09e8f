//! libcephfs against a real single-host cluster (scripts/ceph-lab): a mount as user
//! "smb", the calls the cephfs share backend makes, and a second mount (another node)
//! seeing what the first wrote once it was synced.

use cephfs::{Errno, Mount, Options};

#[test]
fn two_mounts_share_one_file_system() {
    if !testkit::ceph::have_ceph() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let c = testkit::ceph::Cluster::start(&dir.path().join("ceph"), "127.0.0.1", 14300);
    let opts = Options {
        conf: Some(c.conf.clone()),
        user: "smb".into(),
        keyring: Some(c.keyring.clone()),
        ..Default::default()
    };
    let a = Mount::new(&opts, "/").expect("mount");
    a.mkdir("share", 0o755).unwrap();
    let b = Mount::new(&opts, "/share").expect("a mount of a directory");

    a.mkdir("share/VM1", 0o755).unwrap();
    let fd = a
        .open(
            "share/VM1/disk.bin",
            libc::O_RDWR | libc::O_CREAT | libc::O_EXCL,
            0o644,
        )
        .unwrap();
    let data: Vec<u8> = (0..3_000_000u32).map(|i| (i % 253) as u8).collect();
    assert_eq!(a.write(fd, 0, &data).unwrap(), data.len());
    a.fsync(fd, false).unwrap();
    a.fsetxattr(fd, "user.smbdirectd", b"SDX1meta").unwrap();
    assert_eq!(
        a.fgetxattr(fd, "user.smbdirectd").unwrap().unwrap(),
        b"SDX1meta"
    );
    assert_eq!(a.fgetxattr(fd, "user.none").unwrap(), None);
    let st = a.fstatx(fd).unwrap();
    assert!(st.is_file() && st.size == data.len() as u64 && st.ino != 0);
    a.close(fd).unwrap();

    // The other mount, rooted at the share: the same file, bytes and attribute.
    let st_b = b.statx("VM1/disk.bin").unwrap();
    assert_eq!((st_b.ino, st_b.size), (st.ino, st.size));
    let fd = b.open("VM1/disk.bin", libc::O_RDONLY, 0).unwrap();
    let mut back = vec![0u8; data.len() + 10];
    assert_eq!(b.read(fd, 0, &mut back).unwrap(), data.len());
    assert!(back[..data.len()] == data[..]);
    assert_eq!(
        b.getxattr("VM1/disk.bin", "user.smbdirectd")
            .unwrap()
            .unwrap(),
        b"SDX1meta"
    );
    b.close(fd).unwrap();
    let names: Vec<String> = b.list("VM1").unwrap().into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["disk.bin"]);

    // Renames and removals, and the errnos the backend maps.
    b.rename("VM1/disk.bin", "VM1/Disk0.vhdx").unwrap();
    assert_eq!(
        a.statx("share/VM1/disk.bin").unwrap_err(),
        Errno(libc::ENOENT)
    );
    assert_eq!(a.rmdir("share/VM1").unwrap_err(), Errno(libc::ENOTEMPTY));
    a.unlink("share/VM1/Disk0.vhdx").unwrap();
    a.rmdir("share/VM1").unwrap();
    assert!(b.list("").unwrap().is_empty());
    notifications_carry_each_watchers_reply(&opts);

    // The size comes from the manager's statistics, a few seconds after the start.
    let t = std::time::Instant::now();
    while a.statfs().unwrap().f_blocks == 0 {
        assert!(t.elapsed().as_secs() < 60, "no size from statfs");
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
}

/// Two RADOS clients (two nodes): a notification from one reaches the other's watch,
/// and its answer carries what that watch replies (who acknowledged), as scale-out
/// nodes learn which of them heard a change.
fn notifications_carry_each_watchers_reply(opts: &Options) {
    use cephfs::rados::{watch, Rados};
    use std::sync::{Arc, Mutex};
    let a = Rados::connect(opts, None).unwrap();
    let b = Rados::connect(opts, None).unwrap();
    let io_a = Arc::new(a.ioctx("smbdirectd").unwrap());
    let io_b = b.ioctx("smbdirectd").unwrap();
    io_a.append("test.notify", b"").unwrap();
    let heard = Arc::new(Mutex::new(Vec::new()));
    let h = heard.clone();
    let w = watch(
        &io_a,
        "test.notify",
        b"node-a",
        Box::new(move |b, _ack| h.lock().unwrap().push(b.to_vec())),
    )
    .unwrap();
    let (replies, r) =
        io_b.notify_replies("test.notify", b"hello", std::time::Duration::from_secs(5));
    r.unwrap();
    assert_eq!(replies, vec![b"node-a".to_vec()]);
    assert_eq!(*heard.lock().unwrap(), vec![b"hello".to_vec()]);
    drop(w);
    let (replies, r) =
        io_b.notify_replies("test.notify", b"again", std::time::Duration::from_secs(5));
    r.unwrap();
    assert!(replies.is_empty(), "{replies:?}");
    io_b.remove("test.notify").unwrap();
}
