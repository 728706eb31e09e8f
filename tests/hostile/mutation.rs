//! Signed requests after logon, each a well-formed request mutated, over TCP and over SMB
//! Direct; and every information class at every small output size. The server answers or
//! closes the connection, stays within bounded memory and keeps serving other clients.

use super::templates::{rdma_templates, request_templates};
use super::*;

/// The templates for part `k` of request `i`: on the victim's handles, or (`related`) on
/// the previous part's.
fn templates_for(v: &Victim, i: u32, related: bool) -> Vec<(Command, Vec<u8>)> {
    let (f, d) = match related {
        true => (client::FileId::RELATED, client::FileId::RELATED),
        false => (v.f, v.d),
    };
    let mut t = request_templates(f, d, i);
    // Reconnects of the open the last victim left behind (or, before there is one, of
    // this victim's file).
    let (id, name, key) = v.orphan.clone().unwrap_or((v.f, "fzqf0.bin".into(), 0));
    t.push((Command::CREATE, reconnect_body(&name, id, key, true)));
    t.push((Command::CREATE, reconnect_body(&name, id, key, false)));
    if let Some(r) = &v.region {
        t.extend(rdma_templates(f, r));
    }
    t
}

/// xorshift64: the mutations are reproducible from the seed printed on failure.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// One to four mutations: a random byte, a 16-, 32- or 64-bit field set to a boundary
/// value, a truncation, or bytes appended (now and then 70 KB of them).
fn mutate(b: &mut Vec<u8>, rng: &mut Rng) {
    const EDGES: [u64; 16] = [
        0,
        1,
        0x7F,
        0x80,
        0xFF,
        0x7FFF,
        0x8000,
        0xFFFF,
        0x7FFF_FFFF,
        0x8000_0000,
        0xFFFF_FFFF,
        0x7FFF_FFFF_FFFF_FFFF,
        u64::MAX,
        4096,
        65536,
        8 << 20,
    ];
    for _ in 0..1 + rng.below(4) {
        let len = b.len();
        match rng.below(7) {
            0 if len > 0 => {
                let i = rng.below(len);
                b[i] = rng.next() as u8;
            }
            k @ 1..=3 if len >= 8 => {
                let width = [2, 4, 8][k - 1];
                let at = rng.below(len - width + 1) & !(width - 1);
                let v = match rng.below(3) {
                    0 => EDGES[rng.below(EDGES.len())],
                    // An offset or length near the message's own size.
                    1 => (64 + len as u64)
                        .wrapping_add(rng.below(17) as u64)
                        .wrapping_sub(8),
                    _ => rng.next(),
                };
                b[at..at + width].copy_from_slice(&v.to_le_bytes()[..width]);
            }
            4 => b.truncate(rng.below(len + 1)),
            5 => {
                let n = if rng.below(20) == 0 {
                    70_000
                } else {
                    rng.below(64)
                };
                b.extend_from_slice(&random_bytes(n, rng.next()));
            }
            _ => {
                // Any byte set to a boundary value.
                if len > 0 {
                    let i = rng.below(len);
                    b[i] = [0, 0x7F, 0x80, 0xFF][rng.below(4)];
                }
            }
        }
    }
}

/// A logged-on client with a tree, a new 64 KiB file (its own: a mutated SET_INFO may
/// have left an earlier one with a DACL that refuses us) and the share's root open.
struct Victim {
    c: client::Client,
    tree: u32,
    f: client::FileId,
    d: client::FileId,
    /// Over SMB Direct: a registered MiB the RDMA channel templates name.
    region: Option<client::RdmaRegion>,
    /// Its durable open (id, name, lease key), and the one its predecessor left behind
    /// when its connection went (what the reconnect templates name).
    durable: Option<(client::FileId, String, u32)>,
    orphan: Option<(client::FileId, String, u32)>,
}

/// Where victims connect: the TCP port, and the SMB Direct port if they go that way.
#[derive(Clone, Copy)]
struct Target {
    port: u16,
    rdma: Option<u16>,
}

fn victim(to: Target, n: u32, orphan: Option<(client::FileId, String, u32)>) -> Victim {
    let opts = client::Options {
        user: USER.into(),
        password: PASSWORD.into(),
        // One client machine throughout: its durable opens are its own to reconnect.
        client_guid: Some([0xC1; 16]),
        ..Default::default()
    };
    let mut c = match to.rdma {
        Some(r) => client::Client::connect_rdma(&format!("127.0.0.1:{r}"), &opts).unwrap(),
        None => client::Client::connect(&format!("127.0.0.1:{}", to.port), &opts).unwrap(),
    };
    // Long enough for an fsync on a busy machine; only a rightly waiting request (none in
    // most runs) or a hang runs it out.
    c.set_timeout(Some(Duration::from_secs(10))).unwrap();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let name = format!("fzqf{n}.bin");
    let (f, _) = c.create(tree, &name, 0x0017_019F, 3, 0).unwrap();
    c.write(tree, f, 0, &[0x11; 65536]).unwrap();
    let (d, _) = c.create(tree, "", 0x0012_0089, 1, 1).unwrap();
    let region = to.rdma.map(|_| c.register_rdma(1 << 20).unwrap());
    // A durable open (a handle lease with DH2Q), left for the next victim to reconnect.
    let (name, key) = (format!("fzqdur{n}.bin"), 0x8000_0000 | n);
    let r = c
        .request(Command::CREATE, tree, &create_body(&name, 0xFF, key, 7))
        .unwrap();
    let durable = (!r.status().is_error()).then(|| client::FileId {
        persistent: u64::from_le_bytes(r.body()[64..72].try_into().unwrap()),
        volatile: u64::from_le_bytes(r.body()[72..80].try_into().unwrap()),
    });
    Victim {
        c,
        tree,
        f,
        d,
        region,
        durable: durable.map(|id| (id, name, key)),
        orphan,
    }
}

/// The peak of a process's address space, in KiB (allocations count whether or not
/// they were touched).
fn peak_vm_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmPeak:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn entries(dir: &std::path::Path) -> std::collections::BTreeSet<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect()
}

/// Signed requests of every command after logon, each a well-formed request mutated
/// (boundary values in its fields, offsets and lengths near its size, truncation, excess
/// data): every one gets an answer or a closed connection; the server never hits an
/// internal error, stays within bounded memory, never creates anything outside its share,
/// and keeps serving other clients the right bytes.
#[test]
fn mutated_requests_after_logon_get_answers_or_disconnects() {
    mutated_requests(false);
}

/// The same over SMB Direct (software iWARP), with READs and WRITEs whose data moves by
/// RDMA through buffer descriptors the mutations bend: a descriptor naming memory the
/// client never registered costs the connection, never the server.
#[test]
fn mutated_requests_over_smb_direct_get_answers_or_disconnects() {
    mutated_requests(true);
}

fn mutated_requests(rdma: bool) {
    let rport = free_port();
    let mut srv = TestServer::start_with(Opts {
        extra_config: match rdma {
            true => format!("smbdirect = [\"iwarp=127.0.0.1:{rport}\"]\n"),
            false => String::new(),
        },
        ..Default::default()
    });
    let to = Target {
        port: srv.port,
        rdma: rdma.then_some(rport),
    };
    let pid = srv.pid().unwrap();
    let canary = random_bytes(1 << 16, 4242);
    std::fs::write(srv.share.join("canary.bin"), &canary).unwrap();
    let outside = entries(srv.dir.path());
    let seed = std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5EED_F00D_u64);
    let mut rng = Rng(seed);
    let mut v = victim(to, 0, None);
    // Each template, unmutated, is a request the server takes (so mutations start deep).
    let mut refused = Vec::new();
    v.c.create(v.tree, "fzqdir", 0x0012_019F, 3, 1).unwrap();
    for (cmd, body) in templates_for(&v, 0, false) {
        if cmd == Command::CLOSE {
            continue;
        }
        let tree = if cmd == Command::TREE_CONNECT {
            0
        } else {
            v.tree
        };
        match v.c.request(cmd, tree, &body) {
            Ok(r) if !r.status().is_error() => {}
            Ok(r) => refused.push(format!("{} {:x?}: {}", cmd.name(), &body[..8], r.status())),
            Err(e) => panic!("{}: {e}: {:02x?}", cmd.name(), &body[..body.len().min(80)]),
        }
    }
    // (Those with no support here, or that need state the template lacks, are errors:
    // the durable reconnects of an open that is neither durable nor disconnected, a copy
    // with a made-up resume key, break acks with no break, and so on.)
    eprintln!("templates refused: {refused:?}");
    assert!(refused.len() <= 14, "templates refused: {refused:?}");
    // The durable open of a lost connection takes a reconnect (once the server has seen
    // the connection go): the reconnect templates reach the real thing. (Over SMB Direct
    // this also replaces the region the channel 2 READ retired.)
    let orphan = v.durable.take().expect("a durable open granted");
    drop(v);
    // (Names of its own: a new open of the orphan's name would close it.)
    v = victim(to, 1 << 20, Some(orphan.clone()));
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    loop {
        let (id, name, key) = &orphan;
        let body = reconnect_body(name, *id, *key, true);
        let r = v.c.request(Command::CREATE, v.tree, &body).unwrap();
        if !r.status().is_error() {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "durable reconnect: {}",
            r.status()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // A 128 KiB READ charged one credit fails, and the connection carries on
    // (MS-SMB2 3.3.5.2.5).
    let mut read = request_templates(v.f, v.d, 0)
        .into_iter()
        .find(|(c, _)| *c == Command::READ)
        .unwrap()
        .1;
    read[4..8].copy_from_slice(&(128u32 << 10).to_le_bytes());
    let r = v.c.request(Command::READ, v.tree, &read).unwrap();
    assert_eq!(r.status(), smb_wire::status::NtStatus::INVALID_PARAMETER);
    let r = v.c.request(Command::ECHO, v.tree, &[4, 0, 0, 0]).unwrap();
    assert!(!r.status().is_error());
    let vm_before = peak_vm_kib(pid);
    let started = std::time::Instant::now();
    let (mut sent, mut answered, mut errors, mut lost, mut timeouts) =
        (0u32, 0u32, 0u32, 0u32, 0u32);
    let templates_len = templates_for(&v, 0, false).len();
    let count: u32 = std::env::var("FUZZ_COUNT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_000);
    for i in 1..count {
        if started.elapsed() > Duration::from_secs(60) {
            break;
        }
        if i % 200 == 199 {
            // Fresh handles now and then: a mutated CLOSE or rename may have taken them.
            v = victim(to, i, v.durable.take());
        }
        // Every fourth: a compound of two or three, later parts often related to the
        // one before (their FileIds then name "the previous part's file").
        let n = if i % 4 == 0 { 2 + rng.below(2) } else { 1 };
        let mut parts: Vec<(Command, u32, bool, Vec<u8>)> = Vec::with_capacity(n);
        for k in 0..n {
            let related = k > 0 && rng.below(3) != 0;
            let mut t = templates_for(&v, i * 4 + k as u32, related);
            let (cmd, mut body) = t.swap_remove(rng.below(templates_len));
            mutate(&mut body, &mut rng);
            let tree = if cmd == Command::TREE_CONNECT {
                0
            } else {
                v.tree
            };
            parts.push((cmd, tree, related, body));
        }
        sent += n as u32;
        let refs: Vec<(Command, u32, bool, &[u8])> = parts
            .iter()
            .map(|(c, t, r, b)| (*c, *t, *r, b.as_slice()))
            .collect();
        // Every eighth: one part's header odd too (its signature still good).
        let odd = (i % 8 == 1).then(|| (rng.below(n), rng.below(8), rng.next()));
        let mut tweak = |k: usize, h: &mut smb_wire::header::Header| match odd {
            Some((at, field, x)) if at == k => match field {
                0 => h.credit_charge = [0, 2, 255, 0xFFFF][x as usize % 4],
                1 => h.status = x as u32,
                2 => h.flags ^= [0x2, 0x4, 0x70, 0x1000_0000, 0x2000_0000][x as usize % 5],
                3 => h.tree_id = x as u32,
                4 => h.session_id = x,
                5 => h.next_command = x as u32 % 512,
                6 => h.message_id = h.message_id.wrapping_add(x % 64),
                _ => h.async_id = x,
            },
            _ => {}
        };
        let outcome =
            v.c.send_compound(&refs, &mut tweak)
                .and_then(|ids| match odd {
                    None => ids
                        .into_iter()
                        .map(|id| v.c.wait(id))
                        .collect::<Result<Vec<_>, _>>(),
                    // An odd header may name another message id, split the compound elsewhere or
                    // charge more credits than were granted: not every part gets an answer this
                    // client can match. An ECHO after it must be answered (or the connection
                    // closed).
                    Some(_) => {
                        v.c.request(Command::ECHO, v.tree, &[4, 0, 0, 0])
                            .map(|r| vec![r])
                    }
                });
        match outcome {
            Ok(rs) => {
                answered += rs.len() as u32;
                errors += rs.iter().filter(|r| r.status().is_error()).count() as u32;
            }
            Err(client::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                // Only a request that may rightly wait (a blocking lock, an open that
                // waits on a break) goes unanswered.
                let (cmd, _, _, body) = parts.last().expect("one at least");
                assert!(
                    odd.is_none() && matches!(*cmd, Command::LOCK | Command::CREATE),
                    "{:?} (seed {seed}, request {i}, odd header {odd:?}) never answered: \
                     {:02x?}",
                    parts.iter().map(|p| p.0.name()).collect::<Vec<_>>(),
                    &body[..body.len().min(96)]
                );
                timeouts += 1;
                v = victim(to, i, v.durable.take());
            }
            Err(_) => {
                lost += 1;
                assert!(srv.alive(), "server died (seed {seed}, request {i})");
                v = victim(to, i, v.durable.take());
            }
        }
    }
    eprintln!(
        "{sent} mutated requests in {:?}: {answered} answered ({errors} with an error \
         status), {lost} connections closed, {timeouts} waits",
        started.elapsed()
    );
    assert!(sent >= 1000, "only {sent} requests in the time allowed");
    assert!(srv.alive());
    // Another client still reads the right bytes.
    let mut c = srv.tcp_client();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let (f, _) = c.create(tree, "canary.bin", 0x0012_0089, 1, 0).unwrap();
    assert!(c.read(tree, f, 0, 1 << 16).unwrap() == canary);
    let log = srv.log();
    if std::env::var_os("FUZZ_LOG").is_some() {
        for l in log.lines().filter(|l| l.contains("closing")) {
            eprintln!("{l}");
        }
    }
    assert!(
        !log.contains("internal error") && !log.contains("panicked"),
        "seed {seed}:\n{log}"
    );
    let vm = peak_vm_kib(pid);
    assert!(
        vm < vm_before + 1024 * 1024,
        "address space peaked at {vm} KiB ({vm_before} KiB before)"
    );
    assert_eq!(entries(srv.dir.path()), outside, "entries beside the share");
    let tmp_hits: Vec<String> = entries(std::path::Path::new("/tmp"))
        .into_iter()
        .filter(|n| n.starts_with("fzq"))
        .collect();
    assert!(tmp_hits.is_empty(), "{tmp_hits:?}");
    srv.stop();
}

/// Every information class of every QUERY_INFO type, on a file and on a directory, at
/// output sizes from none to ample: each gets an answer (the connection stays), and no
/// answer carries more than the client asked for (a short buffer gets
/// INFO_LENGTH_MISMATCH, or BUFFER_OVERFLOW with exactly what fits). Then every
/// SET_INFO class with small buffers of zeros, ones and 0x7F bytes.
#[test]
fn every_info_class_at_every_small_size() {
    let mut srv = TestServer::start();
    let to = Target {
        port: srv.port,
        rdma: None,
    };
    let mut v = victim(to, 0, None);
    let (mut answered, mut ok, mut overflow) = (0u32, 0u32, 0u32);
    let sizes = [0u32, 1, 7, 8, 24, 64, 100, 4096];
    let kinds: [(u8, std::ops::RangeInclusive<u8>, u32); 4] = [
        (1, 0..=90, 0),
        (2, 0..=16, 0),
        (3, 0..=0, 0x7F),
        (4, 0..=40, 0),
    ];
    for handle in [v.f, v.d] {
        for (kind, classes, extra) in kinds.clone() {
            for class in classes {
                for &size in &sizes {
                    let mut body = query_info_body(kind, class, extra, handle, &[]);
                    body[4..8].copy_from_slice(&size.to_le_bytes());
                    let r = v
                        .c
                        .request(Command::QUERY_INFO, v.tree, &body)
                        .unwrap_or_else(|e| panic!("type {kind} class {class} size {size}: {e}"));
                    answered += 1;
                    let st = r.status();
                    if st.is_error() {
                        continue;
                    }
                    let b = r.body();
                    let len = u32::from_le_bytes(b[4..8].try_into().unwrap());
                    assert!(
                        len <= size,
                        "type {kind} class {class}: {len} bytes for a {size}-byte buffer"
                    );
                    if st == smb_wire::status::NtStatus::BUFFER_OVERFLOW {
                        assert_eq!(len, size, "type {kind} class {class}: overflow short");
                        overflow += 1;
                    } else {
                        ok += 1;
                    }
                }
            }
        }
    }
    eprintln!("{answered} QUERY_INFO answered: {ok} whole, {overflow} cut short");
    assert!(ok > 100, "too few classes answered: {ok}");
    // QUERY_DIRECTORY: every class, restarted each time, at the same sizes.
    let mut listed = std::collections::BTreeSet::new();
    for class in 0..=70u8 {
        for &size in &sizes {
            let body = dirq_body(class, v.d, "*", size);
            let r =
                v.c.request(Command::QUERY_DIRECTORY, v.tree, &body)
                    .unwrap_or_else(|e| panic!("directory class {class} size {size}: {e}"));
            if !r.status().is_error() {
                let len = u32::from_le_bytes(r.body()[4..8].try_into().unwrap());
                assert!(len <= size, "directory class {class}: {len} > {size}");
                listed.insert(class);
            }
        }
    }
    // (Directory, FullDirectory, BothDirectory, Names, IdBothDirectory, IdFullDirectory.)
    for class in [1, 2, 3, 12, 37, 38] {
        assert!(
            listed.contains(&class),
            "class {class} never listed: {listed:?}"
        );
    }
    // FSCTLs that return data: never more than MaxOutputResponse.
    let none = client::FileId::RELATED;
    let (range, referral, offload) = (first_mib(), referral_input(), offload_read_input());
    let fsctls: [(u32, client::FileId, &[u8]); 9] = [
        (fsctl::QUERY_NETWORK_INTERFACE_INFO, none, &[]),
        (fsctl::QUERY_ALLOCATED_RANGES, v.f, &range),
        (fsctl::SRV_REQUEST_RESUME_KEY, v.f, &[]),
        (fsctl::SRV_ENUMERATE_SNAPSHOTS, v.f, &[]),
        (fsctl::DFS_GET_REFERRALS, none, &referral),
        (fsctl::GET_INTEGRITY_INFORMATION, v.f, &[]),
        (fsctl::QUERY_FILE_REGIONS, v.f, &[]),
        (fsctl::OFFLOAD_READ, v.f, &offload),
        (fsctl::CREATE_OR_GET_OBJECT_ID, v.f, &[]),
    ];
    let mut returned = std::collections::BTreeSet::new();
    for (code, handle, input) in fsctls {
        for &size in &sizes {
            let body = ioctl_body(code, handle, input, size);
            let r =
                v.c.request(Command::IOCTL, v.tree, &body)
                    .unwrap_or_else(|e| panic!("fsctl {code:#x} size {size}: {e}"));
            let st = r.status();
            if !st.is_error() || st == smb_wire::status::NtStatus::BUFFER_OVERFLOW {
                let len = u32::from_le_bytes(r.body()[36..40].try_into().unwrap());
                assert!(len <= size, "fsctl {code:#x}: {len} bytes for {size}");
                if len > 0 {
                    returned.insert(code);
                }
            }
        }
    }
    assert!(
        returned.len() >= 3,
        "too few FSCTLs returned data: {returned:x?}"
    );
    // SET_INFO: each class with small buffers of a few patterns, on a file of its own.
    let (f, _) = v.c.create(v.tree, "fzqset.bin", 0x0017_019F, 3, 0).unwrap();
    for class in 0..=90u8 {
        for len in [0usize, 1, 4, 8, 16, 40, 72, 300] {
            for fill in [0u8, 0xFF, 0x7F] {
                let body = set_info_body(1, class, 0, f, &vec![fill; len]);
                v.c.request(Command::SET_INFO, v.tree, &body)
                    .unwrap_or_else(|e| panic!("set class {class} len {len}: {e}"));
            }
        }
    }
    assert!(srv.alive());
    let log = srv.log();
    assert!(
        !log.contains("internal error") && !log.contains("panicked"),
        "{log}"
    );
    srv.stop();
}
