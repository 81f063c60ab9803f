//! How many play.

use super::problem;
use crate::file::MAX_PLAYERS;
use crate::model::Game;
use crate::problem::{Problem, Section};

/// A game is a puzzle for one or a game between two to four.
pub fn check(game: &Game) -> Vec<Problem> {
    if (1..=MAX_PLAYERS).contains(&game.players) {
        return Vec::new();
    }
    vec![problem(
        Section::Game,
        "",
        "players",
        format!(
            "a game has 1 player (a puzzle) or 2, 3 or {MAX_PLAYERS} players, not {}",
            game.players
        ),
    )]
}
