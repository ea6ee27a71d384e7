//! Rules about hints: against the HTTP method, risky retries, and noise.

use super::rule;
use crate::hints::Hints;
use crate::lint::{Hit, RuleContext, Subject, Target};
use crate::tool::HintKind;

rule! {
    /// `readOnlyHint: true` on a method that writes (POST, PUT, PATCH, DELETE), or
    /// `destructiveHint: false` on DELETE (when the method is known from the spec or
    /// `_meta["openapi2mcp/http"]`). The same check convert warns about and `--strict`
    /// fails on.
    ///
    /// Why: the method says the tool changes or removes state; a hint that denies it makes
    /// clients skip their safeguards.
    ///
    /// Example: `x-mcp-annotations: {readOnlyHint: true}` on a POST operation.
    ///
    /// Fix: drop the hint, or, for a POST that only queries, record the decision with its
    /// reason in an overrides file and ignore this rule for that tool.
    HINT_CONTRADICTS_METHOD = "OAM003", "hint-contradicts-method", Error, hint_contradicts_method
}

fn hint_contradicts_method(tool: &Subject<'_>, _: &RuleContext) -> Vec<Hit> {
    let Some(method) = tool.method() else {
        return Vec::new();
    };
    crate::hints::contradictions(method, &tool.declared)
        .into_iter()
        .map(|c| Hit::new(Target::Hint(c.hint), c.message))
        .collect()
}

rule! {
    /// `idempotentHint: true` on a POST or PATCH, or on any tool (a PUT included) whose
    /// name, summary or description says every call has an effect of its own (it creates,
    /// sends, notifies, triggers, charges, appends, toggles...), when it takes no
    /// idempotency key. The same judgement review shows, where it is sure: a PUT that sets
    /// a value is idempotent by design, a PUT that sends an email is not.
    ///
    /// Why: clients retry idempotent tools after a timeout. Without an idempotency key the
    /// retry creates a second order or bills the card twice.
    ///
    /// Example: `create_charge` (POST) with `"idempotentHint": true` and no
    /// `Idempotency-Key` header.
    ///
    /// Fix: drop the hint, or accept an `Idempotency-Key` header that the server honours.
    RISKY_IDEMPOTENT = "OAM005", "risky-idempotent", Warning, risky_idempotent
}

fn risky_idempotent(tool: &Subject<'_>, _: &RuleContext) -> Vec<Hit> {
    if !tool.hint(HintKind::Idempotent)
        || tool.hint(HintKind::ReadOnly)
        || tool.takes_idempotency_key()
    {
        return Vec::new();
    }
    let by_method = tool.method().filter(|m| !m.is_idempotent() && m.writes());
    let by_evidence = tool
        .suggestions
        .iter()
        .find(|s| s.hint == HintKind::Idempotent && !s.value && s.is_sure());
    let message = match (by_method, by_evidence) {
        (Some(method), _) => format!(
            "idempotentHint is true on a {method} that takes no idempotency key: a retry may repeat its effect"
        ),
        (None, Some(suggestion)) => {
            let seen: Vec<String> = suggestion.evidence.iter().map(|e| e.describe()).collect();
            format!(
                "idempotentHint is true, but every call adds an effect ({}) and no idempotency key is taken: a retry repeats it",
                seen.join(", ")
            )
        }
        (None, None) => return Vec::new(),
    };
    vec![Hit::new(Target::Hint(HintKind::Idempotent), message)]
}

rule! {
    /// `destructiveHint` or `idempotentHint` declared on a read-only tool. Off for
    /// manifests in the explicit style (every tool states all four hints on purpose).
    ///
    /// Why: MCP says both mean nothing when `readOnlyHint` is true; clients ignore them and
    /// readers are misled.
    ///
    /// Example: `{"readOnlyHint": true, "destructiveHint": false}` in the minimal style.
    ///
    /// Fix: drop them.
    HINT_ON_READ_ONLY = "OAM006", "hint-on-read-only", Warning, hint_on_read_only
}

fn hint_on_read_only(tool: &Subject<'_>, context: &RuleContext) -> Vec<Hit> {
    if context.explicit_style || !tool.hint(HintKind::ReadOnly) {
        return Vec::new();
    }
    HintKind::ALL
        .into_iter()
        .filter(|kind| kind.moot_when_read_only() && tool.declares(*kind).is_some())
        .map(|kind| {
            Hit::new(
                Target::Hint(kind),
                format!("{} means nothing on a read-only tool", kind.key()),
            )
        })
        .collect()
}

rule! {
    /// A hint declared with its default value (`readOnlyHint: false`,
    /// `destructiveHint: true`, `idempotentHint: false`, `openWorldHint: true`). Off for
    /// manifests in the explicit style.
    ///
    /// A default that cancels what the method would give (`idempotentHint: false` on a
    /// PUT) is not redundant.
    ///
    /// Why: the default already says it; the declaration is noise (declare the difference,
    /// not the obvious).
    ///
    /// Example: `x-mcp-annotations: {destructiveHint: true}` on a DELETE.
    ///
    /// Fix: drop it.
    REDUNDANT_DEFAULT = "OAM007", "redundant-default", Info, redundant_default
}

fn redundant_default(tool: &Subject<'_>, context: &RuleContext) -> Vec<Hit> {
    if context.explicit_style {
        return Vec::new();
    }
    tool.declared
        .declared()
        .filter(|(kind, value)| *value == kind.default_value())
        // Moot ones are hint-on-read-only's to report.
        .filter(|(kind, _)| !(tool.hint(HintKind::ReadOnly) && kind.moot_when_read_only()))
        // A default that cancels what the method would give (idempotentHint: false on a
        // PUT) says something.
        .filter(|(kind, value)| {
            tool.method()
                .is_none_or(|m| Hints::infer(m).get(*kind).value == *value)
        })
        .map(|(kind, value)| {
            Hit::new(
                Target::Hint(kind),
                format!("{}: {value} is the default", kind.key()),
            )
        })
        .collect()
}
