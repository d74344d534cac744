//! Compiling the calls that take a list of areas or cells (`len`, `first`, `last`,
//! `pop_*`, `contains`, resolved to the list's index) and the halves of a split
//! (`first(pair)`, `second(pair)`).

use super::{CompileError, Compiler, Op};
use crate::engine::value::Type;
use crate::lang::funcs::{Func, ListFn, FUNCS};
use crate::lang::parse::{Node, NodeKind, Span};

impl Compiler<'_> {
    /// A call of `name` on a list of areas or cells, or `first`/`second` of a split:
    /// compiled here, with its type; `None` (nothing emitted) for every other call.
    pub(super) fn items_call(&mut self, name: &str, args: &[Node], span: Span) -> Option<Type> {
        let f = ListFn::of(name);
        let list = match args.first().map(|a| &a.kind) {
            Some(NodeKind::Name(n)) => self.scope.value_list(n),
            _ => None,
        };
        if let (Some(f), Some((l, item))) = (f, list) {
            let want = if f == ListFn::Contains { 2 } else { 1 };
            if args.len() != want {
                self.arity(name, want, args.len(), span);
                return Some(Type::Num);
            }
            if f == ListFn::Contains {
                self.expect(&args[1], item);
            }
            let pushed = (want - 1) as isize;
            self.emit(Op::Call(Func::Items(f, l)), 1 - pushed);
            return Some(match f {
                ListFn::Len => Type::Num,
                ListFn::Contains => Type::Bool,
                _ => item,
            });
        }
        let first = name == "first" && !args.first().is_some_and(|a| self.names_a_list(a));
        if first || name == "second" {
            if args.len() != 1 {
                self.arity(name, 1, args.len(), span);
                return Some(Type::Area);
            }
            self.expect(&args[0], Type::Pair);
            self.emit(Op::Call(Func::Half(first)), 0);
            return Some(Type::Area);
        }
        None
    }

    /// Whether `a` is the bare name of a room list, or a name nothing else knows (so that
    /// `first(x)` of an unknown `x` reports an unknown list, as before pairs existed).
    fn names_a_list(&self, a: &Node) -> bool {
        match &a.kind {
            NodeKind::Name(n) => self.scope.list(n).is_some() || self.scope.var(n).is_none(),
            _ => false,
        }
    }

    /// Report a call of `name` with `found` arguments where it takes `want`.
    fn arity(&mut self, name: &str, want: usize, found: usize, span: Span) {
        let doc = FUNCS.iter().find(|f| f.name == name).map(|f| f.doc.into());
        self.errors.push(CompileError {
            span,
            message: format!(
                "`{name}` takes {want} argument{}, found {found}",
                if want == 1 { "" } else { "s" }
            ),
            help: doc,
        });
        self.emit(Op::Push(crate::engine::value::Value::Nil), 1);
    }
}
