//! Equipment: board and track sizes, room for every place, the squares
//! given their own attributes, and the names of places and boards.

use super::{names, problem};
use crate::file::limits::{MAX_LINES, MAX_LINE_POINTS, MAX_POINTS};
use crate::model::{Equipment, EquipmentKind, Game};
use crate::problem::{Problem, Section};
use crate::rules::compile::MAX_GRID_SIDE;
use crate::rules::lower::places::{layouts, GridShape, Layout};
use crate::rules::lower::Elements;
use crate::rules::{Element, NameMap, PlaceId};

pub fn check(game: &Game, elements: &Elements) -> Vec<Problem> {
    let mut problems = Vec::new();
    for (eq, layout) in layouts(game) {
        problems.extend(room(eq, layout));
        if let Layout::Grid(shape) = layout {
            problems.extend(squares(eq, shape, &elements.names));
        }
        if eq.kind == EquipmentKind::Points {
            problems.extend(repeated_points(eq));
        }
    }
    problems.extend(place_names(elements));
    problems.extend(placed(game, &elements.names));
    problems
}

/// Each `<place>` of the layout draws a piece of equipment that exists.
fn placed(game: &Game, names: &NameMap) -> Vec<Problem> {
    let drawn = |name: &String| names.contains_key(name);
    game.layout
        .items
        .keys()
        .filter(|name| !drawn(name))
        .map(|name| {
            let message = format!(
                "the layout places '{name}', but there is nothing called that in the game; remove this <place> or give it the name of a piece of equipment"
            );
            problem(Section::Layout, name, "", message)
        })
        .collect()
}

/// Each place, and each board or track, needs a name of its own.
fn place_names(elements: &Elements) -> Vec<Problem> {
    let names = &elements.names;
    let mut problems = Vec::new();
    for (i, place) in elements.places.iter().enumerate() {
        let element = Element::Place(i as PlaceId);
        problems.extend(names::check(Section::Equipment, &place.name, element, names));
    }
    for (i, grid) in elements.grids.iter().enumerate() {
        let element = Element::Grid(i as u16);
        problems.extend(names::check(Section::Equipment, &grid.name, element, names));
    }
    for (i, board) in elements.point_boards.iter().enumerate() {
        let element = Element::Points(i as u16);
        problems.extend(names::check(Section::Equipment, &board.name, element, names));
    }
    problems
}

/// Whether the equipment found room for its places.
fn room(eq: &Equipment, layout: Layout) -> Option<Problem> {
    let too_many = "the game has too many places";
    match layout {
        Layout::Place | Layout::Grid(_) | Layout::Points { .. } => None,
        Layout::BadPoints => Some(bad_points(eq)),
        Layout::BadSize => {
            let what = if matches!(eq.kind, EquipmentKind::Track { .. }) {
                "a track's length"
            } else {
                "a board's rows and columns"
            };
            let message = format!("{what} must be between 1 and {MAX_GRID_SIDE}");
            Some(problem(Section::Equipment, &eq.name, "size", message))
        }
        Layout::TooBig => Some(problem(Section::Equipment, &eq.name, "size", too_many)),
        Layout::NoRoom => Some(problem(Section::Equipment, &eq.name, "", too_many)),
    }
}

/// What is wrong with a points board that has no places.
fn bad_points(eq: &Equipment) -> Problem {
    let name = &eq.name;
    let count = eq.all_points().len();
    let long = eq
        .lines
        .iter()
        .enumerate()
        .find(|(_, l)| !(2..=MAX_LINE_POINTS).contains(&l.len()));
    let (field, message) = if count == 0 {
        (
            String::new(),
            format!(
                "the points board '{name}' has no points; add <line>a1 d1 g1</line> or <point name=\"a1\"/>"
            ),
        )
    } else if count > MAX_POINTS {
        (
            String::new(),
            format!("the points board '{name}' has {count} points; it can have at most {MAX_POINTS}"),
        )
    } else if eq.lines.len() > MAX_LINES {
        (
            String::new(),
            format!(
                "the points board '{name}' has {} lines; it can have at most {MAX_LINES}",
                eq.lines.len()
            ),
        )
    } else if let Some((i, l)) = long {
        (
            format!("line {}", i + 1),
            format!(
                "a line joins 2 to {MAX_LINE_POINTS} points, their names separated by spaces; this one has {}",
                l.len()
            ),
        )
    } else {
        (String::new(), format!("the points board '{name}' can't be made"))
    };
    problem(Section::Equipment, name, &field, message)
}

/// A line that goes through a point twice would make it its own neighbour.
fn repeated_points(eq: &Equipment) -> Vec<Problem> {
    let mut problems = Vec::new();
    for (i, line) in eq.lines.iter().enumerate() {
        let twice = line.iter().enumerate().find(|(j, p)| line[..*j].contains(p));
        if let Some((_, p)) = twice {
            let message = format!("the point '{p}' is twice in this line; a line goes through a point once");
            problems.push(problem(
                Section::Equipment,
                &eq.name,
                &format!("line {}", i + 1),
                message,
            ));
        }
    }
    let mut seen = std::collections::HashSet::new();
    for p in &eq.points {
        if !seen.insert(&p.name) {
            let message = format!(
                "the point '{}' is given twice; keep one <point name=\"{}\">",
                p.name, p.name
            );
            problems.push(problem(
                Section::Equipment,
                &eq.name,
                &format!("point {}", p.name),
                message,
            ));
        }
    }
    problems
}

/// Squares given their own attributes must be squares of the board.
fn squares(eq: &Equipment, shape: GridShape, names: &NameMap) -> Vec<Problem> {
    let mut problems = Vec::new();
    for square in eq.squares.keys() {
        if !is_square_of(square, shape, names) {
            let message = format!("'{square}' is not one of the squares of {}", eq.name);
            problems.push(problem(Section::Equipment, &eq.name, "squares", message));
        }
    }
    problems
}

fn is_square_of(name: &str, shape: GridShape, names: &NameMap) -> bool {
    matches!(names.get(name), Some(Element::Place(p)) if shape.holds(*p))
}
