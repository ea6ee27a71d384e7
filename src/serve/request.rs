//! A tool call's arguments as an HTTP request, by the binding convert wrote: path
//! parameters encoded so that no value can change the path, query parameters by their
//! style and explode rules (and Swagger 2.0's `collectionFormat`), headers, cookies, and
//! JSON, form, multipart or plain bodies.
//!
//! Values are serialized as OpenAPI 3 describes for each style (the RFC 6570 forms): a
//! scalar as its text, an array as its items, an object as its key/value pairs. An item
//! that is itself an array or object is sent as JSON text.

use base64::prelude::{Engine, BASE64_STANDARD};
use std::collections::HashMap;

use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use reqwest::Url;
use serde_json::{Map, Value};

use crate::http::{is_json, media_essence, Method};
use crate::tool::{Binding, CollectionFormat, In, KeyLocation, Param, Scheme, SchemeKind, Style};

/// Everything but RFC 3986's unreserved characters: what a path segment or a query
/// component may carry literally when it comes from a value.
pub(super) const COMPONENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// A query value of an `allowReserved` parameter: RFC 3986's reserved characters stay,
/// except those that would end the value or change the query's structure (`#`, `[`, `]`,
/// `&`, `=`, `+`), which OpenAPI leaves to the application to encode.
const RESERVED: &AsciiSet = &COMPONENT
    .remove(b':')
    .remove(b'/')
    .remove(b'?')
    .remove(b'@')
    .remove(b'!')
    .remove(b'$')
    .remove(b'\'')
    .remove(b'(')
    .remove(b')')
    .remove(b'*')
    .remove(b',')
    .remove(b';');

/// A whole query string given as text (`in: querystring`): its own `=` and `&` stay.
const QUERY_TEXT: &AsciiSet = &COMPONENT.remove(b'=').remove(b'&').remove(b'+');

/// What may not stand in a cookie value unencoded (RFC 6265 cookie-octet).
const COOKIE: &AsciiSet = &percent_encoding::CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b',')
    .add(b';')
    .add(b'\\')
    .add(b'%');

/// What may not stand in a cookie's name unencoded.
const COOKIE_NAME: &AsciiSet = &COOKIE.add(b'=');

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

/// The arguments that hold a file's content, by name: what the tool's `inputSchema` marks
/// with `format: binary`, `contentMediaType` or `contentEncoding: base64`, or an array of
/// such items (several files).
#[derive(Debug, Clone, Default)]
pub struct Files(HashMap<String, File>);

#[derive(Debug, Clone)]
struct File {
    media_type: String,
    /// The argument is base64 (`contentEncoding: base64`): decoded before it is sent.
    base64: bool,
}

impl Files {
    pub fn of(input_schema: &Value) -> Files {
        let Some(properties) = input_schema["properties"].as_object() else {
            return Files::default();
        };
        let files = properties.iter().filter_map(|(name, schema)| {
            let items = schema.get("items").filter(|_| schema["type"] == "array");
            let schema = items.unwrap_or(schema);
            let text = |key| schema.get(key).and_then(Value::as_str);
            let base64 = text("contentEncoding") == Some("base64");
            let is_file =
                base64 || text("format") == Some("binary") || text("contentMediaType").is_some();
            let media_type = text("contentMediaType").unwrap_or("application/octet-stream");
            is_file.then(|| {
                let file = File {
                    media_type: media_type.to_string(),
                    base64,
                };
                (name.clone(), file)
            })
        });
        Files(files.collect())
    }

    /// Whether `argument` holds file content.
    fn holds(&self, argument: &str) -> bool {
        self.0.contains_key(argument)
    }

    /// The bytes to send for a file argument (or one item of it), decoded when base64.
    fn content(&self, argument: &str, value: &Value) -> Result<Option<(Vec<u8>, &str)>, String> {
        let (Some(file), Value::String(text)) = (self.0.get(argument), value) else {
            return Ok(None);
        };
        let bytes = if file.base64 {
            BASE64_STANDARD
                .decode(text.trim())
                .map_err(|e| format!("argument '{argument}': not valid base64: {e}"))?
        } else {
            text.clone().into_bytes()
        };
        Ok(Some((bytes, &file.media_type)))
    }
}

/// An argument that goes in the request body.
struct BodyField<'a> {
    argument: &'a str,
    /// The field's name in the body (the argument's own name may differ).
    name: &'a str,
    param: &'a Param,
    value: &'a Value,
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

/// A value as a parameter style sees it.
enum ValueShape {
    Scalar(String),
    List(Vec<String>),
    Pairs(Vec<(String, String)>),
}

fn text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

fn shape(value: &Value) -> ValueShape {
    match value {
        Value::Array(items) => ValueShape::List(items.iter().map(text).collect()),
        Value::Object(entries) => {
            ValueShape::Pairs(entries.iter().map(|(k, v)| (k.clone(), text(v))).collect())
        }
        scalar => ValueShape::Scalar(text(scalar)),
    }
}

fn encode(text: &str, set: &'static AsciiSet) -> String {
    utf8_percent_encode(text, set).to_string()
}

/// An `allowReserved` value: RFC 6570's reserved expansion (section 3.2.3), as OpenAPI
/// 3.2 defines it: reserved characters ([`RESERVED`]) and percent-encoded triples pass
/// through; anything else, `%` outside a triple included, is encoded.
fn reserved_expansion(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let triple = bytes[i] == b'%'
            && bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
        if triple {
            out.push_str(&encode(&text[start..i], RESERVED));
            out.push_str(&text[i..i + 3]);
            i += 3;
            start = i;
        } else {
            i += 1;
        }
    }
    out.push_str(&encode(&text[start..], RESERVED));
    out
}

/// Each item encoded, joined by `separator` (which is not encoded).
fn joined(items: &[String], set: &'static AsciiSet, separator: &str) -> String {
    items
        .iter()
        .map(|item| encode(item, set))
        .collect::<Vec<_>>()
        .join(separator)
}

/// The digits of a whole number written with a fraction or an exponent (`1e2`, `7.0`,
/// `1.5e1`), as an integer is written (`100`, `7`, `15`); `None` for any other number, or
/// one whose exponent would make an absurd number of digits.
fn integer_text(number: &str) -> Option<String> {
    let (negative, unsigned) = match number.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, number),
    };
    let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
        Some((m, e)) => (m, e.parse::<i64>().ok()?),
        None => (unsigned, 0),
    };
    if exponent == 0 && !mantissa.contains('.') {
        return None;
    }
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = format!("{whole}{fraction}");
    // The point sits after `point` digits.
    let point = i64::try_from(whole.len()).ok()? + exponent;
    if !(0..=400).contains(&point) {
        return None;
    }
    let point = point as usize;
    let (int, rest) = if point <= digits.len() {
        (digits[..point].to_string(), &digits[point..])
    } else {
        (format!("{digits}{}", "0".repeat(point - digits.len())), "")
    };
    if rest.bytes().any(|b| b != b'0') {
        return None;
    }
    let int = int.trim_start_matches('0');
    let int = if int.is_empty() { "0" } else { int };
    Some(if negative && int != "0" {
        format!("-{int}")
    } else {
        int.to_string()
    })
}

/// Every whole number in `value` written as an integer: an API that parses an integer
/// refuses `1e2` or `7.0`, though JSON Schema calls them integers.
fn canonical_numbers(value: &mut Value) {
    match value {
        Value::Number(number) => {
            if let Some(integer) = integer_text(&number.to_string()) {
                if let Ok(canonical) = integer.parse::<serde_json::Number>() {
                    *number = canonical;
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(canonical_numbers),
        Value::Object(entries) => entries.values_mut().for_each(canonical_numbers),
        _ => {}
    }
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
                if crate::http::is_client_owned_header(name) {
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
        .find(|k| crate::hints::evidence::is_method_override(k) && !declared(k))
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

/// The value of a parameter described by `content` (OpenAPI 3: one media type instead of
/// `style`): one text in that media type, JSON as JSON, anything else as text; `None` for
/// a parameter with a `schema` and a style.
fn in_media_type(param: &Param, value: &Value) -> Option<String> {
    let media_type = param.media_type.as_deref()?;
    Some(match value {
        Value::String(text) if !is_json(media_essence(media_type)) => text.clone(),
        other => other.to_string(),
    })
}

/// A collection format's separator as it stands between encoded items: `,` literal (as
/// OpenAPI 3's styles send it); `|`, a space and a tab encoded (`|` is not allowed bare in
/// an RFC 3986 query, and servers such as Tomcat refuse it).
fn delimiter(separator: &'static str) -> &'static str {
    match separator {
        "|" => "%7C",
        " " => "%20",
        "\t" => "%09",
        literal => literal,
    }
}

/// A path parameter's text: `simple` (the default), `label` or `matrix` style.
fn path_value(name: &str, param: &Param, value: &Value) -> String {
    let e = |text: &str| encode(text, COMPONENT);
    if let Some(text) = in_media_type(param, value) {
        return e(&text);
    }
    let explode = param.explode.unwrap_or(false);
    if let Some(format) = param.collection_format {
        if let ValueShape::List(items) = shape(value) {
            let separator = format.separator().unwrap_or(",");
            return joined(&items, COMPONENT, &e(separator));
        }
    }
    let pairs = |pairs: &[(String, String)], inner: &str, outer: &str| {
        pairs
            .iter()
            .map(|(k, v)| format!("{}{inner}{}", e(k), e(v)))
            .collect::<Vec<_>>()
            .join(outer)
    };
    match (param.style.unwrap_or(Style::Simple), shape(value)) {
        (Style::Label, ValueShape::Scalar(v)) => format!(".{}", e(&v)),
        (Style::Label, ValueShape::List(items)) => {
            let separator = if explode { "." } else { "," };
            format!(".{}", joined(&items, COMPONENT, separator))
        }
        (Style::Label, ValueShape::Pairs(p)) if explode => format!(".{}", pairs(&p, "=", ".")),
        (Style::Label, ValueShape::Pairs(p)) => format!(".{}", pairs(&p, ",", ",")),
        (Style::Matrix, ValueShape::Scalar(v)) => format!(";{name}={}", e(&v)),
        (Style::Matrix, ValueShape::List(items)) if explode => {
            items.iter().map(|i| format!(";{name}={}", e(i))).collect()
        }
        (Style::Matrix, ValueShape::List(items)) => {
            format!(";{name}={}", joined(&items, COMPONENT, ","))
        }
        (Style::Matrix, ValueShape::Pairs(p)) if explode => format!(";{}", pairs(&p, "=", ";")),
        (Style::Matrix, ValueShape::Pairs(p)) => format!(";{name}={}", pairs(&p, ",", ",")),
        (_, ValueShape::Scalar(v)) => e(&v),
        (_, ValueShape::List(items)) => joined(&items, COMPONENT, ","),
        (_, ValueShape::Pairs(p)) if explode => pairs(&p, "=", ","),
        (_, ValueShape::Pairs(p)) => pairs(&p, ",", ","),
    }
}

/// A query parameter's `name=value` pairs, encoded: `form` (the default, exploded unless
/// `explode: false`), `spaceDelimited`, `pipeDelimited` or `deepObject`.
fn query_pairs(name: &str, param: &Param, value: &Value) -> Vec<(String, String)> {
    let e = |text: &str| {
        if param.allow_reserved {
            reserved_expansion(text)
        } else {
            encode(text, COMPONENT)
        }
    };
    let joined = |items: &[String], separator: &str| {
        items
            .iter()
            .map(|i| e(i))
            .collect::<Vec<_>>()
            .join(separator)
    };
    let key = e(name);
    if let Some(text) = in_media_type(param, value) {
        return vec![(key, e(&text))];
    }
    if let (Some(format), ValueShape::List(items)) = (param.collection_format, shape(value)) {
        return match format.separator() {
            Some(separator) => vec![(key, joined(&items, delimiter(separator)))],
            None => items.iter().map(|i| (key.clone(), e(i))).collect(),
        };
    }
    let style = param.style.unwrap_or(Style::Form);
    let explode = param.explode.unwrap_or(style == Style::Form);
    match (style, shape(value)) {
        (_, ValueShape::Scalar(v)) => vec![(key, e(&v))],
        (Style::DeepObject, ValueShape::Pairs(pairs)) => pairs
            .iter()
            .map(|(k, v)| (format!("{key}[{}]", e(k)), e(v)))
            .collect(),
        (_, ValueShape::List(items)) if explode => {
            items.iter().map(|i| (key.clone(), e(i))).collect()
        }
        (_, ValueShape::Pairs(pairs)) if explode => {
            pairs.iter().map(|(k, v)| (e(k), e(v))).collect()
        }
        (style, shape) => {
            let separator = match style {
                Style::SpaceDelimited => "%20",
                Style::PipeDelimited => "%7C",
                _ => ",",
            };
            // An object is its keys and values in turn, delimited as an array's items are.
            let items = match shape {
                ValueShape::List(items) => items,
                ValueShape::Pairs(pairs) => pairs.into_iter().flat_map(|(k, v)| [k, v]).collect(),
                ValueShape::Scalar(v) => vec![v],
            };
            vec![(key, joined(&items, separator))]
        }
    }
}

/// A header's value: `simple` style, the only one headers have.
fn header_value(param: &Param, value: &Value) -> String {
    if let Some(text) = in_media_type(param, value) {
        return text;
    }
    let separator = param
        .collection_format
        .and_then(CollectionFormat::separator)
        .unwrap_or(",");
    match shape(value) {
        ValueShape::Scalar(v) => v,
        ValueShape::List(items) => items.join(separator),
        ValueShape::Pairs(pairs) if param.explode == Some(true) => pairs
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(","),
        ValueShape::Pairs(pairs) => pairs
            .iter()
            .flat_map(|(k, v)| [k.as_str(), v.as_str()])
            .collect::<Vec<_>>()
            .join(","),
    }
}

/// A cookie parameter's `name=value` pairs: `form` style.
fn cookie_pairs(name: &str, param: &Param, value: &Value) -> Vec<String> {
    let e = |text: &str| encode(text, COOKIE);
    if let Some(text) = in_media_type(param, value) {
        return vec![format!("{name}={}", e(&text))];
    }
    let explode = param.explode.unwrap_or(true);
    match shape(value) {
        ValueShape::Scalar(v) => vec![format!("{name}={}", e(&v))],
        ValueShape::List(items) if explode => {
            items.iter().map(|i| format!("{name}={}", e(i))).collect()
        }
        ValueShape::List(items) => vec![format!("{name}={}", joined(&items, COOKIE, ","))],
        // A key is a cookie's name: `=` in it would start another cookie's value.
        ValueShape::Pairs(pairs) if explode => pairs
            .iter()
            .map(|(k, v)| format!("{}={}", encode(k, COOKIE_NAME), e(v)))
            .collect(),
        ValueShape::Pairs(pairs) => {
            let flat: Vec<String> = pairs.iter().flat_map(|(k, v)| [e(k), e(v)]).collect();
            vec![format!("{name}={}", flat.join(","))]
        }
    }
}

const URLENCODED: &str = "application/x-www-form-urlencoded";
const MULTIPART: &str = "multipart/form-data";

/// Why a credential that goes in the form field `name` cannot be sent: the request has
/// `what` instead of a form (a manifest written by hand, or edited).
fn no_form_for(name: &str, what: &str) -> String {
    format!("the credential goes in the form field '{name}', and this request has {what}")
}

/// The request body from the arguments that go in it (a field each, `name` set, or the
/// whole body, no `name`) and the credentials that go in a form field, as (name, secret).
fn body(
    binding: &Binding,
    fields: &[BodyField<'_>],
    credentials: &[(&str, &str)],
    files: &Files,
) -> Result<Payload, String> {
    let Some(media_type) = binding.body_media_type.as_deref() else {
        return match credentials.first() {
            Some((name, _)) => Err(no_form_for(name, "no body")),
            None => Ok(Payload::None),
        };
    };
    let essence = media_essence(media_type);
    if !credentials.is_empty() && !matches!(essence, URLENCODED | MULTIPART) {
        return Err(no_form_for(
            credentials[0].0,
            &format!("a body of {essence}"),
        ));
    }
    if fields.is_empty() && credentials.is_empty() {
        // A required body goes out in its empty form: `{}`, an empty form, no parts.
        return Ok(match essence {
            _ if !binding.body_required => Payload::None,
            MULTIPART => Payload::Multipart(Vec::new()),
            essence => Payload::Bytes {
                content_type: media_type.to_string(),
                bytes: if is_json(essence) {
                    b"{}".to_vec()
                } else {
                    Vec::new()
                },
            },
        });
    }
    // A body sent whole is one argument with no `name`; otherwise each field is named.
    let whole = fields.iter().find(|field| field.param.name.is_none());
    let entries: Vec<FormEntry<'_>> = match whole {
        Some(field) if !is_json(media_type) => match field.value {
            Value::Object(object) => object
                .iter()
                .map(|(k, v)| (None, k.as_str(), field.param, v))
                .collect(),
            _ => Vec::new(),
        },
        Some(_) => Vec::new(),
        None => fields
            .iter()
            .map(|f| (Some(f.argument), f.name, f.param, f.value))
            .collect(),
    };
    if let (Some(_), true, Some((name, _))) = (whole, entries.is_empty(), credentials.first()) {
        return Err(no_form_for(name, "a body given whole"));
    }
    let bytes = |bytes: Vec<u8>| {
        Ok(Payload::Bytes {
            content_type: media_type.to_string(),
            bytes,
        })
    };
    if essence == URLENCODED && !(entries.is_empty() && credentials.is_empty()) {
        return bytes(urlencoded_form(&entries, credentials)?);
    }
    if essence == MULTIPART && !(entries.is_empty() && credentials.is_empty()) {
        return Ok(Payload::Multipart(multipart_parts(
            &entries,
            credentials,
            files,
        )?));
    }
    match whole {
        Some(field) => match files.content(field.argument, field.value)? {
            Some((content, _)) => bytes(content),
            None => match field.value {
                Value::String(text) if !is_json(media_type) => bytes(text.clone().into_bytes()),
                value => bytes(value.to_string().into_bytes()),
            },
        },
        None => {
            let object: Map<String, Value> = fields
                .iter()
                .map(|f| (f.name.to_string(), f.value.clone()))
                .collect();
            bytes(Value::Object(object).to_string().into_bytes())
        }
    }
}

/// One field of a form body: (argument, if the field is one, field name, its parameter,
/// its value).
type FormEntry<'a> = (Option<&'a str>, &'a str, &'a Param, &'a Value);

/// No field the arguments make may stand beside a credential's (an exploded object's
/// keys are fields too): a second `token` could replace it at the API.
fn check_form_fields(names: Vec<String>, credentials: &[(&str, &str)]) -> Result<(), String> {
    match names
        .into_iter()
        .find(|name| credentials.iter().any(|(credential, _)| credential == name))
    {
        Some(name) => Err(format!(
            "an argument would set the form field '{name}', which carries the credentials"
        )),
        None => Ok(()),
    }
}

/// An `application/x-www-form-urlencoded` body: the entries' pairs, then the credentials'.
fn urlencoded_form(
    entries: &[FormEntry<'_>],
    credentials: &[(&str, &str)],
) -> Result<Vec<u8>, String> {
    let mut pairs = Vec::new();
    for (_, name, param, value) in entries {
        // An Encoding Object's style: the field is serialized as a query parameter is.
        if param.style.is_some() || param.explode.is_some() {
            pairs.extend(
                query_pairs(name, param, value)
                    .into_iter()
                    .map(|(key, value)| format!("{key}={value}")),
            );
            continue;
        }
        let key = encode(name, COMPONENT);
        let separator = param.collection_format.map(CollectionFormat::separator);
        match (value, separator) {
            (Value::Array(items), Some(Some(separator))) => {
                let joined: Vec<String> = items.iter().map(text).collect();
                pairs.push(format!(
                    "{key}={}",
                    encode(&joined.join(separator), COMPONENT)
                ));
            }
            (Value::Array(items), _) => {
                for item in items {
                    pairs.push(format!("{key}={}", encode(&text(item), COMPONENT)));
                }
            }
            (value, _) => pairs.push(format!("{key}={}", encode(&text(value), COMPONENT))),
        }
    }
    check_form_fields(
        pairs
            .iter()
            .map(|pair| {
                let key = pair.split('=').next().unwrap_or_default();
                percent_encoding::percent_decode_str(key)
                    .decode_utf8_lossy()
                    .into_owned()
            })
            .collect(),
        credentials,
    )?;
    for (name, secret) in credentials {
        pairs.push(format!(
            "{}={}",
            encode(name, COMPONENT),
            encode(secret, COMPONENT)
        ));
    }
    Ok(pairs.join("&").into_bytes())
}

/// A `multipart/form-data` body's parts: the entries' (a file part for a file), then the
/// credentials'.
fn multipart_parts(
    entries: &[FormEntry<'_>],
    credentials: &[(&str, &str)],
    files: &Files,
) -> Result<Vec<Part>, String> {
    let mut parts = Vec::new();
    for (argument, name, _, value) in entries {
        if let Some(argument) = argument.filter(|argument| files.holds(argument)) {
            // A file, or an array of files: a file part each, under the field's name.
            let items = match value {
                Value::Array(items) => items.iter().collect(),
                one => vec![*one],
            };
            for item in items {
                if let Some((content, media_type)) = files.content(argument, item)? {
                    parts.push(Part {
                        name: name.to_string(),
                        content,
                        content_type: Some(media_type.to_string()),
                        file_name: Some(name.to_string()),
                    });
                }
            }
            continue;
        }
        let items: Vec<&Value> = match value {
            Value::Array(items) if items.iter().all(|i| !i.is_object() && !i.is_array()) => {
                items.iter().collect()
            }
            other => vec![*other],
        };
        for item in items {
            let json = item.is_object() || item.is_array();
            parts.push(Part {
                name: name.to_string(),
                content: text(item).into_bytes(),
                content_type: json.then(|| "application/json".to_string()),
                file_name: None,
            });
        }
    }
    check_form_fields(
        parts.iter().map(|part| part.name.clone()).collect(),
        credentials,
    )?;
    parts.extend(credentials.iter().map(|(name, secret)| Part {
        name: name.to_string(),
        content: secret.as_bytes().to_vec(),
        content_type: None,
        file_name: None,
    }));
    Ok(parts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn binding(value: Value) -> Binding {
        serde_json::from_value(value).unwrap()
    }

    fn url_for(binding: &Binding, arguments: Value, base: &str) -> Result<String, String> {
        let arguments = arguments.as_object().unwrap().clone();
        let base = Url::parse(base).unwrap();
        build(binding, &Files::default(), &arguments, &base, &[]).map(|r| r.url.to_string())
    }

    /// A free-form query object with `allowReserved` keeps a key's percent-encoded
    /// triples: `api%5Fkey` is the API's `api_key`, and may not stand beside the credential.
    #[test]
    fn an_encoded_key_cannot_stand_beside_a_query_credential() {
        let scheme = Scheme::new(
            "key",
            SchemeKind::ApiKey {
                location: KeyLocation::Query,
                name: "api_key".into(),
            },
        );
        let secret = [Secret {
            scheme: &scheme,
            value: "real-key".into(),
        }];
        let search = binding(json!({
            "method": "GET", "path": "/search",
            "params": {"filter": {"in": "query", "name": "filter", "allowReserved": true}},
        }));
        let base = Url::parse("http://api.test").unwrap();
        for key in ["api%5Fkey", "api_key", "%61pi_key", "API_KEY"] {
            let arguments = json!({"filter": {key: "attacker"}});
            let arguments = arguments.as_object().unwrap().clone();
            let built = build(&search, &Files::default(), &arguments, &base, &secret);
            assert!(
                built
                    .as_ref()
                    .is_err_and(|e| e.contains("carries the credentials")),
                "{key}: {:?}",
                built.map(|r| r.url.to_string())
            );
        }
    }

    /// A free-form query object cannot add a method override (`_method=DELETE`) to a GET; a
    /// parameter the spec declares can.
    #[test]
    fn a_free_form_object_cannot_override_the_method() {
        let search = binding(json!({
            "method": "GET", "path": "/search",
            "params": {"filter": {"in": "query", "name": "filter"}},
        }));
        let base = Url::parse("http://api.test").unwrap();
        for key in ["_method", "X-HTTP-Method-Override"] {
            let arguments = json!({"filter": {key: "DELETE"}});
            let built = build(
                &search,
                &Files::default(),
                arguments.as_object().unwrap(),
                &base,
                &[],
            );
            assert!(
                built
                    .as_ref()
                    .is_err_and(|e| e.contains("overrides the HTTP method")),
                "{key}: {:?}",
                built.map(|r| r.url.to_string())
            );
        }
        let search = binding(json!({
            "method": "GET", "path": "/search",
            "params": {"method": {"in": "query", "name": "_method"}},
        }));
        let declared = json!({"method": "DELETE"});
        assert!(build(
            &search,
            &Files::default(),
            declared.as_object().unwrap(),
            &base,
            &[]
        )
        .is_ok());
    }

    /// A whole number goes as an integer is written, in the URL and in a JSON body alike.
    #[test]
    fn whole_numbers_are_sent_as_integers() {
        for (given, sent) in [
            ("1e2", Some("100")),
            ("7.0", Some("7")),
            ("1.5e1", Some("15")),
            ("-2.50e1", Some("-25")),
            ("-0.0", Some("0")),
            ("12", None),
            ("0.5", None),
            ("1e-2", None),
            ("1e300", Some(&*format!("1{}", "0".repeat(300)))),
            ("1e400", None),
        ] {
            assert_eq!(integer_text(given).as_deref(), sent, "{given}");
        }
        let item = binding(json!({
            "method": "POST", "path": "/items/{id}", "bodyMediaType": "application/json",
            "params": {"id": {"in": "path", "name": "id"}, "count": {"in": "body", "name": "count"}},
        }));
        let arguments: Value = serde_json::from_str(r#"{"id": 1e2, "count": 7.0}"#).unwrap();
        let arguments = arguments.as_object().unwrap().clone();
        let base = Url::parse("http://api.test").unwrap();
        let request = build(&item, &Files::default(), &arguments, &base, &[]).unwrap();
        assert_eq!(request.url.as_str(), "http://api.test/items/100");
        match request.body {
            Payload::Bytes { bytes, .. } => {
                assert_eq!(String::from_utf8(bytes).unwrap(), r#"{"count":7}"#)
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_whole_query_string_and_empty_values() {
        let search = binding(json!({
            "method": "QUERY", "path": "/search",
            "params": {
                "q": {"in": "querystring"},
                "empty": {"in": "query", "name": "empty"},
            },
        }));
        let base = "http://api.test/v1";
        assert_eq!(
            url_for(&search, json!({"q": "a=1&b=x y", "empty": ""}), base).unwrap(),
            "http://api.test/v1/search?a=1&b=x%20y&empty="
        );
        assert_eq!(
            url_for(&search, json!({"q": {"a": "1", "b": "x&y"}}), base).unwrap(),
            "http://api.test/v1/search?a=1&b=x%26y"
        );
    }

    /// A credential that goes in a form field: added to a URL-encoded or multipart body
    /// (alone when no argument fills one), refused where there is no form to put it in, and
    /// never beside a field of the same name the arguments make, an exploded object's keys
    /// included.
    #[test]
    fn a_form_credential_goes_in_the_form_and_only_there() {
        let scheme = Scheme::new(
            "slack",
            SchemeKind::ApiKey {
                location: KeyLocation::Form,
                name: "token".into(),
            },
        );
        let secret = [Secret {
            scheme: &scheme,
            value: "xoxb 1".into(),
        }];
        let body_of = |media_type: Option<&str>, params: Value, arguments: Value| {
            let mut binding = binding(json!({"method": "POST", "path": "/m", "params": params}));
            binding.body_media_type = media_type.map(str::to_string);
            let arguments = arguments.as_object().unwrap().clone();
            let base = Url::parse("http://api.test").unwrap();
            build(&binding, &Files::default(), &arguments, &base, &secret).map(|r| r.body)
        };
        let field = json!({"text": {"in": "body", "name": "text"}});
        let form = "application/x-www-form-urlencoded";
        match body_of(Some(form), field.clone(), json!({"text": "hi"})).unwrap() {
            Payload::Bytes { bytes, .. } => assert_eq!(bytes, b"text=hi&token=xoxb%201"),
            other => panic!("{other:?}"),
        }
        match body_of(Some(form), field.clone(), json!({})).unwrap() {
            Payload::Bytes { bytes, .. } => assert_eq!(bytes, b"token=xoxb%201"),
            other => panic!("{other:?}"),
        }
        match body_of(
            Some("multipart/form-data"),
            field.clone(),
            json!({"text": "hi"}),
        )
        .unwrap()
        {
            Payload::Multipart(parts) => {
                let names: Vec<&str> = parts.iter().map(|p| p.name.as_str()).collect();
                assert_eq!(names, ["text", "token"]);
                assert_eq!(parts[1].content, b"xoxb 1");
            }
            other => panic!("{other:?}"),
        }
        let exploded =
            json!({"meta": {"in": "body", "name": "meta", "style": "form", "explode": true}});
        let refusals = [
            (None, field.clone(), json!({}), "this request has no body"),
            (
                Some("application/json"),
                field.clone(),
                json!({}),
                "this request has a body of application/json",
            ),
            (
                Some("text/plain"),
                json!({"body": {"in": "body"}}),
                json!({"body": "raw"}),
                "this request has a body of text/plain",
            ),
            (
                Some(form),
                json!({"body": {"in": "body"}}),
                json!({"body": "raw"}),
                "this request has a body given whole",
            ),
            (
                Some(form),
                exploded,
                json!({"meta": {"token": "forged"}}),
                "an argument would set the form field 'token', which carries the credentials",
            ),
        ];
        for (media_type, params, arguments, expected) in refusals {
            let error = body_of(media_type, params, arguments).unwrap_err();
            assert!(error.ends_with(expected), "{error}");
        }
    }

    #[test]
    fn a_path_template_cannot_move_the_request_to_another_host() {
        // A hand-edited manifest: with a base URL without a path, `@` would make the base's
        // host the user name of another.
        let hostile = binding(json!({"method": "GET", "path": "@evil.test/x", "params": {}}));
        assert_eq!(
            url_for(&hostile, json!({}), "http://api.test").unwrap_err(),
            "the arguments would send the request outside the API's URL"
        );
    }
}
