//! The house rules of `docs/architecture.md`, as a test can check them on the tree:
//!
//! - no import circle among the files of one crate (a `use` or a path in code that names
//!   a module of the same crate is an arrow from the file to the file of that module);
//! - no function outside test code over [`MAX_FN_LINES`] lines, no source file over
//!   [`MAX_FILE_LINES`] lines;
//! - no read of the operating system's clock (`Instant::now`, `SystemTime::now`,
//!   `filetime::now`, `clock_gettime`, `.elapsed()`) outside a crate's clock module
//!   (a file named `clock.rs`).
//!
//! A short allow-list (`allow.txt` beside this crate's manifest) names the exceptions, one
//! a line with its reason; [`check`] fails on a violation it does not name, and on a line
//! that names no violation any more, so the list can only shrink.

pub mod lex;
pub mod scan;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

pub const MAX_FN_LINES: usize = 150;
pub const MAX_FILE_LINES: usize = 1000;

/// A broken rule: its kind and the key an allow-list line names it by.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Violation {
    /// `circle`, `long-fn`, `long-file` or `clock`.
    pub rule: &'static str,
    /// `long-fn crates/a/src/b.rs:name`, `long-file crates/a/src/b.rs`,
    /// `clock crates/a/src/b.rs`, `circle crates/a/src/b.rs crates/a/src/c.rs …`.
    pub key: String,
    /// What a person needs to see it: lines, the arrows of a circle.
    pub detail: String,
}

/// One source file of a crate.
struct File {
    /// Relative to the repository root, with `/`.
    rel: String,
    /// Its module path in the crate (empty for the root), None for files under `tests/`,
    /// `benches/` or `examples/`.
    module: Option<Vec<String>>,
    facts: scan::Facts,
}

/// Every rule over every crate under `root/crates`, and over the system tests at
/// `root/tests` (a package of test files only: the file-length rule).
pub fn violations(root: &Path) -> std::io::Result<Vec<Violation>> {
    let mut out = Vec::new();
    let mut crates: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("Cargo.toml").is_file())
        .collect();
    crates.sort();
    for dir in crates {
        out.extend(crate_violations(root, &dir)?);
    }
    if root.join("tests/Cargo.toml").is_file() {
        out.extend(files_violations(root, &root.join("tests"), &[""])?);
    }
    out.sort();
    Ok(out)
}

/// The rules over one crate's files.
pub fn crate_violations(root: &Path, dir: &Path) -> std::io::Result<Vec<Violation>> {
    files_violations(root, dir, &["src", "tests", "benches", "examples"])
}

/// The rules over the files in `subs` of the package at `dir` (those under `src` are its
/// modules; the rest are tests, benches or examples).
fn files_violations(root: &Path, dir: &Path, subs: &[&str]) -> std::io::Result<Vec<Violation>> {
    let mut files = Vec::new();
    for &sub in subs {
        let mut paths = Vec::new();
        rust_files(&dir.join(sub), &mut paths)?;
        for p in paths {
            let src = std::fs::read_to_string(&p)?;
            let rel = p
                .strip_prefix(root)
                .unwrap_or(&p)
                .to_string_lossy()
                .replace('\\', "/");
            let module = (sub == "src")
                .then(|| module_path(p.strip_prefix(dir.join("src")).unwrap_or(&p)))
                .flatten();
            files.push(File {
                rel,
                module,
                facts: scan::scan(&src),
            });
        }
    }
    drop_test_modules(&mut files);
    let mut out = Vec::new();
    for f in &files {
        if f.facts.lines > MAX_FILE_LINES {
            out.push(Violation {
                rule: "long-file",
                key: format!("long-file {}", f.rel),
                detail: format!("{} lines (at most {MAX_FILE_LINES})", f.facts.lines),
            });
        }
        if f.module.is_none() {
            continue;
        }
        for func in f.facts.funcs.iter().filter(|x| x.lines > MAX_FN_LINES) {
            out.push(Violation {
                rule: "long-fn",
                key: format!("long-fn {}:{}", f.rel, func.name),
                detail: format!(
                    "line {}: {} lines (at most {MAX_FN_LINES})",
                    func.line, func.lines
                ),
            });
        }
        if !f.facts.clock_reads.is_empty() && !f.rel.ends_with("/clock.rs") {
            let at: Vec<String> = f
                .facts
                .clock_reads
                .iter()
                .map(|(l, what)| format!("{what} at line {l}"))
                .collect();
            out.push(Violation {
                rule: "clock",
                key: format!("clock {}", f.rel),
                detail: at.join(", "),
            });
        }
    }
    out.extend(circles(&files));
    Ok(out)
}

/// The `.rs` files below `dir` (none if it does not exist), sorted.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    if !dir.is_dir() {
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out)?;
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
    Ok(())
}

/// A floor's arrows between its rooms (`from`, `to`), each with the file arrows behind it.
type Floor = BTreeMap<(String, String), Vec<String>>;

/// A file's module path from its place under `src/` (`a/mod.rs` and `a.rs` are `a`;
/// `lib.rs` and `main.rs` the root); None for `bin/` targets (crates of their own).
fn module_path(rel: &Path) -> Option<Vec<String>> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|s| s.to_string_lossy().into_owned())
        .collect();
    if parts.first().is_some_and(|p| p == "bin") {
        return None;
    }
    let last = parts.pop()?;
    let stem = last.trim_end_matches(".rs");
    if !(parts.is_empty() && (stem == "lib" || stem == "main")) && stem != "mod" {
        parts.push(stem.to_string());
    }
    Some(parts)
}

/// Files declared `#[cfg(test)] mod x;` (and what lies below them) are test code: they
/// leave the module graph and the function and clock rules.
fn drop_test_modules(files: &mut [File]) {
    let mut test_mods: Vec<Vec<String>> = Vec::new();
    for f in files.iter() {
        if let Some(m) = &f.module {
            for child in &f.facts.test_children {
                let mut c = m.clone();
                c.push(child.clone());
                test_mods.push(c);
            }
        }
    }
    for f in files.iter_mut() {
        let test = f.facts.all_test
            || f.module
                .as_ref()
                .is_some_and(|m| test_mods.iter().any(|t| m.starts_with(t)));
        if test {
            f.module = None;
        }
    }
}

/// The circles of one crate's import graph, floor by floor. On the floor of a folder the
/// rooms are its files and its subfolders (a subfolder with all below it); the folder's
/// own `mod.rs` or `lib.rs` is the hall, whose arrows to and from its rooms are not
/// counted (a parent declares its children; they are built together). An arrow between
/// two files counts on the floor of the deepest folder holding both, between their rooms.
fn circles(files: &[File]) -> Vec<Violation> {
    let modules: BTreeMap<&[String], usize> = files
        .iter()
        .enumerate()
        .filter_map(|(i, f)| f.module.as_deref().map(|m| (m, i)))
        .collect();
    // A hall: a module with modules below it (`mod.rs`, `lib.rs`, or `x.rs` beside `x/`).
    let is_hall: Vec<bool> = files
        .iter()
        .map(|f| {
            f.module.as_ref().is_some_and(|m| {
                modules
                    .keys()
                    .any(|k| k.len() > m.len() && k.starts_with(m))
                    || f.rel.ends_with("/lib.rs")
                    || f.rel.ends_with("/main.rs")
            })
        })
        .collect();
    let hall = |m: &[String], i: usize| is_hall[i] && files[i].module.as_deref() == Some(m);
    let room_path = |i: usize| -> Option<Vec<String>> {
        let mut p = files[i].module.clone()?;
        if is_hall[i] {
            p.push("mod.rs".into());
        }
        Some(p)
    };
    let mut floors: BTreeMap<Vec<String>, Floor> = BTreeMap::new();
    for (i, f) in files.iter().enumerate() {
        let Some(here) = &f.module else {
            continue;
        };
        let mut targets = BTreeSet::new();
        for path in &f.facts.paths {
            if let Some(j) = resolve(here, path, &f.facts.bound, &modules) {
                targets.insert(j);
            }
        }
        for j in targets {
            let (Some(a), Some(b)) = (room_path(i), room_path(j)) else {
                continue;
            };
            let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
            let floor = a[..common].to_vec();
            if i == j
                || hall(&floor, i)
                || hall(&floor, j)
                || a.len() == common
                || b.len() == common
            {
                continue;
            }
            let arrow = format!("{} -> {}", files[i].rel, files[j].rel);
            floors
                .entry(floor)
                .or_default()
                .entry((a[common].clone(), b[common].clone()))
                .or_default()
                .push(arrow);
        }
    }
    let mut out = Vec::new();
    for (floor, arrows) in floors {
        let rooms: Vec<&String> = arrows
            .keys()
            .flat_map(|(a, b)| [a, b])
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let at = |r: &String| rooms.iter().position(|x| *x == r).unwrap_or(0);
        let mut edges = vec![BTreeSet::new(); rooms.len()];
        for (a, b) in arrows.keys() {
            edges[at(a)].insert(at(b));
        }
        for scc in tarjan(&edges) {
            if scc.len() < 2 {
                continue;
            }
            let dir = files
                .iter()
                .find(|f| f.module.as_deref().is_some_and(|m| m.starts_with(&floor)))
                .map(|f| crate_src(&f.rel))
                .unwrap_or_default();
            let mut names: Vec<String> = scc
                .iter()
                .map(|&k| format!("{dir}{}{}", floor_prefix(&floor), rooms[k]))
                .collect();
            names.sort();
            let ties: Vec<String> = arrows
                .iter()
                .filter(|((a, b), _)| scc.contains(&at(a)) && scc.contains(&at(b)))
                .flat_map(|(_, v)| v.iter().cloned())
                .collect();
            out.push(Violation {
                rule: "circle",
                key: format!("circle {}", names.join(" ")),
                detail: ties.join("; "),
            });
        }
    }
    out
}

/// `crates/x/src/` of a file under it.
fn crate_src(rel: &str) -> String {
    match rel.split_once("/src/") {
        Some((c, _)) => format!("{c}/src/"),
        None => String::new(),
    }
}

fn floor_prefix(floor: &[String]) -> String {
    floor.iter().map(|s| format!("{s}/")).collect()
}

/// The file of the module a path in module `here` names, if it is one of this crate's.
fn resolve(
    here: &[String],
    path: &[String],
    bound: &[(String, Vec<String>)],
    modules: &BTreeMap<&[String], usize>,
) -> Option<usize> {
    let first = path.first()?;
    let (mut base, rest): (Vec<String>, &[String]) = match first.as_str() {
        "crate" => (Vec::new(), &path[1..]),
        "self" => (here.to_vec(), &path[1..]),
        "super" => {
            let mut b = here.to_vec();
            let mut k = 0;
            while path.get(k).is_some_and(|s| s == "super") {
                b.pop()?;
                k += 1;
            }
            (b, &path[k..])
        }
        name => {
            // A path that starts with a name: a child module of this one, unless a `use`
            // binds the name to something else (`use std::io;` beside `mod io;`).
            let mut child = here.to_vec();
            child.push(name.to_string());
            let shadowed = bound
                .iter()
                .any(|(n, p)| n == name && p.first() != Some(&"self".into()) && p.len() > 1);
            if !modules.contains_key(child.as_slice()) || shadowed {
                return None;
            }
            (here.to_vec(), path)
        }
    };
    let mut best = modules.get(base.as_slice()).copied();
    for seg in rest {
        base.push(seg.clone());
        match modules.get(base.as_slice()) {
            Some(&j) => best = Some(j),
            None => break,
        }
    }
    best
}

/// Strongly connected components (Tarjan, iterative).
fn tarjan(edges: &[BTreeSet<usize>]) -> Vec<Vec<usize>> {
    let n = edges.len();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut out = Vec::new();
    let mut next = 0;
    for start in 0..n {
        if index[start] != usize::MAX {
            continue;
        }
        let mut work: Vec<(usize, Vec<usize>)> =
            vec![(start, edges[start].iter().copied().collect())];
        index[start] = next;
        low[start] = next;
        next += 1;
        stack.push(start);
        on_stack[start] = true;
        while let Some((v, todo)) = work.last_mut() {
            let v = *v;
            if let Some(w) = todo.pop() {
                if index[w] == usize::MAX {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    work.push((w, edges[w].iter().copied().collect()));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some((parent, _)) = work.last() {
                low[*parent] = low[*parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut scc = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    scc.push(w);
                    if w == v {
                        break;
                    }
                }
                out.push(scc);
            }
        }
    }
    out
}

/// One line of the allow-list: the key of a violation, then `#` and why.
#[derive(Debug, PartialEq, Eq)]
pub struct Allowed {
    pub key: String,
    pub reason: String,
}

/// Reads an allow-list: blank lines and lines that start with `#` are comments; every
/// other line is `KEY # REASON`, and a line without a reason is an error.
pub fn parse_allow(text: &str) -> Result<Vec<Allowed>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((key, reason)) = line.split_once(" # ") else {
            return Err(format!("allow-list line {}: no `# reason`: {line}", n + 1));
        };
        if reason.trim().len() < 10 {
            return Err(format!(
                "allow-list line {}: a reason says why: {line}",
                n + 1
            ));
        }
        out.push(Allowed {
            key: key.trim().to_string(),
            reason: reason.trim().to_string(),
        });
    }
    Ok(out)
}

/// The rules against the allow-list: what is wrong, one line each (empty when all holds).
pub fn check(found: &[Violation], allowed: &[Allowed], max_allowed: usize) -> Vec<String> {
    let mut problems = Vec::new();
    for v in found {
        if !allowed.iter().any(|a| a.key == v.key) {
            problems.push(format!("{}: {}", v.key, v.detail));
        }
    }
    for a in allowed {
        if !found.iter().any(|v| v.key == a.key) {
            problems.push(format!(
                "allowed but no longer broken (take the line out of the list): {}",
                a.key
            ));
        }
    }
    if allowed.len() > max_allowed {
        problems.push(format!(
            "the allow-list has {} lines; it may only shrink (at most {max_allowed})",
            allowed.len()
        ));
    }
    problems
}
