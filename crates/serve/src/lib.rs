//! openapi2mcp's tools at work: [`serve`] calls the API behind each tool (the request its
//! binding describes, the credentials from the environment, retries only where safe), and
//! [`mcp::server`] serves the tools over MCP with the official Rust SDK; [`mcp::client`]
//! reads what a running server lists (`verify`, `lint --url`); [`fetch`] downloads a spec
//! by URL for `openapi2mcp_core::load`. The tools come from `openapi2mcp-core`, which
//! this crate reads and never changes.
//!
//! Calling a converted tool against the real API (here not run: it would send a request):
//!
//! ```no_run
//! use std::time::Duration;
//!
//! use openapi2mcp_core::convert::Options;
//! use openapi2mcp_core::{load, pipeline};
//! use openapi2mcp_serve::serve::{ApiCaller, CallSettings};
//! use serde_json::json;
//!
//! # async fn call() -> openapi2mcp_core::error::Result<()> {
//! let spec = load::load_bytes("pets.yaml", std::fs::read("pets.yaml").unwrap())?;
//! let conversion = pipeline::convert_spec(&spec, &Options::default())?;
//! let tools = conversion.tools.into_iter().map(|c| c.tool).collect();
//! let settings = CallSettings {
//!     base_url: None, // the spec's server URL
//!     timeout: Duration::from_secs(30),
//!     retries: 2, // only where a retry is safe
//!     max_response_bytes: 1 << 20,
//! };
//! // Each security scheme's secret from OPENAPI2MCP_AUTH_<SCHEME>.
//! let api = ApiCaller::new(tools, settings, &|name| std::env::var(name).ok())?;
//! let arguments = json!({"petId": 7}).as_object().cloned();
//! let (outcome, log) = api.call("get_pet_by_id", arguments).await;
//! println!("{log}\n{}", outcome.text);
//! # Ok(())
//! # }
//! ```

// As the core: every public item documented, no private type reachable through one.
#![deny(missing_docs, unnameable_types)]

pub mod fetch;
pub mod mcp;
pub mod serve;
mod tls;
