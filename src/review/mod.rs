//! Stage 4, emit: the review. For every tool, the effective value of each hint and where it
//! came from, the suggestions the evidence points to, and what is risky; and, against an
//! older version of the API, how the hints changed.

mod diff;
mod render;

pub use diff::{diff, Diff, Side};
pub use render::{render_diff, render_tools, ReviewFormat};

use crate::convert::Converted;
use crate::hints::HintSource;

/// Which tools to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
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
