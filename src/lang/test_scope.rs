//! A [`Scope`] for unit tests of compiled expressions: variables in slots by their order,
//! lists by theirs, no room kinds.

use super::compile::Scope;
use crate::engine::value::Type;

/// Variables `vars` (slot `i` for the `i`-th) and lists `lists` (index `i` for the `i`-th).
pub struct TestScope {
    pub vars: &'static [(&'static str, Type)],
    pub lists: &'static [&'static str],
}

impl Scope for TestScope {
    fn var(&self, name: &str) -> Option<(u16, Type)> {
        let i = self.vars.iter().position(|(n, _)| *n == name)?;
        Some((i as u16, self.vars[i].1))
    }
    fn list(&self, name: &str) -> Option<u16> {
        self.lists.iter().position(|n| *n == name).map(|i| i as u16)
    }
    fn kind(&self, _: &str) -> Option<u16> {
        None
    }
    fn var_names(&self) -> Vec<String> {
        self.vars.iter().map(|(n, _)| n.to_string()).collect()
    }
    fn list_names(&self) -> Vec<String> {
        self.lists.iter().map(|n| n.to_string()).collect()
    }
    fn kind_names(&self) -> Vec<String> {
        vec![]
    }
}
