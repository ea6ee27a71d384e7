//! `client-config`: what adds this API's MCP server to a client, printed to paste or run:
//! the `serve` command line with absolute paths (a client starts it from elsewhere), and
//! the credential variables its tools need, filled the way the client fills a secret.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, ValueEnum};
use serde_json::{json, Map, Value};

use super::{serve, warn, Cli, Command};
use openapi2mcp_core::config::Config;
use openapi2mcp_core::convert::profile::ClientProfile;
use openapi2mcp_core::error::{Error, ErrorKind};
use openapi2mcp_core::load::Input;

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  openapi2mcp client-config --client claude-desktop api.yaml
  openapi2mcp client-config --client claude-code api.yaml        (a command to run)
  openapi2mcp client-config --client vscode api.yaml -- --read-only --base-url https://staging.example.com")]
pub(super) struct ClientConfigArgs {
    /// The client
    #[arg(long, value_enum, value_name = "CLIENT")]
    client: McpClient,
    /// The server's name in the client (default: --server-name among serve's arguments, else
    /// the spec's file name)
    #[arg(long, value_name = "NAME")]
    name: Option<String>,
    /// What the client runs: path (this binary, by its absolute path), uvx or npx (the
    /// published package at this version, fetched by the client's first start)
    #[arg(long, value_enum, value_name = "LAUNCHER", default_value_t = Launcher::Path)]
    launcher: Launcher,
    /// The spec, or a tools manifest, to serve
    spec: String,
    /// More arguments for serve, after --, such as -- --read-only --base-url URL
    #[arg(last = true, value_name = "SERVE_ARGS")]
    serve: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum McpClient {
    /// Claude Desktop: an entry for claude_desktop_config.json
    ClaudeDesktop,
    /// Claude Code: a `claude mcp add-json` command
    ClaudeCode,
    /// Cursor: an entry for .cursor/mcp.json
    Cursor,
    /// VS Code: an entry for .vscode/mcp.json
    Vscode,
}

/// The Python package's name (pyproject.toml's): PyPI's `openapi2mcp` is another project.
const PYPI_PACKAGE: &str = "openapi2mcp-cli";

/// How the client starts the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Launcher {
    /// This binary, by its absolute path
    Path,
    /// `uvx --from openapi2mcp-cli==VERSION openapi2mcp` (the Python package)
    Uvx,
    /// `npx -y openapi2mcp@VERSION` (the npm package)
    Npx,
}

impl Launcher {
    /// The command and the arguments before serve's: a launcher by its absolute path where
    /// PATH has it (Claude Desktop does not read a shell's PATH), else by its name.
    fn command(self) -> Result<(String, Vec<String>), Error> {
        let version = env!("CARGO_PKG_VERSION");
        let (name, before) = match self {
            Launcher::Path => return Ok((program_path()?.display().to_string(), Vec::new())),
            Launcher::Uvx => (
                "uvx",
                vec![
                    "--from".into(),
                    format!("{PYPI_PACKAGE}=={version}"),
                    "openapi2mcp".into(),
                ],
            ),
            Launcher::Npx => ("npx", vec!["-y".into(), format!("openapi2mcp@{version}")]),
        };
        let found = on_path(name).find(|candidate| candidate.is_file());
        let command = found.map_or_else(|| name.to_string(), |path| path.display().to_string());
        Ok((command, before))
    }
}

/// serve's options whose value is a path, made absolute for a client that starts serve
/// in another directory.
const PATH_OPTIONS: [&str; 3] = ["--overrides", "--config", "--allow-ref-outside"];

pub(super) fn run_client_config(args: ClientConfigArgs) -> Result<ExitCode, Error> {
    let (serve_args, name) = serve_command(&args)?;
    let tools = tools_served(&serve_args)?;
    let variables = openapi2mcp_serve::serve::credential_variables(&tools);
    let (command, launcher_args) = args.launcher.command()?;
    let server = ServerEntry {
        command,
        args: launcher_args.into_iter().chain(serve_args).collect(),
        variables,
    };
    server.check_no_variables(args.client)?;
    let (text, place, credentials) = server.for_client(args.client, &name);
    super::write_stdout(&text)?;
    if server.variables.is_empty() {
        warn(&format!("client-config: {place}"));
    } else {
        warn(&format!("client-config: {place}; {credentials}"));
    }
    Ok(ExitCode::SUCCESS)
}

/// serve's arguments as the client will give them (absolute paths, the client's profile,
/// the config file found here, the server's name), and that name.
fn serve_command(args: &ClientConfigArgs) -> Result<(Vec<String>, String), Error> {
    if args.spec == "-" {
        return Err(Error::new(
            ErrorKind::Usage,
            "a client cannot hand serve a spec on standard input: name a file",
        ));
    }
    let cwd = std::env::current_dir().map_err(|e| {
        Error::new(
            ErrorKind::Io,
            format!("cannot read the working directory: {e}"),
        )
    })?;
    if args
        .serve
        .iter()
        .any(|a| a == "--http" || a.starts_with("--http="))
    {
        return Err(Error::new(
            ErrorKind::Usage,
            "client-config writes a server the client starts over stdio: leave out --http",
        ));
    }
    // A URL stays one: serve downloads it at each start.
    let spec = match Input::from_arg(&args.spec) {
        Input::Url(url) => PathBuf::from(url),
        _ => absolute(&cwd, &args.spec),
    };
    let mut serve_args = vec!["serve".to_string(), spec.display().to_string()];
    serve_args.extend(with_absolute_paths(&args.serve, &cwd));
    let given = |flag: &str| {
        args.serve
            .iter()
            .any(|a| a == flag || a.starts_with(&format!("{flag}=")))
    };
    // The client's own limits shape the tools (Cursor's on names, VS Code's draft-07), as
    // serve's --client names them.
    let profile = match args.client {
        McpClient::Cursor => Some(ClientProfile::Cursor),
        McpClient::Vscode => Some(ClientProfile::Vscode),
        McpClient::ClaudeDesktop | McpClient::ClaudeCode => None,
    };
    let flag_value = profile.and_then(|p| p.to_possible_value());
    if let (Some(value), false) = (flag_value, given("--client")) {
        serve_args.extend(["--client".into(), value.get_name().into()]);
    }
    if !given("--config") && !given("--no-config") {
        if let Some(config) = Config::locate(None, &cwd) {
            serve_args.extend(["--config".into(), config.display().to_string()]);
        }
    }
    // The client's name for the server is the server's own (serverInfo.name; Cursor counts
    // it in each tool's name).
    let name = match (args.name.clone(), value_of(&args.serve, "--server-name")) {
        (Some(name), _) | (None, Some(name)) => name,
        (None, None) => file_name(&spec),
    };
    // Claude Code takes a server name of letters, digits, `-` and `_` only.
    if args.client == McpClient::ClaudeCode && !is_plain_name(&name) {
        return Err(Error::new(ErrorKind::Usage, format!(
            "Claude Code takes a server name of letters, digits, '-' and '_' only, not '{name}': give one with --name"
        )));
    }
    if !given("--server-name") {
        serve_args.extend(["--server-name".into(), name.clone()]);
    }
    Ok((serve_args, name))
}

/// The tools serve will serve with `serve_args`, read as serve will read them: a mistake
/// shows now, not in the client's log.
fn tools_served(serve_args: &[String]) -> Result<Vec<openapi2mcp_core::tool::Tool>, Error> {
    let argv = std::iter::once("openapi2mcp".to_string()).chain(serve_args.iter().cloned());
    let parsed = Cli::try_parse_from(argv).map_err(|e| {
        let message = e.render().to_string();
        let first = message.lines().next().unwrap_or_default();
        Error::new(
            ErrorKind::Usage,
            format!("serve's arguments: {}", first.trim_start_matches("error: ")),
        )
    })?;
    let Command::Serve(mut serve_command) = parsed.command else {
        unreachable!("the arguments start with serve")
    };
    Ok(serve::ServeSettings::resolve(&mut serve_command)?.tools)
}

/// How a client starts the server, and the credential variables its tools read.
struct ServerEntry {
    command: String,
    args: Vec<String>,
    variables: Vec<String>,
}

impl ServerEntry {
    /// The server's entry, with `"type": "stdio"` first when `typed` (where the client wants
    /// it), each credential variable filled as `fill` says.
    fn entry(&self, typed: bool, fill: &dyn Fn(&str) -> String) -> Value {
        let mut entry = Map::new();
        if typed {
            entry.insert("type".into(), "stdio".into());
        }
        entry.insert("command".into(), self.command.clone().into());
        entry.insert("args".into(), self.args.clone().into());
        let env: Map<String, Value> = self
            .variables
            .iter()
            .map(|v| (v.clone(), Value::String(fill(v))))
            .collect();
        if !env.is_empty() {
            entry.insert("env".into(), Value::Object(env));
        }
        Value::Object(entry)
    }

    /// Refuses a command or an argument holding `${`, which Claude Code, Cursor and VS Code
    /// replace with a variable's value (a spec under `~/${work}/`): the client would start
    /// serve on another path, and JSON has no way to say the text is literal.
    fn check_no_variables(&self, client: McpClient) -> Result<(), Error> {
        let substitutes = match client {
            McpClient::ClaudeDesktop => return Ok(()),
            McpClient::ClaudeCode => "Claude Code",
            McpClient::Cursor => "Cursor",
            McpClient::Vscode => "VS Code",
        };
        let mut given = std::iter::once(&self.command).chain(&self.args);
        match given.find(|text| text.contains("${")) {
            Some(text) => Err(Error::new(
                ErrorKind::Usage,
                format!(
                    "'{}' holds '${{', which {substitutes} replaces with a variable's value: rename or move what it names",
                    openapi2mcp_core::escape::visible(text)
                ),
            )),
            None => Ok(()),
        }
    }

    /// What to give `client` (the text), what to do with it, and, when the tools use
    /// credentials, where they go.
    fn for_client(&self, client: McpClient, name: &str) -> (String, &'static str, &'static str) {
        match client {
            McpClient::ClaudeDesktop => (
                pretty(&json!({"mcpServers": {name: self.entry(false, &|_| openapi2mcp_serve::serve::PLACEHOLDER.into())}})),
                "add this to claude_desktop_config.json (Settings > Developer > Edit Config)",
                "put each credential in place of <secret> (one left as it is, or empty, counts as unset)",
            ),
            McpClient::ClaudeCode => {
                // Claude Code fills ${VARIABLE} from the environment it runs in.
                let entry = self.entry(true, &|v| format!("${{{v}}}"));
                (
                    format!("claude mcp add-json {} {}\n", shell_quoted(name), shell_quoted(&entry.to_string())),
                    "run this",
                    "Claude Code reads the credentials from the environment it runs in",
                )
            }
            McpClient::Cursor => (
                pretty(&json!({"mcpServers": {name: self.entry(false, &|v| format!("${{env:{v}}}"))}})),
                "add this to .cursor/mcp.json (or ~/.cursor/mcp.json)",
                "Cursor reads the credentials from its environment",
            ),
            McpClient::Vscode => {
                let inputs: Vec<Value> = self
                    .variables
                    .iter()
                    .map(|v| json!({"type": "promptString", "id": input_id(v), "description": v, "password": true}))
                    .collect();
                let entry = self.entry(true, &|v| format!("${{input:{}}}", input_id(v)));
                let mut file = json!({"servers": {name: entry}});
                if !inputs.is_empty() {
                    file["inputs"] = inputs.into();
                }
                (
                    pretty(&file),
                    "add this to .vscode/mcp.json",
                    "VS Code asks for each credential once and keeps it",
                )
            }
        }
    }
}

fn pretty(value: &Value) -> String {
    format!(
        "{}\n",
        serde_json::to_string_pretty(value).expect("JSON serializes")
    )
}

/// The value given to `flag` among serve's arguments (`--flag value` or `--flag=value`).
fn value_of(args: &[String], flag: &str) -> Option<String> {
    args.iter()
        .enumerate()
        .find_map(|(i, arg)| match arg.split_once('=') {
            Some((name, value)) if name == flag => Some(value.to_string()),
            _ if arg == flag => args.get(i + 1).cloned(),
            _ => None,
        })
}

/// `path`, absolute: as given when it is, else below `cwd`.
fn absolute(cwd: &Path, path: &str) -> PathBuf {
    let path = Path::new(path);
    if path.is_absolute() {
        path.to_path_buf()
    } else {
        cwd.join(path)
    }
}

/// serve's arguments, with the values of [`PATH_OPTIONS`] made absolute.
fn with_absolute_paths(args: &[String], cwd: &Path) -> Vec<String> {
    let mut out = Vec::with_capacity(args.len());
    let mut takes_path = false;
    for arg in args {
        if takes_path {
            out.push(absolute(cwd, arg).display().to_string());
            takes_path = false;
            continue;
        }
        match arg.split_once('=') {
            Some((flag, value)) if PATH_OPTIONS.contains(&flag) => {
                out.push(format!("{flag}={}", absolute(cwd, value).display()));
            }
            _ => {
                takes_path = PATH_OPTIONS.contains(&arg.as_str());
                out.push(arg.clone());
            }
        }
    }
    out
}

/// The spec's file name without its extension, as a name every client takes: `petstore`
/// for `specs/petstore.yaml`, `api-github-com` for `api.github.com.json`.
fn file_name(spec: &Path) -> String {
    let stem = spec
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let plain: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    let words: Vec<&str> = plain.split('-').filter(|w| !w.is_empty()).collect();
    if words.is_empty() {
        "openapi2mcp".into()
    } else {
        words.join("-")
    }
}

fn is_plain_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// VS Code's id for the input that holds a variable's secret.
fn input_id(variable: &str) -> String {
    variable.to_ascii_lowercase().replace('_', "-")
}

/// `text` as one POSIX shell word.
fn shell_quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// This program's absolute path as the user installed it: the entry of PATH that is this
/// program (a package manager's link, which survives an upgrade), else where it runs from
/// (which the system gives with links resolved).
fn program_path() -> Result<std::path::PathBuf, Error> {
    let running = std::env::current_exe().map_err(|e| {
        Error::new(
            ErrorKind::Io,
            format!("cannot find this program's path: {e}"),
        )
    })?;
    let real = std::fs::canonicalize(&running).unwrap_or_else(|_| running.clone());
    let on_path = on_path(env!("CARGO_PKG_NAME"))
        .find(|candidate| std::fs::canonicalize(candidate).is_ok_and(|c| c == real));
    Ok(on_path.unwrap_or(running))
}

/// Where each absolute directory of PATH would hold a program called `name`, in order.
fn on_path(name: &str) -> impl Iterator<Item = PathBuf> + '_ {
    std::env::var_os("PATH")
        .map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .filter(|dir| dir.is_absolute())
        .map(move |dir| dir.join(name))
}
