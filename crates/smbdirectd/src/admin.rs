//! The local admin socket (`[server] admin_socket`, default `<state_dir>/admin.sock`)
//! and the commands that use it: `smbdirectd status [--json]` (as `smbstatus`),
//! `smbdirectd close-file ID`, `smbdirectd logoff SESSION`. Only root, the node's own
//! user and members of `[server] admin_group` may connect: the socket is 0660 in that
//! group, and each peer's credentials (SO_PEERCRED) are checked again.
//!
//! One request a connection, one line: `status`, `close-file ID` or `logoff ID`; one
//! JSON answer, then the node closes it. Requests are served on their own thread, one
//! at a time, with a read deadline: a stuck admin client holds nothing else.

use anyhow::{bail, Context, Result};
use serde_json::{json, Value};
use smb_server::admin::{OpenInfo, SessionInfo, Status};
use smb_server::Server;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Who may use the socket besides root and the node's own user.
fn group_id(name: &str) -> Result<u32> {
    if let Ok(n) = name.parse::<u32>() {
        return Ok(n);
    }
    let c = std::ffi::CString::new(name)?;
    // SAFETY: getgrnam returns a pointer into static storage or null; read at once, on
    // the thread that starts the node (before any other calls it).
    let g = unsafe { libc::getgrnam(c.as_ptr()) };
    if g.is_null() {
        bail!("server.admin_group: no group {name:?}");
    }
    // SAFETY: non-null, as getgrnam returned it.
    Ok(unsafe { (*g).gr_gid })
}

/// The peer's uid, gid and supplementary groups.
fn peer(s: &UnixStream) -> Option<(u32, u32, Vec<u32>)> {
    use std::os::fd::AsRawFd;
    let mut cred = libc::ucred {
        pid: 0,
        uid: 0,
        gid: 0,
    };
    let mut len = std::mem::size_of::<libc::ucred>() as libc::socklen_t;
    // SAFETY: a valid socket and an out buffer of the size given.
    let rc = unsafe {
        libc::getsockopt(
            s.as_raw_fd(),
            libc::SOL_SOCKET,
            libc::SO_PEERCRED,
            (&mut cred as *mut libc::ucred).cast(),
            &mut len,
        )
    };
    if rc != 0 {
        return None;
    }
    let groups = std::fs::read_to_string(format!("/proc/{}/status", cred.pid))
        .ok()
        .and_then(|t| {
            t.lines().find_map(|l| l.strip_prefix("Groups:")).map(|g| {
                g.split_whitespace()
                    .filter_map(|x| x.parse().ok())
                    .collect()
            })
        })
        .unwrap_or_default();
    Some((cred.uid, cred.gid, groups))
}

/// The node's admin socket, as `cfg` says. Without it the node still serves (only
/// `smbdirectd status` and its kin cannot reach it): that is logged; a group that does
/// not exist is a configuration error.
pub fn start(
    cfg: &crate::config::Config,
    server: &Arc<Server>,
    stop: &Arc<AtomicBool>,
) -> Result<()> {
    let path = socket_path(cfg);
    let group = cfg.server.admin_group.as_deref();
    if let Some(g) = group {
        group_id(g)?;
    }
    if let Err(e) = serve(&path, group, server.clone(), stop.clone()) {
        tracing::warn!(socket = %path.display(), "no admin socket: {e:#}");
    }
    Ok(())
}

/// Listens on `path` and serves requests until `stop`.
pub fn serve(
    path: &Path,
    group: Option<&str>,
    server: Arc<Server>,
    stop: Arc<AtomicBool>,
) -> Result<()> {
    let gid = group.map(group_id).transpose()?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    // A socket left by a node that did not stop cleanly.
    let _ = std::fs::remove_file(path);
    let l = UnixListener::bind(path).with_context(|| format!("admin socket {}", path.display()))?;
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o660))?;
        if let Some(g) = gid {
            std::os::unix::fs::chown(path, None, Some(g))
                .with_context(|| format!("giving {} to group {g}", path.display()))?;
        }
    }
    l.set_nonblocking(true)?;
    // SAFETY: geteuid has no preconditions.
    let me = unsafe { libc::geteuid() };
    let p = path.to_path_buf();
    std::thread::Builder::new()
        .name("smbd-admin".into())
        .spawn(move || {
            while !stop.load(Ordering::Acquire) {
                match l.accept() {
                    Ok((s, _)) => {
                        let allowed = peer(&s).is_some_and(|(uid, pgid, groups)| {
                            uid == 0
                                || uid == me
                                || gid.is_some_and(|g| pgid == g || groups.contains(&g))
                        });
                        if allowed {
                            answer(s, &server);
                        } else {
                            tracing::warn!(target: "audit", "admin socket: a caller that is not an administrator was refused");
                        }
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                        use std::os::fd::AsRawFd;
                        crate::fd_wait::readable(&[l.as_raw_fd()], 200);
                    }
                    Err(e) => {
                        tracing::warn!("admin socket: {e}");
                        std::thread::sleep(Duration::from_millis(50));
                    }
                }
            }
            let _ = std::fs::remove_file(&p);
        })?;
    Ok(())
}

/// Reads one request (bounded: 256 bytes, 5 s) and writes its answer.
fn answer(s: UnixStream, server: &Server) {
    let _ = s.set_nonblocking(false);
    let _ = s.set_read_timeout(Some(Duration::from_secs(5)));
    let _ = s.set_write_timeout(Some(Duration::from_secs(5)));
    let mut line = String::new();
    if BufReader::new((&s).take(256)).read_line(&mut line).is_err() {
        return;
    }
    let mut w = line.split_whitespace();
    let now = crate::clock::engine_now();
    let reply = match (w.next(), w.next().map(str::parse::<u64>)) {
        (Some("status"), None) => status_json(&smb_server::admin::status(server, now)),
        (Some("close-file"), Some(Ok(id))) => done(smb_server::admin::close_file(server, id, now)),
        (Some("logoff"), Some(Ok(id))) => done(smb_server::admin::logoff(server, id, now)),
        (Some("reload"), None) => reload(),
        (Some("drain"), _) => drain(line.split_whitespace().nth(1)),
        (Some("move-share"), _) => move_share(line.trim_end_matches(['\r', '\n'])),
        _ => json!({ "error": format!("unknown request {:?}", line.trim()) }),
    };
    let _ = (&s).write_all(format!("{reply}\n").as_bytes());
}

/// `smbdirectd drain`: Witness tells the node's clients to move (to `to`, or to another
/// node that is alive).
fn drain(to: Option<&str>) -> Value {
    let to = match to.map(str::parse::<std::net::IpAddr>).transpose() {
        Ok(t) => t,
        Err(_) => return json!({ "error": "drain: not an IP address" }),
    };
    match crate::witness::drain_node(to) {
        Ok(ip) => json!({ "drained_to": ip.to_string() }),
        Err(e) => json!({ "error": e }),
    }
}

/// `smbdirectd move-share`: `move-share TO SHARE` (TO an address, `-` for another node
/// that is alive, or `clear`; the share's name the rest of the line): Witness tells the
/// share's clients here to move (or no longer).
fn move_share(line: &str) -> Value {
    let mut f = line.splitn(3, ' ').skip(1);
    let (Some(to), Some(share)) = (f.next(), f.next()) else {
        return json!({ "error": "move-share: TO SHARE" });
    };
    let to = match to {
        "clear" => {
            return match crate::witness::clear_share_move_of_node(share) {
                Ok(()) => json!({ "share": share, "cleared": true }),
                Err(e) => json!({ "error": e }),
            }
        }
        "-" => None,
        ip => match ip.parse::<std::net::IpAddr>() {
            Ok(ip) => Some(ip),
            Err(_) => return json!({ "error": "move-share: not an IP address" }),
        },
    };
    match crate::witness::move_share_of_node(share, to) {
        Ok((share, ip)) => json!({ "share": share, "moved_to": ip.to_string() }),
        Err(e) => json!({ "error": e }),
    }
}

/// Reloads finished (SIGHUP or `smbdirectd reload`), and how the last went.
pub static RELOADS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
pub static RELOAD_FAILED: AtomicBool = AtomicBool::new(false);
/// The process reloads on SIGHUP (`smbdirectd serve` set its handler up).
pub static RELOAD_ON_SIGHUP: AtomicBool = AtomicBool::new(false);

/// `smbdirectd reload`: the node's own SIGHUP (the serve loop reloads), answered once it
/// has (within 25 s: the caller waits 30).
fn reload() -> Value {
    if !RELOAD_ON_SIGHUP.load(Ordering::Acquire) {
        return json!({ "error": "this process does not reload (not `smbdirectd serve`)" });
    }
    let before = RELOADS.load(Ordering::Acquire);
    if let Err(e) = signal_hook::low_level::raise(signal_hook::consts::SIGHUP) {
        return json!({ "error": format!("raising SIGHUP: {e}") });
    }
    let until = crate::clock::now() + Duration::from_secs(25);
    while RELOADS.load(Ordering::Acquire) == before {
        if crate::clock::now() > until {
            return json!({ "error": "the reload did not finish within 25 s" });
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    match RELOAD_FAILED.load(Ordering::Acquire) {
        false => json!({ "ok": true }),
        true => {
            json!({ "error": "the configuration did not load: the running one stays (see the log)" })
        }
    }
}

fn done(r: Result<(), smb_wire::NtStatus>) -> Value {
    match r {
        Ok(()) => json!({ "ok": true }),
        Err(st) => json!({ "error": format!("{st}") }),
    }
}

fn dialect(d: u16) -> String {
    format!("{}.{}.{}", d >> 8, (d >> 4) & 0xF, d & 0xF)
        .trim_end_matches(".0")
        .to_string()
}

fn session_json(s: &SessionInfo) -> Value {
    json!({
        "id": s.id,
        "user": if s.domain.is_empty() { s.user.clone() } else { format!("{}\\{}", s.domain, s.user) },
        "guest": s.guest,
        "anonymous": s.anonymous,
        "authentication": if s.kerberos { "kerberos" } else if s.guest || s.anonymous { "none" } else { "ntlm" },
        "dialect": dialect(s.dialect),
        "signing": s.signing,
        "encryption": s.encrypted,
        "channels": s.channels.iter().map(|(peer, rdma)| json!({
            "client": peer, "transport": if *rdma { "rdma" } else { "tcp" } })).collect::<Vec<_>>(),
        "trees": s.trees.iter().map(|(id, share)| json!({ "id": id, "share": share })).collect::<Vec<_>>(),
        "opens": s.opens,
        "connected_seconds": s.connected_seconds,
        "idle_seconds": s.idle_seconds,
    })
}

fn open_json(o: &OpenInfo) -> Value {
    json!({
        "id": o.id,
        "session": o.session,
        "user": o.user,
        "share": o.share,
        "path": o.path,
        "directory": o.directory,
        "access": format!("{:#010x}", o.access),
        "share_access": share_letters(o.share_access),
        "caching": o.caching,
        "durable": o.durable,
        "disconnected": o.disconnected,
        "locks": o.locks.iter().map(|(off, len, x)| json!({
            "offset": off, "length": len, "exclusive": x })).collect::<Vec<_>>(),
        "shared_disk": o.shared_disk,
    })
}

/// FILE_SHARE_READ/WRITE/DELETE as R, W, D ("-" for none).
fn share_letters(s: u32) -> String {
    let v: String = [(1, 'R'), (2, 'W'), (4, 'D')]
        .iter()
        .filter(|(b, _)| s & b != 0)
        .map(|(_, c)| c)
        .collect();
    if v.is_empty() {
        "-".into()
    } else {
        v
    }
}

fn status_json(st: &Status) -> Value {
    json!({
        "sessions": st.sessions.iter().map(session_json).collect::<Vec<_>>(),
        "open_files": st.opens.iter().map(open_json).collect::<Vec<_>>(),
        "shared_disks": st.disks.iter().map(|d| json!({
            "disk": d.disk,
            "id": d.id,
            "generation": d.generation,
            "registrants": d.registrants.iter().map(|(i, k)| json!({
                "initiator": i, "key": format!("{k:#x}") })).collect::<Vec<_>>(),
            "reservation": d.reservation.as_ref().map(|(h, t)| json!({
                "holder": h, "type": reservation_type(*t) })),
        })).collect::<Vec<_>>(),
        "qos_flows": st.flows.iter().map(|f| json!({
            "id": f.id, "policy": f.policy, "initiator": f.initiator, "node": f.node,
            "ios": f.ios, "bytes": f.bytes, "throttled_ms": f.throttled_ms,
        })).collect::<Vec<_>>(),
    })
}

/// SPC-3 reservation types, spelled out.
fn reservation_type(t: u8) -> String {
    match t {
        1 => "write exclusive".into(),
        3 => "exclusive access".into(),
        5 => "write exclusive, registrants only".into(),
        6 => "exclusive access, registrants only".into(),
        7 => "write exclusive, all registrants".into(),
        8 => "exclusive access, all registrants".into(),
        t => format!("type {t}"),
    }
}

/// The admin socket a configuration names.
pub fn socket_path(cfg: &crate::config::Config) -> PathBuf {
    cfg.server
        .admin_socket
        .clone()
        .unwrap_or_else(|| cfg.server.state_dir.join("admin.sock"))
}

/// Sends one request to the node at `socket` and returns its JSON answer.
pub fn request(socket: &Path, req: &str) -> Result<Value> {
    let mut s = UnixStream::connect(socket).with_context(|| {
        format!(
            "connecting to {} (is the node running, and are you root or in its admin_group?)",
            socket.display()
        )
    })?;
    s.set_read_timeout(Some(Duration::from_secs(30)))?;
    s.write_all(format!("{req}\n").as_bytes())?;
    let mut text = String::new();
    s.read_to_string(&mut text)?;
    if text.is_empty() {
        bail!("the node closed the admin socket without answering (not an administrator?)");
    }
    let v: Value = serde_json::from_str(&text).context("the node's answer")?;
    if let Some(e) = v.get("error").and_then(Value::as_str) {
        bail!("{e}");
    }
    Ok(v)
}

/// A field of an answer as text ("" when absent).
fn field(v: &Value, k: &str) -> String {
    match &v[k] {
        Value::String(t) => t.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// `smbdirectd status` as text, from its JSON.
pub fn render(v: &Value) -> String {
    let mut out = String::new();
    let s = field;
    let empty = Vec::new();
    let sessions = v["sessions"].as_array().unwrap_or(&empty);
    out += &format!(
        "Sessions\n{:<20} {:<24} {:<28} {:<7} {:<9} {:<7} {:<9} {:>5} {:>9} {:>9}\n",
        "ID",
        "User",
        "Client (transport)",
        "Dialect",
        "Auth",
        "Signing",
        "Encrypted",
        "Opens",
        "Connected",
        "Idle"
    );
    for x in sessions {
        let chans = x["channels"].as_array().unwrap_or(&empty);
        let first = chans
            .first()
            .map(|c| format!("{} ({})", s(c, "client"), s(c, "transport")))
            .unwrap_or_else(|| "-".into());
        out += &format!(
            "{:<20} {:<24} {:<28} {:<7} {:<9} {:<7} {:<9} {:>5} {:>8}s {:>8}s\n",
            s(x, "id"),
            s(x, "user"),
            first,
            s(x, "dialect"),
            s(x, "authentication"),
            if x["signing"] == true { "yes" } else { "no" },
            if x["encryption"] == true { "yes" } else { "no" },
            s(x, "opens"),
            s(x, "connected_seconds"),
            s(x, "idle_seconds")
        );
        for c in chans.iter().skip(1) {
            out += &format!(
                "{:<20} {:<24} {} ({})\n",
                "",
                "  + channel",
                s(c, "client"),
                s(c, "transport")
            );
        }
    }
    out += &format!(
        "\nTree connects\n{:<20} {:<6} {}\n",
        "Session", "Tree", "Share"
    );
    for x in sessions {
        for t in x["trees"].as_array().unwrap_or(&empty) {
            out += &format!("{:<20} {:<6} {}\n", s(x, "id"), s(t, "id"), s(t, "share"));
        }
    }
    out += &format!(
        "\nOpen files\n{:<20} {:<20} {:<16} {:<10} {:<10} {:<4} {:<10} {:<18} {}\n",
        "ID", "Session", "User", "Share", "Access", "Mode", "Caching", "Durable", "Path"
    );
    for o in v["open_files"].as_array().unwrap_or(&empty) {
        let mut durable = s(o, "durable");
        if o["disconnected"] == true {
            durable += " (waiting)";
        }
        if o["shared_disk"] == true {
            durable += " rsvd";
        }
        out += &format!(
            "{:<20} {:<20} {:<16} {:<10} {:<10} {:<4} {:<10} {:<18} {}\n",
            s(o, "id"),
            if o["disconnected"] == true {
                "-".into()
            } else {
                s(o, "session")
            },
            s(o, "user"),
            s(o, "share"),
            s(o, "access"),
            s(o, "share_access"),
            s(o, "caching"),
            durable,
            s(o, "path")
        );
        for l in o["locks"].as_array().unwrap_or(&empty) {
            out += &format!(
                "{:<20}   lock {} +{} {}\n",
                "",
                s(l, "offset"),
                s(l, "length"),
                if l["exclusive"] == true {
                    "exclusive"
                } else {
                    "shared"
                }
            );
        }
    }
    out += &render_disks_and_flows(v);
    out
}

/// The shared disks' reservations and the Storage QoS flows, as text.
fn render_disks_and_flows(v: &Value) -> String {
    let mut out = String::new();
    let s = field;
    let empty = Vec::new();
    let disks = v["shared_disks"].as_array().unwrap_or(&empty);
    if !disks.is_empty() {
        out += "\nShared disks (persistent reservations)\n";
    }
    for d in disks {
        let held = match d["reservation"].is_object() {
            true => format!(
                "reserved by {} ({})",
                s(&d["reservation"], "holder"),
                s(&d["reservation"], "type")
            ),
            false => "not reserved".into(),
        };
        out += &format!(
            "{}  generation {}  {held}\n",
            s(d, "disk"),
            s(d, "generation")
        );
        for r in d["registrants"].as_array().unwrap_or(&empty) {
            out += &format!("    registered {} key {}\n", s(r, "initiator"), s(r, "key"));
        }
    }
    let flows = v["qos_flows"].as_array().unwrap_or(&empty);
    if !flows.is_empty() {
        out += &format!(
            "\nStorage QoS flows\n{:<38} {:<38} {:<16} {:>10} {:>14} {:>10}\n",
            "Flow", "Policy", "Initiator", "I/Os", "Bytes", "Held ms"
        );
    }
    for f in flows {
        out += &format!(
            "{:<38} {:<38} {:<16} {:>10} {:>14} {:>10}\n",
            s(f, "id"),
            s(f, "policy"),
            s(f, "initiator"),
            s(f, "ios"),
            s(f, "bytes"),
            s(f, "throttled_ms")
        );
    }
    out
}
