//! `serve` calling a real HTTP API: a mock server on 127.0.0.1 records what arrives, and
//! each test checks the request to the byte, and the result the caller gets.

use base64::prelude::{Engine, BASE64_STANDARD};
use std::collections::HashMap;
use std::time::Duration;

use openapi2mcp_core::convert::overrides::Overrides;
use openapi2mcp_core::convert::Options;
use openapi2mcp_core::load::Input;
use openapi2mcp_core::pipeline;
use openapi2mcp_core::tool::Tool;
use openapi2mcp_serve::serve::{ApiCaller, CallSettings, Media, MediaKind, Outcome};
use serde_json::{json, Map, Value};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, Request, ResponseTemplate};

/// The tools of `specs/serve.yaml`, as convert writes them.
fn tools(options: &Options) -> Vec<Tool> {
    let input = Input::Path(crate::common::repo_path("specs/serve.yaml"));
    let conversion =
        pipeline::convert_input(&input, &Default::default(), options).expect("converts");
    conversion.tools.into_iter().map(|c| c.tool).collect()
}

fn settings_for(mock: &MockServer) -> CallSettings {
    CallSettings {
        base_url: Some(format!("{}/v1", mock.uri()).parse().unwrap()),
        timeout: Duration::from_secs(5),
        retries: 0,
        max_response_bytes: 1_000_000,
    }
}

const SECRETS: [(&str, &str); 5] = [
    ("OPENAPI2MCP_AUTH_BEARER", "bearer-secret"),
    ("OPENAPI2MCP_AUTH_BASIC", "ann:pass word"),
    ("OPENAPI2MCP_AUTH_API_KEY_HEADER", "header-secret"),
    ("OPENAPI2MCP_AUTH_API_KEY_QUERY", "query secret"),
    ("OPENAPI2MCP_AUTH_API_KEY_COOKIE", "cookie-secret"),
];

fn api_with(tools: Vec<Tool>, settings: CallSettings, secrets: &[(&str, &str)]) -> ApiCaller {
    let secrets: HashMap<String, String> = secrets
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    ApiCaller::new(tools, settings, &|name| secrets.get(name).cloned()).expect("the API starts")
}

fn arguments(value: Value) -> Option<Map<String, Value>> {
    Some(value.as_object().expect("an object").clone())
}

/// The mock answers every request with `status` and a JSON body.
async fn mock_answering(status: u16) -> MockServer {
    let mock = MockServer::start().await;
    Mock::given(wiremock::matchers::any())
        .respond_with(ResponseTemplate::new(status).set_body_json(json!({"ok": true})))
        .mount(&mock)
        .await;
    mock
}

async fn only_request(mock: &MockServer) -> Request {
    let mut received = mock.received_requests().await.expect("recording is on");
    assert_eq!(received.len(), 1, "{received:?}");
    received.remove(0)
}

fn header<'r>(request: &'r Request, name: &str) -> Vec<&'r str> {
    request
        .headers
        .get_all(name)
        .iter()
        .map(|v| v.to_str().unwrap())
        .collect()
}

#[tokio::test]
async fn path_query_header_and_cookie_parameters_arrive_as_the_spec_says() {
    let mock = mock_answering(200).await;
    let api = api_with(tools(&Options::default()), settings_for(&mock), &SECRETS);
    let (outcome, log) = api
        .call(
            "get_item",
            arguments(json!({
                "id": "a b/c?d#e",
                "tags": ["x", "y z"],
                "fields": ["f1", "f2"],
                "ids": [1, 2],
                "levels": ["l1", "l2"],
                "filter": {"color": "red", "size": 2},
                "verbose": true,
                "X-Trace": ["t1", "t2"],
                "session": "s 1",
                "theme": "dark",
            })),
        )
        .await;
    assert!(!outcome.is_error, "{outcome:?}");
    let request = only_request(&mock).await;
    assert_eq!(request.method.as_str(), "GET");
    assert_eq!(request.url.path(), "/v1/items/a%20b%2Fc%3Fd%23e");
    assert_eq!(
        request.url.query(),
        Some("tags=x&tags=y%20z&fields=f1,f2&ids=1%202&levels=l1%7Cl2&filter[color]=red&filter[size]=2&verbose=true")
    );
    assert_eq!(header(&request, "x-trace"), ["t1,t2"]);
    assert_eq!(header(&request, "cookie"), ["session=s%201; theme=dark"]);
    assert_eq!(header(&request, "authorization"), ["Bearer bearer-secret"]);
    assert!(log.starts_with("get_item: GET http://127.0.0.1:"), "{log}");
    assert!(!log.contains("secret"), "{log}");
}

#[tokio::test]
async fn label_style_path_and_exploded_object_query() {
    let mock = mock_answering(200).await;
    let api = api_with(tools(&Options::default()), settings_for(&mock), &SECRETS);
    let (outcome, _) = api
        .call(
            "get_file",
            arguments(json!({"path": ["docs", "a.md"], "point": {"x": 1, "y": 2}})),
        )
        .await;
    assert!(!outcome.is_error, "{outcome:?}");
    let request = only_request(&mock).await;
    assert_eq!(request.url.path(), "/v1/files/.docs,a.md");
    assert_eq!(request.url.query(), Some("x=1&y=2"));
}

#[tokio::test]
async fn a_path_parameter_cannot_leave_its_segment() {
    let mock = mock_answering(200).await;
    let api = api_with(tools(&Options::default()), settings_for(&mock), &SECRETS);
    let (outcome, _) = api
        .call("get_item", arguments(json!({"id": "../admin"})))
        .await;
    assert!(!outcome.is_error, "{outcome:?}");
    let request = only_request(&mock).await;
    assert_eq!(request.url.path(), "/v1/items/..%2Fadmin");
    // Optional parameters not given are not sent, not even empty.
    assert_eq!(request.url.query(), None);
    assert!(header(&request, "x-trace").is_empty());
    assert!(header(&request, "cookie").is_empty());

    for dots in ["..", "."] {
        let (outcome, log) = api.call("get_item", arguments(json!({"id": dots}))).await;
        assert!(outcome.is_error);
        assert!(
            outcome.text.contains("would leave the path"),
            "{}",
            outcome.text
        );
        assert!(log.ends_with("not sent"), "{log}");
    }
    let (outcome, log) = api.call("get_item", arguments(json!({"id": ""}))).await;
    assert!(outcome.is_error);
    assert_eq!(
        outcome.text,
        "argument 'id': empty, but it is a whole path segment (without it the request would go to another URL)"
    );
    assert!(log.ends_with("not sent"), "{log}");
    assert_eq!(mock.received_requests().await.unwrap().len(), 1);
}

#[tokio::test]
async fn a_json_body_with_api_keys_in_header_and_cookie_and_a_minted_idempotency_key() {
    let mock = mock_answering(201).await;
    let api = api_with(tools(&Options::default()), settings_for(&mock), &SECRETS);
    let (outcome, _) = api
        .call(
            "create_item",
            arguments(json!({"name": "lamp", "price": 9.5})),
        )
        .await;
    assert!(!outcome.is_error, "{outcome:?}");
    let request = only_request(&mock).await;
    assert_eq!(request.url.path(), "/v1/items");
    assert_eq!(header(&request, "content-type"), ["application/json"]);
    assert_eq!(
        serde_json::from_slice::<Value>(&request.body).unwrap(),
        json!({"name": "lamp", "price": 9.5})
    );
    assert_eq!(header(&request, "x-api-key"), ["header-secret"]);
    assert_eq!(header(&request, "cookie"), ["key=cookie-secret"]);
    let key = header(&request, "idempotency-key");
    assert_eq!(key.len(), 1);
    assert!(uuid::Uuid::parse_str(key[0]).is_ok(), "{key:?}");
}

#[tokio::test]
async fn a_form_body_with_basic_credentials() {
    let mock = mock_answering(204).await;
    let api = api_with(tools(&Options::default()), settings_for(&mock), &SECRETS);
    let (outcome, _) = api
        .call(
            "add_note",
            arguments(json!({"id": "7", "text": "hello world & more", "labels": ["a", "b"]})),
        )
        .await;
    assert!(!outcome.is_error, "{outcome:?}");
    assert_eq!(outcome.text, "HTTP 204");
    let request = only_request(&mock).await;
    assert_eq!(request.url.path(), "/v1/items/7/notes");
    assert_eq!(
        header(&request, "content-type"),
        ["application/x-www-form-urlencoded"]
    );
    assert_eq!(
        String::from_utf8(request.body.clone()).unwrap(),
        "text=hello%20world%20%26%20more&labels=a&labels=b"
    );
    // base64("ann:pass word")
    assert_eq!(
        header(&request, "authorization"),
        ["Basic YW5uOnBhc3Mgd29yZA=="]
    );
}

#[tokio::test]
async fn a_multipart_body_sends_objects_as_json_parts_and_files_as_file_parts() {
    let mock = mock_answering(201).await;
    let api = api_with(tools(&Options::default()), settings_for(&mock), &SECRETS);
    let (outcome, _) = api
        .call(
            "upload_file",
            arguments(json!({
                "name": "notes.txt",
                "meta": {"size": 3},
                "file": "line one\nline two",
                "thumbnail": "iVBORw0=",
                "attachments": ["one", "two"],
            })),
        )
        .await;
    assert!(!outcome.is_error, "{outcome:?}");
    let request = only_request(&mock).await;
    let content_type = header(&request, "content-type")[0].to_string();
    let boundary = content_type
        .strip_prefix("multipart/form-data; boundary=")
        .expect("a multipart body");
    let body = String::from_utf8_lossy(&request.body).into_owned();
    let parts: Vec<&str> = body
        .split(&format!("--{boundary}"))
        .map(str::trim)
        .filter(|p| !p.is_empty() && *p != "--")
        .collect();
    assert_eq!(
        parts,
        [
            "Content-Disposition: form-data; name=\"name\"\r\n\r\nnotes.txt",
            "Content-Disposition: form-data; name=\"meta\"\r\nContent-Type: application/json\r\n\r\n{\"size\":3}",
            "Content-Disposition: form-data; name=\"file\"; filename=\"file\"\r\nContent-Type: application/octet-stream\r\n\r\nline one\nline two",
            "Content-Disposition: form-data; name=\"thumbnail\"; filename=\"thumbnail\"\r\nContent-Type: image/png\r\n\r\n\u{fffd}PNG",
            "Content-Disposition: form-data; name=\"attachments\"; filename=\"attachments\"\r\nContent-Type: application/octet-stream\r\n\r\none",
            "Content-Disposition: form-data; name=\"attachments\"; filename=\"attachments\"\r\nContent-Type: application/octet-stream\r\n\r\ntwo",
        ]
    );
    let (outcome, _) = api
        .call(
            "upload_file",
            arguments(json!({"thumbnail": "not base64!"})),
        )
        .await;
    assert!(outcome.is_error);
    assert!(
        outcome
            .text
            .starts_with("argument 'thumbnail': not valid base64"),
        "{}",
        outcome.text
    );
    assert_eq!(mock.received_requests().await.unwrap().len(), 1);
}

#[tokio::test]
async fn a_plain_text_body_is_sent_as_it_is() {
    let mock = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/search"))
        .respond_with(ResponseTemplate::new(200).set_body_raw("found: 2", "text/plain"))
        .mount(&mock)
        .await;
    let api = api_with(tools(&Options::default()), settings_for(&mock), &SECRETS);
    let (outcome, _) = api
        .call("search_text", arguments(json!({"body": "red \"lamps\""})))
        .await;
    assert_eq!(outcome.text, "found: 2");
    assert_eq!(
        outcome.response,
        Some(json!({"status": 200, "contentType": "text/plain"}))
    );
    let request = only_request(&mock).await;
    assert_eq!(header(&request, "content-type"), ["text/plain"]);
    assert_eq!(request.body, b"red \"lamps\"");
}

#[tokio::test]
async fn a_query_api_key_is_sent_but_never_logged_and_anonymous_access_is_the_fallback() {
    let mock = mock_answering(200).await;
    let api = api_with(tools(&Options::default()), settings_for(&mock), &SECRETS);
    let (_, log) = api.call("list_items", None).await;
    assert_eq!(
        only_request(&mock).await.url.query(),
        Some("api_key=query%20secret")
    );
    assert!(log.contains("/v1/items?api_key=*** -> 200"), "{log}");
    assert!(!log.contains("secret"), "{log}");

    // [{api_key_query: []}, {}]: without the key, the anonymous alternative.
    let mock = mock_answering(200).await;
    let api = api_with(tools(&Options::default()), settings_for(&mock), &[]);
    let (outcome, _) = api.call("list_items", None).await;
    assert!(!outcome.is_error);
    assert_eq!(only_request(&mock).await.url.query(), None);
}

#[tokio::test]
async fn missing_credentials_are_named_and_nothing_is_sent() {
    let mock = mock_answering(200).await;
    let api = api_with(tools(&Options::default()), settings_for(&mock), &[]);
    let (outcome, _) = api
        .call("create_item", arguments(json!({"name": "x"})))
        .await;
    assert!(outcome.is_error);
    assert_eq!(
        outcome.text,
        "this tool needs credentials: set OPENAPI2MCP_AUTH_API_KEY_HEADER and \
         OPENAPI2MCP_AUTH_API_KEY_COOKIE in the server's environment"
    );
    assert!(mock.received_requests().await.unwrap().is_empty());
    assert_eq!(
        api.credential_variables(),
        [
            ("OPENAPI2MCP_AUTH_API_KEY_COOKIE".to_string(), false),
            ("OPENAPI2MCP_AUTH_API_KEY_HEADER".to_string(), false),
            ("OPENAPI2MCP_AUTH_API_KEY_QUERY".to_string(), false),
            ("OPENAPI2MCP_AUTH_BASIC".to_string(), false),
            ("OPENAPI2MCP_AUTH_BEARER".to_string(), false),
        ]
    );
}

/// A credential variable left empty, or holding a placeholder a client configuration left
/// in place, counts as unset: nothing is sent with it, and the tool says what to set.
#[tokio::test]
async fn an_empty_or_placeholder_credential_counts_as_unset() {
    for value in [
        "",
        "  ",
        "<secret>",
        "${OPENAPI2MCP_AUTH_API_KEY_HEADER}",
        "${env:X}",
    ] {
        let mock = mock_answering(200).await;
        let secrets = [
            ("OPENAPI2MCP_AUTH_API_KEY_HEADER", value),
            ("OPENAPI2MCP_AUTH_API_KEY_COOKIE", value),
        ];
        let api = api_with(tools(&Options::default()), settings_for(&mock), &secrets);
        let (outcome, _) = api
            .call("create_item", arguments(json!({"name": "x"})))
            .await;
        assert!(outcome.is_error, "{value:?}");
        assert!(
            outcome.text.starts_with("this tool needs credentials"),
            "{value:?}"
        );
        assert!(
            mock.received_requests().await.unwrap().is_empty(),
            "{value:?}"
        );
    }
}

/// A requirement of two schemes that both go in `Authorization` cannot be met by one
/// request (RFC 9110 section 5.3: no second field line): never sent as two headers; another
/// alternative is used, or the call is refused with the reason, as for mutual TLS.
#[tokio::test]
async fn schemes_that_share_a_header_are_never_sent_together() {
    let text = "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /both:\n    post:\n      operationId: both\n      security: [{basic: [], token: []}]\n      responses: {'200': {description: ok}}\n  /either:\n    post:\n      operationId: either\n      security: [{basic: [], token: []}, {key: []}]\n      responses: {'200': {description: ok}}\n  /tls:\n    post:\n      operationId: tls\n      security: [{tls: []}]\n      responses: {'200': {description: ok}}\n  /keyed:\n    post:\n      operationId: keyed\n      security: [{basic: [], header_key: []}]\n      responses: {'200': {description: ok}}\ncomponents:\n  securitySchemes:\n    basic: {type: http, scheme: basic}\n    token: {type: oauth2, flows: {clientCredentials: {tokenUrl: 'https://a.example/t', scopes: {}}}}\n    key: {type: apiKey, in: header, name: X-Key}\n    tls: {type: mutualTLS}\n    header_key: {type: apiKey, in: header, name: Authorization}\n";
    let mock = mock_answering(200).await;
    let secrets = [
        ("OPENAPI2MCP_AUTH_BASIC", "ann:pw"),
        ("OPENAPI2MCP_AUTH_TOKEN", "tok"),
        ("OPENAPI2MCP_AUTH_KEY", "key-1"),
        ("OPENAPI2MCP_AUTH_HEADER_KEY", "key-2"),
    ];
    let api = api_with(tools_of("auth.yaml", text), settings_for(&mock), &secrets);
    let (outcome, _) = api.call("both", arguments(json!({}))).await;
    assert!(outcome.is_error);
    assert_eq!(
        outcome.text,
        "serve cannot call this tool: its security needs 'basic' and 'token' together, which \
         both go in the authorization header, which a request carries once"
    );
    let (outcome, _) = api.call("keyed", arguments(json!({}))).await;
    assert_eq!(
        outcome.text,
        "serve cannot call this tool: its security needs 'basic' and 'header_key' together, \
         which both go in the authorization header, which a request carries once"
    );
    let (outcome, _) = api.call("tls", arguments(json!({}))).await;
    assert_eq!(
        outcome.text,
        "serve cannot call this tool: its security needs 'tls' ('mutualTLS' security)"
    );
    let (outcome, _) = api.call("either", arguments(json!({}))).await;
    assert!(!outcome.is_error, "{outcome:?}");
    let request = only_request(&mock).await;
    assert!(header(&request, "authorization").is_empty());
    assert_eq!(header(&request, "x-key"), ["key-1"]);
}

/// Path values as OpenAPI's style examples write them: `simple` array `blue,black`, object
/// `R,100,G,200`, exploded `R=100,G=200`; `matrix` array `;m=blue,black`, exploded object
/// `;R=100;G=200`. A Swagger 2.0 body with no `consumes` anywhere is JSON, the only form
/// its schema describes.
#[tokio::test]
async fn path_styles_and_a_swagger_body_without_consumes() {
    let v3 = "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /p/{array}/{object}/{exploded}/{m}{point}:\n    get:\n      operationId: simple\n      parameters:\n        - {name: array, in: path, required: true, schema: {type: array, items: {type: string}}}\n        - {name: object, in: path, required: true, schema: {type: object}}\n        - {name: exploded, in: path, required: true, explode: true, schema: {type: object}}\n        - {name: m, in: path, required: true, style: matrix, schema: {type: array, items: {type: string}}}\n        - {name: point, in: path, required: true, style: matrix, explode: true, schema: {type: object}}\n      responses: {'200': {description: ok}}\n";
    let v2 = "swagger: '2.0'\ninfo: {title: t, version: '1'}\npaths:\n  /orders:\n    post:\n      operationId: order\n      parameters:\n        - {name: body, in: body, required: true, schema: {type: object, properties: {n: {type: integer}}}}\n      responses: {'200': {description: ok}}\n";
    let mock = mock_answering(200).await;
    let api = api_with(tools_of("simple.yaml", v3), settings_for(&mock), &[]);
    let given = json!({"array": ["blue", "black"], "object": {"R": 100, "G": 200}, "exploded": {"R": 100, "G": 200}, "m": ["blue", "black"], "point": {"R": 100, "G": 200}});
    let (outcome, _) = api.call("simple", arguments(given)).await;
    assert!(!outcome.is_error, "{outcome:?}");
    assert_eq!(
        only_request(&mock).await.url.path(),
        "/v1/p/blue,black/R,100,G,200/R=100,G=200/;m=blue,black;R=100;G=200"
    );
    let mock = mock_answering(200).await;
    let api = api_with(tools_of("v2.yaml", v2), settings_for(&mock), &[]);
    let (outcome, _) = api.call("order", arguments(json!({"n": 3}))).await;
    assert!(!outcome.is_error, "{outcome:?}");
    let request = only_request(&mock).await;
    assert_eq!(header(&request, "content-type"), ["application/json"]);
    assert_eq!(request.body, br#"{"n":3}"#);
}

#[tokio::test]
async fn arguments_are_checked_against_the_input_schema_before_anything_is_sent() {
    let mock = mock_answering(200).await;
    let api = api_with(tools(&Options::default()), settings_for(&mock), &SECRETS);
    let (outcome, _) = api
        .call("get_item", arguments(json!({"id": 5, "verbose": "yes"})))
        .await;
    assert!(outcome.is_error);
    assert_eq!(
        outcome.text,
        "invalid arguments, nothing was sent: argument 'id' (at /id): 5 is not of type \"string\"; \
         argument 'verbose' (at /verbose): \"yes\" is not of type \"boolean\""
    );
    let (outcome, _) = api.call("create_item", arguments(json!({}))).await;
    assert_eq!(
        outcome.text,
        "invalid arguments, nothing was sent: arguments: \"name\" is a required property"
    );
    let (outcome, _) = api.call("no_such_tool", None).await;
    assert_eq!(outcome.text, "no tool named 'no_such_tool'");
    assert!(mock.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn an_error_status_is_an_error_result_with_status_and_body() {
    let mock = MockServer::start().await;
    Mock::given(wiremock::matchers::any())
        .respond_with(
            ResponseTemplate::new(404)
                .set_body_raw(r#"{"message":"no such item"}"#, "application/json"),
        )
        .mount(&mock)
        .await;
    let api = api_with(tools(&Options::default()), settings_for(&mock), &SECRETS);
    let (outcome, log) = api.call("get_item", arguments(json!({"id": "9"}))).await;
    assert_eq!(
        outcome,
        Outcome {
            text: "HTTP 404 Not Found\n{\"message\":\"no such item\"}".into(),
            is_error: true,
            structured: None,
            response: Some(json!({"status": 404, "contentType": "application/json"})),
            media: None,
        }
    );
    assert!(log.starts_with("get_item: GET http://127.0.0.1:"), "{log}");
    assert!(log.contains("/v1/items/9 -> 404 in "), "{log}");
}

#[tokio::test]
async fn long_bodies_are_cut_with_a_note() {
    let mock = MockServer::start().await;
    Mock::given(wiremock::matchers::any())
        .respond_with(ResponseTemplate::new(200).set_body_raw("é".repeat(100), "text/plain"))
        .mount(&mock)
        .await;
    let settings = CallSettings {
        max_response_bytes: 11,
        ..settings_for(&mock)
    };
    let api = api_with(tools(&Options::default()), settings, &SECRETS);
    let (outcome, _) = api.call("get_item", arguments(json!({"id": "9"}))).await;
    // 11 bytes hold five whole two-byte characters; the half character is dropped.
    assert_eq!(
        outcome.text,
        "ééééé\n[openapi2mcp: the response was cut at 11 bytes (--max-response-bytes)]"
    );
}

#[tokio::test]
async fn structured_content_with_output_schema_wraps_what_is_not_an_object() {
    let mock = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/items"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!([{"name": "lamp"}])))
        .mount(&mock)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/items/1"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"name": "lamp"})))
        .mount(&mock)
        .await;
    let options = Options {
        output_schema: true,
        ..Options::default()
    };
    let api = api_with(tools(&options), settings_for(&mock), &SECRETS);
    let (outcome, _) = api.call("list_items", None).await;
    assert_eq!(outcome.text, r#"[{"name":"lamp"}]"#);
    assert_eq!(
        outcome.structured,
        Some(json!({"result": [{"name": "lamp"}]}))
    );
    let (outcome, _) = api.call("get_item", arguments(json!({"id": "1"}))).await;
    assert_eq!(outcome.structured, Some(json!({"name": "lamp"})));

    let api = api_with(tools(&Options::default()), settings_for(&mock), &SECRETS);
    let (outcome, _) = api.call("get_item", arguments(json!({"id": "1"}))).await;
    assert_eq!(
        outcome.structured, None,
        "no outputSchema, no structuredContent"
    );
}

/// The tools with `idempotentHint: true` set on `names`, as a reviewed override would.
/// The spec's tools with `names` reviewed as idempotent in an overrides file (`reason`
/// given) or, without one, only claimed so by their hints.
fn with_idempotent(spec: &str, names: &[&str], reviewed: bool) -> Vec<Tool> {
    let mut text = String::from("tools:\n");
    for name in names {
        text.push_str(&format!("  {name}:\n    idempotentHint: true\n"));
        if reviewed {
            text.push_str("    reason: the API dedupes by its idempotency key\n");
        }
    }
    let options = Options {
        overrides: Some(Overrides::parse("overrides.yaml".into(), text).unwrap()),
        ..Options::default()
    };
    let input = Input::Path(crate::common::repo_path(spec));
    let conversion = pipeline::convert_input(&input, &Default::default(), &options).unwrap();
    let tools: Vec<Tool> = conversion.tools.into_iter().map(|c| c.tool).collect();
    for tool in &tools {
        let binding = tool.binding().unwrap();
        let key = binding.idempotency_key.is_some();
        assert_eq!(
            binding.retry_reviewed,
            reviewed && key && names.contains(&tool.name.as_str())
        );
    }
    tools
}

/// A mock that answers 503 `failures` times, then 201.
async fn flaky(failures: u64) -> MockServer {
    let mock = MockServer::start().await;
    Mock::given(wiremock::matchers::any())
        .respond_with(ResponseTemplate::new(503))
        .up_to_n_times(failures)
        .with_priority(1)
        .mount(&mock)
        .await;
    Mock::given(wiremock::matchers::any())
        .respond_with(ResponseTemplate::new(201))
        .with_priority(2)
        .mount(&mock)
        .await;
    mock
}

#[tokio::test]
async fn a_post_with_an_idempotency_key_is_retried_with_the_same_key() {
    let mock = flaky(1).await;
    let tools = with_idempotent("specs/serve.yaml", &["create_item"], true);
    let settings = CallSettings {
        retries: 2,
        ..settings_for(&mock)
    };
    let api = api_with(tools, settings, &SECRETS);
    let (outcome, log) = api
        .call("create_item", arguments(json!({"name": "lamp"})))
        .await;
    assert!(!outcome.is_error, "{outcome:?}");
    assert!(log.ends_with(", 2 attempts"), "{log}");
    let received = mock.received_requests().await.unwrap();
    assert_eq!(received.len(), 2);
    let keys: Vec<_> = received
        .iter()
        .map(|r| header(r, "idempotency-key"))
        .collect();
    assert_eq!(keys[0], keys[1]);
    assert_eq!(keys[0].len(), 1);
}

/// A key carried in the body (Twilio's `IdempotencyKey` form field) is minted and resent
/// the same way as a header.
#[tokio::test]
async fn a_body_idempotency_key_is_minted_once_and_resent() {
    let mock = flaky(1).await;
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("payments.yaml");
    std::fs::write(&spec, "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n  /payments:\n    post:\n      operationId: createPayment\n      requestBody:\n        content:\n          application/x-www-form-urlencoded:\n            schema:\n              type: object\n              properties:\n                Amount: {type: integer}\n                IdempotencyKey: {type: string}\n      responses: {'201': {description: created}}\n").unwrap();
    let tools = with_idempotent(spec.to_str().unwrap(), &["create_payment"], true);
    let settings = CallSettings {
        retries: 2,
        ..settings_for(&mock)
    };
    let api = api_with(tools, settings, &[]);
    let (outcome, log) = api
        .call("create_payment", arguments(json!({"Amount": 5})))
        .await;
    assert!(!outcome.is_error, "{outcome:?}");
    assert!(log.ends_with(", 2 attempts"), "{log}");
    let bodies: Vec<String> = mock
        .received_requests()
        .await
        .unwrap()
        .iter()
        .map(|r| String::from_utf8_lossy(&r.body).into_owned())
        .collect();
    assert_eq!(bodies.len(), 2);
    assert_eq!(bodies[0], bodies[1], "the same key on both attempts");
    assert!(bodies[0].contains("IdempotencyKey="), "{}", bodies[0]);
}

/// A write is repeated only when a person reviewed it and the API takes a key: not for
/// a hint alone (the spec's own claim, or an override without a reason), not without a key.
#[tokio::test]
async fn writes_are_retried_only_when_reviewed_with_an_idempotency_key() {
    // create_payment is a POST with no key: even reviewed as idempotent, one attempt only.
    for reviewed in [false, true] {
        let mock = flaky(1).await;
        let tools = with_idempotent("specs/serve.yaml", &["create_payment"], reviewed);
        let settings = CallSettings {
            retries: 3,
            ..settings_for(&mock)
        };
        let api = api_with(tools, settings, &SECRETS);
        let (outcome, _) = api
            .call("create_payment", arguments(json!({"amount": 5})))
            .await;
        assert!(outcome.is_error);
        assert_eq!(outcome.text, "HTTP 503 Service Unavailable");
        assert_eq!(mock.received_requests().await.unwrap().len(), 1);
    }
    // create_item has a key: claimed idempotent (no reason), or read-only by the spec's
    // own x-mcp-annotations, it is not retried either.
    let claimed = with_idempotent("specs/serve.yaml", &["create_item"], false);
    let mut spec_claim = tools(&Options::default());
    let create = spec_claim
        .iter_mut()
        .find(|t| t.name == "create_item")
        .unwrap();
    create.annotations.read_only_hint = Some(true);
    for tools in [tools(&Options::default()), claimed, spec_claim] {
        let mock = flaky(1).await;
        let settings = CallSettings {
            retries: 3,
            ..settings_for(&mock)
        };
        let api = api_with(tools, settings, &SECRETS);
        api.call("create_item", arguments(json!({"name": "x"})))
            .await;
        assert_eq!(mock.received_requests().await.unwrap().len(), 1);
    }
}

#[tokio::test]
async fn idempotent_methods_and_reads_are_retried_up_to_the_limit() {
    // PUT is idempotent by its method (convert marks it so).
    let mock = flaky(5).await;
    let settings = CallSettings {
        retries: 2,
        ..settings_for(&mock)
    };
    let api = api_with(tools(&Options::default()), settings, &SECRETS);
    let (outcome, log) = api
        .call("replace_item", arguments(json!({"id": "1", "name": "x"})))
        .await;
    assert!(outcome.is_error);
    assert!(
        log.contains("-> 503 in ") && log.ends_with(", 3 attempts"),
        "{log}"
    );
    assert_eq!(mock.received_requests().await.unwrap().len(), 3);

    // A read that times out is retried; the result says it timed out.
    let mock = MockServer::start().await;
    Mock::given(wiremock::matchers::any())
        .respond_with(ResponseTemplate::new(200).set_delay(Duration::from_secs(2)))
        .mount(&mock)
        .await;
    let settings = CallSettings {
        retries: 1,
        timeout: Duration::from_millis(200),
        ..settings_for(&mock)
    };
    let api = api_with(tools(&Options::default()), settings, &SECRETS);
    let (outcome, log) = api.call("get_item", arguments(json!({"id": "1"}))).await;
    assert_eq!(outcome.text, "the request failed: timed out after 0.2 s");
    assert!(log.ends_with(", 2 attempts"), "{log}");
    assert_eq!(mock.received_requests().await.unwrap().len(), 2);
}

#[test]
fn tools_without_an_absolute_url_or_a_binding_are_refused_at_start() {
    let mut tools = tools(&Options::default());
    let no_base = CallSettings {
        base_url: None,
        timeout: Duration::from_secs(1),
        retries: 0,
        max_response_bytes: 10,
    };
    // Refused when no tool is left; one such tool among others is left out (below).
    for tool in &mut tools {
        tool.meta.http.as_mut().unwrap().server = Some("/v1".into());
    }
    let error = ApiCaller::new(tools.clone(), no_base.clone(), &|_| None)
        .err()
        .expect("refused");
    assert_eq!(
        error.to_string(),
        "tool 'get_item': its server URL '/v1' is not absolute; give --base-url"
    );
    tools[0].meta.http = None;
    let error = ApiCaller::new(tools, no_base, &|_| None)
        .err()
        .expect("refused");
    assert!(error
        .to_string()
        .starts_with("tool 'get_item' has no `_meta[\"openapi2mcp/http\"]`"));
}

/// Settings for an API that is never called: what is checked at start.
fn offline_settings() -> CallSettings {
    CallSettings {
        base_url: Some("http://127.0.0.1:9".parse().unwrap()),
        timeout: Duration::from_secs(1),
        retries: 0,
        max_response_bytes: 10,
    }
}

/// A header or cookie name that is no token would write another header or cookie: `pref=1;
/// session` as a cookie parameter's name would put the model's value before the
/// credential's `session`. Refused at start, whether a parameter or a scheme names it.
#[test]
fn header_and_cookie_names_that_are_no_tokens_are_refused_at_start() {
    use openapi2mcp_core::tool::In;
    let settings = offline_settings();
    let refused = |tools: Vec<Tool>| {
        ApiCaller::new(tools, settings.clone(), &|_| None)
            .err()
            .expect("refused")
            .to_string()
    };
    for (location, name, place) in [
        (In::Cookie, "pref=1; session", "cookie"),
        (In::Header, "X-A: b", "header"),
    ] {
        let mut tools = tools(&Options::default());
        let binding = tools[0].meta.http.as_mut().unwrap();
        let param = binding.params.values_mut().next().unwrap();
        param.location = location;
        param.name = Some(name.into());
        assert!(
            refused(tools).starts_with(&format!(
                "tool 'get_item': the {place} name '{name}' is not a token"
            )),
            "{name}"
        );
    }
    let mut tools = tools(&Options::default());
    let scheme =
        json!({"scheme": "sess", "type": "apiKey", "in": "cookie", "name": "sid=x; admin"});
    tools[0].meta.http.as_mut().unwrap().auth = vec![vec![serde_json::from_value(scheme).unwrap()]];
    assert!(refused(tools)
        .starts_with("tool 'get_item': the cookie name 'sid=x; admin' is not a token"));
    // Tokens are served.
    let served = ApiCaller::new(self::tools(&Options::default()), settings.clone(), &|_| {
        None
    });
    assert!(served.is_ok());
}

/// Two schemes whose names differ only in what a variable name cannot hold read one
/// variable, so one secret goes to both places: said at start.
#[test]
fn schemes_that_share_a_variable_are_named_at_start() {
    let mut tools = tools(&Options::default());
    let scheme = |name: &str, place: &str| {
        serde_json::from_value(
            json!({"scheme": name, "type": "apiKey", "in": place, "name": "key"}),
        )
        .unwrap()
    };
    tools[0].meta.http.as_mut().unwrap().auth = vec![
        vec![scheme("api-key", "header")],
        vec![scheme("api_key", "query")],
    ];
    let api = ApiCaller::new(tools, offline_settings(), &|_| None).unwrap();
    assert_eq!(
        api.notes(),
        ["the security schemes 'api-key' and 'api_key' read one variable, OPENAPI2MCP_AUTH_API_KEY: its secret is sent for each"]
    );
}

/// A schema that nests hundreds of levels deep (a long chain of `$ref`s) would overflow the
/// validator's stack at the first call, taking every tool down: refused at start instead.
#[test]
fn a_schema_too_deep_to_check_is_refused_at_start() {
    let settings = offline_settings();
    let mut tools = tools(&Options::default());
    let mut deep = json!({"type": "string"});
    for _ in 0..400 {
        deep = json!({"type": "array", "items": deep});
    }
    tools[0].input_schema = Some(json!({"type": "object", "properties": {"body": deep}}));
    let error = ApiCaller::new(tools, settings, &|_| None)
        .err()
        .expect("refused");
    assert!(
        error
            .to_string()
            .starts_with("tool 'get_item': its inputSchema nests more than 256 levels deep"),
        "{error}"
    );
}

#[tokio::test]
async fn redirects_are_not_followed_off_the_api() {
    let elsewhere = mock_answering(200).await;
    let mock = MockServer::start().await;
    Mock::given(wiremock::matchers::any())
        .respond_with(
            ResponseTemplate::new(302)
                .insert_header("location", format!("{}/steal", elsewhere.uri())),
        )
        .mount(&mock)
        .await;
    let api = api_with(tools(&Options::default()), settings_for(&mock), &SECRETS);
    let (outcome, _) = api.call("get_item", arguments(json!({"id": "1"}))).await;
    assert!(outcome.is_error);
    assert!(
        outcome.text.starts_with("HTTP 302 Found"),
        "{}",
        outcome.text
    );
    assert!(elsewhere.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn images_come_whole_and_other_binary_bodies_are_described() {
    let mock = MockServer::start().await;
    Mock::given(path("/v1/files/.logo.png"))
        .respond_with(
            ResponseTemplate::new(200).set_body_raw(vec![0x89, b'P', b'N', b'G'], "image/png"),
        )
        .mount(&mock)
        .await;
    Mock::given(path("/v1/files/.blob"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_raw(vec![0xff, 0xfe, 0x00], "application/octet-stream"),
        )
        .mount(&mock)
        .await;
    let api = api_with(tools(&Options::default()), settings_for(&mock), &SECRETS);
    let (outcome, _) = api
        .call("get_file", arguments(json!({"path": ["logo.png"]})))
        .await;
    assert_eq!(outcome.text, "HTTP 200: image/png, 4 bytes");
    assert_eq!(
        outcome.media,
        Some(Media {
            kind: MediaKind::Image,
            data: "iVBORw==".into(),
            mime_type: "image/png".into(),
        })
    );
    let (outcome, _) = api
        .call("get_file", arguments(json!({"path": ["blob"]})))
        .await;
    assert_eq!(
        outcome.text,
        "[openapi2mcp: a binary body of 3 bytes (application/octet-stream), not shown]"
    );
    assert_eq!(outcome.media, None);
}

/// A spec that declares no security (GitHub's) still reaches an API that takes a token:
/// `--assume-auth` gives each such operation the scheme `default`, sent when its variable is
/// set and left out, the call still made, when not. A parameter that repeats it is no
/// argument; an operation whose spec says what it needs (`[]` included) is left as it is.
#[tokio::test]
async fn an_assumed_credential_is_sent_where_the_spec_declares_none() {
    let text = "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /user:\n    get:\n      operationId: getUser\n      parameters:\n        - {name: access_token, in: query, schema: {type: string}}\n      responses: {'200': {description: ok}}\n  /meta:\n    get:\n      operationId: getMeta\n      security: [{key: []}]\n      responses: {'200': {description: ok}}\n  /public:\n    get:\n      operationId: getPublic\n      security: []\n      responses: {'200': {description: ok}}\ncomponents:\n  securitySchemes:\n    key: {type: apiKey, in: header, name: X-Key}\n";
    let spec = openapi2mcp_core::load::load_bytes("api.yaml", text.as_bytes().to_vec()).unwrap();
    let options = Options {
        assumed_auth: Some(
            openapi2mcp_core::options::AssumedAuth::parse("query:access_token")
                .unwrap()
                .scheme,
        ),
        ..Options::default()
    };
    let tools: Vec<Tool> = pipeline::convert_spec(&spec, &options)
        .unwrap()
        .tools
        .into_iter()
        .map(|c| c.tool)
        .collect();
    assert_eq!(
        tools[0].input_schema,
        Some(json!({"type": "object", "additionalProperties": false}))
    );
    // Declared security stays as the spec says.
    let meta = &tools[1].meta.http.as_ref().unwrap().auth;
    assert_eq!(meta.len(), 1);
    assert_eq!(meta[0][0].scheme, "key");
    assert!(tools[2].meta.http.as_ref().unwrap().auth.is_empty());
    for (secrets, query) in [
        (
            &[("OPENAPI2MCP_AUTH_DEFAULT", "gho_1")][..],
            Some("access_token=gho_1"),
        ),
        (&[][..], None),
    ] {
        let mock = mock_answering(200).await;
        let api = api_with(tools.clone(), settings_for(&mock), secrets);
        let (outcome, _) = api.call("get_user", arguments(json!({}))).await;
        assert!(!outcome.is_error, "{outcome:?}");
        assert_eq!(only_request(&mock).await.url.query(), query);
    }
}

/// Slack's own spec is Swagger 2.0: its POSTs take `token` as a `formData` parameter,
/// which serve fills, the tool not asking for it.
#[tokio::test]
async fn a_swagger_form_token_is_sent_from_the_environment() {
    let text = "swagger: '2.0'\ninfo: {title: t, version: '1'}\nhost: api.example.test\nsecurityDefinitions:\n  slackAuth: {type: oauth2, flow: accessCode, authorizationUrl: 'https://example.test/a', tokenUrl: 'https://example.test/t', scopes: {}}\nsecurity: [{slackAuth: []}]\npaths:\n  /chat.postMessage:\n    post:\n      operationId: chat_postMessage\n      consumes: [application/x-www-form-urlencoded]\n      parameters:\n        - {name: token, in: formData, required: true, type: string, description: 'Authentication token. Requires scope: chat:write'}\n        - {name: channel, in: formData, required: true, type: string}\n      responses: {'200': {description: ok}}\n";
    let tools = tools_of("slack.yaml", text);
    let properties = &tools[0].input_schema.as_ref().unwrap()["properties"];
    assert_eq!(properties, &json!({"channel": {"type": "string"}}));
    let mock = mock_answering(200).await;
    let api = api_with(
        tools,
        settings_for(&mock),
        &[("OPENAPI2MCP_AUTH_SLACKAUTH", "xoxb-2")],
    );
    let (outcome, _) = api
        .call("chat_post_message", arguments(json!({"channel": "C1"})))
        .await;
    assert!(!outcome.is_error, "{outcome:?}");
    let request = only_request(&mock).await;
    assert_eq!(request.body, b"channel=C1&token=xoxb-2");
}

/// Tools whose arguments reach for what serve owns: framing headers and the credential's
/// own query parameter.
fn hostile_tools() -> Vec<Tool> {
    let text = "openapi: 3.1.0\ninfo: {title: t, version: '1'}\nservers: [{url: 'https://api.example.com/v1'}]\npaths:\n  /things:\n    get:\n      operationId: listThings\n      security: [{key: []}]\n      parameters:\n        - {name: Host, in: header, schema: {type: string}}\n        - {name: Content-Length, in: header, schema: {type: string}}\n        - {name: Transfer-Encoding, in: header, schema: {type: string}}\n        - {name: filter, in: query, schema: {type: object, additionalProperties: {type: string}}}\n        - {name: X-Trace, in: header, schema: {type: string}}\n        - {name: Content-Type, in: header, schema: {type: string}}\n      responses: {'200': {description: ok}}\ncomponents:\n  securitySchemes:\n    key: {type: apiKey, in: query, name: api_key}\n";
    tools_of("hostile.yaml", text)
}

/// Headers the HTTP client owns never become arguments, and a hand-made binding that
/// sends one, or an argument that would stand beside the credential, is refused before
/// anything is sent.
#[tokio::test]
async fn arguments_cannot_set_framing_headers_or_shadow_credentials() {
    let mut tools = hostile_tools();
    let properties = tools[0].input_schema.as_ref().unwrap()["properties"]
        .as_object()
        .unwrap();
    let mut names: Vec<&String> = properties.keys().collect();
    names.sort();
    assert_eq!(names, ["X-Trace", "filter"]);

    let mock = mock_answering(200).await;
    let secrets = [("OPENAPI2MCP_AUTH_KEY", "SECRET")];
    let binding = tools[0].meta.http.as_mut().unwrap();
    let host =
        openapi2mcp_core::tool::Param::new(openapi2mcp_core::tool::In::Header, Some("Host".into()));
    binding.params.insert("host".into(), host);
    let api = api_with(tools, settings_for(&mock), &secrets);
    for (given, message) in [
        (
            json!({"filter": {"api_key": "attacker"}}),
            "an argument would set the query parameter 'api_key', which carries the credentials",
        ),
        (
            json!({"host": "evil.example"}),
            "the argument 'host' would set the header 'Host', which only the HTTP client sets",
        ),
    ] {
        let (outcome, log) = api.call("list_things", arguments(given)).await;
        assert!(outcome.is_error);
        assert_eq!(outcome.text, message);
        assert!(log.ends_with(", not sent"), "{log}");
    }
    let (outcome, _) = api
        .call(
            "list_things",
            arguments(json!({"filter": {"kind": "a"}, "X-Trace": "t"})),
        )
        .await;
    assert!(!outcome.is_error, "{outcome:?}");
    let received = mock.received_requests().await.unwrap();
    assert_eq!(received.len(), 1, "only the harmless call was sent");
    assert_eq!(received[0].url.query(), Some("kind=a&api_key=SECRET"));
}

/// The URL every request is built on is http(s), without credentials, query or fragment,
/// whether it comes from --base-url or from the spec; a password never reaches a message.
#[test]
fn base_urls_that_cannot_carry_a_request_are_refused_at_start() {
    let tools = hostile_tools();
    for (server, message) in [
        ("file:///etc", "tool 'list_things': its server URL 'file:///etc' is not an http(s) URL; give --base-url"),
        ("ftp://h/v1", "tool 'list_things': its server URL 'ftp://h/v1' is not an http(s) URL; give --base-url"),
        ("https://ann:pw@h/v1", "tool 'list_things': its server URL 'https://ann:***@h/v1' holds credentials: set them in the environment instead (OPENAPI2MCP_AUTH_<SCHEME>); give --base-url"),
        ("https://h/v1?x=1", "tool 'list_things': its server URL 'https://h/v1?x=1' has a query or a fragment, which the request path cannot follow; give --base-url"),
        ("http://{missing}/z", "tool 'list_things': its server URL 'http://{missing}/z' is no URI a request can go to (a server variable without a value, in braces?); give --base-url"),
    ] {
        let mut tools = tools.clone();
        tools[0].meta.http.as_mut().unwrap().server = Some(server.into());
        let settings = CallSettings {
            base_url: None,
            timeout: Duration::from_secs(1),
            retries: 0,
            max_response_bytes: 10,
        };
        let error = ApiCaller::new(tools, settings, &|_| None).err().expect("refused");
        assert_eq!(error.to_string(), message);
    }
    let settings = CallSettings {
        base_url: Some("http://h/v1#top".parse().unwrap()),
        timeout: Duration::from_secs(1),
        retries: 0,
        max_response_bytes: 10,
    };
    let error = ApiCaller::new(tools, settings, &|_| None)
        .err()
        .expect("refused");
    assert_eq!(
        error.to_string(),
        "--base-url 'http://h/v1#top' has a query or a fragment, which the request path cannot follow"
    );
}

/// One tool whose own server no request can reach (a placeholder left in a server
/// variable's default, as DigitalOcean's agent inference has) is left out, said at start;
/// the others are served.
#[test]
fn a_tool_whose_own_server_cannot_be_reached_is_left_out_the_rest_served() {
    let mut tools = hostile_tools();
    let mut agent = tools[0].clone();
    agent.name = "agent_chat".into();
    agent.meta.http.as_mut().unwrap().server = Some("https://{your-agent-url}/".into());
    tools.push(agent);
    let settings = CallSettings {
        base_url: None,
        timeout: Duration::from_secs(1),
        retries: 0,
        max_response_bytes: 10,
    };
    let caller = ApiCaller::new(tools.clone(), settings.clone(), &|_| None).expect("served");
    assert!(caller.has_tool("list_things") && !caller.has_tool("agent_chat"));
    assert_eq!(
        caller.notes(),
        ["left out tool 'agent_chat': its server URL 'https://{your-agent-url}/' is no URI a request can go to (a server variable without a value, in braces?); to call it, serve it on its own with --base-url"]
    );
    // Past three, one line: most likely the spec names no server for most of its tools.
    for i in 2..=4 {
        let mut another = tools[1].clone();
        another.name = format!("agent_chat_{i}");
        tools.push(another);
    }
    let caller = ApiCaller::new(tools, settings, &|_| None).expect("served");
    assert_eq!(
        caller.notes(),
        ["left out 4 tools whose server URL no request can go to (the first: tool 'agent_chat': its server URL 'https://{your-agent-url}/' is no URI a request can go to (a server variable without a value, in braces?)); give --base-url to serve them there"]
    );
}

/// With an outputSchema, a success that cannot be the structured result it describes (no
/// body, not JSON, not matching) is an error result that shows the body and says why:
/// the model still sees it, and no client that checks results against the schema fails.
#[tokio::test]
async fn a_success_that_does_not_fit_the_output_schema_is_shown_as_an_error() {
    let options = Options {
        output_schema: true,
        ..Options::default()
    };
    let cases = [
        (
            ResponseTemplate::new(204),
            "HTTP 204\n[openapi2mcp: the request succeeded, but this is not the result the tool's outputSchema describes: there is no body]",
        ),
        (
            ResponseTemplate::new(200).set_body_string("lamp"),
            "lamp\n[openapi2mcp: the request succeeded, but this is not the result the tool's outputSchema describes: the body is not JSON]",
        ),
        (
            ResponseTemplate::new(200).set_body_json(json!({"name": 7})),
            "{\"name\":7}\n[openapi2mcp: the request succeeded, but this is not the result the tool's outputSchema describes: the body does not match it: 7 is not of type \"string\" (at /name)]",
        ),
    ];
    for (response, text) in cases {
        let mock = MockServer::start().await;
        Mock::given(wiremock::matchers::any())
            .respond_with(response)
            .mount(&mock)
            .await;
        let api = api_with(tools(&options), settings_for(&mock), &SECRETS);
        let (outcome, _) = api.call("get_item", arguments(json!({"id": "1"}))).await;
        assert!(outcome.is_error, "{outcome:?}");
        assert_eq!(outcome.structured, None);
        assert_eq!(outcome.text, text);
    }
}

/// A required body goes out even when no argument fills it (`{}` for JSON); every request
/// names its client; a redirect's result says where it points.
#[tokio::test]
async fn required_bodies_user_agent_and_redirects() {
    let text = "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /things:\n    post:\n      operationId: createThing\n      requestBody:\n        required: true\n        content:\n          application/json:\n            schema: {type: object, properties: {name: {type: string}}}\n      responses: {'201': {description: created}}\n";
    let tools = tools_of("things.yaml", text);
    let mock = MockServer::start().await;
    Mock::given(wiremock::matchers::any())
        .respond_with(
            ResponseTemplate::new(302).insert_header("Location", "https://elsewhere.example/x"),
        )
        .mount(&mock)
        .await;
    let api = api_with(tools, settings_for(&mock), &[]);
    let (outcome, _) = api.call("create_thing", arguments(json!({}))).await;
    assert!(outcome.is_error);
    assert_eq!(
        outcome.text,
        "HTTP 302 Found\nLocation: https://elsewhere.example/x"
    );
    let request = only_request(&mock).await;
    assert_eq!(request.body, b"{}");
    assert_eq!(header(&request, "content-type"), ["application/json"]);
    let agent = header(&request, "user-agent");
    assert_eq!(agent, [concat!("openapi2mcp/", env!("CARGO_PKG_VERSION"))]);
}

/// The tools of a spec given as text.
fn tools_of(name: &str, text: &str) -> Vec<Tool> {
    let spec = openapi2mcp_core::load::load_bytes(name, text.as_bytes().to_vec()).unwrap();
    let conversion = pipeline::convert_spec(&spec, &Options::default()).unwrap();
    conversion.tools.into_iter().map(|c| c.tool).collect()
}

/// What OpenAPI's serialization rules say a query string is: a `content` parameter is one
/// value in its media type; a delimited object is its keys and values in turn; the
/// `,` delimiter of styles and of Swagger 2.0's `collectionFormat` stands literally;
/// `allowReserved` keeps reserved characters but those that would break the query, and
/// percent-encoded triples (RFC 6570's reserved expansion).
#[tokio::test]
async fn query_values_are_serialized_as_openapi_says() {
    let v3 = "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /q:\n    get:\n      operationId: query\n      parameters:\n        - {name: jsonq, in: query, content: {application/json: {schema: {type: object}}}}\n        - {name: space, in: query, style: spaceDelimited, explode: false, schema: {type: object}}\n        - {name: pipe, in: query, style: pipeDelimited, explode: false, schema: {type: object}}\n        - {name: at, in: query, allowReserved: true, schema: {type: string}}\n      responses: {'200': {description: ok}}\n";
    let v2 = "swagger: '2.0'\ninfo: {title: t, version: '1'}\npaths:\n  /q:\n    get:\n      operationId: legacy\n      parameters:\n        - {name: csv, in: query, type: array, items: {type: string}, collectionFormat: csv}\n        - {name: pipes, in: query, type: array, items: {type: string}, collectionFormat: pipes}\n        - {name: ssv, in: query, type: array, items: {type: string}, collectionFormat: ssv}\n        - {name: Content-Type, in: header, type: string}\n      responses: {'200': {description: ok}}\n";
    let cases = [
        (
            tools_of("v3.yaml", v3),
            "query",
            json!({"jsonq": {"a": 1}, "space": {"R": 100, "G": 200}, "pipe": {"R": 100, "G": 200}, "at": "a/b:c?d&e=f g%2F%zz%4"}),
            "jsonq=%7B%22a%22%3A1%7D&space=R%20100%20G%20200&pipe=R%7C100%7CG%7C200&at=a/b:c?d%26e%3Df%20g%2F%25zz%254",
        ),
        (
            tools_of("v2.yaml", v2),
            "legacy",
            json!({"csv": ["a", "b,c"], "pipes": ["a", "b"], "ssv": ["a", "b"]}),
            "csv=a,b%2Cc&pipes=a%7Cb&ssv=a%20b",
        ),
    ];
    let legacy = &cases[1].0[0];
    assert!(legacy.input_schema.as_ref().unwrap()["properties"]
        .get("Content-Type")
        .is_none());
    for (tools, name, given, query) in cases {
        let mock = mock_answering(200).await;
        let api = api_with(tools, settings_for(&mock), &[]);
        let (outcome, _) = api.call(name, arguments(given)).await;
        assert!(!outcome.is_error, "{outcome:?}");
        assert_eq!(only_request(&mock).await.url.query(), Some(query), "{name}");
    }
}

/// A JSON body the schema lets be `null` is sent as the JSON text `null` (RFC 8259), not
/// left out: a required body is still there.
#[tokio::test]
async fn a_null_json_body_is_sent_as_null() {
    let text = "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /points:\n    patch:\n      operationId: movePoint\n      requestBody:\n        required: true\n        content:\n          application/json:\n            schema: {oneOf: [{type: object}, {type: 'null'}]}\n      responses: {'200': {description: ok}}\n";
    let mock = mock_answering(200).await;
    let api = api_with(tools_of("null.yaml", text), settings_for(&mock), &[]);
    let (outcome, _) = api
        .call("move_point", arguments(json!({"body": null})))
        .await;
    assert!(!outcome.is_error, "{outcome:?}");
    let request = only_request(&mock).await;
    assert_eq!(header(&request, "content-type"), ["application/json"]);
    assert_eq!(request.body, b"null");
}

/// A form body's Encoding Object gives a field the style of a query parameter.
#[tokio::test]
async fn form_fields_follow_their_encoding_object() {
    let text = "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /f:\n    post:\n      operationId: submit\n      requestBody:\n        content:\n          application/x-www-form-urlencoded:\n            schema:\n              type: object\n              properties:\n                csv: {type: array, items: {type: integer}}\n                pipes: {type: array, items: {type: integer}}\n                deep: {type: object}\n                plain: {type: array, items: {type: integer}}\n            encoding:\n              csv: {style: form, explode: false}\n              pipes: {style: pipeDelimited, explode: false}\n              deep: {style: deepObject, explode: true}\n      responses: {'204': {description: done}}\n";
    let mock = mock_answering(200).await;
    let api = api_with(tools_of("form.yaml", text), settings_for(&mock), &[]);
    let given =
        json!({"csv": [1, 2], "pipes": [3, 4], "deep": {"k": "v", "n": 7}, "plain": [5, 6]});
    let (outcome, _) = api.call("submit", arguments(given)).await;
    assert!(!outcome.is_error, "{outcome:?}");
    let request = only_request(&mock).await;
    assert_eq!(
        String::from_utf8_lossy(&request.body),
        "csv=1,2&pipes=3%7C4&deep[k]=v&deep[n]=7&plain=5&plain=6"
    );
}

/// A pattern the validator cannot compile (a manifest may hold anything) never makes a
/// tool uncallable: arguments are checked without it, and serve says so at start.
#[tokio::test]
async fn a_pattern_the_validator_cannot_compile_is_left_out_of_the_check() {
    let mut tools = tools(&Options::default());
    let get_item = tools.iter_mut().find(|t| t.name == "get_item").unwrap();
    get_item.input_schema.as_mut().unwrap()["properties"]["id"]["pattern"] = json!("(");
    let mock = mock_answering(200).await;
    let api = api_with(tools, settings_for(&mock), &SECRETS);
    assert_eq!(
        api.notes(),
        ["tool 'get_item': the pattern '(' (inputSchema/properties/id/pattern) does not compile, so arguments are checked without it"]
    );
    let (outcome, _) = api.call("get_item", arguments(json!({"id": "1"}))).await;
    assert!(!outcome.is_error, "{outcome:?}");
    assert_eq!(mock.received_requests().await.unwrap().len(), 1);
    let listed = api.tools().find(|t| t.name == "get_item").unwrap();
    assert_eq!(
        listed.input_schema.as_ref().unwrap()["properties"]["id"]["pattern"],
        "(",
        "listed as it is"
    );
}

/// A `form` cookie is percent-encoded as a form is (RFC 6570); OpenAPI 3.2's `cookie` style
/// sends the value as given (already escaped: `%` stays), encoding only what would end it.
#[tokio::test]
async fn form_cookies_are_percent_encoded_and_cookie_style_ones_sent_as_given() {
    let text = "openapi: 3.2.0\ninfo: {title: t, version: '1'}\npaths:\n  /c:\n    get:\n      operationId: prefs\n      parameters:\n        - {name: theme, in: cookie, schema: {type: string}}\n        - {name: sess, in: cookie, style: cookie, schema: {type: string}}\n      responses: {'200': {description: ok}}\n";
    let mock = mock_answering(200).await;
    let api = api_with(tools_of("c.yaml", text), settings_for(&mock), &[]);
    let given = json!({"theme": "a/b@c&d=e", "sess": "x%2Fy/z; evil=1"});
    let (outcome, _) = api.call("prefs", arguments(given)).await;
    assert!(!outcome.is_error, "{outcome:?}");
    let request = only_request(&mock).await;
    assert_eq!(
        header(&request, "cookie"),
        ["theme=a%2Fb%40c%26d%3De; sess=x%2Fy/z%3B%20evil=1"]
    );
}

/// A cookie object's keys are encoded as cookie names: `=` or `;` in one cannot make
/// another cookie, the credential's own included.
#[tokio::test]
async fn cookie_keys_cannot_inject_a_cookie() {
    let text = "openapi: 3.1.0\ninfo: {title: t, version: '1'}\nsecurity: [{key: []}]\npaths:\n  /c:\n    get:\n      operationId: prefs\n      parameters:\n        - {name: prefs, in: cookie, schema: {type: object}}\n      responses: {'200': {description: ok}}\ncomponents:\n  securitySchemes:\n    key: {type: apiKey, in: cookie, name: session}\n";
    let mock = mock_answering(200).await;
    let secrets = [("OPENAPI2MCP_AUTH_KEY", "REAL-SESSION")];
    let api = api_with(tools_of("c.yaml", text), settings_for(&mock), &secrets);
    let given = json!({"prefs": {"x=1; session": "attacker"}});
    let (outcome, _) = api.call("prefs", arguments(given)).await;
    assert!(!outcome.is_error, "{outcome:?}");
    let request = only_request(&mock).await;
    assert_eq!(
        header(&request, "cookie"),
        ["x%3D1%3B%20session=attacker; session=REAL-SESSION"]
    );
}

/// A credential the API echoes, in a redirect's `Location` or in a body (as sent or
/// percent-encoded), never reaches the result.
#[tokio::test]
async fn a_credential_the_api_echoes_is_redacted() {
    let mock = MockServer::start().await;
    Mock::given(wiremock::matchers::any())
        .respond_with(
            ResponseTemplate::new(301)
                .insert_header(
                    "Location",
                    "https://api.example.com/v1/items?api_key=query%20secret",
                )
                .set_body_string("your key: query secret"),
        )
        .mount(&mock)
        .await;
    let api = api_with(tools(&Options::default()), settings_for(&mock), &SECRETS);
    let (outcome, _) = api.call("list_items", None).await;
    assert_eq!(
        outcome.text,
        "HTTP 301 Moved Permanently\nLocation: https://api.example.com/v1/items?api_key=***\nyour key: ***"
    );
}

/// A body split into arguments keeps no room for others: an argument the tool does not
/// take is refused with the closest name, nothing sent, never dropped while the call
/// reports success.
#[tokio::test]
async fn an_argument_the_tool_does_not_take_is_refused() {
    let mock = mock_answering(201).await;
    let api = api_with(tools(&Options::default()), settings_for(&mock), &SECRETS);
    let (outcome, log) = api
        .call(
            "create_item",
            arguments(json!({"name": "lamp", "prise": 3})),
        )
        .await;
    assert!(outcome.is_error, "{outcome:?}");
    assert!(
        outcome
            .text
            .contains("no argument 'prise' (did you mean 'price'?)"),
        "{}",
        outcome.text
    );
    assert!(log.contains("not sent"), "{log}");
    assert!(mock.received_requests().await.unwrap().is_empty());
}

/// The forms an attack round found: a basic-auth pair echoed in base64, a token escaped
/// as JSON writes `/`, an SVG image that holds a token, and a token's start where
/// `--max-response-bytes` cut the body.
#[tokio::test]
async fn every_form_of_an_echoed_credential_is_redacted() {
    let basic = BASE64_STANDARD.encode("ann:pass word");
    let get_item = ("get_item", json!({"id": "1"}));
    let add_note = ("add_note", json!({"id": "1", "text": "x"}));
    let cases = [
        (
            add_note,
            ("OPENAPI2MCP_AUTH_BASIC", "ann:pass word"),
            "text/plain",
            format!("you sent Basic {basic}"),
            basic.clone(),
        ),
        (
            get_item.clone(),
            ("OPENAPI2MCP_AUTH_BEARER", "tok/en-1"),
            "application/json",
            r#"{"echo": "tok\/en-1"}"#.to_string(),
            "en-1".to_string(),
        ),
        (
            get_item.clone(),
            ("OPENAPI2MCP_AUTH_BEARER", "svg-secret"),
            "image/svg+xml",
            "<svg><text>svg-secret</text></svg>".to_string(),
            "svg-secret".to_string(),
        ),
    ];
    for ((tool, given), secret, media_type, body, leaked) in cases {
        let mock = MockServer::start().await;
        Mock::given(wiremock::matchers::any())
            .respond_with(ResponseTemplate::new(200).set_body_raw(body.clone(), media_type))
            .mount(&mock)
            .await;
        let api = api_with(tools(&Options::default()), settings_for(&mock), &[secret]);
        let (outcome, _) = api.call(tool, arguments(given)).await;
        assert!(outcome.media.is_none(), "{body}");
        assert!(
            !outcome.text.contains(&leaked),
            "{body} -> {}",
            outcome.text
        );
        assert!(
            outcome.text.contains("***") || outcome.text.contains("not shown"),
            "{}",
            outcome.text
        );
    }
    let mock = MockServer::start().await;
    Mock::given(wiremock::matchers::any())
        .respond_with(ResponseTemplate::new(200).set_body_string("token: bearer-secret"))
        .mount(&mock)
        .await;
    let mut settings = settings_for(&mock);
    settings.max_response_bytes = "token: bearer-se".len();
    let api = api_with(tools(&Options::default()), settings, &SECRETS);
    let (outcome, _) = api.call("get_item", arguments(json!({"id": "1"}))).await;
    assert!(outcome.text.starts_with("token: ***\n"), "{}", outcome.text);
}

/// What serve checks without an uncompilable pattern: an output too, and a removed
/// `patternProperties` entry takes `additionalProperties: false` with it.
#[tokio::test]
async fn uncompilable_patterns_leave_output_and_pattern_properties_checkable() {
    let options = Options {
        output_schema: true,
        ..Options::default()
    };
    let mut tools = tools(&options);
    let get_item = tools.iter_mut().find(|t| t.name == "get_item").unwrap();
    get_item.output_schema.as_mut().unwrap()["properties"]["name"]["pattern"] = json!("(");
    get_item.input_schema.as_mut().unwrap()["properties"]["filter"] = json!({
        "type": "object", "patternProperties": {"(": {"type": "string"}}, "additionalProperties": false
    });
    let mock = mock_answering(200).await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"name": "lamp"})))
        .with_priority(1)
        .mount(&mock)
        .await;
    let api = api_with(tools, settings_for(&mock), &SECRETS);
    assert_eq!(api.notes().len(), 2, "{:?}", api.notes());
    let given = json!({"id": "1", "filter": {"color": "red"}});
    let (outcome, _) = api.call("get_item", arguments(given)).await;
    assert!(!outcome.is_error, "{outcome:?}");
    assert_eq!(outcome.structured, Some(json!({"name": "lamp"})));
}

/// A parameter or form field that carries the API's credential under another name is filled
/// by serve: a required `token` with the OAuth scheme's secret (in the header and the query,
/// or the form), Google's optional `key` from its own variable when the OAuth one is not
/// set. No argument may stand in the credential's form field.
#[tokio::test]
async fn credential_parameters_are_sent_from_the_environment() {
    let input = Input::Path(crate::common::repo_path("specs/credential-parameters.yaml"));
    let tools: Vec<Tool> =
        pipeline::convert_input(&input, &Default::default(), &Options::default())
            .expect("converts")
            .tools
            .into_iter()
            .map(|c| c.tool)
            .collect();
    let mock = mock_answering(200).await;
    let api = api_with(
        tools.clone(),
        settings_for(&mock),
        &[("OPENAPI2MCP_AUTH_SLACKAUTH", "xoxb-1")],
    );
    let (outcome, log) = api
        .call("conversations_list", arguments(json!({"limit": 2})))
        .await;
    assert!(!outcome.is_error, "{outcome:?}");
    let request = only_request(&mock).await;
    assert_eq!(request.url.query(), Some("limit=2&token=xoxb-1"));
    assert_eq!(header(&request, "authorization"), ["Bearer xoxb-1"]);
    assert!(!log.contains("xoxb-1"), "{log}");

    let mock = mock_answering(200).await;
    let mut form_tools = tools.clone();
    let api = api_with(
        form_tools.clone(),
        settings_for(&mock),
        &[("OPENAPI2MCP_AUTH_SLACKAUTH", "xoxb-1")],
    );
    let given = json!({"channel": "C1", "text": "a&b"});
    let (outcome, log) = api
        .call("chat_post_message", arguments(given.clone()))
        .await;
    assert!(!outcome.is_error, "{outcome:?}");
    let request = only_request(&mock).await;
    assert_eq!(request.body, b"channel=C1&text=a%26b&token=xoxb-1");
    assert_eq!(header(&request, "authorization"), ["Bearer xoxb-1"]);
    assert!(!log.contains("xoxb-1"), "{log}");
    // A binding edited to take the field from an argument too is refused, unsent.
    let chat = form_tools
        .iter_mut()
        .find(|t| t.name == "chat_post_message")
        .unwrap();
    let token =
        openapi2mcp_core::tool::Param::new(openapi2mcp_core::tool::In::Body, Some("token".into()));
    chat.meta
        .http
        .as_mut()
        .unwrap()
        .params
        .insert("token".into(), token);
    let api = api_with(
        form_tools,
        settings_for(&mock),
        &[("OPENAPI2MCP_AUTH_SLACKAUTH", "xoxb-1")],
    );
    let mut forged = given;
    forged["token"] = json!("xoxb-forged");
    let (outcome, log) = api.call("chat_post_message", arguments(forged)).await;
    assert_eq!(
        outcome.text,
        "an argument would set the form field 'token', which carries the credentials"
    );
    assert!(log.ends_with(", not sent"), "{log}");

    let mock = mock_answering(200).await;
    let api = api_with(
        tools,
        settings_for(&mock),
        &[("OPENAPI2MCP_AUTH_KEY", "AIza-2")],
    );
    let (outcome, _) = api.call("search", arguments(json!({"q": "rust"}))).await;
    assert!(!outcome.is_error, "{outcome:?}");
    let request = only_request(&mock).await;
    assert_eq!(request.url.query(), Some("q=rust&key=AIza-2"));
    assert!(header(&request, "authorization").is_empty());
}
