//! Design edits as pure functions: each takes the game and gives back a new
//! one, or an [`EditError`] saying in plain words why not. Nothing here
//! touches the screen; [`Edit`] bundles an edit with its undo label for
//! [`super::History`].

mod add;
mod arrange;
mod command;
mod dice;
mod dots;
mod duplicate;
mod info;
mod looks;
mod properties;
mod remove;
mod rename;

pub use add::{add_equipment, add_equipment_named, add_figure, add_trigger, create_figures};
pub use arrange::{move_by, put_figure, resize};
pub use command::Edit;
pub use dice::{DiceChange, MAX_DICE};
pub use dots::{add_dot, free_spot, join_dots, move_dot, new_dots, remove_dot, remove_line, DotChange};
pub use duplicate::duplicate;
pub use info::{set_description, set_players, set_title};
pub use looks::{set_look, MAX_LOOKS};
pub use properties::{set_property, set_property_all, Property, MAX_CAPACITY};
pub use remove::delete;
pub use rename::rename;

use super::error::EditError;
use super::places::{place, Place};
use crate::table::geometry::{default_layout, fit_table, Point, MARGIN};
use tablecraft_engine::model::{Game, Placement};

/// The most figures one "create figures" makes.
pub const MAX_CREATE: u32 = 200;
/// The most rows or columns of a board, and the longest track.
pub const MAX_SIDE: u16 = 50;
/// The most figures a game may have.
pub const MAX_FIGURES: usize = 10_000;
/// The smallest and largest side of equipment or a trigger on the table.
pub const SIZE_RANGE: (u32, u32) = (20, 10_000);

/// The place named `name` if a figure may be put there, with room for `more`
/// figures besides those on it now (not counting `moving`, a figure already
/// there that is being moved).
fn place_with_room<'a>(
    game: &'a Game,
    name: Option<&str>,
    more: usize,
    moving: Option<&str>,
) -> Result<Place<'a>, EditError> {
    let name = name.unwrap_or("");
    if name.is_empty() {
        return Err(EditError::refused("Put figures on a square, group or basket."));
    }
    let Some(target) = place(game, name) else {
        return Err(EditError::NotFound(name.to_string()));
    };
    if !target.holds_figures() {
        return Err(EditError::refused(format!(
            "Put figures on one of the squares of {name}, not on the {} itself.",
            target.equipment().kind.type_name()
        )));
    }
    if let Some(cap) = target.capacity() {
        let there = game
            .figures
            .iter()
            .filter(|f| f.origin == name && Some(f.name.as_str()) != moving)
            .count();
        if there + more > cap as usize {
            let holds = if cap == 1 {
                "1 figure".to_string()
            } else {
                format!("{cap} figures")
            };
            return Err(EditError::NoRoom {
                place: name.to_string(),
                needed: there + more,
                text: format!("There is no room on {name}: it holds {holds}."),
            });
        }
    }
    Ok(target)
}

/// Gives every equipment and trigger a placement, keeping those it has.
fn fill_layout(game: &mut Game) {
    let missing = game
        .equipment
        .iter()
        .map(|e| &e.name)
        .chain(game.triggers.iter().map(|t| &t.name))
        .any(|n| !game.layout.items.contains_key(n));
    if missing {
        game.layout = default_layout(game);
    }
}

/// A placement of the given size centred on `at`, kept on the table.
fn placement_at(at: Point, (width, height): (u32, u32)) -> Placement {
    let corner = |c: f64, side: u32| {
        let c = if c.is_finite() { c } else { f64::from(MARGIN) };
        let v = (c - f64::from(side) / 2.0)
            .round()
            .clamp(0.0, f64::from(i32::MAX / 2));
        v as i32
    };
    Placement {
        x: corner(at.x, width),
        y: corner(at.y, height),
        width,
        height,
        colour: None,
        label: None,
    }
}

/// Adds a placement and grows the table to hold it.
fn put_placement(game: &mut Game, name: &str, placement: Placement) {
    game.layout.items.insert(name.to_string(), placement);
    fit_table(&mut game.layout);
}

#[cfg(test)]
mod tests;
