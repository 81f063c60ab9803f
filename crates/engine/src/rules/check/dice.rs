//! Dice: a name of their own and 2 to 20 faces.

use super::{names, problem};
use crate::model::{Game, DIE_FACES};
use crate::problem::{Problem, Section};
use crate::rules::dice::DieId;
use crate::rules::lower::Elements;
use crate::rules::Element;

pub fn check(game: &Game, elements: &Elements) -> Vec<Problem> {
    let mut problems = Vec::new();
    for (i, d) in game.dice.iter().enumerate() {
        let element = Element::Die(i as DieId);
        problems.extend(names::check(
            Section::Equipment,
            &d.name,
            element,
            &elements.names,
        ));
        if !DIE_FACES.contains(&d.faces) {
            let (low, high) = (DIE_FACES.start(), DIE_FACES.end());
            let message = format!("a die has {low} to {high} faces, not {}", d.faces);
            problems.push(problem(Section::Equipment, &d.name, "faces", message));
        }
    }
    problems
}
