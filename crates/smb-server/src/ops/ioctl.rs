//! IOCTL on files: FSCTLs (copychunk, resume keys, trim, resiliency, interface info).

use super::*;
use crate::limits::{
    COPYCHUNK_MAX_CHUNKS, COPYCHUNK_MAX_CHUNK_SIZE, COPYCHUNK_MAX_DATA, MAX_RESILIENCY_TIMEOUT_MS,
};
use crate::svhdx::Tunnelled;
use smb_wire::fsctl;

pub(super) fn ioctl(ctx: &Ctx, max_transact: u32) -> Outcome {
    let Ok(req) = msg::IoctlRequest::parse(ctx.msg) else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    if req.flags & msg::IOCTL_IS_FSCTL == 0 {
        return Fail(NtStatus::NOT_SUPPORTED);
    }
    if req.max_output_response > max_transact || req.input.len() > max_transact as usize {
        return Fail(NtStatus::INVALID_PARAMETER);
    }
    match req.ctl_code {
        // MS-SMB2 3.3.5.15.2: a node without a namespace is no DFS server.
        fsctl::DFS_GET_REFERRALS | fsctl::DFS_GET_REFERRALS_EX => {
            if !ctx.server.shares().iter().any(|s| s.dfs.is_some()) {
                return Fail(NtStatus::FS_DRIVER_REQUIRED);
            }
            let ex = req.ctl_code == fsctl::DFS_GET_REFERRALS_EX;
            return match crate::dfs::referral(ctx.server, req.input, ex, req.max_output_response) {
                Ok(out) => {
                    let mut body = Vec::with_capacity(msg::IOCTL_RESPONSE_HEAD + out.len());
                    msg::encode_ioctl_response(&mut body, req.ctl_code, req.file_id, &out);
                    Outcome::Done(NtStatus::SUCCESS, body)
                }
                Err(e) => Fail(e),
            };
        }
        fsctl::PIPE_WAIT => return Fail(NtStatus::OBJECT_NAME_NOT_FOUND),
        _ => {}
    }
    let open = match find_open(ctx, req.file_id) {
        Ok(o) => o,
        Err(e) => return Fail(e),
    };
    let reply = |out: &[u8]| reply_to(&req, out);
    if let OpenKind::Pipe(p) = &open.kind {
        if req.ctl_code != fsctl::PIPE_TRANSCEIVE {
            return Fail(NtStatus::INVALID_DEVICE_REQUEST);
        }
        let rpc = PipeCtx::of(ctx);
        return match p
            .lock()
            .transceive(req.input, &rpc, req.max_output_response as usize)
        {
            Ok((out, more)) => {
                let st = if more {
                    NtStatus::BUFFER_OVERFLOW
                } else {
                    NtStatus::SUCCESS
                };
                Outcome::Done(st, reply(&out))
            }
            Err(e) => Fail(e),
        };
    }
    let f = open.file_obj().expect("file");
    if let Some(o) = shared_disk_ioctl(ctx, &open, &req, ctx.defer_io) {
        return match o {
            Ok(Tunnelled::Done(out)) => Outcome::Done(NtStatus::SUCCESS, reply(&out)),
            Ok(Tunnelled::Direct(read, at)) => {
                let hold = super::io::qos_admit(ctx, &open, read.len as u64);
                super::storage_io::tunnel_read(&open, &req, *read, at, hold)
            }
            Ok(Tunnelled::DirectWrite(write, at)) => {
                let hold = super::io::qos_admit(ctx, &open, write.len as u64);
                super::storage_io::tunnel_write(&open, &req, *write, at, hold)
            }
            Ok(Tunnelled::Moved(out, bytes)) => {
                // A SCSI READ or WRITE counts to the open's Storage QoS flow as an SMB2
                // READ or WRITE does (its answer is held past the flow's maximum).
                super::io::qos_admit(ctx, &open, bytes);
                Outcome::Done(NtStatus::SUCCESS, reply(&out))
            }
            Ok(Tunnelled::Aborting(out, wait)) => aborting(ctx, &open, reply(&out), wait),
            Ok(Tunnelled::Extract(job)) => extract(ctx, &open, &req, job),
            Ok(Tunnelled::Elsewhere) => tunnel_elsewhere(ctx, &open, &req),
            Err(e) => Fail(e),
        };
    }
    file_fsctl(ctx, &open, f, &req)
}

/// The FSCTLs of an open file (not a pipe, not a shared virtual disk's tunnel).
fn file_fsctl(
    ctx: &Ctx,
    open: &Arc<Open>,
    f: &dyn crate::backend::FileObj,
    req: &msg::IoctlRequest,
) -> Outcome {
    let reply = |out: &[u8]| reply_to(req, out);
    match req.ctl_code {
        fsctl::LMR_REQUEST_RESILIENCY => {
            // MS-SMB2 3.3.5.15.9: NETWORK_RESILIENCY_REQUEST (timeout ms, reserved).
            if ctx.dialect < smb_wire::negotiate::dialect::SMB21 {
                return Fail(NtStatus::INVALID_DEVICE_REQUEST);
            }
            let Ok(r) = fsctl::ResiliencyRequest::parse(req.input) else {
                return Fail(NtStatus::INVALID_PARAMETER);
            };
            if r.timeout_ms > MAX_RESILIENCY_TIMEOUT_MS {
                return Fail(NtStatus::INVALID_PARAMETER);
            }
            open.resilient.store(true, Ordering::Release);
            Outcome::Done(NtStatus::SUCCESS, reply(&[]))
        }
        fsctl::SET_SPARSE => {
            // MS-FSA 2.1.5.9.35: any of write data, append or write attributes; no
            // buffer means "set"; the file is marked (or unmarked), never a directory.
            let may =
                access::FILE_WRITE_DATA | access::FILE_APPEND_DATA | access::FILE_WRITE_ATTRIBUTES;
            if open.granted_access & may == 0 {
                return Fail(NtStatus::ACCESS_DENIED);
            }
            if open.is_directory {
                return Fail(NtStatus::INVALID_PARAMETER);
            }
            let set = fsctl::parse_set_sparse(req.input);
            match f.set_sparse(set) {
                Ok(()) => Outcome::Done(NtStatus::SUCCESS, reply(&[])),
                Err(e) => Fail(e),
            }
        }
        fsctl::SET_ZERO_DATA | fsctl::FILE_LEVEL_TRIM => zero_ranges(ctx, open, f, req),
        fsctl::QUERY_ALLOCATED_RANGES => allocated_ranges(open, f, req),
        fsctl::GET_REPARSE_POINT => Fail(NtStatus::NOT_A_REPARSE_POINT),
        fsctl::CREATE_OR_GET_OBJECT_ID => {
            // MS-FSCC 2.1.3.1 FILE_OBJECTID_BUFFER: a stable id from the file's identity.
            let Ok(i) = f.info() else {
                return Fail(NtStatus::INTERNAL_ERROR);
            };
            if req.max_output_response < fsctl::OBJECT_ID_BUFFER_LEN as u32 {
                return Fail(NtStatus::BUFFER_TOO_SMALL);
            }
            let mut out = Vec::with_capacity(fsctl::OBJECT_ID_BUFFER_LEN);
            fsctl::ObjectIdBuffer {
                object_id: fsctl::id128(i.file_id, i.device_id),
                birth_volume_id: fsctl::id128(i.device_id, 0),
                birth_object_id: fsctl::id128(i.file_id, i.device_id),
                domain_id: [0; 16],
            }
            .encode(&mut out);
            Outcome::Done(NtStatus::SUCCESS, reply(&out))
        }
        fsctl::SRV_ENUMERATE_SNAPSHOTS => {
            if req.max_output_response < 16 {
                return Fail(NtStatus::INVALID_PARAMETER);
            }
            Outcome::Done(NtStatus::SUCCESS, reply(&[0u8; 16]))
        }
        fsctl::GET_COMPRESSION => Outcome::Done(NtStatus::SUCCESS, reply(&[0, 0])),
        // The share's files are never compressed (Hyper-V refuses compressed VHDX):
        // COMPRESSION_FORMAT_NONE is accepted, any other format is not supported.
        fsctl::SET_COMPRESSION => match req.input.get(..2) {
            None => Fail(NtStatus::INVALID_PARAMETER),
            Some([0, 0]) => Outcome::Done(NtStatus::SUCCESS, reply(&[])),
            Some(_) => Fail(NtStatus::NOT_SUPPORTED),
        },
        fsctl::SRV_REQUEST_RESUME_KEY => {
            if req.max_output_response < 32 {
                return Fail(NtStatus::INVALID_PARAMETER);
            }
            // A 24-byte key naming this open.
            let mut out = Vec::with_capacity(32);
            fsctl::encode_resume_key(&mut out, &resume_key(ctx, open));
            Outcome::Done(NtStatus::SUCCESS, reply(&out))
        }
        fsctl::OFFLOAD_READ => {
            match offload_read(ctx, open, f, req.input, req.max_output_response) {
                Ok(out) => Outcome::Done(NtStatus::SUCCESS, reply(&out)),
                Err(e) => Fail(e),
            }
        }
        fsctl::OFFLOAD_WRITE => offload_write(ctx, open, f, req),
        fsctl::STORAGE_QOS_CONTROL => {
            match storage_qos_control(ctx, open, req.input, req.max_output_response) {
                Ok(out) => Outcome::Done(NtStatus::SUCCESS, reply(&out)),
                Err(e) => Fail(e),
            }
        }
        fsctl::DUPLICATE_EXTENTS_TO_FILE | fsctl::DUPLICATE_EXTENTS_TO_FILE_EX => {
            let ex = req.ctl_code == fsctl::DUPLICATE_EXTENTS_TO_FILE_EX;
            match duplicate_extents(ctx, open, f, req.input, ex) {
                Ok(()) => Outcome::Done(NtStatus::SUCCESS, reply(&[])),
                Err(e) => Fail(e),
            }
        }
        fsctl::SRV_COPYCHUNK | fsctl::SRV_COPYCHUNK_WRITE => {
            let r = copy_chunk(
                ctx,
                open,
                f,
                req.ctl_code,
                req.input,
                req.max_output_response,
            );
            match r {
                Ok(out) => Outcome::Done(NtStatus::SUCCESS, reply(&out)),
                Err((st, Some(out))) => Outcome::Done(st, reply(&out)),
                Err((st, None)) => Fail(st),
            }
        }
        _ => Fail(NtStatus::INVALID_DEVICE_REQUEST),
    }
}

/// FSCTL_SET_ZERO_DATA and FSCTL_FILE_LEVEL_TRIM.
fn zero_ranges(
    ctx: &Ctx,
    open: &Arc<Open>,
    f: &dyn crate::backend::FileObj,
    req: &msg::IoctlRequest,
) -> Outcome {
    let reply = |out: &[u8]| reply_to(req, out);
    // MS-FSA 2.1.5.9.37 and 2.1.5.9.13: write-data access (append is not enough).
    if open.granted_access & access::FILE_WRITE_DATA == 0 {
        return Fail(NtStatus::ACCESS_DENIED);
    }
    let ranges = if req.ctl_code == fsctl::SET_ZERO_DATA {
        fsctl::parse_zero_data(req.input).map(|r| vec![r])
    } else {
        fsctl::parse_trim(req.input)
    };
    let Ok(ranges) = ranges else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    // The data changes: read caching of the file ends (on every node of a scale-out
    // share), before the change is admitted on a shared disk (a task under way is never
    // held across the cluster's notifications: a node may be waiting for it to end).
    // (Under way while the ranges are zeroed here; a ring's zeroing runs on alone.)
    let _changing = super::breaks::data_changing(ctx.server, open, ctx.now.mono);
    // On a shared disk, as a WRITE from the open's initiator.
    let _task = match open.admit_disk_change() {
        Ok(t) => t,
        Err(e) => return Fail(e),
    };
    // Zeroing writes: another open's byte-range lock on the range stops it.
    if req.ctl_code == fsctl::SET_ZERO_DATA {
        if let Some(e) = ranges
            .iter()
            .find_map(|r| super::io::io_locked(ctx, open, r.offset, r.length, true).err())
        {
            return Fail(e);
        }
    }
    let mut out = Vec::new();
    if req.ctl_code == fsctl::FILE_LEVEL_TRIM {
        fsctl::encode_trim_output(&mut out, ranges.len() as u32);
    }
    if let Some(fs) = &open.file {
        for r in &ranges {
            ctx.server.offload.written(fs.key, r.offset, r.length);
        }
    }
    // A plain file's ranges go to the transport's ring one after another (a hole
    // punched in each) while the worker goes on; a write-through open's are made stable
    // by the ring's fdatasync before the answer.
    let sync_fd = f.writes_through().then(|| f.sync_fd()).flatten();
    let ring = ctx.defer_io && open.svhdx.is_none() && f.raw_fd().is_some();
    if ring && (sync_fd.is_some() || !f.writes_through()) {
        let z = super::storage_io::ZeroIo {
            ranges: ranges.iter().map(|r| (r.offset, r.length)).collect(),
            next: 0,
            len: 0,
            trim: req.ctl_code == fsctl::FILE_LEVEL_TRIM,
            sync_fd,
            answer: reply(&out),
        };
        return super::storage_io::zero_io(open, Box::new(z), ctx.now.filetime);
    }
    for r in &ranges {
        if let Err(e) = f.zero_range(r.offset, r.length) {
            return Fail(e);
        }
    }
    open.write_time_now(ctx.now.filetime);
    // A write-through open's changes are stable before the answer.
    if f.writes_through() {
        if let Err(e) = f.sync() {
            return Fail(e);
        }
    }
    Outcome::Done(NtStatus::SUCCESS, reply(&out))
}

/// FSCTL_QUERY_ALLOCATED_RANGES.
fn allocated_ranges(
    open: &Arc<Open>,
    f: &dyn crate::backend::FileObj,
    req: &msg::IoctlRequest,
) -> Outcome {
    let reply = |out: &[u8]| reply_to(req, out);
    // MS-FSA 2.1.5.9.22: the caller must be able to read the file.
    if open.granted_access & access::FILE_READ_DATA == 0 {
        return Fail(NtStatus::ACCESS_DENIED);
    }
    let Ok(q) = fsctl::parse_allocated_range_query(req.input) else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    let info = match f.info() {
        Ok(i) => i,
        Err(e) => return Fail(e),
    };
    // MS-FSA 2.1.5.9.22: a file not marked sparse is allocated throughout (to end
    // of file); a sparse one reports where its data is.
    let ranges = if info.attributes & attrs::SPARSE_FILE != 0 {
        f.allocated_ranges(q.offset, q.length)
    } else {
        let end = q.offset.saturating_add(q.length).min(info.end_of_file);
        Ok(if end > q.offset {
            vec![(q.offset, end - q.offset)]
        } else {
            Vec::new()
        })
    };
    let ranges: Vec<fsctl::Range> = match ranges {
        Ok(r) => r
            .into_iter()
            .map(|(offset, length)| fsctl::Range { offset, length })
            .collect(),
        Err(e) => return Fail(e),
    };
    // As many entries as the buffer holds; none fitting is BUFFER_TOO_SMALL, some
    // is BUFFER_OVERFLOW with those.
    let fit = req.max_output_response as usize / fsctl::RANGE_LEN;
    let mut out = Vec::new();
    fsctl::encode_allocated_ranges(&mut out, &ranges[..ranges.len().min(fit)]);
    if ranges.len() > fit {
        if fit == 0 {
            return Fail(NtStatus::BUFFER_TOO_SMALL);
        }
        return Outcome::Done(NtStatus::BUFFER_OVERFLOW, reply(&out));
    }
    Outcome::Done(NtStatus::SUCCESS, reply(&out))
}

/// An IOCTL response carrying `out`.
fn reply_to(req: &msg::IoctlRequest, out: &[u8]) -> Vec<u8> {
    let mut body = Vec::with_capacity(msg::IOCTL_RESPONSE_HEAD + out.len());
    msg::encode_ioctl_response(&mut body, req.ctl_code, req.file_id, out);
    body
}

/// Holds a WRITE's RDMA-fetched data while it is written; a lent registered buffer goes
/// back to the transport's lent buffers afterwards, whatever the outcome.
pub(super) struct IncomingGuard<'a> {
    pub(super) data: Option<crate::rdma::Incoming>,
    pub(super) st: &'a std::cell::RefCell<crate::rdma::RdmaState>,
}

impl Drop for IncomingGuard<'_> {
    fn drop(&mut self) {
        if let Some(crate::rdma::Incoming::Lent(b, _)) = self.data.take() {
            self.st.borrow_mut().give_back(b);
        }
    }
}

/// A resume key: the open's FileId and a keyed tag, so a key cannot be forged or
/// guessed from another open's.
pub(super) fn resume_key(ctx: &Ctx, open: &Open) -> [u8; 24] {
    let mut k = [0u8; 24];
    k[..8].copy_from_slice(&open.file_id.persistent.to_le_bytes());
    k[8..16].copy_from_slice(&open.file_id.volatile.to_le_bytes());
    let tag = session(ctx).keys.application;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in tag.iter().chain(&k[..16]) {
        h = (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
    }
    k[16..].copy_from_slice(&h.to_le_bytes());
    k
}

pub(super) type CopyError = (NtStatus, Option<Vec<u8>>);

/// FSCTL_SRV_COPYCHUNK(_WRITE) (MS-SMB2 3.3.5.15.6): copies ranges from the open a
/// resume key names into this one, without the data crossing the network.
pub(super) fn copy_chunk(
    ctx: &Ctx,
    target: &Open,
    f: &dyn crate::backend::FileObj,
    code: u32,
    input: &[u8],
    max_out: u32,
) -> Result<Vec<u8>, CopyError> {
    let response = |chunks: u32, chunk_bytes: u32, total: u32| {
        let mut b = Vec::with_capacity(12);
        fsctl::encode_copychunk_response(&mut b, chunks, chunk_bytes, total);
        b
    };
    let limits = || {
        (
            NtStatus::INVALID_PARAMETER,
            Some(response(
                COPYCHUNK_MAX_CHUNKS,
                COPYCHUNK_MAX_CHUNK_SIZE,
                COPYCHUNK_MAX_DATA,
            )),
        )
    };
    if max_out < 12 {
        return Err((NtStatus::INVALID_PARAMETER, None));
    }
    if input.len() < 32 {
        return Err((NtStatus::INVALID_PARAMETER, None));
    }
    // The target needs write access; plain COPYCHUNK also read (Windows reads back).
    let need = if code == msg::fsctl::SRV_COPYCHUNK {
        access::FILE_WRITE_DATA | access::FILE_READ_DATA
    } else {
        access::FILE_WRITE_DATA
    };
    if target.granted_access & need != need {
        return Err((NtStatus::ACCESS_DENIED, None));
    }
    let req = match fsctl::CopyChunkCopy::parse(input, COPYCHUNK_MAX_CHUNKS) {
        Ok(r) => r,
        Err(fsctl::CopyChunkError::TooManyChunks) => return Err(limits()),
        Err(fsctl::CopyChunkError::Malformed) => return Err((NtStatus::INVALID_PARAMETER, None)),
    };
    let mut chunks = Vec::with_capacity(req.chunks.len());
    let mut total: u64 = 0;
    for c in &req.chunks {
        if c.length == 0 || c.length > COPYCHUNK_MAX_CHUNK_SIZE {
            return Err(limits());
        }
        total += u64::from(c.length);
        chunks.push((c.source_offset, c.target_offset, c.length));
    }
    if total > u64::from(COPYCHUNK_MAX_DATA) {
        return Err(limits());
    }
    // The target's data changes (before its admission on a shared disk, as for zeroing).
    let _changing = (!chunks.is_empty())
        .then(|| super::breaks::data_changing(ctx.server, target, ctx.now.mono))
        .flatten();
    // Into a shared disk, as a WRITE from the target open's initiator.
    let _task = match target.admit_disk_change() {
        Ok(t) => t,
        Err(e) => return Err((e, None)),
    };
    // The source: an open of this session whose resume key this is.
    let key = req.source_key;
    // (Our key: persistent and volatile ids, then the tag.)
    let volatile = Le(&key).u64(8).unwrap_or(0);
    let source = session(ctx)
        .open(volatile)
        .filter(|o| resume_key(ctx, o) == key)
        .ok_or((NtStatus::OBJECT_NAME_NOT_FOUND, None))?;
    if !source.can_read() {
        return Err((NtStatus::ACCESS_DENIED, None));
    }
    // Not out of a shared disk: its reads answer to the disk's reservations.
    if source.svhdx.is_some() {
        return Err((NtStatus::INVALID_DEVICE_REQUEST, None));
    }
    let Some(sf) = source.file_obj() else {
        return Err((NtStatus::INVALID_PARAMETER, None));
    };
    let mut written: u32 = 0;
    let mut done = 0u32;
    let kept = target.kept_times(f, ctx.now.filetime);
    let src_eof = sf
        .info()
        .map_err(|e| (e, Some(response(0, 0, 0))))?
        .end_of_file;
    for (src, dst, len) in chunks {
        let locked = |o: &Open, off: u64, write: bool| {
            super::io::io_locked(ctx, o, off, u64::from(len), write).err()
        };
        if let Some(e) = locked(&source, src, false).or_else(|| locked(target, dst, true)) {
            return Err((e, Some(response(done, 0, written))));
        }
        // The source must hold the whole chunk (Windows checks before copying).
        if src.checked_add(u64::from(len)).is_none_or(|e| e > src_eof) {
            return Err((
                NtStatus::INVALID_VIEW_SIZE,
                Some(response(done, 0, written)),
            ));
        }
        if let Some(fs) = &target.file {
            ctx.server.offload.written(fs.key, dst, u64::from(len));
        }
        // In the kernel (shared blocks where the file system can), not through memory.
        let n = f
            .copy_from(sf, src, dst, len as usize)
            .map_err(|e| (e, Some(response(done, 0, written))))?;
        if n < len as usize {
            // The source shrank while being copied.
            return Err((
                NtStatus::INVALID_VIEW_SIZE,
                Some(response(done, n as u32, written)),
            ));
        }
        written += len;
        done += 1;
    }
    target.data_changed(f, kept, ctx.now.filetime);
    if written > 0 && f.writes_through() {
        f.sync()
            .map_err(|e| (e, Some(response(done, 0, written))))?;
    }
    Ok(response(done, 0, written))
}

/// An ExtractVHD copies on a copier thread, and the request is answered when the copy
/// ends (inside a compound where it cannot wait, it is refused).
fn extract(
    ctx: &Ctx,
    open: &Arc<Open>,
    req: &msg::IoctlRequest,
    mut job: Box<crate::svhdx::ExtractJob>,
) -> Outcome {
    if !ctx.can_wait {
        return Fail(NtStatus::NOT_SUPPORTED);
    }
    let (ctl_code, file_id) = (req.ctl_code, req.file_id);
    let step = Box::new(move || {
        let out = job.step()?;
        let mut body = Vec::with_capacity(msg::IOCTL_RESPONSE_HEAD + out.len());
        msg::encode_ioctl_response(&mut body, ctl_code, file_id, &out);
        Some((NtStatus::SUCCESS, body))
    });
    Outcome::Wait(Wait::Copy(Box::new(super::offload::CopyTask::new(
        open.clone(),
        step,
    ))))
}

/// A scale-out disk's SCSI command that changes the medium and that the worker's engine
/// did not take: run on a thread of its own (`DISK_CHANGERS` at once), the request
/// async meanwhile, since it may wait for another node to give up the disk's metadata
/// (a round trip) or for a dead node's lease to run out (seconds).
fn tunnel_elsewhere(ctx: &Ctx, open: &Arc<Open>, req: &msg::IoctlRequest) -> Outcome {
    let (ctl_code, file_id) = (req.ctl_code, req.file_id);
    let (max_out, now) = (req.max_output_response as usize, ctx.now.filetime);
    let input = req.input.to_vec();
    let head = rsvd::tunnel::HEADER_LEN + rsvd::tunnel::SCSI_REQUEST_LEN;
    super::io::qos_admit(ctx, open, input.len().saturating_sub(head) as u64);
    let target = open.clone();
    let mut ready = false;
    // (An extract's copy, once begun: stepped here to its end.)
    let mut extracting: Option<Box<crate::svhdx::ExtractJob>> = None;
    let step = Box::new(move || {
        let Some(sv) = target.svhdx.as_ref() else {
            return Some((NtStatus::INVALID_PARAMETER, Vec::new()));
        };
        let reply = |out: Vec<u8>| {
            let mut body = Vec::with_capacity(msg::IOCTL_RESPONSE_HEAD + out.len());
            msg::encode_ioctl_response(&mut body, ctl_code, file_id, &out);
            Some((NtStatus::SUCCESS, body))
        };
        if let Some(job) = extracting.as_mut() {
            return reply(job.step()?);
        }
        // The disk's metadata taken first, with nothing of the write's held (its task
        // begins after: a PREEMPT AND ABORT meanwhile is not kept waiting by it, and the
        // write is checked against the reservations as they then are). The write takes
        // it again should another node have taken it since (or says why it could not).
        // A step of its own: a request cancelled, or whose connection went, meanwhile
        // writes nothing after it.
        if !ready {
            ready = true;
            if let Some((lba, blocks)) = rsvd::tunnel::written_range(&input) {
                let _ = sv.disk.ready_to_write(lba, blocks);
                return None;
            }
        }
        let out = match sv.tunnel(&input, max_out, 0, now) {
            Ok(Tunnelled::Done(out)) | Ok(Tunnelled::Moved(out, _)) => out,
            Ok(Tunnelled::Aborting(out, wait)) => {
                wait.wait();
                out
            }
            Ok(Tunnelled::Extract(job)) => {
                extracting = Some(job);
                return None;
            }
            Ok(_) => return Some((NtStatus::INTERNAL_ERROR, Vec::new())),
            Err(e) => return Some((e, Vec::new())),
        };
        reply(out)
    });
    Outcome::Wait(Wait::Copy(Box::new(super::offload::CopyTask::on(
        &super::offload::DISK_CHANGERS_SLOTS,
        open.clone(),
        step,
    ))))
}

/// A PREEMPT AND ABORT whose preempted hosts still have writes under way is answered
/// once they end: the request goes async and the worker looks every millisecond (the
/// worker goes on meanwhile); at once when none is (the common case), or, inside a
/// compound where it cannot wait, after waiting on the worker.
fn aborting(ctx: &Ctx, open: &Arc<Open>, body: Vec<u8>, wait: crate::svhdx::AbortWait) -> Outcome {
    if !ctx.can_wait || wait.ended() {
        wait.wait();
        return Outcome::Done(NtStatus::SUCCESS, body);
    }
    Outcome::Wait(Wait::Abort(Box::new(super::wait::AbortAnswer {
        open: open.clone(),
        wait,
        answer: body,
        until: ctx.now.mono + rsvd::scsi::ABORT_WAIT,
    })))
}

/// The interfaces FSCTL_QUERY_NETWORK_INTERFACE_INFO advertises (MS-SMB2 2.2.32.5).
pub fn interface_info(ifaces: &[InterfaceConfig]) -> Vec<u8> {
    let list: Vec<fsctl::NetworkInterface> = ifaces
        .iter()
        .map(|i| fsctl::NetworkInterface {
            index: i.index,
            rss: i.rss,
            rdma: i.rdma,
            link_speed_bps: i.speed_bps,
            addr: i.addr.ip(),
        })
        .collect();
    let mut out = Vec::with_capacity(list.len() * fsctl::NETWORK_INTERFACE_INFO_LEN);
    fsctl::encode_network_interfaces(&mut out, &list);
    out
}

/// The FSCTLs of shared virtual disks (MS-RSVD 3.2.4, 3.2.5.5, 3.2.5.6), and those a
/// shared open refuses; None for the rest.
/// `ring`: a SCSI READ whose range lies in one allocated block of the disk's top file
/// may be read by the worker's ring, as an SMB2 READ is ([`Tunnelled::Direct`]), and a
/// SCSI WRITE into one fully present block written by it ([`Tunnelled::DirectWrite`]).
fn shared_disk_ioctl(
    ctx: &Ctx,
    open: &Open,
    req: &msg::IoctlRequest,
    ring: bool,
) -> Option<Result<Tunnelled, NtStatus>> {
    let rsvd_share = open.share.as_ref().is_some_and(|s| s.rsvd);
    let shared = open.svhdx.as_ref();
    Some(match req.ctl_code {
        fsctl::QUERY_SHARED_VIRTUAL_DISK_SUPPORT if rsvd_share => crate::svhdx::query_support(
            shared.is_some(),
            open.file
                .as_ref()
                .is_some_and(|f| crate::svhdx::is_shared(&f.vdisk)),
            req.max_output_response,
        )
        .map(Tunnelled::Done),
        fsctl::QUERY_SHARED_VIRTUAL_DISK_SUPPORT => Err(NtStatus::INVALID_DEVICE_REQUEST),
        fsctl::SVHDX_SYNC_TUNNEL_REQUEST | fsctl::SVHDX_ASYNC_TUNNEL_REQUEST => match shared {
            Some(sv) => {
                let max_out = req.max_output_response as usize;
                let direct = match ring.then(|| sv.direct_read(req.input, max_out)).flatten() {
                    Some((read, at)) => Some(Tunnelled::Direct(Box::new(read), at)),
                    None => ring
                        .then(|| sv.direct_write(req.input, max_out))
                        .flatten()
                        .map(|(write, at)| Tunnelled::DirectWrite(Box::new(write), at)),
                };
                match direct {
                    Some(t) => Ok(t),
                    // (A write into a block of a dynamic disk not yet allocated may
                    // have to take the disk's metadata from another node: not on the
                    // worker. A fixed disk's blocks are all there. A resize or a
                    // change of the set takes it too, and waits for every node; an
                    // extract takes it until its file names the files it reads.)
                    None if ctx.can_wait
                        && sv.disk.scale_out()
                        && ((!sv.disk.device().top().is_fixed()
                            && rsvd::tunnel::changes_medium(req.input))
                            || rsvd::tunnel::changes_layout(req.input)
                            || rsvd::tunnel::extracts(req.input)) =>
                    {
                        Ok(Tunnelled::Elsewhere)
                    }
                    None => {
                        // The file's size only for GET_DISK_INFO, the one answer that
                        // tells it (on a CephFS share a stat may wait on the file's
                        // capabilities: no other command pays for it).
                        let op = rsvd::tunnel::Header::parse(req.input).map(|h| h.operation);
                        let file_size = match op {
                            Some(rsvd::tunnel::opcode::GET_DISK_INFO) => {
                                let top = sv.disk.device().top();
                                vhdx::Storage::len(top.file()).unwrap_or(0)
                            }
                            _ => 0,
                        };
                        sv.tunnel(req.input, max_out, file_size, ctx.now.filetime)
                    }
                }
            }
            None if rsvd_share => Err(NtStatus::INVALID_PARAMETER),
            None => Err(NtStatus::INVALID_DEVICE_REQUEST),
        },
        // STATUS_OFFLOAD_READ/WRITE_FILE_NOT_SUPPORTED: no offload on a shared disk.
        fsctl::OFFLOAD_READ if shared.is_some() => Err(NtStatus(0xC000_A2A3)),
        fsctl::OFFLOAD_WRITE if shared.is_some() => Err(NtStatus(0xC000_A2A4)),
        _ => return None,
    })
}
