//! One shared open of a virtual disk ([`SvhdxOpen`]): its admission of SMB2 READ and
//! WRITE under the reservations, the RSVD tunnel and what a tunnel request comes to
//! ([`Tunnelled`]); and the CREATE context and FSCTL that ask for one.

use super::*;

/// What a tunnel request comes to: its answer, or a copy to run first (ExtractVHD),
/// which answers when it ends.
pub enum Tunnelled {
    Done(Vec<u8>),
    /// A SCSI READ the transport's ring reads (see [`SvhdxOpen::direct_read`]).
    Direct(Box<tunnel::DirectRead>, RingTarget),
    /// A SCSI WRITE the transport's engine writes (see [`SvhdxOpen::direct_write`]).
    DirectWrite(Box<tunnel::DirectWrite>, RingTarget),
    /// A SCSI READ or WRITE that moved this many bytes (Storage QoS counts them).
    Moved(Vec<u8>, u64),
    /// A PREEMPT AND ABORT, answered once the preempted hosts' writes under way end.
    Aborting(Vec<u8>, AbortWait),
    Extract(Box<ExtractJob>),
    /// A scale-out disk's SCSI command that changes its medium, to be run off the
    /// worker ([`SvhdxOpen::tunnel`] there): it may wait for the disk's metadata.
    Elsewhere,
}

/// The preempted hosts' writes a PREEMPT AND ABORT's answer waits for.
pub struct AbortWait {
    abort: rsvd::tasks::Abort,
    tasks: Arc<Tasks>,
    disk: String,
}

impl AbortWait {
    /// Whether none of them is under way any more.
    pub fn ended(&self) -> bool {
        self.abort.wait(&self.tasks, std::time::Duration::ZERO)
    }

    /// Waits for them (with no lock held: they need none to end), at most
    /// [`rsvd::scsi::ABORT_WAIT`].
    pub fn wait(&self) {
        if !self.abort.wait(&self.tasks, rsvd::scsi::ABORT_WAIT) {
            self.overran();
        }
    }

    /// The preempt is answered although some are still under way (the storage under
    /// the disk has stopped answering).
    pub fn overran(&self) {
        tracing::warn!(
            disk = %self.disk,
            "PREEMPT AND ABORT answered with preempted writes still under way"
        );
    }
}

/// What a shared open adds to an open.
pub struct SvhdxOpen {
    pub disk: Arc<SharedDisk>,
    pub state: Mutex<OpenState>,
    pub context: OpenContext,
    /// FILE_NO_INTERMEDIATE_BUFFERING: READ and WRITE are allowed only on such opens.
    pub unbuffered: bool,
}

impl SvhdxOpen {
    pub fn new(disk: Arc<SharedDisk>, context: OpenContext, unbuffered: bool) -> SvhdxOpen {
        disk.join(context.initiator);
        tracing::info!(
            disk = %disk.pr_key,
            initiator = ?context.initiator,
            host = ?context.host_name(),
            "shared virtual disk opened"
        );
        SvhdxOpen {
            state: Mutex::new(OpenState {
                initiator: context.initiator,
                ..Default::default()
            }),
            disk,
            context,
            unbuffered,
        }
    }

    pub fn initiator(&self) -> Guid {
        self.context.initiator
    }

    /// The SVHDX response context (none for an open at a snapshot, which sent none).
    pub fn response(&self) -> Option<Vec<u8>> {
        if self.context.target.is_some() {
            return None;
        }
        let d = self.disk.device();
        Some(
            self.context
                .response(d.sector_size(), d.physical_sector_size(), d.capacity()),
        )
    }

    /// Whether an SMB2 READ or WRITE of the range may go ahead (MS-RSVD 3.2.5.3/3.2.5.4):
    /// its error status otherwise. A WRITE is under way while the task returned lives.
    pub fn admit(&self, write: bool, offset: u64, len: u64) -> Result<Option<Task>, NtStatus> {
        if !self.unbuffered {
            return Err(NtStatus::NOT_SUPPORTED);
        }
        if self.context.target.is_some() {
            // A snapshot is read, as it was; no initiator and no reservations apply.
            if write {
                return Err(NtStatus::MEDIA_WRITE_PROTECTED);
            }
            let dev = self.disk.device();
            let bs = u64::from(dev.sector_size());
            if !offset.is_multiple_of(bs)
                || !len.is_multiple_of(bs)
                || offset.checked_add(len).is_none_or(|e| e > dev.capacity())
            {
                return Err(NtStatus::INVALID_PARAMETER);
            }
            return Ok(None);
        }
        let task = self.admit_initiator(write)?;
        let dev = self.disk.device();
        let bs = u64::from(dev.sector_size());
        if !offset.is_multiple_of(bs) || !len.is_multiple_of(bs) {
            return Err(self.kept(rsvd::sense::INVALID_FIELD_IN_CDB));
        }
        if offset.checked_add(len).is_none_or(|e| e > dev.capacity()) {
            return Err(self.kept(rsvd::sense::LBA_OUT_OF_RANGE));
        }
        Ok(task)
    }

    /// Whether a request that changes the disk other than by WRITE (zeroing, a trim, an
    /// offload write, a server-side copy, a new end of file) may: as a WRITE may (an
    /// initiator, no unit attention to tell, no reservation against it), on any ranges
    /// (the virtual file takes whole sectors within the disk). The change is under way
    /// while the task returned lives.
    pub fn admit_write(&self) -> Result<Option<Task>, NtStatus> {
        if !self.unbuffered {
            return Err(NtStatus::NOT_SUPPORTED);
        }
        if self.context.target.is_some() {
            return Err(NtStatus::MEDIA_WRITE_PROTECTED);
        }
        self.admit_initiator(true)
    }

    /// The initiator's part of admitting I/O: one there is, its pending unit attention
    /// is told (by the status MS-RSVD has for it, or kept for SRB_STATUS: a reset), and
    /// the reservation allows the access; a write is under way from then on.
    fn admit_initiator(&self, write: bool) -> Result<Option<Task>, NtStatus> {
        let g = self.initiator();
        if g.is_zero() {
            // Without an initiator the virtual disk takes no I/O: the failure is kept for
            // SRB_STATUS to tell.
            let key = self.state.lock().sense.store(StoredSense::no_initiator());
            return Err(NtStatus(rsvd::status::SVHDX_ERROR_STORED | u32::from(key)));
        }
        // (A failure is kept for SRB_STATUS once the reservations' lock is let go: the
        // open's state is taken before that lock elsewhere.)
        let failed = Err(None);
        let attention = self.disk.with_lun(|lun| {
            let mut pr = lun.pr.lock();
            if rsvd::scsi::refresh_in(lun, &mut pr).is_err() {
                return failed;
            }
            let Ok(ua) = rsvd::scsi::take_attention(lun, &mut pr, &g) else {
                return failed;
            };
            let access = if write {
                rsvd::pr::Access::Write
            } else {
                rsvd::pr::Access::Read
            };
            let conflict = Err(Some(NtStatus(rsvd::status::SVHDX_RESERVATION_CONFLICT)));
            if ua.is_none() && pr.conflicts(&g, access) {
                return conflict;
            }
            if ua.is_none() && write {
                return match rsvd::scsi::begin_write(lun, g, &mut pr) {
                    Ok(Some(t)) => Ok(Ok(t)),
                    // (Another node's change came meanwhile: its attention first.)
                    Ok(None) => match rsvd::scsi::take_attention(lun, &mut pr, &g) {
                        Ok(Some(ua)) => Ok(Err(Some(ua))),
                        Ok(None) => conflict,
                        Err(_) => failed,
                    },
                    Err(_) => failed,
                };
            }
            Ok(Err(ua))
        });
        let attention = match attention {
            Ok(a) => a,
            Err(Some(status)) => return Err(status),
            Err(None) => return Err(self.kept(rsvd::scsi::TARGET_FAILURE)),
        };
        let attention = match attention {
            Ok(task) => return Ok(Some(task)),
            Err(ua) => ua,
        };
        match attention {
            None => Ok(None),
            Some(ua) => Err(ua.status().map_or_else(|| self.kept(ua.sense()), NtStatus)),
        }
    }

    /// A READ or WRITE failed with `sense`: kept for SRB_STATUS, and the status that
    /// says so.
    fn kept(&self, sense: rsvd::sense::Sense) -> NtStatus {
        let o = ScsiOutcome::check(sense);
        let key = self.state.lock().sense.store(StoredSense::from_outcome(&o));
        NtStatus(rsvd::status::SVHDX_ERROR_STORED | u32::from(key))
    }

    /// A device failure during an admitted READ or WRITE, kept for SRB_STATUS.
    pub(super) fn stored(&self, e: &DevError, write: bool) -> NtStatus {
        self.kept(rsvd::scsi::dev_sense(e, write))
    }

    /// A tunnel request that is a SCSI READ the transport's ring can move the data of:
    /// the answer's head and the range, and where the range is in the top file.
    pub fn direct_read(
        &self,
        input: &[u8],
        max_out: usize,
    ) -> Option<(tunnel::DirectRead, RingTarget)> {
        let read = self
            .disk
            .with_lun(|lun| tunnel::direct_read(lun, &self.state.lock(), input, max_out))?;
        let at = self.disk.ring_read(read.offset, read.len as u64)?;
        Some((read, at))
    }

    /// A tunnel request that is a SCSI WRITE the transport's engine can write the data
    /// of (off the worker: a CephFS file's on the CephFS threads): admitted as the
    /// engine admits one (under way until the write is reported), and where its range
    /// is in the top file. None for any other (the engine answers it).
    pub fn direct_write(
        &self,
        input: &[u8],
        max_out: usize,
    ) -> Option<(tunnel::DirectWrite, RingTarget)> {
        // Only on a scale-out share, where the engine writes nothing but data in place
        // (a write into a present block): elsewhere a snapshot could end the top
        // file's session while the engine still writes to it. (There a write still on
        // its way when a snapshot is taken lands in the file the snapshot keeps: it
        // was under way when the snapshot was, and a write is answered only once done.)
        if !self.disk.scale_out() {
            return None;
        }
        let write = self
            .disk
            .with_lun(|lun| tunnel::direct_write(lun, &self.state.lock(), input, max_out))?;
        let at = self.disk.ring_write(write.offset, write.len as u64)?;
        Some((write, at))
    }

    /// FSCTL_SVHDX_SYNC/ASYNC_TUNNEL_REQUEST.
    pub fn tunnel(
        &self,
        input: &[u8],
        max_out: usize,
        file_size: u64,
        now: u64,
    ) -> Result<Tunnelled, NtStatus> {
        let mut facts = self.disk.device().facts(file_size);
        if self.disk.set.is_some() {
            // A set is reported as a dynamic disk in the VHDSET format, whatever file
            // of its chain is on top.
            facts.disk_format = 4;
            facts.disk_type = 3;
        }
        let set = DiskSet(&self.disk, self.initiator(), now);
        let mut fx = tunnel::Effects::default();
        let r = self.disk.with_lun(|lun| {
            let mut st = self.state.lock();
            tunnel::dispatch(lun, &set, &mut st, &facts, input, max_out, &mut fx)
        });
        if fx.resized {
            self.disk.resized_by(self.initiator());
        }
        if let Some((h, e, progress)) = fx.extract {
            return Ok(
                match extract::prepare(&self.disk, h, &e, progress.clone()) {
                    Ok(job) => Tunnelled::Extract(Box::new(job)),
                    Err(status) => {
                        progress
                            .ended
                            .store(2, std::sync::atomic::Ordering::Release);
                        let mut out = Vec::new();
                        tunnel::Header { status, ..h }.encode(&mut out);
                        Tunnelled::Done(out)
                    }
                },
            );
        }
        let out = r.map_err(NtStatus)?;
        Ok(match (fx.abort, fx.moved) {
            (Some(abort), _) => Tunnelled::Aborting(
                out,
                AbortWait {
                    abort,
                    tasks: self.disk.tasks.clone(),
                    disk: self.disk.pr_key.clone(),
                },
            ),
            (None, Some(bytes)) => Tunnelled::Moved(out, bytes),
            (None, None) => Tunnelled::Done(out),
        })
    }
}

impl Drop for SvhdxOpen {
    fn drop(&mut self) {
        tracing::info!(
            disk = %self.disk.pr_key,
            initiator = ?self.context.initiator,
            host = ?self.context.host_name(),
            "shared virtual disk closed"
        );
        self.disk.leave(self.context.initiator);
    }
}

/// The SVHDX context of a CREATE on `share`, when it asks for a shared virtual disk: the
/// parsed context and the name without its `:SharedVirtualDisk` suffix. Ok(None) when the
/// context is absent or ignored (MS-SMB2 3.3.5.9.14).
pub fn request<'a>(
    share: &ShareConfig,
    dialect: u16,
    contexts: &[smb_wire::msg::CreateContext<'a>],
    name: &'a [u8],
) -> Result<Option<(OpenContext, &'a [u8])>, NtStatus> {
    // Shared virtual disks are served on rsvd shares, to SMB 3.0.2 and later.
    if !share.rsvd || dialect < smb_wire::negotiate::dialect::SMB302 {
        return Ok(None);
    }
    let suffix: Vec<u8> = tunnel::SHARED_SUFFIX
        .encode_utf16()
        .flat_map(|u| u.to_le_bytes())
        .collect();
    let has_suffix = name.len() >= suffix.len()
        && name[name.len() - suffix.len()..]
            .chunks_exact(2)
            .zip(suffix.chunks_exact(2))
            .all(|(a, b)| {
                let ua = u16::from_le_bytes([a[0], a[1]]);
                let ub = u16::from_le_bytes([b[0], b[1]]);
                char::from_u32(u32::from(ua)).map(|c| c.to_ascii_lowercase())
                    == char::from_u32(u32::from(ub)).map(|c| c.to_ascii_lowercase())
            });
    let Some(c) = contexts
        .iter()
        .find(|c| c.name == tunnel::OPEN_CONTEXT_NAME)
    else {
        // A VHD Set opened at a snapshot: the name's suffix and an EA naming the
        // snapshot, no SVHDX context (MS-SMB2 3.3.5.9.1, MS-RSVD 3.2.5.7).
        let ea = contexts.iter().find(|c| c.name == b"ExtA");
        if let (true, Some(ea)) = (has_suffix, ea) {
            if let Some(id) = OpenContext::target_specifier(ea.data).map_err(NtStatus)? {
                return Ok(Some((
                    OpenContext::at_snapshot(id),
                    &name[..name.len() - suffix.len()],
                )));
            }
        }
        return Ok(None);
    };
    let ctx = OpenContext::parse(c.data).map_err(NtStatus)?;
    if !has_suffix {
        if ctx.originator_flags & tunnel::ORIGINATOR_VHDMP != 0 {
            return Err(NtStatus(rsvd::status::VHD_SHARED));
        }
        return Ok(None);
    }
    Ok(Some((ctx, &name[..name.len() - suffix.len()])))
}

/// FSCTL_QUERY_SHARED_VIRTUAL_DISK_SUPPORT on an open of an rsvd share's file.
pub fn query_support(
    open_is_shared: bool,
    file_is_shared: bool,
    max_out: u32,
) -> Result<Vec<u8>, NtStatus> {
    if max_out < 8 {
        return Err(NtStatus::BUFFER_TOO_SMALL);
    }
    let state = if open_is_shared {
        tunnel::support::HANDLE_SHARED
    } else if file_is_shared {
        tunnel::support::HANDLE_FILE_SHARED
    } else {
        tunnel::support::HANDLE_NONE
    };
    let mut out = u32::to_le_bytes(tunnel::support::SNAPSHOTS).to_vec();
    out.extend_from_slice(&state.to_le_bytes());
    Ok(out)
}
