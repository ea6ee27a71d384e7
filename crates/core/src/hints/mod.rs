//! Annotation hints. Each hint is decided here, once, as a value with its source and
//! reason; the manifest (and later review and lint) only read the result.
//!
//! Precedence, hint by hint: override > `x-mcp-annotations` in the spec > the method table >
//! the MCP default.

pub(crate) mod evidence;
pub(crate) mod vocabulary;

use serde_json::Value;

use crate::error::Result;
use crate::http::Method;
use crate::load::Spec;
use crate::model::Node;
pub use crate::tool::HintKind;
use crate::tool::{Annotations, Tool};
pub use evidence::{Confidence, Evidence, Suggestion};

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

/// One hint as decided: its value, where that came from, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    /// The hint's value for the tool.
    pub value: bool,
    /// Where the value came from.
    pub source: HintSource,
    /// Why the hint has this value, for a person (`MCP default`, `x-mcp-annotations in the
    /// spec`).
    pub reason: String,
    /// The reason a person gave for it in an overrides file: a reviewed decision, which
    /// lint reports but never as an error, and `--read-only` trusts.
    pub reviewed: Option<String>,
}

/// How annotations are written into the manifest.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
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

/// A hint that the spec or an overrides file claims and the HTTP method says is untrue,
/// with who claims it: what review calls risky.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Risk {
    /// The hint claimed.
    pub hint: HintKind,
    /// The value claimed.
    pub value: bool,
    /// Where the claim comes from: [`HintSource::Spec`] (the spec's or a manifest's
    /// annotations) or [`HintSource::Override`].
    pub source: HintSource,
    /// Who set it, as the hint's reason says (`x-mcp-annotations in the spec`).
    pub set_by: String,
    /// The whole statement, for a person.
    pub message: String,
}

/// A declared hint that the HTTP method says is untrue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contradiction {
    /// The hint declared.
    pub hint: HintKind,
    /// What is untrue, for a person (`readOnlyHint: true on POST, a method that changes
    /// state`).
    pub message: String,
}

/// What the declared hints claim that the method says is untrue: `readOnlyHint: true` on a
/// method that writes, `destructiveHint: false` on one that removes (even beside a claim of
/// read-only, which on a method that removes is never believed:
/// [`Hints::withhold_read_only_on_removal`]). Convert, lint and review all ask this one
/// function.
pub fn contradictions(method: &Method, declared: &Annotations) -> Vec<Contradiction> {
    let mut found = Vec::new();
    let read_only = declared.get(HintKind::ReadOnly) == Some(true);
    if read_only && method.writes() {
        found.push(Contradiction {
            hint: HintKind::ReadOnly,
            message: format!("readOnlyHint: true on {method}, a method that changes state"),
        });
    }
    if method.removes() && declared.get(HintKind::Destructive) == Some(false) {
        found.push(Contradiction {
            hint: HintKind::Destructive,
            message: format!("destructiveHint: false on {method}, a method that removes"),
        });
    }
    found
}

impl Hints {
    /// Every hint at its MCP default.
    fn defaults(title: Option<String>) -> Hints {
        Hints {
            hints: HintKind::ALL.map(|kind| Hint {
                value: kind.default_value(),
                source: HintSource::Default,
                reason: "MCP default".into(),
                reviewed: None,
            }),
            title,
        }
    }

    /// The hints the method table gives an HTTP method.
    pub fn infer(method: &Method) -> Hints {
        let mut hints = Hints::defaults(None);
        if method.is_safe() {
            hints.set(
                HintKind::ReadOnly,
                true,
                HintSource::Inferred,
                format!("{method} is a safe method: it does not change the server's state"),
            );
        } else if *method == Method::Put {
            // DELETE is idempotent too, but a second DELETE of a collection or of a resource
            // recreated in between is not a no-op: evidence suggests it per operation.
            hints.set(
                HintKind::Idempotent,
                true,
                HintSource::Inferred,
                format!(
                    "{method} is idempotent: sending the same request twice has the effect of once"
                ),
            );
        }
        hints
    }

    /// The hint of `kind`.
    pub fn get(&self, kind: HintKind) -> &Hint {
        &self.hints[kind as usize]
    }

    /// Sets the hint of `kind` over what was there, with its source and reason; a review
    /// of the value it replaces is dropped (see [`Hints::mark_reviewed`]).
    pub fn set(&mut self, kind: HintKind, value: bool, source: HintSource, reason: String) {
        self.hints[kind as usize] = Hint {
            value,
            source,
            reason,
            reviewed: None,
        };
    }

    /// Puts back the method's `readOnlyHint: false` where a spec, a manifest or an overrides
    /// entry no person reviewed claims read-only on a method that removes: HTTP defines a
    /// DELETE as removing, so the claim is never true, and a client may run a read-only
    /// tool without asking. Only a tool's own overrides entry with a `reason` can say it.
    /// Whether it did.
    pub fn withhold_read_only_on_removal(&mut self, method: &Method) -> bool {
        let hint = self.get(HintKind::ReadOnly);
        let withheld = method.removes()
            && hint.value
            && hint.source >= HintSource::Spec
            && hint.reviewed.is_none();
        if withheld {
            let reason = format!(
                "{method} removes: readOnlyHint: true ({}) is not passed on",
                hint.reason
            );
            self.set(HintKind::ReadOnly, false, HintSource::Inferred, reason);
        }
        withheld
    }

    /// Records that a person decided `kind`'s value, with their reason; a blank reason
    /// says no why, and is no review.
    pub fn mark_reviewed(&mut self, kind: HintKind, reason: String) {
        if !reason.trim().is_empty() {
            self.hints[kind as usize].reviewed = Some(reason);
        }
    }

    /// Whether a person decided this hint, with a reason.
    pub fn is_reviewed(&self, kind: HintKind) -> bool {
        self.get(kind).reviewed.is_some()
    }

    /// Whether the tool is in the honest read-only subset, which `--read-only` keeps and
    /// `serve --dynamic`'s `call_read_only_operation` calls: a person reviewed it as
    /// read-only, or its hints say read-only, its method is safe (a claim of read-only on
    /// any other method is one no person reviewed), for a GET some `evidence` says it reads
    /// (a GET is safe by convention only: `/channels.join` acts) or it is `known_to_read`
    /// (convert's verdict recorded in a manifest, whose words are fewer than the spec's),
    /// and none says it acts, even where other evidence disagrees (unsure is not kept).
    /// `Err` says why not.
    pub fn read_only_verdict(
        &self,
        method: &Method,
        evidence: &[evidence::Evidence],
        suggestions: &[evidence::Suggestion],
        known_to_read: bool,
    ) -> std::result::Result<(), String> {
        let hint = self.get(HintKind::ReadOnly);
        if !hint.value {
            return Err("its hints do not say read-only".into());
        }
        // What HTTP defines as removing is never kept, whoever says otherwise.
        if method.removes() {
            return Err(format!(
                "readOnlyHint: true on {method}, a method that removes: never kept, reviewed or not"
            ));
        }
        if hint.reviewed.is_some() {
            return Ok(());
        }
        let acts = suggestions
            .iter()
            .find(|s| s.hint == HintKind::ReadOnly && !s.value);
        if let (None, Some(why)) = (acts, evidence::a_sentence_acts(evidence)) {
            return Err(why);
        }
        match acts {
            Some(acts) => Err(acts.because()),
            None if !method.is_safe() => Err(format!(
                "readOnlyHint: true on {method}, a claim no person reviewed"
            )),
            // HEAD, OPTIONS and TRACE carry no action of their own.
            None if *method == Method::Get && !evidence::says_it_reads(evidence) && !known_to_read => Err(
                "nothing in its words or path says it reads, and a GET can act: review it to keep it"
                    .into(),
            ),
            None => Ok(()),
        }
    }

    /// Applies an `x-mcp-annotations` object, hint by hint. A hint that is not a boolean is
    /// an error; keys that are not hints (other than `title`) are returned as warnings.
    pub(crate) fn apply_spec(
        &mut self,
        spec: &Spec,
        annotations: &Node<'_>,
    ) -> Result<Vec<String>> {
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

    /// The hints a manifest declares, as claims over the MCP defaults.
    pub fn declared(annotations: &Annotations) -> Hints {
        let mut hints = Hints::defaults(annotations.title.clone());
        for (kind, value) in annotations.declared() {
            hints.set(
                kind,
                value,
                HintSource::Spec,
                "the manifest's annotations".into(),
            );
        }
        hints
    }

    /// The hints a manifest's tool declares, as claims over the MCP defaults, with a
    /// read-only claim on a method that writes that its binding records a person reviewed
    /// (`readOnlyReviewed`, with their reason) as the decision it was: what convert read to
    /// write them.
    pub fn listed(tool: &Tool) -> Hints {
        let mut hints = Hints::declared(&tool.annotations);
        let reviewed = tool.binding().and_then(|b| b.read_only_review());
        if let (Some(reason), true) = (reviewed, hints.get(HintKind::ReadOnly).value) {
            let reason = reason.to_string();
            let source = format!("an overrides entry recorded in the manifest: {reason}");
            hints.set(HintKind::ReadOnly, true, HintSource::Override, source);
            hints.mark_reviewed(HintKind::ReadOnly, reason);
        }
        hints
    }

    /// The hints a spec or an override states: what lint and review treat as claims.
    pub fn claims(&self) -> Annotations {
        let mut claims = Annotations::default();
        for kind in HintKind::ALL {
            let hint = self.get(kind);
            if hint.source >= HintSource::Spec {
                claims.set(kind, Some(hint.value));
            }
        }
        claims
    }

    /// What a spec or override claims that the HTTP method says is untrue, each with who
    /// claims it: see [`contradictions`].
    pub fn risks(&self, method: &Method) -> Vec<Risk> {
        contradictions(method, &self.claims())
            .into_iter()
            .map(|c| {
                let hint = self.get(c.hint);
                Risk {
                    hint: c.hint,
                    value: hint.value,
                    source: hint.source,
                    set_by: hint.reason.clone(),
                    message: format!("{} (set by {})", c.message, hint.reason),
                }
            })
            .collect()
    }

    /// The `annotations` object for the manifest; empty when there is nothing to declare.
    pub fn to_annotations(&self, style: HintStyle) -> Annotations {
        annotations(
            HintKind::ALL.map(|kind| self.get(kind).value),
            self.title.clone(),
            style,
        )
    }
}

/// The annotations that declare these hint values (in [`HintKind::ALL`] order) in `style`.
pub fn annotations(values: [bool; 4], title: Option<String>, style: HintStyle) -> Annotations {
    let mut out = Annotations {
        title,
        ..Annotations::default()
    };
    let read_only = values[HintKind::ReadOnly as usize];
    for (kind, value) in HintKind::ALL.into_iter().zip(values) {
        let moot = read_only && kind.moot_when_read_only();
        let declared = match style {
            HintStyle::Minimal if moot || value == kind.default_value() => None,
            HintStyle::Minimal => Some(value),
            // A read-only tool neither destroys nor has repeated effects.
            HintStyle::Explicit if moot => Some(kind == HintKind::Idempotent),
            HintStyle::Explicit => Some(value),
        };
        out.set(kind, declared);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn annotations(method: &str, style: HintStyle) -> Value {
        let method = Method::parse(method).unwrap();
        serde_json::to_value(Hints::infer(&method).to_annotations(style)).unwrap()
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
        for method in ["POST", "PATCH", "DELETE", "COPY", "LOCK"] {
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
    fn only_a_safe_method_or_a_reviewed_decision_is_read_only_for_certain() {
        let lists = [evidence::Evidence {
            source: evidence::Source::Summary,
            says: evidence::Says::Verb(crate::hints::vocabulary::Verb::Read),
            seen: "List".into(),
            at: "/paths/~1items/get/summary".into(),
        }];
        assert_eq!(
            Hints::infer(&Method::Get).read_only_verdict(&Method::Get, &lists, &[], false),
            Ok(())
        );
        // A GET with no word that says it reads (`GET /channels.join`) is not kept.
        assert!(Hints::infer(&Method::Get)
            .read_only_verdict(&Method::Get, &[], &[], false)
            .is_err());
        assert_eq!(
            Hints::infer(&Method::Delete).read_only_verdict(&Method::Delete, &[], &[], false),
            Err("its hints do not say read-only".into())
        );
        let mut claimed = Hints::infer(&Method::Post);
        claimed.set(
            HintKind::ReadOnly,
            true,
            HintSource::Spec,
            "x-mcp-annotations".into(),
        );
        assert_eq!(
            claimed.read_only_verdict(&Method::Post, &[], &[], false),
            Err("readOnlyHint: true on POST, a claim no person reviewed".into())
        );
        claimed.mark_reviewed(HintKind::ReadOnly, "a search".into());
        assert_eq!(
            claimed.read_only_verdict(&Method::Post, &[], &[], false),
            Ok(())
        );
        // A DELETE removes, whatever a review says.
        let mut delete = Hints::infer(&Method::Delete);
        delete.set(
            HintKind::ReadOnly,
            true,
            HintSource::Override,
            "overrides".into(),
        );
        delete.mark_reviewed(HintKind::ReadOnly, "all safe".into());
        assert_eq!(
            delete.read_only_verdict(&Method::Delete, &lists, &[], false),
            Err(
                "readOnlyHint: true on DELETE, a method that removes: never kept, reviewed or not"
                    .into()
            )
        );
    }

    #[test]
    fn read_only_tools_never_carry_destructive_or_idempotent_in_minimal_style() {
        let mut hints = Hints::infer(&Method::Get);
        hints.set(
            HintKind::Destructive,
            false,
            HintSource::Spec,
            String::new(),
        );
        hints.set(HintKind::Idempotent, true, HintSource::Spec, String::new());
        assert_eq!(
            serde_json::to_value(hints.to_annotations(HintStyle::Minimal)).unwrap(),
            serde_json::json!({"readOnlyHint": true})
        );
    }

    #[test]
    fn contradictions_come_only_from_claims() {
        let mut hints = Hints::infer(&Method::Delete);
        assert!(hints.risks(&Method::Delete).is_empty());
        hints.set(
            HintKind::Destructive,
            false,
            HintSource::Spec,
            String::new(),
        );
        let found = hints.risks(&Method::Delete);
        assert_eq!(found.len(), 1);
        assert!(found[0]
            .message
            .starts_with("destructiveHint: false on DELETE"));
        // Claimed read-only as well: both, since read-only is never believed on a DELETE,
        // and withheld, it leaves the tool not destructive.
        hints.set(HintKind::ReadOnly, true, HintSource::Spec, String::new());
        let found = hints.risks(&Method::Delete);
        assert_eq!(found.len(), 2);
        assert!(found[0].message.starts_with("readOnlyHint: true on DELETE"));
        assert_eq!((found[0].hint, found[0].value), (HintKind::ReadOnly, true));
        assert_eq!(
            (found[1].hint, found[1].value),
            (HintKind::Destructive, false)
        );
        assert!(found.iter().all(|risk| risk.source == HintSource::Spec));
        // Withheld: the method's value, with why.
        assert!(hints.withhold_read_only_on_removal(&Method::Delete));
        assert!(!hints.get(HintKind::ReadOnly).value);
        assert!(!hints.withhold_read_only_on_removal(&Method::Delete));
        // A person's decision stands.
        hints.set(
            HintKind::ReadOnly,
            true,
            HintSource::Override,
            String::new(),
        );
        hints.mark_reviewed(HintKind::ReadOnly, "a soft delete that only flags".into());
        assert!(!hints.withhold_read_only_on_removal(&Method::Delete));
        assert!(Hints::infer(&Method::Get).risks(&Method::Get).is_empty());
    }
}
