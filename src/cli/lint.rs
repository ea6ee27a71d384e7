//! `lint` (a spec, a manifest, or what a running server lists) and `rules`.

use std::process::ExitCode;

use clap::Args;

use super::{read_manifest, spec_input, warn, write_stdout, ServerArgs, SpecArgs};
use openapi2mcp::error::Error;
use openapi2mcp::lint::{self, RuleSettings, Severity};
use openapi2mcp::options::{FailOn, LintOptions, OutputOptions};
use openapi2mcp::{load, manifest, pipeline};

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  openapi2mcp lint api.yaml
  openapi2mcp lint api.yaml --client vscode --max-problems 20
  openapi2mcp lint api.yaml --format sarif -o lint.sarif
  openapi2mcp lint --server -- node server.js      (what a running server lists)")]
pub(super) struct LintArgs {
    /// A spec, or a tools manifest ({"tools": [...]}, an array of tools, or a tools/list
    /// response): a path, or - for standard input (default: `spec` in the config file)
    input: Option<String>,
    /// Output: human, json, sarif (GitHub code scanning), github (workflow commands)
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = lint::report::ReportFormat::Human)]
    format: lint::report::ReportFormat,
    /// Write the report to FILE, atomically, instead of to standard output
    #[arg(short, long, value_name = "FILE")]
    output: Option<std::path::PathBuf>,
    /// Show at most N findings in the human and github formats (the summary counts all; json
    /// and sarif always hold all)
    #[arg(long, value_name = "N")]
    max_problems: Option<usize>,
    #[command(flatten)]
    lint: LintOptions,
    /// Lint what a running server lists: the command that starts it comes after --
    #[arg(long, requires = "command")]
    server: bool,
    #[command(flatten)]
    server_args: ServerArgs,
    #[command(flatten)]
    spec_args: SpecArgs,
}

#[derive(Debug, Args)]
pub(super) struct RulesArgs {
    /// A rule's code or name; all rules when left out
    rule: Option<String>,
}

pub(super) fn run_lint(args: LintArgs) -> Result<ExitCode, Error> {
    let color = args.output.is_none()
        && anstream::AutoStream::choice(&std::io::stdout()) != anstream::ColorChoice::Never;
    let (spec_options, config) = args.spec_args.combine()?;
    let lint_options = args.lint.combine(config.lint.clone());
    let settings = RuleSettings::from_options(&lint_options)?;
    let spec = match args.server_args.server() {
        Some(_) => {
            let listed = args.server_args.list()?;
            let manifest = serde_json::json!({ "tools": listed.tools });
            load::load_bytes("server", manifest.to_string().into_bytes())?
        }
        None => load::load(
            &spec_input(args.input.as_deref(), &config)?,
            &spec_options.file_access(),
        )?,
    };
    let (conversion, tools);
    let mut findings = Vec::new();
    let subjects = if manifest::is_spec(spec.root()) {
        // An operation that cannot be converted is a finding, and the others are linted.
        let options = openapi2mcp::convert::Options {
            keep_going: true,
            ..spec_options
                .convert_options(spec_options.load_overrides()?, &OutputOptions::default())?
        };
        conversion = pipeline::convert_spec(&spec, &options)?;
        findings = lint::unconvertible(&conversion.skipped, &settings);
        lint::subjects_from_conversion(&spec, &conversion.tools)
    } else {
        tools = read_manifest(&spec)?;
        lint::subjects_from_manifest(&tools, &spec.file(0).name)
    };
    let client = spec_options
        .client
        .map(|c| (c, spec_options.server_name.clone()));
    findings.extend(lint::lint(&subjects, &settings, client));
    lint::add_lines(&mut findings, &spec);
    let line_source = |file: &str, line: usize| spec.line(file, line);
    let presentation = lint::report::Presentation::new(color, args.max_problems);
    let report = lint::report::render(&findings, args.format, presentation, &line_source);
    match &args.output {
        Some(path) => openapi2mcp::output::write_file(path, &report)?,
        None => write_stdout(&report)?,
    }
    if args.format != lint::report::ReportFormat::Human || args.output.is_some() {
        warn(lint::report::summary(&findings).trim_end());
    }
    let threshold = match lint_options.fail_on.unwrap_or(FailOn::Error) {
        FailOn::Error => Some(Severity::Error),
        FailOn::Warning => Some(Severity::Warning),
        FailOn::Info => Some(Severity::Info),
        FailOn::Never => None,
    };
    let failing = threshold.is_some_and(|t| findings.iter().any(|f| f.severity >= t));
    Ok(if failing {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

pub(super) fn run_rules(args: RulesArgs) -> Result<ExitCode, Error> {
    let chosen: Vec<&lint::rules::Rule> = match &args.rule {
        Some(name) => vec![lint::rules::find(name).ok_or_else(|| {
            Error::new(format!(
                "unknown rule '{name}' (openapi2mcp rules lists them)"
            ))
        })?],
        None => lint::rules::ALL.to_vec(),
    };
    let mut text = String::new();
    for rule in chosen {
        text.push_str(&format!(
            "{} {} ({} by default)\n\n{}\n\n",
            rule.code,
            rule.name,
            rule.severity.as_str(),
            rule.help()
        ));
    }
    write_stdout(text.trim_end_matches('\n'))?;
    write_stdout("\n")?;
    Ok(ExitCode::SUCCESS)
}
