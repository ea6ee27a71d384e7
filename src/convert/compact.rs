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
    pub tokens_after: usize,
}

impl Cuts {
    /// Nothing was left out.
    pub fn is_empty(&self) -> bool {
        self.examples + self.titles + self.descriptions + self.objects == 0
    }

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
            "{} -> {} tokens: {} example(s) and {} title(s) left out, {} description(s) cut to a sentence, {} nested object(s) listed without their properties",
            self.tokens_before,
            self.tokens_after,
            self.examples,
            self.titles,
            self.descriptions,
            self.objects
        )
    }
}

/// Makes `tool` compact, keeping its full `inputSchema` in `_meta` for serve. A tool
/// compacted before keeps the full schema it already carries.
pub fn compact(tool: &mut Tool) -> Cuts {
    let mut cuts = Cuts {
        tokens_before: crate::tokens::count(tool),
        ..Cuts::default()
    };
    // Clients show a title to people; the model reads the description, which has it.
    let said = |title: &String| {
        tool.description.as_deref().is_some_and(|d| {
            d.trim_start_matches(DEPRECATED)
                .trim_start()
                .starts_with(title.as_str())
        })
    };
    if tool.title.as_ref().is_some_and(said) {
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
    if let Some(input) = &tool.input_schema {
        let smaller = schema(input, &mut cuts);
        if smaller != *input {
            let full = tool.input_schema.replace(smaller);
            tool.meta.input_schema = tool.meta.input_schema.take().or(full);
        }
    }
    if let Some(output) = &tool.output_schema {
        // Results are checked against the listed outputSchema; a looser one admits as
        // much as the full one did.
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

/// The first sentence of `text` by Unicode's sentence boundaries (UAX #29), which keep
/// "e.g. this" and "v1.2" whole; a line break ends a sentence too.
pub fn first_sentence(text: &str) -> &str {
    let text = text.trim();
    text.split_sentence_bounds()
        .next()
        .map_or(text, str::trim_end)
}

/// The schema, compact. A `$defs` entry still referred to is kept, compacted at the
/// shallowest level a reference to it stands at.
fn schema(root: &Value, cuts: &mut Cuts) -> Value {
    let defs = root.get("$defs").and_then(Value::as_object);
    let mut walker = Walker {
        defs,
        cuts: Cuts::default(),
        reached: BTreeMap::new(),
    };
    let mut out = walker.walk(root, 0);
    cuts.add(std::mem::take(&mut walker.cuts));
    let Some(defs) = defs else {
        return out;
    };
    // Each entry at the shallowest level it is reached at, until walking them finds no
    // shallower reference (levels only fall, and stop at 0). An entry walked again counts
    // only what its last walk left out.
    let mut done: BTreeMap<String, (usize, Value, Cuts)> = BTreeMap::new();
    loop {
        let next = walker
            .reached
            .iter()
            .find(|(name, level)| done.get(*name).is_none_or(|(walked, ..)| walked > *level));
        let Some((name, &level)) = next else { break };
        let name = name.clone();
        let compacted = walker.walk(defs.get(&name).unwrap_or(&Value::Null), level);
        done.insert(name, (level, compacted, std::mem::take(&mut walker.cuts)));
    }
    let object = out
        .as_object_mut()
        .expect("a schema with $defs is an object");
    object.remove("$defs");
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
        object.insert("$defs".into(), Value::Object(kept));
    }
    out
}

/// Walks a tool's schema, counting what it leaves out.
struct Walker<'s> {
    /// The root's `$defs`, which `$ref`s name.
    defs: Option<&'s Map<String, Value>>,
    cuts: Cuts,
    /// Each `$defs` entry still referred to, with the shallowest level it is referred from.
    reached: BTreeMap<String, usize>,
}

impl Walker<'_> {
    /// One schema, compact, at `level` levels of `properties` below the root.
    fn walk(&mut self, value: &Value, level: usize) -> Value {
        let Some(object) = value.as_object() else {
            return value.clone();
        };
        if level > KEPT_LEVELS {
            if let Some(reduced) = reduced(object, self.defs) {
                self.cuts.objects += 1;
                return reduced;
            }
        }
        if let Some(name) = object
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| r.strip_prefix("#/$defs/"))
        {
            let at = self.reached.entry(name.to_string()).or_insert(level);
            *at = (*at).min(level);
        }
        let mut out = Map::with_capacity(object.len());
        for (keyword, child) in object {
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
                "$defs" if level == 0 => child.clone(),
                "description" => match child.as_str() {
                    Some(text) => {
                        let first = first_sentence(text);
                        if first != text {
                            self.cuts.descriptions += 1;
                        }
                        Value::String(first.to_string())
                    }
                    None => child.clone(),
                },
                "properties" => self.map(child, level + 1),
                k if SCHEMA_MAP_KEYWORDS.contains(&k) => self.map(child, level),
                k if SCHEMA_KEYWORDS.contains(&k) => self.walk(child, level),
                k if SCHEMA_ARRAY_KEYWORDS.contains(&k) => match child.as_array() {
                    Some(items) => items.iter().map(|item| self.walk(item, level)).collect(),
                    None => child.clone(),
                },
                _ => child.clone(),
            };
            out.insert(keyword.clone(), compacted);
        }
        Value::Object(out)
    }

    fn map(&mut self, value: &Value, level: usize) -> Value {
        match value.as_object() {
            Some(entries) => entries
                .iter()
                .map(|(name, schema)| (name.clone(), self.walk(schema, level)))
                .collect::<Map<_, _>>()
                .into(),
            None => value.clone(),
        }
    }
}

/// An object schema with structure below it (properties, or the parts of a `$ref` or
/// composition), as `{"type": "object"}` and a description that says what is left out;
/// `None` for anything else.
fn reduced(object: &Map<String, Value>, defs: Option<&Map<String, Value>>) -> Option<Value> {
    // A reference to a `$defs` entry stands for that entry.
    let target = object
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| r.strip_prefix("#/$defs/"))
        .and_then(|name| defs?.get(name)?.as_object());
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
    if !is_object(described) || !has_structure {
        return None;
    }
    let mut out = Map::new();
    out.insert(
        "type".into(),
        described.get("type").cloned().unwrap_or("object".into()),
    );
    let said = object
        .get("description")
        .or(described.get("description"))
        .and_then(Value::as_str)
        .map(first_sentence)
        .filter(|s| !s.is_empty());
    let text = match said {
        Some(said) => format!("{said} {LEFT_OUT}"),
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
        assert_eq!(first_sentence("One line\nand another"), "One line");
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
        let input = json!({"type": "object", "properties": {"q": {"type": "string",
            "description": "Query. Long.", "example": "x"}}});
        let mut tool = Tool::new("t", input.clone());
        compact(&mut tool);
        let once = tool.clone();
        assert!(compact(&mut tool).is_empty());
        assert_eq!(tool, once);
        assert_eq!(tool.meta.input_schema, Some(input));
    }
}
