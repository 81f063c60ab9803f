//! Turning a [`Game`] definition into [`Rules`], finding every problem.
//!
//! Three stages, in the spirit of a compiler, then one more gate:
//! 1. Number the elements and build the move automaton
//!    ([`Elements`], [`Moves`]): from any game, since the checks read them.
//! 2. Check every section ([`check`]): all the problems, sorted, each once.
//! 3. Lower the rules ([`lower`]): only for a game with no problem.
//! 4. Refuse a step rule whose steps would take too long to list in a
//!    position (`prefilter::listing_problems`): it needs the lowered rules
//!    to count its targets, so it comes last, with its own problems.

use super::check;
use super::lower::{self, Elements, Moves};
use super::Rules;
use crate::model::Game;
use crate::problem::Problem;

/// The largest board or track side.
pub const MAX_GRID_SIDE: u16 = 50;
/// The most places, figures or rules a game may have.
pub const MAX_ELEMENTS: usize = 10_000;

impl Rules {
    /// Checks a game and compiles it.
    ///
    /// # Errors
    /// Every problem found, each with its place and a plain message.
    pub fn compile(game: &Game) -> Result<Rules, Vec<Problem>> {
        let elements = Elements::new(game);
        let moves = Moves::new(game);
        let problems = check::game(game, &elements, &moves);
        match moves.automaton {
            Ok(automaton) if problems.is_empty() => {
                let rules = lower::rules(game, elements, automaton, moves.names);
                let slow = super::prefilter::listing_problems(&rules);
                if slow.is_empty() {
                    Ok(rules)
                } else {
                    Err(slow)
                }
            }
            _ => Err(problems),
        }
    }
}
