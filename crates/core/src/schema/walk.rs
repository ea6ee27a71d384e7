//! The walk that converts one schema value: each keyword translated to 2020-12, each
//! reference left as a marker (see [`super::assemble`]).

use std::borrow::Cow;

use indexmap::IndexSet;
use serde_json::{Map, Value};

use super::{
    assemble, is_map_ref, make_nullable, merge_siblings, reference_of, DroppedPattern, Mode,
    SchemaConverter, PATTERN_NOTE, SCHEMA_ARRAY_KEYWORDS, SCHEMA_KEYWORDS, SCHEMA_MAP_KEYWORDS,
};
use crate::error::{push_pointer, Result};
use crate::load::{FileId, Location};
use crate::model::Dialect;
use crate::pattern::{to_unicode_ecma262, Translated};

/// The names JSON Schema's `type` takes.
const JSON_TYPES: [&str; 7] = [
    "string", "number", "integer", "boolean", "object", "array", "null",
];

/// OpenAPI-only keywords that mean nothing to a JSON Schema validator, and identifiers
/// that would change how the tool's local `$ref`s resolve. `$defs` and `definitions` are
/// dropped because everything they hold is inlined where it is referenced.
/// `$dynamicRef` too: resolved through `$dynamicAnchor`s of the spec's scopes, which no
/// tool keeps, it would point outside its tool.
const DROPPED_KEYWORDS: [&str; 12] = [
    "$recursiveRef",
    "$recursiveAnchor",
    "$dynamicRef",
    "$dynamicAnchor",
    "discriminator",
    "xml",
    "externalDocs",
    "$id",
    "$schema",
    "$defs",
    "definitions",
    "x-nullable",
];

/// Keywords whose value is a number.
const NUMBER_KEYWORDS: [&str; 5] = [
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
];

/// Where the walk is: for error messages and the depth bound.
pub(super) struct Walk<'d> {
    mode: Mode,
    file: FileId,
    pointer: String,
    depth: usize,
    /// The deepest JSON level reached, a marker counted as a leaf.
    pub(super) max_depth: usize,
    /// The references met, with the depth of each.
    refs: &'d mut Vec<(usize, usize)>,
    /// Maps of schemas reached through a `$ref`, innermost last: a guard against a map
    /// that includes itself.
    map_refs: Vec<Location>,
    /// The schema a `$recursiveRef` stands for: where this walk started.
    resource: Location,
}

impl<'d> Walk<'d> {
    /// A walk of the schema at `location` for `mode`, recording the references it meets
    /// in `refs`.
    pub(super) fn new(mode: Mode, location: &Location, refs: &'d mut Vec<(usize, usize)>) -> Self {
        Walk {
            mode,
            file: location.file,
            pointer: location.pointer.clone(),
            depth: 0,
            max_depth: 0,
            refs,
            map_refs: Vec::new(),
            resource: location.clone(),
        }
    }
}

/// What the keywords of a schema object say about its other keywords: applied once all
/// are walked.
#[derive(Default)]
struct Deferred<'v> {
    /// Properties left out for the mode: no longer required.
    dropped_properties: Vec<&'v str>,
    /// Properties that said `required: true` themselves.
    required_by_property: Vec<&'v str>,
    /// The `pattern` left out, said in the description instead.
    untranslatable_pattern: Option<&'v str>,
    /// The `patternProperties` keys left out.
    dropped_pattern_properties: Vec<&'v str>,
}

impl<'s> SchemaConverter<'s> {
    /// Converts one schema value; references are read from finished expansions.
    pub(super) fn walk(&mut self, value: &Value, walk: &mut Walk<'_>) -> Result<Value> {
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
        let mut deferred = Deferred::default();
        let tuple = object.get("items").is_some_and(Value::is_array);
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
                let prefix = self.walk_schema_array(keyword, items, walk)?;
                out.insert("prefixItems".into(), prefix);
                continue;
            } else if keyword == "additionalItems" {
                // Means something only beside a tuple, where 2020-12 calls it `items`.
                if tuple {
                    let rest = self.nested(value, walk, &[keyword], 1)?;
                    out.insert("items".into(), rest);
                }
                continue;
            } else if keyword == "dependencies" && value.is_object() {
                let entries = value.as_object().expect("checked");
                self.split_dependencies(entries, walk, &mut out)?;
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
                self.walk_schema_array(keyword, items, walk)?
            } else if SCHEMA_MAP_KEYWORDS.contains(&keyword) && value.is_object() {
                self.walk_schema_map(keyword, value, walk, &mut deferred)?
            } else if translate_openapi_keyword(object, keyword, value, self.dialect, &mut out) {
                continue;
            } else {
                match self.repair_value(keyword, value, walk, &mut deferred) {
                    Some(repaired) => repaired,
                    None => continue,
                }
            };
            merge_into(&mut out, keyword, converted);
        }
        describe_left_out_patterns(&mut out, &deferred);
        settle_required(&mut out, &deferred);
        Ok(out)
    }

    /// Draft 7's `dependencies` as 2020-12 says it: a list of names is `dependentRequired`,
    /// a schema (walked, so its references stay in the tool) `dependentSchemas`.
    fn split_dependencies(
        &mut self,
        entries: &Map<String, Value>,
        walk: &mut Walk<'_>,
        out: &mut Map<String, Value>,
    ) -> Result<()> {
        // A map given by reference (`dependencies: {$ref: ...}`) is not split: left out.
        for (name, value) in entries.iter().filter(|(name, _)| *name != "$ref") {
            let (keyword, converted) = if value.is_array() {
                ("dependentRequired", value.clone())
            } else {
                let schema = self.nested(value, walk, &["dependencies", name], 2)?;
                ("dependentSchemas", schema)
            };
            let mut entry = Map::new();
            entry.insert(name.clone(), converted);
            merge_into(out, keyword, Value::Object(entry));
        }
        Ok(())
    }

    /// The schemas of an array-of-schemas keyword, each walked.
    fn walk_schema_array(
        &mut self,
        keyword: &str,
        items: &[Value],
        walk: &mut Walk<'_>,
    ) -> Result<Value> {
        let mut out = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            out.push(self.nested(item, walk, &[keyword, &i.to_string()], 2)?);
        }
        Ok(Value::Array(out))
    }

    /// A keyword that maps names to schemas, written in place or as a `$ref` to the map:
    /// each entry walked where it stands.
    fn walk_schema_map<'v>(
        &mut self,
        keyword: &'v str,
        value: &'v Value,
        walk: &mut Walk<'_>,
        deferred: &mut Deferred<'v>,
    ) -> Result<Value>
    where
        's: 'v,
    {
        let own = Location {
            file: walk.file,
            pointer: push_pointer(&walk.pointer, keyword),
        };
        let (entries, base) = if is_map_ref(keyword, value) {
            self.referenced_map(value, &own, walk)?
        } else {
            (value.as_object().expect("checked"), own.clone())
        };
        let via_ref = base != own;
        let saved_file = std::mem::replace(&mut walk.file, base.file);
        let saved_pointer = std::mem::replace(&mut walk.pointer, base.pointer.clone());
        if via_ref {
            walk.map_refs.push(base);
        }
        let walked = self.walk_map_entries(keyword, entries, walk, deferred);
        if via_ref {
            walk.map_refs.pop();
        }
        walk.file = saved_file;
        walk.pointer = saved_pointer;
        walked.map(Value::Object)
    }

    /// The map a keyword's `$ref` (at `own`) points to, and where it stands; refused when
    /// the walk is already inside it.
    fn referenced_map<'v>(
        &self,
        value: &'v Value,
        own: &Location,
        walk: &Walk<'_>,
    ) -> Result<(&'v Map<String, Value>, Location)>
    where
        's: 'v,
    {
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
        Ok((entries, location))
    }

    /// The entries of a map of schemas, each walked: a property the mode hides and a
    /// `patternProperties` key no client could compile are left out.
    fn walk_map_entries<'v>(
        &mut self,
        keyword: &str,
        entries: &'v Map<String, Value>,
        walk: &mut Walk<'_>,
        deferred: &mut Deferred<'v>,
    ) -> Result<Map<String, Value>> {
        let mut out = Map::with_capacity(entries.len());
        for (name, sub) in entries {
            if keyword == "properties" && sub.get("required") == Some(&Value::Bool(true)) {
                deferred.required_by_property.push(name.as_str());
            }
            let mut key = Cow::Borrowed(name.as_str());
            if keyword == "patternProperties" {
                match to_unicode_ecma262(name) {
                    Translated::Same => {}
                    Translated::Changed(translated) => key = Cow::Owned(translated),
                    Translated::Untranslatable(reason) => {
                        self.drop_pattern(walk, name, name, reason);
                        deferred.dropped_pattern_properties.push(name.as_str());
                        continue;
                    }
                }
            }
            let sub = self.nested(sub, walk, &[name], 2)?;
            if keyword == "properties" && self.hidden_in(&sub, walk.mode) {
                deferred.dropped_properties.push(name.as_str());
            } else {
                out.insert(key.into_owned(), sub);
            }
        }
        Ok(out)
    }

    /// A keyword whose value is no schema, as clients accept it; `None` when it is left
    /// out.
    fn repair_value<'v>(
        &mut self,
        keyword: &str,
        value: &'v Value,
        walk: &Walk<'_>,
        deferred: &mut Deferred<'v>,
    ) -> Option<Value> {
        Some(match (keyword, value) {
            // Clients compile patterns as ECMA-262 in unicode mode (ajv); specs
            // write them for Java, Python or PCRE.
            ("pattern", Value::String(pattern)) => match to_unicode_ecma262(pattern) {
                Translated::Same => value.clone(),
                Translated::Changed(translated) => Value::String(translated),
                Translated::Untranslatable(reason) => {
                    self.drop_pattern(walk, "pattern", pattern, reason);
                    deferred.untranslatable_pattern = Some(pattern.as_str());
                    return None;
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
            ("multipleOf", Value::Number(n)) if !is_positive(n) || n.as_f64() == Some(0.0) => {
                return None
            }
            // `String`, `Integer`: a type name in the wrong case means that type.
            ("type", Value::String(t))
                if t.bytes().any(|b| b.is_ascii_uppercase())
                    && JSON_TYPES.contains(&t.to_lowercase().as_str()) =>
            {
                Value::String(t.to_lowercase())
            }
            _ => value.clone(),
        })
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
}

/// Whether `keyword` is one of OpenAPI's own forms (3.0's `example`, boolean exclusive
/// bounds and `nullable`, Swagger 2.0's `file` type): if so, its 2020-12 form is in `out`
/// (or it is left out, its meaning carried by another keyword).
fn translate_openapi_keyword(
    object: &Map<String, Value>,
    keyword: &str,
    value: &Value,
    dialect: Dialect,
    out: &mut Map<String, Value>,
) -> bool {
    match (keyword, value) {
        ("example", _) => {
            if !object.contains_key("examples") {
                out.insert("examples".into(), Value::Array(vec![value.clone()]));
            }
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
        }
        ("minimum" | "maximum", _) if exclusive_flag(object, keyword) => {}
        ("nullable", _) if dialect == Dialect::OpenApi30 => {}
        // Swagger 2.0's file upload: a binary string.
        ("type", Value::String(t)) if t == "file" => {
            out.insert("type".into(), "string".into());
            out.insert("format".into(), "binary".into());
        }
        _ => return false,
    }
    true
}

/// The constraints left out stay, as words in the description, for the model to follow.
fn describe_left_out_patterns(out: &mut Map<String, Value>, deferred: &Deferred<'_>) {
    let mut notes = Vec::new();
    if let Some(pattern) = deferred.untranslatable_pattern {
        notes.push(format!(
            "{PATTERN_NOTE}`{pattern}` (not checked: not an ECMA-262 pattern)."
        ));
    }
    if !deferred.dropped_pattern_properties.is_empty() {
        // Properties the dropped entries matched must not fall to these instead.
        out.remove("additionalProperties");
        out.remove("unevaluatedProperties");
        let patterns: Vec<String> = deferred
            .dropped_pattern_properties
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
}

/// The `required` list with the properties that said `required: true` themselves, and
/// without those left out for the mode (gone when nothing is left).
fn settle_required(out: &mut Map<String, Value>, deferred: &Deferred<'_>) {
    if !deferred.required_by_property.is_empty() {
        let required = out
            .entry("required")
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(required) = required {
            for &name in &deferred.required_by_property {
                if !required.iter().any(|r| r == name) {
                    required.push(name.into());
                }
            }
        }
    }
    if !deferred.dropped_properties.is_empty() {
        if let Some(Value::Array(required)) = out.get_mut("required") {
            required.retain(|r| !deferred.dropped_properties.iter().any(|d| r == *d));
            if required.is_empty() {
                out.remove("required");
            }
        }
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

/// Whether `number` is greater than zero, read from its exact text.
fn is_positive(number: &serde_json::Number) -> bool {
    let text = number.to_string();
    let mantissa = text.split(['e', 'E']).next().unwrap_or_default();
    !text.starts_with('-') && mantissa.bytes().any(|b| (b'1'..=b'9').contains(&b))
}

/// `value` under `keyword` in `out`; the entries of a map that `dependencies` and
/// `dependentSchemas` (or `dependentRequired`) both give are kept together, the later
/// keyword's winning a name both give.
fn merge_into(out: &mut Map<String, Value>, keyword: &str, value: Value) {
    match (out.get_mut(keyword), value) {
        (Some(Value::Object(map)), Value::Object(more))
            if matches!(keyword, "dependentSchemas" | "dependentRequired") =>
        {
            map.extend(more);
        }
        (_, value) => {
            out.insert(keyword.to_string(), value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
