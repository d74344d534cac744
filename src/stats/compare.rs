//! `stats --vs`: is a measure's difference between two runs larger than its noise?
//!
//! The test is **Welch's t-test** on the two means (unequal variances): `t = (m₂ − m₁) /
//! √(v₁/n₁ + v₂/n₂)`. A difference is marked when `|t| >` [`T_MARK`] (3.3: a two-sided
//! p below about 0.001 for the sample sizes `stats` uses, so that among the ~40 measures
//! of a comparison a false mark is rare). Two runs over the same seeds are not independent
//! samples, which makes the test conservative for a change that moves few dungeons: a
//! mark is trustworthy, an unmarked small difference may still be real — add seeds.
//! Shares (restart causes, lint checks) are compared as the mean of a 0/1 measure.

use super::aggregate::Counts;

/// `|t|` above which a difference is marked.
pub const T_MARK: f64 = 3.3;

/// The comparison of one measure between runs A and B.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Diff {
    /// Mean in A.
    pub a: f64,
    /// Mean in B.
    pub b: f64,
    /// Welch's t (B − A); infinite when both runs have no spread but differ, 0 when equal.
    pub t: f64,
}

impl Diff {
    /// Whether the difference is larger than its noise.
    pub fn marked(&self) -> bool {
        self.t.abs() > T_MARK
    }
}

/// Welch's t-test of the means of `a` and `b` (from their counts).
pub fn welch(a: &Counts, b: &Counts) -> Diff {
    let (na, nb) = (a.n() as f64, b.n() as f64);
    let (ma, mb) = (a.mean(), b.mean());
    if na == 0.0 || nb == 0.0 {
        return Diff {
            a: ma,
            b: mb,
            t: 0.0,
        };
    }
    let se = (a.variance() / na + b.variance() / nb).sqrt();
    let d = mb - ma;
    let t = if d == 0.0 {
        0.0
    } else if se == 0.0 {
        d.signum() * f64::INFINITY
    } else {
        d / se
    };
    Diff { a: ma, b: mb, t }
}

/// Welch's t of two shares `ka / na` and `kb / nb` (a 0/1 measure's means).
pub fn shares(ka: u64, na: u64, kb: u64, nb: u64) -> Diff {
    let mut a = Counts::default();
    a.add(1.0, ka);
    a.add(0.0, na.saturating_sub(ka));
    let mut b = Counts::default();
    b.add(1.0, kb);
    b.add(0.0, nb.saturating_sub(kb));
    welch(&a, &b)
}
