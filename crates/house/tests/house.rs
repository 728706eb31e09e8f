//! The house rules on this repository (`docs/architecture.md`, "House rules"), and the
//! rules shown to fail on a tree that breaks each of them.

use std::path::{Path, PathBuf};

/// The allow-list may only shrink: lower this when a line goes, never raise it.
const MAX_ALLOWED: usize = 0;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn the_repository_keeps_the_house_rules() {
    let root = repo_root();
    let found = house::violations(&root).expect("read the crates");
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("allow.txt"))
        .expect("read allow.txt");
    let allowed = house::parse_allow(&text).unwrap_or_else(|e| panic!("{e}"));
    let problems = house::check(&found, &allowed, MAX_ALLOWED);
    assert!(
        problems.is_empty(),
        "the house rules are broken (docs/architecture.md, \"House rules\"):\n  {}",
        problems.join("\n  ")
    );
}

/// A crate that breaks every rule once, and keeps each just inside its limit once.
fn write_bad_crate(root: &Path) {
    let src = root.join("crates/bad/src");
    std::fs::create_dir_all(src.join("b")).unwrap();
    std::fs::write(
        root.join("crates/bad/Cargo.toml"),
        "[package]\nname = \"bad\"\n",
    )
    .unwrap();
    std::fs::write(
        src.join("lib.rs"),
        "mod a;\nmod b;\nmod clock;\nmod tests_only;\n",
    )
    .unwrap();
    // a -> b/x and b/y -> a: a circle between the rooms a.rs and b/ (b/mod.rs is the hall).
    std::fs::write(src.join("a.rs"), "use crate::b::x::X;\npub struct A;\n").unwrap();
    std::fs::write(src.join("b/mod.rs"), "pub mod x;\npub mod y;\nuse x::X;\n").unwrap();
    std::fs::write(src.join("b/x.rs"), "pub struct X;\nuse super::y::Y;\n").unwrap();
    std::fs::write(src.join("b/y.rs"), "pub struct Y(crate::a::A);\n").unwrap();
    let body = |n: usize| "    let _x = 1;\n".repeat(n - 2);
    let code = format!(
        "fn long() {{\n{}}}\nfn just_in() {{\n{}}}\nfn stray() {{ let _ = std::time::Instant::now(); }}\n\
         #[cfg(test)]\nmod tests {{ fn t() {{ std::time::Instant::now(); }} }}\n",
        body(151),
        body(150)
    );
    std::fs::write(src.join("tests_only.rs"), code).unwrap();
    std::fs::write(
        src.join("clock.rs"),
        "pub fn now() -> std::time::Instant { std::time::Instant::now() }\n",
    )
    .unwrap();
    std::fs::create_dir_all(root.join("crates/bad/tests")).unwrap();
    std::fs::write(
        root.join("crates/bad/tests/big.rs"),
        "// line\n".repeat(1001),
    )
    .unwrap();
    // The system tests at the top: a file too long there too (one just in is not).
    std::fs::create_dir_all(root.join("tests/group")).unwrap();
    std::fs::write(root.join("tests/Cargo.toml"), "[package]\nname = \"t\"\n").unwrap();
    std::fs::write(root.join("tests/group/main.rs"), "// line\n".repeat(1001)).unwrap();
    std::fs::write(root.join("tests/ok.rs"), "// line\n".repeat(1000)).unwrap();
}

#[test]
fn each_rule_fails_a_tree_that_breaks_it() {
    let root = std::env::temp_dir().join(format!("house-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    write_bad_crate(&root);
    let found = house::violations(&root).unwrap();
    let keys: Vec<&str> = found.iter().map(|v| v.key.as_str()).collect();
    assert_eq!(
        keys,
        [
            "circle crates/bad/src/a crates/bad/src/b",
            "clock crates/bad/src/tests_only.rs",
            "long-file crates/bad/tests/big.rs",
            "long-file tests/group/main.rs",
            "long-fn crates/bad/src/tests_only.rs:long",
        ],
        "{found:#?}"
    );
    // Each is refused unless allowed, and an allowance for nothing broken is refused too.
    assert_eq!(house::check(&found, &[], 5).len(), 5);
    let allow = |k: &str| house::Allowed {
        key: k.into(),
        reason: "a reason".into(),
    };
    let all: Vec<_> = keys.iter().map(|k| allow(k)).collect();
    assert!(house::check(&found, &all, 5).is_empty());
    assert_eq!(
        house::check(&found, &all, 4).len(),
        1,
        "the list may only shrink"
    );
    let stale = [allow("long-fn crates/bad/src/a.rs:gone")];
    assert_eq!(house::check(&[], &stale, 4).len(), 1);
    assert!(
        house::parse_allow("long-fn x:y\n").is_err(),
        "a line needs a reason"
    );
    let _ = std::fs::remove_dir_all(&root);
}
