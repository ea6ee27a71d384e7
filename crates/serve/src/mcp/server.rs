//! The MCP server of `serve`, on `rmcp`: `tools/list` answers with the tools as convert
//! writes them, `tools/call` hands the call to [`serve::ApiCaller`](crate::serve::ApiCaller);
//! with `--dynamic`, it lists the dynamic tools of [`serve::dynamic`](crate::serve::dynamic)
//! and the tools of the toolsets enabled so far, and says when that list changes. Over
//! stdio or Streamable HTTP; logs go to standard error, one line per call.

mod stdio;

use std::collections::{BTreeSet, HashMap};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    ListToolsResult, MetaObject, PaginatedRequestParams, ServerCapabilities, ServerConfig,
    SubscriptionFilter, Tool,
};
use rmcp::service::{RequestContext, SubscriptionContext, SubscriptionSink};
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};
use serde_json::{json, Map, Value};

use crate::serve::dynamic::{self, Catalog};
use crate::serve::{ApiCaller, MediaKind, Outcome};
use openapi2mcp_core::error::{Error, ErrorKind, Result};
use openapi2mcp_core::hints::HintStyle;
use openapi2mcp_core::tool::HTTP_META_KEY;
use stdio::guarded;

/// `serve`'s MCP server: the API's tools (or, with `--dynamic`, the dynamic tools) listed
/// and called through an [`ApiCaller`].
#[derive(Clone)]
pub struct ToolServer {
    api: Arc<ApiCaller>,
    /// The API's tools in the SDK's model, made once, in order.
    tools: Arc<Vec<Tool>>,
    /// With `--dynamic`: what lists and runs the dynamic tools.
    dynamic: Option<Arc<Dynamic>>,
    /// Where each call's log line goes (standard error, unless `--quiet`).
    log: fn(&str),
    /// The `serverInfo.name` clients see and show.
    name: String,
}

/// The state of `--dynamic`, shared by every session of the server.
struct Dynamic {
    catalog: Catalog,
    /// The dynamic tools in the SDK's model.
    tools: Vec<Tool>,
    /// Each API tool's position in [`ToolServer::tools`].
    positions: HashMap<String, usize>,
    /// The toolsets whose tools are listed.
    enabled: Mutex<BTreeSet<String>>,
    /// The `subscriptions/listen` streams (2026-07-28) that hear of a changed list.
    listeners: Mutex<Listeners<SubscriptionSink>>,
}

/// The `subscriptions/listen` streams, and what it takes to miss no change: the SDK sends a
/// stream's acknowledgment before it hands the stream to [`ServerHandler::listen`], so a
/// client may change the list in between; the stream is told of such a change when it
/// arrives.
struct Listeners<Stream> {
    /// Each stream by a number of its own (request ids repeat across sessions).
    streams: Vec<(u64, Stream)>,
    next_number: u64,
    /// How many times the list has changed.
    changes: u64,
    /// `changes` when each listen request not yet streaming arrived, and when. Which request
    /// is which is not known, so a stream compares with the oldest and takes away the
    /// newest: it may hear a change twice, never miss one. A request whose acknowledgment
    /// failed never streams: its entry goes after [`ARRIVAL_KEPT`].
    arriving: Vec<(u64, Instant)>,
}

/// How long a listen request may take from its arrival to its stream.
const ARRIVAL_KEPT: Duration = Duration::from_secs(60);

impl<Stream: Clone> Listeners<Stream> {
    fn new() -> Self {
        Listeners {
            streams: Vec::new(),
            next_number: 0,
            changes: 0,
            arriving: Vec::new(),
        }
    }

    /// A listen request arrived (before its acknowledgment is sent).
    fn arrive(&mut self) {
        self.arrive_at(Instant::now());
    }

    fn arrive_at(&mut self, now: Instant) {
        self.arriving
            .retain(|(_, at)| now.saturating_duration_since(*at) < ARRIVAL_KEPT);
        self.arriving.push((self.changes, now));
    }

    /// An acknowledged request streams: its number, and whether the list changed after it
    /// arrived (so it must be told now).
    fn stream(&mut self, stream: Stream) -> (u64, bool) {
        let number = self.next_number;
        self.next_number += 1;
        self.streams.push((number, stream));
        let oldest = self.arriving.iter().map(|(changes, _)| *changes).min();
        let newest = (0..self.arriving.len()).max_by_key(|&i| self.arriving[i].0);
        if let Some(newest) = newest {
            self.arriving.swap_remove(newest);
        }
        (number, oldest.is_some_and(|changes| changes < self.changes))
    }

    /// The list changed: the streams to tell.
    fn change(&mut self) -> Vec<(u64, Stream)> {
        self.changes += 1;
        self.streams.clone()
    }

    fn forget(&mut self, number: u64) {
        self.streams.retain(|(n, _)| *n != number);
    }
}

impl ToolServer {
    /// The server for `api`'s tools, named `name` to clients (`openapi2mcp` when none).
    pub fn new(api: ApiCaller, log: fn(&str), name: Option<String>) -> Result<ToolServer> {
        let tools = in_sdk_model(api.tools())?;
        Ok(ToolServer {
            api: Arc::new(api),
            tools: Arc::new(tools),
            dynamic: None,
            log,
            name: name.unwrap_or_else(|| "openapi2mcp".into()),
        })
    }

    /// The server of `--dynamic`: the dynamic tools, declaring their hints in `style`, and
    /// the tools of the toolsets in `enabled` (an error names a toolset the API lacks, or
    /// says that they pass the budget of `toolsets`).
    pub fn dynamic(
        api: ApiCaller,
        log: fn(&str),
        name: Option<String>,
        style: HintStyle,
        enabled: &[String],
        toolsets: dynamic::ToolsetPolicy,
    ) -> Result<ToolServer> {
        dynamic::check_toolsets(api.tools(), enabled)?;
        if let Some(clash) = dynamic::TOOL_NAMES.iter().find(|n| api.has_tool(n)) {
            return Err(Error::new(ErrorKind::Usage, format!(
                "--dynamic: the API has a tool named '{clash}', as one of --dynamic's own; leave its operation out with a filter"
            )));
        }
        let catalog = Catalog::new(&api, style, toolsets, !enabled.is_empty());
        let enabled: BTreeSet<String> = enabled.iter().cloned().collect();
        if let Err(listed) = catalog.within_budget(&enabled) {
            let names: Vec<&str> = enabled.iter().map(String::as_str).collect();
            let (what, way_out) = match names.is_empty() {
                true => (
                    "--dynamic: its own tools".to_string(),
                    "a larger --token-budget",
                ),
                false => (
                    format!("--toolset {}: the tool list", names.join(", ")),
                    "--compact, fewer toolsets, or a larger --token-budget",
                ),
            };
            return Err(Error::new(ErrorKind::Usage, format!(
                "{what} would take {} tokens, over the budget of {} (--token-budget); serve with {way_out}",
                openapi2mcp_core::text::thousands(listed),
                openapi2mcp_core::text::thousands(toolsets.budget)
            )));
        }
        let dynamic_tools = in_sdk_model(catalog.tools().iter())?;
        let mut server = ToolServer::new(api, log, name)?;
        let positions = server
            .tools
            .iter()
            .enumerate()
            .map(|(i, tool)| (tool.name.to_string(), i))
            .collect();
        server.dynamic = Some(Arc::new(Dynamic {
            catalog,
            tools: dynamic_tools,
            positions,
            enabled: Mutex::new(enabled),
            listeners: Mutex::new(Listeners::new()),
        }));
        Ok(server)
    }

    /// Whether the tool list can change: with `--dynamic`, when the API has toolsets.
    fn changes_its_list(&self) -> bool {
        self.dynamic
            .as_ref()
            .is_some_and(|d| d.catalog.is_dynamic_tool(dynamic::ENABLE_TOOLSET))
    }

    /// What `tools/list` answers now.
    fn listed(&self) -> Vec<Tool> {
        let Some(dynamic) = &self.dynamic else {
            return self.tools.to_vec();
        };
        let mut listed = dynamic.tools.clone();
        listed.extend(
            dynamic
                .listed_positions()
                .into_iter()
                .map(|i| self.tools[i].clone()),
        );
        listed
    }

    /// Runs `enable_toolset`: lists the toolset's tools, and tells the client the list
    /// changed if it did.
    async fn enable_toolset(
        &self,
        dynamic: &Dynamic,
        arguments: Option<Map<String, Value>>,
        context: &RequestContext<RoleServer>,
    ) -> (Outcome, String) {
        let before = dynamic.listed_positions();
        let found = {
            // Checked and enabled under one lock: two calls at once stay within the budget.
            let mut enabled = dynamic.enabled.lock().expect("the lock is never poisoned");
            let found = dynamic.catalog.toolset_to_enable(arguments, &enabled);
            if let Ok((name, _)) = &found {
                enabled.insert(name.clone());
            }
            found
        };
        let (name, tools) = match found {
            Ok(found) => found,
            Err(message) => {
                let log = format!("{}: {message}", dynamic::ENABLE_TOOLSET);
                return (Outcome::error(message), log);
            }
        };
        // Said only when the list grew: a toolset's tools may all be listed by another.
        if dynamic.listed_positions() != before {
            dynamic.announce(context).await;
        }
        let value = json!({"toolset": name, "tools": tools});
        let outcome = Outcome {
            text: value.to_string(),
            is_error: false,
            structured: Some(value),
            response: None,
            media: None,
        };
        let log = format!(
            "{}: {name}: {} listed",
            dynamic::ENABLE_TOOLSET,
            openapi2mcp_core::text::counted(tools.len(), "tool")
        );
        (outcome, log)
    }
}

impl Dynamic {
    /// The positions of the enabled toolsets' tools, in the API's order, each once.
    fn listed_positions(&self) -> BTreeSet<usize> {
        let enabled = self.enabled.lock().expect("the lock is never poisoned");
        enabled
            .iter()
            .filter_map(|name| self.catalog.toolset(name))
            .flatten()
            .filter_map(|tool| self.positions.get(tool).copied())
            .collect()
    }

    /// Tells the client that the tool list changed: on the session, for a client that made
    /// the `initialize` handshake (2025-11-25 and before), and on every `subscriptions/listen`
    /// stream that asked (2026-07-28).
    async fn announce(&self, context: &RequestContext<RoleServer>) {
        if context.peer.peer_info().is_some() {
            let _ = context.peer.notify_tool_list_changed().await;
        }
        let streams = self
            .listeners
            .lock()
            .expect("the lock is never poisoned")
            .change();
        for (number, listener) in streams {
            if listener.notify_tool_list_changed().await.is_err() {
                self.forget_listener(number);
            }
        }
    }

    fn forget_listener(&self, number: u64) {
        self.listeners
            .lock()
            .expect("the lock is never poisoned")
            .forget(number);
    }
}

/// What a `tools/call` runs.
enum Call<'d> {
    /// A tool of the API.
    Api,
    /// One of the dynamic tools but `enable_toolset`.
    Dynamic(&'d Dynamic),
    EnableToolset(&'d Dynamic),
}

/// What the person said of a call, or how to ask them.
enum Answer {
    /// Call it: accepted, or the client cannot be asked through the server.
    Go,
    /// Ask first: a 2026-07-28 client answers the elicitation and sends the call again.
    Ask(rmcp::model::InputRequiredResult),
    /// Nothing is sent, for this reason.
    Refused(String),
}

/// The key of the confirmation among a call's input requests and responses.
const CONFIRMATION: &str = "confirmation";

/// Asks the person, through MCP elicitation, whether to make the call `question`
/// describes: on a 2025-11-25 session by a request to the client, on 2026-07-28 (which
/// forbids those) by an input-required result the client answers and calls again with. A
/// client that does not declare form elicitation is not asked: it asks its person itself,
/// as the tool's hints tell it to.
async fn asked(
    context: &RequestContext<RoleServer>,
    request: &CallToolRequestParams,
    question: String,
) -> Answer {
    use rmcp::model::{
        ElicitRequest, ElicitRequestParams, ElicitResult, ElicitationAction, ElicitationSchema,
        InputRequest, InputRequiredResult, ProtocolVersion,
    };
    let form = context
        .client_capabilities()
        .and_then(|capabilities| capabilities.elicitation)
        // No mode named means form (2025-06-18).
        .is_some_and(|elicitation| elicitation.form.is_some() || elicitation.url.is_none());
    if !form {
        return Answer::Go;
    }
    let params = ElicitRequestParams::FormElicitationParams {
        meta: None,
        message: question,
        requested_schema: ElicitationSchema::new(Default::default()),
    };
    let Some(version) = context.protocol_version() else {
        return Answer::Go;
    };
    let answer = if version >= ProtocolVersion::V_2026_07_28 {
        let responses = request.input_responses.as_ref();
        let Some(response) = responses.and_then(|responses| responses.get(CONFIRMATION)) else {
            let ask = InputRequest::Elicitation(ElicitRequest::new(params));
            let requests = [(CONFIRMATION.to_string(), ask)].into_iter().collect();
            return Answer::Ask(InputRequiredResult::from_input_requests(requests));
        };
        serde_json::from_value::<ElicitResult>(response.clone()).map_err(|e| e.to_string())
    } else {
        context
            .peer
            .create_elicitation(params)
            .await
            .map_err(|e| e.to_string())
    };
    match answer.map(|answer| answer.action) {
        Ok(ElicitationAction::Accept) => Answer::Go,
        // Declined, cancelled, or an answer this version does not know.
        Ok(_) => Answer::Refused("the person declined the call; nothing was sent".into()),
        Err(e) => Answer::Refused(format!(
            "the person could not be asked ({e}); nothing was sent"
        )),
    }
}

/// Tools in the SDK's model; an error names one the SDK refuses.
fn in_sdk_model<'t>(
    tools: impl Iterator<Item = &'t openapi2mcp_core::tool::Tool>,
) -> Result<Vec<Tool>> {
    tools
        .map(|tool| {
            serde_json::to_value(tool)
                .and_then(serde_json::from_value::<Tool>)
                .map_err(|e| {
                    Error::new(
                        ErrorKind::Input,
                        format!("tool '{}' is not a valid MCP tool: {e}", tool.name),
                    )
                })
        })
        .collect()
}

impl ServerHandler for ToolServer {
    fn get_info(&self) -> ServerConfig {
        let tools = ServerCapabilities::builder().enable_tools();
        let capabilities = if self.changes_its_list() {
            tools.enable_tool_list_changed().build()
        } else {
            tools.build()
        };
        ServerConfig::new(capabilities)
            .with_server_info(Implementation::new(&self.name, env!("CARGO_PKG_VERSION")))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> std::result::Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.listed()))
    }

    fn accepted_subscription_filter(
        &self,
        _requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        let dynamic = self.dynamic.as_ref().filter(|_| self.changes_its_list())?;
        dynamic
            .listeners
            .lock()
            .expect("the lock is never poisoned")
            .arrive();
        Some(SubscriptionFilter::builder().tools_list_changed().build())
    }

    async fn listen(&self, context: SubscriptionContext) -> std::result::Result<(), ErrorData> {
        let Some(dynamic) = &self.dynamic else {
            context.cancelled().await;
            return Ok(());
        };
        let (number, missed) = dynamic
            .listeners
            .lock()
            .expect("the lock is never poisoned")
            .stream(context.sink().clone());
        if missed && context.sink().notify_tool_list_changed().await.is_err() {
            dynamic.forget_listener(number);
            return Ok(());
        }
        context.cancelled().await;
        dynamic.forget_listener(number);
        Ok(())
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> std::result::Result<CallToolResponse, ErrorData> {
        let name = request.name.as_ref();
        let kind = match &self.dynamic {
            None if self.api.has_tool(name) => Call::Api,
            Some(dynamic)
                if name == dynamic::ENABLE_TOOLSET && dynamic.catalog.is_dynamic_tool(name) =>
            {
                Call::EnableToolset(dynamic)
            }
            Some(dynamic) if dynamic.catalog.is_dynamic_tool(name) => Call::Dynamic(dynamic),
            // Any operation by its own name, listed here or not: a replica behind the same
            // load balancer may be the one that listed it.
            Some(_) if self.api.has_tool(name) => Call::Api,
            // MCP: an unknown tool is a protocol error, -32602 (invalid params).
            _ => {
                let message = format!("unknown tool: {name}");
                return Err(ErrorData::invalid_params(message, None));
            }
        };
        if let Call::Dynamic(dynamic) = kind {
            let question = (name == dynamic::CALL)
                .then(|| {
                    let arguments = request.arguments.as_ref()?;
                    dynamic.catalog.confirmation(&self.api, arguments)
                })
                .flatten();
            if let Some(question) = question {
                match asked(&context, &request, question).await {
                    Answer::Go => {}
                    Answer::Ask(input) => return Ok(input.into()),
                    Answer::Refused(refusal) => {
                        let log = format!("{name}: {refusal}");
                        (self.log)(&format!(
                            "openapi2mcp serve: {}",
                            openapi2mcp_core::escape::visible(&log)
                        ));
                        return Ok(CallToolResult::error(vec![ContentBlock::text(refusal)]).into());
                    }
                }
            }
        }
        // A `notifications/cancelled` for this request stops the call, retries included.
        let call = async {
            match kind {
                Call::Api => self.api.call(name, request.arguments).await,
                Call::Dynamic(dynamic) => {
                    dynamic
                        .catalog
                        .call(&self.api, name, request.arguments)
                        .await
                }
                Call::EnableToolset(dynamic) => {
                    self.enable_toolset(dynamic, request.arguments, &context)
                        .await
                }
            }
        };
        let (outcome, log) = tokio::select! {
            done = call => done,
            () = context.ct.cancelled() => {
                let name = openapi2mcp_core::escape::visible(&request.name);
                (self.log)(&format!("openapi2mcp serve: {name}: cancelled by the client"));
                return Err(ErrorData::internal_error("the client cancelled the call", None));
            }
        };
        // What a client sent (a tool's name, an argument echoed in a URL) is shown escaped.
        (self.log)(&format!(
            "openapi2mcp serve: {}",
            openapi2mcp_core::escape::visible(&log)
        ));
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
    let log = server.log;
    let running = match server.serve(transport).await {
        Ok(running) => running,
        // Input that ends before a client's first word (Ctrl-D on a terminal, a client that
        // gave up) ends the server; nothing failed.
        Err(rmcp::service::ServerInitializeError::ConnectionClosed(_)) => {
            log("openapi2mcp serve: standard input ended before a client connected");
            return Ok(());
        }
        Err(e) => {
            return Err(Error::new(
                ErrorKind::Server,
                format!("MCP over stdio failed to start: {e}"),
            ))
        }
    };
    running
        .waiting()
        .await
        .map_err(|e| Error::new(ErrorKind::Server, format!("MCP over stdio stopped: {e}")))?;
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
    let listener = tokio::net::TcpListener::bind(address).await.map_err(|e| {
        Error::new(
            ErrorKind::Server,
            format!("cannot listen on {address}: {e}"),
        )
    })?;
    let bound = listener.local_addr().map_err(|e| {
        Error::new(
            ErrorKind::Server,
            format!("cannot listen on {address}: {e}"),
        )
    })?;
    let server_log = server.log;
    // A browser page may reach a local server: only pages served from this machine may
    // call it (the MCP specification's guard against DNS rebinding, beside rmcp's check
    // that the Host is a loopback name).
    let mut config = StreamableHttpServerConfig::default().with_allowed_origins(LOOPBACK_ORIGINS);
    // Stateless for every protocol version: a call needs nothing from an earlier one, so
    // any replica behind a load balancer can answer any request (no session affinity).
    config.legacy_session_mode = false;
    // A call's answer is one JSON body, sent once the API has answered: a replica that
    // dies mid-call leaves no 200 and a cut stream, so a load balancer can answer 502 or
    // retry a call not yet sent. (A call that notifies first still streams.)
    config.json_response = true;
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
    super::http::serve(listener, router, server_log).await;
    Ok(())
}

#[cfg(test)]
mod tests;
