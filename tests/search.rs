//! How well `search_operations` finds the operation a task needs, measured on the
//! hand-labelled GitHub tasks of `tests/search/github.tsv` (the GitHub spec under
//! `$OPENAPI2MCP_CORPUS`): recall@5, the share of tasks where one of the operations that
//! does the task is among the first five results.
//!
//! The tasks alternate between two halves: the search was tuned looking only at the misses
//! of the first (even lines), so the second is a held-out measure of how it does on tasks
//! it was not tuned for. The test fails when either falls below the numbers recorded here
//! (and in the README); raise them when the search improves.

use std::collections::HashMap;

use openapi2mcp::load::{self, Input};
use openapi2mcp::search::OperationIndex;

/// Recall@5 this test may not fall below: on the tuning half, and on the held-out half.
const TUNING_FLOOR: f64 = 0.844;
const HELD_OUT_FLOOR: f64 = 0.850;

struct Task {
    text: String,
    /// The operationIds that do it, any one of them.
    operations: Vec<String>,
}

fn tasks() -> Vec<Task> {
    let text = std::fs::read_to_string(crate::common::repo_path("tests/search/github.tsv"))
        .expect("the labels are readable");
    text.lines()
        .skip(1)
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let (task, operations) = line.split_once('\t').expect("task TAB operations");
            Task {
                text: task.to_string(),
                operations: operations.split('|').map(str::to_string).collect(),
            }
        })
        .collect()
}

#[test]
fn search_finds_the_operation_for_a_task() {
    let Some(corpus) = std::env::var_os("OPENAPI2MCP_CORPUS") else {
        crate::common::skipped("OPENAPI2MCP_CORPUS", "search is not measured");
        return;
    };
    let path = std::path::Path::new(&corpus).join("github/generated/api.github.com.json");
    let spec = load::load(&Input::Path(path), &Default::default()).expect("loads");
    let conversion =
        openapi2mcp::pipeline::convert_spec(&spec, &Default::default()).expect("converts");
    let by_id: HashMap<&str, usize> = conversion
        .tools
        .iter()
        .enumerate()
        .filter_map(|(i, c)| Some((c.operation_id.as_deref()?, i)))
        .collect();
    let index = OperationIndex::new(conversion.tools.iter().map(|c| &c.tool));
    let tasks = tasks();
    assert!(tasks.len() >= 100, "{} tasks", tasks.len());
    let mut found = [0usize; 2];
    let mut counted = [0usize; 2];
    let mut misses = Vec::new();
    for (n, task) in tasks.iter().enumerate() {
        let wanted: Vec<usize> = task
            .operations
            .iter()
            .map(|id| {
                *by_id
                    .get(id.as_str())
                    .unwrap_or_else(|| panic!("no operation {id}"))
            })
            .collect();
        let top = index.search(&task.text, 5);
        let half = n % 2;
        counted[half] += 1;
        if top.iter().any(|i| wanted.contains(i)) {
            found[half] += 1;
        } else if half == 0 {
            let names: Vec<&str> = top.iter().map(|&i| conversion.tools[i].name()).collect();
            misses.push(format!(
                "{} -> {names:?}, wanted {:?}",
                task.text, task.operations
            ));
        }
    }
    let recall = |half: usize| found[half] as f64 / counted[half] as f64;
    eprintln!(
        "search recall@5: tuning half {}/{} = {:.3}, held-out half {}/{} = {:.3}, all {:.3}\nmisses of the tuning half:\n{}",
        found[0],
        counted[0],
        recall(0),
        found[1],
        counted[1],
        recall(1),
        (found[0] + found[1]) as f64 / tasks.len() as f64,
        misses.join("\n")
    );
    assert!(recall(0) >= TUNING_FLOOR, "tuning half {:.3}", recall(0));
    assert!(
        recall(1) >= HELD_OUT_FLOOR,
        "held-out half {:.3}",
        recall(1)
    );
}
