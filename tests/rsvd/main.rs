//! Shared VHDX (issue 21): two "hosts" open one VHDX as a shared virtual SCSI disk,
//! run the persistent-reservation sequence a failover cluster runs, write and read
//! through SCSI and through SMB2 READ/WRITE, and find reservations and data intact after
//! the server restarts (gracefully and by SIGKILL); qemu-img accepts the disk after.
//! One test binary: `cluster` (hosts sharing a disk), `disk` (one disk's edges and
//! hostile input), `sets` (VHD Sets); the helpers they share are here.

mod cluster;
#[path = "../common/mod.rs"]
mod common;
mod disk;
mod scale_out;
mod sets;
use client::rsvd::{pr_action, pr_kind, Data, Guid, SharedDisk};
use client::{access, Client};
use common::*;
use rsvd::tunnel::{opcode, Header};
use smb_wire::header::Command;
use smb_wire::NtStatus;
use std::path::Path;
use std::process::Command as Proc;

const MIB: u64 = 1 << 20;
const SIZE: u64 = 64 * MIB;
const BS: u32 = 512;
const HOST_A: Guid = Guid([0xA1; 16]);
const HOST_B: Guid = Guid([0xB2; 16]);
const OUTSIDER: Guid = Guid([0xC3; 16]);
const KEY_A: u64 = 0xA0A0_0001;
const KEY_B: u64 = 0xB0B0_0002;
const GOOD: u8 = 0x00;
const CHECK_CONDITION: u8 = 0x02;
const CONFLICT: u8 = 0x18;
const RESERVATION_CONFLICT: NtStatus = NtStatus(0xC05C_FF07);
const WE_RO: u8 = pr_kind::WRITE_EXCLUSIVE_REGISTRANTS_ONLY;

fn rsvd_server() -> TestServer {
    TestServer::start_with(Opts {
        share_extra: "rsvd = true".into(),
        ..Default::default()
    })
}

/// A dynamic VHDX (or a VHD Set and its disk) of `size` with 1 MiB blocks at `path`.
fn dynamic_disk(path: &Path, size: &str) {
    vhdx(&["create", p(path), "--size", size, "--block-size", "1M"]);
}

/// `smbdirectd vhdx check` accepts the disk (a set: its chain).
fn vhdx_check(path: &Path) {
    let o = Proc::new(env!("CARGO_BIN_EXE_smbdirectd-under-test"))
        .args(["vhdx", "check", p(path)])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
}

/// Whether `smbdirectd vhdx info` finds the file's log clean (nothing to replay).
fn log_clean(path: &Path) -> bool {
    let o = Proc::new(env!("CARGO_BIN_EXE_smbdirectd-under-test"))
        .args(["vhdx", "info", "--json", p(path)])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    v["log"]["dirty"] == serde_json::Value::Bool(false)
}

fn host(s: &TestServer) -> (Client, u32) {
    let mut c = s.tcp_client();
    let t = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    (c, t)
}

fn open(s: &TestServer, who: Guid, name: &str) -> (Client, SharedDisk) {
    let (mut c, t) = host(s);
    let d = SharedDisk::open(&mut c, t, name, Some(who), 2, "HOST").unwrap();
    (c, d)
}

fn read_status(c: &mut Client, d: &SharedDisk, off: u64, len: u32) -> Result<Vec<u8>, NtStatus> {
    match c.read(d.tree, d.file, off, len) {
        Ok(v) => Ok(v),
        Err(client::Error::Status(_, s)) => Err(s),
        Err(e) => panic!("{e}"),
    }
}

/// The sense a READ or WRITE failed with (`st`, STATUS_SVHDX_ERROR_STORED | key), asked
/// for with SRB_STATUS: (sense key, ASC, ASCQ).
fn stored_sense(c: &mut Client, d: &mut SharedDisk, st: NtStatus) -> (u8, u8, u8) {
    assert_eq!(st.0 & 0xFFFF_FF00, 0xC05C_0000, "{st}");
    let mut q = vec![(st.0 & 0xFF) as u8];
    q.resize(28, 0);
    let srb = d.tunnel(c, opcode::SRB_STATUS, &q, 64).unwrap();
    assert_eq!(srb.status(), NtStatus::SUCCESS);
    let out = srb.ioctl_output();
    assert_eq!(out[16..19], [q[0], 0x84, CHECK_CONDITION]);
    let sense = &out[20..20 + usize::from(out[19])];
    (sense[2] & 0xF, sense[12], sense[13])
}

/// FSCTL_SET_ZERO_DATA of `len` bytes at `off` on a shared open: its status.
fn zero(c: &mut Client, d: &SharedDisk, off: u64, len: u64) -> NtStatus {
    let mut input = off.to_le_bytes().to_vec();
    input.extend_from_slice(&(off + len).to_le_bytes());
    let body = testkit::bodies::ioctl_body(smb_wire::fsctl::SET_ZERO_DATA, d.file, &input, 0);
    c.request(Command::IOCTL, d.tree, &body).unwrap().status()
}

/// The status a request failed with (it must have).
fn failed_with<T>(r: client::Result<T>) -> NtStatus {
    match r {
        Err(client::Error::Status(_, s)) => s,
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("it succeeded"),
    }
}

/// READ CAPACITY(16)'s last LBA.
fn last_lba(c: &mut Client, d: &mut SharedDisk) -> u64 {
    let mut rc16 = [0u8; 16];
    rc16[0] = 0x9E;
    rc16[1] = 0x10;
    rc16[13] = 32;
    let cap = d.scsi(c, &rc16, Data::In(32)).unwrap();
    u64::from_be_bytes(cap.data[..8].try_into().unwrap())
}

/// Grows the disk to `size` (META_OPERATION_START Resize, expand only).
fn grow(c: &mut Client, d: &mut SharedDisk, size: u64) {
    let mut b = Guid::random().0.to_vec();
    b.extend_from_slice(&0u32.to_le_bytes());
    b.extend_from_slice(&[0; 4]);
    b.extend_from_slice(&size.to_le_bytes());
    b.extend_from_slice(&[1, 0, 0, 0]);
    let m = d.tunnel(c, opcode::META_OPERATION_START, &b, 64).unwrap();
    assert_eq!(Header::parse(m.ioctl_output()).unwrap().status, 0);
}
