//! openapi2mcp turns an OpenAPI document into Model Context Protocol tools.
//!
//! The pipeline, one module per stage, data flowing one way:
//! [`load`] (read, parse, resolve references) -> [`model`] (the operations, whatever the
//! OpenAPI version) -> [`convert`] (names, input schemas via [`schema`], hints) ->
//! [`manifest`], [`review`], [`lint`] and [`verify`] (what is emitted; [`mcp`] speaks to
//! servers). [`cli`] wires the stages into commands.

pub mod cli;
pub mod config;
pub mod convert;
pub mod error;
pub mod hints;
pub mod lint;
pub mod load;
pub mod manifest;
pub mod mcp;
pub mod model;
pub mod pipeline;
pub mod review;
pub mod schema;
pub mod serve;
pub mod tls;
pub mod verify;
