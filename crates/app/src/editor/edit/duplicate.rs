//! Duplicating elements.

use super::{fill_layout, place_with_room, EditError, MAX_FIGURES};
use crate::editor::naming::Names;
use crate::editor::places::{element, lies_on, part_renamed, place, Element, Place};
use crate::table::geometry::{clamp_i32, fit_table};
use tablecraft_engine::model::{EquipmentKind, Game};

/// Copies the named elements, moved by (`dx`, `dy`), with fresh names
/// (`s.3` → the next free `s.N`, `basket` → `basket.2`). Copied equipment
/// takes copies of its figures along; a figure copied on its own goes on the
/// same place, if there is room. Returns the new game and the copies' names.
pub fn duplicate<S: AsRef<str>>(
    game: &Game,
    names: &[S],
    dx: i32,
    dy: i32,
) -> Result<(Game, Vec<String>), EditError> {
    let mut wanted: Vec<&str> = Vec::new();
    for name in names.iter().map(AsRef::as_ref) {
        if element(game, name).is_none() {
            if let Some(Place::Square { of, .. } | Place::Point { of, .. }) = place(game, name) {
                return Err(EditError::refused(format!(
                    "{name} is part of {}: copy the whole of it instead.",
                    of.name
                )));
            }
            return Err(EditError::NotFound(name.to_string()));
        }
        if !wanted.contains(&name) {
            wanted.push(name);
        }
    }
    if wanted.is_empty() {
        return Err(EditError::NotFound(String::new()));
    }
    let mut g = game.clone();
    fill_layout(&mut g);
    let mut fresh = Names::of(game);
    let mut made = Vec::new();
    let offset = |g: &mut Game, from: &str, to: &str| {
        if let Some(mut p) = g.layout.items.get(from).cloned() {
            p.x = clamp_i32(i64::from(p.x) + i64::from(dx));
            p.y = clamp_i32(i64::from(p.y) + i64::from(dy));
            g.layout.items.insert(to.to_string(), p);
        }
    };
    for name in &wanted {
        match element(game, name) {
            Some(Element::Equipment(e)) => {
                let new = fresh.copy_of(&e.name, &e.kind);
                let rename = |n: &str| match part_renamed(e, n, &new) {
                    Some(part) => part,
                    None if n == e.name => new.clone(),
                    None => n.to_string(),
                };
                let mut copy = e.clone();
                copy.name = new.clone();
                copy.squares = e.squares.iter().map(|(k, v)| (rename(k), v.clone())).collect();
                g.equipment.push(copy);
                for f in game.figures.iter().filter(|f| lies_on(e, &f.origin)) {
                    let mut c = f.clone();
                    c.name = fresh.figure(&f.kind);
                    c.origin = rename(&f.origin);
                    g.figures.push(c);
                }
                offset(&mut g, name, &new);
                made.push(new);
            }
            Some(Element::Trigger(t)) => {
                let new = fresh.copy_of(&t.name, &EquipmentKind::Square);
                let mut copy = t.clone();
                copy.name = new.clone();
                g.triggers.push(copy);
                offset(&mut g, name, &new);
                made.push(new);
            }
            Some(Element::Figure(f)) => {
                let carried = game
                    .equipment
                    .iter()
                    .any(|e| wanted.contains(&e.name.as_str()) && lies_on(e, &f.origin));
                if carried {
                    continue;
                }
                if let Err(e) = place_with_room(&g, Some(&f.origin), 1, None) {
                    return Err(match e {
                        EditError::NoRoom { place, needed, .. } => EditError::NoRoom {
                            text: format!("There is no room on {place} for a copy of {}.", f.name),
                            place,
                            needed,
                        },
                        other => other,
                    });
                }
                let mut copy = f.clone();
                copy.name = fresh.figure(&f.kind);
                made.push(copy.name.clone());
                g.figures.push(copy);
            }
            None => {}
        }
    }
    if g.figures.len() > MAX_FIGURES {
        return Err(EditError::TooMany(format!(
            "A game can have at most {MAX_FIGURES} figures."
        )));
    }
    fit_table(&mut g.layout);
    Ok((g, made))
}
