//! The SPDK service: one OS thread that owns the SPDK environment's app thread, the
//! bdevs, and every SPDK share's blobstore, namespace and open blobs. Other threads hand
//! it jobs and wait for their answers; it runs them one at a time, polling SPDK until
//! each completes. (The per-worker data path, each worker polling its own SPDK thread,
//! comes next; this is the namespace's owner and the synchronous data path.)

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use smb_wire::NtStatus;
use spdk::{Blob, Blobstore, Channel, DmaBuf, Thread};

use super::ns::{self, BlobId, Meta, Namespace, Node};

/// The blobstore type of an smbdirectd share.
pub const BSTYPE: &str = "SMBDIRECTD";

/// The largest piece of data moved in one device I/O (bigger transfers are cut).
pub const SCRATCH: usize = 8 << 20;

/// Where a share's blobstore lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Device {
    /// A plain file (or block device node) through SPDK's aio bdev: tests and trials.
    File(PathBuf),
    /// An NVMe controller by PCI address (its first namespace), driven by SPDK's own
    /// driver (needs hugepages and the device unbound from the kernel).
    Nvme(String),
}

impl Device {
    /// `0000:00:04.0` (or `00:04.0`) names a PCI device; anything else a file.
    pub fn parse(s: &str) -> Device {
        let pci = s.split(':').count() >= 2
            && s.rsplit_once('.').is_some_and(|(a, f)| {
                f.len() == 1 && a.chars().all(|c| c.is_ascii_hexdigit() || c == ':')
            });
        if pci {
            Device::Nvme(s.to_string())
        } else {
            Device::File(PathBuf::from(s))
        }
    }
}

/// One share's device, and the bdev name it gets.
#[derive(Clone, Debug)]
pub struct StoreSpec {
    pub name: String,
    pub device: Device,
}

impl StoreSpec {
    /// The bdev the blobstore is on.
    pub fn bdev(&self) -> String {
        match self.device {
            Device::File(_) => self.name.clone(),
            Device::Nvme(_) => format!("{}n1", self.name),
        }
    }

    fn bdev_call(&self) -> (&'static str, String) {
        match &self.device {
            Device::File(p) => (
                "bdev_aio_create",
                format!(
                    r#"{{"name":{},"filename":{},"block_size":4096,"fallocate":true}}"#,
                    spdk::json_str(&self.name),
                    spdk::json_str(&p.display().to_string())
                ),
            ),
            Device::Nvme(addr) => (
                "bdev_nvme_attach_controller",
                format!(
                    r#"{{"name":{},"trtype":"PCIe","traddr":{}}}"#,
                    spdk::json_str(&self.name),
                    spdk::json_str(addr)
                ),
            ),
        }
    }
}

/// Load the stores, or make new, empty ones (erasing what the devices held).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Load,
    Format,
}

pub struct OpenBlob {
    pub blob: Blob,
    /// What workers read it by (end of file kept current).
    pub view: Arc<super::view::BlobView>,
    pub refs: u32,
    /// Removed from the namespace while open: deleted at the last close.
    pub doomed: bool,
}

/// One share's blobstore and what the service keeps of it.
pub struct Store {
    pub bdev: String,
    /// Its index among the service's stores.
    pub index: u32,
    pub bs: Option<Blobstore>,
    pub ch: Option<Channel>,
    pub dev: Option<spdk::Device>,
    pub ns: Namespace,
    pub open: HashMap<BlobId, OpenBlob>,
    pub scratch: DmaBuf,
    /// Bytes per io unit, and per cluster.
    pub unit: u64,
    pub cluster: u64,
    pub device_id: u64,
}

/// What a job sees: the service's SPDK thread and the stores, by index.
pub struct Ctx {
    pub t: Thread,
    pub stores: Vec<Store>,
}

/// The service the node runs (one per process: SPDK starts once), for I/O engines that
/// hand it operations by [`super::submit`].
pub(super) static RUNNING: Mutex<Option<std::sync::Weak<Service>>> = Mutex::new(None);

/// The running service, if any.
pub(super) fn running() -> Option<Arc<Service>> {
    RUNNING
        .lock()
        .unwrap()
        .as_ref()
        .and_then(std::sync::Weak::upgrade)
}

type Job = Box<dyn FnOnce(&mut Ctx) + Send>;

/// How often an idle service thread polls its SPDK thread (SPDK's NVMe admin queue
/// poller runs every 10 ms by default).
const IDLE_POLL: std::time::Duration = std::time::Duration::from_millis(10);

/// Wakes a worker's loop (see [`super::local`]).
type Kick = Arc<dyn Fn() + Send + Sync>;
type Kicks = Arc<Mutex<Vec<(u64, Kick)>>>;

/// The running service. Dropping the last handle does not stop it: [`Service::stop`]
/// unloads the stores cleanly.
pub struct Service {
    tx: Mutex<Option<mpsc::Sender<Job>>>,
    thread: Mutex<Option<std::thread::JoinHandle<()>>>,
    spdk: spdk::Spdk,
    /// The workers with an SPDK thread: woken while a metadata call waits for them.
    kicks: Kicks,
    next_kick: std::sync::atomic::AtomicU64,
}

/// A store as it was opened: its index in the service and a summary.
#[derive(Clone, Debug)]
pub struct StoreInfo {
    pub index: usize,
    pub files: usize,
    pub total_bytes: u64,
    pub free_bytes: u64,
}

pub fn errno_status(e: &spdk::Error) -> NtStatus {
    match e.errno {
        libc::ENOSPC => NtStatus::DISK_FULL,
        libc::ENOMEM => NtStatus::INSUFFICIENT_RESOURCES,
        libc::ENOENT => NtStatus::OBJECT_NAME_NOT_FOUND,
        libc::EBUSY => NtStatus::SHARING_VIOLATION,
        _ => NtStatus::IO_DEVICE_ERROR,
    }
}

impl Service {
    /// Start SPDK (once per process) with `env`, attach every device, and open (or with
    /// `Mode::Format` make) each store. A store that is missing, of another type or
    /// damaged is refused with a message saying which and why; nothing is repaired.
    pub fn start(
        library: Option<PathBuf>,
        env: spdk::EnvOpts,
        specs: Vec<StoreSpec>,
        mode: Mode,
    ) -> Result<(Arc<Service>, Vec<StoreInfo>), String> {
        let (tx, rx) = mpsc::channel::<Job>();
        type Ready = Result<(Vec<StoreInfo>, spdk::Spdk), String>;
        let (ready_tx, ready_rx) = mpsc::sync_channel::<Ready>(1);
        let kicks: Kicks = Arc::default();
        let kicks2 = kicks.clone();
        let thread = std::thread::Builder::new()
            .name("spdk".into())
            .spawn(move || {
                let mut ctx = match boot(library.as_deref(), &env, &specs, mode) {
                    Ok(ctx) => ctx,
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                        return;
                    }
                };
                ctx.t.on_idle(move || {
                    for (_, k) in kicks2.lock().unwrap().iter() {
                        k();
                    }
                });
                let infos = ctx
                    .stores
                    .iter()
                    .enumerate()
                    .map(|(i, s)| s.info(i))
                    .collect();
                let _ = ready_tx.send(Ok((infos, ctx.t.spdk())));
                // Between jobs the thread's own pollers still run (an NVMe controller's
                // admin queue: its failures and events are noticed there) every 10 ms.
                loop {
                    match rx.recv_timeout(IDLE_POLL) {
                        Ok(job) => job(&mut ctx),
                        Err(mpsc::RecvTimeoutError::Timeout) => {
                            ctx.t.poll();
                        }
                        Err(mpsc::RecvTimeoutError::Disconnected) => break,
                    }
                }
                shutdown(ctx);
            })
            .map_err(|e| format!("spdk thread: {e}"))?;
        let (infos, spdk) = ready_rx
            .recv()
            .map_err(|_| "the SPDK service stopped while starting".to_string())??;
        let svc = Arc::new(Service {
            tx: Mutex::new(Some(tx)),
            thread: Mutex::new(Some(thread)),
            spdk,
            kicks,
            next_kick: Default::default(),
        });
        *RUNNING.lock().unwrap() = Some(Arc::downgrade(&svc));
        Ok((svc, infos))
    }

    /// Run `f` on the service thread and return its answer (IO_DEVICE_ERROR once the
    /// service is stopped).
    pub fn call<R: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Ctx) -> R + Send + 'static,
    ) -> Result<R, NtStatus> {
        let (rtx, rrx) = mpsc::sync_channel(1);
        let job: Job = Box::new(move |ctx| {
            let _ = rtx.send(f(ctx));
        });
        {
            let tx = self.tx.lock().unwrap();
            let tx = tx.as_ref().ok_or(NtStatus::IO_DEVICE_ERROR)?;
            tx.send(job).map_err(|_| NtStatus::IO_DEVICE_ERROR)?;
        }
        // A worker with an SPDK thread keeps polling it while it waits: the job may be a
        // resize that waits for every channel's thread, this one's too.
        let local = super::view::WORKER_THREAD.with(|w| w.borrow().clone());
        let Some(t) = local else {
            return rrx.recv().map_err(|_| NtStatus::IO_DEVICE_ERROR);
        };
        loop {
            match rrx.try_recv() {
                Ok(r) => return Ok(r),
                Err(mpsc::TryRecvError::Disconnected) => return Err(NtStatus::IO_DEVICE_ERROR),
                Err(mpsc::TryRecvError::Empty) => {
                    if t.poll() == 0 {
                        std::hint::spin_loop();
                    }
                }
            }
        }
    }

    pub(super) fn spdk(&self) -> spdk::Spdk {
        self.spdk
    }

    /// `k` is called while a metadata call waits for threads to poll; the number to
    /// take it back with.
    pub(super) fn add_kick(&self, k: Kick) -> u64 {
        let id = self
            .next_kick
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.kicks.lock().unwrap().push((id, k));
        id
    }

    pub(super) fn remove_kick(&self, id: u64) {
        self.kicks.lock().unwrap().retain(|(k, _)| *k != id);
    }

    /// Hand `f` to the service without waiting for it.
    pub fn post(&self, f: impl FnOnce(&mut Ctx) + Send + 'static) {
        if let Some(tx) = self.tx.lock().unwrap().as_ref() {
            let _ = tx.send(Box::new(f));
        }
    }

    /// Close every blob, unload every store (its allocation maps written: the next load
    /// needs no recovery) and stop SPDK's subsystems; waits for it.
    pub fn stop(&self) {
        drop(self.tx.lock().unwrap().take());
        if let Some(t) = self.thread.lock().unwrap().take() {
            let _ = t.join();
        }
    }
}

fn boot(
    library: Option<&std::path::Path>,
    env: &spdk::EnvOpts,
    specs: &[StoreSpec],
    mode: Mode,
) -> Result<Ctx, String> {
    let spdk = spdk::Spdk::init(library, env).map_err(|e| e.to_string())?;
    let t = spdk.thread("app").map_err(|e| e.to_string())?;
    let calls: Vec<(&str, String)> = specs.iter().map(StoreSpec::bdev_call).collect();
    t.start_subsystems(&spdk::config(&calls))
        .map_err(|e| format!("{e} (the devices: {specs:?})"))?;
    let mut stores = Vec::new();
    for (i, s) in specs.iter().enumerate() {
        let store = Store::open(&t, spdk, &s.bdev(), mode, i as u32)
            .map_err(|e| format!("{} ({:?}): {e}", s.name, s.device))?;
        stores.push(store);
    }
    Ok(Ctx { t, stores })
}

fn shutdown(mut ctx: Ctx) {
    for s in &mut ctx.stores {
        for (_, o) in s.open.drain() {
            let _ = o.blob.close(&ctx.t);
        }
        s.ch = None;
        s.dev = None;
        if let Some(bs) = s.bs.take() {
            if let Err(e) = bs.unload(&ctx.t) {
                tracing::warn!(store = %s.bdev, "blobstore unload: {e}");
            }
        }
    }
    let _ = ctx.t.stop_subsystems();
}

fn u64_of(v: Option<Vec<u8>>) -> Option<u64> {
    Some(u64::from_le_bytes(v?.as_slice().try_into().ok()?))
}

impl Store {
    fn open(
        t: &Thread,
        spdk: spdk::Spdk,
        bdev: &str,
        mode: Mode,
        index: u32,
    ) -> Result<Store, String> {
        let bs = match mode {
            Mode::Format => Blobstore::open(t, bdev, true, BSTYPE, 0).map_err(|e| e.to_string())?,
            Mode::Load => Blobstore::open(t, bdev, false, BSTYPE, 0).map_err(|e| {
                format!(
                    "{e}: the device holds no smbdirectd store (empty, or another kind); \
                     `smbdirectd spdk format` makes one (erasing it)"
                )
            })?,
        };
        let ns = match mode {
            Mode::Format => {
                let meta = Meta {
                    dir: true,
                    attributes: smb_wire::msg::attrs::DIRECTORY,
                    ..Default::default()
                };
                let root = bs
                    .create(t, 0, true, &[(ns::X_META, &meta.encode())])
                    .map_err(|e| e.to_string())?;
                bs.set_super_blob(t, root).map_err(|e| e.to_string())?;
                Namespace::new(
                    root,
                    Node {
                        parent: 0,
                        name: String::new(),
                        meta,
                        clusters: 0,
                        sd: None,
                        eas: Vec::new(),
                    },
                )
            }
            Mode::Load => walk(t, &bs)?,
        };
        let ch = bs.channel(t).map_err(|e| e.to_string())?;
        let dev = spdk::Device::open(t, bdev).map_err(|e| e.to_string())?;
        let scratch = spdk
            .dma(SCRATCH + 2 * 4096, 4096)
            .map_err(|e| e.to_string())?;
        Ok(Store {
            bdev: bdev.to_string(),
            index,
            unit: bs.io_unit(),
            cluster: bs.cluster_size(),
            bs: Some(bs),
            ch: Some(ch),
            dev: Some(dev),
            ns,
            open: HashMap::new(),
            scratch,
            device_id: u64::from(index) + 1,
        })
    }

    pub fn info(&self, index: usize) -> StoreInfo {
        let bs = self.bs.as_ref().expect("open store");
        StoreInfo {
            index,
            files: self.ns.len().saturating_sub(1),
            total_bytes: bs.total_clusters() * self.cluster,
            free_bytes: bs.free_clusters() * self.cluster,
        }
    }

    pub fn bs(&self) -> &Blobstore {
        self.bs.as_ref().expect("open store")
    }
}

/// The namespace from every blob's attributes. Blobs removed while open (marked gone)
/// are deleted now; a blob without our attributes, or a name whose directory is
/// missing, refuses the store.
fn walk(t: &Thread, bs: &Blobstore) -> Result<Namespace, String> {
    let root = bs
        .super_blob(t)
        .map_err(|e| e.to_string())?
        .ok_or("the store has no root directory (not made by smbdirectd)")?;
    let mut found: Vec<(BlobId, Option<Node>)> = Vec::new();
    let mut bad: Option<String> = None;
    bs.for_each(t, |b| {
        let id = b.id();
        if b.xattr(ns::X_GONE).is_some() {
            found.push((id, None));
            return;
        }
        let meta = b.xattr(ns::X_META).as_deref().and_then(Meta::decode);
        let Some(meta) = meta else {
            bad.get_or_insert(format!("blob {id:#x} carries no smbdirectd metadata"));
            return;
        };
        let name = b.xattr(ns::X_NAME).map(|n| String::from_utf8(n).ok());
        let parent = u64_of(b.xattr(ns::X_PARENT));
        let (parent, name) = match (id == root, parent, name) {
            (true, _, _) => (0, String::new()),
            (false, Some(p), Some(Some(n))) if !n.is_empty() => (p, n),
            _ => {
                bad.get_or_insert(format!("blob {id:#x} has no parent or name"));
                return;
            }
        };
        let eas = match b.xattr(ns::X_EA).map(|v| crate::ealist::decode(&v)) {
            None => Vec::new(),
            Some(Ok(eas)) => eas,
            Some(Err(_)) => {
                bad.get_or_insert(format!("blob {id:#x} has a damaged EA list"));
                return;
            }
        };
        found.push((
            id,
            Some(Node {
                parent,
                name,
                meta,
                clusters: b.clusters(),
                sd: b.xattr(ns::X_SD),
                eas,
            }),
        ));
    })
    .map_err(|e| e.to_string())?;
    if let Some(b) = bad {
        return Err(b);
    }
    let mut ns: Option<Namespace> = None;
    let mut rest = Vec::new();
    for (id, node) in found {
        match node {
            None => {
                bs.delete(t, id).map_err(|e| e.to_string())?;
            }
            Some(n) if id == root => ns = Some(Namespace::new(root, n)),
            Some(n) => rest.push((id, n)),
        }
    }
    let mut ns = ns.ok_or("the root directory's blob is missing")?;
    for (id, n) in rest {
        ns.insert(id, n);
    }
    let orphans = ns.orphans();
    if !orphans.is_empty() {
        return Err(format!(
            "{} file(s) name a directory that does not exist (first: blob {:#x})",
            orphans.len(),
            orphans[0]
        ));
    }
    Ok(ns)
}
