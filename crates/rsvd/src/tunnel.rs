//! The MS-RSVD tunnel: the SVHDX open context (2.2.4.12, 2.2.4.32), the tunnel header
//! (2.2.4.11) and every operation's request and response, and [`dispatch`], which answers
//! one FSCTL_SVHDX_SYNC/ASYNC_TUNNEL_REQUEST on a shared open.

use crate::scsi::{self, Command, Lun, Outcome};
use crate::sense::{srb, Sense};
use crate::status::*;
use crate::vhdset::{self, SetOps};
use crate::Guid;

/// The create context name of SVHDX_OPEN_DEVICE_CONTEXT (v1 and v2 alike), as on the wire.
pub const OPEN_CONTEXT_NAME: [u8; 16] = [
    0x9C, 0xCB, 0xCF, 0x9E, 0x04, 0xC1, 0xE6, 0x43, 0x98, 0x0E, 0x15, 0x8D, 0xA1, 0xF6, 0xEC, 0x83,
];
/// The extended attribute that opens a VHD Set at a snapshot.
pub const TARGET_SPECIFIER_EA: &[u8] = b"RSVD_TARGET_SPECIFIER_EA";
/// What a client appends to the file name to open the virtual disk.
pub const SHARED_SUFFIX: &str = ":SharedVirtualDisk";
pub const OPEN_CONTEXT_V1_LEN: usize = 168;
pub const OPEN_CONTEXT_V2_LEN: usize = 192;
/// The RSVD version this server implements.
pub const SERVER_VERSION: u32 = 2;
pub const ORIGINATOR_PVHDPARSER: u32 = 0x1;
pub const ORIGINATOR_VHDMP: u32 = 0x4;
const MAX_HOST_NAME: usize = 126;

pub mod opcode {
    pub const GET_INITIAL_INFO: u32 = 0x0200_1001;
    pub const SCSI: u32 = 0x0200_1002;
    pub const CHECK_CONNECTION_STATUS: u32 = 0x0200_1003;
    pub const SRB_STATUS: u32 = 0x0200_1004;
    pub const GET_DISK_INFO: u32 = 0x0200_1005;
    pub const VALIDATE_DISK: u32 = 0x0200_1006;
    pub const META_OPERATION_START: u32 = 0x0200_2101;
    pub const META_OPERATION_QUERY_PROGRESS: u32 = 0x0200_2002;
    pub const VHDSET_QUERY_INFORMATION: u32 = 0x0200_2005;
    pub const DELETE_SNAPSHOT: u32 = 0x0200_2006;
    pub const CHANGE_TRACKING_GET_PARAMETERS: u32 = 0x0200_2008;
    pub const CHANGE_TRACKING_START: u32 = 0x0200_2009;
    pub const CHANGE_TRACKING_STOP: u32 = 0x0200_200A;
    pub const QUERY_VIRTUAL_DISK_CHANGES: u32 = 0x0200_200C;
    pub const QUERY_SAFE_SIZE: u32 = 0x0200_200D;
}

/// SVHDX_SHARED_VIRTUAL_DISK_SUPPORT_RESPONSE values (2.2.4.16).
pub mod support {
    pub const SHARED_VIRTUAL_DISKS: u32 = 0x1;
    pub const SNAPSHOTS: u32 = 0x7;
    pub const HANDLE_NONE: u32 = 0;
    pub const HANDLE_FILE_SHARED: u32 = 1;
    pub const HANDLE_SHARED: u32 = 3;
}

const STATUS_NOT_FOUND: u32 = 0xC000_0225;

/// SVHDX_OPEN_DEVICE_CONTEXT as a client sent it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenContext {
    pub version: u32,
    pub has_initiator: bool,
    pub initiator: Guid,
    pub flags: u32,
    pub originator_flags: u32,
    pub open_request_id: u64,
    /// UTF-16LE bytes of the host name.
    pub host_name: Vec<u8>,
    /// An open of a VHD Set at this snapshot (RSVD_TARGET_SPECIFIER_EA, MS-RSVD
    /// 3.2.5.7), which comes without an SVHDX context: see [`OpenContext::at_snapshot`].
    pub target: Option<Guid>,
    /// The request as sent (echoed in the response).
    raw: Vec<u8>,
}

impl OpenContext {
    /// Parses and checks a context body (MS-RSVD 3.2.5.1); the error is the CREATE's
    /// status.
    pub fn parse(b: &[u8]) -> Result<OpenContext, u32> {
        if b.len() < OPEN_CONTEXT_V1_LEN {
            return Err(BUFFER_TOO_SMALL);
        }
        let version = u32::from_le_bytes(b[0..4].try_into().unwrap());
        match version {
            1 => {}
            2 if b.len() < OPEN_CONTEXT_V2_LEN => return Err(BUFFER_TOO_SMALL),
            2 => {}
            _ => return Err(INVALID_PARAMETER),
        }
        let has_initiator = match b[4] {
            0 => false,
            1 => true,
            _ => return Err(INVALID_PARAMETER),
        };
        let name_len = usize::from(u16::from_le_bytes([b[40], b[41]]));
        if name_len > MAX_HOST_NAME || name_len % 2 != 0 {
            return Err(INVALID_PARAMETER);
        }
        let len = if version == 1 {
            OPEN_CONTEXT_V1_LEN
        } else {
            OPEN_CONTEXT_V2_LEN
        };
        Ok(OpenContext {
            version,
            has_initiator,
            initiator: if has_initiator {
                Guid::from_slice(&b[8..24])
            } else {
                Guid::ZERO
            },
            flags: u32::from_le_bytes(b[24..28].try_into().unwrap()),
            originator_flags: u32::from_le_bytes(b[28..32].try_into().unwrap()),
            open_request_id: u64::from_le_bytes(b[32..40].try_into().unwrap()),
            host_name: b[42..42 + name_len].to_vec(),
            target: None,
            raw: b[..len].to_vec(),
        })
    }

    /// The open a target specifier asks for: the set's snapshot `id`, read through the
    /// virtual disk, with no initiator and nothing to answer with.
    pub fn at_snapshot(id: Guid) -> OpenContext {
        OpenContext {
            version: 2,
            has_initiator: false,
            initiator: Guid::ZERO,
            flags: 0,
            originator_flags: ORIGINATOR_PVHDPARSER,
            open_request_id: 0,
            host_name: Vec::new(),
            target: Some(id),
            raw: Vec::new(),
        }
    }

    /// Reads RSVD_TARGET_SPECIFIER_EA from an SMB2_CREATE_EA_BUFFER's
    /// FILE_FULL_EA_INFORMATION list: the snapshot id, None when it is not there, or the
    /// CREATE's status when it is malformed.
    pub fn target_specifier(eas: &[u8]) -> Result<Option<Guid>, u32> {
        let mut at = 0usize;
        for _ in 0..64 {
            let Some(e) = eas.get(at..at + 8) else {
                return Ok(None);
            };
            let next = u32::from_le_bytes(e[..4].try_into().unwrap()) as usize;
            let name_len = usize::from(e[5]);
            let value_len = usize::from(u16::from_le_bytes([e[6], e[7]]));
            let name = eas.get(at + 8..at + 8 + name_len);
            let value = eas.get(at + 9 + name_len..at + 9 + name_len + value_len);
            if let (Some(n), Some(v)) = (name, value) {
                if n.eq_ignore_ascii_case(TARGET_SPECIFIER_EA) && v.len() >= 24 {
                    let namespace = u32::from_le_bytes(v[..4].try_into().unwrap());
                    let kind = u32::from_le_bytes(v[4..8].try_into().unwrap());
                    // Snapshot ids are the only namespace; VM and writeable snapshots
                    // are the kinds one can open.
                    if namespace != 0 || (kind != 1 && kind != 4) {
                        return Err(INVALID_PARAMETER);
                    }
                    return Ok(Some(Guid::from_slice(&v[8..24])));
                }
            }
            if next == 0 {
                return Ok(None);
            }
            at = at.saturating_add(next);
        }
        Ok(None)
    }

    /// The context as the client sent it.
    pub fn raw(&self) -> &[u8] {
        &self.raw
    }

    pub fn host_name(&self) -> String {
        let units: Vec<u16> = self
            .host_name
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect();
        String::from_utf16_lossy(&units)
    }

    /// The response context: the request echoed; for version 2 with the disk's
    /// properties filled in (2.2.4.33).
    pub fn response(&self, sector: u32, physical_sector: u32, virtual_size: u64) -> Vec<u8> {
        let mut r = self.raw.clone();
        if self.version == 2 {
            r[168..172].copy_from_slice(&1u32.to_le_bytes());
            r[172..176].copy_from_slice(&SERVER_VERSION.to_le_bytes());
            r[176..180].copy_from_slice(&sector.to_le_bytes());
            r[180..184].copy_from_slice(&physical_sector.to_le_bytes());
            r[184..192].copy_from_slice(&virtual_size.to_le_bytes());
        }
        r
    }

    /// Builds a context (for clients and tests).
    pub fn encode(
        version: u32,
        initiator: Option<Guid>,
        originator: u32,
        host: &str,
        request_id: u64,
    ) -> Vec<u8> {
        let len = if version == 2 {
            OPEN_CONTEXT_V2_LEN
        } else {
            OPEN_CONTEXT_V1_LEN
        };
        let mut b = vec![0u8; len];
        b[0..4].copy_from_slice(&version.to_le_bytes());
        if let Some(g) = initiator {
            b[4] = 1;
            b[8..24].copy_from_slice(&g.0);
        }
        b[28..32].copy_from_slice(&originator.to_le_bytes());
        b[32..40].copy_from_slice(&request_id.to_le_bytes());
        let name: Vec<u8> = host
            .encode_utf16()
            .take(MAX_HOST_NAME / 2)
            .flat_map(|u| u.to_le_bytes())
            .collect();
        b[40..42].copy_from_slice(&(name.len() as u16).to_le_bytes());
        b[42..42 + name.len()].copy_from_slice(&name);
        b
    }
}

/// SVHDX_TUNNEL_OPERATION_HEADER.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    pub operation: u32,
    pub status: u32,
    pub request_id: u64,
}

pub const HEADER_LEN: usize = 16;
pub const SCSI_REQUEST_LEN: usize = 36;
pub const SENSE_LEN: usize = 20;

impl Header {
    pub fn parse(b: &[u8]) -> Option<Header> {
        Some(Header {
            operation: u32::from_le_bytes(b.get(0..4)?.try_into().ok()?),
            status: u32::from_le_bytes(b.get(4..8)?.try_into().ok()?),
            request_id: u64::from_le_bytes(b.get(8..16)?.try_into().ok()?),
        })
    }
    pub fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.operation.to_le_bytes());
        out.extend_from_slice(&self.status.to_le_bytes());
        out.extend_from_slice(&self.request_id.to_le_bytes());
    }
}

/// A SCSI outcome kept for SRB_STATUS (2.2.4.13/2.2.4.14).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoredSense {
    pub srb_status: u8,
    pub scsi_status: u8,
    pub sense: [u8; SENSE_LEN],
}

/// An open's sense-error store: 256 slots named by an 8-bit key that wraps.
#[derive(Clone, Debug, Default)]
pub struct SenseStore {
    seq: u8,
    slots: Vec<Option<StoredSense>>,
}

impl SenseStore {
    /// Stores an entry under the next key and returns the key.
    pub fn store(&mut self, s: StoredSense) -> u8 {
        self.seq = self.seq.wrapping_add(1);
        if self.slots.is_empty() {
            self.slots = vec![None; 256];
        }
        self.slots[usize::from(self.seq)] = Some(s);
        self.seq
    }
    pub fn get(&self, key: u8) -> Option<StoredSense> {
        self.slots.get(usize::from(key)).copied().flatten()
    }
}

fn sense_bytes(s: Option<Sense>) -> [u8; SENSE_LEN] {
    let mut b = [0u8; SENSE_LEN];
    if let Some(s) = s {
        b[..18].copy_from_slice(&s.fixed());
    }
    b
}

impl StoredSense {
    pub fn from_outcome(o: &Outcome) -> StoredSense {
        StoredSense {
            srb_status: o.srb_status,
            scsi_status: o.scsi_status,
            sense: sense_bytes(o.sense),
        }
    }
    /// What Windows stores for a READ or WRITE on a virtual-disk open without an
    /// initiator id (MS-RSVD <12>, <14>).
    pub fn no_initiator() -> StoredSense {
        let mut sense = [0u8; SENSE_LEN];
        sense[0] = 0xF0;
        sense[7] = 0x0A;
        StoredSense {
            srb_status: srb::ABORTED,
            scsi_status: 0x02,
            sense,
        }
    }
}

/// The per-open state the tunnel needs.
#[derive(Debug, Default)]
pub struct OpenState {
    /// Zero when the open carried no initiator id.
    pub initiator: Guid,
    pub sense: SenseStore,
    /// Transactions of META_OPERATION_START that completed (newest last, bounded).
    pub done: Vec<Guid>,
    /// A snapshot this open is making (between its stages).
    pub pending: Option<crate::vhdset::Pending>,
    /// A meta-operation of this open the server runs on its own time (ExtractVHD): its
    /// transaction and how far it got.
    pub running: Option<(Guid, std::sync::Arc<Progress>)>,
}

/// How far a long meta-operation got, in bytes of the virtual disk, and how it ended.
#[derive(Debug, Default)]
pub struct Progress {
    pub done: std::sync::atomic::AtomicU64,
    pub total: std::sync::atomic::AtomicU64,
    /// 0 while it runs, 1 done, 2 failed or abandoned.
    pub ended: std::sync::atomic::AtomicU32,
}

impl OpenState {
    /// Forgets a long meta-operation that has ended (one that succeeded goes with the
    /// completed ones).
    fn settle(&mut self) {
        let ended = match &self.running {
            Some((t, p)) => match p.ended.load(std::sync::atomic::Ordering::Acquire) {
                0 => return,
                1 => Some(*t),
                _ => None,
            },
            None => return,
        };
        self.running = None;
        if let Some(t) = ended {
            self.completed(t);
        }
    }

    /// Records a meta-operation as completed (the newest few are kept).
    fn completed(&mut self, transaction: Guid) {
        if self.done.len() >= 16 {
            self.done.remove(0);
        }
        self.done.push(transaction);
    }
}

/// What GET_DISK_INFO reports about the file (2.2.4.20).
#[derive(Clone, Copy, Debug)]
pub struct DiskFacts {
    /// 2 fixed, 3 dynamic, 4 differencing.
    pub disk_type: u32,
    /// 3 VHDX, 4 VHD Set.
    pub disk_format: u32,
    pub block_size: u32,
    pub linkage_id: Guid,
    pub file_size: u64,
    pub virtual_disk_id: Guid,
}

/// What a tunnel request asks of the caller beyond the answer.
#[derive(Clone, Debug, Default)]
pub struct Effects {
    /// The virtual size changed: every other initiator gets a capacity unit attention.
    pub resized: bool,
    /// An ExtractVHD to run: the server answers the request (with this header) once the
    /// copy has ended.
    pub extract: Option<(Header, vhdset::Extract, std::sync::Arc<Progress>)>,
}

fn header_only(h: &Header, status: u32) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_LEN);
    Header {
        operation: h.operation,
        status,
        request_id: h.request_id,
    }
    .encode(&mut out);
    out
}

/// Answers one tunnel request. `Err` fails the IOCTL itself with that status (no output);
/// `Ok` is the IOCTL's output, whose header may carry an RSVD or NTSTATUS error.
#[allow(clippy::too_many_arguments)]
pub fn dispatch(
    lun: &Lun,
    set: &dyn SetOps,
    open: &mut OpenState,
    facts: &DiskFacts,
    input: &[u8],
    max_out: usize,
    effects: &mut Effects,
) -> Result<Vec<u8>, u32> {
    let Some(h) = Header::parse(input) else {
        return Err(BUFFER_TOO_SMALL);
    };
    if h.operation & 0xFF00_0000 != 0x0200_0000 {
        return Err(INVALID_DEVICE_REQUEST);
    }
    let version = (h.operation >> 12) & 0xFFF;
    if version != 1 && version != 2 {
        return Ok(header_only(&h, SVHDX_VERSION_MISMATCH));
    }
    let body = &input[HEADER_LEN..];
    let dev = lun.dev;
    open.settle();
    let ok = |payload: &[u8]| {
        let mut out = header_only(&h, SUCCESS);
        out.extend_from_slice(payload);
        out
    };
    use opcode::*;
    match h.operation {
        GET_INITIAL_INFO => {
            if max_out < HEADER_LEN + 24 {
                return Err(BUFFER_TOO_SMALL);
            }
            let mut p = Vec::with_capacity(24);
            p.extend_from_slice(&SERVER_VERSION.to_le_bytes());
            p.extend_from_slice(&dev.sector_size().to_le_bytes());
            p.extend_from_slice(&dev.physical_sector_size().to_le_bytes());
            p.extend_from_slice(&0u32.to_le_bytes());
            p.extend_from_slice(&dev.capacity().to_le_bytes());
            Ok(ok(&p))
        }
        CHECK_CONNECTION_STATUS => {
            if max_out < HEADER_LEN {
                return Err(BUFFER_OVERFLOW);
            }
            Ok(ok(&[]))
        }
        SCSI => {
            if max_out < HEADER_LEN + 16 + SENSE_LEN {
                return Err(INVALID_PARAMETER);
            }
            Ok(scsi_op(lun, open, &h, body, max_out))
        }
        SRB_STATUS => {
            if max_out < HEADER_LEN + 24 {
                return Err(INVALID_PARAMETER);
            }
            let Some(&key) = body.first() else {
                return Ok(header_only(&h, INVALID_PARAMETER));
            };
            match open.sense.get(key) {
                None => Ok(header_only(&h, SVHDX_ERROR_NOT_AVAILABLE)),
                Some(s) => {
                    let mut p = vec![key, s.srb_status, s.scsi_status, SENSE_LEN as u8];
                    p.extend_from_slice(&s.sense);
                    Ok(ok(&p))
                }
            }
        }
        GET_DISK_INFO => {
            if max_out < HEADER_LEN + 56 {
                return Err(BUFFER_TOO_SMALL);
            }
            let mut p = vec![0u8; 56];
            p[0..4].copy_from_slice(&facts.disk_type.to_le_bytes());
            p[4..8].copy_from_slice(&facts.disk_format.to_le_bytes());
            p[8..12].copy_from_slice(&facts.block_size.to_le_bytes());
            p[12..28].copy_from_slice(&facts.linkage_id.0);
            p[28] = 1; // mounted: we serve it
            p[29] = u8::from(dev.physical_sector_size() >= 4096);
            p[32..40].copy_from_slice(&facts.file_size.to_le_bytes());
            p[40..56].copy_from_slice(&facts.virtual_disk_id.0);
            Ok(ok(&p))
        }
        VALIDATE_DISK => {
            if max_out < HEADER_LEN + 1 {
                return Err(BUFFER_TOO_SMALL);
            }
            // The disk opened and its metadata checked out; it is valid.
            Ok(ok(&[1]))
        }
        META_OPERATION_START => Ok(meta_start(lun, set, open, &h, body, effects)),
        META_OPERATION_QUERY_PROGRESS => {
            let Some(t) = body.get(..16) else {
                return Ok(header_only(&h, BUFFER_TOO_SMALL));
            };
            let t = Guid::from_slice(t);
            // Meta-operations but ExtractVHD finish before they answer.
            let (done, total) = match &open.running {
                Some((r, p)) if *r == t => (
                    p.done.load(std::sync::atomic::Ordering::Relaxed),
                    p.total.load(std::sync::atomic::Ordering::Relaxed),
                ),
                _ if open.done.contains(&t) => (1, 1),
                _ => return Ok(header_only(&h, STATUS_NOT_FOUND)),
            };
            let mut p = done.to_le_bytes().to_vec();
            p.extend_from_slice(&total.to_le_bytes());
            Ok(ok(&p))
        }
        QUERY_SAFE_SIZE => {
            if max_out < HEADER_LEN + 8 {
                return Err(BUFFER_TOO_SMALL);
            }
            match crate::safe::safe_size(dev) {
                Ok(n) => Ok(ok(&n.to_le_bytes())),
                Err(_) => Ok(header_only(&h, crate::status::UNSUCCESSFUL)),
            }
        }
        CHANGE_TRACKING_GET_PARAMETERS => fit(ok(&vhdset::tracking_parameters(set)), max_out),
        CHANGE_TRACKING_START => Ok(header_only(&h, vhdset::start_tracking(set, body))),
        CHANGE_TRACKING_STOP => {
            // ChangeTrackingStatus follows whatever the header says.
            let (status, ct) = vhdset::stop_tracking(set);
            let mut out = header_only(&h, status);
            out.extend_from_slice(&ct.to_le_bytes());
            fit(out, max_out)
        }
        VHDSET_QUERY_INFORMATION => {
            let (status, p) = vhdset::query_information(set, body, max_out);
            let mut out = header_only(&h, status);
            out.extend_from_slice(&p);
            fit(out, max_out)
        }
        DELETE_SNAPSHOT => Ok(header_only(&h, vhdset::delete_snapshot(set, body))),
        QUERY_VIRTUAL_DISK_CHANGES => {
            let (status, p) = vhdset::query_changes(set, body, max_out);
            let mut out = header_only(&h, status);
            out.extend_from_slice(&p);
            fit(out, max_out)
        }
        _ => Ok(header_only(&h, INVALID_PARAMETER)),
    }
}

/// An answer that does not fit the client's buffer fails the IOCTL.
fn fit(out: Vec<u8>, max_out: usize) -> Result<Vec<u8>, u32> {
    if out.len() > max_out {
        Err(BUFFER_TOO_SMALL)
    } else {
        Ok(out)
    }
}

fn scsi_op(lun: &Lun, open: &mut OpenState, h: &Header, body: &[u8], max_out: usize) -> Vec<u8> {
    // A failed check answers with the header and the request's fields echoed.
    let refuse = |status: u32| {
        let mut out = header_only(h, status);
        out.extend_from_slice(&body[..body.len().min(SCSI_REQUEST_LEN)]);
        out
    };
    if body.len() < SCSI_REQUEST_LEN {
        return refuse(INVALID_PARAMETER);
    }
    let length = u16::from_le_bytes([body[0], body[1]]);
    let cdb_len = usize::from(body[4]);
    let sense_len = body[5];
    let disposition = body[6];
    let srb_flags = u32::from_le_bytes(body[8..12].try_into().unwrap());
    let xfer = u32::from_le_bytes(body[12..16].try_into().unwrap()) as usize;
    let data = &body[SCSI_REQUEST_LEN..];
    if length as usize != SCSI_REQUEST_LEN
        || usize::from(sense_len) > SENSE_LEN
        || cdb_len > 16
        || cdb_len == 0
        || disposition > 2
        || (disposition == 0 && data.len() < xfer)
    {
        return refuse(INVALID_PARAMETER);
    }
    if open.initiator.is_zero() {
        return refuse(INVALID_HANDLE);
    }
    // Disposition 0: data to the disk; 1: data from it; 2: none.
    let room = max_out.saturating_sub(HEADER_LEN + 16 + SENSE_LEN);
    let max_in = if disposition == 1 { xfer.min(room) } else { 0 };
    let data_out = if disposition == 0 {
        &data[..xfer]
    } else {
        &[][..]
    };
    let o = scsi::execute(
        lun,
        open.initiator,
        &Command {
            cdb: &body[16..16 + cdb_len],
            data_out,
            max_in,
        },
    );
    let mut out = header_only(h, SUCCESS);
    out.extend_from_slice(&(SCSI_REQUEST_LEN as u16).to_le_bytes());
    let auto = if o.sense.is_some() { 0x80 } else { 0 };
    out.push((o.srb_status & 0x7F) | auto);
    out.push(o.scsi_status);
    out.push(cdb_len as u8);
    out.push(SENSE_LEN as u8);
    out.push(disposition);
    out.push(0);
    out.extend_from_slice(&srb_flags.to_le_bytes());
    out.extend_from_slice(&(o.data.len() as u32).to_le_bytes());
    out.extend_from_slice(&sense_bytes(o.sense));
    out.extend_from_slice(&o.data);
    out
}

fn meta_start(
    lun: &Lun,
    set: &dyn SetOps,
    open: &mut OpenState,
    h: &Header,
    body: &[u8],
    effects: &mut Effects,
) -> Vec<u8> {
    if body.len() < 24 {
        return header_only(h, BUFFER_TOO_SMALL);
    }
    let transaction = Guid::from_slice(&body[..16]);
    let kind = u32::from_le_bytes(body[16..20].try_into().unwrap());
    let data = &body[24..];
    let status = match kind {
        // Resize.
        0 => {
            if data.len() < 12 {
                BUFFER_TOO_SMALL
            } else {
                let new_size = u64::from_le_bytes(data[..8].try_into().unwrap());
                let (expand_only, allow_unsafe, shrink_min) =
                    (data[8] != 0, data[9] != 0, data[10] != 0);
                let cur = lun.dev.capacity();
                let bs = u64::from(lun.dev.sector_size());
                let safe = || crate::safe::safe_size(lun.dev);
                let target = if shrink_min {
                    if new_size != 0 || expand_only || allow_unsafe {
                        Err(INVALID_PARAMETER_1)
                    } else {
                        safe().map_err(|_| UNSUCCESSFUL)
                    }
                } else if (new_size < cur && expand_only) || new_size == 0 || new_size % bs != 0 {
                    Err(INVALID_PARAMETER)
                } else if new_size < cur && !allow_unsafe {
                    // Below the safe size a shrink would cut into partitions or data;
                    // only AllowUnsafeVirtualSize lets it.
                    match safe() {
                        Ok(s) if new_size >= s => Ok(new_size),
                        Ok(_) => Err(INVALID_PARAMETER),
                        Err(_) => Err(UNSUCCESSFUL),
                    }
                } else {
                    Ok(new_size)
                };
                match target {
                    Err(status) => status,
                    Ok(n) if n == cur => SUCCESS,
                    Ok(n) => match lun.dev.resize(n) {
                        Ok(()) => {
                            effects.resized = true;
                            SUCCESS
                        }
                        Err(crate::DevError::Invalid(_)) => INVALID_PARAMETER,
                        Err(_) => NOT_SUPPORTED,
                    },
                }
            }
        }
        // Optimize: nothing to do on our engine.
        2 => SUCCESS,
        1 => vhdset::create_snapshot(set, &mut open.pending, transaction, data),
        5 => vhdset::apply_snapshot(set, data),
        3 if open.running.is_some() => INSUFFICIENT_RESOURCES,
        3 => match vhdset::extract_request(set, transaction, data) {
            Ok(e) => {
                // Taken now: another extract on this open is refused until this one ends.
                let progress = std::sync::Arc::new(Progress::default());
                open.running = Some((transaction, progress.clone()));
                effects.extract = Some((*h, e, progress));
                return header_only(h, SUCCESS);
            }
            Err(status) => status,
        },
        4 => vhdset::convert_to_set(set, data),
        _ => INVALID_PARAMETER,
    };
    if status == SUCCESS {
        open.completed(transaction);
    }
    header_only(h, status)
}

/// Builds a SCSI tunnel request (for clients and tests). `disposition` 0 sends `data`,
/// 1 asks for up to `xfer` bytes back (with an empty buffer of that size), 2 moves no
/// data.
pub fn encode_scsi_request(
    request_id: u64,
    cdb: &[u8],
    disposition: u8,
    data: &[u8],
    xfer: u32,
) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_LEN + SCSI_REQUEST_LEN + data.len());
    Header {
        operation: opcode::SCSI,
        status: 0,
        request_id,
    }
    .encode(&mut out);
    out.extend_from_slice(&(SCSI_REQUEST_LEN as u16).to_le_bytes());
    out.extend_from_slice(&[0, 0]);
    out.push(cdb.len().min(16) as u8);
    out.push(SENSE_LEN as u8);
    out.push(disposition);
    out.push(0);
    let flags: u32 = match disposition {
        0 => 0x80,
        1 => 0x40,
        _ => 0,
    };
    out.extend_from_slice(&flags.to_le_bytes());
    let xfer = if disposition == 0 {
        data.len() as u32
    } else {
        xfer
    };
    out.extend_from_slice(&xfer.to_le_bytes());
    let mut c = [0u8; 16];
    c[..cdb.len().min(16)].copy_from_slice(&cdb[..cdb.len().min(16)]);
    out.extend_from_slice(&c);
    out.extend_from_slice(&[0; 4]);
    match disposition {
        0 => out.extend_from_slice(data),
        // The data buffer goes out empty, DataTransferLength long, as Windows sends it
        // (and as Wireshark's dissector expects it).
        1 => out.resize(out.len() + xfer as usize, 0),
        _ => {}
    }
    out
}

/// A decoded SCSI tunnel response.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScsiResponse {
    pub header: Header,
    pub srb_status: u8,
    pub scsi_status: u8,
    pub sense: Vec<u8>,
    pub data: Vec<u8>,
}

impl ScsiResponse {
    pub fn parse(b: &[u8]) -> Option<ScsiResponse> {
        let header = Header::parse(b)?;
        let body = b.get(HEADER_LEN..)?;
        if body.len() < 16 {
            return Some(ScsiResponse {
                header,
                srb_status: 0,
                scsi_status: 0,
                sense: Vec::new(),
                data: Vec::new(),
            });
        }
        let sense_len = usize::from(body[5]);
        let xfer = u32::from_le_bytes(body[12..16].try_into().ok()?) as usize;
        let sense = body.get(16..16 + sense_len)?.to_vec();
        let data = body.get(16 + sense_len..16 + sense_len + xfer)?.to_vec();
        Some(ScsiResponse {
            header,
            srb_status: body[2],
            scsi_status: body[3],
            sense,
            data,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pr::Reservations;
    use crate::scsi::tests::Ram;
    use parking_lot::Mutex;

    /// One tunnel request on a plain disk.
    fn call(lun: &Lun, open: &mut OpenState, input: &[u8], max_out: usize) -> Result<Vec<u8>, u32> {
        let mut fx = Effects::default();
        dispatch(lun, &vhdset::NoSet, open, &facts(), input, max_out, &mut fx)
    }

    fn facts() -> DiskFacts {
        DiskFacts {
            disk_type: 3,
            disk_format: 3,
            block_size: 32 << 20,
            linkage_id: Guid([3; 16]),
            file_size: 4 << 20,
            virtual_disk_id: Guid([0x5A; 16]),
        }
    }

    #[test]
    fn the_target_specifier_ea_names_a_snapshot() {
        let ea = |namespace: u32, kind: u32, next: u32| {
            let mut b = next.to_le_bytes().to_vec();
            b.extend_from_slice(&[0x80, 24]);
            b.extend_from_slice(&24u16.to_le_bytes());
            b.extend_from_slice(TARGET_SPECIFIER_EA);
            b.push(0);
            b.extend_from_slice(&namespace.to_le_bytes());
            b.extend_from_slice(&kind.to_le_bytes());
            b.extend_from_slice(&[7; 16]);
            b
        };
        let g = Guid([7; 16]);
        assert_eq!(OpenContext::target_specifier(&ea(0, 1, 0)), Ok(Some(g)));
        assert_eq!(OpenContext::target_specifier(&ea(0, 4, 0)), Ok(Some(g)));
        assert_eq!(
            OpenContext::target_specifier(&ea(1, 1, 0)),
            Err(INVALID_PARAMETER)
        );
        assert_eq!(
            OpenContext::target_specifier(&ea(0, 3, 0)),
            Err(INVALID_PARAMETER)
        );
        // Behind another EA, and cut short.
        let mut two = vec![0u8; 12];
        two[..4].copy_from_slice(&12u32.to_le_bytes());
        two[5] = 1;
        two[8] = b'X';
        two.extend_from_slice(&ea(0, 1, 0));
        assert_eq!(OpenContext::target_specifier(&two), Ok(Some(g)));
        let full = ea(0, 1, 0);
        for n in 0..full.len() {
            assert_eq!(OpenContext::target_specifier(&full[..n]), Ok(None), "{n}");
        }
        // A loop of offsets ends.
        let mut looped = ea(0, 1, 0);
        looped[8] = b'Q';
        looped[..4].copy_from_slice(&1u32.to_le_bytes());
        assert_eq!(OpenContext::target_specifier(&looped), Ok(None));
    }

    #[test]
    fn open_context_checks_and_response() {
        let g = Guid([7; 16]);
        let v1 = OpenContext::encode(1, Some(g), ORIGINATOR_PVHDPARSER, "HOST-A", 0);
        let c = OpenContext::parse(&v1).unwrap();
        assert_eq!(
            (c.version, c.initiator, c.host_name()),
            (1, g, "HOST-A".into())
        );
        assert_eq!(c.response(512, 4096, 1 << 30), v1, "v1 is echoed");
        let v2 = OpenContext::encode(2, Some(g), ORIGINATOR_PVHDPARSER, "HOST-A", 0);
        let r = OpenContext::parse(&v2)
            .unwrap()
            .response(512, 4096, 1 << 30);
        assert_eq!(r.len(), 192);
        assert_eq!(u32::from_le_bytes(r[172..176].try_into().unwrap()), 2);
        assert_eq!(u64::from_le_bytes(r[184..192].try_into().unwrap()), 1 << 30);
        assert_eq!(OpenContext::parse(&v1[..167]), Err(BUFFER_TOO_SMALL));
        assert_eq!(OpenContext::parse(&v2[..170]), Err(BUFFER_TOO_SMALL));
        let mut bad = v1.clone();
        bad[0] = 3;
        assert_eq!(OpenContext::parse(&bad), Err(INVALID_PARAMETER));
        let mut bad = v1.clone();
        bad[4] = 2;
        assert_eq!(OpenContext::parse(&bad), Err(INVALID_PARAMETER));
        let mut bad = v1;
        bad[40] = 200;
        assert_eq!(OpenContext::parse(&bad), Err(INVALID_PARAMETER));
    }

    #[test]
    fn tunnel_operations() {
        let ram = Ram::new(1 << 20);
        let pr = Mutex::new(Reservations::new());
        let lun = Lun {
            dev: &ram,
            pr: &pr,
            persist: &|_| true,
        };
        let mut open = OpenState {
            initiator: Guid([1; 16]),
            ..Default::default()
        };
        let req = |op: u32, body: &[u8]| {
            let mut b = Vec::new();
            Header {
                operation: op,
                status: 0,
                request_id: 77,
            }
            .encode(&mut b);
            b.extend_from_slice(body);
            b
        };
        let info = call(&lun, &mut open, &req(opcode::GET_INITIAL_INFO, &[]), 64).unwrap();
        let h = Header::parse(&info).unwrap();
        assert_eq!((h.status, h.request_id), (0, 77));
        assert_eq!(
            u64::from_le_bytes(info[32..40].try_into().unwrap()),
            1 << 20
        );
        assert_eq!(
            call(&lun, &mut open, &req(opcode::GET_INITIAL_INFO, &[]), 39),
            Err(BUFFER_TOO_SMALL)
        );
        assert_eq!(
            call(&lun, &mut open, &req(0x0300_1001, &[]), 64),
            Err(INVALID_DEVICE_REQUEST)
        );
        let vm = call(&lun, &mut open, &req(0x0200_3001, &[]), 64).unwrap();
        assert_eq!(Header::parse(&vm).unwrap().status, SVHDX_VERSION_MISMATCH);
        let unk = call(&lun, &mut open, &req(0x0200_2001, &[]), 64).unwrap();
        assert_eq!(Header::parse(&unk).unwrap().status, INVALID_PARAMETER);
        let di = call(&lun, &mut open, &req(opcode::GET_DISK_INFO, &[0; 56]), 72).unwrap();
        assert_eq!(di.len(), 72);
        assert_eq!(&di[56..72], &[0x5A; 16]);
        // READ CAPACITY(10) through the tunnel, as MS-RSVD 4.2's example.
        let rq = encode_scsi_request(78, &[0x25, 0, 0, 0, 0, 0, 0, 0, 0, 0], 1, &[], 8);
        let r = ScsiResponse::parse(&call(&lun, &mut open, &rq, 1024).unwrap()).unwrap();
        assert_eq!(
            (r.header.status, r.scsi_status, r.srb_status),
            (0, 0, srb::SUCCESS)
        );
        assert_eq!(r.sense.len(), SENSE_LEN);
        assert_eq!(r.data, [0, 0, 0x07, 0xFF, 0, 0, 2, 0]);
        // A CHECK CONDITION carries autosense.
        let rq = encode_scsi_request(
            79,
            &[0xC7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            2,
            &[],
            0,
        );
        let r = ScsiResponse::parse(&call(&lun, &mut open, &rq, 1024).unwrap()).unwrap();
        assert_eq!((r.scsi_status, r.srb_status), (2, 0x84));
        assert_eq!((r.sense[2], r.sense[12]), (5, 0x20));
        // No initiator id: INVALID_HANDLE with the request echoed.
        let mut anon = OpenState::default();
        let rq = encode_scsi_request(80, &[0x00; 6], 2, &[], 0);
        let out = call(&lun, &mut anon, &rq, 1024).unwrap();
        assert_eq!(Header::parse(&out).unwrap().status, INVALID_HANDLE);
        assert_eq!(out.len(), HEADER_LEN + SCSI_REQUEST_LEN);
        // Sense store.
        let key = open.sense.store(StoredSense::no_initiator());
        let mut srbq = vec![key];
        srbq.resize(28, 0);
        let s = call(&lun, &mut open, &req(opcode::SRB_STATUS, &srbq), 64).unwrap();
        assert_eq!(&s[16..20], &[key, srb::ABORTED, 2, 20]);
        assert_eq!(s[20], 0xF0);
        srbq[0] = key.wrapping_add(9);
        let s = call(&lun, &mut open, &req(opcode::SRB_STATUS, &srbq), 64).unwrap();
        assert_eq!(Header::parse(&s).unwrap().status, SVHDX_ERROR_NOT_AVAILABLE);
        // Resize grows through the device (the RAM disk cannot) and VHD Set operations
        // are refused with the spec's status.
        let mut meta = vec![9u8; 16];
        meta.extend_from_slice(&1u32.to_le_bytes());
        meta.extend_from_slice(&[0; 4]);
        meta.resize(24 + 52, 0);
        meta[24] = 1; // a VM snapshot
        meta[32] = 1; // Initialize
        let m = call(
            &lun,
            &mut open,
            &req(opcode::META_OPERATION_START, &meta),
            64,
        )
        .unwrap();
        assert_eq!(Header::parse(&m).unwrap().status, INVALID_DEVICE_REQUEST);
    }

    #[test]
    fn hostile_tunnel_input_never_panics() {
        use rand::{Rng, SeedableRng};
        let ram = Ram::new(256 << 10);
        let pr = Mutex::new(Reservations::new());
        let lun = Lun {
            dev: &ram,
            pr: &pr,
            persist: &|_| true,
        };
        let mut rng = rand::rngs::StdRng::seed_from_u64(0x7E57);
        let ops = [
            0x0200_1001u32,
            0x0200_1002,
            0x0200_1003,
            0x0200_1004,
            0x0200_1005,
            0x0200_1006,
            0x0200_2101,
            0x0200_2002,
            0x0200_2005,
            0x0200_200D,
        ];
        for _ in 0..20_000 {
            let mut open = OpenState {
                initiator: Guid([rng.gen_range(0..3); 16]),
                ..Default::default()
            };
            let mut b: Vec<u8> = if rng.gen_bool(0.5) {
                let cdb: Vec<u8> = (0..rng.gen_range(0..17)).map(|_| rng.gen()).collect();
                encode_scsi_request(
                    1,
                    &cdb,
                    rng.gen_range(0..4),
                    &[0u8; 600],
                    rng.gen_range(0..70000),
                )
            } else {
                (0..rng.gen_range(0..120)).map(|_| rng.gen()).collect()
            };
            if b.len() >= 4 && rng.gen_bool(0.7) {
                b[..4].copy_from_slice(&ops[rng.gen_range(0..ops.len())].to_le_bytes());
            }
            for _ in 0..rng.gen_range(0..4) {
                if !b.is_empty() {
                    let i = rng.gen_range(0..b.len());
                    b[i] = rng.gen();
                }
            }
            let max_out = rng.gen_range(0..70000);
            if let Ok(out) = call(&lun, &mut open, &b, max_out) {
                assert!(
                    out.len() <= max_out.max(HEADER_LEN + SCSI_REQUEST_LEN),
                    "{} > {}",
                    out.len(),
                    max_out
                );
            }
        }
    }
}
