//! Checks that hold for every tool of every converted spec, shared by the tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use openapi2mcp::convert::Options;
use openapi2mcp::load::Input;
use openapi2mcp::{manifest, pipeline};
use serde_json::Value;

pub fn repo_path(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
}

/// Converts a spec file through the library, as `convert` does, into manifest text.
pub fn convert_file(path: &Path, options: &Options) -> Result<String, openapi2mcp::error::Error> {
    let conversion = pipeline::convert_input(&Input::Path(path.to_path_buf()), &[], options)?;
    Ok(manifest::render(&conversion.tools, options.hint_style))
}

/// Runs the built binary.
pub fn run(args: &[&str], stdin: Option<&[u8]>) -> Output {
    use std::io::Write;
    let mut command = Command::new(env!("CARGO_BIN_EXE_openapi2mcp"));
    command
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = command.spawn().expect("the binary starts");
    let mut input = child.stdin.take().expect("piped");
    input
        .write_all(stdin.unwrap_or_default())
        .expect("stdin accepts");
    drop(input);
    child.wait_with_output().expect("the binary finishes")
}

/// A validator for `Tool` of each vendored MCP schema version.
fn tool_validators() -> &'static [(String, jsonschema::Validator)] {
    static VALIDATORS: OnceLock<Vec<(String, jsonschema::Validator)>> = OnceLock::new();
    VALIDATORS.get_or_init(|| {
        ["2025-06-18", "2025-11-25", "2026-07-28"]
            .into_iter()
            .map(|version| {
                let path = repo_path(&format!("tests/mcp-schema/{version}.schema.json"));
                let text = std::fs::read_to_string(&path).expect("vendored MCP schema");
                let mut schema: Value = serde_json::from_str(&text).expect("valid JSON");
                let defs = if schema.get("$defs").is_some() {
                    "$defs"
                } else {
                    "definitions"
                };
                schema["$ref"] = format!("#/{defs}/Tool").into();
                let validator =
                    jsonschema::validator_for(&schema).expect("the MCP schema compiles");
                (version.to_string(), validator)
            })
            .collect()
    })
}

const SAFE: [&str; 5] = ["GET", "HEAD", "OPTIONS", "TRACE", "QUERY"];

/// Every problem found in a manifest: MCP validity, names, input schemas, references,
/// and (unless the spec declared its own) hints that follow the method table.
pub fn manifest_problems(manifest: &Value, hints_from_table: bool) -> Vec<String> {
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
        for (version, validator) in tool_validators() {
            if let Some(error) = validator.iter_errors(tool).next() {
                problem(format!(
                    "not a valid MCP {version} Tool: {error} at {}",
                    error.instance_path()
                ));
            }
        }
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
        if !jsonschema::draft202012::meta::is_valid(input) {
            problem("inputSchema is not valid JSON Schema 2020-12".into());
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
            for reference in refs_in(schema) {
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
        if hints_from_table {
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

fn refs_in(value: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::Object(object) => {
                if let Some(Value::String(reference)) = object.get("$ref") {
                    out.push(reference.clone());
                }
                stack.extend(object.values());
            }
            Value::Array(items) => stack.extend(items),
            _ => {}
        }
    }
    out
}

/// The tool names of a manifest, in order.
pub fn tool_names(manifest: &Value) -> Vec<&str> {
    manifest["tools"]
        .as_array()
        .expect("a tools array")
        .iter()
        .map(|t| t["name"].as_str().expect("a name"))
        .collect()
}

pub fn default_options() -> Options {
    Options::default()
}
