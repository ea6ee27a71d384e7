//! The command line: the arguments every command shares and the entry point here, one
//! module per command beside it.
//!
//! Exit codes: 0 success; 1 the command ran but found what it was asked to fail on
//! (`--strict` contradictions, operations skipped by `--keep-going`, loosened hints with
//! `--fail-on-loosened`, lint findings at or above `--fail-on`, verify's differences); 2
//! the input could not be read, converted or served (and usage errors, as clap reports
//! them).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

use clap::{Args, Parser, Subcommand};

mod client_config;
mod convert;
mod lint;
mod review;
mod serve;
mod verify;

use client_config::ClientConfigArgs;
use convert::ConvertArgs;
use lint::{LintArgs, RulesArgs};
use review::ReviewArgs;
use serve::ServeArgs;
use verify::VerifyArgs;

use openapi2mcp_core::config::Config;
use openapi2mcp_core::convert::compact::Cuts;
use openapi2mcp_core::convert::Conversion;
use openapi2mcp_core::error::{Error, ErrorKind};
use openapi2mcp_core::load::{self, Input};
use openapi2mcp_core::options::{OutputOptions, Seconds, SpecOptions};
use openapi2mcp_core::tool::Tool;
use openapi2mcp_core::{manifest, pipeline};
use openapi2mcp_serve::mcp;
use openapi2mcp_serve::mcp::client::{Listed, Server};

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
    #[arg(short, long, global = true, display_order = 1000)]
    quiet: bool,
    /// Also print what was read and made, and how long it took, on stderr
    #[arg(
        short,
        long,
        global = true,
        conflicts_with = "quiet",
        display_order = 1001
    )]
    verbose: bool,
}

/// How much goes to stderr besides errors: 0 quiet, 1 warnings, 2 verbose.
static VERBOSITY: AtomicU8 = AtomicU8::new(1);

/// A warning or a note for the user, unless `--quiet`.
fn warn(message: &str) {
    if VERBOSITY.load(Ordering::Relaxed) >= 1 {
        eprintln!("{}", for_terminal(message));
    }
}

/// `message` as it may reach a terminal: its lines kept, every other control character
/// (an escape sequence, a carriage return, a bidirectional override from a spec's path)
/// shown escaped.
fn for_terminal(message: &str) -> String {
    message
        .split('\n')
        .map(openapi2mcp_core::escape::visible)
        .collect::<Vec<_>>()
        .join("\n")
}

/// On SIGINT, SIGTERM or SIGHUP, removes the temporary files of unfinished writes and
/// exits as the signal would (128 + its number). Only for the commands that write files:
/// `serve` and the clients shut down their own way.
fn remove_unfinished_files_on_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    // Failing to install the handler only loses the clean-up, not the command.
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            openapi2mcp_core::output::remove_unfinished_files();
            std::process::exit(128 + signal);
        }
    });
}

/// An error for the user, `error:` in bold red as clap writes its own (on a terminal, and
/// unless `NO_COLOR`; anstream leaves the colour out elsewhere).
fn error(message: &str) {
    let style = anstyle::AnsiColor::Red.on_default().bold();
    let message = for_terminal(message);
    anstream::eprintln!("{style}error:{style:#} {message}");
}

/// What was done, with `--verbose`.
fn verbose(message: &str) {
    if is_verbose() {
        eprintln!("{}", for_terminal(message));
    }
}

/// Whether `--verbose` was given: work done only to say what was done waits for it.
fn is_verbose() -> bool {
    VERBOSITY.load(Ordering::Relaxed) >= 2
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
    /// Print what adds the API's server to an MCP client: Claude Desktop, Claude Code, Cursor
    /// or VS Code
    ClientConfig(ClientConfigArgs),
    /// Print every lint rule with its documentation, or one rule's
    Rules(RulesArgs),
    /// Print a completion script for a shell: bash, elvish, fish, powershell or zsh
    Completions(CompletionsArgs),
}

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  openapi2mcp completions bash > ~/.local/share/bash-completion/completions/openapi2mcp
  openapi2mcp completions zsh > ~/.zfunc/_openapi2mcp
  openapi2mcp completions fish > ~/.config/fish/completions/openapi2mcp.fish")]
struct CompletionsArgs {
    /// The shell
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

/// How a spec becomes tools, and where else the options may come from: every command that
/// reads a spec takes these.
#[derive(Debug, Default, Args)]
struct SpecArgs {
    #[command(flatten)]
    options: SpecOptions,
    /// Read options from FILE instead of the openapi2mcp.yaml (or .yml) found from here upward
    #[arg(long, value_name = "FILE", help_heading = "Reading the spec")]
    config: Option<PathBuf>,
    /// Read no config file: only the options given here
    #[arg(long, conflicts_with = "config", help_heading = "Reading the spec")]
    no_config: bool,
}

impl SpecArgs {
    /// The config file, and the spec options of the command line laid over its own.
    fn resolve(self) -> Result<(SpecOptions, Config), Error> {
        let cwd = std::env::current_dir().unwrap_or_default();
        let config = if self.no_config {
            Config::default()
        } else {
            Config::find(self.config.as_deref(), &cwd)?
        };
        if let Some((path, named)) = &config.source {
            let here = path.parent() == Some(cwd.as_path());
            if !named && !here {
                warn(&format!(
                    "using the config file {} (found above this directory; --no-config reads none)",
                    path.display()
                ));
            } else {
                verbose(&format!("using the config file {}", path.display()));
            }
        }
        let options = over(self.options, config.spec_options.clone());
        Ok((options, config))
    }
}

/// `flags` (the command line's options) with the config file's where they leave one unset.
fn over<T: merge::Merge>(mut flags: T, file: T) -> T {
    flags.merge(file);
    flags
}

/// A file written to be read back (a baseline, an overrides file): `-`, standard output
/// elsewhere, is refused rather than written as a file of that name.
fn file_to_keep(value: &str) -> Result<PathBuf, String> {
    if value == "-" {
        return Err("'-' is standard output: this writes a file to read back, name one".into());
    }
    Ok(PathBuf::from(value))
}

/// `-o`'s file: `-` names standard output, as it does for an input.
fn output_file(path: Option<PathBuf>) -> Option<PathBuf> {
    path.filter(|path| path.as_os_str() != "-")
}

/// Where a running server is: a command after `--`, or `--url`.
#[derive(Debug, Args)]
struct ServerArgs {
    /// A Streamable HTTP endpoint to reach (http:// only), instead of a command after --
    #[arg(long, value_name = "URL", conflicts_with = "command")]
    url: Option<String>,
    /// Seconds to wait for the server to start and answer (at most a day)
    #[arg(long, value_name = "SECONDS", default_value = "30", value_parser = Seconds::parse)]
    timeout: Seconds,
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
        let server = self.server().ok_or_else(|| {
            Error::new(
                ErrorKind::Usage,
                "name the server: a command after --, or --url URL",
            )
        })?;
        runtime()?.block_on(mcp::client::list_tools(&server, self.timeout.duration()))
    }
}

/// The async runtime for the commands that speak to servers.
fn runtime() -> Result<tokio::runtime::Runtime, Error> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| {
            Error::new(
                ErrorKind::Io,
                format!("cannot start the async runtime: {e}"),
            )
        })
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
    if matches!(cli.command, Command::Convert(_) | Command::Review(_)) {
        remove_unfinished_files_on_signals();
    }
    let result = match cli.command {
        Command::Convert(args) => convert::run_convert(args),
        Command::Review(args) => review::run_review(args),
        Command::Lint(args) => lint::run_lint(args),
        Command::Verify(args) => verify::run_verify(args),
        Command::Serve(args) => serve::run_serve(args),
        Command::ClientConfig(args) => client_config::run_client_config(args),
        Command::Rules(args) => lint::run_rules(args),
        Command::Completions(args) => {
            // Into memory first: clap_complete panics when a write fails (a closed pipe).
            let mut script = Vec::new();
            let mut command = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(args.shell, &mut command, "openapi2mcp", &mut script);
            write_stdout(&String::from_utf8_lossy(&script)).map(|()| ExitCode::SUCCESS)
        }
    };
    verbose(&format!("done in {:.3} s", started.elapsed().as_secs_f64()));
    result.unwrap_or_else(|failure| {
        error(&failure.to_string());
        ExitCode::from(2)
    })
}

fn report_warnings(conversion: &Conversion) {
    for warning in conversion.warnings.iter().chain(&conversion.contradictions) {
        warn(&format!("warning: {warning}"));
    }
    for tool in &conversion.withheld {
        warn(&format!("--read-only left out {tool}"));
    }
}

/// Refuses to write `path` over a file the command reads: a spec (`convert api.yaml -o
/// api.yaml` would replace it with its tools), or another input, named by what it holds
/// (`-o` onto the overrides file would replace a person's decisions).
fn refuse_writing_over<'s>(
    path: &Path,
    specs: impl IntoIterator<Item = &'s openapi2mcp_core::load::Spec>,
    others: &[(&str, PathBuf)],
) -> Result<(), Error> {
    let what = if specs.into_iter().any(|spec| spec.was_read_from(path)) {
        Some("the spec")
    } else {
        (others.iter())
            .find(|(_, other)| load::same_file(path, other))
            .map(|(what, _)| *what)
    };
    match what {
        Some(what) => Err(Error::new(
            ErrorKind::Usage,
            format!("this command reads {what} from this file: write to another one"),
        )
        .in_file(path.display().to_string())),
        None => Ok(()),
    }
}

/// The files besides the spec that every command reads, by what they hold: the overrides
/// and the config file.
fn inputs_besides_the_spec(
    spec_options: &SpecOptions,
    config: &Config,
) -> Vec<(&'static str, PathBuf)> {
    let overrides = (spec_options.overrides.clone()).map(|path| ("the overrides", path));
    let config = (config.source.as_ref()).map(|(path, _)| ("the config", path.clone()));
    overrides.into_iter().chain(config).collect()
}

/// The tools of a loaded spec (converted with these options) or manifest (the same filters
/// and output options applied): see [`pipeline::tool_list`].
fn tools_of(
    spec: &openapi2mcp_core::load::Spec,
    spec_options: &SpecOptions,
    output: &OutputOptions,
    config: &Config,
) -> Result<Vec<Tool>, Error> {
    let options = options_for(spec, spec_options, output, config, None)?;
    let list = pipeline::tool_list(spec, &options)?;
    if let pipeline::ToolList::Described(conversion) = &list {
        report_conversion(conversion, &options);
    }
    Ok(list.into_tools())
}

/// [`tools_of`], described: the tools with their hints, suggestions and risks, converted
/// with `overrides` when given (else the options' own).
fn conversion_of(
    spec: &openapi2mcp_core::load::Spec,
    spec_options: &SpecOptions,
    output: &OutputOptions,
    config: &Config,
    overrides: Option<openapi2mcp_core::convert::overrides::Overrides>,
) -> Result<Conversion, Error> {
    let options = options_for(spec, spec_options, output, config, overrides)?;
    let conversion = pipeline::tools(spec, &options)?;
    report_conversion(&conversion, &options);
    Ok(conversion)
}

/// The convert options for a loaded document: for a manifest's tools, what only converting
/// a spec uses is refused when given as a flag and left out with a word when the config
/// file gave it. With `overrides` given, they are used instead of the options' own file.
fn options_for(
    spec: &openapi2mcp_core::load::Spec,
    spec_options: &SpecOptions,
    output: &OutputOptions,
    config: &Config,
    overrides: Option<openapi2mcp_core::convert::overrides::Overrides>,
) -> Result<openapi2mcp_core::convert::Options, Error> {
    let (spec_options, output) = if manifest::is_spec(spec.root()) {
        (spec_options.clone(), output.clone())
    } else {
        let (options, mut dropped) = spec_options.clone().for_tools(&config.spec_options);
        let mut output = output.clone();
        if output.output_schema.is_some() && output.output_schema == config.output.output_schema {
            output.output_schema = None;
            dropped.push("output-schema");
        }
        if !dropped.is_empty() {
            warn(&format!(
                "warning: the config file's {} apply to its spec as it is converted, not to the tools of {}: left out",
                dropped.join(", "),
                spec.file(0).name
            ));
        }
        (options, output)
    };
    let overrides = match overrides {
        Some(overrides) => Some(overrides),
        None => spec_options.load_overrides()?,
    };
    spec_options.convert_options(overrides, &output)
}

/// What the user hears about a conversion: its warnings, and with `--compact` its cuts.
fn report_conversion(conversion: &Conversion, options: &openapi2mcp_core::convert::Options) {
    report_warnings(conversion);
    if options.compact {
        for converted in &conversion.tools {
            report_tool_cuts(converted.name(), &converted.cuts);
        }
        report_cuts(&conversion.cuts);
    }
}

/// With -v, what `--compact` left out of one tool.
fn report_tool_cuts(name: &str, cuts: &Cuts) {
    if !cuts.is_empty() {
        verbose(&format!("compact: tool '{name}': {cuts}"));
    }
}

/// What `--compact` left out of all the tools, always said.
fn report_cuts(total: &Cuts) {
    warn(&format!("compact: {total}"));
}

/// What the spec and the files its references name may be read from: files as the options
/// allow, and URLs through the downloader.
fn file_access(options: &SpecOptions) -> openapi2mcp_core::load::FileAccess {
    openapi2mcp_core::load::FileAccess {
        fetch: Some(std::sync::Arc::new(
            openapi2mcp_serve::fetch::Downloader::new(openapi2mcp_serve::fetch::TIMEOUT),
        )),
        ..options.file_access()
    }
}

/// The spec named on the command line, or else in the config file.
fn spec_input(given: Option<&str>, config: &Config) -> Result<Input, Error> {
    match (given, &config.spec) {
        (Some(arg), _) => Ok(Input::from_arg(arg)),
        (None, Some(path)) => Ok(match Input::from_arg(&path.to_string_lossy()) {
            url @ Input::Url(_) => url,
            _ => Input::Path(path.clone()),
        }),
        (None, None) => Err(Error::new(
            ErrorKind::Usage,
            "no spec given: name one, or set `spec:` in openapi2mcp.yaml",
        )),
    }
}

/// Whether standard output was closed when the process started (`>&-`). Rust's runtime
/// then opens /dev/null in its place before `main`, and what is written there goes nowhere:
/// a command whose output is lost must not exit 0. Read before the runtime starts.
static STDOUT_CLOSED_AT_START: AtomicBool = AtomicBool::new(false);

#[ctor::ctor(unsafe)]
fn record_closed_stdout() {
    // SAFETY: F_GETFD only reads the descriptor's flags.
    let closed = unsafe { libc::fcntl(libc::STDOUT_FILENO, libc::F_GETFD) } == -1;
    STDOUT_CLOSED_AT_START.store(closed, Ordering::Relaxed);
}

fn write_stdout(text: &str) -> Result<(), Error> {
    if STDOUT_CLOSED_AT_START.load(Ordering::Relaxed) {
        return Err(Error::new(
            ErrorKind::Io,
            "cannot write to standard output: it is closed",
        ));
    }
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => Ok(()),
        // A closed pipe (`| head`) is the reader's choice, not our failure.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(Error::new(
            ErrorKind::Io,
            format!("cannot write to standard output: {e}"),
        )),
    }
}
