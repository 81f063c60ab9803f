//! What each player can see: cards and hidden information.
//!
//! A figure is a *back* to a player (drawn face down, its type, name and
//! attributes unknown) when it lies face down, or when it lies on a place
//! that does not show its figures to that player: a hand
//! (`shows="owner"`) shows them only to its owner, a deck
//! (`shows="nobody"`) to nobody. Everything else is seen. A figure in the
//! box (removed) is seen: it is off the table.
//!
//! The page draws a figure from [`Position::sees`]; the computer plays
//! from [`Position::hidden_from`] (see `search::hidden`).

use super::Position;
use crate::rules::FigureId;

impl Position {
    /// Whether `player` sees what figure `f` is (a player of 0, nobody in
    /// particular, sees what everyone sees). A figure that is not there is
    /// not seen.
    pub fn sees(&self, player: u8, f: FigureId) -> bool {
        if f as usize >= self.rules.figures.len() || self.state.is_down(f) {
            return false;
        }
        match self.state.place_of(f) {
            None => true,
            Some(p) => self
                .rules
                .places
                .get(p as usize)
                .is_none_or(|place| place.shows.to(place.owner, player)),
        }
    }

    /// The figures on the table that `player` cannot see, in the order of
    /// the places and, on each place, from the bottom up: the slots the
    /// computer deals the unseen figures into. Empty when the game hides
    /// nothing.
    pub fn hidden_from(&self, player: u8) -> Vec<FigureId> {
        if !self.rules.hidden {
            return Vec::new();
        }
        (0..self.rules.places.len() as u16)
            .flat_map(|p| self.state.on(p).iter().copied())
            .filter(|&f| !self.sees(player, f))
            .collect()
    }

    /// The same position with `figures[i]` where `slots[i]` lies (the
    /// computer's guess at what it cannot see); the history is kept.
    pub(crate) fn redeal(&mut self, slots: &[FigureId], figures: &[FigureId]) {
        self.state.redeal(&self.rules, slots, figures);
    }

    /// Whether figure `f` lies face down.
    pub fn is_face_down(&self, f: FigureId) -> bool {
        self.state.is_down(f)
    }
}
