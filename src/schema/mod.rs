//! JSON Schema work for stage 3: turns a schema from the spec into a self-contained JSON
//! Schema 2020-12 value.
//!
//! - OpenAPI 3.0's dialect is translated (`nullable`, boolean exclusive bounds, `example`).
//! - Each reference target is converted once per [`Mode`] and memoized, its own references
//!   left as markers ([`assemble`] says what becomes of them): so converting a spec costs
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
//! - An inlined copy that would nest deeper than [`MAX_INLINE_DEPTH`] goes to `$defs` too,
//!   so the output's depth stays bounded whatever the chain of references.
//! - Inputs drop `readOnly` properties; outputs drop `writeOnly` ones.
//! - Older drafts' forms become 2020-12's: array-form `items` (draft 4's tuples) becomes
//!   `prefixItems` (and `additionalItems` then `items`); 2019-09's `$recursiveRef: "#"` is
//!   a reference to the schema it stands in (the target of the `$ref` that reached it, or
//!   the operation's own schema), recursion that lands in `$defs` like any cycle; a
//!   property's `required: true` (a 3.0 habit) joins its parent's `required` list.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

use indexmap::IndexSet;
use serde_json::{json, Map, Value};

use crate::error::{push_pointer, Result};
use crate::load::{FileId, Location, Spec};
use crate::model::{Dialect, Schema};
use crate::pattern::{to_unicode_ecma262, Translated};

mod assemble;

/// Whether a schema describes what a tool takes or what it returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mode {
    Input,
    Output,
}

/// JSON depth past which an inlined copy is placed in `$defs` instead.
const MAX_INLINE_DEPTH: usize = 64;

/// The names JSON Schema's `type` takes.
const JSON_TYPES: [&str; 7] = [
    "string", "number", "integer", "boolean", "object", "array", "null",
];

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
/// OpenAPI-only keywords that mean nothing to a JSON Schema validator, and identifiers
/// that would change how the tool's local `$ref`s resolve. `$defs` and `definitions` are
/// dropped because everything they hold is inlined where it is referenced.
const DROPPED_KEYWORDS: [&str; 10] = [
    "$recursiveRef",
    "$recursiveAnchor",
    "discriminator",
    "xml",
    "externalDocs",
    "$id",
    "$schema",
    "$defs",
    "definitions",
    "x-nullable",
];
/// How the description of a schema whose `pattern` was left out starts saying it.
pub const PATTERN_NOTE: &str = "Must match the pattern ";

/// Keywords whose value is a number.
const NUMBER_KEYWORDS: [&str; 5] = [
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
];
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
pub struct ToolRefs(Vec<usize>);

/// A `pattern` (or `patternProperties` key) convert left out: it is not ECMA-262 in
/// unicode mode, and no translation has a certain meaning.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DroppedPattern {
    /// Where the pattern stands in the spec.
    pub location: Location,
    pub pattern: String,
    /// Why it does not compile, in a few words.
    pub reason: String,
}

impl DroppedPattern {
    pub fn message(&self) -> String {
        format!(
            "pattern '{}' left out: not ECMA-262 in unicode mode ({}); the description says it",
            self.pattern, self.reason
        )
    }
}

/// Converts the schemas of one spec, caching work across all its tools.
pub struct SchemaConverter<'s> {
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

/// Where the walk is: for error messages and the depth bound.
struct Walk<'d> {
    mode: Mode,
    file: FileId,
    pointer: String,
    depth: usize,
    max_depth: usize,
    /// The references met, with the depth of each.
    refs: &'d mut Vec<(usize, usize)>,
    /// Maps of schemas reached through a `$ref`, innermost last: a guard against a map
    /// that includes itself.
    map_refs: Vec<Location>,
    /// The schema a `$recursiveRef` stands for: where this walk started.
    resource: Location,
}

impl<'s> SchemaConverter<'s> {
    pub fn new(spec: &'s Spec, dialect: Dialect) -> Self {
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
        let mut walk = Walk {
            mode,
            file: schema.location.file,
            pointer: schema.location.pointer.clone(),
            depth: 0,
            max_depth: 0,
            refs: &mut met,
            map_refs: Vec::new(),
            resource: schema.location.clone(),
        };
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
            let pointer = location.pointer.clone();
            let mut walk = Walk {
                mode,
                file: location.file,
                pointer,
                depth: 0,
                max_depth: 0,
                refs: &mut refs,
                map_refs: Vec::new(),
                resource: location.clone(),
            };
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

    /// Converts one schema value; references are read from finished expansions.
    fn walk(&mut self, value: &Value, walk: &mut Walk<'_>) -> Result<Value> {
        walk.max_depth = walk.max_depth.max(walk.depth);
        let Some(object) = value.as_object() else {
            return Ok(value.clone());
        };
        let keywords = self.walk_keywords(object, walk)?;
        let schema = match reference_of(object, walk.file, &walk.resource) {
            Some((from, reference)) => {
                let inlined = self.reference(from, &reference, walk)?;
                merge_siblings(inlined, keywords)
            }
            None => Value::Object(keywords),
        };
        let nullable = self.dialect == Dialect::OpenApi30
            && (object.get("nullable") == Some(&Value::Bool(true))
                || object.get("x-nullable") == Some(&Value::Bool(true)));
        Ok(match schema {
            // What `nullable` does depends on the schema the marker stands for.
            Value::Object(mut marker) if nullable && assemble::is_marker(&marker) => {
                marker.insert(assemble::NULLABLE.into(), true.into());
                Value::Object(marker)
            }
            schema if nullable => make_nullable(schema),
            schema => schema,
        })
    }

    /// The marker a `$ref` becomes (see [`assemble`]). `reference` is resolved in file
    /// `from`.
    fn reference(&mut self, from: FileId, reference: &str, walk: &mut Walk<'_>) -> Result<Value> {
        let ref_pointer = push_pointer(&walk.pointer, "$ref");
        let place = Location {
            file: walk.file,
            pointer: ref_pointer,
        };
        let id = match self.spec.resolve(from, reference) {
            Ok(_) => self.target_id(from, reference).expect("it resolves"),
            Err(reason) => return Err(self.spec.error_at(&place, reason)),
        };
        self.analyze(id);
        self.check_alias_chain(id, reference, &place)?;
        if !self.targets[id].cyclic {
            self.expand(id, walk.mode)?;
        }
        walk.refs.push((id, walk.depth));
        Ok(assemble::marker(id))
    }

    /// Refuses a chain of bare `$ref`s that comes back to itself: it names no schema.
    fn check_alias_chain(&mut self, start: usize, reference: &str, place: &Location) -> Result<()> {
        let mut seen = IndexSet::new();
        let mut current = Some(start);
        while let Some(id) = current {
            if self.targets[id].alias_chain_checked {
                break;
            }
            if !seen.insert(id) {
                return Err(self.spec.error_at(
                    place,
                    format!("reference cycle with no schema in between at $ref '{reference}'"),
                ));
            }
            current = self.targets[id].alias_of;
        }
        for id in seen {
            self.targets[id].alias_chain_checked = true;
        }
        Ok(())
    }

    /// Every keyword of a schema object but `$ref`, translated to 2020-12.
    fn walk_keywords(
        &mut self,
        object: &Map<String, Value>,
        walk: &mut Walk<'_>,
    ) -> Result<Map<String, Value>> {
        let mut out = Map::with_capacity(object.len());
        let mut dropped_properties = Vec::new();
        let mut required_by_property = Vec::new();
        let tuple = object.get("items").is_some_and(Value::is_array);
        let mut untranslatable_pattern = None;
        let mut dropped_pattern_properties = Vec::new();
        for (keyword, value) in object {
            let keyword = keyword.as_str();
            if keyword == "$ref"
                || DROPPED_KEYWORDS.contains(&keyword)
                || assemble::is_private(keyword)
            {
                continue;
            }
            let converted = if keyword == "items" && tuple {
                let items = value.as_array().expect("checked");
                let mut prefix = Vec::with_capacity(items.len());
                for (i, item) in items.iter().enumerate() {
                    prefix.push(self.nested(item, walk, &[keyword, &i.to_string()], 2)?);
                }
                out.insert("prefixItems".into(), Value::Array(prefix));
                continue;
            } else if keyword == "additionalItems" {
                // Means something only beside a tuple, where 2020-12 calls it `items`.
                if tuple {
                    let rest = self.nested(value, walk, &[keyword], 1)?;
                    out.insert("items".into(), rest);
                }
                continue;
            } else if keyword == "required" && value.is_boolean() {
                // On a property (3.0 habit): its parent's `required` list says it.
                continue;
            } else if keyword == "description" && value.is_string() {
                let text = value.as_str().expect("checked");
                crate::text::markdown_from_html(text).into_owned().into()
            } else if SCHEMA_KEYWORDS.contains(&keyword) {
                self.nested(value, walk, &[keyword], 1)?
            } else if SCHEMA_ARRAY_KEYWORDS.contains(&keyword) && value.is_array() {
                let items = value.as_array().expect("checked");
                let mut out = Vec::with_capacity(items.len());
                for (i, item) in items.iter().enumerate() {
                    out.push(self.nested(item, walk, &[keyword, &i.to_string()], 2)?);
                }
                Value::Array(out)
            } else if SCHEMA_MAP_KEYWORDS.contains(&keyword) && value.is_object() {
                let own = Location {
                    file: walk.file,
                    pointer: push_pointer(&walk.pointer, keyword),
                };
                let (entries, base) = if is_map_ref(keyword, value) {
                    let place = Location {
                        file: own.file,
                        pointer: push_pointer(&own.pointer, "$ref"),
                    };
                    let (entries, location) = self
                        .map_entries(value, walk.file)
                        .map_err(|reason| self.spec.error_at(&place, reason))?;
                    if walk.map_refs.contains(&location) {
                        return Err(self.spec.error_at(
                            &place,
                            "reference cycle: this map of schemas includes itself",
                        ));
                    }
                    (entries, location)
                } else {
                    (value.as_object().expect("checked"), own.clone())
                };
                let via_ref = base != own;
                let saved_file = std::mem::replace(&mut walk.file, base.file);
                let saved_pointer = std::mem::replace(&mut walk.pointer, base.pointer.clone());
                if via_ref {
                    walk.map_refs.push(base);
                }
                let mut out = Map::with_capacity(entries.len());
                let mut failure = None;
                for (name, sub) in entries {
                    if keyword == "properties" && sub.get("required") == Some(&Value::Bool(true)) {
                        required_by_property.push(name.as_str());
                    }
                    let mut key = Cow::Borrowed(name.as_str());
                    if keyword == "patternProperties" {
                        match to_unicode_ecma262(name) {
                            Translated::Same => {}
                            Translated::Changed(translated) => key = Cow::Owned(translated),
                            Translated::Untranslatable(reason) => {
                                self.drop_pattern(walk, name, name, reason);
                                dropped_pattern_properties.push(name.as_str());
                                continue;
                            }
                        }
                    }
                    match self.nested(sub, walk, &[name], 2) {
                        Ok(sub) if keyword == "properties" && self.hidden_in(&sub, walk.mode) => {
                            dropped_properties.push(name.as_str());
                        }
                        Ok(sub) => {
                            out.insert(key.into_owned(), sub);
                        }
                        Err(error) => {
                            failure = Some(error);
                            break;
                        }
                    }
                }
                if via_ref {
                    walk.map_refs.pop();
                }
                walk.file = saved_file;
                walk.pointer = saved_pointer;
                if let Some(error) = failure {
                    return Err(error);
                }
                Value::Object(out)
            } else {
                match (keyword, value) {
                    ("example", _) => {
                        if !object.contains_key("examples") {
                            out.insert("examples".into(), Value::Array(vec![value.clone()]));
                        }
                        continue;
                    }
                    ("exclusiveMinimum" | "exclusiveMaximum", Value::Bool(exclusive)) => {
                        let bound = if keyword == "exclusiveMinimum" {
                            "minimum"
                        } else {
                            "maximum"
                        };
                        if let (true, Some(limit)) = (*exclusive, object.get(bound)) {
                            out.insert(keyword.into(), limit.clone());
                        }
                        continue;
                    }
                    ("minimum" | "maximum", _) if exclusive_flag(object, keyword) => continue,
                    ("nullable", _) if self.dialect == Dialect::OpenApi30 => continue,
                    // Clients compile patterns as ECMA-262 in unicode mode (ajv); specs
                    // write them for Java, Python or PCRE.
                    ("pattern", Value::String(pattern)) => match to_unicode_ecma262(pattern) {
                        Translated::Same => value.clone(),
                        Translated::Changed(translated) => Value::String(translated),
                        Translated::Untranslatable(reason) => {
                            self.drop_pattern(walk, "pattern", pattern, reason);
                            untranslatable_pattern = Some(pattern.as_str());
                            continue;
                        }
                    },
                    // A number YAML could not hold as a float (`1e400`) arrives as text.
                    (_, Value::String(text)) if NUMBER_KEYWORDS.contains(&keyword) => {
                        match serde_json::from_str::<serde_json::Number>(text) {
                            Ok(number) => Value::Number(number),
                            Err(_) => value.clone(),
                        }
                    }
                    // 2020-12 requires a positive `multipleOf`. One too small for a double
                    // (`1e-400`) is 0 to every client that parses JSON into doubles
                    // (`JSON.parse`), which then calls the schema invalid; it constrains
                    // nothing they could check, so it goes too.
                    ("multipleOf", Value::Number(n))
                        if !is_positive(n) || n.as_f64() == Some(0.0) =>
                    {
                        continue
                    }
                    // Swagger 2.0's file upload: a binary string.
                    ("type", Value::String(t)) if t == "file" => {
                        out.insert("type".into(), "string".into());
                        out.insert("format".into(), "binary".into());
                        continue;
                    }
                    // `String`, `Integer`: a type name in the wrong case means that type.
                    ("type", Value::String(t))
                        if t.bytes().any(|b| b.is_ascii_uppercase())
                            && JSON_TYPES.contains(&t.to_lowercase().as_str()) =>
                    {
                        Value::String(t.to_lowercase())
                    }
                    _ => value.clone(),
                }
            };
            out.insert(keyword.to_string(), converted);
        }
        // The constraints stay, as words, for the model to follow.
        let mut notes = Vec::new();
        if let Some(pattern) = untranslatable_pattern {
            notes.push(format!(
                "{PATTERN_NOTE}`{pattern}` (not checked: not an ECMA-262 pattern)."
            ));
        }
        if !dropped_pattern_properties.is_empty() {
            // Properties the dropped entries matched must not fall to these instead.
            out.remove("additionalProperties");
            out.remove("unevaluatedProperties");
            let patterns: Vec<String> = dropped_pattern_properties
                .iter()
                .map(|p| format!("`{p}`"))
                .collect();
            notes.push(format!(
                "Properties whose names match {} have a schema not given here (not checked: not an ECMA-262 pattern).",
                patterns.join(" or ")
            ));
        }
        if !notes.is_empty() {
            let note = notes.join(" ");
            let description = match out.get("description").and_then(Value::as_str) {
                Some(text) if !text.is_empty() => format!("{text} {note}"),
                _ => note,
            };
            out.insert("description".into(), description.into());
        }
        if !required_by_property.is_empty() {
            let required = out
                .entry("required")
                .or_insert_with(|| Value::Array(Vec::new()));
            if let Value::Array(required) = required {
                for name in required_by_property {
                    if !required.iter().any(|r| r == name) {
                        required.push(name.into());
                    }
                }
            }
        }
        if !dropped_properties.is_empty() {
            if let Some(Value::Array(required)) = out.get_mut("required") {
                required.retain(|r| !dropped_properties.iter().any(|d| r == *d));
                if required.is_empty() {
                    out.remove("required");
                }
            }
        }
        Ok(out)
    }

    /// Whether a property is left out: `readOnly` ones from inputs, `writeOnly` from
    /// outputs, said beside its `$ref` or by the schema it refers to (a cyclic one is not
    /// looked into: it stays a reference).
    fn hidden_in(&self, schema: &Value, mode: Mode) -> bool {
        let keyword = match mode {
            Mode::Input => "readOnly",
            Mode::Output => "writeOnly",
        };
        let mut schema = schema;
        // Each step follows a marker into a finished expansion; alias chains are acyclic.
        loop {
            if schema.get(keyword) == Some(&Value::Bool(true)) {
                return true;
            }
            let next = schema
                .as_object()
                .and_then(assemble::marker_target)
                .filter(|&id| !self.targets[id].cyclic)
                .and_then(|id| self.expansions.get(&(id, mode)));
            match next {
                Some(expansion) => schema = &expansion.schema,
                None => return false,
            }
        }
    }

    /// Records a pattern left out at `token` below the current schema.
    fn drop_pattern(&mut self, walk: &Walk<'_>, token: &str, pattern: &str, reason: String) {
        self.dropped_patterns.push(DroppedPattern {
            location: Location {
                file: walk.file,
                pointer: push_pointer(&walk.pointer, token),
            },
            pattern: pattern.to_string(),
            reason,
        });
    }

    /// Walks a subschema `tokens` below the current one, `levels` JSON levels deeper.
    fn nested(
        &mut self,
        value: &Value,
        walk: &mut Walk<'_>,
        tokens: &[&str],
        levels: usize,
    ) -> Result<Value> {
        let saved_len = walk.pointer.len();
        for token in tokens {
            walk.pointer = push_pointer(&walk.pointer, token);
        }
        walk.depth += levels;
        let result = self.walk(value, walk);
        walk.depth -= levels;
        walk.pointer.truncate(saved_len);
        result
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
pub fn as_object_schema(schema: Value) -> Value {
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
pub fn drop_invalid_keywords(schema: &mut Value) -> Vec<String> {
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

/// Whether `number` is greater than zero, read from its exact text.
fn is_positive(number: &serde_json::Number) -> bool {
    let text = number.to_string();
    let mantissa = text.split(['e', 'E']).next().unwrap_or_default();
    !text.starts_with('-') && mantissa.bytes().any(|b| (b'1'..=b'9').contains(&b))
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

/// `minimum` whose `exclusiveMinimum: true` (3.0) turns it into the exclusive bound.
fn exclusive_flag(object: &Map<String, Value>, bound: &str) -> bool {
    let flag = if bound == "minimum" {
        "exclusiveMinimum"
    } else {
        "exclusiveMaximum"
    };
    object.get(flag) == Some(&Value::Bool(true))
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
pub fn name_safe(c: char) -> char {
    if c.is_ascii_alphanumeric() || "_.-".contains(c) {
        c
    } else {
        '_'
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_the_meta_schema_refuses_are_left_out() {
        let mut schema = json!({
            "type": "object",
            "properties": {
                "code": {"type": "string", "pattern": 0},
                "form": {"type": "application/json", "description": "kept"},
                "odd": 5,
                "list": {"type": "array", "items": {"type": "string", "minLength": -1}},
                "tuple": {"prefixItems": [{"type": "string"}, {"maxLength": "4"}]}
            },
            "allOf": {"3": {"properties": {}}},
            "examples": {"a": 1}
        });
        let dropped = drop_invalid_keywords(&mut schema);
        assert_eq!(
            dropped,
            [
                "/allOf",
                "/examples",
                "/properties/code/pattern",
                "/properties/form/type",
                "/properties/list/items/minLength",
                "/properties/odd",
                "/properties/tuple/prefixItems/1/maxLength"
            ]
        );
        assert_eq!(
            schema,
            json!({
                "type": "object",
                "properties": {
                    "code": {"type": "string"},
                    "form": {"description": "kept"},
                    "odd": {},
                    "list": {"type": "array", "items": {"type": "string"}},
                    "tuple": {"prefixItems": [{"type": "string"}, {}]}
                }
            })
        );
        assert!(jsonschema::draft202012::meta::is_valid(&schema));
    }

    #[test]
    fn positive_numbers_are_judged_by_their_exact_text() {
        let positive = |text: &str| is_positive(&serde_json::from_str(text).unwrap());
        assert!(positive("1e-400"));
        assert!(positive("0.0001"));
        assert!(positive("5"));
        assert!(!positive("0"));
        assert!(!positive("0.0e5"));
        assert!(!positive("-1e-400"));
        assert!(!positive("-3"));
    }

    #[test]
    fn property_schemas_are_objects() {
        assert_eq!(as_object_schema(json!(true)), json!({}));
        assert_eq!(as_object_schema(json!(null)), json!({}));
        assert_eq!(as_object_schema(json!(false)), json!({"not": {}}));
        assert_eq!(
            as_object_schema(json!({"type": "string"})),
            json!({"type": "string"})
        );
    }

    #[test]
    fn references_are_found_in_schema_positions_only() {
        let schema = json!({
            "properties": {"a": {"$ref": "#/$defs/A"}, "$ref": {"type": "string"}},
            "items": [{"$ref": "#/$defs/B"}],
            "examples": [{"$ref": "not a reference"}],
            "x-note": {"$ref": "nor this"},
            "$defs": {"A": {"allOf": [{"$ref": "#/$defs/C"}]}}
        });
        let mut found = references(&schema);
        found.sort_unstable();
        assert_eq!(found, ["#/$defs/A", "#/$defs/B", "#/$defs/C"]);
    }
}
