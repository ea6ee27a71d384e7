//! Reads `tools/list` from a running MCP server, as a client does: the `initialize`
//! handshake (2025-06-18, 2025-11-25) or 2026-07-28's `server/discover` with the fallback
//! the specification prescribes, and every page (`nextCursor`), all through `rmcp`.
//!
//! Over stdio the raw JSON of each `tools/list` result is kept as well, by a tap under the
//! SDK's transport: typed models drop keys they do not know, and a hint nested one level off
//! is exactly such a key. Over HTTP the SDK's typed tools are all there is.

use std::collections::VecDeque;
use std::pin::Pin;
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use rmcp::model::ProtocolVersion;
use rmcp::service::{ClientLifecycleMode, ClientServiceExt};
use serde_json::Value;
use tokio::io::{AsyncRead, AsyncReadExt, ReadBuf};

use openapi2mcp_core::error::{Error, ErrorKind};

/// Where a running MCP server is reached.
#[derive(Debug, Clone)]
pub enum Server {
    /// A command to start, speaking over its standard input and output.
    Command(Vec<String>),
    /// A Streamable HTTP endpoint.
    Url(String),
}

/// The tools a server listed, and whether they are the raw JSON it sent.
#[derive(Debug)]
pub struct Listed {
    /// Every tool of `tools/list`, all pages, in order.
    pub tools: Vec<Value>,
    /// True over stdio: the JSON as sent. False over HTTP: the SDK's typed reading of it.
    pub raw: bool,
    /// Over stdio, each line of the server's stdout that is not a JSON-RPC message: the
    /// stdio transport forbids them (a startup banner breaks real clients), though the SDK
    /// here reads past them.
    pub not_json_rpc: Vec<String>,
}

/// How much of the server's stderr an error shows.
const STDERR_TAIL: usize = 2048;

/// The most a server may write on stdout before verify stops reading it: far more than
/// any tools/list, and a bound on what a flooding server can make verify hold.
const STDOUT_MAX: usize = 64 << 20;

/// Lists the server's tools within `timeout`. Every failure (the server cannot start, dies,
/// breaks the protocol, or is silent) is an error carrying the end of its stderr.
pub async fn list_tools(server: &Server, timeout: Duration) -> Result<Listed, Error> {
    crate::tls::install_provider();
    match server {
        Server::Command(command) => list_over_stdio(command, timeout).await,
        Server::Url(url) => list_over_http(url, timeout).await,
    }
}

fn lifecycle() -> ClientLifecycleMode {
    ClientLifecycleMode::Auto {
        preferred_versions: vec![ProtocolVersion::V_2026_07_28],
        legacy_version: Some(ProtocolVersion::V_2025_11_25),
    }
}

async fn list_over_stdio(command: &[String], timeout: Duration) -> Result<Listed, Error> {
    let (program, args) = command
        .split_first()
        .ok_or_else(|| Error::new(ErrorKind::Usage, "no server command given after --"))?;
    // In a process group of its own, so that what it started ends with it.
    let mut child = tokio::process::Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .process_group(0)
        .spawn()
        .map_err(|e| {
            Error::new(
                ErrorKind::Server,
                format!("cannot start the server '{program}': {e}"),
            )
        })?;
    let group = child.id().and_then(|pid| i32::try_from(pid).ok());
    let stdin = child.stdin.take().expect("piped");
    let stdout = child.stdout.take().expect("piped");
    let stderr_tail = keep_the_end(child.stderr.take().expect("piped"));
    let seen = Arc::new(Mutex::new(Vec::new()));
    let flooded = Arc::new(AtomicBool::new(false));
    let tap = Tap {
        inner: stdout,
        seen: Arc::clone(&seen),
        flooded: Arc::clone(&flooded),
    };
    let session = async {
        typed_tools((tap, stdin), "the server")
            .await
            .map(|tools| tools.len())
    };
    let outcome = tokio::time::timeout(timeout, session).await;
    // A failed session may be the server's exit: the pipe closes before the process is
    // reaped, so give it a moment to be.
    let exited = match &outcome {
        Ok(Err(_)) => tokio::time::timeout(Duration::from_millis(500), child.wait())
            .await
            .ok()
            .and_then(Result::ok),
        _ => None,
    };
    end(&mut child, group).await;
    let not_json_rpc = lines_not_json(&seen.lock().expect("not poisoned")).next();
    let fail = |message: String| failure(message, not_json_rpc.as_deref(), &stderr_tail);
    if flooded.load(Ordering::Relaxed) {
        return Err(fail(format!(
            "the server wrote more than {} MiB on stdout: not read further",
            STDOUT_MAX >> 20
        )));
    }
    let expected = match outcome {
        Err(_) => {
            return Err(fail(format!(
                "the server did not answer within {} s",
                timeout.as_secs_f64()
            )))
        }
        // The SDK's words for a closed pipe name its own types; the exit says it plainly.
        Ok(Err(_)) if exited.is_some() => {
            let status = exited.expect("checked");
            let how = match status.code() {
                Some(code) => format!("with code {code}"),
                None => format!("({status})"),
            };
            return Err(fail(format!("the server exited {how} before answering")));
        }
        Ok(Err(message)) => return Err(fail(message)),
        Ok(Ok(count)) => count,
    };
    let seen = seen.lock().expect("not poisoned");
    let tools = raw_tools(&seen);
    if tools.len() != expected {
        return Err(fail(format!(
            "read {} tools from the raw stream but the SDK read {expected}",
            tools.len()
        )));
    }
    Ok(Listed {
        tools,
        raw: true,
        not_json_rpc: lines_not_json(&seen).take(NOT_JSON_SHOWN).collect(),
    })
}

/// The last [`STDERR_TAIL`] bytes of what the server writes on stderr, kept as they come.
fn keep_the_end(mut stderr: tokio::process::ChildStderr) -> Arc<Mutex<VecDeque<u8>>> {
    let kept = Arc::new(Mutex::new(VecDeque::new()));
    let tail = Arc::clone(&kept);
    tokio::spawn(async move {
        let mut buffer = [0u8; 1024];
        while let Ok(n) = stderr.read(&mut buffer).await {
            if n == 0 {
                break;
            }
            let mut tail = tail.lock().expect("not poisoned");
            tail.extend(&buffer[..n]);
            while tail.len() > STDERR_TAIL {
                tail.pop_front();
            }
        }
    });
    kept
}

/// Ends the server and whatever it started (the process group it leads).
async fn end(child: &mut tokio::process::Child, group: Option<i32>) {
    let _ = child.kill().await;
    if let Some(group) = group {
        // SAFETY: kill(2) with a negative pid signals the group the child leads; it
        // touches no memory of ours.
        unsafe { libc::kill(-group, libc::SIGKILL) };
    }
    // Let the stderr reader take what the server wrote last.
    tokio::time::sleep(Duration::from_millis(20)).await;
}

/// The server's failure, with what it wrote that may explain it: a line of its stdout that
/// is not JSON-RPC, and the end of its stderr.
fn failure(mut message: String, not_json_rpc: Option<&str>, stderr: &Mutex<VecDeque<u8>>) -> Error {
    if let Some(line) = not_json_rpc {
        message.push_str(&format!(
            "; the server wrote on stdout what is not JSON-RPC: '{line}'"
        ));
    }
    let tail = stderr.lock().expect("not poisoned");
    let text = String::from_utf8_lossy(&tail.iter().copied().collect::<Vec<u8>>())
        .trim()
        .to_string();
    if text.is_empty() {
        Error::new(
            ErrorKind::Server,
            format!("{message} (the server wrote nothing on stderr)"),
        )
    } else {
        Error::new(
            ErrorKind::Server,
            format!("{message}; the end of the server's stderr:\n{text}"),
        )
    }
}

/// The lines of the server's output that are not a JSON message, each cut short, as they
/// come (a flooding server writes millions).
fn lines_not_json(stream: &[u8]) -> impl Iterator<Item = String> + '_ {
    stream
        .split(|&b| b == b'\n')
        .filter(|line| !line.iter().all(u8::is_ascii_whitespace))
        .filter(|line| serde_json::from_slice::<Value>(line).is_err())
        .map(|line| String::from_utf8_lossy(line).chars().take(80).collect())
}

/// How many lines that are not JSON-RPC verify reports.
const NOT_JSON_SHOWN: usize = 10;

/// The tools of every `tools/list` result in a stream of JSON-RPC lines, in order.
fn raw_tools(stream: &[u8]) -> Vec<Value> {
    let mut tools = Vec::new();
    for line in stream.split(|&b| b == b'\n') {
        let Ok(message) = serde_json::from_slice::<Value>(line) else {
            continue;
        };
        if let Some(Value::Array(page)) = message.pointer("/result/tools") {
            tools.extend(page.iter().cloned());
        }
    }
    tools
}

async fn list_over_http(url: &str, timeout: Duration) -> Result<Listed, Error> {
    let transport = rmcp::transport::StreamableHttpClientTransport::from_uri(url.to_string());
    let session = typed_tools(transport, url);
    match tokio::time::timeout(timeout, session).await {
        Err(_) => Err(Error::new(
            ErrorKind::Server,
            format!("{url} did not answer within {} s", timeout.as_secs_f64()),
        )),
        Ok(Err(message)) => Err(Error::new(ErrorKind::Server, message)),
        Ok(Ok(typed)) => Ok(Listed {
            tools: typed
                .iter()
                .map(|tool| serde_json::to_value(tool).expect("tools serialize"))
                .collect(),
            raw: false,
            not_json_rpc: Vec::new(),
        }),
    }
}

/// The handshake, every page of `tools/list`, and a clean close, over any transport.
async fn typed_tools<T, E, A>(transport: T, peer: &str) -> Result<Vec<rmcp::model::Tool>, String>
where
    T: rmcp::transport::IntoTransport<rmcp::RoleClient, E, A>,
    E: std::error::Error + Send + Sync + 'static,
{
    let client = ()
        .serve_with_lifecycle(transport, lifecycle())
        .await
        .map_err(|e| format!("the MCP handshake with {peer} failed: {e}"))?;
    let tools = client
        .list_all_tools()
        .await
        .map_err(|e| format!("tools/list failed: {e}"))?;
    let _ = client.cancel().await;
    Ok(tools)
}

/// Passes a server's stdout through to the SDK, keeping a copy of every byte, up to
/// [`STDOUT_MAX`]: past that it fails the read and sets `flooded`.
struct Tap<R> {
    inner: R,
    seen: Arc<Mutex<Vec<u8>>>,
    flooded: Arc<AtomicBool>,
}

impl<R: AsyncRead + Unpin> AsyncRead for Tap<R> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let poll = Pin::new(&mut self.inner).poll_read(cx, buf);
        if let Poll::Ready(Ok(())) = &poll {
            let fresh = &buf.filled()[before..];
            let mut seen = self.seen.lock().expect("not poisoned");
            if seen.len() + fresh.len() > STDOUT_MAX {
                self.flooded.store(true, Ordering::Relaxed);
                return Poll::Ready(Err(std::io::Error::other(format!(
                    "the server wrote more than {} MiB on stdout",
                    STDOUT_MAX >> 20
                ))));
            }
            seen.extend_from_slice(fresh);
        }
        poll
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_tools_come_from_every_tools_list_page() {
        let stream = b"{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":\"2025-11-25\"}}\n\
            {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[{\"name\":\"a\",\"readOnlyHint\":true}],\"nextCursor\":\"2\"}}\n\
            {\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"tools\":[{\"name\":\"b\"}]}}\n";
        let tools = raw_tools(stream);
        assert_eq!(tools.len(), 2);
        assert_eq!(tools[0]["readOnlyHint"], true);
    }
}
