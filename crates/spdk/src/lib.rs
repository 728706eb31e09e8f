//! SPDK for smbdirectd: the DPDK environment, SPDK threads polled by their owner, the
//! bdev subsystem started from an SPDK JSON configuration, and the blobstore (blobs,
//! their extended attributes, DMA memory and data I/O), all through smbdirectd's own
//! shim (`shim/smbd_spdk.c`, built with the vendored SPDK by `scripts/build-spdk`) loaded
//! at run time. A build of smbdirectd needs no SPDK; a node that has the shim uses it
//! when its configuration asks.
//!
//! Threads: SPDK runs no threads of its own here. Whoever creates a [`Thread`] polls
//! it; completions run inside [`Thread::poll`]. Blobstore metadata calls belong to the
//! thread that opened the store; data I/O to any thread through its own [`Channel`].

mod clock;
mod ffi;

use std::cell::Cell;
use std::ffi::{c_int, c_void, CString};
use std::fmt;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::OnceLock;
use std::time::Duration;

pub use ffi::Lib;

/// The shim's file name.
pub const SHIM: &str = "libsmbdirectd_spdk.so";

/// How long a synchronous call polls before it gives up.
const WAIT_LIMIT: Duration = Duration::from_secs(60);

/// How often a waiting synchronous call calls its thread's idle hook.
pub const IDLE_KICK: Duration = Duration::from_micros(50);

/// Where the shim is looked for: `SMBDIRECTD_SPDK_LIB`, the install locations, then
/// the build cache `scripts/build-spdk` fills.
pub fn candidates() -> Vec<PathBuf> {
    let mut v = Vec::new();
    if let Some(p) = std::env::var_os("SMBDIRECTD_SPDK_LIB") {
        v.push(PathBuf::from(p));
        return v;
    }
    for dir in [
        "/usr/lib/smbdirectd",
        "/usr/local/lib/smbdirectd",
        "/var/cache/smbdirectd/spdk/current/lib",
    ] {
        v.push(Path::new(dir).join(SHIM));
    }
    v
}

/// The first candidate that exists.
pub fn find() -> Option<PathBuf> {
    candidates().into_iter().find(|p| p.exists())
}

/// The SPDK release of the shim found here (loading it, not starting anything), or why
/// there is none.
pub fn probe() -> Result<String, Error> {
    let path = find().ok_or_else(|| Error::new(format!("no {SHIM}"), 0))?;
    let lib = Lib::open(&path).map_err(|e| Error::new(e, 0))?;
    Ok(lib.version())
}

/// A failed SPDK call: what was asked and the errno SPDK gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub what: String,
    /// A positive errno (0 when the failure has no errno, e.g. a missing library).
    pub errno: i32,
}

impl Error {
    fn new(what: impl Into<String>, rc: i32) -> Error {
        Error {
            what: what.into(),
            errno: rc.saturating_abs(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.errno == 0 {
            return write!(f, "{}", self.what);
        }
        let os = std::io::Error::from_raw_os_error(self.errno);
        write!(f, "{}: {os}", self.what)
    }
}

impl std::error::Error for Error {}

fn check(what: &str, rc: c_int) -> Result<(), Error> {
    if rc == 0 {
        Ok(())
    } else {
        Err(Error::new(what, rc))
    }
}

/// An SPDK JSON configuration: SPDK's buffer and bdev I/O pools sized for a storage
/// node's memory (SPDK's defaults want about a gigabyte), no automatic examine (no
/// module may claim our device because it recognises what is on it), then the
/// `bdev_calls` (each `(method, params)`, params a JSON object).
pub fn config(bdev_calls: &[(&str, String)]) -> String {
    let mut bdev = String::from(
        r#"{"method":"bdev_set_options","params":{"bdev_io_pool_size":4095,"bdev_io_cache_size":128,"bdev_auto_examine":false,"iobuf_small_cache_size":64,"iobuf_large_cache_size":8}}"#,
    );
    for (method, params) in bdev_calls {
        bdev.push_str(&format!(r#",{{"method":"{method}","params":{params}}}"#));
    }
    format!(
        r#"{{"subsystems":[{{"subsystem":"iobuf","config":[{{"method":"iobuf_set_options","params":{{"small_pool_count":2048,"large_pool_count":256}}}}]}},{{"subsystem":"bdev","config":[{bdev}]}}]}}"#
    )
}

/// A JSON string literal.
pub fn json_str(s: &str) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            c if (c as u32) < 0x20 => o.push_str(&format!("\\u{:04x}", c as u32)),
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

/// How the environment starts.
#[derive(Debug, Clone)]
pub struct EnvOpts {
    pub name: String,
    /// Ordinary memory instead of hugepages (no PCI device can be driven then).
    pub no_huge: bool,
    /// Do not scan or use PCI devices.
    pub no_pci: bool,
    /// Memory for DMA buffers and SPDK's pools, in MiB (needed with `no_huge`).
    pub mem_mb: u32,
    /// SPDK's print level (0 error .. 4 debug).
    pub log_level: i32,
}

impl Default for EnvOpts {
    fn default() -> Self {
        EnvOpts {
            name: "smbdirectd".into(),
            no_huge: true,
            no_pci: true,
            mem_mb: 256,
            log_level: 1,
        }
    }
}

static ENV: OnceLock<Result<&'static Lib, Error>> = OnceLock::new();

/// The initialised environment (one per process; DPDK cannot start twice).
#[derive(Clone, Copy)]
pub struct Spdk {
    lib: &'static Lib,
}

impl Spdk {
    /// Load the shim at `path` (or the first of [`candidates`]) and start the
    /// environment with `opts`. The first call in a process decides; later calls get
    /// its result whatever their options.
    pub fn init(path: Option<&Path>, opts: &EnvOpts) -> Result<Spdk, Error> {
        let r = ENV.get_or_init(|| {
            let path = match path.map(Path::to_path_buf).or_else(find) {
                Some(p) => p,
                None => {
                    return Err(Error::new(
                        format!("SPDK is not installed: no {SHIM} (scripts/build-spdk builds it)"),
                        0,
                    ))
                }
            };
            let lib: &'static Lib =
                Box::leak(Box::new(Lib::open(&path).map_err(|e| Error::new(e, 0))?));
            let name = CString::new(opts.name.as_str()).map_err(|_| Error::new("name", 22))?;
            // Leaked: DPDK keeps the pointer for the life of the process.
            let name = Box::leak(name.into_boxed_c_str());
            // SAFETY: once per process (OnceLock); the name lives forever.
            let rc = unsafe {
                (lib.smbd_spdk_env_init)(
                    name.as_ptr(),
                    opts.no_huge as c_int,
                    opts.no_pci as c_int,
                    opts.mem_mb as c_int,
                    opts.log_level,
                )
            };
            check("SPDK environment", rc)?;
            Ok(lib)
        });
        r.clone().map(|lib| Spdk { lib })
    }

    pub fn version(&self) -> String {
        self.lib.version()
    }

    /// A new SPDK thread, polled by its owner. The first one created in the process is
    /// SPDK's app thread: [`Thread::start_subsystems`] and every bdev change run on it.
    pub fn thread(&self, name: &str) -> Result<Thread, Error> {
        let c = CString::new(name).map_err(|_| Error::new("thread name", 22))?;
        // SAFETY: the environment is up (Spdk exists only then).
        let ptr = unsafe { (self.lib.smbd_spdk_thread_create)(c.as_ptr()) };
        if ptr.is_null() {
            return Err(Error::new(format!("SPDK thread {name}"), 12));
        }
        Ok(Thread {
            spdk: *self,
            ptr,
            exited: false,
            idle: None,
        })
    }

    /// Makes `len` bytes at `ptr` usable for device I/O (their physical addresses
    /// known to SPDK's drivers), as memory from [`Spdk::dma`] is.
    ///
    /// # Safety
    /// `ptr` and `len` are whole 2 MiB pages of memory that stays mapped and pinned (a
    /// hugepage mapping, or memory registered with an RDMA device) until
    /// [`Spdk::mem_unregister`].
    pub unsafe fn mem_register(&self, ptr: *mut u8, len: usize) -> Result<(), Error> {
        // SAFETY: the caller's contract.
        check("memory registration", unsafe {
            (self.lib.smbd_mem_register)(ptr.cast(), len)
        })
    }

    /// Undoes [`Spdk::mem_register`].
    ///
    /// # Safety
    /// No device I/O on the memory is under way.
    pub unsafe fn mem_unregister(&self, ptr: *mut u8, len: usize) -> Result<(), Error> {
        // SAFETY: the caller's contract.
        check("memory unregistration", unsafe {
            (self.lib.smbd_mem_unregister)(ptr.cast(), len)
        })
    }

    /// `len` bytes of zeroed DMA-able memory aligned to `align`.
    pub fn dma(&self, len: usize, align: usize) -> Result<DmaBuf, Error> {
        // SAFETY: plain allocation from SPDK's DMA heap.
        let ptr = unsafe { (self.lib.smbd_dma_alloc)(len, align) };
        if ptr.is_null() {
            return Err(Error::new(format!("{len} bytes of DMA memory"), 12));
        }
        Ok(DmaBuf {
            spdk: *self,
            ptr: ptr.cast(),
            len,
        })
    }
}

/// What a call reported: `rc` 0 or a negative errno, an id or count, a handle.
#[derive(Debug, Clone, Copy)]
pub struct Done {
    pub rc: i32,
    pub val: u64,
    pub ptr: *mut c_void,
}

type Boxed = Box<dyn FnOnce(Done)>;

unsafe extern "C" fn trampoline(arg: *mut c_void, rc: c_int, val: u64, ptr: *mut c_void) {
    // SAFETY: `arg` came from `callback` below and the shim calls each completion once.
    let f: Box<Boxed> = unsafe { Box::from_raw(arg.cast::<Boxed>()) };
    f(Done { rc, val, ptr });
}

/// A completion for the shim: `f` runs once, inside the poll of the thread the call
/// was made on.
pub fn callback(f: impl FnOnce(Done) + 'static) -> (ffi::Cb, *mut c_void) {
    let b: Boxed = Box::new(f);
    (trampoline, Box::into_raw(Box::new(b)).cast())
}

/// An SPDK thread: messages, pollers and completions run when its owner polls it.
pub struct Thread {
    spdk: Spdk,
    ptr: *mut c_void,
    exited: bool,
    /// Called now and then while a synchronous call waits (see [`Thread::on_idle`]).
    idle: Option<Box<dyn Fn() + Send>>,
}

// SAFETY: an spdk_thread may be polled from any OS thread, one at a time; `Thread` is
// not Sync, and every call through it takes &self on the owning OS thread.
unsafe impl Send for Thread {}

impl Thread {
    pub fn spdk(&self) -> Spdk {
        self.spdk
    }

    /// `f` is called every [`IDLE_KICK`] while a synchronous call on this thread waits:
    /// a call that needs every channel's thread (a blob resize freezes its I/O on each)
    /// completes only when their owners poll them, and `f` wakes owners that sleep.
    pub fn on_idle(&mut self, f: impl Fn() + Send + 'static) {
        self.idle = Some(Box::new(f));
    }

    /// One round; how much work was done (0 when idle).
    pub fn poll(&self) -> i32 {
        // SAFETY: `ptr` is a live thread owned by self.
        unsafe { (self.spdk.lib.smbd_spdk_thread_poll)(self.ptr) }
    }

    /// Start a call with a completion, then poll until it completes (bounded).
    pub fn wait(
        &self,
        what: &str,
        start: impl FnOnce(ffi::Cb, *mut c_void),
    ) -> Result<Done, Error> {
        let cell: Rc<Cell<Option<Done>>> = Rc::new(Cell::new(None));
        let c2 = cell.clone();
        let (cb, arg) = callback(move |d| c2.set(Some(d)));
        // Make this thread current before the call, as the shim's calls expect.
        self.poll();
        start(cb, arg);
        let deadline = clock::Deadline::after(WAIT_LIMIT);
        let mut kick = clock::Deadline::after(IDLE_KICK);
        loop {
            if let Some(d) = cell.take() {
                return Ok(d);
            }
            self.poll();
            if let Some(f) = &self.idle {
                if kick.passed() {
                    f();
                    kick = clock::Deadline::after(IDLE_KICK);
                }
            }
            if deadline.passed() {
                return Err(Error::new(format!("{what}: no completion"), 110));
            }
        }
    }

    fn wait_ok(&self, what: &str, start: impl FnOnce(ffi::Cb, *mut c_void)) -> Result<Done, Error> {
        let d = self.wait(what, start)?;
        check(what, d.rc)?;
        Ok(d)
    }

    /// On the app thread: every linked subsystem (bdev and what it needs), with the
    /// startup and runtime calls of `config`, an SPDK JSON configuration (e.g. a
    /// `bdev_aio_create` or `bdev_nvme_attach_controller`).
    pub fn start_subsystems(&self, config: &str) -> Result<(), Error> {
        let lib = self.spdk.lib;
        // SAFETY: the shim copies the JSON before returning.
        self.wait_ok("SPDK subsystems", |cb, arg| unsafe {
            (lib.smbd_spdk_start)(config.as_ptr().cast(), config.len(), cb, arg)
        })
        .map(drop)
    }

    /// On the app thread: stop every subsystem (bdevs closed first).
    pub fn stop_subsystems(&self) -> Result<(), Error> {
        let lib = self.spdk.lib;
        // SAFETY: the completion is ours.
        self.wait_ok("SPDK stop", |cb, arg| unsafe {
            (lib.smbd_spdk_stop)(cb, arg)
        })
        .map(drop)
    }

    /// Exit the thread (after its channels are released) and poll until it is gone.
    pub fn exit(mut self) -> Result<(), Error> {
        self.finish()
    }

    fn finish(&mut self) -> Result<(), Error> {
        if self.exited {
            return Ok(());
        }
        self.exited = true;
        let lib = self.spdk.lib;
        // SAFETY: our live thread; exit is asked once.
        unsafe { (lib.smbd_spdk_thread_exit)(self.ptr) };
        let deadline = clock::Deadline::after(WAIT_LIMIT);
        // SAFETY: polled until destroyed, then never touched again.
        while unsafe { (lib.smbd_spdk_thread_try_destroy)(self.ptr) } == 0 {
            if deadline.passed() {
                return Err(Error::new("SPDK thread exit", 110));
            }
        }
        Ok(())
    }
}

impl Drop for Thread {
    fn drop(&mut self) {
        let _ = self.finish();
    }
}

/// Zeroed DMA-able memory.
pub struct DmaBuf {
    spdk: Spdk,
    ptr: *mut u8,
    len: usize,
}

// SAFETY: plain memory owned by this value.
unsafe impl Send for DmaBuf {}

impl DmaBuf {
    pub fn as_ptr(&self) -> *mut c_void {
        self.ptr.cast()
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_slice(&self) -> &[u8] {
        // SAFETY: `len` bytes we own; no I/O writes them while borrowed (I/O takes &mut
        // or the raw pointer under the caller's contract).
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        // SAFETY: as above, exclusively.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl Drop for DmaBuf {
    fn drop(&mut self) {
        // SAFETY: allocated by smbd_dma_alloc, freed once.
        unsafe { (self.spdk.lib.smbd_dma_free)(self.ptr.cast()) };
    }
}

mod blob;
pub use blob::{Blob, BlobId, BlobRef, Blobstore, Channel, Device, Io, StoreRef};
