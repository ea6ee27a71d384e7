//! JSON Schema work for stage 3: turns a schema from the spec into a self-contained JSON
//! Schema 2020-12 value.
//!
//! - OpenAPI 3.0's dialect is translated (`nullable`, boolean exclusive bounds, `example`).
//! - Each reference target is converted once per `Mode` and memoized, its own references
//!   left as markers (`assemble` says what becomes of them): so converting a spec costs
//!   what the spec holds, however often its schemas refer to each other.
//! - No reference leaves a tool. A tool's schemas are assembled from those conversions: a
//!   target the tool uses once is inlined where it is used; one it uses more than once, or
//!   one on a reference cycle, is one entry of the tool's own `$defs` with local `$ref`s,
//!   so a tool's schema grows with what it uses, never with how often (a schema that names
//!   the one below it nine times, level after level, is written once per level, not 9^N
//!   times). Which targets are cyclic is decided once for the whole spec (Tarjan's strongly
//!   connected components over the reference graph), and what a tool shares is decided
//!   from that tool's schemas alone, so a tool's output never depends on which other tools
//!   were converted.
//! - An inlined copy that would nest deeper than `MAX_INLINE_DEPTH` goes to `$defs` too,
//!   so the output's depth stays bounded whatever the chain of references.
//! - Inputs drop `readOnly` properties; outputs drop `writeOnly` ones.
//! - Older drafts' forms become 2020-12's: array-form `items` (draft 4's tuples) becomes
//!   `prefixItems` (and `additionalItems` then `items`); 2019-09's `$recursiveRef: "#"` is
//!   a reference to the schema it stands in (the target of the `$ref` that reached it, or
//!   the operation's own schema), recursion that lands in `$defs` like any cycle; a
//!   property's `required: true` (a 3.0 habit) joins its parent's `required` list.

use std::collections::{HashMap, HashSet};

use serde_json::{json, Map, Value};

use crate::error::{push_pointer, Result};
use crate::load::{FileId, Location, Spec};
use crate::model::{Dialect, Schema};

mod assemble;
pub mod depth;
mod walk;

use walk::Walk;

/// Whether a schema describes what a tool takes or what it returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Mode {
    /// What a tool takes: its `inputSchema`, without `readOnly` properties.
    Input,
    /// What a tool returns: its `outputSchema`, without `writeOnly` properties.
    Output,
}

/// JSON depth past which an inlined copy is placed in `$defs` instead.
const MAX_INLINE_DEPTH: usize = 64;

/// Keywords whose value is one schema.
pub(crate) const SCHEMA_KEYWORDS: [&str; 12] = [
    "items",
    "additionalItems",
    "additionalProperties",
    "not",
    "contains",
    "propertyNames",
    "if",
    "then",
    "else",
    "unevaluatedItems",
    "unevaluatedProperties",
    "contentSchema",
];
/// Keywords whose value is an array of schemas.
pub(crate) const SCHEMA_ARRAY_KEYWORDS: [&str; 4] = ["allOf", "anyOf", "oneOf", "prefixItems"];
/// Keywords whose value maps names to schemas.
pub(crate) const SCHEMA_MAP_KEYWORDS: [&str; 5] = [
    "properties",
    "patternProperties",
    "dependentSchemas",
    "$defs",
    "definitions",
];
/// How the description of a schema whose `pattern` was left out starts saying it.
pub(crate) const PATTERN_NOTE: &str = "Must match the pattern ";

/// Keywords that only annotate: next to a `$ref` they refine the inlined copy in place.
const ANNOTATION_KEYWORDS: [&str; 8] = [
    "title",
    "description",
    "default",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
    "format",
];

/// A reference target: one schema in the spec that some `$ref` points to.
struct Target<'s> {
    location: Location,
    value: &'s Value,
    /// Targets its schema refers to, found on first visit.
    edges: Vec<usize>,
    /// The target its value directly is a `$ref` to, if it is one.
    alias_of: Option<usize>,
    /// Lies on a reference cycle: emitted as a `$defs` entry.
    cyclic: bool,
    /// Tarjan's bookkeeping.
    index: Option<usize>,
    lowlink: usize,
    on_stack: bool,
    /// A chain of bare `$ref`s from here has been followed and does not loop.
    alias_chain_checked: bool,
}

/// A target's schema converted, each reference in it a marker.
struct Expansion {
    schema: Value,
    /// The references it makes: the target and the JSON depth of the marker below `schema`.
    refs: Vec<(usize, usize)>,
    /// JSON depth of `schema`, a marker counted as a leaf.
    height: usize,
}

/// The references a tool's own schemas make (one entry per reference), collected as
/// [`SchemaConverter::convert`] converts them, for [`SchemaConverter::assemble`].
#[derive(Debug, Default)]
pub(crate) struct ToolRefs(Vec<usize>);

/// A `pattern` (or `patternProperties` key) convert left out: it is not ECMA-262 in
/// unicode mode, and no translation has a certain meaning.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DroppedPattern {
    /// Where the pattern stands in the spec.
    pub location: Location,
    /// The pattern as the spec wrote it.
    pub pattern: String,
    /// Why it does not compile, in a few words.
    pub reason: String,
}

impl DroppedPattern {
    /// What the user is told about it: the pattern, why it was left out, and that the
    /// description says it.
    pub fn message(&self) -> String {
        format!(
            "pattern '{}' left out: not ECMA-262 in unicode mode ({}); the description says it",
            self.pattern, self.reason
        )
    }
}

/// Converts the schemas of one spec, caching work across all its tools.
pub(crate) struct SchemaConverter<'s> {
    spec: &'s Spec,
    dialect: Dialect,
    targets: Vec<Target<'s>>,
    target_ids: HashMap<Location, usize>,
    def_names: Vec<Option<String>>,
    used_def_names: HashMap<String, usize>,
    taken_def_names: HashSet<String>,
    tarjan_stack: Vec<usize>,
    next_index: usize,
    expansions: HashMap<(usize, Mode), Expansion>,
    /// Patterns left out on the way, for the user (see [`Self::take_dropped_patterns`]).
    dropped_patterns: Vec<DroppedPattern>,
}

impl<'s> SchemaConverter<'s> {
    /// A converter for the schemas of `spec`, written in `dialect` (OpenAPI 3.0's, or JSON
    /// Schema 2020-12).
    pub(crate) fn new(spec: &'s Spec, dialect: Dialect) -> Self {
        SchemaConverter {
            spec,
            dialect,
            targets: Vec::new(),
            target_ids: HashMap::new(),
            def_names: Vec::new(),
            used_def_names: HashMap::new(),
            taken_def_names: HashSet::new(),
            tarjan_stack: Vec::new(),
            next_index: 0,
            expansions: HashMap::new(),
            dropped_patterns: Vec::new(),
        }
    }

    /// Converts one schema of a tool, its references left as markers and recorded in
    /// `refs`: [`Self::assemble`] makes the tool's schemas whole once all are converted.
    pub fn convert(
        &mut self,
        schema: &Schema<'_>,
        mode: Mode,
        refs: &mut ToolRefs,
    ) -> Result<Value> {
        self.prepare(&schema.value, &schema.location, mode);
        let mut met = Vec::new();
        let mut walk = Walk::new(mode, &schema.location, &mut met);
        let value = self.walk(&schema.value, &mut walk)?;
        refs.0.extend(met.into_iter().map(|(id, _)| id));
        Ok(value)
    }

    /// The spec whose schemas are converted.
    pub fn spec(&self) -> &'s Spec {
        self.spec
    }

    /// Where the schema a tool's `$defs` entry `name` was made from stands in the spec.
    pub fn def_location(&self, name: &str) -> Option<&Location> {
        let id = self
            .def_names
            .iter()
            .position(|given| given.as_deref() == Some(name))?;
        Some(&self.targets[id].location)
    }

    /// The patterns left out since the last call. (A target is converted once, so its
    /// patterns come with the first tool that uses it.)
    pub fn take_dropped_patterns(&mut self) -> Vec<DroppedPattern> {
        std::mem::take(&mut self.dropped_patterns)
    }

    /// Analyses and expands every target `value` refers to, so that walking it only
    /// reads finished expansions.
    fn prepare(&mut self, value: &Value, resource: &Location, mode: Mode) {
        let mut direct = Vec::new();
        self.collect_refs(value, resource, &mut direct);
        for id in direct {
            self.analyze(id);
            // A failure here names the broken reference; it surfaces again, placed, when
            // the walk reaches it.
            let _ = self.expand(id, mode);
        }
    }

    /// The target a `$ref` in `file` names, registered on first sight.
    fn target_id(&mut self, file: FileId, reference: &str) -> Option<usize> {
        let (location, value) = self.spec.resolve(file, reference).ok()?;
        if let Some(&id) = self.target_ids.get(&location) {
            return Some(id);
        }
        let id = self.targets.len();
        self.target_ids.insert(location.clone(), id);
        self.targets.push(Target {
            location,
            value,
            edges: Vec::new(),
            alias_of: None,
            cyclic: false,
            index: None,
            lowlink: 0,
            on_stack: false,
            alias_chain_checked: false,
        });
        self.def_names.push(None);
        Some(id)
    }

    /// Targets referred to anywhere in the schema `value` (references that do not resolve
    /// are skipped here and reported by the walk).
    /// `resource` is where the schema `value` stands (what a `$recursiveRef` means).
    fn collect_refs(&mut self, value: &Value, resource: &Location, out: &mut Vec<usize>) {
        self.collect_refs_guarded(value, resource.file, resource, out, &mut Vec::new());
    }

    fn collect_refs_guarded(
        &mut self,
        value: &Value,
        file: FileId,
        resource: &Location,
        out: &mut Vec<usize>,
        maps: &mut Vec<Location>,
    ) {
        let Some(object) = value.as_object() else {
            return;
        };
        if let Some((from, reference)) = reference_of(object, file, resource) {
            if let Some(id) = self.target_id(from, &reference) {
                out.push(id);
            }
        }
        for (keyword, child) in object {
            if is_map_ref(keyword, child) {
                if let Ok((entries, location)) = self.map_entries(child, file) {
                    if !maps.contains(&location) {
                        maps.push(location.clone());
                        for sub in entries.values() {
                            self.collect_refs_guarded(sub, location.file, resource, out, maps);
                        }
                        maps.pop();
                    }
                }
                continue;
            }
            for (_, sub) in subschemas(keyword, child) {
                self.collect_refs_guarded(sub, file, resource, out, maps);
            }
        }
    }

    /// The map a `$ref` standing for a whole keyword value points to (some specs write
    /// `properties: {$ref: attributes.yml#/props}`, which JSON Reference resolvers accept).
    /// Its entries live, and resolve their own references, in the target's file.
    fn map_entries<'v>(
        &self,
        value: &'v Value,
        file: FileId,
    ) -> Result<(&'v Map<String, Value>, Location), String>
    where
        's: 'v,
    {
        let reference = value["$ref"].as_str().unwrap_or_default();
        let (location, target) = self.spec.resolve(file, reference)?;
        let entries = target
            .as_object()
            .ok_or_else(|| format!("$ref '{reference}' must point to a map of schemas"))?;
        Ok((entries, location))
    }

    /// Tarjan's algorithm from `start`, iterative so that long chains cannot overflow the
    /// stack. Marks every target on a cycle as `cyclic`.
    fn analyze(&mut self, start: usize) {
        if self.targets[start].index.is_some() {
            return;
        }
        self.visit(start);
        let mut calls: Vec<(usize, usize)> = vec![(start, 0)];
        while let Some(&mut (v, ref mut next_edge)) = calls.last_mut() {
            if let Some(&w) = self.targets[v].edges.get(*next_edge) {
                *next_edge += 1;
                match self.targets[w].index {
                    None => {
                        self.visit(w);
                        calls.push((w, 0));
                    }
                    Some(w_index) if self.targets[w].on_stack => {
                        let v_target = &mut self.targets[v];
                        v_target.lowlink = v_target.lowlink.min(w_index);
                    }
                    Some(_) => {}
                }
                continue;
            }
            calls.pop();
            let v_low = self.targets[v].lowlink;
            if let Some(&(parent, _)) = calls.last() {
                let p = &mut self.targets[parent];
                p.lowlink = p.lowlink.min(v_low);
            }
            if Some(v_low) == self.targets[v].index {
                let mut component = Vec::new();
                while let Some(w) = self.tarjan_stack.pop() {
                    self.targets[w].on_stack = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                let cyclic = component.len() > 1 || self.targets[v].edges.contains(&v);
                for w in component {
                    self.targets[w].cyclic = cyclic;
                }
            }
        }
    }

    fn visit(&mut self, id: usize) {
        let target = &self.targets[id];
        let (value, resource) = (target.value, target.location.clone());
        let mut edges = Vec::new();
        self.collect_refs(value, &resource, &mut edges);
        let alias_of = value
            .as_object()
            .and_then(|object| reference_of(object, resource.file, &resource))
            .and_then(|(from, reference)| self.target_id(from, &reference));
        let target = &mut self.targets[id];
        target.edges = edges;
        target.alias_of = alias_of;
        target.index = Some(self.next_index);
        target.lowlink = self.next_index;
        target.on_stack = true;
        self.next_index += 1;
        self.tarjan_stack.push(id);
    }

    /// Expands `id` for `mode`, expanding first, leaves first, every non-cyclic target it
    /// refers to (whether a property's target is `readOnly` is read from its expansion).
    /// Iterative: non-cyclic targets form a DAG, so this terminates.
    fn expand(&mut self, id: usize, mode: Mode) -> Result<()> {
        let mut stack = vec![id];
        while let Some(&current) = stack.last() {
            if self.expansions.contains_key(&(current, mode)) {
                stack.pop();
                continue;
            }
            let pending: Vec<usize> = self.targets[current]
                .edges
                .iter()
                .copied()
                .filter(|&e| !self.targets[e].cyclic && !self.expansions.contains_key(&(e, mode)))
                .collect();
            if !pending.is_empty() {
                stack.extend(pending);
                continue;
            }
            stack.pop();
            let target = &self.targets[current];
            let (value, location) = (target.value, target.location.clone());
            let mut refs = Vec::new();
            let mut walk = Walk::new(mode, &location, &mut refs);
            let schema = self.walk(value, &mut walk)?;
            let height = walk.max_depth;
            self.expansions.insert(
                (current, mode),
                Expansion {
                    schema,
                    refs,
                    height,
                },
            );
        }
        Ok(())
    }

    /// A `$defs` name for a target, from the last token of its pointer, unique in the spec.
    fn def_name(&mut self, id: usize) -> String {
        if let Some(name) = &self.def_names[id] {
            return name.clone();
        }
        let location = &self.targets[id].location;
        // A whole document is named after its file (`schemas/pet.yaml` -> `pet`).
        let last = match location.pointer.rsplit('/').next() {
            Some(token) if !location.pointer.is_empty() => {
                token.replace("~1", "/").replace("~0", "~")
            }
            _ => {
                let name = &self.spec.file(location.file).name;
                let file = name.rsplit(['/', '\\']).next().unwrap_or(name);
                file.split('.').next().unwrap_or(file).to_string()
            }
        };
        let mut base: String = last.chars().map(name_safe).collect();
        if base.is_empty() {
            base = "schema".into();
        }
        let count = self.used_def_names.entry(base.clone()).or_insert(0);
        *count += 1;
        let mut name = if *count == 1 {
            base.clone()
        } else {
            format!("{base}_{count}")
        };
        while self.taken_def_names.contains(&name) {
            *self.used_def_names.get_mut(&base).expect("inserted") += 1;
            name = format!("{base}_{}", self.used_def_names[&base]);
        }
        self.taken_def_names.insert(name.clone());
        self.def_names[id] = Some(name.clone());
        name
    }
}

/// The reference a schema object makes, and the file it resolves in: its `$ref`, or its
/// `$recursiveRef` (2019-09), which names the schema the walk started from, `resource`.
fn reference_of(
    object: &Map<String, Value>,
    file: FileId,
    resource: &Location,
) -> Option<(FileId, String)> {
    match (object.get("$ref"), object.get("$recursiveRef")) {
        (Some(Value::String(reference)), _) => Some((file, reference.clone())),
        (None, Some(Value::String(_))) => Some((
            resource.file,
            // A fragment is percent-decoded when resolved.
            format!("#{}", resource.pointer.replace('%', "%25")),
        )),
        _ => None,
    }
}

/// Whether a schema-map keyword's value is a `$ref` standing for the whole map.
fn is_map_ref(keyword: &str, value: &Value) -> bool {
    SCHEMA_MAP_KEYWORDS.contains(&keyword) && value.get("$ref").is_some_and(Value::is_string)
}

/// MCP requires each top-level property's schema (of inputSchema and outputSchema) to be an
/// object: `true` (or a `null` or other
/// non-schema a broken spec left there) means anything, `{}`; `false` means nothing.
pub(crate) fn as_object_schema(schema: Value) -> Value {
    match schema {
        Value::Object(_) => schema,
        Value::Bool(false) => json!({"not": {}}),
        _ => json!({}),
    }
}

/// Every `$ref` in schema positions of `schema`: in subschemas, not in data (`examples`,
/// `default`, `enum`) or in unknown keywords, whose values JSON Schema does not read as
/// schemas.
pub fn references(schema: &Value) -> Vec<&str> {
    schema_objects(schema)
        .into_iter()
        .filter_map(|(_, object)| object.get("$ref")?.as_str())
        .collect()
}

/// Every regular expression in `schema`, `pattern`s and `patternProperties` keys, with the
/// JSON pointer to each below `schema`.
pub fn patterns(schema: &Value) -> Vec<(String, &str)> {
    let mut out = Vec::new();
    for (pointer, object) in schema_objects(schema) {
        if let Some(Value::String(pattern)) = object.get("pattern") {
            out.push((push_pointer(&pointer, "pattern"), pattern.as_str()));
        }
        if let Some(Value::Object(entries)) = object.get("patternProperties") {
            let map = push_pointer(&pointer, "patternProperties");
            out.extend(
                entries
                    .keys()
                    .map(|key| (push_pointer(&map, key), key.as_str())),
            );
        }
    }
    out
}

/// The schema objects in `schema`'s schema positions, with their JSON pointers.
fn schema_objects(schema: &Value) -> Vec<(String, &Map<String, Value>)> {
    let mut out = Vec::new();
    let mut stack = vec![(String::new(), schema)];
    while let Some((pointer, value)) = stack.pop() {
        let Some(object) = value.as_object() else {
            continue;
        };
        for (keyword, child) in object {
            for (step, sub) in subschemas(keyword, child) {
                let at = push_pointer(&pointer, keyword);
                let at = match step {
                    Step::Whole => at,
                    Step::Index(i) => push_pointer(&at, &i.to_string()),
                    Step::Name(name) => push_pointer(&at, name),
                };
                stack.push((at, sub));
            }
        }
        out.push((pointer, object));
    }
    out
}

/// Leaves out of `schema` each keyword whose value the JSON Schema 2020-12 meta-schema
/// refuses (specs hold `pattern: 0`, `type: application/json`, an `allOf` written as a
/// map), and makes a subschema that is no schema at all `{}`, so convert never writes a
/// schema lint calls invalid. Returns the JSON pointer of each part that went.
pub(crate) fn drop_invalid_keywords(schema: &mut Value) -> Vec<String> {
    let validator = jsonschema::draft202012::meta::validator();
    let mut dropped = Vec::new();
    if validator.is_valid(schema) {
        return dropped;
    }
    // An error can hide others below it, so a few rounds; each round removes something.
    for _ in 0..8 {
        let paths: Vec<String> = validator
            .iter_errors(schema)
            .map(|error| error.instance_path().to_string())
            .collect();
        let mut changed = false;
        for path in paths {
            if let Some(gone) = drop_at(schema, &path) {
                dropped.push(gone);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    dropped.sort();
    dropped.dedup();
    dropped
}

/// Removes the keyword of the deepest schema object on `pointer`, or replaces the
/// subschema `pointer` ends at with `{}`; the pointer of what changed, if anything did.
fn drop_at(schema: &mut Value, pointer: &str) -> Option<String> {
    let tokens: Vec<String> = pointer
        .split('/')
        .skip(1)
        .map(|t| t.replace("~1", "/").replace("~0", "~"))
        .collect();
    let mut current = schema;
    let mut at = String::new();
    let mut i = 0;
    loop {
        let Some(keyword) = tokens.get(i) else {
            // The path ends at a subschema that is not one.
            if current.is_object() || current.is_boolean() || at.is_empty() {
                return None;
            }
            *current = json!({});
            return Some(at);
        };
        let object = current.as_object_mut()?;
        let value = object.get(keyword.as_str())?;
        let steps = match value {
            _ if tokens.len() == i + 1 => 0,
            Value::Object(_) if SCHEMA_KEYWORDS.contains(&keyword.as_str()) => 1,
            Value::Array(_) if SCHEMA_KEYWORDS.contains(&keyword.as_str()) => 2,
            Value::Array(_) if SCHEMA_ARRAY_KEYWORDS.contains(&keyword.as_str()) => 2,
            Value::Object(_) if SCHEMA_MAP_KEYWORDS.contains(&keyword.as_str()) => 2,
            _ => 0,
        };
        if steps == 0 {
            object.remove(keyword.as_str());
            return Some(push_pointer(&at, keyword));
        }
        at = push_pointer(&at, keyword);
        let mut next = object.get_mut(keyword.as_str())?;
        if steps == 2 {
            let entry = tokens.get(i + 1)?;
            at = push_pointer(&at, entry);
            next = match next {
                Value::Array(items) => items.get_mut(entry.parse::<usize>().ok()?)?,
                other => other.get_mut(entry.as_str())?,
            };
        }
        current = next;
        i += steps;
    }
}

/// Where a subschema stands under its keyword.
enum Step<'v> {
    /// The keyword's value is the schema.
    Whole,
    /// An element of the keyword's array.
    Index(usize),
    /// An entry of the keyword's map.
    Name(&'v str),
}

/// The subschemas directly under `keyword` of a schema object.
fn subschemas<'v>(
    keyword: &str,
    value: &'v Value,
) -> Box<dyn Iterator<Item = (Step<'v>, &'v Value)> + 'v> {
    let elements = || {
        let items = value.as_array().into_iter().flatten().enumerate();
        Box::new(items.map(|(i, item)| (Step::Index(i), item)))
    };
    if SCHEMA_KEYWORDS.contains(&keyword) {
        match value {
            Value::Array(_) => elements(),
            other => Box::new(std::iter::once((Step::Whole, other))),
        }
    } else if SCHEMA_ARRAY_KEYWORDS.contains(&keyword) {
        elements()
    } else if SCHEMA_MAP_KEYWORDS.contains(&keyword) {
        let entries = value.as_object().into_iter().flatten();
        Box::new(entries.map(|(name, entry)| (Step::Name(name), entry)))
    } else {
        Box::new(std::iter::empty())
    }
}

/// OpenAPI 3.0 `nullable: true` in 2020-12: `null` joins the type (and the enum), or the
/// schema becomes `anyOf` it and null when it has no single type.
fn make_nullable(schema: Value) -> Value {
    let mut schema = match schema {
        Value::Object(schema) => schema,
        other => return other,
    };
    if let Some(Value::Array(values)) = schema.get_mut("enum") {
        if !values.contains(&Value::Null) {
            values.push(Value::Null);
        }
    }
    match schema.get_mut("type") {
        Some(Value::String(t)) => {
            let t = std::mem::take(t);
            schema.insert("type".into(), Value::Array(vec![t.into(), "null".into()]));
            Value::Object(schema)
        }
        Some(Value::Array(types)) => {
            if !types.contains(&Value::from("null")) {
                types.push("null".into());
            }
            Value::Object(schema)
        }
        _ => {
            let mut null = Map::new();
            null.insert("type".into(), "null".into());
            let mut out = Map::new();
            out.insert(
                "anyOf".into(),
                Value::Array(vec![Value::Object(schema), Value::Object(null)]),
            );
            Value::Object(out)
        }
    }
}

/// Joins what stands next to a `$ref` with the schema it points to. Annotations and
/// keywords the target lacks refine the copy in place; anything else that would clash
/// keeps both, under `allOf`.
fn merge_siblings(target: Value, siblings: Map<String, Value>) -> Value {
    if siblings.is_empty() {
        return target;
    }
    match target {
        Value::Object(mut object)
            if !object.contains_key("$ref")
                && siblings.iter().all(|(k, v)| {
                    ANNOTATION_KEYWORDS.contains(&k.as_str())
                        || object.get(k).is_none_or(|t| t == v)
                }) =>
        {
            object.extend(siblings);
            Value::Object(object)
        }
        Value::Object(mut object) if object.len() == 1 && object.contains_key("$ref") => {
            object.extend(siblings);
            Value::Object(object)
        }
        other => {
            let mut out = Map::new();
            out.insert("allOf".into(), Value::Array(vec![other]));
            out.extend(siblings);
            Value::Object(out)
        }
    }
}

/// A character as it may stand in a property or `$defs` name that every client accepts
/// (`^[a-zA-Z0-9_.-]+$`): itself, or `_`.
pub(crate) fn name_safe(c: char) -> char {
    if c.is_ascii_alphanumeric() || "_.-".contains(c) {
        c
    } else {
        '_'
    }
}

#[cfg(test)]
mod tests;
