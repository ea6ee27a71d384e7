//! Rules about what a tool tells the model about itself.

use super::rule;
use crate::lint::{Hit, RuleContext, Subject, Target};

rule! {
    /// The tool has no description.
    ///
    /// Why: the model chooses tools by their descriptions; without one it guesses from the
    /// name.
    ///
    /// Example: an operation with neither `summary` nor `description`.
    ///
    /// Fix: add a `summary` or `description` to the operation.
    MISSING_DESCRIPTION = "OAM010", "missing-description", Warning, missing_description
}

fn missing_description(tool: &Subject<'_>, _: &RuleContext) -> Vec<Hit> {
    match tool.tool.description.as_deref() {
        Some(text) if !text.trim().is_empty() => Vec::new(),
        _ => vec![Hit::new(Target::Tool, "the tool has no description")],
    }
}

rule! {
    /// The description is shorter than 20 characters.
    ///
    /// Why: a few words rarely tell the model when to use the tool and what it returns.
    ///
    /// Example: `"description": "Gets it"`.
    ///
    /// Fix: say what the tool does, what it returns, and when to use it.
    SHORT_DESCRIPTION = "OAM011", "short-description", Info, short_description
}

fn short_description(tool: &Subject<'_>, _: &RuleContext) -> Vec<Hit> {
    match tool.tool.description.as_deref().map(str::trim) {
        Some(text) if !text.is_empty() && text.chars().count() < 20 => vec![Hit::new(
            Target::Description,
            format!(
                "the description is {} long",
                crate::text::counted(text.chars().count(), "character")
            ),
        )],
        _ => Vec::new(),
    }
}

rule! {
    /// The tool has no title (neither `title` nor `annotations.title`).
    ///
    /// Why: clients show the title to people; without one they show the snake_case name.
    ///
    /// Example: an operation without a `summary`.
    ///
    /// Fix: add a short `summary` to the operation.
    MISSING_TITLE = "OAM012", "missing-title", Info, missing_title
}

fn missing_title(tool: &Subject<'_>, _: &RuleContext) -> Vec<Hit> {
    match tool.tool.display_title() {
        Some(text) if !text.trim().is_empty() => Vec::new(),
        _ => vec![Hit::new(Target::Tool, "the tool has no title")],
    }
}
