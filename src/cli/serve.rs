//! `serve`: the tools as an MCP server that calls the real API.

use std::process::ExitCode;

use clap::Args;

use super::{runtime, spec_input, tools_of, verbose, warn, SpecArgs};
use openapi2mcp_core::error::{Error, ErrorKind};
use openapi2mcp_core::load;
use openapi2mcp_core::options::{OutputOptions, Seconds, ServeOptions, SpecOptions};
use openapi2mcp_core::text::counted;
use openapi2mcp_core::tool::Tool;
use openapi2mcp_serve::{mcp, serve};

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
    #[command(flatten)]
    serve: ServeOptions,
    /// The served tools' hint style, and outputSchema with structuredContent in results
    #[command(flatten)]
    output: OutputOptions,
    #[command(flatten)]
    spec_args: SpecArgs,
}

/// What serve does, resolved once: the command line over the config file over the
/// defaults.
pub(super) struct ServeSettings {
    pub(super) tools: Vec<Tool>,
    output: OutputOptions,
    spec_options: SpecOptions,
    calls: serve::CallSettings,
    dynamic: bool,
    toolsets: Vec<String>,
    token_budget: usize,
}

impl ServeSettings {
    /// The settings, and the tools serve would serve with them.
    pub(super) fn resolve(args: &mut ServeArgs) -> Result<ServeSettings, Error> {
        let spec_args = std::mem::take(&mut args.spec_args);
        let (spec_options, config) = spec_args.resolve()?;
        let input = spec_input(args.input.as_deref(), &config)?;
        let spec = load::load(&input, &super::file_access(&spec_options))?;
        let output = super::over(std::mem::take(&mut args.output), config.output.clone());
        let options = super::over(std::mem::take(&mut args.serve), config.serve.clone());
        let mut tools = tools_of(&spec, &spec_options, &output, &config)?;
        let toolsets = options.toolset.unwrap_or_default();
        let dynamic = options.dynamic == Some(true);
        serve::dynamic::check_toolsets(&tools, &toolsets)?;
        if !toolsets.is_empty() && !dynamic {
            tools.retain(|tool| tool.meta.tags.iter().any(|tag| toolsets.contains(tag)));
        }
        let base_url = options
            .base_url
            .as_deref()
            .map(|url| {
                reqwest::Url::parse(url).map_err(|_| {
                    Error::new(
                        ErrorKind::Usage,
                        format!("--base-url '{url}' is not an http(s) URL"),
                    )
                })
            })
            .transpose()?;
        let calls = serve::CallSettings {
            base_url,
            timeout: options.timeout.map_or(DEFAULT_TIMEOUT, Seconds::duration),
            retries: options.retries.unwrap_or(0),
            max_response_bytes: options.max_response_bytes.unwrap_or(1_000_000),
        };
        Ok(ServeSettings {
            tools,
            output,
            spec_options,
            calls,
            dynamic,
            toolsets,
            token_budget: options
                .token_budget
                .unwrap_or(openapi2mcp_core::tokens::LIST_BUDGET),
        })
    }
}

/// How long serve waits for the API's answer unless told.
const DEFAULT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(30);

pub(super) fn run_serve(mut args: ServeArgs) -> Result<ExitCode, Error> {
    let settings = ServeSettings::resolve(&mut args)?;
    let ServeSettings {
        tools,
        output,
        spec_options,
        calls,
        ..
    } = settings;
    runtime()?.block_on(async {
        let api = serve::ApiCaller::new(tools, calls, &|name| std::env::var(name).ok())?;
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
            warn("note: the tools send no credentials, as the spec declares no security scheme; if the API needs a key, serve the spec with --assume-auth bearer (or basic, header:NAME, query:NAME, cookie:NAME) and set OPENAPI2MCP_AUTH_DEFAULT");
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
        let server = if settings.dynamic {
            let style = output.hints.unwrap_or_default();
            let toolsets = serve::dynamic::ToolsetPolicy {
                enabled_by_client: args.http.is_none(),
                budget: settings.token_budget,
            };
            mcp::server::ToolServer::dynamic(api, warn, name, style, &settings.toolsets, toolsets)?
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
