//! Game-over conditions: their conditions and winners read.

use super::{at_column, problem};
use crate::expr::{Expr, Value};
use crate::model::{Game, GameOver};
use crate::problem::{Problem, Section};
use crate::rules::lower::Elements;
use crate::rules::scope;

pub fn check(game: &Game, elements: &Elements) -> Vec<Problem> {
    let mut problems = Vec::new();
    for (i, end) in game.game_over.iter().enumerate() {
        if game.game_over[..i].iter().any(|e| e.name == end.name) {
            let message = format!(
                "two ways the game ends are both called '{}'; give this one another name",
                end.name
            );
            problems.push(problem(Section::GameOver, &end.name, "name", message));
        }
        problems.extend(conditions(end, elements));
        match scope::expr(&end.winner, &[], &elements.names, &elements.words) {
            Err(e) => problems.push(at_column(
                Section::GameOver,
                &end.name,
                "winner",
                e.column,
                &e.message,
            )),
            Ok(e) if constant(&e).is_some_and(|v| !is_player(&v, game.players)) => {
                let v = constant(&e).unwrap_or(Value::Bool(false));
                let players = game.players.max(1);
                let message = format!(
                    "the winner must be a player: 1 to {players}, 0 for a draw, or player, opponent, next or previous; {v} is none of them"
                );
                problems.push(problem(Section::GameOver, &end.name, "winner", message));
            }
            Ok(_) => {}
        }
    }
    problems
}

/// The value of a winner written as a constant (`5`, `-1`, `"bob"`, `yes`).
fn constant(e: &Expr) -> Option<Value> {
    match e {
        Expr::Literal(v) => Some(v.clone()),
        Expr::Neg(x) => match &**x {
            Expr::Literal(Value::Number(n)) => Some(Value::Number(n.saturating_neg())),
            _ => None,
        },
        _ => None,
    }
}

/// Whether a constant winner names a player of the game, or 0 for a draw.
fn is_player(v: &Value, players: u8) -> bool {
    matches!(v, Value::Number(n) if (0..=i64::from(players.max(1))).contains(n))
}

fn conditions(end: &GameOver, elements: &Elements) -> Vec<Problem> {
    let mut problems = Vec::new();
    for (i, src) in end.when.iter().enumerate() {
        if let Err(e) = scope::expr(src, &[], &elements.names, &elements.words) {
            let field = format!("when {}", i + 1);
            problems.push(at_column(
                Section::GameOver,
                &end.name,
                &field,
                e.column,
                &e.message,
            ));
        }
    }
    problems
}
