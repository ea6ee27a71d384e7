use super::style::integer_text;
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
    for key in ["_method", "X-HTTP-Method-Override", "_HttpMethod"] {
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
