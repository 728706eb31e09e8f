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
        let body = set_info_body(f, 1, 11, &info);
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
    // A doubled separator is one, as Windows and Samba take it.
    std::fs::write(eng.dir.path().join("dir").join("inner.txt"), b"y").unwrap();
    let (f, size) = c.create(tree, "dir\\\\inner.txt", read, 1, 0).unwrap();
    assert_eq!(size, 1);
    c.close(tree, f).unwrap();
    // A leading one is not (MS-SMB2 3.3.5.9).
    let e = err(c.create(tree, "\\dir\\inner.txt", read, 1, 0));
    assert!(e.contains("INVALID_PARAMETER"), "{e}");
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

/// A CHANGE_NOTIFY answer's changes: (action, name).
fn notify_changes(r: &client::Response) -> Vec<(u32, String)> {
    let b = r.body();
    let off = usize::from(u16::from_le_bytes([b[2], b[3]]));
    let len = u32::from_le_bytes(b[4..8].try_into().unwrap()) as usize;
    let out = &r.msg[off..off + len];
    let mut v = Vec::new();
    let mut at = 0;
    while at + 12 <= out.len() {
        let next = u32::from_le_bytes(out[at..at + 4].try_into().unwrap()) as usize;
        let action = u32::from_le_bytes(out[at + 4..at + 8].try_into().unwrap());
        let n = u32::from_le_bytes(out[at + 8..at + 12].try_into().unwrap()) as usize;
        let units: Vec<u16> = out[at + 12..at + 12 + n]
            .chunks_exact(2)
            .map(|p| u16::from_le_bytes([p[0], p[1]]))
            .collect();
        v.push((action, String::from_utf16(&units).unwrap()));
        if next == 0 {
            break;
        }
        at += next;
    }
    v
}

/// SET_INFO FileRenameInformation: `f` to `to` (replacing).
fn rename(c: &mut client::Client, tree: u32, f: client::FileId, to: &str) {
    let name: Vec<u8> = to.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let mut info = vec![1u8, 0, 0, 0, 0, 0, 0, 0];
    info.extend_from_slice(&0u64.to_le_bytes());
    info.extend_from_slice(&(name.len() as u32).to_le_bytes());
    info.extend_from_slice(&name);
    let body = set_info_body(f, 1, 10, &info);
    let r = c.request(Command::SET_INFO, tree, &body).unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS, "rename to {to}");
}

/// CHANGE_NOTIFY as Windows keeps it (smbtorture smb2.notify.mask-change, rec): the
/// handle's first request fixes what it watches; a rename within a directory is old and
/// new name, across directories a removal and an addition; a watcher of attributes only
/// sees a renamed file as modified; two requests pending on one handle share the changes,
/// the older taking the first.
#[test]
fn change_notify_watches_as_windows_does() {
    const FILE_NAME: u32 = 0x1;
    const ATTRIBUTES: u32 = 0x4;
    const DELETE: u32 = 0x0001_0000;
    let e = Engine::new();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let dir = create_options::DIRECTORY_FILE;
    let (sub, _) = c
        .create(tree, "sub", access::FILE_READ_DATA, 2, dir)
        .unwrap();
    let (root, _) = c.create(tree, "", access::FILE_READ_DATA, 1, dir).unwrap();
    let rw = access::FILE_READ_DATA | access::FILE_WRITE_DATA | DELETE;
    // A names watcher of the tree: moves across directories and renames within one.
    let body = change_notify_body(root, 1, FILE_NAME);
    let r = c.send_request(Command::CHANGE_NOTIFY, tree, &body).unwrap();
    let (z, _) = c.create(tree, "z.txt", rw, 2, 0).unwrap();
    assert_eq!(
        notify_changes(&c.wait(r).unwrap()),
        vec![(1, "z.txt".into())]
    );
    let (f, _) = c.create(tree, "sub\\a.txt", rw, 2, 0).unwrap();
    rename(&mut c, tree, f, "b.txt");
    rename(&mut c, tree, f, "c.txt");
    let got = notify_changes(&c.request(Command::CHANGE_NOTIFY, tree, &body).unwrap());
    let want: Vec<(u32, String)> = vec![
        (1, "sub\\a.txt".into()),
        (2, "sub\\a.txt".into()),
        (1, "b.txt".into()),
        (4, "b.txt".into()),
        (5, "c.txt".into()),
    ];
    assert_eq!(got, want);
    // An attributes watcher of "" (set by its first request; a later request asking for
    // names changes nothing): the renamed file is modified, nothing else shows.
    let (h, _) = c.create(tree, "", access::FILE_READ_DATA, 1, dir).unwrap();
    let attrs = change_notify_body(h, 0, ATTRIBUTES);
    let first = c
        .send_request(Command::CHANGE_NOTIFY, tree, &attrs)
        .unwrap();
    rename(&mut c, tree, z, "z2.txt");
    assert_eq!(
        notify_changes(&c.wait(first).unwrap()),
        vec![(3, "z2.txt".into())]
    );
    let names = change_notify_body(h, 0, FILE_NAME | ATTRIBUTES);
    let r1 = c
        .send_request(Command::CHANGE_NOTIFY, tree, &names)
        .unwrap();
    let r2 = c
        .send_request(Command::CHANGE_NOTIFY, tree, &names)
        .unwrap();
    let (g, _) = c.create(tree, "g.txt", rw, 2, 0).unwrap();
    rename(&mut c, tree, g, "g2.txt");
    rename(&mut c, tree, g, "g3.txt");
    assert_eq!(
        notify_changes(&c.wait(r1).unwrap()),
        vec![(3, "g2.txt".into())]
    );
    assert_eq!(
        notify_changes(&c.wait(r2).unwrap()),
        vec![(3, "g3.txt".into())]
    );
    for x in [f, g, h, z, root, sub] {
        c.close(tree, x).unwrap();
    }
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
    let names = |r: &client::Response| -> Vec<String> {
        notify_changes(r).into_iter().map(|(_, n)| n).collect()
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

/// A CHANGE_NOTIFY ends when nothing more can come on its handle: with DELETE_PENDING once
/// another handle has deleted the directory (it goes when the last handle closes), and
/// with NOTIFY_CLEANUP when its session logs off (smbtorture smb2.notify.rmdir1-4,
/// logoff).
#[test]
fn a_pending_change_notify_ends_when_its_directory_or_session_does() {
    const DIR_NAME: u32 = 0x2;
    const DELETE: u32 = 0x0001_0000;
    let e = Engine::new();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let dir = create_options::DIRECTORY_FILE;
    let all = access::FILE_READ_DATA | DELETE;
    let (d, _) = c.create(tree, "gone", all, 2, dir).unwrap();
    let waiting = c
        .send_request(
            Command::CHANGE_NOTIFY,
            tree,
            &change_notify_body(d, 0, DIR_NAME),
        )
        .unwrap();
    // Another handle opened delete-on-close, closed: the directory is delete-pending.
    let (mut other, _w2) = e.client();
    let t2 = other.tree_connect(SHARE).unwrap();
    let doc = dir | create_options::DELETE_ON_CLOSE;
    let (h, _) = other.create(t2, "gone", all, 1, doc).unwrap();
    other.close(t2, h).unwrap();
    assert_eq!(c.wait(waiting).unwrap().status(), NtStatus::DELETE_PENDING);
    c.close(tree, d).unwrap();
    assert!(!e.dir.path().join("gone").exists());
    // LOGOFF with a CHANGE_NOTIFY pending on the root.
    let (root, _) = c.create(tree, "", access::FILE_READ_DATA, 1, dir).unwrap();
    let waiting = c
        .send_request(
            Command::CHANGE_NOTIFY,
            tree,
            &change_notify_body(root, 0, DIR_NAME),
        )
        .unwrap();
    let r = c.request(Command::LOGOFF, 0, &[4, 0, 0, 0]).unwrap();
    assert_eq!(r.status(), NtStatus::SUCCESS);
    assert_eq!(c.wait(waiting).unwrap().status(), NtStatus::NOTIFY_CLEANUP);
}

/// ".." in a name takes back the component before it, as Windows resolves names before
/// looking them up; climbing above the share's root is OBJECT_PATH_SYNTAX_BAD.
#[test]
fn dot_dot_in_a_name_is_resolved_inside_the_share() {
    let e = Engine::new();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let dir = create_options::DIRECTORY_FILE;
    let (a, _) = c.create(tree, "a", access::FILE_READ_DATA, 2, dir).unwrap();
    let (f, _) = c
        .create(tree, "a\\zqy\\..\\f.txt", access::FILE_WRITE_DATA, 2, 0)
        .unwrap();
    assert!(e.dir.path().join("a/f.txt").exists());
    let (up, _) = c
        .create(tree, "a\\..", access::FILE_READ_DATA, 1, dir)
        .unwrap();
    for h in [a, f, up] {
        c.close(tree, h).unwrap();
    }
    let r = c.create(tree, "a\\..\\..\\x", access::FILE_READ_DATA, 1, 0);
    assert!(
        matches!(&r, Err(client::Error::Status(_, s)) if *s == NtStatus::OBJECT_PATH_SYNTAX_BAD),
        "{:?}",
        r.err()
    );
}

/// MS-FSA 2.1.5.14.2: a write time set through a handle, or frozen there with -1, is
/// kept through that handle's own writes; -2 thaws it (smbtorture
/// smb2.timestamps.freeze-thaw checks the values, this the writes).
#[test]
fn a_handle_keeps_the_write_time_it_set_or_froze() {
    let e = Engine::new();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let rw = access::FILE_READ_DATA | access::FILE_WRITE_DATA | access::FILE_WRITE_ATTRIBUTES;
    let (f, _) = c.create(tree, "kept.txt", rw, 2, 0).unwrap();
    let path = e.dir.path().join("kept.txt");
    // In FILETIME units (100 ns), what a client sees.
    let mtime = || {
        let t = std::fs::metadata(&path).unwrap().modified().unwrap();
        t.duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() / 100
    };
    let set_write_time = |c: &mut client::Client, t: u64| {
        let info = le(&[
            &0u64.to_le_bytes(),
            &0u64.to_le_bytes(),
            &t.to_le_bytes(),
            &0u64.to_le_bytes(),
            &0u32.to_le_bytes(),
            &0u32.to_le_bytes(),
        ]);
        let r = c
            .request(Command::SET_INFO, tree, &set_info_body(f, 1, 4, &info))
            .unwrap();
        assert_eq!(r.status().to_string(), "STATUS_SUCCESS");
    };
    let pause = || std::thread::sleep(std::time::Duration::from_millis(20));
    c.write(tree, f, 0, b"first").unwrap();
    // Frozen: the handle's writes leave the time where it was.
    set_write_time(&mut c, u64::MAX);
    let frozen = mtime();
    pause();
    c.write(tree, f, 5, b" second").unwrap();
    assert_eq!(
        mtime(),
        frozen,
        "a write through a frozen handle moved the time"
    );
    // Thawed (-2 sets nothing itself): writes move it again.
    set_write_time(&mut c, u64::MAX - 1);
    assert_eq!(mtime(), frozen, "-2 is no time to set");
    pause();
    c.write(tree, f, 0, b"third").unwrap();
    assert!(mtime() > frozen, "a write after the thaw left the time");
    // Set explicitly (2001-01-01): kept through the handle's writes too.
    let t2001: u64 = 126_227_808_000_000_000;
    set_write_time(&mut c, t2001);
    c.write(tree, f, 0, b"fourth").unwrap();
    assert_eq!(
        mtime() / 10_000_000,
        978_307_200,
        "the set time was not kept"
    );
    assert_eq!(std::fs::read(&path).unwrap(), b"fourthsecond");
    // Another handle's write moves the time; the keeping handle's next write leaves it
    // where that write put it (it keeps the time from moving, not a value).
    let (g, _) = c.create(tree, "kept.txt", rw, 1, 0).unwrap();
    c.write(tree, g, 0, b"other").unwrap();
    let moved = mtime();
    assert!(moved / 10_000_000 > 978_307_200);
    pause();
    c.write(tree, f, 0, b"fifth").unwrap();
    assert_eq!(mtime(), moved);
}

/// The write time a client sees of `f` (FileBasicInformation).
fn write_time(c: &mut client::Client, tree: u32, f: client::FileId) -> u64 {
    let b = c.query_info(tree, f, 1, 4).unwrap();
    u64::from_le_bytes(b[16..24].try_into().unwrap())
}

/// CLOSE asking for the attributes after it: the write time it reports.
fn close_reporting_write_time(c: &mut client::Client, tree: u32, f: client::FileId) -> u64 {
    let body = le(&[
        &24u16.to_le_bytes(),
        &1u16.to_le_bytes(),
        &[0; 4],
        &fid_bytes(f),
    ]);
    let r = c.request(Command::CLOSE, tree, &body).unwrap();
    assert_eq!(r.status().to_string(), "STATUS_SUCCESS");
    u64::from_le_bytes(r.body()[24..32].try_into().unwrap())
}

/// Windows Server (2016, as smbtorture's smb2.timestamps.delayed-* record it) and Samba
/// move the write time two seconds after a handle's first write, not at the write; a
/// FLUSH moves it at once; later writes through the handle move it only at its close;
/// the file system gets the time at the last close.
#[test]
fn the_write_time_moves_two_seconds_after_a_write_or_at_a_flush() {
    let e = Engine::new();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let rw = access::FILE_READ_DATA
        | access::FILE_WRITE_DATA
        | access::FILE_READ_ATTRIBUTES
        | access::FILE_WRITE_ATTRIBUTES;
    // Time passes for the file system and the engine alike.
    let pause = || {
        std::thread::sleep(std::time::Duration::from_millis(20));
        e.advance(std::time::Duration::from_millis(20));
    };
    let (f, _) = c.create(tree, "lazy.txt", rw, 2, 0).unwrap();
    let (g, _) = c
        .create(tree, "lazy.txt", access::FILE_READ_ATTRIBUTES, 1, 0)
        .unwrap();
    let made = write_time(&mut c, tree, f);
    pause();
    c.write(tree, f, 0, b"one").unwrap();
    assert_eq!(
        write_time(&mut c, tree, f),
        made,
        "the write moved the time at once"
    );
    assert_eq!(
        write_time(&mut c, tree, g),
        made,
        "another handle saw the write's time"
    );
    e.advance(std::time::Duration::from_secs(3));
    let updated = write_time(&mut c, tree, g);
    assert!(updated > made, "no update two seconds after the write");
    // A second write through the handle: no new update until it closes.
    c.write(tree, f, 3, b"two").unwrap();
    e.advance(std::time::Duration::from_secs(3));
    assert_eq!(
        write_time(&mut c, tree, f),
        updated,
        "a later write moved the time"
    );
    let closed = close_reporting_write_time(&mut c, tree, f);
    assert!(closed > updated, "the close after a write left the time");
    assert_eq!(write_time(&mut c, tree, g), closed);
    c.close(tree, g).unwrap();
    // The last close gave the file system the time the clients saw.
    let path = e.dir.path().join("lazy.txt");
    let disk = std::fs::metadata(&path).unwrap().modified().unwrap();
    let disk = disk
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos()
        / 100;
    assert_eq!(disk as u64 + smb_wire::filetime::UNIX_EPOCH, closed);
    assert_eq!(std::fs::read(&path).unwrap(), b"onetwo");

    // A FLUSH after a write moves the time at once; the close then leaves it.
    let (f, _) = c.create(tree, "lazy.txt", rw, 1, 0).unwrap();
    let before = write_time(&mut c, tree, f);
    pause();
    c.write(tree, f, 0, b"ONE").unwrap();
    assert_eq!(write_time(&mut c, tree, f), before);
    c.flush(tree, f).unwrap();
    let flushed = write_time(&mut c, tree, f);
    assert!(flushed > before, "the flush left the time");
    pause();
    assert_eq!(close_reporting_write_time(&mut c, tree, f), flushed);
}

/// A share set for immediate write-time updates moves the time at each write, as
/// Windows Server 2019 and later do.
#[test]
fn an_immediate_share_moves_the_write_time_at_the_write() {
    let e = Engine::with_share(smb_server::ServerConfig::default(), |s| {
        s.immediate_write_time = true
    });
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let rw = access::FILE_READ_DATA | access::FILE_WRITE_DATA | access::FILE_READ_ATTRIBUTES;
    let (f, _) = c.create(tree, "now.txt", rw, 2, 0).unwrap();
    let made = write_time(&mut c, tree, f);
    std::thread::sleep(std::time::Duration::from_millis(20));
    c.write(tree, f, 0, b"one").unwrap();
    let written = write_time(&mut c, tree, f);
    assert!(written > made, "the write left the time");
    std::thread::sleep(std::time::Duration::from_millis(20));
    c.write(tree, f, 0, b"two").unwrap();
    assert!(
        write_time(&mut c, tree, f) > written,
        "a second write left the time"
    );
}

/// A version 2 lease context asking for `state` on `key`.
fn lease_v2(key: [u8; 16], state: u32) -> (&'static [u8], Vec<u8>) {
    let l = smb_wire::msg::LeaseContext {
        key,
        state,
        v2: true,
        ..Default::default()
    };
    (smb_wire::msg::create_tag::LEASE, l.encode())
}

/// The lease state a CREATE answer grants (its RqLs context).
fn granted_lease(r: &client::Response) -> u32 {
    let b = &r.msg[64..];
    let (off, len) = (
        u32::from_le_bytes(b[80..84].try_into().unwrap()) as usize,
        u32::from_le_bytes(b[84..88].try_into().unwrap()) as usize,
    );
    let ctxs = smb_wire::msg::parse_create_contexts(&r.msg[off..off + len]).unwrap();
    let l = ctxs
        .iter()
        .find(|c| c.name == smb_wire::msg::create_tag::LEASE)
        .expect("lease granted");
    smb_wire::msg::LeaseContext::parse(l.data).unwrap().state
}

/// A lease holder whose connection drops while a break is on its way to it: its durable
/// open is closed by the open that needed the break, which gets the whole lease, as when
/// the drop is seen before the open (smbtorture smb2.durable-open.lease, whose result
/// depended on which the server saw first).
#[test]
fn a_break_to_a_client_that_left_closes_its_durable_open() {
    let e = Engine::new();
    let rwh = 7;
    let dh2q = |g: u8| (&b"DH2Q"[..], [&[0u8; 16][..], &[g; 16]].concat());
    let rw = access::FILE_READ_DATA | access::FILE_WRITE_DATA;
    let (mut a, wa) = e.client();
    let ta = a.tree_connect(SHARE).unwrap();
    let body = create_body_with("dl.txt", 0xff, rw, 7, 3, &[lease_v2([1; 16], rwh), dh2q(5)]);
    let r = a.request(Command::CREATE, ta, &body).unwrap();
    assert_eq!(granted_lease(&r), rwh);
    let (mut b, _wb) = e.client();
    let tb = b.tree_connect(SHARE).unwrap();
    let body = create_body_with("dl.txt", 0xff, rw, 7, 1, &[lease_v2([2; 16], rwh), dh2q(6)]);
    let id = b.send_request(Command::CREATE, tb, &body).unwrap();
    // The break went to the holder's connection, which drops without answering.
    wa.drop_connection();
    let r = b.wait(id).unwrap();
    assert_eq!(r.status().to_string(), "STATUS_SUCCESS");
    assert_eq!(
        granted_lease(&r),
        rwh,
        "the departed holder kept part of the lease"
    );
}

/// A read-only share makes nothing, whatever the disposition: OPEN_IF of a missing
/// file, directory or stream is refused (and makes no stream depot).
#[test]
fn a_read_only_share_creates_nothing() {
    let e = Engine::with_share(smb_server::ServerConfig::default(), |s| s.read_only = true);
    std::fs::write(e.dir.path().join("there.txt"), b"x").unwrap();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let r = access::FILE_READ_DATA;
    let denied = |c: &mut client::Client, name: &str, options: u32| match c
        .create(tree, name, r, 3, options)
    {
        Err(client::Error::Status(_, s)) => s == NtStatus::ACCESS_DENIED,
        _ => false,
    };
    assert!(denied(&mut c, "new.txt", 0));
    assert!(denied(&mut c, "newdir", create_options::DIRECTORY_FILE));
    assert!(denied(&mut c, "new.txt:s", 0));
    assert!(denied(&mut c, "there.txt:s", 0));
    let (f, _) = c.create(tree, "there.txt", r, 3, 0).unwrap();
    c.close(tree, f).unwrap();
    for made in ["new.txt", "newdir", ".smbdirectd-streams"] {
        assert!(!e.dir.path().join(made).exists(), "{made} made");
    }
}

/// As Windows: renaming a file first costs the other leases on it their handle caching,
/// and the rename waits for them to acknowledge (smbtorture smb2.lease.rename_wait); a
/// break left unanswered ends, at its timeout, with the lease holding nothing
/// (smb2.lease.timeout), and the rename goes ahead.
#[test]
fn a_rename_waits_for_the_other_leases_to_give_up_their_handles() {
    const R: u32 = 1;
    const H: u32 = 2;
    let e = Engine::new();
    let (mut c, w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let all_share = 7;
    let open =
        |c: &mut client::Client, name: &str, key: u8, state: u32, desired: u32, disp: u32| {
            let body = create_body_with(
                name,
                0xff,
                desired,
                all_share,
                disp,
                &[lease_v2([key; 16], state)],
            );
            let r = c.request(Command::CREATE, tree, &body).unwrap();
            assert_eq!(r.status().to_string(), "STATUS_SUCCESS", "open {name}");
            let b = &r.msg[64..];
            let f = client::FileId {
                persistent: u64::from_le_bytes(b[64..72].try_into().unwrap()),
                volatile: u64::from_le_bytes(b[72..80].try_into().unwrap()),
            };
            (f, granted_lease(&r))
        };
    let rename_body = |f: client::FileId, to: &str| {
        let n = utf16(to);
        let info = le(&[
            &[1],
            &[0; 7],
            &0u64.to_le_bytes(),
            &(n.len() as u32).to_le_bytes(),
            &n,
        ]);
        set_info_body(f, 1, 10, &info)
    };
    for (round, acknowledged) in [(1u8, true), (2, false)] {
        let (src, dst) = (format!("src{round}.txt"), format!("dst{round}.txt"));
        let (h1, l1) = open(&mut c, &src, round * 16 + 1, R | H, access::GENERIC_ALL, 2);
        let (_h2, l2) = open(
            &mut c,
            &src,
            round * 16 + 2,
            R | H,
            access::FILE_READ_DATA,
            1,
        );
        assert_eq!((l1, l2), (R | H, R | H));
        let id = c
            .send_request(Command::SET_INFO, tree, &rename_body(h1, &dst))
            .unwrap();
        // The break of the other lease came before anything else: RH to R, to be
        // acknowledged.
        let brk = c.wait(u64::MAX).unwrap();
        let b = &brk.msg[64..];
        assert_eq!(
            u32::from_le_bytes(b[4..8].try_into().unwrap()),
            1,
            "ack required"
        );
        assert_eq!(&b[8..24], &[round * 16 + 2; 16]);
        assert_eq!(
            (
                u32::from_le_bytes(b[24..28].try_into().unwrap()),
                u32::from_le_bytes(b[28..32].try_into().unwrap())
            ),
            (R | H, R)
        );
        // The rename waits: the new name is not there yet.
        let look = create_body_with(&dst, 0, access::FILE_READ_ATTRIBUTES, all_share, 1, &[]);
        let r = c.request(Command::CREATE, tree, &look).unwrap();
        assert_eq!(r.status().to_string(), "STATUS_OBJECT_NAME_NOT_FOUND");
        assert!(!e.dir.path().join(&dst).exists());
        if acknowledged {
            let mut ack = le(&[&36u16.to_le_bytes(), &[0; 6]]);
            ack.extend_from_slice(&[round * 16 + 2; 16]);
            ack.extend_from_slice(&R.to_le_bytes());
            ack.extend_from_slice(&[0; 8]);
            let r = c.request(Command::OPLOCK_BREAK, tree, &ack).unwrap();
            assert_eq!(r.status().to_string(), "STATUS_SUCCESS", "ack");
        } else {
            e.advance(std::time::Duration::from_secs(36));
            assert!(w.wants_poll() || w.poll_timeout().is_some());
        }
        let done = c.wait(id).unwrap();
        assert_eq!(done.status().to_string(), "STATUS_SUCCESS", "rename");
        assert!(e.dir.path().join(&dst).exists() && !e.dir.path().join(&src).exists());
        if !acknowledged {
            // Unanswered: the lease kept nothing (an open naming it and asking for
            // nothing more sees its state).
            let (_, l) = open(&mut c, &dst, round * 16 + 2, 0, access::FILE_READ_DATA, 1);
            assert_eq!(l, 0, "a break left unanswered ends at none");
        }
    }
    // In a compound, CREATE then a related rename (FileId all ones): the rename waits
    // the same way and, run again, still finds the CREATE's handle.
    let (_h, _) = open(&mut c, "src3.txt", 0x32, R | H, access::FILE_READ_DATA, 2);
    let stale = client::FileId {
        persistent: u64::MAX,
        volatile: u64::MAX,
    };
    let create = create_body_with("src3.txt", 0, access::GENERIC_ALL, all_share, 1, &[]);
    let rename = rename_body(stale, "dst3.txt");
    let parts: Vec<(Command, u32, bool, &[u8])> = vec![
        (Command::CREATE, tree, false, &create),
        (Command::SET_INFO, tree, true, &rename),
    ];
    let ids = c.send_compound(&parts, &mut |_, _| {}).unwrap();
    assert_eq!(
        c.wait(ids[0]).unwrap().status().to_string(),
        "STATUS_SUCCESS"
    );
    let brk = c.wait(u64::MAX).unwrap();
    assert_eq!(&brk.msg[64 + 8..64 + 24], &[0x32; 16]);
    e.advance(std::time::Duration::from_secs(36));
    let done = c.wait(ids[1]).unwrap();
    assert_eq!(
        done.status().to_string(),
        "STATUS_SUCCESS",
        "related rename"
    );
    assert!(e.dir.path().join("dst3.txt").exists());
}

/// A new file whose creator gives a DACL also gets what its directory passes on: the
/// creator's ACEs first, then the inherited ones (MS-DTYP 2.5.3.4.1 with DACL
/// auto-inheritance, as NTFS creates files), unless the creator protected its DACL.
#[test]
fn a_given_dacl_is_merged_with_the_inherited_one_unless_protected() {
    use smb_wire::secdesc::{ace, acl_of, sid_from_str, SecDesc};
    let e = Engine::new();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let sid = |s: &str| sid_from_str(s).unwrap();
    let sd = |control: u16, aces: Vec<Vec<u8>>| {
        let d = SecDesc {
            control,
            owner: None,
            group: None,
            dacl: Some(acl_of(&aces)),
            sacl: None,
        };
        (&b"SecD"[..], d.encode(0))
    };
    const PRESENT: u16 = 0x0004;
    const PROTECTED: u16 = 0x1000;
    // (Set auto-inherited, as Windows' ACL editors set a folder's DACL.)
    const AUTO: u16 = 0x0400 | 0x0100;
    let all = 0x001F_01FF;
    // The directory: Users get everything, passed on to files and directories below
    // (OI|CI); Everyone may work in it.
    let parent = sd(
        PRESENT | AUTO,
        vec![
            ace(0, 0x03, all, &sid("S-1-5-32-545")),
            ace(0, 0, all, &sid("S-1-1-0")),
        ],
    );
    let dir = c
        .create_with(
            tree,
            "inh",
            all,
            7,
            2,
            create_options::DIRECTORY_FILE,
            &[parent],
        )
        .unwrap();
    let make = |c: &mut client::Client, name: &str, control: u16| {
        let given = sd(control, vec![ace(0, 0, all, &sid("S-1-5-11"))]);
        let f = c.create_with(tree, name, all, 7, 2, 0, &[given]).unwrap();
        let got = SecDesc::parse(&c.query_info(tree, f.file_id, 3, 0).unwrap()).unwrap();
        let acl = got.dacl.expect("a DACL");
        // (trustee, ACE flags) of each ACE.
        let count = u16::from_le_bytes([acl[4], acl[5]]) as usize;
        let mut at = 8;
        let mut v = Vec::new();
        for _ in 0..count {
            let size = u16::from_le_bytes([acl[at + 2], acl[at + 3]]) as usize;
            v.push((
                smb_wire::secdesc::sid_to_str(&acl[at + 8..at + size]),
                acl[at + 1],
            ));
            at += size;
        }
        v
    };
    assert_eq!(
        make(&mut c, "inh\\merged.txt", PRESENT),
        [
            ("S-1-5-11".to_string(), 0),
            ("S-1-5-32-545".to_string(), 0x10)
        ]
    );
    assert_eq!(
        make(&mut c, "inh\\protected.txt", PRESENT | PROTECTED),
        [("S-1-5-11".to_string(), 0)]
    );
    c.close(tree, dir.file_id).unwrap();
    // Under a directory whose DACL is not auto-inherited, a given DACL is kept as given.
    let manual = sd(PRESENT, vec![ace(0, 0x03, all, &sid("S-1-5-32-545"))]);
    let dir = c
        .create_with(
            tree,
            "manual",
            all,
            7,
            2,
            create_options::DIRECTORY_FILE,
            &[manual],
        )
        .unwrap();
    assert_eq!(
        make(&mut c, "manual\\given.txt", PRESENT),
        [("S-1-5-11".to_string(), 0)]
    );
    c.close(tree, dir.file_id).unwrap();
}
