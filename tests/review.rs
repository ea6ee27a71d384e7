//! `review`: every hint with its source, suggestions, risks, the overrides file round trip,
//! and changes between two versions.

use crate::common::{repo_path, run, tool_names};
use serde_json::Value;

fn spec(file: &str) -> String {
    repo_path(&format!("specs/{file}"))
        .to_string_lossy()
        .into_owned()
}

fn stdout_of(args: &[&str]) -> String {
    let output = run(args, None);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

fn snapshot(name: &str, text: &str) {
    let text = text.replace(&*repo_path("").to_string_lossy(), "");
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!(name, text);
    });
}

/// Piped, the table cuts no name or path (so `grep` finds a tool by its full name); on a
/// terminal it fits the terminal's width, cutting paths first, then names.
#[test]
fn the_table_cuts_no_name_when_piped_and_fits_a_terminal() {
    let table = stdout_of(&["review", &spec("review/orders.yaml")]);
    assert!(
        !table.contains('\x1b'),
        "no escape codes when stdout is not a terminal"
    );
    snapshot("review-table", &table);

    let naming = spec("naming.yaml");
    let options = openapi2mcp_core::convert::Options::default();
    let conversion = openapi2mcp_core::pipeline::convert_input(
        &openapi2mcp_core::load::Input::Path(naming.clone().into()),
        &Default::default(),
        &options,
    )
    .unwrap();
    let tools: Vec<_> = conversion.tools.iter().collect();
    let piped = stdout_of(&["review", &naming]);
    for tool in &tools {
        let row = format!("\n{} ", tool.name());
        assert!(piped.contains(&row), "{} is cut:\n{piped}", tool.name());
        assert!(
            piped.contains(&tool.binding().path),
            "{}",
            tool.binding().path
        );
    }
    let widest = piped.lines().map(|l| l.chars().count()).max().unwrap();
    assert!(widest > 80, "naming.yaml's names are long: {widest}");
    for width in [80, 100] {
        let fitted = openapi2mcp_core::review::render_tools(
            &tools,
            openapi2mcp_core::review::ReviewFormat::Table,
            &openapi2mcp_core::review::Presentation {
                width: Some(width),
                ..Default::default()
            },
        );
        for line in fitted.lines() {
            assert!(
                line.chars().count() <= width,
                "wider than {width}: {line:?}"
            );
        }
        // A cut path keeps its end, which tells operations apart.
        let cut: Vec<&str> = fitted
            .lines()
            .filter_map(|line| line.split_whitespace().nth(2))
            .filter(|path| path.starts_with('…'))
            .collect();
        assert!(!cut.is_empty() || width == 100, "{fitted}");
        for path in cut {
            let end = path.trim_start_matches('…');
            assert!(
                tools.iter().any(|t| t.binding().path.ends_with(end)),
                "{path}"
            );
        }
    }
}

/// A decision an overrides entry gives with a reason is shown with it, in the table and in
/// markdown; a risky one once, in its risk.
#[test]
fn a_reviewed_decision_shows_its_reason() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("hints.yaml");
    std::fs::write(
        &file,
        "tools:\n  create_order:\n    idempotentHint: true\n    reason: the key is sent on every retry\n  deleteOrder:\n    idempotentHint: true\n  search_orders:\n    readOnlyHint: true\n    reason: only a query\n",
    )
    .unwrap();
    let orders = spec("review/orders.yaml");
    let overrides = ["--overrides", file.to_str().unwrap()];
    let table = stdout_of(&[&["review", &orders][..], &overrides].concat());
    // Wrapped to the width: compared word by word.
    let words = table.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(&format!(
            "= reviewed idempotentHint: {} (create_order): the key is sent on every retry",
            file.display()
        )),
        "{table}"
    );
    assert_eq!(table.matches("= reviewed").count(), 1, "{table}");
    assert_eq!(table.matches("only a query").count(), 1, "{table}");
    let markdown =
        stdout_of(&[&["review", &orders, "--format", "markdown"][..], &overrides].concat());
    assert!(
        markdown.contains(&format!(
            "### Reviewed\n\n- :white_check_mark: **Reviewed** `create_order`: `idempotentHint`: {} (create_order): the key is sent on every retry\n",
            file.display()
        )),
        "{markdown}"
    );
}

#[test]
fn only_with_nothing_to_show_says_none() {
    let table = stdout_of(&[
        "review",
        &spec("review/orders.yaml"),
        "--only",
        "overridden",
    ]);
    assert_eq!(table, "none: no tool has a hint set by an override\n");
    let json = stdout_of(&[
        "review",
        &spec("review/orders.yaml"),
        "--only",
        "overridden",
        "--format",
        "json",
    ]);
    assert_eq!(
        serde_json::from_str::<Value>(&json).unwrap()["tools"],
        serde_json::json!([])
    );
}

#[test]
fn markdown_and_json() {
    snapshot(
        "review-markdown",
        &stdout_of(&[
            "review",
            &spec("review/orders.yaml"),
            "--format",
            "markdown",
        ]),
    );
    let json = stdout_of(&["review", &spec("review/orders.yaml"), "--format", "json"]);
    let value: Value = serde_json::from_str(&json).unwrap();
    let search = &value["tools"][2];
    assert_eq!(search["name"], "search_orders");
    assert_eq!(search["hints"]["readOnlyHint"]["source"], "default");
    assert_eq!(search["suggestions"][0]["hint"], "readOnlyHint");
    snapshot("review-json", &json);
}

#[test]
fn only_filters_by_suggestions_risks_or_overrides() {
    let names = |extra: &[&str]| {
        let mut args = vec!["review", "--format", "json"];
        let spec = spec("review/orders.yaml");
        args.push(&spec);
        args.extend_from_slice(extra);
        let value: Value = serde_json::from_str(&stdout_of(&args)).unwrap();
        tool_names(&value)
            .into_iter()
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        names(&["--only", "suggestions"]),
        [
            "create_order",
            "search_orders",
            "delete_order",
            "cancel_order",
            "create_charge",
            "logout_session"
        ]
    );
    assert_eq!(names(&["--only", "risky"]), ["cancel_order"]);
    assert!(names(&["--only", "overridden"]).is_empty());
    let hints = spec("review/hints.yaml");
    assert_eq!(
        names(&["--only", "risky", "--overrides", &hints]),
        ["search_orders", "cancel_order"]
    );
}

#[test]
fn overrides_win_over_the_spec_and_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("hints.yaml");
    std::fs::write(&file, "tools:\n  cancelOrder:\n    readOnlyHint: false\n  listOrders:\n    openWorldHint: false\n").unwrap();
    let json = stdout_of(&[
        "review",
        &spec("review/orders.yaml"),
        "--format",
        "json",
        "--overrides",
        file.to_str().unwrap(),
    ]);
    let value: Value = serde_json::from_str(&json).unwrap();
    let cancel = &value["tools"][5]["hints"]["readOnlyHint"];
    assert_eq!(
        (cancel["value"].as_bool(), cancel["source"].as_str()),
        (Some(false), Some("override"))
    );
    assert_eq!(
        value["tools"][0]["hints"]["readOnlyHint"]["source"],
        "inferred"
    );
}

#[test]
fn overrides_round_trip_write_accept_convert() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("hints.yaml");
    std::fs::copy(spec("review/hints.yaml"), &file).unwrap();
    let path = file.to_str().unwrap();
    stdout_of(&[
        "review",
        &spec("review/orders.yaml"),
        "--write-overrides",
        path,
    ]);
    let written = std::fs::read_to_string(&file).unwrap();
    snapshot("review-write-overrides", &written);
    assert!(
        written.contains("  \"POST /orders/search\":\n    readOnlyHint: true\n"),
        "decisions are kept"
    );

    // A person accepts create_order's destructive suggestion and leaves the idempotent one.
    let accepted = written
        .replace("  # create_order:", "  create_order:")
        .replacen(
            "  #   destructiveHint: false",
            "    destructiveHint: false",
            1,
        );
    std::fs::write(&file, accepted).unwrap();
    let manifest: Value = serde_json::from_str(&stdout_of(&[
        "convert",
        &spec("review/orders.yaml"),
        "--overrides",
        path,
    ]))
    .unwrap();
    let create = &manifest["tools"][1];
    assert_eq!(create["name"], "create_order");
    assert_eq!(
        create["annotations"],
        serde_json::json!({"destructiveHint": false, "openWorldHint": false})
    );

    // Written again, the accepted suggestion is a decision and no longer suggested.
    stdout_of(&[
        "review",
        &spec("review/orders.yaml"),
        "--write-overrides",
        path,
    ]);
    let rewritten = std::fs::read_to_string(&file).unwrap();
    assert!(
        rewritten.contains(
            "  create_order:\n    destructiveHint: false\n    # idempotentHint: true  # suggested:"
        ),
        "{rewritten}"
    );
}

#[test]
fn overrides_errors_name_the_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("hints.yaml");
    let path = file.to_str().unwrap().to_string();
    let cases = [
        ("tools:\n  nope:\n    readOnlyHint: true\n", ":2:3: overrides: 'nope' names no tool"),
        ("tools:\n  listOrders:\n    readOnly: true\n", ":3:5: invalid overrides: unknown field `readOnly`, expected one of `readOnlyHint`"),
        ("tools:\n  listOrders:\n    readOnlyHint: maybe\n", ":3:19: invalid overrides: invalid type: string \"maybe\", expected a boolean (at /tools/listOrders/readOnlyHint)"),
    ];
    for (text, expected) in cases {
        std::fs::write(&file, text).unwrap();
        let output = run(
            &["convert", &spec("review/orders.yaml"), "--overrides", &path],
            None,
        );
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.starts_with(&format!("error: {path}{expected}")),
            "{stderr}"
        );
    }
}

#[test]
fn an_override_contradicting_the_method_is_risky_but_not_a_strict_failure() {
    let output = run(
        &[
            "convert",
            &spec("review/orders.yaml"),
            "--overrides",
            &spec("review/hints.yaml"),
        ],
        None,
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("cancel_order"),
        "the spec's claim warns: {stderr}"
    );
    assert!(
        !stderr.contains("search_orders"),
        "the person's decision does not: {stderr}"
    );
}

#[test]
fn changes_between_versions_loosened_first() {
    let base = spec("review/orders-v1.yaml");
    let table = stdout_of(&["review", &spec("review/orders.yaml"), "--base", &base]);
    snapshot("review-base-table", &table);
    snapshot(
        "review-base-markdown",
        &stdout_of(&[
            "review",
            &spec("review/orders.yaml"),
            "--base",
            &base,
            "--format",
            "markdown",
        ]),
    );
    let json: Value = serde_json::from_str(&stdout_of(&[
        "review",
        &spec("review/orders.yaml"),
        "--base",
        &base,
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(
        json["changes"][0],
        serde_json::json!({"tool": "cancel_order", "hint": "readOnlyHint", "old": false, "new": true, "loosened": true})
    );
    assert_eq!(json["renamed"][0]["old"], "find_orders");

    let failing = run(
        &[
            "review",
            &spec("review/orders.yaml"),
            "--base",
            &base,
            "--fail-on-loosened",
        ],
        None,
    );
    assert_eq!(failing.status.code(), Some(1));
    let same = run(
        &["review", &base, "--base", &base, "--fail-on-loosened"],
        None,
    );
    assert_eq!(same.status.code(), Some(0));
}

/// A tool whose method changed under one name is shown; toward a method that can do more
/// harm while the hints still say what they said (read-only on a POST), it is loosened; so
/// is a DELETE whose file still claims read-only, though serve does not pass that on.
#[test]
fn a_method_change_under_one_name_is_shown_and_loosened_when_the_hints_hide_it() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = |file: &str, method: &str, annotations: &str| {
        let path = dir.path().join(file);
        let tool = format!(
            r#"{{"name": "t", "inputSchema": {{"type": "object"}}, "annotations": {annotations},
            "_meta": {{"openapi2mcp/http": {{"method": "{method}", "path": "/t"}}}}}}"#
        );
        std::fs::write(&path, format!(r#"{{"tools": [{tool}]}}"#)).unwrap();
        path.to_str().unwrap().to_string()
    };
    let read_only = r#"{"readOnlyHint": true}"#;
    let base = manifest("old.json", "GET", read_only);
    let hidden = manifest("hidden.json", "POST", read_only);
    let withheld = manifest("withheld.json", "DELETE", read_only);
    let said = manifest("said.json", "DELETE", "{}");
    let review = |new: &str, format: &str| {
        let args = ["review", new, "--base", &base, "--format", format];
        run(&[&args[..], &["--fail-on-loosened"]].concat(), None)
    };

    let table = review(&hidden, "table");
    assert_eq!(table.status.code(), Some(1));
    let text = String::from_utf8(table.stdout).unwrap();
    assert!(
        text.contains("  LOOSENED  t  method: GET -> POST\n"),
        "{text}"
    );
    assert!(
        text.contains("\n0 hint changes, 1 method change (1 loosened),"),
        "{text}"
    );
    let json: Value = serde_json::from_slice(&review(&hidden, "json").stdout).unwrap();
    assert_eq!(
        json["methods"],
        serde_json::json!([{"tool": "t", "old": "GET", "new": "POST", "loosened": true}])
    );
    // What --fail-on-loosened counts, hint and method changes together.
    assert_eq!(json["loosened"], 1);
    let markdown = String::from_utf8(review(&hidden, "markdown").stdout).unwrap();
    assert!(
        markdown.contains("- :warning: **looks safer: check it** `t`: `method: GET -> POST`\n"),
        "{markdown}"
    );
    let html = String::from_utf8(review(&hidden, "html").stdout).unwrap();
    assert!(html.contains("<code>method: GET → POST</code>"), "{html}");

    // The hints say what a DELETE does: a change, shown, not a loosening.
    let told = review(&said, "table");
    assert_eq!(told.status.code(), Some(0));
    let text = String::from_utf8(told.stdout).unwrap();
    assert!(
        text.contains("  changed   t  method: GET -> DELETE\n"),
        "{text}"
    );
    assert_eq!(review(&said, "table").status.code(), Some(0));
    // Still written read-only on the DELETE: serve withholds the claim, but the file makes
    // it, and another server would pass it on.
    let written = review(&withheld, "table");
    assert_eq!(written.status.code(), Some(1));
    let text = String::from_utf8(written.stdout).unwrap();
    assert!(
        text.contains("  LOOSENED  t  method: GET -> DELETE\n"),
        "{text}"
    );
}

/// A decision recorded for one operation counts for no other: pointed at another path, a
/// verified reader is loosened, its verdict shown as carried; a parameter renamed or a
/// server moved keeps it (the same operation, called elsewhere), each change listed. A
/// read-only claim written on a DELETE is compared as written.
#[test]
fn a_decision_counts_for_the_operation_it_was_made_for() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = |file: &str, method: &str, path: &str, extra: &str| {
        let file = dir.path().join(file);
        let tool = format!(
            r#"{{"name": "t", "inputSchema": {{"type": "object"}}, "annotations": {{"readOnlyHint": true}},
            "_meta": {{"openapi2mcp/http": {{"method": "{method}", "path": "{path}"{extra}}}}}}}"#
        );
        std::fs::write(&file, format!(r#"{{"tools": [{tool}]}}"#)).unwrap();
        file.to_str().unwrap().to_string()
    };
    let review = |new: &str, base: &str, format: &str| {
        let args = ["review", new, "--base", base, "--format", format];
        run(&[&args[..], &["--fail-on-loosened"]].concat(), None)
    };
    let verified = r#", "readOnlyVerified": true, "server": "https://a.test/v1""#;
    let notes = manifest("notes.json", "GET", "/notes/{id}", verified);
    let purge = manifest("purge.json", "GET", "/cache/purge", verified);
    let table = review(&purge, &notes, "table");
    assert_eq!(table.status.code(), Some(1));
    let text = String::from_utf8(table.stdout).unwrap();
    assert!(
        text.contains("  LOOSENED  t  readOnlyVerified: true for GET /notes/{id} -> true\n")
            && text.contains("  changed   t  path: /notes/{id} -> /cache/purge\n"),
        "{text}"
    );
    let json: Value = serde_json::from_slice(&review(&purge, &notes, "json").stdout).unwrap();
    assert_eq!(json["decisions"][0]["carriedFrom"], "GET /notes/{id}");
    assert_eq!(json["endpoints"][0]["field"], "path");
    for (file, path, extra, change) in [
        (
            "renamed.json",
            "/notes/{note_id}",
            verified,
            "path: /notes/{id} -> /notes/{note_id}",
        ),
        (
            "moved.json",
            "/notes/{id}",
            r#", "readOnlyVerified": true, "server": "https://a.test/v2""#,
            "server: https://a.test/v1 -> https://a.test/v2",
        ),
    ] {
        let output = review(&manifest(file, "GET", path, extra), &notes, "table");
        let text = String::from_utf8(output.stdout).unwrap();
        assert_eq!(output.status.code(), Some(0), "{text}");
        assert!(
            text.contains(&format!("  changed   t  {change}\n")),
            "{text}"
        );
    }
    let slash = r#", "readOnlyVerified": true, "server": "https://a.test/v1/""#;
    let output = review(
        &manifest("slash.json", "GET", "/notes/{id}", slash),
        &notes,
        "table",
    );
    assert!(String::from_utf8(output.stdout)
        .unwrap()
        .contains("\n0 hint changes (0 loosened)"));
    // Written read-only on a DELETE that was not: serve withholds it, the file says it.
    let delete = |file: &str, annotations: &str| {
        let file = dir.path().join(file);
        let tool = format!(
            r#"{{"name": "d", "inputSchema": {{"type": "object"}}{annotations},
            "_meta": {{"openapi2mcp/http": {{"method": "DELETE", "path": "/d"}}}}}}"#
        );
        std::fs::write(&file, format!(r#"{{"tools": [{tool}]}}"#)).unwrap();
        file.to_str().unwrap().to_string()
    };
    let plain = delete("plain.json", "");
    let claimed = delete("claimed.json", r#", "annotations": {"readOnlyHint": true}"#);
    let output = review(&claimed, &plain, "table");
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(
        text.contains("  LOOSENED  d  readOnlyHint: false -> true\n"),
        "{text}"
    );
}

/// What a binding records that makes a tool look safer (convert's verdict that it reads, a
/// person's review of a read-only write, of a retry) loosens when gained, hints unchanged:
/// a hand-edited manifest cannot slip a tool into `--read-only` past `--fail-on-loosened`.
/// One that comes with a change of `readOnlyHint` is said by that change alone.
#[test]
fn a_decision_the_binding_gains_is_loosened() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = |file: &str, method: &str, annotations: &str, binding: &str| {
        let path = dir.path().join(file);
        let tool = format!(
            r#"{{"name": "t", "inputSchema": {{"type": "object"}}, "annotations": {annotations},
            "_meta": {{"openapi2mcp/http": {{"method": "{method}", "path": "/t"{binding}}}}}}}"#
        );
        std::fs::write(&path, format!(r#"{{"tools": [{tool}]}}"#)).unwrap();
        path.to_str().unwrap().to_string()
    };
    let read_only = r#"{"readOnlyHint": true}"#;
    let review = |new: &str, base: &str, format: &str| {
        let args = ["review", new, "--base", base, "--format", format];
        run(&[&args[..], &["--fail-on-loosened"]].concat(), None)
    };
    let post = manifest("post.json", "POST", read_only, "");
    let reviewed = manifest(
        "reviewed.json",
        "POST",
        read_only,
        r#", "readOnlyReviewed": "checked", "retryReviewed": true"#,
    );
    let table = review(&reviewed, &post, "table");
    assert_eq!(table.status.code(), Some(1));
    let text = String::from_utf8(table.stdout).unwrap();
    assert!(
        text.contains("  LOOSENED  t  readOnlyReviewed: false -> true\n")
            && text.contains("  LOOSENED  t  retryReviewed: false -> true\n"),
        "{text}"
    );
    assert!(
        text.contains("\n0 hint changes, 2 decision changes (2 loosened),"),
        "{text}"
    );
    let json: Value = serde_json::from_slice(&review(&reviewed, &post, "json").stdout).unwrap();
    assert_eq!(
        json["decisions"][0],
        serde_json::json!({"tool": "t", "decision": "readOnlyReviewed", "old": false, "new": true, "loosened": true})
    );
    assert_eq!(json["loosened"], 2);
    let markdown = String::from_utf8(review(&reviewed, &post, "markdown").stdout).unwrap();
    assert!(
        markdown.contains(
            "- :warning: **looks safer: check it** `t`: `readOnlyReviewed: false -> true`\n"
        ),
        "{markdown}"
    );
    let html = String::from_utf8(review(&reviewed, &post, "html").stdout).unwrap();
    assert!(
        html.contains("<code>retryReviewed: false → true</code>"),
        "{html}"
    );

    // Convert's verdict gained on a GET already read-only, and then lost.
    let get = manifest("get.json", "GET", read_only, "");
    let verified = manifest(
        "verified.json",
        "GET",
        read_only,
        r#", "readOnlyVerified": true"#,
    );
    let gained = review(&verified, &get, "table");
    assert_eq!(gained.status.code(), Some(1));
    let text = String::from_utf8(gained.stdout).unwrap();
    assert!(
        text.contains("  LOOSENED  t  readOnlyVerified: false -> true\n"),
        "{text}"
    );
    let lost = review(&get, &verified, "table");
    assert_eq!(lost.status.code(), Some(0));
    let text = String::from_utf8(lost.stdout).unwrap();
    assert!(
        text.contains("  changed   t  readOnlyVerified: true -> false\n"),
        "{text}"
    );

    // With readOnlyHint itself gained, that change says it; so does idempotentHint gained
    // for a reviewed retry.
    let unsure = manifest("unsure.json", "GET", r#"{"readOnlyHint": false}"#, "");
    let json: Value = serde_json::from_slice(&review(&verified, &unsure, "json").stdout).unwrap();
    assert_eq!(json["decisions"], serde_json::json!([]), "{json}");
    assert_eq!(json["loosened"], 1, "{json}");
    let plain = manifest("plain.json", "POST", "{}", "");
    let retried = manifest(
        "retried.json",
        "POST",
        r#"{"idempotentHint": true}"#,
        r#", "retryReviewed": true"#,
    );
    let json: Value = serde_json::from_slice(&review(&retried, &plain, "json").stdout).unwrap();
    assert_eq!(json["decisions"], serde_json::json!([]), "{json}");
    assert_eq!(json["loosened"], 1, "{json}");

    // A blank reason is no review, nor one on a method that does not write; a base
    // without bindings (another server's tools/list) records no decision to compare.
    let blank = manifest(
        "blank.json",
        "POST",
        read_only,
        r#", "readOnlyReviewed": "  ""#,
    );
    assert_eq!(review(&blank, &post, "table").status.code(), Some(0));
    let on_get = manifest(
        "on-get.json",
        "GET",
        read_only,
        r#", "readOnlyReviewed": "checked""#,
    );
    assert_eq!(review(&on_get, &get, "table").status.code(), Some(0));
    let unbound = dir.path().join("unbound.json");
    std::fs::write(
        &unbound,
        r#"{"tools": [{"name": "t", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true}}]}"#,
    )
    .unwrap();
    let json: Value =
        serde_json::from_slice(&review(&verified, unbound.to_str().unwrap(), "json").stdout)
            .unwrap();
    assert_eq!(json["decisions"], serde_json::json!([]), "{json}");
}

/// The manifest convert writes for `review/orders-v1.yaml`, written in `dir`.
fn v1_manifest(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("tools.json");
    let manifest = stdout_of(&["convert", &spec("review/orders-v1.yaml")]);
    std::fs::write(&path, manifest).unwrap();
    path
}

#[test]
fn a_manifest_can_be_the_base() {
    let dir = tempfile::tempdir().unwrap();
    let old = v1_manifest(dir.path());
    let from_manifest = stdout_of(&[
        "review",
        &spec("review/orders.yaml"),
        "--base",
        old.to_str().unwrap(),
        "--format",
        "json",
    ]);
    let from_spec = stdout_of(&[
        "review",
        &spec("review/orders.yaml"),
        "--base",
        &spec("review/orders-v1.yaml"),
        "--format",
        "json",
    ]);
    let changes = |text: &str| serde_json::from_str::<Value>(text).unwrap()["changes"].clone();
    assert_eq!(changes(&from_manifest), changes(&from_spec));
}

/// A manifest given as the base is read as every command reads tools: the filters given
/// apply to it as to a spec, so nothing shows as removed that the filter left out.
#[test]
fn the_filters_apply_to_a_manifest_base() {
    let dir = tempfile::tempdir().unwrap();
    let old = v1_manifest(dir.path());
    let review = |base: &str| {
        let text = stdout_of(&[
            "review",
            &spec("review/orders.yaml"),
            "--base",
            base,
            "--methods",
            "GET",
            "--format",
            "json",
        ]);
        let mut json = serde_json::from_str::<Value>(&text).unwrap();
        json["base"].take();
        json
    };
    let from_manifest = review(old.to_str().unwrap());
    assert_eq!(from_manifest, review(&spec("review/orders-v1.yaml")));
    let removed = from_manifest["removed"].as_array().unwrap();
    assert!(
        !removed.is_empty() && removed.iter().all(|tool| tool["method"] == "GET"),
        "{from_manifest}"
    );
}

/// Markdown for a pull-request comment stays within `--max-chars` (GitHub's 65,536 by
/// default): risks first, then suggestions, then each tag's table in `<details>`; what does
/// not fit is counted, and nothing is cut mid-way.
#[test]
fn markdown_fits_its_budget_and_counts_what_it_leaves_out() {
    let full = stdout_of(&[
        "review",
        &spec("review/orders.yaml"),
        "--format",
        "markdown",
    ]);
    assert!(!full.contains("Left out"));
    let tight = stdout_of(&[
        "review",
        &spec("review/orders.yaml"),
        "--format",
        "markdown",
        "--max-chars",
        "2500",
    ]);
    assert!(tight.chars().count() <= 2500, "{}", tight.chars().count());
    assert!(
        tight.contains("- :warning: **Risky** `cancel_order`"),
        "{tight}"
    );
    let kept = tight.lines().filter(|l| l.starts_with("- :bulb:")).count();
    assert!(kept > 0 && kept < 11, "{tight}");
    let left_out = format!(
        "> Left out to fit 2500 characters: {} suggestions, 1 unsure note, 1 tag table (9 tools).",
        11 - kept
    );
    assert!(tight.contains(&left_out), "{tight}");
    for line in tight.lines().filter(|l| l.starts_with("- ")) {
        assert!(full.contains(line), "a line was cut: {line}");
    }
}

/// The HTML review is one self-contained page that a real browser (headless Chromium)
/// reads as meant: a table per tag with a row per tool, the risky one marked, the hints that
/// differ from the method highlighted, and text from the spec shown as text, never markup.
/// Runs wherever `$OPENAPI2MCP_CHROMIUM` names the browser.
#[test]
fn the_html_review_renders_in_chromium() {
    let dir = tempfile::tempdir().unwrap();
    let spec_file = dir.path().join("tags.yaml");
    std::fs::write(
        &spec_file,
        "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get: {operationId: get_a, tags: ['<script>alert(1)</script>'], summary: '<b>bold</b>', responses: {'200': {description: ok}}}\n    post: {operationId: search_a, tags: [search], x-mcp-annotations: {readOnlyHint: true}, responses: {'200': {description: ok}}}\n",
    )
    .unwrap();
    let page_file = dir.path().join("review.html");
    let page = |spec: &str| {
        let output = run(
            &[
                "review",
                spec,
                "--format",
                "html",
                "-o",
                page_file.to_str().unwrap(),
            ],
            None,
        );
        assert_eq!(
            output.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        std::fs::read_to_string(&page_file).unwrap()
    };
    snapshot("review-html", &page(&spec("review/orders.yaml")));
    let html = page(spec_file.to_str().unwrap());
    assert!(!html.contains("<script"), "{html}");
    assert!(
        html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{html}"
    );

    let Ok(chromium) = std::env::var("OPENAPI2MCP_CHROMIUM") else {
        crate::common::skipped(
            "OPENAPI2MCP_CHROMIUM",
            "the HTML review is not opened in a browser",
        );
        return;
    };
    let profile = tempfile::tempdir().unwrap();
    let output = std::process::Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            &format!("--user-data-dir={}", profile.path().display()),
            "--dump-dom",
            &format!("file://{}", page_file.display()),
        ])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // The DOM as the browser built it: two sections, one row per tool, the risky POST
    // marked, its spec-set read-only hint highlighted, the tag's markup as text.
    let dom = String::from_utf8(output.stdout).unwrap();
    assert_eq!(dom.matches("<section").count(), 2, "{dom}");
    assert_eq!(dom.matches("<tr").count(), 4, "{dom}");
    assert!(
        dom.contains("<tr class=\"risky\"><td><code>search_a</code>"),
        "{dom}"
    );
    assert!(
        dom.contains("<td class=\"differs\" title=\"x-mcp-annotations in the spec\">true spec"),
        "{dom}"
    );
    assert!(!dom.contains("<script"), "{dom}");
    assert!(
        dom.contains("<h2>&lt;script&gt;alert(1)&lt;/script&gt; <small>"),
        "{dom}"
    );
}

/// A POST beside a GET of the same words is that query taken with a body (EPA's services
/// take theirs both ways): with a reading word in its path, it is suggested read-only; a
/// POST whose GET says something else is not.
#[test]
fn a_post_that_repeats_its_get_is_read_as_the_same_query() {
    let dir = tempfile::tempdir().unwrap();
    let spec_with = |get_summary: &str| {
        let path = dir.path().join("spec.yaml");
        let text = format!(
            "openapi: 3.0.3\ninfo: {{title: t, version: '1'}}\npaths:\n  /rest_services.get_facilities:\n    get:\n      summary: '{get_summary}'\n      responses: {{'200': {{description: ok}}}}\n    post:\n      summary: Facility Search Service\n      responses: {{'200': {{description: ok}}}}\n"
        );
        std::fs::write(&path, text).unwrap();
        let json = stdout_of(&["review", path.to_str().unwrap(), "--format", "json"]);
        let json: Value = serde_json::from_str(&json).unwrap();
        json["tools"][1]["suggestions"][0].clone()
    };
    let same = spec_with("Facility Search Service");
    assert_eq!(
        (&same["hint"], &same["value"], &same["confidence"]),
        (
            &Value::from("readOnlyHint"),
            &Value::from(true),
            &Value::from("high")
        ),
        "{same}"
    );
    assert!(
        same["evidence"]
            .to_string()
            .contains("/paths/~1rest_services.get_facilities/get"),
        "{same}"
    );
    let other = spec_with("Facilities");
    assert_eq!(other["confidence"], "low", "{other}");

    // A GET written as a reference is the same GET, placed where it is written.
    let path = dir.path().join("referenced.yaml");
    std::fs::write(
        &path,
        "openapi: 3.0.3\ninfo: {title: t, version: '1'}\nx-ops:\n  facilities:\n    summary: Facility Search Service\n    responses: {'200': {description: ok}}\npaths:\n  /rest_services.get_facilities:\n    get: {$ref: '#/x-ops/facilities'}\n    post:\n      summary: Facility Search Service\n      responses: {'200': {description: ok}}\n",
    )
    .unwrap();
    let json = stdout_of(&["review", path.to_str().unwrap(), "--format", "json"]);
    let json: Value = serde_json::from_str(&json).unwrap();
    let referenced = &json["tools"][1]["suggestions"][0];
    assert_eq!(referenced["confidence"], "high", "{referenced}");
    assert!(
        referenced["evidence"]
            .to_string()
            .contains("\"/x-ops/facilities\""),
        "{referenced}"
    );
}
