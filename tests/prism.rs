//! The requests `serve` builds, judged by an independent validator: Stoplight Prism's mock
//! (`prism mock --errors`) checks each request it receives against the spec. Every tool of
//! each spec below is called through `serve` by the official TypeScript SDK's client
//! (`tests/servers/ts/prism_check.mjs`), once with its required arguments and once with
//! all of them, generated from its `inputSchema` by json-schema-faker. Prism must accept
//! every request, but those in [`EXPLAINED`]. Needs `$OPENAPI2MCP_TS_SERVERS` (where
//! `npm install` put Prism); `.ci/run` sets it.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use openapi2mcp_core::load::Input;
use openapi2mcp_core::pipeline;
use serde_json::Value;

use crate::common::repo_path;

/// The specs the project owns (but the OpenAPI 3.2 one: Prism 5 reads no 3.2, and refuses
/// every `QUERY` and `additionalOperations` call as an unknown route).
const OWNED: &[&str] = &[
    "specs/serve.yaml",
    "specs/petstore-3.0.yaml",
    "specs/swagger-2.0.yaml",
    "specs/schemas-3.1.json",
    "specs/refs-3.0.json",
    "specs/older-drafts.yaml",
    "specs/clients.yaml",
    "specs/hints.yaml",
    "specs/filters.yaml",
    "specs/naming.yaml",
    "specs/multi-file/api.yaml",
    "specs/review/orders.yaml",
    "specs/credential-parameters.yaml",
];

/// Small real specs from the corpus (`$OPENAPI2MCP_CORPUS`), chosen for their parameter
/// styles, bodies, uploads, cookies and credentials.
const CORPUS: &[&str] = &[
    "swagger-petstore/src/main/resources/openapi.yaml",
    "oai-learn/examples/v2.0/yaml/petstore-expanded.yaml",
    "oai-learn/examples/v2.0/yaml/uber.yaml",
    "oai-learn/examples/v3.0/petstore-expanded.yaml",
    "oai-learn/examples/v3.0/uspto.yaml",
    "oai-learn/examples/v3.0/callback-example.yaml",
    "oai-learn/examples/v3.0/link-example.yaml",
    "oai-learn/examples/v3.1/tictactoe.yaml",
    "oai-learn/examples/v3.1/non-oauth-scopes.yaml",
    "readme-oas-examples/3.0/json/schema-types.json",
    "readme-oas-examples/3.0/json/file-uploads.json",
    "readme-oas-examples/3.0/json/parameters-cookies.json",
    "readme-oas-examples/3.0/json/schema-encoding-style.json",
    "readme-oas-examples/3.0/json/security-multiple.json",
    "readme-oas-examples/3.0/json/discriminators.json",
    "readme-oas-examples/3.1/json/parameters-style.json",
    "readme-oas-examples/3.1/json/schema-types.json",
    "readme-oas-examples/3.1/json/security.json",
    "readme-oas-examples/2.0/json/petstore.json",
    "apis-guru/APIs/xkcd.com/1.0.0/openapi.yaml",
];

/// Calls Prism does not accept for a reason that is not a wrong request: Prism is wrong by
/// the rule named (it refuses, or fails on, a request that follows it), or serve rightly
/// refuses a call it cannot send.
struct Explained {
    spec: &'static str,
    tools: &'static [&'static str],
    /// What Prism says (a line of its validator, or the error it failed with), or serve.
    says: &'static str,
    /// The rule the request follows.
    rule: &'static str,
    /// The test in `serve.rs` that checks this request byte for byte.
    checked_by: &'static str,
}

const STYLES_3_1: &str = "readme-oas-examples/3.1/json/parameters-style.json";

const EXPLAINED: &[Explained] = &[
    Explained {
        spec: "specs/serve.yaml",
        tools: &["get_item"],
        says: "Request query parameter ids.0 must be integer",
        rule: "Parameter Object style values: spaceDelimited (explode: false) is `ids=1%202`, \
               as the style examples write `blue%20black%20brown`; Prism reads one item",
        checked_by: "path_query_header_and_cookie_parameters_arrive_as_the_spec_says",
    },
    Explained {
        spec: "specs/serve.yaml",
        tools: &["get_item"],
        says: "TypeError: Cannot read properties of undefined (reading 'split')",
        rule: "an optional header may be left out (Parameter Object, `required`); Prism fails \
               on an absent array-typed header",
        checked_by: "a_path_parameter_cannot_leave_its_segment",
    },
    Explained {
        spec: STYLES_3_1,
        tools: &[
            "headers_standard",
            "headers_simple_non_exploded",
            "headers_simple_exploded",
        ],
        says: "TypeError: Cannot read properties of undefined (reading 'split')",
        rule: "an optional header may be left out; Prism fails on an absent array header",
        checked_by: "a_path_parameter_cannot_leave_its_segment",
    },
    Explained {
        spec: "specs/serve.yaml",
        tools: &["get_file"],
        says: "TypeError: parameters[name].startsWith is not a function",
        rule: "style label, array: `.docs,a.md` (the style examples: `.blue,black,brown`); \
               Prism fails on non-exploded label and matrix arrays and objects",
        checked_by: "label_style_path_and_exploded_object_query",
    },
    Explained {
        spec: STYLES_3_1,
        tools: &["paths_matrix_non_exploded", "paths_label_non_exploded"],
        says: "TypeError: parameters[name].startsWith is not a function",
        rule: "style matrix or label with an array or object (the style examples: \
               `;color=blue,black,brown`, `.R,100,G,200`); Prism fails on them",
        checked_by: "path_styles_and_a_swagger_body_without_consumes",
    },
    Explained {
        spec: STYLES_3_1,
        tools: &[
            "paths_standard",
            "paths_simple_non_exploded",
            "paths_simple_exploded",
        ],
        says: "TypeError: value.split is not a function",
        rule: "style simple with an array or object (the style examples: `blue,black,brown`, \
               `R,100,G,200`, `R=100,G=200`); Prism fails on them",
        checked_by: "path_styles_and_a_swagger_body_without_consumes",
    },
    Explained {
        spec: STYLES_3_1,
        tools: &[
            "query_space_delimited_non_exploded",
            "query_pipe_delimited_non_exploded",
        ],
        says: "Space/pipe/comma.. delimited style is only applicable to array parameter",
        rule: "the style table gives spaceDelimited and pipeDelimited objects \
               (`R%20100%20G%20200`, `R|100|G|200`); Prism fails on an object",
        checked_by: "query_values_are_serialized_as_openapi_says",
    },
    Explained {
        spec: "specs/serve.yaml",
        tools: &["add_note"],
        says: "Request body property labels must be array",
        rule: "Encoding Object: a form field's default style is form, exploded, so an array \
               is `labels=a&labels=b`; Prism wants `labels[]=a`",
        checked_by: "a_form_body_with_basic_credentials",
    },
    Explained {
        spec: "specs/serve.yaml",
        tools: &["upload_file"],
        says: "Request body property meta must be object",
        rule: "Encoding Object: a multipart part for an object is `application/json` by \
               default; Prism does not read a JSON part",
        checked_by: "a_multipart_body_sends_objects_as_json_parts_and_files_as_file_parts",
    },
    Explained {
        spec: STYLES_3_1,
        tools: &["form_data_standard"],
        says: "Request body property object must be object",
        rule: "Encoding Object: a multipart object part is `application/json` by default",
        checked_by: "a_multipart_body_sends_objects_as_json_parts_and_files_as_file_parts",
    },
    Explained {
        spec: "specs/serve.yaml",
        tools: &["upload_file"],
        says: "Request body property attachments must be array",
        rule: "multipart/form-data: an array is a part per item under one name (Encoding \
               Object; RFC 7578 section 4.3 for files); Prism reads one part",
        checked_by: "a_multipart_body_sends_objects_as_json_parts_and_files_as_file_parts",
    },
    Explained {
        spec: STYLES_3_1,
        tools: &["form_data_standard"],
        says: "Request body property array must be array",
        rule: "multipart/form-data: an array is a part per item under one name",
        checked_by: "a_multipart_body_sends_objects_as_json_parts_and_files_as_file_parts",
    },
    Explained {
        spec: "readme-oas-examples/3.0/json/file-uploads.json",
        tools: &["put_anything_multipart_formdata"],
        says: "Request body property filename must be array",
        rule: "multipart/form-data: several files are several parts of one name (RFC 7578 \
               section 4.3)",
        checked_by: "a_multipart_body_sends_objects_as_json_parts_and_files_as_file_parts",
    },
    Explained {
        spec: "readme-oas-examples/3.0/json/schema-encoding-style.json",
        tools: &["encoding_form"],
        says: "Reserved characters used in request body",
        rule: "OpenAPI 3.0.3 Encoding Object: `style` SHALL be ignored unless the body is \
               application/x-www-form-urlencoded, so a multipart object is a JSON part; \
               Prism applies URL rules to multipart values",
        checked_by: "a_multipart_body_sends_objects_as_json_parts_and_files_as_file_parts",
    },
    Explained {
        spec: STYLES_3_1,
        tools: &[
            "form_data_form_exploded",
            "form_data_form_non_exploded",
            "form_data_space_delimited_non_exploded",
            "form_data_pipe_delimited_non_exploded",
            "form_data_deep_object_exploded",
        ],
        says: "Reserved characters used in request body",
        rule: "multipart values are not URL-encoded (RFC 7578); Prism applies the URL rule of \
               `allowReserved` to them. (OpenAPI 3.1 lets `style` apply to multipart without \
               saying how; serve sends such fields as 3.0 does: an object as a JSON part.)",
        checked_by: "a_multipart_body_sends_objects_as_json_parts_and_files_as_file_parts",
    },
    Explained {
        spec: "specs/schemas-3.1.json",
        tools: &["move_point"],
        says: "Body parameter is required",
        rule: "the body's schema allows null, and `null` is a JSON text (RFC 8259); Prism \
               takes a body of `null` for no body",
        checked_by: "a_null_json_body_is_sent_as_null",
    },
    Explained {
        spec: "readme-oas-examples/2.0/json/petstore.json",
        tools: &[
            "place_order",
            "create_user",
            "create_users_with_array_input",
            "create_users_with_list_input",
            "update_user",
        ],
        says: "No supported content types, but request included a non-empty body",
        rule: "Swagger 2.0 gives no default for `consumes`; a body parameter's schema \
               describes JSON, so serve sends JSON; Prism's 2.0 reader gives such a body no \
               media type and refuses any body",
        checked_by: "path_styles_and_a_swagger_body_without_consumes",
    },
    Explained {
        spec: "readme-oas-examples/3.0/json/security-multiple.json",
        tools: &["post_anything_and"],
        says: "which a request carries once",
        rule: "the requirement asks for HTTP basic and OAuth 2 together, both in \
               `Authorization`, which a request carries once (RFC 9110 section 5.3): serve \
               refuses the call and says why, rather than send two",
        checked_by: "schemes_that_share_a_header_are_never_sent_together",
    },
    Explained {
        spec: "readme-oas-examples/3.1/json/security.json",
        tools: &["post_anything_mutual_tls"],
        says: "serve cannot call this tool: its security needs 'mutualTLS'",
        rule: "mutual TLS is a client certificate, not something a request carries: serve \
               refuses the call and says why",
        checked_by: "schemes_that_share_a_header_are_never_sent_together",
    },
];

/// Tools no arguments can call: their schemas allow no value (an `allOf` of a string and a
/// number; a `oneOf` of two equal schemas, told apart only by a discriminator, which JSON
/// Schema does not read). Convert must not write the discriminator into the branches to make
/// such a tool callable: "`discriminator` MUST NOT change the validation outcome of the
/// schema" (OpenAPI 3.0.4 and 3.1.1, Discriminator Object), and Prism refuses those calls.
const UNCALLABLE: &[(&str, &str)] = &[
    (
        "readme-oas-examples/3.0/json/discriminators.json",
        "post_potentially_undefined_form_data",
    ),
    (
        "readme-oas-examples/3.0/json/schema-types.json",
        "quirks_entirely_incompatible_all_of",
    ),
    (
        "readme-oas-examples/3.0/json/schema-types.json",
        "quirks_partially_usable_incompatible_all_of",
    ),
    (
        "readme-oas-examples/3.1/json/schema-types.json",
        "quirks_entirely_incompatible_all_of",
    ),
    (
        "readme-oas-examples/3.1/json/schema-types.json",
        "quirks_partially_usable_incompatible_all_of",
    ),
];

/// What `prism_check.mjs` says of one spec.
struct Report {
    calls: u64,
    /// (tool, what Prism said) for each refusal and each failure of Prism's own.
    refusals: Vec<(String, String)>,
    /// Calls not sent, as (tool, with all arguments): `serve` refused every set of
    /// arguments json-schema-faker wrote.
    unsent: Vec<(String, bool)>,
}

/// Runs the check for `spec`, with a dummy secret in every credential variable its tools
/// use.
fn check(dir: &str, spec: &PathBuf) -> Report {
    let conversion = pipeline::convert_input(
        &Input::Path(spec.clone()),
        &Default::default(),
        &crate::common::default_options(),
    )
    .expect("converts");
    let mut command = Command::new("node");
    command
        .arg(format!("{dir}/prism_check.mjs"))
        .arg(env!("CARGO_BIN_EXE_openapi2mcp"))
        .arg(spec)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for converted in &conversion.tools {
        let binding = converted.tool.binding().expect("a binding");
        for scheme in binding.auth.iter().flatten() {
            command.env(scheme.variable(), "user:prism-secret");
        }
    }
    let child = command.spawn().expect("node runs");
    // A limit that only catches a hang (a generator stuck on a schema, say).
    let pid = child.id() as libc::pid_t;
    let (finished, wait) = std::sync::mpsc::channel::<()>();
    let guard = std::thread::spawn(move || {
        if let Err(RecvTimeoutError::Timeout) = wait.recv_timeout(Duration::from_secs(900)) {
            // SAFETY: a plain signal to our own child.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
    });
    let output = child.wait_with_output().expect("node finishes");
    drop(finished);
    guard.join().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let report: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| {
        panic!(
            "{}: {e}: {stdout}\n{}",
            spec.display(),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    let mut refusals = Vec::new();
    // Each refusal in Prism's log is one a call was told of.
    let told: usize = report["rejected"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["refused"].as_array().unwrap().len())
        .sum();
    assert_eq!(report["refusals"], told, "{}: {stdout}", spec.display());
    for rejected in report["rejected"].as_array().unwrap() {
        let tool = rejected["tool"].as_str().unwrap().to_string();
        let problems: Vec<String> = rejected["refused"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|r| r["problems"].as_array().unwrap().iter())
            .map(|p| p.as_str().unwrap().to_string())
            .collect();
        if problems.is_empty() {
            refusals.push((tool, rejected["answer"].as_str().unwrap().to_string()));
        } else {
            refusals.extend(problems.into_iter().map(|problem| (tool.clone(), problem)));
        }
    }
    for crashed in report["crashed"].as_array().unwrap() {
        let tool = crashed["tool"].as_str().unwrap().to_string();
        refusals.push((tool, crashed["error"].as_str().unwrap().to_string()));
    }
    let unsent = report["unsent"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| {
            let all = u["requiredOnly"] == false;
            (u["tool"].as_str().unwrap().to_string(), all)
        })
        .collect();
    Report {
        calls: report["calls"].as_u64().unwrap(),
        refusals,
        unsent,
    }
}

#[test]
fn prism_accepts_every_request_serve_builds() {
    let Ok(dir) = std::env::var("OPENAPI2MCP_TS_SERVERS") else {
        crate::common::skipped(
            "OPENAPI2MCP_TS_SERVERS",
            "Prism does not judge serve's requests",
        );
        return;
    };
    let mut specs: Vec<(String, PathBuf)> = OWNED
        .iter()
        .map(|s| (s.to_string(), repo_path(s)))
        .collect();
    match std::env::var("OPENAPI2MCP_CORPUS") {
        Ok(corpus) => specs.extend(
            CORPUS
                .iter()
                .map(|s| (s.to_string(), PathBuf::from(&corpus).join(s))),
        ),
        Err(_) => crate::common::skipped("OPENAPI2MCP_CORPUS", "corpus specs are not judged"),
    }
    let started = Instant::now();
    let mut calls = 0;
    let mut unexplained = Vec::new();
    // Each explained (entry, tool) must still happen, or come off the list.
    let mut seen = std::collections::HashSet::new();
    for (name, path) in &specs {
        let report = check(&dir, path);
        calls += report.calls;
        // A call serve refuses sends nothing to judge: each is shown, and a tool must have
        // one call sent (its required arguments alone can be refused: an empty object as
        // a whole path segment would call another URL).
        for (tool, all) in &report.unsent {
            let with = if *all { "all" } else { "its required" };
            eprintln!("prism: {name}: {tool}: not called with {with} arguments: serve refused every set generated");
            let never = report.unsent.iter().filter(|(t, _)| t == tool).count() == 2;
            if never && *all && !UNCALLABLE.contains(&(name.as_str(), tool.as_str())) {
                unexplained.push(format!(
                    "{name}: {tool}: never called (no valid arguments generated)"
                ));
            }
        }
        for (tool, said) in report.refusals {
            let known = EXPLAINED.iter().position(|known| {
                known.spec == name
                    && known.tools.contains(&tool.as_str())
                    && said.contains(known.says)
            });
            match known {
                Some(i) => {
                    seen.insert((i, tool));
                }
                None => unexplained.push(format!("{name}: {tool}: {said}")),
            }
        }
    }
    for (i, known) in EXPLAINED.iter().enumerate() {
        for tool in known.tools {
            if !seen.contains(&(i, tool.to_string())) {
                unexplained.push(format!(
                    "{}: {tool}: no longer \"{}\": take it off the list",
                    known.spec, known.says
                ));
            }
        }
    }
    eprintln!(
        "prism: {calls} calls to the tools of {} specs in {:.0?}, every one accepted but those explained",
        specs.len(),
        started.elapsed(),
    );
    assert!(unexplained.is_empty(), "{}", unexplained.join("\n"));
    // Every entry names a test that exists, so the request is checked byte for byte.
    let serve_tests = std::fs::read_to_string(repo_path("tests/serve.rs")).unwrap();
    for known in EXPLAINED {
        assert!(!known.rule.is_empty());
        assert!(
            serve_tests.contains(&format!("async fn {}()", known.checked_by)),
            "{}",
            known.checked_by
        );
    }
}
