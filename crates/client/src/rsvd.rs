//! An MS-RSVD initiator: opens a Shared VHDX with the SVHDX context and sends SCSI
//! commands and tunnel operations to it, as a Hyper-V host does for a guest cluster.

use crate::{Client, Error, FileId, Result};
use rsvd::tunnel::{self, Header, OpenContext, ScsiResponse};
pub use rsvd::Guid;
use smb_wire::Command;

pub use rsvd::pr::{action as pr_action, kind as pr_kind};

/// What Hyper-V asks for on a shared disk: read and write data, read attributes, read
/// control.
pub const SHARED_ACCESS: u32 = 0x1 | 0x2 | 0x80 | 0x0002_0000;

/// A persistent handle request (DH2Q with the persistent flag) under `create_guid`.
pub fn dh2q_persistent(create_guid: [u8; 16]) -> (&'static [u8], Vec<u8>) {
    let mut d = vec![0u8; 32];
    d[4..8].copy_from_slice(&2u32.to_le_bytes());
    d[16..].copy_from_slice(&create_guid);
    (b"DH2Q", d)
}

/// The CREATE of a shared disk as Hyper-V sends it: `name:SharedVirtualDisk`, shared
/// read, write and delete, FILE_OPEN, unbuffered, with `contexts`.
fn create_shared(
    c: &mut Client,
    tree: u32,
    name: &str,
    contexts: &[(&[u8], Vec<u8>)],
) -> Result<crate::files::Created> {
    c.create_with(
        tree,
        &format!("{name}{}", tunnel::SHARED_SUFFIX),
        SHARED_ACCESS,
        7,
        1,
        crate::create_options::NO_INTERMEDIATE_BUFFERING,
        contexts,
    )
}

/// A shared virtual disk open.
pub struct SharedDisk {
    pub tree: u32,
    pub file: FileId,
    pub initiator: Guid,
    /// The SVHDX response context.
    pub response: Vec<u8>,
    next_request: u64,
}

/// Disposition of a tunnelled command's data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Data<'a> {
    /// Data to the disk.
    Out(&'a [u8]),
    /// Up to this many bytes from the disk.
    In(u32),
    None,
}

impl SharedDisk {
    /// Opens `name` (a `.vhdx` on an rsvd share) as initiator `initiator` (None: an open
    /// without an initiator id), with context `version` 1 or 2.
    pub fn open(
        c: &mut Client,
        tree: u32,
        name: &str,
        initiator: Option<Guid>,
        version: u32,
        host: &str,
    ) -> Result<SharedDisk> {
        Self::open_with(c, tree, name, initiator, version, host, &[])
    }

    /// [`SharedDisk::open`] with more create contexts (a persistent handle's DH2Q).
    pub fn open_with(
        c: &mut Client,
        tree: u32,
        name: &str,
        initiator: Option<Guid>,
        version: u32,
        host: &str,
        more: &[(&[u8], Vec<u8>)],
    ) -> Result<SharedDisk> {
        let ctx = OpenContext::encode(version, initiator, tunnel::ORIGINATOR_PVHDPARSER, host, 0);
        let mut contexts: Vec<(&[u8], Vec<u8>)> = vec![(&tunnel::OPEN_CONTEXT_NAME, ctx)];
        contexts.extend(more.iter().cloned());
        let created = create_shared(c, tree, name, &contexts)?;
        let response = created
            .contexts
            .iter()
            .find(|(n, _)| n[..] == tunnel::OPEN_CONTEXT_NAME)
            .map(|(_, d)| d.clone())
            .ok_or(Error::Protocol("no SVHDX response context"))?;
        Ok(SharedDisk {
            tree,
            file: created.file_id,
            initiator: initiator.unwrap_or(Guid::ZERO),
            response,
            next_request: 1,
        })
    }

    /// Takes a persistent handle back after a lost connection or a server restart: a
    /// CREATE with only the reconnect context (DH2C), as Hyper-V sends it.
    pub fn reclaim(
        c: &mut Client,
        tree: u32,
        name: &str,
        file: FileId,
        create_guid: [u8; 16],
        initiator: Guid,
    ) -> Result<SharedDisk> {
        let mut dh2c = Vec::with_capacity(36);
        dh2c.extend_from_slice(&file.persistent.to_le_bytes());
        dh2c.extend_from_slice(&file.volatile.to_le_bytes());
        dh2c.extend_from_slice(&create_guid);
        dh2c.extend_from_slice(&2u32.to_le_bytes()); // persistent
        let created = create_shared(c, tree, name, &[(b"DH2C", dh2c)])?;
        Ok(SharedDisk {
            tree,
            file: created.file_id,
            initiator,
            response: Vec::new(),
            next_request: 1,
        })
    }

    /// The virtual size the v2 response context reported.
    pub fn virtual_size(&self) -> Option<u64> {
        let b = self.response.get(184..192)?;
        Some(u64::from_le_bytes(b.try_into().ok()?))
    }

    /// One tunnel operation: the IOCTL's status and output.
    pub fn tunnel(
        &mut self,
        c: &mut Client,
        operation: u32,
        body: &[u8],
        max_out: u32,
    ) -> Result<crate::Response> {
        let mut input = Vec::with_capacity(16 + body.len());
        Header {
            operation,
            status: 0,
            request_id: self.next_request,
        }
        .encode(&mut input);
        self.next_request += 1;
        input.extend_from_slice(body);
        c.fsctl(
            self.tree,
            self.file,
            smb_wire::fsctl::SVHDX_SYNC_TUNNEL_REQUEST,
            &input,
            max_out,
        )
    }

    /// A SCSI command through the tunnel.
    pub fn scsi(&mut self, c: &mut Client, cdb: &[u8], data: Data) -> Result<ScsiResponse> {
        let (disp, payload, xfer) = match data {
            Data::Out(d) => (0, d, d.len() as u32),
            Data::In(n) => (1, &[][..], n),
            Data::None => (2, &[][..], 0),
        };
        let input = tunnel::encode_scsi_request(self.next_request, cdb, disp, payload, xfer);
        self.next_request += 1;
        let r = c.fsctl(
            self.tree,
            self.file,
            smb_wire::fsctl::SVHDX_SYNC_TUNNEL_REQUEST,
            &input,
            16 + 36 + xfer,
        )?;
        if r.status().is_error() {
            return Err(Error::Status(Command::IOCTL, r.status()));
        }
        ScsiResponse::parse(r.ioctl_output()).ok_or(Error::Protocol("short SCSI tunnel response"))
    }

    /// PERSISTENT RESERVE OUT with the basic parameter list.
    pub fn pr_out(
        &mut self,
        c: &mut Client,
        action: u8,
        kind: u8,
        key: u64,
        sa_key: u64,
    ) -> Result<ScsiResponse> {
        let mut cdb = [0u8; 10];
        cdb[0] = 0x5F;
        cdb[1] = action;
        cdb[2] = kind;
        cdb[5..9].copy_from_slice(&24u32.to_be_bytes());
        let mut p = [0u8; 24];
        p[..8].copy_from_slice(&key.to_be_bytes());
        p[8..16].copy_from_slice(&sa_key.to_be_bytes());
        self.scsi(c, &cdb, Data::Out(&p))
    }

    /// PERSISTENT RESERVE IN.
    pub fn pr_in(&mut self, c: &mut Client, service_action: u8) -> Result<ScsiResponse> {
        let mut cdb = [0u8; 10];
        cdb[0] = 0x5E;
        cdb[1] = service_action;
        cdb[7..9].copy_from_slice(&1024u16.to_be_bytes());
        self.scsi(c, &cdb, Data::In(1024))
    }

    /// WRITE(16) of whole blocks at `lba`.
    pub fn write16(
        &mut self,
        c: &mut Client,
        lba: u64,
        data: &[u8],
        block: u32,
    ) -> Result<ScsiResponse> {
        let mut cdb = [0u8; 16];
        cdb[0] = 0x8A;
        cdb[2..10].copy_from_slice(&lba.to_be_bytes());
        cdb[10..14].copy_from_slice(&(data.len() as u32 / block).to_be_bytes());
        self.scsi(c, &cdb, Data::Out(data))
    }

    /// READ(16) of `blocks` blocks at `lba`.
    pub fn read16(
        &mut self,
        c: &mut Client,
        lba: u64,
        blocks: u32,
        block: u32,
    ) -> Result<ScsiResponse> {
        let mut cdb = [0u8; 16];
        cdb[0] = 0x88;
        cdb[2..10].copy_from_slice(&lba.to_be_bytes());
        cdb[10..14].copy_from_slice(&blocks.to_be_bytes());
        self.scsi(c, &cdb, Data::In(blocks * block))
    }

    pub fn close(self, c: &mut Client) -> Result<()> {
        c.close(self.tree, self.file)
    }
}
