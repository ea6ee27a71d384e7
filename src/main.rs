//! The `openapi2mcp` command: the library's stages wired into commands (see `cli`).

mod cli;

use std::process::ExitCode;

/// Converting a large spec makes and frees millions of small strings and JSON values: with
/// glibc's allocator the 100 MB spec of `cargo bench` took a fifth longer, and musl's,
/// which the static Linux release links, is slower at this than glibc's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    cli::main()
}
