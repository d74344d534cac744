//! Compiling a call of a built-in function: the name looked up in the function table
//! ([`FUNCS`]), the arguments checked against its parameters (names of lists, room kinds
//! and markers resolved to indices, the set of tiles of a walking function to a walkable
//! set), then one `Call` of the resolved [`Func`].

use super::{Compiler, Op, WalkOn};
use crate::engine::value::{Type, Value};
use crate::lang::areas::Cut;
use crate::lang::funcs::{FnDef, Func, FUNCS, P};
use crate::lang::nearest::nearest;
use crate::lang::parse::{Node, NodeKind, Span};

/// What a call's arguments resolved to, besides the values they push.
#[derive(Default)]
struct Args {
    /// The list of rooms named (a [`P::List`] parameter).
    list: u16,
    /// The room kind named ([`P::Kind`]).
    kind: u16,
    /// The marker named ([`P::Marker`]).
    marker: u16,
    /// The type of the room, cell or area given to `neighbours`, `x`, `y`, `w` or `h`.
    place: Option<Type>,
    /// How many values the arguments push.
    pushed: isize,
}

impl Compiler<'_> {
    /// Compile a call of function `name` (written at `name_span`; the whole call at
    /// `span`); its type. A problem is reported and leaves a placeholder value.
    pub(super) fn call(&mut self, name: &str, name_span: Span, args: &[Node], span: Span) -> Type {
        let Some(def) = FUNCS.iter().find(|f| f.name == name) else {
            self.unknown_function(name, name_span);
            self.emit(Op::Push(Value::Nil), 1);
            return Type::Num;
        };
        if let Some(ty) = self.items_call(name, args, span) {
            return ty;
        }
        if name == "min" || name == "max" {
            return self.min_max(def, args, span);
        }
        let (walk, params, args) = self.walk_arg(def.params, args, name_span);
        if args.len() != params.len() {
            self.wrong_count(def, params.len(), args.len(), span);
            self.emit(Op::Push(Value::Nil), 1);
            return def.ret;
        }
        let mut r = Args::default();
        for (p, a) in params.iter().zip(args) {
            match p {
                P::Walk => unreachable!("a set of tiles is only a first parameter"),
                P::Place => {
                    self.place_arg(a);
                    r.pushed += 1;
                }
                P::Marker => r.marker = self.marker_arg(a),
                P::V(t) => {
                    if let Some(got) = self.value_arg(name, *t, a) {
                        r.place = Some(got);
                    }
                    r.pushed += 1;
                }
                P::List => r.list = self.list_arg(a).unwrap_or(r.list),
                P::Kind => r.kind = self.kind_arg(a).unwrap_or(r.kind),
            }
        }
        self.emit(Op::Call(func(name, walk, &r)), 1 - r.pushed);
        def.ret
    }

    /// Report an unknown function, with the nearest name or the list of them.
    fn unknown_function(&mut self, name: &str, name_span: Span) {
        let help = nearest(name, FUNCS.iter().map(|f| f.name))
            .map(|n| format!("did you mean `{n}`?"))
            .unwrap_or_else(|| {
                format!(
                    "the functions are: {}",
                    FUNCS.iter().map(|f| f.name).collect::<Vec<_>>().join(", ")
                )
            });
        self.err(name_span, format!("unknown function `{name}`"), Some(help));
    }

    /// `min` or `max` of two to 255 numbers.
    fn min_max(&mut self, def: &FnDef, args: &[Node], span: Span) -> Type {
        let name = def.name;
        if args.len() < 2 || args.len() > 255 {
            self.err(
                span,
                format!("`{name}` takes two or more numbers"),
                Some(def.doc.into()),
            );
        }
        for a in args {
            self.expect(a, Type::Num);
        }
        let n = args.len().clamp(1, 255) as u8;
        let f = if name == "min" {
            Func::Min(n)
        } else {
            Func::Max(n)
        };
        self.emit(Op::Call(f), 1 - n as isize);
        Type::Num
    }

    /// Report a call with `found` arguments where `want` are needed (after the optional
    /// set of tiles, when the function takes one).
    fn wrong_count(&mut self, def: &FnDef, want: usize, found: usize, span: Span) {
        let after = if want < def.params.len() {
            " (after an optional set of tiles)"
        } else {
            ""
        };
        let s = if want == 1 { "" } else { "s" };
        self.err(
            span,
            format!(
                "`{}` takes {want} argument{s}{after}, found {found}",
                def.name
            ),
            Some(def.doc.into()),
        );
    }

    /// A [`P::Place`] argument: a cell, a room or an area.
    fn place_arg(&mut self, a: &Node) {
        let got = self.node(a);
        if !matches!(got, Type::Cell | Type::Room | Type::Area) {
            self.err(
                a.span,
                format!(
                    "expected a cell, a room or an area, found {}",
                    got.describe()
                ),
                None,
            );
        }
    }

    /// A [`P::V`] argument of type `t`; but `neighbours` accepts a room or a cell, `x`, `y`
    /// also an area, `w`, `h` a room or an area: for those, the type given.
    fn value_arg(&mut self, name: &str, t: Type, a: &Node) -> Option<Type> {
        if !matches!(name, "neighbours" | "x" | "y" | "w" | "h") {
            self.expect(a, t);
            return None;
        }
        let got = self.node(a);
        let ok = match name {
            "neighbours" => got == Type::Room || got == Type::Cell,
            "w" | "h" => got == Type::Room || got == Type::Area,
            _ => got != Type::Num && got != Type::Bool,
        };
        if !ok {
            let want = match name {
                "neighbours" => "a room or a cell",
                "w" | "h" => "a room or an area",
                _ => "a room, a cell or an area",
            };
            self.err(
                a.span,
                format!("expected {want}, found {}", got.describe()),
                None,
            );
        }
        Some(got)
    }

    /// The index of the list of rooms named by argument `a` (`None` after an error).
    fn list_arg(&mut self, a: &Node) -> Option<u16> {
        let NodeKind::Name(n) = &a.kind else {
            self.err(a.span, "expected the name of a list of rooms".into(), None);
            return None;
        };
        if let Some(l) = self.scope.list(n) {
            return Some(l);
        }
        let names = self.scope.list_names();
        let help = nearest(n, names.iter().map(|s| s.as_str()))
            .map(|m| format!("did you mean `{m}`?"))
            .unwrap_or_else(|| {
                if names.is_empty() {
                    "no earlier step creates a list".to_string()
                } else {
                    format!("the lists are: {}", names.join(", "))
                }
            });
        self.err(a.span, format!("unknown list `{n}`"), Some(help));
        None
    }

    /// The index of the room kind named by argument `a` (`None` after an error).
    fn kind_arg(&mut self, a: &Node) -> Option<u16> {
        let NodeKind::Name(n) = &a.kind else {
            self.err(a.span, "expected the name of a room kind".into(), None);
            return None;
        };
        if let Some(k) = self.scope.kind(n) {
            return Some(k);
        }
        let names = self.scope.kind_names();
        let names: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
        let help = crate::lang::nearest::suggest(n, &names, "room kinds");
        self.err(a.span, format!("unknown room kind `{n}`"), Some(help));
        None
    }

    /// The walkable set of a walking function (`params` starts with [`P::Walk`]): its id,
    /// and the parameters and arguments left once the optional `layer[...]` is taken.
    fn walk_arg<'n>(
        &mut self,
        params: &'static [P],
        args: &'n [Node],
        name_span: Span,
    ) -> (u16, &'static [P], &'n [Node]) {
        if !matches!(params.first(), Some(P::Walk)) {
            return (0, params, args);
        }
        let (on, rest, span) = match args.first() {
            Some(Node {
                kind: NodeKind::TileSet(layer, items),
                span,
            }) => (
                WalkOn::Tiles {
                    layer,
                    span: *span,
                    items,
                },
                &args[1..],
                *span,
            ),
            _ => (WalkOn::Default, args, name_span),
        };
        let walk = match self.scope.walkable(on, span) {
            Ok(w) => w,
            Err(e) => {
                self.errors.push(e);
                0
            }
        };
        (walk, &params[1..], rest)
    }

    /// The index of the marker argument `a` (0 after an error).
    fn marker_arg(&mut self, a: &Node) -> u16 {
        let NodeKind::Name(n) = &a.kind else {
            self.err(a.span, "expected the name of a marker".into(), None);
            return 0;
        };
        if let Some(m) = self.scope.marker(n) {
            return m;
        }
        let names = self.scope.marker_names();
        let help = nearest(n, names.iter().map(|s| s.as_str()))
            .map(|m| format!("did you mean `{m}`?"))
            .unwrap_or_else(|| {
                if names.is_empty() {
                    "no earlier step sets a marker".to_string()
                } else {
                    format!("the markers are: {}", names.join(", "))
                }
            });
        self.err(a.span, format!("unknown marker `{n}`"), Some(help));
        0
    }
}

/// The function `name` calls, with what its arguments resolved to (`walk`: the walkable
/// set of a walking function).
fn func(name: &str, walk: u16, r: &Args) -> Func {
    match name {
        "rnd" => Func::Rnd,
        "chance" => Func::Chance,
        "floor" => Func::Floor,
        "ceil" => Func::Ceil,
        "round" => Func::Round,
        "abs" => Func::Abs,
        "len" => Func::Len(r.list),
        "first" => Func::First(r.list),
        "last" => Func::Last(r.list),
        "pop_random" => Func::PopRandom(r.list),
        "pop_last" => Func::PopLast(r.list),
        "pop_first" => Func::PopFirst(r.list),
        "contains" => Func::Contains(r.list),
        "adjacent" => Func::Adjacent,
        "neighbours" if r.place == Some(Type::Cell) => Func::NeighbourCells,
        "neighbours" => Func::NeighbourRooms,
        "count" => Func::Count(r.kind),
        "is" => Func::Is(r.kind),
        "exists" => Func::Exists,
        "cell" => Func::Cell,
        "x" => Func::X,
        "y" => Func::Y,
        "w" => Func::W,
        "h" => Func::H,
        "size" => Func::Size,
        "dist" => Func::Dist,
        "clear_line" => Func::ClearLine,
        "room" => Func::RoomArea,
        "inset" => Func::Inset,
        "rect" => Func::RectArea,
        "grid" => Func::GridArea,
        "split" => Func::Split(Cut::Longer),
        "split_columns" => Func::Split(Cut::Columns),
        "split_rows" => Func::Split(Cut::Rows),
        "centre" => Func::Centre,
        "random_cell" => Func::RandomCell,
        "random_area" => Func::RandomArea,
        "grow" => Func::Grow,
        "intersect" => Func::Intersect,
        "span" => Func::Span,
        "inside" => Func::Inside,
        "marker" => Func::Marker(r.marker),
        "walk_distance" => Func::WalkDistance(walk),
        "farthest" => Func::Farthest(walk),
        "connected" => Func::Connected(walk),
        "regions" => Func::Regions(walk),
        "largest_region" => Func::LargestRegion(walk),
        other => unreachable!("function table and dispatch disagree on {other}"),
    }
}
