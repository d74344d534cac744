//! Terminal histograms of a measure's counts: a one-line sparkline (`▁▂▄█`) for the
//! summary table, and bars with their values for `stats --hist NAME`.

use super::aggregate::Counts;

const LEVELS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/// At most `bins` bins over `[min, max]`: `(low, high, count)`; integer-valued counts with
/// few distinct values get one bin per value.
pub fn bins(c: &Counts, bins: usize) -> Vec<(f64, f64, u64)> {
    let (lo, hi) = (c.min(), c.max());
    if c.0.is_empty() || bins == 0 {
        return Vec::new();
    }
    let integral = c.0.iter().all(|e| e.0.fract() == 0.0);
    if integral && hi - lo < bins as f64 {
        let mut out: Vec<(f64, f64, u64)> = Vec::new();
        let mut v = lo;
        while v <= hi {
            let n = c.0.iter().find(|e| e.0 == v).map_or(0, |e| e.1);
            out.push((v, v, n));
            v += 1.0;
        }
        return out;
    }
    if integral {
        // whole-number bins `[low, high]`, all as wide
        let w = ((hi - lo + 1.0) / bins as f64).ceil();
        let n = ((hi - lo + 1.0) / w).ceil() as usize;
        let mut out: Vec<(f64, f64, u64)> = (0..n)
            .map(|i| (lo + i as f64 * w, lo + (i as f64 + 1.0) * w - 1.0, 0))
            .collect();
        for &(v, c) in &c.0 {
            out[(((v - lo) / w) as usize).min(n - 1)].2 += c;
        }
        return out;
    }
    let width = if hi > lo {
        (hi - lo) / bins as f64
    } else {
        1.0
    };
    let mut out: Vec<(f64, f64, u64)> = (0..bins)
        .map(|i| (lo + i as f64 * width, lo + (i + 1) as f64 * width, 0))
        .collect();
    for &(v, n) in &c.0 {
        let i = (((v - lo) / width) as usize).min(bins - 1);
        out[i].2 += n;
    }
    out
}

/// A sparkline of `c` over at most `width` bins.
pub fn sparkline(c: &Counts, width: usize) -> String {
    let b = bins(c, width);
    let top = b.iter().map(|x| x.2).max().unwrap_or(0);
    b.iter()
        .map(|&(_, _, n)| {
            if n == 0 {
                ' '
            } else {
                LEVELS[((n * 7) / top.max(1)) as usize]
            }
        })
        .collect()
}

/// A bar chart of `c`: one line per bin, `value  share  bar`, bars at most `width` wide.
pub fn bars(c: &Counts, nbins: usize, width: usize) -> Vec<String> {
    let b = bins(c, nbins);
    let total = c.n().max(1) as f64;
    let top = b.iter().map(|x| x.2).max().unwrap_or(0).max(1) as f64;
    b.iter()
        .map(|&(lo, hi, n)| {
            let label = if lo == hi {
                super::fmt_num(lo)
            } else {
                format!("{}–{}", super::fmt_num(lo), super::fmt_num(hi))
            };
            let len = (n as f64 / top * width as f64).round() as usize;
            format!(
                "{label:>14}  {:>6.2}%  {}",
                100.0 * n as f64 / total,
                "█".repeat(len)
            )
        })
        .collect()
}
