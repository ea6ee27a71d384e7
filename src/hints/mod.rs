//! Annotation hints. Each hint is decided here, once, as a value with its source and
//! reason; the manifest (and later review and lint) only read the result.
//!
//! Precedence, hint by hint: override > `x-mcp-annotations` in the spec > the method table >
//! the MCP default.

pub mod evidence;
pub mod overrides;

use serde_json::{Map, Value};

use crate::error::Result;
use crate::load::Spec;
use crate::model::Node;

/// The four MCP tool annotation hints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HintKind {
    ReadOnly,
    Destructive,
    Idempotent,
    OpenWorld,
}

impl HintKind {
    pub const ALL: [HintKind; 4] = [
        HintKind::ReadOnly,
        HintKind::Destructive,
        HintKind::Idempotent,
        HintKind::OpenWorld,
    ];

    /// The key in MCP's `ToolAnnotations`.
    pub fn key(self) -> &'static str {
        match self {
            HintKind::ReadOnly => "readOnlyHint",
            HintKind::Destructive => "destructiveHint",
            HintKind::Idempotent => "idempotentHint",
            HintKind::OpenWorld => "openWorldHint",
        }
    }

    /// The value a client assumes when the hint is absent (the MCP specification's).
    pub fn default_value(self) -> bool {
        match self {
            HintKind::ReadOnly | HintKind::Idempotent => false,
            HintKind::Destructive | HintKind::OpenWorld => true,
        }
    }

    pub fn from_key(key: &str) -> Option<HintKind> {
        HintKind::ALL.into_iter().find(|k| k.key() == key)
    }
}

/// Where a hint's value came from, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum HintSource {
    /// The MCP default: nothing said otherwise.
    Default,
    /// The method table.
    Inferred,
    /// An `x-mcp-annotations` extension in the spec.
    Spec,
    /// A decision made outside the spec (a command-line option or an overrides file).
    Override,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    pub value: bool,
    pub source: HintSource,
    pub reason: String,
}

/// How annotations are written into the manifest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HintStyle {
    /// Only what differs from the MCP defaults; nothing but `readOnlyHint` on read-only tools.
    #[default]
    Minimal,
    /// All four hints on every tool, consistent with the effective values.
    Explicit,
}

/// The hints of one tool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hints {
    hints: [Hint; 4],
    /// `annotations.title` from `x-mcp-annotations`.
    pub title: Option<String>,
}

/// Methods that RFC 9110 defines as safe (QUERY: the HTTP QUERY method draft).
const SAFE_METHODS: [&str; 5] = ["GET", "HEAD", "OPTIONS", "TRACE", "QUERY"];
/// Methods whose hints contradict `readOnlyHint: true`.
const WRITE_METHODS: [&str; 4] = ["POST", "PUT", "PATCH", "DELETE"];

impl Hints {
    /// The hints the method table gives an HTTP method.
    pub fn infer(method: &str) -> Hints {
        let mut hints = Hints {
            hints: HintKind::ALL.map(|kind| Hint {
                value: kind.default_value(),
                source: HintSource::Default,
                reason: "MCP default".into(),
            }),
            title: None,
        };
        if SAFE_METHODS.contains(&method) {
            hints.set(
                HintKind::ReadOnly,
                true,
                HintSource::Inferred,
                format!("{method} is a safe method: it does not change the server's state"),
            );
        } else if method == "PUT" {
            hints.set(
                HintKind::Idempotent,
                true,
                HintSource::Inferred,
                "PUT is idempotent: sending the same request twice has the effect of once".into(),
            );
        }
        hints
    }

    pub fn get(&self, kind: HintKind) -> &Hint {
        &self.hints[kind as usize]
    }

    pub fn set(&mut self, kind: HintKind, value: bool, source: HintSource, reason: String) {
        self.hints[kind as usize] = Hint {
            value,
            source,
            reason,
        };
    }

    /// Applies an `x-mcp-annotations` object, hint by hint. A hint that is not a boolean is
    /// an error; keys that are not hints (other than `title`) are returned as warnings.
    pub fn apply_spec(&mut self, spec: &Spec, annotations: &Node<'_>) -> Result<Vec<String>> {
        let Some(object) = annotations.value.as_object() else {
            return Err(spec.error_at(&annotations.location, "x-mcp-annotations must be an object"));
        };
        let mut warnings = Vec::new();
        for (key, value) in object {
            match (HintKind::from_key(key), value) {
                (Some(kind), Value::Bool(b)) => self.set(
                    kind,
                    *b,
                    HintSource::Spec,
                    "x-mcp-annotations in the spec".into(),
                ),
                (Some(_), other) => {
                    return Err(spec.error_at(
                        &annotations.get(key).expect("key from this map").location,
                        format!("x-mcp-annotations: {key} must be true or false, found {other}"),
                    ))
                }
                (None, Value::String(title)) if key == "title" => self.title = Some(title.clone()),
                (None, _) => {
                    warnings.push(format!("x-mcp-annotations: unknown key '{key}' ignored"))
                }
            }
        }
        Ok(warnings)
    }

    /// What a spec or override claims that the HTTP method says is untrue, each with who
    /// claims it and where the claim came from.
    pub fn contradictions(&self, method: &str) -> Vec<(HintSource, String)> {
        let mut found = Vec::new();
        let mut check = |kind: HintKind, contradicts: bool, what: &str| {
            let hint = self.get(kind);
            if contradicts && hint.source >= HintSource::Spec {
                found.push((hint.source, format!("{what} (set by {})", hint.reason)));
            }
        };
        check(
            HintKind::ReadOnly,
            WRITE_METHODS.contains(&method) && self.get(HintKind::ReadOnly).value,
            &format!("readOnlyHint: true on {method}, a method that changes state"),
        );
        check(
            HintKind::Destructive,
            method == "DELETE" && !self.get(HintKind::Destructive).value,
            "destructiveHint: false on DELETE, a method that removes",
        );
        found
    }

    /// The `annotations` object for the manifest; empty when there is nothing to declare.
    pub fn to_annotations(&self, style: HintStyle) -> Map<String, Value> {
        let mut out = Map::new();
        if let Some(title) = &self.title {
            out.insert("title".into(), title.clone().into());
        }
        let read_only = self.get(HintKind::ReadOnly).value;
        for kind in HintKind::ALL {
            let value = self.get(kind).value;
            // On a read-only tool, destructive and idempotent mean nothing (MCP says so).
            let moot = read_only && matches!(kind, HintKind::Destructive | HintKind::Idempotent);
            match style {
                HintStyle::Minimal if moot || value == kind.default_value() => {}
                HintStyle::Minimal => {
                    out.insert(kind.key().into(), value.into());
                }
                HintStyle::Explicit => {
                    // A read-only tool neither destroys nor has repeated effects.
                    let effective = if moot {
                        kind == HintKind::Idempotent
                    } else {
                        value
                    };
                    out.insert(kind.key().into(), effective.into());
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn annotations(method: &str, style: HintStyle) -> Value {
        Value::Object(Hints::infer(method).to_annotations(style))
    }

    #[test]
    fn method_table_in_minimal_style() {
        for method in ["GET", "HEAD", "OPTIONS", "TRACE", "QUERY"] {
            assert_eq!(
                annotations(method, HintStyle::Minimal),
                serde_json::json!({"readOnlyHint": true})
            );
        }
        assert_eq!(
            annotations("PUT", HintStyle::Minimal),
            serde_json::json!({"idempotentHint": true})
        );
        for method in ["POST", "PATCH", "DELETE", "COPY"] {
            assert_eq!(
                annotations(method, HintStyle::Minimal),
                serde_json::json!({})
            );
        }
    }

    #[test]
    fn explicit_style_states_consistent_effective_values() {
        assert_eq!(
            annotations("GET", HintStyle::Explicit),
            serde_json::json!({"readOnlyHint": true, "destructiveHint": false,
                               "idempotentHint": true, "openWorldHint": true})
        );
        assert_eq!(
            annotations("DELETE", HintStyle::Explicit),
            serde_json::json!({"readOnlyHint": false, "destructiveHint": true,
                               "idempotentHint": false, "openWorldHint": true})
        );
    }

    #[test]
    fn read_only_tools_never_carry_destructive_or_idempotent_in_minimal_style() {
        let mut hints = Hints::infer("GET");
        hints.set(
            HintKind::Destructive,
            false,
            HintSource::Spec,
            String::new(),
        );
        hints.set(HintKind::Idempotent, true, HintSource::Spec, String::new());
        assert_eq!(
            Value::Object(hints.to_annotations(HintStyle::Minimal)),
            serde_json::json!({"readOnlyHint": true})
        );
    }

    #[test]
    fn contradictions_come_only_from_claims() {
        let mut hints = Hints::infer("DELETE");
        assert!(hints.contradictions("DELETE").is_empty());
        hints.set(HintKind::ReadOnly, true, HintSource::Spec, String::new());
        hints.set(
            HintKind::Destructive,
            false,
            HintSource::Spec,
            String::new(),
        );
        let found = hints.contradictions("DELETE");
        assert_eq!(found.len(), 2);
        assert!(found.iter().all(|(source, _)| *source == HintSource::Spec));
        assert!(Hints::infer("GET").contradictions("GET").is_empty());
    }
}
