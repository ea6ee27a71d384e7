//! Rules about tool names: what the name's verb says against the hints, and what clients
//! accept.

use super::rule;
use crate::hints::vocabulary::Verb;
use crate::lint::{Hit, RuleContext, Subject, Target};
use crate::tool::HintKind;

rule! {
    /// The name's verb writes (create, update, delete, send, charge, upload, run...) but the
    /// tool says `readOnlyHint: true`, and nothing else in the operation says it only reads
    /// (the judgement review shows: a name that says `post` with a summary that says
    /// `List` is a noun, not a verb).
    ///
    /// Why: a client skips its confirmation for read-only tools, so `delete_user` marked
    /// read-only deletes without asking.
    ///
    /// Example: a tool named `delete_user` with `"annotations": {"readOnlyHint": true}`.
    /// (`get_deleted_items` is fine: its verb is `get`.)
    ///
    /// Fix: drop `readOnlyHint`, or rename the tool if it really only reads.
    NAME_IMPLIES_WRITE = "OAM001", "name-implies-write", Error, name_implies_write
}

fn name_implies_write(tool: &Subject<'_>, _: &RuleContext) -> Vec<Hit> {
    let acting = [
        Verb::Create,
        Verb::Repeat,
        Verb::Switch,
        Verb::Update,
        Verb::Renew,
        Verb::Destroy,
        Verb::Settle,
        Verb::Act,
    ];
    match tool.named(HintKind::ReadOnly, false, &acting) {
        Some((word, _)) if tool.hint(HintKind::ReadOnly) => vec![Hit::new(
            Target::Hint(HintKind::ReadOnly),
            format!("the name says it writes ('{word}') but readOnlyHint is true"),
        )],
        _ => Vec::new(),
    }
}

rule! {
    /// The name's verb destroys (delete, remove, destroy, purge, drop, wipe, truncate,
    /// overwrite, revoke) but the tool says `destructiveHint: false`; removing a relation
    /// (a label, an assignee, a star) that adding back restores is not destroying.
    ///
    /// Why: a client treats non-destructive tools as safe to run without a second look.
    ///
    /// Example: `purge_cache` with `"annotations": {"destructiveHint": false}`.
    ///
    /// Fix: drop `destructiveHint: false` (destructive is the default).
    NAME_IMPLIES_DESTRUCTIVE = "OAM002", "name-implies-destructive", Error, name_implies_destructive
}

fn name_implies_destructive(tool: &Subject<'_>, _: &RuleContext) -> Vec<Hit> {
    match tool.named(HintKind::Destructive, true, &[Verb::Destroy]) {
        Some((word, _)) if !tool.hint(HintKind::ReadOnly) => vec![Hit::new(
            Target::Hint(HintKind::Destructive),
            format!("the name says it destroys ('{word}') but destructiveHint is false"),
        )],
        _ => Vec::new(),
    }
}

rule! {
    /// The name's verb reads (get, list, search, find, fetch, query, count, describe,
    /// lookup) but the tool is not read-only, and the rest of the operation agrees (the
    /// judgement review shows: two agreeing pieces of evidence and none against).
    ///
    /// Why: either the tool changes state its name hides, or it only reads and clients will
    /// ask for confirmation that is not needed.
    ///
    /// Example: `search_orders` sent as POST with no hints.
    ///
    /// Fix: if it has no side effects, declare `readOnlyHint: true` (for example in an
    /// overrides file); otherwise rename it.
    NAME_IMPLIES_READ_ONLY = "OAM004", "name-implies-read-only", Warning, name_implies_read_only
}

fn name_implies_read_only(tool: &Subject<'_>, _: &RuleContext) -> Vec<Hit> {
    match tool.named(HintKind::ReadOnly, true, &[Verb::Read]) {
        Some((word, _)) => vec![Hit::new(
            Target::Name,
            format!("the name says it reads ('{word}') but the tool is not read-only"),
        )
        .about(HintKind::ReadOnly)],
        None => Vec::new(),
    }
}

rule! {
    /// The name is outside `^[a-zA-Z0-9_-]{1,64}$`.
    ///
    /// Why: Claude and OpenAI reject the whole tool list when one name breaks that pattern.
    ///
    /// Example: a tool named `repos/get-content` or one 70 characters long.
    ///
    /// Fix: use letters, digits, `_` and `-`, at most 64 characters (convert does).
    INVALID_TOOL_NAME = "OAM008", "invalid-tool-name", Error, invalid_tool_name
}

fn invalid_tool_name(tool: &Subject<'_>, _: &RuleContext) -> Vec<Hit> {
    let name = tool.name();
    let valid = !name.is_empty()
        && name.len() <= 64
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if valid {
        return Vec::new();
    }
    vec![Hit::new(
        Target::Name,
        format!("'{name}' is not a name clients accept (^[a-zA-Z0-9_-]{{1,64}}$)"),
    )]
}

rule! {
    /// Two or more tools share a name.
    ///
    /// Why: a client calls tools by name; with two, it calls the wrong one or refuses the
    /// list.
    ///
    /// Example: a manifest edited by hand that lists `get_item` twice. (From a spec, convert
    /// numbers a repeated name, `get_item_2`, so this is found in manifests.)
    ///
    /// Fix: give each tool its own name (in a spec, each operation its own operationId).
    DUPLICATE_TOOL_NAME = "OAM009", "duplicate-tool-name", Error, duplicate_tool_name
}

fn duplicate_tool_name(tool: &Subject<'_>, context: &RuleContext) -> Vec<Hit> {
    match context.name_counts.get(tool.name()) {
        Some(&count) if count > 1 => vec![Hit::new(
            Target::Name,
            format!("{count} tools are named '{}'", tool.name()),
        )],
        _ => Vec::new(),
    }
}
