//! Game-over conditions.

use crate::expr::Words;
use crate::model::Game;
use crate::rules::{scope, EndC, NameMap};

/// Every game-over condition, ready to be checked in order.
pub fn lower(game: &Game, names: &NameMap, words: &Words) -> Vec<EndC> {
    let mut ends = Vec::new();
    for end in &game.game_over {
        let when = end.when.iter().map(|src| scope::expr(src, &[], names, words));
        if let Ok(winner) = scope::expr(&end.winner, &[], names, words) {
            ends.push(EndC {
                name: end.name.clone(),
                when: when.filter_map(Result::ok).collect(),
                fast: Vec::new(),
                winner,
            });
        }
    }
    ends
}
