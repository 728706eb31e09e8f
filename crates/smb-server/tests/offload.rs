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

/// A token names data, not its caller: a session of another connection, of the same user
/// or another, copies with a token a first session made (a copy between two hosts of a
/// cluster, as Windows allows it).
#[test]
fn an_offload_token_serves_another_session_and_another_user() {
    let e = Engine::new();
    let (mut a, _wa) = e.client();
    let ta = a.tree_connect(SHARE).unwrap();
    let data = pattern(1 << 20, 9);
    let (src, _) = a.create(ta, "src.bin", RW, 5, 0).unwrap();
    a.write(ta, src, 0, &data).unwrap();
    let t = token_of(&offload_read(&mut a, ta, src, 0, 1 << 20, 0));
    for (who, pw, name) in [
        (USER, PASSWORD, "same.bin"),
        (USER2, PASSWORD2, "other.bin"),
    ] {
        let (mut b, _wb) = e.client_as(who, pw);
        let tb = b.tree_connect(SHARE).unwrap();
        let (dst, _) = b.create(tb, name, RW, 5, 0).unwrap();
        b.set_end_of_file(tb, dst, 1 << 20).unwrap();
        let r = offload_write(&mut b, tb, dst, 0, 1 << 20, 0, &t.token);
        assert_eq!(written(&r), 1 << 20, "{who}");
        assert!(b.read_all(tb, dst, 1 << 20).unwrap() == data, "{who}");
        b.close(tb, dst).unwrap();
    }
    a.close(ta, src).unwrap();
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
    // (Its TokenIdLength is the whole identifier, 504 big-endian, as Windows sends it.)
    let mut wire = Vec::new();
    z.token.encode(&mut wire);
    assert_eq!(wire[6..8], 504u16.to_be_bytes());
    // A zero token that names no identifier at all is taken as well.
    let bare = OffloadToken {
        token_type: OffloadToken::zero().token_type,
        id: Vec::new(),
    };
    let r = offload_write(&mut c, tree, dst, 0, 4096, 0, &bare);
    assert_eq!(written(&r), 4096);
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

/// Threads of this process named `name`.
fn threads_named(name: &str) -> usize {
    std::fs::read_dir("/proc/self/task")
        .unwrap()
        .filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("comm")).ok())
        .filter(|c| c.trim_end() == name)
        .count()
}

/// A 256 MiB file of 1 MiB blocks that differ, and a zero-filled target as long.
fn big_pair(e: &Engine) -> Vec<u8> {
    const LEN: usize = 256 << 20;
    let block = pattern(1 << 20, 3);
    let mut data = Vec::with_capacity(LEN);
    for i in 0..256u32 {
        data.extend_from_slice(&block);
        let at = data.len() - 4;
        data[at..].copy_from_slice(&i.to_le_bytes());
    }
    std::fs::write(e.dir.path().join("big.bin"), &data).unwrap();
    let t = std::fs::File::create(e.dir.path().join("copy.bin")).unwrap();
    t.set_len(LEN as u64).unwrap();
    data
}

/// Sends an offload write of the whole of `token` into `dst` and waits until a copier
/// thread has it (the worker copies nothing of a long copy itself).
fn start_copy(
    c: &mut client::Client,
    w: &Wire,
    tree: u32,
    dst: client::FileId,
    t: &OffloadToken,
) -> u64 {
    let mut input = Vec::new();
    OffloadWriteInput {
        size: fsctl::OFFLOAD_WRITE_INPUT_LEN as u32,
        flags: 0,
        file_offset: 0,
        copy_length: 256 << 20,
        transfer_offset: 0,
        token: t.clone(),
    }
    .encode(&mut input);
    let body = ioctl_body(fsctl::OFFLOAD_WRITE, dst, &input, 4096);
    let id = c.send_request(Command::IOCTL, tree, &body).unwrap();
    let give_up = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while threads_named("offload-copy") == 0 {
        assert!(std::time::Instant::now() < give_up, "no copier thread");
        assert!(
            w.waiting() <= 1,
            "the copy ended before a copier had it (the interim aside)"
        );
        std::thread::sleep(std::time::Duration::from_micros(200));
    }
    id
}

/// A long offload write runs on a copier thread, not the worker: CANCEL ends it at
/// once (STATUS_CANCELLED), and the copier stops after the step it was in, leaving the
/// rest of the target as it was.
#[test]
fn a_long_offload_copy_runs_off_the_worker_and_stops_when_cancelled() {
    let e = Engine::new();
    let (mut c, w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    big_pair(&e);
    let (src, _) = c.create(tree, "big.bin", RW, 1, 0).unwrap();
    let (dst, _) = c.create(tree, "copy.bin", RW, 1, 0).unwrap();
    let t = token_of(&offload_read(&mut c, tree, src, 0, 256 << 20, 0));
    let id = start_copy(&mut c, &w, tree, dst, &t.token);
    c.cancel(tree, id).unwrap();
    assert_eq!(c.wait(id).unwrap().status(), NtStatus::CANCELLED);
    let give_up = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while threads_named("offload-copy") > 0 {
        assert!(
            std::time::Instant::now() < give_up,
            "the copier did not stop"
        );
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    // The copy stopped after the step it was in: the last half is untouched.
    let tail = c.read(tree, dst, (256 << 20) - (1 << 20), 1 << 20).unwrap();
    assert!(
        tail.iter().all(|b| *b == 0),
        "the copy went on after CANCEL"
    );
    // The connection goes on.
    assert_eq!(c.read(tree, src, 0, 4096).unwrap().len(), 4096);
}

/// A write into the token's range while the copy runs spends the token: the copy ends
/// at the last whole step before it, reporting exactly what it copied, and every byte
/// it reports is the source as the token named it. (A write before the first step has
/// been counted fails the copy with STATUS_INVALID_TOKEN.)
#[test]
fn a_write_into_the_source_during_a_copy_ends_it_exactly() {
    let e = Engine::new();
    let (mut c, w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let data = big_pair(&e);
    let (src, _) = c.create(tree, "big.bin", RW, 3, 0).unwrap();
    let (dst, _) = c.create(tree, "copy.bin", RW, 3, 0).unwrap();
    let t = token_of(&offload_read(&mut c, tree, src, 0, 256 << 20, 0));
    let id = start_copy(&mut c, &w, tree, dst, &t.token);
    // Once the second step has landed (block 15 ends with its number; the first step was
    // counted before it began), the source changes.
    let f = std::fs::File::open(e.dir.path().join("copy.bin")).unwrap();
    let give_up = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let mut b = [0u8; 4];
        std::os::unix::fs::FileExt::read_exact_at(&f, &mut b, (16 << 20) - 4).unwrap();
        if b == 15u32.to_le_bytes() {
            break;
        }
        assert!(
            std::time::Instant::now() < give_up,
            "the second step never landed"
        );
        std::thread::yield_now();
    }
    c.write(tree, src, (256 << 20) - 4096, &[0xaa; 4096])
        .unwrap();
    let n = written(&c.wait(id).unwrap());
    assert!(
        ((8 << 20)..(256 << 20)).contains(&n),
        "the copy ended when the source changed: {n}"
    );
    assert_eq!(n % (8 << 20), 0, "whole steps: {n}");
    let got = c.read_all(tree, dst, 256 << 20).unwrap();
    assert!(
        got[..n as usize] == data[..n as usize],
        "what was reported is the source"
    );
}
