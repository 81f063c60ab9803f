//! The designer's heuristic: how good a position looks to the computer.

use crate::expr::{Expr, Words};
use crate::model::Game;
use crate::rules::{scope, NameMap};

/// The heuristic, if the game has one.
pub fn lower(game: &Game, names: &NameMap, words: &Words) -> Option<Expr> {
    let src = game.settings.heuristic.as_ref()?;
    scope::expr(src, &[], names, words).ok()
}
