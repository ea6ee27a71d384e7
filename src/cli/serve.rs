//! `serve`: the tools as an MCP server that calls the real API.

use std::process::ExitCode;

use clap::Args;

use super::{runtime, spec_input, tools_of, verbose, warn, SpecArgs};
use openapi2mcp::error::Error;
use openapi2mcp::options::{OutputOptions, SpecOptions};
use openapi2mcp::text::counted;
use openapi2mcp::tool::Tool;
use openapi2mcp::{load, mcp, serve};

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  openapi2mcp serve api.yaml                          (stdio, as a client starts it)
  openapi2mcp serve api.yaml --read-only --base-url https://staging.example.com
  openapi2mcp serve api.yaml --dynamic                (a handful of tools for a large API)
  openapi2mcp serve tools.json --http 127.0.0.1:8080  (Streamable HTTP at /mcp)

Credentials: each security scheme's secret is read from OPENAPI2MCP_AUTH_ and the \
scheme's name in upper case, every other character than a letter or digit an underscore \
(scheme api-key: OPENAPI2MCP_AUTH_API_KEY); for HTTP basic, user:password. With --http, \
OPENAPI2MCP_HTTP_TOKEN, when set, is the bearer token every request to the server must carry. \
`openapi2mcp client-config` prints a client's entry with the variables the tools use.")]
pub(super) struct ServeArgs {
    /// A spec to convert with the options below, or a tools manifest convert wrote (default:
    /// `spec` in the config file)
    input: Option<String>,
    /// Serve Streamable HTTP at ADDRESS (such as 127.0.0.1:8080), path /mcp, instead of stdio
    #[arg(long, value_name = "ADDRESS")]
    http: Option<std::net::SocketAddr>,
    /// With --http: also accept requests naming HOST (a name or host:port), as behind a load
    /// balancer; loopback names are always accepted
    #[arg(long, value_name = "HOST", requires = "http")]
    allow_host: Vec<String>,
    /// Send every request to URL instead of the spec's server URL
    #[arg(long, value_name = "URL")]
    base_url: Option<String>,
    /// Seconds to wait for each response from the API (at most a day)
    #[arg(long, value_name = "SECONDS", default_value = "30", value_parser = super::seconds)]
    timeout: std::time::Duration,
    /// Repeat a call that timed out or got a 5xx up to N times (at most 10), only where that
    /// is safe whatever the hints claim: an idempotent HTTP method (GET, PUT, DELETE...), or
    /// a write reviewed as idempotent in the overrides file that takes an idempotency key
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=10))]
    retries: u32,
    /// Cut response bodies longer than BYTES, with a note saying so
    #[arg(long, value_name = "BYTES", default_value_t = 1_000_000)]
    max_response_bytes: usize,
    /// List a handful of tools that search, describe and call the API's operations, instead
    /// of one tool per operation
    #[arg(long)]
    dynamic: bool,
    /// Serve the operations tagged TAG (repeatable): alone, only those; with --dynamic, list
    /// their tools beside the dynamic tools from the start (over --http, the only way: a
    /// client cannot enable a toolset there, as the list would change for every client)
    #[arg(long, value_name = "TAG")]
    toolset: Vec<String>,
    /// With --dynamic: the most tokens the tool list may take, the toolsets listed counted;
    /// a toolset that would pass it is refused, with its size (default 100000)
    #[arg(long, value_name = "TOKENS", requires = "dynamic")]
    token_budget: Option<usize>,
    /// The served tools' hint style, and outputSchema with structuredContent in results
    #[command(flatten)]
    output: OutputOptions,
    #[command(flatten)]
    spec_args: SpecArgs,
}

/// The tools `serve` would serve with these arguments, and the options they were made with
/// (the command line over the config file).
pub(super) fn tools_to_serve(
    args: &mut ServeArgs,
) -> Result<(Vec<Tool>, OutputOptions, SpecOptions), Error> {
    let spec_args = std::mem::take(&mut args.spec_args);
    let (spec_options, config) = spec_args.resolve()?;
    let input = spec_input(args.input.as_deref(), &config)?;
    let spec = load::load(&input, &super::file_access(&spec_options))?;
    let output = super::over(std::mem::take(&mut args.output), config.output.clone());
    let mut tools = tools_of(&spec, &spec_options, &output, &config)?;
    serve::dynamic::check_toolsets(&tools, &args.toolset)?;
    if !args.toolset.is_empty() && !args.dynamic {
        tools.retain(|tool| tool.meta.tags.iter().any(|tag| args.toolset.contains(tag)));
    }
    Ok((tools, output, spec_options))
}

pub(super) fn run_serve(mut args: ServeArgs) -> Result<ExitCode, Error> {
    let (tools, output, spec_options) = tools_to_serve(&mut args)?;
    let base_url = args
        .base_url
        .as_deref()
        .map(|url| {
            reqwest::Url::parse(url)
                .map_err(|_| Error::new(format!("--base-url '{url}' is not an http(s) URL")))
        })
        .transpose()?;
    let settings = serve::CallSettings {
        base_url,
        timeout: args.timeout,
        retries: args.retries,
        max_response_bytes: args.max_response_bytes,
    };
    runtime()?.block_on(async {
        let api = serve::ApiCaller::new(tools, settings, &|name| std::env::var(name).ok())?;
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
        for note in api.notes() {
            warn(&format!("warning: {note}"));
        }
        let sends_credentials = api.tools().any(|tool| {
            tool.binding()
                .is_some_and(|binding| !binding.auth.is_empty())
        });
        if !sends_credentials && api.tools().next().is_some() {
            warn("note: the tools send no credentials, as the spec declares no security scheme; if the API needs a key, serve the spec with --assume-auth bearer (or basic, header:NAME, query:NAME) and set OPENAPI2MCP_AUTH_DEFAULT");
        }
        if args.http.is_none() && std::io::IsTerminal::is_terminal(&std::io::stdin()) {
            warn(&format!(
                "openapi2mcp serve: serving {} over stdio to the MCP client that starts this command; `openapi2mcp client-config --client claude-desktop|claude-code|cursor|vscode {spec}` prints a client's entry, `npx -y @modelcontextprotocol/inspector --cli openapi2mcp serve {spec} --method tools/list` lists the tools as a client sees them; Ctrl-D ends",
                counted(api.tools().count(), "tool"),
                spec = args.input.as_deref().unwrap_or("SPEC"),
            ));
        }
        verbose(&format!("serving {}", counted(api.tools().count(), "tool")));
        let name = spec_options.server_name.clone();
        let server = if args.dynamic {
            let style = output.hints.unwrap_or_default();
            let toolsets = serve::dynamic::ToolsetPolicy {
                enabled_by_client: args.http.is_none(),
                budget: args
                    .token_budget
                    .unwrap_or(openapi2mcp::tokens::LIST_BUDGET),
            };
            mcp::server::ToolServer::dynamic(api, warn, name, style, &args.toolset, toolsets)?
        } else {
            mcp::server::ToolServer::new(api, warn, name)?
        };
        match args.http {
            Some(address) => {
                let access = mcp::server::HttpAccess {
                    extra_hosts: args.allow_host,
                    token: std::env::var(mcp::server::TOKEN_VARIABLE)
                        .ok()
                        .filter(|t| !t.is_empty()),
                };
                mcp::server::serve_http(server, address, access).await
            }
            None => mcp::server::serve_stdio(server).await,
        }
    })?;
    Ok(ExitCode::SUCCESS)
}
