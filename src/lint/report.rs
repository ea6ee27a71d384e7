//! Lint reports: human (rustc-style), JSON, SARIF 2.1.0 (GitHub code scanning), and GitHub
//! workflow commands.

use crate::text::counted;
use anstyle::{AnsiColor, Style};
use serde_json::{json, Value};

use super::rules::{self, Rule};
use super::{Finding, Severity};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[non_exhaustive]
pub enum ReportFormat {
    /// One block per finding with the line shown, and a summary.
    #[default]
    Human,
    /// An array of findings.
    Json,
    /// SARIF 2.1.0, for GitHub code scanning.
    Sarif,
    /// GitHub Actions workflow commands (`::error file=...`).
    Github,
}

/// The text of a line of a file, for showing it under a finding.
pub type LineSource<'a> = dyn Fn(&str, usize) -> Option<&'a str> + 'a;

pub fn render(
    findings: &[Finding],
    format: ReportFormat,
    color: bool,
    line_source: &LineSource<'_>,
) -> String {
    match format {
        ReportFormat::Human => human(findings, color, line_source),
        ReportFormat::Json => pretty(&Value::Array(findings.iter().map(finding_json).collect())),
        ReportFormat::Sarif => pretty(&sarif(findings)),
        ReportFormat::Github => github(findings),
    }
}

fn pretty(value: &Value) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("JSON values serialize");
    text.push('\n');
    text
}

fn style(severity: Severity) -> Style {
    match severity {
        Severity::Error => AnsiColor::Red.on_default().bold(),
        Severity::Warning => AnsiColor::Yellow.on_default().bold(),
        Severity::Info => AnsiColor::Cyan.on_default().bold(),
    }
}

fn human(findings: &[Finding], color: bool, line_source: &LineSource<'_>) -> String {
    let mut out = String::new();
    for finding in findings {
        let severity = finding.severity.as_str();
        let head = if color {
            let style = style(finding.severity);
            format!("{style}{severity}[{}]{style:#}", finding.rule.code)
        } else {
            format!("{severity}[{}]", finding.rule.code)
        };
        out.push_str(&format!(
            "{head} {}: {}\n",
            finding.rule.name, finding.message
        ));
        let location = &finding.location;
        match location.line_col {
            Some((line, col)) => {
                let gutter = " ".repeat(line.to_string().len());
                out.push_str(&format!("{gutter}--> {}:{line}:{col}\n", location.file));
                if let Some(text) = line_source(&location.file, line) {
                    out.push_str(&format!(
                        "{gutter} |\n{line} | {}\n{gutter} |\n",
                        text.trim_end()
                    ));
                }
                out.push_str(&format!("{gutter} = tool: {}\n\n", finding.tool));
            }
            None => out.push_str(&format!(
                "  --> {} (at {})\n  = tool: {}\n\n",
                location.file,
                if location.pointer.is_empty() {
                    "/"
                } else {
                    &location.pointer
                },
                finding.tool
            )),
        }
    }
    out.push_str(&summary(findings));
    out
}

/// `2 errors, 1 warning, 0 infos`.
pub fn summary(findings: &[Finding]) -> String {
    let count = |severity| findings.iter().filter(|f| f.severity == severity).count();
    format!(
        "{}, {}, {}\n",
        counted(count(Severity::Error), "error"),
        counted(count(Severity::Warning), "warning"),
        counted(count(Severity::Info), "info")
    )
}

fn finding_json(finding: &Finding) -> Value {
    let location = &finding.location;
    let mut place = json!({"file": location.file, "pointer": location.pointer});
    if let Some((line, column)) = location.line_col {
        place["line"] = line.into();
        place["column"] = column.into();
    }
    json!({
        "code": finding.rule.code,
        "name": finding.rule.name,
        "severity": finding.severity.as_str(),
        "tool": finding.tool,
        "message": finding.message,
        "location": place,
    })
}

fn sarif_level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

fn sarif_rule(rule: &Rule) -> Value {
    json!({
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary()},
        "fullDescription": {"text": rule.help()},
        "help": {"text": rule.help(), "markdown": rule.help()},
        "defaultConfiguration": {"level": sarif_level(rule.severity)},
    })
}

/// A file name as a SARIF artifact URI: a relative reference with `/` separators.
fn artifact_uri(file: &str) -> String {
    const UNSAFE: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS
        .add(b' ')
        .add(b'"')
        .add(b'#')
        .add(b'%')
        .add(b'<')
        .add(b'>')
        .add(b'?')
        .add(b'`')
        .add(b'{')
        .add(b'}');
    let file = file.replace('\\', "/");
    let file = file.strip_prefix("./").unwrap_or(&file);
    percent_encoding::utf8_percent_encode(file, UNSAFE).to_string()
}

fn sarif(findings: &[Finding]) -> Value {
    let results: Vec<Value> = findings
        .iter()
        .map(|finding| {
            let index = rules::ALL
                .iter()
                .position(|r| r.code == finding.rule.code)
                .expect("a registered rule");
            let mut physical =
                json!({"artifactLocation": {"uri": artifact_uri(&finding.location.file)}});
            if let Some((line, column)) = finding.location.line_col {
                physical["region"] = json!({"startLine": line, "startColumn": column});
            }
            json!({
                "ruleId": finding.rule.code,
                "ruleIndex": index,
                "level": sarif_level(finding.severity),
                "message": {"text": format!("{} (tool {})", finding.message, finding.tool)},
                "locations": [{
                    "physicalLocation": physical,
                    "logicalLocations": [{"name": finding.tool, "kind": "function"}],
                }],
            })
        })
        .collect();
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "openapi2mcp",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules::ALL.iter().map(|r| sarif_rule(r)).collect::<Vec<_>>(),
            }},
            "results": results,
        }],
    })
}

/// GitHub's escaping for workflow command data and property values.
fn escape(text: &str, property: bool) -> String {
    let mut out = text
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A");
    if property {
        out = out.replace(':', "%3A").replace(',', "%2C");
    }
    out
}

fn github(findings: &[Finding]) -> String {
    let mut out = String::new();
    for finding in findings {
        let command = match finding.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "notice",
        };
        let mut properties = vec![format!("file={}", escape(&finding.location.file, true))];
        if let Some((line, col)) = finding.location.line_col {
            properties.push(format!("line={line}"));
            properties.push(format!("col={col}"));
        }
        let title = format!("{} {}", finding.rule.code, finding.rule.name);
        properties.push(format!("title={}", escape(&title, true)));
        let message = format!("{} (tool {})", finding.message, finding.tool);
        out.push_str(&format!(
            "::{command} {}::{}\n",
            properties.join(","),
            escape(&message, false)
        ));
    }
    out
}
