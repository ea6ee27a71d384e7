//! The reader for OpenAPI 3.0, 3.1 and 3.2 documents.

use serde_json::Value;

use super::{
    deref, is_json_content, name_and_location, operation_shell, parameter_nodes, read_paths,
    responses, root, style, FormField, In, Node, Operation, Parameter, RequestBody, Schema,
};
use crate::error::Result;
use crate::load::Spec;

/// The fixed methods of a path item, in the order tools are emitted.
pub(crate) const METHODS: [&str; 9] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace", "query",
];

pub(super) fn read_operations<'a>(
    spec: &'a Spec,
    each: &mut dyn FnMut(Result<Operation<'a>>) -> Result<()>,
) -> Result<()> {
    let root = root(spec);
    read_paths(
        spec,
        &METHODS,
        |found| {
            let node = &found.node;
            let reader = Reader { spec };
            let mut operation = operation_shell(&found);
            operation.parameters = parameter_nodes(spec, &found)?
                .into_iter()
                .map(|p| reader.parameter(p))
                .filter(|p| !p.as_ref().is_ok_and(is_ignored_header))
                .collect::<Result<_>>()?;
            operation.server = [node, found.item, &root]
                .into_iter()
                .find_map(|n| n.get("servers").and_then(first_server_url));
            let security =
                super::security::requirements(spec, node, &["components", "securitySchemes"])?;
            operation.declares_security = security.is_some();
            operation.security = security.unwrap_or_default();
            operation.body = reader.body(node)?;
            super::security::drop_credential_parameters(&mut operation);
            super::security::take_undeclared_credentials(&mut operation);
            super::security::drop_client_owned_headers(&mut operation);
            operation.responses = responses(spec, node, |response| {
                let content = response.get("content")?;
                let (media_type, media) = pick_media_type(&content)?;
                is_json_content(media_type).then(|| media.get("schema").map(Schema::from))?
            })?;
            Ok(operation)
        },
        each,
    )
}

/// OpenAPI 3: a header parameter named `Accept`, `Content-Type` or `Authorization` "SHALL
/// be ignored": the media types and the credentials decide those headers.
fn is_ignored_header(parameter: &Parameter<'_>) -> bool {
    parameter.location == In::Header
        && ["accept", "content-type", "authorization"]
            .iter()
            .any(|name| parameter.name.eq_ignore_ascii_case(name))
}

struct Reader<'a> {
    spec: &'a Spec,
}

impl<'a> Reader<'a> {
    fn parameter(&self, node: Node<'a>) -> Result<Parameter<'a>> {
        let spec = self.spec;
        let locations = "path, query, querystring, header or cookie";
        let (name, location) = name_and_location(spec, &node, locations)?;
        let location = In::of_parameter(location).ok_or_else(|| {
            spec.error_at(
                &node.location,
                format!("parameter '{name}' needs `in`: {locations}"),
            )
        })?;
        let (schema, media_type) = match (node.get("schema"), node.get("content")) {
            (Some(schema), _) => (Some(Schema::from(schema)), None),
            (None, Some(content)) => match pick_media_type(&content) {
                Some((media_type, media)) => {
                    (media.get("schema").map(Schema::from), Some(media_type))
                }
                None => (None, None),
            },
            (None, None) => (None, None),
        };
        Ok(Parameter {
            name,
            location,
            required: location == In::Path || node.bool("required").unwrap_or(false),
            description: node.str("description"),
            deprecated: node.bool("deprecated").unwrap_or(false),
            schema,
            examples: examples_of(spec, &node),
            style: style(spec, &node)?,
            explode: node.bool("explode"),
            media_type,
            collection_format: None,
            allow_reserved: node.bool("allowReserved").unwrap_or(false),
        })
    }

    fn body(&self, operation: &Node<'a>) -> Result<Option<RequestBody<'a>>> {
        let Some(body) = operation.get("requestBody") else {
            return Ok(None);
        };
        let body = deref(self.spec, body)?;
        let Some((media_type, media)) = body.get("content").and_then(|c| pick_media_type(&c))
        else {
            return Ok(None);
        };
        // A form field's Encoding Object: serialized as a query parameter of that style.
        let mut encodings = Vec::new();
        for (field, encoding) in media
            .get("encoding")
            .map(|e| e.entries())
            .unwrap_or_default()
        {
            let encoding = deref(self.spec, encoding)?;
            encodings.push((
                field,
                style(self.spec, &encoding)?,
                encoding.bool("explode"),
            ));
        }
        let schema = media.get("schema");
        let form_fields = match (crate::http::media_essence(media_type), &schema) {
            ("application/x-www-form-urlencoded" | "multipart/form-data", Some(schema)) => {
                self.form_fields(schema)?
            }
            _ => Vec::new(),
        };
        let flags = (schema.as_ref())
            .map(|schema| super::boolean_fields(self.spec, schema))
            .unwrap_or_default();
        let requests = (schema.as_ref()).is_some_and(|s| super::carries_requests(self.spec, s));
        let array = (schema.as_ref()).is_some_and(|s| super::is_array(self.spec, s));
        Ok(Some(RequestBody {
            required: body.bool("required").unwrap_or(false),
            description: body.str("description"),
            media_type,
            schema: schema.map(Schema::from),
            collection_formats: Vec::new(),
            encodings,
            form_fields,
            credential_fields: Vec::new(),
            flags,
            requests,
            array,
        }))
    }

    /// The fields a form's schema lists in its own `properties` (a reference followed), when
    /// it is nothing more: the body convert splits into an argument per field.
    fn form_fields(&self, schema: &Node<'a>) -> Result<Vec<FormField<'a>>> {
        let schema = deref(self.spec, schema.clone())?;
        let Some(object) = schema
            .value
            .as_object()
            .filter(|object| super::is_plain_object(object))
        else {
            return Ok(Vec::new());
        };
        let required = super::required_names(object);
        let mut fields = Vec::new();
        for (name, property) in schema
            .get("properties")
            .map(|p| p.entries())
            .unwrap_or_default()
        {
            fields.push(FormField {
                name,
                description: deref(self.spec, property)?.str("description"),
                required: required.contains(&name),
            });
        }
        Ok(fields)
    }
}

/// The media type a tool sends: JSON first, then form encodings, then whatever comes first.
fn pick_media_type<'a>(content: &Node<'a>) -> Option<(&'a str, Node<'a>)> {
    let map = content.value.as_object()?;
    let rank = |media_type: &str| {
        let essence = crate::http::media_essence(media_type);
        match essence {
            _ if crate::http::is_json(essence) => 0,
            "application/x-www-form-urlencoded" => 1,
            "multipart/form-data" => 2,
            _ => 3,
        }
    };
    let (media_type, _) = map
        .iter()
        .enumerate()
        .min_by_key(|(i, (media_type, _))| (rank(media_type), *i))
        .map(|(_, entry)| entry)?;
    Some((media_type.as_str(), content.get(media_type)?))
}

/// The first server's URL with each `{variable}` replaced by its default.
fn first_server_url(servers: Node<'_>) -> Option<String> {
    let server = servers.value.as_array()?.first()?;
    let mut url = server.get("url")?.as_str()?.to_string();
    if let Some(variables) = server.get("variables").and_then(Value::as_object) {
        for (name, variable) in variables {
            if let Some(default) = variable.get("default").and_then(Value::as_str) {
                url = url.replace(&format!("{{{name}}}"), default);
            }
        }
    }
    Some(url)
}

/// A parameter's `example`, or the values of its `examples` map.
fn examples_of<'a>(spec: &'a Spec, parameter: &Node<'a>) -> Vec<&'a Value> {
    if let Some(example) = parameter.value.get("example") {
        return vec![example];
    }
    let Some(examples) = parameter.get("examples") else {
        return Vec::new();
    };
    examples
        .entries()
        .into_iter()
        .filter_map(|(_, example)| deref(spec, example).ok())
        .filter_map(|example| example.value.get("value"))
        .collect()
}
