//! Generate many Flash floors in a loop (for profilers): `cargo run --release --example profile_flash -- LEVEL COUNT`.
fn main() {
    let mut args = std::env::args().skip(1);
    let level: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let count: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20000);
    let rs = undercroft::RuleSet::load("rules/isaac/flash.ron").unwrap();
    let values = rs
        .resolve_params(&undercroft::Params::new().set("level", level))
        .unwrap();
    let mut attempts = 0u64;
    for s in 0..count {
        attempts += rs
            .run(s, &values, &mut undercroft::interpreter::NoTrace)
            .unwrap()
            .1 as u64;
    }
    println!(
        "{count} floors, {:.2} restarts per floor",
        attempts as f64 / count as f64
    );
}
