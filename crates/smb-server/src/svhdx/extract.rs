//! ExtractVHD: a VHD Set's snapshot copied into a VHDX of its own beside the set, whole
//! (a dynamic disk) or as a differencing disk over an older snapshot's file holding
//! what was written between the two. Copied a step at a time off the workers; the
//! request is answered when the copy ends.

use super::*;
use rsvd::status::{INVALID_DEVICE_REQUEST, INVALID_PARAMETER, SUCCESS};
use rsvd::tunnel::Progress;
use std::sync::atomic::Ordering;

/// Virtual-disk bytes looked at per step.
const STEP: u64 = 8 << 20;

/// An ExtractVHD under way.
pub struct ExtractJob {
    /// The snapshot's files, read-only.
    src: VhdxDisk<ObjStore>,
    /// For a differencing copy: how many files of the snapshot's chain (from its top)
    /// were written after the older snapshot; None for a whole copy.
    newer: Option<usize>,
    /// The new file (with, for a differencing copy, its parents).
    dst: Option<VhdxDisk<ObjStore>>,
    share: ShareConfig,
    path: SharePath,
    buf: Vec<u8>,
    at: u64,
    header: rsvd::tunnel::Header,
    progress: Arc<Progress>,
    /// The new file and its parents, marked in use while the copy writes: plain opens
    /// may not write, delete or rename them meanwhile.
    _held: Held,
}

/// Opens what an ExtractVHD copies and creates the file it copies into.
pub(super) fn prepare(
    disk: &SharedDisk,
    header: rsvd::tunnel::Header,
    e: &rsvd::vhdset::Extract,
    progress: Arc<Progress>,
) -> Result<ExtractJob, u32> {
    let sf = disk.set.as_ref().ok_or(INVALID_DEVICE_REQUEST)?;
    // A VHDX (the set's merges and removals look for readers among those), and not one
    // of the set's own names.
    if sf.owns(&e.name) || !e.name.to_ascii_lowercase().ends_with(".vhdx") {
        return Err(INVALID_PARAMETER);
    }
    // Held until the new file exists: a merge or a removal of the older snapshot's file
    // then finds it reading through that file. (On a scale-out share with the disk's
    // metadata, which merges run under, taken for this node: off the worker.)
    let set = super::scale::lock_to_change(disk, sf)?;
    let file = |id: Guid| set.snapshot(&id).map(|s| s.file.clone());
    let limit_file = match e.limit {
        Some(l) => Some(file(l).ok_or(INVALID_PARAMETER)?),
        None => None,
    };
    let src_file = file(e.source).ok_or(INVALID_PARAMETER)?;
    let st = |s: NtStatus| s.0;
    let (layers, paths) = open_chain(&sf.share, &sf.dir.join(&src_file), true).map_err(st)?;
    // The older snapshot's file is on this one's chain, in the set's folder.
    let newer = match &limit_file {
        None => None,
        Some(l) => Some(
            paths
                .iter()
                .position(|p| *p == sf.dir.join(l))
                .filter(|&i| i > 0)
                .ok_or(INVALID_PARAMETER)?,
        ),
    };
    let params = match newer {
        Some(i) => {
            let name = format!(".\\{}", file_names(&paths)[i]);
            let mut p = vhdx::differencing_params(&layers[i], &name, None);
            // The source's size (the disk may have been resized since the older one).
            p.virtual_size = layers[0].virtual_size();
            p
        }
        None => {
            let top = &layers[0];
            let mut p = vhdx::CreateParams::new(vhdx::DiskKind::Dynamic, top.virtual_size());
            p.block_size = top.block_size() as u32;
            p.logical_sector = top.logical_sector_size() as u32;
            p.physical_sector = top.physical_sector_size();
            p
        }
    };
    let parents = match &limit_file {
        Some(l) => open_chain(&sf.share, &sf.dir.join(l), true).map_err(st)?.0,
        None => Vec::new(),
    };
    let path = sf.dir.join(&e.name);
    let obj = open_as(
        &sf.share,
        &path,
        true,
        Disposition::Create,
        Kind::NonDirectory,
    )
    .map_err(st)?;
    let store = ObjStore::new(obj);
    let made = vhdx::create(&store, &params)
        .and_then(|()| vhdx::Vhdx::open(store, vhdx::OpenOptions::read_write()));
    let top = match made {
        Ok(t) => t,
        Err(e) => {
            let _ = sf.share.backend.remove(&path, false);
            return Err(setfile::set_err("creating an extracted disk", e));
        }
    };
    drop(set);
    let src = VhdxDisk::new(layers);
    progress.total.store(src.capacity(), Ordering::Relaxed);
    let mut dst = vec![top];
    dst.extend(parents);
    let held = Held::of(&dst);
    let job = ExtractJob {
        src,
        newer,
        dst: Some(VhdxDisk::new(dst)),
        share: sf.share.clone(),
        path,
        buf: Vec::new(),
        at: 0,
        header,
        progress,
        _held: held,
    };
    Ok(job)
}

impl ExtractJob {
    /// Copies one step; once the copy has ended (done, or stopped by an error), the
    /// tunnel's answer.
    pub fn step(&mut self) -> Option<Vec<u8>> {
        let status = match self.copy_step() {
            Ok(false) => return None,
            Ok(true) => match self.dst.take().map(VhdxDisk::close) {
                Some(Err(e)) => {
                    let _ = self.share.backend.remove(&self.path, false);
                    setfile::set_err("closing an extracted disk", format!("{e:?}"))
                }
                _ => {
                    let total = self.progress.total.load(Ordering::Relaxed);
                    self.progress.done.store(total, Ordering::Relaxed);
                    self.progress.ended.store(1, Ordering::Release);
                    SUCCESS
                }
            },
            Err(e) => setfile::set_err("extracting a snapshot", e),
        };
        let mut out = Vec::new();
        rsvd::tunnel::Header {
            status,
            ..self.header
        }
        .encode(&mut out);
        Some(out)
    }

    /// Copies the next step's ranges; true once the whole disk has been looked at.
    fn copy_step(&mut self) -> Result<bool, String> {
        let end = self.src.capacity();
        let dst = self.dst.as_ref().ok_or("no destination")?;
        if self.at < end {
            let n = STEP.min(end - self.at);
            let mut ranges = match self.newer {
                None => self.src.mapped(self.at, n).map_err(|e| format!("{e:?}"))?,
                Some(i) => {
                    let layers = self.src.layers();
                    let mut v = Vec::new();
                    for l in &layers[..i] {
                        v.extend(l.own_ranges(self.at, n).map_err(|e| e.to_string())?);
                    }
                    v
                }
            };
            ranges.sort_unstable();
            for (o, l) in ranges {
                // Clipped to the step. (Ranges of several files may overlap: copied
                // again, harmlessly.)
                let (o, e) = (o.max(self.at), (o + l).min(self.at + n));
                if e <= o {
                    continue;
                }
                self.buf.resize((e - o) as usize, 0);
                self.src
                    .read(o, &mut self.buf)
                    .map_err(|e| format!("reading: {e:?}"))?;
                dst.write(o, &self.buf, false)
                    .map_err(|e| format!("writing: {e:?}"))?;
            }
            self.at += n;
            // All of it is reported done once the new file is closed and stable.
            let done = self.at.min(end - 1);
            self.progress.done.store(done, Ordering::Relaxed);
            return Ok(false);
        }
        dst.flush().map_err(|e| format!("flushing: {e:?}"))?;
        Ok(true)
    }
}

impl Drop for ExtractJob {
    /// A copy that did not finish (failed, cancelled, its connection gone) leaves no
    /// file behind.
    fn drop(&mut self) {
        if let Some(d) = self.dst.take() {
            let _ = d.close();
            let _ = self.share.backend.remove(&self.path, false);
        }
        if self.progress.ended.load(Ordering::Acquire) == 0 {
            self.progress.ended.store(2, Ordering::Release);
        }
    }
}
