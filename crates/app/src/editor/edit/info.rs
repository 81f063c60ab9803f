//! The title, description and number of players.

use super::EditError;
use tablecraft_engine::model::Game;

/// The longest title, in characters.
const MAX_TITLE: usize = 80;
/// The longest description, in characters.
const MAX_DESCRIPTION: usize = 4000;

/// Changes the title (surrounding spaces are dropped; it may not be empty).
pub fn set_title(game: &Game, title: &str) -> Result<Game, EditError> {
    let title = title.trim();
    if title.is_empty() {
        return Err(EditError::refused("A game needs a title."));
    }
    if title.chars().count() > MAX_TITLE {
        return Err(EditError::TooMany(format!(
            "A title can have at most {MAX_TITLE} letters."
        )));
    }
    Ok(Game {
        title: title.to_string(),
        ..game.clone()
    })
}

/// Changes the description shown before play.
pub fn set_description(game: &Game, description: &str) -> Result<Game, EditError> {
    if description.chars().count() > MAX_DESCRIPTION {
        return Err(EditError::TooMany(format!(
            "A description can have at most {MAX_DESCRIPTION} letters."
        )));
    }
    Ok(Game {
        description: description.to_string(),
        ..game.clone()
    })
}

/// Changes the number of players: 1 (a puzzle) to 4.
pub fn set_players(game: &Game, players: u8) -> Result<Game, EditError> {
    if !(1..=4).contains(&players) {
        return Err(EditError::refused(
            "A game has 1 player (a puzzle) or 2, 3 or 4 players.",
        ));
    }
    Ok(Game {
        players,
        ..game.clone()
    })
}
