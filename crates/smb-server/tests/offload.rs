//! Copies that stay in the server, in memory (see `harness`): ODX offload read and write
//! (MS-FSA 2.1.5.10.20-21) and block cloning where the share cannot (the harness's
//! share lives on the build's file system; cloning itself is tested on XFS by the
//! daemon's tests).

mod harness;

use client::access;
use harness::*;
use smb_wire::fsctl::{self, OffloadReadInput, OffloadReadOutput, OffloadToken, OffloadWriteInput};
use smb_wire::header::Command;
use smb_wire::NtStatus;
use testkit::bodies::*;

const RW: u32 = access::FILE_READ_DATA | access::FILE_WRITE_DATA | 0x80 | 0x100;

fn offload_read(
    c: &mut client::Client,
    tree: u32,
    f: client::FileId,
    offset: u64,
    len: u64,
    ttl_ms: u32,
) -> client::Response {
    let mut input = Vec::new();
    OffloadReadInput {
        size: fsctl::OFFLOAD_READ_INPUT_LEN as u32,
        flags: 0,
        token_ttl_ms: ttl_ms,
        file_offset: offset,
        copy_length: len,
    }
    .encode(&mut input);
    let body = ioctl_body(fsctl::OFFLOAD_READ, f, &input, 4096);
    c.request(Command::IOCTL, tree, &body).unwrap()
}

fn token_of(r: &client::Response) -> OffloadReadOutput {
    assert_eq!(r.status(), NtStatus::SUCCESS);
    OffloadReadOutput::parse(r.ioctl_output()).unwrap()
}

fn offload_write(
    c: &mut client::Client,
    tree: u32,
    f: client::FileId,
    offset: u64,
    len: u64,
    transfer_offset: u64,
    token: &OffloadToken,
) -> client::Response {
    let mut input = Vec::new();
    OffloadWriteInput {
        size: fsctl::OFFLOAD_WRITE_INPUT_LEN as u32,
        flags: 0,
        file_offset: offset,
        copy_length: len,
        transfer_offset,
        token: token.clone(),
    }
    .encode(&mut input);
    let body = ioctl_body(fsctl::OFFLOAD_WRITE, f, &input, 4096);
    c.request(Command::IOCTL, tree, &body).unwrap()
}

fn written(r: &client::Response) -> u64 {
    assert_eq!(r.status(), NtStatus::SUCCESS);
    fsctl::parse_offload_write_output(r.ioctl_output()).unwrap()
}

fn pattern(len: usize, seed: u8) -> Vec<u8> {
    (0..len)
        .map(|i| (i as u32).wrapping_mul(2_654_435_761).to_le_bytes()[3] ^ seed)
        .collect()
}

/// A token for a whole file copies it byte for byte into another, without the data
/// crossing the connection: the token's range stops at the sector holding the end of
/// file and says zeros follow; the write stops at the target's end of file and reports
/// exactly what it wrote. A copy longer than one step goes async and still arrives whole.
#[test]
fn offload_copies_a_file_byte_exact() {
    let e = Engine::new();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    for len in [3 * (1 << 20) + 1000, 20 << 20] {
        let data = pattern(len, len as u8);
        let (src, _) = c.create(tree, "src.bin", RW, 5, 0).unwrap();
        for (i, chunk) in data.chunks(1 << 20).enumerate() {
            c.write(tree, src, (i << 20) as u64, chunk).unwrap();
        }
        let (dst, _) = c.create(tree, "dst.bin", RW, 5, 0).unwrap();
        c.set_end_of_file(tree, dst, len as u64).unwrap();
        let want = (len as u64).div_ceil(512) * 512;
        let t = token_of(&offload_read(&mut c, tree, src, 0, want + (1 << 20), 0));
        assert_eq!(t.transfer_length, want);
        assert_eq!(t.flags, fsctl::OFFLOAD_READ_FLAG_ALL_ZERO_BEYOND);
        assert_eq!(t.token.id.len(), 32);
        let r = offload_write(&mut c, tree, dst, 0, want, 0, &t.token);
        assert_eq!(written(&r), len as u64);
        assert!(
            c.read_all(tree, dst, len).unwrap() == data,
            "copy of {len} bytes"
        );
        // The target did not grow.
        let std = c.query_info(tree, dst, 1, 5).unwrap();
        assert_eq!(
            u64::from_le_bytes(std[8..16].try_into().unwrap()),
            len as u64
        );
        c.close(tree, src).unwrap();
        c.close(tree, dst).unwrap();
    }
}

/// A token is used in parts (TransferOffset), a part lands anywhere in the target, and
/// the well-known zero token writes zeros.
#[test]
fn offload_parts_and_the_zero_token() {
    let e = Engine::new();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let data = pattern(1 << 20, 7);
    let (src, _) = c.create(tree, "a.bin", RW, 5, 0).unwrap();
    c.write(tree, src, 0, &data).unwrap();
    let (dst, _) = c.create(tree, "b.bin", RW, 5, 0).unwrap();
    c.write(tree, dst, 0, &vec![0xee; 1 << 20]).unwrap();
    let t = token_of(&offload_read(&mut c, tree, src, 65536, 262_144, 0));
    assert_eq!((t.transfer_length, t.flags), (262_144, 0));
    // The token's second half into the target at 4096.
    let r = offload_write(&mut c, tree, dst, 4096, 131_072, 131_072, &t.token);
    assert_eq!(written(&r), 131_072);
    let got = c.read(tree, dst, 0, 4096 + 131_072 + 512).unwrap();
    assert!(got[..4096].iter().all(|b| *b == 0xee));
    assert!(got[4096..4096 + 131_072] == data[65536 + 131_072..65536 + 262_144]);
    assert!(got[4096 + 131_072..].iter().all(|b| *b == 0xee));
    // Asking for more than the token holds past TransferOffset: what it holds.
    let r = offload_write(&mut c, tree, dst, 0, 1 << 20, 262_144 - 512, &t.token);
    assert_eq!(written(&r), 512);
    // The zero token.
    let r = offload_write(&mut c, tree, dst, 8192, 16384, 0, &OffloadToken::zero());
    assert_eq!(written(&r), 16384);
    let got = c.read(tree, dst, 8192 - 512, 16384 + 1024).unwrap();
    assert!(got[..512] == data[65536 + 131_072 + 3584..][..512]);
    assert!(got[512..512 + 16384].iter().all(|b| *b == 0));
    // A zero-length read answers with the zero token.
    let z = token_of(&offload_read(&mut c, tree, src, 0, 0, 0));
    assert_eq!(z.token, OffloadToken::zero());
    assert_eq!(z.transfer_length, 0);
}

/// A token is good while its range is unchanged, its source open is open and its time
/// lasts: a write into the range (not beside it), a truncation, closing the source or
/// its expiry make writes with it fail with STATUS_INVALID_TOKEN; so do tokens that are
/// not ours.
#[test]
fn offload_tokens_are_spent_by_writes_close_and_time() {
    let e = Engine::new();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let (src, _) = c.create(tree, "s.bin", RW, 5, 0).unwrap();
    c.write(tree, src, 0, &pattern(1 << 20, 1)).unwrap();
    let (dst, _) = c.create(tree, "d.bin", RW, 5, 0).unwrap();
    c.set_end_of_file(tree, dst, 1 << 20).unwrap();
    let token = |c: &mut client::Client, ttl| {
        token_of(&offload_read(c, tree, src, 65536, 65536, ttl)).token
    };
    let bad = |r: client::Response| assert_eq!(r.status(), NtStatus::INVALID_TOKEN);
    // A write beside the range leaves the token good; one into it spends it.
    let t = token(&mut c, 0);
    c.write(tree, src, 0, &[9; 4096]).unwrap();
    c.write(tree, src, 131_072, &[9; 4096]).unwrap();
    assert_eq!(
        written(&offload_write(&mut c, tree, dst, 0, 4096, 0, &t)),
        4096
    );
    c.write(tree, src, 65536 + 100, &[9; 10]).unwrap();
    bad(offload_write(&mut c, tree, dst, 0, 4096, 0, &t));
    // Another connection's write spends it as well.
    let t = token(&mut c, 0);
    let (mut other, _w2) = e.client();
    let t2 = other.tree_connect(SHARE).unwrap();
    let (o, _) = other.create(t2, "s.bin", RW, 1, 0).unwrap();
    other.write(t2, o, 70_000, &[1]).unwrap();
    bad(offload_write(&mut c, tree, dst, 0, 4096, 0, &t));
    // Truncation below the range.
    let t = token(&mut c, 0);
    other.set_end_of_file(t2, o, 65536 + 512).unwrap();
    bad(offload_write(&mut c, tree, dst, 0, 4096, 0, &t));
    other.set_end_of_file(t2, o, 1 << 20).unwrap();
    // Time: a token asked to live one second is gone after two.
    let t = token(&mut c, 1000);
    e.advance(std::time::Duration::from_secs(2));
    bad(offload_write(&mut c, tree, dst, 0, 4096, 0, &t));
    // The default lifetime outlasts a short wait.
    let t = token(&mut c, 0);
    e.advance(std::time::Duration::from_secs(2));
    assert_eq!(
        written(&offload_write(&mut c, tree, dst, 0, 4096, 0, &t)),
        4096
    );
    // Closing the source.
    let t = token(&mut c, 0);
    c.close(tree, src).unwrap();
    bad(offload_write(&mut c, tree, dst, 0, 4096, 0, &t));
    // Tokens that were never made here.
    let mut forged = t.clone();
    forged.id[0] ^= 1;
    bad(offload_write(&mut c, tree, dst, 0, 4096, 0, &forged));
    forged.token_type = 7;
    bad(offload_write(&mut c, tree, dst, 0, 4096, 0, &forged));
    assert!(e.server.offload.len() <= 2);
}

/// The checks MS-FSA puts before an offload read or write, with Windows' statuses.
#[test]
fn offload_requests_are_checked_as_windows_checks_them() {
    let e = Engine::new();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let (f, _) = c.create(tree, "c.bin", RW, 5, 0).unwrap();
    c.write(tree, f, 0, &pattern(65536, 3)).unwrap();
    let st = |r: client::Response| r.status();
    // Misaligned offset or length; offset past the end; overflow.
    assert_eq!(
        st(offload_read(&mut c, tree, f, 100, 512, 0)),
        NtStatus::INVALID_PARAMETER
    );
    assert_eq!(
        st(offload_read(&mut c, tree, f, 0, 513, 0)),
        NtStatus::INVALID_PARAMETER
    );
    assert_eq!(
        st(offload_read(&mut c, tree, f, 65536, 512, 0)),
        NtStatus::END_OF_FILE
    );
    assert_eq!(
        st(offload_read(&mut c, tree, f, u64::MAX - 511, 512, 0)),
        NtStatus::INVALID_PARAMETER
    );
    // Buffers too small, a wrong Size.
    let short = ioctl_body(fsctl::OFFLOAD_READ, f, &[0; 16], 4096);
    assert_eq!(
        c.request(Command::IOCTL, tree, &short).unwrap().status(),
        NtStatus::BUFFER_TOO_SMALL
    );
    let mut input = Vec::new();
    OffloadReadInput {
        size: 0x20,
        flags: 0,
        token_ttl_ms: 0,
        file_offset: 0,
        copy_length: 512,
    }
    .encode(&mut input);
    let small_out = ioctl_body(fsctl::OFFLOAD_READ, f, &input, 16);
    assert_eq!(
        c.request(Command::IOCTL, tree, &small_out)
            .unwrap()
            .status(),
        NtStatus::BUFFER_TOO_SMALL
    );
    input[0] = 0x21;
    let bad_size = ioctl_body(fsctl::OFFLOAD_READ, f, &input, 4096);
    assert_eq!(
        c.request(Command::IOCTL, tree, &bad_size).unwrap().status(),
        NtStatus::INVALID_PARAMETER
    );
    // Access: reading needs read data, writing needs write data.
    let (wo, _) = c
        .create(tree, "c.bin", access::FILE_WRITE_DATA, 1, 0)
        .unwrap();
    assert_eq!(
        st(offload_read(&mut c, tree, wo, 0, 512, 0)),
        NtStatus::ACCESS_DENIED
    );
    let t = token_of(&offload_read(&mut c, tree, f, 0, 4096, 0)).token;
    let (ro, _) = c
        .create(tree, "c.bin", access::FILE_READ_DATA, 1, 0)
        .unwrap();
    assert_eq!(
        st(offload_write(&mut c, tree, ro, 0, 512, 0, &t)),
        NtStatus::ACCESS_DENIED
    );
    // Writes: misaligned, past the target's end, a TransferOffset past the token.
    assert_eq!(
        st(offload_write(&mut c, tree, f, 1, 512, 0, &t)),
        NtStatus::INVALID_PARAMETER
    );
    assert_eq!(
        st(offload_write(&mut c, tree, f, 65536, 512, 0, &t)),
        NtStatus::END_OF_FILE
    );
    assert_eq!(
        st(offload_write(&mut c, tree, f, 0, 512, 4096, &t)),
        NtStatus::INVALID_PARAMETER
    );
    // Sparse files are not offloaded.
    let r = c
        .request(
            Command::IOCTL,
            tree,
            &ioctl_body(fsctl::SET_SPARSE, f, &[], 0),
        )
        .unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);
    assert_eq!(
        st(offload_read(&mut c, tree, f, 0, 512, 0)),
        NtStatus::OFFLOAD_READ_FILE_NOT_SUPPORTED
    );
    assert_eq!(
        st(offload_write(
            &mut c,
            tree,
            f,
            0,
            512,
            0,
            &OffloadToken::zero()
        )),
        NtStatus::OFFLOAD_WRITE_FILE_NOT_SUPPORTED
    );
}

/// Tokens are bounded per session: a session that keeps asking retires its own oldest
/// tokens, and its tokens go when it logs off.
#[test]
fn offload_tokens_are_bounded_per_session() {
    let e = Engine::new();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let (f, _) = c.create(tree, "t.bin", RW, 5, 0).unwrap();
    c.write(tree, f, 0, &pattern(65536, 5)).unwrap();
    let first = token_of(&offload_read(&mut c, tree, f, 0, 512, 0)).token;
    for _ in 0..smb_server::limits::OFFLOAD_TOKENS_PER_SESSION + 10 {
        token_of(&offload_read(&mut c, tree, f, 0, 512, 0));
    }
    assert_eq!(
        e.server.offload.len(),
        smb_server::limits::OFFLOAD_TOKENS_PER_SESSION
    );
    let r = offload_write(&mut c, tree, f, 4096, 512, 0, &first);
    assert_eq!(r.status(), NtStatus::INVALID_TOKEN);
    let r = c.request(Command::LOGOFF, 0, &[4, 0, 0, 0]).unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);
    assert_eq!(e.server.offload.len(), 0);
}

/// Block cloning needs a file system that shares blocks: this share's does not, so it
/// does not advertise FILE_SUPPORTS_BLOCK_REFCOUNTING and refuses the FSCTL as NTFS does
/// (STATUS_INVALID_DEVICE_REQUEST), both forms.
#[test]
fn duplicate_extents_is_refused_where_blocks_cannot_be_shared() {
    let e = Engine::new();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let (a, _) = c.create(tree, "x.bin", RW, 5, 0).unwrap();
    c.write(tree, a, 0, &pattern(8192, 1)).unwrap();
    let (b, _) = c.create(tree, "y.bin", RW, 5, 0).unwrap();
    c.set_end_of_file(tree, b, 8192).unwrap();
    let fs_attrs = c.query_info(tree, a, 2, 5).unwrap();
    let caps = u32::from_le_bytes(fs_attrs[..4].try_into().unwrap());
    assert_eq!(caps & 0x0800_0000, 0, "FILE_SUPPORTS_BLOCK_REFCOUNTING");
    for ex in [false, true] {
        let mut input = Vec::new();
        fsctl::DuplicateExtents {
            source_persistent: a.persistent,
            source_volatile: a.volatile,
            source_offset: 0,
            target_offset: 0,
            byte_count: 4096,
            source_atomic: false,
        }
        .encode(&mut input, ex);
        let code = if ex {
            fsctl::DUPLICATE_EXTENTS_TO_FILE_EX
        } else {
            fsctl::DUPLICATE_EXTENTS_TO_FILE
        };
        let r = c
            .request(Command::IOCTL, tree, &ioctl_body(code, b, &input, 0))
            .unwrap();
        assert_eq!(r.status(), NtStatus::INVALID_DEVICE_REQUEST);
    }
}
