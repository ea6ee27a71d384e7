//! Stage 4, emit: what a running server lists, compared with the manifest, tool by tool.
//! Annotations are easy to write and easy to drop silently: nested one level off, lost in a
//! framework's serialization, or never registered. Only reading them back proves them.

use std::collections::HashMap;

use serde_json::{json, Value};

use crate::escape::visible;
use crate::lint::Severity;
use crate::text::counted;
use crate::tool::{Annotations, HintKind};

/// One way the server differs from the manifest.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Difference {
    /// [`Severity::Error`] for a tool missing or listed twice, a hint misplaced, dropped or
    /// other than the manifest's, and a protocol violation; [`Severity::Warning`] for a tool
    /// the manifest lacks, or another title, description or input schema.
    pub severity: Severity,
    /// The tool's name; empty for a protocol violation.
    pub tool: String,
    /// `missing`, `extra`, `duplicate`, `annotations-missing`, `misplaced-hint`, `hint`,
    /// `title`, `description`, `input-schema`, `protocol`.
    pub kind: &'static str,
    /// What differs, for a person.
    pub message: String,
}

fn name(tool: &Value) -> &str {
    tool.get("name").and_then(Value::as_str).unwrap_or("")
}

/// The hints where MCP puts them (`annotations`), as a client reads them: a hint that is
/// not a boolean counts as absent.
fn annotations(tool: &Value) -> Annotations {
    let mut annotations = Annotations::default();
    for kind in HintKind::ALL {
        let value = tool.pointer(&format!("/annotations/{}", kind.key()));
        annotations.set(kind, value.and_then(Value::as_bool));
    }
    annotations
}

fn declares_annotations(tool: &Value) -> bool {
    tool.get("annotations")
        .and_then(Value::as_object)
        .is_some_and(|a| !a.is_empty())
}

/// Hint keys the server put somewhere clients do not look: the tool's top level, under
/// `_meta`, or one level down inside `annotations`.
fn misplaced_hints(tool: &Value) -> Vec<String> {
    let mut found = Vec::new();
    for kind in HintKind::ALL {
        let key = kind.key();
        if tool.get(key).is_some() {
            found.push(format!("/{key}"));
        }
        for (outer, inner) in [("_meta", None), ("annotations", Some(()))] {
            let Some(object) = tool.get(outer).and_then(Value::as_object) else {
                continue;
            };
            if inner.is_none() && object.contains_key(key) {
                found.push(format!("/{outer}/{key}"));
            }
            for (wrapper, value) in object {
                if value.get(key).is_some() {
                    found.push(format!("/{outer}/{wrapper}/{key}"));
                }
            }
        }
    }
    found
}

/// Every difference between the tools the manifest expects and those the server lists.
pub fn compare(expected: &[Value], listed: &[Value]) -> Vec<Difference> {
    let mut out = Vec::new();
    let mut push = |severity, tool: &str, kind, message: String| {
        out.push(Difference {
            severity,
            tool: tool.to_string(),
            kind,
            message,
        })
    };
    // A name listed twice: a client keeps one of them, and which is not ours to know. One
    // error per name, and the first copy is the one compared.
    let mut listed_by_name: HashMap<&str, &Value> = HashMap::new();
    let mut copies: Vec<(&str, usize)> = Vec::new();
    for tool in listed {
        if listed_by_name.contains_key(name(tool)) {
            if let Some(count) = copies.iter_mut().find(|(n, _)| *n == name(tool)) {
                count.1 += 1;
            }
        } else {
            listed_by_name.insert(name(tool), tool);
            copies.push((name(tool), 1));
        }
    }
    for (tool, count) in copies.into_iter().filter(|(_, count)| *count > 1) {
        push(
            Severity::Error,
            tool,
            "duplicate",
            format!("the server lists this tool name {count} times (tool names must be unique)"),
        );
    }
    let expected_names: HashMap<&str, &Value> = expected.iter().map(|t| (name(t), t)).collect();
    for want in expected {
        let tool = name(want);
        let Some(got) = listed_by_name.get(tool) else {
            push(
                Severity::Error,
                tool,
                "missing",
                "the server does not list this tool".into(),
            );
            continue;
        };
        let misplaced = misplaced_hints(got);
        for place in &misplaced {
            push(
                Severity::Error,
                tool,
                "misplaced-hint",
                format!(
                    "a hint at {place}, where clients do not look (it belongs under /annotations)"
                ),
            );
        }
        if declares_annotations(want) && !declares_annotations(got) {
            push(
                Severity::Error,
                tool,
                "annotations-missing",
                "the server's tool has no annotations".into(),
            );
        }
        let (wanted, listed) = (annotations(want), annotations(got));
        for kind in HintKind::ALL {
            let (wanted, listed) = (wanted.effective(kind), listed.effective(kind));
            if wanted != listed {
                push(
                    Severity::Error,
                    tool,
                    "hint",
                    format!(
                        "{}: the manifest says {wanted}, the server {listed}",
                        kind.key()
                    ),
                );
            }
        }
        for (field, kind) in [
            ("title", "title"),
            ("description", "description"),
            ("inputSchema", "input-schema"),
        ] {
            if want.get(field) != got.get(field) {
                push(Severity::Warning, tool, kind, format!("{field} differs"));
            }
        }
    }
    for got in listed {
        if !expected_names.contains_key(name(got)) {
            push(
                Severity::Warning,
                name(got),
                "extra",
                "the server lists a tool the manifest does not have".into(),
            );
        }
    }
    out
}

/// A line on the server's stdout that is not JSON-RPC breaks the stdio transport for real
/// clients, whatever this client made of it: an error each.
pub fn protocol_violations(lines_not_json_rpc: &[String]) -> Vec<Difference> {
    lines_not_json_rpc
        .iter()
        .map(|line| Difference {
            severity: Severity::Error,
            tool: String::new(),
            kind: "protocol",
            message: format!(
                "the server wrote on stdout what is not JSON-RPC (the stdio transport forbids it; log to stderr): '{line}'"
            ),
        })
        .collect()
}

/// The differences as a table for the terminal, then a count of them (or one line saying
/// there are none); `listed` is how many tools the server lists.
pub fn render_human(differences: &[Difference], listed: usize) -> String {
    if differences.is_empty() {
        return format!(
            "the server lists the manifest's {}, with the same hints\n",
            counted(listed, "tool")
        );
    }
    let width = differences
        .iter()
        .map(|d| visible(&d.tool).chars().count())
        .max()
        .unwrap_or(4)
        .clamp(4, 40);
    let mut out = format!(
        "{:width$}  {:8} {:20} MESSAGE\n",
        "TOOL", "SEVERITY", "DIFFERENCE"
    );
    for d in differences {
        out.push_str(&format!(
            "{:width$}  {:8} {:20} {}\n",
            visible(&d.tool),
            d.severity.as_str(),
            d.kind,
            visible(&d.message)
        ));
    }
    let errors = differences
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    out.push_str(&format!(
        "\n{}; the server lists {}\n",
        differences_and_errors(differences.len(), errors),
        counted(listed, "tool")
    ));
    out
}

/// `3 differences, 1 of them an error`, `2 differences, both errors`, `1 difference, not an
/// error`.
fn differences_and_errors(all: usize, errors: usize) -> String {
    let errors = match (all, errors) {
        (_, 0) if all == 1 => "not an error".to_string(),
        (_, 0) => "none of them errors".to_string(),
        (1, _) => "an error".to_string(),
        (2, 2) => "both errors".to_string(),
        (_, _) if errors == all => "all errors".to_string(),
        (_, 1) => "1 of them an error".to_string(),
        (_, _) => format!("{errors} of them errors"),
    };
    format!("{}, {errors}", counted(all, "difference"))
}

/// The differences as a JSON array, one object each.
pub fn render_json(differences: &[Difference]) -> String {
    let list: Vec<Value> = differences
        .iter()
        .map(|d| json!({"severity": d.severity.as_str(), "tool": d.tool, "kind": d.kind, "message": d.message}))
        .collect();
    let mut text =
        serde_json::to_string_pretty(&Value::Array(list)).expect("JSON values serialize");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_counts_in_words() {
        let said = [(1, 0), (1, 1), (2, 2), (3, 3), (3, 0), (3, 1), (4, 2)]
            .map(|(all, errors)| differences_and_errors(all, errors));
        assert_eq!(
            said,
            [
                "1 difference, not an error",
                "1 difference, an error",
                "2 differences, both errors",
                "3 differences, all errors",
                "3 differences, none of them errors",
                "3 differences, 1 of them an error",
                "4 differences, 2 of them errors",
            ]
        );
    }

    #[test]
    fn each_kind_of_difference() {
        let expected = vec![
            json!({"name": "a", "annotations": {"readOnlyHint": true}, "inputSchema": {"type": "object"}}),
            json!({"name": "b", "annotations": {"destructiveHint": false}, "inputSchema": {"type": "object"}}),
            json!({"name": "c", "inputSchema": {"type": "object"}}),
        ];
        let listed = vec![
            // Nested one level off, so read as the defaults.
            json!({"name": "a", "annotations": {"hints": {"readOnlyHint": true}}, "inputSchema": {"type": "object"}}),
            // Dropped.
            json!({"name": "b", "inputSchema": {"type": "object"}, "description": "new"}),
            json!({"name": "d", "inputSchema": {"type": "object"}}),
        ];
        let differences = compare(&expected, &listed);
        let kinds: Vec<(&str, &str)> = differences
            .iter()
            .map(|d| (d.tool.as_str(), d.kind))
            .collect();
        assert_eq!(
            kinds,
            [
                ("a", "misplaced-hint"),
                ("a", "hint"),
                ("b", "annotations-missing"),
                ("b", "hint"),
                ("b", "description"),
                ("c", "missing"),
                ("d", "extra"),
            ]
        );
    }

    /// A server that lists one name twice, with other hints, fails: a client keeps one.
    #[test]
    fn a_tool_listed_twice_is_an_error() {
        let tool = json!({"name": "a", "annotations": {"readOnlyHint": true}, "inputSchema": {"type": "object"}});
        let twin = json!({"name": "a", "inputSchema": {"type": "object"}});
        let differences = compare(std::slice::from_ref(&tool), &[tool.clone(), twin.clone()]);
        assert!(
            differences
                .iter()
                .any(|d| d.kind == "duplicate" && d.severity == Severity::Error),
            "{differences:?}"
        );
        // Three copies are one error that counts them; the first copy is the one compared.
        let differences = compare(
            std::slice::from_ref(&tool),
            &[tool.clone(), twin.clone(), twin],
        );
        let said: Vec<(&str, &str)> = differences
            .iter()
            .map(|d| (d.kind, d.message.as_str()))
            .collect();
        assert_eq!(
            said,
            [(
                "duplicate",
                "the server lists this tool name 3 times (tool names must be unique)"
            )]
        );
    }

    /// What a server names its tools reaches the terminal escaped.
    #[test]
    fn server_text_cannot_reach_the_terminal_raw() {
        let listed = vec![json!({"name": "x\u{1b}[2Jy\nz", "inputSchema": {"type": "object"}})];
        let text = render_human(&compare(&[], &listed), 1);
        assert!(!text.contains('\u{1b}'), "{text}");
        assert!(text.contains("x\\u{1b}[2Jy\\nz"), "{text}");
    }

    #[test]
    fn hints_at_the_top_level_or_under_meta_are_misplaced() {
        let listed = json!({"name": "a", "readOnlyHint": true, "_meta": {"idempotentHint": true}});
        assert_eq!(
            misplaced_hints(&listed),
            ["/readOnlyHint", "/_meta/idempotentHint"]
        );
        assert!(
            compare(std::slice::from_ref(&listed), std::slice::from_ref(&listed))
                .iter()
                .all(|d| d.kind != "hint")
        );
    }
}
