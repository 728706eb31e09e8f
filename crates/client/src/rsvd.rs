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
    let q = smb_wire::msg::DurableV2Request {
        timeout_ms: 0,
        flags: smb_wire::msg::DHANDLE_FLAG_PERSISTENT,
        create_guid,
    };
    (smb_wire::msg::create_tag::DURABLE_V2, q.encode())
}

/// The reconnect of a persistent handle (DH2C with the persistent flag) under
/// `create_guid`.
pub fn dh2c_persistent(file_id: FileId, create_guid: [u8; 16]) -> (&'static [u8], Vec<u8>) {
    let c = smb_wire::msg::DurableV2Reconnect {
        file_id,
        create_guid,
        flags: smb_wire::msg::DHANDLE_FLAG_PERSISTENT,
    };
    (smb_wire::msg::create_tag::DURABLE_V2_RECONNECT, c.encode())
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

    /// Opens a VHD Set (`.vhds`) at a VM snapshot, as a backup application reads one:
    /// only the RSVD_TARGET_SPECIFIER_EA in an EA buffer context, no SVHDX context.
    pub fn open_snapshot(c: &mut Client, tree: u32, name: &str, id: Guid) -> Result<SharedDisk> {
        let mut ea = 0u32.to_le_bytes().to_vec();
        ea.push(0x80); // FILE_NEED_EA
        ea.push(tunnel::TARGET_SPECIFIER_EA.len() as u8);
        ea.extend_from_slice(&24u16.to_le_bytes());
        ea.extend_from_slice(tunnel::TARGET_SPECIFIER_EA);
        ea.push(0);
        ea.extend_from_slice(&0u32.to_le_bytes()); // the snapshot-id namespace
        ea.extend_from_slice(&1u32.to_le_bytes()); // a VM snapshot
        ea.extend_from_slice(&id.0);
        let created = create_shared(c, tree, name, &[(b"ExtA", ea)])?;
        Ok(SharedDisk {
            tree,
            file: created.file_id,
            initiator: Guid::ZERO,
            response: Vec::new(),
            next_request: 0,
        })
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
        let created = create_shared(c, tree, name, &[dh2c_persistent(file, create_guid)])?;
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
        let id = self.send_tunnel(c, operation, body, max_out)?;
        c.wait(id)
    }

    /// Sends a tunnel request without waiting; its message id (for [`Client::wait`]).
    pub fn send_tunnel(
        &mut self,
        c: &mut Client,
        operation: u32,
        body: &[u8],
        max_out: u32,
    ) -> Result<u64> {
        let mut input = Vec::with_capacity(16 + body.len());
        Header {
            operation,
            status: 0,
            request_id: self.next_request,
        }
        .encode(&mut input);
        self.next_request += 1;
        input.extend_from_slice(body);
        c.send_fsctl(
            self.tree,
            self.file,
            smb_wire::fsctl::SVHDX_SYNC_TUNNEL_REQUEST,
            &input,
            max_out,
        )
    }

    /// A SCSI command through the tunnel.
    pub fn scsi(&mut self, c: &mut Client, cdb: &[u8], data: Data) -> Result<ScsiResponse> {
        let id = self.send_scsi(c, cdb, data)?;
        Self::finish_scsi(c, id)
    }

    /// Sends a SCSI command through the tunnel without waiting; its message id (for
    /// [`SharedDisk::finish_scsi`]).
    pub fn send_scsi(&mut self, c: &mut Client, cdb: &[u8], data: Data) -> Result<u64> {
        let (disp, payload, xfer) = match data {
            Data::Out(d) => (0, d, d.len() as u32),
            Data::In(n) => (1, &[][..], n),
            Data::None => (2, &[][..], 0),
        };
        let input = tunnel::encode_scsi_request(self.next_request, cdb, disp, payload, xfer);
        self.next_request += 1;
        c.send_fsctl(
            self.tree,
            self.file,
            smb_wire::fsctl::SVHDX_SYNC_TUNNEL_REQUEST,
            &input,
            16 + 36 + xfer,
        )
    }

    /// The answer to a SCSI command [`SharedDisk::send_scsi`] sent.
    pub fn finish_scsi(c: &mut Client, id: u64) -> Result<ScsiResponse> {
        let r = c.wait(id)?;
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
        let cdb = write16_cdb(lba, data.len() as u32 / block, false);
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

    /// A tunnel operation whose header status must be success: the output after it.
    fn op(&mut self, c: &mut Client, operation: u32, body: &[u8], max_out: u32) -> Result<Vec<u8>> {
        let r = self.tunnel(c, operation, body, max_out)?;
        Self::answer(&r)
    }

    /// The payload of a tunnel operation's answer, or its failure (the IOCTL's status,
    /// else the tunnel header's).
    pub fn answer(r: &crate::Response) -> Result<Vec<u8>> {
        if r.status().is_error() {
            return Err(Error::Status(Command::IOCTL, r.status()));
        }
        let out = r.ioctl_output();
        let h = Header::parse(out).ok_or(Error::Protocol("short tunnel reply"))?;
        if h.status != 0 {
            return Err(Error::Status(
                Command::IOCTL,
                smb_wire::status::NtStatus(h.status),
            ));
        }
        Ok(out[tunnel::HEADER_LEN..].to_vec())
    }

    /// Takes a VM snapshot of a VHD Set as Hyper-V does: Initialize (with change
    /// tracking when asked), then BlockIO, SwitchObjectStore, UnblockIO and Finalize.
    pub fn create_snapshot(
        &mut self,
        c: &mut Client,
        id: Guid,
        change_tracking: bool,
    ) -> Result<()> {
        let transaction = Guid::random();
        let request = |flags: u32, stages: &[u32]| {
            rsvd::vhdset::encode_create_snapshot(transaction, 1, flags, stages, id)
        };
        let op = tunnel::opcode::META_OPERATION_START;
        self.op(c, op, &request(u32::from(change_tracking), &[1]), 64)?;
        self.op(c, op, &request(0, &[2, 3, 4, 5]), 64)?;
        Ok(())
    }

    /// ApplySnapshot: the disk becomes what it was at the snapshot.
    pub fn apply_snapshot(&mut self, c: &mut Client, id: Guid) -> Result<()> {
        let mut b = Guid::random().0.to_vec();
        b.extend_from_slice(&5u32.to_le_bytes());
        b.extend_from_slice(&[0; 4]);
        b.extend_from_slice(&1u32.to_le_bytes());
        b.extend_from_slice(&id.0);
        self.op(c, tunnel::opcode::META_OPERATION_START, &b, 64)
            .map(drop)
    }

    /// ConvertToVHDSet: a VHD Set called `name` is made beside this plain disk, whose
    /// disk it is.
    pub fn convert_to_set(&mut self, c: &mut Client, name: &str) -> Result<()> {
        let b = rsvd::vhdset::encode_convert_to_set(Guid::random(), name);
        self.op(c, tunnel::opcode::META_OPERATION_START, &b, 64)
            .map(drop)
    }

    /// ExtractVHD: snapshot `source` copied into a new file `name` beside the set, whole
    /// or (with `limit`) as a differencing disk over the older snapshot's file. Answered
    /// when the copy has ended.
    pub fn extract(
        &mut self,
        c: &mut Client,
        source: Guid,
        limit: Option<Guid>,
        name: &str,
        flags: u32,
    ) -> Result<()> {
        let id = self.send_extract(c, Guid::random(), source, limit, name, flags)?;
        Self::answer(&c.wait(id)?).map(drop)
    }

    /// Sends an ExtractVHD as [`SharedDisk::extract`] does, without waiting: its message
    /// id (its answer comes when the copy ends). `transaction` names it to
    /// [`SharedDisk::progress`].
    pub fn send_extract(
        &mut self,
        c: &mut Client,
        transaction: Guid,
        source: Guid,
        limit: Option<Guid>,
        name: &str,
        flags: u32,
    ) -> Result<u64> {
        let b = rsvd::vhdset::encode_extract(transaction, flags, source, limit, name);
        self.send_tunnel(c, tunnel::opcode::META_OPERATION_START, &b, 64)
    }

    /// META_OPERATION_QUERY_PROGRESS of the meta-operation `transaction`: (done, total).
    pub fn progress(&mut self, c: &mut Client, transaction: Guid) -> Result<(u64, u64)> {
        let p = self.op(
            c,
            tunnel::opcode::META_OPERATION_QUERY_PROGRESS,
            &transaction.0,
            64,
        )?;
        let at = |i: usize| {
            p.get(i..i + 8)
                .map(|b| u64::from_le_bytes(b.try_into().unwrap()))
        };
        at(0)
            .zip(at(8))
            .ok_or(Error::Protocol("short progress answer"))
    }

    /// DELETE_SNAPSHOT of a VM snapshot (`keep_reference`: kept for change queries).
    pub fn delete_snapshot(
        &mut self,
        c: &mut Client,
        id: Guid,
        keep_reference: bool,
    ) -> Result<()> {
        let mut b = id.0.to_vec();
        b.extend_from_slice(&u32::from(keep_reference).to_le_bytes());
        b.extend_from_slice(&1u32.to_le_bytes());
        self.op(c, tunnel::opcode::DELETE_SNAPSHOT, &b, 64)
            .map(drop)
    }

    /// The set's VM snapshots.
    pub fn snapshot_list(&mut self, c: &mut Client) -> Result<Vec<Guid>> {
        let mut b = 2u32.to_le_bytes().to_vec();
        b.extend_from_slice(&1u32.to_le_bytes());
        b.extend_from_slice(&[0; 16]);
        let p = self.op(c, tunnel::opcode::VHDSET_QUERY_INFORMATION, &b, 4096)?;
        let bad = || Error::Protocol("short snapshot list");
        let n = u32::from_le_bytes(p.get(12..16).ok_or_else(bad)?.try_into().unwrap()) as usize;
        let ids = p.get(16..16 + 16 * n).ok_or_else(bad)?;
        Ok(ids.chunks_exact(16).map(Guid::from_slice).collect())
    }

    /// Ranges written after snapshot `limit` and before `target`, within the region:
    /// (bytes of the region covered, ranges).
    pub fn changes(
        &mut self,
        c: &mut Client,
        limit: Guid,
        target: Guid,
        offset: u64,
        len: u64,
    ) -> Result<(u64, Vec<(u64, u64)>)> {
        let mut b = target.0.to_vec();
        b.extend_from_slice(&limit.0);
        b.extend_from_slice(&1u32.to_le_bytes());
        b.extend_from_slice(&[0; 4]);
        b.extend_from_slice(&offset.to_le_bytes());
        b.extend_from_slice(&len.to_le_bytes());
        let p = self.op(c, tunnel::opcode::QUERY_VIRTUAL_DISK_CHANGES, &b, 4096)?;
        let bad = || Error::Protocol("short changes reply");
        let processed = u64::from_le_bytes(p.get(..8).ok_or_else(bad)?.try_into().unwrap());
        let n = u32::from_le_bytes(p.get(8..12).ok_or_else(bad)?.try_into().unwrap()) as usize;
        let r = p.get(16..16 + 24 * n).ok_or_else(bad)?;
        Ok((
            processed,
            r.chunks_exact(24)
                .map(|e| {
                    (
                        u64::from_le_bytes(e[..8].try_into().unwrap()),
                        u64::from_le_bytes(e[8..16].try_into().unwrap()),
                    )
                })
                .collect(),
        ))
    }
}

/// WRITE(16)'s CDB: `blocks` blocks at `lba`, FUA when `fua`.
pub fn write16_cdb(lba: u64, blocks: u32, fua: bool) -> [u8; 16] {
    let mut cdb = [0u8; 16];
    cdb[0] = 0x8A;
    if fua {
        cdb[1] = 0x08;
    }
    cdb[2..10].copy_from_slice(&lba.to_be_bytes());
    cdb[10..14].copy_from_slice(&blocks.to_be_bytes());
    cdb
}
