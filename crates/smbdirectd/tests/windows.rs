//! Windows semantics that clients depend on, each checked against what Windows (and the
//! MS-SMB2/MS-FSA rules it follows) does: tried with independent clients and our own.

mod common;

use client::{access, create_options};
use common::*;
use smb_wire::header::Command;

/// A client that opens with an SMB1 NEGOTIATE offering SMB2 (the multi-protocol
/// negotiate, MS-SMB2 3.3.5.3.1) is answered as SMB2 message 0 and goes on with message 1:
/// the wildcard form ("SMB 2.???", then an SMB2 NEGOTIATE) and the "SMB 2.002" form.
#[test]
fn a_multi_protocol_negotiate_leads_to_a_working_session() {
    if !require_tool("smbclient") {
        return;
    }
    let s = TestServer::start();
    std::fs::write(s.share.join("hello.txt"), b"hello").unwrap();
    for max in ["SMB3_11", "SMB2_02"] {
        let min = "--option=client min protocol=NT1".to_string();
        let max = format!("--option=client max protocol={max}");
        let o = s.smbclient(&[&min, &max], "ls; get hello.txt got.txt");
        let text = out_text(&o);
        assert!(
            o.status.success(),
            "{max}: {text}\nserver log:\n{}",
            s.log()
        );
        assert!(text.contains("hello.txt"), "{text}");
        assert_eq!(
            std::fs::read(s.dir.path().join("got.txt")).unwrap(),
            b"hello"
        );
        std::fs::remove_file(s.dir.path().join("got.txt")).unwrap();
    }
}

fn utf16(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(u16::to_le_bytes).collect()
}

fn le(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

fn fid_bytes(f: client::FileId) -> Vec<u8> {
    le(&[&f.persistent.to_le_bytes(), &f.volatile.to_le_bytes()])
}

/// CREATE (OPEN_IF, read and write) of `name`.
fn create_body(name: &str) -> Vec<u8> {
    let n = utf16(name);
    le(&[
        &57u16.to_le_bytes(),
        &[0, 0],
        &2u32.to_le_bytes(),
        &[0; 16],
        &(access::FILE_READ_DATA | access::FILE_WRITE_DATA | 0x0010_0000).to_le_bytes(),
        &0x80u32.to_le_bytes(),
        &7u32.to_le_bytes(),
        &3u32.to_le_bytes(),
        &0u32.to_le_bytes(),
        &120u16.to_le_bytes(),
        &(n.len() as u16).to_le_bytes(),
        &0u32.to_le_bytes(),
        &0u32.to_le_bytes(),
        &n,
    ])
}

fn write_body(f: client::FileId, data: &[u8]) -> Vec<u8> {
    le(&[
        &49u16.to_le_bytes(),
        &112u16.to_le_bytes(),
        &(data.len() as u32).to_le_bytes(),
        &0u64.to_le_bytes(),
        &fid_bytes(f),
        &[0; 16],
        data,
    ])
}

fn read_body(f: client::FileId, len: u32) -> Vec<u8> {
    le(&[
        &49u16.to_le_bytes(),
        &[0x50, 0],
        &len.to_le_bytes(),
        &0u64.to_le_bytes(),
        &fid_bytes(f),
        &[0; 17],
    ])
}

fn close_body(f: client::FileId) -> Vec<u8> {
    le(&[&24u16.to_le_bytes(), &[0; 6], &fid_bytes(f)])
}

/// QUERY_INFO of (type, class) on `f`, which must succeed: the answer and where its data
/// starts in the message.
fn query_info(
    c: &mut client::Client,
    tree: u32,
    f: client::FileId,
    info_type: u8,
    class: u8,
) -> (client::Response, usize) {
    let body = le(&[
        &41u16.to_le_bytes(),
        &[info_type, class],
        &4096u32.to_le_bytes(),
        &[0; 16],
        &fid_bytes(f),
    ]);
    let r = c.request(Command::QUERY_INFO, tree, &body).unwrap();
    assert_eq!(r.status().to_string(), "STATUS_SUCCESS");
    let off = u16::from_le_bytes([r.msg[64 + 2], r.msg[64 + 3]]) as usize;
    (r, off)
}

/// MS-SMB2 3.3.5.2.7.2: a related request uses the FileId of the previous operation,
/// whatever it wrote itself (Windows clients write all ones; some write a stale id).
#[test]
fn related_requests_use_the_previous_operations_file_id() {
    let s = TestServer::start();
    let mut c = s.tcp_client();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
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
        std::fs::read(s.share.join("chain.txt")).unwrap(),
        b"compounded"
    );
}

/// SET_INFO FileLinkInformation makes a hard link (as Windows and Samba do): a second
/// name for the same file; a name taken is refused unless ReplaceIfExists.
#[test]
fn hard_links_are_made() {
    use std::os::unix::fs::MetadataExt;
    let s = TestServer::start();
    std::fs::write(s.share.join("taken.txt"), b"other").unwrap();
    let mut c = s.tcp_client();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
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
        std::fs::metadata(s.share.join("orig.txt")).unwrap(),
        std::fs::metadata(s.share.join("second.txt")).unwrap(),
    );
    assert_eq!((a.ino(), a.nlink()), (b.ino(), 2));
    assert_eq!(
        std::fs::read(s.share.join("second.txt")).unwrap(),
        b"linked"
    );
    assert_eq!(
        link(&mut c, "taken.txt", false),
        "STATUS_OBJECT_NAME_COLLISION"
    );
    assert_eq!(link(&mut c, "taken.txt", true), "STATUS_SUCCESS");
    assert_eq!(std::fs::read(s.share.join("taken.txt")).unwrap(), b"linked");
    assert_eq!(link(&mut c, "CON", false), "STATUS_OBJECT_NAME_INVALID");
}

/// Status codes Windows gives for names that cannot be opened as asked.
#[test]
fn name_and_kind_errors_get_windows_statuses() {
    let s = TestServer::start();
    std::fs::write(s.share.join("file.txt"), b"x").unwrap();
    std::fs::create_dir(s.share.join("dir")).unwrap();
    let mut c = s.tcp_client();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
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
    std::fs::create_dir(s.share.join("dir").join("sub")).unwrap();
    let (r, off) = query_info(&mut c, tree, d, 1, 5);
    let links = u32::from_le_bytes(r.msg[off + 16..off + 20].try_into().unwrap());
    assert_eq!(links, 1);
    assert_eq!(r.msg[off + 21], 1, "Directory flag");
}

/// Unmounts what a test mounted, after the server that used it has stopped.
struct Mounted(std::path::PathBuf);

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg(&self.0).status();
    }
}

/// A share on a file system without user extended attributes (ramfs here; tmpfs before
/// Linux 6.6): the server says so at start, offers no EAs or ACLs there, and everyday
/// operations (a touch: SET_INFO FileBasicInformation with times and attributes; a create
/// with a security descriptor) work instead of failing with INTERNAL_ERROR.
#[test]
fn a_share_without_user_xattrs_keeps_working() {
    fn ramfs(share: &std::path::Path) {
        let ok = std::process::Command::new("mount")
            .args(["-t", "ramfs", "none"])
            .arg(share)
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "mounting ramfs (needs root) failed");
    }
    // (Declared first, so dropped after the server, even if the test fails.)
    let _mount: Mounted;
    let srv = TestServer::start_with(Opts {
        prepare_share: Some(ramfs),
        ..Default::default()
    });
    _mount = Mounted(srv.share.clone());
    assert!(
        srv.log().contains("no user extended attributes"),
        "{}",
        srv.log()
    );
    let mut c = srv.tcp_client();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let rw = access::FILE_READ_DATA | access::FILE_WRITE_DATA | 0x100;
    let (f, _) = c.create(tree, "touched.txt", rw, 2, 0).unwrap();
    // FileBasicInformation: creation 0 (unchanged), access/write/change times, ARCHIVE.
    let t: u64 = 133_000_000_000_000_000;
    let info = le(&[
        &0u64.to_le_bytes(),
        &t.to_le_bytes(),
        &t.to_le_bytes(),
        &t.to_le_bytes(),
        &0x20u32.to_le_bytes(),
        &0u32.to_le_bytes(),
    ]);
    let body = le(&[
        &33u16.to_le_bytes(),
        &[1, 4],
        &(info.len() as u32).to_le_bytes(),
        &96u16.to_le_bytes(),
        &[0, 0],
        &0u32.to_le_bytes(),
        &fid_bytes(f),
        &info,
    ]);
    let r = c.request(Command::SET_INFO, tree, &body).unwrap();
    assert_eq!(r.status().to_string(), "STATUS_SUCCESS");
    let mtime = std::fs::metadata(srv.share.join("touched.txt"))
        .unwrap()
        .modified()
        .unwrap();
    let secs = mtime
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    assert_eq!(secs, (t / 10_000_000) - 11_644_473_600);
    // FileFsAttributeInformation: no EAs, no persistent ACLs offered.
    let (r, off) = query_info(&mut c, tree, f, 2, 5);
    let flags = u32::from_le_bytes(r.msg[off..off + 4].try_into().unwrap());
    assert_eq!(flags & (0x0080_0000 | 0x8), 0, "flags {flags:#x}");
    assert!(!srv.log().contains("INTERNAL_ERROR"));
}

/// A session has at most 32 channels (as Windows and Samba): the 33rd binding gets
/// INSUFFICIENT_RESOURCES, signed, and the session goes on.
#[test]
fn a_session_has_at_most_32_channels() {
    let s = TestServer::start();
    let opts = client::Options {
        user: USER.into(),
        password: PASSWORD.into(),
        dialects: vec![smb_wire::negotiate::dialect::SMB311],
        ..Default::default()
    };
    let addr = format!("127.0.0.1:{}", s.port);
    let mut c = s.tcp_client();
    let tree = c.tree_connect("\\\\127.0.0.1\\data").unwrap();
    let channels: Vec<_> = (1..32)
        .map(|_| c.bind(&addr, false, &opts).unwrap())
        .collect();
    let e = c
        .bind(&addr, false, &opts)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(e.contains("INSUFFICIENT_RESOURCES"), "{e}");
    drop(channels);
    assert!(c
        .create(tree, "after.txt", access::FILE_READ_DATA, 2, 0)
        .is_ok());
}
