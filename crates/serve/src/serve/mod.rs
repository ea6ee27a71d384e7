//! `serve`: the tools, called for real. Each call is checked against the tool's
//! `inputSchema`, built into an HTTP request by its binding (`request/`), sent to the
//! API's URL with the credentials from the environment, retried only where a retry is
//! safe, and answered with the response. `mcp::server` puts this behind MCP.

mod credentials;
pub mod dynamic;
mod outcome;
mod redact;
mod request;

use std::collections::HashMap;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use reqwest::Url;
use serde_json::{json, Map, Value};

use credentials::{clash, sendable_schemes};
pub use credentials::{credential_variables, is_set, PLACEHOLDER};
use openapi2mcp_core::error::{Error, ErrorKind, Result};
use openapi2mcp_core::schema::depth;
use openapi2mcp_core::tool::{Binding, In, KeyLocation, Scheme, SchemeKind, Tool, HTTP_META_KEY};
use outcome::Response;
pub use outcome::{Media, MediaKind, Outcome};
use request::{Files, Payload, Request, Secret};

/// How the server calls the API.
#[derive(Debug, Clone)]
pub struct CallSettings {
    /// Where every request goes, instead of the spec's server URL.
    pub base_url: Option<Url>,
    /// How long one request may take, answered or not.
    pub timeout: Duration,
    /// How many times a failed call may be repeated, where repeating is safe.
    pub retries: u32,
    /// A response body longer than this is cut.
    pub max_response_bytes: usize,
}

/// One tool, ready to be called.
struct Served {
    /// The tool as `tools/list` shows it: exactly what convert writes.
    listed: Tool,
    /// Its binding (a copy, so the tool can be listed as it is).
    binding: Binding,
    files: Files,
    base: Url,
    /// Whether a timeout or 5xx may be retried ([`Binding::retry_safe`]).
    retry_safe: bool,
    validator: OnceLock<std::result::Result<jsonschema::Validator, String>>,
    /// The `inputSchema` arguments are checked against, when it differs from the listed
    /// one: the full one of a compact tool, without the patterns the validator cannot
    /// compile.
    checked_input: Option<Value>,
    /// The same for the `outputSchema` results are checked against.
    checked_output: Option<Value>,
    output_validator: OnceLock<std::result::Result<jsonschema::Validator, String>>,
}

/// The API behind the tools.
pub struct ApiCaller {
    /// What the user should hear at start.
    notes: Vec<String>,
    tools: Vec<Served>,
    by_name: HashMap<String, usize>,
    /// Secrets by scheme name, read from the environment once.
    secrets: HashMap<String, String>,
    client: reqwest::Client,
    settings: CallSettings,
}

/// Where a tool's requests go: `--base-url`, else the server URL the spec names, which must
/// be absolute.
fn base_url(name: &str, binding: &Binding, settings: &CallSettings) -> Result<Url> {
    // The manifest's text, shown on one line as it is.
    let name = openapi2mcp_core::escape::visible(name);
    let server = match (&settings.base_url, &binding.server) {
        (Some(base), _) => return Ok(base.clone()),
        (None, Some(server)) => server,
        (None, None) => {
            return Err(Error::new(
                ErrorKind::Input,
                format!("tool '{name}': the spec names no server URL; give --base-url"),
            ))
        }
    };
    let url = Url::parse(server).map_err(|_| {
        let server = openapi2mcp_core::escape::visible(server);
        Error::new(
            ErrorKind::Input,
            format!("tool '{name}': its server URL '{server}' is not absolute; give --base-url"),
        )
    })?;
    check_base_url(&url).map_err(|problem| {
        Error::new(
            ErrorKind::Input,
            format!(
                "tool '{name}': its server URL '{}' {problem}; give --base-url",
                redacted(&url)
            ),
        )
    })?;
    Ok(url)
}

/// That every header and cookie name the tool's requests carry is a token (RFC 9110
/// section 5.6.2; a cookie's, RFC 6265): a name like `pref=1; session` would send a second
/// cookie, and could put an argument before the credential's cookie of that name.
fn check_wire_names(name: &str, binding: &Binding) -> Result<()> {
    let params = binding.params.iter().filter_map(|(argument, param)| {
        let place = match param.location {
            In::Header => "header",
            In::Cookie => "cookie",
            _ => return None,
        };
        Some((place, param.name.as_deref().unwrap_or(argument)))
    });
    let schemes =
        (binding.auth.iter().flatten()).filter_map(|scheme| match scheme.kind.place()? {
            (KeyLocation::Header, name) => Some(("header", name)),
            (KeyLocation::Cookie, name) => Some(("cookie", name)),
            _ => None,
        });
    for (place, wire_name) in params.chain(schemes) {
        if !openapi2mcp_core::http::is_token(wire_name) {
            return Err(Error::new(
                ErrorKind::Input,
                format!(
                    "tool '{name}': the {place} name '{}' is not a token (letters, digits and !#$%&'*+-.^_`|~; RFC 9110 section 5.6.2), so no request can send it as one {place}",
                    openapi2mcp_core::escape::visible(wire_name)
                ),
            ));
        }
    }
    Ok(())
}

/// A note for each environment variable two schemes read (`api-key` and `api_key` both
/// read `OPENAPI2MCP_AUTH_API_KEY`): its one secret goes to both places.
fn shared_variables<'b>(bindings: impl Iterator<Item = &'b Binding>) -> Vec<String> {
    let mut by_variable: std::collections::BTreeMap<String, Vec<&str>> = Default::default();
    for scheme in bindings.flat_map(|b| b.auth.iter().flatten()) {
        let names = by_variable.entry(scheme.variable()).or_default();
        if !names.contains(&scheme.scheme.as_str()) {
            names.push(&scheme.scheme);
        }
    }
    by_variable
        .into_iter()
        .filter(|(_, names)| names.len() > 1)
        .map(|(variable, names)| {
            let (last, others) = names.split_last().expect("two or more");
            format!(
                "the security schemes '{}' and '{last}' read one variable, {variable}: its secret is sent for each",
                others.join("', '")
            )
        })
        .collect()
}

/// The one HTTP client every call goes through.
fn http_client(settings: &CallSettings) -> Result<reqwest::Client> {
    crate::tls::install_provider();
    reqwest::Client::builder()
        .timeout(settings.timeout)
        // Some APIs refuse a request without one.
        .user_agent(concat!("openapi2mcp/", env!("CARGO_PKG_VERSION")))
        // A redirect could take a request, and its credentials, off the API's URL.
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .map_err(|e| {
            Error::new(
                ErrorKind::Server,
                format!("cannot start the HTTP client: {e}"),
            )
        })
}

impl ApiCaller {
    /// The API for these tools (manifest entries), with secrets from `environment` (a
    /// variable's value by its name). Fails on a tool without a binding, or when no tool
    /// has a server URL a request can go to; a tool whose own one cannot is left out, said
    /// in the notes.
    pub fn new(
        tools: Vec<Tool>,
        settings: CallSettings,
        environment: &dyn Fn(&str) -> Option<String>,
    ) -> Result<ApiCaller> {
        if let Some(base) = &settings.base_url {
            check_base_url(base).map_err(|problem| {
                Error::new(
                    ErrorKind::Usage,
                    format!("--base-url '{}' {problem}", redacted(base)),
                )
            })?;
        }
        let mut served = Vec::with_capacity(tools.len());
        let mut notes = Vec::new();
        let mut unreachable = Vec::new();
        let mut by_name = HashMap::new();
        let mut secrets = HashMap::new();
        for mut listed in tools {
            let name = listed.name.clone();
            // A compact tool's full schema is for checking, not for listing.
            let full_input = listed.meta.input_schema.take();
            let Some(binding) = listed.binding().cloned() else {
                return Err(Error::new(ErrorKind::Input, format!(
                    "tool '{name}' has no `_meta[\"{HTTP_META_KEY}\"]`: serve needs the binding convert writes"
                )));
            };
            // One tool's own server that no request can reach (DigitalOcean's agent
            // inference at `https://{your-agent-url}`) leaves that tool out, said at start
            // ([`left_out`]); the rest are served. With none left, the first such reason is
            // the error.
            let base = match base_url(&name, &binding, &settings) {
                Ok(base) => base,
                Err(error) => {
                    unreachable.push(error);
                    continue;
                }
            };
            check_wire_names(&name, &binding)?;
            for scheme in binding.auth.iter().flatten() {
                if let Some(secret) = environment(&scheme.variable()).filter(|s| is_set(s)) {
                    secrets.insert(scheme.scheme.clone(), secret);
                }
            }
            let retry_safe = binding.retry_safe();
            let input_schema = full_input
                .as_ref()
                .or(listed.input_schema.as_ref())
                .unwrap_or(&Value::Null);
            let output_schema = listed.output_schema.as_ref().unwrap_or(&Value::Null);
            for (field, schema) in [
                ("inputSchema", input_schema),
                ("outputSchema", output_schema),
            ] {
                if depth::too_deep(schema) {
                    return Err(Error::new(ErrorKind::Input, format!(
                        "tool '{name}': its {field} nests more than {} levels deep, its $refs followed: deeper than serve can check a call against",
                        depth::MAX_SCHEMA_DEPTH
                    )));
                }
            }
            let checked_input = checkable(&name, "inputSchema", input_schema, &mut notes);
            let checked_output = checkable(&name, "outputSchema", output_schema, &mut notes);
            by_name.insert(name, served.len());
            served.push(Served {
                files: Files::of(input_schema),
                checked_input: checked_input.or(full_input),
                listed,
                binding,
                base,
                retry_safe,
                validator: OnceLock::new(),
                checked_output,
                output_validator: OnceLock::new(),
            });
        }
        if served.is_empty() && !unreachable.is_empty() {
            return Err(unreachable.swap_remove(0));
        }
        notes.extend(left_out(&unreachable));
        notes.extend(shared_variables(served.iter().map(|s| &s.binding)));
        Ok(ApiCaller {
            notes,
            tools: served,
            by_name,
            secrets,
            client: http_client(&settings)?,
            settings,
        })
    }

    /// What the user should hear at start: the tools left out because their own server
    /// cannot be reached, the tools whose arguments are checked without a pattern the
    /// validator cannot compile, the schemes that share a variable.
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// Whether a tool of that name is served.
    pub fn has_tool(&self, name: &str) -> bool {
        self.by_name.contains_key(name)
    }

    /// The tool of that name, as `tools/list` shows it.
    pub fn tool(&self, name: &str) -> Option<&Tool> {
        self.by_name.get(name).map(|&i| &self.tools[i].listed)
    }

    /// The tools, in order, as `tools/list` returns them.
    pub fn tools(&self) -> impl Iterator<Item = &Tool> {
        self.tools.iter().map(|t| &t.listed)
    }

    /// The credential variables the tools use, each with whether it is set: what the
    /// server tells its user at start.
    pub fn credential_variables(&self) -> Vec<(String, bool)> {
        let schemes = self.tools.iter().map(|t| &t.binding);
        sendable_schemes(schemes)
            .into_iter()
            .map(|s| (s.variable(), self.secrets.contains_key(&s.scheme)))
            .collect()
    }

    /// Calls tool `name`. The log line says what was sent and what came back, with no
    /// secret in it.
    pub async fn call(
        &self,
        name: &str,
        arguments: Option<Map<String, Value>>,
    ) -> (Outcome, String) {
        let Some(tool) = self.by_name.get(name).map(|&i| &self.tools[i]) else {
            return (
                Outcome::error(format!("no tool named '{name}'")),
                format!("{name}: no such tool"),
            );
        };
        let mut arguments = arguments.unwrap_or_default();
        if let Some(message) = tool.unknown_argument(&arguments) {
            return (
                Outcome::error(message),
                format!("{name}: unknown argument, not sent"),
            );
        }
        if let Err(message) = tool.validate(&arguments) {
            return (
                Outcome::error(message),
                format!("{name}: invalid arguments, not sent"),
            );
        }
        let secrets = match self.secrets_for(&tool.binding) {
            Ok(secrets) => secrets,
            Err(message) => {
                return (
                    Outcome::error(message),
                    format!("{name}: no credentials, not sent"),
                )
            }
        };
        // Minted once per call, so every retry of this call carries the same key.
        if let Some(key) = &tool.binding.idempotency_key {
            if !arguments.contains_key(key) {
                arguments.insert(key.clone(), uuid::Uuid::new_v4().to_string().into());
            }
        }
        let request =
            match request::build(&tool.binding, &tool.files, &arguments, &tool.base, &secrets) {
                Ok(request) => request,
                Err(message) => {
                    let log = format!("{name}: {message}, not sent");
                    return (Outcome::error(message), log);
                }
            };
        let started = Instant::now();
        let (outcome, attempt) = self.send_retrying(&request, tool.retry_safe).await;
        let took = started.elapsed().as_millis();
        let tries = if attempt > 1 {
            format!(", {attempt} attempts")
        } else {
            String::new()
        };
        match outcome {
            Ok(response) => {
                let log = format!(
                    "{name}: {} {} -> {} in {took} ms{tries}",
                    request.method, request.url_for_log, response.status
                );
                let forms = redact::forms(&secrets);
                let mut outcome = tool.outcome(response, self.settings.max_response_bytes, &forms);
                if let Some(structured) = &mut outcome.structured {
                    redact::redact_strings(structured, &forms);
                }
                (outcome, log)
            }
            Err(error) => {
                let what = if error.is_timeout() {
                    format!("timed out after {} s", self.settings.timeout.as_secs_f64())
                } else {
                    failure_text(&error.without_url())
                };
                let log = format!(
                    "{name}: {} {} -> {what} in {took} ms{tries}",
                    request.method, request.url_for_log
                );
                (Outcome::error(format!("the request failed: {what}")), log)
            }
        }
    }

    /// The secrets of the first credential alternative that the environment can satisfy,
    /// preferring one that sends credentials over anonymous access.
    fn secrets_for<'b>(
        &self,
        binding: &'b Binding,
    ) -> std::result::Result<Vec<Secret<'b>>, String> {
        if binding.auth.is_empty() {
            return Ok(Vec::new());
        }
        let satisfied = |alternative: &'b Vec<Scheme>| -> Option<Vec<Secret<'b>>> {
            if clash(alternative).is_some() {
                return None;
            }
            alternative
                .iter()
                .map(|scheme| {
                    let value = self.secrets.get(&scheme.scheme)?;
                    (!matches!(scheme.kind, SchemeKind::Unsupported { .. })).then(|| Secret {
                        scheme,
                        value: value.clone(),
                    })
                })
                .collect()
        };
        let mut alternatives: Vec<&Vec<Scheme>> = binding.auth.iter().collect();
        alternatives.sort_by_key(|a| a.is_empty());
        if let Some(secrets) = alternatives.into_iter().find_map(satisfied) {
            return Ok(secrets);
        }
        // The alternatives serve could send once their variables are set, and why the others
        // cannot be sent at all.
        let (mut wanted, mut impossible) = (Vec::new(), Vec::new());
        for alternative in &binding.auth {
            if let Some((one, other, place)) = clash(alternative) {
                impossible.push(format!(
                    "'{}' and '{}' together, which both go in {place}, which a request carries once",
                    one.scheme, other.scheme
                ));
            } else if let Some((scheme, reason)) =
                alternative.iter().find_map(|scheme| match &scheme.kind {
                    SchemeKind::Unsupported { reason } => Some((scheme, reason)),
                    _ => None,
                })
            {
                impossible.push(format!("'{}' ({reason})", scheme.scheme));
            } else {
                let variables: Vec<String> = alternative.iter().map(Scheme::variable).collect();
                wanted.push(variables.join(" and "));
            }
        }
        Err(if wanted.is_empty() {
            format!(
                "serve cannot call this tool: its security needs {}",
                impossible.join(", or ")
            )
        } else {
            format!(
                "this tool needs credentials: set {} in the server's environment",
                wanted.join(", or ")
            )
        })
    }

    /// Sends the request, again after a timeout or a 5xx where a retry is safe, at most
    /// `--retries` more times: the last result and how many attempts it took.
    async fn send_retrying(
        &self,
        request: &Request,
        retry_safe: bool,
    ) -> (reqwest::Result<Response>, u32) {
        let attempts = if retry_safe {
            self.settings.retries + 1
        } else {
            1
        };
        let mut attempt = 0;
        loop {
            attempt += 1;
            let result = self.send(request).await;
            let failed = match &result {
                Ok(response) => response.status >= 500,
                Err(error) => error.is_timeout(),
            };
            if !failed || attempt >= attempts {
                return (result, attempt);
            }
            tokio::time::sleep(backoff(attempt)).await;
        }
    }

    async fn send(&self, request: &Request) -> reqwest::Result<Response> {
        // A `Method` is an RFC 9110 token, which is all `from_bytes` asks of it.
        let method = reqwest::Method::from_bytes(request.method.as_str().as_bytes())
            .expect("a Method is a valid token");
        let mut builder = self.client.request(method, request.url.clone());
        for (name, value) in &request.headers {
            builder = builder.header(name, value);
        }
        builder = match &request.body {
            Payload::None => builder,
            Payload::Bytes {
                content_type,
                bytes,
            } => builder
                .header(reqwest::header::CONTENT_TYPE, content_type)
                .body(bytes.clone()),
            Payload::Multipart(parts) => {
                let mut form = reqwest::multipart::Form::new();
                for part in parts {
                    let mut field = reqwest::multipart::Part::bytes(part.content.clone());
                    if let Some(content_type) = &part.content_type {
                        field = field.mime_str(content_type)?;
                    }
                    if let Some(file_name) = &part.file_name {
                        field = field.file_name(file_name.clone());
                    }
                    form = form.part(part.name.clone(), field);
                }
                builder.multipart(form)
            }
        };
        let mut response = builder.send().await?;
        let status = response.status().as_u16();
        let header = |name| {
            response
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_string)
        };
        let content_type = header(reqwest::header::CONTENT_TYPE);
        let location = header(reqwest::header::LOCATION);
        let mut body = Vec::new();
        let mut cut = false;
        let limit = self.settings.max_response_bytes;
        while let Some(chunk) = response.chunk().await? {
            let room = limit - body.len();
            if chunk.len() > room {
                body.extend_from_slice(&chunk[..room]);
                cut = true;
                break;
            }
            body.extend_from_slice(&chunk);
        }
        Ok(Response {
            status,
            content_type,
            location,
            body,
            cut,
        })
    }
}

/// What makes `url` unfit as the URL every request is built on: another scheme than
/// http(s) (nothing else can be sent), credentials in it (they would be logged and sent
/// beside the real ones: put them in the environment), a query or a fragment (the path
/// would be appended after them).
pub fn check_base_url(url: &Url) -> std::result::Result<(), String> {
    if !matches!(url.scheme(), "http" | "https") {
        return Err("is not an http(s) URL".into());
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(
            "holds credentials: set them in the environment instead (OPENAPI2MCP_AUTH_<SCHEME>)"
                .into(),
        );
    }
    if url.query().is_some() || url.fragment().is_some() {
        return Err("has a query or a fragment, which the request path cannot follow".into());
    }
    // What the HTTP client sends to must be a URI (RFC 3986): a server variable the spec
    // gave no value stays in braces (`http://{region}.example.com`), which no host holds.
    if url.as_str().parse::<hyper::Uri>().is_err() {
        return Err(
            "is no URI a request can go to (a server variable without a value, in braces?)".into(),
        );
    }
    Ok(())
}

/// What to say of the tools left out for want of a server URL a request can go to: each
/// one, with the way to call it (`--base-url` would send every other tool there too); past
/// three, how many and the first, since then most likely the spec names no server for
/// them and `--base-url` serves them all.
fn left_out(unreachable: &[Error]) -> Vec<String> {
    let said = |error: &Error| {
        let why = error.to_string();
        let why = why.strip_suffix("; give --base-url").unwrap_or(&why);
        why.to_string()
    };
    match unreachable {
        [] => Vec::new(),
        [first, rest @ ..] if rest.len() >= 3 => vec![format!(
            "left out {} tools whose server URL no request can go to (the first: {}); give --base-url to serve them there",
            unreachable.len(),
            said(first)
        )],
        each => (each.iter())
            .map(|error| format!("left out {}; to call it, serve it on its own with --base-url", said(error)))
            .collect(),
    }
}

/// `schema` (a tool's `field`) without the patterns the validator cannot compile, each
/// said in `notes`; `None` when it has none to leave out.
fn checkable(name: &str, field: &str, schema: &Value, notes: &mut Vec<String>) -> Option<Value> {
    let checked = if field == "inputSchema" {
        "arguments"
    } else {
        "results"
    };
    let (without, unchecked) = without_uncompilable_patterns(schema);
    for (pointer, pattern) in unchecked {
        notes.push(format!(
            "tool '{name}': the pattern '{pattern}' ({field}{pointer}) does not compile, so {checked} are checked without it"
        ));
    }
    without
}

/// `url` fit to print: a password in it shown as `***`.
fn redacted(url: &Url) -> String {
    let mut shown = url.clone();
    if shown.password().is_some() {
        let _ = shown.set_password(Some("***"));
    }
    shown.to_string()
}

/// An error with its causes ("error sending request: ...: Connection refused").
fn failure_text(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(inner) = cause {
        let part = inner.to_string();
        if !text.ends_with(&part) {
            text.push_str(": ");
            text.push_str(&part);
        }
        cause = inner.source();
    }
    text
}

/// `schema` without the patterns the validator cannot compile (`None` when it has none),
/// and each pattern left out with its pointer: a tool must stay callable whatever a
/// manifest's pattern says.
fn without_uncompilable_patterns(schema: &Value) -> (Option<Value>, Vec<(String, String)>) {
    let compiles =
        |pattern: &str| jsonschema::draft202012::new(&json!({ "pattern": pattern })).is_ok();
    let unchecked: Vec<(String, String)> = openapi2mcp_core::schema::patterns(schema)
        .into_iter()
        .filter(|(_, pattern)| !compiles(pattern))
        .map(|(pointer, pattern)| (pointer, pattern.to_string()))
        .collect();
    if unchecked.is_empty() {
        return (None, unchecked);
    }
    let mut checked = schema.clone();
    for (pointer, _) in &unchecked {
        let (parent, key) = pointer.rsplit_once('/').expect("a pointer below the root");
        let key = key.replace("~1", "/").replace("~0", "~");
        if let Some(Value::Object(object)) = checked.pointer_mut(parent) {
            object.remove(&key);
        }
        // Properties a removed `patternProperties` entry matched must not fall to these.
        if let Some(schema) = parent.strip_suffix("/patternProperties") {
            if let Some(Value::Object(object)) = checked.pointer_mut(schema) {
                object.remove("additionalProperties");
                object.remove("unevaluatedProperties");
            }
        }
    }
    (Some(checked), unchecked)
}

/// The validator for a tool's `schema` (`field` names it), compiled on first use.
fn compiled<'v>(
    lock: &'v OnceLock<std::result::Result<jsonschema::Validator, String>>,
    schema: Option<&Value>,
    field: &str,
) -> std::result::Result<&'v jsonschema::Validator, String> {
    lock.get_or_init(|| {
        jsonschema::draft202012::new(schema.unwrap_or(&Value::Null))
            .map_err(|e| format!("the tool's {field} cannot be used: {e}"))
    })
    .as_ref()
    .map_err(Clone::clone)
}

/// The wait before retry `attempt`: 100 ms, doubling, at most 2 s.
fn backoff(attempt: u32) -> Duration {
    Duration::from_millis(100u64 << attempt.min(5)).min(Duration::from_secs(2))
}

impl Served {
    /// The refusal of an argument no part of the request takes, which would be dropped
    /// unseen and the call report success without it.
    fn unknown_argument(&self, arguments: &Map<String, Value>) -> Option<String> {
        let params = &self.binding.params;
        let argument = arguments
            .keys()
            .find(|argument| !params.contains_key(*argument))?;
        Some(format!(
            "invalid arguments, nothing was sent: the tool takes no argument '{argument}'{}",
            openapi2mcp_core::text::did_you_mean(argument, params.keys().map(String::as_str))
        ))
    }

    /// Checks the arguments against the tool's `inputSchema`; the message names the
    /// argument at fault.
    fn validate(&self, arguments: &Map<String, Value>) -> std::result::Result<(), String> {
        let schema = self
            .checked_input
            .as_ref()
            .or(self.listed.input_schema.as_ref());
        let validator = compiled(&self.validator, schema, "inputSchema")?;
        let instance = Value::Object(arguments.clone());
        let problems: Vec<String> = validator
            .iter_errors(&instance)
            .map(|error| {
                let path = error.instance_path().to_string();
                let argument = path.trim_start_matches('/').split('/').next().unwrap_or("");
                if argument.is_empty() {
                    format!("arguments: {error}")
                } else {
                    format!("argument '{argument}' (at {path}): {error}")
                }
            })
            .collect();
        if problems.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "invalid arguments, nothing was sent: {}",
                problems.join("; ")
            ))
        }
    }
}
