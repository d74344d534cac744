//! Compiling `AssignThemes(...)`: each theme of the rule set's theme table with its needs
//! (conditions over the room measures) and tallies, and the step's kind, layer, markers and
//! variable.

use super::table::NeedDef;
use super::{Compiled, Need, Params, Theme};
use crate::engine::room_measures::{Sources, NAMES};
use crate::engine::tile_set::TileSet;
use crate::engine::value::Type;
use crate::lang::nearest;
use crate::operator::Operator;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;

fn compile_needs(cx: &mut Cx, owner: &str, needs: &[NeedDef]) -> Option<Vec<Need>> {
    let locals: Vec<(&str, Type)> = NAMES.iter().map(|n| (*n, Type::Num)).collect();
    let mut out = Vec::new();
    let mut ok = true;
    for n in needs {
        match cx.expr_with_locals(&n.test, Type::Bool, &locals) {
            Some((test, slots)) => {
                let tally = cx.declare_tally(owner, &n.test.text);
                out.push(Need { test, slots, tally });
            }
            None => ok = false,
        }
    }
    ok.then_some(out)
}

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.kind)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let Some(table) = cx.themes() else {
            cx.error(
                &self.kind,
                "`AssignThemes` needs a theme table".into(),
                Some("name one in the rule set: `themes: \"name.themes\"`".into()),
            );
            return None;
        };
        let kind = cx.kind(&self.kind)?;
        let layer = self.layer.as_ref().map(|l| cx.layer(l));
        let table_of = |cx: &mut Cx, s: &Option<Src>| match s {
            Some(t) => cx.tile_table(t).map(Some),
            None => Some(None),
        };
        let clear = table_of(cx, &self.clear)?;
        let open = table_of(cx, &self.open)?.unwrap_or_default();
        let avoid = table_of(cx, &self.avoid)?.unwrap_or_default();
        let markers = self.markers.iter().map(|m| cx.declare_marker(m)).collect();
        let flags = crate::operator::args::flag_layers(cx, &self.flags);
        let from = match &self.from {
            Some(f) => Some(cx.kind(f)?),
            None => None,
        };
        let var = cx.optional_var(self.var.as_ref(), Type::Num)?;
        let candidate = compile_needs(cx, &self.kind.text, &table.candidate);
        let mut themes = Vec::new();
        for t in &table.themes {
            let tk = cx.kind(&t.name);
            let when = t.when.as_ref().map(|w| {
                let p = cx.expr(w, Type::Bool);
                p.map(|p| {
                    (
                        p,
                        cx.declare_tally(&t.name.text, &format!("when: {}", w.text)),
                    )
                })
            });
            let needs = compile_needs(cx, &t.name.text, &t.needs);
            let once = t
                .once
                .then(|| cx.declare_tally(&t.name.text, "once per run"));
            let (Some(kind), Some(needs)) = (tk, needs) else {
                continue;
            };
            let when = match when {
                Some(Some(w)) => Some(w),
                Some(None) => continue,
                None => None,
            };
            themes.push(Theme {
                kind,
                when,
                once,
                weight: t.weight,
                needs,
            });
        }
        let mut first = Vec::new();
        for f in &table.first {
            match table.themes.iter().position(|t| t.name == *f) {
                Some(i) => first.push(i),
                None => {
                    let help = nearest(&f.text, table.themes.iter().map(|t| t.name.text.as_str()))
                        .map(|n| format!("did you mean `{n}`?"));
                    cx.error(
                        f,
                        format!("`{}` is not a theme of this table", f.text),
                        help,
                    );
                }
            }
        }
        let none_fits = cx.declare_tally(&self.kind.text, "no theme fits");
        let candidate = candidate?;
        if themes.len() != table.themes.len() || first.len() != table.first.len() {
            return None;
        }
        let total = themes.iter().map(|t| t.weight).sum();
        Some(Compiled {
            kind,
            src: Sources {
                layer,
                clear: clear.map(TileSet::new),
                open: TileSet::new(open),
                avoid: TileSet::new(avoid),
                markers,
                flags,
            },
            from,
            candidate,
            first,
            themes,
            total,
            none_fits,
            var,
        })
    }
}
