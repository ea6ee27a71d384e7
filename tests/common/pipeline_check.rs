//! The whole pipeline on arbitrary bytes, as the fuzz target and the stable-Rust harness
//! run it: it may refuse the input, but it must not panic, and whatever it converts must
//! have every property of `properties`.

use openapi2mcp_core::convert::Options;
use openapi2mcp_core::hints::HintStyle;
use openapi2mcp_core::lint::{self, report, RuleSettings};
use openapi2mcp_core::{load, manifest, pipeline, review};

use super::properties::{manifest_problems, Checks};

pub fn check_pipeline(data: &[u8]) {
    let Ok(spec) = load::load_bytes("fuzz", data.to_vec()) else {
        return;
    };
    let mut conversion = None;
    for hint_style in [HintStyle::Minimal, HintStyle::Explicit] {
        let options = Options {
            keep_going: true,
            output_schema: true,
            hint_style,
            ..Options::default()
        };
        let Ok(converted) = pipeline::convert_spec(&spec, &options) else {
            return;
        };
        let text = manifest::render(converted.tools.iter().map(|c| &c.tool));
        let value: serde_json::Value = serde_json::from_str(&text).expect("the manifest is JSON");
        // Arbitrary input may declare hints; the rest must hold.
        let checks = Checks {
            hints_from_table: false,
        };
        let problems = manifest_problems(&value, checks);
        assert!(problems.is_empty(), "{problems:?}");
        conversion = Some(converted);
    }
    let Some(conversion) = conversion else {
        return;
    };
    let subjects = lint::subjects_from_conversion(&spec, &conversion.tools);
    let mut findings = lint::lint(&subjects, &RuleSettings::default(), None);
    lint::add_lines(&mut findings, &spec);
    let line_source = |file: &str, line: usize| spec.line(file, line);
    for format in [
        report::ReportFormat::Human,
        report::ReportFormat::Sarif,
        report::ReportFormat::Github,
    ] {
        report::render(
            &findings,
            format,
            report::Presentation::default(),
            &line_source,
        );
    }
    let tools: Vec<_> = conversion.tools.iter().collect();
    let presentation = review::Presentation {
        width: Some(80),
        ..Default::default()
    };
    for format in [
        review::ReviewFormat::Table,
        review::ReviewFormat::Markdown,
        review::ReviewFormat::Json,
        review::ReviewFormat::Html,
    ] {
        review::render_tools(&tools, format, &presentation);
    }
}
