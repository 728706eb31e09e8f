//! IOCTL on files: FSCTLs (copychunk, resume keys, trim, resiliency, interface info).

use super::*;

/// The longest resiliency a client may ask for (Windows' default: 5 minutes).
pub(super) const MAX_RESILIENCY_TIMEOUT_MS: u32 = 300_000;

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
    use msg::fsctl;
    match req.ctl_code {
        fsctl::DFS_GET_REFERRALS | fsctl::DFS_GET_REFERRALS_EX => {
            return Fail(NtStatus::FS_DRIVER_REQUIRED)
        }
        fsctl::PIPE_WAIT => return Fail(NtStatus::OBJECT_NAME_NOT_FOUND),
        _ => {}
    }
    let open = match find_open(ctx, req.file_id) {
        Ok(o) => o,
        Err(e) => return Fail(e),
    };
    let reply = |out: &[u8]| {
        let mut body = Vec::with_capacity(48 + out.len());
        msg::encode_ioctl_response(&mut body, req.ctl_code, req.file_id, out);
        body
    };
    if let OpenKind::Pipe(p) = &open.kind {
        if req.ctl_code != fsctl::PIPE_TRANSCEIVE {
            return Fail(NtStatus::INVALID_DEVICE_REQUEST);
        }
        let shares = share_entries(ctx.server);
        return match p
            .lock()
            .transceive(req.input, &shares, req.max_output_response as usize)
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
    match req.ctl_code {
        fsctl::LMR_REQUEST_RESILIENCY => {
            // MS-SMB2 3.3.5.15.9: NETWORK_RESILIENCY_REQUEST (timeout ms, reserved).
            if ctx.dialect < smb_wire::negotiate::dialect::SMB21 {
                return Fail(NtStatus::INVALID_DEVICE_REQUEST);
            }
            if req.input.len() < 8 {
                return Fail(NtStatus::INVALID_PARAMETER);
            }
            let timeout = u32::from_le_bytes(req.input[..4].try_into().unwrap());
            if timeout > MAX_RESILIENCY_TIMEOUT_MS {
                return Fail(NtStatus::INVALID_PARAMETER);
            }
            open.resilient.store(true, Ordering::Release);
            Outcome::Done(NtStatus::SUCCESS, reply(&[]))
        }
        fsctl::SET_SPARSE => Outcome::Done(NtStatus::SUCCESS, reply(&[])),
        fsctl::SET_ZERO_DATA | fsctl::FILE_LEVEL_TRIM => {
            if !open.can_write() {
                return Fail(NtStatus::ACCESS_DENIED);
            }
            let ranges = if req.ctl_code == fsctl::SET_ZERO_DATA {
                let r = Le(req.input);
                match (r.u64(0), r.u64(8)) {
                    (Ok(a), Ok(b)) if b >= a => vec![(a, b - a)],
                    _ => return Fail(NtStatus::INVALID_PARAMETER),
                }
            } else {
                match parse_trim(req.input) {
                    Some(v) => v,
                    None => return Fail(NtStatus::INVALID_PARAMETER),
                }
            };
            for (off, len) in ranges {
                if let Err(e) = f.zero_range(off, len) {
                    return Fail(e);
                }
            }
            // A write-through open's changes are stable before the answer.
            if f.writes_through() {
                if let Err(e) = f.sync() {
                    return Fail(e);
                }
            }
            let out = if req.ctl_code == fsctl::FILE_LEVEL_TRIM {
                vec![0u8; 4]
            } else {
                vec![]
            };
            Outcome::Done(NtStatus::SUCCESS, reply(&out))
        }
        fsctl::QUERY_ALLOCATED_RANGES => {
            let r = Le(req.input);
            let (Ok(off), Ok(len)) = (r.u64(0), r.u64(8)) else {
                return Fail(NtStatus::INVALID_PARAMETER);
            };
            let eof = f.info().map(|i| i.end_of_file).unwrap_or(0);
            let end = off.saturating_add(len).min(eof);
            let mut out = Vec::new();
            if end > off {
                out.put_u64(off);
                out.put_u64(end - off);
            }
            if out.len() > req.max_output_response as usize {
                return Fail(NtStatus::BUFFER_TOO_SMALL);
            }
            Outcome::Done(NtStatus::SUCCESS, reply(&out))
        }
        fsctl::GET_REPARSE_POINT => Fail(NtStatus::NOT_A_REPARSE_POINT),
        fsctl::CREATE_OR_GET_OBJECT_ID => {
            // MS-FSCC 2.1.3.1 FILE_OBJECTID_BUFFER: a stable id from the file's identity.
            let Ok(i) = f.info() else {
                return Fail(NtStatus::INTERNAL_ERROR);
            };
            if req.max_output_response < 64 {
                return Fail(NtStatus::BUFFER_TOO_SMALL);
            }
            let mut out = Vec::with_capacity(64);
            out.put_u64(i.file_id);
            out.put_u64(i.device_id);
            out.put_u64(i.device_id);
            out.put_u64(0);
            out.put_u64(i.file_id);
            out.put_u64(i.device_id);
            out.put_zeros(16);
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
            // SRV_REQUEST_RESUME_KEY (MS-SMB2 2.2.32.3): a 24-byte key naming this open,
            // ContextLength 0 and four bytes of empty context (as Windows and Samba send).
            let mut out = resume_key(ctx, &open).to_vec();
            out.put_u32(0);
            out.put_u32(0);
            Outcome::Done(NtStatus::SUCCESS, reply(&out))
        }
        fsctl::SRV_COPYCHUNK | fsctl::SRV_COPYCHUNK_WRITE => {
            let r = copy_chunk(
                ctx,
                &open,
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

/// Holds a WRITE's RDMA-fetched data while it is written; a lent registered buffer goes
/// back to the transport's lent buffers afterwards, whatever the outcome.
pub(super) struct IncomingGuard<'a> {
    pub(super) data: Option<crate::rdma::Incoming>,
    pub(super) st: &'a std::cell::RefCell<crate::rdma::RdmaState>,
}

impl Drop for IncomingGuard<'_> {
    fn drop(&mut self) {
        if let Some(crate::rdma::Incoming::Lent(b, _)) = self.data.take() {
            self.st.borrow_mut().lent.push(b);
        }
    }
}

/// Server-side copy limits (Windows' defaults, MS-SMB2 3.3.3.1).
pub(super) const COPYCHUNK_MAX_CHUNKS: u32 = 256;
pub(super) const COPYCHUNK_MAX_CHUNK_SIZE: u32 = 1 << 20;
pub(super) const COPYCHUNK_MAX_DATA: u32 = 16 << 20;

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
        b.put_u32(chunks);
        b.put_u32(chunk_bytes);
        b.put_u32(total);
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
    let count = u32::from_le_bytes(input[24..28].try_into().unwrap());
    if count > COPYCHUNK_MAX_CHUNKS {
        return Err(limits());
    }
    let chunks_at = 32usize;
    if input.len() < chunks_at + count as usize * 24 {
        return Err((NtStatus::INVALID_PARAMETER, None));
    }
    let mut chunks = Vec::with_capacity(count as usize);
    let mut total: u64 = 0;
    for i in 0..count as usize {
        let c = &input[chunks_at + i * 24..chunks_at + (i + 1) * 24];
        let src = u64::from_le_bytes(c[0..8].try_into().unwrap());
        let dst = u64::from_le_bytes(c[8..16].try_into().unwrap());
        let len = u32::from_le_bytes(c[16..20].try_into().unwrap());
        if len == 0 || len > COPYCHUNK_MAX_CHUNK_SIZE {
            return Err(limits());
        }
        total += u64::from(len);
        chunks.push((src, dst, len));
    }
    if total > u64::from(COPYCHUNK_MAX_DATA) {
        return Err(limits());
    }
    // The source: an open of this session whose resume key this is.
    let key: [u8; 24] = input[..24].try_into().unwrap();
    let volatile = u64::from_le_bytes(key[8..16].try_into().unwrap());
    let source = session(ctx)
        .open(volatile)
        .filter(|o| resume_key(ctx, o) == key)
        .ok_or((NtStatus::OBJECT_NAME_NOT_FOUND, None))?;
    if !source.can_read() {
        return Err((NtStatus::ACCESS_DENIED, None));
    }
    let Some(sf) = source.file_obj() else {
        return Err((NtStatus::INVALID_PARAMETER, None));
    };
    let mut written: u32 = 0;
    let mut done = 0u32;
    let mut buf = Vec::new();
    for (src, dst, len) in chunks {
        let lock_conflict = |o: &Open, off: u64, write: bool| {
            o.file.as_ref().is_some_and(|fs| {
                fs.inner
                    .lock()
                    .io_conflict(o.file_id, off, u64::from(len), write)
            })
        };
        if lock_conflict(&source, src, false) || lock_conflict(target, dst, true) {
            return Err((
                NtStatus::FILE_LOCK_CONFLICT,
                Some(response(done, 0, written)),
            ));
        }
        buf.clear();
        buf.resize(len as usize, 0);
        let n = sf
            .read_at(src, &mut buf)
            .map_err(|e| (e, Some(response(done, 0, written))))?;
        if n < len as usize {
            // The source ends inside this chunk.
            return Err((
                NtStatus::INVALID_VIEW_SIZE,
                Some(response(done, 0, written)),
            ));
        }
        let mut off = 0usize;
        while off < buf.len() {
            let w = f
                .write_at(dst + off as u64, &buf[off..])
                .map_err(|e| (e, Some(response(done, off as u32, written))))?;
            if w == 0 {
                return Err((
                    NtStatus::DISK_FULL,
                    Some(response(done, off as u32, written)),
                ));
            }
            off += w;
        }
        written += len;
        done += 1;
    }
    target.modified.store(true, Ordering::Relaxed);
    if written > 0 && f.writes_through() {
        f.sync()
            .map_err(|e| (e, Some(response(done, 0, written))))?;
    }
    Ok(response(done, 0, written))
}

/// FSCTL_FILE_LEVEL_TRIM input (MS-FSCC 2.3.73): key, count, then (offset, length) pairs.
pub(super) fn parse_trim(b: &[u8]) -> Option<Vec<(u64, u64)>> {
    let r = Le(b);
    let n = r.u32(4).ok()? as usize;
    if n > 4096 {
        return None;
    }
    (0..n)
        .map(|i| Some((r.u64(8 + 16 * i).ok()?, r.u64(16 + 16 * i).ok()?)))
        .collect()
}

/// NETWORK_INTERFACE_INFO entries (MS-SMB2 2.2.32.5).
pub fn interface_info(ifaces: &[InterfaceConfig]) -> Vec<u8> {
    let mut out = Vec::new();
    for (i, ifc) in ifaces.iter().enumerate() {
        let start = out.len();
        out.put_u32(if i + 1 < ifaces.len() { 152 } else { 0 });
        out.put_u32(ifc.index);
        out.put_u32(u32::from(ifc.rss) | (u32::from(ifc.rdma) << 1));
        out.put_u32(0);
        out.put_u64(ifc.speed_bps);
        match ifc.addr.ip() {
            std::net::IpAddr::V4(a) => {
                out.put_u16(2);
                out.extend_from_slice(&0u16.to_be_bytes());
                out.extend_from_slice(&a.octets());
            }
            std::net::IpAddr::V6(a) => {
                out.put_u16(0x17);
                out.extend_from_slice(&0u16.to_be_bytes());
                out.put_u32(0);
                out.extend_from_slice(&a.octets());
            }
        }
        out.resize(start + 152, 0);
    }
    out
}
