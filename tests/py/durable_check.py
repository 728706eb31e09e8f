"""Durable handles with an independent client (Python smbprotocol), driven by the Rust test
harness: argv = port user password. A durable v2 open with a batch oplock survives the
loss of its connection and is reconnected from a new one with its data; one whose timeout
ran out is gone; one whose batch oplock a new open must break is closed for it."""
import sys
import time
import uuid

from smbprotocol.connection import Connection
from smbprotocol.create_contexts import (CreateContextName, SMB2CreateContextRequest,
                                         SMB2CreateDurableHandleReconnectV2,
                                         SMB2CreateDurableHandleRequestV2)
from smbprotocol.exceptions import SMBResponseException
from smbprotocol.open import (CreateDisposition, FilePipePrinterAccessMask,
                              ImpersonationLevel, Open, ShareAccess)
from smbprotocol.session import Session
from smbprotocol.tree import TreeConnect

port, user, password = sys.argv[1], sys.argv[2], sys.argv[3]
port = int(port)
root = r"\\127.0.0.1\data"
RW = FilePipePrinterAccessMask.GENERIC_READ | FilePipePrinterAccessMask.GENERIC_WRITE
BATCH = 9
OBJECT_NAME_NOT_FOUND = 0xC0000034


def connect():
    conn = Connection(uuid.uuid4(), "127.0.0.1", port)
    conn.connect()
    sess = Session(conn, user, password)
    sess.connect()
    tree = TreeConnect(sess, root)
    tree.connect()
    return conn, tree


def ctx(name, data):
    c = SMB2CreateContextRequest()
    c["buffer_name"] = name
    c["buffer_data"] = data
    return c


def durable_open(tree, name, timeout_ms, create_guid, share=0):
    req = SMB2CreateDurableHandleRequestV2()
    req["timeout"] = timeout_ms
    req["create_guid"] = create_guid
    o = Open(tree, name)
    resp = o.create(ImpersonationLevel.Impersonation, RW, 0, share,
                    CreateDisposition.FILE_OPEN_IF, 0,
                    create_contexts=[ctx(CreateContextName.SMB2_CREATE_DURABLE_HANDLE_REQUEST_V2,
                                         req)],
                    oplock_level=BATCH)
    assert o.oplock_level == BATCH, f"oplock {o.oplock_level}"
    assert resp, "no DH2Q response context"
    return o


def reconnect(tree, name, file_id, create_guid):
    req = SMB2CreateDurableHandleReconnectV2()
    req["file_id"] = file_id
    req["create_guid"] = create_guid
    o = Open(tree, name)
    o.create(ImpersonationLevel.Impersonation, RW, 0, 0, CreateDisposition.FILE_OPEN, 0,
             create_contexts=[ctx(CreateContextName.SMB2_CREATE_DURABLE_HANDLE_RECONNECT_V2,
                                  req)])
    return o


def lose(conn):
    # The socket goes away without CLOSE or LOGOFF, as when a network path fails.
    conn.disconnect(close=False)
    time.sleep(0.3)


def expect_gone(tree, name, file_id, create_guid):
    try:
        reconnect(tree, name, file_id, create_guid)
    except SMBResponseException as e:
        assert e.status == OBJECT_NAME_NOT_FOUND, hex(e.status)
        return
    raise AssertionError(f"{name}: reconnected a durable open that should be gone")


# 1. Survives the lost connection; reconnected with its data and oplock.
conn, tree = connect()
guid = uuid.uuid4()
o = durable_open(tree, "dur.bin", 30000, guid)
o.write(b"written before the connection was lost", 0)
fid = o.file_id
lose(conn)
conn2, tree2 = connect()
back = reconnect(tree2, "dur.bin", fid, guid)
assert back.oplock_level == BATCH, back.oplock_level
assert back.read(0, 38) == b"written before the connection was lost"
back.close()
print("reconnect: ok")

# 2. Its timeout ran out: gone.
conn, tree = connect()
guid = uuid.uuid4()
o = durable_open(tree, "exp.bin", 1000, guid)
fid = o.file_id
lose(conn)
time.sleep(1.5)
expect_gone(tree2, "exp.bin", fid, guid)
print("expiry: ok")

# 3. A new open that must break its batch oplock closes it (it cannot be told), so the
# share mode it held (none) no longer stands in the way.
conn, tree = connect()
guid = uuid.uuid4()
o = durable_open(tree, "brk.bin", 60000, guid)
fid = o.file_id
lose(conn)
other = Open(tree2, "brk.bin")
other.create(ImpersonationLevel.Impersonation, RW, 0, ShareAccess.FILE_SHARE_READ,
             CreateDisposition.FILE_OPEN, 0)
other.close()
expect_gone(tree2, "brk.bin", fid, guid)
print("broken: ok")
conn2.disconnect()
print("ALL OK")
