//! Where a compiled expression can change its value as one numeric variable counts up.
//!
//! An operator that evaluates the same condition over and over while only a counter
//! changes (the neighbour search's `try`, say) can cache each result until the counter
//! reaches the next point where any comparison of it could flip. That is exact when the
//! counter appears only in comparisons with constants (`try > 300`, `300 <= try`) and the
//! expression neither draws random numbers nor changes lists; [`Program::change_points`]
//! finds the points, or says the caching would not be exact.

use super::compile::{Func, Op, Program};
use crate::engine::value::Value;

impl Program {
    /// The integer values at which the program's result may change as the variable in
    /// `slot` counts up through the integers (all other inputs fixed), sorted, without
    /// repeats. `None` when that is not decidable here: the program draws random numbers
    /// or changes a list (`rnd`, `chance`, `pop_*`), or uses the variable other than as one
    /// side of a comparison with a numeric constant. A program that does not read the
    /// variable gives an empty list.
    ///
    /// For a comparison with a constant `c`: `t < c` and `t >= c` flip at `ceil(c)`,
    /// `t <= c` and `t > c` at `floor(c) + 1`, `t == c` and `t != c` at both.
    pub fn change_points(&self, slot: u16) -> Option<Vec<i64>> {
        let code = &self.code;
        // In `c cmp t`, a jump landing on `t` comes from a path that pushed another left
        // side than `c`: such uses are not decided here.
        let landing = |i: usize| {
            code.iter().any(|op| match op {
                Op::JumpIfFalseElsePop(t)
                | Op::JumpIfTrueElsePop(t)
                | Op::JumpIfFalse(t)
                | Op::Jump(t) => *t as usize == i,
                _ => false,
            })
        };
        let mut points = Vec::new();
        for (i, op) in code.iter().enumerate() {
            match op {
                Op::Call(Func::Rnd | Func::Chance | Func::PopRandom(_))
                | Op::Call(Func::PopLast(_) | Func::PopFirst(_)) => return None,
                Op::Var(s) if *s == slot => {
                    // The constant and the comparison, with the comparison read as `t cmp c`.
                    let (c, cmp) = match (i.checked_sub(1).map(|j| code[j]), code.get(i + 1)) {
                        // `t cmp c`: the constant follows the variable, then the comparison.
                        (_, Some(Op::Push(Value::Num(c)))) if is_comparison(code.get(i + 2)) => {
                            (*c, code[i + 2])
                        }
                        // `c cmp t`: the constant came just before; the comparison follows.
                        (Some(Op::Push(Value::Num(c))), Some(&cmp))
                            if is_comparison(Some(&cmp)) && !landing(i) =>
                        {
                            (c, mirror(cmp))
                        }
                        _ => return None,
                    };
                    if !c.is_finite() {
                        return None;
                    }
                    let (starts, ends) = (c.ceil() as i64, c.floor() as i64 + 1);
                    match cmp {
                        Op::Lt | Op::Ge => points.push(starts),
                        Op::Le | Op::Gt => points.push(ends),
                        _ => points.extend([starts, ends]),
                    }
                }
                _ => {}
            }
        }
        points.sort_unstable();
        points.dedup();
        Some(points)
    }
}

/// `c cmp t` as `t cmp' c`.
fn mirror(cmp: Op) -> Op {
    match cmp {
        Op::Lt => Op::Gt,
        Op::Le => Op::Ge,
        Op::Gt => Op::Lt,
        Op::Ge => Op::Le,
        same => same,
    }
}

fn is_comparison(op: Option<&Op>) -> bool {
    matches!(
        op,
        Some(Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge)
    )
}

#[cfg(test)]
mod tests {
    use crate::engine::value::Type;
    use crate::lang::test_scope::TestScope;
    use crate::lang::{compile, parse, Program};

    const VARS: TestScope = TestScope {
        vars: &[("t", Type::Num), ("n", Type::Num), ("ok", Type::Bool)],
        lists: &["ends"],
    };

    fn program(text: &str) -> Program {
        compile(&parse(text).unwrap(), &VARS).unwrap()
    }

    #[test]
    fn comparisons_with_constants_give_their_flip_points() {
        let p = program("n >= 3 && ok || t > 300 && (n >= 2 && (t > 600 || ok))");
        assert_eq!(p.change_points(0), Some(vec![301, 601]));
        assert_eq!(program("2.5 <= t").change_points(0), Some(vec![3]));
        assert_eq!(program("t == 7").change_points(0), Some(vec![7, 8]));
        assert_eq!(
            program("7 > t || t <= 2").change_points(0),
            Some(vec![3, 7])
        );
        assert_eq!(program("n > 1").change_points(0), Some(vec![]));
    }

    #[test]
    fn other_uses_and_side_effects_are_not_decidable() {
        assert_eq!(program("t + 1 > 300").change_points(0), None);
        assert_eq!(program("t > n").change_points(0), None);
        assert_eq!(program("t > 3 && rnd(2) == 0").change_points(0), None);
        assert_eq!(
            program("t > 3 && exists(pop_last(ends))").change_points(0),
            None
        );
        assert_eq!(program("t > 3 || chance(0.5)").change_points(0), None);
        // The comparison's other side depends on the branch taken.
        assert_eq!(program("(ok ? 1 : 5) < t").change_points(0), None);
    }
}
