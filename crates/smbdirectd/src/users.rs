//! `smbdirectd user add|del|list`: the users file (NT hashes, mode 0600). Passwords come
//! from a prompt or standard input, never from the command line.

use anyhow::{bail, Context, Result};
use smb_auth::users::UserDb;
use std::io::{BufRead, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

pub fn load(path: &Path) -> Result<UserDb> {
    match std::fs::read_to_string(path) {
        Ok(text) => UserDb::parse(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(UserDb::new()),
        Err(e) => Err(e).with_context(|| format!("reading {}", path.display())),
    }
}

/// Writes the file atomically with mode 0600.
pub fn save(path: &Path, db: &UserDb) -> Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let tmp = path.with_extension("tmp");
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(&tmp)
        .with_context(|| format!("writing {}", tmp.display()))?;
    f.write_all(db.to_text().as_bytes())?;
    f.sync_all()?;
    std::fs::rename(&tmp, path).with_context(|| format!("replacing {}", path.display()))?;
    Ok(())
}

pub fn read_password(from_stdin: bool) -> Result<String> {
    let pw = if from_stdin {
        let mut line = String::new();
        std::io::stdin().lock().read_line(&mut line)?;
        line.trim_end_matches(['\r', '\n']).to_string()
    } else {
        let a = rpassword::prompt_password("Password: ")?;
        let b = rpassword::prompt_password("Again: ")?;
        if a != b {
            bail!("the passwords differ");
        }
        a
    };
    if pw.is_empty() {
        bail!("empty password refused");
    }
    Ok(pw)
}

pub fn add(path: &Path, name: &str, password_stdin: bool) -> Result<()> {
    let mut db = load(path)?;
    let pw = read_password(password_stdin)?;
    db.add(name, &pw).map_err(|e| anyhow::anyhow!("{e}"))?;
    save(path, &db)?;
    eprintln!("user {name} saved in {}", path.display());
    Ok(())
}

pub fn del(path: &Path, name: &str) -> Result<()> {
    let mut db = load(path)?;
    if !db.remove(name) {
        bail!("no user {name} in {}", path.display());
    }
    save(path, &db)
}

pub fn list(path: &Path) -> Result<()> {
    for n in load(path)?.names() {
        println!("{n}");
    }
    Ok(())
}
