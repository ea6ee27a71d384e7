//! Which credentials an operation needs: its `security` requirement (or the document's),
//! each scheme looked up in `components.securitySchemes` (3.x) or `securityDefinitions`
//! (2.0). Both versions spell requirements the same way.

use serde_json::Value;

use super::{deref, root, In, Node, Operation};
use crate::error::Result;
use crate::load::Spec;
use crate::tool::{KeyLocation, SchemeKind};

/// One security scheme a request must satisfy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Credential<'a> {
    /// The scheme's name in the spec.
    pub scheme: &'a str,
    /// How it is sent: the same type a tool's binding states, so convert and serve share
    /// one model of credentials.
    pub kind: SchemeKind,
    /// The OAuth 2 or OpenID scopes (or, in 3.1, roles) the requirement names.
    pub scopes: Vec<&'a str>,
}

/// The alternatives that satisfy an operation: any one of them, each a list of schemes
/// used together. No alternatives: nothing needed. An empty alternative: anonymous access
/// is one of the options. `None` when the spec does not say (no `security` on the operation
/// or the document).
pub fn requirements<'a>(
    spec: &'a Spec,
    operation: &Node<'a>,
    definitions: &[&str],
) -> Result<Option<Vec<Vec<Credential<'a>>>>> {
    let root = root(spec);
    let Some(requirement) = operation.get("security").or_else(|| root.get("security")) else {
        return Ok(None);
    };
    let Some(alternatives) = requirement.value.as_array() else {
        return Err(spec.error_at(&requirement.location, "`security` must be a list"));
    };
    let schemes = definitions
        .iter()
        .try_fold(Some(root), |node, key| Some(node?.get(key)))
        .flatten();
    let mut out = Vec::with_capacity(alternatives.len());
    for (i, alternative) in alternatives.iter().enumerate() {
        let Some(names) = alternative.as_object() else {
            let location = requirement.get_index(i).location;
            return Err(spec.error_at(&location, "a security requirement must be an object"));
        };
        let mut credentials = Vec::with_capacity(names.len());
        for (name, scopes) in names {
            let scheme = match schemes.as_ref().and_then(|s| s.get(name)) {
                Some(node) => credential_kind(&deref(spec, node)?),
                None => SchemeKind::Unsupported {
                    reason: format!("no security scheme named '{name}'"),
                },
            };
            let scopes = scopes.as_array().into_iter().flatten();
            credentials.push(Credential {
                scheme: name,
                kind: scheme,
                scopes: scopes.filter_map(Value::as_str).collect(),
            });
        }
        out.push(credentials);
    }
    Ok(Some(out))
}

fn credential_kind(scheme: &Node<'_>) -> SchemeKind {
    let text = |key| scheme.str(key).unwrap_or_default();
    let unsupported = |reason: String| SchemeKind::Unsupported { reason };
    match text("type") {
        "oauth2" | "openIdConnect" => SchemeKind::Bearer,
        "basic" => SchemeKind::Basic,
        "http" if text("scheme").eq_ignore_ascii_case("bearer") => SchemeKind::Bearer,
        "http" if text("scheme").eq_ignore_ascii_case("basic") => SchemeKind::Basic,
        "http" => unsupported(format!("HTTP '{}' authentication", text("scheme"))),
        "apiKey" => match (
            scheme.str("in").and_then(KeyLocation::parse),
            scheme.str("name"),
        ) {
            (Some(location), Some(name)) => SchemeKind::ApiKey {
                location,
                name: name.to_string(),
            },
            _ => unsupported("an API key without a usable `in` and `name`".into()),
        },
        other => unsupported(match scheme.value.get("type") {
            Some(Value::String(_)) => format!("'{other}' security"),
            _ => "a security scheme without a `type`".into(),
        }),
    }
}

/// Leaves out the parameters that the operation's credentials supply: an API key sent under
/// the same name and location, and the `Authorization` header when a bearer or basic
/// scheme sends it. Specs often declare them twice; they are the server's to send, and
/// must never become tool arguments.
pub fn drop_credential_parameters(operation: &mut Operation<'_>) {
    let credentials: Vec<&SchemeKind> = operation
        .security
        .iter()
        .flatten()
        .map(|c| &c.kind)
        .collect();
    if credentials.is_empty() {
        return;
    }
    operation.parameters.retain(|p| {
        !credentials
            .iter()
            .any(|kind| supplies(kind, p.location, p.name))
    });
}

/// Whether a credential of this kind is sent as the parameter `name` in `location`: an API
/// key under its name (a header's in any case), a bearer or basic one as `Authorization`.
pub fn supplies(kind: &SchemeKind, location: In, name: &str) -> bool {
    kind.place().is_some_and(|(at, key)| {
        at.location() == location
            && if location == In::Header {
                name.eq_ignore_ascii_case(key)
            } else {
                name == key
            }
    })
}

/// What a parameter named like a credential, and described as one, carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Carried {
    /// A token: the one a bearer scheme sends, when the operation has one.
    Token,
    /// A key of its own.
    Key,
}

/// Words in a path or operationId that say the operation handles credentials as data.
const CREDENTIAL_OPERATIONS: [&str; 9] = [
    "token",
    "apikey",
    "api_key",
    "api-key",
    "introspect",
    "revoke",
    "validate",
    "verify",
    "credential",
];

/// Words with which a description says its parameter authenticates the caller.
const CREDENTIAL_WORDS: [&str; 8] = [
    "authenticat",
    "authoriz",
    "authoris",
    "oauth",
    "api key",
    "access token",
    "credential",
    "bearer",
];

/// Whether a parameter or form field is a credential under a name no declared scheme gives:
/// its name is a credential's (`token`, `access_token`, `oauth_token`, `api_key`, Google's
/// `key`...) and its description says it authenticates. A `token` described otherwise is
/// data (the token an introspection endpoint inspects), and one with no description is
/// left alone.
fn carried(name: &str, description: Option<&str>) -> Option<Carried> {
    // The longest name below, with a separator or two.
    if name.len() > 18 {
        return None;
    }
    let description = description?;
    let name: String = name
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase();
    let carried = match name.as_str() {
        "token" | "accesstoken" | "oauthtoken" | "authtoken" | "bearertoken" | "apitoken" => {
            Carried::Token
        }
        "apikey" | "key" | "accesskey" | "subscriptionkey" => Carried::Key,
        _ => return None,
    };
    let description = description.to_lowercase();
    CREDENTIAL_WORDS
        .iter()
        .any(|word| description.contains(word))
        .then_some(carried)
}

/// Takes out of the tool's arguments the parameters and form fields that carry the API's
/// credential under another name (Slack's `token`, Google's `access_token` and `key`): the
/// server sends them, as it does a declared scheme's, and the model never makes one up. A
/// token is the bearer scheme's: the `Authorization` header carries it, and the parameter
/// or field too when the operation requires it. A key, or a token with no bearer scheme
/// beside it, becomes a scheme of its own named after the parameter
/// (`OPENAPI2MCP_AUTH_<NAME>`): another way in, or, when required, part of every way in.
pub fn take_undeclared_credentials<'a>(operation: &mut Operation<'a>) {
    // Most operations have no parameter named like a credential: nothing more to do.
    let form_fields = operation.body.iter().flat_map(|b| &b.form_fields);
    if !operation
        .parameters
        .iter()
        .map(|p| (p.name, p.description))
        .chain(form_fields.map(|f| (f.name, f.description)))
        .any(|(name, description)| carried(name, description).is_some())
    {
        return;
    }
    // An operation about tokens or keys (introspecting, revoking, validating one) takes one
    // as data: sending the server's own there would revoke or expose it.
    let about = format!(
        "{} {}",
        operation.path,
        operation.operation_id.unwrap_or_default()
    )
    .to_ascii_lowercase();
    if CREDENTIAL_OPERATIONS
        .iter()
        .any(|word| about.contains(word))
    {
        return;
    }
    let mut taken = Vec::new();
    operation.parameters.retain(|parameter| {
        let location = match parameter.location {
            In::Query => KeyLocation::Query,
            In::Header => KeyLocation::Header,
            In::Cookie => KeyLocation::Cookie,
            In::Path | In::QueryString | In::Body => return true,
        };
        match carried(parameter.name, parameter.description) {
            Some(carried) => {
                taken.push((carried, location, parameter.name, parameter.required));
                false
            }
            None => true,
        }
    });
    if let Some(body) = &mut operation.body {
        for field in &body.form_fields {
            if let Some(carried) = carried(field.name, field.description) {
                // Required by the form's schema: serve then sends the form, with it, on
                // every call, even one whose spec leaves the body optional.
                taken.push((carried, KeyLocation::Form, field.name, field.required));
                body.credential_fields.push(field.name);
            }
        }
    }
    // A required one first: each way in that an optional one adds must include it.
    taken.sort_by_key(|&(_, _, _, required)| !required);
    let security = &mut operation.security;
    for (carried, location, name, required) in taken {
        let key = |scheme: &'a str| Credential {
            scheme,
            kind: SchemeKind::ApiKey {
                location,
                name: name.to_string(),
            },
            scopes: Vec::new(),
        };
        let bearer_of = |alternative: &[Credential<'a>]| {
            alternative
                .iter()
                .find(|c| c.kind == SchemeKind::Bearer)
                .map(|c| c.scheme)
        };
        let has_bearer = security.iter().any(|a| bearer_of(a).is_some());
        if carried == Carried::Token && has_bearer {
            if required {
                for alternative in security.iter_mut() {
                    if let Some(scheme) = bearer_of(alternative) {
                        alternative.push(key(scheme));
                    }
                }
            }
        } else if required && !security.is_empty() {
            for alternative in security.iter_mut() {
                alternative.push(key(name));
            }
        } else {
            // An operation that asked for nothing may still be called without the key.
            let anonymous = !required && security.is_empty();
            security.push(vec![key(name)]);
            if anonymous {
                security.push(Vec::new());
            }
        }
    }
}

/// Leaves out header parameters the HTTP client owns (`Host`, `Content-Length`...; see
/// [`crate::http::is_client_owned_header`]): no tool argument may set them.
pub fn drop_client_owned_headers(operation: &mut Operation<'_>) {
    operation
        .parameters
        .retain(|p| !(p.location == In::Header && crate::http::is_client_owned_header(p.name)));
}
