//! The `undercroft` command line (clap front end only: no generation logic here).

fn main() -> std::process::ExitCode {
    undercroft_cli::main()
}

#[path = "cli/mod.rs"]
mod undercroft_cli;
