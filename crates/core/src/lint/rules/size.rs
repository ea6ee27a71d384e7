//! Rules about what the tools cost a model's context, in tokens of the o200k vocabulary
//! ([`crate::tokens`]).

use super::rule;
use crate::lint::{Hit, RuleContext, Subject, Target};

rule! {
    /// One tool takes more tokens than the limit (8000 unless `--tool-token-limit` or
    /// `tool-token-limit` in the config file says otherwise).
    ///
    /// Why: every tool's definition is sent to the model before the conversation starts;
    /// one huge schema crowds out the rest, and some clients cut or refuse it.
    ///
    /// Example: Kubernetes' `replace_core_v1_namespaced_pod_ephemeralcontainers` inlines the
    /// whole Pod schema: about 95k tokens on its own.
    ///
    /// Fix: convert or serve with `--compact` (that Kubernetes tool then takes about 13k
    /// tokens), describe less in the request schema, leave the operation out with a filter,
    /// or serve the API with `serve --dynamic`.
    TOOL_TOO_LARGE = "OAM019", "tool-too-large", Warning, tool_too_large
}

fn tool_too_large(_: &Subject<'_>, context: &RuleContext) -> Vec<Hit> {
    if context.tokens <= context.limits.tool_tokens {
        return Vec::new();
    }
    vec![Hit::new(
        Target::Tool,
        format!(
            "the tool takes {} tokens of the model's context, over the limit of {}",
            context.tokens, context.limits.tool_tokens
        ),
    )]
}

rule! {
    /// The tool list is longer than the client takes (with `--client vscode` or `openai`: 128
    /// tools; `cursor`: 80), or takes more tokens than the budget for the whole list
    /// (100000 unless `--token-budget` or `token-budget` in the config file says
    /// otherwise). Reported once each, at the first tool past the limit.
    ///
    /// Why: a client refuses or cuts a list past its limit, and a list past the model's
    /// context leaves no room for the conversation; either way the model never sees some
    /// tools.
    ///
    /// Example: GitHub's API as 1,223 tools, about 385k tokens.
    ///
    /// Fix: serve a part of the API (`--include-tag`, `--include-path`, `--operation`, or
    /// `serve --toolset TAG`), make the tools smaller with `--compact` (GitHub's then take
    /// about 190k tokens), or serve the API with `serve --dynamic`, which lists a handful
    /// of tools whatever its size.
    TOO_MANY_TOOLS = "OAM020", "too-many-tools", Warning, too_many_tools
}

fn too_many_tools(_: &Subject<'_>, context: &RuleContext) -> Vec<Hit> {
    let mut hits = Vec::new();
    if let Some((limit, client, what)) = context.client.as_ref().and_then(|(c, _)| c.tool_limit()) {
        if context.position == limit {
            hits.push(Hit::new(
                Target::Tool,
                format!(
                    "tool {} of {}: {client} takes {limit} tools and {what}",
                    limit + 1,
                    context.count
                ),
            ));
        }
    }
    let budget = context.limits.list_tokens;
    let through = context.tokens_before + context.tokens;
    if context.tokens_before <= budget && through > budget {
        hits.push(Hit::new(
            Target::Tool,
            format!(
                "the tools up to this one take {through} tokens, past the budget of {budget} for the whole list; all {} take {}",
                context.count, context.total_tokens
            ),
        ));
    }
    hits
}
