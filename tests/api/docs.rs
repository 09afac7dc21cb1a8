//! The design record stays true: every file of this repository that `docs/`, the README or the
//! changelog names in backticks exists.

use std::path::Path;

const ROOTS: [&str; 11] = [
    "src/",
    "crates/",
    "safety-model/",
    "tests/",
    "frontend/src/",
    "e2e/",
    "docs/",
    "contracts/",
    "bench/",
    "scripts/",
    "examples/",
];

#[test]
fn every_path_the_docs_name_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut docs: Vec<_> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.extend(["README.md", "CHANGELOG.md", "BENCHMARKS.md"].map(|f| root.join(f)));
    let mut missing = Vec::new();
    for doc in &docs {
        let text = std::fs::read_to_string(doc).unwrap();
        for (i, quoted) in text.split('`').enumerate() {
            // Odd pieces are inside backticks. A pattern (`*`, `{…}`, `<id>`) names no one file;
            // `path:lines` cites another project's source (the wire notes read upstream code).
            if i % 2 == 0 || quoted.contains(['*', '{', '<', ' ', '…', ':']) {
                continue;
            }
            let path = quoted.trim_end_matches(['.', ',', ':', ')']);
            if ROOTS.iter().any(|r| path.starts_with(r)) && !root.join(path).exists() {
                missing.push(format!("{}: {path}", doc.file_name().unwrap().display()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "named but absent:\n{}",
        missing.join("\n")
    );
}
