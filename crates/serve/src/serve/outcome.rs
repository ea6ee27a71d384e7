//! What a call produced, in MCP's terms: a response turned into text, structured content
//! or media, redacted, and held to the tool's `outputSchema`.

use base64::prelude::{Engine, BASE64_STANDARD};
use serde_json::{json, Value};

use super::{compiled, redact, Served};

/// What a call produced, in MCP's terms.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The text content: the response's body, or what went wrong.
    pub text: String,
    /// Whether the call failed (MCP's `isError`): no response, an error status, or a
    /// success whose body is not the result the tool's `outputSchema` describes.
    pub is_error: bool,
    /// The JSON object the tool's `outputSchema` describes, when the body is one.
    pub structured: Option<Value>,
    /// Status and content type, for `_meta`; none when no response arrived.
    pub response: Option<Value>,
    /// An image or audio body, whole, for the client to show or play.
    pub media: Option<Media>,
}

/// A body MCP can carry as it is: image or audio content, base64.
#[derive(Debug, Clone, PartialEq)]
pub struct Media {
    /// Which of MCP's content types carries it.
    pub kind: MediaKind,
    /// The body, base64.
    pub data: String,
    /// The response's media type, as MCP's `mimeType`.
    pub mime_type: String,
}

/// The MCP content a [`Media`] body goes out as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MediaKind {
    /// An `image/*` body: MCP's image content.
    Image,
    /// An `audio/*` body: MCP's audio content.
    Audio,
}

impl Outcome {
    pub(crate) fn error(text: impl Into<String>) -> Outcome {
        Outcome {
            text: text.into(),
            is_error: true,
            structured: None,
            response: None,
            media: None,
        }
    }
}

/// A response as read, its body no longer than the limit.
pub(super) struct Response {
    pub(super) status: u16,
    pub(super) content_type: Option<String>,
    /// Where a redirect points (serve does not follow it: it could leave the API's URL).
    pub(super) location: Option<String>,
    pub(super) body: Vec<u8>,
    /// The body went on past the limit.
    pub(super) cut: bool,
}

/// Why a response's body cannot be a structured result, if it is not a JSON object.
fn why_unstructured(response: &Response) -> &'static str {
    let essence =
        openapi2mcp_core::http::media_essence(response.content_type.as_deref().unwrap_or_default());
    if response.cut {
        "the body was cut"
    } else if response.body.is_empty() {
        "there is no body"
    } else if !openapi2mcp_core::http::is_json(essence) {
        "the body is not JSON"
    } else if serde_json::from_slice::<Value>(&response.body).is_err() {
        "the body is not valid JSON"
    } else {
        "the body is not a JSON object"
    }
}

impl Served {
    /// `outcome` as the tool's `outputSchema` allows: a success whose body is not the
    /// structured result the schema describes (no body, not JSON, cut, or not matching)
    /// becomes an error result that shows the body and says why, so that the model still
    /// sees what the API said and no client that checks results against the schema fails.
    fn fit_output(&self, mut outcome: Outcome, why_unstructured: &str) -> Outcome {
        let Some(schema) = self.listed.output_schema.as_ref() else {
            return outcome;
        };
        if outcome.is_error {
            return outcome;
        }
        let problem = match &outcome.structured {
            None => why_unstructured.to_string(),
            Some(value) => match compiled(
                &self.output_validator,
                Some(self.checked_output.as_ref().unwrap_or(schema)),
                "outputSchema",
            ) {
                Ok(validator) => match validator.validate(value) {
                    Ok(()) => return outcome,
                    Err(error) => format!(
                        "the body does not match it: {error} (at {})",
                        error.instance_path()
                    ),
                },
                Err(message) => message,
            },
        };
        outcome.is_error = true;
        outcome.structured = None;
        outcome.text.push_str(&format!(
            "\n[openapi2mcp: the request succeeded, but this is not the result the tool's outputSchema describes: {problem}]"
        ));
        outcome
    }

    /// The result of a response; every form of a secret in `forms` it holds redacted.
    pub(super) fn outcome(
        &self,
        response: Response,
        limit: usize,
        forms: &redact::Forms,
    ) -> Outcome {
        // Judged only for a tool that promises structured results.
        let why_unstructured = match self.listed.output_schema {
            Some(_) => why_unstructured(&response),
            None => "",
        };
        let outcome = self.unchecked_outcome(response, limit, forms);
        self.fit_output(outcome, why_unstructured)
    }

    fn unchecked_outcome(
        &self,
        response: Response,
        limit: usize,
        forms: &redact::Forms,
    ) -> Outcome {
        let content_type = response.content_type.clone().unwrap_or_default();
        let essence = openapi2mcp_core::http::media_essence(&content_type);
        let is_json = openapi2mcp_core::http::is_json(essence);
        let success = (200..300).contains(&response.status);
        let media_kind = match essence.split('/').next() {
            Some("image") => Some(MediaKind::Image),
            Some("audio") => Some(MediaKind::Audio),
            _ => None,
        };
        // A whole image or audio body goes as it is; a cut one is no image, and one that
        // holds a credential (an SVG is text) does not go.
        let echoes = redact::holds_secret(&response.body, forms);
        if let (Some(kind), true, false, false) = (media_kind, success, response.cut, echoes) {
            return Outcome {
                text: format!(
                    "HTTP {}: {essence}, {} bytes",
                    response.status,
                    response.body.len()
                ),
                is_error: false,
                structured: None,
                response: Some(json!({"status": response.status, "contentType": content_type})),
                media: Some(Media {
                    kind,
                    data: BASE64_STANDARD.encode(&response.body),
                    mime_type: essence.to_string(),
                }),
            };
        }
        let text = match std::str::from_utf8(&response.body) {
            Ok(text) => redact::redact(text, forms, response.cut),
            // A cut can split a character; what is whole before it is kept.
            Err(e) if response.cut && e.error_len().is_none() => {
                let whole = String::from_utf8_lossy(&response.body[..e.valid_up_to()]);
                redact::redact(&whole, forms, true)
            }
            Err(_) if echoes => format!(
                "[openapi2mcp: a body of {} bytes ({content_type}) that holds a credential the API echoed, not shown]",
                response.body.len()
            ),
            Err(_) => format!(
                "[openapi2mcp: a binary body of {} bytes ({content_type}), not shown]",
                response.body.len()
            ),
        };
        let structured =
            (success && is_json && !response.cut && self.listed.output_schema.is_some())
                .then(|| serde_json::from_str::<Value>(&text).ok())
                .flatten()
                .and_then(|value| match &self.binding.result_property {
                    Some(property) => Some(json!({ property: value })),
                    None => value.is_object().then_some(value),
                });
        let mut shown = if success {
            if text.is_empty() {
                format!("HTTP {}", response.status)
            } else {
                text
            }
        } else {
            let reason = reqwest::StatusCode::from_u16(response.status)
                .ok()
                .and_then(|s| s.canonical_reason())
                .unwrap_or("");
            let location = match &response.location {
                Some(location) => format!("\nLocation: {}", redact::redact(location, forms, false)),
                None => String::new(),
            };
            format!("HTTP {} {reason}{location}\n{text}", response.status)
                .trim_end()
                .to_string()
        };
        if response.cut {
            shown.push_str(&format!(
                "\n[openapi2mcp: the response was cut at {limit} bytes (--max-response-bytes)]"
            ));
        }
        Outcome {
            text: shown,
            is_error: !success,
            structured,
            response: Some(json!({"status": response.status, "contentType": content_type})),
            media: None,
        }
    }
}
