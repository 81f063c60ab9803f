//! Rule problems that only show in play: a condition that cannot be
//! worked out here (a division by zero, a name that is not a figure…).

use super::Position;
use crate::expr::Value;
use crate::problem::{Location, Problem, Section};
use crate::rules::PlaceId;
use crate::world::View;

impl Position {
    /// Every condition of every step rule that gives an error (or not a
    /// yes/no) for some step in this position, once each. Such a rule
    /// simply does not allow the step; this tells the designer why.
    pub fn rule_errors(&self) -> Vec<Problem> {
        let rules = &*self.rules;
        let mut out: Vec<Problem> = Vec::new();
        let mut vars = Vec::new();
        let view = View::of(self);
        for (ri, rule) in rules.steps.iter().enumerate() {
            if rule.when.is_empty() || rules.moves.next(self.state.progress(), ri).is_none() {
                continue;
            }
            let mut reported = vec![false; rule.when.len()];
            for p in 0..rules.places.len() as PlaceId {
                for &f in self.state.on(p) {
                    let Some(heads) = self.heads(rule, f, p) else {
                        continue;
                    };
                    for (to, caps) in &rule.to {
                        if *to == p {
                            continue;
                        }
                        self.fill_vars(&mut vars, f, p, *to, &heads, caps);
                        if rule.capture {
                            vars.push(self.captured_name(*to));
                        }
                        for (i, c) in rule.when.iter().enumerate() {
                            let message = match c.eval(&vars, &view) {
                                Ok(Value::Bool(true)) => continue,
                                Ok(Value::Bool(false)) => break,
                                Ok(other) => format!("this gives {other}, but a condition must be yes or no"),
                                Err(e) => format!(
                                    "{} (when {} goes from {} to {})",
                                    e.message,
                                    rules.figure_name(f),
                                    rules.place_name(p),
                                    rules.place_name(*to)
                                ),
                            };
                            if !reported[i] {
                                reported[i] = true;
                                let at = Location::new(Section::Step, &rule.name, format!("when {}", i + 1));
                                out.push(Problem::new(at, message));
                            }
                            break;
                        }
                    }
                }
            }
        }
        out
    }
}
