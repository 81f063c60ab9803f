//! Giving an attribute a look: how places whose attribute has a value are
//! drawn (saved in the layout), so that what it means can be seen.

use super::properties::check_text;
use super::EditError;
use tablecraft_engine::model::{Game, Look, LookPattern};

/// The most looks a game may have.
pub const MAX_LOOKS: usize = 50;

/// Gives places whose `attribute` is `value` a fill `colour` and a
/// `pattern` (both `None`: the look is removed, and the usual one, if any,
/// is used again). A look already given to that value is replaced in
/// place, so the designer's order stays.
pub fn set_look(
    game: &Game,
    attribute: &str,
    value: &str,
    colour: Option<&str>,
    pattern: Option<LookPattern>,
) -> Result<Game, EditError> {
    let (attribute, value) = (attribute.trim(), value.trim());
    if attribute.is_empty() || value.is_empty() {
        return Err(EditError::refused(
            "Give the attribute a name and a value first, like wall and yes.",
        ));
    }
    check_text("An attribute", attribute)?;
    check_text("A value", value)?;
    let colour = colour.map(str::trim).filter(|c| !c.is_empty());
    if let Some(c) = colour {
        check_text("A colour", c)?;
    }
    let mut g = game.clone();
    let at = g
        .layout
        .looks
        .iter()
        .position(|l| l.attribute == attribute && l.value == value);
    let look = (colour.is_some() || pattern.is_some()).then(|| Look {
        attribute: attribute.to_string(),
        value: value.to_string(),
        colour: colour.map(str::to_string),
        pattern,
    });
    match (at, look) {
        (Some(i), Some(look)) => g.layout.looks[i] = look,
        (Some(i), None) => {
            g.layout.looks.remove(i);
        }
        (None, Some(look)) => {
            if g.layout.looks.len() >= MAX_LOOKS {
                return Err(EditError::TooMany(format!(
                    "A game can have at most {MAX_LOOKS} looks."
                )));
            }
            g.layout.looks.push(look);
        }
        (None, None) => {}
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::looks::look_of;
    use crate::testing::open_example;

    #[test]
    fn a_look_is_given_changed_and_taken_away() {
        let (maze, _) = open_example("labyrinth");
        let g = set_look(&maze, "wall", "yes", Some("#8b0000"), Some(LookPattern::Stripes)).unwrap();
        assert_eq!(g.layout.looks.len(), 1);
        assert_eq!(
            look_of(&g, "maze.2.1").unwrap().colour.as_deref(),
            Some("#8b0000")
        );
        let g = set_look(&g, "wall", "yes", Some("#8b0000"), Some(LookPattern::Dots)).unwrap();
        assert_eq!(g.layout.looks.len(), 1, "replaced, not added");
        assert_eq!(g.layout.looks[0].pattern, Some(LookPattern::Dots));
        let g = set_look(&g, "wall", "yes", None, None).unwrap();
        assert!(g.layout.looks.is_empty());
        // The usual look of a wall is back.
        assert_eq!(
            look_of(&g, "maze.2.1").unwrap().pattern,
            Some(LookPattern::Bricks)
        );
        assert!(set_look(&g, " ", "yes", Some("#000"), None).is_err());
        assert!(set_look(&g, "wall", "ye\"s", Some("#000"), None).is_err());
    }
}
