//! openapi2mcp turns an OpenAPI document into Model Context Protocol tools.
//!
//! The pipeline, one module per stage, data flowing one way: [`load`] (read, parse,
//! resolve references) -> the model (the operations, whatever the OpenAPI version; private)
//! -> [`convert`] (names, input schemas via [`schema`], [`hints`]) -> [`manifest`],
//! [`review`], [`lint`] and [`verify`] (what is emitted); [`pipeline`] joins them, and is
//! where every command reads tools from any input. Every tool is a [`tool::Tool`] with its
//! HTTP binding: the contract that convert writes and every other command reads;
//! [`http::Method`] says what each HTTP method means. The crate `openapi2mcp-serve` calls
//! the API behind the tools and serves them over MCP.
//!
//! The public surface is these stages and the pieces around them ([`options`] and
//! [`config`] for settings, [`error`], [`output`] for files written whole, [`search`],
//! [`tokens`], [`text`], [`escape`], [`pattern`]); how a stage works inside (the model, the
//! evidence behind a hint and its word lists, naming, the parts of a schema's walk) is
//! private.
//!
//! Converting a spec takes a few lines:
//!
//! ```
//! use openapi2mcp_core::convert::Options;
//! use openapi2mcp_core::{load, manifest, pipeline};
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
//! # Ok::<(), openapi2mcp_core::error::Error>(())
//! ```
//!
//! It loads, converts, lints and reviews with no async runtime, HTTP client or MCP SDK in
//! its dependency tree; the `clap` feature derives the options' command-line flags.

// The surface is deliberate: every public item documented, and no private type reachable
// through a public one (a type a user would meet but could not name).
#![deny(missing_docs, unnameable_types)]

pub mod config;
pub mod convert;
pub mod error;
pub mod escape;
pub mod hints;
pub mod http;
pub mod lint;
pub mod load;
pub mod manifest;
mod model;
pub mod options;
pub mod output;
pub mod pattern;
pub mod pipeline;
pub mod review;
pub mod schema;
pub mod search;
pub mod text;
pub mod tokens;
pub mod tool;
pub mod verify;
mod words;
