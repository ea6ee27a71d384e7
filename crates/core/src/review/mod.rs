//! Stage 4, emit: the review. For every tool, the effective value of each hint and where it
//! came from, the suggestions the evidence points to, and what is risky; and, against an
//! older version of the API, how the hints changed.

mod diff;
mod html;
mod markdown;
mod render;

pub use diff::{
    diff, staleness, Decision, DecisionChange, Diff, EndpointChange, HintChange, MethodChange, Side,
};
pub use markdown::GITHUB_COMMENT_LIMIT;
pub use render::{render_diff, render_tools, Presentation, ReviewFormat};

use crate::convert::Converted;
use crate::hints::{HintKind, HintSource};
use crate::text::counted;

/// The tools of one tag (its first: each tool is shown once), in the API's order.
struct TagGroup<'t> {
    tag: String,
    tools: Vec<&'t Converted>,
}

/// What a tag with no name is called.
const UNTAGGED: &str = "(no tag)";

/// The tools by their first tag, tags in the order they first appear.
fn by_tag<'t>(tools: &[&'t Converted]) -> Vec<TagGroup<'t>> {
    let mut groups: Vec<TagGroup<'t>> = Vec::new();
    for tool in tools {
        let tag = tool.tool.meta.tags.first().map_or(UNTAGGED, String::as_str);
        match groups.iter_mut().find(|g| g.tag == tag) {
            Some(group) => group.tools.push(tool),
            None => groups.push(TagGroup {
                tag: tag.to_string(),
                tools: vec![tool],
            }),
        }
    }
    groups
}

/// The tool's hints a person decided with a reason (an overrides entry's `reason`), by
/// that decision: its hints, and where it was written with the reason. A risky one is left
/// out: its risk quotes the reason already.
fn reviewed(tool: &Converted) -> Vec<(Vec<&'static str>, &str)> {
    let mut decisions: Vec<(Vec<&'static str>, &str)> = Vec::new();
    for kind in HintKind::ALL {
        let hint = tool.hints.get(kind);
        let risky = tool.risks.iter().any(|risk| risk.hint == kind);
        if hint.source != HintSource::Override || hint.reviewed.is_none() || risky {
            continue;
        }
        match decisions.iter_mut().find(|(_, why)| *why == hint.reason) {
            Some((hints, _)) => hints.push(kind.key()),
            None => decisions.push((vec![kind.key()], &hint.reason)),
        }
    }
    decisions
}

/// What a set of tools holds for a person to look at.
#[derive(Default)]
struct Counts {
    tools: usize,
    tokens: usize,
    risky: usize,
    suggestions: usize,
    unsure: usize,
    overridden: usize,
}

impl Counts {
    fn of(tools: &[&Converted]) -> Counts {
        let mut counts = Counts::default();
        for tool in tools {
            counts.tools += 1;
            counts.tokens += crate::tokens::count(&tool.tool);
            counts.risky += usize::from(!tool.risks.is_empty());
            let suggested = tool.suggestions.iter().filter(|s| s.is_suggested()).count();
            counts.suggestions += suggested;
            counts.unsure += tool.suggestions.len() - suggested;
            counts.overridden += usize::from(Only::Overridden.keeps(tool));
        }
        counts
    }

    /// "3 tools, 1 risky, 2 suggestions": what is there, saying no zeros but the tools.
    fn brief(&self) -> String {
        let mut parts = vec![counted(self.tools, "tool")];
        if self.risky > 0 {
            parts.push(format!("{} risky", self.risky));
        }
        if self.suggestions > 0 {
            parts.push(counted(self.suggestions, "suggestion"));
        }
        parts.join(", ")
    }
}

/// A hint as a review cell shows it: a dash where it means nothing (on a read-only tool),
/// nothing for an MCP default nobody set, else its value and source.
enum HintCell {
    Moot,
    Unset,
    Set {
        value: bool,
        source: HintSource,
        /// Whether the value is other than the MCP default.
        differs: bool,
    },
}

impl HintCell {
    fn of(tool: &Converted, kind: HintKind) -> HintCell {
        let hint = tool.hints.get(kind);
        let differs = hint.value != kind.default_value();
        if tool.hints.get(HintKind::ReadOnly).value && kind.moot_when_read_only() {
            HintCell::Moot
        } else if !differs && hint.source == HintSource::Default {
            HintCell::Unset
        } else {
            HintCell::Set {
                value: hint.value,
                source: hint.source,
                differs,
            }
        }
    }
}
/// Which tools to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[non_exhaustive]
pub enum Only {
    /// Tools with suggestions.
    Suggestions,
    /// Tools whose spec or overrides contradict the method.
    Risky,
    /// Tools with a hint set by an override.
    Overridden,
}

impl Only {
    /// Whether `tool` is one to show.
    pub fn keeps(self, tool: &Converted) -> bool {
        match self {
            Only::Suggestions => tool.suggestions.iter().any(|s| s.is_suggested()),
            Only::Risky => !tool.risks.is_empty(),
            Only::Overridden => crate::hints::HintKind::ALL
                .iter()
                .any(|&k| tool.hints.get(k).source == HintSource::Override),
        }
    }

    /// What is said when no tool is kept.
    pub fn none(self) -> &'static str {
        match self {
            Only::Suggestions => "none: no tool has a suggestion",
            Only::Risky => "none: no tool has a hint that contradicts its method",
            Only::Overridden => "none: no tool has a hint set by an override",
        }
    }
}

/// The name of a hint source as review shows it.
pub fn source_name(source: HintSource) -> &'static str {
    match source {
        HintSource::Default => "default",
        HintSource::Inferred => "inferred",
        HintSource::Spec => "spec",
        HintSource::Override => "override",
    }
}
