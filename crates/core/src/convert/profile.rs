//! Client profiles (`--client`): what each MCP client is documented to accept, applied to
//! names and schemas by convert and checked by lint. Sources are in docs/configuration.md.

use serde_json::{json, Map, Value};

/// An MCP client whose limits the output must fit.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum ClientProfile {
    /// Claude (Anthropic): names ^[a-zA-Z0-9_-]{1,64}$, no top-level composition. Also
    /// taken as `claude-desktop` and `claude-code`, the names `client-config` takes.
    #[default]
    #[cfg_attr(
        feature = "clap",
        value(alias = "claude-desktop", alias = "claude-code")
    )]
    #[serde(alias = "claude-desktop", alias = "claude-code")]
    Claude,
    /// OpenAI: the same rules as Claude.
    Openai,
    /// Cursor: as Claude, and server name plus tool name under 60 characters.
    Cursor,
    /// Gemini: the OpenAPI 3.0 schema subset, no $ref or $defs.
    Gemini,
    /// VS Code: every inputSchema valid under JSON Schema draft-07.
    Vscode,
    /// The MCP specification alone: names ^[A-Za-z0-9_.-]{1,128}$.
    Mcp,
}

/// Cursor filters out a tool whose server name and tool name together reach 60 characters.
const CURSOR_COMBINED: usize = 60;

/// The longest property name clients take.
pub const PROPERTY_NAME_MAX: usize = 64;

/// How deep Gemini's inlined copies of a recursive schema go.
pub const GEMINI_RECURSION_DEPTH: usize = 3;

/// How many schemas deep Gemini's inlined copy of a tool schema goes: a long chain of
/// schemas each holding the next, inlined whole, would nest past what any reader's stack
/// takes, and past the 128 JSON levels a manifest may hold to be read back. The deepest
/// in the shared corpus's converted tools is 14.
pub const GEMINI_SCHEMA_DEPTH: usize = 32;

/// The most schema objects Gemini's inlined copy of one tool schema may hold. Gemini takes
/// no `$ref`, so every use of a shared schema is a copy: a schema that uses the one below
/// it several times, level after level, grows exponentially when inlined.
pub const GEMINI_SCHEMA_BUDGET: usize = 100_000;

/// The keywords Gemini's function declarations accept (its OpenAPI 3.0 `Schema` subset).
const GEMINI_KEYWORDS: [&str; 22] = [
    "type",
    "format",
    "title",
    "description",
    "nullable",
    "enum",
    "maxItems",
    "minItems",
    "properties",
    "required",
    "minProperties",
    "maxProperties",
    "minLength",
    "maxLength",
    "pattern",
    "example",
    "anyOf",
    "propertyOrdering",
    "default",
    "items",
    "minimum",
    "maximum",
];

impl ClientProfile {
    /// How many tools the client takes from a server, its name, and what it does past that;
    /// none where no limit is known.
    pub fn tool_limit(self) -> Option<(usize, &'static str, &'static str)> {
        match self {
            ClientProfile::Vscode => Some((128, "VS Code", "refuses a request with more")),
            ClientProfile::Openai => Some((128, "the OpenAI API", "refuses a request with more")),
            ClientProfile::Cursor => {
                Some((80, "Cursor", "warns above that and may leave tools out"))
            }
            _ => None,
        }
    }

    /// The longest tool name the client takes.
    pub fn name_max(self, server_name: Option<&str>) -> Result<usize, String> {
        match self {
            ClientProfile::Claude
            | ClientProfile::Openai
            | ClientProfile::Gemini
            | ClientProfile::Vscode => Ok(64),
            ClientProfile::Mcp => Ok(128),
            ClientProfile::Cursor => {
                let server = server_name.ok_or("--client cursor needs --server-name NAME: Cursor refuses a tool whose name and its server's together pass 60 characters")?;
                (CURSOR_COMBINED - 1)
                    .checked_sub(server.len())
                    .filter(|n| *n >= 16)
                    .ok_or_else(|| format!("--server-name '{server}' leaves fewer than 16 characters for tool names: Cursor refuses a tool whose name and its server's together pass {CURSOR_COMBINED} characters"))
            }
        }
    }

    /// `name` as a name for a tool's parameter (a top-level property of its input schema)
    /// that the client accepts, at most 64 characters. The MCP rule is
    /// `^[A-Za-z0-9_.-]{1,64}$`; Gemini's function declarations also forbid `-` and `.` and a
    /// leading digit.
    pub fn property_name(self, name: &str) -> String {
        let gemini = self == ClientProfile::Gemini;
        let mut clean = String::new();
        if gemini && name.starts_with(|c: char| c.is_ascii_digit()) {
            clean.push('_');
        }
        clean.extend(
            name.chars()
                .map(|c| match crate::schema::name_safe(c) {
                    '-' | '.' if gemini => '_',
                    c => c,
                })
                .take(PROPERTY_NAME_MAX - clean.len()),
        );
        if clean.is_empty() {
            clean.push_str("param");
        }
        clean
    }

    /// A tool's schema reshaped for the client. The error names the `$defs` entry whose
    /// inlined copies passed [`GEMINI_SCHEMA_BUDGET`].
    pub fn shape(self, schema: Value) -> Result<Value, TooLarge> {
        match self {
            ClientProfile::Gemini => {
                let defs = schema.get("$defs").cloned().unwrap_or(Value::Null);
                let mut gemini = Gemini {
                    defs: &defs,
                    path: Vec::new(),
                    budget: GEMINI_SCHEMA_BUDGET,
                    depth: 0,
                };
                gemini.schema(&schema)
            }
            ClientProfile::Vscode => Ok(draft07(schema)),
            _ => Ok(schema),
        }
    }

    /// What in a tool the client would reject, in words.
    pub fn rejections(
        self,
        name: &str,
        schema: Option<&Value>,
        server_name: Option<&str>,
    ) -> Vec<String> {
        let mut out = Vec::new();
        let name_max = self.name_max(server_name).unwrap_or(64);
        let dots = self == ClientProfile::Mcp;
        let name_ok = !name.is_empty()
            && name.len() <= name_max
            && name.bytes().all(|b| {
                b.is_ascii_alphanumeric() || b == b'_' || b == b'-' || (dots && b == b'.')
            });
        if !name_ok {
            out.push(format!("the name '{name}' breaks the {self:?} rule (at most {name_max} of the allowed characters)"));
        }
        let Some(schema) = schema else {
            return out;
        };
        match self {
            ClientProfile::Gemini => {
                let parameters = schema.get("properties").and_then(Value::as_object);
                for name in parameters.into_iter().flat_map(|p| p.keys()) {
                    if self.property_name(name) != *name {
                        out.push(format!("Gemini rejects the parameter name '{name}' (it must match ^[A-Za-z_][A-Za-z0-9_]*$)"));
                    }
                }
                let mut stack = vec![schema];
                while let Some(node) = stack.pop() {
                    let Some(object) = node.as_object() else {
                        continue;
                    };
                    for (key, value) in object {
                        if !GEMINI_KEYWORDS.contains(&key.as_str()) {
                            out.push(format!("Gemini rejects the keyword '{key}'"));
                        }
                        if key == "enum"
                            && !value
                                .as_array()
                                .is_some_and(|v| v.iter().all(Value::is_string))
                        {
                            out.push("Gemini's enum holds strings only".into());
                        }
                        match key.as_str() {
                            "properties" => {
                                stack.extend(value.as_object().into_iter().flat_map(|m| m.values()))
                            }
                            "items" => stack.push(value),
                            "anyOf" => stack.extend(value.as_array().into_iter().flatten()),
                            _ => {}
                        }
                    }
                }
            }
            ClientProfile::Vscode if !jsonschema::draft7::meta::is_valid(schema) => {
                out.push(
                    "VS Code omits a tool whose inputSchema is not valid JSON Schema draft-07"
                        .into(),
                );
            }
            ClientProfile::Vscode
                if crate::schema::references(schema)
                    .iter()
                    .any(|r| r.starts_with("#/$defs/")) =>
            {
                out.push("VS Code (draft-07) does not resolve $ref into $defs".into());
            }
            _ => {}
        }
        out.dedup();
        out
    }
}

/// A tool's schema grew past [`GEMINI_SCHEMA_BUDGET`] as Gemini needs it: inlined.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooLarge {
    /// The `$defs` entry being inlined when the budget ran out.
    pub def: Option<String>,
}

/// Inlining for Gemini: the `$defs` references name, the entries being inlined (innermost
/// last), and how many more schema objects may be written.
struct Gemini<'d> {
    defs: &'d Value,
    path: Vec<String>,
    budget: usize,
    /// How many schemas deep the copy being written is here.
    depth: usize,
}

impl Gemini<'_> {
    /// A schema in Gemini's subset: references inlined (a recursive one cut after
    /// [`GEMINI_RECURSION_DEPTH`] levels, with a note), type arrays as `nullable`, `const`
    /// as a one-value `enum`, `oneOf` as `anyOf`, `allOf` of objects merged, a tuple's
    /// members as the `items` choices, exclusive bounds noted in the description, and every
    /// other keyword dropped.
    fn schema(&mut self, schema: &Value) -> Result<Value, TooLarge> {
        self.budget = self.budget.checked_sub(1).ok_or_else(|| TooLarge {
            def: self.path.last().cloned(),
        })?;
        // A reference is no level of its own: its target is.
        let level = usize::from(schema.get("$ref").is_none());
        // Cut as a recursion is: an array without its `items` would be refused.
        if level == 1 && self.depth == GEMINI_SCHEMA_DEPTH {
            return Ok(json!({
                "type": "object",
                "description": format!("(not expanded: nested more than {GEMINI_SCHEMA_DEPTH} schemas deep)"),
            }));
        }
        self.depth += level;
        let result = self.schema_within(schema);
        self.depth -= level;
        result
    }

    fn schema_within(&mut self, schema: &Value) -> Result<Value, TooLarge> {
        let Some(object) = schema.as_object() else {
            return Ok(json!({}));
        };
        if let Some(Value::String(reference)) = object.get("$ref") {
            let name = reference.strip_prefix("#/$defs/").unwrap_or(reference);
            if let Some(cut) = self.cut_here(name) {
                return Ok(cut);
            }
            return match self.defs.get(name) {
                Some(target) => self.inlined(name, target),
                None => Ok(cut(name, "not found")),
            };
        }
        let merged;
        let object = match object.get("allOf").and_then(Value::as_array) {
            Some(parts) => {
                // Merging follows references too, so it counts as a level of recursion.
                let followed = parts.iter().find_map(|p| p.get("$ref")?.as_str());
                let name = followed.map(|r| r.strip_prefix("#/$defs/").unwrap_or(r));
                if let Some(cut) = name.and_then(|name| self.cut_here(name)) {
                    return Ok(cut);
                }
                merged = merge_all_of(object, parts, self.defs);
                if let Some(name) = name {
                    self.path.push(name.to_string());
                    let result = self.keywords(&merged);
                    self.path.pop();
                    return result;
                }
                &merged
            }
            None => object,
        };
        self.keywords(object)
    }

    /// What stands for `name` where it is inlined [`GEMINI_RECURSION_DEPTH`] times around
    /// this point already.
    fn cut_here(&self, name: &str) -> Option<Value> {
        let copies = self.path.iter().filter(|n| *n == name).count();
        let why = format!("recursive: not expanded deeper than {GEMINI_RECURSION_DEPTH} levels");
        (copies >= GEMINI_RECURSION_DEPTH).then(|| cut(name, &why))
    }

    fn inlined(&mut self, name: &str, target: &Value) -> Result<Value, TooLarge> {
        self.path.push(name.to_string());
        let result = self.schema(target);
        self.path.pop();
        result
    }

    /// The keywords of a schema object (its `allOf` merged) in Gemini's subset.
    fn keywords(&mut self, object: &Map<String, Value>) -> Result<Value, TooLarge> {
        let mut out = Map::new();
        let mut notes = Vec::new();
        for (key, value) in object {
            match key.as_str() {
                "type" => match value {
                    Value::Array(types) => {
                        let real: Vec<&Value> = types.iter().filter(|t| *t != "null").collect();
                        if real.len() == 1 {
                            out.insert("type".into(), real[0].clone());
                        }
                        if real.len() < types.len() {
                            out.insert("nullable".into(), true.into());
                        }
                    }
                    _ => {
                        out.insert(key.clone(), value.clone());
                    }
                },
                "const" => {
                    out.insert("enum".into(), Value::Array(vec![value.clone()]));
                }
                "oneOf" | "anyOf" => {
                    let options = self.each(value.as_array().into_iter().flatten())?;
                    out.insert("anyOf".into(), Value::Array(options));
                }
                "properties" => {
                    let mut properties = Map::new();
                    for (name, property) in value.as_object().into_iter().flatten() {
                        properties.insert(name.clone(), self.schema(property)?);
                    }
                    out.insert(key.clone(), Value::Object(properties));
                }
                "items" if value.is_object() => {
                    out.insert(key.clone(), self.schema(value)?);
                }
                // A tuple: each element is one of the tuple's schemas.
                "prefixItems" => {
                    let members = self.each(value.as_array().into_iter().flatten())?;
                    out.entry("items")
                        .or_insert_with(|| match members.as_slice() {
                            [one] => one.clone(),
                            _ => json!({ "anyOf": members }),
                        });
                }
                "exclusiveMinimum" | "exclusiveMaximum" if value.is_number() => {
                    let side = if key == "exclusiveMinimum" {
                        "greater"
                    } else {
                        "less"
                    };
                    notes.push(format!("must be {side} than {value}"));
                }
                _ if GEMINI_KEYWORDS.contains(&key.as_str()) && key != "items" => {
                    out.insert(key.clone(), value.clone());
                }
                _ => {}
            }
        }
        gemini_enum(&mut out, &mut notes);
        if !notes.is_empty() {
            let description = out
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string();
            let joined = notes.join("; ");
            let text = if description.is_empty() {
                joined
            } else {
                format!("{description} ({joined})")
            };
            out.insert("description".into(), text.into());
        }
        Ok(Value::Object(out))
    }

    fn each<'v>(
        &mut self,
        schemas: impl Iterator<Item = &'v Value>,
    ) -> Result<Vec<Value>, TooLarge> {
        schemas.map(|schema| self.schema(schema)).collect()
    }
}

/// Where Gemini's copy of a recursive schema stops.
fn cut(name: &str, why: &str) -> Value {
    json!({
        "type": "object",
        "description": format!("{name} ({why})"),
    })
}

/// `object` with the parts of its `allOf` merged in (their references followed once).
fn merge_all_of(object: &Map<String, Value>, parts: &[Value], defs: &Value) -> Map<String, Value> {
    let mut merged = object.clone();
    merged.remove("allOf");
    for part in parts {
        let part = resolve_for_merge(part, defs);
        for (key, value) in part.as_object().into_iter().flatten() {
            match (key.as_str(), merged.get_mut(key)) {
                ("properties", Some(Value::Object(properties))) => {
                    properties.extend(value.as_object().cloned().unwrap_or_default());
                }
                ("required", Some(Value::Array(required))) => {
                    for name in value.as_array().into_iter().flatten() {
                        if !required.contains(name) {
                            required.push(name.clone());
                        }
                    }
                }
                (_, None) => {
                    merged.insert(key.clone(), value.clone());
                }
                _ => {}
            }
        }
    }
    merged
}

/// Gemini's `enum` holds strings only. So `null` becomes `nullable`, a string schema's
/// values become strings, and any other value moves to the description, where the model
/// still reads it. (Gemini's documentation writes an integer enum as strings with
/// `format: enum`, but no argument could then pass the tool's own `inputSchema`, which
/// `serve` checks: an integer is not a string, nor `"60"` an integer.)
fn gemini_enum(out: &mut Map<String, Value>, notes: &mut Vec<String>) {
    let Some(Value::Array(mut values)) = out.remove("enum") else {
        return;
    };
    if values.contains(&Value::Null) {
        values.retain(|value| !value.is_null());
        out.insert("nullable".into(), true.into());
    }
    let written = |value: &Value| match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    };
    let strings = match out.get("type").and_then(Value::as_str) {
        _ if values.iter().all(Value::is_string) => values,
        Some("string") => values.iter().map(|v| written(v).into()).collect(),
        _ => {
            let listed: Vec<String> = values.iter().map(Value::to_string).collect();
            notes.push(match listed.as_slice() {
                [one] => format!("must be {one}"),
                _ => format!("one of: {}", listed.join(", ")),
            });
            Vec::new()
        }
    };
    if !strings.is_empty() {
        out.insert("enum".into(), Value::Array(strings));
    }
}

/// A part of an `allOf`, its reference followed once, for merging.
fn resolve_for_merge(part: &Value, defs: &Value) -> Value {
    match part.get("$ref").and_then(Value::as_str) {
        Some(reference) => {
            let name = reference.strip_prefix("#/$defs/").unwrap_or(reference);
            defs.get(name).cloned().unwrap_or(json!({}))
        }
        None => part.clone(),
    }
}

/// A 2020-12 schema as draft-07 says the same: `$defs` become `definitions` (and their
/// references follow), `prefixItems` become the tuple form of `items`, `dependentRequired`
/// and `dependentSchemas` one `dependencies`.
fn draft07(mut schema: Value) -> Value {
    if let Some(defs) = schema.as_object_mut().and_then(|o| o.remove("$defs")) {
        schema["definitions"] = defs;
    }
    let mut stack = vec![&mut schema];
    while let Some(node) = stack.pop() {
        match node {
            Value::Object(object) => {
                if let Some(Value::String(reference)) = object.get_mut("$ref") {
                    if let Some(name) = reference.strip_prefix("#/$defs/") {
                        *reference = format!("#/definitions/{name}");
                    }
                }
                if let Some(tuple) = object.remove("prefixItems") {
                    if let Some(rest) = object.remove("items") {
                        object.insert("additionalItems".into(), rest);
                    }
                    object.insert("items".into(), tuple);
                }
                for keyword in ["dependentRequired", "dependentSchemas"] {
                    if let Some(Value::Object(entries)) = object.remove(keyword) {
                        let all = object.entry("dependencies").or_insert_with(|| json!({}));
                        if let Some(all) = all.as_object_mut() {
                            all.extend(entries);
                        }
                    }
                }
                stack.extend(object.values_mut());
            }
            Value::Array(items) => stack.extend(items.iter_mut()),
            _ => {}
        }
    }
    schema
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A chain of schemas each holding the next, without recursion, is inlined only so
    /// deep: past that a reader's stack overflows.
    #[test]
    fn gemini_inlines_a_long_chain_to_a_bounded_depth() {
        let mut defs = serde_json::Map::new();
        for i in 0..1000 {
            let next = format!("#/$defs/S{}", i + 1);
            defs.insert(
                format!("S{i}"),
                json!({"type": "array", "items": {"$ref": next}}),
            );
        }
        defs.insert("S1000".into(), json!({"type": "string"}));
        let schema = json!({"type": "object", "properties": {"body": {"$ref": "#/$defs/S0"}}, "$defs": defs});
        let mut level = &ClientProfile::Gemini.shape(schema).unwrap();
        let mut depth = 0;
        while let Some(inner) = level
            .get("properties")
            .and_then(|p| p.get("body"))
            .or(level.get("items"))
        {
            level = inner;
            depth += 1;
        }
        assert_eq!(depth, GEMINI_SCHEMA_DEPTH);
        assert_eq!(
            level["description"],
            format!("(not expanded: nested more than {GEMINI_SCHEMA_DEPTH} schemas deep)")
        );
        assert_eq!(level["type"], "object");
    }

    /// A reference to no `$defs` entry (a manifest made by hand) is cut where it stands,
    /// saying so, as an object Gemini takes.
    #[test]
    fn gemini_cuts_a_reference_to_nothing_saying_so() {
        let schema = json!({"type": "object", "properties": {"pet": {"$ref": "#/$defs/Pet"}}});
        let shaped = ClientProfile::Gemini.shape(schema).unwrap();
        assert_eq!(
            shaped["properties"]["pet"],
            json!({"type": "object", "description": "Pet (not found)"})
        );
    }

    #[test]
    fn gemini_inlines_recursion_to_a_bounded_depth_and_keeps_its_subset() {
        let schema = json!({
            "type": "object",
            "properties": {
                "tree": {"$ref": "#/$defs/Tree"},
                "kind": {"const": "a"},
                "label": {"type": ["string", "null"], "exclusiveMinimum": 0, "propertyNames": {}},
                "choice": {"oneOf": [{"type": "string"}, {"type": "integer"}]}
            },
            "additionalProperties": false,
            "$defs": {"Tree": {"type": "object", "properties": {"child": {"$ref": "#/$defs/Tree"}}}}
        });
        let shaped = ClientProfile::Gemini.shape(schema).unwrap();
        assert!(
            ClientProfile::Gemini
                .rejections("t", Some(&shaped), None)
                .is_empty(),
            "{shaped}"
        );
        let deepest = &shaped["properties"]["tree"]["properties"]["child"]["properties"]["child"]
            ["properties"]["child"];
        assert_eq!(
            deepest["description"],
            "Tree (recursive: not expanded deeper than 3 levels)"
        );
        assert_eq!(shaped["properties"]["kind"], json!({"enum": ["a"]}));
        assert_eq!(shaped["properties"]["label"]["nullable"], true);
        assert_eq!(
            shaped["properties"]["label"]["description"],
            "must be greater than 0"
        );
        assert!(shaped["properties"]["choice"].get("anyOf").is_some());
    }

    #[test]
    fn gemini_enums_hold_strings_only() {
        let schema = json!({
            "type": "object",
            "properties": {
                "state": {"type": ["string", "null"], "enum": ["open", null]},
                "ttl": {"type": "integer", "format": "int32", "enum": [60, 600]},
                "code": {"type": "string", "enum": ["a", 1, true]},
                "flag": {"type": "boolean", "const": true, "description": "Set."},
                "ratio": {"type": "number", "enum": [0.5, 1]},
                "none": {"enum": [null]}
            }
        });
        let shaped = ClientProfile::Gemini.shape(schema).unwrap();
        assert_eq!(
            shaped["properties"],
            json!({
                "state": {"type": "string", "enum": ["open"], "nullable": true},
                "ttl": {"type": "integer", "format": "int32", "description": "one of: 60, 600"},
                "code": {"type": "string", "enum": ["a", "1", "true"]},
                "flag": {"type": "boolean", "description": "Set. (must be true)"},
                "ratio": {"type": "number", "description": "one of: 0.5, 1"},
                "none": {"nullable": true}
            })
        );
    }

    #[test]
    fn gemini_merges_all_of_without_repeating_required_names() {
        let schema = json!({
            "type": "object",
            "properties": {"body": {
                "allOf": [{"$ref": "#/$defs/Base"}, {"required": ["name", "plan"]}],
                "required": ["name"]
            }},
            "$defs": {"Base": {"type": "object", "properties": {"name": {}, "plan": {}}, "required": ["name"]}}
        });
        let shaped = ClientProfile::Gemini.shape(schema).unwrap();
        assert_eq!(
            shaped["properties"]["body"]["required"],
            json!(["name", "plan"])
        );
        assert!(jsonschema::draft202012::meta::is_valid(&shaped));
    }

    #[test]
    fn gemini_cuts_recursion_through_all_of_too() {
        // A tree whose parent is `anyOf: [{allOf: [{$ref: Node}]}, null]` (refs-3.0.json).
        let schema = json!({
            "type": "object",
            "properties": {"node": {"$ref": "#/$defs/Node"}},
            "$defs": {"Node": {"type": "object", "properties": {
                "parent": {"anyOf": [{"allOf": [{"$ref": "#/$defs/Node"}]}, {"type": "null"}]}
            }}}
        });
        let shaped = ClientProfile::Gemini.shape(schema).unwrap();
        let mut node = &shaped["properties"]["node"];
        let mut levels = 0;
        while let Some(parent) = node.pointer("/properties/parent/anyOf/0") {
            node = parent;
            levels += 1;
        }
        assert_eq!(levels, GEMINI_RECURSION_DEPTH);
        assert!(node["description"]
            .as_str()
            .unwrap()
            .starts_with("Node (recursive"));
    }

    #[test]
    fn vscode_gets_draft07() {
        let schema = json!({
            "type": "object",
            "properties": {"p": {"prefixItems": [{"type": "number"}], "items": false}, "t": {"$ref": "#/$defs/T"}},
            "$defs": {"T": {"type": "string"}},
            "dependentRequired": {"p": ["t"]},
            "dependentSchemas": {"t": {"$ref": "#/$defs/T"}}
        });
        let shaped = ClientProfile::Vscode.shape(schema).unwrap();
        assert_eq!(
            shaped["dependencies"],
            json!({"p": ["t"], "t": {"$ref": "#/definitions/T"}})
        );
        assert_eq!(shaped["properties"]["t"]["$ref"], "#/definitions/T");
        assert_eq!(
            shaped["properties"]["p"],
            json!({"items": [{"type": "number"}], "additionalItems": false})
        );
        assert!(jsonschema::draft7::meta::is_valid(&shaped));
        assert!(ClientProfile::Vscode
            .rejections("t", Some(&shaped), None)
            .is_empty());
    }

    #[test]
    fn name_limits() {
        assert_eq!(ClientProfile::Claude.name_max(None), Ok(64));
        assert_eq!(ClientProfile::Mcp.name_max(None), Ok(128));
        assert_eq!(ClientProfile::Cursor.name_max(Some("petstore")), Ok(51));
        assert!(ClientProfile::Cursor.name_max(None).is_err());
        assert!(ClientProfile::Cursor
            .name_max(Some(&"x".repeat(50)))
            .is_err());
        assert!(!ClientProfile::Claude
            .rejections("a.b", None, None)
            .is_empty());
        assert!(ClientProfile::Mcp.rejections("a.b", None, None).is_empty());
    }
}
