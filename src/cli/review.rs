//! `review`: every hint with its source, suggestions and risks; `--base` compares versions.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use super::{conversion_of, spec_input, write_stdout, SpecArgs};
use openapi2mcp_core::config::Config;
use openapi2mcp_core::convert::overrides::{self, Overrides};
use openapi2mcp_core::convert::Converted;
use openapi2mcp_core::error::{Error, ErrorKind};
use openapi2mcp_core::load::{self, Input};
use openapi2mcp_core::options::{OutputOptions, SpecOptions};
use openapi2mcp_core::review::{self, Only, ReviewFormat, Side};
use openapi2mcp_core::{output, pipeline};

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  openapi2mcp review api.yaml
  openapi2mcp review api.yaml --only suggestions
  openapi2mcp review api.yaml --format html -o review.html
  openapi2mcp review api.yaml --base old-api.yaml --fail-on-loosened   (what a change loosened)
  openapi2mcp review api.yaml --write-overrides overrides.yaml         (suggestions to decide)")]
pub(super) struct ReviewArgs {
    /// The OpenAPI or Swagger document (JSON or YAML): a path, or - for standard input
    /// (default: `spec` in the config file)
    spec: Option<String>,
    /// Output: table (for the terminal), markdown (for a pull request), json (for scripts),
    /// html (one self-contained page)
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = ReviewFormat::Table)]
    format: ReviewFormat,
    /// Write the review to FILE, atomically, instead of to standard output (which - names)
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// The most characters markdown may take (at least 1000); what does not fit is counted at
    /// the end
    #[arg(long, value_name = "N", default_value_t = review::GITHUB_COMMENT_LIMIT,
          value_parser = at_least_1000)]
    max_chars: usize,
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
    #[arg(long, value_name = "FILE", value_parser = super::file_to_keep)]
    write_overrides: Option<PathBuf>,
    #[command(flatten)]
    spec_args: SpecArgs,
}

pub(super) fn run_review(mut args: ReviewArgs) -> Result<ExitCode, Error> {
    args.output = super::output_file(args.output);
    let (spec_options, config) = args.spec_args.resolve()?;
    let max_chars = args.max_chars;
    let input = spec_input(args.spec.as_deref(), &config)?;
    let color = anstream::AutoStream::choice(&std::io::stdout()) != anstream::ColorChoice::Never;
    // The file being written holds decisions too: they apply to what is reviewed.
    let existing = match &args.write_overrides {
        Some(path) if path.exists() => Some(openapi2mcp_core::options::read_overrides(path)?),
        _ => None,
    };
    let spec = load::load(&input, &super::file_access(&spec_options))?;
    let no_output_options = OutputOptions::default();
    let conversion = conversion_of(
        &spec,
        &spec_options,
        &no_output_options,
        &config,
        existing.clone(),
    )?;
    // Converted, so every file a `$ref` reaches has been read.
    let read_besides = super::inputs_besides_the_spec(&spec_options, &config);
    let outputs = Outputs {
        review: args.output.as_deref(),
        overrides: args.write_overrides.as_deref(),
    };
    outputs.refuse_writing_over_inputs(args.base.as_deref(), &spec, read_besides)?;
    let existing = match existing {
        Some(existing) => Some(existing),
        None => spec_options.load_overrides()?,
    };

    if let Some(path) = &args.write_overrides {
        write_overrides(path, existing.as_ref(), &conversion.tools)?;
    }

    if let Some(base) = &args.base {
        let old = base_sides(base, &spec_options, &config)?;
        let new: Vec<Side> = conversion.tools.iter().map(Side::of).collect();
        let diff = review::diff(&old, &new);
        emit(
            args.output.as_deref(),
            &review::render_diff(&diff, base, args.format, color, max_chars),
        )?;
        if args.fail_on_loosened && diff.loosened() > 0 {
            return Ok(ExitCode::from(1));
        }
        return Ok(ExitCode::SUCCESS);
    }

    let shown: Vec<&Converted> = conversion
        .tools
        .iter()
        .filter(|t| args.only.is_none_or(|only| only.keeps(t)))
        .collect();
    let text_format = matches!(args.format, ReviewFormat::Table | ReviewFormat::Markdown);
    match args.only {
        Some(only) if shown.is_empty() && text_format => {
            emit(args.output.as_deref(), &format!("{}\n", only.none()))?;
        }
        _ => {
            let to_a_file = args.output.is_some();
            let presentation = presentation(to_a_file, max_chars, &input, color);
            emit(
                args.output.as_deref(),
                &review::render_tools(&shown, args.format, &presentation),
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The files a review writes.
struct Outputs<'a> {
    review: Option<&'a Path>,
    overrides: Option<&'a Path>,
}

impl Outputs<'_> {
    /// Refuses an output that would write over the spec or another file the review reads:
    /// the files a `$ref` reached, the base, and the overrides `--write-overrides` updates
    /// (which may be the ones read: they are kept in what is written).
    fn refuse_writing_over_inputs(
        &self,
        base: Option<&str>,
        spec: &load::Spec,
        mut read_besides: Vec<(&'static str, PathBuf)>,
    ) -> Result<(), Error> {
        let base = base.filter(|base| *base != "-");
        read_besides.extend(base.map(|base| ("the base", PathBuf::from(base))));
        read_besides.extend(
            self.overrides
                .map(|path| ("the overrides", path.to_path_buf())),
        );
        if let Some(path) = self.review {
            super::refuse_writing_over(path, [spec], &read_besides)?;
            // Not yet a file: one name for both would leave the review where the overrides
            // were.
            let same =
                |other: &&Path| std::path::absolute(path).ok() == std::path::absolute(other).ok();
            if self.overrides.as_ref().is_some_and(same) {
                return Err(Error::new(
                    ErrorKind::Usage,
                    "-o and --write-overrides name the same file: write the review to another one",
                ));
            }
        }
        if let Some(path) = self.overrides {
            read_besides.retain(|(what, _)| *what != "the overrides");
            super::refuse_writing_over(path, [spec], &read_besides)?;
        }
        Ok(())
    }
}

/// `--write-overrides`: every suggestion, commented out, beside the decisions already there.
fn write_overrides(
    path: &Path,
    existing: Option<&Overrides>,
    tools: &[Converted],
) -> Result<(), Error> {
    let suggestions: Vec<_> = tools
        .iter()
        .map(|t| (t.name().to_string(), t.suggestions.clone()))
        .collect();
    let count: usize = suggestions
        .iter()
        .map(|(_, s)| s.iter().filter(|s| s.is_suggested()).count())
        .sum();
    output::write_file(path, &overrides::render(existing, &suggestions))?;
    eprintln!(
        "wrote {}: {}, commented out",
        path.display(),
        openapi2mcp_core::text::counted(count, "suggestion")
    );
    Ok(())
}

/// How the table or markdown is shown: in the terminal's width when printing to one
/// (piped, no name is ever cut), in color only there.
fn presentation(
    to_a_file: bool,
    max_chars: usize,
    input: &Input,
    color: bool,
) -> review::Presentation {
    let width = (!to_a_file && std::io::IsTerminal::is_terminal(&std::io::stdout()))
        .then(|| terminal_size::terminal_size().map(|(w, _)| usize::from(w.0)))
        .flatten();
    review::Presentation {
        color: color && !to_a_file,
        width,
        max_chars,
        title: match input {
            Input::Stdin => "standard input".to_string(),
            Input::Path(_) | Input::Url(_) => input.display_name(),
        },
    }
}

/// `--max-chars`: room for the counts, the legend and what was left out.
fn at_least_1000(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n >= 1000 => Ok(n),
        _ => Err(format!("'{text}' is not a number of at least 1000")),
    }
}

/// The review, to `-o`'s file or standard output.
fn emit(output: Option<&std::path::Path>, text: &str) -> Result<(), Error> {
    match output {
        Some(path) => output::write_file(path, text),
        None => write_stdout(text),
    }
}

/// The tools of the version given to `--base`, as [`super::tools_of`] reads them (without
/// overrides: the comparison shows what they change).
fn base_sides(base: &str, spec_options: &SpecOptions, config: &Config) -> Result<Vec<Side>, Error> {
    let spec = load::load(&Input::from_arg(base), &super::file_access(spec_options))?;
    let no_overrides = SpecOptions {
        overrides: None,
        ..spec_options.clone()
    };
    let output = OutputOptions::default();
    let options = super::options_for(&spec, &no_overrides, &output, config, None)?;
    Ok(match pipeline::tool_list(&spec, &options)? {
        pipeline::ToolList::Described(conversion) => {
            conversion.tools.iter().map(Side::of).collect()
        }
        pipeline::ToolList::AsListed(tools) => tools.iter().map(Side::of_tool).collect(),
    })
}
