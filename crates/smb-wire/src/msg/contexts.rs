//! The data of the lease and durable-handle create contexts (MS-SMB2 2.2.13.2.3–12 and
//! 2.2.14.2.3–12), decoded and encoded by one type each (round trips tested below):
//! the server reads requests and writes responses with them, a client the other way.

use crate::codec::{Le, PutLe, Result, WireError};

use super::FileId;

/// SMB2_DHANDLE_FLAG_PERSISTENT (2.2.13.2.11, 2.2.14.2.12).
pub const DHANDLE_FLAG_PERSISTENT: u32 = 2;

/// SMB2_LEASE_FLAG_BREAK_IN_PROGRESS (a response's: 2.2.14.2.10/11).
pub const LEASE_FLAG_BREAK_IN_PROGRESS: u32 = 0x02;
/// SMB2_LEASE_FLAG_PARENT_LEASE_KEY_SET (version 2: 2.2.13.2.10, 2.2.14.2.11).
pub const LEASE_FLAG_PARENT_LEASE_KEY_SET: u32 = 0x04;

/// An RqLs context: version 1 (32 bytes) or version 2 (52 bytes, with the parent's key
/// and the epoch), in a request or a response.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LeaseContext {
    pub key: [u8; 16],
    pub state: u32,
    pub flags: u32,
    /// Version 2 only: the parent directory's lease key (its flag set when present).
    pub parent: Option<[u8; 16]>,
    pub epoch: u16,
    pub v2: bool,
}

impl LeaseContext {
    pub fn parse(data: &[u8]) -> Result<LeaseContext> {
        let r = Le(data);
        let v2 = match data.len() {
            32 => false,
            52 => true,
            _ => return Err(WireError::BadValue("lease context length")),
        };
        let flags = r.u32(20)?;
        let parent = r.array16(32).ok().filter(|_| v2);
        Ok(LeaseContext {
            key: r.array16(0)?,
            state: r.u32(16)?,
            flags,
            parent: parent.filter(|_| flags & LEASE_FLAG_PARENT_LEASE_KEY_SET != 0),
            epoch: if v2 { r.u16(48)? } else { 0 },
            v2,
        })
    }

    /// The context's data (LeaseDuration 0); version 2 sets the parent-key flag when it
    /// has a parent.
    pub fn encode(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(52);
        b.extend_from_slice(&self.key);
        b.put_u32(self.state);
        if self.v2 {
            let flags = match self.parent {
                Some(_) => self.flags | LEASE_FLAG_PARENT_LEASE_KEY_SET,
                None => self.flags & !LEASE_FLAG_PARENT_LEASE_KEY_SET,
            };
            b.put_u32(flags);
            b.put_u64(0);
            b.extend_from_slice(&self.parent.unwrap_or([0; 16]));
            b.put_u16(self.epoch);
            b.put_u16(0);
        } else {
            b.put_u32(self.flags);
            b.put_u64(0);
        }
        b
    }
}

/// A DH2Q request (2.2.13.2.11): how long the open waits for a reconnect (0: the
/// server's choice), whether it is to be persistent, and the CreateGuid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DurableV2Request {
    pub timeout_ms: u32,
    pub flags: u32,
    pub create_guid: [u8; 16],
}

impl DurableV2Request {
    pub fn parse(data: &[u8]) -> Result<DurableV2Request> {
        if data.len() != 32 {
            return Err(WireError::BadValue("DH2Q length"));
        }
        let r = Le(data);
        Ok(DurableV2Request {
            timeout_ms: r.u32(0)?,
            flags: r.u32(4)?,
            create_guid: r.array16(16)?,
        })
    }

    pub fn encode(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(32);
        b.put_u32(self.timeout_ms);
        b.put_u32(self.flags);
        b.put_u64(0);
        b.extend_from_slice(&self.create_guid);
        b
    }

    pub fn persistent(&self) -> bool {
        self.flags & DHANDLE_FLAG_PERSISTENT != 0
    }
}

/// A DH2Q response (2.2.14.2.12): the timeout granted and whether the handle is
/// persistent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DurableV2Response {
    pub timeout_ms: u32,
    pub flags: u32,
}

impl DurableV2Response {
    pub fn parse(data: &[u8]) -> Result<DurableV2Response> {
        if data.len() != 8 {
            return Err(WireError::BadValue("DH2Q response length"));
        }
        let r = Le(data);
        Ok(DurableV2Response {
            timeout_ms: r.u32(0)?,
            flags: r.u32(4)?,
        })
    }

    pub fn encode(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(8);
        b.put_u32(self.timeout_ms);
        b.put_u32(self.flags);
        b
    }
}

/// A DH2C reconnect (2.2.13.2.12): the open's FileId, its CreateGuid and its flags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DurableV2Reconnect {
    pub file_id: FileId,
    pub create_guid: [u8; 16],
    pub flags: u32,
}

impl DurableV2Reconnect {
    pub fn parse(data: &[u8]) -> Result<DurableV2Reconnect> {
        if data.len() != 36 {
            return Err(WireError::BadValue("DH2C length"));
        }
        let r = Le(data);
        Ok(DurableV2Reconnect {
            file_id: FileId::read(r, 0)?,
            create_guid: r.array16(16)?,
            flags: r.u32(32)?,
        })
    }

    pub fn encode(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(36);
        self.file_id.put(&mut b);
        b.extend_from_slice(&self.create_guid);
        b.put_u32(self.flags);
        b
    }
}

/// A DHnC reconnect (2.2.13.2.5): the open's FileId.
pub fn parse_durable_v1_reconnect(data: &[u8]) -> Result<FileId> {
    if data.len() != 16 {
        return Err(WireError::BadValue("DHnC length"));
    }
    FileId::read(Le(data), 0)
}

/// A DHnC reconnect's data.
pub fn encode_durable_v1_reconnect(file_id: FileId) -> Vec<u8> {
    let mut b = Vec::with_capacity(16);
    file_id.put(&mut b);
    b
}

/// A DHnQ request's data (2.2.13.2.3: 16 reserved bytes).
pub const DURABLE_V1_REQUEST: [u8; 16] = [0; 16];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lease_contexts_round_trip_in_both_versions() {
        let v1 = LeaseContext {
            key: [1; 16],
            state: 7,
            flags: LEASE_FLAG_BREAK_IN_PROGRESS,
            ..Default::default()
        };
        assert_eq!(v1.encode().len(), 32);
        assert_eq!(LeaseContext::parse(&v1.encode()).unwrap(), v1);
        let v2 = LeaseContext {
            key: [2; 16],
            state: 5,
            flags: LEASE_FLAG_PARENT_LEASE_KEY_SET,
            parent: Some([3; 16]),
            epoch: 9,
            v2: true,
        };
        assert_eq!(v2.encode().len(), 52);
        assert_eq!(LeaseContext::parse(&v2.encode()).unwrap(), v2);
        // A parent key without its flag is not a parent.
        let mut raw = v2.encode();
        raw[20] = 0;
        assert_eq!(LeaseContext::parse(&raw).unwrap().parent, None);
        assert!(LeaseContext::parse(&raw[..40]).is_err());
    }

    #[test]
    fn durable_contexts_round_trip_and_refuse_other_lengths() {
        let q = DurableV2Request {
            timeout_ms: 60_000,
            flags: DHANDLE_FLAG_PERSISTENT,
            create_guid: [4; 16],
        };
        let got = DurableV2Request::parse(&q.encode()).unwrap();
        assert_eq!(got, q);
        assert!(got.persistent());
        let r = DurableV2Response {
            timeout_ms: 120_000,
            flags: DHANDLE_FLAG_PERSISTENT,
        };
        assert_eq!(DurableV2Response::parse(&r.encode()).unwrap(), r);
        let f = FileId {
            persistent: 5,
            volatile: 6,
        };
        let c = DurableV2Reconnect {
            file_id: f,
            create_guid: [7; 16],
            flags: 0,
        };
        assert_eq!(DurableV2Reconnect::parse(&c.encode()).unwrap(), c);
        assert_eq!(
            parse_durable_v1_reconnect(&encode_durable_v1_reconnect(f)).unwrap(),
            f
        );
        assert!(DurableV2Request::parse(&[0; 31]).is_err());
        assert!(DurableV2Reconnect::parse(&[0; 32]).is_err());
        assert!(parse_durable_v1_reconnect(&[0; 15]).is_err());
    }
}
