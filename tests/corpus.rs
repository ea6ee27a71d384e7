//! The real-world corpus: every root document listed in `SOURCES.tsv` under
//! `$OPENAPI2MCP_CORPUS` (`.ci/run` points it at `../shared/specs`) converts, gives exactly
//! one tool per operation, passes every property check, and is served. Without the variable the test
//! says so and checks nothing, so `cargo test` alone needs no outside files.
//!
//! That includes Swagger 2.0, OpenAPI 3.2 and specs split over many files (DigitalOcean).
//! References are checked when an operation uses them, so the one corpus document with a
//! URL `$ref` (in an unused `externalDocs` of a document with no operations) converts to an
//! empty list; the refusal of a URL `$ref` in use is tested on `specs/errors/url-ref.yaml`.

use std::path::{Path, PathBuf};

use crate::common::properties::{manifest_problems, mcp_schema_problems, ALL};
use crate::common::{convert_file, default_options};

struct Entry {
    path: String,
    operations: usize,
    notes: String,
}

fn corpus() -> Option<(PathBuf, Vec<Entry>)> {
    let root = PathBuf::from(std::env::var_os("OPENAPI2MCP_CORPUS")?);
    let sources =
        std::fs::read_to_string(root.join("SOURCES.tsv")).expect("SOURCES.tsv is readable");
    let mut lines = sources.lines();
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    let column = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .expect("a known column")
    };
    let (path, operations, notes) = (
        column("local_path"),
        column("operation_count"),
        column("notes"),
    );
    let entries = lines
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            Entry {
                path: fields[path].to_string(),
                operations: fields[operations].parse().expect("an operation count"),
                notes: fields.get(notes).unwrap_or(&"").to_string(),
            }
        })
        .collect();
    Some((root, entries))
}

#[test]
fn every_document_converts() {
    let Some((root, entries)) = corpus() else {
        crate::common::skipped("OPENAPI2MCP_CORPUS", "the corpus is not checked");
        return;
    };
    let mut checked = 0;
    let mut failures = Vec::new();
    let mut with_url_refs = Vec::new();
    for entry in &entries {
        if entry.notes.contains("remote-URL-refs") {
            with_url_refs.push(entry.path.as_str());
        }
        let text = match convert_file(&root.join(&entry.path), &default_options()) {
            Ok(text) => text,
            Err(error) => {
                failures.push(format!("{}: {error}", entry.path));
                continue;
            }
        };
        let manifest: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        let tools = manifest["tools"].as_array().expect("tools").len();
        if tools != entry.operations {
            failures.push(format!(
                "{}: {tools} tools for {} operations",
                entry.path, entry.operations
            ));
        }
        for problem in manifest_problems(&manifest, ALL).into_iter().take(5) {
            failures.push(format!("{}: {problem}", entry.path));
        }
        if let Some(refused) = refused_by_serve(&manifest, &entry.path) {
            failures.push(format!("{}: serve refuses it: {refused}", entry.path));
        }
        checked += 1;
    }
    eprintln!("corpus: {checked} documents converted and checked");
    eprintln!("corpus: with a URL $ref that no operation uses: {with_url_refs:?}");
    assert_eq!(checked, entries.len(), "every listed document is checked");
    assert!(
        checked > 200,
        "the corpus lists too few documents: {checked}"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Why `serve` would refuse to start on these tools, but for want of a server URL any tool
/// can reach (relative or missing in many a spec: `--base-url` is the way).
fn refused_by_serve(manifest: &serde_json::Value, name: &str) -> Option<String> {
    use openapi2mcp_serve::serve::{check_base_url, ApiCaller, CallSettings};
    let tools = openapi2mcp_core::manifest::read(manifest, name)
        .expect("a manifest convert wrote reads")
        .tools;
    let servers = tools.iter().filter_map(|t| t.binding()?.server.as_deref());
    let reachable = servers
        .filter_map(|server| url::Url::parse(server).ok())
        .any(|url| check_base_url(&url).is_ok());
    let settings = CallSettings {
        base_url: None,
        timeout: std::time::Duration::from_secs(1),
        retries: 0,
        max_response_bytes: 10,
    };
    let error = ApiCaller::new(tools, settings, &|_| None).err()?;
    let message = error.to_string();
    (reachable || !message.ends_with("; give --base-url")).then_some(message)
}

#[test]
fn every_document_lints() {
    use openapi2mcp_core::lint::{self, report, RuleSettings};
    use openapi2mcp_core::load::{self, Input};
    let Some((root, entries)) = corpus() else {
        crate::common::skipped("OPENAPI2MCP_CORPUS", "the corpus is not linted");
        return;
    };
    let mut total = Vec::new();
    for entry in &entries {
        let spec =
            load::load(&Input::Path(root.join(&entry.path)), &Default::default()).expect("loads");
        let conversion =
            openapi2mcp_core::pipeline::convert_spec(&spec, &default_options()).expect("converts");
        let subjects = lint::subjects_from_conversion(&spec, &conversion.tools);
        let mut findings = lint::lint(&subjects, &RuleSettings::default(), None);
        lint::add_lines(&mut findings, &spec);
        assert!(
            findings.iter().all(|f| f.location.line_col.is_some()),
            "{}: a finding without a line",
            entry.path
        );
        // Convert never writes a schema its own lint calls invalid.
        let invalid: Vec<&str> = findings
            .iter()
            .filter(|f| f.rule.code == "OAM016")
            .map(|f| f.message.as_str())
            .collect();
        assert!(invalid.is_empty(), "{}: {invalid:?}", entry.path);
        eprint!("lint {}: {}", entry.path, report::summary(&findings));
        total.extend(findings);
    }
    eprint!("lint, the whole corpus: {}", report::summary(&total));
}

/// The two biggest APIs of the corpus, made usable: with `--compact` no Kubernetes tool
/// takes more than 16k tokens and GitHub's tools take at most half of what they take in
/// full, every property still holding; in full, GitHub is more tools than VS Code takes.
#[test]
fn big_apis_fit_a_context_with_compact() {
    use openapi2mcp_core::convert::profile::ClientProfile;
    use openapi2mcp_core::lint::{self, RuleSettings};
    use openapi2mcp_core::load::{self, Input};
    let Some((root, _)) = corpus() else {
        crate::common::skipped("OPENAPI2MCP_CORPUS", "the big APIs are not measured");
        return;
    };
    let compact = openapi2mcp_core::convert::Options {
        compact: true,
        ..default_options()
    };
    let convert = |path: &str| {
        let spec = load::load(&Input::Path(root.join(path)), &Default::default()).expect("loads");
        let conversion =
            openapi2mcp_core::pipeline::convert_spec(&spec, &compact).expect("converts");
        let manifest = serde_json::json!({"tools": conversion.tools.iter().map(|c| &c.tool).collect::<Vec<_>>()});
        let problems = manifest_problems(&manifest, ALL);
        assert!(problems.is_empty(), "{path}:\n{}", problems.join("\n"));
        conversion
    };
    let kubernetes = convert("kubernetes/kubernetes/swagger.json");
    size_row_is_in_the_readme(&root, "Kubernetes", "kubernetes/kubernetes/swagger.json");
    size_row_is_in_the_readme(&root, "GitHub REST", "github/generated/api.github.com.json");
    let largest = kubernetes
        .tools
        .iter()
        .map(|c| c.cuts.tokens_after)
        .max()
        .unwrap();
    eprintln!(
        "Kubernetes with --compact: {}; the largest tool {largest}",
        kubernetes.cuts
    );
    assert!(largest <= 16_000, "{largest}");

    let github_path = "github/generated/api.github.com.json";
    let github = convert(github_path);
    let cuts = github.cuts;
    eprintln!("GitHub with --compact: {cuts}");
    assert!(cuts.tokens_after * 2 <= cuts.tokens_before, "{cuts}");

    let spec = load::load(&Input::Path(root.join(github_path)), &Default::default()).unwrap();
    let full = openapi2mcp_core::pipeline::convert_spec(&spec, &default_options()).unwrap();
    let subjects = lint::subjects_from_conversion(&spec, &full.tools);
    let settings = RuleSettings::only(lint::rules::find("too-many-tools").unwrap());
    let findings = lint::lint(&subjects, &settings, Some((ClientProfile::Vscode, None)));
    assert!(
        findings
            .iter()
            .any(|f| f.message.contains("VS Code takes 128 tools")),
        "{:?}",
        findings.iter().map(|f| &f.message).collect::<Vec<_>>()
    );
}

/// The README's Size table row for an API, and the rules' documentation of too-many-tools
/// for GitHub, as they measure today: tools, tokens in full, the largest tool, and the
/// same with `--compact`.
fn size_row_is_in_the_readme(root: &Path, api: &str, path: &str) {
    use openapi2mcp_core::load::{self, Input};
    use openapi2mcp_core::text::thousands;
    let spec = load::load(&Input::Path(root.join(path)), &Default::default()).expect("loads");
    let tokens = |compact: bool| {
        let options = openapi2mcp_core::convert::Options {
            compact,
            ..default_options()
        };
        let conversion =
            openapi2mcp_core::pipeline::convert_spec(&spec, &options).expect("converts");
        let counts: Vec<usize> = conversion
            .tools
            .iter()
            .map(|c| openapi2mcp_core::tokens::count(&c.tool))
            .collect();
        let sum: usize = counts.iter().sum();
        (counts.len(), sum, counts.into_iter().max().unwrap_or(0))
    };
    let (tools, full, largest) = tokens(false);
    let (_, compact, compact_largest) = tokens(true);
    let row = format!(
        "| {api} | {} | {} tokens | {} | {} ({}%) | {} |",
        thousands(tools),
        thousands(full),
        thousands(largest),
        thousands(compact),
        (compact * 100 + full / 2) / full,
        thousands(compact_largest)
    );
    let readme = std::fs::read_to_string(crate::common::repo_path("README.md")).unwrap();
    assert!(
        readme.contains(&row),
        "the README's Size table should hold\n{row}"
    );
    if api == "GitHub REST" {
        let docs = openapi2mcp_core::lint::rules::find("too-many-tools")
            .unwrap()
            .doc;
        let about = |n: usize| format!("about {}k tokens", (n + 500) / 1000);
        for text in [
            format!(
                "GitHub's API as {} tools, {}",
                thousands(tools),
                about(full)
            ),
            format!("GitHub's then take {}", about(compact)),
        ] {
            let docs_one_line = docs.split_whitespace().collect::<Vec<_>>().join(" ");
            let text_one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(
                docs_one_line.contains(&text_one_line),
                "too-many-tools' docs should say {text_one_line}"
            );
        }
    }
}

/// The profiles that reshape schemas, judged by their clients' own checks over every
/// corpus document and fixture: with `--client gemini --output-schema`, the Gemini SDK's
/// `Schema` model (google-genai, installed by `.ci/run`) and Gemini's documented naming
/// rules (`tests/servers/gemini_check.py`), and for the corpus every property check;
/// with `--client vscode`, draft-07 validity (VS Code's check) and the MCP schema.
#[test]
fn reshaping_profiles_pass_their_clients_checks() {
    use openapi2mcp_core::convert::profile::ClientProfile;
    let mut specs: Vec<(PathBuf, bool)> = std::fs::read_dir(crate::common::repo_path("specs"))
        .expect("specs/")
        .map(|entry| (entry.expect("an entry").path(), false))
        .filter(|(path, _)| path.extension().is_some_and(|e| e == "yaml" || e == "json"))
        .collect();
    match corpus() {
        Some((root, entries)) => specs.extend(entries.iter().map(|e| (root.join(&e.path), true))),
        None => crate::common::skipped("OPENAPI2MCP_CORPUS", "only fixtures are checked"),
    }
    specs.sort();
    let options = |client| openapi2mcp_core::convert::Options {
        client,
        output_schema: client == ClientProfile::Gemini,
        ..default_options()
    };
    let dir = tempfile::tempdir().unwrap();
    let mut manifests = Vec::new();
    let mut failures = Vec::new();
    for (n, (spec, in_corpus)) in specs.iter().enumerate() {
        // Fixtures meant to fail do; the corpus converts (above).
        if let Ok(text) = convert_file(spec, &options(ClientProfile::Vscode)) {
            let manifest: serde_json::Value = serde_json::from_str(&text).expect("JSON");
            for tool in manifest["tools"].as_array().expect("tools") {
                let mut problems = mcp_schema_problems(tool);
                if !jsonschema::draft7::meta::is_valid(&tool["inputSchema"]) {
                    problems.push("inputSchema is not valid draft-07".into());
                }
                failures.extend(
                    problems
                        .iter()
                        .map(|p| format!("{} (vscode): {}: {p}", spec.display(), tool["name"])),
                );
            }
        }
        let Ok(text) = convert_file(spec, &options(ClientProfile::Gemini)) else {
            continue;
        };
        if *in_corpus {
            let manifest = serde_json::from_str(&text).expect("JSON");
            let problems = manifest_problems(&manifest, ALL);
            failures.extend(
                problems
                    .iter()
                    .map(|p| format!("{} (gemini): {p}", spec.display())),
            );
        }
        let manifest = dir.path().join(format!("{n}.json"));
        std::fs::write(&manifest, text).unwrap();
        manifests.push((manifest, spec));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let Ok(python) = std::env::var("OPENAPI2MCP_PYTHON") else {
        crate::common::skipped(
            "OPENAPI2MCP_PYTHON",
            "Gemini's SDK does not check our output",
        );
        return;
    };
    let output = std::process::Command::new(python)
        .arg(crate::common::repo_path("tests/servers/gemini_check.py"))
        .args(manifests.iter().map(|(manifest, _)| manifest))
        .output()
        .expect("python runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    // Each manifest is named by the spec it came from.
    let named = manifests
        .iter()
        .fold(stdout.to_string(), |text, (manifest, spec)| {
            text.replace(
                &format!("{}:", manifest.display()),
                &format!("{}:", spec.display()),
            )
        });
    eprint!("{}", named.lines().last().unwrap_or(""));
    assert!(
        output.status.success(),
        "{named}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains(&format!("{} manifest(s)", manifests.len())));
}
