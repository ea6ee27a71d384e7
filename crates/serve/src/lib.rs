//! openapi2mcp's tools at work: [`serve`] calls the API behind each tool (the request its
//! binding describes, the credentials from the environment, retries only where safe), and
//! [`mcp::server`] serves the tools over MCP with the official Rust SDK; [`mcp::client`]
//! reads what a running server lists (`verify`, `lint --url`); [`fetch`] downloads a spec
//! by URL for `openapi2mcp_core::load`. The tools come from `openapi2mcp-core`, which
//! this crate reads and never changes.

// As the core: every public item documented, no private type reachable through one.
#![deny(missing_docs, unnameable_types)]

pub mod fetch;
pub mod mcp;
pub mod serve;
mod tls;
