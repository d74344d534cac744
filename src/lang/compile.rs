//! Compiling a syntax tree into a flat, allocation-free program.
//!
//! Names are resolved once, here: variables and parameters to slots, list names and room-kind
//! names (as function arguments) to indices. Types are checked, so a rule set that loads never
//! meets a type error while generating.

pub use super::code::{Builtin, Op, MAX_STACK};
pub use super::funcs::function_docs;
pub use super::funcs::Func;
pub use super::nearest::nearest;
pub use super::parse::TileItem;
use super::parse::{BinOp, Node, NodeKind, Span, UnOp};
use super::tree::Tree;
use crate::engine::value::{Type, Value};

mod calls;
mod lists;
mod scope;
pub use scope::{CompileError, Scope, WalkOn};

/// A compiled expression.
#[derive(Debug, Clone, PartialEq)]
pub struct Program {
    /// The instructions.
    pub code: Box<[Op]>,
    /// The type of the value it computes.
    pub ty: Type,
    /// The failure point reported when it divides by zero (`/` or `%` with a right side
    /// of 0), [`NO_FAULT`] until the rule-set compiler registers one. When the program
    /// calls an area function that needs tiles ([`Program::needs_tiles`]), the next failure
    /// point (`fault + 1`) is the one reported when it is given an empty area.
    pub fault: u32,
    /// The same program as a tree of typed nodes, when it computes a number or a truth
    /// value from numbers, truth values and variables ([`Tree::of`]).
    pub tree: Option<Tree>,
}

/// [`Program::fault`] of a program that cannot divide (or has no failure point).
pub const NO_FAULT: u32 = u32::MAX;

impl Program {
    /// The program of stack code `code` computing a `ty` (its tree built when it has one),
    /// reporting `fault` when it divides by zero.
    pub fn new(code: Box<[Op]>, ty: Type, fault: u32) -> Program {
        let tree = Tree::of(&code);
        Program {
            code,
            ty,
            fault,
            tree,
        }
    }

    /// Whether the program divides (`/` or `%`), so that it may divide by zero.
    pub fn divides(&self) -> bool {
        self.code.iter().any(|o| matches!(o, Op::Div | Op::Mod))
    }

    /// Whether the program calls an area function that fails on an empty area (a split,
    /// `centre`, `random_cell`, `random_area`), see [`super::areas`].
    pub fn needs_tiles(&self) -> bool {
        self.code.iter().any(|o| {
            matches!(
                o,
                Op::Call(Func::Split(_) | Func::Centre | Func::RandomCell | Func::RandomArea)
            )
        })
    }

    /// Whether the value depends on nothing but the variables in `slots`: no other
    /// variable, no built-in, no function call (so no random draw, list or room access).
    /// Such a program gives the same value in every state whose `slots` hold the same
    /// values, and can be evaluated ahead of the run.
    pub fn reads_only(&self, slots: &[u16]) -> bool {
        self.code.iter().all(|o| match o {
            Op::Var(s) => slots.contains(s),
            Op::Builtin(_) | Op::Call(_) => false,
            _ => true,
        })
    }
}

/// Compile `node` in `scope`.
///
/// # Errors
/// Unknown names and functions (with the nearest valid name), wrong argument counts,
/// and type mismatches, each with the span of the offending part. All errors are collected.
pub fn compile(node: &Node, scope: &dyn Scope) -> Result<Program, Vec<CompileError>> {
    let mut c = Compiler {
        code: Vec::new(),
        errors: Vec::new(),
        scope,
        depth: 0,
        max_depth: 0,
    };
    let ty = c.node(node);
    if c.max_depth > MAX_STACK {
        c.errors.push(CompileError {
            span: node.span,
            message: format!(
                "expression too deeply nested (needs {} stack slots, at most {MAX_STACK})",
                c.max_depth
            ),
            help: Some("split it into several `Let` steps".into()),
        });
    }
    if c.errors.is_empty() {
        Ok(Program::new(c.code.into_boxed_slice(), ty, NO_FAULT))
    } else {
        Err(c.errors)
    }
}

struct Compiler<'a> {
    code: Vec<Op>,
    errors: Vec<CompileError>,
    scope: &'a dyn Scope,
    depth: usize,
    max_depth: usize,
}

impl<'a> Compiler<'a> {
    fn emit(&mut self, op: Op, delta: isize) {
        self.code.push(op);
        self.depth = (self.depth as isize + delta).max(0) as usize;
        self.max_depth = self.max_depth.max(self.depth);
    }

    fn err(&mut self, span: Span, message: String, help: Option<String>) {
        self.errors.push(CompileError {
            span,
            message,
            help,
        });
    }

    fn expect(&mut self, node: &Node, want: Type) {
        let got = self.node(node);
        if got != want {
            self.err(
                node.span,
                format!("expected {}, found {}", want.describe(), got.describe()),
                None,
            );
        }
    }

    fn node(&mut self, node: &Node) -> Type {
        match &node.kind {
            NodeKind::Num(v) => {
                self.emit(Op::Push(Value::Num(*v)), 1);
                Type::Num
            }
            NodeKind::Bool(b) => {
                self.emit(Op::Push(Value::Bool(*b)), 1);
                Type::Bool
            }
            NodeKind::Name(name) => self.name(name, node.span),
            NodeKind::Unary(op, a) => match op {
                UnOp::Neg => {
                    self.expect(a, Type::Num);
                    self.emit(Op::Neg, 0);
                    Type::Num
                }
                UnOp::Not => {
                    self.expect(a, Type::Bool);
                    self.emit(Op::Not, 0);
                    Type::Bool
                }
            },
            NodeKind::Binary(op, a, b) => self.binary(*op, a, b),
            NodeKind::Ternary(c, a, b) => {
                self.expect(c, Type::Bool);
                let jf = self.code.len();
                self.emit(Op::JumpIfFalse(0), -1);
                let ta = self.node(a);
                let j = self.code.len();
                self.emit(Op::Jump(0), -1);
                let else_at = self.code.len();
                let tb = self.node(b);
                let end = self.code.len();
                self.code[jf] = Op::JumpIfFalse(else_at as u16);
                self.code[j] = Op::Jump(end as u16);
                if ta != tb {
                    self.err(
                        b.span,
                        format!(
                            "both branches of `?:` must have the same type: {} and {}",
                            ta.describe(),
                            tb.describe()
                        ),
                        None,
                    );
                }
                ta
            }
            NodeKind::Call(name, name_span, args) => self.call(name, *name_span, args, node.span),
            NodeKind::TileSet(..) => {
                self.err(
                    node.span,
                    "a set of tiles (`layer[...]`) is only the first argument of a walking function".into(),
                    Some("walk_distance, farthest, connected, regions and largest_region take one".into()),
                );
                self.emit(Op::Push(Value::Nil), 1);
                Type::Num
            }
        }
    }

    fn name(&mut self, name: &str, span: Span) -> Type {
        if let Some((slot, ty)) = self.scope.var(name) {
            self.emit(Op::Var(slot), 1);
            return ty;
        }
        let builtin = match name {
            "rooms" => Some(Builtin::Rooms),
            "width" => Some(Builtin::Width),
            "height" => Some(Builtin::Height),
            _ => None,
        };
        if let Some(b) = builtin {
            self.emit(Op::Builtin(b), 1);
            return Type::Num;
        }
        if name == "none" {
            self.emit(Op::Push(Value::Nil), 1);
            return Type::Room;
        }
        let mut help = None;
        if let Some((_, ty)) = self.scope.value_list(name) {
            help = Some(format!(
                "`{name}` is a list of {}s: use len({name}), last({name}), ...",
                ty.noun()
            ));
        } else if self.scope.list(name).is_some() {
            help = Some(format!(
                "`{name}` is a list of rooms: use len({name}), last({name}), ..."
            ));
        } else if self.scope.kind(name).is_some() {
            help = Some(format!(
                "`{name}` is a room kind: use count({name}) or is(room, {name})"
            ));
        } else {
            let mut all = self.scope.var_names();
            all.extend(["rooms", "width", "height", "none"].map(String::from));
            if let Some(n) = nearest(name, all.iter().map(|s| s.as_str())) {
                help = Some(format!("did you mean `{n}`?"));
            } else if !all.is_empty() {
                let mut names = self.scope.var_names();
                names.sort();
                help = Some(format!("known names here: {}", names.join(", ")));
            }
        }
        self.err(span, format!("unknown name `{name}`"), help);
        self.emit(Op::Push(Value::Nil), 1);
        Type::Num
    }

    fn binary(&mut self, op: BinOp, a: &Node, b: &Node) -> Type {
        match op {
            BinOp::And | BinOp::Or => {
                self.expect(a, Type::Bool);
                let at = self.code.len();
                self.emit(Op::Jump(0), 0);
                self.depth -= 1; // the `else pop` path
                self.expect(b, Type::Bool);
                let end = self.code.len() as u16;
                self.code[at] = if op == BinOp::And {
                    Op::JumpIfFalseElsePop(end)
                } else {
                    Op::JumpIfTrueElsePop(end)
                };
                Type::Bool
            }
            BinOp::Eq | BinOp::Ne => {
                let ta = self.node(a);
                let tb = self.node(b);
                if ta != tb {
                    self.err(
                        b.span,
                        format!("cannot compare {} with {}", ta.describe(), tb.describe()),
                        None,
                    );
                }
                self.emit(if op == BinOp::Eq { Op::Eq } else { Op::Ne }, -1);
                Type::Bool
            }
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                self.expect(a, Type::Num);
                self.expect(b, Type::Num);
                let o = match op {
                    BinOp::Lt => Op::Lt,
                    BinOp::Le => Op::Le,
                    BinOp::Gt => Op::Gt,
                    _ => Op::Ge,
                };
                self.emit(o, -1);
                Type::Bool
            }
            _ => {
                // Literals on both sides (`1/2`, a probability): one constant, which the
                // evaluator returns without its loop.
                if let Some(v) = constant(a)
                    .zip(constant(b))
                    .and_then(|(x, y)| fold(op, x, y))
                {
                    self.emit(Op::Push(Value::Num(v)), 1);
                    return Type::Num;
                }
                self.expect(a, Type::Num);
                self.expect(b, Type::Num);
                if matches!(op, BinOp::Div | BinOp::Mod) && constant(b) == Some(0.0) {
                    self.err(
                        b.span,
                        format!(
                            "division by zero: the right side of `{}` is always 0",
                            if op == BinOp::Div { "/" } else { "%" }
                        ),
                        None,
                    );
                }
                let o = match op {
                    BinOp::Add => Op::Add,
                    BinOp::Sub => Op::Sub,
                    BinOp::Mul => Op::Mul,
                    BinOp::Div => Op::Div,
                    _ => Op::Mod,
                };
                self.emit(o, -1);
                Type::Num
            }
        }
    }
}

/// The value of a number expression made only of literals (`2 - 2`, `-(0)`), if it is one.
fn constant(node: &Node) -> Option<f64> {
    match &node.kind {
        NodeKind::Num(v) => Some(*v),
        NodeKind::Unary(UnOp::Neg, a) => constant(a).map(|v| -v),
        NodeKind::Binary(op, a, b) => fold(*op, constant(a)?, constant(b)?),
        _ => None,
    }
}

/// `a op b` for an arithmetic `op`; `None` for other operators and for a division by zero
/// (left to the run, which records the fault).
fn fold(op: BinOp, a: f64, b: f64) -> Option<f64> {
    match op {
        BinOp::Add => Some(a + b),
        BinOp::Sub => Some(a - b),
        BinOp::Mul => Some(a * b),
        BinOp::Div if b != 0.0 => Some(a / b),
        BinOp::Mod if b != 0.0 => Some(a % b),
        _ => None,
    }
}
