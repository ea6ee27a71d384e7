//! The review as one self-contained HTML page, for people who would rather look than read:
//! a hint matrix per tag, coloured where a hint is not what the HTTP method alone gives or a
//! suggestion points elsewhere, and each tool's risks and suggestions with their evidence.
//! No script, no request: the page is the file.

use maud::{html, Markup, PreEscaped, DOCTYPE};

use super::diff::Diff;
use super::{by_tag, source_name, Counts, HintCell, TagGroup};
use crate::convert::Converted;
use crate::hints::{HintKind, Hints};
use crate::text::counted;

const STYLE: &str = "
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem; color: #1f2328; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
h2 { font-size: 1.15rem; margin: 2rem 0 .5rem; }
.counts { font-size: 1rem; }
.counts b { margin-right: .75rem; }
.legend { color: #59636e; max-width: 60rem; }
nav a { margin-right: .6rem; }
table { border-collapse: collapse; margin: .25rem 0 .75rem; }
th, td { border: 1px solid #d1d9e0; padding: .2rem .5rem; text-align: left; vertical-align: top; }
th { background: #f6f8fa; font-weight: 600; }
td.num { text-align: right; }
td.moot { color: #8c959f; text-align: center; }
td.differs { background: #fff1c2; font-weight: 600; }
tr.risky td:first-child { border-left: 4px solid #cf222e; }
.suggest { background: #ddf4ff; border-radius: 3px; padding: 0 .25rem; margin-left: .3rem; font-size: .85em; }
li.risky { color: #a40e26; }
li .evidence { color: #59636e; }
code { font: 12.5px ui-monospace, monospace; }
";

/// The page; `title` names what was reviewed (the spec's file).
pub(super) fn page(tools: &[&Converted], title: &str) -> String {
    let counts = Counts::of(tools);
    let groups = by_tag(tools);
    let markup = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { "openapi2mcp review: " (title) }
                style { (PreEscaped(STYLE)) }
            }
            body {
                h1 { "openapi2mcp review: " code { (title) } }
                p.counts {
                    b { (counted(counts.tools, "tool")) }
                    b { (counts.tokens) " tokens of a model's context (o200k)" }
                    b { (counted(counts.risky, "risky tool")) }
                    b { (counted(counts.suggestions, "suggestion")) }
                    b { (counted(counts.unsure, "unsure note")) }
                    b { (counts.overridden) " overridden" }
                }
                p.legend {
                    "Each cell is a hint's value and where it came from: inferred (the HTTP "
                    "method), spec (x-mcp-annotations), override (an overrides file or "
                    "option), default (the MCP default; blank when nobody set it). "
                    "Highlighted: a value other than the HTTP method alone gives. "
                    "A blue note is a suggestion; a red edge, a risky tool. — means "
                    "meaningless on a read-only tool. Suggestions are never applied by "
                    "themselves."
                }
                @if groups.len() > 1 {
                    nav {
                        "Tags: "
                        @for (i, group) in groups.iter().enumerate() {
                            a href={ "#tag-" (i) } { (group.tag) }
                        }
                    }
                }
                @for (i, group) in groups.iter().enumerate() {
                    (section(i, group))
                }
            }
        }
    };
    let mut page = crate::escape::html_page(markup.into_string());
    page.push('\n');
    page
}

fn section(index: usize, group: &TagGroup<'_>) -> Markup {
    html! {
        section id={ "tag-" (index) } {
            h2 { (group.tag) " " small { "(" (Counts::of(&group.tools).brief()) ")" } }
            table {
                thead {
                    tr {
                        th { "Tool" } th { "Method" } th { "Path" } th { "Tokens" }
                        @for kind in HintKind::ALL { th { (kind.key()) } }
                    }
                }
                tbody {
                    @for tool in &group.tools { (row(tool)) }
                }
            }
            ul {
                @for tool in &group.tools { (notes(tool)) }
            }
        }
    }
}

fn row(tool: &Converted) -> Markup {
    let by_method = Hints::infer(&tool.binding().method);
    html! {
        tr class=[(!tool.risks.is_empty()).then_some("risky")] {
            td { code { (tool.name()) } }
            td { (tool.binding().method) }
            td { code { (tool.binding().path) } }
            td.num { (crate::tokens::count(&tool.tool)) }
            @for kind in HintKind::ALL {
                @let suggested = tool.suggestions.iter().find(|s| s.hint == kind && s.is_suggested());
                @match HintCell::of(tool, kind) {
                    HintCell::Moot => td.moot { "—" },
                    HintCell::Unset => td {
                        @if let Some(s) = suggested { span.suggest title=(s.reason) { "→ " (s.value) } }
                    },
                    HintCell::Set { value, source, .. } => {
                        td class=[(value != by_method.get(kind).value).then_some("differs")]
                            title=(tool.hints.get(kind).reason) {
                            (value) " " (source_name(source))
                            @if let Some(s) = suggested { span.suggest title=(s.reason) { "→ " (s.value) } }
                        }
                    }
                }
            }
        }
    }
}

/// The tool's risks and suggestions, each suggestion with its evidence.
fn notes(tool: &Converted) -> Markup {
    html! {
        @for risk in &tool.risks {
            li.risky { b { "Risky " } code { (tool.name()) } ": " (risk.message) }
        }
        @for suggestion in &tool.suggestions {
            li {
                @if suggestion.is_suggested() { "Suggestion for " } @else { "Unsure, for " }
                code { (tool.name()) } ": "
                code { (suggestion.hint.key()) ": " (suggestion.value) }
                " (" (suggestion.confidence.as_str()) " confidence): " (suggestion.reason)
                @if !suggestion.evidence.is_empty() {
                    br;
                    span.evidence {
                        "Evidence: "
                        @for (i, evidence) in suggestion.evidence.iter().enumerate() {
                            @if i > 0 { "; " }
                            (evidence.source.as_str()) " "
                            q { (evidence.seen) }
                            " at " code { (evidence.at) }
                        }
                    }
                }
            }
        }
    }
}

/// The hint changes since `base`, as a page: what now looks safer first, in red.
pub(super) fn diff_page(diff: &Diff, base: &str) -> String {
    let markup = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                title { "openapi2mcp review: changes since " (base) }
                style { (PreEscaped(STYLE)) }
            }
            body {
                h1 { "Changes since " code { (base) } }
                ul {
                    @for e in diff.entries() {
                        @if e.loosened {
                            li.risky {
                                b { "Looks safer: check it " } code { (e.tool) } ": "
                                code { (e.key) ": " (e.old) " → " (e.new) }
                            }
                        } @else {
                            li { "Changed " code { (e.tool) } ": " code { (e.key) ": " (e.old) " → " (e.new) } }
                        }
                    }
                    @for (old, new) in &diff.renamed {
                        li { "Renamed " code { (old.name) } " → " code { (new.name) } " (" (new.method) " " code { (new.path) } ")" }
                    }
                    @for (what, sides) in [("Added", &diff.added), ("Removed", &diff.removed)] {
                        @for side in sides {
                            li { (what) " " code { (side.name) } " (" (side.method) " " code { (side.path) } ")" }
                        }
                    }
                }
                p { (diff.summary().trim()) }
            }
        }
    };
    let mut page = crate::escape::html_page(markup.into_string());
    page.push('\n');
    page
}
