//! Figures as they are now in a position: of their type now (a stone may
//! have become a crown), and told from the mover's side.

use super::names::Names;
use tablecraft_engine::Position;

/// A figure of a position, by its type now and owner: "a stone", "the
/// hero", "their pawn", "Player 2's pawn"; `own` is the mover's word
/// ("their", "your").
pub fn figure_now(names: &Names, pos: &Position, figure: u16, own: &str) -> String {
    let rules = pos.rules();
    let kind = rules
        .types
        .get(pos.state().kind_of(figure) as usize)
        .map_or("", String::as_str);
    names.figure_as(rules.figure_name(figure), kind, pos.to_move(), own)
}
