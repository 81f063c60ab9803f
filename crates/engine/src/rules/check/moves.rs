//! Move rules: each sequence reads, and all together fit in an automaton.

use super::{at_column, problem};
use crate::model::Game;
use crate::problem::{Problem, Section};
use crate::rules::lower::moves::{read, Moves};

pub fn check(game: &Game, moves: &Moves) -> Vec<Problem> {
    let mut problems = Vec::new();
    for m in &game.moves {
        if let Err(e) = read(game, m) {
            problems.push(at_column(
                Section::Move,
                &m.name,
                "sequence",
                e.column,
                &e.message,
            ));
        }
    }
    if let Err(message) = &moves.automaton {
        let name = moves.culprit.as_deref().unwrap_or_default();
        problems.push(problem(Section::Move, name, "sequence", message.as_str()));
    }
    problems
}
