//! One file, several engines: a scale-out share's disk is served by an engine on each
//! node at once. One engine at a time may change the file's metadata (the owner: it
//! allocates blocks, writes the header and the log); the others (followers) only write
//! data in place, into blocks the file has, and look again at a block table entry that
//! says a block is not there before they believe it (the owner may have allocated it
//! since). A block, once present, stays where it is while several engines serve the
//! file: a trim zeros its data in place rather than release it. A resize is the
//! owner's, and every other engine reads the new layout ([`MetaOwner::reshaped`])
//! before the owner changes anything more or releases the space a shrink freed.
//!
//! Who owns the file is not this crate's business: [`MetaOwner`] takes the right for
//! this engine (the others told to let go, each through [`Vhdx::yield_metadata`]), and
//! the engine reads the file's metadata again (replaying a log an owner that stopped
//! left) before it changes any. Each owner marks the disk written (a new DataWriteGuid)
//! at its first change; a follower's writes in place mark nothing (they change no
//! metadata, and a disk served by several engines has no differencing children).

use super::{corrupt, open::overlaps, open::read_meta, Inner, Vhdx};
use crate::format::*;
use crate::{Error, Result, Storage};
use parking_lot::MutexGuard;

/// Where an engine learns whether it may change its file's metadata, among several
/// engines over one file.
pub trait MetaOwner: Send + Sync {
    /// Makes this engine the owner: every other has let go (or stopped). Called with
    /// no lock of the engine held; it may wait (a round trip to the others, a stopped
    /// owner's lease running out), and fails when it cannot be had in time.
    fn acquire(&self) -> std::io::Result<()>;
    /// Whether this engine is the owner now (looked at under the engine's lock: an
    /// engine lets go only through [`Vhdx::yield_metadata`], which takes that lock).
    fn held(&self) -> bool;
    /// The owner changed the file's layout (its virtual size, its BAT, maybe moved):
    /// every other engine reads the metadata again ([`Vhdx::reread_metadata`]) before
    /// this returns. Called with the owner's engine lock held (it changes nothing more
    /// meanwhile).
    fn reshaped(&self) -> std::io::Result<()> {
        Ok(())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Role {
    /// The only engine over the file.
    Sole,
    /// One of several, and the one that may change the metadata.
    Owner,
    /// One of several, writing data in place only.
    Follower,
}

/// What a change needs of the engine.
#[derive(Clone, Copy, Debug)]
pub(super) enum Need {
    /// Data written into the blocks of this range, each present.
    InPlace(u64, u64),
    /// Data changed where it is (present blocks zeroed).
    Data,
}

/// Takings of the metadata in a row, each lost to another engine before it was used,
/// before a change fails.
const TURNS: usize = 8;

impl<S: Storage> Vhdx<S> {
    /// Whether this engine is one of several over the file.
    pub fn is_shared(&self) -> bool {
        self.shared.is_some()
    }

    /// Whether this engine is the file's metadata owner now (one alone always is).
    #[cfg(test)]
    fn owns_metadata(&self) -> bool {
        self.inner.lock().role != Role::Follower
    }

    /// Another engine is taking the metadata: this one, if the owner, ends its session
    /// (the file flushed, the log emptied) and becomes a follower; then `let_go` runs,
    /// still under the engine's lock, so that no change of this engine starts between
    /// the two.
    pub fn yield_metadata(&self, let_go: &mut dyn FnMut()) {
        let mut inner = self.inner.lock();
        if inner.role == Role::Owner {
            // (Should this fail, the next owner replays the log: every entry in it was
            // applied already. This engine, poisoned, then writes no header at its
            // close, and believes nothing of absent blocks until it owns the disk
            // again.)
            if self.end_locked(&mut inner).is_err() {
                inner.poisoned = true;
            }
            inner.role = Role::Follower;
            inner.bitmaps.clear();
        }
        let_go();
    }

    /// The owner changed the file's layout ([`MetaOwner::reshaped`]): a follower reads
    /// the metadata again as it stands (the owner's log is not replayed: what it
    /// applied is in place).
    pub fn reread_metadata(&self) -> Result<()> {
        let mut inner = self.inner.lock();
        if inner.role != Role::Follower {
            return Ok(());
        }
        // (Not read: what it holds is no longer to be believed of absent blocks.)
        let r = self.reload(&mut inner, false);
        if r.is_err() {
            inner.poisoned = true;
        }
        r
    }

    /// Makes this engine able to write the range: the owner first, if a block of it is
    /// not there (what a write would do itself, done before it, with nothing of the
    /// write's held meanwhile).
    pub fn ready_to_write(&self, offset: u64, len: u64) -> Result<()> {
        self.lock_to_write(Some(Need::InPlace(offset, len)))
            .map(drop)
    }

    /// The BAT entry of payload block `block`; a follower reads one that says the block
    /// is not there from the file again (the owner may have allocated it since).
    pub(super) fn entry(&self, inner: &mut Inner, block: u64) -> Result<u64> {
        let i = self.payload_index(block);
        let e = inner.bat[i];
        if inner.role != Role::Follower || bat_state(e) == PAYLOAD_FULLY_PRESENT {
            return Ok(e);
        }
        if inner.poisoned {
            return Err(Error::Poisoned);
        }
        let at = inner.bat_offset + i as u64 * 8;
        let raw = read_meta(&self.file, &inner.overlay, at, 8)?;
        let e = le64(&raw, 0);
        match bat_state(e) {
            PAYLOAD_FULLY_PRESENT => {
                let off = bat_offset(e);
                let span = (off, self.block_size);
                let clashes = off < HEADER_AREA
                    || inner
                        .regions
                        .iter()
                        .any(|r| overlaps(span, (r.file_offset, u64::from(r.length))))
                    || overlaps(
                        span,
                        (inner.header.log_offset, u64::from(inner.header.log_length)),
                    );
                if clashes {
                    return Err(corrupt(format!(
                        "BAT entry {i}, written by another engine, points at {off}, into the file's metadata"
                    )));
                }
            }
            PAYLOAD_PARTIALLY_PRESENT | 4 => {
                return Err(corrupt(format!(
                    "BAT entry {i}, written by another engine, has state {}",
                    bat_state(e)
                )))
            }
            _ => {}
        }
        inner.bat[i] = e;
        Ok(e)
    }

    /// Whether every block of the range is present (a follower looking again at those
    /// that were not).
    fn present_whole(&self, inner: &mut Inner, offset: u64, len: u64) -> Result<bool> {
        self.check_range(inner, offset, len)?;
        if len == 0 {
            return Ok(true);
        }
        for b in offset / self.block_size..=(offset + len - 1) / self.block_size {
            if bat_state(self.entry(inner, b)?) != PAYLOAD_FULLY_PRESENT {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The engine's lock, for a change that needs `need` (None: a change of the
    /// metadata). One engine alone has it at once; one of several makes itself the
    /// owner first when it must (the file's metadata read again once it is).
    pub(super) fn lock_to_write(&self, need: Option<Need>) -> Result<MutexGuard<'_, Inner>> {
        let mut inner = self.inner.lock();
        let Some(owner) = &self.shared else {
            return Ok(inner);
        };
        for _ in 0..TURNS {
            if inner.role == Role::Owner {
                return Ok(inner);
            }
            let enough = match need {
                None => false,
                Some(Need::Data) => true,
                Some(Need::InPlace(o, l)) => self.present_whole(&mut inner, o, l)?,
            };
            if enough {
                return Ok(inner);
            }
            drop(inner);
            owner
                .acquire()
                .map_err(|e| Error::Unavailable(e.to_string()))?;
            inner = self.inner.lock();
            if inner.role == Role::Follower && owner.held() {
                if let Err(e) = self.reload(&mut inner, true) {
                    inner.poisoned = true;
                    return Err(e);
                }
                inner.role = Role::Owner;
            }
        }
        Err(Error::Unavailable(
            "another engine took it each time this one had it".into(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use crate::mem::MemFile;
    use crate::{create, CreateParams, DiskKind, MetaOwner, Vhdx};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{Arc, Mutex, Weak};

    const MIB: u64 = 1 << 20;

    /// Engines over one file, and which of them owns its metadata: taking it makes the
    /// holder yield, as the cluster does.
    #[derive(Default)]
    struct Nodes {
        engines: Mutex<Vec<Weak<Vhdx<Arc<MemFile>>>>>,
        owner: Mutex<Option<usize>>,
        takes: AtomicUsize,
    }

    struct Node(Arc<Nodes>, usize);

    impl MetaOwner for Node {
        fn acquire(&self) -> std::io::Result<()> {
            let holder = *self.0.owner.lock().unwrap();
            if let Some(h) = holder.filter(|&h| h != self.1) {
                let e = self.0.engines.lock().unwrap()[h].upgrade();
                let owner = &self.0.owner;
                let mut let_go = || *owner.lock().unwrap() = None;
                match e {
                    Some(e) => e.yield_metadata(&mut let_go),
                    None => let_go(),
                }
            }
            *self.0.owner.lock().unwrap() = Some(self.1);
            self.0.takes.fetch_add(1, Ordering::Relaxed);
            Ok(())
        }
        fn held(&self) -> bool {
            *self.0.owner.lock().unwrap() == Some(self.1)
        }
        fn reshaped(&self) -> std::io::Result<()> {
            let engines = self.0.engines.lock().unwrap().clone();
            for (i, e) in engines.iter().enumerate() {
                if let Some(e) = e.upgrade().filter(|_| i != self.1) {
                    e.reread_metadata().map_err(std::io::Error::other)?;
                }
            }
            Ok(())
        }
    }

    type Engine = Arc<Vhdx<Arc<MemFile>>>;

    /// A new dynamic disk of `size` bytes with 1 MiB blocks.
    fn dynamic(size: u64) -> Arc<MemFile> {
        let f = Arc::new(MemFile::new(Vec::new()));
        let mut p = CreateParams::new(DiskKind::Dynamic, size);
        p.block_size = MIB as u32;
        create(&f, &p).unwrap();
        f
    }

    fn engines(file: &Arc<MemFile>, n: usize) -> (Arc<Nodes>, Vec<Engine>) {
        let nodes = Arc::new(Nodes::default());
        let v: Vec<_> = (0..n)
            .map(|i| {
                let owner = Arc::new(Node(nodes.clone(), i));
                Arc::new(Vhdx::open_shared(file.clone(), owner).unwrap())
            })
            .collect();
        *nodes.engines.lock().unwrap() = v.iter().map(Arc::downgrade).collect();
        (nodes, v)
    }

    fn write(v: &Vhdx<Arc<MemFile>>, at: u64, data: &[u8]) {
        crate::write_through(v, at, data).unwrap();
    }

    fn read(v: &Vhdx<Arc<MemFile>>, at: u64, len: usize) -> Vec<u8> {
        let mut b = vec![0u8; len];
        crate::read_level(std::slice::from_ref(v), 0, at, &mut b).unwrap();
        b
    }

    #[test]
    fn two_engines_allocate_in_turn_and_each_reads_the_others_blocks() {
        let f = dynamic(64 * MIB);
        let (nodes, e) = engines(&f, 2);
        // Each allocates a block of its own in turn; each reads the other's at once.
        for round in 0..6u64 {
            let (w, r) = (&e[(round % 2) as usize], &e[1 - (round % 2) as usize]);
            let data = vec![round as u8 + 1; 8192];
            assert_eq!(read(r, round * MIB, 8192), vec![0; 8192], "not there yet");
            write(w, round * MIB, &data);
            assert!(w.owns_metadata() && !r.owns_metadata());
            assert_eq!(read(r, round * MIB, 8192), data, "round {round}");
        }
        assert_eq!(nodes.takes.load(Ordering::Relaxed), 6);
        // A follower writes in place into a block the owner allocated, taking nothing.
        assert!(!e[0].owns_metadata());
        write(&e[0], MIB + 4096, &[9; 4096]);
        assert!(!e[0].owns_metadata(), "no allocation: no taking");
        assert_eq!(read(&e[1], MIB + 4096, 4096), vec![9; 4096]);
        // A trim on a follower zeros in place: the block stays, so the other's copy
        // of the table stays true.
        assert_eq!(e[0].trim(2 * MIB, MIB).unwrap(), MIB);
        assert_eq!(read(&e[1], 2 * MIB, 8192), vec![0; 8192]);
        write(&e[1], 2 * MIB, &[7; 512]);
        assert_eq!(read(&e[0], 2 * MIB, 512), vec![7; 512]);
        // A resize by one (its BAT moves to the end of the file: 200 GiB of 1 MiB
        // blocks outgrow the first one) is read by the other before it returns.
        const GIB: u64 = 1 << 30;
        e[1].resize(200 * GIB).unwrap();
        assert_eq!(e[0].virtual_size(), 200 * GIB);
        write(&e[1], 150 * GIB, &[3; 4096]);
        assert_eq!(
            read(&e[0], 150 * GIB, 4096),
            vec![3; 4096],
            "through the moved BAT"
        );
        write(&e[0], 150 * GIB + 4096, &[4; 512]);
        assert_eq!(read(&e[1], 150 * GIB + 4096, 512), vec![4; 512]);
        // And a shrink back: the other refuses what lies past the new end.
        e[0].resize(64 * MIB).unwrap();
        assert!(e[1].resolve_read(100 * MIB, 512).is_err());
        // Closed, the file is sound and holds every block, one copy each.
        drop(e);
        let v = Vhdx::open(f.clone(), crate::OpenOptions::read_write()).unwrap();
        for round in 0..6u64 {
            let want = match round {
                2 => 7,
                _ => round as u8 + 1,
            };
            assert_eq!(read(&v, round * MIB, 512), vec![want; 512], "{round}");
        }
        assert_eq!(v.allocated_ranges(0, 64 * MIB).unwrap(), vec![(0, 6 * MIB)]);
        assert_eq!(v.virtual_size(), 64 * MIB);
    }

    #[test]
    fn a_new_owner_replays_the_log_a_stopped_one_left() {
        let f = dynamic(16 * MIB);
        let (nodes, mut e) = engines(&f, 2);
        write(&e[0], 3 * MIB, &[5; 4096]);
        // Engine 0 stops without ending its session (its node was killed): its hold
        // goes with it, its log stays active, and it never writes again.
        std::mem::forget(e.remove(0));
        *nodes.owner.lock().unwrap() = None;
        write(&e[0], 4 * MIB, &[6; 4096]);
        assert!(
            e[0].info().unwrap().replayed_log_entries > 0,
            "the log replayed"
        );
        assert_eq!(read(&e[0], 3 * MIB, 4096), vec![5; 4096]);
        assert_eq!(read(&e[0], 4 * MIB, 4096), vec![6; 4096]);
    }
}
