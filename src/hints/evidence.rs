//! Evidence about what an operation does beyond its HTTP method: the verbs in its name,
//! summary and path, its responses and headers. Review turns it into suggestions; lint
//! checks names against hints with the same vocabulary.

use crate::convert::naming::snake_case;
use crate::http::Method;
use crate::model::{In, Operation};

use super::{HintKind, Hints};

/// Verbs that only read.
pub const READ_VERBS: &[&str] = &[
    "get",
    "list",
    "search",
    "find",
    "fetch",
    "query",
    "count",
    "describe",
    "lookup",
    "read",
    "show",
    "view",
    "retrieve",
    "browse",
    "head",
    "exists",
    "check",
    "watch",
    "download",
    "stream",
    "poll",
    "preview",
    "inspect",
    "compare",
    "diff",
    "render",
    "validate",
    "estimate",
    "calculate",
];

/// Verbs that destroy or overwrite what exists.
pub const DESTROY_VERBS: &[&str] = &[
    "delete",
    "remove",
    "destroy",
    "purge",
    "drop",
    "wipe",
    "truncate",
    "overwrite",
    "revoke",
    "erase",
];

/// Verbs that add something new.
pub const CREATE_VERBS: &[&str] = &["create", "add", "insert", "register", "new"];

/// Verbs that change state (the destroying and creating ones included).
pub const WRITE_VERBS: &[&str] = &[
    "update",
    "set",
    "cancel",
    "send",
    "refund",
    "charge",
    "pay",
    "transfer",
    "upload",
    "reset",
    "run",
    "put",
    "patch",
    "post",
    "replace",
    "write",
    "modify",
    "edit",
    "move",
    "rename",
    "assign",
    "unassign",
    "approve",
    "reject",
    "submit",
    "publish",
    "unpublish",
    "enable",
    "disable",
    "start",
    "stop",
    "restart",
    "trigger",
    "execute",
    "invoke",
    "import",
    "sync",
    "merge",
    "close",
    "lock",
    "unlock",
    "archive",
    "restore",
    "unregister",
    "subscribe",
    "unsubscribe",
    "book",
    "order",
    "grant",
    "deny",
    "block",
    "unblock",
    "logout",
    "login",
    "rotate",
    "regenerate",
    "activate",
    "deactivate",
    "suspend",
    "resume",
    "confirm",
    "verify",
    "accept",
    "decline",
    "mark",
    "apply",
    "clear",
    "dismiss",
    "follow",
    "unfollow",
    "star",
    "unstar",
    "pin",
    "unpin",
    "transition",
    "deploy",
    "rerun",
    "retry",
    "redeliver",
    "sign",
];

/// Verbs whose effect repeats on every call: creating, charging, sending.
pub const REPEATING_VERBS: &[&str] = &[
    "create", "add", "insert", "register", "new", "charge", "pay", "send", "transfer", "order",
    "book", "submit", "post",
];

/// What a word says an operation does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VerbClass {
    Read,
    Create,
    Destroy,
    Write,
}

pub fn classify(word: &str) -> Option<VerbClass> {
    if READ_VERBS.contains(&word) {
        Some(VerbClass::Read)
    } else if DESTROY_VERBS.contains(&word) {
        Some(VerbClass::Destroy)
    } else if CREATE_VERBS.contains(&word) {
        Some(VerbClass::Create)
    } else if WRITE_VERBS.contains(&word) {
        Some(VerbClass::Write)
    } else {
        None
    }
}

/// The verb of a name in any case style: its first word that is a known verb
/// (`get_deleted_items` reads, `users.delete` deletes).
pub fn verb(name: &str) -> Option<(String, VerbClass)> {
    snake_case(name)
        .split('_')
        .find_map(|word| classify(word).map(|class| (word.to_string(), class)))
}

/// A hint the evidence points to that the method table does not set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suggestion {
    pub hint: HintKind,
    pub value: bool,
    /// The evidence, in words.
    pub evidence: String,
}

/// Where an operation's verb was found, for the evidence text.
fn operation_verb(operation: &Operation<'_>) -> Option<(String, VerbClass, String)> {
    let from = |text: Option<&str>, what: &str| {
        let (word, class) = verb(text?)?;
        Some((word, class, what.to_string()))
    };
    let last_literal = operation
        .path
        .rsplit('/')
        .find(|s| !s.is_empty() && !s.starts_with('{'));
    from(operation.operation_id, "operationId")
        .or_else(|| from(operation.summary, "summary"))
        .or_else(|| from(last_literal, "path"))
}

/// Header names that carry an idempotency key: `Idempotency-Key`, `X-Idempotency-Key`,
/// `Idempotency-Token`, `X-Idempotent-Request-Key`...
pub fn is_idempotency_key(name: &str) -> bool {
    let squashed: String = name.chars().filter(char::is_ascii_alphanumeric).collect();
    squashed.to_ascii_lowercase().contains("idempoten")
}

/// Whether the operation accepts an idempotency key header.
pub fn takes_idempotency_key<'a>(operation: &Operation<'a>) -> Option<&'a str> {
    operation
        .parameters
        .iter()
        .find(|p| p.location == In::Header && is_idempotency_key(p.name))
        .map(|p| p.name)
}

/// Suggestions for hints that differ from the effective ones. Never applied by themselves:
/// an untrue hint is worse than a cautious one.
pub fn suggest(operation: &Operation<'_>, hints: &Hints) -> Vec<Suggestion> {
    let method = &operation.method;
    let value = |kind| hints.get(kind).value;
    let read_only = value(HintKind::ReadOnly);
    let mut out = Vec::new();
    let mut add = |hint, value, evidence: String| {
        out.push(Suggestion {
            hint,
            value,
            evidence,
        })
    };
    let found_verb = operation_verb(operation);
    let single_resource = operation.path.trim_end_matches('/').ends_with('}');

    if let Some((word, class, place)) = &found_verb {
        if method.writes() && !method.removes() && *class == VerbClass::Read && !read_only {
            add(
                HintKind::ReadOnly,
                true,
                format!("{method} whose {place} says it reads ('{word}'): often a query sent with a body"),
            );
        }
        if matches!(method, Method::Get | Method::Head) && *class != VerbClass::Read && read_only {
            add(
                HintKind::ReadOnly,
                false,
                format!(
                    "{method} whose {place} says it acts ('{word}'): a {method} with side effects"
                ),
            );
        }
    }
    if method.removes() && single_resource && !value(HintKind::Idempotent) {
        add(
            HintKind::Idempotent,
            true,
            format!(
                "DELETE on a single resource ({}); HTTP defines DELETE as idempotent: true if \
                 repeating it has no further effect in this API",
                operation.path
            ),
        );
    }
    if *method == Method::Post && !read_only && value(HintKind::Destructive) {
        let created = operation.responses.iter().any(|r| r.status == "201");
        let create_verb = matches!(&found_verb, Some((_, VerbClass::Create, _)));
        if created || (create_verb && !single_resource) {
            let evidence = if created {
                "POST that answers 201 Created: it adds rather than destroys".to_string()
            } else {
                format!(
                    "POST that creates ('{}') on a collection: it adds rather than destroys",
                    found_verb.as_ref().map_or("", |v| v.0.as_str())
                )
            };
            add(HintKind::Destructive, false, evidence);
        }
    }
    if let Some(header) = takes_idempotency_key(operation) {
        if !read_only && !value(HintKind::Idempotent) {
            add(
                HintKind::Idempotent,
                true,
                format!(
                    "accepts an idempotency key ({header}): true only where the caller mints the \
                     key once and sends the same key on every retry"
                ),
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_verb_is_the_first_known_verb_in_any_case_style() {
        assert_eq!(verb("deleteUser").unwrap().1, VerbClass::Destroy);
        assert_eq!(verb("users.delete").unwrap().1, VerbClass::Destroy);
        assert_eq!(verb("DeleteUser").unwrap().0, "delete");
        assert_eq!(
            verb("get_deleted_items").unwrap(),
            ("get".to_string(), VerbClass::Read)
        );
        assert_eq!(verb("create_charge").unwrap().1, VerbClass::Create);
        assert_eq!(verb("pets"), None);
        // From real specs: a noun after an unknown verb is not the verb.
        assert_eq!(
            verb("watch_apps_v1_namespaced_daemon_set").unwrap().1,
            VerbClass::Read
        );
        assert_eq!(
            verb("repos_download_tarball_archive").unwrap().1,
            VerbClass::Read
        );
        assert_eq!(verb("repos_ping_webhook"), None);
    }

    #[test]
    fn idempotency_key_headers_in_their_common_spellings() {
        for name in [
            "Idempotency-Key",
            "X-Idempotency-Key",
            "idempotency_key",
            "Idempotency-Token",
            "X-Idempotent-Request-Key",
        ] {
            assert!(is_idempotency_key(name), "{name}");
        }
        assert!(!is_idempotency_key("X-Request-Id"));
    }
}
