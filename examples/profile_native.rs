//! The hand-written baseline in a loop (for profilers): `cargo run --release --example profile_native -- LEVEL COUNT`.
#[path = "../benches/baseline/flash.rs"]
mod baseline;
fn main() {
    let mut args = std::env::args().skip(1);
    let level: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let count: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20000);
    let (mut attempts, mut rooms) = (0u64, 0u64);
    for s in 0..count {
        let floor = baseline::generate(s, level);
        attempts += floor.attempts as u64;
        rooms += floor.rooms as u64;
    }
    println!(
        "{count} floors, {:.2} rooms and {:.2} restarts per floor",
        rooms as f64 / count as f64,
        attempts as f64 / count as f64
    );
}
