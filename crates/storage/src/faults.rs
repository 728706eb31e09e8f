//! Storage that fails on purpose, for tests: a share backend wrapped around another that
//! makes chosen calls fail the way failing storage does, so that what the server tells
//! its clients then, and what it keeps, can be tested (docs/faults.md).
//!
//! The faults: an I/O error (EIO), a full volume (ENOSPC: anything that needs new space
//! fails, overwrites inside a file still land), a write torn after its first bytes, a
//! flush that fails and loses every write since the last good one (Linux marks the
//! pages clean after a failed fsync: the old data is what stays), and a delay before a
//! call. Each fails as the backend below would for that errno, so the client sees the
//! status Windows gives for it (IO_DEVICE_ERROR, DISK_FULL).
//!
//! Rules come from the test ([`Faults::add`]) or from a plan file the daemon reads when
//! `SMBDIRECTD_FAULTS` names it (one rule a line, re-read whenever the file changes:
//! [`Faults::from_plan_file`]). Files of a wrapped share have no descriptor for an I/O
//! engine: every read, write and flush goes through the calls faults are injected in.
//! May not: keep more than [`UNDO_MAX`] bytes per file to undo a lost flush with.

use smb_server::backend::{
    BasicChange, CreateAction, DirEntry, Disposition, FileInfo, FileObj, FsInfo, Kind, OpenParams,
    Share, SharePath,
};
use smb_wire::status::NtStatus;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Bytes of overwritten data kept per file to undo a lost flush with; a change that
/// would pass it flushes the file first (what it would undo becomes stable), and one
/// bigger than it is flushed right after it is made.
pub const UNDO_MAX: usize = 64 << 20;

/// Which calls a rule applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Read,
    /// Writes, zeroing and size changes of a file's data.
    Write,
    /// Flushes (FLUSH, write-through).
    Sync,
    /// Opens that make a file or directory.
    Create,
    /// Renames, links, removals, attributes, EAs and security descriptors.
    Meta,
    Any,
}

/// What happens to a call a rule catches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// It fails as on a device that returns errors (EIO).
    Eio,
    /// The volume is full (ENOSPC): whatever needs new space fails (writes past the end
    /// of a file, a growing size or allocation, a new file); overwrites still land.
    NoSpace,
    /// A write lands only its first bytes (this many), then fails with EIO.
    Torn(u64),
    /// A flush fails (EIO), and the file's writes since its last good flush are undone.
    SyncLost,
    /// The call waits this long first, then goes on.
    Delay(Duration),
}

/// One rule: calls of `op` on paths that start with `path` (relative to the share,
/// `/` separated, any case; empty for all); the first `after` it sees go through, then it fires at
/// most `times` times (None: for ever).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    pub op: Op,
    pub fault: Fault,
    pub path: String,
    pub after: u64,
    pub times: Option<u64>,
}

impl Rule {
    /// Every call of `op` meets `fault`.
    pub fn always(op: Op, fault: Fault) -> Rule {
        Rule {
            op,
            fault,
            path: String::new(),
            after: 0,
            times: None,
        }
    }

    /// The next call of `op` meets `fault`, once.
    pub fn once(op: Op, fault: Fault) -> Rule {
        Rule {
            times: Some(1),
            ..Rule::always(op, fault)
        }
    }

    fn catches(&self, op: Op, path: &str) -> bool {
        (self.op == op || self.op == Op::Any)
            && path
                .get(..self.path.len())
                .is_some_and(|p| p.eq_ignore_ascii_case(&self.path))
    }
}

struct Armed {
    rule: Rule,
    seen: u64,
    fired: u64,
}

/// A plan file and what was last read of it.
struct PlanFile {
    path: PathBuf,
    share: String,
    /// The file's time and length when last read (None inside: there was none; None:
    /// never read).
    stamp: Mutex<Option<Option<(std::time::SystemTime, u64)>>>,
}

/// The rules in force, shared by a test and the shares it wraps.
#[derive(Default)]
pub struct Faults {
    rules: Mutex<Vec<Armed>>,
    plan: Option<PlanFile>,
    fired: AtomicU64,
}

impl Faults {
    pub fn new() -> Arc<Faults> {
        Arc::default()
    }

    /// Rules for share `share` from the plan file at `path`, re-read whenever it changes
    /// (a missing file: no rules). Lines: `SHARE OP FAULT [after=N] [times=N]
    /// [path=PREFIX]`, `#` comments; OP is read, write, sync, create, meta or any;
    /// FAULT eio, nospace, torn=BYTES, synclost or delay=MS.
    pub fn from_plan_file(path: PathBuf, share: &str) -> Arc<Faults> {
        let f = Faults {
            plan: Some(PlanFile {
                path,
                share: share.to_string(),
                stamp: Mutex::new(None),
            }),
            ..Faults::default()
        };
        f.reload();
        Arc::new(f)
    }

    pub fn add(&self, rule: Rule) {
        self.rules.lock().unwrap().push(Armed {
            rule,
            seen: 0,
            fired: 0,
        });
    }

    pub fn clear(&self) {
        self.rules.lock().unwrap().clear();
    }

    /// How many calls met a fault so far.
    pub fn fired(&self) -> u64 {
        self.fired.load(Ordering::Relaxed)
    }

    /// The plan file's rules, when it changed since it was last read.
    fn reload(&self) {
        let Some(p) = &self.plan else { return };
        let stamp = std::fs::metadata(&p.path)
            .ok()
            .and_then(|m| Some((m.modified().ok()?, m.len())));
        let mut last = p.stamp.lock().unwrap();
        if *last == Some(stamp) {
            return;
        }
        *last = Some(stamp);
        let text = std::fs::read_to_string(&p.path).unwrap_or_default();
        match parse_plan(&text, &p.share) {
            Ok(rules) => {
                *self.rules.lock().unwrap() = rules
                    .into_iter()
                    .map(|rule| Armed {
                        rule,
                        seen: 0,
                        fired: 0,
                    })
                    .collect();
                tracing::warn!(plan = %p.path.display(), share = %p.share, "fault injection: rules read");
            }
            Err(e) => {
                tracing::error!(plan = %p.path.display(), "fault injection: plan refused: {e}");
            }
        }
    }

    /// The fault a call of `op` on `path` meets, if any (the first rule that fires).
    fn check(&self, op: Op, path: &str) -> Option<Fault> {
        self.reload();
        let mut rules = self.rules.lock().unwrap();
        for a in rules.iter_mut().filter(|a| a.rule.catches(op, path)) {
            a.seen += 1;
            if a.seen <= a.rule.after || a.rule.times.is_some_and(|t| a.fired >= t) {
                continue;
            }
            a.fired += 1;
            self.fired.fetch_add(1, Ordering::Relaxed);
            return Some(a.rule.fault);
        }
        None
    }

    /// Whether a rule would now make `op` on `path` meet `fault` (nothing counted).
    fn holds(&self, op: Op, path: &str, fault: Fault) -> bool {
        self.reload();
        self.rules.lock().unwrap().iter().any(|a| {
            a.rule.fault == fault
                && a.rule.catches(op, path)
                && a.seen >= a.rule.after
                && a.rule.times.is_none_or(|t| a.fired < t)
        })
    }
}

/// A plan's rules for `share` (lines for other shares are skipped).
pub fn parse_plan(text: &str, share: &str) -> Result<Vec<Rule>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = |what: &str| format!("line {}: {what}: {line:?}", n + 1);
        let mut w = line.split_whitespace();
        let (Some(s), Some(op), Some(fault)) = (w.next(), w.next(), w.next()) else {
            return Err(bad("needs SHARE OP FAULT"));
        };
        let op = match op {
            "read" => Op::Read,
            "write" => Op::Write,
            "sync" => Op::Sync,
            "create" => Op::Create,
            "meta" => Op::Meta,
            "any" => Op::Any,
            _ => return Err(bad("unknown operation")),
        };
        let num = |v: &str| v.parse::<u64>().map_err(|_| bad("not a number"));
        let fault = match fault.split_once('=') {
            None if fault == "eio" => Fault::Eio,
            None if fault == "nospace" => Fault::NoSpace,
            None if fault == "synclost" => Fault::SyncLost,
            Some(("torn", v)) => Fault::Torn(num(v)?),
            Some(("delay", v)) => Fault::Delay(Duration::from_millis(num(v)?)),
            _ => return Err(bad("unknown fault")),
        };
        let mut rule = Rule::always(op, fault);
        for opt in w {
            match opt.split_once('=') {
                Some(("after", v)) => rule.after = num(v)?,
                Some(("times", v)) => rule.times = Some(num(v)?),
                Some(("path", v)) => rule.path = v.replace('\\', "/"),
                _ => return Err(bad("unknown option")),
            }
        }
        if s.eq_ignore_ascii_case(share) {
            out.push(rule);
        }
    }
    Ok(out)
}

/// What undoes a file's writes since its last good flush.
#[derive(Default)]
struct Undo {
    /// Where the file is (renames move it).
    path: String,
    /// The end of file at the last good flush (None: nothing written since).
    len: Option<u64>,
    /// Overwritten bytes, oldest first.
    old: Vec<(u64, Vec<u8>)>,
    bytes: usize,
}

impl Undo {
    /// Puts back what `f` held at its last good flush, and makes that stable.
    fn apply(self, f: &dyn FileObj) {
        let Some(len) = self.len else { return };
        for (at, bytes) in self.old.iter().rev() {
            let _ = f.write_at(*at, bytes);
        }
        let _ = f.set_len(len);
        let _ = f.sync();
    }
}

/// By file id. Under its lock a change is recorded and made, and a flush made and the
/// record dropped, so that no flush falls between the two.
type Undos = Arc<Mutex<HashMap<u64, Undo>>>;

/// A share whose calls meet the faults of `faults`.
pub struct FaultShare {
    inner: Arc<dyn Share>,
    faults: Arc<Faults>,
    undo: Undos,
}

impl FaultShare {
    pub fn new(inner: Arc<dyn Share>, faults: Arc<Faults>) -> FaultShare {
        FaultShare {
            inner,
            faults,
            undo: Undos::default(),
        }
    }
}

impl FaultShare {
    /// Power is lost: every file's writes since its last good flush are undone, as if
    /// they never reached the device; what a flush made stable stays. (Files made since
    /// are kept: the namespace is the backend's.)
    pub fn power_loss(&self) {
        let undos: Vec<(u64, Undo)> = self.undo.lock().unwrap().drain().collect();
        for (id, u) in undos {
            let params = OpenParams::read_write(Disposition::Open, Kind::NonDirectory);
            let path = SharePath::from_validated(u.path.clone());
            let Ok((f, _)) = self.inner.open(&path, &params) else {
                continue;
            };
            // (Only the same file: another may have taken its name since.)
            if f.info().is_ok_and(|i| i.file_id == id) {
                u.apply(&*f);
            }
        }
    }
}

/// Waits out a delay; the status a failing fault gives, if it fails the call.
fn meet(f: Option<Fault>) -> Result<(), NtStatus> {
    match f {
        Some(Fault::Eio) | Some(Fault::SyncLost) | Some(Fault::Torn(_)) => {
            Err(NtStatus::IO_DEVICE_ERROR)
        }
        Some(Fault::NoSpace) => Err(NtStatus::DISK_FULL),
        Some(Fault::Delay(d)) => {
            std::thread::sleep(d);
            Ok(())
        }
        None => Ok(()),
    }
}

/// As [`meet`] for a call that needs no new space: a full volume lets it through.
fn meet_in_place(f: Option<Fault>) -> Result<(), NtStatus> {
    meet(f.filter(|f| *f != Fault::NoSpace))
}

fn creates(p: &OpenParams) -> bool {
    !matches!(p.disposition, Disposition::Open)
}

impl Share for FaultShare {
    fn open(
        &self,
        path: &SharePath,
        params: &OpenParams,
    ) -> Result<(Box<dyn FileObj>, CreateAction), NtStatus> {
        let p = path.as_str();
        if creates(params) && self.inner.stat(path).is_err() {
            meet(self.faults.check(Op::Create, p))?;
        }
        // (An overwriting open's truncation is not recorded: a power loss keeps it.)
        let (inner, action) = self.inner.open(path, params)?;
        let f = FaultFile {
            id: inner.info()?.file_id,
            inner,
            path: p.to_string(),
            faults: self.faults.clone(),
            undo: self.undo.clone(),
        };
        Ok((Box::new(f), action))
    }
    fn rename(&self, from: &SharePath, to: &SharePath, replace: bool) -> Result<(), NtStatus> {
        meet_in_place(self.faults.check(Op::Meta, from.as_str()))?;
        let mut undo = self.undo.lock().unwrap();
        self.inner.rename(from, to, replace)?;
        // A file replaced is gone; the records of what moved follow it.
        let (from, to) = (from.as_str(), to.as_str());
        undo.retain(|_, u| u.path != to);
        for u in undo.values_mut() {
            if u.path == from || u.path.starts_with(&format!("{from}/")) {
                u.path = format!("{to}{}", &u.path[from.len()..]);
            }
        }
        Ok(())
    }
    fn link(&self, from: &SharePath, to: &SharePath, replace: bool) -> Result<(), NtStatus> {
        meet(self.faults.check(Op::Meta, to.as_str()))?;
        self.inner.link(from, to, replace)
    }
    fn remove(&self, path: &SharePath, is_dir: bool) -> Result<(), NtStatus> {
        meet_in_place(self.faults.check(Op::Meta, path.as_str()))?;
        let mut undo = self.undo.lock().unwrap();
        self.inner.remove(path, is_dir)?;
        undo.retain(|_, u| u.path != path.as_str());
        Ok(())
    }
    fn stat(&self, path: &SharePath) -> Result<FileInfo, NtStatus> {
        self.inner.stat(path)
    }
    /// A full volume reports no free space; block cloning is not offered (its files
    /// have no descriptor to clone with).
    fn fs_info(&self) -> Result<FsInfo, NtStatus> {
        let mut i = self.inner.fs_info()?;
        if self.faults.holds(Op::Write, "", Fault::NoSpace) {
            i.free_bytes = 0;
            i.avail_bytes = 0;
        }
        i.block_refcounting = false;
        Ok(i)
    }
    fn canonical(&self, path: &SharePath) -> SharePath {
        self.inner.canonical(path)
    }
    fn security(&self, path: &SharePath) -> Option<Vec<u8>> {
        self.inner.security(path)
    }
}

/// An open file of a [`FaultShare`].
struct FaultFile {
    inner: Box<dyn FileObj>,
    /// The file's id: its undo record's key.
    id: u64,
    /// Its path when opened (what rules match).
    path: String,
    faults: Arc<Faults>,
    undo: Undos,
}

impl FaultFile {
    fn eof(&self) -> Result<u64, NtStatus> {
        Ok(self.inner.info()?.end_of_file)
    }

    /// Makes a change of `[offset, offset + len)` with `act`, first keeping what it
    /// overwrites (and the end of file, at the first change since a good flush) to undo
    /// it if a flush is lost.
    fn changing<R>(
        &self,
        offset: u64,
        len: u64,
        act: impl FnOnce(&dyn FileObj) -> Result<R, NtStatus>,
    ) -> Result<R, NtStatus> {
        let mut undo = self.undo.lock().unwrap();
        let eof = self.eof()?;
        let end = offset.saturating_add(len).min(eof);
        let n = end.saturating_sub(offset) as usize;
        let kept = undo.get(&self.id).map_or(0, |u| u.bytes);
        if kept + n > UNDO_MAX {
            // Too much to keep: what is kept so far becomes stable.
            self.inner.sync()?;
            undo.remove(&self.id);
        }
        if n > UNDO_MAX {
            // This change alone is too big: it is made stable at once.
            let r = act(&*self.inner)?;
            self.inner.sync()?;
            return Ok(r);
        }
        let mut old = vec![0u8; n];
        let got = if n > 0 {
            self.inner.read_at(offset, &mut old)?
        } else {
            0
        };
        old.truncate(got);
        let u = undo.entry(self.id).or_default();
        u.path.clone_from(&self.path);
        u.len.get_or_insert(eof);
        u.bytes += got;
        if got > 0 {
            u.old.push((offset, old));
        }
        act(&*self.inner)
    }

    /// A write of `data` at `offset` that a full volume or a tear cuts short: what
    /// lands, and the failure after it.
    fn cut_write(&self, offset: u64, data: &[u8], keep: usize, st: NtStatus) -> NtStatus {
        if keep > 0 {
            let _ = self.changing(offset, keep as u64, |f| f.write_at(offset, &data[..keep]));
        }
        st
    }
}

impl FileObj for FaultFile {
    fn info(&self) -> Result<FileInfo, NtStatus> {
        self.inner.info()
    }
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> Result<usize, NtStatus> {
        meet_in_place(self.faults.check(Op::Read, &self.path))?;
        self.inner.read_at(offset, buf)
    }
    fn write_at(&self, offset: u64, data: &[u8]) -> Result<usize, NtStatus> {
        match self.faults.check(Op::Write, &self.path) {
            Some(Fault::NoSpace) => {
                let eof = self.eof()?;
                if offset.saturating_add(data.len() as u64) > eof {
                    let keep = eof.saturating_sub(offset) as usize;
                    return Err(self.cut_write(offset, data, keep, NtStatus::DISK_FULL));
                }
            }
            Some(Fault::Torn(n)) => {
                let keep = (n as usize).min(data.len());
                return Err(self.cut_write(offset, data, keep, NtStatus::IO_DEVICE_ERROR));
            }
            f => meet(f)?,
        }
        self.changing(offset, data.len() as u64, |f| f.write_at(offset, data))
    }
    fn writes_through(&self) -> bool {
        self.inner.writes_through()
    }
    fn sync(&self) -> Result<(), NtStatus> {
        let fault = self.faults.check(Op::Sync, &self.path);
        let mut undo = self.undo.lock().unwrap();
        if fault == Some(Fault::SyncLost) {
            // What the flush was to make stable is gone: the file as at its last good one.
            if let Some(u) = undo.remove(&self.id) {
                u.apply(&*self.inner);
            }
            return Err(NtStatus::IO_DEVICE_ERROR);
        }
        meet_in_place(fault)?;
        self.inner.sync()?;
        undo.remove(&self.id);
        Ok(())
    }
    fn set_len(&self, len: u64) -> Result<(), NtStatus> {
        let eof = self.eof()?;
        let f = self.faults.check(Op::Write, &self.path);
        if len > eof || f != Some(Fault::NoSpace) {
            meet(f)?;
        }
        // A shrink's cut tail, to put back if the flush after it is lost.
        self.changing(len, eof.saturating_sub(len), |f| f.set_len(len))
    }
    fn allocate(&self, len: u64) -> Result<(), NtStatus> {
        let f = self.faults.check(Op::Write, &self.path);
        let grows = len > self.inner.info()?.allocation_size;
        if grows || f != Some(Fault::NoSpace) {
            meet(f)?;
        }
        self.inner.allocate(len)
    }
    fn set_basic(&self, change: &BasicChange) -> Result<(), NtStatus> {
        meet_in_place(self.faults.check(Op::Meta, &self.path))?;
        self.inner.set_basic(change)
    }
    fn list_dir(&self) -> Result<Vec<DirEntry>, NtStatus> {
        meet_in_place(self.faults.check(Op::Read, &self.path))?;
        self.inner.list_dir()
    }
    fn list_names(&self) -> Result<Vec<String>, NtStatus> {
        meet_in_place(self.faults.check(Op::Read, &self.path))?;
        self.inner.list_names()
    }
    fn child_info(&self, name: &str) -> Result<FileInfo, NtStatus> {
        self.inner.child_info(name)
    }
    fn zero_range(&self, offset: u64, len: u64) -> Result<(), NtStatus> {
        meet_in_place(self.faults.check(Op::Write, &self.path))?;
        self.changing(offset, len, |f| f.zero_range(offset, len))
    }
    fn set_sparse(&self, sparse: bool) -> Result<(), NtStatus> {
        meet_in_place(self.faults.check(Op::Meta, &self.path))?;
        self.inner.set_sparse(sparse)
    }
    fn allocated_ranges(&self, offset: u64, len: u64) -> Result<Vec<(u64, u64)>, NtStatus> {
        self.inner.allocated_ranges(offset, len)
    }
    /// No descriptor: every read, write and flush comes through the calls above.
    fn raw_fd(&self) -> Option<i32> {
        None
    }
    fn eas(&self) -> Result<Vec<smb_wire::fscc::Ea>, NtStatus> {
        self.inner.eas()
    }
    fn set_eas(&self, changes: &[smb_wire::fscc::Ea]) -> Result<(), NtStatus> {
        meet(self.faults.check(Op::Meta, &self.path))?;
        self.inner.set_eas(changes)
    }
    fn security(&self) -> Option<Vec<u8>> {
        self.inner.security()
    }
    fn set_security(&self, sd: &[u8]) -> Result<(), NtStatus> {
        meet(self.faults.check(Op::Meta, &self.path))?;
        self.inner.set_security(sd)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plan_reads_its_shares_rules_and_refuses_nonsense() {
        let plan = "# a full disk, then a tear\n\
                    data write nospace after=3\n\
                    other read eio\n\
                    data sync synclost times=1 path=vm1\\disk.vhdx\n\
                    data any delay=20\n";
        let r = parse_plan(plan, "DATA").unwrap();
        assert_eq!(r.len(), 3);
        assert_eq!(r[0].fault, Fault::NoSpace);
        assert_eq!(r[0].after, 3);
        assert_eq!(r[1].path, "vm1/disk.vhdx");
        assert_eq!(r[1].times, Some(1));
        assert_eq!(r[2].fault, Fault::Delay(Duration::from_millis(20)));
        for bad in [
            "data write",
            "data scribble eio",
            "data write boom",
            "data write torn=x",
            "data write eio when=now",
        ] {
            assert!(parse_plan(bad, "data").is_err(), "{bad} was taken");
        }
    }

    #[test]
    fn rules_fire_after_their_skips_for_their_count_on_their_paths() {
        let f = Faults::new();
        f.add(Rule {
            path: "vm1/".into(),
            after: 1,
            times: Some(2),
            ..Rule::always(Op::Write, Fault::Eio)
        });
        assert_eq!(f.check(Op::Write, "vm2/a"), None);
        assert_eq!(f.check(Op::Read, "vm1/a"), None);
        assert_eq!(
            f.check(Op::Write, "VM1/a"),
            None,
            "the first is let through"
        );
        assert_eq!(f.check(Op::Write, "vm1/a"), Some(Fault::Eio));
        assert_eq!(f.check(Op::Write, "vm1/b"), Some(Fault::Eio));
        assert_eq!(f.check(Op::Write, "vm1/a"), None, "fired its two");
        assert_eq!(f.fired(), 2);
    }
}
