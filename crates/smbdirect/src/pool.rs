//! Registered buffers for RDMA payloads: one region carved into equal slots, shared by
//! every connection of a worker. Storage reads land in a slot and leave from it by RDMA
//! Write; RDMA Reads of WRITE data land in one and are written from it. A slot returns to
//! the pool when the [`WriteBuf`] holding it is dropped, which the connection does only
//! once the operation using it has completed (or was flushed).

use fabric::{Pages, RegBuf};
use std::sync::{Arc, Mutex};

pub struct BufferPool {
    region: Arc<RegBuf>,
    slot: usize,
    slots: usize,
    free: Mutex<Vec<u32>>,
    /// Mapped pages (None: the allocator's memory).
    pages: Option<Pages>,
}

impl std::fmt::Debug for BufferPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BufferPool")
            .field("slots", &self.slots)
            .field("slot", &self.slot)
            .field("free", &self.free_slots())
            .field("pages", &self.pages)
            .finish()
    }
}

impl BufferPool {
    /// `slots` buffers of `slot` bytes from the allocator (a connection's own pool).
    pub fn heap(slots: usize, slot: usize) -> Arc<BufferPool> {
        Self::over(RegBuf::new(slots.max(1) * slot), slot, None)
    }

    /// `slots` buffers of `slot` bytes mapped at start: huge pages when `huge` and the
    /// system has them reserved, else ordinary pages (see [`BufferPool::pages`]).
    pub fn mapped(slots: usize, slot: usize, huge: bool) -> std::io::Result<Arc<BufferPool>> {
        let (region, pages) = RegBuf::mapped(slots.max(1) * slot, huge)?;
        Ok(Self::over(region, slot, Some(pages)))
    }

    fn over(region: Arc<RegBuf>, slot: usize, pages: Option<Pages>) -> Arc<BufferPool> {
        let slots = region.len() / slot.max(1);
        Arc::new(BufferPool {
            region,
            slot,
            slots,
            free: Mutex::new((0..slots as u32).rev().collect()),
            pages,
        })
    }

    pub fn slot_size(&self) -> usize {
        self.slot
    }
    pub fn slots(&self) -> usize {
        self.slots
    }
    pub fn free_slots(&self) -> usize {
        self.free.lock().map_or(0, |f| f.len())
    }
    pub fn pages(&self) -> Option<Pages> {
        self.pages
    }
    /// The whole region, to register with a protection domain.
    pub fn region(&self) -> &Arc<RegBuf> {
        &self.region
    }

    /// A free slot, if any.
    pub fn take(self: &Arc<Self>) -> Option<WriteBuf> {
        let slot = self.free.lock().ok()?.pop()?;
        Some(WriteBuf {
            pool: self.clone(),
            slot,
        })
    }
}

/// One slot of a [`BufferPool`], lent out: filled by its holder, then handed to
/// [`crate::SmbdConnection::rdma_write_buffer`]; back in the pool when dropped.
pub struct WriteBuf {
    pool: Arc<BufferPool>,
    slot: u32,
}

impl std::fmt::Debug for WriteBuf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WriteBuf")
            .field("slot", &self.slot)
            .field("capacity", &self.pool.slot)
            .finish()
    }
}

impl WriteBuf {
    pub fn capacity(&self) -> usize {
        self.pool.slot
    }
    /// Where the slot starts in the pool's region.
    pub fn offset(&self) -> usize {
        self.slot as usize * self.pool.slot
    }
    /// Whether this slot belongs to `pool`.
    pub fn is_from(&self, pool: &Arc<BufferPool>) -> bool {
        Arc::ptr_eq(&self.pool, pool)
    }
    /// The slot's bytes, to fill.
    pub fn bytes_mut(&mut self) -> &mut [u8] {
        // SAFETY: a slot belongs to one WriteBuf at a time (taken from the free list,
        // returned on drop), and a lent one is in no posted operation: the connection
        // posts it only after taking it by value.
        unsafe { self.pool.region.range_mut(self.offset(), self.pool.slot) }
    }
    /// The slot's bytes, to read.
    pub fn bytes(&self) -> &[u8] {
        // SAFETY: as above: no operation is writing into a lent slot.
        unsafe { self.pool.region.range(self.offset(), self.pool.slot) }
    }
}

impl Drop for WriteBuf {
    fn drop(&mut self) {
        if let Ok(mut f) = self.pool.free.lock() {
            f.push(self.slot);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_disjoint_and_come_back_on_drop() {
        let p = BufferPool::heap(3, 4096);
        let mut a = p.take().unwrap();
        let mut b = p.take().unwrap();
        let c = p.take().unwrap();
        assert!(p.take().is_none());
        a.bytes_mut().fill(1);
        b.bytes_mut().fill(2);
        assert!(a.bytes().iter().all(|&x| x == 1) && b.bytes().iter().all(|&x| x == 2));
        assert_ne!(a.offset(), b.offset());
        drop(c);
        assert_eq!(p.free_slots(), 1);
        drop((a, b));
        assert_eq!(p.free_slots(), 3);
    }

    #[test]
    fn mapped_pool_falls_back_to_small_pages() {
        // This machine may have no huge pages reserved: the pool still comes up.
        let p = BufferPool::mapped(8, 64 * 1024, true).unwrap();
        assert!(p.slots() >= 8);
        assert!(p.pages().is_some());
        let mut s = p.take().unwrap();
        s.bytes_mut()[..4].copy_from_slice(b"data");
        assert_eq!(&s.bytes()[..4], b"data");
    }
}
