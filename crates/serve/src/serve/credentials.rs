//! Which credentials the tools send: the environment variables that hold them, whether a
//! value is set, and the schemes of one requirement that would collide in a request.

use openapi2mcp_core::tool::{Binding, KeyLocation, Scheme, SchemeKind, Tool};

/// Whether a credential variable's value is one: not empty, and not a placeholder a client
/// configuration left in place (`<secret>`, which `client-config` writes for Claude
/// Desktop, or an unexpanded `${VAR}`, which a client passes on when VAR is unset). A
/// variable without one counts as unset: the next way in is used, or the call says what to
/// set, rather than sending a credential the API must refuse.
pub fn is_set(secret: &str) -> bool {
    let secret = secret.trim();
    !secret.is_empty() && secret != PLACEHOLDER && !secret.starts_with("${")
}

/// What `client-config` writes where a person puts a credential.
pub const PLACEHOLDER: &str = "<secret>";

/// The environment variables that hold the credentials `tools` may send, in order.
pub fn credential_variables<'t>(tools: impl IntoIterator<Item = &'t Tool>) -> Vec<String> {
    sendable_schemes(tools.into_iter().filter_map(Tool::binding))
        .into_iter()
        .map(Scheme::variable)
        .collect()
}

/// The schemes of these bindings that serve can send, each once, ordered by variable.
pub(super) fn sendable_schemes<'b>(bindings: impl Iterator<Item = &'b Binding>) -> Vec<&'b Scheme> {
    let mut schemes: Vec<&Scheme> = bindings
        .flat_map(|b| b.auth.iter().flatten())
        .filter(|s| !matches!(s.kind, SchemeKind::Unsupported { .. }))
        .collect();
    schemes.sort_by_key(|s| s.variable());
    schemes.dedup_by_key(|s| s.variable());
    schemes
}

/// Two schemes of one security requirement that go in the same place of a request, which
/// holds one value there (`basic` and `oauth2` both in `Authorization`: a request carries
/// that header once, RFC 9110 sections 5.3 and 11.6.2), with where that is.
pub(super) fn clash(alternative: &[Scheme]) -> Option<(&Scheme, &Scheme, String)> {
    // Header names are compared without regard to case; query and cookie names as written.
    let place = |scheme: &Scheme| {
        let (location, name) = scheme.kind.place()?;
        Some(match location {
            KeyLocation::Header => (location, name.to_ascii_lowercase()),
            other => (other, name.to_string()),
        })
    };
    alternative.iter().enumerate().find_map(|(i, one)| {
        let at: (KeyLocation, String) = place(one)?;
        let other = alternative[i + 1..]
            .iter()
            .find(|other| place(other).as_ref() == Some(&at))?;
        let (location, name) = at;
        let place = match location {
            KeyLocation::Header => format!("the {name} header"),
            KeyLocation::Query => format!("the query parameter '{name}'"),
            KeyLocation::Cookie => format!("the cookie '{name}'"),
            KeyLocation::Form => format!("the form field '{name}'"),
        };
        Some((one, other, place))
    })
}
