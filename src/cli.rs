//! The command line: arguments, one function per command, and exit codes.
//!
//! Exit codes: 0 success; 1 the command ran but found what it was asked to fail on
//! (`--strict` contradictions, operations skipped by `--keep-going`, loosened hints with
//! `--fail-on-loosened`); 2 the input could not be read or converted (and usage errors, as
//! clap reports them).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::convert::{Options, Tool};
use crate::error::Error;
use crate::hints::overrides::{self, Overrides};
use crate::hints::HintStyle;
use crate::load::{self, Input};
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

/// Parses the arguments, runs the command, prints any error, and returns the exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Convert(args) => run_convert(args),
        Command::Review(args) => run_review(args),
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
    let input = Input::from_arg(&args.spec);
    let conversion =
        pipeline::convert_input(&input, &args.spec_options.allow_ref_outside, &options)?;
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
    let text = manifest::render(&conversion.tools, options.hint_style);
    match &args.output {
        Some(path) => manifest::write_atomically(path, &text)?,
        None => write_stdout(&text)?,
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
        conversion.tools.len()
    );
    Ok(ExitCode::from(1))
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
