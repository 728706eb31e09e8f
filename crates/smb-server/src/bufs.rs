//! Message buffers recycled per thread: a worker builds every response in a buffer some
//! earlier response left behind once its transport had sent it, so a warm worker does
//! not allocate per request. A buffer taken here and never given back is simply freed.

use std::cell::RefCell;

/// Capacity classes: a buffer of class k has room for at least `CLASSES[k]` bytes.
const CLASSES: [usize; 4] = [512, 4096 + 512, 16384 + 512, 65536 + 512];
/// Buffers kept per class and thread.
const KEEP: usize = 64;

thread_local! {
    static SPARE: RefCell<[Vec<Vec<u8>>; 4]> = const {
        RefCell::new([Vec::new(), Vec::new(), Vec::new(), Vec::new()])
    };
}

/// An empty buffer with room for `cap` bytes: a recycled one when this thread has one.
pub fn take(cap: usize) -> Vec<u8> {
    let Some(k) = CLASSES.iter().position(|&c| c >= cap) else {
        return Vec::with_capacity(cap);
    };
    SPARE
        .try_with(|s| s.borrow_mut()[k].pop())
        .ok()
        .flatten()
        .unwrap_or_else(|| Vec::with_capacity(CLASSES[k]))
}

/// Hands a buffer back once its contents are no longer needed (sent, copied).
pub fn give(mut v: Vec<u8>) {
    let cap = v.capacity();
    // The largest class it serves; tiny and oversized buffers are freed.
    let Some(k) = CLASSES.iter().rposition(|&c| c <= cap) else {
        return;
    };
    if cap > 2 * CLASSES[CLASSES.len() - 1] {
        return;
    }
    v.clear();
    let _ = SPARE.try_with(|s| {
        let mut s = s.borrow_mut();
        if s[k].len() < KEEP {
            s[k].push(v);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buffers_come_back_by_size() {
        let a = take(100);
        assert!(a.capacity() >= 512 && a.is_empty());
        let p = a.as_ptr();
        give(a);
        let b = take(200);
        assert_eq!(b.as_ptr(), p, "recycled");
        // A larger request never gets a smaller buffer.
        give(b);
        let c = take(8192);
        assert!(c.capacity() >= 8192);
        let mut big = Vec::with_capacity(1 << 20);
        big.push(1u8);
        give(big);
        assert!(take(70_000).capacity() >= 70_000);
        // A buffer handed back with data comes out empty.
        let mut d = take(10);
        d.extend_from_slice(b"xyz");
        give(d);
        assert!(take(10).is_empty());
    }
}
