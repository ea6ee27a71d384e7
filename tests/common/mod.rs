//! What the tests share: running the binary, converting through the library, and the
//! checks that hold for every tool of every converted spec.
#![allow(dead_code)]

pub mod pipeline_check;
pub mod properties;
pub mod synthetic;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use openapi2mcp::convert::Options;
use openapi2mcp::load::Input;
use openapi2mcp::{manifest, pipeline};
use serde_json::Value;

pub fn repo_path(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
}

/// Converts a spec file through the library, as `convert` does, into manifest text.
pub fn convert_file(path: &Path, options: &Options) -> Result<String, openapi2mcp::error::Error> {
    let conversion = pipeline::convert_input(&Input::Path(path.to_path_buf()), &[], options)?;
    Ok(manifest::render(&conversion.tools, options.hint_style))
}

/// Runs the built binary.
pub fn run(args: &[&str], stdin: Option<&[u8]>) -> Output {
    use std::io::Write;
    let mut command = Command::new(env!("CARGO_BIN_EXE_openapi2mcp"));
    command
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = command.spawn().expect("the binary starts");
    let mut input = child.stdin.take().expect("piped");
    input
        .write_all(stdin.unwrap_or_default())
        .expect("stdin accepts");
    drop(input);
    child.wait_with_output().expect("the binary finishes")
}

/// The tool names of a manifest, in order.
pub fn tool_names(manifest: &Value) -> Vec<&str> {
    manifest["tools"]
        .as_array()
        .expect("a tools array")
        .iter()
        .map(|t| t["name"].as_str().expect("a name"))
        .collect()
}

/// The rule names of a lint report in JSON, in order.
pub fn finding_names(findings: &Value) -> Vec<&str> {
    findings
        .as_array()
        .expect("an array of findings")
        .iter()
        .map(|f| f["name"].as_str().expect("a rule name"))
        .collect()
}

pub fn default_options() -> Options {
    Options::default()
}
