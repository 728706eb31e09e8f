//! Copies that stay in the server: ODX (FSCTL_OFFLOAD_READ makes a token naming a range
//! of a file, FSCTL_OFFLOAD_WRITE copies what a token names into a file) and block
//! cloning (FSCTL_DUPLICATE_EXTENTS_TO_FILE and its _EX form), per MS-FSA 2.1.5.10.4-5
//! and 2.1.5.10.20-21 and what Windows answers where those leave a choice.

use super::*;
use crate::backend::FileObj;
use crate::limits::{
    DISK_CHANGERS, OFFLOAD_COPIERS, OFFLOAD_COPY_STEP, OFFLOAD_INLINE_COPY,
    OFFLOAD_MAX_TOKEN_RANGE, OFFLOAD_SECTOR, OFFLOAD_TOKEN_DEFAULT_TTL, OFFLOAD_TOKEN_MAX_TTL,
};
use crate::state::offload::{TokenId, TOKEN_TYPE};
use smb_wire::fsctl::{self, DuplicateExtents, OffloadReadOutput, OffloadToken};
use std::sync::atomic::{AtomicBool, AtomicUsize};

/// Offsets and lengths past this are refused (file offsets are signed on the wire).
const MAX_OFFSET: u64 = i64::MAX as u64;

fn aligned(v: u64, to: u64) -> bool {
    v.is_multiple_of(to)
}

/// Another open's byte-range lock on the range stops the access (`write`: exclusive).
fn file_key(open: &Open) -> (u64, u64) {
    open.file.as_ref().map_or((0, 0), |fs| fs.key)
}

fn is_sparse(f: &dyn FileObj) -> Result<bool, NtStatus> {
    Ok(f.info()?.attributes & attrs::SPARSE_FILE != 0)
}

/// A file changed over `[off, off + len)` by a copy: tokens naming it are spent, Level II
/// holders are told, and the open's times move at close.
fn changed(ctx: &Ctx, open: &Open, off: u64, len: u64) {
    ctx.server.offload.written(file_key(open), off, len);
    // (The copy runs on after the answer: other nodes wait for its start only.)
    let _changing = super::breaks::data_changing(ctx.server, open, ctx.now.mono);
    // (A copy runs on after this answer: times the handle keeps are not put back.)
    open.modified.store(true, Ordering::Relaxed);
    open.write_time_now(ctx.now.filetime);
}

/// FSCTL_OFFLOAD_READ: a token for a range of the open's file, as it is now.
pub(super) fn offload_read(
    ctx: &Ctx,
    open: &Arc<Open>,
    f: &dyn FileObj,
    input: &[u8],
    max_out: u32,
) -> Result<Vec<u8>, NtStatus> {
    if (max_out as usize) < fsctl::OFFLOAD_READ_OUTPUT_LEN
        || input.len() < fsctl::OFFLOAD_READ_INPUT_LEN
    {
        return Err(NtStatus::BUFFER_TOO_SMALL);
    }
    let req = fsctl::OffloadReadInput::parse(input).map_err(|_| NtStatus::INVALID_PARAMETER)?;
    if open.granted_access & access::FILE_READ_DATA == 0 {
        return Err(NtStatus::ACCESS_DENIED);
    }
    if !aligned(req.file_offset, OFFLOAD_SECTOR)
        || !aligned(req.copy_length, OFFLOAD_SECTOR)
        || req.size as usize != fsctl::OFFLOAD_READ_INPUT_LEN
        || req
            .file_offset
            .checked_add(req.copy_length)
            .is_none_or(|e| e > MAX_OFFSET)
    {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    let answer = |flags, transfer_length, token| {
        let mut out = Vec::with_capacity(fsctl::OFFLOAD_READ_OUTPUT_LEN);
        OffloadReadOutput {
            flags,
            transfer_length,
            token,
        }
        .encode(&mut out);
        out
    };
    if req.copy_length == 0 {
        // Windows answers a zero-length read with the zero token.
        return Ok(answer(0, 0, OffloadToken::zero()));
    }
    if open.is_directory || is_sparse(f)? {
        return Err(NtStatus::OFFLOAD_READ_FILE_NOT_SUPPORTED);
    }
    super::io::io_locked(ctx, open, req.file_offset, req.copy_length, false)?;
    let eof = f.info()?.end_of_file;
    if req.file_offset >= eof {
        return Err(NtStatus::END_OF_FILE);
    }
    // The token covers at most the bound; a range reaching end of file stops at the
    // sector holding it, and says everything after is zeros.
    let mut length = req.copy_length.min(OFFLOAD_MAX_TOKEN_RANGE);
    let mut flags = 0;
    let eof_sector = eof.div_ceil(OFFLOAD_SECTOR) * OFFLOAD_SECTOR;
    if req.file_offset + length >= eof_sector {
        length = eof_sector - req.file_offset;
        flags = fsctl::OFFLOAD_READ_FLAG_ALL_ZERO_BEYOND;
    }
    let now = ctx.now.mono;
    let ttl = match req.token_ttl_ms {
        0 => OFFLOAD_TOKEN_DEFAULT_TTL,
        ms => std::time::Duration::from_millis(u64::from(ms)).min(OFFLOAD_TOKEN_MAX_TTL),
    };
    let named = crate::state::offload::Named {
        key: file_key(open),
        offset: req.file_offset,
        length,
    };
    let id = ctx
        .server
        .offload
        .issue(session(ctx).id, open, named, now + ttl, now);
    let token = OffloadToken {
        token_type: TOKEN_TYPE,
        id: id.to_vec(),
    };
    Ok(answer(flags, length, token))
}

/// An offload write under way: what is left to copy, a step at a time.
pub struct CopyJob {
    pub target: Arc<Open>,
    pub file_id: FileId,
    pub ctl_code: u32,
    token: TokenId,
    /// Where in the source and the target the next step starts.
    src: u64,
    dst: u64,
    /// Bytes copied, and to copy in all.
    done: u64,
    total: u64,
    /// When the WRITE came: the token is checked against its expiry at that time (a
    /// token good when the copy began stays good for it; a write into the source spends
    /// it at once).
    at: std::time::Instant,
}

impl CopyJob {
    /// One step: Some(answer) when the copy has ended (done, or stopped by an error,
    /// a spent token or the target's close).
    pub fn step(&mut self, server: &Server) -> Option<(NtStatus, Vec<u8>)> {
        let answer = |done: u64| {
            (
                NtStatus::SUCCESS,
                written_body(self.ctl_code, self.file_id, done),
            )
        };
        if self.target.closed.load(Ordering::Acquire) {
            return Some((NtStatus::FILE_CLOSED, Vec::new()));
        }
        // A token spent since the last step ends the copy where it got to; one spent
        // before anything was copied fails it.
        let Some((source, ..)) = server.offload.lookup(&self.token, self.at) else {
            return Some(match self.done {
                0 => (NtStatus::INVALID_TOKEN, Vec::new()),
                n => answer(n),
            });
        };
        let (Some(sf), Some(tf)) = (source.file_obj(), self.target.file_obj()) else {
            return Some((NtStatus::INVALID_HANDLE, Vec::new()));
        };
        let n = (self.total - self.done).min(OFFLOAD_COPY_STEP as u64) as usize;
        if let Err(e) = copy_with_zero_tail(sf, self.src, tf, self.dst, n) {
            return Some(match self.done {
                0 => (e, Vec::new()),
                d => answer(d),
            });
        }
        // A write into the source while this step copied spent the token: what the
        // step copied may mix old and new data, so it is not counted.
        if server.offload.lookup(&self.token, self.at).is_none() {
            return Some(match self.done {
                0 => (NtStatus::INVALID_TOKEN, Vec::new()),
                d => answer(d),
            });
        }
        server
            .offload
            .written(file_key(&self.target), self.dst, n as u64);
        self.src += n as u64;
        self.dst += n as u64;
        self.done += n as u64;
        if self.done < self.total {
            return None;
        }
        if tf.writes_through() {
            if let Err(e) = tf.sync() {
                return Some((e, Vec::new()));
            }
        }
        Some(answer(self.done))
    }
}

/// An FSCTL_OFFLOAD_WRITE answer: `written` bytes.
fn written_body(ctl_code: u32, file_id: FileId, written: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(fsctl::OFFLOAD_WRITE_OUTPUT_LEN);
    fsctl::encode_offload_write_output(&mut out, written);
    let mut body = Vec::with_capacity(48 + out.len());
    msg::encode_ioctl_response(&mut body, ctl_code, file_id, &out);
    body
}

/// Copies `len` bytes; what lies past the source's end (inside a token's last sector)
/// is written as zeros.
fn copy_with_zero_tail(
    src: &dyn FileObj,
    src_off: u64,
    dst: &dyn FileObj,
    dst_off: u64,
    len: usize,
) -> Result<(), NtStatus> {
    let got = dst.copy_from(src, src_off, dst_off, len)?;
    if got < len {
        let zeros = vec![0u8; len - got];
        let mut at = 0;
        while at < zeros.len() {
            let w = dst.write_at(dst_off + (got + at) as u64, &zeros[at..])?;
            if w == 0 {
                return Err(NtStatus::DISK_FULL);
            }
            at += w;
        }
    }
    Ok(())
}

/// FSCTL_OFFLOAD_WRITE: copies what a token names (or zeros, for the zero token) into
/// the open's file. A copy longer than [`OFFLOAD_INLINE_COPY`] goes async and runs on a
/// copier thread ([`CopyTask`]); inside a compound (no async answer) one step is copied
/// and the client told how far it got.
pub(super) fn offload_write(
    ctx: &Ctx,
    open: &Arc<Open>,
    f: &dyn FileObj,
    req_io: &msg::IoctlRequest,
) -> Outcome {
    let fail = Outcome::Fail;
    let answer = |written: u64| {
        Outcome::Done(
            NtStatus::SUCCESS,
            written_body(req_io.ctl_code, req_io.file_id, written),
        )
    };
    if (req_io.max_output_response as usize) < fsctl::OFFLOAD_WRITE_OUTPUT_LEN
        || req_io.input.len() < fsctl::OFFLOAD_WRITE_INPUT_LEN
    {
        return fail(NtStatus::BUFFER_TOO_SMALL);
    }
    let Ok(req) = fsctl::OffloadWriteInput::parse(req_io.input) else {
        return fail(NtStatus::INVALID_PARAMETER);
    };
    if open.granted_access & access::FILE_WRITE_DATA == 0 {
        return fail(NtStatus::ACCESS_DENIED);
    }
    if !aligned(req.file_offset, OFFLOAD_SECTOR)
        || !aligned(req.copy_length, OFFLOAD_SECTOR)
        || !aligned(req.transfer_offset, OFFLOAD_SECTOR)
        || req.size as usize != fsctl::OFFLOAD_WRITE_INPUT_LEN
        || req
            .file_offset
            .checked_add(req.copy_length)
            .is_none_or(|e| e > crate::limits::MAX_FILE_SIZE)
    {
        return fail(NtStatus::INVALID_PARAMETER);
    }
    if req.copy_length == 0 {
        return answer(0);
    }
    match is_sparse(f) {
        _ if open.is_directory => return fail(NtStatus::OFFLOAD_WRITE_FILE_NOT_SUPPORTED),
        Ok(true) => return fail(NtStatus::OFFLOAD_WRITE_FILE_NOT_SUPPORTED),
        Err(e) => return fail(e),
        Ok(false) => {}
    }
    if let Err(e) = super::io::io_locked(ctx, open, req.file_offset, req.copy_length, true) {
        return fail(e);
    }
    // A shared open refused OFFLOAD_WRITE before this (no write into a shared disk
    // from here).
    debug_assert!(open.svhdx.is_none(), "offload write into a shared disk");
    let eof = match f.info() {
        Ok(i) => i.end_of_file,
        Err(e) => return fail(e),
    };
    if req.file_offset >= eof {
        return fail(NtStatus::END_OF_FILE);
    }
    // The target is not extended: the copy stops at its end of file.
    let room = eof - req.file_offset;
    if req.token.token_type == fsctl::OFFLOAD_TOKEN_TYPE_ZERO_DATA {
        let n = req.copy_length.min(room);
        changed(ctx, open, req.file_offset, n);
        if let Err(e) = f.zero_range(req.file_offset, n) {
            return fail(e);
        }
        if f.writes_through() {
            if let Err(e) = f.sync() {
                return fail(e);
            }
        }
        return answer(n);
    }
    let id: Option<TokenId> = (req.token.token_type == TOKEN_TYPE)
        .then(|| req.token.id.as_slice().try_into().ok())
        .flatten();
    let Some(id) = id else {
        return fail(NtStatus::INVALID_TOKEN);
    };
    let Some((_, named)) = ctx.server.offload.lookup(&id, ctx.now.mono) else {
        return fail(NtStatus::INVALID_TOKEN);
    };
    let (src_off, src_len) = (named.offset, named.length);
    if req.transfer_offset >= src_len {
        return fail(NtStatus::INVALID_PARAMETER);
    }
    let total = req.copy_length.min(src_len - req.transfer_offset).min(room);
    // Tokens naming the target's range are spent by this write (this one too, when it
    // names the same range: the copy then ends after its first step).
    changed(ctx, open, req.file_offset, total);
    let mut job = CopyJob {
        target: open.clone(),
        file_id: req_io.file_id,
        ctl_code: req_io.ctl_code,
        token: id,
        src: src_off + req.transfer_offset,
        dst: req.file_offset,
        done: 0,
        total,
        at: ctx.now.mono,
    };
    // Inside a compound (no async answer), one step: the client is told how far it got.
    if !ctx.can_wait {
        job.total = job.total.min(OFFLOAD_COPY_STEP as u64);
    }
    // A long copy goes to a copier thread.
    if ctx.can_wait && job.total > OFFLOAD_INLINE_COPY {
        let server = ctx.server.clone();
        let target = job.target.clone();
        let step = Box::new(move || job.step(&server));
        return Outcome::Wait(Wait::Copy(Box::new(CopyTask::new(target, step))));
    }
    loop {
        match job.step(ctx.server) {
            Some((st, _)) if st.is_error() => return fail(st),
            Some((st, body)) => return Outcome::Done(st, body),
            None => {}
        }
    }
}

/// Threads running one kind of long job off the workers, at most `limit` at once (all
/// servers of the process).
pub struct Slots {
    busy: AtomicUsize,
    limit: usize,
    name: &'static str,
}

impl Slots {
    const fn new(name: &'static str, limit: usize) -> Slots {
        Slots {
            busy: AtomicUsize::new(0),
            limit,
            name,
        }
    }
}

/// Copier threads (offload writes, ExtractVHD).
static COPIERS: Slots = Slots::new("offload-copy", OFFLOAD_COPIERS);
/// Scale-out shared disks' changes that may wait on the other nodes.
pub static DISK_CHANGERS_SLOTS: Slots = Slots::new("disk-change", DISK_CHANGERS);

/// The node is stopping: waits up to `budget` (in naps of 5 ms) for the copier threads
/// to end. Their requests went with the connections, so each stops after its step under
/// way (an extract's unfinished file removed). False when some are still running.
pub fn wait_copiers(budget: std::time::Duration) -> bool {
    let nap = std::time::Duration::from_millis(5);
    let mut naps = budget.as_millis() / nap.as_millis();
    let busy =
        || COPIERS.busy.load(Ordering::Acquire) + DISK_CHANGERS_SLOTS.busy.load(Ordering::Acquire);
    while busy() > 0 {
        if naps == 0 {
            tracing::warn!(copiers = busy(), "server-side copies still running at stop");
            return false;
        }
        naps -= 1;
        std::thread::sleep(nap);
    }
    true
}

/// What a copier thread hands back.
#[derive(Default)]
struct CopyShared {
    /// The request was cancelled or its connection went: stop after the current step.
    stop: AtomicBool,
    result: Mutex<Option<(NtStatus, Vec<u8>)>>,
}

/// A long copy (an offload write, an ExtractVHD): its job waits for a copier slot, then
/// runs step after step on a thread of its own; the worker only looks for the answer. Dropping the task (the
/// request cancelled, its connection or session gone) stops the copy after the step
/// under way.
pub struct CopyTask {
    pub target: Arc<Open>,
    /// The copy until a copier takes it: each call copies a step, and gives the answer
    /// once the copy has ended.
    job: Option<CopyStep>,
    shared: Arc<CopyShared>,
    slots: &'static Slots,
}

type CopyStep = Box<dyn FnMut() -> Option<(NtStatus, Vec<u8>)> + Send>;

impl CopyTask {
    /// A long copy on `target` (an offload write, an extract of a shared disk).
    pub fn new(target: Arc<Open>, step: CopyStep) -> CopyTask {
        CopyTask::on(&COPIERS, target, step)
    }

    /// A job on `target` run on a thread of `slots`.
    pub fn on(slots: &'static Slots, target: Arc<Open>, step: CopyStep) -> CopyTask {
        CopyTask {
            target,
            job: Some(step),
            shared: Arc::default(),
            slots,
        }
    }

    /// Asks the copy to stop (a CANCEL): it answers STATUS_CANCELLED once its copier
    /// has let go of the copy (an extract's unfinished file removed).
    pub fn stop(&mut self) {
        self.shared.stop.store(true, Ordering::Release);
    }

    /// The answer, once the copy has ended (starting it when a copier is free).
    pub fn poll(&mut self) -> Option<(NtStatus, Vec<u8>)> {
        if self.job.is_some() && self.shared.stop.load(Ordering::Acquire) {
            self.job = None;
            return Some((NtStatus::CANCELLED, Vec::new()));
        }
        if self.job.is_some() {
            let slots = self.slots;
            if slots.busy.fetch_add(1, Ordering::AcqRel) >= slots.limit {
                slots.busy.fetch_sub(1, Ordering::AcqRel);
                return None;
            }
            let mut job = self.job.take()?;
            let shared = self.shared.clone();
            let spawned = std::thread::Builder::new()
                .name(slots.name.into())
                .spawn(move || {
                    // Answers and frees the slot however the copy ends (a panic too).
                    struct Ended(Arc<CopyShared>, Option<(NtStatus, Vec<u8>)>, &'static Slots);
                    impl Drop for Ended {
                        fn drop(&mut self) {
                            let r = self.1.take();
                            *self.0.result.lock() =
                                Some(r.unwrap_or((NtStatus::INTERNAL_ERROR, Vec::new())));
                            self.2.busy.fetch_sub(1, Ordering::AcqRel);
                        }
                    }
                    let mut ended = Ended(shared.clone(), None, slots);
                    let r = loop {
                        if shared.stop.load(Ordering::Acquire) {
                            break (NtStatus::CANCELLED, Vec::new());
                        }
                        if let Some(r) = job() {
                            break r;
                        }
                    };
                    drop(job);
                    ended.1 = Some(r);
                });
            if spawned.is_err() {
                slots.busy.fetch_sub(1, Ordering::AcqRel);
                return Some((NtStatus::INSUFFICIENT_RESOURCES, Vec::new()));
            }
            return None;
        }
        self.shared.result.lock().take()
    }
}

impl Drop for CopyTask {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::Release);
    }
}

/// FSCTL_DUPLICATE_EXTENTS_TO_FILE (`ex`: the _EX form): the target range comes to share
/// the source range's blocks (reflink), on shares whose file system can.
pub(super) fn duplicate_extents(
    ctx: &Ctx,
    target: &Open,
    f: &dyn FileObj,
    input: &[u8],
    ex: bool,
) -> Result<(), NtStatus> {
    let fs = match target.share.as_ref() {
        Some(s) => s.backend.fs_info()?,
        None => return Err(NtStatus::INVALID_DEVICE_REQUEST),
    };
    if !fs.block_refcounting {
        // As NTFS answers: the file system cannot share blocks.
        return Err(NtStatus::INVALID_DEVICE_REQUEST);
    }
    let parsed = if ex {
        DuplicateExtents::parse_ex(input)
    } else {
        DuplicateExtents::parse(input)
    };
    let req = match parsed {
        Ok(r) => r,
        Err(fsctl::DuplicateExtentsError::Short) => return Err(NtStatus::INVALID_PARAMETER),
        Err(fsctl::DuplicateExtentsError::BadSize) => return Err(NtStatus::NOT_SUPPORTED),
    };
    // MS-SMB2 3.3.5.15.17: the source is an open of this session.
    let source = session(ctx)
        .open(req.source_volatile)
        .filter(|o| o.file_id.persistent == req.source_persistent)
        .filter(|o| !o.closed.load(Ordering::Acquire))
        .ok_or(NtStatus::INVALID_HANDLE)?;
    if target.granted_access & access::FILE_WRITE_DATA == 0 {
        return Err(NtStatus::ACCESS_DENIED);
    }
    // No block cloning into or out of a shared disk (its blocks are the engine's, its
    // reads answer to its reservations): as a file system that cannot share blocks
    // answers.
    if target.svhdx.is_some() || source.svhdx.is_some() {
        return Err(NtStatus::INVALID_DEVICE_REQUEST);
    }
    let cluster = u64::from(fs.bytes_per_sector) * u64::from(fs.sectors_per_unit);
    let cluster = cluster.max(1);
    if !aligned(req.source_offset, cluster)
        || !aligned(req.target_offset, cluster)
        || !aligned(req.byte_count, cluster)
    {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    let ends = |off: u64| off.checked_add(req.byte_count).filter(|e| *e <= MAX_OFFSET);
    let (Some(src_end), Some(_)) = (ends(req.source_offset), ends(req.target_offset)) else {
        return Err(NtStatus::INVALID_PARAMETER);
    };
    if req.byte_count == 0 {
        return Ok(());
    }
    if target.is_directory {
        return Err(NtStatus::NOT_SUPPORTED);
    }
    let Some(sf) = source.file_obj() else {
        return Err(NtStatus::INVALID_PARAMETER);
    };
    if source.is_directory || source.granted_access & access::FILE_READ_DATA == 0 {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    let (si, ti) = (sf.info()?, f.info()?);
    if si.end_of_file < src_end {
        return Err(NtStatus::NOT_SUPPORTED);
    }
    if si.device_id != ti.device_id {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    let sparse = |i: &crate::backend::FileInfo| i.attributes & attrs::SPARSE_FILE != 0;
    if sparse(&si) && !sparse(&ti) {
        return Err(NtStatus::NOT_SUPPORTED);
    }
    let same_file = si.file_id == ti.file_id;
    if same_file
        && req.source_offset < req.target_offset + req.byte_count
        && req.target_offset < src_end
    {
        return Err(NtStatus::NOT_SUPPORTED);
    }
    // Windows shortens a range that runs past the target's end; the target never grows.
    let count = req
        .byte_count
        .min(ti.end_of_file.saturating_sub(req.target_offset));
    if count == 0 {
        return Ok(());
    }
    changed(ctx, target, req.target_offset, count);
    // Whole clusters are shared; a part cluster at the target's end is copied.
    let whole = count - count % cluster;
    if whole > 0 {
        f.clone_from(sf, req.source_offset, req.target_offset, whole)?;
    }
    if whole < count {
        let tail = (count - whole) as usize;
        copy_with_zero_tail(
            sf,
            req.source_offset + whole,
            f,
            req.target_offset + whole,
            tail,
        )?;
    }
    if f.writes_through() {
        f.sync()?;
    }
    Ok(())
}
