//! `convert`: a spec to a manifest, written atomically or checked for staleness.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::{report_warnings, spec_input, verbose, warn, write_stdout, SpecArgs};
use openapi2mcp_core::convert::profile::ClientProfile;
use openapi2mcp_core::convert::{Conversion, Options};
use openapi2mcp_core::error::{Error, ErrorKind};
use openapi2mcp_core::load::{self, FileAccess, Input};
use openapi2mcp_core::manifest::ManifestWriter;
use openapi2mcp_core::options::{ConvertOptions, OutputOptions};
use openapi2mcp_core::output::{self, OutputFile};
use openapi2mcp_core::pipeline;
use openapi2mcp_core::text::{counted, thousands};
use openapi2mcp_core::tokens::{OverBudget, LIST_BUDGET};

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

/// What convert does, resolved once: the command line over the config file over the
/// defaults.
struct ConvertSettings {
    input: Input,
    file_access: FileAccess,
    options: Options,
    client: Option<ClientProfile>,
    /// Where the manifest goes: standard output without one (or with `-o -`).
    output: Option<PathBuf>,
    /// The files read besides the spec, which the manifest must not replace.
    read_besides: Vec<(&'static str, PathBuf)>,
    strict: bool,
    check: bool,
}

impl ConvertSettings {
    fn resolve(args: ConvertArgs) -> Result<ConvertSettings, Error> {
        let (spec_options, config) = args.spec_args.resolve()?;
        let input = spec_input(args.spec.as_deref(), &config)?;
        let read_besides = super::inputs_besides_the_spec(&spec_options, &config);
        let convert = super::over(args.convert, config.convert);
        let output = super::over(args.output, config.output);
        let options = Options {
            keep_going: args.keep_going,
            ..spec_options.convert_options(spec_options.load_overrides()?, &output)?
        };
        Ok(ConvertSettings {
            input,
            file_access: super::file_access(&spec_options),
            options,
            client: spec_options.client,
            output: super::output_file(convert.output),
            read_besides,
            strict: convert.strict == Some(true),
            check: args.check,
        })
    }
}

pub(super) fn run_convert(args: ConvertArgs) -> Result<ExitCode, Error> {
    let settings = ConvertSettings::resolve(args)?;
    // Never freed: the process ends after, and freeing a large spec's parsed text one
    // piece at a time takes a twentieth of converting it.
    let spec = std::mem::ManuallyDrop::new(load::load(&settings.input, &settings.file_access)?);
    let spec: &load::Spec = &spec;
    verbose(&format!("read {}", settings.input.display_name()));
    let options = &settings.options;
    if settings.check {
        let Some(path) = &settings.output else {
            return Err(Error::new(
                ErrorKind::Usage,
                "--check compares with an output file: name it with -o FILE (- is standard output)",
            ));
        };
        return check_manifest(spec, options, path);
    }
    // A file is written as the tools come and replaces the old one only at the end; standard
    // output gets the whole text at the end, so a failure never leaves half a manifest.
    let (conversion, written, output) = match &settings.output {
        Some(path) => {
            super::refuse_writing_over(path, [spec], &settings.read_besides)?;
            let mut file = OutputFile::create(path)?;
            let out = std::io::BufWriter::new(file.writer());
            let (conversion, written, out) = write_manifest(spec, options, out, path)?;
            out.into_inner()
                .map_err(|e| output::write_error(path, e.into_error()))?;
            (conversion, written, Output::File(file))
        }
        None => {
            let (conversion, written, text) =
                write_manifest(spec, options, Vec::new(), Path::new("-"))?;
            (conversion, written, Output::Stdout(text))
        }
    };
    report_warnings(&conversion);
    // Referenced files are read as conversion reaches them: counted once it is done.
    verbose(&format!(
        "{} written from {}, {} skipped",
        counted(written.tools, "tool"),
        counted(spec.file_count(), "file"),
        counted(conversion.skipped.len(), "operation")
    ));
    if let Some(path) = &settings.output {
        // Again now that every file a `$ref` reaches has been read: the old file stays.
        super::refuse_writing_over(path, [spec], &settings.read_besides)?;
    }
    if let Some(warning) = size_warning(&written, settings.client, options.compact) {
        warn(&warning);
    }
    finish(&settings, &conversion, &written, output)
}

/// `--check`: whether the manifest at `path` is what converting `spec` would write.
fn check_manifest(spec: &load::Spec, options: &Options, path: &Path) -> Result<ExitCode, Error> {
    let (conversion, _, text) = write_manifest(spec, options, Vec::new(), path)?;
    report_warnings(&conversion);
    let text = String::from_utf8(text).expect("JSON is UTF-8");
    let said = match openapi2mcp_core::load::read_written_file(path)? {
        Some(existing) if existing == text => return Ok(ExitCode::SUCCESS),
        Some(existing) => format!(
            "{} is stale:\n{}",
            path.display(),
            openapi2mcp_core::review::staleness(&existing, &text)
        ),
        None => format!(
            "{} does not exist yet: run `openapi2mcp convert` with -o {} to write it\n",
            path.display(),
            path.display()
        ),
    };
    write_stdout(&said)?;
    Ok(ExitCode::from(1))
}

/// The manifest kept (the file committed, or the text printed) unless `--strict` finds
/// contradictions; the exit code says whether every operation was converted.
fn finish(
    settings: &ConvertSettings,
    conversion: &Conversion,
    written: &Written,
    output: Output,
) -> Result<ExitCode, Error> {
    if settings.strict && !conversion.contradictions.is_empty() {
        super::error(&format!(
            "--strict: {} between hints and methods; nothing written",
            counted(conversion.contradictions.len(), "contradiction")
        ));
        return Ok(ExitCode::from(1));
    }
    match output {
        Output::File(file) => {
            file.commit()?;
            if let Some(path) = &settings.output {
                warn(&format!(
                    "wrote {} to {}",
                    counted(written.tools, "tool"),
                    path.display()
                ));
            }
        }
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
        written.tools
    ));
    Ok(ExitCode::from(1))
}

/// What a manifest holds: its tools, the tokens they take (counted for `-v` only: counting
/// costs as much as converting), and whether they pass [`LIST_BUDGET`].
pub(super) struct Written {
    tools: usize,
    tokens: usize,
    over_budget: OverBudget,
}

/// The warning for a list of tools that a client refuses or cuts, or that fills a model's
/// context: what `--client` (else any known client) takes, and the ways out.
fn size_warning(written: &Written, client: Option<ClientProfile>, compact: bool) -> Option<String> {
    let clients = match client {
        Some(client) => vec![client],
        None => ClientProfile::value_variants().to_vec(),
    };
    let mut limits: Vec<_> = clients
        .into_iter()
        .filter_map(ClientProfile::tool_limit)
        .filter(|(limit, _, _)| written.tools > *limit)
        .collect();
    limits.sort_by_key(|(limit, _, _)| *limit);
    let refusing: Vec<String> = limits
        .iter()
        .map(|(limit, name, _)| format!("{name} ({limit})"))
        .collect();
    let mut problems = Vec::new();
    if !refusing.is_empty() {
        let take = if refusing.len() == 1 { "takes" } else { "take" };
        problems.push(format!("more than {} {take}", and_list(&refusing)));
    }
    if written.over_budget.is_over() {
        problems.push(format!(
            "past {} tokens of a model's context (lint's --token-budget)",
            thousands(LIST_BUDGET)
        ));
    }
    if problems.is_empty() {
        return None;
    }
    let smaller = if compact {
        ""
    } else {
        ", make them smaller (--compact)"
    };
    Some(format!(
        "warning: {} tools: {}; serve a part (--include-tag, --include-path, serve --toolset){smaller} or serve the API with `serve --dynamic`",
        thousands(written.tools),
        problems.join(", and ")
    ))
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// Where a finished manifest goes.
pub(super) enum Output {
    File(OutputFile),
    Stdout(Vec<u8>),
}

/// Converts `spec`, writing each tool to `out` as it is made; returns what was written.
fn write_manifest<W: Write>(
    spec: &openapi2mcp_core::load::Spec,
    options: &Options,
    out: W,
    path: &Path,
) -> Result<(Conversion, Written, W), Error> {
    let mut writer = ManifestWriter::new(out);
    let mut written = Written {
        tools: 0,
        tokens: 0,
        over_budget: OverBudget::new(LIST_BUDGET),
    };
    let count_all = super::is_verbose();
    let conversion = pipeline::convert_spec_each(spec, options, &mut |converted| {
        written.tools += 1;
        super::report_tool_cuts(converted.name(), &converted.cuts);
        if count_all {
            written.tokens += openapi2mcp_core::tokens::count(&converted.tool);
        }
        written.over_budget.add(&converted.tool);
        writer
            .push(&converted.tool)
            .map_err(|e| output::write_error(path, e))
    })?;
    let out = writer.finish().map_err(|e| output::write_error(path, e))?;
    if options.compact {
        super::report_cuts(&conversion.cuts);
    }
    verbose(&format!(
        "the tools take {} tokens of a model's context (o200k)",
        written.tokens
    ));
    Ok((conversion, written, out))
}
