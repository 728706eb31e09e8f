//! A VHD Set behind a shared disk ([`SetFile`]) and its operations ([`DiskSet`]):
//! snapshots made by putting a new differencing file on top of the chain, applied by
//! replacing the chain, and the changes between two of them read from the files made in
//! between. Also which files shared disks hold ([`Held`], [`in_use`]).

use super::scale::{lock_to_change, tell_others};
use super::setfile::set_err;
use super::*;
use crate::backend::Kind;

/// Files (device, file id) that shared disks have open: how many disks hold each, and
/// how many of those are closing (their last user let them go; the engine is finishing
/// its writes). Their engines alone may write them: a plain open for writing, or a
/// shared disk of its own on one (a set's `.avhdx`, a parent), would corrupt the disk
/// under its hosts.
static IN_USE: Mutex<std::collections::BTreeMap<(u64, u64), Use>> =
    parking_lot::const_mutex(std::collections::BTreeMap::new());

/// Told whenever a disk lets its files go.
static RELEASED: parking_lot::Condvar = parking_lot::Condvar::new();

#[derive(Default)]
struct Use {
    holders: u32,
    closing: u32,
}

/// How long a new shared disk waits for one closing on its file to finish: at most
/// this many waits of [`CLOSING_STEP`] (counted, not timed by a clock: the engine
/// reads none).
const CLOSING_STEPS: u32 = 50;
const CLOSING_STEP: std::time::Duration = std::time::Duration::from_millis(100);
#[cfg(test)]
const CLOSING_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// Whether a shared disk has the file with this identity open.
pub fn in_use(device_id: u64, file_id: u64) -> bool {
    IN_USE.lock().contains_key(&(device_id, file_id))
}

/// Whether a shared disk that is not closing has the file with this identity open.
pub fn held_live(device_id: u64, file_id: u64) -> bool {
    holders_closing((device_id, file_id)) == Some(false)
}

/// Whether disks hold the file `id`: None if none does, Some(true) if all that do are
/// closing.
pub(super) fn holders_closing(id: (u64, u64)) -> Option<bool> {
    IN_USE.lock().get(&id).map(|u| u.closing >= u.holders)
}

/// Before a disk opens the file `id` to write it: waits while the disks holding it are
/// all closing (a host closed and opens again at once), so two engines never write one
/// file; SHARING_VIOLATION when a disk that is not closing holds it.
pub(super) fn wait_unheld(id: (u64, u64)) -> Result<(), NtStatus> {
    let mut m = IN_USE.lock();
    let mut steps = CLOSING_STEPS;
    while let Some(u) = m.get(&id) {
        if u.closing < u.holders || steps == 0 {
            return Err(NtStatus::SHARING_VIOLATION);
        }
        steps -= 1;
        RELEASED.wait_for(&mut m, CLOSING_STEP);
    }
    Ok(())
}

/// The files of a chain, marked in use while this lives.
#[derive(Default)]
pub struct Held {
    ids: Vec<(u64, u64)>,
    closing: bool,
}

impl Held {
    fn ids(layers: &[vhdx::Vhdx<ObjStore>]) -> Vec<(u64, u64)> {
        layers
            .iter()
            .filter_map(|l| id_of(l.file().obj()))
            .collect()
    }

    fn hold(m: &mut std::collections::BTreeMap<(u64, u64), Use>, ids: Vec<(u64, u64)>) -> Held {
        for id in &ids {
            m.entry(*id).or_default().holders += 1;
        }
        Held {
            ids,
            closing: false,
        }
    }

    pub(super) fn of(layers: &[vhdx::Vhdx<ObjStore>]) -> Held {
        Held::hold(&mut IN_USE.lock(), Held::ids(layers))
    }

    /// As [`Held::of`] for a disk being opened; None when another disk has the file
    /// this one would write (its top) open already.
    pub(super) fn claim(layers: &[vhdx::Vhdx<ObjStore>]) -> Option<Held> {
        let top = layers.first().and_then(|l| id_of(l.file().obj()));
        let mut m = IN_USE.lock();
        if top.is_some_and(|t| m.contains_key(&t)) {
            return None;
        }
        Some(Held::hold(&mut m, Held::ids(layers)))
    }

    /// The disk holding these is closing: one about to open them waits for it.
    pub(super) fn closing(&mut self) {
        if std::mem::replace(&mut self.closing, true) {
            return;
        }
        let mut m = IN_USE.lock();
        for id in &self.ids {
            if let Some(u) = m.get_mut(id) {
                u.closing += 1;
            }
        }
    }

    fn add(&mut self, layer: &vhdx::Vhdx<ObjStore>) {
        self.ids
            .extend(Held::of(std::slice::from_ref(layer)).take());
    }

    fn take(mut self) -> Vec<(u64, u64)> {
        std::mem::take(&mut self.ids)
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut m = IN_USE.lock();
        for id in &self.ids {
            if let Some(u) = m.get_mut(id) {
                u.holders -= 1;
                u.closing = u.closing.saturating_sub(u32::from(self.closing));
                if u.holders == 0 {
                    m.remove(id);
                }
            }
        }
        RELEASED.notify_all();
    }
}

/// Makes the names in a set's folder durable.
fn sync_dir(share: &ShareConfig, dir: &SharePath) -> Result<(), u32> {
    open_as(share, dir, false, Disposition::Open, Kind::Directory)
        .and_then(|d| d.sync())
        .map_err(|st| set_err("syncing the set's folder", format!("status {:#x}", st.0)))
}

impl SetFile {
    /// Creates `name` beside the set as a differencing child of `parent` (whose file is
    /// `parent_name`) keeping the disk's identity, and opens it (as one of several
    /// engines through `meta` on a scale-out share).
    fn new_child(
        &self,
        name: &str,
        parent: &vhdx::Vhdx<ObjStore>,
        parent_name: &str,
        meta: Option<&Arc<super::MetaOf>>,
    ) -> Result<vhdx::Vhdx<ObjStore>, u32> {
        let path = self.dir.join(name);
        let obj = open_as(
            &self.share,
            &path,
            true,
            Disposition::Create,
            Kind::NonDirectory,
        )
        .map_err(|s| s.0)?;
        let store = ObjStore::new(obj);
        let mut p = vhdx::differencing_params(parent, &format!(".\\{parent_name}"), None);
        p.page83 = Some(parent.page83());
        let made = vhdx::create(&store, &p).and_then(|()| super::scale::open_top(store, meta));
        let made = made.map_err(|e| {
            let _ = self.share.backend.remove(&path, false);
            set_err("creating a disk file", e)
        })?;
        // The new name is made durable before the set can name it.
        sync_dir(&self.share, &self.dir)?;
        Ok(made)
    }

    /// Writes `next` as the set's live state. A failure leaves the set unchangeable
    /// until it is opened again (the new header may or may not have landed).
    fn commit(&self, set: &mut VhdSet, mut next: VhdSet) -> Result<(), u32> {
        use std::sync::atomic::Ordering;
        if self.broken.load(Ordering::Relaxed) {
            return Err(rsvd::status::UNSUCCESSFUL);
        }
        if let Err(e) = next.commit(&self.file) {
            self.broken.store(true, Ordering::Relaxed);
            return Err(set_err("writing the set file", e));
        }
        *set = next;
        Ok(())
    }

    /// Whether `name` is one of this set's disk files (`<stem>_….avhdx`), which the set
    /// may remove when nothing needs it any more.
    pub(super) fn owns(&self, name: &str) -> bool {
        let stem = self
            .name
            .rsplit_once('.')
            .map_or(self.name.as_str(), |(s, _)| s);
        let (Some(head), Some(tail)) = (name.get(..stem.len()), name.get(stem.len()..)) else {
            return false;
        };
        // `_<GUID>.avhdx`, the GUID as 8-4-4-4-12 hex digits (so a set `a.vhds` does
        // not own `a_b_<GUID>.avhdx`, which is set `a_b.vhds`'s).
        let (Some(guid), Some(ext)) = (tail.get(1..37), tail.get(37..)) else {
            return false;
        };
        head.eq_ignore_ascii_case(stem)
            && tail.starts_with('_')
            && ext.eq_ignore_ascii_case(".avhdx")
            && vhdx::Guid::parse(guid).is_some()
    }
}

/// Bytes a merge reads and writes at once.
const MERGE_STEP: u64 = 8 << 20;

impl SetFile {
    /// A file of the chain nothing needs as itself any more, with its child: made by
    /// this set, named by no snapshot (its data matters only to the files above it),
    /// with a parent of its own, and below a file that is not written (the top is not
    /// merged into: the hosts write it). None while a snapshot names a file off the
    /// chain (an earlier branch, after an apply): a file of the chain could then be that
    /// branch's parent too.
    fn mergeable(&self, set: &VhdSet, names: &[String]) -> Option<(String, String)> {
        (2..names.len())
            .find(|&i| self.can_merge(set, names, i))
            .map(|i| (names[i - 1].clone(), names[i].clone()))
    }

    /// Whether `names[i]` may be merged into `names[i - 1]` (see [`SetFile::mergeable`]).
    fn can_merge(&self, set: &VhdSet, names: &[String], i: usize) -> bool {
        let f = &names[i];
        !self.broken.load(std::sync::atomic::Ordering::Relaxed)
            && i >= 2
            && i + 1 < names.len()
            && self.owns(f)
            && self.owns(&names[i - 1])
            && *f != set.current
            && set.snapshots.iter().all(|s| s.file != *f)
            && set.snapshots.iter().all(|s| names.contains(&s.file))
    }
}

/// Tidies a set on a thread of its own: removes the files nothing reads any more (see
/// [`sweep`]), and merges away one by one the files of the chain that no snapshot
/// needs (a deleted snapshot's): each one's data is copied into the file above it,
/// which then names the one below as its parent, and the file is removed. Hosts go on
/// reading and writing meanwhile; they wait only while the chain's files change
/// places. One such thread per disk at a time; a call while it runs makes it look
/// again before it ends. On a scale-out share, the node holding the disk's metadata
/// merges, and stops between steps when another node takes it (see `scale.rs`).
pub(super) fn merge_unneeded(disk: &Arc<SharedDisk>) {
    use std::sync::atomic::Ordering::SeqCst;
    let Some(sf) = disk.set.as_ref() else {
        return;
    };
    sf.wanted.store(true, SeqCst);
    // (The slot is taken before `stopping` is looked at, and given back when it is
    // set: `stop_disks` sets it before it looks at the slot, so one of the two sees the
    // other; and so with `yielding`.)
    if sf.share.read_only || !sf.take_merger_slot(|| halted(disk, sf)) {
        return;
    }
    let disk = disk.clone();
    let spawned = std::thread::Builder::new()
        .name("vhds-merge".into())
        .spawn(move || {
            let sf = disk.set.as_ref().expect("a set");
            let stopping = || halted(&disk, sf);
            loop {
                sf.wanted.store(false, SeqCst);
                // Swept first too: a merge removes a file whose other children (an
                // abandoned branch's) could not be found any more after.
                sweep(&disk, sf);
                while !stopping() {
                    let next = sf.mergeable(&sf.set.lock(), &sf.names.lock());
                    let Some((child, name)) = next else {
                        break;
                    };
                    match merge_one(&disk, sf, (&child, &name), &stopping) {
                        Ok(Merge::Done) => {}
                        Ok(Merge::Stopped) if sf.stopping.load(SeqCst) => {
                            tracing::info!(file = %name, "VHD Set: a merge stopped with the node; it goes on at the next open");
                        }
                        Ok(Merge::Stopped) => {
                            tracing::info!(file = %name, "VHD Set: a merge stopped: another node takes the disk's metadata (the merge goes on at the set's next change)");
                        }
                        Err(e) => {
                            tracing::warn!(file = %name, error = %e, "VHD Set: merging a file no snapshot needs");
                            break;
                        }
                    }
                }
                if !stopping() {
                    sweep(&disk, sf);
                }
                sf.merging.store(false, SeqCst);
                // Asked again meanwhile: this thread's still, unless another took it.
                if !sf.wanted.load(SeqCst) || !sf.take_merger_slot(stopping) {
                    return;
                }
            }
        });
    if spawned.is_err() {
        sf.merging.store(false, SeqCst);
    }
}

/// Whether a merge of the disk's set must stop, or not start: the node is stopping, or
/// (on a scale-out share) another node has the disk's metadata or is taking it.
fn halted(disk: &SharedDisk, sf: &SetFile) -> bool {
    use std::sync::atomic::Ordering::SeqCst;
    sf.stopping.load(SeqCst)
        || sf.yielding.load(SeqCst)
        || disk.shared.as_ref().is_some_and(|s| !s.holds_metadata())
}

impl SetFile {
    /// Takes the set's one merger slot: false when a merger has it, or when `halted`
    /// says no merge may run (the slot then stays free).
    fn take_merger_slot(&self, halted: impl Fn() -> bool) -> bool {
        use std::sync::atomic::Ordering::SeqCst;
        if self.merging.swap(true, SeqCst) {
            return false;
        }
        if halted() {
            self.merging.store(false, SeqCst);
            return false;
        }
        true
    }
}

/// How a merge of one file ended.
enum Merge {
    /// Merged away, or nothing to do any more (the chain changed meanwhile).
    Done,
    /// The node is stopping (or, on a scale-out share, another node takes the disk's
    /// metadata): the copy stopped between steps, the child clean.
    Stopped,
}

/// A disk file in a set's folder: its identity, and its parent's path and identity
/// (None: it has no parent, or the parent is not found).
struct DiskFile {
    name: String,
    id: (u64, u64),
    parent: Option<(SharePath, (u64, u64))>,
}

impl SetFile {
    /// The disk files (`.vhdx`, `.avhdx`) of the set's folder whose names `pick`
    /// picks. A file that is no VHDX (a torn creation, a stray name) reads through
    /// nothing and is left out; an error names one that could not be read.
    fn disk_files(&self, pick: impl Fn(&str) -> bool) -> Result<Vec<DiskFile>, String> {
        let listing = open_as(
            &self.share,
            &self.dir,
            false,
            Disposition::Open,
            Kind::Directory,
        )
        .and_then(|d| d.list_names())
        .map_err(|s| format!("listing the set's folder: status {:#x}", s.0))?;
        let disk = |n: &str| {
            let n = n.to_ascii_lowercase();
            n.ends_with(".vhdx") || n.ends_with(".avhdx")
        };
        let mut out = Vec::new();
        for name in listing.into_iter().filter(|n| disk(n) && pick(n)) {
            let path = self.dir.join(&name);
            let unreadable = || format!("{name} cannot be read");
            let obj = match open_obj(&self.share, &path, false) {
                Ok(o) => o,
                // Gone since the listing.
                Err(NtStatus::OBJECT_NAME_NOT_FOUND) => continue,
                Err(_) => return Err(unreadable()),
            };
            let id = id_of(&*obj).ok_or_else(unreadable)?;
            let file = match vhdx::Vhdx::open(ObjStore::new(obj), vhdx::OpenOptions::read_only()) {
                Ok(f) => f,
                Err(vhdx::Error::Io(_)) => return Err(unreadable()),
                Err(_) => continue,
            };
            let parent = file
                .parent_locator()
                .and_then(|loc| find_parent(&self.share, &path, loc))
                .and_then(|(p, o)| Some((p, id_of(&*o)?)));
            out.push(DiskFile { name, id, parent });
        }
        Ok(out)
    }
}

/// A file's identity (device, file id).
pub(super) fn id_of(obj: &dyn FileObj) -> Option<(u64, u64)> {
    obj.info().ok().map(|i| (i.device_id, i.file_id))
}

/// Removes the set's files that nothing reads any more: files named as the set's (see
/// [`SetFile::owns`]) on none of the chains the set names (its disk's and each
/// snapshot's), whose parent is a file of the set on such a chain or one of these, and
/// which no other disk file in the folder reads through. They are the files of a
/// branch left by an apply once its snapshots are deleted, and what a merge or an apply
/// leaves when the node stops between the set's switch and the removal. A plain
/// `<stem>.vhdx`'s checkpoints in the folder, named the same way, lead to that disk,
/// never to a file of the set, and so stay. Nothing is removed on a guess: a chain, or
/// a disk file of the folder, that cannot be read (files that are no VHDX at all aside),
/// or a set file that says other than the set here (something else wrote it), leaves
/// everything where it is.
fn sweep(disk: &SharedDisk, sf: &SetFile) {
    use std::collections::BTreeSet;
    // (A node that did not say it followed a change may still read what it removes.)
    if sf.unheard.load(std::sync::atomic::Ordering::SeqCst) {
        return;
    }
    struct Candidate {
        name: String,
        id: (u64, u64),
        parent: (u64, u64),
    }
    // Held throughout: no file can join the set (or leave it) meanwhile.
    let set = sf.set.lock();
    let names = sf.names.lock();
    if sf.broken.load(std::sync::atomic::Ordering::Relaxed) {
        return;
    }
    match VhdSet::read(&sf.file) {
        Ok(on_disk) if on_disk.current == set.current && on_disk.snapshots == set.snapshots => {}
        _ => return,
    }
    let ids = |layers: &[vhdx::Vhdx<ObjStore>]| -> Option<Vec<(u64, u64)>> {
        layers.iter().map(|l| id_of(l.file().obj())).collect()
    };
    let live = ids(&disk.device().layers());
    let Some(mut reachable) = live.map(BTreeSet::from_iter) else {
        return;
    };
    for s in set.snapshots.iter().filter(|s| !names.contains(&s.file)) {
        let chain = open_chain(&sf.share, &sf.dir.join(&s.file), true);
        let Some(found) = chain.ok().and_then(|(layers, _)| ids(&layers)) else {
            tracing::warn!(file = %s.file, "VHD Set: a snapshot's chain cannot be read; no file is removed");
            return;
        };
        reachable.extend(found);
    }
    let unnamed =
        |n: &str| !names.iter().any(|x| x == n) && set.snapshots.iter().all(|s| s.file != n);
    let owned = match sf.disk_files(|n| sf.owns(n) && unnamed(n)) {
        Ok(v) => v,
        Err(e) => {
            tracing::warn!(error = %e, "VHD Set: no file is removed");
            return;
        }
    };
    let mut candidates = Vec::new();
    for f in owned {
        if reachable.contains(&f.id) || in_use(f.id.0, f.id.1) {
            continue;
        }
        let parent = f.parent.filter(|(p, _)| {
            p.split_last()
                .is_some_and(|(d, n)| d == sf.dir && sf.owns(n))
        });
        if let Some((_, parent)) = parent {
            candidates.push(Candidate {
                name: f.name,
                id: f.id,
                parent,
            });
        }
    }
    if candidates.is_empty() {
        return;
    }
    // Those whose parent is on a chain, then those whose parent is one of those, ...
    let mut gone: Vec<&Candidate> = Vec::new();
    let mut gone_ids = BTreeSet::new();
    loop {
        let before = gone.len();
        for c in &candidates {
            if !gone_ids.contains(&c.id)
                && (reachable.contains(&c.parent) || gone_ids.contains(&c.parent))
            {
                gone_ids.insert(c.id);
                gone.push(c);
            }
        }
        if gone.len() == before {
            break;
        }
    }
    // Kept: what another disk file of the folder reads through (a copy extracted over
    // it, a disk someone made on it, one a disk has open), and the files below that.
    let others = match sf.disk_files(|_| true) {
        Ok(v) => v,
        Err(e) => {
            tracing::warn!(error = %e, "VHD Set: no file is removed");
            return;
        }
    };
    let mut kept: BTreeSet<(u64, u64)> = others
        .into_iter()
        .filter(|f| !gone_ids.contains(&f.id))
        .filter_map(|f| f.parent.map(|(_, p)| p))
        .collect();
    for c in gone.iter().rev() {
        if kept.contains(&c.id) {
            kept.insert(c.parent);
        }
    }
    // Children first, each made durable before its parent goes: a node stopping
    // midway leaves no file whose parent is gone.
    for c in gone.into_iter().rev().filter(|c| !kept.contains(&c.id)) {
        if let Err(s) = sf.share.backend.remove(&sf.dir.join(&c.name), false) {
            tracing::warn!(file = %c.name, status = s.0, "VHD Set: removing a file nothing reads");
            return;
        }
        if sync_dir(&sf.share, &sf.dir).is_err() {
            return;
        }
        tracing::info!(file = %c.name, "VHD Set: a file nothing reads removed");
    }
}

/// Merges the file `name` into `child_name`, the file above it in the chain.
fn merge_one(
    disk: &SharedDisk,
    sf: &SetFile,
    (child_name, name): (&str, &str),
    stopping: &dyn Fn() -> bool,
) -> Result<Merge, String> {
    fn st(what: &'static str) -> impl Fn(NtStatus) -> String {
        move |s| format!("{what}: status {:#x}", s.0)
    }
    // The files below, and the child, opened apart from the disk's own engines: the
    // copy holds no lock the hosts' I/O needs.
    let (below, _) =
        open_chain(&sf.share, &sf.dir.join(name), true).map_err(st("opening the file"))?;
    let obj =
        open_obj(&sf.share, &sf.dir.join(child_name), true).map_err(st("opening its child"))?;
    let mut child = vhdx::Vhdx::open(ObjStore::new(obj), vhdx::OpenOptions::read_write())
        .map_err(|e| format!("opening its child: {e}"))?;
    let loc = below[0]
        .parent_locator()
        .cloned()
        .ok_or("the file has no parent")?;
    // Nothing but its child may read through it (a copy extracted over it would lose
    // its parent): it stays until that is gone. Looked at before the copy, and again
    // at the switch (an extract makes its file under the set's lock).
    let id = id_of(below[0].file().obj()).ok_or("the file cannot be read")?;
    let read_by_others = || -> Result<(), String> {
        let readers = sf.disk_files(|n| n != child_name && n != name)?;
        match readers
            .iter()
            .any(|f| f.parent.as_ref().is_some_and(|(_, p)| *p == id))
        {
            true => Err("another disk file reads through it; it stays".into()),
            false => Ok(()),
        }
    };
    read_by_others()?;
    tracing::info!(
        file = name,
        into = child_name,
        "VHD Set: merging a file no snapshot needs into the file above it"
    );
    match vhdx::copy_parent_in(&mut child, &below, MERGE_STEP, stopping) {
        Ok(()) => {}
        // (The child, dropped, ends its session: its log is emptied.)
        Err(vhdx::Error::Io(e)) if e.kind() == std::io::ErrorKind::Interrupted => {
            return Ok(Merge::Stopped)
        }
        Err(e) => return Err(format!("copying into its child: {e}")),
    }
    // The switch: the chain must still be what the copy was made for (and on a
    // scale-out share, the metadata still this node's: another node taking it finds
    // the merger running and asks again).
    let set = sf.set.lock();
    if stopping() {
        return Ok(Merge::Stopped);
    }
    let mut names = sf.names.lock();
    let Some(i) = names.iter().position(|n| n == name) else {
        return Ok(Merge::Done);
    };
    if !sf.can_merge(&set, &names, i) || names[i - 1] != child_name {
        return Ok(Merge::Done);
    }
    read_by_others()?;
    child
        .set_parent_locator(loc)
        .map_err(|e| format!("naming the new parent: {e}"))?;
    child
        .close()
        .map_err(|e| format!("closing its child: {e}"))?;
    let obj =
        open_obj(&sf.share, &sf.dir.join(child_name), false).map_err(st("reopening its child"))?;
    let reopened = vhdx::Vhdx::open(ObjStore::new(obj), vhdx::OpenOptions::read_only())
        .map_err(|e| format!("reopening its child: {e}"))?;
    let gone = disk.device().edit(|layers| {
        let old_child = std::mem::replace(&mut layers[i - 1], reopened);
        let old = layers.remove(i);
        *disk.held.lock() = Held::of(layers);
        [old_child, old]
    });
    names.remove(i);
    drop(names);
    // The other nodes serving the disk read the new chain before the file goes.
    let followed = tell_others(disk);
    drop(set);
    let _ = rsvd::disk::close_all(Vec::from(gone));
    drop(below);
    if !followed {
        return Err("a node did not say it follows the new chain: the merged file stays".into());
    }
    if let Err(s) = sf.share.backend.remove(&sf.dir.join(name), false) {
        tracing::warn!(file = name, status = s.0, "VHD Set: removing a merged file");
    }
    tracing::info!(
        file = name,
        into = child_name,
        "VHD Set: a file no snapshot needs merged away"
    );
    Ok(Merge::Done)
}

/// The VHD Set operations of a shared disk (a plain `.vhdx` answers as not a set), as
/// asked for by an initiator.
/// A shared disk's set, as its initiator (the GUID) works on it at a time (FILETIME:
/// when the request came, what a snapshot records).
pub struct DiskSet<'a>(pub &'a Arc<SharedDisk>, pub Guid, pub u64);

impl DiskSet<'_> {
    fn set(&self) -> Result<&SetFile, u32> {
        self.0
            .set
            .as_ref()
            .ok_or(rsvd::status::INVALID_DEVICE_REQUEST)
    }
}

impl rsvd::vhdset::SetOps for DiskSet<'_> {
    fn is_set(&self) -> bool {
        self.0.set.is_some()
    }
    fn snapshots(&self) -> Vec<vhdx::vhds::Snapshot> {
        self.0
            .set
            .as_ref()
            .map(|s| s.set.lock().snapshots.clone())
            .unwrap_or_default()
    }
    fn take_snapshot(&self, id: Guid, kind: u32, change_tracking: bool) -> Result<(), u32> {
        let sf = self.set()?;
        let mut set = lock_to_change(self.0, sf)?;
        let mut names = sf.names.lock();
        if set.snapshot(&id).is_some() {
            return Err(rsvd::vhdset::OBJECT_NAME_COLLISION);
        }
        if set.snapshots.len() >= vhdx::vhds::MAX_SNAPSHOTS || names.len() >= MAX_CHAIN {
            return Err(NtStatus::INSUFFICIENT_RESOURCES.0);
        }
        let name = vhdx::vhds::disk_file_name(&sf.name);
        self.0.device().switch_top(|old| {
            // Everything written so far belongs to the snapshot.
            old.flush().map_err(|e| set_err("flushing the disk", e))?;
            let new = sf.new_child(&name, old, &set.current, self.0.meta.as_ref())?;
            let mut next = set.clone();
            next.snapshots.push(vhdx::vhds::Snapshot {
                id,
                kind,
                created: self.2,
                parent: set.snapshots.last().map_or(Guid([0; 16]), |s| s.id),
                file: set.current.clone(),
                change_tracking,
                reference_only: false,
            });
            next.current = name.clone();
            // On failure the new file stays: the set on disk may name it already.
            sf.commit(&mut set, next)?;
            if let Err(e) = old.end_session() {
                tracing::warn!(error = %e, "ending the session of a snapshot's file");
            }
            names.insert(0, name.clone());
            self.0.held.lock().add(&new);
            Ok::<_, u32>(new)
        })?;
        drop(names);
        tell_others(self.0);
        drop(set);
        // The file the hosts wrote until now may be one no snapshot needs.
        merge_unneeded(self.0);
        Ok(())
    }
    fn delete_snapshot(&self, id: Guid, keep_reference: bool) -> Result<(), u32> {
        let sf = self.set()?;
        let mut set = lock_to_change(self.0, sf)?;
        let mut next = set.clone();
        // The snapshot's file stays while later files of the chain read through it; once
        // no snapshot names it, it is merged into the file above it (in the background).
        if keep_reference {
            for s in next.snapshots.iter_mut().filter(|s| s.id == id) {
                s.reference_only = true;
            }
        } else {
            next.snapshots.retain(|s| s.id != id);
        }
        sf.commit(&mut set, next)?;
        tell_others(self.0);
        drop(set);
        merge_unneeded(self.0);
        Ok(())
    }
    fn apply_snapshot(&self, id: Guid) -> Result<(), u32> {
        let sf = self.set()?;
        let mut set = lock_to_change(self.0, sf)?;
        let snap = set.snapshot(&id).cloned().ok_or(rsvd::vhdset::NOT_FOUND)?;
        let (base, paths) = open_chain(&sf.share, &sf.dir.join(&snap.file), true)
            .map_err(|s| set_err("opening a snapshot's files", format!("status {:#x}", s.0)))?;
        let name = vhdx::vhds::disk_file_name(&sf.name);
        let new = sf.new_child(&name, &base[0], &snap.file, self.0.meta.as_ref())?;
        let capacity = new.virtual_size();
        let mut next = set.clone();
        let old_current = std::mem::replace(&mut next.current, name.clone());
        let mut layers = vec![new];
        layers.extend(base);
        let held = Held::of(&layers);
        // I/O waits from the set's switch to the engine's: no write acknowledged in
        // between can land in the file being left.
        let dev = self.0.device();
        let before = dev.capacity();
        let old = dev.replace_with(|| sf.commit(&mut set, next).map(|()| layers))?;
        // The files left (closed below, or kept for the ring, never written) are free.
        *self.0.held.lock() = held;
        let mut names = sf.names.lock();
        *names = std::iter::once(name).chain(file_names(&paths)).collect();
        sf.retire(old);
        // The file the disk was until now holds no snapshot: nothing reads it any more,
        // once every node serving the disk follows. (Left behind if the node stops
        // first; the next tidy finds it.)
        let followed = tell_others(self.0);
        if followed && sf.owns(&old_current) && !set.snapshots.iter().any(|s| s.file == old_current)
        {
            let _ = sf.share.backend.remove(&sf.dir.join(&old_current), false);
        }
        drop(names);
        drop(set);
        if capacity != before {
            self.0.resized_by(self.1);
        }
        // The branch left may hold files nothing needs once its snapshots go.
        merge_unneeded(self.0);
        Ok(())
    }
    fn convert_to_set(&self, name: &str) -> Result<(), u32> {
        let (Some((share, path)), None) = (&self.0.place, &self.0.set) else {
            return Err(rsvd::status::INVALID_DEVICE_REQUEST);
        };
        // Made beside the disk's file, whatever folder the name came with.
        let name = name.rsplit(['\\', '/']).next().unwrap_or_default();
        let fscc_invalid = |c: char| c < ' ' || "\"*<>?|".contains(c);
        if !vhdx::vhds::valid_name(name) || name.contains(fscc_invalid) {
            return Err(rsvd::status::INVALID_PARAMETER);
        }
        let (dir, disk_name) = path
            .split_last()
            .ok_or(rsvd::status::INVALID_DEVICE_REQUEST)?;
        let set_path = dir.join(name);
        let obj = open_as(
            share,
            &set_path,
            true,
            Disposition::Create,
            Kind::NonDirectory,
        )
        .map_err(|s| s.0)?;
        let made =
            vhdx::vhds::VhdSet::new(disk_name).and_then(|mut set| set.create(&ObjStore::new(obj)));
        let synced = made
            .map_err(|e| set_err("writing the new set file", e))
            .and_then(|()| sync_dir(share, &dir));
        if synced.is_err() {
            let _ = share.backend.remove(&set_path, false);
        }
        synced
    }
    fn tracking(&self) -> vhdx::vhds::Tracking {
        self.0
            .set
            .as_ref()
            .map(|s| s.set.lock().tracking.clone())
            .unwrap_or_default()
    }
    fn set_tracking(&self, t: vhdx::vhds::Tracking) -> Result<(), u32> {
        let sf = self.set()?;
        let mut set = lock_to_change(self.0, sf)?;
        let mut next = set.clone();
        next.tracking = t;
        sf.commit(&mut set, next)?;
        tell_others(self.0);
        Ok(())
    }
    fn changes(
        &self,
        limit: Guid,
        target: Guid,
        offset: u64,
        len: u64,
        max_ranges: usize,
    ) -> Result<(Vec<(u64, u64)>, u64), u32> {
        let sf = self.set()?;
        let set = sf.set.lock();
        let file_of = |id: Guid| set.snapshot(&id).map(|s| s.file.clone());
        let (Some(lf), Some(tf)) = (file_of(limit), file_of(target)) else {
            return Err(rsvd::vhdset::VHD_INVALID_CHANGE_TRACKING_ID);
        };
        if limit == target {
            return Ok((Vec::new(), len));
        }
        let names = sf.names.lock();
        let pos = |f: &str| names.iter().position(|n| n == f);
        // The files written between the two: from the one made when `limit` was taken
        // up to `target`'s own (the chain is top first).
        let (Some(il), Some(it)) = (pos(&lf), pos(&tf)) else {
            return Err(rsvd::status::INVALID_PARAMETER);
        };
        if it >= il {
            return Err(rsvd::status::INVALID_PARAMETER);
        }
        let layers = self.0.device().layers();
        // Sector-aligned around the region, a few MiB at a time, so one request costs
        // at most one step's worth of ranges beyond what it answers.
        const STEP: u64 = 8 << 20;
        let ss = layers[0].logical_sector_size();
        let end = offset.saturating_add(len);
        let mut at = offset / ss * ss;
        let mut out: Vec<(u64, u64)> = Vec::new();
        while at < end {
            let n = (end.div_ceil(ss) * ss - at).min(STEP);
            let mut step = Vec::new();
            for l in &layers[it..il] {
                step.extend(
                    l.own_ranges(at, n)
                        .map_err(|e| set_err("reading a snapshot's map", e))?,
                );
            }
            step.sort_unstable();
            for (o, l) in step {
                // Clipped to the region asked about.
                let (o, e) = (o.max(offset), (o + l).min(end));
                if e <= o {
                    continue;
                }
                match out.last_mut() {
                    Some(p) if o <= p.0 + p.1 => p.1 = p.1.max(e - p.0),
                    _ => out.push((o, e - o)),
                }
            }
            if out.len() > max_ranges {
                out.truncate(max_ranges);
                let (o, l) = out[max_ranges - 1];
                return Ok((out, o + l - offset));
            }
            at += n;
        }
        Ok((out, len))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_disk_opening_waits_for_one_closing_on_its_file_not_for_a_live_one() {
        let (a, b) = ((u64::MAX, 0xA), (u64::MAX, 0xB));
        assert!(wait_unheld(a).is_ok(), "nothing holds it");
        let live = Held::hold(&mut IN_USE.lock(), vec![a]);
        let start = std::time::Instant::now();
        assert_eq!(wait_unheld(a), Err(NtStatus::SHARING_VIOLATION));
        assert!(
            start.elapsed() < CLOSING_WAIT / 2,
            "a live holder is not waited for"
        );
        // Closing, but a second disk holds the file too: still refused at once.
        let mut closing = Held::hold(&mut IN_USE.lock(), vec![a, b]);
        closing.closing();
        assert_eq!(wait_unheld(a), Err(NtStatus::SHARING_VIOLATION));
        drop(live);
        // Only the closing disk holds them now: the opener waits for it to finish.
        let t = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(200));
            drop(closing);
        });
        assert_eq!(wait_unheld(b), Ok(()));
        assert!(!in_use(a.0, a.1) && !in_use(b.0, b.1));
        t.join().unwrap();
    }
}
