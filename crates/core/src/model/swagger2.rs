//! The reader for Swagger 2.0 documents: a translation into the same operations as 3.x.
//! `in: body` becomes the request body; `in: formData` parameters become a form body;
//! other parameters carry their schema keywords inline, which become a schema here.

use std::borrow::Cow;

use serde_json::{Map, Value};

use super::{
    collection_format, is_json_content, name_and_location, operation_shell, parameter_nodes,
    read_paths, responses, root, FormField, In, Node, Operation, Parameter, RequestBody, Schema,
};
use crate::error::Result;
use crate::load::Spec;

const METHODS: [&str; 7] = ["get", "put", "post", "delete", "options", "head", "patch"];

/// The keywords a non-body parameter (or its `items`) shares with a schema.
const SCHEMA_KEYWORDS: [&str; 17] = [
    "type",
    "format",
    "items",
    "enum",
    "default",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "minLength",
    "maxLength",
    "pattern",
    "minItems",
    "maxItems",
    "uniqueItems",
    "multipleOf",
    "x-nullable",
];

const LOCATIONS: &str = "path, query, header, body or formData";

pub(super) fn read_operations<'a>(
    spec: &'a Spec,
    each: &mut dyn FnMut(Result<Operation<'a>>) -> Result<()>,
) -> Result<()> {
    let root = root(spec);
    let server = server_url(&root);
    let global_consumes = media_types(&root, "consumes");
    let global_produces = media_types(&root, "produces");
    read_paths(
        spec,
        &METHODS,
        |found| {
            let node = &found.node;
            let mut operation = operation_shell(&found);
            operation.server = server.clone();
            let security = super::security::requirements(spec, node, &["securityDefinitions"])?;
            operation.declares_security = security.is_some();
            operation.security = security.unwrap_or_default();
            // An operation's own list overrides the document's.
            let consumes = media_types(node, "consumes")
                .or(global_consumes.clone())
                .unwrap_or_default();
            let produces = media_types(node, "produces")
                .or(global_produces.clone())
                .unwrap_or_default();
            let mut form_fields = Vec::new();
            for parameter in parameter_nodes(spec, &found)? {
                let (name, location) = name_and_location(spec, &parameter, LOCATIONS)?;
                match location {
                    "body" => {
                        operation.body = Some(RequestBody {
                            required: parameter.bool("required").unwrap_or(false),
                            description: parameter.str("description"),
                            media_type: body_media_type(&consumes),
                            schema: parameter.get("schema").map(Schema::from),
                            collection_formats: Vec::new(),
                            encodings: Vec::new(),
                            form_fields: Vec::new(),
                            credential_fields: Vec::new(),
                            flags: (parameter.get("schema"))
                                .map(|schema| super::boolean_fields(spec, &schema))
                                .unwrap_or_default(),
                            requests: (parameter.get("schema"))
                                .is_some_and(|schema| super::carries_requests(spec, &schema)),
                            array: (parameter.get("schema"))
                                .is_some_and(|schema| super::is_array(spec, &schema)),
                        })
                    }
                    "formData" => form_fields.push(parameter),
                    other => {
                        let location = In::of_parameter(other)
                            .filter(|l| matches!(l, In::Path | In::Query | In::Header))
                            .ok_or_else(|| {
                                spec.error_at(
                                    &parameter.location,
                                    format!("parameter '{name}' needs `in`: {LOCATIONS}"),
                                )
                            })?;
                        operation.parameters.push(Parameter {
                            name,
                            location,
                            required: location == In::Path
                                || parameter.bool("required").unwrap_or(false),
                            description: parameter.str("description"),
                            deprecated: false,
                            schema: Some(inline_schema(&parameter)),
                            examples: parameter.value.get("x-example").into_iter().collect(),
                            style: None,
                            explode: None,
                            media_type: None,
                            collection_format: collection_format(spec, &parameter)?,
                            allow_reserved: false,
                        });
                    }
                }
            }
            if operation.body.is_none() && !form_fields.is_empty() {
                operation.body = Some(form_body(spec, &form_fields, &consumes, node)?);
            }
            let json = produces.is_empty() || produces.iter().any(|m| is_json_content(m));
            operation.responses = responses(spec, node, |response| {
                response.get("schema").filter(|_| json).map(Schema::from)
            })?;
            super::security::drop_credential_parameters(&mut operation);
            super::security::take_undeclared_credentials(&mut operation);
            super::security::drop_client_owned_headers(&mut operation);
            Ok(operation)
        },
        each,
    )
}

/// `{scheme}://{host}{basePath}`, preferring https; just the base path without a host.
fn server_url(root: &Node<'_>) -> Option<String> {
    let base_path = root.str("basePath").unwrap_or("");
    let Some(host) = root.str("host") else {
        return (!base_path.is_empty()).then(|| base_path.to_string());
    };
    let schemes: Vec<&str> = root
        .value
        .get("schemes")
        .and_then(Value::as_array)
        .map(|s| s.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let scheme = if schemes.is_empty() || schemes.contains(&"https") {
        "https"
    } else {
        schemes[0]
    };
    Some(format!("{scheme}://{host}{base_path}"))
}

fn media_types<'a>(node: &Node<'a>, key: &str) -> Option<Vec<&'a str>> {
    let list = node.value.get(key)?.as_array()?;
    Some(list.iter().filter_map(Value::as_str).collect())
}

/// JSON when the operation consumes it (or says nothing), else the first type it names.
fn body_media_type<'a>(consumes: &[&'a str]) -> &'a str {
    match consumes.iter().find(|m| is_json_content(m)) {
        Some(json) => json,
        None => consumes.first().copied().unwrap_or("application/json"),
    }
}

/// A non-body parameter's inline schema keywords as a schema of their own.
fn inline_schema<'a>(parameter: &Node<'a>) -> Schema<'a> {
    Schema {
        value: Cow::Owned(Value::Object(schema_keywords(parameter.value))),
        location: parameter.location.clone(),
    }
}

fn schema_keywords(object: &Value) -> Map<String, Value> {
    let mut schema = Map::new();
    for keyword in SCHEMA_KEYWORDS {
        if let Some(value) = object.get(keyword) {
            let value = match keyword {
                // `items` of a parameter is itself inline keywords (with its own collectionFormat).
                "items" => Value::Object(schema_keywords(value)),
                _ => value.clone(),
            };
            schema.insert(keyword.into(), value);
        }
    }
    schema
}

/// The `formData` parameters as one object body. Files, or a `consumes` that asks for it,
/// make it multipart; otherwise it is URL-encoded.
fn form_body<'a>(
    spec: &Spec,
    fields: &[Node<'a>],
    consumes: &[&'a str],
    operation: &Node<'a>,
) -> Result<RequestBody<'a>> {
    let mut collection_formats = Vec::new();
    for field in fields {
        if let (Some(name), Some(format)) = (field.str("name"), collection_format(spec, field)?) {
            collection_formats.push((name, format));
        }
    }
    let mut properties = Map::new();
    let mut required = Vec::new();
    let mut form_fields = Vec::new();
    for field in fields {
        let name = field.str("name").unwrap_or_default();
        form_fields.push(FormField {
            name,
            description: field.str("description"),
            required: field.bool("required").unwrap_or(false),
        });
        let mut schema = schema_keywords(field.value);
        if let Some(description) = field.str("description") {
            schema.insert("description".into(), description.into());
        }
        properties.insert(name.to_string(), Value::Object(schema));
        if field.bool("required").unwrap_or(false) {
            required.push(Value::from(name));
        }
    }
    let has_file = fields.iter().any(|f| f.str("type") == Some("file"));
    let multipart = "multipart/form-data";
    let urlencoded = "application/x-www-form-urlencoded";
    let media_type =
        if has_file || (consumes.contains(&multipart) && !consumes.contains(&urlencoded)) {
            multipart
        } else {
            urlencoded
        };
    let mut schema = Map::new();
    schema.insert("type".into(), "object".into());
    schema.insert("properties".into(), Value::Object(properties));
    if !required.is_empty() {
        schema.insert("required".into(), Value::Array(required.clone()));
    }
    let flags = (fields.iter())
        .filter(|f| super::is_flag(f.value))
        .filter_map(|f| f.str("name"))
        .collect();
    Ok(RequestBody {
        required: !required.is_empty(),
        description: None,
        media_type,
        collection_formats,
        encodings: Vec::new(),
        form_fields,
        credential_fields: Vec::new(),
        flags,
        requests: false,
        array: false,
        schema: Some(Schema {
            value: Cow::Owned(Value::Object(schema)),
            location: operation.location.clone(),
        }),
    })
}
