//! Copies that stay in the server, on real file systems: block cloning
//! (FSCTL_DUPLICATE_EXTENTS_TO_FILE) on an XFS share with reflink, where the target comes
//! to share the source's blocks (FIEMAP says so); server-side copychunk sharing them
//! too; ODX offload copy within a share and across shares on different file systems.

mod common;

use client::access;
use common::*;
use smb_wire::fsctl::{self, DuplicateExtents, OffloadReadInput, OffloadReadOutput};
use smb_wire::header::Command;
use smb_wire::NtStatus;
use testkit::bodies::*;

const RW: u32 = access::FILE_READ_DATA | access::FILE_WRITE_DATA | 0x80 | 0x100;

fn dup(
    c: &mut client::Client,
    tree: u32,
    src: client::FileId,
    dst: client::FileId,
    (from, to, count): (u64, u64, u64),
    ex: bool,
) -> NtStatus {
    let mut input = Vec::new();
    DuplicateExtents {
        source_persistent: src.persistent,
        source_volatile: src.volatile,
        source_offset: from,
        target_offset: to,
        byte_count: count,
        source_atomic: ex,
    }
    .encode(&mut input, ex);
    let code = if ex {
        fsctl::DUPLICATE_EXTENTS_TO_FILE_EX
    } else {
        fsctl::DUPLICATE_EXTENTS_TO_FILE
    };
    c.request(Command::IOCTL, tree, &ioctl_body(code, dst, &input, 0))
        .unwrap()
        .status()
}

fn server_on_xfs(extra_config: String) -> (Mounted, TestServer) {
    let srv = TestServer::start_with(Opts {
        prepare_share: Some(xfs_share),
        extra_config,
        ..Default::default()
    });
    (Mounted(srv.share.clone()), srv)
}

/// Block cloning on XFS: the share advertises FILE_SUPPORTS_BLOCK_REFCOUNTING; both forms
/// of the FSCTL make the target share the source's blocks, byte-exact, and a later write
/// to the target leaves the source as it was (copy on write); Windows' refusals for
/// misaligned ranges, ranges past the source, overlap within one file, a source handle
/// that is not open and an _EX request of the wrong size. Copychunk shares blocks too.
#[test]
fn block_cloning_shares_blocks_on_a_reflink_file_system() {
    if !require_tool("mkfs.xfs") || !require_tool("filefrag") {
        return;
    }
    let (_mount, mut srv) = server_on_xfs(String::new());
    let mut c = srv.tcp_client();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let len = 1usize << 20;
    let data = random_bytes(len, 11);
    let (src, _) = c.create(tree, "src.vhdx", RW, 5, 0).unwrap();
    for (i, chunk) in data.chunks(65536).enumerate() {
        c.write(tree, src, (i * 65536) as u64, chunk).unwrap();
    }
    let attrs = c.query_info(tree, src, 2, 5).unwrap();
    let caps = u32::from_le_bytes(attrs[..4].try_into().unwrap());
    assert_ne!(caps & 0x0800_0000, 0, "FILE_SUPPORTS_BLOCK_REFCOUNTING");
    for (name, ex) in [("plain.vhdx", false), ("ex.vhdx", true)] {
        let (dst, _) = c.create(tree, name, RW, 5, 0).unwrap();
        c.set_end_of_file(tree, dst, len as u64).unwrap();
        assert_eq!(
            dup(&mut c, tree, src, dst, (0, 0, len as u64), ex),
            NtStatus::SUCCESS
        );
        assert!(c.read_all(tree, dst, len).unwrap() == data, "{name}");
        assert!(
            has_shared_extents(&srv.share.join(name)),
            "{name} shares no blocks"
        );
        // Copy on write: the source keeps its data.
        c.write(tree, dst, 8192, &[0x5a; 4096]).unwrap();
        assert!(c.read_all(tree, src, len).unwrap() == data);
        c.close(tree, dst).unwrap();
    }
    let (dst, _) = c.create(tree, "refused.vhdx", RW, 5, 0).unwrap();
    c.set_end_of_file(tree, dst, len as u64).unwrap();
    let st = |c: &mut client::Client, range| dup(c, tree, src, dst, range, false);
    assert_eq!(st(&mut c, (512, 0, 4096)), NtStatus::INVALID_PARAMETER);
    assert_eq!(st(&mut c, (0, 0, 4096 + 512)), NtStatus::INVALID_PARAMETER);
    assert_eq!(
        st(&mut c, (0, 0, 2 * len as u64)),
        NtStatus::NOT_SUPPORTED,
        "past the source's end"
    );
    assert_eq!(
        dup(&mut c, tree, src, src, (0, 4096, 65536), false),
        NtStatus::NOT_SUPPORTED,
        "overlap within one file"
    );
    let gone = client::FileId {
        persistent: 1,
        volatile: 2,
    };
    assert_eq!(
        dup(&mut c, tree, gone, dst, (0, 0, 4096), false),
        NtStatus::INVALID_HANDLE
    );
    let mut wrong = Vec::new();
    DuplicateExtents {
        source_persistent: src.persistent,
        source_volatile: src.volatile,
        source_offset: 0,
        target_offset: 0,
        byte_count: 4096,
        source_atomic: false,
    }
    .encode(&mut wrong, true);
    wrong[0] = 0x38;
    let r = c
        .request(
            Command::IOCTL,
            tree,
            &ioctl_body(fsctl::DUPLICATE_EXTENTS_TO_FILE_EX, dst, &wrong, 0),
        )
        .unwrap();
    assert_eq!(r.status(), NtStatus::NOT_SUPPORTED);
    // Nothing refused touched the target.
    assert!(c.read_all(tree, dst, len).unwrap().iter().all(|b| *b == 0));
    // Server-side copychunk goes through the kernel's copy, which shares blocks here.
    let key = c
        .request(
            Command::IOCTL,
            tree,
            &ioctl_body(fsctl::SRV_REQUEST_RESUME_KEY, src, &[], 32),
        )
        .unwrap();
    let key = key.ioctl_output()[..24].to_vec();
    let mut chunks = key.clone();
    chunks.extend_from_slice(&1u32.to_le_bytes());
    chunks.extend_from_slice(&0u32.to_le_bytes());
    chunks.extend_from_slice(&0u64.to_le_bytes());
    chunks.extend_from_slice(&0u64.to_le_bytes());
    chunks.extend_from_slice(&(1u32 << 20).to_le_bytes());
    chunks.extend_from_slice(&0u32.to_le_bytes());
    let (cc, _) = c.create(tree, "chunked.vhdx", RW, 5, 0).unwrap();
    let r = c
        .request(
            Command::IOCTL,
            tree,
            &ioctl_body(fsctl::SRV_COPYCHUNK_WRITE, cc, &chunks, 12),
        )
        .unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);
    assert!(c.read_all(tree, cc, len).unwrap() == data);
    assert!(has_shared_extents(&srv.share.join("chunked.vhdx")));
    drop(c);
    srv.stop();
}

/// ODX between shares: a token made on the XFS share is written into a file on another
/// share on another file system (the copy goes through memory there), byte-exact; within
/// the XFS share the same copy shares blocks.
#[test]
fn offload_copies_across_shares_and_file_systems() {
    if !require_tool("mkfs.xfs") || !require_tool("filefrag") {
        return;
    }
    let other = tempfile::tempdir().unwrap();
    let extra = format!(
        "[[share]]\nname = \"other\"\npath = \"{}\"\n",
        other.path().display()
    );
    let (_mount, mut srv) = server_on_xfs(extra);
    let mut c = srv.tcp_client();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let tree2 = c.tree_connect("\\\\127.0.0.1\\other").unwrap();
    let len = (4usize << 20) + 4096;
    let data = random_bytes(len, 12);
    let (src, _) = c.create(tree, "template.vhdx", RW, 5, 0).unwrap();
    for (i, chunk) in data.chunks(1 << 20).enumerate() {
        c.write(tree, src, (i << 20) as u64, chunk).unwrap();
    }
    let mut input = Vec::new();
    OffloadReadInput {
        size: fsctl::OFFLOAD_READ_INPUT_LEN as u32,
        flags: 0,
        token_ttl_ms: 0,
        file_offset: 0,
        copy_length: len as u64,
    }
    .encode(&mut input);
    let r = c
        .request(
            Command::IOCTL,
            tree,
            &ioctl_body(fsctl::OFFLOAD_READ, src, &input, 4096),
        )
        .unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);
    let t = OffloadReadOutput::parse(r.ioctl_output()).unwrap();
    assert_eq!(t.transfer_length, len as u64);
    for (tr, name, path) in [
        (tree2, "copy.vhdx", other.path().join("copy.vhdx")),
        (tree, "copy.vhdx", srv.share.join("copy.vhdx")),
    ] {
        let (dst, _) = c.create(tr, name, RW, 5, 0).unwrap();
        c.set_end_of_file(tr, dst, len as u64).unwrap();
        let mut input = Vec::new();
        fsctl::OffloadWriteInput {
            size: fsctl::OFFLOAD_WRITE_INPUT_LEN as u32,
            flags: 0,
            file_offset: 0,
            copy_length: len as u64,
            transfer_offset: 0,
            token: t.token.clone(),
        }
        .encode(&mut input);
        let r = c
            .request(
                Command::IOCTL,
                tr,
                &ioctl_body(fsctl::OFFLOAD_WRITE, dst, &input, 4096),
            )
            .unwrap();
        assert_eq!(r.status(), NtStatus::SUCCESS, "{}", path.display());
        let n = fsctl::parse_offload_write_output(r.ioctl_output()).unwrap();
        assert_eq!(n, len as u64);
        assert!(std::fs::read(&path).unwrap() == data, "{}", path.display());
        c.close(tr, dst).unwrap();
    }
    assert!(has_shared_extents(&srv.share.join("copy.vhdx")));
    drop(c);
    srv.stop();
}
