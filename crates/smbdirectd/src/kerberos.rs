//! Kerberos for the daemon: MIT Kerberos' GSS-API (the `gss` crate) behind the
//! engine's acceptor, the start-time checks of the `[kerberos]` section, the machine
//! domain SID local users live under, and share permissions resolved to SIDs.

use crate::config::Config;
use anyhow::{bail, Context, Result};
use smb_server::config::{share_rights, ShareAce, Trustee};
use smb_wire::dcerpc::Account;
use std::path::Path;
use std::sync::Arc;

/// The Kerberos acceptor `[kerberos]` asks for, checked: the library loads, the keytab
/// is readable and holds a key for every configured principal. `None` without a keytab.
pub fn acceptor(cfg: &Config) -> Result<Option<smb_server::config::Kerberos>> {
    let k = &cfg.kerberos;
    let Some(keytab) = &k.keytab else {
        return Ok(None);
    };
    if let Some(conf) = &k.krb5_conf {
        if !conf.is_file() {
            bail!("kerberos.krb5_conf: {} is not a file", conf.display());
        }
        // MIT Kerberos reads its configuration from here when it first loads, which
        // is now (start-up, before any worker runs).
        std::env::set_var("KRB5_CONFIG", conf);
    }
    gss::available().map_err(|e| anyhow::anyhow!("kerberos: {e}"))?;
    std::fs::File::open(keytab)
        .with_context(|| format!("kerberos.keytab: cannot read {}", keytab.display()))?;
    let rcache = k
        .rcache
        .clone()
        .unwrap_or_else(|| cfg.server.state_dir.join("krb5.rcache"));
    // AES only, as Windows Server 2025 accepts by default; RC4-HMAC when configured.
    let mut enctypes = vec![
        gss::enctype::AES256_CTS_HMAC_SHA1_96,
        gss::enctype::AES128_CTS_HMAC_SHA1_96,
        gss::enctype::AES256_CTS_HMAC_SHA384_192,
        gss::enctype::AES128_CTS_HMAC_SHA256_128,
    ];
    if k.allow_rc4 {
        enctypes.push(gss::enctype::RC4_HMAC);
    }
    let store = gss::AcceptorStore {
        keytab: format!("FILE:{}", keytab.display()),
        rcache: Some(format!("file2:{}", rcache.display())),
        enctypes: Some(enctypes),
    };
    for p in principals(cfg) {
        gss::Acceptor::check_principal(&store, &p).map_err(|e| {
            anyhow::anyhow!(
                "kerberos: keytab {} has no usable key for {p}: {e}",
                keytab.display()
            )
        })?;
    }
    tracing::info!(keytab = %keytab.display(), realm = %k.realm, principals = ?principals(cfg),
        "Kerberos logons accepted");
    Ok(Some(smb_server::config::Kerberos(Arc::new(gss::Factory {
        store,
    }))))
}

/// The service principals to check: configured, or `cifs/<name>.<realm>@REALM`.
fn principals(cfg: &Config) -> Vec<String> {
    let k = &cfg.kerberos;
    if !k.principals.is_empty() || k.realm.is_empty() {
        return k.principals.clone();
    }
    vec![format!(
        "cifs/{}.{}@{}",
        cfg.server.netbios_name.to_lowercase(),
        k.realm.to_lowercase(),
        k.realm.to_uppercase()
    )]
}

/// The node's machine domain SID (S-1-5-21-x-y-z), made once and kept in the state
/// directory: local users' SIDs live under it, so stored descriptors keep meaning
/// the same users across restarts.
pub fn machine_sid(state_dir: &Path) -> Result<Vec<u8>> {
    let path = state_dir.join("machine-sid");
    if let Ok(s) = std::fs::read_to_string(&path) {
        let s = s.trim();
        return smb_wire::secdesc::sid_from_str(s)
            .filter(|_| s.starts_with("S-1-5-21-"))
            .with_context(|| format!("{}: not a machine SID: {s:?}", path.display()));
    }
    // A state directory in use before machine SIDs were kept: its files' descriptors
    // name local users under the fixed domain those releases used; keep it.
    let used = std::fs::read_dir(state_dir)
        .with_context(|| format!("reading {}", state_dir.display()))?
        .next()
        .is_some();
    let text = if used {
        tracing::warn!(state_dir = %state_dir.display(),
            "keeping S-1-5-21-1-2-3 as the machine SID (the SIDs earlier releases gave local users); set security.machine_sid to choose");
        "S-1-5-21-1-2-3".to_string()
    } else {
        let mut r = [0u8; 12];
        getrandom::getrandom(&mut r).context("random machine SID")?;
        let n = |i: usize| u32::from_le_bytes([r[i], r[i + 1], r[i + 2], r[i + 3]]);
        format!("S-1-5-21-{}-{}-{}", n(0), n(4), n(8))
    };
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, format!("{text}\n"))
        .and_then(|_| std::fs::rename(&tmp, &path))
        .with_context(|| format!("writing {}", path.display()))?;
    tracing::info!(sid = %text, "made the machine domain SID for local users");
    Ok(smb_wire::secdesc::sid_from_str(&text).expect("well-formed"))
}

/// Turns the trustees of share access lists into SIDs: a SID as written, a name in
/// `[security.names]`, a local user, or else an account of the domain, looked up in
/// its directory when `kerberos.ldap_server` names one. A name nothing resolves stays a
/// name, matched against users' logon names (never a group's).
pub struct Resolver<'a> {
    cfg: &'a Config,
    local_domain: &'a [u8],
    local_users: Vec<String>,
    dir: Lookup,
    /// Accounts found in the directory: lsarpc names them both ways.
    pub found: Vec<Account>,
}

enum Lookup {
    None,
    Untried,
    Bound(Box<crate::ldap::Directory>),
    Failed,
}

impl<'a> Resolver<'a> {
    pub fn new(cfg: &'a Config, local_domain: &'a [u8], local_users: Vec<String>) -> Self {
        Resolver {
            cfg,
            local_domain,
            local_users,
            dir: if cfg.kerberos.ldap_server.is_some() {
                Lookup::Untried
            } else {
                Lookup::None
            },
            found: Vec::new(),
        }
    }

    /// One share permission, `TRUSTEE:RIGHTS` or `TRUSTEE:deny:RIGHTS`; rights `read`,
    /// `change`, `full` or a hexadecimal mask.
    pub fn share_ace(&mut self, entry: &str) -> Result<ShareAce> {
        let mut parts: Vec<&str> = entry.rsplitn(3, ':').collect();
        parts.reverse();
        let (who, allow, rights) = match parts.as_slice() {
            [who, "deny", r] => (*who, false, *r),
            [who, r] => (*who, true, *r),
            _ => bail!("share access {entry:?}: expected TRUSTEE:RIGHTS or TRUSTEE:deny:RIGHTS"),
        };
        let rights = match rights.to_ascii_lowercase().as_str() {
            "read" => share_rights::READ,
            "change" => share_rights::CHANGE,
            "full" => share_rights::FULL,
            r => u32::from_str_radix(r.trim_start_matches("0x"), 16)
                .ok()
                .filter(|m| *m != 0)
                .with_context(|| {
                    format!("share access {entry:?}: rights are read, change, full or a hex mask")
                })?,
        };
        Ok(ShareAce {
            trustee: self.trustee(who, allow)?,
            allow,
            rights,
        })
    }

    fn trustee(&mut self, who: &str, allow: bool) -> Result<Trustee> {
        let cfg = self.cfg;
        if who.starts_with("S-1-") {
            return smb_wire::secdesc::sid_from_str(who)
                .map(Trustee::Sid)
                .with_context(|| format!("share access: {who:?} is not a SID"));
        }
        if let Some((_, sid)) = cfg
            .security
            .names
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(who))
        {
            return smb_wire::secdesc::sid_from_str(sid)
                .map(Trustee::Sid)
                .with_context(|| format!("security.names: {who:?} = {sid:?} is not a SID"));
        }
        let (domain, name) = who.split_once('\\').unwrap_or(("", who));
        if name.is_empty() {
            bail!("share access: empty name in {who:?}");
        }
        // With a directory, `server.domain\\name` is the domain's account (a member
        // server's own users go by its NetBIOS name), never a local user of that name.
        let ldap = cfg.kerberos.ldap_server.is_some();
        let local = domain.is_empty()
            || domain.eq_ignore_ascii_case(&cfg.server.netbios_name)
            || (!ldap && domain.eq_ignore_ascii_case(&cfg.server.domain));
        if local
            && self
                .local_users
                .iter()
                .any(|u| u.eq_ignore_ascii_case(name))
        {
            return Ok(Trustee::Sid(smb_server::ops::security::local_user_sid(
                self.local_domain,
                name,
            )));
        }
        let realm = &cfg.kerberos.realm;
        let found = match self.directory() {
            Some(dir)
                if domain.is_empty()
                    || domain.eq_ignore_ascii_case(&dir.netbios)
                    || domain.eq_ignore_ascii_case(realm) =>
            {
                let netbios = dir.netbios.clone();
                match dir.account(name) {
                    Ok(Some(a)) => Some((netbios, a)),
                    Ok(None) => bail!("share access: no account {name:?} in the domain {netbios}"),
                    Err(e) => {
                        tracing::error!(error = %format!("{e:#}"), trustee = %who,
                            "the domain's directory failed a lookup; no more lookups until a restart");
                        self.dir = Lookup::Failed;
                        None
                    }
                }
            }
            _ => None,
        };
        if let Some((netbios, a)) = found {
            tracing::info!(trustee = %who, sid = %smb_wire::secdesc::sid_to_str(&a.sid),
                kind = ?a.kind, "share access: found in the directory");
            if !self.found.iter().any(|f| f.sid == a.sid) {
                self.found.push(Account {
                    domain: netbios,
                    domain_sid: smb_wire::secdesc::sid_parent(&a.sid),
                    name: a.name,
                    sid: a.sid.clone(),
                    kind: a.kind,
                });
            }
            return Ok(Trustee::Sid(a.sid));
        }
        // A name left unresolved matches only a user logging on by that name: an allow
        // then grants less than meant, but a deny would stop denying a group's members.
        if !allow {
            bail!(
                "share access: the deny entry for {who:?} needs its SID: give it in [security.names]{}",
                if ldap { " (the directory could not be asked)" } else { " or set kerberos.ldap_server" }
            );
        }
        tracing::warn!(trustee = %who,
            "share access: no SID known for this name (add it to [security.names], or set kerberos.ldap_server); it matches a user of that name, never a group");
        Ok(Trustee::Name {
            domain: domain.to_string(),
            name: name.to_string(),
        })
    }

    /// The directory, bound on first use; None when none is configured or it cannot
    /// be reached (said once, and the node starts without it).
    fn directory(&mut self) -> Option<&mut crate::ldap::Directory> {
        if let Lookup::Untried = self.dir {
            self.dir = match self.bind() {
                Ok(d) => {
                    tracing::info!(domain = %d.netbios, base = %d.base,
                        "directory bound for name lookups");
                    Lookup::Bound(Box::new(d))
                }
                Err(e) => {
                    tracing::error!(error = %format!("{e:#}"),
                        "the domain's directory cannot be reached: share access names that need it match logon names only until a restart");
                    Lookup::Failed
                }
            };
        }
        match &mut self.dir {
            Lookup::Bound(d) => Some(d),
            _ => None,
        }
    }

    fn bind(&self) -> Result<crate::ldap::Directory> {
        let k = &self.cfg.kerberos;
        let host = k.ldap_server.as_deref().context("no ldap_server")?;
        let address = k
            .ldap_address
            .clone()
            .unwrap_or_else(|| format!("{host}:389"));
        let keytab = k.keytab.as_ref().context("no keytab")?;
        let account = k
            .machine_account
            .clone()
            .unwrap_or_else(|| format!("{}$", self.cfg.server.netbios_name.to_uppercase()));
        let principal = if account.contains('@') {
            account
        } else {
            format!("{account}@{}", k.realm.to_uppercase())
        };
        crate::ldap::Directory::connect(&crate::ldap::Binding {
            address: &address,
            host,
            realm: &k.realm,
            keytab: &keytab.display().to_string(),
            principal: &principal,
            timeout: std::time::Duration::from_secs(10),
        })
    }
}
