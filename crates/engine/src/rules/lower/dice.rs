//! Dice, numbered and named.

use super::Elements;
use crate::model::Game;
use crate::rules::dice::{DieId, DieInfo};
use crate::rules::Element;

/// Every die of the game.
pub fn lower(game: &Game, elements: &mut Elements) {
    for d in &game.dice {
        let id = elements.dice.len() as DieId;
        elements.name(&d.name, Element::Die(id));
        elements.dice.push(DieInfo {
            name: d.name.clone(),
            faces: d.faces,
        });
    }
}
