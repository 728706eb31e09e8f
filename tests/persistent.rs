//! Continuous availability (issue 20): persistent handles on a continuously available
//! share survive the server being killed (SIGKILL, at random points) and restarted on
//! the same state directory; every write it acknowledged is there; the handles' leases
//! and byte-range locks come back with them; other clients are refused while the owner
//! has yet to reclaim them, and served after.

mod common;
use client::{access, FileId, Response};
use common::*;
use smb_wire::header::Command;
use smb_wire::NtStatus;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use testkit::bodies::{create_body_with, lock_body};

const RW: u32 = access::FILE_READ_DATA | access::FILE_WRITE_DATA;
const OWNER: [u8; 16] = *b"hyper-v-host-one";
const BLOCK: usize = 8192;
const BLOCKS: u64 = 64;

fn ca_server() -> TestServer {
    TestServer::start_with(Opts {
        share_extra: "continuous_availability = true".into(),
        ..Default::default()
    })
}

/// A version 2 lease context asking for RWH on `key`.
fn lease_ctx(key: [u8; 16]) -> (&'static [u8], Vec<u8>) {
    let l = smb_wire::msg::LeaseContext {
        key,
        state: 7, // R | H | W
        v2: true,
        ..Default::default()
    };
    (smb_wire::msg::create_tag::LEASE, l.encode())
}

/// A persistent open (DH2Q with the persistent flag) of `name`, with an RWH lease when
/// `lease` names a key.
fn open_persistent(
    c: &mut client::Client,
    tree: u32,
    name: &str,
    guid: [u8; 16],
    lease: Option<[u8; 16]>,
) -> client::Result<Response> {
    let mut ctxs = vec![client::rsvd::dh2q_persistent(guid)];
    ctxs.extend(lease.map(lease_ctx));
    let oplock = if lease.is_some() { 0xFF } else { 0 };
    let body = create_body_with(name, oplock, RW, 7, 3, &ctxs);
    c.request(Command::CREATE, tree, &body)
}

/// Takes a persistent open back (DH2C with the persistent flag).
fn reclaim(
    c: &mut client::Client,
    tree: u32,
    name: &str,
    f: FileId,
    guid: [u8; 16],
    lease: Option<[u8; 16]>,
) -> Response {
    let mut ctxs = vec![client::rsvd::dh2c_persistent(f, guid)];
    ctxs.extend(lease.map(lease_ctx));
    let oplock = if lease.is_some() { 0xFF } else { 0 };
    let body = create_body_with(name, oplock, RW, 7, 1, &ctxs);
    c.request(Command::CREATE, tree, &body).unwrap()
}

/// Reclaims "vm.vhdx" (DH2C) until it is no longer told to retry, or `secs` have passed,
/// pausing `ms` between tries: the last answer, and how many times it was told to retry.
fn reclaim_retrying(
    c: &mut client::Client,
    tree: u32,
    f: FileId,
    guid: [u8; 16],
    (secs, ms): (u64, u64),
) -> (Response, u32) {
    let started = Instant::now();
    let mut retries = 0;
    loop {
        let r = reclaim(c, tree, "vm.vhdx", f, guid, None);
        if r.status() != NtStatus::FILE_NOT_AVAILABLE
            || started.elapsed() > Duration::from_secs(secs)
        {
            return (r, retries);
        }
        retries += 1;
        std::thread::sleep(Duration::from_millis(ms));
    }
}

/// A node serving the scale-out share at `path` of `c`'s file system, at `host`:445, its
/// metrics on `metrics`, with a 4 s lease.
fn scale_out_node(
    c: &testkit::ceph::Cluster,
    path: &str,
    metrics: u16,
    host: &'static str,
) -> TestServer {
    let mut o = cephfs_opts(
        c,
        path,
        "continuous_availability = true\nscale_out = true",
        (
            "lease_seconds = 4",
            &format!("netbios_name = \"SOFS\"\n[metrics]\nlisten = \"127.0.0.1:{metrics}\""),
        ),
    );
    o.host_at_445 = Some(host);
    TestServer::start_with(o)
}

fn file_id(r: &Response) -> FileId {
    let m = r.body();
    let le64 = |at: usize| u64::from_le_bytes(m[at..at + 8].try_into().unwrap());
    FileId {
        persistent: le64(64),
        volatile: le64(72),
    }
}

/// The create contexts of a CREATE response, by tag.
fn contexts(r: &Response) -> Vec<(Vec<u8>, Vec<u8>)> {
    let m = r.body();
    let le32 = |b: &[u8], at: usize| u32::from_le_bytes(b[at..at + 4].try_into().unwrap());
    let (off, len) = (le32(m, 80) as usize, le32(m, 84) as usize);
    let mut out = Vec::new();
    if len == 0 {
        return out;
    }
    let all = &r.msg[off..off + len];
    let mut at = 0;
    loop {
        let c = &all[at..];
        let next = le32(c, 0) as usize;
        let (no, nl) = (
            u16::from_le_bytes([c[4], c[5]]) as usize,
            u16::from_le_bytes([c[6], c[7]]) as usize,
        );
        let (dof, dl) = (
            u16::from_le_bytes([c[10], c[11]]) as usize,
            le32(c, 12) as usize,
        );
        out.push((c[no..no + nl].to_vec(), c[dof..dof + dl].to_vec()));
        if next == 0 {
            return out;
        }
        at += next;
    }
}

/// Asserts a CREATE answer granted a persistent handle (and the RWH lease asked for).
fn assert_persistent(r: &Response, lease: bool) {
    assert_eq!(r.status(), NtStatus::SUCCESS);
    let ctxs = contexts(r);
    let dh2q = ctxs
        .iter()
        .find(|(t, _)| t == b"DH2Q")
        .expect("DH2Q answered");
    assert_eq!(
        u32::from_le_bytes(dh2q.1[4..8].try_into().unwrap()),
        2,
        "persistent flag granted"
    );
    if lease {
        assert_lease_rwh(r);
    }
}

/// Asserts a CREATE answer carries an RWH lease (a reconnect's answer carries no DH2Q).
fn assert_lease_rwh(r: &Response) {
    assert_eq!(r.status(), NtStatus::SUCCESS);
    let ctxs = contexts(r);
    let l = ctxs.iter().find(|(t, _)| t == b"RqLs").expect("lease");
    let state = u32::from_le_bytes(l.1[16..20].try_into().unwrap());
    assert_eq!(state, 7, "RWH");
}

fn block(round: u64, seq: u64) -> Vec<u8> {
    random_bytes(BLOCK, round << 32 | seq)
}

/// What the writer was told is stable, and what it had sent without an answer.
#[derive(Default)]
struct Acked {
    /// Per block: the sequence number of the last write acknowledged there.
    blocks: Vec<Option<(u64, u64)>>,
    in_flight: Option<(u64, u64, u64)>,
    /// Persistent opens made (answered) this round: name, FileId, CreateGuid.
    opens: Vec<(String, FileId, [u8; 16])>,
}

#[test]
fn persistent_handles_survive_sigkill_and_every_acknowledged_write_is_there() {
    survive_sigkill(ca_server());
}

/// The same on an SPDK share (the blobstore on a file through SPDK's aio bdev): the
/// journal is the node's, the data the store's.
#[test]
fn persistent_handles_on_an_spdk_share_survive_sigkill() {
    if !have_spdk() {
        return;
    }
    let (_dev_dir, device) = formatted_device(1 << 30);
    survive_sigkill(spdk_server_with(&device, "continuous_availability = true"));
}

/// The same on a cephfs share (a single-host Ceph cluster): the journal is the node's,
/// the data the cluster's; the node started again ends its last run's session with the
/// cluster and reopens the files.
#[test]
fn persistent_handles_on_a_cephfs_share_survive_sigkill() {
    if !testkit::ceph::have_ceph() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let c = testkit::ceph::Cluster::start(&dir.path().join("ceph"), "127.0.0.1", 16500);
    let ca = "continuous_availability = true";
    survive_sigkill(TestServer::start_with(cephfs_opts(
        &c,
        "/persistent",
        ca,
        ("", ""),
    )));
}

/// A host's Witness registration, as Windows makes it: at the node `other` (found
/// through its endpoint mapper, which lists `using` once it has read that node's
/// record), for the node `using`; the thread waiting for news answers with it and when.
fn watch_with_witness(
    other: std::net::IpAddr,
    using: std::net::IpAddr,
) -> std::thread::JoinHandle<(client::witness::Notification, Instant)> {
    use client::witness::{find, pick, WitnessClient};
    let port = find(other, 135).unwrap();
    let mut w = WitnessClient::connect(other, port, USER, "", PASSWORD).unwrap();
    let end = Instant::now() + Duration::from_secs(15);
    while pick(&w.interfaces().unwrap(), using) != Some(other) {
        assert!(Instant::now() < end, "{:?}", w.interfaces());
        std::thread::sleep(Duration::from_millis(300));
    }
    let h = w.register("SOFS", "data", using, 0).unwrap().unwrap();
    std::thread::spawn(move || {
        let n = w.wait(&h, Duration::from_secs(60)).unwrap().unwrap();
        (n, Instant::now())
    })
}

/// Scale-out (issue 51): two nodes serve one continuously available share from CephFS,
/// their handle journals and leases in RADOS. The host, as a Windows host does, has
/// registered with the other node's Witness service for the node it uses. The node
/// holding its persistent handle is killed with kill -9 mid-write: Witness tells the host
/// that node is unavailable, and the host's reconnect to the other node is
/// told to retry (STATUS_FILE_NOT_AVAILABLE) until that node's lease has run out, then
/// it takes the handle back there and every acknowledged block is in the file. The
/// killed node comes back empty-handed. Then the node holding the handle now stalls
/// (SIGSTOP) past its lease: the first node takes over, and the stalled one, woken,
/// acknowledges nothing more and stops.
#[test]
fn scale_out_persistent_handles_fail_over_to_another_node() {
    if !testkit::ceph::have_ceph() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let c = testkit::ceph::Cluster::start(&dir.path().join("ceph"), "127.0.0.1", 16600);
    let node = |metrics: u16, host: &'static str| scale_out_node(&c, "/scaleout", metrics, host);
    let (ma, mb) = (free_port(), free_port());
    let (ip_a, ip_b) = ("127.0.0.85", "127.0.0.86");
    let mut a = node(ma, ip_a);
    let mut b = node(mb, ip_b);
    let vm_guid = [0x5C; 16];
    let witness = watch_with_witness(ip_b.parse().unwrap(), ip_a.parse().unwrap());

    // The host on node A: a persistent handle (no handle or write caching is granted on
    // a scale-out share), write-through writes until A dies under it.
    let (mut ca, ta) = connect_with_guid(&a, OWNER);
    let r = open_persistent(&mut ca, ta, "vm.vhdx", vm_guid, None).unwrap();
    assert_persistent(&r, false);
    let vm = file_id(&r);
    assert_ne!(vm.persistent >> 48, 0, "a node's ids carry its number");
    // A scale-out share caches reads at most: a lease asked for RWH is granted R.
    let r = open_persistent(&mut ca, ta, "cached.bin", [0x77; 16], Some([0x2E; 16])).unwrap();
    assert_persistent(&r, false);
    let ctxs = contexts(&r);
    let l = ctxs
        .iter()
        .find(|(t, _)| t == b"RqLs")
        .expect("lease answered");
    assert_eq!(u32::from_le_bytes(l.1[16..20].try_into().unwrap()), 1);
    ca.close(ta, file_id(&r)).unwrap();
    // A byte-range lock the handle holds (past the blocks written) goes with it.
    let lock_at = BLOCKS * BLOCK as u64;
    let lk = ca
        .request(Command::LOCK, ta, &lock_body(vm, lock_at, 512, 0x12))
        .unwrap();
    assert_eq!(lk.status(), NtStatus::SUCCESS);
    let acked = Arc::new(Mutex::new(Acked {
        blocks: vec![None; BLOCKS as usize],
        ..Default::default()
    }));
    let writer = {
        let acked = acked.clone();
        std::thread::spawn(move || {
            let deadline = Instant::now() + Duration::from_secs(20);
            for seq in 0..5000u64 {
                let b = seq * 7 % BLOCKS;
                acked.lock().unwrap().in_flight = Some((b, 0, seq));
                if Instant::now() > deadline
                    || ca.write(ta, vm, b * BLOCK as u64, &block(0, seq)).is_err()
                {
                    return;
                }
                let mut a = acked.lock().unwrap();
                a.blocks[b as usize] = Some((0, seq));
                a.in_flight = None;
            }
        })
    };
    std::thread::sleep(Duration::from_millis(700));
    a.kill9();
    let killed = Instant::now();
    writer.join().unwrap();

    // The host moves to node B: told to retry until A's lease runs out, then it has
    // its handle back.
    let (mut cb, tb) = connect_with_guid(&b, OWNER);
    let started = Instant::now();
    let (r, retries) = reclaim_retrying(&mut cb, tb, vm, vm_guid, (60, 250));
    assert_eq!(
        r.status(),
        NtStatus::SUCCESS,
        "reclaim on node B\n{}",
        b.log()
    );
    assert!(
        retries > 0,
        "the first reconnect, within A's lease, is told to retry"
    );
    eprintln!(
        "failover to node B: handle back after {:?} ({retries} retries)",
        started.elapsed()
    );
    // Witness told the host too (once B had taken A over: a reconnect then succeeds).
    let (n, told) = witness.join().unwrap();
    assert_eq!(
        n.messages,
        vec![client::witness::Message::ResourceChange {
            change: smb_wire::dcerpc::witness::RESOURCE_UNAVAILABLE,
            name: ip_a.into()
        }],
        "Witness on B tells of A"
    );
    eprintln!(
        "Witness on B told the host of A's end {:?} after the kill",
        told.saturating_duration_since(killed)
    );

    let vm_b = file_id(&r);
    let check_blocks = |c: &mut client::Client, t: u32, f: FileId, a: &Acked, at: &str| {
        for blk in 0..BLOCKS {
            let got = c.read(t, f, blk * BLOCK as u64, BLOCK as u32).unwrap();
            let Some((r0, seq)) = a.blocks[blk as usize] else {
                continue;
            };
            let in_flight = a
                .in_flight
                .filter(|(fb, _, _)| *fb == blk)
                .map(|(_, r1, s1)| block(r1, s1));
            assert!(
                got == block(r0, seq) || in_flight.as_ref() == Some(&got),
                "{at}: block {blk} lost its acknowledged write (seq {seq})"
            );
        }
    };
    {
        let a = acked.lock().unwrap();
        assert!(
            a.blocks.iter().flatten().count() > 0,
            "some writes acknowledged"
        );
        check_blocks(&mut cb, tb, vm_b, &a, "node B");
    }
    assert_eq!(
        metric_value(mb, "smbdirectd_cluster_takeovers_total{outcome=\"done\"}"),
        1.0
    );
    assert_eq!(
        metric_value(mb, "smbdirectd_cluster_handles_taken_over_total"),
        1.0
    );
    assert!(metric_value(mb, "smbdirectd_cluster_node") >= 1.0);
    // Its lock holds on B against another host.
    let (mut other, ot) = connect_with_guid(&b, *b"some-other-host!");
    let body = create_body_with("vm.vhdx", 0, RW, 7, 1, &[]);
    let r = other.request(Command::CREATE, ot, &body).unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);
    let of = file_id(&r);
    let lk = other
        .request(Command::LOCK, ot, &lock_body(of, lock_at, 512, 0x12))
        .unwrap();
    assert_eq!(
        lk.status(),
        NtStatus::LOCK_NOT_GRANTED,
        "the lock moved with the handle"
    );
    other.close(ot, of).unwrap();
    drop(other);
    // More acknowledged writes, on B.
    {
        let mut a = acked.lock().unwrap();
        for seq in 9000..9016u64 {
            let blk = seq % BLOCKS;
            cb.write(tb, vm_b, blk * BLOCK as u64, &block(1, seq))
                .unwrap();
            a.blocks[blk as usize] = Some((1, seq));
        }
        // (A write in flight at the kill may have landed: its block may hold it still.)
    }

    // Node A comes back: its journal went to B, so it holds nothing of the host's.
    a.restart();
    let (mut ca2, ta2) = connect_with_guid(&a, OWNER);
    let r = reclaim(&mut ca2, ta2, "vm.vhdx", vm, vm_guid, None);
    assert_ne!(r.status(), NtStatus::SUCCESS, "the handle is B's now");
    drop(ca2);

    // B stalls past its lease (SIGSTOP): A takes the handle over and fences B. Woken,
    // B acknowledges nothing more and stops.
    let pid = b.pid().expect("running") as i32;
    // SAFETY: signalling our own child process.
    unsafe { libc::kill(pid, libc::SIGSTOP) };
    let (mut ca3, ta3) = connect_with_guid(&a, OWNER);
    let started = Instant::now();
    let (r, _) = reclaim_retrying(&mut ca3, ta3, vm, vm_guid, (60, 250));
    assert_eq!(
        r.status(),
        NtStatus::SUCCESS,
        "reclaim on node A\n{}",
        a.log()
    );
    eprintln!(
        "failover back to node A after B stalled: {:?}",
        started.elapsed()
    );
    let vm_a = file_id(&r);
    // SAFETY: as above.
    unsafe { libc::kill(pid, libc::SIGCONT) };
    let late = cb.write(tb, vm_b, 0, &block(2, 0));
    assert!(
        late.is_err(),
        "a fenced node acknowledged a write: {late:?}\n{}",
        b.log()
    );
    let st = b.wait_exit(Duration::from_secs(20));
    assert!(!st.success(), "the fenced node stops: {st:?}");
    let a_acked = acked.lock().unwrap();
    check_blocks(&mut ca3, ta3, vm_a, &a_acked, "node A after B stalled");

    // A planned stop (SIGTERM) of A lets its lease go at once: B, started again, takes
    // the handle over without waiting for the lease to run out.
    b.restart();
    drop(ca3);
    a.stop();
    let (mut cb2, tb2) = connect_with_guid(&b, OWNER);
    let started = Instant::now();
    let (r, _) = reclaim_retrying(&mut cb2, tb2, vm, vm_guid, (60, 100));
    assert_eq!(
        r.status(),
        NtStatus::SUCCESS,
        "reclaim on node B after A stopped\n{}",
        b.log()
    );
    eprintln!("planned move to node B: {:?}", started.elapsed());
    let vm_b = file_id(&r);
    check_blocks(&mut cb2, tb2, vm_b, &a_acked, "node B after A stopped");
    cb2.close(tb2, vm_b).unwrap();
}

/// A planned move (issue 51): node A is drained while a host writes to a persistent
/// handle on it. The host, registered with node B's Witness for A, is told to move to
/// B, leaves A and reconnects to B, where its reclaim is told to retry while B asks A
/// for the open; A, alive, gives it (the record through RADOS), and the host has its
/// handle, its byte-range lock and every acknowledged write on B, with no I/O error.
#[test]
fn scale_out_drain_moves_a_host_and_its_handle_to_another_node() {
    if !testkit::ceph::have_ceph() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let c = testkit::ceph::Cluster::start(&dir.path().join("ceph"), "127.0.0.1", 17700);
    let node = |metrics: u16, host: &'static str| scale_out_node(&c, "/drain", metrics, host);
    let (ma, mb) = (free_port(), free_port());
    let (ip_a, ip_b) = ("127.0.0.87", "127.0.0.88");
    let mut a = node(ma, ip_a);
    let b = node(mb, ip_b);
    let vm_guid = [0x6D; 16];
    let (mut ca, ta) = connect_with_guid(&a, OWNER);
    let r = open_persistent(&mut ca, ta, "vm.vhdx", vm_guid, None).unwrap();
    assert_persistent(&r, false);
    let vm = file_id(&r);
    let lock_at = BLOCKS * BLOCK as u64;
    let lk = ca
        .request(Command::LOCK, ta, &lock_body(vm, lock_at, 512, 0x12))
        .unwrap();
    assert_eq!(lk.status(), NtStatus::SUCCESS);
    for seq in 0..BLOCKS {
        ca.write(ta, vm, seq * BLOCK as u64, &block(0, seq))
            .unwrap();
    }
    let witness = watch_with_witness(ip_b.parse().unwrap(), ip_a.parse().unwrap());

    // The drain (once A has seen B, every quarter lease): Witness on B tells the host
    // to move to B.
    drain(&a);
    let (n, _) = witness.join().unwrap();
    assert_eq!(
        n.messages,
        vec![client::witness::Message::Addresses(vec![(
            ip_b.parse().unwrap(),
            smb_wire::dcerpc::witness::IPADDR_ONLINE
        )])]
    );
    // The host leaves A and takes its handle back on B.
    drop(ca);
    let (mut cb, tb) = connect_with_guid(&b, OWNER);
    let started = Instant::now();
    let (r, retries) = reclaim_retrying(&mut cb, tb, vm, vm_guid, (30, 100));
    assert_eq!(r.status(), NtStatus::SUCCESS, "{}\n{}", a.log(), b.log());
    eprintln!(
        "drained: handle moved to B after {:?} ({retries} retries)",
        started.elapsed()
    );
    let vm_b = file_id(&r);
    for seq in 0..BLOCKS {
        let got = cb.read(tb, vm_b, seq * BLOCK as u64, BLOCK as u32).unwrap();
        assert!(
            got == block(0, seq),
            "block {seq} lost its acknowledged write"
        );
    }
    for seq in 0..BLOCKS {
        cb.write(tb, vm_b, seq * BLOCK as u64, &block(1, seq))
            .unwrap();
    }
    // Its lock moved with it: another host on A (still serving) is kept off the range.
    let (mut other, ot) = connect_with_guid(&a, *b"some-other-host!");
    let r = other
        .request(
            Command::CREATE,
            ot,
            &create_body_with("vm.vhdx", 0, RW, 7, 1, &[]),
        )
        .unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);
    let lk = other
        .request(
            Command::LOCK,
            ot,
            &lock_body(file_id(&r), lock_at, 512, 0x12),
        )
        .unwrap();
    assert_eq!(
        lk.status(),
        NtStatus::LOCK_NOT_GRANTED,
        "the lock moved to B"
    );
    assert!(a.alive(), "A was drained, not stopped");
    assert_eq!(
        metric_value(ma, "smbdirectd_cluster_handoffs_total{way=\"given\"}"),
        1.0
    );
    assert_eq!(
        metric_value(mb, "smbdirectd_cluster_handoffs_total{way=\"taken\"}"),
        1.0
    );
    cb.close(tb, vm_b).unwrap();
}

fn survive_sigkill(mut s: TestServer) {
    let (mut c, mut tree) = connect_with_guid(&s, OWNER);
    let vm_guid = [0xA1; 16];
    let lease_key = [0x1E; 16];
    let r = open_persistent(&mut c, tree, "vm.vhdx", vm_guid, Some(lease_key)).unwrap();
    assert_persistent(&r, true);
    let mut vm = file_id(&r);
    let lock_guid = [0xB2; 16];
    let r = open_persistent(&mut c, tree, "locked.bin", lock_guid, None).unwrap();
    assert_persistent(&r, false);
    let locked = file_id(&r);
    c.write(tree, locked, 0, &[0x5A; 4096]).unwrap();
    let lk = c
        .request(Command::LOCK, tree, &lock_body(locked, 1024, 512, 0x12))
        .unwrap();
    assert_eq!(lk.status(), NtStatus::SUCCESS);

    let acked = Arc::new(Mutex::new(Acked {
        blocks: vec![None; BLOCKS as usize],
        ..Default::default()
    }));
    // Seeded: a failing round can be run again as it was.
    let mut seed = 0x00C0_FFEE_u64;
    let mut rnd = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    const ROUNDS: u64 = 4;
    for round in 0..ROUNDS {
        // The host writes (write-through) and opens more persistent handles until the
        // server dies under it.
        let writer = {
            let acked = acked.clone();
            std::thread::spawn(move || {
                let deadline = Instant::now() + Duration::from_secs(20);
                for seq in 0..5000u64 {
                    if Instant::now() > deadline {
                        break;
                    }
                    let b = seq * 7 % BLOCKS;
                    acked.lock().unwrap().in_flight = Some((b, round, seq));
                    if c.write(tree, vm, b * BLOCK as u64, &block(round, seq))
                        .is_err()
                    {
                        return;
                    }
                    {
                        let mut a = acked.lock().unwrap();
                        a.blocks[b as usize] = Some((round, seq));
                        a.in_flight = None;
                    }
                    if seq % 16 == 5 {
                        let name = format!("r{round}-{seq}.bin");
                        let guid = [
                            round as u8,
                            seq as u8,
                            (seq >> 8) as u8,
                            0xCC,
                            0,
                            0,
                            0,
                            0,
                            0,
                            0,
                            0,
                            0,
                            0,
                            0,
                            0,
                            0,
                        ];
                        match open_persistent(&mut c, tree, &name, guid, None) {
                            Ok(r) if r.status() == NtStatus::SUCCESS => {
                                acked.lock().unwrap().opens.push((name, file_id(&r), guid));
                            }
                            _ => return,
                        }
                    }
                }
            })
        };
        std::thread::sleep(Duration::from_millis(30 + rnd(400)));
        s.kill9();
        writer.join().unwrap();
        s.restart();

        // Another client is refused while the host has yet to take its handle back (the
        // open would break the lease the persistent handle holds).
        let (mut other, ot) = connect_with_guid(&s, *b"some-other-host!");
        let body = create_body_with("vm.vhdx", 0, access::FILE_READ_DATA, 7, 1, &[]);
        let refused = other.request(Command::CREATE, ot, &body).unwrap();
        assert_eq!(
            refused.status(),
            NtStatus::FILE_NOT_AVAILABLE,
            "round {round}"
        );
        // The restored byte-range lock holds against it.
        let body = create_body_with("locked.bin", 0, RW, 7, 1, &[]);
        let r = other.request(Command::CREATE, ot, &body).unwrap();
        assert_eq!(r.status(), NtStatus::SUCCESS);
        let of = file_id(&r);
        let lk = other
            .request(Command::LOCK, ot, &lock_body(of, 1024, 512, 0x12))
            .unwrap();
        assert_eq!(lk.status(), NtStatus::LOCK_NOT_GRANTED, "round {round}");
        other.close(ot, of).unwrap();

        // The host comes back and takes its handles back, lease and all.
        let (mut back, bt) = connect_with_guid(&s, OWNER);
        let r = reclaim(&mut back, bt, "vm.vhdx", vm, vm_guid, Some(lease_key));
        assert_lease_rwh(&r);
        vm = file_id(&r);
        let a = acked.lock().unwrap();
        for b in 0..BLOCKS {
            let got = back.read(bt, vm, b * BLOCK as u64, BLOCK as u32).unwrap();
            let Some((r0, seq)) = a.blocks[b as usize] else {
                continue;
            };
            let acked_data = block(r0, seq);
            let in_flight = a
                .in_flight
                .filter(|(fb, _, _)| *fb == b)
                .map(|(_, r1, s1)| block(r1, s1));
            assert!(
                got == acked_data || in_flight.as_ref() == Some(&got),
                "round {round}: block {b} lost its acknowledged write (seq {seq})"
            );
        }
        eprintln!(
            "round {round}: {} blocks acknowledged, {} persistent opens made; all back",
            a.blocks.iter().flatten().count(),
            a.opens.len()
        );
        for (name, f, guid) in &a.opens {
            let r = reclaim(&mut back, bt, name, *f, *guid, None);
            assert_eq!(r.status(), NtStatus::SUCCESS, "round {round}: {name}");
            back.close(bt, file_id(&r)).unwrap();
        }
        drop(a);
        acked.lock().unwrap().opens.clear();
        c = back;
        tree = bt;
    }

    // Reclaimed, the lock is the host's to release; then the other client is served.
    let (mut back, bt) = (c, tree);
    let r = reclaim(&mut back, bt, "locked.bin", locked, lock_guid, None);
    assert_eq!(r.status(), NtStatus::SUCCESS);
    let locked = file_id(&r);
    let un = back
        .request(Command::LOCK, bt, &lock_body(locked, 1024, 512, 0x4))
        .unwrap();
    assert_eq!(un.status(), NtStatus::SUCCESS);
    back.close(bt, vm).unwrap();
    let (mut other, ot) = connect_with_guid(&s, *b"some-other-host!");
    let body = create_body_with("locked.bin", 0, RW, 7, 1, &[]);
    let of = file_id(&other.request(Command::CREATE, ot, &body).unwrap());
    let lk = other
        .request(Command::LOCK, ot, &lock_body(of, 1024, 512, 0x12))
        .unwrap();
    assert_eq!(lk.status(), NtStatus::SUCCESS);
    let body = create_body_with("vm.vhdx", 0, access::FILE_READ_DATA, 7, 1, &[]);
    let served = other.request(Command::CREATE, ot, &body).unwrap();
    assert_eq!(
        served.status(),
        NtStatus::SUCCESS,
        "served once reclaimed and closed"
    );
    back.close(bt, locked).unwrap();
    assert!(s.log().contains("persistent handles restored"));
}

#[test]
fn a_persistent_open_not_reclaimed_in_time_is_closed_and_its_delete_on_close_honoured() {
    let mut s = ca_server();
    let (mut c, tree) = connect_with_guid(&s, OWNER);
    // DH2Q asking for a 1.5 s reconnect timeout, persistent; delete on close.
    let mut dh2q = vec![0u8; 32];
    dh2q[..4].copy_from_slice(&1500u32.to_le_bytes());
    dh2q[4..8].copy_from_slice(&2u32.to_le_bytes());
    dh2q[16..].copy_from_slice(&[0xD0; 16]);
    let mut body = create_body_with(
        "scratch.tmp",
        0,
        RW | access::DELETE,
        7,
        2,
        &[(b"DH2Q", dh2q)],
    );
    // CreateOptions (offset 40 of the body): FILE_DELETE_ON_CLOSE | FILE_NON_DIRECTORY_FILE.
    body[40..44].copy_from_slice(&0x1040u32.to_le_bytes());
    let r = c.request(Command::CREATE, tree, &body).unwrap();
    assert_persistent(&r, false);
    c.write(tree, file_id(&r), 0, b"scratch").unwrap();
    s.kill9();
    s.restart();
    assert!(s.share.join("scratch.tmp").exists(), "kept for its owner");
    let (mut other, ot) = connect_with_guid(&s, *b"some-other-host!");
    let probe = create_body_with("scratch.tmp", 0, access::FILE_READ_DATA, 7, 1, &[]);
    // Sharing everything and caching nothing, it is no obstacle to a reader meanwhile.
    let r = other.request(Command::CREATE, ot, &probe).unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);
    other.close(ot, file_id(&r)).unwrap();
    std::thread::sleep(Duration::from_millis(1700));
    // Its time is up: closed at the next look, and the file deleted with it.
    let r = other.request(Command::CREATE, ot, &probe).unwrap();
    assert_eq!(r.status(), NtStatus::OBJECT_NAME_NOT_FOUND);
    assert!(!s.share.join("scratch.tmp").exists());
    assert!(s.log().contains("persistent open not reclaimed in time"));
}

/// A clustered VM's host fails over while the node restarts: the VM's new host opens the
/// VHDX with the same application instance id and takes it over from the persistent open
/// the old host can no longer reclaim (instead of waiting it out).
#[test]
fn an_application_instance_takes_its_file_over_from_a_restored_persistent_open() {
    let mport = free_port();
    let mut s = TestServer::start_with(Opts {
        share_extra: "continuous_availability = true".into(),
        extra_config: format!("[metrics]\nlisten = \"127.0.0.1:{mport}\"\n"),
        ..Default::default()
    });
    let app = [0xAB; 16];
    let app_ctx = |id: [u8; 16]| {
        let mut d = 20u16.to_le_bytes().to_vec();
        d.extend_from_slice(&[0, 0]);
        d.extend_from_slice(&id);
        (smb_wire::msg::create_tag::APP_INSTANCE_ID, d)
    };
    let (mut c, tree) = connect_with_guid(&s, OWNER);
    let mut dh2q = vec![0u8; 32];
    dh2q[4..8].copy_from_slice(&2u32.to_le_bytes());
    dh2q[16..].copy_from_slice(&[0xE1; 16]);
    // Shares nothing: no other open could get in beside it.
    let body = create_body_with(
        "clustered.vhdx",
        0,
        RW,
        0,
        3,
        &[(b"DH2Q", dh2q), app_ctx(app)],
    );
    let r = c.request(Command::CREATE, tree, &body).unwrap();
    assert_persistent(&r, false);
    assert_eq!(metric_value(mport, "smbdirectd_persistent_handles"), 1.0);
    s.kill9();
    s.restart();
    assert_eq!(metric_value(mport, "smbdirectd_persistent_handles"), 1.0);
    let (mut other, ot) = connect_with_guid(&s, *b"some-other-host!");
    let plain = create_body_with("clustered.vhdx", 0, RW, 0, 1, &[]);
    let r = other.request(Command::CREATE, ot, &plain).unwrap();
    assert_eq!(
        r.status(),
        NtStatus::FILE_NOT_AVAILABLE,
        "waits for its owner"
    );
    let failover = create_body_with("clustered.vhdx", 0, RW, 0, 1, &[app_ctx(app)]);
    let r = other.request(Command::CREATE, ot, &failover).unwrap();
    assert_eq!(
        r.status(),
        NtStatus::SUCCESS,
        "the instance's new host takes it over"
    );
    assert_eq!(metric_value(mport, "smbdirectd_persistent_handles"), 0.0);
    let text = metrics_text(mport);
    assert!(text.contains("smbdirectd_handle_journal_writes_total{kind=\"append\"}"));
}

/// The server dies right after journaling a persistent open, before answering its CREATE:
/// after the restart the client replays the CREATE and gets that open (made by the first
/// attempt, as made), not a second one.
#[test]
fn a_create_journaled_but_unanswered_is_replayed_after_the_restart() {
    let mut s = TestServer::start_with(Opts {
        share_extra: "continuous_availability = true".into(),
        env: vec![(
            "SMBDIRECTD_TEST_CRASH_AFTER_JOURNAL_APPENDS".into(),
            "3".into(),
        )],
        ..Default::default()
    });
    let (mut c, tree) = connect_with_guid(&s, OWNER);
    let guids = [[0x11; 16], [0x22; 16], [0x33; 16]];
    let mut made = Vec::new();
    for (i, g) in guids.iter().enumerate().take(2) {
        let r = open_persistent(&mut c, tree, &format!("disk{i}.vhdx"), *g, None).unwrap();
        assert_persistent(&r, false);
        made.push(file_id(&r));
    }
    // The third append is the third open's: the server aborts before answering it.
    assert!(open_persistent(&mut c, tree, "disk2.vhdx", guids[2], None).is_err());
    assert!(!s.wait_exit(Duration::from_secs(10)).success());
    s.restart();

    let (mut back, bt) = connect_with_guid(&s, OWNER);
    back.replay = true;
    back.channel_sequence = 1;
    let r = open_persistent(&mut back, bt, "disk2.vhdx", guids[2], None).unwrap();
    assert_persistent(&r, false);
    let action = u32::from_le_bytes(r.body()[4..8].try_into().unwrap());
    assert_eq!(action, 2, "created, as the first attempt did");
    let third = file_id(&r);
    let again = open_persistent(&mut back, bt, "disk2.vhdx", guids[2], None).unwrap();
    assert_eq!(file_id(&again), third, "one open, not two");
    back.replay = false;
    for (i, f) in made.iter().enumerate() {
        let r = reclaim(&mut back, bt, &format!("disk{i}.vhdx"), *f, guids[i], None);
        assert_eq!(r.status(), NtStatus::SUCCESS);
        back.close(bt, file_id(&r)).unwrap();
    }
    back.close(bt, third).unwrap();
    // Nothing left to wait for: a plain open shares nothing and gets in at once.
    let plain = create_body_with("disk2.vhdx", 0, RW, 0, 1, &[]);
    let r = back.request(Command::CREATE, bt, &plain).unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);
}
