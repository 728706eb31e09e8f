//! The engine in memory: a [`smb_server::Server`] over a share in a temporary directory,
//! and clients wired to its connections back to back over byte buffers. No sockets, no
//! threads, no daemon: a request is handled the moment the client sends it, and the
//! engine's time is a clock the test moves: every event (a request, a poll, a lost
//! connection) goes in with the harness's time, which stands still until moved.

#![allow(dead_code)]

use smb_server::backend::Share;
use smb_server::clock::Now;
use smb_server::{Connection, Server, ServerConfig, ShareConfig, Transport};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub const USER: &str = "alice";
pub const PASSWORD: &str = "Secret-Pass1";
/// A second user of the node (another host's account, say).
pub const USER2: &str = "bob";
pub const PASSWORD2: &str = "Other-Pass2";
pub const SHARE: &str = "\\\\mem\\data";

/// One engine, its share and its clock.
pub struct Engine {
    pub server: Arc<Server>,
    pub dir: tempfile::TempDir,
    /// The engine's time; moved by [`Engine::advance`].
    clock: Clock,
    seed: AtomicU64,
}

impl Engine {
    pub fn new() -> Engine {
        Self::with(ServerConfig::default())
    }

    /// An engine with `cfg` (its shares and users are the harness's).
    pub fn with(cfg: ServerConfig) -> Engine {
        Self::over(cfg, |b| b)
    }

    /// An engine whose share's backend is `wrap` applied to the harness's directory
    /// backend (a test backend that delays or fails some calls).
    pub fn over(cfg: ServerConfig, wrap: impl FnOnce(Arc<dyn Share>) -> Arc<dyn Share>) -> Engine {
        Self::build(cfg, wrap, |_| {})
    }

    /// An engine whose share `edit` configures (permissions, options).
    pub fn with_share(cfg: ServerConfig, edit: impl FnOnce(&mut ShareConfig)) -> Engine {
        Self::build(cfg, |b| b, edit)
    }

    /// An engine whose share's backend is `wrap` applied to the harness's directory
    /// backend, and whose share `edit` configures.
    pub fn custom(
        cfg: ServerConfig,
        wrap: impl FnOnce(Arc<dyn Share>) -> Arc<dyn Share>,
        edit: impl FnOnce(&mut ShareConfig),
    ) -> Engine {
        Self::build(cfg, wrap, edit)
    }

    /// The node started again over the same share directory: a new server with no
    /// state, its share's backend `wrap` applied to a new directory backend and its
    /// share configured by `edit`. Its time goes on from the old one's.
    pub fn restart(
        self,
        cfg: ServerConfig,
        wrap: impl FnOnce(Arc<dyn Share>) -> Arc<dyn Share>,
        edit: impl FnOnce(&mut ShareConfig),
    ) -> Engine {
        let now = self.time();
        let mut e = Self::build_in(self.dir, cfg, wrap, edit, now);
        e.seed = self.seed;
        e
    }

    fn build(
        cfg: ServerConfig,
        wrap: impl FnOnce(Arc<dyn Share>) -> Arc<dyn Share>,
        edit: impl FnOnce(&mut ShareConfig),
    ) -> Engine {
        // Beside the build (a file system with user xattrs), not in a tmpfs /tmp.
        let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
        // Starts at the real time (the file system stamps files with it), then stands
        // still until the test moves it.
        let start = Now {
            mono: std::time::Instant::now(),
            filetime: smb_wire::filetime::of(std::time::SystemTime::now()),
        };
        Self::build_in(dir, cfg, wrap, edit, start)
    }

    fn build_in(
        dir: tempfile::TempDir,
        cfg: ServerConfig,
        wrap: impl FnOnce(Arc<dyn Share>) -> Arc<dyn Share>,
        edit: impl FnOnce(&mut ShareConfig),
        start: Now,
    ) -> Engine {
        let backend =
            storage::DirShare::open(dir.path(), storage::DirShareOptions::default()).unwrap();
        let mut share = ShareConfig::plain("data", wrap(Arc::new(backend)));
        edit(&mut share);
        let mut users = smb_auth::users::UserDb::new();
        users.add(USER, PASSWORD).unwrap();
        users.add(USER2, PASSWORD2).unwrap();
        let server = Arc::new(Server::new(cfg, vec![share], users, start));
        Engine {
            server,
            dir,
            clock: Clock(Arc::new(Mutex::new(start))),
            seed: AtomicU64::new(1),
        }
    }

    /// The engine's time now (FILETIME).
    pub fn now(&self) -> u64 {
        self.clock.get().filetime
    }

    /// The engine's time now, both clocks.
    pub fn time(&self) -> Now {
        self.clock.get()
    }

    /// Moves the engine's time on: the time the next events carry (requests' times,
    /// break and durable deadlines, delayed write times).
    pub fn advance(&self, d: Duration) {
        self.clock.advance(d);
    }

    /// What the worker's one-second sweep does for the engine: disconnected durable
    /// handles whose time is up are closed.
    pub fn sweep(&self) {
        smb_server::ops::expire_durable(&self.server, self.clock.get());
    }

    /// A new connection to the engine, not yet negotiated.
    pub fn wire(&self) -> Wire {
        let seed = self.seed.fetch_add(1, Ordering::AcqRel);
        let mut conn = Connection::new(self.server.clone(), Transport::Tcp, seed);
        conn.peer = format!("mem:{seed}");
        Wire {
            inner: Arc::new(Mutex::new(WireInner {
                conn,
                out: VecDeque::new(),
                closed: false,
            })),
            clock: self.clock.clone(),
        }
    }

    /// A client signed in as the test user, over a new connection.
    pub fn client(&self) -> (client::Client, Wire) {
        self.client_as(USER, PASSWORD)
    }

    pub fn client_as(&self, user: &str, password: &str) -> (client::Client, Wire) {
        let w = self.wire();
        let opts = client::Options {
            user: user.into(),
            password: password.into(),
            ..Default::default()
        };
        let c = client::Client::connect_with(Box::new(w.clone()), &opts).expect("sign in");
        (c, w)
    }
}

/// The harness's time, shared by an engine and its wires.
#[derive(Clone)]
struct Clock(Arc<Mutex<Now>>);

impl Clock {
    fn get(&self) -> Now {
        *self.0.lock().unwrap()
    }

    fn advance(&self, d: Duration) {
        let mut t = self.0.lock().unwrap();
        *t = t.after(d);
    }
}

/// One connection of the engine, seen from the client's side: what the client sends is
/// handled at once; what the engine answers (and breaks it posts) waits in `out`.
#[derive(Clone)]
pub struct Wire {
    inner: Arc<Mutex<WireInner>>,
    clock: Clock,
}

struct WireInner {
    conn: Connection,
    out: VecDeque<Vec<u8>>,
    closed: bool,
}

impl Wire {
    /// Drops the connection as a lost TCP connection would.
    pub fn drop_connection(&self) {
        let mut g = self.inner.lock().unwrap();
        if !g.closed {
            g.closed = true;
            g.conn.close(self.clock.get());
        }
    }

    /// Whether the connection has anything to look at now (as its worker would ask).
    pub fn wants_poll(&self) -> bool {
        let g = self.inner.lock().unwrap();
        g.conn.wants_poll(self.clock.get().mono)
    }

    /// When time alone next completes something on the connection.
    pub fn poll_timeout(&self) -> Option<std::time::Instant> {
        self.inner.lock().unwrap().conn.poll_timeout()
    }

    /// PDUs waiting for the client (answers and notifications).
    pub fn waiting(&self) -> usize {
        let mut g = self.inner.lock().unwrap();
        g.collect(self.clock.get());
        g.out.len()
    }
}

impl WireInner {
    /// Takes what the engine has for this connection besides direct answers: completed
    /// async requests, breaks posted to its outbox. Like the worker, it looks only when
    /// an event woke the connection or a deadline passed.
    fn collect(&mut self, now: Now) {
        if !self.closed && self.conn.wants_poll(now.mono) {
            let more = self.conn.poll_async(now);
            self.out.extend(more);
        }
    }
}

fn gone() -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::ConnectionReset, "connection closed")
}

impl client::PduTransport for Wire {
    fn send(&mut self, pdu: &[u8]) -> std::io::Result<()> {
        let now = self.clock.get();
        let mut g = self.inner.lock().unwrap();
        if g.closed {
            return Err(gone());
        }
        match g.conn.handle_pdu(pdu, now) {
            Ok(r) => {
                g.out.extend(r);
                Ok(())
            }
            Err(d) => {
                g.closed = true;
                g.conn.close(now);
                Err(std::io::Error::new(
                    std::io::ErrorKind::ConnectionAborted,
                    format!("server disconnected: {}", d.0),
                ))
            }
        }
    }

    fn recv(&mut self, buf: &mut Vec<u8>) -> std::io::Result<()> {
        let mut g = self.inner.lock().unwrap();
        // Work done off the worker (an offload copy on its copier thread) is looked at
        // every millisecond, as a worker would: wait for it (bounded), the harness's
        // time moving on by what was waited.
        let give_up = std::time::Instant::now() + Duration::from_secs(60);
        let nap = Duration::from_micros(500);
        loop {
            while g.out.is_empty() && !g.closed && g.conn.wants_poll(self.clock.get().mono) {
                g.collect(self.clock.get());
            }
            let now = self.clock.get().mono;
            let soon = g
                .conn
                .poll_timeout()
                .is_some_and(|t| t <= now + Duration::from_millis(2));
            if !g.out.is_empty() || g.closed || !soon || std::time::Instant::now() > give_up {
                break;
            }
            drop(g);
            std::thread::sleep(nap);
            self.clock.advance(nap);
            g = self.inner.lock().unwrap();
        }
        match g.out.pop_front() {
            Some(m) => {
                *buf = m;
                Ok(())
            }
            None if g.closed => Err(gone()),
            // Nothing will come: the engine answers every request as it is sent.
            None => Err(std::io::Error::new(
                std::io::ErrorKind::WouldBlock,
                "no answer waiting",
            )),
        }
    }
}
