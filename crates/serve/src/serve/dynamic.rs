//! `serve --dynamic`: a handful of tools that find, describe and call the API's
//! operations, so that an API of any size costs a model's context the same few thousand
//! tokens. Hints stay honest: the tool that calls read-only operations says it is
//! read-only and calls nothing else ([`Binding::read_only_verified`]), and the tool that
//! calls any operation keeps the cautious defaults, so a client still asks before a
//! write. Each toolset (an OpenAPI tag) can be enabled to list its own tools, each with its
//! own hints; `mcp::server` tells the client that the list changed.
//!
//! [`Binding::read_only_verified`]: openapi2mcp_core::tool::Binding::read_only_verified

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde::Deserialize;
use serde_json::{json, Map, Value};

use super::{ApiCaller, Outcome};
use openapi2mcp_core::convert::compact::first_sentence;
use openapi2mcp_core::hints::{self, HintStyle};
use openapi2mcp_core::search::OperationIndex;
use openapi2mcp_core::tool::{HintKind, Tool};

/// The tool that finds operations by a task in the user's words.
pub const SEARCH: &str = "search_operations";
/// The tool that shows one operation: its input schema and all four hints.
pub const DESCRIBE: &str = "describe_operation";
/// The tool that calls an operation only when it is verified read-only.
pub const CALL_READ_ONLY: &str = "call_read_only_operation";
/// The tool that calls any operation, with the cautious default hints.
pub const CALL: &str = "call_operation";
/// The tool that lists a toolset's (a tag's) operations as tools of their own.
pub const ENABLE_TOOLSET: &str = "enable_toolset";

/// Every dynamic tool's name: no operation of a dynamic server may take one.
pub const TOOL_NAMES: [&str; 5] = [SEARCH, DESCRIBE, CALL_READ_ONLY, CALL, ENABLE_TOOLSET];

/// The most results one search returns, and how many it returns unless told.
const MAX_RESULTS: u64 = 50;
const DEFAULT_RESULTS: u64 = 10;

/// The operations behind the dynamic tools.
pub struct Catalog {
    index: OperationIndex,
    /// Each toolset (tag), with the names of its tools in the API's order.
    toolsets: BTreeMap<String, Vec<String>>,
    /// Each API tool's size in tokens, by name.
    tokens: HashMap<String, usize>,
    /// The dynamic tools themselves, as `tools/list` shows them.
    tools: Vec<Tool>,
    /// The most tokens the tool list may take with the toolsets enabled.
    budget: usize,
}

/// How the toolsets of `serve --dynamic` may be listed.
#[derive(Debug, Clone, Copy)]
pub struct ToolsetPolicy {
    /// Whether a client may enable one (`enable_toolset`): only where the list it changes is
    /// that client's own (over stdio; a stateless HTTP server cannot tell clients apart).
    pub enabled_by_client: bool,
    /// The most tokens the tool list may take, the dynamic tools and every toolset enabled
    /// counted (`--token-budget`).
    pub budget: usize,
}

impl Catalog {
    /// The catalogue of `api`'s tools; the dynamic tools declare their hints in `style`.
    /// `listed_at_start` says whether toolsets are listed from the start (`--toolset`).
    pub fn new(
        api: &ApiCaller,
        style: HintStyle,
        toolsets: ToolsetPolicy,
        listed_at_start: bool,
    ) -> Catalog {
        let mut by_tag: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for tool in api.tools() {
            for tag in &tool.meta.tags {
                by_tag
                    .entry(tag.clone())
                    .or_default()
                    .push(tool.name.clone());
            }
        }
        // Counted only where a toolset may be listed, and only the tools of one.
        let counted = toolsets.enabled_by_client || listed_at_start;
        let tokens: HashMap<String, usize> = api
            .tools()
            .filter(|tool| counted && !tool.meta.tags.is_empty())
            .map(|tool| (tool.name.clone(), openapi2mcp_core::tokens::count(tool)))
            .collect();
        let sizes = toolsets.enabled_by_client.then(|| {
            by_tag
                .iter()
                .map(|(tag, names)| {
                    (
                        tag.as_str(),
                        names.len(),
                        names.iter().map(|n| tokens[n]).sum(),
                    )
                })
                .collect::<Vec<_>>()
        });
        let tools = dynamic_tools(api.tools().count(), sizes.as_deref(), style);
        Catalog {
            index: OperationIndex::new(api.tools()),
            toolsets: by_tag,
            tokens,
            tools,
            budget: toolsets.budget,
        }
    }

    /// The dynamic tools, as `tools/list` shows them.
    pub fn tools(&self) -> &[Tool] {
        &self.tools
    }

    /// Whether `name` is one of the dynamic tools.
    pub fn is_dynamic_tool(&self, name: &str) -> bool {
        self.tools.iter().any(|t| t.name == name)
    }

    /// The names of a toolset's tools, if the API has that toolset.
    pub fn toolset(&self, name: &str) -> Option<&[String]> {
        self.toolsets.get(name).map(Vec::as_slice)
    }

    /// The toolset `enable_toolset`'s arguments name, with its tools, when `enabled` are
    /// enabled already; an error naming the closest toolset when there is none of that name,
    /// or saying how big it is when the list with it would pass the budget.
    pub fn toolset_to_enable(
        &self,
        arguments: Option<Map<String, Value>>,
        enabled: &BTreeSet<String>,
    ) -> Result<(String, Vec<String>), String> {
        let NameArgument { name } = parse(Value::Object(arguments.unwrap_or_default()))?;
        let Some(tools) = self.toolset(&name) else {
            return Err(unknown_toolset(
                &name,
                self.toolsets.keys().map(String::as_str),
            ));
        };
        let mut with_it = enabled.clone();
        with_it.insert(name.clone());
        self.within_budget(&with_it)
            .map_err(|listed| self.over_budget(&name, listed))?;
        Ok((name, tools.to_vec()))
    }

    /// Whether the list with the toolsets `enabled` stays within the budget; else its size
    /// in tokens.
    pub fn within_budget(&self, enabled: &BTreeSet<String>) -> Result<(), usize> {
        let listed: BTreeSet<&String> = enabled
            .iter()
            .filter_map(|name| self.toolset(name))
            .flatten()
            .collect();
        let dynamic: usize = self.tools.iter().map(openapi2mcp_core::tokens::count).sum();
        let size = dynamic + listed.iter().map(|name| self.tokens[*name]).sum::<usize>();
        if size <= self.budget {
            Ok(())
        } else {
            Err(size)
        }
    }

    /// What is said of a toolset that would make the list `listed` tokens, over the budget.
    pub fn over_budget(&self, name: &str, listed: usize) -> String {
        let tools = self.toolset(name).unwrap_or_default();
        let size: usize = tools.iter().map(|tool| self.tokens[tool]).sum();
        format!(
            "toolset '{name}' ({}, {} tokens) would make the tool list {} tokens, over the budget of {} (--token-budget); nothing was listed. {SEARCH}, {DESCRIBE} and {CALL} reach its operations without listing them; or serve with --compact, or a larger --token-budget",
            openapi2mcp_core::text::counted(tools.len(), "tool"),
            openapi2mcp_core::text::thousands(size),
            openapi2mcp_core::text::thousands(listed),
            openapi2mcp_core::text::thousands(self.budget),
        )
    }

    /// Runs one of the dynamic tools other than `enable_toolset` (which changes what the
    /// server lists, and so is the server's to run). Returns the outcome and the log line.
    pub async fn call(
        &self,
        api: &ApiCaller,
        tool: &str,
        arguments: Option<Map<String, Value>>,
    ) -> (Outcome, String) {
        let arguments = Value::Object(arguments.unwrap_or_default());
        match tool {
            SEARCH => match parse::<SearchArguments>(arguments) {
                Ok(SearchArguments { query, limit }) => {
                    let limit = limit.unwrap_or(DEFAULT_RESULTS).clamp(1, MAX_RESULTS) as usize;
                    let found = self.search(api, &query, limit);
                    let log = format!("{SEARCH}: '{query}': {} found", found.len());
                    (structured(json!({ "operations": found })), log)
                }
                Err(message) => refused(tool, message),
            },
            DESCRIBE => match parse::<NameArgument>(arguments) {
                Ok(NameArgument { name }) => match self.operation(api, &name) {
                    Ok(found) => {
                        let mut definition =
                            serde_json::to_value(found).expect("a tool serializes");
                        if let Some(object) = definition.as_object_mut() {
                            object.remove("_meta");
                            object.insert("annotations".into(), every_hint(found));
                        }
                        (structured(definition), format!("{DESCRIBE}: {name}"))
                    }
                    Err(message) => refused(tool, message),
                },
                Err(message) => refused(tool, message),
            },
            CALL | CALL_READ_ONLY => match parse::<CallArguments>(arguments) {
                Ok(CallArguments { name, arguments }) => {
                    let found = match self.operation(api, &name) {
                        Ok(found) => found,
                        Err(message) => return refused(tool, message),
                    };
                    if tool == CALL_READ_ONLY {
                        if let Some(why) = not_read_only(found) {
                            return refused(tool, why);
                        }
                    }
                    let (outcome, log) = api.call(&name, arguments).await;
                    (outcome, format!("{tool}: {log}"))
                }
                Err(message) => refused(tool, message),
            },
            _ => refused(tool, format!("no dynamic tool named '{tool}'")),
        }
    }

    /// What `call_operation` asks the person before it calls the operation its arguments
    /// name, when that operation is not known to be read-only (as `call_read_only_operation`
    /// decides): the operation's name, method, path and all four hints. `None` for one it
    /// calls without asking, or arguments it will refuse anyway.
    pub fn confirmation(&self, api: &ApiCaller, arguments: &Map<String, Value>) -> Option<String> {
        let name = arguments.get("name")?.as_str()?;
        let tool = api.tool(name)?;
        not_read_only(tool)?;
        let binding = tool.binding()?;
        let hints: Vec<String> = HintKind::ALL
            .into_iter()
            .map(|kind| format!("{} {}", kind.key(), tool.annotations.effective(kind)))
            .collect();
        Some(format!(
            "Call '{name}' ({} {})? Its hints: {}. Nothing is sent unless you accept.",
            binding.method,
            binding.path,
            hints.join(", ")
        ))
    }

    /// The operations that best match `query`, as search results.
    fn search(&self, api: &ApiCaller, query: &str, limit: usize) -> Vec<Value> {
        let tools: Vec<&Tool> = api.tools().collect();
        self.index
            .search(query, limit)
            .into_iter()
            .map(|i| {
                let tool = tools[i];
                let mut result = Map::new();
                result.insert("name".into(), tool.name.clone().into());
                if let Some(title) = tool.display_title() {
                    result.insert("title".into(), title.into());
                }
                if let Some(summary) = summary(tool) {
                    result.insert("summary".into(), summary.into());
                }
                result.insert("annotations".into(), every_hint(tool));
                let read_only = tool.binding().is_some_and(|b| b.read_only_verified);
                result.insert("callReadOnly".into(), read_only.into());
                result.insert(
                    "tokens".into(),
                    openapi2mcp_core::tokens::count(tool).into(),
                );
                Value::Object(result)
            })
            .collect()
    }

    /// An operation by its tool name, or an error naming the closest one.
    fn operation<'a>(&self, api: &'a ApiCaller, name: &str) -> Result<&'a Tool, String> {
        api.tool(name).ok_or_else(|| {
            format!(
                "no operation named '{name}'{}; {SEARCH} finds operations by what they do",
                openapi2mcp_core::text::did_you_mean(name, api.tools().map(|t| t.name.as_str()))
            )
        })
    }
}

/// Fails on a toolset that no tool has, naming the closest one.
pub fn check_toolsets<'t>(
    tools: impl IntoIterator<Item = &'t Tool>,
    toolsets: &[String],
) -> openapi2mcp_core::error::Result<()> {
    let known: BTreeSet<&str> = tools
        .into_iter()
        .flat_map(|t| t.meta.tags.iter().map(String::as_str))
        .collect();
    match toolsets.iter().find(|t| !known.contains(t.as_str())) {
        Some(unknown) => Err(openapi2mcp_core::error::Error::new(
            openapi2mcp_core::error::ErrorKind::Usage,
            format!(
                "--toolset: {}",
                unknown_toolset(unknown, known.iter().copied())
            ),
        )),
        None => Ok(()),
    }
}

/// What is said of a toolset the API lacks.
fn unknown_toolset<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    format!(
        "no toolset '{name}'{}",
        openapi2mcp_core::text::did_you_mean(name, known)
    )
}

/// Why `call_read_only_operation` refuses `tool`, if it does: it calls only a tool whose
/// hints say read-only and that convert verified read-only (`readOnlyVerified`).
fn not_read_only(tool: &Tool) -> Option<String> {
    let Some(binding) = tool.binding() else {
        return Some(format!("'{}' has no HTTP binding", tool.name));
    };
    let read_only = tool.annotations.effective(HintKind::ReadOnly);
    // A manifest may be old or edited: a DELETE is never taken as read-only.
    let removes = binding.method.removes();
    if read_only && binding.read_only_verified && !removes {
        return None;
    }
    let why = if !read_only {
        "its hints do not say read-only".to_string()
    } else if removes {
        format!("{} removes, whatever its hints say", binding.method)
    } else if !binding.method.is_safe() {
        format!(
            "{} is not a safe method, and no person reviewed it as read-only",
            binding.method
        )
    } else {
        "convert did not find it read-only for certain (`--read-only -v` on the same input says why)".into()
    };
    Some(format!(
        "'{}' ({} {}) is not known to be read-only: {why}. Nothing was sent; {CALL} calls it, with the client's confirmation",
        tool.name, binding.method, binding.path
    ))
}

/// A tool's annotations with all four hints stated, whatever `--hints` says: a model reads
/// these, not a client, and an absent hint reads as "nothing to worry about" where MCP
/// means its cautious default.
fn every_hint(tool: &Tool) -> Value {
    let annotations = &tool.annotations;
    let explicit = hints::annotations(
        annotations.effective_all(),
        annotations.title.clone(),
        HintStyle::Explicit,
    );
    serde_json::to_value(explicit).expect("annotations serialize")
}

/// A tool's summary in one sentence: the first of its description that is more than its
/// title.
fn summary(tool: &Tool) -> Option<String> {
    let title = tool.display_title();
    tool.description
        .as_deref()?
        .split("\n\n")
        .map(first_sentence)
        .find(|sentence| !sentence.is_empty() && Some(sentence.as_str()) != title)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SearchArguments {
    query: String,
    limit: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NameArgument {
    name: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CallArguments {
    name: String,
    arguments: Option<Map<String, Value>>,
}

fn parse<T: serde::de::DeserializeOwned>(arguments: Value) -> Result<T, String> {
    serde_json::from_value(arguments).map_err(|e| format!("invalid arguments: {e}"))
}

fn structured(value: Value) -> Outcome {
    Outcome {
        text: value.to_string(),
        is_error: false,
        structured: Some(value),
        response: None,
        media: None,
    }
}

fn refused(tool: &str, message: String) -> (Outcome, String) {
    let log = format!("{tool}: {message}");
    (Outcome::error(message), log)
}

/// The dynamic tools for an API of `count` operations; `enable_toolset` when a client may
/// enable a toolset, of those in `toolsets` (each with its tools' count and tokens). Their
/// hints:
/// searching and describing read nothing but the catalogue (read-only, closed world);
/// `call_read_only_operation` is read-only; `call_operation` keeps every MCP default
/// (it may destroy, and a repeat may act twice); enabling a toolset changes only what is
/// listed.
fn dynamic_tools(
    count: usize,
    toolsets: Option<&[(&str, usize, usize)]>,
    style: HintStyle,
) -> Vec<Tool> {
    let name = json!({"type": "string", "description": format!("The operation's name, as {SEARCH} gives it.")});
    let mut tools = vec![
        tool(
            SEARCH,
            "Search operations",
            format!("Find the API's operations ({count} in all) that do what you describe, best first: each with its name, title, one-line summary, hints, whether {CALL_READ_ONLY} takes it, and its size in tokens. Then {DESCRIBE} gives its arguments."),
            json!({"type": "object", "properties": {
                "query": {"type": "string", "description": "What you want to do, in words: \"list the open issues of a repository\"."},
                "limit": {"type": "integer", "minimum": 1, "maximum": MAX_RESULTS, "description": format!("How many operations to return (default {DEFAULT_RESULTS}).")},
            }, "required": ["query"], "additionalProperties": false}),
            [true, false, false, false],
            style,
        ),
        tool(
            DESCRIBE,
            "Describe an operation",
            "An operation's whole tool definition: its description, its inputSchema (the arguments it takes) and its hints.".into(),
            json!({"type": "object", "properties": {"name": name}, "required": ["name"], "additionalProperties": false}),
            [true, false, false, false],
            style,
        ),
        tool(
            CALL_READ_ONLY,
            "Call a read-only operation",
            format!("Call an operation that only reads: its method is safe, its hints say read-only and nothing in the spec says it acts, or a person reviewed it as read-only. Any other operation is refused, with nothing sent: call it with {CALL}."),
            call_schema(&name),
            [true, false, false, true],
            style,
        ),
        tool(
            CALL,
            "Call an operation",
            "Call any operation of the API, with arguments that its inputSchema allows. It may change or delete data, and calling it twice may act twice: confirm first.".into(),
            call_schema(&name),
            HintKind::ALL.map(HintKind::default_value),
            style,
        ),
    ];
    if let Some(toolsets) = toolsets.filter(|toolsets| !toolsets.is_empty()) {
        let names: Vec<&str> = toolsets.iter().map(|(name, _, _)| *name).collect();
        let sizes: Vec<String> = toolsets
            .iter()
            .map(|(name, count, tokens)| {
                format!(
                    "{name} ({count}, {})",
                    openapi2mcp_core::text::thousands(*tokens)
                )
            })
            .collect();
        tools.push(tool(
            ENABLE_TOOLSET,
            "Enable a toolset",
            "List the tools of one part of the API (an OpenAPI tag), each with its own hints, beside these; the server says the tool list changed. One that would make the list larger than the server's token budget is refused.".into(),
            json!({"type": "object", "properties": {"name": {"type": "string", "enum": names, "description": format!("The toolset; each with its tools and their size in tokens: {}.", sizes.join(", "))}}, "required": ["name"], "additionalProperties": false}),
            [false, false, true, false],
            style,
        ));
    }
    tools
}

fn call_schema(name: &Value) -> Value {
    json!({"type": "object", "properties": {
        "name": name,
        "arguments": {"type": "object", "description": format!("The operation's arguments, as its inputSchema ({DESCRIBE}) says.")},
    }, "required": ["name"], "additionalProperties": false})
}

/// One dynamic tool with these hint values, in [`HintKind::ALL`] order.
fn tool(
    name: &str,
    title: &str,
    description: String,
    input_schema: Value,
    hints: [bool; 4],
    style: HintStyle,
) -> Tool {
    let mut tool = Tool::new(name, input_schema);
    tool.title = Some(title.into());
    tool.description = Some(description);
    tool.annotations = hints::annotations(hints, None, style);
    tool
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A manifest written before DELETEs were never verified read-only, or edited, is not
    /// taken on its word.
    #[test]
    fn a_delete_is_never_called_as_read_only() {
        let tool = |method: &str| -> Tool {
            serde_json::from_value(serde_json::json!({
                "name": "t", "inputSchema": {"type": "object"},
                "annotations": {"readOnlyHint": true},
                "_meta": {"openapi2mcp/http": {"method": method, "path": "/x", "readOnlyVerified": true}}
            }))
            .unwrap()
        };
        assert_eq!(not_read_only(&tool("GET")), None);
        let why = not_read_only(&tool("DELETE")).expect("refused");
        assert!(
            why.contains("DELETE removes, whatever its hints say"),
            "{why}"
        );
    }
}
