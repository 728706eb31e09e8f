//! The SVHDX open context (MS-RSVD 2.2.4.12, 2.2.4.32): what a shared open's CREATE
//! carries and what its answer says.

use crate::status::*;
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
