//! The lint rules, one small unit each, grouped by what they check. A rule is a plain
//! function beside its declaration with `rule!`, whose doc comment is both the Rust
//! documentation and what `openapi2mcp rules` prints, so the two cannot drift apart. Each
//! doc says what the rule checks, then `Why:`, `Example:` and `Fix:`. Adding a rule: write
//! it in its group's file, name it in [`ALL`], and give it a fixture `specs/lint/CODE.*`
//! (see CONTRIBUTING.md).

mod descriptions;
mod hints;
mod names;
mod schemas;
mod size;
mod spec;

pub use spec::UNCONVERTIBLE_OPERATION;

use super::{Hit, RuleContext, Severity, Subject};

/// One lint rule.
pub struct Rule {
    /// Stable code, never reused: `OAM001`.
    pub code: &'static str,
    /// Kebab-case name: `name-implies-write`.
    pub name: &'static str,
    /// The severity of its findings unless the settings change it.
    pub severity: Severity,
    /// The documentation: what it checks, why it matters, an example and the fix.
    pub doc: &'static str,
    /// The check of one tool; `None` for a rule about what convert could not make into a
    /// tool, reported by [`crate::lint::unconvertible`].
    pub(crate) check: Option<fn(&Subject<'_>, &RuleContext) -> Vec<Hit>>,
}

impl std::fmt::Debug for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.code, self.name)
    }
}

impl Rule {
    /// The first paragraph of the documentation, on one line: what the rule checks.
    pub fn summary(&self) -> String {
        self.doc
            .lines()
            .map(str::trim)
            .take_while(|line| !line.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The documentation as plain text, without the doc comment's leading spaces.
    pub fn help(&self) -> String {
        self.doc
            .lines()
            .map(|line| line.strip_prefix(' ').unwrap_or(line))
            .collect::<Vec<_>>()
            .join("\n")
            .trim()
            .to_string()
    }
}

/// Declares a rule checked by the function `$check` on each tool (or, without one, a rule
/// whose findings come from elsewhere): the doc comment becomes the rule's `doc` too.
macro_rules! rule {
    (
        @rule $(#[doc = $doc:literal])*
        $ident:ident = $code:literal, $name:literal, $severity:ident, $check:expr
    ) => {
        $(#[doc = $doc])*
        pub static $ident: $crate::lint::rules::Rule = $crate::lint::rules::Rule {
            code: $code,
            name: $name,
            severity: $crate::lint::Severity::$severity,
            doc: concat!($($doc, "\n"),*),
            check: $check,
        };
    };
    (
        $(#[doc = $doc:literal])*
        $ident:ident = $code:literal, $name:literal, $severity:ident, $check:path
    ) => {
        $crate::lint::rules::rule!(
            @rule $(#[doc = $doc])* $ident = $code, $name, $severity, Some($check)
        );
    };
    (
        $(#[doc = $doc:literal])*
        $ident:ident = $code:literal, $name:literal, $severity:ident
    ) => {
        $crate::lint::rules::rule!(
            @rule $(#[doc = $doc])* $ident = $code, $name, $severity, None
        );
    };
}
pub(crate) use rule;

/// Every rule, in code order: the one list of them.
pub static ALL: &[&Rule] = &[
    &names::NAME_IMPLIES_WRITE,
    &names::NAME_IMPLIES_DESTRUCTIVE,
    &hints::HINT_CONTRADICTS_METHOD,
    &names::NAME_IMPLIES_READ_ONLY,
    &hints::RISKY_IDEMPOTENT,
    &hints::HINT_ON_READ_ONLY,
    &hints::REDUNDANT_DEFAULT,
    &names::INVALID_TOOL_NAME,
    &names::DUPLICATE_TOOL_NAME,
    &descriptions::MISSING_DESCRIPTION,
    &descriptions::SHORT_DESCRIPTION,
    &descriptions::MISSING_TITLE,
    &schemas::INPUT_SCHEMA_NOT_OBJECT,
    &schemas::TOP_LEVEL_COMPOSITION,
    &schemas::UNRESOLVED_REF,
    &schemas::INVALID_JSON_SCHEMA,
    &schemas::CLIENT_REJECTS,
    &schemas::NON_ECMA_PATTERN,
    &size::TOOL_TOO_LARGE,
    &size::TOO_MANY_TOOLS,
    &spec::UNCONVERTIBLE_OPERATION,
];

/// A rule by code or name.
pub fn find(rule: &str) -> Option<&'static Rule> {
    ALL.iter()
        .copied()
        .find(|r| r.code.eq_ignore_ascii_case(rule) || r.name.eq_ignore_ascii_case(rule))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_names_are_unique_and_every_doc_is_complete() {
        let mut seen = std::collections::HashSet::new();
        for rule in ALL {
            assert!(seen.insert(rule.code) && seen.insert(rule.name), "{rule:?}");
            assert!(
                rule.name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '-'),
                "{rule:?}"
            );
            for part in ["Why:", "Example:", "Fix:"] {
                assert!(rule.doc.contains(part), "{rule:?} lacks {part}");
            }
        }
        let codes: Vec<&str> = ALL.iter().map(|r| r.code).collect();
        let mut sorted = codes.clone();
        sorted.sort_unstable();
        assert_eq!(codes, sorted, "ALL is in code order");
    }
}
