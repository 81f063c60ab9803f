//! A step rule's side effects in the table's words: "then “moves” goes up
//! by 1", "then the figure jumped over goes to the basket", "then it becomes
//! a crown when it reaches the far row".

use super::names::{article, Names};
use super::parts::{figure_words, name_of, world};
use super::state::statement;
use tablecraft_engine::expr::{parse_effect, BinOp, Effect, Expr, Value, WorldFn};
use tablecraft_engine::learn::effect_words;

fn value_of_trigger(e: &Expr) -> Option<&str> {
    name_of(world(e, WorldFn::Value)?.first()?)
}

fn literal(e: &Expr) -> Option<String> {
    match e {
        Expr::Literal(Value::Number(n)) => Some(n.to_string()),
        Expr::Literal(Value::Bool(b)) => Some(if *b { "yes" } else { "no" }.into()),
        Expr::Literal(Value::Text(t)) => Some(format!("“{t}”")),
        _ => None,
    }
}

/// When an `if` effect applies: "when it reaches the far row", "when it
/// reaches row 6".
fn when_words(names: &Names, c: &Expr) -> Option<String> {
    let src = c.to_string();
    if let Some(rest) = src.strip_prefix("row(to) = (if player = 1 then ") {
        if rest.ends_with("else 1)") {
            return Some("when it reaches the far row".into());
        }
    }
    if let Some(n) = src.strip_prefix("row(to) = ").and_then(|n| n.parse::<i64>().ok()) {
        return Some(format!("when it reaches row {n}"));
    }
    statement(names, c).map(|s| format!("when {s}"))
}

/// The effect without "then", `None` for a shape not known.
fn effect_shape(names: &Names, e: &Effect) -> Option<String> {
    match e {
        Effect::Set { trigger, value } => {
            let t = name_of(trigger)?;
            if let Expr::Binary { op, left, right } = value {
                let k = literal(right)?;
                if value_of_trigger(left) == Some(t) {
                    return match op {
                        BinOp::Add => Some(format!("“{t}” goes up by {k}")),
                        BinOp::Sub => Some(format!("“{t}” goes down by {k}")),
                        _ => None,
                    };
                }
                return None;
            }
            Some(format!("“{t}” becomes {}", literal(value)?))
        }
        Effect::Move { figure, to, .. } => {
            let f = figure_words(names, figure)?;
            let place = names.thing(name_of(to)?);
            Some(format!("{f} goes to {place}"))
        }
        Effect::Remove { figure } => Some(format!("{} is taken off the table", figure_words(names, figure)?)),
        Effect::Change { figure, kind } => {
            let f = match name_of(figure) {
                Some("figure") => "it".to_string(),
                _ => figure_words(names, figure)?,
            };
            let k = name_of(kind).map(str::to_string).or_else(|| match kind {
                Expr::Literal(Value::Text(t)) => Some(t.clone()),
                _ => None,
            })?;
            Some(format!("{f} becomes {}", article(&k)))
        }
        Effect::If {
            condition,
            then,
            otherwise: None,
        } => {
            let what = effect_shape(names, then)?;
            Some(format!("{what} {}", when_words(names, condition)?))
        }
        _ => None,
    }
}

/// A side effect in words; one of no known shape as written, its names
/// translated.
pub fn effect(names: &Names, source: &str) -> String {
    match parse_effect(source).ok().and_then(|e| effect_shape(names, &e)) {
        Some(w) => format!("then {w}"),
        None => names.translate(&effect_words(source)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::open_example;

    #[test]
    fn effects_of_the_examples_in_words() {
        let (dama, _) = open_example("dama-lite");
        let n = Names::new(&dama);
        let jump: Vec<String> = dama.steps[1].effects.iter().map(|e| effect(&n, e)).collect();
        assert_eq!(
            jump,
            [
                "then the figure jumped over goes to the basket",
                "then it becomes a crown when it reaches the far row",
                "then “moves” goes up by 1"
            ]
        );
        assert_eq!(
            effect(&n, "remove w.1"),
            "then one of Player 1's stones is taken off the table"
        );
        assert_eq!(effect(&n, "set moves to 0"), "then “moves” becomes 0");
        assert_eq!(
            effect(&n, "if row(to) = 6 then change figure to crown"),
            "then it becomes a crown when it reaches row 6"
        );
        assert_eq!(effect(&n, "blah blah"), "then: blah blah");
    }
}
