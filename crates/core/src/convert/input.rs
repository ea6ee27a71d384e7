//! A tool's `inputSchema`: the operation's parameters and request body as one object, and
//! for each property, where it goes in the HTTP request (`params`).

use std::collections::HashSet;

use indexmap::IndexMap;
use serde_json::{json, Map, Value};

use super::profile::{ClientProfile, PROPERTY_NAME_MAX};
use crate::error::Result;
use crate::model::is_plain_object;
use crate::model::{Operation, Parameter};
use crate::schema::{self, Mode, SchemaConverter, ToolRefs};
use crate::tool::{In, Param};

pub struct Input {
    pub schema: Value,
    /// Property name to where the argument goes.
    pub params: IndexMap<String, Param>,
}

/// One future property of the input object.
struct Field {
    wanted: String,
    param: Param,
    schema: Value,
    required: bool,
}

pub fn build(
    operation: &Operation<'_>,
    schemas: &mut SchemaConverter<'_>,
    client: ClientProfile,
) -> Result<Input> {
    // Path parameters claim plain names first, then query, header, cookie, then the body.
    let mut parameters: Vec<&Parameter<'_>> = operation.parameters.iter().collect();
    parameters.sort_by_key(|p| p.location);
    let (mut parameter_schemas, mut body_schema, defs) =
        converted_schemas(&parameters, operation, schemas)?;
    let mut fields = Vec::new();
    for (parameter, schema) in parameters.iter().zip(parameter_schemas.drain(..)) {
        fields.push(parameter_field(parameter, schema));
    }
    if let Some(body) = &operation.body {
        let schema = body_schema.take().unwrap_or_else(|| json!({}));
        match mergeable_properties(&schema) {
            Some(parts) => {
                for part in parts {
                    let required = crate::model::required_names(part);
                    for (name, property) in part["properties"].as_object().expect("checked") {
                        if body.credential_fields.contains(&name.as_str()) {
                            continue;
                        }
                        let mut param = Param::new(In::Body, Some(name.clone()));
                        param.collection_format = body
                            .collection_formats
                            .iter()
                            .find(|(field, _)| field == name)
                            .map(|(_, format)| *format);
                        if let Some((_, style, explode)) =
                            body.encodings.iter().find(|(field, ..)| field == name)
                        {
                            param.style = *style;
                            param.explode = *explode;
                        }
                        fields.push(Field {
                            wanted: name.clone(),
                            param,
                            schema: property.clone(),
                            required: body.required && required.contains(&name.as_str()),
                        });
                    }
                }
            }
            None => fields.push(Field {
                wanted: "body".into(),
                param: Param::new(In::Body, None),
                schema: with_description(schema, body.description),
                required: body.required,
            }),
        }
    }

    let mut properties = Map::new();
    let mut required = Vec::new();
    let mut params = IndexMap::new();
    let mut taken = HashSet::new();
    for field in fields {
        let location = field.param.location.as_str();
        let name = unique_property_name(&field.wanted, location, client, &mut taken);
        if field.required {
            required.push(Value::from(name.clone()));
        }
        properties.insert(name.clone(), schema::as_object_schema(field.schema));
        params.insert(name, field.param);
    }

    let mut schema = Map::new();
    schema.insert("type".into(), "object".into());
    if properties.is_empty() {
        schema.insert("additionalProperties".into(), false.into());
    } else {
        schema.insert("properties".into(), Value::Object(properties));
        if !required.is_empty() {
            schema.insert("required".into(), Value::Array(required));
        }
    }
    if let Some(defs) = defs {
        schema.insert("$defs".into(), Value::Object(defs));
    }
    Ok(Input {
        schema: Value::Object(schema),
        params,
    })
}

/// The parameters' schemas and the body's, whole, and the `$defs` they share.
type Schemas = (Vec<Value>, Option<Value>, Option<Map<String, Value>>);

/// Converts the schemas of `parameters` and of the body, then assembles them as one tool's
/// (what they use more than once is shared in `$defs`); each stands at depth 2, a property
/// of the input object.
fn converted_schemas(
    parameters: &[&Parameter<'_>],
    operation: &Operation<'_>,
    schemas: &mut SchemaConverter<'_>,
) -> Result<Schemas> {
    let mut refs = ToolRefs::default();
    let mut converted = Vec::with_capacity(parameters.len());
    for parameter in parameters {
        converted.push(match &parameter.schema {
            Some(schema) => schemas.convert(schema, Mode::Input, &mut refs)?,
            None => json!({}),
        });
    }
    let mut body = match operation.body.as_ref().and_then(|b| b.schema.as_ref()) {
        Some(schema) => Some(schemas.convert(schema, Mode::Input, &mut refs)?),
        None => None,
    };
    let mut roots: Vec<(&mut Value, usize)> = converted.iter_mut().map(|s| (s, 2)).collect();
    roots.extend(body.as_mut().map(|s| (s, 2)));
    let defs = schemas.assemble(&mut roots, refs, Mode::Input)?;
    Ok((converted, body, defs))
}

fn parameter_field(parameter: &Parameter<'_>, schema: Value) -> Field {
    let mut schema = with_description(schema, parameter.description);
    if let Value::Object(object) = &mut schema {
        if parameter.deprecated {
            object.insert("deprecated".into(), true.into());
        }
        if !parameter.examples.is_empty() && !object.contains_key("examples") {
            let examples = parameter.examples.iter().map(|&e| e.clone()).collect();
            object.insert("examples".into(), Value::Array(examples));
        }
    }
    let mut param = Param::new(parameter.location, Some(parameter.name.to_string()));
    param.style = parameter.style;
    param.explode = parameter.explode;
    param.media_type = parameter.media_type.map(str::to_string);
    param.collection_format = parameter.collection_format;
    param.allow_reserved = parameter.allow_reserved;
    Field {
        wanted: parameter.name.to_string(),
        param,
        schema,
        required: parameter.required,
    }
}

/// The parameter's description wins over its schema's: it says what this argument is for.
/// A constraint the schema could only keep as words (a pattern left out) stays with it.
fn with_description(mut schema: Value, description: Option<&str>) -> Value {
    if let (Value::Object(object), Some(description)) = (&mut schema, description) {
        let kept = object
            .get("description")
            .and_then(Value::as_str)
            .and_then(|old| {
                old.find(schema::PATTERN_NOTE)
                    .map(|at| old[at..].to_string())
            });
        let description = crate::text::markdown_from_html(description);
        let description = match kept {
            Some(note) => format!("{description} {note}"),
            None => description.into_owned(),
        };
        object.insert("description".into(), description.into());
    }
    schema
}

/// The object schemas whose properties can be lifted into the tool's input: the body
/// itself, or each part of a top-level `allOf` of plain objects. `None` when the body must
/// stay one argument (an array, a scalar, a `oneOf`...).
fn mergeable_properties(schema: &Value) -> Option<Vec<&Map<String, Value>>> {
    let object = schema.as_object()?;
    if is_plain_object(object) {
        return Some(vec![object]);
    }
    let parts = object.get("allOf")?.as_array()?;
    let only_all_of = object
        .keys()
        .all(|k| matches!(k.as_str(), "allOf" | "type" | "description" | "title"));
    let parts: Option<Vec<_>> = parts
        .iter()
        .map(|p| p.as_object().filter(|p| is_plain_object(p)))
        .collect();
    parts.filter(|_| only_all_of)
}

/// A property name the client accepts (`ClientProfile::property_name`), not yet taken in
/// this tool: the name itself, else prefixed with its location (`query_id`), else numbered.
fn unique_property_name(
    wanted: &str,
    location: &str,
    client: ClientProfile,
    taken: &mut HashSet<String>,
) -> String {
    let clean = client.property_name(wanted);
    if taken.insert(clean.clone()) {
        return clean;
    }
    let prefixed = client.property_name(&format!("{location}_{wanted}"));
    if taken.insert(prefixed.clone()) {
        return prefixed;
    }
    (2..)
        .map(|n| {
            let suffix = format!("_{n}");
            let keep = prefixed.len().min(PROPERTY_NAME_MAX - suffix.len());
            format!("{}{suffix}", &prefixed[..keep])
        })
        .find(|candidate| taken.insert(candidate.clone()))
        .expect("some number is free")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn property_names_are_cleaned_and_collisions_prefixed_by_location() {
        let mut taken = HashSet::new();
        let mut name = |wanted: &str, location: &str| {
            unique_property_name(wanted, location, ClientProfile::Claude, &mut taken)
        };
        assert_eq!(name("id", "path"), "id");
        assert_eq!(name("id", "query"), "query_id");
        assert_eq!(name("id", "query"), "query_id_2");
        assert_eq!(name("filter[status]", "query"), "filter_status_");
        assert_eq!(name("If-Match", "header"), "If-Match");
        assert_eq!(name("", "header"), "param");
        assert_eq!(name(&"x".repeat(80), "query").len(), 64);
    }

    #[test]
    fn gemini_parameter_names_are_identifiers() {
        let mut taken = HashSet::new();
        let mut name = |wanted: &str| {
            unique_property_name(wanted, "header", ClientProfile::Gemini, &mut taken)
        };
        assert_eq!(name("If-Match"), "If_Match");
        assert_eq!(name("page.size"), "page_size");
        assert_eq!(name("2fa"), "_2fa");
        assert_eq!(name(&"9".repeat(80)).len(), 64);
    }
}
