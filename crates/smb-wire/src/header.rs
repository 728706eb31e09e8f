//! MS-SMB2 2.2.1 SMB2 packet header and 2.2.41 transform header.

use crate::codec::{Le, Result, WireError};
use crate::NtStatus;

pub const HEADER_LEN: usize = 64;
pub const PROTOCOL_ID: [u8; 4] = [0xFE, b'S', b'M', b'B'];
pub const TRANSFORM_ID: [u8; 4] = [0xFD, b'S', b'M', b'B'];
pub const COMPRESSION_ID: [u8; 4] = [0xFC, b'S', b'M', b'B'];
pub const SMB1_ID: [u8; 4] = [0xFF, b'S', b'M', b'B'];
pub const TRANSFORM_HEADER_LEN: usize = 52;

/// SMB2 command codes (2.2.1). Open: unknown values are kept.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Command(pub u16);

impl Command {
    pub const NEGOTIATE: Command = Command(0x00);
    pub const SESSION_SETUP: Command = Command(0x01);
    pub const LOGOFF: Command = Command(0x02);
    pub const TREE_CONNECT: Command = Command(0x03);
    pub const TREE_DISCONNECT: Command = Command(0x04);
    pub const CREATE: Command = Command(0x05);
    pub const CLOSE: Command = Command(0x06);
    pub const FLUSH: Command = Command(0x07);
    pub const READ: Command = Command(0x08);
    pub const WRITE: Command = Command(0x09);
    pub const LOCK: Command = Command(0x0A);
    pub const IOCTL: Command = Command(0x0B);
    pub const CANCEL: Command = Command(0x0C);
    pub const ECHO: Command = Command(0x0D);
    pub const QUERY_DIRECTORY: Command = Command(0x0E);
    pub const CHANGE_NOTIFY: Command = Command(0x0F);
    pub const QUERY_INFO: Command = Command(0x10);
    pub const SET_INFO: Command = Command(0x11);
    pub const OPLOCK_BREAK: Command = Command(0x12);
    /// Number of defined commands, for per-command counters.
    pub const COUNT: usize = 0x13;

    pub fn name(self) -> &'static str {
        const NAMES: [&str; Command::COUNT] = [
            "negotiate",
            "session_setup",
            "logoff",
            "tree_connect",
            "tree_disconnect",
            "create",
            "close",
            "flush",
            "read",
            "write",
            "lock",
            "ioctl",
            "cancel",
            "echo",
            "query_directory",
            "change_notify",
            "query_info",
            "set_info",
            "oplock_break",
        ];
        NAMES.get(self.0 as usize).copied().unwrap_or("unknown")
    }
}

pub mod flags {
    pub const SERVER_TO_REDIR: u32 = 0x0000_0001;
    pub const ASYNC_COMMAND: u32 = 0x0000_0002;
    pub const RELATED_OPERATIONS: u32 = 0x0000_0004;
    pub const SIGNED: u32 = 0x0000_0008;
    pub const PRIORITY_MASK: u32 = 0x0000_0070;
    pub const DFS_OPERATIONS: u32 = 0x1000_0000;
    pub const REPLAY_OPERATION: u32 = 0x2000_0000;
}

/// A decoded SMB2 header. `tree_id` is meaningful for synchronous messages, `async_id` for
/// asynchronous ones (ASYNC_COMMAND set); both share bytes 32..40.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Header {
    pub credit_charge: u16,
    /// Status in responses; ChannelSequence (low 16 bits) in 3.x requests.
    pub status: u32,
    pub command: u16,
    /// CreditRequest in requests, CreditResponse in responses.
    pub credits: u16,
    pub flags: u32,
    pub next_command: u32,
    pub message_id: u64,
    pub async_id: u64,
    pub tree_id: u32,
    pub session_id: u64,
    pub signature: [u8; 16],
}

impl Header {
    pub fn parse(b: &[u8]) -> Result<Header> {
        let r = Le(b);
        if r.bytes(0, 4)? != PROTOCOL_ID {
            return Err(WireError::BadValue("protocol id"));
        }
        if r.u16(4)? != 64 {
            return Err(WireError::BadStructureSize);
        }
        let flags = r.u32(16)?;
        let (async_id, tree_id) = if flags & flags::ASYNC_COMMAND != 0 {
            (r.u64(32)?, 0)
        } else {
            (0, r.u32(36)?)
        };
        Ok(Header {
            credit_charge: r.u16(6)?,
            status: r.u32(8)?,
            command: r.u16(12)?,
            credits: r.u16(14)?,
            flags,
            next_command: r.u32(20)?,
            message_id: r.u64(24)?,
            async_id,
            tree_id,
            session_id: r.u64(40)?,
            signature: r.array16(48)?,
        })
    }

    pub fn command(&self) -> Command {
        Command(self.command)
    }

    pub fn is_async(&self) -> bool {
        self.flags & flags::ASYNC_COMMAND != 0
    }

    /// Appends the 64 header bytes.
    pub fn encode(&self, out: &mut Vec<u8>) {
        let mut h = [0u8; HEADER_LEN];
        self.write_to(&mut h);
        out.extend_from_slice(&h);
    }

    /// Writes the 64 header bytes in place (room left for them at the front of a message).
    pub fn write_to(&self, out: &mut [u8; HEADER_LEN]) {
        out[0..4].copy_from_slice(&PROTOCOL_ID);
        out[4..6].copy_from_slice(&64u16.to_le_bytes());
        out[6..8].copy_from_slice(&self.credit_charge.to_le_bytes());
        out[8..12].copy_from_slice(&self.status.to_le_bytes());
        out[12..14].copy_from_slice(&self.command.to_le_bytes());
        out[14..16].copy_from_slice(&self.credits.to_le_bytes());
        out[16..20].copy_from_slice(&self.flags.to_le_bytes());
        out[20..24].copy_from_slice(&self.next_command.to_le_bytes());
        out[24..32].copy_from_slice(&self.message_id.to_le_bytes());
        if self.is_async() {
            out[32..40].copy_from_slice(&self.async_id.to_le_bytes());
        } else {
            out[32..36].copy_from_slice(&0u32.to_le_bytes());
            out[36..40].copy_from_slice(&self.tree_id.to_le_bytes());
        }
        out[40..48].copy_from_slice(&self.session_id.to_le_bytes());
        out[48..64].copy_from_slice(&self.signature);
    }

    pub fn status(&self) -> NtStatus {
        NtStatus(self.status)
    }
}

/// Byte offsets inside the header, for in-place patching.
pub mod offsets {
    pub const STATUS: usize = 8;
    pub const CREDITS: usize = 14;
    pub const FLAGS: usize = 16;
    pub const NEXT_COMMAND: usize = 20;
    pub const MESSAGE_ID: usize = 24;
    pub const SESSION_ID: usize = 40;
    pub const SIGNATURE: usize = 48;
}

/// MS-SMB2 2.2.41 transform header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TransformHeader {
    pub signature: [u8; 16],
    pub nonce: [u8; 16],
    pub original_message_size: u32,
    /// Flags (3.1.1: 0x0001 = encrypted) or EncryptionAlgorithm (3.0/3.0.2: 0x0001 = AES-128-CCM).
    pub flags: u16,
    pub session_id: u64,
}

impl TransformHeader {
    pub fn parse(b: &[u8]) -> Result<TransformHeader> {
        let r = Le(b);
        if r.bytes(0, 4)? != TRANSFORM_ID {
            return Err(WireError::BadValue("transform protocol id"));
        }
        Ok(TransformHeader {
            signature: r.array16(4)?,
            nonce: r.array16(20)?,
            original_message_size: r.u32(36)?,
            flags: r.u16(42)?,
            session_id: r.u64(44)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_round_trip_and_offsets() {
        let h = Header {
            credit_charge: 1,
            status: 0xC000_0022,
            command: 8,
            credits: 31,
            flags: flags::SERVER_TO_REDIR | flags::SIGNED,
            next_command: 0,
            message_id: 0x1122_3344_5566_7788,
            async_id: 0,
            tree_id: 0xAABB_CCDD,
            session_id: 0x0102_0304_0506_0708,
            signature: [9; 16],
        };
        let mut b = Vec::new();
        h.encode(&mut b);
        assert_eq!(b.len(), HEADER_LEN);
        assert_eq!(&b[0..4], &PROTOCOL_ID);
        assert_eq!(
            &b[offsets::STATUS..offsets::STATUS + 4],
            &[0x22, 0, 0, 0xC0]
        );
        assert_eq!(b[12], 8);
        assert_eq!(&b[36..40], &[0xDD, 0xCC, 0xBB, 0xAA]);
        assert_eq!(Header::parse(&b).unwrap(), h);
    }

    #[test]
    fn header_rejects_short_and_wrong() {
        assert_eq!(Header::parse(&[0xFE, b'S']), Err(WireError::Truncated));
        let mut b = vec![0u8; 64];
        b[0..4].copy_from_slice(&PROTOCOL_ID);
        assert_eq!(Header::parse(&b), Err(WireError::BadStructureSize));
    }
}
