//! The MS-RSVD tunnel: the tunnel header (2.2.4.11), the per-open state, and
//! [`dispatch`], which answers one FSCTL_SVHDX_SYNC/ASYNC_TUNNEL_REQUEST on a shared
//! open, meta-operations included.
//!
//! - [`context`]: the SVHDX open context a shared open's CREATE carries.
//! - [`scsi_op`]: the SCSI operation, its sense store, and its encodings.

mod context;
mod scsi_op;

pub use context::*;
pub use scsi_op::*;

use crate::scsi::Lun;
use crate::status::*;
use crate::vhdset::{self, SetOps};
use crate::Guid;

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
    /// A PREEMPT AND ABORT took effect: the server answers once these writes ended
    /// (waiting with no lock held).
    pub abort: Option<crate::tasks::Abort>,
    /// A SCSI READ or WRITE ran: the bytes it moved (what Storage QoS counts).
    pub moved: Option<u64>,
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

/// A tunnel request that is a SCSI READ the caller may move the data of itself (see
/// [`DirectRead`]); None for every other request, which [`dispatch`] answers.
pub fn direct_read(
    lun: &Lun,
    open: &OpenState,
    input: &[u8],
    max_out: usize,
) -> Option<DirectRead> {
    let h = Header::parse(input)?;
    if h.operation != opcode::SCSI || max_out < HEADER_LEN + 16 + SENSE_LEN {
        return None;
    }
    scsi_op::direct_read(lun, open, &h, &input[HEADER_LEN..], max_out)
}

/// A tunnel request that is a SCSI WRITE the caller may write the data of itself (see
/// [`DirectWrite`]); None for every other request, which [`dispatch`] answers.
pub fn direct_write(
    lun: &Lun,
    open: &OpenState,
    input: &[u8],
    max_out: usize,
) -> Option<DirectWrite> {
    let h = Header::parse(input)?;
    if h.operation != opcode::SCSI || max_out < HEADER_LEN + 16 + SENSE_LEN {
        return None;
    }
    scsi_op::direct_write(lun, open, &h, &input[HEADER_LEN..], HEADER_LEN)
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
            Ok(scsi_op::run(lun, open, &h, body, max_out, effects))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pr::Reservations;
    use crate::scsi::tests::{lun_of, Ram};
    use crate::sense::srb;
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
    fn commands_that_change_the_medium_are_told_apart() {
        let mut write = [0u8; 16];
        write[0] = 0x8A;
        write[13] = 1;
        assert!(changes_medium(&encode_scsi_request(
            1, &write, 0, &[0; 512], 512
        )));
        let unmap = [0x42, 0, 0, 0, 0, 0, 0, 0, 24, 0];
        assert!(changes_medium(&encode_scsi_request(
            2, &unmap, 0, &[0; 24], 24
        )));
        let read = [0x28, 0, 0, 0, 0, 0, 0, 0, 1, 0];
        assert!(!changes_medium(&encode_scsi_request(3, &read, 1, &[], 512)));
        let tur = [0u8; 6];
        assert!(!changes_medium(&encode_scsi_request(4, &tur, 2, &[], 0)));
        let mut not_scsi = encode_scsi_request(5, &write, 0, &[0; 512], 512);
        not_scsi[..4].copy_from_slice(&opcode::GET_DISK_INFO.to_le_bytes());
        assert!(!changes_medium(&not_scsi));
        assert!(
            !changes_medium(&[0x8A; 20]),
            "too short to be a SCSI request"
        );
        // What changes the layout or the set: by operation, and a meta-operation by
        // its kind (the body's fifth word).
        let op = |operation: u32, kind: u32| {
            let mut b = Vec::new();
            Header {
                operation,
                request_id: 9,
                status: 0,
            }
            .encode(&mut b);
            b.extend_from_slice(&[0; 16]);
            b.extend_from_slice(&kind.to_le_bytes());
            b
        };
        for (o, k, want) in [
            (opcode::META_OPERATION_START, 0, true),
            (opcode::META_OPERATION_START, 1, true),
            (opcode::META_OPERATION_START, 2, false),
            (opcode::META_OPERATION_START, 3, false),
            (opcode::META_OPERATION_START, 5, true),
            (opcode::DELETE_SNAPSHOT, 0, true),
            (opcode::CHANGE_TRACKING_STOP, 0, true),
            (opcode::VHDSET_QUERY_INFORMATION, 1, false),
            (opcode::SCSI, 1, false),
        ] {
            assert_eq!(changes_layout(&op(o, k)), want, "{o:#x} kind {k}");
            assert_eq!(
                extracts(&op(o, k)),
                o == opcode::META_OPERATION_START && k == 3
            );
        }
        assert!(!extracts(&op(opcode::META_OPERATION_START, 3)[..30]));
        assert!(!changes_layout(&op(opcode::META_OPERATION_START, 1)[..30]));
        let mut w16 = [0u8; 16];
        w16[0] = 0x8A;
        w16[2..10].copy_from_slice(&4096u64.to_be_bytes());
        w16[10..14].copy_from_slice(&8u32.to_be_bytes());
        assert_eq!(
            written_range(&encode_scsi_request(6, &w16, 0, &[0; 4096], 4096)),
            Some((4096, 8))
        );
        assert_eq!(
            written_range(&encode_scsi_request(7, &unmap, 0, &[0; 24], 24)),
            None
        );
        assert_eq!(
            written_range(&encode_scsi_request(8, &read, 1, &[], 512)),
            None
        );
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
    fn a_direct_read_answers_as_dispatch_does() {
        use crate::pr::{action, kind};
        use crate::scsi::tests::pr_out;
        let ram = Ram::new(1 << 20);
        for (i, b) in ram.data.lock().iter_mut().enumerate() {
            *b = (i % 251) as u8;
        }
        let pr = Mutex::new(Reservations::new());
        let lun = lun_of(&ram, &pr);
        let me = Guid([1; 16]);
        let mut open = OpenState {
            initiator: me,
            ..Default::default()
        };
        let read16 = |lba: u64, n: u32| {
            let mut c = vec![0u8; 16];
            c[0] = 0x88;
            c[2..10].copy_from_slice(&lba.to_be_bytes());
            c[10..14].copy_from_slice(&n.to_be_bytes());
            c
        };
        // What the caller answers with: the head, then the data it read itself.
        let moved = |open: &OpenState, rq: &[u8], max_out: usize| {
            let d = direct_read(&lun, open, rq, max_out)?;
            let mut out = d.head.clone();
            let at = d.offset as usize;
            out.extend_from_slice(&ram.data.lock()[at..at + d.len]);
            Some((d, out))
        };
        for (cdb, xfer) in [
            (vec![0x08, 0, 0, 3, 2, 0], 1024),
            (vec![0x28, 0, 0, 0, 0, 9, 0, 0, 16, 0], 8192),
            (vec![0xA8, 0, 0, 0, 0, 1, 0, 0, 0, 8, 0, 0], 4096),
            (read16(2047, 1), 512),
            // More room asked for than the command reads.
            (read16(100, 4), 65536),
        ] {
            let rq = encode_scsi_request(5, &cdb, 1, &[], xfer);
            let (d, out) = moved(&open, &rq, 1 << 20).expect("a plain READ");
            assert_eq!(
                out,
                call(&lun, &mut open, &rq, 1 << 20).unwrap(),
                "{cdb:x?}"
            );
            let r = ScsiResponse::parse(&d.failed()).unwrap();
            assert_eq!((r.scsi_status, r.srb_status & 0x7F), (0x02, srb::ERROR));
            assert_eq!((r.sense[2] & 0xF, r.sense[12]), (0x3, 0x11), "medium error");
            assert!(r.data.is_empty());
        }
        // Everything else is dispatch's: not a READ, no data in, past the end, too big
        // for the reply, no blocks, no initiator, a malformed request.
        let none = |open: &OpenState, rq: &[u8], max_out: usize| {
            assert_eq!(direct_read(&lun, open, rq, max_out), None, "{rq:x?}");
        };
        none(
            &open,
            &encode_scsi_request(5, &[0x2A, 0, 0, 0, 0, 0, 0, 0, 1, 0], 0, &[0; 512], 0),
            4096,
        );
        none(
            &open,
            &encode_scsi_request(5, &read16(0, 1), 2, &[], 0),
            4096,
        );
        none(
            &open,
            &encode_scsi_request(5, &read16(2047, 2), 1, &[], 1024),
            4096,
        );
        none(
            &open,
            &encode_scsi_request(5, &read16(0, 8), 1, &[], 4096),
            4096,
        );
        none(
            &open,
            &encode_scsi_request(5, &read16(0, 0), 1, &[], 4096),
            8192,
        );
        // Data in with a DataTransferLength below the buffer sent (MS-RSVD 3.2.5.5.5):
        // refused with INVALID_PARAMETER, by dispatch.
        let mut short = encode_scsi_request(5, &read16(0, 1), 1, &[], 1024);
        short[HEADER_LEN + 12..HEADER_LEN + 16].copy_from_slice(&512u32.to_le_bytes());
        none(&open, &short, 4096);
        let answer = call(&lun, &mut open, &short, 4096).unwrap();
        assert_eq!(Header::parse(&answer).unwrap().status, INVALID_PARAMETER);
        none(
            &open,
            &encode_scsi_request(5, &read16(0, 1), 1, &[], 512)[..40],
            4096,
        );
        none(
            &OpenState::default(),
            &encode_scsi_request(5, &read16(0, 1), 1, &[], 512),
            4096,
        );
        // A unit attention to report, or a reservation that keeps this initiator out:
        // dispatch answers (and a later READ goes direct again).
        let rq = encode_scsi_request(6, &read16(0, 1), 1, &[], 512);
        pr.lock()
            .attend(me, crate::sense::UnitAttention::CapacityChanged);
        none(&open, &rq, 4096);
        let ua = ScsiResponse::parse(&call(&lun, &mut open, &rq, 4096).unwrap()).unwrap();
        assert_eq!(ua.scsi_status, 0x02);
        assert!(moved(&open, &rq, 4096).is_some());
        let other = Guid([2; 16]);
        for (sa, t) in [
            (action::REGISTER, 0),
            (action::RESERVE, kind::EXCLUSIVE_ACCESS),
        ] {
            let (cdb, params) = pr_out(sa, t, if sa == 0 { 0 } else { 9 }, 9);
            let o = crate::scsi::execute(
                &lun,
                other,
                &crate::scsi::Command {
                    cdb: &cdb,
                    data_out: &params,
                    max_in: 0,
                },
            );
            assert!(o.is_good());
        }
        none(&open, &rq, 4096);
        let c = ScsiResponse::parse(&call(&lun, &mut open, &rq, 4096).unwrap()).unwrap();
        assert_eq!(c.scsi_status, 0x18, "RESERVATION CONFLICT");
    }

    #[test]
    fn tunnel_operations() {
        let ram = Ram::new(1 << 20);
        let pr = Mutex::new(Reservations::new());
        let lun = lun_of(&ram, &pr);
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
        let lun = lun_of(&ram, &pr);
        let mut rng = rand::rngs::StdRng::seed_from_u64(0x7E57);
        use opcode::*;
        let ops = [
            GET_INITIAL_INFO,
            SCSI,
            CHECK_CONNECTION_STATUS,
            SRB_STATUS,
            GET_DISK_INFO,
            VALIDATE_DISK,
            META_OPERATION_START,
            META_OPERATION_QUERY_PROGRESS,
            VHDSET_QUERY_INFORMATION,
            DELETE_SNAPSHOT,
            CHANGE_TRACKING_GET_PARAMETERS,
            CHANGE_TRACKING_START,
            CHANGE_TRACKING_STOP,
            QUERY_VIRTUAL_DISK_CHANGES,
            QUERY_SAFE_SIZE,
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
            // A server first looks whether it may move a READ's data itself.
            if let Some(d) = direct_read(&lun, &open, &b, max_out) {
                assert!(
                    d.head.len() + d.len <= max_out,
                    "a direct read fits the reply"
                );
                assert!(d.offset + d.len as u64 <= 256 << 10, "on the disk");
            }
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
