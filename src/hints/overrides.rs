//! The overrides file: a person's decisions about hints, applied over the spec on every run.
//!
//! ```yaml
//! defaults:
//!   openWorldHint: false          # applies to every tool
//! tools:
//!   search_orders:                # a tool name, an operationId, or "POST /orders/search"
//!     readOnlyHint: true
//!     reason: POST used as a query; no side effects
//! ```
//!
//! Stale decisions must not rot silently: an entry that names no tool, an unknown hint or a
//! value that is not a boolean is an error with the file and line.

use std::collections::{BTreeSet, HashSet};
use std::path::Path;

use indexmap::IndexMap;
use serde::Deserialize;

use super::evidence::Suggestion;
use super::{HintKind, HintSource, Hints};
use crate::error::{push_pointer, Error, ErrorKind, Result};
use crate::load::locate::line_of;
use crate::load::parse_typed_yaml;

/// Decisions for one tool, or for all of them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Decision {
    pub read_only_hint: Option<bool>,
    pub destructive_hint: Option<bool>,
    pub idempotent_hint: Option<bool>,
    pub open_world_hint: Option<bool>,
    pub reason: Option<String>,
}

impl Decision {
    pub fn get(&self, kind: HintKind) -> Option<bool> {
        match kind {
            HintKind::ReadOnly => self.read_only_hint,
            HintKind::Destructive => self.destructive_hint,
            HintKind::Idempotent => self.idempotent_hint,
            HintKind::OpenWorld => self.open_world_hint,
        }
    }
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct OverridesFile {
    defaults: Option<Decision>,
    tools: Option<IndexMap<String, Option<Decision>>>,
}

/// What names a tool in the overrides file.
pub struct ToolKey<'a> {
    pub name: &'a str,
    pub operation_id: Option<&'a str>,
    pub method: &'a str,
    pub path: &'a str,
}

#[derive(Debug, Clone)]
pub struct Overrides {
    /// The file as the user named it.
    pub file: String,
    text: String,
    pub defaults: Decision,
    pub tools: IndexMap<String, Decision>,
}

impl Overrides {
    pub fn load(path: &Path) -> Result<Overrides> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| {
            Error::new(format!("cannot read the overrides file: {e}"))
                .with_kind(ErrorKind::Io)
                .caused_by(e)
                .in_file(file.clone())
        })?;
        Overrides::parse(file, text)
    }

    pub fn parse(file: String, text: String) -> Result<Overrides> {
        let shape: OverridesFile = parse_typed_yaml(&file, &text, "invalid overrides")?;
        Ok(Overrides {
            file,
            text,
            defaults: shape.defaults.unwrap_or_default(),
            tools: shape
                .tools
                .unwrap_or_default()
                .into_iter()
                .map(|(key, decision)| (key, decision.unwrap_or_default()))
                .collect(),
        })
    }

    /// The entry that names this tool, by name, operationId, or `METHOD /path`.
    pub fn entry_for(&self, tool: &ToolKey<'_>) -> Option<(&str, &Decision)> {
        self.tools
            .iter()
            .find(|(key, _)| names(key, tool))
            .map(|(key, decision)| (key.as_str(), decision))
    }

    /// Applies the defaults, then the tool's own entry, hint by hint.
    pub fn apply(&self, tool: &ToolKey<'_>, hints: &mut Hints) {
        let entry = self.entry_for(tool);
        let layers = [Some(("defaults", &self.defaults)), entry];
        for (key, decision) in layers.into_iter().flatten() {
            for kind in HintKind::ALL {
                if let Some(value) = decision.get(kind) {
                    let reason = match &decision.reason {
                        Some(reason) => format!("{} ({key}): {reason}", self.file),
                        None => format!("{} ({key})", self.file),
                    };
                    hints.set(kind, value, HintSource::Override, reason);
                    if let Some(reason) = &decision.reason {
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
        let pointer = push_pointer("/tools", first);
        let mut error = Error::new(format!(
            "overrides: '{first}' names no tool{} (use a tool name, an operationId, or \"METHOD /path\"){}",
            crate::text::did_you_mean(first, known.iter().map(String::as_str)),
            match unused.len() {
                1 => String::new(),
                n => format!("; {} more entries name no tool", n - 1),
            }
        ))
        .in_file(self.file.clone())
        .at(pointer.clone());
        if let Some((line, col)) = line_of(&self.text, &pointer) {
            error = error.at_line(line, col);
        }
        Err(error)
    }
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
    let suggested_for = |key: &str| suggestions.iter().find(|(name, _)| name == key);
    for (key, decision) in &existing.tools {
        out.push_str(&format!("  {}:\n", yaml_key(key)));
        write_decision(&mut out, decision, "    ");
        let suggested = suggested_for(key).map_or(&[][..], |(_, s)| s);
        for suggestion in suggested.iter().filter(|s| s.is_suggested()) {
            out.push_str(&format!(
                "    # {}: {}  # suggested: {}\n",
                suggestion.hint.key(),
                suggestion.value,
                suggestion.because()
            ));
        }
    }
    for (name, list) in suggestions {
        let list: Vec<&Suggestion> = list.iter().filter(|s| s.is_suggested()).collect();
        if existing.tools.contains_key(name) || list.is_empty() {
            continue;
        }
        out.push_str(&format!("  # {}:\n", yaml_key(name)));
        for suggestion in list {
            out.push_str(&format!(
                "  #   {}: {}  # suggested: {}\n",
                suggestion.hint.key(),
                suggestion.value,
                suggestion.because()
            ));
        }
    }
    out
}

fn write_decision(out: &mut String, decision: &Decision, indent: &str) {
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

/// A YAML double-quoted scalar (JSON's string syntax is valid YAML).
fn quoted(text: &str) -> String {
    serde_json::to_string(text).expect("strings serialize")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Overrides> {
        Overrides::parse("hints.yaml".into(), text.into())
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
