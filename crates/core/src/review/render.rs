//! Review output: a table for the terminal (fitted to its width there, never cutting a
//! name when piped), GitHub markdown for a pull-request comment, and JSON for scripts.

use anstyle::{AnsiColor, Style};
use serde_json::{json, Map, Value};

use super::diff::{Diff, Side};
use super::source_name;
use crate::convert::Converted;
use crate::escape::visible;
use crate::hints::{HintKind, HintSource};

/// How review writes its output (`review --format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[non_exhaustive]
pub enum ReviewFormat {
    /// A table for the terminal.
    #[default]
    Table,
    /// GitHub-flavoured markdown, for a pull-request comment: counts, risks and suggestions,
    /// then a table per tag, within --max-chars.
    Markdown,
    /// One JSON object per tool, for scripts.
    Json,
    /// One self-contained HTML page: a hint matrix per tag, with the evidence.
    Html,
}

/// How the review is shown.
#[derive(Debug, Clone)]
pub struct Presentation {
    /// Colour for a terminal.
    pub color: bool,
    /// The terminal's width: a table fits it; without one, no name or path is cut.
    pub width: Option<usize>,
    /// The most characters markdown takes ([`crate::review::GITHUB_COMMENT_LIMIT`] for a
    /// comment).
    pub max_chars: usize,
    /// What was reviewed, for the HTML page's title.
    pub title: String,
}

impl Default for Presentation {
    /// No colour, no terminal, a GitHub comment's budget, no title.
    fn default() -> Self {
        Presentation {
            color: false,
            width: None,
            max_chars: super::GITHUB_COMMENT_LIMIT,
            title: String::new(),
        }
    }
}

/// Where notes wrap when the table goes to no terminal.
const NOTE_WIDTH: usize = 80;
/// What the table's name and path columns keep before they are cut to fit a terminal.
const MIN_NAME: usize = 24;
const MIN_PATH: usize = 12;
const SHORT: [&str; 4] = ["RO", "DESTR", "IDEMP", "OPEN"];
const RISKY: Style = AnsiColor::Red.on_default().bold();
const SUGGESTION: Style = AnsiColor::Yellow.on_default();
const OVERRIDE: Style = AnsiColor::Cyan.on_default();
const LOOSENED: Style = AnsiColor::Red.on_default().bold();

fn paint(text: &str, style: Style, color: bool) -> String {
    if color {
        format!("{style}{text}{style:#}")
    } else {
        text.to_string()
    }
}

/// Destructive and idempotent mean nothing on a read-only tool.
fn moot(tool: &Converted, kind: HintKind) -> bool {
    tool.hints.get(HintKind::ReadOnly).value && kind.moot_when_read_only()
}

/// The tools in `format`, presented as `presentation` says.
pub fn render_tools(
    tools: &[&Converted],
    format: ReviewFormat,
    presentation: &Presentation,
) -> String {
    match format {
        ReviewFormat::Table => table(tools, presentation.color, presentation.width),
        ReviewFormat::Markdown => super::markdown::markdown(tools, presentation.max_chars),
        ReviewFormat::Json => {
            let tools: Vec<Value> = tools.iter().map(|t| tool_json(t)).collect();
            pretty(&json!({ "tools": tools }))
        }
        ReviewFormat::Html => super::html::page(tools, &presentation.title),
    }
}

fn pretty(value: &Value) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("JSON values serialize");
    text.push('\n');
    text
}

/// `text` cut to `width` characters, ending in `…` when cut.
fn fit(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return format!("{text:width$}");
    }
    let kept: String = text.chars().take(width.saturating_sub(1)).collect();
    format!("{kept}…")
}

/// `text` cut to its last `width` characters, starting with `…` when cut: a path's end
/// (`…/runs/{run_id}/cancel`) tells its operations apart.
fn fit_end(text: &str, width: usize) -> String {
    let count = text.chars().count();
    if count <= width {
        return format!("{text:width$}");
    }
    let kept: String = text.chars().skip(count + 1 - width.max(1)).collect();
    format!("…{kept}")
}

/// Words of `text` in lines of at most `width`, the first after `first`, the rest indented;
/// what `text` holds that a terminal would act on is shown escaped.
fn wrap(first: &str, text: &str, indent: usize, width: usize) -> String {
    let text = text
        .split_whitespace()
        .map(visible)
        .collect::<Vec<_>>()
        .join(" ");
    let mut out = String::from(first);
    // Colour codes take no column.
    let mut column = anstream::adapter::strip_str(first)
        .to_string()
        .chars()
        .count();
    for word in text.split_whitespace() {
        let length = word.chars().count();
        if column + 1 + length > width && column > indent {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            column = indent;
        } else if column > 0 && !out.ends_with(' ') {
            out.push(' ');
            column += 1;
        }
        out.push_str(word);
        column += length;
    }
    out.push('\n');
    out
}

fn source_letter(source: HintSource) -> &'static str {
    &source_name(source)[..1]
}

/// What the table's columns say, after the rows and their notes.
const LEGEND: &str = "TOKENS what the tool takes of a model's context (o200k). RO readOnlyHint, DESTR \
         destructiveHint, IDEMP idempotentHint, OPEN openWorldHint. Each value is followed by its source: d the MCP default, i inferred from the HTTP \
         method, s x-mcp-annotations in the spec, o an override. – means the hint is \
         meaningless because the tool is read-only. Suggestions are never applied by \
         themselves: accept one in an overrides file (review --write-overrides).";

/// The review as a table: a row per tool with its notes below, then the legend and the
/// totals.
fn table(tools: &[&Converted], color: bool, width: Option<usize>) -> String {
    let (name_width, path_width) = column_widths(tools, width);
    let note_width = width.unwrap_or(NOTE_WIDTH);
    let header = format!(
        "{} {} {} {:>6} {:5} {:5} {:5} {}",
        fit("TOOL", name_width),
        fit("METHOD", 7),
        fit("PATH", path_width),
        "TOKENS",
        SHORT[0],
        SHORT[1],
        SHORT[2],
        SHORT[3]
    );
    let mut out = format!("{header}\n");
    let (mut suggestions, mut risky, mut total_tokens) = (0, 0, 0);
    for tool in tools {
        let tokens = crate::tokens::count(&tool.tool);
        total_tokens += tokens;
        out.push_str(row(tool, tokens, name_width, path_width, color).trim_end());
        out.push('\n');
        out.push_str(&notes(tool, color, note_width));
        risky += tool.risks.len();
        suggestions += tool.suggestions.iter().filter(|s| s.is_suggested()).count();
    }
    out.push('\n');
    out.push_str(&wrap("", LEGEND, 0, note_width));
    out.push_str(&format!(
        "{}, {total_tokens} tokens, {}, {risky} risky\n",
        crate::text::counted(tools.len(), "tool"),
        crate::text::counted(suggestions, "suggestion")
    ));
    out
}

/// The widths of the name and path columns: as wide as their longest entry, the path then
/// the name cut (not below [`MIN_PATH`] and [`MIN_NAME`]) for a row to fit `width`.
fn column_widths(tools: &[&Converted], width: Option<usize>) -> (usize, usize) {
    let longest = |column: fn(&Converted) -> usize, heading: &str| {
        tools
            .iter()
            .map(|t| column(t))
            .chain([heading.chars().count()])
            .max()
            .unwrap_or(0)
    };
    let (mut name_width, mut path_width) = (
        longest(|t| visible(t.name()).chars().count(), "TOOL"),
        longest(|t| visible(&t.binding().path).chars().count(), "PATH"),
    );
    // Method, tokens, four hints, and the spaces between: what a row holds beside the two.
    const REST: usize = 1 + 7 + 1 + 1 + 6 + 4 * 6;
    if let Some(width) = width {
        let over = (name_width + path_width + REST).saturating_sub(width);
        let path_cut = over.min(path_width.saturating_sub(MIN_PATH));
        path_width -= path_cut;
        name_width -= (over - path_cut).min(name_width.saturating_sub(MIN_NAME));
    }
    (name_width, path_width)
}

/// A tool's row: name, method, path, tokens, and each hint's value and source.
fn row(
    tool: &Converted,
    tokens: usize,
    name_width: usize,
    path_width: usize,
    color: bool,
) -> String {
    let mut row = format!(
        "{} {} {} {tokens:>6}",
        fit(&visible(tool.name()), name_width),
        fit(&visible(tool.binding().method.as_str()), 7),
        fit_end(&visible(&tool.binding().path), path_width)
    );
    for kind in HintKind::ALL {
        let hint = tool.hints.get(kind);
        let cell = if moot(tool, kind) {
            format!("{:5}", "–")
        } else {
            let value = if hint.value { "yes" } else { "no" };
            format!("{:5}", format!("{value} {}", source_letter(hint.source)))
        };
        let cell = match hint.source {
            HintSource::Override if !moot(tool, kind) => paint(&cell, OVERRIDE, color),
            _ => cell,
        };
        row.push(' ');
        row.push_str(&cell);
    }
    row
}

/// The notes below a tool's row: its risks, the hints a reviewer settled and why, and the
/// suggestions, each wrapped to `note_width`.
fn notes(tool: &Converted, color: bool, note_width: usize) -> String {
    let mut out = String::new();
    for risk in &tool.risks {
        out.push_str(&wrap(
            &format!("  {} ", paint("! risky:", RISKY, color)),
            &risk.message,
            4,
            note_width,
        ));
    }
    for (hints, why) in super::reviewed(tool) {
        out.push_str(&wrap(
            &format!(
                "  {} ",
                paint(
                    &format!("= reviewed {}:", hints.join(", ")),
                    OVERRIDE,
                    color
                )
            ),
            why,
            4,
            note_width,
        ));
    }
    for suggestion in &tool.suggestions {
        let head = format!(
            "{}: {} ({})",
            suggestion.hint.key(),
            suggestion.value,
            suggestion.confidence.as_str()
        );
        let label = if suggestion.is_suggested() {
            format!("? suggest {head}:")
        } else {
            format!("~ unsure {head}:")
        };
        out.push_str(&wrap(
            &format!("  {} ", paint(&label, SUGGESTION, color)),
            &suggestion.because(),
            4,
            note_width,
        ));
    }
    out
}

fn tool_json(tool: &Converted) -> Value {
    let mut hints = Map::new();
    for kind in HintKind::ALL {
        let hint = tool.hints.get(kind);
        hints.insert(
            kind.key().into(),
            json!({
                "value": hint.value,
                "source": source_name(hint.source),
                "reason": hint.reason,
                "meaningful": !moot(tool, kind),
            }),
        );
    }
    let suggestions: Vec<Value> = tool
        .suggestions
        .iter()
        .map(|s| {
            let evidence: Vec<Value> = s
                .evidence
                .iter()
                .map(|e| json!({"source": e.source.as_str(), "seen": e.seen, "at": e.at}))
                .collect();
            json!({"hint": s.hint.key(), "value": s.value, "confidence": s.confidence.as_str(),
                   "reason": s.reason, "evidence": evidence})
        })
        .collect();
    let risks: Vec<Value> = tool
        .risks
        .iter()
        .map(|r| {
            json!({"hint": r.hint.key(), "value": r.value, "source": source_name(r.source),
                   "setBy": r.set_by, "message": r.message})
        })
        .collect();
    json!({
        "name": tool.name(),
        "method": tool.binding().method,
        "path": tool.binding().path,
        "tokens": crate::tokens::count(&tool.tool),
        "hints": hints,
        "suggestions": suggestions,
        "risks": risks,
        "overridden": HintKind::ALL.iter().any(|&k| tool.hints.get(k).source == HintSource::Override),
    })
}

fn describe(side: &Side) -> String {
    let text = format!("{} ({} {})", side.name, side.method, side.path);
    visible(&text).into_owned()
}

/// The changes since `base`; markdown takes at most `max_chars` characters.
pub fn render_diff(
    diff: &Diff,
    base: &str,
    format: ReviewFormat,
    color: bool,
    max_chars: usize,
) -> String {
    match format {
        ReviewFormat::Json => {
            let sides = |list: &[Side]| -> Vec<Value> {
                list.iter()
                    .map(|s| json!({"name": s.name, "method": s.method, "path": s.path}))
                    .collect()
            };
            let renamed: Vec<Value> = diff
                .renamed
                .iter()
                .map(|(old, new)| json!({"old": old.name, "new": new.name, "method": new.method, "path": new.path}))
                .collect();
            let changes: Vec<Value> = diff
                .changes
                .iter()
                .map(|c| json!({"tool": c.tool, "hint": c.hint.key(), "old": c.old, "new": c.new, "loosened": c.loosens()}))
                .collect();
            let methods: Vec<Value> = diff
                .methods
                .iter()
                .map(
                    |m| json!({"tool": m.tool, "old": m.old, "new": m.new, "loosened": m.loosened}),
                )
                .collect();
            let endpoints: Vec<Value> = diff
                .endpoints
                .iter()
                .map(|e| json!({"tool": e.tool, "field": e.field, "old": e.old, "new": e.new}))
                .collect();
            let decisions: Vec<Value> = diff
                .decisions
                .iter()
                .map(|d| {
                    let mut change = json!({"tool": d.tool, "decision": d.decision.key(), "old": !d.gained || d.carried_from.is_some(), "new": d.gained, "loosened": d.gained});
                    if let Some(operation) = &d.carried_from {
                        change["carriedFrom"] = json!(operation);
                    }
                    change
                })
                .collect();
            pretty(&json!({
                "base": base,
                "added": sides(&diff.added),
                "removed": sides(&diff.removed),
                "renamed": renamed,
                "changes": changes,
                "methods": methods,
                "endpoints": endpoints,
                "decisions": decisions,
                "loosened": diff.loosened(),
            }))
        }
        ReviewFormat::Markdown => super::markdown::diff(diff, base, max_chars),
        ReviewFormat::Html => super::html::diff_page(diff, base),
        ReviewFormat::Table => {
            let mut out = format!("Changes since {base}:\n");
            let mark = |loosened: bool| match loosened {
                true => paint("LOOSENED", LOOSENED, color),
                false => "changed ".to_string(),
            };
            for e in diff.entries() {
                let change = format!("{}  {}: {} -> {}", e.tool, e.key, e.old, e.new);
                out.push_str(&format!("  {}  {}\n", mark(e.loosened), visible(&change)));
            }
            for (old, new) in &diff.renamed {
                out.push_str(&format!(
                    "  renamed   {} -> {}\n",
                    visible(&old.name),
                    describe(new)
                ));
            }
            for (what, sides) in [("added  ", &diff.added), ("removed", &diff.removed)] {
                for side in sides {
                    out.push_str(&format!("  {what}   {}\n", describe(side)));
                }
            }
            out.push_str(&diff.summary());
            if diff.loosened() > 0 {
                out.push_str(&wrap(
                    "",
                    "LOOSENED: the tool now looks safer to clients (read-only or idempotent \
                     gained, destructive or open world dropped, or its binding records a \
                     verdict or a person's decision that it reads or may be retried), or its \
                     method can now do harm its hints do not say: check that it is true.",
                    0,
                    NOTE_WIDTH,
                ));
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_only_when_asked() {
        assert_eq!(paint("x", RISKY, false), "x");
        assert!(paint("x", RISKY, true).starts_with('\x1b'));
    }
}
