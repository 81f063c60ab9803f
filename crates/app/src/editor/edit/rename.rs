//! Renaming an element and everything that names it.

use super::EditError;
use crate::editor::naming::{check_name, Names};
use crate::editor::places::{element, has_parts, part_renamed, parts, place, Element, Place};
use tablecraft_engine::model::{Game, Pattern};

/// Renames the equipment, figure or trigger `old` to `new`, and updates what
/// refers to it by plain name: figure origins, layout placements, the ends
/// of links (a ladder, a snake), and step
/// rule patterns that are exactly the name. Renaming a board or track also
/// renames its squares (`board.2.3` → `new.2.3`), and a points board its
/// points, everywhere, including the
/// per-square attributes and patterns such as `board.?.?`. Conditions and
/// effects are left as written.
pub fn rename(game: &Game, old: &str, new: &str) -> Result<Game, EditError> {
    let Some(found) = element(game, old) else {
        if let Some(part @ (Place::Square { of, .. } | Place::Point { of, .. })) = place(game, old) {
            let what = if matches!(part, Place::Point { .. }) {
                "point"
            } else {
                "square"
            };
            return Err(EditError::refused(format!(
                "{old} is a {what} of {0} and is named after it: rename {0} instead.",
                of.name
            )));
        }
        return Err(EditError::NotFound(old.to_string()));
    };
    check_name(new)?;
    if new == old {
        return Ok(game.clone());
    }
    let mut names = Names::of(game);
    names.release(old);
    let free = match found {
        Element::Equipment(e) => {
            parts(e).iter().for_each(|s| names.release(s));
            names.is_free_for(new, &e.kind)
        }
        _ => names.is_free(new),
    };
    if !free {
        return Err(EditError::NameTaken(new.to_string()));
    }
    let mut g = game.clone();
    let grid = match found {
        Element::Equipment(e) if has_parts(&e.kind) => Some(e.clone()),
        _ => None,
    };
    let map = |name: &str| -> Option<String> {
        if name == old {
            return Some(new.to_string());
        }
        part_renamed(grid.as_ref()?, name, new)
    };
    match found {
        Element::Equipment(_) => {
            for e in g.equipment.iter_mut().filter(|e| e.name == old) {
                e.name = new.to_string();
                e.squares = std::mem::take(&mut e.squares)
                    .into_iter()
                    .map(|(k, v)| (map(&k).unwrap_or(k), v))
                    .collect();
            }
            for f in &mut g.figures {
                if let Some(n) = map(&f.origin) {
                    f.origin = n;
                }
            }
        }
        Element::Figure(_) => g
            .figures
            .iter_mut()
            .filter(|f| f.name == old)
            .for_each(|f| f.name = new.to_string()),
        Element::Trigger(_) => g
            .triggers
            .iter_mut()
            .filter(|t| t.name == old)
            .for_each(|t| t.name = new.to_string()),
    }
    if let Some(p) = g.layout.items.remove(old) {
        g.layout.items.insert(new.to_string(), p);
    }
    for link in &mut g.layout.links {
        for end in [&mut link.from, &mut link.to] {
            if let Some(n) = map(end) {
                *end = n;
            }
        }
    }
    let prefix = format!("{old}.");
    let rewrite = |p: &mut Option<Pattern>| {
        let Some(p) = p else { return };
        if !p.text.contains(['*', '?']) {
            if let Some(n) = map(&p.text) {
                p.text = n;
            }
        } else if grid.is_some() {
            if let Some(rest) = p.text.strip_prefix(&prefix) {
                p.text = format!("{new}.{rest}");
            }
        }
    };
    for rule in &mut g.steps {
        rewrite(&mut rule.what.name);
        rewrite(&mut rule.what.origin);
        rewrite(&mut rule.from.name);
        rewrite(&mut rule.to.name);
    }
    Ok(g)
}
