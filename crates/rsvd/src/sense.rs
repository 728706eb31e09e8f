//! SCSI status, fixed-format sense data (SPC-4 4.5.3) and the sense codes we report.

/// SCSI status byte values.
pub mod scsi_status {
    pub const GOOD: u8 = 0x00;
    pub const CHECK_CONDITION: u8 = 0x02;
    pub const RESERVATION_CONFLICT: u8 = 0x18;
}

/// Windows SRB status values (MS-RSVD 2.2.5).
pub mod srb {
    pub const SUCCESS: u8 = 0x01;
    pub const ABORTED: u8 = 0x02;
    pub const ERROR: u8 = 0x04;
    pub const INVALID_REQUEST: u8 = 0x06;
    pub const DATA_OVERRUN: u8 = 0x12;
    /// Or'd into the SRB status byte: sense data was filled in.
    pub const AUTOSENSE_VALID: u8 = 0x80;
}

pub mod key {
    pub const NO_SENSE: u8 = 0x0;
    pub const NOT_READY: u8 = 0x2;
    pub const MEDIUM_ERROR: u8 = 0x3;
    pub const ILLEGAL_REQUEST: u8 = 0x5;
    pub const UNIT_ATTENTION: u8 = 0x6;
    pub const DATA_PROTECT: u8 = 0x7;
}

/// Sense key with additional sense code and qualifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sense {
    pub key: u8,
    pub asc: u8,
    pub ascq: u8,
}

impl Sense {
    pub const fn new(key: u8, asc: u8, ascq: u8) -> Sense {
        Sense { key, asc, ascq }
    }

    /// 18 bytes of fixed-format sense (response code 70h, current error).
    pub fn fixed(&self) -> [u8; 18] {
        let mut b = [0u8; 18];
        b[0] = 0x70;
        b[2] = self.key & 0x0F;
        b[7] = 10; // additional sense length
        b[12] = self.asc;
        b[13] = self.ascq;
        b
    }
}

pub const INVALID_OPCODE: Sense = Sense::new(key::ILLEGAL_REQUEST, 0x20, 0x00);
pub const LBA_OUT_OF_RANGE: Sense = Sense::new(key::ILLEGAL_REQUEST, 0x21, 0x00);
pub const INVALID_FIELD_IN_CDB: Sense = Sense::new(key::ILLEGAL_REQUEST, 0x24, 0x00);
pub const LUN_NOT_SUPPORTED: Sense = Sense::new(key::ILLEGAL_REQUEST, 0x25, 0x00);
pub const INVALID_FIELD_IN_PARAMETER_LIST: Sense = Sense::new(key::ILLEGAL_REQUEST, 0x26, 0x00);
pub const INVALID_RELEASE_OF_PR: Sense = Sense::new(key::ILLEGAL_REQUEST, 0x26, 0x04);
pub const PARAMETER_LIST_LENGTH_ERROR: Sense = Sense::new(key::ILLEGAL_REQUEST, 0x1A, 0x00);
pub const SAVING_PARAMETERS_NOT_SUPPORTED: Sense = Sense::new(key::ILLEGAL_REQUEST, 0x39, 0x00);
pub const UNRECOVERED_READ_ERROR: Sense = Sense::new(key::MEDIUM_ERROR, 0x11, 0x00);
pub const WRITE_ERROR: Sense = Sense::new(key::MEDIUM_ERROR, 0x0C, 0x00);
pub const BECOMING_READY: Sense = Sense::new(key::NOT_READY, 0x04, 0x01);
pub const WRITE_PROTECTED: Sense = Sense::new(key::DATA_PROTECT, 0x27, 0x00);

/// The unit attentions a logical unit queues for its initiators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum UnitAttention {
    /// 2Ah/09h: after a resize.
    CapacityChanged = 1,
    /// 2Ah/03h: a CLEAR (or a preempt) took the reservation away.
    ReservationsPreempted = 2,
    /// 2Ah/04h: the holder released a registrants-only or all-registrants reservation.
    ReservationsReleased = 3,
    /// 2Ah/05h: another initiator's PREEMPT removed this one's registration.
    RegistrationsPreempted = 4,
    /// 29h/00h: the logical unit was reset (the node restarted): what was in flight
    /// from before is gone, though the reservations were kept.
    Reset = 5,
}

impl UnitAttention {
    pub fn sense(self) -> Sense {
        let (asc, ascq) = match self {
            UnitAttention::CapacityChanged => (0x2A, 0x09),
            UnitAttention::ReservationsPreempted => (0x2A, 0x03),
            UnitAttention::ReservationsReleased => (0x2A, 0x04),
            UnitAttention::RegistrationsPreempted => (0x2A, 0x05),
            UnitAttention::Reset => (0x29, 0x00),
        };
        Sense::new(key::UNIT_ATTENTION, asc, ascq)
    }

    /// The MS-RSVD status an SMB2 READ or WRITE reports it with; None where MS-RSVD
    /// names none (a reset), which goes through the sense store like other failures.
    pub fn status(self) -> Option<u32> {
        use crate::status::*;
        Some(match self {
            UnitAttention::CapacityChanged => SVHDX_UNIT_ATTENTION_CAPACITY_DATA_CHANGED,
            UnitAttention::ReservationsPreempted => SVHDX_UNIT_ATTENTION_RESERVATIONS_PREEMPTED,
            UnitAttention::ReservationsReleased => SVHDX_UNIT_ATTENTION_RESERVATIONS_RELEASED,
            UnitAttention::RegistrationsPreempted => SVHDX_UNIT_ATTENTION_REGISTRATIONS_PREEMPTED,
            UnitAttention::Reset => return None,
        })
    }
}
