//! An in-memory [`Storage`] that keeps what a crash would leave apart from what the
//! running program sees. Writes land in the volatile image at once and reach the
//! durable image only at a flush. A crash can be armed at the N-th flush: that flush
//! fails, a pseudo-random subset of the unflushed 4 KiB pieces (and size changes) reaches
//! the durable image, and every later call fails. Tests reopen the durable image.

use crate::Storage;
use std::io;
use std::sync::Mutex;

enum Op {
    Write(u64, Vec<u8>),
    SetLen(u64),
}

struct State {
    volatile: Vec<u8>,
    durable: Vec<u8>,
    pending: Vec<Op>,
    flushes: u64,
    crash_at: Option<u64>,
    crashed: bool,
    seed: u64,
}

pub struct MemFile {
    st: Mutex<State>,
}

fn apply(img: &mut Vec<u8>, op: &Op) {
    match op {
        Op::Write(off, data) => {
            let end = *off as usize + data.len();
            if img.len() < end {
                img.resize(end, 0);
            }
            img[*off as usize..end].copy_from_slice(data);
        }
        Op::SetLen(n) => img.resize(*n as usize, 0),
    }
}

fn crashed() -> io::Error {
    io::Error::other("simulated crash")
}

impl MemFile {
    pub fn new(image: Vec<u8>) -> MemFile {
        MemFile {
            st: Mutex::new(State {
                durable: image.clone(),
                volatile: image,
                pending: Vec::new(),
                flushes: 0,
                crash_at: None,
                crashed: false,
                seed: 0x9E37_79B9_7F4A_7C15,
            }),
        }
    }

    /// Arms a crash at the `n`-th flush from now (1 = the next one); `seed` picks which
    /// unflushed writes survive.
    pub fn crash_at_flush(&self, n: u64, seed: u64) {
        let mut s = self.st.lock().unwrap();
        s.crash_at = Some(s.flushes + n);
        s.seed = seed;
    }

    pub fn flush_count(&self) -> u64 {
        self.st.lock().unwrap().flushes
    }

    pub fn has_crashed(&self) -> bool {
        self.st.lock().unwrap().crashed
    }

    pub fn durable_image(&self) -> Vec<u8> {
        self.st.lock().unwrap().durable.clone()
    }

    pub fn volatile_image(&self) -> Vec<u8> {
        self.st.lock().unwrap().volatile.clone()
    }
}

impl Storage for MemFile {
    fn read_at(&self, buf: &mut [u8], offset: u64) -> io::Result<()> {
        let s = self.st.lock().unwrap();
        if s.crashed {
            return Err(crashed());
        }
        let end = offset as usize + buf.len();
        if end > s.volatile.len() {
            return Err(io::Error::from(io::ErrorKind::UnexpectedEof));
        }
        buf.copy_from_slice(&s.volatile[offset as usize..end]);
        Ok(())
    }

    fn write_at(&self, buf: &[u8], offset: u64) -> io::Result<()> {
        let mut s = self.st.lock().unwrap();
        if s.crashed {
            return Err(crashed());
        }
        let op = Op::Write(offset, buf.to_vec());
        apply(&mut s.volatile, &op);
        s.pending.push(op);
        Ok(())
    }

    fn flush(&self) -> io::Result<()> {
        let mut s = self.st.lock().unwrap();
        if s.crashed {
            return Err(crashed());
        }
        s.flushes += 1;
        let pending = std::mem::take(&mut s.pending);
        if s.crash_at == Some(s.flushes) {
            // Some unflushed pieces made it, some did not: by the seed's residue mod 3,
            // a random subset, a prefix (in issue order) or a suffix.
            let mode = s.seed % 3;
            let mut x = s.seed | 1;
            let pieces: Vec<Op> = pending
                .into_iter()
                .flat_map(|op| match op {
                    Op::Write(off, data) => data
                        .chunks(4096)
                        .enumerate()
                        .map(|(i, c)| Op::Write(off + i as u64 * 4096, c.to_vec()))
                        .collect::<Vec<_>>(),
                    o => vec![o],
                })
                .collect();
            let n = pieces.len() as u64;
            let cut = if n == 0 { 0 } else { (s.seed / 3) % (n + 1) };
            for (i, p) in pieces.iter().enumerate() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let keep = match mode {
                    0 => x & 1 == 1,
                    1 => (i as u64) < cut,
                    _ => (i as u64) >= cut,
                };
                if keep {
                    apply(&mut s.durable, p);
                }
            }
            s.crashed = true;
            return Err(crashed());
        }
        for op in &pending {
            apply(&mut s.durable, op);
        }
        Ok(())
    }

    fn len(&self) -> io::Result<u64> {
        let s = self.st.lock().unwrap();
        if s.crashed {
            return Err(crashed());
        }
        Ok(s.volatile.len() as u64)
    }

    fn set_len(&self, len: u64) -> io::Result<()> {
        let mut s = self.st.lock().unwrap();
        if s.crashed {
            return Err(crashed());
        }
        let op = Op::SetLen(len);
        apply(&mut s.volatile, &op);
        s.pending.push(op);
        Ok(())
    }
}
