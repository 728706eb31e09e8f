//! Shares on CephFS (issue 51): a single-host Ceph cluster (scripts/ceph-lab) and two
//! nodes serving one share from the same directory of its file system, each at its own
//! address. What one node's client writes, names, renames and removes, the other node's
//! client sees.

mod common;
use common::*;

/// A node serving share "data" from /shares/data of the cluster's file system, its
/// metrics at `mport`.
fn node(c: &testkit::ceph::Cluster, mport: u16) -> TestServer {
    let metrics = format!("[metrics]\nlisten = \"127.0.0.1:{mport}\"");
    TestServer::start_with(cephfs_opts(
        c,
        "/shares/data",
        "",
        ("io_threads = 4", &metrics),
    ))
}

/// Opens `name` for reading and writing (made if missing) through `c`.
fn open_rw(c: &mut client::Client, tree: u32, name: &str, disposition: u32) -> client::FileId {
    use client::{access, create_options};
    let rw = access::FILE_READ_DATA | access::FILE_WRITE_DATA;
    let nd = create_options::NON_DIRECTORY_FILE;
    c.create(tree, name, rw, disposition, nd).unwrap().0
}

/// Read caching on a scale-out share (A's and B's clients on two nodes): an RWH lease
/// is granted R, a batch oplock Level II (as Windows' Scale-Out File Server), and a
/// write through the other node breaks them to none; once broken, caching is granted
/// and broken again.
fn read_caching_crosses_nodes(ca: &mut client::Client, ta: u32, cb: &mut client::Client, tb: u32) {
    use smb_wire::header::Command;
    use smb_wire::msg::{create_tag, parse_create_contexts, LeaseContext};
    use smb_wire::NtStatus;
    use testkit::bodies::create_body_with;
    const RW: u32 = client::access::FILE_READ_DATA | client::access::FILE_WRITE_DATA;
    const BATCH: u8 = 9;
    const LEASE: u8 = 0xFF;
    let key = [0x4C; 16];
    let ask = LeaseContext {
        key,
        state: 7,
        v2: true,
        ..Default::default()
    };
    let open = |c: &mut client::Client, t: u32, name: &str, oplock: u8| {
        let ctxs = [(create_tag::LEASE, ask.encode())];
        let ctxs = if oplock == LEASE { &ctxs[..] } else { &[] };
        let r = c
            .request(
                Command::CREATE,
                t,
                &create_body_with(name, oplock, RW, 7, 3, ctxs),
            )
            .unwrap();
        assert_eq!(r.status(), NtStatus::SUCCESS);
        let m = r.body();
        let le = |at: usize| u32::from_le_bytes(m[at..at + 4].try_into().unwrap()) as usize;
        let (off, len) = (le(80), le(84));
        let lease = parse_create_contexts(&r.msg[off..off + len])
            .unwrap()
            .iter()
            .find(|c| c.name == create_tag::LEASE)
            .map(|c| LeaseContext::parse(c.data).unwrap().state);
        let le64 = |at: usize| u64::from_le_bytes(m[at..at + 8].try_into().unwrap());
        let id = client::FileId {
            persistent: le64(64),
            volatile: le64(72),
        };
        (m[2], lease, id)
    };
    // The break a client was sent: (lease key and new state) or (oplock level).
    let next_break = |c: &mut client::Client| {
        c.set_timeout(Some(std::time::Duration::from_secs(15)))
            .unwrap();
        let r = c.wait(u64::MAX).expect("a break");
        c.set_timeout(None).unwrap();
        assert_eq!(r.hdr.command, Command::OPLOCK_BREAK.0);
        let m = r.body().to_vec();
        match u16::from_le_bytes([m[0], m[1]]) {
            44 => (
                Some(m[8..24].to_vec()),
                u32::from_le_bytes(m[28..32].try_into().unwrap()),
            ),
            24 => (None, u32::from(m[2])),
            n => panic!("a break of size {n}"),
        }
    };
    // B has the file open first (it learns of A's caching when A announces it).
    let (_, _, fb) = open(cb, tb, "cached.bin", 0);
    let (level, lease, fa) = open(ca, ta, "cached.bin", LEASE);
    assert_eq!(
        (level, lease),
        (LEASE, Some(1)),
        "an RWH lease is granted R"
    );
    cb.write(tb, fb, 0, b"written on B").unwrap();
    assert_eq!(next_break(ca), (Some(key.to_vec()), 0), "A's lease broken");
    // Cached again, broken again.
    let (_, lease, fa2) = open(ca, ta, "cached.bin", LEASE);
    assert_eq!(lease, Some(1));
    cb.write(tb, fb, 0, b"written again").unwrap();
    assert_eq!(next_break(ca), (Some(key.to_vec()), 0), "broken again");
    for f in [fa, fa2] {
        ca.close(ta, f).unwrap();
    }
    cb.close(tb, fb).unwrap();
    // A's batch oplock (B opens the file after it: it learns from the file's opens).
    let (level, _, fa) = open(ca, ta, "oplocked.bin", BATCH);
    assert_eq!(level, 1, "a batch oplock is granted Level II");
    let (_, _, fb) = open(cb, tb, "oplocked.bin", 0);
    cb.write(tb, fb, 0, b"written on B").unwrap();
    assert_eq!(next_break(ca), (None, 0), "A's Level II broken");
    ca.close(ta, fa).unwrap();
    cb.close(tb, fb).unwrap();
}

fn ok(s: &TestServer, o: &std::process::Output) -> String {
    let text = out_text(o);
    assert!(
        o.status.success() && !text.contains("NT_STATUS_"),
        "{text}\nserver log:\n{}",
        s.log()
    );
    text
}

#[test]
fn two_nodes_serve_one_cephfs_share() {
    if !require_tool("smbclient") || !testkit::ceph::have_ceph() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let c = testkit::ceph::Cluster::start(&dir.path().join("ceph"), "127.0.0.1", 16300);
    let (ma, mb) = (free_port(), free_port());
    let mut a = node(&c, ma);
    let b = node(&c, mb);

    // Node A: a VM folder and a disk put into it.
    let data = random_bytes((3 << 20) + 4321, 51);
    std::fs::write(a.dir.path().join("disk.bin"), &data).unwrap();
    ok(
        &a,
        &a.smbclient(
            &["-m", "SMB3_11"],
            "mkdir \"Virtual Machines\"; mkdir \"Virtual Machines\\VM1\"; \
             put disk.bin \"Virtual Machines\\VM1\\Disk0.vhdx\"; \
             put disk.bin \"Virtual Machines\\VM1\\gone.bin\"",
        ),
    );
    // Node B: the same names (spelled in another case too) and the same bytes; it
    // renames one file and deletes another.
    let text = ok(
        &b,
        &b.smbclient(
            &["-m", "SMB3_11"],
            "ls \"virtual machines\\vm1\\*\"; get \"Virtual Machines\\VM1\\DISK0.VHDX\" back.bin; \
             rename \"Virtual Machines\\VM1\\Disk0.vhdx\" \"Virtual Machines\\VM1\\Disk1.vhdx\"; \
             hardlink \"Virtual Machines\\VM1\\Disk1.vhdx\" \"Virtual Machines\\VM1\\link.vhdx\"; \
             del \"Virtual Machines\\VM1\\gone.bin\"",
        ),
    );
    assert!(
        text.contains("Disk0.vhdx") && text.contains("gone.bin"),
        "{text}"
    );
    assert!(std::fs::read(b.dir.path().join("back.bin")).unwrap() == data);
    // Node A sees B's changes.
    let text = ok(
        &a,
        &a.smbclient(
            &["-m", "SMB3_11"],
            "ls \"Virtual Machines\\VM1\\*\"; get \"Virtual Machines\\VM1\\Disk1.vhdx\" back2.bin; \
             get \"Virtual Machines\\VM1\\link.vhdx\" back3.bin",
        ),
    );
    assert!(text.contains("Disk1.vhdx"), "{text}");
    // (B's hard link: another name for the same bytes.)
    assert!(std::fs::read(a.dir.path().join("back3.bin")).unwrap() == data);
    assert!(
        !text.contains("Disk0.vhdx") && !text.contains("gone.bin"),
        "{text}"
    );
    assert!(std::fs::read(a.dir.path().join("back2.bin")).unwrap() == data);

    // Our client: a write flushed on A is what B reads, at once.
    use client::{access, create_options};
    let mut ca = a.tcp_client();
    let ta = ca.tree_connect(&format!("\\\\{}\\data", a.host)).unwrap();
    let fa = open_rw(&mut ca, ta, "log.bin", 5);
    ca.write(ta, fa, 0, b"written on node A").unwrap();
    ca.flush(ta, fa).unwrap();
    let mut cb = b.tcp_client();
    let tb = cb.tree_connect(&format!("\\\\{}\\data", b.host)).unwrap();
    let (fb, eof) = cb
        .create(
            tb,
            "LOG.BIN",
            access::FILE_READ_DATA,
            1,
            create_options::NON_DIRECTORY_FILE,
        )
        .unwrap();
    assert_eq!(eof, 17);
    assert_eq!(cb.read(tb, fb, 0, 100).unwrap(), b"written on node A");
    cb.close(tb, fb).unwrap();
    ca.close(ta, fa).unwrap();
    // The data went through the CephFS threads, not the workers: every READ, WRITE and
    // FLUSH above was handed out and reported as a storage operation.
    let ops = |port, kind| metric_value(port, &format!("smbdirectd_storage_ring_{kind}_total"));
    assert!(ops(ma, "writes") >= 3.0, "{}", ops(ma, "writes"));
    assert!(ops(ma, "syncs") >= 1.0, "{}", ops(ma, "syncs"));
    assert!(ops(mb, "reads") >= 2.0, "{}", ops(mb, "reads"));

    // Node A killed while its client holds a file open and writes to it (A's session
    // with the cluster holds the file's capabilities): started again, A ends its last
    // run's session, so neither A nor B waits for the cluster to evict it.
    let mut ca = a.tcp_client();
    let ta = ca.tree_connect(&format!("\\\\{}\\data", a.host)).unwrap();
    let fa = open_rw(&mut ca, ta, "log.bin", 1);
    ca.write(ta, fa, 0, b"held by node A's run").unwrap();
    ca.flush(ta, fa).unwrap();
    a.kill9();
    let t = std::time::Instant::now();
    a.restart();
    let fb = open_rw(&mut cb, tb, "log.bin", 1);
    cb.write(tb, fb, 0, b"B after A's restart!").unwrap();
    cb.flush(tb, fb).unwrap();
    cb.close(tb, fb).unwrap();
    let text = ok(
        &a,
        &a.smbclient(&["-m", "SMB3_11"], "get log.bin after.bin"),
    );
    assert!(
        t.elapsed() < std::time::Duration::from_secs(30),
        "{:?}: {text}",
        t.elapsed()
    );
    assert_eq!(
        std::fs::read(a.dir.path().join("after.bin")).unwrap(),
        b"B after A's restart!"
    );
}

/// The cluster's OSD killed while a client reads a file only the cluster holds (the
/// node never cached it): the READ waits on a CephFS thread, not on the worker, which
/// answers another client's ECHO at once meanwhile; the OSD started again, the READ
/// completes with the file's bytes.
#[test]
fn an_osd_outage_holds_the_read_not_the_worker() {
    use smb_wire::header::Command;
    use std::time::{Duration, Instant};
    if !testkit::ceph::have_ceph() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let c = testkit::ceph::Cluster::start(&dir.path().join("ceph"), "127.0.0.1", 16400);
    // The file is written by another client of the cluster, before the node starts.
    let data = random_bytes(4 << 20, 48);
    {
        let m = cephfs::Mount::new(
            &cephfs::Options {
                conf: Some(c.conf.clone()),
                user: "smb".into(),
                keyring: Some(c.keyring.clone()),
                ..Default::default()
            },
            "/",
        )
        .unwrap();
        m.mkdir("shares", 0o755).unwrap();
        m.mkdir("shares/data", 0o755).unwrap();
        let fd = m
            .open("shares/data/cold.bin", libc::O_RDWR | libc::O_CREAT, 0o644)
            .unwrap();
        m.write(fd, 0, &data).unwrap();
        m.fsync(fd, false).unwrap();
        m.close(fd).unwrap();
    }
    let s = node(&c, free_port());
    let mut reader = s.tcp_client();
    let t = reader
        .tree_connect(&format!("\\\\{}\\data", s.host))
        .unwrap();
    let f = open_rw(&mut reader, t, "cold.bin", 1);
    let mut other = s.tcp_client();

    c.kill("osd.0");
    let (tx, rx) = std::sync::mpsc::channel();
    let pending = std::thread::spawn(move || {
        let r = reader.read(t, f, 1 << 20, 1 << 20);
        let _ = tx.send(r.map_err(|e| format!("{e:?}")));
        reader
    });
    // The read waits for the OSD...
    assert!(
        rx.recv_timeout(Duration::from_secs(3)).is_err(),
        "a read with the OSD down answered"
    );
    // ...and the worker serves the other client meanwhile.
    let t0 = Instant::now();
    let echo = other.request(Command::ECHO, 0, &[4, 0, 0, 0]).unwrap();
    assert_eq!(echo.status(), smb_wire::NtStatus::SUCCESS);
    assert!(t0.elapsed() < Duration::from_secs(2), "{:?}", t0.elapsed());

    c.revive("osd.0");
    let got = rx
        .recv_timeout(Duration::from_secs(120))
        .expect("the read completes once the OSD is back")
        .unwrap();
    assert!(got == data[1 << 20..2 << 20]);
    let _ = pending.join();
}

/// Scale-out (issue 51): two nodes serving one scale-out share see each other's opens
/// and byte-range locks. A host on node A opens a file denying writes: a host on node B
/// may read it but not open it for writing until A's open closes. A's exclusive lock
/// keeps B's overlapping lock off until A unlocks. And an open of a node killed with
/// kill -9 stops counting once another node has taken that node over.
#[test]
fn scale_out_nodes_see_each_others_share_modes_and_locks() {
    use client::{access, FileId};
    use smb_wire::header::Command;
    use smb_wire::NtStatus;
    use testkit::bodies::{create_body_with, lock_body};
    if !testkit::ceph::have_ceph() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let c = testkit::ceph::Cluster::start(&dir.path().join("ceph"), "127.0.0.1", 16700);
    let node = || {
        TestServer::start_with(cephfs_opts(
            &c,
            "/shared",
            "continuous_availability = true\nscale_out = true",
            ("lease_seconds = 4", ""),
        ))
    };
    let mut a = node();
    let mut b = node();
    const RW: u32 = access::FILE_READ_DATA | access::FILE_WRITE_DATA;
    const R: u32 = access::FILE_READ_DATA;
    let open_named = |c: &mut client::Client, t: u32, name: &str, want: u32, share: u32| {
        let r = c
            .request(
                Command::CREATE,
                t,
                &create_body_with(name, 0, want, share, 3, &[]),
            )
            .unwrap();
        let m = r.body();
        let le64 = |at: usize| u64::from_le_bytes(m[at..at + 8].try_into().unwrap());
        let id = (r.status() == NtStatus::SUCCESS).then(|| FileId {
            persistent: le64(64),
            volatile: le64(72),
        });
        (r.status(), id)
    };
    let open = |c: &mut client::Client, t: u32, want: u32, share: u32| {
        open_named(c, t, "shared.vhdx", want, share)
    };
    let lock = |c: &mut client::Client, t: u32, f: FileId, at: u64, flags: u32| {
        c.request(Command::LOCK, t, &lock_body(f, at, 4096, flags))
            .unwrap()
            .status()
    };
    let (mut ca, ta) = connect_with_guid(&a, *b"host-on-node-a!!");
    let (mut cb, tb) = connect_with_guid(&b, *b"host-on-node-b!!");

    // Share modes: A reads and writes, sharing reads only.
    let (st, fa) = open(&mut ca, ta, RW, 1);
    assert_eq!(st, NtStatus::SUCCESS);
    let fa = fa.unwrap();
    assert_eq!(open(&mut cb, tb, RW, 7).0, NtStatus::SHARING_VIOLATION);
    // The monitor restarted (down for longer than a lease): the leases live on the OSDs,
    // so both nodes go on serving, and on seeing each other's opens.
    c.kill("mon.a");
    std::thread::sleep(std::time::Duration::from_secs(6));
    assert_eq!(open(&mut cb, tb, RW, 7).0, NtStatus::SHARING_VIOLATION);
    c.revive("mon.a");
    assert!(a.alive() && b.alive(), "{}\n{}", a.log(), b.log());
    let (st, reader) = open(&mut cb, tb, R, 7);
    assert_eq!(st, NtStatus::SUCCESS, "reading is shared");
    cb.close(tb, reader.unwrap()).unwrap();

    // Locks: A's exclusive range keeps B's overlapping one off, not a disjoint one.
    const EXCL_NOW: u32 = 0x12;
    const UNLOCK: u32 = 0x4;
    assert_eq!(lock(&mut ca, ta, fa, 0, EXCL_NOW), NtStatus::SUCCESS);
    let (st, fb) = open(&mut cb, tb, R, 7);
    assert_eq!(st, NtStatus::SUCCESS);
    let fb = fb.unwrap();
    assert_eq!(
        lock(&mut cb, tb, fb, 2048, EXCL_NOW),
        NtStatus::LOCK_NOT_GRANTED
    );
    assert_eq!(lock(&mut cb, tb, fb, 8192, EXCL_NOW), NtStatus::SUCCESS);
    assert_eq!(lock(&mut ca, ta, fa, 0, UNLOCK), NtStatus::SUCCESS);
    assert_eq!(lock(&mut cb, tb, fb, 2048, EXCL_NOW), NtStatus::SUCCESS);
    // ...and B's locks keep A's off in turn.
    assert_eq!(
        lock(&mut ca, ta, fa, 8192, EXCL_NOW),
        NtStatus::LOCK_NOT_GRANTED
    );
    cb.close(tb, fb).unwrap();
    assert_eq!(
        lock(&mut ca, ta, fa, 8192, EXCL_NOW),
        NtStatus::SUCCESS,
        "B's close let its locks go"
    );

    // A's close lets B write.
    ca.close(ta, fa).unwrap();
    let (st, fb) = open(&mut cb, tb, RW, 1);
    assert_eq!(st, NtStatus::SUCCESS);
    assert_eq!(
        open(&mut ca, ta, RW, 7).0,
        NtStatus::SHARING_VIOLATION,
        "and now A is kept off"
    );
    cb.close(tb, fb.unwrap()).unwrap();

    // I/O: another node's locks stop reads and writes through this node (told before
    // the LOCK was answered: no wait here), and stop nothing once let go or closed.
    const SHARED_NOW: u32 = 0x11;
    let (st, fa) = open_named(&mut ca, ta, "io.bin", RW, 7);
    assert_eq!(st, NtStatus::SUCCESS);
    let fa = fa.unwrap();
    ca.write(ta, fa, 0, &[7u8; 16384]).unwrap();
    let (st, fb) = open_named(&mut cb, tb, "io.bin", RW, 7);
    assert_eq!(st, NtStatus::SUCCESS);
    let fb = fb.unwrap();
    assert_eq!(status(cb.read(tb, fb, 0, 4096)), NtStatus::SUCCESS);
    assert_eq!(lock(&mut ca, ta, fa, 0, EXCL_NOW), NtStatus::SUCCESS);
    let conflict = NtStatus::FILE_LOCK_CONFLICT;
    assert_eq!(status(cb.read(tb, fb, 0, 4096)), conflict, "{}", b.log());
    assert_eq!(status(cb.read(tb, fb, 2048, 4096)), conflict);
    assert_eq!(status(cb.write(tb, fb, 0, &[9u8; 512])), conflict);
    assert_eq!(
        ca.read(ta, fa, 0, 512).unwrap(),
        vec![7u8; 512],
        "nothing written"
    );
    assert_eq!(status(cb.read(tb, fb, 8192, 4096)), NtStatus::SUCCESS);
    assert_eq!(
        status(cb.write(tb, fb, 8192, &[9u8; 512])),
        NtStatus::SUCCESS
    );
    // A shared lock lets others read, not write.
    assert_eq!(lock(&mut ca, ta, fa, 12288, SHARED_NOW), NtStatus::SUCCESS);
    assert_eq!(status(cb.read(tb, fb, 12288, 4096)), NtStatus::SUCCESS);
    assert_eq!(status(cb.write(tb, fb, 12288, &[9u8; 512])), conflict);
    assert_eq!(lock(&mut ca, ta, fa, 0, UNLOCK), NtStatus::SUCCESS);
    assert_eq!(status(cb.read(tb, fb, 0, 4096)), NtStatus::SUCCESS);
    assert_eq!(status(cb.write(tb, fb, 0, &[9u8; 512])), NtStatus::SUCCESS);
    ca.close(ta, fa).unwrap();
    assert_eq!(
        status(cb.write(tb, fb, 12288, &[9u8; 512])),
        NtStatus::SUCCESS
    );
    cb.close(tb, fb).unwrap();

    read_caching_crosses_nodes(&mut ca, ta, &mut cb, tb);

    // CHANGE_NOTIFY: A's host watching the share's root hears of a file B's host made.
    let (root, _) = ca
        .create(ta, "", 0x1, 1, client::create_options::DIRECTORY_FILE)
        .unwrap();
    let id = ca
        .send_request(
            Command::CHANGE_NOTIFY,
            ta,
            &testkit::bodies::change_notify_body(root, 0, 0x1),
        )
        .unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let waiter = std::thread::spawn(move || {
        let r = ca.wait(id).unwrap();
        tx.send((r.status(), r.msg.clone())).unwrap();
        ca
    });
    std::thread::sleep(std::time::Duration::from_millis(300));
    let (st, made) = open_named(&mut cb, tb, "made on B.txt", RW, 7);
    assert_eq!(st, NtStatus::SUCCESS);
    cb.close(tb, made.unwrap()).unwrap();
    let (st, msg) = rx
        .recv_timeout(std::time::Duration::from_secs(30))
        .unwrap_or_else(|_| {
            panic!(
                "A's host heard nothing of B's change\nA:\n{}\nB:\n{}",
                a.log(),
                b.log()
            )
        });
    assert_eq!(st, NtStatus::SUCCESS);
    let name: Vec<u8> = "made on B.txt"
        .encode_utf16()
        .flat_map(|u| u.to_le_bytes())
        .collect();
    assert!(msg.windows(name.len()).any(|w| w == name), "{msg:?}");
    let mut ca = waiter.join().unwrap();
    ca.close(ta, root).unwrap();

    // A killed while its host reads the file denying writes: B keeps writers off until
    // A's lease has run out and B has taken A over, then lets them in. (A reader, so
    // that B's look at the file does not wait for the file system to take write
    // capabilities back from A's dead session.)
    let (st, _held) = open(&mut ca, ta, R, 1);
    assert_eq!(st, NtStatus::SUCCESS);
    a.kill9();
    let started = std::time::Instant::now();
    assert_eq!(open(&mut cb, tb, RW, 7).0, NtStatus::SHARING_VIOLATION);
    let st = loop {
        let (st, f) = open(&mut cb, tb, RW, 7);
        if let Some(f) = f {
            cb.close(tb, f).unwrap();
        }
        if st != NtStatus::SHARING_VIOLATION || started.elapsed().as_secs() > 60 {
            break st;
        }
        std::thread::sleep(std::time::Duration::from_millis(250));
    };
    assert_eq!(st, NtStatus::SUCCESS, "{}", b.log());
    eprintln!(
        "A's open stopped counting {:?} after its kill",
        started.elapsed()
    );

    // A node cut off from the cluster (here: blocklisted by the operator) cannot renew
    // its lease and stops before its lease runs out; B takes it over.
    a.restart();
    let uuid = std::fs::read_to_string(a.dir.path().join("state/ceph-client-id")).unwrap();
    let admin = cephfs::rados::Rados::connect(
        &cephfs::Options {
            conf: Some(c.conf.clone()),
            user: "admin".into(),
            keyring: Some(c.dir.join("keyring")),
            ..Default::default()
        },
        None,
    )
    .unwrap();
    let record = admin
        .ioctx("smbdirectd")
        .unwrap()
        .read_all(&format!("smbdirectd.node.{}", uuid.trim()))
        .unwrap()
        .unwrap();
    let record = String::from_utf8(record).unwrap();
    let cut_off = std::time::Instant::now();
    // (Its RADOS addresses are the lines with no key.)
    for addr in record.lines().filter(|l| !l.is_empty() && !l.contains(' ')) {
        admin.blocklist(addr, 600).unwrap();
    }
    let st = a.wait_exit(std::time::Duration::from_secs(30));
    assert!(
        !st.success(),
        "a node that cannot renew its lease stops: {st:?}"
    );
    eprintln!("a node cut off stopped after {:?}", cut_off.elapsed());
}

/// Sends a notification on the scale-out nodes' notify object with Ceph's `rados` tool
/// (a line the nodes ignore) and says how long every watch took to acknowledge it.
fn notifier(c: &testkit::ceph::Cluster) -> impl Fn() -> std::time::Duration + Send + 'static {
    let (conf, keyring) = (c.conf.clone(), c.keyring.clone());
    move || {
        let t = std::time::Instant::now();
        let st = std::process::Command::new("timeout")
            .args(["20", "rados", "--id", "smb", "-p", "smbdirectd", "notify"])
            .args(["smbdirectd.notify", "test"])
            .arg("-c")
            .arg(&conf)
            .arg("--keyring")
            .arg(&keyring)
            .stdout(std::process::Stdio::null())
            .status()
            .unwrap();
        assert!(st.success(), "rados notify: {st}");
        t.elapsed()
    }
}

/// A write under way through node B when node A is about to let a client cache the
/// file's reads (the write had found nothing cached anywhere, so it broke nothing): A
/// grants the read lease only once B's write has ended, so the client caches what the
/// write left, not what was there before. B waits out its write on a thread of its own:
/// its watch goes on acknowledging other notifications meanwhile. (B's storage holds the
/// write back 2.5 s: `SMBDIRECTD_FAULTS`, on node B only.)
#[test]
fn a_read_lease_granted_on_one_node_waits_for_a_write_under_way_on_another() {
    use smb_wire::header::Command;
    use smb_wire::msg::{create_tag, parse_create_contexts, LeaseContext};
    use smb_wire::NtStatus;
    use std::time::{Duration, Instant};
    use testkit::bodies::create_body_with;
    if !testkit::ceph::have_ceph() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let c = testkit::ceph::Cluster::start(&dir.path().join("ceph"), "127.0.0.1", 16900);
    let plan = dir.path().join("faults.plan");
    std::fs::write(&plan, "").unwrap();
    let node = |env: Vec<(String, String)>| {
        TestServer::start_with(Opts {
            env,
            ..cephfs_opts(
                &c,
                "/shared",
                "continuous_availability = true\nscale_out = true",
                ("lease_seconds = 4", ""),
            )
        })
    };
    let a = node(Vec::new());
    let b = node(vec![(
        "SMBDIRECTD_FAULTS".into(),
        plan.display().to_string(),
    )]);
    let mut cb = b.tcp_client();
    let tb = cb.tree_connect(&format!("\\\\{}\\data", b.host)).unwrap();
    let fb = open_rw(&mut cb, tb, "race.bin", 5);
    let mut ca = a.tcp_client();
    let ta = ca.tree_connect(&format!("\\\\{}\\data", a.host)).unwrap();
    // B's first write breaks caching nowhere and learns nobody caches the file.
    cb.write(tb, fb, 0, &[1u8; 4096]).unwrap();
    // The next one is held back in B's storage.
    std::fs::write(&plan, "data write delay=2500\n").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let write = cb.send_write(tb, fb, 0, &[2u8; 4096]).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    // Meanwhile (below, once A's `+` is waiting on B) a notification on the nodes'
    // notify object, which every node's watch acknowledges: B's does not wait with
    // the `+`. (Timed against one sent before, when nothing waits: the tool's own cost.)
    let notify = notifier(&c);
    let alone = notify();
    let other = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(400));
        notify()
    });
    // A's client asks for a read-caching lease meanwhile.
    let ask = LeaseContext {
        key: [0x5C; 16],
        state: 7,
        v2: true,
        ..Default::default()
    };
    let ctxs = [(create_tag::LEASE, ask.encode())];
    let rw = client::access::FILE_READ_DATA | client::access::FILE_WRITE_DATA;
    let r = ca
        .request(
            Command::CREATE,
            ta,
            &create_body_with("race.bin", 0xFF, rw, 7, 1, &ctxs),
        )
        .unwrap();
    let granted_at = Instant::now();
    assert_eq!(r.status(), NtStatus::SUCCESS);
    let m = r.body();
    let le = |at: usize| u32::from_le_bytes(m[at..at + 4].try_into().unwrap()) as usize;
    let lease = parse_create_contexts(&r.msg[le(80)..le(80) + le(84)])
        .unwrap()
        .iter()
        .find(|c| c.name == create_tag::LEASE)
        .map(|c| LeaseContext::parse(c.data).unwrap().state);
    let w = cb.wait(write).unwrap();
    let written_at = Instant::now();
    assert_eq!(w.status(), NtStatus::SUCCESS);
    std::fs::write(&plan, "").unwrap();
    let took = other.join().unwrap();
    eprintln!("a notification took {took:?} while B waited out its write ({alone:?} before)");
    assert!(
        took < alone + Duration::from_millis(800),
        "B's watch acknowledged only once A's `+` was done ({took:?}, {alone:?} alone)"
    );
    eprintln!(
        "A's lease ({lease:?}) came {:?} before B's write ended",
        written_at.saturating_duration_since(granted_at)
    );
    assert_eq!(
        lease,
        Some(1),
        "read caching, as a scale-out share grants it"
    );
    assert!(
        granted_at + Duration::from_millis(200) >= written_at,
        "A let its client cache the file while B's write was under way (and no break follows)"
    );
}

/// A node that does not hear another's byte-range lock (its process stopped while the
/// locking node notified it) is fenced before the LOCK is answered: its lease would
/// have kept it serving, its host's read of the range, come before it heard, let
/// through on what it kept of the file's locks. Fenced, it reads nothing more and
/// stops at its next renewal.
#[test]
fn a_node_that_does_not_hear_a_lock_is_fenced_before_it_is_answered() {
    use client::access;
    use smb_wire::header::Command;
    use smb_wire::NtStatus;
    use testkit::bodies::lock_body;
    if !testkit::ceph::have_ceph() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let c = testkit::ceph::Cluster::start(&dir.path().join("ceph"), "127.0.0.1", 16920);
    let node = |lease: &str| {
        TestServer::start_with(cephfs_opts(
            &c,
            "/shared",
            "continuous_availability = true\nscale_out = true",
            (lease, ""),
        ))
    };
    let a = node("lease_seconds = 4");
    // (B's lease outlasts its stop: what stops B is the fence alone.)
    let mut b = node("lease_seconds = 60");
    let (mut ca, ta) = connect_with_guid(&a, *b"host-on-node-a!!");
    let (mut cb, tb) = connect_with_guid(&b, *b"host-on-node-b!!");
    let rw = access::FILE_READ_DATA | access::FILE_WRITE_DATA;
    let nd = client::create_options::NON_DIRECTORY_FILE;
    let fa = ca.create(ta, "io.bin", rw, 3, nd).unwrap().0;
    ca.write(ta, fa, 0, &[7u8; 16384]).unwrap();
    let fb = cb.create(tb, "io.bin", rw, 1, nd).unwrap().0;
    // (B keeps what it read of the file's locks: none.)
    assert_eq!(cb.read(tb, fb, 0, 4096).unwrap(), vec![7u8; 4096]);

    b.signal("-STOP");
    let started = std::time::Instant::now();
    const EXCL_NOW: u32 = 0x12;
    let st = ca
        .request(Command::LOCK, ta, &lock_body(fa, 0, 4096, EXCL_NOW))
        .unwrap()
        .status();
    let took = started.elapsed();
    b.signal("-CONT");
    assert_eq!(st, NtStatus::SUCCESS);
    eprintln!("the LOCK through A, B stopped, took {took:?}");
    assert!(
        a.log()
            .contains("did not acknowledge a change every node must hear"),
        "A fenced B\n{}",
        a.log()
    );
    // B's host reads the locked range through B: not given, and B stops.
    let r = cb.read(tb, fb, 0, 4096);
    assert!(r.is_err(), "a read through the fenced node: {r:?}");
    b.stops_fenced();
    assert_eq!(ca.read(ta, fa, 0, 512).unwrap(), vec![7u8; 512]);
    ca.close(ta, fa).unwrap();
}
