//! Stage 2, model: the operations of an API, whatever the OpenAPI version. Everything after
//! this module sees only these types. Values borrow from the loaded documents; nothing is
//! deep-copied.

mod openapi3;

pub(crate) use openapi3::METHODS;
mod security;
mod swagger2;

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

use serde_json::{Map, Value};

use crate::error::{push_pointer, Error, ErrorKind, Result};
use crate::http::Method;
use crate::load::{Location, Spec};
pub use crate::tool::{CollectionFormat, In, Style};
pub use security::{supplies, Credential};

/// The document's OpenAPI version.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Version {
    Swagger2,
    OpenApi30,
    OpenApi31,
    OpenApi32,
}

impl Version {
    /// Reads the version from the root document, refusing what this tool cannot convert.
    pub fn detect(spec: &Spec) -> Result<Version> {
        let root = spec.root();
        let file = spec.file(0).name.clone();
        let Some(object) = root.as_object() else {
            return Err(Error::new(
                ErrorKind::Input,
                format!(
                    "not an OpenAPI document: the top level is {}, not an object",
                    json_kind(root)
                ),
            )
            .in_file(file));
        };
        let found = match (object.get("openapi"), object.get("swagger")) {
            (Some(Value::String(v)), _) => v.as_str(),
            (Some(other), _) => {
                return Err(Error::new(ErrorKind::Input, format!(
                    "the `openapi` field must be a string such as \"3.1.0\", found {other}"
                ))
                .in_file(file)
                .at("/openapi"))
            }
            (None, Some(v)) if v == "2.0" => return Ok(Version::Swagger2),
            (None, Some(v)) => {
                return Err(Error::new(ErrorKind::Input, format!(
                    "unsupported version: swagger {v} (supported: Swagger 2.0, OpenAPI 3.0, 3.1 and 3.2)"
                ))
                .in_file(file)
                .at("/swagger"))
            }
            (None, None) => {
                return Err(
                    Error::new(ErrorKind::Input, "not an OpenAPI document: it has no `openapi` field").in_file(file),
                )
            }
        };
        let version = match found.split('.').take(2).collect::<Vec<_>>()[..] {
            ["3", "0"] => Version::OpenApi30,
            ["3", "1"] => Version::OpenApi31,
            ["3", "2"] => Version::OpenApi32,
            _ => {
                return Err(Error::new(ErrorKind::Input, format!(
                    "unsupported version: openapi {found} (supported: Swagger 2.0, OpenAPI 3.0, 3.1 and 3.2)"
                ))
                .in_file(file)
                .at("/openapi"))
            }
        };
        Ok(version)
    }

    /// The schema dialect the document's schemas are written in.
    pub fn dialect(self) -> Dialect {
        match self {
            Version::Swagger2 | Version::OpenApi30 => Dialect::OpenApi30,
            Version::OpenApi31 | Version::OpenApi32 => Dialect::JsonSchema2020,
        }
    }
}

/// How the spec's schemas are to be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// OpenAPI 3.0's extended subset of JSON Schema draft 4 (`nullable`, boolean exclusive
    /// bounds, `example`); Swagger 2.0's too (`x-nullable`, `type: file`).
    OpenApi30,
    /// JSON Schema 2020-12, as OpenAPI 3.1 and 3.2 use.
    JsonSchema2020,
}

/// A JSON value in the spec together with where it stands.
#[derive(Debug, Clone)]
pub struct Node<'a> {
    pub value: &'a Value,
    pub location: Location,
}

impl<'a> Node<'a> {
    pub fn get(&self, key: &str) -> Option<Node<'a>> {
        self.value.get(key).map(|value| Node {
            value,
            location: Location {
                file: self.location.file,
                pointer: push_pointer(&self.location.pointer, key),
            },
        })
    }

    pub fn get_index(&self, index: usize) -> Node<'a> {
        Node {
            value: &self.value[index],
            location: Location {
                file: self.location.file,
                pointer: format!("{}/{index}", self.location.pointer),
            },
        }
    }

    /// The entries of an object node, in order (none for anything else).
    pub fn entries(&self) -> Vec<(&'a str, Node<'a>)> {
        let Some(object) = self.value.as_object() else {
            return Vec::new();
        };
        object
            .iter()
            .map(|(key, value)| {
                let location = Location {
                    file: self.location.file,
                    pointer: push_pointer(&self.location.pointer, key),
                };
                (key.as_str(), Node { value, location })
            })
            .collect()
    }

    pub fn str(&self, key: &str) -> Option<&'a str> {
        self.value.get(key).and_then(Value::as_str)
    }

    pub fn bool(&self, key: &str) -> Option<bool> {
        self.value.get(key).and_then(Value::as_bool)
    }

    /// The strings of the array under `key` (none if it is absent or not an array).
    pub fn strings(&self, key: &str) -> Vec<&'a str> {
        let items = self.value.get(key).and_then(Value::as_array);
        items
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect()
    }
}

/// Keywords that make a schema more than a plain list of properties.
const COMPOSITION: [&str; 7] = [
    "allOf",
    "anyOf",
    "oneOf",
    "not",
    "if",
    "$ref",
    "dependentSchemas",
];

/// An object schema that is its properties and nothing more: what a body is split into
/// fields by (a tool argument each), and what a form's credential field is looked for in.
pub fn is_plain_object(object: &Map<String, Value>) -> bool {
    let typed_object = match object.get("type") {
        Some(t) => t == "object",
        None => object.contains_key("properties"),
    };
    typed_object
        && object.get("properties").is_some_and(Value::is_object)
        && !COMPOSITION.iter().any(|k| object.contains_key(*k))
}

/// The names an object schema's `required` lists (none when it lists none, or is broken).
pub fn required_names(object: &Map<String, Value>) -> Vec<&str> {
    object
        .get("required")
        .and_then(Value::as_array)
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// A schema in the spec, not yet resolved or translated.
#[derive(Debug, Clone)]
pub struct Schema<'a> {
    pub value: Cow<'a, Value>,
    pub location: Location,
}

impl<'a> From<Node<'a>> for Schema<'a> {
    fn from(node: Node<'a>) -> Self {
        Schema {
            value: Cow::Borrowed(node.value),
            location: node.location,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Parameter<'a> {
    pub name: &'a str,
    pub location: In,
    pub required: bool,
    pub description: Option<&'a str>,
    pub deprecated: bool,
    pub schema: Option<Schema<'a>>,
    /// The parameter's own `example`/`examples`, as JSON Schema `examples`.
    pub examples: Vec<&'a Value>,
    pub style: Option<Style>,
    pub explode: Option<bool>,
    /// The media type, when the parameter is described by `content` rather than `schema`.
    pub media_type: Option<&'a str>,
    /// Swagger 2.0's `collectionFormat` for arrays (`csv`, `multi`...).
    pub collection_format: Option<CollectionFormat>,
    /// OpenAPI 3's `allowReserved` (query parameters).
    pub allow_reserved: bool,
}

#[derive(Debug, Clone)]
pub struct RequestBody<'a> {
    pub required: bool,
    pub description: Option<&'a str>,
    pub media_type: &'a str,
    pub schema: Option<Schema<'a>>,
    /// Swagger 2.0 form fields' `collectionFormat`, by field name.
    pub collection_formats: Vec<(&'a str, CollectionFormat)>,
    /// OpenAPI 3 form fields' Encoding Object `style` and `explode`, by field name.
    pub encodings: Vec<(&'a str, Option<Style>, Option<bool>)>,
    /// A form body's fields, when its schema lists them plainly (what a field says of
    /// itself tells a credential from data).
    pub form_fields: Vec<FormField<'a>>,
    /// The form fields that carry the API's credential: serve fills them, no argument does.
    pub credential_fields: Vec<&'a str>,
    /// The names of its boolean fields, nested ones and those behind references included
    /// ([`boolean_fields`]): what a flag such as `store` asks of the call.
    pub flags: Vec<&'a str>,
    /// It carries a batch of API requests ([`carries_requests`]): the call does whatever
    /// each of them says.
    pub requests: bool,
    /// Its schema is an array ([`is_array`]): a list of items or of changes.
    pub array: bool,
}

/// A field of a form body.
#[derive(Debug, Clone)]
pub struct FormField<'a> {
    pub name: &'a str,
    pub description: Option<&'a str>,
    pub required: bool,
}

#[derive(Debug, Clone)]
pub struct Response<'a> {
    /// The status code as written: `200`, `2XX`, `default`.
    pub status: &'a str,
    pub description: Option<&'a str>,
    /// Whether it says nothing but its description: no content, schema or headers.
    pub bare: bool,
    /// The schema of its JSON content, if it has one.
    pub json_schema: Option<Schema<'a>>,
}

#[derive(Debug, Clone)]
pub struct Operation<'a> {
    /// The HTTP method: a registered one, or an extension method as the spec spells it.
    pub method: Method,
    pub path: &'a str,
    pub operation_id: Option<&'a str>,
    pub summary: Option<&'a str>,
    pub description: Option<&'a str>,
    pub deprecated: bool,
    pub tags: Vec<&'a str>,
    pub parameters: Vec<Parameter<'a>>,
    pub body: Option<RequestBody<'a>>,
    pub responses: Vec<Response<'a>>,
    /// The URL of the first applicable server, variables replaced by their defaults.
    pub server: Option<String>,
    /// The credentials a request needs: any one alternative, each a list of schemes.
    pub security: Vec<Vec<Credential<'a>>>,
    /// Whether the spec says what security the operation needs (its own `security` or the
    /// document's, `[]` included): one that does not may still need the API's credential.
    pub declares_security: bool,
    /// The `x-mcp-annotations` extension, if present.
    pub annotations: Option<Node<'a>>,
    /// Lint rules silenced for this operation (`x-openapi2mcp-ignore`).
    pub lint_ignore: Vec<&'a str>,
    /// `x-mcp: false` on the operation, its path item or the document: not a tool.
    pub excluded: bool,
    /// Every operation of the document is a POST ([`crate::http::only_posts`]).
    pub only_posts: bool,
    /// No operation of the document declares a `security` of its own (one that repeats the
    /// document's, or `[]`, is none): every one that needs scopes needs the document's.
    pub shared_security: bool,
    /// For a POST whose path item's GET says the same words (its summary, else its
    /// description): those words, and the GET: the same query, its arguments in a body.
    pub repeats_its_get: Option<(&'a str, Location)>,
    /// The operation object in the spec.
    pub location: Location,
}

/// The API, read one operation at a time: a large spec is converted without holding a model
/// of every operation at once.
#[derive(Debug, Clone, Copy)]
pub struct ApiModel<'a> {
    pub version: Version,
    spec: &'a Spec,
}

/// Reads what kind of document a loaded spec is; its operations come from
/// [`ApiModel::operations`].
pub fn read(spec: &Spec) -> Result<ApiModel<'_>> {
    Ok(ApiModel {
        version: Version::detect(spec)?,
        spec,
    })
}

impl<'a> ApiModel<'a> {
    /// Hands each operation to `each` in document order. An operation that cannot be read
    /// comes as its error, so that the caller decides whether one bad operation stops the
    /// run; an error `each` returns stops the walk.
    pub fn operations(
        &self,
        each: &mut dyn FnMut(Result<Operation<'a>>) -> Result<()>,
    ) -> Result<()> {
        match self.version {
            Version::Swagger2 => swagger2::read_operations(self.spec, each),
            _ => openapi3::read_operations(self.spec, each),
        }
    }
}

/// An operation found under `paths`, for a version's reader to turn into an [`Operation`].
struct Found<'a, 'n> {
    path: &'a str,
    item: &'n Node<'a>,
    method: Method,
    node: Node<'a>,
    /// `x-mcp: false` on the document, the path item or the operation.
    excluded: bool,
    only_posts: bool,
    shared_security: bool,
    /// The path item's GET, its reference followed.
    get: Option<Node<'a>>,
}

/// `x-mcp: false`: leave this out of the tools. Another value than a boolean is an error:
/// `no` or `"false"` read as no flag would keep what it meant to leave out.
fn says_no_mcp(spec: &Spec, node: &Node<'_>) -> Result<bool> {
    let Some(flag) = node.get("x-mcp") else {
        return Ok(false);
    };
    match flag.value.as_bool() {
        Some(keep) => Ok(!keep),
        None => Err(spec.error_at(&flag.location, "`x-mcp` must be true or false")),
    }
}

fn root(spec: &Spec) -> Node<'_> {
    Node {
        value: spec.root(),
        location: Location {
            file: 0,
            pointer: String::new(),
        },
    }
}

/// Walks `paths` in document order: each path item (references followed), its `methods`
/// in that order, then its `additionalOperations` (OpenAPI 3.2) as the spec spells them.
/// What cannot be read is handed on as an error, so one bad operation spoils only itself.
fn read_paths<'a>(
    spec: &'a Spec,
    methods: &[&str],
    mut read: impl FnMut(Found<'a, '_>) -> Result<Operation<'a>>,
    each: &mut dyn FnMut(Result<Operation<'a>>) -> Result<()>,
) -> Result<()> {
    let root = root(spec);
    let Some(paths) = root.get("paths") else {
        return Ok(());
    };
    let document_excluded = says_no_mcp(spec, &root)?;
    let Some(entries) = paths.value.as_object() else {
        return Err(spec.error_at(&paths.location, "`paths` must be an object"));
    };
    // Every method of the document, known before its first operation is read.
    let every_method: Vec<Method> = entries
        .iter()
        .filter(|(path, _)| !path.starts_with("x-"))
        .filter_map(|(_, item)| item.as_object())
        .flat_map(|item| item.keys().filter(|k| methods.contains(&k.as_str())))
        .filter_map(|key| Method::parse(key).ok())
        .collect();
    // A referenced path item's methods are not seen here: then the API is not known to be
    // all POST.
    let referenced = entries.values().any(|item| item.get("$ref").is_some());
    let only_posts = !referenced && crate::http::only_posts(&every_method);
    // An operation that is a reference may declare its own `security`, unseen here; one
    // that repeats the document's, or needs none (`[]`, a health check), declares nothing
    // of its own.
    let document_security = root.value.get("security");
    let own = |security: &serde_json::Value| {
        Some(security) != document_security && security.as_array().is_none_or(|a| !a.is_empty())
    };
    let own_security = (entries.values())
        .filter_map(|item| item.as_object())
        .flat_map(|item| {
            let additional = item.get("additionalOperations").and_then(|a| a.as_object());
            let operations = item.iter().filter(|(k, _)| methods.contains(&k.as_str()));
            operations.chain(additional.into_iter().flatten())
        })
        .any(|(_, operation)| {
            operation.get("$ref").is_some() || operation.get("security").is_some_and(own)
        });
    let shared_security = !referenced && !own_security;
    for path in entries.keys().filter(|p| !p.starts_with("x-")) {
        let item = match deref(spec, paths.get(path).expect("key from this map")) {
            Ok(item) => item,
            Err(error) => {
                each(Err(error))?;
                continue;
            }
        };
        let mut found: Vec<(&str, Node<'a>)> = methods
            .iter()
            .filter_map(|m| Some((*m, item.get(m)?)))
            .collect();
        if let Some(additional) = item.get("additionalOperations") {
            found.extend(additional.entries());
        }
        for (method, node) in found {
            let operation = deref(spec, node).and_then(|node| {
                // OpenAPI 3.2 names additional operations by their method: it must be one.
                let method = Method::parse(method)
                    .map_err(|e| spec.error_at(&node.location, e.to_string()))?;
                if !node.value.is_object() {
                    return Err(spec.error_at(&node.location, "an operation must be an object"));
                }
                let get = (method == Method::Post)
                    .then(|| item.get("get").and_then(|get| deref(spec, get).ok()))
                    .flatten();
                let excluded =
                    document_excluded || says_no_mcp(spec, &item)? || says_no_mcp(spec, &node)?;
                read(Found {
                    path,
                    item: &item,
                    method,
                    node,
                    excluded,
                    only_posts,
                    shared_security,
                    get,
                })
            });
            each(operation)?;
        }
    }
    Ok(())
}

/// The fields every version states the same way; the reader fills in the rest.
fn operation_shell<'a>(found: &Found<'a, '_>) -> Operation<'a> {
    let node = &found.node;
    Operation {
        method: found.method.clone(),
        path: found.path,
        operation_id: node.str("operationId"),
        summary: node.str("summary"),
        description: node.str("description"),
        deprecated: node.bool("deprecated").unwrap_or(false),
        tags: node.strings("tags"),
        parameters: Vec::new(),
        body: None,
        responses: Vec::new(),
        server: None,
        security: Vec::new(),
        declares_security: false,
        annotations: node.get("x-mcp-annotations"),
        excluded: found.excluded,
        only_posts: found.only_posts,
        shared_security: found.shared_security,
        repeats_its_get: repeats_its_get(found),
        lint_ignore: node.strings("x-openapi2mcp-ignore"),
        location: node.location.clone(),
    }
}

/// For a POST whose path item's GET has the same summary, or, where neither has one, the
/// same description (an API that takes a long query by POST as well says so): those words
/// and the GET.
fn repeats_its_get<'a>(found: &Found<'a, '_>) -> Option<(&'a str, Location)> {
    fn words<'a>(node: &Node<'a>) -> Option<(bool, &'a str)> {
        let text = |key| node.str(key).map(str::trim).filter(|t| !t.is_empty());
        (text("summary").map(|t| (true, t))).or(text("description").map(|t| (false, t)))
    }
    let get = found.get.as_ref()?;
    let said = words(&found.node).filter(|said| words(get) == Some(*said))?;
    Some((said.1, get.location.clone()))
}

/// The parameter objects of an operation (references followed): the path item's, each
/// replaced by the operation's own with the same name and location, then the rest of the
/// operation's.
fn parameter_nodes<'a>(spec: &'a Spec, found: &Found<'a, '_>) -> Result<Vec<Node<'a>>> {
    let mut merged = list(spec, found.item, "parameters")?;
    let key = |n: &Node<'a>| (n.str("name"), n.str("in"));
    // By (name, location): an operation with thousands of parameters stays linear.
    let mut index: HashMap<_, usize> = merged
        .iter()
        .enumerate()
        .map(|(i, n)| (key(n), i))
        .collect();
    for parameter in list(spec, &found.node, "parameters")? {
        match index.get(&key(&parameter)) {
            Some(&i) => merged[i] = parameter,
            None => {
                index.insert(key(&parameter), merged.len());
                merged.push(parameter);
            }
        }
    }
    Ok(merged)
}

/// The items of the array under `key` (references followed); none if it is absent.
fn list<'a>(spec: &'a Spec, owner: &Node<'a>, key: &str) -> Result<Vec<Node<'a>>> {
    let Some(list) = owner.get(key) else {
        return Ok(Vec::new());
    };
    let Some(items) = list.value.as_array() else {
        return Err(spec.error_at(&list.location, format!("`{key}` must be an array")));
    };
    (0..items.len())
        .map(|i| deref(spec, list.get_index(i)))
        .collect()
}

/// An operation's responses in order (references followed); `json_schema` picks the schema
/// of a response's JSON content, the way the document's version writes it.
fn responses<'a>(
    spec: &'a Spec,
    operation: &Node<'a>,
    json_schema: impl Fn(&Node<'a>) -> Option<Schema<'a>>,
) -> Result<Vec<Response<'a>>> {
    let Some(responses) = operation.get("responses") else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for (status, response) in responses.entries() {
        if status.starts_with("x-") {
            continue;
        }
        let response = deref(spec, response)?;
        out.push(Response {
            status,
            description: response.str("description"),
            bare: ["content", "schema", "headers"]
                .iter()
                .all(|key| response.get(key).is_none()),
            json_schema: json_schema(&response),
        });
    }
    Ok(out)
}

/// The `style` of a parameter or encoding, if it has one; an error names the styles.
fn style(spec: &Spec, node: &Node<'_>) -> Result<Option<Style>> {
    enumerated(
        spec,
        node,
        "style",
        Style::parse,
        &Style::ALL.map(Style::as_str),
    )
}

/// Swagger 2.0's `collectionFormat`, if given; an error names the formats.
fn collection_format(spec: &Spec, node: &Node<'_>) -> Result<Option<CollectionFormat>> {
    let names = CollectionFormat::ALL.map(CollectionFormat::as_str);
    enumerated(
        spec,
        node,
        "collectionFormat",
        CollectionFormat::parse,
        &names,
    )
}

fn enumerated<T>(
    spec: &Spec,
    node: &Node<'_>,
    key: &str,
    parse: fn(&str) -> Option<T>,
    names: &[&str],
) -> Result<Option<T>> {
    let Some(value) = node.get(key) else {
        return Ok(None);
    };
    value
        .value
        .as_str()
        .and_then(parse)
        .map(Some)
        .ok_or_else(|| {
            spec.error_at(
                &value.location,
                format!(
                    "`{key}` must be one of {}, found {}",
                    names.join(", "),
                    value.value
                ),
            )
        })
}

/// A parameter's required name and location.
fn name_and_location<'a>(
    spec: &Spec,
    node: &Node<'a>,
    locations: &str,
) -> Result<(&'a str, &'a str)> {
    let name = node
        .str("name")
        .ok_or_else(|| spec.error_at(&node.location, "a parameter needs a string `name`"))?;
    let location = node.str("in").ok_or_else(|| {
        spec.error_at(
            &node.location,
            format!("parameter '{name}' needs `in`: {locations}"),
        )
    })?;
    Ok((name, location))
}

/// The names of a body schema's flags ([`is_flag`]): its properties' and those of the objects
/// they hold (`options.store`), references and `allOf` followed, a few levels deep.
pub(super) fn boolean_fields<'a>(spec: &'a Spec, schema: &Node<'a>) -> Vec<&'a str> {
    fn collect<'a>(spec: &'a Spec, schema: Node<'a>, depth: usize, out: &mut Vec<&'a str>) {
        // A reference that does not resolve is reported where the schema is converted.
        let Ok(schema) = deref(spec, schema) else {
            return;
        };
        if depth == 0 {
            return;
        }
        if let Some(parts) = schema.get("allOf") {
            let count = parts.value.as_array().map_or(0, Vec::len);
            for i in 0..count {
                collect(spec, parts.get_index(i), depth - 1, out);
            }
        }
        let properties = schema.get("properties").map(|p| p.entries());
        for (name, property) in properties.unwrap_or_default() {
            let Ok(property) = deref(spec, property) else {
                continue;
            };
            if is_flag(property.value) {
                out.push(name);
            } else {
                collect(spec, property, depth - 1, out);
            }
        }
    }
    let mut out = Vec::new();
    collect(spec, schema.clone(), 4, &mut out);
    out
}

/// Whether a body schema carries a batch of API requests, each with its own method and path
/// (Mailchimp's `operations`, Microsoft Graph's `requests`, Salesforce's `compositeRequest`):
/// the body, or one of its properties, an array of [`is_a_request`]s, references followed.
pub(super) fn carries_requests<'a>(spec: &'a Spec, schema: &Node<'a>) -> bool {
    let of_requests = |node: Node<'a>| {
        let items = deref(spec, node).ok().and_then(|node| node.get("items"));
        let items = items.and_then(|items| deref(spec, items).ok());
        items.is_some_and(|items| is_a_request(items.value))
    };
    let Ok(schema) = deref(spec, schema.clone()) else {
        return false;
    };
    let properties = schema.get("properties").map(|p| p.entries());
    of_requests(schema) || (properties.unwrap_or_default().into_iter()).any(|(_, p)| of_requests(p))
}

/// Whether a body schema is an array, references and an `allOf` of one followed, a few
/// levels deep (a schema that is an `allOf` of itself ends)
/// (`JsonPatchDocument` defined as an array of operations; `type: [array, "null"]`).
pub(super) fn is_array<'a>(spec: &'a Spec, schema: &Node<'a>) -> bool {
    let mut schema = schema.clone();
    for _ in 0..8 {
        let Ok(node) = deref(spec, schema) else {
            return false;
        };
        let only_part = node
            .get("allOf")
            .filter(|all| all.value.as_array().is_some_and(|a| a.len() == 1));
        match only_part {
            Some(all) => schema = all.get_index(0),
            None => return has_type(node.value, "array"),
        }
    }
    false
}

/// Whether a schema's `type` is `name`, or a list of types that holds it (OpenAPI 3.1's
/// `[boolean, "null"]`).
pub fn has_type(schema: &Value, name: &str) -> bool {
    match schema.get("type") {
        Some(Value::Array(types)) => types.iter().any(|t| t == name),
        Some(t) => t == name,
        None => false,
    }
}

/// Whether an object schema describes an API request: a `method` and a `path` or URL.
pub(crate) fn is_a_request(schema: &Value) -> bool {
    let properties = schema.get("properties").and_then(Value::as_object);
    properties.is_some_and(|p| {
        p.contains_key("method")
            && ["path", "url", "uri", "relative_url"]
                .iter()
                .any(|key| p.contains_key(*key))
    })
}

/// Whether a schema is a flag: its `type` boolean (alone, or beside others: `[boolean,
/// "null"]`), or its values only true and false, as strings, as 0 and 1 or as yes and no
/// (DocuSign types its flags `string`, PHP-style APIs take `?delete=1`, Mailgun's `upsert`
/// is `yes` or `no`).
pub fn is_flag(schema: &Value) -> bool {
    let boolean = has_type(schema, "boolean");
    let either = |value: &Value| match value {
        Value::String(s) => matches!(
            s.to_ascii_lowercase().as_str(),
            "true" | "false" | "0" | "1" | "yes" | "no"
        ),
        Value::Number(n) => n.as_u64().is_some_and(|n| n <= 1),
        Value::Bool(_) => true,
        _ => false,
    };
    let values = schema.get("enum").and_then(Value::as_array);
    boolean || values.is_some_and(|v| v.len() == 2 && v.iter().all(either))
}

/// Follows `$ref`s from `node` until a value that is not a reference. A chain that comes
/// back on itself is an error, not a hang.
pub fn deref<'a>(spec: &'a Spec, node: Node<'a>) -> Result<Node<'a>> {
    let mut current = node;
    let mut seen: HashSet<Location> = HashSet::new();
    while let Some(reference) = current.str("$ref") {
        if !seen.insert(current.location.clone()) {
            return Err(spec.error_at(
                &node_ref_location(&current),
                format!("reference cycle with no object in between at $ref '{reference}'"),
            ));
        }
        let (location, value) = spec
            .resolve(current.location.file, reference)
            .map_err(|reason| spec.error_at(&node_ref_location(&current), reason))?;
        current = Node { value, location };
    }
    Ok(current)
}

fn node_ref_location(node: &Node<'_>) -> Location {
    Location {
        file: node.location.file,
        pointer: push_pointer(&node.location.pointer, "$ref"),
    }
}

/// Whether content of this media type is read as JSON: a JSON type, or `*/*`, which a JSON
/// body satisfies.
pub fn is_json_content(media_type: &str) -> bool {
    crate::http::is_json(media_type) || crate::http::media_essence(media_type) == "*/*"
}

pub fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
