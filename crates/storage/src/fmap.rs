//! Read-only mappings of share files: the page cache's own pages in the server's address
//! space, for READ data that leaves by RDMA Write with no copy (`mapped_reads` shares).
//!
//! A mapped page past the end of its file raises SIGBUS when touched. The server keeps
//! reads inside the size a file had when mapped and maps afresh when it truncates, but a
//! file can still be cut short behind its back (another program, or a truncation racing
//! a read in flight). So every mapping is listed in a fixed table with a descriptor of its
//! file, and a SIGBUS handler that finds the faulting address in one, past the file's
//! present end, puts a page of zeros there (the read in flight completes, with zeros) and
//! marks that mapping damaged; the engine then maps the file afresh. Any other SIGBUS (a
//! fault outside our mappings, or inside the file: a device error reading the page, or
//! poisoned memory) goes to the handler that was there before (Rust's stack-overflow
//! check, or the default action, which ends the process): it is never answered with
//! zeros.

use smb_server::backend::MappedFile;
use std::io;
use std::os::fd::RawFd;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};
use std::sync::{Arc, Once};

/// Mappings alive at once; more files than this are read the usual way.
const SLOTS: usize = 1024;
/// A slot being filled or emptied: no address matches it.
const BUSY: usize = usize::MAX;

struct Slot {
    /// A descriptor of the mapped file (the handler asks it for the file's size).
    fd: AtomicI32,
    start: AtomicUsize,
    /// 0: free; BUSY: changing; else one past the mapping's last byte.
    end: AtomicUsize,
    damaged: AtomicBool,
}

#[allow(clippy::declare_interior_mutable_const)]
const FREE: Slot = Slot {
    fd: AtomicI32::new(-1),
    start: AtomicUsize::new(0),
    end: AtomicUsize::new(0),
    damaged: AtomicBool::new(false),
};
static TABLE: [Slot; SLOTS] = [FREE; SLOTS];

/// The SIGBUS action found at installation, called for faults outside our mappings.
static mut PREVIOUS: Option<libc::sigaction> = None;
static INSTALL: Once = Once::new();
static INSTALLED: AtomicBool = AtomicBool::new(false);
/// The page size, read once before the handler is installed.
static PAGE: AtomicUsize = AtomicUsize::new(4096);

fn page_size() -> usize {
    PAGE.load(Ordering::Relaxed)
}

extern "C" fn on_sigbus(sig: libc::c_int, info: *mut libc::siginfo_t, ctx: *mut libc::c_void) {
    // SAFETY: the kernel passes a valid siginfo for an SA_SIGINFO handler.
    let (code, addr) = unsafe { ((*info).si_code, (*info).si_addr() as usize) };
    // Only a nonexistent-address fault can be a truncation (not a machine-check error,
    // not a signal someone sent).
    for s in TABLE.iter().filter(|_| code == libc::BUS_ADRERR) {
        let end = s.end.load(Ordering::Acquire);
        if end == 0 || end == BUSY {
            continue;
        }
        let start = s.start.load(Ordering::Acquire);
        let fd = s.fd.load(Ordering::Acquire);
        // (The slot did not change under us.)
        if addr < start || addr >= end || s.end.load(Ordering::Acquire) != end {
            continue;
        }
        // Past the file's end now, or a fault reading a page that exists?
        // SAFETY: fstat fills a struct we own; it is async-signal-safe.
        let mut st: libc::stat = unsafe { std::mem::zeroed() };
        if unsafe { libc::fstat(fd, &mut st) } != 0 || ((addr - start) as i64) < st.st_size {
            break;
        }
        let page = addr & !(page_size() - 1);
        // SAFETY: replaces one page inside a mapping this module made and still owns
        // (the slot is listed until just before the unmap, and the thread that faulted is
        // reading it, so it is held): an anonymous zero page, read-only like the file's.
        // mmap is a plain system call, safe to make from a signal handler on Linux.
        let r = unsafe {
            libc::mmap(
                page as *mut libc::c_void,
                page_size(),
                libc::PROT_READ,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_FIXED,
                -1,
                0,
            )
        };
        if r != libc::MAP_FAILED {
            s.damaged.store(true, Ordering::Release);
            return;
        }
        break;
    }
    // Not ours (or the page could not be replaced): whoever handled SIGBUS before.
    // SAFETY: PREVIOUS is written once, before the handler is installed.
    let prev = unsafe { (*std::ptr::addr_of!(PREVIOUS)).as_ref().copied() };
    match prev {
        Some(p) if p.sa_sigaction != libc::SIG_DFL && p.sa_sigaction != libc::SIG_IGN => {
            if p.sa_flags & libc::SA_SIGINFO != 0 {
                // SAFETY: an SA_SIGINFO handler takes these three arguments.
                let f: extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void) =
                    unsafe { std::mem::transmute(p.sa_sigaction) };
                f(sig, info, ctx);
            } else {
                // SAFETY: a plain handler takes the signal number.
                let f: extern "C" fn(libc::c_int) = unsafe { std::mem::transmute(p.sa_sigaction) };
                f(sig);
            }
        }
        _ => {
            // The default action: returning re-runs the faulting access, which then
            // kills the process as it would have without us.
            // SAFETY: resetting a signal's disposition.
            unsafe { libc::signal(libc::SIGBUS, libc::SIG_DFL) };
        }
    }
}

fn install() -> bool {
    INSTALL.call_once(|| {
        // SAFETY: sysconf has no preconditions.
        let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        if p > 0 {
            PAGE.store(p as usize, Ordering::Relaxed);
        }
        // SAFETY: reading and replacing the SIGBUS action; PREVIOUS is written before the
        // new handler can run.
        unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(libc::SIGBUS, std::ptr::null(), &mut old) != 0 {
                return;
            }
            *std::ptr::addr_of_mut!(PREVIOUS) = Some(old);
            let mut sa: libc::sigaction = std::mem::zeroed();
            sa.sa_sigaction = on_sigbus as *const () as usize;
            sa.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
            libc::sigemptyset(&mut sa.sa_mask);
            if libc::sigaction(libc::SIGBUS, &sa, std::ptr::null_mut()) == 0 {
                INSTALLED.store(true, Ordering::Release);
            }
        }
    });
    INSTALLED.load(Ordering::Acquire)
}

/// How many files are mapped now.
pub fn live() -> usize {
    TABLE
        .iter()
        .filter(|s| !matches!(s.end.load(Ordering::Relaxed), 0 | BUSY))
        .count()
}

/// A file mapped read-only at the size it had then.
#[derive(Debug)]
pub struct FileMap {
    ptr: *mut u8,
    size: usize,
    /// Bytes mapped (whole pages).
    mapped: usize,
    slot: usize,
    /// The descriptor the handler fstats (held open, closed with the mapping).
    _fd: std::os::fd::OwnedFd,
}

// SAFETY: the mapping is read-only memory owned by this value; nothing in it is tied
// to a thread.
unsafe impl Send for FileMap {}
unsafe impl Sync for FileMap {}

impl FileMap {
    /// Maps the first `size` bytes (at least one) of `fd` (opened for reading). None when
    /// no table slot is free or the handler could not be installed; an error when mmap
    /// (or the descriptor the handler keeps) fails.
    pub fn new(fd: RawFd, size: u64) -> io::Result<Option<Arc<FileMap>>> {
        let Ok(size) = usize::try_from(size) else {
            return Ok(None);
        };
        if size == 0 || !install() {
            return Ok(None);
        }
        // SAFETY: the caller holds `fd` open for the length of this call.
        let dup = unsafe { std::os::fd::BorrowedFd::borrow_raw(fd) }.try_clone_to_owned()?;
        let Some(slot) = TABLE.iter().position(|s| {
            s.end
                .compare_exchange(0, BUSY, Ordering::AcqRel, Ordering::Relaxed)
                .is_ok()
        }) else {
            return Ok(None);
        };
        let mapped = size.div_ceil(page_size()) * page_size();
        // SAFETY: a new shared read-only mapping of an open file; the result is checked.
        let ptr = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                mapped,
                libc::PROT_READ,
                libc::MAP_SHARED,
                fd,
                0,
            )
        };
        if ptr == libc::MAP_FAILED {
            let e = io::Error::last_os_error();
            TABLE[slot].end.store(0, Ordering::Release);
            return Err(e);
        }
        // Reads land anywhere in the file: no readahead around faults.
        // SAFETY: advice on the mapping just made; failure is harmless.
        unsafe { libc::madvise(ptr, mapped, libc::MADV_RANDOM) };
        let s = &TABLE[slot];
        s.damaged.store(false, Ordering::Relaxed);
        s.fd.store(std::os::fd::AsRawFd::as_raw_fd(&dup), Ordering::Release);
        s.start.store(ptr as usize, Ordering::Release);
        s.end.store(ptr as usize + mapped, Ordering::Release);
        Ok(Some(Arc::new(FileMap {
            ptr: ptr as *mut u8,
            size,
            mapped,
            slot,
            _fd: dup,
        })))
    }
}

impl MappedFile for FileMap {
    fn base(&self) -> *const u8 {
        self.ptr
    }
    fn size(&self) -> usize {
        self.size
    }
    fn damaged(&self) -> bool {
        TABLE[self.slot].damaged.load(Ordering::Acquire)
    }
}

impl Drop for FileMap {
    fn drop(&mut self) {
        let s = &TABLE[self.slot];
        // Out of the table before the pages go: a fault there is no longer ours. (The
        // descriptor closes after the slot is free, with this value.)
        s.end.store(BUSY, Ordering::Release);
        s.start.store(0, Ordering::Release);
        s.fd.store(-1, Ordering::Release);
        // SAFETY: the mapping made in new, unmapped once.
        unsafe { libc::munmap(self.ptr as *mut libc::c_void, self.mapped) };
        s.end.store(0, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::os::fd::AsRawFd;

    fn read(m: &FileMap, off: usize, len: usize) -> Vec<u8> {
        assert!(off + len <= m.size());
        // SAFETY: inside the mapping; a truncated page reads as zeros (the handler).
        unsafe { std::slice::from_raw_parts(m.base().add(off), len).to_vec() }
    }

    #[test]
    fn maps_the_file_and_survives_its_truncation() {
        let mut f = tempfile::tempfile().unwrap();
        let data: Vec<u8> = (0..5 * 4096 + 100).map(|i| (i % 251) as u8 + 1).collect();
        f.write_all(&data).unwrap();
        let m = FileMap::new(f.as_raw_fd(), data.len() as u64)
            .unwrap()
            .unwrap();
        assert_eq!(m.size(), data.len());
        assert_eq!(read(&m, 4000, 9000), &data[4000..13000]);
        assert!(!m.damaged());
        // Written after mapping: the mapping is the page cache, so it sees the change.
        use std::os::unix::fs::FileExt;
        f.write_all_at(&[0xee; 10], 8192).unwrap();
        assert_eq!(read(&m, 8190, 14)[2..12], [0xee; 10]);
        // Cut short behind the mapping: pages past the new end read as zeros, no crash.
        f.set_len(4096).unwrap();
        let tail = read(&m, 3 * 4096, 4096);
        assert!(tail.iter().all(|&b| b == 0));
        assert!(m.damaged());
        assert_eq!(read(&m, 0, 10), &data[..10]);
        let slot = m.slot;
        drop(m);
        assert_eq!(TABLE[slot].end.load(Ordering::Relaxed), 0, "slot freed");
    }

    #[test]
    fn an_empty_file_is_not_mapped() {
        let f = tempfile::tempfile().unwrap();
        assert!(FileMap::new(f.as_raw_fd(), 0).unwrap().is_none());
    }
}
