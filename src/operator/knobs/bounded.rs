//! Number fields with a range that are not whole numbers: [`Prob`] (a probability or share,
//! 0..=1) and [`Weight`] (a weight, 0 or more). As [`Real`], a literal or an expression
//! string; a literal outside the range is refused when the file is read (ron's position), an
//! expression value outside it ends the run with the expression's failure point.

use super::{Knobs, Real};
use crate::ruleset::compile::Cx;
use serde::de::{self, Deserializer};
use serde::Deserialize;

macro_rules! real_in {
    ($(#[$doc:meta])* $name:ident, $lo:expr, $hi:expr, $what:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone)]
        pub struct $name(pub Real);

        impl $name {
            /// The values allowed.
            pub const RANGE: (f64, f64) = ($lo, $hi);

            /// As [`Real::get`], the expression's value checked against [`Self::RANGE`]
            /// when the step runs.
            pub fn get<C>(&self, cx: &mut Cx, k: &mut Knobs<C>, set: fn(&mut C, f64)) -> f64 {
                match &self.0 {
                    Real::Lit(v) => *v,
                    Real::Expr(s) => {
                        k.add(cx, s, Self::RANGE, false, set);
                        Self::RANGE.0
                    }
                }
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let r = Real::deserialize(d)?;
                if let Real::Lit(v) = r {
                    if !(Self::RANGE.0..=Self::RANGE.1).contains(&v) {
                        return Err(de::Error::custom(format!(
                            concat!("expected ", $what, ", found {}"),
                            v
                        )));
                    }
                }
                Ok($name(r))
            }
        }
    };
}

real_in!(
    /// A probability or a share, 0..=1: a literal or an expression string.
    Prob,
    0.0,
    1.0,
    "a number 0..=1"
);
real_in!(
    /// A weight, 0 or more: a literal or an expression string.
    Weight,
    0.0,
    f64::MAX,
    "a number 0 or more"
);
