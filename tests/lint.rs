//! `lint` and `rules`: each rule on a case that triggers it and a near case that must not,
//! the report formats, line numbers in YAML and JSON, exit codes and configuration.

use std::process::Command;

use crate::common::{finding_names, repo_path, run};
use serde_json::Value;

fn spec(file: &str) -> String {
    repo_path(&format!("specs/{file}"))
        .to_string_lossy()
        .into_owned()
}

fn lint_json(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["lint", "--format", "json"];
    all.extend_from_slice(args);
    let output = run(&all, None);
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice::<Value>(&output.stdout)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

/// `(rule name, tool)` for every finding.
fn pairs(findings: &[Value]) -> Vec<(String, String)> {
    findings
        .iter()
        .map(|f| {
            (
                f["name"].as_str().unwrap().to_string(),
                f["tool"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// The finding of `rule` on `tool`.
fn finding<'f>(findings: &'f [Value], rule: &str, tool: &str) -> &'f Value {
    findings
        .iter()
        .find(|f| f["name"] == rule && f["tool"] == tool)
        .unwrap_or_else(|| panic!("no {rule} on {tool}"))
}

/// A manifest from any tool: hints read with the MCP defaults, the method from the binding.
#[test]
fn manifests_from_any_tool_are_linted_with_mcp_defaults() {
    let found = pairs(&lint_json(&[&spec("lint/manifest.json")]));
    for expected in [
        // `openWorldHint: true` is the default; idempotent on a PATCH (from `_meta`).
        ("redundant-default", "update_pet"),
        ("risky-idempotent", "update_pet"),
        // `idempotentHint` beside `readOnlyHint: true`.
        ("hint-on-read-only", "repos/get-content"),
    ] {
        let expected = (expected.0.to_string(), expected.1.to_string());
        assert!(found.contains(&expected), "{expected:?} in {found:?}");
    }
}

/// A manifest's tool that has nothing but its name is judged by the name: `delete_user`
/// claimed read-only and `purge_cache` claimed not destructive are errors.
#[test]
fn a_name_alone_is_enough_for_the_name_rules() {
    let manifest = serde_json::json!({"tools": [
        {"name": "delete_user", "inputSchema": {"type": "object"},
         "annotations": {"readOnlyHint": true}},
        {"name": "purge_cache", "inputSchema": {"type": "object"},
         "annotations": {"destructiveHint": false}}]});
    let output = run(
        &["lint", "-", "--format", "json"],
        Some(manifest.to_string().as_bytes()),
    );
    let findings: Value = serde_json::from_slice(&output.stdout).unwrap();
    let found = pairs(findings.as_array().unwrap());
    for expected in [
        ("name-implies-write", "delete_user"),
        ("name-implies-destructive", "purge_cache"),
    ] {
        let expected = (expected.0.to_string(), expected.1.to_string());
        assert!(found.contains(&expected), "{expected:?} in {found:?}");
    }
}

#[test]
fn a_bare_array_or_a_tools_list_response_is_a_manifest_too() {
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(spec("lint/manifest.json")).unwrap())
            .unwrap();
    let tools = manifest["tools"].clone();
    let expected = pairs(&lint_json(&[&spec("lint/manifest.json")]));
    let response =
        serde_json::json!({"jsonrpc": "2.0", "id": 1, "result": {"tools": tools.clone()}});
    for document in [tools, response] {
        let output = run(
            &["lint", "-", "--format", "json"],
            Some(document.to_string().as_bytes()),
        );
        let findings: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(pairs(findings.as_array().unwrap()), expected);
    }
}

#[test]
fn explicit_style_manifests_state_defaults_on_purpose() {
    let manifest = run(
        &["convert", &spec("hints.yaml"), "--hints", "explicit"],
        None,
    )
    .stdout;
    let output = run(
        &[
            "lint",
            "-",
            "--format",
            "json",
            "--ignore",
            "missing-title",
            "--ignore",
            "OAM010",
        ],
        Some(&manifest),
    );
    let findings: Value = serde_json::from_slice(&output.stdout).unwrap();
    let names = finding_names(&findings);
    assert!(
        !names.contains(&"redundant-default") && !names.contains(&"hint-on-read-only"),
        "{names:?}"
    );
}

#[test]
fn findings_carry_line_numbers_in_yaml_and_json() {
    let yaml = lint_json(&[&spec("lint/lint.yaml")]);
    let at = |f: &Value| {
        (
            f["location"]["line"].as_u64().unwrap(),
            f["location"]["column"].as_u64().unwrap(),
        )
    };
    let purge = finding(&yaml, "name-implies-destructive", "purge_cache");
    assert_eq!(at(purge), (20, 27), "purge_cache's destructiveHint");
    let search = finding(&yaml, "name-implies-read-only", "search_orders");
    assert_eq!(at(search), (43, 7), "search_orders's operationId");
    let json = lint_json(&[&spec("lint/lint.json")]);
    let delete = finding(&json, "name-implies-write", "delete_user");
    assert_eq!(
        at(delete),
        (12, 31),
        "the readOnlyHint in x-mcp-annotations"
    );
    assert_eq!(
        delete["location"]["pointer"],
        "/paths/~1users~1{id}/post/x-mcp-annotations/readOnlyHint"
    );
}

#[test]
fn human_output_shows_the_line() {
    let output = run(&["lint", &spec("lint/lint.json")], None);
    let text = String::from_utf8(output.stdout)
        .unwrap()
        .replace(&*repo_path("").to_string_lossy(), "");
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("lint-human", text);
    });
}

#[test]
fn sarif_validates_against_the_schema() {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(repo_path("tests/sarif/sarif-schema-2.1.0.json")).unwrap(),
    )
    .unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    for input in ["lint/lint.yaml", "lint/manifest.json"] {
        let output = run(&["lint", &spec(input), "--format", "sarif"], None);
        let log: Value = serde_json::from_slice(&output.stdout).unwrap();
        let errors: Vec<String> = validator
            .iter_errors(&log)
            .map(|e| format!("{e} at {}", e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{input}: {errors:?}");
        let results = log["runs"][0]["results"].as_array().unwrap();
        assert!(results
            .iter()
            .all(|r| r["locations"][0]["physicalLocation"]["region"]["startLine"].is_u64()));
        let rules = log["runs"][0]["tool"]["driver"]["rules"]
            .as_array()
            .unwrap();
        assert_eq!(rules.len(), openapi2mcp_core::lint::rules::ALL.len());
        for rule in rules {
            let short = rule["shortDescription"]["text"].as_str().unwrap();
            assert!(short.ends_with('.') || short.ends_with(')'), "cut: {short}");
        }
        let location = &results[0]["locations"][0]["physicalLocation"]["artifactLocation"];
        assert_eq!(location["uri"], format!("specs/{input}"), "{location}");
        assert_eq!(location["uriBaseId"], "%SRCROOT%");
    }
    // From elsewhere, an absolute path is a file: URI; standard input has no file, and a
    // result from it only its tool.
    let elsewhere = tempfile::tempdir().unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_openapi2mcp"))
        .args(["lint", &spec("lint/lint.yaml"), "--format", "sarif"])
        .current_dir(elsewhere.path())
        .output()
        .unwrap();
    let log: Value = serde_json::from_slice(&output.stdout).unwrap();
    let location =
        &log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
    assert_eq!(
        location["uri"],
        format!("file://{}", spec("lint/lint.yaml")),
        "{location}"
    );
    // A relative path that climbs out of the working directory is no path below it: a file:
    // URI; one that climbs back in is below it.
    for (dir, uri) in [
        (
            "specs/multi-file",
            format!("file://{}", spec("lint/lint.yaml")),
        ),
        ("specs/lint", "lint.yaml".to_string()),
    ] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_openapi2mcp"))
            .args(["lint", "../lint/lint.yaml", "--format", "sarif"])
            .current_dir(repo_path(dir))
            .output()
            .unwrap();
        let log: Value = serde_json::from_slice(&output.stdout).unwrap();
        let location =
            &log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
        assert_eq!(location["uri"], uri, "{dir}: {location}");
        assert_eq!(
            location.get("uriBaseId").is_some(),
            !uri.starts_with("file:")
        );
    }
    let text = std::fs::read(repo_path("specs/lint/lint.yaml")).unwrap();
    let output = run(&["lint", "-", "--format", "sarif"], Some(&text));
    let log: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(validator.iter_errors(&log).next().is_none());
    let location = &log["runs"][0]["results"][0]["locations"][0];
    assert!(location.get("physicalLocation").is_none(), "{location}");
    assert!(location["logicalLocations"][0]["name"].is_string());
}

#[test]
fn github_workflow_commands() {
    let output = run(
        &["lint", &spec("lint/lint.json"), "--format", "github"],
        None,
    );
    let text = String::from_utf8(output.stdout).unwrap();
    let file = spec("lint/lint.json");
    assert!(text.contains(&format!("::error file={file},line=12,col=31,title=OAM001 name-implies-write::the name says it writes ('delete') but readOnlyHint is true (tool delete_user)\n")), "{text}");
    assert!(text.contains("::warning file="), "{text}");
    assert!(text.contains("::notice file="), "{text}");
}

#[test]
fn exit_codes_follow_fail_on() {
    let code = |args: &[&str]| {
        let mut all = vec!["lint"];
        all.extend_from_slice(args);
        run(&all, None).status.code()
    };
    let with_errors = spec("lint/lint.json");
    assert_eq!(code(&[&with_errors]), Some(1));
    assert_eq!(code(&[&with_errors, "--fail-on", "never"]), Some(0));
    // Only infos and warnings are left once the errors are off.
    let quiet = [
        "--ignore",
        "name-implies-write",
        "--ignore",
        "hint-contradicts-method",
    ];
    assert_eq!(
        code(&[&[with_errors.as_str()][..], &quiet].concat()),
        Some(0)
    );
    assert_eq!(
        code(&[&[with_errors.as_str(), "--fail-on", "warning"][..], &quiet].concat()),
        Some(1)
    );
    // A broken reference is a finding, in every format; a file that cannot be read is not.
    assert_eq!(code(&[&spec("errors/missing-ref.yaml")]), Some(1));
    assert_eq!(code(&["/no/such/file.json"]), Some(2));
    assert_eq!(code(&[&spec("errors/truncated.yaml")]), Some(2));
    let broken = spec("lint/OAM021.yaml");
    for format in ["json", "sarif", "github"] {
        assert_eq!(
            code(&[broken.as_str(), "--format", format]),
            Some(1),
            "{format}"
        );
    }
    let findings = lint_json(&[&broken]);
    let lines: Vec<u64> = findings
        .iter()
        .filter(|f| f["code"] == "OAM021")
        .map(|f| f["location"]["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [19, 26], "every broken reference, at its line");
    assert!(
        findings
            .iter()
            .any(|f| f["code"] == "OAM011" && f["tool"] == "list_pets"),
        "the operations that convert are linted too: {findings:?}"
    );
}

#[test]
fn a_config_file_sets_severities_by_code_or_name() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("openapi2mcp.yaml");
    std::fs::write(
        &config,
        "lint:\n  rules:\n    name-implies-write: off\n    OAM003: warning\n",
    )
    .unwrap();
    let findings = lint_json(&[
        &spec("lint/lint.json"),
        "--config",
        config.to_str().unwrap(),
    ]);
    let severities: Vec<(&str, &str)> = findings
        .iter()
        .map(|f| (f["name"].as_str().unwrap(), f["severity"].as_str().unwrap()))
        .collect();
    assert_eq!(
        severities,
        [
            ("missing-description", "warning"),
            ("missing-title", "info"),
            ("hint-contradicts-method", "warning")
        ]
    );

    // Found from the working directory upward (to the repository's root), without --config.
    let nested = dir.path().join("a/b");
    std::fs::create_dir_all(&nested).unwrap();
    std::fs::create_dir(dir.path().join(".git")).unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_openapi2mcp"))
        .args(["lint", "--format", "json", &spec("lint/lint.json")])
        .current_dir(&nested)
        .output()
        .unwrap();
    let findings: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(findings.as_array().unwrap().len(), 3);

    let cases = [
        (
            "lint:\n  rules:\n    no-such-rule: off\n",
            ":3:5: invalid config: unknown rule 'no-such-rule'",
        ),
        (
            "lint:\n  rules:\n    OAM011: off\n    short-description: error\n",
            ":4:5: invalid config: 'OAM011' and 'short-description' name the same rule: keep one",
        ),
        (
            "lint:\n  rulez: {}\n",
            ":2:3: invalid config: unknown field `rulez` (did you mean 'rules'?), expected one of `fail-on`, `rules`, `tool-token-limit`, `token-budget`, `baseline` (at /lint/rulez)",
        ),
    ];
    for (text, expected) in cases {
        std::fs::write(&config, text).unwrap();
        let output = run(
            &[
                "lint",
                &spec("lint/lint.json"),
                "--config",
                config.to_str().unwrap(),
            ],
            None,
        );
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(expected), "{stderr}");
    }
}

#[test]
fn rules_prints_the_documentation() {
    let all = String::from_utf8(run(&["rules"], None).stdout).unwrap();
    for code in ["OAM001 name-implies-write", "OAM016 invalid-json-schema"] {
        assert!(all.contains(code), "{code}");
    }
    let one = String::from_utf8(run(&["rules", "risky-idempotent"], None).stdout).unwrap();
    assert!(
        one.starts_with("OAM005 risky-idempotent (warning by default)\n\n"),
        "{one}"
    );
    assert!(one.contains("Why:") && one.contains("Example:") && one.contains("Fix:"));
    assert_eq!(run(&["rules", "OAM005"], None).stdout, one.as_bytes());
    assert_eq!(run(&["rules", "oam005"], None).stdout, one.as_bytes());
    let unknown = run(&["rules", "risky-idempotnt"], None);
    assert_eq!(unknown.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&unknown.stderr);
    assert!(
        stderr.contains("tip: a similar value exists: 'risky-idempotent'"),
        "{stderr}"
    );
    // Shells complete rule codes and names.
    let zsh = String::from_utf8(run(&["completions", "zsh"], None).stdout).unwrap();
    let rules = openapi2mcp_core::lint::rules::ALL.iter();
    for rule in rules.flat_map(|rule| [rule.code, rule.name]) {
        assert!(zsh.contains(rule), "{rule}");
    }
}

/// The size limits come from flags or the config file; too-many-tools reports the token
/// budget where the list passes it, and the client's tool limit only with that client.
#[test]
fn token_limits_are_set_by_flag_or_config() {
    let fixture = spec("lint/OAM020.yaml");
    let sizes = |extra: &[&str]| -> Vec<String> {
        let mut args = vec![fixture.as_str()];
        args.extend_from_slice(extra);
        lint_json(&args)
            .iter()
            .filter(|f| f["code"] == "OAM019" || f["code"] == "OAM020")
            .map(|f| {
                format!(
                    "{} {}: {}",
                    f["code"].as_str().unwrap(),
                    f["tool"].as_str().unwrap(),
                    f["message"].as_str().unwrap()
                )
            })
            .collect()
    };
    assert!(sizes(&[]).is_empty(), "{:?}", sizes(&[]));
    let budget = sizes(&["--token-budget", "1000", "--tool-token-limit", "10"]);
    assert_eq!(budget.len(), 131, "{budget:?}");
    assert!(
        budget[0].starts_with("OAM019 get_item1: the tool takes "),
        "{budget:?}"
    );
    let passed: Vec<&String> = budget.iter().filter(|f| f.starts_with("OAM020")).collect();
    assert_eq!(passed.len(), 1, "{passed:?}");
    assert!(
        passed[0].contains("past the budget of 1000 for the whole list; all 130 take "),
        "{passed:?}"
    );

    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("openapi2mcp.yaml");
    std::fs::write(&config, "lint:\n  token-budget: 1000\n").unwrap();
    let from_file = sizes(&["--config", config.to_str().unwrap()]);
    assert_eq!(from_file, [passed[0].clone()]);
    let vscode = sizes(&["--client", "vscode"]);
    assert_eq!(vscode.len(), 1, "{vscode:?}");
    assert!(
        vscode[0]
            .ends_with("tool 129 of 130: VS Code takes 128 tools and refuses a request with more"),
        "{vscode:?}"
    );
}

/// `docs/rules.md` is made from the rules' own documentation, which `openapi2mcp rules`
/// prints: `OPENAPI2MCP_WRITE_DOCS=1 cargo test the_rules_page` writes it again.
#[test]
fn the_rules_page_is_generated_from_the_rules() {
    let mut page = String::from(
        "# Lint rules\n\n[README](../README.md)\n\n\
         <!-- Made from the rules' documentation in crates/core/src/lint/rules/ by the test \
         `the_rules_page_is_generated_from_the_rules`:\n     \
         OPENAPI2MCP_WRITE_DOCS=1 cargo test the_rules_page -->\n\n\
         [`lint`](commands.md#lint) checks these rules; `--ignore`, `x-openapi2mcp-ignore` and\n\
         the configuration file's `lint.rules` turn one off or change its severity.\n\n\
         ## The rules\n\n\
         | code | name | default | what it checks |\n|---|---|---|---|\n",
    );
    for rule in openapi2mcp_core::lint::rules::ALL {
        page.push_str(&format!(
            "| `{}` | `{}` | {} | {} |\n",
            rule.code,
            rule.name,
            rule.severity.as_str(),
            rule.summary().replace('|', "\\|")
        ));
    }
    page.push_str(NAME_RULES);
    for rule in openapi2mcp_core::lint::rules::ALL {
        page.push_str(&format!(
            "\n## {} {}\n\nDefault severity: {}. `openapi2mcp rules {0}` prints this.\n\n{}\n",
            rule.code,
            rule.name,
            rule.severity.as_str(),
            rule.help()
        ));
    }
    let path = repo_path("docs/rules.md");
    if std::env::var_os("OPENAPI2MCP_WRITE_DOCS").is_some() {
        std::fs::write(&path, &page).unwrap();
    }
    let written = std::fs::read_to_string(&path).unwrap();
    assert!(
        written == page,
        "docs/rules.md is not what the rules say: OPENAPI2MCP_WRITE_DOCS=1 cargo test the_rules_page"
    );
}

/// The paragraph under the rules' table: what the name rules share.
const NAME_RULES: &str = "
The name rules and `risky-idempotent` check the judgement review shows (see
[review](hints.md#suggestions-from-the-evidence)): a name's verb counts only when the rest of the operation agrees, in any
case style (`deleteUser`, `delete_user`, `users.delete`, `DeleteUser`): `get_deleted_items`
reads, a GET `post_replies` listing replies raises nothing, a PUT that creates or updates is
an upsert (idempotent by design) while a PUT that sends an email on every call is not.
`openapi2mcp rules` prints each rule's documentation: why it matters, an example, the fix.
";

/// Each rule alone (every other rule off), through the library, on its own fixture
/// `specs/lint/CODE.yaml` (a spec) or `CODE.json` (a manifest), whose comments say what
/// must fire and what must not; the whole report is its snapshot `lint-rule-CODE`.
fn rule_alone_on_its_own_fixture(code: &str) {
    use openapi2mcp_core::convert::profile::ClientProfile;
    use openapi2mcp_core::lint::{self, report, RuleSettings};
    use openapi2mcp_core::load::{self, Input};
    use openapi2mcp_core::pipeline;

    let rule = lint::rules::find(code).unwrap_or_else(|| panic!("no rule {code}"));
    let fixture = ["yaml", "json"]
        .iter()
        .map(|ext| format!("specs/lint/{code}.{ext}"))
        .find(|path| repo_path(path).exists())
        .unwrap_or_else(|| panic!("{code} has no fixture specs/lint/{code}.yaml or .json"));
    // A relative path, so the report names the file the same way on every machine.
    let spec = load::load(&Input::Path(fixture.clone().into()), &Default::default()).unwrap();
    // The client matters only to client-rejects, and to too-many-tools (VS Code's limit).
    let profile = match code {
        "OAM020" => ClientProfile::Vscode,
        _ => ClientProfile::Gemini,
    };
    let settings = RuleSettings::only(rule);
    let findings =
        pipeline::lint(&spec, &Default::default(), &settings, Some((profile, None))).unwrap();
    assert!(!findings.is_empty(), "{code} fires on its fixture");
    let line_source = |file: &str, line: usize| spec.line(file, line);
    let text = report::render(
        &findings,
        report::ReportFormat::Human,
        report::Presentation::default(),
        &line_source,
    );
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!(format!("lint-rule-{code}"), text);
    });
}

/// One test per rule, so that one rule's failure hides no other's; `every_rule_has_its_test`
/// holds the list to the registry.
macro_rules! rule_tests {
    ($($test:ident => $code:literal),* $(,)?) => {
        $(
            #[test]
            fn $test() {
                rule_alone_on_its_own_fixture($code);
            }
        )*

        #[test]
        fn every_rule_has_its_test() {
            let registry: Vec<&str> = openapi2mcp_core::lint::rules::ALL.iter().map(|r| r.code).collect();
            assert_eq!([$($code),*].as_slice(), registry.as_slice(), "add the rule to rule_tests!");
        }
    };
}

rule_tests! {
    rule_oam001_alone => "OAM001",
    rule_oam002_alone => "OAM002",
    rule_oam003_alone => "OAM003",
    rule_oam004_alone => "OAM004",
    rule_oam005_alone => "OAM005",
    rule_oam006_alone => "OAM006",
    rule_oam007_alone => "OAM007",
    rule_oam008_alone => "OAM008",
    rule_oam009_alone => "OAM009",
    rule_oam010_alone => "OAM010",
    rule_oam011_alone => "OAM011",
    rule_oam012_alone => "OAM012",
    rule_oam013_alone => "OAM013",
    rule_oam014_alone => "OAM014",
    rule_oam015_alone => "OAM015",
    rule_oam016_alone => "OAM016",
    rule_oam017_alone => "OAM017",
    rule_oam018_alone => "OAM018",
    rule_oam019_alone => "OAM019",
    rule_oam020_alone => "OAM020",
    rule_oam021_alone => "OAM021",
}

/// On a spec, invalid-json-schema reports each part of a schema convert left out because
/// JSON Schema refuses it as the spec wrote it.
#[test]
fn schema_parts_convert_left_out_are_reported_on_the_spec() {
    let findings = lint_json(&[&spec("older-drafts.yaml"), "--fail-on", "never"]);
    let invalid: Vec<&str> = findings
        .iter()
        .filter(|f| f["code"] == "OAM016")
        .map(|f| f["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        invalid,
        ["inputSchema/properties/kind/pattern is not valid JSON Schema 2020-12 as the spec wrote it: left out of the tool"]
    );
}

/// In a manifest, non-ecma-pattern finds each pattern clients cannot compile where it
/// stands, nested properties and `patternProperties` keys included.
#[test]
fn patterns_clients_cannot_compile_are_found_in_a_manifest() {
    let manifest = serde_json::json!({"tools": [{
        "name": "put_code",
        "inputSchema": {"type": "object", "properties": {
            "code": {"type": "string", "pattern": "^[[:alpha:]]+$"},
            "ok": {"type": "string", "pattern": "^[a-z]+$"},
            "labels": {"type": "object", "patternProperties": {"(?i)^x-": {}}}
        }}
    }]});
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tools.json");
    std::fs::write(&path, serde_json::to_string_pretty(&manifest).unwrap()).unwrap();
    let findings = lint_json(&[path.to_str().unwrap(), "--fail-on", "never"]);
    let found: Vec<(&str, &str)> = findings
        .iter()
        .filter(|f| f["code"] == "OAM018")
        .map(|f| {
            (
                f["location"]["pointer"].as_str().unwrap(),
                f["message"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(found.len(), 2, "{findings:?}");
    assert!(found.iter().any(|(pointer, message)| *pointer
        == "/tools/0/inputSchema/properties/code/pattern"
        && message.ends_with("clients cannot compile it")));
    assert!(found.iter().any(|(pointer, _)| *pointer
        == "/tools/0/inputSchema/properties/labels/patternProperties/(?i)^x-"));
}

/// A person's reasoned decision in the overrides file is reported, never as an error; a
/// default that cancels what the method gives is not redundant; and `review --base` still
/// shows the decision as loosening the tool.
#[test]
fn reviewed_overrides_are_info_and_cancelled_inferences_are_not_redundant() {
    let dir = tempfile::tempdir().unwrap();
    let spec_file = dir.path().join("api.yaml");
    std::fs::write(
        &spec_file,
        "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /markdown:\n    post:\n      \
         operationId: markdownRender\n      summary: Render a Markdown document\n      \
         responses: {'200': {description: HTML}}\n  /mail/{id}:\n    put:\n      \
         operationId: putMail\n      summary: Store a mail draft\n      parameters: [{name: id, \
         in: path, required: true, schema: {type: string}}]\n      responses: {'204': \
         {description: stored}}\n  /orders/search:\n    post:\n      operationId: searchOrders\n      \
         summary: Search orders\n      responses: {'200': {description: ok}}\n",
    )
    .unwrap();
    let overrides = dir.path().join("hints.yaml");
    std::fs::write(
        &overrides,
        "tools:\n  markdownRender:\n    readOnlyHint: true\n    reason: renders text, stores \
         nothing\n  putMail:\n    idempotentHint: false\n    reason: each call stores a new \
         revision\n  searchOrders:\n    readOnlyHint: false\n    reason: records each search\n",
    )
    .unwrap();
    let (spec_arg, overrides_arg) = (spec_file.to_str().unwrap(), overrides.to_str().unwrap());
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
    assert_eq!(output.status.code(), Some(0), "no error");
    let findings: Value = serde_json::from_slice(&output.stdout).unwrap();
    let contradiction = finding(
        findings.as_array().unwrap(),
        "hint-contradicts-method",
        "markdown_render",
    );
    assert_eq!(contradiction["severity"], "info");
    assert_eq!(
        contradiction["message"],
        "overridden by review: renders text, stores nothing (readOnlyHint: true on POST, a \
         method that changes state)"
    );
    let redundant_on_put = findings
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["name"] == "redundant-default" && f["tool"] == "put_mail");
    assert!(
        !redundant_on_put,
        "idempotentHint: false cancels the PUT's inferred true"
    );
    // A name rule about a reviewed hint is info too.
    let named = finding(
        findings.as_array().unwrap(),
        "name-implies-read-only",
        "search_orders",
    );
    assert_eq!(named["severity"], "info");
    let review = run(
        &[
            "review",
            spec_arg,
            "--overrides",
            overrides_arg,
            "--base",
            spec_arg,
            "--fail-on-loosened",
        ],
        None,
    );
    assert_eq!(
        review.status.code(),
        Some(1),
        "the override loosens the tool"
    );
}

/// Convert never writes a schema its own lint calls invalid: every spec in `specs/` that
/// converts gives tools without an `invalid-json-schema` finding (the corpus is checked the
/// same way in `corpus::every_document_lints`).
#[test]
fn no_converted_fixture_has_an_invalid_json_schema() {
    use openapi2mcp_core::lint::{self, RuleSettings};
    use openapi2mcp_core::load::{self, Input};
    use openapi2mcp_core::{manifest, pipeline};

    let rule = lint::rules::find("OAM016").expect("the rule exists");
    let mut stack = vec![repo_path("specs")];
    let mut checked = 0;
    let mut findings = Vec::new();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let Ok(spec) = load::load(&Input::Path(path.clone()), &Default::default()) else {
                continue;
            };
            if !manifest::is_spec(spec.root()) {
                continue;
            }
            let Ok(conversion) = pipeline::convert_spec(&spec, &Default::default()) else {
                continue;
            };
            // Linted as the manifest convert writes (on the spec, OAM016 also reports what
            // convert left out).
            let text = manifest::render(conversion.tools.iter().map(|c| &c.tool));
            let tools =
                manifest::read(&serde_json::from_str(&text).unwrap(), "tools.json").unwrap();
            let subjects = lint::subjects_from_manifest(&tools, "tools.json");
            for finding in lint::lint(&subjects, &RuleSettings::only(rule), None) {
                findings.push(format!("{}: {}", path.display(), finding.message));
            }
            checked += 1;
        }
    }
    assert!(checked > 20, "only {checked} fixtures converted");
    assert!(findings.is_empty(), "{}", findings.join("\n"));
}

/// `--max-problems` shows the most severe findings first and says how many it left out;
/// the summary, by rule and in total, counts all; `-o` writes the report to a file.
#[test]
fn output_control_max_problems_summary_by_rule_and_output_file() {
    let fixture = spec("dynamic.yaml");
    let output = run(&["lint", &fixture, "--max-problems", "1"], None);
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.starts_with("error[OAM003] hint-contradicts-method:"),
        "{text}"
    );
    assert_eq!(text.matches("= tool: ").count(), 1, "{text}");
    assert!(
        text.ends_with(
            "... and 3 more findings not shown (--max-problems)\n\n\
             by rule:\n  \
             1  OAM001 name-implies-write (error)\n  \
             1  OAM003 hint-contradicts-method (error)\n  \
             2  OAM011 short-description (info)\n\
             2 errors, 0 warnings, 2 infos\n"
        ),
        "{text}"
    );
    let github = run(
        &[
            "lint",
            &fixture,
            "--format",
            "github",
            "--max-problems",
            "2",
        ],
        None,
    );
    let github = String::from_utf8(github.stdout).unwrap();
    assert!(
        github.starts_with("::notice::2 more lint findings not shown (--max-problems)\n::error "),
        "{github}"
    );
    assert_eq!(github.lines().count(), 3, "{github}");

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("lint.sarif");
    let output = run(
        &[
            "lint",
            &fixture,
            "--format",
            "sarif",
            "--max-problems",
            "1",
            "-o",
            file.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "2 errors, 0 warnings, 2 infos\n"
    );
    let sarif: serde_json::Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    assert_eq!(
        sarif["runs"][0]["results"].as_array().unwrap().len(),
        4,
        "SARIF holds every finding"
    );
}

/// Several inputs make one report: each is linted as its own server (two copies of a spec
/// share every tool name, and neither has a duplicate), and each finding names its file.
#[test]
fn several_inputs_make_one_report() {
    let dir = tempfile::tempdir().unwrap();
    let (first, second) = (dir.path().join("a.yaml"), dir.path().join("b.yaml"));
    std::fs::copy(repo_path("specs/lint/OAM012.yaml"), &first).unwrap();
    std::fs::copy(repo_path("specs/lint/OAM012.yaml"), &second).unwrap();
    let alone = lint_json(&[first.to_str().unwrap()]);
    let both = lint_json(&[first.to_str().unwrap(), second.to_str().unwrap()]);
    assert!(!alone.is_empty());
    assert_eq!(both.len(), 2 * alone.len());
    assert!(both.iter().all(|f| f["name"] != "duplicate-tool-name"));
    for (file, half) in [
        (&first, &both[..alone.len()]),
        (&second, &both[alone.len()..]),
    ] {
        assert!(half
            .iter()
            .all(|f| f["location"]["file"] == file.to_str().unwrap()));
        assert!(half.iter().all(|f| f["location"]["line"].is_u64()));
    }
    // Refused: standard input twice, one overrides file for several specs, and inputs beside
    // a server.
    let overrides = dir.path().join("hints.yaml");
    std::fs::write(&overrides, "tools: {}\n").unwrap();
    let (a, b, o) = (
        first.to_str().unwrap(),
        second.to_str().unwrap(),
        overrides.to_str().unwrap(),
    );
    for args in [
        &["lint", "-", "-"][..],
        &["lint", a, b, "--overrides", o],
        &["lint", a, "--url", "http://127.0.0.1:9/mcp"],
    ] {
        let output = run(args, None);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
}

/// A baseline accepts the findings it holds, wherever lint runs from (its files are relative
/// to it), and only as often as it holds them: a new finding is reported and fails the run,
/// and one fixed since is counted. The file is the same for the same findings.
#[test]
fn a_baseline_reports_only_new_findings() {
    let dir = tempfile::tempdir().unwrap();
    let spec_text = "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get: {operationId: get_a, summary: Get a, description: Gets the a of this account., responses: {'200': {description: ok}}}\n  /b:\n    get: {operationId: get_b, description: Gets b., responses: {'200': {description: ok}}}\n";
    std::fs::write(dir.path().join("api.yaml"), spec_text).unwrap();
    let lint_in = |cwd: &std::path::Path, args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_openapi2mcp"))
            .arg("lint")
            .args(args)
            .current_dir(cwd)
            .output()
            .unwrap()
    };
    let output = lint_in(dir.path(), &["api.yaml", "--write-baseline", "base.json"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "wrote 2 findings to the baseline base.json\n"
    );
    let written = std::fs::read_to_string(dir.path().join("base.json")).unwrap();
    assert_eq!(
        written,
        "{\n  \"findings\": [\n    {\"file\":\"api.yaml\",\"rule\":\"OAM011\",\"tool\":\"get_b\",\"pointer\":\"/paths/~1b/get/description\",\"message\":\"the description is 7 characters long\"},\n    {\"file\":\"api.yaml\",\"rule\":\"OAM012\",\"tool\":\"get_b\",\"pointer\":\"/paths/~1b/get\",\"message\":\"the tool has no title\"}\n  ]\n}\n"
    );

    // From the parent directory: nothing new.
    let parent = dir.path().parent().unwrap();
    let name = dir.path().file_name().unwrap().to_str().unwrap();
    let (spec_arg, base_arg) = (format!("{name}/api.yaml"), format!("{name}/base.json"));
    let output = lint_in(
        parent,
        &[&spec_arg, "--baseline", &base_arg, "--format", "json"],
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "[]\n");

    // From the config file (whose paths are absolute once read), by another spelling of
    // the spec's path, and with its file named bare.
    let config = dir.path().join("openapi2mcp.yaml");
    std::fs::write(&config, "spec: api.yaml\nlint:\n  baseline: base.json\n").unwrap();
    for args in [
        &["--format", "json"][..],
        &["./api.yaml", "--format", "json"],
    ] {
        let output = lint_in(dir.path(), args);
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&output.stdout), "[]\n", "{args:?}");
    }
    std::fs::remove_file(&config).unwrap();
    // Another spec: the baseline's entries for api.yaml are neither used nor gone.
    std::fs::write(
        dir.path().join("other.yaml"),
        "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\n",
    )
    .unwrap();
    let output = lint_in(dir.path(), &["other.yaml", "--baseline", "base.json"]);
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "the baseline base.json accepts 0 findings of this run; it holds 2 findings in files this run did not read\n"
    );
    // A baseline beside the spec's directory, not above it, names it by `..`.
    std::fs::create_dir(dir.path().join("ci")).unwrap();
    let output = lint_in(
        dir.path(),
        &["api.yaml", "--write-baseline", "ci/base.json"],
    );
    assert_eq!(output.status.code(), Some(0));
    let written = std::fs::read_to_string(dir.path().join("ci/base.json")).unwrap();
    assert!(written.contains("\"file\":\"../api.yaml\""), "{written}");

    // get_b gets a title (one finding fixed), and a tool with a name that writes appears.
    let edited = spec_text.replace("operationId: get_b,", "operationId: get_b, summary: Get b,")
        + "  /c:\n    get: {operationId: delete_c, summary: Delete c, description: Deletes the c of this account., responses: {'200': {description: ok}}}\n";
    std::fs::write(dir.path().join("api.yaml"), edited).unwrap();
    let output = lint_in(
        parent,
        &[&spec_arg, "--baseline", &base_arg, "--format", "json"],
    );
    assert_eq!(output.status.code(), Some(1));
    let findings: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        pairs(findings.as_array().unwrap()),
        [("name-implies-write".to_string(), "delete_c".to_string())]
    );
    assert!(
        String::from_utf8_lossy(&output.stderr).contains(&format!(
            "the baseline {base_arg} accepts 1 finding of this run; 1 finding of it no longer found (--write-baseline rewrites it)"
        )),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// A finding about what an overrides entry set (a hint, a title, a description) points at
/// that entry's line in the overrides file, not at the operation in the spec.
#[test]
fn a_finding_about_an_override_points_at_the_overrides_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("hints.yaml");
    std::fs::write(
        &file,
        "tools:\n  create_order:\n    description: Creates.\n  cancel_order:\n    readOnlyHint: false\n  search_orders:\n    readOnlyHint: true\n",
    )
    .unwrap();
    let overrides = file.to_str().unwrap();
    let output = run(
        &[
            "lint",
            &spec("review/orders.yaml"),
            "--overrides",
            overrides,
            "--format",
            "json",
        ],
        None,
    );
    let findings: Vec<Value> = serde_json::from_slice(&output.stdout).unwrap();
    let at = |code: &str, tool: &str| {
        let finding = findings
            .iter()
            .find(|f| f["code"] == code && f["tool"] == tool)
            .unwrap_or_else(|| panic!("no {code} for {tool}"));
        let location = &finding["location"];
        (
            location["file"].as_str().unwrap().to_string(),
            location["pointer"].as_str().unwrap().to_string(),
            location["line"].as_u64().unwrap(),
        )
    };
    let in_file = |pointer: &str, line: u64| (overrides.to_string(), pointer.to_string(), line);
    assert_eq!(
        at("OAM011", "create_order"),
        in_file("/tools/create_order/description", 3)
    );
    assert_eq!(
        at("OAM007", "cancel_order"),
        in_file("/tools/cancel_order/readOnlyHint", 5)
    );
    assert_eq!(
        at("OAM003", "search_orders"),
        in_file("/tools/search_orders/readOnlyHint", 7)
    );
    // What the spec itself says is still placed in the spec.
    assert_eq!(at("OAM010", "list_orders").0, spec("review/orders.yaml"));
}
