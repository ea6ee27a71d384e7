//! The shape of the library, as docs/architecture.md draws it: data flows one way, so no
//! module of `src/` imports one that imports it back (directly or through others). Read
//! from the source: each `crate::NAME` outside comments and test modules is an import of
//! the top-level module NAME.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::common::repo_path;

/// The top-level modules each one uses, by name (`convert` for everything in
/// `src/convert/`); the binary's `cli/`, `main.rs` and `lib.rs` are left out.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut files = vec![repo_path("src")];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        let relative = path.strip_prefix(repo_path("src")).unwrap();
        let module = module_of(relative);
        if path.extension().is_none_or(|e| e != "rs")
            || ["main", "lib", "cli"].contains(&module.as_str())
        {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap();
        for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for (_, rest) in line
                .match_indices("crate::")
                .map(|(i, _)| ((), &line[i + 7..]))
            {
                let used: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !used.is_empty() && used != module {
                    graph.entry(module.clone()).or_default().insert(used);
                }
            }
        }
    }
    graph
}

fn module_of(relative: &Path) -> String {
    let first = relative
        .components()
        .next()
        .unwrap()
        .as_os_str()
        .to_string_lossy();
    first.trim_end_matches(".rs").to_string()
}

/// A path of imports from `from` back to `to`, if there is one.
fn path_back(
    graph: &BTreeMap<String, BTreeSet<String>>,
    from: &str,
    to: &str,
) -> Option<Vec<String>> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![vec![from.to_string()]];
    while let Some(path) = stack.pop() {
        let last = path.last().unwrap();
        if last == to {
            return Some(path);
        }
        if !seen.insert(last.clone()) {
            continue;
        }
        for next in graph.get(last).into_iter().flatten() {
            let mut longer = path.clone();
            longer.push(next.clone());
            stack.push(longer);
        }
    }
    None
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let graph = imports();
    assert!(graph.len() > 15, "the modules of src/ were read: {graph:?}");
    let mut circles = Vec::new();
    for (module, used) in &graph {
        for other in used {
            if let Some(back) = path_back(&graph, other, module) {
                circles.push(format!("{module} -> {}", back.join(" -> ")));
            }
        }
    }
    assert!(
        circles.is_empty(),
        "imports that come back:\n{}",
        circles.join("\n")
    );
}
