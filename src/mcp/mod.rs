//! Speaking MCP with the official Rust SDK (`rmcp`): the client that `verify` and
//! `lint --server` use to read what a running server lists, and the server of `serve`.

#[cfg(feature = "client")]
pub mod client;
#[cfg(feature = "serve")]
pub mod http;
#[cfg(feature = "serve")]
pub mod server;
