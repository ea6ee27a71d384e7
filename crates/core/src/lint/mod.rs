//! Stage 4, emit: the linter. Checks every tool, from a converted spec or from any tools
//! manifest, against the rules in [`rules`], and reports findings that point at the spec's
//! (or the manifest's) lines.

pub mod baseline;
pub mod report;
pub mod rules;

use std::collections::{HashMap, HashSet};

use crate::convert::profile::ClientProfile;
use crate::convert::Converted;
use crate::error::{push_pointer, Error, ErrorKind};
use crate::hints::evidence::{self, Facts, Says, Source, Suggestion};
use crate::hints::vocabulary::Verb;
use crate::hints::{HintSource, Hints};
use crate::http::Method;
use crate::load::Spec;
use crate::manifest::Manifest;
use crate::schema;
use crate::tool::{Annotations, HintKind, Tool};
use rules::Rule;

/// How serious a finding is; `--fail-on` picks the least that fails the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Worth knowing; lint fails on it only with `--fail-on info`.
    Info,
    /// Worth fixing; lint fails on it with `--fail-on warning` or `info`.
    Warning,
    /// Misleads or breaks clients; lint fails on it by default.
    Error,
}

impl Severity {
    /// The name reports and the config file use: `info`, `warning` or `error`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }

    /// The severity `text` names, as [`Severity::as_str`] writes it in any case (as rules are
    /// named: `Error`, `WARNING`); `None` for any other text.
    pub fn parse(text: &str) -> Option<Severity> {
        Some(match text.to_ascii_lowercase().as_str() {
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
    /// The tool as a whole: its operation in a spec, its entry in a manifest. A finding about
    /// a part with no place of its own points here too.
    Tool,
    /// The tool's name, where it was set: the operation's `operationId`, an overrides entry,
    /// or a manifest tool's `name`.
    Name,
    /// The tool's title, where it was taken from.
    Title,
    /// The tool's description, where it was taken from.
    Description,
    /// The tool's `inputSchema`: that key in a manifest; for a converted tool, its operation.
    InputSchema,
    /// One hint, where it is stated: `x-mcp-annotations`, an overrides entry, or a
    /// manifest tool's `annotations`.
    Hint(HintKind),
    /// One of [`Subject::bad_patterns`], by index.
    Pattern(usize),
}

/// What a rule found in one tool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Hit {
    /// What is wrong, as the report says it.
    pub message: String,
    /// The part of the tool the finding points at.
    pub target: Target,
    /// The hint the finding is about, when it points elsewhere (at the name).
    pub about: Option<HintKind>,
}

impl Hit {
    /// A finding at `target` that says `message`.
    pub fn new(target: Target, message: impl Into<String>) -> Hit {
        Hit {
            message: message.into(),
            target,
            about: None,
        }
    }

    /// Says which hint the finding is about, though it points elsewhere.
    pub fn about(mut self, kind: HintKind) -> Hit {
        self.about = Some(kind);
        self
    }
}

/// One tool as the rules see it, whatever it was read from.
#[derive(Debug)]
pub struct Subject<'a> {
    /// The tool itself.
    pub tool: &'a Tool,
    /// The hints the tool states: in a spec, those from `x-mcp-annotations` or overrides;
    /// in a manifest, those in its `annotations`.
    pub declared: Annotations,
    /// Every hint's effective value, in [`HintKind::ALL`] order.
    pub effective: [bool; 4],
    /// Rules silenced for this tool (`x-openapi2mcp-ignore`).
    pub ignored: Vec<String>,
    /// What the evidence reader judged: the same judgement review shows.
    pub suggestions: Vec<Suggestion>,
    /// Parts of a converted tool's schemas convert left out as invalid JSON Schema
    /// (`inputSchema/...` pointers); none for a manifest, whose schemas are checked whole.
    pub invalid_keywords: Vec<String>,
    /// For each hint a person decided with a reason (an overrides file), that reason.
    pub reviewed: [Option<String>; 4],
    places: Places,
}

impl Subject<'_> {
    /// The tool's name.
    pub fn name(&self) -> &str {
        &self.tool.name
    }

    /// The HTTP method, when the tool's binding says it.
    pub fn method(&self) -> Option<&Method> {
        self.tool.binding().map(|b| &b.method)
    }

    /// The tool's regular expressions that clients cannot compile.
    pub fn bad_patterns(&self) -> &[BadPattern] {
        &self.places.patterns
    }

    /// The effective value of the hint `kind`.
    pub fn hint(&self, kind: HintKind) -> bool {
        self.effective[kind as usize]
    }

    /// The value the tool states for the hint `kind`; `None` when it states none.
    pub fn declares(&self, kind: HintKind) -> Option<bool> {
        self.declared.get(kind)
    }

    /// The API takes an idempotency key for this tool.
    pub fn takes_idempotency_key(&self) -> bool {
        self.tool
            .binding()
            .is_some_and(|b| b.idempotency_key.is_some())
    }

    /// The suggestion of `value` for `hint` that rests on the name's verb, if the judgement
    /// makes it: `(the verb, the suggestion)`. What lint's name rules check.
    pub(crate) fn named(
        &self,
        hint: HintKind,
        value: bool,
        verbs: &[Verb],
    ) -> Option<(&str, &Suggestion)> {
        let suggestion = self
            .suggestions
            .iter()
            .find(|s| s.hint == hint && s.value == value && s.is_suggested())?;
        let word = suggestion.evidence.iter().find(|e| {
            e.source == Source::Name && matches!(e.says, Says::Verb(v) if verbs.contains(&v))
        })?;
        Some((&word.seen, suggestion))
    }
}

/// A regular expression in a tool's schemas (a `pattern` or a `patternProperties` key)
/// that is not ECMA-262 in unicode mode, what clients compile schemas as.
#[derive(Debug, Clone)]
pub struct BadPattern {
    /// The regular expression as written.
    pub pattern: String,
    /// Why it does not compile.
    pub reason: String,
    /// Convert left it out of the tool (a spec); else the tool holds it (a manifest).
    pub left_out: bool,
    file: String,
    pointer: String,
}

/// Where each part of a tool stands: a file and JSON pointers into it.
#[derive(Debug, Clone)]
struct Places {
    file: String,
    /// Targets set outside the spec (by the overrides file), where they are set.
    elsewhere: Vec<(Target, FindingLocation)>,
    tool: String,
    name: Option<String>,
    title: Option<String>,
    description: Option<String>,
    input_schema: Option<String>,
    hints: [Option<String>; 4],
    patterns: Vec<BadPattern>,
}

impl Places {
    /// Where a finding about `target` points.
    fn location(&self, target: Target) -> FindingLocation {
        if let Some((_, place)) = self.elsewhere.iter().find(|(t, _)| *t == target) {
            return place.clone();
        }
        FindingLocation {
            file: self.file(target).to_string(),
            pointer: self.pointer(target).to_string(),
            line_col: None,
        }
    }

    fn file(&self, target: Target) -> &str {
        match target {
            Target::Pattern(i) => &self.patterns[i].file,
            _ => &self.file,
        }
    }

    fn pointer(&self, target: Target) -> &str {
        let specific = match target {
            Target::Pattern(i) => Some(&self.patterns[i].pointer),
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
pub fn subjects_from_conversion<'a>(spec: &Spec, tools: &'a [Converted]) -> Vec<Subject<'a>> {
    tools
        .iter()
        .map(|converted| {
            let operation = &converted.location.pointer;
            let at = |key: &str, present: bool| present.then(|| push_pointer(operation, key));
            // What the spec states includes a claim convert did not pass on (read-only on a
            // DELETE): each risk is a claim. The other rules judge the hints as written.
            let mut declared = converted.hints.claims();
            for risk in &converted.risks {
                declared.set(risk.hint, Some(risk.value));
            }
            let in_spec = |k: HintKind| {
                converted.hints.get(k).source == HintSource::Spec
                    || (converted.risks.iter()).any(|r| r.hint == k && r.source == HintSource::Spec)
            };
            let hints = HintKind::ALL.map(|k| {
                in_spec(k)
                    .then(|| push_pointer(&push_pointer(operation, "x-mcp-annotations"), k.key()))
            });
            Subject {
                tool: &converted.tool,
                effective: HintKind::ALL.map(|k| converted.hints.get(k).value),
                declared,
                ignored: converted.lint_ignore.clone(),
                suggestions: converted.suggestions.clone(),
                invalid_keywords: converted.invalid_keywords.clone(),
                reviewed: HintKind::ALL.map(|k| converted.hints.get(k).reviewed.clone()),
                places: Places {
                    file: spec.file(converted.location.file).name.clone(),
                    elsewhere: converted
                        .overridden_at
                        .iter()
                        .filter_map(|(field, place)| {
                            let target = match *field {
                                "name" => Target::Name,
                                "title" => Target::Title,
                                "description" => Target::Description,
                                hint => Target::Hint(HintKind::from_key(hint)?),
                            };
                            let location = FindingLocation {
                                file: place.file.clone(),
                                pointer: place.pointer.clone(),
                                line_col: None,
                            };
                            Some((target, location))
                        })
                        .collect(),
                    tool: operation.clone(),
                    name: at("operationId", converted.operation_id.is_some()),
                    title: converted.title_from.map(|key| push_pointer(operation, key)),
                    description: converted
                        .description_from
                        .map(|key| push_pointer(operation, key)),
                    input_schema: None,
                    hints,
                    patterns: converted
                        .dropped_patterns
                        .iter()
                        .map(|dropped| BadPattern {
                            pattern: dropped.pattern.clone(),
                            reason: dropped.reason.clone(),
                            left_out: true,
                            file: spec.file(dropped.location.file).name.clone(),
                            pointer: dropped.location.pointer.clone(),
                        })
                        .collect(),
                },
            }
        })
        .collect()
}

/// The tools of a manifest ([`crate::manifest::read`]), placed at their JSON pointers. Hints are
/// read with the MCP defaults applied.
pub fn subjects_from_manifest<'a>(manifest: &'a Manifest, file: &str) -> Vec<Subject<'a>> {
    let methods = manifest
        .tools
        .iter()
        .filter_map(|t| Some(&t.binding()?.method));
    let only_posts = crate::http::only_posts(methods);
    manifest
        .tools
        .iter()
        .enumerate()
        .map(|(i, tool)| {
            let pointer = format!("{}/{i}", manifest.pointer);
            let at = |key: &str, present: bool| present.then(|| push_pointer(&pointer, key));
            let annotations = push_pointer(&pointer, "annotations");
            let hints = HintKind::ALL.map(|k| {
                tool.annotations
                    .get(k)
                    .map(|_| push_pointer(&annotations, k.key()))
            });
            let facts = Facts::of_tool(tool, &pointer, only_posts);
            let input_schema = push_pointer(&pointer, "inputSchema");
            let patterns = tool
                .input_schema
                .iter()
                .flat_map(schema::patterns)
                .filter_map(|(at, pattern)| {
                    let reason = crate::pattern::compile(pattern).err()?;
                    Some(BadPattern {
                        pattern: pattern.to_string(),
                        reason,
                        left_out: false,
                        file: file.to_string(),
                        pointer: format!("{input_schema}{at}"),
                    })
                })
                .collect();
            // Judged as passed on: a read-only claim no person reviewed on a method that
            // removes is withheld, as convert and serve withhold it; the claim stays declared.
            let mut passed_on = Hints::listed(tool);
            if let Some(binding) = tool.binding() {
                passed_on.withhold_read_only_on_removal(&binding.method);
            }
            let suggestions = evidence::judge(&facts, &evidence::read(&facts), &passed_on);
            Subject {
                tool,
                declared: tool.annotations.clone(),
                effective: HintKind::ALL.map(|k| passed_on.get(k).value),
                ignored: Vec::new(),
                suggestions,
                invalid_keywords: Vec::new(),
                reviewed: HintKind::ALL.map(|k| passed_on.get(k).reviewed.clone()),
                places: Places {
                    file: file.to_string(),
                    elsewhere: Vec::new(),
                    name: at("name", true),
                    title: at("title", tool.title.is_some()),
                    description: at("description", tool.description.is_some()),
                    input_schema: tool.input_schema.is_some().then_some(input_schema),
                    hints,
                    patterns,
                    tool: pointer,
                },
            }
        })
        .collect()
}

/// Where a finding points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FindingLocation {
    /// The file, by the name messages use for it: `-` for standard input, or when none is
    /// known.
    pub file: String,
    /// The JSON pointer into the file; empty for the whole document.
    pub pointer: String,
    /// The 1-based line and column, once [`add_lines`] or [`add_lines_in`] has found them.
    pub line_col: Option<(usize, usize)>,
}

/// One problem a rule found in one tool.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Finding {
    /// The rule that found it.
    pub rule: &'static Rule,
    /// How serious it is: the rule's severity as the settings set it, or [`Severity::Info`]
    /// where a person's reviewed decision (an overrides entry with a reason) covers the hint.
    pub severity: Severity,
    /// The tool's name; for an operation convert skipped, its method and path (`POST /pets`),
    /// the path alone for a problem elsewhere in the path item, or `-` outside `/paths`.
    pub tool: String,
    /// What is wrong, for a person.
    pub message: String,
    /// Where it points.
    pub location: FindingLocation,
}

/// Which rules run and how serious each is: defaults, then the config file, then
/// `--ignore`; and the limits the size rules judge by.
#[derive(Debug, Clone, Default)]
pub struct RuleSettings {
    /// By rule code: a severity, or `None` for off.
    pub severities: HashMap<&'static str, Option<Severity>>,
    /// The token limits the size rules judge by.
    pub limits: Limits,
}

/// What the tools may cost a model's context, in tokens ([`crate::tokens`]).
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// One tool (tool-too-large).
    pub tool_tokens: usize,
    /// The whole list (too-many-tools).
    pub list_tokens: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            tool_tokens: 8_000,
            list_tokens: crate::tokens::LIST_BUDGET,
        }
    }
}

impl RuleSettings {
    /// Sets a rule's severity (`error`, `warning`, `info` or `off`), naming it by code or name.
    pub fn set(&mut self, rule: &str, level: &str) -> std::result::Result<(), String> {
        let rule = rules::find(rule).ok_or_else(|| format!("unknown rule '{rule}'"))?;
        let severity = if level.eq_ignore_ascii_case("off") {
            None
        } else {
            Some(Severity::parse(level).ok_or_else(|| {
                format!("unknown severity '{level}' (error, warning, info or off)")
            })?)
        };
        self.severities.insert(rule.code, severity);
        Ok(())
    }

    /// Only `rule`, at its default severity: how each rule is tested on its own fixture.
    pub fn only(rule: &Rule) -> RuleSettings {
        let severities = rules::ALL
            .iter()
            .map(|r| (r.code, (r.code == rule.code).then_some(r.severity)))
            .collect();
        RuleSettings {
            severities,
            limits: Limits::default(),
        }
    }

    fn severity(&self, rule: &Rule) -> Option<Severity> {
        self.severities
            .get(rule.code)
            .copied()
            .unwrap_or(Some(rule.severity))
    }
}

/// What the rules need to know about the whole set of tools.
pub(crate) struct RuleContext {
    /// Every tool states all four hints: the `--hints explicit` style, where stating a
    /// default or a moot hint is on purpose.
    pub explicit_style: bool,
    /// How many tools bear each name (for duplicate-tool-name).
    pub name_counts: HashMap<String, usize>,
    /// The client named with `--client`, and the server name, if any.
    pub client: Option<(ClientProfile, Option<String>)>,
    /// The token limits, from [`RuleSettings::limits`].
    pub limits: Limits,
    /// How many tools the list has, and the tokens they take together.
    pub count: usize,
    /// The tokens all the tools take together.
    pub total_tokens: usize,
    /// Where the tool being checked stands: its place in the list (from 0), its tokens, and
    /// those of the tools before it. Tokens are 0 when no tool nor the list could pass
    /// `limits` (nothing is counted then: [`crate::tokens::count_near_limits`]).
    pub position: usize,
    /// The tokens the tool being checked takes.
    pub tokens: usize,
    /// The tokens the tools before it take together.
    pub tokens_before: usize,
}

/// Runs every enabled rule on every tool.
pub fn lint(
    subjects: &[Subject<'_>],
    settings: &RuleSettings,
    client: Option<(ClientProfile, Option<String>)>,
) -> Vec<Finding> {
    let mut name_counts = HashMap::new();
    for subject in subjects {
        *name_counts.entry(subject.name().to_string()).or_insert(0) += 1;
    }
    let tools: Vec<&crate::tool::Tool> = subjects.iter().map(|s| s.tool).collect();
    let limits = settings.limits;
    let tokens = crate::tokens::count_near_limits(&tools, limits.tool_tokens, limits.list_tokens)
        .unwrap_or_else(|| vec![0; tools.len()]);
    let mut context = RuleContext {
        explicit_style: !subjects.is_empty()
            && subjects.iter().all(|s| s.declared.declared().count() == 4),
        name_counts,
        client,
        limits: settings.limits,
        count: subjects.len(),
        total_tokens: tokens.iter().sum(),
        position: 0,
        tokens: 0,
        tokens_before: 0,
    };
    let mut findings = Vec::new();
    for (position, subject) in subjects.iter().enumerate() {
        context.tokens_before += context.tokens;
        context.position = position;
        context.tokens = tokens[position];
        let ignored: HashSet<&str> = subject.ignored.iter().map(String::as_str).collect();
        for rule in rules::ALL {
            if ignored.contains(rule.code) || ignored.contains(rule.name) {
                continue;
            }
            let Some(severity) = settings.severity(rule) else {
                continue;
            };
            let Some(check) = rule.check else {
                continue;
            };
            for hit in check(subject, &context) {
                // A person's reasoned decision is reported, never as an error.
                let about = match hit.target {
                    Target::Hint(kind) => Some(kind),
                    _ => hit.about,
                };
                let reviewed = about.and_then(|kind| subject.reviewed[kind as usize].as_deref());
                let (severity, message) = match reviewed {
                    Some(reason) => (
                        Severity::Info,
                        format!("overridden by review: {reason} ({})", hit.message),
                    ),
                    None => (severity, hit.message),
                };
                findings.push(Finding {
                    rule,
                    severity,
                    tool: subject.name().to_string(),
                    message,
                    location: subject.places.location(hit.target),
                });
            }
        }
    }
    findings
}

/// The operations convert skipped (with `keep_going`), each an `unconvertible-operation`
/// finding at the problem's place, unless that rule is off. The tool is named by the
/// operation's method and path where the place is inside it.
pub fn unconvertible(skipped: &[Error], settings: &RuleSettings) -> Vec<Finding> {
    let rule: &'static Rule = &rules::UNCONVERTIBLE_OPERATION;
    let Some(severity) = settings.severity(rule) else {
        return Vec::new();
    };
    // A problem every operation of a path (or of a shared schema) meets is said once.
    let mut seen = HashSet::new();
    skipped
        .iter()
        .filter(|e| seen.insert((e.file.clone(), e.pointer.clone(), e.message.clone())))
        .map(|error| {
            let pointer = error.pointer.clone().unwrap_or_default();
            Finding {
                rule,
                severity,
                tool: operation_at(&pointer).unwrap_or_else(|| "-".into()),
                message: error.message.clone(),
                location: FindingLocation {
                    file: error.file.clone().unwrap_or_else(|| "-".into()),
                    pointer,
                    line_col: error.line_col,
                },
            }
        })
        .collect()
}

/// "POST /pets" for a pointer inside `/paths/~1pets/post` (or an OpenAPI 3.2
/// `additionalOperations` entry); "/pets" for one elsewhere in that path item.
fn operation_at(pointer: &str) -> Option<String> {
    let mut tokens = pointer.strip_prefix("/paths/")?.split('/');
    let path = tokens.next()?.replace("~1", "/").replace("~0", "~");
    let method = match tokens.next() {
        Some("additionalOperations") => tokens.next(),
        Some(key) if crate::model::METHODS.contains(&key) => Some(key),
        _ => None,
    };
    Some(match method {
        Some(method) => format!("{} {path}", method.to_ascii_uppercase()),
        None => path,
    })
}

/// Fills in the line and column of each finding, one walk per file.
pub fn add_lines(findings: &mut [Finding], spec: &Spec) {
    let mut errors: Vec<Error> = findings
        .iter()
        .map(|f| {
            Error::new(ErrorKind::Input, String::new())
                .in_file(f.location.file.clone())
                .at(f.location.pointer.clone())
        })
        .collect();
    spec.add_lines(&mut errors);
    for (finding, error) in findings.iter_mut().zip(errors) {
        finding.location.line_col = error.line_col;
    }
}

/// Fills in the line and column of findings in `file`, a file beside the spec (the
/// overrides file) whose text is `text`, walking it once for all of them.
pub fn add_lines_in(findings: &mut [Finding], file: &str, text: &str) {
    let found = {
        let wanted: HashSet<&str> = findings
            .iter()
            .filter(|f| f.location.file == file)
            .map(|f| f.location.pointer.as_str())
            .collect();
        if wanted.is_empty() {
            return;
        }
        crate::load::locate::locate(text, &wanted)
    };
    for finding in findings.iter_mut().filter(|f| f.location.file == file) {
        finding.location.line_col = found.get(&finding.location.pointer).copied();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A severity is named in any case, as a rule is by its code or name.
    #[test]
    fn severities_are_named_in_any_case() {
        let mut settings = RuleSettings::default();
        settings.set("oam001", "Warning").unwrap();
        settings.set("RISKY-IDEMPOTENT", "OFF").unwrap();
        assert_eq!(settings.severities["OAM001"], Some(Severity::Warning));
        assert_eq!(settings.severities["OAM005"], None);
        assert_eq!(Severity::parse("ERROR"), Some(Severity::Error));
        let unknown = settings.set("OAM001", "loud").unwrap_err();
        assert_eq!(
            unknown,
            "unknown severity 'loud' (error, warning, info or off)"
        );
    }

    #[test]
    fn an_unconvertible_operation_is_named_by_its_place_and_said_once() {
        assert_eq!(
            operation_at("/paths/~1pets~1{id}/post/requestBody").as_deref(),
            Some("POST /pets/{id}")
        );
        assert_eq!(
            operation_at("/paths/~1p/additionalOperations/COPY/x").as_deref(),
            Some("COPY /p")
        );
        assert_eq!(
            operation_at("/paths/~1p/parameters/0").as_deref(),
            Some("/p")
        );
        assert_eq!(operation_at("/components/schemas/A"), None);
        let error = Error::new(ErrorKind::Input, "broken")
            .in_file("a.yaml")
            .at("/paths/~1p/parameters/0");
        let findings = unconvertible(&[error.clone(), error], &RuleSettings::default());
        assert_eq!(
            findings.len(),
            1,
            "the path's two operations meet one problem"
        );
        assert_eq!(findings[0].tool, "/p");
    }
}
