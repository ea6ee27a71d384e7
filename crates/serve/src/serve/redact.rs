//! No credential leaves in a result. An API may echo one (in a redirect's `Location`, in
//! an error body, in a JSON string, in a generated image), in any of the forms it was sent
//! in or could be written in; each is shown as `***`, and a body cut by
//! `--max-response-bytes` loses the start of a credential it ends in.

use base64::prelude::{
    Engine, BASE64_STANDARD, BASE64_STANDARD_NO_PAD, BASE64_URL_SAFE, BASE64_URL_SAFE_NO_PAD,
};
use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};
use serde_json::Value;

use super::request::{Secret, COMPONENT};
use openapi2mcp_core::tool::SchemeKind;

/// Secrets shorter than this are left alone: they would blot out ordinary text, and are no
/// real credential.
const SHORTEST: usize = 4;

/// Every form in which the secrets may come back.
pub struct Forms {
    /// Exact forms, longest first (so that a longer form is replaced whole before a shorter
    /// one inside it): as sent, percent-encoded, as a JSON string writes it, in base64 (the
    /// basic-auth header's pair among them).
    literal: Vec<String>,
    /// Each secret with any of its characters escaped any way a URL or a JSON string may
    /// escape it, mixed (`tok%2fen\u002Babc`): partial percent-encoding, lower-case hex,
    /// `\uXXXX`, `\/`, `+` for a space.
    escaped: Vec<(regex::Regex, regex::bytes::Regex)>,
}

/// The forms of `secrets` (a basic pair's password alone among them).
pub fn forms(secrets: &[Secret<'_>]) -> Forms {
    let mut literal = Vec::new();
    let mut escaped = Vec::new();
    for secret in secrets {
        let value = secret.value.as_str();
        let mut raw = vec![value];
        if let (SchemeKind::Basic, Some((_, password))) =
            (&secret.scheme.kind, value.split_once(':'))
        {
            raw.push(password);
        }
        for text in raw.into_iter().filter(|t| t.len() >= SHORTEST) {
            let json = serde_json::to_string(text).expect("strings serialize");
            let json = json[1..json.len() - 1].to_string();
            literal.push(json.replace('/', "\\/"));
            literal.push(json);
            literal.push(utf8_percent_encode(text, NON_ALPHANUMERIC).to_string());
            literal.push(utf8_percent_encode(text, COMPONENT).to_string());
            for engine in [
                &BASE64_STANDARD,
                &BASE64_STANDARD_NO_PAD,
                &BASE64_URL_SAFE,
                &BASE64_URL_SAFE_NO_PAD,
            ] {
                literal.push(engine.encode(text));
            }
            literal.push(text.to_string());
            let pattern = escaped_pattern(text);
            escaped.push((
                regex::Regex::new(&pattern).expect("an escaped secret is a valid pattern"),
                regex::bytes::Regex::new(&pattern).expect("an escaped secret is a valid pattern"),
            ));
        }
    }
    literal.sort_by_key(|form| std::cmp::Reverse(form.len()));
    literal.dedup();
    Forms { literal, escaped }
}

/// A pattern matching `text` with each character as itself or escaped: `%hh` per UTF-8 byte
/// (either case), `\uhhhh` (either case), `\/` for `/`, `+` for a space, `\"` and `\\`.
fn escaped_pattern(text: &str) -> String {
    let mut pattern = String::new();
    for c in text.chars() {
        let mut ways = vec![regex::escape(c.encode_utf8(&mut [0; 4]))];
        let bytes: String = c
            .encode_utf8(&mut [0; 4])
            .bytes()
            .map(|b| format!("%(?i:{b:02x})"))
            .collect();
        ways.push(bytes);
        if (c as u32) <= 0xFFFF {
            ways.push(format!("\\\\u(?i:{:04x})", c as u32));
        }
        match c {
            '/' | '"' | '\\' => ways.push(format!("\\\\{}", regex::escape(&c.to_string()))),
            ' ' => ways.push("\\+".into()),
            _ => {}
        }
        pattern.push_str(&format!("(?:{})", ways.join("|")));
    }
    pattern
}

/// `text` with every form of every secret shown as `***`; when the body was `cut`, an end
/// that is the start of one (at least [`SHORTEST`] characters of it) too.
pub fn redact(text: &str, forms: &Forms, cut: bool) -> String {
    let mut out = text.to_string();
    for (escaped, _) in &forms.escaped {
        out = escaped.replace_all(&out, "***").into_owned();
    }
    for form in &forms.literal {
        out = out.replace(form.as_str(), "***");
    }
    if cut {
        let start_of_form = forms.literal.iter().find_map(|form| {
            (SHORTEST..form.len())
                .rev()
                .filter(|&n| form.is_char_boundary(n))
                .find(|&n| out.ends_with(&form[..n]))
        });
        if let Some(n) = start_of_form {
            out.truncate(out.len() - n);
            out.push_str("***");
        }
    }
    out
}

/// Every string in `value` (keys too), redacted.
pub fn redact_strings(value: &mut Value, forms: &Forms) {
    match value {
        Value::String(text) => *text = redact(text, forms, false),
        Value::Array(items) => items.iter_mut().for_each(|v| redact_strings(v, forms)),
        Value::Object(object) => {
            let entries = std::mem::take(object);
            for (key, mut v) in entries {
                redact_strings(&mut v, forms);
                object.insert(redact(&key, forms, false), v);
            }
        }
        _ => {}
    }
}

/// Whether a body of bytes (an image, audio) holds a secret in any form.
pub fn holds_secret(body: &[u8], forms: &Forms) -> bool {
    forms.escaped.iter().any(|(_, bytes)| bytes.is_match(body))
        || forms.literal.iter().any(|form| {
            body.windows(form.len())
                .any(|window| window == form.as_bytes())
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use openapi2mcp_core::tool::Scheme;

    fn forms_of(kind: SchemeKind, value: &str) -> Forms {
        let scheme = Scheme::new("s", kind);
        forms(&[Secret {
            scheme: &scheme,
            value: value.to_string(),
        }])
    }

    #[test]
    fn every_form_of_a_secret_is_redacted() {
        let forms = forms_of(SchemeKind::Basic, "ann:pa/ss word");
        let basic = BASE64_STANDARD.encode("ann:pa/ss word");
        for echoed in [
            "ann:pa/ss word".to_string(),
            "ann%3Apa%2Fss%20word".to_string(),
            "\"ann:pa\\/ss word\"".to_string(),
            format!("Authorization: Basic {basic}"),
            "pa/ss word".to_string(),
        ] {
            let shown = redact(&echoed, &forms, false);
            assert!(
                !shown.contains("pa/ss") && !shown.contains(&basic),
                "{echoed} -> {shown}"
            );
            assert!(shown.contains("***"), "{shown}");
        }
    }

    /// Escapes an API's encoder may mix: partial percent-encoding (encodeURI, Python's
    /// `quote`), lower-case hex, `\uXXXX` (.NET escapes `+`), `\/`, in a text or in bytes.
    #[test]
    fn a_secret_escaped_any_way_is_redacted() {
        let forms = forms_of(SchemeKind::Bearer, "tok/en+abc=XYZ1");
        for echoed in [
            r"tok/en\u002Babc=XYZ1",
            "tok/en%2Babc%3DXYZ1",
            "tok/en+abc%3DXYZ1",
            "tok%2fen%2Babc%3DXYZ1",
            r"tok\/en\u002babc\u003dXYZ1",
            "http://x/?t=tok%2fen+abc=XYZ1",
        ] {
            let shown = redact(echoed, &forms, false);
            assert!(!shown.contains("XYZ1"), "{echoed} -> {shown}");
            assert!(holds_secret(echoed.as_bytes(), &forms), "{echoed}");
        }
    }

    #[test]
    fn a_cut_body_loses_the_start_of_a_secret_it_ends_in() {
        let forms = forms_of(SchemeKind::Bearer, "tok-123456789");
        assert_eq!(
            redact("the token is tok-1234", &forms, true),
            "the token is ***"
        );
        assert_eq!(
            redact("the token is tok-1234", &forms, false),
            "the token is tok-1234"
        );
        assert_eq!(redact("ends in to", &forms, true), "ends in to");
    }

    #[test]
    fn a_body_of_bytes_is_searched_for_every_form() {
        let forms = forms_of(SchemeKind::Bearer, "tok-123456789");
        assert!(holds_secret(
            b"<svg><text>tok-123456789</text></svg>",
            &forms
        ));
        assert!(!holds_secret(b"<svg/>", &forms));
    }
}
