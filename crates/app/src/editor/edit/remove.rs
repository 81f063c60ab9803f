//! Deleting elements.

use super::EditError;
use crate::editor::places::{element, lies_on, place, Element, Place};
use std::collections::HashSet;
use tablecraft_engine::model::Game;

/// Deletes the named equipment, figures and triggers. Deleting equipment
/// also deletes the figures on it (on any of its squares, for a board or
/// track), and the links (a ladder, a snake) drawn to or from it. Rules that name deleted things are kept as they are; the problem
/// list shows them.
pub fn delete<S: AsRef<str>>(game: &Game, names: &[S]) -> Result<Game, EditError> {
    if names.is_empty() {
        return Err(EditError::NotFound(String::new()));
    }
    let mut equipment = Vec::new();
    for name in names.iter().map(AsRef::as_ref) {
        match element(game, name) {
            Some(Element::Equipment(e)) => equipment.push(e),
            Some(_) => {}
            None => {
                if let Some(Place::Square { of, .. } | Place::Point { of, .. }) = place(game, name) {
                    return Err(EditError::refused(format!(
                        "{name} is part of {0}: make {0} smaller or delete it.",
                        of.name
                    )));
                }
                return Err(EditError::NotFound(name.to_string()));
            }
        }
    }
    let set: HashSet<&str> = names.iter().map(AsRef::as_ref).collect();
    let named = |n: &str| set.contains(n);
    let mut g = game.clone();
    g.equipment.retain(|e| !named(&e.name));
    g.triggers.retain(|t| !named(&t.name));
    g.figures
        .retain(|f| !named(&f.name) && !equipment.iter().any(|e| lies_on(e, &f.origin)));
    g.layout.items.retain(|k, _| !named(k));
    let gone = |place: &str| named(place) || equipment.iter().any(|e| lies_on(e, place));
    g.layout.links.retain(|l| !gone(&l.from) && !gone(&l.to));
    Ok(g)
}
