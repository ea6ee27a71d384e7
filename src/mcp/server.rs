//! The MCP server of `serve`, on `rmcp`: `tools/list` answers with the tools as convert
//! writes them, `tools/call` hands the call to [`serve::ApiCaller`](crate::serve::ApiCaller). Over
//! stdio or Streamable HTTP; logs go to standard error, one line per call.

use std::net::SocketAddr;
use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    ListToolsResult, MetaObject, PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};
use serde_json::Map;

use crate::error::{Error, Result};
use crate::serve::{ApiCaller, MediaKind};
use crate::tool::HTTP_META_KEY;

#[derive(Clone)]
pub struct ToolServer {
    api: Arc<ApiCaller>,
    /// The tools in the SDK's model, made once.
    tools: Arc<Vec<Tool>>,
    /// Where each call's log line goes (standard error, unless `--quiet`).
    log: fn(&str),
    /// The `serverInfo.name` clients see and show.
    name: String,
}

impl ToolServer {
    /// The server for `api`'s tools, named `name` to clients (`openapi2mcp` when none).
    pub fn new(api: ApiCaller, log: fn(&str), name: Option<String>) -> Result<ToolServer> {
        let tools = api
            .tools()
            .map(|tool| {
                serde_json::to_value(tool)
                    .and_then(serde_json::from_value::<Tool>)
                    .map_err(|e| {
                        Error::new(format!("tool '{}' is not a valid MCP tool: {e}", tool.name))
                    })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(ToolServer {
            api: Arc::new(api),
            tools: Arc::new(tools),
            log,
            name: name.unwrap_or_else(|| "openapi2mcp".into()),
        })
    }
}

impl ServerHandler for ToolServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new(&self.name, env!("CARGO_PKG_VERSION")))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> std::result::Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.tools.to_vec()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> std::result::Result<CallToolResponse, ErrorData> {
        // MCP: an unknown tool is a protocol error, -32602 (invalid params).
        if !self.api.has_tool(&request.name) {
            let message = format!("unknown tool: {}", request.name);
            return Err(ErrorData::invalid_params(message, None));
        }
        // A `notifications/cancelled` for this request stops the call, retries included.
        let call = self.api.call(&request.name, request.arguments);
        let (outcome, log) = tokio::select! {
            done = call => done,
            () = context.ct.cancelled() => {
                (self.log)(&format!("openapi2mcp serve: {}: cancelled by the client", request.name));
                return Err(ErrorData::internal_error("the client cancelled the call", None));
            }
        };
        (self.log)(&format!("openapi2mcp serve: {log}"));
        let mut content = vec![ContentBlock::text(outcome.text)];
        if let Some(media) = outcome.media {
            content.push(match media.kind {
                MediaKind::Image => ContentBlock::image(media.data, media.mime_type),
                MediaKind::Audio => ContentBlock::audio(media.data, media.mime_type),
            });
        }
        let mut result = if outcome.is_error {
            CallToolResult::error(content)
        } else {
            CallToolResult::success(content)
        };
        result.structured_content = outcome.structured;
        if let Some(response) = outcome.response {
            let mut meta = Map::new();
            meta.insert(HTTP_META_KEY.into(), response);
            result.meta = Some(MetaObject(meta));
        }
        Ok(result.into())
    }
}

/// Serves over standard input and output until the client closes them.
pub async fn serve_stdio(server: ToolServer) -> Result<()> {
    let (transport, writer) = guarded(tokio::io::stdin(), tokio::io::stdout());
    let running = server
        .serve(transport)
        .await
        .map_err(|e| Error::new(format!("MCP over stdio failed to start: {e}")))?;
    running
        .waiting()
        .await
        .map_err(|e| Error::new(format!("MCP over stdio stopped: {e}")))?;
    // The last answers are written before the process ends.
    let _ = writer.await;
    Ok(())
}

/// The environment variable whose value, when set, every HTTP request must carry as
/// `Authorization: Bearer VALUE`.
pub const TOKEN_VARIABLE: &str = "OPENAPI2MCP_HTTP_TOKEN";

/// Who may call the HTTP server.
#[derive(Debug, Clone, Default)]
pub struct HttpAccess {
    /// Host names accepted besides the loopback ones (`--allow-host`).
    pub extra_hosts: Vec<String>,
    /// The bearer token every request must carry, if any.
    pub token: Option<String>,
}

/// Whether two byte strings are equal, in a time that does not tell where they differ.
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0, |diff, (x, y)| diff | (x ^ y)) == 0
}

/// The longest line taken over stdio, its newline included (the SDK's own limit).
const MAX_MESSAGE_BYTES: usize = 16 * 1024 * 1024;

/// A stdio transport that answers what the SDK would drop without a word, as JSON-RPC
/// says: a line that is not JSON gets -32700 (parse error), one longer than
/// [`MAX_MESSAGE_BYTES`] -32600 (invalid request), and a `tools/call` whose `arguments`
/// is not an object -32602 (invalid params). Everything else passes through.
/// Returns the SDK's transport and the task that writes to `output`, which ends after the
/// SDK's last message and every reply of the guard's own.
fn guarded<R, W>(
    input: R,
    output: W,
) -> (
    (tokio::io::DuplexStream, tokio::io::DuplexStream),
    tokio::task::JoinHandle<()>,
)
where
    R: tokio::io::AsyncRead + Unpin + Send + 'static,
    W: tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
    let (mut to_sdk, sdk_input) = tokio::io::duplex(64 * 1024);
    let (sdk_output, from_sdk) = tokio::io::duplex(64 * 1024);
    let (replies, mut pending) = tokio::sync::mpsc::unbounded_channel::<String>();
    tokio::spawn(async move {
        let mut input = BufReader::new(input);
        loop {
            let mut line = Vec::new();
            // A whole line, or one byte past the limit (the SDK counts the newline too).
            let limit = (MAX_MESSAGE_BYTES + 1) as u64;
            match (&mut input).take(limit).read_until(b'\n', &mut line).await {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            let ended = line.last() == Some(&b'\n');
            if line.len() > MAX_MESSAGE_BYTES {
                // Skip the rest of the line, a buffer at a time.
                if !ended {
                    while let Ok(buffer) = input.fill_buf().await {
                        if buffer.is_empty() {
                            break;
                        }
                        if let Some(end) = buffer.iter().position(|&b| b == b'\n') {
                            input.consume(end + 1);
                            break;
                        }
                        let all = buffer.len();
                        input.consume(all);
                    }
                }
                let _ = replies.send(error_reply(
                    &serde_json::Value::Null,
                    -32600,
                    "the message is longer than 16 MiB",
                ));
                continue;
            }
            match refusal(&line) {
                Some(reply) => {
                    let _ = replies.send(reply);
                }
                None => {
                    if to_sdk.write_all(&line).await.is_err() {
                        break;
                    }
                }
            }
        }
        let _ = to_sdk.shutdown().await;
    });
    let writer = tokio::spawn(async move {
        let mut output = output;
        let mut from_sdk = BufReader::new(from_sdk).lines();
        loop {
            let line = tokio::select! {
                line = from_sdk.next_line() => match line {
                    Ok(Some(line)) => line,
                    _ => break,
                },
                Some(reply) = pending.recv() => reply,
            };
            if output
                .write_all(format!("{line}\n").as_bytes())
                .await
                .is_err()
            {
                break;
            }
            let _ = output.flush().await;
        }
        // Replies the guard queued before the SDK's stream ended.
        while let Ok(reply) = pending.try_recv() {
            let _ = output.write_all(format!("{reply}\n").as_bytes()).await;
        }
        let _ = output.flush().await;
    });
    ((sdk_input, sdk_output), writer)
}

/// The error reply a line gets instead of going to the SDK, if it is one the SDK drops.
fn refusal(line: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(line).ok();
    let message: serde_json::Value = match text.map(str::trim) {
        Some("") => return None,
        Some(text) => match serde_json::from_str(text) {
            Ok(message) => message,
            Err(_) => {
                return Some(error_reply(
                    &serde_json::Value::Null,
                    -32700,
                    "parse error: not JSON",
                ))
            }
        },
        None => {
            return Some(error_reply(
                &serde_json::Value::Null,
                -32700,
                "parse error: not UTF-8",
            ))
        }
    };
    let arguments = message.pointer("/params/arguments");
    let is_call = message.get("method").and_then(serde_json::Value::as_str) == Some("tools/call");
    match (message.get("id"), arguments) {
        (Some(id), Some(arguments))
            if is_call && !arguments.is_object() && !arguments.is_null() =>
        {
            Some(error_reply(
                id,
                -32602,
                "tools/call arguments must be an object",
            ))
        }
        _ => None,
    }
}

fn error_reply(id: &serde_json::Value, code: i64, message: &str) -> String {
    serde_json::json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
        .to_string()
}

/// The browser origins allowed to call the HTTP server: pages on this machine.
const LOOPBACK_ORIGINS: [&str; 6] = [
    "http://localhost:*",
    "https://localhost:*",
    "http://127.0.0.1:*",
    "https://127.0.0.1:*",
    "http://[::1]:*",
    "https://[::1]:*",
];

/// Serves Streamable HTTP at `http://{address}/mcp` until interrupted (Ctrl-C).
pub async fn serve_http(server: ToolServer, address: SocketAddr, access: HttpAccess) -> Result<()> {
    use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
    use rmcp::transport::streamable_http_server::{
        StreamableHttpServerConfig, StreamableHttpService,
    };
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .map_err(|e| Error::new(format!("cannot listen on {address}: {e}")))?;
    let bound = listener
        .local_addr()
        .map_err(|e| Error::new(format!("cannot listen on {address}: {e}")))?;
    let server_log = server.log;
    // A browser page may reach a local server: only pages served from this machine may
    // call it (the MCP specification's guard against DNS rebinding, beside rmcp's check
    // that the Host is a loopback name).
    let mut config = StreamableHttpServerConfig::default().with_allowed_origins(LOOPBACK_ORIGINS);
    // Stateless for every protocol version: a call needs nothing from an earlier one, so
    // any replica behind a load balancer can answer any request (no session affinity).
    config.legacy_session_mode = false;
    config.allowed_hosts.extend(access.extra_hosts);
    let service = StreamableHttpService::new(
        move || Ok(server.clone()),
        Arc::new(LocalSessionManager::default()),
        config,
    );
    let mut router = axum::Router::new().nest_service("/mcp", service);
    let open = access.token.is_none();
    if let Some(token) = access.token {
        let expected = Arc::new(format!("Bearer {token}"));
        router = router.layer(axum::middleware::from_fn(
            move |request: axum::extract::Request, next: axum::middleware::Next| {
                let expected = Arc::clone(&expected);
                async move {
                    let given = request.headers().get(axum::http::header::AUTHORIZATION);
                    if given.is_some_and(|value| same_bytes(value.as_bytes(), expected.as_bytes()))
                    {
                        next.run(request).await
                    } else {
                        axum::response::IntoResponse::into_response(
                            axum::http::StatusCode::UNAUTHORIZED,
                        )
                    }
                }
            },
        ));
    }
    (server_log)(&format!(
        "openapi2mcp serve: listening on http://{bound}/mcp"
    ));
    if !bound.ip().is_loopback() && open {
        (server_log)(&format!("openapi2mcp serve: warning: listening beyond this machine with no authentication (set {TOKEN_VARIABLE} to require a bearer token)"));
    }
    axum::serve(listener, router)
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .map_err(|e| Error::new(format!("the HTTP server stopped: {e}")))
}
