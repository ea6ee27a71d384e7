//! `--compact`: tools that cost a model less context and that it still fills correctly.
//! Examples and schema titles go, and a tool's title when its description begins with it;
//! every description, the tool's own included, is cut to its first sentence (for a tool,
//! the operation's summary where it has one); objects nested deeper than [`KEPT_LEVELS`]
//! levels of properties become `{"type": "object"}` with a description that says their
//! properties are not listed.
//! Nothing here changes what a call may send: the full `inputSchema` stays in the tool's
//! `_meta` ([`crate::tool::Meta::input_schema`]) and serve checks arguments against it,
//! so a model that guesses a left-out property wrong is told what is wrong.

use std::collections::BTreeMap;
use std::fmt;

use serde_json::{Map, Value};
use unicode_segmentation::UnicodeSegmentation;

use crate::schema::{SCHEMA_ARRAY_KEYWORDS, SCHEMA_KEYWORDS, SCHEMA_MAP_KEYWORDS};
use crate::text::counted;
use crate::tool::Tool;

/// Levels of `properties` kept below a tool's root: its arguments and their properties.
/// An object deeper than that is listed without its properties.
pub const KEPT_LEVELS: usize = 2;

/// What a reduced object's description ends with.
pub const LEFT_OUT: &str =
    "Its properties are not listed here; a wrong value is refused with the reason.";

/// The marker convert puts before a deprecated operation's description.
pub const DEPRECATED: &str = "DEPRECATED.";

/// What compaction left out of a tool, or of many.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cuts {
    /// `examples` (and OpenAPI's `example`) left out.
    pub examples: usize,
    /// Titles left out: of schemas, and of tools whose description begins with theirs.
    pub titles: usize,
    /// Descriptions cut to their first sentence (the tool's own counts too).
    pub descriptions: usize,
    /// Objects listed without their properties.
    pub objects: usize,
    /// The tokens ([`crate::tokens::count`]) the tools took before and take after.
    pub tokens_before: usize,
    /// The tokens the tools take after compaction.
    pub tokens_after: usize,
}

impl Cuts {
    /// Nothing was left out.
    pub fn is_empty(&self) -> bool {
        self.examples + self.titles + self.descriptions + self.objects == 0
    }

    /// Adds `other`'s counts to these.
    pub fn add(&mut self, other: Cuts) {
        self.examples += other.examples;
        self.titles += other.titles;
        self.descriptions += other.descriptions;
        self.objects += other.objects;
        self.tokens_before += other.tokens_before;
        self.tokens_after += other.tokens_after;
    }
}

impl fmt::Display for Cuts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} -> {} tokens: {} and {} left out, {} cut to a sentence, {} listed without properties",
            self.tokens_before,
            self.tokens_after,
            counted(self.examples, "example"),
            counted(self.titles, "title"),
            counted(self.descriptions, "description"),
            counted(self.objects, "nested object")
        )
    }
}

/// Makes `tool` compact, keeping its full `inputSchema` in `_meta` for serve. A tool
/// compacted before is compacted again from the full schema it carries, to the same result.
///
/// Every schema that comes out admits at least what the full one admits (`reduced` only
/// loosens, and never under a keyword that a looser subschema would make stricter), so a
/// client that checks arguments or results against the listed schemas refuses nothing the
/// API takes or gives.
pub fn compact(tool: &mut Tool) -> Cuts {
    let mut cuts = Cuts {
        tokens_before: crate::tokens::count(tool),
        ..Cuts::default()
    };
    // Clients show a title to people; the model reads the description, which has it.
    let in_description = |title: &String| {
        tool.description.as_deref().is_some_and(|d| {
            d.trim_start_matches(DEPRECATED)
                .trim_start()
                .starts_with(title.as_str())
        })
    };
    if tool.title.as_ref().is_some_and(in_description) {
        tool.title = None;
        cuts.titles += 1;
    }
    if let Some(text) = &tool.description {
        let short = description(text);
        if short != *text {
            cuts.descriptions += 1;
            tool.description = Some(short);
        }
    }
    let full = tool.meta.input_schema.take().or(tool.input_schema.take());
    if let Some(full) = full {
        let smaller = schema(&full, &mut cuts);
        if smaller != full {
            tool.meta.input_schema = Some(full);
        }
        tool.input_schema = Some(smaller);
    }
    if let Some(output) = &tool.output_schema {
        tool.output_schema = Some(schema(output, &mut cuts));
    }
    cuts.tokens_after = crate::tokens::count(tool);
    cuts
}

/// A tool's description: its first sentence (the summary, where the operation has one),
/// after the deprecation marker.
fn description(text: &str) -> String {
    match text.strip_prefix(DEPRECATED) {
        Some(rest) if !rest.trim().is_empty() => {
            format!("{DEPRECATED} {}", first_sentence(rest))
        }
        _ => first_sentence(text).to_string(),
    }
}

/// The first sentence of `text`'s first paragraph by Unicode's sentence boundaries
/// (UAX #29), which keep "e.g. this" and "v1.2" whole; a single line break inside the
/// paragraph is a space (descriptions are often wrapped).
pub fn first_sentence(text: &str) -> String {
    let paragraph = text.trim().split("\n\n").next().unwrap_or_default();
    let joined = paragraph.split_whitespace().collect::<Vec<_>>().join(" ");
    joined
        .split_sentence_bounds()
        .next()
        .map_or(String::new(), |s| s.trim_end().to_string())
}

/// The schema, compact. An entry of the root's `$defs` (or, as the vscode profile writes
/// them, `definitions`) still referred to is kept, compacted at the shallowest level a
/// reference to it stands at.
fn schema(root: &Value, cuts: &mut Cuts) -> Value {
    let defs_key = ["$defs", "definitions"]
        .into_iter()
        .find(|key| root.get(key).is_some_and(Value::is_object));
    let defs = defs_key.and_then(|key| root.get(key)?.as_object());
    let mut walker = Walker {
        defs,
        prefix: defs_key.map(|key| format!("#/{key}/")),
        cuts: Cuts::default(),
        reached: BTreeMap::new(),
    };
    let mut out = walker.walk(root, Place::ROOT);
    cuts.add(std::mem::take(&mut walker.cuts));
    let (Some(defs), Some(defs_key)) = (defs, defs_key) else {
        return out;
    };
    // Each entry where it is reached: at the shallowest level, and kept exact if any
    // reference needs it exact. Walked again when a reference asks for more, until none
    // does (levels only fall and exactness only turns on). An entry walked again counts
    // only what its last walk left out.
    let mut done: BTreeMap<String, (Place, Value, Cuts)> = BTreeMap::new();
    loop {
        let next = walker
            .reached
            .iter()
            .find(|(name, place)| done.get(*name).is_none_or(|(walked, ..)| walked != *place));
        let Some((name, &place)) = next else { break };
        let name = name.clone();
        let compacted = walker.walk(defs.get(&name).unwrap_or(&Value::Null), place);
        done.insert(name, (place, compacted, std::mem::take(&mut walker.cuts)));
    }
    let object = out
        .as_object_mut()
        .expect("a schema with $defs is an object");
    object.remove(defs_key);
    // In the order the full schema has them (a reference to no entry keeps none).
    let kept: Map<String, Value> = defs
        .keys()
        .filter_map(|name| {
            let (_, compacted, def_cuts) = done.remove(name)?;
            cuts.add(def_cuts);
            Some((name.clone(), compacted))
        })
        .collect();
    if !kept.is_empty() {
        object.insert(defs_key.into(), Value::Object(kept));
    }
    out
}

/// Where a subschema stands: how many levels of `properties` below the root, and whether
/// it must stay exact. Under `not`, `if`, `oneOf` and `contains` a looser subschema can make
/// the whole stricter (two `oneOf` branches both matching fail it), so nothing below them
/// is reduced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Place {
    level: usize,
    exact: bool,
}

impl Place {
    const ROOT: Place = Place {
        level: 0,
        exact: false,
    };

    /// The place of a subschema reached through a reference from here and from `other`:
    /// the shallower level, exact if either is.
    fn merge(self, other: Place) -> Place {
        Place {
            level: self.level.min(other.level),
            exact: self.exact || other.exact,
        }
    }
}

/// Keywords under which a looser subschema may make the schema stricter.
const EXACT_KEYWORDS: [&str; 4] = ["not", "if", "oneOf", "contains"];

/// Walks a tool's schema, counting what it leaves out.
struct Walker<'s> {
    /// The root's `$defs` (or `definitions`), which `$ref`s name.
    defs: Option<&'s Map<String, Value>>,
    /// How a reference to one of them starts: `#/$defs/`.
    prefix: Option<String>,
    cuts: Cuts,
    /// Each entry still referred to, with where it is needed.
    reached: BTreeMap<String, Place>,
}

impl Walker<'_> {
    /// The entry of the root's `$defs` that `object` refers to, by name.
    fn reference<'o>(&self, object: &'o Map<String, Value>) -> Option<&'o str> {
        let reference = object.get("$ref")?.as_str()?;
        reference.strip_prefix(self.prefix.as_deref()?)
    }

    /// One schema, compact.
    fn walk(&mut self, value: &Value, place: Place) -> Value {
        let Some(object) = value.as_object() else {
            return value.clone();
        };
        if place.level > KEPT_LEVELS && !place.exact {
            let target = self
                .reference(object)
                .and_then(|name| self.defs?.get(name)?.as_object());
            if let Some(reduced) = reduced(object, target) {
                self.cuts.objects += 1;
                return reduced;
            }
        }
        if let Some(name) = self.reference(object) {
            let at = self.reached.entry(name.to_string()).or_insert(place);
            *at = at.merge(place);
        }
        let mut out = Map::with_capacity(object.len());
        for (keyword, child) in object {
            let below = Place {
                exact: place.exact || EXACT_KEYWORDS.contains(&keyword.as_str()),
                ..place
            };
            let compacted = match keyword.as_str() {
                "examples" | "example" => {
                    self.cuts.examples += 1;
                    continue;
                }
                "title" if child.is_string() => {
                    self.cuts.titles += 1;
                    continue;
                }
                // At the root, compacted by `schema` once the rest is.
                "$defs" | "definitions" if place.level == 0 => child.clone(),
                "description" => match child.as_str() {
                    // A reduced object's note stays whole when a tool is compacted again.
                    Some(text) if text.ends_with(LEFT_OUT) => child.clone(),
                    Some(text) => {
                        let first = first_sentence(text);
                        if first != text {
                            self.cuts.descriptions += 1;
                        }
                        Value::String(first)
                    }
                    None => child.clone(),
                },
                "properties" => self.map(
                    child,
                    Place {
                        level: place.level + 1,
                        ..below
                    },
                ),
                k if SCHEMA_MAP_KEYWORDS.contains(&k) => self.map(child, below),
                k if SCHEMA_KEYWORDS.contains(&k) => self.walk(child, below),
                k if SCHEMA_ARRAY_KEYWORDS.contains(&k) => match child.as_array() {
                    Some(items) => items.iter().map(|item| self.walk(item, below)).collect(),
                    None => child.clone(),
                },
                _ => child.clone(),
            };
            out.insert(keyword.clone(), compacted);
        }
        Value::Object(out)
    }

    fn map(&mut self, value: &Value, place: Place) -> Value {
        match value.as_object() {
            Some(entries) => entries
                .iter()
                .map(|(name, schema)| (name.clone(), self.walk(schema, place)))
                .collect::<Map<_, _>>()
                .into(),
            None => value.clone(),
        }
    }
}

/// An object schema with structure below it (properties, composition, or a reference to
/// `target`, which it stands for), as its `type` and a description that says its
/// properties are not listed; `None` for anything else. What comes out admits every value
/// the schema admits: no `type` when it had none.
fn reduced(object: &Map<String, Value>, target: Option<&Map<String, Value>>) -> Option<Value> {
    let described = target.unwrap_or(object);
    let is_object = |o: &Map<String, Value>| match o.get("type") {
        Some(Value::String(t)) => t == "object",
        Some(Value::Array(types)) => types.iter().any(|t| t == "object"),
        _ => o.contains_key("properties"),
    };
    // A map (`additionalProperties` only) keeps its shape: what its values hold is
    // reduced where it is deep enough.
    let has_structure = ["properties", "patternProperties", "allOf", "anyOf", "oneOf"]
        .iter()
        .any(|k| described.contains_key(*k))
        || target.is_some();
    // A reference with siblings is checked against both: leave it whole.
    let only_reference =
        target.is_none() || object.keys().all(|k| k == "$ref" || k == "description");
    if !is_object(described) || !has_structure || !only_reference {
        return None;
    }
    let mut out = Map::new();
    if let Some(kind) = described.get("type") {
        out.insert("type".into(), kind.clone());
    }
    let own_words = object
        .get("description")
        .or(described.get("description"))
        .and_then(Value::as_str)
        .map(first_sentence)
        .filter(|s| !s.is_empty());
    let text = match own_words {
        Some(words) => format!("{words} {LEFT_OUT}"),
        None => LEFT_OUT.to_string(),
    };
    out.insert("description".into(), text.into());
    Some(Value::Object(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn descriptions_keep_their_first_sentence() {
        assert_eq!(
            first_sentence("The number of results per page (max 100). For more, see the docs."),
            "The number of results per page (max 100)."
        );
        assert_eq!(
            first_sentence("Use e.g. `v1.2` here. Or not."),
            "Use e.g. `v1.2` here."
        );
        assert_eq!(
            first_sentence("Returns the list of\npets. Sorted.\n\nMore."),
            "Returns the list of pets."
        );
        assert_eq!(first_sentence(""), "");
        assert_eq!(
            description("Star a gist\n\nNote that you need this. And that."),
            "Star a gist"
        );
        assert_eq!(
            description("DEPRECATED. Get a pet\n\nIt is gone."),
            "DEPRECATED. Get a pet"
        );
        assert_eq!(description("DEPRECATED."), "DEPRECATED.");
    }

    #[test]
    fn deep_objects_lose_their_properties_and_the_full_schema_stays_in_meta() {
        let deep = json!({"type": "object", "description": "The pod's volumes. Many.",
                          "properties": {"name": {"type": "string"}}});
        let input = json!({"type": "object", "properties": {
            "spec": {"type": "object", "description": "The spec. Long story.",
                     "properties": {"volume": {"type": "object", "properties": {"inner": deep}},
                                    "count": {"type": "integer", "examples": [3]}}},
        }});
        let mut tool = Tool::new("put_pod", input.clone());
        let cuts = compact(&mut tool);
        assert_eq!(
            tool.input_schema.unwrap(),
            json!({"type": "object", "properties": {
                "spec": {"type": "object", "description": "The spec.",
                         "properties": {"volume": {"type": "object", "properties": {"inner": {
                             "type": "object",
                             "description": format!("The pod's volumes. {LEFT_OUT}")}}},
                                        "count": {"type": "integer"}}},
            }})
        );
        assert_eq!((cuts.examples, cuts.descriptions, cuts.objects), (1, 1, 1));
        assert!(cuts.tokens_after < cuts.tokens_before);
        assert_eq!(tool.meta.input_schema, Some(input));
    }

    #[test]
    fn defs_still_referred_to_stay_at_their_shallowest_level_and_a_deep_reference_is_reduced() {
        let input = json!({"type": "object", "properties": {
            "b": {"type": "object", "properties": {
                "m": {"$ref": "#/$defs/Node"},
                "c": {"type": "object", "properties": {"d": {"$ref": "#/$defs/Gone"}}}}},
            "a": {"$ref": "#/$defs/Node"},
        }, "$defs": {
            "Gone": {"type": "object", "description": "Unused now.", "properties": {"x": {}}},
            "Node": {"type": "object", "properties": {
                "next": {"$ref": "#/$defs/Node"},
                "deep": {"type": "object", "properties": {"x": {"type": "object",
                    "properties": {"y": {}}}}}}},
        }});
        let mut tool = Tool::new("t", input);
        let cuts = compact(&mut tool);
        let schema = tool.input_schema.unwrap();
        assert_eq!(
            schema["$defs"],
            json!({"Node": {"type": "object", "properties": {
                "next": {"$ref": "#/$defs/Node"},
                "deep": {"type": "object", "properties": {"x": {
                    "type": "object", "description": LEFT_OUT}}}}}}),
            "Node is walked where `a` refers to it, one level up from `m`; Gone is not reached"
        );
        assert_eq!(
            schema["properties"]["b"]["properties"]["c"]["properties"]["d"],
            json!({"type": "object", "description": format!("Unused now. {LEFT_OUT}")})
        );
        assert_eq!(
            cuts.objects, 2,
            "each counted once, though Node is walked twice"
        );
    }

    #[test]
    fn a_compact_tool_compacts_to_itself_and_keeps_its_full_schema() {
        let deep = json!({"type": "object", "description": "Deep. Really.",
                          "properties": {"x": {"type": "string"}}});
        let input = json!({"type": "object", "properties": {"q": {"type": "string",
            "description": "Query. Long.", "example": "x"},
            "a": {"type": "object", "properties": {"b": {"type": "object",
                "properties": {"deep": deep}}}}}});
        let mut tool = Tool::new("t", input.clone());
        compact(&mut tool);
        let once = tool.clone();
        compact(&mut tool);
        assert_eq!(tool, once);
        assert_eq!(tool.meta.input_schema, Some(input));
        assert_eq!(
            tool.input_schema.unwrap()["properties"]["a"]["properties"]["b"]["properties"]["deep"]
                ["description"],
            format!("Deep. {LEFT_OUT}")
        );
    }

    /// Whatever it cuts, a compact schema admits every value the full one admits.
    #[test]
    fn compact_schemas_only_loosen() {
        let object = |n: &str| json!({"type": "object", "required": [n], "properties": {n: {"type": "string"}}});
        let deep = |schema: Value| {
            json!({"type": "object", "properties": {"a": {"type": "object",
            "properties": {"b": {"type": "object", "properties": {"c": schema}}}}}})
        };
        let cases = [
            // Two oneOf branches reduced alike would both match every object.
            (
                deep(json!({"oneOf": [object("x"), object("y")]})),
                json!({"x": "1"}),
            ),
            // A looser subschema under `not` refuses more.
            (
                deep(json!({"not": {"type": "object", "properties": {"k": object("z")}}})),
                json!({"k": {}}),
            ),
            // No `type` is added where the spec gave none.
            (deep(json!({"properties": {"x": object("x")}})), json!(null)),
        ];
        for (full, value) in cases {
            let mut tool = Tool::new("t", full.clone());
            compact(&mut tool);
            let listed = tool.input_schema.unwrap();
            let instance = json!({"a": {"b": {"c": value}}});
            assert!(jsonschema::is_valid(&full, &instance), "{full}");
            assert!(jsonschema::is_valid(&listed, &instance), "{listed}");
        }
    }

    #[test]
    fn the_vscode_profiles_definitions_are_compacted_too() {
        let input = json!({"type": "object", "properties": {"a": {"type": "object", "properties": {
            "b": {"type": "object", "properties": {"c": {"$ref": "#/definitions/Node"}}}}}},
            "definitions": {"Node": {"type": "object", "properties": {"next": {"$ref": "#/definitions/Node"}}}}});
        let mut tool = Tool::new("t", input);
        compact(&mut tool);
        let listed = tool.input_schema.unwrap();
        assert!(listed.get("definitions").is_none(), "{listed}");
        assert_eq!(
            listed["properties"]["a"]["properties"]["b"]["properties"]["c"],
            json!({"type": "object", "description": LEFT_OUT})
        );
    }
}
