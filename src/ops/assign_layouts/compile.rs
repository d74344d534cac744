//! Compiling `AssignLayouts(...)`: the pools' layouts gathered into candidates, the kinds and
//! the window resolved, the weights and (with `all_doors`) every layout's doors checked.

use super::no_layout::{NoLayout, Offer};
use super::{Cand, Compiled, Params, Window};
use crate::engine::value::Type;
use crate::lang::Program;
use crate::operator::knobs::Knobs;
use crate::operator::Operator;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        self.pools.first().or(self.kinds.first())
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let anchor = self.anchor().cloned()?;
        let pools: Vec<Option<u16>> = self.pools.iter().map(|p| cx.pool(p)).collect();
        if self.pools.is_empty() {
            cx.error(&anchor, "`pools` is empty".into(), None);
        }
        let kinds = self.kind_mask(cx);
        let default_shape = match &self.default_shape {
            Some(s) => Some(cx.shape(s)?),
            None => None,
        };
        let window = match &self.window {
            Some(w) => Some(w.compile(cx)?),
            None => None,
        };
        let difficulty = match &self.difficulty {
            Some((a, b)) => Some((cx.expr(a, Type::Num)?, cx.expr(b, Type::Num)?)),
            None => None,
        };
        let mut k: Knobs<Compiled> = Knobs::default();
        let decay = self
            .decay
            .get(cx, &mut k, |c: &mut Compiled, v| c.decay = v);
        let exact_bias = self
            .exact_bias
            .as_ref()
            .map(|b| b.get(cx, &mut k, |c: &mut Compiled, v| c.exact_bias = Some(v)));
        let literal = self.decay.literal().is_some()
            && self
                .exact_bias
                .as_ref()
                .is_none_or(|b| b.literal().is_some());
        if literal && bad_weights(decay, exact_bias) {
            cx.error(
                &anchor,
                "`decay` must be in (0, 1] and `exact_bias` at least 0".into(),
                None,
            );
        }
        let pools: Vec<u16> = pools.into_iter().collect::<Option<_>>()?;
        let layouts = candidates(cx, &pools);
        if self.all_doors {
            check_all_doors(cx, &layouts, kinds, &anchor);
        }
        let fail_none = self.require.then(|| {
            let offers: Vec<Offer> = layouts
                .iter()
                .map(|c| Offer {
                    shape: c.shape,
                    doors: c.doors,
                    kinds: c.kinds,
                })
                .collect();
            NoLayout::new(cx, &self.pools, kinds, &offers, &anchor)
        });
        Some(Compiled {
            shapes: cx.shapes().to_vec(),
            layouts,
            kinds,
            default_shape,
            window,
            difficulty,
            weighted: self.weighted,
            exact_bias,
            decay,
            fail_none,
            knobs: {
                let what = "AssignLayouts: `decay` must be in (0, 1] and `exact_bias` at least 0"
                    .to_string();
                k.require(cx, &anchor, what, |c, _| {
                    !bad_weights(c.decay, c.exact_bias)
                });
                k.done()?
            },
        })
    }
}

impl Params {
    /// The bit of each room kind of `kinds` (an error for a kind past the 64th).
    fn kind_mask(&self, cx: &mut Cx) -> u64 {
        let mut kinds = 0u64;
        for k in &self.kinds {
            match cx.kind(k) {
                Some(i) if i < 64 => kinds |= 1 << i,
                Some(_) => cx.error(
                    k,
                    "only the first 64 room kinds can have layouts".into(),
                    None,
                ),
                None => {}
            }
        }
        kinds
    }
}

impl Window {
    /// The index expression and the ranges (an error, `None`, without a range or with one
    /// whose first is past its last).
    fn compile(&self, cx: &mut Cx) -> Option<(Program, Vec<(u32, u32)>)> {
        if self.ranges.is_empty() || self.ranges.iter().any(|r| r.0 > r.1) {
            cx.error(
                &self.index,
                "`ranges` needs at least one (first, last) with first <= last".into(),
                None,
            );
            return None;
        }
        Some((cx.expr(&self.index, Type::Num)?, self.ranges.clone()))
    }
}

/// Whether `decay` is outside (0, 1] or `exact_bias` below 0 (or not a number).
fn bad_weights(decay: f64, exact_bias: Option<f64>) -> bool {
    !(decay > 0.0 && decay <= 1.0) || exact_bias.is_some_and(|b| b.is_nan() || b < 0.0)
}

/// The layouts of `pools`, in pool order and each pool's file order.
fn candidates(cx: &Cx, pools: &[u16]) -> Vec<Cand> {
    pools
        .iter()
        .flat_map(|&p| {
            let p = &cx.pools()[p as usize];
            p.first..p.first + p.count
        })
        .map(|i| {
            let l = &cx.layouts()[i as usize];
            Cand {
                layout: i,
                shape: l.shape,
                doors: l.doors,
                kinds: l.kinds,
                difficulty: l.difficulty as f64,
                weight: l.weight,
            }
        })
        .collect()
}

/// `all_doors`: an error at the pool file for each layout serving one of `kinds` whose
/// door mask lacks a slot of its shape.
fn check_all_doors(cx: &mut Cx, layouts: &[Cand], kinds: u64, anchor: &Src) {
    for c in layouts {
        if c.kinds & kinds == 0 {
            continue;
        }
        let sh = &cx.shapes()[c.shape as usize];
        let missing: Vec<String> = sh
            .slots
            .iter()
            .enumerate()
            .filter(|(k, _)| c.doors >> k & 1 == 0)
            .map(|(_, s)| s.name.clone())
            .collect();
        let Some(first) = missing.first() else {
            continue;
        };
        let shape = sh.name.clone();
        let l = cx.layouts()[c.layout as usize].clone();
        let (pool_name, short) = l.name.split_once('/').unwrap_or(("", &l.name));
        cx.error_in_file(
            l.file,
            l.doors_span,
            format!(
                "pool `{pool_name}`, layout `{short}`: the door mask lacks slot `{first}` that its shape `{shape}` needs here (missing: {})",
                missing.join(" ")
            ),
            Some(format!("`all_doors: true` at {} requires every layout to have all doors of its shape", cx.position(anchor))),
        );
    }
}
