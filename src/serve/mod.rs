//! The browser preview (`undercroft serve`): a local HTTP server that runs the engine and a
//! page, embedded in the binary, that draws what it sends — a gallery of seeds, one dungeon
//! with hover details, parameter and seed controls, the trace stepper, the diagnostics of a
//! broken save, and the `stats` summary of the gallery.
//!
//! The rule files are watched and reloaded by the terminal preview's loop
//! ([`crate::preview::runner`]: debounce, last good kept); each new result is pushed to every
//! open page as a server-sent event.
//!
//! Safety: the server listens on loopback unless told otherwise *and* given
//! `allow_remote`; it serves its own page and the files inside the rule set's folder
//! ([`paths`]), and refuses every other path; it answers only requests from its own page
//! ([`guard`]); every request is bounded in size, time and number ([`conn`]), every
//! generation in time ([`Options::budget`]) and a trace in memory
//! ([`trace`]).

pub mod conn;
pub mod delta;
pub mod download;
pub mod guard;
pub mod http;
pub mod model;
pub mod paths;
pub mod reply;
pub mod state;
pub mod summary;
pub mod trace;
pub mod view;

use crate::preview::runner::Runner;
use crate::ruleset::Params;
use paths::Folder;
use state::{Cx, Gallery, Shared};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The default port of `undercroft serve`.
pub const DEFAULT_PORT: u16 = 7315;

/// How the server is started.
#[derive(Debug, Clone)]
pub struct Options {
    /// The rule file.
    pub rules: PathBuf,
    /// The address to listen on (loopback by default).
    pub host: IpAddr,
    /// 0 picks a free port.
    pub port: u16,
    /// Needed to listen on anything but loopback.
    pub allow_remote: bool,
    /// The gallery's first seed and number of seeds.
    pub first: u64,
    /// How many seeds the gallery shows (4..=64).
    pub count: u32,
    /// Parameters given at start (`--param`).
    pub params: Params,
    /// Debounce of saves.
    pub quiet: Duration,
    /// The longest one generation may take (a dungeon of the gallery, a trace page).
    pub budget: Duration,
    /// Most connections open at once.
    pub max_connections: usize,
    /// How long a client may take to send one request.
    pub request_timeout: Duration,
}

impl Options {
    /// Loopback, [`DEFAULT_PORT`], seeds 1..=16, default parameters, the default limits
    /// ([`state::BUDGET`], [`conn::MAX_CONNECTIONS`], [`conn::READ_TIMEOUT`]).
    pub fn new(rules: impl Into<PathBuf>) -> Options {
        Options {
            rules: rules.into(),
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: DEFAULT_PORT,
            allow_remote: false,
            first: 1,
            count: 16,
            params: Params::new(),
            quiet: Duration::from_millis(30),
            budget: state::BUDGET,
            max_connections: conn::MAX_CONNECTIONS,
            request_timeout: conn::READ_TIMEOUT,
        }
    }
}

/// A running server; dropping it stops it.
pub struct Server {
    addr: SocketAddr,
    listener: conn::Listener,
    cx: Arc<Cx>,
}

impl Server {
    /// Load the rule set, start watching it and listen.
    ///
    /// # Errors
    /// A non-loopback address without `allow_remote`, a missing rule file, a port in use,
    /// file watching that cannot start.
    pub fn start(opts: Options) -> Result<Server, String> {
        if !opts.host.is_loopback() && !opts.allow_remote {
            return Err(format!(
                "refusing to listen on {} (not loopback): anyone who can reach it could use the \
                 server; pass --allow-remote to do it anyway",
                opts.host
            ));
        }
        if !(state::MIN_SEEDS..=state::MAX_SEEDS).contains(&opts.count) {
            return Err(format!(
                "the gallery shows {}..={} seeds, not {}",
                state::MIN_SEEDS,
                state::MAX_SEEDS,
                opts.count
            ));
        }
        if !opts.rules.is_file() {
            return Err(format!("cannot read rule file {}", opts.rules.display()));
        }
        let folder =
            Folder::of_rules(&opts.rules).map_err(|e| format!("{}: {e}", opts.rules.display()))?;
        let sock = std::net::TcpListener::bind(SocketAddr::new(opts.host, opts.port))
            .map_err(|e| format!("cannot listen on {}:{}: {e}", opts.host, opts.port))?;
        let addr = sock
            .local_addr()
            .map_err(|e| format!("the server has no address: {e}"))?;
        let first = Gallery {
            first: opts.first,
            count: opts.count,
            shown: opts.params.clone(),
            params: opts.params.clone(),
            layer: None,
        };
        let shared = Arc::new(Shared::new(folder, first.clone(), opts.budget));
        let runner = {
            let shared = shared.clone();
            Runner::start(&opts.rules, opts.quiet, first, move |ev| {
                state::handle(&shared, ev)
            })
            .map_err(|e| format!("cannot watch the rule files: {e}"))?
        };
        let port = addr.port();
        let mut hosts = vec![format!("localhost:{port}"), format!("{addr}")];
        if addr.ip().is_loopback() {
            hosts.push(format!("127.0.0.1:{port}"));
            hosts.push(format!("[::1]:{port}"));
        }
        let cx = Arc::new(Cx {
            shared,
            runner: Mutex::new(runner),
            hosts,
            allow_remote: opts.allow_remote,
            token: guard::new_token(),
        });
        let listener = {
            let cx = cx.clone();
            let limits = conn::Limits {
                connections: opts.max_connections,
                request_time: opts.request_timeout,
            };
            conn::Listener::start(sock, limits, move |rq| http::serve(&cx, rq))
                .map_err(|e| format!("cannot listen on {addr}: {e}"))?
        };
        Ok(Server { addr, listener, cx })
    }

    /// The address listened on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://ADDR/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// The shared state (for tests and the command line).
    pub fn shared(&self) -> &Arc<Shared> {
        &self.cx.shared
    }

    /// This run's token, which the page sends with every request to the API ([`guard`]).
    pub fn token(&self) -> &str {
        &self.cx.token
    }

    /// Connections open now.
    pub fn connections(&self) -> usize {
        self.listener.open()
    }

    /// Serve until the process ends.
    pub fn wait(mut self) {
        self.listener.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.cx.shared.close();
    }
}
