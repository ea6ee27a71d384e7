//! Speaking MCP with the official Rust SDK (`rmcp`): the client that `verify` and
//! `lint --url` use to read what a running server lists, and the server of `serve`.

pub mod client;
mod http;
pub mod server;
