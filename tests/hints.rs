//! How good the hints' judgement is, measured on the hand-labelled operations of
//! `tests/hints/labels.yaml` (real specs under `$OPENAPI2MCP_CORPUS`, and the fixture
//! `tests/hints/fixtures/rpc.yaml`).
//!
//! What lint and review *say* about an operation's hints is a set of statements
//! `(hint, value)`: review's suggestions, and the lint findings that say a hint is wrong
//! (name-implies-write: read-only is false; name-implies-destructive: destructive is true;
//! name-implies-read-only: read-only is true; risky-idempotent: idempotent is false;
//! hint-contradicts-method: the hint it names is the other way). Against the labels:
//!
//! - precision: the share of statements that match the label. A statement about
//!   destructive or idempotent on an operation that is truly read-only is moot (MCP says
//!   both mean nothing there) and counts neither way.
//! - recall: of the (operation, hint) pairs where the hints that the HTTP method alone
//!   gives are wrong, the share where lint or review made the correct statement.
//!
//! The test fails when either falls below the numbers recorded here (and in the README);
//! raise them when the judgement improves.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

use openapi2mcp::convert::{Converted, Options};
use openapi2mcp::hints::Hints;
use openapi2mcp::lint::{self, RuleSettings};
use openapi2mcp::load::{self, Input};
use openapi2mcp::pipeline;
use openapi2mcp::tool::HintKind;
use serde::Deserialize;

/// The numbers this test may not fall below on the fixture's labels alone (a plain
/// `cargo test`, without the corpus).
const FIXTURE_PRECISION_FLOOR: f64 = 1.0;
const FIXTURE_RECALL_FLOOR: f64 = 0.956;

/// The numbers this test may not fall below, measured on the whole set (with the corpus).
const PRECISION_FLOOR: f64 = 0.987;
const RECALL_FLOOR: f64 = 0.850;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Label {
    spec: String,
    /// `spec` is relative to the repository, not the corpus.
    #[serde(default)]
    repo: bool,
    method: String,
    path: String,
    operation_id: Option<String>,
    read_only: bool,
    destructive: Option<bool>,
    idempotent: Option<bool>,
    why: String,
}

impl Label {
    /// The true value of a hint, `None` where it is moot (on a read-only operation).
    fn truth(&self, kind: HintKind) -> Option<bool> {
        match kind {
            HintKind::ReadOnly => Some(self.read_only),
            _ if self.read_only => None,
            HintKind::Destructive => self.destructive,
            HintKind::Idempotent => self.idempotent,
            HintKind::OpenWorld => None,
        }
    }
}

/// What lint and review said about one tool's hints.
fn statements(converted: &Converted, findings: &[lint::Finding]) -> Vec<(HintKind, bool)> {
    let mut said: Vec<(HintKind, bool)> = converted
        .suggestions
        .iter()
        .filter(|s| s.is_suggested())
        .map(|s| (s.hint, s.value))
        .collect();
    for finding in findings.iter().filter(|f| f.tool == converted.tool.name) {
        let statement = match finding.rule.code {
            "OAM001" => (HintKind::ReadOnly, false),
            "OAM002" => (HintKind::Destructive, true),
            "OAM004" => (HintKind::ReadOnly, true),
            "OAM005" => (HintKind::Idempotent, false),
            "OAM003" if finding.message.starts_with("readOnlyHint") => (HintKind::ReadOnly, false),
            "OAM003" => (HintKind::Destructive, true),
            _ => continue,
        };
        said.push(statement);
    }
    said.sort_by_key(|(kind, value)| (*kind as usize, *value));
    said.dedup();
    said
}

#[derive(Default)]
struct Tally {
    statements: usize,
    correct: usize,
    wrong_pairs: usize,
    recalled: usize,
}

#[test]
fn hint_judgement_on_the_labelled_set() {
    let text = std::fs::read_to_string(crate::common::repo_path("tests/hints/labels.yaml"))
        .expect("the labels");
    let labels: Vec<Label> = yaml_serde::from_str(&text).expect("labels parse");
    assert!(labels.len() >= 400, "at least 400 labelled operations");
    let corpus = std::env::var_os("OPENAPI2MCP_CORPUS").map(PathBuf::from);
    if corpus.is_none() {
        crate::common::skipped(
            "OPENAPI2MCP_CORPUS",
            "hints are judged on the fixture's labels only, against the fixture's floors",
        );
    }
    let mut by_spec: BTreeMap<(bool, &str), Vec<&Label>> = BTreeMap::new();
    for label in &labels {
        by_spec
            .entry((label.repo, label.spec.as_str()))
            .or_default()
            .push(label);
    }
    let mut tally: HashMap<HintKind, Tally> = HashMap::new();
    let mut misses = Vec::new();
    let mut errors = Vec::new();
    for ((repo, spec), labels) in by_spec {
        let path = match (repo, &corpus) {
            (true, _) => crate::common::repo_path(spec),
            (false, Some(corpus)) => corpus.join(spec),
            (false, None) => continue,
        };
        let spec = load::load(&Input::Path(path), &Default::default()).expect("the spec loads");
        let options = Options {
            keep_going: true,
            ..Options::default()
        };
        let conversion = pipeline::convert_spec(&spec, &options).expect("converts");
        let subjects = lint::subjects_from_conversion(&spec, &conversion.tools);
        let findings = lint::lint(&subjects, &RuleSettings::default(), None);
        for label in labels {
            let converted = conversion.tools.iter().find(|c| {
                let binding = c.binding();
                binding.method.as_str() == label.method && binding.path == label.path
            });
            let Some(converted) = converted else {
                panic!(
                    "{} {} {}: no such tool",
                    label.spec, label.method, label.path
                );
            };
            assert_eq!(converted.operation_id, label.operation_id, "{label:?}");
            let said = statements(converted, &findings);
            let by_method = Hints::infer(&converted.binding().method);
            for kind in [
                HintKind::ReadOnly,
                HintKind::Destructive,
                HintKind::Idempotent,
            ] {
                let Some(truth) = label.truth(kind) else {
                    continue;
                };
                let counts = tally.entry(kind).or_default();
                for (_, value) in said.iter().filter(|(k, _)| *k == kind) {
                    counts.statements += 1;
                    if *value == truth {
                        counts.correct += 1;
                    } else {
                        errors.push(format!(
                            "wrong: {} {} said {}: {value}, labelled {truth} ({})",
                            label.method,
                            label.path,
                            kind.key(),
                            label.why
                        ));
                    }
                }
                if by_method.get(kind).value != truth {
                    counts.wrong_pairs += 1;
                    if said.contains(&(kind, truth)) {
                        counts.recalled += 1;
                    } else {
                        misses.push(format!(
                            "missed: {} {} {}: {truth}",
                            label.method,
                            label.path,
                            kind.key()
                        ));
                    }
                }
            }
        }
    }
    let total = |f: fn(&Tally) -> usize| tally.values().map(f).sum::<usize>();
    let ratio = |a: usize, b: usize| if b == 0 { 1.0 } else { a as f64 / b as f64 };
    let precision = ratio(total(|t| t.correct), total(|t| t.statements));
    let recall = ratio(total(|t| t.recalled), total(|t| t.wrong_pairs));
    let mut report = format!(
        "hints: precision {:.1}% ({} of {} statements), recall {:.1}% ({} of {} wrong method hints)\n",
        precision * 100.0,
        total(|t| t.correct),
        total(|t| t.statements),
        recall * 100.0,
        total(|t| t.recalled),
        total(|t| t.wrong_pairs),
    );
    for kind in [
        HintKind::ReadOnly,
        HintKind::Destructive,
        HintKind::Idempotent,
    ] {
        let t = tally.entry(kind).or_default();
        report.push_str(&format!(
            "  {:16} precision {}/{}  recall {}/{}\n",
            kind.key(),
            t.correct,
            t.statements,
            t.recalled,
            t.wrong_pairs
        ));
    }
    if std::env::var_os("OPENAPI2MCP_HINTS_DETAIL").is_some() {
        for line in errors.iter().chain(&misses) {
            report.push_str(line);
            report.push('\n');
        }
    }
    {
        use std::io::Write;
        let _ = std::io::stderr().write_all(report.as_bytes());
    }
    let (precision_floor, recall_floor) = match corpus {
        Some(_) => (PRECISION_FLOOR, RECALL_FLOOR),
        None => (FIXTURE_PRECISION_FLOOR, FIXTURE_RECALL_FLOOR),
    };
    assert!(precision >= precision_floor, "{report}");
    assert!(recall >= recall_floor, "{report}");
}
