//! The SCSI operation of the tunnel (MS-RSVD 2.2.4.7, 2.2.4.8): a CDB run against the
//! logical unit, the sense kept for SRB_STATUS, and the request and response encodings
//! clients use.

use super::{header_only, opcode, Header, OpenState, HEADER_LEN, SCSI_REQUEST_LEN, SENSE_LEN};
use crate::scsi::{self, Command, Lun, Outcome};
use crate::sense::{srb, Sense};
use crate::status::*;

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

/// The CDB of a tunnel request that is a SCSI request; None for any other request.
fn scsi_cdb(input: &[u8]) -> Option<&[u8]> {
    Header::parse(input).filter(|h| h.operation == opcode::SCSI)?;
    Request::parse(input.get(HEADER_LEN..)?).map(|r| r.cdb)
}

/// Whether a tunnel request is a SCSI command that changes the medium (a WRITE, WRITE
/// SAME, WRITE AND VERIFY, COMPARE AND WRITE or UNMAP): one that may have to change the
/// disk's metadata to do it.
pub fn changes_medium(input: &[u8]) -> bool {
    scsi_cdb(input).is_some_and(|cdb| {
        matches!(
            cdb[0],
            0x0A | 0x2A | 0xAA | 0x8A | 0x2E | 0xAE | 0x8E | 0x41 | 0x93 | 0x89 | 0x42
        )
    })
}

/// Whether a tunnel request changes the disk's layout or its VHD Set: a resize, a
/// snapshot taken or applied, a conversion to a set (META_OPERATION_START, but an
/// optimize or an extract, which change neither), a snapshot deleted, change tracking
/// started or stopped.
pub fn changes_layout(input: &[u8]) -> bool {
    let Some(h) = Header::parse(input) else {
        return false;
    };
    match h.operation {
        opcode::META_OPERATION_START => matches!(meta_kind(input), Some(0 | 1 | 4 | 5)),
        opcode::DELETE_SNAPSHOT | opcode::CHANGE_TRACKING_START | opcode::CHANGE_TRACKING_STOP => {
            true
        }
        _ => false,
    }
}

/// Whether a tunnel request extracts a VHD Set's snapshot (META_OPERATION_START,
/// ExtractVHD): it changes nothing of the set, but the files it reads must not be
/// merged away before its own file names them.
pub fn extracts(input: &[u8]) -> bool {
    Header::parse(input).is_some_and(|h| h.operation == opcode::META_OPERATION_START)
        && meta_kind(input) == Some(3)
}

/// A META_OPERATION_START's kind (its Transaction Id first, 16 bytes).
fn meta_kind(input: &[u8]) -> Option<u32> {
    input
        .get(HEADER_LEN + 16..HEADER_LEN + 20)
        .map(|k| u32::from_le_bytes([k[0], k[1], k[2], k[3]]))
}

/// The blocks (first LBA, count) a tunnel request's SCSI WRITE or WRITE AND VERIFY
/// writes; None for any other request.
pub fn written_range(input: &[u8]) -> Option<(u64, u64)> {
    let cdb = scsi_cdb(input)?;
    match cdb[0] {
        0x0A | 0x2A | 0xAA | 0x8A | 0x2E | 0xAE | 0x8E => scsi::rw_range(cdb),
        _ => None,
    }
}

/// A SCSI request's fields (2.2.4.7), checked.
struct Request<'a> {
    cdb: &'a [u8],
    echo: Echo,
    /// DataTransferLength.
    xfer: usize,
    /// The data buffer that follows the request's fields.
    data: &'a [u8],
}

impl<'a> Request<'a> {
    fn parse(body: &'a [u8]) -> Option<Request<'a>> {
        let fields = body.get(..SCSI_REQUEST_LEN)?;
        let length = u16::from_le_bytes([fields[0], fields[1]]);
        let cdb_len = usize::from(fields[4]);
        let sense_len = fields[5];
        let disposition = fields[6];
        let srb_flags = u32::from_le_bytes(fields[8..12].try_into().unwrap());
        let xfer = u32::from_le_bytes(fields[12..16].try_into().unwrap()) as usize;
        let data = &body[SCSI_REQUEST_LEN..];
        if length as usize != SCSI_REQUEST_LEN
            || usize::from(sense_len) > SENSE_LEN
            || cdb_len > 16
            || cdb_len == 0
            || disposition > 2
            || (disposition == 0 && data.len() < xfer)
            // MS-RSVD 3.2.5.5.5: data in, and less asked for than the buffer sent.
            || (disposition == 1 && xfer < data.len())
        {
            return None;
        }
        Some(Request {
            cdb: &fields[16..16 + cdb_len],
            echo: Echo {
                cdb_len: cdb_len as u8,
                disposition,
                srb_flags,
            },
            xfer,
            data,
        })
    }

    /// The most data the answer may carry, in a reply of at most `max_out` bytes.
    fn max_in(&self, max_out: usize) -> usize {
        let room = max_out.saturating_sub(HEADER_LEN + 16 + SENSE_LEN);
        if self.echo.disposition == 1 {
            self.xfer.min(room)
        } else {
            0
        }
    }
}

/// What a SCSI answer repeats of its request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Echo {
    cdb_len: u8,
    /// 0: data to the disk; 1: data from it; 2: none.
    disposition: u8,
    srb_flags: u32,
}

impl Echo {
    /// The answer up to its data buffer: the header, the response's fields and the sense
    /// area, for `data_len` bytes of data to follow.
    fn answer_head(&self, h: &Header, o: &Outcome, data_len: usize) -> Vec<u8> {
        let mut out = header_only(h, SUCCESS);
        out.reserve(16 + SENSE_LEN + data_len);
        out.extend_from_slice(&(SCSI_REQUEST_LEN as u16).to_le_bytes());
        let auto = if o.sense.is_some() { 0x80 } else { 0 };
        out.push((o.srb_status & 0x7F) | auto);
        out.push(o.scsi_status);
        out.push(self.cdb_len);
        out.push(SENSE_LEN as u8);
        out.push(self.disposition);
        out.push(0);
        out.extend_from_slice(&self.srb_flags.to_le_bytes());
        out.extend_from_slice(&(data_len as u32).to_le_bytes());
        out.extend_from_slice(&sense_bytes(o.sense));
        out
    }
}

/// RSVD_TUNNEL_SCSI_OPERATION: the answer to one.
pub(super) fn run(
    lun: &Lun,
    open: &mut OpenState,
    h: &Header,
    body: &[u8],
    max_out: usize,
    effects: &mut super::Effects,
) -> Vec<u8> {
    // A failed check answers with the header and the request's fields echoed.
    let refuse = |status: u32| {
        let mut out = header_only(h, status);
        out.extend_from_slice(&body[..body.len().min(SCSI_REQUEST_LEN)]);
        out
    };
    let Some(req) = Request::parse(body) else {
        return refuse(INVALID_PARAMETER);
    };
    if open.initiator.is_zero() {
        return refuse(INVALID_HANDLE);
    }
    let data_out = if req.echo.disposition == 0 {
        &req.data[..req.xfer]
    } else {
        &[][..]
    };
    let mut o = scsi::execute(
        lun,
        open.initiator,
        &Command {
            cdb: req.cdb,
            data_out,
            max_in: req.max_in(max_out),
        },
    );
    effects.abort = o.abort.take();
    if o.is_good() {
        effects.moved = scsi::moved_bytes(lun, req.cdb);
    }
    let mut out = req.echo.answer_head(h, &o, o.data.len());
    out.extend_from_slice(&o.data);
    out
}

/// A SCSI READ through the tunnel whose data the caller moves with its own I/O: the
/// command passed every check ([`scsi::plain_read`]), and its answer is [`DirectRead::head`]
/// followed by `len` bytes of the virtual disk at `offset`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirectRead {
    pub offset: u64,
    pub len: usize,
    /// The answer before its data (GOOD, `len` bytes of data to follow).
    pub head: Vec<u8>,
    header: Header,
    echo: Echo,
}

impl DirectRead {
    /// The answer when the data could not be read: CHECK CONDITION, UNRECOVERED READ
    /// ERROR, no data.
    pub fn failed(&self) -> Vec<u8> {
        let o = Outcome::check(crate::sense::UNRECOVERED_READ_ERROR);
        self.echo.answer_head(&self.header, &o, 0)
    }
}

/// The SCSI operation `body` as a [`DirectRead`], when it is a READ that needs nothing
/// but its data; None: [`run`] answers it.
pub(super) fn direct_read(
    lun: &Lun,
    open: &OpenState,
    h: &Header,
    body: &[u8],
    max_out: usize,
) -> Option<DirectRead> {
    let req = Request::parse(body)?;
    if open.initiator.is_zero() || req.echo.disposition != 1 {
        return None;
    }
    let (offset, len) = scsi::plain_read(lun, open.initiator, req.cdb, req.max_in(max_out))?;
    let head = req.echo.answer_head(h, &Outcome::good(Vec::new()), len);
    Some(DirectRead {
        offset,
        len,
        head,
        header: *h,
        echo: req.echo,
    })
}

/// A SCSI WRITE through the tunnel whose data the caller writes with its own I/O: the
/// command passed every check ([`scsi::plain_write`]); `len` bytes of the request's
/// input from `data_at` go to the virtual disk at `offset`, stable first when `fua`,
/// and the answer is [`DirectWrite::head`] (or [`DirectWrite::failed`]). The write is
/// under way (a PREEMPT AND ABORT waits for it) until this is dropped.
#[derive(Debug)]
pub struct DirectWrite {
    pub offset: u64,
    pub len: usize,
    pub fua: bool,
    /// Where the data starts in the tunnel request.
    pub data_at: usize,
    /// The answer: GOOD, no data.
    pub head: Vec<u8>,
    header: Header,
    echo: Echo,
    _task: crate::tasks::Task,
}

impl DirectWrite {
    /// The answer when the data could not be written: CHECK CONDITION, WRITE ERROR.
    pub fn failed(&self) -> Vec<u8> {
        let o = Outcome::check(crate::sense::WRITE_ERROR);
        self.echo.answer_head(&self.header, &o, 0)
    }
}

/// The SCSI operation `body` (at `body_at` in the request) as a [`DirectWrite`], when
/// it is a WRITE that needs nothing but its data written; None: [`run`] answers it.
pub(super) fn direct_write(
    lun: &Lun,
    open: &OpenState,
    h: &Header,
    body: &[u8],
    body_at: usize,
) -> Option<DirectWrite> {
    let req = Request::parse(body)?;
    if open.initiator.is_zero() || req.echo.disposition != 0 {
        return None;
    }
    let (offset, len, fua, task) = scsi::plain_write(lun, open.initiator, req.cdb, req.xfer)?;
    let head = req.echo.answer_head(h, &Outcome::good(Vec::new()), 0);
    Some(DirectWrite {
        offset,
        len,
        fua,
        data_at: body_at + SCSI_REQUEST_LEN,
        head,
        header: *h,
        echo: req.echo,
        _task: task,
    })
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
