//! READ, WRITE and FLUSH: the data path, storage reads handed to the transport (a SCSI
//! READ through the RSVD tunnel's too), RDMA transforms.

use super::rdma_transform::{rdma_read_response, rdma_read_transform, rdma_write_transform};
use super::*;
use crate::limits::MAX_FILE_SIZE;
use crate::storage_op::StorageOp;

/// A READ's, WRITE's, FLUSH's or tunnelled SCSI READ's storage I/O, handed to the
/// transport as a [`StorageOp`]: read `length` bytes at `offset` of `fd` into
/// [`StorageIo::target`], write them from the request's data, or fdatasync `fd`; the
/// transport reports the count, or a negative errno on failure.
pub struct StorageIo {
    pub fd: i32,
    /// Which of the open's descriptors `fd` is.
    which: crate::fixed::Descriptor,
    /// The file `fd` is when it is not one of the open's own (a virtual disk's), kept
    /// open until the I/O is reported.
    file: Option<crate::backend::RingFile>,
    kind: IoKind,
    pub offset: u64,
    pub length: u32,
    open: Arc<Open>,
    minimum_count: u32,
    channel: u32,
    descriptors: Option<msg::Descriptors>,
    dest: IoDest,
    /// Where the data starts in a `Body`: after the READ response's head, or after an
    /// IOCTL response's and the tunnel's for a SCSI READ through the RSVD tunnel.
    head: usize,
    /// Where the data lands in a `Body`, past its head: an O_DIRECT read needs an aligned
    /// address, and the data moves down to the head once read.
    shift: usize,
    /// A direct read on an `io_poll` share, and the device it reads from.
    pub poll: bool,
    pub dev: u64,
    /// Storage QoS: the answer waits until then (its flow is past its maximum).
    pub hold: Option<std::time::Instant>,
    /// A SCSI READ through the RSVD tunnel (an IOCTL), not an SMB2 READ.
    tunnel: Option<Box<TunnelRead>>,
}

/// What a [`StorageIo`] does.
enum IoKind {
    Read,
    /// An fdatasync: a FLUSH's, or (`wrote`) the one a write-through WRITE of that many
    /// bytes waits for (its answer is the WRITE's).
    Flush {
        wrote: Option<u32>,
    },
    /// A WRITE whose data the transport writes.
    Write(Box<WriteIo>),
}

/// A WRITE handed to the transport: its data, owned until the write is reported.
struct WriteIo {
    data: WriteData,
    /// Bytes of the data written before it was handed out (what the page cache took
    /// without waiting); the I/O engine writes the rest.
    before: usize,
    /// Stable before the answer (write-through): RWF_DSYNC, or FUA on a device.
    stable: bool,
    /// Times the handle keeps, set back after the write ([`Open::kept_times`]).
    kept: Option<crate::backend::BasicChange>,
}

/// A WRITE's data: copied out of the request PDU (TCP, inline), or the buffer the RDMA
/// Read filled (a lent registered buffer goes back to the lent ones when reported).
enum WriteData {
    Owned(Vec<u8>),
    Fetched(crate::rdma::Incoming),
}

impl WriteData {
    fn bytes(&self) -> &[u8] {
        match self {
            WriteData::Owned(v) => v,
            WriteData::Fetched(i) => i.bytes(),
        }
    }
}

pub(super) enum IoDest {
    /// Nothing to read into (a FLUSH).
    Nothing,
    /// The response: room for the header, its 16-byte head, then room for the data.
    Body(Vec<u8>),
    /// A lent registered buffer (SMB Direct): the data leaves from it by RDMA Write.
    Lent(Box<dyn crate::rdma::LentBuffer>),
}

impl StorageIo {
    /// Where the data goes: at least `length` writable bytes that stay put until the I/O
    /// is reported (they live on the heap, owned by this request).
    pub fn target(&mut self) -> *mut u8 {
        match &mut self.dest {
            IoDest::Body(b) => b[self.head + self.shift..].as_mut_ptr(),
            IoDest::Lent(b) => b.bytes_mut().as_mut_ptr(),
            IoDest::Nothing => std::ptr::null_mut(),
        }
    }

    /// Aims the read at the file's O_DIRECT descriptor: the target is aligned for it (a
    /// lent buffer must already be; a response body gets room to shift the data to an
    /// aligned address). False when the target cannot be.
    fn aim_direct(&mut self, d: DirectFd) -> bool {
        let len = self.length as usize;
        match &mut self.dest {
            IoDest::Lent(b) if d.aligned(b.bytes().as_ptr() as usize) => {}
            IoDest::Body(b) => {
                let a = d.mem_align.max(1) as usize;
                // Capacity for the head, the data and the largest shift: the resize below
                // never moves the buffer.
                b.reserve(len + a);
                let at = b.as_ptr() as usize + BODY_AT;
                self.shift = (a - at % a) % a;
                b.resize(BODY_AT + self.shift + len, 0);
            }
            _ => return false,
        }
        self.fd = d.fd;
        self.which = crate::fixed::Descriptor::Direct;
        self.file = None;
        self.dev = d.dev;
        true
    }

    /// The operation for the transport's I/O engine.
    pub fn op(&mut self) -> StorageOp {
        match &self.kind {
            IoKind::Read => StorageOp::Read {
                offset: self.offset,
                len: self.length,
                buf: self.target(),
            },
            IoKind::Flush { .. } => StorageOp::Flush,
            IoKind::Write(w) => StorageOp::Write {
                offset: self.offset,
                len: self.length,
                buf: w.data.bytes()[w.before..].as_ptr(),
                stable: w.stable,
            },
        }
    }

    /// The key `fd` may be registered under in the transport's io_uring file table.
    pub fn file_key(&self) -> u64 {
        self.file
            .as_ref()
            .map_or_else(|| self.open.key.hand_out(self.which), |f| f.key)
    }
}

/// Answers a READ, WRITE, FLUSH or tunnelled SCSI READ whose I/O the transport did: `res` is what the operation
/// returned (a byte count, or a negative errno).
pub fn finish_io(ctx: &Ctx, io: StorageIo, res: i32) -> Outcome {
    let res = if res < 0 {
        // As the storage backend maps a failed pread or fdatasync.
        Err(match -res {
            errno::EIO => NtStatus::IO_DEVICE_ERROR,
            errno::EISDIR => NtStatus::FILE_IS_A_DIRECTORY,
            errno::EINVAL => NtStatus::INVALID_PARAMETER,
            errno::ENOSPC | errno::EDQUOT => NtStatus::DISK_FULL,
            _ => NtStatus::INTERNAL_ERROR,
        })
    } else {
        Ok(res as usize)
    };
    complete_io(ctx, io, res)
}

/// The answer of a READ, sync or tunnelled SCSI READ once its I/O is done, however it
/// was done (at once on the worker, or by the transport's ring).
pub(super) fn complete_io(ctx: &Ctx, io: StorageIo, res: Result<usize, NtStatus>) -> Outcome {
    let give_back = |dest: IoDest| {
        if let (IoDest::Lent(b), Some(st)) = (dest, &ctx.rdma) {
            st.borrow_mut().lent.push(b);
        }
    };
    if let Some(t) = io.tunnel {
        return tunnel_answer(io.dest, &t, res == Ok(t.read.len));
    }
    match io.kind {
        IoKind::Read => {}
        IoKind::Flush { wrote } => {
            return match (res, wrote) {
                (Err(e), _) => Fail(e),
                (Ok(_), Some(n)) => write_answer(n),
                (Ok(_), None) => Outcome::Done(NtStatus::SUCCESS, small_body()),
            };
        }
        IoKind::Write(w) => return finish_write(ctx, &io.open, io.offset, *w, res),
    }
    let n = match res {
        Ok(n) => n.min(io.length as usize),
        Err(e) => {
            give_back(io.dest);
            return Fail(e);
        }
    };
    if (n == 0 && io.length > 0) || (n as u32) < io.minimum_count {
        give_back(io.dest);
        return Fail(NtStatus::END_OF_FILE);
    }
    // FilePositionInformation follows synchronous reads and writes (MS-FSA 2.1.5.2).
    io.open
        .position
        .store(io.offset + n as u64, Ordering::Relaxed);
    // The data travels by RDMA Write when the request named a channel; the response
    // says how much (3.3.5.12).
    let (data, lent, transform) = match io.dest {
        IoDest::Body(mut body) => {
            if io.shift > 0 {
                let at = BODY_AT + io.shift;
                body.copy_within(at..at + n, BODY_AT);
            }
            body.truncate(BODY_AT + n);
            if io.descriptors.is_none() {
                body[FRAME + 2] = if n == 0 { 0 } else { msg::READ_DATA_OFFSET };
                body.set_u32(FRAME + 4, n as u32);
                return Outcome::Framed(NtStatus::SUCCESS, body);
            }
            // No lent buffer was free: the data goes from a copy.
            let mut data = body.split_off(BODY_AT);
            let transform = rdma_read_transform(ctx, &mut data);
            (data, None, transform)
        }
        IoDest::Lent(mut buf) => {
            let transform = rdma_read_transform(ctx, &mut buf.bytes_mut()[..n]);
            (Vec::new(), Some((buf, n)), transform)
        }
        IoDest::Nothing => return Fail(NtStatus::INTERNAL_ERROR),
    };
    let Some(descriptors) = io.descriptors else {
        return Fail(NtStatus::INTERNAL_ERROR);
    };
    let write = crate::rdma::RdmaWrite {
        descriptors,
        data,
        lent,
        mapped: None,
    };
    if !queue_rdma_write(ctx, io.channel, write) {
        return Fail(NtStatus::INTERNAL_ERROR);
    }
    rdma_read_response(n, transform)
}

/// Hands the transport a READ's RDMA Write (sent before the response), with the key the
/// response's Send With Invalidate retires on channel RDMA_V1_INVALIDATE. False on a
/// connection without RDMA.
pub(super) fn queue_rdma_write(ctx: &Ctx, channel: u32, w: crate::rdma::RdmaWrite) -> bool {
    let Some(st) = &ctx.rdma else {
        return false;
    };
    let mut st = st.borrow_mut();
    if channel == msg::channel::RDMA_V1_INVALIDATE {
        st.invalidate = Some(w.descriptors[0].token);
    }
    st.writes.push(w);
    true
}

/// An fdatasync of `fd` for the transport's ring: a FLUSH's, or (`wrote`) the one a
/// write-through WRITE of that many bytes waits for.
pub(super) fn sync_io(
    fd: i32,
    open: &Arc<Open>,
    wrote: Option<u32>,
    hold: Option<std::time::Instant>,
) -> Outcome {
    Outcome::Io(StorageIo {
        fd,
        which: crate::fixed::Descriptor::Sync,
        file: None,
        kind: IoKind::Flush { wrote },
        offset: 0,
        length: 0,
        open: open.clone(),
        minimum_count: 0,
        channel: 0,
        descriptors: None,
        dest: IoDest::Nothing,
        head: 0,
        shift: 0,
        poll: false,
        dev: 0,
        hold,
        tunnel: None,
    })
}

/// A SCSI READ through the RSVD tunnel that the transport's ring reads, and the IOCTL
/// it came in.
pub(super) struct TunnelRead {
    read: rsvd::tunnel::DirectRead,
    ctl_code: u32,
    file_id: FileId,
}

/// A SCSI READ through the RSVD tunnel whose data the transport's ring reads from `at`
/// (the range lies whole in one allocated block of the virtual disk's top file): the
/// IOCTL response is built around where the data lands, as a READ's is.
pub(super) fn tunnel_read(
    open: &Arc<Open>,
    req: &msg::IoctlRequest,
    read: rsvd::tunnel::DirectRead,
    at: crate::backend::RingTarget,
    hold: Option<std::time::Instant>,
) -> Outcome {
    let len = read.len;
    let out = read.head.len() + len;
    let mut body = crate::bufs::take(FRAME + msg::IOCTL_RESPONSE_HEAD + out);
    body.resize(FRAME, 0);
    msg::encode_ioctl_response_head(&mut body, req.ctl_code, req.file_id, out as u32);
    body.extend_from_slice(&read.head);
    let head = body.len();
    body.resize(head + len, 0);
    Outcome::Io(StorageIo {
        fd: at.fd,
        which: crate::fixed::Descriptor::Plain,
        file: at.file,
        kind: IoKind::Read,
        offset: at.at,
        length: len as u32,
        open: open.clone(),
        minimum_count: 0,
        channel: 0,
        descriptors: None,
        dest: IoDest::Body(body),
        head,
        shift: 0,
        poll: false,
        dev: 0,
        hold,
        tunnel: Some(Box::new(TunnelRead {
            read,
            ctl_code: req.ctl_code,
            file_id: req.file_id,
        })),
    })
}

/// The IOCTL response of a tunnelled SCSI READ the ring did: as built when all the data
/// came, else CHECK CONDITION with a medium error and no data (the file under the disk
/// failed or came short).
fn tunnel_answer(dest: IoDest, t: &TunnelRead, whole: bool) -> Outcome {
    let IoDest::Body(mut body) = dest else {
        return Fail(NtStatus::INTERNAL_ERROR);
    };
    if !whole {
        tracing::warn!(
            offset = t.read.offset,
            len = t.read.len,
            "a shared virtual disk's read failed in the file under it"
        );
        body.truncate(FRAME);
        msg::encode_ioctl_response(&mut body, t.ctl_code, t.file_id, &t.read.failed());
    }
    Outcome::Framed(NtStatus::SUCCESS, body)
}

/// The READ response's fixed part, before inline data.
pub(super) const READ_HEAD: usize = 16;
/// Room for the SMB2 header at the front of a READ response built as [`Outcome::Framed`].
pub(super) const FRAME: usize = smb_wire::header::HEADER_LEN;
/// Where a framed READ response's data starts.
pub(super) const BODY_AT: usize = FRAME + READ_HEAD;

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
        open.write_time_now();
    }
    // The worker's ring does the fdatasync when it can: the worker serves other
    // requests while the device flushes, and answers once it has.
    if let (true, Some(fd)) = (ctx.defer_io, f.sync_fd()) {
        return sync_io(fd, &open, None, None);
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
        Some(crate::rdma::check_channel(
            channel,
            info,
            length,
            ctx.dialect,
            max_rw,
            transforms,
        )?)
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
    if open.is_directory {
        return Fail(NtStatus::INVALID_DEVICE_REQUEST);
    }
    if !open.can_read() {
        return Fail(NtStatus::ACCESS_DENIED);
    }
    if req
        .offset
        .checked_add(u64::from(req.length))
        .is_none_or(|e| e > i64::MAX as u64)
    {
        return Fail(NtStatus::INVALID_PARAMETER);
    }
    if let Some(fs) = &open.file {
        if io_blocked(
            ctx.server,
            fs,
            open.file_id,
            req.offset,
            u64::from(req.length),
            false,
        ) {
            return Fail(NtStatus::FILE_LOCK_CONFLICT);
        }
    }
    if let Some(sv) = &open.svhdx {
        if let Err(e) = sv.admit(false, req.offset, u64::from(req.length)) {
            return Fail(e);
        }
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
            queue_rdma_write(ctx, req.channel, write);
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
    let lent = match (&descs, &ctx.rdma) {
        (Some(_), Some(st)) => {
            let mut st = st.borrow_mut();
            st.lent
                .iter()
                .position(|b| b.capacity() >= len)
                .map(|i| st.lent.swap_remove(i))
        }
        _ => None,
    };
    let dest = match lent {
        Some(b) => IoDest::Lent(b),
        None => {
            // Room for the header first: the response goes out as built, not copied.
            // (With room to shift the data to an aligned address for a direct read.)
            let align = direct.map_or(0, |d| d.mem_align as usize);
            let mut body = crate::bufs::take(BODY_AT + len + align);
            body.resize(FRAME, 0);
            msg::encode_read_response_head(&mut body, 0, 0);
            debug_assert_eq!(body.len(), BODY_AT);
            IoDest::Body(body)
        }
    };
    // Where the transport's ring reads from (a shared virtual disk's read that lies whole
    // in one allocated block: the block's place in the VHDX file; other pieces of a
    // virtual disk are read through its engine).
    let (fd, at, file) = if ctx.defer_io {
        f.ring_target(req.offset, len as u64)
            .map_or((None, req.offset, None), |t| (Some(t.fd), t.at, t.file))
    } else {
        (f.raw_fd(), req.offset, None)
    };
    let mut io = StorageIo {
        fd: fd.unwrap_or(-1),
        which: crate::fixed::Descriptor::Plain,
        file,
        kind: IoKind::Read,
        offset: at,
        length: req.length,
        open: open.clone(),
        minimum_count: req.minimum_count,
        channel: req.channel,
        descriptors: descs,
        dest,
        head: BODY_AT,
        shift: 0,
        poll: false,
        dev: 0,
        hold,
        tunnel: None,
    };
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
    let res = if ctx.defer_io && fd.is_some() {
        // The transport does the I/O (io_uring) when it can: what the page cache holds
        // is read at once, and only a read that would wait for the device is handed out
        // (the worker goes on with other requests meanwhile).
        let cached = match &mut io.dest {
            IoDest::Body(b) => f.read_cached_append(req.offset, len, b),
            IoDest::Lent(b) => f.read_cached(req.offset, &mut b.bytes_mut()[..len]),
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
            IoDest::Body(b) => f.read_append(req.offset, len, b),
            IoDest::Lent(b) => f.read_at(req.offset, &mut b.bytes_mut()[..len]),
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
            *slot = Some(qos.attach(crate::qos::Qos::unmanaged_id(open.session_id))?);
            open.has_qos.store(true, Ordering::Release);
        }
    }
    let until = qos.admit(open.qos.lock().as_ref()?, bytes, crate::clock::now())?;
    let held = ctx.hold.get().map_or(until, |h| h.max(until));
    ctx.hold.set(Some(held));
    Some(until)
}

/// Whether someone's byte-range lock stops this I/O. Locks of durable opens whose time
/// to reconnect has run out are dropped first.
pub(super) fn io_blocked(
    server: &Server,
    fs: &FileState,
    id: FileId,
    off: u64,
    len: u64,
    write: bool,
) -> bool {
    if !fs.range_locked.load(Ordering::Acquire) {
        return false;
    }
    let blocked = |fs: &FileState| fs.inner.lock().io_conflict(id, off, len, write);
    blocked(fs) && (!expire_durable(server) || blocked(fs))
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
    let data: &[u8] = match (&descs, &ctx.rdma) {
        (Some(_), Some(st)) => {
            if req.length != 0 || !matches!(open.kind, OpenKind::File(_)) {
                return Fail(NtStatus::INVALID_PARAMETER);
            }
            let taken = st.borrow_mut().incoming.take();
            let fetched = fetched.insert(IncomingGuard { data: taken, st });
            if !matches!(&fetched.data, Some(d) if d.len() == req.remaining_bytes as usize) {
                return Fail(NtStatus::INVALID_PARAMETER);
            }
            let invalidate = if req.channel == msg::channel::RDMA_TRANSFORM {
                let d = fetched.data.as_mut().expect("checked");
                match rdma_write_transform(ctx, req.channel_info, d.bytes_mut()) {
                    Ok(i) => i,
                    Err(e) => return Fail(e),
                }
            } else {
                req.channel == msg::channel::RDMA_V1_INVALIDATE
            };
            if invalidate {
                if let Some(d) = descs.as_ref().and_then(|d| d.first()) {
                    st.borrow_mut().invalidate = Some(d.token);
                }
            }
            fetched.data.as_ref().expect("checked").bytes()
        }
        _ => req.data,
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
    if let Some(fs) = &open.file {
        if io_blocked(ctx.server, fs, open.file_id, req.offset, len, true) {
            return Fail(NtStatus::FILE_LOCK_CONFLICT);
        }
        crate::oplock::break_level2_for_write(fs, open.file_id);
    }
    qos_admit(ctx, &open, len);
    let f = open.file_obj().expect("file");
    // Offload tokens naming what this changes are spent before it changes.
    if let Some(fs) = &open.file {
        ctx.server.offload.written(fs.key, req.offset, len);
    }
    let kept = open.kept_times(f);
    let stable = req.flags & msg::WRITE_FLAG_WRITE_THROUGH != 0 || f.writes_through();
    // A write that would wait for the device goes to the transport's I/O engine (a
    // plain file; a shared disk's writes go through its engine and its reservations):
    // the worker serves other requests meanwhile, and a write-through one is written
    // stable (RWF_DSYNC). What the page cache takes at once is written here, and a
    // write-through one then waits for the ring's fdatasync below (syncs of one file
    // run together and share the journal's commits; RWF_DSYNC writes through the page
    // cache would be taken one at a time).
    let mut written = None;
    if ctx.defer_io && len > 0 && open.svhdx.is_none() && f.raw_fd().is_some() {
        let before = match f.write_nowait(req.offset, data) {
            None => 0,
            Some(Ok(n)) => n,
            Some(Err(e)) => return Fail(e),
        };
        if before < data.len() {
            let data = match fetched.as_mut().and_then(|g| g.data.take()) {
                Some(d) => WriteData::Fetched(d),
                None => WriteData::Owned(req.data.to_vec()),
            };
            let w = WriteIo {
                data,
                before,
                stable,
                kept,
            };
            return write_io(&open, f, req.offset, w, ctx.hold.get());
        }
        written = Some(before);
    }
    let n = match written.map_or_else(|| f.write_at(req.offset, data), Ok) {
        Ok(n) => n,
        Err(e) => return Fail(e),
    };
    open.data_changed(f, kept);
    open.position
        .store(req.offset + n as u64, Ordering::Relaxed);
    if stable {
        // The data is in the page cache (readers see it now); the answer waits for it to
        // be stable. The worker's ring does the fdatasync when it can.
        if let (true, Some(fd)) = (ctx.defer_io, f.sync_fd()) {
            return sync_io(fd, &open, Some(n as u32), ctx.hold.get());
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

/// A WRITE for the transport's I/O engine: to the file's O_DIRECT twin when the data
/// is aligned for it, else to its own descriptor.
fn write_io(
    open: &Arc<Open>,
    f: &dyn crate::backend::FileObj,
    offset: u64,
    w: WriteIo,
    hold: Option<std::time::Instant>,
) -> Outcome {
    let bytes = &w.data.bytes()[w.before..];
    let offset = offset + w.before as u64;
    let (len, addr) = (bytes.len(), bytes.as_ptr() as usize);
    let (fd, direct) = f
        .write_target(offset, len, addr)
        .expect("a file with a descriptor has a write target");
    Outcome::Io(StorageIo {
        fd,
        which: if direct {
            crate::fixed::Descriptor::Direct
        } else {
            crate::fixed::Descriptor::Plain
        },
        file: None,
        kind: IoKind::Write(Box::new(w)),
        offset,
        length: len as u32,
        open: open.clone(),
        minimum_count: 0,
        channel: 0,
        descriptors: None,
        dest: IoDest::Nothing,
        head: 0,
        shift: 0,
        poll: false,
        dev: 0,
        hold,
        tunnel: None,
    })
}

/// The answer of a WRITE the transport wrote: what changed is accounted as a write on
/// the worker would (times, position), and the RDMA buffer goes back.
fn finish_write(
    ctx: &Ctx,
    open: &Open,
    offset: u64,
    w: WriteIo,
    res: Result<usize, NtStatus>,
) -> Outcome {
    if let (WriteData::Fetched(crate::rdma::Incoming::Lent(b, _)), Some(st)) = (w.data, &ctx.rdma) {
        st.borrow_mut().lent.push(b);
    }
    let n = match res {
        Ok(n) => n,
        // Part of it is in the file already: its change is accounted for below.
        Err(_) if w.before > 0 => 0,
        Err(e) => return Fail(e),
    };
    if let Some(f) = open.file_obj() {
        open.data_changed(f, w.kept);
    }
    open.position.store(offset + n as u64, Ordering::Relaxed);
    if let Err(e) = res {
        return Fail(e);
    }
    write_answer((w.before + n) as u32)
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

/// A WRITE's success: `n` bytes written.
pub(super) fn write_answer(n: u32) -> Outcome {
    let mut body = Vec::with_capacity(16);
    msg::encode_write_response(&mut body, n);
    Outcome::Done(NtStatus::SUCCESS, body)
}
