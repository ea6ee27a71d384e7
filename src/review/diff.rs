//! How hints changed between two versions of an API. Changes that make a tool look safer to
//! clients come first: those are the ones a reviewer must check.

use std::collections::HashMap;

use crate::convert::Converted;
use crate::tool::{HintKind, Tool};

/// One tool as compared: its name, operation, and effective hints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Side {
    pub name: String,
    /// The binding's method and path; empty for a manifest tool without a binding.
    pub method: String,
    pub path: String,
    /// Effective values in [`HintKind::ALL`] order.
    pub values: [bool; 4],
}

impl Side {
    /// A converted tool, with its hints' values.
    pub fn of(converted: &Converted) -> Side {
        Side {
            values: HintKind::ALL.map(|k| converted.hints.get(k).value),
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
            values: tool.annotations.effective_all(),
        }
    }

    fn read_only(&self) -> bool {
        self.values[HintKind::ReadOnly as usize]
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HintChange {
    pub tool: String,
    pub hint: HintKind,
    pub old: bool,
    pub new: bool,
}

impl HintChange {
    /// Makes the tool look safer to clients: read-only gained, destructive or open world
    /// dropped, idempotent gained.
    pub fn loosens(&self) -> bool {
        self.hint.loosens(self.new)
    }
}

#[derive(Debug, Default)]
#[non_exhaustive]
pub struct Diff {
    pub added: Vec<Side>,
    pub removed: Vec<Side>,
    /// Old and new: the same method and path under another name.
    pub renamed: Vec<(Side, Side)>,
    /// Loosening changes first, then the rest, each in tool order.
    pub changes: Vec<HintChange>,
}

impl Diff {
    pub fn loosened(&self) -> usize {
        self.changes.iter().filter(|c| c.loosens()).count()
    }
}

/// Compares the tools of two versions: by name, then unmatched ones by method and path.
pub fn diff(old: &[Side], new: &[Side]) -> Diff {
    let mut out = Diff::default();
    let old_by_name: HashMap<&str, &Side> = old.iter().map(|s| (s.name.as_str(), s)).collect();
    let new_names: HashMap<&str, &Side> = new.iter().map(|s| (s.name.as_str(), s)).collect();
    let mut unmatched_old: HashMap<(&str, &str), &Side> = old
        .iter()
        .filter(|s| !new_names.contains_key(s.name.as_str()))
        .map(|s| ((s.method.as_str(), s.path.as_str()), s))
        .collect();
    let mut pairs = Vec::new();
    for side in new {
        if let Some(previous) = old_by_name.get(side.name.as_str()) {
            pairs.push((*previous, side));
        } else if let Some(previous) =
            unmatched_old.remove(&(side.method.as_str(), side.path.as_str()))
        {
            out.renamed.push((previous.clone(), side.clone()));
            pairs.push((previous, side));
        } else {
            out.added.push(side.clone());
        }
    }
    out.removed = old
        .iter()
        .filter(|s| !new_names.contains_key(s.name.as_str()))
        .filter(|s| unmatched_old.contains_key(&(s.method.as_str(), s.path.as_str())))
        .cloned()
        .collect();
    for (previous, side) in pairs {
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
    }
    out.changes.sort_by_key(|c| !c.loosens());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(name: &str, method: &str, path: &str, values: [bool; 4]) -> Side {
        Side {
            name: name.into(),
            method: method.into(),
            path: path.into(),
            values,
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
