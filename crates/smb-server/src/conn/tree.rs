//! TREE_CONNECT and the IOCTLs answered from connection state (VALIDATE_NEGOTIATE_INFO).

use super::{dialect_is_3, Connection};
use crate::ops::{self, Ctx, Outcome};
use crate::state::Tree;
use smb_wire::header::Header;
use smb_wire::msg;
use smb_wire::negotiate::dialect;
use smb_wire::NtStatus;
use std::sync::atomic::Ordering;
use std::sync::Arc;

impl Connection {
    pub(super) fn tree_connect(
        &mut self,
        ctx: &mut Ctx,
        rh: &mut Header,
        encrypted: bool,
    ) -> Outcome {
        let Ok(req) = msg::TreeConnectRequest::parse(ctx.msg) else {
            return Outcome::Fail(NtStatus::INVALID_PARAMETER);
        };
        let session = ctx.session.as_ref().expect("in session");
        // "\\server\share": take the last component.
        let name = req.path.rsplit('\\').next().unwrap_or("");
        if name.is_empty() || !req.path.starts_with("\\\\") {
            return Outcome::Fail(NtStatus::BAD_NETWORK_NAME);
        }
        let ipc = name.eq_ignore_ascii_case("IPC$");
        let share = if ipc {
            None
        } else {
            match self.server.find_share(name) {
                Some(s) => Some(s),
                None => return Outcome::Fail(NtStatus::BAD_NETWORK_NAME),
            }
        };
        let encrypt = share.as_ref().is_some_and(|s| s.encrypt) || session.encrypt_data;
        if encrypt && (!dialect_is_3(self.dialect) || session.keys.cipher.is_none()) {
            return Outcome::Fail(NtStatus::ACCESS_DENIED);
        }
        if encrypt
            && !encrypted
            && share.as_ref().is_some_and(|s| s.encrypt)
            && session.encrypt_data
        {
            return Outcome::Fail(NtStatus::ACCESS_DENIED);
        }
        if session.anonymous && !ipc && !self.server.cfg.allow_guest {
            return Outcome::Fail(NtStatus::ACCESS_DENIED);
        }
        let read_only = share.as_ref().is_some_and(|s| s.read_only);
        let mut maximal_access = if read_only {
            0x0012_00A9
        } else {
            msg::access::FILE_ALL_ACCESS
        };
        if let Some(sh) = &share {
            // Share permissions (MS-SMB2 3.3.5.7: the share's security descriptor is
            // checked against the session's security context): nothing granted,
            // no connection.
            let logon = session.logon.lock();
            if sh.require_kerberos && !logon.kerberos {
                tracing::info!(target: "audit", user = %session.user, share = %sh.name,
                    "tree connect refused: the share requires Kerberos");
                return Outcome::Fail(NtStatus::ACCESS_DENIED);
            }
            if let Some(aces) = &sh.access {
                let granted = crate::config::share_granted(
                    aces,
                    &logon.sids,
                    logon
                        .kerberos
                        .then_some((session.domain.as_str(), session.user.as_str())),
                );
                if granted == 0 {
                    tracing::info!(target: "audit", user = %session.user,
                        domain = %session.domain, share = %sh.name,
                        "tree connect refused by the share's permissions");
                    return Outcome::Fail(NtStatus::ACCESS_DENIED);
                }
                maximal_access &= granted | msg::access::SYNCHRONIZE;
            }
        }
        let ca_share = share.as_ref().is_some_and(|s| s.continuous_availability);
        let scale_out = share.as_ref().is_some_and(|s| s.scale_out);
        let abe = share.as_ref().is_some_and(|s| s.access_based_enumeration);
        let tree_share_is_dfs = share.as_ref().is_some_and(|s| s.dfs.is_some());
        let id = session.new_tree_id();
        session.trees.lock().insert(
            id,
            Arc::new(Tree {
                id,
                share,
                encrypt,
                maximal_access,
                gone: Default::default(),
            }),
        );
        rh.tree_id = id;
        let mut flags = 0;
        if encrypt {
            flags |= msg::SHAREFLAG_ENCRYPT_DATA;
        }
        if abe {
            flags |= SHAREFLAG_ACCESS_BASED_DIRECTORY_ENUM;
        }
        // A DFS namespace root (MS-SMB2 2.2.10: SHI1005_FLAGS_DFS | DFS_ROOT, and
        // SHARE_CAP_DFS).
        let dfs = tree_share_is_dfs;
        if dfs {
            flags |= SHAREFLAG_DFS | SHAREFLAG_DFS_ROOT;
        }
        // SHARE_CAP_CONTINUOUS_AVAILABILITY (MS-SMB2 2.2.10): persistent handles here.
        let ca = dialect_is_3(self.dialect) && self.server.journal.get().is_some() && ca_share;
        let mut body = Vec::new();
        msg::encode_tree_connect_response(
            &mut body,
            if ipc {
                msg::SHARE_TYPE_PIPE
            } else {
                msg::SHARE_TYPE_DISK
            },
            flags,
            if ca {
                SHARE_CAP_CONTINUOUS_AVAILABILITY
            } else {
                0
            } | if dfs { SHARE_CAP_DFS } else { 0 }
                | if scale_out && dialect_is_3(self.dialect) {
                    SHARE_CAP_SCALEOUT
                } else {
                    0
                }
                | if ca && self.server.witness.load(Ordering::Relaxed) {
                    SHARE_CAP_CLUSTER
                } else {
                    0
                },
            maximal_access,
        );
        Outcome::Done(NtStatus::SUCCESS, body)
    }

    /// IOCTLs answered from connection state; the rest go to the file handlers.
    pub(super) fn ioctl(&mut self, ctx: &Ctx) -> Outcome {
        let Ok(req) = msg::IoctlRequest::parse(ctx.msg) else {
            return Outcome::Fail(NtStatus::INVALID_PARAMETER);
        };
        match req.ctl_code {
            msg::fsctl::VALIDATE_NEGOTIATE_INFO => self.validate_negotiate(&req),
            msg::fsctl::QUERY_NETWORK_INTERFACE_INFO => {
                // Not about a file: the FileId must be all ones (Windows, Samba).
                if req.file_id.persistent != u64::MAX || req.file_id.volatile != u64::MAX {
                    return Outcome::Fail(NtStatus::INVALID_PARAMETER);
                }
                let out = ops::interface_info(&self.server.cfg.interfaces);
                if out.len() > req.max_output_response as usize {
                    return Outcome::Fail(NtStatus::BUFFER_TOO_SMALL);
                }
                let mut body = Vec::new();
                msg::encode_ioctl_response(&mut body, req.ctl_code, req.file_id, &out);
                Outcome::Done(NtStatus::SUCCESS, body)
            }
            _ => ops::dispatch(
                &self.server,
                ctx,
                self.max_read,
                self.max_write,
                self.max_transact,
            ),
        }
    }

    /// MS-SMB2 3.3.5.15.12: the client repeats what it negotiated; any mismatch means a
    /// downgrade attack, and the connection is dropped (we answer, then the caller closes).
    fn validate_negotiate(&mut self, req: &msg::IoctlRequest) -> Outcome {
        if self.dialect == dialect::SMB311 {
            return Outcome::Fail(NtStatus::FILE_CLOSED);
        }
        let Ok(v) = msg::fsctl::ValidateNegotiateInfo::parse(req.input) else {
            return Outcome::Fail(NtStatus::INVALID_PARAMETER);
        };
        // A connection that reached 2.0.2 through an SMB1 NEGOTIATE never told us its
        // SMB2 capabilities, GUID or security mode: its dialect is what can be checked.
        let via_smb1 = self.client_dialects.is_empty() && self.dialect == dialect::SMB202;
        let agrees = if via_smb1 {
            v.dialects.contains(&dialect::SMB202)
        } else {
            v.capabilities == self.client_caps
                && v.guid == self.client_guid
                && v.security_mode == self.client_security_mode
                && v.dialects == self.client_dialects
        };
        if !agrees {
            self.dialect = dialect::WILDCARD; // any further request disconnects
            return Outcome::Fail(NtStatus::ACCESS_DENIED);
        }
        let mut out = Vec::with_capacity(24);
        msg::fsctl::encode_validate_negotiate_response(
            &mut out,
            self.server_caps,
            &self.server.cfg.server_guid,
            self.server_security_mode,
            self.dialect,
        );
        let mut body = Vec::new();
        msg::encode_ioctl_response(&mut body, req.ctl_code, req.file_id, &out);
        Outcome::Done(NtStatus::SUCCESS, body)
    }
}

/// MS-SMB2 2.2.10 ShareCapabilities: SHARE_CAP_CONTINUOUS_AVAILABILITY.
const SHARE_CAP_CONTINUOUS_AVAILABILITY: u32 = 0x10;
/// MS-SMB2 2.2.10 ShareCapabilities: SHARE_CAP_SCALEOUT (served by every node of a
/// cluster at once).
const SHARE_CAP_SCALEOUT: u32 = 0x20;
/// MS-SMB2 2.2.10 ShareCapabilities: SHARE_CAP_CLUSTER (the share is served by a
/// cluster with a Witness service).
const SHARE_CAP_CLUSTER: u32 = 0x40;
/// MS-SMB2 2.2.10 ShareFlags: SMB2_SHAREFLAG_ACCESS_BASED_DIRECTORY_ENUM.
const SHAREFLAG_ACCESS_BASED_DIRECTORY_ENUM: u32 = 0x800;
/// MS-SMB2 2.2.10 ShareCapabilities: SHARE_CAP_DFS.
const SHARE_CAP_DFS: u32 = 0x8;
/// MS-SMB2 2.2.10 ShareFlags: SMB2_SHAREFLAG_DFS, SMB2_SHAREFLAG_DFS_ROOT.
const SHAREFLAG_DFS: u32 = 0x1;
const SHAREFLAG_DFS_ROOT: u32 = 0x2;
