//! `serve --dynamic`'s search, timed: `cargo bench --bench search`.
//!
//! For GitHub's spec (from `$OPENAPI2MCP_CORPUS`, default `../shared/specs`; skipped when
//! missing) and a synthetic API of 100,000 operations whose tools all share their words
//! (the worst case: every query matches every tool), the time to index the tools, and the
//! time of each of the labelled tasks of `tests/search/github.tsv` as a query: the median
//! and the slowest. Indexing is timed as the median of three runs; reading the word model
//! of the meaning ranking, which the first index of a process does, on its own.

// Only `spec` is used here; the hostile inputs are the convert bench's.
#[allow(dead_code)]
#[path = "../tests/common/synthetic.rs"]
mod synthetic;

use std::path::{Path, PathBuf};
use std::time::Instant;

use openapi2mcp_core::load::{self, Input};
use openapi2mcp_core::search::OperationIndex;
use openapi2mcp_core::tool::Tool;

fn main() {
    let corpus = PathBuf::from(
        std::env::var("OPENAPI2MCP_CORPUS").unwrap_or_else(|_| "../shared/specs".into()),
    );
    let queries = queries();
    let work = tempfile::tempdir().expect("a temporary directory");
    let synthetic = work.path().join("synthetic-100000.json");
    std::fs::write(&synthetic, synthetic::spec(100_000)).expect("writable");
    let github = corpus.join("github/generated/api.github.com.json");

    // The meaning ranking's model is read once, by the first index a process makes.
    let started = Instant::now();
    std::hint::black_box(OperationIndex::new(std::iter::empty::<&Tool>()));
    println!(
        "The search's word model read in {:.3} s, once a process.\n",
        started.elapsed().as_secs_f64()
    );
    println!("| API | tools | index: time | a query: median | a query: slowest |");
    println!("|---|---|---|---|---|");
    for (label, path) in [
        ("GitHub REST", github.as_path()),
        ("synthetic, 100000 operations", synthetic.as_path()),
    ] {
        if !path.exists() {
            eprintln!("{label}: {} is missing, skipped", path.display());
            continue;
        }
        let tools = tools(path);
        let mut index_seconds: Vec<f64> = (0..3)
            .map(|_| {
                let started = Instant::now();
                std::hint::black_box(OperationIndex::new(&tools));
                started.elapsed().as_secs_f64()
            })
            .collect();
        let index = OperationIndex::new(&tools);
        let mut query_seconds: Vec<f64> = queries
            .iter()
            .map(|query| {
                let started = Instant::now();
                std::hint::black_box(index.search(query, 5));
                started.elapsed().as_secs_f64()
            })
            .collect();
        println!(
            "| {label} | {} | {:.3} s | {:.2} ms | {:.2} ms |",
            tools.len(),
            median(&mut index_seconds),
            median(&mut query_seconds) * 1e3,
            query_seconds.iter().copied().fold(0.0, f64::max) * 1e3,
        );
    }
}

/// The tools `spec` converts to.
fn tools(spec: &Path) -> Vec<Tool> {
    let loaded = load::load(&Input::Path(spec.to_path_buf()), &Default::default())
        .unwrap_or_else(|e| panic!("{} loads: {e}", spec.display()));
    openapi2mcp_core::pipeline::convert_spec(&loaded, &Default::default())
        .expect("converts")
        .tools
        .into_iter()
        .map(|converted| converted.tool)
        .collect()
}

/// The labelled tasks, as queries.
fn queries() -> Vec<String> {
    let labels = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/search/github.tsv");
    std::fs::read_to_string(labels)
        .expect("the labels are readable")
        .lines()
        .skip(1)
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .filter_map(|line| Some(line.split_once('\t')?.0.to_string()))
        .collect()
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}
