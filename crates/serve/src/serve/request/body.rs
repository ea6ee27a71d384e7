//! The request body from the arguments that go in it, in the binding's media type: JSON,
//! a form, multipart parts (files among them), or text or bytes given whole.

use base64::prelude::{Engine, BASE64_STANDARD};
use std::collections::HashMap;

use serde_json::{Map, Value};

use super::style::{encode, query_pairs, text, COMPONENT};
use super::{Part, Payload};
use openapi2mcp_core::http::{is_json, media_essence};
use openapi2mcp_core::tool::{Binding, CollectionFormat, Param};

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
pub(super) struct BodyField<'a> {
    pub(super) argument: &'a str,
    /// The field's name in the body (the argument's own name may differ).
    pub(super) name: &'a str,
    pub(super) param: &'a Param,
    pub(super) value: &'a Value,
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
pub(super) fn body(
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
