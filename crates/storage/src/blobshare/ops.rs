//! What the service does to a store, on its thread: blobs opened and closed by
//! reference, namespace changes (each one blob's metadata write, synced before it
//! returns), and data moved through the store's DMA scratch buffer in io units (a
//! partial unit at either end is read, patched and written back).

use smb_wire::NtStatus;
use spdk::{Blob, Io, Thread};

use super::ns::{self, BlobId, Meta, Node};
use super::service::{errno_status, OpenBlob, Store, SCRATCH};

fn st(e: spdk::Error) -> NtStatus {
    tracing::warn!("spdk share: {e}");
    errno_status(&e)
}

fn div_up(a: u64, b: u64) -> u64 {
    a.div_ceil(b)
}

impl Store {
    pub fn node(&self, id: BlobId) -> Result<&Node, NtStatus> {
        self.ns.get(id).ok_or(NtStatus::FILE_DELETED)
    }

    /// Open `id` for a handle (or count one more).
    pub fn acquire(&mut self, t: &Thread, id: BlobId) -> Result<(), NtStatus> {
        if let Some(o) = self.open.get_mut(&id) {
            o.refs += 1;
            return Ok(());
        }
        let blob = self.bs().open_blob(t, id).map_err(st)?;
        let view = std::sync::Arc::new(super::view::BlobView::new(
            self.bs().handle(),
            self.index,
            self.bdev.as_str().into(),
            blob.handle(),
            (self.unit, self.cluster),
            self.node(id)?.meta.eof,
        ));
        self.open.insert(
            id,
            OpenBlob {
                blob,
                view,
                refs: 1,
                doomed: false,
            },
        );
        Ok(())
    }

    /// A handle let go of `id`: the last one closes it, and deletes it when it was
    /// removed meanwhile.
    pub fn release(&mut self, t: &Thread, id: BlobId) {
        let Some(o) = self.open.get_mut(&id) else {
            return;
        };
        o.refs = o.refs.saturating_sub(1);
        if o.refs > 0 {
            return;
        }
        // The time of the workers' writes, kept as the file's.
        let w = o.view.written.load(std::sync::atomic::Ordering::Acquire);
        if let Some(n) = self.ns.get_mut(id).filter(|n| w > n.meta.write) {
            n.meta.write = w;
            n.meta.change = n.meta.change.max(w);
            if let Err(e) = self.save_meta(t, id) {
                tracing::warn!(blob = id, "spdk share: times at close: {e}");
            }
        }
        let o = self.open.remove(&id).expect("present");
        if let Err(e) = o.blob.close(t) {
            tracing::warn!(blob = id, "spdk share: close: {e}");
        }
        if o.doomed {
            if let Err(e) = self.bs().delete(t, id) {
                tracing::warn!(blob = id, "spdk share: delete: {e}");
            }
        }
    }

    /// `f` on the blob, opened for the call if no handle has it open.
    fn with_blob<R>(
        &mut self,
        t: &Thread,
        id: BlobId,
        f: impl FnOnce(&Blob) -> Result<R, NtStatus>,
    ) -> Result<R, NtStatus> {
        if let Some(o) = self.open.get(&id) {
            return f(&o.blob);
        }
        let blob = self.bs().open_blob(t, id).map_err(st)?;
        let r = f(&blob);
        let closed = blob.close(t).map_err(st);
        let r = r?;
        closed?;
        Ok(r)
    }

    /// A new file or directory under `parent`, its attributes written by the metadata
    /// write that makes it.
    pub fn create(
        &mut self,
        t: &Thread,
        parent: BlobId,
        name: &str,
        meta: Meta,
    ) -> Result<BlobId, NtStatus> {
        let p = parent.to_le_bytes();
        let m = meta.encode();
        let xattrs: [(&str, &[u8]); 3] = [
            (ns::X_PARENT, &p),
            (ns::X_NAME, name.as_bytes()),
            (ns::X_META, &m),
        ];
        let id = self.bs().create(t, 0, true, &xattrs).map_err(st)?;
        self.ns.insert(
            id,
            Node {
                parent,
                name: name.to_string(),
                meta,
                clusters: 0,
                sd: None,
                eas: Vec::new(),
            },
        );
        Ok(id)
    }

    /// Writes the node's metadata as the namespace holds it now.
    pub fn save_meta(&mut self, t: &Thread, id: BlobId) -> Result<(), NtStatus> {
        let m = self.node(id)?.meta.encode();
        self.with_blob(t, id, |b| {
            b.set_xattr(ns::X_META, &m).map_err(st)?;
            b.sync_md(t).map_err(st)
        })
    }

    pub fn set_sd(&mut self, t: &Thread, id: BlobId, sd: &[u8]) -> Result<(), NtStatus> {
        if sd.len() > ns::MAX_XATTR {
            return Err(NtStatus::INSUFFICIENT_RESOURCES);
        }
        self.with_blob(t, id, |b| {
            b.set_xattr(ns::X_SD, sd).map_err(st)?;
            b.sync_md(t).map_err(st)
        })?;
        if let Some(n) = self.ns.get_mut(id) {
            n.sd = Some(sd.to_vec());
        }
        Ok(())
    }

    /// Applies EA changes (all or nothing) and writes the list.
    pub fn set_eas(
        &mut self,
        t: &Thread,
        id: BlobId,
        changes: &[smb_wire::fscc::Ea],
    ) -> Result<(), NtStatus> {
        let mut eas = self.node(id)?.eas.clone();
        crate::ealist::apply(&mut eas, changes)?;
        let b = crate::ealist::encode(&eas);
        if b.len() > ns::MAX_XATTR {
            return Err(NtStatus::EA_TOO_LARGE);
        }
        self.with_blob(t, id, |blob| {
            if b.is_empty() {
                // Absent already is fine.
                let _ = blob.remove_xattr(ns::X_EA);
            } else {
                blob.set_xattr(ns::X_EA, &b).map_err(st)?;
            }
            blob.sync_md(t).map_err(st)
        })?;
        if let Some(n) = self.ns.get_mut(id) {
            n.eas = eas;
        }
        Ok(())
    }

    pub fn rename(
        &mut self,
        t: &Thread,
        id: BlobId,
        parent: BlobId,
        name: &str,
    ) -> Result<(), NtStatus> {
        let p = parent.to_le_bytes();
        self.with_blob(t, id, |b| {
            b.set_xattr(ns::X_PARENT, &p).map_err(st)?;
            b.set_xattr(ns::X_NAME, name.as_bytes()).map_err(st)?;
            b.sync_md(t).map_err(st)
        })?;
        self.ns.rename(id, parent, name);
        Ok(())
    }

    /// Takes the name away durably. A blob no handle has open is deleted now; an open
    /// one is marked gone (a restart deletes it) and deleted at its last close.
    pub fn remove(&mut self, t: &Thread, id: BlobId) -> Result<(), NtStatus> {
        if let Some(o) = self.open.get_mut(&id) {
            o.blob.set_xattr(ns::X_GONE, &[1]).map_err(st)?;
            o.blob.sync_md(t).map_err(st)?;
            o.doomed = true;
        } else {
            self.bs().delete(t, id).map_err(st)?;
        }
        self.ns.remove(id);
        Ok(())
    }

    /// Reads at `offset`, up to the end of file.
    pub fn read(
        &mut self,
        t: &Thread,
        id: BlobId,
        offset: u64,
        out: &mut [u8],
    ) -> Result<usize, NtStatus> {
        let eof = self.node(id)?.meta.eof;
        if offset >= eof {
            return Ok(0);
        }
        let len = (out.len() as u64).min(eof - offset) as usize;
        let mut done = 0usize;
        while done < len {
            let at = offset + done as u64;
            let start = at - at % self.unit;
            let room = SCRATCH - (at - start) as usize;
            let n = (len - done).min(room);
            let end = div_up(at + n as u64, self.unit) * self.unit;
            self.unit_io(t, id, Io::Read, start, end - start)?;
            let skip = (at - start) as usize;
            out[done..done + n].copy_from_slice(&self.scratch.as_slice()[skip..skip + n]);
            done += n;
        }
        Ok(len)
    }

    /// Writes all of `data` at `offset`, growing the file (its allocation and end of
    /// file, made durable first) as needed.
    pub fn write(
        &mut self,
        t: &Thread,
        id: BlobId,
        offset: u64,
        data: &[u8],
        now: u64,
    ) -> Result<usize, NtStatus> {
        let end = offset
            .checked_add(data.len() as u64)
            .ok_or(NtStatus::INVALID_PARAMETER)?;
        let eof = self.node(id)?.meta.eof;
        if end > eof {
            self.grow(t, id, end)?;
        }
        // A partial unit is read, patched and written back: no worker writes meanwhile.
        let view = (!offset.is_multiple_of(self.unit) || !end.is_multiple_of(self.unit))
            .then(|| self.open.get(&id).map(|o| o.view.clone()))
            .flatten();
        let _patching = view.as_ref().map(|v| {
            let until = crate::clock::now() + std::time::Duration::from_secs(10);
            v.begin_patch(|| {
                t.poll();
                std::hint::spin_loop();
                let late = crate::clock::now() > until;
                if late {
                    tracing::error!(blob = id, "spdk share: a worker's write is not over");
                }
                !late
            })
        });
        let mut done = 0usize;
        while done < data.len() {
            let at = offset + done as u64;
            let start = at - at % self.unit;
            let room = SCRATCH - (at - start) as usize;
            let n = (data.len() - done).min(room);
            let stop = div_up(at + n as u64, self.unit) * self.unit;
            let head = (at - start) as usize;
            if head != 0 {
                self.unit_io(t, id, Io::Read, start, self.unit)?;
            }
            if !(at + n as u64).is_multiple_of(self.unit) && (head == 0 || stop - start > self.unit)
            {
                // The last unit, read into its place in the scratch buffer.
                self.unit_io_at(
                    t,
                    id,
                    Io::Read,
                    stop - self.unit,
                    self.unit,
                    (stop - self.unit - start) as usize,
                )?;
            }
            self.scratch.as_mut_slice()[head..head + n].copy_from_slice(&data[done..done + n]);
            self.unit_io(t, id, Io::Write, start, stop - start)?;
            done += n;
        }
        if let Some(node) = self.ns.get_mut(id) {
            node.meta.write = now;
            node.meta.change = now;
        }
        Ok(data.len())
    }

    /// End of file to `end` (beyond the current one): clusters added and the new size
    /// written in one metadata sync.
    fn grow(&mut self, t: &Thread, id: BlobId, end: u64) -> Result<(), NtStatus> {
        let need = div_up(end, self.cluster);
        let have = self.node(id)?.clusters;
        if need > self.bs().total_clusters() {
            // One file larger than the device: what a full volume answers.
            return Err(NtStatus::DISK_FULL);
        }
        self.resize_to(t, id, need.max(have), end)
    }

    /// The blob to `clusters` and its end of file to `eof`, in one metadata sync.
    fn resize_to(
        &mut self,
        t: &Thread,
        id: BlobId,
        clusters: u64,
        eof: u64,
    ) -> Result<(), NtStatus> {
        let have = self.node(id)?.clusters;
        let mut meta = self.node(id)?.meta;
        meta.eof = eof;
        let m = meta.encode();
        self.with_blob(t, id, |b| {
            if clusters != have {
                b.resize(t, clusters).map_err(st)?;
            }
            b.set_xattr(ns::X_META, &m).map_err(st)?;
            b.sync_md(t).map_err(st)
        })?;
        let n = self.ns.get_mut(id).expect("node");
        n.meta = meta;
        n.clusters = clusters;
        if let Some(o) = self.open.get(&id) {
            o.view.set_eof(eof);
            if clusters < have {
                o.view.keep_clusters(clusters);
            }
        }
        Ok(())
    }

    /// End of file to `len`: shrinking zeroes what the kept clusters hold past it (so a
    /// later extension reads zeros) and frees the clusters past it.
    pub fn set_len(&mut self, t: &Thread, id: BlobId, len: u64, now: u64) -> Result<(), NtStatus> {
        let node = self.node(id)?;
        let (eof, have) = (node.meta.eof, node.clusters);
        if len > eof {
            self.grow(t, id, len)?;
        } else if len < eof {
            let keep = div_up(len, self.cluster);
            let tail_end = eof.min(keep * self.cluster);
            if tail_end > len {
                self.zero_span(t, id, len, tail_end - len)?;
            }
            self.resize_to(t, id, keep.min(have), len)?;
        }
        if let Some(n) = self.ns.get_mut(id) {
            n.meta.write = now;
            n.meta.change = now;
        }
        Ok(())
    }

    /// Reserves clusters for `len` bytes and records the request; end of file stays.
    pub fn allocate(&mut self, t: &Thread, id: BlobId, len: u64) -> Result<(), NtStatus> {
        let need = div_up(len, self.cluster);
        let have = self.node(id)?.clusters;
        if need > have && need > self.bs().free_clusters() + have {
            return Err(NtStatus::DISK_FULL);
        }
        let mut meta = self.node(id)?.meta;
        meta.alloc = len;
        let m = meta.encode();
        self.with_blob(t, id, |b| {
            if need > have {
                b.resize(t, need).map_err(st)?;
            }
            b.set_xattr(ns::X_META, &m).map_err(st)?;
            b.sync_md(t).map_err(st)
        })?;
        let n = self.ns.get_mut(id).expect("node");
        n.clusters = need.max(have);
        n.meta.alloc = len;
        Ok(())
    }

    /// Zeroes `[offset, offset + len)` up to the end of file.
    pub fn zero(&mut self, t: &Thread, id: BlobId, offset: u64, len: u64) -> Result<(), NtStatus> {
        let eof = self.node(id)?.meta.eof;
        let end = offset.saturating_add(len).min(eof);
        if end > offset {
            self.zero_span(t, id, offset, end - offset)?;
        }
        Ok(())
    }

    fn zero_span(&mut self, t: &Thread, id: BlobId, offset: u64, len: u64) -> Result<(), NtStatus> {
        let end = offset + len;
        let first = div_up(offset, self.unit) * self.unit;
        let last = end - end % self.unit;
        if first >= last {
            // Within one unit (or two partial ones): patch with zeros.
            return self.patch_zeros(t, id, offset, end);
        }
        self.patch_zeros(t, id, offset, first)?;
        self.unit_io(t, id, Io::WriteZeroes, first, last - first)?;
        self.patch_zeros(t, id, last, end)
    }

    /// Zeros written over `[from, to)` (less than a unit or two: the partial units of a
    /// zeroing), the write time left as it is.
    fn patch_zeros(&mut self, t: &Thread, id: BlobId, from: u64, to: u64) -> Result<(), NtStatus> {
        if to > from {
            let zeros = vec![0u8; (to - from) as usize];
            self.write(t, id, from, &zeros, self.node(id)?.meta.write)?;
        }
        Ok(())
    }

    /// Everything written to the device stable (sizes are synced as they change; a
    /// write-through WRITE needs no more).
    pub fn flush_device(&self, t: &Thread) -> Result<(), NtStatus> {
        self.dev.as_ref().expect("open store").flush(t).map_err(st)
    }

    /// Everything written to the device, and the file's metadata, stable.
    pub fn flush(&mut self, t: &Thread, id: BlobId) -> Result<(), NtStatus> {
        if self.ns.get(id).is_some() {
            self.save_meta(t, id)?;
        }
        self.flush_device(t)
    }

    fn unit_io(
        &mut self,
        t: &Thread,
        id: BlobId,
        io: Io,
        at: u64,
        len: u64,
    ) -> Result<(), NtStatus> {
        self.unit_io_at(t, id, io, at, len, 0)
    }

    /// One device I/O of `len` bytes at byte `at` (both in whole units), through the
    /// scratch buffer from `skip`.
    fn unit_io_at(
        &mut self,
        t: &Thread,
        id: BlobId,
        io: Io,
        at: u64,
        len: u64,
        skip: usize,
    ) -> Result<(), NtStatus> {
        let Store {
            open,
            ch,
            scratch,
            unit,
            ..
        } = self;
        let o = open.get(&id).ok_or(NtStatus::INVALID_HANDLE)?;
        let ch = ch.as_ref().expect("open store");
        let units = len / *unit;
        if io == Io::WriteZeroes {
            ch.io(t, &o.blob, io, None, at / *unit, units).map_err(st)?;
        } else {
            debug_assert!(skip + len as usize <= scratch.len());
            // SAFETY: `skip + len` lies within the scratch buffer (at most SCRATCH plus
            // two units), which outlives the synchronous call and nothing else touches
            // meanwhile.
            unsafe {
                let p = scratch.as_ptr().cast::<u8>().add(skip);
                ch.io_raw(t, &o.blob, io, p.cast(), at / *unit, units)
            }
            .map_err(st)?;
        }
        if io != Io::Read {
            // Written (zeros included): its clusters are the blob's now.
            o.view.mark_allocated(at, len);
        }
        Ok(())
    }
}
