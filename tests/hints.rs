//! How good the hints' judgement is, measured on the hand-labelled operations of
//! `tests/hints/labels.yaml` (real specs under `$OPENAPI2MCP_CORPUS`, and the fixture
//! `tests/hints/fixtures/rpc.yaml`), split by API into a tuning half and a test half that
//! the file fixes. Both halves are reported, the test half first; the floors hold the test
//! half (the fixture alone, in the tuning half, without the corpus).
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
//! - safety: of the GETs that act and the PUTs that are not idempotent, the share flagged;
//!   of the statements that make a tool look safer (read-only, not destructive,
//!   idempotent), the share wrong; the labelled writing tools `--read-only` keeps; the
//!   DELETEs suggested read-only; and of lint's name and hint findings, the share wrong.

use std::collections::BTreeMap;
use std::path::PathBuf;

use openapi2mcp_core::convert::{Converted, Options};
use openapi2mcp_core::hints::Hints;
use openapi2mcp_core::lint::{self, RuleSettings};
use openapi2mcp_core::load::{self, Input};
use openapi2mcp_core::pipeline;
use openapi2mcp_core::tool::HintKind;
use serde::Deserialize;

/// What the test half may not fall below (or rise above), with the corpus.
const TEST_FLOORS: Floors = Floors {
    precision: 0.96,
    recall: 0.75,
    flagged: 0.93,
    safer_wrong: 0.028,
    lint_wrong: 0.06,
    read_only_leaks: 0,
};

/// What the fixture's labels alone may not fall below (a plain `cargo test`).
const FIXTURE_FLOORS: Floors = Floors {
    precision: 1.0,
    recall: 0.955,
    flagged: 1.0,
    safer_wrong: 0.0,
    lint_wrong: 0.0,
    read_only_leaks: 0,
};

struct Floors {
    precision: f64,
    recall: f64,
    /// GETs that act and PUTs that are not idempotent, the share flagged.
    flagged: f64,
    /// The most of the statements that make a tool look safer that may be wrong.
    safer_wrong: f64,
    /// The most of lint's name and hint findings that may be wrong.
    lint_wrong: f64,
    /// The most labelled writing tools `--read-only` may keep.
    read_only_leaks: usize,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LabelFile {
    /// The APIs of the test half.
    test: Vec<String>,
    labels: Vec<Label>,
}

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

    /// The API it belongs to: an apisguru provider, else the first folder of its spec.
    fn api(&self) -> String {
        let mut parts = self.spec.split('/');
        match (parts.next(), parts.next()) {
            (Some("apisguru"), Some(provider)) => format!("apisguru/{provider}"),
            (Some(first), _) => first.to_string(),
            _ => String::new(),
        }
    }

    fn line(&self) -> String {
        format!("{} {} {}", self.spec, self.method, self.path)
    }
}

/// Who said what about one tool's hints: `(hint, value, by lint)`.
fn statements(converted: &Converted, findings: &[lint::Finding]) -> Vec<(HintKind, bool, bool)> {
    let mut said: Vec<(HintKind, bool, bool)> = converted
        .suggestions
        .iter()
        .filter(|s| s.is_suggested())
        .map(|s| (s.hint, s.value, false))
        .collect();
    for finding in findings.iter().filter(|f| f.tool == converted.tool.name) {
        let (kind, value) = match finding.rule.code {
            "OAM001" => (HintKind::ReadOnly, false),
            "OAM002" => (HintKind::Destructive, true),
            "OAM004" => (HintKind::ReadOnly, true),
            "OAM005" => (HintKind::Idempotent, false),
            "OAM003" if finding.message.starts_with("readOnlyHint") => (HintKind::ReadOnly, false),
            "OAM003" => (HintKind::Destructive, true),
            _ => continue,
        };
        said.push((kind, value, true));
    }
    said.sort_by_key(|(kind, value, lint)| (*kind as usize, *value, *lint));
    said.dedup();
    said
}

/// A count out of a total.
#[derive(Default, Clone, Copy)]
struct Share {
    of: usize,
    total: usize,
}

impl Share {
    fn add(&mut self, hit: bool) {
        self.total += 1;
        self.of += usize::from(hit);
    }

    /// The share of a good kind: with nothing to count, nothing fell short.
    fn ratio(self) -> f64 {
        if self.total == 0 {
            1.0
        } else {
            self.of as f64 / self.total as f64
        }
    }

    /// The share of a bad kind (wrong statements): with nothing to count, none was wrong.
    fn wrong_ratio(self) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            self.of as f64 / self.total as f64
        }
    }

    fn show(self) -> String {
        if self.total == 0 {
            return "none to count (0/0)".to_string();
        }
        format!("{:.1}% ({}/{})", self.ratio() * 100.0, self.of, self.total)
    }
}

/// The measures of one half.
#[derive(Default)]
struct Measures {
    operations: usize,
    /// Right statements of all made, per hint.
    precision: BTreeMap<&'static str, Share>,
    /// Corrected of the hints the method gets wrong, per hint.
    recall: BTreeMap<&'static str, Share>,
    flagged: Share,
    safer_wrong: Share,
    lint_wrong: Share,
    read_only_leaks: Vec<String>,
    /// Labelled reading GETs that `--read-only` keeps: what its caution costs.
    read_only_kept: Share,
    delete_read_only: Vec<String>,
    details: Vec<String>,
}

impl Measures {
    fn total(map: &BTreeMap<&'static str, Share>) -> Share {
        map.values().fold(Share::default(), |a, b| Share {
            of: a.of + b.of,
            total: a.total + b.total,
        })
    }

    /// Judges what was said of one labelled tool.
    fn judge(&mut self, label: &Label, converted: &Converted, findings: &[lint::Finding]) {
        self.operations += 1;
        let said = statements(converted, findings);
        let method = &converted.binding().method;
        let by_method = Hints::infer(method);
        for kind in [
            HintKind::ReadOnly,
            HintKind::Destructive,
            HintKind::Idempotent,
        ] {
            let Some(truth) = label.truth(kind) else {
                continue;
            };
            for &(_, value, by_lint) in said.iter().filter(|(k, ..)| *k == kind) {
                let right = value == truth;
                self.precision.entry(kind.key()).or_default().add(right);
                let safer = matches!(
                    (kind, value),
                    (HintKind::ReadOnly, true)
                        | (HintKind::Destructive, false)
                        | (HintKind::Idempotent, true)
                );
                if safer {
                    self.safer_wrong.add(!right);
                }
                if by_lint {
                    self.lint_wrong.add(!right);
                }
                if !right {
                    let by = if by_lint { "lint" } else { "review" };
                    self.details.push(format!(
                        "wrong ({by}): {} said {}: {value} ({})",
                        label.line(),
                        kind.key(),
                        label.why
                    ));
                }
            }
            if by_method.get(kind).value != truth {
                let found = said.iter().any(|&(k, v, _)| k == kind && v == truth);
                self.recall.entry(kind.key()).or_default().add(found);
                if !found {
                    self.details
                        .push(format!("missed: {} {}: {truth}", label.line(), kind.key()));
                }
            }
        }
        let said_is = |kind, value| said.iter().any(|&(k, v, _)| k == kind && v == value);
        if method.is_safe() && !label.read_only {
            self.flagged.add(said_is(HintKind::ReadOnly, false));
        }
        if method.as_str() == "PUT" && !label.read_only && label.idempotent == Some(false) {
            self.flagged.add(said_is(HintKind::Idempotent, false));
        }
        if converted.binding().read_only_verified && !label.read_only {
            self.read_only_leaks.push(label.line());
        }
        if method.is_safe() && label.read_only {
            self.read_only_kept
                .add(converted.binding().read_only_verified);
        }
        if method.as_str() == "DELETE" && said_is(HintKind::ReadOnly, true) {
            self.delete_read_only.push(label.line());
        }
    }

    fn report(&self, name: &str) -> String {
        let mut out = format!(
            "hints, {name} ({} operations): precision {}, recall {}\n",
            self.operations,
            Self::total(&self.precision).show(),
            Self::total(&self.recall).show()
        );
        for kind in ["readOnlyHint", "destructiveHint", "idempotentHint"] {
            out.push_str(&format!(
                "  {kind:16} precision {}  recall {}\n",
                self.precision.get(kind).copied().unwrap_or_default().show(),
                self.recall.get(kind).copied().unwrap_or_default().show()
            ));
        }
        out.push_str(&format!(
            "  safety: acting GETs and non-idempotent PUTs flagged {}; safer-looking statements wrong {}; lint name/hint findings wrong {}; --read-only keeps {} labelled writing tools (and {} of the reading GETs); DELETEs suggested read-only: {}\n",
            self.flagged.show(),
            self.safer_wrong.show(),
            self.lint_wrong.show(),
            self.read_only_leaks.len(),
            self.read_only_kept.show(),
            self.delete_read_only.len()
        ));
        for line in self.read_only_leaks.iter().chain(&self.delete_read_only) {
            out.push_str(&format!("    {line}\n"));
        }
        out
    }

    /// Failures against `floors`, in words.
    fn below(&self, floors: &Floors) -> Vec<String> {
        let mut out = Vec::new();
        let mut check = |ok: bool, what: &str| {
            if !ok {
                out.push(what.to_string());
            }
        };
        check(
            Self::total(&self.precision).ratio() >= floors.precision,
            "precision",
        );
        check(Self::total(&self.recall).ratio() >= floors.recall, "recall");
        check(
            self.flagged.ratio() >= floors.flagged,
            "acting GETs and non-idempotent PUTs flagged",
        );
        check(
            self.safer_wrong.wrong_ratio() <= floors.safer_wrong,
            "safer-looking statements wrong",
        );
        check(
            self.lint_wrong.wrong_ratio() <= floors.lint_wrong,
            "lint findings wrong",
        );
        check(
            self.read_only_leaks.len() <= floors.read_only_leaks,
            "--read-only keeps a writing tool",
        );
        check(
            self.delete_read_only.is_empty(),
            "a DELETE suggested read-only",
        );
        out
    }
}

/// The labels, by spec file.
fn labels_by_spec(labels: &[Label]) -> BTreeMap<(bool, &str), Vec<&Label>> {
    let mut by_spec: BTreeMap<(bool, &str), Vec<&Label>> = BTreeMap::new();
    for label in labels {
        by_spec
            .entry((label.repo, label.spec.as_str()))
            .or_default()
            .push(label);
    }
    by_spec
}

#[test]
fn hint_judgement_on_the_labelled_set() {
    let text = std::fs::read_to_string(crate::common::repo_path("tests/hints/labels.yaml"))
        .expect("the labels");
    let file: LabelFile = yaml_serde::from_str(&text).expect("labels parse");
    assert!(
        file.labels.len() >= 1_500,
        "at least 1,500 labelled operations"
    );
    let corpus = std::env::var_os("OPENAPI2MCP_CORPUS").map(PathBuf::from);
    if corpus.is_none() {
        crate::common::skipped(
            "OPENAPI2MCP_CORPUS",
            "hints are judged on the fixture's labels only, against the fixture's floors",
        );
    }
    let (mut tuning, mut test) = (Measures::default(), Measures::default());
    for ((repo, spec), labels) in labels_by_spec(&file.labels) {
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
            let converted = converted.unwrap_or_else(|| panic!("{}: no such tool", label.line()));
            assert_eq!(converted.operation_id, label.operation_id, "{label:?}");
            let half = if file.test.contains(&label.api()) {
                &mut test
            } else {
                &mut tuning
            };
            half.judge(label, converted, &findings);
        }
    }
    let mut report = String::new();
    if corpus.is_some() {
        report.push_str(&test.report("test half"));
    }
    report.push_str(&tuning.report("tuning half"));
    if std::env::var_os("OPENAPI2MCP_HINTS_DETAIL").is_some() {
        for (name, half) in [("test", &test), ("tuning", &tuning)] {
            for line in &half.details {
                report.push_str(&format!("{name}: {line}\n"));
            }
        }
    }
    {
        use std::io::Write;
        let _ = std::io::stderr().write_all(report.as_bytes());
    }
    let failures = match corpus {
        Some(_) => test.below(&TEST_FLOORS),
        None => tuning.below(&FIXTURE_FLOORS),
    };
    assert!(
        failures.is_empty(),
        "below the floor: {failures:?}\n{report}"
    );
}
