//! Windows semantics that need no real peer, in memory (see `harness`): each checked
//! against what Windows (and the MS-SMB2/MS-FSA rules it follows) does, with our client.

mod harness;

use client::{access, create_options};
use harness::*;
use smb_wire::header::Command;
use smb_wire::NtStatus;
use testkit::bodies::*;

/// MS-SMB2 3.3.5.2.7.2: a related request uses the FileId of the previous operation,
/// whatever it wrote itself (Windows clients write all ones; some write a stale id).
#[test]
fn related_requests_use_the_previous_operations_file_id() {
    let e = Engine::new();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let stale = client::FileId {
        persistent: 0x1234,
        volatile: 0x5678,
    };
    let (create, write, read, close) = (
        create_body("chain.txt"),
        write_body(stale, b"compounded"),
        read_body(stale, 10),
        close_body(stale),
    );
    let parts: Vec<(Command, u32, bool, &[u8])> = vec![
        (Command::CREATE, tree, false, &create),
        (Command::WRITE, tree, true, &write),
        (Command::READ, tree, true, &read),
        (Command::CLOSE, tree, true, &close),
    ];
    let ids = c.send_compound(&parts, &mut |_, _| {}).unwrap();
    let answers: Vec<_> = ids.into_iter().map(|id| c.wait(id).unwrap()).collect();
    for (a, what) in answers.iter().zip(["create", "write", "read", "close"]) {
        assert_eq!(a.status().to_string(), "STATUS_SUCCESS", "{what}");
    }
    // The READ's data: at the offset the answer names.
    let r = &answers[2].msg;
    let off = u16::from_le_bytes([r[64 + 2], r[64 + 3]]) as usize;
    assert_eq!(&r[off..off + 10], b"compounded");
    assert_eq!(
        std::fs::read(e.dir.path().join("chain.txt")).unwrap(),
        b"compounded"
    );
}

/// SET_INFO FileLinkInformation makes a hard link (as Windows and Samba do): a second
/// name for the same file; a name taken is refused unless ReplaceIfExists.
#[test]
fn hard_links_are_made() {
    use std::os::unix::fs::MetadataExt;
    let e = Engine::new();
    std::fs::write(e.dir.path().join("taken.txt"), b"other").unwrap();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let rw = access::FILE_READ_DATA | access::FILE_WRITE_DATA;
    let (f, _) = c.create(tree, "orig.txt", rw, 2, 0).unwrap();
    c.write(tree, f, 0, b"linked").unwrap();
    let link = |c: &mut client::Client, name: &str, replace: bool| {
        let n = utf16(name);
        let info = le(&[
            &[u8::from(replace)],
            &[0; 7],
            &0u64.to_le_bytes(),
            &(n.len() as u32).to_le_bytes(),
            &n,
        ]);
        let body = le(&[
            &33u16.to_le_bytes(),
            &[1, 11],
            &(info.len() as u32).to_le_bytes(),
            &96u16.to_le_bytes(),
            &[0, 0],
            &0u32.to_le_bytes(),
            &fid_bytes(f),
            &info,
        ]);
        c.request(Command::SET_INFO, tree, &body)
            .unwrap()
            .status()
            .to_string()
    };
    assert_eq!(link(&mut c, "second.txt", false), "STATUS_SUCCESS");
    let (a, b) = (
        std::fs::metadata(e.dir.path().join("orig.txt")).unwrap(),
        std::fs::metadata(e.dir.path().join("second.txt")).unwrap(),
    );
    assert_eq!((a.ino(), a.nlink()), (b.ino(), 2));
    assert_eq!(
        std::fs::read(e.dir.path().join("second.txt")).unwrap(),
        b"linked"
    );
    assert_eq!(
        link(&mut c, "taken.txt", false),
        "STATUS_OBJECT_NAME_COLLISION"
    );
    assert_eq!(link(&mut c, "taken.txt", true), "STATUS_SUCCESS");
    assert_eq!(
        std::fs::read(e.dir.path().join("taken.txt")).unwrap(),
        b"linked"
    );
    assert_eq!(link(&mut c, "CON", false), "STATUS_OBJECT_NAME_INVALID");
}

/// Status codes Windows gives for names that cannot be opened as asked.
#[test]
fn name_and_kind_errors_get_windows_statuses() {
    let eng = Engine::new();
    std::fs::write(eng.dir.path().join("file.txt"), b"x").unwrap();
    std::fs::create_dir(eng.dir.path().join("dir")).unwrap();
    let (mut c, _w) = eng.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let err = |r: Result<(client::FileId, u64), client::Error>| {
        r.err()
            .map(|e| e.to_string())
            .unwrap_or_else(|| "success".into())
    };
    let dir = create_options::DIRECTORY_FILE;
    let read = access::FILE_READ_DATA;
    // A directory created where a file is: the name is taken.
    let e = err(c.create(tree, "file.txt", read, 2, dir));
    assert!(e.contains("OBJECT_NAME_COLLISION"), "{e}");
    // A file used as a directory in the middle of a path: the path is not found.
    let e = err(c.create(tree, "file.txt\\x", read, 1, 0));
    assert!(e.contains("OBJECT_PATH_NOT_FOUND"), "{e}");
    let e = err(c.create(tree, "file.txt\\x", read, 2, 0));
    assert!(e.contains("OBJECT_PATH_NOT_FOUND"), "{e}");
    // A trailing backslash names a directory: on a file it is an invalid name.
    let e = err(c.create(tree, "file.txt\\", read, 1, 0));
    assert!(e.contains("OBJECT_NAME_INVALID"), "{e}");
    assert!(c.create(tree, "dir\\", read, 1, 0).is_ok());
    let e = err(c.create(tree, "newfile\\", read, 2, 0));
    assert!(e.contains("OBJECT_NAME_INVALID"), "{e}");
    // An empty component.
    let e = err(c.create(tree, "dir\\\\file.txt", read, 1, 0));
    assert!(e.contains("OBJECT_NAME_INVALID"), "{e}");
    // A directory has one link, as on NTFS (FileStandardInformation).
    let (d, _) = c.create(tree, "dir", read, 1, dir).unwrap();
    std::fs::create_dir(eng.dir.path().join("dir").join("sub")).unwrap();
    let info = c.query_info(tree, d, 1, 5).unwrap();
    let links = u32::from_le_bytes(info[16..20].try_into().unwrap());
    assert_eq!(links, 1);
    assert_eq!(info[21], 1, "Directory flag");
}

/// The IOCTL answer's output buffer.
fn ranges(out: &[u8]) -> Vec<(u64, u64)> {
    out.chunks_exact(16)
        .map(|c| {
            (
                u64::from_le_bytes(c[..8].try_into().unwrap()),
                u64::from_le_bytes(c[8..].try_into().unwrap()),
            )
        })
        .collect()
}

/// Sparse files as NTFS keeps them (MS-FSA 2.1.5.9.22/35): the share says it supports
/// them; FSCTL_SET_SPARSE marks a file (FILE_ATTRIBUTE_SPARSE_FILE) and nothing else
/// does; allocated ranges are the whole file until it is marked, then where its data is,
/// as many as the answer can hold.
#[test]
fn sparse_files_are_marked_and_their_holes_reported() {
    const SET_SPARSE: u32 = 0x0009_00C4;
    const QAR: u32 = 0x0009_40CF;
    const SPARSE: u32 = 0x200;
    let e = Engine::new();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let rw = access::FILE_READ_DATA | access::FILE_WRITE_DATA | 0x80 | 0x100;
    let (f, _) = c.create(tree, "s.bin", rw, 2, 0).unwrap();
    let mb = 1u64 << 20;
    c.write(tree, f, 0, &[1u8; 65536]).unwrap();
    c.write(tree, f, 4 * mb, &[2u8; 65536]).unwrap();
    let fs_attrs = c.query_info(tree, f, 2, 5).unwrap();
    let caps = u32::from_le_bytes(fs_attrs[..4].try_into().unwrap());
    assert_ne!(caps & 0x40, 0, "FILE_SUPPORTS_SPARSE_FILES");
    let qar = |c: &mut client::Client, off: u64, len: u64, max: u32| {
        let mut q = off.to_le_bytes().to_vec();
        q.extend_from_slice(&len.to_le_bytes());
        c.request(Command::IOCTL, tree, &ioctl_body(QAR, f, &q, max))
            .unwrap()
    };
    let eof = 4 * mb + 65536;
    // Not marked: allocated throughout, whatever the Linux file holds.
    let r = qar(&mut c, 0, u64::MAX >> 2, 4096);
    assert_eq!(r.status(), NtStatus::SUCCESS);
    assert_eq!(ranges(r.ioctl_output()), vec![(0, eof)]);
    let attributes = |c: &mut client::Client| {
        let basic = c.query_info(tree, f, 1, 4).unwrap();
        u32::from_le_bytes(basic[32..36].try_into().unwrap())
    };
    assert_eq!(attributes(&mut c) & SPARSE, 0);
    // Marked (no buffer means "set"): the attribute shows and the hole is seen.
    let r = c
        .request(Command::IOCTL, tree, &ioctl_body(SET_SPARSE, f, &[], 0))
        .unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);
    assert_ne!(attributes(&mut c) & SPARSE, 0);
    let r = qar(&mut c, 0, eof, 4096);
    assert_eq!(r.status(), NtStatus::SUCCESS);
    let got = ranges(r.ioctl_output());
    assert_eq!(got.len(), 2, "{got:?}");
    assert_eq!(got[0].0, 0);
    assert!(got[0].1 >= 65536 && got[0].1 < 4 * mb, "{got:?}");
    assert!(got[1].0 <= 4 * mb && got[1].0 + got[1].1 == eof, "{got:?}");
    // Room for one entry: that one and BUFFER_OVERFLOW; for none: BUFFER_TOO_SMALL.
    let r = qar(&mut c, 0, eof, 16);
    assert_eq!(r.status(), NtStatus::BUFFER_OVERFLOW);
    assert_eq!(ranges(r.ioctl_output()), got[..1].to_vec());
    let r = qar(&mut c, 0, eof, 8);
    assert_eq!(r.status(), NtStatus::BUFFER_TOO_SMALL);
    // A range past the largest offset is refused.
    let r = qar(&mut c, 1, u64::MAX >> 1, 4096);
    assert_eq!(r.status(), NtStatus::INVALID_PARAMETER);
    // Attributes set by a client keep the mark; unmarking (SetSparse = 0) clears it.
    let r = c
        .request(Command::IOCTL, tree, &ioctl_body(SET_SPARSE, f, &[0], 0))
        .unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);
    assert_eq!(attributes(&mut c) & SPARSE, 0);
    assert_eq!(
        ranges(qar(&mut c, 0, eof, 4096).ioctl_output()),
        vec![(0, eof)]
    );
    // Without write access the mark cannot be set.
    let (ro, _) = c
        .create(tree, "s.bin", access::FILE_READ_DATA, 1, 0)
        .unwrap();
    let r = c
        .request(Command::IOCTL, tree, &ioctl_body(SET_SPARSE, ro, &[], 0))
        .unwrap();
    assert_eq!(r.status(), NtStatus::ACCESS_DENIED);
}

/// Changes made while no CHANGE_NOTIFY is pending on a handle are kept for its next one
/// (Windows keeps them in the handle's change buffer): the second request is answered at
/// once with what happened in between.
#[test]
fn changes_between_two_notify_requests_are_kept_for_the_next() {
    const FILE_NAME: u32 = 0x1;
    let e = Engine::new();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let dir = create_options::DIRECTORY_FILE;
    let (d, _) = c.create(tree, "", access::FILE_READ_DATA, 1, dir).unwrap();
    let names = |r: &client::Response| {
        let out = {
            let b = r.body();
            let off = usize::from(u16::from_le_bytes([b[2], b[3]]));
            let len = u32::from_le_bytes(b[4..8].try_into().unwrap()) as usize;
            r.msg[off..off + len].to_vec()
        };
        let mut v = Vec::new();
        let mut at = 0;
        loop {
            let next = u32::from_le_bytes(out[at..at + 4].try_into().unwrap()) as usize;
            let n = u32::from_le_bytes(out[at + 8..at + 12].try_into().unwrap()) as usize;
            let units: Vec<u16> = out[at + 12..at + 12 + n]
                .chunks_exact(2)
                .map(|p| u16::from_le_bytes([p[0], p[1]]))
                .collect();
            v.push(String::from_utf16(&units).unwrap());
            if next == 0 {
                break v;
            }
            at += next;
        }
    };
    let body = change_notify_body(d, 0, FILE_NAME);
    let first = c.send_request(Command::CHANGE_NOTIFY, tree, &body).unwrap();
    let (a, _) = c
        .create(tree, "a.txt", access::FILE_WRITE_DATA, 2, 0)
        .unwrap();
    let r = c.wait(first).unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);
    assert_eq!(names(&r), vec!["a.txt"]);
    // Nothing pending on the handle now; two more names appear.
    let (b, _) = c
        .create(tree, "b.txt", access::FILE_WRITE_DATA, 2, 0)
        .unwrap();
    let (cc, _) = c
        .create(tree, "c.txt", access::FILE_WRITE_DATA, 2, 0)
        .unwrap();
    let r = c.request(Command::CHANGE_NOTIFY, tree, &body).unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);
    assert_eq!(names(&r), vec!["b.txt", "c.txt"]);
    for f in [a, b, cc, d] {
        c.close(tree, f).unwrap();
    }
}
