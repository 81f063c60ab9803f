//! Why a figure picked up with the keyboard can't go anywhere, in the
//! words of the refusal a drop would get.

use crate::wording::names::capitalise;
use crate::wording::{refusal, Names};
use tablecraft_engine::{Position, Status};

/// Why `figure` has no place to go now: the refusal of a step to the first
/// other place, in the table's words (e.g. "Your move is complete: press
/// End move."), or a plain sentence.
pub fn why_stuck(pos: &Position, figure: &str) -> String {
    if let Status::Over { .. } = pos.status() {
        return "The game is over. Press Play again for a new game.".into();
    }
    let rules = pos.rules();
    let Some(f) = rules.figure_id(figure) else {
        return format!("There is no figure called {figure} in this game.");
    };
    let Some(here) = pos.state().place_of(f) else {
        return format!("{figure} is not on the table any more.");
    };
    let what = capitalise(&Names::new(&rules.game).figure(figure));
    (0..rules.places.len())
        .filter_map(|p| u16::try_from(p).ok())
        .filter(|&p| p != here)
        .find_map(|p| pos.check(f, p).err().map(|r| (p, r)))
        .map_or_else(
            || format!("{what} can't move now."),
            |(p, r)| refusal(pos, figure, rules.place_name(p), &r),
        )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::example;
    use std::sync::Arc;

    fn nim() -> Position {
        example("nim12")
    }

    #[test]
    fn a_match_in_the_basket_says_why() {
        let mut pos = nim();
        let rules = Arc::clone(pos.rules());
        let basket = rules.place_id("basket").unwrap();
        for m in ["m.1", "m.2", "m.3"] {
            pos.play(rules.figure_id(m).unwrap(), basket).unwrap();
        }
        // Three matches end the move by themselves: the next player's match may go.
        assert_eq!(why_stuck(&pos, "m.4"), "A match can't move now.");
        assert_eq!(
            why_stuck(&pos, "m.1"),
            "A match can't move now: try another figure."
        );
        assert!(why_stuck(&pos, "nobody").contains("no figure called nobody"));
    }
}
