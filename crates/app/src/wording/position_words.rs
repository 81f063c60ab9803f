//! Figures as they are now in a position: of their type now (a stone may
//! have become a crown), and told from the mover's side.

use super::names::{article, word_of, Names};
use crate::table::cards::corner;
use tablecraft_engine::Position;

/// A figure of a position, by its type now and owner: "a stone", "the
/// hero", "their pawn", "Player 2's pawn"; `own` is the mover's word
/// ("their", "your").
///
/// A figure nobody can see is "a card": the words never tell what a hidden
/// card is. A card that can be seen is called by its corner: "the 7♥".
pub fn figure_now(names: &Names, pos: &Position, figure: u16, own: &str) -> String {
    figure_seen_by(names, pos, figure, 0, own)
}

/// [`figure_now`] as `viewer` sees it (0: what everyone sees): their own
/// hand is told by its corners, another's hand is "a card".
pub fn figure_seen_by(names: &Names, pos: &Position, figure: u16, viewer: u8, own: &str) -> String {
    let rules = pos.rules();
    let kind = rules
        .types
        .get(pos.state().kind_of(figure) as usize)
        .map_or("", String::as_str);
    if rules.hidden {
        if !pos.sees(viewer, figure) {
            return article(&word_of(kind).unwrap_or_else(|| kind.to_string()));
        }
        let name = rules.figure_name(figure);
        let card = rules.game.figures.iter().find(|f| f.name == name);
        if let Some(corner) = card.and_then(|f| corner(&f.attributes)) {
            return format!("the {corner}");
        }
    }
    names.figure_as(rules.figure_name(figure), kind, pos.to_move(), own)
}
