//! The `openapi2mcp` command: the library's stages wired into commands (see `cli`).

mod cli;

use std::process::ExitCode;

/// Converting a large spec makes and frees millions of small strings and JSON values: with
/// glibc's allocator the 100 MB spec of `cargo bench` took a fifth longer (musl's, which
/// the static Linux release links, was not measured).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    cli::main()
}
