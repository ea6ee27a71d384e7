//! Stage 4, emit: the linter. Checks every tool, from a converted spec or from any tools
//! manifest, against the rules in [`rules`], and reports findings that point at the spec's
//! (or the manifest's) lines.

pub mod report;
pub mod rules;

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use crate::convert::client::Client;
use crate::convert::Tool;
use crate::error::{push_pointer, Error, Result};
use crate::hints::evidence::{is_idempotency_key, verb, VerbClass};
use crate::hints::{HintKind, HintSource};
use crate::load::Spec;
use crate::manifest::HTTP_META_KEY;
use rules::Rule;

/// How serious a finding is; `--fail-on` picks the least that fails the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Info,
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }

    pub fn parse(text: &str) -> Option<Severity> {
        Some(match text {
            "info" => Severity::Info,
            "warning" => Severity::Warning,
            "error" => Severity::Error,
            _ => return None,
        })
    }
}

/// The part of a tool a finding is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Tool,
    Name,
    Title,
    Description,
    InputSchema,
    Hint(HintKind),
}

/// What a rule found in one tool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hit {
    pub message: String,
    pub target: Target,
}

impl Hit {
    pub fn new(target: Target, message: impl Into<String>) -> Hit {
        Hit {
            message: message.into(),
            target,
        }
    }
}

/// One tool as the rules see it, whatever it was read from.
#[derive(Debug)]
pub struct Subject<'a> {
    pub name: &'a str,
    pub title: Option<&'a str>,
    pub description: Option<&'a str>,
    pub input_schema: Option<&'a Value>,
    /// The HTTP method, when the spec or `_meta["openapi2mcp/http"]` says it.
    pub method: Option<&'a str>,
    /// The hints the tool states: in a spec, those from `x-mcp-annotations` or overrides;
    /// in a manifest, those in its `annotations`.
    pub declared: Vec<(HintKind, bool)>,
    /// Every hint with the MCP defaults applied, in [`HintKind::ALL`] order.
    pub effective: [bool; 4],
    pub takes_idempotency_key: bool,
    /// Rules silenced for this tool (`x-openapi2mcp-ignore`).
    pub ignored: Vec<String>,
    places: Places,
}

impl Subject<'_> {
    pub fn hint(&self, kind: HintKind) -> bool {
        self.effective[kind as usize]
    }

    pub fn declares(&self, kind: HintKind) -> Option<bool> {
        self.declared
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, v)| *v)
    }

    /// The verb of the tool's name (its first word that is a known verb).
    pub fn verb(&self) -> Option<(String, VerbClass)> {
        verb(self.name)
    }
}

/// Where each part of a tool stands: a file and JSON pointers into it.
#[derive(Debug, Clone)]
struct Places {
    file: String,
    tool: String,
    name: Option<String>,
    title: Option<String>,
    description: Option<String>,
    input_schema: Option<String>,
    hints: [Option<String>; 4],
}

impl Places {
    fn pointer(&self, target: Target) -> &str {
        let specific = match target {
            Target::Tool => None,
            Target::Name => self.name.as_ref(),
            Target::Title => self.title.as_ref(),
            Target::Description => self.description.as_ref(),
            Target::InputSchema => self.input_schema.as_ref(),
            Target::Hint(kind) => self.hints[kind as usize].as_ref(),
        };
        specific.unwrap_or(&self.tool)
    }
}

/// The tools of a converted spec, placed at their operations.
pub fn subjects_from_tools<'a>(spec: &Spec, tools: &'a [Tool]) -> Vec<Subject<'a>> {
    tools
        .iter()
        .map(|tool| {
            let operation = &tool.location.pointer;
            let at = |key: &str, present: bool| present.then(|| push_pointer(operation, key));
            let declared: Vec<(HintKind, bool)> = HintKind::ALL
                .into_iter()
                .filter(|&k| tool.hints.get(k).source >= HintSource::Spec)
                .map(|k| (k, tool.hints.get(k).value))
                .collect();
            let hints = HintKind::ALL.map(|k| {
                (tool.hints.get(k).source == HintSource::Spec)
                    .then(|| push_pointer(&push_pointer(operation, "x-mcp-annotations"), k.key()))
            });
            Subject {
                name: &tool.name,
                title: tool.title.as_deref(),
                description: tool.description.as_deref(),
                input_schema: Some(&tool.input_schema),
                method: Some(&tool.method),
                declared,
                effective: HintKind::ALL.map(|k| tool.hints.get(k).value),
                takes_idempotency_key: tool.takes_idempotency_key,
                ignored: tool.lint_ignore.clone(),
                places: Places {
                    file: spec.file(tool.location.file).name.clone(),
                    tool: operation.clone(),
                    name: at("operationId", tool.operation_id.is_some()),
                    title: at("summary", tool.title.is_some()),
                    description: at("description", tool.has_own_description),
                    input_schema: None,
                    hints,
                },
            }
        })
        .collect()
}

/// The tools of a manifest: `{"tools": [...]}`, a bare array of tools, or a `tools/list`
/// JSON-RPC response. Hints are read with the MCP defaults applied.
pub fn subjects_from_manifest<'a>(value: &'a Value, file: &str) -> Result<Vec<Subject<'a>>> {
    let (tools, base) = if let Some(tools) = value.get("tools") {
        (tools, "/tools")
    } else if let Some(tools) = value.pointer("/result/tools") {
        (tools, "/result/tools")
    } else {
        (value, "")
    };
    let tools = tools.as_array().ok_or_else(|| {
        Error::new(
            "not a tools manifest: expected {\"tools\": [...]}, an array of tools, or a \
             tools/list response",
        )
        .in_file(file)
    })?;
    Ok(tools
        .iter()
        .enumerate()
        .map(|(i, tool)| {
            let pointer = format!("{base}/{i}");
            let text = |key| tool.get(key).and_then(Value::as_str);
            let at = |key: &str| tool.get(key).map(|_| push_pointer(&pointer, key));
            let annotations = tool.get("annotations").and_then(Value::as_object);
            let declared: Vec<(HintKind, bool)> = HintKind::ALL
                .into_iter()
                .filter_map(|k| Some((k, annotations?.get(k.key())?.as_bool()?)))
                .collect();
            let http = tool.get("_meta").and_then(|m| m.get(HTTP_META_KEY));
            let takes_key = http
                .and_then(|h| h.get("params"))
                .and_then(Value::as_object)
                .into_iter()
                .flatten()
                .any(|(_, origin)| {
                    origin.get("in").and_then(Value::as_str) == Some("header")
                        && origin
                            .get("name")
                            .and_then(Value::as_str)
                            .is_some_and(is_idempotency_key)
                });
            let effective = HintKind::ALL.map(|k| {
                declared
                    .iter()
                    .find(|(d, _)| *d == k)
                    .map_or(k.default_value(), |(_, v)| *v)
            });
            let hints = HintKind::ALL.map(|k| {
                annotations
                    .filter(|a| a.contains_key(k.key()))
                    .map(|_| push_pointer(&push_pointer(&pointer, "annotations"), k.key()))
            });
            Subject {
                name: text("name").unwrap_or(""),
                title: text("title").or_else(|| {
                    tool.get("annotations")
                        .and_then(|a| a.get("title"))
                        .and_then(Value::as_str)
                }),
                description: text("description"),
                input_schema: tool.get("inputSchema"),
                method: http.and_then(|h| h.get("method")).and_then(Value::as_str),
                declared,
                effective,
                takes_idempotency_key: takes_key,
                ignored: Vec::new(),
                places: Places {
                    file: file.to_string(),
                    name: at("name"),
                    title: at("title"),
                    description: at("description"),
                    input_schema: at("inputSchema"),
                    hints,
                    tool: pointer,
                },
            }
        })
        .collect())
}

/// Where a finding points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FindingLocation {
    pub file: String,
    pub pointer: String,
    pub line_col: Option<(usize, usize)>,
}

#[derive(Debug, Clone)]
pub struct Finding {
    pub rule: &'static Rule,
    pub severity: Severity,
    pub tool: String,
    pub message: String,
    pub location: FindingLocation,
}

/// Which rules run and how serious each is: defaults, then the config file, then
/// `--ignore`.
#[derive(Debug, Clone, Default)]
pub struct Settings {
    /// By rule code: a severity, or `None` for off.
    pub severities: HashMap<&'static str, Option<Severity>>,
}

impl Settings {
    /// Sets a rule's severity (`error`, `warning`, `info` or `off`), naming it by code or name.
    pub fn set(&mut self, rule: &str, level: &str) -> std::result::Result<(), String> {
        let rule = rules::find(rule).ok_or_else(|| format!("unknown rule '{rule}'"))?;
        let severity = match level {
            "off" => None,
            other => Some(Severity::parse(other).ok_or_else(|| {
                format!("unknown severity '{other}' (error, warning, info or off)")
            })?),
        };
        self.severities.insert(rule.code, severity);
        Ok(())
    }

    fn severity(&self, rule: &Rule) -> Option<Severity> {
        self.severities
            .get(rule.code)
            .copied()
            .unwrap_or(Some(rule.severity))
    }
}

/// What the rules need to know about the whole set of tools.
pub struct Context {
    /// Every tool states all four hints: the `--hints explicit` style, where stating a
    /// default or a moot hint is on purpose.
    pub explicit_style: bool,
    pub name_counts: HashMap<String, usize>,
    /// The client named with `--client`, and the server name, if any.
    pub client: Option<(Client, Option<String>)>,
}

/// Runs every enabled rule on every tool.
pub fn lint(
    subjects: &[Subject<'_>],
    settings: &Settings,
    client: Option<(Client, Option<String>)>,
) -> Vec<Finding> {
    let mut name_counts = HashMap::new();
    for subject in subjects {
        *name_counts.entry(subject.name.to_string()).or_insert(0) += 1;
    }
    let context = Context {
        explicit_style: !subjects.is_empty() && subjects.iter().all(|s| s.declared.len() == 4),
        name_counts,
        client,
    };
    let mut findings = Vec::new();
    for subject in subjects {
        let ignored: HashSet<&str> = subject.ignored.iter().map(String::as_str).collect();
        for rule in rules::ALL {
            if ignored.contains(rule.code) || ignored.contains(rule.name) {
                continue;
            }
            let Some(severity) = settings.severity(rule) else {
                continue;
            };
            for hit in (rule.check)(subject, &context) {
                findings.push(Finding {
                    rule,
                    severity,
                    tool: subject.name.to_string(),
                    message: hit.message,
                    location: FindingLocation {
                        file: subject.places.file.clone(),
                        pointer: subject.places.pointer(hit.target).to_string(),
                        line_col: None,
                    },
                });
            }
        }
    }
    findings
}

/// Fills in the line and column of each finding, one walk per file.
pub fn add_lines(findings: &mut [Finding], spec: &Spec) {
    let mut errors: Vec<Error> = findings
        .iter()
        .map(|f| {
            Error::new(String::new())
                .in_file(f.location.file.clone())
                .at(f.location.pointer.clone())
        })
        .collect();
    spec.add_lines(&mut errors);
    for (finding, error) in findings.iter_mut().zip(errors) {
        finding.location.line_col = error.line_col;
    }
}
