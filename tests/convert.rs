//! Whole manifests of the specs in `specs/`, as insta snapshots in `snapshots/`, and the
//! properties every tool must have.

use crate::common::properties::{manifest_problems, Checks};
use crate::common::{convert_file, default_options, repo_path, tool_names};
use openapi2mcp_core::convert::Options;
use openapi2mcp_core::hints::HintStyle;
use serde_json::Value;

fn snapshot(name: &str, text: &str) {
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!(name, text);
    });
}

/// Converts `specs/<file>`, checks every property, and compares with its snapshot.
fn check(file: &str, snapshot_name: &str, options: &Options, hints_from_table: bool) -> Value {
    let checks = Checks { hints_from_table };
    let text = convert_file(&repo_path(&format!("specs/{file}")), options)
        .unwrap_or_else(|e| panic!("{file} converts: {e}"));
    let manifest: Value = serde_json::from_str(&text).expect("the manifest is JSON");
    let problems = manifest_problems(&manifest, checks);
    assert!(problems.is_empty(), "{file}:\n{}", problems.join("\n"));
    snapshot(snapshot_name, &text);
    manifest
}

#[test]
fn petstore_3_0() {
    check(
        "petstore-3.0.yaml",
        "petstore-3.0",
        &default_options(),
        true,
    );
}

/// `--compact`: the tool's first sentence only, no examples or schema titles, objects
/// deeper than two levels without their properties, the full input schema in `_meta`.
#[test]
fn compact_tools() {
    let options = Options {
        compact: true,
        ..default_options()
    };
    check("compact.yaml", "compact", &options, true);
}

/// Descriptions written in HTML (the operation's, a parameter's, a property's) become
/// Markdown; Markdown with a raw `<br>` keeps its own syntax.
#[test]
fn html_descriptions_become_markdown() {
    check(
        "html-descriptions.yaml",
        "html-descriptions",
        &default_options(),
        true,
    );
}

/// A parameter that is the API's credential under another name is the server's to send:
/// no tool argument, and the binding says where serve puts it.
#[test]
fn credential_parameters_are_left_to_the_server() {
    check(
        "credential-parameters.yaml",
        "credential-parameters",
        &default_options(),
        true,
    );
}

#[test]
fn schemas_3_1_come_through_whole() {
    check("schemas-3.1.json", "schemas-3.1", &default_options(), true);
}

#[test]
fn older_drafts_become_2020_12() {
    let manifest = check(
        "older-drafts.yaml",
        "older-drafts",
        &default_options(),
        true,
    );
    let tree = &manifest["tools"][0]["inputSchema"];
    assert_eq!(
        tree["$defs"]["Tree"]["properties"]["children"]["items"]["$ref"],
        "#/$defs/Tree"
    );
    let point = &manifest["tools"][1]["inputSchema"];
    assert_eq!(point["required"], serde_json::json!(["name"]));
    let point = &point["properties"];
    assert_eq!(
        point["coordinates"]["prefixItems"][1],
        serde_json::json!({"type": "number"})
    );
    assert_eq!(
        point["coordinates"]["items"],
        serde_json::json!({"type": "string"})
    );
    assert_eq!(point["kind"], serde_json::json!({"type": "string"}));
    assert_eq!(
        point["label"]["dependentRequired"],
        serde_json::json!({"color": ["text"], "text": ["color"]})
    );
    assert_eq!(
        point["label"]["dependentSchemas"],
        serde_json::json!({"color": {"required": ["text"]}})
    );
    assert_eq!(point["shape"], serde_json::json!({"type": "string"}));
    let spec = repo_path("specs/older-drafts.yaml");
    let output = crate::common::run(&["convert", spec.to_str().unwrap()], None);
    assert!(String::from_utf8_lossy(&output.stderr).contains(
        "warning: tool 'put_point': inputSchema/properties/kind/pattern left out: not valid JSON Schema 2020-12 (as the spec wrote it)"
    ));
    let code = &manifest["tools"][2]["inputSchema"]["properties"];
    assert_eq!(code["code"]["pattern"], r"^[\w\-.]+$");
    assert_eq!(code["plain"]["pattern"], "^[a-z]+$");
    assert!(code["label"].get("pattern").is_none());
    let label = code["label"]["description"].as_str().unwrap();
    assert!(
        label.starts_with(r"A label. Must match the pattern `^\p{Print}+$`"),
        "{label}"
    );
    assert_eq!(
        code["meta"],
        serde_json::json!({
            "type": "object",
            "patternProperties": {"^x-": {"type": "string"}},
            "description": "Properties whose names match `(?i)^y-` have a schema not given here (not checked: not an ECMA-262 pattern)."
        })
    );
}

/// A schema used once is inlined; one used twice is shared in the tool's `$defs` (the
/// contact, twice in an order), a small one (the status) inlined at each use; a recursive
/// body (the address) stays one argument.
#[test]
fn shared_schemas() {
    let options = Options {
        output_schema: true,
        ..default_options()
    };
    let manifest = check("shared-schemas.yaml", "shared-schemas", &options, true);
    let order = &manifest["tools"][0];
    let defs = order["inputSchema"]["$defs"].as_object().unwrap();
    assert_eq!(defs.keys().collect::<Vec<_>>(), ["Contact"]);
    assert_eq!(
        order["inputSchema"]["properties"]["shippingAddress"]["$ref"],
        "#/$defs/Contact"
    );
    let address = &manifest["tools"][1]["inputSchema"];
    assert_eq!(address["properties"]["body"]["$ref"], "#/$defs/Address");
    assert_eq!(
        address["$defs"]["Address"]["properties"]["forwardTo"]["$ref"],
        "#/$defs/Address"
    );
}

#[test]
fn references_everywhere_and_cycles() {
    check("refs-3.0.json", "refs-3.0", &default_options(), true);
}

#[test]
fn naming() {
    let manifest = check("naming.yaml", "naming", &default_options(), true);
    let names = tool_names(&manifest);
    assert_eq!(
        names[..3],
        ["repos_get_content", "get_pets_by_pet_id", "get_root"]
    );
    assert_eq!(names[4..], ["update_thing", "update_thing_2"]);
}

#[test]
fn name_max_shortens_deterministically() {
    let options = Options {
        name_max: 24,
        ..default_options()
    };
    let first = convert_file(&repo_path("specs/naming.yaml"), &options).unwrap();
    let second = convert_file(&repo_path("specs/naming.yaml"), &options).unwrap();
    assert_eq!(first, second);
    let manifest: Value = serde_json::from_str(&first).unwrap();
    for tool in manifest["tools"].as_array().unwrap() {
        assert!(
            tool["name"].as_str().unwrap().len() <= 24,
            "{}",
            tool["name"]
        );
    }
}

#[test]
fn hints_minimal() {
    check("hints.yaml", "hints-minimal", &default_options(), false);
}

#[test]
fn hints_explicit() {
    let options = Options {
        hint_style: HintStyle::Explicit,
        ..default_options()
    };
    check("hints.yaml", "hints-explicit", &options, false);
}

#[test]
fn hints_closed_world() {
    let options = Options {
        closed_world: true,
        ..default_options()
    };
    let manifest = check("hints.yaml", "hints-closed-world", &options, false);
    for tool in manifest["tools"].as_array().unwrap() {
        assert_eq!(
            tool["annotations"]["openWorldHint"], false,
            "{}",
            tool["name"]
        );
    }
}

#[test]
fn output_schema() {
    let options = Options {
        output_schema: true,
        ..default_options()
    };
    let manifest = check(
        "petstore-3.0.yaml",
        "petstore-3.0-output-schema",
        &options,
        true,
    );
    let tools = manifest["tools"].as_array().unwrap();
    // An array response is wrapped; an object response keeps writeOnly out and readOnly in.
    assert_eq!(
        tools[0]["outputSchema"]["properties"]["result"]["type"],
        "array"
    );
    let created = &tools[1]["outputSchema"]["properties"];
    assert!(created.get("id").is_some() && created.get("secret").is_none());
    assert!(
        tools[2].get("outputSchema").is_none(),
        "a response without content has none"
    );
}

/// The output schema is the lowest success status's (`200` before `201`), in whatever
/// order the spec lists them: the same API gives the same bytes.
#[test]
fn the_output_schema_does_not_depend_on_the_order_of_the_responses() {
    let dir = tempfile::tempdir().unwrap();
    let options = Options {
        output_schema: true,
        ..default_options()
    };
    let response = |status: &str, property: &str| {
        format!("        '{status}':\n          description: ok\n          content:\n            application/json:\n              schema: {{type: object, properties: {{{property}: {{type: string}}}}}}\n")
    };
    let manifests: Vec<String> = [["201", "200"], ["200", "201"]]
        .iter()
        .map(|order| {
            let [first, second] = order.map(|s| response(s, if s == "200" { "found" } else { "made" }));
            let text = format!("openapi: 3.0.3\ninfo: {{title: t, version: '1'}}\npaths:\n  /a:\n    post:\n      operationId: makeA\n      responses:\n{first}{second}");
            let path = dir.path().join(format!("{}.yaml", order[0]));
            std::fs::write(&path, text).unwrap();
            convert_file(&path, &options).unwrap()
        })
        .collect();
    assert_eq!(manifests[0], manifests[1]);
    let manifest: Value = serde_json::from_str(&manifests[0]).unwrap();
    let output = &manifest["tools"][0]["outputSchema"]["properties"];
    assert!(output.get("found").is_some(), "{output}");
}

#[test]
fn the_http_binding_carries_credentials_and_the_idempotency_key() {
    let options = Options {
        output_schema: true,
        ..default_options()
    };
    let manifest = check("serve.yaml", "serve", &options, true);
    let binding = |name: &str| {
        manifest["tools"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["name"] == name)
            .map(|t| t["_meta"]["openapi2mcp/http"].clone())
            .unwrap()
    };
    // The operation's own requirement replaces the document's; `{}` is anonymous access.
    assert_eq!(
        binding("list_items")["auth"],
        serde_json::json!([[{"scheme": "api_key_query", "type": "apiKey", "in": "query", "name": "api_key"}], []])
    );
    assert_eq!(
        binding("get_item")["auth"],
        serde_json::json!([[{"scheme": "bearer", "type": "bearer"}]])
    );
    assert_eq!(binding("create_item")["idempotencyKey"], "Idempotency-Key");
    assert!(binding("create_payment").get("idempotencyKey").is_none());
    // Parameters that repeat a credential, or that OpenAPI 3 says to ignore, are no arguments.
    let params = |name: &str| {
        let params = binding(name)["params"].as_object().unwrap().clone();
        params.keys().cloned().collect::<Vec<_>>()
    };
    assert_eq!(params("create_item"), ["Idempotency-Key", "name", "price"]);
    assert!(!params("get_item")
        .iter()
        .any(|p| p == "Accept" || p == "authorization"));
    assert_eq!(binding("list_items")["resultProperty"], "result");
    assert!(binding("get_item").get("resultProperty").is_none());
}

/// An argument described as an idempotency key is bound as one, wherever it goes (AWS's
/// `ClientToken` in the body, Google's `requestId` in the query), so serve mints it once
/// per call; not a request id only for tracing, nor a list that mentions a token; one named
/// so comes before one only described so.
#[test]
fn an_argument_described_as_an_idempotency_key_is_bound_as_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("keys.yaml");
    std::fs::write(
        &path,
        r#"openapi: 3.1.0
info: {title: keys, version: "1"}
paths:
  /instances:
    post:
      operationId: insertInstance
      parameters:
        - name: requestId
          in: query
          description: Specify a unique request ID so that if you must retry your request, the server will know to ignore the request if it has already been completed.
          schema: {type: string}
      responses: {"200": {description: ok}}
  /volumes:
    post:
      operationId: createVolume
      parameters:
        - {name: X-Request-Id, in: header, description: Traces the request in logs., schema: {type: string}}
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                Filters: {type: array, items: {type: string}, description: "client-token - the idempotency token you gave."}
                ClientToken: {type: string, description: A unique identifier that you provide to ensure the idempotency of the request.}
                Size: {type: integer}
      responses: {"200": {description: ok}}
  /jobs:
    post:
      operationId: createJob
      parameters:
        - {name: token, in: query, description: "A retry with the same token is ignored.", schema: {type: string}}
        - {name: Idempotency-Key, in: header, schema: {type: string}}
      responses: {"200": {description: ok}}
"#,
    )
    .unwrap();
    let manifest: Value =
        serde_json::from_str(&convert_file(&path, &default_options()).unwrap()).unwrap();
    let keys: Vec<&Value> = manifest["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| &t["_meta"]["openapi2mcp/http"]["idempotencyKey"])
        .collect();
    assert_eq!(
        keys,
        [
            &Value::from("requestId"),
            &Value::from("ClientToken"),
            &Value::from("Idempotency-Key")
        ]
    );
}

#[test]
fn same_input_gives_byte_identical_output() {
    for file in ["petstore-3.0.yaml", "refs-3.0.json", "schemas-3.1.json"] {
        let path = repo_path(&format!("specs/{file}"));
        let first = convert_file(&path, &default_options()).unwrap();
        assert_eq!(
            first,
            convert_file(&path, &default_options()).unwrap(),
            "{file}"
        );
    }
}

fn error_of(file: &str) -> String {
    let path = repo_path(&format!("specs/errors/{file}"));
    let error = convert_file(&path, &default_options()).expect_err("refused");
    error
        .to_string()
        .replace(&*repo_path("").to_string_lossy(), "")
}

#[test]
fn a_missing_reference_names_the_reference_and_where_it_stands() {
    assert_eq!(
        error_of("missing-ref.yaml"),
        "specs/errors/missing-ref.yaml:14:19: $ref '#/components/schemas/Owner' does not resolve: nothing is there \
         (at /paths/~1pets/post/requestBody/content/application~1json/schema/properties/owner/$ref)"
    );
}

#[test]
fn a_reference_cycle_without_a_schema_is_an_error() {
    let message = error_of("ref-cycle.yaml");
    assert!(
        message.contains("reference cycle with no schema in between"),
        "{message}"
    );
    assert!(
        message.contains("(at /paths/~1a/get/parameters/0/schema/$ref)"),
        "{message}"
    );
}

#[test]
fn unsupported_and_foreign_documents_are_refused_by_name() {
    assert_eq!(
        error_of("unsupported-version.yaml"),
        "specs/errors/unsupported-version.yaml:1:1: unsupported version: openapi 4.0.0 \
         (supported: Swagger 2.0, OpenAPI 3.0, 3.1 and 3.2) (at /openapi)"
    );
    assert_eq!(
        error_of("not-openapi.json"),
        "specs/errors/not-openapi.json: not an OpenAPI document: it has no `openapi` field"
    );
}

#[test]
fn a_truncated_file_reports_line_and_column() {
    let message = error_of("truncated.yaml");
    assert!(
        message.starts_with("specs/errors/truncated.yaml:6:1: invalid YAML"),
        "{message}"
    );
}

#[test]
fn a_spec_split_over_files_with_a_cycle_across_them() {
    let manifest = check(
        "multi-file/api.yaml",
        "multi-file",
        &default_options(),
        true,
    );
    let create_pet = &manifest["tools"][1]["inputSchema"];
    assert_eq!(create_pet["properties"]["body"]["$ref"], "#/$defs/pet");
    assert_eq!(
        create_pet["$defs"]["owner"]["properties"]["pets"]["items"]["$ref"],
        "#/$defs/pet"
    );
    // A bound beyond 64 bits is kept exactly, not rounded.
    let limit =
        serde_json::to_string(&manifest["tools"][0]["inputSchema"]["properties"]["limit"]).unwrap();
    assert!(limit.contains("18446744073709552000"), "{limit}");
}

#[test]
fn references_that_leave_the_spec_are_refused_naming_the_reference() {
    assert_eq!(
        error_of("ref-outside.yaml"),
        "specs/errors/ref-outside.yaml:10:22: $ref '../petstore-3.0.yaml#/components/schemas/Pet': \
         specs/errors/../petstore-3.0.yaml is outside the spec's directory (--allow-ref-outside DIR permits it) \
         (at /paths/~1pets/post/requestBody/content/application~1json/schema/$ref)"
    );
    assert_eq!(
        error_of("url-ref.yaml"),
        "specs/errors/url-ref.yaml:13:22: $ref 'https://example.com/schemas/pet.yaml' is a URL: \
         only a spec read by URL has its references downloaded \
         (at /paths/~1pets/post/requestBody/content/application~1json/schema/$ref)"
    );
    let missing = error_of("missing-file.yaml");
    assert!(
        missing.starts_with("specs/errors/missing-file.yaml:5:5: $ref 'paths/nope.yaml': cannot open specs/errors/paths/nope.yaml"),
        "{missing}"
    );
    assert!(missing.ends_with("(at /paths/~1pets/$ref)"), "{missing}");
}

#[test]
fn openapi_3_2_query_additional_operations_and_querystring() {
    let manifest = check("openapi-3.2.yaml", "openapi-3.2", &default_options(), true);
    let tools = manifest["tools"].as_array().unwrap();
    let summary: Vec<(&str, &str)> = tools
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap(),
                t["_meta"]["openapi2mcp/http"]["method"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("query_documents", "QUERY"),
            ("copy_documents", "COPY"),
            ("lock_documents", "LOCK"),
            ("search", "GET")
        ]
    );
    assert_eq!(
        tools[0]["annotations"],
        serde_json::json!({"readOnlyHint": true})
    );
    assert!(tools[1].get("annotations").is_none() && tools[2].get("annotations").is_none());
    assert_eq!(
        tools[3]["_meta"]["openapi2mcp/http"]["params"]["criteria"],
        serde_json::json!({"in": "querystring", "name": "criteria", "mediaType": "application/x-www-form-urlencoded"})
    );
}

#[test]
fn swagger_2_0_with_the_fidelity_of_3_x() {
    let manifest = check("swagger-2.0.yaml", "swagger-2.0", &default_options(), true);
    let tools = manifest["tools"].as_array().unwrap();
    let http = |i: usize| &tools[i]["_meta"]["openapi2mcp/http"];
    // host, basePath and schemes (https preferred) make the server URL.
    assert_eq!(http(0)["server"], "https://store.example.com/api/v2");
    assert_eq!(http(0)["params"]["status"]["collectionFormat"], "csv");
    // `in: body` is the request body; x-nullable becomes a type array.
    assert_eq!(http(1)["params"]["body"], serde_json::json!({"in": "body"}));
    let order = &tools[1]["inputSchema"]["$defs"]["Order"]["properties"];
    assert_eq!(
        order["coupon"]["type"],
        serde_json::json!(["string", "null"])
    );
    // formData: the operation's consumes wins; files make it multipart.
    assert_eq!(
        http(2)["bodyMediaType"],
        "application/x-www-form-urlencoded"
    );
    assert_eq!(http(2)["params"]["tags"]["collectionFormat"], "multi");
    assert_eq!(http(3)["bodyMediaType"], "multipart/form-data");
    assert_eq!(
        tools[3]["inputSchema"]["properties"]["file"],
        serde_json::json!({"type": "string", "format": "binary", "description": "The file."})
    );
}

/// An idempotency key in a form body (Twilio's `IdempotencyKey`) is the binding's key, as a
/// header is: serve mints it once per call and resends it on retries.
#[test]
fn a_body_field_idempotency_key_is_the_bindings_key() {
    let spec = b"openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n  /payments:\n    post:\n      operationId: createPayment\n      requestBody:\n        content:\n          application/x-www-form-urlencoded:\n            schema:\n              type: object\n              properties:\n                Amount: {type: integer}\n                IdempotencyKey: {type: string}\n      responses: {'201': {description: created}}\n";
    let output = crate::common::run(&["convert", "-"], Some(spec));
    assert_eq!(output.status.code(), Some(0));
    let manifest: Value = serde_json::from_slice(&output.stdout).unwrap();
    let binding = &manifest["tools"][0]["_meta"]["openapi2mcp/http"];
    assert_eq!(binding["idempotencyKey"], "IdempotencyKey");
    assert_eq!(binding["params"]["IdempotencyKey"]["in"], "body");
}

/// A schema that nests deeper than serve checks a call against (a chain of 300 `$ref`s)
/// converts, with a warning that serve will refuse the tool; a short chain says nothing.
#[test]
fn a_schema_too_deep_for_serve_is_warned_of() {
    let dir = tempfile::tempdir().unwrap();
    let warnings = |links: usize| {
        let mut schemas = serde_json::Map::new();
        for i in 0..links {
            let next = format!("#/components/schemas/S{}", i + 1);
            schemas.insert(
                format!("S{i}"),
                serde_json::json!({"type": "array", "items": {"$ref": next}}),
            );
        }
        schemas.insert(format!("S{links}"), serde_json::json!({"type": "string"}));
        let spec = serde_json::json!({"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
            "paths": {"/items": {"post": {"operationId": "addItem",
                "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/S0"}}}},
                "responses": {"200": {"description": "ok"}}}}},
            "components": {"schemas": schemas}});
        let path = dir.path().join(format!("deep-{links}.json"));
        std::fs::write(&path, spec.to_string()).unwrap();
        let spec = openapi2mcp_core::load::load(
            &openapi2mcp_core::load::Input::Path(path),
            &Default::default(),
        )
        .unwrap();
        openapi2mcp_core::pipeline::convert_spec(&spec, &Options::default())
            .unwrap()
            .warnings
    };
    assert_eq!(
        warnings(300),
        ["tool 'add_item': its inputSchema nests more than 256 levels deep, its $refs followed: serve will refuse it"]
    );
    assert_eq!(warnings(50), Vec::<String>::new());
}
