//! Moving and resizing things on the table, and putting figures on places.

use super::{fill_layout, place_with_room, EditError, SIZE_RANGE};
use crate::editor::places::{element, place, Element, Place};
use crate::table::geometry::{clamp_i32, fit_table};
use tablecraft_engine::model::Game;

/// Moves the named equipment and triggers by (`dx`, `dy`) table units,
/// together. Figures move with the place they lie on, so named figures are
/// skipped. Nothing is moved off the top or left edge: the whole group stops
/// there. The table grows to hold what moved.
pub fn move_by<S: AsRef<str>>(game: &Game, names: &[S], dx: i32, dy: i32) -> Result<Game, EditError> {
    let mut movable = Vec::new();
    for name in names.iter().map(AsRef::as_ref) {
        match element(game, name) {
            Some(Element::Figure(_)) => {}
            Some(_) => movable.push(name),
            None => match place(game, name) {
                Some(Place::Square { of, .. } | Place::Point { of, .. }) => movable.push(of.name.as_str()),
                _ => return Err(EditError::NotFound(name.to_string())),
            },
        }
    }
    movable.sort_unstable();
    movable.dedup();
    if movable.is_empty() || (dx == 0 && dy == 0) {
        return Ok(game.clone());
    }
    let mut g = game.clone();
    fill_layout(&mut g);
    let items = &g.layout.items;
    let min_x = movable
        .iter()
        .filter_map(|n| items.get(*n))
        .map(|p| i64::from(p.x))
        .min()
        .unwrap_or(0);
    let min_y = movable
        .iter()
        .filter_map(|n| items.get(*n))
        .map(|p| i64::from(p.y))
        .min()
        .unwrap_or(0);
    let dx = i64::from(dx).max(-min_x.max(0));
    let dy = i64::from(dy).max(-min_y.max(0));
    for name in movable {
        if let Some(p) = g.layout.items.get_mut(name) {
            p.x = clamp_i32(i64::from(p.x) + dx);
            p.y = clamp_i32(i64::from(p.y) + dy);
        }
    }
    fit_table(&mut g.layout);
    Ok(g)
}

/// Changes the drawn size of a piece of equipment or a trigger; each side is
/// kept between 20 and 10 000 table units. A board's squares share its new size.
pub fn resize(game: &Game, name: &str, width: u32, height: u32) -> Result<Game, EditError> {
    match element(game, name) {
        Some(Element::Equipment(_) | Element::Trigger(_)) => {}
        Some(Element::Figure(_)) => {
            return Err(EditError::refused(
                "A figure takes its size from the place it lies on.",
            ));
        }
        None => return Err(EditError::NotFound(name.to_string())),
    }
    let mut g = game.clone();
    fill_layout(&mut g);
    if let Some(p) = g.layout.items.get_mut(name) {
        p.width = width.clamp(SIZE_RANGE.0, SIZE_RANGE.1);
        p.height = height.clamp(SIZE_RANGE.0, SIZE_RANGE.1);
    }
    fit_table(&mut g.layout);
    Ok(g)
}

/// Puts the figure `figure` on the place `place` to start the game there
/// (changes its origin). Refused on the empty table (`None`), on a whole
/// board or track, and on a full place.
pub fn put_figure(game: &Game, figure: &str, place: Option<&str>) -> Result<Game, EditError> {
    let Some(i) = game.figures.iter().position(|f| f.name == figure) else {
        return Err(EditError::NotFound(figure.to_string()));
    };
    if Some(game.figures[i].origin.as_str()) == place {
        return Ok(game.clone());
    }
    let target = place_with_room(game, place, 1, Some(figure))?;
    let target = target.name();
    let mut g = game.clone();
    g.figures[i].origin = target;
    Ok(g)
}
