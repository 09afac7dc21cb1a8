//! The layers of `src/`: `cli` -> `process` -> `http` -> services (`account`, `age`, `users`,
//! `admission`, `following`, `gallery`, `worker`, `generation`, `jobs`, `billing`, `staff`,
//! `safety`, `limits`) -> clients and stores (`auth`, `store`, `images`, `metrics`,
//! `coordination`, `upstream`).
//! Read from the source: every `crate::<module>` a file names is an edge between top-level
//! modules, and the graph must have no cycle. Within a module too: every module a file names
//! (`crate::`, `super::`, `self::`, grouped imports included) is an edge between files, and
//! siblings and cousins must not name each other in a circle (a module and its own parent or
//! child are one unit: `mod.rs` re-exports what its files hold).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// Top-level module -> the top-level modules its files name.
fn edges() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let modules: BTreeSet<String> = files
        .iter()
        .filter_map(|f| {
            let rel = f.strip_prefix(&src).unwrap();
            let first = rel.components().next()?.as_os_str().to_str()?;
            Some(first.trim_end_matches(".rs").to_owned())
        })
        .filter(|m| m != "lib" && m != "main")
        .collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let rel = file.strip_prefix(&src).unwrap();
        let from = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_str()
            .unwrap();
        let from = from.trim_end_matches(".rs");
        if from == "lib" || from == "main" {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        for (i, _) in text.match_indices("crate::") {
            let rest = &text[i + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if modules.contains(&name) && name != from {
                edges.entry(from.to_owned()).or_default().insert(name);
            }
        }
        edges.entry(from.to_owned()).or_default();
    }
    edges
}

/// A cycle through `node`, if there is one.
fn cycle(
    node: &str,
    edges: &BTreeMap<String, BTreeSet<String>>,
    path: &mut Vec<String>,
    done: &mut BTreeSet<String>,
) -> Option<Vec<String>> {
    if let Some(start) = path.iter().position(|n| n == node) {
        let mut found = path[start..].to_vec();
        found.push(node.to_owned());
        return Some(found);
    }
    if done.contains(node) {
        return None;
    }
    path.push(node.to_owned());
    for next in edges.get(node).into_iter().flatten() {
        if let Some(found) = cycle(next, edges, path, done) {
            return Some(found);
        }
    }
    path.pop();
    done.insert(node.to_owned());
    None
}

#[test]
fn no_import_cycle_among_the_modules_of_src() {
    let edges = edges();
    let mut done = BTreeSet::new();
    for node in edges.keys() {
        let found = cycle(node, &edges, &mut Vec::new(), &mut done);
        assert!(
            found.is_none(),
            "import cycle: {}",
            found.unwrap().join(" -> ")
        );
    }
}

/// `src/a/b.rs` and `src/a/b/mod.rs` are `a::b`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut path: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_str().unwrap().to_owned())
        .collect();
    if path
        .last()
        .is_some_and(|l| l == "mod" || l == "lib" || l == "main")
    {
        path.pop();
    }
    path
}

/// The paths a file names: `crate::a::b`, `super::x`, `self::y`, and each item of a group
/// (`super::{a, b::c}`), as written after the prefix.
fn named_paths(text: &str) -> Vec<(String, Vec<String>)> {
    let mut found = Vec::new();
    let bytes = text.as_bytes();
    for prefix in ["crate::", "super::", "self::"] {
        for (i, _) in text.match_indices(prefix) {
            if i > 0
                && (bytes[i - 1].is_ascii_alphanumeric()
                    || bytes[i - 1] == b'_'
                    || bytes[i - 1] == b':')
            {
                continue;
            }
            let mut supers = prefix.trim_end_matches("::").to_owned();
            let mut rest = &text[i + prefix.len()..];
            while let Some(more) = rest.strip_prefix("super::") {
                supers.push_str("::super");
                rest = more;
            }
            let items: Vec<&str> = match rest.strip_prefix('{') {
                Some(group) => {
                    let mut depth = 0;
                    let end = group
                        .char_indices()
                        .find(|&(_, c)| {
                            match c {
                                '{' => depth += 1,
                                '}' if depth == 0 => return true,
                                '}' => depth -= 1,
                                _ => {}
                            }
                            false
                        })
                        .map_or(group.len(), |(end, _)| end);
                    let mut parts = Vec::new();
                    let (mut depth, mut start) = (0, 0);
                    for (j, c) in group[..end].char_indices() {
                        match c {
                            '{' => depth += 1,
                            '}' => depth -= 1,
                            ',' if depth == 0 => {
                                parts.push(&group[start..j]);
                                start = j + 1;
                            }
                            _ => {}
                        }
                    }
                    parts.push(&group[start..end]);
                    parts
                }
                None => vec![rest],
            };
            for item in items {
                let segments: Vec<String> = item
                    .trim()
                    .split("::")
                    .map(|s| {
                        s.chars()
                            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                            .collect::<String>()
                    })
                    .take_while(|s| !s.is_empty())
                    .collect();
                found.push((supers.clone(), segments));
            }
        }
    }
    found
}

/// The module `prefix` (`crate`, `self`, `super`, `super::super`, …) names from module `from`.
/// `super` of `a::b` is `a` whether its file is `a/b.rs` or `a/b/mod.rs`: the file is the
/// module, so a `mod.rs` naming `super::x` names its sibling `x`.
fn base_of(from: &[String], prefix: &str) -> Vec<String> {
    let mut parts = prefix.split("::");
    let mut base = match parts.next().unwrap() {
        "crate" => Vec::new(),
        "self" => from.to_vec(),
        _ => from[..from.len().saturating_sub(1)].to_vec(),
    };
    for _ in parts {
        base.pop();
    }
    base
}

/// Module -> the modules its file names, for every file of `src/`.
fn file_edges() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(&src, f)).collect();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for file in &files {
        let from = module_of(&src, file);
        let text = std::fs::read_to_string(file).unwrap();
        for (prefix, segments) in named_paths(&text) {
            let mut target = base_of(&from, &prefix);
            for segment in segments {
                let mut longer = target.clone();
                longer.push(segment);
                if !modules.contains(&longer) {
                    break;
                }
                target = longer;
            }
            let related = target.starts_with(&from) || from.starts_with(&target);
            if !related {
                edges.entry(from.clone()).or_default().insert(target);
            }
        }
        edges.entry(from).or_default();
    }
    edges
}

#[test]
fn no_import_cycle_among_the_files_of_a_module() {
    let edges: BTreeMap<String, BTreeSet<String>> = file_edges()
        .into_iter()
        .map(|(from, to)| {
            (
                from.join("::"),
                to.into_iter().map(|t| t.join("::")).collect(),
            )
        })
        .collect();
    let mut done = BTreeSet::new();
    for node in edges.keys() {
        let found = cycle(node, &edges, &mut Vec::new(), &mut done);
        assert!(
            found.is_none(),
            "import cycle: {}",
            found.unwrap().join(" -> ")
        );
    }
}

#[test]
fn the_file_level_check_sees_super_and_grouped_imports() {
    let named = named_paths(
        "use super::{bodies::Png, events::{Hold, event_stream}};\nuse super::super::jobs::X;",
    );
    assert_eq!(
        named,
        [
            (
                "super".to_owned(),
                vec!["bodies".to_owned(), "Png".to_owned()]
            ),
            ("super".to_owned(), vec!["events".to_owned()]),
            (
                "super::super".to_owned(),
                vec!["jobs".to_owned(), "X".to_owned()]
            ),
        ]
    );
}

#[test]
fn super_in_a_mod_rs_names_a_sibling_of_its_module() {
    let src = Path::new("/src");
    let backend = module_of(src, Path::new("/src/worker/backend/mod.rs"));
    assert_eq!(backend, ["worker", "backend"]);
    assert_eq!(base_of(&backend, "super"), ["worker"]);
    assert_eq!(base_of(&backend, "self"), ["worker", "backend"]);
    let builtin = module_of(src, Path::new("/src/worker/backend/builtin.rs"));
    assert_eq!(base_of(&builtin, "super"), ["worker", "backend"]);
    assert_eq!(base_of(&builtin, "super::super"), ["worker"]);
}

#[test]
fn domain_modules_never_name_the_http_layer_the_wiring_or_the_cli() {
    let edges = edges();
    for domain in [
        "account",
        "auth",
        "billing",
        "coordination",
        "admission",
        "following",
        "gallery",
        "generation",
        "images",
        "limits",
        "metrics",
        "store",
        "upstream",
        "users",
        "worker",
    ] {
        let named = &edges[domain];
        for upper in ["http", "process", "cli", "config"] {
            assert!(
                !named.contains(upper),
                "{domain} names crate::{upper}: dependencies point http -> services -> stores"
            );
        }
    }
}
