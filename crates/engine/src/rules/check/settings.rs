//! Settings: the heuristic reads.

use super::at_column;
use crate::model::Game;
use crate::problem::{Problem, Section};
use crate::rules::lower::Elements;
use crate::rules::scope;

pub fn check(game: &Game, elements: &Elements) -> Vec<Problem> {
    let Some(src) = &game.settings.heuristic else {
        return Vec::new();
    };
    match scope::expr(src, &[], &elements.names, &elements.words) {
        Ok(_) => Vec::new(),
        Err(e) => vec![at_column(
            Section::Settings,
            "",
            "heuristic",
            e.column,
            &e.message,
        )],
    }
}
