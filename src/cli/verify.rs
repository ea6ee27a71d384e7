//! `verify`: a running server's tools/list compared with a manifest or spec.

use std::process::ExitCode;

use clap::Args;

use super::{tools_of, warn, write_stdout, ServerArgs, SpecArgs};
use openapi2mcp_core::error::Error;
use openapi2mcp_core::load::{self, Input};
use openapi2mcp_core::verify;

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  openapi2mcp verify tools.json -- openapi2mcp serve tools.json
  openapi2mcp verify api.yaml -- node server.js          (a server written by hand)
  openapi2mcp verify tools.json --url http://127.0.0.1:8080/mcp --format json")]
pub(super) struct VerifyArgs {
    /// The tools manifest, or a spec to convert first (with the options below)
    expected: String,
    /// Output: human (a table of differences) or json
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = VerifyFormat::Human)]
    format: VerifyFormat,
    #[command(flatten)]
    server: ServerArgs,
    #[command(flatten)]
    spec_args: SpecArgs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum VerifyFormat {
    Human,
    Json,
}

pub(super) fn run_verify(args: VerifyArgs) -> Result<ExitCode, Error> {
    let (spec_options, config) = args.spec_args.resolve()?;
    let spec = load::load(
        &Input::from_arg(&args.expected),
        &super::file_access(&spec_options),
    )?;
    let expected: Vec<serde_json::Value> = tools_of(&spec, &spec_options, &config.output, &config)?
        .iter()
        .map(|tool| serde_json::to_value(tool).expect("tools serialize"))
        .collect();
    let listed = args.server.list()?;
    if !listed.raw {
        warn("warning: over HTTP the SDK's typed tools are compared: hints nested at a wrong level cannot be seen");
    }
    let mut differences = verify::compare(&expected, &listed.tools);
    differences.extend(verify::protocol_violations(&listed.not_json_rpc));
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
