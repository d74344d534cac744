//! User-settable parameters: their types and ranges, and the values given on the command
//! line or through the library (`Params`), checked with clear messages.

use crate::engine::value::Value;
use std::collections::BTreeMap;

/// The type and range of a parameter.
#[derive(Debug, Clone, PartialEq)]
pub enum ParamKind {
    /// A whole number.
    Int {
        /// Smallest allowed value.
        min: Option<i64>,
        /// Largest allowed value.
        max: Option<i64>,
    },
    /// A number.
    Float {
        /// Smallest allowed value.
        min: Option<f64>,
        /// Largest allowed value.
        max: Option<f64>,
    },
    /// `true` or `false`.
    Bool,
    /// A path to a tile-grid file, loaded at generation time.
    File,
}

/// A user-settable parameter.
#[derive(Debug, Clone)]
pub struct ParamInfo {
    /// Its name (`--param NAME=...`).
    pub name: String,
    /// Its type and range.
    pub kind: ParamKind,
    /// Its value when not given.
    pub default: Value,
    /// What it means.
    pub doc: String,
    pub(crate) slot: u16,
}

impl ParamInfo {
    /// The value as written in output (`3`, `0.5`, `true`).
    pub fn show(&self, v: Value) -> String {
        match (&self.kind, v) {
            (ParamKind::Int { .. }, Value::Num(n)) => format!("{}", n as i64),
            (_, Value::Num(n)) => format!("{n}"),
            (_, Value::Bool(b)) => format!("{b}"),
            _ => String::new(),
        }
    }

    /// Parse and check a value given as text.
    ///
    /// # Errors
    /// A message naming the parameter, its type and range.
    pub fn parse(&self, text: &str) -> Result<Value, String> {
        let t = text.trim();
        match &self.kind {
            ParamKind::File => Ok(Value::Bool(!t.is_empty())),
            ParamKind::Bool => match t.to_ascii_lowercase().as_str() {
                "true" | "1" | "yes" => Ok(Value::Bool(true)),
                "false" | "0" | "no" => Ok(Value::Bool(false)),
                _ => Err(format!(
                    "parameter `{}` is true or false, found `{t}`",
                    self.name
                )),
            },
            ParamKind::Int { min, max } => {
                let v: i64 = t.parse().map_err(|_| {
                    format!("parameter `{}` is a whole number, found `{t}`", self.name)
                })?;
                check_range(
                    &self.name,
                    v as f64,
                    min.map(|m| m as f64),
                    max.map(|m| m as f64),
                )?;
                Ok(Value::Num(v as f64))
            }
            ParamKind::Float { min, max } => {
                let v: f64 = t
                    .parse()
                    .ok()
                    .filter(|v: &f64| v.is_finite())
                    .ok_or_else(|| format!("parameter `{}` is a number, found `{t}`", self.name))?;
                check_range(&self.name, v, *min, *max)?;
                Ok(Value::Num(v))
            }
        }
    }

    /// "whole number 1..=11, default 1" and the like.
    pub fn describe(&self) -> String {
        let range = |lo: Option<String>, hi: Option<String>| match (lo, hi) {
            (Some(a), Some(b)) => format!(" {a}..={b}"),
            (Some(a), None) => format!(" >= {a}"),
            (None, Some(b)) => format!(" <= {b}"),
            (None, None) => String::new(),
        };
        let ty = match &self.kind {
            ParamKind::Int { min, max } => format!(
                "whole number{}",
                range(min.map(|v| v.to_string()), max.map(|v| v.to_string()))
            ),
            ParamKind::Float { min, max } => format!(
                "number{}",
                range(min.map(|v| v.to_string()), max.map(|v| v.to_string()))
            ),
            ParamKind::Bool => "true/false".into(),
            ParamKind::File => return "path of a tile-grid file, default none".into(),
        };
        format!("{ty}, default {}", self.show(self.default))
    }
}

fn check_range(name: &str, v: f64, min: Option<f64>, max: Option<f64>) -> Result<(), String> {
    if min.is_some_and(|m| v < m) || max.is_some_and(|m| v > m) {
        let lo = min.map_or("-inf".into(), |m| m.to_string());
        let hi = max.map_or("inf".into(), |m| m.to_string());
        return Err(format!(
            "parameter `{name}` must be in {lo}..={hi}, found {v}"
        ));
    }
    Ok(())
}

/// Parameter values given by the user, by name, as text (`--param level=3`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Params(pub BTreeMap<String, String>);

impl Params {
    /// No parameters given (every one takes its default).
    pub fn new() -> Params {
        Params::default()
    }
    /// Set `name` to `value` (checked when generating).
    pub fn set(mut self, name: &str, value: impl ToString) -> Params {
        self.0.insert(name.to_string(), value.to_string());
        self
    }

    /// Parameters from `NAME=VALUE` pairs (`--param level=3`; spaces around either side
    /// are trimmed; a later pair of the same name wins).
    ///
    /// # Errors
    /// A pair without `=` (the message quotes it).
    pub fn from_pairs(raw: &[String]) -> Result<Params, String> {
        let mut p = Params::new();
        for r in raw {
            let Some((k, v)) = r.split_once('=') else {
                return Err(format!("--param takes NAME=VALUE, found `{r}`"));
            };
            p = p.set(k.trim(), v.trim());
        }
        Ok(p)
    }
}
