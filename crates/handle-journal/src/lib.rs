//! The persistent-handle journal: what a client needs to take its persistent opens back
//! after the server restarts (MS-SMB2 3.3.5.9.12 on a continuously available share).
//!
//! The engine does no I/O: it encodes records and hands them to a [`JournalSink`] (the
//! daemon's is a file in the state directory, appended with O_DSYNC, replaced by an
//! atomic rename when compacted). Each record is a whole snapshot of one open, so
//! recovery keeps the last record of each open that was not removed since.
//!
//! # Format, version 1 (all integers little-endian)
//!
//! ```text
//! file    := magic "SMBDJNL1" (8 bytes) , frame*
//! frame   := length u32 , crc32c u32 (of payload) , payload (length bytes)
//! payload := kind u8 , persistent u64 , body
//!   kind 1 (put):    body is a `PersistentOpen` (below)
//!   kind 2 (remove): body is empty
//! ```
//!
//! A frame whose length runs past the end of the file, or whose checksum does not match,
//! ends the journal: it is the torn tail of an append a crash interrupted, and is cut
//! off. Since each append reaches stable storage before the answer that depends on it
//! leaves the server, every state a client was told of is recovered.
//!
//! `PersistentOpen` body: volatile u64, share (str), path (str), device u64, file u64,
//! client_guid [16], create_guid [16], app_instance flag u8 + [16], user (str), domain
//! (str), granted u32, share_access u32, create_options u32, create_action u32, timeout
//! ms u32, oplock u8, delete_on_close u8, lease flag u8 [+ key [16], state u32, epoch u16,
//! v2 u8, parent flag u8 + [16]], locks u32 count × (offset u64, length u64, exclusive
//! u8). A str is a u16 byte length and UTF-8. Then, only for a shared virtual disk open
//! (MS-RSVD; records without it end after the locks): tag u8 = 1, unbuffered u8, the
//! SVHDX_OPEN_DEVICE_CONTEXT as the client sent it (u16 length + bytes).

use smb_wire::msg::FileId;
use std::collections::HashMap;

pub const MAGIC: &[u8; 8] = b"SMBDJNL1";
const PUT: u8 = 1;
const REMOVE: u8 = 2;
/// The largest record accepted back (a path, some names and up to this many locks).
const MAX_PAYLOAD: usize = 1 << 20;
/// Byte-range locks a persistent open may hold (all journaled with it).
pub const MAX_LOCKS: usize = 4096;

/// Where journal records go: appended, each on stable storage when `append` returns;
/// `replace` swaps the whole journal for the given contents atomically.
pub trait JournalSink: Send + Sync {
    fn append(&self, frame: &[u8]) -> std::io::Result<()>;
    fn replace(&self, contents: &[u8]) -> std::io::Result<()>;
}

impl<T: JournalSink + ?Sized> JournalSink for std::sync::Arc<T> {
    fn append(&self, frame: &[u8]) -> std::io::Result<()> {
        (**self).append(frame)
    }
    fn replace(&self, contents: &[u8]) -> std::io::Result<()> {
        (**self).replace(contents)
    }
}

/// A lease as a persistent open holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaseRecord {
    pub key: [u8; 16],
    pub state: u32,
    pub epoch: u16,
    pub v2: bool,
    pub parent: Option<[u8; 16]>,
}

/// A byte-range lock held by a persistent open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LockRecord {
    pub offset: u64,
    pub length: u64,
    pub exclusive: bool,
}

/// What a reconnect after a restart needs of one persistent open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PersistentOpen {
    pub file_id: FileId,
    pub share: String,
    pub path: String,
    /// The file's identity (device, file id) when opened: a file replaced since is not
    /// the one the open held.
    pub device: u64,
    pub file: u64,
    pub client_guid: [u8; 16],
    pub create_guid: [u8; 16],
    pub app_instance: Option<[u8; 16]>,
    pub user: String,
    pub domain: String,
    pub granted: u32,
    pub share_access: u32,
    pub create_options: u32,
    pub create_action: u32,
    pub timeout_ms: u32,
    pub oplock: u8,
    pub delete_on_close: bool,
    pub lease: Option<LeaseRecord>,
    pub locks: Vec<LockRecord>,
    /// A shared virtual disk open: the SVHDX context it was opened with and whether it
    /// was unbuffered, so a reclaim gets its initiator back.
    pub svhdx: Option<(Vec<u8>, bool)>,
}

/// Frames `payload`: length, checksum, payload.
fn frame(payload: &[u8]) -> Vec<u8> {
    let mut f = Vec::with_capacity(8 + payload.len());
    f.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    f.extend_from_slice(&crc32c::crc32c(payload).to_le_bytes());
    f.extend_from_slice(payload);
    f
}

fn put_str(b: &mut Vec<u8>, s: &str) {
    let s = &s.as_bytes()[..s.len().min(u16::MAX as usize)];
    b.extend_from_slice(&(s.len() as u16).to_le_bytes());
    b.extend_from_slice(s);
}

impl PersistentOpen {
    /// The put frame of this open.
    pub fn frame(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(256);
        b.push(PUT);
        b.extend_from_slice(&self.file_id.persistent.to_le_bytes());
        b.extend_from_slice(&self.file_id.volatile.to_le_bytes());
        put_str(&mut b, &self.share);
        put_str(&mut b, &self.path);
        b.extend_from_slice(&self.device.to_le_bytes());
        b.extend_from_slice(&self.file.to_le_bytes());
        b.extend_from_slice(&self.client_guid);
        b.extend_from_slice(&self.create_guid);
        b.push(u8::from(self.app_instance.is_some()));
        b.extend_from_slice(&self.app_instance.unwrap_or([0; 16]));
        put_str(&mut b, &self.user);
        put_str(&mut b, &self.domain);
        for v in [
            self.granted,
            self.share_access,
            self.create_options,
            self.create_action,
            self.timeout_ms,
        ] {
            b.extend_from_slice(&v.to_le_bytes());
        }
        b.push(self.oplock);
        b.push(u8::from(self.delete_on_close));
        match &self.lease {
            Some(l) => {
                b.push(1);
                b.extend_from_slice(&l.key);
                b.extend_from_slice(&l.state.to_le_bytes());
                b.extend_from_slice(&l.epoch.to_le_bytes());
                b.push(u8::from(l.v2));
                b.push(u8::from(l.parent.is_some()));
                b.extend_from_slice(&l.parent.unwrap_or([0; 16]));
            }
            None => b.push(0),
        }
        let locks = &self.locks[..self.locks.len().min(MAX_LOCKS)];
        b.extend_from_slice(&(locks.len() as u32).to_le_bytes());
        for l in locks {
            b.extend_from_slice(&l.offset.to_le_bytes());
            b.extend_from_slice(&l.length.to_le_bytes());
            b.push(u8::from(l.exclusive));
        }
        if let Some((ctx, unbuffered)) = &self.svhdx {
            b.push(1);
            b.push(u8::from(*unbuffered));
            let ctx = &ctx[..ctx.len().min(1024)];
            b.extend_from_slice(&(ctx.len() as u16).to_le_bytes());
            b.extend_from_slice(ctx);
        }
        frame(&b)
    }

    fn parse(persistent: u64, b: &[u8]) -> Option<PersistentOpen> {
        let mut r = Reader { b, at: 0 };
        let volatile = r.u64()?;
        let share = r.str()?;
        let path = r.str()?;
        let device = r.u64()?;
        let file = r.u64()?;
        let client_guid = r.arr()?;
        let create_guid = r.arr()?;
        let has_app = r.u8()? != 0;
        let app = r.arr()?;
        let user = r.str()?;
        let domain = r.str()?;
        let (granted, share_access, create_options, create_action, timeout_ms) =
            (r.u32()?, r.u32()?, r.u32()?, r.u32()?, r.u32()?);
        let oplock = r.u8()?;
        let delete_on_close = r.u8()? != 0;
        let lease = match r.u8()? {
            0 => None,
            _ => {
                let key = r.arr()?;
                let state = r.u32()?;
                let epoch = r.u16()?;
                let v2 = r.u8()? != 0;
                let has_parent = r.u8()? != 0;
                let parent = r.arr()?;
                Some(LeaseRecord {
                    key,
                    state,
                    epoch,
                    v2,
                    parent: has_parent.then_some(parent),
                })
            }
        };
        let n = r.u32()? as usize;
        if n > MAX_LOCKS {
            return None;
        }
        let mut locks = Vec::with_capacity(n);
        for _ in 0..n {
            locks.push(LockRecord {
                offset: r.u64()?,
                length: r.u64()?,
                exclusive: r.u8()? != 0,
            });
        }
        let svhdx = if r.at < b.len() {
            if r.u8()? != 1 {
                return None;
            }
            let unbuffered = r.u8()? != 0;
            let n = r.u16()? as usize;
            let ctx = b.get(r.at..r.at + n)?.to_vec();
            r.at += n;
            Some((ctx, unbuffered))
        } else {
            None
        };
        (r.at == b.len()).then_some(PersistentOpen {
            file_id: FileId {
                persistent,
                volatile,
            },
            share,
            path,
            device,
            file,
            client_guid,
            create_guid,
            app_instance: has_app.then_some(app),
            user,
            domain,
            granted,
            share_access,
            create_options,
            create_action,
            timeout_ms,
            oplock,
            delete_on_close,
            lease,
            locks,
            svhdx,
        })
    }
}

/// The remove frame of persistent open `persistent`.
pub fn remove_frame(persistent: u64) -> Vec<u8> {
    let mut b = Vec::with_capacity(9);
    b.push(REMOVE);
    b.extend_from_slice(&persistent.to_le_bytes());
    frame(&b)
}

struct Reader<'a> {
    b: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        let s = self.b.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(s)
    }
    fn u8(&mut self) -> Option<u8> {
        Some(self.take(1)?[0])
    }
    fn u16(&mut self) -> Option<u16> {
        Some(u16::from_le_bytes(self.take(2)?.try_into().ok()?))
    }
    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }
    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }
    fn arr(&mut self) -> Option<[u8; 16]> {
        self.take(16)?.try_into().ok()
    }
    fn str(&mut self) -> Option<String> {
        let n = self.u16()? as usize;
        String::from_utf8(self.take(n)?.to_vec()).ok()
    }
}

/// What a journal's bytes hold: the persistent opens live at its end, and how many of
/// its bytes are whole frames (past them is a torn tail, or nothing).
#[derive(Debug, Default)]
pub struct Recovered {
    pub opens: Vec<PersistentOpen>,
    pub valid_len: usize,
    /// Frames whose checksum matched but whose body did not decode (skipped).
    pub unreadable: usize,
}

/// Reads a journal. A file without the magic (empty, or never written) holds nothing.
pub fn recover(bytes: &[u8]) -> Recovered {
    let mut out = Recovered::default();
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return out;
    }
    let mut live: HashMap<u64, PersistentOpen> = HashMap::new();
    let mut order: Vec<u64> = Vec::new();
    let mut at = MAGIC.len();
    while let Some(head) = bytes.get(at..at + 8) {
        let len = u32::from_le_bytes(head[..4].try_into().expect("4 bytes")) as usize;
        let crc = u32::from_le_bytes(head[4..].try_into().expect("4 bytes"));
        if !(9..=MAX_PAYLOAD).contains(&len) {
            break;
        }
        let Some(payload) = bytes.get(at + 8..at + 8 + len) else {
            break;
        };
        if crc32c::crc32c(payload) != crc {
            break;
        }
        at += 8 + len;
        let persistent = u64::from_le_bytes(payload[1..9].try_into().expect("8 bytes"));
        match payload[0] {
            PUT => match PersistentOpen::parse(persistent, &payload[9..]) {
                Some(o) => {
                    if live.insert(persistent, o).is_none() {
                        order.push(persistent);
                    }
                }
                None => out.unreadable += 1,
            },
            REMOVE => {
                live.remove(&persistent);
            }
            _ => out.unreadable += 1,
        }
    }
    out.valid_len = at;
    out.opens = order.into_iter().filter_map(|k| live.remove(&k)).collect();
    out
}

/// The engine's side of the journal: the frames of the opens live now (to compact to),
/// and the sink. Appends are serialized (one lock), so the journal's order is the order
/// in which the state changed.
pub struct Journal {
    sink: Box<dyn JournalSink>,
    inner: parking_lot::Mutex<Live>,
    /// Appends made (each a synchronous write), compactions, and failed writes.
    pub appends: std::sync::atomic::AtomicU64,
    pub compactions: std::sync::atomic::AtomicU64,
    pub failures: std::sync::atomic::AtomicU64,
}

#[derive(Default)]
struct Live {
    frames: HashMap<u64, Vec<u8>>,
    /// Bytes in the journal now, and in its live frames.
    bytes: u64,
    live_bytes: u64,
    /// The file may hold what the live frames do not (an append failed, and so did the
    /// rewrite after it): it is rewritten at the next chance.
    dirty: bool,
}

/// The journal is compacted when it holds this much more than its live frames.
const COMPACT_SLACK: u64 = 1 << 20;

impl Journal {
    /// A journal over `sink`, whose current contents recovered to `live` (`bytes` long).
    pub fn new(sink: Box<dyn JournalSink>, live: &[PersistentOpen], bytes: u64) -> Journal {
        let mut l = Live {
            bytes,
            ..Default::default()
        };
        for o in live {
            let f = o.frame();
            l.live_bytes += f.len() as u64;
            l.frames.insert(o.file_id.persistent, f);
        }
        Journal {
            sink,
            inner: parking_lot::Mutex::new(l),
            appends: Default::default(),
            compactions: Default::default(),
            failures: Default::default(),
        }
    }

    /// Whether the open `persistent` is in the journal (live).
    pub fn holds(&self, persistent: u64) -> bool {
        self.inner.lock().frames.contains_key(&persistent)
    }

    /// Records `open`'s state; on stable storage when this returns Ok.
    pub fn put(&self, open: &PersistentOpen) -> std::io::Result<()> {
        self.put_unless(open, || false)
    }

    /// As `put`, unless `gone` says (under the journal's lock) that the open has closed
    /// meanwhile: a close's remove record is never followed by a stale snapshot.
    pub fn put_unless(
        &self,
        open: &PersistentOpen,
        gone: impl Fn() -> bool,
    ) -> std::io::Result<()> {
        let f = open.frame();
        let mut l = self.inner.lock();
        if gone() {
            return Ok(());
        }
        if let Err(e) = self.append(&f) {
            self.heal(&mut l);
            return Err(e);
        }
        l.bytes += f.len() as u64;
        l.live_bytes += f.len() as u64;
        if let Some(old) = l.frames.insert(open.file_id.persistent, f) {
            l.live_bytes -= old.len() as u64;
        }
        self.maybe_compact(&mut l);
        Ok(())
    }

    /// Records that the open is gone.
    pub fn remove(&self, persistent: u64) -> std::io::Result<()> {
        let mut l = self.inner.lock();
        let Some(old) = l.frames.remove(&persistent) else {
            return Ok(());
        };
        l.live_bytes -= old.len() as u64;
        let f = remove_frame(persistent);
        if let Err(e) = self.append(&f) {
            // The open is gone whatever the file says: rewriting the journal without it
            // is what forgets it now (and clears a journal the failure left unusable).
            self.heal(&mut l);
            return Err(e);
        }
        l.bytes += f.len() as u64;
        self.maybe_compact(&mut l);
        Ok(())
    }

    fn append(&self, f: &[u8]) -> std::io::Result<()> {
        use std::sync::atomic::Ordering::Relaxed;
        self.appends.fetch_add(1, Relaxed);
        self.sink.append(f).inspect_err(|_| {
            self.failures.fetch_add(1, Relaxed);
        })
    }

    /// Rewrites the journal to its live frames once it has grown well past them.
    fn maybe_compact(&self, l: &mut Live) {
        if l.dirty || l.bytes > l.live_bytes * 2 + COMPACT_SLACK {
            self.heal(l);
        }
    }

    /// Rewrites the journal to its live frames (after an append failed, or to compact).
    fn heal(&self, l: &mut Live) {
        let mut all = Vec::with_capacity(MAGIC.len() + l.live_bytes as usize);
        all.extend_from_slice(MAGIC);
        for f in l.frames.values() {
            all.extend_from_slice(f);
        }
        self.compactions
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        match self.sink.replace(&all) {
            Ok(()) => {
                l.bytes = all.len() as u64;
                l.dirty = false;
            }
            Err(e) => {
                l.dirty = true;
                tracing::warn!(error = %e, "handle journal rewrite failed; trying again at the next change");
            }
        }
    }

    pub fn live(&self) -> usize {
        self.inner.lock().frames.len()
    }

    pub fn bytes(&self) -> u64 {
        self.inner.lock().bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    fn open(n: u64, locks: usize) -> PersistentOpen {
        PersistentOpen {
            file_id: FileId {
                persistent: n,
                volatile: n + 1000,
            },
            share: "vms".into(),
            path: format!("hv1/disk{n}.vhdx"),
            device: 42,
            file: n * 7,
            client_guid: [n as u8; 16],
            create_guid: [n as u8 ^ 0xFF; 16],
            app_instance: n.is_multiple_of(2).then_some([3; 16]),
            user: "HV1$".into(),
            domain: "LAB".into(),
            granted: 0x0012_019F,
            share_access: 1,
            create_options: 0x40,
            create_action: 2,
            timeout_ms: 120_000,
            oplock: 0xFF,
            delete_on_close: n.is_multiple_of(3),
            lease: Some(LeaseRecord {
                key: [9; 16],
                state: 7,
                epoch: 3,
                v2: true,
                parent: (n % 2 == 1).then_some([4; 16]),
            }),
            locks: (0..locks)
                .map(|i| LockRecord {
                    offset: i as u64 * 4096,
                    length: 4096,
                    exclusive: i % 2 == 0,
                })
                .collect(),
            svhdx: (n % 4 == 1).then(|| (vec![n as u8; 168], true)),
        }
    }

    /// A sink keeping the journal in memory; it can refuse the next appends, or keep only
    /// a prefix of one (a crash in the middle of a write).
    #[derive(Clone, Default)]
    struct MemSink(Arc<Mutex<MemState>>);
    #[derive(Default)]
    struct MemState {
        bytes: Vec<u8>,
        fail: bool,
    }
    impl JournalSink for MemSink {
        fn append(&self, frame: &[u8]) -> std::io::Result<()> {
            let mut s = self.0.lock().unwrap();
            if s.fail {
                return Err(std::io::Error::other("injected"));
            }
            if s.bytes.is_empty() {
                s.bytes.extend_from_slice(MAGIC);
            }
            s.bytes.extend_from_slice(frame);
            Ok(())
        }
        fn replace(&self, contents: &[u8]) -> std::io::Result<()> {
            let mut s = self.0.lock().unwrap();
            if s.fail {
                return Err(std::io::Error::other("injected"));
            }
            s.bytes = contents.to_vec();
            Ok(())
        }
    }

    #[test]
    fn records_round_trip_and_the_last_state_of_each_open_is_recovered() {
        let sink = MemSink::default();
        let j = Journal::new(Box::new(sink.clone()), &[], 0);
        for n in 1..=5 {
            j.put(&open(n, n as usize)).unwrap();
        }
        let mut changed = open(2, 9);
        changed.lease.as_mut().unwrap().state = 1;
        j.put(&changed).unwrap();
        j.remove(4).unwrap();
        let r = recover(&sink.0.lock().unwrap().bytes);
        assert_eq!(r.unreadable, 0);
        let want = vec![open(1, 1), changed, open(3, 3), open(5, 5)];
        assert_eq!(r.opens, want);
        assert_eq!(r.valid_len, sink.0.lock().unwrap().bytes.len());
    }

    #[test]
    fn a_torn_or_corrupt_tail_at_any_byte_recovers_an_acknowledged_state() {
        // The journal after each acknowledged append, and what recovery must give then.
        let sink = MemSink::default();
        let j = Journal::new(Box::new(sink.clone()), &[], 0);
        let mut acked: Vec<(usize, Vec<PersistentOpen>)> = vec![(0, vec![])];
        let mut model: Vec<PersistentOpen> = Vec::new();
        for step in 0..12u64 {
            if step % 4 == 3 {
                let gone = model.remove(0);
                j.remove(gone.file_id.persistent).unwrap();
            } else {
                let o = open(step + 1, step as usize % 3);
                j.put(&o).unwrap();
                model.push(o);
            }
            acked.push((sink.0.lock().unwrap().bytes.len(), model.clone()));
        }
        let full = sink.0.lock().unwrap().bytes.clone();
        for cut in 0..=full.len() {
            // Cut anywhere: the state of the last append wholly before the cut.
            let r = recover(&full[..cut]);
            let want = &acked.iter().rev().find(|(len, _)| *len <= cut).unwrap().1;
            assert_eq!(&r.opens, want, "cut at {cut}");
            // A flipped byte past the last whole frame changes nothing before it.
            if cut > MAGIC.len() && cut < full.len() {
                let mut bad = full.clone();
                bad[cut] ^= 0x40;
                let r = recover(&bad);
                let before = &acked.iter().rev().find(|(len, _)| *len <= cut).unwrap().1;
                let mut got = r.opens.clone();
                got.sort_by_key(|o| o.file_id.persistent);
                let mut want = before.clone();
                want.sort_by_key(|o| o.file_id.persistent);
                // Recovery stops at the damaged frame: at least what was acknowledged
                // before it, never a record that was not written.
                assert!(r.valid_len <= cut, "cut {cut}");
                assert_eq!(got, want, "flip at {cut}");
            }
        }
    }

    #[test]
    fn a_failed_append_changes_nothing_and_compaction_keeps_only_the_live() {
        let sink = MemSink::default();
        let j = Journal::new(Box::new(sink.clone()), &[], 0);
        j.put(&open(1, 0)).unwrap();
        sink.0.lock().unwrap().fail = true;
        assert!(j.put(&open(2, 0)).is_err());
        sink.0.lock().unwrap().fail = false;
        assert_eq!(j.live(), 1);
        assert_eq!(
            recover(&sink.0.lock().unwrap().bytes).opens,
            vec![open(1, 0)]
        );
        // Churn: many opens come and go; the journal stays near its live size.
        for round in 0..3000u64 {
            let o = open(100 + round, 64);
            j.put(&o).unwrap();
            j.remove(o.file_id.persistent).unwrap();
        }
        let bytes = sink.0.lock().unwrap().bytes.len() as u64;
        assert!(bytes < 3 * COMPACT_SLACK, "journal is {bytes} bytes");
        assert_eq!(j.bytes(), bytes);
        assert_eq!(
            recover(&sink.0.lock().unwrap().bytes).opens,
            vec![open(1, 0)]
        );
    }

    #[test]
    fn a_close_whose_removal_failed_is_not_brought_back() {
        let sink = MemSink::default();
        let j = Journal::new(Box::new(sink.clone()), &[], 0);
        j.put(&open(1, 0)).unwrap();
        j.put(&open(2, 0)).unwrap();
        sink.0.lock().unwrap().fail = true;
        assert!(j.remove(1).is_err());
        sink.0.lock().unwrap().fail = false;
        // The next change rewrites the journal without it.
        j.put(&open(3, 0)).unwrap();
        let mut got = recover(&sink.0.lock().unwrap().bytes).opens;
        got.sort_by_key(|o| o.file_id.persistent);
        assert_eq!(got, vec![open(2, 0), open(3, 0)]);
        // A snapshot of an open that closed meanwhile is not put back.
        j.remove(2).unwrap();
        j.put_unless(&open(2, 0), || true).unwrap();
        assert_eq!(
            recover(&sink.0.lock().unwrap().bytes).opens,
            vec![open(3, 0)]
        );
    }

    #[test]
    fn hostile_journals_never_panic() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let good = {
            let sink = MemSink::default();
            let j = Journal::new(Box::new(sink.clone()), &[], 0);
            j.put(&open(1, 3)).unwrap();
            let b = sink.0.lock().unwrap().bytes.clone();
            b
        };
        for _ in 0..5000 {
            let mut b = good.clone();
            for _ in 0..(next() % 8) {
                let i = (next() as usize) % b.len();
                b[i] = next() as u8;
            }
            // Re-checksum the frame half the time so the body parser sees the damage.
            if next() % 2 == 0 && b.len() > MAGIC.len() + 8 {
                let p = b[MAGIC.len() + 8..].to_vec();
                let c = crc32c::crc32c(&p).to_le_bytes();
                b[MAGIC.len() + 4..MAGIC.len() + 8].copy_from_slice(&c);
            }
            let _ = recover(&b);
        }
    }
}
