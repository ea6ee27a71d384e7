//! `lint` (a spec, a manifest, or what a running server lists) and `rules`.

use std::path::Path;
use std::process::ExitCode;

use clap::Args;

use super::{spec_input, warn, write_stdout, ServerArgs, SpecArgs};
use openapi2mcp_core::config::Config;
use openapi2mcp_core::error::{Error, ErrorKind};
use openapi2mcp_core::lint::baseline::Baseline;
use openapi2mcp_core::lint::{self, RuleSettings, Severity};
use openapi2mcp_core::options::{FailOn, LintOptions, OutputOptions, SpecOptions};
use openapi2mcp_core::text::counted;
use openapi2mcp_core::{load, pipeline};

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  openapi2mcp lint api.yaml
  openapi2mcp lint api.yaml --client vscode --max-problems 20
  openapi2mcp lint api.yaml --format sarif -o lint.sarif
  openapi2mcp lint specs/*.yaml                    (several specs, one report)
  openapi2mcp lint api.yaml --write-baseline lint-baseline.json
  openapi2mcp lint api.yaml --baseline lint-baseline.json   (only new findings)
  openapi2mcp lint --server -- node server.js      (what a running server lists)")]
pub(super) struct LintArgs {
    /// Specs, or tools manifests ({"tools": [...]}, an array of tools, or a tools/list
    /// response): paths, or - for standard input (default: `spec` in the config file)
    #[arg(conflicts_with_all = ["server", "url", "command"])]
    inputs: Vec<String>,
    /// Output: human, json, sarif (GitHub code scanning), github (workflow commands)
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = lint::report::ReportFormat::Human)]
    format: lint::report::ReportFormat,
    /// Write the report to FILE, atomically, instead of to standard output (which - names)
    #[arg(short, long, value_name = "FILE")]
    output: Option<std::path::PathBuf>,
    /// Show at most N findings in the human and github formats (the summary counts all; json
    /// and sarif always hold all)
    #[arg(long, value_name = "N")]
    max_problems: Option<usize>,
    /// Write every finding to FILE as the baseline that --baseline reads, and report none
    #[arg(long, value_name = "FILE", conflicts_with = "baseline", value_parser = super::file_to_keep)]
    write_baseline: Option<std::path::PathBuf>,
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
#[command(after_help = "Examples:
  openapi2mcp rules
  openapi2mcp rules name-implies-write
  openapi2mcp rules OAM020")]
pub(super) struct RulesArgs {
    /// A rule's code or name; all rules when left out
    #[arg(value_parser = rule_names(), ignore_case = true, hide_possible_values = true)]
    rule: Option<String>,
}

/// Every rule's code and name: what `rules` takes, and what shell completion offers.
fn rule_names() -> clap::builder::PossibleValuesParser {
    let values = lint::rules::ALL.iter().flat_map(|rule| {
        [
            clap::builder::PossibleValue::new(rule.code).help(rule.name),
            clap::builder::PossibleValue::new(rule.name).help(rule.code),
        ]
    });
    clap::builder::PossibleValuesParser::new(values)
}

pub(super) fn run_lint(mut args: LintArgs) -> Result<ExitCode, Error> {
    args.output = super::output_file(args.output);
    let color = args.output.is_none()
        && anstream::AutoStream::choice(&std::io::stdout()) != anstream::ColorChoice::Never;
    let (spec_options, config) = args.spec_args.resolve()?;
    let lint_options = super::over(args.lint, config.lint.clone());
    let settings = lint_options.rule_settings()?;
    // An overrides file names one API's tools: with several, its entries would name no tool
    // of the others.
    if args.inputs.len() > 1 && spec_options.overrides.is_some() {
        return Err(Error::new(ErrorKind::Usage,
            "an overrides file (--overrides, or the config file's overrides:) names one spec's tools: lint the specs one at a time, or with --no-config",
        ));
    }
    if args.inputs.iter().filter(|i| *i == "-").count() > 1 {
        return Err(Error::new(
            ErrorKind::Usage,
            "standard input (-) can be read only once",
        ));
    }
    let specs = read_inputs(&args.inputs, &args.server_args, &spec_options, &config)?;
    let mut findings = Vec::new();
    for spec in &specs {
        findings.extend(lint_one(spec, &spec_options, &settings)?);
    }
    let mut read_besides = super::inputs_besides_the_spec(&spec_options, &config);
    read_besides.extend((lint_options.baseline.clone()).map(|path| ("the baseline", path)));
    for path in args.write_baseline.iter().chain(&args.output) {
        super::refuse_writing_over(path, &specs, &read_besides)?;
    }
    if let Some(path) = &args.write_baseline {
        let baseline = Baseline::of(path, &findings);
        openapi2mcp_core::output::write_file(path, &baseline.render())?;
        warn(&format!(
            "wrote {} to the baseline {}",
            counted(baseline.len(), "finding"),
            path.display()
        ));
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(path) = &lint_options.baseline {
        apply_baseline(path, &mut findings, &specs)?;
    }
    let line_source = |file: &str, line: usize| specs.iter().find_map(|s| s.line(file, line));
    let presentation = lint::report::Presentation::new(color, args.max_problems);
    let report = lint::report::render(&findings, args.format, presentation, &line_source);
    match &args.output {
        Some(path) => openapi2mcp_core::output::write_file(path, &report)?,
        None => write_stdout(&report)?,
    }
    if args.format != lint::report::ReportFormat::Human || args.output.is_some() {
        warn(lint::report::summary(&findings).trim_end());
    }
    let failing = fails(&findings, lint_options.fail_on.unwrap_or(FailOn::Error));
    Ok(if failing {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The specs and manifests to lint: what a running server lists, the inputs named, or the
/// config file's spec.
fn read_inputs(
    inputs: &[String],
    server: &ServerArgs,
    spec_options: &SpecOptions,
    config: &Config,
) -> Result<Vec<load::Spec>, Error> {
    let mut specs = Vec::new();
    if server.server().is_some() {
        let listed = server.list()?;
        let manifest = serde_json::json!({ "tools": listed.tools });
        specs.push(load::load_bytes(
            "server",
            manifest.to_string().into_bytes(),
        )?);
    } else if inputs.is_empty() {
        specs.push(load::load(
            &spec_input(None, config)?,
            &super::file_access(spec_options),
        )?);
    }
    for input in inputs {
        let input = spec_input(Some(input), config)?;
        specs.push(load::load(&input, &super::file_access(spec_options))?);
    }
    Ok(specs)
}

/// Leaves out of `findings` those the baseline at `path` accepts, saying how many, and
/// how many of it are gone or in files not read.
fn apply_baseline(
    path: &Path,
    findings: &mut Vec<lint::Finding>,
    specs: &[load::Spec],
) -> Result<(), Error> {
    let linted: Vec<String> = specs
        .iter()
        .flat_map(|spec| (0..spec.file_count()).map(|id| spec.file(id).name.clone()))
        .collect();
    let filtered = Baseline::load(path)?.filter(findings, &linted);
    let gone = match filtered.gone {
        0 => String::new(),
        n => format!(
            "; {} of it no longer found (--write-baseline rewrites it)",
            counted(n, "finding")
        ),
    };
    let elsewhere = match filtered.elsewhere {
        0 => String::new(),
        n => format!(
            "; it holds {} in files this run did not read",
            counted(n, "finding")
        ),
    };
    warn(&format!(
        "the baseline {} accepts {} of this run{gone}{elsewhere}",
        path.display(),
        counted(filtered.accepted, "finding"),
    ));
    Ok(())
}

/// Whether a finding is at least as severe as `fail_on` asks.
fn fails(findings: &[lint::Finding], fail_on: FailOn) -> bool {
    let threshold = match fail_on {
        FailOn::Error => Some(Severity::Error),
        FailOn::Warning => Some(Severity::Warning),
        FailOn::Info => Some(Severity::Info),
        FailOn::Never => None,
    };
    threshold.is_some_and(|t| findings.iter().any(|f| f.severity >= t))
}

/// The findings of one spec or manifest, with their lines.
fn lint_one(
    spec: &load::Spec,
    spec_options: &SpecOptions,
    settings: &RuleSettings,
) -> Result<Vec<lint::Finding>, Error> {
    // Lint reads a manifest's tools as they are: these apply to a spec only.
    let options =
        spec_options.convert_options(spec_options.load_overrides()?, &OutputOptions::default())?;
    let client = spec_options
        .client
        .map(|c| (c, spec_options.server_name.clone()));
    pipeline::lint(spec, &options, settings, client)
}

pub(super) fn run_rules(args: RulesArgs) -> Result<ExitCode, Error> {
    let chosen: Vec<&lint::rules::Rule> = match &args.rule {
        Some(name) => vec![lint::rules::find(name).expect("clap takes only rule names")],
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
