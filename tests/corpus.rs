//! The real-world corpus: every OpenAPI 3.x root document listed in `SOURCES.tsv` under
//! `$OPENAPI2MCP_CORPUS` (`.ci/run` points it at `../shared/specs`) converts, gives exactly
//! one tool per operation, and passes every property check. Without the variable the test
//! says so and checks nothing, so `cargo test` alone needs no outside files.
//!
//! Swagger 2.0 documents are converted by a later stage of the project and are not
//! listed here yet.

mod common;

use std::path::PathBuf;

use common::{convert_file, default_options, manifest_problems};

struct Entry {
    path: String,
    version: String,
    operations: usize,
}

fn corpus() -> Option<(PathBuf, Vec<Entry>)> {
    let root = PathBuf::from(std::env::var_os("OPENAPI2MCP_CORPUS")?);
    let sources =
        std::fs::read_to_string(root.join("SOURCES.tsv")).expect("SOURCES.tsv is readable");
    let mut lines = sources.lines();
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    let column = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .expect("a known column")
    };
    let (path, version, operations) = (
        column("local_path"),
        column("openapi_version"),
        column("operation_count"),
    );
    let entries = lines
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            Entry {
                path: fields[path].to_string(),
                version: fields[version].to_string(),
                operations: fields[operations].parse().expect("an operation count"),
            }
        })
        .collect();
    Some((root, entries))
}

#[test]
fn every_openapi_3_document_converts() {
    let Some((root, entries)) = corpus() else {
        eprintln!("OPENAPI2MCP_CORPUS is not set: the corpus is not checked");
        return;
    };
    let mut checked = 0;
    let mut failures = Vec::new();
    for entry in entries.iter().filter(|e| e.version.starts_with("3.")) {
        let text = match convert_file(&root.join(&entry.path), &default_options()) {
            Ok(text) => text,
            Err(error) => {
                failures.push(format!("{}: {error}", entry.path));
                continue;
            }
        };
        let manifest: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        let tools = manifest["tools"].as_array().expect("tools").len();
        if tools != entry.operations {
            failures.push(format!(
                "{}: {tools} tools for {} operations",
                entry.path, entry.operations
            ));
        }
        for problem in manifest_problems(&manifest, true).into_iter().take(5) {
            failures.push(format!("{}: {problem}", entry.path));
        }
        checked += 1;
    }
    eprintln!("corpus: {checked} OpenAPI 3.x documents converted and checked");
    assert!(
        checked > 150,
        "the corpus lists too few documents: {checked}"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
