//! The layers of `src/`: `cli` -> `startup` -> `http` -> services (`users`, `generate`,
//! `billing`, `limits`) -> clients and stores (`auth`, `store`, `images`, `metrics`, `quota`,
//! `upstream`).
//! Read from the source: every `crate::<module>` a file names is an edge between top-level
//! modules, and the graph must have no cycle.

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

#[test]
fn domain_modules_never_name_the_http_layer_the_wiring_or_the_cli() {
    let edges = edges();
    for domain in [
        "auth", "billing", "generate", "images", "limits", "metrics", "quota", "store", "users",
    ] {
        let named = &edges[domain];
        for upper in ["http", "startup", "cli", "config"] {
            assert!(
                !named.contains(upper),
                "{domain} names crate::{upper}: dependencies point http -> services -> stores"
            );
        }
    }
}
