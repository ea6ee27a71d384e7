//! Lint reports: human (rustc-style), JSON, SARIF 2.1.0 (GitHub code scanning), and GitHub
//! workflow commands.

use crate::escape::{github_command, visible};
use crate::text::counted;
use anstyle::{AnsiColor, Style};
use serde_json::{json, Value};

use super::rules::{self, Rule};
use super::{Finding, Severity};

/// How lint writes its findings (`lint --format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
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

/// How a report is shown.
#[derive(Debug, Clone, Copy, Default)]
#[non_exhaustive]
pub struct Presentation {
    /// Colour for a terminal (the human format only).
    pub color: bool,
    /// At most this many findings in the human and GitHub formats, the most severe first;
    /// the summary counts them all, and JSON and SARIF always hold them all.
    pub max_problems: Option<usize>,
}

impl Presentation {
    /// Colour or not, and at most `max_problems` findings shown (`None` for all of them).
    pub fn new(color: bool, max_problems: Option<usize>) -> Presentation {
        Presentation {
            color,
            max_problems,
        }
    }

    /// The findings shown (in their order, or the most severe first when some are left
    /// out), and how many are not.
    fn shown<'f>(&self, findings: &'f [Finding]) -> (Vec<&'f Finding>, usize) {
        let mut shown: Vec<&Finding> = findings.iter().collect();
        let Some(max) = self.max_problems.filter(|max| *max < findings.len()) else {
            return (shown, 0);
        };
        shown.sort_by_key(|f| std::cmp::Reverse(f.severity));
        shown.truncate(max);
        (shown, findings.len() - max)
    }
}

/// The report of `findings` in `format`. `line_source` gives the source lines the human
/// format shows under each finding.
pub fn render(
    findings: &[Finding],
    format: ReportFormat,
    presentation: Presentation,
    line_source: &LineSource<'_>,
) -> String {
    match format {
        ReportFormat::Human => human(findings, presentation, line_source),
        ReportFormat::Json => pretty(&Value::Array(findings.iter().map(finding_json).collect())),
        ReportFormat::Sarif => pretty(&sarif(findings)),
        ReportFormat::Github => github(findings, presentation),
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

fn human(findings: &[Finding], presentation: Presentation, line_source: &LineSource<'_>) -> String {
    let color = presentation.color;
    let mut out = String::new();
    let (shown, hidden) = presentation.shown(findings);
    for finding in shown {
        let severity = finding.severity.as_str();
        let head = if color {
            let style = style(finding.severity);
            format!("{style}{severity}[{}]{style:#}", finding.rule.code)
        } else {
            format!("{severity}[{}]", finding.rule.code)
        };
        out.push_str(&format!(
            "{head} {}: {}\n",
            finding.rule.name,
            visible(&finding.message)
        ));
        let location = &finding.location;
        match location.line_col {
            Some((line, col)) => {
                let gutter = " ".repeat(line.to_string().len());
                out.push_str(&format!(
                    "{gutter}--> {}:{line}:{col}\n",
                    visible(&location.file)
                ));
                if let Some(text) = line_source(&location.file, line) {
                    out.push_str(&format!(
                        "{gutter} |\n{line} | {}\n{gutter} |\n",
                        visible(&excerpt(text.trim_end(), col))
                    ));
                }
                out.push_str(&format!("{gutter} = tool: {}\n\n", visible(&finding.tool)));
            }
            None => out.push_str(&format!(
                "  --> {} (at {})\n  = tool: {}\n\n",
                visible(&location.file),
                if location.pointer.is_empty() {
                    "/".into()
                } else {
                    visible(&location.pointer)
                },
                visible(&finding.tool)
            )),
        }
    }
    if hidden > 0 {
        out.push_str(&format!(
            "... and {} not shown (--max-problems)\n\n",
            counted(hidden, "more finding")
        ));
    }
    out.push_str(&by_rule(findings));
    out.push_str(&summary(findings));
    out
}

/// How many findings each rule made, most severe first, then most frequent, when more
/// than one rule made them: `  12  OAM012 missing-title (info)`.
pub fn by_rule(findings: &[Finding]) -> String {
    let mut counts: Vec<(Severity, &Rule, usize)> = Vec::new();
    for finding in findings {
        match counts
            .iter_mut()
            .find(|(s, r, _)| *s == finding.severity && r.code == finding.rule.code)
        {
            Some((_, _, n)) => *n += 1,
            None => counts.push((finding.severity, finding.rule, 1)),
        }
    }
    if counts.len() < 2 {
        return String::new();
    }
    counts.sort_by(|a, b| {
        b.0.cmp(&a.0)
            .then(b.2.cmp(&a.2))
            .then(a.1.code.cmp(b.1.code))
    });
    let width = counts
        .iter()
        .map(|c| c.2.to_string().len())
        .max()
        .unwrap_or(1);
    let mut out = String::from("by rule:\n");
    for (severity, rule, n) in counts {
        out.push_str(&format!(
            "  {n:>width$}  {} {} ({})\n",
            rule.code,
            rule.name,
            severity.as_str()
        ));
    }
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

/// The most characters of a source line shown (a minified JSON spec is one line).
const EXCERPT: usize = 160;

/// `line` as shown under a finding: whole when short, else the part around `col` (1-based,
/// in characters), with `…` where it was cut.
fn excerpt(line: &str, col: usize) -> String {
    let length = line.chars().count();
    if length <= EXCERPT {
        return line.to_string();
    }
    let start = col.saturating_sub(1 + EXCERPT / 4).min(length - EXCERPT);
    let kept: String = line.chars().skip(start).take(EXCERPT).collect();
    let before = if start > 0 { "…" } else { "" };
    let after = if start + EXCERPT < length { "…" } else { "" };
    format!("{before}{kept}{after}")
}

fn sarif_level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

fn sarif_rule(rule: &Rule) -> Value {
    let mut out = json!({
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary()},
        "fullDescription": {"text": rule.help()},
        "help": {"text": rule.help(), "markdown": rule.help()},
        "defaultConfiguration": {"level": sarif_level(rule.severity)},
    });
    if let Some(uri) = help_uri(env!("CARGO_PKG_REPOSITORY"), rule) {
        out["helpUri"] = uri.into();
    }
    out
}

/// The rule's section of `docs/rules.md` in the repository Cargo.toml names (SARIF wants an
/// absolute URI: none while the package names no repository).
fn help_uri(repository: &str, rule: &Rule) -> Option<String> {
    let repository = repository.trim_end_matches('/');
    repository.starts_with("https://").then(|| {
        format!(
            "{repository}/blob/main/docs/rules.md#{}-{}",
            rule.code.to_ascii_lowercase(),
            rule.name
        )
    })
}

/// Where a file is, for SARIF: below the source root (`%SRCROOT%`, where code scanning
/// checks the repository out) when the path is under the working directory, else a
/// `file:` URI (a relative path that climbs out with `..` too); none for standard input,
/// which has no file.
fn artifact_location(file: &str) -> Option<Value> {
    if file == "-" {
        return None;
    }
    let path = std::path::Path::new(file);
    let climbs = (path.components()).any(|c| c == std::path::Component::ParentDir);
    if !path.is_absolute() && !climbs {
        return Some(json!({"uri": artifact_uri(file), "uriBaseId": "%SRCROOT%"}));
    }
    // Links and `..` resolved on both sides, so that what is below is seen.
    let resolved = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let cwd = std::env::current_dir().ok()?;
    let cwd = std::fs::canonicalize(&cwd).unwrap_or(cwd);
    Some(match resolved.strip_prefix(&cwd) {
        Ok(relative) => {
            json!({"uri": artifact_uri(&relative.to_string_lossy()), "uriBaseId": "%SRCROOT%"})
        }
        Err(_) => json!({"uri": format!("file://{}", artifact_uri(&resolved.to_string_lossy()))}),
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
            let mut location =
                json!({"logicalLocations": [{"name": finding.tool, "kind": "function"}]});
            if let Some(artifact) = artifact_location(&finding.location.file) {
                let mut physical = json!({ "artifactLocation": artifact });
                if let Some((line, column)) = finding.location.line_col {
                    physical["region"] = json!({"startLine": line, "startColumn": column});
                }
                location["physicalLocation"] = physical;
            }
            json!({
                "ruleId": finding.rule.code,
                "ruleIndex": index,
                "level": sarif_level(finding.severity),
                "message": {"text": format!("{} (tool {})", finding.message, finding.tool)},
                "locations": [location],
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

fn github(findings: &[Finding], presentation: Presentation) -> String {
    let mut out = String::new();
    let (shown, hidden) = presentation.shown(findings);
    if hidden > 0 {
        out.push_str(&format!(
            "::notice::{} not shown (--max-problems)\n",
            counted(hidden, "more lint finding")
        ));
    }
    for finding in shown {
        let command = match finding.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "notice",
        };
        let mut properties = vec![format!(
            "file={}",
            github_command(&finding.location.file, true)
        )];
        if let Some((line, col)) = finding.location.line_col {
            properties.push(format!("line={line}"));
            properties.push(format!("col={col}"));
        }
        let title = format!("{} {}", finding.rule.code, finding.rule.name);
        properties.push(format!("title={}", github_command(&title, true)));
        let message = format!("{} (tool {})", finding.message, finding.tool);
        out.push_str(&format!(
            "::{command} {}::{}\n",
            properties.join(","),
            github_command(&visible(&message), false)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{excerpt, help_uri, EXCERPT};

    /// A long source line is shown around the finding's column, cut with `…`.
    #[test]
    fn long_lines_are_shown_around_the_column() {
        assert_eq!(excerpt("short", 3), "short");
        let line: String = (0..1000)
            .map(|i| char::from(b'a' + (i % 26) as u8))
            .collect();
        let shown = excerpt(&line, 500);
        assert_eq!(shown.chars().count(), EXCERPT + 2);
        assert!(shown.starts_with('…') && shown.ends_with('…'));
        assert!(shown.contains(&line[459..540]));
        assert_eq!(excerpt(&line, 1).chars().count(), EXCERPT + 1);
        assert!(excerpt(&line, 1000).starts_with('…'));
    }
    use crate::lint::rules::ALL;

    /// A rule's helpUri is its section of docs/rules.md (the heading's GitHub anchor) in the
    /// repository Cargo.toml names; none while it names none.
    #[test]
    fn help_uris_point_at_each_rules_section() {
        let docs =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/rules.md"))
                .unwrap();
        for rule in ALL {
            let uri = help_uri("https://example.test/team/openapi2mcp/", rule).unwrap();
            let anchor = uri.split_once('#').unwrap().1;
            assert!(
                docs.contains(&format!("\n## {} {}\n", rule.code, rule.name)),
                "docs/rules.md has no section for {}",
                rule.code
            );
            assert_eq!(
                anchor,
                format!("{}-{}", rule.code.to_lowercase(), rule.name)
            );
            assert!(
                uri.starts_with("https://example.test/team/openapi2mcp/blob/main/docs/rules.md#")
            );
        }
        assert_eq!(help_uri("", ALL[0]), None);
    }
}
