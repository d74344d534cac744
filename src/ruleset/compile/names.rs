//! Names a rule file declares and uses — room kinds, lists, segments, markers, layers,
//! variables, tallies, failure points — as [`Cx`] resolves them to indices (part of
//! [`super`]).

use super::*;

impl Cx<'_> {
    /// A room kind by name.
    pub fn kind(&mut self, s: &Src) -> Option<u16> {
        if let Some(i) = self.kinds.iter().position(|k| *k == s.text) {
            return Some(i as u16);
        }
        let kinds: Vec<&str> = self.kinds.iter().map(|k| k.as_str()).collect();
        let help = crate::lang::nearest::suggest(&s.text, &kinds, "room kinds");
        self.error(s, format!("unknown room kind `{}`", s.text), Some(help));
        None
    }

    /// A list that an earlier step created.
    pub fn list(&mut self, s: &Src) -> Option<u16> {
        if let Some(i) = self.lists.iter().position(|k| *k == s.text) {
            return Some(i as u16);
        }
        if self.knock_on(&s.text) {
            return None;
        }
        let help = nearest(&s.text, self.lists.iter().map(|k| k.as_str()))
            .map(|n| format!("did you mean `{n}`?"))
            .unwrap_or_else(|| {
                if self.lists.is_empty() {
                    "no earlier step creates a list".to_string()
                } else {
                    format!("the lists are: {}", self.lists.join(", "))
                }
            });
        self.error(s, format!("unknown list `{}`", s.text), Some(help));
        None
    }

    /// Declare (or reuse) a list of rooms that this step fills.
    pub fn declare_list(&mut self, s: &Src) -> u16 {
        if let Some(i) = self.lists.iter().position(|k| *k == s.text) {
            return i as u16;
        }
        self.check_identifier(s);
        self.lists.push(s.text.clone());
        (self.lists.len() - 1) as u16
    }

    /// Declare (or reuse) a list of segments that this step fills.
    pub fn declare_segments(&mut self, s: &Src) -> u16 {
        if let Some(i) = self.segment_lists.iter().position(|k| *k == s.text) {
            return i as u16;
        }
        self.check_identifier(s);
        self.segment_lists.push(s.text.clone());
        (self.segment_lists.len() - 1) as u16
    }

    /// A segment list that an earlier step created.
    pub fn segments(&mut self, s: &Src) -> Option<u16> {
        if let Some(i) = self.segment_lists.iter().position(|k| *k == s.text) {
            return Some(i as u16);
        }
        let help = nearest(&s.text, self.segment_lists.iter().map(|k| k.as_str()))
            .map(|n| format!("did you mean `{n}`?"))
            .unwrap_or_else(|| "no earlier step records segments (halls)".to_string());
        self.error(s, format!("unknown segment list `{}`", s.text), Some(help));
        None
    }

    /// A named point that an earlier step sets.
    pub fn marker(&mut self, s: &Src) -> Option<u16> {
        if let Some(i) = self.markers.iter().position(|k| *k == s.text) {
            return Some(i as u16);
        }
        if self.knock_on(&s.text) {
            return None;
        }
        let help = nearest(&s.text, self.markers.iter().map(|k| k.as_str()))
            .map(|n| format!("did you mean `{n}`?"))
            .unwrap_or_else(|| "no earlier step sets a marker of that name".to_string());
        self.error(s, format!("unknown marker `{}`", s.text), Some(help));
        None
    }

    /// The id of list `name`, if an earlier step created it (no error).
    pub fn list_id(&self, name: &str) -> Option<u16> {
        self.lists.iter().position(|k| k == name).map(|i| i as u16)
    }

    /// The type of variable `name`, if it is one (no error).
    pub fn var_type(&self, name: &str) -> Option<Type> {
        Scope::var(self, name).map(|v| v.1)
    }

    /// Declare (or reuse) a named point.
    pub fn declare_marker(&mut self, s: &Src) -> u16 {
        if let Some(i) = self.markers.iter().position(|k| *k == s.text) {
            return i as u16;
        }
        self.markers.push(s.text.clone());
        (self.markers.len() - 1) as u16
    }

    /// Declare (or reuse) a tile layer.
    pub fn declare_layer(&mut self, s: &Src) -> u16 {
        if let Some(i) = self.layers.iter().position(|k| *k == s.text) {
            return i as u16;
        }
        self.layers.push(s.text.clone());
        (self.layers.len() - 1) as u16
    }

    pub(in crate::ruleset) fn check_identifier(&mut self, s: &Src) -> bool {
        let ok = !s.text.is_empty()
            && s.text
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && s.text
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !ok {
            self.error(
                s,
                format!("`{}` is not a valid name", s.text),
                Some("names start with an ASCII letter or `_` and hold ASCII letters, digits and `_`".into()),
            );
        }
        ok
    }

    /// Declare (or reuse, if the type agrees) a variable. In a procedure's steps a name
    /// that is no variable yet becomes one of the procedure's own (see `Cx::frame`).
    pub fn declare_var(&mut self, s: &Src, ty: Type) -> Option<u16> {
        if !self.check_identifier(s) {
            return None;
        }
        let own = self.frame.as_ref().and_then(|(start, _)| {
            let mine = &self.locals[*start..];
            mine.iter().rev().find(|(n, ..)| *n == s.text).map(|l| l.1)
        });
        if let Some(slot) = own.or_else(|| self.var_index.get(&s.text).copied()) {
            if own.is_none() && self.param_names.contains(&s.text) {
                self.error(
                    s,
                    format!(
                        "`{}` is a parameter of the rule set: steps cannot change it (its \
                         value comes from `--param` or its default)",
                        s.text
                    ),
                    Some("give the variable its own name, e.g. `Let(\"my_level\", ...)`".into()),
                );
                return None;
            }
            let old = self.vars[slot as usize].1;
            if old != ty {
                self.error(
                    s,
                    format!(
                        "`{}` was {} before; it cannot become {}",
                        s.text,
                        old.describe(),
                        ty.describe()
                    ),
                    None,
                );
                return None;
            }
            self.note_flag_writer(slot, ty);
            self.assigned(slot);
            return Some(slot);
        }
        if ["rooms", "width", "height", "none", "true", "false"].contains(&s.text.as_str()) {
            self.error(s, format!("`{}` is a built-in name", s.text), None);
            return None;
        }
        let slot = self.vars.len() as u16;
        self.vars.push((s.text.clone(), ty));
        if let Some((_, slots)) = &mut self.frame {
            self.locals.push((s.text.clone(), slot, ty));
            slots.push(slot);
        } else {
            self.var_index.insert(s.text.clone(), slot);
        }
        self.note_flag_writer(slot, ty);
        Some(slot)
    }

    /// An operator step declaring a true/false variable writes it.
    fn note_flag_writer(&mut self, slot: u16, ty: Type) {
        if let (Type::Bool, Some(op)) = (ty, &self.current_op) {
            let w = self.flag_writers.entry(slot).or_default();
            if !w.contains(op) {
                w.push(op.clone());
            }
        }
    }

    /// Say when the operator step being compiled makes its true/false variable `slot` false
    /// (e.g. "when it finds no place in 1600 tries"): named by a failing `Require` that
    /// reads the variable.
    pub fn explain_flag(&mut self, slot: u16, when_false: &str) {
        if let (Some(op), Some(w)) = (&self.current_op, self.flag_writers.get_mut(&slot)) {
            if let Some(last) = w.iter_mut().rev().find(|t| t.starts_with(op.as_str())) {
                *last = format!("{op}, false {when_false}");
            }
        }
    }

    /// Declare an optional variable of type `ty` named by an operator field such as
    /// `var: "boss"`: `Some(None)` when the field is absent, `None` after an error.
    pub fn optional_var(&mut self, s: Option<&Src>, ty: Type) -> Option<Option<u16>> {
        match s {
            Some(v) => self.declare_var(v, ty).map(Some),
            None => Some(None),
        }
    }

    /// The rule set's theme table, if it names one (`themes:`).
    pub fn themes(&self) -> Option<Arc<crate::ops::assign_themes::table::ThemeTable>> {
        self.themes.clone()
    }

    /// Declare a tally: a counter in [`crate::engine::State::tallies`] that a step adds to
    /// (e.g. how often a requirement turned a theme down), summed by `stats`. Returns its index.
    pub fn declare_tally(&mut self, kind: &str, reason: &str) -> u16 {
        let key = (kind.to_string(), reason.to_string());
        if let Some(i) = self.tallies.iter().position(|t| *t == key) {
            return i as u16;
        }
        self.tallies.push(key);
        (self.tallies.len() - 1) as u16
    }

    /// Register a place that can fail (shown, with its count, when a Retry runs out).
    pub fn failure_point(&mut self, what: String, at: &Src) -> u32 {
        let at = self.position(at);
        self.failures.push(FailurePoint { what, at });
        (self.failures.len() - 1) as u32
    }
}
