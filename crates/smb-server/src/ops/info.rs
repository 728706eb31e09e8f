//! QUERY_INFO and SET_INFO (renames and links are in `rename`).

use super::*;

pub(super) fn query_info(ctx: &Ctx, max_transact: u32) -> Outcome {
    let Ok(req) = msg::QueryInfoRequest::parse(ctx.msg) else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    let open = match open_for_output(ctx, req.file_id, req.output_buffer_length, max_transact) {
        Ok(o) => o,
        Err(e) => return Fail(e),
    };
    let max = req.output_buffer_length as usize;
    if let Some(need) = query_access(req.info_type, req.info_class, req.additional_information) {
        if open.granted_access & need != need {
            return Fail(NtStatus::ACCESS_DENIED);
        }
    }
    let mut data = Vec::new();
    let min = match req.info_type {
        info_type::FILE => {
            let Some(f) = open.file_obj() else {
                return Fail(NtStatus::NOT_SUPPORTED);
            };
            let info = match f.info() {
                Ok(i) => open.shown_info(i, ctx.now.filetime),
                Err(e) => return Fail(e),
            };
            let pending = open
                .file
                .as_ref()
                .is_some_and(|fs| fs.inner.lock().delete_pending);
            let name = open.client_name();
            let of = OpenFacts {
                access_mask: open.granted_access,
                position: open.position.load(Ordering::Relaxed),
                mode: open.mode.load(Ordering::Relaxed) as u32,
                alignment: 0,
                name: &name,
                stream_name_data: false,
            };
            if req.info_class == fscc::class::FILE_FULL_EA {
                return query_eas(&open, f, &req, max);
            }
            // MS-SMB2 3.3.5.20.1: a normalized name is SMB 3.1.1 only, and the share
            // root has none (Windows answers NOT_SUPPORTED).
            if req.info_class == fscc::class::FILE_NORMALIZED_NAME
                && (ctx.dialect < smb_wire::negotiate::dialect::SMB311
                    || (open.stream.is_none() && open.path.lock().is_root()))
            {
                return Fail(NtStatus::NOT_SUPPORTED);
            }
            if req.info_class == fscc::class::FILE_STREAM {
                // The file's streams, whichever of them this open is.
                let (Some(share), base) = (open.share.as_ref(), open.stream.as_ref()) else {
                    return Fail(NtStatus::NOT_SUPPORTED);
                };
                let base_info = match base {
                    Some((p, _)) => match share.backend.stat(p) {
                        Ok(i) => i,
                        Err(e) => return Fail(e),
                    },
                    None => info,
                };
                let mut list = Vec::new();
                if !base_info.is_directory {
                    list.push((
                        "::$DATA".to_string(),
                        base_info.end_of_file,
                        base_info.allocation_size,
                    ));
                }
                for (n, size, alloc) in list_streams(&share.backend, &base_info) {
                    list.push((format!(":{n}:$DATA"), size, alloc));
                }
                fscc::encode_stream_list(&list, &mut data);
                let min = fscc::min_file_info_size(req.info_class).unwrap_or(0);
                return finish_query(data, max, min);
            }
            if let Err(e) =
                fscc::encode_file_info(req.info_class, &facts(&info, pending), &of, &mut data)
            {
                return Fail(e);
            }
            fscc::min_file_info_size(req.info_class).unwrap_or(0)
        }
        info_type::FILESYSTEM => {
            let Some(share) = open.share.as_ref() else {
                return Fail(NtStatus::NOT_SUPPORTED);
            };
            let fi = match share.backend.fs_info() {
                Ok(i) => i,
                Err(e) => return Fail(e),
            };
            let unit =
                u64::from(fi.bytes_per_sector.max(1)) * u64::from(fi.sectors_per_unit.max(1));
            let ff = FsFacts {
                total_units: fi.total_bytes / unit,
                free_units: fi.free_bytes / unit,
                avail_units: fi.avail_bytes / unit,
                sectors_per_unit: fi.sectors_per_unit.max(1),
                bytes_per_sector: fi.bytes_per_sector.max(1),
                volume_serial: fi.volume_serial,
                volume_creation_time: fi.volume_creation_time,
                volume_label: share.name.clone(),
                fs_name: "NTFS".into(),
                max_name_len: fi.max_name_len.max(255),
                fs_attributes: fs_attributes(&fi),
                // Trimmed ranges are punched out of the file where it can hold holes.
                trim_enabled: fi.sparse_files,
            };
            if let Err(e) = fscc::encode_fs_info(req.info_class, &ff, &mut data) {
                return Fail(e);
            }
            fscc::min_fs_info_size(req.info_class).unwrap_or(0)
        }
        info_type::SECURITY => {
            let sd = open
                .file_obj()
                .and_then(|f| f.security())
                .and_then(|b| SecDesc::parse(&b).ok())
                .unwrap_or_else(|| default_sd(session(ctx)));
            data = sd.encode(req.additional_information & 0xF);
            if data.len() > max {
                // MS-SMB2 3.3.5.20.3: report the size needed.
                let mut b = Vec::new();
                b.put_u32(data.len() as u32);
                let mut body = Vec::new();
                msg::encode_error_response(&mut body, &b);
                return Outcome::Done(NtStatus::BUFFER_TOO_SMALL, body);
            }
            0
        }
        info_type::QUOTA => return Fail(NtStatus::NOT_SUPPORTED),
        _ => return Fail(NtStatus::INVALID_PARAMETER),
    };
    finish_query(data, max, min)
}

/// A QUERY_INFO answer: too small a buffer for the fixed part is INFO_LENGTH_MISMATCH,
/// one too small for all of it BUFFER_OVERFLOW with what fits.
pub(super) fn finish_query(mut data: Vec<u8>, max: usize, min: usize) -> Outcome {
    if max < min {
        return Fail(NtStatus::INFO_LENGTH_MISMATCH);
    }
    let mut st = NtStatus::SUCCESS;
    if data.len() > max {
        data.truncate(max);
        st = NtStatus::BUFFER_OVERFLOW;
    }
    let mut body = Vec::with_capacity(8 + data.len());
    msg::encode_buffer_response(&mut body, &data);
    Outcome::Done(st, body)
}

/// FileFullEaInformation (MS-FSA 2.1.5.11.12): the EAs named in the input, or the file's
/// EAs from the open's cursor (restart scan starts over), as many as fit.
pub(super) fn query_eas(
    open: &Open,
    f: &dyn crate::backend::FileObj,
    req: &msg::QueryInfoRequest,
    max: usize,
) -> Outcome {
    const RESTART_SCAN: u32 = 0x1;
    const RETURN_SINGLE_ENTRY: u32 = 0x2;
    let eas = match f.eas() {
        Ok(e) => e,
        Err(e) => return Fail(e),
    };
    let (list, start) = if req.input.is_empty() {
        if eas.is_empty() {
            return Fail(NtStatus::NO_EAS_ON_FILE);
        }
        let start = if req.flags & RESTART_SCAN != 0 {
            0
        } else {
            open.ea_cursor.load(Ordering::Relaxed) as usize
        };
        if start >= eas.len() {
            return Fail(NtStatus::NO_MORE_EAS);
        }
        (eas, start)
    } else {
        let wanted = match fscc::parse_get_ea_list(req.input) {
            Ok(w) => w,
            Err(e) => return Fail(e),
        };
        let list = wanted
            .into_iter()
            .map(|n| {
                eas.iter()
                    .find(|e| e.name.eq_ignore_ascii_case(&n))
                    .cloned()
                    .unwrap_or(fscc::Ea {
                        flags: 0,
                        name: n.to_ascii_uppercase(),
                        value: Vec::new(),
                    })
            })
            .collect();
        (list, 0)
    };
    let rest = &list[start..];
    let rest = if req.flags & RETURN_SINGLE_ENTRY != 0 {
        &rest[..1]
    } else {
        rest
    };
    let mut data = Vec::new();
    let n = fscc::encode_full_ea_list(rest, max, &mut data);
    if n == 0 {
        return Fail(NtStatus::BUFFER_TOO_SMALL);
    }
    if req.input.is_empty() {
        open.ea_cursor.store((start + n) as u32, Ordering::Relaxed);
    }
    let st = if n < rest.len() {
        NtStatus::BUFFER_OVERFLOW
    } else {
        NtStatus::SUCCESS
    };
    let mut body = Vec::with_capacity(8 + data.len());
    msg::encode_buffer_response(&mut body, &data);
    Outcome::Done(st, body)
}

/// The access a QUERY_INFO needs on the open (MS-FSA 2.1.5.11, MS-SMB2 3.3.5.20.3).
pub(super) fn query_access(info: u8, class: u8, additional: u32) -> Option<u32> {
    use smb_wire::fscc::class as c;
    match info {
        info_type::FILE => match class {
            c::FILE_BASIC | c::FILE_ALL | c::FILE_NETWORK_OPEN | c::FILE_ATTRIBUTE_TAG => {
                Some(access::FILE_READ_ATTRIBUTES)
            }
            c::FILE_FULL_EA => Some(access::FILE_READ_EA),
            _ => None,
        },
        info_type::SECURITY => {
            let mut need = 0;
            if additional & 0x7 != 0 {
                need |= access::READ_CONTROL;
            }
            if additional & 0x8 != 0 {
                need |= access::ACCESS_SYSTEM_SECURITY;
            }
            Some(need)
        }
        _ => None,
    }
}

pub(super) fn set_info(server: &Arc<Server>, ctx: &Ctx) -> Outcome {
    let Ok(req) = msg::SetInfoRequest::parse(ctx.msg) else {
        return Fail(NtStatus::INVALID_PARAMETER);
    };
    let open = match find_open(ctx, req.file_id) {
        Ok(o) => o,
        Err(e) => return Fail(e),
    };
    let ok = || {
        let mut b = Vec::new();
        msg::encode_set_info_response(&mut b);
        Outcome::Done(NtStatus::SUCCESS, b)
    };
    // A shared virtual disk keeps its name (MS-RSVD 3.2.5.9).
    if req.info_type == info_type::FILE && open.svhdx.is_some() {
        match req.info_class {
            fscc::class::FILE_RENAME | fscc::class::FILE_RENAME_EX => {
                return Fail(NtStatus::NOT_SUPPORTED)
            }
            fscc::class::FILE_LINK => return Fail(NtStatus::INVALID_PARAMETER),
            _ => {}
        }
    }
    match req.info_type {
        info_type::FILE => {}
        info_type::SECURITY => {
            return match set_security(ctx, &open, &req) {
                Ok(()) => ok(),
                Err(e) => Fail(e),
            };
        }
        info_type::FILESYSTEM | info_type::QUOTA => return Fail(NtStatus::NOT_SUPPORTED),
        _ => return Fail(NtStatus::INVALID_PARAMETER),
    }
    let Some(f) = open.file_obj() else {
        return Fail(NtStatus::NOT_SUPPORTED);
    };
    let share = open.share.clone().expect("file open");
    if share.read_only {
        return Fail(NtStatus::ACCESS_DENIED);
    }
    let info = match fscc::parse_set_file_info(req.info_class, req.buffer) {
        Ok(i) => i,
        Err(e) => return Fail(e),
    };
    let need = |mask: u32| open.granted_access & mask != 0;
    let path = open.path.lock().clone();
    // Renaming the file or marking it for deletion first costs the other leases their
    // cached handles, and waits for their acknowledgments (as Windows does).
    let drops_handles = match &info {
        SetFileInfo::Rename { .. } => need(access::DELETE),
        SetFileInfo::Disposition { delete_pending } => *delete_pending && need(access::DELETE),
        SetFileInfo::DispositionEx { flags } => flags & 1 != 0 && need(access::DELETE),
        _ => false,
    };
    if let (true, Some(fs)) = (drops_handles, &open.file) {
        if wait_for_handles(fs, open.file_id, ctx.now.mono) && ctx.can_wait {
            if let Some(mut w) = CreateWait::of(ctx, fs) {
                // It runs again on its own: a related request's FileId (the previous
                // operation's) is written in.
                let mut id = Vec::with_capacity(16);
                open.file_id.put(&mut id);
                if let Some(slot) = w
                    .msg
                    .get_mut(smb_wire::header::HEADER_LEN + 16..smb_wire::header::HEADER_LEN + 32)
                {
                    slot.copy_from_slice(&id);
                }
                return Outcome::Wait(Wait::SetInfo(Box::new(w)));
            }
        }
    }
    let res = match info {
        SetFileInfo::Basic {
            creation_time,
            last_access_time,
            last_write_time,
            change_time,
            attributes,
        } => {
            let times = [
                creation_time,
                last_access_time,
                last_write_time,
                change_time,
            ];
            set_basic(ctx, &open, f, &share, &path, times, attributes)
        }
        SetFileInfo::EndOfFile(len) => set_end_of_file(ctx, &open, f, len),
        SetFileInfo::Allocation(len) => set_allocation(ctx, &open, f, len),
        SetFileInfo::Disposition { .. } | SetFileInfo::DispositionEx { .. } => {
            let delete = match info {
                SetFileInfo::Disposition { delete_pending } => delete_pending,
                SetFileInfo::DispositionEx { flags } => flags & 1 != 0,
                _ => unreachable!("matched above"),
            };
            let r = set_disposition(&open, f, delete);
            if r.is_ok() {
                persist_change(server, session(ctx), &open);
            }
            r
        }
        SetFileInfo::Position(p) => {
            open.position.store(p, Ordering::Relaxed);
            Ok(())
        }
        SetFileInfo::Mode(m) => {
            // Only write-through and sequential-only may be set: SMB2 opens are never
            // synchronous, and buffering cannot be changed after open (MS-FSA 2.1.5.14.7).
            const SETTABLE: u32 = 0x2 | 0x4;
            if m & !SETTABLE != 0 {
                return Fail(NtStatus::INVALID_PARAMETER);
            }
            open.mode.store(u64::from(m), Ordering::Relaxed);
            Ok(())
        }
        SetFileInfo::Rename {
            replace_if_exists,
            name,
            ..
        } => rename(server, ctx, &open, &share, &path, &name, replace_if_exists),
        SetFileInfo::Link {
            replace_if_exists,
            name,
        } => link(server, ctx, &open, &share, &path, &name, replace_if_exists),
        SetFileInfo::ValidDataLength(_) => Err(NtStatus::NOT_SUPPORTED),
        SetFileInfo::FullEa(b) => {
            if !need(access::FILE_WRITE_EA) {
                return Fail(NtStatus::ACCESS_DENIED);
            }
            fscc::parse_full_ea_list(&b).and_then(|eas| f.set_eas(&eas))
        }
        SetFileInfo::ShortName(_) => Err(NtStatus::NOT_SUPPORTED),
    };
    match res {
        Ok(()) => ok(),
        Err(e) => Fail(e),
    }
}

/// SET_INFO of a security descriptor: the parts named, with the rights each needs.
fn set_security(ctx: &Ctx, open: &Open, req: &msg::SetInfoRequest) -> Result<(), NtStatus> {
    use secdesc::secinfo;
    let info = req.additional_information;
    let mut need = 0;
    if info & (secinfo::OWNER | secinfo::GROUP) != 0 {
        need |= access::WRITE_OWNER;
    }
    if info & secinfo::DACL != 0 {
        need |= access::WRITE_DAC;
    }
    if info & secinfo::SACL != 0 {
        need |= access::ACCESS_SYSTEM_SECURITY;
    }
    if need == 0 || open.granted_access & need != need {
        return Err(NtStatus::ACCESS_DENIED);
    }
    let new = SecDesc::parse(req.buffer)?;
    let Some(f) = open.file_obj() else {
        return Err(NtStatus::NOT_SUPPORTED);
    };
    let mut sd = f
        .security()
        .and_then(|b| SecDesc::parse(&b).ok())
        .unwrap_or_else(|| default_sd(session(ctx)));
    sd.merge(&new, info);
    f.set_security(&sd.encode(0))
}

/// SET_INFO of FileBasicInformation: times (creation, last access, last write, change)
/// and attributes.
fn set_basic(
    ctx: &Ctx,
    open: &Arc<Open>,
    f: &dyn crate::backend::FileObj,
    share: &Arc<crate::config::ShareConfig>,
    path: &SharePath,
    [creation_time, last_access_time, last_write_time, change_time]: [u64; 4],
    attributes: u32,
) -> Result<(), NtStatus> {
    let server = ctx.server;
    if open.granted_access & access::FILE_WRITE_ATTRIBUTES == 0 {
        return Err(NtStatus::ACCESS_DENIED);
    }
    // MS-FSA 2.1.5.14.2: 0 leaves a time as it is; -1 keeps it as it is from now
    // on (the handle's own writes no longer move it), -2 lets them move it
    // again; any other value sets it, and the handle keeps it too.
    const FREEZE: u64 = u64::MAX;
    const THAW: u64 = u64::MAX - 1;
    let t = |v: u64| (v != 0 && v != FREEZE && v != THAW).then_some(v);
    let keeps = |v: u64| match v {
        0 => None,
        THAW => Some(false),
        _ => Some(true),
    };
    if attributes & !attrs::SETTABLE & !(attrs::NORMAL | attrs::DIRECTORY) != 0 {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    if attributes & attrs::DIRECTORY != 0 && !open.is_directory {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    let change = BasicChange {
        creation_time: t(creation_time),
        last_access_time: t(last_access_time),
        last_write_time: t(last_write_time),
        change_time: t(change_time),
        attributes: if attributes == 0 {
            None
        } else {
            Some(attributes & attrs::SETTABLE)
        },
    };
    // A named stream's times and attributes are its file's (NTFS keeps them once).
    let r = match &open.stream {
        Some((base, _)) => share
            .backend
            .open(
                base,
                &OpenParams {
                    write: false,
                    read: true,
                    ..super::streams::depot_params(Disposition::Open, Kind::Any)
                },
            )
            .and_then(|(b, _)| b.set_basic(&change)),
        None => f.set_basic(&change),
    };
    if r.is_ok() {
        if let Some(k) = keeps(last_write_time) {
            open.keeps_write_time.store(k, Ordering::Relaxed);
        }
        if let Some(k) = keeps(change_time) {
            open.keeps_change_time.store(k, Ordering::Relaxed);
        }
        // A time set is what every handle sees; any SET_INFO of the basic
        // information through a handle that wrote (even one changing nothing)
        // moves a delayed write time now, unless the handle keeps it.
        if let (Some(t), Some(fs)) = (change.last_write_time, &open.file) {
            fs.write_times
                .set_explicitly(open.file_id.persistent, t, ctx.now.filetime);
        } else if open.modified.load(Ordering::Relaxed)
            && !open.keeps_write_time.load(Ordering::Relaxed)
        {
            open.write_time_now(ctx.now.filetime);
        }
        server.publish_change(
            &share.name,
            path,
            notify_action::MODIFIED,
            notify_filter::ATTRIBUTES | notify_filter::LAST_WRITE,
        );
        parent_changed(server, share, path, actor_of(open), ctx.now);
    }
    r
}

/// A new size is a write: on a shared disk, admitted as a WRITE from the open's initiator
/// (the task is under way until dropped); read caching of the file ends.
/// Both under way until dropped: keep them for the change. (The data change first: its
/// break notifies and waits for every node, which a task must not be held across.)
fn admit_size_change(
    ctx: &Ctx,
    open: &Open,
) -> Result<(Option<super::breaks::DataChange>, Option<rsvd::tasks::Task>), NtStatus> {
    let changing = super::breaks::data_changing(ctx.server, open, ctx.now.mono);
    let task = open.admit_disk_change()?;
    Ok((changing, task))
}

/// SET_INFO of FileEndOfFileInformation.
fn set_end_of_file(
    ctx: &Ctx,
    open: &Arc<Open>,
    f: &dyn crate::backend::FileObj,
    len: u64,
) -> Result<(), NtStatus> {
    if open.granted_access & access::FILE_WRITE_DATA == 0 {
        return Err(NtStatus::ACCESS_DENIED);
    }
    if open.is_directory {
        return Err(NtStatus::INVALID_PARAMETER);
    }
    let _admitted = admit_size_change(ctx, open)?;
    let kept = open.kept_times(f, ctx.now.filetime);
    let r = truncate(ctx.server, open, f, len);
    open.data_changed(f, kept, ctx.now.filetime);
    // Setting the end of file (even to the size it has) moves a delayed write
    // time now.
    if r.is_ok() && !open.keeps_write_time.load(Ordering::Relaxed) {
        open.write_time_now(ctx.now.filetime);
    }
    r
}

/// SET_INFO of FileAllocationInformation: a size below the end of file truncates.
fn set_allocation(
    ctx: &Ctx,
    open: &Arc<Open>,
    f: &dyn crate::backend::FileObj,
    len: u64,
) -> Result<(), NtStatus> {
    if open.granted_access & access::FILE_WRITE_DATA == 0 {
        return Err(NtStatus::ACCESS_DENIED);
    }
    let _admitted = admit_size_change(ctx, open)?;
    match f.info() {
        Ok(i) if len < i.end_of_file => {
            let r = truncate(ctx.server, open, f, len);
            open.write_time_now(ctx.now.filetime);
            r
        }
        Ok(_) => f.allocate(len),
        Err(e) => Err(e),
    }
}

/// FileFsAttributeInformation's flags (MS-FSCC 2.5.1): case-sensitive search, preserved
/// case, Unicode names, named streams and hard links; persistent ACLs, EAs and sparse
/// files only where the share keeps them.
pub(super) fn fs_attributes(fi: &crate::backend::FsInfo) -> u32 {
    const CASE_SENSITIVE_SEARCH: u32 = 0x1;
    const CASE_PRESERVED_NAMES: u32 = 0x2;
    const UNICODE_ON_DISK: u32 = 0x4;
    const PERSISTENT_ACLS: u32 = 0x8;
    const NAMED_STREAMS: u32 = 0x0004_0000;
    const HARD_LINKS: u32 = 0x0040_0000;
    const EXTENDED_ATTRIBUTES: u32 = 0x0080_0000;
    const SUPPORTS_SPARSE_FILES: u32 = 0x40;
    const SUPPORTS_BLOCK_REFCOUNTING: u32 = 0x0800_0000;
    let base =
        CASE_SENSITIVE_SEARCH | CASE_PRESERVED_NAMES | UNICODE_ON_DISK | NAMED_STREAMS | HARD_LINKS;
    let xattrs = match fi.keeps_xattrs {
        true => PERSISTENT_ACLS | EXTENDED_ATTRIBUTES,
        false => 0,
    };
    let sparse = match fi.sparse_files {
        true => SUPPORTS_SPARSE_FILES,
        false => 0,
    };
    let cloning = match fi.block_refcounting {
        true => SUPPORTS_BLOCK_REFCOUNTING,
        false => 0,
    };
    base | xattrs | sparse | cloning
}

/// Breaks the handle caching of the file's leases but that of `opener`'s; true while an
/// acknowledgment is awaited.
fn wait_for_handles(fs: &FileState, opener: FileId, now: std::time::Instant) -> bool {
    if !fs.leased.load(Ordering::Acquire) {
        return false;
    }
    let mut inner = fs.inner.lock();
    let mine = inner
        .opens
        .iter()
        .find(|o| o.file_id == opener)
        .and_then(|o| o.lease);
    crate::lease::break_handles(&mut inner, mine, now)
}

pub(super) fn set_disposition(
    open: &Open,
    f: &dyn crate::backend::FileObj,
    delete: bool,
) -> Result<(), NtStatus> {
    if open.granted_access & access::DELETE == 0 {
        return Err(NtStatus::ACCESS_DENIED);
    }
    let fs = open.file.as_ref().expect("file");
    if delete {
        let info = f.info()?;
        if info.attributes & attrs::READONLY != 0 {
            return Err(NtStatus::CANNOT_DELETE);
        }
        if info.is_directory && !f.list_names()?.is_empty() {
            return Err(NtStatus::DIRECTORY_NOT_EMPTY);
        }
    }
    fs.inner.lock().delete_pending = delete;
    if !delete {
        open.delete_on_close.store(false, Ordering::Release);
    }
    Ok(())
}
