//! How many play.

use super::problem;
use crate::model::Game;
use crate::problem::{Problem, Section};

/// A game is a puzzle for one or a game between two.
pub fn check(game: &Game) -> Vec<Problem> {
    if (1..=2).contains(&game.players) {
        return Vec::new();
    }
    vec![problem(
        Section::Game,
        "",
        "players",
        "a game has 1 player (a puzzle) or 2 players",
    )]
}
