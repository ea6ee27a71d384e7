//! What `serve` adds to each call, timed: `cargo bench --bench serve`.
//!
//! The release binary serves `specs/serve.yaml` against a local mock API (wiremock); one
//! client makes `CALLS` calls of `get_item` one after another, over stdio and over
//! `--http` (one kept-alive connection). The floor is the same request sent straight to
//! the mock API over a kept-alive connection. Each row gives the median and the 99th
//! percentile of a call's round trip, and the median less the floor's: what serve adds.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use wiremock::matchers::method;
use wiremock::{Mock, MockServer, ResponseTemplate};

/// Calls per transport, after as many again to warm up.
const CALLS: usize = 2000;
const PROTOCOL_VERSION: &str = "2025-11-25";

fn main() {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let mock = runtime.block_on(async {
        let mock = MockServer::start().await;
        Mock::given(method("GET"))
            .respond_with(
                ResponseTemplate::new(200).set_body_json(json!({"id": "1", "name": "lamp"})),
            )
            .mount(&mock)
            .await;
        mock
    });
    let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("specs/serve.yaml");
    let spec = spec.to_str().expect("a UTF-8 path");
    let client = reqwest::Client::new();

    let item = format!("{}/items/1", mock.uri());
    let floor = times(|| {
        runtime.block_on(async {
            let response = client.get(&item).send().await.expect("the mock answers");
            response.bytes().await.expect("a body");
        });
    });

    let mut stdio = OverStdio::start(spec, &mock.uri());
    let over_stdio = times(|| stdio.call());

    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port();
    let address = format!("127.0.0.1:{port}");
    let _http = Running(
        serve(spec, &mock.uri(), &["--http", &address])
            .spawn()
            .expect("serve starts"),
    );
    wait_for_port(port);
    let url = format!("http://{address}/mcp");
    let over_http = times(|| {
        runtime.block_on(async {
            let response = client
                .post(&url)
                .header("MCP-Protocol-Version", PROTOCOL_VERSION)
                .header("Accept", "application/json, text/event-stream")
                .json(&call_message())
                .send()
                .await
                .expect("serve answers");
            let answer: Value = response.json().await.expect("a JSON body");
            assert!(answer["result"]["isError"] != json!(true), "{answer}");
        });
    });

    println!("| transport | a call: median | 99th percentile | added to the API's time |");
    println!("|---|---|---|---|");
    let floor_median = floor.median();
    for (label, times) in [
        ("the API alone (floor)", &floor),
        ("`serve`, stdio", &over_stdio),
        ("`serve --http`", &over_http),
    ] {
        println!(
            "| {label} | {:.3} ms | {:.3} ms | {:.3} ms |",
            times.median() * 1e3,
            times.percentile(0.99) * 1e3,
            (times.median() - floor_median) * 1e3,
        );
    }
}

/// The round trips of `CALLS` calls of `call`, after as many unmeasured.
fn times(mut call: impl FnMut()) -> Times {
    for _ in 0..CALLS {
        call();
    }
    let mut seconds: Vec<f64> = (0..CALLS)
        .map(|_| {
            let started = Instant::now();
            call();
            started.elapsed().as_secs_f64()
        })
        .collect();
    seconds.sort_by(f64::total_cmp);
    Times(seconds)
}

/// Round trips in seconds, sorted.
struct Times(Vec<f64>);

impl Times {
    fn median(&self) -> f64 {
        self.percentile(0.5)
    }

    fn percentile(&self, fraction: f64) -> f64 {
        self.0[((self.0.len() - 1) as f64 * fraction).round() as usize]
    }
}

/// `serve` of `spec` calling `base_url`, quiet, with a credential.
fn serve(spec: &str, base_url: &str, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_openapi2mcp"));
    command
        .args(["serve", spec, "--base-url", base_url, "-q"])
        .args(args)
        .env("OPENAPI2MCP_AUTH_BEARER", "token-1")
        .stderr(Stdio::inherit());
    command
}

fn call_message() -> Value {
    json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "get_item", "arguments": {"id": "1"}}})
}

/// A child process, killed when dropped.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `serve` over stdio, initialized.
struct OverStdio {
    server: Running,
    output: BufReader<std::process::ChildStdout>,
}

impl OverStdio {
    fn start(spec: &str, base_url: &str) -> Self {
        let mut child = serve(spec, base_url, &[])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("serve starts");
        let output = BufReader::new(child.stdout.take().expect("piped"));
        let mut stdio = OverStdio {
            server: Running(child),
            output,
        };
        stdio.send(
            &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": PROTOCOL_VERSION, "capabilities": {},
            "clientInfo": {"name": "bench", "version": "1"}}}),
        );
        stdio.answer();
        stdio.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        stdio
    }

    fn send(&mut self, message: &Value) {
        let input = self.server.0.stdin.as_mut().expect("piped");
        writeln!(input, "{message}").expect("serve reads");
        input.flush().expect("serve reads");
    }

    fn answer(&mut self) -> Value {
        let mut line = String::new();
        self.output.read_line(&mut line).expect("serve answers");
        serde_json::from_str(&line).expect("a JSON-RPC message")
    }

    fn call(&mut self) {
        self.send(&call_message());
        let answer = self.answer();
        assert!(answer["result"]["isError"] != json!(true), "{answer}");
    }
}

/// Waits up to 30 seconds for a server to listen on `port`.
fn wait_for_port(port: u16) {
    let started = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "serve did not start"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}
