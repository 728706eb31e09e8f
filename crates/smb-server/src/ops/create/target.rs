//! CREATE phase 5: what the request is aimed at ([`Target`]) and the rules its parts
//! impose on each other; which accesses read or write data.

use super::*;

/// What the CREATE is aimed at and asks for, once its name and options are decoded.
pub(super) struct Target {
    /// The file on the share (a named stream's file in the stream depot).
    pub(super) path: SharePath,
    /// A named stream: its file's path and the stream's name as stored.
    pub(super) stream_of: Option<(SharePath, String)>,
    /// Access asked for (generic rights mapped), narrowed as checks go.
    pub(super) granted: u32,
    /// What the existing file's DACL grants the caller (its maximal access), once
    /// checked; None without a DACL.
    pub(super) file_access: Option<u32>,
    pub(super) disposition: Disposition,
    pub(super) kind: Kind,
    pub(super) delete_on_close: bool,
    /// The disposition replaces an existing file's data.
    pub(super) overwrite: bool,
    /// The name ended in a backslash (it names a directory).
    pub(super) trailing_slash: bool,
}

impl Target {
    /// Phase 5: the target and the rules the request's parts impose on each other.
    pub(super) fn resolve(
        server: &Server,
        req: &msg::CreateRequest,
        share: &crate::config::ShareConfig,
        maximal_access: u32,
    ) -> Step<Target> {
        let (path, stream) = match names::parse_create_target(req.name) {
            Ok((p, st)) => (share.backend.canonical(&p), st),
            Err(e) => return fail(e),
        };
        let granted = map_generic(req.desired_access, maximal_access);
        if granted & access::ACCESS_SYSTEM_SECURITY != 0 {
            return fail(NtStatus::PRIVILEGE_NOT_HELD);
        }
        if share.read_only && granted & WRITE_RIGHTS != 0 {
            return fail(NtStatus::ACCESS_DENIED);
        }
        // Rights beyond what the share's permissions grant (the tree's maximal access).
        if share.access.is_some() && granted & !(maximal_access | access::SYNCHRONIZE) != 0 {
            return fail(NtStatus::ACCESS_DENIED);
        }
        let disposition = match req.disposition {
            0 => Disposition::Supersede,
            1 => Disposition::Open,
            2 => Disposition::Create,
            3 => Disposition::OpenIf,
            4 => Disposition::Overwrite,
            _ => Disposition::OverwriteIf,
        };
        // "name::$DATA" names a file's data stream, which a directory does not have.
        let data_stream = names::names_data_stream(req.name);
        let kind = if req.options & co::DIRECTORY_FILE != 0 {
            if data_stream {
                return fail(NtStatus::NOT_A_DIRECTORY);
            }
            Kind::Directory
        } else if req.options & co::NON_DIRECTORY_FILE != 0 || data_stream {
            Kind::NonDirectory
        } else {
            Kind::Any
        };
        if kind == Kind::Directory
            && !matches!(
                disposition,
                Disposition::Open | Disposition::Create | Disposition::OpenIf
            )
        {
            return fail(NtStatus::INVALID_PARAMETER);
        }
        // A read-only share makes nothing: OPEN_IF of a name that does not exist is
        // refused as a create would be (before a stream's file or depot is made).
        if share.read_only
            && matches!(disposition, Disposition::OpenIf)
            && share.backend.stat(&path).is_err()
        {
            return fail(NtStatus::ACCESS_DENIED);
        }
        let stream_disposition = match (share.read_only, disposition) {
            (true, Disposition::OpenIf) => Disposition::Open,
            (_, d) => d,
        };
        // A named stream is a regular file in the share's stream depot.
        let (path, stream_of) = match stream {
            None => (path, None),
            Some(name) => {
                if kind == Kind::Directory {
                    return fail(NtStatus::NOT_A_DIRECTORY);
                }
                // The streams of a file whose deletion waits on them are not opened.
                if super::super::close::deletion_waits(server, &share.backend, &path) {
                    return fail(NtStatus::DELETE_PENDING);
                }
                let make = share.read_only && matches!(disposition, Disposition::OpenIf);
                let p = match stream_path(&share.backend, &path, &name, stream_disposition) {
                    Err(NtStatus::OBJECT_NAME_NOT_FOUND) if make => {
                        return fail(NtStatus::ACCESS_DENIED)
                    }
                    r => r.map_err(Stop::Status)?,
                };
                if make && share.backend.stat(&p).is_err() {
                    return fail(NtStatus::ACCESS_DENIED);
                }
                // The stream's name as stored (streams are case-preserving too).
                let stored = p.split_last().map_or(name, |(_, n)| n.to_string());
                (p, Some((path, stored)))
            }
        };
        if path.is_root() && matches!(disposition, Disposition::Create) {
            return fail(NtStatus::OBJECT_NAME_COLLISION);
        }
        let delete_on_close = req.options & co::DELETE_ON_CLOSE != 0;
        if delete_on_close && granted & access::DELETE == 0 {
            return fail(NtStatus::ACCESS_DENIED);
        }
        if share.read_only && !matches!(disposition, Disposition::Open | Disposition::OpenIf) {
            return fail(NtStatus::ACCESS_DENIED);
        }
        let overwrite = matches!(
            disposition,
            Disposition::Overwrite | Disposition::OverwriteIf | Disposition::Supersede
        );
        let trailing_slash = req.name.len() >= 2 && req.name[req.name.len() - 2..] == [b'\\', 0];
        Ok(Target {
            path,
            stream_of,
            granted,
            file_access: None,
            disposition,
            kind,
            delete_on_close,
            overwrite,
            trailing_slash,
        })
    }

    /// How the backend is to open the target.
    pub(super) fn params(
        &self,
        req: &msg::CreateRequest,
        share: &crate::config::ShareConfig,
        allocation_size: u64,
    ) -> OpenParams {
        let g = self.granted;
        OpenParams {
            disposition: self.disposition,
            kind: self.kind,
            read: reads(g),
            write: writes(g)
                || !matches!(
                    self.disposition,
                    Disposition::Open | Disposition::OpenIf | Disposition::Create
                ),
            attributes: req.file_attributes,
            allocation_size,
            // Writes through a persistent handle are stable when acknowledged (as
            // Windows makes them on continuously available shares).
            write_through: req.options & co::WRITE_THROUGH != 0
                || share.write_through
                || share.continuous_availability
                    && req
                        .known
                        .durable_v2
                        .is_some_and(|c| Le(c).u32(4).unwrap_or(0) & DHANDLE_FLAG_PERSISTENT != 0),
            direct_io: share.direct_io,
        }
    }
}

/// Whether access `g` reads data (the backend opens the file for reading).
pub(in crate::ops) fn reads(g: u32) -> bool {
    g & (access::FILE_READ_DATA | access::FILE_EXECUTE) != 0
}

/// Whether access `g` writes data or attributes (the backend opens read-write).
pub(in crate::ops) fn writes(g: u32) -> bool {
    g & (access::FILE_WRITE_DATA
        | access::FILE_APPEND_DATA
        | access::FILE_WRITE_ATTRIBUTES
        | access::FILE_WRITE_EA)
        != 0
}
