//! `_meta["openapi2mcp/http"]`, read back: how a tool's arguments become an HTTP request.
//! convert writes it; `serve` reads it, whether the tools come from a spec or a manifest.

use indexmap::IndexMap;
use serde::Deserialize;

/// The HTTP side of one tool.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Binding {
    pub method: String,
    /// The path template, such as `/items/{id}`.
    pub path: String,
    /// The spec's server URL for this operation.
    pub server: Option<String>,
    pub body_media_type: Option<String>,
    /// Credential alternatives: any one of them, each a list of schemes sent together.
    #[serde(default)]
    pub auth: Vec<Vec<Scheme>>,
    /// The argument that carries the idempotency key header, if the API takes one.
    pub idempotency_key: Option<String>,
    /// Where a non-object JSON response goes in `structuredContent`.
    pub result_property: Option<String>,
    /// Argument name to where it goes.
    #[serde(default)]
    pub params: IndexMap<String, Param>,
}

/// Where one argument goes.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Param {
    #[serde(rename = "in")]
    pub location: Location,
    /// The name in the request; absent for a body sent whole.
    pub name: Option<String>,
    pub style: Option<String>,
    pub explode: Option<bool>,
    /// Swagger 2.0 `collectionFormat`.
    pub collection_format: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Location {
    Path,
    Query,
    /// OpenAPI 3.2: the whole query string as one value.
    QueryString,
    Header,
    Cookie,
    Body,
}

/// One security scheme, as convert describes it.
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Scheme {
    Bearer {
        scheme: String,
    },
    Basic {
        scheme: String,
    },
    ApiKey {
        scheme: String,
        #[serde(rename = "in")]
        location: KeyLocation,
        name: String,
    },
    Unsupported {
        scheme: String,
        reason: String,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum KeyLocation {
    Header,
    Query,
    Cookie,
}

impl Scheme {
    pub fn name(&self) -> &str {
        match self {
            Scheme::Bearer { scheme }
            | Scheme::Basic { scheme }
            | Scheme::ApiKey { scheme, .. }
            | Scheme::Unsupported { scheme, .. } => scheme,
        }
    }

    /// The environment variable that holds this scheme's secret: `OPENAPI2MCP_AUTH_` and
    /// the scheme's name in upper case, every other character than a letter or digit an
    /// underscore (`api-key` -> `OPENAPI2MCP_AUTH_API_KEY`).
    pub fn variable(&self) -> String {
        let name: String = self
            .name()
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
