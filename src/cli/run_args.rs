//! Arguments shared by the commands that generate many seeds (`stats`, `lint`, `search`),
//! flattened into each command's own arguments so they read and behave the same.

/// Which seeds: `--count` consecutive seeds from `--seed`.
#[derive(clap::Args, Debug, Clone)]
pub struct SeedRange {
    /// How many seeds (at least 1).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,
    /// The first seed.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = parse_seed)]
    pub seed: u64,
}

impl SeedRange {
    /// [`check_seed_range`] of these seeds.
    pub(crate) fn check(&self) -> Result<(), std::process::ExitCode> {
        check_seed_range(self.seed, self.count)
    }
}

/// Parse a seed: a whole number 0..=18446744073709551615 (`-1` is read as a value, so the
/// error says what a seed is rather than suggesting `-- -1`).
pub(crate) fn parse_seed(s: &str) -> Result<u64, String> {
    s.trim()
        .parse::<u64>()
        .map_err(|_| format!("a seed is a whole number 0..={}, found `{s}`", u64::MAX))
}

/// Refuse `--seed S --count N` (N at least 1) whose last seed would pass the largest seed:
/// the run would make fewer dungeons than asked. Exit status 2, the error saying the most
/// `--count` can be.
pub(crate) fn check_seed_range(seed: u64, count: u64) -> Result<(), std::process::ExitCode> {
    if seed.checked_add(count.saturating_sub(1)).is_some() {
        return Ok(());
    }
    eprintln!(
        "error: --seed {seed} --count {count} goes past the largest seed, {}: give --count {} \
         or less, or an earlier --seed",
        u64::MAX,
        u64::MAX - seed + 1
    );
    Err(std::process::ExitCode::from(2))
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
        _ => Err(format!(
            "expected a number of seconds above 0 and at most 1000000000, found `{s}`"
        )),
    }
}
