//! The reader for OpenAPI 3.0, 3.1 and 3.2 documents.

use serde_json::Value;

use super::{deref, Body, Node, Operation, ParamIn, Parameter, Response, Schema};
use crate::error::Result;
use crate::load::{Location, Spec};

/// The fixed methods of a path item, in the order tools are emitted.
const METHODS: [&str; 9] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace", "query",
];

pub(super) fn read_operations(spec: &Spec) -> Result<Vec<Result<Operation<'_>>>> {
    let root = Node {
        value: spec.root(),
        location: Location {
            file: 0,
            pointer: String::new(),
        },
    };
    let Some(paths) = root.get("paths") else {
        return Ok(Vec::new());
    };
    let Some(entries) = paths.value.as_object() else {
        return Err(spec.error_at(&paths.location, "`paths` must be an object"));
    };
    let mut operations = Vec::new();
    for path in entries.keys() {
        if path.starts_with("x-") {
            continue;
        }
        let item = match deref(spec, paths.get(path).expect("key from this map")) {
            Ok(item) => item,
            Err(error) => {
                operations.push(Err(error));
                continue;
            }
        };
        let context = PathContext {
            spec,
            path,
            item: &item,
            root: &root,
        };
        for method in METHODS {
            if let Some(operation) = item.get(method) {
                operations.push(context.operation(method.to_ascii_uppercase(), operation));
            }
        }
        if let Some(additional) = item.get("additionalOperations") {
            for method in additional
                .value
                .as_object()
                .into_iter()
                .flat_map(|m| m.keys())
            {
                let operation = additional.get(method).expect("key from this map");
                operations.push(context.operation(method.clone(), operation));
            }
        }
    }
    Ok(operations)
}

/// What the operations of one path item share.
struct PathContext<'s, 'a> {
    spec: &'a Spec,
    path: &'a str,
    item: &'s Node<'a>,
    root: &'s Node<'a>,
}

impl<'a> PathContext<'_, 'a> {
    fn operation(&self, method: String, node: Node<'a>) -> Result<Operation<'a>> {
        let spec = self.spec;
        let node = deref(spec, node)?;
        if !node.value.is_object() {
            return Err(spec.error_at(&node.location, "an operation must be an object"));
        }
        let mut parameters = self.parameters(self.item)?;
        for parameter in self.parameters(&node)? {
            let same = parameters
                .iter_mut()
                .find(|p| p.name == parameter.name && p.location == parameter.location);
            match same {
                Some(inherited) => *inherited = parameter,
                None => parameters.push(parameter),
            }
        }
        let server = [&node, self.item, self.root]
            .into_iter()
            .find_map(|n| n.get("servers").and_then(first_server_url));
        Ok(Operation {
            method,
            path: self.path,
            operation_id: node.str("operationId"),
            summary: node.str("summary"),
            description: node.str("description"),
            deprecated: node.bool("deprecated").unwrap_or(false),
            tags: node
                .value
                .get("tags")
                .and_then(Value::as_array)
                .map(|tags| tags.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default(),
            parameters,
            body: self.body(&node)?,
            responses: self.responses(&node)?,
            server,
            annotations: node.get("x-mcp-annotations"),
            location: node.location,
        })
    }

    /// The `parameters` list of a path item or operation.
    fn parameters(&self, owner: &Node<'a>) -> Result<Vec<Parameter<'a>>> {
        let Some(list) = owner.get("parameters") else {
            return Ok(Vec::new());
        };
        let Some(items) = list.value.as_array() else {
            return Err(self
                .spec
                .error_at(&list.location, "`parameters` must be an array"));
        };
        (0..items.len())
            .map(|i| self.parameter(list.get_index(i)))
            .collect()
    }

    fn parameter(&self, node: Node<'a>) -> Result<Parameter<'a>> {
        let spec = self.spec;
        let node = deref(spec, node)?;
        let name = node
            .str("name")
            .ok_or_else(|| spec.error_at(&node.location, "a parameter needs a string `name`"))?;
        let location = node.str("in").and_then(ParamIn::parse).ok_or_else(|| {
            spec.error_at(
                &node.location,
                format!(
                    "parameter '{name}' needs `in`: path, query, querystring, header or cookie"
                ),
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
            required: location == ParamIn::Path || node.bool("required").unwrap_or(false),
            description: node.str("description"),
            deprecated: node.bool("deprecated").unwrap_or(false),
            schema,
            examples: examples_of(spec, &node),
            style: node.str("style"),
            explode: node.bool("explode"),
            media_type,
        })
    }

    fn body(&self, operation: &Node<'a>) -> Result<Option<Body<'a>>> {
        let Some(body) = operation.get("requestBody") else {
            return Ok(None);
        };
        let body = deref(self.spec, body)?;
        let Some((media_type, media)) = body.get("content").and_then(|c| pick_media_type(&c))
        else {
            return Ok(None);
        };
        Ok(Some(Body {
            required: body.bool("required").unwrap_or(false),
            description: body.str("description"),
            media_type,
            schema: media.get("schema").map(Schema::from),
        }))
    }

    fn responses(&self, operation: &Node<'a>) -> Result<Vec<Response<'a>>> {
        let Some(responses) = operation.get("responses") else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for status in responses
            .value
            .as_object()
            .into_iter()
            .flat_map(|m| m.keys())
        {
            if status.starts_with("x-") {
                continue;
            }
            let response = deref(self.spec, responses.get(status).expect("key from this map"))?;
            let json_schema = response
                .get("content")
                .and_then(|content| pick_media_type(&content))
                .filter(|(media_type, _)| is_json(media_type))
                .and_then(|(_, media)| media.get("schema"))
                .map(Schema::from);
            out.push(Response {
                status,
                json_schema,
            });
        }
        Ok(out)
    }
}

/// `application/json`, `application/problem+json`, `application/json; charset=utf-8`...
pub(crate) fn is_json(media_type: &str) -> bool {
    let essence = media_type.split(';').next().unwrap_or("").trim();
    essence == "application/json" || essence.ends_with("+json") || essence == "*/*"
}

/// The media type a tool sends: JSON first, then form encodings, then whatever comes first.
fn pick_media_type<'a>(content: &Node<'a>) -> Option<(&'a str, Node<'a>)> {
    let map = content.value.as_object()?;
    let rank = |media_type: &str| {
        let essence = media_type.split(';').next().unwrap_or("").trim();
        match essence {
            _ if is_json(essence) && essence != "*/*" => 0,
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
    let names: Vec<&String> = examples
        .value
        .as_object()
        .into_iter()
        .flat_map(|m| m.keys())
        .collect();
    names
        .into_iter()
        .filter_map(|name| deref(spec, examples.get(name)?).ok())
        .filter_map(|example| example.value.get("value"))
        .collect()
}
