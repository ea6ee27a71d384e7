//! How each parameter style serializes a value (OpenAPI 3's styles, the RFC 6570 forms, and
//! Swagger 2.0's `collectionFormat`), and the characters each place may carry unencoded.

use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use serde_json::Value;

use openapi2mcp_core::http::{is_json, media_essence};
use openapi2mcp_core::tool::{CollectionFormat, Param, Style};

/// Everything but RFC 3986's unreserved characters: what a path segment or a query
/// component may carry literally when it comes from a value.
pub(in crate::serve) const COMPONENT: &AsciiSet = &NON_ALPHANUMERIC
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
pub(super) const QUERY_TEXT: &AsciiSet = &COMPONENT.remove(b'=').remove(b'&').remove(b'+');

/// What may not stand in a cookie value unencoded (RFC 6265 cookie-octet).
pub(super) const COOKIE: &AsciiSet = &percent_encoding::CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b',')
    .add(b';')
    .add(b'\\')
    .add(b'%');

/// A value of OpenAPI 3.2's `cookie` style, sent as given (a value that needs escaping is
/// the caller's to escape, so `%` stays): only what would end the value or the header is
/// encoded, so that no value makes another cookie.
const COOKIE_AS_GIVEN: &AsciiSet = &COOKIE.remove(b'%');

/// What may not stand in a cookie's name unencoded, in the `cookie` style.
const COOKIE_NAME_AS_GIVEN: &AsciiSet = &COOKIE_AS_GIVEN.add(b'=');

/// A value as a parameter style sees it.
enum ValueShape {
    Scalar(String),
    List(Vec<String>),
    Pairs(Vec<(String, String)>),
}

pub(super) fn text(value: &Value) -> String {
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

pub(super) fn encode(text: &str, set: &'static AsciiSet) -> String {
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
pub(super) fn integer_text(number: &str) -> Option<String> {
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
pub(super) fn canonical_numbers(value: &mut Value) {
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
pub(super) fn path_value(name: &str, param: &Param, value: &Value) -> String {
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
pub(super) fn query_pairs(name: &str, param: &Param, value: &Value) -> Vec<(String, String)> {
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
pub(super) fn header_value(param: &Param, value: &Value) -> String {
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
pub(super) fn cookie_pairs(name: &str, param: &Param, value: &Value) -> Vec<String> {
    // The `form` style percent-encodes as a form does (RFC 6570); OpenAPI 3.2's `cookie`
    // style sends values as given.
    let (values, keys) = match param.style {
        Some(Style::Cookie) => (COOKIE_AS_GIVEN, COOKIE_NAME_AS_GIVEN),
        _ => (COMPONENT, COMPONENT),
    };
    let e = |text: &str| encode(text, values);
    if let Some(text) = in_media_type(param, value) {
        return vec![format!("{name}={}", e(&text))];
    }
    let explode = param.explode.unwrap_or(true);
    match shape(value) {
        ValueShape::Scalar(v) => vec![format!("{name}={}", e(&v))],
        ValueShape::List(items) if explode => {
            items.iter().map(|i| format!("{name}={}", e(i))).collect()
        }
        ValueShape::List(items) => vec![format!("{name}={}", joined(&items, values, ","))],
        // A key is a cookie's name: `=` in it would start another cookie's value.
        ValueShape::Pairs(pairs) if explode => pairs
            .iter()
            .map(|(k, v)| format!("{}={}", encode(k, keys), e(v)))
            .collect(),
        ValueShape::Pairs(pairs) => {
            let flat: Vec<String> = pairs.iter().flat_map(|(k, v)| [e(k), e(v)]).collect();
            vec![format!("{name}={}", flat.join(","))]
        }
    }
}
