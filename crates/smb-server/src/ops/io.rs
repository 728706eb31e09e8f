//! READ, WRITE and FLUSH: the checks, what the worker does at once, and what it hands
//! the transport (`storage_io`).

use super::rdma_transform::{rdma_read_response, rdma_write_transform};
use super::storage_io::*;
use super::*;
use crate::limits::MAX_FILE_SIZE;

pub(super) fn flush(ctx: &Ctx) -> Outcome {
    let Ok(id) = msg::parse_flush(ctx.msg) else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    let open = match find_open(ctx, id) {
        Ok(o) => o,
        Err(e) => return Fail(e),
    };
    let Some(f) = open.file_obj() else {
        return Outcome::Done(NtStatus::SUCCESS, small_body());
    };
    if !open.can_write() && !open.is_directory {
        return Fail(NtStatus::ACCESS_DENIED);
    }
    // A flush after writes moves the write time now (not when the delay runs out).
    if open.modified.load(Ordering::Relaxed) && !open.keeps_write_time.load(Ordering::Relaxed) {
        open.write_time_now(ctx.now.filetime);
    }
    // The worker's ring does the fdatasync when it can: the worker serves other
    // requests while the device flushes, and answers once it has.
    if let (true, Some(fd)) = (ctx.defer_io, f.sync_fd()) {
        return sync_io(fd, &open, Answer::Flushed, None);
    }
    // A CephFS file's sync is a round trip to the cluster: its I/O threads make it.
    if let Some(at) = f
        .ring_target(0, 0)
        .filter(|t| ctx.defer_io && t.ceph.is_some())
    {
        return engine_flush_io(&open, at);
    }
    match f.sync() {
        Ok(()) => Outcome::Done(NtStatus::SUCCESS, small_body()),
        Err(e) => Fail(e),
    }
}

/// The open a READ or WRITE names, after the checks both share: a length within the
/// negotiated max, and RDMA channels only on SMB Direct, with valid descriptors. Returns
/// the descriptors of an RDMA channel request.
pub(super) fn data_open(
    ctx: &Ctx,
    write: bool,
    channel: u32,
    info: &[u8],
    length: u32,
    max: u32,
    id: FileId,
) -> Result<(Arc<Open>, Option<msg::Descriptors>), NtStatus> {
    if length > max {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    let descs = if channel == msg::channel::NONE {
        None
    } else {
        let Some(l) = ctx.rdma_limits else {
            return Err(NtStatus::INVALID_PARAMETER);
        };
        let (max_rw, transforms) = (l.max_read_write, l.transforms);
        // A READ never names channel 3: the server transforms its data on its own.
        if !write && channel == msg::channel::RDMA_TRANSFORM {
            return Err(NtStatus::INVALID_PARAMETER);
        }
        // The payload would cross the wire in the clear: an encrypted request may use an
        // RDMA channel only through the encryption transform.
        let encrypts = if write {
            channel == msg::channel::RDMA_TRANSFORM
        } else {
            ctx.dialect == smb_wire::negotiate::dialect::SMB311
                && transforms.contains(smb_wire::rdma_transform::id::ENCRYPTION)
        };
        if ctx.encrypted && !encrypts {
            return Err(NtStatus::ACCESS_DENIED);
        }
        let descs =
            crate::rdma::check_channel(channel, info, length, ctx.dialect, max_rw, transforms)?;
        // The client's buffer is retired with this request's answer, whatever it says
        // (an error too: the client reuses the registration once answered).
        if channel == msg::channel::RDMA_V1_INVALIDATE {
            if let (Some(d), Some(st)) = (descs.first(), ctx.rdma) {
                st.borrow_mut().invalidate = Some(d.token);
            }
        }
        Some(descs)
    };
    Ok((find_open(ctx, id)?, descs))
}

pub(super) fn read(ctx: &Ctx, max_read: u32) -> Outcome {
    let Ok(req) = msg::ReadRequest::parse(ctx.msg) else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    let (open, descs) = match data_open(
        ctx,
        false,
        req.channel,
        req.channel_info,
        req.length,
        max_read,
        req.file_id,
    ) {
        Ok(o) => o,
        Err(e) => return Fail(e),
    };
    if descs.is_some() && !matches!(open.kind, OpenKind::File(_)) {
        return Fail(NtStatus::INVALID_PARAMETER);
    }
    if let OpenKind::Pipe(p) = &open.kind {
        return match p.lock().read(req.length as usize) {
            None => Fail(NtStatus::PIPE_EMPTY),
            Some((data, more)) => {
                let mut body = Vec::with_capacity(16 + data.len());
                msg::encode_read_response_head(&mut body, data.len() as u32, 0);
                body.extend_from_slice(&data);
                let st = if more {
                    NtStatus::BUFFER_OVERFLOW
                } else {
                    NtStatus::SUCCESS
                };
                Outcome::Done(st, body)
            }
        };
    }
    if let Err(e) = read_allowed(ctx, &open, req.offset, req.length) {
        return Fail(e);
    }
    let hold = qos_admit(ctx, &open, u64::from(req.length));
    let f = open.file_obj().expect("file");
    let len = req.length as usize;
    if let (Some(d), true) = (&descs, req.minimum_count <= req.length) {
        if let Some(map) = mapped_read(ctx, &open, f, req.offset, len) {
            open.position
                .store(req.offset + len as u64, Ordering::Relaxed);
            let write = crate::rdma::RdmaWrite {
                descriptors: d.clone(),
                data: Vec::new(),
                lent: None,
                mapped: Some(crate::rdma::MappedRange {
                    map,
                    offset: req.offset as usize,
                    len,
                }),
            };
            // (mapped_read found the connection's RDMA state.)
            queue_rdma_write(ctx, write);
            return rdma_read_response(len, None);
        }
    }
    // A direct_io file: an aligned read goes to the device through the O_DIRECT twin,
    // straight into the lent buffer (the data then leaves from it by RDMA Write: no CPU
    // touches it) or into the response. Nothing to try in the page cache first.
    let direct = f
        .direct()
        .filter(|d| ctx.defer_io && d.fits(req.offset, len));
    // SMB Direct with a lent registered buffer free: the storage reads straight into it
    // and the data leaves by RDMA Write from there (no payload copy). Otherwise the data
    // goes into the response.
    let dest = read_dest(ctx, descs.is_some(), direct, len);
    // Where the transport's ring reads from (a shared virtual disk's read that lies whole
    // in one allocated block: the block's place in the VHDX file; other pieces of a
    // virtual disk are read through its engine).
    let (fd, at, file, (spdk, ceph)) = if ctx.defer_io {
        f.ring_target(req.offset, len as u64)
            .map_or((None, req.offset, None, (None, None)), |t| {
                (Some(t.fd), t.at, t.file, (t.spdk, t.ceph))
            })
    } else {
        (f.raw_fd(), req.offset, None, (None, None))
    };
    let on = (fd.unwrap_or(-1), crate::fixed::Descriptor::Plain);
    let io = StorageIo {
        file,
        spdk,
        ceph,
        minimum_count: req.minimum_count,
        descriptors: descs,
        dest,
        head: BODY_AT,
        hold,
        ..StorageIo::on(&open, on, IoKind::Read, at, req.length)
    };

    read_now(ctx, f, io, (req.offset, direct), fd.is_some())
}

/// What a READ may not do (MS-SMB2 3.3.5.12): read a directory, without read access,
/// past 2^63, across another open's byte-range lock, or from a shared disk its
/// initiator may not read.
fn read_allowed(ctx: &Ctx, open: &Open, offset: u64, length: u32) -> Result<(), NtStatus> {
    if open.is_directory {
        return Err(NtStatus::INVALID_DEVICE_REQUEST);
    }
    if !open.can_read() {
        return Err(NtStatus::ACCESS_DENIED);
    }
    if offset
        .checked_add(u64::from(length))
        .is_none_or(|e| e > i64::MAX as u64)
    {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    io_locked(ctx, open, offset, u64::from(length), false)?;
    if let Some(sv) = &open.svhdx {
        sv.admit(false, offset, u64::from(length))?;
    }
    Ok(())
}

/// Where a READ's data lands: a lent registered buffer (SMB Direct with one free: the
/// data leaves from it by RDMA Write, no payload copy), else the response itself, with
/// room for the header first (it goes out as built, not copied) and to shift the data
/// to an aligned address for a direct read.
fn read_dest(ctx: &Ctx, rdma: bool, direct: Option<DirectFd>, len: usize) -> IoDest {
    let lent = match (rdma, &ctx.rdma) {
        (true, Some(st)) => st.borrow_mut().take_lent(len),
        _ => None,
    };
    match lent {
        Some(b) => IoDest::Lent(b),
        None => {
            let align = direct.map_or(0, |d| d.mem_align as usize);
            let mut body = crate::bufs::take(BODY_AT + len + align);
            body.resize(FRAME, 0);
            msg::encode_read_response_head(&mut body, 0, 0);
            debug_assert_eq!(body.len(), BODY_AT);
            IoDest::Body(body)
        }
    }
}

/// A READ's I/O of the file at `offset` (the file's own offset: `io` names where the
/// transport would read, a virtual disk's block in its file): a direct read handed to
/// the transport; what the page cache holds read now; what would wait handed out;
/// without a transport that does I/O, read here.
fn read_now(
    ctx: &Ctx,
    f: &dyn crate::backend::FileObj,
    mut io: StorageIo,
    (offset, direct): (u64, Option<DirectFd>),
    has_fd: bool,
) -> Outcome {
    let len = io.length as usize;
    if let Some(d) = direct {
        if io.aim_direct(d) {
            io.poll = ctx
                .tree
                .as_ref()
                .and_then(|t| t.share.as_ref())
                .is_some_and(|s| s.io_poll);
            return Outcome::Io(io);
        }
    }
    let res = if ctx.defer_io && has_fd {
        // The transport does the I/O (io_uring) when it can: what the page cache holds
        // is read at once, and only a read that would wait for the device is handed out
        // (the worker goes on with other requests meanwhile).
        let cached = match &mut io.dest {
            IoDest::Body(b) => f.read_cached_append(offset, len, b),
            IoDest::Lent(b) => f.read_cached(offset, &mut b.bytes_mut()[..len]),
            IoDest::Nothing => None,
        };
        match cached {
            Some(r) => r,
            None => {
                if let IoDest::Body(b) = &mut io.dest {
                    // Room for the ring to read into.
                    b.resize(BODY_AT + len, 0);
                }
                return Outcome::Io(io);
            }
        }
    } else {
        match &mut io.dest {
            IoDest::Body(b) => f.read_append(offset, len, b),
            IoDest::Lent(b) => f.read_at(offset, &mut b.bytes_mut()[..len]),
            IoDest::Nothing => Ok(0),
        }
    };
    complete_io(ctx, io, res)
}

/// A `mapped_reads` share's READ over SMB Direct whose data may leave straight from the
/// page cache: the transport can send from a mapping, no RDMA transform protects the
/// data (signing or encrypting it needs a stable copy), and the file's mapping covers
/// the whole range (a read at or past the end goes the usual way and gets its short
/// count or END_OF_FILE there). Not inside a compound: the data is read when the fabric
/// moves it, after the requests that follow in the compound, which may change it.
pub(super) fn mapped_read(
    ctx: &Ctx,
    open: &Open,
    f: &dyn crate::backend::FileObj,
    offset: u64,
    len: usize,
) -> Option<Arc<dyn crate::backend::MappedFile>> {
    let share = ctx.tree.as_ref()?.share.as_ref()?;
    if !share.mapped_reads || share.direct_io || len == 0 || ctx.encrypted || !ctx.single {
        return None;
    }
    let l = ctx.rdma_limits?;
    let (maps, transforms) = (l.maps_files, l.transforms);
    let signed = ctx.hdr.flags & smb_wire::header::flags::SIGNED != 0;
    if !maps
        || (ctx.dialect == smb_wire::negotiate::dialect::SMB311
            && signed
            && transforms.contains(smb_wire::rdma_transform::id::SIGNING))
    {
        return None;
    }
    let fs = open.file.as_ref()?;
    fs.mapping(f, offset.checked_add(len as u64)?)
}

/// Storage QoS: counts a READ or WRITE of `bytes` to the open's flow (its session's
/// unmanaged flow when it names none and a default limit is set) and, past the flow's
/// maximum, holds the answer until the flow's time comes (set on the context; returned
/// for a read the transport completes). A SCSI READ or WRITE through the RSVD tunnel
/// counts the same.
pub(super) fn qos_admit(ctx: &Ctx, open: &Open, bytes: u64) -> Option<std::time::Instant> {
    let qos = &ctx.server.qos;
    if !open.has_qos.load(Ordering::Acquire) {
        if !qos.default_limited() {
            return None;
        }
        let mut slot = open.qos.lock();
        if slot.is_none() {
            *slot = Some(qos.attach(crate::qos::Qos::unmanaged_id(open.session_id), ctx.now.mono)?);
            open.has_qos.store(true, Ordering::Release);
        }
    }
    let until = qos.admit(open.qos.lock().as_ref()?, bytes, ctx.now.mono)?;
    let held = ctx.hold.get().map_or(until, |h| h.max(until));
    ctx.hold.set(Some(held));
    Some(until)
}

/// Whether someone's byte-range lock stops this I/O by `open`: FILE_LOCK_CONFLICT (on a
/// scale-out share, another node's lock too; FILE_NOT_AVAILABLE when the cluster cannot
/// say). Locks of durable opens whose time to reconnect has run out are dropped first.
pub(super) fn io_locked(
    ctx: &Ctx,
    open: &Open,
    off: u64,
    len: u64,
    write: bool,
) -> Result<(), NtStatus> {
    let Some(fs) = &open.file else {
        return Ok(());
    };
    if fs.range_locked.load(Ordering::Acquire) {
        let blocked = |fs: &FileState| fs.inner.lock().io_conflict(open.file_id, off, len, write);
        if blocked(fs) && (!expire_durable(ctx.server, ctx.now) || blocked(fs)) {
            return Err(NtStatus::FILE_LOCK_CONFLICT);
        }
    }
    match super::lock::scale_out_cluster(ctx.server, open) {
        Some(c) => c.io_allowed(fs.key, off, len, write),
        None => Ok(()),
    }
}

/// A WRITE's data that came by RDMA Read (in `g`): Length must be 0, the bytes as many
/// as RemainingBytes says; a transformed channel's are decrypted or checked in place,
/// and the descriptor to invalidate noted when the transform asks for it (channel
/// RDMA_V1_INVALIDATE's is noted when the channel is checked, in `data_open`).
fn fetched_data(
    ctx: &Ctx,
    req: &msg::WriteRequest,
    open: &Open,
    descs: &msg::Descriptors,
    g: &mut IncomingGuard<'_>,
) -> Result<(), NtStatus> {
    if req.length != 0 || !matches!(open.kind, OpenKind::File(_)) {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    let Some(d) = g.data.as_mut() else {
        return Err(NtStatus::INVALID_PARAMETER);
    };
    if d.len() != req.remaining_bytes as usize {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    if req.channel == msg::channel::RDMA_TRANSFORM
        && rdma_write_transform(ctx, req.channel_info, d.bytes_mut())?
    {
        if let Some(d) = descs.first() {
            g.st.borrow_mut().invalidate = Some(d.token);
        }
    }
    Ok(())
}

pub(super) fn write(ctx: &Ctx, max_write: u32) -> Outcome {
    let Ok(req) = msg::WriteRequest::parse(ctx.msg) else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    let rdma_len = if req.channel == msg::channel::NONE {
        req.length
    } else {
        req.remaining_bytes
    };
    let (open, descs) = match data_open(
        ctx,
        true,
        req.channel,
        req.channel_info,
        rdma_len,
        max_write,
        req.file_id,
    ) {
        Ok(o) => o,
        Err(e) => return Fail(e),
    };
    // Data that came by RDMA Read: Length must be 0 and the bytes arrive out of band
    // (in a registered buffer, which goes back to the lent ones when this returns).
    let mut fetched = None;
    if let (Some(descs), Some(st)) = (&descs, &ctx.rdma) {
        let g = fetched.insert(IncomingGuard {
            data: st.borrow_mut().incoming.take(),
            st,
        });
        if let Err(e) = fetched_data(ctx, &req, &open, descs, g) {
            return Fail(e);
        }
    }
    let data: &[u8] = match fetched.as_ref().and_then(|g| g.data.as_ref()) {
        Some(d) => d.bytes(),
        None => req.data,
    };
    if let OpenKind::Pipe(p) = &open.kind {
        let rpc = PipeCtx::of(ctx);
        return match p.lock().write(data, &rpc) {
            Ok(()) => write_answer(data.len() as u32),
            Err(e) => Fail(e),
        };
    }
    if open.is_directory {
        return Fail(NtStatus::INVALID_DEVICE_REQUEST);
    }
    if !open.can_write() {
        return Fail(NtStatus::ACCESS_DENIED);
    }
    let len = data.len() as u64;
    if let Err(e) = write_range(req.offset, len) {
        return Fail(e);
    }
    // The data change is under way until the data is written, here or by the engine. On
    // a shared disk it begins before the write's task: its break notifies and waits for
    // every node, which a task must not be held across (a node may be waiting for it).
    let shared = open.svhdx.is_some();
    let mut changing = shared
        .then(|| super::breaks::data_changing(ctx.server, &open, ctx.now.mono))
        .flatten();
    // On a shared disk the write is under way until it is in the file (a PREEMPT AND
    // ABORT waits for it).
    let _task = match open
        .svhdx
        .as_ref()
        .map(|sv| sv.admit(true, req.offset, len))
    {
        Some(Err(e)) => return Fail(e),
        Some(Ok(t)) => t,
        None => None,
    };
    if let Err(e) = io_locked(ctx, &open, req.offset, len, true) {
        return Fail(e);
    }
    if !shared {
        changing = super::breaks::data_changing(ctx.server, &open, ctx.now.mono);
    }
    qos_admit(ctx, &open, len);
    let f = open.file_obj().expect("file");
    // Offload tokens naming what this changes are spent before it changes.
    if let Some(fs) = &open.file {
        ctx.server.offload.written(fs.key, req.offset, len);
    }
    let kept = open.kept_times(f, ctx.now.filetime);
    let stable = req.flags & msg::WRITE_FLAG_WRITE_THROUGH != 0 || f.writes_through();
    // A write that would wait for the device goes to the transport's I/O engine (a
    // file of an SPDK share always, as a typed operation for its SPDK engine; a plain
    // file's when the page cache does not take it at once; a shared disk's writes go
    // through its engine and its reservations): the worker serves other requests
    // meanwhile, and a write-through one is written stable (RWF_DSYNC, a device flush).
    // What the page cache takes at once is written here, and a write-through one then
    // waits for the ring's fdatasync below (syncs of one file run together and share the
    // journal's commits; RWF_DSYNC writes through the page cache would be taken one at a
    // time).
    let mut written = None;
    if ctx.defer_io && len > 0 && open.svhdx.is_none() {
        let engine = f.ring_target(req.offset, len).filter(|t| t.engine());
        let before = match (&engine, f.raw_fd()) {
            (Some(_), _) => Some(0),
            (None, Some(_)) => match f.write_nowait(req.offset, data) {
                None => Some(0),
                Some(Ok(n)) => Some(n),
                Some(Err(e)) => return Fail(e),
            },
            (None, None) => None,
        };
        if let Some(before) = before.filter(|&b| b < data.len()) {
            let data = match fetched.as_mut().and_then(|g| g.data.take()) {
                Some(d) => WriteData::Fetched(d),
                None => WriteData::Owned(req.data.to_vec()),
            };
            let w = WriteIo {
                data,
                before,
                stable,
                kept,
                _changing: changing,
            };
            return match engine {
                Some(at) => engine_write_io(&open, at, req.offset, w, ctx.hold.get()),
                None => write_io(&open, f, req.offset, w, ctx.hold.get()),
            };
        }
        written = before;
    }
    let n = match written.map_or_else(|| f.write_at(req.offset, data), Ok) {
        Ok(n) => n,
        Err(e) => return Fail(e),
    };
    open.data_changed(f, kept, ctx.now.filetime);
    open.position
        .store(req.offset + n as u64, Ordering::Relaxed);
    if stable {
        // The data is in the page cache (readers see it now); the answer waits for it to
        // be stable. The worker's ring does the fdatasync when it can.
        if let (true, Some(fd)) = (ctx.defer_io, f.sync_fd()) {
            return sync_io(fd, &open, Answer::Wrote(n as u32), ctx.hold.get());
        }
        if let Err(e) = f.sync() {
            return Fail(e);
        }
    }
    write_answer(n as u32)
}

/// Whether a WRITE may reach `len` bytes at `offset`: offsets are signed on the wire, and
/// data may not reach past the largest file NTFS allows (a zero-length write anywhere
/// below 2^63 is a no-op).
fn write_range(offset: u64, len: u64) -> Result<(), NtStatus> {
    if offset > i64::MAX as u64
        || (len > 0 && offset.checked_add(len).is_none_or(|e| e > MAX_FILE_SIZE))
    {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    if len > 0 && offset + len == MAX_FILE_SIZE {
        // Windows cannot allocate the final cluster below the limit either.
        return Err(NtStatus::DISK_FULL);
    }
    Ok(())
}

/// Sets the end of an open's file; the file's mapping (mapped_reads) is made afresh at
/// the next read.
pub(super) fn truncate(
    server: &Server,
    open: &Open,
    f: &dyn crate::backend::FileObj,
    len: u64,
) -> Result<(), NtStatus> {
    if let Some(fs) = &open.file {
        server.offload.written(fs.key, len, u64::MAX);
    }
    let r = f.set_len(len);
    if let Some(fs) = &open.file {
        fs.unmap();
    }
    r
}
