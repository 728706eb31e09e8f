//! Named streams as NTFS keeps them (smbtorture smb2.streams and smb2.fileid), in memory
//! (see `harness`), with our client.

mod harness;

use client::{access, create_options};
use harness::*;

/// Streams as NTFS keeps them (smbtorture smb2.streams): a file made by its first
/// stream's CREATE is an ordinary file (not hidden like the stream depot); overwriting
/// the file's data drops its streams; asking for a stream of a file without any finds
/// no such name; a directory has no data stream, and naming one is refused before share
/// modes are looked at.
#[test]
fn streams_follow_their_file_as_on_ntfs() {
    let e = Engine::new();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let rw = access::FILE_READ_DATA | access::FILE_WRITE_DATA | access::FILE_READ_ATTRIBUTES;
    let status = |r: Result<(client::FileId, u64), client::Error>| match r {
        Ok(_) => "STATUS_SUCCESS".to_string(),
        Err(client::Error::Status(_, s)) => s.to_string(),
        Err(e) => panic!("{e}"),
    };
    let (s, _) = c.create(tree, "base.txt:extra", rw, 2, 0).unwrap();
    c.write(tree, s, 0, b"x").unwrap();
    c.close(tree, s).unwrap();
    let (f, _) = c.create(tree, "base.txt", rw, 1, 0).unwrap();
    let basic = c.query_info(tree, f, 1, 4).unwrap();
    let attributes = u32::from_le_bytes(basic[32..36].try_into().unwrap());
    assert_eq!(attributes & 0x6, 0, "hidden or system: {attributes:#x}");
    c.close(tree, f).unwrap();
    let (f, _) = c.create(tree, "base.txt", rw, 4, 0).unwrap();
    c.close(tree, f).unwrap();
    assert_eq!(
        status(c.create(tree, "base.txt:extra", rw, 1, 0)),
        "STATUS_OBJECT_NAME_NOT_FOUND",
        "the overwrite kept the stream"
    );
    assert_eq!(
        status(c.create(tree, "base.txt:other", rw, 1, 0)),
        "STATUS_OBJECT_NAME_NOT_FOUND"
    );
    // A directory held without sharing: its data stream is refused for what it is.
    let (d, _) = c
        .create(
            tree,
            "dir",
            access::FILE_READ_DATA,
            2,
            create_options::DIRECTORY_FILE,
        )
        .unwrap();
    assert_eq!(
        status(c.create(tree, "dir::$DATA", rw, 1, 0)),
        "STATUS_FILE_IS_A_DIRECTORY"
    );
    assert_eq!(
        status(c.create(tree, "dir::$DATA", rw, 1, create_options::DIRECTORY_FILE)),
        "STATUS_NOT_A_DIRECTORY"
    );
    c.close(tree, d).unwrap();
    // A stream open elsewhere keeps its file's data from being overwritten (that would
    // drop the stream under it).
    // (Shared for reading and writing, not for deleting.)
    let s = c
        .create_with(tree, "held.txt:s", rw, 3, 2, 0, &[])
        .unwrap()
        .file_id;
    assert_eq!(
        status(c.create(tree, "held.txt", rw, 4, 0)),
        "STATUS_SHARING_VIOLATION"
    );
    // Nor may the file be opened for DELETE while a stream is open without
    // FILE_SHARE_DELETE.
    assert_eq!(
        status(c.create(tree, "held.txt", access::DELETE, 1, 0)),
        "STATUS_SHARING_VIOLATION"
    );
    c.close(tree, s).unwrap();
    let (f, _) = c
        .create(tree, "held.txt", rw | access::DELETE, 4, 0)
        .unwrap();
    c.close(tree, f).unwrap();
    // "." and ".." are no stream names (they would reach the depot itself).
    for bad in ["held.txt:.", "held.txt:..", "held.txt:..:$DATA"] {
        assert_eq!(
            status(c.create(tree, bad, rw, 3, 0)),
            "STATUS_OBJECT_NAME_INVALID",
            "{bad}"
        );
    }
}

/// A named stream has no file id of its own: its CREATE's on-disk id (QFid) and its
/// FileInternalInformation are its file's, as NTFS shows them (smbtorture smb2.fileid),
/// for a file's stream and a directory's.
#[test]
fn a_stream_shows_the_id_of_its_file() {
    let e = Engine::new();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let rw = access::FILE_READ_DATA | access::FILE_WRITE_DATA | access::FILE_READ_ATTRIBUTES;
    let qfid = |c: &mut client::Client, name: &str, disposition: u32, options: u32| {
        let r = c
            .create_with(
                tree,
                name,
                rw,
                7,
                disposition,
                options,
                &[(b"QFid", Vec::new())],
            )
            .unwrap();
        let (_, d) = r
            .contexts
            .iter()
            .find(|(n, _)| n == b"QFid")
            .expect("QFid answered");
        let id = u64::from_le_bytes(d[..8].try_into().unwrap());
        let internal = c.query_info(tree, r.file_id, 1, 6).unwrap();
        let index = u64::from_le_bytes(internal[..8].try_into().unwrap());
        c.close(tree, r.file_id).unwrap();
        (id, index)
    };
    for (base, options) in [("ids.txt", 0), ("ids-dir", create_options::DIRECTORY_FILE)] {
        let (id, index) = qfid(&mut c, base, 2, options);
        assert_eq!(id, index);
        let stream = format!("{base}:s");
        assert_eq!(qfid(&mut c, &stream, 2, 0), (id, id), "{stream} made");
        assert_eq!(qfid(&mut c, &stream, 1, 0), (id, id), "{stream} opened");
        assert_eq!(
            qfid(&mut c, &stream, 4, 0),
            (id, id),
            "{stream} overwritten"
        );
    }
}

/// SET_INFO FileRenameInformation on `f` to `to`: the status it got.
fn rename_status(
    c: &mut client::Client,
    tree: u32,
    f: client::FileId,
    to: &str,
    replace: bool,
) -> smb_wire::NtStatus {
    let name: Vec<u8> = to.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let mut info = vec![u8::from(replace), 0, 0, 0, 0, 0, 0, 0];
    info.extend_from_slice(&0u64.to_le_bytes());
    info.extend_from_slice(&(name.len() as u32).to_le_bytes());
    info.extend_from_slice(&name);
    let body = testkit::bodies::set_info_body(f, 1, 10, &info);
    c.request(smb_wire::header::Command::SET_INFO, tree, &body)
        .unwrap()
        .status()
}

/// A named stream renamed within its file as NTFS renames it (MS-FSA 2.1.5.15.11.1;
/// smbtorture smb2.streams.rename and rename2): to `:name` or `:name:$DATA`; onto an
/// existing stream only when asked (OBJECT_NAME_COLLISION) and only an empty one
/// (INVALID_PARAMETER), never one held open; a change of case of its own name; a name
/// with a file part is refused (SHARING_VIOLATION) as are bad names and types; the
/// handle reads the same data under its new name; onto `::$DATA`, the file's own data
/// while it is empty and not open elsewhere.
#[test]
fn a_stream_is_renamed_within_its_file_as_on_ntfs() {
    use smb_wire::NtStatus;
    let e = Engine::new();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let rw = access::FILE_READ_DATA | access::FILE_WRITE_DATA | access::FILE_READ_ATTRIBUTES;
    let all = rw | access::DELETE;
    let (one, _) = c.create(tree, "f.txt:One", rw, 2, 0).unwrap();
    c.close(tree, one).unwrap();
    let (two, _) = c.create(tree, "f.txt:Two:$DATA", rw, 2, 0).unwrap();
    c.write(tree, two, 0, b"two").unwrap();
    c.close(tree, two).unwrap();
    let (h, _) = c.create(tree, "f.txt:Three", all, 2, 0).unwrap();
    c.write(tree, h, 0, b"three").unwrap();
    assert_eq!(
        rename_status(&mut c, tree, h, ":Four:$DATA", false),
        NtStatus::SUCCESS
    );
    assert!(c.create(tree, "f.txt:Three", rw, 1, 0).is_err());
    let (four, _) = c.create(tree, "f.txt:four", rw, 1, 0).unwrap();
    assert_eq!(c.read(tree, four, 0, 5).unwrap(), b"three");
    c.close(tree, four).unwrap();
    // Onto another stream: asked, and only an empty one.
    assert_eq!(
        rename_status(&mut c, tree, h, ":Two", false),
        NtStatus::OBJECT_NAME_COLLISION
    );
    assert_eq!(
        rename_status(&mut c, tree, h, ":Two", true),
        NtStatus::INVALID_PARAMETER
    );
    assert_eq!(
        rename_status(&mut c, tree, h, ":One", true),
        NtStatus::SUCCESS
    );
    assert_eq!(c.read(tree, h, 0, 5).unwrap(), b"three");
    assert!(c.create(tree, "f.txt:Four", rw, 1, 0).is_err());
    // Its own name in another case.
    assert_eq!(
        rename_status(&mut c, tree, h, ":ONE", false),
        NtStatus::SUCCESS
    );
    let (again, _) = c.create(tree, "f.txt:one", rw, 1, 0).unwrap();
    assert_eq!(c.read(tree, again, 0, 5).unwrap(), b"three");
    c.close(tree, again).unwrap();
    // An empty stream someone holds open is not replaced.
    let (five, _) = c.create(tree, "f.txt:Five", rw, 2, 0).unwrap();
    assert_eq!(
        rename_status(&mut c, tree, h, ":Five", true),
        NtStatus::SHARING_VIOLATION
    );
    c.close(tree, five).unwrap();
    // A file part, bad names and types; the unnamed stream.
    for (to, want) in [
        ("f.txt:Two", NtStatus::SHARING_VIOLATION),
        (":bad/name", NtStatus::INVALID_PARAMETER),
        (":x:$INDEX_ALLOCATION", NtStatus::INVALID_PARAMETER),
        (":x:", NtStatus::INVALID_PARAMETER),
    ] {
        assert_eq!(rename_status(&mut c, tree, h, to, true), want, "{to}");
    }
    // Onto the file's own (empty) data: the stream's bytes become the file's, and the
    // stream is gone; not while the file's data is open elsewhere or not empty.
    let (base, _) = c.create(tree, "f.txt", rw, 1, 0).unwrap();
    assert_eq!(
        rename_status(&mut c, tree, h, "::$DATA", true),
        NtStatus::SHARING_VIOLATION
    );
    c.close(tree, base).unwrap();
    assert_eq!(
        rename_status(&mut c, tree, h, "::$DATA", true),
        NtStatus::SUCCESS
    );
    c.close(tree, h).unwrap();
    let (base, size) = c.create(tree, "f.txt", rw, 1, 0).unwrap();
    assert_eq!(size, 5);
    assert_eq!(c.read(tree, base, 0, 5).unwrap(), b"three");
    c.close(tree, base).unwrap();
    assert!(c.create(tree, "f.txt:One", rw, 1, 0).is_err());
    let (two, _) = c.create(tree, "f.txt:Two", all, 1, 0).unwrap();
    assert_eq!(
        rename_status(&mut c, tree, two, "::$DATA", false),
        NtStatus::OBJECT_NAME_COLLISION
    );
    assert_eq!(
        rename_status(&mut c, tree, two, "::$DATA", true),
        NtStatus::INVALID_PARAMETER
    );
    c.close(tree, two).unwrap();
}

/// A file deleted while one of its streams is open waits for that stream, as on NTFS
/// (smbtorture smb2.streams.delete): the stream still reads, the file and its streams
/// answer DELETE_PENDING, and the file is gone once the stream's handle closes.
#[test]
fn a_file_deleted_under_an_open_stream_goes_when_the_stream_closes() {
    use smb_wire::NtStatus;
    let e = Engine::new();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let rw = access::FILE_READ_DATA | access::FILE_WRITE_DATA;
    let status = |r: Result<(client::FileId, u64), client::Error>| match r {
        Ok(_) => NtStatus::SUCCESS,
        Err(client::Error::Status(_, s)) => s,
        Err(e) => panic!("{e}"),
    };
    let (s, _) = c.create(tree, "d.txt:s", rw, 2, 0).unwrap();
    c.write(tree, s, 0, b"test data").unwrap();
    let (f, _) = c
        .create(
            tree,
            "d.txt",
            access::DELETE,
            1,
            create_options::DELETE_ON_CLOSE,
        )
        .unwrap();
    c.close(tree, f).unwrap();
    assert_eq!(c.read(tree, s, 0, 9).unwrap(), b"test data");
    assert_eq!(
        status(c.create(tree, "d.txt", rw, 3, 0)),
        NtStatus::DELETE_PENDING
    );
    assert_eq!(
        status(c.create(tree, "d.txt:s", rw, 3, 0)),
        NtStatus::DELETE_PENDING
    );
    assert!(
        e.dir.path().join("d.txt").exists(),
        "gone before its stream closed"
    );
    c.close(tree, s).unwrap();
    assert_eq!(
        status(c.create(tree, "d.txt", rw, 1, 0)),
        NtStatus::OBJECT_NAME_NOT_FOUND
    );
    assert!(!e.dir.path().join("d.txt").exists());
    // The name is free again: a new file, without the old streams.
    let (f, _) = c.create(tree, "d.txt", rw, 2, 0).unwrap();
    c.close(tree, f).unwrap();
    assert_eq!(
        status(c.create(tree, "d.txt:s", rw, 1, 0)),
        NtStatus::OBJECT_NAME_NOT_FOUND
    );
}

/// A stream's times and attributes are its file's, as on NTFS (smbtorture
/// smb2.streams.attributes): a write time or the read-only attribute set through a
/// stream's handle is the file's, and a stream shows its file's.
#[test]
fn a_stream_shows_and_sets_its_files_times_and_attributes() {
    let e = Engine::new();
    let (mut c, _w) = e.client();
    let tree = c.tree_connect(SHARE).unwrap();
    let rw = access::FILE_READ_DATA | access::FILE_WRITE_DATA | access::FILE_READ_ATTRIBUTES;
    let (s, _) = c
        .create(tree, "t.txt:s", rw | access::FILE_WRITE_ATTRIBUTES, 2, 0)
        .unwrap();
    let when: u64 = 132_000_000_000_000_000; // 2019
    let mut basic = vec![0u8; 40];
    basic[16..24].copy_from_slice(&when.to_le_bytes());
    let body = testkit::bodies::set_info_body(s, 1, 4, &basic);
    let r = c
        .request(smb_wire::header::Command::SET_INFO, tree, &body)
        .unwrap();
    assert_eq!(r.status(), smb_wire::NtStatus::SUCCESS);
    let write_time = |b: &[u8]| u64::from_le_bytes(b[16..24].try_into().unwrap());
    let attributes = |b: &[u8]| u32::from_le_bytes(b[32..36].try_into().unwrap());
    let (f, _) = c
        .create(tree, "t.txt", access::FILE_READ_ATTRIBUTES, 1, 0)
        .unwrap();
    assert_eq!(write_time(&c.query_info(tree, f, 1, 4).unwrap()), when);
    // Read-only through the stream: the file is read-only, and the stream shows it.
    let mut basic = vec![0u8; 40];
    basic[32..36].copy_from_slice(&0x1u32.to_le_bytes());
    let body = testkit::bodies::set_info_body(s, 1, 4, &basic);
    let r = c
        .request(smb_wire::header::Command::SET_INFO, tree, &body)
        .unwrap();
    assert_eq!(r.status(), smb_wire::NtStatus::SUCCESS);
    assert_eq!(attributes(&c.query_info(tree, f, 1, 4).unwrap()) & 0x1, 0x1);
    let shown = c.query_info(tree, s, 1, 4).unwrap();
    assert_eq!(attributes(&shown) & 0x7, 0x1, "{:#x}", attributes(&shown));
    assert_eq!(write_time(&shown), when);
    c.close(tree, f).unwrap();
    c.close(tree, s).unwrap();
}
