//! A request's storage I/O handed to the transport ([`StorageIo`], as typed
//! [`StorageOp`]s): what it owns while the I/O is under way (the response it reads into,
//! the data it writes, a trim's ranges), and the answer once the transport reports it
//! (READ, WRITE, FLUSH, SET_ZERO_DATA, FILE_LEVEL_TRIM, a SCSI READ through the RSVD
//! tunnel).

use super::rdma_transform::{rdma_read_response, rdma_read_transform};
use super::*;
use crate::storage_op::StorageOp;

/// A READ's, WRITE's, FLUSH's or tunnelled SCSI READ's storage I/O, handed to the
/// transport as a [`StorageOp`]: read `length` bytes at `offset` of `fd` into
/// [`StorageIo::target`], write them from the request's data, or fdatasync `fd`; the
/// transport reports the count, or a negative errno on failure.
pub struct StorageIo {
    pub fd: i32,
    /// Which of the open's descriptors `fd` is.
    pub(super) which: crate::fixed::Descriptor,
    /// The file `fd` is when it is not one of the open's own (a virtual disk's), kept
    /// open until the I/O is reported.
    pub(super) file: Option<crate::backend::RingFile>,
    pub(super) kind: IoKind,
    pub offset: u64,
    pub length: u32,
    pub(super) open: Arc<Open>,
    pub(super) minimum_count: u32,
    pub(super) descriptors: Option<msg::Descriptors>,
    pub(super) dest: IoDest,
    /// Where the data starts in a `Body`: after the READ response's head, or after an
    /// IOCTL response's and the tunnel's for a SCSI READ through the RSVD tunnel.
    pub(super) head: usize,
    /// Where the data lands in a `Body`, past its head: an O_DIRECT read needs an aligned
    /// address, and the data moves down to the head once read.
    pub(super) shift: usize,
    /// A direct read on an `io_poll` share, and the device it reads from.
    pub poll: bool,
    pub dev: u64,
    /// Storage QoS: the answer waits until then (its flow is past its maximum).
    pub hold: Option<std::time::Instant>,
    /// A SCSI READ or WRITE through the RSVD tunnel (an IOCTL), not an SMB2 READ or
    /// WRITE.
    pub(super) tunnel: Option<Box<TunnelIo>>,
    /// A file of an SPDK share: SPDK reads it (no descriptor).
    pub spdk: Option<crate::storage_op::SpdkTarget>,
    /// A file of a CephFS share: the CephFS threads do its I/O (no descriptor).
    pub ceph: Option<crate::storage_op::CephTarget>,
    /// The client's buffer key the answer retires (Send With Invalidate), kept while the
    /// operation is under way so that no other answer takes it.
    pub(crate) invalidate: Option<u32>,
}

/// What a [`StorageIo`] does.
pub(super) enum IoKind {
    Read,
    /// An fdatasync, then the request's answer: a FLUSH's, a write-through WRITE's (of
    /// that many bytes), a write-through zeroing's.
    Flush {
        then: Answer,
    },
    /// A WRITE whose data the transport writes.
    Write(Box<WriteIo>),
    /// SET_ZERO_DATA or FILE_LEVEL_TRIM, a range at a time.
    Zero(Box<ZeroIo>),
}

/// What a request answers once the last of its storage I/O is done.
pub(super) enum Answer {
    Flushed,
    Wrote(u32),
    /// An IOCTL's whole response body.
    Ioctl(Vec<u8>),
}

impl Answer {
    fn outcome(self) -> Outcome {
        match self {
            Answer::Flushed => Outcome::Done(NtStatus::SUCCESS, small_body()),
            Answer::Wrote(n) => write_answer(n),
            Answer::Ioctl(body) => Outcome::Done(NtStatus::SUCCESS, body),
        }
    }
}

/// A zeroing's or trim's ranges, handed to the transport one after another, and what
/// comes after them.
pub(super) struct ZeroIo {
    pub ranges: Vec<(u64, u64)>,
    /// The range under way.
    pub next: usize,
    /// Its length, as cut at the end of the file.
    pub len: u64,
    pub trim: bool,
    /// A write-through open: an fdatasync of this descriptor before the answer.
    pub sync_fd: Option<i32>,
    pub answer: Vec<u8>,
}

/// A WRITE handed to the transport: its data, owned until the write is reported.
pub(super) struct WriteIo {
    pub(super) data: WriteData,
    /// Bytes of the data written before it was handed out (what the page cache took
    /// without waiting); the I/O engine writes the rest.
    pub(super) before: usize,
    /// Stable before the answer (write-through): RWF_DSYNC, or FUA on a device.
    pub(super) stable: bool,
    /// Times the handle keeps, set back after the write ([`Open::kept_times`]).
    pub(super) kept: Option<crate::backend::BasicChange>,
    /// On a scale-out share, the change of the file's data under way until the write
    /// is reported.
    pub(super) _changing: Option<super::breaks::DataChange>,
}

/// A WRITE's data: copied out of the request PDU (TCP, inline), or the buffer the RDMA
/// Read filled (a lent registered buffer goes back to the lent ones when reported).
pub(super) enum WriteData {
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
    /// An I/O of `kind` on `fd` (the open's descriptor `which`) at `offset`, of `length`
    /// bytes: nothing to read into, no RDMA, no hold; callers set what else they need.
    pub(super) fn on(
        open: &Arc<Open>,
        (fd, which): (i32, crate::fixed::Descriptor),
        kind: IoKind,
        offset: u64,
        length: u32,
    ) -> StorageIo {
        StorageIo {
            fd,
            which,
            file: None,
            kind,
            offset,
            length,
            open: open.clone(),
            minimum_count: 0,
            descriptors: None,
            dest: IoDest::Nothing,
            head: 0,
            shift: 0,
            poll: false,
            dev: 0,
            hold: None,
            tunnel: None,
            spdk: None,
            ceph: None,
            invalidate: None,
        }
    }

    /// Where the data goes: at least `length` writable bytes that stay put until the I/O
    /// is reported (they live on the heap, owned by this request).
    pub fn target(&mut self) -> *mut u8 {
        match &mut self.dest {
            IoDest::Body(b) => b[self.head + self.shift..].as_mut_ptr(),
            IoDest::Lent(b) => b.bytes_mut().as_mut_ptr(),
            IoDest::Nothing => std::ptr::null_mut(),
        }
    }

    /// Puts `data` where the read's data goes, as the I/O engine would have (at most
    /// `length` bytes of it).
    pub fn fill(&mut self, data: &[u8]) {
        let n = data.len().min(self.length as usize);
        let at = self.head + self.shift;
        let dst = match &mut self.dest {
            IoDest::Body(b) => b.get_mut(at..at + n),
            IoDest::Lent(b) => b.bytes_mut().get_mut(..n),
            IoDest::Nothing => None,
        };
        if let Some(d) = dst {
            d.copy_from_slice(&data[..n]);
        }
    }

    /// Whether the answer may carry its data after the response rather than in it (a
    /// [`crate::storage_op::Tail`]): a READ whose data goes inline into its response,
    /// not through the RSVD tunnel or an O_DIRECT shift.
    pub fn takes_tail(&self) -> bool {
        matches!(self.kind, IoKind::Read)
            && matches!(self.dest, IoDest::Body(_))
            && self.descriptors.is_none()
            && self.tunnel.is_none()
            && self.shift == 0
    }

    /// Aims the read at the file's O_DIRECT descriptor: the target is aligned for it (a
    /// lent buffer must already be; a response body gets room to shift the data to an
    /// aligned address). False when the target cannot be.
    pub(super) fn aim_direct(&mut self, d: DirectFd) -> bool {
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
            IoKind::Zero(z) if z.trim => StorageOp::Trim {
                offset: self.offset,
                len: z.len,
            },
            IoKind::Zero(z) => StorageOp::Zero {
                offset: self.offset,
                len: z.len,
            },
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
    // The answer (or the request's next operation) holds the client's key again.
    if let (Some(k), Some(st)) = (io.invalidate, ctx.rdma) {
        st.borrow_mut().invalidate = Some(k);
    }
    let res = if res < 0 {
        // As the storage backend maps a failed pread or fdatasync.
        Err(match -res {
            // (ENODEV: an SPDK device that went away.)
            errno::EIO | errno::ENODEV => NtStatus::IO_DEVICE_ERROR,
            errno::ENOMEM => NtStatus::INSUFFICIENT_RESOURCES,
            errno::ESTALE => NtStatus::FILE_DELETED,
            errno::EISDIR => NtStatus::FILE_IS_A_DIRECTORY,
            errno::EINVAL => NtStatus::INVALID_PARAMETER,
            errno::ENOSPC | errno::EDQUOT => NtStatus::DISK_FULL,
            errno::EOPNOTSUPP => NtStatus::NOT_SUPPORTED,
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
            st.borrow_mut().give_back(b);
        }
    };
    if let Some(t) = io.tunnel {
        return tunnel_answer(io.dest, &t, res);
    }
    match io.kind {
        IoKind::Read => {}
        IoKind::Flush { then } => {
            return match res {
                Err(e) => Fail(e),
                Ok(_) => then.outcome(),
            };
        }
        IoKind::Write(w) => return finish_write(ctx, &io.open, io.offset, *w, res),
        IoKind::Zero(mut z) => {
            let (at, len) = (io.offset, z.len);
            match res {
                // The file system punches no holes: zeros are written instead.
                Err(NtStatus::NOT_SUPPORTED) => {
                    let r = io.open.file_obj().map(|f| f.zero_range(at, len));
                    if let Some(Err(e)) = r {
                        return Fail(e);
                    }
                }
                Err(e) => return Fail(e),
                Ok(_) => {}
            }
            z.next += 1;
            return zero_io(&io.open, z, ctx.now.filetime);
        }
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
    if !queue_rdma_write(ctx, write) {
        return Fail(NtStatus::INTERNAL_ERROR);
    }
    rdma_read_response(n, transform)
}

/// Hands the transport a READ's RDMA Write (sent before the response; the key its Send
/// With Invalidate retires was noted when the channel was checked). False on a
/// connection without RDMA.
pub(super) fn queue_rdma_write(ctx: &Ctx, w: crate::rdma::RdmaWrite) -> bool {
    let Some(st) = &ctx.rdma else {
        return false;
    };
    st.borrow_mut().writes.push(w);
    true
}

/// An fdatasync of `fd` for the transport's ring, then the request's answer (`then`).
pub(super) fn sync_io(
    fd: i32,
    open: &Arc<Open>,
    then: Answer,
    hold: Option<std::time::Instant>,
) -> Outcome {
    let on = (fd, crate::fixed::Descriptor::Sync);
    Outcome::Io(StorageIo {
        hold,
        ..StorageIo::on(open, on, IoKind::Flush { then }, 0, 0)
    })
}

/// A SCSI READ or WRITE through the RSVD tunnel that the transport's engine does, and
/// the IOCTL it came in.
pub(super) struct TunnelIo {
    op: TunnelOp,
    ctl_code: u32,
    file_id: FileId,
}

enum TunnelOp {
    Read(rsvd::tunnel::DirectRead),
    /// (Under way, for a PREEMPT AND ABORT, until this is dropped.)
    Write(rsvd::tunnel::DirectWrite),
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
    let op = TunnelOp::Read(read);
    let io = tunnel_io(open, req, op, at, (IoKind::Read, len as u32), hold);
    Outcome::Io(StorageIo {
        dest: IoDest::Body(body),
        head,
        ..io
    })
}

/// The engine's operation of a tunnelled SCSI READ or WRITE (`kind`, `len` bytes at
/// `at`), the IOCTL it answers kept with it.
fn tunnel_io(
    open: &Arc<Open>,
    req: &msg::IoctlRequest,
    op: TunnelOp,
    at: crate::backend::RingTarget,
    (kind, len): (IoKind, u32),
    hold: Option<std::time::Instant>,
) -> StorageIo {
    let tunnel = TunnelIo {
        op,
        ctl_code: req.ctl_code,
        file_id: req.file_id,
    };
    let on = (at.fd, crate::fixed::Descriptor::Plain);
    StorageIo {
        file: at.file,
        spdk: at.spdk,
        ceph: at.ceph,
        hold,
        tunnel: Some(Box::new(tunnel)),
        ..StorageIo::on(open, on, kind, at.at, len)
    }
}

/// A SCSI WRITE through the RSVD tunnel whose data the transport's engine writes to `at`
/// (one fully present block of the virtual disk's top file; a CephFS file's on the
/// CephFS threads), stable first when the command is FUA or the file writes through.
/// The worker serves other requests meanwhile.
pub(super) fn tunnel_write(
    open: &Arc<Open>,
    req: &msg::IoctlRequest,
    write: rsvd::tunnel::DirectWrite,
    at: crate::backend::RingTarget,
    hold: Option<std::time::Instant>,
) -> Outcome {
    let Some(data) = req.input.get(write.data_at..write.data_at + write.len) else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    let stable = write.fua || open.file_obj().is_some_and(|f| f.writes_through());
    let w = WriteIo {
        data: WriteData::Owned(data.to_vec()),
        before: 0,
        stable,
        kept: None,
        _changing: None,
    };
    let len = write.len as u32;
    let kind = IoKind::Write(Box::new(w));
    let op = TunnelOp::Write(write);
    Outcome::Io(tunnel_io(open, req, op, at, (kind, len), hold))
}

/// The IOCTL response of a tunnelled SCSI READ or WRITE the engine did: as built when
/// all the data moved, else CHECK CONDITION with a medium error and no data (the file
/// under the disk failed or came short).
fn tunnel_answer(dest: IoDest, t: &TunnelIo, res: Result<usize, NtStatus>) -> Outcome {
    let (len, offset, write) = match &t.op {
        TunnelOp::Read(r) => (r.len, r.offset, false),
        TunnelOp::Write(w) => (w.len, w.offset, true),
    };
    let whole = res == Ok(len);
    if !whole {
        tracing::warn!(
            offset,
            len,
            write,
            "a shared virtual disk's I/O failed in the file under it"
        );
    }
    let mut body = match (dest, &t.op) {
        (IoDest::Body(body), TunnelOp::Read(_)) => body,
        (_, TunnelOp::Write(_)) => {
            let mut b = crate::bufs::take(FRAME + msg::IOCTL_RESPONSE_HEAD);
            b.resize(FRAME, 0);
            b
        }
        _ => return Fail(NtStatus::INTERNAL_ERROR),
    };
    let answer = match (&t.op, whole) {
        (TunnelOp::Read(_), true) => return Outcome::Framed(NtStatus::SUCCESS, body),
        (TunnelOp::Read(r), false) => r.failed(),
        (TunnelOp::Write(w), true) => w.head.clone(),
        (TunnelOp::Write(w), false) => w.failed(),
    };
    body.truncate(FRAME);
    msg::encode_ioctl_response(&mut body, t.ctl_code, t.file_id, &answer);
    Outcome::Framed(NtStatus::SUCCESS, body)
}

/// The READ response's fixed part, before inline data.
pub(super) const READ_HEAD: usize = 16;
/// Room for the SMB2 header at the front of a READ response built as [`Outcome::Framed`].
pub(super) const FRAME: usize = smb_wire::header::HEADER_LEN;
/// Where a framed READ response's data starts.
pub(super) const BODY_AT: usize = FRAME + READ_HEAD;

/// The next of a zeroing's ranges for the transport's ring; once they are all done, the
/// sync of a write-through open, or the answer. A range past the end of the file has
/// nothing to zero; a file the ring cannot zero is zeroed by its backend here.
pub(super) fn zero_io(open: &Arc<Open>, mut z: Box<ZeroIo>, now: u64) -> Outcome {
    let Some(f) = open.file_obj() else {
        return Fail(NtStatus::INVALID_HANDLE);
    };
    while let Some(&(offset, len)) = z.ranges.get(z.next) {
        match f.zero_target(offset, len) {
            Some((fd, at, len)) if len > 0 => {
                z.len = len;
                let on = (fd, crate::fixed::Descriptor::Plain);
                return Outcome::Io(StorageIo::on(open, on, IoKind::Zero(z), at, 0));
            }
            Some(_) => {}
            None => {
                if let Err(e) = f.zero_range(offset, len) {
                    return Fail(e);
                }
            }
        }
        z.next += 1;
    }
    open.write_time_now(now);
    match z.sync_fd {
        Some(fd) => sync_io(fd, open, Answer::Ioctl(z.answer), None),
        None => Outcome::Done(NtStatus::SUCCESS, z.answer),
    }
}

/// A WRITE for the transport's I/O engine: to the file's O_DIRECT twin when the data
/// is aligned for it, else to its own descriptor.
pub(super) fn write_io(
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
    let which = if direct {
        crate::fixed::Descriptor::Direct
    } else {
        crate::fixed::Descriptor::Plain
    };
    let kind = IoKind::Write(Box::new(w));
    Outcome::Io(StorageIo {
        hold,
        ..StorageIo::on(open, (fd, which), kind, offset, len as u32)
    })
}

/// A WRITE to a file of an SPDK or CephFS share, as a typed operation on it (`at` names
/// the file: its engine's target and what keeps it open until the write is reported).
pub(super) fn engine_write_io(
    open: &Arc<Open>,
    at: crate::backend::RingTarget,
    offset: u64,
    w: WriteIo,
    hold: Option<std::time::Instant>,
) -> Outcome {
    let len = w.data.bytes().len() as u32;
    engine_io(open, at, IoKind::Write(Box::new(w)), (offset, len), hold)
}

/// A FLUSH of a file whose I/O engine is not the ring (a CephFS share's), as a typed
/// operation on it.
pub(super) fn engine_flush_io(open: &Arc<Open>, at: crate::backend::RingTarget) -> Outcome {
    let then = Answer::Flushed;
    engine_io(open, at, IoKind::Flush { then }, (0, 0), None)
}

/// An operation of `kind` on a file an engine other than the ring serves (`at`).
fn engine_io(
    open: &Arc<Open>,
    at: crate::backend::RingTarget,
    kind: IoKind,
    (offset, len): (u64, u32),
    hold: Option<std::time::Instant>,
) -> Outcome {
    let on = (-1, crate::fixed::Descriptor::Plain);
    Outcome::Io(StorageIo {
        hold,
        file: at.file,
        spdk: at.spdk,
        ceph: at.ceph,
        ..StorageIo::on(open, on, kind, offset, len)
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
        st.borrow_mut().give_back(b);
    }
    let n = match res {
        Ok(n) => n,
        // Part of it is in the file already: its change is accounted for below.
        Err(_) if w.before > 0 => 0,
        Err(e) => return Fail(e),
    };
    if let Some(f) = open.file_obj() {
        open.data_changed(f, w.kept, ctx.now.filetime);
    }
    open.position.store(offset + n as u64, Ordering::Relaxed);
    if let Err(e) = res {
        return Fail(e);
    }
    write_answer((w.before + n) as u32)
}

/// A WRITE's success: `n` bytes written.
pub(super) fn write_answer(n: u32) -> Outcome {
    let mut body = Vec::with_capacity(16);
    msg::encode_write_response(&mut body, n);
    Outcome::Done(NtStatus::SUCCESS, body)
}
