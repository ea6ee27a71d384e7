//! A tool call's arguments as an HTTP request, by the binding convert wrote: path
//! parameters encoded so that no value can change the path, query parameters by their
//! style and explode rules (and Swagger 2.0's `collectionFormat`), headers, cookies, and
//! JSON, form, multipart or plain bodies.
//!
//! Values are serialized as OpenAPI 3 describes for each style (the RFC 6570 forms): a
//! scalar as its text, an array as its items, an object as its key/value pairs. An item
//! that is itself an array or object is sent as JSON text.

//!
//! Here: the arguments and credentials placed and checked; `style`: each parameter style's
//! serialization; `body`: the body in its media type.

mod body;
mod style;
#[cfg(test)]
mod tests;

use base64::prelude::{Engine, BASE64_STANDARD};
use reqwest::Url;
use serde_json::{Map, Value};

use openapi2mcp_core::http::Method;
use openapi2mcp_core::tool::{Binding, In, KeyLocation, Scheme, SchemeKind};

pub use body::Files;
use body::{body, BodyField};
pub(super) use style::COMPONENT;
use style::{
    canonical_numbers, cookie_pairs, encode, header_value, path_value, query_pairs, text, COOKIE,
    QUERY_TEXT,
};

/// An HTTP request, ready to send.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    pub method: Method,
    pub url: Url,
    /// The URL as logs may show it: credentials in the query replaced by `***`.
    pub url_for_log: String,
    pub headers: Vec<(String, String)>,
    pub body: Payload,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Payload {
    None,
    Bytes {
        content_type: String,
        bytes: Vec<u8>,
    },
    Multipart(Vec<Part>),
}

/// One part of a `multipart/form-data` body.
#[derive(Debug, Clone, PartialEq)]
pub struct Part {
    pub name: String,
    pub content: Vec<u8>,
    /// `application/json` for an object or array, the file's media type for a file, none
    /// (plain text) otherwise.
    pub content_type: Option<String>,
    /// Set for a file: a file part is what an upload endpoint reads.
    pub file_name: Option<String>,
}

/// A credential with its secret, ready to be put in a request.
#[derive(Debug, Clone)]
pub struct Secret<'s> {
    pub scheme: &'s Scheme,
    pub value: String,
}

/// A piece of a query string, already encoded.
enum QueryPiece {
    Pair {
        key: String,
        value: String,
        /// A credential: shown as `***` in logs.
        secret: bool,
    },
    /// A whole query string given as text (`in: querystring`).
    Text(String),
}

/// Builds the request for `arguments` against `base` (the server URL every request goes
/// to). The error is a message for the caller, naming the argument at fault.
pub fn build(
    binding: &Binding,
    files: &Files,
    arguments: &Map<String, Value>,
    base: &Url,
    secrets: &[Secret<'_>],
) -> Result<Request, String> {
    let mut arguments = Value::Object(arguments.clone());
    canonical_numbers(&mut arguments);
    let arguments = arguments.as_object().expect("an object");
    let placed = place_arguments(binding, arguments)?;
    let credentials = place_credentials(secrets);
    // Nothing from the arguments may stand beside a credential: a second `api_key` or
    // `Authorization` could replace it at the API.
    let any_cookie = !(placed.cookies.is_empty() && credentials.cookies.is_empty());
    check_headers(&placed.headers, &credentials.headers, any_cookie)?;
    check_query_keys(binding, &placed.query, &credentials.query)?;
    check_cookies(&placed.cookies, &credentials.cookies)?;
    let Placed {
        path,
        mut query,
        mut headers,
        mut cookies,
        body_fields,
    } = placed;
    headers.extend(credentials.headers);
    query.extend(credentials.query);
    cookies.extend(credentials.cookies);
    if !cookies.is_empty() {
        headers.push(("Cookie".into(), cookies.join("; ")));
    }
    check_path_segments(binding, &path)?;
    let (url, url_for_log) = request_url(base, &path, &query)?;
    Ok(Request {
        method: binding.method.clone(),
        url,
        url_for_log,
        headers,
        body: body(binding, &body_fields, &credentials.form, files)?,
    })
}

/// Where the arguments go: the path with their values in it, and each other place's
/// pieces in order.
struct Placed<'a> {
    path: String,
    query: Vec<QueryPiece>,
    headers: Vec<(String, String)>,
    cookies: Vec<String>,
    body_fields: Vec<BodyField<'a>>,
}

/// Puts each argument where its parameter says, serialized by its style. An empty value
/// for a whole path segment, or a header only the HTTP client sets, is an error.
fn place_arguments<'a>(
    binding: &'a Binding,
    arguments: &'a Map<String, Value>,
) -> Result<Placed<'a>, String> {
    let mut path = binding.path.clone();
    // Encoded pieces of the query string, in order.
    let mut query: Vec<QueryPiece> = Vec::new();
    let mut headers = Vec::new();
    let mut cookies: Vec<String> = Vec::new();
    let mut body_fields = Vec::new();
    for (argument, param) in &binding.params {
        let Some(value) = arguments.get(argument) else {
            continue;
        };
        let name = param.name.as_deref().unwrap_or(argument);
        match param.location {
            In::Path => {
                let expanded = path_value(name, param, value);
                let placeholder = format!("{{{name}}}");
                // `/items/{id}` with no id is `/items/`: another operation's URL.
                if expanded.is_empty() && binding.path.split('/').any(|s| s == placeholder) {
                    return Err(format!(
                        "argument '{argument}': empty, but it is a whole path segment (without it the request would go to another URL)"
                    ));
                }
                path = path.replace(&placeholder, &expanded);
            }
            In::Query => {
                for (key, value) in query_pairs(name, param, value) {
                    query.push(QueryPiece::Pair {
                        key,
                        value,
                        secret: false,
                    });
                }
            }
            In::QueryString => match value {
                Value::Object(entries) => {
                    for (key, value) in entries {
                        query.push(QueryPiece::Pair {
                            key: encode(key, COMPONENT),
                            value: encode(&text(value), COMPONENT),
                            secret: false,
                        });
                    }
                }
                other => query.push(QueryPiece::Text(encode(&text(other), QUERY_TEXT))),
            },
            In::Header => {
                if openapi2mcp_core::http::is_client_owned_header(name) {
                    return Err(format!(
                        "the argument '{argument}' would set the header '{name}', which only the HTTP client sets"
                    ));
                }
                headers.push((name.to_string(), header_value(param, value)));
            }
            In::Cookie => cookies.extend(cookie_pairs(name, param, value)),
            In::Body => body_fields.push(BodyField {
                argument,
                name,
                param,
                value,
            }),
        }
    }
    Ok(Placed {
        path,
        query,
        headers,
        cookies,
        body_fields,
    })
}

/// The credentials, put where their schemes say: kept apart from the arguments' pieces
/// until those are checked not to stand beside them, then sent after them.
struct Credentials<'s> {
    headers: Vec<(String, String)>,
    query: Vec<QueryPiece>,
    cookies: Vec<String>,
    /// Those that go in a form field, as (name, secret).
    form: Vec<(&'s str, &'s str)>,
}

/// Each secret where its scheme sends it (an unsupported scheme sends nothing).
fn place_credentials<'s>(secrets: &'s [Secret<'_>]) -> Credentials<'s> {
    let mut headers = Vec::new();
    let mut query = Vec::new();
    let mut cookies = Vec::new();
    let mut credential_fields = Vec::new();
    for secret in secrets {
        match &secret.scheme.kind {
            SchemeKind::Bearer => {
                headers.push(("Authorization".into(), format!("Bearer {}", secret.value)));
            }
            SchemeKind::Basic => {
                let token = BASE64_STANDARD.encode(&secret.value);
                headers.push(("Authorization".into(), format!("Basic {token}")));
            }
            SchemeKind::ApiKey { location, name } => match location {
                KeyLocation::Header => headers.push((name.clone(), secret.value.clone())),
                KeyLocation::Query => query.push(QueryPiece::Pair {
                    key: encode(name, COMPONENT),
                    value: encode(&secret.value, COMPONENT),
                    secret: true,
                }),
                KeyLocation::Cookie => {
                    cookies.push(format!("{name}={}", encode(&secret.value, COOKIE)));
                }
                KeyLocation::Form => credential_fields.push((name.as_str(), secret.value.as_str())),
            },
            SchemeKind::Unsupported { .. } => {}
        }
    }
    Credentials {
        headers,
        query,
        cookies,
        form: credential_fields,
    }
}

/// That no header from the arguments is one a credential sets (`Cookie` included, when
/// the request sends any cookie), case aside.
fn check_headers(
    argument_headers: &[(String, String)],
    credential_headers: &[(String, String)],
    any_cookie: bool,
) -> Result<(), String> {
    if let Some((name, _)) = argument_headers.iter().find(|(name, _)| {
        credential_headers
            .iter()
            .any(|(credential, _)| name.eq_ignore_ascii_case(credential))
            || (name.eq_ignore_ascii_case("cookie") && any_cookie)
    }) {
        return Err(format!(
            "an argument would set the header '{name}', which carries the credentials"
        ));
    }
    Ok(())
}

/// That no query key from the arguments is a credential's, nor, unless the spec declares
/// it, one that overrides the HTTP method.
fn check_query_keys(
    binding: &Binding,
    argument_query: &[QueryPiece],
    credential_query: &[QueryPiece],
) -> Result<(), String> {
    // Compared as the API reads them, decoded: `api%5Fkey` (an `allowReserved` key keeps
    // its triples) is `api_key` there.
    let decoded = |key: &str| {
        percent_encoding::percent_decode_str(key)
            .decode_utf8_lossy()
            .into_owned()
    };
    let keys = |pieces: &[QueryPiece]| -> Vec<String> {
        pieces
            .iter()
            .flat_map(|piece| match piece {
                QueryPiece::Pair { key, .. } => vec![decoded(key)],
                QueryPiece::Text(text) => text
                    .split('&')
                    .map(|pair| decoded(pair.split('=').next().unwrap_or_default()))
                    .collect(),
            })
            .collect()
    };
    // Case aside too: some servers read `API_KEY` as `api_key`.
    let credential_keys = keys(credential_query);
    let argument_keys = keys(argument_query);
    if let Some(key) = argument_keys
        .iter()
        .find(|k| credential_keys.iter().any(|c| c.eq_ignore_ascii_case(k)))
    {
        return Err(format!(
            "an argument would set the query parameter '{key}', which carries the credentials"
        ));
    }
    // A free-form object may not choose the method the server carries out: only a
    // parameter the spec declares, which the hints have read, may.
    let declared = |key: &str| {
        binding.params.iter().any(|(argument, p)| {
            p.location == In::Query && p.name.as_deref().unwrap_or(argument) == key
        })
    };
    if let Some(key) = argument_keys
        .iter()
        .find(|k| openapi2mcp_core::http::is_method_override(k) && !declared(k))
    {
        return Err(format!(
            "an argument would set the query parameter '{key}', which overrides the HTTP method"
        ));
    }
    Ok(())
}

/// That no cookie from the arguments has a credential's name, case aside.
fn check_cookies(argument_cookies: &[String], credential_cookies: &[String]) -> Result<(), String> {
    let cookie_name = |cookie: &String| cookie.split('=').next().unwrap_or_default().to_string();
    let credential_names: Vec<String> = credential_cookies.iter().map(cookie_name).collect();
    if let Some(name) = argument_cookies.iter().map(cookie_name).find(|name| {
        credential_names
            .iter()
            .any(|c| c.eq_ignore_ascii_case(name))
    }) {
        return Err(format!(
            "an argument would set the cookie '{name}', which carries the credentials"
        ));
    }
    Ok(())
}

/// That no segment of the filled-in `path` is `.` or `..`, which would leave the path;
/// the error names the arguments that made it.
fn check_path_segments(binding: &Binding, path: &str) -> Result<(), String> {
    // Values cannot hold `/` (it is encoded), so the path's segments are the template's.
    let template: Vec<&str> = binding.path.split('/').collect();
    for (i, segment) in path.split('/').enumerate() {
        if segment == "." || segment == ".." {
            let from: Vec<String> = binding
                .params
                .iter()
                .filter(|(_, p)| p.location == In::Path)
                .filter(|(argument, p)| {
                    let name = p.name.as_deref().unwrap_or(argument);
                    template
                        .get(i)
                        .is_some_and(|t| t.contains(&format!("{{{name}}}")))
                })
                .map(|(argument, _)| format!("'{argument}'"))
                .collect();
            let by = match from.len() {
                0 => "the path template".to_string(),
                1 => format!("argument {}", from[0]),
                _ => format!("arguments {}", from.join(" and ")),
            };
            return Err(format!(
                "{by}: the path segment '{segment}' would leave the path"
            ));
        }
    }
    Ok(())
}

/// The request URL, `path` and `query` on `base`, and the same URL as logs may show it
/// (credentials replaced by `***`). A URL that would leave `base` is an error.
fn request_url(base: &Url, path: &str, query: &[QueryPiece]) -> Result<(Url, String), String> {
    let prefix = base.as_str().trim_end_matches('/');
    let query_text = |redact: bool| {
        query
            .iter()
            .map(|piece| match piece {
                QueryPiece::Pair { key, secret, .. } if *secret && redact => format!("{key}=***"),
                QueryPiece::Pair { key, value, .. } => format!("{key}={value}"),
                QueryPiece::Text(text) => text.clone(),
            })
            .collect::<Vec<_>>()
            .join("&")
    };
    let with_query = |query: String| {
        if query.is_empty() {
            format!("{prefix}{path}")
        } else {
            format!("{prefix}{path}?{query}")
        }
    };
    let url = Url::parse(&with_query(query_text(false)))
        .map_err(|e| format!("the request URL is not valid: {e}"))?;
    let stays_on_base =
        url.origin() == base.origin() && url.path().starts_with(base.path().trim_end_matches('/'));
    if !stays_on_base {
        return Err("the arguments would send the request outside the API's URL".into());
    }
    Ok((url, with_query(query_text(true))))
}
