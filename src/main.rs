use std::process::ExitCode;

fn main() -> ExitCode {
    openapi2mcp::cli::main()
}
