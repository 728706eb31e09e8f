//! RSVD version 2 on VHD Sets: snapshots (create in stages, delete, apply), their
//! queries, resilient change tracking and the changes between two snapshots.
//!
//! The work on files is the caller's ([`SetOps`]); this module decodes and validates the
//! requests, keeps the per-open state of a snapshot being made, and encodes the answers.
//!
//! Snapshots belong to the disk (they outlive the open that made them); only a creation
//! in progress belongs to an open. The ENABLE_CHANGE_TRACKING flag comes on the
//! Initialize request only, and is kept for the stages that follow.

use crate::status::*;
use crate::Guid;
use vhdx::vhds::{kind, Snapshot, Tracking};

/// STATUS_OBJECT_NAME_COLLISION: a snapshot with that id exists.
pub const OBJECT_NAME_COLLISION: u32 = 0xC000_0035;
pub const NOT_FOUND: u32 = 0xC000_0225;
pub const INVALID_PARAMETER_2: u32 = 0xC000_00F0;
pub const INVALID_PARAMETER_3: u32 = 0xC000_00F1;
pub const INVALID_PARAMETER_4: u32 = 0xC000_00F2;
pub const INVALID_PARAMETER_5: u32 = 0xC000_00F3;
pub const INVALID_PARAMETER_6: u32 = 0xC000_00F4;
/// STATUS_VHD_INVALID_CHANGE_TRACKING_ID: no such snapshot to compare with.
pub const VHD_INVALID_CHANGE_TRACKING_ID: u32 = 0xC03A_0029;
/// STATUS_VHD_CHANGE_TRACKING_DISABLED: the snapshot was taken without change tracking.
pub const VHD_CHANGE_TRACKING_DISABLED: u32 = 0xC03A_002A;
/// ChangeTrackingStatus: tracking was never started on this disk.
pub const CHANGE_TRACKING_NOT_INITIALIZED: u32 = 0xC03A_0020;

/// The most of a region one QUERY_VIRTUAL_DISK_CHANGES looks at.
pub const CHANGES_WINDOW: u64 = 64 << 30;

/// VHDSetInformationType values.
pub mod info {
    pub const SNAPSHOT_LIST: u32 = 2;
    pub const SNAPSHOT_ENTRY: u32 = 5;
    pub const OPTIMIZE_NEEDED: u32 = 8;
    pub const CDP_SNAPSHOT_ROOT: u32 = 9;
    pub const CDP_SNAPSHOT_ACTIVE_LIST: u32 = 0x0A;
    pub const CDP_SNAPSHOT_INACTIVE_LIST: u32 = 0x0C;
}

/// CreateSnapshot stages.
pub mod stage {
    pub const INITIALIZE: u32 = 1;
    pub const BLOCK_IO: u32 = 2;
    pub const SWITCH_OBJECT_STORE: u32 = 3;
    pub const UNBLOCK_IO: u32 = 4;
    pub const FINALIZE: u32 = 5;
}

/// What the caller does to the set's files. Errors are NTSTATUS values for the tunnel
/// header.
pub trait SetOps {
    /// Whether the open is of a VHD Set (`.vhds`).
    fn is_set(&self) -> bool;
    /// Every snapshot, oldest first (reference-only ones too).
    fn snapshots(&self) -> Vec<Snapshot>;
    /// Freezes the disk as it is now as snapshot `id` and goes on on a new file: I/O is
    /// held while the switch happens (BlockIO, SwitchObjectStore, UnblockIO in one).
    fn take_snapshot(&self, id: Guid, kind: u32, change_tracking: bool) -> Result<(), u32>;
    /// Forgets a snapshot; with `keep_reference` it stays as a point to compare with.
    fn delete_snapshot(&self, id: Guid, keep_reference: bool) -> Result<(), u32>;
    /// Makes the disk what it was at the snapshot (which stays).
    fn apply_snapshot(&self, id: Guid) -> Result<(), u32>;
    /// Makes a VHD Set called `name` (a `.vhds`, as the client named it) whose disk is
    /// this plain disk.
    fn convert_to_set(&self, name: &str) -> Result<(), u32>;
    fn tracking(&self) -> Tracking;
    fn set_tracking(&self, t: Tracking) -> Result<(), u32>;
    /// Virtual ranges written after `limit` was taken and before `target` was, inside
    /// [offset, offset + len), at most `max_ranges` of them; with how much of the region
    /// from `offset` they describe completely.
    fn changes(
        &self,
        limit: Guid,
        target: Guid,
        offset: u64,
        len: u64,
        max_ranges: usize,
    ) -> Result<(Vec<(u64, u64)>, u64), u32>;
}

/// What a plain `.vhdx` (not a set) answers.
pub struct NoSet;

impl SetOps for NoSet {
    fn is_set(&self) -> bool {
        false
    }
    fn snapshots(&self) -> Vec<Snapshot> {
        Vec::new()
    }
    fn take_snapshot(&self, _: Guid, _: u32, _: bool) -> Result<(), u32> {
        Err(INVALID_DEVICE_REQUEST)
    }
    fn delete_snapshot(&self, _: Guid, _: bool) -> Result<(), u32> {
        Err(INVALID_DEVICE_REQUEST)
    }
    fn apply_snapshot(&self, _: Guid) -> Result<(), u32> {
        Err(INVALID_DEVICE_REQUEST)
    }
    fn convert_to_set(&self, _: &str) -> Result<(), u32> {
        Err(NOT_SUPPORTED)
    }
    fn tracking(&self) -> Tracking {
        Tracking::default()
    }
    fn set_tracking(&self, _: Tracking) -> Result<(), u32> {
        // Change tracking here is kept by a set's snapshot files.
        Err(NOT_SUPPORTED)
    }
    fn changes(
        &self,
        _: Guid,
        _: Guid,
        _: u64,
        _: u64,
        _: usize,
    ) -> Result<(Vec<(u64, u64)>, u64), u32> {
        Err(INVALID_DEVICE_REQUEST)
    }
}

/// A snapshot being made through this open.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pending {
    pub transaction: Guid,
    pub id: Guid,
    pub kind: u32,
    pub change_tracking: bool,
    /// The last stage done.
    pub stage: u32,
}

fn u32_at(b: &[u8], o: usize) -> u32 {
    u32::from_le_bytes(b[o..o + 4].try_into().unwrap())
}
fn u64_at(b: &[u8], o: usize) -> u64 {
    u64::from_le_bytes(b[o..o + 8].try_into().unwrap())
}

/// The body of a META_OPERATION_START CreateSnapshot request (for clients and tests),
/// with the zeroed CDP parameters Windows' client sends along.
pub fn encode_create_snapshot(
    transaction: Guid,
    kind_: u32,
    flags: u32,
    stages: &[u32],
    id: Guid,
) -> Vec<u8> {
    let mut b = transaction.0.to_vec();
    b.extend_from_slice(&1u32.to_le_bytes());
    b.extend_from_slice(&[0; 4]);
    b.extend_from_slice(&kind_.to_le_bytes());
    b.extend_from_slice(&flags.to_le_bytes());
    for i in 0..6 {
        b.extend_from_slice(&stages.get(i).copied().unwrap_or(0).to_le_bytes());
    }
    b.extend_from_slice(&id.0);
    b.extend_from_slice(&[0; 4]);
    b.extend_from_slice(&[0; 24]);
    b
}

/// META_OPERATION_START CreateSnapshot; `data` follows the 24-byte start request.
pub fn create_snapshot(
    ops: &dyn SetOps,
    pending: &mut Option<Pending>,
    transaction: Guid,
    data: &[u8],
) -> u32 {
    // SnapshotType, Flags, Stage1..6, SnapshotId, ParametersPayloadSize (52 bytes).
    if data.len() < 52 {
        return BUFFER_TOO_SMALL;
    }
    let kind_ = u32_at(data, 0);
    let flags = u32_at(data, 4);
    let stages: Vec<u32> = (0..6).map(|i| u32_at(data, 8 + 4 * i)).collect();
    let id = Guid::from_slice(&data[32..48]);
    let payload = u32_at(data, 48) as usize;
    if data.len() < 52 + payload {
        return BUFFER_TOO_SMALL;
    }
    if ![kind::VM, kind::CDP, kind::WRITEABLE].contains(&kind_) {
        return INVALID_PARAMETER_1;
    }
    if stages[0] == 0 {
        return INVALID_PARAMETER_2;
    }
    let ct = flags & 1 != 0;
    if (flags != 0 && kind_ != kind::VM) || flags > 1 || (ct && stages[0] != stage::INITIALIZE) {
        return INVALID_PARAMETER_5;
    }
    for i in 1..6 {
        if stages[i] == 0 {
            continue;
        }
        if stages[i] <= stages[i - 1] {
            return INVALID_PARAMETER_4;
        }
        if stages[i - 1] == 0 {
            return INVALID_PARAMETER_3;
        }
    }
    if stages.iter().any(|&s| s > stage::FINALIZE) {
        return INVALID_PARAMETER_4;
    }
    // CdpParameters, when sent: its log file name must be empty.
    if data.len() >= 60 && u32_at(data, 56) != 0 {
        return INVALID_PARAMETER_6;
    }
    if !ops.is_set() {
        return INVALID_DEVICE_REQUEST;
    }
    if kind_ == kind::CDP {
        // Continuous data protection (Hyper-V Replica's) needs a log of every write.
        return NOT_SUPPORTED;
    }
    for &s in stages.iter().filter(|&&s| s != 0) {
        match s {
            stage::INITIALIZE => {
                if ops.snapshots().iter().any(|x| x.id == id) {
                    return OBJECT_NAME_COLLISION;
                }
                *pending = Some(Pending {
                    transaction,
                    id,
                    kind: kind_,
                    change_tracking: ct,
                    stage: s,
                });
            }
            _ => {
                // A later stage continues the creation this open began (same id); one
                // that began nowhere starts here, without change tracking.
                let p = match pending {
                    Some(p) if p.id == id => p,
                    _ => {
                        if ops.snapshots().iter().any(|x| x.id == id) {
                            return OBJECT_NAME_COLLISION;
                        }
                        pending.insert(Pending {
                            transaction,
                            id,
                            kind: kind_,
                            change_tracking: false,
                            stage: stage::INITIALIZE,
                        })
                    }
                };
                if s <= p.stage {
                    return INVALID_PARAMETER;
                }
                if s >= stage::SWITCH_OBJECT_STORE && p.stage < stage::SWITCH_OBJECT_STORE {
                    // BlockIO and UnblockIO surround the switch, which holds I/O itself.
                    if let Err(e) = ops.take_snapshot(p.id, p.kind, p.change_tracking) {
                        *pending = None;
                        return e;
                    }
                }
                p.stage = s;
                if s == stage::FINALIZE {
                    *pending = None;
                }
            }
        }
    }
    SUCCESS
}

/// META_OPERATION_START ApplySnapshot.
pub fn apply_snapshot(ops: &dyn SetOps, data: &[u8]) -> u32 {
    if data.len() < 20 {
        return BUFFER_TOO_SMALL;
    }
    let kind_ = u32_at(data, 0);
    if kind_ != kind::VM && kind_ != kind::WRITEABLE {
        return INVALID_PARAMETER_1;
    }
    let id = Guid::from_slice(&data[4..20]);
    match ops
        .snapshots()
        .iter()
        .find(|s| s.id == id && !s.reference_only)
    {
        None => NOT_FOUND,
        Some(_) => ops.apply_snapshot(id).err().unwrap_or(SUCCESS),
    }
}

/// An ExtractVHD request, checked: the snapshot to copy into a new file of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extract {
    pub transaction: Guid,
    pub source: Guid,
    /// The snapshot the copy is a differencing disk over (it holds only what was
    /// written after it); None for a whole disk.
    pub limit: Option<Guid>,
    /// The new file's name, beside the set.
    pub name: String,
}

/// META_OPERATION_START ExtractVHD (48 bytes, then the name): SnapshotType, Reserved,
/// Flags, SourceSnapshotId, SourceLimitSnapshotId, DestinationVhdNameLength.
pub fn extract_request(ops: &dyn SetOps, transaction: Guid, data: &[u8]) -> Result<Extract, u32> {
    if data.len() < 48 {
        return Err(BUFFER_TOO_SMALL);
    }
    let (kind_, flags) = (u32_at(data, 0), u32_at(data, 8));
    let source = Guid::from_slice(&data[12..28]);
    let limit = Guid::from_slice(&data[28..44]);
    let n = u32_at(data, 44) as usize;
    let raw = data
        .get(48..48usize.saturating_add(n))
        .ok_or(BUFFER_TOO_SMALL)?;
    if !ops.is_set() {
        return Err(INVALID_DEVICE_REQUEST);
    }
    // A plain file name (MS-FSCC 2.1.5).
    let name = utf16z(raw)
        .filter(|s| !s.chars().any(|c| c < ' ' || "\"*/:<>?\\|".contains(c)))
        .filter(|s| s != "." && s != "..")
        .ok_or(INVALID_PARAMETER)?;
    let snaps = ops.snapshots();
    let known = |id: Guid, reference: bool| {
        snaps
            .iter()
            .any(|s| s.id == id && (reference || !s.reference_only))
    };
    // The copy's data must be there; a reference point is enough to copy changes since.
    if !known(source, false) || (!limit.is_zero() && !known(limit, true)) {
        return Err(INVALID_PARAMETER);
    }
    if (flags != 0 && kind_ != kind::VM) || flags > 1 {
        return Err(INVALID_PARAMETER_2);
    }
    // SVHDX_EXTRACT_SNAPSHOTS_FLAG_DELETE_ON_CLOSE: the set itself would go when this
    // open closes; not done here.
    if flags != 0 {
        return Err(NOT_SUPPORTED);
    }
    Ok(Extract {
        transaction,
        source,
        limit: (!limit.is_zero()).then_some(limit),
        name,
    })
}

/// The body of a META_OPERATION_START ExtractVHD request (for clients and tests).
pub fn encode_extract(
    transaction: Guid,
    flags: u32,
    source: Guid,
    limit: Option<Guid>,
    name: &str,
) -> Vec<u8> {
    let mut b = transaction.0.to_vec();
    b.extend_from_slice(&3u32.to_le_bytes());
    b.extend_from_slice(&[0; 4]);
    b.extend_from_slice(&kind::VM.to_le_bytes());
    b.extend_from_slice(&[0; 4]);
    b.extend_from_slice(&flags.to_le_bytes());
    b.extend_from_slice(&source.0);
    b.extend_from_slice(&limit.unwrap_or(Guid([0; 16])).0);
    push_name(&mut b, name);
    b
}

/// A length (bytes, with the NUL) and a NUL-terminated UTF-16LE name.
fn push_name(b: &mut Vec<u8>, name: &str) {
    let mut name16: Vec<u8> = name.encode_utf16().flat_map(u16::to_le_bytes).collect();
    name16.extend_from_slice(&[0, 0]);
    b.extend_from_slice(&(name16.len() as u32).to_le_bytes());
    b.extend_from_slice(&name16);
}

/// META_OPERATION_START ConvertToVHDSet: DestinationVhdSetNameLength (bytes, with the
/// NUL) and the name, which must be a `.vhds`.
pub fn convert_to_set(ops: &dyn SetOps, data: &[u8]) -> u32 {
    let Some(n) = data.get(..4).map(|b| u32_at(b, 0) as usize) else {
        return BUFFER_TOO_SMALL;
    };
    let Some(raw) = data.get(4..4usize.saturating_add(n)) else {
        return BUFFER_TOO_SMALL;
    };
    match utf16z(raw) {
        Some(name) if name.to_ascii_lowercase().ends_with(".vhds") => {
            ops.convert_to_set(&name).err().unwrap_or(SUCCESS)
        }
        _ => INVALID_PARAMETER,
    }
}

/// A UTF-16LE string whose NUL terminator ends `raw` exactly (and is its only NUL).
fn utf16z(raw: &[u8]) -> Option<String> {
    if !raw.len().is_multiple_of(2) {
        return None;
    }
    let units: Vec<u16> = raw
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    let (&last, body) = units.split_last()?;
    if last != 0 || body.is_empty() || body.contains(&0) {
        return None;
    }
    String::from_utf16(body).ok()
}

/// The body of a META_OPERATION_START ConvertToVHDSet request (for clients and tests).
pub fn encode_convert_to_set(transaction: Guid, name: &str) -> Vec<u8> {
    let mut b = transaction.0.to_vec();
    b.extend_from_slice(&4u32.to_le_bytes());
    b.extend_from_slice(&[0; 4]);
    push_name(&mut b, name);
    b
}

/// DELETE_SNAPSHOT: the status for the header.
pub fn delete_snapshot(ops: &dyn SetOps, body: &[u8]) -> u32 {
    if body.len() < 24 {
        return BUFFER_TOO_SMALL;
    }
    let id = Guid::from_slice(&body[..16]);
    let keep = u32_at(body, 16) != 0;
    let kind_ = u32_at(body, 20);
    if ![kind::VM, kind::CDP, kind::WRITEABLE].contains(&kind_) || (keep && kind_ != kind::VM) {
        return INVALID_PARAMETER;
    }
    if !ops.snapshots().iter().any(|s| s.id == id) {
        return NOT_FOUND;
    }
    ops.delete_snapshot(id, keep).err().unwrap_or(SUCCESS)
}

/// Windows FILETIME (100 ns since 1601) to milliseconds since 1970, as SnapshotEntry
/// carries its creation time (MS-RSVD 2.2.4.21).
fn unix_ms(filetime: u64) -> u64 {
    (filetime / 10_000).saturating_sub(11_644_473_600_000)
}

/// VHDSET_QUERY_INFORMATION: (status, payload after the header).
pub fn query_information(ops: &dyn SetOps, body: &[u8], max_out: usize) -> (u32, Vec<u8>) {
    if body.len() != 24 {
        return (BUFFER_TOO_SMALL, Vec::new());
    }
    if !ops.is_set() {
        return (INVALID_DEVICE_REQUEST, Vec::new());
    }
    let t = u32_at(body, 0);
    let kind_ = u32_at(body, 4);
    let id = Guid::from_slice(&body[8..24]);
    use info::*;
    match t {
        SNAPSHOT_LIST
        | SNAPSHOT_ENTRY
        | OPTIMIZE_NEEDED
        | CDP_SNAPSHOT_ROOT
        | CDP_SNAPSHOT_ACTIVE_LIST
        | CDP_SNAPSHOT_INACTIVE_LIST => {}
        _ => return (INVALID_PARAMETER_1, Vec::new()),
    }
    if (t == SNAPSHOT_ENTRY && ![kind::VM, kind::CDP, kind::WRITEABLE].contains(&kind_))
        || (t == SNAPSHOT_LIST && kind_ != kind::VM)
    {
        return (INVALID_PARAMETER_1, Vec::new());
    }
    if t != SNAPSHOT_ENTRY && t != SNAPSHOT_LIST && kind_ != 0 {
        return (INVALID_PARAMETER, Vec::new());
    }
    let snaps = ops.snapshots();
    match t {
        SNAPSHOT_ENTRY => {
            let Some(s) = snaps.iter().find(|s| s.id == id && s.kind == kind_) else {
                return (NOT_FOUND, Vec::new());
            };
            let mut p = vec![0u8; 72];
            p[..4].copy_from_slice(&t.to_le_bytes());
            p[8..16].copy_from_slice(&unix_ms(s.created).to_le_bytes());
            p[16..20].copy_from_slice(&s.kind.to_le_bytes());
            p[20..24].copy_from_slice(&u32::from(!s.reference_only).to_le_bytes());
            p[24..40].copy_from_slice(&id.0);
            (SUCCESS, p)
        }
        OPTIMIZE_NEEDED => {
            let mut p = t.to_le_bytes().to_vec();
            p.extend_from_slice(&[0; 8]);
            (SUCCESS, p)
        }
        // No CDP snapshots are ever made here.
        CDP_SNAPSHOT_ROOT => (NOT_FOUND, Vec::new()),
        _ => {
            let ids: Vec<Guid> = if t == SNAPSHOT_LIST {
                snaps
                    .iter()
                    .filter(|s| s.kind == kind::VM && !s.reference_only)
                    .map(|s| s.id)
                    .collect()
            } else {
                Vec::new()
            };
            let mut p = SNAPSHOT_LIST.to_le_bytes().to_vec();
            p.extend_from_slice(&[0; 4]);
            let complete = 16 + 16 + 16 * ids.len() <= max_out;
            p.push(u8::from(complete));
            p.extend_from_slice(&[0; 3]);
            p.extend_from_slice(&(ids.len() as u32).to_le_bytes());
            if complete {
                for g in ids {
                    p.extend_from_slice(&g.0);
                }
            }
            (SUCCESS, p)
        }
    }
}

/// CHANGE_TRACKING_START: the status for the header.
pub fn start_tracking(ops: &dyn SetOps, body: &[u8]) -> u32 {
    if body.len() < 56 {
        return BUFFER_TOO_SMALL;
    }
    // The log file name is not used (our tracking needs no log file); Windows' own test
    // client sends one, so it is accepted rather than refused as the spec's text says.
    let log_id = Guid::from_slice(&body[24..40]);
    let max_log_size = u64_at(body, 40);
    let append = u32_at(body, 48) != 0;
    let mut t = ops.tracking();
    if !append || t.log_id.is_zero() {
        t.log_id = log_id;
    }
    t.active = true;
    t.max_log_size = max_log_size;
    ops.set_tracking(t).err().unwrap_or(SUCCESS)
}

/// CHANGE_TRACKING_STOP: (status, ChangeTrackingStatus).
pub fn stop_tracking(ops: &dyn SetOps) -> (u32, u32) {
    let mut t = ops.tracking();
    if !t.active {
        return (SUCCESS, CHANGE_TRACKING_NOT_INITIALIZED);
    }
    t.active = false;
    match ops.set_tracking(t) {
        Ok(()) => (SUCCESS, 0),
        Err(e) => (e, 0),
    }
}

/// CHANGE_TRACKING_GET_PARAMETERS: ChangeTrackingStatus, Reserved, LogFileSize.
pub fn tracking_parameters(ops: &dyn SetOps) -> Vec<u8> {
    let status = if ops.tracking().active {
        0
    } else {
        CHANGE_TRACKING_NOT_INITIALIZED
    };
    let mut p = status.to_le_bytes().to_vec();
    p.extend_from_slice(&[0; 12]);
    p
}

/// QUERY_VIRTUAL_DISK_CHANGES: (status, payload after the header).
pub fn query_changes(ops: &dyn SetOps, body: &[u8], max_out: usize) -> (u32, Vec<u8>) {
    if body.len() < 56 {
        return (BUFFER_TOO_SMALL, Vec::new());
    }
    let target = Guid::from_slice(&body[..16]);
    let limit = Guid::from_slice(&body[16..32]);
    if u32_at(body, 32) != kind::VM {
        return (INVALID_PARAMETER, Vec::new());
    }
    let offset = u64_at(body, 40);
    // A long region is answered a window at a time (the host asks again from where
    // ProcessedByteLength ends), so one request costs a bounded walk of the maps.
    let len = u64_at(body, 48).min(CHANGES_WINDOW);
    if max_out < 32 {
        return (BUFFER_TOO_SMALL, Vec::new());
    }
    let snaps = ops.snapshots();
    for id in [target, limit] {
        match snaps.iter().find(|s| s.id == id) {
            None => return (VHD_INVALID_CHANGE_TRACKING_ID, Vec::new()),
            Some(s) if !s.change_tracking => return (VHD_CHANGE_TRACKING_DISABLED, Vec::new()),
            Some(_) => {}
        }
    }
    let room = (max_out - 32) / 24;
    if room == 0 {
        // Not one range would fit: the host could never get past this region.
        return (BUFFER_TOO_SMALL, Vec::new());
    }
    let (mut ranges, processed) = match ops.changes(limit, target, offset, len, room) {
        Ok(r) => r,
        Err(e) => return (e, Vec::new()),
    };
    ranges.truncate(room);
    let mut p = processed.to_le_bytes().to_vec();
    p.extend_from_slice(&(ranges.len() as u32).to_le_bytes());
    p.extend_from_slice(&[0; 4]);
    for (o, l) in ranges {
        p.extend_from_slice(&o.to_le_bytes());
        p.extend_from_slice(&l.to_le_bytes());
        p.extend_from_slice(&[0; 8]);
    }
    (SUCCESS, p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;

    /// A set in memory: snapshots, tracking, and which ranges each "file" holds.
    #[derive(Default)]
    struct Fake {
        snaps: RefCell<Vec<Snapshot>>,
        tracking: RefCell<Tracking>,
        taken: RefCell<Vec<(Guid, bool)>>,
        applied: RefCell<Vec<Guid>>,
        converted: RefCell<Vec<String>>,
    }

    impl SetOps for Fake {
        fn is_set(&self) -> bool {
            true
        }
        fn snapshots(&self) -> Vec<Snapshot> {
            self.snaps.borrow().clone()
        }
        fn take_snapshot(&self, id: Guid, kind: u32, ct: bool) -> Result<(), u32> {
            self.taken.borrow_mut().push((id, ct));
            self.snaps.borrow_mut().push(Snapshot {
                id,
                kind,
                created: 133_000_000_000_000_000,
                parent: Guid([0; 16]),
                file: "f.avhdx".into(),
                change_tracking: ct,
                reference_only: false,
            });
            Ok(())
        }
        fn delete_snapshot(&self, id: Guid, keep: bool) -> Result<(), u32> {
            let mut s = self.snaps.borrow_mut();
            if keep {
                s.iter_mut()
                    .filter(|x| x.id == id)
                    .for_each(|x| x.reference_only = true);
            } else {
                s.retain(|x| x.id != id);
            }
            Ok(())
        }
        fn apply_snapshot(&self, id: Guid) -> Result<(), u32> {
            self.applied.borrow_mut().push(id);
            Ok(())
        }
        fn convert_to_set(&self, name: &str) -> Result<(), u32> {
            self.converted.borrow_mut().push(name.to_string());
            Ok(())
        }
        fn tracking(&self) -> Tracking {
            self.tracking.borrow().clone()
        }
        fn set_tracking(&self, t: Tracking) -> Result<(), u32> {
            *self.tracking.borrow_mut() = t;
            Ok(())
        }
        fn changes(
            &self,
            _: Guid,
            _: Guid,
            o: u64,
            l: u64,
            max: usize,
        ) -> Result<(Vec<(u64, u64)>, u64), u32> {
            // One changed sector every MiB of the region.
            let all: Vec<(u64, u64)> = (o..o + l)
                .step_by(1 << 20)
                .map(|x| (x.next_multiple_of(1 << 20), 512))
                .filter(|&(x, _)| x < o + l)
                .collect();
            if all.len() > max {
                let end = all[max - 1].0 + 512;
                Ok((all[..max].to_vec(), end - o))
            } else {
                Ok((all, l))
            }
        }
    }

    fn req(kind: u32, flags: u32, stages: &[u32], id: Guid) -> Vec<u8> {
        encode_create_snapshot(Guid([0; 16]), kind, flags, stages, id)[24..].to_vec()
    }

    #[test]
    fn create_snapshot_validates_stages_and_keeps_the_tracking_flag() {
        let f = Fake::default();
        let id = Guid([1; 16]);
        let t = Guid([9; 16]);
        let mut p = None;
        let cases: [(u32, u32, &[u32], u32); 8] = [
            (0, 0, &[1], INVALID_PARAMETER_1),
            (2, 0, &[1], INVALID_PARAMETER_1),
            (1, 0, &[0, 2], INVALID_PARAMETER_2),
            (1, 0, &[1, 0, 3], INVALID_PARAMETER_3),
            (1, 0, &[2, 2], INVALID_PARAMETER_4),
            (1, 1, &[2], INVALID_PARAMETER_5),
            (4, 1, &[1], INVALID_PARAMETER_5),
            (3, 0, &[1], NOT_SUPPORTED),
        ];
        for (kind_, flags, stages, want) in cases {
            assert_eq!(
                create_snapshot(&f, &mut p, t, &req(kind_, flags, stages, id)),
                want,
                "{kind_} {flags} {stages:?}"
            );
        }
        let mut cdp = req(1, 0, &[1], id);
        cdp[56..60].copy_from_slice(&2u32.to_le_bytes());
        assert_eq!(create_snapshot(&f, &mut p, t, &cdp), INVALID_PARAMETER_6);
        assert_eq!(
            create_snapshot(&f, &mut p, t, &req(1, 0, &[1], id)[..51]),
            BUFFER_TOO_SMALL
        );
        assert!(f.taken.borrow().is_empty());
        // Windows' two requests: the flag comes with Initialize only and is kept.
        assert_eq!(
            create_snapshot(&f, &mut p, t, &req(1, 1, &[1], id)),
            SUCCESS
        );
        assert!(
            f.taken.borrow().is_empty(),
            "nothing switches at Initialize"
        );
        assert_eq!(
            create_snapshot(&f, &mut p, t, &req(1, 0, &[2, 3, 4, 5], id)),
            SUCCESS
        );
        assert_eq!(*f.taken.borrow(), vec![(id, true)]);
        assert_eq!(p, None, "finalized");
        // The same id again, and every stage in one request.
        assert_eq!(
            create_snapshot(&f, &mut p, t, &req(1, 0, &[1], id)),
            OBJECT_NAME_COLLISION
        );
        let id2 = Guid([2; 16]);
        assert_eq!(
            create_snapshot(&f, &mut p, t, &req(4, 0, &[1, 2, 3, 4, 5], id2)),
            SUCCESS
        );
        assert_eq!(f.taken.borrow().len(), 2);
        // A stage repeated after its turn is refused.
        assert_eq!(
            create_snapshot(&f, &mut p, t, &req(1, 0, &[1], Guid([3; 16]))),
            SUCCESS
        );
        assert_eq!(
            create_snapshot(&f, &mut p, t, &req(1, 0, &[3], Guid([3; 16]))),
            SUCCESS
        );
        assert_eq!(
            create_snapshot(&f, &mut p, t, &req(1, 0, &[2], Guid([3; 16]))),
            INVALID_PARAMETER
        );
    }

    #[test]
    fn queries_answer_in_the_specs_layouts() {
        let f = Fake::default();
        let id = Guid([1; 16]);
        f.take_snapshot(id, kind::VM, true).unwrap();
        let q = |t: u32, k: u32, g: Guid| {
            let mut b = t.to_le_bytes().to_vec();
            b.extend_from_slice(&k.to_le_bytes());
            b.extend_from_slice(&g.0);
            b
        };
        let (st, list) = query_information(&f, &q(2, 1, Guid([0; 16])), 4096);
        assert_eq!((st, list.len()), (SUCCESS, 32));
        assert_eq!(
            (list[8], &list[12..16], &list[16..32]),
            (1, &[1u8, 0, 0, 0][..], &id.0[..])
        );
        let (_, small) = query_information(&f, &q(2, 1, Guid([0; 16])), 40);
        assert_eq!((small[8], small.len()), (0, 16), "incomplete: ids left out");
        let (st, e) = query_information(&f, &q(5, 1, id), 4096);
        assert_eq!((st, e.len()), (SUCCESS, 72));
        assert_eq!(
            u64::from_le_bytes(e[8..16].try_into().unwrap()),
            unix_ms(133_000_000_000_000_000)
        );
        assert_eq!(
            query_information(&f, &q(5, 1, Guid([7; 16])), 4096).0,
            NOT_FOUND
        );
        assert_eq!(
            query_information(&f, &q(5, 2, id), 4096).0,
            INVALID_PARAMETER_1
        );
        assert_eq!(
            query_information(&f, &q(2, 4, id), 4096).0,
            INVALID_PARAMETER_1
        );
        assert_eq!(
            query_information(&f, &q(8, 1, id), 4096).0,
            INVALID_PARAMETER
        );
        assert_eq!(query_information(&f, &q(8, 0, id), 4096).1.len(), 12);
        assert_eq!(
            query_information(&f, &q(3, 0, id), 4096).0,
            INVALID_PARAMETER_1
        );
        assert_eq!(
            query_information(&f, &q(2, 1, id)[..23], 4096).0,
            BUFFER_TOO_SMALL
        );
        assert_eq!(
            query_information(&NoSet, &q(2, 1, id), 4096).0,
            INVALID_DEVICE_REQUEST
        );
        // Tracking: never started, started, stopped.
        assert_eq!(
            &tracking_parameters(&f)[..4],
            &CHANGE_TRACKING_NOT_INITIALIZED.to_le_bytes()
        );
        let mut start = vec![0u8; 56];
        start[24..40].copy_from_slice(&[5; 16]);
        start[20..24].copy_from_slice(&12u32.to_le_bytes()); // a log name is accepted
        assert_eq!(start_tracking(&f, &start), SUCCESS);
        assert_eq!(tracking_parameters(&f), vec![0; 16]);
        assert_eq!(stop_tracking(&f), (SUCCESS, 0));
        assert_eq!(stop_tracking(&f).1, CHANGE_TRACKING_NOT_INITIALIZED);
        assert_eq!(start_tracking(&NoSet, &start), NOT_SUPPORTED);
        // Changes: more ranges than fit end the answer where they stop.
        let id2 = Guid([2; 16]);
        f.take_snapshot(id2, kind::VM, true).unwrap();
        let mut c = id2.0.to_vec();
        c.extend_from_slice(&id.0);
        c.extend_from_slice(&1u32.to_le_bytes());
        c.extend_from_slice(&[0; 4]);
        c.extend_from_slice(&0u64.to_le_bytes());
        c.extend_from_slice(&(100u64 << 20).to_le_bytes());
        let (st, all) = query_changes(&f, &c, 4096);
        assert_eq!(st, SUCCESS);
        assert_eq!(u64::from_le_bytes(all[..8].try_into().unwrap()), 100 << 20);
        assert_eq!(u32::from_le_bytes(all[8..12].try_into().unwrap()), 100);
        let (_, part) = query_changes(&f, &c, 32 + 24 * 10);
        assert_eq!(u32::from_le_bytes(part[8..12].try_into().unwrap()), 10);
        assert_eq!(
            u64::from_le_bytes(part[..8].try_into().unwrap()),
            (9 << 20) + 512
        );
        f.take_snapshot(Guid([3; 16]), kind::VM, false).unwrap();
        c[..16].copy_from_slice(&[3; 16]);
        assert_eq!(query_changes(&f, &c, 4096).0, VHD_CHANGE_TRACKING_DISABLED);
        c[..16].copy_from_slice(&[4; 16]);
        assert_eq!(
            query_changes(&f, &c, 4096).0,
            VHD_INVALID_CHANGE_TRACKING_ID
        );
        // Delete (with a reference kept) and apply.
        let mut d = id.0.to_vec();
        d.extend_from_slice(&1u32.to_le_bytes());
        d.extend_from_slice(&1u32.to_le_bytes());
        assert_eq!(delete_snapshot(&f, &d), SUCCESS);
        assert!(f.snapshots()[0].reference_only);
        let mut a = 1u32.to_le_bytes().to_vec();
        a.extend_from_slice(&id.0);
        assert_eq!(apply_snapshot(&f, &a), NOT_FOUND, "a reference has no data");
        a[4..20].copy_from_slice(&id2.0);
        assert_eq!(apply_snapshot(&f, &a), SUCCESS);
        d[20..24].copy_from_slice(&3u32.to_le_bytes());
        assert_eq!(
            delete_snapshot(&f, &d),
            INVALID_PARAMETER,
            "only VM references"
        );
    }

    #[test]
    fn hostile_set_requests_never_panic() {
        use rand::{Rng, SeedableRng};
        let f = Fake::default();
        let mut rng = rand::rngs::StdRng::seed_from_u64(0x5E7);
        let mut p = None;
        for i in 0..20_000 {
            let n = rng.gen_range(0..140);
            let mut b: Vec<u8> = (0..n).map(|_| rng.gen()).collect();
            if i % 3 == 0 && b.len() >= 32 {
                // Plausible kinds and stages, so the deeper checks run.
                b[0] = rng.gen_range(0..6);
                b[1..4].fill(0);
                for k in 0..6 {
                    if 8 + 4 * k + 4 <= b.len() {
                        b[8 + 4 * k..12 + 4 * k]
                            .copy_from_slice(&rng.gen_range(0u32..7).to_le_bytes());
                    }
                }
            }
            let max_out = rng.gen_range(0..8192);
            let _ = create_snapshot(&f, &mut p, Guid([0; 16]), &b);
            let _ = apply_snapshot(&f, &b);
            let _ = delete_snapshot(&f, &b);
            let (_, q) = query_information(&f, &b, max_out);
            assert!(q.len() <= 72 + 16 * vhdx::vhds::MAX_SNAPSHOTS + 16);
            let _ = query_changes(&f, &b, max_out);
            let _ = start_tracking(&f, &b);
            let _ = convert_to_set(&f, &b);
            let _ = extract_request(&f, Guid([0; 16]), &b);
        }
    }

    #[test]
    fn convert_to_set_wants_one_nul_terminated_vhds_name() {
        let f = Fake::default();
        let body = |name: &str| encode_convert_to_set(Guid([7; 16]), name)[24..].to_vec();
        assert_eq!(convert_to_set(&f, &body("guest.VHDS")), SUCCESS);
        assert_eq!(*f.converted.borrow(), ["guest.VHDS"]);
        assert_eq!(convert_to_set(&f, &body("guest.vhdx")), INVALID_PARAMETER);
        assert_eq!(convert_to_set(&f, &body("")), INVALID_PARAMETER);
        // The length must end at the name's NUL, inside the request.
        let mut b = body("a.vhds");
        b.truncate(b.len() - 1);
        assert_eq!(convert_to_set(&f, &b), BUFFER_TOO_SMALL);
        let mut b = body("a.vhds");
        b[..4].copy_from_slice(&10u32.to_le_bytes());
        assert_eq!(
            convert_to_set(&f, &b),
            INVALID_PARAMETER,
            "no NUL at the end"
        );
        let mut b = body("a.vhds");
        b[4..6].copy_from_slice(&[0, 0]);
        assert_eq!(convert_to_set(&f, &b), INVALID_PARAMETER, "a NUL inside");
        assert_eq!(convert_to_set(&f, &[1, 0]), BUFFER_TOO_SMALL);
        assert_eq!(convert_to_set(&NoSet, &body("a.vhds")), NOT_SUPPORTED);
        assert_eq!(f.converted.borrow().len(), 1);
    }
}
