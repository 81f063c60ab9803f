//! What the Monte-Carlo tree ([`super::tree`]) plays its games on: a game
//! stepped through one action at a time, from the position the search
//! started from, and played out at random to its end.
//!
//! An action is what a random playout chooses among: one legal step (of
//! figures alike on a place, one for all; a target several rules allow,
//! once for each), End move or a pass, or what the settings say when the
//! player on move cannot move. A whole move of several steps is several
//! actions of one player, so the tree shares what moves begun alike have
//! in common, and the playouts and the tree choose among the same things.
//!
//! Two simulators play the same game: [`MachineSim`] on the game's bit
//! machine ([`crate::machine`]) where it has one, [`GeneralSim`] on the
//! general engine ([`Position`]) everywhere. Where the machine gives up
//! (an error the general engine would report, a figure piled on a
//! square), the search starts again on the general engine.

mod general;
mod machine;

pub use general::{Act, GeneralSim};
pub use machine::MachineSim;

use super::clock::Budget;
use super::mast::Mast;
use super::rng::Rng;
use crate::position::Position;

/// The simulator does not answer here: the search must go on elsewhere.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GiveUp;

/// A game played one action at a time from a fixed position, its root.
pub trait Simulator {
    /// One action; small, copied freely, told apart by hash as well.
    type Action: Copy + Eq + std::hash::Hash + std::fmt::Debug;

    /// Back to the root.
    fn reset(&mut self);

    /// The player on move.
    fn to_move(&self) -> u8;

    /// The winner once the game is over (0 for a draw).
    fn winner(&self) -> Option<u8>;

    /// Whether no step of a move has been made yet: a whole move ends
    /// where the next one starts.
    fn at_move_start(&self) -> bool;

    /// Every distinct action now into `out` (cleared first); none once the
    /// game is over.
    ///
    /// # Errors
    /// [`GiveUp`] where this simulator does not answer.
    fn actions(&mut self, out: &mut Vec<Self::Action>, budget: &mut Budget) -> Result<(), GiveUp>;

    /// Makes `action`, one of [`actions`](Self::actions) listed here.
    /// False when nothing could be done: a step after which the move
    /// cannot be finished, which a random playout counts as a draw.
    ///
    /// # Errors
    /// [`GiveUp`] where this simulator does not answer.
    fn act(&mut self, action: Self::Action) -> Result<bool, GiveUp>;

    /// A random game from here to its end, each action as likely as the
    /// others, or led by `policy` where given ([`Mast::choose`]): the
    /// winner (0 for a draw or a game too long), or `None` when the budget
    /// ran out. Where it ends is not kept: call [`reset`](Self::reset)
    /// next.
    fn playout(&mut self, rng: &mut Rng, budget: &mut Budget, policy: Option<&Mast>) -> Option<u8>;

    /// Whether it keeps the actions of its playouts ([`played`](Self::played)).
    const KEEPS_PLAYED: bool = false;

    /// The actions of the last [`playout`](Self::playout), each with the
    /// player who made it, in order; none where this simulator does not
    /// keep them.
    fn played(&self) -> impl Iterator<Item = (u8, Self::Action)> + '_ {
        std::iter::empty()
    }

    /// A number standing for where the game is now: the same wherever it
    /// is the same (for finding a position in a tree kept from before).
    fn fingerprint(&self) -> u64;

    /// This simulator's action for `act` of the general engine at `pos`,
    /// the position this simulator is at now.
    fn action_of(&self, pos: &Position, act: Act) -> Self::Action;
}

#[cfg(test)]
mod tests;
