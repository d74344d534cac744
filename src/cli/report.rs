//! The text of `stats`: one summary, or two side by side (`--vs`).

use undercroft::stats::aggregate::Aggregate;
use undercroft::stats::compare::{shares, welch, T_MARK};
use undercroft::stats::expr::BUILTIN;
use undercroft::stats::histogram::{bars, sparkline};
use undercroft::stats::{fmt_num, Counts};

fn ranges(a: &Aggregate) -> String {
    let r: Vec<String> = a
        .ranges
        .iter()
        .map(|r| {
            if r[1] == 1 {
                format!("{}", r[0])
            } else {
                format!("{}..{}", r[0], r[0] + r[1] - 1)
            }
        })
        .collect();
    r.join(", ")
}

fn params(a: &Aggregate) -> String {
    if a.params.is_empty() {
        return String::new();
    }
    let p: Vec<String> = a.params.iter().map(|(k, v)| format!("{k}={v}")).collect();
    format!(" ({})", p.join(" "))
}

/// Scalar measures in report order: built-in, then the others without a family.
fn scalars(a: &Aggregate) -> Vec<String> {
    let mut out: Vec<String> = BUILTIN
        .iter()
        .filter(|b| a.measures.contains_key(**b))
        .map(|b| b.to_string())
        .collect();
    for k in a.measures.keys() {
        if !k.contains('.') && !out.contains(k) {
            out.push(k.clone());
        }
    }
    out
}

fn family<'a>(a: &'a Aggregate, prefix: &str) -> Vec<&'a str> {
    a.measures
        .keys()
        .filter_map(|k| k.strip_prefix(prefix))
        .collect()
}

fn row(name: &str, c: &Counts, of: u64) -> String {
    let n = c.n();
    let defined = if n == of {
        String::new()
    } else {
        format!("  (defined in {:.1}%)", 100.0 * n as f64 / of.max(1) as f64)
    };
    format!(
        "  {name:<18} {:>8} {:>8} {:>6} {:>6} {:>6} {:>6}  {}{defined}",
        fmt2(c.mean()),
        fmt2(c.variance().sqrt()),
        fmt_num(c.min()),
        fmt_num(c.quantile(0.5)),
        fmt_num(c.quantile(0.9)),
        fmt_num(c.max()),
        sparkline(c, 16)
    )
}

fn fmt2(v: f64) -> String {
    if v.is_nan() {
        "-".into()
    } else {
        format!("{v:.2}")
    }
}

/// Room shapes listed by `stats`, the most common first; the rest are counted in one line.
const TOP_SHAPES: usize = 10;

/// The report of one summary; `hist`: measures to draw as bar charts.
pub(crate) fn one(a: &Aggregate, hist: &[String]) -> String {
    let mut o = header(a);
    if a.generated == 0 {
        return o;
    }
    o += &measures(a);
    for (title, prefix) in [
        (
            "room kinds (share of dungeons with one, mean count)",
            "kind.",
        ),
        (
            "room shapes (share of dungeons with one, mean count)",
            "shape.",
        ),
        (
            "floor area by tile class (share of dungeons with one, mean tiles)",
            "area.",
        ),
    ] {
        o += &family_section(a, title, prefix);
    }
    o += &lint(a);
    o += &restarts_and_time(a);
    for h in hist {
        o += &histogram(a, h);
    }
    o
}

/// The first line (rule set, parameters, seeds, counts, time) and the failed seeds (the
/// first 100).
fn header(a: &Aggregate) -> String {
    let mut o = format!(
        "{}{}: seeds {}, {} generated, {} failed, {:.2} s wall\n",
        a.ruleset,
        params(a),
        ranges(a),
        a.generated,
        a.failures.len(),
        a.wall_s
    );
    if !a.failures.is_empty() {
        const MAX_LISTED: usize = 100;
        o += "failed seeds:\n";
        for (_, e) in a.failures.iter().take(MAX_LISTED) {
            o += &format!("  {e}\n");
        }
        if a.failures.len() > MAX_LISTED {
            o += &format!("  ... and {} more\n", a.failures.len() - MAX_LISTED);
        }
    }
    o
}

/// The table of the scalar measures (those defined for this style).
fn measures(a: &Aggregate) -> String {
    let mut o = format!(
        "  {:<18} {:>8} {:>8} {:>6} {:>6} {:>6} {:>6}  histogram (min..max)\n",
        "measure", "mean", "sd", "min", "p50", "p90", "max"
    );
    for m in scalars(a) {
        let c = a.counts(&m);
        if c.n() == 0 {
            continue; // never defined for this style (e.g. stairs without markers)
        }
        o += &row(&m, &c, a.generated);
        o += "\n";
    }
    o
}

/// The section of one family of measures (`prefix` `kind.`, `shape.` or `area.`): per
/// member the share of dungeons with one and the mean; shapes the most common first (the
/// long tail as one line); room kinds never given listed apart, with the tallies that
/// turned the themes among them down.
fn family_section(a: &Aggregate, title: &str, prefix: &str) -> String {
    let names = family(a, prefix);
    if names.is_empty() {
        return String::new();
    }
    let mut o = format!("{title}:\n");
    let mut never = Vec::new();
    let mut rows = Vec::new();
    for name in names {
        let c = a.counts(&format!("{prefix}{name}"));
        let zero = c.0.first().filter(|e| e.0 == 0.0).map_or(0, |e| e.1);
        let with = 1.0 - zero as f64 / c.n().max(1) as f64;
        if with == 0.0 && prefix == "kind." {
            never.push(name);
            continue;
        }
        rows.push((name, with, c));
    }
    // shapes: the most common first, the long tail as one line
    let shown = if prefix == "shape." {
        rows.sort_by(|x, y| y.2.mean().total_cmp(&x.2.mean()).then(x.0.cmp(y.0)));
        TOP_SHAPES
    } else {
        rows.len()
    };
    for (name, with, c) in rows.iter().take(shown) {
        o += &format!(
            "  {name:<18} {:>6.2}%  {:>8.2}  {}\n",
            100.0 * with,
            c.mean(),
            sparkline(c, 16)
        );
    }
    if rows.len() > shown {
        o += &format!(
            "  and {} more (--format json lists every measure)\n",
            rows.len() - shown
        );
    }
    o + &never_given(a, &never)
}

/// The room kinds no dungeon had: plain ones in one line, themes with the requirements
/// that turned them down (tallies `KIND: requirement`, times over all dungeons).
fn never_given(a: &Aggregate, never: &[&str]) -> String {
    let why = |kind: &str| -> Vec<String> {
        a.tallies
            .iter()
            .filter(|(k, n)| **n > 0 && k.split_once(": ").is_some_and(|x| x.0 == kind))
            .map(|(k, c)| format!("`{}` {c}", k.split_once(": ").map_or("", |x| x.1)))
            .collect()
    };
    let (explained, plain): (Vec<&str>, Vec<&str>) = never.iter().partition(|k| !why(k).is_empty());
    let mut o = String::new();
    if !plain.is_empty() {
        o += &format!("  never given: {}\n", plain.join(", "));
    }
    if !explained.is_empty() {
        o += "themes never given (requirements that turned them down, times over all dungeons):\n";
        for k in explained {
            o += &format!("  {k:<18} {}\n", why(k).join(", "));
        }
    }
    o
}

/// Per lint check: the dungeons with the problem, their share, the first 8 seeds.
fn lint(a: &Aggregate) -> String {
    let ok = a.generated;
    let mut o = format!("lint (dungeons with a problem, of {ok}):\n");
    for check in undercroft::stats::lint::CHECKS {
        let seeds = a.lint.get(check).map_or(&[][..], |v| &v[..]);
        let first: Vec<String> = seeds.iter().take(8).map(|s| s.0.to_string()).collect();
        o += &format!(
            "  {check:<20} {:>6} {:>6.2}%{}\n",
            seeds.len(),
            100.0 * seeds.len() as f64 / ok as f64,
            if first.is_empty() {
                String::new()
            } else {
                format!(
                    "  seeds {}{}",
                    first.join(" "),
                    if seeds.len() > 8 { " ..." } else { "" }
                )
            }
        );
    }
    o
}

/// The restart causes, most frequent first (when there were restarts), and the time per
/// dungeon.
fn restarts_and_time(a: &Aggregate) -> String {
    let mut o = String::new();
    let restarts: u64 = a.restarts.values().sum();
    if restarts > 0 {
        o += &format!("restart causes (share of {restarts} restarts, all of them):\n");
        let mut by: Vec<(&String, &u64)> = a.restarts.iter().collect();
        by.sort_by(|x, y| y.1.cmp(x.1).then(x.0.cmp(y.0)));
        for (k, n) in by {
            o += &format!("  {:>6.2}%  {k}\n", 100.0 * *n as f64 / restarts as f64);
        }
    }
    let t = &a.time_us;
    o += &format!(
        "time per dungeon (µs): mean {:.1}, p50 {}, p90 {}, p99 {}, max {}\n",
        t.mean(),
        fmt_num(t.quantile(0.5)),
        fmt_num(t.quantile(0.9)),
        fmt_num(t.quantile(0.99)),
        fmt_num(t.max())
    );
    o
}

/// Measure `h` (or `time_us`) as a bar chart.
fn histogram(a: &Aggregate, h: &str) -> String {
    let c = if h == "time_us" {
        a.time_us.clone()
    } else {
        a.counts(h)
    };
    let mut o = format!("{h}:\n");
    if h != "time_us" && !a.measures.contains_key(h) {
        let mut names: Vec<&str> = a.measures.keys().map(String::as_str).collect();
        names.push("time_us");
        let help = undercroft::lang::nearest::suggest(h, &names, "measures");
        o += &format!("  (no measure of that name: {help})\n");
        return o;
    }
    if c.n() == 0 {
        o += "  (not measured)\n";
    }
    for line in bars(&c, 20, 50) {
        o += &format!("{line}\n");
    }
    o
}

/// Two summaries over the same seeds side by side; `*` marks a difference larger than its
/// noise (Welch's t, |t| > T_MARK).
pub(crate) fn vs(a: &Aggregate, b: &Aggregate) -> String {
    let mut o = String::new();
    o += &format!(
        "A: {}{}: {} generated, {} failed\n",
        a.ruleset,
        params(a),
        a.generated,
        a.failures.len()
    );
    o += &format!(
        "B: {}{}: {} generated, {} failed\n",
        b.ruleset,
        params(b),
        b.generated,
        b.failures.len()
    );
    o += &format!(
        "seeds {}; `*`: the difference is larger than its noise (Welch's t-test, |t| > {T_MARK})\n",
        ranges(a)
    );
    o += &format!(
        "  {:<30} {:>9} {:>9} {:>9} {:>8}\n",
        "measure (mean)", "A", "B", "B - A", "t"
    );
    let mut names: Vec<String> = scalars(a);
    for n in scalars(b) {
        if !names.contains(&n) {
            names.push(n);
        }
    }
    for k in a.measures.keys().chain(b.measures.keys()) {
        if k.contains('.') && !names.contains(k) {
            names.push(k.clone());
        }
    }
    let line = |o: &mut String, name: &str, d: undercroft::stats::compare::Diff| {
        *o += &format!(
            "{} {name:<30} {:>9} {:>9} {:>9} {:>8}\n",
            if d.marked() { "*" } else { " " },
            fmt2(d.a),
            fmt2(d.b),
            fmt2(d.b - d.a),
            if d.t.is_infinite() {
                "inf".into()
            } else {
                format!("{:.1}", d.t)
            }
        );
    };
    // rows equal in both (means and shares alike, or undefined in both) are counted, not shown
    let mut equal = 0;
    let mut row = |o: &mut String, name: &str, d: undercroft::stats::compare::Diff| {
        let same = d.a == d.b || (d.a.is_nan() && d.b.is_nan());
        if same && !d.marked() {
            equal += 1;
        } else {
            line(o, name, d);
        }
    };
    for n in &names {
        row(&mut o, n, welch(&a.counts(n), &b.counts(n)));
    }
    let mut checks: Vec<&String> = a.lint.keys().chain(b.lint.keys()).collect();
    checks.sort();
    checks.dedup();
    for c in checks {
        let ka = a.lint.get(c).map_or(0, |v| v.len() as u64);
        let kb = b.lint.get(c).map_or(0, |v| v.len() as u64);
        row(
            &mut o,
            &format!("lint {c} (share)"),
            shares(ka, a.generated, kb, b.generated),
        );
    }
    if equal > 0 {
        o += &format!("  ({equal} measures equal in A and B not shown)\n");
    }
    let ra: u64 = a.restarts.values().sum();
    let rb: u64 = b.restarts.values().sum();
    if ra + rb > 0 {
        o += "restart causes (share of restarts):\n";
        o += &format!("  {:>7} {:>7}  cause\n", "A", "B");
        let mut causes: Vec<&String> = a.restarts.keys().chain(b.restarts.keys()).collect();
        causes.sort();
        causes.dedup();
        for c in causes {
            let pa = a.restarts.get(c).map_or(0, |n| *n) as f64 / ra.max(1) as f64;
            let pb = b.restarts.get(c).map_or(0, |n| *n) as f64 / rb.max(1) as f64;
            o += &format!("  {:>6.2}% {:>6.2}%  {c}\n", 100.0 * pa, 100.0 * pb);
        }
    }
    o
}
