//! Template rooms (Spelunky's room templates): cut an area into cells the size of a pool's
//! templates and fill each cell, in one tile map, with a template drawn from the pool — among
//! those that open at least the sides the cell needs and carry the cell's tag — and its
//! random sub-chunks.
//!
//! The pool is a `templates` item of a pattern file (`src/lang/pattern.pest`): templates of
//! one size `W×H` drawn in ASCII, each with the sides it opens (`exits [N E S W]`), its tags
//! and weight; chunk characters mark blocks that are each filled with one alternative of their
//! chunk group, drawn by weight.
//!
//! The area (default the whole grid) holds `area.w / W` columns and `area.h / H` rows of
//! cells, from its top-left corner; tiles left over at its right and bottom are not written.
//! For each cell in raster order, with the locals `col` and `row` bound to its place (and
//! the names of `define`, computed in order from them):
//! 1. `exits` (an expression, default 0) gives the sides the cell needs as a sum of bits,
//!    N 1, E 2, S 4, W 8 (a whole number 0..=15; any other value ends the run with a
//!    located error at the expression): a template qualifies when it opens all of them;
//! 2. `tags`: the first `(condition, tag)` whose condition holds gives the cell's tag: a
//!    template qualifies only if it carries that tag (no condition holds: any tag);
//! 3. `pick` (an expression with the locals `col`, `row` and `count`, the number of
//!    qualifying templates) chooses one by its place among them in file order, a whole
//!    number `0..=count - 1` (any other value ends the run with a located error at the
//!    expression); without it one is drawn by weight (one draw);
//! 4. the template is written, then each of its chunk blocks, an alternative drawn by weight
//!    (one draw per block, in raster order of the blocks). Protected cells are not written.
//!
//! A cell no template qualifies for is a failure point (the enclosing `Retry` restarts).
//! Errors at load: the item is not a `templates` item, a tag no template carries (at the
//! tag), and, in the pattern file, a template or chunk of the wrong size.

use crate::engine::grid::Rect;
use crate::engine::state::State;
use crate::engine::value::{Type, Value};
use crate::engine::Flow;
use crate::lang::grid_items::Templates;
use crate::lang::pattern::ItemKind;
use crate::lang::Program;
use crate::operator::header::TileHeader;
use crate::operator::{Operator, Runnable, Writes};
use crate::rng::RandomSource;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `FillTemplates(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// The pool, `"file.pat#name"`: a `templates` item.
        pub templates: Src,
        /// `[("name", "expression"), ...]`: numbers computed for each cell, in order, from
        /// `col`, `row` and the names defined before; every expression below can use them.
        /// Default none.
        #[serde(default)]
        pub define: Vec<(Src, Src)>,
        /// The sides each cell needs (bits N 1, E 2, S 4, W 8: a whole number 0..=15), an
        /// expression with the locals `col` and `row` (and the defined names). Default 0.
        #[serde(default)]
        pub exits: Option<Src>,
        /// `[("condition", "tag"), ...]`: the first whose condition (locals `col`, `row`,
        /// the defined names) holds gives the cell's tag. Default none (any tag).
        #[serde(default)]
        pub tags: Vec<(Src, Src)>,
        /// The template chosen among those that qualify, by place (0 first, file order), an
        /// expression with the locals `col`, `row` and `count`: a whole number
        /// `0..=count - 1`, anything else is a located error when the step runs. Default:
        /// drawn by weight.
        #[serde(default)]
        pub pick: Option<Src>,
    }
}

/// A compiled expression and the slots of its locals (`col`, `row`, the defined names, then
/// `count` for `pick`).
#[derive(Debug)]
struct Local {
    program: Program,
    slots: Vec<u16>,
}

impl Local {
    /// Compile `s` with the locals `names` (numbers).
    fn compile(cx: &mut Cx, s: &Src, want: Type, names: &[&str]) -> Option<Local> {
        let names: Vec<(&str, Type)> = names.iter().map(|n| (*n, Type::Num)).collect();
        let (program, slots) = cx.expr_with_locals(s, want, &names)?;
        Some(Local { program, slots })
    }

    /// Bind the locals to `values` (in order).
    fn bind(&self, st: &mut State, values: &[f64]) {
        for (slot, v) in self.slots.iter().zip(values) {
            st.vars[*slot as usize] = Value::Num(*v);
        }
    }

    /// The number the expression gives with its locals bound to `values`.
    fn num(&self, st: &mut State, values: &[f64]) -> f64 {
        self.bind(st, values);
        self.program.num(st)
    }

    /// The truth the condition gives with its locals bound to `values`.
    fn truth(&self, st: &mut State, values: &[f64]) -> bool {
        self.bind(st, values);
        self.program.truth(st)
    }
}

/// Compiled `FillTemplates`.
#[derive(Debug)]
pub struct Compiled {
    head: TileHeader,
    pool: Templates,
    /// The defined names' expressions, in order.
    define: Vec<Local>,
    exits: Option<Local>,
    /// Condition and the index of its tag in `tag_names`.
    tags: Vec<(Local, usize)>,
    tag_names: Vec<String>,
    pick: Option<Local>,
    /// The failure points of an `exits` value that is no sum of side bits and of a `pick`
    /// value that is no place among the qualifying templates.
    bad: [u32; 2],
    /// The local slots every expression writes (declared writes).
    locals: Vec<u16>,
    layers: [u16; 1],
    no_template: u32,
}

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let head = TileHeader::compile(cx, self.header());
        let pool = match cx.pattern_item(&self.templates, "a templates item") {
            Some(ItemKind::Templates(t)) => Some(t),
            _ => None,
        };
        let mut names = vec!["col", "row"];
        let mut define = Vec::new();
        let mut ok = true;
        for (name, e) in &self.define {
            match Local::compile(cx, e, Type::Num, &names) {
                Some(l) => define.push(l),
                None => ok = false,
            }
            names.push(&name.text);
        }
        let exits = (self.exits.as_ref()).map(|e| Local::compile(cx, e, Type::Num, &names));
        let mut with_count = names.clone();
        with_count.push("count");
        let pick = (self.pick.as_ref()).map(|p| Local::compile(cx, p, Type::Num, &with_count));
        let (tags, tag_names, tags_ok) = self.tags(cx, pool.as_ref(), &names);
        ok &= tags_ok;
        let no_template = cx.failure_point(
            format!(
                "FillTemplates `{}`: no template fits a cell",
                self.templates.text
            ),
            &self.templates,
        );
        let bad = [
            (
                &self.exits,
                "0..=15 (a sum of the side bits N 1, E 2, S 4, W 8)",
            ),
            (
                &self.pick,
                "0..=count - 1 (the place of a template among the `count` that qualify)",
            ),
        ]
        .map(|(e, range)| match e {
            Some(e) => cx.failure_point(
                format!(
                    "`{}` gave a value that is not a whole number {range}",
                    e.text
                ),
                e,
            ),
            None => 0,
        });
        let head = head?;
        let exits = exits.map_or(Some(None), |e| e.map(Some))?;
        let pick = pick.map_or(Some(None), |p| p.map(Some))?;
        let locals = (exits
            .iter()
            .chain(pick.iter())
            .chain(tags.iter().map(|t| &t.0)))
        .chain(define.iter())
        .flat_map(|l| l.slots.iter().copied())
        .collect();
        (ok).then_some(())?;
        Some(Compiled {
            layers: [head.layer],
            head,
            pool: pool?,
            define,
            exits,
            tags,
            tag_names,
            pick,
            bad,
            locals,
            no_template,
        })
    }
}

impl Params {
    /// The compiled `tags` conditions, each with the index of its tag in the list of tag
    /// names; false when a condition does not compile or a tag is on no template (reported).
    #[allow(clippy::type_complexity)]
    fn tags(
        &self,
        cx: &mut Cx,
        pool: Option<&Templates>,
        names: &[&str],
    ) -> (Vec<(Local, usize)>, Vec<String>, bool) {
        let mut ok = true;
        let mut tags = Vec::new();
        let mut tag_names: Vec<String> = Vec::new();
        for (cond, tag) in &self.tags {
            let known = pool.is_none_or(|p| p.templates.iter().any(|t| t.tags.contains(&tag.text)));
            if !known {
                cx.error(
                    tag,
                    format!(
                        "no template of `{}` carries the tag `{}`",
                        self.templates.text, tag.text
                    ),
                    None,
                );
                ok = false;
            }
            let i = tag_names
                .iter()
                .position(|n| *n == tag.text)
                .unwrap_or_else(|| {
                    tag_names.push(tag.text.clone());
                    tag_names.len() - 1
                });
            match Local::compile(cx, cond, Type::Bool, names) {
                Some(l) => tags.push((l, i)),
                None => ok = false,
            }
        }
        (tags, tag_names, ok)
    }
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        // protected cells are put back after the step (`guarded`): templates are written
        // a row at a time
        self.head.guarded(st, |st, r| self.fill(st, r))
    }

    fn writes(&self) -> Writes<'_> {
        Writes::Only {
            layers: &self.layers,
            vars: &self.locals,
        }
    }
}

impl Compiled {
    /// Fill the cells of area `r` in raster order (see the module doc).
    fn fill(&self, st: &mut State, r: Rect) -> Flow {
        let (tw, th) = (self.pool.width, self.pool.height);
        let mut buf = Buffers::default();
        for row in 0..r.h / th {
            for col in 0..r.w / tw {
                let t = match self.choose(st, [col as f64, row as f64], &mut buf) {
                    Ok(t) => t,
                    Err(flow) => return flow,
                };
                self.write(st, (r.x + col * tw, r.y + row * th), t, &mut buf.weights);
            }
        }
        Flow::Continue
    }

    /// The template of the cell at `[col, row]`: its index in the pool, or the flow that
    /// ends the step: a failure when no template qualifies, an abort when `exits` gives no
    /// sum of side bits or `pick` no place among the templates that qualify.
    fn choose(&self, st: &mut State, at: [f64; 2], buf: &mut Buffers) -> Result<usize, Flow> {
        let Buffers {
            at: locals,
            fits,
            weights,
        } = buf;
        locals.clear();
        locals.extend(at);
        for d in &self.define {
            let v = d.num(st, locals);
            locals.push(v);
        }
        let need = match &self.exits {
            Some(e) => {
                let v = e.num(st, locals);
                if !((0.0..=15.0).contains(&v) && v.fract() == 0.0) {
                    return Err(Flow::Abort(self.bad[0]));
                }
                v as u8
            }
            None => 0,
        };
        let mut tag = None;
        for (cond, i) in &self.tags {
            if cond.truth(st, locals) {
                tag = Some(&self.tag_names[*i]);
                break;
            }
        }
        fits.clear();
        fits.extend(
            (self.pool.templates.iter().enumerate())
                .filter(|(_, t)| t.exits & need == need && tag.is_none_or(|g| t.tags.contains(g)))
                .map(|(i, _)| i),
        );
        if fits.is_empty() {
            return Err(Flow::Fail(self.no_template));
        }
        let k = match &self.pick {
            Some(p) => {
                locals.push(fits.len() as f64);
                let v = p.num(st, locals);
                if !(v >= 0.0 && v < fits.len() as f64 && v.fract() == 0.0) {
                    return Err(Flow::Abort(self.bad[1]));
                }
                v as usize
            }
            None => {
                weights.clear();
                weights.extend(fits.iter().map(|&i| self.pool.templates[i].weight));
                draw(weights, &mut st.rng)
            }
        };
        Ok(fits[k])
    }

    /// Write template `t` with its top-left at `at`, then its chunk blocks (`weights`: a
    /// buffer for the alternatives' weights).
    fn write(&self, st: &mut State, (x, y): (i32, i32), t: usize, weights: &mut Vec<f64>) {
        let tpl = &self.pool.templates[t];
        let (mut g, rng) = st.grid_mut_and_rng(self.head.layer);
        g.paste(x, y, self.pool.width, &tpl.cells);
        for &(bx, by, c) in &tpl.blocks {
            let group = &self.pool.chunks[c as usize];
            weights.clear();
            weights.extend(group.alternatives.iter().map(|a| a.0));
            let alt = &group.alternatives[draw(weights, rng)].1;
            g.paste(x + bx, y + by, group.width, alt);
        }
    }
}

/// The buffers of one step, reused from cell to cell: the locals' values, the templates that
/// qualify, their weights.
#[derive(Default)]
struct Buffers {
    at: Vec<f64>,
    fits: Vec<usize>,
    weights: Vec<f64>,
}

/// An index drawn by weight (one draw of the random stream).
fn draw(weights: &[f64], rng: &mut impl RandomSource) -> usize {
    const SCALE: i64 = 1 << 24;
    let total: f64 = weights.iter().sum();
    let mut r = rng.below(SCALE).max(0) as f64 / SCALE as f64 * total;
    for (i, w) in weights.iter().enumerate() {
        r -= w;
        if r < 0.0 {
            return i;
        }
    }
    weights.len() - 1
}

#[cfg(test)]
mod tests;
