"""Stock impacket (an independent SMB2/3 client that does not ask for directory leasing)
against the node, driven by the Rust test harness: argv = port user password. It lists
the shares, writes a file in a folder, lists the folder, reads the file back and removes
both; it prints ALL OK."""
import io
import os
import sys

from impacket.smbconnection import SMBConnection

port, user, password = sys.argv[1], sys.argv[2], sys.argv[3]
conn = SMBConnection("127.0.0.1", "127.0.0.1", sess_port=int(port), timeout=30)
conn.login(user, password)
print("dialect", hex(conn.getDialect()))
shares = [s["shi1_netname"][:-1] for s in conn.listShares()]
assert "data" in shares, shares
conn.createDirectory("data", "imp")
payload = os.urandom(300 * 1024 + 7)
conn.putFile("data", "imp\\file.bin", io.BytesIO(payload).read)
names = sorted(f.get_longname() for f in conn.listPath("data", "imp\\*"))
assert names == [".", "..", "file.bin"], names
got = io.BytesIO()
conn.getFile("data", "imp\\file.bin", got.write)
assert got.getvalue() == payload, "read back differs"
conn.deleteFile("data", "imp\\file.bin")
conn.deleteDirectory("data", "imp")
conn.logoff()
print("ALL OK")
