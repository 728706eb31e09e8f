//! A share on SPDK: the namespace and data of `backend = "spdk"` shares, kept in an SPDK
//! blobstore on an NVMe namespace (or, for tests, a file through SPDK's aio bdev).
//! docs/architecture.md ("SPDK shares") gives the layout: one blob per file or
//! directory, names and metadata in the blob's extended attributes, every namespace
//! change one blob's metadata write. [`service::Service`] owns SPDK and the stores;
//! [`BlobShare`] and its files hand it jobs.

pub mod local;
pub mod ns;
mod ops;
pub mod service;
mod view;

pub use local::Local;

use std::sync::Arc;

use smb_server::backend::{
    BasicChange, CreateAction, DirEntry, Disposition, FileInfo, FileObj, FsInfo, Kind, OpenParams,
    Share, SharePath,
};
use smb_wire::msg::attrs;
use smb_wire::NtStatus;

use ns::{BlobId, Meta, Node};
use service::{Ctx, Service, Store};

/// A read's destination or a write's source, handed to the service thread.
pub struct SendPtr(pub *mut u8);

// SAFETY: the memory is used by the service thread only, while the request that owns it
// waits for its completion (the storage I/O interface's contract).
unsafe impl Send for SendPtr {}

impl SendPtr {
    fn ptr(&self) -> *mut u8 {
        self.0
    }
}

/// What an I/O engine is told when an operation it handed over is over: the bytes moved
/// or a negative errno.
pub type IoDone = Box<dyn FnOnce(i32) + Send>;

/// Hands a storage operation on an SPDK share's file to the node's SPDK service (for a
/// thread without an SPDK engine of its own, and the writes a worker's engine does not
/// make); `done` runs on the service thread when it is over. Operations run in turn; a
/// write-through write is flushed before `done`.
///
/// # Safety
/// A Read's or Write's buffer must stay valid and untouched until `done` has run.
pub unsafe fn submit(
    target: smb_server::storage_op::SpdkTarget,
    op: smb_server::storage_op::StorageOp,
    done: IoDone,
) {
    use smb_server::storage_op::StorageOp;
    let Some(svc) = service::running() else {
        return done(-libc::ENODEV);
    };
    let (i, id) = (target.store as usize, target.blob);
    match op {
        StorageOp::Read { offset, len, buf } => {
            let dst = SendPtr(buf);
            svc.post(move |ctx| {
                let Ctx { t, stores } = ctx;
                let Some(s) = stores.get_mut(i) else {
                    return done(-libc::ENODEV);
                };
                // SAFETY: `dst` holds `len` writable bytes, untouched by anyone else
                // until `done` runs (the storage I/O interface's contract).
                let out = unsafe { std::slice::from_raw_parts_mut(dst.ptr(), len as usize) };
                done(match s.read(t, id, offset, out) {
                    Ok(n) => n as i32,
                    Err(e) => -status_errno(e),
                })
            });
        }
        StorageOp::Flush => svc.post(move |ctx| {
            let Ctx { t, stores } = ctx;
            let r = stores.get_mut(i).map(|s| s.flush(t, id));
            done(match r {
                Some(Ok(())) => 0,
                _ => -libc::EIO,
            })
        }),
        StorageOp::Write {
            offset,
            len,
            buf,
            stable,
        } => {
            let src = SendPtr(buf.cast_mut());
            svc.post(move |ctx| {
                let Ctx { t, stores } = ctx;
                let Some(s) = stores.get_mut(i) else {
                    return done(-libc::ENODEV);
                };
                // SAFETY: `src` holds `len` bytes, untouched until `done` runs (the
                // storage I/O interface's contract).
                let data = unsafe { std::slice::from_raw_parts(src.ptr(), len as usize) };
                let r = s.write(t, id, offset, data, now()).and_then(|n| {
                    if stable {
                        s.flush_device(t).map(|()| n)
                    } else {
                        Ok(n)
                    }
                });
                done(match r {
                    Ok(n) => n as i32,
                    Err(e) => -status_errno(e),
                })
            });
        }
        // (Zeroing and trims of SPDK shares are not handed out: the engine makes them
        // through the backend.)
        _ => done(-libc::EOPNOTSUPP),
    }
}

/// The errno an I/O engine reports for a status (the engine maps it back).
fn status_errno(s: NtStatus) -> i32 {
    match s {
        NtStatus::DISK_FULL => libc::ENOSPC,
        NtStatus::INVALID_PARAMETER => libc::EINVAL,
        NtStatus::FILE_DELETED => libc::ESTALE,
        NtStatus::INSUFFICIENT_RESOURCES => libc::ENOMEM,
        _ => libc::EIO,
    }
}

fn now() -> u64 {
    smb_wire::filetime::of(crate::clock::wall())
}

fn info_of(s: &Store, id: BlobId, n: &Node) -> FileInfo {
    let dir = n.meta.dir;
    let mut attributes = n.meta.attributes & !attrs::DIRECTORY;
    if dir {
        attributes |= attrs::DIRECTORY;
    } else if attributes == 0 {
        attributes = attrs::NORMAL;
    }
    FileInfo {
        creation_time: n.meta.creation,
        last_access_time: n.meta.access,
        // (The workers' writes since the blob was opened count too.)
        last_write_time: n.meta.write.max(s.open.get(&id).map_or(0, |o| {
            o.view.written.load(std::sync::atomic::Ordering::Acquire)
        })),
        change_time: n.meta.change,
        // Allocation as NTFS shows it: the data in 4 KiB clusters, more while a
        // client's request for more stands (the store's own 1 MiB clusters are its
        // business).
        allocation_size: if dir {
            0
        } else {
            n.meta
                .eof
                .next_multiple_of(4096)
                .max(n.meta.alloc.next_multiple_of(4096))
        },
        end_of_file: if dir { 0 } else { n.meta.eof },
        attributes,
        number_of_links: 1,
        is_directory: dir,
        file_id: id,
        device_id: s.device_id,
        ea_size: smb_wire::fscc::ea_list_size(&n.eas),
    }
}

/// One SPDK share: a store of the service.
pub struct BlobShare {
    svc: Arc<Service>,
    store: usize,
}

impl BlobShare {
    pub fn new(svc: Arc<Service>, store: usize) -> BlobShare {
        BlobShare { svc, store }
    }

    /// Run `f` on the service thread with this share's store.
    fn with<R: Send + 'static>(
        &self,
        f: impl FnOnce(&spdk::Thread, &mut Store) -> Result<R, NtStatus> + Send + 'static,
    ) -> Result<R, NtStatus> {
        let i = self.store;
        self.svc.call(move |ctx: &mut Ctx| {
            let Ctx { t, stores } = ctx;
            f(t, &mut stores[i])
        })?
    }

    fn file(
        &self,
        id: BlobId,
        view: Arc<view::BlobView>,
        dir: bool,
        write_through: bool,
    ) -> Box<dyn FileObj> {
        Box::new(BlobFile {
            dir,
            write_through,
            held: Arc::new(Held {
                svc: self.svc.clone(),
                store: self.store,
                id,
                view,
            }),
        })
    }
}

fn open_in(
    t: &spdk::Thread,
    s: &mut Store,
    path: &SharePath,
    p: &OpenParams,
) -> Result<(BlobId, bool, CreateAction), NtStatus> {
    let now = now();
    match s.ns.lookup(path) {
        Ok(id) => {
            let dir = s.node(id)?.meta.dir;
            let action = smb_server::backend::existing_action(dir, p)?;
            s.acquire(t, id)?;
            if action != CreateAction::Opened {
                let r = overwrite(t, s, id, p, now);
                if let Err(e) = r {
                    s.release(t, id);
                    return Err(e);
                }
            }
            Ok((id, dir, action))
        }
        Err(NtStatus::OBJECT_NAME_NOT_FOUND) => {
            if matches!(p.disposition, Disposition::Open | Disposition::Overwrite) {
                return Err(NtStatus::OBJECT_NAME_NOT_FOUND);
            }
            let (parent, name) = s.ns.parent_of(path)?;
            let dir = p.kind == Kind::Directory;
            let given = p.attributes & attrs::SETTABLE;
            let meta = Meta {
                dir,
                attributes: if dir {
                    given | attrs::DIRECTORY
                } else {
                    given | attrs::ARCHIVE
                },
                creation: now,
                access: now,
                write: now,
                change: now,
                eof: 0,
                alloc: 0,
            };
            let id = s.create(t, parent, name, meta)?;
            s.acquire(t, id)?;
            if !dir && p.allocation_size > 0 {
                if let Err(e) = s.allocate(t, id, p.allocation_size) {
                    s.release(t, id);
                    return Err(e);
                }
            }
            Ok((id, dir, CreateAction::Created))
        }
        Err(e) => Err(e),
    }
}

fn overwrite(
    t: &spdk::Thread,
    s: &mut Store,
    id: BlobId,
    p: &OpenParams,
    now: u64,
) -> Result<(), NtStatus> {
    s.set_len(t, id, 0, now)?;
    if let Some(n) = s.ns.get_mut(id) {
        n.meta.attributes = (p.attributes & attrs::SETTABLE) | attrs::ARCHIVE;
        n.meta.alloc = 0;
    }
    s.save_meta(t, id)?;
    if p.allocation_size > 0 {
        s.allocate(t, id, p.allocation_size)?;
    }
    Ok(())
}

impl Share for BlobShare {
    fn open(
        &self,
        path: &SharePath,
        p: &OpenParams,
    ) -> Result<(Box<dyn FileObj>, CreateAction), NtStatus> {
        let (path2, p2) = (path.clone(), p.clone());
        let (id, dir, action, view) = self.with(move |t, s| {
            let (id, dir, action) = open_in(t, s, &path2, &p2)?;
            let view = s.open.get(&id).expect("just opened").view.clone();
            Ok((id, dir, action, view))
        })?;
        Ok((self.file(id, view, dir, p.write_through && !dir), action))
    }

    fn rename(&self, from: &SharePath, to: &SharePath, replace: bool) -> Result<(), NtStatus> {
        let (from, to) = (from.clone(), to.clone());
        self.with(move |t, s| {
            let id = s.ns.lookup(&from)?;
            if id == s.ns.root {
                return Err(NtStatus::ACCESS_DENIED);
            }
            let (parent, name) = s.ns.parent_of(&to)?;
            if s.ns.is_within(parent, id) {
                return Err(NtStatus::INVALID_PARAMETER);
            }
            match s.ns.child(parent, name) {
                Some(other) if other != id => {
                    if !replace {
                        return Err(NtStatus::OBJECT_NAME_COLLISION);
                    }
                    if s.node(other)?.meta.dir {
                        return Err(NtStatus::ACCESS_DENIED);
                    }
                    s.remove(t, other)?;
                }
                _ => {}
            }
            s.rename(t, id, parent, name)?;
            if let Some(n) = s.ns.get_mut(id) {
                n.meta.change = now();
            }
            Ok(())
        })
    }

    fn remove(&self, path: &SharePath, is_dir: bool) -> Result<(), NtStatus> {
        let path = path.clone();
        self.with(move |t, s| {
            let id = s.ns.lookup(&path)?;
            if id == s.ns.root {
                return Err(NtStatus::ACCESS_DENIED);
            }
            let dir = s.node(id)?.meta.dir;
            if dir != is_dir {
                return Err(if dir {
                    NtStatus::FILE_IS_A_DIRECTORY
                } else {
                    NtStatus::NOT_A_DIRECTORY
                });
            }
            if s.ns.has_children(id) {
                return Err(NtStatus::DIRECTORY_NOT_EMPTY);
            }
            s.remove(t, id)
        })
    }

    fn stat(&self, path: &SharePath) -> Result<FileInfo, NtStatus> {
        let path = path.clone();
        self.with(move |_, s| {
            let id = s.ns.lookup(&path)?;
            Ok(info_of(s, id, s.node(id)?))
        })
    }

    fn fs_info(&self) -> Result<FsInfo, NtStatus> {
        self.with(|_, s| {
            let bs = s.bs();
            let free = bs.free_clusters() * s.cluster;
            Ok(FsInfo {
                total_bytes: bs.total_clusters() * s.cluster,
                free_bytes: free,
                avail_bytes: free,
                bytes_per_sector: s.unit as u32,
                sectors_per_unit: 1,
                max_name_len: 255,
                volume_serial: (s.device_id as u32).wrapping_mul(0x9E37_79B9),
                volume_creation_time: s.node(s.ns.root)?.meta.creation,
                keeps_xattrs: true,
                sparse_files: false,
                block_refcounting: false,
            })
        })
    }

    fn canonical(&self, path: &SharePath) -> SharePath {
        let p = path.clone();
        self.with(move |_, s| Ok(s.ns.canonical(&p)))
            .unwrap_or_else(|_| path.clone())
    }

    fn security(&self, path: &SharePath) -> Option<Vec<u8>> {
        let path = path.clone();
        self.with(move |_, s| {
            let id = s.ns.lookup(&path)?;
            Ok(s.node(id)?.sd.clone())
        })
        .ok()
        .flatten()
    }
}

/// An open file or directory of an SPDK share.
pub struct BlobFile {
    dir: bool,
    write_through: bool,
    /// The blob's hold: shared with I/O under way, which keeps it open.
    held: Arc<Held>,
}

/// An open blob held: released on the service when the handle and every I/O under way
/// on it are gone.
struct Held {
    svc: Arc<Service>,
    store: usize,
    id: BlobId,
    view: Arc<view::BlobView>,
}

impl BlobFile {
    fn with<R: Send + 'static>(
        &self,
        f: impl FnOnce(&spdk::Thread, &mut Store, BlobId) -> Result<R, NtStatus> + Send + 'static,
    ) -> Result<R, NtStatus> {
        let (i, id) = (self.held.store, self.held.id);
        self.held.svc.call(move |ctx: &mut Ctx| {
            let Ctx { t, stores } = ctx;
            f(t, &mut stores[i], id)
        })?
    }

    fn data(&self) -> Result<(), NtStatus> {
        if self.dir {
            Err(NtStatus::INVALID_DEVICE_REQUEST)
        } else {
            Ok(())
        }
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let (i, id) = (self.store, self.id);
        self.svc.post(move |ctx| {
            let Ctx { t, stores } = ctx;
            stores[i].release(t, id);
        });
    }
}

impl FileObj for BlobFile {
    fn info(&self) -> Result<FileInfo, NtStatus> {
        self.with(|_, s, id| Ok(info_of(s, id, s.node(id)?)))
    }

    fn read_at(&self, offset: u64, buf: &mut [u8]) -> Result<usize, NtStatus> {
        self.data()?;
        let len = buf.len();
        let data = self.with(move |t, s, id| {
            let mut v = vec![0u8; len];
            let n = s.read(t, id, offset, &mut v)?;
            v.truncate(n);
            Ok(v)
        })?;
        buf[..data.len()].copy_from_slice(&data);
        Ok(data.len())
    }

    fn write_at(&self, offset: u64, data: &[u8]) -> Result<usize, NtStatus> {
        self.data()?;
        let data = data.to_vec();
        self.with(move |t, s, id| s.write(t, id, offset, &data, now()))
    }

    fn writes_through(&self) -> bool {
        self.write_through
    }

    fn sync(&self) -> Result<(), NtStatus> {
        self.with(|t, s, id| s.flush(t, id))
    }

    fn set_len(&self, len: u64) -> Result<(), NtStatus> {
        self.data()?;
        self.with(move |t, s, id| s.set_len(t, id, len, now()))
    }

    fn allocate(&self, len: u64) -> Result<(), NtStatus> {
        self.data()?;
        self.with(move |t, s, id| s.allocate(t, id, len))
    }

    fn set_basic(&self, c: &BasicChange) -> Result<(), NtStatus> {
        let c = *c;
        self.with(move |t, s, id| {
            let n = s.ns.get_mut(id).ok_or(NtStatus::FILE_DELETED)?;
            let m = &mut n.meta;
            for (field, v) in [
                (&mut m.creation, c.creation_time),
                (&mut m.access, c.last_access_time),
                (&mut m.write, c.last_write_time),
                (&mut m.change, c.change_time),
            ] {
                if let Some(v) = v {
                    *field = v;
                }
            }
            if let Some(a) = c.attributes {
                let keep = m.attributes & attrs::DIRECTORY;
                m.attributes = (a & (attrs::SETTABLE | attrs::SPARSE_FILE)) | keep;
            }
            s.save_meta(t, id)
        })
    }

    fn list_dir(&self) -> Result<Vec<DirEntry>, NtStatus> {
        self.with(|_, s, id| {
            let mut out = Vec::new();
            for c in s.ns.children(id) {
                let n = s.node(c)?;
                out.push(DirEntry {
                    name: n.name.clone(),
                    info: info_of(s, c, n),
                });
            }
            Ok(out)
        })
    }

    fn child_info(&self, name: &str) -> Result<FileInfo, NtStatus> {
        let name = name.to_string();
        self.with(move |_, s, id| {
            let c =
                s.ns.child(id, &name)
                    .ok_or(NtStatus::OBJECT_NAME_NOT_FOUND)?;
            Ok(info_of(s, c, s.node(c)?))
        })
    }

    fn zero_range(&self, offset: u64, len: u64) -> Result<(), NtStatus> {
        self.data()?;
        self.with(move |t, s, id| s.zero(t, id, offset, len))
    }

    fn raw_fd(&self) -> Option<i32> {
        None
    }

    /// Reads are handed to the SPDK service by the transport's I/O engine (several in
    /// flight, the worker free meanwhile).
    fn ring_target(&self, offset: u64, _len: u64) -> Option<smb_server::backend::RingTarget> {
        if self.dir {
            return None;
        }
        Some(smb_server::backend::RingTarget {
            fd: -1,
            at: offset,
            // The request keeps the blob open (and its view alive) until it is reported.
            file: Some(smb_server::backend::RingFile {
                key: 0,
                keep: self.held.clone(),
            }),
            spdk: Some(smb_server::storage_op::SpdkTarget {
                store: self.held.store as u32,
                blob: self.held.id,
                view: Arc::as_ptr(&self.held.view) as usize,
            }),
            ceph: None,
        })
    }

    fn eas(&self) -> Result<Vec<smb_wire::fscc::Ea>, NtStatus> {
        self.with(|_, s, id| Ok(s.node(id)?.eas.clone()))
    }

    fn set_eas(&self, changes: &[smb_wire::fscc::Ea]) -> Result<(), NtStatus> {
        let changes = changes.to_vec();
        self.with(move |t, s, id| s.set_eas(t, id, &changes))
    }

    fn security(&self) -> Option<Vec<u8>> {
        self.with(|_, s, id| Ok(s.node(id)?.sd.clone()))
            .ok()
            .flatten()
    }

    fn set_security(&self, sd: &[u8]) -> Result<(), NtStatus> {
        let sd = sd.to_vec();
        self.with(move |t, s, id| s.set_sd(t, id, &sd))
    }
}
