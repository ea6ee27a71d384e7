//! The `openapi2mcp` command: the library's stages wired into commands (see `cli`).

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::main()
}
