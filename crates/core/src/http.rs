//! What HTTP itself says, in one place: what a method means (RFC 9110 section 9) and what a
//! media type is. Hints, lint, review, verify and serve all ask here, so they cannot
//! disagree about a DELETE or a `+json` type.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An HTTP request method: one of the methods whose meaning is registered, or an extension
/// method, spelled as the spec spells it and known to be an RFC 9110 token.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Method {
    /// `GET`: transfer a current representation of the target resource.
    Get,
    /// `HEAD`: as `GET`, without the response's content.
    Head,
    /// `OPTIONS`: describe the communication options for the target resource.
    Options,
    /// `TRACE`: a loop-back test of the request along the path to the target resource.
    Trace,
    /// The HTTP QUERY method (safe and idempotent, like GET, with a body).
    Query,
    /// `PUT`: replace the target resource's state with the request's content.
    Put,
    /// `DELETE`: remove the target resource.
    Delete,
    /// `POST`: have the target resource process the request's content in its own way.
    Post,
    /// `PATCH` (RFC 5789): modify part of the target resource.
    Patch,
    /// `CONNECT`: open a tunnel to the server that the target identifies.
    Connect,
    /// Any other token (`COPY`, `LOCK`, `PURGE`...): HTTP says nothing about its effects.
    Extension(String),
}

/// Why a text is not a method.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotAMethod(pub String);

impl fmt::Display for NotAMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not an HTTP method: a method is a token of letters, digits and \
             !#$%&'*+-.^_`|~ (RFC 9110 section 5.6.2)",
            self.0
        )
    }
}

impl std::error::Error for NotAMethod {}

/// A `tchar` of RFC 9110 section 5.6.2.
fn is_token_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "!#$%&'*+-.^_`|~".contains(c)
}

/// Whether `text` is a token of RFC 9110 section 5.6.2: what a method, a header's name and
/// a cookie's name (RFC 6265 section 4.1.1) must be.
pub fn is_token(text: &str) -> bool {
    !text.is_empty() && text.chars().all(is_token_char)
}

impl Method {
    /// Reads a method as a spec or a manifest names it. The registered methods are matched
    /// without regard to case (OpenAPI writes them in lower case as keys); any other token is
    /// an extension method, kept as spelled, since methods are case-sensitive.
    pub fn parse(text: &str) -> Result<Method, NotAMethod> {
        if !is_token(text) {
            return Err(NotAMethod(text.to_string()));
        }
        Ok(match text.to_ascii_uppercase().as_str() {
            "GET" => Method::Get,
            "HEAD" => Method::Head,
            "OPTIONS" => Method::Options,
            "TRACE" => Method::Trace,
            "QUERY" => Method::Query,
            "PUT" => Method::Put,
            "DELETE" => Method::Delete,
            "POST" => Method::Post,
            "PATCH" => Method::Patch,
            "CONNECT" => Method::Connect,
            _ => Method::Extension(text.to_string()),
        })
    }

    /// The method as sent on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Method::Get => "GET",
            Method::Head => "HEAD",
            Method::Options => "OPTIONS",
            Method::Trace => "TRACE",
            Method::Query => "QUERY",
            Method::Put => "PUT",
            Method::Delete => "DELETE",
            Method::Post => "POST",
            Method::Patch => "PATCH",
            Method::Connect => "CONNECT",
            Method::Extension(token) => token,
        }
    }

    /// Safe (RFC 9110 9.2.1): the client asks for no change of state.
    pub fn is_safe(&self) -> bool {
        matches!(
            self,
            Method::Get | Method::Head | Method::Options | Method::Trace | Method::Query
        )
    }

    /// Idempotent (RFC 9110 9.2.2): the effect of several identical requests is that of one,
    /// so a client may repeat one whose response it did not get.
    pub fn is_idempotent(&self) -> bool {
        self.is_safe() || matches!(self, Method::Put | Method::Delete)
    }

    /// Defined to change state on the server: creating, replacing, modifying or removing.
    /// (An extension method's effects are unknown; it is neither safe nor known to write.)
    pub fn writes(&self) -> bool {
        matches!(
            self,
            Method::Post | Method::Put | Method::Patch | Method::Delete
        )
    }

    /// Defined to remove the target resource.
    pub fn removes(&self) -> bool {
        *self == Method::Delete
    }
}

/// Whether an API's operations all use POST, and enough of them to tell (three): an
/// RPC-style API (Mandrill, JSON-RPC over HTTP), where the method says nothing of what one
/// operation does.
pub fn only_posts<'m>(methods: impl IntoIterator<Item = &'m Method>) -> bool {
    let mut count = 0;
    for method in methods {
        if *method != Method::Post {
            return false;
        }
        count += 1;
    }
    count >= 3
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Method {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Method {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Method::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// The essence of a media type: `application/json; charset=utf-8` -> `application/json`.
pub fn media_essence(media_type: &str) -> &str {
    media_type.split(';').next().unwrap_or("").trim()
}

/// Whether a media type is JSON: `application/json` or a `+json` structured syntax
/// (`application/problem+json`), parameters ignored.
pub fn is_json(media_type: &str) -> bool {
    let essence = media_essence(media_type);
    essence.eq_ignore_ascii_case("application/json")
        || essence.to_ascii_lowercase().ends_with("+json")
}

/// Whether a parameter's name, case aside, is one that servers read as the HTTP method to
/// carry out instead of the request's own (`X-HTTP-Method-Override`, `X-HTTP-Method`,
/// `X-Method-Override`, `_method`, Salesforce's `_HttpMethod`).
pub fn is_method_override(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    matches!(
        lower.as_str(),
        "x-http-method-override"
            | "x-http-method"
            | "x-method-override"
            | "_method"
            | "_httpmethod"
    )
}

/// Header fields the HTTP client owns: framing (`Content-Length`, `Transfer-Encoding`,
/// `Content-Type`, which the body's media type decides),
/// routing (`Host`), connection management (RFC 9110 section 7.6.1's hop-by-hop fields,
/// `Expect`, `Upgrade`) and proxy credentials. One sent from a tool argument could cut a
/// body, smuggle a request or reach another host, so serve never does.
pub fn is_client_owned_header(name: &str) -> bool {
    const OWNED: [&str; 13] = [
        "host",
        "content-length",
        "content-type",
        "transfer-encoding",
        "connection",
        "keep-alive",
        "proxy-connection",
        "proxy-authorization",
        "proxy-authenticate",
        "te",
        "trailer",
        "upgrade",
        "expect",
    ];
    OWNED.iter().any(|owned| name.eq_ignore_ascii_case(owned))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registered_methods_in_any_case_and_their_meaning() {
        assert_eq!(Method::parse("get").unwrap(), Method::Get);
        assert_eq!(Method::parse("Delete").unwrap(), Method::Delete);
        for safe in ["GET", "HEAD", "OPTIONS", "TRACE", "QUERY"] {
            let method = Method::parse(safe).unwrap();
            assert!(method.is_safe() && method.is_idempotent() && !method.writes());
        }
        assert!(Method::Put.is_idempotent() && Method::Put.writes());
        assert!(Method::Delete.is_idempotent() && Method::Delete.removes());
        for method in [Method::Post, Method::Patch] {
            assert!(!method.is_idempotent() && method.writes() && !method.is_safe());
        }
    }

    #[test]
    fn extension_methods_are_tokens_kept_as_spelled() {
        let copy = Method::parse("Copy").unwrap();
        assert_eq!(copy, Method::Extension("Copy".into()));
        assert_eq!(copy.as_str(), "Copy");
        assert!(!copy.is_safe() && !copy.is_idempotent() && !copy.writes());
        for bad in ["LIST ALL", "", "GET\r\n", "a/b", "é"] {
            assert!(Method::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn json_media_types() {
        assert!(is_json("application/json; charset=utf-8"));
        assert!(is_json("application/problem+json"));
        assert!(is_json("Application/JSON"));
        assert!(!is_json("*/*"));
        assert!(!is_json("text/plain"));
    }
}
