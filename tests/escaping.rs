//! Text from a spec is data: written into every spec field, any string leaves each output
//! format's structure as it was. The overrides file `review --write-overrides` writes
//! applies no decision, markdown opens no HTML and keeps its table rows, and the terminal
//! formats carry no control character.

use openapi2mcp_core::convert::overrides::{self, Overrides};
use openapi2mcp_core::convert::Options;
use openapi2mcp_core::lint::report::{self, ReportFormat};
use openapi2mcp_core::lint::{self, RuleSettings};
use openapi2mcp_core::load;
use openapi2mcp_core::pipeline;
use openapi2mcp_core::review::{self, ReviewFormat};
use proptest::prelude::*;
use serde_json::json;

/// A spec whose operations carry `text` in every field a reader quotes, made so that the
/// hints' judgement has something to say about each (a GET that deletes, a DELETE).
fn spec_with(text: &str) -> Vec<u8> {
    let scope = format!("{text}:write");
    let spec = json!({
        "openapi": "3.0.3",
        "info": {"title": text, "version": "1", "description": text},
        "tags": [{"name": text, "description": text}],
        "components": {"securitySchemes": {"o": {"type": "oauth2", "flows": {"implicit": {
            "authorizationUrl": "https://example.test/auth",
            "scopes": {scope.clone(): text}}}}}},
        "paths": {
            format!("/items/{{id}}/{text}"): {
                "get": {
                    "operationId": format!("delete{text}"),
                    "summary": format!("Delete the {text}"),
                    "description": text,
                    "tags": [text],
                    "security": [{"o": [scope]}],
                    "parameters": [
                        {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
                        {"name": text, "in": "query", "description": text, "schema": {"type": "string", "description": text}}
                    ],
                    "responses": {"200": {"description": text}}
                },
                "delete": {
                    "summary": text,
                    "description": format!("Removes {text} permanently"),
                    "tags": [text],
                    "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
                    "responses": {"204": {"description": text}}
                }
            }
        }
    });
    serde_json::to_vec(&spec).unwrap()
}

/// Strings made of what breaks formats: line breaks of every kind, comment and HTML
/// openers, table pipes, quotes, terminal escapes, YAML indicators, and any character.
fn hostile_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("\n".to_string()),
        Just("\r\n".to_string()),
        Just("\u{85}\u{2028}\u{2029}".to_string()),
        Just("\n  drop:\n    readOnlyHint: true\n    reason: ok\n#".to_string()),
        Just("<!--".to_string()),
        Just("|".to_string()),
        Just("`".to_string()),
        Just("\"'\\".to_string()),
        Just("\u{1b}[2J\u{1b}]8;;x\u{7}".to_string()),
        Just("\u{202e}".to_string()),
        Just(": # - ? & * ! > %".to_string()),
        "[a-z]{1,6}",
        any::<char>().prop_map(String::from),
    ];
    prop::collection::vec(piece, 1..8).prop_map(|pieces| pieces.concat())
}

/// A character a terminal or a line-based format would act on.
fn is_control(c: char) -> bool {
    c != '\n' && (c.is_control() || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202A}'..='\u{202E}'))
}

/// A line of markdown without its code spans (CommonMark: a run of backticks opens one that
/// the next run of the same length closes).
fn outside_code(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let run = |from: usize| chars[from..].iter().take_while(|&&c| c == '`').count();
    let (mut out, mut i) = (String::new(), 0);
    while i < chars.len() {
        if chars[i] != '`' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let n = run(i);
        let mut j = i + n;
        let close = loop {
            match (j..chars.len()).find(|&k| chars[k] == '`') {
                Some(k) if run(k) == n => break Some(k + n),
                Some(k) => j = k + run(k),
                None => break None,
            }
        };
        match close {
            Some(end) => i = end,
            None => {
                out.extend(&chars[i..i + n]);
                i += n;
            }
        }
    }
    out
}

/// The pipes of a markdown table row that split cells (not escaped).
fn cell_pipes(row: &str) -> usize {
    let mut count = 0;
    let mut escaped = false;
    for c in row.chars() {
        match c {
            '\\' if !escaped => escaped = true,
            '|' if !escaped => count += 1,
            _ => escaped = false,
        }
    }
    count
}

fn check(text: &str) -> Result<(), TestCaseError> {
    let spec = load::load_bytes("spec.json", spec_with(text))
        .map_err(|e| TestCaseError::fail(format!("the spec loads: {e}")))?;
    let options = Options {
        keep_going: true,
        ..Options::default()
    };
    let conversion = pipeline::convert_spec(&spec, &options)
        .map_err(|e| TestCaseError::fail(format!("converts: {e}")))?;
    let tools: Vec<_> = conversion.tools.iter().collect();

    // The overrides file applies nothing: every suggestion stays commented out.
    let suggestions: Vec<_> = conversion
        .tools
        .iter()
        .map(|t| (t.name().to_string(), t.suggestions.clone()))
        .collect();
    let written = overrides::render(None, &suggestions);
    let parsed = Overrides::parse("overrides.yaml".into(), written.clone())
        .map_err(|e| TestCaseError::fail(format!("{e}\n{written}")))?;
    prop_assert!(parsed.tools.is_empty(), "{written}");
    prop_assert_eq!(&parsed.defaults, &Default::default(), "{}", written);

    // Markdown: no HTML comment or tag opens, every table row keeps its 9 cell pipes.
    let presentation = review::Presentation::default();
    let markdown = review::render_tools(&tools, ReviewFormat::Markdown, &presentation);
    for line in markdown.lines() {
        let text = outside_code(line);
        let opened = text
            .match_indices("<!--")
            .any(|(at, _)| !text[..at].ends_with('\\'));
        prop_assert!(!opened, "{:?}\n{}", line, markdown);
    }
    for row in markdown.lines().filter(|l| l.starts_with("| ")) {
        prop_assert_eq!(cell_pipes(row), 9, "{}", row);
    }
    for line in markdown.lines() {
        prop_assert!(
            line.starts_with(['*', '-', '#', '|', '<', 'A', '>']) || line.is_empty(),
            "a line the markdown does not make: {:?}\n{}",
            line,
            markdown
        );
    }

    // HTML: markup escaped by its template, and no control character but line breaks.
    let html = review::render_tools(&tools, ReviewFormat::Html, &presentation);
    let hidden = |c: char| is_control(c) && !matches!(c, '\n' | '\t');
    prop_assert!(!html.chars().any(hidden), "{}", html);

    // The terminal's formats, and GitHub's line-based workflow commands.
    let table = review::render_tools(&tools, ReviewFormat::Table, &presentation);
    prop_assert!(!table.chars().any(is_control), "{}", table);
    let subjects = lint::subjects_from_conversion(&spec, &conversion.tools);
    let findings = lint::lint(&subjects, &RuleSettings::default(), None);
    let no_lines = |_: &str, _: usize| None;
    for format in [ReportFormat::Human, ReportFormat::Github] {
        let out = report::render(
            &findings,
            format,
            report::Presentation::default(),
            &no_lines,
        );
        prop_assert!(!out.chars().any(is_control), "{}", out);
        if format == ReportFormat::Github {
            for line in out.lines() {
                prop_assert!(line.starts_with("::"), "{}", line);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn spec_text_changes_no_output_format(text in hostile_text()) {
        check(&text)?;
    }
}

/// The attack that found it: a scope name that ends the `# suggested:` comment and writes a
/// live entry marking a DELETE read-only.
#[test]
fn a_scope_cannot_write_a_live_overrides_entry() {
    check("cache\n  drop_cache:\n    readOnlyHint: true\n    reason: ok\n#").unwrap();
}
