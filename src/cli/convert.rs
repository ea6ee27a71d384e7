//! `convert`: a spec to a manifest, written atomically or checked for staleness.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use clap::Args;

use super::{report_warnings, spec_input, verbose, write_stdout, SpecArgs};
use openapi2mcp::convert::{Conversion, Options};
use openapi2mcp::error::Error;
use openapi2mcp::load;
use openapi2mcp::manifest::ManifestWriter;
use openapi2mcp::options::{ConvertOptions, OutputOptions};
use openapi2mcp::output::{self, OutputFile};
use openapi2mcp::pipeline;
use openapi2mcp::text::counted;

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  openapi2mcp convert api.yaml -o tools.json
  openapi2mcp convert api.yaml --include-tag pets --read-only --compact
  openapi2mcp convert -o tools.json --check      (spec and options from openapi2mcp.yaml)")]
pub(super) struct ConvertArgs {
    /// The OpenAPI or Swagger document (JSON or YAML): a path, or - for standard input
    /// (default: `spec` in the config file)
    spec: Option<String>,
    #[command(flatten)]
    convert: ConvertOptions,
    /// Skip operations that cannot be converted, list each on stderr, and exit with code 1
    #[arg(long)]
    keep_going: bool,
    /// Write nothing; exit 0 if the output file is what convert would write, 1 (with a
    /// summary of the differences) if it is stale
    #[arg(long)]
    check: bool,
    #[command(flatten)]
    output: OutputOptions,
    #[command(flatten)]
    spec_args: SpecArgs,
}

pub(super) fn run_convert(args: ConvertArgs) -> Result<ExitCode, Error> {
    let (spec_options, config) = args.spec_args.combine()?;
    let input = spec_input(args.spec.as_deref(), &config)?;
    let convert = args.convert.combine(config.convert);
    let output = args.output.combine(config.output);
    let options = Options {
        keep_going: args.keep_going,
        ..spec_options.convert_options(spec_options.load_overrides()?, &output)?
    };
    let spec = load::load(&input, &spec_options.file_access())?;
    verbose(&format!("read {}", input.display_name()));
    if args.check {
        let Some(path) = &convert.output else {
            return Err(Error::new(
                "--check compares with the output file: name it with -o FILE",
            ));
        };
        let (conversion, _, text) = write_manifest(&spec, &options, Vec::new(), path)?;
        report_warnings(&conversion);
        let text = String::from_utf8(text).expect("JSON is UTF-8");
        return match openapi2mcp::load::read_written_file(path)? {
            Some(existing) if existing == text => Ok(ExitCode::SUCCESS),
            Some(existing) => {
                write_stdout(&format!(
                    "{} is stale:\n{}",
                    path.display(),
                    openapi2mcp::review::staleness(&existing, &text)
                ))?;
                Ok(ExitCode::from(1))
            }
            None => {
                write_stdout(&format!(
                    "{} does not exist yet: run `openapi2mcp convert` with -o {} to write it\n",
                    path.display(),
                    path.display()
                ))?;
                Ok(ExitCode::from(1))
            }
        };
    }
    // A file is written as the tools come and replaces the old one only at the end; standard
    // output gets the whole text at the end, so a failure never leaves half a manifest.
    let (conversion, written, output) = match &convert.output {
        Some(path) => {
            let mut file = OutputFile::create(path)?;
            let out = std::io::BufWriter::new(file.writer());
            let (conversion, written, out) = write_manifest(&spec, &options, out, path)?;
            out.into_inner()
                .map_err(|e| output::write_error(path, e.into_error()))?;
            (conversion, written, Output::File(file))
        }
        None => {
            let (conversion, written, text) =
                write_manifest(&spec, &options, Vec::new(), Path::new("-"))?;
            (conversion, written, Output::Stdout(text))
        }
    };
    report_warnings(&conversion);
    // Referenced files are read as conversion reaches them: counted once it is done.
    verbose(&format!(
        "{} written from {}, {} skipped",
        counted(written, "tool"),
        counted(spec.file_count(), "file"),
        counted(conversion.skipped.len(), "operation")
    ));
    if convert.strict == Some(true) && !conversion.contradictions.is_empty() {
        super::error(&format!(
            "--strict: {} between hints and methods; nothing written",
            counted(conversion.contradictions.len(), "contradiction")
        ));
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
    super::error(&format!(
        "--keep-going: {} skipped, {} converted",
        counted(conversion.skipped.len(), "operation"),
        written
    ));
    Ok(ExitCode::from(1))
}

/// Where a finished manifest goes.
pub(super) enum Output {
    File(OutputFile),
    Stdout(Vec<u8>),
}

/// Converts `spec`, writing each tool to `out` as it is made; returns how many.
fn write_manifest<W: Write>(
    spec: &openapi2mcp::load::Spec,
    options: &Options,
    out: W,
    path: &Path,
) -> Result<(Conversion, usize, W), Error> {
    let mut writer = ManifestWriter::new(out);
    let mut written = 0;
    let mut tokens = 0;
    let count_tokens = super::is_verbose();
    let conversion = pipeline::convert_spec_each(spec, options, &mut |converted| {
        written += 1;
        super::report_tool_cuts(converted.name(), &converted.cuts);
        if count_tokens {
            tokens += openapi2mcp::tokens::count(&converted.tool);
        }
        writer
            .push(&converted.tool)
            .map_err(|e| output::write_error(path, e))
    })?;
    let out = writer.finish().map_err(|e| output::write_error(path, e))?;
    if options.compact {
        super::report_cuts(&conversion.cuts);
    }
    verbose(&format!(
        "the tools take {tokens} tokens of a model's context (o200k)"
    ));
    Ok((conversion, written, out))
}
