//! A VHD Set behind a shared disk ([`SetFile`]) and its operations ([`DiskSet`]):
//! snapshots made by putting a new differencing file on top of the chain, applied by
//! replacing the chain, and the changes between two of them read from the files made in
//! between. Also which files shared disks hold ([`Held`], [`in_use`]).

use super::*;
use crate::backend::Kind;

/// Files (device, file id) that shared disks have open, with how many disks hold each.
/// Their engines alone may write them: a plain open for writing, or a shared disk of
/// its own on one (a set's `.avhdx`, a parent), would corrupt the disk under its hosts.
static IN_USE: Mutex<std::collections::BTreeMap<(u64, u64), u32>> =
    parking_lot::const_mutex(std::collections::BTreeMap::new());

/// Whether a shared disk has the file with this identity open.
pub fn in_use(device_id: u64, file_id: u64) -> bool {
    IN_USE.lock().contains_key(&(device_id, file_id))
}

/// The files of a chain, marked in use while this lives.
#[derive(Default)]
pub struct Held(Vec<(u64, u64)>);

impl Held {
    pub(super) fn of(layers: &[vhdx::Vhdx<ObjStore>]) -> Held {
        let ids: Vec<(u64, u64)> = layers
            .iter()
            .filter_map(|l| l.file().0.info().ok())
            .map(|i| (i.device_id, i.file_id))
            .collect();
        let mut m = IN_USE.lock();
        for id in &ids {
            *m.entry(*id).or_insert(0) += 1;
        }
        Held(ids)
    }

    fn add(&mut self, layer: &vhdx::Vhdx<ObjStore>) {
        self.0.extend(Held::of(std::slice::from_ref(layer)).take());
    }

    fn take(mut self) -> Vec<(u64, u64)> {
        std::mem::take(&mut self.0)
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut m = IN_USE.lock();
        for id in &self.0 {
            if let Some(n) = m.get_mut(id) {
                *n -= 1;
                if *n == 0 {
                    m.remove(id);
                }
            }
        }
    }
}

/// A VHD Set behind a shared disk: its file, what it says, and the folder it and its
/// disk files are in.
pub struct SetFile {
    pub(super) file: ObjStore,
    pub set: Mutex<VhdSet>,
    /// The set's own file name, and its folder.
    pub(super) name: String,
    pub(super) dir: SharePath,
    pub(super) share: ShareConfig,
    /// The file names of the disk's chain, top first (as the engine's layers).
    pub(super) names: Mutex<Vec<String>>,
    /// Top files an applied snapshot replaced, kept open a while: a read through the
    /// ring may still be on its way from one (the ring only reads the top file).
    pub(super) retired: Mutex<Vec<vhdx::Vhdx<ObjStore>>>,
    /// A write of the set file failed: what is on disk is not known, so no more changes
    /// until the set is opened again.
    pub(super) broken: std::sync::atomic::AtomicBool,
    /// A merge of files no snapshot needs is under way (see [`merge_unneeded`]).
    pub(super) merging: std::sync::atomic::AtomicBool,
}

/// Replaced top files kept open per disk (the oldest is closed beyond this).
pub(super) const RETIRED_TOPS: usize = 64;

/// A failed file step of a set operation: logged, and STATUS_UNSUCCESSFUL to the host.
pub(super) fn set_err(what: &str, e: impl std::fmt::Display) -> u32 {
    tracing::error!(error = %e, "VHD Set: {what}");
    rsvd::status::UNSUCCESSFUL
}

impl SetFile {
    /// Creates `name` beside the set as a differencing child of `parent` (whose file is
    /// `parent_name`) keeping the disk's identity, and opens it.
    fn new_child(
        &self,
        name: &str,
        parent: &vhdx::Vhdx<ObjStore>,
        parent_name: &str,
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
        let store = ObjStore(obj);
        let mut p = vhdx::differencing_params(parent, &format!(".\\{parent_name}"), None);
        p.page83 = Some(parent.page83());
        let made = vhdx::create(&store, &p)
            .and_then(|()| vhdx::Vhdx::open(store, vhdx::OpenOptions::read_write()));
        let made = made.map_err(|e| {
            let _ = self.share.backend.remove(&path, false);
            set_err("creating a disk file", e)
        })?;
        // The new name is made durable before the set can name it.
        open_as(
            &self.share,
            &self.dir,
            false,
            Disposition::Open,
            Kind::Directory,
        )
        .and_then(|d| d.sync())
        .map_err(|st| set_err("syncing the set's folder", format!("status {:#x}", st.0)))?;
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
    fn owns(&self, name: &str) -> bool {
        let stem = self
            .name
            .rsplit_once('.')
            .map_or(self.name.as_str(), |(s, _)| s);
        let (Some(head), Some(tail)) = (name.get(..stem.len()), name.get(stem.len()..)) else {
            return false;
        };
        tail.len() > 7
            && head.eq_ignore_ascii_case(stem)
            && tail.starts_with('_')
            && tail.to_ascii_lowercase().ends_with(".avhdx")
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

/// Merges away, one by one on a thread of their own, the files of a set's chain that
/// no snapshot needs (a deleted snapshot's): each one's data is copied into the file
/// above it, which then names the one below as its parent, and the file is removed.
/// Hosts go on reading and writing meanwhile; they wait only while the chain's files
/// change places. One merger per disk at a time; it looks again after each merge.
pub(super) fn merge_unneeded(disk: &Arc<SharedDisk>) {
    use std::sync::atomic::Ordering;
    let Some(sf) = disk.set.as_ref() else {
        return;
    };
    if sf.share.read_only || sf.merging.swap(true, Ordering::AcqRel) {
        return;
    }
    let disk = disk.clone();
    let spawned = std::thread::Builder::new()
        .name("vhds-merge".into())
        .spawn(move || {
            let sf = disk.set.as_ref().expect("a set");
            loop {
                let next = sf.mergeable(&sf.set.lock(), &sf.names.lock());
                match next {
                    Some((child, name)) => {
                        if let Err(e) = merge_one(&disk, sf, &child, &name) {
                            tracing::warn!(file = %name, error = %e, "VHD Set: merging a file no snapshot needs");
                            break;
                        }
                    }
                    None => {
                        sweep(&disk, sf);
                        sf.merging.store(false, Ordering::Release);
                        // A file that became mergeable after the look above, before
                        // the flag dropped, is this merger's still.
                        let again = sf.mergeable(&sf.set.lock(), &sf.names.lock());
                        if again.is_none() || sf.merging.swap(true, Ordering::AcqRel) {
                            return;
                        }
                    }
                }
            }
            sf.merging.store(false, Ordering::Release);
        });
    if spawned.is_err() {
        sf.merging.store(false, Ordering::Release);
    }
}

/// A file's identity (device, file id).
fn id_of(obj: &dyn FileObj) -> Option<(u64, u64)> {
    obj.info().ok().map(|i| (i.device_id, i.file_id))
}

/// Removes the set's files that nothing reads any more: files named as the set's (see
/// [`SetFile::owns`]) on none of the chains the set names (its disk's and each
/// snapshot's), whose parent is a file of the set on such a chain or one of these.
/// They are the files of a branch left by an apply once its snapshots are deleted, and
/// what a merge or an apply leaves when the node stops between the set's switch and the
/// removal. A plain `<stem>.vhdx`'s checkpoints in the folder, named the same way, lead
/// to that disk, never to a file of the set, and so stay. Nothing is removed on a guess:
/// a chain that cannot be read leaves everything where it is.
fn sweep(disk: &SharedDisk, sf: &SetFile) {
    use std::collections::BTreeSet;
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
    let ids = |layers: &[vhdx::Vhdx<ObjStore>]| -> Option<Vec<(u64, u64)>> {
        layers.iter().map(|l| id_of(&*l.file().0)).collect()
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
    let listing = open_as(
        &sf.share,
        &sf.dir,
        false,
        Disposition::Open,
        Kind::Directory,
    )
    .and_then(|d| d.list_names());
    let Ok(listing) = listing else {
        return;
    };
    let mut candidates = Vec::new();
    for name in listing {
        if !sf.owns(&name) || names.contains(&name) || set.snapshots.iter().any(|s| s.file == name)
        {
            continue;
        }
        let path = sf.dir.join(&name);
        let Some((id, obj)) = open_obj(&sf.share, &path, false)
            .ok()
            .and_then(|o| Some((id_of(&*o)?, ObjStore(o))))
        else {
            continue;
        };
        if reachable.contains(&id) || in_use(id.0, id.1) {
            continue;
        }
        let Ok(file) = vhdx::Vhdx::open(obj, vhdx::OpenOptions::read_only()) else {
            continue;
        };
        let parent = file
            .parent_locator()
            .and_then(|loc| find_parent(&sf.share, &path, loc))
            .filter(|(p, _)| {
                p.split_last()
                    .is_some_and(|(d, n)| d == sf.dir && sf.owns(n))
            })
            .and_then(|(_, o)| id_of(&*o));
        if let Some(parent) = parent {
            candidates.push(Candidate { name, id, parent });
        }
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
    // Children first: a node stopping midway leaves no file whose parent is gone.
    for c in gone.into_iter().rev() {
        match sf.share.backend.remove(&sf.dir.join(&c.name), false) {
            Ok(()) => tracing::info!(file = %c.name, "VHD Set: a file nothing reads removed"),
            Err(s) => {
                tracing::warn!(file = %c.name, status = s.0, "VHD Set: removing a file nothing reads")
            }
        }
    }
}

/// Merges the file `name` into `child_name`, the file above it in the chain.
fn merge_one(disk: &SharedDisk, sf: &SetFile, child_name: &str, name: &str) -> Result<(), String> {
    fn st(what: &'static str) -> impl Fn(NtStatus) -> String {
        move |s| format!("{what}: status {:#x}", s.0)
    }
    // The files below, and the child, opened apart from the disk's own engines: the
    // copy holds no lock the hosts' I/O needs.
    let (below, _) =
        open_chain(&sf.share, &sf.dir.join(name), true).map_err(st("opening the file"))?;
    let obj =
        open_obj(&sf.share, &sf.dir.join(child_name), true).map_err(st("opening its child"))?;
    let mut child = vhdx::Vhdx::open(ObjStore(obj), vhdx::OpenOptions::read_write())
        .map_err(|e| format!("opening its child: {e}"))?;
    let loc = below[0]
        .parent_locator()
        .cloned()
        .ok_or("the file has no parent")?;
    vhdx::copy_parent_in(&mut child, &below, MERGE_STEP)
        .map_err(|e| format!("copying into its child: {e}"))?;
    // The switch: the chain must still be what the copy was made for.
    let set = sf.set.lock();
    let mut names = sf.names.lock();
    let Some(i) = names.iter().position(|n| n == name) else {
        return Ok(());
    };
    if !sf.can_merge(&set, &names, i) || names[i - 1] != child_name {
        return Ok(());
    }
    child
        .set_parent_locator(loc)
        .map_err(|e| format!("naming the new parent: {e}"))?;
    child
        .close()
        .map_err(|e| format!("closing its child: {e}"))?;
    let obj =
        open_obj(&sf.share, &sf.dir.join(child_name), false).map_err(st("reopening its child"))?;
    let reopened = vhdx::Vhdx::open(ObjStore(obj), vhdx::OpenOptions::read_only())
        .map_err(|e| format!("reopening its child: {e}"))?;
    let gone = disk.device().edit(|layers| {
        let old_child = std::mem::replace(&mut layers[i - 1], reopened);
        let old = layers.remove(i);
        *disk.held.lock() = Held::of(layers);
        [old_child, old]
    });
    names.remove(i);
    drop(names);
    drop(set);
    let _ = rsvd::disk::close_all(Vec::from(gone));
    drop(below);
    if let Err(s) = sf.share.backend.remove(&sf.dir.join(name), false) {
        tracing::warn!(file = name, status = s.0, "VHD Set: removing a merged file");
    }
    tracing::info!(
        file = name,
        into = child_name,
        "VHD Set: a file no snapshot needs merged away"
    );
    Ok(())
}

/// The VHD Set operations of a shared disk (a plain `.vhdx` answers as not a set), as
/// asked for by an initiator.
pub struct DiskSet<'a>(pub &'a Arc<SharedDisk>, pub Guid);

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
        let mut set = sf.set.lock();
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
            let new = sf.new_child(&name, old, &set.current)?;
            let mut next = set.clone();
            next.snapshots.push(vhdx::vhds::Snapshot {
                id,
                kind,
                created: crate::clock::filetime(),
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
        drop(set);
        // The file the hosts wrote until now may be one no snapshot needs.
        merge_unneeded(self.0);
        Ok(())
    }
    fn delete_snapshot(&self, id: Guid, keep_reference: bool) -> Result<(), u32> {
        let sf = self.set()?;
        let mut set = sf.set.lock();
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
        drop(set);
        merge_unneeded(self.0);
        Ok(())
    }
    fn apply_snapshot(&self, id: Guid) -> Result<(), u32> {
        let sf = self.set()?;
        let mut set = sf.set.lock();
        let snap = set.snapshot(&id).cloned().ok_or(rsvd::vhdset::NOT_FOUND)?;
        let (base, paths) = open_chain(&sf.share, &sf.dir.join(&snap.file), true)
            .map_err(|s| set_err("opening a snapshot's files", format!("status {:#x}", s.0)))?;
        let name = vhdx::vhds::disk_file_name(&sf.name);
        let new = sf.new_child(&name, &base[0], &snap.file)?;
        let capacity = new.virtual_size();
        let mut next = set.clone();
        next.current = name.clone();
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
        let mut old = old.into_iter();
        let mut retired = sf.retired.lock();
        if retired.len() >= RETIRED_TOPS {
            drop(retired.remove(0));
        }
        retired.extend(old.next());
        // Its parents are read only through the engine: closed now.
        let _ = rsvd::disk::close_all(old.collect());
        drop(names);
        drop(set);
        if capacity != before {
            self.0.resized_by(self.1);
        }
        // The file the disk was until now holds no snapshot: nothing reads it any more
        // (removed in the background, with the rest of what the set no longer needs).
        merge_unneeded(self.0);
        Ok(())
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
        let mut set = sf.set.lock();
        let mut next = set.clone();
        next.tracking = t;
        sf.commit(&mut set, next)
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
