//! CREATE on the IPC$ share: named pipes (srvsvc, lsarpc, samr, wkssvc) and what they answer
//! from: the share list, the node's names and the accounts it knows.

use super::*;
use smb_wire::dcerpc::{
    Account, ConnectionEntry, FileEntry, PrimaryDomain, RpcContext, SessionEntry, SidType,
};

pub(super) fn create_pipe(server: &Arc<Server>, ctx: &Ctx, req: &msg::CreateRequest) -> Outcome {
    let name = smb_wire::codec::utf16_to_string(req.name).unwrap_or_default();
    let name = name.trim_start_matches('\\');
    let name = name.strip_prefix("PIPE\\").unwrap_or(name);
    let Some(iface) = smb_wire::dcerpc::Iface::of_pipe(name) else {
        return Fail(NtStatus::OBJECT_NAME_NOT_FOUND);
    };
    let s = session(ctx);
    let tree = ctx.tree.as_ref().expect("tree");
    let file_id = FileId {
        persistent: server.new_id(),
        volatile: server.new_id(),
    };
    let open = Arc::new(Open::from(NewOpen {
        file_id,
        tree_id: tree.id,
        session_id: s.id,
        share: None,
        path: SharePath::root(),
        stream: None,
        kind: OpenKind::Pipe(Mutex::new(RpcPipe::new(iface))),
        granted_access: map_generic(req.desired_access, access::FILE_ALL_ACCESS),
        share_access: req.share_access,
        is_directory: false,
        create_options: req.options,
        file: None,
        delete_on_close: false,
        durable: None,
        // (A pipe holds no descriptor: counted among the opens, weighing nothing.)
        slot: server
            .budget
            .take(&format!("{}\\{}", s.domain, s.user), 0)
            .ok(),
        replay_key: None,
        create_action: CreateAction::Opened as u32,
        channel_sequence: 0,
        svhdx: None,
    }));
    s.opens.lock().insert(file_id.volatile, open);
    let info = msg::NetworkOpenInfo {
        attributes: attrs::NORMAL,
        allocation_size: 4096,
        ..Default::default()
    };
    let mut body = Vec::new();
    msg::encode_create_response(&mut body, 0, 1, &info, file_id, &[]);
    Outcome::Created(NtStatus::SUCCESS, body, file_id)
}

pub(super) fn share_entries(server: &Server) -> Vec<ShareEntry> {
    let mut v: Vec<ShareEntry> = server
        .shares()
        .iter()
        .map(|s| ShareEntry {
            name: s.name.clone(),
            share_type: STYPE_DISKTREE,
            comment: s.comment.clone(),
            path: format!("C:\\{}", s.name),
        })
        .collect();
    v.push(ShareEntry {
        name: "IPC$".into(),
        share_type: STYPE_IPC_SPECIAL,
        comment: "IPC Service".into(),
        path: String::new(),
    });
    v
}

/// What a pipe request answers from: the server, and the session asking.
pub(super) struct PipeCtx<'a> {
    server: &'a Server,
    session: Option<&'a Arc<Session>>,
    /// When the request came.
    now: crate::clock::Now,
    /// The accounts the server knows, gathered once per request.
    accounts: std::cell::OnceCell<Vec<Account>>,
    /// The primary domain, worked out once per request.
    primary: std::cell::OnceCell<Option<PrimaryDomain>>,
}

impl<'a> PipeCtx<'a> {
    pub(super) fn of(ctx: &'a Ctx) -> PipeCtx<'a> {
        PipeCtx {
            server: ctx.server,
            session: ctx.session,
            now: ctx.now,
            accounts: Default::default(),
            primary: Default::default(),
        }
    }

    fn machine(&self) -> (String, Vec<u8>) {
        (
            self.server.cfg.netbios_name.clone(),
            self.server.cfg.local_domain_sid.clone(),
        )
    }

    /// Every account the server knows, for a lookup either way (bounded by its users,
    /// its configured names and its sessions; gathered once per request).
    fn accounts(&self) -> &[Account] {
        self.accounts.get_or_init(|| self.gather())
    }

    fn gather(&self) -> Vec<Account> {
        let (machine, machine_sid) = self.machine();
        let mut v = Vec::new();
        let local = |name: String, sid: Vec<u8>, kind: SidType| Account {
            domain: machine.clone(),
            domain_sid: machine_sid.clone(),
            name,
            sid,
            kind,
        };
        for u in self.server.users.read().names() {
            let sid = security::local_user_sid(&machine_sid, &u);
            v.push(local(u, sid, SidType::User));
        }
        // A standalone Windows server's local users' primary group.
        v.push(local(
            "None".into(),
            smb_auth::pac::sid_with_rid(&machine_sid, 513),
            SidType::Group,
        ));
        // Kerberos users seen logged on: their names are the PAC's.
        for s in self.server.sessions.values_cloned() {
            let logon = s.logon.lock();
            if !logon.kerberos {
                continue;
            }
            if let Some(sid) = logon.sids.first() {
                if !v.iter().any(|a| a.sid == *sid) {
                    v.push(Account {
                        domain: s.domain.clone(),
                        domain_sid: secdesc::sid_parent(sid),
                        name: s.user.clone(),
                        sid: sid.clone(),
                        kind: SidType::User,
                    });
                }
            }
        }
        // Accounts the directory named, with their kinds.
        for a in &self.server.cfg.directory_accounts {
            if !v.iter().any(|x| x.sid == a.sid) {
                v.push(a.clone());
            }
        }
        // Names the configuration gives: groups, unless a logon showed a user.
        for (full, sid) in &self.server.cfg.sid_names {
            if v.iter().any(|a| a.sid == *sid) {
                continue;
            }
            let (domain, name) = full.split_once('\\').unwrap_or(("", full));
            v.push(Account {
                domain: domain.to_string(),
                domain_sid: secdesc::sid_parent(sid),
                name: name.to_string(),
                sid: sid.clone(),
                kind: SidType::Group,
            });
        }
        v
    }
}

impl RpcContext for PipeCtx<'_> {
    fn shares(&self) -> Vec<ShareEntry> {
        share_entries(self.server)
    }

    fn server_name(&self) -> String {
        self.server.cfg.netbios_name.clone()
    }

    fn account_domain(&self) -> (String, Vec<u8>) {
        self.machine()
    }

    fn primary_domain(&self) -> Option<PrimaryDomain> {
        self.primary.get_or_init(|| self.find_primary()).clone()
    }

    fn caller(&self) -> (String, String) {
        self.session
            .map(|s| (s.user.clone(), s.domain.clone()))
            .unwrap_or_default()
    }

    fn anonymous(&self) -> bool {
        self.session.is_none_or(|s| s.anonymous)
    }

    fn sid_to_account(&self, sid: &[u8]) -> Option<Account> {
        self.accounts().iter().find(|a| a.sid == sid).cloned()
    }

    fn name_to_account(&self, domain: Option<&str>, name: &str) -> Option<Account> {
        self.accounts()
            .iter()
            .find(|a| {
                a.name.eq_ignore_ascii_case(name)
                    && domain.is_none_or(|d| a.domain.eq_ignore_ascii_case(d))
            })
            .cloned()
    }

    /// The configured administrators (`[security] administrators`), BUILTIN\Administrators,
    /// and the Domain Admins of a domain user's domain (a member server makes them local
    /// administrators).
    fn is_admin(&self) -> bool {
        let Some(s) = self.session else { return false };
        if s.anonymous || s.guest {
            return false;
        }
        let logon = s.logon.lock();
        let names = logon
            .kerberos
            .then_some((s.domain.as_str(), s.user.as_str()));
        if crate::config::share_granted(&self.server.cfg.administrators, &logon.sids, names) != 0 {
            return true;
        }
        let builtin = secdesc::sid_from_str("S-1-5-32-544");
        let domain_admins = logon
            .kerberos
            .then(|| logon.sids.first())
            .flatten()
            .map(|u| smb_auth::pac::sid_with_rid(&secdesc::sid_parent(u), 512));
        logon
            .sids
            .iter()
            .any(|x| Some(x) == builtin.as_ref() || Some(x) == domain_admins.as_ref())
    }

    fn sessions(&self) -> Vec<SessionEntry> {
        self.snapshot()
            .sessions
            .into_iter()
            .map(|x| SessionEntry {
                client: x.channels.first().map(|c| c.0.clone()).unwrap_or_default(),
                user: if x.domain.is_empty() {
                    x.user
                } else {
                    format!("{}\\{}", x.domain, x.user)
                },
                opens: x.opens as u32,
                seconds: x.connected_seconds.min(u64::from(u32::MAX)) as u32,
                idle_seconds: x.idle_seconds.min(u64::from(u32::MAX)) as u32,
                guest: x.guest,
                transport: match x.channels.first() {
                    Some((_, true)) => "rdma".into(),
                    _ => "tcp".into(),
                },
            })
            .collect()
    }

    fn files(&self) -> Vec<FileEntry> {
        self.snapshot()
            .opens
            .into_iter()
            .filter(|o| o.share != "IPC$")
            .map(|o| {
                let mut perms = 0;
                if o.access & access::FILE_READ_DATA != 0 {
                    perms |= 1;
                }
                if o.access & (access::FILE_WRITE_DATA | access::FILE_APPEND_DATA) != 0 {
                    perms |= 2;
                }
                FileEntry {
                    id: o.id as u32,
                    permissions: perms,
                    locks: o.locks.len() as u32,
                    path: format!("C:\\{}\\{}", o.share, o.path),
                    user: o.user,
                }
            })
            .collect()
    }

    fn connections(&self) -> Vec<ConnectionEntry> {
        let st = self.snapshot();
        let mut v = Vec::new();
        for x in &st.sessions {
            for (tree, share) in &x.trees {
                v.push(ConnectionEntry {
                    id: *tree,
                    share: share.clone(),
                    client: x.channels.first().map(|c| c.0.clone()).unwrap_or_default(),
                    user: x.user.clone(),
                    opens: st
                        .opens
                        .iter()
                        .filter(|o| o.session == x.id && o.share == *share)
                        .count() as u32,
                    ipc: share == "IPC$",
                });
            }
        }
        v
    }

    fn close_file(&self, id: u32) -> bool {
        let st = self.snapshot();
        let Some(o) = st
            .opens
            .iter()
            .find(|o| o.id as u32 == id && o.share != "IPC$")
        else {
            return false;
        };
        tracing::info!(target: "audit", file = o.id, by = %self.caller().0, "NetFileClose");
        super::admin::close_file(self.server, o.id, self.now).is_ok()
    }

    fn add_share(&self, name: &str, path: &str, comment: &str) -> u32 {
        self.share_admin("NetShareAdd", name, |a| a.add(name, path, comment))
    }

    fn delete_share(&self, name: &str) -> u32 {
        self.share_admin("NetShareDel", name, |a| a.delete(name))
    }

    fn set_share_comment(&self, name: &str, comment: &str) -> u32 {
        self.share_admin("NetShareSetInfo", name, |a| a.set_comment(name, comment))
    }

    fn local_accounts(&self) -> Vec<Account> {
        let machine_sid = &self.server.cfg.local_domain_sid;
        self.accounts()
            .iter()
            .filter(|a| a.domain_sid == *machine_sid)
            .cloned()
            .collect()
    }

    /// Administrators: the configured administrators (those named by SID, or local users
    /// by name); Users: every local user and Authenticated Users, as on Windows.
    fn alias_members(&self, rid: u32) -> Vec<Vec<u8>> {
        let (machine, machine_sid) = self.machine();
        let local = |name: &str| {
            self.server
                .users
                .read()
                .names()
                .into_iter()
                .find(|u| u.eq_ignore_ascii_case(name))
                .map(|u| security::local_user_sid(&machine_sid, &u))
        };
        match rid {
            544 => self
                .server
                .cfg
                .administrators
                .iter()
                .filter(|a| a.allow)
                .filter_map(|a| match &a.trustee {
                    crate::config::Trustee::Sid(s) => Some(s.clone()),
                    crate::config::Trustee::Name { domain, name } => (domain.is_empty()
                        || domain.eq_ignore_ascii_case(&machine))
                    .then(|| local(name))
                    .flatten(),
                })
                .collect(),
            545 => {
                let mut v: Vec<Vec<u8>> = self
                    .server
                    .users
                    .read()
                    .names()
                    .iter()
                    .map(|u| security::local_user_sid(&machine_sid, u))
                    .collect();
                v.extend(secdesc::sid_from_str("S-1-5-11"));
                v
            }
            _ => Vec::new(),
        }
    }

    fn end_sessions(&self, client: Option<&str>, user: Option<&str>) -> usize {
        let me = self.session.map(|s| s.id);
        let mut n = 0;
        for x in self.snapshot().sessions {
            let from = x.channels.iter().any(|(peer, _)| {
                client.is_none_or(|c| {
                    peer.eq_ignore_ascii_case(c) || peer.split(':').next() == Some(c)
                })
            });
            let whose = user.is_none_or(|u| {
                x.user
                    .eq_ignore_ascii_case(u.rsplit('\\').next().unwrap_or(u))
            });
            // (The caller's own session stays: it is answering this call.)
            if from && whose && Some(x.id) != me {
                tracing::info!(target: "audit", session = x.id, by = %self.caller().0, "NetSessionDel");
                n += usize::from(super::admin::logoff(self.server, x.id, self.now).is_ok());
            }
        }
        n
    }
}

impl PipeCtx<'_> {
    /// A share change by an administrator (srvsvc checked), through the daemon's
    /// [`crate::state::ShareAdmin`]; audited.
    fn share_admin(
        &self,
        what: &str,
        share: &str,
        f: impl FnOnce(&dyn crate::state::ShareAdmin) -> u32,
    ) -> u32 {
        let Some(a) = self.server.share_admin.get() else {
            return 50; // ERROR_NOT_SUPPORTED
        };
        let werr = f(a.as_ref());
        tracing::info!(target: "audit", share, by = %self.caller().0, werr, "{what}");
        werr
    }

    /// The node as NetrSessionEnum, NetrFileEnum and NetrConnectionEnum show it.
    fn snapshot(&self) -> super::admin::Status {
        super::admin::status(self.server, self.now)
    }

    fn find_primary(&self) -> Option<PrimaryDomain> {
        self.server.cfg.kerberos.as_ref()?;
        let cfg = &self.server.cfg;
        // The domain's SID, as a logged-on domain user's PAC shows it.
        let sid = self.server.sessions.values_cloned().iter().find_map(|s| {
            let logon = s.logon.lock();
            let user = logon.sids.first()?;
            (logon.kerberos && s.domain.eq_ignore_ascii_case(&cfg.domain))
                .then(|| secdesc::sid_parent(user))
        });
        Some((cfg.domain.clone(), cfg.dns_domain.clone(), sid))
    }
}
