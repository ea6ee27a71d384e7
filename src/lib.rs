//! openapi2mcp turns an OpenAPI document into Model Context Protocol tools.
//!
//! The pipeline, one module per stage, data flowing one way:
//! [`load`] (read, parse, resolve references) -> [`model`] (the operations, whatever the
//! OpenAPI version) -> [`convert`] (names, input schemas via [`schema`], hints) ->
//! [`manifest`], [`review`], [`lint`] and [`verify`] (what is emitted). Every tool is a
//! [`tool::Tool`] with its HTTP binding: the contract that convert writes and every other
//! command reads; [`http::Method`] says what each HTTP method means. With the `serve`
//! feature, `serve` calls the API behind the tools and `mcp::server` serves them over MCP;
//! with `client`, `mcp::client` reads what a running server lists.
//!
//! Converting a spec takes a few lines:
//!
//! ```
//! use openapi2mcp::convert::Options;
//! use openapi2mcp::{load, manifest, pipeline};
//!
//! let spec = r#"{"openapi": "3.1.0", "info": {"title": "Pets", "version": "1"},
//!   "paths": {"/pets/{id}": {"get": {"operationId": "getPet", "summary": "Get a pet",
//!     "parameters": [{"name": "id", "in": "path", "required": true,
//!                     "schema": {"type": "string"}}]}}}}"#;
//! let spec = load::load_bytes("pets.json", spec.as_bytes().to_vec())?;
//! let conversion = pipeline::convert_spec(&spec, &Options::default())?;
//! let tool = &conversion.tools[0].tool;
//! assert_eq!(tool.name, "get_pet");
//! assert_eq!(tool.annotations.read_only_hint, Some(true));
//! let text = manifest::render(conversion.tools.iter().map(|c| &c.tool));
//! assert!(text.starts_with("{\n  \"tools\": ["));
//! # Ok::<(), openapi2mcp::error::Error>(())
//! ```
//!
//! The default features build the command line too; `default-features = false` leaves the
//! library that loads, converts, lints and reviews, with no async runtime, HTTP client or
//! MCP SDK in its dependency tree.

pub mod config;
pub mod convert;
pub mod error;
pub mod escape;
#[cfg(feature = "fetch")]
pub mod fetch;
pub mod hints;
pub mod http;
pub mod lint;
pub mod load;
pub mod manifest;
#[cfg(feature = "mcp")]
pub mod mcp;
pub mod model;
pub mod options;
pub mod output;
pub mod pattern;
pub mod pipeline;
pub mod review;
pub mod schema;
pub mod search;
#[cfg(feature = "serve")]
pub mod serve;
pub mod text;
#[cfg(any(feature = "mcp", feature = "fetch"))]
mod tls;
pub mod tokens;
pub mod tool;
pub mod verify;
mod words;
