"""smbprotocol (pyspnego over python-gssapi, MIT Kerberos) logs on with Kerberos only,
encrypted, and writes and reads a file. Usage: kerberos_check.py HOST PORT EXPECT_USER.
The ticket comes from KRB5CCNAME; the KDC from KRB5_CONFIG."""
import sys
import uuid

from smbprotocol.connection import Connection
from smbprotocol.open import (CreateDisposition, CreateOptions, FileAttributes,
                              FilePipePrinterAccessMask, ImpersonationLevel, Open,
                              ShareAccess)
from smbprotocol.session import Session
from smbprotocol.tree import TreeConnect

host, port = sys.argv[1], int(sys.argv[2])
conn = Connection(uuid.uuid4(), host, port)
conn.connect()
try:
    sess = Session(conn, auth_protocol="kerberos", require_encryption=True)
    sess.connect()
    print("logged on as", sess.username, "encrypted:", sess.encrypt_data)
    tree = TreeConnect(sess, rf"\\{host}\data")
    tree.connect()
    f = Open(tree, "from-smbprotocol.txt")
    f.create(ImpersonationLevel.Impersonation,
             FilePipePrinterAccessMask.GENERIC_READ | FilePipePrinterAccessMask.GENERIC_WRITE,
             FileAttributes.FILE_ATTRIBUTE_NORMAL,
             ShareAccess.FILE_SHARE_READ,
             CreateDisposition.FILE_OVERWRITE_IF,
             CreateOptions.FILE_NON_DIRECTORY_FILE)
    f.write(b"kerberos via smbprotocol", 0)
    assert f.read(0, 24) == b"kerberos via smbprotocol"
    f.close()
    tree.disconnect()
    sess.disconnect()
finally:
    conn.disconnect(True)
print("ALL OK")
