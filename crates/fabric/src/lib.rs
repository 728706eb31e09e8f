//! fabric: reliable-connected RDMA for SMB Direct, behind one small abstraction.
//!
//! The shape follows verbs: a protection domain ([`Pd`]) holds memory regions ([`Mr`])
//! whose keys a peer names; queue pairs ([`QueuePair`]) take receive and send work
//! requests (send, send with invalidate, RDMA write, RDMA read); completions, errors
//! included, arrive on a completion queue ([`Cq`]) polled in batches; a connection
//! manager listens, accepts with private data and IRD/ORD, connects and reports
//! disconnects as events. Nothing here starts a thread: the worker that owns a queue pair
//! calls [`QueuePair::progress`] to move bytes.
//!
//! Providers: [`iwarp`] (software iWARP over TCP: MPA, DDP, RDMAP), [`loopback`]
//! (in-process, deterministic, seeded faults) and, with the `verbs` feature (on by
//! default), [`verbs`] (rdma-core, loaded at run time).
pub mod clock;

pub mod iwarp;
pub mod loopback;
mod soft;
#[cfg(feature = "verbs")]
pub mod verbs;

use parking_lot::Mutex;
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

#[derive(Debug)]
pub enum Error {
    Io(std::io::Error),
    /// A work request the queue pair cannot take (bad key, state, queue full).
    InvalidRequest(String),
    /// The queue pair is not connected (any more).
    NotConnected,
    /// The provider cannot run here (no device, feature off).
    Unavailable(String),
    /// The peer broke the connection protocol (MPA) or refused the connection.
    Protocol(String),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Io(e) => write!(f, "I/O error: {e}"),
            Error::InvalidRequest(s) => write!(f, "invalid work request: {s}"),
            Error::NotConnected => write!(f, "the queue pair is not connected"),
            Error::Unavailable(s) => write!(f, "provider unavailable: {s}"),
            Error::Protocol(s) => write!(f, "protocol error: {s}"),
        }
    }
}
impl std::error::Error for Error {}
impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::Io(e)
    }
}
pub type Result<T> = std::result::Result<T, Error>;

/// Access rights of a memory region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Access(pub u32);
impl Access {
    pub const LOCAL_WRITE: Access = Access(1);
    pub const REMOTE_WRITE: Access = Access(2);
    pub const REMOTE_READ: Access = Access(4);
    pub fn contains(self, other: Access) -> bool {
        self.0 & other.0 == other.0
    }
}
impl std::ops::BitOr for Access {
    type Output = Access;
    fn bitor(self, o: Access) -> Access {
        Access(self.0 | o.0)
    }
}

/// Memory that can be registered: page-aligned, fixed in place for its lifetime.
pub struct RegBuf {
    ptr: *mut u8,
    len: usize,
    layout: std::alloc::Layout,
    /// From mmap (unmapped on drop) rather than the allocator.
    mapped: bool,
    /// Memory owned elsewhere ([`RegBuf::external`]): kept alive by this, read-only.
    owner: Option<Box<dyn std::any::Any + Send + Sync>>,
}

/// What pages back a mapped region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pages {
    /// Reserved huge pages (MAP_HUGETLB).
    Huge,
    /// Ordinary pages, offered to the kernel for transparent huge pages.
    Small,
}

// SAFETY: the buffer is plain memory; concurrent access follows RDMA rules (the owner
// does not touch bytes a posted operation is moving), and the safe accessors copy.
unsafe impl Send for RegBuf {}
unsafe impl Sync for RegBuf {}

impl RegBuf {
    pub fn new(len: usize) -> Arc<RegBuf> {
        let layout = std::alloc::Layout::from_size_align(len.max(1), 4096).expect("layout");
        // SAFETY: nonzero size, valid alignment.
        let ptr = unsafe { std::alloc::alloc_zeroed(layout) };
        if ptr.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Arc::new(RegBuf {
            ptr,
            len,
            layout,
            mapped: false,
            owner: None,
        })
    }

    /// A region mapped at start: from reserved huge pages when asked and available
    /// (`len` is then rounded up to whole 2 MiB pages), else from ordinary pages advised
    /// for transparent huge pages. Says which it got.
    pub fn mapped(len: usize, huge: bool) -> std::io::Result<(Arc<RegBuf>, Pages)> {
        const HUGE: usize = 2 << 20;
        let base = libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_POPULATE;
        let tries: &[(usize, i32, Pages)] = if huge {
            &[
                (
                    len.div_ceil(HUGE) * HUGE,
                    base | libc::MAP_HUGETLB,
                    Pages::Huge,
                ),
                (len, base, Pages::Small),
            ]
        } else {
            &[(len, base, Pages::Small)]
        };
        let mut err = std::io::Error::from(std::io::ErrorKind::OutOfMemory);
        for &(size, flags, pages) in tries {
            let size = size.max(4096);
            // SAFETY: an anonymous private mapping; the result is checked.
            let ptr = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    size,
                    libc::PROT_READ | libc::PROT_WRITE,
                    flags,
                    -1,
                    0,
                )
            };
            if ptr == libc::MAP_FAILED {
                err = std::io::Error::last_os_error();
                continue;
            }
            if pages == Pages::Small {
                // SAFETY: advice on the mapping just made; failure is harmless.
                unsafe { libc::madvise(ptr, size, libc::MADV_HUGEPAGE) };
            }
            let layout = std::alloc::Layout::from_size_align(size, 4096).expect("layout");
            let buf = RegBuf {
                ptr: ptr as *mut u8,
                len: size,
                layout,
                mapped: true,
                owner: None,
            };
            return Ok((Arc::new(buf), pages));
        }
        Err(err)
    }
    /// Read-only memory owned elsewhere (a mapped file), to send from: `owner` keeps it
    /// alive as long as this buffer is. Register it without LOCAL_WRITE; the writing
    /// accessors refuse it.
    ///
    /// # Safety
    /// `ptr` must be readable for `len` bytes, page-aligned, for as long as `owner` lives.
    pub unsafe fn external(
        ptr: *const u8,
        len: usize,
        owner: Box<dyn std::any::Any + Send + Sync>,
    ) -> Arc<RegBuf> {
        Arc::new(RegBuf {
            ptr: ptr as *mut u8,
            len,
            layout: std::alloc::Layout::new::<u8>(),
            mapped: false,
            owner: Some(owner),
        })
    }
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The address work requests name (verbs style: a virtual address).
    pub fn addr(&self) -> u64 {
        self.ptr as u64
    }
    /// Copies out of the buffer.
    pub fn read(&self, offset: usize, out: &mut [u8]) {
        assert!(offset + out.len() <= self.len);
        // SAFETY: bounds checked; RegBuf memory is valid for len bytes.
        unsafe { std::ptr::copy_nonoverlapping(self.ptr.add(offset), out.as_mut_ptr(), out.len()) }
    }
    /// Copies into the buffer.
    pub fn write(&self, offset: usize, data: &[u8]) {
        assert!(offset + data.len() <= self.len && self.owner.is_none());
        // SAFETY: bounds checked.
        unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), self.ptr.add(offset), data.len()) }
    }
    /// Asks for the cache lines of `offset..offset + len` in a writable state ahead of a
    /// write (a hint: nothing changes, nothing faults).
    pub fn prefetch_write(&self, offset: usize, len: usize) {
        if offset.checked_add(len).is_none_or(|e| e > self.len) || self.owner.is_some() {
            return;
        }
        let mut at = offset & !63;
        while at < offset + len {
            // SAFETY: inside the buffer (checked above).
            prefetch::<true, _>(unsafe { self.ptr.add(at) });
            at += 64;
        }
    }
    /// Copies `len` bytes from `src` at `src_offset` into this buffer at `offset` (the
    /// two may be the same buffer, the ranges may overlap).
    pub fn copy_from(&self, offset: usize, src: &RegBuf, src_offset: usize, len: usize) {
        assert!(offset + len <= self.len && src_offset + len <= src.len && self.owner.is_none());
        // SAFETY: both ranges bounds checked; `copy` allows overlap.
        unsafe { std::ptr::copy(src.ptr.add(src_offset), self.ptr.add(offset), len) }
    }
    /// # Safety
    /// No posted operation may be writing these bytes, and no other slice of them may be
    /// alive mutably.
    pub unsafe fn range(&self, offset: usize, len: usize) -> &[u8] {
        assert!(offset + len <= self.len);
        std::slice::from_raw_parts(self.ptr.add(offset), len)
    }
    /// # Safety
    /// No posted operation may be using these bytes, and no other slice of them may be
    /// alive while this one is.
    #[allow(clippy::mut_from_ref)]
    pub unsafe fn range_mut(&self, offset: usize, len: usize) -> &mut [u8] {
        assert!(offset + len <= self.len);
        std::slice::from_raw_parts_mut(self.ptr.add(offset), len)
    }
    pub fn to_vec(&self, offset: usize, len: usize) -> Vec<u8> {
        let mut v = vec![0u8; len];
        self.read(offset, &mut v);
        v
    }
    /// # Safety
    /// No posted operation may be writing these bytes, and no other slice of them may be
    /// alive mutably.
    pub unsafe fn slice(&self) -> &[u8] {
        std::slice::from_raw_parts(self.ptr, self.len)
    }
    /// # Safety
    /// No posted operation may be using these bytes, and no other slice of them may be
    /// alive while this one is.
    #[allow(clippy::mut_from_ref)]
    pub unsafe fn slice_mut(&self) -> &mut [u8] {
        std::slice::from_raw_parts_mut(self.ptr, self.len)
    }
}

impl Drop for RegBuf {
    fn drop(&mut self) {
        if self.owner.is_some() {
            // Its owner (dropped with it) frees the memory.
        } else if self.mapped {
            // SAFETY: mapped in `mapped` with this size, not yet unmapped.
            unsafe { libc::munmap(self.ptr as *mut libc::c_void, self.layout.size()) };
        } else {
            // SAFETY: allocated in new with this layout.
            unsafe { std::alloc::dealloc(self.ptr, self.layout) }
        }
    }
}

/// A registered region. `lkey` names it in local work requests, `rkey` (the iWARP STag)
/// is what a peer names.
#[derive(Clone)]
pub struct Mr {
    pub lkey: u32,
    pub rkey: u32,
    pub buf: Arc<RegBuf>,
    pub access: Access,
}

impl Mr {
    pub fn addr(&self) -> u64 {
        self.buf.addr()
    }
    /// A scatter/gather element covering `len` bytes at `offset` of this region.
    pub fn sge(&self, offset: usize, len: usize) -> Sge {
        Sge {
            addr: self.addr() + offset as u64,
            len: len as u32,
            lkey: self.lkey,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sge {
    pub addr: u64,
    pub len: u32,
    pub lkey: u32,
}

pub(crate) struct MrEntry {
    pub buf: Arc<RegBuf>,
    pub access: Access,
    pub valid: bool,
}

/// Hashes keys and ids a peer names but cannot choose (memory keys assigned by the domain,
/// operation ids assigned by their owner) with one multiply.
#[derive(Default)]
pub struct KeyHash(u64);

impl std::hash::Hasher for KeyHash {
    fn finish(&self) -> u64 {
        // (The table indexes by the low bits: fold the well-mixed high ones in.)
        self.0 ^ (self.0 >> 32)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8 | u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u32(&mut self, k: u32) {
        self.0 = u64::from(k).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_u64(&mut self, k: u64) {
        self.0 = k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// Asks for the cache line at `p` ahead of its use: for writing (PREFETCHW: where another
/// core read it last, the transfer then overlaps other work instead of stalling the
/// write) or for reading (PREFETCHT0). Only a hint, for any address.
#[inline(always)]
pub(crate) fn prefetch<const WRITE: bool, T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch never faults and changes no architectural state (PREFETCHW is a
    // NOP on processors without it).
    unsafe {
        if WRITE {
            std::arch::asm!("prefetchw [{}]", in(reg) p, options(nostack, preserves_flags, readonly));
        } else {
            std::arch::asm!("prefetcht0 [{}]", in(reg) p, options(nostack, preserves_flags, readonly));
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// State one thread works on, on cache lines of its own (allocations made next to it
/// belong to whatever was allocated next: a peer's queue, say, written by another core).
#[derive(Default)]
#[repr(align(128))]
pub(crate) struct Padded<T>(pub T);

impl<T> std::ops::Deref for Padded<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

#[derive(Default)]
pub(crate) struct MrTable {
    pub next: u32,
    pub regions: HashMap<u32, MrEntry, std::hash::BuildHasherDefault<KeyHash>>,
}

/// Why a key lookup failed, mapped by each provider onto its error codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum KeyError {
    Invalid,
    Bounds,
    Rights,
}

impl MrTable {
    /// Resolves (key, address, length) to (buffer, offset) if `need` is granted.
    pub fn resolve(
        &self,
        key: u32,
        addr: u64,
        len: u64,
        need: Access,
    ) -> std::result::Result<(Arc<RegBuf>, usize), KeyError> {
        let e = self.regions.get(&key).ok_or(KeyError::Invalid)?;
        if !e.valid {
            return Err(KeyError::Invalid);
        }
        let base = e.buf.addr();
        if addr < base
            || addr
                .checked_add(len)
                .is_none_or(|end| end > base + e.buf.len() as u64)
        {
            return Err(KeyError::Bounds);
        }
        if !e.access.contains(need) {
            return Err(KeyError::Rights);
        }
        Ok((e.buf.clone(), (addr - base) as usize))
    }
}

/// A protection domain: the memory regions queue pairs may use and peers may name.
#[derive(Clone, Default)]
pub struct Pd {
    pub(crate) table: Arc<Padded<Mutex<MrTable>>>,
    /// The device's domain when this one belongs to the verbs provider.
    #[cfg(feature = "verbs")]
    pub(crate) hw: Option<Arc<verbs::HwPd>>,
}

impl Pd {
    /// A software domain (iwarp and loopback providers).
    pub fn new() -> Pd {
        Pd::default()
    }

    /// Whether a peer's Send With Invalidate can retire keys [`Pd::register`] hands out.
    /// The software providers can; on a device those are plain memory regions, which
    /// only memory windows or fast-registered regions could stand in for (a device
    /// fails the receive instead), so a consumer there asks for no remote invalidation.
    pub fn remote_invalidation(&self) -> bool {
        #[cfg(feature = "verbs")]
        if self.hw.is_some() {
            return false;
        }
        true
    }

    #[cfg(feature = "verbs")]
    pub(crate) fn with_hw(hw: Arc<verbs::HwPd>) -> Pd {
        Pd {
            table: Default::default(),
            hw: Some(hw),
        }
    }

    /// Registers `buf`. Keys are unique in the domain; the low byte varies so that a
    /// stale key from an earlier registration of the same slot does not match.
    ///
    /// # Panics
    /// On the verbs provider, when the device refuses the registration (out of
    /// resources or memory-lock limit); see [`Pd::try_register`].
    pub fn register(&self, buf: Arc<RegBuf>, access: Access) -> Mr {
        match self.try_register(buf, access) {
            Ok(mr) => mr,
            Err(e) => panic!("memory registration failed: {e}"),
        }
    }

    /// Registers `buf`, reporting a device's refusal as an error.
    pub fn try_register(&self, buf: Arc<RegBuf>, access: Access) -> Result<Mr> {
        #[cfg(feature = "verbs")]
        if let Some(hw) = &self.hw {
            let mr = verbs::register(hw, buf.clone(), access).ok_or_else(|| {
                Error::Io(std::io::Error::other(format!(
                    "ibv_reg_mr: {}",
                    std::io::Error::last_os_error()
                )))
            })?;
            self.table.lock().regions.insert(
                mr.rkey,
                MrEntry {
                    buf,
                    access,
                    valid: true,
                },
            );
            return Ok(mr);
        }
        let mut t = self.table.lock();
        t.next = t.next.wrapping_add(0x101);
        if t.next == 0 {
            t.next = 0x101;
        }
        let key = t.next;
        t.regions.insert(
            key,
            MrEntry {
                buf: buf.clone(),
                access,
                valid: true,
            },
        );
        Ok(Mr {
            lkey: key,
            rkey: key,
            buf,
            access,
        })
    }

    pub fn deregister(&self, mr: &Mr) {
        self.table.lock().regions.remove(&mr.rkey);
        #[cfg(feature = "verbs")]
        if let Some(hw) = &self.hw {
            hw.deregister(mr.lkey);
        }
    }

    /// Makes an invalidated key usable again (verbs: a fresh fast registration).
    pub fn revalidate(&self, mr: &Mr) {
        if let Some(e) = self.table.lock().regions.get_mut(&mr.rkey) {
            e.valid = true;
        }
    }

    /// The regions registered in the domain now.
    pub fn regions(&self) -> usize {
        self.table.lock().regions.len()
    }

    pub fn is_valid(&self, rkey: u32) -> bool {
        self.table
            .lock()
            .regions
            .get(&rkey)
            .is_some_and(|e| e.valid)
    }

    /// Local invalidation of a key.
    pub fn invalidate(&self, rkey: u32) -> bool {
        match self.table.lock().regions.get_mut(&rkey) {
            Some(e) if e.valid => {
                e.valid = false;
                true
            }
            _ => false,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WcStatus {
    Success,
    /// A receive buffer too small for the message, or a local length problem.
    LocalLength,
    /// A local key, bound or right was wrong.
    LocalProtection,
    /// The peer refused a remote key, bound or right.
    RemoteAccess,
    /// The peer failed the operation for another reason.
    RemoteOperation,
    /// The queue pair went to error; the request was not carried out.
    Flushed,
    /// The peer had no receive posted.
    ReceiverNotReady,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WcOpcode {
    Send,
    RdmaWrite,
    RdmaRead,
    Recv,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Completion {
    pub wr_id: u64,
    pub status: WcStatus,
    pub opcode: WcOpcode,
    pub byte_len: u32,
    /// For a receive of a Send With Invalidate: the local key it invalidated.
    pub invalidated_rkey: Option<u32>,
    pub qp_num: u32,
}

/// A completion queue shared by any number of queue pairs, polled in batches. (Each
/// completion names its queue pair; work request ids are the owner's to make unique.)
#[derive(Clone, Default)]
pub struct Cq {
    q: Arc<Padded<SoftCq>>,
    /// The device's queue when this one belongs to the verbs provider.
    #[cfg(feature = "verbs")]
    pub(crate) hw: Option<Arc<verbs::HwCq>>,
}

/// Completions queued in software, and how many (read without the lock: a poll that
/// finds none costs one load).
#[derive(Default)]
struct SoftCq {
    q: Mutex<VecDeque<Completion>>,
    len: std::sync::atomic::AtomicUsize,
}

impl SoftCq {
    /// Changes the queue under its lock, then publishes its length.
    fn with<R>(&self, f: impl FnOnce(&mut VecDeque<Completion>) -> R) -> R {
        let mut q = self.q.lock();
        let r = f(&mut q);
        self.len
            .store(q.len(), std::sync::atomic::Ordering::Release);
        r
    }
    fn is_empty(&self) -> bool {
        self.len.load(std::sync::atomic::Ordering::Acquire) == 0
    }
}

impl Cq {
    /// A software completion queue (iwarp and loopback providers).
    pub fn new() -> Cq {
        Cq::default()
    }
    #[cfg(feature = "verbs")]
    pub(crate) fn with_hw(hw: Arc<verbs::HwCq>) -> Cq {
        Cq {
            q: Default::default(),
            hw: Some(hw),
        }
    }
    pub(crate) fn push(&self, c: Completion) {
        self.q.with(|q| q.push_back(c));
    }
    /// Queues all of `batch` at once (emptying it).
    pub(crate) fn push_all(&self, batch: &mut Vec<Completion>) {
        self.q.with(|q| q.extend(batch.drain(..)));
    }
    /// Moves up to `max` completions into `out`; returns how many.
    pub fn poll(&self, out: &mut Vec<Completion>, max: usize) -> usize {
        #[cfg(feature = "verbs")]
        if let Some(hw) = &self.hw {
            // Completions peeked by is_empty come first.
            let n = self.take(out, max);
            return n + hw.poll(out, max - n);
        }
        self.take(out, max)
    }
    /// Moves up to `max` queued completions into `out`.
    fn take(&self, out: &mut Vec<Completion>, max: usize) -> usize {
        if self.q.is_empty() {
            return 0;
        }
        self.q.with(|q| {
            let n = q.len().min(max);
            out.extend(q.drain(..n));
            n
        })
    }
    /// Whether `other` is this queue (a clone of it).
    pub fn same(&self, other: &Cq) -> bool {
        Arc::ptr_eq(&self.q, &other.q)
    }
    /// The completions the queue can hold: a device's queue is fixed in size (overrun,
    /// it fails, and every queue pair on it with it); a software queue grows (None).
    pub fn capacity(&self) -> Option<usize> {
        #[cfg(feature = "verbs")]
        if let Some(hw) = &self.hw {
            return Some(hw.capacity());
        }
        None
    }
    pub fn is_empty(&self) -> bool {
        #[cfg(feature = "verbs")]
        if let (Some(hw), true) = (&self.hw, self.q.is_empty()) {
            // A device queue cannot be peeked: take one completion and keep it.
            let mut v = Vec::new();
            hw.poll(&mut v, 1);
            self.q.with(|q| q.extend(v));
        }
        self.q.is_empty()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SendOp {
    Send,
    SendWithInvalidate { rkey: u32 },
    SendWithSolicitedEvent,
    RdmaWrite { remote_addr: u64, rkey: u32 },
    RdmaRead { remote_addr: u64, rkey: u32 },
}

/// A work request's gather list: up to two entries inline (no allocation per post).
pub type Sges = smallvec::SmallVec<[Sge; 2]>;
pub use smallvec::smallvec as sges;

#[derive(Clone, Debug)]
pub struct SendWr {
    pub wr_id: u64,
    pub op: SendOp,
    pub sge: Sges,
    pub signaled: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecvWr {
    pub wr_id: u64,
    pub sge: Sge,
}

/// A shared receive queue: receives posted once, each taken by whichever attached queue
/// pair a message arrives on first, in posting order. A receive's completion goes to
/// the completion queue of the queue pair that took it and names that queue pair
/// ([`Completion::qp_num`]); its work request id is the poster's, unchanged. A queue
/// pair attached to one posts no receives of its own, and when it leaves service only
/// a receive it was in the middle of filling is flushed: the rest stay for the others.
///
/// [`Srq::new`] makes one for the software providers; a device makes its own
/// (`VerbsFabric::srq`, where the device has shared receive queues). Queue pairs attach
/// at [`ConnRequest::accept_srq`], in the queue's protection domain.
#[derive(Clone)]
pub struct Srq {
    soft: Arc<SoftSrq>,
    /// The device's queue when this one belongs to the verbs provider.
    #[cfg(feature = "verbs")]
    pub(crate) hw: Option<Arc<verbs::HwSrq>>,
}

struct SoftSrq {
    q: Mutex<VecDeque<RecvWr>>,
    capacity: usize,
}

impl Srq {
    /// A software queue holding at most `capacity` receives (iwarp and loopback).
    pub fn new(capacity: usize) -> Srq {
        Srq {
            soft: Arc::new(SoftSrq {
                q: Mutex::new(VecDeque::new()),
                capacity: capacity.max(1),
            }),
            #[cfg(feature = "verbs")]
            hw: None,
        }
    }

    #[cfg(feature = "verbs")]
    pub(crate) fn with_hw(hw: Arc<verbs::HwSrq>) -> Srq {
        let capacity = hw.capacity();
        let mut s = Srq::new(capacity);
        s.hw = Some(hw);
        s
    }

    /// Posts a receive for any attached queue pair. Fails when the queue is full.
    pub fn post_recv(&self, wr: RecvWr) -> Result<()> {
        #[cfg(feature = "verbs")]
        if let Some(hw) = &self.hw {
            return hw.post_recv(wr);
        }
        let mut q = self.soft.q.lock();
        if q.len() >= self.soft.capacity {
            return Err(Error::InvalidRequest("shared receive queue full".into()));
        }
        q.push_back(wr);
        Ok(())
    }

    /// The receives the queue can hold.
    pub fn capacity(&self) -> usize {
        self.soft.capacity
    }

    /// The oldest posted receive, for a software queue pair a message arrived on.
    pub(crate) fn take(&self) -> Option<RecvWr> {
        self.soft.q.lock().pop_front()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QpState {
    Connecting,
    Connected,
    Error,
    Closed,
}

/// Connection-manager events of one queue pair.
///
/// Private data (here, in [`ConnRequest::private_data`] and in rejections) arrives as
/// sent on the software providers, but a transport with fixed-size private data fields
/// may deliver it padded with zeros to that size: RoCE and InfiniBand's connection
/// manager hands 56 bytes to a connect request and 196 to an accept, whatever was
/// sent. A protocol that needs the length carries it in the data (MS-SMBD sends none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CmEvent {
    Established {
        private_data: Vec<u8>,
        ird: u16,
        ord: u16,
    },
    Rejected {
        private_data: Vec<u8>,
    },
    /// The peer (or we) sent an RDMAP Terminate: layer, error type, error code.
    Terminated {
        layer: u8,
        etype: u8,
        code: u8,
        by_peer: bool,
    },
    Disconnected,
}

/// What wakes a worker asleep in the kernel when a queue pair has work for
/// [`QueuePair::progress`] again: a descriptor to poll, readable when bytes or events
/// came (and writable too, when `write`: bytes wait for room to leave). Software
/// providers are moved by the caller's thread, so it must be woken when they can move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wake {
    pub fd: std::os::fd::RawFd,
    pub write: bool,
}

pub trait QueuePair: Send {
    fn qp_num(&self) -> u32;
    fn state(&self) -> QpState;
    fn post_recv(&mut self, wr: RecvWr) -> Result<()>;
    fn post_send(&mut self, wr: SendWr) -> Result<()>;
    /// Moves bytes and turns what arrived into completions and events. Never blocks.
    /// Returns whether anything happened.
    fn progress(&mut self) -> Result<bool>;
    fn poll_event(&mut self) -> Option<CmEvent>;
    /// Orderly close; outstanding work requests are flushed. (Work a device had
    /// already taken may still complete successfully: callers accept either status for
    /// work posted before the close.)
    fn disconnect(&mut self);
    /// Bytes of posted work requests the provider holds in memory of its own, not yet
    /// on the wire: a software provider's send buffer, which grows while the peer does
    /// not read. (A NIC reads the registered memory instead: 0.) Upper layers count it
    /// against their send-queue bound.
    fn unsent_bytes(&self) -> usize {
        0
    }
    /// Arms the queue pair's wake-up and says what to poll for it; None when the
    /// provider has none (the caller polls it at intervals instead). After arming, the
    /// caller moves the queue pair once more before it sleeps: what came before the
    /// arming is seen then, what comes after makes the descriptor ready.
    fn wake(&self) -> Option<Wake> {
        None
    }
}

/// A connection request waiting for accept or reject.
pub trait ConnRequest: Send {
    /// The peer's private data: what it sent, possibly padded with zeros to the
    /// transport's fixed size (see [`CmEvent`]).
    fn private_data(&self) -> &[u8];
    /// The peer's inbound and outbound RDMA Read limits.
    fn ird_ord(&self) -> (u16, u16);
    fn peer(&self) -> String;
    /// Accepts: the queue pair, in `pd` with its completions on `cq`, and with its
    /// receives taken from `srq` when one is given (made in `pd`; the queue pair then
    /// takes no receives of its own).
    fn accept_on(
        self: Box<Self>,
        pd: &Pd,
        cq: &Cq,
        srq: Option<&Srq>,
        private_data: &[u8],
        ird: u16,
        ord: u16,
    ) -> Result<Box<dyn QueuePair>>;
    fn accept(
        self: Box<Self>,
        pd: &Pd,
        cq: &Cq,
        private_data: &[u8],
        ird: u16,
        ord: u16,
    ) -> Result<Box<dyn QueuePair>> {
        self.accept_on(pd, cq, None, private_data, ird, ord)
    }
    /// As [`ConnRequest::accept`], with the queue pair's receives taken from `srq`.
    fn accept_srq(
        self: Box<Self>,
        pd: &Pd,
        cq: &Cq,
        srq: &Srq,
        private_data: &[u8],
        ird: u16,
        ord: u16,
    ) -> Result<Box<dyn QueuePair>> {
        self.accept_on(pd, cq, Some(srq), private_data, ird, ord)
    }
    fn reject(self: Box<Self>, private_data: &[u8]);
}

pub trait Listener: Send {
    /// A new request, if one has completed its connection setup. Never blocks.
    fn poll_request(&mut self) -> Result<Option<Box<dyn ConnRequest>>>;
    fn local_addr(&self) -> String;
    /// The descriptors that become readable when `poll_request` may have something (a
    /// connection arriving, a handshake's bytes, a connection manager's event), put in
    /// `out`; false when the provider has none (the caller polls at intervals instead).
    fn wake(&self, out: &mut Vec<std::os::fd::RawFd>) -> bool {
        out.clear();
        false
    }
}

/// Limits a provider applies to every queue pair.
#[derive(Clone, Copy, Debug)]
pub struct QpCaps {
    pub max_recv_wr: usize,
    pub max_send_wr: usize,
    pub ird: u16,
    pub ord: u16,
}

impl Default for QpCaps {
    fn default() -> Self {
        QpCaps {
            max_recv_wr: 1024,
            max_send_wr: 1024,
            ird: 16,
            ord: 16,
        }
    }
}
