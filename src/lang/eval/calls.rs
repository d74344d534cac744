//! The built-in functions of an expression, for the interpreter loop of the parent module:
//! [`call`] pops a call's arguments off the value stack and dispatches by family (numbers,
//! lists, cells and areas, spatial queries, rooms). Like the loop, they never allocate.

use crate::engine::grid::Rect;
use crate::engine::state::State;
use crate::engine::value::Value;
use crate::lang::areas;
use crate::lang::code::{min_or_max, rnd, rnd_bound, Unary};
use crate::lang::compile::{Func, MAX_STACK};
use crate::lang::funcs::ListFn;
use crate::rng::RandomSource;
use std::mem::MaybeUninit;

fn room_arg(v: Value, st: &State) -> Option<u32> {
    match v {
        Value::Room(r) if (r as usize) < st.rooms.len() => Some(r),
        _ => None,
    }
}

/// The tiles of a place argument of a spatial query: a cell's tile, a room's bounding box
/// of tiles, an area; `None` for no room (or no cell).
fn place(v: Value, st: &State) -> Option<Rect> {
    match v {
        Value::Cell(x, y) => Some(Rect::new(x, y, 1, 1)),
        Value::Area(..) => v.as_area().map(|[x, y, w, h]| Rect::new(x, y, w, h)),
        _ => room_arg(v, st).map(|r| {
            let [x, y, w, h] = st.room_tiles(r);
            Rect::new(x, y, w, h)
        }),
    }
}

/// The value on top of the stack (which the call's arguments were pushed onto).
#[inline(always)]
fn top_of(stack: &[MaybeUninit<Value>; MAX_STACK], sp: usize) -> Value {
    // SAFETY: a call with an argument runs with that argument on top of the stack.
    unsafe { stack[sp - 1].assume_init() }
}

/// Call `f` on the arguments on top of `stack`; `fault` is the program's failure point
/// (that of an area function given an empty area is the next one, see
/// [`Program::fault`](super::Program::fault)).
/// Dispatches by family: numbers, lists, cells and areas, spatial queries, rooms.
#[inline]
pub(super) fn call(
    f: Func,
    stack: &mut [MaybeUninit<Value>; MAX_STACK],
    sp: &mut usize,
    st: &mut State,
    fault: u32,
) -> Value {
    let a = &mut Args { stack, sp };
    match f {
        Func::Rnd | Func::Chance | Func::Floor | Func::Ceil | Func::Round | Func::Abs => {
            numbers(f, a, st)
        }
        Func::Min(_) | Func::Max(_) => numbers(f, a, st),
        Func::Len(_)
        | Func::First(_)
        | Func::Last(_)
        | Func::PopRandom(_)
        | Func::PopLast(_)
        | Func::PopFirst(_)
        | Func::Contains(_)
        | Func::Items(..) => lists(f, a, st),
        // `x`/`y` of a cell or an area are area functions, of a room (or no room) room ones
        Func::X | Func::Y if !matches!(top_of(a.stack, *a.sp), Value::Room(_) | Value::Nil) => {
            areas(f, a, st, fault)
        }
        Func::Cell
        | Func::Inset
        | Func::RectArea
        | Func::GridArea
        | Func::Split(_)
        | Func::Half(_)
        | Func::Centre
        | Func::RandomCell
        | Func::RandomArea
        | Func::Grow
        | Func::Intersect
        | Func::Span
        | Func::Inside => areas(f, a, st, fault),
        Func::Marker(_)
        | Func::WalkDistance(_)
        | Func::Farthest(_)
        | Func::Connected(_)
        | Func::Regions(_)
        | Func::LargestRegion(_) => spatial(f, a, st),
        _ => rooms(f, a, st),
    }
}

/// The arguments of a call: the values on top of the stack, the last argument on top.
struct Args<'a> {
    stack: &'a mut [MaybeUninit<Value>; MAX_STACK],
    sp: &'a mut usize,
}

impl Args<'_> {
    /// The next argument, last first.
    #[inline(always)]
    fn pop(&mut self) -> Value {
        *self.sp -= 1;
        // SAFETY: the arguments were pushed before the call.
        unsafe { self.stack[*self.sp].assume_init() }
    }
}

/// `rnd`, `chance`, rounding, `abs`, `min`, `max`.
#[inline(always)]
fn numbers(f: Func, args: &mut Args, st: &mut State) -> Value {
    match f {
        Func::Rnd => {
            let n = args.pop().num();
            Value::Num(rnd(rnd_bound(n), st))
        }
        Func::Chance => {
            let p = args.pop().num();
            Value::Bool(st.rng.chance(p))
        }
        Func::Floor => Value::Num(Unary::Floor.apply(args.pop().num())),
        Func::Ceil => Value::Num(Unary::Ceil.apply(args.pop().num())),
        Func::Round => Value::Num(Unary::Round.apply(args.pop().num())),
        Func::Abs => Value::Num(Unary::Abs.apply(args.pop().num())),
        Func::Min(n) | Func::Max(n) => {
            let is_min = matches!(f, Func::Min(_));
            let mut acc = args.pop().num();
            for _ in 1..n {
                let v = args.pop().num();
                acc = min_or_max(is_min, acc, v);
            }
            Value::Num(acc)
        }
        _ => unreachable!("`numbers` called for {f:?}"),
    }
}

/// The room-list functions.
#[inline(always)]
fn lists(f: Func, args: &mut Args, st: &mut State) -> Value {
    match f {
        Func::Len(l) => Value::Num(st.lists[l as usize].len() as f64),
        Func::First(l) => st.lists[l as usize]
            .first()
            .map_or(Value::Nil, |&r| Value::Room(r)),
        Func::Last(l) => st.lists[l as usize]
            .last()
            .map_or(Value::Nil, |&r| Value::Room(r)),
        Func::PopRandom(l) => {
            let n = st.lists[l as usize].len();
            if n == 0 {
                Value::Nil
            } else {
                let i = st.rng.below(n as i64) as usize;
                Value::Room(st.lists[l as usize].remove(i))
            }
        }
        Func::PopLast(l) => st.lists[l as usize].pop().map_or(Value::Nil, Value::Room),
        Func::PopFirst(l) => {
            if st.lists[l as usize].is_empty() {
                Value::Nil
            } else {
                Value::Room(st.lists[l as usize].remove(0))
            }
        }
        Func::Contains(l) => {
            let r = args.pop();
            Value::Bool(r.room().is_some_and(|r| st.lists[l as usize].contains(&r)))
        }
        Func::Items(lf, l) => {
            let item = if lf == ListFn::Contains {
                Some(args.pop())
            } else {
                None
            };
            items(lf, l, item, st)
        }
        _ => unreachable!("`lists` called for {f:?}"),
    }
}

/// Cells and areas: building, splitting, picking in, comparing them; `x`/`y` of a cell or
/// an area.
#[inline(always)]
fn areas(f: Func, args: &mut Args, st: &mut State, fault: u32) -> Value {
    match f {
        Func::X | Func::Y => match args.pop() {
            Value::Cell(x, y) => Value::Num(if f == Func::X { x } else { y } as f64),
            Value::Area(x, y, _, _) => Value::Num(if f == Func::X { x } else { y } as f64),
            _ => Value::Num(-1.0),
        },
        Func::Cell => {
            let y = args.pop().num();
            let x = args.pop().num();
            Value::Cell(x as i32, y as i32)
        }
        Func::Inset => {
            let n = args.pop().num();
            areas::inset(areas::rect(args.pop()), n)
        }
        Func::RectArea => {
            let h = args.pop().num() as i32;
            let w = args.pop().num() as i32;
            let y = args.pop().num() as i32;
            let x = args.pop().num() as i32;
            Value::area(x, y, w, h)
        }
        Func::GridArea => Value::area(0, 0, st.width, st.height),
        Func::Split(how) => {
            let n = args.pop().num();
            let a = areas::rect(args.pop());
            let v = areas::split(a, how, n);
            area_fault(v, st, fault, || Value::Pair(0, 0, 0, 0, 0, true))
        }
        Func::Half(first) => match args.pop().halves() {
            Some((a, b)) => {
                if first {
                    a
                } else {
                    b
                }
            }
            None => Value::area(0, 0, 0, 0),
        },
        Func::Centre => {
            let v = areas::centre(areas::rect(args.pop()));
            area_fault(v, st, fault, || Value::Cell(0, 0))
        }
        Func::RandomCell => {
            let v = areas::random_cell(areas::rect(args.pop()), st);
            area_fault(v, st, fault, || Value::Cell(0, 0))
        }
        Func::RandomArea => {
            let h = args.pop().num();
            let w = args.pop().num();
            let v = areas::random_area(areas::rect(args.pop()), w, h, st);
            area_fault(v, st, fault, || Value::area(0, 0, 0, 0))
        }
        Func::Grow => {
            let n = args.pop().num();
            areas::inset(areas::rect(args.pop()), -n)
        }
        Func::Intersect => {
            let b = areas::rect(args.pop());
            areas::intersect(areas::rect(args.pop()), b)
        }
        Func::Span => {
            let q = args.pop();
            areas::span(args.pop(), q)
        }
        Func::Inside => {
            let a = areas::rect(args.pop());
            Value::Bool(areas::inside(args.pop(), a))
        }
        _ => unreachable!("`areas` called for {f:?}"),
    }
}

/// Markers and the spatial queries over walkable tiles.
#[inline(always)]
fn spatial(f: Func, args: &mut Args, st: &mut State) -> Value {
    match f {
        Func::Marker(m) => match st.markers.get(m as usize) {
            Some(Some(p)) => Value::Cell(p.x, p.y),
            _ => Value::Nil,
        },
        Func::WalkDistance(w) => {
            let b = place(args.pop(), st);
            let a = place(args.pop(), st);
            let d = match (a, b) {
                (Some(a), Some(b)) => st.spatial().distance(w, a, b),
                _ => None,
            };
            Value::Num(d.map_or(-1.0, f64::from))
        }
        Func::Farthest(w) => match place(args.pop(), st) {
            Some(a) => st
                .spatial()
                .farthest(w, a)
                .map_or(Value::Nil, |(x, y)| Value::Cell(x, y)),
            None => Value::Nil,
        },
        Func::Connected(w) => {
            let b = place(args.pop(), st);
            let a = place(args.pop(), st);
            Value::Bool(match (a, b) {
                (Some(a), Some(b)) => st.spatial().connected(w, a, b),
                _ => false,
            })
        }
        Func::Regions(w) => Value::Num(f64::from(st.spatial().region_count(w))),
        Func::LargestRegion(w) => Value::Num(f64::from(st.spatial().largest_region(w))),
        _ => unreachable!("`spatial` called for {f:?}"),
    }
}

/// Rooms: adjacency, neighbours, kinds, sizes, distances, areas, `x`/`y`.
#[inline(always)]
fn rooms(f: Func, args: &mut Args, st: &mut State) -> Value {
    match f {
        Func::Adjacent => {
            let b = args.pop();
            let a = args.pop();
            Value::Bool(match (room_arg(a, st), room_arg(b, st)) {
                (Some(a), Some(b)) => st.adjacent(a, b),
                _ => false,
            })
        }
        Func::NeighbourRooms => {
            let a = args.pop();
            Value::Num(room_arg(a, st).map_or(0, |a| st.neighbour_rooms(a)) as f64)
        }
        Func::NeighbourCells => match args.pop() {
            Value::Cell(x, y) => Value::Num(st.occupied_neighbours(x, y) as f64),
            _ => Value::Num(0.0),
        },
        Func::Count(k) => Value::Num(st.rooms.iter().filter(|r| r.kind == k).count() as f64),
        Func::Is(k) => {
            let a = args.pop();
            Value::Bool(room_arg(a, st).is_some_and(|r| st.rooms[r as usize].kind == k))
        }
        Func::Exists => {
            let a = args.pop();
            Value::Bool(room_arg(a, st).is_some())
        }
        Func::W | Func::H => match args.pop() {
            Value::Area(_, _, w, h) => Value::Num(if f == Func::W { w } else { h } as f64),
            a => match room_arg(a, st) {
                Some(r) => {
                    let [_, _, w, h] = st.room_bounds(r);
                    Value::Num(if f == Func::W { w } else { h } as f64)
                }
                None => Value::Num(0.0),
            },
        },
        Func::Size => {
            let a = args.pop();
            Value::Num(room_arg(a, st).map_or(0, |r| st.rooms[r as usize].n_cells) as f64)
        }
        Func::ClearLine => {
            let n = args.pop().num();
            let a = args.pop();
            Value::Bool(room_arg(a, st).is_some_and(|r| st.clear_line(r, n as i32)))
        }
        Func::Dist => {
            let b = args.pop();
            let a = args.pop();
            match (room_arg(a, st), room_arg(b, st)) {
                (Some(a), Some(b)) => {
                    let d = st.door_distances(a)[b as usize];
                    Value::Num(if d == u32::MAX { -1.0 } else { d as f64 })
                }
                _ => Value::Num(-1.0),
            }
        }
        Func::RoomArea => {
            let a = args.pop();
            match room_arg(a, st) {
                Some(r) => {
                    let [x, y, w, h] = st.room_tiles(r);
                    Value::area(x, y, w, h)
                }
                None => Value::area(0, 0, 0, 0),
            }
        }
        Func::X | Func::Y => {
            let a = args.pop();
            match room_arg(a, st) {
                Some(r) if st.rooms[r as usize].n_cells > 0 => {
                    let c = st.cells_of(r)[0];
                    Value::Num(if f == Func::X { c.x } else { c.y } as f64)
                }
                _ => Value::Num(-1.0),
            }
        }

        _ => unreachable!("`rooms` called for {f:?}"),
    }
}

/// The value of an area function, or (recording fault `fault + 1`) `otherwise()` when it
/// was given an empty area.
#[inline]
fn area_fault(v: Option<Value>, st: &mut State, fault: u32, otherwise: fn() -> Value) -> Value {
    v.unwrap_or_else(|| {
        st.fault.get_or_insert(fault.wrapping_add(1));
        otherwise()
    })
}

/// List function `f` of value list `l` (`item`: the argument of `contains`). An empty list
/// gives `Nil` (an empty area where an area is read).
fn items(f: ListFn, l: u16, item: Option<Value>, st: &mut State) -> Value {
    let Some(list) = st.value_lists.get_mut(l as usize) else {
        return Value::Nil;
    };
    let n = list.len();
    match f {
        ListFn::Len => Value::Num(n as f64),
        ListFn::First => list.first().copied().unwrap_or(Value::Nil),
        ListFn::Last => list.last().copied().unwrap_or(Value::Nil),
        ListFn::PopLast => list.pop().unwrap_or(Value::Nil),
        ListFn::PopFirst if n > 0 => list.remove(0),
        ListFn::PopRandom if n > 0 => {
            let i = st.rng.below(n as i64) as usize;
            list.remove(i)
        }
        ListFn::PopFirst | ListFn::PopRandom => Value::Nil,
        ListFn::Contains => Value::Bool(item.is_some_and(|v| list.contains(&v))),
    }
}
