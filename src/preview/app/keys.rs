//! What a key does in the preview: [`App::key`], with the cursor moves and the parameter
//! steps it makes.

use super::{random_seed, Action, App, Key};
use crate::ruleset::ParamKind;

impl App {
    /// Handle a key.
    pub fn key(&mut self, k: Key) -> Action {
        let n_params = self.rules.as_ref().map_or(0, |r| r.params.len());
        self.status = None;
        match k {
            Key::Char('q') | Key::Esc => return Action::Quit,
            Key::Char('n') => self.request.seed = self.request.seed.wrapping_add(1),
            Key::Char('p') => self.request.seed = self.request.seed.wrapping_sub(1),
            Key::Char('r') => self.request.seed = random_seed(self.request.seed),
            Key::Tab if n_params > 0 => {
                self.param = (self.param + 1) % n_params;
                return Action::None;
            }
            Key::BackTab if n_params > 0 => {
                self.param = (self.param + n_params - 1) % n_params;
                return Action::None;
            }
            Key::Char(c @ ('+' | '=' | '-' | '_')) => {
                if !self.step_param(if matches!(c, '+' | '=') { 1 } else { -1 }) {
                    return Action::None;
                }
            }
            Key::Char('t') => {
                self.request.traced = !self.request.traced;
                self.frame = if self.request.traced { Some(0) } else { None };
                if self.request.traced && self.trace.is_none() {
                    return Action::Generate(self.request.clone());
                }
                if !self.request.traced {
                    self.trace = None;
                }
                return Action::None;
            }
            Key::Char(c @ ('[' | ']')) => {
                let n = self.trace.as_ref().map_or(0, |t| t.frames.len());
                if n == 0 && self.request.traced {
                    // the trace is still being made: remember the step, clamped on arrival
                    let i = self.frame.unwrap_or(0) as i64 + if c == ']' { 1 } else { -1 };
                    self.frame = Some(i.max(0) as usize);
                } else if n > 0 {
                    let i = self.frame.unwrap_or(n - 1) as i64 + if c == ']' { 1 } else { -1 };
                    self.frame = Some(i.clamp(0, n as i64 - 1) as usize);
                }
                return Action::None;
            }
            Key::Char(c @ ('{' | '}')) => {
                self.jump(c == '}', true);
                return Action::None;
            }
            Key::Char(c @ ('<' | '>')) => {
                self.jump(c == '>', false);
                return Action::None;
            }
            Key::Char('L') => {
                self.next_layer();
                return Action::None;
            }
            Key::Left | Key::Char('h') => self.move_cursor(-1, 0),
            Key::Right | Key::Char('l') => self.move_cursor(1, 0),
            Key::Up | Key::Char('k') => self.move_cursor(0, -1),
            Key::Down | Key::Char('j') => self.move_cursor(0, 1),
            _ => return Action::None,
        }
        if matches!(k, Key::Left | Key::Right | Key::Up | Key::Down)
            || matches!(k, Key::Char('h' | 'j' | 'k' | 'l'))
        {
            return Action::None;
        }
        Action::Generate(self.request.clone())
    }

    fn move_cursor(&mut self, dx: i32, dy: i32) {
        if let Some(d) = &self.dungeon {
            // tiles when the picture is a tile view, else room cells (the same for one grid)
            let (w, h) = match crate::render::cells::cell_view(d) {
                Some(_) => d.tile_size(),
                None => (d.width, d.height),
            };
            self.cursor.0 = (self.cursor.0 + dx).clamp(0, w - 1);
            self.cursor.1 = (self.cursor.1 + dy).clamp(0, h - 1);
        }
    }

    /// Change the selected parameter by one step (ints by 1, numbers by a tenth, booleans
    /// toggle), within its range. Returns whether it changed.
    fn step_param(&mut self, dir: i32) -> bool {
        let Some(rs) = &self.rules else { return false };
        let Some(p) = rs.params.get(self.param) else {
            return false;
        };
        let Ok(values) = rs.resolve_params(&self.request.params) else {
            return false;
        };
        let now = values[self.param];
        if p.kind == ParamKind::File {
            self.status = Some(format!(
                "`{}` is a file: give it with --param {}=PATH",
                p.name, p.name
            ));
            return false;
        }
        let next = match (&p.kind, now) {
            (ParamKind::Bool, crate::engine::value::Value::Bool(b)) => (!b).to_string(),
            (ParamKind::Int { .. }, crate::engine::value::Value::Num(n)) => {
                ((n as i64) + dir as i64).to_string()
            }
            (_, crate::engine::value::Value::Num(n)) => {
                format!("{}", ((n * 10.0).round() + dir as f64) / 10.0)
            }
            _ => return false,
        };
        if p.parse(&next).is_err() {
            return false;
        }
        let name = p.name.clone();
        self.request.params = std::mem::take(&mut self.request.params).set(&name, next);
        true
    }
}
