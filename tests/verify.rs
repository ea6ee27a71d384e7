//! `verify` and `lint --server`: real servers built with the official SDKs, started by the
//! tests. The Python server needs `$OPENAPI2MCP_PYTHON` (a Python with `mcp` installed) and
//! the TypeScript one `$OPENAPI2MCP_TS_SERVERS` (tests/servers/ts after `npm install`); `.ci/run`
//! sets both. Without them those tests say so and check nothing; the broken servers need
//! only a shell.

use crate::common::{finding_names, free_port, repo_path, run, wait_for_port, Running};
use serde_json::Value;

fn manifest() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tools.json");
    let spec = repo_path("specs/review/orders.yaml");
    let output = run(
        &[
            "convert",
            spec.to_str().unwrap(),
            "-o",
            path.to_str().unwrap(),
            "-q",
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(0));
    let path = path.to_string_lossy().into_owned();
    (dir, path)
}

/// The command that starts each SDK's server, where the SDK is installed.
fn servers() -> Vec<(&'static str, Vec<String>)> {
    let mut out = Vec::new();
    if let Ok(python) = std::env::var("OPENAPI2MCP_PYTHON") {
        let script = repo_path("tests/servers/python_server.py")
            .to_string_lossy()
            .into_owned();
        out.push(("python", vec![python, script]));
    }
    if let Ok(dir) = std::env::var("OPENAPI2MCP_TS_SERVERS") {
        out.push((
            "typescript",
            vec!["node".into(), format!("{dir}/server.mjs")],
        ));
    }
    if out.is_empty() {
        crate::common::skipped(
            "OPENAPI2MCP_PYTHON and OPENAPI2MCP_TS_SERVERS",
            "no SDK server is started",
        );
    }
    out
}

/// Runs `ARGS... -- SERVER SERVED MODE`: the server lists the tools of `served`, in `mode`.
fn with_server(args: &[&str], server: &[String], served: &str, mode: &str) -> std::process::Output {
    let mut all = args.to_vec();
    all.push("--");
    all.extend(server.iter().map(String::as_str));
    all.extend([served, mode]);
    run(&all, None)
}

/// `verify MANIFEST --format json -- SERVER MANIFEST MODE`: exit code and differences.
fn verify(manifest: &str, server: &[String], mode: &str) -> (Option<i32>, Vec<Value>) {
    let output = with_server(
        &["verify", manifest, "--format", "json", "--timeout", "60"],
        server,
        manifest,
        mode,
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    let differences: Vec<Value> =
        serde_json::from_slice(&output.stdout).unwrap_or_else(|_| panic!("{stderr}"));
    (output.status.code(), differences)
}

fn kinds(differences: &[Value]) -> Vec<&str> {
    let mut kinds: Vec<&str> = differences
        .iter()
        .map(|d| d["kind"].as_str().unwrap())
        .collect();
    kinds.sort_unstable();
    kinds.dedup();
    kinds
}

#[test]
fn a_faithful_server_matches() {
    let (_dir, manifest) = manifest();
    for (sdk, server) in servers() {
        let (code, differences) = verify(&manifest, &server, "faithful");
        assert_eq!(
            (code, differences.len()),
            (Some(0), 0),
            "{sdk}: {differences:?}"
        );
        // A spec as the expected side is converted first, with the same result.
        let spec = repo_path("specs/review/orders.yaml")
            .to_string_lossy()
            .into_owned();
        let output = with_server(
            &["verify", &spec, "--timeout", "60"],
            &server,
            &manifest,
            "faithful",
        );
        assert_eq!(
            output.status.code(),
            Some(0),
            "{sdk}: a spec as the expected side"
        );
        let (code, differences) = verify(&manifest, &server, "dropped");
        assert_eq!(code, Some(1), "{sdk}");
        assert_eq!(
            kinds(&differences),
            ["annotations-missing", "hint"],
            "{sdk}"
        );
    }
}

#[test]
fn annotations_one_level_off_are_caught() {
    let (_dir, manifest) = manifest();
    for (sdk, server) in servers() {
        let (code, differences) = verify(&manifest, &server, "nested");
        assert_eq!(code, Some(1), "{sdk}");
        // The TypeScript SDK sends what it is given; the Python SDK's models drop the
        // unknown wrapper, which leaves no annotations.
        let expected: &[&str] = if sdk == "typescript" {
            &["hint", "misplaced-hint"]
        } else {
            &["annotations-missing", "hint"]
        };
        assert_eq!(kinds(&differences), expected, "{sdk}");
        let (code, differences) = verify(&manifest, &server, "toplevel");
        assert_eq!(code, Some(1), "{sdk}");
        if sdk == "typescript" {
            assert!(differences.iter().any(|d| d["message"]
                .as_str()
                .unwrap()
                .contains("a hint at /readOnlyHint")));
        }
    }
}

#[test]
fn every_page_of_tools_list_is_read() {
    let (_dir, manifest) = manifest();
    for (sdk, server) in servers().into_iter().filter(|(sdk, _)| *sdk == "python") {
        let (code, differences) = verify(&manifest, &server, "paged");
        assert_eq!(
            (code, differences.len()),
            (Some(0), 0),
            "{sdk}: {differences:?}"
        );
    }
}

#[test]
fn differences_in_the_manifest_side_are_reported_too() {
    let (dir, manifest) = manifest();
    let mut edited: Value =
        serde_json::from_str(&std::fs::read_to_string(&manifest).unwrap()).unwrap();
    let tools = edited["tools"].as_array_mut().unwrap();
    tools[0]["title"] = "Another title".into();
    tools.push(
        serde_json::json!({"name": "only_in_the_manifest", "inputSchema": {"type": "object"}}),
    );
    let edited_path = dir
        .path()
        .join("edited.json")
        .to_string_lossy()
        .into_owned();
    std::fs::write(&edited_path, edited.to_string()).unwrap();
    for (sdk, server) in servers() {
        // The server lists the original manifest; verify compares with the edited one.
        let args = [
            "verify",
            &edited_path,
            "--format",
            "json",
            "--timeout",
            "60",
        ];
        let output = with_server(&args, &server, &manifest, "faithful");
        assert_eq!(output.status.code(), Some(1), "{sdk}");
        let differences: Vec<Value> = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(kinds(&differences), ["missing", "title"], "{sdk}");
    }
}

#[test]
fn lint_reads_what_a_server_lists() {
    let (_dir, manifest) = manifest();
    for (sdk, server) in servers() {
        let args = ["lint", "--format", "json", "--fail-on", "never", "--server"];
        let output = with_server(&args, &server, &manifest, "faithful");
        assert_eq!(
            output.status.code(),
            Some(0),
            "{sdk}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let findings: Value = serde_json::from_slice(&output.stdout).unwrap();
        let names = finding_names(&findings);
        assert!(
            names.contains(&"hint-contradicts-method") && names.contains(&"name-implies-read-only"),
            "{sdk}: {names:?}"
        );
    }
}

#[test]
fn broken_servers_exit_2_with_a_clear_message() {
    let (_dir, manifest) = manifest();
    let cases: [(&[&str], &str); 4] = [
        (
            &["sh", "-c", "echo 'no config file' >&2; exit 3"],
            "no config file",
        ),
        (
            &["sh", "-c", "echo 'hello, not json'; sleep 30"],
            "what is not JSON-RPC: 'hello, not json'",
        ),
        (&["sleep", "30"], "did not answer within 2 s"),
        (
            &["/no/such/server"],
            "cannot start the server '/no/such/server'",
        ),
    ];
    for (server, message) in cases {
        let mut args = vec!["verify", manifest.as_str(), "--timeout", "2", "--"];
        args.extend_from_slice(server);
        let started = std::time::Instant::now();
        let output = run(&args, None);
        assert_eq!(output.status.code(), Some(2), "{server:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(message), "{server:?}: {stderr}");
        assert!(
            started.elapsed() < std::time::Duration::from_secs(10),
            "{server:?} was ended"
        );
    }
    let no_server = run(&["verify", manifest.as_str()], None);
    assert_eq!(no_server.status.code(), Some(2));
}

/// A server that floods stdout is read no further than 64 MiB, and what a server started
/// ends with it when verify stops waiting (its process group is ended).
#[test]
fn a_flooding_server_is_cut_off_and_its_children_end_with_it() {
    let (_dir, manifest) = manifest();
    let output = run(
        &[
            "verify",
            manifest.as_str(),
            "--timeout",
            "60",
            "--",
            "sh",
            "-c",
            "exec cat /dev/zero",
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("more than 64 MiB on stdout"), "{stderr}");

    let marker = format!("{}", 400_000 + std::process::id() % 100_000);
    let script = format!("sleep {marker} & sleep {marker}");
    let output = run(
        &[
            "verify",
            manifest.as_str(),
            "--timeout",
            "1",
            "--",
            "sh",
            "-c",
            &script,
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(2));
    std::thread::sleep(std::time::Duration::from_millis(200));
    let left = std::process::Command::new("pgrep")
        .args(["-f", &format!("sleep {marker}")])
        .output()
        .unwrap();
    assert!(
        left.stdout.is_empty(),
        "still running: {}",
        String::from_utf8_lossy(&left.stdout)
    );
}

#[test]
fn verify_and_lint_over_streamable_http() {
    let Ok(python) = std::env::var("OPENAPI2MCP_PYTHON") else {
        crate::common::skipped("OPENAPI2MCP_PYTHON", "no HTTP server is started");
        return;
    };
    let (_dir, manifest) = manifest();
    let port = free_port();
    let script = repo_path("tests/servers/python_server.py");
    let _server = Running(
        std::process::Command::new(python)
            .args([
                script.to_str().unwrap(),
                &manifest,
                "faithful",
                &port.to_string(),
            ])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap(),
    );
    wait_for_port(port);
    let url = format!("http://127.0.0.1:{port}/mcp");
    let output = run(
        &[
            "verify",
            &manifest,
            "--url",
            &url,
            "--format",
            "json",
            "--timeout",
            "30",
        ],
        None,
    );
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(output.stdout, b"[]\n");
    assert!(String::from_utf8_lossy(&output.stderr)
        .contains("over HTTP the SDK's typed tools are compared"));
    let output = run(
        &[
            "lint",
            "--url",
            &url,
            "--format",
            "json",
            "--fail-on",
            "never",
        ],
        None,
    );
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let findings: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(!findings.as_array().unwrap().is_empty());
}

#[test]
fn a_banner_on_stdout_is_a_protocol_violation_and_an_exit_is_said_plainly() {
    let (_dir, manifest) = manifest();
    let serve = format!(
        "echo 'Server starting...'; exec {} serve {manifest} --base-url http://127.0.0.1:9",
        env!("CARGO_BIN_EXE_openapi2mcp")
    );
    let output = run(
        &[
            "verify", &manifest, "--format", "json", "--", "sh", "-c", &serve,
        ],
        None,
    );
    assert_eq!(
        output.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let differences: Vec<Value> = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(kinds(&differences), ["protocol"]);
    assert!(differences[0]["message"]
        .as_str()
        .unwrap()
        .ends_with("'Server starting...'"));

    let output = run(
        &[
            "verify",
            &manifest,
            "--",
            "sh",
            "-c",
            "echo oops >&2; exit 3",
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(2));
    // After the manifest's own warnings (its read-only POST contradicts the method).
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.ends_with("\nerror: the server exited with code 3 before answering; the end of the server's stderr:\noops\n"),
        "{stderr}"
    );
}
