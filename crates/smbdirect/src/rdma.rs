//! RDMA Read and Write of payloads named by buffer descriptors: the peer's descriptors
//! checked, the local buffers (pool, lent, registered regions) tracked until completion.

use super::{BufferPool, Disconnect, SmbdConnection, WriteBuf, KIND_RDMA};
use crate::wire::*;
use fabric::{Access, Mr, Pd, RegBuf, SendOp, SendWr, WcStatus};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// Lends a connection's registered buffers: one slot, or for more than a slot that many
/// slots in a row, counted against the connection's bound (a client with many large
/// transfers in flight gets copies and registrations of its own past it, and leaves the
/// pool to the others).
#[derive(Clone, Debug)]
pub struct Lender {
    pool: Arc<BufferPool>,
    charge: Arc<AtomicUsize>,
    limit: usize,
}

impl Lender {
    pub fn lend(&self, len: usize) -> Option<WriteBuf> {
        if len <= self.pool.slot_size() {
            return self.pool.take();
        }
        let rounded = len.div_ceil(self.pool.slot_size()) * self.pool.slot_size();
        if self.charge.load(Ordering::Relaxed) + rounded > self.limit {
            return None;
        }
        self.pool.take_len(len, Some(&self.charge))
    }
}

/// Where an RDMA operation's local bytes are.
pub(super) enum Local {
    /// A region of its own, registered for this operation.
    Own(Mr),
    /// A slot of the pool (back to it when the operation is over).
    Pool(WriteBuf),
    /// A region the caller registered and keeps (a mapped file), from this offset.
    Region(Mr, usize),
}

impl Local {
    /// The device is done with this memory: its own registration ends, a pool slot goes
    /// back (on drop).
    /// Bytes of memory of its own (a copy made for this operation).
    pub(super) fn own_bytes(&self) -> usize {
        match self {
            Local::Own(mr) => mr.buf.len(),
            _ => 0,
        }
    }

    pub(super) fn release(self, pd: &Pd) {
        if let Local::Own(mr) = self {
            pd.deregister(&mr);
        }
    }

    /// Lets go of memory an operation may still be using (it ended without a
    /// completion): a pool slot is not handed to anyone else (at most the pool's size is
    /// lost this way). (A region is only used on the software providers, whose data
    /// mover holds the region's buffer while it reads it.)
    pub(super) fn abandon(self) {
        if let Local::Pool(b) = self {
            std::mem::forget(b)
        }
    }
}

impl RdmaOp {
    /// An operation that ended without all its completions (failed or flushed while the
    /// connection closed).
    pub(super) fn retire(self) {
        if self.pending > 0 {
            self.local.abandon();
        }
    }
}

/// An RDMA Read in flight (RDMA Writes are tracked by the Send after them).
pub(super) struct RdmaOp {
    pub(super) local: Local,
    pub(super) pending: usize,
    /// The connection's RDMA work requests posted up to this one's last piece.
    pub(super) mark: u64,
    pub(super) failed: Option<WcStatus>,
    pub(super) len: usize,
}

/// What an RDMA Read brought.
#[derive(Debug)]
pub enum ReadData {
    /// Copied out of a one-off region.
    Copied(Vec<u8>),
    /// Still in the pool buffer it landed in: the first `usize` bytes.
    Lent(WriteBuf, usize),
}

impl SmbdConnection {
    pub(super) fn check_descs(
        &self,
        descs: &[BufferDescriptor],
        len: usize,
    ) -> Result<(), Disconnect> {
        let total: u64 = descs.iter().map(|d| d.length as u64).sum();
        if descs.is_empty() || total < len as u64 || len > self.max_rw as usize {
            return Err(Disconnect::Protocol(
                "buffer descriptors do not cover the transfer",
            ));
        }
        Ok(())
    }

    /// RDMA-Writes `data` into the peer's buffers, ahead of the Send that announces it
    /// (the write is over when that Send completes). The data is copied into a slot of
    /// the pool (registered once) when one is free and large enough, else into memory
    /// registered for this write alone: registering per write is slow on a device, and
    /// a region deregistered moments after a device read from it is what soft-RoCE on
    /// 6.1 kernels gets wrong.
    pub fn rdma_write(
        &mut self,
        descs: &[BufferDescriptor],
        data: &[u8],
    ) -> Result<(), Disconnect> {
        self.check_descs(descs, data.len())?;
        if let Some(mut slot) = self.lend_buffer(data.len()) {
            // (The descriptors are checked and the slot is this pool's and large
            // enough: posted as rdma_write_buffer would, without checking again.)
            slot.bytes_mut()[..data.len()].copy_from_slice(data);
            self.counters.payload_bytes_copied += data.len() as u64;
            self.counters.rdma_writes += 1;
            return self.post_rdma_write(descs, Local::Pool(slot), data.len());
        }
        let buf = RegBuf::new(data.len().max(1));
        buf.write(0, data);
        let mr = self.pd.register(buf, Access::LOCAL_WRITE);
        self.counters.registrations += 1;
        self.counters.rdma_writes += 1;
        self.counters.payload_bytes_copied += data.len() as u64;
        self.post_rdma_write(descs, Local::Own(mr), data.len())
    }

    /// Lends a registered buffer of at least `len` bytes from the write pool, if one is
    /// free (larger than a slot: slots in a row, within the connection's bound).
    pub fn lend_buffer(&mut self, len: usize) -> Option<WriteBuf> {
        self.lender().lend(len)
    }

    /// What lends this connection's buffers, for a caller that lends them elsewhere
    /// (the SMB engine, for READ data larger than a slot).
    pub fn lender(&self) -> Lender {
        Lender {
            pool: self.pool.clone(),
            charge: self.lent.clone(),
            limit: self.lend_limit,
        }
    }

    /// Takes back a lent buffer that was not used.
    pub fn return_buffer(&mut self, b: WriteBuf) {
        drop(b);
    }

    /// The pool RDMA payloads use.
    pub fn pool(&self) -> &Arc<BufferPool> {
        &self.pool
    }

    /// RDMA-Writes the first `len` bytes of a lent buffer into the peer's buffers, with no
    /// copy; the buffer returns to the pool when the write completes.
    pub fn rdma_write_buffer(
        &mut self,
        descs: &[BufferDescriptor],
        buf: WriteBuf,
        len: usize,
    ) -> Result<(), Disconnect> {
        if len > buf.capacity() || !buf.is_from(&self.pool) {
            return Err(Disconnect::Protocol("RDMA Write longer than its buffer"));
        }
        self.check_descs(descs, len)?;
        self.counters.rdma_writes += 1;
        self.post_rdma_write(descs, Local::Pool(buf), len)
    }

    /// RDMA-Writes `len` bytes at `offset` of a region the caller registered with this
    /// connection's domain (and keeps registered until the write completes) into the
    /// peer's buffers: memory the server does not copy, such as a mapped file.
    pub fn rdma_write_region(
        &mut self,
        descs: &[BufferDescriptor],
        mr: &Mr,
        offset: usize,
        len: usize,
    ) -> Result<(), Disconnect> {
        if offset.checked_add(len).is_none_or(|e| e > mr.buf.len()) {
            return Err(Disconnect::Protocol("RDMA Write past its region"));
        }
        self.check_descs(descs, len)?;
        self.counters.rdma_writes += 1;
        self.counters.rdma_writes_region += 1;
        self.post_rdma_write(descs, Local::Region(mr.clone(), offset), len)
    }

    /// RDMA-Reads `len` bytes from the peer's buffers into a write-pool buffer when one
    /// is free and large enough (collect with [`SmbdConnection::rdma_read_result`]), else
    /// into a fresh region.
    pub fn rdma_read_into(
        &mut self,
        descs: &[BufferDescriptor],
        len: usize,
    ) -> Result<u64, Disconnect> {
        let Some(buf) = self.lend_buffer(len) else {
            return self.rdma_read(descs, len);
        };
        self.check_descs(descs, len)?;
        self.counters.rdma_reads += 1;
        self.post_rdma_read(descs, Local::Pool(buf), len)
    }

    /// The outcome of an RDMA Read from [`SmbdConnection::rdma_read_into`]: the data in
    /// the pool buffer it landed in (lent to the caller), or copied out.
    pub fn rdma_read_result(&mut self, id: u64) -> Option<Result<ReadData, WcStatus>> {
        let op = self.ops.get(&id)?;
        if !matches!(op.local, Local::Pool(_)) {
            return self.rdma_result(id).map(|r| r.map(ReadData::Copied));
        }
        if op.pending > 0 && op.failed.is_none() && self.closed.is_none() {
            return None;
        }
        let op = self.ops.remove(&id).unwrap();
        if op.failed.is_some() || op.pending > 0 {
            let st = op.failed.unwrap_or(WcStatus::Flushed);
            op.retire();
            return Some(Err(st));
        }
        match op.local {
            Local::Pool(b) => Some(Ok(ReadData::Lent(b, op.len))),
            Local::Own(_) | Local::Region(..) => unreachable!("checked above"),
        }
    }

    /// RDMA-Reads `len` bytes from the peer's buffers.
    pub fn rdma_read(&mut self, descs: &[BufferDescriptor], len: usize) -> Result<u64, Disconnect> {
        self.check_descs(descs, len)?;
        let mr = self
            .pd
            .register(RegBuf::new(len.max(1)), Access::LOCAL_WRITE);
        self.counters.registrations += 1;
        self.counters.rdma_reads += 1;
        self.post_rdma_read(descs, Local::Own(mr), len)
    }

    /// Posts one RDMA operation per descriptor until `len` bytes of `local` are covered;
    /// returns `local` and how many were posted. On a refusal the connection fails (what
    /// was posted before is flushed with it) and `local` is given back.
    pub(super) fn post_pieces(
        &mut self,
        descs: &[BufferDescriptor],
        local: Local,
        len: usize,
        is_read: bool,
        wr_id: u64,
    ) -> Result<(Local, usize), Disconnect> {
        // The pieces must fit the send queue beside the Sends (a peer naming thousands
        // of descriptors ends its connection here, not by overrunning the queue).
        let mut pieces = 0u64;
        let mut covered = 0usize;
        for d in descs {
            if covered >= len {
                break;
            }
            covered += (d.length as usize).min(len - covered);
            pieces += 1;
        }
        let room = u64::from(self.cfg.send_queue_depth)
            .saturating_sub(u64::from(self.cfg.send_slots.max(2)));
        if self.rdma_posted - self.rdma_done + pieces > room {
            self.fail(Disconnect::Protocol("RDMA operations past the send queue"));
            local.release(&self.pd);
            return Err(self.closed.clone().unwrap());
        }
        let (mr, base) = match &local {
            Local::Own(mr) => (mr, 0),
            Local::Pool(b) => (&self.pool_mr, b.offset()),
            Local::Region(mr, at) => (mr, *at),
        };
        let sge = |off: usize, n: usize| mr.sge(base + off, n);
        let mut off = 0usize;
        let mut pending = 0;
        for d in descs {
            if off >= len {
                break;
            }
            let n = (d.length as usize).min(len - off);
            let (remote_addr, rkey) = (d.offset, d.token);
            let op = if is_read {
                SendOp::RdmaRead { remote_addr, rkey }
            } else {
                SendOp::RdmaWrite { remote_addr, rkey }
            };
            let wr = SendWr {
                wr_id,
                op,
                sge: fabric::sges![sge(off, n)],
                // Reads complete on their own; writes with the Send after them.
                signaled: is_read,
            };
            if let Err(e) = self.qp.post_send(wr) {
                self.fail(Disconnect::Transport(e.to_string()));
                // Pieces already posted may still be using a pool slot.
                match local {
                    Local::Pool(_) if pending > 0 => local.abandon(),
                    _ => local.release(&self.pd),
                }
                return Err(self.closed.clone().unwrap());
            }
            pending += 1;
            self.rdma_posted += 1;
            off += n;
        }
        Ok((local, pending))
    }

    /// Posts an RDMA Read into `local`; its id is for [`SmbdConnection::rdma_result`].
    pub(super) fn post_rdma_read(
        &mut self,
        descs: &[BufferDescriptor],
        local: Local,
        len: usize,
    ) -> Result<u64, Disconnect> {
        // (Ids are 32 bits in a work request; 0 names the unsignaled writes.)
        let id = self.next_op;
        self.next_op = (self.next_op + 1) & super::ID_MASK;
        if self.next_op == 0 {
            self.next_op = 1;
        }
        let wr_id = KIND_RDMA | self.tag | id;
        let (local, pending) = self.post_pieces(descs, local, len, true, wr_id)?;
        // (Nothing to move: over at once, and no completion will say so.)
        self.ops_finished |= pending == 0;
        self.ops.insert(
            id,
            RdmaOp {
                local,
                pending,
                mark: self.rdma_posted,
                failed: None,
                len,
            },
        );
        Ok(id)
    }

    /// Posts an RDMA Write from `local`, unsignaled: released with the next Send.
    pub(super) fn post_rdma_write(
        &mut self,
        descs: &[BufferDescriptor],
        local: Local,
        len: usize,
    ) -> Result<(), Disconnect> {
        let (local, _) = self.post_pieces(descs, local, len, false, KIND_RDMA | self.tag)?;
        self.own_bytes += local.own_bytes();
        self.writes_unsent.push(local);
        Ok(())
    }

    /// Whether an RDMA Read this side posted is still on its way: on a working link its
    /// completion comes within microseconds, sooner than a sleeping thread wakes.
    pub fn rdma_reads_in_flight(&self) -> bool {
        self.closed.is_none()
            && self
                .ops
                .values()
                .any(|o| o.pending > 0 && o.failed.is_none())
    }

    /// Whether an RDMA operation may have finished since the last call: results
    /// ([`SmbdConnection::rdma_result`], [`SmbdConnection::rdma_read_result`]) need
    /// looking for only then.
    pub fn take_ops_finished(&mut self) -> bool {
        std::mem::take(&mut self.ops_finished)
    }

    /// The outcome of an RDMA Read once every piece completed: the bytes read, or the
    /// failing status. None while still in flight.
    pub fn rdma_result(&mut self, id: u64) -> Option<Result<Vec<u8>, WcStatus>> {
        let op = self.ops.get(&id)?;
        if op.pending > 0 && op.failed.is_none() && self.closed.is_none() {
            return None;
        }
        // A pool slot goes back (on drop) only now that the device is done with it: an
        // operation that failed or was flushed is over too.
        let op = self.ops.remove(&id).unwrap();
        if let Local::Own(mr) = &op.local {
            self.pd.deregister(mr);
        }
        if op.failed.is_some() || op.pending > 0 {
            let st = op.failed.unwrap_or(WcStatus::Flushed);
            op.retire();
            return Some(Err(st));
        }
        Some(Ok(match &op.local {
            Local::Own(mr) => {
                self.counters.payload_bytes_copied += op.len as u64;
                mr.buf.to_vec(0, op.len)
            }
            Local::Pool(b) => {
                self.counters.payload_bytes_copied += op.len as u64;
                b.bytes()[..op.len].to_vec()
            }
            Local::Region(..) => Vec::new(),
        }))
    }
}
