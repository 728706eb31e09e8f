//! Registered buffers for RDMA payloads: one region carved into equal slots, shared by
//! every connection of a worker. Storage reads land in a slot and leave from it by RDMA
//! Write; RDMA Reads of WRITE data land in one and are written from it. A slot returns to
//! the pool when the [`WriteBuf`] holding it is dropped, which the connection does only
//! once the operation using it has completed (or was flushed).

use fabric::{Pages, RegBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

pub struct BufferPool {
    region: Arc<RegBuf>,
    slot: usize,
    slots: usize,
    /// Free slots: one bit each, set when free.
    free: Mutex<Free>,
    /// Mapped pages (None: the allocator's memory).
    pages: Option<Pages>,
}

struct Free {
    bits: Vec<u64>,
    count: usize,
}

impl Free {
    fn is_free(&self, i: usize) -> bool {
        self.bits[i / 64] & (1 << (i % 64)) != 0
    }

    fn set(&mut self, at: usize, n: usize, free: bool) {
        for i in at..at + n {
            let (w, b) = (i / 64, 1u64 << (i % 64));
            if free {
                self.bits[w] |= b;
            } else {
                self.bits[w] &= !b;
            }
        }
        if free {
            self.count += n;
        } else {
            self.count -= n;
        }
    }

    /// The first of `n` free slots in a row among `slots`, taken.
    fn take(&mut self, n: usize, slots: usize) -> Option<usize> {
        if n == 0 || n > self.count {
            return None;
        }
        let mut i = 0;
        while i + n <= slots {
            let w = self.bits[i / 64] >> (i % 64);
            if w == 0 {
                // Nothing free in the rest of this word.
                i = (i / 64 + 1) * 64;
                continue;
            }
            let skip = w.trailing_zeros() as usize;
            if skip > 0 {
                i += skip;
                continue;
            }
            match (i..i + n).find(|&j| !self.is_free(j)) {
                None => {
                    self.set(i, n, false);
                    return Some(i);
                }
                Some(j) => i = j + 1,
            }
        }
        None
    }
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
        let mut free = Free {
            bits: vec![0; slots.div_ceil(64)],
            count: 0,
        };
        free.set(0, slots, true);
        Arc::new(BufferPool {
            region,
            slot,
            slots,
            free: Mutex::new(free),
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
        self.free.lock().map_or(0, |f| f.count)
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
        self.take_run(1, None)
    }

    /// A buffer of at least `len` bytes: that many slots in a row (one registered range,
    /// so a transfer larger than a slot needs no registration of its own), if free.
    /// `charge`, when given, counts the buffer's bytes until it comes back.
    pub fn take_len(
        self: &Arc<Self>,
        len: usize,
        charge: Option<&Arc<AtomicUsize>>,
    ) -> Option<WriteBuf> {
        self.take_run(len.div_ceil(self.slot.max(1)).max(1), charge)
    }

    fn take_run(self: &Arc<Self>, n: usize, charge: Option<&Arc<AtomicUsize>>) -> Option<WriteBuf> {
        let slot = self.free.lock().ok()?.take(n, self.slots)?;
        if let Some(c) = charge {
            c.fetch_add(n * self.slot, Ordering::Relaxed);
        }
        Some(WriteBuf {
            pool: self.clone(),
            slot: slot as u32,
            n: n as u32,
            charge: charge.cloned(),
        })
    }
}

/// Slots of a [`BufferPool`] in a row, lent out: filled by its holder, then handed to
/// [`crate::SmbdConnection::rdma_write_buffer`]; back in the pool when dropped.
pub struct WriteBuf {
    pool: Arc<BufferPool>,
    slot: u32,
    n: u32,
    /// Whose lending bound it counts against (a connection's), if any.
    charge: Option<Arc<AtomicUsize>>,
}

impl std::fmt::Debug for WriteBuf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WriteBuf")
            .field("slot", &self.slot)
            .field("capacity", &self.capacity())
            .finish()
    }
}

impl WriteBuf {
    pub fn capacity(&self) -> usize {
        self.n as usize * self.pool.slot
    }
    /// Where the buffer starts in the pool's region.
    pub fn offset(&self) -> usize {
        self.slot as usize * self.pool.slot
    }
    /// Whether this buffer belongs to `pool`.
    pub fn is_from(&self, pool: &Arc<BufferPool>) -> bool {
        Arc::ptr_eq(&self.pool, pool)
    }
    /// The buffer's bytes, to fill.
    pub fn bytes_mut(&mut self) -> &mut [u8] {
        // SAFETY: a slot belongs to one WriteBuf at a time (taken from the free set,
        // returned on drop), and a lent one is in no posted operation: the connection
        // posts it only after taking it by value.
        unsafe { self.pool.region.range_mut(self.offset(), self.capacity()) }
    }
    /// The buffer's bytes, to read.
    pub fn bytes(&self) -> &[u8] {
        // SAFETY: as above: no operation is writing into a lent slot.
        unsafe { self.pool.region.range(self.offset(), self.capacity()) }
    }
}

impl Drop for WriteBuf {
    fn drop(&mut self) {
        if let Ok(mut f) = self.pool.free.lock() {
            f.set(self.slot as usize, self.n as usize, true);
        }
        if let Some(c) = &self.charge {
            c.fetch_sub(self.capacity(), Ordering::Relaxed);
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

    #[test]
    fn runs_of_slots_are_whole_and_come_back() {
        let p = BufferPool::heap(130, 4096);
        let charge = Arc::new(AtomicUsize::new(0));
        let one = p.take().unwrap();
        // 8 slots in a row, counted against the charge while held.
        let mut run = p.take_len(8 * 4096 - 100, Some(&charge)).unwrap();
        assert_eq!(run.capacity(), 8 * 4096);
        assert_eq!(charge.load(Ordering::Relaxed), 8 * 4096);
        assert_eq!(run.bytes_mut().len(), 8 * 4096);
        assert!(run.offset() >= one.offset() + 4096 || run.offset() + 8 * 4096 <= one.offset());
        // A hole of one slot between two taken ones is not a run of two.
        let a = p.take().unwrap();
        let b = p.take().unwrap();
        drop(a);
        let two = p.take_len(2 * 4096, None).unwrap();
        assert!(two.offset() > b.offset());
        assert_eq!(p.free_slots(), 130 - 1 - 8 - 1 - 2);
        // More in a row than are free: none; runs across word boundaries: whole.
        assert!(p.take_len(200 * 4096, None).is_none());
        let big = p.take_len(100 * 4096, None).unwrap();
        assert_eq!(big.capacity(), 100 * 4096);
        drop((run, big, two, b, one));
        assert_eq!(charge.load(Ordering::Relaxed), 0);
        assert_eq!(p.free_slots(), 130);
        assert_eq!(p.take_len(130 * 4096, None).unwrap().capacity(), 130 * 4096);
    }
}
