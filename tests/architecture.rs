//! The shape of the libraries, as docs/architecture.md draws it: data flows one way, so no
//! module of `crates/core/src/` or `crates/serve/src/` imports one that imports it back
//! (directly or through others), and the core imports nothing of serve's. Read from the
//! source: each `crate::NAME` or `openapi2mcp_core::NAME` outside comments and test modules
//! is an import of the top-level module NAME (names are unique across the crates).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::common::repo_path;

/// The top-level modules of one crate's `src/` each one uses, by name (`convert` for
/// everything in `src/convert/`); `lib.rs` is left out.
fn imports(crate_src: &Path, graph: &mut BTreeMap<String, BTreeSet<String>>) {
    let mut files = vec![crate_src.to_path_buf()];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        let module = module_of(path.strip_prefix(crate_src).unwrap());
        if path.extension().is_none_or(|e| e != "rs") || module == "lib" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap();
        for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for prefix in ["crate::", "openapi2mcp_core::"] {
                for (i, _) in line.match_indices(prefix) {
                    let used: String = line[i + prefix.len()..]
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                        .collect();
                    if !used.is_empty() && used != module {
                        graph.entry(module.clone()).or_default().insert(used);
                    }
                }
            }
        }
    }
}

/// Every library module and the modules it uses, in both crates.
fn library_imports() -> BTreeMap<String, BTreeSet<String>> {
    let mut graph = BTreeMap::new();
    for krate in ["crates/core/src", "crates/serve/src"] {
        imports(&repo_path(krate), &mut graph);
    }
    graph
}

/// The top-level modules of a crate's `src/`.
fn modules_of(crate_src: &str) -> BTreeSet<String> {
    std::fs::read_dir(repo_path(crate_src))
        .unwrap()
        .map(|e| module_of(Path::new(&e.unwrap().file_name())))
        .filter(|m| m != "lib")
        .collect()
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
    let graph = library_imports();
    assert!(graph.len() > 15, "the modules were read: {graph:?}");
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

/// The core builds without the server stack, so none of its modules may reach into the
/// serve crate's (a `crate::serve` in the core would not compile, but a module of the same
/// name added to the core would hide the mistake from the graph above).
#[test]
fn the_core_and_serve_crates_share_no_module_name() {
    let core = modules_of("crates/core/src");
    let serve = modules_of("crates/serve/src");
    assert!(
        core.contains("convert") && serve.contains("serve"),
        "{core:?} {serve:?}"
    );
    let both: Vec<_> = core.intersection(&serve).collect();
    assert!(both.is_empty(), "modules in both crates: {both:?}");
}
