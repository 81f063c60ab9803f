//! Figures: how many, their names, types, owners and where they start, and
//! whether every place holds the figures that start on it.

use super::{names, problem};
use crate::model::{Figure, Game};
use crate::problem::{Problem, Section};
use crate::rules::compile::MAX_ELEMENTS;
use crate::rules::lower::Elements;
use crate::rules::{Element, FigureId, NameMap, PlaceId};
use std::collections::BTreeMap;

pub fn check(game: &Game, elements: &Elements) -> Vec<Problem> {
    if game.figures.len() > MAX_ELEMENTS {
        let message = format!("a game can have at most {MAX_ELEMENTS} figures");
        return vec![problem(Section::Game, "", "figures", message)];
    }
    let mut problems = Vec::new();
    for (i, f) in game.figures.iter().enumerate() {
        let element = Element::Figure(i as FigureId);
        problems.extend(names::check(Section::Figure, &f.name, element, &elements.names));
        problems.extend(kind(f));
        problems.extend(owner(f, game.players));
        problems.extend(origin(f, &elements.names));
    }
    problems.extend(crowded(game, elements));
    problems
}

fn kind(f: &Figure) -> Option<Problem> {
    if !f.kind.trim().is_empty() {
        return None;
    }
    let message = "every figure needs a type, like match or stone";
    Some(problem(Section::Figure, &f.name, "type", message))
}

fn owner(f: &Figure, players: u8) -> Option<Problem> {
    let owner = f.owner?;
    let players = players.max(1);
    if (1..=players).contains(&owner) {
        return None;
    }
    let message = format!("the owner must be a player: 1 to {players}");
    Some(problem(Section::Figure, &f.name, "owner", message))
}

/// A figure starts on a place: a square of a board, not the board.
fn origin(f: &Figure, names: &NameMap) -> Option<Problem> {
    let message = match names.get(&f.origin) {
        Some(Element::Place(_)) => return None,
        Some(Element::Points(_)) => format!(
            "{} starts on the points board '{}'; put it on one of its points, like {}.a1",
            f.name, f.origin, f.origin
        ),
        Some(Element::Grid(_)) => format!(
            "{} starts on the board '{}'; put it on one of its squares, like {}.1.1",
            f.name, f.origin, f.origin
        ),
        _ => format!("{} starts on '{}', but there is no such place", f.name, f.origin),
    };
    Some(problem(Section::Figure, &f.name, "origin", message))
}

/// Places that hold fewer figures than start on them. A figure whose
/// starting place does not exist is not counted anywhere: its origin
/// problem is reported by itself.
fn crowded(game: &Game, elements: &Elements) -> Vec<Problem> {
    let mut count: BTreeMap<PlaceId, u32> = BTreeMap::new();
    for (given, f) in game.figures.iter().zip(&elements.figures) {
        if matches!(elements.names.get(&given.origin), Some(Element::Place(_))) {
            *count.entry(f.origin).or_default() += 1;
        }
    }
    let mut problems = Vec::new();
    for (place, n) in count {
        let Some(p) = elements.places.get(place as usize) else {
            continue;
        };
        if let Some(cap) = p.capacity.filter(|&cap| n > cap) {
            let message = format!("{} holds {cap}, but {n} figures start on it", p.name);
            // A square of a board is written in the file as its board.
            let owner = p.grid.and_then(|spot| elements.grids.get(spot.grid as usize));
            let name = owner.map_or(&p.name, |g| &g.name);
            problems.push(problem(Section::Equipment, name, "capacity", message));
        }
    }
    problems
}
