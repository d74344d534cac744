//! Names that steps declare beside variables: the lists of areas or cells (`Push`), and the
//! variables each call of a procedure owns (see `crate::interpreter::call`).

use super::compile::Cx;
use super::src::Src;
use crate::engine::state::ListId;
use crate::engine::value::Type;
use crate::lang::nearest;

impl Cx<'_> {
    /// A list an earlier step created, of rooms or of areas or cells, with the type of its
    /// items.
    pub fn any_list(&mut self, s: &Src) -> Option<(ListId, Type)> {
        if let Some(i) = self.list_id(&s.text) {
            return Some((ListId::Rooms(i), Type::Room));
        }
        if let Some(i) = self.value_lists.iter().position(|(n, _)| *n == s.text) {
            return Some((ListId::Values(i as u16), self.value_lists[i].1));
        }
        if self.var_type(&s.text).is_some() {
            self.error(
                s,
                format!("`{}` is a variable, not a list", s.text),
                Some("name a list that an earlier step fills (e.g. by `Push`)".into()),
            );
            return None;
        }
        let names: Vec<&str> = self
            .lists
            .iter()
            .chain(self.value_lists.iter().map(|(n, _)| n))
            .map(|n| n.as_str())
            .collect();
        let help = nearest(&s.text, names.iter().copied())
            .map(|n| format!("did you mean `{n}`?"))
            .unwrap_or_else(|| {
                if names.is_empty() {
                    "no earlier step creates a list".to_string()
                } else {
                    format!("the lists are: {}", names.join(", "))
                }
            });
        self.error(s, format!("unknown list `{}`", s.text), Some(help));
        None
    }

    /// Declare (or reuse) a list of `ty` values (areas or cells) that a step fills.
    pub fn declare_value_list(&mut self, s: &Src, ty: Type) -> Option<u16> {
        if let Some(i) = self.value_lists.iter().position(|(n, _)| *n == s.text) {
            let old = self.value_lists[i].1;
            if old != ty {
                let message = format!(
                    "`{}` is a list of {}s; it cannot hold {}",
                    s.text,
                    old.noun(),
                    ty.describe()
                );
                self.error(s, message, None);
                return None;
            }
            return Some(i as u16);
        }
        if self.list_id(&s.text).is_some() {
            let message = format!(
                "`{}` is a list of rooms; it cannot hold {}",
                s.text,
                ty.describe()
            );
            self.error(s, message, None);
            return None;
        }
        if !self.check_identifier(s) {
            return None;
        }
        self.value_lists.push((s.text.clone(), ty));
        Some((self.value_lists.len() - 1) as u16)
    }

    /// A parameter of the procedure whose steps are compiling: a variable of its own,
    /// whatever other variables have that name.
    pub(crate) fn declare_param(&mut self, name: &str, ty: Type) -> u16 {
        let slot = self.vars.len() as u16;
        self.vars.push((name.to_string(), ty));
        self.locals.push((name.to_string(), slot, ty));
        if let Some((_, slots)) = &mut self.frame {
            slots.push(slot);
        }
        slot
    }

    /// Forget the names of the procedure whose steps compiled: the slots its calls own.
    pub(crate) fn end_frame(&mut self) -> Vec<u16> {
        let (start, slots) = self.frame.take().unwrap_or_default();
        self.locals.truncate(start);
        slots
    }
}
