//! Build pipelines: filters, `x-mcp: false`, `convert --check`, the config file, `--quiet`
//! and `--verbose`, shell completions.

use std::process::Command;

use crate::common::{repo_path, run, tool_names};
use serde_json::Value;

fn spec(file: &str) -> String {
    repo_path(&format!("specs/{file}"))
        .to_string_lossy()
        .into_owned()
}

fn names_with(args: &[&str]) -> Vec<String> {
    let mut all = vec!["convert"];
    let filters = spec("filters.yaml");
    all.push(&filters);
    all.extend_from_slice(args);
    let output = run(&all, None);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let manifest: Value = serde_json::from_slice(&output.stdout).unwrap();
    tool_names(&manifest)
        .into_iter()
        .map(String::from)
        .collect()
}

#[test]
fn x_mcp_false_leaves_operations_and_path_items_out() {
    assert_eq!(
        names_with(&[]),
        [
            "list_pets",
            "create_pet",
            "get_pet",
            "list_pets_2",
            "get_user",
            "replace_user"
        ]
    );
}

#[test]
fn filters_keep_what_they_name_and_never_rename_a_kept_tool() {
    assert_eq!(
        names_with(&["--include-tag", "users"]),
        ["get_user", "replace_user"]
    );
    assert_eq!(
        names_with(&["--exclude-tag", "pets"]),
        ["get_user", "replace_user"]
    );
    assert_eq!(names_with(&["--include-path", "/pets/*"]), ["get_pet"]);
    assert_eq!(
        names_with(&["--include-path", "/pets/**"]),
        ["get_pet", "list_pets_2"]
    );
    assert_eq!(
        names_with(&["--exclude-path", "/pets", "--exclude-path", "/pets/**"]),
        ["get_user", "replace_user"]
    );
    assert_eq!(
        names_with(&["--methods", "put,post"]),
        ["create_pet", "replace_user"]
    );
    assert_eq!(
        names_with(&[
            "--methods",
            "GET",
            "--methods",
            "PUT",
            "--include-tag",
            "users"
        ]),
        ["get_user", "replace_user"]
    );
    assert_eq!(
        names_with(&["--operation", "getUser", "--operation", "create_pet"]),
        ["create_pet", "get_user"]
    );
    // The second listPets keeps its name when the first is filtered out.
    assert_eq!(
        names_with(&["--include-path", "/pets/*/photos"]),
        ["list_pets_2"]
    );
    assert_eq!(
        names_with(&["--read-only"]),
        ["list_pets", "get_pet", "list_pets_2", "get_user"]
    );
}

/// A filter value that matches nothing in the spec is an error naming it, with the closest
/// value the spec has: a typo never gives an empty API, or keeps what it meant to exclude.
#[test]
fn a_filter_that_matches_nothing_is_an_error() {
    let filters = spec("filters.yaml");
    for (args, message) in [
        (
            ["--operation", "getUsr"],
            "error: --operation 'getUsr' matches no operationId or tool name of the spec (did you mean 'getUser'?)",
        ),
        (
            ["--methods", "GTE"],
            "error: --methods GTE matches no operation of the spec (its methods: DELETE, GET, POST, PUT)",
        ),
        (
            ["--include-tag", "user"],
            "error: --include-tag 'user' matches no tag of the spec (did you mean 'users'?)",
        ),
        (
            ["--exclude-tag", "admn"],
            "error: --exclude-tag 'admn' matches no tag of the spec (did you mean 'admin'?)",
        ),
        (
            ["--include-path", "/users"],
            "error: --include-path '/users' matches no path of the spec (`*` stays within a segment, `**` crosses them)",
        ),
        (
            ["--operation", "zzz"],
            "error: --operation 'zzz' matches no operationId or tool name of the spec",
        ),
    ] {
        let output = run(&["convert", &filters, args[0], args[1]], None);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.trim_end(), message, "{args:?}");
    }
    // serve and lint share the check.
    for command in ["serve", "lint"] {
        let output = run(&[command, &filters, "--operation", "getUsr"], None);
        assert_eq!(output.status.code(), Some(2), "{command}");
    }
    // A filter from the config file is named by its key there; a flag still by the flag.
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("openapi2mcp.yaml");
    let fails_with = |filters_yaml: &str, cases: &[(&[&str], &str)]| {
        std::fs::write(
            &config,
            format!("spec: {filters}\nfilters:\n{filters_yaml}"),
        )
        .unwrap();
        for (args, message) in cases {
            let command = ["convert", "--config", config.to_str().unwrap()];
            let output = run(&[&command[..], args].concat(), None);
            assert_eq!(output.status.code(), Some(2), "{args:?}");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(stderr.trim_end(), *message, "{args:?}");
        }
    };
    fails_with(
        "  include-tags: [user]\n  methods: [GTE]\n",
        &[
            (
                &[],
                "error: the config file's filters.include-tags 'user' matches no tag of the spec (did you mean 'users'?)",
            ),
            (
                &["--include-tag", "users"],
                "error: the config file's filters.methods GTE matches no operation of the spec (its methods: DELETE, GET, POST, PUT)",
            ),
            (
                &["--include-tag", "usr", "--methods", "GET"],
                "error: --include-tag 'usr' matches no tag of the spec (did you mean 'users'?)",
            ),
        ],
    );
    fails_with(
        "  operations: [getUsr]\n  exclude-tags: [admins]\n",
        &[
            (
                &[],
                "error: the config file's filters.operations 'getUsr' matches no operationId or tool name of the spec (did you mean 'getUser'?)",
            ),
            (
                &["--operation", "getUser"],
                "error: the config file's filters.exclude-tags 'admins' matches no tag of the spec (did you mean 'admin'?)",
            ),
            (
                &["--operation", "getUser", "--exclude-tag", "admn"],
                "error: --exclude-tag 'admn' matches no tag of the spec (did you mean 'admin'?)",
            ),
        ],
    );
    // So is a glob the config file spells wrong.
    std::fs::write(
        &config,
        format!("spec: {filters}\nfilters:\n  exclude-paths: ['/a/{{b']\n"),
    )
    .unwrap();
    let output = run(&["convert", "--config", config.to_str().unwrap()], None);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr)
        .starts_with("error: the config file's filters.exclude-paths '/a/{b': "));
}

/// `--assume-auth` takes bearer, basic or a key's place and name; anything else is a usage
/// error, from the command line or the config file (where it names the file and line).
#[test]
fn an_assumed_credential_is_checked() {
    let filters = spec("filters.yaml");
    let output = run(&["convert", &filters, "--assume-auth", "cookie:sid"], None);
    assert_eq!(output.status.code(), Some(0));
    let manifest: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        manifest["tools"][0]["_meta"]["openapi2mcp/http"]["auth"],
        serde_json::json!([[{"scheme": "default", "type": "apiKey", "in": "cookie", "name": "sid"}], []])
    );
    let output = run(&["convert", &filters, "--assume-auth", "form:token"], None);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("'form' is not header, query or cookie")
    );
    // A header's or a cookie's name is sent as it is: it must be a token, said before
    // anything is converted, not when serve starts.
    let output = run(&["convert", &filters, "--assume-auth", "header:a b"], None);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr)
        .contains("'a b' is not a token (letters, digits and !#$%&'*+-.^_`|~): no request can send it as a header name"));
    let output = run(&["convert", &filters, "--assume-auth", "query:a b"], None);
    assert_eq!(
        output.status.code(),
        Some(0),
        "a query parameter's name is escaped"
    );
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("openapi2mcp.yaml");
    std::fs::write(&config, format!("spec: {filters}\nassume-auth: token\n")).unwrap();
    let output = run(&["convert", "--config", config.to_str().unwrap()], None);
    assert_eq!(output.status.code(), Some(2));
    // Read once, as the file is read: the message names the file, the line and the key.
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        format!("error: {}:2:1: invalid config: 'token' is not bearer, basic, header:NAME, query:NAME or cookie:NAME (at /assume-auth)\n", config.display())
    );
    // A scheme of the spec's own that would read the same variable is refused.
    let clash = dir.path().join("clash.yaml");
    std::fs::write(&clash, "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      security: [{Default: []}]\n      responses: {'200': {description: ok}}\ncomponents:\n  securitySchemes:\n    Default: {type: http, scheme: bearer}\n").unwrap();
    let output = run(
        &[
            "convert",
            clash.to_str().unwrap(),
            "--assume-auth",
            "bearer",
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr)
        .contains("--assume-auth: the spec's scheme 'Default' reads OPENAPI2MCP_AUTH_DEFAULT too"));
}

#[test]
fn read_only_follows_the_effective_hints() {
    let dir = tempfile::tempdir().unwrap();
    let overrides = dir.path().join("hints.yaml");
    std::fs::write(
        &overrides,
        "tools:\n  getUser: {readOnlyHint: false}\n  createPet: {readOnlyHint: true}\n",
    )
    .unwrap();
    // createPet's override says read-only without a reason, and its name says it creates:
    // not a reviewed decision, so the safe subset leaves it out and says why.
    let overrides_arg = overrides.to_str().unwrap();
    let names = names_with(&["--read-only", "--overrides", overrides_arg]);
    assert_eq!(names, ["list_pets", "get_pet", "list_pets_2"]);
    let filters = spec("filters.yaml");
    let output = run(
        &[
            "convert",
            &filters,
            "--read-only",
            "--overrides",
            overrides_arg,
        ],
        None,
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "--read-only left out 'create_pet' (POST /pets): a read-only POST whose evidence says \
         it acts (name 'create', response '201')\n"
    );
    // A read-only claim on a POST is one no person reviewed, and a GET whose words say it
    // purges acts: the subset keeps neither, and says why.
    let output = run(&["convert", &spec("dynamic.yaml"), "--read-only"], None);
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "--read-only left out 'search_notes' (POST /notes/search): readOnlyHint: true on POST, a claim no person reviewed\n\
         --read-only left out 'purge_cache' (GET /cache/purge): a read-only GET whose evidence says it acts (name 'purge', summary 'Purge', path 'purge')\n"
    );
    // With a reason, a person decided: the subset keeps it.
    std::fs::write(
        &overrides,
        "tools:\n  getUser: {readOnlyHint: false}\n  createPet: {readOnlyHint: true, reason: a dry run}\n",
    )
    .unwrap();
    let names = names_with(&["--read-only", "--overrides", overrides_arg]);
    assert_eq!(names, ["list_pets", "create_pet", "get_pet", "list_pets_2"]);
}

/// RPC-style GETs that act (`/apps.uninstall`, `/chat.postMessage`...) are read-only by
/// their method, but the safe subset keeps none of them, and review and lint flag each one
/// with its evidence.
#[test]
fn read_only_keeps_no_rpc_get_that_acts() {
    let fixture = repo_path("tests/hints/fixtures/rpc.yaml");
    let fixture = fixture.to_str().unwrap();
    let output = run(
        &["convert", fixture, "--read-only", "--include-tag", "rpc"],
        None,
    );
    assert_eq!(output.status.code(), Some(0));
    let manifest: Value = serde_json::from_slice(&output.stdout).unwrap();
    let kept = tool_names(&manifest);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let acting = [
        "apps_uninstall",
        "tokens_exchange",
        "chat_post_message",
        "conversations_archive",
        "reactions_add",
        "files_delete",
    ];
    for name in acting {
        assert!(!kept.contains(&name), "{name} kept");
        assert!(
            stderr.contains(&format!("--read-only left out '{name}' (GET /")),
            "{name} not listed: {stderr}"
        );
    }
    for name in ["conversations_history", "users_info"] {
        assert!(kept.contains(&name), "{name} left out");
    }
    // Its name says "test", its summary "Check": where the words disagree, unsure is not
    // read-only.
    assert!(!kept.contains(&"auth_test"));
    assert!(
        stderr
            .contains("--read-only left out 'auth_test' (GET /auth.test): the evidence disagrees"),
        "{stderr}"
    );
    let review = run(
        &[
            "review",
            fixture,
            "--format",
            "json",
            "--include-tag",
            "rpc",
        ],
        None,
    );
    let review: Value = serde_json::from_slice(&review.stdout).unwrap();
    let lint = run(
        &["lint", fixture, "--format", "json", "--include-tag", "rpc"],
        None,
    );
    let lint: Value = serde_json::from_slice(&lint.stdout).unwrap();
    for name in acting {
        let tool = review["tools"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["name"] == name)
            .unwrap();
        let flagged = tool["suggestions"].as_array().unwrap().iter().any(|s| {
            s["hint"] == "readOnlyHint"
                && s["value"] == false
                && !s["evidence"].as_array().unwrap().is_empty()
        });
        assert!(flagged, "review does not flag {name}");
        let found = lint
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["tool"] == name && f["name"] == "name-implies-write");
        assert!(found, "lint does not flag {name}");
    }
}

#[test]
fn an_overrides_entry_for_a_filtered_out_tool_still_names_a_tool() {
    let dir = tempfile::tempdir().unwrap();
    let overrides = dir.path().join("hints.yaml");
    std::fs::write(&overrides, "tools:\n  getUser: {openWorldHint: false}\n").unwrap();
    assert_eq!(
        names_with(&[
            "--include-tag",
            "pets",
            "--overrides",
            overrides.to_str().unwrap()
        ])
        .len(),
        4
    );
}

/// An overrides entry can fix what the spec says of a tool without editing the spec: its
/// name (which filters then match), title and description, and the lint rules it answers to.
#[test]
fn an_overrides_entry_renames_titles_describes_and_silences_rules() {
    let dir = tempfile::tempdir().unwrap();
    let spec_file = dir.path().join("cards.yaml");
    std::fs::write(
        &spec_file,
        "openapi: 3.1.0\ninfo: {title: t, version: '1'}\nservers: [{url: 'https://a.test'}]\npaths:\n  /3d_secure:\n    post: {operationId: post3d_secure, responses: {'200': {description: ok}}}\n  /cards:\n    get: {operationId: list_cards, summary: List cards, description: Lists cards., deprecated: true, responses: {'200': {description: ok}}}\n  /health:\n    get: {operationId: health, description: Answers., responses: {'200': {description: ok}}}\n",
    )
    .unwrap();
    let overrides = dir.path().join("tools.yaml");
    let write_overrides = |ignores: &str| {
        std::fs::write(
            &overrides,
            format!("tools:\n  post3d_secure:\n    name: create_3d_secure_check\n    title: Create a 3-D Secure check\n    description: Starts a 3-D Secure check of a card.\n  GET /cards:\n    description: Every card on the account.\n    openWorldHint: false\n  health:\n    ignore: [{ignores}]\n"),
        )
        .unwrap();
    };
    write_overrides("OAM008");
    let (spec_arg, overrides_arg) = (spec_file.to_str().unwrap(), overrides.to_str().unwrap());
    let output = run(&["convert", spec_arg, "--overrides", overrides_arg], None);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let manifest: Value = serde_json::from_slice(&output.stdout).unwrap();
    let tools = manifest["tools"].as_array().unwrap();
    assert_eq!(
        tool_names(&manifest),
        ["create_3d_secure_check", "list_cards", "health"]
    );
    assert_eq!(tools[0]["title"], "Create a 3-D Secure check");
    assert_eq!(
        tools[0]["description"],
        "Starts a 3-D Secure check of a card."
    );
    assert_eq!(tools[1]["title"], "List cards");
    assert_eq!(
        tools[1]["description"],
        "DEPRECATED. Every card on the account."
    );
    // A decision's reason names the entry as the file writes it.
    let output = run(
        &[
            "review",
            spec_arg,
            "--overrides",
            overrides_arg,
            "--format",
            "json",
        ],
        None,
    );
    let review: Value = serde_json::from_slice(&output.stdout).unwrap();
    let reason = &review["tools"][1]["hints"]["openWorldHint"]["reason"];
    assert!(
        reason
            .as_str()
            .unwrap()
            .ends_with("tools.yaml (GET /cards)"),
        "{reason}"
    );

    let output = run(
        &[
            "convert",
            spec_arg,
            "--overrides",
            overrides_arg,
            "--operation",
            "create_3d_secure_check",
        ],
        None,
    );
    let manifest: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(tool_names(&manifest), ["create_3d_secure_check"]);

    // `health` has no summary: missing-title, unless its entry ignores it (by name or code).
    let titles_missing = |ignores: &str| {
        write_overrides(ignores);
        let output = run(
            &[
                "lint",
                spec_arg,
                "--overrides",
                overrides_arg,
                "--format",
                "json",
            ],
            None,
        );
        let report: Value = serde_json::from_slice(&output.stdout).unwrap();
        report
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["name"] == "missing-title")
            .map(|f| f["tool"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(titles_missing("OAM008"), ["health"]);
    assert!(titles_missing("missing-title").is_empty());
    assert!(titles_missing("OAM012").is_empty());

    // A new name another tool has, or one the client cannot take, is refused at its line.
    for (name, says) in [
        (
            "health",
            "'post3d_secure' names its tool 'health', which is another tool's name too",
        ),
        (
            &"a".repeat(65),
            "which is 65 characters long; the client takes at most 64",
        ),
        (
            "cards.check",
            "which has a '.', which Claude refuses (only --client mcp takes one)",
        ),
    ] {
        std::fs::write(
            &overrides,
            format!("tools:\n  post3d_secure:\n    name: {name}\n"),
        )
        .unwrap();
        let output = run(&["convert", spec_arg, "--overrides", overrides_arg], None);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains(says) && stderr.contains("tools.yaml:3:"),
            "{stderr}"
        );
    }
}

#[test]
fn x_mcp_false_on_the_document_leaves_everything_out() {
    let output = run(&["convert", "-"], Some(b"openapi: 3.1.0\ninfo: {title: t, version: '1'}\nx-mcp: false\npaths:\n  /a: {get: {responses: {}}}\n"));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "{\n  \"tools\": []\n}\n"
    );
}

/// `x-mcp` is true or false: `no`, `"false"`, `0` or `null` read as no flag would keep what
/// it meant to leave out, so each is an error at its place, on the document, a path item
/// or an operation.
#[test]
fn x_mcp_that_is_not_a_boolean_is_an_error() {
    for (value, at) in [
        ("no", "/paths/~1a/x-mcp"),
        ("'false'", "/paths/~1a/x-mcp"),
        ("0", "/paths/~1a/x-mcp"),
        ("null", "/paths/~1a/x-mcp"),
    ] {
        let spec = format!(
            "openapi: 3.1.0\ninfo: {{title: t, version: '1'}}\npaths:\n  /a:\n    x-mcp: {value}\n    delete: {{responses: {{}}}}\n"
        );
        let output = run(&["convert", "-"], Some(spec.as_bytes()));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{value}: {stderr}");
        assert!(
            stderr.contains(&format!("`x-mcp` must be true or false (at {at})"))
                && stderr.contains(":5:"),
            "{value}: {stderr}"
        );
        assert!(output.stdout.is_empty(), "{value}");
    }
    for spec in [
        "openapi: 3.1.0\ninfo: {title: t, version: '1'}\nx-mcp: off\npaths:\n  /a: {get: {responses: {}}}\n",
        "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /a: {get: {x-mcp: 'no', responses: {}}}\n",
    ] {
        let output = run(&["convert", "-"], Some(spec.as_bytes()));
        assert_eq!(output.status.code(), Some(2), "{spec}");
    }
}

#[test]
fn a_bad_glob_is_a_usage_error() {
    let output = run(
        &[
            "convert",
            &spec("filters.yaml"),
            "--include-path",
            "/pets/[a",
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).starts_with("error: --include-path '/pets/[a'"));
}

#[test]
fn check_compares_without_writing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tools.json");
    let out_arg = out.to_str().unwrap();
    let missing = run(
        &["convert", &spec("filters.yaml"), "-o", out_arg, "--check"],
        None,
    );
    assert_eq!(missing.status.code(), Some(1));
    assert!(!out.exists(), "--check writes nothing");

    assert_eq!(
        run(&["convert", &spec("filters.yaml"), "-o", out_arg], None)
            .status
            .code(),
        Some(0)
    );
    let fresh = run(
        &["convert", &spec("filters.yaml"), "-o", out_arg, "--check"],
        None,
    );
    assert_eq!(fresh.status.code(), Some(0));
    assert!(fresh.stdout.is_empty());

    let stale = run(
        &[
            "convert",
            &spec("filters.yaml"),
            "-o",
            out_arg,
            "--check",
            "--exclude-tag",
            "users",
            "--closed-world",
        ],
        None,
    );
    assert_eq!(stale.status.code(), Some(1));
    let report = String::from_utf8(stale.stdout).unwrap();
    assert!(
        report.contains("changed  list_pets (annotations)"),
        "{report}"
    );
    assert!(
        report.contains("removed  get_user") && report.contains("removed  replace_user"),
        "{report}"
    );
    // A rename is said as one, as review --base says it: the same method and path.
    let overrides = dir.path().join("overrides.yaml");
    std::fs::write(&overrides, "tools:\n  get_user: {name: fetch_user}\n").unwrap();
    let renamed = run(
        &[
            "convert",
            &spec("filters.yaml"),
            "-o",
            out_arg,
            "--check",
            "--overrides",
            overrides.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(renamed.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(renamed.stdout).unwrap(),
        format!("{out_arg} is stale:\nrenamed  get_user -> fetch_user\n")
    );

    let broken = run(
        &[
            "convert",
            &spec("errors/missing-ref.yaml"),
            "-o",
            out_arg,
            "--check",
        ],
        None,
    );
    assert_eq!(broken.status.code(), Some(2));
    let without_output = run(&["convert", &spec("filters.yaml"), "--check"], None);
    assert_eq!(without_output.status.code(), Some(2));
}

#[test]
fn the_config_file_holds_every_option_and_flags_win() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(spec("filters.yaml"), dir.path().join("api.yaml")).unwrap();
    std::fs::create_dir(dir.path().join("ci")).unwrap();
    // The repository's root: the config file is looked for up to it.
    std::fs::create_dir(dir.path().join(".git")).unwrap();
    std::fs::write(
        dir.path().join("openapi2mcp.yaml"),
        "spec: api.yaml\noutput: tools.json\nhints: explicit\nclosed-world: true\nfilters:\n  include-tags: [users]\nlint:\n  fail-on: never\n",
    )
    .unwrap();
    let in_dir = |args: &[&str], cwd: &std::path::Path| {
        Command::new(env!("CARGO_BIN_EXE_openapi2mcp"))
            .args(args)
            .current_dir(cwd)
            .output()
            .unwrap()
    };
    // Found from a subdirectory; its paths are relative to the file.
    let nested = dir.path().join("ci");
    assert_eq!(in_dir(&["convert"], &nested).status.code(), Some(0));
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("tools.json")).unwrap())
            .unwrap();
    assert_eq!(tool_names(&manifest), ["get_user", "replace_user"]);
    assert_eq!(manifest["tools"][0]["annotations"]["openWorldHint"], false);
    assert_eq!(
        manifest["tools"][0]["annotations"]["destructiveHint"], false,
        "explicit style"
    );
    assert_eq!(
        in_dir(&["convert", "--check"], &nested).status.code(),
        Some(0)
    );

    // Flags win: another spec, filter, style and output.
    let output = Command::new(env!("CARGO_BIN_EXE_openapi2mcp"))
        .args([
            "convert",
            "../api.yaml",
            "--include-tag",
            "pets",
            "--hints",
            "minimal",
            "-o",
            "../pets.json",
        ])
        .current_dir(&nested)
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let pets: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("pets.json")).unwrap())
            .unwrap();
    assert_eq!(
        tool_names(&pets),
        ["list_pets", "create_pet", "get_pet", "list_pets_2"]
    );
    assert_eq!(
        pets["tools"][0]["annotations"],
        serde_json::json!({"readOnlyHint": true, "openWorldHint": false})
    );

    // lint reads the same file: fail-on never.
    assert_eq!(in_dir(&["lint"], &nested).status.code(), Some(0));

    std::fs::write(
        dir.path().join("openapi2mcp.yaml"),
        "spec: api.yaml\nfilter:\n  methods: [GET]\n",
    )
    .unwrap();
    let output = in_dir(&["convert"], &nested);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("openapi2mcp.yaml:2:1: invalid config: unknown field `filter`"),
        "{stderr}"
    );
}

/// A config file is looked for no higher than the repository's root (or the home
/// directory); outside both, only here. One found above this directory is named on
/// stderr, and writes nothing outside its own directory unless named with --config.
#[test]
fn a_config_file_above_the_project_is_not_read_and_writes_only_at_home() {
    let dir = tempfile::tempdir().unwrap();
    let project = dir.path().join("project");
    let nested = project.join("src");
    std::fs::create_dir_all(&nested).unwrap();
    let api = project.join("api.yaml");
    std::fs::copy(spec("petstore-3.0.yaml"), &api).unwrap();
    let api = api.to_str().unwrap();
    // Planted above the project: never read, from the project or below it.
    std::fs::write(
        dir.path().join("openapi2mcp.yaml"),
        "output: planted.json\nclosed-world: true\n",
    )
    .unwrap();
    let run_in = |cwd: &std::path::Path, args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_openapi2mcp"))
            .args(args)
            .current_dir(cwd)
            .output()
            .unwrap()
    };
    for cwd in [&project, &nested] {
        let output = run_in(cwd, &["convert", api]);
        assert_eq!(output.status.code(), Some(0));
        assert!(!dir.path().join("planted.json").exists());
        assert!(String::from_utf8_lossy(&output.stderr).is_empty());
    }
    // Inside a repository, up to its root; a file found above here is named.
    std::fs::create_dir(project.join(".git")).unwrap();
    std::fs::write(project.join("openapi2mcp.yaml"), "closed-world: true\n").unwrap();
    let output = run_in(&nested, &["convert", api]);
    assert_eq!(output.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("using the config file"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let manifest: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(manifest["tools"][0]["annotations"]["openWorldHint"], false);
    // Its output may not leave its directory, unless the file is named.
    std::fs::write(
        project.join("openapi2mcp.yaml"),
        "output: ../escaped.json\n",
    )
    .unwrap();
    let output = run_in(&nested, &["convert", api]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("outside its directory"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(!dir.path().join("escaped.json").exists());
    // Nor through a symbolic link the project ships: to a file, or to a directory and back.
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, "precious").unwrap();
    std::os::unix::fs::symlink(&victim, project.join("tools.json")).unwrap();
    std::os::unix::fs::symlink(dir.path(), project.join("link")).unwrap();
    for output_key in ["tools.json", "link/escaped.json", "./link/../escaped.json"] {
        std::fs::write(
            project.join("openapi2mcp.yaml"),
            format!("output: {output_key}\n"),
        )
        .unwrap();
        let output = run_in(&nested, &["convert", api]);
        assert_eq!(output.status.code(), Some(2), "{output_key}");
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
        assert!(!dir.path().join("escaped.json").exists(), "{output_key}");
    }
    std::fs::write(
        project.join("openapi2mcp.yaml"),
        "output: ../escaped.json\n",
    )
    .unwrap();
    let config = project.join("openapi2mcp.yaml");
    let output = run_in(
        &nested,
        &["convert", api, "--config", config.to_str().unwrap()],
    );
    assert_eq!(output.status.code(), Some(0));
    assert!(dir.path().join("escaped.json").exists());
}

#[test]
fn without_a_spec_anywhere_the_error_says_where_to_put_one() {
    let dir = tempfile::tempdir().unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_openapi2mcp"))
        .args(["convert"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no spec given"));
}

#[test]
fn quiet_and_verbose() {
    let hints = spec("hints.yaml");
    let normal = run(&["convert", &hints], None);
    assert!(String::from_utf8_lossy(&normal.stderr).contains("warning: "));
    let quiet = run(&["convert", &hints, "--quiet"], None);
    assert!(quiet.stderr.is_empty());
    assert_eq!(quiet.stdout, normal.stdout);
    let verbose = run(&["convert", &hints, "-v"], None);
    let stderr = String::from_utf8_lossy(&verbose.stderr);
    assert!(
        stderr.contains("9 tools written") && stderr.contains("done in"),
        "{stderr}"
    );
    // The total is the sum of what review shows for each tool.
    let review = run(&["review", &hints, "--format", "json"], None);
    let review: serde_json::Value = serde_json::from_slice(&review.stdout).unwrap();
    let tokens: u64 = review["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["tokens"].as_u64().unwrap())
        .sum();
    assert!(tokens > 9 * 20, "{tokens}");
    assert!(
        stderr.contains(&format!(
            "the tools take {tokens} tokens of a model's context (o200k)"
        )),
        "{stderr}"
    );
    assert!(!String::from_utf8_lossy(&normal.stderr).contains("tokens"));
    let both = run(&["convert", &hints, "-q", "-v"], None);
    assert_eq!(both.status.code(), Some(2));
}

/// `--compact` always says what it left out of all the tools, and with -v of each.
#[test]
fn compact_says_what_it_left_out() {
    let fixture = spec("compact.yaml");
    let normal = run(&["convert", &fixture, "--compact"], None);
    assert_eq!(normal.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&normal.stderr),
        "compact: 336 -> 229 tokens: 2 examples and 3 titles left out, 5 descriptions cut to a sentence, 1 nested object listed without properties\n"
    );
    let verbose = run(&["convert", &fixture, "--compact", "-v"], None);
    let stderr = String::from_utf8_lossy(&verbose.stderr);
    assert!(
        stderr.contains("compact: tool 'replace_cluster': 296 -> 194 tokens: 2 examples and 3 titles left out, 4 descriptions cut to a sentence, 1 nested object listed without properties\n")
            && stderr.contains("compact: tool 'list_clusters': 40 -> 35 tokens: ")
            && stderr.contains("the tools take 229 tokens"),
        "{stderr}"
    );
    let quiet = run(&["convert", &fixture, "--compact", "-q"], None);
    assert!(quiet.stderr.is_empty());
}

#[test]
fn completions_for_every_shell() {
    for shell in ["bash", "elvish", "fish", "powershell", "zsh"] {
        let output = run(&["completions", shell], None);
        assert_eq!(output.status.code(), Some(0));
        let script = String::from_utf8(output.stdout).unwrap();
        assert!(
            script.contains("openapi2mcp") && script.contains("include-tag"),
            "{shell}"
        );
    }
}

fn convert_for(client: &str, extra: &[&str]) -> Value {
    let mut args = vec!["convert", "--client", client];
    let clients = spec("clients.yaml");
    args.push(&clients);
    args.extend_from_slice(extra);
    let output = run(&args, None);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{client}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

/// The client-rejects findings of linting `manifest` for `client`.
fn rejections(manifest: &Value, client: &str, extra: &[&str]) -> Vec<String> {
    let mut args = vec![
        "lint",
        "-",
        "--format",
        "json",
        "--fail-on",
        "never",
        "--client",
        client,
    ];
    args.extend_from_slice(extra);
    let output = run(&args, Some(manifest.to_string().as_bytes()));
    let findings: Value = serde_json::from_slice(&output.stdout).unwrap();
    findings
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["name"] == "client-rejects")
        .map(|f| f["message"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn each_client_profile_fits_what_its_lint_checks() {
    let default = convert_for("claude", &[]);
    let cursor = ["--server-name", "finance-reporting"];
    for (client, extra) in [
        ("claude", &[][..]),
        ("openai", &[]),
        ("cursor", &cursor),
        ("gemini", &[]),
        ("vscode", &[]),
        ("mcp", &[]),
    ] {
        let manifest = convert_for(client, extra);
        assert_eq!(
            rejections(&manifest, client, extra),
            Vec::<String>::new(),
            "{client}"
        );
    }
    // The default output breaks what Gemini, VS Code and Cursor reject.
    let gemini = rejections(&default, "gemini", &[]);
    for keyword in [
        "$defs",
        "$ref",
        "oneOf",
        "const",
        "propertyNames",
        "patternProperties",
        "exclusiveMinimum",
        "prefixItems",
    ] {
        assert!(
            gemini.iter().any(|r| r.contains(&format!("'{keyword}'"))),
            "{keyword}: {gemini:?}"
        );
    }
    for rejected in [
        "Gemini's enum holds strings only",
        "the parameter name 'X-Request-Id'",
    ] {
        assert!(
            gemini.iter().any(|r| r.contains(rejected)),
            "{rejected}: {gemini:?}"
        );
    }
    assert!(rejections(&default, "vscode", &[])
        .iter()
        .any(|r| r.contains("$defs")));
    let long_server = ["--server-name", "the-quarterly-finance-reporting"];
    assert!(!rejections(&default, "cursor", &long_server).is_empty());
}

#[test]
fn profiles_shape_names_and_schemas() {
    let cursor = convert_for("cursor", &["--server-name", "finance-reporting"]);
    let name = cursor["tools"][0]["name"].as_str().unwrap();
    assert!(name.len() + "finance-reporting".len() < 60, "{name}");
    let gemini = convert_for("gemini", &[]);
    let schema = &gemini["tools"][0]["inputSchema"];
    assert!(schema.get("$defs").is_none());
    assert_eq!(
        schema["properties"]["kind"],
        serde_json::json!({"enum": ["quarterly"]})
    );
    assert_eq!(
        schema["properties"]["ttl"],
        serde_json::json!({"type": "integer", "description": "one of: 60, 600, 3600"})
    );
    assert!(schema["properties"].get("X_Request_Id").is_some());
    let vscode = convert_for("vscode", &[]);
    let schema = &vscode["tools"][0]["inputSchema"];
    assert!(jsonschema::draft7::meta::is_valid(schema));
    assert_eq!(schema["properties"]["tree"]["$ref"], "#/definitions/Tree");
    let missing_server = run(
        &["convert", &spec("clients.yaml"), "--client", "cursor"],
        None,
    );
    assert_eq!(missing_server.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing_server.stderr).contains("--server-name"));
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("client-gemini", serde_json::to_string_pretty(&gemini).unwrap());
        insta::assert_snapshot!("client-vscode", serde_json::to_string_pretty(&vscode).unwrap());
    });
}

/// The documented config example is exact: it loads, and it shows every key the file takes.
#[test]
fn the_documented_config_example_holds_every_key_and_loads() {
    use openapi2mcp_core::config::Config;
    let readme = std::fs::read_to_string(repo_path("docs/configuration.md")).unwrap();
    let section = &readme[readme.find("## The configuration file").unwrap()..];
    let start = section.find("```yaml\n").unwrap() + "```yaml\n".len();
    let example = &section[start..start + section[start..].find("```").unwrap()];
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("openapi2mcp.yaml");
    std::fs::write(&path, example).unwrap();
    Config::find(Some(&path), dir.path()).expect("the example loads");

    fn keys(value: &Value, prefix: &str, out: &mut Vec<String>) {
        for (key, inner) in value.as_object().into_iter().flatten() {
            let path = format!("{prefix}{key}");
            keys(inner, &format!("{path}."), out);
            out.push(path);
        }
    }
    let (mut known, mut shown) = (Vec::new(), Vec::new());
    keys(
        &serde_json::to_value(Config::default()).unwrap(),
        "",
        &mut known,
    );
    let example: Value = yaml_serde::from_str(example).unwrap();
    keys(&example, "", &mut shown);
    let missing: Vec<&String> = known.iter().filter(|k| !shown.contains(k)).collect();
    assert!(missing.is_empty(), "the README example lacks {missing:?}");
}

/// Every `console` block of the README is exact: each `$ openapi2mcp ...` line, run from the
/// repository's root, prints what follows it.
#[test]
fn the_readme_samples_are_what_the_commands_print() {
    let readme = std::fs::read_to_string(repo_path("README.md")).unwrap();
    let mut checked = 0;
    for block in readme.split("```console\n").skip(1) {
        let block = block.split("\n```").next().unwrap();
        let (command, shown) = block.split_once('\n').unwrap_or((block, ""));
        let args: Vec<&str> = command
            .strip_prefix("$ openapi2mcp ")
            .unwrap_or_else(|| panic!("a sample starts with $ openapi2mcp: {command}"))
            .split_whitespace()
            .collect();
        let output = run(&args, None);
        let printed = String::from_utf8(output.stdout).unwrap();
        assert_eq!(printed.trim_end(), shown, "{command}");
        checked += 1;
    }
    assert!(checked >= 3, "{checked} samples");
}

/// The JSON Schemas of the config and overrides files are generated from their types and
/// checked in (`OPENAPI2MCP_WRITE_SCHEMAS=1 cargo test json_schemas` rewrites them); the
/// documented examples hold to them, and a misspelt key does not.
#[test]
fn the_json_schemas_match_the_types_and_the_documented_examples() {
    use openapi2mcp_core::config::Config;
    use openapi2mcp_core::convert::overrides::Overrides;
    let docs = std::fs::read_to_string(repo_path("docs/configuration.md")).unwrap();
    let example_under = |heading: &str| -> Value {
        let section = &docs[docs.find(heading).unwrap()..];
        let start = section.find("```yaml\n").unwrap() + "```yaml\n".len();
        yaml_serde::from_str(&section[start..start + section[start..].find("```").unwrap()])
            .unwrap()
    };
    let cases = [
        (
            "docs/schemas/openapi2mcp.schema.json",
            Config::json_schema(),
            example_under("## The configuration file"),
            serde_json::json!({"lint": {"rulez": {}}}),
        ),
        (
            "docs/schemas/overrides.schema.json",
            Overrides::json_schema(&rule_names()),
            example_under("## The overrides file"),
            serde_json::json!({"tools": {"a": {"readOnlyHnt": true}}}),
        ),
    ];
    for (path, schema, example, misspelt) in cases {
        let text = serde_json::to_string_pretty(&schema).unwrap() + "\n";
        if std::env::var_os("OPENAPI2MCP_WRITE_SCHEMAS").is_some() {
            std::fs::write(repo_path(path), &text).unwrap();
        }
        assert_eq!(
            std::fs::read_to_string(repo_path(path)).unwrap_or_default(),
            text,
            "{path} is not what the types give: OPENAPI2MCP_WRITE_SCHEMAS=1 cargo test json_schemas rewrites it"
        );
        let validator = jsonschema::validator_for(&schema).unwrap();
        let errors: Vec<String> = validator
            .iter_errors(&example)
            .map(|e| e.to_string())
            .collect();
        assert!(
            errors.is_empty(),
            "{path}: the documented example: {errors:?}"
        );
        assert!(!validator.is_valid(&misspelt), "{path} takes {misspelt}");
    }
    // What the loaders take and refuse beyond the examples: a file with one key, empty
    // sections; a tool's field in `defaults`, a name that is no tool name, an unknown rule.
    let config = jsonschema::validator_for(&Config::json_schema()).unwrap();
    for taken in [
        serde_json::json!({"spec": "api.yaml"}),
        serde_json::json!({"lint": null, "filters": null}),
    ] {
        assert!(config.is_valid(&taken), "{taken}");
    }
    let overrides = jsonschema::validator_for(&Overrides::json_schema(&rule_names())).unwrap();
    for refused in [
        serde_json::json!({"defaults": {"title": "T"}}),
        serde_json::json!({"tools": {"a": {"name": "has space"}}}),
        serde_json::json!({"tools": {"a": {"ignore": ["missing-titel"]}}}),
    ] {
        assert!(!overrides.is_valid(&refused), "{refused}");
    }
    let ignoring = serde_json::json!({"tools": {"a": {"ignore": ["OAM012", "missing-title"]}}});
    assert!(overrides.is_valid(&ignoring));
}

/// A key written twice is an error at its second line and its JSON pointer, in a spec, the
/// config file and the overrides file alike (YAML's own rule; a silent last-one-wins would
/// hide a mistake).
#[test]
fn a_repeated_key_is_an_error_at_its_line_in_every_file() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let spec = write(
        "api.yaml",
        "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\n",
    );
    let cases = [
        (
            vec![
                "convert".to_string(),
                write(
                    "twice.yaml",
                    "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\npaths: {}\n",
                ),
            ],
            "twice.yaml:4:1: invalid YAML: duplicate key 'paths'",
        ),
        (
            vec![
                "lint".into(),
                spec.clone(),
                "--config".into(),
                write(
                    "openapi2mcp.yaml",
                    "lint:\n  fail-on: error\n  fail-on: never\n",
                ),
            ],
            "openapi2mcp.yaml:3:3: invalid config: duplicate key 'fail-on' (at /lint/fail-on)",
        ),
        (
            vec![
                "convert".into(),
                spec.clone(),
                "--overrides".into(),
                write(
                    "hints.yaml",
                    "tools:\n  a: {readOnlyHint: true}\n  a: {readOnlyHint: false}\n",
                ),
            ],
            "hints.yaml:3:3: invalid overrides: duplicate key 'a' (at /tools/a)",
        ),
        (
            vec![
                "convert".to_string(),
                write(
                    "nested.yaml",
                    "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /a.json:\n    get: {responses: {}}\n    get: {responses: {}}\n",
                ),
            ],
            "nested.yaml:6:5: invalid YAML: duplicate key 'get' (at /paths/~1a.json/get)",
        ),
        (
            vec![
                "convert".to_string(),
                write(
                    "listed.yaml",
                    "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      parameters:\n        - {name: q, in: query, in: header}\n      responses: {}\n",
                ),
            ],
            "invalid YAML: duplicate key 'in' (at /paths/~1a/get/parameters/0/in)",
        ),
        (
            vec![
                "convert".to_string(),
                write(
                    "escaped.yaml",
                    "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\nx-s:\n  zz: 1\n  \"q\\\"k\": 1\n  \"q\\\"k\": 2\n",
                ),
            ],
            "invalid YAML: duplicate key 'q\"k' (at /x-s/q\"k)",
        ),
        (
            vec![
                "convert".to_string(),
                write(
                    "crlf.yaml",
                    "openapi: 3.1.0\r\ninfo: {title: t, version: '1'}\r\npaths: {}\r\nx-s:\r\n  a: 1\r\n  b: 2\r\n  a: 3\r\n",
                ),
            ],
            "crlf.yaml:7:3: invalid YAML: duplicate key 'a' (at /x-s/a)",
        ),
    ];
    for (args, expected) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = run(&args, None);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(expected), "{stderr}");
    }
}

/// A value in the config file past its range is refused at its line, as the flag's own
/// parser refuses it: `retries: 1000` retried a thousand times, and a size in MiB past 2^44
/// wrapped to nothing.
#[test]
fn a_config_value_past_its_range_is_an_error_at_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("api.yaml");
    std::fs::write(
        &spec,
        "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\n",
    )
    .unwrap();
    for (text, expected) in [
        (
            "serve:\n  retries: 1000\n",
            ":2:3: invalid config: 1000 is more than 10 (at /serve/retries)",
        ),
        (
            "max-file-size: 17592186044416\n",
            ":1:1: invalid config: 17592186044416 is not from 1 to 1048576 (at /max-file-size)",
        ),
        // A client's other spelling, which typed reading takes, stays valid.
        ("client: claude-desktop\n", ""),
        (
            "max-file-size: 0\n",
            ":1:1: invalid config: 0 is not from 1 to 1048576 (at /max-file-size)",
        ),
    ] {
        let config = dir.path().join("openapi2mcp.yaml");
        std::fs::write(&config, text).unwrap();
        let args = [
            "lint",
            spec.to_str().unwrap(),
            "--config",
            config.to_str().unwrap(),
        ];
        let output = run(&args, None);
        let stderr = String::from_utf8_lossy(&output.stderr);
        let refused = !expected.is_empty();
        assert_eq!(output.status.code() == Some(2), refused, "{text}: {stderr}");
        assert!(stderr.contains(expected), "{stderr}");
    }
}

/// `--no-config` reads no config file: a spec beside one whose `overrides:` name another
/// API's tools lints with none of it.
#[test]
fn no_config_reads_no_config_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("openapi2mcp.yaml"),
        "overrides: hints.yaml\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("hints.yaml"),
        "tools:\n  create_note: {openWorldHint: false}\n",
    )
    .unwrap();
    let spec = repo_path("specs/petstore-3.0.yaml");
    let lint = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_openapi2mcp"))
            .arg("lint")
            .arg(&spec)
            .args(extra)
            .current_dir(dir.path())
            .output()
            .unwrap()
            .status
            .code()
    };
    assert_eq!(
        lint(&[]),
        Some(2),
        "the config's overrides name no tool of petstore"
    );
    assert_eq!(lint(&["--no-config"]), Some(0));
}

/// Every lint rule's code and name: what an overrides entry's `ignore` takes.
fn rule_names() -> Vec<&'static str> {
    openapi2mcp_core::lint::rules::ALL
        .iter()
        .flat_map(|rule| [rule.code, rule.name])
        .collect()
}

/// Each error says its kind for a library caller: a file that cannot be read is `Io`, one
/// that is not a spec `Input`, a filter that names nothing `Usage`.
#[test]
fn errors_say_their_kind() {
    use openapi2mcp_core::convert::{filter::Filters, Options};
    use openapi2mcp_core::error::ErrorKind;
    use openapi2mcp_core::load::{load, FileAccess, Input};
    use openapi2mcp_core::options::FilterOptions;
    let dir = tempfile::tempdir().unwrap();
    let kind_of = |path: &std::path::Path| {
        load(&Input::Path(path.to_path_buf()), &FileAccess::default())
            .and_then(|spec| openapi2mcp_core::pipeline::convert_spec(&spec, &Options::default()))
            .unwrap_err()
            .kind
    };
    assert_eq!(kind_of(&dir.path().join("missing.yaml")), ErrorKind::Io);
    let empty = dir.path().join("empty.yaml");
    std::fs::write(&empty, "").unwrap();
    assert_eq!(kind_of(&empty), ErrorKind::Input);
    let filters = Filters::of(&FilterOptions {
        include_tags: Some(vec!["no-such-tag".into()]),
        ..FilterOptions::default()
    })
    .unwrap();
    let options = Options {
        filters,
        ..Options::default()
    };
    let petstore = load(
        &Input::Path(repo_path("specs/petstore-3.0.yaml")),
        &FileAccess::default(),
    )
    .unwrap();
    let error = openapi2mcp_core::pipeline::convert_spec(&petstore, &options).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Usage, "{error}");
}
