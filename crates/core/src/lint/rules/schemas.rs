//! Rules about `inputSchema`: what clients reject.

use serde_json::Value;

use super::rule;
use crate::lint::{Hit, RuleContext, Subject, Target};

rule! {
    /// `inputSchema` is missing or its root is not `type: object`.
    ///
    /// Why: MCP tool arguments are always a JSON object; clients reject other schemas.
    ///
    /// Example: `"inputSchema": {"type": "array"}`.
    ///
    /// Fix: wrap the value in an object property.
    INPUT_SCHEMA_NOT_OBJECT = "OAM013", "input-schema-not-object", Error, input_schema_not_object
}

fn input_schema_not_object(tool: &Subject<'_>, _: &RuleContext) -> Vec<Hit> {
    match tool.tool.input_schema.as_ref() {
        Some(schema) if schema.get("type") == Some(&Value::from("object")) => Vec::new(),
        Some(_) => vec![Hit::new(
            Target::InputSchema,
            "inputSchema is not type: object",
        )],
        None => vec![Hit::new(Target::Tool, "the tool has no inputSchema")],
    }
}

rule! {
    /// `oneOf`, `anyOf` or `allOf` at the root of `inputSchema`.
    ///
    /// Why: Anthropic's and OpenAI's APIs reject tools whose input schema composes at the
    /// top level.
    ///
    /// Example: `"inputSchema": {"type": "object", "oneOf": [...]}`.
    ///
    /// Fix: move the composition under one property (convert does).
    TOP_LEVEL_COMPOSITION = "OAM014", "top-level-composition", Error, top_level_composition
}

fn top_level_composition(tool: &Subject<'_>, _: &RuleContext) -> Vec<Hit> {
    let Some(schema) = tool.tool.input_schema.as_ref() else {
        return Vec::new();
    };
    ["oneOf", "anyOf", "allOf"]
        .into_iter()
        .filter(|k| schema.get(*k).is_some())
        .map(|k| {
            Hit::new(
                Target::InputSchema,
                format!("inputSchema has {k} at its root"),
            )
        })
        .collect()
}

rule! {
    /// A `$ref` in `inputSchema` that does not resolve inside the schema itself (in schema
    /// positions: a `$ref` inside `examples` or an unknown keyword is data).
    ///
    /// Why: clients do not fetch references; one that points outside the tool (or nowhere)
    /// leaves the argument undescribed or the tool rejected.
    ///
    /// Example: `{"$ref": "#/components/schemas/Pet"}` copied from a spec.
    ///
    /// Fix: inline the schema, or put it under the tool's own `$defs` (convert does).
    UNRESOLVED_REF = "OAM015", "unresolved-ref", Error, unresolved_ref
}

fn unresolved_ref(tool: &Subject<'_>, _: &RuleContext) -> Vec<Hit> {
    let Some(schema) = tool.tool.input_schema.as_ref() else {
        return Vec::new();
    };
    crate::schema::references(schema)
        .into_iter()
        .filter(|reference| {
            reference
                .strip_prefix('#')
                .and_then(|pointer| schema.pointer(pointer))
                .is_none()
        })
        .map(|reference| {
            Hit::new(
                Target::InputSchema,
                format!("$ref '{reference}' does not resolve inside inputSchema"),
            )
        })
        .collect()
}

rule! {
    /// `inputSchema` is not valid under the JSON Schema 2020-12 meta-schema. On a spec:
    /// each part of a schema that convert left out because JSON Schema refuses it as written.
    ///
    /// Why: MCP input schemas are JSON Schema 2020-12; clients that validate arguments
    /// drop or reject a tool whose schema is not.
    ///
    /// Example: `{"type": "object", "required": "id"}` (`required` must be an array).
    ///
    /// Fix: correct the keyword the message names.
    INVALID_JSON_SCHEMA = "OAM016", "invalid-json-schema", Error, invalid_json_schema
}

fn invalid_json_schema(tool: &Subject<'_>, _: &RuleContext) -> Vec<Hit> {
    let mut hits: Vec<Hit> = tool
        .invalid_keywords
        .iter()
        .map(|pointer| {
            Hit::new(
                Target::Tool,
                format!("{pointer} is not valid JSON Schema 2020-12 as the spec wrote it: left out of the tool"),
            )
        })
        .collect();
    let Some(schema) = tool.tool.input_schema.as_ref() else {
        return hits;
    };
    if let Err(error) = jsonschema::draft202012::meta::validate(schema) {
        hits.push(Hit::new(
            Target::InputSchema,
            format!(
                "inputSchema is not valid JSON Schema 2020-12: {error} (at {})",
                error.instance_path()
            ),
        ));
    }
    hits
}

rule! {
    /// With `--client NAME`: what that client is documented to reject: a name outside its
    /// pattern or length (Cursor counts the server name too), for Gemini a keyword outside
    /// its OpenAPI schema subset (`$ref` and `$defs` included), an `enum` value that is not
    /// a string or a parameter name outside `^[A-Za-z_][A-Za-z0-9_]*$`, for VS Code a schema
    /// that is not valid draft-07.
    ///
    /// Why: clients drop such tools silently, or refuse the whole list.
    ///
    /// Example: `lint tools.json --client gemini` on a tool whose schema has
    /// `additionalProperties`.
    ///
    /// Fix: convert with the same `--client`, which shapes names and schemas to fit.
    CLIENT_REJECTS = "OAM017", "client-rejects", Error, client_rejects
}

fn client_rejects(tool: &Subject<'_>, context: &RuleContext) -> Vec<Hit> {
    let Some((client, server_name)) = &context.client else {
        return Vec::new();
    };
    client
        .rejections(
            tool.name(),
            tool.tool.input_schema.as_ref(),
            server_name.as_deref(),
        )
        .into_iter()
        .map(|reason| Hit::new(Target::InputSchema, reason))
        .collect()
}

rule! {
    /// A `pattern` or `patternProperties` key that is not an ECMA-262 regular expression in
    /// unicode mode. On a spec: one convert could not translate with certain meaning, so
    /// the tool leaves it out (its description says it). On a manifest: one the tool holds.
    ///
    /// Why: clients compile schemas as ECMA-262 in unicode mode (ajv's `new RegExp(p,
    /// "u")`); a pattern written for Java, Python or PCRE fails there, and the client drops
    /// the whole tool, or, left out, the constraint goes unchecked.
    ///
    /// Example: `pattern: '\A[a-z]+\Z'` (`\Z` matches before a final newline in some
    /// dialects and not in others), or `[[:alpha:]]` kept in a manifest.
    ///
    /// Fix: write the pattern in ECMA-262 syntax (`^[a-z]+$`); convert translates the
    /// certain cases itself.
    NON_ECMA_PATTERN = "OAM018", "non-ecma-pattern", Warning, non_ecma_pattern
}

fn non_ecma_pattern(tool: &Subject<'_>, _: &RuleContext) -> Vec<Hit> {
    tool.bad_patterns()
        .iter()
        .enumerate()
        .map(|(i, bad)| {
            let what = if bad.left_out {
                "left out of the tool"
            } else {
                "clients cannot compile it"
            };
            Hit::new(
                Target::Pattern(i),
                format!(
                    "pattern '{}' is not ECMA-262 in unicode mode ({}): {what}",
                    bad.pattern, bad.reason
                ),
            )
        })
        .collect()
}
