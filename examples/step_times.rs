//! Time spent per step of a rule set (each step's time includes the control steps before
//! it): `cargo run --release --example step_times -- RULES LEVEL SEEDS` (LEVEL 0 = no param).
use std::collections::BTreeMap;
use std::time::Instant;
use undercroft::engine::{State, StepLabel};
use undercroft::interpreter::Observer;
use undercroft::{Params, RuleSet};

struct T {
    last: Instant,
    by: BTreeMap<String, (f64, u64)>,
}
impl Observer for T {
    fn after_step(&mut self, l: &StepLabel, _: &State) {
        let now = Instant::now();
        let e = self.by.entry(format!("{} {}", l.kind, l.at)).or_default();
        e.0 += (now - self.last).as_secs_f64();
        e.1 += 1;
        self.last = now;
    }
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let rs = RuleSet::load(&a[1]).unwrap();
    let level: u32 = a[2].parse().unwrap();
    let n: u64 = a[3].parse().unwrap();
    let params = if level > 0 {
        Params::new().set("level", level)
    } else {
        Params::new()
    };
    let values = rs.resolve_params(&params).unwrap();
    let mut t = T {
        last: Instant::now(),
        by: BTreeMap::new(),
    };
    let start = Instant::now();
    for s in 0..n {
        t.last = Instant::now();
        rs.run(s, &values, &mut t).unwrap();
    }
    let total = start.elapsed().as_secs_f64();
    let mut v: Vec<_> = t.by.into_iter().collect();
    v.sort_by(|a, b| b.1 .0.partial_cmp(&a.1 .0).unwrap());
    println!("total {:.1} µs per level", total * 1e6 / n as f64);
    for (k, (secs, c)) in v.iter().take(15) {
        println!("{:8.1} µs/level {:8} calls  {k}", secs * 1e6 / n as f64, c);
    }
}
