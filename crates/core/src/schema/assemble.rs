//! A tool's schemas made whole from the converted targets they refer to.
//!
//! Converting leaves each reference as a marker, `{"$ref": "\u{0}<target>"}`, the target's
//! number behind a NUL no spec's `$ref` starts with. Assembling decides, from one tool's
//! schemas alone, what each marker becomes:
//! - a target the tool uses once (counting each target's own references once, however
//!   often it is inlined) is inlined where it is used, unless the copy would nest deeper
//!   than [`MAX_INLINE_DEPTH`] (its references below are decided where they stand, so a
//!   long chain is inlined as deep as the bound allows, then continues in `$defs`);
//! - a target used more than once, or on a reference cycle, is one entry of the tool's
//!   `$defs`, each use a local `$ref` to it; but a small one with no references of its own
//!   (an enum, a formatted string) is inlined at each use;
//! - a whole parameter, body or response schema that is a reference is always inlined
//!   (unless cyclic), so its properties can be read: a body becomes arguments, a response's
//!   shape decides its wrapper.
//!
//! Every target but the small ones then appears in a tool at most once in `$defs` and at
//! most once inlined (twice for a whole schema's target): the tool's size is linear in what
//! it uses.

use std::collections::HashMap;

use indexmap::IndexSet;
use serde_json::{Map, Value};

use super::{
    make_nullable, merge_siblings, Mode, SchemaConverter, ToolRefs, MAX_INLINE_DEPTH,
    SCHEMA_ARRAY_KEYWORDS, SCHEMA_KEYWORDS, SCHEMA_MAP_KEYWORDS,
};
use crate::error::Result;

/// How a marker's `$ref` starts.
const MARKER: char = '\0';

/// Set on a marker whose schema said OpenAPI 3.0's `nullable: true`: applied to what the
/// marker becomes, since that decides its form (`type: [t, "null"]` or `anyOf`).
pub(super) const NULLABLE: &str = "\0nullable";

/// The marker for target `id`.
pub(super) fn marker(id: usize) -> Value {
    let mut object = Map::new();
    object.insert("$ref".into(), format!("{MARKER}{id}").into());
    Value::Object(object)
}

/// The target a marker stands for.
pub(super) fn marker_target(object: &Map<String, Value>) -> Option<usize> {
    object
        .get("$ref")?
        .as_str()?
        .strip_prefix(MARKER)?
        .parse()
        .ok()
}

pub(super) fn is_marker(object: &Map<String, Value>) -> bool {
    marker_target(object).is_some()
}

/// A keyword of ours, never taken from a spec.
pub(super) fn is_private(keyword: &str) -> bool {
    keyword.starts_with(MARKER)
}

/// The most JSON values a schema may hold to count as small.
const SMALL_NODES: usize = 12;

/// Whether `value` holds at most [`SMALL_NODES`] JSON values, itself included (counting
/// stops there: a large schema is not walked whole).
fn is_small(value: &Value) -> bool {
    let mut budget = SMALL_NODES;
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        let Some(left) = budget.checked_sub(1) else {
            return false;
        };
        budget = left;
        match value {
            Value::Array(items) => stack.extend(items),
            Value::Object(entries) => stack.extend(entries.values()),
            _ => {}
        }
    }
    true
}

/// What one tool's schemas use, and so what each marker becomes.
struct Plan {
    mode: Mode,
    /// Targets used more than once (but small ones), or cyclic: `$defs` entries.
    shared: Vec<bool>,
    /// The `$defs` entries needed so far, in the order first met.
    defs: IndexSet<usize>,
}

impl<'s> SchemaConverter<'s> {
    /// Makes a tool's schemas whole: each of `roots` (a converted schema and the JSON depth
    /// at which it stands in the tool) has its markers replaced, in place; returns the
    /// tool's `$defs`, `None` if it needs none.
    pub fn assemble(
        &mut self,
        roots: &mut [(&mut Value, usize)],
        refs: ToolRefs,
        mode: Mode,
    ) -> Result<Option<Map<String, Value>>> {
        let mut plan = self.plan(refs, mode)?;
        for (root, depth) in roots.iter_mut() {
            self.fill(root, *depth, true, &mut plan);
        }
        let mut defs = Map::new();
        let mut i = 0;
        while let Some(&id) = plan.defs.get_index(i) {
            let mut schema = self.expansions[&(id, mode)].schema.clone();
            self.fill(&mut schema, 2, false, &mut plan);
            defs.insert(self.def_name(id), schema);
            i += 1;
        }
        Ok((!defs.is_empty()).then_some(defs))
    }

    /// Counts the uses of every target the tool reaches (each reached target's own
    /// references once) and decides which are shared.
    fn plan(&mut self, refs: ToolRefs, mode: Mode) -> Result<Plan> {
        let mut uses: HashMap<usize, usize> = HashMap::new();
        let mut pending = refs.0;
        while let Some(id) = pending.pop() {
            let count = uses.entry(id).or_insert(0);
            *count += 1;
            if *count > 1 {
                continue;
            }
            self.expand(id, mode)?;
            let expansion = &self.expansions[&(id, mode)];
            pending.extend(expansion.refs.iter().map(|&(target, _)| target));
        }
        let mut shared = vec![false; self.targets.len()];
        for (&id, &count) in &uses {
            let expansion = &self.expansions[&(id, mode)];
            // A schema of a few words with no references of its own reads better inlined
            // at each use than as a `$ref`, and costs no more than a bounded copy per use.
            let small = expansion.refs.is_empty() && is_small(&expansion.schema);
            shared[id] = self.targets[id].cyclic || (count > 1 && !small);
        }
        Ok(Plan {
            mode,
            shared,
            defs: IndexSet::new(),
        })
    }

    /// Replaces the markers in `value`, which stands at JSON depth `depth`; `whole` when
    /// `value` is a whole parameter, body or response schema (or a copy standing for one).
    fn fill(&mut self, value: &mut Value, depth: usize, whole: bool, plan: &mut Plan) {
        let Value::Object(object) = value else {
            return;
        };
        let Some(id) = marker_target(object) else {
            self.fill_subschemas(object, depth, plan);
            return;
        };
        let nullable = object.remove(NULLABLE).is_some();
        object.remove("$ref");
        let mut siblings = std::mem::take(object);
        self.fill_subschemas(&mut siblings, depth, plan);
        let cyclic = self.targets[id].cyclic;
        let height = self.expansions[&(id, plan.mode)].height;
        let inline = (whole && !cyclic) || (!plan.shared[id] && depth + height <= MAX_INLINE_DEPTH);
        let target = if inline {
            let mut copy = self.expansions[&(id, plan.mode)].schema.clone();
            self.fill(&mut copy, depth, whole, plan);
            copy
        } else {
            plan.defs.insert(id);
            let mut reference = Map::new();
            reference.insert(
                "$ref".into(),
                format!("#/$defs/{}", self.def_name(id)).into(),
            );
            Value::Object(reference)
        };
        let merged = merge_siblings(target, siblings);
        *value = if nullable {
            make_nullable(merged)
        } else {
            merged
        };
    }

    /// Replaces the markers below a schema object.
    fn fill_subschemas(&mut self, object: &mut Map<String, Value>, depth: usize, plan: &mut Plan) {
        for (keyword, child) in object.iter_mut() {
            let keyword = keyword.as_str();
            if SCHEMA_KEYWORDS.contains(&keyword) {
                self.fill(child, depth + 1, false, plan);
            } else if SCHEMA_ARRAY_KEYWORDS.contains(&keyword) {
                for item in child.as_array_mut().into_iter().flatten() {
                    self.fill(item, depth + 2, false, plan);
                }
            } else if SCHEMA_MAP_KEYWORDS.contains(&keyword) {
                for entry in child
                    .as_object_mut()
                    .into_iter()
                    .flat_map(|m| m.values_mut())
                {
                    self.fill(entry, depth + 2, false, plan);
                }
            }
        }
    }
}
