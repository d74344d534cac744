//! `undercroft serve`: arguments, then the library's server.

use std::net::IpAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use undercroft::serve::{Options, Server, DEFAULT_PORT};

#[derive(clap::Args)]
pub struct Args {
    /// The rule file, e.g. rules/diablo/cathedral.ron.
    rules: PathBuf,
    /// The port (0 picks a free one).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    port: u16,
    /// Open the page in the default browser.
    #[arg(long)]
    open: bool,
    /// The address to listen on. Anything but loopback also needs --allow-remote.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// Allow a non-loopback --host: anyone who can reach the address can use the server.
    #[arg(long)]
    allow_remote: bool,
    /// The gallery's first seed.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = super::run_args::parse_seed)]
    seed: u64,
    /// How many seeds the gallery shows (4..=64).
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(4..=64))]
    count: u32,
    /// --param NAME=VALUE (repeatable); change them live on the page.
    #[arg(long = "param", short = 'p', value_name = "NAME=VALUE")]
    params: Vec<String>,
    /// Milliseconds a save must be quiet before it is reloaded.
    #[arg(long, default_value_t = 15)]
    debounce_ms: u64,
}

pub fn run(a: Args) -> ExitCode {
    let params = match super::common::parse_params(&a.params) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut opts = Options::new(&a.rules);
    opts.host = a.host;
    opts.port = a.port;
    opts.allow_remote = a.allow_remote;
    opts.first = a.seed;
    opts.count = a.count;
    opts.params = params;
    opts.quiet = std::time::Duration::from_millis(a.debounce_ms);
    let server = match Server::start(opts) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if !server.addr().ip().is_loopback() {
        eprintln!(
            "warning: listening on {} — not loopback: anyone who can reach this address can \
             use the server and read the files of the rule set's folder",
            server.addr()
        );
    }
    outln!("undercroft serve: {} (ctrl-c stops)", server.url());
    if a.open {
        open_browser(&server.url());
    }
    server.wait();
    ExitCode::SUCCESS
}

/// Best effort: the desktop's opener.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener)
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
    {
        eprintln!("warning: cannot open a browser ({opener}: {e}); open {url} yourself");
    }
}
