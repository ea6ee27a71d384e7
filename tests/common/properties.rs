//! The properties every emitted tool must have: valid under the MCP `Tool` schema of each
//! protocol version, a name clients accept and no other tool has, an object input schema
//! without top-level composition, required path parameters, references that resolve inside
//! the tool, and (for specs without their own hints) hints that follow the method table.
//! Shared by the tests and the fuzz target.

use std::sync::OnceLock;

use serde_json::Value;

/// A validator for `Tool` of each vendored MCP schema version.
fn tool_validators() -> &'static [(String, jsonschema::Validator)] {
    static VALIDATORS: OnceLock<Vec<(String, jsonschema::Validator)>> = OnceLock::new();
    VALIDATORS.get_or_init(|| {
        [
            (
                "2025-06-18",
                include_str!("../mcp-schema/2025-06-18.schema.json"),
            ),
            (
                "2025-11-25",
                include_str!("../mcp-schema/2025-11-25.schema.json"),
            ),
            (
                "2026-07-28",
                include_str!("../mcp-schema/2026-07-28.schema.json"),
            ),
        ]
        .into_iter()
        .map(|(version, text)| {
            let mut schema: Value = serde_json::from_str(text).expect("valid JSON");
            let defs = if schema.get("$defs").is_some() {
                "$defs"
            } else {
                "definitions"
            };
            schema["$ref"] = format!("#/{defs}/Tool").into();
            let validator = jsonschema::validator_for(&schema).expect("the MCP schema compiles");
            (version.to_string(), validator)
        })
        .collect()
    })
}

const SAFE: [&str; 5] = ["GET", "HEAD", "OPTIONS", "TRACE", "QUERY"];

/// Which checks depend on the spec: a spec may declare its own hints.
#[derive(Clone, Copy)]
pub struct Checks {
    /// Hints follow the method table: the spec declares none of its own.
    pub hints_from_table: bool,
}

/// For the specs we write and the real-world corpus: everything.
pub const ALL: Checks = Checks {
    hints_from_table: true,
};

/// Where `tool` breaks the MCP `Tool` schema of a protocol version.
pub fn mcp_schema_problems(tool: &Value) -> Vec<String> {
    tool_validators()
        .iter()
        .filter_map(|(version, validator)| {
            let error = validator.iter_errors(tool).next()?;
            Some(format!(
                "not a valid MCP {version} Tool: {error} at {}",
                error.instance_path()
            ))
        })
        .collect()
}

/// Every problem found in a manifest: MCP validity, names, input schemas, references,
/// and what `checks` adds.
pub fn manifest_problems(manifest: &Value, checks: Checks) -> Vec<String> {
    let mut problems = Vec::new();
    let tools = manifest["tools"].as_array().expect("a tools array");
    let name_pattern = |n: &str| {
        !n.is_empty()
            && n.len() <= 64
            && n.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    };
    let mut names = std::collections::HashSet::new();
    for tool in tools {
        let name = tool["name"].as_str().unwrap_or("<no name>").to_string();
        let mut problem = |text: String| problems.push(format!("{name}: {text}"));
        mcp_schema_problems(tool).into_iter().for_each(&mut problem);
        if !name_pattern(&name) {
            problem("name outside ^[a-zA-Z0-9_-]{1,64}$".into());
        }
        if !names.insert(name.clone()) {
            problem("duplicate name".into());
        }
        let input = &tool["inputSchema"];
        if input["type"] != "object" {
            problem("inputSchema is not type: object".into());
        }
        for keyword in ["oneOf", "anyOf", "allOf"] {
            if input.get(keyword).is_some() {
                problem(format!("inputSchema has top-level {keyword}"));
            }
        }
        // Convert leaves out what the spec's schemas hold that JSON Schema refuses.
        for (field, schema) in [
            ("inputSchema", Some(input)),
            ("outputSchema", tool.get("outputSchema")),
        ] {
            if schema.is_some_and(|s| !jsonschema::draft202012::meta::is_valid(s)) {
                problem(format!("{field} is not valid JSON Schema 2020-12"));
            }
        }
        // Clients compile patterns as ECMA-262 in unicode mode; convert translates or drops
        // the others, whatever the spec holds.
        for (pointer, pattern) in openapi2mcp_core::schema::patterns(input) {
            if let Err(reason) = openapi2mcp_core::pattern::compile(pattern) {
                problem(format!(
                    "inputSchema{pointer}: pattern '{pattern}' does not compile: {reason}"
                ));
            }
        }
        let http = &tool["_meta"]["openapi2mcp/http"];
        let required: Vec<&str> = input["required"]
            .as_array()
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        for (property, origin) in http["params"].as_object().into_iter().flatten() {
            if input["properties"].get(property).is_none() {
                problem(format!(
                    "params names '{property}', which is not an input property"
                ));
            }
            if origin["in"] == "path" && !required.contains(&property.as_str()) {
                problem(format!("path parameter '{property}' is not required"));
            }
        }
        for schema in [Some(input), tool.get("outputSchema")]
            .into_iter()
            .flatten()
        {
            for reference in openapi2mcp_core::schema::references(schema) {
                let resolves = reference
                    .strip_prefix('#')
                    .and_then(|pointer| schema.pointer(pointer))
                    .is_some();
                if !reference.starts_with("#/$defs/") || !resolves {
                    problem(format!(
                        "$ref '{reference}' does not resolve inside the tool"
                    ));
                }
            }
        }
        if checks.hints_from_table {
            let method = http["method"].as_str().unwrap_or_default();
            let annotations = tool
                .get("annotations")
                .cloned()
                .unwrap_or(Value::Object(Default::default()));
            let expected = if SAFE.contains(&method) {
                serde_json::json!({"readOnlyHint": true})
            } else if method == "PUT" {
                serde_json::json!({"idempotentHint": true})
            } else {
                serde_json::json!({})
            };
            if annotations != expected {
                problem(format!(
                    "hints {annotations} for {method}, the table says {expected}"
                ));
            }
        }
    }
    problems
}
