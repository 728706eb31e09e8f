//! What the rules need to know of one source file, test code left out: its functions and
//! their lengths, the module paths it names, and where it reads a clock.

use crate::lex::{tokens, Tok};

/// A function with a body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Func {
    pub name: String,
    /// The line of `fn`.
    pub line: usize,
    /// From the line of `fn` to the line of the closing brace, both counted.
    pub lines: usize,
}

/// One file's facts.
#[derive(Debug, Default)]
pub struct Facts {
    pub lines: usize,
    pub funcs: Vec<Func>,
    /// Paths named in `use` declarations and in code (`crate::…`, `super::…`, `self::…`
    /// and paths that start with a name), segment by segment.
    pub paths: Vec<Vec<String>>,
    /// Names a `use` declaration binds here, with the path it binds.
    pub bound: Vec<(String, Vec<String>)>,
    /// Child modules declared `#[cfg(test)] mod x;`: their files are test code.
    pub test_children: Vec<String>,
    /// Lines that read a clock of the operating system.
    pub clock_reads: Vec<(usize, String)>,
    /// The whole file is test code (`#![cfg(test)]`).
    pub all_test: bool,
}

/// The calls that read a clock: a type's `now`, and `elapsed` (it reads `now` inside).
const CLOCK_TYPES: &[&str] = &["Instant", "SystemTime", "filetime"];

pub fn scan(src: &str) -> Facts {
    let toks = tokens(src);
    let mut facts = Facts {
        lines: src.lines().count(),
        ..Facts::default()
    };
    let live = live_mask(&toks, &mut facts);
    if facts.all_test {
        return facts;
    }
    for i in 0..toks.len() {
        if !live[i] {
            continue;
        }
        let t = &toks[i];
        if t.is("fn") {
            if let Some(f) = func_at(&toks, i) {
                facts.funcs.push(f);
            }
        } else if t.is("use") && !prev_is(&toks, i, "::") {
            let end = find(&toks, i, ";").unwrap_or(toks.len());
            let mut trees = Vec::new();
            use_tree(&toks[i + 1..end], Vec::new(), &mut trees);
            for (path, alias) in trees {
                if let Some(name) = alias.or_else(|| path.last().cloned()) {
                    facts.bound.push((name, path.clone()));
                }
                facts.paths.push(path);
            }
        } else if t.is_ident() && next_is(&toks, i, "::") && !prev_is(&toks, i, "::") {
            facts.paths.push(path_at(&toks, i));
        }
        if let Some(what) = clock_read(&toks, i) {
            facts.clock_reads.push((t.line, what));
        }
    }
    facts
}

fn prev_is(toks: &[Tok], i: usize, s: &str) -> bool {
    i > 0 && toks[i - 1].is(s)
}

fn next_is(toks: &[Tok], i: usize, s: &str) -> bool {
    toks.get(i + 1).is_some_and(|t| t.is(s))
}

fn find(toks: &[Tok], from: usize, s: &str) -> Option<usize> {
    (from..toks.len()).find(|&j| toks[j].is(s))
}

/// `Instant::now`, `SystemTime::now`, `filetime::now`, `clock_gettime`, `.elapsed()`.
fn clock_read(toks: &[Tok], i: usize) -> Option<String> {
    let t = &toks[i];
    if CLOCK_TYPES.contains(&t.text.as_str()) && next_is(toks, i, "::") {
        let m = toks.get(i + 2)?;
        return m.is("now").then(|| format!("{}::now", t.text));
    }
    if t.is("clock_gettime") || t.is("gettimeofday") {
        return Some(t.text.clone());
    }
    if t.is("elapsed")
        && prev_is(toks, i, ".")
        && next_is(toks, i, "(")
        && next_is(toks, i + 1, ")")
    {
        return Some(".elapsed()".into());
    }
    None
}

/// The path that starts at `i`: identifiers joined by `::` (generic arguments end it).
fn path_at(toks: &[Tok], mut i: usize) -> Vec<String> {
    let mut path = vec![toks[i].text.clone()];
    while next_is(toks, i, "::") && toks.get(i + 2).is_some_and(Tok::is_ident) {
        i += 2;
        path.push(toks[i].text.clone());
    }
    path
}

/// The paths of a use tree (`a::b::{c, d::e as f, *}`) with the name each is bound as.
fn use_tree(toks: &[Tok], prefix: Vec<String>, out: &mut Vec<(Vec<String>, Option<String>)>) {
    let mut path = prefix;
    let mut i = 0;
    while i < toks.len() {
        let t = &toks[i];
        if t.is("{") {
            let close = matching(toks, i).unwrap_or(toks.len());
            for part in split_top(&toks[i + 1..close.min(toks.len())]) {
                use_tree(part, path.clone(), out);
            }
            return;
        } else if t.is("as") {
            let alias = toks.get(i + 1).map(|a| a.text.clone());
            out.push((path, alias));
            return;
        } else if t.is("*") {
            out.push((path, Some("*".into())));
            return;
        } else if t.is_ident() {
            path.push(t.text.clone());
        }
        i += 1;
    }
    if !path.is_empty() {
        out.push((path, None));
    }
}

/// The parts of a brace group's inside, split at its top-level commas.
fn split_top(toks: &[Tok]) -> Vec<&[Tok]> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (j, t) in toks.iter().enumerate() {
        match t.text.as_str() {
            "{" => depth += 1,
            "}" => depth -= 1,
            "," if depth == 0 => {
                parts.push(&toks[start..j]);
                start = j + 1;
            }
            _ => {}
        }
    }
    parts.push(&toks[start..]);
    parts
}

/// The index of the bracket that closes the one at `open`.
fn matching(toks: &[Tok], open: usize) -> Option<usize> {
    let (o, c) = match toks[open].text.as_str() {
        "{" => ("{", "}"),
        "(" => ("(", ")"),
        "[" => ("[", "]"),
        _ => return None,
    };
    let mut depth = 0;
    for (j, t) in toks.iter().enumerate().skip(open) {
        if t.is(o) {
            depth += 1;
        } else if t.is(c) {
            depth -= 1;
            if depth == 0 {
                return Some(j);
            }
        }
    }
    None
}

/// The function whose `fn` is at `i`, if it has a body (`fn(` is a pointer type).
fn func_at(toks: &[Tok], i: usize) -> Option<Func> {
    let name = toks.get(i + 1).filter(|t| t.is_ident())?;
    let body = item_body(toks, i + 2)?;
    let close = matching(toks, body)?;
    let line = toks[i].line;
    Some(Func {
        name: name.text.clone(),
        line,
        lines: toks[close].line - line + 1,
    })
}

/// The `{` that opens the body of the item whose head goes on at `from`, or None when a
/// `;` ends it first (a declaration, `mod x;`).
fn item_body(toks: &[Tok], from: usize) -> Option<usize> {
    let mut j = from;
    while j < toks.len() {
        match toks[j].text.as_str() {
            "{" => return Some(j),
            ";" => return None,
            "(" | "[" => j = matching(toks, j)?,
            _ => {}
        }
        j += 1;
    }
    None
}

/// Which tokens are not test code: items under `#[test]` or `#[cfg(test)]` (and the
/// `cfg` forms that need `test`) are masked out; `#[cfg(test)] mod x;` is noted.
fn live_mask(toks: &[Tok], facts: &mut Facts) -> Vec<bool> {
    let mut live = vec![true; toks.len()];
    let mut i = 0;
    while i < toks.len() {
        if !(toks[i].is("#") && toks.get(i + 1).is_some_and(|t| t.is("[") || t.is("!"))) {
            i += 1;
            continue;
        }
        let inner = toks[i + 1].is("!");
        let open = if inner { i + 2 } else { i + 1 };
        let Some(close) = toks
            .get(open)
            .filter(|t| t.is("["))
            .and(matching(toks, open))
        else {
            i += 1;
            continue;
        };
        if !is_test_attr(&toks[open + 1..close]) {
            i = close + 1;
            continue;
        }
        if inner {
            facts.all_test = true;
            return vec![false; toks.len()];
        }
        let end = item_end(toks, close + 1, facts);
        for l in live.iter_mut().take(end + 1).skip(i) {
            *l = false;
        }
        i = end + 1;
    }
    live
}

/// Whether an attribute's inside asks for test code: `test`, or a `cfg` that needs `test`
/// (`cfg(test)`, `cfg(all(test, …))`; not `cfg(not(test))`).
fn is_test_attr(inside: &[Tok]) -> bool {
    match inside.first().map(|t| t.text.as_str()) {
        Some("test") => inside.len() == 1,
        Some("cfg") => {
            let names: Vec<&str> = inside.iter().map(|t| t.text.as_str()).collect();
            names.contains(&"test") && !names.contains(&"not") && !names.contains(&"any")
        }
        _ => false,
    }
}

/// The last token of the item that starts at `from` (after its attributes).
fn item_end(toks: &[Tok], mut from: usize, facts: &mut Facts) -> usize {
    // Further attributes of the same item.
    while toks.get(from).is_some_and(|t| t.is("#")) {
        match toks.get(from + 1).filter(|t| t.is("[")) {
            Some(_) => from = matching(toks, from + 1).unwrap_or(toks.len() - 1) + 1,
            None => break,
        }
    }
    let mut j = from;
    while j < toks.len() {
        match toks[j].text.as_str() {
            "{" => return matching(toks, j).unwrap_or(toks.len() - 1),
            ";" => {
                if let Some(m) = (from..j).find(|&k| toks[k].is("mod")) {
                    if let Some(name) = toks.get(m + 1) {
                        facts.test_children.push(name.text.clone());
                    }
                }
                return j;
            }
            "(" | "[" => j = matching(toks, j).unwrap_or(toks.len() - 1),
            _ => {}
        }
        j += 1;
    }
    toks.len().saturating_sub(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn functions_are_measured_from_fn_to_the_closing_brace() {
        let f =
            scan("/// doc\nfn a() {\n  let x = \"}\";\n}\nfn b(x: fn(u8) -> u8) -> u8 { x(1) }\n");
        assert_eq!(
            f.funcs,
            [
                Func {
                    name: "a".into(),
                    line: 2,
                    lines: 3
                },
                Func {
                    name: "b".into(),
                    line: 5,
                    lines: 1
                }
            ]
        );
    }

    #[test]
    fn test_code_is_left_out() {
        let src = "fn live() {}\n#[cfg(test)]\nmod tests {\n fn t() { Instant::now(); }\n}\n\
                   #[test]\nfn one() {}\n#[cfg(test)]\nmod more;\n";
        let f = scan(src);
        assert_eq!(f.funcs.len(), 1);
        assert!(f.clock_reads.is_empty());
        assert_eq!(f.test_children, ["more"]);
        assert!(scan("#![cfg(test)]\nfn x() {}").funcs.is_empty());
        assert_eq!(scan("#[cfg(not(test))]\nfn x() {}").funcs.len(), 1);
    }

    #[test]
    fn use_trees_and_code_paths_are_read() {
        let f = scan("use crate::{a::B, c::{D as E, *}};\nfn f() { super::g::h(); }");
        assert!(f
            .paths
            .contains(&vec!["crate".into(), "a".into(), "B".into()]));
        assert!(f
            .paths
            .contains(&vec!["crate".into(), "c".into(), "D".into()]));
        assert!(f.paths.contains(&vec!["crate".into(), "c".into()]));
        assert!(f
            .paths
            .contains(&vec!["super".into(), "g".into(), "h".into()]));
        assert!(f
            .bound
            .iter()
            .any(|(n, p)| n == "E" && p.last().unwrap() == "D"));
    }

    #[test]
    fn clock_reads_are_found() {
        let f = scan("fn f() {\n let t = std::time::Instant::now();\n t.elapsed();\n}\n");
        let lines: Vec<usize> = f.clock_reads.iter().map(|c| c.0).collect();
        assert_eq!(lines, [2, 3]);
        assert!(scan("fn f() { x.elapsed(now) }").clock_reads.is_empty());
    }
}
