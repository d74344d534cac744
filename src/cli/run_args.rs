//! Arguments shared by the commands that generate many seeds (`stats`, `lint`, `search`),
//! flattened into each command's own arguments so they read and behave the same.

/// Which seeds: `--count` consecutive seeds from `--seed`.
#[derive(clap::Args, Debug, Clone)]
pub struct SeedRange {
    /// How many seeds (at least 1).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,
    /// The first seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// How each seed is generated: parameters and a time limit.
#[derive(clap::Args, Debug, Clone)]
pub struct Generation {
    /// --param NAME=VALUE (repeatable).
    #[arg(long = "param", short = 'p', value_name = "NAME=VALUE")]
    pub params: Vec<String>,
    /// Stop a generation that runs longer than SECONDS (checked after every operator
    /// step, at every Retry restart and inside long loops); the error says where it was,
    /// and the exit status is non-zero.
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout)]
    pub timeout: Option<f64>,
}

/// Parse `--timeout`: seconds, a positive number.
pub(crate) fn parse_timeout(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(v) if v > 0.0 && v.is_finite() && v <= 1e9 => Ok(v),
        _ => Err(format!("expected a number of seconds above 0, found `{s}`")),
    }
}
