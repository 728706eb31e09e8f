//! The SCSI target: decodes a CDB and executes it against a [`BlockDevice`], under the
//! logical unit's persistent reservations, reporting Hyper-V's disk identity.
//!
//! Data-in commands return at most what their allocation length (and the caller's
//! buffer) allows; data commands are range-checked against the capacity before any I/O.

use crate::pr::{Access, PrOutcome, Reservations};
use crate::sense::{self, scsi_status, srb, Sense};
use crate::tasks::{Abort, Tasks};
use crate::{be16, be32, be64, BlockDevice, DevError, Guid};
use parking_lot::Mutex;
use std::sync::Arc;
use std::time::Duration;

mod data;
mod identity;

pub use data::zero_range;
use data::{data_command, lba_status, unmap, write_same};
#[cfg(test)]
use identity::VPD_PAGES;
use identity::{inquiry, mode_sense};
pub use identity::{naa, serial};

pub mod op {
    pub const TEST_UNIT_READY: u8 = 0x00;
    pub const REQUEST_SENSE: u8 = 0x03;
    pub const READ6: u8 = 0x08;
    pub const WRITE6: u8 = 0x0A;
    pub const INQUIRY: u8 = 0x12;
    pub const MODE_SELECT6: u8 = 0x15;
    pub const RESERVE6: u8 = 0x16;
    pub const RELEASE6: u8 = 0x17;
    pub const MODE_SENSE6: u8 = 0x1A;
    pub const START_STOP_UNIT: u8 = 0x1B;
    pub const PREVENT_ALLOW: u8 = 0x1E;
    pub const READ_CAPACITY10: u8 = 0x25;
    pub const READ10: u8 = 0x28;
    pub const WRITE10: u8 = 0x2A;
    pub const WRITE_VERIFY10: u8 = 0x2E;
    pub const VERIFY10: u8 = 0x2F;
    pub const SYNCHRONIZE_CACHE10: u8 = 0x35;
    pub const WRITE_SAME10: u8 = 0x41;
    pub const UNMAP: u8 = 0x42;
    pub const MODE_SELECT10: u8 = 0x55;
    pub const MODE_SENSE10: u8 = 0x5A;
    pub const PERSISTENT_RESERVE_IN: u8 = 0x5E;
    pub const PERSISTENT_RESERVE_OUT: u8 = 0x5F;
    pub const READ16: u8 = 0x88;
    pub const WRITE16: u8 = 0x8A;
    pub const WRITE_VERIFY16: u8 = 0x8E;
    pub const VERIFY16: u8 = 0x8F;
    pub const SYNCHRONIZE_CACHE16: u8 = 0x91;
    pub const WRITE_SAME16: u8 = 0x93;
    pub const SERVICE_ACTION_IN16: u8 = 0x9E;
    pub const REPORT_LUNS: u8 = 0xA0;
    pub const READ12: u8 = 0xA8;
    pub const WRITE12: u8 = 0xAA;
    pub const WRITE_VERIFY12: u8 = 0xAE;
    pub const VERIFY12: u8 = 0xAF;
}

/// READ CAPACITY(16) as a SERVICE ACTION IN(16) service action.
const SA_READ_CAPACITY16: u8 = 0x10;
/// GET LBA STATUS as a SERVICE ACTION IN(16) service action.
const SA_GET_LBA_STATUS: u8 = 0x12;
/// How far one GET LBA STATUS looks past its starting LBA, in bytes.
const LBA_STATUS_WINDOW: u64 = 64 << 30;

/// The largest transfer one command may ask for, in bytes (VPD B0h reports it in blocks).
pub const MAX_TRANSFER: u64 = 8 << 20;
/// WRITE SAME without UNMAP writes at most this many bytes (VPD B0h, in blocks).
pub const MAX_WRITE_SAME: u64 = 64 << 20;
/// UNMAP block descriptors one command may carry.
pub const MAX_UNMAP_DESCRIPTORS: usize = 256;

pub const VENDOR: &[u8; 8] = b"Msft    ";
pub const PRODUCT: &[u8; 16] = b"Virtual Disk    ";
pub const REVISION: &[u8; 4] = b"1.0 ";

/// One command as it arrived.
pub struct Command<'a> {
    /// The CDB, at most 16 bytes (shorter ones are zero-padded by the caller or not).
    pub cdb: &'a [u8],
    /// Data from the initiator (data-out commands).
    pub data_out: &'a [u8],
    /// The most data the initiator can take back.
    pub max_in: usize,
}

/// What a command produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub scsi_status: u8,
    pub srb_status: u8,
    pub sense: Option<Sense>,
    pub data: Vec<u8>,
    /// A PREEMPT AND ABORT that took effect: the caller answers once these writes ended.
    pub abort: Option<Abort>,
}

impl Outcome {
    pub fn good(data: Vec<u8>) -> Outcome {
        Outcome {
            scsi_status: scsi_status::GOOD,
            srb_status: srb::SUCCESS,
            sense: None,
            data,
            abort: None,
        }
    }
    pub fn check(s: Sense) -> Outcome {
        Outcome {
            scsi_status: scsi_status::CHECK_CONDITION,
            srb_status: srb::ERROR | srb::AUTOSENSE_VALID,
            sense: Some(s),
            data: Vec::new(),
            abort: None,
        }
    }
    pub fn conflict() -> Outcome {
        Outcome {
            scsi_status: scsi_status::RESERVATION_CONFLICT,
            srb_status: srb::ERROR,
            sense: None,
            data: Vec::new(),
            abort: None,
        }
    }
    pub fn is_good(&self) -> bool {
        self.scsi_status == scsi_status::GOOD
    }
}

/// A logical unit: the device, and the reservations its initiators share. `persist` is
/// called with the encoded reservations after a change, under the lock, before the
/// command completes; if it fails the change is undone and the command fails.
pub struct Lun<'a> {
    pub dev: &'a dyn BlockDevice,
    pub pr: &'a Mutex<Reservations>,
    pub persist: &'a dyn Fn(&[u8]) -> bool,
    /// The writes under way, which a PREEMPT AND ABORT's answer waits for.
    pub tasks: &'a Arc<Tasks>,
    /// Where the reservations live when other servers serve the unit too: read again
    /// before a command when another changed them, changed there (not through
    /// `persist`), attentions taken there too.
    pub shared: Option<&'a dyn crate::SharedRecord>,
}

/// INTERNAL TARGET FAILURE: the reservations could not be read or made to last.
pub const TARGET_FAILURE: Sense = Sense::new(0x4, 0x44, 0x00);

fn target_failure() -> Outcome {
    Outcome::check(TARGET_FAILURE)
}

/// Brings the unit's reservations up to date with the shared record (when there is one
/// and another server changed it); Err when it cannot be read.
pub fn refresh(lun: &Lun) -> Result<(), crate::RecordUnavailable> {
    // (Under the lock: a change made here meanwhile is not overwritten by an older read.)
    refresh_in(lun, &mut lun.pr.lock())
}

/// [`refresh`] with the reservations' lock held (`pr`), so that a change made here
/// meanwhile is not overwritten by an older read.
pub fn refresh_in(lun: &Lun, pr: &mut Reservations) -> Result<(), crate::RecordUnavailable> {
    let Some(s) = lun.shared else {
        return Ok(());
    };
    if let Some(r) = s.fresh()? {
        *pr = r;
    }
    Ok(())
}

/// How long a server waits for its writes under way when another server's PREEMPT AND
/// ABORT aborts them (within what that server waits for it to acknowledge).
pub const REMOTE_ABORT_WAIT: Duration = Duration::from_secs(4);

/// Another server's PREEMPT AND ABORT changed the unit's shared record (marked changed
/// already): the writes under way here end before this returns, [`REMOTE_ABORT_WAIT`]
/// at most (false if some are still under way then). No lock of the unit is taken (a
/// worker may hold one while it waits for this server's acknowledgement of its own
/// change). Every write is ordered by the tasks' own lock ([`begin_write`]): begun
/// before the mark (waited for), or begun after it and then checked again against the
/// record as it now stands.
pub fn fence(tasks: &Tasks) -> bool {
    tasks.wait_all(tasks.mark(), REMOTE_ABORT_WAIT)
}

/// Begins a write from `nexus` that `pr` (its lock held) admitted: under way from
/// here. When the shared record was marked changed meanwhile (another server's PREEMPT
/// AND ABORT may have taken its [`fence`]'s mark before this began), the write is
/// checked again against the record as it now stands: Ok(None) when it may not go on.
pub fn begin_write(
    lun: &Lun,
    nexus: Guid,
    pr: &mut Reservations,
) -> Result<Option<crate::tasks::Task>, crate::RecordUnavailable> {
    for _ in 0..4 {
        let task = lun.tasks.begin(nexus);
        if !lun.shared.is_some_and(|s| s.stale()) {
            return Ok(Some(task));
        }
        drop(task);
        refresh_in(lun, pr)?;
        if pr.has_attention(&nexus) || pr.conflicts(&nexus, Access::Write) {
            return Ok(None);
        }
    }
    Err(crate::RecordUnavailable)
}

/// Takes the oldest unit attention pending for `nexus` (from the shared record too,
/// when there is one; Err when it cannot be changed).
pub fn take_attention(
    lun: &Lun,
    pr: &mut Reservations,
    nexus: &Guid,
) -> Result<Option<crate::sense::UnitAttention>, crate::RecordUnavailable> {
    let Some(s) = lun.shared else {
        return Ok(pr.take_attention(nexus));
    };
    if !pr.has_attention(nexus) {
        return Ok(None);
    }
    let mut taken = None;
    *pr = s.change(
        &mut |cur| {
            taken = cur.take_attention(nexus);
            taken.is_some()
        },
        false,
    )?;
    Ok(taken)
}

/// How long a PREEMPT AND ABORT's answer waits for the preempted initiators' writes
/// under way ([`Outcome::abort`]); past it the storage under the disk has stopped
/// answering, and the preempt is answered anyway (the reservations already changed).
pub const ABORT_WAIT: Duration = Duration::from_secs(30);

/// The length a CDB of this operation code group has.
fn cdb_len(opcode: u8) -> usize {
    match opcode >> 5 {
        0 => 6,
        1 | 2 => 10,
        4 => 16,
        5 => 12,
        _ => 16,
    }
}

/// What a command does to the medium, for the reservation check.
pub fn access(cdb: &[u8]) -> Access {
    use op::*;
    match cdb[0] {
        READ6 | READ10 | READ12 | READ16 | VERIFY10 | VERIFY12 | VERIFY16 => Access::Read,
        // GET LBA STATUS reads the medium's provisioning (SBC-3 treats it as a read).
        SERVICE_ACTION_IN16 if cdb.get(1).is_some_and(|b| b & 0x1F == SA_GET_LBA_STATUS) => {
            Access::Read
        }
        WRITE6 | WRITE10 | WRITE12 | WRITE16 | WRITE_VERIFY10 | WRITE_VERIFY12 | WRITE_VERIFY16
        | WRITE_SAME10 | WRITE_SAME16 | UNMAP | SYNCHRONIZE_CACHE10 | SYNCHRONIZE_CACHE16
        | MODE_SELECT6 | MODE_SELECT10 => Access::Write,
        _ => Access::None,
    }
}

fn truncated(mut data: Vec<u8>, alloc: usize, max_in: usize) -> Outcome {
    data.truncate(alloc.min(max_in));
    Outcome::good(data)
}

/// The sense data a device failure of a READ (or, `write`, a WRITE) is reported with.
pub fn dev_sense(e: &DevError, write: bool) -> Sense {
    match e {
        DevError::ReadOnly => sense::WRITE_PROTECTED,
        DevError::NotReady(_) => sense::BECOMING_READY,
        DevError::Invalid(_) => sense::LBA_OUT_OF_RANGE,
        DevError::Medium(_) if write => sense::WRITE_ERROR,
        DevError::Medium(_) => sense::UNRECOVERED_READ_ERROR,
    }
}

/// (first LBA, block count) of a READ or WRITE CDB (`cdb[0]` one of them), when it is
/// as long as its operation code says.
pub(crate) fn rw_range(cdb: &[u8]) -> Option<(u64, u64)> {
    if cdb.len() < cdb_len(*cdb.first()?) || cdb.len() > 16 {
        return None;
    }
    let mut padded = [0u8; 16];
    padded[..cdb.len()].copy_from_slice(cdb);
    let (lba, count, _) = data::lba_and_count(&padded);
    Some((lba, count))
}

/// The bytes a READ or WRITE command moves to or from the medium (what Storage QoS
/// counts as I/O); None for other commands.
pub fn moved_bytes(lun: &Lun, cdb: &[u8]) -> Option<u64> {
    use op::*;
    let rw = matches!(
        *cdb.first()?,
        READ6
            | READ10
            | READ12
            | READ16
            | WRITE6
            | WRITE10
            | WRITE12
            | WRITE16
            | WRITE_VERIFY10
            | WRITE_VERIFY12
            | WRITE_VERIFY16
    );
    let (_, count) = rw.then(|| rw_range(cdb)).flatten()?;
    count.checked_mul(u64::from(lun.dev.sector_size()))
}

/// Where a READ from `nexus` reads, when [`execute`] would do nothing but read it: no
/// unit attention to report first, no reservation conflict, a range of at least one
/// block on the disk that fits `max_in`. (byte offset, byte length) on the device, for a
/// caller that moves the data with its own I/O; None for anything else, which `execute`
/// answers.
pub fn plain_read(lun: &Lun, nexus: Guid, cdb: &[u8], max_in: usize) -> Option<(u64, usize)> {
    use op::*;
    if !matches!(*cdb.first()?, READ6 | READ10 | READ12 | READ16) {
        return None;
    }
    let (at, len, _) = plain(lun, nexus, cdb, max_in, Access::Read)?;
    Some((at, len))
}

/// A plain WRITE from `nexus` (no attention owed, no reservation conflict, in range,
/// its data all sent) whose data the caller writes itself: the byte offset, the
/// length, whether it is FUA, and the task that keeps it under way until the caller
/// drops it (a PREEMPT AND ABORT waits for it). None for anything else: [`execute`]
/// answers it.
pub fn plain_write(
    lun: &Lun,
    nexus: Guid,
    cdb: &[u8],
    data_len: usize,
) -> Option<(u64, usize, bool, crate::tasks::Task)> {
    use op::*;
    if !matches!(*cdb.first()?, WRITE6 | WRITE10 | WRITE12 | WRITE16) {
        return None;
    }
    let mut full = [0u8; 16];
    full[..cdb.len().min(16)].copy_from_slice(&cdb[..cdb.len().min(16)]);
    let fua = data::lba_and_count(&full).2;
    let (at, len, task) = plain(lun, nexus, cdb, data_len, Access::Write)?;
    Some((at, len, fua, task?))
}

/// A READ's or WRITE's range when nothing but its data is to be done (see
/// [`plain_read`]): at least one block, on the disk, within `limit` bytes, no
/// attention owed, no conflict. A write is under way from here (its task begun under
/// the reservations' lock, as [`execute`] begins one).
fn plain(
    lun: &Lun,
    nexus: Guid,
    cdb: &[u8],
    limit: usize,
    access: Access,
) -> Option<(u64, usize, Option<crate::tasks::Task>)> {
    let (lba, count) = rw_range(cdb)?;
    let bs = u64::from(lun.dev.sector_size());
    let blocks = lun.dev.capacity() / bs;
    let bytes = count.checked_mul(bs)?;
    if count == 0
        || lba.checked_add(count).is_none_or(|end| end > blocks)
        || bytes > MAX_TRANSFER
        || bytes as usize > limit
    {
        return None;
    }
    let mut pr = lun.pr.lock();
    refresh_in(lun, &mut pr).ok()?;
    if pr.has_attention(&nexus) || pr.conflicts(&nexus, access) {
        return None;
    }
    let task = match access {
        Access::Write => Some(begin_write(lun, nexus, &mut pr).ok()??),
        _ => None,
    };
    Some((lba * bs, bytes as usize, task))
}

/// Executes one command from initiator `nexus`.
pub fn execute(lun: &Lun, nexus: Guid, cmd: &Command) -> Outcome {
    let Some(&opcode) = cmd.cdb.first() else {
        return Outcome::check(sense::INVALID_OPCODE);
    };
    if cmd.cdb.len() < cdb_len(opcode) || cmd.cdb.len() > 16 {
        return Outcome::check(sense::INVALID_OPCODE);
    }
    let mut cdb = [0u8; 16];
    cdb[..cmd.cdb.len()].copy_from_slice(cmd.cdb);
    // A pending unit attention is reported by the first command that may carry it. A
    // write is under way from its admission (a preempt that follows waits for it).
    let mut _task = None;
    if matches!(opcode, op::INQUIRY | op::REPORT_LUNS | op::REQUEST_SENSE) {
        if refresh(lun).is_err() {
            return target_failure();
        }
    } else {
        let mut pr = lun.pr.lock();
        if refresh_in(lun, &mut pr).is_err() {
            return target_failure();
        }
        match take_attention(lun, &mut pr, &nexus) {
            Ok(Some(ua)) => return Outcome::check(ua.sense()),
            Ok(None) => {}
            Err(_) => return target_failure(),
        }
        let access = access(&cdb);
        if pr.conflicts(&nexus, access) {
            return Outcome::conflict();
        }
        if access == Access::Write {
            match begin_write(lun, nexus, &mut pr) {
                Ok(Some(t)) => _task = Some(t),
                // (Another server's change came meanwhile: its attention first.)
                Ok(None) => {
                    return match take_attention(lun, &mut pr, &nexus) {
                        Ok(Some(ua)) => Outcome::check(ua.sense()),
                        Ok(None) => Outcome::conflict(),
                        Err(_) => target_failure(),
                    }
                }
                Err(_) => return target_failure(),
            }
        }
    }
    let dev = lun.dev;
    let bs = u64::from(dev.sector_size());
    let blocks = dev.capacity() / bs;
    use op::*;
    match opcode {
        TEST_UNIT_READY | PREVENT_ALLOW | RESERVE6 | RELEASE6 | MODE_SELECT6 | MODE_SELECT10 => {
            Outcome::good(Vec::new())
        }
        REQUEST_SENSE => {
            let taken = take_attention(lun, &mut lun.pr.lock(), &nexus);
            let s = match taken {
                Ok(ua) => ua.map_or(Sense::new(sense::key::NO_SENSE, 0, 0), |u| u.sense()),
                Err(_) => return target_failure(),
            };
            truncated(s.fixed().to_vec(), usize::from(cdb[4]), cmd.max_in)
        }
        INQUIRY => inquiry(dev, &cdb, cmd.max_in),
        MODE_SENSE6 | MODE_SENSE10 => mode_sense(dev, &cdb, cmd.max_in),
        READ_CAPACITY10 => {
            let last = blocks.saturating_sub(1).min(u64::from(u32::MAX)) as u32;
            let mut d = last.to_be_bytes().to_vec();
            d.extend_from_slice(&(bs as u32).to_be_bytes());
            truncated(d, 8, cmd.max_in)
        }
        SERVICE_ACTION_IN16 if cdb[1] & 0x1F == SA_READ_CAPACITY16 => {
            let mut d = vec![0u8; 32];
            d[..8].copy_from_slice(&blocks.saturating_sub(1).to_be_bytes());
            d[8..12].copy_from_slice(&(bs as u32).to_be_bytes());
            let per_phys = (dev.physical_sector_size() as u64 / bs).max(1);
            d[13] = per_phys.trailing_zeros() as u8 & 0x0F;
            // LBPME: the unit is thin-provisioned and takes UNMAP.
            d[14] = 0x80;
            truncated(d, be32(&cdb, 10) as usize, cmd.max_in)
        }
        SERVICE_ACTION_IN16 if cdb[1] & 0x1F == SA_GET_LBA_STATUS => {
            lba_status(dev, &cdb, cmd.max_in, bs, blocks)
        }
        REPORT_LUNS => {
            let mut d = vec![0u8; 16];
            d[..4].copy_from_slice(&8u32.to_be_bytes());
            truncated(d, be32(&cdb, 6) as usize, cmd.max_in)
        }
        START_STOP_UNIT => {
            // Stopping the unit: what it holds in cache goes to the medium first.
            if cdb[4] & 0x01 == 0 {
                if let Err(e) = dev.flush() {
                    return Outcome::check(dev_sense(&e, true));
                }
            }
            Outcome::good(Vec::new())
        }
        SYNCHRONIZE_CACHE10 | SYNCHRONIZE_CACHE16 => match dev.flush() {
            Ok(()) => Outcome::good(Vec::new()),
            Err(e) => Outcome::check(dev_sense(&e, true)),
        },
        READ6 | READ10 | READ12 | READ16 | WRITE6 | WRITE10 | WRITE12 | WRITE16
        | WRITE_VERIFY10 | WRITE_VERIFY12 | WRITE_VERIFY16 | VERIFY10 | VERIFY12 | VERIFY16 => {
            data_command(dev, &cdb, cmd, bs, blocks)
        }
        WRITE_SAME10 | WRITE_SAME16 => write_same(dev, &cdb, cmd, bs, blocks),
        UNMAP => unmap(dev, cmd, bs, blocks),
        PERSISTENT_RESERVE_IN => {
            let r = lun.pr.lock().read(cdb[1] & 0x1F);
            match r {
                Ok(d) => truncated(d, usize::from(be16(&cdb, 7)), cmd.max_in),
                Err(s) => Outcome::check(s),
            }
        }
        PERSISTENT_RESERVE_OUT => pr_out(lun, nexus, &cdb, cmd),
        _ => Outcome::check(sense::INVALID_OPCODE),
    }
}

/// PERSISTENT RESERVE OUT from `nexus`: the change made (and kept) or refused.
fn pr_out(lun: &Lun, nexus: Guid, cdb: &[u8; 16], cmd: &Command) -> Outcome {
    let len = be32(cdb, 5) as usize;
    let Some(params) = cmd.data_out.get(..len) else {
        return Outcome::check(sense::PARAMETER_LIST_LENGTH_ERROR);
    };
    let action = cdb[1] & 0x1F;
    let mut pr = lun.pr.lock();
    let (o, before) = match lun.shared {
        None => {
            let before = pr.clone();
            let (o, changed) = pr.out(nexus, action, cdb[2], params);
            if changed && !(lun.persist)(&pr.encode()) {
                *pr = before;
                return target_failure();
            }
            (o, before)
        }
        // Made on the record as it stands, every server seeing it before the
        // answer.
        Some(s) => {
            let mut made = None;
            let aborting = action == crate::pr::action::PREEMPT_AND_ABORT;
            let stored = s.change(
                &mut |cur| {
                    let before = cur.clone();
                    let (o, changed) = cur.out(nexus, action, cdb[2], params);
                    made = Some((o, before));
                    changed
                },
                aborting,
            );
            match (stored, made) {
                (Ok(r), Some(made)) => {
                    *pr = r;
                    made
                }
                _ => return target_failure(),
            }
        }
    };
    match o {
        PrOutcome::Good if action == crate::pr::action::PREEMPT_AND_ABORT => {
            // The preempted initiators' writes already under way: the caller
            // answers once they have ended.
            let nexuses: Vec<Guid> = before
                .registrants
                .iter()
                .map(|r| r.nexus)
                .filter(|n| !pr.is_registered(n))
                .collect();
            let abort = (!nexuses.is_empty()).then(|| Abort {
                nexuses,
                mark: lun.tasks.mark(),
            });
            Outcome {
                abort,
                ..Outcome::good(Vec::new())
            }
        }
        PrOutcome::Good => Outcome::good(Vec::new()),
        PrOutcome::Conflict => Outcome::conflict(),
        PrOutcome::Check(s) => Outcome::check(s),
    }
}

/// (first LBA, block count, FUA) of a READ/WRITE/VERIFY CDB.
#[cfg(test)]
pub(crate) mod tests;
