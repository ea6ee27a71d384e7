//! Rules about hints: against the HTTP method, risky retries, and noise.

use super::rule;
use crate::hints::evidence::REPEATING_VERBS;
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
    /// `idempotentHint: true` on a POST or PATCH, or on a tool whose name creates, charges,
    /// pays, sends, transfers, orders, books or submits, when it takes no idempotency key.
    /// The name alone counts only where the method is unknown or not idempotent by HTTP's
    /// definition: a PUT that creates or updates is idempotent by design.
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
    let method = tool.method();
    let by_method = method.filter(|m| !m.is_idempotent() && m.writes());
    let idempotent_method = method.is_some_and(|m| m.is_idempotent());
    let by_name = tool
        .verb()
        .filter(|(word, _)| !idempotent_method && REPEATING_VERBS.contains(&word.as_str()));
    let why = match (by_method, by_name) {
        (Some(method), _) => format!("a {method}"),
        (None, Some((word, _))) => format!("a tool whose name says '{word}'"),
        (None, None) => return Vec::new(),
    };
    vec![Hit::new(
        Target::Hint(HintKind::Idempotent),
        format!(
            "idempotentHint is true on {why} that takes no idempotency key: a retry may repeat its effect"
        ),
    )]
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
        .map(|(kind, value)| {
            Hit::new(
                Target::Hint(kind),
                format!("{}: {value} is the default", kind.key()),
            )
        })
        .collect()
}
