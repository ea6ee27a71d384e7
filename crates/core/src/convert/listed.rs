//! Tools that were converted before (a manifest, a tools/list result or response) described
//! as convert describes its own: hints from their annotations, suggestions from their
//! words, and the same filters applied, so that `serve tools.json --read-only` serves what
//! `serve api.yaml --read-only` would. What only converting a spec can do (overrides,
//! names, schemas for a client, output schemas, an assumed credential) is refused.

use super::compact::{self, Cuts};
use super::filter::Seen;
use super::{Conversion, Converted, Options, Said, DEFAULT_NAME_MAX};
use crate::error::{Error, ErrorKind, Result};
use crate::hints::evidence::{self, Evidence, Facts, Suggestion};
use crate::hints::{HintKind, HintSource, HintStyle, Hints};
use crate::load::{Location, Spec};
use crate::tool::{Binding, Tool};

/// The tools of a manifest loaded as `spec`, listed at `pointer` (`/tools`, `/result/tools`
/// or the root), as a conversion: filtered, described and, with the options that apply to
/// finished tools, changed (`--closed-world`, `--hints`, `--compact`).
pub fn describe(
    spec: &Spec,
    tools: Vec<Tool>,
    pointer: &str,
    options: &Options,
) -> Result<Conversion> {
    refuse_spec_options(options)?;
    refuse_repeated_names(spec, &tools, pointer)?;
    let mut conversion = Conversion::default();
    let mut seen = Seen::default();
    let check_filters = options.filters.names_values();
    let only_posts =
        crate::http::only_posts(tools.iter().filter_map(|t| Some(&t.binding()?.method)));
    for (i, tool) in tools.into_iter().enumerate() {
        let location = Location {
            file: 0,
            pointer: format!("{pointer}/{i}"),
        };
        let Some(binding) = tool.binding() else {
            return Err(spec.error_at(
                &location,
                format!(
                    "tool '{}' has no HTTP binding (_meta \"openapi2mcp/http\"): only tools convert wrote can be reviewed, filtered or served (lint and verify read any tool)",
                    tool.name
                ),
            ));
        };
        if check_filters {
            seen.add_tool(&tool);
        }
        if !options.filters.keeps_tool(&tool) {
            continue;
        }
        let mut hints = Hints::listed(&tool);
        // What is claimed, before a claim no one reviewed is withheld, as convert does.
        let risks = hints.risks(&binding.method);
        let claimed_read_only = hints.get(HintKind::ReadOnly).value;
        let read_only_withheld = hints.withhold_read_only_on_removal(&binding.method);
        let facts = Facts::of_tool(&tool, &location.pointer, only_posts);
        let evidence = evidence::read(&facts);
        let suggestions = evidence::judge(&facts, &evidence, &hints);
        let said = Said::new(&tool.name, &binding.method, &binding.path);
        if options.filters.read_only {
            let verdict = read_only_verdict(binding, &hints, &evidence, &suggestions);
            if let Err(why) = verdict {
                conversion.tell_left_out(&said, &hints, claimed_read_only, &why);
                continue;
            }
        }
        conversion.tell_risks(&said, &risks, read_only_withheld, "not passed on");
        // A person's decision stands on a field anyone can edit in a manifest: said, once.
        let reviewed = (risks.iter().find(|r| r.hint == HintKind::ReadOnly))
            .filter(|_| hints.is_reviewed(HintKind::ReadOnly));
        if let Some(risk) = reviewed {
            let message = crate::escape::visible(&risk.message);
            (conversion.warnings).push(format!(
                "tool {said}: {message}: passed on as a person's decision"
            ));
        }
        let mut tool = tool;
        if options.closed_world {
            let reason = "--closed-world".to_string();
            hints.set(HintKind::OpenWorld, false, HintSource::Override, reason);
        }
        if options.closed_world || options.hint_style != HintStyle::Minimal || read_only_withheld {
            tool.annotations = hints.to_annotations(options.hint_style);
        }
        let cuts = if options.compact {
            compact::compact(&mut tool)
        } else {
            Cuts::default()
        };
        conversion.cuts.add(cuts);
        conversion.tools.push(Converted {
            tool,
            hints,
            suggestions,
            risks,
            operation_id: None,
            title_from: None,
            description_from: None,
            overridden_at: Vec::new(),
            lint_ignore: Vec::new(),
            location,
            dropped_patterns: Vec::new(),
            invalid_keywords: Vec::new(),
            cuts,
        });
    }
    if check_filters {
        options.filters.check_matched(&seen)?;
    }
    Ok(conversion)
}

/// Whether `--read-only` keeps a manifest's tool, or why not: as convert judges a spec's
/// (its words judged again, a person's decision recorded in the binding taken as one), and
/// only where convert's verdict, recorded in the binding too, kept it (a GET's evidence of
/// reading may be in the spec's words only).
fn read_only_verdict(
    binding: &Binding,
    hints: &Hints,
    evidence: &[Evidence],
    suggestions: &[Suggestion],
) -> std::result::Result<(), String> {
    let verified = binding.read_only_verified;
    hints.read_only_verdict(&binding.method, evidence, suggestions, verified)?;
    match verified {
        true => Ok(()),
        false => Err("convert did not verify it as read-only".into()),
    }
}

/// A name given to two tools: a client calls a tool by its name, so which of them a call
/// runs is anyone's guess. An error at the second (`lint` lists every such name).
fn refuse_repeated_names(spec: &Spec, tools: &[Tool], pointer: &str) -> Result<()> {
    let mut first = std::collections::HashMap::new();
    for (i, tool) in tools.iter().enumerate() {
        if let Some(j) = first.insert(tool.name.as_str(), i) {
            let location = Location {
                file: 0,
                pointer: format!("{pointer}/{i}/name"),
            };
            return Err(spec.error_at(
                &location,
                format!(
                    "tool name '{}' is also the name of the tool at {pointer}/{j}: a client calls a tool by its name, so names must be unique",
                    crate::escape::visible(&tool.name)
                ),
            ));
        }
    }
    Ok(())
}

/// Whether any of `options` applies to a manifest's tools, to filter or describe them
/// again or to be refused: each needs the tools' bindings.
pub fn applies_to_tools(options: &Options) -> bool {
    options.filters.read_only
        || options.filters.names_values()
        || options.closed_world
        || options.hint_style != HintStyle::Minimal
        || options.compact
        || refuse_spec_options(options).is_err()
}

/// Options that change how a spec becomes tools mean nothing to tools already made: each is
/// an error, never silently ignored.
fn refuse_spec_options(options: &Options) -> Result<()> {
    let given = [
        (options.overrides.is_some(), "--overrides"),
        (options.assumed_auth.is_some(), "--assume-auth"),
        (options.output_schema, "--output-schema"),
        // Before --name-max, which a client's profile sets too.
        (options.client != Default::default(), "--client"),
        (options.name_max != DEFAULT_NAME_MAX, "--name-max"),
    ];
    match given.iter().find(|(given, _)| *given) {
        Some((_, flag)) => Err(Error::new(ErrorKind::Usage, format!(
            "{flag} applies to a spec as it is converted, not to the tools of a manifest: convert the spec with it"
        ))),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use crate::convert::Options;
    use crate::tool::HintKind;

    /// A manifest's read-only claim on a DELETE is not passed on, in the annotations too.
    #[test]
    fn a_manifests_read_only_delete_is_not_passed_on() {
        let text = r#"{"tools": [{"name": "purge", "inputSchema": {"type": "object"},
            "annotations": {"readOnlyHint": true},
            "_meta": {"openapi2mcp/http": {"method": "DELETE", "path": "/items"}}}]}"#;
        let spec = crate::load::load_bytes("tools.json", text.as_bytes().to_vec()).unwrap();
        let conversion = crate::pipeline::tools(&spec, &Options::default()).unwrap();
        let tool = &conversion.tools[0].tool;
        assert_eq!(tool.annotations.get(HintKind::ReadOnly), None, "{tool:?}");
        assert_eq!(conversion.contradictions.len(), 1, "{conversion:?}");
        assert!(conversion.contradictions[0].ends_with(": not passed on"));
    }

    /// Unless the binding records a person's decision, as convert writes one: then it is
    /// passed on as it was, and no contradiction is told again.
    #[test]
    fn a_reviewed_read_only_delete_is_passed_on() {
        let text = r#"{"tools": [{"name": "purge", "inputSchema": {"type": "object"},
            "annotations": {"readOnlyHint": true},
            "_meta": {"openapi2mcp/http": {"method": "DELETE", "path": "/items",
                "readOnlyReviewed": "only flags it"}}}]}"#;
        let spec = crate::load::load_bytes("tools.json", text.as_bytes().to_vec()).unwrap();
        let conversion = crate::pipeline::tools(&spec, &Options::default()).unwrap();
        let tool = &conversion.tools[0].tool;
        assert_eq!(
            tool.annotations.get(HintKind::ReadOnly),
            Some(true),
            "{tool:?}"
        );
        assert!(conversion.contradictions.is_empty(), "{conversion:?}");
        assert_eq!(conversion.warnings, ["tool 'purge' (DELETE /items): readOnlyHint: true on DELETE, a method that changes state (set by an overrides entry recorded in the manifest: only flags it): passed on as a person's decision"]);
    }

    /// A recorded decision counts only on a method that writes, where convert records one,
    /// and only with a reason; `--read-only` keeps a reviewed POST convert verified, never a
    /// DELETE.
    #[test]
    fn a_recorded_decision_counts_on_a_write_and_never_keeps_a_delete() {
        let tool = |method: &str| {
            format!(
                r#"{{"name": "t_{method}", "inputSchema": {{"type": "object"}},
                "annotations": {{"readOnlyHint": true}},
                "_meta": {{"openapi2mcp/http": {{"method": "{method}", "path": "/{method}",
                    "readOnlyVerified": true, "readOnlyReviewed": "a query"}}}}}}"#
            )
        };
        let mut tools: Vec<String> = ["GET", "POST", "DELETE"].map(tool).into();
        // A GET whose manifest words show no reading is kept on convert's recorded verdict;
        // a blank recorded reason is no decision.
        tools.push(
            r#"{"name": "frob", "inputSchema": {"type": "object"},
            "annotations": {"readOnlyHint": true},
            "_meta": {"openapi2mcp/http": {"method": "GET", "path": "/frob.json",
                "readOnlyVerified": true}}}"#
                .into(),
        );
        tools.push(
            r#"{"name": "blank", "inputSchema": {"type": "object"},
            "annotations": {"readOnlyHint": true},
            "_meta": {"openapi2mcp/http": {"method": "POST", "path": "/blank",
                "readOnlyVerified": true, "readOnlyReviewed": " "}}}"#
                .into(),
        );
        let text = format!(r#"{{"tools": [{}]}}"#, tools.join(","));
        let spec = crate::load::load_bytes("tools.json", text.into_bytes()).unwrap();
        let conversion = crate::pipeline::tools(&spec, &Options::default()).unwrap();
        let reviewed: Vec<bool> = (conversion.tools.iter())
            .map(|c| c.hints.is_reviewed(HintKind::ReadOnly))
            .collect();
        assert_eq!(reviewed, [false, true, true, false, false]);
        let mut options = Options::default();
        options.filters.read_only = true;
        let conversion = crate::pipeline::tools(&spec, &options).unwrap();
        let kept: Vec<&str> = (conversion.tools.iter())
            .map(|c| c.tool.name.as_str())
            .collect();
        assert_eq!(kept, ["t_GET", "t_POST", "frob"]);
        assert_eq!(
            conversion.withheld,
            [
                "'t_DELETE' (DELETE /DELETE): readOnlyHint: true on DELETE, a method that removes: never kept, reviewed or not",
                "'blank' (POST /blank): readOnlyHint: true on POST, a claim no person reviewed"
            ]
        );
    }
}
