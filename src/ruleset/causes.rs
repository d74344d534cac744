//! One root cause, one message (issue 44): what later checks need to know about problems
//! already reported, so they stay silent instead of reporting knock-ons, and the variables a
//! step reads where they may be unset (a warning at load, located at the read).
//!
//! Knock-ons avoided: a step that failed to compile (its pattern file has an error, say)
//! declares none of its names, so "no step places a marker `m`", "unknown list `l`" or
//! "unknown name `v`" (with a "did you mean" to another name) about a name that is written as
//! a whole string somewhere in the rule files is not reported once a step failed: the first
//! problem is the cause, and fixing it may well define the name. `tile_glyphs` that failed
//! to compile (already reported) are not "no `tile_glyphs`" either.
//!
//! Variables that may be unset: a variable written in one branch of an `If` only, or in the
//! body of a loop that may run zero times, reads 0 (false, none) on the other paths. Steps
//! are compiled in order, so the set of variables that may be unset is followed along
//! ([`Cx::mark`]): the first expression that reads one of them gets a
//! warning naming the variable (but not `exists(v)`, which asks just that).

use super::compile::Cx;
use super::diag::Diagnostic;
use super::src::Src;
use super::unset::Mark;
use crate::lang::compile::Op;
use crate::lang::Program;

impl Cx<'_> {
    /// Whether a problem about name `name` (a marker, list or variable a step would declare)
    /// is a knock-on: a step failed to compile, and `name` is written whole as a string in a
    /// rule file, so the failed step may be the one that declares it.
    pub(crate) fn knock_on(&self, name: &str) -> bool {
        self.causes.step_failed
            && self
                .files
                .iter()
                .any(|f| f.literals.find(name, 0).is_some())
    }

    /// Variable `slot` is written here: it is set on every path from now on.
    pub(crate) fn assigned(&mut self, slot: u16) {
        self.causes.unset.remove(&slot);
    }

    /// Where the compile is, before alternative paths or a loop body ([`Cx::second_path`],
    /// [`Cx::paths_joined`], [`Cx::body_done`]).
    pub(crate) fn mark(&self) -> Mark {
        Mark {
            unset: self.causes.unset.clone(),
            vars: self.vars.len(),
        }
    }

    /// The first of two alternative paths (an `If`'s `then`) is compiled: start the second
    /// from `before`, where the variables the first declared are unset.
    pub(crate) fn second_path(&mut self, before: &Mark) -> Mark {
        let first = Mark {
            unset: std::mem::replace(&mut self.causes.unset, before.unset.clone()),
            vars: self.vars.len(),
        };
        self.causes
            .unset
            .extend(before.vars as u16..first.vars as u16);
        first
    }

    /// The second path is compiled too: a variable either path may leave unset, or that the
    /// second declared (unset on the first), may be unset.
    pub(crate) fn paths_joined(&mut self, first: Mark) {
        self.causes.unset.extend(first.unset);
        self.causes
            .unset
            .extend(first.vars as u16..self.vars.len() as u16);
    }

    /// A body that may run zero times (a loop) is compiled: a variable it wrote may be
    /// unset unless it was set before.
    pub(crate) fn body_done(&mut self, before: Mark) {
        let n = self.vars.len();
        self.causes.unset = before.unset;
        self.causes.unset.extend(before.vars as u16..n as u16);
    }

    /// The `then` of an `If` with condition `cond` is compiled next: its conjuncts hold
    /// there (`a && exists(v) && b`: `v` is set). Returns the guards to restore after it.
    pub(crate) fn guard_then(&mut self, cond: &Src) -> usize {
        let n = self.causes.guards.len();
        self.causes.guards.extend(conjuncts(&cond.text));
        n
    }

    /// The `then` whose guards began at `n` ([`Cx::guard_then`]) is compiled.
    pub(crate) fn unguard(&mut self, n: usize) {
        self.causes.guards.truncate(n);
    }

    /// Warn (once per variable) when program `p`, compiled from `s`, reads a variable that
    /// may be unset here.
    pub(crate) fn check_reads(&mut self, s: &Src, p: &Program) {
        for op in p.code.iter() {
            let Op::Var(slot) = *op else { continue };
            if !self.causes.unset.contains(&slot) {
                continue;
            }
            let name = self.vars[slot as usize].0.clone();
            // `exists(v)` asks whether the room was set: no surprise to read it unset, in
            // that expression or in the `then` of an `If` whose condition requires it
            let exists = format!("exists({name})");
            if s.text.contains(&exists)
                || self.causes.guards.contains(&exists)
                || !self.causes.warned.insert(slot)
            {
                continue;
            }
            let span = word(&s.text, &name).unwrap_or((0, s.text.len()));
            let before = self.diags.len();
            self.error_in(
                s,
                span,
                format!(
                    "`{name}` may be unset here: it is set on some paths only (in one branch \
                     of an `If`, or in a loop that may not run), and reads as 0 (false, none) \
                     where it was not"
                ),
                Some(format!(
                    "set it before (e.g. `Let(\"{name}\", \"0\")`) or on every path"
                )),
            );
            let w: Vec<Diagnostic> = self.diags.drain(before..).collect();
            self.causes.warnings.extend(w);
        }
    }
}

/// The byte span of the first whole-word `name` in `text`.
fn word(text: &str, name: &str) -> Option<(usize, usize)> {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(i) = text[from..].find(name).map(|i| i + from) {
        let end = i + name.len();
        let ok_before = !text[..i].chars().next_back().is_some_and(ident);
        let ok_after = !text[end..].chars().next().is_some_and(ident);
        if ok_before && ok_after {
            return Some((i, end));
        }
        from = i + 1;
    }
    None
}

/// The conjuncts of a condition written `a && b && c` (trimmed, whitespace removed), or none
/// when an `||` outside brackets may make the whole true without them.
fn conjuncts(text: &str) -> Vec<String> {
    let (mut depth, mut parts, mut start) = (0i32, Vec::new(), 0);
    let b = text.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            b'|' if depth == 0 && b.get(i + 1) == Some(&b'|') => return Vec::new(),
            b'&' if depth == 0 && b.get(i + 1) == Some(&b'&') => {
                parts.push(&text[start..i]);
                start = i + 2;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
        .iter()
        .map(|p| p.chars().filter(|c| !c.is_whitespace()).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::conjuncts;

    #[test]
    fn conjuncts_of_a_condition() {
        assert_eq!(
            conjuncts("level > 4 && exists(secret) && chance(1/3)"),
            ["level>4", "exists(secret)", "chance(1/3)"]
        );
        assert_eq!(conjuncts("f(a && b) && c"), ["f(a&&b)", "c"]);
        assert!(conjuncts("exists(s) && a || b").is_empty());
        assert_eq!(conjuncts("(exists(s) || b)"), ["(exists(s)||b)"]);
    }
}
