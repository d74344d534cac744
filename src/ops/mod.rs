//! Operators: one file per generic technique, named after the operator (the snake case of
//! its rule-file name). Each holds a `Params` implementing [`Operator`] (what a rule file
//! writes) and a `Compiled` implementing [`Runnable`] (what runs); the contract is documented in
//! [`crate::operator`].
//!
//! The single list below is the registry: one line per operator, its doc line the operator's
//! one-line summary (the one source of `undercroft ops`, the preview and the docs). It
//! generates the rule-file step enum, the compiled enum and their dispatch, so adding an
//! operator is one new file plus one line here. The control steps that hold steps
//! (`Retry`, `If`, `ForEach`, `Repeat`, `While`, `Procedure`) are defined generically in
//! [`crate::operator::control`] and instantiated at the bottom ([`RetryDef`], ...).

use crate::engine::state::State;
use crate::engine::Flow;
use crate::operator::control;
use crate::operator::{Operator, Runnable, Writes};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

pub mod add_room;
pub mod assign_layouts;
pub mod assign_themes;
pub mod bounded_flood;
pub mod bud_rooms;
pub mod carve_doors;
pub mod carve_rooms;
pub mod cellular_automaton;
pub mod clean_regions;
pub mod connect_regions;
pub mod convert_wall_runs;
pub mod count_cells;
pub mod count_regions;
pub mod crawl_blocks;
pub mod distance_field;
pub mod divide_rooms;
pub mod draw_rooms;
pub mod edge_corridors;
pub mod fence_lines;
pub mod fill_rect;
pub mod fill_templates;
pub mod fill_voids;
pub mod fix_rules;
pub mod flood_regions;
pub mod grow_maze;
pub mod grow_room_graph;
pub mod grow_shapes;
pub mod marching_squares;
pub mod mirror;
pub mod noise_fill;
pub mod partition_walls;
pub mod pick_room;
pub mod place_adjacent;
pub mod place_by_neighbours;
pub mod place_by_score;
pub mod place_miniset;
pub mod place_set_piece;
pub mod random_variants;
pub mod random_walk;
pub mod remove_dead_ends;
pub mod reshape_room;
pub mod river_walk;
pub mod roughen_runs;
pub mod scatter_miniset;
pub mod set_kind;
pub mod special_rooms;
pub mod stamp;
pub mod substitute_decorations;
pub mod tile_patterns;
pub mod trim_list;
pub mod walk_corridors;
pub mod wall_run_doors;
pub mod wave_function_collapse;

macro_rules! operators {
    ($( #[doc = $summary:literal] $variant:ident => $module:ident ),* $(,)?) => {
        /// A step as written in a rule file: a control step or an operator.
        #[derive(Debug, Clone, Deserialize)]
        pub enum StepDef {
            /// `Let("name", "expression")`: evaluate and store in a variable.
            Let(Src, Src),
            /// `Require("condition")`: when false, restart the enclosing `Retry`.
            Require(Src),
            /// `Check("condition", "message")`: a `Require` that says `message` when it fails
            /// (e.g. "the quest needs --param setpiece=FILE.dun").
            Check(Src, Src),
            /// Run steps again until every `Require` among them holds.
            Retry(RetryDef),
            /// Run `then` or `else` depending on a condition.
            If(IfDef),
            /// Run steps once per room (or list item, or marker), binding it to a variable.
            ForEach(ForEachDef),
            /// Run steps a counted number of times, the state carrying over.
            Repeat(RepeatDef),
            /// Run steps while a condition holds, the state carrying over.
            While(WhileDef),
            /// `Push("list", "expression")`: append a room, an area, a cell or the two
            /// areas of a split to a list (created by its first `Push`).
            Push(Src, Src),
            /// Define a named block of steps with parameters, which `Call` runs.
            Procedure(ProcedureDef),
            /// `Call("name", ["argument", ...])`: run a procedure with these arguments
            /// (expressions, one per parameter).
            Call(Src, Vec<Src>),
            /// `Named("name", step)`: give a step a name, for `patch` edits and the trace.
            Named(Src, Box<StepDef>),
            $( #[doc = $summary] $variant($module::Params), )*
        }

        /// A compiled operator.
        #[derive(Debug)]
        pub enum CompiledOp {
            $( #[doc = $summary] $variant($module::Compiled), )*
        }

        impl StepDef {
            /// The step's kind, as written in rule files.
            pub fn kind_name(&self) -> &'static str {
                match self {
                    StepDef::Let(..) => "Let",
                    StepDef::Require(..) => "Require",
                    StepDef::Check(..) => "Check",
                    StepDef::Retry(..) => "Retry",
                    StepDef::If(..) => "If",
                    StepDef::ForEach(..) => "ForEach",
                    StepDef::Repeat(..) => "Repeat",
                    StepDef::While(..) => "While",
                    StepDef::Push(..) => "Push",
                    StepDef::Procedure(..) => "Procedure",
                    StepDef::Call(..) => "Call",
                    StepDef::Named(..) => "Named",
                    $( StepDef::$variant(_) => stringify!($variant), )*
                }
            }

            /// The first located string of an operator's parameters (to point at the step).
            pub fn anchor(&self) -> Option<&Src> {
                match self {
                    $( StepDef::$variant(p) => p.anchor(), )*
                    _ => None,
                }
            }

            /// Compile an operator step; `None` for control steps (compiled by the loader)
            /// or when the operator reported errors to `cx`.
            pub fn compile_op(&self, cx: &mut Cx) -> Option<CompiledOp> {
                match self {
                    $( StepDef::$variant(p) => p.compile(cx).map(CompiledOp::$variant), )*
                    _ => None,
                }
            }
        }

        impl CompiledOp {
            /// Run the operator on the state ([`Runnable::run`]).
            #[inline]
            pub fn run(&self, st: &mut State) -> Flow {
                match self {
                    $( CompiledOp::$variant(o) => o.run(st), )*
                }
            }

            /// What the operator may write ([`Runnable::writes`]).
            pub fn writes(&self) -> Writes<'_> {
                match self {
                    $( CompiledOp::$variant(o) => o.writes(), )*
                }
            }
        }

        /// Every operator, in registry order: (name in rule files, module name, one-line
        /// summary with a leading space, as the doc attribute holds it; see [`operators`]).
        const REGISTRY: &[(&str, &str, &str)] = &[
            $( (stringify!($variant), stringify!($module), $summary), )*
        ];
    };
}

operators! {
    /// Breadth-first room growth on a grid from a start cell.
    GrowRoomGraph => grow_room_graph,
    /// Take a room from a list and give it a kind.
    PickRoom => pick_room,
    /// Place a room in an empty cell chosen by random tries and a neighbour test.
    PlaceByNeighbours => place_by_neighbours,
    /// Give rooms from a list kinds from an ordered table of conditions.
    SpecialRooms => special_rooms,
    /// Room growth over door slots with multi-cell shapes.
    GrowShapes => grow_shapes,
    /// Take the first qualifying room of a list and reshape it into a wanted shape.
    ReshapeRoom => reshape_room,
    /// Place a one-cell room at the empty cell with the best neighbour score.
    PlaceByScore => place_by_score,
    /// Give rooms layouts from a room pool.
    AssignLayouts => assign_layouts,
    /// Keep only the first or last entries of a room list.
    TrimList => trim_list,
    /// Place a one-cell room next to a given room, directions in order of preference.
    PlaceAdjacent => place_adjacent,
    /// Give the room an expression names a new kind.
    SetKind => set_kind,
    /// Record the room cells an area covers as a room (rooms drawn from areas).
    AddRoom => add_room,
    /// Set every cell of a rectangle of a tile layer to a value.
    FillRect => fill_rect,
    /// Recursively bud rooms off parent rectangles on a mask layer.
    BudRooms => bud_rooms,
    /// Count the cells of a layer holding given values into a variable.
    CountCells => count_cells,
    /// Tile a layer from the 2x2 blocks of a mask through a table.
    MarchingSquares => marching_squares,
    /// Write a pattern's replace grid at a point.
    Stamp => stamp,
    /// Apply a list of neighbour fix rules in one raster pass.
    FixRules => fix_rules,
    /// Run partition walls with doors across open floor from trigger tiles.
    PartitionWalls => partition_walls,
    /// Place a miniset once where it matches, scanning from a random cell.
    PlaceMiniset => place_miniset,
    /// Replace random cells by a random member of their tile's substitution class.
    SubstituteDecorations => substitute_decorations,
    /// Replace each cell holding a tile by a randomly drawn variant.
    RandomVariants => random_variants,
    /// Copy a tile grid from a file parameter into a layer.
    PlaceSetPiece => place_set_piece,
    /// Record connected regions of given tiles as rooms of a kind.
    FloodRegions => flood_regions,
    /// Place a miniset at random wherever it matches, in raster order.
    ScatterMiniset => scatter_miniset,
    /// Copy a region onto its mirror images (horizontal, vertical, both).
    Mirror => mirror,
    /// Dig corridors from a region's right and bottom edges to its layout.
    EdgeCorridors => edge_corridors,
    /// Carve walled rooms with a doorway into open floor.
    CarveRooms => carve_rooms,
    /// Recursive division: a random room per area, four strips around it, halls recorded.
    DivideRooms => divide_rooms,
    /// Drunken corridor walk between recorded hall points; endless walks detected.
    WalkCorridors => walk_corridors,
    /// Grow extra rooms from straight walls into large empty voids.
    FillVoids => fill_voids,
    /// 3x3 pattern tiling from a symbol layer to tile ids (last match wins).
    TilePatterns => tile_patterns,
    /// Doors in straight wall runs that divide two floor areas.
    WallRunDoors => wall_run_doors,
    /// Grow a region from a seed block by recursively attaching rough-bordered blocks.
    CrawlBlocks => crawl_blocks,
    /// Re-roll long straight runs along an edge between two values (erosion).
    RoughenRuns => roughen_runs,
    /// Count the connected regions of given values into a variable.
    CountRegions => count_regions,
    /// Turn small enclosed regions into pools, found by a bounded two-walker flood.
    BoundedFlood => bounded_flood,
    /// Walk rivers over floor from source tiles to walls, with corners and a bridge.
    RiverWalk => river_walk,
    /// Turn straight runs of a wall tile into start, middle and end pieces.
    ConvertWallRuns => convert_wall_runs,
    /// Draw gapped fence lines across floor between walls, then gates.
    FenceLines => fence_lines,
    /// Set each tile of an area to a value with a probability.
    NoiseFill => noise_fill,
    /// Neighbour-count rules applied to an area at once, for some iterations.
    CellularAutomaton => cellular_automaton,
    /// Carve a random walk with a square brush.
    RandomWalk => random_walk,
    /// Fill small regions, keep the largest, or join regions with corridors.
    CleanRegions => clean_regions,
    /// Draw rooms of the room graph as rectangles inside their cells.
    DrawRooms => draw_rooms,
    /// Draw doors of the room graph as openings and corridors.
    CarveDoors => carve_doors,
    /// Give candidate rooms themes from the theme table until one's requirements hold.
    AssignThemes => assign_themes,
    /// Wave function collapse: fill an area from a tileset or the patterns of an example.
    WaveFunctionCollapse => wave_function_collapse,
    /// Fill the cells of an area from a pool of ASCII room templates, by exits and tags.
    FillTemplates => fill_templates,
    /// Write the walking distance from cells, markers, areas or tiles into a layer.
    DistanceField => distance_field,
    /// Carve a maze by growing tree (newest, random or oldest cell, mixed by weight).
    GrowMaze => grow_maze,
    /// Join the regions of a layer through random one-tile connectors, plus a few for loops.
    ConnectRegions => connect_regions,
    /// Fill dead ends, a number of passes or until none is left.
    RemoveDeadEnds => remove_dead_ends,
}

/// An operator of the registry: its name in rule files, its module in `src/ops/` and its
/// one-line summary.
#[derive(Debug, Clone, Copy)]
pub struct OperatorInfo {
    /// The name rule files write, e.g. `BudRooms`.
    pub name: &'static str,
    /// Its module in `src/ops/`, the snake case of the name, e.g. `bud_rooms`.
    pub module: &'static str,
    /// One line saying what it does (the registry's doc line).
    pub summary: &'static str,
}

/// Every operator, in registry order.
pub fn operators() -> impl Iterator<Item = OperatorInfo> {
    REGISTRY
        .iter()
        .map(|&(name, module, summary)| OperatorInfo {
            name,
            module,
            summary: summary.trim(),
        })
}

/// `Retry(...)` in a rule file ([`control::RetryDef`]).
pub type RetryDef = control::RetryDef<StepDef>;
/// `If(...)` in a rule file ([`control::IfDef`]).
pub type IfDef = control::IfDef<StepDef>;
/// `ForEach(...)` in a rule file ([`control::ForEachDef`]).
pub type ForEachDef = control::ForEachDef<StepDef>;
/// `Repeat(...)` in a rule file ([`control::RepeatDef`]).
pub type RepeatDef = control::RepeatDef<StepDef>;
/// `While(...)` in a rule file ([`control::WhileDef`]).
pub type WhileDef = control::WhileDef<StepDef>;
/// `Procedure(...)` in a rule file ([`control::ProcedureDef`]).
pub type ProcedureDef = control::ProcedureDef<StepDef>;

impl StepDef {
    /// The step lists a control step holds (its bodies and branches), in order; none for
    /// operators and the control steps without steps.
    pub fn bodies(&self) -> Vec<&Vec<StepDef>> {
        match self {
            StepDef::Retry(r) => vec![&r.steps],
            StepDef::If(i) => vec![&i.then, &i.otherwise],
            StepDef::ForEach(f) => vec![&f.steps],
            StepDef::Repeat(r) => vec![&r.steps],
            StepDef::While(w) => vec![&w.steps],
            StepDef::Procedure(p) => vec![&p.steps],
            StepDef::Named(_, inner) => inner.bodies(),
            _ => Vec::new(),
        }
    }

    /// [`StepDef::bodies`], to edit.
    pub fn bodies_mut(&mut self) -> Vec<&mut Vec<StepDef>> {
        match self {
            StepDef::Retry(r) => vec![&mut r.steps],
            StepDef::If(i) => vec![&mut i.then, &mut i.otherwise],
            StepDef::ForEach(f) => vec![&mut f.steps],
            StepDef::Repeat(r) => vec![&mut r.steps],
            StepDef::While(w) => vec![&mut w.steps],
            StepDef::Procedure(p) => vec![&mut p.steps],
            StepDef::Named(_, inner) => inner.bodies_mut(),
            _ => Vec::new(),
        }
    }
}
