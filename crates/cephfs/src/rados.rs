//! RADOS objects through librados (`librados.so.2`, Ceph 16.2), loaded at run time as
//! libcephfs is: what a scale-out node keeps beside the file system (its membership
//! lease, its persistent-handle journal) and the fencing of a node that lost its lease.
//!
//! Calls block on the network until the cluster answers or the handle's operation
//! timeouts (`rados_osd_op_timeout`, `rados_mon_op_timeout`) pass: callers keep them off
//! a worker's loop. Errors are the library's negative errno, as [`Errno`].

use crate::{check, cstr, Errno, Options, Result};
use std::ffi::{c_char, c_int, c_void};
use std::sync::{Arc, OnceLock};

type Rt = *mut c_void;
type Io = *mut c_void;

#[allow(clippy::type_complexity)]
struct Lib {
    _lib: libloading::Library,
    create2: unsafe extern "C" fn(*mut Rt, *const c_char, *const c_char, u64) -> c_int,
    conf_read_file: unsafe extern "C" fn(Rt, *const c_char) -> c_int,
    conf_set: unsafe extern "C" fn(Rt, *const c_char, *const c_char) -> c_int,
    connect: unsafe extern "C" fn(Rt) -> c_int,
    shutdown: unsafe extern "C" fn(Rt),
    getaddrs: unsafe extern "C" fn(Rt, *mut *mut c_char) -> c_int,
    blocklist_add: unsafe extern "C" fn(Rt, *mut c_char, u32) -> c_int,
    ioctx_create: unsafe extern "C" fn(Rt, *const c_char, *mut Io) -> c_int,
    ioctx_destroy: unsafe extern "C" fn(Io),
    stat: unsafe extern "C" fn(Io, *const c_char, *mut u64, *mut libc::time_t) -> c_int,
    read: unsafe extern "C" fn(Io, *const c_char, *mut c_char, usize, u64) -> c_int,
    write_full: unsafe extern "C" fn(Io, *const c_char, *const c_char, usize) -> c_int,
    append: unsafe extern "C" fn(Io, *const c_char, *const c_char, usize) -> c_int,
    remove: unsafe extern "C" fn(Io, *const c_char) -> c_int,
    lock_exclusive: unsafe extern "C" fn(
        Io,
        *const c_char,
        *const c_char,
        *const c_char,
        *const c_char,
        *mut libc::timeval,
        u8,
    ) -> c_int,
    unlock: unsafe extern "C" fn(Io, *const c_char, *const c_char, *const c_char) -> c_int,
    list_lockers: unsafe extern "C" fn(
        Io,
        *const c_char,
        *const c_char,
        *mut c_int,
        *mut c_char,
        *mut usize,
        *mut c_char,
        *mut usize,
        *mut c_char,
        *mut usize,
        *mut c_char,
        *mut usize,
    ) -> isize,
    break_lock: unsafe extern "C" fn(
        Io,
        *const c_char,
        *const c_char,
        *const c_char,
        *const c_char,
    ) -> c_int,
    aio_create_completion2: unsafe extern "C" fn(*mut c_void, *mut c_void, *mut Comp) -> c_int,
    aio_read: unsafe extern "C" fn(Io, *const c_char, Comp, *mut c_char, usize, u64) -> c_int,
    aio_wait_for_complete: unsafe extern "C" fn(Comp) -> c_int,
    aio_get_return_value: unsafe extern "C" fn(Comp) -> c_int,
    aio_get_version: unsafe extern "C" fn(Comp) -> u64,
    aio_release: unsafe extern "C" fn(Comp),
    create_write_op: unsafe extern "C" fn() -> Wop,
    release_write_op: unsafe extern "C" fn(Wop),
    write_op_assert_version: unsafe extern "C" fn(Wop, u64),
    write_op_create: unsafe extern "C" fn(Wop, c_int, *const c_char),
    write_op_write_full: unsafe extern "C" fn(Wop, *const c_char, usize),
    write_op_remove: unsafe extern "C" fn(Wop),
    write_op_operate:
        unsafe extern "C" fn(Wop, Io, *const c_char, *mut libc::time_t, c_int) -> c_int,
    watch2: unsafe extern "C" fn(Io, *const c_char, *mut u64, WatchCb, ErrCb, *mut c_void) -> c_int,
    watch_check: unsafe extern "C" fn(Io, u64) -> c_int,
    unwatch2: unsafe extern "C" fn(Io, u64) -> c_int,
    watch_flush: unsafe extern "C" fn(Rt) -> c_int,
    notify2: unsafe extern "C" fn(
        Io,
        *const c_char,
        *const c_char,
        c_int,
        u64,
        *mut *mut c_char,
        *mut usize,
    ) -> c_int,
    notify_ack: unsafe extern "C" fn(Io, *const c_char, u64, u64, *const c_char, c_int) -> c_int,
    buffer_free: unsafe extern "C" fn(*mut c_char),
}

type WatchCb = unsafe extern "C" fn(*mut c_void, u64, u64, u64, *mut c_void, usize);
type ErrCb = unsafe extern "C" fn(*mut c_void, u64, c_int);

type Comp = *mut c_void;
type Wop = *mut c_void;

fn lib_path() -> String {
    std::env::var("SMBDIRECTD_RADOS_LIB").unwrap_or_else(|_| "librados.so.2".into())
}

fn load() -> std::result::Result<Lib, String> {
    // SAFETY: loading librados runs its initialisers, which only set up its own state.
    let lib = unsafe { libloading::Library::new(lib_path()) }
        .map_err(|e| format!("librados ({}): {e}", lib_path()))?;
    macro_rules! sym {
        ($name:literal) => {
            // SAFETY: the symbol is librados' own, with the signature of its 16.2 header
            // (the field's type).
            *unsafe { lib.get(concat!($name, "\0").as_bytes()) }.map_err(|e| {
                format!("librados has no {}: {e} (Ceph 16.2 or later needed)", $name)
            })?
        };
    }
    Ok(Lib {
        create2: sym!("rados_create2"),
        conf_read_file: sym!("rados_conf_read_file"),
        conf_set: sym!("rados_conf_set"),
        connect: sym!("rados_connect"),
        shutdown: sym!("rados_shutdown"),
        getaddrs: sym!("rados_getaddrs"),
        blocklist_add: sym!("rados_blocklist_add"),
        ioctx_create: sym!("rados_ioctx_create"),
        ioctx_destroy: sym!("rados_ioctx_destroy"),
        stat: sym!("rados_stat"),
        read: sym!("rados_read"),
        write_full: sym!("rados_write_full"),
        append: sym!("rados_append"),
        remove: sym!("rados_remove"),
        lock_exclusive: sym!("rados_lock_exclusive"),
        unlock: sym!("rados_unlock"),
        list_lockers: sym!("rados_list_lockers"),
        break_lock: sym!("rados_break_lock"),
        aio_create_completion2: sym!("rados_aio_create_completion2"),
        aio_read: sym!("rados_aio_read"),
        aio_wait_for_complete: sym!("rados_aio_wait_for_complete"),
        aio_get_return_value: sym!("rados_aio_get_return_value"),
        aio_get_version: sym!("rados_aio_get_version"),
        aio_release: sym!("rados_aio_release"),
        create_write_op: sym!("rados_create_write_op"),
        release_write_op: sym!("rados_release_write_op"),
        write_op_assert_version: sym!("rados_write_op_assert_version"),
        write_op_create: sym!("rados_write_op_create"),
        write_op_write_full: sym!("rados_write_op_write_full"),
        write_op_remove: sym!("rados_write_op_remove"),
        write_op_operate: sym!("rados_write_op_operate"),
        watch2: sym!("rados_watch2"),
        watch_check: sym!("rados_watch_check"),
        unwatch2: sym!("rados_unwatch2"),
        watch_flush: sym!("rados_watch_flush"),
        notify2: sym!("rados_notify2"),
        notify_ack: sym!("rados_notify_ack"),
        buffer_free: sym!("rados_buffer_free"),
        _lib: lib,
    })
}

static LIB: OnceLock<std::result::Result<Lib, String>> = OnceLock::new();

fn lib() -> std::result::Result<&'static Lib, String> {
    LIB.get_or_init(load).as_ref().map_err(Clone::clone)
}

/// One connected cluster handle (its own client instance and address).
struct Handle {
    lib: &'static Lib,
    rt: Rt,
}

// SAFETY: a librados cluster handle may be used from several threads at once (the
// library takes its own locks); the raw handle never leaves this module.
unsafe impl Send for Handle {}
// SAFETY: as above.
unsafe impl Sync for Handle {}

impl Drop for Handle {
    fn drop(&mut self) {
        // SAFETY: the handle is ours; every IoCtx holding it is gone (they hold an Arc).
        unsafe { (self.lib.shutdown)(self.rt) };
    }
}

/// A connection to a cluster's monitors and OSDs.
#[derive(Clone)]
pub struct Rados {
    h: Arc<Handle>,
}

/// One lock holder: the client ("client.4123"), its cookie and its address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Locker {
    pub client: String,
    pub cookie: String,
    pub addr: String,
}

impl Rados {
    /// Connects as `opts.user` with `opts.conf`, `opts.keyring` and `opts.settings`;
    /// `op_timeout` bounds every call to the monitors and OSDs (None: wait as long as
    /// the cluster takes).
    pub fn connect(
        opts: &Options,
        op_timeout: Option<std::time::Duration>,
    ) -> std::result::Result<Rados, String> {
        let lib = lib()?;
        let name = cstr(&format!("client.{}", opts.user)).map_err(|e| e.to_string())?;
        let cluster = cstr("ceph").map_err(|e| e.to_string())?;
        let mut rt: Rt = std::ptr::null_mut();
        // SAFETY: `rt` receives a new handle; the strings live for the call.
        check(unsafe { (lib.create2)(&mut rt, cluster.as_ptr(), name.as_ptr(), 0) })
            .map_err(|e| format!("rados_create2: {e}"))?;
        let h = Handle { lib, rt };
        let mut timeouts = Vec::new();
        if let Some(t) = op_timeout {
            let secs = t.as_secs().max(1).to_string();
            timeouts.push(("rados_osd_op_timeout".into(), secs.clone()));
            timeouts.push(("rados_mon_op_timeout".into(), secs.clone()));
            timeouts.push(("client_mount_timeout".into(), secs));
        }
        // SAFETY: the handle is ours and not connected; the calls are librados' own.
        unsafe { crate::configure_with(h.rt, (lib.conf_read_file, lib.conf_set), opts, timeouts)? };
        // SAFETY: as above; connecting blocks until the monitors answer or time out.
        check(unsafe { (lib.connect)(h.rt) }).map_err(|e| format!("connecting to RADOS: {e}"))?;
        Ok(Rados { h: Arc::new(h) })
    }

    /// This client's addresses as the cluster knows them ("ip:port/nonce" each), what a
    /// blocklist entry names.
    pub fn addrs(&self) -> Result<Vec<String>> {
        let mut p: *mut c_char = std::ptr::null_mut();
        // SAFETY: `p` receives a string librados allocates with malloc (strdup).
        check(unsafe { (self.h.lib.getaddrs)(self.h.rt, &mut p) })?;
        if p.is_null() {
            return Ok(Vec::new());
        }
        // SAFETY: a NUL-terminated string from the call above, freed once here.
        let s = unsafe {
            let s = std::ffi::CStr::from_ptr(p).to_string_lossy().into_owned();
            libc::free(p.cast());
            s
        };
        Ok(parse_addrs(&s))
    }

    /// Fences the client at `addr` ("ip:port/nonce"): the OSDs refuse its operations
    /// (and the MDS its file system session) for `expire_secs` seconds.
    pub fn blocklist(&self, addr: &str, expire_secs: u32) -> Result<()> {
        let c = cstr(addr)?;
        // SAFETY: librados only reads the string (its parameter is not const-qualified).
        check(unsafe {
            (self.h.lib.blocklist_add)(self.h.rt, c.as_ptr().cast_mut(), expire_secs)
        })?;
        Ok(())
    }

    /// The objects of pool `pool`.
    pub fn ioctx(&self, pool: &str) -> Result<IoCtx> {
        let c = cstr(pool)?;
        let mut io: Io = std::ptr::null_mut();
        // SAFETY: `io` receives a new context; the pool name lives for the call.
        check(unsafe { (self.h.lib.ioctx_create)(self.h.rt, c.as_ptr(), &mut io) })?;
        Ok(IoCtx {
            h: self.h.clone(),
            io,
        })
    }
}

/// A client address vector ("[v2:1.2.3.4:0/77,v1:1.2.3.4:0/77]", or one bare address)
/// as the distinct "ip:port/nonce" a blocklist takes.
pub fn parse_addrs(s: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for a in s
        .trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .split(',')
    {
        let a = a.trim();
        let a = ["v1:", "v2:", "any:"]
            .iter()
            .find_map(|p| a.strip_prefix(p))
            .unwrap_or(a);
        if !a.is_empty() && a.contains('/') && !out.iter().any(|o| o == a) {
            out.push(a.to_string());
        }
    }
    out
}

/// The objects of one pool. Calls may come from several threads at once.
pub struct IoCtx {
    h: Arc<Handle>,
    io: Io,
}

// SAFETY: librados contexts may be shared between threads for the calls used here (no
// namespace or snapshot changes after creation).
unsafe impl Send for IoCtx {}
// SAFETY: as above.
unsafe impl Sync for IoCtx {}

impl Drop for IoCtx {
    fn drop(&mut self) {
        // SAFETY: the context is ours and its cluster handle outlives it (the Arc).
        unsafe { (self.h.lib.ioctx_destroy)(self.io) };
    }
}

/// The largest object read back whole (a journal, a node record).
const MAX_OBJECT: u64 = 256 << 20;
/// Reads go in pieces of at most this (an OSD bounds one read).
const READ_CHUNK: usize = 16 << 20;

impl IoCtx {
    fn lib(&self) -> &'static Lib {
        self.h.lib
    }

    /// The object's size and modification time (seconds); None when there is no such
    /// object.
    pub fn stat(&self, oid: &str) -> Result<Option<(u64, i64)>> {
        let c = cstr(oid)?;
        let (mut size, mut mtime) = (0u64, 0 as libc::time_t);
        // SAFETY: both outputs are ours; the name lives for the call.
        match check(unsafe { (self.lib().stat)(self.io, c.as_ptr(), &mut size, &mut mtime) }) {
            Ok(_) => Ok(Some((size, mtime))),
            Err(Errno(libc::ENOENT)) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The whole object; None when there is none.
    pub fn read_all(&self, oid: &str) -> Result<Option<Vec<u8>>> {
        let Some((size, _)) = self.stat(oid)? else {
            return Ok(None);
        };
        if size > MAX_OBJECT {
            return Err(Errno(libc::EFBIG));
        }
        let c = cstr(oid)?;
        let mut v = vec![0u8; size as usize];
        let mut at = 0usize;
        while at < v.len() {
            let n = (v.len() - at).min(READ_CHUNK);
            // SAFETY: reads at most `n` bytes into `v[at..]`, which has them.
            let got = check(unsafe {
                (self.lib().read)(
                    self.io,
                    c.as_ptr(),
                    v[at..].as_mut_ptr().cast(),
                    n,
                    at as u64,
                )
            })?;
            if got == 0 {
                break;
            }
            at += got as usize;
        }
        v.truncate(at);
        Ok(Some(v))
    }

    /// The object's contents (at most `max` bytes: a longer object is EFBIG) and its
    /// version, read together; None when there is no such object.
    pub fn read_versioned(&self, oid: &str, max: usize) -> Result<Option<(Vec<u8>, u64)>> {
        let c = cstr(oid)?;
        let lib = self.lib();
        let mut comp: Comp = std::ptr::null_mut();
        // SAFETY: `comp` receives a new completion, released below on every path.
        check(unsafe {
            (lib.aio_create_completion2)(std::ptr::null_mut(), std::ptr::null_mut(), &mut comp)
        })?;
        let mut v = vec![0u8; max + 1];
        // SAFETY: the buffer has `max + 1` bytes and outlives the wait below; the
        // completion is waited for before either goes.
        let r = unsafe {
            match check((lib.aio_read)(
                self.io,
                c.as_ptr(),
                comp,
                v.as_mut_ptr().cast(),
                v.len(),
                0,
            )) {
                Err(e) => Err(e),
                Ok(_) => {
                    (lib.aio_wait_for_complete)(comp);
                    check((lib.aio_get_return_value)(comp))
                        .map(|n| (n as usize, (lib.aio_get_version)(comp)))
                }
            }
        };
        // SAFETY: the completion is ours, finished (or never started), released once.
        unsafe { (lib.aio_release)(comp) };
        match r {
            Ok((n, _)) if n > max => Err(Errno(libc::EFBIG)),
            Ok((n, ver)) => {
                v.truncate(n);
                Ok(Some((v, ver)))
            }
            Err(Errno(libc::ENOENT)) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Replaces the object's contents with `data` (None: removes it) if it is still as
    /// read: at version `ver`, or absent for None. Ok(false): it changed meanwhile.
    pub fn write_if(&self, oid: &str, ver: Option<u64>, data: Option<&[u8]>) -> Result<bool> {
        let c = cstr(oid)?;
        let lib = self.lib();
        // SAFETY: a new operation, released below; the buffers it names outlive operate.
        let rc = unsafe {
            let op = (lib.create_write_op)();
            if op.is_null() {
                return Err(Errno(libc::ENOMEM));
            }
            match ver {
                Some(v) => (lib.write_op_assert_version)(op, v),
                None => (lib.write_op_create)(op, 1, std::ptr::null()),
            }
            match data {
                Some(d) => (lib.write_op_write_full)(op, d.as_ptr().cast(), d.len()),
                None => (lib.write_op_remove)(op),
            }
            let rc = (lib.write_op_operate)(op, self.io, c.as_ptr(), std::ptr::null_mut(), 0);
            (lib.release_write_op)(op);
            rc
        };
        match check(rc) {
            Ok(_) => Ok(true),
            Err(Errno(libc::ERANGE | libc::EOVERFLOW | libc::EEXIST | libc::ENOENT)) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Replaces the object's contents (creating it), atomically.
    pub fn write_full(&self, oid: &str, data: &[u8]) -> Result<()> {
        let c = cstr(oid)?;
        // SAFETY: librados reads `data` during the call.
        check(unsafe {
            (self.lib().write_full)(self.io, c.as_ptr(), data.as_ptr().cast(), data.len())
        })?;
        Ok(())
    }

    /// Appends to the object (creating it); on the OSDs' stable storage when it returns.
    pub fn append(&self, oid: &str, data: &[u8]) -> Result<()> {
        let c = cstr(oid)?;
        // SAFETY: as above.
        check(unsafe {
            (self.lib().append)(self.io, c.as_ptr(), data.as_ptr().cast(), data.len())
        })?;
        Ok(())
    }

    /// Removes the object; one that is not there is not an error.
    pub fn remove(&self, oid: &str) -> Result<()> {
        let c = cstr(oid)?;
        // SAFETY: the name lives for the call.
        match check(unsafe { (self.lib().remove)(self.io, c.as_ptr()) }) {
            Ok(_) | Err(Errno(libc::ENOENT)) => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// Takes (or, with `renew`, keeps) the exclusive lock `name` on `oid` as `cookie`
    /// for `duration` (None: until unlocked). EBUSY: another holds it.
    pub fn lock_exclusive(
        &self,
        oid: &str,
        name: &str,
        cookie: &str,
        duration: Option<std::time::Duration>,
        renew: bool,
    ) -> Result<()> {
        let (o, n, k, d) = (cstr(oid)?, cstr(name)?, cstr(cookie)?, cstr("smbdirectd")?);
        let mut tv = duration.map(|d| libc::timeval {
            tv_sec: d.as_secs() as libc::time_t,
            tv_usec: d.subsec_micros() as libc::suseconds_t,
        });
        let tvp = tv.as_mut().map_or(std::ptr::null_mut(), |t| t as *mut _);
        // SAFETY: the strings and the timeval live for the call.
        check(unsafe {
            (self.lib().lock_exclusive)(
                self.io,
                o.as_ptr(),
                n.as_ptr(),
                k.as_ptr(),
                d.as_ptr(),
                tvp,
                u8::from(renew),
            )
        })?;
        Ok(())
    }

    /// Releases the lock `name` held as `cookie` by this client.
    pub fn unlock(&self, oid: &str, name: &str, cookie: &str) -> Result<()> {
        let (o, n, k) = (cstr(oid)?, cstr(name)?, cstr(cookie)?);
        // SAFETY: the strings live for the call.
        check(unsafe { (self.lib().unlock)(self.io, o.as_ptr(), n.as_ptr(), k.as_ptr()) })?;
        Ok(())
    }

    /// Who holds lock `name` on `oid` now (an expired hold is not listed).
    pub fn lockers(&self, oid: &str, name: &str) -> Result<Vec<Locker>> {
        let (o, n) = (cstr(oid)?, cstr(name)?);
        let mut cap = 256usize;
        loop {
            let mut excl: c_int = 0;
            let mut bufs = [
                vec![0u8; cap],
                vec![0u8; cap],
                vec![0u8; cap],
                vec![0u8; cap],
            ];
            let mut lens = [cap; 4];
            let [tag, clients, cookies, addrs] = &mut bufs;
            let [tl, cl, kl, al] = &mut lens;
            // SAFETY: each buffer has the length passed beside it; librados writes at
            // most that and sets the length used (or needed, with -ERANGE).
            let rc = unsafe {
                (self.lib().list_lockers)(
                    self.io,
                    o.as_ptr(),
                    n.as_ptr(),
                    &mut excl,
                    tag.as_mut_ptr().cast(),
                    tl,
                    clients.as_mut_ptr().cast(),
                    cl,
                    cookies.as_mut_ptr().cast(),
                    kl,
                    addrs.as_mut_ptr().cast(),
                    al,
                )
            };
            if rc == -(libc::ERANGE as isize) && cap < (1 << 20) {
                cap = lens.iter().copied().max().unwrap_or(cap).max(cap * 2);
                continue;
            }
            if rc == -(libc::ENOENT as isize) {
                return Ok(Vec::new());
            }
            if rc < 0 {
                return Err(Errno(-rc as i32));
            }
            let split = |b: &[u8], len: usize| -> Vec<String> {
                b[..len.min(b.len())]
                    .split(|&c| c == 0)
                    .filter(|s| !s.is_empty())
                    .map(|s| String::from_utf8_lossy(s).into_owned())
                    .collect()
            };
            let (c, k, a) = (
                split(&bufs[1], lens[1]),
                split(&bufs[2], lens[2]),
                split(&bufs[3], lens[3]),
            );
            return Ok(c
                .into_iter()
                .zip(k)
                .zip(a)
                .take(rc as usize)
                .map(|((client, cookie), addr)| Locker {
                    client,
                    cookie,
                    addr,
                })
                .collect());
        }
    }

    /// Breaks the hold of `client` (as listed) with `cookie` on lock `name`.
    pub fn break_lock(&self, oid: &str, name: &str, client: &str, cookie: &str) -> Result<()> {
        let (o, n, c, k) = (cstr(oid)?, cstr(name)?, cstr(client)?, cstr(cookie)?);
        // SAFETY: the strings live for the call.
        match check(unsafe {
            (self.lib().break_lock)(self.io, o.as_ptr(), n.as_ptr(), c.as_ptr(), k.as_ptr())
        }) {
            Ok(_) | Err(Errno(libc::ENOENT)) => Ok(()),
            Err(e) => Err(e),
        }
    }
}

/// What a watch does with each notification's payload. The notifier waits until the
/// [`Ack`] is dropped: at the end of the call, or later, on another thread, by a
/// function that moved it there (librados runs a watch's calls one at a time: one that
/// waits inside holds up every notification after it).
pub type OnNotify = Box<dyn Fn(&[u8], Ack) + Send + Sync>;

/// A notification's acknowledgement, sent when this is dropped (with the watch's
/// reply: who acknowledges).
pub struct Ack {
    io: Arc<IoCtx>,
    oid: std::ffi::CString,
    notify_id: u64,
    handle: u64,
    reply: Arc<[u8]>,
}

impl Drop for Ack {
    fn drop(&mut self) {
        // SAFETY: the context is kept alive by the Arc; the name lives for the call.
        unsafe {
            (self.io.lib().notify_ack)(
                self.io.io,
                self.oid.as_ptr(),
                self.notify_id,
                self.handle,
                self.reply.as_ptr().cast(),
                // (At most a few dozen bytes: see `watch`.)
                self.reply.len() as c_int,
            )
        };
    }
}

/// What a watch's callback needs: the function, where to acknowledge, and with what.
struct WatchCtx {
    f: OnNotify,
    io: Arc<IoCtx>,
    oid: std::ffi::CString,
    reply: Arc<[u8]>,
}

/// librados' notification callback: hands the payload and its acknowledgement to the
/// watch's function (the notifier waits for every watcher's acknowledgement).
unsafe extern "C" fn on_notify(
    arg: *mut c_void,
    notify_id: u64,
    handle: u64,
    _notifier: u64,
    data: *mut c_void,
    len: usize,
) {
    // SAFETY: `arg` is the WatchCtx the watch was registered with, alive until the watch
    // is removed and its callbacks flushed (Watch's Drop).
    let w = unsafe { &*(arg as *const WatchCtx) };
    let payload = if data.is_null() || len == 0 {
        &[][..]
    } else {
        // SAFETY: librados passes `len` readable bytes at `data` for the call.
        unsafe { std::slice::from_raw_parts(data as *const u8, len) }
    };
    let ack = Ack {
        io: w.io.clone(),
        oid: w.oid.clone(),
        notify_id,
        handle,
        reply: w.reply.clone(),
    };
    // A panic must not cross into C (the acknowledgement is sent as it unwinds).
    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (w.f)(payload, ack)));
}

/// librados' watch error callback: the watch is broken (its owner sees it through
/// [`Watch::check`] and watches again).
unsafe extern "C" fn on_watch_error(_arg: *mut c_void, _cookie: u64, _err: c_int) {}

/// A watch on an object: its function runs (on a librados thread) for each
/// notification, until the watch is dropped.
pub struct Watch {
    io: Arc<IoCtx>,
    cookie: u64,
    ctx: *mut WatchCtx,
}

// SAFETY: the context is only read by librados' callback thread and freed in Drop after
// the watch is gone and its callbacks flushed.
unsafe impl Send for Watch {}
// SAFETY: as above; `check` only passes the cookie.
unsafe impl Sync for Watch {}

impl Watch {
    /// Whether the watch still stands (the cluster drops one after a long
    /// disconnection: then watch again).
    pub fn check(&self) -> Result<()> {
        // SAFETY: our context and cookie.
        check(unsafe { (self.io.lib().watch_check)(self.io.io, self.cookie) })?;
        Ok(())
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        let lib = self.io.lib();
        // SAFETY: the watch is ours; once it is removed and the callbacks flushed, no
        // callback reads the context any more, and it is freed once.
        unsafe {
            (lib.unwatch2)(self.io.io, self.cookie);
            (lib.watch_flush)(self.io.h.rt);
            drop(Box::from_raw(self.ctx));
        }
    }
}

/// Watches `oid` of `io` (made if missing): `f` gets each notification's payload, and
/// each acknowledgement carries `reply` (who acknowledges; 256 bytes at most).
pub fn watch(io: &Arc<IoCtx>, oid: &str, reply: &[u8], f: OnNotify) -> Result<Watch> {
    let c = cstr(oid)?;
    if reply.len() > 256 {
        return Err(Errno(libc::EINVAL));
    }
    let ctx = Box::into_raw(Box::new(WatchCtx {
        f,
        io: io.clone(),
        oid: c.clone(),
        reply: reply.into(),
    }));
    let mut cookie = 0u64;
    // SAFETY: the context outlives the watch (freed in Watch's Drop, or below if the
    // watch was not made); the callbacks have the signatures librados calls.
    let rc = unsafe {
        (io.lib().watch2)(
            io.io,
            c.as_ptr(),
            &mut cookie,
            on_notify,
            on_watch_error,
            ctx.cast(),
        )
    };
    if rc < 0 {
        // SAFETY: never registered: ours to free.
        drop(unsafe { Box::from_raw(ctx) });
        return Err(Errno(-rc));
    }
    Ok(Watch {
        io: io.clone(),
        cookie,
        ctx,
    })
}

impl IoCtx {
    /// Notifies the watchers of `oid` with `data`, waiting for their acknowledgements up
    /// to `timeout`.
    pub fn notify(&self, oid: &str, data: &[u8], timeout: std::time::Duration) -> Result<()> {
        self.notify2(oid, data, timeout, false).1
    }

    /// As [`IoCtx::notify`], with the replies the watchers that acknowledged sent (each
    /// watch's `reply`; empty when the cluster's answer could not be read).
    pub fn notify_replies(
        &self,
        oid: &str,
        data: &[u8],
        timeout: std::time::Duration,
    ) -> (Vec<Vec<u8>>, Result<()>) {
        self.notify2(oid, data, timeout, true)
    }

    /// Notifies, and reads the watchers' replies when `want_replies`.
    fn notify2(
        &self,
        oid: &str,
        data: &[u8],
        timeout: std::time::Duration,
        want_replies: bool,
    ) -> (Vec<Vec<u8>>, Result<()>) {
        let (c, len) = match (cstr(oid), c_int::try_from(data.len())) {
            (Ok(c), Ok(len)) => (c, len),
            (Err(e), _) => return (Vec::new(), Err(e)),
            (_, Err(_)) => return (Vec::new(), Err(Errno(libc::EINVAL))),
        };
        let (mut reply, mut reply_len): (*mut c_char, usize) = (std::ptr::null_mut(), 0);
        let mut replies = Vec::new();
        // SAFETY: `data` lives for the call; the reply buffer librados allocates is read
        // for its length and freed once below.
        let rc = unsafe {
            let rc = (self.lib().notify2)(
                self.io,
                c.as_ptr(),
                data.as_ptr().cast(),
                len,
                timeout.as_millis() as u64,
                &mut reply,
                &mut reply_len,
            );
            if !reply.is_null() {
                if want_replies {
                    let b = std::slice::from_raw_parts(reply as *const u8, reply_len);
                    replies = decode_acks(b).unwrap_or_default();
                }
                (self.lib().buffer_free)(reply);
            }
            rc
        };
        (replies, check(rc).map(drop))
    }
}

/// The watchers' replies in a notification's answer: a count, then per watcher that
/// acknowledged its id and cookie (two little-endian u64s) and its reply (a u32 length
/// and the bytes); what follows (those that did not) is not read. None when it does
/// not parse.
fn decode_acks(b: &[u8]) -> Option<Vec<Vec<u8>>> {
    fn take<'a>(b: &mut &'a [u8], n: usize) -> Option<&'a [u8]> {
        let (head, rest) = (b.get(..n)?, b.get(n..)?);
        *b = rest;
        Some(head)
    }
    fn u32_at(b: &mut &[u8]) -> Option<usize> {
        Some(u32::from_le_bytes(take(b, 4)?.try_into().ok()?) as usize)
    }
    let mut b = b;
    let n = u32_at(&mut b)?;
    // (Each entry is 20 bytes at least: a count past that is not believed.)
    if n > b.len() / 20 {
        return None;
    }
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        take(&mut b, 16)?;
        let len = u32_at(&mut b)?;
        out.push(take(&mut b, len)?.to_vec());
    }
    Some(out)
}

impl std::fmt::Debug for IoCtx {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("IoCtx")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notifications_answer_gives_each_watchers_reply() {
        let mut b = 2u32.to_le_bytes().to_vec();
        for (id, cookie, reply) in [(7u64, 1u64, &b"node-a"[..]), (9, 2, b"")] {
            b.extend(id.to_le_bytes());
            b.extend(cookie.to_le_bytes());
            b.extend((reply.len() as u32).to_le_bytes());
            b.extend(reply);
        }
        // (Those that timed out follow: not read.)
        b.extend(1u32.to_le_bytes());
        b.extend([0u8; 16]);
        assert_eq!(decode_acks(&b), Some(vec![b"node-a".to_vec(), Vec::new()]));
        assert_eq!(decode_acks(&0u32.to_le_bytes()), Some(Vec::new()));
        for cut in [3, 10, 25, 30] {
            assert_eq!(decode_acks(&b[..cut]), None, "{cut}");
        }
        assert_eq!(decode_acks(&u32::MAX.to_le_bytes()), None);
        let mut long = 1u32.to_le_bytes().to_vec();
        long.extend([0u8; 16]);
        long.extend(u32::MAX.to_le_bytes());
        assert_eq!(decode_acks(&long), None);
    }

    #[test]
    fn address_vectors_become_blocklist_addresses() {
        assert_eq!(
            parse_addrs("[v2:127.0.0.2:0/1234,v1:127.0.0.2:0/1234]"),
            vec!["127.0.0.2:0/1234"]
        );
        assert_eq!(parse_addrs("any:10.0.0.1:0/9"), vec!["10.0.0.1:0/9"]);
        assert_eq!(
            parse_addrs("[v2:1.1.1.1:0/1,v2:2.2.2.2:0/2]"),
            vec!["1.1.1.1:0/1", "2.2.2.2:0/2"]
        );
        assert!(parse_addrs("").is_empty());
        assert!(parse_addrs("[]").is_empty());
    }
}
