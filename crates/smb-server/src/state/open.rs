//! Opens: what a handle refers to, its durability, its directory cursor.

use super::*;

/// What an open refers to.
pub enum OpenKind {
    File(Box<dyn FileObj>),
    Pipe(Mutex<RpcPipe>),
}

/// Directory enumeration state of an open (QUERY_DIRECTORY).
#[derive(Default)]
pub struct DirCursor {
    /// The names of the scan, taken at its start; "." and ".." with their details (the
    /// others are looked up as they are returned).
    pub entries: Option<Vec<(String, Option<crate::backend::FileInfo>)>>,
    /// What the names were taken under: the server's change count and the directory's
    /// write and change times. A restarted scan under the same reuses them.
    pub stamp: Option<(u64, u64, u64)>,
    pub pattern: String,
    pub next: usize,
}

pub struct Open {
    pub file_id: FileId,
    pub tree_id: u32,
    pub session_id: u64,
    pub share: Option<Arc<ShareConfig>>,
    pub path: Mutex<SharePath>,
    /// For an alternate data stream: the file it belongs to and the stream's name (the
    /// stream's own data lives under `path`, in the share's stream depot; a stream
    /// rename changes the name).
    pub stream: Option<(SharePath, Mutex<String>)>,
    pub kind: OpenKind,
    pub granted_access: u32,
    pub share_access: u32,
    pub is_directory: bool,
    pub create_options: u32,
    pub file: Option<Arc<FileState>>,
    pub dir: Mutex<DirCursor>,
    pub position: AtomicU64,
    pub mode: AtomicU64,
    pub delete_on_close: AtomicBool,
    /// FSCTL_LMR_REQUEST_RESILIENCY was granted on this open.
    pub resilient: AtomicBool,
    /// Where the next FileFullEaInformation query without restart resumes.
    pub ea_cursor: std::sync::atomic::AtomicU32,
    /// Lock sequence replay detection (MS-SMB2 3.3.5.14): per index 1..=64 the last
    /// sequence number that succeeded, or `LOCK_SEQ_NONE`.
    pub lock_seq: Mutex<[u8; 64]>,
    /// Written through this open since it was opened (reported to CHANGE_NOTIFY at close).
    pub modified: AtomicBool,
    /// The handle's own writes leave the file's write and change times as they were
    /// (MS-FSA 2.1.5.14.2 UserSetModificationTime/ChangeTime: a time set explicitly
    /// through it, or frozen with -1, until -2 thaws it).
    pub keeps_write_time: AtomicBool,
    pub keeps_change_time: AtomicBool,
    /// The handle wrote (its file's [`WriteTimes`] know it), and when it last did
    /// (FILETIME): a write after its last write-time update moves the time at close.
    pub wrote: AtomicBool,
    pub last_write: AtomicU64,
    /// CHANGE_NOTIFY on a directory: the notify-log position its next request reads from
    /// ([`NOTIFY_UNWATCHED`] until the first request). Changes between two requests are
    /// kept for the next one, as Windows keeps them in the handle's change buffer.
    pub notify_cursor: AtomicU64,
    /// The handle's change buffer, sized by its first CHANGE_NOTIFY (as Windows sizes
    /// it): no answer on the handle carries more, whatever a later request asks.
    pub notify_buffer: std::sync::atomic::AtomicU32,
    /// What the handle's first CHANGE_NOTIFY watched (its completion filter, and
    /// [`NOTIFY_WATCH_TREE`] for the subtree): Windows keeps it for the handle's life,
    /// whatever later requests ask.
    pub notify_watch: AtomicU64,
    pub closed: AtomicBool,
    /// Granted a durable handle: survives the loss of its connection.
    pub durable: Option<Durable>,
    /// Names the open's descriptors in a transport's io_uring file table.
    pub key: crate::fixed::FileKey,
    /// Its place in the server's open-file budget (None for pipes), given back with it.
    pub slot: Option<crate::budget::OpenSlot>,
    /// The Storage QoS flow its READs and WRITEs count to (named by
    /// FSCTL_STORAGE_QOS_CONTROL, or its session's unmanaged flow); `has_qos` says
    /// whether there is one without taking the lock.
    pub qos: Mutex<Option<Arc<crate::qos::Flow>>>,
    pub has_qos: AtomicBool,
    /// The (ClientGuid, CreateGuid) of a CREATE that carried a CreateGuid (DH2Q): a
    /// replay of it is answered with this open.
    pub replay_key: Option<crate::replay::Key>,
    /// Until a request names it (proof that its CREATE's answer arrived), a replay of
    /// its CREATE gets it (MS-SMB2 Open.IsReplayEligible).
    pub replay_eligible: AtomicBool,
    /// What its CREATE did (MS-SMB2 2.2.14 CreateAction), told again to a replay.
    pub create_action: u32,
    /// Its channel sequence (SMB 3.x), checked by every request naming it.
    pub channel: Mutex<crate::replay::ChannelSeq>,
    /// A shared virtual disk open (MS-RSVD): its initiator and tunnel state.
    pub svhdx: Option<Arc<crate::svhdx::SvhdxOpen>>,
}

/// In [`Open::notify_watch`]: the subtree is watched.
pub const NOTIFY_WATCH_TREE: u64 = 1 << 32;

/// [`Open::notify_cursor`] of a handle that has not asked for changes yet.
pub const NOTIFY_UNWATCHED: u64 = u64::MAX;

/// What a durable open was granted (MS-SMB2 2.2.13.2.3/2.2.13.2.11).
#[derive(Clone, Copy, Debug)]
pub struct Durable {
    /// Version 2 (DH2Q) rather than 1 (DHnQ).
    pub v2: bool,
    pub create_guid: [u8; 16],
    /// How long the open is kept after its connection is lost.
    pub timeout_ms: u32,
    /// A persistent handle (continuously available share): journaled, kept across a
    /// restart of the server, not given up to a conflicting open while disconnected.
    pub persistent: bool,
}

impl Durable {
    /// The DH2Q context of the CREATE response that granted it (MS-SMB2 2.2.14.2.12).
    pub fn response_context(&self) -> Vec<u8> {
        smb_wire::msg::DurableV2Response {
            timeout_ms: self.timeout_ms,
            flags: match self.persistent {
                true => smb_wire::msg::DHANDLE_FLAG_PERSISTENT,
                false => 0,
            },
        }
        .encode()
    }
}

/// What makes an open what it is; the rest of an [`Open`] starts the same for all.
pub struct NewOpen {
    pub file_id: FileId,
    pub tree_id: u32,
    pub session_id: u64,
    pub share: Option<Arc<ShareConfig>>,
    pub path: SharePath,
    pub stream: Option<(SharePath, String)>,
    pub kind: OpenKind,
    pub granted_access: u32,
    pub share_access: u32,
    pub is_directory: bool,
    pub create_options: u32,
    pub file: Option<Arc<FileState>>,
    pub delete_on_close: bool,
    pub durable: Option<Durable>,
    pub slot: Option<crate::budget::OpenSlot>,
    pub replay_key: Option<crate::replay::Key>,
    pub create_action: u32,
    /// The ChannelSequence of the CREATE that made it.
    pub channel_sequence: u16,
    pub svhdx: Option<Arc<crate::svhdx::SvhdxOpen>>,
}

impl From<NewOpen> for Open {
    fn from(n: NewOpen) -> Open {
        Open {
            file_id: n.file_id,
            tree_id: n.tree_id,
            session_id: n.session_id,
            share: n.share,
            path: Mutex::new(n.path),
            stream: n.stream.map(|(base, name)| (base, Mutex::new(name))),
            kind: n.kind,
            granted_access: n.granted_access,
            share_access: n.share_access,
            is_directory: n.is_directory,
            create_options: n.create_options,
            file: n.file,
            dir: Mutex::new(DirCursor::default()),
            position: AtomicU64::new(0),
            mode: AtomicU64::new(0),
            delete_on_close: AtomicBool::new(n.delete_on_close),
            resilient: AtomicBool::new(false),
            ea_cursor: std::sync::atomic::AtomicU32::new(0),
            notify_cursor: AtomicU64::new(NOTIFY_UNWATCHED),
            notify_buffer: std::sync::atomic::AtomicU32::new(0),
            notify_watch: AtomicU64::new(0),
            lock_seq: Mutex::new([LOCK_SEQ_NONE; 64]),
            modified: AtomicBool::new(false),
            keeps_write_time: AtomicBool::new(false),
            keeps_change_time: AtomicBool::new(false),
            wrote: AtomicBool::new(false),
            last_write: AtomicU64::new(0),
            closed: AtomicBool::new(false),
            durable: n.durable,
            key: Default::default(),
            slot: n.slot,
            qos: Mutex::new(None),
            has_qos: AtomicBool::new(false),
            replay_eligible: AtomicBool::new(n.replay_key.is_some()),
            replay_key: n.replay_key,
            create_action: n.create_action,
            channel: Mutex::new(crate::replay::ChannelSeq::new(n.channel_sequence)),
            svhdx: n.svhdx,
        }
    }
}

impl Open {
    /// On a shared virtual disk: whether a request that changes the disk other than by
    /// WRITE may (see [`crate::svhdx::SvhdxOpen::admit_write`]); the change is under way
    /// while the task returned lives. Other opens: yes.
    pub fn admit_disk_change(
        &self,
    ) -> Result<Option<rsvd::tasks::Task>, smb_wire::status::NtStatus> {
        self.svhdx.as_ref().map_or(Ok(None), |sv| sv.admit_write())
    }

    /// Before a change to the data through this open: the times it must leave as they
    /// are (None, the common case, costs two loads). The handle's first write puts its
    /// file's write time under delayed updates.
    pub fn kept_times(
        &self,
        f: &dyn crate::backend::FileObj,
        now: u64,
    ) -> Option<crate::backend::BasicChange> {
        let (w, c) = (
            self.keeps_write_time.load(Ordering::Relaxed),
            self.keeps_change_time.load(Ordering::Relaxed),
        );
        if !w
            && !self.wrote.load(Ordering::Relaxed)
            && self.stream.is_none()
            && !self.share.as_ref().is_some_and(|s| s.immediate_write_time)
        {
            if let Some(fs) = &self.file {
                if !self.wrote.swap(true, Ordering::AcqRel) {
                    fs.write_times
                        .first_write(self.file_id.persistent, now, || {
                            f.info().ok().map(|i| i.last_write_time)
                        });
                }
            }
        }
        if !w && !c {
            return None;
        }
        let i = f.info().ok()?;
        Some(crate::backend::BasicChange {
            last_write_time: w.then_some(i.last_write_time),
            change_time: c.then_some(i.change_time),
            ..Default::default()
        })
    }

    /// The data changed through this open: noted (for CHANGE_NOTIFY at close), and the
    /// times it keeps put back as they were before (Linux moved them). `now`: FILETIME.
    pub fn data_changed(
        &self,
        f: &dyn crate::backend::FileObj,
        kept: Option<crate::backend::BasicChange>,
        now: u64,
    ) {
        self.modified.store(true, Ordering::Relaxed);
        if self.wrote.load(Ordering::Relaxed) {
            self.last_write.store(now, Ordering::Relaxed);
        } else {
            // A handle outside delayed updates (an immediate share's, on a file another
            // share delays) moves the time the others show at once.
            self.write_time_now(now);
        }
        if let Some(c) = kept {
            let _ = f.set_basic(&c);
        }
    }

    /// An update of the write time made at once through this handle (FLUSH, SET_INFO
    /// after it wrote, a change the handle's writes do not track: zeroing, offload
    /// copies, a shrinking allocation): shown from now, and its writes so far are
    /// accounted for. Nothing while the file's times are not delayed. `now`: FILETIME.
    pub fn write_time_now(&self, now: u64) {
        if let Some(fs) = &self.file {
            fs.write_times.update_now(self.file_id.persistent, now);
        }
    }

    /// What a client sees of the file: `i` with the write time delayed updates show,
    /// and for a named stream the id, times and attributes of the file it belongs to
    /// (as NTFS shows them: a stream has its own sizes, nothing else of its own).
    /// `now`: FILETIME.
    pub fn shown_info(&self, i: crate::backend::FileInfo, now: u64) -> crate::backend::FileInfo {
        let mut i = match &self.file {
            Some(fs) => fs.shown_info(i, now),
            None => i,
        };
        if let (Some((base, _)), Some(share)) = (&self.stream, &self.share) {
            if let Ok(b) = share.backend.stat(base) {
                i.file_id = b.file_id;
                i.creation_time = b.creation_time;
                i.last_access_time = b.last_access_time;
                i.last_write_time = b.last_write_time;
                i.change_time = b.change_time;
                // (A directory's stream is a data stream: not a directory itself.)
                i.attributes = match b.attributes & !smb_wire::msg::attrs::DIRECTORY {
                    0 => smb_wire::msg::attrs::NORMAL,
                    a => a,
                };
            }
        }
        i
    }

    /// The handle closes: a write after its last update moves the file's write time
    /// now (before a CLOSE reports the time). `now`: FILETIME.
    pub fn write_time_at_close(&self, now: u64) {
        if let (Some(fs), true) = (&self.file, self.wrote.load(Ordering::Relaxed)) {
            fs.write_times.close(
                self.file_id.persistent,
                self.last_write.load(Ordering::Relaxed),
                self.keeps_write_time.load(Ordering::Relaxed),
                now,
            );
        }
    }

    /// The same open, now belonging to another session and tree (a durable reconnect).
    pub fn rebind(self, session_id: u64, tree_id: u32) -> Open {
        Open {
            session_id,
            tree_id,
            closed: AtomicBool::new(false),
            ..self
        }
    }

    /// The name a client sees ("\\dir\\file", "\\file:stream").
    pub fn client_name(&self) -> String {
        match &self.stream {
            Some((base, name)) => format!("{}:{}", crate::names::client_name(base), name.lock()),
            None => crate::names::client_name(&self.path.lock()),
        }
    }
    pub fn file_obj(&self) -> Option<&dyn FileObj> {
        match &self.kind {
            OpenKind::File(f) => Some(f.as_ref()),
            OpenKind::Pipe(_) => None,
        }
    }
    pub fn can_read(&self) -> bool {
        self.granted_access & (access::FILE_READ_DATA | access::FILE_EXECUTE) != 0
    }
    pub fn can_write(&self) -> bool {
        self.granted_access & (access::FILE_WRITE_DATA | access::FILE_APPEND_DATA) != 0
    }
}

/// An async request naming an open, counted as outstanding in the open's channel
/// sequence until it completes, is cancelled or its connection ends (when this drops).
pub struct Outstanding {
    open: Arc<Open>,
    seq: u16,
}

impl Outstanding {
    pub fn new(open: Arc<Open>, seq: u16) -> Outstanding {
        open.channel.lock().hold(seq);
        Outstanding { open, seq }
    }
}

impl Drop for Outstanding {
    fn drop(&mut self) {
        self.open.channel.lock().release(self.seq);
    }
}
