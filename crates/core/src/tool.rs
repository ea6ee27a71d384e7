//! The contract: one MCP tool, its annotations and its HTTP binding, as typed values.
//! Convert builds them, the manifest writer serializes them, and serve, lint, review and
//! verify read them back through [`crate::manifest::read`]. Field order is the order of
//! the manifest's keys, so the same tool always gives the same bytes.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::http::Method;

/// The `_meta` key under which each tool carries its HTTP binding.
pub const HTTP_META_KEY: &str = "openapi2mcp/http";

/// One tool as MCP's `Tool` object, with our binding in `_meta`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Tool {
    /// The tool's name as MCP lists it, and as a call names it.
    pub name: String,
    /// A short title for people to read. Convert takes an overrides entry's, else the
    /// operation's `summary`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// What the tool does, for the model to read. Convert writes the operation's summary and
    /// description (or an overrides entry's); a deprecated operation's begins by saying so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Always set by convert; a manifest from elsewhere may lack it (lint says so).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_schema: Option<Value>,
    /// The JSON Schema of a result's `structuredContent`. Convert writes one only with
    /// `--output-schema`, from the lowest 2xx status's response with a JSON schema.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output_schema: Option<Value>,
    /// The hints the tool declares, and perhaps a title.
    #[serde(default, skip_serializing_if = "Annotations::is_empty")]
    pub annotations: Annotations,
    /// The tool's `_meta`: its HTTP binding and what else a runtime needs.
    #[serde(rename = "_meta", default, skip_serializing_if = "Meta::is_empty")]
    pub meta: Meta,
}

impl Tool {
    /// A tool with a name and input schema, and nothing else yet.
    pub fn new(name: impl Into<String>, input_schema: Value) -> Tool {
        Tool {
            name: name.into(),
            title: None,
            description: None,
            input_schema: Some(input_schema),
            output_schema: None,
            annotations: Annotations::default(),
            meta: Meta::default(),
        }
    }

    /// The HTTP binding, when the tool has one (every tool convert writes does).
    pub fn binding(&self) -> Option<&Binding> {
        self.meta.http.as_ref()
    }

    /// The title MCP clients show: the tool's own, else the annotations'.
    pub fn display_title(&self) -> Option<&str> {
        self.title.as_deref().or(self.annotations.title.as_deref())
    }
}

/// A tool's `_meta`: what a runtime needs beyond MCP.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Meta {
    /// How the tool's arguments become an HTTP request, under [`HTTP_META_KEY`].
    #[serde(
        rename = "openapi2mcp/http",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub http: Option<Binding>,
    /// The operation's tags: `serve --toolset` serves tools by them, and `serve --dynamic`
    /// searches them.
    #[serde(
        rename = "openapi2mcp/tags",
        default,
        skip_serializing_if = "Vec::is_empty"
    )]
    pub tags: Vec<String>,
    /// The full `inputSchema` of a tool `--compact` made smaller: serve checks arguments
    /// against it, so what the listed schema leaves out is still checked.
    #[serde(
        rename = "openapi2mcp/inputSchema",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub input_schema: Option<Value>,
}

impl Meta {
    /// Whether there is nothing in it: no binding, tags or full input schema. A manifest then
    /// leaves `_meta` out.
    pub fn is_empty(&self) -> bool {
        self.http.is_none() && self.input_schema.is_none() && self.tags.is_empty()
    }
}

/// The four MCP tool annotation hints. Each one's number is its place in [`HintKind::ALL`],
/// which arrays of hint values are indexed by (`values[kind as usize]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HintKind {
    /// `readOnlyHint`: the tool does not change its environment.
    ReadOnly = 0,
    /// `destructiveHint`: the tool may destroy or overwrite what is there, rather than only
    /// add to it.
    Destructive = 1,
    /// `idempotentHint`: a call repeated with the same arguments has no further effect.
    Idempotent = 2,
    /// `openWorldHint`: the tool may deal with an open world of outside entities, such as the
    /// web, rather than a closed domain.
    OpenWorld = 3,
}

impl HintKind {
    /// Every hint, in the order of MCP's `ToolAnnotations`; arrays of hint values follow it.
    pub const ALL: [HintKind; 4] = [
        HintKind::ReadOnly,
        HintKind::Destructive,
        HintKind::Idempotent,
        HintKind::OpenWorld,
    ];

    /// The key in MCP's `ToolAnnotations`.
    pub fn key(self) -> &'static str {
        match self {
            HintKind::ReadOnly => "readOnlyHint",
            HintKind::Destructive => "destructiveHint",
            HintKind::Idempotent => "idempotentHint",
            HintKind::OpenWorld => "openWorldHint",
        }
    }

    /// The value a client assumes when the hint is absent (the MCP specification's).
    pub fn default_value(self) -> bool {
        match self {
            HintKind::ReadOnly | HintKind::Idempotent => false,
            HintKind::Destructive | HintKind::OpenWorld => true,
        }
    }

    /// Destructive and idempotent mean nothing on a read-only tool (MCP says so).
    pub fn moot_when_read_only(self) -> bool {
        matches!(self, HintKind::Destructive | HintKind::Idempotent)
    }

    /// Whether `value` makes a tool look safer to a client than the hint's default: read-only
    /// or idempotent, not destructive or closed-world.
    pub fn loosens(self, value: bool) -> bool {
        value != self.default_value()
    }

    /// The hint whose key in `ToolAnnotations` is `key` (`readOnlyHint`...); `None` for any
    /// other text.
    pub fn from_key(key: &str) -> Option<HintKind> {
        HintKind::ALL.into_iter().find(|k| k.key() == key)
    }
}

/// MCP's `ToolAnnotations`: the hints a tool declares. An absent hint means its default.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Annotations {
    /// A title for people to read; the tool's own `title`, when set, comes first
    /// ([`Tool::display_title`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The declared [`HintKind::ReadOnly`]; `None` leaves it to its default (`false`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_only_hint: Option<bool>,
    /// The declared [`HintKind::Destructive`]; `None` leaves it to its default (`true`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destructive_hint: Option<bool>,
    /// The declared [`HintKind::Idempotent`]; `None` leaves it to its default (`false`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub idempotent_hint: Option<bool>,
    /// The declared [`HintKind::OpenWorld`]; `None` leaves it to its default (`true`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open_world_hint: Option<bool>,
}

impl Annotations {
    /// The declared value of a hint, if declared.
    pub fn get(&self, kind: HintKind) -> Option<bool> {
        *self.slot(kind)
    }

    /// Declares a hint's value, or with `None` leaves it undeclared.
    pub fn set(&mut self, kind: HintKind, value: Option<bool>) {
        *self.slot_mut(kind) = value;
    }

    /// The value a client acts on: the declared one, or the MCP default.
    pub fn effective(&self, kind: HintKind) -> bool {
        self.get(kind).unwrap_or(kind.default_value())
    }

    /// Every hint's effective value, in [`HintKind::ALL`] order.
    pub fn effective_all(&self) -> [bool; 4] {
        HintKind::ALL.map(|kind| self.effective(kind))
    }

    /// The hints declared, in [`HintKind::ALL`] order.
    pub fn declared(&self) -> impl Iterator<Item = (HintKind, bool)> + '_ {
        HintKind::ALL
            .into_iter()
            .filter_map(|kind| Some((kind, self.get(kind)?)))
    }

    /// Whether neither a title nor any hint is declared. A manifest then leaves `annotations`
    /// out.
    pub fn is_empty(&self) -> bool {
        self.title.is_none() && self.declared().next().is_none()
    }

    fn slot(&self, kind: HintKind) -> &Option<bool> {
        match kind {
            HintKind::ReadOnly => &self.read_only_hint,
            HintKind::Destructive => &self.destructive_hint,
            HintKind::Idempotent => &self.idempotent_hint,
            HintKind::OpenWorld => &self.open_world_hint,
        }
    }

    fn slot_mut(&mut self, kind: HintKind) -> &mut Option<bool> {
        match kind {
            HintKind::ReadOnly => &mut self.read_only_hint,
            HintKind::Destructive => &mut self.destructive_hint,
            HintKind::Idempotent => &mut self.idempotent_hint,
            HintKind::OpenWorld => &mut self.open_world_hint,
        }
    }
}

/// `_meta["openapi2mcp/http"]`: how a tool's arguments become an HTTP request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Binding {
    /// The request's method.
    pub method: Method,
    /// The path template, such as `/items/{id}`.
    pub path: String,
    /// The spec's server URL for this operation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server: Option<String>,
    /// The request body's media type, sent as its `Content-Type`; `None` when the operation
    /// takes no body.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body_media_type: Option<String>,
    /// The request body is required: sent (as `{}` or the media type's empty form) even
    /// when no argument fills it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub body_required: bool,
    /// Credential alternatives: any one of them, each a list of schemes sent together.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub auth: Vec<Vec<Scheme>>,
    /// The argument that carries the idempotency key (a header or query parameter, or a body
    /// field), if the API takes one: serve mints it once per call and sends the same one on
    /// every retry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub idempotency_key: Option<String>,
    /// A write that a person reviewed as idempotent or read-only (an overrides file) and
    /// that takes an idempotency key: serve may repeat it. A hint alone is a claim.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub retry_reviewed: bool,
    /// The tool is in the honest read-only subset
    /// ([`Hints::read_only_verdict`](crate::hints::Hints::read_only_verdict)):
    /// `serve --dynamic` lets `call_read_only_operation` call it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub read_only_verified: bool,
    /// The reason a person gave (the tool's own overrides entry) for `readOnlyHint: true` on
    /// a method that writes, so that wherever the manifest is read the claim is taken as
    /// the decision it was: passed on, not withheld or reported as a contradiction
    /// ([`Hints::listed`](crate::hints::Hints::listed)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_only_reviewed: Option<String>,
    /// Where a non-object JSON response goes in `structuredContent`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result_property: Option<String>,
    /// Argument name to where it goes.
    #[serde(default)]
    pub params: IndexMap<String, Param>,
}

impl Binding {
    /// The reason of a person's read-only review the binding records, where it counts: on
    /// a method that writes (the only one convert records it for), and not blank.
    pub fn read_only_review(&self) -> Option<&str> {
        let reason = self.read_only_reviewed.as_deref()?;
        (self.method.writes() && !reason.trim().is_empty()).then_some(reason)
    }

    /// Whether a call that timed out or got a 5xx may be sent again: its method is
    /// idempotent in HTTP, or a person reviewed it so ([`Binding::retry_reviewed`]).
    pub fn retry_safe(&self) -> bool {
        self.method.is_idempotent() || self.retry_reviewed
    }

    /// A binding of a method and a path template, with no server, body, credentials or
    /// arguments yet.
    pub fn new(method: Method, path: impl Into<String>) -> Binding {
        Binding {
            method,
            path: path.into(),
            server: None,
            body_media_type: None,
            body_required: false,
            auth: Vec::new(),
            idempotency_key: None,
            retry_reviewed: false,
            read_only_verified: false,
            read_only_reviewed: None,
            result_property: None,
            params: IndexMap::new(),
        }
    }
}

/// Where one argument goes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Param {
    /// Where the value goes in the request.
    #[serde(rename = "in")]
    pub location: In,
    /// The name in the request; absent for a body sent whole.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// OpenAPI's `style`, as the spec gave it; `None` for the location's default (`simple` in
    /// a path or header, `form` in a query or cookie).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub style: Option<Style>,
    /// OpenAPI's `explode`, as the spec gave it; `None` for the style's default (true for
    /// `form` and `cookie`, false for any other).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explode: Option<bool>,
    /// The media type of a parameter described by `content` rather than `schema`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub media_type: Option<String>,
    /// Swagger 2.0 `collectionFormat`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub collection_format: Option<CollectionFormat>,
    /// A query parameter's `allowReserved`: reserved characters are sent as they are.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub allow_reserved: bool,
}

impl Param {
    /// A parameter that goes in `location` under `name` (`None` for a body sent whole),
    /// serialized in the default way.
    pub fn new(location: In, name: Option<String>) -> Param {
        Param {
            location,
            name,
            style: None,
            explode: None,
            media_type: None,
            collection_format: None,
            allow_reserved: false,
        }
    }
}

/// Where a value goes in the HTTP request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum In {
    /// A variable of the path template.
    Path,
    /// A query parameter.
    Query,
    /// OpenAPI 3.2 `in: querystring`: the whole query string as one value.
    QueryString,
    /// A request header.
    Header,
    /// A cookie, in the `Cookie` header.
    Cookie,
    /// The request body: a field of it, or all of it.
    Body,
}

impl In {
    /// A parameter's `in` (the body is not a parameter location in OpenAPI 3).
    pub fn of_parameter(text: &str) -> Option<In> {
        Some(match text {
            "path" => In::Path,
            "query" => In::Query,
            "querystring" => In::QueryString,
            "header" => In::Header,
            "cookie" => In::Cookie,
            _ => return None,
        })
    }

    /// The location as a manifest writes it (its `in`).
    pub fn as_str(self) -> &'static str {
        match self {
            In::Path => "path",
            In::Query => "query",
            In::QueryString => "querystring",
            In::Header => "header",
            In::Cookie => "cookie",
            In::Body => "body",
        }
    }
}

/// How a parameter's value is serialized (OpenAPI's `style`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Style {
    /// `;name=value`, as in RFC 6570's path-style expansion.
    Matrix,
    /// `.value`, as in RFC 6570's label expansion.
    Label,
    /// `value` or `a,b,c`: the default in a path or header.
    Simple,
    /// `name=value`: the default in a query or cookie.
    Form,
    /// OpenAPI 3.2: a cookie's `name=value` pairs without percent-encoding rules of `form`.
    Cookie,
    /// An array's items joined by spaces.
    SpaceDelimited,
    /// An array's items joined by `|`.
    PipeDelimited,
    /// An object's properties as `name[key]=value`.
    DeepObject,
}

impl Style {
    /// Every style.
    pub const ALL: [Style; 8] = [
        Style::Matrix,
        Style::Label,
        Style::Simple,
        Style::Form,
        Style::Cookie,
        Style::SpaceDelimited,
        Style::PipeDelimited,
        Style::DeepObject,
    ];

    /// The style as OpenAPI spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            Style::Matrix => "matrix",
            Style::Label => "label",
            Style::Simple => "simple",
            Style::Form => "form",
            Style::Cookie => "cookie",
            Style::SpaceDelimited => "spaceDelimited",
            Style::PipeDelimited => "pipeDelimited",
            Style::DeepObject => "deepObject",
        }
    }

    /// The style OpenAPI spells `text` (case counts); `None` for any other text.
    pub fn parse(text: &str) -> Option<Style> {
        Style::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

/// Swagger 2.0's `collectionFormat`: how an array is joined.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CollectionFormat {
    /// Items joined by commas.
    Csv,
    /// Items joined by spaces.
    Ssv,
    /// Items joined by tabs.
    Tsv,
    /// Items joined by `|`.
    Pipes,
    /// The parameter repeated, once per item.
    Multi,
}

impl CollectionFormat {
    /// Every format.
    pub const ALL: [CollectionFormat; 5] = [
        CollectionFormat::Csv,
        CollectionFormat::Ssv,
        CollectionFormat::Tsv,
        CollectionFormat::Pipes,
        CollectionFormat::Multi,
    ];

    /// The format as Swagger 2.0 spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            CollectionFormat::Csv => "csv",
            CollectionFormat::Ssv => "ssv",
            CollectionFormat::Tsv => "tsv",
            CollectionFormat::Pipes => "pipes",
            CollectionFormat::Multi => "multi",
        }
    }

    /// The format Swagger 2.0 spells `text`; `None` for any other text.
    pub fn parse(text: &str) -> Option<CollectionFormat> {
        CollectionFormat::ALL
            .into_iter()
            .find(|f| f.as_str() == text)
    }

    /// What joins the items; `None` for `multi`, which repeats the parameter instead.
    pub fn separator(self) -> Option<&'static str> {
        match self {
            CollectionFormat::Csv => Some(","),
            CollectionFormat::Ssv => Some(" "),
            CollectionFormat::Tsv => Some("\t"),
            CollectionFormat::Pipes => Some("|"),
            CollectionFormat::Multi => None,
        }
    }
}

/// One security scheme, as convert describes it: enough to send the credential.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Scheme {
    /// The scheme's name in the spec.
    pub scheme: String,
    /// How the credential is sent.
    #[serde(flatten)]
    pub kind: SchemeKind,
}

/// How a security scheme's credential goes in a request: the manifest's `type`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum SchemeKind {
    /// `Authorization: Bearer <token>` (HTTP bearer, OAuth 2, OpenID Connect).
    Bearer,
    /// `Authorization: Basic <base64(user:password)>`.
    Basic,
    /// An API key, sent as it is where `location` and `name` say.
    ApiKey {
        /// Where the key goes.
        #[serde(rename = "in")]
        location: KeyLocation,
        /// The name of the header, query parameter, cookie or form field.
        name: String,
    },
    /// A scheme serve cannot send, with what it is.
    Unsupported {
        /// Why serve cannot send it, for a message: what the scheme is (`HTTP 'digest'
        /// authentication`) or what is wrong with it.
        reason: String,
    },
}

/// Where an API key goes in a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum KeyLocation {
    /// A request header.
    Header,
    /// A query parameter.
    Query,
    /// A cookie.
    Cookie,
    /// A field of a form body (URL-encoded or multipart). No security scheme puts a key
    /// there; a form field that carries the credential under another name does.
    Form,
}

impl SchemeKind {
    /// Where the credential goes in a request and under which name: `Authorization` for
    /// bearer and basic, an API key's own place; nothing for a scheme serve cannot send.
    /// Stated once, for what a parameter repeats and which schemes clash.
    pub fn place(&self) -> Option<(KeyLocation, &str)> {
        match self {
            SchemeKind::Bearer | SchemeKind::Basic => Some((KeyLocation::Header, "Authorization")),
            SchemeKind::ApiKey { location, name } => Some((*location, name)),
            SchemeKind::Unsupported { .. } => None,
        }
    }
}

impl KeyLocation {
    /// An API key scheme's `in`: a header, a query parameter or a cookie.
    pub fn parse(text: &str) -> Option<KeyLocation> {
        Some(match text {
            "header" => KeyLocation::Header,
            "query" => KeyLocation::Query,
            "cookie" => KeyLocation::Cookie,
            _ => return None,
        })
    }

    /// Where in the request the key goes, as a parameter would.
    pub fn location(self) -> In {
        match self {
            KeyLocation::Header => In::Header,
            KeyLocation::Query => In::Query,
            KeyLocation::Cookie => In::Cookie,
            KeyLocation::Form => In::Body,
        }
    }
}

impl Scheme {
    /// The scheme the spec names `scheme`, sent as `kind` says.
    pub fn new(scheme: impl Into<String>, kind: SchemeKind) -> Scheme {
        Scheme {
            scheme: scheme.into(),
            kind,
        }
    }

    /// The environment variable that holds this scheme's secret: `OPENAPI2MCP_AUTH_` and
    /// the scheme's name in upper case, every other character than a letter or digit an
    /// underscore (`api-key` -> `OPENAPI2MCP_AUTH_API_KEY`).
    pub fn variable(&self) -> String {
        let name: String = self
            .scheme
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_uppercase()
                } else {
                    '_'
                }
            })
            .collect();
        format!("OPENAPI2MCP_AUTH_{name}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn effective_hints_are_the_declared_ones_or_the_mcp_defaults() {
        let mut annotations = Annotations::default();
        assert_eq!(annotations.effective_all(), [false, true, false, true]);
        annotations.set(HintKind::Destructive, Some(false));
        assert_eq!(annotations.effective_all(), [false, false, false, true]);
        assert_eq!(
            annotations.declared().collect::<Vec<_>>(),
            [(HintKind::Destructive, false)]
        );
    }

    #[test]
    fn a_binding_round_trips_with_its_keys_in_order() {
        let text = json!({
            "method": "POST", "path": "/items/{id}", "server": "https://api.test",
            "bodyMediaType": "application/json",
            "auth": [[{"scheme": "key", "type": "apiKey", "in": "header", "name": "X-Key"}],
                     [{"scheme": "oauth", "type": "bearer"}]],
            "idempotencyKey": "key",
            "params": {"id": {"in": "path", "name": "id", "style": "label", "explode": true},
                       "key": {"in": "header", "name": "Idempotency-Key"},
                       "tags": {"in": "query", "name": "tags", "collectionFormat": "multi"},
                       "body": {"in": "body"}},
        })
        .to_string();
        let binding: Binding = serde_json::from_str(&text).unwrap();
        assert_eq!(binding.params["id"].style, Some(Style::Label));
        assert_eq!(serde_json::to_string(&binding).unwrap(), text);
    }

    #[test]
    fn a_binding_with_an_unknown_style_or_method_is_refused() {
        let bad_style = json!({"method": "GET", "path": "/", "params": {"a": {"in": "query", "style": "commas"}}});
        assert!(serde_json::from_value::<Binding>(bad_style).is_err());
        let bad_method = json!({"method": "LIST ALL", "path": "/"});
        assert!(serde_json::from_value::<Binding>(bad_method).is_err());
    }
}
