//! The command line: arguments, one function per command, and exit codes.
//!
//! Exit codes: 0 success; 1 the command ran but found what it was asked to fail on
//! (`--strict` contradictions, operations skipped by `--keep-going`); 2 the input could not be read or converted (and usage
//! errors, as clap reports them).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::convert::Options;
use crate::error::Error;
use crate::hints::HintStyle;
use crate::load::Input;
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
    /// Add openWorldHint: false to every tool, for APIs that act only on the caller's own domain
    #[arg(long)]
    closed_world: bool,
    /// Longest tool name (16 to 128); longer names are cut and end in a hash
    #[arg(long, value_name = "N", default_value_t = 64, value_parser = clap::value_parser!(u16).range(16..=128))]
    name_max: u16,
    /// Add outputSchema from each operation's first 2xx JSON response
    #[arg(long)]
    output_schema: bool,
    /// Fail with exit code 1, writing nothing, when x-mcp-annotations contradict the method
    #[arg(long)]
    strict: bool,
    /// Skip operations that cannot be converted, list each on stderr, and exit with code 1
    #[arg(long)]
    keep_going: bool,
    /// Allow $refs to files under DIR, outside the spec's own directory (repeatable)
    #[arg(long, value_name = "DIR")]
    allow_ref_outside: Vec<PathBuf>,
}

/// Parses the arguments, runs the command, prints any error, and returns the exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Convert(args) => run_convert(args),
    };
    result.unwrap_or_else(|error| {
        eprintln!("error: {error}");
        ExitCode::from(2)
    })
}

fn run_convert(args: ConvertArgs) -> Result<ExitCode, Error> {
    let options = Options {
        name_max: usize::from(args.name_max),
        hint_style: args.hints,
        closed_world: args.closed_world,
        output_schema: args.output_schema,
        keep_going: args.keep_going,
    };
    let input = Input::from_arg(&args.spec);
    let conversion = pipeline::convert_input(&input, &args.allow_ref_outside, &options)?;
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

fn write_stdout(text: &str) -> Result<(), Error> {
    use std::io::Write;
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
