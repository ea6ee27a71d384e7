//! The overrides file: a person's decisions about each tool (its hints, its name, title and
//! description, the lint rules it answers to), applied over the spec on every run.
//!
//! ```yaml
//! defaults:
//!   openWorldHint: false          # applies to every tool
//! tools:
//!   search_orders:                # a tool name, an operationId, or "POST /orders/search"
//!     readOnlyHint: true
//!     reason: POST used as a query; no side effects
//!   post3d_secure:
//!     name: create_3d_secure_check
//!     title: Create a 3-D Secure check
//!     ignore: [missing-description]
//! ```
//!
//! Stale decisions must not rot silently: an entry that names no tool, an unknown field or
//! rule, a value of the wrong type, or a name no client takes is an error with the file and
//! line.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::Path;

use indexmap::IndexMap;
use serde::Deserialize;

use crate::error::{push_pointer, Error, ErrorKind, Result};
use crate::escape;
use crate::hints::evidence::Suggestion;
use crate::hints::{HintKind, HintSource, Hints};
use crate::load::locate::line_of;
use crate::load::parse_typed_yaml;

/// Decisions for one tool, or for all of them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Decision {
    /// The tool only reads
    pub read_only_hint: Option<bool>,
    /// The tool may destroy or overwrite what is there (meaningless when it only reads)
    pub destructive_hint: Option<bool>,
    /// Calling it again with the same arguments changes nothing more: a client may retry it
    pub idempotent_hint: Option<bool>,
    /// It reaches beyond the caller's own closed domain
    pub open_world_hint: Option<bool>,
    /// Why a person decided so. In a tool's own entry (not `defaults`), a review: shown by
    /// review, reported by lint as info, never as an error, and trusted by `--read-only`
    /// (never on a DELETE)
    pub reason: Option<String>,
    /// The tool's name, instead of the one made from the operation.
    pub name: Option<String>,
    /// The tool's title, instead of the operation's summary.
    pub title: Option<String>,
    /// The tool's description, instead of the operation's summary and description.
    pub description: Option<String>,
    /// Lint rules (codes or names) not reported for this tool.
    pub ignore: Option<Vec<String>>,
}

impl Decision {
    /// The value this decides for the hint `kind`, if it decides one.
    pub fn get(&self, kind: HintKind) -> Option<bool> {
        match kind {
            HintKind::ReadOnly => self.read_only_hint,
            HintKind::Destructive => self.destructive_hint,
            HintKind::Idempotent => self.idempotent_hint,
            HintKind::OpenWorld => self.open_world_hint,
        }
    }
}

#[derive(Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct OverridesFile {
    /// Hints for every tool (a tool's own entry wins)
    defaults: Option<Decision>,
    /// Entries by a tool's name, its operationId, or "METHOD /path"
    tools: Option<IndexMap<String, Option<Decision>>>,
}

/// What names a tool in the overrides file.
pub(crate) struct ToolKey<'a> {
    /// The name convert made for the tool, before an entry renames it.
    pub name: &'a str,
    /// The operation's operationId, if it has one.
    pub operation_id: Option<&'a str>,
    /// The HTTP method, matched case aside.
    pub method: &'a str,
    /// The path as the spec writes it (`/pets/{petId}`).
    pub path: &'a str,
}

/// Where a field of the overrides file is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldPlace {
    /// The overrides file, as the user named it.
    pub file: String,
    /// A JSON Pointer to the field in that file (`/tools/get_pet/title`).
    pub pointer: String,
}

/// An overrides file, read and checked: a person's decisions, for every tool and by tool.
#[derive(Debug, Clone)]
pub struct Overrides {
    /// The file as the user named it.
    pub file: String,
    text: String,
    /// The hints decided for every tool (`defaults:`); a tool's own entry wins.
    pub defaults: Decision,
    /// Each tool's entry (`tools:`), in the file's order, by its key there: a tool name, an
    /// operationId or `METHOD /path`.
    pub tools: IndexMap<String, Decision>,
}

impl Overrides {
    /// The file's JSON Schema, from its types (`docs/schemas/overrides.schema.json`, for
    /// editors: `# yaml-language-server: $schema=...`).
    /// `rules` are the names `ignore` takes (lint's rules' codes and names).
    pub fn json_schema(rules: &[&str]) -> serde_json::Value {
        let mut schema = schemars::schema_for!(OverridesFile).to_value();
        schema["title"] = "openapi2mcp overrides".into();
        schema["description"] =
            "A person's decisions about each tool: its hints, name, title, description and the lint rules it ignores".into();
        // What the types cannot say, as `check_fields` checks it: `defaults` takes no tool
        // fields, a name is a tool name, `ignore` names rules.
        let decision = &mut schema["$defs"]["Decision"];
        let mut defaults = decision.clone();
        if let Some(fields) = defaults["properties"].as_object_mut() {
            for field in ["name", "title", "description", "ignore"] {
                fields.remove(field);
            }
        }
        decision["properties"]["name"]["pattern"] = "^[A-Za-z0-9_.-]{1,128}$".into();
        decision["properties"]["ignore"]["items"]["enum"] = rules.into();
        schema["$defs"]["Defaults"] = defaults;
        schema["properties"]["defaults"]["anyOf"][0]["$ref"] = "#/$defs/Defaults".into();
        schema
    }

    /// Reads the overrides file at `path` and parses it as [`Overrides::parse`] does; its
    /// `ignore` entries are not checked against lint's rules (see
    /// [`crate::options::read_overrides`]).
    pub fn load(path: &Path) -> Result<Overrides> {
        let (file, text) = crate::load::read_own_file(path, "the overrides file")?;
        Overrides::parse(file, text)
    }

    /// Parses `text`, the overrides file named `file` (the name its errors give), refusing
    /// what the file's types let through: a tool's own field in `defaults`, or a name no MCP
    /// client takes.
    pub fn parse(file: String, text: String) -> Result<Overrides> {
        let shape: OverridesFile = parse_typed_yaml(&file, &text, "invalid overrides")?;
        let overrides = Overrides {
            file,
            text,
            defaults: shape.defaults.unwrap_or_default(),
            tools: shape
                .tools
                .unwrap_or_default()
                .into_iter()
                .map(|(key, decision)| (key, decision.unwrap_or_default()))
                .collect(),
        };
        overrides.check_fields()?;
        Ok(overrides)
    }

    /// Refuses what the types let through: a tool's own field in `defaults`, a name no MCP
    /// client takes.
    fn check_fields(&self) -> Result<()> {
        let defaults = &self.defaults;
        let tool_only = [
            ("name", defaults.name.is_some()),
            ("title", defaults.title.is_some()),
            ("description", defaults.description.is_some()),
            ("ignore", defaults.ignore.is_some()),
        ];
        if let Some((field, _)) = tool_only.iter().find(|(_, set)| *set) {
            return Err(self.error_at(
                &format!("/defaults/{field}"),
                format!(
                    "overrides: `{field}` is set per tool, not in `defaults`{}",
                    if *field == "ignore" {
                        " (lint's `--ignore` and the config's `lint:` silence a rule everywhere)"
                    } else {
                        ""
                    }
                ),
            ));
        }
        for (key, decision) in &self.tools {
            let entry = push_pointer("/tools", key);
            if let Some(name) = &decision.name {
                if !is_tool_name(name) {
                    return Err(self.error_at(
                        &format!("{entry}/name"),
                        format!("overrides: '{key}': the name '{name}' is not a tool name (1 to 128 of A-Z, a-z, 0-9, '_', '-' and '.')"),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Refuses an `ignore` that names none of `rules` (code and name): lint's rules, which
    /// sit above convert and so are handed in ([`crate::options::read_overrides`]).
    pub fn check_ignored_rules(&self, rules: &[(&str, &str)]) -> Result<()> {
        for (key, decision) in &self.tools {
            for (i, rule) in decision.ignore.iter().flatten().enumerate() {
                if rules
                    .iter()
                    .any(|(code, name)| code == rule || name == rule)
                {
                    continue;
                }
                let names = rules.iter().map(|(_, name)| *name);
                return Err(self.error_at(
                    &format!("{}/ignore/{i}", push_pointer("/tools", key)),
                    format!(
                        "overrides: '{key}' ignores '{rule}', which is not a lint rule{} (`openapi2mcp rules` lists them)",
                        crate::text::did_you_mean(rule, names)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The file's text, to find the lines of what points into it.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Where in this file each field a tool's decision sets is written (its entry's `key`,
    /// then `defaults` for the hints the entry leaves), by the field's key: what lint points
    /// at when a finding is about something a person set here. Pointers only: lint finds the
    /// lines of those it reports, in one walk of the file.
    pub fn places(&self, key: Option<&str>) -> Vec<(&'static str, FieldPlace)> {
        let entry = key.and_then(|key| Some((key, self.tools.get(key)?)));
        let place = |field: &str, entry: Option<&str>| FieldPlace {
            file: self.file.clone(),
            pointer: match entry {
                Some(key) => push_pointer(&push_pointer("/tools", key), field),
                None => push_pointer("/defaults", field),
            },
        };
        let mut places = Vec::new();
        if let Some((key, decision)) = entry {
            let fields = [
                ("name", decision.name.is_some()),
                ("title", decision.title.is_some()),
                ("description", decision.description.is_some()),
            ];
            for (field, set) in fields {
                if set {
                    places.push((field, place(field, Some(key))));
                }
            }
        }
        for kind in HintKind::ALL {
            let by_entry = entry.filter(|(_, decision)| decision.get(kind).is_some());
            if by_entry.is_some() || self.defaults.get(kind).is_some() {
                places.push((kind.key(), place(kind.key(), by_entry.map(|(key, _)| key))));
            }
        }
        places
    }

    /// An error in this file at `pointer`, with its line.
    fn error_at(&self, pointer: &str, message: String) -> Error {
        let error = Error::new(ErrorKind::Input, message)
            .in_file(self.file.clone())
            .at(pointer.to_string());
        match line_of(&self.text, pointer) {
            Some((line, col)) => error.at_line(line, col),
            None => error,
        }
    }

    /// The entry that names this tool, by the name convert made for it, its operationId,
    /// or `METHOD /path`.
    pub(crate) fn entry_for(&self, tool: &ToolKey<'_>) -> Option<(&str, &Decision)> {
        self.tools
            .iter()
            .find(|(key, _)| names(key, tool))
            .map(|(key, decision)| (key.as_str(), decision))
    }

    /// A second entry that names the same tool as the first, with the first's key: only one
    /// can decide.
    pub(crate) fn second_entry_for(&self, tool: &ToolKey<'_>) -> Option<(&str, &str)> {
        let mut entries = self.tools.keys().filter(|key| names(key, tool));
        let first = entries.next()?;
        entries
            .next()
            .map(|second| (first.as_str(), second.as_str()))
    }

    /// Refuses the first of `pairs` (entries that name one tool, as
    /// `second_entry_for` gives them), at the second entry's line.
    pub fn check_one_entry_each(&self, pairs: &[(String, String)]) -> Result<()> {
        match pairs.first() {
            Some((first, second)) => Err(self.error_at(
                &push_pointer("/tools", second),
                format!("overrides: '{first}' and '{second}' name the same tool: keep one"),
            )),
            None => Ok(()),
        }
    }

    /// Applies the defaults, then the tool's own entry (see `entry_for`), hint
    /// by hint. Only a tool's own entry with a reason is a review of it: a reason under
    /// `defaults` is said of every tool at once, so it keeps no tool in `--read-only` and
    /// lets no call be retried.
    pub fn apply(&self, entry: Option<(&str, &Decision)>, hints: &mut Hints) {
        let own = entry.map(|(key, decision)| (key, decision, true));
        let layers = [Some(("defaults", &self.defaults, false)), own];
        for (key, decision, own) in layers.into_iter().flatten() {
            for kind in HintKind::ALL {
                if let Some(value) = decision.get(kind) {
                    let reason = match &decision.reason {
                        Some(reason) => format!("{} ({key}): {reason}", self.file),
                        None => format!("{} ({key})", self.file),
                    };
                    hints.set(kind, value, HintSource::Override, reason);
                    if let Some(reason) = decision.reason.as_ref().filter(|_| own) {
                        hints.mark_reviewed(kind, reason.clone());
                    }
                }
            }
        }
    }

    /// Refuses entries that named no tool, pointing at the first one's line and naming the
    /// closest of `known` (the spec's tool names and operationIds).
    pub fn check_all_used(&self, used: &HashSet<String>, known: &BTreeSet<String>) -> Result<()> {
        let unused: Vec<&String> = self.tools.keys().filter(|k| !used.contains(*k)).collect();
        let Some(first) = unused.first() else {
            return Ok(());
        };
        Err(self.error_at(
            &push_pointer("/tools", first),
            format!(
                "overrides: '{first}' names no tool{} (use a tool name, an operationId, or \"METHOD /path\"){}",
                crate::text::did_you_mean(first, known.iter().map(String::as_str)),
                match unused.len() {
                    1 => String::new(),
                    n => format!("; {} more entries name no tool", n - 1),
                }
            ),
        ))
    }

    /// Refuses a new name that the client cannot take (longer than `max`, or with a `.`
    /// where only the `mcp` profile allows one) or that another tool has: `renamed` holds
    /// each entry that renamed a tool, `names` every tool's name with how many tools have it.
    pub fn check_renames(
        &self,
        renamed: &[String],
        names: &HashMap<String, usize>,
        max: usize,
        client: super::profile::ClientProfile,
    ) -> Result<()> {
        for key in renamed {
            let Some(name) = self.tools.get(key).and_then(|d| d.name.as_deref()) else {
                continue;
            };
            let problem = if name.contains('.') && client != super::profile::ClientProfile::Mcp {
                format!("has a '.', which {client:?} refuses (only --client mcp takes one)")
            } else if name.len() > max {
                format!(
                    "is {} long; the client takes at most {max}",
                    crate::text::counted(name.len(), "character")
                )
            } else if names.get(name).is_some_and(|&n| n > 1) {
                "is another tool's name too".to_string()
            } else {
                continue;
            };
            return Err(self.error_at(
                &format!("{}/name", push_pointer("/tools", key)),
                format!("overrides: '{key}' names its tool '{name}', which {problem}"),
            ));
        }
        Ok(())
    }
}

/// A name MCP allows a tool (2025-11-25: 1 to 128 characters, ASCII letters, digits, `_`,
/// `-` and `.`).
fn is_tool_name(name: &str) -> bool {
    (1..=128).contains(&name.len())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c))
}

fn names(key: &str, tool: &ToolKey<'_>) -> bool {
    if key == tool.name || Some(key) == tool.operation_id {
        return true;
    }
    match key.split_once(char::is_whitespace) {
        Some((method, path)) => {
            method.eq_ignore_ascii_case(tool.method) && path.trim() == tool.path
        }
        None => false,
    }
}

/// The overrides file `--write-overrides` writes: the decisions already in `existing`, and
/// every suggestion as a commented-out entry with its evidence, for a person to uncomment.
pub fn render(existing: Option<&Overrides>, suggestions: &[(String, Vec<Suggestion>)]) -> String {
    let mut out = String::from(
        "# Hint decisions for openapi2mcp: `openapi2mcp convert SPEC --overrides THIS_FILE`.\n\
         # An entry names a tool (its name, its operationId, or \"METHOD /path\") and sets hints;\n\
         # `defaults` apply to every tool. Suggestions are commented out: uncomment a tool's\n\
         # line and each hint that is true for this API (a `reason:` is shown by review).\n",
    );
    let empty = Overrides {
        file: String::new(),
        text: String::new(),
        defaults: Decision::default(),
        tools: IndexMap::new(),
    };
    let existing = existing.unwrap_or(&empty);
    if existing.defaults != Decision::default() {
        out.push_str("defaults:\n");
        write_decision(&mut out, &existing.defaults, "  ");
    }
    out.push_str("tools:\n");
    // A renamed tool's suggestions come under its name: they belong to the entry that
    // renamed it.
    let entry_of = |name: &str| {
        existing
            .tools
            .iter()
            .find(|(key, decision)| decision.name.as_deref().unwrap_or(key.as_str()) == name)
    };
    for (key, decision) in &existing.tools {
        out.push_str(&format!("  {}:\n", yaml_key(key)));
        write_decision(&mut out, decision, "    ");
        let suggested = suggestions
            .iter()
            .find(|(name, _)| entry_of(name).is_some_and(|(k, _)| k == key))
            .map_or(&[][..], |(_, s)| s);
        for suggestion in suggested.iter().filter(|s| s.is_suggested()) {
            out.push_str(&format!(
                "    # {}: {}  # suggested: {}\n",
                suggestion.hint.key(),
                suggestion.value,
                escape::visible(&suggestion.because())
            ));
        }
    }
    for (name, list) in suggestions {
        let list: Vec<&Suggestion> = list.iter().filter(|s| s.is_suggested()).collect();
        if entry_of(name).is_some() || list.is_empty() {
            continue;
        }
        out.push_str(&format!("  # {}:\n", yaml_key(name)));
        for suggestion in list {
            out.push_str(&format!(
                "  #   {}: {}  # suggested: {}\n",
                suggestion.hint.key(),
                suggestion.value,
                escape::visible(&suggestion.because())
            ));
        }
    }
    out
}

fn write_decision(out: &mut String, decision: &Decision, indent: &str) {
    let texts = [
        ("name", &decision.name),
        ("title", &decision.title),
        ("description", &decision.description),
    ];
    for (field, text) in texts {
        if let Some(text) = text {
            out.push_str(&format!("{indent}{field}: {}\n", quoted(text)));
        }
    }
    if let Some(rules) = &decision.ignore {
        let rules: Vec<String> = rules.iter().map(|r| quoted(r)).collect();
        out.push_str(&format!("{indent}ignore: [{}]\n", rules.join(", ")));
    }
    for kind in HintKind::ALL {
        if let Some(value) = decision.get(kind) {
            out.push_str(&format!("{indent}{}: {value}\n", kind.key()));
        }
    }
    if let Some(reason) = &decision.reason {
        out.push_str(&format!("{indent}reason: {}\n", quoted(reason)));
    }
}

/// A key as plain YAML when it is a simple word, else double-quoted.
fn yaml_key(key: &str) -> String {
    let plain = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c))
        && !key.starts_with(['-', '.']);
    if plain {
        key.to_string()
    } else {
        quoted(key)
    }
}

fn quoted(text: &str) -> String {
    escape::yaml_quoted(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Overrides> {
        Overrides::parse("hints.yaml".into(), text.into())
    }

    /// A reason under `defaults` is said of every tool at once: it is no review of one. A
    /// blank one says no why.
    #[test]
    fn only_a_tools_own_entry_with_a_reason_is_a_review() {
        let overrides = parse(
            "defaults:\n  readOnlyHint: true\n  reason: all safe\ntools:\n  search:\n    idempotentHint: true\n    reason: a query\n",
        )
        .unwrap();
        let mut hints = Hints::infer(&crate::http::Method::Post);
        overrides.apply(None, &mut hints);
        assert!(hints.get(HintKind::ReadOnly).value);
        assert!(!hints.is_reviewed(HintKind::ReadOnly));
        let entry = overrides.tools.get("search").unwrap();
        overrides.apply(Some(("search", entry)), &mut hints);
        assert!(hints.is_reviewed(HintKind::Idempotent));
        assert!(!hints.is_reviewed(HintKind::ReadOnly));
        // Nor is a reason that says nothing.
        let blank = parse("tools:\n  search:\n    readOnlyHint: true\n    reason: ' '\n").unwrap();
        let mut hints = Hints::infer(&crate::http::Method::Post);
        blank.apply(
            Some(("search", blank.tools.get("search").unwrap())),
            &mut hints,
        );
        assert!(hints.get(HintKind::ReadOnly).value);
        assert!(!hints.is_reviewed(HintKind::ReadOnly));
    }

    #[test]
    fn unknown_hints_and_non_booleans_are_refused_with_their_line() {
        let error = parse("tools:\n  a:\n    readOnlyHnt: true\n").unwrap_err();
        assert_eq!(error.line_col.map(|l| l.0), Some(3));
        assert!(
            error.message.contains("unknown field `readOnlyHnt`"),
            "{error}"
        );
        let error = parse("tools:\n  a:\n    readOnlyHint: yes please\n").unwrap_err();
        assert_eq!(error.line_col.map(|l| l.0), Some(3));
        assert!(error.message.contains("expected a boolean"), "{error}");
    }

    #[test]
    fn a_tool_field_in_defaults_a_bad_name_or_an_unknown_rule_is_refused_at_its_line() {
        let error = parse("defaults:\n  openWorldHint: false\n  title: T\n").unwrap_err();
        assert_eq!(error.line_col.map(|l| l.0), Some(3));
        assert!(
            error
                .message
                .starts_with("overrides: `title` is set per tool"),
            "{error}"
        );
        let error = parse("tools:\n  a:\n    name: has space\n").unwrap_err();
        assert_eq!(error.line_col.map(|l| l.0), Some(3));
        assert!(
            error.message.contains("'has space' is not a tool name"),
            "{error}"
        );
        let rules = [
            ("OAM001", "name-implies-write"),
            ("OAM012", "missing-title"),
        ];
        let error = parse("tools:\n  a:\n    ignore: [OAM001, missing-titel]\n")
            .unwrap()
            .check_ignored_rules(&rules)
            .unwrap_err();
        assert_eq!(error.pointer.as_deref(), Some("/tools/a/ignore/1"));
        assert_eq!(
            error.message,
            "overrides: 'a' ignores 'missing-titel', which is not a lint rule (did you mean 'missing-title'?) (`openapi2mcp rules` lists them)"
        );
    }

    /// `--write-overrides` keeps every field of an entry, and offers a renamed tool's
    /// suggestions under the entry that renamed it, not as a new entry naming no tool.
    #[test]
    fn written_overrides_keep_renames_and_their_suggestions() {
        let existing = parse("tools:\n  post3d_secure:\n    name: create_check\n    title: Create a check\n    ignore: [OAM012]\n").unwrap();
        let suggestion = Suggestion {
            hint: HintKind::Idempotent,
            value: true,
            confidence: crate::hints::evidence::Confidence::High,
            reason: "keyed".into(),
            evidence: Vec::new(),
        };
        let written = render(
            Some(&existing),
            &[("create_check".into(), vec![suggestion])],
        );
        let body = written.split_once("tools:\n").unwrap().1;
        assert_eq!(
            body,
            "  post3d_secure:\n    name: \"create_check\"\n    title: \"Create a check\"\n    ignore: [\"OAM012\"]\n    # idempotentHint: true  # suggested: keyed ()\n"
        );
        assert_eq!(parse(&written).unwrap().tools, existing.tools);
    }

    #[test]
    fn tools_are_named_by_name_operation_id_or_method_and_path() {
        let overrides =
            parse("tools:\n  \"post /orders/search\":\n    readOnlyHint: true\n").unwrap();
        let key = |name, operation_id| ToolKey {
            name,
            operation_id,
            method: "POST",
            path: "/orders/search",
        };
        assert!(overrides.entry_for(&key("search_orders", None)).is_some());
        let overrides = parse("tools:\n  searchOrders: {readOnlyHint: true}\n").unwrap();
        assert!(overrides
            .entry_for(&key("search_orders", Some("searchOrders")))
            .is_some());
        assert!(overrides.entry_for(&key("search_orders", None)).is_none());
    }

    #[test]
    fn an_entry_naming_no_tool_is_refused_at_its_line() {
        let overrides =
            parse("tools:\n  used: {readOnlyHint: true}\n  stale:\n    readOnlyHint: true\n")
                .unwrap();
        let known = BTreeSet::from(["used".to_string(), "stales".to_string()]);
        let error = overrides
            .check_all_used(&HashSet::from(["used".to_string()]), &known)
            .unwrap_err();
        assert_eq!(error.line_col, Some((3, 3)));
        assert!(
            error.message.starts_with(
                "overrides: 'stale' names no tool (did you mean 'stales'?) (use a tool name"
            ),
            "{error}"
        );
    }
}
