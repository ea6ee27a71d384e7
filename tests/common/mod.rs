//! What the tests share: running the binary, converting through the library, and the
//! checks that hold for every tool of every converted spec.
#![allow(dead_code)]

pub mod pipeline_check;
pub mod properties;
pub mod synthetic;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use openapi2mcp_core::convert::Options;
use openapi2mcp_core::load::Input;
use openapi2mcp_core::{manifest, pipeline};
use serde_json::Value;

pub fn repo_path(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
}

/// Converts a spec file through the library, as `convert` does, into manifest text.
pub fn convert_file(
    path: &Path,
    options: &Options,
) -> Result<String, openapi2mcp_core::error::Error> {
    let conversion = pipeline::convert_input(
        &Input::Path(path.to_path_buf()),
        &Default::default(),
        options,
    )?;
    Ok(manifest::render(conversion.tools.iter().map(|c| &c.tool)))
}

/// Says on the test run's standard error, past the harness's capture, that a test checks
/// nothing because `variable` is unset: a skipped check is never a silent pass.
pub fn skipped(variable: &str, what: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "skipped ({variable} unset): {what}");
}

/// Runs the built binary.
/// Makes a FIFO at `path` and returns the path.
pub fn fifo(path: &Path) -> PathBuf {
    let name = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: a valid C string; mkfifo only reads it.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
    path.to_path_buf()
}

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

/// A child process killed when the test ends, however it ends.
pub struct Running(pub std::process::Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A port nothing listens on now (the system's pick), for a server a test starts.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Waits up to 30 seconds for a server to listen on `port`.
pub fn wait_for_port(port: u16) {
    let started = std::time::Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            started.elapsed() < std::time::Duration::from_secs(30),
            "the server on port {port} did not start"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}
