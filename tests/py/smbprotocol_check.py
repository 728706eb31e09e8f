"""Independent SMB 3.1.1 client checks with Python smbprotocol, driven by the Rust test
harness: argv = port user password share_dir outside_dir."""
import os
import sys
import uuid

import smbclient
from smbprotocol.connection import Connection
from smbprotocol.exceptions import SMBResponseException
from smbprotocol.open import (CreateDisposition, CreateOptions, FilePipePrinterAccessMask,
                              ImpersonationLevel, Open, ShareAccess)
from smbprotocol.session import Session
from smbprotocol.tree import TreeConnect

port, user, password, share_dir, outside = sys.argv[1:6]
port = int(port)
server = "127.0.0.1"
root = rf"\\{server}\data"


def high_level():
    smbclient.ClientConfig(require_secure_negotiate=True)
    smbclient.register_session(server, username=user, password=password, port=port,
                               encrypt=True)
    payload = os.urandom(3 * 1024 * 1024 + 123)
    with smbclient.open_file(rf"{root}\py.bin", mode="wb", port=port) as f:
        f.write(payload)
    with smbclient.open_file(rf"{root}\py.bin", mode="rb", port=port) as f:
        assert f.read() == payload, "read back differs"
    st = smbclient.stat(rf"{root}\py.bin", port=port)
    assert st.st_size == len(payload), st
    smbclient.mkdir(rf"{root}\pydir", port=port)
    smbclient.rename(rf"{root}\py.bin", rf"{root}\pydir\renamed.bin", port=port)
    names = smbclient.listdir(rf"{root}\pydir", port=port)
    assert names == ["renamed.bin"], names
    with open(os.path.join(share_dir, "pydir", "renamed.bin"), "rb") as f:
        assert f.read() == payload, "on-disk copy differs"
    smbclient.remove(rf"{root}\pydir\renamed.bin", port=port)
    smbclient.rmdir(rf"{root}\pydir", port=port)
    assert not os.path.exists(os.path.join(share_dir, "pydir"))
    smbclient.reset_connection_cache()
    print("high-level: ok")


def raw_open(tree, name, disposition=CreateDisposition.FILE_OPEN_IF, options=0):
    o = Open(tree, name)
    o.create(ImpersonationLevel.Impersonation,
             FilePipePrinterAccessMask.GENERIC_READ | FilePipePrinterAccessMask.GENERIC_WRITE,
             0, ShareAccess.FILE_SHARE_READ, disposition, options)
    return o


def escapes():
    conn = Connection(uuid.uuid4(), server, port)
    conn.connect()
    sess = Session(conn, user, password)
    sess.connect()
    tree = TreeConnect(sess, root)
    tree.connect()
    os.symlink(outside, os.path.join(share_dir, "link_out"))
    os.symlink("/etc/passwd", os.path.join(share_dir, "passwd_link"))
    expected = {
        "..\\escape.txt": {"STATUS_OBJECT_PATH_SYNTAX_BAD"},
        "a\\..\\..\\escape.txt": {"STATUS_OBJECT_PATH_SYNTAX_BAD"},
        "\\escape.txt": {"STATUS_INVALID_PARAMETER"},
        "link_out\\escape.txt": {"STATUS_ACCESS_DENIED"},
        "link_out": {"STATUS_ACCESS_DENIED"},
        "passwd_link": {"STATUS_ACCESS_DENIED"},
        "file.txt::$INDEX_ALLOCATION": {"STATUS_OBJECT_NAME_INVALID"},
        # Streams are stored, but a stream name is never a path.
        "file.txt:..\\..\\escape.txt": {"STATUS_OBJECT_NAME_INVALID"},
        "file.txt:a/../../escape.txt": {"STATUS_OBJECT_NAME_INVALID"},
        "link_out:evil": {"STATUS_ACCESS_DENIED", "STATUS_OBJECT_NAME_NOT_FOUND"},
        # The stream depot is not reachable by name.
        ".smbdirectd-streams": {"STATUS_ACCESS_DENIED"},
        ".SMBDIRECTD-STREAMS\\x": {"STATUS_ACCESS_DENIED"},
    }
    for name, want in expected.items():
        try:
            o = raw_open(tree, name)
            o.close()
            raise AssertionError(f"{name!r} opened but must be refused")
        except SMBResponseException as e:
            status = type(e).__name__
            text = str(e)
            if not any(w in text or w.replace("STATUS_", "") in status for w in want):
                raise AssertionError(f"{name!r}: got {text} ({status}), want {want}")
    # A named stream round-trips and stays apart from the file's data.
    o = raw_open(tree, "streamed.txt:Zone.Identifier")
    o.write(b"[ZoneTransfer]\r\nZoneId=3\r\n", 0)
    o.close()
    o = raw_open(tree, "streamed.txt:zone.identifier", CreateDisposition.FILE_OPEN)
    assert o.read(0, 100) == b"[ZoneTransfer]\r\nZoneId=3\r\n"
    o.close()
    o = raw_open(tree, "streamed.txt", CreateDisposition.FILE_OPEN)
    assert o.end_of_file == 0, "the stream's bytes are not the file's"
    o.close()
    listing = sorted(os.listdir(outside))
    assert listing == ["keep.txt"], f"outside directory changed: {listing}"
    print("escapes: ok")


high_level()
escapes()
print("ALL OK")
