//! The persistent-handle journal on disk (format: [`smb_server::journal`]).
//!
//! Appends go through a descriptor opened with O_APPEND | O_DSYNC: each `write` returns
//! once the frame and the file size that covers it are on stable storage, so nothing is
//! acknowledged that a power loss can take back. A write that fails part way is cut off
//! again (ftruncate to the last whole frame); were that to fail too, the journal refuses
//! appends until a compaction rewrites it. A compaction writes the live frames to a new
//! file, fdatasyncs it, renames it over the journal and fsyncs the directory: a crash
//! leaves either the old journal or the new one, whole.

use smb_server::journal::{recover, JournalSink, Recovered, MAGIC};
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

pub struct FileJournal {
    path: PathBuf,
    file: Mutex<Appender>,
    /// Crash tests: the process aborts right after this many appends have reached the
    /// journal, before the answer that depends on the last one leaves
    /// (`SMBDIRECTD_TEST_CRASH_AFTER_JOURNAL_APPENDS`; never set in service).
    crash_after: Option<u64>,
    /// Synchronous writes made (each one a trip to stable storage), and bytes appended.
    pub syncs: AtomicU64,
    pub appended: AtomicU64,
}

struct Appender {
    file: File,
    len: u64,
    broken: bool,
}

fn open_append(path: &Path) -> std::io::Result<File> {
    OpenOptions::new()
        .append(true)
        .custom_flags(libc::O_DSYNC | libc::O_CLOEXEC)
        .open(path)
}

fn sync_dir(path: &Path) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    File::open(dir)?.sync_all()
}

impl FileJournal {
    /// Opens (or makes) the journal at `path` and recovers what it holds; a torn tail
    /// left by a crash is cut off before anything is appended after it.
    pub fn open(path: &Path) -> std::io::Result<(FileJournal, Recovered)> {
        let mut bytes = Vec::new();
        match File::open(path) {
            Ok(mut f) => {
                f.read_to_end(&mut bytes)?;
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
        let recovered = recover(&bytes);
        if recovered.valid_len == 0 {
            // New, empty, or not a journal of ours: start one (the old one, if any, is
            // kept aside rather than overwritten).
            if !bytes.is_empty() {
                let aside = path.with_extension("unreadable");
                std::fs::rename(path, &aside)?;
                tracing::warn!(path = %path.display(), kept = %aside.display(),
                    "handle journal unreadable; starting a new one");
            }
            write_whole(path, MAGIC)
                .map_err(|(RenameFailed::Before(e) | RenameFailed::After(e))| e)?;
        } else if recovered.valid_len < bytes.len() {
            tracing::warn!(
                path = %path.display(),
                torn = bytes.len() - recovered.valid_len,
                "handle journal: cutting off a torn tail"
            );
            let f = OpenOptions::new().write(true).open(path)?;
            f.set_len(recovered.valid_len as u64)?;
            f.sync_all()?;
        }
        let len = recovered.valid_len.max(MAGIC.len()) as u64;
        let j = FileJournal {
            path: path.to_path_buf(),
            file: Mutex::new(Appender {
                file: open_append(path)?,
                len,
                broken: false,
            }),
            syncs: AtomicU64::new(0),
            appended: AtomicU64::new(0),
            crash_after: std::env::var("SMBDIRECTD_TEST_CRASH_AFTER_JOURNAL_APPENDS")
                .ok()
                .and_then(|v| v.parse().ok()),
        };
        Ok((j, recovered))
    }

    pub fn len(&self) -> u64 {
        self.file.lock().map(|a| a.len).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() <= MAGIC.len() as u64
    }
}

/// Why a whole-file write failed: before the new file took the journal's name (the old
/// journal stands), or after (the new one stands, its directory entry maybe not yet
/// on stable storage).
enum RenameFailed {
    Before(std::io::Error),
    After(std::io::Error),
}

/// Writes `contents` to `path` through a new file renamed into place.
fn write_whole(path: &Path, contents: &[u8]) -> Result<(), RenameFailed> {
    let tmp = path.with_extension("new");
    let write = || -> std::io::Result<()> {
        let mut f = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .custom_flags(libc::O_CLOEXEC)
            .open(&tmp)?;
        f.write_all(contents)?;
        f.sync_data()?;
        std::fs::rename(&tmp, path)
    };
    write().map_err(RenameFailed::Before)?;
    sync_dir(path).map_err(RenameFailed::After)
}

/// Small records kept one per file in a directory, each replaced whole, atomically and
/// durably (the persistent reservations of shared virtual disks: `<key>.pr`).
pub struct RecordDir {
    dir: std::path::PathBuf,
}

impl RecordDir {
    pub fn open(dir: &Path) -> std::io::Result<RecordDir> {
        std::fs::create_dir_all(dir)?;
        Ok(RecordDir {
            dir: dir.to_path_buf(),
        })
    }

    fn path(&self, key: &str) -> std::io::Result<std::path::PathBuf> {
        if key.is_empty() || !key.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(std::io::Error::other("record keys are letters and digits"));
        }
        Ok(self.dir.join(format!("{key}.pr")))
    }
}

impl smb_server::svhdx::PrStore for RecordDir {
    fn load(&self, key: &str) -> std::io::Result<Option<Vec<u8>>> {
        match std::fs::read(self.path(key)?) {
            Ok(b) => Ok(Some(b)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }
    fn save(&self, key: &str, data: &[u8]) -> std::io::Result<()> {
        write_whole(&self.path(key)?, data).map_err(|e| match e {
            RenameFailed::Before(e) | RenameFailed::After(e) => e,
        })
    }
}

impl JournalSink for FileJournal {
    fn append(&self, frame: &[u8]) -> std::io::Result<()> {
        let mut a = self
            .file
            .lock()
            .map_err(|_| std::io::Error::other("poisoned"))?;
        if a.broken {
            return Err(std::io::Error::other(
                "handle journal has a partial frame that could not be cut off",
            ));
        }
        self.syncs.fetch_add(1, Ordering::Relaxed);
        if let Err(e) = a.file.write_all(frame) {
            // Whatever part of the frame landed must not stay in front of later frames.
            let len = a.len;
            let cut = a.file.set_len(len).and_then(|()| a.file.sync_all());
            if cut.is_err() {
                a.broken = true;
            }
            return Err(e);
        }
        a.len += frame.len() as u64;
        self.appended
            .fetch_add(frame.len() as u64, Ordering::Relaxed);
        if self.crash_after == Some(self.syncs.load(Ordering::Relaxed)) {
            // Journaled, not yet answered: the worst moment to die.
            std::process::abort();
        }
        Ok(())
    }

    fn replace(&self, contents: &[u8]) -> std::io::Result<()> {
        let mut a = self
            .file
            .lock()
            .map_err(|_| std::io::Error::other("poisoned"))?;
        self.syncs.fetch_add(2, Ordering::Relaxed);
        let renamed = write_whole(&self.path, contents);
        if let Err(RenameFailed::Before(e)) = renamed {
            // The journal in place is untouched; appends go on to it.
            return Err(e);
        }
        // Once renamed, appends must go to the new file, whatever else failed.
        match open_append(&self.path) {
            Ok(file) => {
                *a = Appender {
                    file,
                    len: contents.len() as u64,
                    broken: false,
                };
            }
            Err(e) => {
                a.broken = true;
                return Err(e);
            }
        }
        match renamed {
            Err(RenameFailed::After(e)) => Err(e),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use smb_server::journal::{Journal, PersistentOpen};
    use smb_wire::msg::FileId;

    fn open(n: u64) -> PersistentOpen {
        PersistentOpen {
            file_id: FileId {
                persistent: n,
                volatile: n,
            },
            share: "s".into(),
            path: format!("f{n}"),
            device: 1,
            file: n,
            client_guid: [1; 16],
            create_guid: [n as u8; 16],
            app_instance: None,
            user: "u".into(),
            domain: "d".into(),
            granted: 3,
            share_access: 7,
            create_options: 0,
            create_action: 2,
            timeout_ms: 60_000,
            oplock: 0,
            delete_on_close: false,
            lease: None,
            locks: Vec::new(),
            svhdx: None,
        }
    }

    #[test]
    fn the_journal_survives_reopening_and_a_torn_tail_is_cut_off() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("handles.journal");
        let (fj, r) = FileJournal::open(&p).unwrap();
        assert!(r.opens.is_empty());
        let j = Journal::new(Box::new(fj), &r.opens, r.valid_len as u64);
        j.put(&open(1)).unwrap();
        j.put(&open(2)).unwrap();
        j.remove(1).unwrap();
        drop(j);
        // A crash in the middle of the next append: half a frame at the end.
        let half = &open(3).frame()[..20];
        let mut f = OpenOptions::new().append(true).open(&p).unwrap();
        f.write_all(half).unwrap();
        drop(f);
        let (fj, r) = FileJournal::open(&p).unwrap();
        assert_eq!(r.opens, vec![open(2)]);
        let j = Journal::new(Box::new(fj), &r.opens, r.valid_len as u64);
        j.put(&open(4)).unwrap();
        drop(j);
        let (_, r) = FileJournal::open(&p).unwrap();
        assert_eq!(r.opens, vec![open(2), open(4)]);
    }

    #[test]
    fn a_file_that_is_not_a_journal_is_kept_aside() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("handles.journal");
        std::fs::write(&p, b"not a journal").unwrap();
        let (fj, r) = FileJournal::open(&p).unwrap();
        assert!(r.opens.is_empty());
        assert!(fj.is_empty());
        assert!(dir.path().join("handles.unreadable").exists());
    }
}
