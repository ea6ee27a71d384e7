//! The integration tests, as one test binary (linked once): one module per part of the
//! tool, and `common` for what they share.

mod common;

mod architecture;
mod cli;
mod convert;
mod corpus;
mod escaping;
mod hints;
mod hostile;
mod lint;
mod pipelines;
mod prism;
mod review;
mod search;
mod serve;
mod serve_clients;
mod verify;
