//! Checking: every problem of a game, each with where it is and a message a
//! child can act on.
//!
//! One module a section; each returns the problems it finds, reading the
//! game and what [`lower`](super::lower) built from any game (the numbered
//! elements, the move automaton). A new check is a module here and a line
//! in [`game`].

mod dice;
mod ends;
mod equipment;
mod figures;
mod moves;
mod names;
mod patterns;
mod players;
mod settings;
mod steps;
#[cfg(test)]
mod tests;
mod triggers;

use super::lower::{Elements, Moves};
use crate::model::Game;
use crate::problem::{Location, Problem, Section};

/// Every problem of `game`, sorted, each once.
pub fn game(game: &Game, elements: &Elements, moves: &Moves) -> Vec<Problem> {
    let mut problems = Vec::new();
    problems.extend(players::check(game));
    problems.extend(equipment::check(game, elements));
    problems.extend(figures::check(game, elements));
    problems.extend(triggers::check(elements));
    problems.extend(dice::check(game, elements));
    problems.extend(crate::rules::words::read(game, Some(&elements.names)).1);
    problems.extend(steps::check(game, elements));
    problems.extend(moves::check(game, moves));
    problems.extend(ends::check(game, elements));
    problems.extend(settings::check(game, elements));
    problems.sort();
    problems.dedup();
    problems
}

/// A problem with a field of an element.
fn problem(section: Section, name: &str, field: &str, message: impl Into<String>) -> Problem {
    Problem::new(Location::new(section, name, field), message)
}

/// A problem at a column of a field written in a language (an expression,
/// a move's sequence).
fn at_column(section: Section, name: &str, field: &str, column: u32, message: &str) -> Problem {
    let mut at = Location::new(section, name, field);
    at.column = Some(column);
    Problem::new(at, message)
}
