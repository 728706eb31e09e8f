//! One file, several engines: a scale-out share's disk is served by an engine on each
//! node at once. One engine at a time may change the file's metadata (the owner: it
//! allocates blocks, writes the header and the log); the others (followers) only write
//! data in place, into blocks the file has, and look again at a block table entry that
//! says a block is not there before they believe it (the owner may have allocated it
//! since). A differencing disk's sectors of a partially present block are the owner's
//! to mark present too; a follower reads the bits it needs from the file again before
//! it reads through to the parent. A block, once present, stays where it is while
//! several engines serve the file: a trim zeros its data in place rather than release
//! it. A resize is the
//! owner's, and every other engine reads the new layout ([`MetaOwner::reshaped`])
//! before the owner changes anything more or releases the space a shrink freed.
//!
//! Who owns the file is not this crate's business: [`MetaOwner`] takes the right for
//! this engine (the others told to let go, each through [`Vhdx::yield_metadata`]), and
//! the engine reads the file's metadata again (replaying a log an owner that stopped
//! left) before it changes any. Each owner marks the disk written (a new DataWriteGuid)
//! at its first change; a follower's writes in place mark nothing (they change no
//! metadata: a child made of the file while several engines serve it is made by the
//! owner, and the others read through it once they hear of it).

use super::{corrupt, open::overlaps, open::read_meta, Inner, Vhdx};
use crate::format::*;
use crate::{Error, Result, Storage};
use parking_lot::MutexGuard;
use std::sync::atomic::Ordering;

/// Where an engine learns whether it may change its file's metadata, among several
/// engines over one file.
pub trait MetaOwner: Send + Sync {
    /// Makes this engine the owner: every other has let go (or stopped). Called with
    /// no lock of the engine held; it may wait (a round trip to the others, a stopped
    /// owner's lease running out), and fails when it cannot be had in time, or once
    /// `give_up` says so (looked at between its tries: the engine was superseded).
    fn acquire(&self, give_up: &dyn Fn() -> bool) -> std::io::Result<()>;
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

    /// Whether a write of the range must make this engine the owner first (one of
    /// several, not the owner, and a block of the range not all there): the caller may
    /// take the metadata for it ([`MetaOwner::acquire`]) before the write, with nothing
    /// of the write's held meanwhile.
    pub fn must_own_to_write(&self, offset: u64, len: u64) -> Result<bool> {
        let mut inner = self.inner.lock();
        if self.shared.is_none() || inner.role == Role::Owner {
            return Ok(false);
        }
        Ok(!self.present_whole(&mut inner, offset, len)?)
    }

    /// Makes this engine the owner of the file's metadata (taken from the others, and
    /// the metadata read again, a log left by an owner that stopped replayed), as a
    /// change of the metadata would.
    pub fn own_metadata(&self) -> Result<()> {
        self.lock_to_write(None).map(drop)
    }

    /// This engine's file is no longer the disk's (another engine made a child of it,
    /// which the disk now is): from now on it reads and writes nothing, and gives up
    /// taking the metadata (so it never marks the file written again).
    pub fn supersede(&self) {
        self.superseded.store(true, Ordering::Release);
    }

    /// Whether the engine is superseded ([`Vhdx::supersede`]).
    pub fn is_superseded(&self) -> bool {
        self.superseded.load(Ordering::Acquire)
    }

    /// Fails once the engine is superseded ([`Vhdx::supersede`]).
    pub(super) fn current(&self) -> Result<()> {
        match self.is_superseded() {
            true => Err(Error::Unavailable(
                "the disk's file changed under this engine".into(),
            )),
            false => Ok(()),
        }
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
        let e = self.entry_on_file(inner, i)?;
        match bat_state(e) {
            PAYLOAD_FULLY_PRESENT => self.outside_metadata(inner, e, self.block_size, i)?,
            PAYLOAD_PARTIALLY_PRESENT if self.has_parent => {
                self.outside_metadata(inner, e, self.block_size, i)?
            }
            PAYLOAD_NOT_PRESENT | PAYLOAD_UNDEFINED | PAYLOAD_ZERO | PAYLOAD_UNMAPPED => {}
            s => {
                return Err(corrupt(format!(
                    "BAT entry {i}, written by another engine, has state {s}"
                )))
            }
        }
        inner.bat[i] = e;
        Ok(e)
    }

    /// BAT entry `i` as the file has it now (another engine may have written it).
    fn entry_on_file(&self, inner: &Inner, i: usize) -> Result<u64> {
        let at = inner.bat_offset + i as u64 * 8;
        Ok(le64(&read_meta(&self.file, &inner.overlay, at, 8)?, 0))
    }

    /// Checks that the space a BAT entry another engine wrote points at (`len` bytes)
    /// lies past the headers and clear of the file's regions and log.
    fn outside_metadata(&self, inner: &Inner, e: u64, len: u64, i: usize) -> Result<()> {
        let off = bat_offset(e);
        let span = (off, len);
        let clashes = off < HEADER_AREA
            || inner
                .regions
                .iter()
                .any(|r| overlaps(span, (r.file_offset, u64::from(r.length))))
            || overlaps(
                span,
                (inner.header.log_offset, u64::from(inner.header.log_length)),
            );
        match clashes {
            true => Err(corrupt(format!(
                "BAT entry {i}, written by another engine, points at {off}, into the file's metadata"
            ))),
            false => Ok(()),
        }
    }

    /// A follower's sector bitmap of `chunk`, its bits `first..last` read again from the
    /// file (the owner may have marked sectors present since; bits only ever go from
    /// clear to set while several engines serve a file, and a block whose state changes
    /// is read again through [`Vhdx::entry`]).
    pub(super) fn refresh_bits(
        &self,
        inner: &mut Inner,
        chunk: u64,
        first: u64,
        last: u64,
    ) -> Result<()> {
        if inner.role != Role::Follower || first >= last {
            return Ok(());
        }
        let sbi = self.bitmap_index(chunk);
        if bat_state(inner.bat[sbi]) != SB_PRESENT {
            let e = self.entry_on_file(inner, sbi)?;
            if bat_state(e) != SB_PRESENT {
                // (The owner's entry for the bitmap block, in another BAT sector than
                // the block's, is not applied yet: no sector of the chunk is marked
                // present before it is.)
                inner.bitmaps.remove(&chunk);
                return Ok(());
            }
            self.outside_metadata(inner, e, SECTOR_BITMAP_BLOCK, sbi)?;
            inner.bat[sbi] = e;
            inner.bitmaps.remove(&chunk);
        }
        let (lo, hi) = ((first / 8) as usize, last.div_ceil(8) as usize);
        let at = bat_offset(inner.bat[sbi]) + lo as u64;
        let bytes = read_meta(&self.file, &inner.overlay, at, hi - lo)?;
        self.bitmap(inner, chunk)?[lo..hi].copy_from_slice(&bytes);
        Ok(())
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
            self.current()?;
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
            let superseded = || self.superseded.load(Ordering::Acquire);
            owner
                .acquire(&superseded)
                .map_err(|e| Error::Unavailable(e.to_string()))?;
            inner = self.inner.lock();
            self.current()?;
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
        fn acquire(&self, _: &dyn Fn() -> bool) -> std::io::Result<()> {
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
    fn two_engines_share_a_differencing_disk_sector_by_sector() {
        let parent = dynamic(16 * MIB);
        write(
            &Vhdx::open(parent.clone(), crate::OpenOptions::read_write()).unwrap(),
            0,
            &vec![1; 4 * MIB as usize],
        );
        let p = Vhdx::open(parent.clone(), crate::OpenOptions::read_only()).unwrap();
        let child = Arc::new(MemFile::new(Vec::new()));
        create(&child, &crate::differencing_params(&p, ".\\p.vhdx", None)).unwrap();
        let (nodes, e) = engines(&child, 2);
        // Engine 0 writes two sectors into a block: it allocates it partially present.
        write(&e[0], MIB + 1024, &[2; 1024]);
        // Engine 1 sees them, and the parent around them (bits read again).
        let mut got = vec![0u8; 4096];
        read_chain(&e[1], &parent, MIB, &mut got);
        assert_eq!(&got[..1024], &[1; 1024]);
        assert_eq!(&got[1024..2048], &[2; 1024]);
        assert_eq!(&got[2048..], &[1; 2048]);
        // Engine 1 writes the next sectors of the same block: marking them present is
        // the owner's, so it takes the metadata; engine 0 then reads them.
        write(&e[1], MIB + 2048, &[3; 512]);
        assert!(e[1].owns_metadata() && !e[0].owns_metadata());
        read_chain(&e[0], &parent, MIB, &mut got);
        assert_eq!(&got[1024..2048], &[2; 1024]);
        assert_eq!(&got[2048..2560], &[3; 512]);
        assert_eq!(&got[2560..], &[1; 1536]);
        // Zeroed on engine 0 (a whole block the parent shows, and the partial one):
        // both read zeros where the parent had data.
        assert_eq!(e[0].zero(0, 2 * MIB).unwrap(), 2 * MIB);
        for v in &e {
            read_chain(v, &parent, 0, &mut got);
            assert_eq!(got, vec![0; 4096]);
            read_chain(v, &parent, MIB + 1024, &mut got);
            assert_eq!(got, vec![0; 4096]);
            read_chain(v, &parent, 2 * MIB, &mut got);
            assert_eq!(got, vec![1; 4096], "past the zeroed range, the parent's");
        }
        // A block written whole by a follower's in-place write once the owner made it
        // fully present: nothing more to take.
        write(&e[1], 3 * MIB, &vec![4; MIB as usize]);
        let takes = nodes.takes.load(Ordering::Relaxed);
        write(&e[0], 3 * MIB + 4096, &[5; 4096]);
        assert_eq!(nodes.takes.load(Ordering::Relaxed), takes, "in place");
        read_chain(&e[1], &parent, 3 * MIB + 4096, &mut got);
        assert_eq!(got, vec![5; 4096]);
        drop(e);
        let v = Vhdx::open(child.clone(), crate::OpenOptions::read_write()).unwrap();
        assert!(v.check().unwrap().is_empty(), "the file is sound");
    }

    #[test]
    fn a_superseded_engine_reads_and_writes_nothing_and_takes_nothing() {
        let f = dynamic(16 * MIB);
        let (nodes, e) = engines(&f, 2);
        write(&e[1], 0, &[1; 4096]);
        e[0].supersede();
        let unavailable = |r: crate::Result<()>| matches!(r, Err(crate::Error::Unavailable(_)));
        assert!(unavailable(crate::write_through(&*e[0], MIB, &[2; 4096])));
        assert!(unavailable(crate::write_through(&*e[0], 0, &[2; 4096])));
        assert!(unavailable(e[0].resolve_read(0, 4096).map(drop)));
        assert!(unavailable(e[0].write_in_place(0, 4096).map(drop)));
        assert_eq!(nodes.takes.load(Ordering::Relaxed), 1, "it took nothing");
        assert!(e[1].owns_metadata());
        assert_eq!(read(&e[1], 0, 4096), vec![1; 4096], "nothing written");
    }

    /// Reads through `top` to `parent` (a read-only open of its own).
    fn read_chain(top: &Engine, parent: &Arc<MemFile>, at: u64, buf: &mut [u8]) {
        let mut pieces = Vec::new();
        top.resolve_read_into(at, buf.len() as u64, &mut pieces)
            .unwrap();
        let p = Vhdx::open(parent.clone(), crate::OpenOptions::read_only()).unwrap();
        let mut o = 0usize;
        for r in pieces {
            let n = r.len() as usize;
            let dst = &mut buf[o..o + n];
            match r {
                crate::ReadRange::File { file_offset, .. } => {
                    crate::Storage::read_at(top.file(), dst, file_offset).unwrap()
                }
                crate::ReadRange::Zero { .. } => dst.fill(0),
                crate::ReadRange::Parent { offset, .. } => {
                    crate::read_level(std::slice::from_ref(&p), 0, offset, dst).unwrap()
                }
            }
            o += n;
        }
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
