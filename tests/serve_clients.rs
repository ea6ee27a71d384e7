//! `openapi2mcp serve` end to end, with real MCP clients: raw JSON-RPC for each protocol
//! version that has an `initialize` handshake, our own `verify` (stdio and Streamable
//! HTTP), the official Python SDK's client (`$OPENAPI2MCP_PYTHON`) and the MCP Inspector
//! CLI (`$OPENAPI2MCP_TS_SERVERS`, where `npm install` put it). `.ci/run` sets both;
//! without them those tests say so and check nothing.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use crate::common::{free_port, repo_path, run, wait_for_port, Running};
use serde_json::{json, Value};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

const BINARY: &str = env!("CARGO_BIN_EXE_openapi2mcp");

fn spec() -> String {
    repo_path("specs/serve.yaml").to_string_lossy().into_owned()
}

/// The tools convert writes for the spec.
fn converted(extra: &[&str]) -> Vec<Value> {
    let mut args = vec!["convert", "-q"];
    let spec = spec();
    args.push(&spec);
    args.extend_from_slice(extra);
    let output = run(&args, None);
    assert_eq!(output.status.code(), Some(0));
    let manifest: Value = serde_json::from_slice(&output.stdout).unwrap();
    manifest["tools"].as_array().unwrap().clone()
}

/// `serve` over stdio, spoken to in raw JSON-RPC, one line per message.
struct Session {
    _server: Running,
    stdin: std::process::ChildStdin,
    stdout: BufReader<std::process::ChildStdout>,
    next_id: u64,
}

impl Session {
    /// Starts `serve ARGS...` and completes the `initialize` handshake at `version`; the
    /// server's answer to `initialize` comes back too.
    fn start(args: &[&str], version: &str, env: &[(&str, &str)]) -> (Session, Value) {
        let mut server = Running(
            Command::new(BINARY)
                .arg("serve")
                .args(args)
                .envs(env.iter().copied())
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .unwrap(),
        );
        let stdin = server.0.stdin.take().unwrap();
        let stdout = BufReader::new(server.0.stdout.take().unwrap());
        let mut session = Session {
            _server: server,
            stdin,
            stdout,
            next_id: 0,
        };
        let initialized = session.request(
            "initialize",
            json!({
                "protocolVersion": version,
                "capabilities": {},
                "clientInfo": {"name": "test", "version": "1"},
            }),
        );
        writeln!(
            session.stdin,
            "{}",
            json!({"jsonrpc": "2.0", "method": "notifications/initialized"})
        )
        .unwrap();
        (session, initialized)
    }

    /// Sends a request and returns the `result` of its answer.
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.send(method, params);
        self.answer()["result"].clone()
    }

    /// Sends a request without reading its answer; its id is `self.next_id`.
    fn send(&mut self, method: &str, params: Value) {
        self.next_id += 1;
        let message =
            json!({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params});
        writeln!(self.stdin, "{message}").unwrap();
    }

    /// The next message, which answers the last request sent.
    fn answer(&mut self) -> Value {
        let (answer, notifications) = self.answer_after_notifications();
        assert!(notifications.is_empty(), "{notifications:?}");
        answer
    }

    /// The answer to the last request sent, and the notifications that came before it.
    fn answer_after_notifications(&mut self) -> (Value, Vec<Value>) {
        let mut notifications = Vec::new();
        loop {
            let mut line = String::new();
            self.stdout.read_line(&mut line).unwrap();
            let message: Value = serde_json::from_str(&line).unwrap();
            if message.get("id").is_none() {
                notifications.push(message);
                continue;
            }
            assert_eq!(message["id"], self.next_id, "{message}");
            return (message, notifications);
        }
    }
}

/// What the SDK would drop without a word gets JSON-RPC's error: a line that is not JSON
/// -32700, one over 16 MiB -32600, `tools/call` arguments that are not an object -32602;
/// the session goes on.
#[test]
fn malformed_messages_get_json_rpc_errors() {
    let (mut session, _) = Session::start(&[&spec(), "-q"], "2025-11-25", &[]);
    let big = format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":99,\"method\":\"tools/list\",\"params\":{{\"x\":\"{}\"}}}}",
        "a".repeat(17 * 1024 * 1024)
    );
    let call = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
        "params": {"name": "get_item", "arguments": "id=1"}});
    // JSON deeper than the reader goes is said to be so, not "not JSON".
    let deep = format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/list\",\"params\":{{\"x\":{}{}}}}}",
        "[".repeat(200),
        "]".repeat(200)
    );
    for (line, code, id, message) in [
        (
            "this is not JSON".to_string(),
            -32700,
            Value::Null,
            Some("parse error: not JSON"),
        ),
        (
            deep,
            -32700,
            Value::Null,
            Some("parse error: nested deeper than 128 levels"),
        ),
        (big, -32600, Value::Null, None),
        (call.to_string(), -32602, json!(7), None),
    ] {
        writeln!(session.stdin, "{line}").unwrap();
        let mut answer = String::new();
        session.stdout.read_line(&mut answer).unwrap();
        let answer: Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(answer["error"]["code"], code, "{answer}");
        assert_eq!(answer["id"], id);
        if let Some(message) = message {
            assert_eq!(answer["error"]["message"], message, "{answer}");
        }
    }
    // A line of exactly 16 MiB, its newline included, is taken and answered.
    let head = r#"{"jsonrpc":"2.0","id":98,"method":"tools/list","params":{"x":""#;
    let tail = r#""}}"#;
    let pad = "a".repeat(16 * 1024 * 1024 - head.len() - tail.len() - 1);
    writeln!(session.stdin, "{head}{pad}{tail}").unwrap();
    let mut answer = String::new();
    session.stdout.read_line(&mut answer).unwrap();
    let answer: Value = serde_json::from_str(&answer).unwrap();
    assert_eq!(answer["id"], 98);
    assert!(answer["result"]["tools"].is_array());
    let listed = session.request("tools/list", json!({}));
    assert!(listed["tools"].is_array());
}

/// `serve --http` on a free port; its address.
fn http_replica() -> (Running, String) {
    http_replica_with(&[], &[])
}

/// `serve --http` with more arguments and environment variables.
fn http_replica_with(args: &[&str], env: &[(&str, &str)]) -> (Running, String) {
    let port = free_port();
    let address = format!("127.0.0.1:{port}");
    let server = Running(
        Command::new(BINARY)
            .args(["serve", &spec(), "--http", &address, "-q"])
            .args(args)
            .envs(env.iter().copied())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    wait_for_port(port);
    (server, address)
}

/// POSTs `message` to `/mcp` over a connection of its own; the whole response as text.
fn post(address: &str, headers: &[&str], message: &Value) -> String {
    let host = format!("Host: {address}");
    let mut all = vec![host.as_str()];
    all.extend_from_slice(headers);
    post_as(address, &all, message)
}

/// POSTs with exactly these extra `headers` (a `Host` among them).
fn post_as(address: &str, headers: &[&str], message: &Value) -> String {
    use std::io::Read;
    let body = message.to_string();
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    let mut request = format!(
        "POST /mcp HTTP/1.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: {}\r\nConnection: close\r\n",
        body.len()
    );
    for header in headers {
        request.push_str(&format!("{header}\r\n"));
    }
    write!(stream, "{request}\r\n{body}").unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response
}

/// Replicas hold no state: a 2026-07-28 client calls a tool with no handshake and no
/// session, and a 2025-11-25 client's handshake on one replica is followed by a call on
/// another, as behind a load balancer with no session affinity.
#[test]
fn http_replicas_need_no_session_affinity() {
    let (_a, first) = http_replica();
    let (_b, second) = http_replica();
    let meta = json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {}});
    let call = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": "get_item", "arguments": {"id": "1"}, "_meta": meta}});
    let headers = [
        "MCP-Protocol-Version: 2026-07-28",
        "Mcp-Method: tools/call",
        "Mcp-Name: get_item",
    ];
    let response = post(&first, &headers, &call);
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(
        response.contains("this tool needs credentials"),
        "{response}"
    );

    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "test", "version": "1"}}});
    let response = post(&first, &[], &initialize);
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(
        !response.to_ascii_lowercase().contains("mcp-session-id"),
        "{response}"
    );
    let call = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "get_item", "arguments": {"id": "1"}}});
    let response = post(&second, &["MCP-Protocol-Version: 2025-11-25"], &call);
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(
        response.contains("this tool needs credentials"),
        "{response}"
    );
}

/// A call's answer is one JSON body (`application/json`), sent once the API has answered:
/// a replica that dies mid-call leaves no `200` behind for a load balancer to pass on.
#[test]
fn a_call_is_answered_with_one_json_body() {
    let (_server, address) = http_replica();
    let call = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "get_item", "arguments": {"id": "1"}}});
    let response = post(&address, &["MCP-Protocol-Version: 2025-11-25"], &call);
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    let head = response
        .split("\r\n\r\n")
        .next()
        .unwrap()
        .to_ascii_lowercase();
    assert!(
        head.contains("content-type: application/json"),
        "{response}"
    );
    assert!(!head.contains("text/event-stream"), "{response}");
}

/// What `serve --http` does as deployed: a connection that does not finish its request's
/// head within 10 s (or sends nothing) is closed; SIGTERM lets a call under way finish and be answered whole,
/// then the server exits 0. (That accepted connections have TCP_NODELAY is a unit test of
/// `mcp::http`.)
#[tokio::test(flavor = "multi_thread")]
async fn serve_http_as_deployed() {
    use std::io::Read;
    let mock = MockServer::start().await;
    Mock::given(wiremock::matchers::any())
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"id": "1", "name": "slow lamp"}))
                .set_delay(std::time::Duration::from_secs(2)),
        )
        .mount(&mock)
        .await;
    let uri = mock.uri();
    tokio::task::spawn_blocking(move || {
        let (mut server, address) = http_replica_with(
            &["--base-url", &uri],
            &[("OPENAPI2MCP_AUTH_BEARER", "token-1")],
        );

        // Half a request's head, then nothing: closed by the server.
        let mut slow = std::net::TcpStream::connect(&address).unwrap();
        slow.write_all(b"POST /mcp HTTP/1.1\r\nHost: x\r\n")
            .unwrap();
        slow.set_read_timeout(Some(std::time::Duration::from_secs(60)))
            .unwrap();
        let mut rest = Vec::new();
        let closed = slow.read_to_end(&mut rest);
        assert!(closed.is_ok(), "{closed:?}");
        // Nothing at all, too.
        let mut silent = std::net::TcpStream::connect(&address).unwrap();
        silent
            .set_read_timeout(Some(std::time::Duration::from_secs(60)))
            .unwrap();
        let closed = silent.read_to_end(&mut rest);
        assert!(closed.is_ok(), "{closed:?}");

        // A call under way when SIGTERM comes is answered whole.
        let call = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"name": "get_item", "arguments": {"id": "1"}}});
        let calling = {
            let address = address.clone();
            std::thread::spawn(move || post(&address, &["MCP-Protocol-Version: 2025-11-25"], &call))
        };
        // SIGTERM once the API has the request (not after a guessed delay).
        let runtime = tokio::runtime::Handle::current();
        let started = std::time::Instant::now();
        while runtime
            .block_on(mock.received_requests())
            .is_none_or(|requests| requests.is_empty())
        {
            assert!(
                started.elapsed() < std::time::Duration::from_secs(60),
                "no call"
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        // SAFETY: kill(2) with the pid of our own child.
        unsafe { libc::kill(server.0.id() as i32, libc::SIGTERM) };
        let response = calling.join().unwrap();
        assert!(response.starts_with("HTTP/1.1 200"), "{response}");
        assert!(response.contains("slow lamp"), "{response}");
        assert_eq!(server.0.wait().unwrap().code(), Some(0));
    })
    .await
    .unwrap();
}

/// What a client sends reaches serve's log escaped: an operation name with a terminal
/// escape in it is shown as `\u{1b}`, never sent to the terminal.
#[test]
fn a_client_cannot_write_to_the_terminal_through_the_log() {
    let mut server = Command::new(BINARY)
        .args(["serve", &spec(), "--dynamic"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = server.stdin.take().unwrap();
    let messages = [
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"}}}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
            "name": "call_operation", "arguments": {"name": "\u{1b}[2Jwiped"}}}),
    ];
    for message in messages {
        writeln!(stdin, "{message}").unwrap();
    }
    let mut stdout = BufReader::new(server.stdout.take().unwrap());
    for _ in 0..2 {
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
    }
    drop(stdin);
    let output = server.wait_with_output().unwrap();
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(!log.contains('\u{1b}'), "{log:?}");
    assert!(log.contains("\\u{1b}[2Jwiped"), "{log}");
}

/// Behind a load balancer: `--allow-host` adds the public name, and with
/// OPENAPI2MCP_HTTP_TOKEN set every request must carry it as a bearer token.
#[test]
fn http_takes_a_public_host_name_and_a_bearer_token() {
    let (_server, address) = http_replica_with(
        &["--allow-host", "mcp.example.com"],
        &[("OPENAPI2MCP_HTTP_TOKEN", "s3cret")],
    );
    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "test", "version": "1"}}});
    for (headers, status) in [
        (
            &["Host: mcp.example.com", "Authorization: Bearer s3cret"][..],
            "200",
        ),
        (&["Host: mcp.example.com"][..], "401"),
        (
            &["Host: mcp.example.com", "Authorization: Bearer s3creT"][..],
            "401",
        ),
        (
            &["Host: other.example.com", "Authorization: Bearer s3cret"][..],
            "403",
        ),
    ] {
        let response = post_as(&address, headers, &initialize);
        assert!(
            response.starts_with(&format!("HTTP/1.1 {status}")),
            "{headers:?}: {response}"
        );
    }
}

/// MCP's error for an unknown tool is -32602 (invalid params), not a tool result.
#[test]
fn an_unknown_tool_is_invalid_params() {
    let (mut session, _) = Session::start(&[&spec(), "-q"], "2025-11-25", &[]);
    session.send(
        "tools/call",
        json!({"name": "no_such_tool", "arguments": {}}),
    );
    let answer = session.answer();
    assert_eq!(answer["error"]["code"], -32602, "{answer}");
    assert_eq!(answer["error"]["message"], "unknown tool: no_such_tool");
}

/// `notifications/cancelled` stops a call, its retries included, and gets no answer.
#[tokio::test(flavor = "multi_thread")]
async fn a_cancelled_call_stops_retrying() {
    let mock = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(503))
        .mount(&mock)
        .await;
    let base = format!("{}/v1", mock.uri());
    let spec = spec();
    tokio::task::spawn_blocking(move || {
        let args = [spec.as_str(), "--base-url", &base, "--retries", "6", "-q"];
        let secrets = [("OPENAPI2MCP_AUTH_BEARER", "b")];
        let (mut session, _) = Session::start(&args, "2025-11-25", &secrets);
        session.send(
            "tools/call",
            json!({"name": "get_item", "arguments": {"id": "1"}}),
        );
        let cancelled = session.next_id;
        std::thread::sleep(std::time::Duration::from_millis(150));
        let notice = json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
            "params": {"requestId": cancelled, "reason": "the user stopped it"}});
        writeln!(session.stdin, "{notice}").unwrap();
        // Uncancelled, six retries would take more than 6 s; the next answer is the list's.
        std::thread::sleep(std::time::Duration::from_millis(1500));
        let listed = session.request("tools/list", json!({}));
        assert!(listed["tools"].is_array());
    })
    .await
    .unwrap();
    let sent = mock.received_requests().await.unwrap().len();
    assert!(sent <= 3, "{sent} requests after the cancellation");
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    assert_eq!(
        mock.received_requests().await.unwrap().len(),
        sent,
        "no retry later"
    );
}

/// Over HTTP, only pages on this machine may call the server (`Origin`), as MCP requires
/// against DNS rebinding.
#[test]
fn http_refuses_other_origins() {
    let (_server, address) = http_replica();
    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "test", "version": "1"}}});
    for (origin, status) in [
        ("http://evil.example", "403"),
        ("http://localhost:5173", "200"),
    ] {
        let response = post(&address, &[&format!("Origin: {origin}")], &initialize);
        assert!(
            response.starts_with(&format!("HTTP/1.1 {status}")),
            "{origin}: {response}"
        );
    }
}

#[test]
fn tools_list_is_what_convert_writes_under_each_handshake_version() {
    for version in ["2025-06-18", "2025-11-25"] {
        let (mut session, initialized) = Session::start(&[&spec(), "-q"], version, &[]);
        assert_eq!(initialized["protocolVersion"], version);
        assert_eq!(initialized["serverInfo"]["name"], "openapi2mcp");
        let listed = session.request("tools/list", json!({}));
        // `--server-name` names the server to clients too.
        let (_, named) =
            Session::start(&[&spec(), "-q", "--server-name", "petstore"], version, &[]);
        assert_eq!(named["serverInfo"]["name"], "petstore");
        assert_eq!(
            listed["tools"].as_array().unwrap(),
            &converted(&[]),
            "{version}"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_override_makes_a_keyed_post_retryable_end_to_end() {
    let mock = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(503))
        .up_to_n_times(1)
        .with_priority(1)
        .mount(&mock)
        .await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(201))
        .with_priority(2)
        .mount(&mock)
        .await;
    let dir = tempfile::tempdir().unwrap();
    let overrides = dir.path().join("hints.yaml");
    std::fs::write(
        &overrides,
        "tools:\n  create_item:\n    idempotentHint: true\n    reason: the API honours Idempotency-Key\n",
    )
    .unwrap();
    let base = format!("{}/v1", mock.uri());
    let spec = spec();
    let overrides = overrides.to_string_lossy().into_owned();
    let result = tokio::task::spawn_blocking(move || {
        let args = [
            spec.as_str(),
            "--overrides",
            &overrides,
            "--base-url",
            &base,
            "--retries",
            "2",
            "-q",
        ];
        let secrets = [
            ("OPENAPI2MCP_AUTH_API_KEY_HEADER", "h"),
            ("OPENAPI2MCP_AUTH_API_KEY_COOKIE", "c"),
        ];
        let (mut session, _) = Session::start(&args, "2025-11-25", &secrets);
        session.request(
            "tools/call",
            json!({"name": "create_item", "arguments": {"name": "lamp"}}),
        )
    })
    .await
    .unwrap();
    assert_eq!(
        result["content"],
        json!([{"type": "text", "text": "HTTP 201"}])
    );
    let received = mock.received_requests().await.unwrap();
    assert_eq!(received.len(), 2);
    assert_eq!(
        received[0].headers["idempotency-key"],
        received[1].headers["idempotency-key"]
    );
}

/// `serve --dynamic`: five tools with honest hints (snapshot), a search that finds by
/// words, a description that is the tool convert writes, a read-only call that calls only
/// what is surely read-only, a call that calls anything its schema allows, and a toolset
/// that lists its own tools once enabled, with `notifications/tools/list_changed`.
#[tokio::test(flavor = "multi_thread")]
async fn dynamic_mode_finds_describes_and_calls_with_honest_hints() {
    let mock = MockServer::start().await;
    Mock::given(wiremock::matchers::any())
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"ok": true})))
        .mount(&mock)
        .await;
    let fixture = repo_path("specs/dynamic.yaml")
        .to_string_lossy()
        .into_owned();
    let written: Value = {
        let output = run(&["convert", "-q", &fixture], None);
        serde_json::from_slice(&output.stdout).unwrap()
    };
    let base = mock.uri();
    let seen = tokio::task::spawn_blocking(move || {
        let args = [fixture.as_str(), "--dynamic", "--base-url", &base, "-q"];
        let (mut session, initialized) = Session::start(&args, "2025-11-25", &[]);
        let mut seen = vec![initialized["capabilities"].clone()];
        seen.push(session.request("tools/list", json!({})));
        let call = |session: &mut Session, tool: &str, arguments: Value| {
            session.send("tools/call", json!({"name": tool, "arguments": arguments}));
            let (answer, notifications) = session.answer_after_notifications();
            json!({"answer": answer, "notifications": notifications})
        };
        for (tool, arguments) in [
            (
                "search_operations",
                json!({"query": "remove a note", "limit": 2}),
            ),
            ("describe_operation", json!({"name": "list_notes"})),
            ("call_read_only_operation", json!({"name": "list_notes"})),
            (
                "call_read_only_operation",
                json!({"name": "delete_note", "arguments": {"id": 1}}),
            ),
            (
                "call_read_only_operation",
                json!({"name": "search_notes", "arguments": {}}),
            ),
            ("call_read_only_operation", json!({"name": "purge_cache"})),
            (
                "call_operation",
                json!({"name": "create_note", "arguments": {"text": "x".repeat(201)}}),
            ),
            (
                "call_operation",
                json!({"name": "create_note", "arguments": {"text": "hi"}}),
            ),
            ("describe_operation", json!({"name": "list_note"})),
            ("list_notes", json!({})),
            ("enable_toolset", json!({"name": "notes"})),
            ("enable_toolset", json!({"name": "notes"})),
            ("list_notes", json!({})),
        ] {
            seen.push(call(&mut session, tool, arguments));
        }
        seen.push(session.request("tools/list", json!({})));
        seen
    })
    .await
    .unwrap();
    assert_eq!(seen[0]["tools"], json!({"listChanged": true}));
    let listed = seen[1]["tools"].as_array().unwrap();
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("dynamic-tools", serde_json::to_string_pretty(listed).unwrap());
    });
    let answer = |n: usize| &seen[n + 2]["answer"];
    let result = |n: usize| &answer(n)["result"];
    let text = |n: usize| {
        result(n)["content"][0]["text"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let found: Vec<&str> = result(0)["structuredContent"]["operations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(found[0], "delete_note", "{found:?}");
    assert_eq!(
        result(0)["structuredContent"]["operations"][0],
        json!({"name": "delete_note", "title": "Delete a note", "annotations": {
                   "readOnlyHint": false, "destructiveHint": true, "idempotentHint": false,
                   "openWorldHint": true},
               "callReadOnly": false, "tokens": 39}),
        "all four hints stated, though the tool declares none"
    );
    let mut described = written["tools"][0].clone();
    described.as_object_mut().unwrap().remove("_meta");
    described["annotations"] = json!({"readOnlyHint": true, "destructiveHint": false,
        "idempotentHint": true, "openWorldHint": true});
    assert_eq!(result(1)["structuredContent"], described);
    assert_eq!(result(2)["isError"], false, "{}", result(2));
    for (n, why) in [
        (3, "'delete_note' (DELETE /notes/{id}) is not known to be read-only: its hints do not say read-only."),
        (4, "'search_notes' (POST /notes/search) is not known to be read-only: POST is not a safe method, and no person reviewed it as read-only."),
        (5, "'purge_cache' (GET /cache/purge) is not known to be read-only: convert did not find it read-only for certain (`--read-only -v` on the same input says why)."),
    ] {
        assert_eq!(result(n)["isError"], true);
        assert_eq!(
            text(n),
            format!("{why} Nothing was sent; call_operation calls it, with the client's confirmation")
        );
    }
    assert!(
        text(6).starts_with("invalid arguments, nothing was sent: argument 'text'"),
        "{}",
        text(6)
    );
    assert_eq!(result(7)["isError"], false);
    assert_eq!(
        text(8),
        "no operation named 'list_note' (did you mean 'list_notes'?); search_operations finds operations by what they do"
    );
    // An operation is called by its own name too, listed or not (a client may have seen it
    // listed by another replica).
    assert_eq!(result(9)["isError"], false, "{}", answer(9));
    assert_eq!(
        result(10)["structuredContent"],
        json!({"toolset": "notes", "tools": ["list_notes", "create_note", "search_notes", "delete_note"]})
    );
    let announced = |n: usize| seen[n + 2]["notifications"].as_array().unwrap().len();
    assert_eq!(
        seen[12]["notifications"][0]["method"],
        "notifications/tools/list_changed"
    );
    assert_eq!(
        (announced(10), announced(11)),
        (1, 0),
        "enabled twice, announced once"
    );
    assert_eq!(result(12)["isError"], false);
    let after: Vec<&str> = seen[15]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        after[5..],
        ["list_notes", "create_note", "search_notes", "delete_note"]
    );
    assert_eq!(seen[15]["tools"][5], written["tools"][0]);
    let sent: Vec<String> = mock
        .received_requests()
        .await
        .unwrap()
        .iter()
        .map(|r| format!("{} {}", r.method, r.url.path()))
        .collect();
    assert_eq!(
        sent,
        ["GET /notes", "POST /notes", "GET /notes", "GET /notes"]
    );
}

/// The issue's measure of dynamic mode, on the GitHub spec (`$OPENAPI2MCP_CORPUS`) with the
/// official Python SDK's client (`$OPENAPI2MCP_PYTHON`), in both connect modes: at most six
/// tools, under 3k tokens in all; an operation found by words, described and called
/// against a mock API; a DELETE and a POST refused by `call_read_only_operation`; and an
/// enabled toolset announced (on the session, or on a `subscriptions/listen` stream).
#[tokio::test(flavor = "multi_thread")]
async fn the_python_sdk_client_uses_dynamic_mode_on_github() {
    let (Ok(python), Some(corpus)) = (
        std::env::var("OPENAPI2MCP_PYTHON"),
        std::env::var_os("OPENAPI2MCP_CORPUS"),
    ) else {
        crate::common::skipped(
            "OPENAPI2MCP_PYTHON and OPENAPI2MCP_CORPUS",
            "dynamic mode is not tried on GitHub",
        );
        return;
    };
    let mock = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/repos/octo/app/languages"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"Rust": 1200})))
        .mount(&mock)
        .await;
    let github = std::path::Path::new(&corpus).join("github/generated/api.github.com.json");
    let steps = json!([
        ["list"],
        ["call", "search_operations", {"query": "show the languages a repository is written in", "limit": 5}],
        ["call", "describe_operation", {"name": "repos_list_languages"}],
        ["call", "call_read_only_operation", {"name": "repos_list_languages", "arguments": {"owner": "octo", "repo": "app"}}],
        ["call", "call_read_only_operation", {"name": "repos_delete", "arguments": {"owner": "octo", "repo": "app"}}],
        ["call", "call_read_only_operation", {"name": "issues_create", "arguments": {"owner": "octo", "repo": "app", "title": "t"}}],
        ["call", "enable_toolset", {"name": "emojis"}],
        ["list"],
    ])
    .to_string();
    let script = repo_path("tests/servers/python_steps.py");
    for mode in ["legacy", "auto"] {
        let mut command = Command::new(&python);
        command
            .args([script.to_str().unwrap(), mode, &steps, "--"])
            .args([BINARY, "serve", github.to_str().unwrap(), "--dynamic", "-q"])
            .args(["--base-url", &mock.uri()]);
        let output = tokio::task::spawn_blocking(move || command.output().unwrap())
            .await
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{mode}: {stderr}");
        let seen: Value = serde_json::from_slice(&output.stdout).unwrap();
        let steps = seen["steps"].as_array().unwrap();
        let listed = steps[0].as_array().unwrap();
        let tokens: usize = listed
            .iter()
            .map(|tool| {
                let tool: openapi2mcp_core::tool::Tool =
                    serde_json::from_value(tool.clone()).unwrap();
                openapi2mcp_core::tokens::count(&tool)
            })
            .sum();
        assert!(
            listed.len() <= 6 && tokens < 3000,
            "{mode}: {} tools, {tokens} tokens",
            listed.len()
        );
        // The README's size table says what a client is given.
        let row = format!(
            "| {} tools, {} tokens |",
            listed.len(),
            openapi2mcp_core::text::thousands(tokens)
        );
        let readme = std::fs::read_to_string(repo_path("README.md")).unwrap();
        assert!(readme.contains(&row), "README's size table: not {row}");
        let found: Vec<&str> = steps[1]["structuredContent"]["operations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["name"].as_str().unwrap())
            .collect();
        assert!(found.contains(&"repos_list_languages"), "{mode}: {found:?}");
        assert_eq!(
            steps[2]["structuredContent"]["name"],
            "repos_list_languages"
        );
        assert!(steps[2]["structuredContent"]["inputSchema"]["properties"]["owner"].is_object());
        assert_eq!(steps[3]["isError"], false, "{mode}: {}", steps[3]);
        assert_eq!(steps[3]["content"][0]["text"], r#"{"Rust":1200}"#);
        for refused in &steps[4..6] {
            assert_eq!(refused["isError"], true, "{mode}: {refused}");
            let text = refused["content"][0]["text"].as_str().unwrap();
            assert!(
                text.contains("is not known to be read-only"),
                "{mode}: {text}"
            );
        }
        assert_eq!(seen["listChanged"], 1, "{mode}: {seen}");
        let names: Vec<&str> = steps[7]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap())
            .collect();
        assert_eq!(names.last(), Some(&"emojis_get"), "{mode}: {names:?}");
    }
    let sent = mock.received_requests().await.unwrap();
    assert_eq!(
        sent.len(),
        2,
        "only the read-only call went out, once per mode"
    );
}

/// serve's options may come from the config file's `serve:`, the command line's winning.
#[test]
fn the_config_file_holds_serves_options() {
    let fixture = repo_path("specs/dynamic.yaml")
        .to_string_lossy()
        .into_owned();
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("openapi2mcp.yaml");
    std::fs::write(&config, "serve:\n  toolset: [admin]\n  dynamic: true\n").unwrap();
    let config = config.to_string_lossy().into_owned();
    let names = |extra: &[&str]| -> Vec<String> {
        let mut args = vec![fixture.as_str(), "-q", "--config", config.as_str()];
        args.extend_from_slice(extra);
        let (mut session, _) = Session::start(&args, "2025-11-25", &[]);
        let listed = session.request("tools/list", json!({}));
        let tools = listed["tools"].as_array().unwrap().iter();
        tools
            .map(|t| t["name"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(names(&[]).last().map(String::as_str), Some("purge_cache"));
    assert_eq!(names(&[]).len(), 6);
    let notes = names(&["--toolset", "notes"]);
    assert!(notes.len() > 6 && !notes.contains(&"purge_cache".to_string()));
    std::fs::write(&config, "serve:\n  timeout: 0\n").unwrap();
    let output = run(&["serve", &fixture, "--config", &config], None);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        format!("error: {config}:2:3: invalid config: '0' is not a number of seconds above 0 and at most 86400 (at /serve/timeout)\n")
    );
}

/// `--toolset TAG` serves only that tag's operations; with `--dynamic`, it lists them
/// beside the dynamic tools from the start. A toolset the API lacks is an error naming the
/// closest.
#[test]
fn a_toolset_serves_its_operations() {
    let fixture = repo_path("specs/dynamic.yaml")
        .to_string_lossy()
        .into_owned();
    let names = |extra: &[&str]| -> Vec<String> {
        let mut args = vec![fixture.as_str(), "-q"];
        args.extend_from_slice(extra);
        let (mut session, _) = Session::start(&args, "2025-11-25", &[]);
        session.request("tools/list", json!({}))["tools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(names(&["--toolset", "admin"]), ["purge_cache"]);
    assert_eq!(
        names(&["--toolset", "admin", "--dynamic"]),
        [
            "search_operations",
            "describe_operation",
            "call_read_only_operation",
            "call_operation",
            "enable_toolset",
            "purge_cache"
        ]
    );
    let output = run(&["serve", &fixture, "--toolset", "nots", "-q"], None);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: --toolset: no toolset 'nots' (did you mean 'notes'?)\n"
    );
    // An operation named as a dynamic tool would be called in its place: refused at start.
    let dir = tempfile::tempdir().unwrap();
    let clash = dir.path().join("clash.yaml");
    std::fs::write(
        &clash,
        "openapi: 3.1.0\ninfo: {title: t, version: '1'}\nservers: [{url: 'https://a.test'}]\npaths:\n  /s:\n    get: {operationId: search_operations, responses: {'200': {description: ok}}}\n",
    )
    .unwrap();
    let output = run(&["serve", clash.to_str().unwrap(), "--dynamic", "-q"], None);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .starts_with("error: --dynamic: the API has a tool named 'search_operations'"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// A toolset is listed only within the token budget: `enable_toolset` shows each toolset's
/// size, and refuses one that would make the list larger than `--token-budget`, saying how
/// large and the way out, listing nothing; so does `--toolset` at start. Over `--http` no
/// client can enable one (the list would change for every client): the toolsets are fixed
/// at start.
#[test]
fn toolsets_stay_within_the_budget_and_are_no_clients_to_change_over_http() {
    let fixture = repo_path("specs/dynamic.yaml")
        .to_string_lossy()
        .into_owned();
    let args = [fixture.as_str(), "--dynamic", "--token-budget", "800", "-q"];
    let (mut session, _) = Session::start(&args, "2025-11-25", &[]);
    let listed = session.request("tools/list", json!({}))["tools"].clone();
    let enable = listed
        .as_array()
        .unwrap()
        .iter()
        .find(|tool| tool["name"] == "enable_toolset")
        .unwrap();
    assert_eq!(
        enable["inputSchema"]["properties"]["name"]["description"],
        "The toolset; each with its tools and their size in tokens: admin (1, 50), notes (4, 178)."
    );
    let refused = session.request(
        "tools/call",
        json!({"name": "enable_toolset", "arguments": {"name": "notes"}}),
    );
    assert_eq!(refused["isError"], true);
    assert_eq!(
        refused["content"][0]["text"],
        "toolset 'notes' (4 tools, 178 tokens) would make the tool list 825 tokens, over the budget of 800 (--token-budget); nothing was listed. search_operations, describe_operation and call_operation reach its operations without listing them; or serve with --compact, or a larger --token-budget"
    );
    session.send(
        "tools/call",
        json!({"name": "enable_toolset", "arguments": {"name": "admin"}}),
    );
    let (enabled, _) = session.answer_after_notifications();
    assert_eq!(enabled["result"]["isError"], false, "{enabled}");
    let names = |list: &Value| -> Vec<String> {
        list["tools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_string())
            .collect()
    };
    let after = names(&session.request("tools/list", json!({})));
    assert_eq!(after.last().map(String::as_str), Some("purge_cache"));
    assert_eq!(after.len(), 6, "notes' tools were not listed: {after:?}");

    let output = run(
        &[
            "serve",
            &fixture,
            "--dynamic",
            "--toolset",
            "notes",
            "--token-budget",
            "800",
            "-q",
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: --toolset notes: the tool list would take 825 tokens, over the budget of 800 (--token-budget); serve with --compact, fewer toolsets, or a larger --token-budget\n"
    );
    let output = run(
        &[
            "serve",
            &fixture,
            "--dynamic",
            "--token-budget",
            "100",
            "-q",
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr).starts_with(
            "error: --dynamic: its own tools would take 647 tokens, over the budget of 100"
        ),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );

    let port = free_port();
    let address = format!("127.0.0.1:{port}");
    let _server = Running(
        Command::new(BINARY)
            .args([
                "serve",
                &fixture,
                "--dynamic",
                "--toolset",
                "admin",
                "--http",
                &address,
                "-q",
            ])
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    wait_for_port(port);
    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "test", "version": "1"}}});
    let response = post(&address, &[], &initialize);
    let body: Value = serde_json::from_str(response.split("\r\n\r\n").nth(1).unwrap()).unwrap();
    assert_eq!(
        body["result"]["capabilities"]["tools"],
        json!({}),
        "the list never changes"
    );
    let list = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"});
    let response = post(&address, &["MCP-Protocol-Version: 2025-11-25"], &list);
    let body: Value = serde_json::from_str(response.split("\r\n\r\n").nth(1).unwrap()).unwrap();
    assert_eq!(
        names(&body["result"]),
        [
            "search_operations",
            "describe_operation",
            "call_read_only_operation",
            "call_operation",
            "purge_cache"
        ]
    );
}

/// The official Python SDK's client hears that the tool list changed when a toolset is
/// enabled, in both connect modes: on the session after the `initialize` handshake, and on
/// a `subscriptions/listen` stream (2026-07-28). Runs wherever `$OPENAPI2MCP_PYTHON` is set.
#[test]
fn the_python_sdk_client_hears_a_toolset_enabled() {
    let Ok(python) = std::env::var("OPENAPI2MCP_PYTHON") else {
        crate::common::skipped(
            "OPENAPI2MCP_PYTHON",
            "list changes are not heard by the Python client",
        );
        return;
    };
    let fixture = repo_path("specs/dynamic.yaml")
        .to_string_lossy()
        .into_owned();
    let steps = json!([["call", "enable_toolset", {"name": "admin"}], ["list"]]).to_string();
    let script = repo_path("tests/servers/python_steps.py");
    for mode in ["legacy", "auto"] {
        let output = Command::new(&python)
            .args([script.to_str().unwrap(), mode, &steps, "--"])
            .args([BINARY, "serve", &fixture, "--dynamic", "-q"])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{mode}: {stderr}");
        let seen: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(seen["listChanged"], 1, "{mode}: {seen}");
        let listed = seen["steps"][1].as_array().unwrap();
        assert_eq!(listed.last().unwrap()["name"], "purge_cache", "{mode}");
    }
}

/// `call_operation` asks the person first, through MCP elicitation, when the client
/// declares it, in both connect modes: the official Python SDK's client answers, and on
/// decline or cancel nothing is sent; an operation `call_read_only_operation` takes is called without asking. (A
/// client without elicitation is not asked: `dynamic_mode_finds_describes_and_calls...`.)
#[tokio::test(flavor = "multi_thread")]
async fn call_operation_asks_the_person_first() {
    let Ok(python) = std::env::var("OPENAPI2MCP_PYTHON") else {
        crate::common::skipped("OPENAPI2MCP_PYTHON", "elicitation is not tried");
        return;
    };
    let mock = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/notes"))
        .respond_with(ResponseTemplate::new(201).set_body_json(json!({"id": 1})))
        .mount(&mock)
        .await;
    Mock::given(method("GET"))
        .and(path("/notes"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!([])))
        .mount(&mock)
        .await;
    let fixture = repo_path("specs/dynamic.yaml")
        .to_string_lossy()
        .into_owned();
    let steps = json!([
        ["call", "call_operation", {"name": "create_note", "arguments": {"text": "hi"}}],
        ["call", "call_operation", {"name": "list_notes"}],
    ])
    .to_string();
    let script = repo_path("tests/servers/python_steps.py");
    // On a 2025-11-25 session the server asks the client; on 2026-07-28 it returns an
    // input-required result, which the client answers and calls again with.
    let cases =
        ["legacy", "auto"].map(|mode| ["decline", "cancel", "accept"].map(|answer| (mode, answer)));
    let mut accepted = 0;
    for (mode, answer) in cases.into_iter().flatten() {
        let output = Command::new(&python)
            .args([script.to_str().unwrap(), mode, &steps, answer, "--"])
            .args([
                BINARY,
                "serve",
                &fixture,
                "--dynamic",
                "--base-url",
                &mock.uri(),
                "-q",
            ])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{mode}, {answer}: {stderr}");
        let mut seen: Value = serde_json::from_slice(&output.stdout).unwrap();
        for request in seen["elicited"].as_array_mut().unwrap() {
            request.as_object_mut().unwrap().remove("_meta");
        }
        assert_eq!(
            seen["elicited"],
            json!([{"mode": "form", "message": "Call 'create_note' (POST /notes)? Its hints: readOnlyHint false, destructiveHint true, idempotentHint false, openWorldHint true. Nothing is sent unless you accept.",
                    "requestedSchema": {"type": "object", "properties": {}}}]),
            "{mode}, {answer}: asked once, for the write only"
        );
        let created = &seen["steps"][0];
        let posts = |requests: Vec<wiremock::Request>| {
            requests
                .iter()
                .filter(|r| r.method.as_str() == "POST")
                .count()
        };
        let sent = posts(mock.received_requests().await.unwrap());
        if answer == "accept" {
            accepted += 1;
            assert_eq!(created["isError"], false, "{mode}: {created}");
            assert_eq!(sent, accepted, "{mode}");
        } else {
            assert_eq!(created["isError"], true, "{created}");
            assert_eq!(
                created["content"][0]["text"],
                "the person declined the call; nothing was sent"
            );
            assert_eq!(sent, accepted, "{mode}, {answer}: nothing was sent");
        }
        assert_eq!(seen["steps"][1]["isError"], false, "read-only: not asked");
    }
}

/// `client-config` prints, for each client, a server entry that starts: its command is this
/// binary, its arguments serve the spec by its absolute path with the options given, and
/// its environment names every credential variable the tools use, filled the client's way.
#[test]
fn client_config_gives_each_client_a_server_that_starts() {
    let dir = tempfile::tempdir().unwrap();
    let spec_copy = dir.path().join("shop.yaml");
    std::fs::copy(repo_path("specs/serve.yaml"), &spec_copy).unwrap();
    let variables = [
        "OPENAPI2MCP_AUTH_API_KEY_COOKIE",
        "OPENAPI2MCP_AUTH_API_KEY_HEADER",
        "OPENAPI2MCP_AUTH_API_KEY_QUERY",
        "OPENAPI2MCP_AUTH_BASIC",
        "OPENAPI2MCP_AUTH_BEARER",
    ];
    for (client, placeholder) in [
        ("claude-desktop", "<secret>".to_string()),
        ("claude-code", "${VAR}".to_string()),
        ("cursor", "${env:VAR}".to_string()),
        ("vscode", "${input:ID}".to_string()),
    ] {
        // From the spec's own directory, by a relative path, as a user would.
        let output = Command::new(BINARY)
            .args([
                "client-config",
                "--client",
                client,
                "shop.yaml",
                "--",
                "--base-url",
                "http://127.0.0.1:9",
            ])
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(
            output.status.code(),
            Some(0),
            "{client}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let text = String::from_utf8(output.stdout).unwrap();
        let entry: Value = match client {
            "claude-code" => {
                let quoted = text
                    .strip_prefix("claude mcp add-json 'shop' '")
                    .and_then(|rest| rest.strip_suffix("'\n"))
                    .unwrap_or_else(|| panic!("{text}"));
                serde_json::from_str(quoted).unwrap()
            }
            "vscode" => serde_json::from_str::<Value>(&text).unwrap()["servers"]["shop"].clone(),
            _ => serde_json::from_str::<Value>(&text).unwrap()["mcpServers"]["shop"].clone(),
        };
        let command = std::path::PathBuf::from(entry["command"].as_str().unwrap());
        assert_eq!(
            command.canonicalize().unwrap(),
            std::path::Path::new(BINARY).canonicalize().unwrap()
        );
        let args: Vec<&str> = entry["args"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        let spec_path = spec_copy.to_string_lossy();
        // The client's profile, where it has one, and the name it knows the server by.
        let profile: &[&str] = match client {
            "cursor" => &["--client", "cursor"],
            "vscode" => &["--client", "vscode"],
            _ => &[],
        };
        let expected: Vec<&str> = [
            &["serve", &spec_path, "--base-url", "http://127.0.0.1:9"][..],
            profile,
            &["--server-name", "shop"],
        ]
        .concat();
        assert_eq!(args, expected, "{client}");
        let env = entry["env"].as_object().unwrap();
        assert_eq!(env.keys().collect::<Vec<_>>(), variables, "{client}");
        for (variable, value) in env {
            let id = variable.to_ascii_lowercase().replace('_', "-");
            let expected = placeholder.replace("VAR", variable).replace("ID", &id);
            assert_eq!(value, &expected, "{client}");
        }
        let secrets: Vec<(&str, &str)> = variables.iter().map(|v| (*v, "s")).collect();
        let (mut session, _) = Session::start(&args[1..], "2025-11-25", &secrets);
        let listed = session.request("tools/list", json!({}));
        let profiled: Vec<&str> = [profile, &["--server-name", "shop"]].concat();
        assert_eq!(
            listed["tools"].as_array().unwrap(),
            &converted(&profiled),
            "{client}"
        );
    }
    let help = run(&["serve", "--help"], None);
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(
        help.contains("OPENAPI2MCP_AUTH_API_KEY") && help.contains("client-config"),
        "serve --help names the credential variables: {help}"
    );
    let cursor = |extra: &[&str]| {
        let spec = spec();
        let mut args = vec!["client-config", "--client", "cursor", spec.as_str()];
        args.extend_from_slice(extra);
        run(&args, None)
    };
    assert_eq!(
        cursor(&["--", "--http", "127.0.0.1:1"]).status.code(),
        Some(2),
        "stdio only"
    );
    let output = run(&["client-config", "--client", "cursor", "-"], None);
    assert_eq!(output.status.code(), Some(2));
    let output = cursor(&["--", "--retries", "99"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .starts_with("error: serve's arguments: invalid value '99' for '--retries <N>'"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// `--compact` lists smaller tools, the same whether serve converts the spec or compacts a
/// manifest or reads a compact one, and still checks arguments against the full schema: a
/// value the listed schema no longer describes is refused, naming what is wrong.
#[tokio::test(flavor = "multi_thread")]
async fn a_compact_tool_is_checked_against_the_full_schema() {
    let mock = MockServer::start().await;
    Mock::given(method("PUT"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"ok": true})))
        .mount(&mock)
        .await;
    let dir = tempfile::tempdir().unwrap();
    let fixture = repo_path("specs/compact.yaml")
        .to_string_lossy()
        .into_owned();
    let manifest = |extra: &[&str], name: &str| {
        let file = dir.path().join(name).to_string_lossy().into_owned();
        let mut args = vec!["convert", "-q", fixture.as_str(), "-o", file.as_str()];
        args.extend_from_slice(extra);
        assert_eq!(run(&args, None).status.code(), Some(0));
        file
    };
    let full = manifest(&[], "full.json");
    let compact = manifest(&["--compact"], "compact.json");
    let written: Value = serde_json::from_slice(&std::fs::read(&compact).unwrap()).unwrap();
    let mut expected = written["tools"].as_array().unwrap().clone();
    for tool in &mut expected {
        tool["_meta"]
            .as_object_mut()
            .unwrap()
            .remove("openapi2mcp/inputSchema");
    }
    let base = mock.uri();
    let (listed, calls) = tokio::task::spawn_blocking(move || {
        let ways: [&[&str]; 3] = [&[&fixture, "--compact"], &[&full, "--compact"], &[&compact]];
        let mut listed = Vec::new();
        let mut calls = Vec::new();
        for way in ways {
            let mut args = way.to_vec();
            args.extend(["--base-url", &base, "-q"]);
            let (mut session, _) = Session::start(&args, "2025-11-25", &[]);
            listed.push(session.request("tools/list", json!({}))["tools"].clone());
            let node = |gigabytes: u64| json!({"size": "small", "disk": {"gigabytes": gigabytes}});
            for gigabytes in [5, 20] {
                let arguments = json!({"name": "prod-1", "body": {"nodes": [node(gigabytes)]}});
                calls.push(session.request(
                    "tools/call",
                    json!({"name": "replace_cluster", "arguments": arguments}),
                ));
            }
        }
        (listed, calls)
    })
    .await
    .unwrap();
    for tools in &listed {
        assert_eq!(tools.as_array().unwrap(), &expected);
    }
    let disk = &expected[0]["inputSchema"]["$defs"]["Cluster"]["properties"]["nodes"]["items"]
        ["properties"]["disk"];
    assert!(disk.get("properties").is_none(), "{disk}");
    for pair in calls.chunks(2) {
        assert_eq!(pair[0]["isError"], true, "{}", pair[0]);
        let refusal = pair[0]["content"][0]["text"].as_str().unwrap();
        assert!(
            refusal.starts_with("invalid arguments, nothing was sent: argument 'body' (at /body/nodes/0/disk/gigabytes): 5 is less than the minimum of 10"),
            "{refusal}"
        );
        assert_eq!(pair[1]["isError"], false, "{}", pair[1]);
    }
    assert_eq!(mock.received_requests().await.unwrap().len(), 3);
}

#[test]
fn verify_passes_against_serve_over_stdio_and_http() {
    let spec = spec();
    let output = run(&["verify", &spec, "--", BINARY, "serve", &spec, "-q"], None);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );

    // From a manifest with every option that changes the tools.
    let dir = tempfile::tempdir().unwrap();
    let manifest = dir.path().join("tools.json");
    let manifest = manifest.to_str().unwrap();
    let extra = ["--hints", "explicit", "--output-schema", "--closed-world"];
    let mut convert = vec!["convert", &spec, "-o", manifest, "-q"];
    convert.extend_from_slice(&extra);
    assert_eq!(run(&convert, None).status.code(), Some(0));
    let output = run(
        &["verify", manifest, "--", BINARY, "serve", manifest, "-q"],
        None,
    );
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );

    let port = free_port();
    let address = format!("127.0.0.1:{port}");
    let _server = Running(
        Command::new(BINARY)
            .args(["serve", manifest, "--http", &address, "-q"])
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    wait_for_port(port);
    let url = format!("http://{address}/mcp");
    let output = run(&["verify", manifest, "--url", &url, "-q"], None);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
}

/// A mock API for `create_item` and `get_item`.
async fn mock_api() -> MockServer {
    let mock = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/items"))
        .respond_with(
            ResponseTemplate::new(201).set_body_json(json!({"id": "i-1", "name": "lamp"})),
        )
        .mount(&mock)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/items/i-1"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({"id": "i-1", "name": "lamp"})),
        )
        .mount(&mock)
        .await;
    mock
}

#[tokio::test(flavor = "multi_thread")]
async fn the_python_sdk_client_lists_and_calls_tools() {
    let Ok(python) = std::env::var("OPENAPI2MCP_PYTHON") else {
        crate::common::skipped("OPENAPI2MCP_PYTHON", "the Python client is not run");
        return;
    };
    let mock = mock_api().await;
    let base = format!("{}/v1", mock.uri());
    let script = repo_path("tests/servers/python_client.py");
    for mode in ["auto", "legacy"] {
        let arguments = json!({"name": "lamp"}).to_string();
        let mut command = Command::new(&python);
        command
            .args([
                script.to_str().unwrap(),
                mode,
                "create_item",
                &arguments,
                "--",
            ])
            .args([BINARY, "serve", &spec(), "--base-url", &base])
            // Quiet in one mode: then not even the call's log line is written.
            .args((mode == "legacy").then_some("-q"))
            .env("OPENAPI2MCP_AUTH_API_KEY_HEADER", "header-secret")
            .env("OPENAPI2MCP_AUTH_API_KEY_COOKIE", "cookie-secret");
        let output = tokio::task::spawn_blocking(move || command.output().unwrap())
            .await
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{stderr}");
        let seen: Value = serde_json::from_slice(&output.stdout).unwrap();
        let version = if mode == "auto" {
            "2026-07-28"
        } else {
            "2025-11-25"
        };
        assert_eq!(seen["protocolVersion"], version);
        let names: Vec<&str> = seen["tools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap())
            .collect();
        let expected: Vec<Value> = converted(&[]);
        let expected: Vec<&str> = expected
            .iter()
            .map(|t| t["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, expected);
        assert_eq!(
            seen["result"]["content"],
            json!([{"type": "text", "text": r#"{"id":"i-1","name":"lamp"}"#}])
        );
        assert_eq!(
            seen["result"]["_meta"]["openapi2mcp/http"],
            json!({"status": 201, "contentType": "application/json"})
        );
        assert!(seen["result"].get("isError").is_none_or(|e| e == false));
        // The log line is on stderr, never stdout, and holds no secret.
        let logged = stderr.contains("openapi2mcp serve: create_item: POST http://127.0.0.1:");
        assert_eq!(logged, mode == "auto", "{stderr}");
        assert!(!stderr.contains("secret"), "{stderr}");
    }
    let received = mock.received_requests().await.unwrap();
    assert_eq!(received.len(), 2);
    assert_eq!(received[0].headers["x-api-key"], "header-secret");
}

/// Runs the MCP Inspector CLI against `serve`: `npx @modelcontextprotocol/inspector --cli`,
/// which hands the server only the environment `-e` names.
fn inspector(dir: &str, serve: &[&str], method: &[&str]) -> Value {
    let output = Command::new("npx")
        .current_dir(dir)
        .args(["--no-install", "@modelcontextprotocol/inspector", "--cli"])
        .args([
            "-e",
            "OPENAPI2MCP_AUTH_BEARER=inspector-token",
            BINARY,
            "serve",
        ])
        .args(serve)
        .args(["--method"])
        .args(method)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"))
}

#[tokio::test(flavor = "multi_thread")]
async fn the_mcp_inspector_cli_lists_and_calls_tools() {
    let Ok(dir) = std::env::var("OPENAPI2MCP_TS_SERVERS") else {
        crate::common::skipped("OPENAPI2MCP_TS_SERVERS", "the Inspector CLI is not run");
        return;
    };
    let mock = mock_api().await;
    let base = format!("{}/v1", mock.uri());
    let serve: [String; 4] = [spec(), "--base-url".into(), base, "-q".into()];
    let (listed, called) = tokio::task::spawn_blocking(move || {
        let serve: Vec<&str> = serve.iter().map(String::as_str).collect();
        let listed = inspector(&dir, &serve, &["tools/list"]);
        let call = [
            "tools/call",
            "--tool-name",
            "get_item",
            "--tool-arg",
            "id=i-1",
        ];
        (listed, inspector(&dir, &serve, &call))
    })
    .await
    .unwrap();
    let expected = converted(&[]);
    assert_eq!(listed["tools"].as_array().unwrap(), &expected);
    assert_eq!(
        called["content"],
        json!([{"type": "text", "text": r#"{"id":"i-1","name":"lamp"}"#}])
    );
    let received = mock.received_requests().await.unwrap();
    assert_eq!(received.len(), 1);
    assert_eq!(
        received[0].headers["authorization"],
        "Bearer inspector-token"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_image_response_is_image_content() {
    let mock = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(vec![1, 2, 3], "image/gif"))
        .mount(&mock)
        .await;
    let base = format!("{}/v1", mock.uri());
    let result = tokio::task::spawn_blocking(move || {
        let args = [spec(), "--base-url".into(), base, "-q".into()];
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (mut session, _) =
            Session::start(&args, "2025-11-25", &[("OPENAPI2MCP_AUTH_BEARER", "t")]);
        session.request(
            "tools/call",
            json!({"name": "get_file", "arguments": {"path": ["a.gif"]}}),
        )
    })
    .await
    .unwrap();
    assert_eq!(
        result["content"],
        json!([
            {"type": "text", "text": "HTTP 200: image/gif, 3 bytes"},
            {"type": "image", "data": "AQID", "mimeType": "image/gif"},
        ])
    );
}
