//! The tile header: the four fields most tile operators share — `layer`, `area`, `when`,
//! `protected` — declared once by [`tile_params!`](crate::tile_params) and compiled and evaluated once by
//! [`TileHeader`].
//!
//! Why a macro and not a struct the deserializer accepts: serde's `flatten` would let each
//! `Params` hold a `header: HeaderFields` written inline, but with ron 0.8 a flattened struct
//! is read as a map (`{...}`), not as `Op(...)`, and `deny_unknown_fields` (a typo must be an
//! error) is unsupported with `flatten`. So [`tile_params!`](crate::tile_params) writes the four fields into the
//! operator's own struct, with the same names, defaults and docs everywhere, and `build.rs`
//! documents them for `undercroft ops` from this file.

use super::args::{flag_layers, flagged, holds, Rect, RectDef};
use super::Writes;
use crate::engine::grid;
use crate::engine::row_versions::RowSet;
use crate::engine::state::State;
use crate::engine::value::Type;
use crate::engine::Flow;
use crate::lang::Program;
use crate::rng::Rng;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;

/// Declares a tile operator's rule-file `Params`: the struct as written, plus the tile header
/// fields and a `header()` method giving them to [`TileHeader::compile`].
///
/// `header: writes` adds `layer`, `area`, `when` and `protected` (an operator that writes its
/// layer: cells flagged in a `protected` layer are never written); `header: reads` adds
/// `layer`, `area` and `when` (an operator that only reads its layer, or writes cells a flag
/// layer cannot guard).
///
/// ```ignore
/// tile_params! {
///     header: writes,
///     /// Rule-file parameters of `NoiseFill(...)`.
///     #[derive(Debug, Clone, Deserialize)]
///     #[serde(deny_unknown_fields)]
///     pub struct Params {
///         /// The value of a chosen tile, an expression (0..=65535).
///         pub value: Src,
///     }
/// }
/// ```
#[macro_export]
macro_rules! tile_params {
    (header: writes, $(#[$meta:meta])* pub struct Params { $($fields:tt)* }) => {
        $(#[$meta])*
        pub struct Params {
            // header fields (writes): begin
            /// The tile layer the step works on, by name (created on first use, all 0).
            pub layer: $crate::ruleset::src::Src,
            /// The area, a rectangle `(x: .., y: .., w: .., h: ..)` or an area expression
            /// (`"room(r)"`, `"inset(grid(), 1)"`); nothing outside it is read or written.
            /// Default: the whole grid.
            #[serde(default)]
            pub area: Option<$crate::operator::args::RectDef>,
            /// Condition, a true/false expression; the step does nothing when it is false.
            /// Default: always.
            #[serde(default)]
            pub when: Option<$crate::ruleset::src::Src>,
            /// Flag layers: cells where one is non-zero are never written. Default none.
            #[serde(default)]
            pub protected: Vec<$crate::ruleset::src::Src>,
            // header fields (writes): end
            $($fields)*
        }

        impl Params {
            /// The tile header's fields, for [`TileHeader::compile`](crate::operator::header::TileHeader::compile).
            pub fn header(&self) -> $crate::operator::header::HeaderDef<'_> {
                $crate::operator::header::HeaderDef {
                    layer: &self.layer,
                    area: self.area.as_ref(),
                    when: self.when.as_ref(),
                    protected: &self.protected,
                }
            }
        }
    };
    (header: reads, $(#[$meta:meta])* pub struct Params { $($fields:tt)* }) => {
        $(#[$meta])*
        pub struct Params {
            // header fields (reads): begin
            /// The tile layer the step works on, by name (created on first use, all 0).
            pub layer: $crate::ruleset::src::Src,
            /// The area, a rectangle `(x: .., y: .., w: .., h: ..)` or an area expression
            /// (`"room(r)"`, `"inset(grid(), 1)"`); nothing outside it is read or written.
            /// Default: the whole grid.
            #[serde(default)]
            pub area: Option<$crate::operator::args::RectDef>,
            /// Condition, a true/false expression; the step does nothing when it is false.
            /// Default: always.
            #[serde(default)]
            pub when: Option<$crate::ruleset::src::Src>,
            // header fields (reads): end
            $($fields)*
        }

        impl Params {
            /// The tile header's fields, for [`TileHeader::compile`](crate::operator::header::TileHeader::compile).
            pub fn header(&self) -> $crate::operator::header::HeaderDef<'_> {
                $crate::operator::header::HeaderDef {
                    layer: &self.layer,
                    area: self.area.as_ref(),
                    when: self.when.as_ref(),
                    protected: &[],
                }
            }
        }
    };
}

/// The tile header as a rule file wrote it (see [`tile_params!`](crate::tile_params)).
#[derive(Debug, Clone, Copy)]
pub struct HeaderDef<'a> {
    /// The layer's name.
    pub layer: &'a Src,
    /// The area, when given.
    pub area: Option<&'a RectDef>,
    /// The condition, when given.
    pub when: Option<&'a Src>,
    /// The flag layers' names.
    pub protected: &'a [Src],
}

/// The tile header, compiled: the layer, the optional `area` (the cells the operator works on,
/// a [`RectDef`]: fields or an area expression; absent = the whole grid), the optional `when`
/// condition and the `protected` flag layers. An area that is not empty but lies wholly
/// outside the grid is a failure point of the step ("area `...` outside the tile grid", at
/// the area's position), seen by an enclosing `Retry` like a failed `Require`.
#[derive(Debug, Clone)]
pub struct TileHeader {
    /// The tile layer.
    pub layer: u16,
    area: Option<(Rect, u32)>,
    when: Option<Program>,
    /// The flag layers.
    pub protected: Vec<u16>,
}

impl TileHeader {
    /// Compile the header fields (every error reported to `cx`): those of a [`tile_params!`](crate::tile_params)
    /// struct come from its `header()`.
    pub fn compile(cx: &mut Cx, def: HeaderDef<'_>) -> Option<TileHeader> {
        let HeaderDef {
            layer,
            area,
            when,
            protected,
        } = def;
        let layer = cx.layer(layer);
        let area = area.map(|a| {
            let outside = cx.failure_point(
                format!("area `{}` outside the tile grid", describe(a)),
                a.anchor(),
            );
            a.compile(cx).map(|r| (r, outside))
        });
        let when = match when {
            None => Some(None),
            Some(s) => cx.expr(s, Type::Bool).map(Some),
        };
        let protected = flag_layers(cx, protected);
        Some(TileHeader {
            layer,
            area: match area {
                None => None,
                Some(a) => Some(a?),
            },
            when: when?,
            protected,
        })
    }

    /// Start a run: `Err(Flow::Continue)` when `when` is false, `Err(Flow::Fail(..))` when
    /// a non-empty area lies wholly outside the grid; otherwise the area now, clipped to the
    /// grid (the whole grid without one; possibly empty). `when` is evaluated before the
    /// area.
    #[inline]
    pub fn begin(&self, st: &mut State) -> Result<grid::Rect, Flow> {
        if !holds(&self.when, st) {
            return Err(Flow::Continue);
        }
        Ok(match &self.area {
            Some((a, outside)) => {
                let r = a.eval(st);
                let c = r.clip(st.width, st.height);
                if c.is_empty() && !r.is_empty() {
                    return Err(Flow::Fail(*outside));
                }
                c
            }
            None => grid::Rect::of_size(st.width, st.height),
        })
    }

    /// Run a painting step through the header: [`TileHeader::begin`], then `paint` on the
    /// area (empty areas included), with the protected cells put back afterwards
    /// ([`TileHeader::guard`] / [`TileHeader::restore`]). Returns `begin`'s flow when it
    /// stops the step, else `paint`'s.
    pub fn guarded(
        &self,
        st: &mut State,
        paint: impl FnOnce(&mut State, grid::Rect) -> Flow,
    ) -> Flow {
        self.within(st, |st, r| {
            let saved = self.guard(st, r);
            let flow = paint(st, r);
            self.restore(st, &saved);
            flow
        })
    }

    /// Run a step through the header: [`TileHeader::begin`], then `step` on the area (empty
    /// areas included; protected cells are left to the step). Returns `begin`'s flow when
    /// it stops the step, else `step`'s.
    #[inline]
    pub fn within(
        &self,
        st: &mut State,
        step: impl FnOnce(&mut State, grid::Rect) -> Flow,
    ) -> Flow {
        match self.begin(st) {
            Ok(r) => step(st, r),
            Err(f) => f,
        }
    }

    /// The cells of `area` on the header's layer that a protected flag layer covers, with
    /// their values now: an operator that paints freely (brushes, corridors) takes this
    /// before painting and gives it to [`TileHeader::restore`] after. Empty (and free) without
    /// `protected`.
    pub fn guard(&self, st: &State, area: grid::Rect) -> Vec<(i32, i32, u16)> {
        if self.protected.is_empty() {
            return Vec::new();
        }
        let g = st.grid(self.layer);
        area.cells()
            .filter(|&(x, y)| self.flagged(st, x, y))
            .map(|(x, y)| (x, y, g.at(x, y)))
            .collect()
    }

    /// Write back the protected cells saved by [`TileHeader::guard`].
    pub fn restore(&self, st: &mut State, saved: &[(i32, i32, u16)]) {
        let mut g = st.grid_mut(self.layer);
        for &(x, y, v) in saved {
            g.set(x, y, v);
        }
    }

    /// What a step that writes only the header's layer writes ([`super::Runnable::writes`]).
    pub fn writes_layer(&self) -> Writes<'_> {
        Writes::layers(std::slice::from_ref(&self.layer))
    }

    /// What a step that writes the header's layer and the variable slots `vars` writes
    /// ([`super::Runnable::writes`]; e.g. [`super::num_var::NumVar::slots`]).
    pub fn writes_with<'a>(&'a self, vars: &'a [u16]) -> Writes<'a> {
        Writes::Only {
            layers: std::slice::from_ref(&self.layer),
            vars,
        }
    }

    /// Whether a protected flag layer is set at `(x, y)`, which must be in the grid.
    #[inline]
    pub fn flagged(&self, st: &State, x: i32, y: i32) -> bool {
        flagged(st, &self.protected, x, y)
    }

    /// The cells `x0..x1` of row `y` (in the grid, 1 to 64 of them) that no protected flag
    /// layer sets: bit `k` for cell `x0 + k`.
    #[inline]
    pub fn unflagged_bits(&self, st: &State, y: i32, x0: i32, x1: i32) -> u64 {
        debug_assert!((1..=64).contains(&(x1 - x0)));
        let all = u64::MAX >> (64 - (x1 - x0));
        self.protected.iter().fold(all, |bits, &l| {
            bits & crate::engine::row_bits::eq_bits(st.grid(l).row(y, x0, x1), 0)
        })
    }

    /// Run `pass` over the header's layer taken out of the state ([`LayerPass`]: the layer,
    /// the flag layers read beside it, the rows written), with the random stream: for a
    /// raster pass that draws (through [`crate::rng::Rng::draw_loop2`], the generator and
    /// bounds chosen once) while it writes. The layer goes back with the rows written.
    pub fn drawing_pass<O>(
        &self,
        st: &mut State,
        pass: impl FnOnce(&mut LayerPass<'_>, &mut Rng) -> O,
    ) -> O {
        let l = self.layer;
        let mut tiles = st.take_layer(l);
        let mut written: RowSet = st.scratch.take();
        written.clear(st.height);
        let dims = grid::Dims::new(st.width, st.height);
        let (layers, rng) = st.layers_and_rng();
        let mut lp = LayerPass {
            g: grid::GridMut::new(&mut tiles, dims.width, dims.height),
            flags: Flags {
                protected: &self.protected,
                layer: l,
                layers,
                dims,
            },
            written: &mut written,
        };
        let out = pass(&mut lp, rng);
        st.put_layer(l, tiles, Some(&written));
        st.scratch.put(written);
        out
    }
}

/// A pass over a [`TileHeader`]'s layer while it is out of the state
/// ([`TileHeader::drawing_pass`]): write through [`LayerPass::set`] (the rows written are
/// told to the state when the pass ends).
pub struct LayerPass<'a> {
    /// The layer.
    pub g: grid::GridMut<'a>,
    flags: Flags<'a>,
    written: &'a mut RowSet,
}

impl LayerPass<'_> {
    /// Write `v` at `(x, y)` (in the grid).
    #[inline]
    pub fn set(&mut self, x: i32, y: i32, v: u16) {
        self.g.set(x, y, v);
        self.written.insert(y);
    }

    /// Whether a protected flag layer is set at cell `i` (a flat index,
    /// [`grid::Dims::index`]).
    #[inline]
    pub fn flagged(&self, i: usize) -> bool {
        self.flags.at(self.g.as_slice(), i)
    }

    /// [`TileHeader::unflagged_bits`]: the cells `x0..x1` of row `y` (1 to 64 of them) that
    /// no flag layer sets, bit `k` for cell `x0 + k`.
    #[inline]
    pub fn unflagged_bits(&self, y: i32, x0: i32, x1: i32) -> u64 {
        self.flags.unflagged_bits(self.g.as_slice(), y, x0, x1)
    }
}

/// The protected flag layers of a [`TileHeader`] read while its layer is out of the state
/// ([`LayerPass`]). Cells are flat indices of the grid ([`grid::Dims::index`]); `own` is
/// the layer taken out.
#[derive(Clone, Copy)]
struct Flags<'a> {
    protected: &'a [u16],
    layer: u16,
    layers: &'a [Vec<u16>],
    dims: grid::Dims,
}

impl Flags<'_> {
    /// The values of flag layer `p`: the layer itself when `p` is the one taken out.
    #[inline(always)]
    fn of<'b>(&'b self, p: u16, own: &'b [u16]) -> &'b [u16] {
        match p == self.layer {
            true => own,
            false => &self.layers[p as usize],
        }
    }

    /// Whether a flag layer is set at cell `i`.
    #[inline]
    fn at(&self, own: &[u16], i: usize) -> bool {
        self.protected.iter().any(|&p| self.of(p, own)[i] != 0)
    }

    /// [`TileHeader::unflagged_bits`]: the cells `x0..x1` of row `y` (1 to 64 of them) that
    /// no flag layer sets, bit `k` for cell `x0 + k`.
    #[inline]
    fn unflagged_bits(&self, own: &[u16], y: i32, x0: i32, x1: i32) -> u64 {
        debug_assert!((1..=64).contains(&(x1 - x0)));
        let all = u64::MAX >> (64 - (x1 - x0));
        let i = self.dims.index(x0, y);
        self.protected.iter().fold(all, |bits, &p| {
            let row = &self.of(p, own)[i..i + (x1 - x0) as usize];
            bits & crate::engine::row_bits::eq_bits(row, 0)
        })
    }
}

/// How an area reads in messages: the expression, or `(x, y, w, h)`.
fn describe(a: &RectDef) -> String {
    match a {
        RectDef::Fields { x, y, w, h } => format!("({x}, {y}, {w}, {h})"),
        RectDef::Expr(e) => e.text.clone(),
    }
}
