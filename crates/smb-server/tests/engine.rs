//! The engine's behaviour, in memory (see `harness`): each test runs the real client
//! against a `Server` and its `Connection`s back to back, with no process, socket or
//! thread, in milliseconds.

mod harness;

use client::{access, create_options, FileId};
use harness::*;
use smb_server::backend::{CreateAction, OpenParams, Share, SharePath};
use smb_server::state::WaitClass;
use smb_wire::header::Command;
use smb_wire::NtStatus;
use std::sync::Arc;
use std::time::Instant;
use testkit::bodies::lock_body;

/// A CREATE body: `name`, the oplock level asked, access, share access and disposition,
/// with an optional durable-handle request (DHnQ).
fn create_body(name: &str, oplock: u8, acc: u32, share: u32, disp: u32, durable: bool) -> Vec<u8> {
    let dhnq: &[(&[u8], Vec<u8>)] = &[(
        smb_wire::msg::create_tag::DURABLE,
        smb_wire::msg::DURABLE_V1_REQUEST.to_vec(),
    )];
    testkit::bodies::create_body_with(
        name,
        oplock,
        acc,
        share,
        disp,
        if durable { dhnq } else { &[] },
    )
}

/// The oplock level and FileId of a CREATE response.
fn created(r: &client::Response) -> (u8, FileId) {
    let m = r.body();
    let le64 = |at: usize| u64::from_le_bytes(m[at..at + 8].try_into().unwrap());
    (
        m[2],
        FileId {
            persistent: le64(64),
            volatile: le64(72),
        },
    )
}

#[test]
fn sign_in_write_read_and_close_in_memory() {
    let t0 = Instant::now();
    let e = Engine::new();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let (f, _) = c
        .create(
            tree,
            "a.bin",
            access::FILE_READ_DATA | access::FILE_WRITE_DATA,
            2,
            0,
        )
        .unwrap();
    let data: Vec<u8> = (0..65536u32).map(|i| (i * 7) as u8).collect();
    assert_eq!(c.write(tree, f, 4096, &data).unwrap(), 65536);
    assert_eq!(c.read(tree, f, 4096, 65536).unwrap(), data);
    c.close(tree, f).unwrap();
    assert_eq!(
        std::fs::read(e.dir.path().join("a.bin")).unwrap()[4096..],
        data[..]
    );
    assert_eq!(e.server.budget.opens(), 0);
    eprintln!("in memory: {:?}", t0.elapsed());
}

#[test]
fn create_refuses_as_windows_does() {
    let e = Engine::new();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let rw = access::FILE_READ_DATA | access::FILE_WRITE_DATA;
    let (f, _) = c.create(tree, "file.txt", rw, 2, 0).unwrap();
    c.close(tree, f).unwrap();
    let status = |c: &mut client::Client, name: &str, disp: u32, opts: u32| match c
        .create(tree, name, rw, disp, opts)
    {
        Ok((f, _)) => {
            c.close(tree, f).unwrap();
            NtStatus::SUCCESS
        }
        Err(client::Error::Status(_, s)) => s,
        Err(e) => panic!("{name}: {e}"),
    };
    // FILE_CREATE of a name that exists.
    assert_eq!(
        status(&mut c, "file.txt", 2, 0),
        NtStatus::OBJECT_NAME_COLLISION
    );
    // A file used as a directory on the way.
    assert_eq!(
        status(&mut c, "file.txt\\x", 3, 0),
        NtStatus::OBJECT_PATH_NOT_FOUND
    );
    // A trailing backslash names a directory.
    assert_eq!(
        status(&mut c, "file.txt\\", 1, 0),
        NtStatus::OBJECT_NAME_INVALID
    );
    // Names Windows cannot reach are not created.
    for bad in ["CON", "nul.txt", "trailing.", "space "] {
        assert_eq!(
            status(&mut c, bad, 3, 0),
            NtStatus::OBJECT_NAME_INVALID,
            "{bad}"
        );
    }
    // A directory is not opened as a file, nor a file as a directory.
    let (d, _) = c
        .create(
            tree,
            "dir",
            access::FILE_READ_DATA,
            2,
            create_options::DIRECTORY_FILE,
        )
        .unwrap();
    c.close(tree, d).unwrap();
    assert_eq!(
        status(&mut c, "dir", 1, create_options::NON_DIRECTORY_FILE),
        NtStatus::FILE_IS_A_DIRECTORY
    );
    assert_eq!(
        status(&mut c, "file.txt", 1, create_options::DIRECTORY_FILE),
        NtStatus::NOT_A_DIRECTORY
    );
}

const RW: u32 = access::FILE_READ_DATA | access::FILE_WRITE_DATA;

/// A client signed in with the share connected.
struct Side {
    c: client::Client,
    w: Wire,
    tree: u32,
}

fn side(e: &Engine) -> Side {
    let (mut c, w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    Side { c, w, tree }
}

impl Side {
    /// Opens (or makes) `name` for reading and writing with a batch oplock, sharing
    /// `share`, durable when asked; asserts the batch oplock was granted.
    fn batch(&mut self, name: &str, share: u32, durable: bool) -> FileId {
        let body = create_body(name, 9, RW, share, 3, durable);
        let r = self.c.request(Command::CREATE, self.tree, &body).unwrap();
        assert_eq!(r.status(), NtStatus::SUCCESS);
        let (level, f) = created(&r);
        assert_eq!(level, 9);
        f
    }

    /// Sends a plain CREATE (open, read and write, sharing all) of `name` without
    /// waiting for its answer.
    fn open_later(&mut self, name: &str) -> u64 {
        let body = create_body(name, 0, RW, 7, 1, false);
        self.c
            .send_request(Command::CREATE, self.tree, &body)
            .unwrap()
    }
}

#[test]
fn a_conflicting_open_waits_for_the_batch_oplock_break() {
    let e = Engine::new();
    let (mut a, mut b) = (side(&e), side(&e));
    // A holds a batch oplock and shares nothing.
    let fa = a.batch("v.vhdx", 0, false);
    // B's open goes async: A is asked to break first.
    let id = b.open_later("v.vhdx");
    let brk = a.c.wait(u64::MAX).unwrap();
    assert_eq!(brk.hdr.command(), Command::OPLOCK_BREAK);
    assert_eq!(brk.body()[2], 1, "broken to Level II");
    // A acknowledges to Level II and closes; then B's open (which A's share mode would
    // refuse) succeeds.
    let mut ack = Vec::new();
    ack.extend_from_slice(&24u16.to_le_bytes());
    ack.push(1);
    ack.extend_from_slice(&[0; 5]);
    ack.extend_from_slice(&fa.persistent.to_le_bytes());
    ack.extend_from_slice(&fa.volatile.to_le_bytes());
    let r = a.c.request(Command::OPLOCK_BREAK, a.tree, &ack).unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);
    a.c.close(a.tree, fa).unwrap();
    assert_eq!(b.c.wait(id).unwrap().status(), NtStatus::SUCCESS);
}

#[test]
fn a_durable_open_outlives_its_connection_and_a_plain_one_does_not() {
    let e = Engine::new();
    let mut a = side(&e);
    a.batch("d.bin", 7, true);
    a.c.create(a.tree, "p.bin", RW, 3, 0).unwrap();
    assert_eq!(e.server.budget.opens(), 2);
    assert_eq!(e.server.budget.durable(), 1);
    a.w.drop_connection();
    // The plain open is gone with its connection; the durable one waits for its client.
    assert_eq!(e.server.budget.opens(), 1);
    assert_eq!(e.server.durable.len(), 1);
    // Another client's open would break the waiting open's batch oplock, which nobody
    // can acknowledge: the disconnected durable open is closed and the new one proceeds.
    let mut b = side(&e);
    let (f, _) =
        b.c.create(b.tree, "d.bin", access::FILE_READ_DATA, 1, 0)
            .unwrap();
    assert!(e.server.durable.is_empty());
    b.c.close(b.tree, f).unwrap();
    assert_eq!(e.server.budget.opens(), 0);
}

#[test]
fn an_unacknowledged_break_times_out_and_the_waiting_open_proceeds() {
    let e = Engine::new();
    let (mut a, mut b) = (side(&e), side(&e));
    a.batch("t.bin", 7, false);
    let id = b.open_later("t.bin");
    assert_eq!(
        a.c.wait(u64::MAX).unwrap().hdr.command(),
        Command::OPLOCK_BREAK
    );
    // A never answers. Before the break's 35 s are up, B still waits.
    e.advance(std::time::Duration::from_secs(30));
    assert!(b.c.wait(id).is_err(), "answered before the break timed out");
    e.advance(std::time::Duration::from_secs(6));
    assert_eq!(b.c.wait(id).unwrap().status(), NtStatus::SUCCESS);
}

#[test]
fn a_disconnected_durable_open_expires_after_its_timeout() {
    let e = Engine::new();
    let mut a = side(&e);
    a.batch("d.bin", 7, true);
    a.w.drop_connection();
    assert_eq!(e.server.durable.len(), 1);
    let mut b = side(&e);
    // A durable handle (v1) waits 16 minutes for its client; expiry is looked at when
    // another open is made (and by the worker's sweep: the simulation).
    let mut touch = || {
        let (f, _) = b.c.create(b.tree, "other.bin", RW, 3, 0).unwrap();
        b.c.close(b.tree, f).unwrap();
    };
    e.advance(std::time::Duration::from_secs(15 * 60));
    touch();
    assert_eq!(e.server.durable.len(), 1);
    assert_eq!(e.server.budget.opens(), 1);
    e.advance(std::time::Duration::from_secs(2 * 60));
    touch();
    assert!(e.server.durable.is_empty());
    assert_eq!(e.server.budget.opens(), 0);
    assert_eq!(e.server.budget.durable(), 0);
}

/// `body` (from [`create_body`]) with CreateOptions `opts`.
fn with_options(mut body: Vec<u8>, opts: u32) -> Vec<u8> {
    body[40..44].copy_from_slice(&opts.to_le_bytes());
    body
}

#[test]
fn a_departed_durable_delete_on_close_open_frees_the_name() {
    let e = Engine::new();
    let mut a = side(&e);
    let body = with_options(
        create_body("doc.bin", 9, RW | access::DELETE, 7, 3, true),
        create_options::DELETE_ON_CLOSE,
    );
    let r = a.c.request(Command::CREATE, a.tree, &body).unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);
    let (_, f) = created(&r);
    a.c.write(a.tree, f, 0, b"doomed").unwrap();
    a.w.drop_connection();
    // A new client's open breaks the batch oplock nobody can acknowledge: the departed
    // open closes, its delete-on-close removes the file, and the name is free (the new
    // open makes a file: FILE_CREATED, empty).
    let mut b = side(&e);
    let r =
        b.c.request(
            Command::CREATE,
            b.tree,
            &create_body("doc.bin", 0, RW, 7, 3, false),
        )
        .unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);
    let action = u32::from_le_bytes(r.body()[4..8].try_into().unwrap());
    assert_eq!(action, 2, "FILE_CREATED");
    let (_, g) = created(&r);
    assert!(b.c.read(b.tree, g, 0, 16).map_or(true, |d| d.is_empty()));
    b.c.close(b.tree, g).unwrap();
    assert_eq!(e.server.budget.opens(), 0);
    assert!(e.server.files.is_empty());
}

/// Seeded many-client run: random opens, writes, reads, closes and lost connections
/// against one engine, with the server's invariants checked after every step.
#[test]
fn many_clients_at_random_keep_the_servers_invariants() {
    let seed: u64 = std::env::var("ENGINE_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
        });
    eprintln!("seed {seed} (ENGINE_SEED={seed} repeats this run)");
    let mut rng = seed | 1;
    let mut next = move |n: u64| {
        // xorshift64*
        rng ^= rng >> 12;
        rng ^= rng << 25;
        rng ^= rng >> 27;
        (rng.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) % n
    };
    let e = Engine::new();
    struct Player {
        c: client::Client,
        w: Wire,
        tree: u32,
        open: Vec<FileId>,
    }
    let join = |e: &Engine| {
        let (mut c, w) = e.client();
        let tree = c.tree_connect(SHARE).unwrap();
        Player {
            c,
            w,
            tree,
            open: Vec::new(),
        }
    };
    let mut players: Vec<Player> = (0..4).map(|_| join(&e)).collect();
    let names = ["f0", "f1", "f2", "dir\\f3", "dir\\f4"];
    std::fs::create_dir(e.dir.path().join("dir")).unwrap();
    let rw = RW;
    // Opens, writes read back, closes and lost connections done.
    let mut done = [0u32; 4];
    for step in 0..400 {
        let p = next(players.len() as u64) as usize;
        let pl = &mut players[p];
        match next(10) {
            0..=2 if pl.open.len() < 8 => {
                let name = names[next(names.len() as u64) as usize];
                // Sharing everything: opens never wait on each other here.
                let (f, _) = pl.c.create(pl.tree, name, rw, 3, 0).unwrap();
                pl.open.push(f);
                done[0] += 1;
            }
            3..=4 if !pl.open.is_empty() => {
                let f = pl.open[next(pl.open.len() as u64) as usize];
                let off = next(1 << 16);
                let data = vec![step as u8; 1 + next(8192) as usize];
                assert_eq!(
                    pl.c.write(pl.tree, f, off, &data).unwrap() as usize,
                    data.len()
                );
                let back = pl.c.read(pl.tree, f, off, data.len() as u32).unwrap();
                // Another player may have written meanwhile only between our calls: none
                // did (one step at a time), so the bytes are ours.
                assert_eq!(back, data, "step {step}");
                done[1] += 1;
            }
            5..=6 if !pl.open.is_empty() => {
                let i = next(pl.open.len() as u64) as usize;
                let f = pl.open.swap_remove(i);
                pl.c.close(pl.tree, f).unwrap();
                done[2] += 1;
            }
            7 => {
                done[3] += 1;
                // The connection is lost; a new client takes the player's place.
                pl.w.drop_connection();
                players[p] = join(&e);
            }
            8 => e.advance(std::time::Duration::from_secs(1)),
            _ => {}
        }
        check_invariants(
            &e,
            &players.iter().map(|p| p.open.len()).sum::<usize>(),
            step,
        );
    }
    eprintln!("opens, writes, closes, lost connections: {done:?}");
    assert!(done.iter().all(|&n| n > 0), "{done:?}");
    for mut p in players {
        for f in p.open.drain(..) {
            p.c.close(p.tree, f).unwrap();
        }
    }
    assert_eq!(e.server.budget.opens(), 0);
    assert!(e.server.files.is_empty());
}

/// After each step: every open belongs to a live session and is listed in its file's
/// state; every file state has an open; the budget counts what the sessions hold; no
/// file exists outside the share.
fn check_invariants(e: &Engine, client_opens: &usize, step: usize) {
    let sessions: Vec<_> = e.server.sessions.values_cloned();
    let mut held = 0usize;
    for s in &sessions {
        for o in s.opens.lock().values() {
            held += 1;
            let fs = o.file.as_ref().expect("a file open");
            assert!(
                fs.inner.lock().opens.iter().any(|x| x.file_id == o.file_id),
                "step {step}: an open missing from its file's list"
            );
        }
    }
    assert_eq!(
        held, *client_opens,
        "step {step}: the server holds other opens than the clients"
    );
    assert_eq!(
        e.server.budget.opens() as usize,
        held,
        "step {step}: budget"
    );
    for fs in e.server.files.values_cloned() {
        assert!(
            !fs.inner.lock().opens.is_empty(),
            "step {step}: a file state with no open"
        );
    }
    let root = e.dir.path().canonicalize().unwrap();
    for entry in std::fs::read_dir(&root).unwrap() {
        let p = entry.unwrap().path().canonicalize().unwrap();
        assert!(p.starts_with(&root), "step {step}: {p:?} outside the share");
    }
}
/// A backend whose opens of one name wait until the test lets them go.
struct Latched {
    inner: Arc<dyn Share>,
    name: &'static str,
    /// (entered, released), under one lock.
    gate: Arc<(std::sync::Mutex<(bool, bool)>, std::sync::Condvar)>,
}

impl Share for Latched {
    fn open(
        &self,
        path: &SharePath,
        params: &OpenParams,
    ) -> Result<(Box<dyn smb_server::backend::FileObj>, CreateAction), NtStatus> {
        if path.as_str().ends_with(self.name) {
            let (m, cv) = &*self.gate;
            let mut g = m.lock().unwrap();
            g.0 = true;
            cv.notify_all();
            while !g.1 {
                g = cv.wait(g).unwrap();
            }
        }
        self.inner.open(path, params)
    }
    fn rename(&self, from: &SharePath, to: &SharePath, replace: bool) -> Result<(), NtStatus> {
        self.inner.rename(from, to, replace)
    }
    fn link(&self, from: &SharePath, to: &SharePath, replace: bool) -> Result<(), NtStatus> {
        self.inner.link(from, to, replace)
    }
    fn remove(&self, path: &SharePath, is_dir: bool) -> Result<(), NtStatus> {
        self.inner.remove(path, is_dir)
    }
    fn stat(&self, path: &SharePath) -> Result<smb_server::backend::FileInfo, NtStatus> {
        self.inner.stat(path)
    }
    fn fs_info(&self) -> Result<smb_server::backend::FsInfo, NtStatus> {
        self.inner.fs_info()
    }
    fn canonical(&self, path: &SharePath) -> SharePath {
        self.inner.canonical(path)
    }
    fn security(&self, path: &SharePath) -> Option<Vec<u8>> {
        self.inner.security(path)
    }
}

/// No lock is held across a file-system call: while one CREATE waits inside the backend,
/// a CREATE of another file and a READ on another connection complete.
#[test]
fn a_create_blocked_in_the_backend_blocks_nobody_else() {
    let gate = Arc::new((
        std::sync::Mutex::new((false, false)),
        std::sync::Condvar::new(),
    ));
    let g2 = gate.clone();
    let e = Engine::over(smb_server::ServerConfig::default(), move |inner| {
        Arc::new(Latched {
            inner,
            name: "slow.bin",
            gate: g2,
        })
    });
    std::fs::write(e.dir.path().join("data.bin"), vec![7u8; 8192]).unwrap();
    let mut b = side(&e);
    let (f, _) =
        b.c.create(b.tree, "data.bin", access::FILE_READ_DATA, 1, 0)
            .unwrap();
    let mut a = side(&e);
    let stuck = std::thread::spawn(move || {
        let r = a.c.create(a.tree, "slow.bin", RW, 3, 0);
        r.map(|_| ())
    });
    // Wait until A is inside the backend.
    {
        let (m, cv) = &*gate;
        let g = m.lock().unwrap();
        let (g, t) = cv
            .wait_timeout_while(g, std::time::Duration::from_secs(10), |g| !g.0)
            .unwrap();
        assert!(!t.timed_out(), "the slow CREATE never reached the backend");
        drop(g);
    }
    // B works meanwhile, from another thread so that a hang is seen as one.
    let (tx, rx) = std::sync::mpsc::channel();
    let other = std::thread::spawn(move || {
        let read = b.c.read(b.tree, f, 0, 8192).map(|d| d.len());
        let made = b.c.create(b.tree, "other.bin", RW, 3, 0).map(|_| ());
        let _ = tx.send((read.ok(), made.is_ok()));
    });
    let got = rx.recv_timeout(std::time::Duration::from_secs(10));
    // Let A go whatever happened, so that nothing is left hanging.
    {
        let (m, cv) = &*gate;
        m.lock().unwrap().1 = true;
        cv.notify_all();
    }
    let got = got.expect("a READ and a CREATE waited on a CREATE blocked in the backend");
    assert_eq!(got, (Some(8192), true));
    other.join().unwrap();
    stuck.join().unwrap().unwrap();
}

#[test]
fn waiting_requests_wake_on_events_and_deadlines_not_on_a_timer() {
    const EXCLUSIVE: u32 = 0x2;
    const UNLOCK: u32 = 0x4;
    let e = Engine::new();
    let (mut a, mut b) = (side(&e), side(&e));
    let (fa, _) = a.c.create(a.tree, "l.bin", RW, 3, 0).unwrap();
    let (fb, _) = b.c.create(b.tree, "l.bin", RW, 1, 0).unwrap();
    let r =
        a.c.request(Command::LOCK, a.tree, &lock_body(fa, 0, 10, EXCLUSIVE))
            .unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);
    // B's blocking lock waits: nothing but an event can end it, so the connection has
    // no deadline and, once it has looked, nothing to look at.
    let id =
        b.c.send_request(Command::LOCK, b.tree, &lock_body(fb, 5, 1, EXCLUSIVE))
            .unwrap();
    assert!(b.w.waiting() <= 1, "only the interim answer");
    assert_eq!(b.w.poll_timeout(), None);
    assert!(!b.w.wants_poll());
    assert_eq!(e.server.waiters.count(WaitClass::Locks), 1);
    // A's unlock wakes B at once, without any time passing.
    let r =
        a.c.request(Command::LOCK, a.tree, &lock_body(fa, 0, 10, UNLOCK))
            .unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);
    assert!(b.w.wants_poll());
    assert_eq!(b.c.wait(id).unwrap().status(), NtStatus::SUCCESS);

    // A CREATE behind a break ends by an acknowledgment or by the break's timeout: the
    // connection's deadline is that timeout, 35 s out.
    let fc = a.batch("c.bin", 7, false);
    let before = e.time().mono;
    let _open = b.open_later("c.bin");
    assert_eq!(
        a.c.wait(u64::MAX).unwrap().hdr.command(),
        Command::OPLOCK_BREAK
    );
    assert!(b.w.wants_poll(), "a new waiting request is looked at once");
    b.w.waiting();
    let due = b.w.poll_timeout().expect("a deadline");
    let wait = due - before;
    assert!(
        wait >= std::time::Duration::from_secs(34) && wait <= std::time::Duration::from_secs(36),
        "{wait:?}"
    );
    assert!(!b.w.wants_poll());
    a.c.close(a.tree, fc).unwrap();
    assert!(
        b.w.wants_poll(),
        "the holder's close wakes the waiting CREATE"
    );
}

/// SMB2_GLOBAL_CAP_DIRECTORY_LEASING goes only to a client whose NEGOTIATE asked for it
/// (MS-SMB2 3.3.5.4); a client that did not (impacket 0.13) is not told of it.
#[test]
fn directory_leasing_is_offered_only_to_clients_that_ask() {
    const DIRECTORY_LEASING: u32 = 0x20;
    let e = Engine::new();
    for (asked, want) in [(0x7F, true), (0x7F & !DIRECTORY_LEASING, false)] {
        let opts = client::Options {
            user: USER.into(),
            password: PASSWORD.into(),
            capabilities: asked,
            ..Default::default()
        };
        let mut c = client::Client::connect_with(Box::new(e.wire()), &opts).expect("sign in");
        assert_eq!(
            c.server_capabilities & DIRECTORY_LEASING != 0,
            want,
            "asked {asked:#x}: got {:#x}",
            c.server_capabilities
        );
        // The rest of the session is as before (signed, files open).
        let tree = c.tree_connect("\\\\mem\\data").unwrap();
        let (f, _) = c.create(tree, "x.txt", 0x0012_019f, 3, 0).unwrap();
        c.close(tree, f).unwrap();
    }
}
