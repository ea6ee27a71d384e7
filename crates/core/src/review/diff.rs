//! How hints changed between two versions of an API. Changes that make a tool look safer to
//! clients come first: those are the ones a reviewer must check.

use std::collections::{HashMap, HashSet, VecDeque};

use serde_json::Value;

use crate::convert::Converted;
use crate::http::Method;
use crate::tool::{Annotations, HintKind, Tool};

/// One tool as compared: its name, operation, and effective hints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Side {
    /// The tool's name.
    pub name: String,
    /// The binding's method and path; empty for a manifest tool without a binding.
    pub method: String,
    /// The binding's path; empty likewise.
    pub path: String,
    /// The binding's server; empty without one.
    pub server: String,
    /// Effective values in [`HintKind::ALL`] order.
    pub values: [bool; 4],
    /// What the binding records, in [`Decision::ALL`] order; all false without one.
    pub decisions: [bool; 3],
    /// The hints as written contradict the method (read-only on a DELETE), though what is
    /// passed on may not say so: another server would pass them on as written.
    pub contradicted: bool,
    /// The tool's annotations, as written, say read-only (on a DELETE serve withholds it).
    pub written_read_only: bool,
}

impl Side {
    /// A converted tool, with its hints' values as passed on, and whether a read-only claim
    /// is written that is not (on a DELETE).
    pub fn of(converted: &Converted) -> Side {
        let values = HintKind::ALL.map(|k| converted.hints.get(k).value);
        let claimed = (converted.risks.iter()).any(|r| r.hint == HintKind::ReadOnly && r.value);
        Side {
            values,
            contradicted: !converted.risks.is_empty(),
            written_read_only: values[HintKind::ReadOnly as usize] || claimed,
            ..Side::of_tool(&converted.tool)
        }
    }

    /// A tool as a manifest states it: hints read with the MCP defaults.
    pub fn of_tool(tool: &Tool) -> Side {
        let binding = tool.binding();
        Side {
            name: tool.name.clone(),
            method: binding.map_or(String::new(), |b| b.method.to_string()),
            path: binding.map_or(String::new(), |b| b.path.clone()),
            server: (binding.and_then(|b| b.server.as_deref())).map_or(String::new(), |server| {
                server.trim_end_matches('/').to_string()
            }),
            values: tool.annotations.effective_all(),
            decisions: binding.map_or([false; 3], |b| Decision::ALL.map(|d| d.recorded(b))),
            contradicted: binding.is_some_and(|b| {
                !crate::hints::contradictions(&b.method, &tool.annotations).is_empty()
            }),
            written_read_only: tool.annotations.effective(HintKind::ReadOnly),
        }
    }

    fn is_bound(&self) -> bool {
        !self.method.is_empty()
    }

    /// The operation it calls: its method and its path's shape.
    fn operation(&self) -> (&str, String) {
        (&self.method, path_shape(&self.path))
    }

    fn read_only(&self) -> bool {
        self.values[HintKind::ReadOnly as usize]
    }
}

/// What a renamed tool is matched by: its path's shape, a trailing `/` and the letters'
/// case aside (a rename that also moves the path a little is still the tool it was, its
/// decisions then carried, not lost in an added tool).
fn pairing_shape(path: &str) -> String {
    path_shape(path.trim_end_matches('/')).to_lowercase()
}

/// A path with its parameters' names left out: `/notes/{id}` and `/notes/{note_id}` are
/// one operation's.
fn path_shape(path: &str) -> String {
    let mut shape = String::with_capacity(path.len());
    let mut in_name = false;
    for c in path.chars() {
        match c {
            '{' => {
                in_name = true;
                shape.push('{');
            }
            '}' => {
                in_name = false;
                shape.push('}');
            }
            _ if in_name => {}
            _ => shape.push(c),
        }
    }
    shape
}

/// A hint whose effective value differs between the versions of one tool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HintChange {
    /// The tool's name in the new version.
    pub tool: String,
    /// The hint that changed.
    pub hint: HintKind,
    /// Its value in the old version.
    pub old: bool,
    /// Its value in the new version.
    pub new: bool,
}

impl HintChange {
    /// Makes the tool look safer to clients: read-only gained, destructive or open world
    /// dropped, idempotent gained.
    pub fn loosens(&self) -> bool {
        self.hint.loosens(self.new)
    }
}

/// A verdict or a person's decision a tool's binding records that makes the tool look
/// safer than its method: each is trusted where the manifest is read, so gaining one
/// loosens as a hint does, even where the hints stay as they were (a hand-edited manifest).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// `readOnlyVerified`: convert judged it read-only, so `--read-only` and
    /// `call_read_only_operation` keep it.
    ReadOnlyVerified,
    /// `readOnlyReviewed`: a person reviewed `readOnlyHint: true` on a method that writes.
    ReadOnlyReviewed,
    /// `retryReviewed`: a person reviewed a write as safe to retry, so serve repeats it.
    RetryReviewed,
}

impl Decision {
    /// Every decision, in the order of [`Side::decisions`].
    pub const ALL: [Decision; 3] = [
        Decision::ReadOnlyVerified,
        Decision::ReadOnlyReviewed,
        Decision::RetryReviewed,
    ];

    /// The binding's key, as a manifest spells it.
    pub fn key(self) -> &'static str {
        match self {
            Decision::ReadOnlyVerified => "readOnlyVerified",
            Decision::ReadOnlyReviewed => "readOnlyReviewed",
            Decision::RetryReviewed => "retryReviewed",
        }
    }

    /// Whether the binding records it as it is read wherever the manifest is (a person's
    /// read-only review as [`Binding::read_only_review`] reads it).
    ///
    /// [`Binding::read_only_review`]: crate::tool::Binding::read_only_review
    fn recorded(self, binding: &crate::tool::Binding) -> bool {
        match self {
            Decision::ReadOnlyVerified => binding.read_only_verified,
            Decision::ReadOnlyReviewed => binding.read_only_review().is_some(),
            Decision::RetryReviewed => binding.retry_reviewed,
        }
    }

    /// The hints whose change says this decision's too: a read-only review or verdict
    /// comes with `readOnlyHint`; a reviewed retry with `idempotentHint` or `readOnlyHint`.
    fn said_by(self) -> &'static [HintKind] {
        match self {
            Decision::ReadOnlyVerified | Decision::ReadOnlyReviewed => &[HintKind::ReadOnly],
            Decision::RetryReviewed => &[HintKind::ReadOnly, HintKind::Idempotent],
        }
    }
}

/// A decision a tool's binding records in one version and not the other.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecisionChange {
    /// The tool's name in the new version.
    pub tool: String,
    /// The decision.
    pub decision: Decision,
    /// The new version records it (and the old did not, or did for another operation): a
    /// loosening.
    pub gained: bool,
    /// The old version recorded it for another operation (method and path), which the
    /// tool no longer calls: `GET /notes`.
    pub carried_from: Option<String>,
}

/// A tool whose HTTP method differs between the versions under one name (a rename is
/// paired by method and path, so it keeps its method).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodChange {
    /// The tool's name in the new version.
    pub tool: String,
    /// The method in the old version.
    pub old: String,
    /// The method in the new version.
    pub new: String,
    /// The new method can do harm the old could not (a safe method became one that writes,
    /// or one that removes), and the new hints do not say so: the tool looks as safe as
    /// before, and is not.
    pub loosened: bool,
}

/// A tool whose path or server differs between the versions under one name. A path of
/// another shape is another operation, to which no decision recorded for the old one
/// carries; a server is where the same operation is called.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndpointChange {
    /// The tool's name in the new version.
    pub tool: String,
    /// `path` or `server`.
    pub field: &'static str,
    /// The old value (empty: none).
    pub old: String,
    /// The new value (empty: none).
    pub new: String,
}

/// How the tools of two versions differ: tools added, removed and renamed, the hints
/// that changed, the methods, paths and servers ([`diff`]).
#[derive(Debug, Default)]
#[non_exhaustive]
pub struct Diff {
    /// Tools only the new version has, in its order.
    pub added: Vec<Side>,
    /// Tools only the old version has, in its order.
    pub removed: Vec<Side>,
    /// Old and new: the same method and path under another name.
    pub renamed: Vec<(Side, Side)>,
    /// Loosening changes first, then the rest, each in tool order.
    pub changes: Vec<HintChange>,
    /// Loosening method changes first, then the rest, each in tool order.
    pub methods: Vec<MethodChange>,
    /// Paths and servers that changed under one name, in tool order.
    pub endpoints: Vec<EndpointChange>,
    /// Decisions gained first, then those lost, each in tool order, between bound tools;
    /// none whose hint changed on the tool too (`readOnlyHint`; for a retry,
    /// `idempotentHint` too), which says it already. A decision the new version records
    /// for another operation than the old (its method or its path's shape changed) is
    /// gained, carried from the old one.
    pub decisions: Vec<DecisionChange>,
}

/// One line of a diff as the formats show it: `tool  key: old -> new`.
#[derive(Debug)]
pub(super) struct Entry<'a> {
    pub tool: &'a str,
    pub key: &'a str,
    pub old: String,
    pub new: String,
    pub loosened: bool,
}

impl Diff {
    /// How many of the hint and method changes make a tool look safer to clients than it
    /// is.
    pub fn loosened(&self) -> usize {
        self.changes.iter().filter(|c| c.loosens()).count()
            + self.methods.iter().filter(|m| m.loosened).count()
            + self.decisions.iter().filter(|d| d.gained).count()
    }

    /// The hint, method and decision changes as the formats list them: what loosens first
    /// (methods, decisions, hints), then the rest (hints, methods, decisions).
    pub(super) fn entries<'a>(&'a self) -> Vec<Entry<'a>> {
        let method = |m: &'a MethodChange| Entry {
            tool: &m.tool,
            key: "method",
            old: m.old.clone(),
            new: m.new.clone(),
            loosened: m.loosened,
        };
        let hint = |c: &'a HintChange| Entry {
            tool: &c.tool,
            key: c.hint.key(),
            old: c.old.to_string(),
            new: c.new.to_string(),
            loosened: c.loosens(),
        };
        let none = |value: &str| match value {
            "" => "none".to_string(),
            value => value.to_string(),
        };
        let endpoint = |e: &'a EndpointChange| Entry {
            tool: &e.tool,
            key: e.field,
            old: none(&e.old),
            new: none(&e.new),
            loosened: false,
        };
        let decision = |d: &'a DecisionChange| Entry {
            tool: &d.tool,
            key: d.decision.key(),
            old: match &d.carried_from {
                Some(operation) => format!("true for {operation}"),
                None => (!d.gained).to_string(),
            },
            new: d.gained.to_string(),
            loosened: d.gained,
        };
        let all = || {
            (self.methods.iter().map(method))
                .chain(self.decisions.iter().map(decision))
                .chain(self.changes.iter().map(hint))
        };
        let loosened = all().filter(|e| e.loosened);
        let rest = (self.changes.iter().map(hint))
            .chain(self.methods.iter().map(method))
            .chain(self.endpoints.iter().map(endpoint))
            .chain(self.decisions.iter().map(decision))
            .filter(|e| !e.loosened);
        loosened.chain(rest).collect()
    }

    /// The counts every format ends with: `1 hint change (1 loosened), 0 added, ...`; method
    /// changes, when there are any, count with the hint changes.
    pub(super) fn summary(&self) -> String {
        let counted = |n: usize, what: &str| match n {
            0 => String::new(),
            n => format!(", {}", crate::text::counted(n, what)),
        };
        let methods = counted(self.methods.len(), "method change")
            + &counted(self.endpoints.len(), "endpoint change");
        let decisions = counted(self.decisions.len(), "decision change");
        format!(
            "\n{}{methods}{decisions} ({} loosened), {} added, {} removed, {} renamed\n",
            crate::text::counted(self.changes.len(), "hint change"),
            self.loosened(),
            self.added.len(),
            self.removed.len(),
            self.renamed.len()
        )
    }
}

/// The tools of two versions matched up, by position in each: one tool is the same tool
/// under its name, else under the same method and path (a rename).
#[derive(Debug, Default)]
struct Pairing {
    /// Old and new, in the new version's order.
    same: Vec<(usize, usize)>,
    renamed: Vec<(usize, usize)>,
    added: Vec<usize>,
    removed: Vec<usize>,
}

/// Matches tools given as (name, method, path), old to new: by name, then the unmatched ones
/// by method and path, in order (a tool without a binding, its method and path empty, only
/// by name). `review --base` and `convert --check` both ask this.
fn pair(old: &[(&str, &str, &str)], new: &[(&str, &str, &str)]) -> Pairing {
    let mut out = Pairing::default();
    let old_by_name: HashMap<&str, usize> = old.iter().enumerate().map(|(i, t)| (t.0, i)).collect();
    let new_names: HashSet<&str> = new.iter().map(|t| t.0).collect();
    let mut unmatched_old: HashMap<(&str, String), VecDeque<usize>> = HashMap::new();
    for (o, tool) in old.iter().enumerate() {
        if !new_names.contains(tool.0) && !tool.1.is_empty() {
            unmatched_old
                .entry((tool.1, pairing_shape(tool.2)))
                .or_default()
                .push_back(o);
        }
    }
    let mut renamed = HashSet::new();
    for (n, tool) in new.iter().enumerate() {
        if let Some(&o) = old_by_name.get(tool.0) {
            out.same.push((o, n));
        } else if let Some(o) = unmatched_old
            .get_mut(&(tool.1, pairing_shape(tool.2)))
            .and_then(VecDeque::pop_front)
        {
            renamed.insert(o);
            out.renamed.push((o, n));
        } else {
            out.added.push(n);
        }
    }
    out.removed = (0..old.len())
        .filter(|&o| !new_names.contains(old[o].0) && !renamed.contains(&o))
        .collect();
    out
}

/// Each side's (name, method, path), as [`pair`] matches them.
fn side_keys(sides: &[Side]) -> Vec<(&str, &str, &str)> {
    sides
        .iter()
        .map(|s| (s.name.as_str(), s.method.as_str(), s.path.as_str()))
        .collect()
}

/// Each manifest tool's (name, method, path), as [`pair`] matches them; empty when absent.
fn manifest_keys(tools: &[Value]) -> Vec<(&str, &str, &str)> {
    fn text(value: Option<&Value>) -> &str {
        value.and_then(Value::as_str).unwrap_or_default()
    }
    tools
        .iter()
        .map(|tool| {
            let binding = tool
                .get("_meta")
                .and_then(|m| m.get(crate::tool::HTTP_META_KEY));
            (
                text(tool.get("name")),
                text(binding.and_then(|b| b.get("method"))),
                text(binding.and_then(|b| b.get("path"))),
            )
        })
        .collect()
}

/// Compares the tools of two versions: by name, then unmatched ones by method and path. A
/// tool added for an operation an old tool has (same method and path) is compared with that
/// one too: a second tool must not carry a decision or hint the first did not.
pub fn diff(old: &[Side], new: &[Side]) -> Diff {
    let pairing = pair(&side_keys(old), &side_keys(new));
    let mut out = Diff {
        added: pairing.added.iter().map(|&n| new[n].clone()).collect(),
        removed: pairing.removed.iter().map(|&o| old[o].clone()).collect(),
        renamed: pairing
            .renamed
            .iter()
            .map(|&(o, n)| (old[o].clone(), new[n].clone()))
            .collect(),
        ..Diff::default()
    };
    // The first old tool of each operation, for the tools added beside it.
    let mut old_operations: HashMap<(&str, String), usize> = HashMap::new();
    for (o, tool) in old.iter().enumerate().filter(|(_, tool)| tool.is_bound()) {
        old_operations.entry(tool.operation()).or_insert(o);
    }
    let same_operation = |n: usize| {
        let side: &Side = &new[n];
        let found = side
            .is_bound()
            .then(|| old_operations.get(&side.operation()));
        found.flatten().map(|&o| (o, n))
    };
    let mut pairs: Vec<(usize, usize)> = (pairing.same.into_iter())
        .chain(pairing.renamed)
        .chain(pairing.added.iter().filter_map(|&n| same_operation(n)))
        .collect();
    pairs.sort_by_key(|&(_, n)| n);
    for (previous, side) in pairs.into_iter().map(|(o, n)| (&old[o], &new[n])) {
        compare(previous, side, &mut out);
    }
    out.changes.sort_by_key(|c| !c.loosens());
    out.methods.sort_by_key(|m| !m.loosened);
    out.decisions.sort_by_key(|d| !d.gained);
    out
}

/// What changed between two versions of one tool: its binding, its decisions, its hints.
fn compare(previous: &Side, side: &Side, out: &mut Diff) {
    let bound = previous.is_bound() && side.is_bound();
    if bound && previous.method != side.method {
        out.methods.push(MethodChange {
            tool: side.name.clone(),
            old: previous.method.clone(),
            new: side.method.clone(),
            loosened: loosened_by_method(previous, side),
        });
    }
    for (field, was, is) in [
        ("path", &previous.path, &side.path),
        ("server", &previous.server, &side.server),
    ] {
        if bound && was != is {
            out.endpoints.push(EndpointChange {
                tool: side.name.clone(),
                field,
                old: was.clone(),
                new: is.clone(),
            });
        }
    }
    out.decisions.extend(decision_changes(previous, side));
    let changes_before = out.changes.len();
    for kind in HintKind::ALL {
        let (was, is) = (previous.values[kind as usize], side.values[kind as usize]);
        // Destructive and idempotent mean nothing while the tool stays read-only.
        let moot = kind.moot_when_read_only() && previous.read_only() && side.read_only();
        if was != is && !moot {
            out.changes.push(HintChange {
                tool: side.name.clone(),
                hint: kind,
                old: was,
                new: is,
            });
        }
    }
    // A read-only claim written where none was, that serve withholds (on a DELETE): another
    // server passes it on as written.
    let said = out.changes[changes_before..]
        .iter()
        .any(|c| c.hint == HintKind::ReadOnly);
    if side.written_read_only && !previous.written_read_only && !said {
        out.changes.push(HintChange {
            tool: side.name.clone(),
            hint: HintKind::ReadOnly,
            old: false,
            new: true,
        });
    }
}

/// The decisions `side`'s binding records that `previous`'s did not, or the reverse, both
/// bound (a tools/list result records none); one whose hint changed too is said by that
/// change. One recorded for another operation (method or path; a server is where the same
/// operation is called) is gained again, carried from it.
fn decision_changes<'a>(
    previous: &'a Side,
    side: &'a Side,
) -> impl Iterator<Item = DecisionChange> + 'a {
    let bound = previous.is_bound() && side.is_bound();
    let same_operation = previous.operation() == side.operation();
    Decision::ALL.into_iter().filter_map(move |decision| {
        let recorded = previous.decisions[decision as usize];
        let was = recorded && same_operation;
        let is = side.decisions[decision as usize];
        let said = (decision.said_by().iter())
            .any(|&kind| previous.values[kind as usize] != side.values[kind as usize]);
        let carried_from = (recorded && is && !same_operation)
            .then(|| format!("{} {}", previous.method, previous.path));
        (bound && was != is && !said).then(|| DecisionChange {
            tool: side.name.clone(),
            decision,
            gained: is,
            carried_from,
        })
    })
}

/// Whether `new`'s method can do harm `old`'s could not (a safe method became one that is
/// not, an extension method included, or one that removes) while `new`'s hints still say
/// read-only, or contradict it otherwise (not destructive on a DELETE): then the tool looks
/// as safe as it did, and is not.
fn loosened_by_method(old: &Side, new: &Side) -> bool {
    let (Ok(was), Ok(is)) = (Method::parse(&old.method), Method::parse(&new.method)) else {
        return false;
    };
    let more_harm = (was.is_safe() && !is.is_safe()) || (is.removes() && !was.removes());
    let mut hints = Annotations::default();
    for kind in HintKind::ALL {
        hints.set(kind, Some(new.values[kind as usize]));
    }
    let contradicted = new.contradicted || !crate::hints::contradictions(&is, &hints).is_empty();
    more_harm && (new.read_only() || contradicted)
}

/// Why `old` (a manifest's text) is not `new`: tools added, removed, renamed and changed,
/// with the fields that changed. For `convert --check`.
pub fn staleness(old: &str, new: &str) -> String {
    let tools = |text: &str| -> Option<Vec<Value>> {
        let value: Value = serde_json::from_str(text).ok()?;
        value.get("tools")?.as_array().cloned()
    };
    let (Some(old_tools), Some(new_tools)) = (tools(old), tools(new)) else {
        return "the file is not a tools manifest\n".to_string();
    };
    let (old_keys, new_keys) = (manifest_keys(&old_tools), manifest_keys(&new_tools));
    let pairing = pair(&old_keys, &new_keys);
    let mut lines: Vec<(usize, String)> = Vec::new();
    let renamed = pairing.renamed.iter().map(|&pair| (pair, true));
    for ((o, n), rename) in pairing
        .same
        .iter()
        .map(|&pair| (pair, false))
        .chain(renamed)
    {
        let (old, new) = (&old_tools[o], &new_tools[n]);
        let mut fields: Vec<&str> = Vec::new();
        for key in new
            .as_object()
            .into_iter()
            .flat_map(|o| o.keys())
            .chain(old.as_object().into_iter().flat_map(|o| o.keys()))
        {
            if key != "name" && old.get(key) != new.get(key) && !fields.contains(&key.as_str()) {
                fields.push(key);
            }
        }
        let changed = (!fields.is_empty()).then(|| format!(" ({})", fields.join(", ")));
        let line = match (rename, changed) {
            (true, changed) => format!(
                "renamed  {} -> {}{}",
                old_keys[o].0,
                new_keys[n].0,
                changed.unwrap_or_default()
            ),
            (false, Some(changed)) => format!("changed  {}{changed}", new_keys[n].0),
            (false, None) => continue,
        };
        lines.push((n, line));
    }
    lines.extend(
        pairing
            .added
            .iter()
            .map(|&n| (n, format!("added    {}", new_keys[n].0))),
    );
    // In the new manifest's order; removed tools after it, in the old one's.
    lines.sort_by_key(|(n, _)| *n);
    let mut lines: Vec<String> = lines.into_iter().map(|(_, line)| line).collect();
    lines.extend(
        pairing
            .removed
            .iter()
            .map(|&o| format!("removed  {}", old_keys[o].0)),
    );
    if lines.is_empty() {
        // Same tools, other bytes: order or formatting.
        lines.push("the same tools, in another order or format".to_string());
    }
    lines.join("\n") + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_counts_in_words() {
        let change = HintChange {
            tool: "delete_pet".into(),
            hint: HintKind::ReadOnly,
            old: false,
            new: true,
        };
        let diff = Diff {
            added: Vec::new(),
            removed: Vec::new(),
            renamed: Vec::new(),
            changes: vec![change],
            ..Diff::default()
        };
        assert_eq!(
            diff.summary(),
            "\n1 hint change (1 loosened), 0 added, 0 removed, 0 renamed\n"
        );
    }

    fn side(name: &str, method: &str, path: &str, values: [bool; 4]) -> Side {
        Side {
            name: name.into(),
            method: method.into(),
            path: path.into(),
            server: String::new(),
            values,
            decisions: [false; 3],
            contradicted: false,
            written_read_only: values[0],
        }
    }

    #[test]
    fn renames_additions_removals_and_loosened_changes_first() {
        const DEFAULTS: [bool; 4] = [false, true, false, true];
        let old = [
            side("get_pet", "GET", "/pets/{id}", [true, true, false, true]),
            side("delete_pet", "DELETE", "/pets/{id}", DEFAULTS),
            side("old_only", "GET", "/old", [true, true, false, true]),
            side("charge", "POST", "/charges", [false, true, true, true]),
        ];
        let new = [
            side("fetch_pet", "GET", "/pets/{id}", [true, true, false, true]),
            side(
                "delete_pet",
                "DELETE",
                "/pets/{id}",
                [false, false, false, true],
            ),
            side("new_only", "POST", "/new", DEFAULTS),
            side("charge", "POST", "/charges", DEFAULTS),
        ];
        let diff = diff(&old, &new);
        assert_eq!(diff.renamed.len(), 1);
        assert_eq!(
            (
                diff.renamed[0].0.name.as_str(),
                diff.renamed[0].1.name.as_str()
            ),
            ("get_pet", "fetch_pet")
        );
        assert_eq!(diff.added[0].name, "new_only");
        assert_eq!(diff.removed[0].name, "old_only");
        assert_eq!(diff.changes.len(), 2);
        assert!(diff.changes[0].loosens(), "destructive dropped comes first");
        assert_eq!(diff.changes[0].hint, HintKind::Destructive);
        assert!(
            !diff.changes[1].loosens(),
            "idempotent dropped is a tightening"
        );
        assert_eq!(diff.loosened(), 1);
    }

    /// A method change is one under one name between bound tools; it is loosened when the
    /// new method does more harm and the hints hide it, and loosened ones come first.
    #[test]
    fn method_changes_loosened_first_and_only_between_bound_tools() {
        const READ_ONLY: [bool; 4] = [true, true, false, true];
        const DEFAULTS: [bool; 4] = [false, true, false, true];
        let old = [
            side("a", "GET", "/a", READ_ONLY),
            side("b", "GET", "/b", READ_ONLY),
            side("c", "GET", "/c", READ_ONLY),
            side("d", "", "", READ_ONLY),
        ];
        let new = [
            side("a", "POST", "/a", DEFAULTS),
            side("b", "PURGE", "/b", READ_ONLY),
            side("c", "DELETE", "/c", [false, false, false, true]),
            side("d", "DELETE", "/d", READ_ONLY),
        ];
        let diff = diff(&old, &new);
        let methods: Vec<(&str, bool)> = (diff.methods.iter())
            .map(|m| (m.tool.as_str(), m.loosened))
            .collect();
        // `b` still says read-only on an extension method, `c` not destructive on a DELETE;
        // `a` says what a POST does; `d` had no binding to compare.
        assert_eq!(methods, [("b", true), ("c", true), ("a", false)]);
        assert_eq!(
            diff.loosened(),
            2 + diff.changes.iter().filter(|c| c.loosens()).count()
        );
    }

    /// A decision recorded for one operation does not carry to another: a tool whose path
    /// changed under its name, or a second tool added for an operation, gains what it
    /// records. The path and server changes are listed.
    #[test]
    fn decisions_count_only_for_the_operation_they_were_made_for() {
        const READ_ONLY: [bool; 4] = [true, true, false, true];
        let verified = |name: &str, path: &str, server: &str| Side {
            server: server.into(),
            decisions: [true, false, false],
            ..side(name, "GET", path, READ_ONLY)
        };
        let unverified = |name: &str, path: &str| side(name, "GET", path, READ_ONLY);
        let old = [
            verified("list_notes", "/notes", ""),
            verified("get_note", "/notes/{id}", "https://api.test"),
            unverified("purge_cache", "/cache/purge"),
        ];
        let new = [
            verified("list_notes", "/cache/purge", ""),
            verified("get_note", "/notes/{id}", "https://evil.test"),
            unverified("purge_cache", "/cache/purge"),
            verified("purge_cache_v2", "/cache/purge", ""),
        ];
        let diff = diff(&old, &new);
        let gained: Vec<(&str, Option<&str>)> = (diff.decisions.iter())
            .filter(|d| d.gained && d.decision == Decision::ReadOnlyVerified)
            .map(|d| (d.tool.as_str(), d.carried_from.as_deref()))
            .collect();
        // A server is where the same operation is called: its verdict stands.
        assert_eq!(
            gained,
            [("list_notes", Some("GET /notes")), ("purge_cache_v2", None)]
        );
        let endpoints: Vec<(&str, &str)> = (diff.endpoints.iter())
            .map(|e| (e.tool.as_str(), e.field))
            .collect();
        assert_eq!(endpoints, [("list_notes", "path"), ("get_note", "server")]);
        assert_eq!(diff.added.len(), 1);
        assert_eq!(diff.loosened(), 2);
    }

    /// A rename that also moves the path a little (a trailing `/`, the letters' case) is
    /// still the tool it was: its decisions are carried, so gained. A read-only claim
    /// written where none was is a hint gained, though a DELETE withholds it.
    #[test]
    fn renames_match_paths_loosely_and_written_claims_count() {
        const DEFAULTS: [bool; 4] = [false, true, false, true];
        let old = [side("create_note", "POST", "/notes", DEFAULTS)];
        let new = [Side {
            decisions: [false, false, true],
            ..side("create_note2", "POST", "/Notes/", DEFAULTS)
        }];
        let moved = diff(&old, &new);
        assert_eq!(moved.renamed.len(), 1);
        assert_eq!(moved.loosened(), 1);
        let old = [side("d", "DELETE", "/d", DEFAULTS)];
        let new = [Side {
            written_read_only: true,
            contradicted: true,
            ..side("d", "DELETE", "/d", DEFAULTS)
        }];
        let diff = diff(&old, &new);
        assert!(diff.changes[0].loosens() && diff.changes[0].hint == HintKind::ReadOnly);
    }

    /// A GET become a DELETE whose hints as written still say read-only is loosened, though
    /// what is passed on withholds the claim: another server passes it on as written.
    #[test]
    fn a_method_change_under_a_contradicting_claim_is_loosened() {
        let old = [side("a", "GET", "/a", [true, true, false, true])];
        let new = [Side {
            contradicted: true,
            ..side("a", "DELETE", "/a", [false, true, false, true])
        }];
        let diff = diff(&old, &new);
        assert!(diff.methods[0].loosened);
    }

    /// Two old tools of one operation are each matched or removed, never lost; tools without
    /// a binding are matched by name alone.
    #[test]
    fn no_tool_is_lost_and_unbound_tools_are_not_renames() {
        let old = [
            ("a", "GET", "/x"),
            ("b", "GET", "/x"),
            ("c", "", ""),
            ("d", "", ""),
        ];
        let new = [("e", "GET", "/x"), ("f", "", "")];
        let pairing = pair(&old, &new);
        assert_eq!(pairing.renamed, [(0, 0)]);
        assert_eq!(pairing.added, [1]);
        assert_eq!(pairing.removed, [1, 2, 3]);
    }

    #[test]
    fn manifest_tools_are_read_with_the_mcp_defaults() {
        let manifest = serde_json::json!({"result": {"tools": [
            {"name": "a", "annotations": {"readOnlyHint": true}, "inputSchema": {"type": "object"}}
        ]}});
        let manifest = crate::manifest::read(&manifest, "m.json").unwrap();
        assert_eq!(
            Side::of_tool(&manifest.tools[0]).values,
            [true, true, false, true]
        );
    }
}
