//! Alternate data streams: where a stream lives beside its file, listing and removing them.

use super::*;

/// The depot directory of a file's named streams.
pub(super) fn stream_dir(info: &FileInfo) -> SharePath {
    SharePath::root()
        .join(names::STREAM_DEPOT)
        .join(&format!("{:x}-{:x}", info.file_id, info.creation_time))
}

pub(super) fn depot_params(disposition: Disposition, kind: Kind) -> OpenParams {
    OpenParams {
        disposition,
        kind,
        read: false,
        write: true,
        attributes: attrs::HIDDEN | attrs::SYSTEM,
        allocation_size: 0,
        write_through: false,
        direct_io: false,
    }
}

/// Where stream `name` of the file at `base` lives. A stream of a file that does not
/// exist yet creates the file when the disposition allows creating (as NTFS does).
pub(super) fn stream_path(
    backend: &Arc<dyn crate::backend::Share>,
    base: &SharePath,
    name: &str,
    disposition: Disposition,
) -> Result<SharePath, NtStatus> {
    let creating = !matches!(disposition, Disposition::Open | Disposition::Overwrite);
    let info = match backend.stat(base) {
        Ok(i) => i,
        Err(NtStatus::OBJECT_NAME_NOT_FOUND) if creating => {
            // The file made for its first stream is an ordinary one (archive), not
            // hidden like the depot.
            let params = OpenParams {
                attributes: attrs::ARCHIVE,
                ..depot_params(Disposition::OpenIf, Kind::NonDirectory)
            };
            let (f, _) = backend.open(base, &params)?;
            f.info()?
        }
        Err(e) => return Err(e),
    };
    let dir = stream_dir(&info);
    if creating {
        let depot = SharePath::root().join(names::STREAM_DEPOT);
        backend.open(&depot, &depot_params(Disposition::OpenIf, Kind::Directory))?;
        backend.open(&dir, &depot_params(Disposition::OpenIf, Kind::Directory))?;
    } else if backend.stat(&dir).is_err() {
        // A file without streams has no such stream (not a missing path).
        return Err(NtStatus::OBJECT_NAME_NOT_FOUND);
    }
    Ok(backend.canonical(&dir.join(name)))
}

/// Every named stream of the file `info` describes: (name, size, allocation).
pub(super) fn list_streams(
    backend: &Arc<dyn crate::backend::Share>,
    info: &FileInfo,
) -> Vec<(String, u64, u64)> {
    let Ok((d, _)) = backend.open(
        &stream_dir(info),
        &depot_params(Disposition::Open, Kind::Directory),
    ) else {
        return Vec::new();
    };
    d.list_dir()
        .unwrap_or_default()
        .into_iter()
        .filter(|e| e.name != "." && e.name != "..")
        .map(|e| (e.name, e.info.end_of_file, e.info.allocation_size))
        .collect()
}

/// Whether some open of a named stream of the file `info` describes is one `refuses`.
pub(super) fn stream_open_refuses(
    server: &Server,
    backend: &Arc<dyn crate::backend::Share>,
    info: &FileInfo,
    refuses: impl Fn(&crate::state::FileOpenEntry) -> bool,
) -> bool {
    let dir = stream_dir(info);
    list_streams(backend, info).into_iter().any(|(name, _, _)| {
        backend.stat(&dir.join(&name)).is_ok_and(|s| {
            server
                .files
                .get_cloned(&(s.device_id, s.file_id))
                .is_some_and(|fs| fs.inner.lock().opens.iter().any(&refuses))
        })
    })
}

/// Removes a deleted file's named streams.
pub(super) fn remove_streams(backend: &Arc<dyn crate::backend::Share>, info: &FileInfo) {
    let dir = stream_dir(info);
    for (name, _, _) in list_streams(backend, info) {
        let _ = backend.remove(&dir.join(&name), false);
    }
    let _ = backend.remove(&dir, true);
}
