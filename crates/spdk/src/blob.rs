//! The blobstore: open or make one on a bdev, blobs with extended attributes made in
//! the same metadata write, data I/O in io units through a thread's channel, and the
//! device flush the blobstore never issues by itself.

use std::ffi::{c_char, c_int, c_void, CString};

use crate::{check, Done, Error, Spdk, Thread};

pub type BlobId = u64;

fn cstr(what: &str, s: &str) -> Result<CString, Error> {
    CString::new(s).map_err(|_| Error::new(format!("{what}: NUL in {s:?}"), 22))
}

/// A loaded blobstore. Metadata calls go through the thread that opened it.
pub struct Blobstore {
    spdk: Spdk,
    ptr: *mut c_void,
}

// SAFETY: used through its md thread only; the handle itself is a plain pointer.
unsafe impl Send for Blobstore {}

impl Blobstore {
    /// Load the blobstore on bdev `bdev` (it must carry type `bstype`: a store of another
    /// type, or none, is refused), or with `create` make a new, empty one there
    /// (`cluster_sz` 0 takes SPDK's 1 MiB).
    pub fn open(
        md: &Thread,
        bdev: &str,
        create: bool,
        bstype: &str,
        cluster_sz: u32,
    ) -> Result<Blobstore, Error> {
        let lib = md.spdk.lib;
        let name = cstr("bdev", bdev)?;
        let ty = cstr("blobstore type", bstype)?;
        let what = if create {
            format!("blobstore create on {bdev}")
        } else {
            format!("blobstore load from {bdev}")
        };
        // SAFETY: the strings outlive the call (the shim copies what it keeps).
        let d = md.wait_ok(&what, |cb, arg| unsafe {
            (lib.smbd_bs_open)(
                name.as_ptr(),
                create as c_int,
                ty.as_ptr(),
                cluster_sz,
                cb,
                arg,
            )
        })?;
        Ok(Blobstore {
            spdk: md.spdk,
            ptr: d.ptr,
        })
    }

    /// Write the store's global metadata and release it (the clean shutdown: a later
    /// load does not need to rebuild the allocation maps).
    pub fn unload(self, md: &Thread) -> Result<(), Error> {
        let lib = self.spdk.lib;
        // SAFETY: our live store, unloaded once (self is consumed).
        md.wait_ok("blobstore unload", |cb, arg| unsafe {
            (lib.smbd_bs_unload)(self.ptr, cb, arg)
        })
        .map(drop)
    }

    /// Bytes per io unit (the unit of every offset and length in blob I/O).
    pub fn io_unit(&self) -> u64 {
        // SAFETY: live store.
        unsafe { (self.spdk.lib.smbd_bs_io_unit)(self.ptr) }
    }

    pub fn cluster_size(&self) -> u64 {
        // SAFETY: live store.
        unsafe { (self.spdk.lib.smbd_bs_cluster_size)(self.ptr) }
    }

    pub fn free_clusters(&self) -> u64 {
        // SAFETY: live store.
        unsafe { (self.spdk.lib.smbd_bs_free_clusters)(self.ptr) }
    }

    pub fn total_clusters(&self) -> u64 {
        // SAFETY: live store.
        unsafe { (self.spdk.lib.smbd_bs_total_clusters)(self.ptr) }
    }

    /// The blob recorded as the store's root (`None` when none is).
    pub fn super_blob(&self, md: &Thread) -> Result<Option<BlobId>, Error> {
        let lib = self.spdk.lib;
        // SAFETY: live store.
        let d = md.wait("blobstore super blob", |cb, arg| unsafe {
            (lib.smbd_bs_get_super)(self.ptr, cb, arg)
        })?;
        match d.rc {
            0 => Ok(Some(d.val)),
            -2 => Ok(None),
            rc => Err(Error::new("blobstore super blob", rc)),
        }
    }

    pub fn set_super_blob(&self, md: &Thread, id: BlobId) -> Result<(), Error> {
        let lib = self.spdk.lib;
        // SAFETY: live store.
        md.wait_ok("blobstore set super blob", |cb, arg| unsafe {
            (lib.smbd_bs_set_super)(self.ptr, id, cb, arg)
        })
        .map(drop)
    }

    /// A new blob of `clusters` clusters (thin: none allocated until written) whose
    /// extended attributes are written by the same metadata write that makes it.
    pub fn create(
        &self,
        md: &Thread,
        clusters: u64,
        thin: bool,
        xattrs: &[(&str, &[u8])],
    ) -> Result<BlobId, Error> {
        let names: Vec<CString> = xattrs
            .iter()
            .map(|(n, _)| cstr("xattr", n))
            .collect::<Result<_, _>>()?;
        let name_ptrs: Vec<*const c_char> = names.iter().map(|n| n.as_ptr()).collect();
        let vals: Vec<*const c_void> = xattrs.iter().map(|(_, v)| v.as_ptr().cast()).collect();
        let lens: Vec<usize> = xattrs.iter().map(|(_, v)| v.len()).collect();
        let lib = self.spdk.lib;
        // SAFETY: the arrays outlive the call; the blobstore copies the values while
        // creating the blob in memory, before the call returns.
        let d = md.wait_ok("blob create", |cb, arg| unsafe {
            (lib.smbd_blob_create)(
                self.ptr,
                clusters,
                thin as c_int,
                name_ptrs.as_ptr(),
                vals.as_ptr(),
                lens.as_ptr(),
                xattrs.len(),
                cb,
                arg,
            )
        })?;
        Ok(d.val)
    }

    pub fn open_blob(&self, md: &Thread, id: BlobId) -> Result<Blob, Error> {
        let lib = self.spdk.lib;
        // SAFETY: live store.
        let d = md.wait_ok(&format!("blob {id:#x} open"), |cb, arg| unsafe {
            (lib.smbd_blob_open)(self.ptr, id, cb, arg)
        })?;
        Ok(Blob {
            spdk: self.spdk,
            ptr: d.ptr,
        })
    }

    /// Remove a blob (closed everywhere) and free its clusters.
    pub fn delete(&self, md: &Thread, id: BlobId) -> Result<(), Error> {
        let lib = self.spdk.lib;
        // SAFETY: live store.
        md.wait_ok(&format!("blob {id:#x} delete"), |cb, arg| unsafe {
            (lib.smbd_blob_delete)(self.ptr, id, cb, arg)
        })
        .map(drop)
    }

    /// Every blob in the store, opened in turn and shown to `f` (which must not keep
    /// it: the walk closes each one as it moves on).
    pub fn for_each(&self, md: &Thread, mut f: impl FnMut(&Blob)) -> Result<(), Error> {
        let lib = self.spdk.lib;
        // SAFETY: live store.
        let mut d: Done = md.wait("blobstore walk", |cb, arg| unsafe {
            (lib.smbd_bs_iter_first)(self.ptr, cb, arg)
        })?;
        loop {
            if d.rc == -2 {
                return Ok(());
            }
            check("blobstore walk", d.rc)?;
            let blob = Blob {
                spdk: self.spdk,
                ptr: d.ptr,
            };
            f(&blob);
            // SAFETY: `blob` is the walk's current blob; _next closes it.
            d = md.wait("blobstore walk", |cb, arg| unsafe {
                (lib.smbd_bs_iter_next)(self.ptr, blob.ptr, cb, arg)
            })?;
        }
    }

    /// A channel for data I/O on the calling thread (each thread needs its own).
    pub fn channel(&self, t: &Thread) -> Result<Channel, Error> {
        // SAFETY: the store is alive while borrowed.
        unsafe { self.handle().channel(t) }
    }

    /// The store as a handle another thread may make its channel with.
    pub fn handle(&self) -> StoreRef {
        StoreRef {
            spdk: self.spdk,
            ptr: self.ptr,
        }
    }
}

/// A loaded blobstore, named by another thread than its md thread: for its own data
/// channel only. Valid while the [`Blobstore`] it came from is loaded.
#[derive(Clone, Copy)]
pub struct StoreRef {
    spdk: Spdk,
    ptr: *mut c_void,
}

// SAFETY: a plain pointer; the only call through it (a channel on the caller's thread)
// is one SPDK allows from any thread.
unsafe impl Send for StoreRef {}
unsafe impl Sync for StoreRef {}

impl StoreRef {
    /// A channel for data I/O on `t`.
    ///
    /// # Safety
    /// The store must still be loaded (not unloaded) and stay so until the channel is
    /// dropped.
    pub unsafe fn channel(&self, t: &Thread) -> Result<Channel, Error> {
        t.poll();
        // SAFETY: live store (the caller's contract); the channel belongs to the thread
        // just made current.
        let ptr = unsafe { (self.spdk.lib.smbd_bs_channel)(self.ptr) };
        if ptr.is_null() {
            return Err(Error::new("blobstore channel", 12));
        }
        Ok(Channel {
            spdk: self.spdk,
            ptr,
        })
    }
}

/// An open blob. Close it on the md thread with [`Blob::close`].
pub struct Blob {
    spdk: Spdk,
    ptr: *mut c_void,
}

// SAFETY: a handle; metadata through the md thread, data through a thread's channel.
unsafe impl Send for Blob {}

/// An open blob named by another thread than its md thread, for data I/O through that
/// thread's [`Channel`]. Valid while the [`Blob`] it came from is open.
#[derive(Clone, Copy)]
pub struct BlobRef(*mut c_void);

// SAFETY: a plain pointer; data I/O on a blob is allowed from any thread with its channel.
unsafe impl Send for BlobRef {}
unsafe impl Sync for BlobRef {}

impl Blob {
    /// The blob as a handle for data I/O on other threads.
    pub fn handle(&self) -> BlobRef {
        BlobRef(self.ptr)
    }

    pub fn id(&self) -> BlobId {
        // SAFETY: open blob.
        unsafe { (self.spdk.lib.smbd_blob_id)(self.ptr) }
    }

    pub fn clusters(&self) -> u64 {
        // SAFETY: open blob.
        unsafe { (self.spdk.lib.smbd_blob_clusters)(self.ptr) }
    }

    /// Set an attribute in memory (durable at the next [`Blob::sync_md`]). One
    /// attribute, name and value together, must fit in 4,072 bytes.
    pub fn set_xattr(&self, name: &str, value: &[u8]) -> Result<(), Error> {
        let n = cstr("xattr", name)?;
        // SAFETY: open blob; the blobstore copies the value.
        let rc = unsafe {
            (self.spdk.lib.smbd_blob_set_xattr)(
                self.ptr,
                n.as_ptr(),
                value.as_ptr().cast(),
                value.len(),
            )
        };
        check(&format!("xattr {name}"), rc)
    }

    pub fn xattr(&self, name: &str) -> Option<Vec<u8>> {
        let n = CString::new(name).ok()?;
        let mut v: *const c_void = std::ptr::null();
        let mut len = 0usize;
        // SAFETY: open blob; the value is copied out before anything can change it.
        let rc =
            unsafe { (self.spdk.lib.smbd_blob_get_xattr)(self.ptr, n.as_ptr(), &mut v, &mut len) };
        if rc != 0 || v.is_null() {
            return None;
        }
        // SAFETY: the blobstore returned `len` bytes at `v`.
        Some(unsafe { std::slice::from_raw_parts(v.cast::<u8>(), len) }.to_vec())
    }

    pub fn remove_xattr(&self, name: &str) -> Result<(), Error> {
        let n = cstr("xattr", name)?;
        // SAFETY: open blob.
        let rc = unsafe { (self.spdk.lib.smbd_blob_remove_xattr)(self.ptr, n.as_ptr()) };
        check(&format!("xattr {name} remove"), rc)
    }

    /// Change the size in clusters (in memory until [`Blob::sync_md`]).
    pub fn resize(&self, md: &Thread, clusters: u64) -> Result<(), Error> {
        let lib = self.spdk.lib;
        // SAFETY: open blob.
        md.wait_ok("blob resize", |cb, arg| unsafe {
            (lib.smbd_blob_resize)(self.ptr, clusters, cb, arg)
        })
        .map(drop)
    }

    /// Write the blob's metadata (size, attributes, extents) atomically and durably.
    pub fn sync_md(&self, md: &Thread) -> Result<(), Error> {
        let lib = self.spdk.lib;
        // SAFETY: open blob.
        md.wait_ok("blob metadata sync", |cb, arg| unsafe {
            (lib.smbd_blob_sync_md)(self.ptr, cb, arg)
        })
        .map(drop)
    }

    pub fn close(self, md: &Thread) -> Result<(), Error> {
        let lib = self.spdk.lib;
        // SAFETY: open blob, closed once (self is consumed).
        md.wait_ok("blob close", |cb, arg| unsafe {
            (lib.smbd_blob_close)(self.ptr, cb, arg)
        })
        .map(drop)
    }
}

/// A thread's channel for blob data I/O. Release it (drop) on that thread.
pub struct Channel {
    spdk: Spdk,
    ptr: *mut c_void,
}

// SAFETY: used and dropped on its thread by its owner.
unsafe impl Send for Channel {}

/// A data operation on a blob.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Io {
    Read,
    Write,
    Unmap,
    WriteZeroes,
}

impl Channel {
    /// Start `io` on `units` io units at `offset` of `blob` (opened on any thread);
    /// `done` runs inside a later poll of this channel's thread.
    ///
    /// # Safety
    /// For Read and Write, `buf` must be DMA memory of at least `units` io units that
    /// stays alive and untouched until `done` runs; the blob must stay open until then.
    pub unsafe fn submit_to(
        &self,
        blob: BlobRef,
        io: Io,
        buf: *mut c_void,
        offset: u64,
        units: u64,
        done: impl FnOnce(Done) + 'static,
    ) {
        let (cb, arg) = crate::callback(done);
        // SAFETY: the caller's contract above.
        unsafe { self.start(blob, io, buf, offset, units, cb, arg) }
    }

    /// `submit` and poll `t` until it completes.
    pub fn io(
        &self,
        t: &Thread,
        blob: &Blob,
        io: Io,
        buf: Option<&mut crate::DmaBuf>,
        offset: u64,
        units: u64,
    ) -> Result<(), Error> {
        let p = buf.map_or(std::ptr::null_mut(), |b| b.as_ptr());
        // SAFETY: `p` is the caller's DmaBuf, borrowed mutably until we return.
        unsafe { self.io_raw(t, blob, io, p, offset, units) }
    }

    /// [`Channel::io`] on memory the caller names.
    ///
    /// # Safety
    /// For Read and Write, `buf` must be DMA memory of at least `units` io units, alive
    /// and untouched by anyone else until this returns (after the completion; or after
    /// the wait gave up, when SPDK may still use it: the limit is a minute, far beyond
    /// any healthy device).
    pub unsafe fn io_raw(
        &self,
        t: &Thread,
        blob: &Blob,
        io: Io,
        buf: *mut c_void,
        offset: u64,
        units: u64,
    ) -> Result<(), Error> {
        // SAFETY: the caller's contract.
        t.wait_ok(&format!("blob {io:?}"), |cb, arg| unsafe {
            self.start(blob.handle(), io, buf, offset, units, cb, arg)
        })
        .map(drop)
    }

    /// # Safety
    /// As [`Channel::submit_to`]; `cb`/`arg` from [`crate::callback`].
    #[allow(clippy::too_many_arguments)]
    unsafe fn start(
        &self,
        blob: BlobRef,
        io: Io,
        buf: *mut c_void,
        offset: u64,
        units: u64,
        cb: crate::ffi::Cb,
        arg: *mut c_void,
    ) {
        let lib = self.spdk.lib;
        let (b, ch) = (blob.0, self.ptr);
        // SAFETY: live blob and channel; `buf` per the caller's contract.
        unsafe {
            match io {
                Io::Read => (lib.smbd_blob_read)(b, ch, buf, offset, units, cb, arg),
                Io::Write => (lib.smbd_blob_write)(b, ch, buf, offset, units, cb, arg),
                Io::Unmap => (lib.smbd_blob_unmap)(b, ch, offset, units, cb, arg),
                Io::WriteZeroes => (lib.smbd_blob_write_zeroes)(b, ch, offset, units, cb, arg),
            }
        }
    }
}

impl Drop for Channel {
    fn drop(&mut self) {
        // SAFETY: our channel, released once.
        unsafe { (self.spdk.lib.smbd_bs_channel_free)(self.ptr) };
    }
}

/// The bdev under a blobstore, opened for flushes on one thread.
pub struct Device {
    spdk: Spdk,
    desc: *mut c_void,
    ch: *mut c_void,
}

// SAFETY: used and dropped on its thread by its owner.
unsafe impl Send for Device {}

impl Device {
    pub fn open(t: &Thread, bdev: &str) -> Result<Device, Error> {
        let lib = t.spdk.lib;
        let n = cstr("bdev", bdev)?;
        t.poll();
        let mut rc: c_int = 0;
        // SAFETY: the current thread is `t`.
        let desc = unsafe { (lib.smbd_bdev_open)(n.as_ptr(), &mut rc) };
        check(&format!("bdev {bdev} open"), rc)?;
        // SAFETY: the descriptor just opened on this thread.
        let ch = unsafe { (lib.smbd_bdev_channel)(desc) };
        if ch.is_null() {
            // SAFETY: close what we opened.
            unsafe { (lib.smbd_bdev_close)(desc) };
            return Err(Error::new(format!("bdev {bdev} channel"), 12));
        }
        Ok(Device {
            spdk: t.spdk,
            desc,
            ch,
        })
    }

    /// Starts a flush of everything written before; `done` runs inside a later poll
    /// of this device's thread, once it reached stable media.
    pub fn submit_flush(&self, done: impl FnOnce(Done) + 'static) {
        let (cb, arg) = crate::callback(done);
        // SAFETY: our descriptor and channel; the completion is ours.
        unsafe { (self.spdk.lib.smbd_bdev_flush)(self.desc, self.ch, cb, arg) };
    }

    /// Everything written before reaches stable media before this returns.
    pub fn flush(&self, t: &Thread) -> Result<(), Error> {
        let lib = self.spdk.lib;
        // SAFETY: our descriptor and channel.
        t.wait_ok("device flush", |cb, arg| unsafe {
            (lib.smbd_bdev_flush)(self.desc, self.ch, cb, arg)
        })
        .map(drop)
    }
}

impl Drop for Device {
    fn drop(&mut self) {
        // SAFETY: ours, released once, channel before descriptor.
        unsafe {
            (self.spdk.lib.smbd_channel_put)(self.ch);
            (self.spdk.lib.smbd_bdev_close)(self.desc);
        }
    }
}
