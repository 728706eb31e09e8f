"""The failover client of scripts/bench-scaleout: a host writing a disk through one node
of a clustered SMB share while that node is killed, as Hyper-V would see it.

  failover-client.py --node HOST:PORT --other HOST:PORT --share NAME --file NAME
                     --kill 'SHELL COMMAND' [--before S] [--after S] [--deadline S]
                     [--blocks N] [--json PATH]

User and password come from SMB_USER (default root) and SMB_PASSWORD. It signs in to
--node with a fixed client GUID, opens --file (which must exist, at least --blocks
8 KiB blocks long) for reading and writing, write-through, asking for a persistent
durable handle (DH2Q, persistent flag, 120 s) and a batch oplock, and writes numbered
8 KiB blocks one at a time (QD1), each to a block of the file picked by its number,
each with write-through, keeping which block holds which acknowledged write. --before
seconds after the first acknowledgment it runs --kill (the script's kill -9 of that
node) and notes the time. When a write fails (the connection is gone) it signs in to
--other with the same client GUID and first tries to take its handle back (DH2C with
the file id and create GUID it was given; told STATUS_FILE_NOT_AVAILABLE, it retries
every 250 ms), then, if the server says the handle is gone, opens the file afresh. It
replays the write that was in flight, writes on for --after seconds, then reads back
every block it holds an acknowledgment for and compares it with what it wrote. Every
wait is bounded: --deadline seconds after the kill it gives up. Times are from the
monotonic clock. Prints one JSON object (and writes it to --json).
"""
import argparse
import json
import os
import random
import subprocess
import sys
import threading
import time
import uuid

from smbprotocol.connection import Connection
from smbprotocol.create_contexts import (CreateContextName, DurableHandleFlags,
                                         SMB2CreateContextRequest,
                                         SMB2CreateDurableHandleReconnectV2,
                                         SMB2CreateDurableHandleRequestV2,
                                         SMB2CreateDurableHandleResponseV2)
from smbprotocol.exceptions import SMBResponseException
from smbprotocol.open import (CreateDisposition, CreateOptions, FilePipePrinterAccessMask,
                              ImpersonationLevel, Open, ShareAccess)
from smbprotocol.session import Session
from smbprotocol.tree import TreeConnect

BLOCK = 8192
RW = FilePipePrinterAccessMask.GENERIC_READ | FilePipePrinterAccessMask.GENERIC_WRITE
SHARE_ALL = ShareAccess.FILE_SHARE_READ | ShareAccess.FILE_SHARE_WRITE | ShareAccess.FILE_SHARE_DELETE
OPTIONS = CreateOptions.FILE_NON_DIRECTORY_FILE | CreateOptions.FILE_WRITE_THROUGH
BATCH = 9
FILE_NOT_AVAILABLE = 0xC0000467

ap = argparse.ArgumentParser()
ap.add_argument("--node", required=True)
ap.add_argument("--other", required=True)
ap.add_argument("--share", required=True)
ap.add_argument("--file", required=True)
ap.add_argument("--kill", required=True)
ap.add_argument("--before", type=float, default=3.0)
ap.add_argument("--after", type=float, default=2.0)
ap.add_argument("--deadline", type=float, default=240.0)
ap.add_argument("--blocks", type=int, default=4096)
ap.add_argument("--json")
args = ap.parse_args()
user = os.environ.get("SMB_USER", "root")
password = os.environ["SMB_PASSWORD"]
client_guid = uuid.uuid4()
mono = time.monotonic
t0 = mono()


def log(msg):
    print(f"[{mono() - t0:8.3f}] {msg}", file=sys.stderr, flush=True)


def block_data(seq):
    head = f"block write {seq:08d} ".encode()
    return head + random.Random(seq).randbytes(BLOCK - len(head))


def block_of(seq):
    return seq * 7919 % args.blocks


class Gone(Exception):
    """The connection or the node went away, or an answer took longer than allowed."""


def answer(conn, request, limit):
    """Waits at most `limit` seconds for the answer to `request` (interim answers
    included); raises Gone if the connection went away or the time ran out."""
    end = mono() + max(limit, 0.1)
    while True:
        left = end - mono()
        if left <= 0 or not request.response_event.wait(timeout=left):
            raise Gone(f"no answer within {limit:.0f} s")
        if conn._t_exc is not None or not conn.transport.connected:
            raise Gone("connection lost")
        with request.response_event_lock:
            if request.response["status"].get_value() == 0x00000103:  # STATUS_PENDING
                request.response_event.clear()
                continue
        return


def sign_in(hostport, limit):
    host, port = hostport.rsplit(":", 1)
    conn = Connection(client_guid, host, int(port))
    try:
        conn.connect(timeout=max(1, int(limit)))
        sess = Session(conn, user, password)
        sess.connect()
        tree = TreeConnect(sess, rf"\\{host}\{args.share}")
        tree.connect()
    except Exception as e:
        try:
            conn.disconnect(close=False)
        except Exception:
            pass
        raise Gone(f"sign-in to {hostport}: {e!r}")
    return conn, tree


def ctx(name, data):
    c = SMB2CreateContextRequest()
    c["buffer_name"] = name
    c["buffer_data"] = data
    return c


def create(tree, contexts, disposition, limit):
    """A CREATE of the file with the given contexts: (Open, response contexts)."""
    o = Open(tree, args.file)
    msg, recv = o.create(ImpersonationLevel.Impersonation, RW, 0, SHARE_ALL, disposition,
                         OPTIONS, create_contexts=contexts, oplock_level=BATCH, send=False)
    conn = tree.session.connection
    try:
        request = conn.send(msg, tree.session.session_id, tree.tree_connect_id)
    except Exception as e:
        raise Gone(repr(e))
    answer(conn, request, limit)
    return o, recv(request)


def durable_open(tree, limit):
    req = SMB2CreateDurableHandleRequestV2()
    req["timeout"] = 120000
    req["flags"] = DurableHandleFlags.SMB2_DHANDLE_FLAG_PERSISTENT
    guid = uuid.uuid4()
    req["create_guid"] = guid
    o, resp = create(tree, [ctx(CreateContextName.SMB2_CREATE_DURABLE_HANDLE_REQUEST_V2, req)],
                     CreateDisposition.FILE_OPEN, limit)
    kind = "none"
    for c in resp or []:
        if isinstance(c, SMB2CreateDurableHandleResponseV2):
            persistent = c["flags"].has_flag(DurableHandleFlags.SMB2_DHANDLE_FLAG_PERSISTENT)
            kind = "persistent" if persistent else "durable"
    return o, guid, kind


def reclaim(tree, file_id, guid, persistent, limit):
    req = SMB2CreateDurableHandleReconnectV2()
    req["file_id"] = file_id
    req["create_guid"] = guid
    if persistent:
        req["flags"] = DurableHandleFlags.SMB2_DHANDLE_FLAG_PERSISTENT
    o, _ = create(tree, [ctx(CreateContextName.SMB2_CREATE_DURABLE_HANDLE_RECONNECT_V2, req)],
                  CreateDisposition.FILE_OPEN, limit)
    return o


def write(o, seq, limit):
    msg, recv = o.write(block_data(seq), block_of(seq) * BLOCK, write_through=True, send=False)
    conn = o.connection
    try:
        request = conn.send(msg, o.tree_connect.session.session_id, o.tree_connect.tree_connect_id)
    except Exception as e:
        raise Gone(repr(e))
    answer(conn, request, limit)
    n = recv(request)
    if n != BLOCK:
        raise RuntimeError(f"short write: {n}")


def read(o, blk, limit):
    msg, recv = o.read(blk * BLOCK, BLOCK, send=False)
    conn = o.connection
    request = conn.send(msg, o.tree_connect.session.session_id, o.tree_connect.tree_connect_id)
    answer(conn, request, limit)
    return recv(request)


out = {"node": args.node, "other": args.other}
conn, tree = sign_in(args.node, 30)
o, guid, kind = durable_open(tree, 60)
out["handle_granted"] = kind
out["oplock"] = o.oplock_level
log(f"opened {args.file} on {args.node}: {kind} handle, oplock {o.oplock_level}")

acked = {}           # block -> the seq of its last acknowledged write
seq = 0
t_kill = None
killer = None


def kill_later():
    global t_kill
    time.sleep(args.before)
    t_kill = mono()
    log(f"kill: {args.kill}")
    subprocess.run(["bash", "-c", args.kill], check=False)


# Before the kill: write until a write fails (bounded by the kill and the deadline).
t_last_ack = None
failed = None
while True:
    try:
        write(o, seq, 30)
    except Gone as e:
        failed = str(e)
        break
    except SMBResponseException as e:
        failed = f"status {e.status:#x}"
        break
    acked[block_of(seq)] = seq
    t_last_ack = mono()
    seq += 1
    if killer is None:
        killer = threading.Thread(target=kill_later, daemon=True)
        killer.start()
    if t_kill is not None and mono() - t_kill > 30:
        failed = "writes went on for 30 s after the kill"
        break
t_fail = mono()
killer.join(timeout=10)
out["writes_before"] = seq
log(f"write {seq} failed ({failed}) after {len(acked)} blocks acknowledged")
if t_kill is None:
    raise SystemExit(f"a write failed before the kill: {failed}")

# Failover: sign in to the other node, take the handle back or open afresh.
deadline = t_kill + args.deadline
try:
    conn.disconnect(close=False)
except Exception:
    pass
reclaim_status = None
retries = 0
new = None
t_answer = None      # the other node's first answer to a CREATE, whatever it said
want_reclaim = kind != "none"
while new is None and mono() < deadline:
    try:
        conn, tree = sign_in(args.other, deadline - mono())
    except Gone as e:
        log(f"{e}; again")
        time.sleep(0.25)
        continue
    try:
        while new is None and mono() < deadline:
            try:
                if want_reclaim:
                    new = reclaim(tree, o.file_id, guid, kind == "persistent", deadline - mono())
                    reclaim_status = "SUCCESS"
                else:
                    new, guid, _ = durable_open(tree, deadline - mono())
                t_answer = t_answer or mono()
            except SMBResponseException as e:
                t_answer = t_answer or mono()
                if want_reclaim and e.status != FILE_NOT_AVAILABLE:
                    reclaim_status = f"{e.status:#010x}"
                    log(f"reclaim refused: {reclaim_status}; opening afresh")
                    want_reclaim = False
                    continue
                retries += 1
                time.sleep(0.25)
    except Gone as e:
        log(f"{e}; again")
        time.sleep(0.25)
t_handle = mono()
if new is None:
    out.update(error="no handle on the other node within the deadline",
               reclaim_status=reclaim_status, retries=retries)
    print(json.dumps(out))
    raise SystemExit(1)
out["reclaimed"] = reclaim_status == "SUCCESS"
out["reclaim_status"] = reclaim_status or "not tried"
out["retries"] = retries
log(f"handle on {args.other}: reclaimed={out['reclaimed']} ({out['reclaim_status']}), "
    f"{retries} retries")

# The write in flight at the kill is written again, then more.
t_first = None
t_end = None
while True:
    write(new, seq, max(deadline - mono(), 1))
    acked[block_of(seq)] = seq
    seq += 1
    if t_first is None:
        t_first = mono()
        t_end = t_first + args.after
    if mono() >= t_end:
        break
out["writes_after"] = seq - out["writes_before"]

# Every acknowledged write, read back through the other node.
bad = [blk for blk, s in sorted(acked.items()) if read(new, blk, 60) != block_data(s)]
out["blocks_acked"] = len(acked)
out["blocks_lost"] = len(bad)
out["kept_every_write"] = not bad
out["detect_s"] = round(t_fail - t_kill, 3)
out["first_answer_s"] = round(t_answer - t_kill, 3)
out["handle_back_s"] = round(t_handle - t_kill, 3)
out["wait_s"] = round(t_first - t_kill, 3)
out["gap_from_last_ack_s"] = round(t_first - t_last_ack, 3)
try:
    new.close()
    conn.disconnect()
except Exception:
    pass
log(f"{len(acked)} blocks acknowledged, {len(bad)} lost; next write {out['wait_s']} s after the kill")
print(json.dumps(out))
if args.json:
    with open(args.json, "w") as f:
        json.dump(out, f)
