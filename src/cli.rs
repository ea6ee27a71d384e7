//! The command line: arguments, one function per command, and exit codes.
//!
//! Exit codes: 0 success; 1 the command ran but found what it was asked to fail on
//! (`--strict` contradictions, operations skipped by `--keep-going`, loosened hints with
//! `--fail-on-loosened`, lint findings at or above `--fail-on`); 2 the input could not be read or converted (and usage errors, as
//! clap reports them).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU8, Ordering};

use clap::{Args, Parser, Subcommand};

use crate::config::Config;
use crate::convert::client::Client;
use crate::convert::filter::Filters;
use crate::convert::{Conversion, Options, Tool};
use crate::error::Error;
use crate::hints::overrides::{self, Overrides};
use crate::hints::HintStyle;
use crate::lint::{self, Severity};
use crate::load::{self, Input};
use crate::manifest::{AtomicFile, ManifestWriter};
use crate::mcp::client::{Listed, Server};
use crate::review::{self, Format, Only, Side};
use crate::{manifest, mcp, pipeline, serve, verify};

#[derive(Debug, Parser)]
#[command(
    name = "openapi2mcp",
    version,
    about = "Turn OpenAPI documents into Model Context Protocol tools, with honest annotation hints"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Print nothing on stderr but errors
    #[arg(short, long, global = true)]
    quiet: bool,
    /// Also print what was read and made, and how long it took, on stderr
    #[arg(short, long, global = true, conflicts_with = "quiet")]
    verbose: bool,
}

/// How much goes to stderr besides errors: 0 quiet, 1 warnings, 2 verbose.
static VERBOSITY: AtomicU8 = AtomicU8::new(1);

/// A warning or a note for the user, unless `--quiet`.
fn warn(message: &str) {
    if VERBOSITY.load(Ordering::Relaxed) >= 1 {
        eprintln!("{message}");
    }
}

/// What was done, with `--verbose`.
fn verbose(message: &str) {
    if VERBOSITY.load(Ordering::Relaxed) >= 2 {
        eprintln!("{message}");
    }
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Convert a Swagger 2.0 or OpenAPI 3.0, 3.1 or 3.2 document into an MCP tools manifest
    Convert(ConvertArgs),
    /// Show every tool's hints with their sources, suggestions and risks; compare versions
    Review(ReviewArgs),
    /// Check a spec or any tools manifest: names against hints, risky hints, what clients reject
    Lint(LintArgs),
    /// Start or reach an MCP server, read its tools/list, and compare with a manifest or spec
    Verify(VerifyArgs),
    /// Run the tools as an MCP server (stdio or Streamable HTTP) that calls the real API
    Serve(ServeArgs),
    /// Print every lint rule with its documentation, or one rule's
    Rules(RulesArgs),
    /// Print a completion script for a shell: bash, zsh, fish or powershell
    Completions(CompletionsArgs),
}

#[derive(Debug, Args)]
struct CompletionsArgs {
    /// The shell
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

/// How a spec becomes tools: shared by every command that reads one.
#[derive(Debug, Args)]
struct SpecOptions {
    /// Add openWorldHint: false to every tool, for APIs that act only on the caller's own domain
    #[arg(long)]
    closed_world: bool,
    /// Longest tool name, 16 to 128 (default: the client profile's, 64 for most); longer names
    /// are cut and end in a hash
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(16..=128))]
    name_max: Option<u16>,
    /// Apply the hint decisions in FILE (see `review --write-overrides`) over the spec's
    #[arg(long, value_name = "FILE")]
    overrides: Option<PathBuf>,
    /// Allow $refs to files under DIR, outside the spec's own directory (repeatable)
    #[arg(long, value_name = "DIR")]
    allow_ref_outside: Vec<PathBuf>,
    /// Keep only operations tagged TAG (repeatable: any of them)
    #[arg(long, value_name = "TAG")]
    include_tag: Vec<String>,
    /// Leave out operations tagged TAG (repeatable)
    #[arg(long, value_name = "TAG")]
    exclude_tag: Vec<String>,
    /// Keep only operations whose path matches GLOB, such as '/pets/**' (repeatable)
    #[arg(long, value_name = "GLOB")]
    include_path: Vec<String>,
    /// Leave out operations whose path matches GLOB (repeatable)
    #[arg(long, value_name = "GLOB")]
    exclude_path: Vec<String>,
    /// Keep only these HTTP methods, comma-separated: GET,POST
    #[arg(long, value_name = "METHODS", value_delimiter = ',')]
    methods: Vec<String>,
    /// Keep only the operation with this operationId or tool name (repeatable)
    #[arg(long, value_name = "ID")]
    operation: Vec<String>,
    /// Keep only tools whose effective hints are read-only: the safe subset for an agent
    #[arg(long)]
    read_only: bool,
    /// Read options from FILE instead of the openapi2mcp.yaml found from here upward
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Fit names and schemas to a client: claude and openai (the default), cursor, gemini,
    /// vscode, mcp
    #[arg(long, value_enum, value_name = "CLIENT")]
    client: Option<Client>,
    /// The name the MCP server is registered under (Cursor counts it in a tool's name)
    #[arg(long, value_name = "NAME")]
    server_name: Option<String>,
}

impl SpecOptions {
    fn options(&self, overrides: Option<Overrides>) -> Result<Options, Error> {
        let client = self.client.unwrap_or_default();
        let name_max = match self.name_max {
            Some(n) => usize::from(n),
            None => client
                .name_max(self.server_name.as_deref())
                .map_err(Error::new)?,
        };
        Ok(Options {
            name_max,
            client,
            closed_world: self.closed_world,
            overrides,
            filters: Filters::new(
                self.include_tag.clone(),
                self.exclude_tag.clone(),
                &self.include_path,
                &self.exclude_path,
                &self.methods,
                self.operation.clone(),
                self.read_only,
            )?,
            ..Options::default()
        })
    }

    /// The configuration file, with what it says filled into the options the command line
    /// left unset (flags win; a boolean flag can only turn an option on).
    fn merge_config(&mut self) -> Result<Config, Error> {
        let cwd = std::env::current_dir().unwrap_or_default();
        let config = Config::find(self.config.as_deref(), &cwd)?;
        let take = |given: &mut Vec<String>, configured: &[String]| {
            if given.is_empty() {
                given.extend(configured.iter().cloned());
            }
        };
        let filters = &config.filters;
        take(&mut self.include_tag, &filters.include_tags);
        take(&mut self.exclude_tag, &filters.exclude_tags);
        take(&mut self.include_path, &filters.include_paths);
        take(&mut self.exclude_path, &filters.exclude_paths);
        take(&mut self.methods, &filters.methods);
        take(&mut self.operation, &filters.operations);
        self.read_only |= filters.read_only;
        self.closed_world |= config.closed_world;
        self.name_max = self.name_max.or(config.name_max);
        self.client = self.client.or(config.client);
        if self.server_name.is_none() {
            self.server_name.clone_from(&config.server_name);
        }
        if self.overrides.is_none() {
            self.overrides.clone_from(&config.overrides);
        }
        if self.allow_ref_outside.is_empty() {
            self.allow_ref_outside.clone_from(&config.allow_ref_outside);
        }
        Ok(config)
    }

    fn load_overrides(&self) -> Result<Option<Overrides>, Error> {
        self.overrides.as_deref().map(Overrides::load).transpose()
    }
}

#[derive(Debug, Args)]
struct ConvertArgs {
    /// The OpenAPI or Swagger document (JSON or YAML): a path, or - for standard input
    /// (default: `spec` in the config file)
    spec: Option<String>,
    /// Write the manifest to FILE, atomically, instead of to standard output
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Hint style: minimal (the default: only what differs from the MCP defaults) or explicit
    /// (all four)
    #[arg(long, value_enum, value_name = "STYLE")]
    hints: Option<HintStyle>,
    /// Add outputSchema from each operation's first 2xx JSON response
    #[arg(long)]
    output_schema: bool,
    /// Fail with exit code 1, writing nothing, when the spec's or overrides' hints contradict the method
    #[arg(long)]
    strict: bool,
    /// Skip operations that cannot be converted, list each on stderr, and exit with code 1
    #[arg(long)]
    keep_going: bool,
    /// Write nothing; exit 0 if the output file is what convert would write, 1 (with a
    /// summary of the differences) if it is stale
    #[arg(long)]
    check: bool,
    #[command(flatten)]
    spec_options: SpecOptions,
}

#[derive(Debug, Args)]
struct ReviewArgs {
    /// The OpenAPI or Swagger document (JSON or YAML): a path, or - for standard input
    /// (default: `spec` in the config file)
    spec: Option<String>,
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
    /// response): a path, or - for standard input (default: `spec` in the config file)
    input: Option<String>,
    /// Output: human, json, sarif (GitHub code scanning), github (workflow commands)
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = lint::report::Format::Human)]
    format: lint::report::Format,
    /// Exit with code 1 when a finding is at least this severe: error (the default), warning,
    /// info, or never
    #[arg(long, value_name = "LEVEL", value_parser = ["error", "warning", "info", "never"])]
    fail_on: Option<String>,
    /// Turn a rule off, by code or name (repeatable)
    #[arg(long, value_name = "RULE")]
    ignore: Vec<String>,
    /// Lint what a running server lists: the command that starts it comes after --
    #[arg(long, requires = "command")]
    server: bool,
    #[command(flatten)]
    server_args: ServerArgs,
    #[command(flatten)]
    spec_options: SpecOptions,
}

/// Where a running server is: a command after `--`, or `--url`.
#[derive(Debug, Args)]
struct ServerArgs {
    /// A Streamable HTTP endpoint to reach (http:// only), instead of a command after --
    #[arg(long, value_name = "URL", conflicts_with = "command")]
    url: Option<String>,
    /// Seconds to wait for the server to start and answer
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0)]
    timeout: f64,
    /// The command that starts the server over stdio, after --
    #[arg(last = true, value_name = "COMMAND")]
    command: Vec<String>,
}

impl ServerArgs {
    fn server(&self) -> Option<Server> {
        match (&self.url, self.command.is_empty()) {
            (Some(url), _) => Some(Server::Url(url.clone())),
            (None, false) => Some(Server::Command(self.command.clone())),
            (None, true) => None,
        }
    }

    fn list(&self) -> Result<Listed, Error> {
        let server = self
            .server()
            .ok_or_else(|| Error::new("name the server: a command after --, or --url URL"))?;
        if !(self.timeout > 0.0 && self.timeout.is_finite()) {
            return Err(Error::new("--timeout must be a positive number of seconds"));
        }
        mcp::client::list_tools(&server, std::time::Duration::from_secs_f64(self.timeout))
    }
}

#[derive(Debug, Args)]
struct VerifyArgs {
    /// The tools manifest, or a spec to convert first (with the options below)
    expected: String,
    /// Output: human (a table of differences) or json
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = VerifyFormat::Human)]
    format: VerifyFormat,
    #[command(flatten)]
    server: ServerArgs,
    #[command(flatten)]
    spec_options: SpecOptions,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum VerifyFormat {
    Human,
    Json,
}

#[derive(Debug, Args)]
struct ServeArgs {
    /// A spec to convert with the options below, or a tools manifest convert wrote (default:
    /// `spec` in the config file)
    input: Option<String>,
    /// Serve Streamable HTTP at ADDRESS (such as 127.0.0.1:8080), path /mcp, instead of stdio
    #[arg(long, value_name = "ADDRESS")]
    http: Option<std::net::SocketAddr>,
    /// Send every request to URL instead of the spec's server URL
    #[arg(long, value_name = "URL")]
    base_url: Option<String>,
    /// Seconds to wait for each response from the API
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0)]
    timeout: f64,
    /// Repeat a call that timed out or got a 5xx up to N times, only for tools that are
    /// read-only or idempotent (a POST or PATCH only with an idempotency key)
    #[arg(long, value_name = "N", default_value_t = 0)]
    retries: u32,
    /// Cut response bodies longer than BYTES, with a note saying so
    #[arg(long, value_name = "BYTES", default_value_t = 1_000_000)]
    max_response_bytes: usize,
    /// Hint style of the served tools: minimal (the default) or explicit (all four)
    #[arg(long, value_enum, value_name = "STYLE")]
    hints: Option<HintStyle>,
    /// Add outputSchema to the tools, and structuredContent to their results
    #[arg(long)]
    output_schema: bool,
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
    let level = if cli.quiet {
        0
    } else if cli.verbose {
        2
    } else {
        1
    };
    VERBOSITY.store(level, Ordering::Relaxed);
    let started = std::time::Instant::now();
    let result = match cli.command {
        Command::Convert(args) => run_convert(args),
        Command::Review(args) => run_review(args),
        Command::Lint(args) => run_lint(args),
        Command::Verify(args) => run_verify(args),
        Command::Serve(args) => run_serve(args),
        Command::Rules(args) => run_rules(args),
        Command::Completions(args) => {
            // Into memory first: clap_complete panics when a write fails (a closed pipe).
            let mut script = Vec::new();
            let mut command = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(args.shell, &mut command, "openapi2mcp", &mut script);
            write_stdout(&String::from_utf8_lossy(&script)).map(|()| ExitCode::SUCCESS)
        }
    };
    verbose(&format!("done in {:.3} s", started.elapsed().as_secs_f64()));
    result.unwrap_or_else(|error| {
        eprintln!("error: {error}");
        ExitCode::from(2)
    })
}

fn run_convert(mut args: ConvertArgs) -> Result<ExitCode, Error> {
    let config = args.spec_options.merge_config()?;
    let input = spec_input(args.spec.as_deref(), &config)?;
    if args.output.is_none() {
        args.output.clone_from(&config.output);
    }
    args.strict |= config.strict;
    let options = Options {
        hint_style: args.hints.or(config.hints).unwrap_or_default(),
        output_schema: args.output_schema || config.output_schema,
        keep_going: args.keep_going,
        ..args
            .spec_options
            .options(args.spec_options.load_overrides()?)?
    };
    let spec = load::load(&input, &args.spec_options.allow_ref_outside)?;
    verbose(&format!(
        "read {} ({} file(s))",
        input.display_name(),
        spec.file_count()
    ));
    if args.check {
        let Some(path) = &args.output else {
            return Err(Error::new(
                "--check compares with the output file: name it with -o FILE",
            ));
        };
        let (conversion, _, text) = write_manifest(&spec, &options, Vec::new(), path)?;
        report_warnings(&conversion);
        let text = String::from_utf8(text).expect("JSON is UTF-8");
        return match std::fs::read_to_string(path) {
            Ok(existing) if existing == text => Ok(ExitCode::SUCCESS),
            Ok(existing) => {
                write_stdout(&format!(
                    "{} is stale:\n{}",
                    path.display(),
                    manifest::staleness(&existing, &text)
                ))?;
                Ok(ExitCode::from(1))
            }
            Err(e) => {
                write_stdout(&format!("{} is stale: {e}\n", path.display()))?;
                Ok(ExitCode::from(1))
            }
        };
    }
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
    report_warnings(&conversion);
    verbose(&format!(
        "{written} tool(s) written, {} operation(s) skipped",
        conversion.skipped.len()
    ));
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

fn report_warnings(conversion: &Conversion) {
    for warning in conversion.warnings.iter().chain(&conversion.contradictions) {
        warn(&format!("warning: {warning}"));
    }
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

fn run_review(mut args: ReviewArgs) -> Result<ExitCode, Error> {
    let config = args.spec_options.merge_config()?;
    let input = spec_input(args.spec.as_deref(), &config)?;
    let color = anstream::AutoStream::choice(&std::io::stdout()) != anstream::ColorChoice::Never;
    // The file being written holds decisions too: they apply to what is reviewed.
    let existing = match &args.write_overrides {
        Some(path) if path.exists() => Some(Overrides::load(path)?),
        _ => args.spec_options.load_overrides()?,
    };
    let options = args.spec_options.options(existing.clone())?;
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

fn run_lint(mut args: LintArgs) -> Result<ExitCode, Error> {
    let color = anstream::AutoStream::choice(&std::io::stdout()) != anstream::ColorChoice::Never;
    let config = args.spec_options.merge_config()?;
    let mut settings = config.lint.clone();
    for rule in &args.ignore {
        settings
            .set(rule, "off")
            .map_err(|reason| Error::new(format!("--ignore: {reason}")))?;
    }
    let spec = match args.server_args.server() {
        Some(_) => {
            let listed = args.server_args.list()?;
            let manifest = serde_json::json!({ "tools": listed.tools });
            load::load_bytes("server", manifest.to_string().into_bytes())?
        }
        None => load::load(
            &spec_input(args.input.as_deref(), &config)?,
            &args.spec_options.allow_ref_outside,
        )?,
    };
    let root = spec.root();
    let conversion;
    let subjects = if root.get("openapi").is_some() || root.get("swagger").is_some() {
        let options = args
            .spec_options
            .options(args.spec_options.load_overrides()?)?;
        conversion = pipeline::convert_spec(&spec, &options)?;
        lint::subjects_from_tools(&spec, &conversion.tools)
    } else {
        lint::subjects_from_manifest(root, &spec.file(0).name)?
    };
    let client = args
        .spec_options
        .client
        .map(|c| (c, args.spec_options.server_name.clone()));
    let mut findings = lint::lint(&subjects, &settings, client);
    lint::add_lines(&mut findings, &spec);
    let line_source = |file: &str, line: usize| spec.line(file, line);
    write_stdout(&lint::report::render(
        &findings,
        args.format,
        color,
        &line_source,
    ))?;
    if args.format != lint::report::Format::Human {
        warn(lint::report::summary(&findings).trim_end());
    }
    let fail_on = args
        .fail_on
        .or(config.lint_fail_on)
        .unwrap_or_else(|| "error".into());
    let threshold = Severity::parse(&fail_on);
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

fn run_verify(mut args: VerifyArgs) -> Result<ExitCode, Error> {
    let config = args.spec_options.merge_config()?;
    let spec = load::load(
        &Input::from_arg(&args.expected),
        &args.spec_options.allow_ref_outside,
    )?;
    let options = SpecToolOptions {
        hint_style: config.hints.unwrap_or_default(),
        output_schema: config.output_schema,
    };
    let expected = tool_values(&spec, &args.expected, &args.spec_options, options)?;
    let listed = args.server.list()?;
    if !listed.raw {
        warn("warning: over HTTP the SDK's typed tools are compared: hints nested at a wrong level cannot be seen");
    }
    let differences = verify::compare(&expected, &listed.tools);
    let text = match args.format {
        VerifyFormat::Human => verify::render_human(&differences, listed.tools.len()),
        VerifyFormat::Json => verify::render_json(&differences),
    };
    write_stdout(&text)?;
    Ok(if differences.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// What a spec's tools look like beyond the shared spec options.
#[derive(Clone, Copy)]
struct SpecToolOptions {
    hint_style: HintStyle,
    output_schema: bool,
}

/// The tools of a loaded spec (converted with these options) or manifest (as it is), as
/// manifest entries.
fn tool_values(
    spec: &crate::load::Spec,
    name: &str,
    spec_options: &SpecOptions,
    tool_options: SpecToolOptions,
) -> Result<Vec<serde_json::Value>, Error> {
    let root = spec.root();
    if root.get("openapi").is_some() || root.get("swagger").is_some() {
        let options = Options {
            hint_style: tool_options.hint_style,
            output_schema: tool_options.output_schema,
            ..spec_options.options(spec_options.load_overrides()?)?
        };
        let conversion = pipeline::convert_spec(spec, &options)?;
        report_warnings(&conversion);
        let style = options.hint_style;
        return Ok(conversion
            .tools
            .iter()
            .map(|t| manifest::tool_value(t, style))
            .collect());
    }
    let tools = root
        .get("tools")
        .or(Some(root))
        .and_then(serde_json::Value::as_array);
    tools
        .cloned()
        .ok_or_else(|| Error::new("not a spec or a tools manifest").in_file(name.to_string()))
}

fn run_serve(mut args: ServeArgs) -> Result<ExitCode, Error> {
    let config = args.spec_options.merge_config()?;
    let input = spec_input(args.input.as_deref(), &config)?;
    let spec = load::load(&input, &args.spec_options.allow_ref_outside)?;
    let options = SpecToolOptions {
        hint_style: args.hints.or(config.hints).unwrap_or_default(),
        output_schema: args.output_schema || config.output_schema,
    };
    let tools = tool_values(&spec, &input.display_name(), &args.spec_options, options)?;
    drop(spec);
    if !(args.timeout > 0.0 && args.timeout.is_finite()) {
        return Err(Error::new("--timeout must be a positive number of seconds"));
    }
    let base_url = args
        .base_url
        .as_deref()
        .map(|url| {
            reqwest::Url::parse(url)
                .ok()
                .filter(|u| matches!(u.scheme(), "http" | "https"))
                .ok_or_else(|| Error::new(format!("--base-url '{url}' is not an http(s) URL")))
        })
        .transpose()?;
    let settings = serve::Settings {
        base_url,
        timeout: std::time::Duration::from_secs_f64(args.timeout),
        retries: args.retries,
        max_response_bytes: args.max_response_bytes,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Error::new(format!("cannot start the async runtime: {e}")))?;
    runtime.block_on(async {
        let api = serve::Api::new(tools, settings, &|name| std::env::var(name).ok())?;
        let unset: Vec<String> = api
            .credential_variables()
            .into_iter()
            .filter_map(|(variable, set)| (!set).then_some(variable))
            .collect();
        if !unset.is_empty() {
            warn(&format!(
                "warning: not set: {} (tools that need them will say so when called)",
                unset.join(", ")
            ));
        }
        verbose(&format!("serving {} tool(s)", api.tools().count()));
        let server = mcp::server::ToolServer::new(api)?;
        match args.http {
            Some(address) => mcp::server::serve_http(server, address).await,
            None => mcp::server::serve_stdio(server).await,
        }
    })?;
    Ok(ExitCode::SUCCESS)
}

/// The spec named on the command line, or else in the config file.
fn spec_input(given: Option<&str>, config: &Config) -> Result<Input, Error> {
    match (given, &config.spec) {
        (Some(arg), _) => Ok(Input::from_arg(arg)),
        (None, Some(path)) => Ok(Input::Path(path.clone())),
        (None, None) => Err(Error::new(
            "no spec given: name one, or set `spec:` in openapi2mcp.yaml",
        )),
    }
}

/// The tools of the version given to `--base`: a spec is converted (without overrides:
/// the comparison shows what they change), a manifest is read as it is.
fn base_sides(base: &str, spec_options: &SpecOptions) -> Result<Vec<Side>, Error> {
    let spec = load::load(&Input::from_arg(base), &spec_options.allow_ref_outside)?;
    let root = spec.root();
    if root.get("openapi").is_some() || root.get("swagger").is_some() {
        let conversion = pipeline::convert_spec(&spec, &spec_options.options(None)?)?;
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
