//! The command line: arguments, one function per command, and exit codes.
//!
//! Exit codes: 0 success; 1 the command ran but found what it was asked to fail on
//! (`--strict` contradictions, operations skipped by `--keep-going`, loosened hints with
//! `--fail-on-loosened`, lint findings at or above `--fail-on`); 2 the input could not be read or converted (and usage errors, as
//! clap reports them).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::config::Config;
use crate::convert::{Conversion, Options, Tool};
use crate::error::Error;
use crate::hints::overrides::{self, Overrides};
use crate::hints::HintStyle;
use crate::lint::{self, Severity};
use crate::load::{self, Input};
use crate::manifest::{AtomicFile, ManifestWriter};
use crate::review::{self, Format, Only, Side};
use crate::{manifest, pipeline};

#[derive(Debug, Parser)]
#[command(
    name = "openapi2mcp",
    version,
    about = "Turn OpenAPI documents into Model Context Protocol tools, with honest annotation hints"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Convert a Swagger 2.0 or OpenAPI 3.0, 3.1 or 3.2 document into an MCP tools manifest
    Convert(ConvertArgs),
    /// Show every tool's hints with their sources, suggestions and risks; compare versions
    Review(ReviewArgs),
    /// Check a spec or any tools manifest: names against hints, risky hints, what clients reject
    Lint(LintArgs),
    /// Print every lint rule with its documentation, or one rule's
    Rules(RulesArgs),
}

/// How a spec becomes tools: shared by every command that reads one.
#[derive(Debug, Args)]
struct SpecOptions {
    /// Add openWorldHint: false to every tool, for APIs that act only on the caller's own domain
    #[arg(long)]
    closed_world: bool,
    /// Longest tool name (16 to 128); longer names are cut and end in a hash
    #[arg(long, value_name = "N", default_value_t = 64, value_parser = clap::value_parser!(u16).range(16..=128))]
    name_max: u16,
    /// Apply the hint decisions in FILE (see `review --write-overrides`) over the spec's
    #[arg(long, value_name = "FILE")]
    overrides: Option<PathBuf>,
    /// Allow $refs to files under DIR, outside the spec's own directory (repeatable)
    #[arg(long, value_name = "DIR")]
    allow_ref_outside: Vec<PathBuf>,
}

impl SpecOptions {
    fn options(&self, overrides: Option<Overrides>) -> Options {
        Options {
            name_max: usize::from(self.name_max),
            closed_world: self.closed_world,
            overrides,
            ..Options::default()
        }
    }

    fn load_overrides(&self) -> Result<Option<Overrides>, Error> {
        self.overrides.as_deref().map(Overrides::load).transpose()
    }
}

#[derive(Debug, Args)]
struct ConvertArgs {
    /// The OpenAPI or Swagger document (JSON or YAML): a path, or - for standard input
    spec: String,
    /// Write the manifest to FILE, atomically, instead of to standard output
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Hint style: minimal (only what differs from the MCP defaults) or explicit (all four)
    #[arg(long, value_enum, value_name = "STYLE", default_value_t = HintStyle::Minimal)]
    hints: HintStyle,
    /// Add outputSchema from each operation's first 2xx JSON response
    #[arg(long)]
    output_schema: bool,
    /// Fail with exit code 1, writing nothing, when the spec's or overrides' hints contradict the method
    #[arg(long)]
    strict: bool,
    /// Skip operations that cannot be converted, list each on stderr, and exit with code 1
    #[arg(long)]
    keep_going: bool,
    #[command(flatten)]
    spec_options: SpecOptions,
}

#[derive(Debug, Args)]
struct ReviewArgs {
    /// The OpenAPI or Swagger document (JSON or YAML): a path, or - for standard input
    spec: String,
    /// Output: table (for the terminal), markdown (for a pull request), json (for scripts)
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Table)]
    format: Format,
    /// Show only tools with suggestions, with risky hints, or with overridden hints
    #[arg(long, value_enum, value_name = "WHAT")]
    only: Option<Only>,
    /// Compare with an older version (a spec or a tools manifest) and list what changed
    #[arg(long, value_name = "OLD")]
    base: Option<String>,
    /// With --base: exit with code 1 when a tool now looks safer to clients
    #[arg(long, requires = "base")]
    fail_on_loosened: bool,
    /// Write every suggestion to FILE as a commented-out overrides entry, keeping FILE's decisions
    #[arg(long, value_name = "FILE")]
    write_overrides: Option<PathBuf>,
    #[command(flatten)]
    spec_options: SpecOptions,
}

#[derive(Debug, Args)]
struct LintArgs {
    /// A spec, or a tools manifest ({"tools": [...]}, an array of tools, or a tools/list
    /// response): a path, or - for standard input
    input: String,
    /// Output: human, json, sarif (GitHub code scanning), github (workflow commands)
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = lint::report::Format::Human)]
    format: lint::report::Format,
    /// Exit with code 1 when a finding is at least this severe (error, warning, info, never)
    #[arg(long, value_name = "LEVEL", default_value = "error", value_parser = ["error", "warning", "info", "never"])]
    fail_on: String,
    /// Read rule severities from FILE instead of the openapi2mcp.yaml found from here upward
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Turn a rule off, by code or name (repeatable)
    #[arg(long, value_name = "RULE")]
    ignore: Vec<String>,
    #[command(flatten)]
    spec_options: SpecOptions,
}

#[derive(Debug, Args)]
struct RulesArgs {
    /// A rule's code or name; all rules when left out
    rule: Option<String>,
}

/// Parses the arguments, runs the command, prints any error, and returns the exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Convert(args) => run_convert(args),
        Command::Review(args) => run_review(args),
        Command::Lint(args) => run_lint(args),
        Command::Rules(args) => run_rules(args),
    };
    result.unwrap_or_else(|error| {
        eprintln!("error: {error}");
        ExitCode::from(2)
    })
}

fn run_convert(args: ConvertArgs) -> Result<ExitCode, Error> {
    let options = Options {
        hint_style: args.hints,
        output_schema: args.output_schema,
        keep_going: args.keep_going,
        ..args
            .spec_options
            .options(args.spec_options.load_overrides()?)
    };
    let spec = load::load(
        &Input::from_arg(&args.spec),
        &args.spec_options.allow_ref_outside,
    )?;
    // A file is written as the tools come and replaces the old one only at the end; standard
    // output gets the whole text at the end, so a failure never leaves half a manifest.
    let (conversion, written, output) = match &args.output {
        Some(path) => {
            let mut file = AtomicFile::create(path)?;
            let out = std::io::BufWriter::new(file.writer());
            let (conversion, written, out) = write_manifest(&spec, &options, out, path)?;
            out.into_inner()
                .map_err(|e| manifest::write_error(path, e.into_error()))?;
            (conversion, written, Output::File(file))
        }
        None => {
            let (conversion, written, text) =
                write_manifest(&spec, &options, Vec::new(), Path::new("-"))?;
            (conversion, written, Output::Stdout(text))
        }
    };
    for warning in conversion.warnings.iter().chain(&conversion.contradictions) {
        eprintln!("warning: {warning}");
    }
    if args.strict && !conversion.contradictions.is_empty() {
        eprintln!(
            "error: --strict: {} contradiction(s) between hints and methods; nothing written",
            conversion.contradictions.len()
        );
        return Ok(ExitCode::from(1));
    }
    match output {
        Output::File(file) => file.commit()?,
        Output::Stdout(text) => write_stdout(&String::from_utf8_lossy(&text))?,
    }
    if conversion.skipped.is_empty() {
        return Ok(ExitCode::SUCCESS);
    }
    for error in &conversion.skipped {
        eprintln!("skipped: {error}");
    }
    eprintln!(
        "error: --keep-going: {} operation(s) skipped, {} converted",
        conversion.skipped.len(),
        written
    );
    Ok(ExitCode::from(1))
}

/// Where a finished manifest goes.
enum Output {
    File(AtomicFile),
    Stdout(Vec<u8>),
}

/// Converts `spec`, writing each tool to `out` as it is made; returns how many.
fn write_manifest<W: Write>(
    spec: &crate::load::Spec,
    options: &Options,
    out: W,
    path: &Path,
) -> Result<(Conversion, usize, W), Error> {
    let mut writer = ManifestWriter::new(out, options.hint_style);
    let mut written = 0;
    let conversion = pipeline::convert_spec_each(spec, options, &mut |tool| {
        written += 1;
        writer
            .push(&tool)
            .map_err(|e| manifest::write_error(path, e))
    })?;
    let out = writer
        .finish()
        .map_err(|e| manifest::write_error(path, e))?;
    Ok((conversion, written, out))
}

fn run_review(args: ReviewArgs) -> Result<ExitCode, Error> {
    let color = anstream::AutoStream::choice(&std::io::stdout()) != anstream::ColorChoice::Never;
    // The file being written holds decisions too: they apply to what is reviewed.
    let existing = match &args.write_overrides {
        Some(path) if path.exists() => Some(Overrides::load(path)?),
        _ => args.spec_options.load_overrides()?,
    };
    let options = args.spec_options.options(existing.clone());
    let input = Input::from_arg(&args.spec);
    let conversion =
        pipeline::convert_input(&input, &args.spec_options.allow_ref_outside, &options)?;

    if let Some(path) = &args.write_overrides {
        let suggestions: Vec<_> = conversion
            .tools
            .iter()
            .map(|t| (t.name.clone(), t.suggestions.clone()))
            .collect();
        let count: usize = suggestions.iter().map(|(_, s)| s.len()).sum();
        manifest::write_atomically(path, &overrides::render(existing.as_ref(), &suggestions))?;
        eprintln!(
            "wrote {}: {count} suggestion(s), commented out",
            path.display()
        );
    }

    if let Some(base) = &args.base {
        let old = base_sides(base, &args.spec_options)?;
        let new: Vec<Side> = conversion.tools.iter().map(Side::of).collect();
        let diff = review::diff(&old, &new);
        write_stdout(&review::render_diff(&diff, base, args.format, color))?;
        if args.fail_on_loosened && diff.loosened() > 0 {
            return Ok(ExitCode::from(1));
        }
        return Ok(ExitCode::SUCCESS);
    }

    let shown: Vec<&Tool> = conversion
        .tools
        .iter()
        .filter(|t| args.only.is_none_or(|only| only.keeps(t)))
        .collect();
    write_stdout(&review::render_tools(&shown, args.format, color))?;
    Ok(ExitCode::SUCCESS)
}

fn run_lint(args: LintArgs) -> Result<ExitCode, Error> {
    let color = anstream::AutoStream::choice(&std::io::stdout()) != anstream::ColorChoice::Never;
    let cwd = std::env::current_dir().unwrap_or_default();
    let mut settings = Config::find(args.config.as_deref(), &cwd)?.lint;
    for rule in &args.ignore {
        settings
            .set(rule, "off")
            .map_err(|reason| Error::new(format!("--ignore: {reason}")))?;
    }
    let spec = load::load(
        &Input::from_arg(&args.input),
        &args.spec_options.allow_ref_outside,
    )?;
    let root = spec.root();
    let conversion;
    let subjects = if root.get("openapi").is_some() || root.get("swagger").is_some() {
        let options = args
            .spec_options
            .options(args.spec_options.load_overrides()?);
        conversion = pipeline::convert_spec(&spec, &options)?;
        lint::subjects_from_tools(&spec, &conversion.tools)
    } else {
        lint::subjects_from_manifest(root, &spec.file(0).name)?
    };
    let mut findings = lint::lint(&subjects, &settings);
    lint::add_lines(&mut findings, &spec);
    let line_source = |file: &str, line: usize| spec.line(file, line);
    write_stdout(&lint::report::render(
        &findings,
        args.format,
        color,
        &line_source,
    ))?;
    if args.format != lint::report::Format::Human {
        eprint!("{}", lint::report::summary(&findings));
    }
    let threshold = Severity::parse(&args.fail_on);
    let failing = threshold.is_some_and(|t| findings.iter().any(|f| f.severity >= t));
    Ok(if failing {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn run_rules(args: RulesArgs) -> Result<ExitCode, Error> {
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

/// The tools of the version given to `--base`: a spec is converted (without overrides:
/// the comparison shows what they change), a manifest is read as it is.
fn base_sides(base: &str, spec_options: &SpecOptions) -> Result<Vec<Side>, Error> {
    let spec = load::load(&Input::from_arg(base), &spec_options.allow_ref_outside)?;
    let root = spec.root();
    if root.get("openapi").is_some() || root.get("swagger").is_some() {
        let conversion = pipeline::convert_spec(&spec, &spec_options.options(None))?;
        Ok(conversion.tools.iter().map(Side::of).collect())
    } else {
        review::read_base(root, base)
    }
}

fn write_stdout(text: &str) -> Result<(), Error> {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => Ok(()),
        // A closed pipe (`| head`) is the reader's choice, not our failure.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(Error::new(format!("cannot write to standard output: {e}"))),
    }
}
