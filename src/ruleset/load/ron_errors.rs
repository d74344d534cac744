//! RON's errors in a rule file's words: where (the offending name or value itself, not
//! where RON noticed), what was expected ("a whole number 0 or more", not "u32"; "a wall
//! direction", not "WallDir"), and the nearest valid name.

use super::super::diag::{offset_of, Diagnostic};
use crate::lang::nearest;
use std::path::Path;
use std::sync::Arc;

/// Turn a RON error into a diagnostic with position, message and nearest-name hint.
pub(super) fn ron_diagnostic(
    path: &Path,
    text: &Arc<str>,
    e: &ron::error::SpannedError,
) -> Diagnostic {
    use ron::error::Error as E;
    let mut off = offset_of(text, e.position.line, e.position.col);
    let (message, help) = match &e.code {
        E::NoSuchStructField {
            expected,
            found,
            outer,
        } => {
            // RON reports the position after the field name; point at the name itself.
            if let Some(i) = text[..off].rfind(found.as_str()) {
                off = i;
            }
            (
                format!(
                    "unknown field `{found}`{}",
                    outer.as_deref().map_or(String::new(), in_outer)
                ),
                Some(hint(found, expected, "the fields are")),
            )
        }
        E::NoSuchEnumVariant {
            expected,
            found,
            outer,
        } => {
            if let Some(i) = text[..off].rfind(found.as_str()) {
                off = i;
            }
            let what = match outer.as_deref() {
                Some("StepDef") => "step or operator".to_string(),
                Some(o) => match type_word(o) {
                    Some(w) => w,
                    None => format!("`{o}` variant"),
                },
                None => "variant".to_string(),
            };
            (
                format!("unknown {what} `{found}`"),
                Some(hint(found, expected, "expected one of")),
            )
        }
        E::MissingStructField { field, outer } => {
            // RON reports the end of the struct; point at its name instead.
            if let Some(o) = outer {
                if let Some(i) = text[..off].rfind(&format!("{o}(")) {
                    off = i;
                }
            }
            (
                format!(
                    "missing field `{field}`{}",
                    outer.as_deref().map_or(String::new(), in_outer)
                ),
                Some(format!("add `{field}: ...`")),
            )
        }
        E::DuplicateStructField { field, .. } => (format!("field `{field}` is given twice"), None),
        E::ExpectedString => quoted_value(text, off),
        E::ExpectedInteger => match (field_before(text, off), token_at(text, off)) {
            (Some(f), t) if t.starts_with('"') => (
                format!("`{f}` takes a whole number, written without quotes"),
                Some(format!("write `{f}: {}`", t.trim_matches('"'))),
            ),
            _ => (
                "expected a whole number here (0 or more where a count is meant)".to_string(),
                None,
            ),
        },
        E::IntegerOutOfBounds => (
            "this number is out of range for this field (too large, or negative where a count \
             is meant)"
                .to_string(),
            None,
        ),
        E::InvalidValueForType { expected, found } => (
            format!("expected {}, found {found}", value_word(expected)),
            None,
        ),
        E::ExceededRecursionLimit => (
            "the rule file is nested too deeply".to_string(),
            Some("flatten nested `Retry`/`If` steps or split the rule set with `extends`".into()),
        ),
        E::Message(m) => {
            // Custom errors (from checked numbers) are reported after the value: step back
            // to its first character.
            let b = text.as_bytes();
            while off > 0
                && (b[off - 1].is_ascii_alphanumeric() || matches!(b[off - 1], b'.' | b'-' | b'_'))
            {
                off -= 1;
            }
            (m.clone(), None)
        }
        other => (
            scrub_type_names(&format!("{other}")),
            Some("RON syntax: `Name(field: value, ...)`, lists `[a, b]`, maps `{\"k\": v}`, strings in double quotes, characters in single quotes, `//` comments".into()),
        ),
    };
    let end = text[off..]
        .char_indices()
        .find(|(_, c)| !(c.is_alphanumeric() || *c == '_'))
        .map_or(text.len(), |(i, _)| off + i)
        .max(off + text[off..].chars().next().map_or(0, char::len_utf8));
    Diagnostic::at(path, text, (off, end), message, help)
}

/// The Rust enums rule files write values of, by the word a rule-file author knows them by.
const ENUM_WORDS: &[(&str, &str)] = &[
    ("Along", "direction"),
    ("Axes", "axes"),
    ("Axis", "axis"),
    ("Connectivity", "connectivity"),
    ("Dir", "direction"),
    ("Edges", "edges"),
    ("End", "end"),
    ("Fallback", "fallback"),
    ("Frontier", "frontier"),
    ("How", "choice"),
    ("Keep", "keep"),
    ("Layer", "layer"),
    ("LcgOutput", "LCG output rule"),
    ("ParamDef", "parameter kind"),
    ("Patch", "patch"),
    ("RngSpec", "generator"),
    ("Roll", "roll"),
    ("WallDir", "wall direction"),
];

/// The rule-file word for a Rust type name RON reports (`TriggerDef` → "trigger",
/// `WallDir` → "wall direction"); `None` for names rule files use themselves (operators).
fn type_word(name: &str) -> Option<String> {
    if let Some((_, w)) = ENUM_WORDS.iter().find(|(n, _)| *n == name) {
        return Some((*w).to_string());
    }
    let stem = name.strip_suffix("Def").filter(|s| !s.is_empty())?;
    let mut w = String::new();
    for (i, c) in stem.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            w.push(' ');
        }
        w.extend(c.to_lowercase());
    }
    Some(w)
}

/// " in `PartitionWalls`", or " in a trigger" for a type only Rust knows by its name.
fn in_outer(outer: &str) -> String {
    match type_word(outer) {
        Some(w) => format!(" in a {w}"),
        None => format!(" in `{outer}`"),
    }
}

/// Replace the Rust type names in a RON message ("struct `TriggerDef`") by rule-file words.
/// What serde's name of an expected value means in a rule file ("u64" is "a whole number 0
/// or more").
fn value_word(expected: &str) -> String {
    match expected {
        "u8" | "u16" | "u32" | "u64" | "u128" | "usize" => "a whole number 0 or more".into(),
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => "a whole number".into(),
        "f32" | "f64" => "a number".into(),
        "a boolean" | "bool" => "true or false".into(),
        "char" | "a character" => "a character in single quotes, like 'x'".into(),
        other => scrub_type_names(other),
    }
}

fn scrub_type_names(m: &str) -> String {
    let mut out = String::new();
    let mut rest = m;
    while let Some(i) = rest.find('`') {
        let Some(j) = rest[i + 1..].find('`') else {
            break;
        };
        let name = &rest[i + 1..i + 1 + j];
        match type_word(name) {
            Some(w) => {
                let before = &rest[..i];
                let before = before
                    .strip_suffix("struct ")
                    .or_else(|| before.strip_suffix("enum "))
                    .unwrap_or(before);
                out.push_str(before);
                out.push_str("a ");
                out.push_str(&w);
            }
            None => out.push_str(&rest[..i + j + 2]),
        }
        rest = &rest[i + j + 2..];
    }
    out.push_str(rest);
    out
}

fn hint(found: &str, expected: &[&str], intro: &str) -> String {
    match nearest(found, expected.iter().copied()) {
        Some(n) => format!("did you mean `{n}`?"),
        None => format!("{intro}: {}", expected.join(", ")),
    }
}

/// The message for RON's "Expected string" at `off`: a number or `true`/`false` written bare
/// where the field takes an expression (a number field, a condition) is told to quote it.
fn quoted_value(text: &str, off: usize) -> (String, Option<String>) {
    let t = token_at(text, off);
    let bare = t.starts_with(|c: char| c.is_ascii_digit() || matches!(c, '-' | '+' | '.'))
        || t == "true"
        || t == "false";
    match field_before(text, off) {
        Some(f) if bare => (
            format!("`{f}` takes an expression, written in double quotes"),
            Some(format!(
                "write `{f}: \"{t}\"` (an expression is written in quotes, e.g. \
                 `\"n + 2\"`, `\"level >= 3\"`)"
            )),
        ),
        Some(f) => (
            format!("`{f}` takes text in double quotes"),
            Some(format!("e.g. `{f}: \"...\"`")),
        ),
        None => ("expected text in double quotes here".to_string(), None),
    }
}

/// The name of the field whose value starts at `off` (`name: value`), if there is one.
fn field_before(text: &str, off: usize) -> Option<&str> {
    let before = text[..off].trim_end().strip_suffix(':')?.trim_end();
    let start = before
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .map_or(0, |i| i + 1);
    let name = &before[start..];
    (!name.is_empty()).then_some(name)
}

/// The value written at `off`, up to the next `,`, `)`, `]` or end of line (at most 40 bytes).
fn token_at(text: &str, off: usize) -> &str {
    let rest = &text[off..];
    let end = rest
        .find([',', ')', ']', '\n'])
        .unwrap_or(rest.len())
        .min(40);
    let end = (0..=end)
        .rev()
        .find(|&i| rest.is_char_boundary(i))
        .unwrap_or(0);
    rest[..end].trim_end()
}
