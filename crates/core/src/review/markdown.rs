//! The review as GitHub markdown, for a pull-request comment: the counts first, then what
//! needs a person (risks, suggestions, unsure notes), then each tag's tools folded in
//! `<details>`, all within a size budget (GitHub refuses a comment over 65,536
//! characters); what does not fit is counted at the end, never cut mid-way.

use super::diff::Diff;
use super::{by_tag, source_name, Counts, HintCell, TagGroup};
use crate::convert::Converted;
use crate::escape::{markdown_cell_code, markdown_code as code, markdown_text as text};
use crate::hints::HintKind;
use crate::text::counted;

/// The most characters a GitHub comment takes.
pub const GITHUB_COMMENT_LIMIT: usize = 65_536;

/// Room kept for the line that counts what was left out.
const LEFT_OUT_ROOM: usize = 400;

const LEGEND: &str = "\nA blank hint is the MCP default; **bold**, a value other than the \
MCP default; — means meaningless on a read-only tool. Sources: inferred (the HTTP method), \
spec (x-mcp-annotations), override (an overrides file or option), default. Suggestions are \
never applied by themselves.\n";

/// Text that grows up to a budget of characters.
struct Budgeted {
    text: String,
    chars: usize,
    budget: usize,
}

impl Budgeted {
    /// Adds `piece` if it fits (with room for what must come after); says whether it did.
    fn add(&mut self, piece: &str) -> bool {
        let chars = piece.chars().count();
        if self.chars + chars + LEFT_OUT_ROOM + LEGEND.len() > self.budget {
            return false;
        }
        self.text.push_str(piece);
        self.chars += chars;
        true
    }

    /// Adds each of `items` that fits, under `heading` (added with the first that fits);
    /// returns the positions of those that did not.
    fn add_under(&mut self, heading: &str, items: &[String]) -> Vec<usize> {
        let mut headed = false;
        let mut dropped = Vec::new();
        for (i, item) in items.iter().enumerate() {
            let added = if headed {
                self.add(item)
            } else {
                headed = self.add(&format!("{heading}{item}"));
                headed
            };
            if !added {
                dropped.push(i);
            }
        }
        dropped
    }
}

pub(super) fn markdown(tools: &[&Converted], budget: usize) -> String {
    let counts = Counts::of(tools);
    let mut out = Budgeted {
        text: String::new(),
        chars: 0,
        budget,
    };
    let mut head = format!(
        "**{}**, {} tokens of a model's context (o200k)",
        counted(counts.tools, "tool"),
        counts.tokens
    );
    for (n, what) in [
        (counts.risky, counted(counts.risky, "risky tool")),
        (
            counts.suggestions,
            counted(counts.suggestions, "suggestion"),
        ),
        (counts.unsure, counted(counts.unsure, "unsure note")),
        (
            counts.overridden,
            format!("{} overridden", counted(counts.overridden, "tool")),
        ),
    ] {
        if n > 0 {
            head.push_str(&format!(" · **{what}**"));
        }
    }
    head.push('\n');
    // The head always goes in: it is a few hundred characters.
    out.text.push_str(&head);
    out.chars = head.chars().count();

    let mut left_out = Vec::new();
    let notes = [
        ("Risky", "risk", risks(tools)),
        ("Suggestions", "suggestion", suggestions(tools, true)),
        ("Unsure", "unsure note", suggestions(tools, false)),
        ("Reviewed", "reviewed decision", reviewed(tools)),
    ];
    for (heading, noun, items) in notes {
        let heading = format!("\n### {heading}\n\n");
        let dropped = out.add_under(&heading, &items);
        if !dropped.is_empty() {
            left_out.push(counted(dropped.len(), noun));
        }
    }

    let groups = by_tag(tools);
    let tables: Vec<String> = groups
        .iter()
        .map(|group| details(group, groups.len() == 1))
        .collect();
    let dropped = out.add_under("\n### Tools by tag\n", &tables);
    if !dropped.is_empty() {
        let tools_dropped: usize = dropped.iter().map(|&i| groups[i].tools.len()).sum();
        left_out.push(format!(
            "{} ({})",
            counted(dropped.len(), "tag table"),
            counted(tools_dropped, "tool")
        ));
    }
    let mut text = out.text;
    if !left_out.is_empty() {
        text.push_str(&format!(
            "\n> Left out to fit {budget} characters: {}. `openapi2mcp review --format html` shows everything.\n",
            left_out.join(", ")
        ));
    }
    text.push_str(LEGEND);
    text
}

/// One line per risk.
fn risks(tools: &[&Converted]) -> Vec<String> {
    let mut lines = Vec::new();
    for tool in tools {
        for risk in &tool.risks {
            lines.push(format!(
                "- :warning: **Risky** `{}`: {}\n",
                tool.name(),
                text(&risk.message)
            ));
        }
    }
    lines
}

/// One line per decision a person made with a reason, with it.
fn reviewed(tools: &[&Converted]) -> Vec<String> {
    let mut lines = Vec::new();
    for tool in tools {
        for (hints, why) in super::reviewed(tool) {
            lines.push(format!(
                "- :white_check_mark: **Reviewed** `{}`: `{}`: {}\n",
                tool.name(),
                hints.join("`, `"),
                text(why)
            ));
        }
    }
    lines
}

/// One line per suggestion (`suggested`) or per note too unsure to suggest.
fn suggestions(tools: &[&Converted], suggested: bool) -> Vec<String> {
    let mut lines = Vec::new();
    for tool in tools {
        for suggestion in &tool.suggestions {
            if suggestion.is_suggested() != suggested {
                continue;
            }
            let what = if suggested {
                ":bulb: Suggestion"
            } else {
                ":grey_question: Unsure"
            };
            lines.push(format!(
                "- {what} for `{}`: `{}: {}` ({} confidence): {}\n",
                tool.name(),
                suggestion.hint.key(),
                suggestion.value,
                suggestion.confidence.as_str(),
                text(&suggestion.because())
            ));
        }
    }
    lines
}

/// A tag's table, folded (open when it is the only one).
fn details(group: &TagGroup<'_>, open: bool) -> String {
    let summary = maud::html! { b { (crate::escape::visible(&group.tag)) } ": " (Counts::of(&group.tools).brief()) };
    let mut out = format!(
        "\n<details{}><summary>{}</summary>\n\n",
        if open { " open" } else { "" },
        summary.into_string()
    );
    out.push_str(
        "| Tool | Method | Path | Tokens | readOnlyHint | destructiveHint | idempotentHint | openWorldHint |\n\
         |---|---|---|--:|---|---|---|---|\n",
    );
    for tool in &group.tools {
        out.push_str(&format!(
            "| {} | {} | {} | {} |",
            markdown_cell_code(tool.name()),
            text(tool.binding().method.as_str()),
            markdown_cell_code(&tool.binding().path),
            crate::tokens::count(&tool.tool)
        ));
        for kind in HintKind::ALL {
            let text = match HintCell::of(tool, kind) {
                HintCell::Moot => "—".to_string(),
                HintCell::Unset => String::new(),
                HintCell::Set {
                    value,
                    source,
                    differs,
                } => {
                    let value = if differs {
                        format!("**{value}**")
                    } else {
                        value.to_string()
                    };
                    format!("{value} {}", source_name(source))
                }
            };
            out.push_str(&format!(" {text} |"));
        }
        out.push('\n');
    }
    out.push_str("\n</details>\n");
    out
}

/// The hint changes since `base`, what now looks safer first, within `budget` characters.
pub(super) fn diff(diff: &Diff, base: &str, budget: usize) -> String {
    const LOOSENED: &str = ":warning: **looks safer: check it**";
    let mut items: Vec<String> = (diff.entries().iter())
        .map(|e| {
            let mark = if e.loosened { LOOSENED } else { "changed" };
            let change = format!("{}: {} -> {}", e.key, e.old, e.new);
            format!("- {mark} {}: {}\n", code(e.tool), code(&change))
        })
        .collect();
    for (old, new) in &diff.renamed {
        items.push(format!(
            "- renamed {} -> {} ({} {})\n",
            code(&old.name),
            code(&new.name),
            new.method,
            code(&new.path)
        ));
    }
    for (what, sides) in [("added", &diff.added), ("removed", &diff.removed)] {
        for side in sides {
            items.push(format!(
                "- {what} {} ({} {})\n",
                code(&side.name),
                text(&side.method),
                code(&side.path)
            ));
        }
    }
    let mut out = Budgeted {
        text: format!("### Changes since {}\n\n", code(base)),
        chars: 0,
        budget,
    };
    out.chars = out.text.chars().count();
    let dropped = out.add_under("", &items);
    let mut text = out.text;
    if !dropped.is_empty() {
        text.push_str(&format!(
            "- … and {} more, left out to fit {budget} characters: `--format json` lists all\n",
            dropped.len()
        ));
    }
    text.push_str(&diff.summary());
    text
}
