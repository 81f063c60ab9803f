//! Game-over conditions: their conditions and winners read.

use super::at_column;
use crate::model::{Game, GameOver};
use crate::problem::{Problem, Section};
use crate::rules::lower::Elements;
use crate::rules::{scope, NameMap};

pub fn check(game: &Game, elements: &Elements) -> Vec<Problem> {
    let mut problems = Vec::new();
    for end in &game.game_over {
        problems.extend(conditions(end, &elements.names));
        if let Err(e) = scope::expr(&end.winner, &[], &elements.names) {
            problems.push(at_column(
                Section::GameOver,
                &end.name,
                "winner",
                e.column,
                &e.message,
            ));
        }
    }
    problems
}

fn conditions(end: &GameOver, names: &NameMap) -> Vec<Problem> {
    let mut problems = Vec::new();
    for (i, src) in end.when.iter().enumerate() {
        if let Err(e) = scope::expr(src, &[], names) {
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
