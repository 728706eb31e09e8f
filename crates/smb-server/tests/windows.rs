//! Windows semantics that need no real peer, in memory (see `harness`): each checked
//! against what Windows (and the MS-SMB2/MS-FSA rules it follows) does, with our client.

mod harness;

use client::{access, create_options};
use harness::*;
use smb_wire::header::Command;
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
